"""A scoring rule per a count with a condition (a fan construct): "score 2 per faith card if you have at least 3 keys".

Ruling: the condition is judged on the final position like any scoring condition; when it holds the rule scores
as without it (its floor and cap too); when it does not, the rule scores 0, its floor included.
"""

from __future__ import annotations

import random

import naive_language as judge
import pytest
from engine_kit import C, card, ruleset
from hypothesis import given, settings
from hypothesis import strategies as st
from language_random import Case, random_condition, random_per
from test_language_judge import contexts

import castle_combo as cc
from castle_combo.engine.counting import compile_scoring
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m


def _rule(text: str) -> m.ScorePer:
    (parsed,) = parse_text(f'card "Abbot" {{ deck castle cost 3 shields faith {text} }}')
    assert parse_text(format_card(parsed)) == (parsed,)
    (rule,) = parsed.scoring
    assert isinstance(rule, m.ScorePer)
    return rule


@pytest.mark.parametrize(("text", "english"), [
    ("score 2 per faith card if you have at least 3 keys",
     "Score 2 per card with a faith shield in your tableau, if you have at least 3 keys."),
    ("score 1 per castle card in row up to 5 if no opponent with more gold than you",
     "Score 1 per castle banner in this card's row, up to 5 points, if you have no opponent who has more gold "
     "than you do."),
    ("score -1 per face-down card if placed in a corner",
     "Score -1 per face-down card in your tableau, if this card ends in a corner."),
])
def test_a_per_rule_with_a_condition_reads_writes_and_says_the_same_thing(text: str, english: str) -> None:
    rule = _rule(text)
    assert rule.condition is not None
    assert rule.describe() == english


def test_the_condition_comes_after_the_bounds() -> None:
    rule = _rule("score 2 per faith card at least 1 up to 8 if you have at least 3 keys")
    assert (rule.at_least, rule.up_to) == (1, 8)
    assert format_card(parse_text('card "A" { deck castle cost 3 shields faith score 2 per faith card at least 1 '
                                  'up to 8 if you have at least 3 keys }')[0]).count(
        "score 2 per card with a faith shield at least 1 up to 8 if at least 3 keys") == 1


def test_a_condition_that_means_nothing_in_scoring_is_refused_there_too() -> None:
    with pytest.raises(cc.CardValidationError):
        _rule("score 2 per faith card if they have at least 3 keys")


def _scored(text: str, keys: int) -> int:
    """The Abbot's points at the top left of a grid with two more faith cards (Nun, Monk) and castle fillers."""
    (abbot,) = parse_text(f'card "Abbot" {{ deck castle cost 3 shields faith {text} }}')
    faith = [card(name, C, shields=(m.Shield.FAITH,)) for name in ("Nun", "Monk")]
    rows = [["Abbot", "Nun", "Monk"], ["c0", "c1", "c2"], ["c3", "c4", "c5"]]
    return cc.score_tableau(rows, keys=keys, rules=ruleset(abbot, *faith)).cards[0][0]


@pytest.mark.parametrize(("keys", "points"), [(2, 0), (3, 6)])
def test_the_rule_scores_only_when_its_condition_holds_in_the_final_position(keys: int, points: int) -> None:
    assert _scored("score 2 per faith card if you have at least 3 keys", keys) == points


def test_when_the_condition_fails_the_floor_is_not_scored_either() -> None:
    assert _scored("score 1 per village card at least 5 if you have at least 3 keys", 0) == 0
    assert _scored("score 1 per village card at least 5 if you have at least 3 keys", 3) == 5


def agree_on_conditional_per(seed: int) -> None:
    rng = random.Random(seed)
    case = Case(rng)
    _, _, ctx = contexts(case, rng)
    rule = m.ScorePer(rng.choice([-2, 1, 3]), random_per(rng), up_to=rng.choice([None, 6]),
                      at_least=rng.choice([None, -2, 1]), condition=random_condition(rng, scoring=True))
    score = compile_scoring([rule], case.facts)
    assert score is not None
    assert score(case.table, case.owner, case.index, ctx.origin) == judge.score(rule, ctx), (seed, rule)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32))
def test_every_per_rule_with_a_condition_scores_what_the_judge_says(seed: int) -> None:
    agree_on_conditional_per(seed)
