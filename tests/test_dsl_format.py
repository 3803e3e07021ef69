"""The formatter writes cards back as canonical .ccl text that parses to the same card.

A hypothesis strategy builds valid cards from the model itself (every count,
scope, effect and region the validation accepts), so the round trip is
checked far beyond the 78 base cards.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from castle_combo.language import format_card, format_cards, load_paths, parse_text, region_of
from castle_combo.language import model as m

CARDS = Path(__file__).resolve().parents[1] / "cards"
GRID = (m.Scope.ROW, m.Scope.COLUMN, m.Scope.ROW_AND_COLUMN)
PILES = (m.Scope.CASTLE_PILE, m.Scope.VILLAGE_PILE)
#: A deck: only plain "card" is counted there (its cards are hidden, their number is public).
DECKS = (m.Scope.CASTLE_DECK, m.Scope.VILLAGE_DECK)
#: The scopes of a count in your tableau or a neighbour's (the newer scopes have strategies of their own).
ANY = (m.Scope.TABLEAU, m.Scope.ROW, m.Scope.COLUMN, m.Scope.ROW_AND_COLUMN, m.Scope.NEIGHBOUR, m.Scope.ADJACENT)


def on_discarded(count: object) -> bool:
    """Whether a count also makes sense on the cards an ability discarded ("per purse card on the discarded cards")."""
    return not isinstance(count, (m.EmptySpaces, m.KeysOwned, m.GoldOnThisCard, m.StoredGold, m.Gold)) and (
        count != m.FaceDownCards())

shields = st.sampled_from(m.Shield)
decks = st.sampled_from(m.Deck)
amounts = st.integers(1, 99)

#: Counts with the scopes that make sense for them in a scoring rule and in an ability.
counts_and_scopes = st.one_of(
    st.tuples(st.builds(m.ShieldsOf, shields), st.just(ANY)),
    st.tuples(st.just(m.DistinctShieldTypes()), st.just(ANY)),
    st.tuples(st.just(m.MissingShieldTypes()), st.just(ANY)),
    st.tuples(st.builds(m.Banners, decks), st.just(ANY)),
    st.tuples(st.builds(m.CardsWithShieldCount, st.integers(1, 3)), st.just(ANY)),
    st.tuples(st.builds(m.CardsByCost, st.sampled_from(m.Comparison), st.integers(0, m.MAX_COST)), st.just(ANY)),
    st.tuples(st.just(m.DiscountCards()), st.just(ANY)),
    st.tuples(st.just(m.PurseCards()), st.just(ANY)),
    st.tuples(st.just(m.CardsInTableau()), st.just((m.Scope.TABLEAU, m.Scope.NEIGHBOUR))),
    st.tuples(st.just(m.FaceDownCards()), st.just(ANY)),
    st.tuples(st.just(m.EmptySpaces()), st.just((m.Scope.TABLEAU, m.Scope.NEIGHBOUR))),
    st.tuples(st.just(m.KeysOwned()), st.just((m.Scope.TABLEAU,))),
    st.tuples(st.just(m.GoldOnThisCard()), st.just((m.Scope.TABLEAU,))),
    st.tuples(st.just(m.GoldOnPurses()), st.just((m.Scope.TABLEAU, m.Scope.NEIGHBOUR))),
    st.tuples(st.builds(m.ShieldSets, st.lists(shields, min_size=2, max_size=4).map(tuple)), st.just(ANY)),
    st.tuples(st.builds(m.BannerSets, st.lists(decks, min_size=2, max_size=4).map(tuple)), st.just(ANY)),
    st.tuples(st.builds(m.IdenticalShieldSets, st.integers(2, 9)), st.just(ANY)),
    st.tuples(st.just(m.DistinctCosts()), st.just(ANY)),
    st.tuples(st.just(m.CostSum()), st.just(ANY)),
    st.tuples(st.just(m.LockCards()), st.just(ANY)),
)


@st.composite
def pers(draw: st.DrawFn, *, scoring: bool) -> m.Per:
    count, scopes = draw(counts_and_scopes)
    if scoring:
        allowed = [scope for scope in scopes if scope is not m.Scope.NEIGHBOUR]
        if isinstance(count, m.EmptySpaces):
            count, allowed = m.KeysOwned(), [m.Scope.TABLEAU]
    else:
        allowed = [scope for scope in scopes if scope not in GRID]
        if on_discarded(count):
            allowed += PILES
        if count == m.Cards():
            allowed += DECKS
    return m.Per(count, draw(st.sampled_from(allowed)))


#: Conditions an ability can check when it resolves: a count, or a comparison with the neighbours.
ability_conditions = st.one_of(
    st.builds(m.CountIs, pers(scoring=False), st.just(m.Comparison.GE), st.integers(1, 99)),
    st.builds(m.CountIs, pers(scoring=False), st.sampled_from([m.Comparison.EQ, m.Comparison.LE]),
              st.integers(0, 99)),
    st.builds(m.ComparedToNeighbours, st.builds(m.Per, st.sampled_from(
        [m.ShieldsOf(m.Shield.MILITARY), m.KeysOwned(), m.CardsInTableau(), m.Banners(m.Deck.CASTLE)])),
        st.booleans()),
)


@st.composite
def discarded_pers(draw: st.DrawFn) -> m.Per:
    """A count taken on the discarded cards (only after a discard in the same ability)."""
    count, _ = draw(counts_and_scopes.filter(lambda pair: on_discarded(pair[0])))
    return m.Per(count, m.Scope.DISCARDED)


#: A whole-row discard with an optional bonus counted on the discarded cards.
row_discards = st.tuples(st.just(m.DiscardWholeRow())) | st.tuples(
    st.just(m.DiscardWholeRow()), st.builds(m.Gain, amounts, st.sampled_from(m.Resource), discarded_pers()))
#: The top cards of a deck discarded, with an optional bonus counted on them (also "a whole-row discard" for the
#: counts that read the discarded cards).
deck_top_discards = st.tuples(st.builds(m.DiscardDeckTop, decks, st.integers(1, m.MAX_DECK_TOP))) | st.tuples(
    st.builds(m.DiscardDeckTop, decks, st.integers(1, m.MAX_DECK_TOP)),
    st.builds(m.Gain, amounts, st.sampled_from(m.Resource), discarded_pers()))

simple_effects = st.one_of(
    st.builds(m.Gain, amounts, st.sampled_from(m.Resource), st.none() | pers(scoring=False)),
    st.just(m.UseAdjacentAbility()),
    st.builds(m.OpponentsGain, amounts, st.sampled_from(m.Resource)),
    st.builds(m.Discount, amounts, st.sampled_from([(m.Deck.CASTLE,), (m.Deck.VILLAGE,), (m.Deck.CASTLE, m.Deck.VILLAGE),
                                                  (m.Deck.VILLAGE, m.Deck.CASTLE)])),
    st.builds(m.DiscardFromRow, decks, st.sampled_from(m.Resource)),
    st.builds(m.ReserveCard, st.none() | decks),
    # A card of a discard pile put back on top of its deck: of either pile, of a named one, or the top card of one
    # (its deck written as 'its deck' or named), on top or on the bottom, for its cost in gold or keys or not.
    st.builds(m.ReturnToDeck, st.none(), st.just(False), st.none(), st.booleans(), st.none() | st.sampled_from(m.CostIn)),
    decks.flatmap(lambda d: st.builds(m.ReturnToDeck, st.just(d), st.booleans(), st.sampled_from([None, d]),
                                      st.booleans(), st.none() | st.sampled_from(m.CostIn))),
    st.builds(m.StoreGold, st.integers(1, m.MAX_PURSE)),
    st.builds(m.FillPurses, st.integers(1, 9)),
    st.builds(m.TakeFromOpponents, amounts, st.sampled_from(m.Resource)),
    st.just(m.UseNeighbourAbility()),
)
#: A repeated "you may pay ...": any number of times (a cost limits it) or up to N times; never made conditional.
repetitions = st.builds(
    lambda cost, gain, up_to: m.MayDo(cost, (gain,), repeat=True, up_to=up_to),
    st.lists(st.builds(m.Lose, amounts, st.sampled_from(m.Resource)), min_size=1, max_size=2).map(tuple),
    st.builds(m.Gain, amounts, st.sampled_from(m.Resource)), st.none() | st.integers(2, 99))
#: Effects that never ask anything: what a trigger may do.
automatic_effects = st.one_of(
    st.builds(m.Gain, amounts, st.sampled_from(m.Resource), st.none() | pers(scoring=False)),
    st.builds(m.OpponentsGain, amounts, st.sampled_from(m.Resource)),
    st.builds(m.TakeFromOpponents, amounts, st.sampled_from(m.Resource)),
    st.builds(m.StoreGold, st.integers(1, m.MAX_PURSE)),
)
automatic_effects = automatic_effects | st.builds(m.Conditional, automatic_effects, ability_conditions)
simple_effects = simple_effects | st.builds(m.Conditional, simple_effects, ability_conditions)
simple_effects = simple_effects | repetitions
effects = simple_effects | st.builds(
    m.Choice, st.lists(st.lists(simple_effects, min_size=1, max_size=2).map(tuple), min_size=2, max_size=3).map(tuple))
#: A whole ability: a few effects, maybe starting with a whole-row discard and its bonus.
abilities = st.tuples(st.just(()) | row_discards | deck_top_discards, st.lists(effects, max_size=2).map(tuple)).map(lambda p: p[0] + p[1])

regions = st.frozensets(st.tuples(st.integers(0, 2), st.integers(0, 2)), min_size=1).map(region_of)


@st.composite
def conditions(draw: st.DrawFn) -> m.CountIs | m.PlacedIn:
    if draw(st.booleans()):
        return m.PlacedIn(draw(regions))
    comparison = draw(st.sampled_from(m.Comparison))
    value = draw(st.integers(1 if comparison is m.Comparison.GE else 0, 99))
    return m.CountIs(draw(pers(scoring=True)), comparison, value)


scoring_rules = st.one_of(
    st.builds(m.ScorePer, amounts, pers(scoring=True)),
    st.builds(m.ScoreIf, amounts, conditions()),
    st.builds(m.ScoreIf, amounts, st.builds(m.ComparedToNeighbours, st.builds(
        m.Per, st.sampled_from([m.ShieldsOf(m.Shield.FAITH), m.PurseCards(), m.GoldOnPurses()])), st.booleans())),
    st.just(m.ScoreAsAdjacent()),
    st.builds(m.ScoreFixed, st.integers(-99, 99).filter(bool)),
)

names = st.text(string.ascii_letters + "éèàç '\"\\-", min_size=1, max_size=20).map(str.strip).filter(bool).filter(
    lambda name: name.casefold() != m.FACE_DOWN_NAME)
languages = st.lists(
    st.tuples(st.text(string.ascii_lowercase, min_size=2, max_size=2).filter(
        lambda c: c != "en" and c not in m.NOT_LANGUAGES), names),
    max_size=2, unique_by=lambda pair: pair[0]).map(tuple)


@st.composite
def cards(draw: st.DrawFn) -> m.Card:
    """A valid card: every part drawn from what the validation accepts."""
    card = m.Card(
        name=draw(names),
        deck=draw(decks),
        cost=draw(st.integers(0, m.MAX_COST)),
        shields=tuple(draw(st.lists(shields, min_size=1, max_size=3))),
        messenger=draw(st.booleans()),
        purse=draw(st.none() | st.integers(1, m.MAX_PURSE)),
        ability=draw(abilities),
        scoring=tuple(draw(st.lists(scoring_rules, max_size=2))),
        names=draw(languages),
    )
    if draw(st.booleans()):
        card = attrs.evolve(card, lock=True, unlocked=draw(abilities.filter(bool)))
    wild = draw(st.integers(0, 3 - len(card.shields)))
    each_turn = tuple(draw(st.lists(automatic_effects, max_size=2)))
    game_end = tuple(draw(st.lists(automatic_effects, max_size=2)))
    card = attrs.evolve(card, wild=wild, each_turn=each_turn, game_end=game_end)
    if draw(st.integers(0, 5)) == 0:  # gold that piles up on the card while it lies in a row
        put = m.StoreGold(draw(st.integers(1, m.MAX_PURSE)), m.Near(m.Relation.THIS))
        card = attrs.evolve(card, abilities={**dict(card.abilities), m.Moment.IN_ROW: (put,)})
    if draw(st.integers(0, 3)) == 0:  # a trigger on key spends (the owner's or other players')
        spent = tuple(draw(st.lists(automatic_effects, min_size=1, max_size=2)))
        purpose = draw(st.none() | st.sampled_from(m.KeyPurpose))  # what the key did: any spend, a move, a refresh
        card = attrs.evolve(card, abilities={**dict(card.abilities), m.Moment.KEY_SPEND: spent},
                            spent_by=draw(st.none() | st.sampled_from(m.PlayerGroup)), spent_for=purpose,
                            refreshed=draw(st.none() | decks) if purpose is m.KeyPurpose.REFRESH else None)
    if draw(st.integers(0, 3)) == 0:  # a trigger on the messenger's moves (any, or to one location)
        moved = tuple(draw(st.lists(automatic_effects, min_size=1, max_size=2)))  # none moves the messenger
        card = attrs.evolve(card, abilities={**dict(card.abilities), m.Moment.MESSENGER: moved},
                            moved_to=draw(st.none() | decks))
    if card.purse is None and "gold on this card" in format_card(card):
        card = attrs.evolve(card, purse=5)
    # A condition the card itself makes false ("no faith shield" on a faith card: it counts itself) is refused.
    assume(not any("counts itself" in problem.message for problem in card.problems()))
    return card


@settings(max_examples=300, deadline=None)
@given(cards())
def test_a_valid_card_parses_back_from_its_canonical_text(card: m.Card) -> None:
    assert card.problems() == ()
    assert parse_text(format_card(card)) == (card,)


@settings(max_examples=50, deadline=None)
@given(st.lists(cards(), min_size=1, max_size=4, unique_by=lambda card: card.name))
def test_several_cards_format_to_one_file_that_parses_back(many: list[m.Card]) -> None:
    assert parse_text(format_cards(many)) == tuple(many)


def test_every_base_card_round_trips() -> None:
    base = load_paths(sorted(CARDS.glob("*.ccl")))
    assert len(base) == 78
    assert parse_text(format_cards(base)) == base


def test_every_card_of_the_expansion_round_trips() -> None:
    expansion = load_paths([CARDS / "expansions" / "out-of-the-oubliette"])
    assert len(expansion) == 12
    assert parse_text(format_cards(expansion)) == expansion


def test_formatting_is_canonical_so_it_is_a_fixed_point() -> None:
    for card in load_paths([CARDS]):
        text = format_card(card)
        assert format_card(parse_text(text)[0]) == text


def test_the_canonical_form_of_a_card() -> None:
    (card,) = parse_text("""card "Templar" { fr "Templier" deck castle cost 5 shields faith military messenger
        when bought: gain 1 gold per faith shield in a neighbor's tableau then gain 1 key per military shields
        score 1 per keys }""")
    assert format_card(card) == (
        'card "Templar" {\n'
        '    fr "Templier"\n'
        "    deck castle   cost 5   shields faith military   messenger\n"
        "    when bought:\n"
        "        gain 1 gold per faith shield in a neighbour's tableau\n"
        "        gain 1 key per military shield\n"
        "    score 1 per key\n"
        "}\n"
    )


def test_a_region_without_a_name_is_drawn_as_a_mask() -> None:
    (card,) = parse_text('card "C" { deck village cost 5 shields faith score 6 if placed at\n X . .\n . X .\n . . X }')
    assert format_card(card).splitlines()[2:6] == [
        "    score 6 if placed at", "        X . .", "        . X .", "        . . X"]


def test_a_condition_agrees_with_its_number() -> None:
    (card,) = parse_text('card "C" { deck village cost 5 shields faith score 6 if at least 2 card with 1 shield '
                         "score 2 if no face-down cards }")
    assert format_card(card).splitlines()[2:4] == [
        "    score 6 if at least 2 cards with 1 shield", "    score 2 if no face-down card"]


def test_the_base_card_files_are_written_in_the_canonical_form() -> None:
    for path in sorted(CARDS.glob("*.ccl")):
        text = path.read_text(encoding="utf-8")
        blocks = re.findall(r'^card ".*?^}\n', text, re.DOTALL | re.MULTILINE)
        assert blocks == [format_card(card) for card in load_paths([path])], path.name


def test_a_choice_puts_each_option_on_its_own_line() -> None:
    (card,) = parse_text('card "C" { deck castle cost 7 shields craftsmanship when bought: gain 1 key '
                         "choose one: { put 2 gold on each purse } or { gain 3 keys then gain 1 gold } }")
    assert format_card(card).splitlines()[2:7] == [
        "    when bought:",
        "        gain 1 key",
        "        choose one:",
        "            { put 2 gold on each purse }",
        "            or { gain 3 keys then gain 1 gold }",
    ]


@pytest.mark.parametrize(("written", "canonical"), [
    # Cards are next to this card; what lies on cards is on them (docs/card-language.md, "Canonical form").
    ("score 1 per card on adjacent cards", "score 1 per card adjacent to this card"),
    ("score 2 per face-down card on diagonal cards", "score 2 per face-down card diagonal to this card"),
    ("score 4 if at least 2 cards on adjacent cards", "score 4 if at least 2 cards adjacent to this card"),
    ("score 3 per peasantry shield adjacent to this card", "score 3 per peasantry shield on adjacent cards"),
    ("score 2 per castle banner on diagonal cards", "score 2 per castle banner diagonal to this card"),  # cards
    ("score 2 per faith shield diagonal to this card", "score 2 per faith shield on diagonal cards"),
    ("score 1 per key on cards adjacent to this card", "score 1 per key on cards adjacent to this card"),
])
def test_a_place_next_to_this_card_is_written_as_the_canonical_form_says(written: str, canonical: str) -> None:
    (card,) = parse_text(f'card "X" {{\n    deck castle   cost 1   shields faith\n    {written}\n}}\n')
    assert format_card(card).splitlines()[2].strip() == canonical
    assert parse_text(format_card(card)) == (card,)
