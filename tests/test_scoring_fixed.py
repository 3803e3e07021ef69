"""Fixed points: ``score 5`` alone (``score -8`` a penalty), through every layer of the card language."""

from __future__ import annotations

import pytest
from engine_kit import C
from test_scoring_rules import BLANKS, FD, grid, plain, points, ruleset, score

import castle_combo as cc
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m


def _card(rule: str, name: str = "Gem") -> m.Card:
    (card,) = parse_text(f'card "{name}" {{\n    deck castle   cost 1   shields faith\n    {rule}\n}}\n')
    return card


@pytest.mark.parametrize(("text", "points_", "english"), [
    ("score 5", 5, "Score 5 points."),
    ("score 1", 1, "Score 1 point."),
    ("score -8", -8, "Lose 8 points at the end of the game."),
])
def test_score_n_alone_is_fixed_points_said_as_on_a_printed_card(text: str, points_: int, english: str) -> None:
    card = _card(text)
    assert card.scoring == (m.ScoreFixed(points_),)
    assert card.describe().splitlines()[-1] == english
    assert format_card(card).splitlines()[2].strip() == text
    assert parse_text(format_card(card)) == (card,)


def test_fixed_points_score_the_same_in_any_place_of_the_grid() -> None:
    gem = plain("Gem", scoring=[m.ScoreFixed(5)])
    for at in (0, 4, 8):
        sheet = score(gem, at)
        assert points(sheet, at) == 5 and sheet.total == 5


def test_a_negative_fixed_score_is_a_penalty_on_the_score_sheet() -> None:
    loan = plain("Loan", scoring=[m.ScoreFixed(-8)])
    sheet = score(loan, 4, keys=3)
    assert points(sheet, 4) == -8 and sheet.total == 3 - 8


def test_a_face_down_card_with_fixed_points_scores_nothing() -> None:
    rules = ruleset(plain("Gem", scoring=[m.ScoreFixed(5)]), *BLANKS)
    sheet = cc.score_tableau(grid(FD, *[b.name for b in BLANKS[:8]]), rules=rules)
    assert sheet.total == 0


def test_fixed_points_add_to_the_other_rules_of_the_card() -> None:
    card = _card("score 2 per faith shield\n    score -3")
    assert card.scoring == (m.ScorePer(2, m.Per(m.ShieldsOf(m.Shield.FAITH))), m.ScoreFixed(-3))
    sheet = score(plain("Gem", m.Shield.FAITH, deck=C, scoring=list(card.scoring)), 0)
    assert points(sheet, 0) == 2 - 3


@pytest.mark.parametrize("text", ["score 0", "score 100", "score -100"])
def test_fixed_points_out_of_range_are_refused_with_the_range(text: str) -> None:
    from castle_combo.language import read_cards

    (message,) = read_cards(f'card "Gem" {{\n    deck castle   cost 1   shields faith\n    {text}\n}}\n', "m.ccl").messages
    assert "sensible ranges -99 to -1 and 1 to 99" in message
