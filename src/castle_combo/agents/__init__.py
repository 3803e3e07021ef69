"""Bots that play Castle Combo through the public API (``view``, ``legal_actions``, ``apply``).

* :class:`RandomAgent` (``"random"``): a uniform choice among the legal actions;
* :class:`GreedyAgent` (``"greedy"``): the best end-of-turn position by a heuristic;
* :class:`MctsAgent` (``"mcts"``): information-set Monte Carlo tree search over
  determinizations of the hidden decks.

Every bot follows :class:`Agent`: ``choose(view, rng) -> action``, where
``view`` is ``state.view(seat)``. :func:`make_agent` builds one by name.
The engine knows nothing of this package.
"""

from __future__ import annotations

from castle_combo.agents.base import Agent
from castle_combo.agents.evaluation import Evaluation
from castle_combo.agents.greedy import GreedyAgent
from castle_combo.agents.mcts import MctsAgent
from castle_combo.agents.random_agent import RandomAgent
from castle_combo.agents.registry import AGENTS, UnknownAgentError, agent_names, make_agent, parse_agents

__all__ = [
    "Agent",
    "Evaluation",
    "RandomAgent",
    "GreedyAgent",
    "MctsAgent",
    "AGENTS",
    "UnknownAgentError",
    "agent_names",
    "make_agent",
    "parse_agents",
]
