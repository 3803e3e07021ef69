"""Castle Combo as a PettingZoo AEC environment (extra ``castle-combo[rl]``).

    from castle_combo.adapters import pettingzoo as ccpz
    env = ccpz.env(players=2)
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else env.action_space(agent).sample(mask)
        env.step(action)

Agents are ``"player_0"`` ... in seat order; the agent to act is always the
seat the game waits for (a decision inside a turn included). Each
observation is ``{"observation": float32 vector, "action_mask": int8
vector}`` from that seat's view (see :mod:`castle_combo.adapters.encoding`).
The reward comes at the end: each winner gets ``1 / number of winners`` (a
shared win is shared), the others 0. As in PettingZoo's classic games, an
illegal action ends the game with reward -1 for its author (0 for the others,
``info["illegal_move"]``), anything but an integer of the space (``"2074"``,
``True``, ``3.7``, ``nan``, an integer out of range) is refused with an
:class:`~castle_combo.errors.EncodingError`, and
:func:`env` enforces the order of calls. ``render_mode="ansi"`` returns
``str(state)``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import castle_combo as cc
from castle_combo.adapters.encoding import OBSERVATION_HIGH, ActionSpace
from castle_combo.engine.game import fresh_seed
from castle_combo.errors import EncodingError
from castle_combo.facts import MAX_PLAYERS, MIN_PLAYERS

__all__ = ["env", "raw_env"]


def env(players: int = 2, rules: cc.Ruleset | None = None, render_mode: str | None = None) -> AECEnv:
    """The environment with PettingZoo's order checks (see the module docstring).

    The raw environment itself ends the game with -1 on an illegal action and
    refuses an action outside the space, which PettingZoo's classic games do
    with two more wrappers; doing it inside halves the cost of a step.
    """
    return wrappers.OrderEnforcingWrapper(raw_env(players=players, rules=rules, render_mode=render_mode))


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's own name for the unwrapped class)
    """The unwrapped AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "castle_combo_v0", "is_parallelizable": False}

    def __init__(self, players: int = 2, rules: cc.Ruleset | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise cc.CastleComboError(f"players must be from {MIN_PLAYERS} to {MAX_PLAYERS}, got {players!r}")
        if render_mode not in (None, "ansi"):
            raise cc.CastleComboError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.rules = cc.Ruleset.standard() if rules is None else rules
        self.space = ActionSpace(self.rules, players)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = list(self.possible_agents)
        observation = gymnasium.spaces.Box(0.0, OBSERVATION_HIGH, (self.space.observation_size,), dtype=np.float32)
        mask = gymnasium.spaces.Box(0, 1, (self.space.size,), dtype=np.int8)
        self._observation_space = gymnasium.spaces.Dict({"observation": observation, "action_mask": mask})
        self._action_space = gymnasium.spaces.Discrete(self.space.size)
        self.state: cc.GameState = cc.new_game(players=players, seed=0, rules=self.rules)
        self._observed: dict[str, dict[str, Any]] = {}
        #: The generator of deals once ``reset`` has been given a seed (None before: each deal then has a fresh seed).
        self._seeds: np.random.Generator | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The same for every agent: the observation vector and the action mask."""
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The same for every agent: ``Discrete(space.size)``."""
        return self._action_space

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation: its view as a vector, and its legal actions (all 0 when not its turn).

        Kept until the next step: the wrappers and ``last()`` ask for the same
        observation several times per step.
        """
        cached = self._observed.get(agent)
        if cached is not None:
            return cached
        seat = self._seat(agent)
        mask = self.space.mask(self.state) if seat == self.state.to_act and not self.state.is_over else \
            np.zeros(self.space.size, dtype=np.int8)
        observation = {"observation": self.space.observe(self.state, seat), "action_mask": mask}
        self._observed[agent] = observation
        return observation

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; with ``seed`` the deal (and every reshuffle) is that seed's.

        The resets after a seeded one, without a seed, deal from that seed's
        generator; an environment never given a seed deals every game from a
        fresh seed of 128 bits from the operating system
        (:func:`~castle_combo.engine.game.fresh_seed`), which no one can find
        from the cards on the table.
        """
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        deal = fresh_seed() if self._seeds is None else int(self._seeds.integers(0, 2**31 - 1))
        self.state = cc.new_game(players=len(self.possible_agents), seed=deal, rules=self.rules)
        self._observed = {}
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.to_act]

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to act (``None`` for an agent whose game has ended)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if action is None:
            raise EncodingError(f"{agent}'s game is not over: its action must be an integer from 0 to "
                                f"{self.space.size - 1}, not None")
        try:
            action = self.space.index_of(action)
        except EncodingError as error:
            raise EncodingError(f"{agent}: {error}") from None
        if self.observe(agent)["action_mask"][action] == 0:
            self.rewards = {name: (-1.0 if name == agent else 0.0) for name in self.agents}
            self.terminations = {name: True for name in self.agents}
            self.infos[agent]["illegal_move"] = True
            self._accumulate_rewards()
            return
        self.state = self.state.apply(self.space.decode(action))
        self._observed = {}
        self.rewards = {name: 0.0 for name in self.agents}
        if self.state.is_over:
            winners = self.state.result().winners
            for seat in winners:
                self.rewards[self.possible_agents[seat]] = 1.0 / len(winners)
            self.terminations = {name: True for name in self.agents}
        else:
            self.agent_selection = self.possible_agents[self.state.to_act]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``); nothing without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; pass render_mode='ansi'")
            return None
        return str(self.state)

    def close(self) -> None:
        """Nothing to release."""
