"""The card model: what a card *is*, as plain frozen data.

The card language (``castle_combo.dsl``) parses ``.ccl`` text into these
objects; the engine (``castle_combo.rules`` and ``castle_combo.scoring``)
compiles them into fast evaluators once per ruleset. Nothing here knows about
text syntax or about game states: the model is the contract between the two.

The building blocks compose freely:

* a **count** says *what* is counted (:class:`ShieldsOf`, :class:`Banners`,
  :class:`ShieldSets`, :class:`EmptySpaces`, ...);
* a :class:`Scope` says *where* (whole tableau, this card's row, column,
  row and column, or a neighbour's tableau);
* a :class:`Per` joins the two: "per faith shield in row";
* **effects** are what an ability does when the card is bought face up
  (:class:`Gain`, :class:`Discount`, :class:`Choice`, ...), resolved in order;
* **scoring rules** say what the card is worth at the end
  (:class:`ScorePer`, :class:`ScoreIf`).

Every node carries an optional :class:`Source` (file, line, column) that is
ignored by equality, so a card parsed from a file equals the same card built
in Python or parsed from its canonical ``.ccl`` text.
"""

from __future__ import annotations

import enum
from typing import Union

import attrs

__all__ = [
    "Source",
    "Shield",
    "Deck",
    "Resource",
    "Comparison",
    "Scope",
    "ShieldsOf",
    "DistinctShieldTypes",
    "MissingShieldTypes",
    "Banners",
    "CardsWithShieldCount",
    "CardsByCost",
    "DiscountCards",
    "PurseCards",
    "CardsInTableau",
    "FaceDownCards",
    "EmptySpaces",
    "KeysOwned",
    "GoldOnThisCard",
    "GoldOnPurses",
    "ShieldSets",
    "IdenticalShieldSets",
    "BannerSets",
    "Count",
    "Per",
    "Gain",
    "OpponentsGain",
    "Discount",
    "DiscardFromRow",
    "StoreGold",
    "FillPurses",
    "Choice",
    "Effect",
    "Region",
    "CountIs",
    "PlacedIn",
    "Condition",
    "ScorePer",
    "ScoreIf",
    "Scoring",
    "Card",
]


def _source_field() -> "Source | None":
    """A keyword-only source position that equality and hashing ignore."""
    return attrs.field(default=None, eq=False, repr=False, kw_only=True)  # type: ignore[no-any-return]


@attrs.frozen
class Source:
    """Where a model node was written: ``path:line:column`` (1-based)."""

    path: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


class Shield(enum.Enum):
    """The six shield types, in the rulebook's order."""

    NOBILITY = "nobility"
    FAITH = "faith"
    SCHOLARSHIP = "scholarship"
    MILITARY = "military"
    CRAFTSMANSHIP = "craftsmanship"
    PEASANTRY = "peasantry"


class Deck(enum.Enum):
    """The two locations. A card's deck is also its banner."""

    CASTLE = "castle"
    VILLAGE = "village"


class Resource(enum.Enum):
    """What a player can gain: gold or keys."""

    GOLD = "gold"
    KEY = "key"


class Comparison(enum.Enum):
    """How a count is compared with a number in a condition."""

    EQ = "=="
    GE = ">="
    LE = "<="


class Scope(enum.Enum):
    """Where a count is taken.

    ``TABLEAU`` is the owner's whole tableau. ``ROW`` / ``COLUMN`` are the
    cards in this card's row / column, ``ROW_AND_COLUMN`` both (this card
    counted once). ``NEIGHBOUR`` is the tableau of the better of the owner's
    two neighbours (left or right, the owner's choice, so the larger count).
    """

    TABLEAU = "tableau"
    ROW = "row"
    COLUMN = "column"
    ROW_AND_COLUMN = "row and column"
    NEIGHBOUR = "neighbour"


# --------------------------------------------------------------------------
# Counts: what is counted. Face-down cards are never counted by a shield,
# banner, cost, discount or purse count; they are counted by CardsInTableau
# and FaceDownCards, and they fill a space for EmptySpaces.
# --------------------------------------------------------------------------


