"""What the cards' triggers would do if they resolved now: scratch states for the bots to judge.

A bot judging a position must see what the cards will still do, not only
what they did when bought. A card's "at the start of your turn" and "at the
end of your turn" effects resolve at each later turn of its owner, its "at
the end of the game" effects once before scoring (the rules page, "Fan
mechanics"); none of them has happened yet in the position being judged.
Rather than a table of what each kind of effect is worth, the bots let the
engine resolve the effects on a scratch copy of the position and compare
the two: whatever an effect does (gain, take from the opponents, fill
purses, discard a row, or a kind of effect added later), the engine already
knows how to do it, with the very code the rules run between turns.

A card's take trigger ("whenever you take a faith card: ...", "whenever an
opponent takes a card: take 1 gold from that player") resolves at takes
still to come, which no one knows yet: :func:`after_takes_to_come` resolves
its effects as many times as the takes to come are expected to fire it (see
there how they are counted), and says by how much to scale the change.

The states returned here are *hypothetical*: the effects are resolved out of
their time, the history is not extended, and whose turn it is does not
change. They are for judging only, never for playing on.
"""

from __future__ import annotations

import math
import typing
import weakref
from typing import TypeVar

from castle_combo.engine.abilities import Auto, IfStep, LaterStep, WatchStep
from castle_combo.engine.counting import DECKS, Placed, players_of
from castle_combo.engine.decisions import Resume
from castle_combo.engine.rules import run_messenger_triggers, run_trigger_effects, run_triggers
from castle_combo.engine.table import CARDS_PER_PLAYER, Phase, Table, new
from castle_combo.engine.turn import Turn
from castle_combo.language.ruleset import Ruleset

__all__ = ["after_end_of_game_effects", "after_takes_to_come", "after_turns_to_come", "expected_takes",
           "turn_ends_left"]

T = TypeVar("T", bound=Table)

#: The trigger moments that come between two turns, as the rules name a card's parts.
_TURN_PARTS = ("turn_end", "each_turn")


def turn_ends_left(state: Table) -> int:
    """How many turns of the game have still to end: one per card still to take, and the turn under way.

    The turn under way counts once even when its card is taken already (a
    decision or a lock may still be owed): its end has not come.
    """
    left = CARDS_PER_PLAYER * len(state.players) - state.taken
    if not state.is_over and _taken_this_turn(state):
        left += 1
    return left


def _taken_this_turn(state: Table) -> bool:
    """Whether the current player has taken their card in the turn under way."""
    if state.phase is Phase.END:
        return True
    pending = state.pending
    return pending is not None and pending.resume in (Resume.TAKEN, Resume.END, Resume.TURN_END)


def _has(state: Table, parts: tuple[str, ...]) -> bool:
    """Whether some seat has a face-up card with effects at one of the moments ``parts``."""
    abilities = state.engine.abilities
    return any(not c.face_down and any(getattr(abilities[c.card], part) for part in parts)
               for p in state.players for c in p.tableau)


def after_turns_to_come(state: T, turns: int | None = None) -> T | None:
    """``state`` as it would be once the triggers of the next ``turns`` turn ends resolved now.

    Each turn end resolves, as between two turns, the "at the end of your
    turn" effects of the player whose turn ends, then the "at the start of
    your turn" effects of the next player, except after the game's last turn
    (see :func:`after_end_of_game_effects` for that). ``turns`` defaults to
    every turn end still to come (:func:`turn_ends_left`). Each time works on
    what the previous times left: what the effects gain adds up, and what
    they take from an opponent runs out when the opponent has nothing more to
    give. ``None`` when no face-up card has such an effect.
    """
    engine = state.engine
    if not engine.has_triggers or state.is_over or not _has(state, _TURN_PARTS):
        return None
    left = turn_ends_left(state)
    turns = left if turns is None else min(turns, left)
    seats = len(state.players)
    seat = state.current_player
    turn = _scratch(state)
    for done in range(turns):
        run_triggers(state, turn, seat, "turn_end")
        if done == left - 1:
            break  # the game's last turn: the end of the game follows, not another turn
        seat = (seat + 1) % seats
        run_triggers(state, turn, seat, "each_turn")
    return _frozen(state, turn)


