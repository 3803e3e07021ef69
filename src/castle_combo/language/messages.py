"""How a problem in a card file is shown: where, the line, a caret, and the fix.

Every message of the card language has the same shape, so a fan learns to
read it once::

    cards/mine.ccl:4:13: unknown word 'nobilty' where a shield belongs
        shields nobilty military
                ^^^^^^^
    hint: did you mean 'nobility'?

:func:`render` builds that text from a position; :class:`~castle_combo.errors.CardProblems`
carries every problem found in one file, so ``castle-combo check`` prints them all.
"""

from __future__ import annotations

import re
import unicodedata

from castle_combo.errors import CardProblems
from castle_combo.language.model import Problem, Source

__all__ = ["render", "render_problem", "CardProblems"]

_WORD_AT = re.compile(r"[^\s{}:,]+")
#: A name between double quotes, spaces and all (a problem of a name underlines all of it).
_NAME_AT = re.compile(r'"(?:[^"\\]|\\.)*"?')


#: The most characters of a source line an error shows (a window around the spot), and of a message.
MAX_LINE = 100
MAX_MESSAGE = 300


def _shown(char: str) -> tuple[str, int]:
    """How a character of a source line is shown, and how many terminal columns it takes.

    Control and format characters (escape codes, bidirectional marks, line
    separators) are never echoed raw: each shows as U+FFFD. Wide characters
    (CJK) take two columns and combining marks none, so the caret still
    lands under the right character.
    """
    category = unicodedata.category(char)
    if char == "\t":
        return " ", 1
    if category in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
        return "\ufffd", 1
    if category in ("Mn", "Me"):
        return char, 0
    return char, 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def _printable(text: str) -> str:
    """``text`` with every control or format character shown as U+FFFD (a hint may quote the fan's line)."""
    return "".join(char if char == "\n" or _shown(char)[0] != "\ufffd" else "\ufffd" for char in text)


def _cap(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def render(path: str, line: int, column: int, message: str, hint: str, text: str | None, width: int = 0) -> str:
    """``path:line:column: message``, then the source line, a caret line and ``hint: ...``.

    ``width`` is how many characters to underline; 0 underlines the word
    that starts at ``column`` (a whole name between quotes; at least one caret). A long line is shown as
    a window around the spot, and no part of the message grows without bound.
    """
    parts = [f"{path}:{line}:{column}: {_cap(_printable(message), MAX_MESSAGE)}"]
    # Lines are counted at "\n" only, as the parser counts them (splitlines would
    # also break at form feeds and other separators a name may hold).
    lines = text.split("\n") if text is not None else []
    if 1 <= line <= len(lines):
        source_line = lines[line - 1].rstrip()
        start = min(max(column - 1, 0), len(source_line))
        if width <= 0:
            match = (_NAME_AT if source_line[start:start + 1] == '"' else _WORD_AT).match(source_line, start)
            width = len(match.group(0)) if match else 1
        first, last = 0, len(source_line)
        if last > MAX_LINE:  # a window around the spot
            first = max(0, min(start - MAX_LINE // 2, last - MAX_LINE))
            last = first + MAX_LINE
        shown = [_shown(char) for char in source_line[first:last]]
        before = sum(columns for _, columns in shown[: start - first])
        under = sum(columns for _, columns in shown[start - first : start - first + width])
        prefix = "\u2026" if first > 0 else ""
        suffix = "\u2026" if last < len(source_line) else ""
        parts.append("    " + prefix + "".join(char for char, _ in shown) + suffix)
        parts.append("    " + " " * (before + len(prefix)) + "^" * max(under, 1))
    if hint:
        parts.append(f"hint: {_cap(_printable(hint), MAX_MESSAGE)}")
    return "\n".join(parts)


def render_problem(problem: Problem, text: str | None, path: str) -> str:
    """A model :class:`Problem` rendered like a syntax error (position from its source)."""
    source = problem.source or Source(path, 0, 0)
    return render(source.path, source.line, source.column, problem.message, problem.hint, text)
