"""A private per-user disk cache, so a new process need not rebuild what an earlier one built.

Two things are cached in ``$XDG_CACHE_HOME/castle-combo/`` (by default
``~/.cache/castle-combo/``): the LALR tables of the grammar (through Lark's
own ``cache`` option, see :mod:`castle_combo.dsl.parser`) and the parsed,
validated cards of a set of files (:func:`load_paths_cached`, used for the
78 base cards). Together they take a cold ``Ruleset.standard()`` from about
150 ms of parsing to a few milliseconds.

Both are pickles, and unpickling runs code, so the folder must be private:
it is created with mode 0700 and used only if it belongs to the current
user (never the shared temporary directory, where another user could plant a
file at a predictable name). A cached set of cards is keyed by a digest of
everything that could change the result: the card files' paths and bytes,
the grammar, the modules that build and validate the model, the Python
version. Any change gives a new key; a corrupt or unreadable file is
ignored and rebuilt; if nothing can be written, loading simply does not cache.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Iterable
from os import PathLike
from pathlib import Path

from castle_combo.dsl.cachedir import cache_folder
from castle_combo.dsl.loader import card_files, load_paths
from castle_combo.model import Card

__all__ = ["load_paths_cached"]

#: Bump to invalidate every cached set of cards (a change in the pickle layout).
CACHE_FORMAT = 1

_PACKAGE = Path(__file__).resolve().parent.parent
#: The sources whose change can change the cards a file parses to.
_INPUTS = ("model.py", "dsl/ccl.lark", "dsl/transformer.py", "dsl/regions.py", "dsl/loader.py")


def _key(files: tuple[Path, ...]) -> str:
    digest = hashlib.sha256(f"{CACHE_FORMAT}|{sys.version_info[:2]}".encode())
    for name in _INPUTS:
        source = _PACKAGE / name
        digest.update(source.read_bytes() if source.is_file() else name.encode())
    for file in files:
        digest.update(f"\0{file}\0".encode())
        digest.update(file.read_bytes())
    return digest.hexdigest()[:40]


def _read(path: Path) -> tuple[Card, ...] | None:
    try:
        with path.open("rb") as stream:
            cards = pickle.load(stream)
    except FileNotFoundError:
        return None
    except Exception:  # a corrupt or foreign file: rebuild it rather than fail
        return None
    if isinstance(cards, tuple) and all(isinstance(card, Card) for card in cards):
        return cards
    return None


def _write(folder: Path, path: Path, cards: tuple[Card, ...]) -> None:
    """Write atomically (a temporary file, then a rename), dropping older cached sets."""
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".cards-", suffix=".tmp")
        with os.fdopen(handle, "wb") as stream:
            pickle.dump(cards, stream, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
        for old in folder.glob("cards-*.pickle"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        return


def load_paths_cached(paths: Iterable[str | PathLike[str]]) -> tuple[Card, ...]:
    """Exactly :func:`~castle_combo.dsl.load_paths`, served from the cache when nothing changed."""
    files = card_files(paths)
    folder = cache_folder()
    if folder is None:
        return load_paths(files)
    path = folder / f"cards-{_key(files)}.pickle"
    cards = _read(path)
    if cards is None:
        cards = load_paths(files)
        _write(folder, path, cards)
    return cards
