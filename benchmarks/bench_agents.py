"""Bot move times and simulation throughput.

Prints, for each bot, the mean, median and slowest time per decision it was
asked to make (forced moves with a single legal action included, as in a
real game), measured over a few two-player games against the greedy bot;
then the throughput of ``simulate`` (games per second) with one and two
worker processes, whose results must be identical.

    python benchmarks/bench_agents.py

``--cards PATH`` adds fan cards to the standard ones (their effects may cost
the bots more to judge: ``--cards benchmarks/constructs``). ``--base REV``
also times the bots of commit ``REV``, checked out beside this one in a
temporary ``git worktree``: each bot is timed in a fresh process per
package, this checkout's and the commit's one after the other, so the two
lines of a bot are measured within seconds of each other on the same
machine.

    python benchmarks/bench_agents.py --cards benchmarks/constructs --base 93386de
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import castle_combo as cc
from castle_combo.bots import make_agent
from castle_combo.bots.simulate import derive_seed, simulate

ROOT = Path(__file__).resolve().parent.parent


def move_times(spec: str, games: int, rules: cc.Ruleset) -> list[float]:
    """Seconds per decision of bot ``spec`` over ``games`` games against greedy, seats alternating."""
    bot, other = make_agent(spec), make_agent("greedy")
    times: list[float] = []
    for index in range(games):
        state = cc.new_game(players=2, seed=derive_seed(7, index, "deal"), rules=rules)
        rng = random.Random(index)
        my_seat = index % 2
        while not state.is_over:
            # the seat to act; a --base commit older than GameState.to_act has only current_player
            seat = getattr(state, "to_act", state.current_player)
            view = state.view(seat)
            if seat == my_seat:
                started = time.perf_counter()
                action = bot.choose(view, rng)
                times.append(time.perf_counter() - started)
            else:
                action = other.choose(view, rng)
            state = state.apply(action)
    return times


def times_line(spec: str, times: list[float]) -> str:
    """One bot's move times as one line."""
    return (
        f"{spec:>7}: mean {statistics.fmean(times) * 1000:8.2f} ms, "
        f"median {statistics.median(times) * 1000:8.2f} ms, max {max(times) * 1000:8.1f} ms "
        f"over {len(times)} decisions"
    )


def times_elsewhere(src: Path, spec: str, args: argparse.Namespace, cache: Path) -> str:
    """``spec``'s move-times line measured in a fresh process with the package at ``src``."""
    command = [sys.executable, __file__, "--times-of", spec, "--games", str(args.games)]
    for path in args.cards:
        command += ["--cards", path]
    env = dict(os.environ, PYTHONPATH=str(src), XDG_CACHE_HOME=str(cache))
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"timing {spec} failed with the package at {src}:\n{done.stderr}")
    return done.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6, help="games per bot for move times")
    parser.add_argument("--sim-games", type=int, default=60, help="games per throughput run")
    parser.add_argument("--mcts", default="mcts", help="the MCTS spec to time (default: its default budget)")
    parser.add_argument("--cards", action="append", default=[], metavar="PATH",
                        help="add fan cards from a .ccl file or folder (repeatable)")
    parser.add_argument("--base", metavar="REV", help="also time the bots of this commit, one after the other")
    parser.add_argument("--times-of", metavar="SPEC", help=argparse.SUPPRESS)  # one bot's line, for --base
    args = parser.parse_args(argv)
    rules = cc.Ruleset.standard().extend(args.cards) if args.cards else cc.Ruleset.standard()
    if args.times_of:
        print(times_line(args.times_of, move_times(args.times_of, args.games, rules)))
        return 0
    specs = ("random", "greedy", args.mcts)
    cards = f", fan cards {', '.join(args.cards)}" if args.cards else ""
    print(f"bot move times (two players, against greedy{cards}):")
    if args.base:
        with tempfile.TemporaryDirectory() as tmp:
            base = Path(tmp) / "base"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base), args.base],
                           check=True)
            try:
                for spec in specs:
                    for name, src in (("this checkout", ROOT / "src"), (f"commit {args.base}", base / "src")):
                        line = times_elsewhere(src, spec, args, Path(tmp) / name.replace(" ", "-"))
                        print(f"  {name:>15} {line}")
            finally:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False)
    else:
        for spec in specs:
            print("  " + times_line(spec, move_times(spec, args.games, rules)))
    print("simulate throughput:")
    for bots in (("random", "random"), ("greedy", "random"), (args.mcts, "greedy")):
        games = args.sim_games if args.mcts not in bots else max(2, args.sim_games // 10)
        results = {}
        for jobs in (1, 2):
            started = time.perf_counter()
            results[jobs] = simulate(list(bots), games=games, seed=1, jobs=jobs, rules=rules)
            elapsed = time.perf_counter() - started
            rate = games / elapsed
            print(f"  {','.join(bots):>13} --jobs {jobs}: {rate:8.1f} games/s ({games} games, {elapsed:.2f} s)")
        if results[1] != results[2]:
            print("  ERROR: --jobs 2 gave different results from --jobs 1")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
