"""Bots by name, as the command line spells them: ``random``, ``greedy``, ``mcts``, and installed ones.

A bot *spec* is a name, optionally followed by ``:`` and a budget for the
bots that search: ``mcts:400`` is MCTS with 400 iterations per move. Specs
are plain strings so that a simulation can ship them to worker processes
and rebuild identical bots there.

Other packages add bots under the ``castle_combo.bots`` entry-point group
(as card expansions do under ``castle_combo.expansions``). The entry point
names a callable, usually the bot's class: it is called with no argument,
or with the budget when the spec gives one (``mybot:200``). Once the package
is installed, ``castle-combo simulate --bots mybot,greedy`` plays it, in
worker processes too. A built-in name cannot be taken over.
"""

from __future__ import annotations

import difflib
import importlib.metadata
from collections.abc import Callable, Mapping
from types import MappingProxyType

from castle_combo.bots.base import Agent
from castle_combo.errors import UnknownAgentError

__all__ = [
    "UnknownAgentError",
    "AGENTS",
    "AGENTS_GROUP",
    "agent_names",
    "installed_agents",
    "make_agent",
    "parse_agents",
]

#: The entry-point group under which other packages register bots.
AGENTS_GROUP = "castle_combo.agents"


def _random(budget: int | None) -> Agent:
    from castle_combo.bots.random_agent import RandomAgent

    return RandomAgent()


def _greedy(budget: int | None) -> Agent:
    from castle_combo.bots.greedy import GreedyAgent

    return GreedyAgent()


def _mcts(budget: int | None) -> Agent:
    from castle_combo.bots.mcts import MctsAgent

    return MctsAgent() if budget is None else MctsAgent(iterations=budget)


#: Factories by bot name; each takes the optional budget of the spec.
AGENTS: Mapping[str, Callable[[int | None], Agent]] = MappingProxyType(
    {"random": _random, "greedy": _greedy, "mcts": _mcts}
)

#: Bots whose spec may carry a budget (``mcts:400``).
_BUDGETED = frozenset({"mcts"})


def installed_agents() -> dict[str, importlib.metadata.EntryPoint]:
    """The bots other packages register under :data:`AGENTS_GROUP`, by name (built-in names left out)."""
    found = importlib.metadata.entry_points(group=AGENTS_GROUP)
    return {entry.name: entry for entry in sorted(found, key=lambda e: e.name) if entry.name not in AGENTS}


def agent_names() -> tuple[str, ...]:
    """The names of the built-in and the installed bots, sorted."""
    return tuple(sorted({*AGENTS, *installed_agents()}))


def _make_installed(entry: importlib.metadata.EntryPoint, budget: int | None) -> Agent:
    """Build an installed bot, turning every way it can fail into an error that names the package."""
    where = f"the installed bot {entry.name!r} ({entry.value})"
    try:
        factory = entry.load()
    except Exception as error:  # an installed plugin can fail to import in any way
        raise UnknownAgentError(f"{where} cannot be loaded: {error}; reinstall the package that provides it") from None
    try:
        agent = factory() if budget is None else factory(budget)
    except Exception as error:  # the plugin's own constructor
        given = "no argument" if budget is None else f"the budget {budget}"
        raise UnknownAgentError(f"{where} could not be built with {given}: {error}") from None
    if not isinstance(agent, Agent):
        raise UnknownAgentError(
            f"{where} built {agent!r}, which is not a bot: it needs a 'name' and a 'choose(view, rng)' method"
        )
    return agent


def _unknown(name: str) -> str:
    close = difflib.get_close_matches(name.lower(), agent_names(), n=1, cutoff=0.5)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"unknown bot {name!r}{hint} (choose from {', '.join(agent_names())})"


def make_agent(spec: str) -> Agent:
    """The bot a spec names: ``"greedy"``, ``"mcts"``, ``"mcts:400"`` or an installed bot's name.

    Raises :class:`UnknownAgentError` with a did-you-mean hint for an unknown
    name, for a budget that is not a positive whole number, and for an
    installed bot that cannot be loaded or built.
    """
    name, _, budget_text = spec.strip().partition(":")
    name = name.strip()
    installed = None
    if name not in AGENTS:
        installed = installed_agents().get(name)
        if installed is None:
            raise UnknownAgentError(_unknown(name))
    budget: int | None = None
    if budget_text:
        if installed is None and name not in _BUDGETED:
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
    if installed is not None:
        return _make_installed(installed, budget)
    return AGENTS[name](budget)


def parse_agents(text: str) -> tuple[str, ...]:
    """Split a comma-separated list of bot specs, checking every one (``"mcts,greedy"``)."""
    specs = tuple(part.strip() for part in text.split(","))
    if not specs or any(not spec for spec in specs):
        raise UnknownAgentError(f"empty bot name in {text!r}; write names separated by commas, e.g. 'greedy,random'")
    for spec in specs:
        make_agent(spec)
    return specs
