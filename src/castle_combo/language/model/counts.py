"""What is counted: the nouns of the card language, and :class:`Per`, a noun counted in a scope.

A count is a noun (cards, shields, shield types, sets, costs, stored gold,
keys, gold, empty spaces, and the two quantifiers: rows or pairs of cards,
and players, that meet a condition) counted in a :class:`Scope` (your
tableau, this card's row, a neighbour's tableau, the castle row, a discard
pile, ...). Every noun that counts cards takes a card filter
(:mod:`castle_combo.language.model.filters`), so any noun and any filter
compose.

The quantifiers hold conditions, so :class:`Groups` and :class:`Players` are
defined with the conditions (:mod:`castle_combo.language.model.conditions`);
the union of every noun, :data:`castle_combo.language.model.Count`, is
assembled there.

Each noun says itself in the card language (``ccl``) and in English
(``describe``), its noun agreeing with a number; which scopes it may be
counted in is decided by one table, :data:`REFUSALS`, which validation and
the docs read.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, Protocol, TypeGuard, Union, get_args

import attrs

from castle_combo._compat import assert_never
from castle_combo.language import english
from castle_combo.language.model.base import (
    Comparison,
    Deck,
    Moment,
    Problem,
    Shield,
    Source,
    Where,
    out_of_range,
    source_field,
)
from castle_combo.language.model.filters import (
    CONTRADICTORY,
    AllOf,
    AnyOf,
    CardFilter,
    CostIs,
    DeckIs,
    FaceDown,
    HasPart,
    Near,
    Part,
    Relation,
    ShieldCountIs,
    all_of,
    contradictory,
    filter_problems,
    has_near,
    kinds_of_card,
    reads_position,
    words,
)
from castle_combo.language.model.refusals import REFUSALS, Refusal

__all__ = [
    "BannerSets",
    "CardCount",
    "Cards",
    "ConnectedCards",
    "Connection",
    "CostSum",
    "Countable",
    "DistinctCosts",
    "EmptySpaces",
    "Gold",
    "GoldOnThisCard",
    "IdenticalShieldSets",
    "KeysOnThisCard",
    "KeysOwned",
    "Narrowable",
    "Per",
    "PlayerCount",
    "REFUSALS",
    "Refusal",
    "Scope",
    "ShieldSets",
    "ShieldTypes",
    "Shields",
    "StoredGold",
    "StoredKeys",
    "WildShields",
    "card_phrase",
]


class Scope(enum.Enum):
    """Where a count is taken.

    ``TABLEAU`` is the owner's whole tableau. ``ROW`` / ``COLUMN`` are the
    cards in this card's row / column, ``ROW_AND_COLUMN`` both (this card
    counted once), ``ADJACENT`` the owner's cards orthogonally next to this
    card (not this card), ``DIAGONAL`` diagonally next to it and ``AROUND``
    in the eight spaces around it. ``NEIGHBOUR`` is the tableau of the better
    of the owner's two neighbours (left or right, the owner's choice, so the
    larger count; in a scoring rule the neighbour that gives the rule more
    points, one neighbour for the whole rule). ``THEIRS`` is the tableau of the player a condition or an
    effect is about ("each opponent with ...", "per opponent who ...").
    ``EVERY_TABLEAU`` is every player's tableau together (the owner's
    included), ``OPPONENTS`` every other player's and ``NEIGHBOURS`` both
    neighbours' added up (in a game of two, the one opponent's, counted
    once). ``LEFT_NEIGHBOUR`` / ``RIGHT_NEIGHBOUR`` is one neighbour's
    tableau, the player after / before the owner in turn order (in a game of
    two both are the one opponent; alone, no tableau: 0). Several tableaux
    are one collection of cards: a count of distinct
    things, sets or ``every`` N is taken over all of them together. ``CASTLE_ROW`` /
    ``VILLAGE_ROW`` are the face-up cards of a location's row, and
    ``CASTLE_PILE`` / ``VILLAGE_PILE`` its discard pile, ``BOTH_PILES`` the two piles together, and
    ``CASTLE_DECK`` / ``VILLAGE_DECK`` its deck: its cards are hidden, only their number is public, so a deck is
    counted as plain ``card`` only (the deck as it is when the count is taken). ``DISCARDED`` is the
    cards the resolving ability has discarded so far (a whole row, or one
    card from a row). ``GROUP`` is the row, column or pair of cards a
    quantifier is looking at ("per row with at least 2 village banners").
    ``ABOVE`` / ``BELOW`` are the owner's cards in this card's column above /
    below it, ``LEFT`` / ``RIGHT`` in its row to its left / right (any
    distance), the ``DIRECTLY_`` ones the one card in the next space that way,
    and ``DIAGONALS`` the cards on the diagonal lines through this card (any
    distance); none of them holds this card.
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
    BOTH_PILES = "discard piles"
    DIAGONAL = "diagonal"
    AROUND = "around"
    THEIRS = "theirs"
    EVERY_TABLEAU = "every tableau"
    OPPONENTS = "opponents"
    NEIGHBOURS = "neighbours"
    CASTLE_ROW = "castle row"
    VILLAGE_ROW = "village row"
    GROUP = "group"
    ABOVE = "above"
    BELOW = "below"
    LEFT = "left of"
    RIGHT = "right of"
    DIRECTLY_ABOVE = "directly above"
    DIRECTLY_BELOW = "directly below"
    DIRECTLY_LEFT = "directly left of"
    DIRECTLY_RIGHT = "directly right of"
    DIAGONALS = "diagonals"
    LEFT_NEIGHBOUR = "left neighbour"
    RIGHT_NEIGHBOUR = "right neighbour"
    CASTLE_DECK = "castle deck"
    VILLAGE_DECK = "village deck"

    def describe(self) -> str:
        """Where a count is taken, as it follows the counted noun: "in this card's row"."""
        return english.SCOPE_PLACE[self.value]

    def ccl(self) -> str:
        """The scope's words after a count in the card language: "in row", "on adjacent cards" ("" for none)."""
        return _SCOPE_CCL[self]


