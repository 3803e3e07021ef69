"""Card filters are expressions: phrases joined by "and" (or side by side), "or", "not" / "without", brackets.

"not" binds first, then "and", then "or"; brackets group (docs/card-language.md,
"Filters"). Each test writes a filter as a fan would and checks what it
parses to, what it counts in a finished grid, how it reads in English, and
that the formatter writes it back; the properties draw random filters from
the model's union and check that the formatter's text parses to a filter that
means the same (the judge on random tables), and that no two filters that
mean different things read the same in English.
"""

from __future__ import annotations

import random

import naive_language as judge
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from language_random import Case, Where, draw
from test_rules_fan_language import card, plain, score

import castle_combo as cc
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m
from castle_combo.language.model import Comparison, Deck, Part, Shield
from castle_combo.language.model.counts import card_phrase

FAITH, MILITARY = m.HasShield((Shield.FAITH,)), m.HasShield((Shield.MILITARY,))
LOCK, PURSE = m.HasPart(Part.LOCK), m.HasPart(Part.PURSE)


def filter_of(text: str) -> m.CardFilter | None:
    """The filter of the cards counted by ``score 1 per <text>``."""
    (parsed,) = parse_text(f'card "Fan" {{ deck castle cost 3 shields faith purse 3 score 1 per {text} }}')
    rule = parsed.scoring[0]
    assert isinstance(rule, m.ScorePer) and isinstance(rule.per.count, m.Cards)
    return rule.per.count.on


def round_trip(text: str) -> str:
    """The scoring rule ``score 1 per <text>`` formatted back, and checked to parse to the same card."""
    (parsed,) = parse_text(f'card "Fan" {{ deck castle cost 3 shields faith purse 3 score 1 per {text} }}')
    formatted = format_card(parsed)
    assert parse_text(formatted) == (parsed,)
    return formatted.splitlines()[2].strip().removeprefix("score 1 per ")


# ----------------------------------------------------------------- what each phrase parses to

@pytest.mark.parametrize(("text", "meant"), [
    ("card with a faith shield and with a military shield", m.all_of((FAITH, MILITARY))),
    ("card with a faith shield and a military shield", m.all_of((FAITH, MILITARY))),
    ("card with a faith shield with a military shield", m.all_of((FAITH, MILITARY))),
    ("card with a lock or a purse", m.any_of((LOCK, PURSE))),
    ("card with a lock or with a purse", m.any_of((LOCK, PURSE))),
    ("card costing 2 or less or costing 5 or more",
     m.any_of((m.CostIs(Comparison.LE, 2), m.CostIs(Comparison.GE, 5)))),
    ("card without a faith shield or a military shield", m.Excluding(m.any_of((FAITH, MILITARY)))),
    ("card without a faith shield or with a military shield", m.any_of((m.Excluding(FAITH), MILITARY))),
    ("card not holding gold", m.Excluding(m.HoldsGold())),
    ("card without gold", m.Excluding(m.HoldsGold())),
    ("purse card without gold", m.all_of((PURSE, m.Excluding(m.HoldsGold())))),
    ("card sharing a cost with this card", m.Shares(m.Trait.COST)),
    ("card without a castle banner", m.Excluding(m.DeckIs(Deck.CASTLE))),
    ("card with more than 1 shield", m.ShieldCountIs(Comparison.GT, 1)),
    ("card costing at most as much as this card", m.CostVsThis(Comparison.LE)),
    ("card that is face down or holding gold", m.any_of((m.FaceDown(), m.HoldsGold()))),
])
def test_each_phrase_and_combination_parses_to_its_filter(text: str, meant: m.CardFilter) -> None:
    assert filter_of(text) == meant


