"""Every invariant of a game state, checked: what a loaded save must satisfy before the engine plays on.

A state built by the engine satisfies these by construction. A state read
from JSON (:func:`castle_combo.loads`) may have been edited by hand or
damaged, and the engine relies on them (a card in two places, a key on a
face-down card or an 11-card tableau would make it misbehave or crash
later). :func:`check_state` refuses such a state with a
:class:`~castle_combo.errors.RecordError` naming the JSON path at fault:

* the table: 2 to 5 seats, the current and first players and the viewer are seats;
* every card of the ruleset exactly once (decks, rows, discard piles, removed
  cards, tableaux), each location holding only its own deck's cards, rows of
  at most 3 cards, an exhausted location empty, the messenger not at an
  exhausted location while the other is not;
* each seat: gold and keys not negative, at most 9 cards placed the way the
  placement rule allows (first at (0, 0), each next to an earlier one, all
  within a 3x3 box), gold stored only on face-up purse cards and within
  their capacity, a key only on a face-up lock card;
* the turn: the cards taken match the tableaux (seat by seat, from the first
  player) and whose turn it is; a decision owed exactly in the phases that
  owe one, fitting the abilities it names;
* a seat's view has no seed, origin or scripted reshuffle, and its decks in
  the canonical (sorted) order.
"""

from __future__ import annotations

from castle_combo.engine.counting import DECKS
from castle_combo.engine.decisions import Decision, OpenLockOrPass, Pending, Resume
from castle_combo.engine.rules import openable_locks
from castle_combo.engine.table import Phase, Table
from castle_combo.engine.turn import Turn
from castle_combo.errors import RecordError
from castle_combo.facts import CARDS_PER_PLAYER, GRID, MAX_PLAYERS, MIN_PLAYERS, ROW_SIZE

__all__ = ["check_state"]

def _fail(path: str, message: str) -> RecordError:
    return RecordError(f"{path}: {message}")


def check_state(state: Table) -> None:
    """Raise :class:`RecordError` naming the first invariant ``state`` breaks (see the module docstring)."""
    _check_seats(state)
    _check_cards(state)
    for seat in range(len(state.players)):
        _check_player(state, seat)
    _check_turn(state)
    if state.pending is not None:
        _check_pending(state, state.pending)
    if state.viewer is not None:
        _check_view(state)


