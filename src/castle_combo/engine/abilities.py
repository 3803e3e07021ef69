"""Card abilities compiled into typed steps the engine runs in order.

An ability is a sequence of effects resolved in printed order (the rules
page, "Abilities"). Each effect becomes one *step*, stored under its
:data:`~castle_combo.engine.decisions.Address` (which part of the card, then the
place in it), so the engine can keep "what is left to do" in the game state
as plain integers and stop for a decision in the middle.

A step either does its work at once (:class:`Auto`), or may ask its owner a
question (:class:`ChoiceStep`, :class:`DiscardStep`, :class:`DiscardRowStep`,
:class:`CopyStep`): its ``run`` returns the :data:`~castle_combo.engine.decisions.Decision`
to ask, and its ``answer`` applies the answer. So a new kind of effect that asks
something is one new step class with those two methods, and the rules dispatch
to it without knowing what it is.

Steps act on a :class:`Work`: the engine's private scratch copy of the table
during one ``apply`` (:class:`castle_combo.engine.turn.Turn` implements it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Protocol, Union

import attrs

from castle_combo.engine import lock_rulings
from castle_combo.engine.actions import Action, Activate, Choose, Discard, DiscardRow
from castle_combo.engine.counting import (
    DECKS,
    CardFacts,
    OwnCountFn,
    Placed,
    ScoreFn,
    Tableaux,
    compile_condition,
    compile_own_count,
    compile_per,
)
from castle_combo.engine.decisions import Address, ChooseAdjacent, ChooseOption, ChooseRow, Decision, DiscardCard, Frame
from castle_combo.language import model

__all__ = [
    "Ability",
    "Auto",
    "ChoiceStep",
    "CopyStep",
    "DiscardRowStep",
    "DiscardStep",
    "IfStep",
    "OwnGains",
    "Step",
    "Work",
    "adjacent",
    "compile_ability",
    "compile_own_gains",
    "fill_order",
]

_GOLD, _KEY = 0, 1
_RESOURCE = {model.Resource.GOLD: _GOLD, model.Resource.KEY: _KEY}
#: The parts of a card's abilities, as the first number of an address.
BOUGHT, UNLOCKED, TURN_START, GAME_END = 0, 1, 2, 3


class Work(Tableaux, Protocol):
    """What a step reads and changes: the scratch table of one ``apply``.

    Besides what counts read (:class:`~castle_combo.engine.counting.Tableaux`), a step
    changes supplies, discounts, stored gold and the rows, and reads the stack
    of abilities being resolved (``frames``, the top one last).
    """

    @property
    def gold(self) -> list[int]: ...

    @property
    def discounts(self) -> list[tuple[int, int]]: ...

    @property
    def frames(self) -> list[Frame]: ...

    @property
    def facts(self) -> Sequence[CardFacts]: ...

    def gain(self, seat: int, resource: int, amount: int) -> None:
        """Give ``seat`` gold (resource 0) or keys (resource 1) from the supply."""

    def store(self, seat: int, index: int, gold: int) -> None:
        """Set the gold stored on ``seat``'s card at ``index``."""

    def row(self, deck: int) -> tuple[int, ...]:
        """The cards of a row now (0 castle, 1 village)."""

    def discard_from_row(self, deck: int, card: int) -> None:
        """Move ``card`` from a row to that location's discard pile (no refill)."""

    def discard_row(self, deck: int) -> tuple[int, ...]:
        """Discard a whole row and refill it at once; return the cards discarded."""

    def note_discarded(self, cards: tuple[int, ...]) -> None:
        """Remember ``cards`` as discarded by the ability being resolved (the top frame)."""

    def use_ability_of(self, seat: int, index: int) -> None:
        """Start resolving, on top of the stack, the ability of ``seat``'s card at ``index``, as a copy."""


#: What an automatic effect does: ``run(work, seat, index_of_this_card)``.
Run = Callable[[Work, int, int], None]


@attrs.frozen
class Auto:
    """An effect that needs no decision. ``discount`` marks a discount, which a copied ability skips."""

    do: Run
    discount: bool = False

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
        return ChooseOption(len(self.options))

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """Put the chosen option's effects first in the ability's queue."""
        assert isinstance(action, Choose)
        top = work.frames[-1]
        work.frames[-1] = Frame(top.card, top.index, self.options[action.option - 1] + top.queue, top.copied,
                                top.discarded)