_SCOPE_CCL = {
    Scope.TABLEAU: "in your tableau", Scope.ROW: "in row", Scope.COLUMN: "in column",
    Scope.ROW_AND_COLUMN: "in row and column", Scope.NEIGHBOUR: "in a neighbour's tableau",
    Scope.DISCARDED: "on the discarded cards", Scope.ADJACENT: "on adjacent cards",
    Scope.CASTLE_PILE: "in the castle discard pile", Scope.VILLAGE_PILE: "in the village discard pile",
    Scope.BOTH_PILES: "in the discard piles",
    Scope.DIAGONAL: "on diagonal cards", Scope.AROUND: "around this card",
    Scope.THEIRS: "in their tableau", Scope.EVERY_TABLEAU: "in every tableau",
    Scope.OPPONENTS: "in your opponents' tableaux", Scope.NEIGHBOURS: "in your neighbours' tableaux",
    Scope.CASTLE_ROW: "in the castle row",
    Scope.VILLAGE_ROW: "in the village row", Scope.GROUP: "in it", Scope.ABOVE: "above this card",
    Scope.BELOW: "below this card", Scope.LEFT: "left of this card", Scope.RIGHT: "right of this card",
    Scope.DIRECTLY_ABOVE: "directly above this card", Scope.DIRECTLY_BELOW: "directly below this card",
    Scope.DIRECTLY_LEFT: "directly left of this card", Scope.DIRECTLY_RIGHT: "directly right of this card",
    Scope.DIAGONALS: "on this card's diagonals",
    Scope.LEFT_NEIGHBOUR: "in your left neighbour's tableau",
    Scope.RIGHT_NEIGHBOUR: "in your right neighbour's tableau",
    Scope.CASTLE_DECK: "in the castle deck", Scope.VILLAGE_DECK: "in the village deck",
}

#: Scopes that are places in the owner's tableau relative to this card, and the filter each stands for.
POSITION_SCOPES: dict[Scope, Relation] = {
    Scope.ROW: Relation.ROW, Scope.COLUMN: Relation.COLUMN, Scope.ROW_AND_COLUMN: Relation.ROW_AND_COLUMN,
    Scope.ADJACENT: Relation.ADJACENT, Scope.DIAGONAL: Relation.DIAGONAL, Scope.AROUND: Relation.AROUND,
    Scope.ABOVE: Relation.ABOVE, Scope.BELOW: Relation.BELOW, Scope.LEFT: Relation.LEFT, Scope.RIGHT: Relation.RIGHT,
    Scope.DIRECTLY_ABOVE: Relation.DIRECTLY_ABOVE, Scope.DIRECTLY_BELOW: Relation.DIRECTLY_BELOW,
    Scope.DIRECTLY_LEFT: Relation.DIRECTLY_LEFT, Scope.DIRECTLY_RIGHT: Relation.DIRECTLY_RIGHT,
    Scope.DIAGONALS: Relation.DIAGONALS,
}
_RELATION_SCOPES = {relation: scope for scope, relation in POSITION_SCOPES.items()}
#: The row and column scopes: the final grid's lines, unknown while an ability resolves.
GRID_SCOPES = frozenset({Scope.ROW, Scope.COLUMN, Scope.ROW_AND_COLUMN})
#: Scopes of cards outside every tableau: face up, holding no gold, filling no space.
LOOSE_SCOPES = frozenset({Scope.DISCARDED, Scope.CASTLE_PILE, Scope.VILLAGE_PILE, Scope.BOTH_PILES, Scope.CASTLE_ROW,
                          Scope.VILLAGE_ROW, Scope.CASTLE_DECK, Scope.VILLAGE_DECK})
#: The discard piles: one location's, or both together.
PILE_SCOPES = frozenset({Scope.CASTLE_PILE, Scope.VILLAGE_PILE, Scope.BOTH_PILES})
#: A location's deck: its cards are hidden, only how many are left is public.
DECK_SCOPES = frozenset({Scope.CASTLE_DECK, Scope.VILLAGE_DECK})
#: Scopes that are whole tableaux of players (a player's keys and gold can be counted there).
PLAYER_SCOPES = frozenset({Scope.TABLEAU, Scope.THEIRS, Scope.NEIGHBOUR, Scope.EVERY_TABLEAU, Scope.OPPONENTS,
                           Scope.NEIGHBOURS, Scope.LEFT_NEIGHBOUR, Scope.RIGHT_NEIGHBOUR})
#: Scopes that are other players' whole tableaux (one neighbour's, both neighbours', the opponents', everyone's).
OTHERS_SCOPES = frozenset({Scope.NEIGHBOUR, Scope.NEIGHBOURS, Scope.EVERY_TABLEAU, Scope.OPPONENTS,
                           Scope.LEFT_NEIGHBOUR, Scope.RIGHT_NEIGHBOUR})
#: The scopes of one neighbour's tableau named by side.
SIDE_SCOPES = frozenset({Scope.LEFT_NEIGHBOUR, Scope.RIGHT_NEIGHBOUR})


class Countable(Protocol):
    """What every noun of a count offers (see the module docstring)."""

    source: Source | None

    def describe(self, amount: int = 1) -> str: ...

    def ccl(self, amount: int = 1) -> str: ...

    def problems(self, where: Where) -> tuple[Problem, ...]: ...


def _s(amount: int) -> str:
    return "" if amount == 1 else "s"


def _legacy_card_english(on: CardFilter | None, amount: int) -> str | None:
    """The long-standing English of the counts of cards printed cards use ("castle banner", "purse card")."""
    cards = english.plural(amount, "card")
    if on is None:
        return cards
    if isinstance(on, DeckIs):
        return english.plural(amount, f"{on.deck.value} banner")
    if isinstance(on, HasPart) and on.part is Part.DISCOUNT:
        return f"{cards} with a discount ability"
    if isinstance(on, ShieldCountIs) and on.comparison is Comparison.EQ:
        return f"{cards} with exactly {english.quantity(on.shields, 'shield')}"
    if isinstance(on, CostIs) and on.comparison in (Comparison.EQ, Comparison.GE, Comparison.LE):
        suffix = {Comparison.EQ: "", Comparison.GE: " or more", Comparison.LE: " or less"}[on.comparison]
        return f"{cards} with printed cost {on.cost}{suffix}"
    return None