@attrs.frozen
class ShieldsOf:
    """Shields of one type: ``faith shield``."""

    shield: Shield
    source: Source | None = _source_field()


@attrs.frozen
class DistinctShieldTypes:
    """Shield types (of the six) present at least once: ``shield type``."""

    source: Source | None = _source_field()


@attrs.frozen
class MissingShieldTypes:
    """Shield types (of the six) with no shield at all: ``missing shield type``."""

    source: Source | None = _source_field()


@attrs.frozen
class Banners:
    """Face-up cards of one deck: ``castle banner``."""

    deck: Deck
    source: Source | None = _source_field()


@attrs.frozen
class CardsWithShieldCount:
    """Face-up cards printed with exactly ``shields`` shields: ``card with 2 shields``."""

    shields: int
    source: Source | None = _source_field()


@attrs.frozen
class CardsByCost:
    """Face-up cards whose printed cost compares with ``cost``: ``card costing 5 or more``."""

    comparison: Comparison
    cost: int
    source: Source | None = _source_field()


@attrs.frozen
class DiscountCards:
    """Face-up cards with a discount ability: ``discount card``."""

    source: Source | None = _source_field()


@attrs.frozen
class PurseCards:
    """Face-up cards with a purse: ``purse card``."""

    source: Source | None = _source_field()


@attrs.frozen
class CardsInTableau:
    """Every card in the tableau, face-down ones and this one included: ``card``."""

    source: Source | None = _source_field()


@attrs.frozen
class FaceDownCards:
    """Face-down cards: ``face-down card``."""

    source: Source | None = _source_field()


@attrs.frozen
class EmptySpaces:
    """Spaces of the final 3x3 grid not yet filled (9 minus cards): ``empty space``."""

    source: Source | None = _source_field()


@attrs.frozen
class KeysOwned:
    """Keys the player holds: ``key``."""

    source: Source | None = _source_field()


@attrs.frozen
class GoldOnThisCard:
    """Gold stored on this (purse) card: ``gold on this card``."""

    source: Source | None = _source_field()


@attrs.frozen
class GoldOnPurses:
    """Gold stored on all the player's purse cards: ``gold on purses``."""

    source: Source | None = _source_field()


@attrs.frozen
class ShieldSets:
    """Complete sets of shields, no shield reused: ``set of {nobility, military}``.

    ``shields`` is a multiset in written order; a type may repeat
    (``{scholarship, scholarship, scholarship, peasantry}``). The number of
    sets is the minimum over the types of ``count // multiplicity``.
    """

    shields: tuple[Shield, ...]
    source: Source | None = _source_field()


@attrs.frozen
class IdenticalShieldSets:
    """Sets of ``size`` shields of one type: the sum over types of ``count // size``."""

    size: int
    source: Source | None = _source_field()


@attrs.frozen
class BannerSets:
    """Complete sets of banners: ``set of {castle, village}``.

    ``decks`` is a multiset in written order; the number of sets is the
    minimum over the decks of ``banners // multiplicity``.
    """

    decks: tuple[Deck, ...]
    source: Source | None = _source_field()


Count = Union[
    ShieldsOf,
    DistinctShieldTypes,
    MissingShieldTypes,
    Banners,
    CardsWithShieldCount,
    CardsByCost,
    DiscountCards,
    PurseCards,
    CardsInTableau,
    FaceDownCards,
    EmptySpaces,
    KeysOwned,
    GoldOnThisCard,
    GoldOnPurses,
    ShieldSets,
    IdenticalShieldSets,
    BannerSets,
]


@attrs.frozen
class Per:
    """A count taken in a scope: ``faith shield in row``."""

    count: Count
    scope: Scope = Scope.TABLEAU
    source: Source | None = _source_field()


# --------------------------------------------------------------------------
# Effects: what an ability does when its card is bought face up.
# --------------------------------------------------------------------------


@attrs.frozen
class Gain:
    """The owner gains ``amount`` gold or keys, times ``per`` if given."""

    amount: int
    resource: Resource
    per: Per | None = None
    source: Source | None = _source_field()


