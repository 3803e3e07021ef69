"""Engine speed, measured (not timed in tests): run ``python benchmarks/bench_engine.py``.

Prints, on one core:
* random full games per second (2 and 4 players; uniformly random legal
  actions; setup and final scores included);
* ``legal_actions()`` and ``apply()`` calls per second (and microseconds
  per call) on a mid-game state;
* ``score_tableau`` calls per second on the rulebook's 75-point example.

The target is at least 500 random 2-player games per second.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import castle_combo as cc
from castle_combo.engine.rules import legal_actions as compute_legal_actions

EXAMPLE = [
    ["Miraculously Cured", "Judge", "His Holiness"],
    ["Clockmaker", "Sculptor", "Locksmith"],
    ["Banker", "face-down", "Woodcutter"],
]


def random_game(players: int, seed: int) -> cc.GameState:
    """One full game of uniformly random legal actions, scored."""
    rng = random.Random(seed)
    state = cc.new_game(players=players, seed=seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    state.scores()
    return state


def rate(label: str, work: Callable[[int], object], seconds: float) -> float:
    """Call ``work(i)`` for about ``seconds``; print and return calls per second."""
    count, start = 0, time.perf_counter()
    while True:
        work(count)
        count += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    per_second = count / elapsed
    print(f"{label:<44} {per_second:>12,.0f} /s  {1e6 / per_second:>9.2f} us each   ({count} in {elapsed:.2f} s)")
    return per_second


def midgame(seed: int = 1, players: int = 2, moves: int = 12) -> cc.GameState:
    rng = random.Random(seed)
    state = cc.new_game(players=players, seed=seed)
    for _ in range(moves):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    args = parser.parse_args()
    cc.Ruleset.standard()  # load the cards once, outside the measurements
    random_game(2, 0)
    rate("random 2-player games", lambda i: random_game(2, i), args.seconds)
    rate("random 4-player games", lambda i: random_game(4, i), args.seconds)
    state = midgame()
    action = state.legal_actions()[len(state.legal_actions()) // 2]

    def legal(_: int) -> object:
        # The uncached computation (GameState.legal_actions() caches its answer per state).
        return compute_legal_actions(state)

    print(f"mid-game state: turn {state.turn}, {len(state.legal_actions())} legal actions")
    rate("legal_actions() on a mid-game state", legal, args.seconds)
    rate("apply() on a mid-game state", lambda _: state.apply(action), args.seconds)
    rate(
        "score_tableau (rulebook example)",
        lambda _: cc.score_tableau(EXAMPLE, keys=11, gold=4, purse_gold={"Sculptor": 2}),
        args.seconds,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
