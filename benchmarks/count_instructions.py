"""Instructions per random game, this checkout against another commit: ``python benchmarks/count_instructions.py``.

Timings on a shared machine drift by tens of percent within minutes (other
jobs take the cores), so a small change to the engine cannot be judged by
the clock. The number of machine instructions a game executes can: it is
the same on every run. This script runs each engine under Valgrind's
callgrind (which counts instructions, about fifty times slower than
running) and reports instructions per two-player random game, split into
the deal (``new_game``), the actions (``legal_actions``, ``apply`` and the
random choice, 21 or so per game) and the final scoring, for this checkout
and for ``--base`` (checked out beside it in a temporary ``git worktree``).

Each part is the difference between two runs that differ only in that
part, after a warm-up of a few hundred games (the engine keeps caches per
ruleset), so the cost of starting Python and loading the cards cancels out.
Instructions are not time: memory traffic is not counted, so a ratio of
instructions is a guide, and the clock (``compare_engines.py``) stays the
judge of speed on a quiet machine. Both engines copy their package and
cards to a private folder with its own card cache, so editing the checkout
while it runs changes nothing.

    python benchmarks/count_instructions.py --base ca04da3 --games 200
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts' shared helper, _callgrind.py

import _callgrind as callgrind

ROOT = Path(__file__).resolve().parent.parent

#: The measured program: a warm-up, then ``n`` games of which a part is played (``mode``).
GAMES = r"""
import random, sys
import castle_combo as cc
cc.Ruleset.standard()
mode, n = sys.argv[1], int(sys.argv[2])

def game(seed, play=True, score=True):
    rng = random.Random(seed)
    state = cc.new_game(players=2, seed=seed)
    while play and not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    if play and score:
        state.scores()

for seed in range(10_000, 10_000 + int(sys.argv[3])):
    game(seed)
for seed in range(n if mode != "none" else 0):
    game(seed, play=mode != "deal", score=mode == "full")
"""

#: The runs measured, each against the one before it: the deal, the actions, then the scoring.
MODES = ("none", "deal", "play", "full")


def instructions(src: Path, mode: str, games: int, warm: int, work: Path) -> int:
    """Instructions callgrind counts for one run of :data:`GAMES` with the package at ``src``."""
    return callgrind.instructions(
        [sys.executable, "-c", GAMES, mode, str(games), str(warm)],
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": str(work / "cache"),
             "PYTHONHASHSEED": "0"},
        cwd=work, what=f"the run ({mode})")


def measure(checkout: Path, games: int, warm: int) -> dict[str, float]:
    """Instructions per game of each part for the package in ``checkout`` (copied first)."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        shutil.copytree(checkout / "src", work / "src", ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copytree(checkout / "cards", work / "cards")
        instructions(work / "src", "deal", 1, 1, work)  # fill the card cache and the bytecode caches
        counts = {mode: instructions(work / "src", mode, games, warm, work) for mode in MODES}
    parts = {"deal": counts["deal"] - counts["none"], "actions": counts["play"] - counts["deal"],
             "scoring": counts["full"] - counts["play"]}
    parts["whole game"] = counts["full"] - counts["none"]
    return {name: value / games for name, value in parts.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="ca04da3", help="the commit to compare with (default: ca04da3)")
    parser.add_argument("--games", type=int, default=200, help="games measured per run (default 200)")
    parser.add_argument("--warm", type=int, default=400, help="warm-up games before them (default 400)")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: this script counts instructions with Valgrind's callgrind "
              "(Debian: apt install valgrind); compare_engines.py measures time instead", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base), args.base],
                       check=True)
        try:
            results = {"this checkout": measure(ROOT, args.games, args.warm),
                       f"commit {args.base}": measure(base, args.games, args.warm)}
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False)
    this, other = results["this checkout"], results[f"commit {args.base}"]
    print(f"instructions per 2-player random game ({args.games} games after {args.warm} to warm up)")
    print(f"{'':>22}  " + "  ".join(f"{part:>12}" for part in this))
    for name, parts in results.items():
        print(f"{name:>22}  " + "  ".join(f"{value:12,.0f}" for value in parts.values()))
    print(f"{'ratio':>22}  " + "  ".join(f"{other[part] / this[part]:11.2f}x" for part in this))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
