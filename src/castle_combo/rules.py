"""The rules of play: which actions are legal, and what each one does.

A turn (RULINGS.md, "A turn") is explicit in the state's :class:`~castle_combo.state.Phase`:

1. ``START``: the current player may spend a key (move the messenger, or
   refresh the messenger's row), or take a card at once;
2. ``TAKE``: a key was spent, a card must now be taken;
3. ``DECIDE``: the taken card's ability needs the player's decision (choose
   an option, or which card to discard from a row); the ability continues
   after it;
4. then the automatic steps run inside the same ``apply``: the messenger
   icon, refilling both rows (reshuffling a discard pile into an empty deck,
   exhausting a location that cannot be refilled), the next player, and the
   end of the game after 9 cards each.

:func:`apply` copies what it changes into a private scratch (:class:`_Turn`),
runs the rules on it and freezes a new :class:`~castle_combo.state.GameState`.
"""

from __future__ import annotations

import random
from collections import Counter

from castle_combo.abilities import Address, Work
from castle_combo.actions import Action, Choose, Discard, KeyUse, Take, UseKey
from castle_combo.counting import DECKS, Placed
from castle_combo.errors import IllegalAction, RecordError
from castle_combo.placement import spots as placement_spots
from castle_combo.state import (
    CARDS_PER_PLAYER,
    Decision,
    DecisionKind,
    GameState,
    Location,
    Phase,
    PlayerState,
    Reshuffle,
)

__all__ = ["FACE_DOWN_GOLD", "FACE_DOWN_KEYS", "ROW_SIZE", "apply", "legal_actions"]

#: Cards in a full row.
ROW_SIZE = 3
#: What taking a card face down pays at once.
FACE_DOWN_GOLD = 6
FACE_DOWN_KEYS = 2

_MOVE = UseKey(KeyUse.MOVE)
_REFRESH = UseKey(KeyUse.REFRESH)
_CHOICES = tuple(tuple(Choose(k) for k in range(1, n + 1)) for n in range(10))


def _place_name(i: int) -> str:
    return DECKS[i].value


