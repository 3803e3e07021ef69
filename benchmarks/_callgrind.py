"""Counting the machine instructions of a run under Valgrind's callgrind: the helper the counting scripts share.

Not a benchmark of its own (the performance page lists only the scripts without a leading underscore).
``count_instructions.py``, ``bench_fan_cards.py`` and ``bench_simulate.py`` each run a Python program under
callgrind and read the total it reports; this is that run, in one place.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path


def instructions(command: Sequence[str], *, env: Mapping[str, str] | None = None, cwd: Path | None = None,
                 fixed_addresses: bool = False, what: str = "the counted run") -> int:
    """The instructions callgrind counts for ``command`` (a program and its arguments), run with ``env``
    (default: this process's environment with ``PYTHONHASHSEED=0``, so that hashing is the same every run).

    ``fixed_addresses`` turns address randomisation off where ``setarch`` exists (``setarch -R``): the order of
    objects hashed by address then stays the same, and repeated runs agree to about 0.05 per mille instead of
    0.6. A failed run stops the script with its error (``what`` names it).
    """
    prefix = ["setarch", "-R"] if fixed_addresses and shutil.which("setarch") else []
    done = subprocess.run(
        [*prefix, "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        env=dict(env) if env is not None else {**os.environ, "PYTHONHASHSEED": "0"},
        cwd=cwd, capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{what} failed: {done.stderr.strip()[-500:]}")
    for line in done.stderr.splitlines():
        if "Collected" in line:
            return int(line.split()[-1])
    raise SystemExit(f"callgrind printed no count: {done.stderr.strip()[-300:]}")
