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

from castle_combo.errors import CardSyntaxError
from castle_combo.language import load_paths, parse_text
from castle_combo.language import model as m

CARDS = Path(__file__).resolve().parents[1] / "cards"


def card(body: str, *, facts: str = "deck castle cost 3 shields faith", purse: str = "purse 5") -> m.Card:
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
    assert parsed == m.Card(
        "Test", m.Deck.VILLAGE, 7, (m.Shield.FAITH, m.Shield.MILITARY), messenger=True, purse=5,
        names=(("fr", "Essai"), ("de", "Test")),
    )


def test_properties_may_be_on_one_line_or_many_and_comments_are_ignored() -> None:
    one_line = parse_text('card "A" { deck castle cost 1 shields faith score 1 per key }')
    many = parse_text('# a comment\ncard "A" {  # the card\n deck castle\n cost 1\n'
                      ' shields   faith\n score 1\n per key # keys\n}\n')
    assert one_line == many


def test_a_shield_type_may_repeat() -> None:
    assert card("", facts="deck village cost 2 shields peasantry peasantry").shields == (
        m.Shield.PEASANTRY, m.Shield.PEASANTRY)


def test_a_name_may_hold_escaped_quotes_and_accents() -> None:
    (parsed,) = parse_text(r'card "The \"Mad\" Pêcheur\\" { deck castle cost 1 shields faith }')
    assert parsed.name == 'The "Mad" Pêcheur\\'


@pytest.mark.parametrize(
    ("text", "effect"),
    [
        ("gain 2 gold", m.Gain(2, m.Resource.GOLD)),
        ("gain 1 key", m.Gain(1, m.Resource.KEY)),
        ("gain 3 keys", m.Gain(3, m.Resource.KEY)),
        ("gain 1 gold per faith shield", m.Gain(1, m.Resource.GOLD, m.Per(m.ShieldsOf(m.Shield.FAITH)))),
        ("gain 1 key per castle banner in a neighbour's tableau",
         m.Gain(1, m.Resource.KEY, m.Per(m.Banners(m.Deck.CASTLE), m.Scope.NEIGHBOUR))),
        ("gain 1 key per castle banner in a neighbor's tableau",
         m.Gain(1, m.Resource.KEY, m.Per(m.Banners(m.Deck.CASTLE), m.Scope.NEIGHBOUR))),
        ("each opponent gains 2 gold", m.OpponentsGain(2, m.Resource.GOLD)),
        ("each opponent gains 1 key", m.OpponentsGain(1, m.Resource.KEY)),
        ("discount 1 on castle cards", m.Discount(1, (m.Deck.CASTLE,))),
        ("discount 1 on village cards", m.Discount(1, (m.Deck.VILLAGE,))),
        ("discount 1 on all cards", m.Discount(1, (m.Deck.CASTLE, m.Deck.VILLAGE))),
        ("discount 1 on castle and village cards", m.Discount(1, (m.Deck.CASTLE, m.Deck.VILLAGE))),
        ("discard a card from the village row for its cost in gold",
         m.DiscardFromRow(m.Deck.VILLAGE, m.Resource.GOLD)),
        ("discard a card from the castle row for its cost in keys",
         m.DiscardFromRow(m.Deck.CASTLE, m.Resource.KEY)),
        ("put 2 gold on each purse", m.StoreGold(2)),
        ("fill 2 purses", m.FillPurses(2)),
        ("fill up to 2 purses", m.FillPurses(2)),
    ],
)
def test_each_effect(text: str, effect: object) -> None:
    assert ability(text) == (effect,)


def test_effects_resolve_in_the_order_written_with_an_optional_then() -> None:
    expected = (m.Gain(3, m.Resource.KEY), m.OpponentsGain(1, m.Resource.KEY))
    assert ability("gain 3 keys each opponent gains 1 key") == expected
    assert ability("gain 3 keys then each opponent gains 1 key") == expected


def test_a_choice_has_any_number_of_options_each_a_sequence() -> None:
    text = "choose one: { put 2 gold on each purse } or { gain 3 keys } or { gain 1 gold then gain 1 key }"
    assert ability(text) == (
        m.Choice(((m.StoreGold(2),), (m.Gain(3, m.Resource.KEY),), (m.Gain(1, m.Resource.GOLD), m.Gain(1, m.Resource.KEY)))),)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("faith shield", m.ShieldsOf(m.Shield.FAITH)),
        ("shield type", m.DistinctShieldTypes()),
        ("distinct shield type", m.DistinctShieldTypes()),
        ("missing shield type", m.MissingShieldTypes()),
        ("castle banner", m.Banners(m.Deck.CASTLE)),
        ("village banner", m.Banners(m.Deck.VILLAGE)),
        ("card with 1 shield", m.CardsWithShieldCount(1)),
        ("card with 2 shields", m.CardsWithShieldCount(2)),
        ("card costing 4", m.CardsByCost(m.Comparison.EQ, 4)),
        ("card costing 5 or more", m.CardsByCost(m.Comparison.GE, 5)),
        ("card costing 2 or less", m.CardsByCost(m.Comparison.LE, 2)),
        ("discount card", m.DiscountCards()),
        ("purse card", m.PurseCards()),
        ("card", m.CardsInTableau()),
        ("face-down card", m.FaceDownCards()),
        ("key", m.KeysOwned()),
        ("gold on this card", m.GoldOnThisCard()),
        ("gold on purses", m.GoldOnPurses()),
        ("set of {nobility, military}", m.ShieldSets((m.Shield.NOBILITY, m.Shield.MILITARY))),
        ("set of {scholarship, scholarship, peasantry}",
         m.ShieldSets((m.Shield.SCHOLARSHIP, m.Shield.SCHOLARSHIP, m.Shield.PEASANTRY))),
        ("set of 3 identical shields", m.IdenticalShieldSets(3)),
        ("set of {castle, village}", m.BannerSets((m.Deck.CASTLE, m.Deck.VILLAGE))),
        ("set of {village, village, village}", m.BannerSets((m.Deck.VILLAGE,) * 3)),
    ],
)
def test_each_count_after_per(text: str, count: object) -> None:
    assert scoring(f"score 2 per {text}") == m.ScorePer(2, m.Per(count))


