"""Options that mean the same thing are spelled the same way in every command."""

from __future__ import annotations

import pytest

from castle_combo.cli import build_parser


@pytest.mark.parametrize("command", ["score", "replay"])
@pytest.mark.parametrize("spelling", ["--cards", "--extend"])
def test_fan_cards_option_has_both_spellings_in_score_and_replay(command: str, spelling: str) -> None:
    args = build_parser().parse_args([command, "game.json", spelling, "my_cards/", spelling, "more.ccl"])
    assert args.cards == ["my_cards/", "more.ccl"]


@pytest.mark.parametrize("spelling", ["--cards", "--extend"])
def test_fan_cards_option_has_both_spellings_in_cards(spelling: str) -> None:
    args = build_parser().parse_args(["cards", spelling, "my_cards/"])
    assert args.extend == ["my_cards/"]


def test_simulate_help_shows_a_plain_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["simulate", "--help"])
    out = capsys.readouterr().out
    assert "95%" in out and "95%%" not in out