# ---------------------------------------------------------------- legal actions


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action of ``state`` in the documented order (see :meth:`GameState.legal_actions`)."""
    engine = state.engine
    pending = state.pending
    if pending is not None:
        if pending.kind is DecisionKind.CHOOSE:
            n = pending.options
            return _CHOICES[n] if n < len(_CHOICES) else tuple(Choose(k) for k in range(1, n + 1))
        return tuple(engine.discard(c) for c in state.locations[pending.deck].row)
    if state.is_over:
        return ()
    player = state.players[state.current_player]
    here = 0 if state.messenger is DECKS[0] else 1
    actions: list[Action] = []
    if state.phase is Phase.START and player.keys > 0:
        if not state.locations[1 - here].exhausted:
            actions.append(_MOVE)
        actions.append(_REFRESH)
    spots = player.spots
    facts = engine.facts
    placements = engine.placements
    gold = player.gold
    discounts = player.discounts
    for card in state.locations[here].row:
        f = facts[card]
        if f.cost - discounts[f.deck] <= gold:
            face_up = placements(card, False)
            actions.extend([face_up[at] for at in spots])
        face_down = placements(card, True)
        actions.extend([face_down[at] for at in spots])
    return tuple(actions)


# ------------------------------------------------------------------- the scratch


class _Turn:
    """Mutable scratch for one ``apply``: the parts of the table that may change."""

    __slots__ = ("engine", "locations", "messenger", "reshuffles", "rng", "script", "state", "work")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.engine = state.engine
        players = state.players
        self.work = Work(
            [p.tableau for p in players],
            [p.keys for p in players],
            [p.gold for p in players],
            [p.discounts for p in players],
            [p.shields for p in players],
            [p.banners for p in players],
        )
        self.locations = list(state.locations)
        self.messenger = 0 if state.messenger is DECKS[0] else 1
        self.rng = state.rng
        self.script = state.script
        self.reshuffles: list[Reshuffle] = []

    # -- placing and paying -------------------------------------------------
    def place(self, seat: int, card: int, x: int, y: int, face_down: bool) -> int:
        """Put ``card`` in ``seat``'s tableau; return its index there."""
        tableau = self.work.tableaux[seat]
        self.work.tableaux[seat] = tableau + (Placed(card, x, y, face_down),)
        if not face_down:
            f = self.engine.facts[card]
            work = self.work
            work.shields[seat] = tuple(a + b for a, b in zip(work.shields[seat], f.shields, strict=True))
            banners = list(work.banners[seat])
            banners[f.deck] += 1
            work.banners[seat] = (banners[0], banners[1])
        return len(tableau)

    # -- revealing -----------------------------------------------------------
    def reshuffle(self, i: int, pile: tuple[int, ...]) -> list[int]:
        """Shuffle location ``i``'s discard pile into a new deck (the record's order if it gives one)."""
        generator = random.Random(self.rng)
        order = list(pile)
        generator.shuffle(order)
        self.rng = generator.getrandbits(64)
        for k, scripted in enumerate(self.script):
            if scripted.deck == i:
                if Counter(scripted.order) != Counter(pile):
                    where = f"$.reshuffles[{scripted.index}].order"
                    names = ", ".join(sorted(self.engine.name(c) for c in pile))
                    raise RecordError(
                        f"{where}: the {_place_name(i)} discard pile being reshuffled holds exactly "
                        f"[{names}]; list each of those cards once, top of the new deck first"
                    )
                order = list(scripted.order)
                self.script = self.script[:k] + self.script[k + 1 :]
                break
        self.reshuffles.append(Reshuffle(i, tuple(order)))
        return order

    def refill(self, i: int) -> None:
        """Bring location ``i``'s row back to 3 cards, or exhaust the location (RULINGS.md)."""
        loc = self.locations[i]
        if loc.exhausted or len(loc.row) >= ROW_SIZE:
            return
        deck = list(loc.deck)
        row = list(loc.row)
        discard = loc.discard
        while len(row) < ROW_SIZE:
            if not deck:
                if not discard:
                    break
                deck = self.reshuffle(i, discard)
                discard = ()
            row.append(deck.pop(0))
        if len(row) < ROW_SIZE:
            self.locations[i] = Location((), (), (), loc.removed + tuple(row), True)
            other = 1 - i
            if not self.locations[other].exhausted:
                self.messenger = other
        else:
            self.locations[i] = Location(tuple(deck), tuple(row), discard, loc.removed, False)

    # -- abilities -------------------------------------------------------------
    def resolve(self, seat: int, card: int, index: int, queue: tuple[Address, ...]) -> Decision | None:
        """Run the effects at ``queue`` in order; stop at the first that needs a decision."""
        steps = self.engine.abilities[card].steps
        work = self.work
        for n, address in enumerate(queue):
            step = steps[address]
            if step.kind == "auto":
                step.run(work, seat, index)  # type: ignore[misc]
            elif step.kind == "choose":
                if step.options:
                    rest = queue[n + 1 :]
                    return Decision(DecisionKind.CHOOSE, card, index, address, rest, options=len(step.options))
            elif self.locations[step.deck].row:
                return Decision(DecisionKind.DISCARD, card, index, address, queue[n + 1 :], deck=step.deck)
        return None

    # -- the end of a turn -----------------------------------------------------
    def end_turn(self, card: int, face_up: bool) -> None:
        """Messenger icon, then refill both rows (castle first)."""
        f = self.engine.facts[card]
        if face_up and f.messenger:
            other = 1 - f.deck
            if not self.locations[other].exhausted:
                self.messenger = other
        self.refill(0)
        self.refill(1)

    def freeze(self, *, current: int, taken: int, phase: Phase, pending: Decision | None, action: Action) -> GameState:
        """The new immutable state."""
        old = self.state
        work = self.work
        players = []
        for seat, p in enumerate(old.players):
            tableau = work.tableaux[seat]
            if (
                p.gold == work.gold[seat]
                and p.keys == work.keys[seat]
                and p.tableau is tableau
                and p.discounts is work.discounts[seat]
            ):
                players.append(p)
                continue
            spots = p.spots if p.tableau is tableau or len(tableau) == len(p.tableau) else _spots_of(tableau)
            players.append(
                PlayerState(
                    work.gold[seat],
                    work.keys[seat],
                    tableau,
                    work.discounts[seat],
                    work.shields[seat],
                    work.banners[seat],
                    spots,
                )
            )
        origin = old.origin
        if self.reshuffles and origin is not None:
            origin = type(origin)(origin.seed, origin.decks, origin.reshuffles + tuple(self.reshuffles))
        return GameState(
            old.rules,
            tuple(players),
            current,
            old.first_player,
            taken,
            phase,
            DECKS[self.messenger],
            (self.locations[0], self.locations[1]),
            pending,
            old.history + (action,),
            self.rng,
            origin,
            self.script,
            old.viewer,
            engine=self.engine,
        )


