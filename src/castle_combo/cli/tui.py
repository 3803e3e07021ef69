"""The terminal game's screen: one seat's view of the table, drawn to fit 80 columns by 24 lines.

Everything here turns a :class:`~castle_combo.engine.state.GameState` (a seat's view
is enough) into rich renderables; nothing reads input or changes a state.
The screen, top to bottom:

* a status line: the turn, where the messenger is, your gold and keys (and
  any one-time discount waiting for your next card);
* the messenger's row in full (each card's cost after your discounts, its
  shields, what it does when bought and how it scores), the other row in
  one line;
* your tableau as a grid in its own coordinates (x to the right, y downward,
  first card at (0, 0)), the free spots lettered ``a``, ``b``, ...; beside
  it, each other seat in two lines;
* the last few things that happened, and what you may do now.

All user text (card names, bot names) goes into :class:`rich.text.Text`
objects, never into markup, so a card named ``[bold]`` is shown as written.
"""

from __future__ import annotations

import string
from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from castle_combo.engine.scoring import ScoreSheet
from castle_combo.engine.state import GameState
from castle_combo.language.model import Card, Deck, Shield

__all__ = [
    "SHIELD_ABBREVIATIONS",
    "SPOT_LETTERS",
    "board",
    "card_label",
    "card_play_text",
    "card_text",
    "others_panel",
    "rows_panel",
    "score_table",
    "screen",
    "shorten",
    "spot_labels",
    "status_line",
    "tableau_grid",
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
#: The letters free spots are called by, in reading order.
SPOT_LETTERS = string.ascii_lowercase
#: The end screen's columns: a player's name ("greedy 3 (winner)"), and a card's name in the final grid.
_PLAYER_WIDTH, _GRID_NAME = 18, 13


def _shields(card: Card) -> Text:
    text = Text()
    for i, shield in enumerate(card.shields):
        if i:
            text.append(" ")
        text.append(SHIELD_ABBREVIATIONS[shield], style=_SHIELD_STYLES[shield])
    return text


def shorten(name: str, width: int) -> str:
    """``name`` in at most ``width`` characters: whole if it fits, else cut with an ellipsis ("Mother Super…")."""
    return name if len(name) <= width else name[: width - 1].rstrip() + "\u2026"


def card_label(card: Card, gold: int = 0, key: bool = False, width: int = 11, locked: int = 0) -> Text:
    """A cell of two lines: the name (cut to ``width``, :func:`shorten`), then shields, purse gold, a lock's key and
    the keys locked on the card (``+2k``)."""
    text = Text(shorten(card.name, width), style="bold")
    text.append("\n")
    text.append_text(_shields(card))
    if card.purse is not None:
        text.append(f" {gold}g", style="yellow")
    if card.lock:
        text.append(" key" if key else " lock", style="cyan" if key else "dim")
    if locked:
        text.append(f" +{locked}k", style="cyan")
    return text


def _does(card: Card) -> str:
    """What the card does when bought (or behind its lock), in English."""
    text = " ".join(effect.describe() for effect in card.ability)
    if card.lock:
        text += (" " if text else "") + "Lock: " + " ".join(effect.describe() for effect in card.unlocked)
    for label, part in (("Each later turn: ", card.each_turn), ("Game end: ", card.game_end)):
        if part:
            text += (" " if text else "") + label + " ".join(effect.describe() for effect in part)
    return text or "Nothing when bought."


def status_line(view: GameState, me: int, names: Sequence[str]) -> Text:
    """Turn, messenger, and your supply in one line (cut with an ellipsis rather than wrapped)."""
    player = view.players[me]
    on_cards = f" (+{player.keys_on_cards} locked)" if player.keys_on_cards else ""
    turn = "game over" if view.is_over else f"turn {view.turn}/{9 * len(view.players)}"
    whose = "" if view.is_over else (" - your move" if view.to_act == me else
                                     f" - {names[view.to_act]} to play")
    text = Text(f"{turn}{whose}", style="bold", no_wrap=True, overflow="ellipsis")
    text.append(f" | messenger: {_PLACES[view.messenger]} | ")
    text.append(f"you: {player.gold} gold", style="yellow")
    text.append(", ")
    text.append(f"{player.keys} keys{on_cards}", style="cyan")
    once = [f"next {which} -{amount}" for which, amount in zip(("card", "castle card", "village card"),
                                                                player.next_discounts, strict=True) if amount]
    once += [f"next {which} face up -{amount}" for which, amount in zip(("card", "castle card", "village card"),
                                                                        player.next_face_up, strict=True) if amount]
    if player.either_row:
        once.append("next card from either row")
    if player.twice:
        once.append("next ability twice")
    if once:
        text.append(", ")
        text.append(", ".join(once), style="yellow")
    return text


def _known(view: GameState, me: int, deck: Deck) -> str:
    """The top cards of ``deck`` that seat ``me`` knows, having looked at them or seen them put back from a discard
    pile (" (top: Nun, Baker)"), or ""."""
    i = 0 if deck is Deck.CASTLE else 1
    count = next((n for d, s, n in view.known if d == i and s == me), 0)
    if not count:
        return ""
    return " (top: " + ", ".join(view.engine.name(c) for c in view.locations[i].deck[:count]) + ")"


def rows_panel(view: GameState, me: int, names: Sequence[str] = ()) -> Group:
    """The messenger's row, two lines a card (what it does, how it scores), and the other row in one line.

    Long texts are cut with an ellipsis so a card never takes more than two
    lines; :func:`card_text` gives a card's full English.
    """
    here = view.messenger
    there = Deck.VILLAGE if here is Deck.CASTLE else Deck.CASTLE
    lines: list[Text] = [Text(f"{_PLACES[here]} row (messenger)  deck {view.deck_size(here)}"
                              f"{_known(view, me, here)}, discard {len(view.discard_pile(here))}", style="bold")]
    if view.is_exhausted(here):
        lines.append(Text("  exhausted", style="dim"))
    for number, card in enumerate(view.row(here), start=1):
        cost = view.cost(me, card)
        first = Text(f"{number} ", style="bold")
        first.append(f"{shorten(card.name, 16):<16}", style="bold")
        first.append(f"{cost:>2}g{'*' if cost != card.cost else ' '} ", style="yellow")
        if view.row_gold and view.gold_in_row(card):  # gold piling up on the card, for whoever takes it
            first.append(f"+{view.gold_in_row(card)}g on it ", style="bold yellow")
        first.append(_does(card))
        second = Text("  ")
        tags = _shields(card)
        if card.messenger:
            tags.append(" msg", style="dim")
        if card.purse is not None:
            tags.append(f" purse{card.purse}", style="yellow")
        tags.truncate(20, pad=True)
        second.append_text(tags)
        second.append(card.scoring_english, style="dim")
        for line in (first, second):
            line.no_wrap, line.overflow = True, "ellipsis"
            lines.append(line)
    other = Text(f"{_PLACES[there]} row: ", style="dim", no_wrap=True, overflow="ellipsis")
    if view.is_exhausted(there):
        other.append("exhausted", style="dim")
    for i, card in enumerate(view.row(there)):
        other.append(" | " if i else "")
        other.append(card.name)
        other.append(f" {view.cost(me, card)}g", style="yellow")
        if view.row_gold and view.gold_in_row(card):
            other.append(f" +{view.gold_in_row(card)}g on it", style="bold yellow")
    other.append(f"  deck {view.deck_size(there)}{_known(view, me, there)}, "
                 f"discard {len(view.discard_pile(there))}", style="dim")
    lines.append(other)
    kept = [(seat, player.reserved[0]) for seat, player in enumerate(view.players) if player.reserved]
    if kept:  # reserved cards lie face up beside their tableaux: every player sees them
        line = Text("Reserved: ", style="dim", no_wrap=True, overflow="ellipsis")
        for i, (seat, kept_id) in enumerate(kept):
            line.append(" | " if i else "")
            who = names[seat] if seat < len(names) else f"seat {seat}"
            line.append("you" if seat == me else who, style="bold" if seat == me else "")
            name = view.engine.name(kept_id)
            line.append(f" {name}")
            if seat == me:
                line.append(f" {view.cost(me, name)}g", style="yellow")
        lines.append(line)
    return Group(*lines)


def card_play_text(card: Card) -> str:
    """What a card does when bought and how it scores, in one line of English (its name and facts left out)."""
    return f"{_does(card)} {card.scoring_english}"


def card_text(card: Card) -> str:
    """A card's full English in one paragraph (for a player who asks about a card)."""
    return card.describe().replace("\n", " ")


def spot_labels(view: GameState, seat: int) -> dict[tuple[int, int], str]:
    """The letter of each free spot of ``seat``'s tableau, in reading order (only while it may take a card)."""
    if view.current_player != seat or view.pending is not None or view.is_over:
        return {}
    return {spot: SPOT_LETTERS[i] for i, spot in enumerate(view.players[seat].spots)}


def tableau_grid(view: GameState, seat: int, labels: dict[tuple[int, int], str] | None = None,
                 width: int = 11) -> Table:
    """``seat``'s tableau as a grid in its own coordinates; ``labels`` letter the free spots."""
    labels = labels or {}
    cells = {placed.at: placed for placed in view.tableau(seat)}
    places = set(cells) | set(labels) or {(0, 0)}
    xs = range(min(x for x, _ in places), max(x for x, _ in places) + 1)
    ys = range(min(y for _, y in places), max(y for _, y in places) + 1)
    grid = Table(box=box.ROUNDED, show_header=False, show_lines=False, padding=(0, 0), show_edge=True)
    for _ in xs:
        grid.add_column(justify="center", width=width, no_wrap=True)
    for y in ys:
        row: list[RenderableType] = []
        for x in xs:
            placed = cells.get((x, y))
            if placed is not None and placed.face_down:
                row.append(Text("face\ndown", style="dim italic"))
            elif placed is not None:
                row.append(card_label(placed.card, placed.gold, placed.key, width, placed.keys))
            elif (x, y) in labels:
                row.append(Text(f"({labels[(x, y)]})\n{x},{y}", style="green"))
            else:
                row.append(Text("\n"))
        grid.add_row(*row)
    return grid


def others_panel(view: GameState, me: int, names: Sequence[str]) -> Table:
    """Every seat's running score (yours first), then each other seat in two lines: supply, then its cards.

    Every line is cut with an ellipsis rather than wrapped, so the panel is
    exactly ``2 * seats - 1`` lines tall (9 at five players).
    """
    table = Table(box=None, show_header=False, padding=(0, 0), expand=True)
    table.add_column(overflow="ellipsis", no_wrap=True)

    def head(seat: int) -> Text:
        player = view.players[seat]
        text = Text(names[seat], style="bold", no_wrap=True, overflow="ellipsis")
        text.append(f"  {view.provisional_score(seat).total} pts", style="bold green")
        text.append(f"  {player.gold}g {player.keys}k", style="yellow")
        if player.keys_on_cards:
            text.append(f"+{player.keys_on_cards}", style="cyan")
        return text

    table.add_row(head(me))
    for seat in range(len(view.players)):
        if seat == me:
            continue
        cards = [t.card.name for t in view.tableau(seat) if not t.face_down]
        down = sum(1 for t in view.tableau(seat) if t.face_down)
        line = Text(", ".join(cards) + (f" +{down} face down" if down else "") or "no card yet", style="dim",
                    no_wrap=True, overflow="ellipsis")
        table.add_row(head(seat))
        table.add_row(line)
    return table


def board(view: GameState, me: int, names: Sequence[str]) -> Group:
    """The table without the log and the prompt: status line, rows, your grid beside the other seats.

    At most 19 lines at 80 columns: 1 status line, 8 lines of rows, and up
    to 10 for a grid four cards tall (the free spots around a column of
    cards), beside 9 for five players' scores and cards.
    """
    labels = spot_labels(view, me)
    middle = Table(box=None, show_header=False, padding=(0, 1, 0, 0), expand=True)
    middle.add_column(no_wrap=True)
    middle.add_column(ratio=1, overflow="ellipsis", no_wrap=True)
    middle.add_row(tableau_grid(view, me, labels), others_panel(view, me, names))
    return Group(status_line(view, me, names), rows_panel(view, me, names), middle)


def screen(view: GameState, me: int, names: Sequence[str], log: Sequence[str] = (),
           prompt: Sequence[str] = ()) -> Group:
    """The whole screen of the line mode: :func:`board`, the last three things that happened, the prompt."""
    parts: list[RenderableType] = [board(view, me, names)]
    parts += [Text(line, style="dim", overflow="ellipsis", no_wrap=True) for line in log[-3:]]
    parts += [Text(line, overflow="fold") for line in prompt]
    return Group(*parts)


def score_table(view: GameState, sheets: Sequence[ScoreSheet], names: Sequence[str]) -> Table:
    """Final score sheets in three lines a seat: name, keys and gold left beside its final 3x3 grid
    (each card's name and points), and the total.

    Two lines of headings and three a seat: 17 lines for five players, 78 columns wide. A card's name
    longer than 13 characters ends in an ellipsis ("Miraculously…", :func:`shorten`).
    """
    winners = set(view.result().winners) if view.is_over else set()
    table = Table(title="final scores", title_justify="left", title_style="bold", box=None, padding=(0, 1),
                  show_header=True, header_style="bold", collapse_padding=True)
    table.add_column("player", width=_PLAYER_WIDTH, no_wrap=True, overflow="ellipsis")
    table.add_column("final grid: each card and its points", no_wrap=True)
    table.add_column("total", justify="right", width=5, no_wrap=True)
    for seat, sheet in enumerate(sheets):
        lines = []
        for names_row, points_row in zip(sheet.names, sheet.cards, strict=True):
            cells = []
            for name, points in zip(names_row, points_row, strict=True):
                label = "-" if name is None else ("face down" if name == "face-down" else name)
                cells.append(f"{shorten(label, _GRID_NAME):<{_GRID_NAME}}{points:>3}")
            lines.append("  ".join(cells))
        winner = seat in winners
        who = Text(names[seat] + (" (winner)" if winner else ""), style="bold green" if winner else "bold",
                   no_wrap=True, overflow="ellipsis")
        who.append(f"\n{sheet.keys} {'key' if sheet.keys == 1 else 'keys'}\n{sheet.gold_left} gold left", style="")
        total = Text(str(sheet.total), style="bold green" if winner else "bold")
        table.add_row(who, Text("\n".join(lines)), total)
    return table
