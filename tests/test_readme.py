"""The README's two commands are what a newcomer types, and CI must run the same test command."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.+?)\n```", text, flags=re.S)


def test_readme_opens_with_two_commands() -> None:
    commands = _readme_commands()
    assert len(commands) >= 2
    main_job, tests = commands[0], commands[1]
    assert "pip install ." in main_job and "castle-combo simulate" in main_job
    assert "pip install -e '.[test]'" in tests and tests.rstrip().endswith("pytest")


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    test_command = _readme_commands()[1].strip()
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert test_command in ci_lines


def test_ci_treats_no_tests_collected_as_failure() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert '"$rc" -eq 5' in ci
