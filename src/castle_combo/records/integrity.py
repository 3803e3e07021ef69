"""Every invariant of a game state, checked: what a loaded save must satisfy before the engine plays on.

A state built by the engine satisfies these by construction. A state read
from JSON (:func:`castle_combo.loads`) may have been edited by hand or
damaged, and the engine relies on them (a card in two places, a key on a
face-down card or an 11-card tableau would make it misbehave or crash
later). :func:`check_state` refuses such a state with a
:class:`~castle_combo.errors.RecordError` naming the JSON path at fault:

* the table: 2 to 5 seats, the current and first players and the viewer are seats;
* every card of the ruleset exactly once (decks, rows, discard piles, removed
  cards, tableaux, reserved cards), each location holding only its own deck's cards, rows of
  at most 3 cards, an exhausted location empty, the messenger not at an
  exhausted location while the other is not;
* each seat: gold and keys not negative, at most 9 cards placed the way the
  placement rule allows (first at (0, 0), each next to an earlier one, all
  within a 3x3 box; in a ruleset with a card that swaps cards of a tableau,
  whose places need not follow the order taken, the places are ones the rule
  could have filled in some order), gold stored only on face-up purse cards
  and within their capacity, a key only on a face-up lock card, points and locked keys only on a face-up card
  whose abilities (or one it uses) can put them there, a shield type named only for a face-up card with a
  chosen shield, and the next card from either row only in a ruleset
  with a card that allows it; one reserved card at most, only in a ruleset with a card that reserves, and none
  once the game is over (it is discarded then);
* the reserves as they stood when the last turn ended (``reserved_at_end``, read by scoring rules): only once
  it has ended, one list per seat, one card at most each, each now in its location's discard pile (or removed
  from the game with an exhausted location), only in a ruleset with a card that reserves;
* gold in a row only on a card there that piles it up, and at most its amount per card taken (each ended
  turn puts it once; before any turn has ended there is none);
* the turn: the cards taken match the tableaux (seat by seat, from the first
  player) and whose turn it is; a decision owed exactly in the phases that
  owe one, fitting the abilities it names;
* a seat's view has no seed, origin or scripted reshuffle, and its decks in
  the canonical (sorted) order.

:func:`check_rules_kept` adds what the rules keep from turn to turn, which a
position built by hand (or a view, whose deck order is unknown) must keep too:

* before any card is taken, every seat holds the starting gold and keys and
  no discount (the first player may have spent one key), and the messenger
  stands at the village unless that key moved it;
* at the start of a turn, and after its key, both rows are full unless a
  lock was opened this turn or the location is exhausted (the rows are
  refilled at the end of every turn, and a location that cannot refill its
  row is exhausted), so the game can never be stuck with rows it cannot
  refill;
* a history's takes are the last cards the tableaux received, each the
  card and place its taker's tableau shows (the place unless a card of the
  ruleset swaps cards), face down only if taken face down (a history may
  begin at a position built by hand, so it need not account for every card);
* a game that is not over has a legal move, and asking for the moves works.

A save that carries its origin (its seed, deck orders and reshuffles) and
its history is checked more strictly still, by playing the history again from
the origin (:func:`replayed`): everything stored beside the history must be
what the history gives, and :func:`first_difference` names the first field
that is not.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from castle_combo.engine.actions import Take, TakeReserved
from castle_combo.engine.counting import DECKS, FROM_RESERVE_FACE_UP, Placed, players_of
from castle_combo.engine.decisions import Decision, Frame, OpenLockOrPass, Pending, Resume
from castle_combo.engine.game import new_game
from castle_combo.engine.rules import openable_locks, run_messenger_triggers
from castle_combo.engine.state import GameState
from castle_combo.engine.table import Phase, Table
from castle_combo.engine.turn import Turn
from castle_combo.errors import CastleComboError, IllegalAction, RecordError
from castle_combo.facts import (
    CARDS_PER_PLAYER,
    GRID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROW_SIZE,
    STARTING_GOLD,
    STARTING_KEYS,
)
from castle_combo.language.model import (
    Deck,
    NextFromEitherRow,
    NextResolvesTwice,
    PlayerGroup,
    PlayersChoose,
    ReserveCard,
    StoreKeys,
    Swap,
    UseNeighbourAbility,
    keeps_points,
    walk,
)

__all__ = ["check_rules_kept", "check_state", "first_difference", "replayed"]

def _fail(path: str, message: str) -> RecordError:
    return RecordError(f"{path}: {message}")


def check_state(state: Table) -> None:
    """Raise :class:`RecordError` naming the first invariant ``state`` breaks (see the module docstring)."""
    _check_seats(state)
    _check_cards(state)
    _check_row_gold(state)
    _check_known(state)
    _check_reserved_at_end(state)
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


def _check_reserved_at_end(state: Table) -> None:
    """The reserves kept for scoring when the last turn ended: see the module docstring."""
    at_end = state.reserved_at_end
    if not at_end:
        return
    path = "$.reserved_at_end"
    n = len(state.players)
    if not _in_ruleset(state, ReserveCard):
        raise _fail(path, "no card of this ruleset reserves a card ('reserve a card from either row'); remove it")
    if state.taken < CARDS_PER_PLAYER * n:
        raise _fail(path, "the reserves are kept for scoring only once the last turn has ended; remove it")
    if len(at_end) != n:
        raise _fail(path, f"expected one list per seat ({n}), got {len(at_end)}")
    if not any(at_end):
        raise _fail(path, "no seat held a reserved card when the last turn ended; remove it")
    for seat, kept in enumerate(at_end):
        if len(kept) > 1:
            raise _fail(f"{path}[{seat}]", f"a player holds one reserved card at most, not {len(kept)}; keep one")
        for card in kept:
            deck = state.engine.facts[card].deck
            place = state.places[deck]
            if card not in place[2] and card not in place[3]:
                raise _fail(f"{path}[{seat}][0]", f"{state.engine.name(card)} was discarded when the last turn ended, "
                                                  "so it lies in its location's discard pile (or was removed from "
                                                  "the game with an exhausted location)")


def _check_known(state: Table) -> None:
    """A seat knows top cards of a deck only if it is a seat of the game, the deck holds that many cards, a view
    holds its viewer's knowledge alone, and only a ruleset with a card that looks at a deck's top (or puts a card of a
    discard pile on it, which every seat sees) makes any."""
    n = len(state.players)
    for k, (deck, seat, cards) in enumerate(state.known):
        path = f"$.known[{k}]"
        if not 0 <= seat < n:
            raise _fail(f"{path}.seat", f"expected a seat from 0 to {n - 1}, got {seat}")
        held = len(state.places[deck][0])
        if not 1 <= cards <= held:
            raise _fail(f"{path}.cards", f"the {('castle', 'village')[deck]} deck holds {held} cards; a seat knows "
                                         f"from 1 to {held} of its top cards, not {cards}")
        if state.viewer is not None and seat != state.viewer:
            raise _fail(f"{path}.seat", f"a view of seat {state.viewer} holds no other seat's knowledge; remove it")
        if not (state.engine.looks or state.engine.returns):
            raise _fail(path, "no card of the ruleset looks at the top of a deck or puts a card on it, so no seat "
                              "knows its top cards; remove it")


def _check_row_gold(state: Table) -> None:
    """Gold lies in a row only on a card there that piles it up ("while in a row, ...: put 1 gold on this card")."""
    engine = state.engine
    in_rows = set(state.places[0][1]) | set(state.places[1][1])
    for card, gold in state.row_gold:
        path = f"$.row_gold.{engine.name(card)}"
        if gold < 1:
            raise _fail(path, f"expected a number of gold of 1 or more, got {gold}")
        if not engine.row_gold[card]:
            raise _fail(path, f"{engine.name(card)} never holds gold in a row: only a card with 'while in a row, at "
                              "the end of each turn: put ... gold on this card' does")
        if card not in in_rows:
            raise _fail(path, f"{engine.name(card)} is not in a row; the gold on a card that leaves a row goes to its "
                              "taker or back to the supply")
        most = engine.row_gold[card] * state.taken
        if gold > most:
            raise _fail(path, f"{engine.name(card)} gets {engine.row_gold[card]} gold at the end of each turn, so at "
                              f"most {most} after {state.taken} cards taken, not {gold}; write {most} or less"
                              + (" (no turn has ended yet: remove it)" if not most else ""))


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
        for k, card in enumerate(player.reserved):
            see(card, f"$.players[{seat}].reserved[{k}]")
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
    if min(player.next_discounts) < 0:
        raise _fail(f"{path}.next_discounts", f"cannot be negative, got {list(player.next_discounts)}")
    if min(player.next_face_up) < 0:
        raise _fail(f"{path}.next_face_up", f"cannot be negative, got {list(player.next_face_up)}")
    if not isinstance(player.either_row, bool):
        raise _fail(f"{path}.either_row", f"is true or false, got {player.either_row!r}")
    if player.either_row and not _in_ruleset(state, NextFromEitherRow):
        raise _fail(f"{path}.either_row", "no card of this ruleset lets a player take their next card from either "
                                          "row ('your next card may be taken from either row'); set it to false")
    if not isinstance(player.twice, bool):
        raise _fail(f"{path}.twice", f"is true or false, got {player.twice!r}")
    if player.twice and not _in_ruleset(state, NextResolvesTwice):
        raise _fail(f"{path}.twice", "no card of this ruleset makes the ability of a player's next card resolve "
                                     "twice ('your next card bought face up resolves its ability twice'); set it "
                                     "to false")
    if player.reserved and not _in_ruleset(state, ReserveCard):
        raise _fail(f"{path}.reserved", "no card of this ruleset reserves a card ('reserve a card from either row'); "
                                        "remove \"reserved\"")
    if len(player.reserved) > 1:
        raise _fail(f"{path}.reserved", f"a player holds one reserved card at most, not {len(player.reserved)}; keep "
                                        "one")
    for k, cell in enumerate(player.tableau):
        if cell.from_reserve and not _in_ruleset(state, ReserveCard):
            raise _fail(f"{path}.tableau[{k}].from_reserve", "no card of this ruleset reserves a card ('reserve a "
                                                            "card from either row'); remove \"from_reserve\"")
        if cell.from_reserve == FROM_RESERVE_FACE_UP and cell.face_down:
            raise _fail(f"{path}.tableau[{k}].from_reserve", "a card taken face up from the reserve lies face up; "
                                                            "write \"face down\" or turn the card face up")
    if player.reserved and state.taken >= CARDS_PER_PLAYER * len(state.players) and state.pending is None:
        raise _fail(f"{path}.reserved", "a reserved card never taken is discarded at the end of the game; move it "
                                        "to its location's discard pile")
    if player.this_turn and (seat != state.current_player or state.taken >= CARDS_PER_PLAYER * len(state.players)
                             and state.pending is None):
        raise _fail(f"{path}.this_turn", "only the player whose turn it is has effects waiting for its end")
    for k, frame in enumerate(player.this_turn):
        where = f"{path}.this_turn[{k}]"
        if not 0 <= frame.index < len(player.tableau) or (player.tableau[frame.index].card != frame.card
                                                           and not _lent(state, frame)):
            raise _fail(f"{where}.index", f"{engine.name(frame.card)} is not at that place in the tableau")
        steps = engine.abilities[frame.card].steps
        if not frame.queue or any(a not in steps for a in frame.queue):
            raise _fail(f"{where}.queue", f"does not match {engine.name(frame.card)}'s ability")
    cells = player.tableau
    if len(cells) > CARDS_PER_PLAYER:
        raise _fail(f"{path}.tableau", f"a tableau holds at most {CARDS_PER_PLAYER} cards, not {len(cells)}")
    if _swaps(state):
        cells = _in_placing_order(cells, path)
    placed: list[tuple[int, int]] = []
    for k, cell in enumerate(cells):
        where = f"{path}.tableau[{k if cells is player.tableau else player.tableau.index(cell)}]"
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
        if cell.points and cell.face_down:
            raise _fail(f"{where}.points", "points are kept only on a face-up card (its effects gave them)")
        if cell.keys and cell.face_down:
            raise _fail(f"{where}.keys", "keys are locked only on a face-up card (its effects put them there)")
        name = engine.name(cell.card)
        if cell.shield >= 0 and not facts.chosen:
            raise _fail(f"{where}.shield", f"{name} has no chosen shield, so no shield type is named for it; "
                                           "remove \"shield\" from this card")
        if cell.shield >= 0 and cell.face_down:
            raise _fail(f"{where}.shield", "a shield type is named only for a face-up card (bought face up)")
        if cell.points and not _may_hold(state, cell.card, keeps_points):
            raise _fail(f"{where}.points", f"{name} never keeps points: no effect of its ability (or of one it "
                                           "uses) gains or loses points; remove \"points\" from this card")
        if cell.keys and not _may_hold(state, cell.card, lambda node: isinstance(node, StoreKeys)):
            raise _fail(f"{where}.keys", f"{name} never holds locked keys: no effect of its ability (or of one it "
                                         "uses) puts keys on it; remove \"keys\" from this card")


def _in_ruleset(state: Table, kind: type) -> bool:
    """Whether a card of ``state``'s ruleset holds an effect of ``kind`` anywhere in its text."""
    return any(isinstance(node, kind) for card in state.rules.cards for node in walk(card))


