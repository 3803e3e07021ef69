"""``castle-combo simulate``: bots play many games; a table (or JSON) says who won.

The defaults make the bare command a demo that finishes in a few seconds:
MCTS on a small budget against the greedy bot, two players, 20 games.
``--players`` defaults to the number of bots named (at least 2).
``--json`` prints the documented JSON document and nothing else, for scripts (whatever
the games' processes write meanwhile goes to standard error).
``--backend ray`` plays the games as Ray tasks (``--address`` of a cluster, or
a local Ray); ``--jobs`` above the CPU count is capped, with a note. Ctrl-C
stops at once and prints the report of the games finished; records saved
with ``--save`` are each written whole, and a failure to save is reported
after the report, which is still printed.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from castle_combo.bots.backends import cpu_count
from castle_combo.bots.registry import agent_names, parse_agents, timed_specs
from castle_combo.bots.simulate import GameOutcome, SimulationError, SimulationInterrupted, SimulationResult, simulate
from castle_combo.cli._help import BUDGETS, HelpFormatter, examples, timed_note
from castle_combo.cli._pure_json import stdout_to_stderr
from castle_combo.cli._ruleset_options import add_ruleset_options, ruleset_from
from castle_combo.facts import MAX_PLAYERS, MIN_PLAYERS

__all__ = ["register", "run", "check_run_options", "DEFAULT_BOTS", "DEFAULT_GAMES", "DEFAULT_JOBS"]

#: The bare command's match-up: the search against the evaluation it builds on, MCTS kept fast.
DEFAULT_BOTS = "mcts:8,greedy"
DEFAULT_GAMES = 20
#: Games are seeded by index, so parallel workers change nothing but the speed: use the CPUs.
DEFAULT_JOBS = max(1, min(4, cpu_count()))


def register(subparsers: Any) -> None:
    """Add the ``simulate`` subcommand."""
    parser = subparsers.add_parser(
        "simulate",
        formatter_class=HelpFormatter,
        epilog=examples(
            ("castle-combo simulate --bots mcts,greedy --games 200 --jobs 2",
             "MCTS against the greedy bot, 200 two-player games on 2 worker processes"),
            ("castle-combo simulate --bots mcts:time=0.5,mcts:400 --games 100",
             "half a second per move against 400 iterations (timed, so not reproducible)"),
            ("castle-combo simulate --games 20 --save games/",
             "also write each game's record as a file in the folder games/, for replay"),
        ),
        help="let bots play many games and report win rates",
        description=(
            "Bots play many games, seats rotating between games, and a table reports each bot's "
            "win rate (95% confidence interval), scores and the cards winners took most. "
            f"Bots: {', '.join(agent_names())}. {BUDGETS}; a run with a time budget says so, "
            "in a note and in --json (\"reproducible\": false)."
        ),
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help=f"players per game, {MIN_PLAYERS}-{MAX_PLAYERS} (default: one per bot named, at least 2)",
    )
    parser.add_argument(
        "--bots",
        default=DEFAULT_BOTS,
        metavar="A,B,...",
        help=f"comma-separated bots, cycled if fewer than players, each with an optional budget: mcts:400 "
             f"(iterations per move) or mcts:time=0.5 (seconds per move) (default {DEFAULT_BOTS})",
    )
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, metavar="M", help="games to play (default 20)")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="seed of the whole simulation (default 1)")
    parser.add_argument(
        "--jobs",
        type=int,
        default=DEFAULT_JOBS,
        metavar="J",
        help="worker processes; the results are the same for any J (default: one per CPU, up to 4)",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON only")
    parser.add_argument("--save", metavar="DIR",
                        help="write each game's record as a file in the folder DIR (game-00001.json, ...; "
                             "castle-combo replay reads them); the folder is created if missing")
    parser.add_argument("--overwrite", action="store_true", help="replace the records an earlier run left in DIR")
    parser.add_argument("--backend", choices=("processes", "ray"), default="processes",
                        help="where the games run: worker processes (default) or Ray tasks")
    parser.add_argument("--address", metavar="ADDR",
                        help="with --backend ray: the address of a running Ray cluster (default: a local Ray)")
    add_ruleset_options(parser)
    parser.set_defaults(run=run)


def check_run_options(args: argparse.Namespace) -> None:
    """Refuse impossible options in the command line's own words (the Python API names its parameters).

    Shared by ``simulate`` and ``balance``, which take the same options for the games they play.
    """
    if args.players is not None and not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise SimulationError(f"--players must be between {MIN_PLAYERS} and {MAX_PLAYERS}, got {args.players}")
    if args.games < 1:
        raise SimulationError(f"--games must be at least 1, got {args.games}")
    if args.jobs < 1:
        raise SimulationError(f"--jobs must be at least 1, got {args.jobs}")
    if args.address is not None and args.backend != "ray":
        raise SimulationError("--address names a Ray cluster: add --backend ray")


def run(args: argparse.Namespace) -> int:
    """Run the simulation and print a report (or JSON); 0 on success, 2 if records could not be saved."""
    check_run_options(args)
    specs = parse_agents(args.bots)
    rules = ruleset_from(args)
    players = args.players if args.players is not None else max(MIN_PLAYERS, len(specs))
    timed = timed_specs(specs)
    if timed:
        print(timed_note(timed), file=sys.stderr)
    if args.backend == "processes" and args.jobs > cpu_count():
        print(f"note: --jobs {args.jobs} capped at {cpu_count()}, the CPUs of this machine", file=sys.stderr)
    options: dict[str, Any] = {
        "players": players, "games": args.games, "seed": args.seed, "jobs": args.jobs, "save": args.save,
        "rules": rules, "backend": args.backend, "address": args.address, "keep_outcomes": False,
        "overwrite": args.overwrite,
    }
    if args.json:
        with stdout_to_stderr():  # Ray's servers, say, may write to it: the document must stand alone
            try:
                result = simulate(specs, **options)
            except SimulationInterrupted as stop:
                result = stop.partial
        print(json.dumps(result.to_json(), indent=2))
        return _finish(result)
    from castle_combo.cli._simulate_report import progress_bar, render_report

    with progress_bar(args.games) as advance:

        def on_game(outcome: GameOutcome) -> None:
            advance()

        try:
            result = simulate(specs, progress=on_game, **options)
        except SimulationInterrupted as stop:
            result = stop.partial
    render_report(result, save=args.save if result.save_error is None else None)
    return _finish(result)


def _finish(result: SimulationResult) -> int:
    """Say what went wrong after the report: an interruption, or records that could not be saved."""
    if result.interrupted:
        print(f"interrupted: the report covers the {result.games} games finished", file=sys.stderr)
    if result.save_error is not None:
        print(f"error: {result.save_error}; the records after it were not saved", file=sys.stderr)
        return 2
    return 130 if result.interrupted else 0