def after_end_of_game_effects(state: T) -> T | None:
    """``state`` as it would be once every seat's end-of-game effects resolved now.

    The seats resolve from the first player on, as when the game ends (give
    it the result of :func:`after_turns_to_come` to see the end of the game
    after the turns to come). A card whose effects may ask its owner is left
    out (no one is there to answer on a scratch copy). ``None`` when no
    face-up card has such an effect, or the game is over or its end under
    way (they have resolved already).
    """
    if not state.engine.has_triggers or state.is_over or not _has(state, ("game_end",)):
        return None
    if state.pending is not None and state.pending.resume is Resume.GAME_END:
        return None  # the end of the game is under way: some effects resolved already
    turn = _scratch(state)
    seats = len(state.players)
    abilities = state.engine.abilities
    for k in range(seats):
        seat = (state.first_player + k) % seats
        for index in range(len(turn.tableaux[seat])):
            cell = turn.tableaux[seat][index]
            if cell.face_down or not abilities[cell.card].game_end or _game_end_asks(state, cell.card):
                continue
            run_trigger_effects(turn, seat, index, abilities[cell.card].game_end)
    return _frozen(state, turn)


def _game_end_asks(state: Table, card: int) -> bool:
    """Whether ``card``'s end-of-game effects may ask its owner (such a card is not resolved ahead: no one is
    there to answer on a scratch copy)."""
    ability = state.engine.abilities[card]
    part = ability.game_end[0][0]
    return any(not isinstance(step, _AUTOMATIC) for address, step in ability.steps.items() if address[0] == part)


def _scratch(state: Table) -> Turn:
    """A scratch table for ``state`` with no ability under way (a pending decision's stays in ``state``)."""
    turn = Turn(state, run_messenger_triggers)
    turn.frames = []
    return turn


#: How many face-down takes a seat is assumed to make in five before its tableau says otherwise.
FACE_DOWN_PRIOR = (1, 5)

#: The steps that never ask a question: a take trigger with any other step is not resolved ahead (it may ask, and no
#: one is there to answer on a scratch copy).
_AUTOMATIC = (Auto, IfStep, LaterStep, WatchStep)


class _Watch(typing.NamedTuple):
    """What a take trigger watches, as tables: whether a face-up take of each card id fires it, whether a
    face-down take does, and whether its effects may ask a question."""

    up: tuple[bool, ...]
    down: bool
    asks: bool


_WATCHES: dict[int, tuple[weakref.ref[Ruleset], dict[int, _Watch]]] = {}


def _watch(state: Table, card: int) -> _Watch:
    """The :class:`_Watch` of ``card``'s take trigger, built once per ruleset and card."""
    rules = state.rules
    entry = _WATCHES.get(id(rules))
    if entry is None or entry[0]() is not rules:
        key = id(rules)

        def forget(_: weakref.ref[Ruleset]) -> None:
            _WATCHES.pop(key, None)

        entry = _WATCHES[key] = (weakref.ref(rules, forget), {})
    watches = entry[1]
    watch = watches.get(card)
    if watch is None:
        engine = state.engine
        ability = engine.abilities[card]
        takes = ability.takes
        # The card taken lies next to this card: a filter on the place ("a card adjacent to this card") counts
        # every take as one that could land there (an upper bound; such filters are rare).
        me = Placed(card, 0, 0, False, 0, False)
        if takes is None:
            up, down = (True,) * len(engine.facts), True
        else:
            up = tuple(bool(takes(Placed(f.id, 1, 0, False, 0, False), me, (0, 0))) for f in engine.facts)
            down = bool(takes(Placed(card, 1, 0, True, 0, False), me, (0, 0)))
        part = ability.taken[0][0]
        asks = any(not isinstance(step, _AUTOMATIC) for address, step in ability.steps.items() if address[0] == part)
        watch = watches[card] = _Watch(up, down, asks)
    return watch


