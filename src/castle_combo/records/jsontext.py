"""Reading JSON documents (records, saves, scenarios) so that no input can cause anything but a clear error.

``json.loads`` fails in several ways that are not its ``JSONDecodeError``:
a number of thousands of digits raises ``ValueError`` (Python refuses to
convert it), deeply nested arrays raise ``RecursionError``, and bytes that
are not UTF-8 (or UTF-16/32, which JSON also allows) raise
``UnicodeDecodeError``. :func:`read_json` turns each into one error of the
caller's kind (a :class:`~castle_combo.errors.CastleComboError` subclass) that
says what is wrong and how to fix it, and caps what it quotes of the input.
"""

from __future__ import annotations

import json
from typing import Any

from castle_combo.errors import CastleComboError

__all__ = ["MAX_QUOTE", "quote", "read_json"]

#: The most characters of user input an error message quotes.
MAX_QUOTE = 80


def quote(value: object, limit: int = MAX_QUOTE) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages (never a huge or unprintable dump)."""
    try:
        text = repr(value)
    except ValueError:  # an int too long to convert to text
        return "<a number too long to show>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def read_json(text: str | bytes, error: type[CastleComboError], what: str = "the document") -> Any:
    """The JSON value of ``text``; anything unreadable raises ``error`` with a message saying how to fix it."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as problem:
        raise error(f"{what} is not valid JSON: {problem.msg} at line {problem.lineno}, column {problem.colno}")\
            from None
    except UnicodeDecodeError:
        raise error(f"{what} is not UTF-8 text (JSON files are UTF-8); save it again as UTF-8") from None
    except RecursionError:
        raise error(f"{what} is nested too deeply to be a castle-combo file (arrays or objects inside "
                    "thousands of others)") from None
    except ValueError as problem:  # e.g. "Exceeds the limit (4300 digits) for integer string conversion"
        raise error(f"{what} holds a number too long to read ({problem}); numbers in castle-combo files are small")\
            from None
