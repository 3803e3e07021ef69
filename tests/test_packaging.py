"""What a package is judged by: its license, its changelog, a light plain install, and play without Textual."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo.cli import main
from castle_combo.cli.play import FULL_SCREEN_NEEDS, play
from castle_combo.errors import PlayError

ROOT = Path(__file__).resolve().parents[1]


def _pyproject() -> dict[str, object]:
    tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs tomllib (Python 3.11 or later)")
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]  # type: ignore[no-any-return]


def test_the_license_file_is_the_mit_license_the_package_declares() -> None:
    assert _pyproject()["license"] == "MIT"
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "Permission is hereby granted, free of charge" in text


def test_the_changelog_keeps_a_changelog_from_the_current_version() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "Keep a Changelog" in text
    sections = re.findall(r"^## \[([^\]]+)\]", text, flags=re.M)
    assert sections[0] == "Unreleased" and "0.1.0" in sections
    unreleased = text.split("## [Unreleased]")[1].split("\n## [")[0]
    assert cc.__version__ in unreleased
    kinds = set(re.findall(r"^### (\w+)", text, flags=re.M))
    assert kinds <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


def test_textual_comes_only_with_the_play_extra() -> None:
    project = _pyproject()
    assert not any(dep.startswith("textual") for dep in project["dependencies"])  # type: ignore[attr-defined]
    extras = project["optional-dependencies"]
    assert any(dep.startswith("textual") for dep in extras["play"])  # type: ignore[index]


def test_the_library_never_imports_textual() -> None:
    import subprocess

    probe = "import sys, castle_combo as cc; cc.new_game(players=2, seed=1); print('textual' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_the_full_screen_game_without_textual_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "textual", None)
    with pytest.raises(PlayError, match=re.escape("pip install 'castle-combo[play]'")):
        play(seed=1, plain=False)


class _Terminal(io.StringIO):
    """A keyboard that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_play_on_a_terminal_without_textual_plays_the_line_mode_and_says_why(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "textual", None)
    monkeypatch.setattr(sys, "stdin", _Terminal("quit\n"))
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["play", "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert FULL_SCREEN_NEEDS in err and "line mode" in err
    assert "You left the game." in out
