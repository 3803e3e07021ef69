"""Try MCTS settings against the greedy bot: paired two-player games, win share with a 95% interval.

Each deal is played twice, once with MCTS in each seat, so both settings of a
comparison meet the same deals and the luck of the deal cancels out more
than with independent games. Settings are fields of
:class:`~castle_combo.bots.MctsAgent` given as ``NAME=VALUE``; anything not
given keeps its default. The figures quoted in the MCTS module docstring
come from this script with ``--seed 2024 --games 300``::

    # the old defaults: one round, replies without keys (58.3%)
    python benchmarks/tune_mcts.py rounds=1 opponent_keys=false iterations=96 width=6 max_positions=none
    # replies with keys (66.7%)
    python benchmarks/tune_mcts.py rounds=1 iterations=96 width=6 max_positions=none
    # two rounds, 40 iterations over 4 moves (72.0%; the defaults, without the cap)
    python benchmarks/tune_mcts.py max_positions=none

Moves do not depend on the machine's speed (no ``time_limit`` unless you set
one), so a run gives the same games everywhere; only the times differ.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import castle_combo as cc
from castle_combo.bots import GreedyAgent, MctsAgent
from castle_combo.bots.simulate import derive_seed
from castle_combo.bots.stats import wilson_interval

#: The fields a setting may change, with the type their text is read as.
TUNABLE = {
    "iterations": int,
    "width": int,
    "expand_after": int,
    "max_rankings": int,
    "rounds": int,
    "exploration": float,
    "margin_weight": float,
    "opponent_keys": bool,
    "last_reply_keys": bool,
    "blind_keys": bool,
    "own_keys": bool,
    "deny_face_down": bool,
    "max_positions": int,
    "time_limit": float,
}


def parse_setting(text: str) -> tuple[str, Any]:
    """``"rounds=2"`` -> ``("rounds", 2)``; ``none`` for the optional fields, ``true``/``false`` for flags.

    Unless ``max_positions`` is given, the cap follows ``iterations`` as the
    agent's default does.
    """
    name, sep, value = text.partition("=")
    if not sep or name not in TUNABLE:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE with NAME one of {', '.join(TUNABLE)}, got {text!r}")
    kind = TUNABLE[name]
    if value.lower() == "none" and name in ("max_positions", "time_limit"):
        return name, None
    if kind is bool:
        if value.lower() not in ("true", "false"):
            raise argparse.ArgumentTypeError(f"{name} is true or false, not {value!r}")
        return name, value.lower() == "true"
    try:
        return name, kind(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{name} needs a {kind.__name__}, not {value!r}") from None


def play(job: tuple[dict[str, Any], int, int]) -> tuple[float, int, float, int, float]:
    """Game ``index``: deal ``index // 2``, MCTS in seat ``index % 2``; (win share, margin, think, moves, slowest)."""
    settings, seed, index = job
    bots = {index % 2: MctsAgent(**settings), 1 - index % 2: GreedyAgent()}
    mine = index % 2
    state = cc.new_game(players=2, seed=derive_seed(seed, index // 2, "deal"))
    rngs = {seat: random.Random(derive_seed(seed, index, f"s{seat}")) for seat in (0, 1)}
    think, moves, slowest = 0.0, 0, 0.0
    while not state.is_over:
        seat = state.to_act
        started = time.perf_counter()
        action = bots[seat].choose(state.view(seat), rngs[seat])
        if seat == mine:
            spent = time.perf_counter() - started
            think, moves, slowest = think + spent, moves + 1, max(slowest, spent)
        state = state.apply(action)
    result = state.result()
    sheets = result.scores
    share = 1 / len(result.winners) if mine in result.winners else 0.0
    return share, sheets[mine].total - sheets[1 - mine].total, think, moves, slowest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("settings", nargs="*", type=parse_setting, metavar="NAME=VALUE")
    parser.add_argument("--games", type=int, default=300, help="games, an even number (default 300)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error("--games must be an even number of at least 2 (each deal is played from both seats)")
    settings = dict(args.settings)
    started = time.perf_counter()
    jobs = [(settings, args.seed, index) for index in range(args.games)]
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        games = list(pool.map(play, jobs, chunksize=2))
    wins = sum(g[0] for g in games)
    interval = wilson_interval(wins, len(games))
    moves = sum(g[3] for g in games)
    print(f"settings: {settings or 'defaults'}")
    print(
        f"MCTS against greedy: {interval.estimate:.1%} of {len(games)} games "
        f"(95% CI {interval.low:.1%}-{interval.high:.1%}), mean margin {sum(g[1] for g in games) / len(games):+.2f}"
    )
    print(
        f"thinking: {1000 * sum(g[2] for g in games) / moves:.0f} ms per move on average, "
        f"slowest {1000 * max(g[4] for g in games):.0f} ms; "
        f"{time.perf_counter() - started:.0f} s with {args.jobs} job(s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
