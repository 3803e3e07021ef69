"""The MCTS bot against the MCTS of commit 9522c7d at equal thinking time per move.

Both bots play in one process, alternately, so they share the machine's load
move by move; each deal is played twice, once with each bot starting. The
baseline is that commit's ``bots/mcts.py``, copied into
``benchmarks/baselines/mcts_9522c7d.py`` unchanged but for where its
evaluation comes from: that commit's ``bots/evaluation.py``, copied into
``benchmarks/baselines/evaluation_9522c7d.py`` (on the standard cards it gives
the values of ``Evaluation(card_growth=False)``, the default), so that a new
default evaluation changes the new bot only. It runs on the current engine and the current
greedy ranking (which judges with the evaluation it is given), as the new bot
does, so the difference is the search and its evaluation. Given
``--seconds S`` per move, the new bot is ``MctsAgent.thinking_for(S)`` (the
spec ``mcts:time=S``) and the baseline is ``MctsAgent(time_limit=S)`` with no
iteration or position cap, which is how that version thinks for a time: it
stops at the first round of its candidates that ends after ``S``.
``--new-seconds S2`` gives the new bot ``S2`` per move instead, the baseline
keeping ``S``: what more time (a faster engine, or a longer wait) buys the
search against the same opponent.

``--clock cpu`` (the default) measures each bot's budget in this process's CPU
time (the baseline's clock is switched to ``time.process_time`` for the
match), so a busy machine makes the match slower, not the bots weaker;
``--clock wall`` uses the wall clock, as ``mcts:time=S`` does. The report
gives the new bot's win rate with its 95% interval (a shared win counts
half), both bots' time and iterations per move, and the load average (one
minute) before, during and after. ``--iterations N`` plays an equal-iterations
match instead (``mcts:N`` against that version's ``mcts:N``, both with their
default position caps). Settings of the new bot may follow as ``NAME=VALUE``
(the fields of :class:`~castle_combo.bots.MctsAgent`, read as
``benchmarks/tune_mcts.py`` reads them), to try variants. ``--log FILE``
appends each finished game to ``FILE`` as a line of JSON, so that a long match
stopped half-way (a loaded machine, the end of a session) goes on where it
stopped with the same command and ``--resume``; the report then counts every
game of the log. A log of another match (other seconds, iterations, clock,
seed or settings) is refused.

    python benchmarks/mcts_time_match.py --games 200 --seconds 0.5 --jobs 2
    python benchmarks/mcts_time_match.py --games 100 --iterations 40
    python benchmarks/mcts_time_match.py --games 200 --seconds 0.1 --log m.jsonl --resume width=3
    python benchmarks/mcts_time_match.py --games 200 --seconds 0.1 --new-seconds 0.4
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import attrs

import castle_combo as cc
from castle_combo.bots.evaluation import Evaluation
from castle_combo.bots.mcts import MctsAgent
from castle_combo.bots.simulate import derive_seed
from castle_combo.bots.stats import wilson_interval

BASELINE = Path(__file__).resolve().parent / "baselines" / "mcts_9522c7d.py"


def baseline_module(cpu_clock: bool) -> ModuleType:
    """The MCTS module of commit 9522c7d, its ``_iterate`` counted, its clock the CPU's if asked."""
    spec = importlib.util.spec_from_file_location("mcts_9522c7d", BASELINE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if cpu_clock:  # the module reads time.perf_counter through its own name ``time``
        module.time = SimpleNamespace(perf_counter=time.process_time)  # type: ignore[attr-defined]
    counted = module.MctsAgent._iterate
    module.iterations_run = 0  # type: ignore[attr-defined]

    def _iterate(self: Any, *args: Any) -> None:
        module.iterations_run += 1  # type: ignore[attr-defined]
        counted(self, *args)

    module.MctsAgent._iterate = _iterate
    return module


def bots(seconds: float | None, iterations: int | None, cpu_clock: bool,
         settings: dict[str, Any], new_seconds: float | None = None) -> tuple[Any, Any, ModuleType]:
    """The new bot (with ``settings``, thinking ``new_seconds`` if given, else ``seconds``), the baseline bot and
    the baseline's module."""
    old = baseline_module(cpu_clock)
    weights = {k.removeprefix("evaluation."): v for k, v in settings.items() if k.startswith("evaluation.")}
    settings = {k: v for k, v in settings.items() if not k.startswith("evaluation.")}
    if weights:
        settings["evaluation"] = Evaluation(**weights)
    if iterations is not None:
        return MctsAgent(iterations=iterations, **settings), old.MctsAgent(iterations=iterations), old
    assert seconds is not None
    new = MctsAgent.thinking_for(seconds if new_seconds is None else new_seconds, cpu_clock=cpu_clock, **settings)
    return new, old.MctsAgent(iterations=10**9, max_positions=None, time_limit=seconds), old


def parse_setting(text: str) -> tuple[str, Any]:
    """``"width=6"`` -> ``("width", 6)``: a field of :class:`MctsAgent`, read by its default's type.

    ``evaluation.gold=0.6`` sets a weight of the bot's :class:`~castle_combo.bots.Evaluation`
    (``evaluation.card_growth=true`` its switch).
    """
    name, sep, value = text.partition("=")
    if name.startswith("evaluation."):
        weight = name.removeprefix("evaluation.")
        if weight not in attrs.fields_dict(Evaluation):
            raise argparse.ArgumentTypeError(f"the evaluation has no weight {weight!r}")
        if isinstance(attrs.fields_dict(Evaluation)[weight].default, bool):  # card_growth: true or false
            if value.lower() not in ("true", "false"):
                raise argparse.ArgumentTypeError(f"{name} needs true or false, not {value!r}")
            return name, value.lower() == "true"
        try:
            return name, float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} needs a number, not {value!r}") from None
    fields = {field.name: field for field in attrs.fields(MctsAgent) if field.init}
    if not sep or name not in fields:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE with NAME one of {', '.join(fields)}, got {text!r}")
    default = fields[name].default
    if value.lower() in ("true", "false"):
        return name, value.lower() == "true"
    if value.lower() == "none":
        return name, None
    try:
        return name, float(value) if isinstance(default, float) else int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{name} needs a number, true, false or none, not {value!r}") from None


