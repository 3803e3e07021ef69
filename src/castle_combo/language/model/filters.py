"""Card filters: *which* cards a count, an effect or a quantifier is about.

A filter is a property of one card: its deck, its shields, its printed cost
(as a number, or against this card's), its parts (a purse, a discount, a
lock, the messenger icon, an ability, a trigger), the gold or key it holds,
whether it shares a shield or a banner with this card, where it lies
relative to this card or in the final grid, and whether it is face up.
Filters combine with :class:`AllOf` ("and"), :class:`AnyOf` ("or") and
:class:`Excluding` ("not", "without"), and every count of cards, every effect
that picks cards and every quantifier takes one, so ``per village card
costing 2 or less with a faith shield`` needs nothing that ``per card`` does
not.

A filter that reads something printed on a card (deck, shields, cost, parts)
never matches a face-down card: a face-down card shows nothing but its back
(the rules page, "Face-down cards").

Each filter says itself three ways: its words in the card language
(:meth:`~FilterWords.ccl`), in English (:meth:`~FilterWords.english`), and
what makes no sense about it where it is used (``problems``).
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
    out_of_range,
    source_field,
)

if TYPE_CHECKING:
    from collections.abc import Iterable

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
    "HoldsGold",
    "HoldsKey",
    "InRegion",
    "Near",
    "Part",
    "Region",
    "Relation",
    "Shares",
    "ShieldCountIs",
    "Trait",
    "all_of",
    "filter_problems",
]


@attrs.frozen
class FilterWords:
    """A filter's words around the noun "card": adjectives before it, phrases after it.

    ``village card costing 2 or less`` is adjectives ``("village",)`` and
    suffixes ``("costing 2 or less",)``. ``negated`` is how the filter reads
    after "not" (or as "without ..."), always a phrase after the noun.
    """

    adjectives: tuple[str, ...] = ()
    suffixes: tuple[str, ...] = ()
    negated: str = ""


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
    """

    ROW = "row"
    COLUMN = "column"
    ROW_AND_COLUMN = "row and column"
    ADJACENT = "adjacent"
    DIAGONAL = "diagonal"
    AROUND = "around"
    THIS = "this"
    OTHER = "other"


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
                 Relation.OTHER: "other than this card"}
_RELATION_ENGLISH = {Relation.ROW: "in this card's row", Relation.COLUMN: "in this card's column",
                     Relation.ROW_AND_COLUMN: "in this card's row and column",
                     Relation.ADJACENT: "orthogonally next to this card",
                     Relation.DIAGONAL: "diagonally next to this card",
                     Relation.AROUND: "in one of the eight spaces around this card",
                     Relation.THIS: "that is this card", Relation.OTHER: "other than this card"}
_SHARES = {Trait.SHIELD: "sharing a shield type with this card", Trait.DECK: "sharing a banner with this card",
           Trait.COST: "costing the same as this card"}


def _shield_list(shields: tuple[Shield, ...]) -> str:
    return english.join_or(shield.value for shield in shields)


def _article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


@attrs.frozen
class FaceDown:
    """A face-down card."""

    source: Source | None = source_field()
    reads_printed = False

    def ccl(self) -> FilterWords:
        return FilterWords(("face-down",), (), "face-up")

    def english(self) -> FilterWords:
        return FilterWords(("face-down",), (), "face-up")


@attrs.frozen
class FaceUp:
    """A face-up card."""

    source: Source | None = source_field()
    reads_printed = False

    def ccl(self) -> FilterWords:
        return FilterWords(("face-up",), (), "face-down")

    def english(self) -> FilterWords:
        return FilterWords(("face-up",), (), "face-down")


@attrs.frozen
class DeckIs:
    """A face-up card of one deck (it shows that deck's banner): ``village card``."""

    deck: Deck
    source: Source | None = source_field()
    reads_printed = True

    def ccl(self) -> FilterWords:
        return FilterWords((self.deck.value,), (), f"from the {self.deck.value} deck")

    def english(self) -> FilterWords:
        return FilterWords((self.deck.value,), (), f"from the {self.deck.value} deck")


