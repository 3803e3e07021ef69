"""Pictures of cards, tableaux and the table, as SVG text.

Pure functions, like python-chess's ``chess.svg``: each takes model objects
(or the small picture data classes below) and returns SVG text; nothing is
read from a game state here, so the same functions draw a card in Jupyter, a
tableau on the docs site, every step of a replay page and a print sheet.
:meth:`castle_combo.GameState.picture` gathers a state's public facts into a
:class:`TablePicture`.

The module sits among the foundations and imports nothing of castle-combo:
a card is anything shaped like :class:`castle_combo.Card` (:class:`CardLike`),
so the model can show itself through it without an import cycle.

Every picture is readable at small sizes (a card's words are wrapped and
shrunk to fit its face), accessible (a ``<title>`` on every card says the
whole card in words; text is ``<text>``, never paths) and deterministic (the
same input gives the same bytes, so pictures can be golden-file tested).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from html import escape
from typing import Protocol

import attrs

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "CardLike",
    "Cell",
    "SeatPicture",
    "TablePicture",
    "card",
    "card_body",
    "face_down",
    "face_down_body",
    "row",
    "score_sheet",
    "table",
    "tableau",
]

CARD_WIDTH = 150
CARD_HEIGHT = 210
_FONT = 'font-family="DejaVu Sans, Verdana, sans-serif"'
#: Header and background colours of each deck.
_DECK_COLOURS = {"castle": ("#34508a", "#eef2fa"), "village": ("#7a5526", "#f8f1e3")}
#: Each shield's colour, the colour of its letter, and its letter.
_SHIELDS = {
    "nobility": ("#6f3a96", "white", "N"),
    "faith": ("#e2c044", "#3a2c00", "F"),
    "scholarship": ("#2f6fb5", "white", "S"),
    "military": ("#b3261e", "white", "M"),
    "craftsmanship": ("#9a5a2c", "white", "C"),
    "peasantry": ("#3f8f3a", "white", "P"),
}
_WILD = ("#8a8a8a", "white", "W")


class _Named(Protocol):
    @property
    def value(self) -> str: ...


class _Describes(Protocol):
    def describe(self) -> str: ...


class CardLike(Protocol):
    """What a picture reads of a card: the fields of :class:`castle_combo.Card`."""

    @property
    def name(self) -> str: ...
    @property
    def deck(self) -> _Named: ...
    @property
    def cost(self) -> int: ...
    @property
    def shields(self) -> Sequence[_Named]: ...
    @property
    def wild(self) -> int: ...
    @property
    def messenger(self) -> bool: ...
    @property
    def purse(self) -> int | None: ...
    @property
    def lock(self) -> bool: ...
    @property
    def ability(self) -> Sequence[_Describes]: ...
    @property
    def unlocked(self) -> Sequence[_Describes]: ...
    @property
    def each_turn(self) -> Sequence[_Describes]: ...
    @property
    def game_end(self) -> Sequence[_Describes]: ...
    @property
    def scoring(self) -> Sequence[_Describes]: ...

    def describe(self) -> str: ...


@attrs.frozen
class Cell:
    """One card of a tableau picture: ``col``/``row`` in the final 3x3 grid (0 to 2, top left first).

    A face-down card shows its back, with its name in small print when
    ``card`` is given (a face-down card was taken from a face-up row in sight
    of everyone); a score pad may not know it, so it may be ``None`` then.
    """

    card: CardLike | None
    col: int
    row: int
    face_down: bool = False
    gold: int = 0
    key: bool = False


@attrs.frozen
class SeatPicture:
    """One seat of a table picture: its name, supplies and tableau."""

    name: str
    gold: int
    keys: int
    cells: tuple[Cell, ...]
    keys_on_cards: int = 0
    to_play: bool = False


@attrs.frozen
class TablePicture:
    """The public table: both rows, the messenger's location (``"castle"`` or ``"village"``), decks, seats."""

    castle: tuple[CardLike, ...]
    village: tuple[CardLike, ...]
    messenger: str
    decks: tuple[int, int]
    discards: tuple[int, int]
    seats: tuple[SeatPicture, ...]
    caption: str = ""


# ------------------------------------------------------------------- one card


def _fit(text: str, width: float, size: float, bold: bool = False) -> float:
    """The font size (at most ``size``) at which ``text`` fits ``width`` pixels."""
    per_char = 0.62 if bold else 0.56
    return round(min(size, width / max(1, len(text)) / per_char), 1)


