"""Pictures of cards, tableaux and the table, as SVG text.

Pure functions, like python-chess's ``chess.svg``: each takes model objects
(or the small picture data classes below) and returns SVG text; nothing is
read from a game state here, so the same functions draw a card in Jupyter, a
tableau on the docs site, every step of a replay page and a print sheet.
:meth:`castle_combo.GameState.picture` gathers a state's public facts into a
:class:`TablePicture`.

The module sits among the foundations and imports nothing of castle-combo but
the pictures' own text register: a card is anything shaped like :class:`castle_combo.Card`
(:class:`CardLike`), so the model can show itself through it without an import
cycle. A card whose English is too long for its face is said in the terse
register of a printed card (:mod:`castle_combo.pictures.register`, plain text).

Every picture is readable at small sizes (a card's words are wrapped and
shrunk to fit its face; words too long for legible type are said in the
terse register a printed card uses), accessible (a ``<title>`` on every card says the
whole card in words; text is ``<text>``, never paths) and deterministic (the
same input gives the same bytes, so pictures can be golden-file tested).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from html import escape
from typing import Protocol

import attrs

from castle_combo.pictures.register import terse

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "CHANGED",
    "CardLike",
    "Cell",
    "SeatPicture",
    "TablePicture",
    "card",
    "card_body",
    "face_down",
    "face_down_body",
    "badges",
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
#: A chosen shield (``shields chosen``), whose type its owner names when buying the card.
_CHOSEN = ("#ffffff", "#222222", "?")
#: The colour that marks what the last move changed.
CHANGED = "#e8590c"


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
    def turn_end(self) -> Sequence[_Describes]: ...
    @property
    def taken(self) -> Sequence[_Describes]: ...
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
    #: Whether the last move changed this card (placed it, or changed its gold or key): drawn ringed.
    changed: bool = False
    #: Keys its effects locked on it (``put 2 keys on this card``): no longer its owner's.
    locked: int = 0
    #: The type named for its chosen shield (``"military"``), drawn in the chosen shield's place; ``None``: none.
    shield: str | None = None


@attrs.frozen
class SeatPicture:
    """One seat of a table picture: its name, supplies and tableau."""

    name: str
    gold: int
    keys: int
    cells: tuple[Cell, ...]
    keys_on_cards: int = 0
    to_play: bool = False
    #: The name of the seat's reserved card ("reserve a card from either row"), face up beside its tableau: every
    #: player sees it; "" when it holds none.
    reserved: str = ""


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
    #: The names of the row cards the last move brought into the rows (drawn ringed).
    fresh: tuple[str, ...] = ()
    #: The gold lying on each card of the castle row and of the village row, in row order (cards that pile it up
    #: while in a row; empty when none does).
    castle_gold: tuple[int, ...] = ()
    village_gold: tuple[int, ...] = ()


# ------------------------------------------------------------------- one card

#: The largest and the smallest type of a card's words, in card units (a card is 150 wide). A full
#: card (a row, the gallery, a print sheet) says everything; a card in a tableau says only what still
#: matters there (how it scores, and an effect that waits), in type large enough to read on the
#: whole-table picture, whose tableau cards are drawn at about 0.85 of full size.
_FULL_TYPE = (10.0, 8.5)
_TABLEAU_TYPE = (15.0, 13.0)
#: The words end above the bottom strip, which holds the deck's name, stored gold and a waiting key.
_TEXT_TOP, _TEXT_BOTTOM = 66.0, CARD_HEIGHT - 30.0


def _fit(text: str, width: float, size: float, bold: bool = False) -> float:
    """The font size (at most ``size``) at which ``text`` fits ``width`` pixels."""
    per_char = 0.64 if bold else 0.56
    return round(min(size, width / max(1, len(text)) / per_char), 1)


def _name_lines(name: str, width: float, largest: float, smallest: float) -> tuple[float, list[str]]:
    """A bold name on one line, or on two when one line would need type smaller than ``smallest``."""
    size = _fit(name, width, largest, bold=True)
    # A name breaks at a space (dropped) or after a hyphen (kept): "Master-" / "at-Arms".
    splits = [(name[:i], name[i + 1:]) for i, ch in enumerate(name) if ch == " "]
    splits += [(name[:i + 1], name[i + 1:]) for i, ch in enumerate(name[:-1]) if ch == "-"]
    if size >= smallest or not splits:
        return size, [name]
    first, second = min(splits, key=lambda pair: max(len(pair[0]), len(pair[1])))
    return _fit(max(first, second, key=len), width, min(largest, 13.0), bold=True), [first, second]


#: The floor of a full card's type: a card whose words do not fit at ``_FULL_TYPE[1]`` says them in the terse
#: register (:func:`castle_combo.pictures.register.terse`), from ``_FULL_TYPE[0]`` down to this size, which a
#: printed card (63 mm wide) reads as about 8 points.
_FLOOR = 7.0


def _wrapped(paragraphs: Sequence[str], width: float, height: float,
             sizes: tuple[float, float] = _FULL_TYPE, clip: bool = False) -> tuple[float, list[list[str]]]:
    """The largest font size and wrapped lines at which the paragraphs fit the box.

    The long English is tried from ``sizes[0]`` down to ``sizes[1]``. On a
    full card, when it does not fit (a fan card's long text), the terse
    register of the same paragraphs is tried from ``sizes[0]`` down to
    :data:`_FLOOR`; a full card never cuts a word: as a last resort, for a
    text too long even for that, its type goes below the floor until every
    line fits. In a tableau (``clip``) a text that does not fit is said in
    the terse register too, and if that does not fit either, it keeps
    ``sizes[1]`` and cuts the last paragraphs short with an ellipsis (the
    card's ``<title>`` still says it all).
    """
    largest, smallest = sizes
    found = _largest_fit(paragraphs, width, height, largest, smallest)
    if found is not None:
        return found
    short = [terse(text) for text in paragraphs]
    if not clip:
        found = _largest_fit(short, width, height, largest, _FLOOR) or _largest_fit(short, width, height, _FLOOR, 1.0)
        return found or (1.0, _wrap(short, width, 1.0))
    # In a tableau the terse register first, at the same sizes; what still does not fit is cut short.
    found = _largest_fit(short, width, height, largest, smallest) if short != list(paragraphs) else None
    if found is not None:
        return found
    kept: list[list[str]] = []
    for lines in _wrap(short, width, smallest):
        paragraph: list[str] = []
        kept.append(paragraph)
        for line in lines:
            paragraph.append(line)
            if _lines(kept) * smallest * 1.2 > height:
                paragraph.pop()
                kept = [lines for lines in kept if lines]
                if kept:
                    kept[-1][-1] = kept[-1][-1].rstrip(" .,;") + "\u2026"
                return smallest, kept
    return smallest, kept


def _largest_fit(paragraphs: Sequence[str], width: float, height: float, largest: float,
                 smallest: float) -> tuple[float, list[list[str]]] | None:
    """The largest size from ``largest`` down to ``smallest`` (in steps of 0.5) whose wrapped lines fit, or None."""
    for tenth in range(int(largest * 10), max(1, int(smallest * 10)) - 1, -5):
        size = tenth / 10
        wrapped = _wrap(paragraphs, width, size)
        if _lines(wrapped) * size * 1.2 <= height:
            return size, wrapped
    return None


def _wrap(paragraphs: Sequence[str], width: float, size: float) -> list[list[str]]:
    chars = max(8, int(width / (size * 0.6)))
    return [textwrap.wrap(text, chars) for text in paragraphs]


def _lines(wrapped: Sequence[Sequence[str]]) -> float:
    """The height of wrapped paragraphs in lines (a paragraph break is 0.6 of a line)."""
    return sum(len(lines) for lines in wrapped) + max(0, len(wrapped) - 1) * 0.6


def _shield_marks(card: CardLike, big: bool = False, named: str | None = None) -> list[str]:
    marks = []
    entries = [(_SHIELDS[shield.value], shield.value) for shield in card.shields] + [(_WILD, "wild")] * card.wild
    # A chosen shield, drawn as the type its owner named when buying the card, else as a blank to name.
    chosen = (_SHIELDS[named], f"{named} (chosen)") if named is not None else (_CHOSEN, "chosen")
    entries += [chosen] * getattr(card, "chosen", 0)
    half, step, letter_size = (11, 24, _TABLEAU_TYPE[1]) if big else (8, 21, 8.5)
    for i, ((fill, ink, letter), name) in enumerate(entries):
        cx = 9 + half + i * step
        depth = half + 2
        marks.append(
            f'<g><title>{name} shield</title><path d="M{cx - half},40 h{2 * half} v{depth - 3} q0,{depth - 2} '
            f'-{half},{depth + 1} q-{half},-3 -{half},-{depth + 1} z" fill="{fill}" stroke="#222" stroke-width="0.6"/>'
            f'<text x="{cx}" y="{40 + depth + 1}" text-anchor="middle" font-size="{letter_size}" font-weight="bold" '
            f'fill="{ink}">{letter}</text></g>'
        )
    return marks


def _icons(card: CardLike, big: bool = False) -> list[str]:
    """The messenger, purse and lock icons, right-aligned under the header."""
    icons: list[str] = []
    x = CARD_WIDTH - 8
    if card.lock:
        x -= 16
        icons.append(f'<g><title>lock card</title><path d="M{x + 3},47 v-3 a5,5 0 0 1 10,0 v3" fill="none" '
                     f'stroke="#333" stroke-width="1.6"/><rect x="{x}" y="47" width="16" height="11" rx="2" '
                     'fill="#444"/></g>')
    if card.purse is not None:
        size = _TABLEAU_TYPE[1] if big else 8.5
        label = f"purse {card.purse}"
        width = round(len(label) * size * 0.56 + 8)
        x -= width + 4
        icons.append(f'<g><title>purse: holds up to {card.purse} gold</title><rect x="{x}" y="{41 - size / 3:g}" '
                     f'width="{width}" height="{17 + size / 3:g}" rx="8" fill="#f3d36b" stroke="#8a6a00" '
                     f'stroke-width="0.8"/><text x="{x + width / 2:g}" y="{53 + size / 6:g}" text-anchor="middle" '
                     f'font-size="{size}" fill="#4a3800">{label}</text></g>')
    if card.messenger:
        x -= 20
        icons.append(f'<g><title>messenger: sends the messenger to the other location</title>'
                     f'<path d="M{x + 3},58 v-17 M{x + 3},41 l12,4 l-12,4" fill="#c8102e" stroke="#7a0a1c" '
                     'stroke-width="1.3"/></g>')
    return icons


#: Who takes, in a card's paragraph on other players' takes, by the value of the player group.
_TAKERS = {"opponent": "an opponent", "neighbour": "a neighbour", "player": "any player",
           "left neighbour": "your left neighbour", "right neighbour": "your right neighbour"}


def _paragraphs(card: CardLike, in_tableau: bool, opened: bool = False) -> tuple[list[str], list[str]]:
    """The card's effects (those that still wait, in a tableau) and its scoring rules, in English."""
    paragraphs = [] if in_tableau else [effect.describe() for effect in card.ability]
    requirement = getattr(card, "requirement", None)
    if requirement is not None and not in_tableau:  # read before the card is bought: shown in a row only
        paragraphs.insert(0, requirement.describe())
    if card.unlocked and not (in_tableau and opened):
        label = "Lock: " if in_tableau else "Lock opened: "
        paragraphs.append(label + " ".join(effect.describe() for effect in card.unlocked))
    if card.each_turn:
        paragraphs.append("Each later turn: " + " ".join(effect.describe() for effect in card.each_turn))
    if card.taken:
        # Who takes (Card.taken_by, a player group seen from the owner; a card-like object may not say: its owner).
        by = getattr(getattr(card, "taken_by", None), "value", None)
        phrase = getattr(card, "take_phrase", "card")
        taker = "" if by is None else _TAKERS.get(by, "another player")
        label = f"Each {phrase} taken after it" if by is None else f"Each {phrase} {taker} takes"
        if getattr(card, "after_ability", False):
            label += ", after its ability"
        paragraphs.append(f"{label}: " + " ".join(effect.describe() for effect in card.taken))
    spent = getattr(card, "key_spent", ())
    if spent:  # whose key spends (Card.spent_by, seen from the owner): the owner's if it does not say
        by = getattr(getattr(card, "spent_by", None), "value", None)
        label = "Each key you spend" if by is None else f"Each key {_TAKERS.get(by, 'another player')} spends"
        label += getattr(card, "spent_purpose", "")  # what the key did (" to refresh a row"), if the card says
        paragraphs.append(f"{label}: " + " ".join(effect.describe() for effect in spent))
    moved = getattr(card, "messenger_moved", ())
    if moved:  # where the messenger's moves go (Card.moved_to): anywhere if it does not say
        to = getattr(getattr(card, "moved_to", None), "value", None)
        label = ("Each move of the messenger by your card's icon" if getattr(card, "moved_by_icon", False)
                 else "Each move of the messenger") + ("" if to is None else f" to the {to}")
        paragraphs.append(f"{label}: " + " ".join(effect.describe() for effect in moved))
    if card.turn_end:
        paragraphs.append("End of each turn: " + " ".join(effect.describe() for effect in card.turn_end))
    if card.game_end:
        paragraphs.append("Game end: " + " ".join(effect.describe() for effect in card.game_end))
    row_gold = getattr(card, "row_gold", 0)
    if row_gold and not in_tableau:
        paragraphs.append(f"In a row, end of each turn: {row_gold} gold on it, for whoever takes it.")
    # Surcharges hold while the card lies face up in a tableau: shown in the row and in the tableau alike.
    paragraphs += [surcharge.describe() for surcharge in getattr(card, "surcharges", ())]
    return paragraphs, [rule.describe() for rule in card.scoring]


def card_body(card: CardLike, in_tableau: bool = False, opened: bool = False, named: str | None = None) -> str:
    """The card's face as SVG elements in a 150x210 box (no ``<svg>`` around them), for symbols and tableaux.

    ``in_tableau`` draws the card as it matters once taken: its ability when
    bought has happened, so the face keeps its scoring rules and any effect
    that still waits (behind a lock, each later turn, at the game's end), in
    larger type (an effect too long for it is cut short; the ``<title>``
    still says the whole card). ``opened`` says a lock card's lock is open,
    so its effect is spent too. ``named`` is the type named for its chosen
    shield, drawn in that shield's place. The bottom strip stays free of words
    for the badges of :func:`badges`.
    """
    header, background = _DECK_COLOURS[card.deck.value]
    sizes = _TABLEAU_TYPE if in_tableau else _FULL_TYPE
    name_size, name_lines = _name_lines(card.name, CARD_WIDTH - 44, 15.0 if in_tableau else 13.0, sizes[1])
    parts = [
        f"<title>{escape(card.describe())}</title>",
        f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="10" fill="{background}" '
        f'stroke="{header}" stroke-width="2"/>',
        f'<path d="M1,11 a10,10 0 0 1 10,-10 h{CARD_WIDTH - 22} a10,10 0 0 1 10,10 v23 h-{CARD_WIDTH - 2} z" '
        f'fill="{header}"/>',
        '<circle cx="18" cy="18" r="13" fill="#f2c230" stroke="#8a6a00" stroke-width="1.2"/>',
        f'<text x="18" y="23" text-anchor="middle" font-size="14" font-weight="bold" fill="#3a2c00">{card.cost}</text>',
    ]
    if len(name_lines) == 1:
        parts.append(f'<text x="37" y="{17 + name_size / 3:.1f}" font-size="{name_size}" font-weight="bold" '
                     f'fill="white">{escape(card.name)}</text>')
    else:
        for k, line in enumerate(name_lines):
            y = 15.5 - name_size * 0.55 + name_size * (0.8 + 1.05 * k)
            parts.append(f'<text x="37" y="{y:.1f}" font-size="{name_size}" font-weight="bold" fill="white">'
                         f"{escape(line)}</text>")
    parts += [*_shield_marks(card, in_tableau, named), *_icons(card, in_tableau)]
    paragraphs, rules = _paragraphs(card, in_tableau, opened)
    # In a tableau the scoring comes first, so that cutting a long effect short never hides it.
    texts = rules + paragraphs if in_tableau else paragraphs + rules
    bold = [True] * len(rules) + [False] * len(paragraphs) if in_tableau else \
        [False] * len(paragraphs) + [True] * len(rules)
    size, wrapped = _wrapped(texts, CARD_WIDTH - 18, _TEXT_BOTTOM - _TEXT_TOP, sizes, clip=in_tableau)
    y = _TEXT_TOP + size
    for k, lines in enumerate(wrapped):
        scoring = bold[k]
        if k and scoring != bold[k - 1]:  # a dashed line between the effects and the scoring
            parts.append(f'<line x1="14" y1="{y - size * 0.55:.1f}" x2="{CARD_WIDTH - 14}" y2="{y - size * 0.55:.1f}" '
                         f'stroke="{header}" stroke-width="0.8" stroke-dasharray="3 2"/>')
            y += size * 0.5
        style = ' font-weight="bold"' if scoring else ""
        for line in lines:
            parts.append(f'<text x="9" y="{y:.1f}" font-size="{size}"{style} fill="#1d1d1d">{escape(line)}</text>')
            y += size * 1.2
        y += size * 0.6
    label_size = sizes[1]
    parts.append(f'<text x="{CARD_WIDTH / 2}" y="{CARD_HEIGHT - 10}" text-anchor="middle" font-size="{label_size}" '
                 f'letter-spacing="{1 if in_tableau else 2}" fill="{header}">{card.deck.value.upper()}</text>')
    return "".join(parts)


def face_down_body(name: str | None = None, in_tableau: bool = False) -> str:
    """A card's back as SVG elements in a 150x210 box; ``name`` (the card, known to all) in small print.

    ``in_tableau`` uses the larger type of a card in a tableau.
    """
    small = _TABLEAU_TYPE[1] if in_tableau else 10.0
    title = f"face-down card ({escape(name)})" if name else "face-down card"
    parts = [
        f"<title>{title}</title>",
        f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="10" fill="#3d2f4f" '
        'stroke="#1f1729" stroke-width="2"/>',
        f'<rect x="12" y="12" width="{CARD_WIDTH - 24}" height="{CARD_HEIGHT - 24}" rx="6" fill="none" '
        'stroke="#b9a4d6" stroke-width="1.5" stroke-dasharray="6 4"/>',
        f'<text x="{CARD_WIDTH / 2}" y="{CARD_HEIGHT / 2 - 6}" text-anchor="middle" font-size="{max(15.0, small + 2)}" '
        'fill="#e8dcf7">face down</text>',
        f'<text x="{CARD_WIDTH / 2}" y="{CARD_HEIGHT / 2 + 10 + small}" text-anchor="middle" font-size="{small}" '
        'fill="#c9b8e3">6 gold, 2 keys</text>',
    ]
    if name:
        size, lines = _name_lines(name, CARD_WIDTH - 34, small, small)
        for k, line in enumerate(lines):
            y = CARD_HEIGHT - 24 - (len(lines) - 1 - k) * size * 1.1
            parts.append(f'<text x="{CARD_WIDTH / 2}" y="{y:.1f}" text-anchor="middle" font-size="{size}" '
                         f'font-weight="normal" fill="#c9b8e3">{escape(line)}</text>')
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


def badges(cell: Cell) -> str:
    """Stored gold, a waiting key and locked keys, drawn in a card's bottom strip (never over its words)."""
    parts = []
    cy = CARD_HEIGHT - 16
    if cell.gold:
        parts.append(f'<g class="gold"><title>{cell.gold} gold stored</title><circle cx="{CARD_WIDTH - 21}" cy="{cy}" '
                     f'r="13" fill="#f2c230" stroke="#8a6a00" stroke-width="2"/><text x="{CARD_WIDTH - 21}" '
                     f'y="{cy + 5}" text-anchor="middle" font-size="14" font-weight="bold" '
                     f'fill="#3a2c00">{cell.gold}</text></g>')
    if cell.key:
        parts.append(f'<g class="key"><title>a key waits on this lock</title><circle cx="21" cy="{cy}" r="13" '
                     'fill="#dfe6ee" stroke="#51606f" stroke-width="2"/>'
                     f'<circle cx="16" cy="{cy}" r="4" fill="none" stroke="#51606f" stroke-width="2.5"/>'
                     f'<path d="M20,{cy} h10 m-3,0 v4" stroke="#51606f" stroke-width="2.5" fill="none"/>'
                     "</g>")
    if cell.locked:
        mid = CARD_WIDTH // 2
        parts.append(f'<g class="locked"><title>{cell.locked} key{"" if cell.locked == 1 else "s"} locked on this '
                     f'card</title><rect x="{mid - 22}" y="{cy - 12}" width="44" height="24" rx="6" fill="#c9d3de" '
                     f'stroke="#51606f" stroke-width="2"/><circle cx="{mid - 11}" cy="{cy}" r="4" fill="none" '
                     f'stroke="#51606f" stroke-width="2.5"/><text x="{mid + 8}" y="{cy + 5}" text-anchor="middle" '
                     f'font-size="14" font-weight="bold" fill="#22303d">{cell.locked}</text></g>')
    return "".join(parts)


def _cell_body(cell: Cell, in_tableau: bool) -> str:
    if cell.face_down or cell.card is None:
        return face_down_body(cell.card.name if cell.card is not None else None, in_tableau) + badges(cell)
    # A key waits on a lock card once its lock is open.
    return card_body(cell.card, in_tableau, opened=cell.key, named=cell.shield) + badges(cell)


#: The space between two cards of a grid or a row, in card units.
_GAP = 6


def _grid(cells: Sequence[Cell], x: float, y: float, scale: float, in_tableau: bool = True) -> list[str]:
    """A 3x3 grid at (x, y): each card in its cell, empty cells outlined, changed cards ringed."""
    step_x, step_y = (CARD_WIDTH + _GAP) * scale, (CARD_HEIGHT + _GAP) * scale
    taken = {(c.col, c.row) for c in cells}
    parts = []
    for row in range(3):
        for col in range(3):
            if (col, row) not in taken:
                parts.append(f'<rect x="{x + col * step_x + 2:g}" y="{y + row * step_y + 2:g}" '
                             f'width="{CARD_WIDTH * scale - 4:g}" height="{CARD_HEIGHT * scale - 4:g}" '
                             f'rx="{8 * scale:g}" fill="none" stroke="#b8b8b8" stroke-dasharray="5 4"/>')
    for cell in cells:
        left, top = x + cell.col * step_x, y + cell.row * step_y
        parts.append(_placed(_cell_body(cell, in_tableau), left, top, scale))
        if cell.changed:
            parts.append(_ring(left, top, scale))
    return parts


def _ring(x: float, y: float, scale: float) -> str:
    """The mark of a card that changed with the last move: an orange ring around it."""
    return (f'<rect class="changed" x="{x - 2:g}" y="{y - 2:g}" width="{CARD_WIDTH * scale + 4:g}" '
            f'height="{CARD_HEIGHT * scale + 4:g}" rx="{10 * scale + 2:g}" fill="none" stroke="{CHANGED}" '
            'stroke-width="3.5"><title>changed by the last move</title></rect>')


def tableau(cells: Sequence[Cell], width: float = 480, in_tableau: bool = True) -> str:
    """A tableau as its final 3x3 grid, with stored gold and waiting keys; empty cells dashed.

    The cards show what matters in a tableau (:func:`card_body`);
    ``in_tableau=False`` draws their full faces.
    """
    scale = width / (3 * CARD_WIDTH + 2 * _GAP)
    height = 3 * (CARD_HEIGHT + _GAP) * scale
    names = ", ".join(("face-down " if c.face_down else "") + (c.card.name if c.card else "card")
                      for c in cells) or "no card"
    return _svg(width, height, "".join(_grid(cells, 0, 0, scale, in_tableau)), f"tableau: {names}")


def row(cards: Sequence[CardLike], label: str = "", width: float = 480) -> str:
    """A row of face-up cards (the castle or the village row), with an optional label above."""
    top = 22 if label else 0
    scale = width / (3 * CARD_WIDTH + 2 * _GAP)
    parts = [f'<text x="2" y="15" font-size="14" font-weight="bold">{escape(label)}</text>'] if label else []
    for i, item in enumerate(cards):
        parts.append(_placed(card_body(item), i * (CARD_WIDTH + _GAP) * scale, top, scale))
    height = top + CARD_HEIGHT * scale
    return _svg(width, height, "".join(parts), label or "a row of cards")


# ------------------------------------------------------------------- the table

#: The table's layout in pixels: its margin, the space between seat panels and inside one.
_MARGIN, _BETWEEN, _PADDING = 10, 12, 8
#: The type of the table's own words (row labels, seat names and supplies).
_LABEL_TYPE = 13


def _seat_panel(seat: SeatPicture, x: float, y: float, width: float, scale: float) -> list[str]:
    """One seat: its name and supply above its grid, in a box ``width`` wide with its top left at (x, y)."""
    waiting = f" (+{seat.keys_on_cards} on locks)" if seat.keys_on_cards else ""
    waiting += f", reserved: {seat.reserved}" if seat.reserved else ""
    colour = "#1a73e8" if seat.to_play else "#222"
    head = f"{seat.name}{' - to play' if seat.to_play else ''}"
    inner = width - 2 * _PADDING
    parts = [
        f'<g class="seat"><title>{escape(seat.name)}: {seat.gold} gold, {_keys(seat.keys)}{waiting}</title>',
        f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{_panel_height(scale):g}" '
        f'rx="8" fill="{"#eef4fe" if seat.to_play else "#fafafa"}" stroke="{colour}" '
        f'stroke-width="{2 if seat.to_play else 1}"/>',
        f'<text x="{x + _PADDING:g}" y="{y + _PADDING + 15:g}" font-size="{max(11.0, _fit(head, inner, 16, True))}" '
        f'font-weight="bold" fill="{colour}">{escape(head)}</text>',
        f'<text x="{x + _PADDING:g}" y="{y + _PADDING + 34:g}" font-size="{_LABEL_TYPE}" fill="#444">'
        f"{seat.gold} gold, {_keys(seat.keys)}{waiting}</text>",
        *_grid(seat.cells, x + _PADDING, y + _PADDING + 44, scale),
        "</g>",
    ]
    return parts


def _panel_height(scale: float) -> float:
    return 2 * _PADDING + 44 + (3 * CARD_HEIGHT + 2 * _GAP) * scale


def table(picture: TablePicture, width: float = 1280) -> str:
    """The whole public table: both rows (the messenger's marked), then every seat's panel.

    Drawn for a screen ``width`` pixels wide: at the default 1280 every word
    is at least 11 pixels tall. The rows show full cards side by side; the
    seats (up to three a line) show their cards as they matter in a tableau
    (:func:`card_body`). The cards the last move changed are ringed.
    """
    fresh = set(picture.fresh)
    row_scale = min(1.35, (width / 2 - 2 * _MARGIN - 12) / (3 * CARD_WIDTH + 2 * _GAP))
    columns = min(3, max(1, len(picture.seats)))
    column = (width - 2 * _MARGIN - (columns - 1) * _BETWEEN) / columns
    panel_scale = min(1.0, (column - 2 * _PADDING) / (3 * CARD_WIDTH + 2 * _GAP))
    panel_width = (3 * CARD_WIDTH + 2 * _GAP) * panel_scale + 2 * _PADDING
    parts = [f'<rect width="{width:g}" height="100%" fill="white"/>']
    y = float(_MARGIN)
    if picture.caption:
        parts.append(f'<text x="{_MARGIN}" y="{y + 15:g}" font-size="16" font-weight="bold">'
                     f"{escape(picture.caption)}</text>")
        y += 26
    golds = (picture.castle_gold, picture.village_gold)
    for k, (deck, cards) in enumerate((("castle", picture.castle), ("village", picture.village))):
        x0 = _MARGIN + 8 + k * width / 2
        here = picture.messenger == deck
        label = (f"{deck.capitalize()} row{' (messenger)' if here else ''} - deck {picture.decks[k]}, "
                 f"discard {picture.discards[k]}")
        parts.append(f'<text x="{x0:g}" y="{y + 14:g}" font-size="{_LABEL_TYPE}" font-weight="bold" '
                     f'fill="{"#c8102e" if here else "#333"}">{escape(label)}</text>')
        for i, item in enumerate(cards):
            left = x0 + i * (CARD_WIDTH + _GAP) * row_scale
            gold = golds[k][i] if i < len(golds[k]) else 0
            body = card_body(item) + (badges(Cell(item, 0, 0, False, gold)) if gold else "")
            parts.append(_placed(body, left, y + 24, row_scale))
            if item.name in fresh:
                parts.append(_ring(left, y + 24, row_scale))
        if here:
            parts.append(f'<path d="M{x0 - 6:g},{y + 24:g} v{CARD_HEIGHT * row_scale:g}" stroke="#c8102e" '
                         'stroke-width="4"/>')
    y += 24 + CARD_HEIGHT * row_scale + 16
    step = _panel_height(panel_scale) + _BETWEEN
    for i, seat in enumerate(picture.seats):
        col, line = i % columns, i // columns
        parts += _seat_panel(seat, _MARGIN + col * (column + _BETWEEN), y + line * step, panel_width, panel_scale)
    lines = (len(picture.seats) + columns - 1) // columns
    height = y + lines * step - _BETWEEN + _MARGIN
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
