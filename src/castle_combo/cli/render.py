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
import hashlib
import os
import re
import sys
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from castle_combo import pictures
from castle_combo.cli._help import HelpFormatter, examples
from castle_combo.cli._ruleset_options import add_ruleset_options
from castle_combo.errors import RenderError
from castle_combo.files import write_file
from castle_combo.language import load_paths
from castle_combo.language.model import Card, Deck
from castle_combo.language.ruleset import Ruleset
from castle_combo.pictures import sheets

__all__ = ["file_names", "groups", "register", "run"]

#: PNG width of one card: 63 mm at 300 dots per inch.
PNG_WIDTH = 744


def register(subparsers: Any) -> None:
    """Add the ``render`` subcommand."""
    parser = subparsers.add_parser(
        "render",
        formatter_class=HelpFormatter,
        epilog=examples(
            ("castle-combo render my_cards/ --out pictures/",
             "each card of the folder as pictures/<card-name>.svg"),
            ("castle-combo render --expansion out-of-the-oubliette --out print/ --sheets",
             "print/out-of-the-oubliette.pdf: 9 cards a page, fronts then their backs"),
            ("castle-combo render --out print/ --sheets --paper letter --png",
             "print/base-castle.pdf and base-village.pdf on US Letter, and card PNGs"),
        ),
        help="draw cards as SVG (and PNG) files and print-and-play sheets",
        description=(
            "Draw each card of the given .ccl files or folders (or, with no path, the standard cards, or "
            "an --expansion's cards) as an SVG file in --out; --png adds PNG files at print resolution and "
            "--sheets print-and-play sheets: one PDF per deck, expansion or path, nine cards to a page at "
            "their true size, each page of fronts followed by its backs. PNG and PDF need "
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
    parser.add_argument("--overwrite", action="store_true", help="replace pictures an earlier run left in DIR")
    add_ruleset_options(parser)
    parser.set_defaults(run=run)


def slug(name: str) -> str:
    """A file name for a card: lower case ASCII words joined by hyphens ("His Majesty" -> "his-majesty")."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-") or "card"


#: The longest file name (before ".svg") a card gets: far below every file system's limit of 255 bytes.
MAX_STEM = 100


def _digest(name: str) -> str:
    return hashlib.sha256(name.encode("utf-8")).hexdigest()[:8]


def file_names(cards: Sequence[Card], taken: Iterable[str] = ()) -> list[str]:
    """One file name (without extension) per card: its slug, made unique and short enough for any file system.

    Two names can give one slug ("Nun" and "NUN!", or accents dropped), and
    a slug can equal a name already ``taken`` (a print sheet's): the later
    card's slug then gets a short digest of its full name. A slug longer than
    :data:`MAX_STEM` is cut, with the digest added so that two long names
    sharing a beginning stay apart.
    """
    used = set(taken)
    out = []
    for card in cards:
        out.append(_unique(slug(card.name), _digest(card.name), used))
    return out


def _unique(stem: str, digest: str, used: set[str]) -> str:
    """``stem`` cut to :data:`MAX_STEM` and kept apart from the names ``used`` (then added to them)."""
    if len(stem) > MAX_STEM or stem in used:
        stem = f"{stem[:MAX_STEM - 9].rstrip('-')}-{digest}"
    base, number = stem, 2
    while stem in used:  # the same name twice (a card given in two files)
        stem, number = f"{base}-{number}", number + 1
    used.add(stem)
    return stem


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
    printer = converter
    if args.sheets and printer is None:
        try:
            printer = _cairosvg()
        except RenderError:
            print("note: without cairosvg the sheets are SVG pages, not PDF (pip install "
                  "'castle-combo[pictures]' adds PDF)", file=sys.stderr)
    # Every file name first, all different (two paths of one name, a card named like a sheet), so that
    # nothing is written over anything, nor anything written at all when the folder holds one already.
    documents: list[tuple[str, list[str]]] = []
    used: set[str] = set()
    for name, title, some in grouped if args.sheets else ():
        stem = _unique(slug(name), _digest(title + name), used)
        pages = sheets.pages(some, title, args.paper, args.crop_marks)
        if printer is None:
            used.update(f"{stem}-{n // 2 + 1:02d}-{'back' if n % 2 else 'front'}" for n in range(len(pages)))
        documents.append((stem, pages))
    names = file_names(cards, taken=used)
    outputs = [f"{name}.svg" for name in names] + [f"{name}.png" for name in names if converter is not None]
    for stem, pages in documents:
        outputs += [f"{stem}.pdf"] if printer is not None else [
            f"{stem}-{n // 2 + 1:02d}-{'back' if n % 2 else 'front'}.svg" for n in range(len(pages))]
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise RenderError(f"cannot make the folder {out}: {error.strerror or error}") from None
    existing = [name for name in outputs if os.path.lexists(out / name)]
    if existing and not args.overwrite:
        raise RenderError(f"{out} already holds {len(existing)} of the files to write ({', '.join(existing[:3])}"
                          f"{', ...' if len(existing) > 3 else ''}); give --overwrite to replace them, or choose "
                          "another folder")

    def write(name: str, data: str | bytes) -> None:
        write_file(out / name, data, RenderError, overwrite=args.overwrite)

    for card, name in zip(cards, names, strict=True):
        picture = pictures.card(card)
        write(f"{name}.svg", picture)
        if converter is not None:
            write(f"{name}.png", converter.svg2png(bytestring=picture.encode(), output_width=PNG_WIDTH))
    written = [f"{len(cards)} card(s) as SVG{' and PNG' if converter else ''}"]
    if args.sheets:
        listed = []
        for stem, pages in documents:
            if printer is not None:
                write(f"{stem}.pdf", sheets.pdf_bytes(pages))
                listed.append(f"{stem}.pdf")
                continue
            for n, page in enumerate(pages):
                write(f"{stem}-{n // 2 + 1:02d}-{'back' if n % 2 else 'front'}.svg", page)
            listed.append(f"{stem}-*.svg")
        written.append(f"print-and-play sheets ({args.paper}, fronts and backs): {', '.join(listed)}")
    print(f"wrote {' and '.join(written)} to {out}")
    return 0
