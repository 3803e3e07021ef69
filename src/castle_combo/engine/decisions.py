"""What a player owes the game in the middle of a turn, and how the turn resumes after it.

Most of a turn is the player's free choice among spending a key, opening a
lock or taking a card. But an ability may stop and ask a question: which
option of a choice, which card of a row to discard, which whole row to
discard, which adjacent card's ability to use; and the end of a turn may ask
whether to open a lock. Each kind of question is one small frozen class here
(a :data:`Decision`); the rules (:mod:`castle_combo.engine.rules`) offer its answers
as actions and apply the one chosen.

An ability can pause *inside another ability* (a copied card's own choice),
so the work still to do is a stack of :class:`Frame` objects, one per
ability being resolved, saved in the state with the question
(:class:`Pending`). Everything here is plain data: card ids, tableau indices
and step addresses, so it compares, hashes and serializes like the rest of
the state.
"""

from __future__ import annotations

import enum
from typing import Union

import attrs

__all__ = [
    "Address",
    "ChooseAdjacent",
    "ChooseOption",
    "ChooseRow",
    "Decision",
    "DiscardCard",
    "Frame",
    "OpenLockOrPass",
    "Pending",
    "Resume",
]

#: Where an effect sits in its card's abilities: ``(part, i, option, j, ...)``.
#: ``part`` is 0 for the ability when bought and 1 for the ability behind a lock;
#: ``(0, 2)`` is the third effect when bought, ``(0, 2, 1, 0)`` the first effect
#: of the second option of that choice.
Address = tuple[int, ...]


@attrs.frozen
class ChooseOption:
    """A "choose one" ability waits for one of its ``options`` (answered by ``Choose(k)``, k from 1)."""

    options: int


@attrs.frozen
class DiscardCard:
    """A discard-from-row ability waits for a card of the ``deck`` row (0 castle, 1 village): ``Discard(name)``."""

    deck: int


@attrs.frozen
class ChooseRow:
    """A "discard a whole row" ability waits for one of the rows ``decks`` (0 castle, 1 village): ``DiscardRow``.

    Asked only when both rows hold cards: with one, that row is discarded
    at once; with none, nothing happens.
    """

    decks: tuple[int, ...]


@attrs.frozen
class ChooseAdjacent:
    """A copying ability waits for one of its owner's adjacent cards: ``Activate(name)``.

    ``candidates`` are tableau indices of the owner's cards that qualify, in
    the order they were taken. Asked even when there is one candidate.
    """

    candidates: tuple[int, ...]


@attrs.frozen
class OpenLockOrPass:
    """The end of a turn in which no lock was opened while one can be: ``Unlock(name)`` or ``Pass()``.

    ``locks`` are tableau indices of the current player's lock cards that can
    be opened now, in the order they were taken.
    """

    locks: tuple[int, ...]


Decision = Union[ChooseOption, DiscardCard, ChooseRow, ChooseAdjacent, OpenLockOrPass]


class Resume(enum.Enum):
    """Where the turn goes on once every ability of a :class:`Pending` is resolved.

    ``START``: a lock opened at the start of the turn; the player may still
    spend a key or take a card. ``TAKE``: a lock opened after spending a key;
    a card must be taken. ``TAKEN``: the ability of the card just taken; then
    its messenger icon, the refill of both rows and, if a lock can be opened,
    the end-of-turn decision. ``END``: a lock opened at the end of the turn;
    then the rows are refilled again and the next player's turn begins.
    """

    START = "start"
    TAKE = "take"
    TAKEN = "taken"
    END = "end"


@attrs.frozen
class Frame:
    """One ability being resolved: whose, where, and what is left of it.

    ``card`` is the card id whose ability it is and ``index`` its place in
    the owner's tableau ("this card"); ``queue`` the addresses of the effects
    still to resolve, in order. ``copied`` marks an ability used through
    another card ("use the ability of an adjacent card"): its discounts and
    copying effects are skipped. ``discarded`` holds the cards this ability
    has discarded so far, which "on the discarded cards" counts.
    """

    card: int
    index: int
    queue: tuple[Address, ...]
    copied: bool = False
    discarded: tuple[int, ...] = ()


@attrs.frozen
class Pending:
    """A decision the current player owes, and the work that resumes after it.

    ``frames`` is the stack of abilities being resolved, bottom first; the
    top one asked the question from its step at ``step`` (empty for the
    end-of-turn decision, which no ability asks). ``resume`` says where the
    turn goes once the stack is empty.
    """

    decision: Decision
    frames: tuple[Frame, ...]
    step: Address
    resume: Resume
