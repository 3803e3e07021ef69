"""Throughput of ``simulate`` and ``balance`` against the raw game loop: ``python benchmarks/bench_simulate.py``.

Prints games per second (wall clock) for:

* the raw loop: random games through the public API (``new_game``,
  ``legal_actions``, ``apply``, ``scores``), no bots, no views;
* the raw loop on simulate's own games: the same deals and the same
  per-seat generators as ``simulate`` (seeded from the game index, one
  generator per bot), no bot objects, no timing, no outcomes. The same
  moves as ``simulate``'s random bots make, so the difference to
  ``simulate --jobs 1`` is its bookkeeping alone; the difference to the
  raw loop is what seeding two bots per game costs (a generator each);
* ``simulate`` with two random bots, ``balance`` with two random bots, and
  ``simulate`` with greedy against random, with ``--jobs 1`` and ``--jobs 2``
  (worker processes);
* the same on Ray (``--backend ray``), if Ray is installed (its start-up,
  about four seconds, is left out: the local Ray is started first, the way
  the library starts it, with its token authentication on and no dashboard;
  an environment that turns the authentication off is refused, not obeyed).

Each measurement is taken ``--rounds`` times, the loops taking turns, and
the best is kept, so that a machine busy with other work blurs the
comparison less. Beside the wall clock it prints the CPU time a game took,
in all the processes of the run (this one and its workers): ``--jobs 2``
near twice ``--jobs 1`` on two idle cores needs that CPU time per game near
``--jobs 1``'s, and unlike the wall clock it does not depend on what else
the machine runs.

The ratios to the raw loops and of ``--jobs 2`` to ``--jobs 1`` are what to
read; absolute numbers depend on the machine and how busy it is.

    python benchmarks/bench_simulate.py --games 2000 --greedy-games 200

On a busy machine even CPU times drift; ``--instructions`` counts machine
instructions per random two-player game instead, under Valgrind's callgrind
(deterministic, about fifty times slower than running): for the raw loop,
the raw loop on simulate's games, ``simulate --jobs 1`` and ``balance --jobs
1``, each the difference between two runs that play games ``0`` to ``m - 1``
and ``0`` to ``n - 1`` after the same warm-up (``--instructions`` takes ``m``
and ``n``), so the start of Python, the warm-up and the fixed cost of a call
cancel out, and the four play exactly the same games ``m`` to ``n - 1``.

    python benchmarks/bench_simulate.py --instructions 100 600
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import castle_combo as cc
from castle_combo.bots.backends import BackendError, RayCluster
from castle_combo.bots.balance import balance
from castle_combo.bots.simulate import derive_seed, seat_of_slot, simulate

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts' shared helper, _callgrind.py

import _callgrind as callgrind

#: The seed of every simulation here (the raw loop on simulate's games plays those of this seed).
SEED = 1


def raw_loop(games: int, start: int = 0) -> None:
    """Random 2-player games through the public API alone."""
    for seed in range(start, games):
        rng = random.Random(seed)
        state = cc.new_game(players=2, seed=seed)
        while not state.is_over:
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])
        state.scores()


def raw_same_games(games: int) -> None:
    """``simulate``'s random 2-player games (same deals, same generators, same moves), with nothing else."""
    for index in range(games):
        rngs = [random.Random(derive_seed(SEED, index, f"slot{slot}")) for slot in range(2)]
        by_seat = [rngs[0], rngs[1]] if seat_of_slot(0, index, 2) == 0 else [rngs[1], rngs[0]]
        state = cc.new_game(players=2, seed=derive_seed(SEED, index, "deal"))
        while not state.is_over:
            actions = state.legal_actions()
            state = state.apply(actions[by_seat[state.to_act].randrange(len(actions))])
        state.result()


