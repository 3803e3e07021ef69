"""``castle-combo render``: cards as pictures, for fans who write cards and want to see them.

``castle-combo render my_cards/ --out pictures/`` draws each card of the
given files or folders as ``pictures/<card-name>.svg``; with no path it draws
the standard set, or with ``--expansion NAME`` that expansion's cards.
``--png`` adds a PNG of each card at print resolution and ``--sheets`` writes
print-and-play sheets (:mod:`castle_combo.pictures.sheets`): one PDF per deck
of the standard set (``base-castle.pdf``, ``base-village.pdf``), per
expansion (``out-of-the-oubliette.pdf``) or per path given (``my-cards.pdf``),
nine cards to a page at their true size (63 x 88 mm) on A4 or, with
``--paper letter``, US Letter, each page of fronts followed by its backs,
mirrored for long-edge duplex printing, with crop marks (``--no-crop-marks``
leaves them out). PNG and PDF need the optional extra
``castle-combo[pictures]`` (cairosvg, which draws SVG with Cairo); without it
``--sheets`` writes each page as an SVG file instead.
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
from castle_combo.language.model import Card, Deck
from castle_combo.language.ruleset import Ruleset
from castle_combo.pictures import sheets

__all__ = ["register", "run", "groups"]

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
    parser.add_argument("--sheets", action="store_true",
                        help="also write print-and-play sheets: one PDF per deck or expansion, 9 cards to a page "
                             "at 63 x 88 mm, each page of fronts followed by its backs for long-edge duplex")
    parser.add_argument("--paper", choices=sorted(sheets.PAPERS), default="a4",
                        help="the paper of the sheets (default a4)")
    parser.add_argument("--no-crop-marks", dest="crop_marks", action="store_false",
                        help="leave the crop marks off the sheets")
    add_ruleset_options(parser)
    parser.set_defaults(run=run)


def slug(name: str) -> str:
    """A file name for a card: lower case ASCII words joined by hyphens ("His Majesty" -> "his-majesty")."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-") or "card"


def groups(args: argparse.Namespace) -> list[tuple[str, str, tuple[Card, ...]]]:
    """The cards to draw, grouped as the sheets print them: (file name, title, cards) per group.

    The paths given, one group each; else each ``--expansion`` and each
    ``--cards`` path, one group each, with only the cards they add; else the
    standard set, one group per deck.
    """
    if args.paths:
        return [(_name(path), _title(path), load_paths([path])) for path in args.paths]
    standard = Ruleset.standard()
    if not (args.expansions or args.cards):
        return [(f"base-{deck.value}", f"the {deck.value} deck", tuple(standard.deck(deck))) for deck in Deck]
    out = []
    rules = standard
    for name in args.expansions:
        before = set(rules.names)
        rules = rules.with_expansion(name)
        out.append((slug(name), name, tuple(card for card in rules.cards if card.name not in before)))
    for path in args.cards:
        before = set(rules.names)
        rules = rules.extend([path])
        out.append((_name(path), _title(path), tuple(card for card in rules.cards if card.name not in before)))
    return out


def _title(path: str) -> str:
    """What a path of cards is called: the file or folder, or the folder holding a folder named cards."""
    where = Path(path).resolve()
    return where.parent.name if where.name.lower() == "cards" and where.parent.name else where.name


def _name(path: str) -> str:
    """The sheets' file name for a path of cards: ``my_cards/`` -> ``my-cards``."""
    return slug(Path(_title(path)).stem)


def _cairosvg() -> Any:
    try:
        import cairosvg  # type: ignore[import-untyped]
    except (ImportError, OSError) as error:  # OSError: the Cairo library itself is missing
        raise RenderError(f"PNG and PDF pictures need cairosvg ({error}); install them with "
                          "pip install 'castle-combo[pictures]', or leave out --png") from None
    return cairosvg


def run(args: argparse.Namespace) -> int:
    """Draw the cards; 0 on success."""
    grouped = groups(args)
    cards = tuple(card for _, _, some in grouped for card in some)
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
                print("note: without cairosvg the sheets are SVG pages, not PDF (pip install "
                      "'castle-combo[pictures]' adds PDF)", file=sys.stderr)
        documents = []
        for name, title, some in grouped:
            pages = sheets.pages(some, title, args.paper, args.crop_marks)
            if converter is not None:
                sheets.write_pdf(pages, out / f"{name}.pdf")
                documents.append(f"{name}.pdf")
                continue
            for n, page in enumerate(pages):
                side = "back" if n % 2 else "front"
                (out / f"{name}-{n // 2 + 1:02d}-{side}.svg").write_text(page, encoding="utf-8")
            documents.append(f"{name}-*.svg")
        written.append(f"print-and-play sheets ({args.paper}, fronts and backs): {', '.join(documents)}")
    print(f"wrote {' and '.join(written)} to {out}")
    return 0