def _spots_of(tableau: tuple[Placed, ...]) -> tuple[tuple[int, int], ...]:
    if len(tableau) >= CARDS_PER_PLAYER:
        return ()
    return placement_spots((c.x, c.y) for c in tableau)


# ------------------------------------------------------------------------ apply


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action`` (see the module docstring); ``state`` is never changed."""
    if state.viewer is not None:
        raise IllegalAction(
            f"this is seat {state.viewer}'s view: the deck order is hidden, so cards cannot be revealed; "
            "call determinize(rng) for a full state to play on"
        )
    kind = type(action)
    if state.pending is not None:
        if kind is Choose:
            return _choose(state, action)  # type: ignore[arg-type]
        if kind is Discard:
            return _discard(state, action)  # type: ignore[arg-type]
        raise IllegalAction(f"{action} is not possible now: first {_owed(state)}")
    if state.is_over:
        raise IllegalAction(f"{action} is not possible: the game is over")
    if kind is Take:
        return _take(state, action)  # type: ignore[arg-type]
    if kind is UseKey:
        return _use_key(state, action)  # type: ignore[arg-type]
    if kind in (Choose, Discard):
        raise IllegalAction(f"{action} is not possible: no ability is waiting for a decision")
    raise IllegalAction(f"{action!r} is not an action (expected UseKey, Take, Choose or Discard)")


def _owed(state: GameState) -> str:
    pending = state.pending
    assert pending is not None
    name = state.engine.name(pending.card)
    if pending.kind is DecisionKind.CHOOSE:
        return f"choose an option (1 to {pending.options}) for {name}"
    row = ", ".join(state.engine.name(c) for c in state.locations[pending.deck].row)
    return f"discard a card from the {_place_name(pending.deck)} row for {name} ({row})"


def _use_key(state: GameState, action: UseKey) -> GameState:
    seat = state.current_player
    if state.phase is not Phase.START:
        raise IllegalAction("only one key may be spent per turn; take a card now")
    if state.players[seat].keys < 1:
        raise IllegalAction(f"seat {seat} has no key to spend")
    turn = _Turn(state)
    here = turn.messenger
    if action.use is KeyUse.MOVE:
        if turn.locations[1 - here].exhausted:
            raise IllegalAction(
                f"the {_place_name(1 - here)} is exhausted: the messenger can no longer move there"
            )
        turn.messenger = 1 - here
    else:
        loc = turn.locations[here]
        turn.locations[here] = Location(loc.deck, (), loc.discard + loc.row, loc.removed, loc.exhausted)
        turn.refill(here)
    turn.work.keys[seat] -= 1
    return turn.freeze(current=seat, taken=state.taken, phase=Phase.TAKE, pending=None, action=action)


def _take(state: GameState, action: Take) -> GameState:
    engine = state.engine
    seat = state.current_player
    player = state.players[seat]
    here = 0 if state.messenger is DECKS[0] else 1
    loc = state.locations[here]
    card = engine.ids.get(action.card)
    if card is None or card not in loc.row:
        row = ", ".join(engine.name(c) for c in loc.row)
        raise IllegalAction(
            f"{action.card} is not in the {_place_name(here)} row, where the messenger is; "
            f"you may take {row}"
        )
    at = action.at
    if at not in player.spots:
        legal = " ".join(f"[{x}, {y}]" for x, y in player.spots)
        raise IllegalAction(f"[{at[0]}, {at[1]}] is not a legal position for your next card; legal: {legal}")
    f = engine.facts[card]
    turn = _Turn(state)
    work = turn.work
    if action.face_down:
        work.gold[seat] += FACE_DOWN_GOLD
        work.keys[seat] += FACE_DOWN_KEYS
    else:
        cost = max(0, f.cost - player.discounts[f.deck])
        if cost > player.gold:
            raise IllegalAction(f"{f.name} costs {cost} after discounts, you have {player.gold} gold")
        work.gold[seat] -= cost
    rest_of_row = tuple(c for c in loc.row if c != card)
    turn.locations[here] = Location(loc.deck, rest_of_row, loc.discard, loc.removed, loc.exhausted)
    index = turn.place(seat, card, at[0], at[1], action.face_down)
    taken = state.taken + 1
    if not action.face_down:
        pending = turn.resolve(seat, card, index, engine.abilities[card].top)
        if pending is not None:
            return turn.freeze(current=seat, taken=taken, phase=Phase.DECIDE, pending=pending, action=action)
    turn.end_turn(card, not action.face_down)
    return turn.freeze(
        current=(seat + 1) % len(state.players), taken=taken, phase=Phase.START, pending=None, action=action
    )


def _continue(state: GameState, turn: _Turn, queue: tuple[Address, ...], action: Action) -> GameState:
    pending = state.pending
    assert pending is not None
    seat = state.current_player
    decision = turn.resolve(seat, pending.card, pending.index, queue)
    if decision is not None:
        return turn.freeze(current=seat, taken=state.taken, phase=Phase.DECIDE, pending=decision, action=action)
    turn.end_turn(pending.card, True)
    return turn.freeze(
        current=(seat + 1) % len(state.players), taken=state.taken, phase=Phase.START, pending=None, action=action
    )


def _choose(state: GameState, action: Choose) -> GameState:
    pending = state.pending
    assert pending is not None
    if pending.kind is not DecisionKind.CHOOSE:
        raise IllegalAction(f"{action} is not possible now: first {_owed(state)}")
    if not 1 <= action.option <= pending.options:
        raise IllegalAction(
            f"{state.engine.name(pending.card)} has options 1 to {pending.options}; there is no option {action.option}"
        )
    step = state.engine.abilities[pending.card].steps[pending.address]
    turn = _Turn(state)
    return _continue(state, turn, step.options[action.option - 1] + pending.rest, action)


def _discard(state: GameState, action: Discard) -> GameState:
    pending = state.pending
    assert pending is not None
    if pending.kind is not DecisionKind.DISCARD:
        raise IllegalAction(f"{action} is not possible now: first {_owed(state)}")
    engine = state.engine
    loc = state.locations[pending.deck]
    card = engine.ids.get(action.card)
    if card is None or card not in loc.row:
        row = ", ".join(engine.name(c) for c in loc.row)
        raise IllegalAction(f"{action.card} is not in the {_place_name(pending.deck)} row; you may discard {row}")
    step = engine.abilities[pending.card].steps[pending.address]
    turn = _Turn(state)
    turn.locations[pending.deck] = Location(
        loc.deck, tuple(c for c in loc.row if c != card), loc.discard + (card,), loc.removed, loc.exhausted
    )
    turn.work.gain(state.current_player, step.reward, engine.facts[card].cost)
    return _continue(state, turn, pending.rest, action)
