"""The greedy bot: the move whose whole turn ends in the best evaluated position.

One ply of lookahead, but a whole *turn* of it: spending a key, taking a card
and answering the card's decisions (choose one, discard from a row) are
separate actions of one turn, so the bot tries every legal action and, while
the turn is still its own, every follow-up, keeping the best line. The end
of the turn is scored by :class:`~castle_combo.agents.evaluation.Evaluation`
relative to the best opponent.

A key refresh reveals unknown cards. The bot draws one determinization of
its view (``view.determinize(rng)``: the hidden decks reshuffled) and uses
it for every action, so all moves are compared against the same guess.

:func:`light_policy` is a cheaper cousin for MCTS rollouts: it looks at a
few sampled actions without resolving the rest of the turn.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import attrs

from castle_combo.agents.evaluation import Evaluation

if TYPE_CHECKING:
    from castle_combo.actions import Action
    from castle_combo.state import GameState

__all__ = ["GreedyAgent", "light_policy"]


@attrs.frozen
class GreedyAgent:
    """Plays the action that leads to the best end-of-turn evaluation (first one on ties)."""

    evaluation: Evaluation = attrs.field(factory=Evaluation)
    name: str = "greedy"

    def choose(self, view: GameState, rng: random.Random) -> Action:
        """The best action of ``view`` by a one-turn lookahead."""
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = view.current_player
        state = view.determinize(rng)
        best, best_value = actions[0], -math.inf
        for action in actions:
            value = self.turn_value(state.apply(action), seat)
            if value > best_value:
                best, best_value = action, value
        return best

    def turn_value(self, state: GameState, seat: int) -> float:
        """The evaluation of ``state`` after ``seat`` plays the rest of its turn as well as it can."""
        if state.is_over or state.current_player != seat:
            return self.evaluation.relative(state, seat)
        return max(self.turn_value(state.apply(action), seat) for action in state.legal_actions())


def light_policy(state: GameState, rng: random.Random, evaluation: Evaluation, samples: int = 3) -> Action:
    """A cheap rollout move: the best of a few randomly sampled legal actions, evaluated as they are.

    Sampling keeps a rollout diverse and fast; comparing even three moves
    avoids the worst blunders of a uniform random policy (like buying
    nothing but face-down cards).
    """
    actions = state.legal_actions()
    if len(actions) <= 1:
        return actions[0]
    seat = state.current_player
    candidates = actions if len(actions) <= samples else rng.sample(actions, samples)
    best, best_value = candidates[0], -math.inf
    for action in candidates:
        value = evaluation.relative(state.apply(action), seat)
        if value > best_value:
            best, best_value = action, value
    return best
