"""How a problem in a card file is shown: where, the line, a caret, and the fix.

Every message of the card language has the same shape, so a fan learns to
read it once::

    cards/mine.ccl:4:13: unknown word 'nobilty' where a shield belongs
        shields nobilty military
                ^^^^^^^
    hint: did you mean 'nobility'?

:func:`render` builds that text from a position; :class:`CardProblems` carries
every problem found in one file, so ``castle-combo check`` prints them all.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from castle_combo.errors import CardValidationError
from castle_combo.model import Problem, Source

__all__ = ["render", "render_problem", "CardProblems"]

_WORD_AT = re.compile(r"[^\s{}:,]+")


def render(path: str, line: int, column: int, message: str, hint: str, text: str | None, width: int = 0) -> str:
    """``path:line:column: message``, then the source line, a caret line and ``hint: ...``.

    ``width`` is how many characters to underline; 0 underlines the word
    that starts at ``column`` (at least one caret).
    """
    parts = [f"{path}:{line}:{column}: {message}"]
    # Lines are counted at "\n" only, as the parser counts them (splitlines would
    # also break at form feeds and other separators a name may hold).
    lines = text.split("\n") if text is not None else []
    if 1 <= line <= len(lines):
        source_line = lines[line - 1].expandtabs(1).rstrip()
        start = max(column - 1, 0)
        if width <= 0:
            match = _WORD_AT.match(source_line, start)
            width = len(match.group(0)) if match else 1
        parts.append(f"    {source_line}")
        parts.append("    " + " " * start + "^" * max(width, 1))
    if hint:
        parts.append(f"hint: {hint}")
    return "\n".join(parts)


def render_problem(problem: Problem, text: str | None, path: str) -> str:
    """A model :class:`Problem` rendered like a syntax error (position from its source)."""
    source = problem.source or Source(path, 0, 0)
    return render(source.path, source.line, source.column, problem.message, problem.hint, text)


class CardProblems(CardValidationError):
    """Every problem found in card files: ``messages`` holds each rendered message.

    ``str(error)`` is all the messages, separated by blank lines, so a caller
    that only prints the error still shows everything.
    """

    def __init__(self, messages: Iterable[str]) -> None:
        self.messages: tuple[str, ...] = tuple(messages)
        count = len(self.messages)
        summary = f"{count} problem{'s' if count != 1 else ''} in card files"
        super().__init__("\n\n".join(self.messages) if self.messages else summary)
