"""Conditions, and the two quantifiers that count what meets one.

A condition compares a count with a number or with another count
(:class:`CountIs`), a count with the same count in other players' tableaux
(:class:`Compared`), asks whether cards have something in common
(:class:`Alike`), where this card ends (:class:`PlacedIn`), where the
messenger stands (:class:`MessengerAt`) or whether a player holds a reserved
card (:class:`HasReserved`), and conditions
combine with :class:`And`, :class:`Or` and :class:`Not`. Every condition is
valid wherever it means something: in a scoring rule, after an effect
(``gain 4 gold if ...``), on the players an effect is about (``each opponent
with ... loses 1 gold``) and inside the quantifiers.

The quantifiers are nouns: :class:`Groups` counts the rows, columns, lines or
pairs of adjacent cards of the owner's tableau that meet a condition ("per
row with at least 2 village banners"), and :class:`Players` the players of a
group that do ("per opponent with more keys than you"). Inside a quantifier,
a count written without a scope is about the row, pair or player being
looked at (``Scope.GROUP``, ``Scope.THEIRS``), as the English reads.
"""

from __future__ import annotations

import enum
import re
from typing import Any, Union

import attrs

from castle_combo.language import english
from castle_combo.language.model.base import (
    BOUGHT,
    MAX_AMOUNT,
    Comparison,
    Deck,
    Moment,
    Problem,
    Source,
    Where,
    out_of_range,
    source_field,
)
from castle_combo.language.model.counts import (
    DECK_SCOPES,
    POSITION_SCOPES,
    CardCount,
    Cards,
    CostSum,
    Gold,
    GoldOnThisCard,
    KeysOnThisCard,
    KeysOwned,
    Per,
    PlayerCount,
    Scope,
    StoredGold,
    card_phrase,
)
from castle_combo.language.model.filters import (
    AnyOf,
    CostVsThis,
    InRegion,
    Near,
    Region,
    Shares,
    Trait,
    kinds_of_card,
    words,
)
from castle_combo.language.model.refusals import REFUSALS

__all__ = [
    "Alike",
    "And",
    "Compared",
    "CountIs",
    "Condition",
    "Count",
    "GroupKind",
    "Groups",
    "HasReserved",
    "MessengerAt",
    "Not",
    "Or",
    "PlacedIn",
    "PlayerGroup",
    "Players",
    "Quantifier",
    "Requirement",
    "TookReserved",
    "at_the_end",
    "with_phrase",
]

_COMPARISON_WORDS = {Comparison.EQ: "exactly", Comparison.GE: "at least", Comparison.LE: "at most",
                     Comparison.GT: "more than", Comparison.LT: "fewer than", Comparison.NE: "not exactly"}
#: A count against another count: "more X than Y", "as many X as Y".
_VERSUS = {Comparison.GT: ("more", "than"), Comparison.LT: ("fewer", "than"), Comparison.EQ: ("as many", "as"),
           Comparison.GE: ("at least as many", "as"), Comparison.LE: ("at most as many", "as"),
           Comparison.NE: ("not as many", "as")}
#: The same, in English, for an amount of gold ("less gold", "as much gold").
_VERSUS_MUCH = {Comparison.GT: ("more", "than"), Comparison.LT: ("less", "than"), Comparison.EQ: ("as much", "as"),
                Comparison.GE: ("at least as much", "as"), Comparison.LE: ("at most as much", "as"),
                Comparison.NE: ("not as much", "as")}
_TRAIT_WORDS = {Trait.SHIELD: "a shield type", Trait.DECK: "a banner", Trait.COST: "a cost"}
_TRAIT_ENGLISH = {Trait.SHIELD: "a shield type", Trait.DECK: "a banner", Trait.COST: "a printed cost"}


def versus_words(comparison: Comparison, count: Any) -> tuple[str, str]:
    """The English words around a comparison of two counts: ("fewer", "than"), or ("less", "than") for gold."""
    much = isinstance(count, (Gold, StoredGold, GoldOnThisCard, CostSum))
    return (_VERSUS_MUCH if much else _VERSUS)[comparison]


class PlayerGroup(enum.Enum):
    """Players an effect, a comparison or a quantifier is about, seen from the card's owner.

    ``OPPONENTS``: every other player; ``NEIGHBOURS``: the players to the
    left and right (the one opponent in a game of two); ``PLAYERS``: every
    player, the owner included; ``LEFT`` / ``RIGHT``: one neighbour.
    """

    OPPONENTS = "opponent"
    NEIGHBOURS = "neighbour"
    PLAYERS = "player"
    LEFT = "left neighbour"
    RIGHT = "right neighbour"

    def noun(self, amount: int = 1) -> str:
        """The group's noun in English and in the card language: "opponent", "neighbours"."""
        return english.plural(amount, self.value)

    @property
    def each(self) -> str:
        """"each opponent", "your left neighbour": how an effect names the players it acts on."""
        return f"your {self.value}" if self in (PlayerGroup.LEFT, PlayerGroup.RIGHT) else f"each {self.value}"


