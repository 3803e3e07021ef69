"""Castle Combo as a single-agent Gymnasium environment: one seat against built-in bots.

Importing this module registers ``castle_combo/CastleCombo-v0``::

    import gymnasium
    import castle_combo.adapters.gymnasium  # registers the environment

    env = gymnasium.make("castle_combo/CastleCombo-v0", opponents=["greedy"])
    observation, info = env.reset(seed=1)
    while True:
        action = env.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

The agent plays ``seat`` (default 0) of a game of ``1 + len(opponents)``
players; the opponents are bot names of the registry (``"random"``,
``"greedy"``, ``"mcts:N"``) and play their turns inside :meth:`step`, each from
its own view with its own seeded generator. The observation is the agent's
view as a vector (:mod:`castle_combo.adapters.encoding`); ``info["action_mask"]``
marks the legal actions (mask the policy with it). The reward comes at the
end: ``1 / number of winners`` if the agent is among them, else 0. An illegal
action ends the episode at once with reward -1 (``info["illegal_action"]``),
as in PettingZoo's classic games; anything but an integer of the action
space (``"2074"``, ``True``, ``3.7``, an integer out of range) is refused with
an :class:`~castle_combo.errors.EncodingError`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

import castle_combo as cc
from castle_combo.adapters.encoding import OBSERVATION_HIGH, ActionSpace
from castle_combo.bots.registry import make_agent
from castle_combo.engine.game import fresh_seed
from castle_combo.facts import MAX_PLAYERS

__all__ = ["ENV_ID", "CastleComboEnv"]

ENV_ID = "castle_combo/CastleCombo-v0"


class CastleComboEnv(gymnasium.Env):  # type: ignore[type-arg]
    """One seat of Castle Combo against bots (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        opponents: Sequence[str] = ("greedy",),
        seat: int = 0,
        rules: cc.Ruleset | None = None,
        render_mode: str | None = None,
    ) -> None:
        if isinstance(opponents, str) or not 1 <= len(opponents) <= MAX_PLAYERS - 1:
            raise cc.CastleComboError(f"opponents must list 1 to {MAX_PLAYERS - 1} bot names, got {opponents!r}")
        self.players = 1 + len(opponents)
        if not 0 <= seat < self.players:
            raise cc.CastleComboError(f"seat must be from 0 to {self.players - 1}, got {seat!r}")
        if render_mode not in (None, "ansi"):
            raise cc.CastleComboError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.rules = cc.Ruleset.standard() if rules is None else rules
        self.seat = seat
        self.opponent_names = tuple(opponents)
        self.bots = [make_agent(name) for name in opponents]
        self.space = ActionSpace(self.rules, self.players)
        self.render_mode = render_mode
        size = self.space.observation_size
        self.observation_space = gymnasium.spaces.Box(0.0, OBSERVATION_HIGH, (size,), dtype=np.float32)
        self.action_space = gymnasium.spaces.Discrete(self.space.size)
        self.game = cc.new_game(players=self.players, seed=0, rules=self.rules)
        self._bot_rngs = [random.Random(k) for k in range(len(self.bots))]
        #: Whether ``reset`` has been given a seed: the deals then follow it, else each has a fresh seed.
        self._seeded = False

    def _bot_of(self, seat: int) -> int:
        """The index in ``opponents`` of the bot at ``seat`` (the seats after the agent's, in order)."""
        return (seat - self.seat - 1) % self.players

    def _play_bots(self) -> None:
        while not self.game.is_over and self.game.to_act != self.seat:
            seat = self.game.to_act
            k = self._bot_of(seat)
            self.game = self.game.apply(self.bots[k].choose(self.game.view(seat), self._bot_rngs[k]))

    def _info(self) -> dict[str, Any]:
        mask = self.space.mask(self.game) if not self.game.is_over else np.zeros(self.space.size, dtype=np.int8)
        return {"action_mask": mask}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """A new game (the deal and the bots' choices follow ``seed``); the bots before the agent play first.

        The resets after a seeded one, without a seed, follow that seed too;
        an environment never given a seed deals every game (and seeds the
        bots) from fresh seeds of 128 bits from the operating system
        (:func:`~castle_combo.engine.game.fresh_seed`), which no one can find
        from the cards on the table.
        """
        super().reset(seed=seed)
        self._seeded = self._seeded or seed is not None
        if self._seeded:
            deal = int(self.np_random.integers(0, 2**31 - 1))
            self._bot_rngs = [random.Random(int(self.np_random.integers(0, 2**31 - 1))) for _ in self.bots]
        else:
            deal = fresh_seed()
            self._bot_rngs = [random.Random(fresh_seed()) for _ in self.bots]
        self.game = cc.new_game(players=self.players, seed=deal, rules=self.rules)
        self._play_bots()
        return self.space.observe(self.game, self.seat), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play the agent's ``action``, then the bots until it is the agent's turn again or the game ends."""
        index = self.space.index_of(action)  # anything but an integer of the space is an EncodingError
        if self.space.mask(self.game)[index] == 0:
            info = {"action_mask": np.zeros(self.space.size, dtype=np.int8), "illegal_action": True}
            return self.space.observe(self.game, self.seat), -1.0, True, False, info
        self.game = self.game.apply(self.space.decode(index))
        self._play_bots()
        reward = 0.0
        if self.game.is_over:
            winners = self.game.result().winners
            reward = 1.0 / len(winners) if self.seat in winners else 0.0
        return self.space.observe(self.game, self.seat), reward, self.game.is_over, False, self._info()

    def render(self) -> str | None:
        """The table as text with ``render_mode="ansi"``."""
        return str(self.game) if self.render_mode == "ansi" else None


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="castle_combo.adapters.gymnasium:CastleComboEnv")
