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

from castle_combo import english

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

    def describe(self, amount: int = 1) -> str:
        """An amount of this resource in English: "1 key", "2 keys", "3 gold"."""
        return english.quantity(amount, self.value, "gold" if self is Resource.GOLD else None)


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

    def describe(self) -> str:
        """Where a count is taken, as it follows the counted noun: "in this card's row"."""
        return english.SCOPE_PLACE[self.value]


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

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "faith shield(s)"."""
        return english.plural(amount, f"{self.shield.value} shield")


@attrs.frozen
class DistinctShieldTypes:
    """Shield types (of the six) present at least once: ``shield type``."""

    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "distinct shield type(s)"."""
        return english.plural(amount, "distinct shield type")


@attrs.frozen
class MissingShieldTypes:
    """Shield types (of the six) with no shield at all: ``missing shield type``."""

    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "missing shield type(s)"."""
        return english.plural(amount, "missing shield type")


@attrs.frozen
class Banners:
    """Face-up cards of one deck: ``castle banner``."""

    deck: Deck
    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "castle banner(s)"."""
        return english.plural(amount, f"{self.deck.value} banner")


@attrs.frozen
class CardsWithShieldCount:
    """Face-up cards printed with exactly ``shields`` shields: ``card with 2 shields``."""

    shields: int
    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "card(s) with exactly 2 shields"."""
        shields = english.quantity(self.shields, "shield")
        return f"{english.plural(amount, 'card')} with exactly {shields}"


@attrs.frozen
class CardsByCost:
    """Face-up cards whose printed cost compares with ``cost``: ``card costing 5 or more``."""

    comparison: Comparison
    cost: int
    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "card(s) with printed cost 5 or more"."""
        cards = english.plural(amount, "card")
        return f"{cards} with printed cost {self.cost}{_COST_SUFFIX[self.comparison]}"


@attrs.frozen
class DiscountCards:
    """Face-up cards with a discount ability: ``discount card``."""

    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "card(s) with a discount ability"."""
        return f"{english.plural(amount, 'card')} with a discount ability"


@attrs.frozen
class PurseCards:
    """Face-up cards with a purse: ``purse card``."""

    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "purse card(s)"."""
        return english.plural(amount, "purse card")


@attrs.frozen
class CardsInTableau:
    """Every card in the tableau, face-down ones and this one included: ``card``."""

    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "card(s)"."""
        return english.plural(amount, "card")


@attrs.frozen
class FaceDownCards:
    """Face-down cards: ``face-down card``."""

    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "face-down card(s)"."""
        return english.plural(amount, "face-down card")


@attrs.frozen
class EmptySpaces:
    """Spaces of the final 3x3 grid not yet filled (9 minus cards): ``empty space``."""

    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "empty space(s) left"."""
        return f"{english.plural(amount, 'empty space')} left"


@attrs.frozen
class KeysOwned:
    """Keys the player holds: ``key``."""

    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "key(s)"."""
        return english.plural(amount, "key")


@attrs.frozen
class GoldOnThisCard:
    """Gold stored on this (purse) card: ``gold on this card``."""

    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "gold stored on this card"."""
        return "gold stored on this card"


@attrs.frozen
class GoldOnPurses:
    """Gold stored on all the player's purse cards: ``gold on purses``."""

    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "gold stored on your purse cards"."""
        return "gold stored on your purse cards"


@attrs.frozen
class ShieldSets:
    """Complete sets of shields, no shield reused: ``set of {nobility, military}``.

    ``shields`` is a multiset in written order; a type may repeat
    (``{scholarship, scholarship, scholarship, peasantry}``). The number of
    sets is the minimum over the types of ``count // multiplicity``.
    """

    shields: tuple[Shield, ...]
    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "set(s) of nobility and military shields"."""
        return f"{english.plural(amount, 'set')} of {_multiset([s.value for s in self.shields], 'shield')}"


