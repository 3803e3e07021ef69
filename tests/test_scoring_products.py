"""A product of two counts in a scoring rule (a fan construct): "score 1 per faith card per castle card".

Ruling: the points are N for each thing of the first count, for each of the second (N times both counts, each
once per its every-N, rounded down); then the bounds (`at least`, `up to`) and a condition apply to the product,
as to any "score N per ..." rule.
"""

from __future__ import annotations

import random

import naive_language as judge
import pytest
from engine_kit import C, V, card, ruleset
from hypothesis import given, settings
from hypothesis import strategies as st
from language_random import Case, random_per
from test_language_judge import contexts

import castle_combo as cc
from castle_combo.engine.counting import compile_scoring
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m


def _rule(text: str) -> m.ScorePer:
    (parsed,) = parse_text(f'card "Prior" {{ deck castle cost 3 shields faith {text} }}')
    assert parse_text(format_card(parsed)) == (parsed,)
    (rule,) = parsed.scoring
    assert isinstance(rule, m.ScorePer)
    return rule


@pytest.mark.parametrize(("text", "written", "english"), [
    ("score 1 per faith card per castle card up to 20",
     "score 1 per card with a faith shield per castle banner up to 20",
     "Score 1 per card with a faith shield in your tableau, for each castle banner in your tableau, up to 20 points."),
    ("score 2 per faith card per 2 castle cards", "score 2 per card with a faith shield per 2 castle banners",
     "Score 2 per card with a faith shield in your tableau, for every 2 castle banners in your tableau."),
    ("score 1 per 2 faith shields per village banner in row at least 1 up to 9 if no military card",
     "score 1 per 2 faith shields per village banner in row at least 1 up to 9 if no card with a military shield",
     "Score 1 per 2 faith shields in your tableau, for each village banner in this card's row, at least 1 point, "
     "up to 9 points, if your tableau has no card with a military shield."),
])
def test_a_product_of_counts_reads_writes_and_says_the_same_thing(text: str, written: str, english: str) -> None:
    rule = _rule(text)
    assert rule.times is not None
    assert rule.ccl() == written
    assert rule.describe() == english


def test_a_second_count_that_makes_no_sense_in_scoring_is_refused() -> None:
    with pytest.raises(cc.CardValidationError):
        _rule("score 1 per faith card per faith shield in their tableau")


def _scored(text: str) -> int:
    """The Prior's points at the top left: 3 faith cards (Prior, Nun, Monk) and 6 castle cards (Prior included)."""
    (prior,) = parse_text(f'card "Prior" {{ deck castle cost 3 shields faith {text} }}')
    faith = [card("Nun", C, shields=(m.Shield.FAITH,)), card("Monk", V, shields=(m.Shield.FAITH,))]
    rows = [["Prior", "Nun", "Monk"], ["c0", "c1", "c2"], ["c3", "v0", "v1"]]
    return cc.score_tableau(rows, rules=ruleset(prior, *faith)).cards[0][0]


@pytest.mark.parametrize(("text", "points"), [
    ("score 1 per faith card per castle card", 3 * 6),
    ("score 1 per faith card per castle card up to 10", 10),
    ("score 2 per faith card per 4 castle cards", 2 * 3 * 1),
    ("score 1 per faith card per village card", 3 * 3),
    ("score 1 per faith card per military card at least 7", 7),
    ("score 1 per faith card per castle card if no military card", 18),
    ("score 1 per faith card per castle card if a military card", 0),
])
def test_the_product_scores_the_two_counts_multiplied_then_bounded(text: str, points: int) -> None:
    assert _scored(text) == points


def agree_on_product(seed: int) -> None:
    rng = random.Random(seed)
    case = Case(rng)
    _, _, ctx = contexts(case, rng)
    rule = m.ScorePer(rng.choice([-2, 1, 3]), random_per(rng), up_to=rng.choice([None, 20]),
                      at_least=rng.choice([None, -2, 1]), times=random_per(rng))
    score = compile_scoring([rule], case.facts)
    assert score is not None
    assert score(case.table, case.owner, case.index, ctx.origin) == judge.score(rule, ctx), (seed, rule)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32))
def test_every_product_of_two_counts_scores_what_the_judge_says(seed: int) -> None:
    agree_on_product(seed)
