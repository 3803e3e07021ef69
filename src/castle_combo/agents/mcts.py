"""The MCTS bot: Monte Carlo tree search over determinizations of the hidden decks.

What is hidden
    In Castle Combo every player sees everything except the order of the two
    decks, so the only hidden information is *chance* (which cards a refill
    or a key refresh will reveal), shared by all players: there are no
    private hands to guess.

The search: single-observer information-set MCTS (SO-ISMCTS)
    Each iteration draws a fresh *determinization* of the bot's view
    (``view.determinize(rng)``: the unseen cards reshuffled into the decks)
    and walks one shared tree with it. Tree nodes are reached by *action
    sequences*, not by states, so statistics are pooled across every deck
    order sampled (per-determinization UCT would split the budget over many
    small trees, each over-fitting one deck order). Because the cards
    revealed differ between samples, an action may be legal in one sample and
    not in another; selection only considers the actions legal in the current
    sample and uses *availability counts* in the UCB formula, as in Cowling,
    Powley and Whitehouse (2012), "Information Set Monte Carlo Tree Search".

Which actions a node searches
    A turn offers up to about 150 actions (three cards, face up or down, on
    every free spot, after an optional key), far too many to try each one.
    A node therefore searches only its ``width`` best actions by the greedy
    bot's one-turn evaluation (:func:`~castle_combo.agents.greedy.ranked_actions`),
    ranked the first time the node is searched through; when a sample makes
    none of them legal (a refresh revealed other cards), that sample's best
    actions are ranked and added. Ranking costs a few milliseconds, so a leaf
    is only expanded once it has ``expand_after`` visits, except in the middle
    of a turn (after a key, or before an ability's decision), where the rest
    of the turn is searched at once: a key is only as good as the card it
    lets you take.

Playouts and rewards
    From a leaf the game is played to its end with the cheap
    :func:`~castle_combo.agents.playout.playout_move` policy, and every seat
    is rewarded by :func:`~castle_combo.agents.evaluation.outcome_rewards`:
    a share of the win plus a little for the score margin. Finished games,
    not a heuristic, judge the leaves: a tableau's final rows and columns
    only exist at the end, and the playouts are what reveal whether the
    cards placed now will pay off there. Every node keeps the reward of the
    seat that chose the action leading to it, so the same code serves 2 to
    5 players.

Budget
    ``iterations`` per move (the default stays well under 0.25 s per move)
    keeps simulations reproducible: the same ``rng`` gives the same move on
    any machine. ``time_limit`` (seconds) additionally stops the search
    early; it makes moves depend on the machine's speed, so simulations that
    must be reproducible leave it unset.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

import attrs

from castle_combo.actions import Take
from castle_combo.agents.evaluation import Evaluation, outcome_rewards, squash_margins
from castle_combo.state import Phase
from castle_combo.agents.greedy import ranked_actions
from castle_combo.agents.playout import light_greedy_move, playout_move

if TYPE_CHECKING:
    from castle_combo.actions import Action
    from castle_combo.state import GameState

__all__ = ["MctsAgent", "DEFAULT_ITERATIONS"]

#: Iterations per move of the registry's "mcts" bot.
DEFAULT_ITERATIONS = 120


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


def _kind(action: Action) -> object:
    """What a move does, ignoring where a card goes (see :meth:`MctsAgent._distinct_best`)."""
    if isinstance(action, Take):
        return ("face down",) if action.face_down else ("face up", action.card)
    return action


@attrs.frozen
class MctsAgent:
    """Information-set MCTS with a fixed iteration budget (see the module docstring).

    ``width``: actions searched per node; ``expand_after``: visits before a
    leaf is searched through; ``max_rankings``: greedy rankings per node; ``exploration``: the UCB constant (rewards
    lie in ``[0, 1]``).
    """

    iterations: int = DEFAULT_ITERATIONS
    time_limit: float | None = None
    width: int = 3
    expand_after: int = 20
    max_rankings: int = 3
    exploration: float = 0.4
    margin_weight: float = 0.1
    leaf: str = "playout"
    batch: int = 1
    rounds: int = 1
    evaluation: Evaluation = attrs.field(factory=Evaluation)
    name: str = "mcts"

    def choose(self, view: GameState, rng: random.Random) -> Action:
        """The most visited root action after the search budget is spent."""
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        root = _Node(player=-1)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        state = view
        playout_seed = 0
        for i in range(self.iterations):
            if i % self.batch == 0:
                state = view.determinize(rng)
                playout_seed = rng.getrandbits(64)
            self._iterate(root, state, random.Random(playout_seed), view.current_player)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        best_action, best_key = actions[0], (-1, -math.inf)
        for action, child in root.children.items():
            key = (child.visits, child.reward)
            if key > best_key:
                best_action, best_key = action, key
        return best_action

    def _candidates(self, node: _Node, state: GameState, rng: random.Random) -> list[Action]:
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
                available = self._distinct_best(state)
            else:
                available = [playout_move(state, rng)]
            node.candidates.extend(action for action in available if action not in node.candidates)
        return available

    def _distinct_best(self, state: GameState) -> list[Action]:
        """The ``width`` best actions by the greedy ranking, at most one per kind of move.

        A kind is a key use, a card taken face up, or any card taken face
        down (they differ only in position and in the card left to others).
        Without this, equal-valued face-down takes at every free spot would
        fill all the slots and leave the search nothing to compare.
        """
        chosen: list[Action] = []
        kinds: set[object] = set()
        for _, action in ranked_actions(state, self.evaluation):
            kind = _kind(action)
            if kind in kinds:
                continue
            kinds.add(kind)
            chosen.append(action)
            if len(chosen) == self.width:
                break
        return chosen

    def _leaf_rewards(self, state: GameState, rng: random.Random, me: int) -> tuple[float, ...]:
        if self.leaf == "playout":
            while not state.is_over:
                state = state.apply(playout_move(state, rng))
        elif self.leaf == "light":
            while not state.is_over:
                state = state.apply(light_greedy_move(state, rng, self.evaluation))
        else:
            rounds_left = self.rounds
            while not state.is_over:
                if state.current_player == me and state.phase is Phase.START:
                    rounds_left -= 1
                    if rounds_left <= 0:
                        break
                state = state.apply(ranked_actions(state, self.evaluation, keys=False)[0][1])
        if state.is_over:
            return outcome_rewards(state, self.margin_weight)
        return squash_margins(self.evaluation.values(state), self.evaluation.margin_scale)

    def _iterate(self, root: _Node, state: GameState, rng: random.Random, me: int) -> None:
        """One iteration: select and expand with one determinization, play out, back up."""
        path = [root]
        node = root
        while not state.is_over:
            mover = state.current_player
            mid_turn = node.player == mover
            if node is not root and not mid_turn and node.visits < self.expand_after:
                break
            available = self._candidates(node, state, rng)
            for action in available:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            fresh = next((action for action in available if action not in node.children), None)
            if fresh is not None:
                child = _Node(mover)
                child.available = 1
                node.children[fresh] = child
                node = child
                state = state.apply(fresh)
                path.append(node)
                if not (state.current_player == mover and not state.is_over):
                    break
                continue
            action = self._select(node, available)
            node = node.children[action]
            state = state.apply(action)
            path.append(node)
        rewards = self._leaf_rewards(state, rng, me)
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