def test_empty_space_is_a_count_of_abilities() -> None:
    assert ability("gain 1 gold per empty space") == (m.Gain(1, m.Resource.GOLD, m.Per(m.EmptySpaces())),)


@pytest.mark.parametrize(
    ("text", "scope"),
    [
        ("", m.Scope.TABLEAU),
        (" in your tableau", m.Scope.TABLEAU),
        (" in row", m.Scope.ROW),
        (" in column", m.Scope.COLUMN),
        (" in row and column", m.Scope.ROW_AND_COLUMN),
    ],
)
def test_each_scope_of_a_scoring_count(text: str, scope: m.Scope) -> None:
    assert scoring(f"score 3 per faith shield{text}") == m.ScorePer(3, m.Per(m.ShieldsOf(m.Shield.FAITH), scope))


@pytest.mark.parametrize(
    ("text", "comparison", "value"),
    [
        ("no craftsmanship shield", m.Comparison.EQ, 0),
        ("at least 2 craftsmanship shields", m.Comparison.GE, 2),
        ("at most 1 craftsmanship shield", m.Comparison.LE, 1),
        ("exactly 3 craftsmanship shields", m.Comparison.EQ, 3),
    ],
)
def test_each_condition_on_a_count(text: str, comparison: m.Comparison, value: int) -> None:
    expected = m.ScoreIf(10, m.CountIs(m.Per(m.ShieldsOf(m.Shield.CRAFTSMANSHIP)), comparison, value))
    assert scoring(f"score 10 if {text}") == expected


def test_a_condition_count_takes_a_scope_and_a_plural() -> None:
    assert scoring("score 8 if at least 2 face-down cards in row") == m.ScoreIf(
        8, m.CountIs(m.Per(m.FaceDownCards(), m.Scope.ROW), m.Comparison.GE, 2))


@pytest.mark.parametrize("name", list(m.NAMED_REGIONS))
def test_each_named_region(name: str) -> None:
    assert scoring(f"score 5 if placed in {name}") == m.ScoreIf(5, m.PlacedIn(m.Region(m.NAMED_REGIONS[name], name)))


def test_named_regions_count_columns_from_the_left_and_rows_from_the_top() -> None:
    assert m.NAMED_REGIONS["top row"] == {(0, 0), (1, 0), (2, 0)}
    assert m.NAMED_REGIONS["left column"] == {(0, 0), (0, 1), (0, 2)}
    assert m.NAMED_REGIONS["the middle of an edge"] == {(1, 0), (0, 1), (2, 1), (1, 2)}
    assert m.NAMED_REGIONS["the center"] == {(1, 1)}


def test_a_drawn_mask_marks_its_x_cells() -> None:
    rule = scoring("score 6 if placed at\n  X . .\n  . X .\n  . . X\n")
    assert rule == m.ScoreIf(6, m.PlacedIn(m.Region(frozenset({(0, 0), (1, 1), (2, 2)}))))


def test_a_mask_drawing_a_named_region_is_that_region() -> None:
    assert scoring("score 4 if placed at\n X . X\n . . .\n X . X") == scoring("score 4 if placed in a corner")


def test_several_scoring_rules_add_up_in_order() -> None:
    rules = card("score 1 per key score 8 if placed in top row").scoring
    assert rules == (m.ScorePer(1, m.Per(m.KeysOwned())),
                     m.ScoreIf(8, m.PlacedIn(m.Region(m.NAMED_REGIONS["top row"], "top row"))))


def test_every_node_keeps_the_position_it_was_written_at() -> None:
    text = 'card "A" {\n  deck castle cost 1 shields faith\n  when bought: gain 1 gold per faith shield\n}\n'
    (parsed,) = parse_text(text, "a.ccl")
    assert parsed.source == m.Source("a.ccl", 1, 1)
    (gain,) = parsed.ability
    assert gain.source == m.Source("a.ccl", 3, 16)
    assert gain.per is not None and gain.per.count.source == m.Source("a.ccl", 3, 32)


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
    cards = load_paths(sorted(CARDS.glob("*.ccl")))
    assert len(cards) == 78
    assert all(parsed.problems() == () for parsed in cards)


def test_a_language_code_may_be_a_real_language_that_is_also_a_word_of_the_language() -> None:
    for code in ("no", "or", "an", "to", "as"):  # Norwegian, Odia, Aragonese, Tongan, Assamese
        assert card("", facts=f'{code} "Name" deck castle cost 3 shields faith').names == ((code, "Name"),)


def test_if_and_at_are_not_language_codes_so_a_condition_after_an_effect_parses() -> None:
    parsed = card("when bought: gain 4 gold if at least 3 military shields")
    assert parsed.ability[0].describe() == "Gain 4 gold if your tableau has at least 3 military shields."
    for word in ("if", "at", "of", "on", "up"):
        with pytest.raises(CardSyntaxError):
            card("", facts=f'{word} "Name" deck castle cost 3 shields faith')