def card_phrase(on: CardFilter | None, amount: int = 1, *, ccl: bool = False, banner: bool = True,
                nested: bool = False) -> str:
    """Cards passing ``on`` as a noun phrase agreeing with ``amount``: "village card costing 2 or less".

    In the card language (``ccl``) the phrase parses back to ``on``; in
    English it reads as the rules page writes it. An "or" of kinds of card
    is whole noun phrases joined by "or" (between brackets in the card
    language: "(castle card or purse card)"), any other filter the noun and
    its phrases (:func:`~castle_combo.language.model.filters.words`).
    ``nested`` brackets every combination of phrases (inside such an "or").
    """
    if isinstance(on, AnyOf) and kinds_of_card(on):
        if ccl:
            return "(" + " or ".join(card_phrase(part, amount, ccl=True, banner=banner, nested=True)
                                     for part in on.filters) + ")"
        # In English a kind of card with phrases after it is bracketed, so no phrase seems to be about them all.
        kinds = [card_phrase(part, amount, banner=banner, nested=True) for part in on.filters]
        return " or ".join(f"({kind})" if words(part, ccl=False).suffixes else kind
                           for kind, part in zip(kinds, on.filters, strict=True))
    if ccl:
        if isinstance(on, DeckIs) and banner:
            return f"{on.deck.value} banner{_s(amount)}"
    elif banner or not isinstance(on, DeckIs):
        legacy = _legacy_card_english(on, amount)
        if legacy is not None:
            return legacy
    noun = f"card{_s(amount)}"
    if on is None:
        return noun
    said = words(on, ccl=ccl, nested=nested)
    suffixes = " ".join(said.suffixes) if ccl else english.join_and(said.suffixes)
    return " ".join(part for part in (" ".join(said.adjectives), noun, suffixes) if part)


def _on(on: CardFilter | None, *, ccl: bool) -> str:
    return "" if on is None else " on " + card_phrase(on, 2, ccl=ccl, banner=False)


def _on_problems(on: CardFilter | None, where: Where) -> tuple[Problem, ...]:
    return filter_problems(on, where)


@attrs.frozen
class Cards:
    """Cards that pass a filter: ``card``, ``village card costing 2 or less``, ``face-down card``.

    With no filter every card counts, face-down ones and this one included.
    """

    on: CardFilter | None = None
    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        return card_phrase(self.on, amount)

    def ccl(self, amount: int = 1) -> str:
        return card_phrase(self.on, amount, ccl=True)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return _on_problems(self.on, where)


def _types(shields: tuple[Shield, ...]) -> str:
    return english.join_or(shield.value for shield in shields)


@attrs.frozen
class Shields:
    """Shields of some types on face-up cards: ``faith shield``, ``military or faith shield``, ``shield``.

    ``shields`` empty counts every shield of every type (wild shields are of
    no type during the game). ``on`` narrows the cards whose shields count.
    """

    shields: tuple[Shield, ...] = ()
    on: CardFilter | None = None
    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        noun = english.plural(amount, "shield")
        return (f"{_types(self.shields)} {noun}" if self.shields else noun) + _on(self.on, ccl=False)

    def ccl(self, amount: int = 1) -> str:
        return self.describe(amount) if self.on is None else (
            (f"{_types(self.shields)} " if self.shields else "") + f"shield{_s(amount)}" + _on(self.on, ccl=True))

    def problems(self, where: Where) -> tuple[Problem, ...]:
        found = _on_problems(self.on, where)
        if len(set(self.shields)) != len(self.shields):
            found += (Problem("a shield type is named twice", "name each type once", self.source),)
        return found


@attrs.frozen
class WildShields:
    """Wild shields printed on face-up cards: ``wild shield`` (counted as printed, whatever type they end as)."""

    on: CardFilter | None = None
    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        return english.plural(amount, "wild shield") + _on(self.on, ccl=False)

    def ccl(self, amount: int = 1) -> str:
        return f"wild shield{_s(amount)}" + _on(self.on, ccl=True)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return _on_problems(self.on, where)


@attrs.frozen
class ShieldTypes:
    """Shield types (of the six) present at least once, or with no shield at all (``missing``)."""

    missing: bool = False
    on: CardFilter | None = None
    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        word = "missing" if self.missing else "distinct"
        return english.plural(amount, f"{word} shield type") + _on(self.on, ccl=False)

    def ccl(self, amount: int = 1) -> str:
        return ("missing " if self.missing else "") + f"shield type{_s(amount)}" + _on(self.on, ccl=True)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return _on_problems(self.on, where)


def _multiset(items: list[str], noun: str) -> str:
    """A set's members: "nobility and military shields", or "3 village banners" when one repeats."""
    multiplicity = {item: items.count(item) for item in items}
    if len(items) > 1 and all(times == 1 for times in multiplicity.values()):
        return f"{english.join_and(multiplicity)} {english.plural(len(items), noun)}"
    return english.join_and(
        english.quantity(times, f"{item} {noun}") for item, times in multiplicity.items()
    )


def _set_problems(items: list[str], noun: str, source: Source | None) -> tuple[Problem, ...]:
    if not items:
        return (Problem("an empty set counts nothing", f"list at least two {noun}s between the braces", source),)
    if len(items) == 1:
        return (Problem(f"a set of one {noun} is just that {noun}", f"write 'per {items[0]} {noun}'", source),)
    if len(items) > 9:
        return (Problem(f"a set of {len(items)} {noun}s can never be completed in a tableau of 9 cards",
                        f"list at most 9 {noun}s", source),)
    return ()


@attrs.frozen
class ShieldSets:
    """Complete sets of shields, no shield reused: ``set of {nobility, military}``.

    ``shields`` is a multiset in written order; a type may repeat
    (``{scholarship, scholarship, scholarship, peasantry}``). The number of
    sets is the minimum over the types of ``count // multiplicity``.
    """

    shields: tuple[Shield, ...]
    on: CardFilter | None = None
    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        members = _multiset([s.value for s in self.shields], "shield")
        return f"{english.plural(amount, 'set')} of {members}" + _on(self.on, ccl=False)

    def ccl(self, amount: int = 1) -> str:
        return f"set{_s(amount)} of {{" + ", ".join(s.value for s in self.shields) + "}" + _on(self.on, ccl=True)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return _set_problems([s.value for s in self.shields], "shield", self.source) + _on_problems(self.on, where)


