"""The example fan expansion in ``examples/fan-expansion`` loads, validates and reads right.

It is the template a fan copies to publish new cards, so the suite checks
what a fan would: the cards join the base game's decks by their own deck
field, every card validates, every card survives a trip through the
canonical formatter, its English says what the card does, and each card
really uses a combination the base game never printed.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo.language import format_card, load_paths, parse_text
from castle_combo.language.model import (
    Card,
    Choice,
    CountIs,
    Deck,
    Gain,
    Per,
    PlacedIn,
    ScoreIf,
    ScorePer,
)
from castle_combo.language.ruleset import EXPANSIONS_GROUP

EXPANSION = Path(__file__).resolve().parent.parent / "examples" / "fan-expansion"
CARDS = EXPANSION / "castle_combo_byways" / "cards"

# The English each fan card must read as: ability sentences, then scoring sentences.
ENGLISH: dict[str, tuple[list[str], list[str]]] = {
    "Herald": (
        ["Gain 1 gold per empty space left in a neighbour's tableau (your choice of left or right)."],
        ["Score 3 per castle banner in this card's column."],
    ),
    "Cartographer": (
        ["Discount 1 gold on castle cards."],
        ["Score 6 if this card ends in one of these spaces: top left, centre, bottom right."],
    ),
    "Court Astrologer": (
        ["Choose one: (gain 4 gold), (gain 2 keys) or (put 1 gold from the supply on each of "
         "your purse cards (never past its capacity))."],
        ["Score 3 per card with printed cost 2 or less in this card's row and column."],
    ),
    "Quartermaster": (
        ["Gain 1 gold per card with exactly 2 shields in your tableau."],
        ["Score 5 per set of 4 identical shields in your tableau."],
    ),
    "Royal Gardener": (
        ["Gain 1 gold per card with a discount ability in your tableau."],
        ["Score 7 if this card ends in the center."],
    ),
    "Gravekeeper's Widow": (
        ["Gain 2 gold."],
        ["Score 3 per face-down card in your tableau."],
    ),
    "Schoolmaster": (
        ["Gain 1 gold per scholarship shield in your tableau."],
        ["Score 12 per set of 3 scholarship shields and 1 peasantry shield in your tableau."],
    ),
    "Hermit": (
        ["Gain 3 gold.", "Gain 1 key."],
        ["Score 8 if your tableau has at most 2 village banners.",
         "Score 1 per missing shield type in your tableau."],
    ),
    "Toll Keeper": (
        ["Discount 1 gold on village cards.", "Gain 1 key per purse card in your tableau."],
        ["Score 2 per gold stored on this card."],
    ),
    "Relic Seller": (
        ["Gain 1 gold per faith shield in a neighbour's tableau (your choice of left or right).",
         "Each opponent gains 1 gold."],
        ["Score 6 if this card's row has exactly 2 faith shields."],
    ),
    "Drill Sergeant": (
        ["Gain 4 gold if your tableau has at least 3 military shields."],
        ["Score 3 per military shield in this card's column."],
    ),
    "Rival Baron": (
        [],
        ["Score 8 if you have more military shields than each neighbour."],
    ),
    "Archivist": (
        ["Gain 1 key per scholarship shield in your tableau."],
        ["Score 1 per key you own."],
    ),
    "Ferryman": (
        ["Gain 1 gold."],
        ["Score 3 if this card ends in a corner."],
    ),
    "Shepherdess": (
        [],
        ["Score 3 per peasantry shield on the cards next to this one."],
    ),
    "Highwayman": (
        ["Take 1 gold from each opponent (never more than they have)."],
        ["Score 2 per face-down card in your tableau."],
    ),
    "Ragpicker": (
        ["Gain 1 gold per card in the village discard pile."],
        ["Score 4 if your tableau has at most 2 castle banners."],
    ),
    "Mimic": (
        [],
        ["Score as one of your cards next to this one (the best for you), counted as if its scoring were printed "
         "on this card."],
    ),
    "Wandering Minstrel": (
        [],
        ["Score 2 per distinct shield type in your tableau."],
    ),
}


@pytest.fixture(scope="module")
def fan_cards() -> tuple[Card, ...]:
    return tuple(load_paths([CARDS]))


@pytest.fixture(scope="module")
def extended() -> cc.Ruleset:
    return cc.Ruleset.standard().extend([CARDS])


def test_the_expansion_has_at_least_eight_new_cards(fan_cards: tuple[Card, ...]) -> None:
    assert len(fan_cards) >= 8
    assert sorted(card.name for card in fan_cards) == sorted(ENGLISH)


def test_fan_cards_join_the_decks_named_by_their_own_deck_field(
    extended: cc.Ruleset, fan_cards: tuple[Card, ...]
) -> None:
    base = cc.Ruleset.standard()
    assert len(extended) == len(base) + len(fan_cards)
    for deck in Deck:
        added = [card for card in fan_cards if card.deck is deck]
        assert extended.deck(deck) == base.deck(deck) + tuple(added)


def test_fan_cards_are_looked_up_by_name_like_base_cards(extended: cc.Ruleset) -> None:
    assert extended["Cartographer"].cost == 5
    assert extended["Scribe"] == cc.Ruleset.standard()["Scribe"]


def test_the_expansion_folder_loads_from_its_path_as_text_too() -> None:
    assert "Hermit" in cc.Ruleset.standard().extend([str(CARDS)])


def test_the_extended_ruleset_has_its_own_version(extended: cc.Ruleset) -> None:
    base = cc.Ruleset.standard()
    assert extended.version.startswith(base.version + "+")
    assert extended.version != base.version


def test_the_package_publishes_its_cards_through_the_entry_point_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Install the example as pip would (its entry points, its package on the path) and discover it."""
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((EXPANSION / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    entry_points = project["entry-points"][EXPANSIONS_GROUP]
    dist_info = tmp_path / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    (dist_info / "entry_points.txt").write_text(
        f"[{EXPANSIONS_GROUP}]\n" + "".join(f"{name} = {value}\n" for name, value in entry_points.items()))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.syspath_prepend(str(EXPANSION))
    rules = cc.Ruleset.standard(expansions=True)
    assert {"Hermit", "Cartographer", "Scribe"} <= set(rules.names)
    assert len(rules) == len(cc.Ruleset.standard()) + len(ENGLISH)


@pytest.mark.parametrize("name", sorted(ENGLISH))
def test_each_fan_card_round_trips_through_the_formatter(
    fan_cards: tuple[Card, ...], name: str
) -> None:
    card = next(card for card in fan_cards if card.name == name)
    assert parse_text(format_card(card)) == (card,)


@pytest.mark.parametrize("name", sorted(ENGLISH))
def test_each_fan_card_validates(fan_cards: tuple[Card, ...], name: str) -> None:
    card = next(card for card in fan_cards if card.name == name)
    assert card.problems() == ()


@pytest.mark.parametrize("name", sorted(ENGLISH))
def test_each_fan_card_reads_right_in_english(fan_cards: tuple[Card, ...], name: str) -> None:
    card = next(card for card in fan_cards if card.name == name)
    ability, scoring = ENGLISH[name]
    assert [effect.describe() for effect in card.effects] == ability
    assert [rule.describe() for rule in card.scoring] == scoring
    assert dict(card.names)["fr"]  # a French name, like every base card


def _pers(node: object) -> Iterator[tuple[str, Per]]:
    """Every count of a card with the construct it sits in ("gain gold", "score per", ...)."""
    if isinstance(node, Gain) and node.per is not None:
        yield f"gain {node.resource.value}", node.per
    elif isinstance(node, Choice):
        for option in node.options:
            for effect in option:
                yield from _pers(effect)
    elif isinstance(node, ScorePer):
        yield "score per", node.per
    elif isinstance(node, ScoreIf) and isinstance(node.condition, CountIs):
        yield f"score if {node.condition.comparison.value}", node.condition.per


def combinations(card: Card) -> set[object]:
    """What a card combines: counts with scopes per construct, regions, ability shapes, choices."""
    found: set[object] = {("ability", tuple(type(effect).__name__ for effect in card.ability)),
                          ("scoring rules", len(card.scoring))}
    for node in card.ability + card.scoring:
        found.update(_pers(node))
        if isinstance(node, Choice):
            found.add(("choice", tuple(tuple(type(e).__name__ for e in option) for option in node.options)))
        if isinstance(node, ScoreIf) and isinstance(node.condition, PlacedIn):
            found.add(("placed in", node.condition.region.cells))
    return found


def test_each_fan_card_combines_something_the_base_game_never_printed(
    fan_cards: tuple[Card, ...],
) -> None:
    printed = set().union(*(combinations(card) for card in cc.Ruleset.standard()))
    for card in fan_cards:
        assert combinations(card) - printed, f"{card.name} only repeats combinations of the base game"
