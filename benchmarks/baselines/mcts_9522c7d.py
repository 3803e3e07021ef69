# The MCTS bot as it was at commit 9522c7d (src/castle_combo/bots/mcts.py, below this comment, unchanged but for
# where its evaluation comes from): the baseline benchmarks/mcts_time_match.py plays the current MCTS against. Kept as a copy
# so the match needs no git checkout; it uses the current engine and greedy ranking, like the new bot, but that
# commit's evaluation (benchmarks/baselines/evaluation_9522c7d.py, loaded below in place of the package's: the
# one line changed), so that a new default evaluation changes the new bot only.
# ruff: noqa
# mypy: ignore-errors
"""The MCTS bot: Monte Carlo tree search over determinizations of the hidden decks.

What is hidden
    In Castle Combo every player sees everything except the order of the two
    decks, so the only hidden information is *chance* (which cards a refill
    or a key refresh will reveal), shared by all players: there are no
    private hands to guess.

The search: single-observer information-set MCTS (SO-ISMCTS)
    Each iteration draws a *determinization* of the bot's view
    (``view.determinize(rng)``: the unseen cards reshuffled into the decks)
    and walks one shared tree with it. Tree nodes are reached by *action
    sequences*, not by states, so statistics are pooled across every deck
    order sampled (per-determinization UCT would split the budget over many
    small trees, each over-fitting one deck order). Because the cards
    revealed differ between samples, an action may be legal in one sample and
    not in another; below the root, selection only considers the actions
    legal in the current sample and uses *availability counts* in the UCB
    formula, as in Cowling, Powley and Whitehouse (2012), "Information Set
    Monte Carlo Tree Search".

The root: sequential halving with common random numbers
    At the root the question is only "which move is best", not "how good is
    the position", so the budget is spent by *sequential halving* (Karnin,
    Koren and Somekh 2013; the root rule of Gumbel MuZero): every candidate
    gets the same number of iterations, the worse half is dropped, and so on
    until one is left. Within a round every candidate is tried on the *same*
    determinization, so moves are compared on the same deck orders and their
    differences are not drowned in the luck of the draw. Rewards of close
    moves differ by a few hundredths, where UCB would spread its visits
    almost evenly anyway.

Which actions a node searches
    A turn offers up to about 150 actions (three cards, face up or down, on
    every free spot, after an optional key), far too many to try each one
    with a few dozen iterations. A node therefore searches only its
    ``width`` best actions by the greedy bot's one-turn evaluation
    (:func:`~castle_combo.bots.greedy.ranked_actions`), at most one per
    kind of move (a key use, each card face up, any card face down), ranked
    the first time the node is searched through. When a sample makes none of
    them legal (a refresh revealed other cards), that sample's best actions
    are added, up to ``max_rankings`` times per node, then the cheap
    :func:`~castle_combo.bots.playout.playout_move`. A leaf is only
    searched through once it has ``expand_after`` visits: with the default
    budget the search stays one move deep, and larger budgets (``mcts:400``)
    grow the tree into the other players' replies.

Rollouts and rewards
    From a leaf, the game continues with greedy policies for ``rounds`` of the
    searching seat's turns (two by default): the rest of its own turn, every
    other player's reply, its next turn, and the replies to that. The other
    players are modelled by the full greedy bot, keys included
    (``opponent_keys``): a reply that refreshes a row or moves the messenger
    is exactly what can spoil a move, and modelling the replies without keys
    cost about 8 points of win rate against the greedy bot (58% instead of 67%
    over 300 games; every win rate in this docstring comes from
    ``benchmarks/tune_mcts.py --games 300 --seed 2024`` with the settings
    named, which replays those very games). The searching seat's own later
    moves use the lighter greedy policy without keys (:func:`ranked_actions`
    with ``keys=False``, a third of the cost). The position reached when the
    searching seat is about to start its turn again is scored by the
    evaluation (each seat's lead over its best opponent, squashed into
    ``[0, 1]``, safely for any margin), which counts what the cards will
    still do after that point (start-of-turn effects for the turns left,
    end-of-game effects), as the rollout itself played the effects of the
    turns it went through; or, once the game is over, by
    :func:`~castle_combo.bots.evaluation.outcome_rewards` (a share of the
    win plus a little for the score margin). Stopping at the same point of the
    round keeps leaves comparable (a position judged just after one's own turn
    always looks better). Two rounds beat one (72% against 67% over 300 games
    each, the two-round search using 40 iterations instead of 96 to stay
    within the time limit): the evaluation of a position one round ahead
    cannot see which cards a move sets up for the next turn. Full playouts to
    the end were tried too: with a random policy they misjudge positions, and
    with the greedy policy they cost 40 ms each early in the game. Every node
    keeps the reward of the seat that chose the action leading to it, so the
    same code serves 2 to 5 players.

Why it beats the greedy bot
    Greedy judges a key refresh by the cards *one* sampled refill shows, so
    it refreshes whenever that sample is lucky; averaged over many samples,
    refreshing is usually worse than it looked. The search also sees the
    replies each move allows (the card left in the row, where the messenger
    goes) and what it sets up for its own next turn.

Budget
    ``iterations`` per move keeps simulations reproducible: the same ``rng``
    gives the same move on any machine. A few positions cost far more than the
    rest (many free spots and a key to spend early in the game), so the search
    also stops once it has evaluated ``max_positions`` positions (by default
    :data:`POSITIONS_PER_ITERATION` per iteration of the budget); a count,
    unlike a clock, is the same on every machine, and it keeps the slowest
    moves of a two-player game under 0.25 s (benchmarks/bench_agents.py prints
    the mean and slowest move; with more players each move costs more, about
    0.2 s on average with four). ``time_limit`` (seconds) additionally stops
    the search early; it makes moves depend on the machine's speed, so
    simulations that must be reproducible leave it unset.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

import attrs

import importlib.util as _importlib_util  # the one change to that commit's file: its evaluation, not today's
from pathlib import Path as _Path

_spec = _importlib_util.spec_from_file_location("evaluation_9522c7d", _Path(__file__).with_name("evaluation_9522c7d.py"))
_evaluation = _importlib_util.module_from_spec(_spec)
_spec.loader.exec_module(_evaluation)
Evaluation, Evaluator = _evaluation.Evaluation, _evaluation.Evaluator
outcome_rewards, squash_margins = _evaluation.outcome_rewards, _evaluation.squash_margins
from castle_combo.bots.greedy import ranked_actions
from castle_combo.bots.playout import playout_move
from castle_combo.engine.actions import Take
from castle_combo.engine.state import Phase

if TYPE_CHECKING:
    from castle_combo.engine.actions import Action
    from castle_combo.engine.state import GameState

__all__ = ["MctsAgent", "DEFAULT_ITERATIONS", "POSITIONS_PER_ITERATION"]

#: Iterations per move of the registry's "mcts" bot (about 0.1 s a move in a two-player game).
DEFAULT_ITERATIONS = 40

#: Positions a move may evaluate per iteration of its budget before the search stops early
#: (see the module docstring): 7,000 for the default 40 iterations.
POSITIONS_PER_ITERATION = 175


class _Node:
    """A node of the search tree: the statistics of one action sequence from the root.

    ``player`` is the seat that chose the action leading here, whose reward
    this node accumulates (-1 at the root). ``candidates`` are the actions
    searched here, best first. A plain class with slots: nodes are mutated
    constantly and never leave the search.
    """

    __slots__ = ("player", "visits", "available", "reward", "children", "candidates", "rankings")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[Action, _Node] = {}
        self.candidates: list[Action] = []
        self.rankings = 0

    @property
    def mean(self) -> float:
        """The mean reward of the visits so far (0 before any)."""
        return self.reward / self.visits if self.visits else 0.0


def _kind(action: Action) -> object:
    """What a move does, ignoring where a card goes (see :meth:`MctsAgent._distinct_best`)."""
    if isinstance(action, Take):
        return ("face down",) if action.face_down else ("face up", action.card)
    return action


@attrs.frozen
class MctsAgent:
    """Information-set MCTS with a fixed iteration budget (see the module docstring).

    ``width``: actions searched per node; ``expand_after``: visits before a
    leaf is searched through; ``max_rankings``: greedy rankings per node;
    ``exploration``: the UCB constant (rewards lie in ``[0, 1]``);
    ``rounds``: the searching seat's turns a rollout plays before judging;
    ``opponent_keys``: whether the other players' replies may spend keys;
    ``max_positions``: positions evaluated before the search stops early
    (``None``: no limit); ``margin_weight``: the part of a finished game's
    reward given for the score margin rather than the win.
    """

    iterations: int = DEFAULT_ITERATIONS
    time_limit: float | None = None
    max_positions: int | None = attrs.field(
        default=attrs.Factory(lambda agent: agent.iterations * POSITIONS_PER_ITERATION, takes_self=True)
    )
    width: int = 4
    expand_after: int = 20
    max_rankings: int = 3
    exploration: float = 0.4
    rounds: int = 2
    opponent_keys: bool = True
    margin_weight: float = 0.1
    evaluation: Evaluation = attrs.field(factory=Evaluation)
    name: str = "mcts"

    def choose(self, view: GameState, rng: random.Random) -> Action:
        """The root action with the best mean reward after sequential halving (see the module docstring)."""
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        me = view.current_player
        evaluator = self.evaluation.memoized()
        root = _Node(player=-1)
        arms = self._candidates(root, view.determinize(rng), rng, evaluator)
        if len(arms) == 1:
            return arms[0]
        for action in arms:
            root.children[action] = _Node(me)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit

        def out_of_budget() -> bool:
            if self.max_positions is not None and evaluator.positions >= self.max_positions:
                return True
            return deadline is not None and time.perf_counter() >= deadline

        phases = max(1, math.ceil(math.log2(len(arms))))
        spent = 0
        for phase in range(phases):
            rounds = max(1, (self.iterations - spent) // ((phases - phase) * len(arms)))
            for _ in range(rounds):
                state = view.determinize(rng)
                for action in arms:
                    self._iterate(root, action, state, rng, me, evaluator)
                spent += len(arms)
                if out_of_budget():
                    break
            arms = sorted(arms, key=lambda a: -root.children[a].mean)[: math.ceil(len(arms) / 2)]
            if len(arms) == 1 or out_of_budget():
                break
        return arms[0]

    def _candidates(self, node: _Node, state: GameState, rng: random.Random, evaluator: Evaluator) -> list[Action]:
        """The node's candidates legal in this determinization, adding some if none is.

        New candidates come from the greedy ranking at most ``max_rankings``
        times per node (a refresh node would otherwise rank in every sample,
        since each reveals other cards), then from the playout policy.
        """
        legal = state.legal_actions()
        if len(legal) == 1:
            return [legal[0]]
        available = [action for action in node.candidates if action in legal]
        if not available:
            if node.rankings < self.max_rankings:
                node.rankings += 1
                available = self._distinct_best(state, evaluator)
            else:
                available = [playout_move(state, rng)]
            node.candidates.extend(action for action in available if action not in node.candidates)
        return available

    def _distinct_best(self, state: GameState, evaluator: Evaluator) -> list[Action]:
        """The ``width`` best actions by the greedy ranking, at most one per kind of move.

        A kind is a key use, a card taken face up, or any card taken face
        down (they differ only in position and in the card left to others).
        Without this, equal-valued face-down takes at every free spot would
        fill all the slots and leave the search nothing to compare.
        """
        chosen: list[Action] = []
        kinds: set[object] = set()
        for _, action in ranked_actions(state, evaluator):
            kind = _kind(action)
            if kind in kinds:
                continue
            kinds.add(kind)
            chosen.append(action)
            if len(chosen) == self.width:
                break
        return chosen

    def _rollout(self, state: GameState, me: int, evaluator: Evaluator) -> tuple[float, ...]:
        """Play the light greedy policy until ``me`` has started ``rounds`` more turns; reward every seat.

        The turn ``me`` is in (if any) is finished first; each later turn of
        ``me`` is played by the policy too, except the last one reached, where
        the position is judged.
        """
        starts = 0
        while not state.is_over:
            if state.current_player == me and state.phase is Phase.START:
                starts += 1
                if starts >= self.rounds:
                    break
            keys = self.opponent_keys and state.current_player != me
            state = state.apply(ranked_actions(state, evaluator, keys=keys)[0][1])
        if state.is_over:
            return outcome_rewards(state, self.margin_weight)
        return squash_margins(evaluator.values(state), evaluator.margin_scale)

    def _iterate(
        self, root: _Node, first: Action, state: GameState, rng: random.Random, me: int, evaluator: Evaluator
    ) -> None:
        """One iteration: play ``first`` from the root, descend the tree below it, roll out, back up."""
        node = root.children[first]
        state = state.apply(first)
        path = [root, node]
        while not state.is_over and node.visits >= self.expand_after:
            mover = state.current_player
            available = self._candidates(node, state, rng, evaluator)
            for action in available:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            fresh = next((action for action in available if action not in node.children), None)
            if fresh is not None:
                child = _Node(mover)
                child.available = 1
                node.children[fresh] = child
                state = state.apply(fresh)
                path.append(child)
                break
            action = self._select(node, available)
            node = node.children[action]
            state = state.apply(action)
            path.append(node)
        rewards = self._rollout(state, me, evaluator)
        for visited in path:
            visited.visits += 1
            if visited.player >= 0:
                visited.reward += rewards[visited.player]

    def _select(self, node: _Node, available: list[Action]) -> Action:
        """The available child with the best UCB score (availability-count variant)."""
        best_action = available[0]
        best_score = -math.inf
        c = self.exploration
        for action in available:
            child = node.children[action]
            score = child.reward / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best_action, best_score = action, score
        return best_action