#: The rivals of the player a quantifier talks about, seen from them.
_THEIR_RIVALS = {PlayerGroup.OPPONENTS: "each other player", PlayerGroup.NEIGHBOURS: "each of their neighbours",
                 PlayerGroup.PLAYERS: "each player", PlayerGroup.LEFT: "their left neighbour",
                 PlayerGroup.RIGHT: "their right neighbour"}


class GroupKind(enum.Enum):
    """Parts of the owner's tableau a :class:`Groups` quantifier looks at.

    ``ROW`` / ``COLUMN``: each row / column holding a card; ``LINE``: each row
    and each column; ``ADJACENT_PAIR``: each two cards orthogonally next to
    each other; ``DIAGONAL_PAIR``: each two cards diagonally next to each other.
    """

    ROW = "row"
    COLUMN = "column"
    LINE = "line"
    ADJACENT_PAIR = "pair of adjacent cards"
    DIAGONAL_PAIR = "pair of diagonal cards"

    def noun(self, amount: int = 1) -> str:
        """The noun, in English and the card language: "row", "pairs of adjacent cards"."""
        head, _, rest = self.value.partition(" ")
        return english.plural(amount, head) + (f" {rest}" if rest else "")


def _subject(per: Per, who: str | None) -> str:
    """Who "has" the count of a condition: "your tableau has", "you have", "whose tableau has", "that has"."""
    count, scope = per.count, per.scope
    player = isinstance(count, (KeysOwned, Gold, GoldOnThisCard, Players)) or (isinstance(count, StoredGold)
                                                                                and count.on is None)
    if scope is Scope.TABLEAU and player:
        return "you have"
    if scope is Scope.THEIRS:
        if who is not None:
            if who == "who+":  # after a plural: "2 opponents who have ...", "... whose tableaux have ..."
                return "who have" if player else "whose tableaux have"
            return "who has" if player else "whose tableau has"
        return "they have" if player else "their tableau has"
    if scope is Scope.GROUP and who is not None:
        return "that has"
    subject = english.SCOPE_SUBJECT[scope.value]
    if who == "that" and scope is not Scope.TABLEAU:
        # After a row or a pair being counted, a place of its own: "per row of your tableau whose cards next
        # to this one have ...", not "per row of your tableau the cards next to this one have ...".
        return "whose " + subject[len("the "):] if subject.startswith("the cards ") else "where " + subject
    return subject


def _noun_of(per: Per, amount: int) -> str:
    if per.scope is Scope.THEIRS and isinstance(per.count, StoredGold) and per.count.on is None:
        return "gold stored on their purse cards"  # the player a quantifier is about: not "your purse cards"
    if per.every > 1:
        return f"{per.every} {per.count.describe(per.every)}"
    if isinstance(per.count, Cards) and isinstance(per.count.on, AnyOf) and kinds_of_card(per.count.on) and any(
            words(part, ccl=False).suffixes for part in per.count.on.filters):
        return _either(per.count.on, amount)
    return str(per.count.describe(amount))


def _either(on: AnyOf, amount: int) -> str:
    """Kinds of card joined whole, after "no" or a number in a condition: "no card that is either (a lock card
    with a purse) or (a castle card)", not "no (lock card with a purse) or castle card", which reads as if
    "no" were about the first kind only."""
    kinds = (card_phrase(part, amount, nested=True) for part in on.filters)
    either = " or ".join(f"({'' if amount != 1 else 'an ' if kind[:1] in 'aeiou' else 'a '}{kind})" for kind in kinds)
    return f"card that is either {either}" if amount == 1 else f"cards that are either {either}"