def expected_takes(state: Table, card: int, taker: int) -> float:
    """How many of ``taker``'s takes still to come are expected to fire the take trigger of ``card``.

    Estimated simply: each seat takes a card each turn until it has nine, so
    ``taker`` has ``9 - len(tableau)`` takes to come. A take is face down
    about as often as ``taker``'s tableau says so far (one in five before it
    says much: :data:`FACE_DOWN_PRIOR` counts as cards already taken), and
    fires the trigger when the trigger watches face-down cards (``a card``,
    ``a face-down card``). A face-up take is one of the cards still to come
    (both decks and rows, unless exhausted), and fires it as often as those
    cards pass the trigger's filter.
    """
    tableau = state.players[taker].tableau
    left = CARDS_PER_PLAYER - len(tableau)
    if left <= 0:
        return 0.0
    watch = _watch(state, card)
    down_prior, prior = FACE_DOWN_PRIOR
    down = (sum(1 for c in tableau if c.face_down) + down_prior) / (len(tableau) + prior)
    up = watch.up
    matching = pool = 0
    for location in state.locations:
        if not location.exhausted:
            matching += sum(1 for c in location.deck if up[c]) + sum(1 for c in location.row if up[c])
            pool += len(location.deck) + len(location.row)
    share = matching / pool if pool else 0.0
    return left * ((1 - down) * share + (down if watch.down else 0.0))


def after_takes_to_come(state: T) -> list[tuple[float, T]]:
    """Each take trigger of a face-up card, for each player whose takes it watches, as the weighted state it
    would leave: ``(scale, state)``.

    The trigger's effects (without its watch: the card taken is unknown)
    resolve now, on a scratch copy where the taker is the player to move (so
    "that player" is them), as many times as :func:`expected_takes` expects
    the takes to come to fire it, rounded up; ``scale`` (at most 1) brings
    the change back to the expected number. Resolved again and again, as
    the turns' triggers are, the effects meet their limits: an opponent has
    only so much gold to take. Each trigger and taker is valued on its own:
    two of them meet a limit they share (keys beyond the turns left) each
    as if the other were not there. A trigger that may ask its owner a question
    ("whenever you take a card: choose one: ...") is left out: no one is
    there to answer on a scratch copy. Empty when no face-up card has a take
    trigger (at once when the ruleset has none), or the game is over.
    """
    engine = state.engine
    if not engine.has_take_triggers or state.is_over:
        return []
    abilities = engine.abilities
    seats = len(state.players)
    found: list[tuple[float, T]] = []
    for owner, player in enumerate(state.players):
        for index, cell in enumerate(player.tableau):
            ability = abilities[cell.card]
            if cell.face_down or not ability.taken or _watch(state, cell.card).asks:
                continue
            takers = (owner,) if ability.taken_by is None else players_of(ability.taken_by, owner, seats)
            for taker in takers:
                expected = expected_takes(state, cell.card, taker)
                if expected <= 0:
                    continue
                times = math.ceil(expected)
                turn = Turn(state if taker == state.current_player else _with_current(state, taker),
                            run_messenger_triggers)
                turn.frames = []
                for _ in range(times):
                    run_trigger_effects(turn, owner, index, ability.taken[1:])
                found.append((expected / times, _frozen(state, turn)))
    return found


def _with_current(state: T, seat: int) -> T:
    """``state`` with ``seat`` to move (the taker of a take to come: "that player" reads it)."""
    return new(type(state), (
        state.rules, state.seats, seat, state.first_player, state.taken, state.phase, state.messenger,
        state.places, None, state.history, state.rng, state.origin, state.script, state.viewer,
        state.opened_lock, state.row_gold, state.known, state.reserved_at_end, state.engine,
    ))


def _frozen(state: T, turn: Turn) -> T:
    """The hypothetical state: ``turn``'s seats and locations, everything else as in ``state``."""
    return new(type(state), (
        state.rules, turn.seats(), state.current_player, state.first_player, state.taken, state.phase,
        DECKS[turn.messenger], (turn.locations[0], turn.locations[1]), state.pending, state.history, turn.rng,
        state.origin, turn.script, state.viewer, state.opened_lock, turn.row_gold_now(), turn.known_now(),
        state.reserved_at_end, state.engine,
    ))