def _cpu() -> float:
    """CPU seconds of this process and of its finished child processes (the workers of a run)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


class Timings:
    """The best wall-clock rate and the best CPU time per game of each measurement, over the rounds."""

    def __init__(self) -> None:
        self.rate: dict[str, float] = {}
        self.cpu: dict[str, float] = {}

    def measure(self, name: str, games: int, run: Callable[[], object]) -> None:
        cpu, started = _cpu(), time.perf_counter()
        run()
        wall, cpu = time.perf_counter() - started, _cpu() - cpu
        self.rate[name] = max(self.rate.get(name, 0.0), games / wall)
        self.cpu[name] = min(self.cpu.get(name, float("inf")), cpu / games)


def _simulation(bots: list[str], games: int, jobs: int) -> Callable[[], object]:
    return lambda: simulate(bots, players=2, games=games, seed=SEED, jobs=jobs, keep_outcomes=False)


def _balance(games: int, jobs: int) -> Callable[[], object]:
    return lambda: balance(["random", "random"], players=2, games=games, seed=SEED, jobs=jobs)


#: What ``--instructions`` counts, by name: each plays random two-player games ``0`` to ``n - 1``.
COUNTED: dict[str, Callable[[int], object]] = {
    "raw loop": raw_loop,
    "raw loop on simulate's games": raw_same_games,
    "simulate --jobs 1": lambda n: simulate(["random", "random"], players=2, games=n, seed=SEED, keep_outcomes=False),
    "balance --jobs 1": lambda n: balance(["random", "random"], players=2, games=n, seed=SEED),
}


def counted_run(name: str, games: int) -> None:
    """What callgrind counts: the same warm-up for every kind (every code path and cache), then ``games`` games."""
    cc.Ruleset.standard()
    raw_loop(10_200, 10_000)
    raw_same_games(20)
    simulate(["random", "random"], players=2, games=20, seed=SEED + 1, keep_outcomes=False)
    balance(["random", "random"], players=2, games=20, seed=SEED + 1)
    if games:
        COUNTED[name](games)


def _instructions(name: str, games: int) -> int:
    # Without address randomisation the count varies less between runs (about 0.05 against 0.6 per mille of a
    # run here): the order of objects hashed by address changes with the addresses.
    return callgrind.instructions([sys.executable, __file__, "--count-run", name, str(games)], fixed_addresses=True)


def count_instructions(first: int, last: int) -> int:
    """Print the instructions per game of each counted kind: games ``first`` to ``last - 1``."""
    subprocess.run([sys.executable, __file__, "--count-run", "raw loop", "0"], check=True)  # fills the card cache
    per_game = {name: (_instructions(name, last) - _instructions(name, first)) / (last - first) for name in COUNTED}
    print(f"instructions per random two-player game (callgrind, games {first} to {last - 1} of seed {SEED}):")
    raw = per_game["raw loop"]
    for name, count in per_game.items():
        print(f"  {name:30s}{count:12,.0f}  ({raw / count:.3f}x the raw loop)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="random games per measurement (default 2000)")
    parser.add_argument("--greedy-games", type=int, default=200, help="greedy games per measurement (default 200)")
    parser.add_argument("--rounds", type=int, default=3, help="times each measurement is taken, best kept (default 3)")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray measurements")
    parser.add_argument("--instructions", nargs=2, type=int, metavar=("FIRST", "LAST"),
                        help="count instructions per game under callgrind instead, games FIRST to LAST - 1")
    parser.add_argument("--count-run", nargs=2, metavar=("KIND", "GAMES"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.count_run:
        counted_run(args.count_run[0], int(args.count_run[1]))
        return 0
    if args.instructions:
        return count_instructions(*args.instructions)
    cc.Ruleset.standard()
    raw_loop(min(args.games, 50))  # warm the engine's caches before the first measurement
    n, g = args.games, args.greedy_games
    plan: list[tuple[str, int, Callable[[], object]]] = [
        ("raw", n, lambda: raw_loop(n)),
        ("same", n, lambda: raw_same_games(n)),
        ("random 1", n, _simulation(["random", "random"], n, 1)),
        ("random 2", n, _simulation(["random", "random"], n, 2)),
        ("balance 1", n, _balance(n, 1)),
        ("balance 2", n, _balance(n, 2)),
        ("greedy 1", g, _simulation(["greedy", "random"], g, 1)),
        ("greedy 2", g, _simulation(["greedy", "random"], g, 2)),
    ]
    timings = Timings()
    for _ in range(max(1, args.rounds)):
        for name, games, run in plan:
            timings.measure(name, games, run)
    rate, cpu = timings.rate, timings.cpu
    print(f"{n} random games, {g} greedy games a measurement, best of {max(1, args.rounds)} rounds; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs at the end")
    for label, key in (("raw loop (random actions, no bots):", "raw"), ("raw loop on simulate's own games:", "same")):
        print(f"{label:42s}{rate[key]:9.0f} games/s   {cpu[key] * 1e6:6.1f} µs CPU a game")
    for label, key in (("simulate random vs random", "random"), ("balance random vs random", "balance"),
                       ("simulate greedy vs random", "greedy")):
        one, two = rate[f"{key} 1"], rate[f"{key} 2"]
        cpu_one, cpu_two = cpu[f"{key} 1"], cpu[f"{key} 2"]
        against = (f" ({cpu['raw'] / cpu_one:.2f}x the raw loop, {cpu['same'] / cpu_one:.2f}x on its own games, "
                   "CPU time)") if key != "greedy" else ""
        print(f"{label + ', --jobs 1:':42s}{one:9.1f} games/s   {cpu_one * 1e6:6.0f} µs CPU a game{against}")
        print(f"{label + ', --jobs 2:':42s}{two:9.1f} games/s   {cpu_two * 1e6:6.0f} µs CPU a game "
              f"({two / one:.2f}x --jobs 1; CPU a game {cpu_two / cpu_one:.2f}x)")
    try:
        import ray
    except ImportError:
        ray = None
    if ray is None or args.no_ray:
        print("ray: not measured" + (" (not installed: pip install 'castle-combo[ray]')" if ray is None else ""))
        return 0
    try:
        # The library's own start (castle_combo.bots.backends): a fresh token, authentication on, no dashboard,
        # stopped at the end. The simulations below find this Ray running and use it.
        with RayCluster(cpus=2).connected():
            for label, bots, games in (("random vs random", ["random", "random"], args.games),
                                       ("greedy vs random", ["greedy", "random"], args.greedy_games)):
                started = time.perf_counter()
                simulate(bots, players=2, games=games, seed=SEED, backend="ray", keep_outcomes=False)
                on_ray = games / (time.perf_counter() - started)
                print(f"simulate {label}, Ray (2 CPUs):     {on_ray:9.1f} games/s")
    except BackendError as error:
        print(f"ray: not measured: {error}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
