"""The rich consoles the commands print their reports with: the right width.

rich measures a terminal. Output that is not a terminal (a pipe, a file,
captured output) has no width of its own, and rich would take the width of
whatever terminal stdin or stderr happens to be, so ``| less`` and ``> file``
would get lines as wide as some other window. Here such output is as wide as
``COLUMNS`` says, or :data:`PIPED_WIDTH` (rich's own default) when it says
nothing, so the same command gives the same lines wherever it is piped.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from rich.console import Console

__all__ = ["PIPED_WIDTH", "output_console", "piped_width"]

#: The width of output that is not a terminal and has no ``COLUMNS``: rich's default, a classic terminal.
PIPED_WIDTH = 80


def piped_width(environ: Mapping[str, str] | None = None) -> int:
    """The width for output that is not a terminal: ``COLUMNS`` when it is a positive number, else 80.

    A ``COLUMNS`` that is not a number is ignored rather than refused: it
    is the shell's business, and the report is still worth printing.
    """
    columns = (os.environ if environ is None else environ).get("COLUMNS", "").strip()
    return int(columns) if columns.isdigit() and int(columns) > 0 else PIPED_WIDTH


def output_console(*, stderr: bool = False) -> Console:
    """A console on stdout (or stderr) sized as the module says."""
    console = Console(stderr=stderr)
    if not console.is_terminal:
        console = Console(stderr=stderr, width=piped_width())
    return console

