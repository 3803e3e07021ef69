"""``castle-combo replay FILE``: replay a game record and print the final score sheets.

With ``--json`` it prints exactly ``{"players": [{"score": s, "keys": k,
"gold": g}, ...]}`` (gold = left in the supply after purse placement); a
record of an unfinished game prints the provisional scores.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.markup import escape

from castle_combo.cli._console import output_console
from castle_combo.cli._help import HelpFormatter, examples
from castle_combo.cli._ruleset_options import add_ruleset_options, asked_ruleset
from castle_combo.cli.score import sheet_table
from castle_combo.errors import RecordError, RenderError
from castle_combo.files import check_target, read_file, write_file
from castle_combo.records.serialize import record_seats, replay

__all__ = ["register", "run"]


def register(subparsers: Any) -> None:
    """Add the ``replay`` subcommand."""
    parser = subparsers.add_parser(
        "replay",
        formatter_class=HelpFormatter,
        epilog=examples(
            ("castle-combo replay game.json",
             "each player's final score sheet"),
            ("castle-combo replay game.json --html game.html",
             "also write a page stepping through the game (game.html#12: move 12)"),
            ("castle-combo replay game.json --json",
             '{"players": [{"score", "keys", "gold"}, ...]} for scripts'),
        ),
        help="replay a game record and print the final scores",
        description="Replay a game record (castle-combo/record@1 JSON) move by move and print each seat's score sheet.",
    )
    parser.add_argument("file", metavar="FILE", help="the game record (JSON)")
    parser.add_argument("--json", action="store_true", help='print {"players": [{"score", "keys", "gold"}, ...]} only')
    parser.add_argument("--html", metavar="FILE",
                        help="also write the file FILE: one self-contained web page that steps through the game "
                             "(FILE#N opens it after N moves)")
    add_ruleset_options(parser)
    parser.add_argument("--overwrite", action="store_true", help="replace OUT if it exists")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Replay ``args.file`` and print the score sheets; 0 on success."""
    if args.html:
        check_target(args.html, RenderError, overwrite=args.overwrite)
    text = read_file(args.file, RecordError, what="a game record")
    try:
        state = replay(text, asked_ruleset(args))
    except RecordError as error:
        raise RecordError(f"{args.file}: {error}") from None
    seats = record_seats(text)  # who played, when the record says
    names = [seat.name for seat in seats] if seats else [f"Seat {seat}" for seat in range(len(state.players))]
    sheets = state.scores() if state.is_over else state.provisional_scores()
    if args.html:
        from castle_combo.records.replay_page import replay_page

        page = replay_page(state, names, title=f"Castle Combo: {Path(args.file).name}", seats=seats)
        write_file(args.html, page, RenderError, overwrite=args.overwrite)
    if args.json:
        players = [{"score": s.total, "keys": s.keys, "gold": s.gold_left} for s in sheets]
        print(json.dumps({"players": players}))
        return 0
    console = output_console()
    if not state.is_over:
        console.print(f"[yellow]the game is not over (turn {state.turn}); provisional scores[/yellow]")
    winners = set(state.result().winners) if state.is_over else set()
    for seat, sheet in enumerate(sheets):
        mark = "  [green]winner[/green]" if seat in winners else ""
        console.print(sheet_table(sheet, f"{escape(names[seat])}{mark}"))
    return 0