@attrs.frozen
class CountIs:
    """A count compared with a number or with another count: ``at least 3 military shields``,
    ``more faith shields than military shields``; ``no craftsmanship shield`` is ``== 0``.
    """

    per: Per
    comparison: Comparison
    value: int | Per
    source: Source | None = source_field()

    def problems(self, *, scoring: bool = True, where: Where | None = None) -> tuple[Problem, ...]:
        """A value out of range, a condition that always holds, or a bad count.

        ``scoring`` says whether the condition is checked in the final grid
        (a scoring rule) or when an ability resolves (a conditional effect);
        ``where`` says it fully.
        """
        where = where if where is not None else (Where() if scoring else _ability())
        found: tuple[Problem, ...] = ()
        if isinstance(self.value, Per):
            found += self.per.problems(where=where) + self.value.problems(where=where)
        else:
            found += out_of_range(self.value, 0, MAX_AMOUNT, "the number in the condition", self.source)
            found += self.per.problems(where=where)
        return found + REFUSALS.of(self, where)

    def describe(self, who: str | None = None) -> str:
        """The condition as a clause: "your tableau has no craftsmanship shield".

        "No X" keeps the noun singular, as the rulebook writes it; a number
        makes the noun agree ("at least 2 keys", "exactly 1 key"). ``who``
        is the relative word a quantifier puts first ("whose", "that").
        """
        per, value = self.per, self.value
        if isinstance(value, Per):
            return self._versus(value, who)
        if self.comparison is Comparison.EQ and value == 0:
            amount = "no " + _noun_of(per, 1)
        else:
            amount = f"{_COMPARISON_WORDS[self.comparison]} {value} {_noun_of(per, value)}"
        if isinstance(per.count, Cards) and per.count.on is None and per.scope is Scope.TABLEAU:
            amount += " (face-down cards and this one included)"
        elif isinstance(per.count, Cards) and per.count.on is None and per.scope in (Scope.NEIGHBOUR, Scope.NEIGHBOURS,
                                                                                         Scope.LEFT_NEIGHBOUR,
                                                                                         Scope.RIGHT_NEIGHBOUR):
            amount += " (face-down cards included)"
        return f"{_subject(per, who)} {amount}"

    def _versus(self, other: Per, who: str | None) -> str:
        word, link = versus_words(self.comparison, self.per.count)
        per = self.per
        if per.count == other.count and per.every == other.every and {per.scope, other.scope} == {Scope.TABLEAU,
                                                                                                  Scope.THEIRS}:
            if per.scope is Scope.TABLEAU:
                return f"you have {word} {_noun_of(per, 2)} {link} they do"
            subject = "they have" if who is None else ("who have" if who == "who+" else "who has")
            return f"{subject} {word} {_noun_of(per, 2)} {link} you do"
        if per.scope is other.scope:
            return f"{_subject(per, who)} {word} {_noun_of(per, 2)} {link} {_noun_of(other, 2)}"
        return f"there are {word} {per.describe(2)} {link} {other.describe(2)}"

    def ccl(self, default: Scope = Scope.TABLEAU) -> str:
        """The condition in the card language: "at least 3 military shields", "more faith shields than keys"."""
        per, value = self.per, self.value
        if isinstance(value, Per):
            word, link = _VERSUS[self.comparison]
            if value.count == per.count and value.every == per.every and value.scope is not per.scope and (
                    value.scope in (Scope.TABLEAU, Scope.THEIRS)):
                right = "you" if value.scope is Scope.TABLEAU else "them"
            else:
                right = value.ccl(2, default)
            return f"{word} {per.ccl(2, default)} {link} {right}"
        if self.comparison is Comparison.EQ and value == 0:
            return f"no {per.ccl(1, default)}"
        return f"{_COMPARISON_WORDS[self.comparison]} {value} {per.ccl(value, default)}"


@attrs.frozen
class PlacedIn:
    """The card itself ends in one of the region's cells."""

    region: Region
    source: Source | None = source_field()

    def problems(self, *, scoring: bool = True, where: Where | None = None) -> tuple[Problem, ...]:
        """A region the card can never end in, or a place asked before the grid is final."""
        where = where if where is not None else (Where() if scoring else _ability())
        return REFUSALS.of(self, where) or self.region.problems()

    def describe(self, who: str | None = None) -> str:
        """The condition as a clause: "this card ends in a corner"."""
        return f"this card ends in {self.region.describe()}"

    def ccl(self, default: Scope = Scope.TABLEAU, indent: str = "    ") -> str:
        """``placed in a corner``, or ``placed at`` and a drawn mask on three lines below ``indent``."""
        if self.region.name is not None:
            return f"placed in {self.region.name}"
        rows = (" ".join("X" if (column, row) in self.region.cells else "." for column in range(3))
                for row in range(3))
        return "placed at\n" + "\n".join(indent + "    " + line for line in rows)


@attrs.frozen
class MessengerAt:
    """The messenger stands at a location: read when the effect resolves, or at the end of the game in a
    scoring rule (``if the messenger is at the village``)."""

    deck: Deck
    source: Source | None = source_field()

    def problems(self, *, scoring: bool = True, where: Where | None = None) -> tuple[Problem, ...]:
        """Asked about one player of a group ("each opponent with ..."), where it would read the same for all."""
        where = where if where is not None else (Where() if scoring else _ability())
        return REFUSALS.of(self, where)

    def describe(self, who: str | None = None) -> str:
        """The condition as a clause: "the messenger is at the village"."""
        return f"the messenger is at the {self.deck.value}"

    def ccl(self, default: Scope = Scope.TABLEAU) -> str:
        return f"the messenger is at the {self.deck.value}"


