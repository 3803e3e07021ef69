"""Throughput of ``simulate``, against the raw game loop, in one run: ``python benchmarks/bench_simulate.py``.

Prints games per second (wall clock) for:

* the raw loop: random games through the public API (``new_game``,
  ``legal_actions``, ``apply``, ``scores``), no bots, no views;
* ``simulate`` with two random bots and with greedy against random, with
  ``--jobs 1`` and ``--jobs 2`` (worker processes);
* the same on Ray (``--backend ray``), if Ray is installed (its start-up,
  about four seconds, is left out: the local Ray is started first, the way
  the library starts it, with its token authentication on and no dashboard;
  an environment that turns the authentication off is refused, not obeyed).

The ratios to the raw loop and of ``--jobs 2`` to ``--jobs 1`` are what to
read; absolute numbers depend on the machine and how busy it is.

    python benchmarks/bench_simulate.py --games 2000 --greedy-games 200
"""

from __future__ import annotations

import argparse
import random
import time

import castle_combo as cc
from castle_combo.bots.backends import BackendError, RayCluster
from castle_combo.bots.simulate import simulate


def raw_loop(games: int) -> float:
    """Random 2-player games per second through the public API alone."""
    cc.Ruleset.standard()
    started = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = cc.new_game(players=2, seed=seed)
        while not state.is_over:
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])
        state.scores()
    return games / (time.perf_counter() - started)


def rate(bots: list[str], games: int, **options: object) -> float:
    started = time.perf_counter()
    simulate(bots, players=2, games=games, seed=1, keep_outcomes=False, **options)  # type: ignore[arg-type]
    return games / (time.perf_counter() - started)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="random games per measurement (default 2000)")
    parser.add_argument("--greedy-games", type=int, default=200, help="greedy games per measurement (default 200)")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray measurements")
    args = parser.parse_args(argv)
    raw = raw_loop(args.games)
    print(f"raw loop (random actions, no bots):       {raw:9.0f} games/s")
    rows = []
    for label, bots, games in (("random vs random", ["random", "random"], args.games),
                               ("greedy vs random", ["greedy", "random"], args.greedy_games)):
        one = rate(bots, games, jobs=1)
        two = rate(bots, games, jobs=2)
        rows.append((label, one, two))
        print(f"simulate {label}, --jobs 1:         {one:9.1f} games/s ({one / raw:.2f}x the raw loop)"
              if label.startswith("random") else f"simulate {label}, --jobs 1:         {one:9.1f} games/s")
        print(f"simulate {label}, --jobs 2:         {two:9.1f} games/s ({two / one:.2f}x --jobs 1)")
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
                on_ray = rate(bots, games, backend="ray")
                print(f"simulate {label}, Ray (2 CPUs):     {on_ray:9.1f} games/s")
    except BackendError as error:
        print(f"ray: not measured: {error}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
