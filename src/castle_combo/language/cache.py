"""A private per-user disk cache, so a new process need not rebuild what an earlier one built.

Two things are cached in this installation's sub-folder of
``$XDG_CACHE_HOME/castle-combo/`` (by default ``~/.cache/castle-combo/``,
see :mod:`castle_combo.language.cachedir`): the LALR tables of the grammar (see
:mod:`castle_combo.language.parser`) and the parsed, validated cards of a set of
files (:func:`load_paths_cached`, used for the bundled cards). Together they
take a cold ``Ruleset.standard()`` from about 150 ms of parsing to a few
milliseconds.

Both are pickles, and unpickling runs code, so the folder must be private
(it is created with mode 0700 and used only if it belongs to the current
user), and every file is sealed: a cached set of cards is keyed by a digest
of everything that could change the result (the card files' paths and bytes,
the grammar, the modules that build and validate the model, the Python
version), and its payload carries a SHA-256 checked before unpickling. Any
change gives a new key; a damaged, foreign or stale file is ignored and
rebuilt; if nothing can be written, loading simply does not cache.
"""

from __future__ import annotations

import hashlib
import pickle
import sys
from collections.abc import Iterable
from os import PathLike
from pathlib import Path

from castle_combo.language.cachedir import installation_folder, read_sealed, write_sealed
from castle_combo.language.loader import card_files, load_paths
from castle_combo.language.model import Card

__all__ = ["load_paths_cached"]

#: Bump to invalidate every cached set of cards (a change in the pickle layout).
CACHE_FORMAT = 2

#: The card language's own folder: every source in it can change the cards a file parses to.
_LANGUAGE = Path(__file__).resolve().parent


def _key(files: tuple[Path, ...]) -> str:
    digest = hashlib.sha256(f"{CACHE_FORMAT}|{sys.version_info[:2]}".encode())
    for source in sorted(_LANGUAGE.rglob("*")):
        if source.suffix in (".py", ".lark") and source.is_file():
            digest.update(f"\0{source.relative_to(_LANGUAGE)}\0".encode())
            digest.update(source.read_bytes())
    for file in files:
        digest.update(f"\0{file}\0".encode())
        digest.update(file.read_bytes())
    return digest.hexdigest()[:40]


def _read(path: Path, key: str) -> tuple[Card, ...] | None:
    payload = read_sealed(path, key)
    if payload is None:
        return None
    try:
        cards = pickle.loads(payload)
    except Exception:  # a sealed file of an older layout: rebuild it rather than fail
        return None
    if isinstance(cards, tuple) and all(isinstance(card, Card) for card in cards):
        return cards
    return None


def _write(folder: Path, path: Path, key: str, cards: tuple[Card, ...]) -> None:
    """Write the sealed cards, then drop this installation's older cached sets of cards."""
    if write_sealed(path, key, pickle.dumps(cards, protocol=pickle.HIGHEST_PROTOCOL)):
        for old in folder.glob("cards-*.pickle"):
            if old != path:
                old.unlink(missing_ok=True)


def load_paths_cached(paths: Iterable[str | PathLike[str]]) -> tuple[Card, ...]:
    """Exactly :func:`~castle_combo.language.load_paths`, served from the cache when nothing changed."""
    files = card_files(paths)
    folder = installation_folder()
    if folder is None:
        return load_paths(files)
    key = _key(files)
    path = folder / f"cards-{key[:16]}.pickle"
    cards = _read(path, key)
    if cards is None:
        cards = load_paths(files)
        _write(folder, path, key, cards)
    return cards
