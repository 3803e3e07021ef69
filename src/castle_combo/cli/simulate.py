"""``castle-combo simulate``: bots play many games; a table (or JSON) says who won.

The defaults make the bare command a demo that finishes in a few seconds:
MCTS on a small budget against the greedy bot, two players, 20 games.
``--players`` defaults to the number of bots named (at least 2).
``--json`` prints the DESIGN.md document and nothing else, for scripts.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from castle_combo.agents.registry import agent_names, parse_agents
from castle_combo.cli._ruleset_options import add_ruleset_options, ruleset_from
from castle_combo.simulate import MAX_PLAYERS, MIN_PLAYERS, GameOutcome, simulate

__all__ = ["register", "run", "DEFAULT_BOTS", "DEFAULT_GAMES", "DEFAULT_JOBS"]

#: The bare command's match-up: the search against the evaluation it builds on, MCTS kept fast.
DEFAULT_BOTS = "mcts:8,greedy"
DEFAULT_GAMES = 20
#: Games are seeded by index, so parallel workers change nothing but the speed: use the CPUs.
DEFAULT_JOBS = max(1, min(4, os.cpu_count() or 1))


def register(subparsers: Any) -> None:
    """Add the ``simulate`` subcommand."""
    parser = subparsers.add_parser(
        "simulate",
        help="let bots play many games and report win rates",
        description=(
            "Bots play many games, seats rotating between games, and a table reports each bot's "
            "win rate (95% confidence interval), scores and the cards winners took most. "
            f"Bots: {', '.join(agent_names())}; 'mcts:N' sets MCTS's iterations per move."
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
        help=f"comma-separated bots, cycled if fewer than players (default {DEFAULT_BOTS})",
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
    parser.add_argument("--save", metavar="DIR", help="write every game's record into DIR (see 'castle-combo replay')")
    add_ruleset_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the simulation and print a report (or JSON); 0 on success."""
    specs = parse_agents(args.bots)
    rules = ruleset_from(args)
    players = args.players if args.players is not None else max(MIN_PLAYERS, len(specs))
    if args.json:
        result = simulate(
            specs, players=players, games=args.games, seed=args.seed, jobs=args.jobs, save=args.save, rules=rules
        )
        print(json.dumps(result.to_json(), indent=2))
        return 0
    from castle_combo.cli._simulate_report import progress_bar, render_report

    with progress_bar(args.games) as advance:

        def on_game(outcome: GameOutcome) -> None:
            advance()

        result = simulate(
            specs,
            players=players,
            games=args.games,
            seed=args.seed,
            jobs=args.jobs,
            save=args.save,
            progress=on_game,
            rules=rules,
        )
    render_report(result, save=args.save)
    return 0
