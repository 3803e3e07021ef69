"""One game of ``castle-combo play``: you against bots, with a log, undo and the game's record.

The :class:`Session` is the game's logic without any screen: it plays the
bots' moves, applies yours, remembers what happened in words (the log, from
:mod:`castle_combo.records.narration`, with places named as the replay page
names them: "at the top left" of a seat's grid as drawn now), and goes back
to your previous decision on *undo*. Both faces of the command drive it: the full-screen terminal app
(:mod:`castle_combo.cli.play_app`) and the line mode for pipes, scripts and
screen readers (:mod:`castle_combo.cli.play`).

Nothing the player may not know leaks through it:

* the seed of the deal is not shown during the game (it rebuilds the whole
  deal); it is told at the end, with the record;
* undo goes back to your previous decision and shuffles the cards still
  hidden again (:func:`castle_combo.engine.views.redeal`), so a card revealed by the
  move you undo is not known to come next. The record stays consistent.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Sequence
from pathlib import Path

import attrs

from castle_combo.bots.base import Agent
from castle_combo.bots.registry import make_agent
from castle_combo.bots.simulate import derive_seed
from castle_combo.engine.actions import Action
from castle_combo.engine.game import fresh_seed
from castle_combo.engine.record import Seat, numbered
from castle_combo.engine.state import GameState
from castle_combo.engine.views import redeal
from castle_combo.errors import PlayError, SaveError
from castle_combo.facts import MAX_PLAYERS, MIN_PLAYERS
from castle_combo.files import write_file
from castle_combo.language.ruleset import Ruleset
from castle_combo.records.narration import grid_corners, grid_place, narrate

__all__ = ["Session", "SaveError", "save_record", "new_session", "action_words"]


@attrs.frozen
class _Checkpoint:
    """What undo restores: the state at one of your decisions, every bot's generator, and the log's length."""

    state: GameState
    rng_states: tuple[object, ...]
    log: int


@attrs.frozen
class _Move:
    """A move of the log, kept with the states around it so that it is told in the words of the table now."""

    before: GameState
    action: Action
    after: GameState


@attrs.define
class Session:
    """One game in progress (see the module docstring)."""

    state: GameState
    me: int
    bots: dict[int, Agent]
    rngs: dict[int, random.Random]
    seed: int
    names: list[str]
    #: Who plays each seat, as the saved record tells it (your name, each bot's name and kind).
    seats: tuple[Seat, ...] | None = None
    #: Shuffles the hidden cards again on undo; seeded apart from the deal so undo reveals nothing.
    undo_rng: random.Random = attrs.field(factory=lambda: random.Random(fresh_seed()))
    #: What happened: each move (told by :attr:`log`), and what undo said.
    events: list[_Move | str] = attrs.field(factory=list)
    history: list[_Checkpoint] = attrs.field(factory=list)

    @property
    def log(self) -> list[str]:
        """What happened, a line per move, each place named in its seat's grid as the table is drawn now.

        The words are the replay page's ("at the top left",
        :func:`~castle_combo.records.narration.grid_place`), from each grid's
        top left card now (:func:`~castle_combo.records.narration.grid_corners`):
        when a card is placed left of or above a grid, the grid's picture
        shifts and the earlier lines follow it, so every line names the
        place where the card is seen. At the end of the game the log reads
        as the replay page of its record does.
        """
        where = grid_place(grid_corners(self.state))
        return [event if isinstance(event, str) else narrate(event.before, event.action, event.after, self.names,
                                                             where)
                for event in self.events]

    @property
    def view(self) -> GameState:
        """The table as you may see it."""
        return self.state.view(self.me)

    @property
    def player_names(self) -> list[str]:
        """Each seat's name where a name is shown (score lines): yours as the record has it (``--name``).

        :attr:`names` says "you" for your seat, for sentences and prompts
        ("you take ...", "your move").
        """
        return [seat.name for seat in self.seats] if self.seats is not None else list(self.names)

    @property
    def my_turn(self) -> bool:
        """Whether you owe the next decision."""
        return not self.state.is_over and self.state.to_act == self.me

    def legal(self) -> tuple[Action, ...]:
        """Your legal actions now (empty when it is not your turn)."""
        return self.state.legal_actions() if self.my_turn else ()

    def bots_play(self) -> list[str]:
        """Let the bots move until it is your turn or the game ends; return what happened, in words."""
        said = []
        while not self.state.is_over and self.state.to_act != self.me:
            seat = self.state.to_act
            action = self.bots[seat].choose(self.state.view(seat), self.rngs[seat])
            said.append(self._apply(action))
        return said

    def play(self, action: Action) -> str:
        """Apply your ``action`` (it must be legal: :class:`IllegalAction` otherwise); return it in words."""
        checkpoint = _Checkpoint(self.state, tuple(self.rngs[s].getstate() for s in sorted(self.rngs)),
                                 len(self.events))
        said = self._apply(action)
        self.history.append(checkpoint)
        return said

    def _apply(self, action: Action) -> str:
        """Apply ``action``; return it in words, its place named in the grid as drawn right after it."""
        before = self.state
        self.state = before.apply(action)
        self.events.append(_Move(before, action, self.state))
        return narrate(before, action, self.state, self.names, grid_place(grid_corners(self.state)))

    def save(self, path: str | os.PathLike[str], overwrite: bool = False) -> Path:
        """Write the game's record so far, naming who played each seat, to ``path`` (see :func:`save_record`)."""
        return save_record(self.state, path, self.seats, overwrite)

    def saved_or_said(self, path: str | None, overwrite: bool) -> tuple[Path | None, str | None]:
        """Save the record if ``path`` is given: ``(where it went, None)``, or ``(None, why it could not be)``.

        The end of a game must still show the scores when the record cannot be
        written (a full disk, a file that appeared meanwhile), so the failure is
        a message to show, not an exception.
        """
        if path is None:
            return None, None
        try:
            return self.save(path, overwrite), None
        except SaveError as error:
            return None, f"the record was not saved: {error}"

    def undo(self) -> bool:
        """Go back to your previous decision (False if there is none); the hidden cards are shuffled again."""
        if not self.history:
            return False
        checkpoint = self.history.pop()
        self.state = redeal(checkpoint.state, self.undo_rng)
        for seat, rng_state in zip(sorted(self.rngs), checkpoint.rng_states, strict=True):
            self.rngs[seat].setstate(rng_state)  # type: ignore[arg-type]
        del self.events[checkpoint.log:]
        self.events.append("you undid your last decision (the cards still hidden were shuffled again)")
        return True


