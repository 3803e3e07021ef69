"""Fit the MCTS bot's leaf value on whole positions (src/castle_combo/bots/position_value.json) from greedy games.

The search judges a rollout where the searching seat is about to start a
turn; the rollouts play the greedy policy, so the positions it judges are
those of greedy games. This script plays ``--games`` two-player games of the
standard cards, greedy against greedy (the default evaluation), and at every
position where a seat is about to start its turn records that seat's stage
(its turns left and its opponent's), its features minus its opponent's
(:func:`castle_combo.bots.value.seat_features`: points now, spendable gold,
keys, discounts, one-time savings, the growth term), the heuristic's relative
value (:meth:`Evaluation.relative`) and, once the game ends, its share of the
win (1, 0 or half for a shared win).

The last ``--holdout`` games are kept aside; on the others a logistic
regression is fitted per stage by iteratively reweighted least squares with
a small ridge (``--ridge``, on standardized features; the intercept is not
penalized). On the held-out positions the script reports the log-loss and
the accuracy (the favourite wins; a shared win counts half) of

* the fitted value,
* the heuristic as the search squashes it (``logistic(relative / margin_scale)``),
* the heuristic recalibrated per stage (a logistic regression on the relative
  value alone: how much of the gain is only the scale of the squash),

and writes the coefficients with the command, seed and these numbers::

    python benchmarks/fit_position_value.py --games 4000 --holdout 1000 --seed 2027

``--out FILE`` writes elsewhere, to compare. ``--policy SPEC`` has another
bot play both seats (a spec of ``castle-combo simulate --bots``): ``--policy
mcts:8`` fits the value to the games of a weak search, whose positions and
outcomes are those of stronger play than greedy's (about ten times slower; on
the performance page, no stronger a search). A budget of time
(``mcts:time=0.1``) makes the games, so the file, depend on the machine; a
counted one keeps the fit the same on every run. Plain Python (no numpy): a
few columns per stage, Newton's method.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import castle_combo as cc
from castle_combo.bots.evaluation import Evaluation, logistic
from castle_combo.bots.registry import make_agent
from castle_combo.bots.simulate import derive_seed
from castle_combo.bots.stats import solve_linear
from castle_combo.bots.value import FEATURES, POSITION_VALUE_FILE, relative_features
from castle_combo.engine.table import Phase

#: One record: game index, stage (turns left, the opponent's), relative features, heuristic relative value, label.
Record = tuple[int, tuple[int, int], tuple[float, ...], float, float]


def play(job: tuple[int, int, str]) -> list[Record]:
    """The records of game ``index`` played by ``policy`` on both seats (see the module docstring)."""
    seed, index, policy = job
    state = cc.new_game(players=2, seed=derive_seed(seed, index, "deal"))
    bots = [make_agent(policy), make_agent(policy)]  # one each: a search keeps its tree between its decisions
    rng = random.Random(derive_seed(seed, index, policy))
    seen: list[tuple[int, tuple[int, int], tuple[float, ...], float]] = []
    memo = Evaluation().memoized()  # the features and the heuristic's value recorded (not the bots')
    while not state.is_over:
        if state.phase is Phase.START and state.pending is None:
            seat = state.to_act
            stage, features = relative_features(memo, state, seat)
            seen.append((seat, stage, features, memo.relative(state, seat)))
        state = state.apply(bots[state.to_act].choose(state.view(state.to_act), rng))
    winners = state.result().winners
    share = {seat: (1.0 / len(winners) if seat in winners else 0.0) for seat in range(2)}
    return [(index, stage, features, relative, share[seat]) for seat, stage, features, relative in seen]


def fit_logistic(x: list[tuple[float, ...]], y: list[float], ridge: float, steps: int = 30) -> list[float]:
    """Coefficients (intercept first) of a logistic regression of ``y`` (in [0, 1]) on the columns of ``x``.

    The columns are standardized for the fit (a constant column gets a zero
    coefficient), ``ridge`` penalizes the squared standardized coefficients,
    and the result is given on the original scale. Newton's method (IRLS) in
    plain Python: a handful of columns.
    """
    n, k = len(x), len(x[0])
    mean = [sum(row[j] for row in x) / n for j in range(k)]
    std = [math.sqrt(sum((row[j] - mean[j]) ** 2 for row in x) / n) for j in range(k)]
    live = [s > 1e-12 for s in std]
    a = [[1.0, *((row[j] - mean[j]) / std[j] if live[j] else 0.0 for j in range(k))] for row in x]
    penalty = [0.0, *(ridge if live[j] else 1e9 for j in range(k))]
    beta = [0.0] * (k + 1)
    for _ in range(steps):
        gradient = [-penalty[i] * beta[i] for i in range(k + 1)]
        hessian = [[penalty[i] if i == j else 0.0 for j in range(k + 1)] for i in range(k + 1)]
        for row, target in zip(a, y, strict=True):
            p = logistic(sum(b * v for b, v in zip(beta, row, strict=True)))
            w = max(p * (1 - p), 1e-9)
            residual = target - p
            for i in range(k + 1):
                gradient[i] += row[i] * residual
                wi = w * row[i]
                line = hessian[i]
                for j in range(i, k + 1):
                    line[j] += wi * row[j]
        for i in range(k + 1):
            for j in range(i):
                hessian[i][j] = hessian[j][i]
        step = solve_linear(hessian, gradient)
        beta = [b + d for b, d in zip(beta, step, strict=True)]
        if max(abs(d) for d in step) < 1e-9:
            break
    slopes = [beta[j + 1] / std[j] if live[j] else 0.0 for j in range(k)]
    intercept = beta[0] - sum(slope * m for slope, m in zip(slopes, mean, strict=True))
    return [intercept, *slopes]


def predict(beta: list[float], row: tuple[float, ...]) -> float:
    """The chance of a row of features by coefficients ``beta`` (intercept first)."""
    return logistic(beta[0] + sum(b * v for b, v in zip(beta[1:], row, strict=True)))


def scores(p: list[float], y: list[float]) -> tuple[float, float]:
    """Log-loss and accuracy (the favourite's share of the win; a coin flip at 0.5) of chances ``p``."""
    loss = 0.0
    right = 0.0
    for chance, target in zip(p, y, strict=True):
        q = min(max(chance, 1e-12), 1 - 1e-12)
        loss -= target * math.log(q) + (1 - target) * math.log(1 - q)
        right += target if chance > 0.5 else (1 - target) if chance < 0.5 else 0.5
    return loss / len(y), right / len(y)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--holdout", type=int, default=1000, help="the last games, kept aside for the report")
    parser.add_argument("--seed", type=int, default=2027)
    parser.add_argument("--ridge", type=float, default=1.0, help="penalty on standardized coefficients (default 1)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--policy", default="greedy", help="the bot playing both seats of the games, a spec of "
                        "castle-combo simulate's --bots (default greedy; mcts:8 is about ten times slower)")
    parser.add_argument("--out", type=Path, default=POSITION_VALUE_FILE)
    args = parser.parse_args(argv)
    try:
        make_agent(args.policy)
    except ValueError as error:
        parser.error(f"--policy: {error}")
    if not 0 < args.holdout < args.games:
        parser.error("--holdout must be between 0 and --games")
    started = time.perf_counter()
    records: list[Record] = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for game in pool.map(play, [(args.seed, index, args.policy) for index in range(args.games)], chunksize=20):
            records.extend(game)
    played = time.perf_counter() - started
    first_held = args.games - args.holdout
    margin_scale = Evaluation().margin_scale
    stages = sorted({stage for _, stage, _, _, _ in records}, reverse=True)
    models: dict[str, list[float]] = {}
    per_stage: dict[str, dict[str, object]] = {}
    held_y: list[float] = []
    held: dict[str, list[float]] = {"fitted": [], "heuristic": [], "recalibrated": []}
    for stage in stages:
        rows = [r for r in records if r[1] == stage]
        train = [r for r in rows if r[0] < first_held]
        test = [r for r in rows if r[0] >= first_held]
        y = [r[4] for r in train]
        beta = fit_logistic([r[2] for r in train], y, args.ridge)
        gamma = fit_logistic([(r[3],) for r in train], y, args.ridge)
        key = f"{stage[0]},{stage[1]}"
        models[key] = [round(b, 6) for b in beta]
        if not test:
            continue
        yt = [r[4] for r in test]
        chances = {
            "fitted": [predict(beta, r[2]) for r in test],
            "heuristic": [logistic(r[3] / margin_scale) for r in test],
            "recalibrated": [predict(gamma, (r[3],)) for r in test],
        }
        held_y.extend(yt)
        entry: dict[str, object] = {"train": len(train), "held_out": len(test)}
        for name, p in chances.items():
            held[name].extend(p)
            loss, accuracy = scores(p, yt)
            entry[name] = {"log_loss": round(loss, 4), "accuracy": round(accuracy, 4)}
        per_stage[key] = entry
    overall = {}
    for name, chances_all in held.items():
        loss, accuracy = scores(chances_all, held_y)
        overall[name] = {"log_loss": round(loss, 4), "accuracy": round(accuracy, 4)}
    rules = cc.new_game(players=2, seed=0).rules
    document = {
        "about": "Logistic regression, per stage (the seat's turns left, its opponent's), of the chance that the "
                 "seat about to start its turn wins a two-player game, on its features minus its opponent's "
                 "(castle_combo.bots.value.FEATURES); models[stage] = [intercept, *coefficients]. Written by "
                 f"benchmarks/fit_position_value.py from {args.policy} games of the standard cards "
                 "(see its docstring).",
        "command": f"python benchmarks/fit_position_value.py --games {args.games} --holdout {args.holdout} "
                   f"--seed {args.seed} --ridge {args.ridge:g}"
                   + ("" if args.policy == "greedy" else f" --policy {args.policy}"),
        "ruleset": rules.version,
        "features": list(FEATURES),
        "games": args.games,
        "held_out_games": args.holdout,
        "positions": len(records),
        "held_out_positions": len(held_y),
        "held_out": overall,
        "held_out_by_stage": per_stage,
        "models": models,
    }
    text = json.dumps(document, indent=1, ensure_ascii=False)
    text = re.sub(r"\[\s+([^\[\]{}]*?)\s+\]", lambda m: "[" + " ".join(m.group(1).split()) + "]", text)
    args.out.write_text(text + "\n", encoding="utf-8")
    print(f"{len(records)} positions of {args.games} games ({played:.0f} s); held out: {len(held_y)} positions of "
          f"{args.holdout} games")
    for name, numbers in overall.items():
        print(f"  {name:13s} log-loss {numbers['log_loss']:.4f}  accuracy {numbers['accuracy']:.4f}")
    for key, entry in per_stage.items():
        parts = "  ".join(f"{name} {entry[name]['log_loss']:.3f}/{entry[name]['accuracy']:.3f}"  # type: ignore[index]
                          for name in held)
        print(f"  stage {key}: {parts}")
    print(f"written to {args.out}")
    return 0 if all(math.isfinite(v) for m in models.values() for v in m) else 1


if __name__ == "__main__":
    sys.exit(main())
