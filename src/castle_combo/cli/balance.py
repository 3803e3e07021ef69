"""``castle-combo balance``: the fan's balance lab.

Bots play many games with the ruleset (``--cards`` and ``--expansion`` add
cards); for every card a table says how often it was taken face up, the win
share of the players who took it (95% interval) and its difference from the
baseline, and flags the cards whose interval lies wholly above or below it.
The table shows the flagged cards, the cards that are not in the base game
(yours), and the five best and worst others; ``--all`` shows every card.
``--json`` prints the documented JSON document only; ``--svg FILE`` draws the
chart. See :mod:`castle_combo.bots.balance` for what the numbers mean.

The Card Workshop page (:mod:`castle_combo.cli.workshop`) runs this module in
the browser: :func:`prepare`, :func:`quiet_report` and :func:`summary_lines`
are the command's own steps and words, shared so the page cannot drift from
the command. That is why ``rich`` is imported only where the table is drawn:
the page ships without it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Collection, Sequence
from typing import Any

import attrs

from castle_combo.bots.backends import cpu_count
from castle_combo.bots.balance import BalanceReport, CardBalance, balance, balance_report
from castle_combo.bots.registry import agent_names, parse_agents, timed_specs
from castle_combo.bots.simulate import Bot, GameOutcome, SimulationInterrupted
from castle_combo.cli._help import BUDGETS, HelpFormatter, examples, timed_note
from castle_combo.cli._pure_json import stdout_to_stderr
from castle_combo.cli._ruleset_options import add_ruleset_options, ruleset_from
from castle_combo.cli.simulate import check_run_options
from castle_combo.errors import RenderError
from castle_combo.facts import MAX_PLAYERS, MIN_PLAYERS
from castle_combo.files import check_target, write_file
from castle_combo.language.ruleset import Ruleset

__all__ = ["register", "run", "prepare", "quiet_report", "summary_lines", "rate_words"]

DEFAULT_BOTS = "greedy,greedy"
DEFAULT_GAMES = 200
_COLOURS = {"strong": "green", "weak": "red", "": ""}


def register(subparsers: Any) -> None:
    """Add the ``balance`` subcommand."""
    parser = subparsers.add_parser(
        "balance",
        formatter_class=HelpFormatter,
        epilog=examples(
            ("castle-combo balance --bots greedy,greedy --games 400",
             "every standard card: how often taken, how often its taker wins"),
            ("castle-combo balance --cards my_cards/ --games 400 --svg balance.svg",
             "your fan cards among the standard ones, with the chart drawn as a picture"),
            ("castle-combo balance --games 400 --seed 2 --json",
             "the same numbers as one JSON document for scripts"),
        ),
        help="measure every card: how often taken, and how often its taker wins",
        description=(
            "Bots play many games with the ruleset; for every card, how often a player took it face up, "
            "the share of those players who won (95% interval), its difference from the baseline (the "
            "share of all players who won), and a flag when the interval lies wholly above or below it. "
            f"Bots: {', '.join(agent_names())}. {BUDGETS}; a run with a time budget says so, "
            "in a note and in --json (\"reproducible\": false)."
        ),
    )
    parser.add_argument("--players", type=int, default=None, metavar="N",
                        help=f"players per game, {MIN_PLAYERS}-{MAX_PLAYERS} (default: one per bot named)")
    parser.add_argument("--bots", default=DEFAULT_BOTS, metavar="A,B,...",
                        help=f"comma-separated bots, cycled if fewer than players, each with an optional budget: "
                             f"mcts:400 (iterations per move) or mcts:time=0.5 (seconds per move) "
                             f"(default {DEFAULT_BOTS})")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, metavar="M",
                        help=f"games to play (default {DEFAULT_GAMES})")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="seed of the whole run (default 1)")
    parser.add_argument("--jobs", type=int, default=max(1, min(4, cpu_count())), metavar="J",
                        help="worker processes; the numbers are the same for any J (default: one per CPU, up to 4)")
    parser.add_argument("--backend", choices=("processes", "ray"), default="processes",
                        help="where the games run: worker processes (default) or Ray tasks")
    parser.add_argument("--address", metavar="ADDR", help="with --backend ray: the address of a running Ray cluster")
    parser.add_argument("--json", action="store_true", help="print the report as JSON only")
    parser.add_argument("--svg", metavar="FILE", help="also draw the chart of every card as an SVG picture")
    parser.add_argument("--overwrite", action="store_true", help="replace FILE if it exists")
    parser.add_argument("--all", action="store_true", help="list every card, not only the ones worth a look")
    add_ruleset_options(parser)
    parser.set_defaults(run=run)


def prepare(args: argparse.Namespace) -> tuple[list[Bot], dict[str, Any]]:
    """The bots and the options of :func:`~castle_combo.bots.balance.balance` that ``args`` ask for.

    Every option is checked here, in the command line's words, before a game is played.
    """
    check_run_options(args)
    if args.svg:
        check_target(args.svg, RenderError, overwrite=args.overwrite)  # before the games, not after
    specs: list[Bot] = list(parse_agents(args.bots))
    rules = ruleset_from(args)
    players = args.players if args.players is not None else max(MIN_PLAYERS, len(specs))
    options: dict[str, Any] = {"players": players, "games": args.games, "seed": args.seed, "jobs": args.jobs,
                               "rules": rules, "backend": args.backend, "address": args.address}
    return specs, options


def run(args: argparse.Namespace) -> int:
    """Play, then print the table (or JSON) and write the chart; 0 on success, 130 if interrupted."""
    specs, options = prepare(args)
    timed = timed_specs(specs)
    if timed:
        print(timed_note(timed), file=sys.stderr)
    if args.json:
        with stdout_to_stderr():  # the JSON document must stand alone on standard output
            report = quiet_report(specs, options)
    else:
        report = _with_progress_bar(specs, options)
    if args.svg:
        write_file(args.svg, report.chart_svg(), RenderError, overwrite=args.overwrite)
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        _render(report, options["rules"], show_all=args.all, svg=args.svg)
    if report.interrupted:
        print(f"interrupted: the report covers the {report.games} games finished", file=sys.stderr)
        return 130
    return 0


def quiet_report(specs: Sequence[Bot], options: dict[str, Any]) -> BalanceReport:
    """Play the games with no progress shown; an interruption gives the report of the games finished."""
    try:
        return balance(specs, **options)
    except SimulationInterrupted as stop:
        return balance_report(stop.partial, options["rules"])


def _with_progress_bar(specs: Sequence[Bot], options: dict[str, Any]) -> BalanceReport:
    from castle_combo.cli._simulate_report import progress_bar

    with progress_bar(options["games"]) as advance:

        def on_game(outcome: GameOutcome) -> None:
            advance()

        try:
            return balance(specs, progress=on_game, **options)
        except SimulationInterrupted as stop:
            return balance_report(stop.partial, options["rules"])


def rate_words(card: CardBalance) -> tuple[str, str]:
    """A card's win share with its interval (``"62% (55%-69%)"``) and its distance from the baseline."""
    if not card.taken:
        return "never taken", ""
    interval = card.interval
    return (f"{interval.estimate:.0%} ({interval.low:.0%}-{interval.high:.0%})",
            f"{card.difference * 100:+.0f} pts")


