"""Bots by name, as the command line spells them: ``random``, ``greedy``, ``mcts``.

A bot *spec* is a name, optionally followed by ``:`` and a budget for the
bots that search: ``mcts:400`` is MCTS with 400 iterations per move. Specs
are plain strings so that a simulation can ship them to worker processes
and rebuild identical bots there.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from types import MappingProxyType

from castle_combo.agents.base import Agent
from castle_combo.errors import CastleComboError

__all__ = ["UnknownAgentError", "AGENTS", "agent_names", "make_agent", "parse_agents"]


class UnknownAgentError(CastleComboError):
    """A bot spec names no known bot, or gives a budget the bot cannot use."""


def _random(budget: int | None) -> Agent:
    from castle_combo.agents.random_agent import RandomAgent

    return RandomAgent()


def _greedy(budget: int | None) -> Agent:
    from castle_combo.agents.greedy import GreedyAgent

    return GreedyAgent()


def _mcts(budget: int | None) -> Agent:
    from castle_combo.agents.mcts import MctsAgent

    return MctsAgent() if budget is None else MctsAgent(iterations=budget)


#: Factories by bot name; each takes the optional budget of the spec.
AGENTS: Mapping[str, Callable[[int | None], Agent]] = MappingProxyType(
    {"random": _random, "greedy": _greedy, "mcts": _mcts}
)

#: Bots whose spec may carry a budget (``mcts:400``).
_BUDGETED = frozenset({"mcts"})


def agent_names() -> tuple[str, ...]:
    """The registered bot names, sorted."""
    return tuple(sorted(AGENTS))


def _unknown(name: str) -> str:
    close = difflib.get_close_matches(name.lower(), AGENTS, n=1, cutoff=0.5)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"unknown bot {name!r}{hint} (choose from {', '.join(agent_names())})"


def make_agent(spec: str) -> Agent:
    """The bot a spec names: ``"greedy"``, ``"mcts"`` or ``"mcts:400"``.

    Raises :class:`UnknownAgentError` with a did-you-mean hint for an unknown
    name, and for a budget that is not a positive whole number.
    """
    name, _, budget_text = spec.strip().partition(":")
    name = name.strip()
    if name not in AGENTS:
        raise UnknownAgentError(_unknown(name))
    budget: int | None = None
    if budget_text:
        if name not in _BUDGETED:
            raise UnknownAgentError(f"bot {name!r} takes no budget; write {name!r} instead of {spec!r}")
        try:
            budget = int(budget_text)
        except ValueError:
            budget = 0
        if budget <= 0:
            raise UnknownAgentError(
                f"bad budget {budget_text!r} in bot {spec!r}; write a positive number of iterations, "
                f"e.g. '{name}:400'"
            )
    return AGENTS[name](budget)


def parse_agents(text: str) -> tuple[str, ...]:
    """Split a comma-separated list of bot specs, checking every one (``"mcts,greedy"``)."""
    specs = tuple(part.strip() for part in text.split(","))
    if not specs or any(not spec for spec in specs):
        raise UnknownAgentError(f"empty bot name in {text!r}; write names separated by commas, e.g. 'greedy,random'")
    for spec in specs:
        make_agent(spec)
    return specs
