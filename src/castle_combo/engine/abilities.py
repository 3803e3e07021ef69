"""Card abilities compiled into typed steps the engine runs in order.

An ability is a sequence of effects resolved in printed order (the rules
page, "Abilities"). Each effect becomes one *step*, stored under its
:data:`~castle_combo.engine.decisions.Address` (which part of the card, then the
place in it), so the engine can keep "what is left to do" in the game state
as plain integers and stop for a decision in the middle.

A step either does its work at once (:class:`Auto`), or may ask its owner a
question (:class:`ChoiceStep`, :class:`DiscardStep`, :class:`DiscardRowStep`,
:class:`CopyStep`, :class:`MayStep`, :class:`RevealStep`, :class:`SwapStep`, :class:`PlayerStep`,
:class:`LookStep`, :class:`GoldMoveStep`, :class:`ReturnStep`): its
``run``
returns the :data:`~castle_combo.engine.decisions.Decision` to ask, and its
``answer`` applies the answer. So a new kind of effect that asks something is
one new step class with those two methods, and the rules dispatch to it
without knowing what it is. This module is the engine's one place that knows
what each kind of effect does: :func:`_compile_effect` handles the model's
``Effect`` union in one ``match``.

Steps act on a :class:`Work`: the engine's private scratch copy of the table
during one ``apply`` (:class:`castle_combo.engine.turn.Turn` implements it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol, Union, get_args

import attrs

from castle_combo._compat import assert_never
from castle_combo.engine import lock_rulings
from castle_combo.engine.actions import (
    Action,
    Activate,
    Arrange,
    Choose,
    Discard,
    DiscardRow,
    Reserve,
    ReturnCard,
    Reveal,
    SwapCard,
    Times,
)
from castle_combo.engine.counting import (
    DECKS,
    CardFacts,
    ExtraCountFn,
    OwnCountFn,
    Placed,
    Tableaux,
    TestFn,
    compile_filter,
    compile_own_count,
    compile_per_with,
    compile_test,
    compile_totals_count,
    neighbours,
    players_of,
)
from castle_combo.engine.decisions import (
    AcceptOrDecline,
    Address,
    ArrangeDeckTop,
    ChooseAdjacent,
    ChooseFaceDown,
    ChooseGoldMove,
    ChooseNeighbourCard,
    ChooseOption,
    ChoosePlayer,
    ChooseReserve,
    ChooseReturn,
    ChooseRow,
    ChooseStore,
    ChooseSwap,
    ChooseTimes,
    Decision,
    DiscardCard,
    Frame,
    NameShield,
    OwedChoice,
)
from castle_combo.errors import RulesetError
from castle_combo.facts import CARDS_PER_PLAYER, MAX_PLAYERS
from castle_combo.language import model

__all__ = [
    "KEY_MOVE",
    "Ability",
    "Auto",
    "ChoiceStep",
    "CopyStep",
    "DiscardRowStep",
    "DiscardStep",
    "GoldMoveStep",
    "StoreStep",
    "ReserveStep",
    "ReturnStep",
    "IfStep",
    "LaterStep",
    "LookStep",
    "MayStep",
    "NameShieldStep",
    "NeighbourCopyStep",
    "OwedStep",
    "OwnGains",
    "PlayerStep",
    "RevealStep",
    "Step",
    "SwapStep",
    "TimesStep",
    "WatchStep",
    "Work",
    "adjacent",
    "compile_ability",
    "compile_own_gains",
    "discount_kinds",
    "fill_order",
    "node_at",
]

_GOLD, _KEY = 0, 1
_RESOURCE = {model.Resource.GOLD: _GOLD, model.Resource.KEY: _KEY}
#: The parts of a card's abilities, as the first number of an address.
BOUGHT, UNLOCKED, TURN_START, GAME_END, TURN_END, TAKE, KEY_SPEND, MESSENGER = 0, 1, 2, 3, 4, 5, 6, 7
_PART_OF = {model.Moment.BOUGHT: BOUGHT, model.Moment.UNLOCKED: UNLOCKED, model.Moment.TURN_START: TURN_START,
            model.Moment.GAME_END: GAME_END, model.Moment.TURN_END: TURN_END, model.Moment.TAKE: TAKE,
            model.Moment.KEY_SPEND: KEY_SPEND, model.Moment.MESSENGER: MESSENGER}
_NO_ORIGIN = (0, 0)


class Work(Tableaux, Protocol):
    """What a step reads and changes: the scratch table of one ``apply``.

    Besides what counts read (:class:`~castle_combo.engine.counting.Tableaux`), a step
    changes supplies, discounts, stored gold, the rows and the messenger,
    turns cards face up, and reads the stack of abilities being resolved
    (``frames``, the top one last).
    """

    @property
    def discounts(self) -> list[tuple[int, ...]]: ...

    @property
    def frames(self) -> list[Frame]: ...

    @property
    def facts(self) -> Sequence[CardFacts]: ...

    messenger: int

    def move_messenger(self, where: int) -> None:
        """Put the messenger at location ``where`` (0 the castle, 1 the village); a change of location sets off the
        triggers on the messenger's moves."""

    @property
    def taker(self) -> int:
        """The seat whose take is being resolved ("that player" of a trigger on another player's take), or the
        seat answering a choice it owes while its option resolves (:attr:`chooser`)."""

    #: The seat whose owed choice ("each opponent chooses one") is resolving its option, else ``None``.
    chooser: int | None

    def exhausted(self, deck: int) -> bool:
        """Whether location ``deck`` (0 castle, 1 village) is exhausted."""

    def gain(self, seat: int, resource: int, amount: int) -> None:
        """Give ``seat`` gold (resource 0) or keys (resource 1) from the supply (a negative amount takes back)."""

    def record_points(self, seat: int, index: int, points: int) -> None:
        """Add ``points`` (negative: take them) to those kept on ``seat``'s card at ``index``."""

    def lock_keys(self, seat: int, index: int, keys: int) -> None:
        """Move ``keys`` of ``seat``'s spendable keys (all they have if fewer) onto their card at ``index``."""

    def store(self, seat: int, index: int, gold: int) -> None:
        """Set the gold stored on ``seat``'s card at ``index``."""

    def discard_from_row(self, deck: int, card: int) -> None:
        """Move ``card`` from a row to that location's discard pile (no refill)."""

    def discard_row(self, deck: int) -> tuple[int, ...]:
        """Discard a whole row and refill it at once; return the cards discarded."""

    def discard_deck_top(self, deck: int, count: int) -> tuple[int, ...]:
        """Discard the top ``count`` cards of a location's deck onto its discard pile; return them, top first."""

    def note_discarded(self, cards: tuple[int, ...]) -> None:
        """Remember ``cards`` as discarded by the ability being resolved (the top frame)."""

    def deck_cards(self, deck: int) -> tuple[int, ...]:
        """The cards of a location's deck, top first."""

    def discard_pile(self, deck: int) -> tuple[int, ...]:
        """The cards of a location's discard pile, bottom first (the last one is on top)."""

    def return_to_deck(self, deck: int, card: int) -> None:
        """Move ``card`` from a location's discard pile onto the top of its deck, known to every seat."""

    def return_under_deck(self, deck: int, card: int) -> None:
        """Move ``card`` from a location's discard pile under its deck's cards (drawn last)."""

    def look(self, seat: int, deck: int, count: int) -> int:
        """``seat`` looks at the top ``count`` cards of a deck (fewer if it holds fewer); return how many."""

    def settle_looked(self, seat: int, deck: int, placed: int, card: int, discard: bool) -> None:
        """Put ``card``, a card looked at, back next (at index ``placed``) or discard it."""

    def owner(self, seat: int) -> int | None:
        """How a frame names its owner ``seat``: ``None`` for the current player."""

    def use_ability_of(self, seat: int, index: int, card: int | None = None) -> None:
        """Start resolving, on top of the stack, the ability of ``seat``'s card at ``index``, as a copy.

        With ``card`` (a card of another player's tableau), that card's
        ability when bought is resolved instead, ``seat``'s card at ``index``
        being "this card".
        """

    def turn_face_up(self, seat: int, index: int) -> None:
        """Turn ``seat``'s face-down card at ``index`` face up (its shields and banner count from now on)."""

    def swap(self, seat: int, first: int, second: int) -> None:
        """Swap the places of ``seat``'s cards at ``first`` and ``second`` (each keeps its index, side, gold, key)."""

    def resolve_bought(self, seat: int, index: int) -> None:
        """Start resolving, on top of the stack, the ability when bought of ``seat``'s card at ``index`` (a card
        turned face up: its chosen shield, if any, is not named)."""

    def name_shield(self, seat: int, index: int, shield: int) -> None:
        """Name shield type ``shield`` for the chosen shield of ``seat``'s face-up card at ``index``."""

    @property
    def next_discounts(self) -> list[tuple[int, int, int]]: ...

    @property
    def next_face_up(self) -> list[tuple[int, int, int]]:
        """Per seat, the one-time discounts (any deck, castle, village) waiting for its next card bought face up."""
        ...

    @property
    def either_row(self) -> list[bool]:
        """Per seat, whether its next card may be taken from either row."""
        ...

    @property
    def twice(self) -> list[bool]:
        """Per seat, whether the ability of its next card bought face up resolves twice."""
        ...

    def set_aside(self, seat: int, frame: Frame) -> None:
        """Keep ``frame`` (effects of ``seat``'s ability) until the end of this turn."""

    @property
    def reserved(self) -> list[tuple[int, ...]]:
        """Per seat, its reserved card (one at most)."""
        ...

    def reserve(self, seat: int, deck: int, card: int) -> None:
        """Move ``card`` from a row to ``seat``'s reserve (the row is refilled later)."""


#: What an automatic effect does: ``run(work, seat, index_of_this_card)``.
Run = Callable[[Work, int, int], None]
#: An amount: ``fn(work, seat, index_of_this_card, extra) -> int`` (``extra`` as counts take it).
Amount = Callable[[Any, int, int, Any], int]


