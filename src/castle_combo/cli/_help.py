"""How every ``--help`` of ``castle-combo`` ends: a few examples, each a command and what it does.

argparse wraps a parser's description and epilog into one paragraph;
:class:`HelpFormatter` leaves the examples as written (one command a line,
its explanation indented under it) and wraps the rest as usual.
"""

from __future__ import annotations

import argparse

__all__ = ["BUDGETS", "HelpFormatter", "examples", "timed_note"]

_HEADING = "examples:\n"

#: How ``--bots`` takes a search budget, in the words of every command that plays bots.
BUDGETS = (
    "MCTS takes a budget after a colon: mcts:400 thinks 400 iterations per move (the same moves on every "
    "machine; plain mcts is mcts:40), mcts:time=0.5 about half a second per move (as strong as the machine "
    "is fast, so the moves depend on its speed and load and a run cannot be repeated exactly)"
)


def timed_note(timed: tuple[str, ...]) -> str:
    """The note ``simulate`` and ``balance`` print when bots of ``timed`` think for a time per move."""
    which = ", ".join(timed)
    verb = "thinks" if len(timed) == 1 else "think"
    return (f"note: {which} {verb} for a time per move, so these results depend on this machine's speed and load: "
            "the same --seed will not give them again, nor will another --jobs; for reproducible results give "
            "an iteration budget instead (mcts:400)")


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, except that the examples keep their lines."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.startswith(_HEADING):
            return text
        return super()._fill_text(text, width, indent)


def examples(*pairs: tuple[str, str]) -> str:
    """The ``examples:`` block of a help text: each command, then what it does, indented under it."""
    return _HEADING + "\n".join(f"  {command}\n      {what}" for command, what in pairs)