@attrs.frozen
class HasShield:
    """A face-up card with at least one shield of any of ``shields``: ``card with a military or faith shield``."""

    shields: tuple[Shield, ...]
    source: Source | None = source_field()
    reads_printed = True

    def ccl(self) -> FilterWords:
        thing = f"{_article(_shield_list(self.shields))} shield"
        return FilterWords((), (f"with {thing}",), f"without {thing}")

    def english(self) -> FilterWords:
        return self.ccl()

    def problems(self, where: Where) -> tuple[Problem, ...]:
        if not self.shields:
            return (Problem("a card 'with a shield' of no type can never be found", "name the shield type",
                            self.source),)
        if len(set(self.shields)) != len(self.shields):
            return (Problem("a shield type is named twice", "name each type once", self.source),)
        return ()


@attrs.frozen
class ShieldCountIs:
    """A face-up card printed with a number of shields: ``card with 2 shields``, ``card with 2 or more shields``.

    Wild shields count (a wild shield is a shield of no type).
    """

    comparison: Comparison
    shields: int
    source: Source | None = source_field()
    reads_printed = True

    def ccl(self) -> FilterWords:
        words = _SHIELDS_CCL[self.comparison].format(n=self.shields, s="" if self.shields == 1 else "s")
        return FilterWords((), (f"with {words}",), f"not with {words}")

    def english(self) -> FilterWords:
        words = _SHIELDS_ENGLISH[self.comparison].format(n=self.shields, s="" if self.shields == 1 else "s")
        return FilterWords((), (f"with {words}",), f"not with {words}")

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return out_of_range(self.shields, 1, MAX_SHIELDS, "the number of shields per card", self.source)


@attrs.frozen
class CostIs:
    """A face-up card whose printed cost compares with a number: ``card costing 5 or more``."""

    comparison: Comparison
    cost: int
    source: Source | None = source_field()
    reads_printed = True

    def ccl(self) -> FilterWords:
        words = "costing " + _COST_CCL[self.comparison].format(n=self.cost)
        return FilterWords((), (words,), "not " + words)

    def english(self) -> FilterWords:
        words = "with printed cost " + _COST_CCL[self.comparison].format(n=self.cost)
        return FilterWords((), (words,), "not " + words)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return out_of_range(self.cost, 0, MAX_COST, "the cost compared", self.source)


@attrs.frozen
class CostVsThis:
    """A face-up card whose printed cost compares with this card's: ``card costing less than this card``."""

    comparison: Comparison
    source: Source | None = source_field()
    reads_printed = True

    def ccl(self) -> FilterWords:
        return FilterWords((), (_VS_THIS_CCL[self.comparison],), "not " + _VS_THIS_CCL[self.comparison])

    def english(self) -> FilterWords:
        return FilterWords((), (_VS_THIS_ENGLISH[self.comparison],), "not " + _VS_THIS_ENGLISH[self.comparison])


@attrs.frozen
class HasPart:
    """A face-up card printed with a part: ``purse card``, ``card with a trigger``.

    ``ABILITY`` is an ability when bought; ``TRIGGER`` a start-of-turn,
    end-of-turn or end-of-game effect; ``DISCOUNT`` a discount anywhere in its
    abilities; ``SCORING`` at least one scoring rule.
    """

    part: Part
    source: Source | None = source_field()
    reads_printed = True

    def ccl(self) -> FilterWords:
        negated = f"without {_PART_WITH[self.part]}"
        if self.part in _PART_ADJECTIVES:
            return FilterWords((_PART_ADJECTIVES[self.part],), (), negated)
        return FilterWords((), (f"with {_PART_WITH[self.part]}",), negated)

    def english(self) -> FilterWords:
        negated = f"without {_PART_WITH[self.part]}"
        if self.part in (Part.PURSE, Part.LOCK):
            return FilterWords((self.part.value,), (), negated)
        return FilterWords((), (f"with {_PART_WITH[self.part]}",), negated)


@attrs.frozen
class HoldsGold:
    """A card with gold stored on it (a face-up purse card holding at least 1 gold)."""

    source: Source | None = source_field()
    reads_printed = False

    def ccl(self) -> FilterWords:
        return FilterWords((), ("holding gold",), "not holding gold")

    def english(self) -> FilterWords:
        return FilterWords((), ("holding gold",), "not holding gold")


@attrs.frozen
class HoldsKey:
    """A lock card still holding its key (its lock not opened yet)."""

    source: Source | None = source_field()
    reads_printed = False

    def ccl(self) -> FilterWords:
        return FilterWords((), ("holding a key",), "not holding a key")

    def english(self) -> FilterWords:
        return FilterWords((), ("holding its key",), "not holding its key")


