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

The states returned here are *hypothetical*: the effects are resolved out of
their time, the history is not extended, and whose turn it is does not
change. They are for judging only, never for playing on.
"""

from __future__ import annotations

from typing import TypeVar

from castle_combo.engine.counting import DECKS
from castle_combo.engine.decisions import Resume
from castle_combo.engine.rules import run_triggers
from castle_combo.engine.table import CARDS_PER_PLAYER, Phase, Table, new
from castle_combo.engine.turn import Turn

__all__ = ["after_end_of_game_effects", "after_turns_to_come", "turn_ends_left"]

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
    after the turns to come). ``None`` when no face-up card has such an
    effect, or the game is over (they have resolved already).
    """
    if not state.engine.has_triggers or state.is_over or not _has(state, ("game_end",)):
        return None
    turn = _scratch(state)
    seats = len(state.players)
    for k in range(seats):
        run_triggers(state, turn, (state.first_player + k) % seats, "game_end")
    return _frozen(state, turn)


def _scratch(state: Table) -> Turn:
    """A scratch table for ``state`` with no ability under way (a pending decision's stays in ``state``)."""
    turn = Turn(state)
    turn.frames = []
    return turn


def _frozen(state: T, turn: Turn) -> T:
    """The hypothetical state: ``turn``'s seats and locations, everything else as in ``state``."""
    return new(type(state), (
        state.rules, turn.seats(), state.current_player, state.first_player, state.taken, state.phase,
        DECKS[turn.messenger], (turn.locations[0], turn.locations[1]), state.pending, state.history, turn.rng,
        state.origin, turn.script, state.viewer, state.opened_lock, state.engine,
    ))
