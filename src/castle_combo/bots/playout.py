"""A cheap random-but-sensible policy: MCTS's fallback move, and a fast fuzzing policy.

MCTS falls back on it for a node whose searched actions are all illegal in
the current sample, once the node has been ranked often enough. It must be
fast yet not absurd: a
uniform random policy takes half its cards face down and scores about half
of what a real player does, which makes every position look alike. This
policy buys a random affordable card face up most of the time, otherwise
takes a random card face down, never spends keys, and answers an ability's
decision at random. It never evaluates a position, so a move costs little
more than the engine's ``legal_actions`` and ``apply``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from castle_combo.engine.actions import Take

if TYPE_CHECKING:
    from castle_combo.engine.actions import Action
    from castle_combo.engine.state import GameState

__all__ = ["FACE_UP_BIAS", "playout_move"]

#: How often the policy buys face up when it can afford a card.
FACE_UP_BIAS = 0.85


def playout_move(state: GameState, rng: random.Random) -> Action:
    """A quick, reasonable random move for a full ``state`` (see the module docstring)."""
    legal = state.legal_actions()
    if state.pending is not None:
        return legal[rng.randrange(len(legal))]
    face_up = [a for a in legal if isinstance(a, Take) and not a.face_down]
    if face_up and rng.random() < FACE_UP_BIAS:
        return face_up[rng.randrange(len(face_up))]
    face_down = [a for a in legal if isinstance(a, Take) and a.face_down]
    return face_down[rng.randrange(len(face_down))]

