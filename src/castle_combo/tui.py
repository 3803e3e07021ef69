"""Terminal rendering of a game for ``castle-combo play``: rows, messenger, tableaux, score sheets.

Everything here turns a :class:`~castle_combo.state.GameState` (a seat's
view is enough) into rich renderables; nothing reads input or changes a
state. The human's own costs are shown after their discounts, every
tableau as a grid in its own coordinates (x to the right, y downward, first
card at (0, 0)) so that the positions typed in a move are the ones on screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from castle_combo.model import Card, Deck, Shield

if TYPE_CHECKING:
    from castle_combo.actions import Action
    from castle_combo.scoring import ScoreSheet
    from castle_combo.state import GameState

__all__ = [
    "SHIELD_ABBREVIATIONS",
    "card_label",
    "row_table",
    "tableau_grid",
    "player_panel",
    "board",
    "moves_table",
    "score_table",
]

#: Three-letter shield names that fit in a grid cell.
SHIELD_ABBREVIATIONS = {
    Shield.NOBILITY: "nob",
    Shield.FAITH: "fai",
    Shield.SCHOLARSHIP: "sch",
    Shield.MILITARY: "mil",
    Shield.CRAFTSMANSHIP: "cra",
    Shield.PEASANTRY: "pea",
}
_SHIELD_STYLES = {
    Shield.NOBILITY: "magenta",
    Shield.FAITH: "yellow",
    Shield.SCHOLARSHIP: "cyan",
    Shield.MILITARY: "red",
    Shield.CRAFTSMANSHIP: "blue",
    Shield.PEASANTRY: "green",
}
_PLACES = {Deck.CASTLE: "Castle", Deck.VILLAGE: "Village"}


def _shields(card: Card) -> Text:
    text = Text()
    for i, shield in enumerate(card.shields):
        if i:
            text.append(" ")
        text.append(SHIELD_ABBREVIATIONS[shield], style=_SHIELD_STYLES[shield])
    return text


def card_label(card: Card, gold: int = 0, key: bool = False) -> Text:
    """A compact two-line label: name, then shields, messenger icon, purse, and a lock (with its key)."""
    text = Text(card.name, style="bold")
    text.append("\n")
    text.append_text(_shields(card))
    if card.messenger:
        text.append(" msg", style="dim")
    if card.purse is not None:
        text.append(f" purse {gold}/{card.purse}", style="yellow")
    if card.lock:
        text.append(" lock+key" if key else " lock", style="cyan" if key else "dim")
    return text


def _ability(card: Card) -> str:
    text = " ".join(effect.describe() for effect in card.ability)
    if card.lock:
        unlocked = " ".join(effect.describe() for effect in card.unlocked)
        text += (" " if text else "") + f"Lock (opened later): {unlocked}"
    return text or "no ability"


def _scoring(card: Card) -> str:
    return " ".join(rule.describe() for rule in card.scoring) or "scores nothing"


def row_table(state: GameState, deck: Deck, seat: int) -> Table:
    """One location's row with each card's cost after ``seat``'s discounts."""
    here = state.messenger is deck
    title = f"{_PLACES[deck]} row"
    if here:
        title += "  <- messenger"
    if state.is_exhausted(deck):
        title += "  (exhausted)"
    title += f"   [deck {state.deck_size(deck)}, discard {len(state.discard_pile(deck))}]"
    table = Table(title=title, title_justify="left", title_style="bold" if here else "dim", expand=False)
    table.add_column("card")
    table.add_column("cost", justify="right")
    table.add_column("when bought")
    table.add_column("scores")
    for card in state.row(deck):
        cost = state.cost(seat, card)
        shown = f"{cost}" if cost == card.cost else f"{cost} ({card.cost})"
        table.add_row(card_label(card), shown, Text(_ability(card)), Text(_scoring(card)))
    return table


