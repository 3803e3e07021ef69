"""``castle-combo score FILE``: the score pad for one finished tableau.

FILE is a score scenario (the CLI reference, "castle-combo score"): the 3x3 grid of card names (or
``"face-down"``), keys, leftover gold and gold already on purses, and, when
the cards read them, the other players (their grids, gold and keys). The end
of the game is played as the rules say: the "at the end of the game" effects
of the scenario's cards resolve first (a scenario whose effects need what it
does not hold, the rows for instance, is refused with the reason), then the
purses fill and the cards score. Without ``--json`` it prints the grid with
each card's points, then keys, gold left and the total; with ``--json``
exactly ``{"total", "keys", "gold_left", "cards"}``.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.markup import escape
from rich.table import Table

from castle_combo.cli._console import output_console
from castle_combo.cli._help import HelpFormatter, examples
from castle_combo.cli._ruleset_options import add_ruleset_options, ruleset_from
from castle_combo.engine.scoring import FACE_DOWN, ScoreSheet, score_scenario
from castle_combo.errors import ScenarioError
from castle_combo.files import read_file
from castle_combo.language.ruleset import BUNDLED_EXPANSIONS
from castle_combo.records.jsontext import read_json

__all__ = ["register", "run", "sheet_table"]


def register(subparsers: Any) -> None:
    """Add the ``score`` subcommand."""
    parser = subparsers.add_parser(
        "score",
        formatter_class=HelpFormatter,
        epilog=examples(
            ("castle-combo score tableau.json",
             "the score pad of one finished tableau, card by card"),
            ("castle-combo score tableau.json --json",
             '{"total", "keys", "gold_left", "cards"} for scripts'),
        ),
        help="score one finished tableau (a score scenario JSON file)",
        description=(
            "Score one finished 3x3 tableau like the score pad: each card's points, keys (1 point each), "
            "gold left after filling purses, and the total. FILE holds "
            '{"grid": [[name, name, name], ...], "keys": k, "gold": g, "purse_gold": {"name": gold}}; '
            'write "face-down" for a face-down card. Add "opponents": [{"grid": ..., "gold": g, "keys": k}, ...] '
            "(every other player, from your left) when the cards read the other players; fan cards may need "
            '"chosen": {"name": "faith"} (a chosen shield\'s type) or "points": {"name": 4} (points kept on a card). '
            "The cards' "
            '"at the end of the game" effects resolve before the score.'
        ),
    )
    parser.add_argument("file", metavar="FILE", help="the score scenario (JSON)")
    parser.add_argument("--json", action="store_true", help='print {"total", "keys", "gold_left", "cards"} only')
    add_ruleset_options(parser)
    parser.set_defaults(run=run)


def sheet_table(sheet: ScoreSheet, title: str) -> Table:
    """The score sheet as a rich table: the 3x3 grid with each card's name and points.

    The caption adds the keys (1 point each), the gold left in the supply
    (worth nothing, it breaks ties) and the total.
    """
    table = Table(title=title, show_header=False, show_lines=True)
    for _ in range(3):
        table.add_column(justify="center", min_width=14)
    for names, points, stored in zip(sheet.names, sheet.cards, sheet.stored, strict=True):
        cells = []
        for name, pts, gold in zip(names, points, stored, strict=True):
            if name is None:
                cells.append("[dim]empty[/dim]")
            elif name == FACE_DOWN:
                cells.append(f"[dim]face down[/dim]\n{pts}")
            else:
                purse = f" ({gold} gold)" if gold else ""
                cells.append(f"{escape(name)}{purse}\n[bold]{pts}[/bold]")
        table.add_row(*cells)
    cards = sheet.total - sheet.keys
    table.caption = f"cards {cards} + keys {sheet.keys} = [bold]{sheet.total}[/bold]   (gold left {sheet.gold_left})"
    return table


#: What the engine says of a name that is no card of the ruleset (``Compiled.unknown``).
_UNKNOWN_CARD = "no card named "

#: How a card that is not a standard one gets into the ruleset; the engine knows no command-line options.
LOAD_HINT = (f"hint: fan cards are loaded with --cards PATH (a .ccl file or a folder of them), an expansion's "
             f"cards with --expansion NAME ({', '.join(BUNDLED_EXPANSIONS)}, or an installed expansion package)")


def run(args: argparse.Namespace) -> int:
    """Score the scenario in ``args.file``; 0 on success.

    A card name the ruleset does not know gets :data:`LOAD_HINT`: the card
    is most often a fan card or an expansion's, and the scenario file
    cannot say where to find it.
    """
    data = read_json(read_file(args.file, ScenarioError, what="a score scenario"), ScenarioError, args.file)
    try:
        sheet = score_scenario(data, ruleset_from(args))
    except ScenarioError as error:
        hint = f"\n{LOAD_HINT}" if _UNKNOWN_CARD in str(error) else ""
        raise ScenarioError(f"{args.file}: {error}{hint}") from None
    if args.json:
        print(json.dumps(sheet.to_json()))
        return 0
    output_console().print(sheet_table(sheet, f"Score of {escape(args.file)}"))
    return 0