def _check_seats(state: Table) -> None:
    n = len(state.players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise _fail("$.players", f"expected {MIN_PLAYERS} to {MAX_PLAYERS} players, got {n}")
    for key, seat in (("current_player", state.current_player), ("first_player", state.first_player)):
        if not 0 <= seat < n:
            raise _fail(f"$.{key}", f"expected a seat from 0 to {n - 1}, got {seat}")
    if state.viewer is not None and not 0 <= state.viewer < n:
        raise _fail("$.viewer", f"expected a seat from 0 to {n - 1}, got {state.viewer}")


def _check_cards(state: Table) -> None:
    """Every card exactly once, each location with its own deck's cards, rows and exhaustion sane."""
    engine = state.engine
    where: dict[int, str] = {}

    def see(card: int, path: str) -> None:
        if card in where:
            raise _fail(path, f"{engine.name(card)} is also at {where[card]}; every card exists once")
        where[card] = path

    for i, loc in enumerate(state.locations):
        name = DECKS[i].value
        for part in ("deck", "row", "discard", "removed"):
            for k, card in enumerate(getattr(loc, part)):
                path = f"$.locations.{name}.{part}[{k}]"
                see(card, path)
                if engine.facts[card].deck != i:
                    raise _fail(path, f"{engine.name(card)} is not a {name} card (it is a "
                                      f"{DECKS[engine.facts[card].deck].value} card)")
        if len(loc.row) > ROW_SIZE:
            raise _fail(f"$.locations.{name}.row", f"a row holds at most {ROW_SIZE} cards, not {len(loc.row)}")
        if loc.exhausted and (loc.deck or loc.row or loc.discard):
            raise _fail(f"$.locations.{name}", "an exhausted location has no deck, row or discard pile left")
        if loc.removed and not loc.exhausted:
            raise _fail(f"$.locations.{name}.removed", "cards are removed from the game only when it is exhausted")
    for seat, player in enumerate(state.players):
        for k, cell in enumerate(player.tableau):
            see(cell.card, f"$.players[{seat}].tableau[{k}].card")
    missing = [engine.name(c) for c in range(len(engine.facts)) if c not in where]
    if missing:
        raise _fail("$.locations", f"cards missing from the state: {', '.join(missing[:10])}")
    here = 0 if state.messenger is DECKS[0] else 1
    if state.locations[here].exhausted and not state.locations[1 - here].exhausted:
        raise _fail("$.messenger", f"the messenger cannot stand at the exhausted {DECKS[here].value}")


def _check_player(state: Table, seat: int) -> None:
    """A seat's supply, and a tableau the placement rule could have built."""
    engine = state.engine
    player = state.players[seat]
    path = f"$.players[{seat}]"
    for field in ("gold", "keys"):
        if getattr(player, field) < 0:
            raise _fail(f"{path}.{field}", f"cannot be negative, got {getattr(player, field)}")
    if min(player.discounts) < 0:
        raise _fail(f"{path}.discounts", f"cannot be negative, got {list(player.discounts)}")
    cells = player.tableau
    if len(cells) > CARDS_PER_PLAYER:
        raise _fail(f"{path}.tableau", f"a tableau holds at most {CARDS_PER_PLAYER} cards, not {len(cells)}")
    placed: list[tuple[int, int]] = []
    for k, cell in enumerate(cells):
        where = f"{path}.tableau[{k}]"
        at = (cell.x, cell.y)
        if not placed and at != (0, 0):
            raise _fail(where, f"the first card of a tableau is at [0, 0], not [{cell.x}, {cell.y}]")
        if placed:
            if at in placed:
                raise _fail(where, f"two cards at [{cell.x}, {cell.y}]")
            if not any(abs(cell.x - x) + abs(cell.y - y) == 1 for x, y in placed):
                raise _fail(where, f"[{cell.x}, {cell.y}] is next to no card placed before it")
            xs, ys = [x for x, _ in placed] + [cell.x], [y for _, y in placed] + [cell.y]
            if max(xs) - min(xs) >= GRID or max(ys) - min(ys) >= GRID:
                raise _fail(where, f"[{cell.x}, {cell.y}] takes the tableau beyond {GRID} columns or rows")
        placed.append(at)
        facts = engine.facts[cell.card]
        if cell.gold < 0 or (cell.gold and (cell.face_down or facts.purse is None or cell.gold > facts.purse)):
            raise _fail(f"{where}.gold", f"{cell.gold} gold cannot be stored on this card (only on a face-up "
                                         "purse card, up to its capacity)")
        if cell.key and (cell.face_down or not facts.lock):
            raise _fail(f"{where}.key", "a key waits only on a face-up lock card")


def _check_turn(state: Table) -> None:
    """The cards taken match the tableaux, seat by seat from the first player, and whose turn it is."""
    n = len(state.players)
    taken = state.taken
    placed = sum(len(p.tableau) for p in state.players)
    if taken != placed:
        raise _fail("$.taken", f"{taken} cards taken, but the tableaux hold {placed}")
    if not 0 <= taken <= CARDS_PER_PLAYER * n:
        raise _fail("$.taken", f"expected 0 to {CARDS_PER_PLAYER * n} cards taken, got {taken}")
    for seat, player in enumerate(state.players):
        turns = sum(1 for k in range(taken) if (state.first_player + k) % n == seat)
        if len(player.tableau) != turns:
            raise _fail(f"$.players[{seat}].tableau", f"seat {seat} took {turns} of the {taken} cards taken, "
                                                      f"not {len(player.tableau)}")
    card_taken = state.pending is not None and state.pending.resume in (Resume.TAKEN, Resume.END)
    expected = (state.first_player + taken - (1 if card_taken else 0)) % n
    if state.current_player != expected:
        raise _fail("$.current_player", f"after {taken} cards taken from seat {state.first_player} on, it is "
                                        f"seat {expected}'s turn, not seat {state.current_player}'s")
    owes = state.phase in (Phase.DECIDE, Phase.END)
    if (state.pending is not None) != owes:
        raise _fail("$.pending", "a pending decision goes with phase \"decide\" or \"end\", and only with them")
    if taken == CARDS_PER_PLAYER * n and not card_taken and (state.phase is not Phase.START or state.pending):
        raise _fail("$.phase", "once every card is taken, the game is over: phase \"start\" and no decision")


def _check_pending(state: Table, pending: Pending) -> None:
    """A decision that fits the abilities it names and the current player's tableau."""
    engine = state.engine
    cells = state.players[state.current_player].tableau
    end = isinstance(pending.decision, OpenLockOrPass)
    if end != (state.phase is Phase.END):
        raise _fail("$.pending.decision", "the decision to open a lock or pass goes with phase \"end\" only")
    if end and (pending.frames or pending.step or pending.resume is not Resume.END):
        raise _fail("$.pending", "the decision to open a lock or pass has no ability waiting (no frames, no step)")
    if not end and not pending.frames:
        raise _fail("$.pending.frames", "a decision of an ability needs the ability waiting on it")
    for k, frame in enumerate(pending.frames):
        where = f"$.pending.frames[{k}]"
        if not 0 <= frame.index < len(cells) or cells[frame.index].card != frame.card:
            raise _fail(f"{where}.index", f"{engine.name(frame.card)} is not at that place in the current tableau")
        steps = engine.abilities[frame.card].steps
        if any(a not in steps for a in frame.queue):
            raise _fail(f"{where}.queue", f"does not match {engine.name(frame.card)}'s ability")
    asked = _asked_again(state, pending)
    if asked != pending.decision:
        again = "no question" if asked is None else f"{asked.to_json()}"
        raise _fail("$.pending.decision", f"{pending.decision.to_json()} is not the question this position asks "
                                          f"({again})")


def _asked_again(state: Table, pending: Pending) -> Decision | None:
    """The decision the game itself would owe here: the waiting step asked again, or the end-of-turn question.

    A saved decision is never trusted: it must be exactly what the ability's
    step (or the end of the turn) asks of this very position, so an edited
    number of options, a wrong card index or an unknown row is refused.
    """
    seat = state.current_player
    if not pending.frames:
        cells = state.players[seat].tableau
        locks = openable_locks(state, seat, taken_now=len(cells) - 1) if cells else ()
        return OpenLockOrPass(locks) if locks and not state.opened_lock else None
    top = pending.frames[-1]
    step = state.engine.abilities[top.card].steps.get(pending.step)
    if step is None or not hasattr(step, "asks"):
        raise _fail("$.pending.step", f"is not a step of {state.engine.name(top.card)}'s ability asking a decision")
    turn = Turn(state)
    asked: Decision | None = step.run(turn, seat, turn.frames[-1])
    return asked


def _check_view(state: Table) -> None:
    if state.origin is not None or state.script or state.rng != 0:
        raise _fail("$.viewer", "a seat's view holds no seed, origin or scripted reshuffle (they reveal the decks)")
    for i, loc in enumerate(state.locations):
        if list(loc.deck) != sorted(loc.deck):
            raise _fail(f"$.locations.{DECKS[i].value}.deck", "a seat's view keeps a deck in canonical order")
