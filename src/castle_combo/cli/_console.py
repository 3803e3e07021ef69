"""The rich consoles the commands print their reports with: the right width, and no trailing spaces.

rich measures a terminal. Output that is not a terminal (a pipe, a file,
captured output) has no width of its own, and rich would take the width of
whatever terminal stdin or stderr happens to be, so ``| less`` and ``> file``
would get lines as wide as some other window. Here such output is as wide as
``COLUMNS`` says, or :data:`PIPED_WIDTH` (rich's own default) when it says
nothing, so the same command gives the same lines wherever it is piped.

rich also pads every line of a table or a panel to the table's width with
spaces; a file or a diff then shows lines that end in invisible spaces (the
docs' examples show none). :func:`output_console` gives a console that
prints every renderable without them.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from rich.console import Console, ConsoleOptions, ConsoleRenderable, RenderableType, RenderHook, RenderResult
from rich.segment import Segment

__all__ = ["PIPED_WIDTH", "Trimmed", "output_console", "piped_width"]

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
    """A console on stdout (or stderr) sized as the module says, printing lines without trailing spaces."""
    console = Console(stderr=stderr)
    if not console.is_terminal:
        console = Console(stderr=stderr, width=piped_width())
    console.push_render_hook(_TrimEveryRenderable())
    return console


def _without_trailing_spaces(line: list[Segment]) -> list[Segment]:
    """``line`` without the blank segments and spaces at its end (control codes are kept where they are)."""
    line = list(line)
    while line and not line[-1].control and not line[-1].text.rstrip():
        line.pop()
    if line and not line[-1].control:
        text, style, control = line[-1]
        line[-1] = Segment(text.rstrip(), style, control)
    return line


class Trimmed:
    """A renderable printed as ``renderable`` is, less the spaces rich pads each of its lines with."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """Each line of the rendering, trimmed; a line ends with a new line only if it did before."""
        for line, ends in Segment.split_lines_terminator(console.render(self.renderable, options)):
            yield from _without_trailing_spaces(line)
            if ends:
                yield Segment.line()


class _TrimEveryRenderable(RenderHook):
    """Wraps whatever the console prints in :class:`Trimmed`, so no caller can forget to."""

    def process_renderables(self, renderables: list[ConsoleRenderable]) -> list[ConsoleRenderable]:
        """The same renderables, each trimmed."""
        return [Trimmed(renderable) for renderable in renderables]

