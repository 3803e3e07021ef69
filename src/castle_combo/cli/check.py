"""``castle-combo check PATH...``: validate card files and folders, printing every problem.

Exit status 0 when every card is valid ("ok: 78 cards in 10 files"), 2 when
anything is wrong: each problem is printed with its file, line, column, the
offending line, a caret and a hint. Missing paths, folders without ``.ccl``
files and binary or non-UTF-8 files are problems too, never tracebacks.
"""

from __future__ import annotations

import argparse
import sys

from castle_combo.dsl import check_paths

__all__ = ["register", "run"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``check`` subcommand."""
    parser = subparsers.add_parser(
        "check",
        help="validate card files (.ccl) and folders of them",
        description="Validate card files and folders; print every problem with its place and a fix.",
    )
    parser.add_argument("paths", nargs="+", metavar="PATH", help="a .ccl file or a folder of them")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Check ``args.paths``; 0 if every card is valid, else 2."""
    report = check_paths(args.paths)
    files = f"{len(report.files)} file{'s' if len(report.files) != 1 else ''}"
    cards = f"{len(report.cards)} card{'s' if len(report.cards) != 1 else ''}"
    if report.ok:
        print(f"ok: {cards} in {files}")
        return 0
    messages = report.messages
    for message in messages:
        print(message, end="\n\n")
    count = f"{len(messages)} problem{'s' if len(messages) != 1 else ''}"
    print(f"{count} found; {cards} read without problems from {files}", file=sys.stderr)
    return 2
