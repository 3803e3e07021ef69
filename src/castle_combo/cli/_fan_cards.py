"""The fan-cards option shared by ``cards``, ``score`` and ``replay``.

One definition, so the option is spelled and explained the same way in every
command (``--cards`` or ``--extend``, repeatable) and the ruleset is built the
same way from it.
"""

from __future__ import annotations

import argparse

from castle_combo.ruleset import Ruleset

__all__ = ["add_fan_cards_option", "load_rules"]


def add_fan_cards_option(parser: argparse.ArgumentParser, dest: str = "cards") -> None:
    """Add ``--cards PATH`` / ``--extend PATH`` (repeatable), collected in ``args.<dest>``."""
    parser.add_argument(
        "--cards", "--extend", dest=dest, action="append", default=[], metavar="PATH",
        help="add fan cards from a .ccl file or folder (repeatable)",
    )


def load_rules(paths: list[str]) -> Ruleset:
    """The standard ruleset, extended with the fan cards at ``paths`` if any."""
    rules = Ruleset.standard()
    return rules.extend(paths) if paths else rules
