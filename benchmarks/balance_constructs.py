"""Does the balance lab see a card that is strong through one construct only? A table, before and after.

The fan cards in ``benchmarks/constructs/`` are strong through one construct
each (``strong.ccl``: a start-of-turn trigger, taking from each opponent, a
row discard, an end-of-game effect, and the harder gold trigger) or ordinary
cards using the same constructs in small amounts (``harmless.ccl``). This
script runs ``castle-combo balance`` with them added to the standard cards
and prints, for each of them, how often a player took it face up, the share
of those players who won, that share's 95% interval and the lab's flag.

With ``--base REV`` the same balance run is played by the package of commit
``REV`` too (checked out beside this one in a temporary ``git worktree``,
run in its own process), so the table shows the bots before and after a
change side by side, on the same cards, seed and games.

    python benchmarks/balance_constructs.py --games 400 --jobs 2 --base 93386de

The bar of the issue that asked for this: Toll Keeper ("at the start of your
turn: gain 3 keys") taken at least 30 times in 400 two-player greedy games,
with its interval above 0.5, while no harmless card is flagged.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CONSTRUCTS = Path(__file__).resolve().parent / "constructs"


def balance_json(src: Path, args: argparse.Namespace, cache: Path) -> dict[str, Any]:
    """The ``balance --json`` document of the package at ``src``, run in a fresh process."""
    command = [sys.executable, "-m", "castle_combo.cli", "balance", "--players", "2", "--bots", args.bots,
               "--games", str(args.games), "--seed", str(args.seed), "--jobs", str(args.jobs),
               "--cards", str(CONSTRUCTS), "--json"]
    env = dict(os.environ, PYTHONPATH=str(src), XDG_CACHE_HOME=str(cache))
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"balance failed with the package at {src}:\n{done.stderr}")
    document: dict[str, Any] = json.loads(done.stdout)
    return document


def fan_cards() -> list[tuple[str, str, str]]:
    """``(kind, name, what it does)`` for every card of the construct files, strong ones first."""
    from castle_combo.language import parse_text  # noqa: PLC0415 (the package under test is imported late)

    rows = []
    for kind in ("strong", "harmless"):
        path = CONSTRUCTS / f"{kind}.ccl"
        for card in parse_text(path.read_text(encoding="utf-8"), str(path)):
            parts = [("each turn: ", card.each_turn), ("game end: ", card.game_end), ("", card.ability)]
            what = " ".join(label + " ".join(e.describe() for e in effects) for label, effects in parts if effects)
            rows.append((kind, card.name, what))
    return rows


def cell(line: dict[str, Any] | None) -> str:
    """One run's columns for one card: taken, win share, interval, flag."""
    if line is None:
        return f"{'-':>5} {'':>5} {'':>14} {'':6}"
    low, high = line["ci95"]
    interval = f"[{low:.2f}, {high:.2f}]" if line["taken"] else ""
    share = f"{line['win_rate_when_taken']:.2f}" if line["taken"] else "-"
    return f"{line['taken']:>5} {share:>5} {interval:>14} {line['flag'] or '':6}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--bots", default="greedy,greedy")
    parser.add_argument("--base", metavar="REV", help="also run the bots of this commit, for a before/after table")
    args = parser.parse_args(argv)
    runs: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        runs["this checkout"] = balance_json(ROOT / "src", args, Path(tmp) / "this")
        if args.base:
            base = Path(tmp) / "base"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base), args.base],
                           check=True)
            try:
                runs[f"commit {args.base}"] = balance_json(base / "src", args, Path(tmp) / "base-cache")
            finally:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False)
    order = list(reversed(runs))  # the base commit first: before, then after
    print(f"balance: {args.games} games, 2 players, bots {args.bots}, seed {args.seed}")
    for name in order:
        document = runs[name]
        print(f"  {name}: baseline win share {document['baseline']:.3f}, "
              f"{len(document['flagged'])} cards flagged of {len(document['cards'])}")
    header = "".join(f" | {name:^32}" for name in order)
    print(f"\n{'':8} {'card':13}{header}")
    print(f"{'':8} {'':13}" + " | taken share  95% interval  flag  " * len(order))
    lines = {name: {line["card"]: line for line in runs[name]["cards"]} for name in order}
    described = []
    for kind, card, what in fan_cards():
        print(f"{kind:8} {card:13}" + "".join(f" | {cell(lines[name].get(card))}" for name in order))
        described.append(f"  {card}: {what}")
    print("\nthe cards:")
    print("\n".join(described))
    return 0


if __name__ == "__main__":
    sys.exit(main())