@attrs.frozen
class IdenticalShieldSets:
    """Sets of ``size`` shields of one type: the sum over types of ``count // size``."""

    size: int
    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "set(s) of 3 identical shields"."""
        return f"{english.plural(amount, 'set')} of {self.size} identical shields"


@attrs.frozen
class BannerSets:
    """Complete sets of banners: ``set of {castle, village}``.

    ``decks`` is a multiset in written order; the number of sets is the
    minimum over the decks of ``banners // multiplicity``.
    """

    decks: tuple[Deck, ...]
    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "set(s) of castle and village banners"."""
        return f"{english.plural(amount, 'set')} of {_multiset([d.value for d in self.decks], 'banner')}"



# English wording shared by several nodes' ``describe`` (the grammar itself is
# in :mod:`castle_combo.english`).
_COST_SUFFIX = {Comparison.EQ: "", Comparison.GE: " or more", Comparison.LE: " or less"}
_COMPARISON_WORDS = {Comparison.EQ: "exactly", Comparison.GE: "at least", Comparison.LE: "at most"}


def _multiset(items: list[str], noun: str) -> str:
    """A set's members: "nobility and military shields", or "3 village banners" when one repeats."""
    multiplicity = {item: items.count(item) for item in items}
    if len(items) > 1 and all(times == 1 for times in multiplicity.values()):
        return f"{english.join_and(multiplicity)} {english.plural(len(items), noun)}"
    return english.join_and(
        english.quantity(times, f"{item} {noun}") for item, times in multiplicity.items()
    )


def _included_note(count: object) -> str:
    """The reminder a whole-tableau card count needs, since it differs from every other count."""
    return " (face-down cards and this one included)" if isinstance(count, CardsInTableau) else ""


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

    def describe(self, amount: int = 1) -> str:
        """The count and where it is taken: "faith shield in this card's row".

        Keys and stored gold belong to the player, not to a place in the
        tableau, so in the default scope they read "key you own" and "gold
        stored on this card" rather than "... in your tableau".
        """
        noun = self.count.describe(amount)
        if self.scope is Scope.TABLEAU and isinstance(self.count, KeysOwned):
            return f"{noun} you own"
        if self.scope is Scope.TABLEAU and isinstance(self.count, (GoldOnThisCard, GoldOnPurses)):
            return noun
        return f"{noun} {self.scope.describe()}{_included_note(self.count)}"


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

    def describe(self) -> str:
        """The effect as a sentence: "Gain 1 gold per faith shield in your tableau."."""
        text = f"Gain {self.resource.describe(self.amount)}"
        if self.per is not None:
            text += f" per {self.per.describe()}"
        return english.sentence(text)


@attrs.frozen
class OpponentsGain:
    """Every other player gains exactly ``amount`` gold or keys."""

    amount: int
    resource: Resource
    source: Source | None = _source_field()

    def describe(self) -> str:
        """The effect as a sentence: "Each opponent gains 1 key."."""
        return english.sentence(f"Each opponent gains {self.resource.describe(self.amount)}")


@attrs.frozen
class Discount:
    """A permanent discount of ``amount`` on later cards bought from ``decks``."""

    amount: int
    decks: tuple[Deck, ...]
    source: Source | None = _source_field()

    def describe(self) -> str:
        """The effect as a sentence: "Discount 1 gold on castle and village cards."."""
        decks = english.join_and(deck.value for deck in Deck if deck in self.decks)
        return english.sentence(f"Discount {self.amount} gold on {decks} cards")


@attrs.frozen
class DiscardFromRow:
    """Discard a card of the owner's choice from a row; gain its printed cost."""

    deck: Deck
    reward: Resource
    source: Source | None = _source_field()

    def describe(self) -> str:
        """The effect as a sentence, naming the row and what its printed cost is paid in."""
        reward = "gold" if self.reward is Resource.GOLD else "keys"
        return english.sentence(
            f"Discard a card of your choice from the {self.deck.value} row "
            f"and gain {reward} equal to its printed cost"
        )


@attrs.frozen
class StoreGold:
    """Put ``amount`` gold from the supply on each face-up purse card, up to capacity."""

    amount: int
    source: Source | None = _source_field()

    def describe(self) -> str:
        """The effect as a sentence, with the capacity limit the rulings insist on."""
        return english.sentence(
            f"Put {self.amount} gold from the supply on each of your purse cards "
            "(never past its capacity)"
        )