def _may_hold(state: Table, card: int, holds: Callable[[object], bool]) -> bool:
    """Whether ``card`` may keep what an effect that ``holds`` puts on "this card" (points, locked keys).

    Its own ability may hold the effect (an adjacent card whose ability is
    used keeps what it gives too); a card that uses a neighbour's card's
    ability is "this card" for it; and an option of a choice owed by another
    player runs on the owner's card, so a ruleset with such an option lets
    any card keep it.
    """
    if any(holds(node) for node in walk(state.rules.cards[card])):
        return True
    if not any(holds(node) for other in state.rules.cards for node in walk(other)):
        return False
    return (any(isinstance(node, UseNeighbourAbility) for node in walk(state.rules.cards[card]))
            or _in_ruleset(state, PlayersChoose))


def _swaps(state: Table) -> bool:
    """Whether a card of ``state``'s ruleset swaps cards of a tableau (so places need not follow the order taken)."""
    return any(isinstance(node, Swap) for card in state.rules.cards for node in walk(card))


def _in_placing_order(cells: tuple[Placed, ...], path: str) -> tuple[Placed, ...]:
    """``cells`` in an order the placement rule could have placed them: (0, 0) first, then outward (breadth first).

    Two cards at one place, no card at (0, 0), or a card joined to the others
    by no chain of neighbours is refused here; the box is checked after.
    """
    at = {}
    for k, cell in enumerate(cells):
        if (cell.x, cell.y) in at:
            raise _fail(f"{path}.tableau[{k}]", f"two cards at [{cell.x}, {cell.y}]")
        at[(cell.x, cell.y)] = cell
    if cells and (0, 0) not in at:
        raise _fail(f"{path}.tableau", "no card is at [0, 0], where the first card of a tableau goes (a swap only "
                                       "exchanges the places of two cards)")
    order: list[Placed] = [at[(0, 0)]] if cells else []
    for cell in order:
        for near in ((cell.x, cell.y - 1), (cell.x - 1, cell.y), (cell.x + 1, cell.y), (cell.x, cell.y + 1)):
            if near in at and at[near] not in order:
                order.append(at[near])
    for k, cell in enumerate(cells):
        if cell not in order:
            raise _fail(f"{path}.tableau[{k}]", f"[{cell.x}, {cell.y}] is next to no other card of the tableau")
    return tuple(order)


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
    card_taken = state.pending is not None and state.pending.resume in (Resume.TAKEN, Resume.END, Resume.TURN_END)
    expected = (state.first_player + taken - (1 if card_taken else 0)) % n
    ending = state.pending is not None and state.pending.resume is Resume.GAME_END
    if ending and taken != CARDS_PER_PLAYER * n:
        raise _fail("$.pending.resume", f"an end-of-game effect asks only once every card is taken, not after "
                                        f"{taken} of {CARDS_PER_PLAYER * n}")
    if state.current_player != expected and not ending:  # at the end, the seat whose card asks answers
        raise _fail("$.current_player", f"after {taken} cards taken from seat {state.first_player} on, it is "
                                        f"seat {expected}'s turn, not seat {state.current_player}'s")
    owes = state.phase in (Phase.DECIDE, Phase.END)
    if (state.pending is not None) != owes:
        raise _fail("$.pending", "a pending decision goes with phase \"decide\" or \"end\", and only with them")
    if taken == CARDS_PER_PLAYER * n and not card_taken and not ending and (state.phase is not Phase.START
                                                                          or state.pending):
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
        if frame.seat is not None:  # a trigger on the current player's take, owned by another seat
            if not 0 <= frame.seat < len(state.players) or frame.seat == state.current_player:
                raise _fail(f"{where}.seat", f"expected another seat than the current player's, from 0 to "
                                             f"{len(state.players) - 1} (the current player's frames name no seat)")
            cells = state.players[frame.seat].tableau
        else:
            cells = state.players[state.current_player].tableau
        if not 0 <= frame.index < len(cells) or (cells[frame.index].card != frame.card
                                                  and not _lent(state, frame)):
            raise _fail(f"{where}.index", f"{engine.name(frame.card)} is not at that place in the current tableau")
        steps = engine.abilities[frame.card].steps
        if any(a not in steps for a in frame.queue):
            raise _fail(f"{where}.queue", f"does not match {engine.name(frame.card)}'s ability")
    asked = _asked_again(state, pending)
    if asked != pending.decision:
        again = "no question" if asked is None else f"{asked.to_json()}"
        raise _fail("$.pending.decision", f"{pending.decision.to_json()} is not the question this position asks "
                                          f"({again})")


