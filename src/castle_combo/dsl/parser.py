"""The Lark parser of the card language, built once per process.

Building an LALR parser from ``ccl.lark`` takes a few tens of milliseconds,
far more than parsing all 78 cards, so it is built on first use and kept.
The grammar uses a *basic* lexer on purpose: its ``WORD`` terminal swallows a
whole word and turns it into a keyword only when the word is exactly that
keyword, so ``costs`` is one unknown word (with a did-you-mean), never the
keyword ``cost`` followed by a stray ``s``.
"""

from __future__ import annotations

import functools

from lark import Lark

__all__ = ["ccl_parser", "GRAMMAR_FILE"]

#: The grammar's file name inside this package.
GRAMMAR_FILE = "ccl.lark"


@functools.cache
def ccl_parser() -> Lark:
    """The LALR parser of ``ccl.lark``, with source positions on every rule."""
    return Lark.open_from_package(
        "castle_combo.dsl",
        GRAMMAR_FILE,
        parser="lalr",
        lexer="basic",
        propagate_positions=True,
        maybe_placeholders=False,
    )
