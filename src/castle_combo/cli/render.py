"""``castle-combo render``: cards as pictures, for fans who write cards and want to see them.

``castle-combo render my_cards/ --out pictures/`` draws each card of the
given files or folders as ``pictures/<card-name>.svg``; with no path it draws
the standard set, or with ``--expansion NAME`` that expansion's cards.
``--png`` adds a PNG of each card at print resolution and ``--sheets`` writes
print-and-play sheets: nine cards to an A4 page at their real size (63 x 88 mm),
as SVG, and as PDF when cairosvg is installed. PNG and PDF need the optional
extra ``castle-combo[pictures]`` (cairosvg, which draws SVG with Cairo).
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from pathlib import Path
from typing import Any

from castle_combo import pictures
from castle_combo.cli._ruleset_options import add_ruleset_options
from castle_combo.errors import RenderError
from castle_combo.language import load_paths
from castle_combo.language.model import Card
from castle_combo.language.ruleset import Ruleset

__all__ = ["register", "run", "sheet"]

#: A card's real size in millimetres (the poker-card format), and an A4 page.
CARD_MM = (63.0, 88.0)
PAGE_MM = (210.0, 297.0)
#: PNG width of one card: 63 mm at 300 dots per inch.
PNG_WIDTH = 744


def register(subparsers: Any) -> None:
    """Add the ``render`` subcommand."""
    parser = subparsers.add_parser(
        "render",
        help="draw cards as SVG (and PNG) files and print-and-play sheets",
        description=(
            "Draw each card of the given .ccl files or folders (or, with no path, the standard cards, or "
            "an --expansion's cards) as an SVG file in --out; --png adds PNG files at print resolution and "
            "--sheets print-and-play sheets of nine cards per A4 page (SVG, and PDF). PNG and PDF need "
            "pip install 'castle-combo[pictures]'."
        ),
    )
    parser.add_argument("paths", nargs="*", metavar="PATH", help=".ccl files or folders to draw")
    parser.add_argument("--out", required=True, metavar="DIR", help="the folder to write the pictures into")
    parser.add_argument("--png", action="store_true", help="also write each card as a PNG (744 x 1039 pixels)")
    parser.add_argument("--sheets", action="store_true", help="also write print-and-play sheets (9 cards per page)")
    add_ruleset_options(parser)
    parser.set_defaults(run=run)


def slug(name: str) -> str:
    """A file name for a card: lower case ASCII words joined by hyphens ("His Majesty" -> "his-majesty")."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-") or "card"


def _cards(args: argparse.Namespace) -> tuple[Card, ...]:
    if args.paths:
        return load_paths(args.paths)
    standard = Ruleset.standard()
    if args.expansions or args.cards:
        rules = standard
        for name in args.expansions:
            rules = rules.with_expansion(name)
        if args.cards:
            rules = rules.extend(args.cards)
        return tuple(card for card in rules.cards if card.name not in set(standard.names))
    return standard.cards


def sheet(cards: tuple[Card, ...], page: int, pages: int) -> str:
    """One A4 print-and-play page of up to nine cards at their real size, as SVG (millimetre units)."""
    width, height = PAGE_MM
    card_w, card_h = CARD_MM
    left = (width - 3 * card_w) / 2
    top = (height - 3 * card_h) / 2
    scale = card_w / pictures.CARD_WIDTH
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}mm" height="{height:g}mm" '
             f'viewBox="0 0 {width:g} {height:g}" font-family="DejaVu Sans, Verdana, sans-serif">',
             f"<title>Castle Combo cards, page {page} of {pages}</title>",
             f'<rect width="{width:g}" height="{height:g}" fill="white"/>']
    for i, card in enumerate(cards):
        x, y = left + (i % 3) * card_w, top + (i // 3) * card_h
        parts.append(f'<g transform="translate({x:g},{y:g}) scale({scale:g})">{pictures.card_body(card)}</g>')
    # Cut marks at every card edge, outside the cards.
    mark = 'stroke="#888" stroke-width="0.2"'
    bottom, right = top + 3 * card_h, left + 3 * card_w
    for k in range(4):
        gx, gy = left + k * card_w, top + k * card_h
        parts.append(f'<line x1="{gx:g}" y1="{top - 8:g}" x2="{gx:g}" y2="{top - 2:g}" {mark}/>')
        parts.append(f'<line x1="{gx:g}" y1="{bottom + 2:g}" x2="{gx:g}" y2="{bottom + 8:g}" {mark}/>')
        parts.append(f'<line x1="{left - 8:g}" y1="{gy:g}" x2="{left - 2:g}" y2="{gy:g}" {mark}/>')
        parts.append(f'<line x1="{right + 2:g}" y1="{gy:g}" x2="{right + 8:g}" y2="{gy:g}" {mark}/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _cairosvg() -> Any:
    try:
        import cairosvg  # type: ignore[import-untyped]
    except (ImportError, OSError) as error:  # OSError: the Cairo library itself is missing
        raise RenderError(f"PNG and PDF pictures need cairosvg ({error}); install them with "
                          "pip install 'castle-combo[pictures]', or leave out --png") from None
    return cairosvg


def run(args: argparse.Namespace) -> int:
    """Draw the cards; 0 on success."""
    cards = _cards(args)
    if not cards:
        raise RenderError("there is no card to draw: give .ccl files or folders, or an --expansion")
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise RenderError(f"{out} is a file; --out needs a folder (it is created if missing)")
    converter = _cairosvg() if args.png else None
    out.mkdir(parents=True, exist_ok=True)
    names: dict[str, str] = {}
    for card in cards:
        name = slug(card.name)
        if name in names:  # two names that differ only in accents or punctuation
            name = f"{name}-{len(names)}"
        names[name] = card.name
        picture = pictures.card(card)
        (out / f"{name}.svg").write_text(picture, encoding="utf-8")
        if converter is not None:
            converter.svg2png(bytestring=picture.encode(), write_to=str(out / f"{name}.png"), output_width=PNG_WIDTH)
    written = [f"{len(cards)} card(s) as SVG{' and PNG' if converter else ''}"]
    if args.sheets:
        if converter is None:
            try:
                converter = _cairosvg()
            except RenderError:
                print("note: without cairosvg the sheets are SVG only (pip install 'castle-combo[pictures]' "
                      "adds PDF)", file=sys.stderr)
        pages = (len(cards) + 8) // 9
        for page in range(pages):
            text = sheet(cards[page * 9:(page + 1) * 9], page + 1, pages)
            (out / f"sheet-{page + 1:02d}.svg").write_text(text, encoding="utf-8")
            if converter is not None:
                converter.svg2pdf(bytestring=text.encode(), write_to=str(out / f"sheet-{page + 1:02d}.pdf"))
        written.append(f"{pages} print sheet(s) of 9 cards as SVG{' and PDF' if converter else ''}")
    print(f"wrote {' and '.join(written)} to {out}")
    return 0
