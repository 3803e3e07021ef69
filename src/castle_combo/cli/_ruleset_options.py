"""The ruleset options every command that loads cards shares: ``--expansion`` and ``--cards``.

One definition, so the options are spelled, explained and applied the same
way in ``cards``, ``check``, ``score``, ``replay``, ``simulate`` and ``play``:

* ``--expansion NAME`` (repeatable) adds an official expansion bundled with
  castle-combo (``out-of-the-oubliette``) or an installed expansion package,
  as :meth:`Ruleset.with_expansion` does;
* ``--cards PATH`` (repeatable; ``--extend`` is the older spelling) adds fan
  card files or folders, as :meth:`Ruleset.extend` does.

Expansions are added first, in the order given, then the fan cards.
"""

from __future__ import annotations

import argparse

from castle_combo.language.ruleset import BUNDLED_EXPANSIONS, Ruleset

__all__ = ["add_ruleset_options", "asked_ruleset", "ruleset_from"]


def add_ruleset_options(parser: argparse.ArgumentParser, *, extend_alias: bool = True) -> None:
    """Add ``--expansion NAME`` and ``--cards PATH`` (both repeatable) to ``parser``.

    ``extend_alias=False`` leaves out the older spelling ``--extend`` (``check``
    has a flag of that name).
    """
    official = ", ".join(BUNDLED_EXPANSIONS)
    parser.add_argument(
        "--expansion", dest="expansions", action="append", default=[], metavar="NAME",
        help=f"add an expansion: {official}, or an installed expansion package (repeatable)",
    )
    parser.add_argument(
        *(("--cards", "--extend") if extend_alias else ("--cards",)), dest="cards", action="append", default=[],
        metavar="PATH",
        help="add fan cards from a .ccl file or folder (repeatable)",
    )


def ruleset_from(args: argparse.Namespace, base: Ruleset | None = None) -> Ruleset:
    """The ruleset the options ask for: ``base`` (default the standard cards), expansions, then fan cards."""
    rules = Ruleset.standard() if base is None else base
    for name in args.expansions:
        rules = rules.with_expansion(name)
    return rules.extend(args.cards) if args.cards else rules


def asked_ruleset(args: argparse.Namespace) -> Ruleset | None:
    """The ruleset the options ask for, or ``None`` when none is given.

    A record or a save names the ruleset it was played with, and the
    standard cards with bundled expansions are rebuilt from that name alone
    (:meth:`Ruleset.for_version`), so ``replay`` needs no option for them.
    """
    return ruleset_from(args) if args.expansions or args.cards else None
