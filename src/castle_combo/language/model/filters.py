"""Card filters: *which* cards a count, an effect or a quantifier is about.

A filter is a property of one card: its deck, its shields, its printed cost
(as a number, or against this card's), its parts (a purse, a discount, a
lock, the messenger icon, an ability, a trigger), the gold or key it holds,
whether it shares a shield or a banner with this card, where it lies
relative to this card or in the final grid, and whether it is face up.
Filters combine with :class:`AllOf` ("and"), :class:`AnyOf` ("or") and
:class:`Excluding` ("not", "without") into any expression, and every count of
cards, every effect that picks cards and every quantifier takes one, so
``per village card costing 2 or less with a faith shield or holding gold``
needs nothing that ``per card`` does not. In the card language "not" binds
first, then "and" (or phrases simply written one after another), then "or";
brackets group (see :func:`words`).

A filter that reads something printed on a card (deck, shields, cost, parts)
never matches a face-down card: a face-down card shows nothing but its back
(the rules page, "Face-down cards").

Each filter says itself three ways: its words in the card language
(``ccl()``), in English (``english()``), both as :class:`FilterWords`, and
what makes no sense about it where it is used (``problems``). A combination
is said by :func:`words`, from the words of its parts.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Union

import attrs

from castle_combo.language import english
from castle_combo.language.model.base import (
    MAX_COST,
    MAX_SHIELDS,
    NAMED_REGIONS,
    Comparison,
    Deck,
    Problem,
    Shield,
    Source,
    Where,
    name_fault,
    out_of_range,
    source_field,
)
from castle_combo.language.model.refusals import REFUSALS

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator

__all__ = [
    "AllOf",
    "AnyOf",
    "CardFilter",
    "CostIs",
    "CostVsThis",
    "DeckIs",
    "Excluding",
    "FaceDown",
    "FaceUp",
    "FilterWords",
    "HasPart",
    "HasShield",
    "HasWild",
    "HoldsGold",
    "HoldsKey",
    "InRegion",
    "Named",
    "Near",
    "Part",
    "Region",
    "Relation",
    "Shares",
    "ShieldCountIs",
    "Trait",
    "all_of",
    "any_of",
    "filter_problems",
    "kinds_of_card",
    "face_down_never",
    "face_down_words",
    "negated",
    "words",
]


@attrs.frozen
class FilterWords:
    """A filter's words around the noun "card": adjectives before it, phrases after it.

    ``village card costing 2 or less`` is adjectives ``("village",)`` and
    suffixes ``("costing 2 or less",)``. For one property of a card (not a
    combination): ``alone`` is its phrase after the noun when it cannot stand
    before it (inside "or", "not" or brackets: "with a purse" for ``purse``);
    ``negated`` how it reads after "not" (or as "without ..."), a phrase after
    the noun; ``item`` what follows "with" when its phrase is "with a ..."
    (so "without a lock or a purse" can join them); ``place`` that its phrases
    are places (next to this card, in the final grid), which the card
    language writes after the other phrases or inside brackets.
    """

    adjectives: tuple[str, ...] = ()
    suffixes: tuple[str, ...] = ()
    negated: str = ""
    alone: str = ""
    item: str = ""
    place: bool = False


class Part(enum.Enum):
    """A part printed on a card that a filter can ask about."""

    PURSE = "purse"
    DISCOUNT = "discount"
    LOCK = "lock"
    MESSENGER = "messenger"
    ABILITY = "ability"
    TRIGGER = "trigger"
    SCORING = "scoring"


class Relation(enum.Enum):
    """Where a card lies relative to this card, in its owner's tableau.

    ``ROW``/``COLUMN``: the same row / column (this card included);
    ``ROW_AND_COLUMN`` both (this card once); ``ADJACENT``: orthogonally next
    to it; ``DIAGONAL``: diagonally next to it; ``AROUND``: any of the eight
    spaces around it; ``THIS``: this card itself; ``OTHER``: any card but this one.
    ``ABOVE``/``BELOW``: in its column, above / below it, any distance;
    ``LEFT``/``RIGHT``: in its row, to its left / right, any distance; the
    ``DIRECTLY_`` ones only the next space that way. ``DIAGONALS``: on a
    diagonal line through it, any distance (``|dx| == |dy|``, this card left
    out): a corner's one diagonal, the center's two, an edge middle's two short ones.
    """

    ROW = "row"
    COLUMN = "column"
    ROW_AND_COLUMN = "row and column"
    ADJACENT = "adjacent"
    DIAGONAL = "diagonal"
    AROUND = "around"
    THIS = "this"
    OTHER = "other"
    ABOVE = "above"
    BELOW = "below"
    LEFT = "left of"
    RIGHT = "right of"
    DIRECTLY_ABOVE = "directly above"
    DIRECTLY_BELOW = "directly below"
    DIRECTLY_LEFT = "directly left of"
    DIRECTLY_RIGHT = "directly right of"
    DIAGONALS = "diagonals"

    def holds(self, dx: int, dy: int) -> bool:
        """Whether a card ``(dx, dy)`` away from this card lies so: ``dx`` columns to the right (negative: to the
        left), ``dy`` rows down (negative: up), rows being counted from the top."""
        return _RELATION_HOLDS[self](dx, dy)


_RELATION_HOLDS: dict[Relation, Callable[[int, int], bool]] = {
    Relation.ROW: lambda dx, dy: dy == 0, Relation.COLUMN: lambda dx, dy: dx == 0,
    Relation.ROW_AND_COLUMN: lambda dx, dy: dx == 0 or dy == 0,
    Relation.ADJACENT: lambda dx, dy: abs(dx) + abs(dy) == 1,
    Relation.DIAGONAL: lambda dx, dy: abs(dx) == 1 and abs(dy) == 1,
    Relation.AROUND: lambda dx, dy: max(abs(dx), abs(dy)) == 1,
    Relation.THIS: lambda dx, dy: dx == 0 and dy == 0, Relation.OTHER: lambda dx, dy: dx != 0 or dy != 0,
    Relation.ABOVE: lambda dx, dy: dx == 0 and dy < 0, Relation.BELOW: lambda dx, dy: dx == 0 and dy > 0,
    Relation.LEFT: lambda dx, dy: dy == 0 and dx < 0, Relation.RIGHT: lambda dx, dy: dy == 0 and dx > 0,
    Relation.DIRECTLY_ABOVE: lambda dx, dy: dx == 0 and dy == -1,
    Relation.DIRECTLY_BELOW: lambda dx, dy: dx == 0 and dy == 1,
    Relation.DIRECTLY_LEFT: lambda dx, dy: dy == 0 and dx == -1,
    Relation.DIRECTLY_RIGHT: lambda dx, dy: dy == 0 and dx == 1,
    Relation.DIAGONALS: lambda dx, dy: dx != 0 and abs(dx) == abs(dy),
}


class Trait(enum.Enum):
    """What cards can have in common: a shield type, a banner (deck), or a printed cost."""

    SHIELD = "shield"
    DECK = "deck"
    COST = "cost"


_COST_CCL = {Comparison.EQ: "{n}", Comparison.GE: "{n} or more", Comparison.LE: "{n} or less",
             Comparison.GT: "more than {n}", Comparison.LT: "less than {n}", Comparison.NE: "other than {n}"}
_SHIELDS_CCL = {Comparison.EQ: "{n} shield{s}", Comparison.GE: "{n} or more shields",
                Comparison.LE: "{n} or fewer shields", Comparison.GT: "more than {n} shield{s}",
                Comparison.LT: "fewer than {n} shield{s}", Comparison.NE: "other than {n} shield{s}"}
_SHIELDS_ENGLISH = {Comparison.EQ: "exactly {n} shield{s}", Comparison.GE: "{n} or more shields",
                    Comparison.LE: "{n} or fewer shields", Comparison.GT: "more than {n} shield{s}",
                    Comparison.LT: "fewer than {n} shield{s}", Comparison.NE: "other than {n} shield{s}"}
_VS_THIS_CCL = {Comparison.EQ: "costing the same as this card", Comparison.GT: "costing more than this card",
                Comparison.LT: "costing less than this card", Comparison.GE: "costing at least as much as this card",
                Comparison.LE: "costing at most as much as this card",
                Comparison.NE: "costing other than this card"}
_VS_THIS_ENGLISH = {
    Comparison.EQ: "with the same printed cost as this card",
    Comparison.GT: "with a higher printed cost than this card",
    Comparison.LT: "with a lower printed cost than this card",
    Comparison.GE: "with a printed cost at least this card's",
    Comparison.LE: "with a printed cost at most this card's",
    Comparison.NE: "with a printed cost other than this card's",
}
_PART_WITH = {Part.PURSE: "a purse", Part.DISCOUNT: "a discount ability", Part.LOCK: "a lock",
              Part.MESSENGER: "the messenger icon", Part.ABILITY: "an ability", Part.TRIGGER: "a trigger",
              Part.SCORING: "a scoring rule"}
#: Parts written as an adjective in the card language ("purse card"); the others as "card with ...".
_PART_ADJECTIVES = {Part.PURSE: "purse", Part.DISCOUNT: "discount", Part.LOCK: "lock", Part.MESSENGER: "messenger"}
_RELATION_CCL = {Relation.ROW: "in row", Relation.COLUMN: "in column", Relation.ROW_AND_COLUMN: "in row and column",
                 Relation.ADJACENT: "adjacent to this card", Relation.DIAGONAL: "diagonal to this card",
                 Relation.AROUND: "around this card", Relation.THIS: "that is this card",
                 Relation.OTHER: "other than this card", Relation.ABOVE: "above this card",
                 Relation.BELOW: "below this card", Relation.LEFT: "left of this card",
                 Relation.RIGHT: "right of this card", Relation.DIRECTLY_ABOVE: "directly above this card",
                 Relation.DIRECTLY_BELOW: "directly below this card",
                 Relation.DIRECTLY_LEFT: "directly left of this card",
                 Relation.DIRECTLY_RIGHT: "directly right of this card",
                 Relation.DIAGONALS: "on this card's diagonals"}
_RELATION_ENGLISH = {Relation.ROW: "in this card's row", Relation.COLUMN: "in this card's column",
                     Relation.ROW_AND_COLUMN: "in this card's row and column",
                     Relation.ADJACENT: "orthogonally next to this card",
                     Relation.DIAGONAL: "diagonally next to this card",
                     Relation.AROUND: "in one of the eight spaces around this card",
                     Relation.THIS: "that is this card", Relation.OTHER: "other than this card",
                     Relation.ABOVE: "above this card in its column",
                     Relation.BELOW: "below this card in its column",
                     Relation.LEFT: "to the left of this card in its row",
                     Relation.RIGHT: "to the right of this card in its row",
                     Relation.DIRECTLY_ABOVE: "in the space directly above this card",
                     Relation.DIRECTLY_BELOW: "in the space directly below this card",
                     Relation.DIRECTLY_LEFT: "in the space directly left of this card",
                     Relation.DIRECTLY_RIGHT: "in the space directly right of this card",
                     Relation.DIAGONALS: "on a diagonal line through this card"}
_SHARES = {Trait.SHIELD: "sharing a shield type with this card", Trait.DECK: "sharing a banner with this card",
           Trait.COST: "sharing a cost with this card"}
_SHARES_ENGLISH = {Trait.SHIELD: "sharing a shield type with this card", Trait.DECK: "sharing a banner with this card",
                   Trait.COST: "sharing a printed cost with this card"}


def _shield_list(shields: tuple[Shield, ...]) -> str:
    return english.join_or(shield.value for shield in shields)


def _article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _s(n: int) -> str:
    return "" if n == 1 else "s"


@attrs.frozen
class FaceDown:
    """A face-down card."""

    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        return FilterWords(("face-down",), (), "that is face up", "that is face down")

    def english(self) -> FilterWords:
        return FilterWords(("face-down",), (), "that is face up", "that is face down")

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return ()


@attrs.frozen
class FaceUp:
    """A face-up card."""

    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        return FilterWords(("face-up",), (), "that is face down", "that is face up")

    def english(self) -> FilterWords:
        return FilterWords(("face-up",), (), "that is face down", "that is face up")

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return ()


@attrs.frozen
class DeckIs:
    """A face-up card of one deck (it shows that deck's banner): ``village card``, ``card with a village banner``."""

    deck: Deck
    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        item = f"a {self.deck.value} banner"
        return FilterWords((self.deck.value,), (), f"without {item}", f"with {item}", item)

    def english(self) -> FilterWords:
        return self.ccl()

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return ()


@attrs.frozen
class HasShield:
    """A face-up card with at least one shield of any of ``shields``: ``card with a military or faith shield``.

    ``chosen`` (written ``with that shield``, no ``shields``) is a shield of the type chosen by the scoring rule
    around it (``for the shield type of your choice: ...``, :class:`~castle_combo.language.model.ScoreForChosenShield`),
    which puts each type in its place before the rule is counted or checked; anywhere else it is refused.
    """

    shields: tuple[Shield, ...]
    chosen: bool = attrs.field(default=False, kw_only=True)
    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        item = "that shield" if self.chosen else f"{_article(_shield_list(self.shields))} shield"
        return FilterWords((), (f"with {item}",), f"without {item}", f"with {item}", item)

    def english(self) -> FilterWords:
        if self.chosen:
            return FilterWords((), ("with a shield of that type",), "without a shield of that type",
                               "with a shield of that type", "a shield of that type")
        return self.ccl()

    def problems(self, where: Where) -> tuple[Problem, ...]:
        if self.chosen:
            return REFUSALS.of(self, where)
        if not self.shields:
            return (Problem("a card 'with a shield' of no type can never be found", "name the shield type",
                            self.source),)
        if len(set(self.shields)) != len(self.shields):
            return (Problem("a shield type is named twice", "name each type once", self.source),)
        return ()


REFUSALS.add("`with that shield`", "anywhere but inside `for the shield type of your choice:` (a scoring rule)",
             "'that shield' is the shield type chosen by 'for the shield type of your choice:', and nothing here "
             "chooses one", "start the scoring rule with 'for the shield type of your choice:', or name a shield "
             "type ('with a faith shield')", on=HasShield, refuses=lambda f, w: f.chosen)


@attrs.frozen
class HasWild:
    """A face-up card printed with a wild shield: ``card with a wild shield``."""

    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        return FilterWords((), ("with a wild shield",), "without a wild shield", "with a wild shield", "a wild shield")

    def english(self) -> FilterWords:
        return self.ccl()

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return ()


@attrs.frozen
class ShieldCountIs:
    """A face-up card printed with a number of shields: ``card with 2 shields``, ``card with 2 or more shields``.

    Wild shields count (a wild shield is a shield of no type).
    """

    comparison: Comparison
    shields: int
    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        item = _SHIELDS_CCL[self.comparison].format(n=self.shields, s=_s(self.shields))
        return FilterWords((), (f"with {item}",), f"without {item}", f"with {item}", item)

    def english(self) -> FilterWords:
        item = _SHIELDS_ENGLISH[self.comparison].format(n=self.shields, s=_s(self.shields))
        return FilterWords((), (f"with {item}",), f"without {item}", f"with {item}", item)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return out_of_range(self.shields, 1, MAX_SHIELDS, "the number of shields per card", self.source)


@attrs.frozen
class CostIs:
    """A face-up card whose printed cost compares with a number: ``card costing 5 or more``."""

    comparison: Comparison
    cost: int
    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        phrase = "costing " + _COST_CCL[self.comparison].format(n=self.cost)
        return FilterWords((), (phrase,), "not " + phrase, phrase)

    def english(self) -> FilterWords:
        phrase = "with printed cost " + _COST_CCL[self.comparison].format(n=self.cost)
        return FilterWords((), (phrase,), "not " + phrase, phrase)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return out_of_range(self.cost, 0, MAX_COST, "the cost compared", self.source)


@attrs.frozen
class CostVsThis:
    """A face-up card whose printed cost compares with this card's: ``card costing less than this card``."""

    comparison: Comparison
    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        phrase = _VS_THIS_CCL[self.comparison]
        return FilterWords((), (phrase,), "not " + phrase, phrase)

    def english(self) -> FilterWords:
        phrase = _VS_THIS_ENGLISH[self.comparison]
        return FilterWords((), (phrase,), "not " + phrase, phrase)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return ()


@attrs.frozen
class HasPart:
    """A face-up card printed with a part: ``purse card``, ``card with a trigger``.

    ``ABILITY`` is an ability when bought; ``TRIGGER`` a start-of-turn,
    end-of-turn or end-of-game effect; ``DISCOUNT`` a discount anywhere in its
    abilities; ``SCORING`` at least one scoring rule.
    """

    part: Part
    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        return self._words(_PART_ADJECTIVES)

    def english(self) -> FilterWords:
        return self._words({part: word for part, word in _PART_ADJECTIVES.items() if part in (Part.PURSE, Part.LOCK)})

    def _words(self, adjectives: dict[Part, str]) -> FilterWords:
        item = _PART_WITH[self.part]
        adjective = adjectives.get(self.part)
        return FilterWords((adjective,) if adjective else (), () if adjective else (f"with {item}",),
                           f"without {item}", f"with {item}", item)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return ()


@attrs.frozen
class HoldsGold:
    """A card with gold stored on it (a face-up purse card holding at least 1 gold): ``card holding gold``."""

    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        return FilterWords((), ("holding gold",), "not holding gold", "holding gold")

    def english(self) -> FilterWords:
        return self.ccl()

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return ()


@attrs.frozen
class HoldsKey:
    """A card with a key on it: a lock card still holding its key (its lock not opened yet), or a card with keys
    locked on it by its effects (``put 2 keys on this card``)."""

    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        return FilterWords((), ("holding a key",), "not holding a key", "holding a key")

    def english(self) -> FilterWords:
        return self.ccl()

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return ()


def _quoted(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


@attrs.frozen
class Named:
    """A face-up card with one of the names ``names``: ``card named "Nun"``, ``card named "Nun" or "Monk"``.

    Names compare exactly as a ruleset looks cards up (``rules["Nun"]``): the
    card's own name, case and all, never a localized one. A face-down card
    shows no name, so it never passes. A name no card has is allowed (a file
    may name the cards of another file); ``castle-combo check`` warns of one
    that no card it loaded has.
    """

    names: tuple[str, ...]
    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        phrase = "named " + " or ".join(_quoted(name) for name in self.names)
        return FilterWords((), (phrase,), "not " + phrase, phrase)

    def english(self) -> FilterWords:
        phrase = "named " + english.join_or(self.names)
        return FilterWords((), (phrase,), "not " + phrase, phrase)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        if not self.names:
            return (Problem("a card 'named' no name can never be found", 'write a name: named "Nun"', self.source),)
        if len(set(self.names)) != len(self.names):
            return (Problem("a card name is written twice", "name each card once", self.source),)
        for name in self.names:
            fault = name_fault(name)
            if fault is not None and (not name or name != name.strip()):
                said = f"the card name {name!r} {fault[0]}" if name else f"the card name {fault[0]}"
                return (Problem(f"{said}, so no card has it", "write the name as the card's own name", self.source),)
        return ()


@attrs.frozen
class Shares:
    """A face-up card that has something in common with this card: a shield type, a banner, or a printed cost.

    This card itself always shares with itself; write ``other than this
    card`` to leave it out.
    """

    trait: Trait
    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        phrase = _SHARES[self.trait]
        return FilterWords((), (phrase,), "not " + phrase, phrase)

    def english(self) -> FilterWords:
        phrase = _SHARES_ENGLISH[self.trait]
        return FilterWords((), (phrase,), "not " + phrase, phrase)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return ()


@attrs.frozen
class Near:
    """A card of the owner's tableau in a place relative to this card: ``card adjacent to this card``."""

    relation: Relation
    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        return self._words(_RELATION_CCL)

    def english(self) -> FilterWords:
        return self._words(_RELATION_ENGLISH)

    def _words(self, phrases: dict[Relation, str]) -> FilterWords:
        phrase = phrases[self.relation]
        if self.relation is Relation.THIS:  # "that is this card" is a phrase of a card, not a place
            return FilterWords((), (phrase,), phrases[Relation.OTHER], phrase)
        if self.relation is Relation.OTHER:
            return FilterWords((), (phrase,), phrases[Relation.THIS], phrase, place=True)
        return FilterWords((), (phrase,), "not " + phrase, phrase, place=True)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return ()


@attrs.frozen
class Region:
    """A set of cells of the final 3x3 grid.

    ``cells`` holds ``(column, row)`` pairs with ``(0, 0)`` top left and
    ``(2, 2)`` bottom right. ``name`` is the region's name when it has one
    (``"top row"``, ``"a corner"``, ...) and ``None`` for a drawn mask.
    """

    cells: frozenset[tuple[int, int]]
    name: str | None = None
    source: Source | None = source_field()

    def problems(self) -> tuple[Problem, ...]:
        """No cell at all, a cell off the 3x3 grid, or a name that does not match the cells."""
        if not self.cells:
            return (Problem("the position has no cell, so the card can never score it",
                            "mark at least one cell with X", self.source),)
        outside = sorted(cell for cell in self.cells if not (0 <= cell[0] <= 2 and 0 <= cell[1] <= 2))
        if outside:
            return (Problem(f"cells {outside} are outside the 3x3 grid",
                            "use (column, row) pairs from (0, 0) to (2, 2)", self.source),)
        if self.name is not None and NAMED_REGIONS.get(self.name) != self.cells:
            return (Problem(f"the region name {self.name!r} does not match its cells",
                            "use one of " + ", ".join(map(repr, NAMED_REGIONS)) + " or no name",
                            self.source),)
        return ()

    def describe(self) -> str:
        """The region after "ends in": its name, else its cells in reading order."""
        if self.name is not None:
            return self.name if self.name.startswith(("a ", "an ", "the ")) else f"the {self.name}"
        in_reading_order = sorted(self.cells, key=lambda cell: (cell[1], cell[0]))
        cells = [english.cell_name(column, row) for column, row in in_reading_order]
        if not cells:
            return "no space of the grid"
        if len(cells) == 1:
            return f"the {cells[0]} space"
        return "one of these spaces: " + ", ".join(cells)


#: Regions of the grid written as an adjective before "card" ("corner card").
_REGION_ADJECTIVES = {"a corner": "corner", "the middle of an edge": "edge", "the center": "center"}
#: Regions of the grid as a place after "card" ("card in a corner").
_REGION_PLACES = {"a corner": "in a corner", "the middle of an edge": "on an edge", "the center": "in the center"}


@attrs.frozen
class InRegion:
    """A card that ends in a region of its owner's final 3x3 grid: ``card in a corner`` (scoring only)."""

    region: Region
    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        name = self.region.name
        place = _REGION_PLACES.get(name or "", f"in {name}" if name else "in a space of the mask")
        adjective = _REGION_ADJECTIVES.get(name or "")
        if adjective is not None:
            return FilterWords((adjective,), (), "not " + place, place, place=True)
        return FilterWords((), (place,), "not " + place, place, place=True)

    def english(self) -> FilterWords:
        phrase = f"in {self.region.describe()} of your final grid"
        return FilterWords((), (phrase,), "not " + phrase, phrase, place=True)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return self.region.problems() + REFUSALS.of(self, where)


REFUSALS.add("a card in a mask of the grid", "anywhere", "a card filter names a row, a column, the corners, the "
             "edges or the center of the grid", "use 'in top row', 'in left column', 'corner card', 'edge card' or "
             "'center card'", on=InRegion, refuses=lambda f, w: f.region.name is None)
REFUSALS.add("a card in a part of the final grid (`corner card`, `in top row`)", "an ability", "an ability resolves "
             "before the final grid is known, so no card is 'in' a region of it yet", "move the count to a scoring "
             "rule", on=InRegion, refuses=lambda f, w: not w.scoring)


@attrs.frozen
class AllOf:
    """Cards that pass every filter of ``filters`` ("and"): ``village card costing 2 or less``.

    Build it with :func:`all_of`, which flattens nested ones and puts the
    filters in the canonical order, so the same filters written in any order
    make equal cards.
    """

    filters: tuple[CardFilter, ...]
    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        return words(self, ccl=True)

    def english(self) -> FilterWords:
        return words(self, ccl=False)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return _joined_problems(self.filters, "and", where, self.source) + REFUSALS.of(self, where)


@attrs.frozen
class AnyOf:
    """Cards that pass at least one filter of ``filters`` ("or"): ``card with a lock or a purse``.

    Build it with :func:`any_of`, which flattens nested ones and puts the
    filters in the canonical order.
    """

    filters: tuple[CardFilter, ...]
    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        return words(self, ccl=True)

    def english(self) -> FilterWords:
        return words(self, ccl=False)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return _joined_problems(self.filters, "or", where, self.source)


@attrs.frozen
class Excluding:
    """Cards that fail ``filter`` ("not", "without"): ``card without a purse``, ``card not holding gold``,
    ``card without a faith shield or a military shield`` (neither).
    """

    filter: CardFilter
    source: Source | None = source_field()

    def ccl(self) -> FilterWords:
        return words(self, ccl=True)

    def english(self) -> FilterWords:
        return words(self, ccl=False)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return self.filter.problems(where)


def contradictory(filters: Iterable[CardFilter], relation: Relation | None = None) -> bool:
    """Whether places joined by "and" can never all hold: places relative to this card (with ``relation``, a
    count's own place relative to it), parts of the final grid, or both together.

    Every pair of spaces of the 3x3 grid is tried, one for the card and one
    for this card, so any places at all are judged, not a list of known
    pairs: ``card in top row below this card`` is refused, since this card
    would have to lie above the top row.
    """
    near_in = [relation] if relation is not None else []
    near_out: list[Relation] = []
    cells_in: list[frozenset[tuple[int, int]]] = []
    cells_out: list[frozenset[tuple[int, int]]] = []
    for f in _conjuncts(filters):
        inner, into = (f.filter, (near_out, cells_out)) if isinstance(f, Excluding) else (f, (near_in, cells_in))
        if isinstance(inner, Near):
            into[0].append(inner.relation)
        elif isinstance(inner, InRegion):
            into[1].append(inner.region.cells)
    if len(near_in) + len(near_out) + len(cells_in) + len(cells_out) < 2:
        return False
    grid = [(x, y) for x in range(3) for y in range(3)]
    return not any(
        all(cell in cells for cells in cells_in) and not any(cell in cells for cells in cells_out)
        and all(r.holds(cell[0] - me[0], cell[1] - me[1]) for r in near_in)
        and not any(r.holds(cell[0] - me[0], cell[1] - me[1]) for r in near_out)
        for cell in grid for me in grid)


def _conjuncts(filters: Iterable[CardFilter]) -> Iterator[CardFilter]:
    """The filters joined by "and", through "and"s in brackets: ``this card and (other than this card and ...)``
    is judged as the text reads once the brackets go, whether a Python-built filter nests them or not."""
    for f in filters:
        if isinstance(f, AllOf):
            yield from _conjuncts(f.filters)
        else:
            yield f


#: What the rules about contradictory places say (a count's own place and its cards' places say it too).
CONTRADICTORY = ("these places contradict each other, so no card is ever in all of them",
                 "keep one of them, or join them with 'or' between brackets: '(adjacent to this card or diagonal to "
                 "this card)'")
REFUSALS.add("places joined by 'and' (`adjacent to this card diagonal to this card`, `corner card in top row`, "
             "`card in top row below this card` ...)",
             "anywhere", *CONTRADICTORY, on=AllOf, refuses=lambda f, w: contradictory(f.filters),
             at=lambda f: f.source or next((p.source for p in f.filters if p.source is not None), None))


def face_up_only(f: CardFilter) -> bool:
    """Whether no face-down card can ever pass ``f``: it reads what only a face-up card shows (its deck, shields,
    printed cost, parts, stored gold or key) and offers no way round it.

    A face-down card shows nothing of the card it was (the rules page, "Face-down cards"): the engine gives it
    no deck, no shield, no cost and no part, so such a filter fails on it.
    """
    return _one_side_only(f, face_down=False)


def _face_down_only(f: CardFilter) -> bool:
    """Whether no face-up card can ever pass ``f`` (``face-down``, ``not face-up``, ...)."""
    return _one_side_only(f, face_down=True)


def _one_side_only(f: CardFilter, *, face_down: bool) -> bool:
    """Whether only face-down cards (``face_down``) or only face-up ones can ever pass ``f``: an "and" needs one
    part that says so, an "or" every part, and a "not" a filter every card of the other side passes."""
    match f:
        case FaceDown():
            return face_down
        case FaceUp() | DeckIs() | HasShield() | HasWild() | ShieldCountIs() | CostIs() | CostVsThis() | HasPart() \
                | HoldsGold() | HoldsKey() | Shares() | Named():
            return not face_down
        case AllOf(filters=inner):
            return any(_one_side_only(part, face_down=face_down) for part in inner)
        case AnyOf(filters=inner):
            return all(_one_side_only(part, face_down=face_down) for part in inner)
        case Excluding(filter=inner):
            return _passes_every(inner, face_down=not face_down)
    return False


def _passes_every(f: CardFilter, *, face_down: bool) -> bool:
    """Whether every face-down card (``face_down``), or every face-up card, passes ``f``."""
    match f:
        case FaceDown():
            return face_down
        case FaceUp():
            return not face_down
        case AllOf(filters=inner):
            return all(_passes_every(part, face_down=face_down) for part in inner)
        case AnyOf(filters=inner):
            return any(_passes_every(part, face_down=face_down) for part in inner)
        case Excluding(filter=inner):
            return face_up_only(inner) if face_down else _face_down_only(inner)
    return False


def face_down_never(filters: Iterable[CardFilter]) -> tuple[CardFilter, ...]:
    """Of filters joined by "and", those no face-down card passes, when another passes face-down cards only."""
    filters = tuple(filters)
    if not any(_face_down_only(f) for f in filters):
        return ()
    return tuple(f for f in filters if face_up_only(f))


REFUSALS.add("`face-down` (`that is face down`)", "a filter that reads what only a face-up card shows (a deck, a "
             "shield, a printed cost, a part, stored gold: `face-down castle card costing 5`)",
             "a face-down card shows no deck, shield, cost or part, so '{what}' never matches a face-down card",
             "drop '{what}' to mean any face-down card, or drop 'face-down' to mean face-up cards", key="face-down",
             on=AllOf, refuses=lambda f, w: bool(face_down_never(f.filters)),
             fill=lambda f, w: {"what": face_down_words(face_down_never(f.filters))},
             at=lambda f: next((p.source for p in face_down_never(f.filters) if p.source is not None), f.source),
             example={"what": "castle"})


def face_down_words(filters: tuple[CardFilter, ...]) -> str:
    """Filters as the card language's words for a message: "castle", "castle costing 5", "with a faith shield"."""
    said = [words(f, ccl=True) for f in filters]
    return " ".join([w for s in said for w in s.adjectives] + [w for s in said for w in s.suffixes])


CardFilter = Union[
    FaceDown, FaceUp, DeckIs, HasShield, HasWild, ShieldCountIs, CostIs, CostVsThis, HasPart, HoldsGold, HoldsKey,
    Shares, Named, Near, InRegion, AllOf, AnyOf, Excluding,
]
#: The canonical order of filters in an "and" and an "or": adjectives first, in the order they read best.
_ORDER = {cls: i for i, cls in enumerate((FaceDown, FaceUp, DeckIs, HasPart, HasShield, HasWild, ShieldCountIs, CostIs,
                                          CostVsThis, Shares, Named, HoldsGold, HoldsKey, InRegion, Near, Excluding,
                                          AnyOf, AllOf))}
#: The card language's slots of adjectives before "card", in the order it reads them.
_SLOTS = {FaceDown: 0, FaceUp: 0, InRegion: 2, DeckIs: 3, HasPart: 4}


def _joined_problems(filters: tuple[CardFilter, ...], word: str, where: Where,
                     source: Source | None) -> tuple[Problem, ...]:
    found: tuple[Problem, ...] = ()
    if len(filters) < 2:
        found += (Problem(f"'{word}' joins at least two filters", f"write a filter on each side of '{word}'", source),)
    for f in filters:
        found += f.problems(where)
    return found


def _key(f: CardFilter) -> tuple[int, str]:
    return _ORDER.get(type(f), len(_ORDER)), repr(f)  # a filter the order does not name goes last


def _canonical(filters: Iterable[CardFilter | None], kind: type[AllOf] | type[AnyOf]) -> list[CardFilter] | None:
    """The filters of an "and" or an "or", nested ones of the same kind flattened, repeats dropped, sorted.

    ``None`` (no filter: every card) in an "or" makes the whole "or" every card, so it is returned as ``None``;
    in an "and" it is left out.
    """
    flat: list[CardFilter] = []
    for f in filters:
        if f is None:
            if kind is AnyOf:
                return None
            continue
        for part in (f.filters if isinstance(f, kind) else (f,)):
            if part not in flat:
                flat.append(part)
    return sorted(flat, key=_key)


def all_of(filters: Iterable[CardFilter | None], source: Source | None = None) -> CardFilter | None:
    """The "and" of ``filters`` in canonical form: ``None`` for none, the filter itself for one, else an :class:`AllOf`.

    Nested "and"s are flattened, repeats dropped and the rest sorted, so the
    parser, a formatter and a card built in Python agree on one value.
    """
    flat = _canonical(filters, AllOf) or []
    if not flat:
        return None
    if len(flat) == 1:
        return flat[0]
    return AllOf(tuple(flat), source=source)


def any_of(filters: Iterable[CardFilter | None], source: Source | None = None) -> CardFilter | None:
    """The "or" of ``filters`` in canonical form: ``None`` when one of them is no filter (every card passes), the
    filter itself for one, else an :class:`AnyOf` (nested ones flattened, repeats dropped, sorted)."""
    flat = _canonical(filters, AnyOf)
    if not flat:
        return None
    if len(flat) == 1:
        return flat[0]
    return AnyOf(tuple(flat), source=source)


def negated(f: CardFilter, source: Source | None = None) -> CardFilter:
    """``not f``, simplified: not face-down is face-up, not this card is other than this card, not not is nothing."""
    match f:
        case FaceDown():
            return FaceUp(source=source)
        case FaceUp():
            return FaceDown(source=source)
        case Near(relation=Relation.THIS):
            return Near(Relation.OTHER, source=source)
        case Near(relation=Relation.OTHER):
            return Near(Relation.THIS, source=source)
        case Excluding(filter=inner):
            return inner
    return Excluding(f, source=source)


def filter_problems(f: CardFilter | None, where: Where) -> tuple[Problem, ...]:
    """What makes no sense in filter ``f`` where it is used (its numbers, a region of the grid in an ability, ...)."""
    return () if f is None else f.problems(where)


def parts(f: CardFilter | None) -> Iterable[CardFilter]:
    """Every filter in ``f``, itself first, depth first."""
    if f is None:
        return
    yield f
    match f:
        case AllOf(filters=inner) | AnyOf(filters=inner):
            for part in inner:
                yield from parts(part)
        case Excluding(filter=inner):
            yield from parts(inner)


def has_near(f: CardFilter | None) -> bool:
    """Whether ``f`` asks where a card lies relative to this card (so it reads the owner's tableau only)."""
    return any(isinstance(part, Near) for part in parts(f))


def reads_position(f: CardFilter | None) -> bool:
    """Whether ``f`` asks where a card lies in the final grid (:class:`InRegion`)."""
    return any(isinstance(part, InRegion) for part in parts(f))


# --------------------------------------------------------------------------
# Saying a combination of filters: the card language's and English's words.
# --------------------------------------------------------------------------


def _atom_words(f: CardFilter, ccl: bool) -> FilterWords:
    return f.ccl() if ccl else f.english()


def _is_atom(f: CardFilter) -> bool:
    return not isinstance(f, (AllOf, AnyOf, Excluding))


def _negation(f: Excluding, ccl: bool) -> tuple[str, bool] | None:
    """The phrase of "not" a property (and whether it is a place), or ``None`` for "not" a combination."""
    inner = negated(f.filter)
    if not isinstance(inner, Excluding):  # a simpler filter says the same
        if _is_atom(inner):
            w = _atom_words(inner, ccl)
            return w.alone, w.place
        return None
    if _is_atom(f.filter):
        w = _atom_words(f.filter, ccl)
        return w.negated, w.place
    if isinstance(f.filter, AnyOf) and all(_is_atom(p) and _atom_words(p, ccl).item for p in f.filter.filters):
        # "without a faith shield or a lock": neither
        return "without " + " or ".join(_atom_words(p, ccl).item for p in f.filter.filters), False
    return None


def _expr(f: CardFilter, ccl: bool) -> str:
    """``f`` as phrases joined by "and", "or", "not" (inside brackets, where places are phrases too)."""
    match f:
        case AnyOf(filters=inner):
            return " or ".join(f"({_expr(p, ccl)})" if isinstance(p, AllOf) and not ccl else _expr(p, ccl)
                               for p in inner)
        case AllOf(filters=inner):
            return " and ".join(f"({_expr(p, ccl)})" if isinstance(p, AnyOf) else _expr(p, ccl) for p in inner)
        case Excluding():
            said = _negation(f, ccl)
            if said is not None:
                return said[0]
            return f"not ({_expr(f.filter, ccl)})"
    return _atom_words(f, ccl).alone


def kinds_of_card(f: AnyOf) -> bool:
    """Whether an "or" reads best as kinds of card joined whole: "(castle card or purse card)".

    So it does when each of its filters is said without a place and one of
    them with an adjective; otherwise it is phrases after one noun ("card
    costing 2 or less or costing 5 or more").
    """
    said = [_split(p, True) for p in f.filters]
    return all(not places for _, _, places in said) and any(adjectives for adjectives, _, _ in said)


def _has_place(f: CardFilter) -> bool:
    """Whether a combination in ``f`` holds a place (which the card language writes only inside brackets)."""
    return any(_is_atom(part) and part.ccl().place for p in parts(f) if not _is_atom(p)
               for part in parts(p))


def words(f: CardFilter, *, ccl: bool, nested: bool = False) -> FilterWords:
    """Any filter's words around "card": adjectives (one of each kind the card language has), then the phrases.

    The phrases after the noun are the filter's properties (written one
    after another in the card language, joined by "and" in English), a
    combination of them (between brackets when more than one phrase stands
    there, or always when ``nested``: inside an "or" of kinds of card), and
    last the places. "not" binds first, then "and", then "or".
    """
    adjectives, items, places = _split(f, ccl)
    alone = len(items) + len(places) == 1 and not nested and not (ccl and _has_place(f))
    pieces = [(f"({text})" if combined and not alone else text, combined) for text, combined in items]
    if ccl:
        after = [text if not combined or i == 0 or not text.startswith("(") else "and " + text
                 for i, (text, combined) in enumerate(pieces)]
        suffixes = tuple(after) + tuple(places)
    else:
        suffixes = tuple(text for text, _ in pieces) + tuple(places)
    return FilterWords(adjectives, suffixes)


def _split(f: CardFilter, ccl: bool) -> tuple[tuple[str, ...], list[tuple[str, bool]], list[str]]:
    """``f``'s adjectives, its phrases (each with whether it is a combination), and its places."""
    conj = f.filters if isinstance(f, AllOf) else (f,)
    adjectives: dict[int, str] = {}
    items: list[tuple[str, bool]] = []  # (phrase, is a combination)
    places: list[str] = []
    for part in conj:
        if _is_atom(part):
            w = _atom_words(part, ccl)
            slot = _SLOTS.get(type(part))
            if w.adjectives and slot is not None and slot not in adjectives:
                adjectives[slot] = " ".join(w.adjectives)
                continue
            if w.place and ccl:
                places.append(w.alone)
            else:
                items.append((w.alone, False))
            continue
        if isinstance(part, Excluding):
            said = _negation(part, ccl)
            if said is not None:
                if said[1] and ccl:
                    places.append(said[0])
                else:
                    items.append((said[0], False))
                continue
        items.append((_expr(part, ccl), not isinstance(part, Excluding)))
    return tuple(adjectives[slot] for slot in sorted(adjectives)), items, places
