"""The immutable game state: :class:`GameState`, a table with the rules of play as its methods.

A state is a value. :meth:`GameState.apply` returns a new one and never
changes the old; everything inside is a frozen attrs class or a tuple. The
data and its accessors are a :class:`~castle_combo.table.Table`; this module
binds to it the functions that read it: the rules (:mod:`castle_combo.rules`),
scoring (:mod:`castle_combo.scoring`), hidden information
(:mod:`castle_combo.views`) and records (:mod:`castle_combo.records`). Those
modules know tables, not this class, so every import points one way.

The randomness of the game lives in the state too (``rng``, an integer seed
for the next reshuffle), so a state saved and loaded continues exactly as the
original would.

The parts of a state are defined in :mod:`castle_combo.table` and
:mod:`castle_combo.decisions` and re-exported here, their long-standing home.
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from castle_combo import records, rules, scoring, views
from castle_combo.actions import Action
from castle_combo.decisions import Frame, Pending, Resume
from castle_combo.table import (
    CARDS_PER_PLAYER,
    Location,
    Origin,
    Phase,
    PlayerState,
    Reshuffle,
    ScriptedReshuffle,
    Table,
    TableauCard,
    recounted,
)

__all__ = [
    "CARDS_PER_PLAYER",
    "Frame",
    "GameState",
    "Location",
    "Origin",
    "Pending",
    "Phase",
    "PlayerState",
    "Reshuffle",
    "Resume",
    "ScriptedReshuffle",
    "TableauCard",
    "recounted",
]


@attrs.frozen
class GameState(Table):
    """A whole game at one moment (see :class:`~castle_combo.table.Table` for its fields).

    Build one with :func:`castle_combo.new_game`, :func:`castle_combo.replay`
    or :func:`castle_combo.loads`.
    """

    # ------------------------------------------------------------------- rules
    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action, in a fixed order (empty once the game is over).

        When a decision is owed, its answers in order: options 1, 2, ...; the
        cards of the row in row order; the castle row then the village row;
        adjacent cards or lock cards in the order they were taken, then
        ``Pass``. Otherwise: opening each lock that can be opened (in the
        order the cards were taken), then the key actions (move, refresh),
        then takes in row order, face up before face down, each at every
        legal position in reading order.
        """
        legal = self._legal
        if legal is None:
            legal = rules.legal_actions(self)
            object.__setattr__(self, "_legal", legal)
        return legal

    def apply(self, action: Action) -> GameState:
        """The state after ``action``; raises :class:`~castle_combo.errors.IllegalAction` saying why.

        The state itself is never changed.
        """
        return rules.apply(self, action)

    # ----------------------------------------------------------------- scoring
    def scores(self) -> tuple[scoring.ScoreSheet, ...]:
        """Final score sheets per seat; raises :class:`~castle_combo.errors.GameNotOver` before the end."""
        return scoring.final_scores(self)

    def provisional_scores(self) -> tuple[scoring.ScoreSheet, ...]:
        """Score sheets as if the game ended now (purse placement included); for display and bots."""
        return scoring.score_state(self)

    def provisional_score(self, seat: int) -> scoring.ScoreSheet:
        """``seat``'s score sheet as if the game ended now; equal to ``provisional_scores()[seat]``, cheaper."""
        return scoring.score_seat(self, seat)

    def result(self) -> scoring.Result:
        """Winners (tie broken by most gold left; a remaining tie is shared) and score sheets."""
        return scoring.result(self)

    # ----------------------------------------------------- hidden information
    def view(self, seat: int) -> GameState:
        """The state as ``seat`` may know it: every deck's order hidden, everything public kept."""
        return views.view(self, seat)

    def determinize(self, rng: random.Random) -> GameState:
        """A full state consistent with this one (usually a view), hidden deck orders drawn from ``rng``."""
        return views.determinize(self, rng)

    # ----------------------------------------------------------------- records
    def record(self) -> dict[str, Any]:
        """The game so far in the game-record format (a seat's view gives a public record without decks)."""
        return records.record(self)
