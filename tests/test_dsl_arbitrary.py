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

from castle_combo.errors import CastleComboError
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m

numbers = st.integers(-3, 130)
shields = st.sampled_from(m.Shield)
decks = st.sampled_from(m.Deck)
counts = st.one_of(
    st.builds(m.ShieldsOf, shields), st.just(m.DistinctShieldTypes()), st.just(m.MissingShieldTypes()),
    st.builds(m.Banners, decks), st.builds(m.CardsWithShieldCount, numbers),
    st.builds(m.CardsByCost, st.sampled_from(m.Comparison), numbers), st.just(m.DiscountCards()),
    st.just(m.PurseCards()), st.just(m.CardsInTableau()), st.just(m.FaceDownCards()), st.just(m.EmptySpaces()),
    st.just(m.KeysOwned()), st.just(m.GoldOnThisCard()), st.just(m.GoldOnPurses()),
    st.builds(m.ShieldSets, st.lists(shields, max_size=11).map(tuple)),
    st.builds(m.BannerSets, st.lists(decks, max_size=11).map(tuple)),
    st.builds(m.IdenticalShieldSets, numbers),
    st.just(m.DistinctCosts()), st.just(m.CostSum()), st.just(m.LockCards()),
)
pers = st.builds(m.Per, counts, st.sampled_from(m.Scope))
simple_effects = st.one_of(
    st.builds(m.Gain, numbers, st.sampled_from(m.Resource), st.none() | pers),
    st.builds(m.OpponentsGain, numbers, st.sampled_from(m.Resource)),
    st.builds(m.Discount, numbers, st.lists(decks, max_size=3).map(tuple)),
    st.builds(m.DiscardFromRow, decks, st.sampled_from(m.Resource)),
    st.builds(m.StoreGold, numbers),
    st.builds(m.FillPurses, numbers),
    st.just(m.DiscardWholeRow()),
    st.just(m.UseAdjacentAbility()),
    st.just(m.UseNeighbourAbility()),
    st.builds(lambda cost, up_to: m.MayDo(cost, (m.Gain(1, m.Resource.GOLD),), repeat=True, up_to=up_to),
              st.lists(st.builds(m.Lose, numbers, st.sampled_from(m.Resource)), max_size=2).map(tuple),
              st.none() | numbers),
)
effects = st.recursive(
    simple_effects,
    lambda inner: st.builds(m.Choice, st.lists(st.lists(inner, max_size=2).map(tuple), max_size=3).map(tuple))
    | st.builds(lambda times, body, stop, until: m.Repeat(times, body, may_stop=stop, until=until),
                st.integers(1, 6), st.lists(inner, max_size=2).map(tuple), st.booleans(),
                st.none() | st.deferred(lambda: conditions)),
    max_leaves=6,
)
regions = st.builds(
    m.Region,
    st.frozensets(st.tuples(st.integers(-1, 3), st.integers(-1, 3)), max_size=5),
    st.none() | st.sampled_from(list(m.NAMED_REGIONS)),
)
conditions = st.builds(m.PlacedIn, regions) | st.builds(m.CountIs, pers, st.sampled_from(m.Comparison), numbers)
scoring = st.builds(m.ScorePer, numbers, pers) | st.builds(m.ScoreIf, numbers, conditions)
names = st.text(string.printable + "éß’", max_size=12)
cards = st.builds(
    m.Card,
    name=names,
    deck=decks,
    cost=numbers,
    shields=st.lists(shields, max_size=5).map(tuple),
    messenger=st.booleans(),
    purse=st.none() | numbers,
    ability=st.lists(effects, max_size=3).map(tuple),
    scoring=st.lists(scoring, max_size=3).map(tuple),
    names=st.lists(st.tuples(st.text(string.ascii_letters, max_size=3), names), max_size=2).map(tuple),
    lock=st.booleans(),
    unlocked=st.lists(effects, max_size=3).map(tuple),
)


@settings(max_examples=200, deadline=None)
@given(cards)
def test_any_card_is_judged_and_a_card_without_problems_round_trips(card: m.Card) -> None:
    problems = card.problems()
    assert all(problem.message and problem.hint for problem in problems)
    try:
        parsed = parse_text(format_card(card))
    except CastleComboError:
        assert problems, "a valid card must format to text that parses"
        return
    if not problems:
        assert parsed == (card,)