@attrs.frozen
class IdenticalShieldSets:
    """Sets of ``size`` shields of one type: the sum over types of ``count // size``."""

    size: int
    on: CardFilter | None = None
    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        return f"{english.plural(amount, 'set')} of {self.size} identical shields" + _on(self.on, ccl=False)

    def ccl(self, amount: int = 1) -> str:
        return f"set{_s(amount)} of {self.size} identical shields" + _on(self.on, ccl=True)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        found = out_of_range(self.size, 2, 9, "the size of a set of identical shields", self.source)
        return found + _on_problems(self.on, where)


@attrs.frozen
class BannerSets:
    """Complete sets of banners: ``set of {castle, village}``.

    ``decks`` is a multiset in written order; the number of sets is the
    minimum over the decks of ``banners // multiplicity``.
    """

    decks: tuple[Deck, ...]
    on: CardFilter | None = None
    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        members = _multiset([d.value for d in self.decks], "banner")
        return f"{english.plural(amount, 'set')} of {members}" + _on(self.on, ccl=False)

    def ccl(self, amount: int = 1) -> str:
        return f"set{_s(amount)} of {{" + ", ".join(d.value for d in self.decks) + "}" + _on(self.on, ccl=True)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return _set_problems([d.value for d in self.decks], "banner", self.source) + _on_problems(self.on, where)


@attrs.frozen
class DistinctCosts:
    """Different printed costs among the face-up cards: ``different cost``."""

    on: CardFilter | None = None
    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        return english.plural(amount, "different printed cost") + _on(self.on, ccl=False)

    def ccl(self, amount: int = 1) -> str:
        return f"different cost{_s(amount)}" + _on(self.on, ccl=True)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return _on_problems(self.on, where)


@attrs.frozen
class CostSum:
    """The sum of the printed costs of the face-up cards: ``gold of printed cost``."""

    on: CardFilter | None = None
    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        return "gold of printed cost" + _on(self.on, ccl=False)

    def ccl(self, amount: int = 1) -> str:
        return "gold of printed cost" + _on(self.on, ccl=True)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return _on_problems(self.on, where)


@attrs.frozen
class StoredGold:
    """Gold stored on cards: ``gold on purses`` (all of it), ``gold on cards adjacent to this card``."""

    on: CardFilter | None = None
    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        if self.on is None:
            return "gold stored on your purse cards"
        return "gold stored on " + card_phrase(self.on, 2, banner=False)

    def ccl(self, amount: int = 1) -> str:
        return "gold on purses" if self.on is None else "gold on " + card_phrase(self.on, 2, ccl=True)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return _on_problems(self.on, where)


@attrs.frozen
class GoldOnThisCard:
    """Gold stored on this (purse) card: ``gold on this card``."""

    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        return "gold stored on this card"

    def ccl(self, amount: int = 1) -> str:
        return "gold on this card"

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return ()


@attrs.frozen
class StoredKeys:
    """Keys locked on cards by their effects (``put 2 keys on this card``): ``key on your cards``, ``key on
    cards adjacent to this card``.

    Those keys are no longer anyone's: :class:`KeysOwned` leaves them out. A
    lock card's own key waiting on it is not stored there (it is still its
    owner's key), so it is not counted here.
    """

    on: CardFilter | None = None
    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        if self.on is None:
            return english.plural(amount, "key") + " locked on your cards"
        return english.plural(amount, "key") + " locked on " + card_phrase(self.on, 2, banner=False)

    def ccl(self, amount: int = 1) -> str:
        return f"key{_s(amount)} on " + ("your cards" if self.on is None else card_phrase(self.on, 2, ccl=True))

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return _on_problems(self.on, where)


@attrs.frozen
class KeysOnThisCard:
    """Keys locked on this card by its effects (``put 2 keys on this card``): ``key on this card``."""

    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        return english.plural(amount, "key") + " locked on this card"

    def ccl(self, amount: int = 1) -> str:
        return f"key{_s(amount)} on this card"

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return ()


@attrs.frozen
class KeysOwned:
    """Keys a player owns, those waiting on their lock cards included (keys locked on cards are no one's): ``key``."""

    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        return english.plural(amount, "key")

    def ccl(self, amount: int = 1) -> str:
        return f"key{_s(amount)}"

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return ()


@attrs.frozen
class Gold:
    """Gold in a player's supply (not stored on cards): ``gold``; at the end of the game, the gold left."""

    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        return "gold"

    def ccl(self, amount: int = 1) -> str:
        return "gold"

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return ()


@attrs.frozen
class EmptySpaces:
    """Spaces of the final 3x3 grid not yet filled (9 minus cards): ``empty space``."""

    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        return f"{english.plural(amount, 'empty space')} left"

    def ccl(self, amount: int = 1) -> str:
        return f"empty space{_s(amount)}"

    def problems(self, where: Where) -> tuple[Problem, ...]:
        return ()


class Connection(enum.Enum):
    """What :class:`ConnectedCards` counts of the groups of connected cards.

    ``GROUPS``: the groups themselves; ``LARGEST``: the cards of the largest
    group (ties do not matter: only its size is counted); ``THIS``: the cards
    of the group this card is in.
    """

    GROUPS = "groups"
    LARGEST = "largest"
    THIS = "this"


