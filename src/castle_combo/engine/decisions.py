"""What a player owes the game in the middle of a turn, and how the turn resumes after it.

Most of a turn is the player's free choice among spending a key, opening a
lock or taking a card. But an ability may stop and ask a question: which
option of a choice, which card of a row to discard, which whole row to
discard, which adjacent card's ability to use; and the end of a turn may ask
whether to open a lock.

Each kind of question is **one class here**, and the class is the one place
that knows everything about it: which actions answer it and in which order
(:meth:`DecisionKind.answers`), what the player owes in words
(:meth:`DecisionKind.owed`), why a wrong answer is refused
(:meth:`DecisionKind.refusal`) and how it is written in a save
(:meth:`DecisionKind.to_json`, :func:`decision_from_json`). The rules, saves,
the check of a loaded save, the RL encoding, the terminal game and the
narration all read it from there, so a new kind of question is one new class
in :data:`Decision` (a test checks every member of the union is complete).
Whether a stored question is the one the game would ask is not a property of
the question: the check of a loaded save asks the ability's step again and
compares (:mod:`castle_combo.records.integrity`).

An ability can pause *inside another ability* (a copied card's own choice),
so the work still to do is a stack of :class:`Frame` objects, one per
ability being resolved, saved in the state with the question
(:class:`Pending`). Everything here is plain data: card ids, tableau indices
and step addresses, so it compares, hashes and serializes like the rest of
the state.
"""

from __future__ import annotations

import abc
import enum
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, Union, get_args

import attrs

from castle_combo.engine.actions import (
    Action,
    Activate,
    Arrange,
    Choose,
    Discard,
    DiscardRow,
    Pass,
    Reserve,
    ReturnCard,
    Reveal,
    SwapCard,
    Times,
    Unlock,
)
from castle_combo.errors import RecordError
from castle_combo.files import MAX_NUMBER, quote
from castle_combo.language.model import Deck, Shield

__all__ = [
    "DECISIONS",
    "AcceptOrDecline",
    "Address",
    "ArrangeDeckTop",
    "ChooseAdjacent",
    "ChooseFaceDown",
    "ChooseGoldMove",
    "ChooseNeighbourCard",
    "ChooseOption",
    "ChoosePlayer",
    "ChooseReserve",
    "ChooseReturn",
    "ChooseRow",
    "ChooseStore",
    "ChooseSwap",
    "ChooseTimes",
    "Decision",
    "DecisionKind",
    "DiscardCard",
    "Frame",
    "NameShield",
    "OpenLockOrPass",
    "OwedChoice",
    "Pending",
    "Resume",
    "SHIELD_ORDER",
    "decision_from_json",
]

#: Where an effect sits in its card's abilities: ``(part, i, option, j, ...)``.
#: ``part`` is 0 for the ability when bought and 1 for the ability behind a lock;
#: ``(0, 2)`` is the third effect when bought, ``(0, 2, 1, 0)`` the first effect
#: of the second option of that choice.
Address = tuple[int, ...]

#: The locations in the engine's order: index 0 is the castle, 1 the village.
_DECKS: tuple[Deck, ...] = (Deck.CASTLE, Deck.VILLAGE)
#: The answers of small choices, built once.
_CHOICES = tuple(tuple(Choose(k) for k in range(1, n + 1)) for n in range(10))
_ROWS: dict[tuple[int, ...], tuple[Action, ...]] = {
    decks: tuple(DiscardRow(_DECKS[d]) for d in decks) for decks in ((0,), (1,), (0, 1))
}
_PASS = Pass()
_TIMES = tuple(Times(n) for n in range(100))


class _Cell(Protocol):
    @property
    def card(self) -> int: ...

    @property
    def key(self) -> bool: ...


class _Seat(Protocol):
    @property
    def tableau(self) -> Sequence[_Cell]: ...


class _Location(Protocol):
    @property
    def deck(self) -> tuple[int, ...]: ...

    @property
    def row(self) -> tuple[int, ...]: ...

    @property
    def discard(self) -> tuple[int, ...]: ...


class _Cards(Protocol):
    """The compiled ruleset as a decision uses it: names and interned answers."""

    def name(self, card: int) -> str: ...

    def discard(self, card: int) -> Discard: ...

    def activate(self, card: int) -> Activate: ...

    def unlock(self, card: int) -> Unlock: ...

    def reveal(self, card: int) -> Reveal: ...


class Table(Protocol):
    """What a decision reads of a state: the current player's tableau, the rows and the card names."""

    @property
    def current_player(self) -> int: ...

    @property
    def pending(self) -> Pending | None: ...

    @property
    def to_act(self) -> int: ...

    @property
    def players(self) -> Sequence[_Seat]: ...

    @property
    def locations(self) -> Sequence[_Location]: ...

    @property
    def places(self) -> Sequence[tuple[Any, ...]]: ...  # the locations as the engine keeps them (row second)

    @property
    def engine(self) -> _Cards: ...