@pytest.mark.parametrize(("text", "meant"), [
    # "not" binds first, then "and", then "or"
    ("card with a lock or with a purse and with a faith shield", m.any_of((LOCK, m.all_of((PURSE, FAITH))))),
    ("card with a lock and with a purse or with a faith shield", m.any_of((m.all_of((LOCK, PURSE)), FAITH))),
    ("card not with a lock and with a purse", m.all_of((m.Excluding(LOCK), PURSE))),
    ("card not holding gold or with a lock", m.any_of((m.Excluding(m.HoldsGold()), LOCK))),
    # brackets group
    ("card (with a lock or with a purse) and with a faith shield", m.all_of((m.any_of((LOCK, PURSE)), FAITH))),
    ("card not (with a lock and with a purse)", m.Excluding(m.all_of((LOCK, PURSE)))),
    ("card not (with a lock or (with a purse and holding gold))",
     m.Excluding(m.any_of((LOCK, m.all_of((PURSE, m.HoldsGold())))))),
    # phrases one after another are an "and"
    ("card costing 2 with a lock holding gold", m.all_of((m.CostIs(Comparison.EQ, 2), LOCK, m.HoldsGold()))),
])
def test_not_binds_first_then_and_then_or_and_brackets_group(text: str, meant: m.CardFilter) -> None:
    assert filter_of(text) == meant


def test_a_place_is_a_phrase_inside_brackets() -> None:
    assert filter_of("card (adjacent to this card or with a purse)") == m.any_of(
        (m.Near(m.Relation.ADJACENT), PURSE))
    corner = m.InRegion(m.Region(m.NAMED_REGIONS["a corner"], "a corner"))
    assert filter_of("card (in a corner or not in the top row)") == m.any_of(
        (corner, m.Excluding(m.InRegion(m.Region(m.NAMED_REGIONS["top row"], "top row")))))


def test_kinds_of_card_joined_whole_are_the_same_or() -> None:
    assert filter_of("(lock card or purse card)") == filter_of("card with a lock or a purse")
    assert filter_of("(card or purse card)") is None  # every card


@pytest.mark.parametrize("text", [
    "score 2 if a card with a lock and no purse card",
    "score 2 if at least 1 card costing 2 or less and at least 3 keys",
    "score 2 if no card with a lock or at least 1 purse card",
])
def test_and_and_or_after_a_filter_still_join_conditions(text: str) -> None:
    (parsed,) = parse_text(f'card "Fan" {{ deck castle cost 3 shields faith {text} }}')
    rule = parsed.scoring[0]
    assert isinstance(rule, m.ScoreIf) and isinstance(rule.condition, (m.And, m.Or))


def test_a_filter_combination_works_in_a_condition_an_effect_and_a_quantifier() -> None:
    (parsed,) = parse_text('''card "Fan" { deck castle cost 3 shields faith purse 3
        when bought:
            put 1 gold on each purse card with a faith shield or costing 2
            take 1 gold per card with a lock or a purse from each opponent with a card without gold
            turn every face-down card (adjacent to this card or diagonal to this card) face up
        score 2 if at least 2 cards costing 2 or less or costing 5 or more in row
        score 1 per row with at least 2 cards with a faith shield or with a military shield }''')
    assert parse_text(format_card(parsed)) == (parsed,)
    assert [e.describe() for e in parsed.ability] == [
        "Put 1 gold from the supply on each of your purse cards with a faith shield or with printed cost 2 (never "
        "past its capacity).",
        "Take 1 gold per lock card or purse card in your tableau from each opponent whose tableau has at least 1 "
        "card not holding gold (never more than they have).",
        "Turn every face-down card of yours orthogonally next to this card or diagonally next to this card face "
        "up.",
    ]


# ----------------------------------------------------------------- what each counts

def test_a_card_with_two_shields_joined_by_and_needs_both() -> None:
    scored = card("score 1 per card with a faith shield and with a military shield", shields="faith")
    both = card("", name="Both", shields="faith military")
    assert score(scored, plain("Fan", "Both", "Soldier"), both, card("", name="Soldier", shields="military")) == 1


def test_a_card_with_a_lock_or_a_purse_counts_each_card_once() -> None:
    scored = card("score 1 per card with a lock or a purse", facts="purse 2")  # the fan card has a purse
    both = card("when unlocked: gain 1 key", name="Both", facts="purse 2 lock")
    locked = card("when unlocked: gain 1 key", name="Locked", facts="lock")
    assert score(scored, plain("Fan", "Both", "Locked"), both, locked) == 3


