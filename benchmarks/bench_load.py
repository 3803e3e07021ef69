"""How long loading and validating the 78 base cards takes, cold and warm.

Run: ``python benchmarks/bench_load.py [--runs N]``. It prints, as medians:

* **cold**: a fresh ``python -c 'import castle_combo; castle_combo.Ruleset.standard()'``
  (target: under 150 ms), next to a bare ``python -c pass`` and a bare
  ``import castle_combo`` so the share of the card loading is visible; both
  with the per-user disk cache warm (the normal case) and with a fresh empty
  cache (the first run after an install or a card change);
* **warm**: in one process, re-reading, parsing and validating every card
  file with no cache at all, and building the Lark parser from the grammar.

Nothing here asserts a time: the numbers are for people (docs/performance.md).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

COLD = "import castle_combo; castle_combo.Ruleset.standard()"


def cold(code: str, runs: int, env: dict[str, str] | None = None, fresh_cache: bool = False) -> float:
    """Median wall time of ``python -c code`` in a new process, in ms."""
    times = []
    for _ in range(runs):
        run_env = dict(env or os.environ)
        with tempfile.TemporaryDirectory() as empty:
            if fresh_cache:
                run_env["XDG_CACHE_HOME"] = empty
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True, env=run_env)
            times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def warm(action: Callable[[], object], runs: int) -> float:
    """Median wall time of ``action()`` in this process, in ms."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="runs per measurement (median reported)")
    runs = parser.parse_args().runs

    from lark import Lark

    from castle_combo.language import load_paths
    from castle_combo.language.parser import GRAMMAR_FILE, PARSER_OPTIONS
    from castle_combo.language.ruleset import Ruleset, bundled_cards_folder

    Ruleset.standard()  # fill the disk cache so that "cold, cache warm" means what it says
    folder = bundled_cards_folder()
    count = len(load_paths([folder]))
    print(f"cards: {count} in {len(list(folder.glob('*.ccl')))} files ({folder})")
    print(f"cold  python -c pass                          {cold('pass', runs):7.1f} ms")
    print(f"cold  import castle_combo                     {cold('import castle_combo', runs):7.1f} ms")
    print(f"cold  Ruleset.standard(), disk cache warm     {cold(COLD, runs):7.1f} ms   (target < 150 ms)")
    print(f"cold  Ruleset.standard(), empty disk cache    {cold(COLD, runs, fresh_cache=True):7.1f} ms")
    print(f"warm  parse + validate all cards, no cache    {warm(lambda: load_paths([folder]), runs):7.1f} ms")
    build = warm(lambda: Lark.open_from_package("castle_combo.language", GRAMMAR_FILE, **PARSER_OPTIONS), runs)
    print(f"warm  build the LALR parser from ccl.lark     {build:7.1f} ms")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpus, {Path(sys.executable).parent.parent}")


if __name__ == "__main__":
    main()