@attrs.frozen
class HasReserved:
    """A player holds a reserved card ("reserve a card from either row"), face up beside their tableau: read when
    the effect resolves (``if you have a reserved card``, ``if you have no reserved card``). ``theirs``: the
    player is the one a quantifier is about ("each opponent with a reserved card"), not the card's owner.
    A scoring rule reads the reserve as it stood when the last turn ended, before the reserved cards never
    taken are discarded (``score 4 if you have no reserved card``: 0 points with a card still reserved then);
    refused at the end of the game (``at the end of the game: ...``), which comes after the discard (the rules
    page, "A reserved card")."""

    held: bool = True
    theirs: bool = False
    source: Source | None = source_field()

    def problems(self, *, scoring: bool = True, where: Where | None = None) -> tuple[Problem, ...]:
        """Read at the end of the game (always empty then), or about a row or a pair."""
        where = where if where is not None else (Where() if scoring else _ability())
        return REFUSALS.of(self, where)

    def describe(self, who: str | None = None) -> str:
        """The condition as a clause: "you have a reserved card", "who has no reserved card"."""
        amount = "a reserved card" if self.held else "no reserved card"
        if self.theirs:
            subject = "they have" if who is None else ("who have" if who == "who+" else "who has")
        else:
            subject = "you have"
        return f"{subject} {amount} (beside the tableau, not yet taken)"

    def ccl(self, default: Scope = Scope.TABLEAU) -> str:
        """``you have a reserved card``; about the player of a quantifier ``a reserved card`` (``they have ...``
        where the owner is the default)."""
        amount = "a reserved card" if self.held else "no reserved card"
        if self.theirs:
            return amount if default is Scope.THEIRS else f"they have {amount}"
        return f"you have {amount}"


@attrs.frozen
class TookReserved:
    """The owner took their reserved card: a card of their tableau came from their reserve ("reserve a card from
    ..."), taken in step 2 of a later turn, face up (``face_up``), face down (``False``) or either way (``None``):
    ``score 3 if you took your reserved card face up`` (the Envoy). Read in the owner's tableau, where each card
    keeps how it was taken (public, as everything in a tableau; a card taken face down and turned face up later
    was still taken face down). A card never taken (still reserved, then discarded at the end) or nothing
    reserved: false. It is the owner's reserve, whichever card reserved it (one at a time)."""

    face_up: bool | None = True
    source: Source | None = source_field()

    def problems(self, *, scoring: bool = True, where: Where | None = None) -> tuple[Problem, ...]:
        """About a row or a pair."""
        where = where if where is not None else (Where() if scoring else _ability())
        return REFUSALS.of(self, where)

    def _side(self) -> str:
        return "" if self.face_up is None else (" face up" if self.face_up else " face down")

    def describe(self, who: str | None = None) -> str:
        """The condition as a clause: "you took your reserved card face up (...)"."""
        return f"you took your reserved card{self._side()} (one of your tableau's cards came from your reserve)"

    def ccl(self, default: Scope = Scope.TABLEAU) -> str:
        return f"you took your reserved card{self._side()}"


REFUSALS.add("`you took your reserved card`", "the condition of a group (`per row with ...`)",
             "whether you took your reserved card is about you, not about a row, column or pair of cards",
             "ask it of the owner: 'score 3 if you took your reserved card face up'",
             on=TookReserved, refuses=lambda c, w: w.group)


#: How a reserve reads when the effect resolves, and how a scoring rule reads it (see :func:`at_the_end`).
_RESERVE_NOW = " reserved card (beside the tableau, not yet taken)"
_RESERVE_AT_END = " reserved card when the game ends (one reserved and never taken)"


def at_the_end(text: str) -> str:
    """A scoring rule's English, where the messenger's place is the one at the end of the game: "the messenger
    ends the game at the village" (an ability reads it when it resolves: "the messenger is at the village");
    and the reserve the one held when the last turn ended: "you have no reserved card when the game ends (one
    reserved and never taken)"."""
    return (text.replace("the messenger is not at the ", "the messenger does not end the game at the ")
            .replace("the messenger is at the ", "the messenger ends the game at the ")
            .replace(_RESERVE_NOW, _RESERVE_AT_END))


