"""The agent protocol: how a bot plays a seat.

A bot is any object with a ``name`` and a method
``choose(view, rng) -> action``. The simulator and the terminal game only
ever hand a bot ``state.view(seat)``, the part of the game its seat may see
(the order of both decks hidden), so a bot cannot cheat by peeking at the
next card even by accident. ``rng`` is the only source of randomness a bot
may use: the caller seeds it, which makes whole simulations reproducible and
lets parallel workers reproduce a serial run exactly.

The engine never imports this package: bots are clients of the public API
(``legal_actions``, ``apply``, ``determinize``, ``scores``), like any
program a user might write.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from castle_combo.engine.actions import Action
    from castle_combo.engine.state import GameState

__all__ = ["Agent"]


@runtime_checkable
class Agent(Protocol):
    """A bot: picks one of the legal actions of the seat to move.

    ``view`` is what the seat to move may see (``state.view(seat)``);
    the returned action must be one of ``view.legal_actions()``.
    """

    @property
    def name(self) -> str:
        """The bot's name as the registry and reports spell it (``"mcts"``)."""
        ...

    def choose(self, view: GameState, rng: random.Random) -> Action:
        """The action to play in ``view``, using only ``rng`` for randomness."""
        ...