def _wrapped(paragraphs: Sequence[str], width: float, height: float) -> tuple[float, list[list[str]]]:
    """The largest font size (10 down to 6) at which the paragraphs, wrapped, fit the box."""
    for tenth in range(100, 55, -5):
        size = tenth / 10
        chars = max(8, int(width / (size * 0.6)))
        wrapped = [textwrap.wrap(text, chars) for text in paragraphs]
        lines = sum(len(lines) for lines in wrapped) + max(0, len(wrapped) - 1) * 0.6
        if lines * size * 1.2 <= height:
            return size, wrapped
    chars = int(width / (6 * 0.6))
    return 6.0, [textwrap.wrap(text, chars) for text in paragraphs]


def _shield_marks(card: CardLike) -> list[str]:
    marks = []
    entries = [(_SHIELDS[shield.value], shield.value) for shield in card.shields] + [(_WILD, "wild")] * card.wild
    for i, ((fill, ink, letter), name) in enumerate(entries):
        cx = 17 + i * 21
        marks.append(
            f'<g><title>{name} shield</title><path d="M{cx - 8},41 h16 v8 q0,8 -8,11 q-8,-3 -8,-11 z" '
            f'fill="{fill}" stroke="#222" stroke-width="0.6"/>'
            f'<text x="{cx}" y="52" text-anchor="middle" font-size="8.5" font-weight="bold" fill="{ink}">'
            f"{letter}</text></g>"
        )
    return marks


def _icons(card: CardLike) -> list[str]:
    """The messenger, purse and lock icons, right-aligned under the header."""
    icons: list[str] = []
    x = CARD_WIDTH - 8
    if card.lock:
        x -= 16
        icons.append(f'<g><title>lock card</title><path d="M{x + 3},47 v-3 a5,5 0 0 1 10,0 v3" fill="none" '
                     f'stroke="#333" stroke-width="1.6"/><rect x="{x}" y="47" width="16" height="11" rx="2" '
                     'fill="#444"/></g>')
    if card.purse is not None:
        x -= 42
        icons.append(f'<g><title>purse: holds up to {card.purse} gold</title><rect x="{x}" y="41" width="38" '
                     f'height="17" rx="8" fill="#f3d36b" stroke="#8a6a00" stroke-width="0.8"/><text x="{x + 19}" '
                     f'y="53" text-anchor="middle" font-size="8.5" fill="#4a3800">purse {card.purse}</text></g>')
    if card.messenger:
        x -= 20
        icons.append(f'<g><title>messenger: sends the messenger to the other location</title>'
                     f'<path d="M{x + 3},58 v-17 M{x + 3},41 l12,4 l-12,4" fill="#c8102e" stroke="#7a0a1c" '
                     'stroke-width="1.3"/></g>')
    return icons


def card_body(card: CardLike) -> str:
    """The card's face as SVG elements in a 150x210 box (no ``<svg>`` around them), for symbols and tableaux."""
    header, background = _DECK_COLOURS[card.deck.value]
    name_size = _fit(card.name, CARD_WIDTH - 44, 13, bold=True)
    parts = [
        f"<title>{escape(card.describe())}</title>",
        f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="10" fill="{background}" '
        f'stroke="{header}" stroke-width="2"/>',
        f'<path d="M1,11 a10,10 0 0 1 10,-10 h{CARD_WIDTH - 22} a10,10 0 0 1 10,10 v23 h-{CARD_WIDTH - 2} z" '
        f'fill="{header}"/>',
        '<circle cx="18" cy="18" r="13" fill="#f2c230" stroke="#8a6a00" stroke-width="1.2"/>',
        f'<text x="18" y="23" text-anchor="middle" font-size="14" font-weight="bold" fill="#3a2c00">{card.cost}</text>',
        f'<text x="37" y="{22 + (13 - name_size) / 3:.1f}" font-size="{name_size}" font-weight="bold" fill="white">'
        f"{escape(card.name)}</text>",
        *_shield_marks(card),
        *_icons(card),
    ]
    paragraphs = [effect.describe() for effect in card.ability]
    if card.unlocked:
        paragraphs.append("Lock opened: " + " ".join(effect.describe() for effect in card.unlocked))
    if card.each_turn:
        paragraphs.append("Each later turn: " + " ".join(effect.describe() for effect in card.each_turn))
    if card.game_end:
        paragraphs.append("Game end: " + " ".join(effect.describe() for effect in card.game_end))
    rules = [rule.describe() for rule in card.scoring]
    size, wrapped = _wrapped(paragraphs + rules, CARD_WIDTH - 18, CARD_HEIGHT - 96)
    y = 76.0
    for k, lines in enumerate(wrapped):
        scoring = k >= len(paragraphs)
        if scoring and k == len(paragraphs) and paragraphs:
            parts.append(f'<line x1="14" y1="{y - size * 0.55:.1f}" x2="{CARD_WIDTH - 14}" y2="{y - size * 0.55:.1f}" '
                         f'stroke="{header}" stroke-width="0.8" stroke-dasharray="3 2"/>')
            y += size * 0.5
        style = ' font-weight="bold"' if scoring else ""
        for line in lines:
            parts.append(f'<text x="9" y="{y:.1f}" font-size="{size}"{style} fill="#1d1d1d">{escape(line)}</text>')
            y += size * 1.2
        y += size * 0.6
    parts.append(f'<text x="{CARD_WIDTH / 2}" y="{CARD_HEIGHT - 9}" text-anchor="middle" font-size="8" '
                 f'letter-spacing="2" fill="{header}">{card.deck.value.upper()}</text>')
    return "".join(parts)


