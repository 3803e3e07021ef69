"""The readable report of ``castle-combo simulate``: a progress bar, then two rich tables.

Kept apart from the command's argument handling so that the layout can be
read (and changed) in one place. The progress bar goes to stderr, and only
when stderr is a terminal, so the tables on stdout can be piped or captured
cleanly; they are printed without the spaces rich pads their lines with.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from castle_combo.bots.simulate import SimulationResult
from castle_combo.cli._console import output_console

__all__ = ["progress_bar", "render_report", "bots_table", "cards_table"]


@contextmanager
def progress_bar(total: int, console: Console | None = None) -> Iterator[Callable[[], None]]:
    """A progress bar of ``total`` games on stderr; yields a function advancing it by one game.

    Only a terminal shows it: rich prints a bar that cannot redraw itself
    (a pipe, a file, a log) as an empty line, which is all a reader of the
    redirected stderr would see.
    """
    console = console or Console(stderr=True)
    progress = Progress(
        TextColumn("[bold]playing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not console.is_interactive,
    )
    with progress:
        task = progress.add_task("games", total=total)
        yield lambda: progress.advance(task)


def bots_table(result: SimulationResult) -> Table:
    """One row per lineup slot: wins, win rate with its 95% interval, scores, gold, time per move."""
    table = Table(
        title=f"{result.games} games, {result.players} players, seats rotating (seed {result.seed})",
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    table.add_column("bot", style="bold", no_wrap=True)
    table.add_column("wins", justify="right")
    table.add_column("win rate (95% CI)", justify="right", no_wrap=True)
    table.add_column("score ± CI", justify="right", no_wrap=True)
    table.add_column("std", justify="right")
    table.add_column("gold left", justify="right", no_wrap=True)
    table.add_column("ms/move", justify="right", no_wrap=True)
    summaries = result.summaries()
    best = max(s.wins for s in summaries)
    for s in summaries:
        rate = s.win_rate
        table.add_row(
            Text(s.bot if s.bot not in result.bots[: s.slot] else f"{s.bot} #{s.slot + 1}"),
            f"[green]{s.wins}[/]" if s.wins == best else str(s.wins),
            f"{rate.estimate:.0%} ({rate.low:.0%}-{rate.high:.0%})",
            f"{s.score.estimate:.1f} ± {s.score.half_width:.1f}",
            f"{s.score_std:.1f}",
            f"{s.mean_gold_left:.1f}",
            f"{s.seconds_per_move * 1000:.1f}",
        )
    return table


def cards_table(result: SimulationResult, top: int = 10) -> Table:
    """The cards most often face up in winners' tableaux."""
    table = Table(title="cards most often taken by winners", title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("card", style="bold", no_wrap=True)
    table.add_column("winners' tableaux", justify="right")
    table.add_column("share of winners", justify="right")
    table.add_column("won when taken", justify="right")
    for tally in result.winner_cards(top):
        table.add_row(
            Text(tally.card),
            str(tally.by_winners),
            f"{tally.share_of_winners:.0%}",
            f"{tally.win_rate_when_taken:.0%} of {tally.taken}",
        )
    return table


def render_report(result: SimulationResult, save: str | None = None, console: Console | None = None) -> None:
    """Print both tables (and where the records went) to ``console`` (stdout, sized and trimmed, by default)."""
    out = console or output_console()
    out.print(bots_table(result))
    out.print(cards_table(result))
    shared = result.totals.shared_wins
    if result.interrupted:
        out.print(f"[yellow]Partial report: interrupted after {result.games} games.[/]")
    if shared:
        out.print(f"{shared} shared win(s) counted as a win for every winner.")
    if save:
        out.print(f"Saved {result.games} game records in {escape(str(save))}/ "
                  "(replay one with 'castle-combo replay FILE').")
