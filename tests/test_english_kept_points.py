"""The English of a card whose only points are kept on it: it does not score nothing."""

from __future__ import annotations

import pytest

from castle_combo.cli.tui import card_play_text
from castle_combo.language import model as m
from castle_combo.language import parse_text


def _card(body: str) -> m.Card:
    (card,) = parse_text(f'card "Hoarder" {{ deck village cost 2 shields faith {body} }}')
    return card


@pytest.mark.parametrize("body", [
    "when bought: gain 3 points",
    "at the end of your turn: gain 1 point",
    "at the start of your turn: lose 1 point",
    "at the end of the game: gain 2 points per faith shield",
    "whenever you take a castle card: gain 1 point",
    "when bought: choose one: { gain 2 gold } or { gain 2 points }",
])
def test_a_card_whose_only_points_are_kept_on_it_says_it_scores_them(body: str) -> None:
    english = _card(body).describe().splitlines()
    assert english[-1] == "Scores only the points kept on it."
    assert "Scores nothing." not in english


def test_a_card_with_no_scoring_and_no_points_still_scores_nothing() -> None:
    assert _card("when bought: gain 3 gold").describe().splitlines()[-1] == "Scores nothing."


def test_a_card_with_a_scoring_rule_says_only_its_rule() -> None:
    english = _card("when bought: gain 3 points score 2 per faith shield").describe()
    assert "Scores only" not in english and "Scores nothing" not in english


def test_the_terminal_says_the_same() -> None:
    assert card_play_text(_card("when bought: gain 3 points")).endswith("Scores only the points kept on it.")