@attrs.frozen
class Auto:
    """An effect that needs no decision.

    ``discount`` marks a discount, which a copied ability skips; ``table``
    an effect that changes the table beyond the seats (a row, the messenger),
    which the engine's fast take does not carry.
    """

    do: Run
    discount: bool = False
    table: bool = False

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Do the effect (unless it is a discount in a copied ability); never asks anything."""
        if not (self.discount and frame.copied):
            self.do(work, seat, frame.index)
        return None


@attrs.frozen
class ChoiceStep:
    """Choose one: ``options`` holds each option's effect addresses."""

    asks: ClassVar[type] = ChooseOption

    options: tuple[tuple[Address, ...], ...]

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Ask which option."""
        return self.question()

    def question(self) -> ChooseOption:
        """The decision this step asks (the same on every table)."""
        return ChooseOption(len(self.options))

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """Put the chosen option's effects first in the ability's queue."""
        assert isinstance(action, Choose)
        _queue_first(work, self.options[action.option - 1])


@attrs.frozen
class NameShieldStep:
    """A card with a chosen shield, bought face up: its owner names the shield's type (``Choose(k)``, k from 1, in
    the rulebook's order), before the rest of its ability when bought.

    Its address is the part alone, ``(BOUGHT,)``, first in the ability when
    bought. Nothing is asked in a copy (the copying card has no chosen
    shield), nor for a card turned face up later (it never reaches this step:
    ``Work.resolve_bought`` leaves it out), nor once the type is named.
    """

    asks: ClassVar[type] = NameShield

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Ask which type."""
        if frame.copied:
            return None
        cell = work.tableaux[seat][frame.index]
        if cell.face_down or cell.shield >= 0 or not work.facts[cell.card].chosen:
            return None
        return NameShield(frame.index)

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """Name the chosen type."""
        assert isinstance(action, Choose)
        work.name_shield(seat, work.frames[-1].index, action.option - 1)


def _queue_first(work: Work, addresses: tuple[Address, ...]) -> None:
    top = work.frames[-1]
    work.frames[-1] = Frame(top.card, top.index, addresses + top.queue, top.copied, top.discarded, top.seat)


