"""Castle Combo as an OpenSpiel game (extra ``castle-combo[rl]``).

Importing this module registers ``python_castle_combo`` with pyspiel::

    import pyspiel
    import castle_combo.adapters.openspiel  # registers the game

    game = pyspiel.load_game("python_castle_combo", {"players": 3})
    state = game.new_initial_state()

Parameters: ``players`` (2 to 5, default 2), ``seed`` (the deal of the first
game; -1, the default, draws each game's deal from the game object's own
generator, seeded with 0, so a run is reproducible either way) and
``expansion`` (``""`` or ``"out-of-the-oubliette"``).

Chance is *sampled* (``ChanceMode.SAMPLED_STOCHASTIC``), not explicit: the
only random events are the shuffles of the two decks, whose outcomes are
permutations of up to 45 cards, far too many to list as chance outcomes; the
state carries its own seeded generator instead (as the engine's states do),
so a cloned state replays the same reshuffles. The information is imperfect:
every action is public, and only the decks' order is hidden. So a player's
observation is its view (``state.view(player)``) and its information state
is the public history of actions with its seat. :meth:`CastleComboState.resample_from_infostate`
deals the hidden decks again (:meth:`castle_combo.GameState.determinize`),
which information-set search (OpenSpiel's IS-MCTS) needs; OpenSpiel's plain
MCTS searches the state it is given, which includes the true deck order.

Actions are the integers of :class:`castle_combo.adapters.encoding.ActionSpace`;
returns are win shares (``1 / number of winners`` for each winner, else 0).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

import castle_combo as cc
from castle_combo.adapters.encoding import ActionSpace
from castle_combo.facts import CARDS_PER_PLAYER, MAX_PLAYERS, MIN_PLAYERS

__all__ = ["GAME_NAME", "CastleComboGame", "CastleComboState"]

GAME_NAME = "python_castle_combo"
#: Generous bound of the actions one player takes per turn (a key, a card, decisions, a lock), for max_game_length.
_ACTIONS_PER_TURN = 8

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Castle Combo (castle-combo)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "seed": -1, "expansion": ""},
)


class CastleComboGame(pyspiel.Game):  # type: ignore[misc]
    """The game: its ruleset, action encoding and the generator of deals (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", 2))
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise cc.CastleComboError(f"players must be from {MIN_PLAYERS} to {MAX_PLAYERS}, got {players}")
        expansion = str(params.get("expansion", ""))
        rules = cc.Ruleset.standard()
        if expansion:
            rules = rules.with_expansion(expansion)
        self.rules = rules
        self.space = ActionSpace(rules, players)
        seed = int(params.get("seed", -1))
        self._first_seed = seed
        self._deals = np.random.default_rng(0 if seed < 0 else seed)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=CARDS_PER_PLAYER * players * _ACTIONS_PER_TURN,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self, *args: Any) -> CastleComboState:
        """A new game: the ``seed`` parameter's deal first, then deals drawn from the game's generator."""
        if self._first_seed >= 0:
            seed, self._first_seed = self._first_seed, -1
        else:
            seed = int(self._deals.integers(0, 2**31 - 1))
        return CastleComboState(self, cc.new_game(players=self.num_players(), seed=seed, rules=self.rules))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """The observer of a player's view (or, for perfect recall, of the public history)."""
        return _Observer(self.space, iig_obs_type)


class CastleComboState(pyspiel.State):  # type: ignore[misc]
    """One state: a :class:`castle_combo.GameState` behind OpenSpiel's API."""

    def __init__(self, game: CastleComboGame, state: cc.GameState) -> None:
        super().__init__(game)
        self.space = game.space
        self.game_state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> CastleComboState:
        # A game state is immutable: a clone shares it (OpenSpiel clones states constantly in search).
        return CastleComboState(self.get_game(), self.game_state)

    def current_player(self) -> int:
        """The seat to act, or TERMINAL."""
        return pyspiel.PlayerId.TERMINAL if self.game_state.is_over else self.game_state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.space.legal(self.game_state))

    def _apply_action(self, action: int) -> None:
        self.game_state = self.game_state.apply(self.space.decode(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.space.describe(action)

    def is_terminal(self) -> bool:
        """Whether every player has 9 cards and nothing is owed."""
        return self.game_state.is_over

    def returns(self) -> list[float]:
        """Win shares at the end (0 for everyone before)."""
        players = len(self.game_state.players)
        if not self.game_state.is_over:
            return [0.0] * players
        winners = self.game_state.result().winners
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CastleComboState:
        """A state ``player_id`` cannot tell from this one: the hidden decks dealt again at random."""
        import random

        rng = random.Random(int(probability_sampler([(k, 1.0 / 2**16) for k in range(2**16)])))
        view = self.game_state.view(player_id)
        return CastleComboState(self.get_game(), view.determinize(rng))

    def __str__(self) -> str:
        return str(self.game_state)


class _Observer:
    """A player's observation (its view as a tensor and a string), or its information state string."""

    def __init__(self, space: ActionSpace, iig_obs_type: Any) -> None:
        self.space = space
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(space.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CastleComboState, player: int) -> None:
        self.tensor[:] = self.space.observe(state.game_state, player)

    def string_from(self, state: CastleComboState, player: int) -> str:
        if self.perfect_recall:
            actions = [a.to_json() for a in state.game_state.history]
            return f"seat {player}: " + json.dumps(actions, separators=(",", ":"))
        return str(state.game_state.view(player))


pyspiel.register_game(_GAME_TYPE, CastleComboGame)
