"""How every ``--help`` of ``castle-combo`` ends: a few examples, each a command and what it does.

argparse wraps a parser's description and epilog into one paragraph;
:class:`HelpFormatter` leaves the examples as written (one command a line,
its explanation indented under it) and wraps the rest as usual.
"""

from __future__ import annotations

import argparse

__all__ = ["HelpFormatter", "examples"]

_HEADING = "examples:\n"


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, except that the examples keep their lines."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.startswith(_HEADING):
            return text
        return super()._fill_text(text, width, indent)


def examples(*pairs: tuple[str, str]) -> str:
    """The ``examples:`` block of a help text: each command, then what it does, indented under it."""
    return _HEADING + "\n".join(f"  {command}\n      {what}" for command, what in pairs)