def _indices(value: Any, path: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(type(v) is int and 0 <= v <= MAX_NUMBER for v in value):
        raise RecordError(f"{path}: expected a list of tableau indices, got {quote(value)}")
    return tuple(value)


def _deck_index(value: Any, path: str) -> int:
    for i, deck in enumerate(_DECKS):
        if value == deck.value:
            return i
    raise RecordError(f"{path}: expected \"castle\" or \"village\", got {quote(value)}")


def _read_decks(value: Any, path: str) -> tuple[int, ...]:
    """The locations a saved question names (``["castle"]``, ``["village"]`` or both, in that order), as indices."""
    if not isinstance(value, list) or not value or len(value) > 2:
        raise RecordError(f"{path}: expected [\"castle\"], [\"village\"] or [\"castle\", \"village\"], "
                          f"got {quote(value)}")
    decks = tuple(_deck_index(d, f"{path}[{k}]") for k, d in enumerate(value))
    if len(set(decks)) != len(decks) or list(decks) != sorted(decks):
        raise RecordError(f"{path}: expected [\"castle\"], [\"village\"] or [\"castle\", \"village\"], "
                          f"got {quote(value)}")
    return decks


def _listed(table: Table, cards: Sequence[int]) -> str:
    return ", ".join(table.engine.name(c) for c in cards)


def _mine(table: Table, indices: Sequence[int]) -> list[int]:
    """The card ids at ``indices`` of the tableau of the player answering (the owner of the ability asking)."""
    cells = table.players[table.to_act].tableau
    return [cells[i].card for i in indices]


class DecisionKind(abc.ABC):
    """What every kind of decision says about itself (see the module docstring).

    ``kind`` is its name in a save and ``field`` the name of its one field
    there; ``answered_by`` lists the action classes that answer it; ``asked``
    says whether an ability asks it (the end-of-turn decision is asked by no
    ability).
    """

    kind: ClassVar[str]
    field: ClassVar[str]
    answered_by: ClassVar[tuple[type, ...]]
    asked: ClassVar[bool] = True

    @abc.abstractmethod
    def answers(self, table: Table) -> tuple[Action, ...]:
        """Every legal answer, in the documented order."""

    @abc.abstractmethod
    def owed(self, table: Table, card: str) -> str:
        """What the current player owes, in words (``card`` is the card whose ability asks)."""

    def refusal(self, table: Table, card: str, action: Action) -> str:
        """Why ``action``, of a kind that answers this decision, is not one of its answers now."""
        return f"{action} is not possible now: {self.owed(table, card)}"

    @abc.abstractmethod
    def value(self) -> Any:
        """The decision's one field as JSON."""

    def decider(self, table: Table) -> int:
        """The seat that must answer: the owner of the ability asking (the current player, or the owner of a
        trigger on the current player's take); a choice owed by another player says who owes it."""
        pending = table.pending
        if pending is not None and pending.frames:
            seat = pending.frames[-1].seat
            if seat is not None:
                return seat
        return table.current_player

    def to_json(self) -> dict[str, Any]:
        """``{"kind": ..., field: ...}``, as a save writes it."""
        return {"kind": self.kind, self.field: self.value()}


@attrs.frozen
class ChooseOption(DecisionKind):
    """A "choose one" ability waits for one of its ``options`` (answered by ``Choose(k)``, k from 1)."""

    kind: ClassVar[str] = "choose"
    field: ClassVar[str] = "options"
    answered_by: ClassVar[tuple[type, ...]] = (Choose,)

    options: int

    def answers(self, table: Table) -> tuple[Action, ...]:
        n = self.options
        return _CHOICES[n] if n < len(_CHOICES) else tuple(Choose(k) for k in range(1, n + 1))

    def owed(self, table: Table, card: str) -> str:
        return f"choose an option (1 to {self.options}) for {card}"

    def refusal(self, table: Table, card: str, action: Action) -> str:
        assert isinstance(action, Choose)
        return f"{card} has options 1 to {self.options}; there is no option {action.option}"

    def value(self) -> Any:
        return self.options

    @classmethod
    def read(cls, value: Any, path: str) -> ChooseOption:
        if type(value) is not int or not 2 <= value <= MAX_NUMBER:
            raise RecordError(f"{path}: expected a number of options (2 or more, at most {MAX_NUMBER:,}), "
                              f"got {quote(value)}")
        return cls(value)


@attrs.frozen
class DiscardCard(DecisionKind):
    """A discard-from-row ability waits for a card of the ``deck`` row (0 castle, 1 village): ``Discard(name)``."""

    kind: ClassVar[str] = "discard"
    field: ClassVar[str] = "deck"
    answered_by: ClassVar[tuple[type, ...]] = (Discard,)

    deck: int

    def answers(self, table: Table) -> tuple[Action, ...]:
        discard = table.engine.discard
        return tuple(discard(c) for c in table.places[self.deck][1])  # the row (read from the place's tuple)

    def owed(self, table: Table, card: str) -> str:
        row = _listed(table, table.locations[self.deck].row)
        return f"discard a card from the {_DECKS[self.deck].value} row for {card} ({row})"

    def refusal(self, table: Table, card: str, action: Action) -> str:
        assert isinstance(action, Discard)
        row = _listed(table, table.locations[self.deck].row)
        return f"{action.card} is not in the {_DECKS[self.deck].value} row; you may discard {row}"

    def value(self) -> Any:
        return _DECKS[self.deck].value

    @classmethod
    def read(cls, value: Any, path: str) -> DiscardCard:
        return cls(_deck_index(value, path))


@attrs.frozen
class ChooseRow(DecisionKind):
    """A "discard a whole row" ability waits for one of the rows ``decks`` (0 castle, 1 village): ``DiscardRow``.

    Asked only when both rows hold cards: with one, that row is discarded
    at once; with none, nothing happens.
    """

    kind: ClassVar[str] = "row"
    field: ClassVar[str] = "decks"
    answered_by: ClassVar[tuple[type, ...]] = (DiscardRow,)

    decks: tuple[int, ...]

    def answers(self, table: Table) -> tuple[Action, ...]:
        return _ROWS.get(self.decks) or tuple(DiscardRow(_DECKS[d]) for d in self.decks)

    def owed(self, table: Table, card: str) -> str:
        return f"choose the row {card} discards (castle or village)"

    def refusal(self, table: Table, card: str, action: Action) -> str:
        assert isinstance(action, DiscardRow)
        return f"the {action.deck.value} row is empty; discard the other row"

    def value(self) -> Any:
        return [_DECKS[d].value for d in self.decks]

    @classmethod
    def read(cls, value: Any, path: str) -> ChooseRow:
        if not isinstance(value, list) or not value:
            raise RecordError(f"{path}: expected [\"castle\", \"village\"], got {quote(value)}")
        return cls(tuple(_deck_index(d, f"{path}[{k}]") for k, d in enumerate(value)))


@attrs.frozen
class ChooseAdjacent(DecisionKind):
    """A copying ability waits for one of its owner's adjacent cards: ``Activate(name)``.

    ``candidates`` are tableau indices of the owner's cards that qualify, in
    the order they were taken. Asked even when there is one candidate.
    """

    kind: ClassVar[str] = "adjacent"
    field: ClassVar[str] = "candidates"
    answered_by: ClassVar[tuple[type, ...]] = (Activate,)

    candidates: tuple[int, ...]

    def answers(self, table: Table) -> tuple[Action, ...]:
        activate = table.engine.activate
        return tuple(activate(c) for c in _mine(table, self.candidates))

    def owed(self, table: Table, card: str) -> str:
        return f"choose the adjacent card whose ability {card} uses ({_listed(table, _mine(table, self.candidates))})"

    def refusal(self, table: Table, card: str, action: Action) -> str:
        assert isinstance(action, Activate)
        listed = _listed(table, _mine(table, self.candidates))
        return f"{action.card} is not a card next to {card} whose ability can be used; you may choose {listed}"

    def value(self) -> Any:
        return list(self.candidates)

    @classmethod
    def read(cls, value: Any, path: str) -> ChooseAdjacent:
        return cls(_indices(value, path))


@attrs.frozen
class OpenLockOrPass(DecisionKind):
    """The end of a turn in which no lock was opened while one can be: ``Unlock(name)`` or ``Pass()``.

    ``locks`` are tableau indices of the current player's lock cards that can
    be opened now, in the order they were taken.
    """

    kind: ClassVar[str] = "unlock_or_pass"
    field: ClassVar[str] = "locks"
    answered_by: ClassVar[tuple[type, ...]] = (Unlock, Pass)
    asked: ClassVar[bool] = False

    locks: tuple[int, ...]

    def answers(self, table: Table) -> tuple[Action, ...]:
        unlock = table.engine.unlock
        return tuple(unlock(c) for c in _mine(table, self.locks)) + (_PASS,)

    def owed(self, table: Table, card: str) -> str:
        return f"open a lock ({_listed(table, _mine(table, self.locks))}) or pass"

    def value(self) -> Any:
        return list(self.locks)

    @classmethod
    def read(cls, value: Any, path: str) -> OpenLockOrPass:
        return cls(_indices(value, path))


@attrs.frozen
class AcceptOrDecline(DecisionKind):
    """An optional effect ("you may pay 2 gold to gain 3 keys") waits for ``Choose(1)`` (do it) or ``Choose(2)`` (not).

    Asked only when its cost can be paid in full; ``cost`` is that cost in
    gold and keys, which the answer's narration and the terminal game show.
    A repetition that its owner may stop (``repeat up to 3 times, you may
    stop after each: ...``) asks it too, with no cost, before each pass after
    the first: ``Choose(1)`` goes on, ``Choose(2)`` stops.
    """

    kind: ClassVar[str] = "may"
    field: ClassVar[str] = "cost"
    answered_by: ClassVar[tuple[type, ...]] = (Choose,)

    cost: tuple[int, int] = (0, 0)

    def answers(self, table: Table) -> tuple[Action, ...]:
        return _CHOICES[2]

    def owed(self, table: Table, card: str) -> str:
        gold, keys = self.cost
        paid = " and ".join(p for p in (f"{gold} gold" if gold else "", f"{keys} key{'s' if keys != 1 else ''}"
                                                                           if keys else "") if p)
        what = f"pay {paid} for" if paid else "use"
        return f"decide whether to {what} {card}'s optional effect (1 yes, 2 no)"

    def refusal(self, table: Table, card: str, action: Action) -> str:
        assert isinstance(action, Choose)
        return f"{card} asks yes (1) or no (2); there is no option {action.option}"

    def value(self) -> Any:
        return list(self.cost)

    @classmethod
    def read(cls, value: Any, path: str) -> AcceptOrDecline:
        if not (isinstance(value, list) and len(value) == 2
                and all(type(v) is int and 0 <= v <= MAX_NUMBER for v in value)):
            raise RecordError(f"{path}: expected [gold, keys], two whole numbers, got {quote(value)}")
        return cls((value[0], value[1]))


@attrs.frozen
class ChooseFaceDown(DecisionKind):
    """A "turn a face-down card face up" ability waits for one of its owner's face-down cards: ``Reveal(name)``.

    ``candidates`` are tableau indices of the owner's face-down cards that
    qualify, in the order they were taken. Asked only when there are two or
    more; one is turned face up at once.
    """

    kind: ClassVar[str] = "reveal"
    field: ClassVar[str] = "candidates"
    answered_by: ClassVar[tuple[type, ...]] = (Reveal,)

    candidates: tuple[int, ...]

    def answers(self, table: Table) -> tuple[Action, ...]:
        reveal = table.engine.reveal
        return tuple(reveal(c) for c in _mine(table, self.candidates))

    def owed(self, table: Table, card: str) -> str:
        return f"choose the face-down card {card} turns face up ({_listed(table, _mine(table, self.candidates))})"

    def refusal(self, table: Table, card: str, action: Action) -> str:
        assert isinstance(action, Reveal)
        listed = _listed(table, _mine(table, self.candidates))
        return f"{action.card} is not one of your face-down cards {card} may turn face up; you may choose {listed}"

    def value(self) -> Any:
        return list(self.candidates)

    @classmethod
    def read(cls, value: Any, path: str) -> ChooseFaceDown:
        return cls(_indices(value, path))


@attrs.frozen
class ChooseTimes(DecisionKind):
    """A repeated optional effect ("you may pay 1 key to gain 2 gold any number of times") waits for ``Times(n)``.

    ``n`` runs from 0 (do nothing) to ``most``: the most times its owner can
    pay the cost in full, never more than the card's cap. Asked only when
    ``most`` is at least 1 (what one time costs and gives is the card's
    effect, which the narration and the terminal game read from the card).
    """

    kind: ClassVar[str] = "times"
    field: ClassVar[str] = "most"
    answered_by: ClassVar[tuple[type, ...]] = (Times,)

    most: int

    def answers(self, table: Table) -> tuple[Action, ...]:
        n = self.most + 1
        return _TIMES[:n] if n <= len(_TIMES) else tuple(Times(k) for k in range(n))

    def owed(self, table: Table, card: str) -> str:
        return f"choose how many times to use {card}'s optional effect (0 to {self.most})"

    def refusal(self, table: Table, card: str, action: Action) -> str:
        assert isinstance(action, Times)
        return f"{card}'s optional effect can be used 0 to {self.most} times now; not {action.times}"

    def value(self) -> Any:
        return self.most

    @classmethod
    def read(cls, value: Any, path: str) -> ChooseTimes:
        if type(value) is not int or not 1 <= value <= MAX_NUMBER:
            raise RecordError(f"{path}: expected a number of times (1 or more, at most {MAX_NUMBER:,}), "
                              f"got {quote(value)}")
        return cls(value)


#: The shield types in the rulebook's order, as a chosen shield is named (``Choose(1)`` nobility ... ``Choose(6)``).
SHIELD_ORDER: tuple[Shield, ...] = tuple(Shield)


@attrs.frozen
class NameShield(DecisionKind):
    """A card with a chosen shield, just bought face up, waits for its owner to name the shield's type.

    Answered by ``Choose(k)``, k from 1 to 6, in the rulebook's order of the
    shield types (:data:`SHIELD_ORDER`: nobility, faith, scholarship,
    military, craftsmanship, peasantry). ``index`` is the card's place in its
    owner's tableau. Asked before the card's ability when bought, so its
    effects already count the shield as the type named.
    """

    kind: ClassVar[str] = "shield"
    field: ClassVar[str] = "index"
    answered_by: ClassVar[tuple[type, ...]] = (Choose,)

    index: int

    def answers(self, table: Table) -> tuple[Action, ...]:
        return _CHOICES[len(SHIELD_ORDER)]

    def owed(self, table: Table, card: str) -> str:
        types = ", ".join(f"{k} {shield.value}" for k, shield in enumerate(SHIELD_ORDER, 1))
        return f"name the type of {card}'s chosen shield ({types})"

    def refusal(self, table: Table, card: str, action: Action) -> str:
        assert isinstance(action, Choose)
        return f"there are shield types 1 to {len(SHIELD_ORDER)}; there is no type {action.option}"

    def value(self) -> Any:
        return self.index

    @classmethod
    def read(cls, value: Any, path: str) -> NameShield:
        if type(value) is not int or not 0 <= value <= MAX_NUMBER:
            raise RecordError(f"{path}: expected the tableau index of the card whose shield is named, "
                              f"got {quote(value)}")
        return cls(value)


def _theirs(table: Table, candidates: Sequence[tuple[int, int]]) -> list[int]:
    """The card ids at ``(seat, index)`` places of other players' tableaux."""
    return [table.players[seat].tableau[index].card for seat, index in candidates]


@attrs.frozen
class ChooseNeighbourCard(DecisionKind):
    """A "use the ability of a face-up card in a neighbour's tableau" ability waits for one: ``Activate(name)``.

    ``candidates`` are ``(seat, index)`` places of the neighbours' face-up
    cards whose ability when bought can be used, the left neighbour's first,
    each in the order taken. Asked even when there is one candidate (like
    :class:`ChooseAdjacent`).
    """

    kind: ClassVar[str] = "neighbour_card"
    field: ClassVar[str] = "candidates"
    answered_by: ClassVar[tuple[type, ...]] = (Activate,)

    candidates: tuple[tuple[int, int], ...]

    def answers(self, table: Table) -> tuple[Action, ...]:
        activate = table.engine.activate
        return tuple(activate(c) for c in _theirs(table, self.candidates))

    def owed(self, table: Table, card: str) -> str:
        listed = _listed(table, _theirs(table, self.candidates))
        return f"choose the card in a neighbour's tableau whose ability {card} uses ({listed})"

    def refusal(self, table: Table, card: str, action: Action) -> str:
        assert isinstance(action, Activate)
        listed = _listed(table, _theirs(table, self.candidates))
        return f"{action.card} is not a face-up card of a neighbour whose ability can be used; you may choose {listed}"

    def value(self) -> Any:
        return [list(c) for c in self.candidates]

    @classmethod
    def read(cls, value: Any, path: str) -> ChooseNeighbourCard:
        if not isinstance(value, list) or not value or not all(
                isinstance(v, list) and len(v) == 2 and all(type(n) is int and 0 <= n <= MAX_NUMBER for n in v)
                for v in value):
            raise RecordError(f"{path}: expected a list of [seat, tableau index] pairs, got {quote(value)}")
        return cls(tuple((v[0], v[1]) for v in value))


@attrs.frozen
class ChooseSwap(DecisionKind):
    """A swap ("swap two cards of your tableau") waits for one of its owner's cards: ``SwapCard(name)``.

    Two questions of this kind make a swap: first (``first`` is ``None``)
    the first card, among ``candidates``, the cards that can be swapped with
    at least one other; then (``first``: the tableau index of that card) the
    card it swaps with, among ``candidates``. "Swap this card with an
    adjacent card" asks only the second. ``candidates`` are tableau indices,
    in the order the cards were taken. A question with one possible answer
    is not asked (that card is picked at once). A save writes both in the
    one field: ``"candidates": {"first": null, "candidates": [0, 2, 3]}``.
    """

    kind: ClassVar[str] = "swap"
    field: ClassVar[str] = "candidates"
    answered_by: ClassVar[tuple[type, ...]] = (SwapCard,)

    candidates: tuple[int, ...]
    first: int | None = None

    def answers(self, table: Table) -> tuple[Action, ...]:
        name = table.engine.name
        return tuple(SwapCard(name(c)) for c in _mine(table, self.candidates))

    def owed(self, table: Table, card: str) -> str:
        listed = _listed(table, _mine(table, self.candidates))
        if self.first is None:
            return f"choose the first card {card} swaps ({listed})"
        (first,) = _mine(table, (self.first,))
        return f"choose the card {card} swaps with {table.engine.name(first)} ({listed})"

    def refusal(self, table: Table, card: str, action: Action) -> str:
        assert isinstance(action, SwapCard)
        listed = _listed(table, _mine(table, self.candidates))
        return f"{action.card} is not a card of yours {card} may swap now; you may choose {listed}"

    def value(self) -> Any:
        return {"first": self.first, "candidates": list(self.candidates)}

    @classmethod
    def read(cls, value: Any, path: str) -> ChooseSwap:
        if not isinstance(value, dict) or set(value) != {"first", "candidates"}:
            raise RecordError(f"{path}: expected {{\"first\": a tableau index or null, \"candidates\": [tableau "
                              f"indices]}}, got {quote(value)}")
        first = value["first"]
        if first is not None and not (type(first) is int and 0 <= first <= MAX_NUMBER):
            raise RecordError(f"{path}.first: expected a tableau index or null, got {quote(first)}")
        return cls(_indices(value["candidates"], f"{path}.candidates"), first)


@attrs.frozen
class ChoosePlayer(DecisionKind):
    """An effect on "an opponent of your choice" waits for one of the ``candidates`` (seats): ``Choose(k)``.

    ``candidates`` are the seats of the players who may be chosen (those of
    the group who meet the effect's condition), in turn order from the
    owner's left; ``Choose(k)`` picks the k-th (from 1). Asked only when two
    or more players may be chosen: with one, the effect is on that player at
    once (with two players, the one opponent); with none, nothing happens.
    """

    kind: ClassVar[str] = "player"
    field: ClassVar[str] = "candidates"
    answered_by: ClassVar[tuple[type, ...]] = (Choose,)

    candidates: tuple[int, ...]

    def answers(self, table: Table) -> tuple[Action, ...]:
        n = len(self.candidates)
        return _CHOICES[n] if n < len(_CHOICES) else tuple(Choose(k) for k in range(1, n + 1))

    def owed(self, table: Table, card: str) -> str:
        listed = ", ".join(f"{k} seat {seat}" for k, seat in enumerate(self.candidates, start=1))
        return f"choose the player {card}'s effect is on ({listed})"

    def refusal(self, table: Table, card: str, action: Action) -> str:
        assert isinstance(action, Choose)
        return (f"{card}'s effect may be on players 1 to {len(self.candidates)} "
                f"(seats {', '.join(map(str, self.candidates))}); there is no player {action.option}")

    def value(self) -> Any:
        return list(self.candidates)

    @classmethod
    def read(cls, value: Any, path: str) -> ChoosePlayer:
        if not isinstance(value, list) or len(value) < 2 or len(set(value)) != len(value) or not all(
                type(v) is int and 0 <= v <= MAX_NUMBER for v in value):
            raise RecordError(f"{path}: expected a list of two or more distinct seats, got {quote(value)}")
        return cls(tuple(value))


@attrs.frozen
class OwedChoice(DecisionKind):
    """A choice owed by another player ("each opponent chooses one: ..."): seat ``seat`` answers ``Choose(k)``.

    ``options`` are the numbers (from 1, as the card writes them) of the
    options that player can pay for, in order; asked only when there are
    two or more (with one it happens at once, with none nothing happens).
    The current player's turn goes on once every player owing it has
    answered. A save writes both in the one field:
    ``"options": {"seat": 2, "options": [1, 2]}``.
    """

    kind: ClassVar[str] = "owed_choice"
    field: ClassVar[str] = "options"
    answered_by: ClassVar[tuple[type, ...]] = (Choose,)

    seat: int
    options: tuple[int, ...]

    def answers(self, table: Table) -> tuple[Action, ...]:
        return tuple(Choose(k) for k in self.options)

    def decider(self, table: Table) -> int:
        return self.seat

    def owed(self, table: Table, card: str) -> str:
        listed = ", ".join(map(str, self.options))
        return f"seat {self.seat} chooses an option ({listed}) of {card}"

    def refusal(self, table: Table, card: str, action: Action) -> str:
        assert isinstance(action, Choose)
        listed = " or ".join(map(str, self.options))
        return f"seat {self.seat} may choose option {listed} of {card} (those they can pay for); not {action.option}"

    def value(self) -> Any:
        return {"seat": self.seat, "options": list(self.options)}

    @classmethod
    def read(cls, value: Any, path: str) -> OwedChoice:
        if not isinstance(value, dict) or set(value) != {"seat", "options"}:
            raise RecordError(f"{path}: expected {{\"seat\": a seat, \"options\": [option numbers]}}, "
                              f"got {quote(value)}")
        seat, options = value["seat"], value["options"]
        if type(seat) is not int or not 0 <= seat <= MAX_NUMBER:
            raise RecordError(f"{path}.seat: expected a seat, got {quote(seat)}")
        if not isinstance(options, list) or len(options) < 2 or len(set(options)) != len(options) or not all(
                type(v) is int and 1 <= v <= MAX_NUMBER for v in options) or options != sorted(options):
            raise RecordError(f"{path}.options: expected two or more option numbers (from 1) in order, "
                              f"got {quote(options)}")
        return cls(seat, tuple(options))


@attrs.frozen
class ArrangeDeckTop(DecisionKind):
    """A look at the top of a deck ("look at the top 3 cards of the castle deck and put them back in any order")
    waits for the next card settled: ``Arrange(name)`` puts it back next, ``Arrange(name, discard=True)`` discards it.

    The cards looked at lie on top of the ``deck`` (0 castle, 1 village): the
    ``placed`` cards already put back (in their final order, the first one
    on top), then the ``left`` cards still to settle, which the owner alone
    has seen. One question per card, from the top down; a question with one
    possible answer (the last card, when none may be discarded) is not
    asked. ``discard`` says whether the card lets the owner discard them.
    A save writes the four in the one field: ``"deck": {"deck": "castle",
    "placed": 1, "left": 2, "discard": true}``.
    """

    kind: ClassVar[str] = "deck_top"
    field: ClassVar[str] = "deck"
    answered_by: ClassVar[tuple[type, ...]] = (Arrange,)

    deck: int
    placed: int
    left: int
    discard: bool

    def looked(self, table: Table) -> tuple[int, ...]:
        """The card ids still to settle, as they lie in the deck."""
        return table.locations[self.deck].deck[self.placed:self.placed + self.left]

    def answers(self, table: Table) -> tuple[Action, ...]:
        names = [table.engine.name(c) for c in self.looked(table)]
        back = tuple(Arrange(n) for n in names)
        return back + tuple(Arrange(n, True) for n in names) if self.discard else back

    def owed(self, table: Table, card: str) -> str:
        deck = _DECKS[self.deck].value
        listed = _listed(table, self.looked(table))
        verb = "put back next or discard" if self.discard else "put back next"
        under = " (under the cards already put back)" if self.placed else " (it becomes the top card)"
        return f"choose the card to {verb} on top of the {deck} deck for {card}{under}: {listed}"

    def refusal(self, table: Table, card: str, action: Action) -> str:
        assert isinstance(action, Arrange)
        listed = _listed(table, self.looked(table))
        if action.discard and not self.discard:
            return f"{card} does not let you discard the cards you look at now; put one back: {listed}"
        deck = _DECKS[self.deck].value
        return f"{action.card} is not among the cards you look at on top of the {deck} deck ({listed})"

    def value(self) -> Any:
        return {"deck": _DECKS[self.deck].value, "placed": self.placed, "left": self.left, "discard": self.discard}

    @classmethod
    def read(cls, value: Any, path: str) -> ArrangeDeckTop:
        if not isinstance(value, dict) or set(value) != {"deck", "placed", "left", "discard"}:
            raise RecordError(f"{path}: expected {{\"deck\": \"castle\" or \"village\", \"placed\": a number, "
                              f"\"left\": a number, \"discard\": true or false}}, got {quote(value)}")
        placed, left, discard = value["placed"], value["left"], value["discard"]
        if type(placed) is not int or not 0 <= placed <= MAX_NUMBER:
            raise RecordError(f"{path}.placed: expected a number of cards put back (0 or more), got {quote(placed)}")
        if type(left) is not int or not 1 <= left <= MAX_NUMBER:
            raise RecordError(f"{path}.left: expected a number of cards still to settle (1 or more), "
                              f"got {quote(left)}")
        if not isinstance(discard, bool):
            raise RecordError(f"{path}.discard: expected true or false, got {quote(discard)}")
        return cls(_deck_index(value["deck"], f"{path}.deck"), placed, left, discard)


@attrs.frozen
class ChooseReserve(DecisionKind):
    """A "reserve a card from ..." ability waits for a card of the rows ``decks`` (0 castle, 1 village; both for
    "either row", castle first): ``Reserve(name)``.

    Asked only while its owner holds no reserved card and a row named holds a card (else nothing happens); asked
    even when there is one card.
    """

    kind: ClassVar[str] = "reserve"
    field: ClassVar[str] = "decks"
    answered_by: ClassVar[tuple[type, ...]] = (Reserve,)

    decks: tuple[int, ...]

    def _cards(self, table: Table) -> list[int]:
        return [c for d in self.decks for c in table.locations[d].row]

    def answers(self, table: Table) -> tuple[Action, ...]:
        name = table.engine.name
        return tuple(Reserve(name(c)) for c in self._cards(table))

    def _rows(self) -> str:
        return " or the ".join(_DECKS[d].value for d in self.decks) + " row"

    def owed(self, table: Table, card: str) -> str:
        return f"reserve a card from the {self._rows()} for {card} ({_listed(table, self._cards(table))})"

    def refusal(self, table: Table, card: str, action: Action) -> str:
        assert isinstance(action, Reserve)
        return f"{action.card} is not in the {self._rows()}; you may reserve {_listed(table, self._cards(table))}"

    def value(self) -> Any:
        return [_DECKS[d].value for d in self.decks]

    @classmethod
    def read(cls, value: Any, path: str) -> ChooseReserve:
        return cls(_read_decks(value, path))


@attrs.frozen
class ChooseGoldMove(DecisionKind):
    """A move of stored gold ("move up to 2 gold from a neighbour's purse card to one of your purse cards") waits
    for one pair of cards: ``Choose(k)``, the k-th of ``candidates`` (from 1).

    One question names the pair, not a question per card: the amount moved is
    fixed by the pair (the smallest of the card's number, the gold on the card
    it leaves and the room on the card it goes to), so a player weighs pairs,
    and a card of theirs is worth picking only with a card of yours with room.
    Each candidate is ``(seat, from, to, gold)``: the gold leaves ``seat``'s
    card at tableau index ``from`` and goes onto the owner's card at ``to``,
    ``gold`` of it. They come seat by seat in turn order from the owner's left
    (the owner's own cards, for "between your purse cards"), then the cards
    the gold leaves and the cards it goes to in the order taken. Asked only
    with two or more pairs: with one the gold moves at once, with none nothing
    happens. A save writes them as lists: ``"candidates": [[1, 0, 2, 2], ...]``.
    """

    kind: ClassVar[str] = "gold_move"
    field: ClassVar[str] = "candidates"
    answered_by: ClassVar[tuple[type, ...]] = (Choose,)

    candidates: tuple[tuple[int, int, int, int], ...]

    def answers(self, table: Table) -> tuple[Action, ...]:
        n = len(self.candidates)
        return _CHOICES[n] if n < len(_CHOICES) else tuple(Choose(k) for k in range(1, n + 1))

    def said(self, table: Table, k: int) -> str:
        """The k-th pair (from 1) in words: "2 gold from Beekeeper (seat 1) to Vicar"."""
        seat, first, to, gold = self.candidates[k - 1]
        name = table.engine.name
        owner = self.decider(table)
        theirs = table.players[seat].tableau[first].card
        yours = table.players[owner].tableau[to].card
        whose = "" if seat == owner else f" (seat {seat})"
        return f"{gold} gold from {name(theirs)}{whose} to {name(yours)}"

    def owed(self, table: Table, card: str) -> str:
        listed = ", ".join(f"{k} {self.said(table, k)}" for k in range(1, len(self.candidates) + 1))
        return f"choose the cards {card} moves gold between ({listed})"

    def refusal(self, table: Table, card: str, action: Action) -> str:
        assert isinstance(action, Choose)
        return f"{card} offers moves 1 to {len(self.candidates)}; there is no move {action.option}"

    def value(self) -> Any:
        return [list(c) for c in self.candidates]

    @classmethod
    def read(cls, value: Any, path: str) -> ChooseGoldMove:
        if not isinstance(value, list) or len(value) < 2 or not all(
                isinstance(v, list) and len(v) == 4 and all(type(n) is int and 0 <= n <= MAX_NUMBER for n in v)
                and v[3] >= 1 for v in value) or len({tuple(v[:3]) for v in value}) != len(value):
            raise RecordError(f"{path}: expected two or more distinct [seat, tableau index, tableau index, gold] "
                              f"moves (gold 1 or more), got {quote(value)}")
        return cls(tuple((v[0], v[1], v[2], v[3]) for v in value))


@attrs.frozen
class ChooseStore(DecisionKind):
    """One gold of "store up to 4 of your gold on your purse cards" waits for the purse card that takes it:
    ``Choose(k)``, the owner's card at tableau index ``candidates[k - 1]`` (from 1), or ``Choose(n + 1)`` (one past
    the cards) to stop storing.

    One question per gold rather than one naming a whole split: a split of 4
    gold among three cards is one of 35, a gold at a time is at most one of
    ten, and the owner sees what each gold did before the next. The candidates
    are the owner's face-up purse cards with room, in the order taken. Asked
    while the owner has spendable gold, a card has room and gold of the effect
    is left (``stored`` of it so far, which the narration shows); asked even
    with one card, since the owner may stop. A save writes them as a list:
    ``"candidates": [0, 2]``.
    """

    kind: ClassVar[str] = "store"
    field: ClassVar[str] = "candidates"
    answered_by: ClassVar[tuple[type, ...]] = (Choose,)

    candidates: tuple[int, ...]

    def answers(self, table: Table) -> tuple[Action, ...]:
        n = len(self.candidates) + 1
        return _CHOICES[n] if n < len(_CHOICES) else tuple(Choose(k) for k in range(1, n + 1))

    def said(self, table: Table, k: int) -> str:
        """The k-th answer (from 1) in words: "1 gold on Vicar", or "stop"."""
        if k > len(self.candidates):
            return "stop"
        cells = table.players[self.decider(table)].tableau
        return f"1 gold on {table.engine.name(cells[self.candidates[k - 1]].card)}"

    def owed(self, table: Table, card: str) -> str:
        listed = ", ".join(f"{k} {self.said(table, k)}" for k in range(1, len(self.candidates) + 2))
        return f"choose the purse card {card} stores your next gold on, or stop ({listed})"

    def refusal(self, table: Table, card: str, action: Action) -> str:
        assert isinstance(action, Choose)
        n = len(self.candidates)
        return f"{card} offers purse cards 1 to {n} and {n + 1} to stop; there is no answer {action.option}"

    def value(self) -> Any:
        return list(self.candidates)

    @classmethod
    def read(cls, value: Any, path: str) -> ChooseStore:
        found = _indices(value, path)
        if not found or len(set(found)) != len(found):
            raise RecordError(f"{path}: expected one or more distinct tableau indices, got {quote(value)}")
        return cls(found)


@attrs.frozen
class ChooseReturn(DecisionKind):
    """A "put a card from ... discard pile on top of its deck" ability waits for a card of the discard piles
    ``decks`` (0 castle, 1 village; both for "either discard pile", castle first): ``ReturnCard(name)``. The same
    question for "... on the bottom of its deck" (and "... for its cost in gold"): where the card goes and what it
    gains is the ability's, not the answer's, so the decision is the same.

    The answers list each pile's cards top first (the last discarded first). Asked only while a pile named holds
    a card (else nothing happens); asked even when there is one card (the piles are public, the choice open).
    """

    kind: ClassVar[str] = "return"
    field: ClassVar[str] = "decks"
    answered_by: ClassVar[tuple[type, ...]] = (ReturnCard,)

    decks: tuple[int, ...]

    def _cards(self, table: Table) -> list[int]:
        return [c for d in self.decks for c in reversed(table.locations[d].discard)]

    def answers(self, table: Table) -> tuple[Action, ...]:
        name = table.engine.name
        return tuple(ReturnCard(name(c)) for c in self._cards(table))

    def _piles(self) -> str:
        return " or the ".join(_DECKS[d].value for d in self.decks) + " discard pile"

    def owed(self, table: Table, card: str) -> str:
        return (f"choose a card of the {self._piles()} to put back on its deck for {card} "
                f"({_listed(table, self._cards(table))})")

    def refusal(self, table: Table, card: str, action: Action) -> str:
        assert isinstance(action, ReturnCard)
        return (f"{action.card} is not in the {self._piles()}; you may put back "
                f"{_listed(table, self._cards(table))}")

    def value(self) -> Any:
        return [_DECKS[d].value for d in self.decks]

    @classmethod
    def read(cls, value: Any, path: str) -> ChooseReturn:
        return cls(_read_decks(value, path))


Decision = Union[ChooseOption, DiscardCard, ChooseRow, ChooseAdjacent, OpenLockOrPass, AcceptOrDecline, ChooseFaceDown,
                 ChooseTimes, ChooseNeighbourCard, ChooseSwap, ChoosePlayer, OwedChoice, NameShield,
                 ArrangeDeckTop, ChooseReserve, ChooseGoldMove, ChooseReturn, ChooseStore]
#: Every kind of decision, in a fixed order (the RL encoding's one-hot follows it).
DECISIONS: tuple[type[Decision], ...] = get_args(Decision)
_BY_KIND: dict[str, Any] = {cls.kind: cls for cls in DECISIONS}


def decision_from_json(value: Any, path: str = ".decision") -> Decision:
    """A decision written by :meth:`DecisionKind.to_json`; a :class:`RecordError` naming ``path`` if malformed."""
    kinds = ", ".join(_BY_KIND)
    if not isinstance(value, dict) or value.get("kind") not in _BY_KIND:
        raise RecordError(f"{path}: expected {{\"kind\": one of {kinds}, ...}}")
    cls = _BY_KIND[value["kind"]]
    if set(value) != {"kind", cls.field}:
        raise RecordError(f"{path}: a {cls.kind!r} decision has the fields kind and {cls.field}")
    decision: Decision = cls.read(value[cls.field], f"{path}.{cls.field}")
    return decision


class Resume(enum.Enum):
    """Where the turn goes on once every ability of a :class:`Pending` is resolved.

    ``START``: a lock opened at the start of the turn; the player may still
    spend a key or take a card. ``TAKE``: a lock opened after spending a key;
    a card must be taken. ``TAKEN``: the ability of the card just taken; then
    its messenger icon, the refill of both rows and, if a lock can be opened,
    the end-of-turn decision. ``END``: a lock opened at the end of the turn;
    then the rows are refilled again and the next player's turn begins.
    ``TURN_END``: effects set aside until the end of this turn ("at the end
    of this turn: ..."), the turn's last step; then the rows are refilled
    again, any other effects set aside resolve, and the next player's turn
    begins. ``GAME_END``: a card's "at the end of the game" effects asked
    their owner (the current player while it is owed); then that seat's later
    cards, and the later seats from the first player, resolve theirs, and the
    game is over.
    """

    START = "start"
    TAKE = "take"
    TAKEN = "taken"
    END = "end"
    TURN_END = "turn end"
    GAME_END = "game end"


@attrs.frozen
class Frame:
    """One ability being resolved: whose, where, and what is left of it.

    ``card`` is the card id whose ability it is and ``index`` its place in
    the owner's tableau ("this card"); ``queue`` the addresses of the effects
    still to resolve, in order. ``copied`` marks an ability used through
    another card ("use the ability of an adjacent card"): its discounts and
    copying effects are skipped. ``discarded`` holds the cards this ability
    has discarded so far, which "on the discarded cards" counts. ``seat`` is
    the owner when it is not the current player.
    """

    card: int
    index: int
    queue: tuple[Address, ...]
    copied: bool = False
    discarded: tuple[int, ...] = ()
    #: The seat whose ability it is when it is not the current player's (a trigger on another player's take,
    #: which may ask its owner a question in the taker's turn); ``None``: the current player's.
    seat: int | None = None


@attrs.frozen
class Pending:
    """A decision owed (by the current player, or by the seat an :class:`OwedChoice` names), and the work that
    resumes after it.

    ``frames`` is the stack of abilities being resolved, bottom first; the
    top one asked the question from its step at ``step`` (empty for the
    end-of-turn decision, which no ability asks). ``resume`` says where the
    turn goes once the stack is empty.
    """

    decision: Decision
    frames: tuple[Frame, ...]
    step: Address
    resume: Resume