def face_down_body(name: str | None = None) -> str:
    """A card's back as SVG elements in a 150x210 box; ``name`` (the card, known to all) in small print."""
    title = f"face-down card ({escape(name)})" if name else "face-down card"
    parts = [
        f"<title>{title}</title>",
        f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="10" fill="#3d2f4f" '
        'stroke="#1f1729" stroke-width="2"/>',
        f'<rect x="12" y="12" width="{CARD_WIDTH - 24}" height="{CARD_HEIGHT - 24}" rx="6" fill="none" '
        'stroke="#b9a4d6" stroke-width="1.5" stroke-dasharray="6 4"/>',
        f'<text x="{CARD_WIDTH / 2}" y="{CARD_HEIGHT / 2}" text-anchor="middle" font-size="15" fill="#e8dcf7">'
        "face down</text>",
        f'<text x="{CARD_WIDTH / 2}" y="{CARD_HEIGHT / 2 + 20}" text-anchor="middle" font-size="10" '
        'fill="#c9b8e3">6 gold, 2 keys</text>',
    ]
    if name:
        parts.append(f'<text x="{CARD_WIDTH / 2}" y="{CARD_HEIGHT - 22}" text-anchor="middle" '
                     f'font-size="{_fit(name, CARD_WIDTH - 30, 10)}" fill="#c9b8e3">{escape(name)}</text>')
    return "".join(parts)