def tableau_grid(state: GameState, seat: int, spots: Sequence[tuple[int, int]] = ()) -> Table:
    """``seat``'s tableau as a grid labelled with its coordinates; ``spots`` are shown as free places."""
    cards = {placed.at: placed for placed in state.tableau(seat)}
    cells = set(cards) | set(spots)
    if not cells:
        cells = {(0, 0)}
    xs = range(min(x for x, _ in cells), max(x for x, _ in cells) + 1)
    ys = range(min(y for _, y in cells), max(y for _, y in cells) + 1)
    grid = Table(show_header=True, show_lines=True, padding=(0, 1))
    grid.add_column("", style="dim", justify="right")
    for x in xs:
        grid.add_column(f"x={x}", justify="center", min_width=12)
    free = set(spots)
    for y in ys:
        row: list[RenderableType] = [f"y={y}"]
        for x in xs:
            placed = cards.get((x, y))
            if placed is not None and placed.face_down:
                row.append(Text("face down", style="dim italic"))
            elif placed is not None:
                row.append(card_label(placed.card, placed.gold, placed.key))
            elif (x, y) in free:
                row.append(Text(f"({x},{y}) free", style="green"))
            else:
                row.append(Text("."))
        grid.add_row(*row)
    return grid


def player_panel(state: GameState, seat: int, name: str, spots: Sequence[tuple[int, int]] = ()) -> Panel:
    """A seat's supply (gold, keys), stored gold, discounts and tableau grid."""
    player = state.players[seat]
    discounts = f"discount castle -{state.discount(seat, Deck.CASTLE)}, village -{state.discount(seat, Deck.VILLAGE)}"
    on_cards = f" (+{player.keys_on_cards} on lock cards)" if player.keys_on_cards else ""
    header = Text.assemble(
        (f"gold {player.gold}", "yellow"),
        "   ",
        (f"keys {player.keys}{on_cards}", "cyan"),
        "   ",
        f"stored gold {player.stored_gold}",
        "   ",
        discounts,
    )
    turn = " (to play)" if seat == state.current_player and not state.is_over else ""
    return Panel(Group(header, tableau_grid(state, seat, spots)), title=Text(f"seat {seat}: {name}{turn}"),
                 expand=False)


def board(state: GameState, me: int, names: Sequence[str]) -> Group:
    """The whole table as ``me`` sees it: both rows, then every seat's panel (``me`` first)."""
    spots: Sequence[tuple[int, int]] = ()
    if state.current_player == me and state.pending is None and not state.is_over:
        spots = state.players[me].spots
    panels = [player_panel(state, me, names[me], spots)]
    panels += [player_panel(state, seat, names[seat]) for seat in range(len(state.players)) if seat != me]
    return Group(
        Text(f"Turn {state.turn}: messenger at the {_PLACES[state.messenger]}", style="bold"),
        row_table(state, Deck.CASTLE, me),
        row_table(state, Deck.VILLAGE, me),
        Columns(panels),
    )


def moves_table(legal: Sequence[Action], compact: Sequence[str]) -> Table:
    """The legal moves, numbered from 1, with their compact syntax."""
    table = Table(title="your moves", title_justify="left", show_edge=False)
    table.add_column("#", justify="right", style="bold")
    table.add_column("move")
    table.add_column("or type", style="dim")
    for number, (action, short) in enumerate(zip(legal, compact, strict=True), start=1):
        table.add_row(str(number), Text(str(action)), Text(short))
    return table


def score_table(state: GameState, sheets: Sequence[ScoreSheet], names: Sequence[str]) -> Table:
    """Final score sheets: each card's points in the final grid, keys, gold left and total."""
    winners = set(state.result().winners)
    table = Table(title="final scores", title_justify="left", show_lines=True)
    table.add_column("seat")
    table.add_column("card points (final 3x3 grid)")
    table.add_column("keys", justify="right")
    table.add_column("gold left", justify="right")
    table.add_column("total", justify="right", style="bold")
    for seat, sheet in enumerate(sheets):
        grid = "\n".join(" ".join(f"{points:3d}" for points in row) for row in sheet.cards)
        who = f"{seat}: {names[seat]}" + ("  WINNER" if seat in winners else "")
        table.add_row(Text(who), grid, str(sheet.keys), str(sheet.gold_left), str(sheet.total))
    return table