@attrs.frozen
class Compared:
    """The owner has more (or fewer, or as many...) of a count in their tableau than each player of a group.

    ``comparison`` reads "mine against theirs": ``GT`` is "more than each",
    ``GE`` "at least as many as each" (ties count: having the most, shared),
    ``LT`` "fewer than each". In a game of two the neighbours are the one
    opponent. At the end of the game another player's wild shields count as
    the type they named, as they do in every count (the rules page, "Wild
    shields").
    """

    per: Per
    comparison: Comparison = Comparison.GT
    against: PlayerGroup = PlayerGroup.NEIGHBOURS
    source: Source | None = source_field()

    @property
    def more(self) -> bool:
        """Whether it asks for more (the long-standing reading of a comparison with the neighbours)."""
        return self.comparison in (Comparison.GT, Comparison.GE)

    def problems(self, *, scoring: bool = True, where: Where | None = None) -> tuple[Problem, ...]:
        """A count that is not the same thing in every tableau, or one taken in a scope."""
        where = where if where is not None else (Where() if scoring else _ability())
        return self.per.problems(where=where) + REFUSALS.of(self, where)

    def describe(self, who: str | None = None) -> str:
        """The condition as a clause: "you have more military shields than each neighbour".

        About the player a quantifier talks about (``in their tableau``), it
        compares them with their own rivals: "who has the most gold" reads
        "who has at least as much gold as each other player".
        """
        word, link = versus_words(self.comparison, self.per.count)
        if self.per.scope is Scope.THEIRS:
            subject = "they have" if who is None else ("who have" if who == "who+" else "who has")
            return f"{subject} {word} {self.per.count.describe(2)} {link} {_THEIR_RIVALS[self.against]}"
        return f"you have {word} {self.per.count.describe(2)} {link} {self.against.each}"

    def ccl(self, default: Scope = Scope.TABLEAU) -> str:
        word, link = _VERSUS[self.comparison]
        return f"{word} {self.per.ccl(2, default)} {link} {self.against.each}"


@attrs.frozen
class Alike:
    """The cards counted by ``cards`` all have a trait in common (``same``), or no two of them do.

    Only face-up cards show a trait, so a face-down card among them makes
    "all share" false, and "no two share" false too (a card that shows
    nothing is never counted as different); with no card at all, nothing is
    shared. Written
    ``all cards in row share a shield type`` or, about a pair or a row being
    counted, ``sharing a shield type``.
    """

    trait: Trait
    same: bool = True
    cards: Per = Per(Cards(), Scope.GROUP)
    source: Source | None = source_field()

    def problems(self, *, scoring: bool = True, where: Where | None = None) -> tuple[Problem, ...]:
        where = where if where is not None else (Where() if scoring else _ability())
        return self.cards.problems(where=where, counting=False) + REFUSALS.of(self, where)

    def describe(self, who: str | None = None) -> str:
        cards = self.cards.describe(2) if self.cards.scope is not Scope.GROUP else (
            self.cards.count.describe(2) + ("" if who is not None else " in it"))
        if who is not None and self.cards.scope is Scope.GROUP:
            return ("whose cards all share " if self.same else "no two of whose cards share ") + \
                _TRAIT_ENGLISH[self.trait]
        verb = "all" if self.same else "no two"
        return f"{verb} {cards} share {_TRAIT_ENGLISH[self.trait]}"

    def ccl(self, default: Scope = Scope.TABLEAU) -> str:
        if self.cards.scope is Scope.GROUP and default is Scope.GROUP and self.cards.count == Cards():
            return ("sharing " if self.same else "not sharing ") + _TRAIT_WORDS[self.trait]
        verb = "all" if self.same else "no two"
        return f"{verb} {self.cards.ccl(2, default)} share {_TRAIT_WORDS[self.trait]}"


@attrs.frozen
class And:
    """Every condition holds."""

    conditions: tuple[Condition, ...]
    source: Source | None = source_field()

    def problems(self, *, scoring: bool = True, where: Where | None = None) -> tuple[Problem, ...]:
        return _joined_problems(self.conditions, "and", scoring, where, self.source)

    def describe(self, who: str | None = None) -> str:
        return " and ".join(_inner(c, who, Or) for c in self.conditions)

    def ccl(self, default: Scope = Scope.TABLEAU) -> str:
        return " and ".join(_inner_ccl(c, default, Or) for c in self.conditions)


@attrs.frozen
class Or:
    """At least one condition holds."""

    conditions: tuple[Condition, ...]
    source: Source | None = source_field()

    def problems(self, *, scoring: bool = True, where: Where | None = None) -> tuple[Problem, ...]:
        return _joined_problems(self.conditions, "or", scoring, where, self.source)

    def describe(self, who: str | None = None) -> str:
        """The conditions joined with "or"; an "and" among them keeps its brackets, so the English shows the
        grouping: "(A and B) or (C and D)"."""
        return " or ".join(_inner(c, who, And) for c in self.conditions)

    def ccl(self, default: Scope = Scope.TABLEAU) -> str:
        return " or ".join(_inner_ccl(c, default, And) for c in self.conditions)