def _lent(state: Table, frame: Frame) -> bool:
    """Whether ``frame`` is a neighbour's card whose ability its owner uses ("in a neighbour's tableau")."""
    seat = state.current_player if frame.seat is None else frame.seat
    return frame.copied and any(
        cell.card == frame.card and not cell.face_down
        for them in players_of(PlayerGroup.NEIGHBOURS, seat, len(state.players))
        for cell in state.players[them].tableau
    )


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
    turn = Turn(state, run_messenger_triggers)
    asked: Decision | None = step.run(turn, seat if top.seat is None else top.seat, turn.frames[-1])
    return asked


def _check_view(state: Table) -> None:
    if state.origin is not None or state.script or state.rng != 0:
        raise _fail("$.viewer", "a seat's view holds no seed, origin or scripted reshuffle (they reveal the decks)")
    for i, loc in enumerate(state.locations):
        # The top cards its viewer knows (looked at, or put back from a discard pile) stay in place above the rest.
        top = max((n for d, _, n in state.known if d == i), default=0)
        if list(loc.deck[top:]) != sorted(loc.deck[top:]):
            raise _fail(f"$.locations.{DECKS[i].value}.deck", "a seat's view keeps a deck in canonical order (below "
                                                               "the top cards its viewer knows)")


def check_rules_kept(state: GameState) -> None:
    """Raise :class:`RecordError` naming the first rule of play ``state`` could not have come from (module docstring).

    Call it after :func:`check_state`, whose invariants it relies on.
    """
    _check_start(state)
    _check_rows(state)
    _check_takes(state)
    if state.is_over:
        return
    try:
        moves = state.legal_actions()
    except CastleComboError as error:
        raise _fail("$", f"this position cannot be played on: {error}") from None
    except Exception as error:  # the engine assumes what the rules keep; a position that breaks it is refused
        raise _fail("$", f"this position cannot be played on ({type(error).__name__}: {error}); it breaks a "
                         "rule of play the checks do not name") from None
    if not moves:
        raise _fail("$", "the game is not over, yet no move is possible: a position the rules never reach")


