"""The 12 cards of the expansion "Out of the Oubliette!" agree with their reference table, fact by fact.

``tests/fixtures/cards-oubliette.tsv`` lists the expansion's cards as facts.
``reference_cards.oubliette_table_cards`` reads it into model objects with its
own literal reading of each phrase (no card language, no English renderer),
so a bundled card (``cards/expansions/out-of-the-oubliette/*.ccl``) whose
text says something else than the table fails here by name.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from reference_cards import oubliette_table_cards

import castle_combo as cc
from castle_combo.language.model import Deck
from castle_combo.language.ruleset import BUNDLED_EXPANSIONS, cards_digest

FIXTURE = Path(__file__).parent / "fixtures" / "cards-oubliette.tsv"
ROWS: list[dict[str, str]] = list(csv.DictReader(FIXTURE.open(encoding="utf-8"), delimiter="\t"))
TABLE = oubliette_table_cards()
#: The expansion's version and the digest of its cards' data: change both together, on purpose.
# The digest of the cards' canonical text since 0.2 (no card changed, so the version stays oubliette-1).
OUBLIETTE_DIGEST = ("oubliette-1", "c9a224f737f9eb6dfb443f716e7fb66b32d8239a50825466cc38c320936629f9")


@pytest.fixture(scope="module")
def rules() -> cc.Ruleset:
    return cc.Ruleset.standard().with_expansion("out-of-the-oubliette")


def test_the_table_lists_twelve_lock_cards_six_per_deck() -> None:
    assert len(TABLE) == 12 and all(card.lock for card in TABLE)
    assert sum(card.deck is Deck.CASTLE for card in TABLE) == 6


def test_the_expansion_adds_its_twelve_cards_after_the_78_base_cards(rules: cc.Ruleset) -> None:
    assert len(rules) == 90 and [len(rules.deck(d)) for d in Deck] == [45, 45]
    assert rules.cards[:78] == cc.Ruleset.standard().cards
    assert [card.name for card in rules.cards[78:]] == [row["name"] for row in ROWS]
    assert len(cc.Ruleset.standard()) == 78 and cc.Ruleset.standard().version == "base-1"


@pytest.mark.parametrize("card", TABLE, ids=[card.name for card in TABLE])
def test_bundled_card_is_the_tables_card(rules: cc.Ruleset, card: cc.Card) -> None:
    bundled = rules[card.name]
    assert bundled == card
    assert bundled.names == ()  # the expansion's French names are not known
    assert bundled.ability == ()  # nothing happens when a lock card is bought


def test_the_expansion_has_its_own_version_and_the_version_changes_when_its_cards_change(
    rules: cc.Ruleset,
) -> None:
    assert rules.version == "base-1+oubliette-1"
    assert (BUNDLED_EXPANSIONS["out-of-the-oubliette"], cards_digest(rules.cards[78:])) == OUBLIETTE_DIGEST, (
        "the expansion's cards changed: bump its version in ruleset.BUNDLED_EXPANSIONS and update OUBLIETTE_DIGEST")


def test_an_unknown_expansion_name_lists_the_available_ones() -> None:
    with pytest.raises(cc.RulesetError, match="no expansion named 'oubliette'; available: out-of-the-oubliette"):
        cc.Ruleset.standard().with_expansion("oubliette")


def test_adding_the_expansion_twice_is_refused() -> None:
    once = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    with pytest.raises(cc.RulesetError, match="two cards are named"):
        once.with_expansion("out-of-the-oubliette")
