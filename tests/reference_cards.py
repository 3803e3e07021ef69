"""The 78 base cards (``fixtures/cards.tsv``) and the expansion's 12 (``fixtures/cards-oubliette.tsv``)
read straight from their tables into model objects, for tests only.

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

from castle_combo.language import model as m
from castle_combo.language.model import Comparison, Deck, Resource, Scope, Shield

TABLE = Path(__file__).parent / "fixtures" / "cards.tsv"
OUBLIETTE_TABLE = Path(__file__).parent / "fixtures" / "cards-oubliette.tsv"

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
    """Every row of the table as a :class:`~castle_combo.language.model.Card`, in table order."""
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


# ----------------------------------------------------------------- the expansion


def _discarded(count: m.Count) -> m.Per:
    return m.Per(count, Scope.DISCARDED)


def _at_least_one(shield: str, scope: Scope) -> m.CountIs:
    return m.CountIs(m.Per(m.ShieldsOf(Shield(shield)), scope), Comparison.GE, 1)


def _none_of(count: m.Count) -> m.CountIs:
    return m.CountIs(m.Per(count), Comparison.EQ, 0)


def _oubliette_effects(text: str) -> tuple[m.Effect, ...]:
    """The expansion table's ability phrases, each read as the rulings of the expansion define it."""
    row, _, bonus = text.partition("; then ")
    if row == "discard a whole row (castle or village, your choice)":
        effects: list[m.Effect] = [m.DiscardWholeRow()]
        if match := re.fullmatch(r"gain (\d+) keys per (\w+) shield on the discarded cards", bonus):
            per = _discarded(m.ShieldsOf(Shield(match.group(2))))
            effects.append(m.Gain(int(match.group(1)), Resource.KEY, per))
        elif match := re.fullmatch(r"gain (\d+) keys per discarded card with a discount ability", bonus):
            effects.append(m.Gain(int(match.group(1)), Resource.KEY, _discarded(m.DiscountCards())))
        elif match := re.fullmatch(r"gain (\d+) keys per discarded purse card", bonus):
            effects.append(m.Gain(int(match.group(1)), Resource.KEY, _discarded(m.PurseCards())))
        elif bonus:
            raise ValueError(f"unknown bonus {bonus!r}")
        return tuple(effects)
    if text == "use the ability of one orthogonally adjacent card of yours (your choice)":
        return (m.UseAdjacentAbility(),)
    if match := re.fullmatch(r"gain (\d+) (gold|keys?) per (\w+) (shield|banner)( in a neighbour's tableau)?", text):
        amount, word, kind, noun, neighbour = match.groups()
        count: m.Count = m.ShieldsOf(Shield(kind)) if noun == "shield" else m.Banners(Deck(kind))
        scope = Scope.NEIGHBOUR if neighbour else Scope.TABLEAU
        return (m.Gain(int(amount), _resource(word), m.Per(count, scope)),)
    raise ValueError(f"unknown effect {text!r}")


def _oubliette_scoring(text: str) -> m.Scoring:
    """The expansion table's scoring phrases."""
    match = re.fullmatch(r"score (\d+) (.*)", text)
    if match is None:
        raise ValueError(f"unknown scoring {text!r}")
    points, rest = int(match.group(1)), match.group(2)
    simple: dict[str, m.Scoring] = {
        "per different printed cost among your cards": m.ScorePer(points, m.Per(m.DistinctCosts())),
        "per gold of printed cost of the cards in this card's row (itself included)":
            m.ScorePer(points, m.Per(m.CostSum(), Scope.ROW)),
        "per gold of printed cost of the cards in this card's column (itself included)":
            m.ScorePer(points, m.Per(m.CostSum(), Scope.COLUMN)),
        "if none of your cards has a discount ability": m.ScoreIf(points, _none_of(m.DiscountCards())),
        "if none of your cards is a purse card": m.ScoreIf(points, _none_of(m.PurseCards())),
        "if you have no face-down card": m.ScoreIf(points, _none_of(m.FaceDownCards())),
        "per card with exactly one shield (itself included)": m.ScorePer(points, m.Per(m.CardsWithShieldCount(1))),
        "per lock card among your cards (itself included)": m.ScorePer(points, m.Per(m.LockCards())),
    }
    if rest in simple:
        return simple[rest]
    if match := re.fullmatch(r"if this card's (row|column) holds at least one (\w+) shield", rest):
        scope = Scope.ROW if match.group(1) == "row" else Scope.COLUMN
        return m.ScoreIf(points, _at_least_one(match.group(2), scope))
    raise ValueError(f"unknown scoring {text!r}")


def oubliette_table_cards() -> tuple[m.Card, ...]:
    """Every row of the expansion's table as a lock :class:`~castle_combo.language.model.Card`, in table order."""
    cards = []
    with OUBLIETTE_TABLE.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            cards.append(m.Card(
                row["name"],
                Deck(row["deck"]),
                int(row["cost"]),
                tuple(Shield(s) for s in row["shields"].split()),
                row["messenger"] == "yes",
                None if row["purse"] == "-" else int(row["purse"]),
                (),
                (_oubliette_scoring(row["scoring"]),),
                lock=row["lock"] == "yes",
                unlocked=_oubliette_effects(row["ability"]),
            ))
    return tuple(cards)
