"""Print-and-play sheets: cards at their true size, nine to a page, fronts and backs for duplex printing.

A deck or an expansion becomes one document (:func:`pages`): a page of up to
nine card fronts, then the page of their backs, and so on. On each page:

* the cards are 63 x 88 mm (the poker-card size), three by three, centred on
  an A4 or US Letter page, and butted together, so one straight cut
  separates two cards;
* each card's frame, in its deck's colour, runs 3 mm beyond the cut on the
  outer edges of the grid (the *bleed*: a cut a little off still leaves no
  white edge), never between two cards;
* crop marks sit outside the grid and its bleed, on every cutting line;
* the back page is the front page mirrored left to right, so that printed
  on both sides, flipping on the long edge (the usual duplex setting), each
  back lands behind its own card.

The pages are SVG text with millimetre units, drawn with the same card
faces as every other picture (:func:`castle_combo.pictures.svg.card_body`);
:func:`pdf_bytes` prints them into one PDF with cairosvg (the optional
extra ``castle-combo[pictures]``), and :func:`write_pdf` writes that PDF to
a file through the library's one writer (:func:`castle_combo.files.write_file`).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any, BinaryIO

from castle_combo.errors import RenderError
from castle_combo.files import write_file
from castle_combo.pictures.svg import CARD_HEIGHT, CARD_WIDTH, CardLike, card_body

__all__ = ["BLEED_MM", "CARD_MM", "PAPERS", "back_body", "pages", "pdf_bytes", "write_pdf"]

#: A card's true size in millimetres (the poker-card format).
CARD_MM = (63.0, 88.0)
#: How far a card's frame runs past the cut on the outer edges of the grid, in millimetres.
BLEED_MM = 3.0
#: The paper sizes, in millimetres (width, height), portrait.
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
#: The colour of each deck's frame and back (the deck's header colour on its cards).
_FRAME = {"castle": "#34508a", "village": "#7a5526"}
#: Crop marks: their gap from the bleed's edge, their longest length, and how close to the paper's edge they may go.
_MARK_GAP, _MARK_LENGTH, _PAPER_EDGE = 0.5, 6.0, 1.0
_FONT = 'font-family="DejaVu Sans, Verdana, sans-serif"'
#: The size of the game's name on a card's back: it fits inside the back's dashed inner frame.
_BACK_TITLE_SIZE = 13
#: The back's dashed inner frame: its inset from the card's edge, in the card's units (150x210).
_BACK_INSET = 16


def back_body(deck: str) -> str:
    """A card's back for a deck (``"castle"`` or ``"village"``) as SVG elements in a 150x210 box."""
    colour = _FRAME[deck]
    w, h = CARD_WIDTH, CARD_HEIGHT
    return "".join([
        f"<title>back of a {deck} card</title>",
        f'<rect x="0" y="0" width="{w}" height="{h}" fill="{colour}"/>',
        f'<rect x="10" y="10" width="{w - 20}" height="{h - 20}" rx="8" fill="none" stroke="#f2c230" '
        'stroke-width="2"/>',
        f'<rect x="{_BACK_INSET}" y="{_BACK_INSET}" width="{w - 2 * _BACK_INSET}" '
        f'height="{h - 2 * _BACK_INSET}" rx="5" fill="none" stroke="#f2c230" '
        'stroke-width="0.8" stroke-dasharray="4 3"/>',
        # A castle's towers or a village's roofs, above the game's name.
        ('<path d="M45,118 v-38 h10 v8 h8 v-8 h10 v8 h8 v-8 h10 v8 h8 v-8 h10 v38 z" fill="#f2c230"/>'
         if deck == "castle" else
         '<path d="M40,118 v-24 l17,-16 l17,16 v24 z M76,118 v-30 l17,-16 l17,16 v30 z" fill="#f2c230"/>'),
        # 13 units of DejaVu Sans Bold make the name about 100 units wide: inside the dashed frame (118), with room.
        f'<text x="{w / 2}" y="142" text-anchor="middle" font-size="{_BACK_TITLE_SIZE}" font-weight="bold" '
        'fill="white">Castle Combo</text>',
        f'<text x="{w / 2}" y="160" text-anchor="middle" font-size="11" letter-spacing="3" fill="#f2c230">'
        f"{deck.upper()}</text>",
    ])


