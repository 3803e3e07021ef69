"""What differs between the Python versions castle-combo supports (3.10 and later)."""

from __future__ import annotations

import sys
from typing import NoReturn

__all__ = ["assert_never"]

if sys.version_info >= (3, 11):
    from typing import assert_never
else:  # pragma: no cover - Python 3.10

    def assert_never(value: NoReturn) -> NoReturn:
        """A case of a closed union that no branch handled: a type error for mypy, an error at run time."""
        raise AssertionError(f"unhandled case: {value!r}")