@attrs.frozen
class Shares:
    """A face-up card that has something in common with this card: a shield type, a banner, or a printed cost.

    This card itself always shares with itself; write ``other than this
    card`` to leave it out.
    """

    trait: Trait
    source: Source | None = source_field()
    reads_printed = True

    def ccl(self) -> FilterWords:
        return FilterWords((), (_SHARES[self.trait],), "not " + _SHARES[self.trait])

    def english(self) -> FilterWords:
        return self.ccl()


@attrs.frozen
class Near:
    """A card of the owner's tableau in a place relative to this card: ``card adjacent to this card``."""

    relation: Relation
    source: Source | None = source_field()
    reads_printed = False

    def ccl(self) -> FilterWords:
        words = _RELATION_CCL[self.relation]
        if self.relation is Relation.OTHER:
            return FilterWords((), (words,), "that is this card")
        return FilterWords((), (words,), "not " + words.removeprefix("that is "))

    def english(self) -> FilterWords:
        words = _RELATION_ENGLISH[self.relation]
        return FilterWords((), (words,), "not " + words.removeprefix("that is "))


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


@attrs.frozen
class InRegion:
    """A card that ends in a region of its owner's final 3x3 grid: ``card in a corner`` (scoring only)."""

    region: Region
    source: Source | None = source_field()
    reads_printed = False

    def ccl(self) -> FilterWords:
        name = self.region.name
        adjective = _REGION_ADJECTIVES.get(name or "")
        if adjective is not None:
            negated = "not on an edge" if adjective == "edge" else f"not in {name}"
            return FilterWords((adjective,), (), negated)
        if name is None:
            return FilterWords((), ("in a space of the mask",), "not in a space of the mask")
        return FilterWords((), (f"in {name}",), f"not in {name}")

    def english(self) -> FilterWords:
        words = f"in {self.region.describe()} of your final grid"
        return FilterWords((), (words,), "not " + words)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        found = self.region.problems()
        if self.region.name is None:
            found += (Problem("a card filter names a row, a column, the corners, the edges or the center of the grid",
                              "use 'in top row', 'in left column', 'corner card', 'edge card' or 'center card'",
                              self.source),)
        if not where.scoring:
            found += (Problem("an ability resolves before the final grid is known, so no card is 'in' a "
                              "region of it yet", "move the count to a scoring rule", self.source),)
        return found


@attrs.frozen
class AllOf:
    """Cards that pass every filter of ``filters`` ("and"): ``village card costing 2 or less``.

    Build it with :func:`all_of`, which flattens nested ones and puts the
    filters in the canonical order, so the same filters written in any order
    make equal cards.
    """

    filters: tuple[CardFilter, ...]
    source: Source | None = source_field()

    @property
    def reads_printed(self) -> bool:
        return any(f.reads_printed for f in self.filters)

    def ccl(self) -> FilterWords:
        return _joined([f.ccl() for f in self.filters])

    def english(self) -> FilterWords:
        return _joined([f.english() for f in self.filters])


@attrs.frozen
class AnyOf:
    """Cards that pass at least one filter of ``filters`` ("or"): ``castle card or purse card``.

    In the card language an "or" joins whole noun phrases of the same noun,
    so a filter of one count is either one ``AnyOf`` of alternatives or none.
    """

    filters: tuple[CardFilter, ...]
    source: Source | None = source_field()

    @property
    def reads_printed(self) -> bool:
        return all(f.reads_printed for f in self.filters)

    def ccl(self) -> FilterWords:
        raise NotImplementedError("an 'or' of card filters is written as whole noun phrases")

    def english(self) -> FilterWords:
        raise NotImplementedError("an 'or' of card filters is said as whole noun phrases")


@attrs.frozen
class Excluding:
    """Cards that fail ``filter`` ("not", "without"): ``card without a purse``, ``card not in row``."""

    filter: CardFilter
    source: Source | None = source_field()
    reads_printed = False

    def ccl(self) -> FilterWords:
        return FilterWords((), (self.filter.ccl().negated,), "")

    def english(self) -> FilterWords:
        return FilterWords((), (self.filter.english().negated,), "")


