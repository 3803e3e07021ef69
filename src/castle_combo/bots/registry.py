"""Bots by name, as the command line spells them: ``random``, ``greedy``, ``mcts``, and installed ones.

A bot *spec* is a name, optionally followed by ``:`` and a budget for the
bots that search:

* ``mcts:400`` is MCTS with 400 iterations per move: a *counted* budget,
  which gives the same moves on every machine (the default, and what
  reproducible simulations use);
* ``mcts:time=0.5`` is MCTS thinking about half a second per move: a *time*
  budget, which plays about as well on a slow machine as on a fast one, at
  the price of reproducibility (the moves depend on the machine's speed and
  load; :func:`is_timed` tells, and ``simulate`` and ``balance`` say so).

Specs are plain strings so that a simulation can ship them to worker
processes and rebuild identical bots there; :func:`parse_spec` reads one
into a :class:`BotSpec`.

Other packages add bots under the ``castle_combo.agents`` entry-point group
(as card expansions do under ``castle_combo.expansions``). The entry point
names a callable, usually the bot's class: it is called with no argument,
with the budget when the spec gives one (``mybot:200``), or with the keyword
``time_limit`` in seconds for a time budget (``mybot:time=0.5``). Once the
package is installed, ``castle-combo simulate --bots mybot,greedy`` plays
it, in worker processes too. A built-in name cannot be taken over.
"""

from __future__ import annotations

import difflib
import importlib.metadata
import math
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType

import attrs

from castle_combo.bots.base import Agent
from castle_combo.errors import UnknownAgentError