@attrs.frozen
class ConnectedCards:
    """Groups of connected cards: ``group of at least 3 connected faith cards``,
    ``card in the largest group of connected peasantry cards``, ``card in this card's group of connected cards``.

    A group is a set of cards passing ``on``, each orthogonally next to
    another of the group (also diagonally next to it when ``diagonal``),
    taken as large as it goes: every card passing ``on`` belongs to exactly
    one group, and a card with no such card next to it is a group of 1.
    Only groups of at least ``size`` cards are counted (smaller ones are no
    group here). ``what`` says what is counted: the groups, the cards of the
    largest group (0 when there is none), or the cards of the group this
    card is in (0 when this card does not pass ``on``). The groups are
    looked for among the cards of the count's place, so a card outside it
    connects nothing.
    """

    what: Connection = Connection.GROUPS
    on: CardFilter | None = None
    size: int = 1
    diagonal: bool = False
    source: Source | None = source_field()

    def _of(self, *, ccl: bool) -> str:
        """ "of at least 3 connected faith cards", "of diagonally connected castle cards"."""
        size = f"at least {self.size} " if self.size > 1 else ""
        cards = card_phrase(self.on, 2, ccl=ccl, banner=False)
        if ccl:
            return f"of {size}{'diagonally connected' if self.diagonal else 'connected'} {cards}"
        return f"of {size}{'orthogonally or diagonally connected' if self.diagonal else 'connected'} {cards}"

    def _say(self, amount: int, *, ccl: bool) -> str:
        match self.what:
            case Connection.GROUPS:
                return f"{english.plural(amount, 'group')} {self._of(ccl=ccl)}"
            case Connection.LARGEST:
                return f"{english.plural(amount, 'card')} in the largest group {self._of(ccl=ccl)}"
            case Connection.THIS:
                return f"{english.plural(amount, 'card')} in this card's group {self._of(ccl=ccl)}"
            case _:
                assert_never(self.what)

    def describe(self, amount: int = 1) -> str:
        return self._say(amount, ccl=False)

    def ccl(self, amount: int = 1) -> str:
        return self._say(amount, ccl=True)

    def problems(self, where: Where) -> tuple[Problem, ...]:
        found = out_of_range(self.size, 1, 9, "the size of a group of connected cards", self.source)
        return found + _on_problems(self.on, where)


#: The nouns counted over a collection of cards (a tableau, a row of it, a discard pile, ...).
CardCount = Union[Cards, Shields, WildShields, ShieldTypes, ShieldSets, IdenticalShieldSets, BannerSets,
                  DistinctCosts, CostSum, StoredGold, GoldOnThisCard, StoredKeys, KeysOnThisCard, EmptySpaces,
                  ConnectedCards]
#: The nouns of what a player holds: their keys and the gold in their supply.
PlayerCount = Union[KeysOwned, Gold]
#: The nouns narrowed by a card filter (their ``on``): which cards are counted, or whose shields, costs or gold.
Narrowable = Union[Cards, Shields, WildShields, ShieldTypes, ShieldSets, IdenticalShieldSets, BannerSets,
                   DistinctCosts, CostSum, StoredGold, StoredKeys, ConnectedCards]


def counts_cards(count: object) -> TypeGuard[CardCount]:
    """Whether ``count`` is a noun counted over cards (see :data:`CardCount`): no supply, no quantifier."""
    return isinstance(count, get_args(CardCount))


def narrowable(count: object) -> TypeGuard[Narrowable]:
    """Whether ``count`` is a noun a card filter narrows (see :data:`Narrowable`)."""
    return isinstance(count, get_args(Narrowable))


# --------------------------------------------------------------------------
# Which nouns may be counted where: the one table validation and the docs read.
# --------------------------------------------------------------------------


def _bare_cards(count: Any) -> bool:
    return isinstance(count, Cards) and count.on is None


def _on_face_down(count: Any) -> bool:
    return isinstance(count, Cards) and isinstance(count.on, FaceDown)


def _no_stored_gold(count: Any) -> bool:
    return isinstance(count, EmptySpaces) or _on_face_down(count) or isinstance(count, StoredGold)


def _quantifier(count: Any) -> bool:
    """Whether ``count`` counts rows, pairs or players (defined with the conditions)."""
    return type(count).__name__ in ("Groups", "Players")


def _leaves_this_out(on: CardFilter | None) -> bool:
    """Whether cards passing ``on`` never include this card ("other than this card", "adjacent to this card")."""
    conj = on.filters if isinstance(on, AllOf) else (on,)
    return any(isinstance(f, Near) and not f.relation.holds(0, 0) for f in conj)


def _player_noun(count: Any) -> bool:
    return isinstance(count, (KeysOwned, Gold))


#: Where cards next to this one are, said of the cards themselves.
_CARDS_NEAR = {Scope.ADJACENT: "next to this one", Scope.DIAGONAL: "diagonally next to this one",
               Scope.AROUND: "in the eight spaces around this one", Scope.ABOVE: "above this one in its column",
               Scope.BELOW: "below this one in its column", Scope.LEFT: "to the left of this one in its row",
               Scope.RIGHT: "to the right of this one in its row",
               Scope.DIRECTLY_ABOVE: "in the space directly above this one",
               Scope.DIRECTLY_BELOW: "in the space directly below this one",
               Scope.DIRECTLY_LEFT: "in the space directly left of this one",
               Scope.DIRECTLY_RIGHT: "in the space directly right of this one",
               Scope.DIAGONALS: "on the diagonal lines through this one"}