def test_costing_two_or_less_or_five_or_more() -> None:
    scored = card("score 1 per card costing 2 or less or costing 5 or more", cost=5)
    middle = card("", name="Middle", cost=3)
    assert score(scored, plain("Fan", "Middle"), middle) == 8  # the fan card and 7 fillers (cost 0), not Middle


def test_without_a_faith_shield_or_a_military_shield_is_neither() -> None:
    scored = card("score 1 per card without a faith shield or a military shield", shields="peasantry")
    soldier = card("", name="Soldier", shields="military")
    assert score(scored, plain("Fan", "Soldier", "Nun"), soldier, card("", name="Nun")) == 7  # Fan, 6 fillers


def test_a_card_without_gold_and_a_purse_card_not_holding_gold() -> None:
    full = card("", name="Full", facts="purse 3")
    empty = card("", name="Empty", facts="purse 3")
    grid = plain("Fan", "Full", "Empty")
    gold = {"Full": 2}
    assert score(card("score 1 per card without gold"), grid, full, empty, purse_gold=gold) == 8
    assert score(card("score 1 per purse card not holding gold"), grid, full, empty, purse_gold=gold) == 1


def test_sharing_a_cost_with_this_card() -> None:
    scored = card("score 1 per card sharing a cost with this card other than this card", cost=2)
    assert score(scored, plain("Fan", "Twin", "Dear"), card("", name="Twin", cost=2),
                 card("", name="Dear", cost=3)) == 1


# ----------------------------------------------------------------- English and the formatter

@pytest.mark.parametrize(("text", "canonical", "english"), [
    ("card with a faith shield and with a military shield", "card with a faith shield with a military shield",
     "card with a faith shield and with a military shield"),
    ("card costing 2 or less or costing 5 or more", "card costing 5 or more or costing 2 or less",
     "card with printed cost 5 or more or with printed cost 2 or less"),
    ("card (with a lock or with a purse) and with a faith shield",
     "card with a faith shield and (with a lock or with a purse)",
     "card with a faith shield and (with a lock or with a purse)"),
    ("card with a lock or (with a purse and with a faith shield)",
     "(lock card or purse card with a faith shield)", "lock card or (purse card with a faith shield)"),
    ("card without a faith shield or a military shield", "card without a faith shield or a military shield",
     "card without a faith shield or a military shield"),
    ("card not (with a lock and holding gold)", "card not (with a lock and holding gold)",
     "card not (with a lock and holding gold)"),
])
def test_combinations_read_with_their_grouping_and_format_back(text: str, canonical: str, english: str) -> None:
    assert round_trip(text) == canonical
    assert card_phrase(filter_of(text)) == english


def test_the_docs_precedence_reads_differently_in_english_for_each_grouping() -> None:
    one = card_phrase(filter_of("card with a lock or with a purse and with a faith shield"))
    other = card_phrase(filter_of("card (with a lock or with a purse) and with a faith shield"))
    assert one != other


def counted(f: m.CardFilter) -> m.Card:
    """A card scoring 1 per card passing ``f``."""
    return m.Card("Fan", Deck.CASTLE, 3, (Shield.FAITH,), purse=3, scoring=(m.ScorePer(1, m.Per(m.Cards(f))),))


def valid_filter(seed: int) -> tuple[m.CardFilter, Case]:
    """A random filter (from the model's union) that a scoring rule may count, and a random table."""
    rng = random.Random(seed)
    while True:
        f = draw(rng, m.CardFilter, Where(scoring=True))
        if not counted(f).problems():
            return f, Case(rng)