__all__ = [
    "UnknownAgentError",
    "AGENTS",
    "AGENTS_GROUP",
    "BotSpec",
    "agent_names",
    "installed_agents",
    "is_timed",
    "make_agent",
    "parse_agents",
    "parse_spec",
    "timed_specs",
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


def _mcts_timed(seconds: float) -> Agent:
    from castle_combo.bots.mcts import MctsAgent

    return MctsAgent.thinking_for(seconds)


#: Factories by bot name; each takes the optional budget of the spec.
AGENTS: Mapping[str, Callable[[int | None], Agent]] = MappingProxyType(
    {"random": _random, "greedy": _greedy, "mcts": _mcts}
)

#: Bots whose spec may carry a budget (``mcts:400``), and their factories for a time budget (``mcts:time=0.5``).
_TIMED: Mapping[str, Callable[[float], Agent]] = MappingProxyType({"mcts": _mcts_timed})

#: The longest time budget accepted, in seconds per move (an hour: anything longer is a typo).
MAX_SECONDS = 3600.0


@attrs.frozen
class BotSpec:
    """A bot spec read by :func:`parse_spec`: the bot's name and its budget, if any.

    At most one of ``iterations`` (``mcts:400``) and ``seconds``
    (``mcts:time=0.5``) is set; with neither, the bot plays with its own
    default budget. ``str(spec)`` spells it as the command line does.
    """

    name: str
    iterations: int | None = None
    seconds: float | None = None

    @property
    def timed(self) -> bool:
        """Whether the budget is a time per move (moves then depend on the machine's speed and load)."""
        return self.seconds is not None

    def __str__(self) -> str:
        if self.iterations is not None:
            return f"{self.name}:{self.iterations}"
        if self.seconds is not None:
            return f"{self.name}:time={self.seconds:g}"
        return self.name


def installed_agents() -> dict[str, importlib.metadata.EntryPoint]:
    """The bots other packages register under :data:`AGENTS_GROUP`, by name (built-in names left out)."""
    found = importlib.metadata.entry_points(group=AGENTS_GROUP)
    return {entry.name: entry for entry in sorted(found, key=lambda e: e.name) if entry.name not in AGENTS}


def agent_names() -> tuple[str, ...]:
    """The names of the built-in and the installed bots, sorted."""
    return tuple(sorted({*AGENTS, *installed_agents()}))


def _make_installed(entry: importlib.metadata.EntryPoint, spec: BotSpec) -> Agent:
    """Build an installed bot, turning every way it can fail into an error that names the package."""
    where = f"the installed bot {entry.name!r} ({entry.value})"
    try:
        factory = entry.load()
    except Exception as error:  # an installed plugin can fail to import in any way
        raise UnknownAgentError(f"{where} cannot be loaded: {error}; reinstall the package that provides it") from None
    try:
        if spec.seconds is not None:
            agent = factory(time_limit=spec.seconds)
        elif spec.iterations is not None:
            agent = factory(spec.iterations)
        else:
            agent = factory()
    except Exception as error:  # the plugin's own constructor
        if spec.seconds is not None:
            given = f"the time budget time_limit={spec.seconds:g}"
        elif spec.iterations is not None:
            given = f"the budget {spec.iterations}"
        else:
            given = "no argument"
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


def _seconds(text: str, spec: str, name: str) -> float:
    """The seconds of a time budget (``time=0.5``), or an error that shows the accepted form."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= MAX_SECONDS:  # also refuses nan and inf
        raise UnknownAgentError(
            f"bad time budget {text!r} in bot {spec!r}; write the seconds per move as a positive number "
            f"up to {MAX_SECONDS:g}, e.g. '{name}:time=0.5'"
        )
    return seconds


def _iterations(text: str, spec: str, name: str) -> int:
    """The iterations of a counted budget (``400``), or an error that shows both accepted forms."""
    key, equals, _ = text.partition("=")
    if equals:
        raise UnknownAgentError(
            f"unknown budget {key.strip()!r} in bot {spec!r}; write '{name}:N' for N iterations per move "
            f"or '{name}:time=S' for S seconds per move, e.g. '{name}:400' or '{name}:time=0.5'"
        )
    try:
        budget = int(text)
    except ValueError:
        budget = 0
    if budget <= 0:
        raise UnknownAgentError(
            f"bad budget {text!r} in bot {spec!r}; write a positive number of iterations, e.g. '{name}:400', "
            f"or seconds per move, e.g. '{name}:time=0.5'"
        )
    return budget


def parse_spec(spec: str) -> BotSpec:
    """Read a bot spec (``"greedy"``, ``"mcts:400"``, ``"mcts:time=0.5"``) without building the bot.

    Raises :class:`UnknownAgentError` with a did-you-mean hint for an unknown
    name, and with the accepted forms for a budget that is not a positive
    whole number of iterations or a positive number of seconds
    (``time=S``), or that is given to a bot that takes none.
    """
    name, colon, budget_text = spec.strip().partition(":")
    name = name.strip()
    budget_text = budget_text.strip()
    installed = name not in AGENTS and name in installed_agents()
    if name not in AGENTS and not installed:
        raise UnknownAgentError(_unknown(name))
    if not colon:
        return BotSpec(name)
    if not installed and name not in _TIMED:
        raise UnknownAgentError(f"bot {name!r} takes no budget; write {name!r} instead of {spec.strip()!r}")
    if not budget_text:
        raise UnknownAgentError(
            f"missing budget after ':' in bot {spec.strip()!r}; write '{name}:400' for 400 iterations per move "
            f"or '{name}:time=0.5' for half a second per move"
        )
    key, equals, value = budget_text.partition("=")
    if equals and key.strip() == "time":
        return BotSpec(name, seconds=_seconds(value.strip(), spec.strip(), name))
    return BotSpec(name, iterations=_iterations(budget_text, spec.strip(), name))


def make_agent(spec: str) -> Agent:
    """The bot a spec names: ``"greedy"``, ``"mcts"``, ``"mcts:400"``, ``"mcts:time=0.5"`` or an installed bot.

    Raises :class:`UnknownAgentError` as :func:`parse_spec` does, and for an
    installed bot that cannot be loaded or built.
    """
    parsed = parse_spec(spec)
    if parsed.name not in AGENTS:
        return _make_installed(installed_agents()[parsed.name], parsed)
    if parsed.seconds is not None:
        return _TIMED[parsed.name](parsed.seconds)
    return AGENTS[parsed.name](parsed.iterations)


def parse_agents(text: str) -> tuple[str, ...]:
    """Split a comma-separated list of bot specs, checking every one (``"mcts,greedy"``)."""
    specs = tuple(part.strip() for part in text.split(","))
    if not specs or any(not spec for spec in specs):
        raise UnknownAgentError(f"empty bot name in {text!r}; write names separated by commas, e.g. 'greedy,random'")
    for spec in specs:
        make_agent(spec)
    return specs


def is_timed(bot: object) -> bool:
    """Whether ``bot`` (a spec or an agent object) thinks for a time per move rather than a count.

    A spec is timed when it says ``time=`` (``"mcts:time=0.5"``); an object
    when it has a ``time_limit`` that is not ``None`` (as
    :class:`~castle_combo.bots.mcts.MctsAgent` does). Games with such a bot
    depend on the machine's speed and load, so they cannot be reproduced
    from their seed.
    """
    if isinstance(bot, str):
        try:
            return parse_spec(bot).timed
        except UnknownAgentError:
            return False
    return getattr(bot, "time_limit", None) is not None


def timed_specs(bots: Iterable[object]) -> tuple[str, ...]:
    """The bots among ``bots`` (specs or objects) that :func:`is_timed`, as reports name them, in order."""
    names = []
    for bot in bots:
        if is_timed(bot):
            names.append(bot if isinstance(bot, str) else str(getattr(bot, "name", bot)))
    return tuple(dict.fromkeys(names))