@attrs.frozen
class Per:
    """A count taken in a scope, every ``every`` of them counting once: ``faith shield in row``, ``2 gold``.

    A count of cards narrowed to one place next to this card (a filter
    ``Near(ROW)``, written ``in row``) is the same as that place's scope,
    and is kept as the scope, so the two ways of building it are one value;
    but when its cards are also in a part of the final grid (``corner card
    above this card``), they are counted in your tableau and the place is
    kept as a filter.
    """

    #: A :data:`~castle_combo.language.model.Count` (the union is completed by the quantifiers, defined with the
    #: conditions, which import this module: so it is not named here, and the engine's matches name it).
    count: Any
    scope: Scope = Scope.TABLEAU
    every: int = 1
    source: Source | None = source_field()

    def __attrs_post_init__(self) -> None:
        count = self.count
        if not narrowable(count) or (self.scope is not Scope.TABLEAU and self.scope not in POSITION_SCOPES):
            return
        on = count.on
        if reads_position(on):
            # Cards in a part of the final grid are counted in your tableau, so a place relative to this card
            # narrows them ("corner card on this card's diagonals"), whichever way it is written.
            if self.scope in POSITION_SCOPES:
                object.__setattr__(self, "count", attrs.evolve(count, on=all_of((on, Near(POSITION_SCOPES[
                    self.scope])))))
                object.__setattr__(self, "scope", Scope.TABLEAU)
            return
        conj = on.filters if isinstance(on, AllOf) else (on,)
        near = [f.relation for f in conj if isinstance(f, Near) and f.relation in _RELATION_SCOPES]
        if not near:
            return
        # Places next to this card, however written ("in row adjacent to this card" or the other way round),
        # are one value: the first in Relation's order is the scope, the others narrow the cards.
        relations = set(near) | ({POSITION_SCOPES[self.scope]} if self.scope in POSITION_SCOPES else set())
        first = min(relations, key=list(Relation).index)
        rest = [f for f in conj if not (isinstance(f, Near) and f.relation in _RELATION_SCOPES)]
        rest += [Near(relation) for relation in sorted(relations - {first}, key=list(Relation).index)]
        object.__setattr__(self, "count", attrs.evolve(count, on=all_of(rest)))
        object.__setattr__(self, "scope", _RELATION_SCOPES[first])

    def problems(self, *, scoring: bool = True, where: Where | None = None,
                 counting: bool = True) -> tuple[Problem, ...]:
        """What makes no sense in this count: a number out of range, or a scope it cannot take where it is.

        ``where`` says where the count is used (``scoring`` alone is the short
        form for a plain scoring rule or ability); ``counting`` is false for a
        collection of cards that is compared rather than counted.
        """
        where = where if where is not None else (Where() if scoring else Where(moment=Moment.BOUGHT))
        found: tuple[Problem, ...] = self.count.problems(where)
        found += out_of_range(self.every, 1, 99, "the number counted as one", self.source)
        return found + REFUSALS.of(self, where, counting=counting)

    def _noun(self, amount: int) -> str:
        if self.every > 1:
            return f"{self.every} {self.count.describe(self.every)}"
        return str(self.count.describe(amount))

    def describe(self, amount: int = 1) -> str:
        """The count and where it is taken: "faith shield in this card's row".

        Keys and gold belong to a player, not to a place in the tableau, so in
        the default scope they read "key you own" and "gold you have";
        stored gold reads as itself.
        """
        noun = self._noun(amount)
        count = self.count
        if self.scope is Scope.DISCARDED and isinstance(count, Cards) and not isinstance(count.on, AnyOf):
            return "discarded " + noun
        if self.scope is Scope.TABLEAU and isinstance(count, KeysOwned):
            return f"{noun} you own"
        if self.scope is Scope.THEIRS and isinstance(count, KeysOwned):
            return f"{noun} they own"
        if isinstance(count, Gold) and self.scope in (Scope.TABLEAU, Scope.THEIRS):
            return f"{noun} {'you have' if self.scope is Scope.TABLEAU else 'they have'}"
        if self.scope is Scope.TABLEAU and isinstance(count, (GoldOnThisCard, StoredGold)) and (
                not isinstance(count, StoredGold) or count.on is None):
            return noun
        if isinstance(count, StoredGold) and count.on is None:
            noun = "gold stored"  # in a place: "gold stored on the cards next to this one"
        if self.scope is Scope.TABLEAU and (isinstance(count, KeysOnThisCard) or isinstance(count, StoredKeys)
                                            and count.on is None):
            return noun
        if isinstance(count, StoredKeys) and count.on is None:
            noun = noun.removesuffix(" on your cards")  # in a place: "keys locked in a neighbour's tableau"
        if self.scope is Scope.TABLEAU and (_quantifier(count) or reads_position(getattr(count, "on", None))):
            return noun  # it says "of your tableau" or "of your final grid" itself
        note = ""
        if _bare_cards(count) and self.scope is Scope.TABLEAU:
            note = " (face-down cards and this one included)"
        elif _bare_cards(count) and ((self.scope in POSITION_SCOPES and self.scope not in GRID_SCOPES)
                                     or self.scope in (Scope.NEIGHBOUR, Scope.NEIGHBOURS) or self.scope in SIDE_SCOPES):
            note = " (face-down cards included)"
        if isinstance(count, Cards) and self.scope in _CARDS_NEAR:
            return f"{noun} {_CARDS_NEAR[self.scope]}{note}"  # "card next to this one", not "card on the cards ..."
        return f"{noun} {self.scope.describe()}{note}"

    def ccl(self, amount: int = 1, default: Scope = Scope.TABLEAU) -> str:
        """The count in the card language: "faith shield in row", "2 gold"; ``default`` is the unwritten scope."""
        noun = f"{self.every} {self.count.ccl(self.every)}" if self.every > 1 else str(self.count.ccl(amount))
        if self.scope is default:
            return noun
        if isinstance(self.count, StoredKeys) and self.count.on is None:
            noun = noun.removesuffix(" on your cards") + " on cards"  # "key on cards in a neighbour's tableau"
            if self.scope in POSITION_SCOPES:  # "key on cards adjacent to this card", not "... on adjacent cards"
                return f"{noun} {Near(POSITION_SCOPES[self.scope]).ccl().alone}"
        if isinstance(self.count, Cards) and self.scope in (Scope.ADJACENT, Scope.DIAGONAL):
            # Cards are next to this card, what lies on cards is on them: "faith card adjacent to this card",
            # "faith shield on adjacent cards" (the canonical form, docs/card-language.md).
            return f"{noun} {Near(POSITION_SCOPES[self.scope]).ccl().alone}"
        return f"{noun} {self.scope.ccl()}"

    def scoped(self, scope: Scope) -> Per:
        """This count in another scope."""
        return attrs.evolve(self, scope=scope)

    def narrowed(self, on: CardFilter) -> Per:
        """This count of cards with one more filter ``on`` (a count that takes no filter stays as it is)."""
        count = self.count
        if not narrowable(count):
            return self
        return attrs.evolve(self, count=attrs.evolve(count, on=all_of((count.on, on))))