@attrs.frozen
class FillPurses:
    """Fill up to ``purses`` face-up purse cards to capacity from the supply."""

    purses: int
    source: Source | None = _source_field()

    def describe(self) -> str:
        """The effect as a sentence: "Fill up to 2 of your purse cards to capacity ..."."""
        return english.sentence(
            f"Fill up to {self.purses} of your purse cards to capacity with gold from the supply"
        )


@attrs.frozen
class Choice:
    """Choose one option; each option is a sequence of effects resolved in order."""

    options: tuple[tuple["Effect", ...], ...]
    source: Source | None = _source_field()

    def describe(self) -> str:
        """The effect as a sentence: "Choose one: (gain 3 keys) or (gain 2 gold)."."""
        options = (
            ", then ".join(english.clause(effect.describe()) for effect in option)
            for option in self.options
        )
        return english.sentence("Choose one: " + english.join_or(f"({text})" for text in options))


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


@attrs.frozen
class CountIs:
    """A condition on a count: ``no craftsmanship shield`` is ``== 0``."""

    per: Per
    comparison: Comparison
    value: int
    source: Source | None = _source_field()

    def describe(self) -> str:
        """The condition as a clause: "your tableau has no craftsmanship shield".

        "No X" keeps the noun singular, as the rulebook writes it; a number
        makes the noun agree ("at least 2 keys", "exactly 1 key").
        """
        if self.comparison is Comparison.EQ and self.value == 0:
            amount = "no " + self.per.count.describe(1)
        else:
            noun = self.per.count.describe(self.value)
            amount = f"{_COMPARISON_WORDS[self.comparison]} {self.value} {noun}"
        amount += _included_note(self.per.count)
        if self.per.scope is Scope.TABLEAU and isinstance(
            self.per.count, (KeysOwned, GoldOnThisCard, GoldOnPurses)
        ):
            return f"you have {amount}"
        return f"{english.SCOPE_SUBJECT[self.per.scope.value]} {amount}"


@attrs.frozen
class PlacedIn:
    """The card itself ends in one of the region's cells."""

    region: Region
    source: Source | None = _source_field()

    def describe(self) -> str:
        """The condition as a clause: "this card ends in a corner"."""
        return f"this card ends in {self.region.describe()}"


Condition = Union[CountIs, PlacedIn]


@attrs.frozen
class ScorePer:
    """Score ``points`` per counted thing."""

    points: int
    per: Per
    source: Source | None = _source_field()

    def describe(self) -> str:
        """The rule as a sentence: "Score 3 per scholarship shield in this card's row."."""
        return english.sentence(f"Score {self.points} per {self.per.describe()}")


@attrs.frozen
class ScoreIf:
    """Score ``points`` if the condition holds."""

    points: int
    condition: Condition
    source: Source | None = _source_field()

    def describe(self) -> str:
        """The rule as a sentence: "Score 4 if this card ends in a corner."."""
        return english.sentence(f"Score {self.points} if {self.condition.describe()}")


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

    def describe(self) -> str:
        """A multi-line plain-English summary of the printed card, for the docs and the CLI."""
        lines = [f"{self.name}: {self.deck.value} card, cost {self.cost} gold."]
        if self.names:
            localized = english.join_and(f"{name} ({language})" for language, name in self.names)
            lines.append(f"Also called {localized}.")
        shields = ", ".join(shield.value for shield in self.shields)
        lines.append(f"{english.plural(len(self.shields), 'Shield')}: {shields}.")
        if self.messenger:
            lines.append("Messenger: bought face up, it sends the messenger to the other location.")
        if self.purse is not None:
            lines.append(f"Purse: holds up to {self.purse} gold.")
        if self.ability:
            lines.append("When bought face up: " + " ".join(effect.describe() for effect in self.ability))
        else:
            lines.append("No ability.")
        lines.extend(rule.describe() for rule in self.scoring)
        if not self.scoring:
            lines.append("Scores nothing.")
        return "\n".join(lines)
