"""``castle-combo check [PATH...]``: validate card files and folders, printing every problem.

Exit status 0 when every card is valid ("ok: 78 cards in 10 files"), 2 when
anything is wrong: each problem is printed with its file, line, column, the
offending line, a caret and a hint, in the order of the files, then of the
lines and columns (whichever pass of the check found it). Missing paths, folders without ``.ccl``
files and binary or non-UTF-8 files are problems too, never tracebacks. A
syntax error does not hide the rest of its file: the reading goes on at the
next card, so every card's problems are printed and the good cards read.

The files are always checked for what adding them to the standard cards
needs: a card that reuses the name of a standard card (or of an expansion
asked with ``--expansion``) is a problem, since ``Ruleset.extend`` and every
command would refuse it; the bundled cards themselves are recognised as
such, so ``castle-combo check cards/`` passes. A card named like a card of
an official expansion that was not asked for is a warning: fine on its own,
refused with that expansion.

``--cards PATH`` means here what it means in every command (fan cards added
to the ruleset), and those cards are checked as well; ``--extend PATH`` is
its older spelling. A bare ``--extend``, the flag this command once had, is
still accepted and changes nothing.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys

from castle_combo.cli._help import HelpFormatter, examples
from castle_combo.cli._ruleset_options import BARE_EXTEND, add_ruleset_options, fan_card_paths
from castle_combo.language import CheckReport, check_paths
from castle_combo.language.model import Card
from castle_combo.language.ruleset import BUNDLED_EXPANSIONS, Ruleset

__all__ = ["register", "run", "report_for"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``check`` subcommand."""
    parser = subparsers.add_parser(
        "check",
        formatter_class=HelpFormatter,
        epilog=examples(
            ("castle-combo check my_cards/",
             "every problem of the folder's .ccl files, with file:line:column and a fix"),
            ("castle-combo check my_cards/ --expansion out-of-the-oubliette",
             "also check that no card reuses the name of an expansion card"),
        ),
        help="validate card files (.ccl) and folders of them",
        description=(
            "Validate card files and folders; print every problem with its place and a fix. A syntax error "
            "does not hide the rest of its file: reading goes on at the next card. Names are always checked "
            "against the standard cards (and the expansions given with --expansion); a card named like a "
            "card of another official expansion gets a warning. --cards PATH (or its older spelling "
            "--extend PATH) adds fan cards as in every command, and checks them too."
        ),
    )
    parser.add_argument("paths", nargs="*", metavar="PATH", help="a .ccl file or a folder of them")
    add_ruleset_options(parser, bare_extend=True)
    parser.set_defaults(run=run)


def report_for(args: argparse.Namespace) -> CheckReport:
    """Everything ``check`` finds for these options, before anything is printed.

    One function for the command and the Card Workshop page
    (:mod:`castle_combo.cli.workshop`), so the page shows exactly the
    command's messages. The files are ``args.paths`` and the fan cards of
    ``--cards`` / ``--extend``, checked together against the standard cards
    and the expansions of ``--expansion``.
    """
    rules = Ruleset.standard()
    for name in args.expansions:
        rules = rules.with_expansion(name)
    others = [(f"the expansion {name}", _expansion_cards(name)) for name in BUNDLED_EXPANSIONS
              if name not in args.expansions]
    return check_paths([*args.paths, *fan_card_paths(args)], rules.cards, others)


def _unlike_card_files(paths: list[str]) -> list[str]:
    """The files named on their own whose name does not end in ``.ccl`` (``notes.txt``).

    They are read all the same, as every command reads a file it is given by name; but a file that is no
    card file only draws the parser's puzzled messages ("expected the end of the file or 'card'"), so the
    note says what they do not: that it may be the wrong file.
    """
    return [path for path in paths if os.path.isfile(path) and not path.endswith(".ccl")]


@functools.cache
def _expansion_cards(name: str) -> tuple[Card, ...]:
    """The cards an official expansion adds to the standard ones (read once per process)."""
    standard = Ruleset.standard()
    return tuple(card for card in standard.with_expansion(name).cards if card.name not in standard)


def run(args: argparse.Namespace) -> int:
    """Check ``args.paths`` (and the fan cards of ``--cards``); 0 if every card is valid, else 2."""
    if not args.paths and not fan_card_paths(args):
        print("error: give a .ccl file or a folder of them to check\n"
              "hint: castle-combo check my_cards/", file=sys.stderr)
        return 2
    if BARE_EXTEND in args.cards:
        print("note: --extend without a path changes nothing now: check always checks names against the "
              "standard cards (--extend PATH is the older spelling of --cards PATH)", file=sys.stderr)
    for path in _unlike_card_files(args.paths):
        print(f"note: {path} does not end in .ccl, as card files do (a folder's other files are never read); "
              "it is read as a card file all the same", file=sys.stderr)
    report = report_for(args)
    files = f"{len(report.files)} file{'s' if len(report.files) != 1 else ''}"
    cards = f"{len(report.cards)} card{'s' if len(report.cards) != 1 else ''}"
    messages = report.messages
    for message in messages:
        print(message, end="\n\n")
    for warning in report.warnings:
        print(f"warning: {warning}", end="\n\n")
    warned = len(report.warnings)
    warnings = f"{warned} warning{'s' if warned != 1 else ''}"
    if not messages:
        print(f"ok: {cards} in {files}" + (f", {warnings}" if warned else ""))
        return 0
    count = f"{len(messages)} problem{'s' if len(messages) != 1 else ''}"
    also = f" ({warnings})" if warned else ""
    print(f"{count} found{also}; {cards} read without problems from {files}", file=sys.stderr)
    return 2
