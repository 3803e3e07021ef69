"""Castle Combo as an OpenSpiel game (extra ``castle-combo[rl]``).

Importing this module registers ``python_castle_combo`` with pyspiel::

    import pyspiel
    import castle_combo.adapters.openspiel  # registers the game

    game = pyspiel.load_game("python_castle_combo", {"players": 3})
    state = game.new_initial_state()

Parameters: ``players`` (2 to 5, default 2), ``seed`` (the deal of the first
game, the later games' deals drawn from a generator seeded with it, so a run
is reproducible; -1, the default, deals every game from a fresh seed of 128
bits from the operating system, which no one can find from the cards on the
table) and ``expansion`` (``""`` or ``"out-of-the-oubliette"``).

Chance is *sampled* (``ChanceMode.SAMPLED_STOCHASTIC``), not explicit: the
only random events are the shuffles of the two decks, whose outcomes are
permutations of up to 45 cards, far too many to list as chance outcomes; the
state carries its own seeded generator instead (as the engine's states do),
so a cloned state replays the same reshuffles. The information is imperfect:
every action is public, and only the decks' order is hidden. So a player's
observation is its view (``state.view(player)``).

Its **information state** is everything it has seen, in order: the opening
rows, then for each action the action itself, both rows after it, and the
cards that left the decks during it (the only outcomes of chance anyone
sees). Two states give the same information-state string and tensor exactly
when the player cannot tell them apart: a different deck order does not
change them, a different card turned up does (the action history alone would
not tell these apart). The log is kept in each state as it is played, shared
by clones. :meth:`CastleComboState.resample_from_infostate` deals the hidden
decks again (:meth:`castle_combo.GameState.determinize`) and keeps the log,
which information-set search needs: OpenSpiel's IS-MCTS
(``open_spiel.python.algorithms.ismcts``) plays whole games on it. OpenSpiel's
plain MCTS searches the state it is given, which includes the true deck order.

Actions are the integers of :class:`castle_combo.adapters.encoding.ActionSpace`;
returns are win shares (``1 / number of winners`` for each winner, else 0).
"""

from __future__ import annotations

import random
from typing import Any, Union

import attrs
import numpy as np
import pyspiel  # type: ignore[import-not-found]

import castle_combo as cc
from castle_combo.adapters.encoding import ActionSpace
from castle_combo.engine.game import fresh_seed
from castle_combo.errors import EncodingError
from castle_combo.facts import CARDS_PER_PLAYER, MAX_PLAYERS, MIN_PLAYERS, ROW_SIZE

__all__ = ["GAME_NAME", "CastleComboGame", "CastleComboState"]

GAME_NAME = "python_castle_combo"
#: Generous bound of the actions one player takes per turn (a key, a card, decisions, a lock), for max_game_length.
_ACTIONS_PER_TURN = 8
#: The most cards that can leave the decks in one action: both rows refilled, after a whole row was discarded.
_REVEALED_MAX = 4 * ROW_SIZE
#: One step of the information-state tensor: the action, both rows after it, the cards that left the decks.
_STEP_WIDTH = 1 + 2 * ROW_SIZE + _REVEALED_MAX

#: What a player sees at one step: the action's code (-1 for the deal), both rows after it, the cards that left
#: the decks during it (sorted).
Step = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
#: The steps so far as a chain ``(earlier, step)``, so that appending shares everything before (clones are cheap).
Log = Union[tuple["Log", Step], None]


def _step(code: int, before: cc.GameState | None, after: cc.GameState) -> Step:
    """What every player sees of the action ``code`` that led from ``before`` to ``after`` (the deal if None)."""
    revealed: list[int] = []
    for i, location in enumerate(after.locations):
        if before is None:
            revealed.extend(location.row)
        elif location.deck is not before.locations[i].deck:
            revealed.extend(set(before.locations[i].deck) - set(location.deck))
    return (code, after.locations[0].row, after.locations[1].row, tuple(sorted(revealed)))


def _steps(log: Log) -> list[Step]:
    """The steps of ``log``, first to last."""
    steps = []
    while log is not None:
        log, step = log
        steps.append(step)
    steps.reverse()
    return steps

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
    provides_information_state_tensor=True,
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
        #: The generator of the deals after the first, with a seed; None without one (each deal a fresh seed).
        self._deals = np.random.default_rng(seed) if seed >= 0 else None
        self.max_length = CARDS_PER_PLAYER * players * _ACTIONS_PER_TURN
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=self.max_length,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self, *args: Any) -> CastleComboState:
        """A new game: the ``seed`` parameter's deal first, then deals drawn from its generator (or fresh seeds)."""
        if self._first_seed >= 0:
            seed, self._first_seed = self._first_seed, -1
        elif self._deals is not None:
            seed = int(self._deals.integers(0, 2**31 - 1))
        else:
            seed = fresh_seed()
        return CastleComboState(self, cc.new_game(players=self.num_players(), seed=seed, rules=self.rules))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """The observer of a player's view (or, for perfect recall, of the public history)."""
        return _Observer(self, iig_obs_type)


