"""A scoring rule for the shield type of the owner's choice (a fan construct).

``for the shield type of your choice: score 1 per card with that shield``. Ruling: a choice made at the end of the
game is always the one that scores its owner most, so the rule scores the most of what it scores with each of the
six shield types as "that shield" (a wild shield counts as the type its owner named for it, as everywhere). The
rule must say "that shield"; "that shield" anywhere else is refused, and an ability cannot make the choice.
"""

from __future__ import annotations

import random

import naive_language as judge
import pytest
from engine_kit import C, card, ruleset
from hypothesis import given, settings
from hypothesis import strategies as st
from language_random import Case, random_scoring
from test_language_judge import contexts

import castle_combo as cc
from castle_combo.engine.counting import compile_scoring
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m

CHOICE = "for the shield type of your choice:"


def _rule(text: str) -> m.ScoreForChosenShield:
    (parsed,) = parse_text(f'card "Herald" {{ deck castle cost 3 shields nobility {text} }}')
    assert parse_text(format_card(parsed)) == (parsed,)
    (rule,) = parsed.scoring
    assert isinstance(rule, m.ScoreForChosenShield)
    return rule


@pytest.mark.parametrize(("text", "english"), [
    (f"{CHOICE} score 1 per card with that shield",
     "For the shield type of your choice (the best for you): score 1 per card with a shield of that type in your "
     "tableau."),
    (f"{CHOICE} score 2 per card in the largest group of connected cards with that shield",
     "For the shield type of your choice (the best for you): score 2 per card in the largest group of connected "
     "cards with a shield of that type in your tableau."),
    (f"{CHOICE} score 5 if at least 3 cards with that shield in row",
     "For the shield type of your choice (the best for you): score 5 if this card's row has at least 3 cards with "
     "a shield of that type."),
])
def test_the_rule_reads_writes_and_says_the_same_thing(text: str, english: str) -> None:
    rule = _rule(text)
    assert rule.ccl() == text
    assert rule.describe() == english


def test_each_type_is_put_in_the_place_of_that_shield() -> None:
    rule = _rule(f"{CHOICE} score 1 per castle card with that shield")
    assert rule.for_shield(m.Shield.FAITH) == _plain("score 1 per castle card with a faith shield")


def _plain(text: str) -> m.Scoring:
    (parsed,) = parse_text(f'card "Herald" {{ deck castle cost 3 shields nobility {text} }}')
    return parsed.scoring[0]


@pytest.mark.parametrize(("text", "message"), [
    ("score 1 per card with that shield", "nothing here chooses one"),
    ("when bought: gain 1 gold per card with that shield", "nothing here chooses one"),
    (f"{CHOICE} score 1 per faith card", "the rule does not depend on the shield type chosen"),
])
def test_that_shield_needs_the_choice_and_the_choice_needs_that_shield(text: str, message: str) -> None:
    with pytest.raises(cc.CardValidationError, match=message):
        parse_text(f'card "Herald" {{ deck castle cost 3 shields nobility {text} }}')


def test_an_ability_cannot_make_the_choice_and_check_says_why() -> None:
    with pytest.raises(cc.CardSyntaxError, match="starts a scoring rule only"):
        parse_text(f'card "Herald" {{ deck castle cost 3 shields nobility when bought: {CHOICE} gain 1 gold }}')


def test_a_problem_of_every_type_is_reported_and_one_of_some_types_only_is_not() -> None:
    # With nobility as "that shield" the filter is contradictory; with the other five it is not: no problem.
    _rule(f"{CHOICE} score 1 per card with that shield without a nobility shield")
    with pytest.raises(cc.CardValidationError, match="outside the sensible ranges"):
        _rule(f"{CHOICE} score 200 per card with that shield")


def _scored(text: str, grid: list[list[str]]) -> int:
    (herald,) = parse_text(f'card "Herald" {{ deck castle cost 3 shields nobility {text} }}')
    cards = [card("Nun", C, shields=(m.Shield.FAITH,)), card("Monk", C, shields=(m.Shield.FAITH,)),
             card("Abbess", C, shields=(m.Shield.FAITH, m.Shield.FAITH)), card("Knight", C, shields=(m.Shield.MILITARY,))]
    return cc.score_tableau(grid, rules=ruleset(herald, *cards)).cards[0][0]


def test_the_rule_scores_the_best_type_for_its_owner() -> None:
    grid = [["Herald", "Nun", "Monk"], ["Abbess", "Knight", "c0"], ["c1", "c2", "c3"]]
    # Faith: Nun, Monk, Abbess (3 cards); peasantry: the six castle fillers (c0..c3 here, 4 cards): peasantry wins.
    assert _scored(f"{CHOICE} score 1 per card with that shield", grid) == 4
    # Castle cards with that shield in the Herald's row: faith (Nun, Monk) beats nobility (the Herald) and the rest.
    assert _scored(f"{CHOICE} score 3 per card with that shield in row", grid) == 6
    # A penalty is best with the type that has the fewest: scholarship (none).
    assert _scored(f"{CHOICE} score -2 per card with that shield", grid) == 0


def agree_on_chosen_shield(seed: int) -> None:
    rng = random.Random(seed)
    case = Case(rng)
    _, _, ctx = contexts(case, rng)
    rule = random_scoring(rng)
    while not isinstance(rule, m.ScoreForChosenShield):
        rule = random_scoring(rng)
    score = compile_scoring([rule], case.facts)
    assert score is not None
    assert score(case.table, case.owner, case.index, ctx.origin) == judge.score(rule, ctx), (seed, rule)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_every_rule_for_a_chosen_shield_type_scores_what_the_judge_says(seed: int) -> None:
    agree_on_chosen_shield(seed)
