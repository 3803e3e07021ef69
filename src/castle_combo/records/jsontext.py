"""Reading JSON documents (records, saves, scenarios) so that no input can cause anything but a clear error.

``json.loads`` fails in several ways that are not its ``JSONDecodeError``:
a number of thousands of digits raises ``ValueError`` (Python refuses to
convert it), deeply nested arrays raise ``RecursionError``, and bytes that
are not UTF-8 (or UTF-16/32, which JSON also allows) raise
``UnicodeDecodeError``. :func:`read_json` turns each into one error of the
caller's kind (a :class:`~castle_combo.errors.CastleComboError` subclass) that
says what is wrong and how to fix it, and caps what it quotes of the input.
A text longer than :data:`~castle_combo.files.MAX_FILE_BYTES` is refused
before it is parsed.
"""

from __future__ import annotations

import json
from typing import Any

from castle_combo.errors import CastleComboError
from castle_combo.files import MAX_FILE_BYTES, MAX_QUOTE, quote, size_text

__all__ = ["MAX_QUOTE", "quote", "read_json"]


def read_json(text: str | bytes, error: type[CastleComboError], what: str = "the document") -> Any:
    """The JSON value of ``text``; anything unreadable raises ``error`` with a message saying how to fix it."""
    if len(text) > MAX_FILE_BYTES:
        raise error(f"{what} is longer than {size_text(MAX_FILE_BYTES)}, the most a castle-combo record, save or "
                    "scenario may have (an honest one is far smaller)")
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