@attrs.frozen
class Not:
    """The condition does not hold: ``not placed in a corner``, ``not more keys than each neighbour``."""

    condition: Condition
    source: Source | None = source_field()

    def problems(self, *, scoring: bool = True, where: Where | None = None) -> tuple[Problem, ...]:
        where = where if where is not None else (Where() if scoring else _ability())
        return self.condition.problems(where=where) + REFUSALS.of(self, where)

    def describe(self, who: str | None = None) -> str:
        if isinstance(self.condition, PlacedIn):
            return f"this card does not end in {self.condition.region.describe()}"
        if isinstance(self.condition, MessengerAt):
            return f"the messenger is not at the {self.condition.deck.value}"
        if isinstance(self.condition, HasReserved):
            return attrs.evolve(self.condition, held=not self.condition.held).describe(who)
        return f"it is not the case that {_inner(self.condition, who, (And, Or))}"

    def ccl(self, default: Scope = Scope.TABLEAU) -> str:
        inner = self.condition
        # "not exactly" reads as one comparison (CountIs with NE), so "not" before "exactly" takes brackets.
        bracket = (And, Or, CountIs) if isinstance(inner, CountIs) and inner.comparison is Comparison.EQ and \
            not isinstance(inner.value, Per) and inner.value != 0 else (And, Or)
        return "not " + _inner_ccl(inner, default, bracket)


REFUSALS.add("a count compared with itself (`more faith shields than faith shields`)", "a condition",
             "the condition compares a count with itself, so it never changes",
             "compare with another count, or with 'you' inside 'each opponent with ...'",
             on=CountIs, refuses=lambda c, w: c.value == c.per)
REFUSALS.add("`at least 0`", "a condition", "'at least 0' always holds, so the condition means nothing",
             "write 'at least 1'", on=CountIs,
             refuses=lambda c, w: c.comparison is Comparison.GE and not isinstance(c.value, Per) and c.value == 0)
REFUSALS.add("`placed in`, `placed at`", "an ability", "an ability resolves before the card's place in the final grid "
             "is known", "move 'placed in ...' to a scoring rule ('score N if placed in ...')", on=PlacedIn,
             refuses=lambda c, w: not w.scoring)
REFUSALS.add("`the messenger is at ...`", "the condition of players or groups (`each opponent with ...`, "
             "`per row with ...`)", "there is one messenger, so its place is the same for every player, row or pair",
             "move the condition out: 'if the messenger is at the village' after the effect or the scoring rule",
             on=MessengerAt, refuses=lambda c, w: w.them or w.group)
REFUSALS.add("`a reserved card`, `no reserved card`", "the end of the game (`at the end of the game: ...`)",
             "a reserved card never taken is discarded when the last turn ends, before the end of the game's "
             "abilities, so every player has no reserved card then",
             "read it in a scoring rule, which reads the reserve as it stood when the last turn ended ('score 4 if "
             "you have no reserved card'), or in an ability or a trigger",
             on=HasReserved, refuses=lambda c, w: not w.scoring and w.moment is Moment.GAME_END)
REFUSALS.add("`a reserved card`, `no reserved card`", "the condition of a group (`per row with ...`)",
             "a reserved card lies beside a player's tableau, in no row, column or pair of its cards",
             "ask it of the owner ('if you have a reserved card') or of players ('each opponent with a reserved "
             "card')", on=HasReserved, refuses=lambda c, w: w.group)
REFUSALS.add("`they have a reserved card`", "outside the condition of players (`each opponent with ...`)",
             "'they' is the player a quantifier is about, and no player is being talked about here",
             "write 'you have a reserved card', or put it after players: 'each opponent with a reserved card'",
             on=HasReserved, refuses=lambda c, w: c.theirs and not w.them)
REFUSALS.add("a comparison with other players (`more ... than each neighbour`)", "`gold on this card`",
             "'gold on this card' is this card's own gold; a neighbour has no such card",
             "compare 'gold on purses' instead", on=Compared,
             refuses=lambda c, w: isinstance(c.per.count, GoldOnThisCard))
REFUSALS.add("a comparison with other players (`more ... than each neighbour`)", "`key on this card`",
             "'key on this card' counts the keys locked on this card; a neighbour has no such card",
             "compare 'key on your cards' instead", on=Compared,
             refuses=lambda c, w: isinstance(c.per.count, KeysOnThisCard))
REFUSALS.add("a comparison with other players", "a place (`in row`, `in a neighbour's tableau`, ...)",
             "a comparison with the neighbours counts whole tableaux", "remove the scope", on=Compared,
             refuses=lambda c, w: c.per.scope not in (Scope.TABLEAU, Scope.THEIRS))
