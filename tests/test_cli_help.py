"""Every ``--help`` ends with two or three examples that really parse, and says what each output option writes."""

from __future__ import annotations

import contextlib
import io
import re
import shlex

import pytest

from castle_combo.cli import COMMANDS, build_parser, main


def help_of(command: str | None, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("COLUMNS", "80")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        main([command, "--help"] if command else ["--help"])
    return out.getvalue()


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_every_help_ends_with_two_or_three_examples_that_parse(command: str | None,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    text = help_of(command, monkeypatch)
    assert max(len(line) for line in text.splitlines()) <= 80
    block = text.rstrip("\n").split("\nexamples:\n")[-1].splitlines()
    commands = [line.strip() for line in block if line.startswith("  castle-combo ")]
    explained = [line for line in block if line.startswith("      ")]
    assert 2 <= len(commands) <= 3 and len(explained) == len(commands), text
    for example in commands:
        if "COMMAND" in example:
            continue
        words = shlex.split(example)[1:]
        assert words[0] == (command or words[0])
        build_parser().parse_args(words)  # exits (and fails the test) on an unknown option


@pytest.mark.parametrize("command, option, says", [
    ("play", "--save FILE", r"to the file FILE"),
    ("simulate", "--save DIR", r"in the folder DIR"),
    ("replay", "--html FILE", r"the file FILE"),
    ("render", "--out DIR", r"folder"),
])
def test_an_output_option_says_whether_it_writes_a_file_or_a_folder(command: str, option: str, says: str,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    options = " ".join(help_of(command, monkeypatch).split("\nexamples:\n")[0].split())
    explanation = options.rsplit(option, 1)[1][:200]  # the option's own line, after the usage line
    assert re.search(says, explanation), explanation