def play(job: tuple[float | None, float | None, int | None, bool, dict[str, Any], int, int]) -> dict[str, Any]:
    """Game ``index``: deal ``index // 2``, the new bot in seat ``index % 2``."""
    seconds, new_seconds, iterations, cpu_clock, settings, seed, index = job
    new, old, module = bots(seconds, iterations, cpu_clock, settings, new_seconds)
    mine = index % 2
    agents = {mine: new, 1 - mine: old}
    state = cc.new_game(players=2, seed=derive_seed(seed, index // 2, "deal"))
    rngs = {seat: random.Random(derive_seed(seed, index, f"seat{seat}")) for seat in (0, 1)}
    stats = {"new": [0.0, 0.0, 0, 0], "old": [0.0, 0.0, 0, 0]}  # wall s, cpu s, decisions, iterations
    while not state.is_over:
        seat = state.to_act
        who = "new" if seat == mine else "old"
        searched = len(state.legal_actions()) > 1
        before = module.iterations_run
        wall, cpu = time.perf_counter(), time.process_time()
        action = agents[seat].choose(state.view(seat), rngs[seat])
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        if searched:
            report = new.last_search if who == "new" else None
            ran = (report.iterations if report is not None else 0) if who == "new" else module.iterations_run - before
            for k, value in enumerate((wall, cpu, 1, ran)):
                stats[who][k] += value
        state = state.apply(action)
    result = state.result()
    sheets = result.scores
    return {"index": index, "share": 1 / len(result.winners) if mine in result.winners else 0.0,
            "margin": sheets[mine].total - sheets[1 - mine].total, "stats": stats, "load": os.getloadavg()[0]}


def kept_games(log: Path, match: dict[str, Any], parser: argparse.ArgumentParser) -> list[dict[str, Any]]:
    """The games of ``log`` (``--resume``), one per index, refused if any was played in another ``match``."""
    if not log.exists():
        return []
    games: dict[int, dict[str, Any]] = {}
    for line in log.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        game = json.loads(line)
        if game.pop("match", None) != match:
            parser.error(f"{log} holds games of another match (seconds, iterations, clock, seed or settings "
                         "differ): give another --log, or leave out --resume to start it afresh")
        games[game["index"]] = game
    return list(games.values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("settings", nargs="*", type=parse_setting, metavar="NAME=VALUE",
                        help="settings of the new bot, to try variants (default: none, the bot as shipped)")
    parser.add_argument("--games", type=int, default=200, help="games, an even number (default 200)")
    parser.add_argument("--seconds", type=float, default=0.5, help="thinking time per move (default 0.5)")
    parser.add_argument("--new-seconds", type=float, default=None, metavar="S2",
                        help="the new bot's thinking time per move, where it differs from the baseline's --seconds")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="what a second is: this process's CPU time (default) or the wall clock")
    parser.add_argument("--iterations", type=int, default=None, help="an equal-iterations match instead")
    parser.add_argument("--seed", type=int, default=2025)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", type=Path, default=None, metavar="FILE", help="also write the games as JSON")
    parser.add_argument("--log", type=Path, default=None, metavar="FILE",
                        help="append each finished game to FILE as a line of JSON (see --resume)")
    parser.add_argument("--resume", action="store_true",
                        help="keep the games the --log file holds (of this very match) and play the rest")
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error("--games must be an even number of at least 2 (each deal is played from both seats)")
    if args.new_seconds is not None and (args.iterations is not None or args.new_seconds <= 0):
        parser.error("--new-seconds needs a time match (no --iterations) and a positive number of seconds")
    if args.resume and args.log is None:
        parser.error("--resume needs --log FILE, the games to keep")
    cpu_clock = args.clock == "cpu"
    seconds = None if args.iterations is not None else args.seconds
    settings = dict(args.settings)
    match = {"seconds": seconds, "iterations": args.iterations, "clock": args.clock, "seed": args.seed,
             "settings": settings}
    if args.new_seconds is not None:  # (only then: the logs of equal-time matches stay as they were)
        match["new_seconds"] = args.new_seconds
    games = [g for g in kept_games(args.log, match, parser) if g["index"] < args.games] if args.resume else []
    if args.log is not None and not args.resume:
        args.log.write_text("", encoding="utf-8")
    done = {g["index"] for g in games}
    jobs = [(seconds, args.new_seconds, args.iterations, cpu_clock, settings, args.seed, index)
            for index in range(args.games) if index not in done]
    load_before = os.getloadavg()[0]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for future in as_completed([pool.submit(play, job) for job in jobs]):
            game = future.result()
            games.append(game)
            if args.log is not None:
                with args.log.open("a", encoding="utf-8") as log:
                    log.write(json.dumps({**game, "match": match}) + "\n")
    games.sort(key=lambda g: g["index"])
    elapsed = time.perf_counter() - started
    wins = sum(g["share"] for g in games)
    interval = wilson_interval(wins, len(games))
    what = (f"{args.iterations} iterations per move each" if args.iterations is not None
            else f"{args.seconds:g} s of {args.clock} time per move each" if args.new_seconds is None
            else f"{args.new_seconds:g} s of {args.clock} time per move against {args.seconds:g} s")
    if done:
        what += f" ({len(done)} games kept from {args.log})"
    print(f"new MCTS against the MCTS of 9522c7d, {what}, {len(games)} games ({len(games) // 2} deals, both seats)"
          + (f", new bot's settings {settings}:" if settings else ":"))
    print(f"  new MCTS won {interval.estimate:.1%} (95% CI {interval.low:.1%} to {interval.high:.1%}), "
          f"mean margin {sum(g['margin'] for g in games) / len(games):+.2f} points")
    for who, label in (("new", "new MCTS"), ("old", "9522c7d")):
        wall, cpu, decisions, ran = (sum(g["stats"][who][k] for g in games) for k in range(4))
        print(f"  {label:>8}: {1000 * wall / decisions:.0f} ms wall, {1000 * cpu / decisions:.0f} ms CPU and "
              f"{ran / decisions:.0f} iterations per searched move ({decisions:.0f} moves)")
    during = sum(g["load"] for g in games) / len(games)
    print(f"  load average: {load_before:.1f} before, {during:.1f} during (mean at each game's end), "
          f"{os.getloadavg()[0]:.1f} after; {os.cpu_count()} CPUs, {args.jobs} job(s), {elapsed:.0f} s")
    if args.json is not None:
        args.json.write_text(json.dumps({"command": sys.argv, "games": games}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