def new_session(players: int, bots: Sequence[str], seed: int | None = None, seat: int = 0,
                rules: Ruleset | None = None, name: str = "you") -> Session:
    """A new game for you (``name``) at ``seat`` against ``bots`` (cycled over the other seats), dealt from ``seed``.

    ``seed=None`` deals from a fresh seed of 128 bits from the operating
    system (the deal cannot be found from the cards seen). The terminal game
    and the Card Workshop page both start their games here, so they refuse
    the same impossible set-ups with the same words.
    """
    from castle_combo import new_game  # looked up when called, as the package exports it

    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PlayError(f"players must be a number from {MIN_PLAYERS} to {MAX_PLAYERS} (you and 1-4 bots), "
                        f"got {players!r}")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise PlayError(f"seat must be from 0 to {players - 1} for {players} players, got {seat!r}")
    if not bots:
        raise PlayError("no bots to play against; name at least one, e.g. bots=('greedy',)")
    if len(bots) > players - 1:
        raise PlayError(f"{len(bots)} bots for {players - 1} bot seats; give fewer bots or more players")
    if not isinstance(name, str) or not name.strip() or not name.isprintable() or len(name) > 40:
        raise PlayError(f"your name must be 1 to 40 printable characters, got {name!r}")
    if seed is None:
        seed = fresh_seed()
    others = [s for s in range(players) if s != seat]
    agents = {s: make_agent(bots[i % len(bots)]) for i, s in enumerate(others)}
    rngs = {s: random.Random(derive_seed(seed, 0, f"seat{s}")) for s in others}
    names = names_for(players, seat, agents)
    seats = tuple(Seat(name, None) if s == seat else Seat(names[s], bots[others.index(s) % len(bots)])
                  for s in range(players))
    return Session(new_game(players=players, seed=seed, rules=rules), seat, agents, rngs, seed, names, seats)


def save_record(state: GameState, path: str | os.PathLike[str], seats: Sequence[Seat] | None = None,
                overwrite: bool = False) -> Path:
    """Write the game's record (the game-record format, with ``seats`` if given) to ``path``, whole or not at all.

    An existing file is replaced only with ``overwrite`` (:func:`~castle_combo.files.write_file`).
    """
    return write_file(path, json.dumps(state.record(seats), indent=1) + "\n", SaveError, overwrite=overwrite)


def names_for(players: int, me: int, bots: dict[int, Agent]) -> list[str]:
    """"you" for your seat, each bot's name for its seat (numbered when a name repeats)."""
    return numbered(["you" if seat == me else bots[seat].name for seat in range(players)])


def final_words(session: Session, saved: Path | None) -> list[str]:
    """What the end of a game says: who won, the seed of the deal, where the record went."""
    state = session.state
    result = state.result()
    winners = result.winners
    best = result.scores[winners[0]].total
    if session.me in winners:
        verdict = f"You win with {best} points!" if len(winners) == 1 else f"Shared win at {best} points!"
    else:
        verdict = (", ".join(session.names[w] for w in winners) + f" won with {best} points; "
                   f"you scored {result.scores[session.me].total}.")
    lines = [verdict, f"The deal's seed was {session.seed} (castle-combo play --seed {session.seed} deals it again)."]
    if saved is not None:
        lines.append(f"The game's record is in {saved}; castle-combo replay shows it again.")
    return lines


def action_words(state: GameState, actions: Sequence[Action]) -> list[str]:
    """What each of ``actions`` does, in words; a "choose one" answer says what its option gives."""
    from castle_combo.engine.actions import ReturnCard
    from castle_combo.records.narration import option_text, pending_bottom

    options = option_text(state)
    bottom = pending_bottom(state)
    return [f"choose: {options[number]}" if options and number < len(options)
            else f"put {action.card} on the bottom of its deck" if bottom and isinstance(action, ReturnCard)
            else f"{action}" for number, action in enumerate(actions)]


def asking_card(state: GameState, names: Sequence[str] | None = None) -> str:
    """The card whose ability asks the question owed now and its owner: "Tax Collector (Bot's card)", "Lender
    (your card)" (``names`` as the session's, "you" for your seat); "" for the end-of-turn lock question."""
    pending = state.pending
    if pending is None or not pending.frames:
        return ""
    top = pending.frames[-1]
    owner = state.current_player if top.seat is None else top.seat
    who = names[owner] if names is not None else f"seat {owner}"
    return f"{state.engine.name(top.card)} ({'your' if who.lower() == 'you' else who + chr(39) + 's'} card)"


def decision_words(state: GameState, actions: Sequence[Action]) -> list[str]:
    """The answers to a decision, numbered from 1, each saying what it does."""
    return [f"{number} {words}" for number, words in enumerate(action_words(state, actions), start=1)]
