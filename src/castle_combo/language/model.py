"""The card model: what a card *is*, as plain frozen data.

The card language (``castle_combo.language``) parses ``.ccl`` text into these
objects; the engine (``castle_combo.engine.rules`` and ``castle_combo.engine.scoring``)
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
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Union

import attrs

from castle_combo.errors import CardValidationError
from castle_combo.language import english

__all__ = [
    "Source",
    "Shield",
    "Deck",
    "Resource",
    "Comparison",
    "Scope",
    "Moment",
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
    "DistinctCosts",
    "CostSum",
    "LockCards",
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
    "DiscardWholeRow",
    "UseAdjacentAbility",
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
    "Problem",
    "walk",
    "FACE_DOWN_NAME",
    "NAMED_REGIONS",
    "MAX_COST",
    "MAX_PURSE",
    "MAX_AMOUNT",
    "MAX_SHIELDS",
]


def _source_field() -> Source | None:
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


@attrs.frozen
class Problem:
    """Why a card makes no sense, where it was written, and how to fix it.

    Validation collects problems instead of raising at the first one, so a
    checker (``castle-combo check``) can list every mistake of a file in one
    run. The card language adds the offending line and a caret under it.
    """

    message: str
    hint: str = ""
    source: Source | None = None
    #: The card property at fault ("cost", "purse", "shields", "name fr"), for a
    #: problem of the card itself: lets the card language point at that line.
    part: str | None = None

    def __str__(self) -> str:
        where = f"{self.source}: " if self.source is not None else ""
        fix = f" ({self.hint})" if self.hint else ""
        return f"{where}{self.message}{fix}"


#: How a score scenario's grid marks a face-down card (``castle-combo score``): no card may be called so.
FACE_DOWN_NAME = "face-down"
#: Two-letter words of the card language that are no ISO 639-1 language (``in``, Indonesian's old code, is
#: retired): a card file could not tell them from a condition or a trigger, so no localized name may use them.
NOT_LANGUAGES = frozenset({"at", "if", "in", "of", "on", "up"})

#: Sane ranges for the numbers printed on a card: a number outside them is a
#: typo, not a design. Printed costs are 0..7, purses 3..9, amounts 1..10.
MAX_COST = 20
MAX_PURSE = 20
MAX_AMOUNT = 99
MAX_SHIELDS = 3


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


class Moment(enum.Enum):
    """When a part of a card's ability resolves.

    ``BOUGHT``: when the card is bought face up (``Card.ability``).
    ``UNLOCKED``: when its owner opens the card's lock (``Card.unlocked``,
    lock cards only). ``TURN_START``: at the start of each later turn of the
    card's owner while it lies face up in their tableau (``Card.each_turn``).
    ``GAME_END``: once, when the last turn of the game ends, before scoring
    (``Card.game_end``). The two triggers resolve between turns, so their
    effects never ask anything (see the rules page, "Fan mechanics").
    """

    BOUGHT = "bought"
    UNLOCKED = "unlocked"
    TURN_START = "turn start"
    GAME_END = "game end"


class Scope(enum.Enum):
    """Where a count is taken.

    ``TABLEAU`` is the owner's whole tableau. ``ROW`` / ``COLUMN`` are the
    cards in this card's row / column, ``ROW_AND_COLUMN`` both (this card
    counted once). ``NEIGHBOUR`` is the tableau of the better of the owner's
    two neighbours (left or right, the owner's choice, so the larger count).
    ``DISCARDED`` is the cards the resolving ability has discarded so far
    (a whole row, or one card from a row): it exists only in an ability,
    after a discard. ``ADJACENT`` is the owner's cards orthogonally next to
    this card (not this card). ``CASTLE_PILE`` / ``VILLAGE_PILE`` are the
    cards of a location's discard pile, counted in an ability.
    """

    TABLEAU = "tableau"
    ROW = "row"
    COLUMN = "column"
    ROW_AND_COLUMN = "row and column"
    NEIGHBOUR = "neighbour"
    DISCARDED = "discarded"
    ADJACENT = "adjacent"
    CASTLE_PILE = "castle discard pile"
    VILLAGE_PILE = "village discard pile"

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
class DistinctCosts:
    """Different printed costs among the face-up cards: ``different cost``."""

    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "different printed cost(s)"."""
        return english.plural(amount, "different printed cost")


@attrs.frozen
class CostSum:
    """The sum of the printed costs of the face-up cards: ``gold of printed cost``."""

    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun: "gold of printed cost" (gold is the same in the singular and plural)."""
        return "gold of printed cost"


@attrs.frozen
class LockCards:
    """Face-up lock cards: ``lock card``."""

    source: Source | None = _source_field()

    def describe(self, amount: int = 1) -> str:
        """The counted noun, agreeing with ``amount``: "lock card(s)"."""
        return english.plural(amount, "lock card")


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
# in :mod:`castle_combo.language.english`).
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


#: Counts of cards (their noun starts the phrase): on discarded cards they read "discarded purse card".
_CARD_COUNTS = (CardsInTableau, DiscountCards, PurseCards, LockCards, CardsWithShieldCount, CardsByCost)

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
    DistinctCosts,
    CostSum,
    LockCards,
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

    def problems(self, *, scoring: bool) -> tuple[Problem, ...]:
        """What makes no sense in this count: a number out of range or a scope it cannot take.

        ``scoring`` says where the count is used: a scoring rule counts your
        own final 3x3 grid, while an ability counts when the card is bought,
        before any row or column is known, and may look at a neighbour.
        """
        return _count_problems(self.count, self.source) + _scope_problems(self, scoring)

    def describe(self, amount: int = 1) -> str:
        """The count and where it is taken: "faith shield in this card's row".

        Keys and stored gold belong to the player, not to a place in the
        tableau, so in the default scope they read "key you own" and "gold
        stored on this card" rather than "... in your tableau".
        """
        noun = self.count.describe(amount)
        if self.scope is Scope.DISCARDED and isinstance(self.count, _CARD_COUNTS):
            return "discarded " + noun
        if self.scope is Scope.TABLEAU and isinstance(self.count, KeysOwned):
            return f"{noun} you own"
        if self.scope is Scope.TABLEAU and isinstance(self.count, (GoldOnThisCard, GoldOnPurses)):
            return noun
        note = _included_note(self.count) if self.scope in (Scope.TABLEAU, Scope.NEIGHBOUR) else ""
        if self.scope is Scope.ADJACENT and isinstance(self.count, CardsInTableau):
            note = " (face-down cards included)"
        return f"{noun} {self.scope.describe()}{note}"


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

    def problems(self) -> tuple[Problem, ...]:
        """An amount out of range, or a count that makes no sense when the card is bought."""
        found = _out_of_range(self.amount, 1, MAX_AMOUNT, "the amount gained", self.source)
        return found + (self.per.problems(scoring=False) if self.per is not None else ())

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

    def problems(self) -> tuple[Problem, ...]:
        """An amount out of range."""
        return _out_of_range(self.amount, 1, MAX_AMOUNT, "the amount each opponent gains", self.source)

    def describe(self) -> str:
        """The effect as a sentence: "Each opponent gains 1 key."."""
        return english.sentence(f"Each opponent gains {self.resource.describe(self.amount)}")


@attrs.frozen
class TakeFromOpponents:
    """Take ``amount`` gold or keys from each other player, never more than they have.

    Keys are taken from a player's spendable keys only: a key waiting on a
    lock card belongs to the lock until it is opened.
    """

    amount: int
    resource: Resource
    source: Source | None = _source_field()

    def problems(self) -> tuple[Problem, ...]:
        """An amount out of range."""
        return _out_of_range(self.amount, 1, MAX_AMOUNT, "the amount taken from each opponent", self.source)

    def describe(self) -> str:
        """The effect as a sentence: "Take 1 gold from each opponent (never more than they have)."."""
        return english.sentence(
            f"Take {self.resource.describe(self.amount)} from each opponent (never more than they have)"
        )


@attrs.frozen
class Discount:
    """A permanent discount of ``amount`` on later cards bought from ``decks``."""

    amount: int
    decks: tuple[Deck, ...]
    source: Source | None = _source_field()

    def problems(self) -> tuple[Problem, ...]:
        """An amount out of range, no deck at all, or a deck named twice."""
        found = _out_of_range(self.amount, 1, MAX_AMOUNT, "the discount", self.source)
        if not self.decks:
            found += (Problem("a discount on no deck never applies",
                              "write 'on castle cards', 'on village cards' or 'on all cards'", self.source),)
        elif len(set(self.decks)) != len(self.decks):
            found += (Problem("a discount names the same deck twice",
                              "write 'on all cards' or name each deck once", self.source),)
        return found

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

    def problems(self) -> tuple[Problem, ...]:
        """Nothing: every row and reward makes sense (an exhausted row just does nothing)."""
        return ()

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

    def problems(self) -> tuple[Problem, ...]:
        """An amount out of range (more than the largest purse is a typo)."""
        return _out_of_range(self.amount, 1, MAX_PURSE, "the gold put on each purse", self.source)

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

    def problems(self) -> tuple[Problem, ...]:
        """A number of purses out of range: a tableau holds at most 9 cards."""
        return _out_of_range(self.purses, 1, 9, "the number of purses to fill", self.source)

    def describe(self) -> str:
        """The effect as a sentence: "Fill up to 2 of your purse cards to capacity ..."."""
        return english.sentence(
            f"Fill up to {self.purses} of your purse cards to capacity with gold from the supply"
        )


@attrs.frozen
class DiscardWholeRow:
    """Discard every card of the castle or the village row (the owner's choice); refill that row at once.

    An empty row cannot be chosen; with one row holding cards there is no
    choice, with none nothing happens. The discarded cards can be counted by
    later effects of the same ability (``per ... on the discarded cards``).
    """

    source: Source | None = _source_field()

    def problems(self) -> tuple[Problem, ...]:
        """Nothing: either row may be discarded (an empty one just cannot be chosen)."""
        return ()

    def describe(self) -> str:
        """The effect as a sentence."""
        return english.sentence("Discard a whole row of your choice (castle or village); it is refilled at once")


@attrs.frozen
class UseAdjacentAbility:
    """Use the ability of one of the owner's face-up cards orthogonally next to this one (owner's choice).

    The candidates are the adjacent face-up cards with an ability other than
    a discount and other than this effect; the chosen card's ability is
    resolved as if it had just been bought face up, without its discount
    and without its messenger.
    """

    source: Source | None = _source_field()

    def problems(self) -> tuple[Problem, ...]:
        """Nothing: with no candidate the effect simply does nothing."""
        return ()

    def describe(self) -> str:
        """The effect as a sentence."""
        return english.sentence("Use the ability of one of your cards orthogonally adjacent to this one")


@attrs.frozen
class Choice:
    """Choose one option; each option is a sequence of effects resolved in order."""

    options: tuple[tuple[Effect, ...], ...]
    source: Source | None = _source_field()

    def problems(self) -> tuple[Problem, ...]:
        """Fewer than two options, an empty option, a choice inside a choice, or a bad effect.

        A nested choice is refused because the game asks a player for one
        ``choose`` action per ability, never for a choice within a choice.
        """
        found: tuple[Problem, ...] = ()
        if len(self.options) < 2:
            found += (Problem(f"a choice needs at least 2 options, this one has {len(self.options)}",
                              "add another option with 'or { ... }', or drop 'choose one:'", self.source),)
        for number, option in enumerate(self.options, start=1):
            if not option:
                found += (Problem(f"option {number} of the choice has no effect",
                                  "write at least one effect between the braces", self.source),)
            for effect in option:
                if isinstance(effect, Choice):
                    found += (Problem("a choice inside a choice cannot be played",
                                      "merge the options into one 'choose one:'", effect.source or self.source),)
                else:
                    found += effect.problems()
        return found

    def describe(self) -> str:
        """The effect as a sentence: "Choose one: (gain 3 keys) or (gain 2 gold)."."""
        options = (
            ", then ".join(english.clause(effect.describe()) for effect in option)
            for option in self.options
        )
        return english.sentence("Choose one: " + english.join_or(f"({text})" for text in options))


@attrs.frozen
class Conditional:
    """One effect that happens only if a condition holds when it resolves: ``gain 4 gold if ...``.

    The condition is checked in the owner's tableau as it is at that moment
    (the card just bought included), like any count of an ability. A
    condition on the card's place in the final grid cannot be checked then,
    so it is refused.
    """

    effect: Effect
    condition: Condition
    source: Source | None = _source_field()

    def problems(self) -> tuple[Problem, ...]:
        """A bad inner effect, a choice made conditional, or a condition that cannot be checked in an ability."""
        found: tuple[Problem, ...] = ()
        if isinstance(self.effect, (Choice, Conditional)):
            found += (Problem("only a single effect can be made conditional",
                              "write the condition after one effect, such as 'gain 4 gold if ...'", self.source),)
        else:
            found += self.effect.problems()
        return found + self.condition.problems(scoring=False)

    def describe(self) -> str:
        """The effect as a sentence: "Gain 4 gold if your tableau has at least 3 military shields."."""
        return english.sentence(f"{english.clause(self.effect.describe())} if {self.condition.describe()}")


Effect = Union[
    Gain, OpponentsGain, TakeFromOpponents, Discount, DiscardFromRow, StoreGold, FillPurses, DiscardWholeRow,
    UseAdjacentAbility, Choice, Conditional,
]


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


@attrs.frozen
class CountIs:
    """A condition on a count: ``no craftsmanship shield`` is ``== 0``."""

    per: Per
    comparison: Comparison
    value: int
    source: Source | None = _source_field()

    def problems(self, *, scoring: bool = True) -> tuple[Problem, ...]:
        """A value out of range, a condition that always holds, or a bad count.

        ``scoring`` says whether the condition is checked in the final grid
        (a scoring rule) or when an ability resolves (a conditional effect).
        """
        found = _out_of_range(self.value, 0, MAX_AMOUNT, "the number in the condition", self.source)
        if self.comparison is Comparison.GE and self.value == 0:
            found += (Problem("'at least 0' always holds, so the condition means nothing",
                              "write 'at least 1'", self.source),)
        return found + self.per.problems(scoring=scoring)

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

    def problems(self, *, scoring: bool = True) -> tuple[Problem, ...]:
        """A region the card can never end in, or a place asked before the grid is final."""
        if not scoring:
            return (Problem("an ability resolves before the card's place in the final grid is known",
                            "move 'placed in ...' to a scoring rule ('score N if placed in ...')", self.source),)
        return self.region.problems()

    def describe(self) -> str:
        """The condition as a clause: "this card ends in a corner"."""
        return f"this card ends in {self.region.describe()}"


@attrs.frozen
class ComparedToNeighbours:
    """The owner has more (or fewer) of a count in their whole tableau than each neighbour has in theirs.

    The neighbours are the players to the left and to the right (in a game of
    two, the one opponent). A tie is not "more". A neighbour's wild shields
    count as no type here: their owner names a type only for their own score.
    """

    per: Per
    more: bool = True
    source: Source | None = _source_field()

    def problems(self, *, scoring: bool = True) -> tuple[Problem, ...]:
        """A count that is not the same thing in every tableau, or one taken in a scope."""
        found = self.per.problems(scoring=scoring)
        if isinstance(self.per.count, GoldOnThisCard):
            found += (Problem("'gold on this card' is this card's own gold; a neighbour has no such card",
                              "compare 'gold on purses' instead", self.source),)
        if self.per.scope is not Scope.TABLEAU:
            found += (Problem("a comparison with the neighbours counts whole tableaux",
                              "remove the scope", self.source),)
        return found

    def describe(self) -> str:
        """The condition as a clause: "you have more military shields than each neighbour"."""
        word = "more" if self.more else "fewer"
        return f"you have {word} {self.per.count.describe(2)} than each neighbour"


Condition = Union[CountIs, PlacedIn, ComparedToNeighbours]


@attrs.frozen
class ScorePer:
    """Score ``points`` per counted thing."""

    points: int
    per: Per
    source: Source | None = _source_field()

    def problems(self) -> tuple[Problem, ...]:
        """Points out of range, or a count that makes no sense in the final grid."""
        found = _out_of_range(self.points, 1, MAX_AMOUNT, "the points", self.source)
        return found + self.per.problems(scoring=True)

    def describe(self) -> str:
        """The rule as a sentence: "Score 3 per scholarship shield in this card's row."."""
        return english.sentence(f"Score {self.points} per {self.per.describe()}")


@attrs.frozen
class ScoreIf:
    """Score ``points`` if the condition holds."""

    points: int
    condition: Condition
    source: Source | None = _source_field()

    def problems(self) -> tuple[Problem, ...]:
        """Points out of range, or a condition that makes no sense."""
        found = _out_of_range(self.points, 1, MAX_AMOUNT, "the points", self.source)
        return found + self.condition.problems()

    def describe(self) -> str:
        """The rule as a sentence: "Score 4 if this card ends in a corner."."""
        return english.sentence(f"Score {self.points} if {self.condition.describe()}")


@attrs.frozen
class ScoreAsAdjacent:
    """Score as one of the owner's face-up cards orthogonally next to this one, the best for the owner.

    The chosen card's scoring rules are counted as if they were printed on
    this card (its row, its column, its place, its own gold). A card that
    itself scores as an adjacent card cannot be copied, so copies never chain.
    """

    source: Source | None = _source_field()

    def problems(self) -> tuple[Problem, ...]:
        """Nothing: with no card to copy the rule scores 0."""
        return ()

    def describe(self) -> str:
        """The rule as a sentence."""
        return english.sentence("Score as one of your cards next to this one (the best for you), "
                                "counted as if its scoring were printed on this card")


Scoring = Union[ScorePer, ScoreIf, ScoreAsAdjacent]


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

    A ``lock`` card (the expansion *Out of the Oubliette!*) gets a key on it
    when bought face up; its ``unlocked`` effects resolve when its owner opens
    the lock, in a later moment of one of their turns (see the rules page).

    ``wild`` is the number of wild shields, besides ``shields``: at the end
    of the game each counts as the one type its owner names (all of a
    player's wild shields as the same type, the best for their score); during
    the game a wild shield is a shield of no type. ``each_turn`` resolves at
    the start of each of the owner's later turns, ``game_end`` once when the
    game ends (before scoring); both only while the card is face up.
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
    lock: bool = False
    unlocked: tuple[Effect, ...] = ()
    wild: int = 0
    each_turn: tuple[Effect, ...] = ()
    game_end: tuple[Effect, ...] = ()
    source: Source | None = _source_field()

    def problems(self) -> tuple[Problem, ...]:
        """Every reason this card makes no sense, in the order they appear on the card.

        The card's own facts (name, cost, purse, shields, localized names),
        then each effect of the ability and each scoring rule. An empty
        tuple means the card is valid.
        """
        where = self.source
        found: tuple[Problem, ...] = ()
        if not self.name.strip() or self.name != self.name.strip() or not self.name.isprintable():
            found += (Problem(f"the card name {self.name!r} is empty, has spaces around it or a "
                              "control character in it", 'write the name like "Nun"', where),)
        if self.name.casefold() == FACE_DOWN_NAME:
            found += (Problem(f"the name {self.name!r} is reserved: score scenarios write a face-down card so",
                              "choose another name", where),)
        found += _out_of_range(self.cost, 0, MAX_COST, "the cost", where, "cost")
        if self.purse is not None:
            found += _out_of_range(self.purse, 1, MAX_PURSE, "the purse capacity", where, "purse")
        shield_count = len(self.shields) + self.wild
        if self.wild < 0:
            found += (Problem("a card cannot have fewer than no wild shield", "write 'wild' once per wild shield",
                              where, "shields"),)
        if not shield_count:
            found += (Problem("the card has no shield", "add 'shields' and one or more shield types", where),)
        elif shield_count > MAX_SHIELDS:
            found += (Problem(f"the card has {shield_count} shields, more than {MAX_SHIELDS}",
                              f"keep at most {MAX_SHIELDS} shields", where, "shields"),)
        found += _name_problems(self.names, where)
        counted = [p for p in _pers(self) if isinstance(p.count, GoldOnThisCard)]
        if self.purse is None and counted:
            found += (Problem("the card counts 'gold on this card' but has no purse to hold gold",
                              "add a purse capacity such as 'purse 5'", counted[0].source or where),)
        if self.lock and not self.unlocked:
            found += (Problem("a lock card needs an ability behind its lock",
                              "add 'when unlocked:' and the effects that opening the lock gives", where, "lock"),)
        if self.unlocked and not self.lock:
            found += (Problem("only a lock card has an ability 'when unlocked'",
                              "add 'lock' to the card, or write 'when bought:' instead", where, "when unlocked"),)
        for moment, effects in self.parts():
            for effect in effects:
                found += effect.problems()
            found += _discarded_problems(effects, False)
            if moment in (Moment.TURN_START, Moment.GAME_END):
                found += _trigger_problems(moment, effects)
        for rule in self.scoring:
            found += rule.problems()
        return found

    def __repr__(self) -> str:
        return f"<Card {self.name!r}: {self.deck.value}, cost {self.cost}>"

    def _repr_svg_(self) -> str:
        """The card as an SVG picture (Jupyter calls this to display a card)."""
        from castle_combo import pictures
        return pictures.card(self)

    def parts(self) -> tuple[tuple[Moment, tuple[Effect, ...]], ...]:
        """Each moment at which the card acts, with its effects: ``((Moment.BOUGHT, ability), ...)``.

        Only the moments the card has effects for are listed, in the order
        they are written on a card.
        """
        found: list[tuple[Moment, tuple[Effect, ...]]] = []
        if self.ability:
            found.append((Moment.BOUGHT, self.ability))
        if self.unlocked:
            found.append((Moment.UNLOCKED, self.unlocked))
        if self.each_turn:
            found.append((Moment.TURN_START, self.each_turn))
        if self.game_end:
            found.append((Moment.GAME_END, self.game_end))
        return tuple(found)

    @property
    def effects(self) -> tuple[Effect, ...]:
        """Every effect printed on the card, of every moment, in written order."""
        return tuple(effect for _, part in self.parts() for effect in part)

    def validate(self) -> Card:
        """This card if it makes sense, else a :class:`CardValidationError` listing every problem.

        For cards built in Python; the card language validates what it parses
        and shows each problem with its line and a caret.
        """
        found = self.problems()
        if found:
            raise CardValidationError(f"card {self.name!r} makes no sense:\n" + "\n".join(map(str, found)))
        return self

    @property
    def banner(self) -> Deck:
        """The card's banner, which is always its deck."""
        return self.deck

    def discount_on(self, deck: Deck) -> int:
        """The permanent discount this card gives as soon as it is bought face up, on cards of ``deck``.

        Only the top-level discount of the ability counts: a discount in an
        option of a choice, or behind a lock, depends on the game.
        """
        return sum(e.amount for e in self.ability if isinstance(e, Discount) and deck in e.decks)

    @property
    def has_discount(self) -> bool:
        """Whether the card has a discount ability (counted by ``discount card``).

        Any discount printed on the card counts, in a choice or behind a lock
        too: the engine and every other reader ask :func:`walk` the same way.
        """
        return any(isinstance(node, Discount) for node in walk(self.effects))

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
        shields = ", ".join([shield.value for shield in self.shields] + ["wild"] * self.wild)
        lines.append(f"{english.plural(len(self.shields) + self.wild, 'Shield')}: {shields}.")
        if self.messenger:
            lines.append("Messenger: bought face up, it sends the messenger to the other location.")
        if self.purse is not None:
            lines.append(f"Purse: holds up to {self.purse} gold.")
        if self.lock:
            lines.append("Lock: bought face up, it gets a key from the supply; its owner may open the lock "
                         "in a later moment of one of their turns.")
        if self.ability:
            lines.append("When bought face up: " + " ".join(effect.describe() for effect in self.ability))
        if self.unlocked:
            lines.append("When its lock is opened: " + " ".join(effect.describe() for effect in self.unlocked))
        if self.each_turn:
            lines.append("At the start of each of your later turns: "
                         + " ".join(effect.describe() for effect in self.each_turn))
        if self.game_end:
            lines.append("At the end of the game: " + " ".join(effect.describe() for effect in self.game_end))
        if self.wild:
            lines.append("Wild shield: at the end of the game it counts as the one type you name "
                         "(all your wild shields the same type).")
        if not self.effects:
            lines.append("No ability.")
        lines.extend(rule.describe() for rule in self.scoring)
        if not self.scoring:
            lines.append("Scores nothing.")
        return "\n".join(lines)


# --------------------------------------------------------------------------
# Validation helpers: the rules that say which combinations make sense.
# --------------------------------------------------------------------------


def _cells(*cells: tuple[int, int]) -> frozenset[tuple[int, int]]:
    return frozenset(cells)


#: The named regions of the final 3x3 grid, as ``(column, row)`` cells.
NAMED_REGIONS: Mapping[str, frozenset[tuple[int, int]]] = MappingProxyType({
    "top row": _cells((0, 0), (1, 0), (2, 0)),
    "middle row": _cells((0, 1), (1, 1), (2, 1)),
    "bottom row": _cells((0, 2), (1, 2), (2, 2)),
    "left column": _cells((0, 0), (0, 1), (0, 2)),
    "middle column": _cells((1, 0), (1, 1), (1, 2)),
    "right column": _cells((2, 0), (2, 1), (2, 2)),
    "a corner": _cells((0, 0), (2, 0), (0, 2), (2, 2)),
    "the middle of an edge": _cells((1, 0), (0, 1), (2, 1), (1, 2)),
    "the center": _cells((1, 1)),
})

_GRID_SCOPES = frozenset({Scope.ROW, Scope.COLUMN, Scope.ROW_AND_COLUMN})
_PILE_SCOPES = frozenset({Scope.CASTLE_PILE, Scope.VILLAGE_PILE})

#: Counts that cannot take some scopes, with the reason and the fix.
_SCOPE_LIMITS: Mapping[type, tuple[frozenset[Scope], str, str]] = MappingProxyType({
    GoldOnThisCard: (frozenset(Scope) - {Scope.TABLEAU},
                     "'gold on this card' is always this card's own gold, so it takes no scope",
                     "remove the scope after 'gold on this card'"),
    KeysOwned: (frozenset(Scope) - {Scope.TABLEAU},
                "keys are held by a player, not placed in a tableau, so 'key' takes no scope",
                "remove the scope after 'key'"),
    EmptySpaces: (_GRID_SCOPES | {Scope.ADJACENT},
                  "a row or column of the final grid is always full, and a space next to a card may lie "
                  "outside the grid, so 'empty space' is counted in the whole tableau only",
                  "count 'empty space' in the whole tableau"),
    CardsInTableau: (_GRID_SCOPES,
                     "a row or column of the final grid always holds 3 cards (5 for row and column)",
                     "count something on the cards, such as 'castle banner in row'"),
    GoldOnPurses: (_GRID_SCOPES,
                   "'gold on purses' counts the gold on all your purse cards, wherever they are",
                   "remove the scope, or count 'purse card in row'"),
})


#: Counts that mean nothing on the cards an ability discarded, with the reason.
_NOT_ON_DISCARDED: Mapping[type, str] = MappingProxyType({
    EmptySpaces: "discarded cards fill no space of a tableau",
    FaceDownCards: "the cards of a row are face up, so a discarded card is never face down",
    GoldOnPurses: "no gold is ever stored on a card in a row",
})


def _out_of_range(
    value: int, low: int, high: int, what: str, source: Source | None, part: str | None = None
) -> tuple[Problem, ...]:
    """A problem if ``value`` is outside ``low..high`` (a typo, such as 'cost 50')."""
    if low <= value <= high:
        return ()
    return (Problem(f"{what} is {value}, outside the sensible range {low} to {high}",
                    f"use a number from {low} to {high}", source, part),)


def _count_problems(count: Count, source: Source | None) -> tuple[Problem, ...]:
    """Numbers and sets inside a count that can never be met or mean something simpler."""
    where = count.source or source
    if isinstance(count, CardsWithShieldCount):
        return _out_of_range(count.shields, 1, MAX_SHIELDS, "the number of shields per card", where)
    if isinstance(count, CardsByCost):
        return _out_of_range(count.cost, 0, MAX_COST, "the cost compared", where)
    if isinstance(count, IdenticalShieldSets):
        return _out_of_range(count.size, 2, 9, "the size of a set of identical shields", where)
    if isinstance(count, (ShieldSets, BannerSets)):
        items = [s.value for s in count.shields] if isinstance(count, ShieldSets) else [d.value for d in count.decks]
        noun = "shield" if isinstance(count, ShieldSets) else "banner"
        if not items:
            return (Problem("an empty set counts nothing", f"list at least two {noun}s between the braces", where),)
        if len(items) == 1:
            return (Problem(f"a set of one {noun} is just that {noun}",
                            f"write 'per {items[0]} {noun}'", where),)
        if len(items) > 9:
            return (Problem(f"a set of {len(items)} {noun}s can never be completed in a tableau of 9 cards",
                            f"list at most 9 {noun}s", where),)
    return ()


def _scope_problems(per: Per, scoring: bool) -> tuple[Problem, ...]:
    """A scope the count cannot take, or one that makes no sense where the count is used."""
    where = per.source
    limit = _SCOPE_LIMITS.get(type(per.count))
    if limit is not None and per.scope in limit[0]:
        return (Problem(limit[1], limit[2], where),)
    if per.scope is Scope.DISCARDED and type(per.count) in _NOT_ON_DISCARDED:
        return (Problem(_NOT_ON_DISCARDED[type(per.count)],
                        "count something printed on the discarded cards, such as 'purse card on the discarded "
                        "cards'", where),)
    if scoring and per.scope is Scope.DISCARDED:
        return (Problem("a scoring rule counts your final tableau; discarded cards exist only while an "
                        "ability resolves", "count them in an ability, after 'discard a row'", where),)
    if per.scope in _PILE_SCOPES and type(per.count) in _NOT_ON_DISCARDED:
        return (Problem("a discard pile holds face-up cards with no stored gold, and fills no space",
                        "count something printed on the cards, such as 'faith shield in the castle discard pile'",
                        where),)
    if scoring and per.scope in _PILE_SCOPES:
        return (Problem("a scoring rule counts tableaux, and a score pad has no discard pile",
                        "count the discard pile in an ability ('gain 1 gold per card in the village discard pile')",
                        where),)
    if scoring and per.scope is Scope.NEIGHBOUR:
        return (Problem("a scoring rule counts only your own tableau, never a neighbour's",
                        "remove \"in a neighbour's tableau\"", where),)
    if not scoring and per.scope in _GRID_SCOPES:
        return (Problem("an ability resolves when the card is bought, before its final row "
                        "and column are known", "count in the whole tableau, or move the count "
                        "to a scoring rule", where),)
    if scoring and isinstance(per.count, EmptySpaces):
        return (Problem("the final grid is full, so 'empty space' always counts 0 in a scoring rule",
                        "count 'empty space' in an ability instead", where),)
    return ()


def walk(node: object) -> Iterator[object]:
    """Every model node in ``node`` (itself first), depth first in written order.

    ``node`` is a model node, a card, or a tuple of them. Fields that
    equality ignores (source positions) are skipped. This is the one walker
    over a card's tree: everything that asks "does this card have a ...?"
    (``Card.has_discount``, validation, the engine's card facts) asks it, so
    a new construct nested anywhere is seen by all of them at once.
    """
    if isinstance(node, tuple):
        for item in node:
            yield from walk(item)
        return
    if not attrs.has(type(node)):
        return
    yield node
    for field in attrs.fields(type(node)):  # type: ignore[arg-type]
        if field.eq:
            value = getattr(node, field.name)
            if isinstance(value, tuple) or attrs.has(type(value)):
                yield from walk(value)


def _pers(card: Card) -> Iterator[Per]:
    """Every count of a card: in its abilities (choices included) and in its scoring."""
    return (node for node in walk(card) if isinstance(node, Per))


def _discarded_problems(effects: tuple[Effect, ...], discarded: bool) -> tuple[Problem, ...]:
    """Counts "on the discarded cards" written before any discard of the same ability.

    ``discarded`` says whether an earlier effect (outside ``effects``) has
    discarded something. A discard inside one option of a choice counts as
    earlier for the effects after the choice (the other options discard
    nothing, so the count is then 0).
    """
    found: tuple[Problem, ...] = ()
    for effect in effects:
        if isinstance(effect, Choice):
            for option in effect.options:
                found += _discarded_problems(option, discarded)
            discarded = discarded or any(isinstance(n, (DiscardWholeRow, DiscardFromRow)) for n in walk(effect))
            continue
        if not discarded:
            for node in walk(effect):
                if isinstance(node, Per) and node.scope is Scope.DISCARDED:
                    found += (Problem("nothing has been discarded yet when this count is taken",
                                      "put 'discard a row' (or a discard from a row) before it in the same ability",
                                      node.source or getattr(effect, "source", None)),)
        if isinstance(effect, (DiscardWholeRow, DiscardFromRow)):
            discarded = True
    return found


#: Effects a trigger may have: those that never ask anything (a trigger resolves between turns).
_AUTOMATIC = (Gain, OpponentsGain, TakeFromOpponents, Discount, StoreGold, FillPurses, Conditional)


def _trigger_problems(moment: Moment, effects: tuple[Effect, ...]) -> tuple[Problem, ...]:
    """Effects of a trigger that would ask the owner something, which no moment between turns allows."""
    when = "at the start of a turn" if moment is Moment.TURN_START else "at the end of the game"
    found: tuple[Problem, ...] = ()
    for effect in effects:
        inner = effect.effect if isinstance(effect, Conditional) else effect
        if not isinstance(inner, _AUTOMATIC):
            found += (Problem(f"an effect that asks its owner a question cannot happen {when}, between turns",
                              "use effects that need no decision there (gain, take, put, fill, discount), "
                              "or move this one to 'when bought:'", getattr(effect, "source", None)),)
    return found


def _name_problems(names: tuple[tuple[str, str], ...], source: Source | None) -> tuple[Problem, ...]:
    """Localized names with a malformed or repeated language code, or an empty name."""
    found: tuple[Problem, ...] = ()
    seen: set[str] = set()
    for language, name in names:
        if len(language) != 2 or not language.isascii() or not language.islower() or not language.isalpha():
            found += (Problem(f"{language!r} is not a language code",
                              "use a two-letter lower-case code such as 'fr' or 'de'", source, f"name {language}"),)
        elif language in NOT_LANGUAGES:
            found += (Problem(f"{language!r} is a word of the card language and no language's code",
                              "use the language's ISO 639-1 code, such as 'fr' or 'de'", source, f"name {language}"),)
        elif language == "en":
            found += (Problem("the English name is the card's own name, not a localized one",
                              "remove the 'en' line", source, f"name {language}"),)
        elif language in seen:
            found += (Problem(f"two names are given for the language {language!r}",
                              "keep one of them", source, f"name {language}"),)
        seen.add(language)
        if not name.strip() or not name.isprintable():
            found += (Problem(f"the {language!r} name {name!r} is empty or has a control character in it",
                              "write the name or remove the line", source, f"name {language}"),)
    return found