def _check_start(state: GameState) -> None:
    """Before the first card is taken: the starting supplies, one key spent at most, the messenger moved by it."""
    if state.taken:
        return
    spent = 1 if state.phase is Phase.TAKE else 0
    for seat, player in enumerate(state.players):
        keys = STARTING_KEYS - (spent if seat == state.current_player else 0)
        for field, value, wanted in (("gold", player.gold, STARTING_GOLD), ("keys", player.keys, keys),
                                     ("discounts", list(player.discounts), [0, 0])):
            if value != wanted:
                raise _fail(f"$.players[{seat}].{field}", f"before any card is taken, seat {seat} has {wanted}, "
                                                          f"not {value}")
    if not spent and state.messenger is not Deck.VILLAGE:
        raise _fail("$.messenger", "before any card is taken or key spent, the messenger stands at the village")


def _check_rows(state: GameState) -> None:
    """At a turn's start, and after its key, every location that is not exhausted shows a full row."""
    if state.pending is not None or state.opened_lock or state.phase not in (Phase.START, Phase.TAKE) \
            or state.is_over:
        return
    for i, location in enumerate(state.locations):
        if not location.exhausted and len(location.row) != ROW_SIZE:
            refill = "its deck and discard pile could refill it" if location.deck or location.discard else \
                "nothing can refill it, so the location would be exhausted"
            raise _fail(f"$.locations.{DECKS[i].value}.row", f"{len(location.row)} cards at the start of a turn; "
                                                            f"rows are refilled at the end of every turn, and "
                                                            f"{refill}")