@attrs.frozen
class DiscardStep:
    """Discard a card of the owner's choice from the ``deck`` row; gain its printed cost as ``reward``."""

    asks: ClassVar[type] = DiscardCard

    deck: int
    reward: int

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Ask which card, unless the row is empty (then nothing happens)."""
        return DiscardCard(self.deck) if work.row(self.deck) else None

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """Discard the chosen card and gain its printed cost."""
        assert isinstance(action, Discard)
        card = next(c for c in work.row(self.deck) if work.facts[c].name == action.card)
        work.discard_from_row(self.deck, card)
        work.note_discarded((card,))
        work.gain(seat, self.reward, work.facts[card].cost)


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
    """Use the ability of an adjacent face-up card whose ability is worth copying (the rules page)."""

    asks: ClassVar[type] = ChooseAdjacent

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Ask which adjacent card; nothing happens with no candidate, or inside a copied ability."""
        if frame.copied:
            return None
        cells = work.tableaux[seat]
        candidates = tuple(
            i for i in adjacent(cells, frame.index) if not cells[i].face_down and work.facts[cells[i].card].copyable
        )
        if len(candidates) == 1 and not lock_rulings.ASK_WITH_ONE_CANDIDATE:
            work.use_ability_of(seat, candidates[0])
            return None
        return ChooseAdjacent(candidates) if candidates else None

    def answer(self, work: Work, seat: int, action: Action) -> None:
        """Resolve the chosen card's ability next, as a copy."""
        assert isinstance(action, Activate)
        cells = work.tableaux[seat]
        top = work.frames[-1]
        facts = work.facts
        index = next(
            i for i in adjacent(cells, top.index) if not cells[i].face_down and facts[cells[i].card].name == action.card
        )
        work.use_ability_of(seat, index)


@attrs.frozen
class IfStep:
    """A conditional effect: when its condition holds now, its effect (at ``then``) is resolved next."""

    test: ScoreFn = attrs.field(eq=False)
    then: Address

    def run(self, work: Work, seat: int, frame: Frame) -> Decision | None:
        """Check the condition in the owner's tableau as it is now; never asks anything itself."""
        if self.test(work, seat, frame.index, (0, 0)):
            top = work.frames[-1]
            work.frames[-1] = Frame(top.card, top.index, (self.then,) + top.queue, top.copied, top.discarded)
        return None


Step = Union[Auto, ChoiceStep, DiscardStep, DiscardRowStep, CopyStep, IfStep]
#: Steps that ask a question and take its answer.
Asking = Union[ChoiceStep, DiscardStep, DiscardRowStep, CopyStep]
#: Whether a lock card's lock can be opened now: ``opens(table, seat, index_of_the_card)``.
Opens = Callable[[Tableaux, int, int], bool]


@attrs.frozen
class Ability:
    """A card's compiled abilities.

    ``bought`` and ``unlocked`` are the top-level effect addresses of the
    ability when bought and behind the lock; ``copied`` what another card
    resolves when it uses this one's ability (both parts, in order; the
    engine skips discounts and copies in a copy). ``each_turn`` and
    ``game_end`` are the triggers' effects (never copied). ``steps`` holds every step
    by address. ``opens`` says whether a lock can be opened now (see
    :func:`compile_ability`).
    """

    bought: tuple[Address, ...]
    unlocked: tuple[Address, ...]
    steps: dict[Address, Step] = attrs.field(eq=False)
    opens: Opens = attrs.field(eq=False)
    each_turn: tuple[Address, ...] = ()
    game_end: tuple[Address, ...] = ()

    @property
    def copied(self) -> tuple[Address, ...]:
        """The addresses a copy resolves: the ability when bought, then the one behind the lock."""
        return self.bought + self.unlocked


def fill_order(tableau: Sequence[Placed], facts: Sequence[CardFacts]) -> list[int]:
    """Indices of the face-up purse cards of ``tableau`` in reading order (top row first, left to right)."""
    purses = [i for i, c in enumerate(tableau) if not c.face_down and facts[c.card].purse is not None]
    if len(purses) > 1:
        purses.sort(key=lambda i: (tableau[i].y, tableau[i].x))
    return purses


def _discounts(effect: model.Discount) -> tuple[int, int]:
    """The castle and village discounts that ``effect`` gives."""
    castle = effect.amount if model.Deck.CASTLE in effect.decks else 0
    village = effect.amount if model.Deck.VILLAGE in effect.decks else 0
    return castle, village


