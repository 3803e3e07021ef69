"""Options that mean the same thing are spelled the same way in every command."""

from __future__ import annotations

import pytest

from castle_combo.cli import build_parser

#: Every command that loads cards, with the other arguments it needs.
COMMANDS = {
    "cards": [], "check": ["my.ccl"], "score": ["tableau.json"], "replay": ["game.json"], "simulate": [], "play": [],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_that_loads_cards_takes_expansions_and_fan_cards(command: str) -> None:
    argv = [command, *COMMANDS[command], "--expansion", "out-of-the-oubliette", "--cards", "my_cards/",
            "--cards", "more.ccl"]
    args = build_parser().parse_args(argv)
    assert args.expansions == ["out-of-the-oubliette"] and args.cards == ["my_cards/", "more.ccl"]


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_the_fan_cards_option_keeps_its_older_spelling(command: str) -> None:
    """--extend PATH is --cards PATH in every command, check included."""
    args = build_parser().parse_args([command, *COMMANDS[command], "--extend", "my_cards/"])
    assert args.cards == ["my_cards/"]


def test_simulate_help_shows_a_plain_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["simulate", "--help"])
    out = capsys.readouterr().out
    assert "95%" in out and "95%%" not in out
