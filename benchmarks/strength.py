"""How strong are the bots? Two-player matches with seats swapped, win rates with 95% intervals.

Targets (issue 4): greedy beats random in at least 90% of games, and MCTS at
its default budget beats greedy in at least 65%. Each match plays ``--games``
games through :func:`castle_combo.bots.simulate.simulate` (seats rotate, so each
bot starts half the games); a shared win counts as half a win here, so the
two rates of a match add up to 100%.

    python benchmarks/strength.py --games 200 --jobs 2
    python benchmarks/strength.py --games 200 --jobs 2 --expansion out-of-the-oubliette
"""

from __future__ import annotations

import argparse
import sys
import time

from castle_combo.bots.simulate import SimulationResult, simulate
from castle_combo.bots.stats import wilson_interval
from castle_combo.language.ruleset import Ruleset

#: (bot, opponent, target win rate of the bot)
MATCHES = (("greedy", "random", 0.90), ("mcts", "greedy", 0.65))


def win_share(result: SimulationResult, slot: int) -> float:
    """Wins of ``slot`` with a shared win counted as a fraction."""
    return sum(1 / len(o.winners) for o in result.outcomes if slot in o.winners)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--mcts", default="mcts", help="the MCTS spec to test, e.g. mcts:200")
    parser.add_argument("--expansion", action="append", default=[], metavar="NAME",
                        help="play with an expansion's cards too (repeatable)")
    args = parser.parse_args(argv)
    rules = Ruleset.standard()
    for name in args.expansion:
        rules = rules.with_expansion(name)
    failed = False
    for bot, opponent, target in MATCHES:
        bot = args.mcts if bot == "mcts" else bot
        started = time.perf_counter()
        result = simulate([bot, opponent], players=2, games=args.games, seed=args.seed, jobs=args.jobs, rules=rules)
        elapsed = time.perf_counter() - started
        wins = win_share(result, 0)
        interval = wilson_interval(wins, result.games)
        summaries = result.summaries()
        verdict = "meets" if interval.estimate >= target else "MISSES"
        failed |= interval.estimate < target
        print(
            f"{bot} vs {opponent}: {interval.estimate:.1%} of {result.games} games "
            f"(95% CI {interval.low:.1%}-{interval.high:.1%}); target {target:.0%}: {verdict}"
        )
        for s in summaries:
            print(
                f"    {s.bot:>8}: mean score {s.score.estimate:.1f} ± {s.score.half_width:.1f}, "
                f"std {s.score_std:.1f}, gold left {s.mean_gold_left:.1f}, {s.seconds_per_move * 1000:.1f} ms/move"
            )
        margins = [o.scores[0] - o.scores[1] for o in result.outcomes]
        print(f"    mean margin {sum(margins) / len(margins):+.2f} points; {elapsed:.0f} s with {args.jobs} job(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