REFUSALS.add("a comparison with other players", "`each player`", "you cannot have more than yourself",
             "compare with each opponent", on=Compared, refuses=lambda c, w: c.against is PlayerGroup.PLAYERS)
REFUSALS.add("`all ... share`, `no two ... share`", "anything but cards",
             "only cards share a shield type, a banner or a cost", "write 'all cards ...'", on=Alike,
             refuses=lambda c, w: not isinstance(c.cards.count, Cards))
REFUSALS.add("`all ... share`, `no two ... share`", "a deck", "the cards in a deck are face down and hidden, only "
             "how many are left is public, so no one can tell what they share", "compare the cards of a row or a "
             "discard pile, or count the cards left ('if at least 1 card in the village deck')", on=Alike,
             refuses=lambda c, w: c.cards.scope in DECK_SCOPES)
REFUSALS.add("`not not`", "a condition", "'not not' means the condition itself", "remove both 'not's", on=Not,
             refuses=lambda c, w: isinstance(c.condition, Not))


def _inner(condition: Condition, who: str | None, bracket: Any) -> str:
    text = condition.describe(who)
    return f"({text})" if isinstance(condition, bracket) else text


def _inner_ccl(condition: Condition, default: Scope, bracket: Any) -> str:
    text = condition.ccl(default)
    return f"({text})" if isinstance(condition, bracket) or (isinstance(condition, PlacedIn)
                                                             and condition.region.name is None) else text


def _joined_problems(conditions: tuple[Condition, ...], word: str, scoring: bool, where: Where | None,
                     source: Source | None) -> tuple[Problem, ...]:
    found: tuple[Problem, ...] = ()
    if len(conditions) < 2:
        found += (Problem(f"'{word}' joins at least two conditions", f"write a condition on each side of '{word}'",
                          source),)
    for condition in conditions:
        found += condition.problems(scoring=scoring, where=where)
    return found


@attrs.frozen
class Groups:
    """Rows, columns, lines or pairs of cards of the owner's tableau that meet a condition (or all of them).

    Counted in the tableau as it is: in a scoring rule the final 3x3 grid
    (3 rows, 3 columns, 6 lines, 12 adjacent pairs, 8 diagonal pairs), in an
    ability the cards placed so far. Inside the condition a count with no
    scope counts the cards of the group (``Scope.GROUP``).
    """

    kind: GroupKind
    condition: Condition | None = None
    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        noun = f"{self.kind.noun(amount)} of your tableau"
        if self.condition is None:
            return noun
        return f"{noun} {_that(self.condition, 'that')}"

    def ccl(self, amount: int = 1) -> str:
        noun = self.kind.noun(amount)
        if self.condition is None:
            return noun
        return f"{noun} {with_phrase(self.condition, Scope.GROUP, closed=True)}"

    def problems(self, where: Where) -> tuple[Problem, ...]:
        if self.condition is None:
            return ()
        inner = attrs.evolve(where, group=True)
        return self.condition.problems(scoring=where.scoring, where=inner)


@attrs.frozen
class Players:
    """Players of a group who meet a condition (or all of them): ``opponent with at least 3 military shields``.

    Inside the condition a count with no scope counts that player's tableau
    (``Scope.THEIRS``); "you" is the card's owner.
    """

    group: PlayerGroup = PlayerGroup.OPPONENTS
    condition: Condition | None = None
    source: Source | None = source_field()

    def describe(self, amount: int = 1) -> str:
        noun = self.group.noun(amount)
        if self.condition is None:
            return noun
        return f"{noun} {_that(self.condition, 'whose', plural=amount != 1)}"

    def ccl(self, amount: int = 1) -> str:
        noun = self.group.noun(amount)
        if self.condition is None:
            return noun
        return f"{noun} {with_phrase(self.condition, Scope.THEIRS, closed=True)}"

    def problems(self, where: Where) -> tuple[Problem, ...]:
        if self.condition is None:
            return ()
        return self.condition.problems(scoring=where.scoring, where=attrs.evolve(where, them=True))


def _that(condition: Condition, who: str, plural: bool = False) -> str:
    """A condition after the noun it is about: "that has at least 2 village banners", "whose tableau has ...";
    after a plural noun the verb agrees ("2 opponents whose tableaux have ...")."""
    return condition.describe(who if who == "that" else ("who+" if plural else "who"))


#: A condition that starts with a quantifier over players ("no opponent ...", "at least 2 neighbours ..."): after
#: "and" or "or" it ends the condition of a quantifier before it (the grammar's ``with_condition``).
_PLAYERS_QUANTIFIED = re.compile(r"(?:no|an?|[0-9]+|(?:at least|at most|exactly|not exactly|more than|fewer than) "
                                 r"[0-9]+) (?:opponents?|neighbou?rs?|players?)\b")


