"""The ruleset options every command that loads cards shares: ``--expansion`` and ``--cards``.

One definition, so the options are spelled, explained and applied the same
way in ``cards``, ``check``, ``score``, ``replay``, ``simulate``, ``play``,
``balance`` and ``render``:

* ``--expansion NAME`` (repeatable) adds an official expansion bundled with
  castle-combo (``out-of-the-oubliette``) or an installed expansion package,
  as :meth:`Ruleset.with_expansion` does;
* ``--cards PATH`` (repeatable) adds fan card files or folders, as
  :meth:`Ruleset.extend` does; ``--extend PATH`` is its older spelling and
  means the same in every command (``check`` also accepts a bare
  ``--extend``, the flag it once was, which changes nothing now: ``check``
  always checks names against the standard cards).

Expansions are added first, in the order given, then the fan cards.
"""

from __future__ import annotations

import argparse

from castle_combo.language.ruleset import BUNDLED_EXPANSIONS, Ruleset

__all__ = ["BARE_EXTEND", "add_ruleset_options", "asked_ruleset", "fan_card_paths", "ruleset_from"]

#: What a bare ``--extend`` (``check``'s old flag, given no path) leaves in ``args.cards``.
BARE_EXTEND = ""


def add_ruleset_options(parser: argparse.ArgumentParser, *, bare_extend: bool = False) -> None:
    """Add ``--expansion NAME`` and ``--cards PATH`` (both repeatable; ``--extend PATH`` is ``--cards``) to ``parser``.

    ``bare_extend=True`` (``check``) also accepts ``--extend`` with no path,
    the flag it once was there: it leaves :data:`BARE_EXTEND` in
    ``args.cards``, which :func:`fan_card_paths` drops.
    """
    official = ", ".join(BUNDLED_EXPANSIONS)
    parser.add_argument(
        "--expansion", dest="expansions", action="append", default=[], metavar="NAME",
        help=f"add an expansion: {official}, or an installed expansion package (repeatable)",
    )
    if not bare_extend:
        parser.add_argument(
            "--cards", "--extend", dest="cards", action="append", default=[], metavar="PATH",
            help="add fan cards from a .ccl file or folder (repeatable; --extend PATH is the older spelling)",
        )
        return
    parser.add_argument(
        "--cards", dest="cards", action="append", default=[], metavar="PATH",
        help="add fan cards from a .ccl file or folder (repeatable)",
    )
    parser.add_argument(
        "--extend", dest="cards", action="append", nargs="?", const=BARE_EXTEND, metavar="PATH",
        help="the older spelling of --cards PATH; given no PATH (the flag it once was) it changes nothing",
    )


def fan_card_paths(args: argparse.Namespace) -> list[str]:
    """The paths of ``--cards`` (and ``--extend``), without a bare ``--extend``."""
    return [path for path in args.cards if path != BARE_EXTEND]


def ruleset_from(args: argparse.Namespace, base: Ruleset | None = None) -> Ruleset:
    """The ruleset the options ask for: ``base`` (default the standard cards), expansions, then fan cards."""
    rules = Ruleset.standard() if base is None else base
    for name in args.expansions:
        rules = rules.with_expansion(name)
    paths = fan_card_paths(args)
    return rules.extend(paths) if paths else rules


def asked_ruleset(args: argparse.Namespace) -> Ruleset | None:
    """The ruleset the options ask for, or ``None`` when none is given.

    A record or a save names the ruleset it was played with, and the
    standard cards with bundled expansions are rebuilt from that name alone
    (:meth:`Ruleset.for_version`), so ``replay`` needs no option for them.
    """
    return ruleset_from(args) if args.expansions or fan_card_paths(args) else None
