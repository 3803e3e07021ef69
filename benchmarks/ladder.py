"""A ladder of bot strength: a round robin of two-player games, rated by Bradley-Terry with 95% intervals.

Every pair of the bots named in ``--bots`` plays ``--games`` games: each deal
twice, once with each bot starting, the deals fixed by ``--seed`` and the same
for every pair. The results are fitted by
:func:`castle_combo.bots.ladder.fit_ratings` (Elo scale, the greedy bot held
at 1000, one virtual drawn game per pair, intervals from the likelihood's
curvature), and the script writes them as JSON (``--out``) and draws the
chart (``--svg``); the docs' ladder page reads that JSON when the site is
built. Each finished game is also appended to ``OUT.games.jsonl``, so a long
run that stops can go on with ``--resume``. Bots with a time budget
(``mcts:time=0.5``) play as strongly as the machine is fast at the moment:
the JSON records the machine, its load before and after, and the jobs.

    python benchmarks/ladder.py --games 40 --jobs 2
    python benchmarks/ladder.py --games 2 --bots random,greedy,mcts:4 --out /tmp/ladder.json --svg /tmp/ladder.svg
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from itertools import combinations
from pathlib import Path
from typing import Any

from castle_combo.bots.ladder import Pairing, document_chart, fit_ratings, time_words
from castle_combo.bots.registry import is_timed, parse_agents
from castle_combo.bots.simulate import play_game

ROOT = Path(__file__).resolve().parents[1]
#: The ladder the docs page shows: from no thought at all to a second of it per move.
DEFAULT_BOTS = "random,greedy,mcts:8,mcts,mcts:160,mcts:time=0.5"
DEFAULT_OUT = ROOT / "benchmarks" / "results" / "ladder.json"
ANCHOR, ANCHOR_RATING = "greedy", 1000.0


def play(task: tuple[str, str, int, int]) -> dict[str, Any]:
    """One game: deal ``k`` of ``seed`` with ``first`` in slot 0 (seat ``k % 2``) and ``second`` in slot 1."""
    first, second, seed, k = task
    outcome = play_game([first, second], seed, k)
    share = 1.0 / len(outcome.winners) if 0 in outcome.winners else 0.0
    return {"bots": [first, second], "deal": k, "score": share, "scores": list(outcome.scores),
            "moves": list(outcome.moves), "seconds": [round(s, 4) for s in outcome.think_seconds]}


def commit() -> str:
    """The checked-out commit, with ``+changes`` when the working tree differs from it."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "src"], cwd=ROOT, capture_output=True,
                               text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def summarize(games: list[dict[str, Any]], bots: list[str]) -> dict[str, Any]:
    """The pairings, the fitted ratings and each bot's thinking time, from the games played."""
    pairs: dict[tuple[str, str], list[float]] = {}
    seconds = {bot: 0.0 for bot in bots}
    moves = {bot: 0 for bot in bots}
    for game in games:
        first, second = game["bots"]
        a, b = sorted((first, second), key=bots.index)
        tally = pairs.setdefault((a, b), [0, 0.0])
        tally[0] += 1
        tally[1] += game["score"] if first == a else 1.0 - game["score"]
        for slot, bot in enumerate((first, second)):
            seconds[bot] += game["seconds"][slot]
            moves[bot] += game["moves"][slot]
    pairings = [Pairing(a, b, int(n), score) for (a, b), (n, score) in pairs.items()]
    ratings = fit_ratings(pairings, ANCHOR, ANCHOR_RATING)
    return {
        "ratings": [
            {"bot": r.bot, "rating": round(r.rating, 1), "ci95": [round(r.low, 1), round(r.high, 1)],
             "games": r.games, "score": round(r.score, 4),
             "seconds_per_move": round(seconds[r.bot] / moves[r.bot], 5) if moves[r.bot] else 0.0,
             "timed": is_timed(r.bot)}
            for r in ratings
        ],
        "pairs": [{"a": p.a, "b": p.b, "games": p.games, "a_score": p.score} for p in pairings],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bots", default=DEFAULT_BOTS, help=f"comma-separated bot specs (default {DEFAULT_BOTS})")
    parser.add_argument("--games", type=int, default=40, help="games per pair, an even number (default 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the JSON result (default %(default)s)")
    parser.add_argument("--svg", type=Path, default=None, help="the chart (default: OUT with .svg)")
    parser.add_argument("--resume", action="store_true", help="keep the games OUT.games.jsonl already holds")
    parser.add_argument("--commit", default=None,
                        help="the commit to record (default: this checkout's, +changes when src/ differs from it)")
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error("--games must be an even number of at least 2 (each deal is played in both seat orders)")
    bots = list(parse_agents(args.bots))
    if ANCHOR not in bots:
        parser.error(f"--bots must include {ANCHOR!r}, the bot the ratings are measured from")
    log = args.out.with_name(args.out.name + ".games.jsonl")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    games: list[dict[str, Any]] = []
    if args.resume and log.exists():
        games = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
    elif log.exists():
        log.unlink()
    done = {(tuple(g["bots"]), g["deal"]) for g in games}
    tasks = [(x, y, args.seed, k) for k in range(args.games // 2) for a, b in combinations(bots, 2)
             for x, y in ((a, b), (b, a)) if ((x, y), k) not in done]
    load_before = os.getloadavg()
    started = time.perf_counter()
    print(f"{len(tasks)} games to play ({len(games)} kept), {args.jobs} job(s), load {load_before[0]:.1f}",
          flush=True)
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool, log.open("a", encoding="utf-8") as out:
        futures = [pool.submit(play, task) for task in tasks]
        for n, future in enumerate(as_completed(futures), 1):
            game = future.result()
            games.append(game)
            out.write(json.dumps(game) + "\n")
            out.flush()
            if n % 20 == 0 or n == len(tasks):
                print(f"  {n}/{len(tasks)} games, {time.perf_counter() - started:.0f} s, "
                      f"load {os.getloadavg()[0]:.1f}", flush=True)
    result: dict[str, Any] = {
        "format": "castle-combo/ladder@1",
        "date": datetime.date.today().isoformat(),
        "commit": args.commit or commit(),
        "command": "python benchmarks/ladder.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
        "load": [round(load_before[0], 2), round(os.getloadavg()[0], 2)],
        "jobs": args.jobs,
        "seed": args.seed,
        "games_per_pair": args.games,
        "anchor": {"bot": ANCHOR, "rating": ANCHOR_RATING},
        "prior": "one virtual drawn game per pair",
        "wall_seconds": round(time.perf_counter() - started),
        **summarize(games, bots),
    }
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    svg = args.svg or args.out.with_suffix(".svg")
    svg.write_text(document_chart(result) + "\n", encoding="utf-8")
    print(f"{'bot':<16}{'rating':>8}  {'95% interval':<15}{'score':>7}{'time a move':>13}")
    for r in result["ratings"]:
        print(f"{r['bot']:<16}{r['rating']:>8.0f}  {r['ci95'][0]:>5.0f} to {r['ci95'][1]:<6.0f}"
              f"{r['score']:>7.0%}{time_words(r['seconds_per_move']):>13}")
    print(f"ladder written to {args.out} and {svg}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
