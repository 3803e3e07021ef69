"""Keeping ``--json`` output pure: whatever runs during the work writes to standard error, not standard output.

``castle-combo simulate --json`` (and ``balance --json``) promise one JSON
document on standard output and nothing else, for scripts. But the work may
start programs that write to the same standard output: Ray's servers inherit
the command's file descriptors, and with Ray's logging turned up
(``RAY_LOG_TO_STDERR=1``, ``RAY_BACKEND_LOG_LEVEL=debug``) its GCS server
writes its log lines there. :func:`stdout_to_stderr` points standard output
(the Python stream *and* file descriptor 1, which child processes inherit) at
standard error while the work runs, and puts it back before the document is
printed.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator

__all__ = ["stdout_to_stderr"]


@contextlib.contextmanager
def stdout_to_stderr() -> Iterator[None]:
    """Send everything written to standard output meanwhile, by this process or its children, to standard error.

    The Python stream is redirected, and so is file descriptor 1 itself
    (what child processes inherit), whatever object ``sys.stdout`` is.
    """
    sys.stdout.flush()
    try:
        saved = os.dup(1)
    except OSError:  # no standard output at all: only the Python stream can be redirected
        saved = -1
    try:
        if saved >= 0:
            os.dup2(2, 1)
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        sys.stderr.flush()
        if saved >= 0:
            os.dup2(saved, 1)
            os.close(saved)