def _scope_rule(nouns: str, places: str, message: str, hint: str, refuses: Callable[[Any, Scope, Where], bool], *,
                counting: bool = False) -> Refusal:
    """A rule of which count means nothing in which scope, where (in the one table of refusals)."""
    return REFUSALS.add(nouns, places, message, hint, on=Per, family="scope", counting=counting,
                        refuses=lambda per, where: refuses(per.count, per.scope, where),
                        at=lambda per: per.count.source or per.source)


#: Which count may be taken in which scope and where, in the order they are checked (a count in a place has one
#: reason to be refused: the first of these that applies).
_SCOPE_RULES = (
    _scope_rule("anything but plain `card` (a filter, a shield, a banner, a cost ...)", "a deck", "the cards in a "
            "deck are face down and hidden, only how many are left is public, so a deck is counted as plain 'card'",
            "count the cards left ('per card in the village deck'), or count what is printed on the cards of a row "
            "or a discard pile", lambda c, s, w: s in DECK_SCOPES and not _bare_cards(c)),
    _scope_rule("any count", "a deck, in a scoring rule", "a score pad has no deck, and a scoring rule counts "
            "tableaux", "count the cards left in a deck in an ability ('gain 1 gold per card in the village deck')",
            lambda c, s, w: w.scoring and s in DECK_SCOPES),
    _scope_rule("`gold on this card`", "any scope", "'gold on this card' is always this card's own gold, so it takes "
            "no scope", "remove the scope after 'gold on this card'",
            lambda c, s, w: isinstance(c, GoldOnThisCard) and s is not Scope.TABLEAU),
    _scope_rule("`key on this card`", "any scope", "'key on this card' is always the keys locked on this card, so "
            "it takes no scope", "remove the scope after 'key on this card'",
            lambda c, s, w: isinstance(c, KeysOnThisCard) and s is not Scope.TABLEAU),
    _scope_rule("`key`", "any scope but your tableau and theirs", "keys are held by a player, not placed in a tableau, "
            "so 'key' takes no scope", "remove the scope after 'key'",
            lambda c, s, w: isinstance(c, KeysOwned) and s not in (Scope.TABLEAU, Scope.THEIRS)),
    _scope_rule("`gold`", "any scope but your tableau and theirs", "gold in the supply is held by a player, not placed "
            "in a tableau, so 'gold' takes no scope", "remove the scope after 'gold', or count 'gold on purses'",
            lambda c, s, w: isinstance(c, Gold) and s not in (Scope.TABLEAU, Scope.THEIRS)),
    _scope_rule("`empty space`", "a row, a column, a place relative to this card", "a row or column of the final "
            "grid is always full, and a space next to a card may lie outside the grid, so 'empty space' is counted "
            "in the whole tableau only", "count 'empty space' in the whole tableau",
            lambda c, s, w: isinstance(c, EmptySpaces) and (s in GRID_SCOPES or s in POSITION_SCOPES)),
    _scope_rule("`group of connected cards`", "a location's row, a discard pile, the discarded cards", "cards "
            "outside a tableau lie next to no other card, so they form no group", "count the groups in a tableau",
            lambda c, s, w: isinstance(c, ConnectedCards) and s in LOOSE_SCOPES),
    _scope_rule("`group of connected cards`", "every tableau, your opponents' tableaux, your neighbours' tableaux",
            "cards of two tableaux are "
            "never connected, so groups are counted in one tableau", "count in your tableau, a neighbour's, or in "
            "'their tableau' inside 'per opponent with ...'",
            lambda c, s, w: isinstance(c, ConnectedCards) and s in (Scope.EVERY_TABLEAU, Scope.OPPONENTS,
                                                                     Scope.NEIGHBOURS)),
    _scope_rule("`card in this card's group of connected cards`", "a place that does not hold this card (next to "
            "this card, another player's tableau, other than this card)", "this card's group is in your tableau "
            "and holds this card, so it counts 0 there", "count in your tableau, or in this card's row or column",
            lambda c, s, w: isinstance(c, ConnectedCards) and c.what is Connection.THIS and (s not in (
                Scope.TABLEAU, Scope.ROW, Scope.COLUMN, Scope.ROW_AND_COLUMN, Scope.GROUP) or _leaves_this_out(c.on))),
    _scope_rule("`card`", "row, column, row and column, in a scoring rule", "a row or column of the final grid always "
            "holds 3 cards (5 for row and column)", "count something on the cards, such as 'castle banner in row'",
            lambda c, s, w: _bare_cards(c) and s in GRID_SCOPES and w.scoring, counting=True),
    _scope_rule("`card`", "row, column, row and column, in an ability", "a row or column of the final grid always "
            "holds 3 cards (5 for row and column)", "count something on the cards, such as 'castle banner in row'",
            lambda c, s, w: _bare_cards(c) and s in GRID_SCOPES and not w.scoring),
    _scope_rule("`gold on purses`", "row, column, row and column", "'gold on purses' counts the gold on all your purse "
            "cards, wherever they are", "remove the scope, or count 'purse card in row'",
            lambda c, s, w: isinstance(c, StoredGold) and c.on is None and s in GRID_SCOPES),
    _scope_rule("`empty space`", "the discarded cards", "discarded cards fill no space of a tableau",
            "count something printed on the discarded cards, such as 'purse card on the discarded cards'",
            lambda c, s, w: s is Scope.DISCARDED and isinstance(c, EmptySpaces)),
    _scope_rule("`face-down card`", "the discarded cards", "the cards of a row are face up, so a discarded card is "
            "never face down", "count something printed on the discarded cards, such as 'purse card on the "
            "discarded cards'", lambda c, s, w: s is Scope.DISCARDED and _on_face_down(c)),
    _scope_rule("`gold on purses`", "the discarded cards", "no gold is ever stored on a card in a row",
            "count something printed on the discarded cards, such as 'purse card on the discarded cards'",
            lambda c, s, w: s is Scope.DISCARDED and isinstance(c, StoredGold)),
    _scope_rule("`key on cards`", "the discarded cards, a discard pile", "no key is ever locked on a card out of a "
            "tableau",
            "count something printed on the discarded cards, such as 'purse card on the discarded cards'",
            lambda c, s, w: (s is Scope.DISCARDED or s in PILE_SCOPES) and isinstance(c, StoredKeys)),
    _scope_rule("any count", "the discarded cards, in a scoring rule", "a scoring rule counts your final tableau; "
            "discarded cards exist only while an ability resolves", "count them in an ability, after 'discard a row'",
            lambda c, s, w: w.scoring and s is Scope.DISCARDED),
    _scope_rule("`empty space`, `face-down card`, `gold on purses`", "a discard pile", "a discard pile holds face-up "
            "cards with no stored gold, and fills no space", "count something printed on the cards, such as "
            "'faith shield in the castle discard pile'",
            lambda c, s, w: s in PILE_SCOPES and _no_stored_gold(c)),
    _scope_rule("any count", "a discard pile, in a scoring rule", "a scoring rule counts tableaux, and a score pad has "
            "no discard pile", "count the discard pile in an ability ('gain 1 gold per card in the village discard "
            "pile')", lambda c, s, w: w.scoring and s in PILE_SCOPES),
    _scope_rule("`empty space`, `face-down card`, `gold on purses`", "the castle or village row", "a row holds face-up "
            "cards with no stored gold, and fills no space", "count something printed on the cards, such as "
            "'castle banner in the castle row'",
            lambda c, s, w: s in (Scope.CASTLE_ROW, Scope.VILLAGE_ROW) and _no_stored_gold(c)),
    _scope_rule("any count", "the castle or village row, in a scoring rule", "a scoring rule counts tableaux, and the "
            "rows of the locations are not part of any", "count a row in an ability ('gain 1 gold per castle "
            "banner in the castle row')",
            lambda c, s, w: w.scoring and s in (Scope.CASTLE_ROW, Scope.VILLAGE_ROW)),
    _scope_rule("any count", "row, column, row and column, in an ability", "an ability resolves when the card is "
            "bought, before its final row and column are known", "count in the whole tableau (this card included: "
            "it is already there, face up, when its ability resolves), or move the count to a scoring rule",
            lambda c, s, w: not w.scoring and s in GRID_SCOPES),
    _scope_rule("`empty space`", "a scoring rule", "the final grid is full, so 'empty space' always counts 0 in a "
            "scoring rule", "count 'empty space' in an ability instead",
            lambda c, s, w: w.scoring and isinstance(c, EmptySpaces)),
    _scope_rule("any count", "their tableau, outside a player quantifier", "'their tableau' means the tableau of the "
            "player being talked about, and no player is", "use it after 'each opponent with ...', 'per opponent "
            "with ...' or 'they have ...'", lambda c, s, w: s is Scope.THEIRS and not w.them),
    _scope_rule("any count", "the row or pair being counted (`Scope.GROUP` in Python), outside 'per row with ...'",
            "a count in the row, column or pair being counted means something only while one is", "count it "
            "inside 'per row with ...' or 'per pair of adjacent cards sharing ...'",
            lambda c, s, w: s is Scope.GROUP and not w.group),
    _scope_rule("a count of cards next to this card", "any scope but your tableau", "a place next to this card is in "
            "your own tableau", "count in your tableau", lambda c, s, w: s is not Scope.TABLEAU and s not in
            POSITION_SCOPES and s is not Scope.GROUP and has_near(getattr(c, "on", None))),
    _scope_rule("a count of cards in a region of the grid", "any scope but your tableau", "a region of the final "
            "grid is a place in your own tableau", "count in your tableau", lambda c, s, w: s not in
            (Scope.TABLEAU, Scope.GROUP) and reads_position(getattr(c, "on", None))),
    _scope_rule("`key`, `gold`, `empty space`", "a row, column or pair being counted", "rows and pairs of cards hold "
            "cards, not a player's keys, gold or spaces", "count something on the cards",
            lambda c, s, w: s is Scope.GROUP and (_player_noun(c) or isinstance(c, EmptySpaces))),
)
REFUSALS.add("places next to this card (`card in row not in row`, `card diagonal to this card in row`, "
             "`card above this card in row` ...)", "a count",
             *CONTRADICTORY, on=Per, refuses=lambda per, where: _contradicts(per),
             at=lambda per: per.count.source or per.source)


