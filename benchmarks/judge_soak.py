"""The compiled card language against the judge on many random expressions: ``python benchmarks/judge_soak.py``.

The test suite compares the two on a few hundred random counts, conditions,
amounts, scoring rules, repeated payments' ranges, neighbours' cards offered
and prices after discounts on filtered cards (``tests/test_language_judge.py``);
this script runs the same comparisons on as many seeds as asked and prints how
many agreed, with the first few disagreements (seed and expression) if any.

    python benchmarks/judge_soak.py --cases 40000 --seed 1
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_language_judge import (  # noqa: E402
    agree_on_amount,
    agree_on_condition,
    agree_on_connected,
    agree_on_count,
    agree_on_gold_moves,
    agree_on_neighbours_cards,
    agree_on_other_tableaux,
    agree_on_price,
    agree_on_scoring,
    agree_on_times,
)

CHECKS = {"count": agree_on_count, "condition": agree_on_condition, "amount": agree_on_amount,
          "scoring": agree_on_scoring, "times": agree_on_times, "neighbours' cards": agree_on_neighbours_cards,
          "connected": agree_on_connected, "price": agree_on_price, "tableaux": agree_on_other_tableaux,
          "gold moves": agree_on_gold_moves}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000, help="random cases per kind of expression")
    parser.add_argument("--seed", type=int, default=1, help="the first seed")
    args = parser.parse_args()
    failures: list[str] = []
    start = time.perf_counter()
    for name, check in CHECKS.items():
        agreed = 0
        for seed in range(args.seed * 10_000_000, args.seed * 10_000_000 + args.cases):
            try:
                check(seed)
                agreed += 1
            except AssertionError as error:
                failures.append(f"{name} seed {seed}: {str(error)[:300]}")
            except Exception as error:  # a crash is a disagreement too
                failures.append(f"{name} seed {seed}: {type(error).__name__}: {str(error)[:300]}")
        print(f"{name:>9}: {agreed} of {args.cases} agreed")
    print(f"{len(CHECKS) * args.cases} cases in {time.perf_counter() - start:.0f} s, {len(failures)} disagreements")
    for failure in failures[:10]:
        print("  " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
