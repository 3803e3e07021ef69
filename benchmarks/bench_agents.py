"""Bot move times and simulation throughput.

Prints, for each bot, the mean, median and slowest time per decision it was
asked to make (forced moves with a single legal action included, as in a
real game), measured over a few two-player games against the greedy bot;
then the throughput of ``simulate`` (games per second) with one and two
worker processes, whose results must be identical.

    python benchmarks/bench_agents.py
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import castle_combo as cc
from castle_combo.bots import make_agent
from castle_combo.bots.simulate import derive_seed, simulate


def move_times(spec: str, games: int) -> list[float]:
    """Seconds per decision of bot ``spec`` over ``games`` games against greedy, seats alternating."""
    bot, other = make_agent(spec), make_agent("greedy")
    times: list[float] = []
    for index in range(games):
        state = cc.new_game(players=2, seed=derive_seed(7, index, "deal"))
        rng = random.Random(index)
        my_seat = index % 2
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            if seat == my_seat:
                started = time.perf_counter()
                action = bot.choose(view, rng)
                times.append(time.perf_counter() - started)
            else:
                action = other.choose(view, rng)
            state = state.apply(action)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6, help="games per bot for move times")
    parser.add_argument("--sim-games", type=int, default=60, help="games per throughput run")
    parser.add_argument("--mcts", default="mcts", help="the MCTS spec to time (default: its default budget)")
    args = parser.parse_args(argv)
    print("bot move times (two players, against greedy):")
    for spec in ("random", "greedy", args.mcts):
        times = move_times(spec, args.games)
        print(
            f"  {spec:>7}: mean {statistics.fmean(times) * 1000:8.2f} ms, "
            f"median {statistics.median(times) * 1000:8.2f} ms, max {max(times) * 1000:8.1f} ms "
            f"over {len(times)} decisions"
        )
    print("simulate throughput:")
    for bots in (("random", "random"), ("greedy", "random"), (args.mcts, "greedy")):
        games = args.sim_games if args.mcts not in bots else max(2, args.sim_games // 10)
        results = {}
        for jobs in (1, 2):
            started = time.perf_counter()
            results[jobs] = simulate(list(bots), games=games, seed=1, jobs=jobs)
            elapsed = time.perf_counter() - started
            rate = games / elapsed
            print(f"  {','.join(bots):>13} --jobs {jobs}: {rate:8.1f} games/s ({games} games, {elapsed:.2f} s)")
        if results[1] != results[2]:
            print("  ERROR: --jobs 2 gave different results from --jobs 1")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
