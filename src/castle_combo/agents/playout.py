"""The cheap playout policy MCTS finishes games with.

A playout must be fast (MCTS plays hundreds per move) yet not absurd: a
uniform random policy takes half its cards face down and scores about half
of what a real player does, which makes every position look alike. This
policy buys a random affordable card face up most of the time, otherwise
takes a random card face down, never spends keys, and answers an ability's
decision at random. It never evaluates a position, so a move costs little
more than the engine's ``legal_actions`` and ``apply``.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from castle_combo.actions import Take
from castle_combo.agents.evaluation import Evaluation

if TYPE_CHECKING:
    from castle_combo.actions import Action
    from castle_combo.state import GameState

__all__ = ["FACE_UP_BIAS", "playout_move", "light_greedy_move"]

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


def light_greedy_move(state: GameState, rng: random.Random, evaluation: Evaluation) -> Action:
    """A light greedy move: the best of a few sampled candidates by the evaluation.

    The candidates are each card of the row face up at one random free spot
    (when affordable) and one face-down take at a random spot; keys are
    never spent; an ability's decision tries every option. About four
    evaluations a move instead of the greedy bot's hundred.
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.current_player
    if state.pending is not None:
        candidates = list(legal)
    else:
        by_kind: dict[object, list[Action]] = {}
        for action in legal:
            if isinstance(action, Take):
                kind = None if action.face_down else action.card
                by_kind.setdefault(kind, []).append(action)
        candidates = [options[rng.randrange(len(options))] for options in by_kind.values()]
    best, best_value = candidates[0], -math.inf
    for action in candidates:
        value = evaluation.relative(state.apply(action), seat)
        if value > best_value:
            best, best_value = action, value
    return best
