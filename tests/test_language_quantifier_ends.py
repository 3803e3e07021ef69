"""Where the condition of a quantifier over players ends (a defect fixed): "no opponent with A and no opponent with B".

Ruling: inside "with ...", an "and" or an "or" followed by a new quantifier over players ("no opponent",
"at least 2 neighbours", "a player", "3 opponents", ...) ends the "with" condition: the two quantifiers stand
side by side, as the English reads. Any other "and" stays inside ("no opponent with more gold than you and a
faith card" asks both of each opponent). Brackets put a quantifier inside a "with": "no opponent with (A and
no opponent with B)"; the formatter writes those brackets, so both readings round-trip.
"""

from __future__ import annotations

import random

import attrs
import pytest
from language_random import random_condition

import castle_combo as cc
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m

FD = "face-down"
TOP = "score 9 if no opponent with more peasantry shields than you and no opponent with as many peasantry shields as you"
INSIDE = ("score 9 if no opponent with (more peasantry shields than you and no opponent with as many peasantry "
          "shields as you)")


def _rule(text: str) -> m.ScoreIf:
    (parsed,) = parse_text(f'card "Reeve" {{ deck village cost 2 shields peasantry {text} }}')
    assert parse_text(format_card(parsed)) == (parsed,)
    (rule,) = parsed.scoring
    assert isinstance(rule, m.ScoreIf)
    return rule


def _quantified(condition: m.Condition) -> m.Players:
    assert isinstance(condition, m.CountIs) and isinstance(condition.per.count, m.Players)
    return condition.per.count


def test_an_and_before_a_new_quantifier_over_players_ends_the_with_condition() -> None:
    rule = _rule(TOP)
    assert isinstance(rule.condition, m.And) and len(rule.condition.conditions) == 2
    first, second = (_quantified(c) for c in rule.condition.conditions)
    assert not isinstance(first.condition, (m.And, m.Or)) and not isinstance(second.condition, (m.And, m.Or))
    assert rule.describe() == ("Score 9 if you have no opponent who has more peasantry shields than you do and you "
                               "have no opponent who has as many peasantry shields as you do.")


@pytest.mark.parametrize("second", ["at least 2 neighbours with more gold than you", "a player with no faith card",
                                    "3 opponents with more keys than you", "exactly 1 neighbour with a purse card"])
def test_an_or_or_an_and_before_any_quantifier_over_players_ends_it(second: str) -> None:
    for word, joined in (("and", m.And), ("or", m.Or)):
        rule = _rule(f"score 2 if no opponent with more gold than you {word} {second}")
        assert isinstance(rule.condition, joined), (word, second)
        _quantified(rule.condition.conditions[0])


def test_brackets_put_the_second_quantifier_inside_and_the_formatter_writes_them() -> None:
    rule = _rule(INSIDE)
    players = _quantified(rule.condition)
    assert isinstance(players.condition, m.And)
    assert f"    {INSIDE}\n" in format_card(parse_text(f'card "R" {{ deck village cost 2 shields peasantry {INSIDE} }}')[0])
    assert "who has more peasantry shields than you do and who has no opponent" in rule.describe()


def test_brackets_around_each_quantifier_read_as_side_by_side() -> None:
    assert _rule("score 9 if (no opponent with more peasantry shields than you) and (no opponent with as many "
                 "peasantry shields as you)") == _rule(TOP)


def test_any_other_and_stays_inside_the_with_condition() -> None:
    rule = _rule("score 2 if no opponent with more gold than you and a faith card")
    assert isinstance(_quantified(rule.condition).condition, m.And)


def _score(text: str) -> int:
    (reeve,) = parse_text(f'card "Reeve" {{ deck village cost 2 shields military {text} }}')
    rules = cc.Ruleset.from_cards([*cc.Ruleset.standard().cards, reeve], check=False)
    mine = [["Reeve", "Baker", "Farmer"], [FD] * 3, [FD] * 3]               # 3 peasantry shields
    poorer = [["Beggar", FD, FD], [FD] * 3, [FD] * 3]                       # 1
    as_many = [["Woodcutter", "Traveler", "Monk"], [FD] * 3, [FD] * 3]      # 3
    return cc.score_tableau(mine, rules=rules, opponents=[poorer, as_many]).cards[0][0]


def test_the_two_readings_score_as_their_english_says() -> None:
    # Side by side: an opponent has as many peasantry shields, so no 9.
    assert _score(TOP) == 0
    # Inside: no opponent has more peasantry shields (whatever follows the "and"), so 9.
    assert _score(INSIDE) == 9


@pytest.mark.parametrize("seed", range(300))
def test_quantifiers_nested_or_side_by_side_round_trip_through_the_formatter(seed: int) -> None:
    rng = random.Random(seed)
    inner = random_condition(rng, them=True, scoring=True)
    if isinstance(inner, (m.And, m.Or)):  # ("A and B" joined with C reads as one "and" of three: not this test's)
        inner = inner.conditions[0]
    quantifier = m.CountIs(m.Per(m.Players(m.PlayerGroup.OPPONENTS, inner), m.Scope.TABLEAU), m.Comparison.EQ, 0)
    other = m.CountIs(m.Per(m.Players(rng.choice(list(m.PlayerGroup)[:3]), random_condition(rng, them=True)),
                            m.Scope.TABLEAU), rng.choice([m.Comparison.GE, m.Comparison.EQ]), rng.randint(0, 2))
    for alone in (quantifier, other):  # (the parts must each be writable alone; the joining is what is tested)
        card = m.Card("Reeve", m.Deck.VILLAGE, 2, (m.Shield.PEASANTRY,), scoring=(m.ScoreIf(3, alone),))
        try:
            if card.problems() or parse_text(format_card(card)) != (card,):
                return
        except cc.CastleComboError:
            return
    join = rng.choice([m.And, m.Or])
    # Inside an opponent's condition a quantifier counts with that condition's own scope (theirs), as written.
    theirs = attrs.evolve(other, per=attrs.evolve(other.per, scope=m.Scope.THEIRS))
    nested = m.CountIs(m.Per(m.Players(m.PlayerGroup.OPPONENTS, join((inner, theirs))), m.Scope.TABLEAU),
                       m.Comparison.EQ, 0)
    for condition in (join((quantifier, other)), nested):
        card = m.Card("Reeve", m.Deck.VILLAGE, 2, (m.Shield.PEASANTRY,), scoring=(m.ScoreIf(3, condition),))
        if card.problems():
            continue
        assert parse_text(format_card(card)) == (card,), format_card(card)


@pytest.mark.parametrize(("text", "english"), [
    ("score 1 per opponent with more gold on purses than you",
     "Score 1 per opponent who has more gold stored on their purse cards than you do."),
    ("when bought: gain 1 gold if at least 1 neighbour with at least 1 gold on purses",
     "Gain 1 gold if you have at least 1 neighbour who has at least 1 gold stored on their purse cards."),
])
def test_the_stored_gold_of_the_player_a_quantifier_is_about_reads_as_theirs(text: str, english: str) -> None:
    (card,) = parse_text(f'card "P" {{ deck village cost 2 shields military {text} }}')
    assert english in card.describe()
