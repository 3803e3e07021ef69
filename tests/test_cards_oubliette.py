"""The 12 cards of the expansion "Out of the Oubliette!" agree with their reference table, fact by fact.

``tests/fixtures/cards-oubliette.tsv`` lists the expansion's cards as facts.
Each bundled card (``cards/expansions/out-of-the-oubliette/*.ccl``) is checked
against its row: deck, cost, shields in order, messenger, purse, lock, and
its ability and scoring. The table's phrases are translated here, by hand and
independently of the card language, into the model objects they mean, so a
card whose ``.ccl`` text says something else than the table fails.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo import model as m
from castle_combo.model import Comparison, Deck, Resource, Scope, Shield
from castle_combo.ruleset import BUNDLED_EXPANSIONS, cards_digest

FIXTURE = Path(__file__).parent / "fixtures" / "cards-oubliette.tsv"
ROWS: list[dict[str, str]] = list(csv.DictReader(FIXTURE.open(encoding="utf-8"), delimiter="\t"))
#: The expansion's version and the digest of its cards' data: change both together, on purpose.
OUBLIETTE_DIGEST = ("oubliette-1", "b3fd8742a4aa2bf75b072b6deeb2c0604871a620fd62c7dc8ae4c6d97ea6a03f")

ROW = m.DiscardWholeRow()


def discarded(count: m.Count) -> m.Per:
    return m.Per(count, Scope.DISCARDED)


#: Every ability phrase of the table, as the effects it means.
ABILITIES: dict[str, tuple[m.Effect, ...]] = {
    "discard a whole row (castle or village, your choice); then gain 2 keys per craftsmanship shield on the "
    "discarded cards": (ROW, m.Gain(2, Resource.KEY, discarded(m.ShieldsOf(Shield.CRAFTSMANSHIP)))),
    "discard a whole row (castle or village, your choice)": (ROW,),
    "gain 2 gold per military shield": (m.Gain(2, Resource.GOLD, m.Per(m.ShieldsOf(Shield.MILITARY))),),
    "gain 1 gold per castle banner": (m.Gain(1, Resource.GOLD, m.Per(m.Banners(Deck.CASTLE))),),
    "gain 2 gold per faith shield": (m.Gain(2, Resource.GOLD, m.Per(m.ShieldsOf(Shield.FAITH))),),
    "discard a whole row (castle or village, your choice); then gain 3 keys per discarded card with a discount "
    "ability": (ROW, m.Gain(3, Resource.KEY, discarded(m.DiscountCards()))),
    "discard a whole row (castle or village, your choice); then gain 2 keys per scholarship shield on the "
    "discarded cards": (ROW, m.Gain(2, Resource.KEY, discarded(m.ShieldsOf(Shield.SCHOLARSHIP)))),
    "use the ability of one orthogonally adjacent card of yours (your choice)": (m.UseAdjacentAbility(),),
    "discard a whole row (castle or village, your choice); then gain 3 keys per discarded purse card":
        (ROW, m.Gain(3, Resource.KEY, discarded(m.PurseCards()))),
    "gain 1 gold per castle banner in a neighbour's tableau":
        (m.Gain(1, Resource.GOLD, m.Per(m.Banners(Deck.CASTLE), Scope.NEIGHBOUR)),),
}


def at_least_one(shield: Shield, scope: Scope) -> m.CountIs:
    return m.CountIs(m.Per(m.ShieldsOf(shield), scope), Comparison.GE, 1)


def none_of(count: m.Count) -> m.CountIs:
    return m.CountIs(m.Per(count), Comparison.EQ, 0)


#: Every scoring phrase of the table, as the rule it means.
SCORINGS: dict[str, m.Scoring] = {
    "score 3 per different printed cost among your cards": m.ScorePer(3, m.Per(m.DistinctCosts())),
    "score 1 per gold of printed cost of the cards in this card's row (itself included)":
        m.ScorePer(1, m.Per(m.CostSum(), Scope.ROW)),
    "score 8 if none of your cards has a discount ability": m.ScoreIf(8, none_of(m.DiscountCards())),
    "score 2 per card with exactly one shield (itself included)": m.ScorePer(2, m.Per(m.CardsWithShieldCount(1))),
    "score 5 if this card's row holds at least one faith shield": m.ScoreIf(5, at_least_one(Shield.FAITH, Scope.ROW)),
    "score 5 if this card's column holds at least one scholarship shield":
        m.ScoreIf(5, at_least_one(Shield.SCHOLARSHIP, Scope.COLUMN)),
    "score 12 if you have no face-down card": m.ScoreIf(12, none_of(m.FaceDownCards())),
    "score 7 if this card's row holds at least one military shield":
        m.ScoreIf(7, at_least_one(Shield.MILITARY, Scope.ROW)),
    "score 10 if none of your cards is a purse card": m.ScoreIf(10, none_of(m.PurseCards())),
    "score 1 per gold of printed cost of the cards in this card's column (itself included)":
        m.ScorePer(1, m.Per(m.CostSum(), Scope.COLUMN)),
    "score 4 per lock card among your cards (itself included)": m.ScorePer(4, m.Per(m.LockCards())),
    "score 3 if this card's column holds at least one nobility shield":
        m.ScoreIf(3, at_least_one(Shield.NOBILITY, Scope.COLUMN)),
}


@pytest.fixture(scope="module")
def rules() -> cc.Ruleset:
    return cc.Ruleset.standard().with_expansion("out-of-the-oubliette")


def test_the_table_lists_twelve_cards_six_per_deck() -> None:
    assert len(ROWS) == 12
    assert sum(row["deck"] == "castle" for row in ROWS) == 6


def test_the_expansion_adds_its_twelve_cards_after_the_78_base_cards(rules: cc.Ruleset) -> None:
    assert len(rules) == 90 and [len(rules.deck(d)) for d in Deck] == [45, 45]
    assert rules.cards[:78] == cc.Ruleset.standard().cards
    assert [card.name for card in rules.cards[78:]] == [row["name"] for row in ROWS]
    assert len(cc.Ruleset.standard()) == 78 and cc.Ruleset.standard().version == "base-1"


@pytest.mark.parametrize("row", ROWS, ids=[row["name"] for row in ROWS])
def test_each_card_agrees_with_its_row(rules: cc.Ruleset, row: dict[str, str]) -> None:
    card = rules[row["name"]]
    assert card.deck is Deck(row["deck"])
    assert card.cost == int(row["cost"])
    assert [s.value for s in card.shields] == row["shields"].split()
    assert card.messenger == (row["messenger"] == "yes")
    assert card.purse is None and row["purse"] == "-"
    assert card.lock == (row["lock"] == "yes")
    assert card.names == ()  # the expansion's French names are not known
    assert card.ability == ()  # nothing happens when a lock card is bought
    assert card.unlocked == ABILITIES[row["ability"]]
    assert card.scoring == (SCORINGS[row["scoring"]],)


def test_every_phrase_of_the_table_is_translated_once() -> None:
    """The translation tables hold exactly the table's phrases (none left unchecked, none invented)."""
    assert set(ABILITIES) == {row["ability"] for row in ROWS}
    assert set(SCORINGS) == {row["scoring"] for row in ROWS}


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
