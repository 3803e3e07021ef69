"""The ``castle-combo`` command.

Each subcommand lives in its own module of this package and exposes
``register(subparsers)``, which adds its parser and sets ``run`` to a function
``run(args) -> int``. :func:`main` turns every :class:`CastleComboError` (and
file-system errors) into a one-line message on stderr and exit status 2, so a
user never sees a traceback for bad input.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from castle_combo.cli._help import HelpFormatter, examples
from castle_combo.errors import CastleComboError

__all__ = ["main", "build_parser"]

#: Subcommand modules, in the order ``castle-combo --help`` lists them.
COMMANDS: tuple[str, ...] = ("simulate", "play", "check", "cards", "score", "replay", "balance", "render")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="castle-combo",
        description="The card game Castle Combo: simulate, play, score and check cards.",
        formatter_class=HelpFormatter,
        epilog=examples(
            ("castle-combo play --players 3", "play against two bots in the terminal"),
            ("castle-combo simulate --bots mcts,greedy --games 100", "let bots play and compare their win rates"),
            ("castle-combo COMMAND --help", "what a command does, its options and examples"),
        ),
    )
    from castle_combo import __version__
    parser.add_argument("--version", action="version", version=f"castle-combo {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        module = importlib.import_module(f"castle_combo.cli.{name}")
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 2 bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    run = getattr(args, "run", None)
    if run is None:
        parser.print_help()
        return 0
    try:
        return int(run(args))
    except CastleComboError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        where = f": {error.filename}" if getattr(error, "filename", None) else ""
        print(f"error: {error.strerror or error}{where}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover - exercised through the console script
    sys.exit(main())
