"""Any card the model can hold, sensible or not, is judged without crashing.

Hypothesis builds cards with no regard for the rules: numbers out of range,
any scope on any count, empty sets, regions off the grid, odd names. For each,
``problems()`` must answer; a card without problems must survive the trip
through the formatter; and text formatted from any card must either parse or
raise a ``CastleComboError`` -- never anything else.
"""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from castle_combo.dsl import format_card, parse_text
from castle_combo.errors import CastleComboError
from castle_combo.model import (
    NAMED_REGIONS,
    Banners,
    BannerSets,
    Card,
    CardsByCost,
    CardsInTableau,
    CardsWithShieldCount,
    Choice,
    Comparison,
    CountIs,
    Deck,
    DiscardFromRow,
    Discount,
    DiscountCards,
    DistinctShieldTypes,
    EmptySpaces,
    FaceDownCards,
    FillPurses,
    Gain,
    GoldOnPurses,
    GoldOnThisCard,
    IdenticalShieldSets,
    KeysOwned,
    MissingShieldTypes,
    OpponentsGain,
    Per,
    PlacedIn,
    PurseCards,
    Region,
    Resource,
    Scope,
    ScoreIf,
    ScorePer,
    Shield,
    ShieldSets,
    ShieldsOf,
    StoreGold,
)

numbers = st.integers(-3, 130)
shields = st.sampled_from(Shield)
decks = st.sampled_from(Deck)
counts = st.one_of(
    st.builds(ShieldsOf, shields), st.just(DistinctShieldTypes()), st.just(MissingShieldTypes()),
    st.builds(Banners, decks), st.builds(CardsWithShieldCount, numbers),
    st.builds(CardsByCost, st.sampled_from(Comparison), numbers), st.just(DiscountCards()),
    st.just(PurseCards()), st.just(CardsInTableau()), st.just(FaceDownCards()), st.just(EmptySpaces()),
    st.just(KeysOwned()), st.just(GoldOnThisCard()), st.just(GoldOnPurses()),
    st.builds(ShieldSets, st.lists(shields, max_size=11).map(tuple)),
    st.builds(BannerSets, st.lists(decks, max_size=11).map(tuple)),
    st.builds(IdenticalShieldSets, numbers),
)
pers = st.builds(Per, counts, st.sampled_from(Scope))
simple_effects = st.one_of(
    st.builds(Gain, numbers, st.sampled_from(Resource), st.none() | pers),
    st.builds(OpponentsGain, numbers, st.sampled_from(Resource)),
    st.builds(Discount, numbers, st.lists(decks, max_size=3).map(tuple)),
    st.builds(DiscardFromRow, decks, st.sampled_from(Resource)),
    st.builds(StoreGold, numbers),
    st.builds(FillPurses, numbers),
)
effects = st.recursive(
    simple_effects,
    lambda inner: st.builds(Choice, st.lists(st.lists(inner, max_size=2).map(tuple), max_size=3).map(tuple)),
    max_leaves=6,
)
regions = st.builds(
    Region,
    st.frozensets(st.tuples(st.integers(-1, 3), st.integers(-1, 3)), max_size=5),
    st.none() | st.sampled_from(list(NAMED_REGIONS)),
)
conditions = st.builds(PlacedIn, regions) | st.builds(CountIs, pers, st.sampled_from(Comparison), numbers)
scoring = st.builds(ScorePer, numbers, pers) | st.builds(ScoreIf, numbers, conditions)
names = st.text(string.printable + "éß’", max_size=12)
cards = st.builds(
    Card,
    name=names,
    deck=decks,
    cost=numbers,
    shields=st.lists(shields, max_size=5).map(tuple),
    messenger=st.booleans(),
    purse=st.none() | numbers,
    ability=st.lists(effects, max_size=3).map(tuple),
    scoring=st.lists(scoring, max_size=3).map(tuple),
    names=st.lists(st.tuples(st.text(string.ascii_letters, max_size=3), names), max_size=2).map(tuple),
)


@settings(max_examples=200, deadline=None)
@given(cards)
def test_any_card_is_judged_and_a_card_without_problems_round_trips(card: Card) -> None:
    problems = card.problems()
    assert all(problem.message and problem.hint for problem in problems)
    try:
        parsed = parse_text(format_card(card))
    except CastleComboError:
        assert problems, "a valid card must format to text that parses"
        return
    if not problems:
        assert parsed == (card,)
