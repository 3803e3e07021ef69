"""The 78 base cards read straight from ``fixtures/cards.tsv`` into model objects, for tests only.

An independent reading of the table's notation (CARDS.md), sharing nothing
with the card language or the English renderer: each phrase maps to the model
object RULINGS.md says it means. The audit compares the bundled cards with
these, and the reference engine plays with them, so a mis-transcribed card
shows up as a mismatch too.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

from castle_combo import model as m
from castle_combo.model import Comparison, Deck, Resource, Scope, Shield

TABLE = Path(__file__).parent / "fixtures" / "cards.tsv"

_SCOPES = (
    (" in a neighbor's tableau (your choice of left or right)", Scope.NEIGHBOUR),
    (" in row+column", Scope.ROW_AND_COLUMN),
    (" in row", Scope.ROW),
    (" in column", Scope.COLUMN),
)
_REGIONS = {
    "top row": "top row", "middle row": "middle row", "bottom row": "bottom row",
    "left column": "left column", "middle column": "middle column", "right column": "right column",
    "a corner": "a corner",
    "the middle of an edge (not a corner, not the center)": "the middle of an edge",
}


def _count(text: str) -> m.Count:
    simple: dict[str, m.Count] = {
        "distinct shield type": m.DistinctShieldTypes(),
        "missing shield type": m.MissingShieldTypes(),
        "card with a discount ability": m.DiscountCards(),
        "purse card": m.PurseCards(),
        "card in your tableau (face-down included, this one included)": m.CardsInTableau(),
        "empty space left in your 3x3 tableau (after placing this card)": m.EmptySpaces(),
        "key owned": m.KeysOwned(),
        "gold stored on this card": m.GoldOnThisCard(),
        "gold stored on all your purse cards": m.GoldOnPurses(),
        "set of 3 identical shields": m.IdenticalShieldSets(3),
    }
    if text in simple:
        return simple[text]
    if match := re.fullmatch(r"shield:(\w+)", text):
        return m.ShieldsOf(Shield(match.group(1)))
    if match := re.fullmatch(r"banner:(\w+)", text):
        return m.Banners(Deck(match.group(1)))
    if match := re.fullmatch(r"card with exactly (\d) shields?", text):
        return m.CardsWithShieldCount(int(match.group(1)))
    if match := re.fullmatch(r"card with printed cost (>= )?(\d)", text):
        comparison = Comparison.GE if match.group(1) else Comparison.EQ
        return m.CardsByCost(comparison, int(match.group(2)))
    if match := re.fullmatch(r"set of banners \{(.*)\}", text):
        return m.BannerSets(tuple(Deck(x.strip()) for x in match.group(1).split(",")))
    if match := re.fullmatch(r"set of \{(.*)\}", text):
        return m.ShieldSets(tuple(Shield(x.strip()) for x in match.group(1).split(",")))
    raise ValueError(f"unknown count {text!r}")


def _per(text: str) -> m.Per:
    for suffix, scope in _SCOPES:
        if text.endswith(suffix):
            return m.Per(_count(text[: -len(suffix)]), scope)
    return m.Per(_count(text))


def _resource(word: str) -> Resource:
    return Resource.GOLD if word == "gold" else Resource.KEY


def _effects(text: str) -> list[m.Effect]:
    if match := re.fullmatch(r"choose one: \((.*)\) or \((.*)\)", text):
        return [m.Choice((tuple(_effects(match.group(1))), tuple(_effects(match.group(2)))))]
    out: list[m.Effect] = []
    for part in text.split(" + "):
        if match := re.fullmatch(r"discard one card of your choice from the (\w+) row; gain (gold|keys) equal to its printed cost", part):
            out.append(m.DiscardFromRow(Deck(match.group(1)), _resource(match.group(2))))
            continue
        for piece in part.split("; "):
            out.append(_effect(piece))
    return out


def _effect(text: str) -> m.Effect:
    if match := re.fullmatch(r"gain (\d+) (gold|keys?)(?: per (.*))?", text):
        amount, word, per = match.groups()
        return m.Gain(int(amount), _resource(word), _per(per) if per else None)
    if match := re.fullmatch(r"each opponent gains (\d+) (gold|keys?)", text):
        return m.OpponentsGain(int(match.group(1)), _resource(match.group(2)))
    if match := re.fullmatch(r"discount (\d+) on (castle|village|castle and village) cards", text):
        return m.Discount(int(match.group(1)), tuple(Deck(d) for d in match.group(2).split(" and ")))
    if match := re.fullmatch(r"put (\d+) gold from the supply on each of your purse cards \(never past its capacity\)", text):
        return m.StoreGold(int(match.group(1)))
    if match := re.fullmatch(r"fill up to (\d+) of your purse cards to capacity with gold from the supply", text):
        return m.FillPurses(int(match.group(1)))
    raise ValueError(f"unknown effect {text!r}")


def _scoring(text: str) -> m.Scoring:
    if match := re.fullmatch(r"score (\d+) per (.*)", text):
        return m.ScorePer(int(match.group(1)), _per(match.group(2)))
    if match := re.fullmatch(r"score (\d+) if your tableau has no (\w+) shield", text):
        return m.ScoreIf(int(match.group(1)), m.CountIs(m.Per(m.ShieldsOf(Shield(match.group(2)))), Comparison.EQ, 0))
    if match := re.fullmatch(r"score (\d+) if your tableau has at least one face-down card", text):
        return m.ScoreIf(int(match.group(1)), m.CountIs(m.Per(m.FaceDownCards()), Comparison.GE, 1))
    if match := re.fullmatch(r"score (\d+) if this card ends in (.*)", text):
        name = _REGIONS[match.group(2)]
        return m.ScoreIf(int(match.group(1)), m.PlacedIn(m.Region(m.NAMED_REGIONS[name], name)))
    raise ValueError(f"unknown scoring {text!r}")


def table_cards() -> tuple[m.Card, ...]:
    """Every row of the table as a :class:`~castle_combo.model.Card`, in table order."""
    cards = []
    with TABLE.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            cards.append(m.Card(
                row["name"],
                Deck(row["deck"]),
                int(row["cost"]),
                tuple(Shield(s) for s in row["shields"].split()),
                row["messenger"] == "yes",
                None if row["purse"] == "-" else int(row["purse"]),
                () if row["ability"] == "-" else tuple(_effects(row["ability"])),
                (_scoring(row["scoring"]),),
                (("fr", row["name_fr"]),),
            ))
    return tuple(cards)
