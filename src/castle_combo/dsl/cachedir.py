"""The private per-user cache folder of castle-combo.

Everything cached there is a pickle, and unpickling runs code, so the folder
must be private: ``$XDG_CACHE_HOME/castle-combo`` (``~/.cache/castle-combo``
by default) is created with mode 0700 and used only if it belongs to the
current user and nobody else may write to it. Never the shared temporary
directory, where another user could plant a file at a predictable name.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["cache_folder"]


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