#: How the command says to try a flag again: with another seed of the run.
ANOTHER_SEED = "another --seed"


def summary_lines(report: BalanceReport, only: Collection[str] | None = None,
                  another_seed: str = ANOTHER_SEED) -> list[str]:
    """What the report means, in the words printed under the table: baseline, flags, games needed.

    ``only`` speaks of those cards alone (the Card Workshop shows the fan's
    cards only): the flags counted, the flags expected by chance and the
    typical card are theirs, called "your cards"; the baseline is still
    every player's. ``another_seed`` says how to run again with another
    seed (the page has a Seed field, not an option).
    """
    baseline = f"baseline: {report.baseline:.0%} of all players won their game."
    if only is None:
        flagged, typical = f"{len(report.flagged)} card(s)", "a typical card"
    else:
        report = attrs.evolve(report, cards=tuple(card for card in report.cards if card.card in only))
        count = len(report.cards)
        flagged = f"{len(report.flagged)} of your {count} {'card' if count == 1 else 'cards'}"
        typical = "your card" if count == 1 else "a typical one of your cards"
    return [
        baseline,
        f"flagged: {flagged}; about {report.expected_by_chance:.0f} would be flagged by "
        f"chance alone, so run again with {another_seed} before you believe a single flag.",
        f"to tell {typical} 5 points from the baseline, play about {report.games_needed(0.05):,} "
        f"games (2 points: {report.games_needed(0.02):,}).",
    ]


def _worth_a_look(report: BalanceReport, rules: Ruleset) -> list[CardBalance]:
    """Flagged cards, cards that are not in the base game, and the five best and worst of the others."""
    base = set(Ruleset.standard().names)
    taken = [card for card in report.cards if card.taken]
    keep = {card.card for card in report.cards if card.flag or card.card not in base}
    keep |= {card.card for card in taken[:5] + taken[-5:]}
    return [card for card in report.cards if card.card in keep]


def _render(report: BalanceReport, rules: Ruleset, *, show_all: bool, svg: str | None) -> None:
    from rich import box
    from rich.markup import escape
    from rich.table import Table

    from castle_combo.cli._console import output_console

    console = output_console()
    lines = list(report.cards) if show_all else _worth_a_look(report, rules)
    table = Table(
        title=(f"{report.games} games, {report.players} players, bots {', '.join(report.bots)} "
               f"(seed {report.seed}): {len(lines)} of {len(report.cards)} cards"),
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    table.add_column("card", style="bold", no_wrap=True)
    table.add_column("taken", justify="right")
    table.add_column("won when taken (95% CI)", justify="right", no_wrap=True)
    table.add_column("vs baseline", justify="right")
    table.add_column("flag")
    for card in lines:
        colour = _COLOURS[card.flag]
        rate, versus = rate_words(card)
        table.add_row(escape(card.card), str(card.taken), rate, versus,
                      f"[{colour}]{card.flag}[/]" if card.flag else "")
    console.print(table)
    for line in summary_lines(report):
        console.print(line)
    if svg:
        console.print(f"chart: {escape(svg)}")
