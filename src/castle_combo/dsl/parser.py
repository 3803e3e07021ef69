"""The Lark parser of the card language, built once per process and cached on disk.

Building the LALR tables from ``ccl.lark`` takes 80-200 ms, more than
parsing all 78 cards, so the parser is built on first use, kept for the rest
of the process, and saved with Lark's ``cache`` option in the private
per-user folder of :mod:`castle_combo.dsl.cache`, from which the next process
loads it in a few milliseconds.

Why not ``cache=True``: Lark would then keep the pickled tables under the
shared temporary directory at a predictable name, where another user of the
machine could plant a file that we would unpickle. Lark stores a digest of
the grammar, the options and its own version in the file and ignores a stale
or corrupt cache, rebuilding it; if no private folder can be made the parser
is simply built every time.

The grammar uses a *basic* lexer on purpose: its ``WORD`` terminal swallows a
whole word and turns it into a keyword only when the word is exactly that
keyword, so ``costs`` is one unknown word (with a did-you-mean), never the
keyword ``cost`` followed by a stray ``s``.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from lark import Lark

from castle_combo.dsl.cachedir import cache_folder

__all__ = ["ccl_parser", "cache_file", "GRAMMAR_FILE", "PARSER_OPTIONS"]

#: The grammar's file name inside this package.
GRAMMAR_FILE = "ccl.lark"

#: How the grammar is compiled (the cache is only valid for these options).
PARSER_OPTIONS: dict[str, Any] = {
    "parser": "lalr",
    "lexer": "basic",
    "propagate_positions": True,
    "maybe_placeholders": False,
}


def cache_file() -> Path | None:
    """Where the built parser is cached for this user, or ``None`` if there is no safe place."""
    folder = cache_folder()
    return folder / "ccl-parser.lark-cache" if folder is not None else None


@functools.cache
def ccl_parser() -> Lark:
    """The LALR parser of ``ccl.lark``, with source positions on every rule."""
    cached = cache_file()
    return Lark.open_from_package(
        "castle_combo.dsl",
        GRAMMAR_FILE,
        cache=str(cached) if cached is not None else False,
        **PARSER_OPTIONS,
    )