@attrs.frozen
class _Now:
    """Where a state is: the game state and the log of what was seen, shared as they are by clones.

    OpenSpiel clones a Python state by deep-copying each of its attributes;
    both parts are immutable, so the copy is this object itself (a deep copy
    of a game state would copy its whole ruleset). ``cache`` keeps the log's
    text once built, which is the same for every state sharing the log.
    """

    game_state: cc.GameState
    log: Log
    cache: dict[str, str] = attrs.field(factory=dict, eq=False)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Now:
        return self


class CastleComboState(pyspiel.State):  # type: ignore[misc]
    """One state: a :class:`castle_combo.GameState` behind OpenSpiel's API."""

    def __init__(self, game: CastleComboGame, state: cc.GameState, log: Log = None) -> None:
        super().__init__(game)
        self.space = game.space
        self._now = _Now(state, log if log is not None else (None, _step(-1, None, state)))

    @property
    def game_state(self) -> cc.GameState:
        """The :class:`castle_combo.GameState` behind this state."""
        return self._now.game_state

    @property
    def log(self) -> Log:
        """What every player has seen so far (see the module docstring)."""
        return self._now.log

    def __deepcopy__(self, memo: dict[int, Any]) -> CastleComboState:
        # A game state and the log are immutable: a copy shares them.
        return CastleComboState(self.get_game(), self.game_state, self.log)

    def current_player(self) -> int:
        """The seat to act (``to_act``: the current player, or the seat owing another player's choice), or TERMINAL."""
        return pyspiel.PlayerId.TERMINAL if self.game_state.is_over else self.game_state.to_act

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.space.legal(self.game_state))

    def apply_action(self, action: Any) -> None:
        """Play ``action``, an integer of the action space: an ``int`` or a NumPy integer, nothing else.

        pyspiel's own binding would turn ``True``, ``Decimal("5")``, a
        ``Fraction`` or a 0-d float array into an action; here each is an
        :class:`~castle_combo.EncodingError`, as in the other adapters.
        """
        super().apply_action(self.space.index_of(action))

    def _apply_action(self, action: int) -> None:
        before = self.game_state
        after = before.apply(self.space.decode(action))
        self._now = _Now(after, (self.log, _step(action, before, after)))

    def information_text(self) -> str:
        """The log as text, every step ``code:castle row|village row|cards revealed`` (kept once built)."""
        cache = self._now.cache
        if "text" not in cache:
            cache["text"] = " ".join(f"{code}:{','.join(map(str, castle))}|{','.join(map(str, village))}|"
                                     f"{','.join(map(str, revealed))}" for code, castle, village, revealed
                                     in _steps(self.log))
        return cache["text"]

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
        """A state ``player_id`` cannot tell from this one: the hidden decks dealt again at random.

        ``probability_sampler`` is OpenSpiel's: each call gives a number in
        [0, 1) (``pyspiel.UniformProbabilitySampler``); three calls seed the
        new deal. The log of what was seen is kept, so the information state
        is the same.
        """
        seed = 0
        for _ in range(3):
            seed = (seed << 53) | int(float(probability_sampler()) * (1 << 53))
        view = self.game_state.view(player_id)
        return CastleComboState(self.get_game(), view.determinize(random.Random(seed)), self.log)

    def __str__(self) -> str:
        return str(self.game_state)


class _Observer:
    """A player's observation (its view), or with perfect recall its information state (the log)."""

    def __init__(self, game: CastleComboGame, iig_obs_type: Any) -> None:
        self.space = game.space
        self.players = game.num_players()
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if self.perfect_recall:
            self.steps = game.max_length + 1
            self.tensor = np.zeros(self.players + self.steps * _STEP_WIDTH, np.float32)
            self.dict = {"player": self.tensor[:self.players],
                         "steps": self.tensor[self.players:].reshape(self.steps, _STEP_WIDTH)}
        else:
            self.tensor = np.zeros(self.space.observation_size, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: CastleComboState, player: int) -> None:
        if not self.perfect_recall:
            self.tensor[:] = self.space.observe(state.game_state, player)
            return
        # The player's seat one-hot, then one row per step: (code + 1) / size, each row's cards (id + 1) / N
        # (0 for an empty place), the cards revealed likewise; every value exact, so the tensor is one-to-one.
        self.tensor.fill(0)
        self.dict["player"][player] = 1
        steps = _steps(state.log)
        if len(steps) > self.steps:
            raise EncodingError(f"the game is longer than the {self.steps - 1} actions its tensor holds")
        cards = len(self.space.names) + 1
        rows = self.dict["steps"]
        for k, (code, castle, village, revealed) in enumerate(steps):
            if len(revealed) > _REVEALED_MAX:
                raise EncodingError(f"{len(revealed)} cards left the decks in one action; the tensor holds "
                                    f"{_REVEALED_MAX}")
            rows[k, 0] = (code + 2) / (self.space.size + 2)
            for offset, group in ((1, castle), (1 + ROW_SIZE, village), (1 + 2 * ROW_SIZE, revealed)):
                rows[k, offset:offset + len(group)] = [(card + 1) / cards for card in group]

    def string_from(self, state: CastleComboState, player: int) -> str:
        if self.perfect_recall:
            return f"seat {player}: {state.information_text()}"
        return str(state.game_state.view(player))


pyspiel.register_game(_GAME_TYPE, CastleComboGame)
