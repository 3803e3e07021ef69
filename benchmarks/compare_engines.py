"""Random-game speed of this checkout against another commit, in one run: ``python benchmarks/compare_engines.py``.

Speed claims ("1.65x the engine of commit X") are only meaningful when both
engines are measured on the same machine at the same moment: a shared
machine's speed drifts by tens of percent within minutes. So this script
checks the other commit out beside this one (a temporary ``git worktree``),
then measures the two engines *alternately*, each in its own process and its
own card cache, several rounds, and reports each one's best round and the
ratio. Each round plays random 2-player and 4-player games through the public
API (``new_game``, ``legal_actions``, ``apply``, ``scores``), uniformly random
legal actions, for ``--seconds`` of CPU time per measurement.

    python benchmarks/compare_engines.py --base ca04da3 --rounds 4 --seconds 2
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The measurement, run in a fresh process with the engine under test first on the path.
GAMES = r"""
import random, sys, time
import castle_combo as cc
cc.Ruleset.standard()

def game(players, seed):
    rng = random.Random(seed)
    state = cc.new_game(players=players, seed=seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    state.scores()

for players in (2, 4):
    for seed in range(20):  # warm the caches the engine keeps per ruleset
        game(players, seed)
    count, start = 0, time.process_time()
    while time.process_time() - start < float(sys.argv[1]):
        game(players, count)
        count += 1
    print(players, count / (time.process_time() - start))
"""


def measure(src: Path, seconds: float, cache: Path) -> dict[int, float]:
    """Games per CPU second for 2 and 4 players, with the package at ``src`` imported first."""
    env = {"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": str(cache), "PYTHONHASHSEED": "0"}
    out = subprocess.run([sys.executable, "-c", GAMES, str(seconds)], env=env, capture_output=True, text=True,
                         check=True).stdout
    return {int(line.split()[0]): float(line.split()[1]) for line in out.splitlines()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="ca04da3", help="the commit to compare with (default: the last commit "
                        "before the expansion's engine redesign)")
    parser.add_argument("--rounds", type=int, default=4, help="alternating rounds (default 4)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement (default 2)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base), args.base], check=True)
        try:
            engines = {"this checkout": ROOT / "src", f"commit {args.base}": base / "src"}
            best: dict[str, dict[int, float]] = {name: {2: 0.0, 4: 0.0} for name in engines}
            for _ in range(args.rounds):
                for name, src in engines.items():
                    for players, rate in measure(src, args.seconds, Path(tmp) / name.replace(" ", "-")).items():
                        best[name][players] = max(best[name][players], rate)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False)
    this, other = best["this checkout"], best[f"commit {args.base}"]
    for name, rates in best.items():
        print(f"{name:>22}: {rates[2]:8.0f} games/s with 2 players, {rates[4]:8.0f} with 4 (best of {args.rounds})")
    print(f"{'ratio':>22}: {this[2] / other[2]:8.2f}x with 2 players, {this[4] / other[4]:8.2f}x with 4")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