CardFilter = Union[
    FaceDown, FaceUp, DeckIs, HasShield, ShieldCountIs, CostIs, CostVsThis, HasPart, HoldsGold, HoldsKey, Shares,
    Near, InRegion, AllOf, AnyOf, Excluding,
]
#: The canonical order of filters in an "and": adjectives first, in the order they read best.
_ORDER = {cls: i for i, cls in enumerate((FaceDown, FaceUp, DeckIs, HasPart, HasShield, ShieldCountIs, CostIs,
                                          CostVsThis, Shares, HoldsGold, HoldsKey, InRegion, Near, Excluding,
                                          AnyOf, AllOf))}


def _joined(parts: list[FilterWords]) -> FilterWords:
    adjectives = tuple(word for p in parts for word in p.adjectives)
    suffixes = tuple(word for p in parts for word in p.suffixes)
    return FilterWords(adjectives, suffixes, "")


def _key(f: CardFilter) -> tuple[int, str]:
    return _ORDER[type(f)], repr(f)


def all_of(filters: Iterable[CardFilter | None], source: Source | None = None) -> CardFilter | None:
    """The "and" of ``filters`` in canonical form: ``None`` for none, the filter itself for one, else an :class:`AllOf`.

    Nested "and"s are flattened, repeats dropped and the rest sorted, so the
    parser, a formatter and a card built in Python agree on one value.
    """
    flat: list[CardFilter] = []
    for f in filters:
        if f is None:
            continue
        for part in (f.filters if isinstance(f, AllOf) else (f,)):
            if part not in flat:
                flat.append(part)
    if not flat:
        return None
    if len(flat) == 1:
        return flat[0]
    return AllOf(tuple(sorted(flat, key=_key)), source=source)


def negated(f: CardFilter, source: Source | None = None) -> CardFilter:
    """``not f``, simplified: not face-down is face-up and not not is nothing."""
    if isinstance(f, FaceDown):
        return FaceUp(source=source)
    if isinstance(f, FaceUp):
        return FaceDown(source=source)
    if isinstance(f, Excluding):
        return f.filter
    return Excluding(f, source=source)


def filter_problems(f: CardFilter | None, where: Where) -> tuple[Problem, ...]:
    """What makes no sense in filter ``f`` (its numbers, a region in an ability, an "or" inside an "and")."""
    if f is None:
        return ()
    found: tuple[Problem, ...] = ()
    if isinstance(f, (AllOf, AnyOf)):
        for part in f.filters:
            if isinstance(part, AnyOf) or (isinstance(f, AnyOf) and isinstance(part, AllOf) and any(
                    isinstance(p, AnyOf) for p in part.filters)):
                found += (Problem("an 'or' of cards can only join whole kinds of cards",
                                  "write it as 'castle card or purse card'", f.source),)
            found += filter_problems(part, where)
        return found
    if isinstance(f, Excluding):
        if isinstance(f.filter, (AllOf, AnyOf, Excluding)):
            found += (Problem("'not' applies to one property of a card", "write 'not' before each property",
                              f.source),)
        return found + filter_problems(f.filter, where)
    check = getattr(f, "problems", None)
    return found + (check(where) if check is not None else ())


def has_near(f: CardFilter | None) -> bool:
    """Whether ``f`` asks where a card lies relative to this card (so it reads the owner's tableau only)."""
    if f is None:
        return False
    if isinstance(f, Near):
        return True
    if isinstance(f, (AllOf, AnyOf)):
        return any(has_near(part) for part in f.filters)
    if isinstance(f, Excluding):
        return has_near(f.filter)
    return False


def reads_position(f: CardFilter | None) -> bool:
    """Whether ``f`` asks where a card lies in the final grid (:class:`InRegion`)."""
    if f is None:
        return False
    if isinstance(f, InRegion):
        return True
    if isinstance(f, (AllOf, AnyOf)):
        return any(reads_position(part) for part in f.filters)
    if isinstance(f, Excluding):
        return reads_position(f.filter)
    return False


def matches_face_down(f: CardFilter | None) -> bool:
    """Whether a face-down card can pass ``f`` (a filter reading a printed property never lets one pass)."""
    if f is None:
        return True
    if isinstance(f, FaceUp) or f.reads_printed:
        return False
    if isinstance(f, AllOf):
        return all(matches_face_down(part) for part in f.filters)
    if isinstance(f, AnyOf):
        return any(matches_face_down(part) for part in f.filters)
    return True