def _slots(count: int, mirrored: bool) -> list[tuple[int, int, int]]:
    """(index, column, row) of the first ``count`` of nine slots, read left to right (right to left mirrored)."""
    return [(i, 2 - i % 3 if mirrored else i % 3, i // 3) for i in range(count)]


def _page(bodies: Sequence[tuple[str, str]], paper: tuple[float, float], mirrored: bool, marks: bool,
          label: tuple[str, str, str]) -> str:
    """One page: the (frame colour, card body) pairs in a 3x3 grid (see the module docstring).

    ``label`` is the small print, three short pieces (one under each column).
    """
    width, height = paper
    card_w, card_h = CARD_MM
    left, top = (width - 3 * card_w) / 2, (height - 3 * card_h) / 2
    right, bottom = left + 3 * card_w, top + 3 * card_h
    slots = _slots(len(bodies), mirrored)
    taken = {(col, row) for _, col, row in slots}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}mm" height="{height:g}mm" '
             f'viewBox="0 0 {width:g} {height:g}" {_FONT}>', f"<title>{escape(' '.join(label))}</title>",
             f'<rect width="{width:g}" height="{height:g}" fill="white"/>']
    for i, col, row in slots:
        frame, body = bodies[i]
        x, y = left + col * card_w, top + row * card_h
        # The frame runs into the bleed on each side that no other card touches.
        grow = [BLEED_MM if (col + dx, row + dy) not in taken else 0.0 for dx, dy in ((-1, 0), (0, -1), (1, 0), (0, 1))]
        parts.append(f'<rect x="{x - grow[0]:g}" y="{y - grow[1]:g}" width="{card_w + grow[0] + grow[2]:g}" '
                     f'height="{card_h + grow[1] + grow[3]:g}" fill="{frame}"/>')
        parts.append(f'<g transform="translate({x:g},{y:g}) scale({card_w / CARD_WIDTH:g},{card_h / CARD_HEIGHT:g})">'
                     f"{body}</g>")
    if marks:
        parts += _crop_marks(left, top, right, bottom, paper)
    # The small print, a piece under each column: between the crop marks, never across one.
    baseline = min(height - _PAPER_EDGE - 0.5, bottom + BLEED_MM + _MARK_GAP + 3)
    for col, piece in enumerate(label):
        parts.append(f'<text x="{left + col * card_w + 2:g}" y="{baseline:g}" font-size="2.2" fill="#666">'
                     f"{escape(piece)}</text>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _crop_marks(left: float, top: float, right: float, bottom: float, paper: tuple[float, float]) -> list[str]:
    """Thin lines on every cutting line, outside the grid and its bleed, kept off the paper's very edge."""
    width, height = paper
    card_w, card_h = CARD_MM
    start = BLEED_MM + _MARK_GAP
    across = min(_MARK_LENGTH, left - start - _PAPER_EDGE)  # left and right margins
    down = min(_MARK_LENGTH, top - start - _PAPER_EDGE)  # top and bottom margins
    style = 'stroke="black" stroke-width="0.15"'
    parts = []
    for k in range(4):
        x, y = left + k * card_w, top + k * card_h
        parts.append(f'<line x1="{x:g}" y1="{top - start - down:g}" x2="{x:g}" y2="{top - start:g}" {style}/>')
        parts.append(f'<line x1="{x:g}" y1="{bottom + start:g}" x2="{x:g}" y2="{bottom + start + down:g}" {style}/>')
        parts.append(f'<line x1="{left - start - across:g}" y1="{y:g}" x2="{left - start:g}" y2="{y:g}" {style}/>')
        parts.append(f'<line x1="{right + start:g}" y1="{y:g}" x2="{right + start + across:g}" y2="{y:g}" {style}/>')
    return parts


def pages(cards: Sequence[CardLike], title: str, paper: str = "a4", crop_marks: bool = True) -> list[str]:
    """The print-and-play pages of ``cards`` as SVG: each page of fronts followed by its mirrored backs.

    ``paper`` is ``"a4"`` or ``"letter"``; ``title`` names the deck or the
    expansion in each page's small print.
    """
    size = PAPERS[paper]
    count = (len(cards) + 8) // 9
    out = []
    for n in range(count):
        some = cards[n * 9:(n + 1) * 9]
        fronts = [(_FRAME[card.deck.value], card_body(card)) for card in some]
        backs = [(_FRAME[card.deck.value], back_body(card.deck.value)) for card in some]
        sheet = f"sheet {n + 1} of {count}"
        out.append(_page(fronts, size, False, crop_marks, (f"Castle Combo: {title}", sheet, "fronts")))
        out.append(_page(backs, size, True, crop_marks,
                         (f"Castle Combo: {title}", f"{sheet}: backs", "duplex: flip on the long edge")))
    return out


def pdf_bytes(svg_pages: Sequence[str]) -> bytes:
    """The SVG pages printed into one PDF, a page each, in memory (needs cairosvg: ``castle-combo[pictures]``).

    No pages give no bytes.
    """
    stream = io.BytesIO()
    _print(svg_pages, stream)
    return stream.getvalue()


def write_pdf(svg_pages: Sequence[str], path: str | Path | BinaryIO, *, overwrite: bool = False) -> None:
    """Print the SVG pages into one PDF at ``path``, a page each (needs cairosvg: ``castle-combo[pictures]``).

    A path is written as every file castle-combo writes
    (:func:`castle_combo.files.write_file`): whole or not at all, and an
    existing file is replaced only with ``overwrite=True`` (the command
    line's ``--overwrite``); otherwise, or for a folder, a FIFO or a device,
    a :class:`~castle_combo.errors.RenderError`. ``path`` may also be a binary
    stream, written as it is. No pages write nothing.
    """
    if hasattr(path, "write"):
        _print(svg_pages, path)  # type: ignore[arg-type]
        return
    if svg_pages:
        write_file(path, pdf_bytes(svg_pages), RenderError, overwrite=overwrite)


def _print(svg_pages: Sequence[str], stream: BinaryIO) -> None:
    """Print the pages into ``stream`` as one PDF.

    cairosvg draws one SVG on one cairo surface; here every page is drawn on
    the same PDF surface, with a page break between them.
    """
    import cairosvg.parser  # type: ignore[import-untyped]
    import cairosvg.surface  # type: ignore[import-untyped]

    shared: dict[str, Any] = {}

    class Page(cairosvg.surface.PDFSurface):  # type: ignore[misc]
        """A page of the one PDF: cairosvg draws it on the shared surface instead of a new file."""

        def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
            surface = shared.get("pdf")
            if surface is None:
                surface = shared["pdf"] = self.surface_class(stream, width, height)
            else:
                surface.set_size(width, height)
            return surface, width, height

    for svg in svg_pages:
        Page(cairosvg.parser.Tree(bytestring=svg.encode("utf-8")), None, 96)
        shared["pdf"].show_page()
    if "pdf" in shared:
        shared["pdf"].finish()
