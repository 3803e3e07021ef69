"""Bots that play Castle Combo through the public API (``view``, ``legal_actions``, ``apply``).

They judge positions with :class:`Evaluation`, which also values what the
cards will still do by letting the engine resolve it on a scratch copy
(:mod:`castle_combo.engine.foresight`), never by knowing a card.

* :class:`RandomAgent` (``"random"``): a uniform choice among the legal actions;
* :class:`GreedyAgent` (``"greedy"``): the best end-of-turn position by a heuristic;
* :class:`MctsAgent` (``"mcts"``): Monte Carlo search over determinizations of
  the hidden decks (flat at the root's candidates by default; a tree on request).

Every bot follows :class:`Agent`: ``choose(view, rng) -> action``, where
``view`` is ``state.view(seat)``. :func:`make_agent` builds one by name,
including bots other packages register under the ``castle_combo.bots``
entry point (:data:`AGENTS_GROUP`). The engine knows nothing of this package.
"""

from __future__ import annotations

from castle_combo.bots.base import Agent
from castle_combo.bots.evaluation import Evaluation, MemoizedEvaluation
from castle_combo.bots.greedy import GreedyAgent
from castle_combo.bots.mcts import MctsAgent
from castle_combo.bots.random_agent import RandomAgent
from castle_combo.bots.registry import (
    AGENTS,
    AGENTS_GROUP,
    UnknownAgentError,
    agent_names,
    installed_agents,
    make_agent,
    parse_agents,
)

__all__ = [
    "Agent",
    "Evaluation",
    "MemoizedEvaluation",
    "RandomAgent",
    "GreedyAgent",
    "MctsAgent",
    "AGENTS",
    "AGENTS_GROUP",
    "UnknownAgentError",
    "agent_names",
    "installed_agents",
    "make_agent",
    "parse_agents",
]
