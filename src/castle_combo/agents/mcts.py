"""The MCTS bot: Monte Carlo tree search over determinizations of the hidden decks.

What is hidden
    In Castle Combo every player sees everything except the order of the two
    decks (and, for a bot, which cards a key refresh or a refill will
    reveal). So the only hidden information is *chance*, shared by all
    players: there are no private hands to guess.

The search: single-observer information-set MCTS (SO-ISMCTS)
    Each iteration draws a fresh *determinization* of the bot's view
    (``view.determinize(rng)``: the unseen cards reshuffled into the decks)
    and walks one shared tree with it. Tree nodes are reached by *action
    sequences*, not by states, so statistics are pooled across all the
    deck orders sampled (per-determinization UCT would instead split the
    budget over many separate trees, each over-fitting one deck order).
    Because the cards revealed after a move differ between samples, an
    action may be legal in one sample and not in another; selection only
    considers the actions legal in the current sample and uses *availability
    counts* (how often a child was selectable) in the UCB formula, as in
    Cowling, Powley and Whitehouse (2012), "Information Set Monte Carlo Tree
    Search".

Rollouts and rewards
    From a new leaf the game is played on for ``rollout_turns`` turns with a
    cheap policy (:func:`~castle_combo.agents.greedy.light_policy`: the
    bot takes the card that scores best right now, mixing in random moves),
    then scored: a finished game gives 1 for a win, 0 for a loss and
    ``1 / winners`` for a shared win, plus a small bonus for the score
    margin; an unfinished one gives the evaluation margin squashed into
    ``(0, 1)``. Every node keeps the reward of the player who chose the
    action leading to it, so the same code serves 2 to 5 players.

Budget
    ``iterations`` per move (default chosen to stay well under 0.25 s per move
    on a laptop) keeps simulations reproducible: the same ``rng`` gives the
    same move on any machine. ``time_limit`` (seconds) additionally stops
    the search early; it makes moves depend on the machine's speed, so
    simulations that must be reproducible leave it unset.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

import attrs

from castle_combo.agents.evaluation import Evaluation, outcome_rewards, squash_margins
from castle_combo.agents.greedy import light_policy

if TYPE_CHECKING:
    from castle_combo.actions import Action
    from castle_combo.state import GameState

__all__ = ["MctsAgent", "DEFAULT_ITERATIONS"]

#: Iterations per move of the registry's "mcts" bot.
DEFAULT_ITERATIONS = 300


class _Node:
    """A node of the search tree: the statistics of one action sequence from the root.

    ``player`` is the seat that chose the action leading here, whose reward
    this node accumulates. A plain class with slots: nodes are mutated
    millions of times per simulation and never leave the search.
    """

    __slots__ = ("player", "visits", "available", "reward", "children")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[Action, _Node] = {}


@attrs.frozen
class MctsAgent:
    """Information-set MCTS with a fixed iteration budget (see the module docstring).

    ``exploration`` is the UCB constant (rewards lie in ``[0, 1]``);
    ``rollout_turns`` how many turns a rollout plays before the evaluation
    takes over (the game's end stops it earlier).
    """

    iterations: int = DEFAULT_ITERATIONS
    time_limit: float | None = None
    exploration: float = 0.7
    rollout_turns: int = 2
    evaluation: Evaluation = attrs.field(factory=Evaluation)
    name: str = "mcts"

    def choose(self, view: GameState, rng: random.Random) -> Action:
        """The most visited root action after the search budget is spent."""
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        root = _Node(player=-1)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for _ in range(self.iterations):
            self._iterate(root, view.determinize(rng), rng)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        best = max(
            actions,
            key=lambda a: (root.children[a].visits, root.children[a].reward) if a in root.children else (-1, 0.0),
        )
        return best

    def _iterate(self, root: _Node, state: GameState, rng: random.Random) -> None:
        """One iteration: select and expand with one determinization, roll out, back up."""
        path = [root]
        node = root
        while not state.is_over:
            legal = state.legal_actions()
            mover = state.current_player
            untried = [a for a in legal if a not in node.children]
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = _Node(mover)
                child.available = 1
                node.children[action] = child
                state = state.apply(action)
                path.append(child)
                break
            action = self._select(node, legal)
            node = node.children[action]
            state = state.apply(action)
            path.append(node)
        rewards = self._rollout(state, rng)
        for visited in path:
            visited.visits += 1
            if visited.player >= 0:
                visited.reward += rewards[visited.player]

    def _select(self, node: _Node, legal: tuple[Action, ...]) -> Action:
        """The legal child with the best UCB score (availability-count variant)."""
        best_action = legal[0]
        best_score = -math.inf
        c = self.exploration
        for action in legal:
            child = node.children[action]
            score = child.reward / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best_action, best_score = action, score
        return best_action

    def _rollout(self, state: GameState, rng: random.Random) -> tuple[float, ...]:
        """Play ``rollout_turns`` turns with the light policy, then reward every seat."""
        turns = 0
        mover = state.current_player
        while not state.is_over and turns < self.rollout_turns:
            state = state.apply(light_policy(state, rng, self.evaluation))
            if state.current_player != mover:
                turns += 1
                mover = state.current_player
        if state.is_over:
            return outcome_rewards(state)
        return squash_margins(self.evaluation.values(state), self.evaluation.margin_scale)
