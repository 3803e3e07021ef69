"""The private per-user cache folder of castle-combo, and sealed files in it.

Everything cached there is a pickle, and unpickling runs code, so the folder
must be private: ``$XDG_CACHE_HOME/castle-combo`` (``~/.cache/castle-combo``
by default) is created with mode 0700 and used only if it belongs to the
current user and nobody else may write to it. Never the shared temporary
directory, where another user could plant a file at a predictable name.

Each installation of castle-combo (each place its package lives: a venv, a
checkout) gets a sub-folder of its own, so two installations never evict
each other's cache.

A cached file is *sealed* (:func:`write_sealed`): a header names what it
holds and the exact inputs it was built from (a key), then comes a SHA-256
of the payload, then the payload. :func:`read_sealed` returns the payload
only when the header, the key and the checksum all match, before anything is
unpickled; a file damaged on disk (one flipped bit) or built from other
inputs is ignored and rebuilt, never trusted.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from castle_combo.errors import CastleComboError
from castle_combo.files import read_file, write_file

__all__ = ["cache_folder", "installation_folder", "read_sealed", "write_sealed"]

_MAGIC = b"castle-combo sealed cache 1\n"
#: The largest cached file read (the built parser is about 0.5 MB): anything larger is not one of ours.
MAX_CACHED_BYTES = 64 << 20


def cache_folder() -> Path | None:
    """This user's private cache folder, or ``None`` if there is no safe one."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(base) / "castle-combo"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.stat()
    except OSError:
        return None
    getuid = getattr(os, "getuid", None)
    if getuid is not None and (info.st_uid != getuid() or info.st_mode & 0o022):
        return None
    return folder


def installation_folder() -> Path | None:
    """This installation's sub-folder of the private cache folder (``None`` if there is no safe place)."""
    folder = cache_folder()
    if folder is None:
        return None
    package = str(Path(__file__).resolve().parent.parent)
    own = folder / hashlib.sha256(package.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    try:
        own.mkdir(mode=0o700, exist_ok=True)
    except OSError:
        return None
    return own


def read_sealed(path: Path, key: str) -> bytes | None:
    """The payload of a sealed file written for ``key``, or ``None`` if it is missing, stale or damaged.

    Read as records are (:func:`castle_combo.files.read_file`): a FIFO or a device in its place is passed
    over at once (reading a FIFO waited forever, in every command), and so is a file of more than
    :data:`MAX_CACHED_BYTES`.
    """
    try:
        data = read_file(path, CastleComboError, limit=MAX_CACHED_BYTES, what="a cache file")
    except CastleComboError:
        return None
    header = _MAGIC + key.encode("utf-8") + b"\n"
    if not data.startswith(header):
        return None
    checksum, newline, payload = data[len(header):].partition(b"\n")
    if not newline or hashlib.sha256(payload).hexdigest().encode("ascii") != checksum:
        return None
    return payload


def write_sealed(path: Path, key: str, payload: bytes) -> bool:
    """Write ``payload`` sealed for ``key`` atomically (a temporary file, then a rename); False on failure."""
    sealed = _MAGIC + key.encode("utf-8") + b"\n" + hashlib.sha256(payload).hexdigest().encode("ascii") + b"\n"
    try:
        write_file(path, sealed + payload, CastleComboError, overwrite=True)  # the library's one writer
    except CastleComboError:
        return False
    return True