def _contradicts(per: Per) -> bool:
    """Whether a count's place next to this card contradicts the places of its cards."""
    count = per.count
    if per.scope not in POSITION_SCOPES or not narrowable(count) or count.on is None:
        return False
    conj = count.on.filters if isinstance(count.on, AllOf) else (count.on,)
    return contradictory(conj, POSITION_SCOPES[per.scope]) and not contradictory(conj)


# Rules the card language sees while it reads a count (the model has no value for what they refuse).
REFUSALS.add("a count", "two places that are not next to this card (`in your tableau in the castle row`)",
             "a count is taken in one place, and this one names two",
             "keep one place, such as 'in your tableau' or 'in a neighbour's tableau'", key="two places")
REFUSALS.add("`connected ... cards` alone", "after `per`", "'per connected ...' would read as every such card "
             "next to another; say which cards are counted", "write 'per card in the largest group of {cards}' or "
             "'per group of {cards}'", key="connected after per", example={"cards": "connected faith cards"})
REFUSALS.add("`not`", "a place that is not next to this card nor of the final grid (`not in your tableau`)",
             "'not' goes before a place next to this card or a region of the grid",
             "write 'not adjacent to this card' or 'not in a corner'", key="not a place")
REFUSALS.add("`banner`", "without a deck", "a banner is a castle or a village banner",
             "write 'castle banner' or 'village banner'", key="banner")
REFUSALS.add("`on this card`, `on purses`", "any count but gold", "only gold lies on {what}", "count 'gold on ...'",
             key="only gold", example={"what": "this card"})
REFUSALS.add("`on ... cards`", "a count of cards, keys, gold or spaces", "'{noun}' does not lie on cards",
             "count shields, sets, costs or gold on cards", key="not on cards", example={"noun": "card"})
REFUSALS.add("a place that narrows cards (`adjacent to this card`, `in top row`, ...)", "a count of keys, gold, "
             "spaces, rows or players", "'{noun}' is not a count of cards, so it cannot be narrowed to some cards",
             "remove the place after it, or count cards", key="not narrowed", example={"noun": "key"})