@attrs.frozen
class DiscardStep:
    """Discard a card of the owner's choice from the ``deck`` row; gain its printed cost as ``reward``."""

    asks: ClassVar[type] = DiscardCard

    deck: int
    reward: int

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Ask which card, unless the row is empty (then nothing happens)."""
        return self.question() if work.row(self.deck) else None

    def question(self) -> DiscardCard:
        """The decision this step asks while its row holds a card."""
        return DiscardCard(self.deck)

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """Discard the chosen card and gain its printed cost."""
        assert isinstance(action, Discard)
        card = next(c for c in work.row(self.deck) if work.facts[c].name == action.card)
        work.discard_from_row(self.deck, card)
        work.note_discarded((card,))
        work.gain(seat, self.reward, work.facts[card].cost)


@attrs.frozen
class ReserveStep:
    """Reserve a card of the owner's choice from the rows ``decks`` (castle first): it leaves its row and lies
    face up beside the owner's tableau, to be taken on a later turn."""

    asks: ClassVar[type] = ChooseReserve

    decks: tuple[int, ...]
    #: "from the other row": the row where the messenger is not when the step runs (``decks`` is then unused).
    other: bool = False

    def _rows(self, work: Work) -> tuple[int, ...]:
        return (1 - work.messenger,) if self.other else self.decks

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Ask which card, unless the owner already holds a reserved card or the rows are empty (then nothing
        happens: one reserved card at most; an exhausted location's row is empty)."""
        decks = self._rows(work)
        if work.reserved[seat] or not any(work.row(d) for d in decks):
            return None
        return ChooseReserve(decks)

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """Reserve the chosen card (the messenger has not moved since the question: the answer comes first)."""
        assert isinstance(action, Reserve)
        deck, card = next((d, c) for d in self._rows(work) for c in work.row(d)
                          if work.facts[c].name == action.card)
        work.reserve(seat, deck, card)


#: What a card put back from a discard pile is worth ("for its cost in gold"): 0 gold, 1 keys, 2 points.
_COST_IN = {model.CostIn.GOLD: _GOLD, model.CostIn.KEYS: _KEY, model.CostIn.POINTS: 2}


def _cost_gained(work: Work, seat: int, index: int, reward: int | None, card: int) -> None:
    """``seat`` gains ``card``'s printed cost as ``reward`` (see :data:`_COST_IN`; points are kept on its card at
    ``index``, this card)."""
    if reward == 2:
        work.record_points(seat, index, work.facts[card].cost)
    elif reward is not None:
        work.gain(seat, reward, work.facts[card].cost)


@attrs.frozen
class ReturnStep:
    """Put a card of the owner's choice from the discard piles ``decks`` (castle first) on top of its own
    location's deck (``bottom``: under its cards); ``reward`` (0 gold, 1 keys, 2 points kept on this card,
    ``None``: nothing): the owner then gains its printed cost."""

    asks: ClassVar[type] = ChooseReturn

    decks: tuple[int, ...]
    bottom: bool = False
    reward: int | None = None

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Ask which card, unless the piles are empty (then nothing happens)."""
        return ChooseReturn(self.decks) if any(work.discard_pile(d) for d in self.decks) else None

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """Put the chosen card on its deck, and gain its printed cost if the card says so."""
        assert isinstance(action, ReturnCard)
        deck, card = next((d, c) for d in self.decks for c in work.discard_pile(d)
                          if work.facts[c].name == action.card)
        (work.return_under_deck if self.bottom else work.return_to_deck)(deck, card)
        _cost_gained(work, seat, work.frames[-1].index, self.reward, card)


@attrs.frozen
class DiscardRowStep:
    """Discard a whole row of the owner's choice and refill it at once."""

    asks: ClassVar[type] = ChooseRow

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Ask which row when both hold cards; with one, discard it at once; with none, do nothing."""
        rows = tuple(deck for deck in range(len(DECKS)) if work.row(deck))
        if len(rows) == 1:
            work.note_discarded(work.discard_row(rows[0]))
        return ChooseRow(rows) if len(rows) > 1 else None

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """Discard the chosen row."""
        assert isinstance(action, DiscardRow)
        work.note_discarded(work.discard_row(DECKS.index(action.deck)))


def adjacent(tableau: Sequence[Placed], index: int) -> tuple[int, ...]:
    """Indices of the cards orthogonally next to the card at ``index``, in the order they were taken."""
    me = tableau[index]
    return tuple(i for i, c in enumerate(tableau) if abs(c.x - me.x) + abs(c.y - me.y) == 1)


@attrs.frozen
class CopyStep:
    """Use the ability of an adjacent face-up card whose ability is worth copying (the rules page).

    :class:`NeighbourCopyStep` is the same step with other candidates (the
    neighbours' cards): both ask even with one candidate (unless
    :data:`~castle_combo.engine.lock_rulings.ASK_WITH_ONE_CANDIDATE` is off),
    do nothing with none, and do nothing inside a copied ability (a copy of
    a copy).
    """

    asks: ClassVar[type] = ChooseAdjacent

    def candidates(self, work: Work, seat: int, index: int) -> tuple[tuple[int, int], ...]:
        """The cards whose ability may be used, as ``(seat, index)`` places, in the order asked."""
        cells = work.tableaux[seat]
        return tuple(
            (seat, i) for i in adjacent(cells, index) if not cells[i].face_down and work.facts[cells[i].card].copyable
        )

    def decision(self, candidates: tuple[tuple[int, int], ...]) -> Decision:
        """The question that offers ``candidates``."""
        return ChooseAdjacent(tuple(i for _, i in candidates))

    def use(self, work: Work, seat: int, index: int, place: tuple[int, int]) -> None:
        """Resolve the ability of the card at ``place`` next, as a copy (``index``: the card that copies)."""
        work.use_ability_of(seat, place[1])

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Ask which card; nothing happens with no candidate, or inside a copied ability."""
        if frame.copied:
            return None
        candidates = self.candidates(work, seat, frame.index)
        if len(candidates) == 1 and not lock_rulings.ASK_WITH_ONE_CANDIDATE:
            self.use(work, seat, frame.index, candidates[0])
            return None
        return self.decision(candidates) if candidates else None

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """Resolve the chosen card's ability next, as a copy."""
        assert isinstance(action, Activate)
        top = work.frames[-1]
        facts = work.facts
        place = next(
            (s, i) for s, i in self.candidates(work, seat, top.index)
            if facts[work.tableaux[s][i].card].name == action.card
        )
        self.use(work, seat, top.index, place)


@attrs.frozen
class NeighbourCopyStep(CopyStep):
    """Use the ability when bought of a face-up card in a neighbour's tableau, as if its owner had just bought it.

    The candidates are the neighbours' face-up cards whose ability when
    bought is worth copying, the left neighbour's first (with 2 players the
    one opponent is both neighbours, and is asked about once). The chosen
    ability resolves in the owner's tableau with the card that copies as
    "this card", without its discount and without its messenger.
    """

    asks: ClassVar[type] = ChooseNeighbourCard

    def candidates(self, work: Work, seat: int, index: int) -> tuple[tuple[int, int], ...]:
        facts = work.facts
        return tuple(
            (them, i) for them in players_of(model.PlayerGroup.NEIGHBOURS, seat, len(work.tableaux))
            for i, cell in enumerate(work.tableaux[them]) if not cell.face_down and facts[cell.card].worth_buying
        )

    def decision(self, candidates: tuple[tuple[int, int], ...]) -> Decision:
        return ChooseNeighbourCard(candidates)

    def use(self, work: Work, seat: int, index: int, place: tuple[int, int]) -> None:
        work.use_ability_of(seat, index, work.tableaux[place[0]][place[1]].card)


@attrs.frozen
class IfStep:
    """A conditional effect: when its condition holds now, its effect (at ``then``) is resolved next."""

    test: TestFn = attrs.field(eq=False)
    then: Address

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Check the condition in the owner's tableau as it is now; never asks anything itself."""
        if self.test(work, seat, frame.index, _NO_ORIGIN, None):
            _queue_first(work, (self.then,))
        return None


@attrs.frozen
class LaterStep:
    """Effects set aside until the end of this turn (at ``then``): kept in the owner's state, never asks now.

    They resolve as the turn's last step, as an ability of the same card
    (``this card``), copied if the ability setting them aside was a copy.
    """

    then: tuple[Address, ...]

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Set the effects aside."""
        work.set_aside(seat, Frame(frame.card, frame.index, self.then, frame.copied, seat=frame.seat))
        return None


@attrs.frozen
class MayStep:
    """An optional effect: ask whether to pay ``cost`` (gold, keys) for the effects at ``then``.

    Not asked when the cost cannot be paid in full (then nothing happens).
    """

    asks: ClassVar[type] = AcceptOrDecline

    cost: tuple[int, int]
    then: tuple[Address, ...]
    #: ``idle(work, seat, index)``: whether the optional effects could do nothing now (only swaps, with no two
    #: cards to swap; only moves of the messenger, to locations exhausted or where it is): then nothing is
    #: asked. ``None``: they always may do something.
    idle: Any = attrs.field(default=None, eq=False, kw_only=True)
    #: The condition guarding the whole optional effect ("you may ... if ..."), judged before asking; ``None``:
    #: no condition.
    guard: TestFn | None = attrs.field(default=None, eq=False, kw_only=True)

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Ask yes or no, if the guard holds, the owner can pay (and the effects could do something)."""
        if self.guard is not None and not self.guard(work, seat, frame.index, _NO_ORIGIN, None):
            return None
        gold, keys = self.cost
        if work.gold[seat] < gold or work.keys[seat] < keys:
            return None
        if self.idle is not None and self.idle(work, seat, frame.index):
            return None
        return AcceptOrDecline(self.cost)

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """On yes, pay the cost and resolve the effects next."""
        assert isinstance(action, Choose)
        if action.option == 1:
            gold, keys = self.cost
            work.gain(seat, _GOLD, -gold)
            work.gain(seat, _KEY, -keys)
            _queue_first(work, self.then)


@attrs.frozen
class TimesStep:
    """A repeated optional effect: ask how many times (0 to ``most`` and what can be paid) to pay ``cost`` for ``then``.

    Not asked when the cost cannot be paid in full once (then nothing
    happens). The answer pays the cost that many times at once, then
    resolves the effects at ``then`` that many times in a row.
    """

    asks: ClassVar[type] = ChooseTimes

    cost: tuple[int, int]
    then: tuple[Address, ...]
    most: int
    #: As :attr:`MayStep.idle` and :attr:`MayStep.guard`.
    idle: Any = attrs.field(default=None, eq=False, kw_only=True)
    guard: TestFn | None = attrs.field(default=None, eq=False, kw_only=True)
    #: For effects that only lock keys on the card (``you may put 1 key on this card up to 3 times``), with no key
    #: to pay: the keys each time locks. The owner is offered only the times that lock some key.
    locks: int = attrs.field(default=0, kw_only=True)

    def affordable(self, work: Work, seat: int) -> int:
        """How many times the owner may do it now: the cap, or fewer if they cannot pay for that many."""
        gold, keys = self.cost
        most = self.most
        if gold:
            most = min(most, work.gold[seat] // gold)
        if keys:
            most = min(most, work.keys[seat] // keys)
        if self.locks:
            most = min(most, -(-work.keys[seat] // self.locks))
        return most

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Ask how many times, if the guard holds, the owner can pay at least once (and the effects could do
        something)."""
        if self.guard is not None and not self.guard(work, seat, frame.index, _NO_ORIGIN, None):
            return None
        if self.idle is not None and self.idle(work, seat, frame.index):
            return None
        most = self.affordable(work, seat)
        return ChooseTimes(most) if most >= 1 else None

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """Pay the cost ``times`` times and resolve the effects next, that many times."""
        assert isinstance(action, Times)
        times = action.times
        if times:
            gold, keys = self.cost
            work.gain(seat, _GOLD, -gold * times)
            work.gain(seat, _KEY, -keys * times)
            _queue_first(work, self.then * times)


@attrs.frozen
class RepeatStep:
    """Pass ``done`` + 1 of a repetition (``repeat up to N times ...``) whose effects are at ``then``.

    Its address is the repetition's own (the first pass) or ``address + (1, done)``. When ``until`` holds now,
    the repetition ends; with ``may_stop``, a pass after the first asks yes (go on) or no (stop), the question
    of ``you may``; otherwise the pass's effects resolve next, followed by the next pass's step while passes are
    left. So it ends after ``most`` passes at most.
    """

    asks: ClassVar[type] = AcceptOrDecline

    then: tuple[Address, ...]
    most: int
    may_stop: bool
    address: Address
    done: int = 0
    until: TestFn | None = attrs.field(default=None, eq=False, kw_only=True)

    def _pass(self, work: Work) -> None:
        more = (self.address + (1, self.done + 1),) if self.done + 1 < self.most else ()
        _queue_first(work, self.then + more)

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """End if the condition holds; ask whether to go on before a pass after the first; else do the pass."""
        if self.until is not None and self.until(work, seat, frame.index, _NO_ORIGIN, None):
            return None
        if self.may_stop and self.done:
            return AcceptOrDecline()
        self._pass(work)
        return None

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """On yes, do the pass; on no, the repetition ends."""
        assert isinstance(action, Choose)
        if action.option == 1:
            self._pass(work)


@attrs.frozen
class RevealStep:
    """Turn face-down cards of the owner passing a filter face up: one of their choice, or ``every`` one.

    With ``ability`` each card turned face up resolves its ability when
    bought next, as if it had just been bought face up.
    """

    asks: ClassVar[type] = ChooseFaceDown

    passes: Any = attrs.field(eq=False)
    every: bool
    ability: bool
    #: With a price (``..., paying its cost``): per card id, the places in a seat's discounts of the discounts on
    #: filtered cards that come off its printed cost, besides the one on its deck; ``None``: turned for free.
    paying: tuple[tuple[int, ...], ...] | None = attrs.field(default=None, eq=False, kw_only=True)

    def price(self, work: Work, seat: int, card: int) -> int:
        """What turning ``card`` face up costs ``seat`` (with a price): its printed cost less the seat's discounts on
        its deck and on filtered cards it passes, never below 0."""
        assert self.paying is not None
        f = work.facts[card]
        return face_up_price(f.cost, f.deck, self.paying[card], work.discounts[seat])

    def candidates(self, work: Work, seat: int, index: int) -> tuple[int, ...]:
        cells = work.tableaux[seat]
        me = cells[index]
        passes = self.passes
        found = tuple(i for i, c in enumerate(cells) if c.face_down and (passes is None or passes(c, me, _NO_ORIGIN)))
        if self.paying is None:
            return found
        gold = work.gold[seat]  # only the cards the owner can pay for
        return tuple(i for i in found if self.price(work, seat, cells[i].card) <= gold)

    def _reveal(self, work: Work, seat: int, indices: Sequence[int]) -> None:
        for i in indices:
            if self.paying is not None:  # paid before it turns: its own discount is not counted
                work.gain(seat, _GOLD, -self.price(work, seat, work.tableaux[seat][i].card))
            work.turn_face_up(seat, i)
        if self.ability:
            for i in reversed(indices):  # the first one turned face up resolves first
                work.resolve_bought(seat, i)

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Turn every candidate face up, or ask which one when there are two or more."""
        candidates = self.candidates(work, seat, frame.index)
        if self.every or len(candidates) <= 1:
            self._reveal(work, seat, candidates)
            return None
        return ChooseFaceDown(candidates)

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """Turn the chosen card face up."""
        assert isinstance(action, Reveal)
        cells = work.tableaux[seat]
        top = work.frames[-1]
        candidates = self.candidates(work, seat, top.index)
        index = next(i for i in candidates if work.facts[cells[i].card].name == action.card)
        self._reveal(work, seat, (index,))


@attrs.frozen
class SwapStep:
    """Swap the places of two of the owner's cards passing a filter (or, ``this``, this card and an adjacent one).

    Two questions (:class:`~castle_combo.engine.decisions.ChooseSwap`): the
    first card, then the card it swaps with. The second is the step at
    ``at + (k,)`` (``first`` is ``k``, the first card's index), which the
    answer to the first puts next in the queue: so what was picked is kept
    as plain step addresses, and a save between the two questions holds it.
    "Swap this card with ..." asks only the second (``first`` is this
    card). A question with one possible answer is not asked, and with no two
    cards to swap nothing happens.
    """

    asks: ClassVar[type] = ChooseSwap

    passes: Any = attrs.field(eq=False)
    this: bool
    at: Address
    first: int | None = None

    def partners(self, work: Work, seat: int, index: int, first: int) -> tuple[int, ...]:
        """The cards the card at ``first`` may swap with (``index``: this card), in the order taken."""
        cells = work.tableaux[seat]
        if not 0 <= first < len(cells):  # a save edited to name no card there: nothing to swap
            return ()
        me = cells[index]
        passes = self.passes
        if self.this:
            if first != index:
                return ()
            return tuple(i for i in adjacent(cells, index) if passes is None or passes(cells[i], me, _NO_ORIGIN))
        if passes is not None and not passes(cells[first], me, _NO_ORIGIN):
            return ()
        return tuple(i for i, c in enumerate(cells) if i != first and (passes is None or passes(c, me, _NO_ORIGIN)))

    def firsts(self, work: Work, seat: int, index: int) -> tuple[int, ...]:
        """The cards that may be picked first: those with at least one card to swap with."""
        if self.this:
            return (index,) if self.partners(work, seat, index, index) else ()
        return tuple(i for i in range(len(work.tableaux[seat])) if self.partners(work, seat, index, i))

    def _second(self, work: Work, seat: int, index: int, first: int) -> Decision | None:
        partners = self.partners(work, seat, index, first)
        if len(partners) == 1:
            work.swap(seat, first, partners[0])
        return ChooseSwap(partners, first) if len(partners) > 1 else None

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Ask the first card (or, once it is known, the second); nothing to ask with one possible answer."""
        if self.first is not None or self.this:
            return self._second(work, seat, frame.index, frame.index if self.first is None else self.first)
        firsts = self.firsts(work, seat, frame.index)
        if len(firsts) == 2:  # one pair: no question
            work.swap(seat, firsts[0], firsts[1])
            return None
        return ChooseSwap(firsts) if firsts else None

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """Swap with the card picked second; after the first, ask the second next (or swap if there is no choice)."""
        assert isinstance(action, SwapCard)
        cells = work.tableaux[seat]
        facts = work.facts
        picked = next(i for i, c in enumerate(cells) if facts[c.card].name == action.card)
        index = work.frames[-1].index
        if self.first is not None or self.this:
            work.swap(seat, index if self.first is None else self.first, picked)
            return
        partners = self.partners(work, seat, index, picked)
        if len(partners) == 1:
            work.swap(seat, picked, partners[0])
        else:
            _queue_first(work, (self.at + (picked,),))


@attrs.frozen
class LookStep:
    """Look at the top ``count`` cards of the ``deck``; put them back in the order the owner chooses, discarding any
    of them first if ``discard`` (at most ``most``, exactly that many if ``exactly``).

    One question per card (:class:`~castle_combo.engine.decisions.ArrangeDeckTop`),
    from the top down. The step at ``at`` looks; what is settled so far is
    kept as a plain step address, like a swap's first card: the step at
    ``at + (placed, left)`` asks about the ``left`` cards still to settle,
    below the ``placed`` ones put back (``at + (placed, left, gone)`` for a
    bounded look, ``gone`` cards discarded so far). A question with one
    possible answer (the last card, when none may be discarded) is not
    asked; an empty deck or an exhausted location shows nothing and asks
    nothing. Once a bound is reached no card may be discarded; the cards an
    exact bound still needs, when only that many are left, are discarded
    without a question (one card looked at by ``discard one of them`` is
    discarded).
    """

    asks: ClassVar[type] = ArrangeDeckTop

    deck: int
    count: int
    discard: bool
    at: Address
    settled: tuple[int, ...] | None = None
    most: int | None = None
    exactly: bool = False

    def _may_discard(self, gone: int) -> bool:
        return self.discard and (self.most is None or gone < self.most)

    def _ask(self, placed: int, left: int, gone: int = 0) -> Decision | None:
        may = self._may_discard(gone)
        if left == 0 or (left == 1 and not may):
            return None
        return ArrangeDeckTop(self.deck, placed, left, may)

    def _forced(self, work: Work, seat: int, placed: int, left: int, gone: int) -> tuple[int, int]:
        """Discard the cards an exact bound still needs when only that many are left; return ``(left, gone)``."""
        if self.exactly and self.most is not None and 0 < left <= self.most - gone:
            cards = work.deck_cards(self.deck)[placed:placed + left]
            for card in cards:
                work.settle_looked(seat, self.deck, placed, card, True)
            work.note_discarded(cards)
            return 0, gone + left
        return left, gone

    def _next(self, work: Work, seat: int, placed: int, left: int, gone: int) -> Decision | None:
        left, gone = self._forced(work, seat, placed, left, gone)
        return self._ask(placed, left, gone)

    def _where(self, placed: int, left: int, gone: int) -> Address:
        return self.at + ((placed, left) if self.most is None else (placed, left, gone))

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Look at the cards (the first step) and ask about the first; or ask about the next."""
        if self.settled is not None:
            placed, left, *rest = self.settled
            return self._ask(placed, left, rest[0] if rest else 0)
        return self._next(work, seat, 0, work.look(seat, self.deck, self.count), 0)

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """Put the card back next or discard it; then ask about the next one (if there is a choice left)."""
        assert isinstance(action, Arrange)
        if self.settled is not None:
            placed, left, *rest = self.settled
            gone = rest[0] if rest else 0
        else:
            placed, left, gone = 0, min(self.count, len(work.deck_cards(self.deck))), 0
        facts = work.facts
        looked = work.deck_cards(self.deck)[placed:placed + left]
        card = next(c for c in looked if facts[c].name == action.card)
        work.settle_looked(seat, self.deck, placed, card, action.discard)
        if action.discard:
            work.note_discarded((card,))
            left, gone = left - 1, gone + 1
        else:
            placed, left = placed + 1, left - 1
        left, gone = self._forced(work, seat, placed, left, gone)
        if self._ask(placed, left, gone) is not None:
            _queue_first(work, (self._where(placed, left, gone),))


@attrs.frozen
class WatchStep:
    """The first step of a take trigger: whether it resolves for the card just taken, looked at when its turn comes.

    It goes on only when this card lies face up and the card just taken (the
    last of the taker's tableau, :attr:`Work.taker`) is of the kind it
    watches (``takes``, ``None`` for any card); otherwise the rest of the
    trigger is dropped. Never asks anything.
    """

    takes: Any = attrs.field(eq=False)

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Drop the trigger's effects unless it resolves for this take."""
        me = work.tableaux[seat][frame.index]
        if me.face_down or (self.takes is not None and not self.takes(work.tableaux[work.taker][-1], me, _NO_ORIGIN)):
            work.frames[-1] = Frame(frame.card, frame.index, (), frame.copied, frame.discarded, frame.seat)
        return None


@attrs.frozen
class PlayerStep:
    """One effect on a player of the owner's choice ("take 2 gold from an opponent of your choice").

    The candidates are the group's players who meet the condition now, in
    turn order from the owner's left. With none nothing happens; with one
    the effect is on them at once (nothing is asked: with two players the
    one opponent); with two or more the owner is asked (:class:`ChoosePlayer`).
    """

    asks: ClassVar[type] = ChoosePlayer

    group: model.PlayerGroup
    test: TestFn | None = attrs.field(eq=False)
    amount_of: Amount = attrs.field(eq=False)
    move: Any = attrs.field(eq=False)

    def candidates(self, work: Work, seat: int, index: int) -> tuple[int, ...]:
        """The seats that may be chosen now."""
        test = self.test
        return tuple(them for them in players_of(self.group, seat, len(work.tableaux))
                     if test is None or test(work, seat, index, _NO_ORIGIN, (them, None)))

    def _on(self, work: Work, seat: int, index: int, them: int) -> None:
        self.move(work, seat, them, max(0, self.amount_of(work, seat, index, (them, None))))

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Ask which player when two or more may be chosen; with one, act on them; with none, do nothing."""
        candidates = self.candidates(work, seat, frame.index)
        if len(candidates) == 1:
            self._on(work, seat, frame.index, candidates[0])
        return ChoosePlayer(candidates) if len(candidates) > 1 else None

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """The effect on the chosen player (the k-th candidate)."""
        assert isinstance(action, Choose)
        index = work.frames[-1].index
        self._on(work, seat, index, self.candidates(work, seat, index)[action.option - 1])


#: One move of stored gold: ``(seat, from, to, gold)`` (see :class:`~castle_combo.engine.decisions.ChooseGoldMove`).
GoldMove = tuple[int, int, int, int]


@attrs.frozen
class GoldMoveStep:
    """Move up to ``amount`` stored gold from a purse card of a player of ``group`` (``None``: of the owner) onto
    one of the owner's purse cards, the pair of cards of the owner's choice (:class:`ChooseGoldMove`).

    Without ``each`` one question covers every player of the group (the pair names the player). With
    ``each`` the players of the group come one at a time in turn order from the owner's left, one move each:
    ``after`` is how far round from the owner the players already done sit (``-1``: none yet), and the step
    at ``address + (offset,)`` goes on after the player ``offset`` seats round, like an owed choice, so a save
    between two questions needs no memory beyond the address. A question with one pair is not asked (the
    gold moves), and with none nothing happens.
    """

    asks: ClassVar[type] = ChooseGoldMove

    amount: int
    group: model.PlayerGroup | None
    each: bool
    address: Address
    after: int = -1

    def moves(self, work: Work, seat: int, sources: Sequence[int]) -> tuple[GoldMove, ...]:
        """Every pair of a face-up purse card of ``sources`` holding gold and one of ``seat``'s with room."""
        facts = work.facts
        mine = work.tableaux[seat]
        rooms = [(j, room) for j, c in enumerate(mine)
                 if not c.face_down and (room := (facts[c.card].purse or 0) - c.gold) > 0]
        found: list[GoldMove] = []
        for them in sources:
            for i, c in enumerate(work.tableaux[them]):
                if c.gold > 0 and not c.face_down and facts[c.card].purse is not None:
                    found.extend((them, i, j, min(self.amount, c.gold, room)) for j, room in rooms
                                 if (them, i) != (seat, j))
        return tuple(found)

    def next(self, work: Work, seat: int) -> tuple[int, tuple[GoldMove, ...]]:
        """How far round the players whose moves come next sit, and their moves (none: nothing is left)."""
        if self.group is None:
            return len(work.tableaux), self.moves(work, seat, (seat,))
        seats = len(work.tableaux)
        players = players_of(self.group, seat, seats)
        if not self.each:
            return seats, self.moves(work, seat, players)
        for them in players:
            offset = (them - seat) % seats
            if offset > self.after:
                moves = self.moves(work, seat, (them,))
                if moves:
                    return offset, moves
        return seats, ()

    def _move(self, work: Work, seat: int, offset: int, move: GoldMove) -> None:
        """Move the gold; with ``each``, the players after ``offset`` go on next."""
        them, first, to, gold = move
        work.store(them, first, work.tableaux[them][first].gold - gold)
        work.store(seat, to, work.tableaux[seat][to].gold + gold)
        if self.each and offset < len(work.tableaux):
            _queue_first(work, (self.address + (offset,),))

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Ask which pair when there are two or more; move the gold at once with one; with none, nothing."""
        offset, moves = self.next(work, seat)
        if len(moves) == 1:
            self._move(work, seat, offset, moves[0])
        return ChooseGoldMove(moves) if len(moves) > 1 else None

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """Move the gold of the k-th pair."""
        assert isinstance(action, Choose)
        offset, moves = self.next(work, seat)
        self._move(work, seat, offset, moves[action.option - 1])


@attrs.frozen
class StoreStep:
    """Store up to ``amount`` of the owner's spendable gold on their face-up purse cards, one gold per question
    (:class:`ChooseStore`): the card with room that takes it, or stop.

    ``stored`` is how many gold were stored so far; the step at ``address + (stored,)`` goes on after each gold, so
    a save between two questions needs no memory beyond the address. Nothing is asked once ``amount`` gold are
    stored, the owner has no gold or no face-up purse card has room.
    """

    asks: ClassVar[type] = ChooseStore

    amount: int
    address: Address
    stored: int = 0

    def rooms(self, work: Work, seat: int) -> tuple[int, ...]:
        """The owner's face-up purse cards with room, in the order taken (none when nothing is left to store)."""
        if self.stored >= self.amount or work.gold[seat] <= 0:
            return ()
        facts = work.facts
        return tuple(j for j, c in enumerate(work.tableaux[seat])
                     if not c.face_down and (facts[c.card].purse or 0) > c.gold)

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Ask which card takes the next gold (or stop); with no card or no gold, nothing."""
        rooms = self.rooms(work, seat)
        return ChooseStore(rooms) if rooms else None

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """Move 1 gold onto the k-th card and go on with the next; one past the cards stops."""
        assert isinstance(action, Choose)
        rooms = self.rooms(work, seat)
        if action.option > len(rooms):
            return
        to = rooms[action.option - 1]
        work.gain(seat, 0, -1)
        work.store(seat, to, work.tableaux[seat][to].gold + 1)
        if self.stored + 1 < self.amount:
            _queue_first(work, (self.address + (self.stored + 1,),))


#: One option of a choice owed by another player: its effects, each ``run(work, owner, index)`` ("that player"
#: being :attr:`Work.chooser`), and what it costs that player: ``(resource, amount)`` pairs.
_Option = tuple[tuple[Run, ...], tuple[tuple[int, Amount], ...]]


@attrs.frozen
class OwedStep:
    """A choice owed by other players ("each opponent chooses one: ..."), one player after another.

    The players are the group's, in turn order from the owner's left, who
    meet the condition when their turn to answer comes. For each, the options
    they can pay for in full are offered: none, nothing happens for them; one,
    it happens at once; two or more, they are asked (:class:`OwedChoice`).
    ``after`` is how far round from the owner the players already done sit
    (``-1``: none yet): after a player, the step at ``address + (offset,)``
    goes on with the next ones, so every question is asked of the first player
    still to answer, and answering it needs no memory beyond the address.
    """

    asks: ClassVar[type] = OwedChoice

    group: model.PlayerGroup | model.ThatPlayer
    address: Address
    test: TestFn | None = attrs.field(eq=False)
    options: tuple[_Option, ...] = attrs.field(eq=False)
    after: int = -1

    def affords(self, work: Work, seat: int, index: int, them: int, costs: tuple[tuple[int, Amount], ...]) -> bool:
        """Whether ``them`` can pay everything an option takes from them or makes them lose."""
        owed = [0, 0]
        for resource, amount_of in costs:
            owed[resource] += max(0, amount_of(work, seat, index, (them, None)))
        return owed[0] <= work.gold[them] and owed[1] <= work.keys[them]

    def next(self, work: Work, seat: int, index: int) -> tuple[int, tuple[int, ...]] | None:
        """The next player to answer (after ``after``) and the options they may pick (numbers from 1)."""
        seats = len(work.tableaux)
        test = self.test
        for them in _players(self.group, work, seat):
            if (them - seat) % seats <= self.after:
                continue
            if test is not None and not test(work, seat, index, _NO_ORIGIN, (them, None)):
                continue
            offered = tuple(k for k, (_, costs) in enumerate(self.options, start=1)
                            if self.affords(work, seat, index, them, costs))
            if offered:
                return them, offered
        return None

    def _pick(self, work: Work, seat: int, index: int, them: int, option: int) -> None:
        """``them``'s option resolves ("that player" is them); then the players after them."""
        work.chooser = them
        try:
            for run in self.options[option - 1][0]:
                run(work, seat, index)
        finally:
            work.chooser = None
        _queue_first(work, (self.address + ((them - seat) % len(work.tableaux),),))

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Ask the next player who can pay for two or more options; one who can pay for one gets it at once."""
        found = self.next(work, seat, frame.index)
        if found is None:
            return None
        them, offered = found
        if len(offered) == 1:
            self._pick(work, seat, frame.index, them, offered[0])
            return None
        return OwedChoice(them, offered)

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """The answering player's option resolves; the players after them follow."""
        assert isinstance(action, Choose)
        index = work.frames[-1].index
        found = self.next(work, seat, index)
        assert found is not None, "an owed choice is asked of the next player who can pay"
        self._pick(work, seat, index, found[0], action.option)


Step = Union[Auto, ChoiceStep, DiscardStep, DiscardRowStep, CopyStep, NeighbourCopyStep, IfStep, MayStep, TimesStep,
             RevealStep, LaterStep, SwapStep, WatchStep, PlayerStep, OwedStep, NameShieldStep, LookStep, ReserveStep,
             GoldMoveStep, ReturnStep, RepeatStep, StoreStep]
#: Steps that ask a question and take its answer.
Asking = Union[ChoiceStep, DiscardStep, DiscardRowStep, CopyStep, NeighbourCopyStep, MayStep, TimesStep, RevealStep,
               SwapStep, PlayerStep, OwedStep, NameShieldStep, LookStep, ReserveStep, GoldMoveStep, ReturnStep,
               RepeatStep, StoreStep]
#: Whether a lock card's lock can be opened now: ``opens(table, seat, index_of_the_card)``.
Opens = Callable[[Tableaux, int, int], bool]


@attrs.frozen
class Ability:
    """A card's compiled abilities.

    ``bought`` and ``unlocked`` are the top-level effect addresses of the
    ability when bought and behind the lock; ``copied`` what another card
    resolves when it uses this one's ability (both parts, in order; the
    engine skips discounts and copies in a copy). ``each_turn``,
    ``turn_end``, ``game_end`` and ``taken`` are the triggers' effects (never
    copied); ``takes`` is whether a card just taken triggers ``taken``:
    ``takes(taken_cell, this_cell, origin)``, ``None`` for any card;
    ``taken_by`` who takes: ``None`` the owner, else the players of a group
    seen from the owner (:attr:`~castle_combo.language.model.Card.taken_by`).
    ``key_spent`` and ``spent_by`` are the trigger on key spends and whose
    spends set it off; ``spent_for`` the key actions that set it off (0 a
    refresh of the castle row, 1 of the village row, 2 a move of the
    messenger; :data:`KEY_MOVE`), ``None`` any spend; ``messenger_moved`` the trigger on the messenger's
    moves and ``moved_to`` the location it watches (0 the castle, 1 the
    village, ``None`` any move); ``moved_by_icon`` that only the moves made by
    the messenger icon of a card its owner takes set it off. ``taken_after``: the take trigger resolves
    after the ability of the card taken (``, after its ability``).
    ``steps`` holds every step by address. ``opens`` says whether a lock can
    be opened now (see :func:`compile_ability`).
    """

    bought: tuple[Address, ...]
    unlocked: tuple[Address, ...]
    steps: dict[Address, Step] = attrs.field(eq=False)
    opens: Opens = attrs.field(eq=False)
    each_turn: tuple[Address, ...] = ()
    game_end: tuple[Address, ...] = ()
    turn_end: tuple[Address, ...] = ()
    taken: tuple[Address, ...] = ()
    takes: Any = attrs.field(default=None, eq=False)
    taken_by: model.PlayerGroup | None = None
    key_spent: tuple[Address, ...] = ()
    spent_by: model.PlayerGroup | None = None
    messenger_moved: tuple[Address, ...] = ()
    moved_to: int | None = None
    taken_after: bool = False
    moved_by_icon: bool = False
    spent_for: tuple[int, ...] | None = None

    @property
    def copied(self) -> tuple[Address, ...]:
        """The addresses a copy resolves: the ability when bought, then the one behind the lock."""
        return self.bought + self.unlocked


def fill_order(tableau: Sequence[Placed], facts: Sequence[CardFacts]) -> list[int]:
    """Indices of the face-up purse cards of ``tableau`` in reading order (top row first, left to right).

    Fields are read by index (card 0, x 1, y 2, face down 3): a placed card is a named tuple, whose fields by
    name cost a call each, and final scoring asks this of every seat with gold left.
    """
    purses = [i for i, c in enumerate(tableau) if not c[3] and facts[c[0]].purse is not None]
    if len(purses) > 1:
        purses.sort(key=lambda i: (tableau[i][2], tableau[i][1]))
    return purses


#: The discounts on filtered cards of a ruleset (``discount 1 on faith cards``), by their decks and filter: the
#: place of each in a seat's discounts (after the castle and the village ones).
Slots = dict[tuple[tuple[model.Deck, ...], model.CardFilter], int]


def discount_slots(slots: Slots, facts: Sequence[CardFacts]) -> tuple[tuple[int, ...], ...]:
    """Per card id, the places (2 and on, ``slots``) of the discounts on filtered cards that apply to it bought face
    up (what a price subtracts besides the discount on its deck)."""
    found: list[list[int]] = [[] for _ in facts]
    for (decks, on), slot in slots.items():
        passes = compile_filter(on, facts)
        wanted = {DECKS.index(deck) for deck in decks}
        for f in facts:
            if f.deck in wanted and (passes is None or passes(Placed(f.id, 0, 0, False, 0, False), None, (0, 0))):
                found[f.id].append(slot)
    return tuple(tuple(s) for s in found)


def face_up_price(cost: int, deck: int, slots: tuple[int, ...], discounts: tuple[int, ...]) -> int:
    """The one price of a card bought (or turned) face up: its printed ``cost`` (with any surcharge added), minus
    the seat's discount on its ``deck`` and those of ``discounts`` at the places ``slots`` (the discounts on
    filtered cards it passes, see :func:`discount_slots`), never below 0."""
    cost -= discounts[deck]
    for slot in slots:
        if slot < len(discounts):
            cost -= discounts[slot]
    return cost if cost > 0 else 0


def discount_kinds(cards: Sequence[model.Card]) -> tuple[tuple[tuple[model.Deck, ...], model.CardFilter], ...]:
    """The distinct discounts on filtered cards of ``cards`` (their decks and filter), in the order written."""
    kinds: dict[tuple[tuple[model.Deck, ...], model.CardFilter], None] = {}
    for card in cards:
        for node in model.walk(card):
            if isinstance(node, model.Discount) and node.on is not None:
                kinds.setdefault((node.decks, node.on), None)
    return tuple(kinds)


def _discounts(effect: model.Discount) -> tuple[int, int]:
    """The castle and village discounts that ``effect`` gives (on every card of those decks)."""
    castle = effect.amount if model.Deck.CASTLE in effect.decks else 0
    village = effect.amount if model.Deck.VILLAGE in effect.decks else 0
    return castle, village


def compile_amount(amount: int, per: model.Per | None, up_to: int | None, at_least: int | None,
                   facts: Sequence[CardFacts]) -> Amount:
    """An amount written ``N [per COUNT] [at least L] [up to U]`` as ``fn(work, seat, index, them)``."""
    if per is None:
        return lambda work, seat, index, them: amount
    count: ExtraCountFn = compile_per_with(per, facts)
    if up_to is None and at_least is None:
        return lambda work, seat, index, them: amount * count(work, seat, index, them)
    low = at_least if at_least is not None else -(10 ** 9)
    high = up_to if up_to is not None else 10 ** 9
    return lambda work, seat, index, them: max(low, min(high, amount * count(work, seat, index, them)))


def _amount_of(effect: model.PlayerEffect | model.GainPoints, facts: Sequence[CardFacts]) -> Amount:
    return compile_amount(effect.amount, effect.per, effect.up_to, effect.at_least, facts)


def _supply(work: Work, resource: int) -> Sequence[int]:
    return work.gold if resource == _GOLD else work.keys


#: What happens between the owner and one player: ``move(work, seat_of_the_owner, them, amount)``.
_Move = Callable[[Work, int, int, int], None]


def _between(effect: model.PlayerEffect, resource: int) -> _Move:
    """How one effect on each player moves ``resource``: to them, from them, from them to the owner, or back."""
    match effect:
        case model.Gain():
            return lambda work, seat, them, amount: work.gain(them, resource, amount)
        case model.Lose():
            return lambda work, seat, them, amount: work.gain(them, resource, -min(amount,
                                                                                 _supply(work, resource)[them]))
        case model.Take():
            def take(work: Work, seat: int, them: int, amount: int) -> None:
                taken = min(amount, _supply(work, resource)[them])
                work.gain(them, resource, -taken)
                work.gain(seat, resource, taken)

            return take
        case model.Give():
            def give(work: Work, seat: int, them: int, amount: int) -> None:
                given = min(amount, _supply(work, resource)[seat])
                work.gain(seat, resource, -given)
                work.gain(them, resource, given)

            return give
        case _:
            assert_never(effect)


def _players(group: model.PlayerGroup | model.ThatPlayer, work: Work, seat: int) -> tuple[int, ...]:
    """The seats an effect on each player is about, in turn order from the owner's left."""
    if group is model.ThatPlayer.TAKER:
        chooser = work.chooser
        return (work.taker if chooser is None else chooser,)
    assert isinstance(group, model.PlayerGroup)
    return players_of(group, seat, len(work.tableaux))


def _each_player(effect: model.EachPlayer, facts: Sequence[CardFacts]) -> Run:
    """Each player of the group meeting the condition: one resource effect with them (see the model)."""
    inner = effect.effect
    test = compile_test(effect.condition, facts) if effect.condition is not None else None
    amount_of = _amount_of(inner, facts)
    move = _between(inner, _RESOURCE[inner.resource])
    group = effect.group
    if effect.at_once:
        def all_at_once(work: Work, seat: int, index: int) -> None:
            # Every player's condition and amount on the position before any of the effects resolves.
            judged = [(them, max(0, amount_of(work, seat, index, (them, None))))
                      for them in _players(group, work, seat)
                      if test is None or test(work, seat, index, _NO_ORIGIN, (them, None))]
            for them, amount in judged:
                move(work, seat, them, amount)

        return all_at_once

    def each_player(work: Work, seat: int, index: int) -> None:
        for them in _players(group, work, seat):
            about = (them, None)
            if test is not None and not test(work, seat, index, _NO_ORIGIN, about):
                continue
            move(work, seat, them, max(0, amount_of(work, seat, index, about)))

    return each_player


def _row_of(which: model.RowChoice, work: Work) -> int:
    match which:
        case model.RowChoice.CASTLE:
            return 0
        case model.RowChoice.VILLAGE:
            return 1
        case model.RowChoice.MESSENGER:
            return work.messenger
        case model.RowChoice.OTHER:
            return 1 - work.messenger
        case model.RowChoice.CHOICE:
            raise ValueError("a row of the owner's choice is asked, not named")
        case _:
            assert_never(which)


#: The effects that never ask anything: each is done at once by an :class:`Auto` step.
Automatic = Union[model.Gain, model.Lose, model.EachPlayer, model.Discount, model.StoreGold, model.FillPurses,
                  model.DiscardWholeRow, model.MoveMessenger, model.NextDiscount, model.GainPoints,
                  model.NextFromEitherRow, model.StoreKeys, model.DiscardDeckTop, model.NextResolvesTwice,
                  model.ReturnToDeck]
_AUTOMATIC = get_args(Automatic)


def _compile_auto(effect: Automatic, facts: Sequence[CardFacts], slots: Slots | None = None) -> Run:
    """What an effect that never asks does (the ones that may ask are steps of their own)."""
    match effect:
        case model.Gain():
            amount_of = _amount_of(effect, facts)
            resource = _RESOURCE[effect.resource]
            if effect.per is None:
                fixed = effect.amount
                return lambda work, seat, index: work.gain(seat, resource, fixed)
            return lambda work, seat, index: work.gain(seat, resource, max(0, amount_of(work, seat, index, None)))
        case model.Lose():
            lose_of = _amount_of(effect, facts)
            lost = _RESOURCE[effect.resource]

            def lose(work: Work, seat: int, index: int) -> None:
                amount = max(0, lose_of(work, seat, index, None))
                work.gain(seat, lost, -min(amount, _supply(work, lost)[seat]))

            return lose
        case model.EachPlayer():
            return _each_player(effect, facts)
        case model.GainPoints():
            points_of = _amount_of(effect, facts)
            sign = -1 if effect.loses else 1
            return lambda work, seat, index: work.record_points(seat, index,
                                                                sign * max(0, points_of(work, seat, index, None)))
        case model.Discount(on=on) if on is not None:
            slot = (slots or {})[(effect.decks, on)]  # (compile_ability gives every discount of the card a place)
            more = effect.amount

            def discount_on(work: Work, seat: int, index: int) -> None:
                d = work.discounts[seat]
                if len(d) <= slot:
                    d = d + (0,) * (slot + 1 - len(d))
                work.discounts[seat] = d[:slot] + (d[slot] + more,) + d[slot + 1:]

            return discount_on
        case model.Discount():
            castle, village = _discounts(effect)

            def discount(work: Work, seat: int, index: int) -> None:
                d = work.discounts[seat]
                work.discounts[seat] = (d[0] + castle, d[1] + village) + d[2:]

            return discount
        case model.StoreKeys(amount=amount):
            return lambda work, seat, index: work.lock_keys(seat, index, amount)
        case model.StoreGold(amount=amount, on=on):
            passes = compile_filter(on, facts)

            def store_gold(work: Work, seat: int, index: int) -> None:
                cells = work.tableaux[seat]
                me = cells[index]
                for i in fill_order(cells, facts):
                    cell = work.tableaux[seat][i]
                    if passes is None or passes(cell, me, _NO_ORIGIN):
                        capacity = facts[cell.card].purse or 0
                        work.store(seat, i, min(capacity, cell.gold + amount))

            return store_gold
        case model.FillPurses(purses=count):

            def fill_purses(work: Work, seat: int, index: int) -> None:
                order = fill_order(work.tableaux[seat], facts)
                cells = work.tableaux[seat]
                # Most free space first; Python's sort is stable, so ties keep reading order.
                order.sort(key=lambda i: -((facts[cells[i].card].purse or 0) - cells[i].gold))
                for i in order[:count]:
                    work.store(seat, i, facts[cells[i].card].purse or 0)

            return fill_purses
        case model.DiscardWholeRow(which=which):

            def discard_named_row(work: Work, seat: int, index: int) -> None:
                deck = _row_of(which, work)
                if work.row(deck):
                    work.note_discarded(work.discard_row(deck))

            return discard_named_row
        case model.DiscardDeckTop(deck=top_of, count=count):
            top_deck = DECKS.index(top_of)

            def discard_deck_top(work: Work, seat: int, index: int) -> None:
                work.note_discarded(work.discard_deck_top(top_deck, count))

            return discard_deck_top
        case model.ReturnToDeck(deck=pile) if pile is not None:  # the top card of the pile: no choice
            back = DECKS.index(pile)

            bottom, reward = effect.bottom, None if effect.reward is None else _COST_IN[effect.reward]

            def return_top(work: Work, seat: int, index: int) -> None:
                cards = work.discard_pile(back)
                if cards:
                    (work.return_under_deck if bottom else work.return_to_deck)(back, cards[-1])
                    _cost_gained(work, seat, index, reward, cards[-1])

            return return_top
        case model.ReturnToDeck():  # "the top card of either discard pile": refused (a top card names its pile)

            def refused(work: Work, seat: int, index: int) -> None:
                raise RulesetError(f"{effect.ccl()!r} names no pile: the card language refuses it (the top card of "
                                   "one discard pile, or a card of either), so this ruleset was built with check=False")

            return refused
        case model.MoveMessenger(to=to):
            target = None if to is None else DECKS.index(to)

            def move_messenger(work: Work, seat: int, index: int) -> None:
                where = 1 - work.messenger if target is None else target
                if not work.exhausted(where):
                    work.move_messenger(where)

            return move_messenger
        case model.NextDiscount(amount=amount, deck=deck, face_up=face_up):
            slot = 0 if deck is None else 1 + DECKS.index(deck)

            def next_discount(work: Work, seat: int, index: int) -> None:
                waiting = list(work.next_discounts[seat])
                waiting[slot] += amount
                work.next_discounts[seat] = (waiting[0], waiting[1], waiting[2])

            def next_face_up_discount(work: Work, seat: int, index: int) -> None:
                waiting = list(work.next_face_up[seat])
                waiting[slot] += amount
                work.next_face_up[seat] = (waiting[0], waiting[1], waiting[2])

            return next_face_up_discount if face_up else next_discount
        case model.NextFromEitherRow():

            def next_from_either_row(work: Work, seat: int, index: int) -> None:
                work.either_row[seat] = True

            return next_from_either_row
        case model.NextResolvesTwice():

            def next_resolves_twice(work: Work, seat: int, index: int) -> None:
                work.twice[seat] = True

            return next_resolves_twice
        case _:
            assert_never(effect)


#: What buying a card gives its owner, when its ability is only gains and discounts counted in the owner's
#: own tableau: ``gains(cells, shield_totals, banner_totals, index_of_the_card)`` is the gold, the keys and
#: the castle and village discounts gained.
OwnGains = Callable[[Sequence[Placed], Sequence[int], Sequence[int], int], tuple[int, int, int, int]]


def compile_own_gains(card: model.Card, facts: Sequence[CardFacts]) -> OwnGains | None:
    """``card``'s ability when bought as an :data:`OwnGains`, or ``None`` when it does anything else.

    Such an ability changes nothing that its own counts read (gains and
    discounts move no card, and keys are not counted here), so its effects
    can be summed in any order. The engine's fast take adds them to the new
    seat directly instead of running the steps on a scratch table; the steps
    stay the definition (a test plays both ways and compares every state).
    """
    flat = [0, 0, 0, 0]
    counted: list[tuple[int, int, OwnCountFn, int | None, int | None]] = []
    for effect in card.ability:
        if isinstance(effect, model.Gain):
            resource = _RESOURCE[effect.resource]
            if effect.per is None:
                flat[resource] += effect.amount
                continue
            count = compile_own_count(effect.per, facts)
            if count is None:
                return None
            counted.append((resource, effect.amount, count, effect.at_least, effect.up_to))
        elif isinstance(effect, model.Discount) and effect.on is None:
            castle, village = _discounts(effect)
            flat[2] += castle
            flat[3] += village
        else:
            return None
    base = (flat[0], flat[1], flat[2], flat[3])
    if not counted:
        return lambda cells, shields, banners, index: base
    if len(counted) == 1 and counted[0][3] is None and counted[0][4] is None:  # "gain N gold per ...", the commonest
        resource, amount, count, _, _ = counted[0]
        more_gold, more_keys, castle, village = base

        def one(cells: Sequence[Placed], shields: Sequence[int], banners: Sequence[int],
                index: int) -> tuple[int, int, int, int]:
            value = amount * count(cells, shields, banners, index)
            if value < 0:
                value = 0
            return ((more_gold + value, more_keys, castle, village) if resource == _GOLD
                    else (more_gold, more_keys + value, castle, village))

        return one

    def gains(cells: Sequence[Placed], shields: Sequence[int], banners: Sequence[int],
              index: int) -> tuple[int, int, int, int]:
        gold, keys, castle, village = base
        for resource, amount, count, low, high in counted:
            value = amount * count(cells, shields, banners, index)
            if low is not None:
                value = max(value, low)
            if high is not None:
                value = min(value, high)
            value = max(0, value)
            if resource == _GOLD:
                gold += value
            else:
                keys += value
        return gold, keys, castle, village

    return gains


#: What buying a card does, when its ability is gains counted on face-up shields and banners (the owner's or other
#: tableaux'), fixed gains for other players, gold put on the owner's purses and discounts:
#: ``fn(seats, seat, index)`` is the seats after it, ``seats`` holding the owner's seat with the card placed and
#: paid for, its index ``index`` in the owner's tableau (each seat as the engine keeps it, see ``Table.seats``).
TableGains = Callable[[tuple[tuple[Any, ...], ...], int, int], tuple[tuple[Any, ...], ...]]

#: Where a count of shields or banners may be taken for :func:`compile_table_gains`: one tableau, the better
#: neighbour's, or several tableaux as one collection (their totals added up).
_ONE_TABLEAU = frozenset({model.Scope.TABLEAU, model.Scope.NEIGHBOUR})
_TABLEAUX = {model.Scope.NEIGHBOURS: model.PlayerGroup.NEIGHBOURS, model.Scope.OPPONENTS: model.PlayerGroup.OPPONENTS,
             model.Scope.EVERY_TABLEAU: model.PlayerGroup.PLAYERS, model.Scope.LEFT_NEIGHBOUR: model.PlayerGroup.LEFT,
             model.Scope.RIGHT_NEIGHBOUR: model.PlayerGroup.RIGHT}


def compile_table_gains(effects: Sequence[model.Effect], facts: Sequence[CardFacts]) -> TableGains | None:
    """``effects`` (a card's ability when bought, or one option of its choice) as a :data:`TableGains`, or
    ``None`` when they do anything else.

    The automatic abilities that reach past their owner's supply without
    asking anything (His Majesty's "each opponent gains 1 gold", the
    Templar's "gain 1 gold per faith shield in a neighbour's tableau", the
    purse cards' "put 2 gold on each purse", "fill 2 purses"): every count
    reads face-up shields and banners, which none of the effects changes,
    and the purse effects read only the gold they put; so the effects can be
    done in any order, straight on the seats, instead of on a scratch table.
    The engine's fast take uses it; the steps stay the definition (a test
    plays both ways and compares every state).
    """
    own = [0, 0]  # gold and keys the owner gains whatever the table
    counted: list[tuple[int, int, Callable[[Sequence[int], Sequence[int]], int], model.Scope, int, int]] = []
    others: list[tuple[model.PlayerGroup, int, int]] = []
    purses: list[tuple[bool, int]] = []  # (fill the N emptiest, amount or purses) in the card's order
    castle = village = 0
    for effect in effects:
        match effect:
            case model.Gain(per=None):
                own[_RESOURCE[effect.resource]] += effect.amount
            case model.Gain(per=model.Per(count=count, scope=scope, every=1)) if scope in _ONE_TABLEAU or \
                    scope in _TABLEAUX:
                totals = compile_totals_count(count)
                if totals is None:
                    return None
                low = effect.at_least if effect.at_least is not None else -(10 ** 9)
                high = effect.up_to if effect.up_to is not None else 10 ** 9
                counted.append((_RESOURCE[effect.resource], effect.amount, totals, scope, low, high))
            case model.EachPlayer(group=model.PlayerGroup() as group, effect=model.Gain(per=None) as inner,
                                  condition=None, chosen=False):
                others.append((group, _RESOURCE[inner.resource], max(0, inner.amount)))
            case model.StoreGold(amount=amount, on=None):
                purses.append((False, amount))
            case model.FillPurses(purses=count):
                purses.append((True, count))
            case model.Discount(on=None):
                more_castle, more_village = _discounts(effect)
                castle += more_castle
                village += more_village
            case _:
                return None

    if not (counted or others or purses or castle or village):  # gold and keys for the owner alone
        more_gold, more_keys = own

        def flat(seats: tuple[tuple[Any, ...], ...], seat: int, index: int) -> tuple[tuple[Any, ...], ...]:
            out = list(seats)
            mine = out[seat]
            out[seat] = (mine[0] + more_gold, mine[1] + more_keys) + mine[2:]
            return tuple(out)

        return flat

    def gains(seats: tuple[tuple[Any, ...], ...], seat: int, index: int) -> tuple[tuple[Any, ...], ...]:
        n = len(seats)
        more = own.copy()  # the owner's gold and keys
        for resource, amount, totals, scope, low, high in counted:
            if scope is model.Scope.TABLEAU:
                value = totals(seats[seat][4], seats[seat][5])
            elif scope is model.Scope.NEIGHBOUR:  # the better neighbour's (the owner's choice; counts are never < 0)
                value = 0
                for s in neighbours(seat, n):
                    found = totals(seats[s][4], seats[s][5])
                    if found > value:
                        value = found
            else:  # several tableaux, one collection: their totals added up
                chosen = players_of(_TABLEAUX[scope], seat, n)
                value = totals([sum(seats[s][4][t] for s in chosen) for t in range(len(seats[seat][4]))],
                               [sum(seats[s][5][d] for s in chosen) for d in range(2)])
            more[resource] += max(0, max(low, min(high, amount * value)))
        out = list(seats)
        for group, resource, amount in others:
            for them in players_of(group, seat, n):
                p = out[them]
                out[them] = (p[0] + amount,) + p[1:] if resource == 0 else (p[0], p[1] + amount) + p[2:]
        mine = out[seat]  # gold, keys, tableau and discounts change; the rest of the seat is kept
        cells, discounts = mine[2], mine[3]
        for fill, amount in purses:
            cells = _filled(cells, facts, fill, amount)
        if castle or village:
            discounts = (discounts[0] + castle, discounts[1] + village) + discounts[2:]
        out[seat] = (mine[0] + more[0], mine[1] + more[1], cells, discounts) + mine[4:]
        return tuple(out)

    return gains


def _filled(cells: tuple[Placed, ...], facts: Sequence[CardFacts], fill: bool, amount: int) -> tuple[Placed, ...]:
    """``cells`` after ``put AMOUNT gold on each purse`` (``fill`` false) or ``fill AMOUNT purses`` (``fill``
    true), as the steps of those effects do them."""
    order = fill_order(cells, facts)
    out = list(cells)
    if fill:  # most free space first; the sort is stable, so ties keep reading order
        order.sort(key=lambda i: -((facts[cells[i].card].purse or 0) - cells[i].gold))
        order = order[:amount]
    for i in order:
        cell = out[i]
        capacity = facts[cell[0]].purse or 0  # the card's
        gold = capacity if fill else min(capacity, cell[_STORED] + amount)
        out[i] = _new_placed(Placed, cell[:_STORED] + (gold,) + cell[_STORED + 1:])  # the cell with its gold changed
    return tuple(out)


#: Where a placed card keeps its stored gold (:func:`_filled` rebuilds a cell around it).
_STORED = Placed._fields.index("gold")
_new_placed = tuple.__new__


def _compile_effects(
    effects: Sequence[model.Effect],
    prefix: Address,
    facts: Sequence[CardFacts],
    steps: dict[Address, Step],
    slots: Slots | None = None,
) -> tuple[Address, ...]:
    addresses = []
    for i, effect in enumerate(effects):
        address = prefix + (i,)
        addresses.append(address)
        steps[address] = _compile_effect(effect, address, facts, steps, slots)
    return tuple(addresses)


def _compile_effect(effect: model.Effect, address: Address, facts: Sequence[CardFacts],
                    steps: dict[Address, Step], slots: Slots | None = None) -> Step:
    """The step of one effect at ``address`` (its inner effects get addresses below it)."""
    match effect:
        case model.Choice(options=options):
            return ChoiceStep(tuple(
                _compile_effects(option, address + (k,), facts, steps, slots) for k, option in enumerate(options)))
        case model.DiscardFromRow(deck=deck, reward=reward):
            return DiscardStep(DECKS.index(deck), _RESOURCE[reward])
        case model.DiscardWholeRow(which=which) if which is model.RowChoice.CHOICE:
            return DiscardRowStep()
        case model.ReserveCard(other=True):
            return ReserveStep((), other=True)
        case model.ReserveCard(deck=deck):
            return ReserveStep((0, 1) if deck is None else (DECKS.index(deck),))
        case model.ReturnToDeck(deck=deck, top=False, bottom=bottom, reward=reward):
            return ReturnStep((0, 1) if deck is None else (DECKS.index(deck),), bottom,
                              None if reward is None else _COST_IN[reward])
        case model.UseAdjacentAbility():
            return CopyStep()
        case model.UseNeighbourAbility():
            return NeighbourCopyStep()
        case model.Conditional(effect=inner, condition=condition):
            (then,) = _compile_effects((inner,), address, facts, steps, slots)
            return IfStep(compile_test(condition, facts), then)
        case model.MayDo(cost=cost, effects=inner, repeat=repeat):
            paid = [0, 0]
            for c in cost:
                if isinstance(c, model.Lose):
                    paid[_RESOURCE[c.resource]] += c.amount
            addresses = _compile_effects(inner, address, facts, steps, slots)
            idle = _idle(tuple(steps[a] for a in addresses), paid[0])
            if inner and all(isinstance(e, model.MoveMessenger) for e in inner):
                idle = _messenger_stays(tuple(None if e.to is None else DECKS.index(e.to) for e in inner
                                              if isinstance(e, model.MoveMessenger)))
            # Effects that only lock keys on the card do nothing without a key: not asked then, and repeated
            # only as many times as lock some key.
            locks = sum(e.amount for e in inner if isinstance(e, model.StoreKeys)) if all(
                isinstance(e, model.StoreKeys) for e in inner) and not paid[1] else 0
            if locks:
                idle = _no_keys
            guard = compile_test(effect.guard, facts) if effect.guard is not None else None
            if repeat:
                return TimesStep((paid[0], paid[1]), addresses, effect.most, idle=idle, guard=guard, locks=locks)
            return MayStep((paid[0], paid[1]), addresses, idle=idle, guard=guard)
        case model.Repeat(times=times, effects=inner, may_stop=may_stop, until=until):
            body = _compile_effects(inner, address + (0,), facts, steps, slots)
            test = compile_test(until, facts) if until is not None else None
            for done in range(1, times):  # the passes after the first
                steps[address + (1, done)] = RepeatStep(body, times, may_stop, address, done, until=test)
            return RepeatStep(body, times, may_stop, address, until=test)
        case model.TurnFaceUp(on=on, every=every, ability=ability, paying=paying):
            return RevealStep(compile_filter(on, facts), every, ability,
                              paying=discount_slots(slots or {}, facts) if paying else None)
        case model.EndOfThisTurn(effects=inner):
            return LaterStep(_compile_effects(inner, address, facts, steps, slots))
        case model.Swap(on=on, this=this):
            passes = compile_filter(on, facts)
            if not this:  # the second question, once the first card (at index k) is picked
                for k in range(CARDS_PER_PLAYER):
                    steps[address + (k,)] = SwapStep(passes, this, address, k)
            return SwapStep(passes, this, address)
        case model.LookAtDeckTop(deck=deck, count=count, discard=discard, most=most, exactly=exactly):
            at = DECKS.index(deck)
            if most is None:
                for placed in range(count):  # the questions after the first, once some cards are settled
                    for left in range(1, count - placed + 1):
                        steps[address + (placed, left)] = LookStep(at, count, discard, address, (placed, left))
                return LookStep(at, count, discard, address)
            for placed in range(count):  # the questions after the first, with the cards discarded so far
                for left in range(1, count - placed + 1):
                    for gone in range(min(most, count - placed - left) + 1):
                        steps[address + (placed, left, gone)] = LookStep(at, count, discard, address,
                                                                         (placed, left, gone), most, exactly)
            return LookStep(at, count, discard, address, None, most, exactly)
        case model.PlayersChoose(group=group, options=options, condition=condition):
            test = compile_test(condition, facts) if condition is not None else None
            compiled = tuple(_owed_option(option, facts, slots) for option in options)
            for k in range(MAX_PLAYERS):  # the step going on after the player k seats round from the owner
                steps[address + (k,)] = OwedStep(group, address, test, compiled, k)
            return OwedStep(group, address, test, compiled)
        case model.MoveGold(amount=amount, group=group, each=each):
            if each:
                for k in range(MAX_PLAYERS):  # the step going on after the player k seats round from the owner
                    steps[address + (k,)] = GoldMoveStep(amount, group, each, address, k)
            return GoldMoveStep(amount, group, each, address)
        case model.StoreOwnGold(amount=amount):
            for done in range(1, amount):  # the questions after the first, once ``done`` gold are stored
                steps[address + (done,)] = StoreStep(amount, address, done)
            return StoreStep(amount, address)
        case model.EachPlayer(chosen=True, group=model.PlayerGroup() as group, effect=inner, condition=condition):
            return PlayerStep(group, compile_test(condition, facts) if condition is not None else None,
                              _amount_of(inner, facts), _between(inner, _RESOURCE[inner.resource]))
        case (model.Gain() | model.Lose() | model.EachPlayer() | model.Discount() | model.StoreGold()
              | model.FillPurses() | model.DiscardWholeRow() | model.MoveMessenger() | model.NextDiscount()
              | model.GainPoints() | model.NextFromEitherRow() | model.StoreKeys() | model.DiscardDeckTop()
              | model.NextResolvesTwice() | model.ReturnToDeck()):
            return Auto(_compile_auto(effect, facts, slots), isinstance(effect, model.Discount),
                        isinstance(effect, (model.DiscardWholeRow, model.MoveMessenger, model.DiscardDeckTop,
                                            model.ReturnToDeck)))
        case _:
            assert_never(effect)


def _refused(effect: model.Effect) -> Run:
    """What an option of an owed choice that would ask a question does: it stops the game (the card language
    refuses such a card, so its ruleset was built with ``check=False``)."""
    def refused(work: Work, seat: int, index: int) -> None:
        raise RulesetError(f"an option of a choice owed by another player holds {effect.ccl()!r}, which asks a "
                           "question: the card language refuses such a card, so this ruleset was built with "
                           "check=False")

    return refused


def _owed_option(option: tuple[model.Effect, ...], facts: Sequence[CardFacts], slots: Slots | None) -> _Option:
    """One option of a choice owed by another player: its runs, and what it takes from "that player"."""
    runs: list[Run] = []
    costs: list[tuple[int, Amount]] = []
    for effect in option:
        if isinstance(effect, _AUTOMATIC) and not (isinstance(effect, model.EachPlayer) and effect.chosen) and not (
                isinstance(effect, model.DiscardWholeRow) and effect.which is model.RowChoice.CHOICE) and not (
                isinstance(effect, model.ReturnToDeck) and not effect.top):
            runs.append(_compile_auto(effect, facts, slots))
        else:
            runs.append(_refused(effect))
        if (isinstance(effect, model.EachPlayer) and effect.group is model.ThatPlayer.TAKER
                and isinstance(effect.effect, (model.Take, model.Lose))):
            costs.append((_RESOURCE[effect.effect.resource], _amount_of(effect.effect, facts)))
    return tuple(runs), tuple(costs)


def _no_keys(work: Work, seat: int, index: int) -> bool:
    """Whether the owner has no key to lock on a card (then optional effects that only lock keys are not asked)."""
    return work.keys[seat] == 0


def _messenger_stays(targets: tuple[int | None, ...]) -> Callable[[Work, int, int], bool]:
    """For optional effects that only move the messenger (``to`` each target, ``None``: the other location):
    whether none of the moves can happen now, each one's location being exhausted or the messenger's own
    (then nothing is asked: the rules page, "Move the messenger")."""
    def stays(work: Work, seat: int, index: int) -> bool:
        here = work.messenger
        return all(where == here or work.exhausted(where)
                   for where in ((1 - here if target is None else target) for target in targets))

    return stays


def _idle(inner: tuple[Step, ...], cost: int = 0) -> Callable[[Work, int, int], bool] | None:
    """For optional effects that are only swaps: whether none of them has two cards to swap now; for one that is
    only a face-down card turned face up for its cost: whether the owner can pay for none once the option's own
    ``cost`` in gold is paid ("you may pay 2 gold to turn ..., paying its cost"); else ``None``."""
    if len(inner) == 1 and isinstance(inner[0], RevealStep) and inner[0].paying is not None:
        reveal = inner[0]
        return lambda work, seat, index: not any(
            reveal.price(work, seat, work.tableaux[seat][i].card) <= work.gold[seat] - cost
            for i in reveal.candidates(work, seat, index))
    swaps = [step for step in inner if isinstance(step, SwapStep)]
    if not swaps or len(swaps) != len(inner):
        return None
    return lambda work, seat, index: not any(step.firsts(work, seat, index) for step in swaps)


_PARTS = {part: moment for moment, part in _PART_OF.items()}


def node_at(card: model.Card, address: Address) -> model.Effect:
    """The effect of ``card`` at ``address`` (as :func:`compile_ability` numbers them).

    The first number is the part of the card (when bought, when unlocked,
    a trigger), the second the effect's place in it; below a choice come
    an option and a place in it, below a conditional a 0 (its effect), below
    an optional effect or effects set aside until the end of the turn the
    place of one of its effects, below a repetition 0 and the place of one of
    its effects, or 1 and the passes done (the repetition itself).
    """
    part, index, *below = address
    node: model.Effect = card.abilities[_PARTS[part]][index]
    while below:
        match node:
            case model.Choice(options=options):
                option, place, *below = below
                node = options[option][place]
            case model.Conditional(effect=inner):
                below = below[1:]
                node = inner
            case model.MayDo(effects=effects) | model.EndOfThisTurn(effects=effects):
                place, *below = below
                node = effects[place]
            case model.Repeat(effects=effects):  # (0, place): one of its effects; (1, done): a later pass
                kind, *below = below
                if kind == 0:
                    place, *below = below
                    node = effects[place]
                else:
                    below = []
            case model.Swap() if len(below) == 1:  # the second question of a swap (the first card's index)
                below = []
            case model.PlayersChoose() if len(below) == 1:  # an owed choice going on after a player
                below = []
            case model.MoveGold(each=True) if len(below) == 1:  # a move from each player, after a player
                below = []
            case model.StoreOwnGold() if len(below) == 1:  # the gold after the first, once some are stored
                below = []
            case _:
                raise ValueError(f"{address} does not lead to an effect of {card.name}")
    return node


def _always(table: Tableaux, seat: int, index: int) -> bool:
    return True


def _opens(effects: Sequence[model.Effect], facts: Sequence[CardFacts]) -> Opens:
    """Whether a lock with these effects can be opened now.

    A lock whose ability only gains (gold or keys) can be opened only when it
    would gain at least 1; any other lock can always be opened, even when
    nothing would come of it (the rules page, "The lock"; this is one of the
    rulings kept in :mod:`castle_combo.engine.lock_rulings`).
    """
    gain_only = bool(effects) and all(isinstance(e, model.Gain) for e in effects)
    if not lock_rulings.GAIN_ONLY_LOCKS_NEED_A_GAIN or not gain_only:
        return _always
    gains = [_amount_of(e, facts) for e in effects if isinstance(e, model.Gain)]

    def would_gain(table: Tableaux, seat: int, index: int) -> bool:
        return any(amount(table, seat, index, None) > 0 for amount in gains)

    return would_gain


def compile_ability(card: model.Card, facts: Sequence[CardFacts], slots: Slots | None = None) -> Ability:
    """Compile ``card``'s abilities into addressed steps.

    ``slots`` places its discounts on filtered cards in a seat's discounts
    (the ruleset's table, :attr:`Compiled.discount_kinds`); without it, the
    card's own discounts on filtered cards take the places after the decks'.
    """
    if slots is None:
        slots = {kind: 2 + k for k, kind in enumerate(discount_kinds((card,)))}
    steps: dict[Address, Step] = {}
    # The gold a card piles up while in a row is no ability of a tableau: the turn puts it there
    # (``Compiled.row_gold``, ``Turn.put_row_gold``).
    parts = {moment: _compile_effects(effects, (_PART_OF[moment],), facts, steps, slots)
             for moment, effects in card.parts() if moment is not model.Moment.IN_ROW}
    takes = compile_filter(card.on_take, facts)
    if card.chosen:  # the chosen shield is named first when bought face up (its address: the part alone)
        steps[(BOUGHT,)] = NameShieldStep()
        parts[model.Moment.BOUGHT] = ((BOUGHT,), *parts.get(model.Moment.BOUGHT, ()))
    if model.Moment.TAKE in parts:  # the take trigger opens with its watch (its address: the part alone)
        steps[(TAKE,)] = WatchStep(takes)
        parts[model.Moment.TAKE] = ((TAKE,), *parts[model.Moment.TAKE])
    return Ability(
        parts.get(model.Moment.BOUGHT, ()), parts.get(model.Moment.UNLOCKED, ()), steps, _opens(card.unlocked, facts),
        parts.get(model.Moment.TURN_START, ()), parts.get(model.Moment.GAME_END, ()),
        parts.get(model.Moment.TURN_END, ()), parts.get(model.Moment.TAKE, ()), takes, card.taken_by,
        parts.get(model.Moment.KEY_SPEND, ()), card.spent_by, parts.get(model.Moment.MESSENGER, ()),
        None if card.moved_to is None else DECKS.index(card.moved_to), card.after_ability, card.moved_by_icon,
        _spent_for(card),
    )


#: A key's action as the triggers on key spends read it: 0 and 1 the refresh of that location's row (``DECKS``), and
#: this, the messenger's move.
KEY_MOVE = 2


def _spent_for(card: model.Card) -> tuple[int, ...] | None:
    """The key actions whose spends set off ``card``'s trigger on key spends (:attr:`Ability.spent_for`)."""
    if card.spent_for is None:
        return None
    if card.spent_for is model.KeyPurpose.MOVE:
        return (KEY_MOVE,)
    return tuple(range(len(DECKS))) if card.refreshed is None else (DECKS.index(card.refreshed),)