def with_phrase(condition: Condition, default: Scope, *, closed: bool = False) -> str:
    """A condition after the noun it is about, in the card language: "with at least 2 village banners".

    ``closed`` (a quantifier's condition, "no opponent with ...") brackets a condition whose "and" or "or" is
    followed by a quantifier over players, which would otherwise end it: "no opponent with (more gold than you
    and no neighbour with ...)".
    """
    if isinstance(condition, Alike) and condition.cards.scope is default:
        return condition.ccl(default)
    text = condition.ccl(default)
    if closed and isinstance(condition, (And, Or)) and any(
            _PLAYERS_QUANTIFIED.match(part.ccl(default)) for part in condition.conditions[1:]):
        return f"with ({text})"
    return "with " + text


def _ability() -> Where:
    return BOUGHT


Condition = Union[CountIs, PlacedIn, MessengerAt, HasReserved, TookReserved, Compared, Alike, And, Or, Not]
#: The quantifiers: rows, columns, lines or pairs of cards, and players, that meet a condition.
Quantifier = Union[Groups, Players]
#: Every noun of a count: of cards, of a player's supply, and the quantifiers.
Count = Union[CardCount, PlayerCount, Quantifier]


#: The scopes a requirement cannot read: places around this card, the cards an ability discarded, a quantifier's
#: group (the card is not in the tableau yet when its requirement is checked, and no ability is resolving).
_NOT_YET_SCOPES = frozenset({*POSITION_SCOPES, Scope.DISCARDED, Scope.GROUP})


def _this_card_part(condition: Condition) -> object | None:
    """The first part of ``condition`` that reads this card (its place, what lies on it, what lies near it, its
    printed cost against others), or a count of the cards an ability discarded; ``None`` if there is none."""
    for node in _walk(condition):
        if isinstance(node, (PlacedIn, GoldOnThisCard, KeysOnThisCard, CostVsThis, Shares, Near, InRegion)):
            return node
        if isinstance(node, Per) and node.scope in _NOT_YET_SCOPES:
            return node
    return None


def _walk(node: Any) -> Any:
    """Every model node in ``node`` (itself first), depth first (the walker of conditions, counts and filters)."""
    if isinstance(node, tuple):
        for item in node:
            yield from _walk(item)
        return
    if not attrs.has(type(node)):
        return
    yield node
    for field in attrs.fields(type(node)):
        if field.eq:
            yield from _walk(getattr(node, field.name))


@attrs.frozen
class Requirement:
    """A requirement to buy the card face up (``requires at least 2 military shields``): a fact of the card.

    The taker may buy the card face up only if ``condition`` holds for them at the moment of the take, read on
    their tableau and supply before paying, without the card itself (its own shields do not count; face-down
    cards count nothing, as everywhere). Taking the card face down (6 gold, 2 keys) is always allowed; discounts
    and surcharges price it as usual; an ability that copies its ability ignores the requirement (see the rules
    page, "Requirements").
    """

    condition: Condition
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """The condition's own problems (read as in an ability), then the refusals of the table: what reads this
        card, which is not in the tableau yet when the requirement is checked."""
        return self.condition.problems(scoring=False, where=where) + REFUSALS.of(self, where)

    def describe(self) -> str:
        """The fact as a sentence: "Requirement: you may buy this card face up only if you have ..."."""
        clause = self.condition.describe().replace(" and this one included", " included")
        if clause.startswith("your tableau has "):  # the taker's tableau: "you have at least 2 military shields"
            clause = "you have " + clause[len("your tableau has "):]
        return english.sentence(f"Requirement: you may buy this card face up only if {clause} (this card not "
                                "counted); you may always take it face down")

    def ccl(self) -> str:
        return f"requires {self.condition.ccl()}"


REFUSALS.add("a requirement (`requires ...`)", "what reads this card: where it ends, gold or keys on it, places "
             "next to it (`adjacent to this card`, `in row`, ...), cards costing more than it, the discarded cards",
             "a requirement is checked before the card is taken, when it is in no tableau: '{what}' cannot be read "
             "then", "require what the taker's tableau and supply show: 'requires at least 2 military shields', "
             "'requires at least 10 gold', 'requires more faith shields than military shields'", on=Requirement,
             refuses=lambda r, w: _this_card_part(r.condition) is not None,
             fill=lambda r, w: {"what": r.condition.ccl()},
             at=lambda r: getattr(_this_card_part(r.condition), "source", None) or r.source,
             example={"what": "at least 2 faith shields on adjacent cards"})

