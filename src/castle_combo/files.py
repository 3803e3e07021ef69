"""Files in and out, safely: only regular files of bounded size are read, and every file is written whole.

**Reading.** A game record, a save or a score scenario is someone else's
data, and a path may name something that is not a file at all: a FIFO
(reading it waits for a writer that never comes), a device such as
``/dev/zero`` (reading it never ends) or a file of gigabytes. :func:`read_file`
opens the path without waiting (``O_NONBLOCK``), refuses anything but a
regular file, and reads at most :data:`MAX_FILE_BYTES`, saying so in the
error. An honest file is far smaller: a five-player game of the expansion
with many reshuffles has a record of about 9 KB and a save of about 17 KB.

**Writing.** :func:`write_file` is the one writer of every file castle-combo
writes (records, saves, the replay page, pictures, charts, print sheets). It
writes a temporary file beside the target and renames it into place, so a
reader never sees half a file and a full disk leaves the old file as it was;
and it refuses to replace an existing file unless ``overwrite`` is given (the
command line's ``--overwrite``), even when the file appears while it writes
(the new file is linked into place, which fails if the name is taken).

**Numbers.** Every number a record, a save or a scenario holds lies within
:data:`MAX_NUMBER` either way from 0, a seed excepted; the readers refuse
any other with an error naming its JSON path (Python itself refuses to read
an integer of more than 4,300 digits, and a long one would overflow later).

**Folders.** :func:`claim_folder` lets one run at a time write a folder of
records (``simulate --save``): a second run started into the same folder is
refused at once instead of mixing or replacing the first run's records.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

from castle_combo.errors import CastleComboError

__all__ = [
    "MAX_FILE_BYTES", "MAX_NUMBER", "MAX_QUOTE", "check_target", "claim_folder", "quote", "read_file", "size_text",
    "write_file",
]

#: The most bytes :func:`read_file` reads: a record, a save or a scenario is at most 1 MiB.
MAX_FILE_BYTES = 1 << 20
#: The largest number, either way from 0, that a record, a save or a scenario may hold (a seed may be any
#: integer): far beyond any game, where gold and keys stay in the tens, and small enough that no sum or
#: product of such numbers grows too long to print or too large for a float.
MAX_NUMBER = 1_000_000
#: The name of the file that marks a folder as being written by a run (see :func:`claim_folder`).
LOCK_NAME = ".castle-combo.lock"


#: The most characters of user input an error message quotes.
MAX_QUOTE = 80


def quote(value: object, limit: int = MAX_QUOTE) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages (never a huge or unprintable dump)."""
    try:
        text = repr(value)
    except ValueError:  # an int too long to convert to text
        return "<a number too long to show>"
    except Exception:  # noqa: BLE001 - a hostile object's __repr__ may raise anything: the message must not
        return f"<a {type(value).__name__} that cannot be shown>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def size_text(size: int) -> str:
    """A byte count for people: ``1 MiB``, ``300 KiB``, ``12 bytes``."""
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= scale:
            return f"{size / scale:.3g} {unit}"
    return f"{size} bytes"


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_file(path: str | os.PathLike[str], error: type[CastleComboError], *,
              limit: int = MAX_FILE_BYTES, what: str = "a castle-combo file") -> bytes:
    """The bytes of the regular file ``path``; anything else, or more than ``limit`` bytes, raises ``error``."""
    name = os.fspath(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(name, flags)
    except OSError as problem:
        if os.path.isdir(name):
            raise error(f"{name}: a folder, not a file; give the path of {what}") from None
        raise error(f"{name}: cannot read it: {problem.strerror or problem}") from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{name}: {_kind(info.st_mode)}, not a regular file; give the path of {what}")
        too_big = f"{name}: more than {size_text(limit)}, the most {what} may have (an honest one is far smaller)"
        if info.st_size > limit:
            raise error(too_big)
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(handle, min(1 << 16, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:  # the file grew while it was read
            raise error(too_big)
        return b"".join(chunks)
    except OSError as problem:
        raise error(f"{name}: cannot read it: {problem.strerror or problem}") from None
    finally:
        os.close(handle)


def _umask() -> int:
    """This process's umask, read without changing it where the system allows (Linux), else set and put back."""
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


#: Errors of ``os.link`` that mean the file system cannot make hard links (FAT, some network shares).
_NO_LINKS = {errno.EPERM, errno.EXDEV, errno.EMLINK, getattr(errno, "ENOTSUP", -1), getattr(errno, "EOPNOTSUPP", -1),
             getattr(errno, "ENOSYS", -1)}


def check_target(path: str | os.PathLike[str], error: type[CastleComboError], *, overwrite: bool = False) -> Path:
    """``path`` as a :class:`~pathlib.Path`, if :func:`write_file` may write it: early, before the work that fills it.

    A folder is refused, and so is an existing file without ``overwrite``.
    With it, only a regular file (or a symlink, which is replaced, never
    followed) is replaced: a FIFO, a socket or a device (``/dev/null``
    given as the file to write) is refused, since renaming a file over it
    would remove it for every program that uses it.
    """
    target = Path(path)
    if target.is_dir():
        raise error(f"{target} is a folder; give the name of a file to write")
    try:
        mode = os.lstat(target).st_mode
    except OSError:
        return target  # nothing there yet (or a name the writer will refuse with its own reason)
    if not overwrite:
        raise error(f"{target} already exists; give --overwrite to replace it (overwrite=True in Python)")
    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        raise error(f"{target} is {_kind(mode)}, not a regular file; castle-combo replaces only regular files")
    return target


def write_file(path: str | os.PathLike[str], data: str | bytes, error: type[CastleComboError], *,
               overwrite: bool = False) -> Path:
    """Write ``data`` to ``path`` whole or not at all (see the module docstring); return the path.

    Without ``overwrite`` an existing file (or one that appears meanwhile) is
    left alone and ``error`` says how to replace it. Every failure (no such
    folder, no permission, a full disk, a name too long) is one ``error``
    naming the path; the temporary file is removed.
    """
    target = check_target(path, error, overwrite=overwrite)
    content = data.encode("utf-8") if isinstance(data, str) else data
    folder = target.parent
    try:
        mode = stat.S_IMODE(target.stat().st_mode) if overwrite and target.exists() else 0o666 & ~_umask()
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".castle-combo-", suffix=".tmp")
    except OSError as problem:
        where = f"its folder {folder} does not exist" if not folder.is_dir() else problem.strerror or str(problem)
        raise error(f"cannot write {target}: {where}") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
        os.chmod(temporary, mode)
        if overwrite:
            os.replace(temporary, target)
        else:
            _link_new(temporary, target)
    except FileExistsError:
        raise error(f"{target} appeared while it was being written (another program or run wrote it); give "
                    "--overwrite to replace it") from None
    except OSError as problem:
        raise error(f"cannot write {target}: {problem.strerror or problem}") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
    return target


def _link_new(temporary: str, target: Path) -> None:
    """Put the finished ``temporary`` file at ``target``, which must not exist yet (FileExistsError if it does)."""
    try:
        os.link(temporary, target)
        return
    except FileExistsError:
        raise
    except OSError as problem:
        if problem.errno not in _NO_LINKS:
            raise
    # No hard links here: reserve the name (fails if taken), then rename the finished file over the reservation.
    os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    try:
        os.replace(temporary, target)
    except OSError:
        target.unlink(missing_ok=True)  # the empty reservation must not stay behind
        raise


@contextlib.contextmanager
def claim_folder(folder: str | os.PathLike[str], error: type[CastleComboError]) -> Iterator[Path]:
    """Hold ``folder`` (created if missing) for one run: a second claim meanwhile, from any process, is refused.

    The claim is a lock on the file :data:`LOCK_NAME` in the folder, which the
    system releases if the process dies, so a crash leaves no stale claim;
    the file is removed when the run ends.
    """
    where = Path(folder)
    try:
        where.mkdir(parents=True, exist_ok=True)
    except OSError as problem:
        raise error(f"cannot make the folder {where}: {problem.strerror or problem}") from None
    lock = where / LOCK_NAME
    busy = error(f"another castle-combo run is writing into {where} right now; choose another folder, or wait "
                 f"for it to finish (if none is running, delete {lock})")
    try:
        import fcntl
    except ImportError:  # no advisory locks (Windows): the lock file's existence is the claim
        try:
            os.close(os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        except FileExistsError:
            raise busy from None
        except OSError as problem:
            raise error(f"cannot write into the folder {where}: {problem.strerror or problem}") from None
        try:
            yield where
        finally:
            with contextlib.suppress(OSError):
                os.unlink(lock)
        return
    while True:
        try:
            handle = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as problem:
            raise error(f"cannot write into the folder {where}: {problem.strerror or problem}") from None
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(handle)
            raise busy from None
        try:
            same = os.stat(lock).st_ino == os.fstat(handle).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(handle)  # the run before removed the lock file between our open and our lock: take the new one
    try:
        yield where
    finally:
        with contextlib.suppress(OSError):
            os.unlink(lock)
        os.close(handle)