def _svg(width: float, height: float, body: str, label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" {_FONT} role="img" aria-label="{escape(label)}">{body}</svg>\n')


def card(card: CardLike, width: float = CARD_WIDTH) -> str:
    """One card as a standalone SVG picture, ``width`` pixels wide."""
    scale = width / CARD_WIDTH
    return _svg(width, CARD_HEIGHT * scale, f'<g transform="scale({scale:g})">{card_body(card)}</g>', card.name)


def face_down(name: str | None = None, width: float = CARD_WIDTH) -> str:
    """A face-down card as a standalone SVG picture."""
    scale = width / CARD_WIDTH
    return _svg(width, CARD_HEIGHT * scale, f'<g transform="scale({scale:g})">{face_down_body(name)}</g>',
                "face-down card")


# ------------------------------------------------------------------- tableaux and rows


def _placed(body: str, x: float, y: float, scale: float) -> str:
    return f'<g transform="translate({x:g},{y:g}) scale({scale:g})">{body}</g>'


def _badges(cell: Cell) -> str:
    """Stored gold and a waiting key, drawn over a card's bottom corners."""
    parts = []
    if cell.gold:
        parts.append(f'<g><title>{cell.gold} gold stored</title><circle cx="{CARD_WIDTH - 22}" cy="{CARD_HEIGHT - 26}" '
                     f'r="17" fill="#f2c230" stroke="#8a6a00" stroke-width="2"/><text x="{CARD_WIDTH - 22}" '
                     f'y="{CARD_HEIGHT - 19}" text-anchor="middle" font-size="19" font-weight="bold" '
                     f'fill="#3a2c00">{cell.gold}</text></g>')
    if cell.key:
        parts.append(f'<g><title>a key waits on this lock</title><circle cx="24" cy="{CARD_HEIGHT - 26}" r="17" '
                     'fill="#dfe6ee" stroke="#51606f" stroke-width="2"/>'
                     f'<circle cx="18" cy="{CARD_HEIGHT - 26}" r="5" fill="none" stroke="#51606f" stroke-width="3"/>'
                     f'<path d="M23,{CARD_HEIGHT - 26} h12 m-4,0 v5" stroke="#51606f" stroke-width="3" fill="none"/>'
                     "</g>")
    return "".join(parts)


def _cell_body(cell: Cell) -> str:
    if cell.face_down or cell.card is None:
        return face_down_body(cell.card.name if cell.card is not None else None) + _badges(cell)
    return card_body(cell.card) + _badges(cell)


def _grid(cells: Sequence[Cell], x: float, y: float, scale: float) -> list[str]:
    """A 3x3 grid at (x, y): each card in its cell, empty cells outlined."""
    gap = 6
    step_x, step_y = (CARD_WIDTH + gap) * scale, (CARD_HEIGHT + gap) * scale
    taken = {(c.col, c.row) for c in cells}
    parts = []
    for row in range(3):
        for col in range(3):
            if (col, row) not in taken:
                parts.append(f'<rect x="{x + col * step_x + 2:g}" y="{y + row * step_y + 2:g}" '
                             f'width="{CARD_WIDTH * scale - 4:g}" height="{CARD_HEIGHT * scale - 4:g}" '
                             f'rx="{8 * scale:g}" fill="none" stroke="#b8b8b8" stroke-dasharray="5 4"/>')
    for cell in cells:
        parts.append(_placed(_cell_body(cell), x + cell.col * step_x, y + cell.row * step_y, scale))
    return parts


def tableau(cells: Sequence[Cell], width: float = 480) -> str:
    """A tableau as its final 3x3 grid, with stored gold and waiting keys; empty cells dashed."""
    scale = width / (3 * CARD_WIDTH + 12)
    height = 3 * (CARD_HEIGHT + 6) * scale
    names = ", ".join(("face-down " if c.face_down else "") + (c.card.name if c.card else "card")
                      for c in cells) or "no card"
    return _svg(width, height, "".join(_grid(cells, 0, 0, scale)), f"tableau: {names}")


def row(cards: Sequence[CardLike], label: str = "", width: float = 480) -> str:
    """A row of face-up cards (the castle or the village row), with an optional label above."""
    top = 22 if label else 0
    scale = width / (3 * CARD_WIDTH + 12)
    parts = [f'<text x="2" y="15" font-size="14" font-weight="bold">{escape(label)}</text>'] if label else []
    for i, item in enumerate(cards):
        parts.append(_placed(card_body(item), i * (CARD_WIDTH + 6) * scale, top, scale))
    height = top + CARD_HEIGHT * scale
    return _svg(width, height, "".join(parts), label or "a row of cards")


# ------------------------------------------------------------------- the table


def _seat_panel(seat: SeatPicture, x: float, y: float, scale: float) -> list[str]:
    width = 3 * (CARD_WIDTH + 6) * scale
    waiting = f" (+{seat.keys_on_cards} on locks)" if seat.keys_on_cards else ""
    colour = "#1a73e8" if seat.to_play else "#222"
    head = f"{seat.name}{' - to play' if seat.to_play else ''}"
    parts = [
        f'<g class="seat"><title>{escape(seat.name)}: {seat.gold} gold, {_keys(seat.keys)}{waiting}</title>',
        f'<rect x="{x - 6:g}" y="{y - 6:g}" width="{width + 12:g}" height="{44 + 3 * (CARD_HEIGHT + 6) * scale:g}" '
        f'rx="8" fill="{"#eef4fe" if seat.to_play else "#fafafa"}" stroke="{colour}" '
        f'stroke-width="{2 if seat.to_play else 1}"/>',
        f'<text x="{x:g}" y="{y + 12:g}" font-size="{_fit(head, width, 14, True)}" font-weight="bold" '
        f'fill="{colour}">{escape(head)}</text>',
        f'<text x="{x:g}" y="{y + 29:g}" font-size="11" fill="#444">'
        f"{seat.gold} gold, {_keys(seat.keys)}{waiting}</text>",
        *_grid(seat.cells, x, y + 38, scale),
        "</g>",
    ]
    return parts


def table(picture: TablePicture, width: float = 960) -> str:
    """The whole public table: both rows (the messenger's marked), then every seat's panel."""
    columns = min(3, max(1, len(picture.seats)))
    panel_scale = (width - 24 * columns) / columns / (3 * (CARD_WIDTH + 6))
    row_scale = min(0.55, (width / 2 - 30) / (3 * (CARD_WIDTH + 6)))
    parts = [f'<rect width="{width:g}" height="100%" fill="white"/>']
    y = 8.0
    if picture.caption:
        parts.append(f'<text x="10" y="22" font-size="15" font-weight="bold">{escape(picture.caption)}</text>')
        y = 32.0
    for k, (deck, cards) in enumerate((("castle", picture.castle), ("village", picture.village))):
        x0 = 10 + k * width / 2
        here = picture.messenger == deck
        label = (f"{deck.capitalize()} row{' (messenger)' if here else ''} - deck {picture.decks[k]}, "
                 f"discard {picture.discards[k]}")
        parts.append(f'<text x="{x0:g}" y="{y + 14:g}" font-size="12" font-weight="bold" '
                     f'fill="{"#c8102e" if here else "#333"}">{escape(label)}</text>')
        for i, item in enumerate(cards):
            parts.append(_placed(card_body(item), x0 + i * (CARD_WIDTH + 6) * row_scale, y + 22, row_scale))
        if here:
            parts.append(f'<path d="M{x0 - 4:g},{y + 22:g} v{CARD_HEIGHT * row_scale:g}" stroke="#c8102e" '
                         'stroke-width="4"/>')
    y += 30 + CARD_HEIGHT * row_scale + 16
    panel_height = 44 + 3 * (CARD_HEIGHT + 6) * panel_scale + 18
    for i, seat in enumerate(picture.seats):
        col, line = i % columns, i // columns
        x = 14 + col * (width / columns)
        parts += _seat_panel(seat, x, y + line * panel_height, panel_scale)
    lines = (len(picture.seats) + columns - 1) // columns
    height = y + lines * panel_height
    label = picture.caption or "the table"
    return _svg(width, height, "".join(parts), label)


# ------------------------------------------------------------------- a score sheet


def score_sheet(
    names: Sequence[Sequence[str | None]],
    points: Sequence[Sequence[int]],
    total: int,
    keys: int,
    gold_left: int,
    title: str = "score sheet",
) -> str:
    """A score pad: the 3x3 grid of card names with each card's points, then keys and the total."""
    cell_w, cell_h = 150, 58
    width, height = 3 * cell_w + 20, 3 * cell_h + 92
    parts = [f'<rect width="{width}" height="{height}" rx="8" fill="#fffdf6" stroke="#8a6a00"/>',
             f'<text x="10" y="22" font-size="15" font-weight="bold">{escape(title)}</text>']
    for r in range(3):
        for c in range(3):
            x, y = 10 + c * cell_w, 34 + r * cell_h
            name = names[r][c] if r < len(names) and c < len(names[r]) else None
            label = name if name is not None else "empty"
            parts.append(f'<rect x="{x}" y="{y}" width="{cell_w - 6}" height="{cell_h - 6}" rx="5" '
                         f'fill="{"#f0ece0" if name else "white"}" stroke="#c9bfa0"/>')
            parts.append(f'<text x="{x + 8}" y="{y + 18}" font-size="{_fit(label, cell_w - 22, 12)}" '
                         f'fill="#333">{escape(label)}</text>')
            parts.append(f'<text x="{x + cell_w - 14}" y="{y + 45}" text-anchor="end" font-size="20" '
                         f'font-weight="bold" fill="#1d1d1d">{points[r][c]}</text>')
    y = 34 + 3 * cell_h + 22
    parts.append(f'<text x="10" y="{y}" font-size="13">keys {keys} · gold left {gold_left} (breaks ties)</text>')
    parts.append(f'<text x="{width - 12}" y="{y + 6}" text-anchor="end" font-size="22" font-weight="bold">'
                 f"total {total}</text>")
    return _svg(width, height, "".join(parts), f"{title}: total {total}")


def _keys(count: int) -> str:
    """``"1 key"``, ``"3 keys"``."""
    return f"{count} key" if count == 1 else f"{count} keys"
