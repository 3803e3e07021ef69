"""The Lark parser of the card language, built once per process and cached on disk.

Building the LALR tables from ``ccl.lark`` takes 80-200 ms, more than
parsing all 78 cards, so the parser is built on first use, kept for the rest
of the process, and saved (``Lark.save``) as a sealed file in this
installation's private cache folder (:mod:`castle_combo.language.cachedir`), from
which the next process loads it in a few milliseconds.

Why not Lark's own ``cache`` option: with ``cache=True`` Lark keeps the
pickled tables under the shared temporary directory at a predictable name,
where another user of the machine could plant a file that we would unpickle;
and a file damaged on disk could be loaded as a subtly different parser. The
sealed file is keyed by the grammar, the options and the Lark and Python
versions, and its checksum is verified before anything is unpickled; a stale
or damaged file is rebuilt, and if no private folder can be made the parser
is simply built every time.

The grammar uses a *basic* lexer on purpose: its ``WORD`` terminal swallows a
whole word and turns it into a keyword only when the word is exactly that
keyword, so ``costs`` is one unknown word (with a did-you-mean), never the
keyword ``cost`` followed by a stray ``s``.
"""

from __future__ import annotations

import functools
import hashlib
import io
import sys
from pathlib import Path
from typing import Any

import lark
from lark import Lark

from castle_combo.language.cachedir import installation_folder, read_sealed, write_sealed

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
    """Where the built parser is cached for this installation, or ``None`` if there is no safe place."""
    folder = installation_folder()
    return folder / "ccl-parser.cache" if folder is not None else None


def _grammar() -> str:
    return (Path(__file__).resolve().parent / GRAMMAR_FILE).read_text(encoding="utf-8")


@functools.cache
def ccl_parser() -> Lark:
    """The LALR parser of ``ccl.lark``, with source positions on every rule."""
    grammar = _grammar()
    key = hashlib.sha256(
        f"{grammar}|{sorted(PARSER_OPTIONS.items())}|lark {lark.__version__}|{sys.version_info[:2]}".encode()
    ).hexdigest()
    cached = cache_file()
    if cached is not None:
        payload = read_sealed(cached, key)
        if payload is not None:
            try:
                return Lark.load(io.BytesIO(payload))
            except Exception:  # a sealed file Lark can no longer read: build the parser again
                pass
    parser = Lark(grammar, **PARSER_OPTIONS)
    if cached is not None:
        saved = io.BytesIO()
        parser.save(saved)
        write_sealed(cached, key, saved.getvalue())
    return parser
