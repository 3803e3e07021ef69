"""The plain-English descriptions of the card model, one test per construct.

Every model node describes itself (as Ludii's rule nodes do), so the docs,
the CLI and error messages never type a card's text twice. These tests pin
the wording of each construct, the plurals, and that every sentence the
model can build is one well-formed sentence.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from castle_combo.language import english
from castle_combo.language import model as m

GOLD, KEY = m.Resource.GOLD, m.Resource.KEY
CASTLE, VILLAGE = m.Deck.CASTLE, m.Deck.VILLAGE

# --------------------------------------------------------------------------
# The grammar helpers
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "expected"), [(0, "0 keys"), (1, "1 key"), (2, "2 keys"), (11, "11 keys")]
)
def test_a_quantity_is_singular_only_for_one(amount: int, expected: str) -> None:
    assert english.quantity(amount, "key") == expected


def test_gold_has_no_plural() -> None:
    assert english.quantity(3, "gold", "gold") == "3 gold"


@pytest.mark.parametrize(
    ("resource", "amount", "text"),
    [(GOLD, 1, "1 gold"), (GOLD, 4, "4 gold"), (KEY, 1, "1 key"), (KEY, 3, "3 keys")],
)
def test_a_resource_amount_agrees_with_its_number(resource: m.Resource, amount: int, text: str) -> None:
    assert resource.describe(amount) == text


@pytest.mark.parametrize(
    ("items", "expected"),
    [([], ""), (["a"], "a"), (["a", "b"], "a and b"), (["a", "b", "c"], "a, b and c")],
)
def test_lists_join_with_and_without_a_serial_comma(items: list[str], expected: str) -> None:
    assert english.join_and(items) == expected


def test_lists_of_options_join_with_or() -> None:
    assert english.join_or(["(a)", "(b)", "(c)"]) == "(a), (b) or (c)"


def test_a_sentence_and_its_clause_are_inverse() -> None:
    assert english.sentence("gain 2 keys") == "Gain 2 keys."
    assert english.clause("Gain 2 keys.") == "gain 2 keys"


@pytest.mark.parametrize(
    ("cell", "name"),
    [((0, 0), "top left"), ((1, 0), "top centre"), ((2, 1), "middle right"),
     ((1, 1), "centre"), ((0, 2), "bottom left")],
)
def test_grid_cells_are_named_by_row_then_column(cell: tuple[int, int], name: str) -> None:
    assert english.cell_name(*cell) == name


# --------------------------------------------------------------------------
# Counts: a noun phrase agreeing with a number
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "one", "two"),
    [
        (m.ShieldsOf(m.Shield.FAITH), "faith shield", "faith shields"),
        (m.DistinctShieldTypes(), "distinct shield type", "distinct shield types"),
        (m.MissingShieldTypes(), "missing shield type", "missing shield types"),
        (m.Banners(CASTLE), "castle banner", "castle banners"),
        (m.CardsWithShieldCount(1), "card with exactly 1 shield", "cards with exactly 1 shield"),
        (m.CardsWithShieldCount(2), "card with exactly 2 shields", "cards with exactly 2 shields"),
        (m.CardsByCost(m.Comparison.EQ, 4), "card with printed cost 4", "cards with printed cost 4"),
        (m.CardsByCost(m.Comparison.GE, 5), "card with printed cost 5 or more",
         "cards with printed cost 5 or more"),
        (m.CardsByCost(m.Comparison.LE, 2), "card with printed cost 2 or less",
         "cards with printed cost 2 or less"),
        (m.DiscountCards(), "card with a discount ability", "cards with a discount ability"),
        (m.PurseCards(), "purse card", "purse cards"),
        (m.CardsInTableau(), "card", "cards"),
        (m.FaceDownCards(), "face-down card", "face-down cards"),
        (m.EmptySpaces(), "empty space left", "empty spaces left"),
        (m.KeysOwned(), "key", "keys"),
        (m.GoldOnThisCard(), "gold stored on this card", "gold stored on this card"),
        (m.GoldOnPurses(), "gold stored on your purse cards", "gold stored on your purse cards"),
        (m.IdenticalShieldSets(3), "set of 3 identical shields", "sets of 3 identical shields"),
    ],
)
def test_each_count_names_what_it_counts_in_singular_and_plural(
    count: object, one: str, two: str
) -> None:
    assert count.describe() == one  # type: ignore[attr-defined]
    assert count.describe(1) == one  # type: ignore[attr-defined]
    assert count.describe(2) == two  # type: ignore[attr-defined]


def test_a_set_of_distinct_shields_lists_its_types() -> None:
    count = m.ShieldSets((m.Shield.NOBILITY, m.Shield.SCHOLARSHIP, m.Shield.CRAFTSMANSHIP))
    assert count.describe() == "set of nobility, scholarship and craftsmanship shields"


def test_a_set_with_a_repeated_shield_says_how_many_of_each() -> None:
    count = m.ShieldSets((m.Shield.SCHOLARSHIP,) * 3 + (m.Shield.PEASANTRY,))
    assert count.describe(2) == "sets of 3 scholarship shields and 1 peasantry shield"


def test_a_set_of_one_shield_is_not_mistaken_for_a_plain_count() -> None:
    assert m.ShieldSets((m.Shield.FAITH,)).describe() == "set of 1 faith shield"


def test_a_set_of_one_castle_and_one_village_banner() -> None:
    assert m.BannerSets((CASTLE, VILLAGE)).describe() == "set of castle and village banners"


def test_a_set_of_three_village_banners() -> None:
    assert m.BannerSets((VILLAGE,) * 3).describe() == "set of 3 village banners"


# --------------------------------------------------------------------------
# Scopes and Per
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scope", "place"),
    [
        (m.Scope.TABLEAU, "in your tableau"),
        (m.Scope.ROW, "in this card's row"),
        (m.Scope.COLUMN, "in this card's column"),
        (m.Scope.ROW_AND_COLUMN, "in this card's row and column"),
        (m.Scope.NEIGHBOUR, "in a neighbour's tableau (your choice of left or right)"),
    ],
)
def test_each_scope_says_where_the_count_is_taken(scope: m.Scope, place: str) -> None:
    assert scope.describe() == place
    assert m.Per(m.ShieldsOf(m.Shield.MILITARY), scope).describe() == f"military shield {place}"


def test_a_count_without_a_scope_covers_your_whole_tableau() -> None:
    assert m.Per(m.Banners(VILLAGE)).describe() == "village banner in your tableau"


def test_keys_are_counted_as_the_keys_you_own() -> None:
    assert m.Per(m.KeysOwned()).describe() == "key you own"


def test_stored_gold_is_not_said_to_be_in_the_tableau() -> None:
    assert m.Per(m.GoldOnThisCard()).describe() == "gold stored on this card"
    assert m.Per(m.GoldOnPurses()).describe() == "gold stored on your purse cards"


def test_counting_cards_reminds_that_face_down_cards_and_this_one_count() -> None:
    assert m.Per(m.CardsInTableau()).describe() == (
        "card in your tableau (face-down cards and this one included)"
    )


def test_a_per_agrees_with_a_number_too() -> None:
    assert m.Per(m.ShieldsOf(m.Shield.FAITH), m.Scope.ROW).describe(2) == "faith shields in this card's row"


# --------------------------------------------------------------------------
# Effects
# --------------------------------------------------------------------------


def test_gain_gold() -> None:
    assert m.Gain(3, GOLD).describe() == "Gain 3 gold."


@pytest.mark.parametrize(("amount", "text"), [(1, "Gain 1 key."), (2, "Gain 2 keys.")])
def test_gain_keys_agrees_with_the_number(amount: int, text: str) -> None:
    assert m.Gain(amount, KEY).describe() == text


def test_gain_per_count_in_a_neighbours_tableau() -> None:
    effect = m.Gain(1, GOLD, m.Per(m.ShieldsOf(m.Shield.FAITH), m.Scope.NEIGHBOUR))
    assert effect.describe() == (
        "Gain 1 gold per faith shield in a neighbour's tableau (your choice of left or right)."
    )


def test_gain_keys_per_count_keeps_the_count_singular() -> None:
    assert m.Gain(2, KEY, m.Per(m.PurseCards())).describe() == "Gain 2 keys per purse card in your tableau."


@pytest.mark.parametrize(("amount", "resource", "text"),
                         [(1, KEY, "Each opponent gains 1 key."),
                          (2, GOLD, "Each opponent gains 2 gold.")])
def test_each_opponent_gains(amount: int, resource: m.Resource, text: str) -> None:
    assert m.OpponentsGain(amount, resource).describe() == text


@pytest.mark.parametrize(
    ("decks", "text"),
    [
        ((CASTLE,), "Discount 1 gold on castle cards."),
        ((VILLAGE,), "Discount 1 gold on village cards."),
        ((VILLAGE, CASTLE), "Discount 1 gold on castle and village cards."),
    ],
)
def test_discount_names_the_decks_it_applies_to(decks: tuple[m.Deck, ...], text: str) -> None:
    assert m.Discount(1, decks).describe() == text


def test_discard_from_a_row_for_gold() -> None:
    assert m.DiscardFromRow(VILLAGE, GOLD).describe() == (
        "Discard a card of your choice from the village row and gain gold equal to its printed cost."
    )


def test_discard_from_a_row_for_keys() -> None:
    assert m.DiscardFromRow(CASTLE, KEY).describe() == (
        "Discard a card of your choice from the castle row and gain keys equal to its printed cost."
    )


def test_store_gold_on_each_purse_never_past_capacity() -> None:
    assert m.StoreGold(2).describe() == (
        "Put 2 gold from the supply on each of your purse cards (never past its capacity)."
    )


def test_fill_purses() -> None:
    assert m.FillPurses(2).describe() == (
        "Fill up to 2 of your purse cards to capacity with gold from the supply."
    )


def test_choice_between_two_options() -> None:
    effect = m.Choice(((m.StoreGold(2),), (m.Gain(3, KEY),)))
    assert effect.describe() == (
        "Choose one: (put 2 gold from the supply on each of your purse cards "
        "(never past its capacity)) or (gain 3 keys)."
    )


def test_choice_among_three_options_with_a_sequence() -> None:
    effect = m.Choice(((m.Gain(1, KEY),), (m.Gain(2, GOLD), m.OpponentsGain(1, GOLD)), (m.FillPurses(1),)))
    assert effect.describe() == (
        "Choose one: (gain 1 key), (gain 2 gold, then each opponent gains 1 gold) "
        "or (fill up to 1 of your purse cards to capacity with gold from the supply)."
    )


# --------------------------------------------------------------------------
# Regions and conditions
# --------------------------------------------------------------------------

CORNERS = frozenset({(0, 0), (2, 0), (0, 2), (2, 2)})


def test_a_named_region_is_described_by_its_name() -> None:
    assert m.Region(CORNERS, "a corner").describe() == "a corner"
    assert m.Region(frozenset({(0, 0), (1, 0), (2, 0)}), "top row").describe() == "the top row"
    assert m.Region(frozenset({(1, 1)}), "the center").describe() == "the center"


def test_a_drawn_mask_is_described_by_its_cells_in_reading_order() -> None:
    region = m.Region(frozenset({(1, 2), (2, 0), (0, 0)}))
    assert region.describe() == "one of these spaces: top left, top right, bottom centre"


def test_a_mask_of_one_cell_names_that_space() -> None:
    assert m.Region(frozenset({(1, 1)})).describe() == "the centre space"


def test_placed_in_a_region() -> None:
    assert m.PlacedIn(m.Region(CORNERS, "a corner")).describe() == "this card ends in a corner"


def test_no_shield_keeps_the_noun_singular() -> None:
    condition = m.CountIs(m.Per(m.ShieldsOf(m.Shield.CRAFTSMANSHIP)), m.Comparison.EQ, 0)
    assert condition.describe() == "your tableau has no craftsmanship shield"


@pytest.mark.parametrize(
    ("comparison", "value", "text"),
    [
        (m.Comparison.GE, 1, "your tableau has at least 1 face-down card"),
        (m.Comparison.GE, 2, "your tableau has at least 2 face-down cards"),
        (m.Comparison.LE, 2, "your tableau has at most 2 face-down cards"),
        (m.Comparison.EQ, 3, "your tableau has exactly 3 face-down cards"),
    ],
)
def test_a_condition_on_a_count_agrees_with_its_number(
    comparison: m.Comparison, value: int, text: str
) -> None:
    assert m.CountIs(m.Per(m.FaceDownCards()), comparison, value).describe() == text


def test_a_condition_in_row_and_column_takes_a_plural_verb() -> None:
    condition = m.CountIs(m.Per(m.Banners(CASTLE), m.Scope.ROW_AND_COLUMN), m.Comparison.GE, 3)
    assert condition.describe() == "this card's row and column have at least 3 castle banners"


def test_a_condition_on_keys_is_about_what_you_have() -> None:
    assert m.CountIs(m.Per(m.KeysOwned()), m.Comparison.GE, 5).describe() == "you have at least 5 keys"


# --------------------------------------------------------------------------
# Scoring rules and the whole card
# --------------------------------------------------------------------------


def test_score_per_count_in_row() -> None:
    rule = m.ScorePer(3, m.Per(m.ShieldsOf(m.Shield.SCHOLARSHIP), m.Scope.ROW))
    assert rule.describe() == "Score 3 per scholarship shield in this card's row."


def test_score_if_no_shield() -> None:
    rule = m.ScoreIf(10, m.CountIs(m.Per(m.ShieldsOf(m.Shield.CRAFTSMANSHIP)), m.Comparison.EQ, 0))
    assert rule.describe() == "Score 10 if your tableau has no craftsmanship shield."


def test_score_if_placed_in_a_region() -> None:
    assert m.ScoreIf(4, m.PlacedIn(m.Region(CORNERS, "a corner"))).describe() == (
        "Score 4 if this card ends in a corner."
    )


TEMPLAR = m.Card(
    name="Templar",
    deck=CASTLE,
    cost=5,
    shields=(m.Shield.FAITH, m.Shield.MILITARY),
    messenger=True,
    ability=(
        m.Gain(1, GOLD, m.Per(m.ShieldsOf(m.Shield.FAITH), m.Scope.NEIGHBOUR)),
        m.Gain(1, KEY, m.Per(m.ShieldsOf(m.Shield.MILITARY))),
    ),
    scoring=(m.ScorePer(1, m.Per(m.KeysOwned())),),
    names=(("fr", "Templier"),),
)


def test_a_card_is_summed_up_line_by_line() -> None:
    assert TEMPLAR.describe().splitlines() == [
        "Templar: castle card, cost 5 gold.",
        "Also called Templier (fr).",
        "Shields: faith, military.",
        "Messenger: bought face up, it sends the messenger to the other location.",
        "When bought face up: Gain 1 gold per faith shield in a neighbour's tableau "
        "(your choice of left or right). Gain 1 key per military shield in your tableau.",
        "Score 1 per key you own.",
    ]


def test_a_purse_card_without_ability_or_messenger() -> None:
    card = m.Card("Purse", VILLAGE, 0, (m.Shield.PEASANTRY,), purse=5,
                scoring=(m.ScorePer(2, m.Per(m.GoldOnThisCard())),))
    assert card.describe().splitlines() == [
        "Purse: village card, cost 0 gold.",
        "Shield: peasantry.",
        "Purse: holds up to 5 gold.",
        "No ability.",
        "Score 2 per gold stored on this card.",
    ]


# --------------------------------------------------------------------------
# Every sentence the model can build is one well-formed sentence
# --------------------------------------------------------------------------

shields = st.sampled_from(m.Shield)
decks = st.sampled_from(m.Deck)
counts = st.one_of(
    st.builds(m.ShieldsOf, shields),
    st.just(m.DistinctShieldTypes()),
    st.just(m.MissingShieldTypes()),
    st.builds(m.Banners, decks),
    st.builds(m.CardsWithShieldCount, st.integers(1, 2)),
    st.builds(m.CardsByCost, st.sampled_from(m.Comparison), st.integers(0, 7)),
    st.just(m.DiscountCards()),
    st.just(m.PurseCards()),
    st.just(m.CardsInTableau()),
    st.just(m.FaceDownCards()),
    st.just(m.EmptySpaces()),
    st.just(m.KeysOwned()),
    st.just(m.GoldOnThisCard()),
    st.just(m.GoldOnPurses()),
    st.builds(m.ShieldSets, st.lists(shields, min_size=1, max_size=4).map(tuple)),
    st.builds(m.IdenticalShieldSets, st.integers(2, 4)),
    st.builds(m.BannerSets, st.lists(decks, min_size=1, max_size=3).map(tuple)),
)
pers = st.builds(m.Per, counts, st.sampled_from(m.Scope))
regions = st.builds(
    m.Region,
    st.frozensets(st.tuples(st.integers(0, 2), st.integers(0, 2)), min_size=1),
)
simple_effects = st.one_of(
    st.builds(m.Gain, st.integers(1, 5), st.sampled_from(m.Resource), st.none() | pers),
    st.builds(m.OpponentsGain, st.integers(1, 3), st.sampled_from(m.Resource)),
    st.builds(m.Discount, st.integers(1, 2), st.lists(decks, min_size=1, max_size=2, unique=True).map(tuple)),
    st.builds(m.DiscardFromRow, decks, st.sampled_from(m.Resource)),
    st.builds(m.StoreGold, st.integers(1, 3)),
    st.builds(m.FillPurses, st.integers(1, 3)),
)
effects = simple_effects | st.builds(
    m.Choice, st.lists(st.lists(simple_effects, min_size=1, max_size=2).map(tuple),
                     min_size=2, max_size=3).map(tuple)
)
scorings = st.one_of(
    st.builds(m.ScorePer, st.integers(1, 10), pers),
    st.builds(m.ScoreIf, st.integers(1, 10),
              st.builds(m.CountIs, pers, st.sampled_from(m.Comparison), st.integers(0, 9))
              | st.builds(m.PlacedIn, regions)),
)


@settings(max_examples=200, deadline=None)
@given(st.one_of(effects, scorings))
def test_every_effect_and_scoring_rule_reads_as_one_sentence(node: object) -> None:
    text = node.describe()  # type: ignore[attr-defined]
    assert text[0].isupper() and text.endswith(".") and not text.endswith("..")
    assert "  " not in text and "None" not in text and "Scope." not in text


# --------------------------------------------------------------------------
# The terse register (card pictures)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("long", "short"), [
    # A reminder of a ruling is left out; the parentheses that group options or conditions stay.
    ("Each opponent chooses one, in turn from your left, among the options they can pay for (\"that player\" is the "
     "one choosing): (take 1 gold from that player (never more than they have)) or (take 1 key from that player "
     "(never more than they have)).",
     "Each opponent chooses one: (take 1 gold from that player) or (take 1 key from that player)."),
    ("Score 3 if (this card's row has at least 2 castle banners and your tableau has at least 1 purse card) or "
     "(this card's row has at least 2 village banners and your tableau has at least 1 lock card).",
     "Score 3 if (its row has at least 2 castle banners and you have a purse card) or (its row has at least 2 "
     "village banners and you have a lock card)."),
    # A take's bounds are a rule, not a reminder: kept, shorter.
    ("Take 1 gold per castle banner in your tableau from each opponent who has more gold than you do (up to 3 gold "
     "per player; never more than they have).",
     "Take 1 gold per castle banner in your tableau from each opponent who has more gold than you do, up to 3 gold "
     "each."),
    # So is a requirement's "this card not counted".
    ("Requirement: you may buy this card face up only if you have at least 2 military shields (this card not "
     "counted); you may always take it face down.",
     "Requirement: buy it face up only with at least 2 military shields, not counting this one."),
    ("Gain 1 gold per purse card or (card with a faith shield) in your tableau, up to 4 gold.",
     "Gain 1 gold per purse card or (card with a faith shield) in your tableau, up to 4 gold."),
    ("Discard a whole row of your choice (castle or village); it is refilled at once.",
     "Discard a whole row of your choice; it is refilled at once."),
    # A parenthesis that is not a known reminder is kept, whatever it follows.
    ("Score 5 if it is not the case that (all cards in it share a banner and the messenger is at the castle).",
     "Score 5 if it is not the case that (all cards in it share a banner and the messenger is at the castle)."),
    ("Score 2 per card (with a discount ability and with a craftsmanship or peasantry shield) in your tableau.",
     "Score 2 per card (with a discount ability and with a craftsmanship or peasantry shield) in your tableau."),
])
def test_the_terse_register_says_a_card_as_a_printed_card_would(long: str, short: str) -> None:
    assert english.terse(long) == short


def test_the_terse_register_of_every_part_is_no_longer_and_its_brackets_balance() -> None:
    """Every part of the model (the members of its unions, built from their fields) has a terse form."""
    import random

    from language_random import Where, build, members

    unions = (m.Effect, m.PlayerEffect, m.Condition, m.Scoring)
    for cls in sorted({cls for union in unions for cls in members(union)}, key=lambda cls: cls.__name__):
        where = Where(scoring=True) if cls in members(m.Scoring) else Where(them=True, group=True, scoring=True)
        for seed in range(6):
            long = build(random.Random(seed), cls, where).describe()
            short = english.terse(long)
            assert short and len(short) <= len(long), (cls.__name__, long)
            depth = 0
            for char in short:
                depth += {"(": 1, ")": -1}.get(char, 0)
                assert depth >= 0, (cls.__name__, short)
            assert depth == 0, (cls.__name__, short)
