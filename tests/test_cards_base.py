"""The 78 bundled cards agree with the reference table, fact by fact.

``tests/fixtures/cards.tsv`` is the reference list of the base game (a copy
of the shared table; see CARDS.md for its notation). Each bundled card is
checked against its row: deck, cost, shields in order, messenger, purse,
French name, and the English of its ability and scoring rule. The English
is compared with a translation of the *table's* notation written here,
independently of the model, so a card whose ``.ccl`` text says something
else than the table (another shield, scope, number or region) fails.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo.language.model import Deck, Shield

FIXTURE = Path(__file__).parent / "fixtures" / "cards.tsv"
ROWS: list[dict[str, str]] = list(csv.DictReader(FIXTURE.open(encoding="utf-8"), delimiter="\t"))


@pytest.fixture(scope="module")
def rules() -> cc.Ruleset:
    return cc.Ruleset.standard()


# --------------------------------------------------------------------------
# The table's notation, translated to the English the model must produce
# --------------------------------------------------------------------------

_NEIGHBOUR = " in a neighbor's tableau (your choice of left or right)"
_SCOPES = {
    " in row+column": " in this card's row and column",
    " in row": " in this card's row",
    " in column": " in this card's column",
    _NEIGHBOUR: " in a neighbour's tableau (your choice of left or right)",
}
_COUNTS = [
    (r"shield:(\w+)", r"\1 shield"),
    (r"banner:(\w+)", r"\1 banner"),
    (r"card with printed cost >= (\d+)", r"card with printed cost \1 or more"),
    (r"(distinct shield type|missing shield type|purse card|card with exactly \d+ shields?"
     r"|card with printed cost \d+|card with a discount ability|set of 3 identical shields)", r"\1"),
    (r"card in your tableau \(face-down included, this one included\)", "card"),
    (r"empty space left in your 3x3 tableau \(after placing this card\)", "empty space left"),
]
# Counts that belong to the player rather than to a place, with their English.
_OWNED = {
    "key owned": "key you own",
    "gold stored on this card": "gold stored on this card",
    "gold stored on all your purse cards": "gold stored on your purse cards",
}


def _set_members(members: str, noun: str) -> str:
    """``{village, village, village}`` -> "3 village banners"; ``{a, b}`` -> "a and b shields"."""
    items = [item.strip() for item in members.split(",")]
    counts = Counter(items)
    if len(items) > 1 and len(counts) == len(items):
        listed = ", ".join(items[:-1]) + " and " + items[-1]
        return f"{listed} {noun}s"
    parts = [f"{n} {item} {noun}" + ("s" if n > 1 else "") for item, n in counts.items()]
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]


def per_english(text: str) -> str:
    """A table COUNT with its optional scope -> the English after "per"."""
    if text in _OWNED:
        return _OWNED[text]
    scope = " in your tableau"
    for written, english in _SCOPES.items():
        if text.endswith(written):
            text, scope = text[: -len(written)], english
            break
    match = re.fullmatch(r"set of banners \{(.*)\}", text)
    if match:
        return "set of " + _set_members(match.group(1), "banner") + scope
    match = re.fullmatch(r"set of \{(.*)\}", text)
    if match:
        return "set of " + _set_members(match.group(1), "shield") + scope
    note = " (face-down cards and this one included)" if text.startswith("card in your tableau") else ""
    for pattern, replacement in _COUNTS:
        if re.fullmatch(pattern, text):
            return re.sub(pattern, replacement, text) + scope + note
    raise AssertionError(f"the table uses a count this test cannot read: {text!r}")


def _resource(amount: str, word: str) -> str:
    word = "gold" if word == "gold" else ("key" if amount == "1" else "keys")
    return f"{amount} {word}"


def effect_clause(part: str) -> str:
    """One part of a table ability -> its English clause (no capital, no full stop)."""
    if match := re.fullmatch(r"gain (\d+) (gold|keys?)(?: per (.*))?", part):
        amount, word, per = match.groups()
        return f"gain {_resource(amount, word)}" + (f" per {per_english(per)}" if per else "")
    if match := re.fullmatch(r"each opponent gains (\d+) (gold|keys?)", part):
        return f"each opponent gains {_resource(*match.groups())}"
    if match := re.fullmatch(r"discount 1 on (castle|village|castle and village) cards", part):
        return f"discount 1 gold on {match.group(1)} cards"
    if match := re.fullmatch(
        r"discard one card of your choice from the (castle|village) row; "
        r"gain (gold|keys) equal to its printed cost", part
    ):
        row, reward = match.groups()
        return f"discard a card of your choice from the {row} row and gain {reward} equal to its printed cost"
    if part in (
        "put 2 gold from the supply on each of your purse cards (never past its capacity)",
        "fill up to 2 of your purse cards to capacity with gold from the supply",
    ):
        return part
    if match := re.fullmatch(r"choose one: \((.*)\) or \((.*)\)", part):
        first, second = (effect_clause(option) for option in match.groups())
        return f"choose one: ({first}) or ({second})"
    raise AssertionError(f"the table uses an ability this test cannot read: {part!r}")


def ability_english(ability: str) -> list[str]:
    """A table ability -> one English sentence per effect, in order."""
    if ability == "-":
        return []
    if ability.startswith("choose one:"):
        parts = [ability]
    else:
        parts = [p for part in ability.split(" + ") for p in re.split(r"; (?=each opponent)", part)]
    return [_sentence(effect_clause(part)) for part in parts]


_REGIONS = {
    "a corner": "a corner",
    "the middle of an edge (not a corner, not the center)": "the middle of an edge",
}


def scoring_english(scoring: str) -> str:
    """A table scoring rule -> its English sentence."""
    if match := re.fullmatch(r"score (\d+) per (.*)", scoring):
        points, per = match.groups()
        return f"Score {points} per {per_english(per)}."
    if match := re.fullmatch(r"score (\d+) if your tableau has no (\w+) shield", scoring):
        return f"Score {match.group(1)} if your tableau has no {match.group(2)} shield."
    if match := re.fullmatch(r"score (\d+) if your tableau has at least one face-down card", scoring):
        return f"Score {match.group(1)} if your tableau has at least 1 face-down card."
    if match := re.fullmatch(r"score (\d+) if this card ends in (.*)", scoring):
        points, region = match.groups()
        return f"Score {points} if this card ends in {_REGIONS.get(region, 'the ' + region)}."
    raise AssertionError(f"the table uses a scoring rule this test cannot read: {scoring!r}")


def _sentence(clause: str) -> str:
    return clause[0].upper() + clause[1:] + "."


def test_the_translation_reads_the_tables_notation() -> None:
    """The translator above is itself checked on rows with every kind of part."""
    assert ability_english("gain 3 keys; each opponent gains 1 key") == [
        "Gain 3 keys.", "Each opponent gains 1 key."]
    assert scoring_english("score 7 per set of banners {village, village, village}") == (
        "Score 7 per set of 3 village banners in your tableau.")
    assert scoring_english("score 3 per shield:nobility in row+column") == (
        "Score 3 per nobility shield in this card's row and column.")


# --------------------------------------------------------------------------
# Each card against its row
# --------------------------------------------------------------------------


@pytest.mark.parametrize("row", ROWS, ids=[row["name"] for row in ROWS])
def test_each_bundled_card_matches_the_reference_table(rules: cc.Ruleset, row: dict[str, str]) -> None:
    card = rules[row["name"]]
    assert card.deck is Deck(row["deck"])
    assert card.cost == int(row["cost"])
    assert card.shields == tuple(Shield(word) for word in row["shields"].split())
    assert card.messenger is (row["messenger"] == "yes")
    assert card.purse == (None if row["purse"] == "-" else int(row["purse"]))
    assert card.localized_name("fr") == row["name_fr"]
    assert [effect.describe() for effect in card.ability] == ability_english(row["ability"])
    assert [rule.describe() for rule in card.scoring] == [scoring_english(row["scoring"])]


def test_the_bundled_cards_are_exactly_the_tables_cards(rules: cc.Ruleset) -> None:
    assert sorted(rules.names) == sorted(row["name"] for row in ROWS)


def test_each_deck_has_39_cards_and_the_game_78(rules: cc.Ruleset) -> None:
    assert len(rules) == 78
    assert len(rules.deck(Deck.CASTLE)) == 39
    assert len(rules.deck(Deck.VILLAGE)) == 39


def test_card_names_are_unique(rules: cc.Ruleset) -> None:
    assert len(set(rules.names)) == len(rules.names)


def test_french_names_are_unique(rules: cc.Ruleset) -> None:
    french = [card.localized_name("fr") for card in rules]
    assert len(set(french)) == len(french)


@pytest.mark.parametrize(
    ("deck", "expected"),
    [(Deck.CASTLE, (14, 12, 11, 8, 7, 0)), (Deck.VILLAGE, (1, 5, 6, 10, 11, 20))],
)
def test_the_rulebooks_shield_distribution(
    rules: cc.Ruleset, deck: Deck, expected: tuple[int, ...]
) -> None:
    """The rulebook's table, in its order: nobility faith scholarship military craftsmanship peasantry."""
    shields = Counter(shield for card in rules.deck(deck) for shield in card.shields)
    assert tuple(shields[shield] for shield in Shield) == expected


def test_every_base_card_validates(rules: cc.Ruleset) -> None:
    assert [problem for card in rules for problem in card.problems()] == []


def test_every_base_card_has_exactly_one_scoring_rule(rules: cc.Ruleset) -> None:
    assert all(len(card.scoring) == 1 for card in rules)


def test_every_card_can_be_summed_up_in_english(rules: cc.Ruleset) -> None:
    for card in rules:
        summary = card.describe()
        assert summary.startswith(f"{card.name}: {card.deck.value} card, cost {card.cost} gold.")
        assert all(rule.describe() in summary for rule in card.scoring)


def test_a_deck_is_asked_for_by_its_name_too_and_a_wrong_name_is_an_error() -> None:
    rules = cc.Ruleset.standard()
    assert rules.deck("castle") == rules.deck(Deck.CASTLE) and len(rules.deck("village")) == 39
    with pytest.raises(ValueError, match="no deck is called 'Castle': write 'castle' or 'village'"):
        rules.deck("Castle")
