"""``castle-combo check PATH...``: validate card files and folders, printing every problem.

Exit status 0 when every card is valid ("ok: 78 cards in 10 files"), 2 when
anything is wrong: each problem is printed with its file, line, column, the
offending line, a caret and a hint. Missing paths, folders without ``.ccl``
files and binary or non-UTF-8 files are problems too, never tracebacks.

``--extend`` checks fan cards for what adding them to the standard cards
needs as well: no name already used by a base card (``Ruleset.extend``
would refuse it). It is a flag, not the default, because checking the base
``cards/`` folder itself would otherwise find every card twice.
``--expansion NAME`` and ``--cards PATH`` (the options every command shares)
check against that ruleset instead: the standard cards with an expansion
or other fan cards.
"""

from __future__ import annotations

import argparse
import sys

from castle_combo.cli._help import HelpFormatter, examples
from castle_combo.cli._ruleset_options import add_ruleset_options, ruleset_from
from castle_combo.language import CheckReport, check_paths

__all__ = ["register", "run", "report_for"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``check`` subcommand."""
    parser = subparsers.add_parser(
        "check",
        formatter_class=HelpFormatter,
        epilog=examples(
            ("castle-combo check my_cards/",
             "every problem of the folder's .ccl files, with file:line:column and a fix"),
            ("castle-combo check my_cards/ --extend",
             "also check that no card reuses the name of a standard card"),
        ),
        help="validate card files (.ccl) and folders of them",
        description="Validate card files and folders; print every problem with its place and a fix.",
    )
    parser.add_argument("paths", nargs="+", metavar="PATH", help="a .ccl file or a folder of them")
    parser.add_argument(
        "--extend", action="store_true",
        help="also check that the cards can be added to the standard cards (no base card's name reused)",
    )
    add_ruleset_options(parser, extend_alias=False)
    parser.set_defaults(run=run)


def _against(args: argparse.Namespace) -> bool:
    """Whether the files are checked against a ruleset too (``--extend``, ``--expansion``, ``--cards``)."""
    return bool(args.extend or args.expansions or args.cards)


def report_for(args: argparse.Namespace) -> CheckReport:
    """Everything ``check`` finds for these options, before anything is printed.

    One function for the command and the Card Workshop page
    (:mod:`castle_combo.cli.workshop`), so the page shows exactly the
    command's messages.
    """
    return check_paths(args.paths, ruleset_from(args).cards if _against(args) else ())


def run(args: argparse.Namespace) -> int:
    """Check ``args.paths``; 0 if every card is valid, else 2."""
    against = _against(args)
    report = report_for(args)
    files = f"{len(report.files)} file{'s' if len(report.files) != 1 else ''}"
    cards = f"{len(report.cards)} card{'s' if len(report.cards) != 1 else ''}"
    messages = report.messages
    if not messages:
        extends = " (none reuses a name of the ruleset's cards)" if against else ""
        print(f"ok: {cards} in {files}{extends}")
        return 0
    for message in messages:
        print(message, end="\n\n")
    count = f"{len(messages)} problem{'s' if len(messages) != 1 else ''}"
    print(f"{count} found; {cards} read without problems from {files}", file=sys.stderr)
    return 2