def _compile_auto(effect: model.Effect, facts: Sequence[CardFacts]) -> Run:
    if isinstance(effect, model.Gain):
        amount, resource = effect.amount, _RESOURCE[effect.resource]
        if effect.per is None:
            return lambda work, seat, index: work.gain(seat, resource, amount)
        per = compile_per(effect.per, facts)
        return lambda work, seat, index: work.gain(seat, resource, amount * per(work, seat, index))
    if isinstance(effect, model.TakeFromOpponents):
        amount, resource = effect.amount, _RESOURCE[effect.resource]

        def take_from_opponents(work: Work, seat: int, index: int) -> None:
            supply = work.gold if resource == _GOLD else work.keys
            for other in range(len(work.keys)):
                if other != seat:
                    taken = min(amount, supply[other])
                    work.gain(other, resource, -taken)
                    work.gain(seat, resource, taken)

        return take_from_opponents
    if isinstance(effect, model.OpponentsGain):
        amount, resource = effect.amount, _RESOURCE[effect.resource]

        def opponents_gain(work: Work, seat: int, index: int) -> None:
            for other in range(len(work.keys)):
                if other != seat:
                    work.gain(other, resource, amount)

        return opponents_gain
    if isinstance(effect, model.Discount):
        castle, village = _discounts(effect)

        def discount(work: Work, seat: int, index: int) -> None:
            c, v = work.discounts[seat]
            work.discounts[seat] = (c + castle, v + village)

        return discount
    if isinstance(effect, model.StoreGold):
        amount = effect.amount

        def store_gold(work: Work, seat: int, index: int) -> None:
            for i in fill_order(work.tableaux[seat], facts):
                cell = work.tableaux[seat][i]
                capacity = facts[cell.card].purse or 0
                work.store(seat, i, min(capacity, cell.gold + amount))

        return store_gold
    if isinstance(effect, model.FillPurses):
        count = effect.purses

        def fill_purses(work: Work, seat: int, index: int) -> None:
            order = fill_order(work.tableaux[seat], facts)
            cells = work.tableaux[seat]
            # Most free space first; Python's sort is stable, so ties keep reading order.
            order.sort(key=lambda i: -((facts[cells[i].card].purse or 0) - cells[i].gold))
            for i in order[:count]:
                work.store(seat, i, facts[cells[i].card].purse or 0)

        return fill_purses
    raise TypeError(f"the engine cannot run the effect {effect!r}")


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
    counted: list[tuple[int, int, OwnCountFn]] = []
    for effect in card.ability:
        if isinstance(effect, model.Gain):
            resource = _RESOURCE[effect.resource]
            if effect.per is None:
                flat[resource] += effect.amount
                continue
            count = compile_own_count(effect.per, facts)
            if count is None:
                return None
            counted.append((resource, effect.amount, count))
        elif isinstance(effect, model.Discount):
            castle, village = _discounts(effect)
            flat[2] += castle
            flat[3] += village
        else:
            return None
    base = (flat[0], flat[1], flat[2], flat[3])
    if not counted:
        return lambda cells, shields, banners, index: base

    def gains(cells: Sequence[Placed], shields: Sequence[int], banners: Sequence[int],
              index: int) -> tuple[int, int, int, int]:
        gold, keys, castle, village = base
        for resource, amount, count in counted:
            if resource == _GOLD:
                gold += amount * count(cells, shields, banners, index)
            else:
                keys += amount * count(cells, shields, banners, index)
        return gold, keys, castle, village

    return gains


def _compile_effects(
    effects: Sequence[model.Effect],
    prefix: Address,
    facts: Sequence[CardFacts],
    steps: dict[Address, Step],
) -> tuple[Address, ...]:
    addresses = []
    for i, effect in enumerate(effects):
        address = prefix + (i,)
        addresses.append(address)
        if isinstance(effect, model.Choice):
            options = tuple(
                _compile_effects(option, address + (k,), facts, steps) for k, option in enumerate(effect.options)
            )
            steps[address] = ChoiceStep(options)
        elif isinstance(effect, model.DiscardFromRow):
            steps[address] = DiscardStep(DECKS.index(effect.deck), _RESOURCE[effect.reward])
        elif isinstance(effect, model.DiscardWholeRow):
            steps[address] = DiscardRowStep()
        elif isinstance(effect, model.UseAdjacentAbility):
            steps[address] = CopyStep()
        elif isinstance(effect, model.Conditional):
            (then,) = _compile_effects((effect.effect,), address, facts, steps)
            steps[address] = IfStep(compile_condition(effect.condition, facts), then)
        else:
            steps[address] = Auto(_compile_auto(effect, facts), isinstance(effect, model.Discount))
    return tuple(addresses)


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
    gains: list[tuple[int, Callable[[Tableaux, int, int], int] | None]] = [
        (e.amount, None if e.per is None else compile_per(e.per, facts)) for e in effects if isinstance(e, model.Gain)
    ]

    def would_gain(table: Tableaux, seat: int, index: int) -> bool:
        return any(amount * (1 if per is None else per(table, seat, index)) > 0 for amount, per in gains)

    return would_gain


def compile_ability(card: model.Card, facts: Sequence[CardFacts]) -> Ability:
    """Compile ``card``'s abilities into addressed steps."""
    steps: dict[Address, Step] = {}
    bought = _compile_effects(card.ability, (BOUGHT,), facts, steps)
    unlocked = _compile_effects(card.unlocked, (UNLOCKED,), facts, steps)
    each_turn = _compile_effects(card.each_turn, (TURN_START,), facts, steps)
    game_end = _compile_effects(card.game_end, (GAME_END,), facts, steps)
    return Ability(bought, unlocked, steps, _opens(card.unlocked, facts), each_turn, game_end)
