"""The random bot: a uniform choice among the legal actions.

It is the floor every other bot must clear, and the fastest way to drive the
engine through many different games (fuzzing, throughput benchmarks).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from castle_combo.engine.actions import Action
    from castle_combo.engine.state import GameState

__all__ = ["RandomAgent"]


@attrs.frozen
class RandomAgent:
    """Plays a legal action chosen uniformly at random with ``rng``."""

    name: str = "random"
    #: It reads only ``legal_actions()``, which a view shares with the full state, so a simulation may
    #: hand it the state itself and skip building a view (nothing hidden can leak into its choice).
    needs_view = False

    def choose(self, view: GameState, rng: random.Random) -> Action:
        """A uniformly random legal action of ``view``."""
        actions = view.legal_actions()
        return actions[rng.randrange(len(actions))]
