"""The module paths of castle-combo before version 0.2, still importable with a warning.

Version 0.2 moved the modules into folders that show the layers
(``language/``, ``engine/``, ``records/``, ``bots/``, ...; the design page,
"Data flows one way"). Code written for the old paths keeps working until
1.0: ``import castle_combo.model`` gives the module
``castle_combo.language.model`` itself (the same object, so classes compare
equal and pickles agree) and a :class:`DeprecationWarning` naming the new
path. (The old module ``castle_combo.records`` is now
``castle_combo.engine.record``: its name is the records layer's folder.)
:data:`FINDER` is installed once, first in :data:`sys.meta_path`, by
the package's ``__init__``; it answers only for the names below.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
import warnings
from collections.abc import Sequence

__all__ = ["FINDER", "MOVED", "install"]

#: Old module path -> new module path, both relative to ``castle_combo``.
MOVED: dict[str, str] = {
    "abilities": "engine.abilities",
    "actions": "engine.actions",
    "agents": "bots",
    "agents.base": "bots.base",
    "agents.evaluation": "bots.evaluation",
    "agents.greedy": "bots.greedy",
    "agents.mcts": "bots.mcts",
    "agents.playout": "bots.playout",
    "agents.random_agent": "bots.random_agent",
    "agents.registry": "bots.registry",
    "backends": "bots.backends",
    "balance": "bots.balance",
    "compiled": "engine.compiled",
    "counting": "engine.counting",
    "decisions": "engine.decisions",
    "dsl": "language",
    "dsl.cache": "language.cache",
    "dsl.cachedir": "language.cachedir",
    "dsl.diagnostics": "language.diagnostics",
    "dsl.errors": "language.messages",
    "dsl.formatter": "language.formatter",
    "dsl.loader": "language.loader",
    "dsl.parser": "language.parser",
    "dsl.regions": "language.regions",
    "dsl.transformer": "language.transformer",
    "english": "language.english",
    "game": "engine.game",
    "integrity": "records.integrity",
    "jsontext": "records.jsontext",
    "lexer": "language.lexer",
    "lock_rulings": "engine.lock_rulings",
    "model": "language.model",
    "narration": "records.narration",
    "placement": "engine.placement",
    "replay_page": "records.replay_page",
    "rules": "engine.rules",
    "ruleset": "language.ruleset",
    "scoring": "engine.scoring",
    "serialize": "records.serialize",
    "shuffling": "engine.shuffling",
    "simulate": "bots.simulate",
    "state": "engine.state",
    "stats": "bots.stats",
    "table": "engine.table",
    "tui": "cli.tui",
    "turn": "engine.turn",
    "views": "engine.views",
}

_PREFIX = "castle_combo."


class _MovedFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old module path and loads it as the module at its new path."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname.startswith(_PREFIX) and fullname[len(_PREFIX):] in MOVED:
            return importlib.util.spec_from_loader(fullname, self)
        return None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        return None  # a throw-away module, replaced in sys.modules by the real one below

    def exec_module(self, module: types.ModuleType) -> None:
        old = module.__name__
        new = _PREFIX + MOVED[old[len(_PREFIX):]]
        warnings.warn(f"{old} moved to {new} in castle-combo 0.2; import it from there "
                      "(the old path will be removed in 1.0)", DeprecationWarning, stacklevel=2)
        # The import system reads the module back from sys.modules, so the old name is the real module.
        sys.modules[old] = importlib.import_module(new)


#: The one finder the package installs.
FINDER = _MovedFinder()


def install() -> None:
    """Put :data:`FINDER` first in :data:`sys.meta_path` (once)."""
    if FINDER not in sys.meta_path:
        sys.meta_path.insert(0, FINDER)
