"""The card language parses every construct of docs/card-language.md into the card model.

One test per construct: a few words of ``.ccl`` and the model node they
mean. Source positions are kept on the nodes, and nothing of Lark (trees,
tokens) ever reaches the model.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from lark import Token, Tree

from castle_combo.dsl import load_paths, parse_text
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
    Source,
    StoreGold,
)

CARDS = Path(__file__).resolve().parents[1] / "cards"


def card(body: str, *, facts: str = "deck castle cost 3 shields faith", purse: str = "purse 5") -> Card:
    """The one card of a block holding ``body`` after a valid set of facts."""
    (parsed,) = parse_text(f'card "Test" {{ {facts} {purse} {body} }}')
    return parsed


def ability(text: str) -> tuple[object, ...]:
    return card(f"when bought: {text}").ability


def scoring(text: str) -> object:
    (rule,) = card(text).scoring
    return rule


def test_the_facts_of_a_card_block() -> None:
    parsed = card("", facts='fr "Essai" de "Test" deck village cost 7 shields faith military messenger')
    assert parsed == Card(
        "Test", Deck.VILLAGE, 7, (Shield.FAITH, Shield.MILITARY), messenger=True, purse=5,
        names=(("fr", "Essai"), ("de", "Test")),
    )


def test_properties_may_be_on_one_line_or_many_and_comments_are_ignored() -> None:
    one_line = parse_text('card "A" { deck castle cost 1 shields faith score 1 per key }')
    many = parse_text('# a comment\ncard "A" {  # the card\n deck castle\n cost 1\n'
                      ' shields   faith\n score 1\n per key # keys\n}\n')
    assert one_line == many


def test_a_shield_type_may_repeat() -> None:
    assert card("", facts="deck village cost 2 shields peasantry peasantry").shields == (
        Shield.PEASANTRY, Shield.PEASANTRY)


def test_a_name_may_hold_escaped_quotes_and_accents() -> None:
    (parsed,) = parse_text(r'card "The \"Mad\" Pêcheur\\" { deck castle cost 1 shields faith }')
    assert parsed.name == 'The "Mad" Pêcheur\\'


@pytest.mark.parametrize(
    ("text", "effect"),
    [
        ("gain 2 gold", Gain(2, Resource.GOLD)),
        ("gain 1 key", Gain(1, Resource.KEY)),
        ("gain 3 keys", Gain(3, Resource.KEY)),
        ("gain 1 gold per faith shield", Gain(1, Resource.GOLD, Per(ShieldsOf(Shield.FAITH)))),
        ("gain 1 key per castle banner in a neighbour's tableau",
         Gain(1, Resource.KEY, Per(Banners(Deck.CASTLE), Scope.NEIGHBOUR))),
        ("gain 1 key per castle banner in a neighbor's tableau",
         Gain(1, Resource.KEY, Per(Banners(Deck.CASTLE), Scope.NEIGHBOUR))),
        ("each opponent gains 2 gold", OpponentsGain(2, Resource.GOLD)),
        ("each opponent gains 1 key", OpponentsGain(1, Resource.KEY)),
        ("discount 1 on castle cards", Discount(1, (Deck.CASTLE,))),
        ("discount 1 on village cards", Discount(1, (Deck.VILLAGE,))),
        ("discount 1 on all cards", Discount(1, (Deck.CASTLE, Deck.VILLAGE))),
        ("discount 1 on castle and village cards", Discount(1, (Deck.CASTLE, Deck.VILLAGE))),
        ("discard a card from the village row for its cost in gold",
         DiscardFromRow(Deck.VILLAGE, Resource.GOLD)),
        ("discard a card from the castle row for its cost in keys",
         DiscardFromRow(Deck.CASTLE, Resource.KEY)),
        ("put 2 gold on each purse", StoreGold(2)),
        ("fill 2 purses", FillPurses(2)),
        ("fill up to 2 purses", FillPurses(2)),
    ],
)
def test_each_effect(text: str, effect: object) -> None:
    assert ability(text) == (effect,)


def test_effects_resolve_in_the_order_written_with_an_optional_then() -> None:
    expected = (Gain(3, Resource.KEY), OpponentsGain(1, Resource.KEY))
    assert ability("gain 3 keys each opponent gains 1 key") == expected
    assert ability("gain 3 keys then each opponent gains 1 key") == expected


def test_a_choice_has_any_number_of_options_each_a_sequence() -> None:
    text = "choose one: { put 2 gold on each purse } or { gain 3 keys } or { gain 1 gold then gain 1 key }"
    assert ability(text) == (
        Choice(((StoreGold(2),), (Gain(3, Resource.KEY),), (Gain(1, Resource.GOLD), Gain(1, Resource.KEY)))),)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("faith shield", ShieldsOf(Shield.FAITH)),
        ("shield type", DistinctShieldTypes()),
        ("distinct shield type", DistinctShieldTypes()),
        ("missing shield type", MissingShieldTypes()),
        ("castle banner", Banners(Deck.CASTLE)),
        ("village banner", Banners(Deck.VILLAGE)),
        ("card with 1 shield", CardsWithShieldCount(1)),
        ("card with 2 shields", CardsWithShieldCount(2)),
        ("card costing 4", CardsByCost(Comparison.EQ, 4)),
        ("card costing 5 or more", CardsByCost(Comparison.GE, 5)),
        ("card costing 2 or less", CardsByCost(Comparison.LE, 2)),
        ("discount card", DiscountCards()),
        ("purse card", PurseCards()),
        ("card", CardsInTableau()),
        ("face-down card", FaceDownCards()),
        ("key", KeysOwned()),
        ("gold on this card", GoldOnThisCard()),
        ("gold on purses", GoldOnPurses()),
        ("set of {nobility, military}", ShieldSets((Shield.NOBILITY, Shield.MILITARY))),
        ("set of {scholarship, scholarship, peasantry}",
         ShieldSets((Shield.SCHOLARSHIP, Shield.SCHOLARSHIP, Shield.PEASANTRY))),
        ("set of 3 identical shields", IdenticalShieldSets(3)),
        ("set of {castle, village}", BannerSets((Deck.CASTLE, Deck.VILLAGE))),
        ("set of {village, village, village}", BannerSets((Deck.VILLAGE,) * 3)),
    ],
)
def test_each_count_after_per(text: str, count: object) -> None:
    assert scoring(f"score 2 per {text}") == ScorePer(2, Per(count))


def test_empty_space_is_a_count_of_abilities() -> None:
    assert ability("gain 1 gold per empty space") == (Gain(1, Resource.GOLD, Per(EmptySpaces())),)


@pytest.mark.parametrize(
    ("text", "scope"),
    [
        ("", Scope.TABLEAU),
        (" in your tableau", Scope.TABLEAU),
        (" in row", Scope.ROW),
        (" in column", Scope.COLUMN),
        (" in row and column", Scope.ROW_AND_COLUMN),
    ],
)
def test_each_scope_of_a_scoring_count(text: str, scope: Scope) -> None:
    assert scoring(f"score 3 per faith shield{text}") == ScorePer(3, Per(ShieldsOf(Shield.FAITH), scope))


@pytest.mark.parametrize(
    ("text", "comparison", "value"),
    [
        ("no craftsmanship shield", Comparison.EQ, 0),
        ("at least 2 craftsmanship shields", Comparison.GE, 2),
        ("at most 1 craftsmanship shield", Comparison.LE, 1),
        ("exactly 3 craftsmanship shields", Comparison.EQ, 3),
    ],
)
def test_each_condition_on_a_count(text: str, comparison: Comparison, value: int) -> None:
    expected = ScoreIf(10, CountIs(Per(ShieldsOf(Shield.CRAFTSMANSHIP)), comparison, value))
    assert scoring(f"score 10 if {text}") == expected


def test_a_condition_count_takes_a_scope_and_a_plural() -> None:
    assert scoring("score 8 if at least 2 face-down cards in row") == ScoreIf(
        8, CountIs(Per(FaceDownCards(), Scope.ROW), Comparison.GE, 2))


@pytest.mark.parametrize("name", list(NAMED_REGIONS))
def test_each_named_region(name: str) -> None:
    assert scoring(f"score 5 if placed in {name}") == ScoreIf(5, PlacedIn(Region(NAMED_REGIONS[name], name)))


def test_named_regions_count_columns_from_the_left_and_rows_from_the_top() -> None:
    assert NAMED_REGIONS["top row"] == {(0, 0), (1, 0), (2, 0)}
    assert NAMED_REGIONS["left column"] == {(0, 0), (0, 1), (0, 2)}
    assert NAMED_REGIONS["the middle of an edge"] == {(1, 0), (0, 1), (2, 1), (1, 2)}
    assert NAMED_REGIONS["the center"] == {(1, 1)}


def test_a_drawn_mask_marks_its_x_cells() -> None:
    rule = scoring("score 6 if placed at\n  X . .\n  . X .\n  . . X\n")
    assert rule == ScoreIf(6, PlacedIn(Region(frozenset({(0, 0), (1, 1), (2, 2)}))))


def test_a_mask_drawing_a_named_region_is_that_region() -> None:
    assert scoring("score 4 if placed at\n X . X\n . . .\n X . X") == scoring("score 4 if placed in a corner")


def test_several_scoring_rules_add_up_in_order() -> None:
    rules = card("score 1 per key score 8 if placed in top row").scoring
    assert rules == (ScorePer(1, Per(KeysOwned())),
                     ScoreIf(8, PlacedIn(Region(NAMED_REGIONS["top row"], "top row"))))


def test_every_node_keeps_the_position_it_was_written_at() -> None:
    text = 'card "A" {\n  deck castle cost 1 shields faith\n  when bought: gain 1 gold per faith shield\n}\n'
    (parsed,) = parse_text(text, "a.ccl")
    assert parsed.source == Source("a.ccl", 1, 1)
    (gain,) = parsed.ability
    assert gain.source == Source("a.ccl", 3, 16)
    assert gain.per is not None and gain.per.count.source == Source("a.ccl", 3, 32)


def _walk(value: object) -> list[object]:
    """Every value reachable from a model node."""
    found = [value]
    if attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            found += _walk(getattr(value, field.name))
    elif isinstance(value, (tuple, frozenset)):
        for item in value:
            found += _walk(item)
    return found


def test_no_lark_tree_or_token_escapes_into_the_model() -> None:
    for parsed in load_paths([CARDS]):
        for value in _walk(parsed):
            assert not isinstance(value, (Tree, Token)), value
            if isinstance(value, str):
                assert type(value) is str


def test_all_78_base_cards_parse_and_validate() -> None:
    cards = load_paths([CARDS])
    assert len(cards) == 78
    assert all(parsed.problems() == () for parsed in cards)


def test_a_language_code_may_be_any_two_letter_keyword_of_the_language() -> None:
    from castle_combo.dsl.parser import ccl_parser

    keywords = {t.pattern.value for t in ccl_parser().terminals if t.pattern.type == "str"}
    codes = sorted(word for word in keywords if len(word) == 2 and word.isalpha())
    assert codes
    for code in codes:
        assert card("", facts=f'{code} "Name" deck castle cost 3 shields faith').names == ((code, "Name"),)