def _check_takes(state: GameState) -> None:
    """The takes of a history are the last cards the tableaux received, where and as they lie.

    A history may begin at a position built by hand, so it accounts for the
    last cards taken, not necessarily all of them.
    """
    takes = [(i, action) for i, action in enumerate(state.history) if isinstance(action, (Take, TakeReserved))]
    if len(takes) > state.taken:
        raise _fail("$.history", f"{len(takes)} cards taken in the history, but {state.taken} in the tableaux")
    n = len(state.players)
    name = state.engine.name
    swaps = _swaps(state)
    for j, (i, action) in enumerate(takes):
        k = state.taken - len(takes) + j
        seat = (state.first_player + k) % n
        cell = state.players[seat].tableau[k // n]
        # A card taken face down may have been turned face up since (a fan card's ability); never the reverse. A
        # card may have swapped places since (a fan card's ability).
        at = action.at if swaps else (cell.x, cell.y)
        # A reserved card's take does not name it (one is held at most): its place and face are checked.
        card = action.card if isinstance(action, Take) else name(cell.card)
        if (name(cell.card), at) != (card, action.at) or cell.face_down and not action.face_down:
            raise _fail(f"$.players[{seat}].tableau[{k // n}]", f"is not what $.history[{i}] took "
                                                               f"({action})")


def replayed(state: GameState) -> GameState:
    """The state ``state``'s history reaches from its origin; a :class:`RecordError` at the first illegal action.

    Reshuffle orders still waiting in ``state.script`` are given again at their
    places in the record they came from, the ones used already in the others.
    """
    origin = state.origin
    if origin is None:
        raise ValueError("replayed() needs a state with an origin")
    name = state.engine.name
    used = [{"deck": DECKS[r.deck].value, "order": [name(c) for c in r.order]} for r in origin.reshuffles]
    waiting = {s.index: {"deck": DECKS[s.deck].value, "order": [name(c) for c in s.order]} for s in state.script}
    total = len(used) + len(waiting)
    if len(waiting) != len(state.script) or any(not 0 <= k < total for k in waiting):
        raise _fail("$.script", "the reshuffles still to come do not fit those already used (an index twice, or "
                                "beyond the record's list)")
    chronological = iter(used)
    reshuffles = [waiting[k] if k in waiting else next(chronological) for k in range(total)]
    game = new_game(players=len(state.players), seed=origin.seed, rules=state.rules,
                    decks={"castle": [name(c) for c in origin.decks[0]], "village": [name(c) for c in origin.decks[1]]},
                    first_player=state.first_player, reshuffles=reshuffles)
    for i, action in enumerate(state.history):
        try:
            game = game.apply(action)
        except IllegalAction as error:
            raise _fail(f"$.history[{i}]", f"cannot be played from the save's origin ({action}): {error}") from None
    return game


def _empty_like(value: Any) -> Any:
    """The value a save leaves out in place of ``value``'s kind (``False``, 0, ``[]``, ``{}``); else ``None``."""
    return type(value)() if type(value) in (bool, int, list, dict) else None


def first_difference(saved: Any, replay: Any, path: str = "$") -> tuple[str, Any, Any] | None:
    """The JSON path of the first place two JSON documents differ, with both values there (``None`` if equal).

    A save leaves out a field only when it holds its empty value (``false``,
    0, no list or object items): a key one document leaves out is read as
    the empty value of the other's there ("the save says False").
    """
    if isinstance(saved, Mapping) and isinstance(replay, Mapping):
        for key in list(saved) + [k for k in replay if k not in saved]:
            mine = saved[key] if key in saved else _empty_like(replay[key])
            theirs = replay[key] if key in replay else _empty_like(saved[key])
            found = first_difference(mine, theirs, f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(saved, list) and isinstance(replay, list):
        for k in range(max(len(saved), len(replay))):
            found = first_difference(saved[k] if k < len(saved) else None, replay[k] if k < len(replay) else None,
                                     f"{path}[{k}]")
            if found is not None:
                return found
        return None
    return None if saved == replay and type(saved) is type(replay) else (path, saved, replay)