@attrs.frozen
class OpponentsGain:
    """Every other player gains exactly ``amount`` gold or keys."""

    amount: int
    resource: Resource
    source: Source | None = _source_field()


@attrs.frozen
class Discount:
    """A permanent discount of ``amount`` on later cards bought from ``decks``."""

    amount: int
    decks: tuple[Deck, ...]
    source: Source | None = _source_field()


@attrs.frozen
class DiscardFromRow:
    """Discard a card of the owner's choice from a row; gain its printed cost."""

    deck: Deck
    reward: Resource
    source: Source | None = _source_field()


@attrs.frozen
class StoreGold:
    """Put ``amount`` gold from the supply on each face-up purse card, up to capacity."""

    amount: int
    source: Source | None = _source_field()


@attrs.frozen
class FillPurses:
    """Fill up to ``purses`` face-up purse cards to capacity from the supply."""

    purses: int
    source: Source | None = _source_field()


@attrs.frozen
class Choice:
    """Choose one option; each option is a sequence of effects resolved in order."""

    options: tuple[tuple["Effect", ...], ...]
    source: Source | None = _source_field()


Effect = Union[Gain, OpponentsGain, Discount, DiscardFromRow, StoreGold, FillPurses, Choice]


# --------------------------------------------------------------------------
# Scoring rules: what a face-up card is worth at the end of the game.
# --------------------------------------------------------------------------


@attrs.frozen
class Region:
    """A set of cells of the final 3x3 grid.

    ``cells`` holds ``(column, row)`` pairs with ``(0, 0)`` top left and
    ``(2, 2)`` bottom right. ``name`` is the region's name when it has one
    (``"top row"``, ``"a corner"``, ...) and ``None`` for a drawn mask.
    """

    cells: frozenset[tuple[int, int]]
    name: str | None = None
    source: Source | None = _source_field()


@attrs.frozen
class CountIs:
    """A condition on a count: ``no craftsmanship shield`` is ``== 0``."""

    per: Per
    comparison: Comparison
    value: int
    source: Source | None = _source_field()


@attrs.frozen
class PlacedIn:
    """The card itself ends in one of the region's cells."""

    region: Region
    source: Source | None = _source_field()


Condition = Union[CountIs, PlacedIn]


@attrs.frozen
class ScorePer:
    """Score ``points`` per counted thing."""

    points: int
    per: Per
    source: Source | None = _source_field()


@attrs.frozen
class ScoreIf:
    """Score ``points`` if the condition holds."""

    points: int
    condition: Condition
    source: Source | None = _source_field()


Scoring = Union[ScorePer, ScoreIf]


# --------------------------------------------------------------------------
# The card.
# --------------------------------------------------------------------------


@attrs.frozen
class Card:
    """One character card, as printed.

    ``ability`` is the sequence of effects resolved in order when the card is
    bought face up; ``scoring`` is summed at the end of the game (base cards
    have exactly one rule). ``purse`` is the purse capacity, ``None`` if the
    card has no purse. ``names`` holds localized names as ``(language, name)``
    pairs, e.g. ``(("fr", "Intendant"),)``.
    """

    name: str
    deck: Deck
    cost: int
    shields: tuple[Shield, ...]
    messenger: bool = False
    purse: int | None = None
    ability: tuple[Effect, ...] = ()
    scoring: tuple[Scoring, ...] = ()
    names: tuple[tuple[str, str], ...] = ()
    source: Source | None = _source_field()

    @property
    def banner(self) -> Deck:
        """The card's banner, which is always its deck."""
        return self.deck

    def discount_on(self, deck: Deck) -> int:
        """The permanent discount this card gives (face up) on cards of ``deck``."""
        return sum(e.amount for e in self.ability if isinstance(e, Discount) and deck in e.decks)

    @property
    def has_discount(self) -> bool:
        """Whether the card has a discount ability (counted by ``discount card``)."""
        return any(isinstance(e, Discount) for e in self.ability)

    def localized_name(self, language: str) -> str:
        """The card's name in ``language`` (``"en"`` or a code in ``names``), else its English name."""
        for lang, name in self.names:
            if lang == language:
                return name
        return self.name
