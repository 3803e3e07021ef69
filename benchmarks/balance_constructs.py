"""Does the balance lab see a card that is strong through one construct only? A table, before and after.

The fan cards in ``benchmarks/constructs/`` are strong through one construct
each (``strong.ccl``: a start-of-turn trigger, taking from each opponent, a
row discard, an end-of-game effect, an optional cost, the harder gold
trigger, and a trigger on the opponents' takes) or fair cards using the same constructs in small amounts, with an
ordinary scoring rule (``harmless.ccl``: neither strong nor weak, so the lab
should flag none of them). This script runs ``castle-combo balance`` with
them added to the standard cards and prints, for each of them, how often a
player took it face up, the share of those players who won, that share's 95%
interval and the lab's flag.

With ``--base REV`` the same balance run is played by the package of commit
``REV`` too (checked out beside this one in a temporary ``git worktree``,
run in its own process), so the table shows the bots before and after a
change side by side, on the same cards, seed and games. The base must be
able to read the cards: ``2917dd2`` is the last commit before the bots
learnt to value take triggers ("whenever an opponent takes a card: ...",
Turnpike and Gate Clerk) and reads them all. ``efcf90b``, the last commit
before the bots learnt to value the other constructs (``247c007``), reads
none of the take triggers (nor does ``abbc752``, whose engine has no
triggers on other players' takes), so it can only be compared on the
construct files as they were before those two cards (``git show
2917dd2:benchmarks/constructs/strong.ccl``); commits such as ``93386de``
predate even the optional costs (``you may pay ...``). The before/after
tables of the docs (docs/bots.md, "The construct cards in the balance lab")
are this command's output:

    python benchmarks/balance_constructs.py --games 400 --jobs 2 --base 2917dd2 --seeds 1

Each seed has its table; with several seeds a summary follows, with each
card's numbers pooled over the seeds and its flag on each. Last comes, for
each seed, whether this checkout meets the bar of the issue that asked for
this: Toll Keeper ("at the start of your turn: gain 3 keys") taken at least
30 times in 400 two-player greedy games, with its interval above 0.5, while
no harmless card is flagged (exit status 1 when a seed misses it). The lab
flags about 5% of fair cards by chance, strong or weak, so one flag on one
seed is a question and a flag on every seed the answer.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CONSTRUCTS = Path(__file__).resolve().parent / "constructs"
KINDS = ("strong", "harmless")
#: The last commit before the bots valued take triggers (the one before, efcf90b, before they valued the other
#: constructs, cannot read the take-trigger cards).
BEFORE_THE_BOTS = "2917dd2"
THIS = "this checkout"


def balance_json(src: Path, label: str, seed: int, args: argparse.Namespace, cache: Path) -> dict[str, Any]:
    """The ``balance --json`` document of the package at ``src``, run in a fresh process."""
    command = [sys.executable, "-m", "castle_combo.cli", "balance", "--players", "2", "--bots", args.bots,
               "--games", str(args.games), "--seed", str(seed), "--jobs", str(args.jobs),
               "--cards", str(CONSTRUCTS), "--json"]
    env = dict(os.environ, PYTHONPATH=str(src), XDG_CACHE_HOME=str(cache))
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        hint = ""
        if label != THIS:
            hint = (f"\n(if it could not read the construct cards, {label} is older than the card language they "
                    f"use: take a later base, such as {BEFORE_THE_BOTS}, the last commit before the bots valued "
                    "take triggers)")
        raise SystemExit(f"balance failed with {label}:\n{done.stderr.strip()}{hint}")
    document: dict[str, Any] = json.loads(done.stdout)
    return document


def fan_cards() -> list[tuple[str, str, str]]:
    """``(kind, name, what it does)`` for every card of the construct files, strong ones first."""
    from castle_combo.language import parse_text  # noqa: PLC0415 (the package under test is imported late)

    rows = []
    for kind in KINDS:
        path = CONSTRUCTS / f"{kind}.ccl"
        for card in parse_text(path.read_text(encoding="utf-8"), str(path)):
            parts = [("each turn: ", card.each_turn), ("game end: ", card.game_end), ("", card.ability),
                     (f"{card.take_heading}: " if card.taken else "", card.taken)]
            what = " ".join(label + " ".join(e.describe() for e in effects) for label, effects in parts if effects)
            scoring = " ".join(rule.describe() for rule in card.scoring)
            rows.append((kind, card.name, f"{what} {scoring}".strip()))
    return rows


def wilson(won: int, taken: int) -> tuple[float, float]:
    """The 95% Wilson interval of ``won / taken`` (the balance lab's interval)."""
    if not taken:
        return 0.0, 1.0
    z = 1.959964
    share = won / taken
    scale = 1 + z * z / taken
    centre = (share + z * z / (2 * taken)) / scale
    half = z * math.sqrt(share * (1 - share) / taken + z * z / (4 * taken * taken)) / scale
    return max(0.0, centre - half), min(1.0, centre + half)


def cell(taken: int, share: float, interval: tuple[float, float], flag: str) -> str:
    """One run's columns for one card: taken, win share, interval, flag."""
    if not taken:
        return f"{taken:>5} {'-':>5} {'':>14} {flag:6}"
    low, high = interval
    return f"{taken:>5} {share:>5.2f} {f'[{low:.2f}, {high:.2f}]':>14} {flag:6}"


def card_line(document: dict[str, Any], card: str) -> dict[str, Any]:
    """One card's line of a ``balance --json`` document."""
    line: dict[str, Any] = next(line for line in document["cards"] if line["card"] == card)
    return line


def line_cell(line: dict[str, Any] | None) -> str:
    if line is None:
        return f"{'-':>5} {'':>5} {'':>14} {'':6}"
    return cell(line["taken"], line["win_rate_when_taken"], tuple(line["ci95"]), line["flag"] or "")


def print_table(rows: list[tuple[str, str, str]], columns: list[str], cells: dict[str, dict[str, str]]) -> None:
    print(f"\n{'':8} {'card':13}" + "".join(f" | {name:^32}" for name in columns))
    print(f"{'':8} {'':13}" + " | taken share  95% interval  flag  " * len(columns))
    for kind, card, _ in rows:
        print(f"{kind:8} {card:13}" + "".join(f" | {cells[name].get(card, line_cell(None))}" for name in columns))


def meets_the_bar(document: dict[str, Any], rows: list[tuple[str, str, str]]) -> tuple[bool, str]:
    """The issue's bar on one run: Toll Keeper taken 30 times with its interval above 0.5, no harmless card flagged."""
    keeper = card_line(document, "Toll Keeper")
    flags = {card: card_line(document, card)["flag"] for _, card, _ in rows}
    flagged = [f"{card} ({flags[card]})" for kind, card, _ in rows if kind == "harmless" and flags[card]]
    missed = [card for kind, card, _ in rows if kind == "strong" and flags[card] != "strong"]
    met = keeper["taken"] >= 30 and keeper["ci95"][0] > 0.5 and not flagged
    low, high = keeper["ci95"]
    text = (f"Toll Keeper taken {keeper['taken']}, share {keeper['win_rate_when_taken']:.2f} [{low:.2f}, {high:.2f}]; "
            f"harmless flagged: {', '.join(flagged) or 'none'}; strong not flagged: {', '.join(missed) or 'none'}"
            f" -> {'bar met' if met else 'bar MISSED'}")
    return met, text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seeds", "--seed", type=int, nargs="+", default=[1], metavar="SEED",
                        help="one balance run per seed (default: 1)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--bots", default="greedy,greedy")
    parser.add_argument("--base", metavar="REV",
                        help=f"also run the bots of this commit, for a before/after table ({BEFORE_THE_BOTS}: "
                             "the last commit before the bots valued take triggers)")
    args = parser.parse_args(argv)
    seeds: list[int] = args.seeds
    runs: dict[tuple[str, int], dict[str, Any]] = {}
    columns = [THIS]
    with tempfile.TemporaryDirectory() as tmp:
        for seed in seeds:
            runs[THIS, seed] = balance_json(ROOT / "src", THIS, seed, args, Path(tmp) / "this")
        if args.base:
            base = Path(tmp) / "base"
            label = f"commit {args.base}"
            columns.insert(0, label)  # the base commit first: before, then after
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base), args.base],
                           check=True)
            try:
                for seed in seeds:
                    runs[label, seed] = balance_json(base / "src", label, seed, args, Path(tmp) / "base-cache")
            finally:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False)
    rows = fan_cards()
    print(f"balance: {args.games} games, 2 players, bots {args.bots}, seeds {' '.join(map(str, seeds))}")
    for seed in seeds:
        print(f"\nseed {seed}:")
        for name in columns:
            document = runs[name, seed]
            print(f"  {name}: baseline win share {document['baseline']:.3f}, "
                  f"{len(document['flagged'])} cards flagged of {len(document['cards'])}")
        cells = {name: {line["card"]: line_cell(line) for line in runs[name, seed]["cards"]} for name in columns}
        print_table(rows, columns, cells)
    if len(seeds) > 1:
        print(f"\nall {len(seeds)} seeds pooled ({len(seeds) * args.games} games; flag against the mean baseline), "
              "and each seed's flag:")
        pooled: dict[str, dict[str, str]] = {name: {} for name in columns}
        for name in columns:
            documents = [runs[name, seed] for seed in seeds]
            baseline = sum(document["baseline"] for document in documents) / len(documents)
            for _, card, _ in rows:
                lines = [card_line(document, card) for document in documents]
                taken, won = sum(line["taken"] for line in lines), sum(line["won"] for line in lines)
                low, high = wilson(won, taken)
                flag = "strong" if taken and low > baseline else "weak" if taken and high < baseline else ""
                pooled[name][card] = cell(taken, won / taken if taken else 0.0, (low, high), flag)
        print_table(rows, columns, pooled)
        print(f"\n{'':8} {'flag by seed':13}" + "".join(f" | {name:^32}" for name in columns))
        for kind, card, _ in rows:
            flags = {name: " ".join(card_line(runs[name, seed], card)["flag"] or "-" for seed in seeds)
                     for name in columns}
            print(f"{kind:8} {card:13}" + "".join(f" | {flags[name]:32}" for name in columns))
    print("\nthe cards:")
    print("\n".join(f"  {card}: {what}" for _, card, what in rows))
    print(f"\nthe issue's bar ({THIS}):")
    results = [meets_the_bar(runs[THIS, seed], rows) for seed in seeds]
    for seed, (_, text) in zip(seeds, results, strict=True):
        print(f"  seed {seed}: {text}")
    return 0 if all(met for met, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