def same_meaning(a: m.CardFilter | None, b: m.CardFilter | None, cases: list[Case]) -> bool:
    """Whether ``a`` and ``b`` pass the same cards of every seat of ``cases`` (the judge's reading)."""
    for case in cases:
        for owner, seat in enumerate(case.world.seats):
            for me in seat.cells:
                ctx = judge.Context(case.world, owner, me)
                if any(judge.passes(a, c, ctx) != judge.passes(b, c, ctx) for c in seat.cells):
                    return False
    return True


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_any_filter_formats_to_text_that_parses_to_a_filter_meaning_the_same(seed: int) -> None:
    f, case = valid_filter(seed)
    scored = counted(f)
    (parsed,) = parse_text(format_card(scored))
    assert format_card(parse_text(format_card(parsed))[0]) == format_card(parsed)  # the canonical form is stable
    rule = parsed.scoring[0]
    assert isinstance(rule, m.ScorePer)
    again = rule.per.count.on if isinstance(rule.per.count, m.Cards) and rule.per.scope is m.Scope.TABLEAU else None
    if again is None and rule.per.scope is not m.Scope.TABLEAU:  # a place next to this card was kept as the scope
        again = m.all_of((getattr(rule.per.count, "on", None), m.Near(m.counts.POSITION_SCOPES[rule.per.scope])))
    assert same_meaning(f, again, [case]), (f, format_card(scored))


def test_no_two_filters_that_mean_different_things_read_the_same_in_english() -> None:
    cases = [Case(random.Random(seed)) for seed in range(6)]
    said: dict[str, m.CardFilter] = {}
    for seed in range(400):
        f, _ = valid_filter(seed)
        english = card_phrase(f, 2)
        if english in said:
            assert same_meaning(said[english], f, cases), (english, said[english], f)
        said.setdefault(english, f)
    assert len(said) > 100


# ----------------------------------------------------------------- refused, with the reason

@pytest.mark.parametrize(("body", "message"), [
    ("score 1 per card adjacent to this card diagonal to this card",
     "these places contradict each other, so no card is ever in all of them"),
    ("score 1 per corner card on an edge", "these places contradict each other"),
    ("score 1 per card in row not in row", "these places contradict each other"),
    ("when bought: turn every face-down card adjacent to this card diagonal to this card face up",
     "these places contradict each other"),
    ("when bought: you may pay 1 gold per faith shield to gain 1 key", "a cost is a fixed amount of gold or keys"),
])
def test_a_combination_that_means_nothing_says_why(body: str, message: str) -> None:
    with pytest.raises(cc.CardValidationError, match=message):
        parse_text(f'card "Fan" {{ deck castle cost 3 shields faith {body} }}')


def test_places_that_agree_are_accepted() -> None:
    for body in ("score 1 per card in row in column", "score 1 per card around this card not adjacent to this card",
                 "score 1 per corner card in top row"):
        parse_text(f'card "Fan" {{ deck castle cost 3 shields faith {body} }}')


def test_the_top_row_is_written_with_or_without_the() -> None:
    assert filter_of("card in the top row") == filter_of("card in top row")
    (a,) = parse_text('card "A" { deck castle cost 3 shields faith score 2 if placed in the top row }')
    (b,) = parse_text('card "A" { deck castle cost 3 shields faith score 2 if placed in top row }')
    assert a == b


def test_a_card_with_a_wild_shield() -> None:
    """The example of a new filter on the design page: grammar, model, engine, judge, one file each."""
    scored = card("score 2 per card with a wild shield or a purse")
    joker = card("", name="Joker", shields="wild")
    purse = card("", name="Bag", facts="purse 2")
    assert score(scored, plain("Fan", "Joker", "Bag"), joker, purse) == 2 * 2
    assert round_trip("card with a wild shield or a purse") == "(purse card or card with a wild shield)"


def test_a_count_of_wild_shields() -> None:
    """The example of a new count on the design page: grammar, model, engine, judge, one file each."""
    scored = card("score 3 per wild shield on castle cards", shields="wild")
    joker = card("", name="Joker", deck="castle", shields="wild")
    assert score(scored, plain("Fan", "Joker"), joker) == 3  # the fan card is a village card
    (parsed,) = parse_text('card "A" { deck castle cost 1 shields faith score 2 if a wild shield in row }')
    assert parsed.scoring[0].describe() == "Score 2 if this card's row has at least 1 wild shield."
