"""The greedy bot with a variant of the evaluation against the greedy bot with the default one.

A cheap first check of a change to :class:`~castle_combo.bots.Evaluation`
(a greedy move costs about a millisecond): each deal of ``--games / 2`` is
played twice, once with the variant in each seat, and the report gives the
variant's win rate with its 95% interval (a shared win counts half) and its
mean margin. The variant's weights follow as ``NAME=VALUE`` (``gold=0.5``,
``card_growth=true``); the opponent is ``Evaluation()`` unless ``--against
NAME=VALUE`` (repeatable) gives its weights. Moves depend on the seeds only,
so a run gives the same games on every machine.

    python benchmarks/greedy_evaluation_match.py --games 400 --seed 11 card_growth=true
"""

from __future__ import annotations

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs

import castle_combo as cc
from castle_combo.bots.evaluation import Evaluation
from castle_combo.bots.greedy import GreedyAgent
from castle_combo.bots.simulate import derive_seed
from castle_combo.bots.stats import wilson_interval

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the time match beside it reads the same settings
from mcts_time_match import parse_setting  # noqa: E402


def weight(text: str) -> tuple[str, Any]:
    """``"gold=0.5"`` -> ``("gold", 0.5)``; ``"card_growth=true"`` -> ``("card_growth", True)``: read as the time
    match reads ``evaluation.NAME=VALUE``."""
    name, sep, _ = text.partition("=")
    if not sep or name not in attrs.fields_dict(Evaluation):
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE with NAME one of "
                                         f"{', '.join(attrs.fields_dict(Evaluation))}, got {text!r}")
    return name, parse_setting(f"evaluation.{text}")[1]


def play(job: tuple[dict[str, Any], dict[str, Any], int, int]) -> tuple[float, int]:
    """Game ``index`` (deal ``index // 2``, the variant in seat ``index % 2``): its share of the win and margin."""
    variant, against, seed, index = job
    mine = index % 2
    agents = {mine: GreedyAgent(evaluation=Evaluation(**variant)),
              1 - mine: GreedyAgent(evaluation=Evaluation(**against))}
    state = cc.new_game(players=2, seed=derive_seed(seed, index // 2, "deal"))
    rng = random.Random(derive_seed(seed, index, "greedy"))
    while not state.is_over:
        state = state.apply(agents[state.to_act].choose(state.view(state.to_act), rng))
    result = state.result()
    share = 1 / len(result.winners) if mine in result.winners else 0.0
    return share, result.scores[mine].total - result.scores[1 - mine].total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variant", nargs="*", type=weight, metavar="NAME=VALUE",
                        help="the variant's weights (the rest as in Evaluation())")
    parser.add_argument("--against", action="append", type=weight, default=[], metavar="NAME=VALUE",
                        help="a weight of the opponent's evaluation (default: Evaluation())")
    parser.add_argument("--games", type=int, default=400, help="games, an even number (default 400)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error("--games must be an even number of at least 2 (each deal is played from both seats)")
    variant, against = dict(args.variant), dict(args.against)
    jobs = [(variant, against, args.seed, index) for index in range(args.games)]
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        games = list(pool.map(play, jobs, chunksize=10))
    interval = wilson_interval(sum(share for share, _ in games), len(games))
    print(f"greedy with Evaluation({', '.join(f'{k}={v!r}' for k, v in variant.items())}) against greedy with "
          f"Evaluation({', '.join(f'{k}={v!r}' for k, v in against.items())}), {len(games)} games "
          f"({len(games) // 2} deals, both seats), seed {args.seed}:")
    print(f"  won {interval.estimate:.1%} (95% CI {interval.low:.1%} to {interval.high:.1%}), "
          f"mean margin {sum(margin for _, margin in games) / len(games):+.2f} points")
    return 0


if __name__ == "__main__":
    sys.exit(main())
