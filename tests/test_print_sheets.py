"""Print and play: nine cards a page at true size, butted, bled on the outer edges, crop marks, mirrored backs."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo.errors import RenderError
from castle_combo.pictures import sheets

SVG = "{http://www.w3.org/2000/svg}"
RULES = cc.Ruleset.standard()


def cells(page: str) -> list[tuple[float, float]]:
    """The top left corner (mm) of each card drawn on a page, in drawing order."""
    found = re.findall(r'transform="translate\(([\d.]+),([\d.]+)\) scale\(([\d.]+),([\d.]+)\)"', page)
    return [(float(x), float(y)) for x, y, _, _ in found]


def frames(page: str) -> list[tuple[float, float, float, float]]:
    """Each card's frame rectangle (x, y, width, height in mm): the card's cell and its bleed."""
    root = ET.fromstring(page)
    return [(float(r.get("x", 0)), float(r.get("y", 0)), float(r.get("width", 0)), float(r.get("height", 0)))
            for r in root.findall(f"{SVG}rect")[1:]]


@pytest.mark.parametrize("paper, size", [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_nine_cards_a_page_at_true_size_butted_and_centred(paper: str, size: tuple[float, float]) -> None:
    pages = sheets.pages(RULES.cards[:20], "test", paper)
    assert len(pages) == 2 * 3  # 20 cards: three sheets, each a page of fronts and a page of backs
    root = ET.fromstring(pages[0])
    assert (root.get("width"), root.get("height")) == (f"{size[0]:g}mm", f"{size[1]:g}mm")
    corners = cells(pages[0])
    assert len(corners) == 9
    xs, ys = sorted({x for x, _ in corners}), sorted({y for _, y in corners})
    assert [round(b - a, 6) for a, b in zip(xs, xs[1:], strict=False)] == [63.0, 63.0]  # butted: one cut between two cards
    assert [round(b - a, 6) for a, b in zip(ys, ys[1:], strict=False)] == [88.0, 88.0]
    assert xs[0] == pytest.approx((size[0] - 3 * 63) / 2) and ys[0] == pytest.approx((size[1] - 3 * 88) / 2)
    assert re.search(r'scale\(0\.42,0\.419048\)', pages[0])  # a 150x210 card drawn 63x88 mm


def test_the_bleed_is_on_the_outer_edges_only() -> None:
    page = sheets.pages(RULES.cards[:9], "test")[0]
    left, top = (210 - 189) / 2, (297 - 264) / 2
    for (x, y, w, h), (cx, cy) in zip(frames(page), cells(page), strict=True):
        col, row = round((cx - left) / 63), round((cy - top) / 88)
        assert x == pytest.approx(cx - (3 if col == 0 else 0)) and y == pytest.approx(cy - (3 if row == 0 else 0))
        assert w == pytest.approx(63 + (3 if col in (0, 2) else 0)) and h == pytest.approx(88 + (3 if row in (0, 2) else 0))


def test_crop_marks_lie_on_the_cutting_lines_outside_the_grid_and_its_bleed() -> None:
    for paper, (width, height) in sheets.PAPERS.items():
        page = sheets.pages(RULES.cards[:9], "test", paper)[0]
        left, top = (width - 189) / 2, (height - 264) / 2
        cuts_x = {round(left + 63 * k, 6) for k in range(4)}
        cuts_y = {round(top + 88 * k, 6) for k in range(4)}
        lines = ET.fromstring(page).findall(f"{SVG}line")
        assert len(lines) == 16
        for line in lines:
            x1, y1, x2, y2 = (float(line.get(a, 0)) for a in ("x1", "y1", "x2", "y2"))
            if x1 == x2:  # a vertical mark above or below the grid
                assert round(x1, 6) in cuts_x and (max(y1, y2) <= top - 3 or min(y1, y2) >= top + 264 + 3)
            else:
                assert round(y1, 6) in cuts_y and (max(x1, x2) <= left - 3 or min(x1, x2) >= left + 189 + 3)
            assert min(x1, x2) >= 1 and max(x1, x2) <= width - 1 and min(y1, y2) >= 1 and max(y1, y2) <= height - 1
        unmarked = sheets.pages(RULES.cards[:9], "test", paper, crop_marks=False)[0]
        assert not ET.fromstring(unmarked).findall(f"{SVG}line")


def test_each_back_lands_behind_its_card_when_flipped_on_the_long_edge() -> None:
    some = RULES.cards[:5]
    fronts, backs = sheets.pages(some, "test")
    assert [x for x, _ in cells(backs)] == [210 - x - 63 for x, _ in cells(fronts)]  # mirrored left to right
    assert [y for _, y in cells(backs)] == [y for _, y in cells(fronts)]
    assert backs.count("back of a castle card") == sum(c.deck is cc.Deck.CASTLE for c in some)


def _pixels(ppm: bytes) -> tuple[int, int, bytes]:
    """Width, height and RGB bytes of a binary PPM (pdftoppm's output)."""
    head = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", ppm)
    assert head
    return int(head.group(1)), int(head.group(2)), ppm[head.end():]


def test_the_printed_pdf_has_fronts_then_mirrored_backs(tmp_path: Path) -> None:
    """The PDF rendered back to pixels (pdftoppm): the back of each card sits behind it, in its deck's colour."""
    if os.environ.get("CASTLE_COMBO_REQUIRE_EXTRAS") != "1":
        pytest.importorskip("cairosvg", reason="the pictures extra is not installed (pip install 'castle-combo[pictures]')")
        if shutil.which("pdftoppm") is None:
            pytest.skip("pdftoppm is not installed (apt-get install poppler-utils)")
    castle = next(c for c in RULES.cards if c.deck is cc.Deck.CASTLE)
    village = next(c for c in RULES.cards if c.deck is cc.Deck.VILLAGE)
    pdf = tmp_path / "two.pdf"
    sheets.write_pdf(sheets.pages([castle, village], "two cards"), pdf)
    subprocess.run(["pdftoppm", "-r", "20", str(pdf), str(tmp_path / "page")], check=True, timeout=60)
    front, back = (_pixels(p.read_bytes()) for p in sorted(tmp_path.glob("page-*.ppm")))

    def colour(page: tuple[int, int, bytes], col: int, row: int) -> tuple[int, ...]:
        width, height, data = page
        x = round(((210 - 189) / 2 + 63 * col + 31.5) / 210 * width)
        y = round(((297 - 264) / 2 + 88 * row + 80) / 297 * height)  # the card's bottom strip
        return tuple(data[(y * width + x) * 3:(y * width + x) * 3 + 3])

    blue, brown, white = (0x34, 0x50, 0x8A), (0x7A, 0x55, 0x26), (255, 255, 255)
    near = lambda a, b: all(abs(p - q) < 40 for p, q in zip(a, b, strict=True))  # noqa: E731
    assert near(colour(back, 2, 0), blue) and near(colour(back, 1, 0), brown) and near(colour(back, 0, 0), white)
    assert colour(front, 0, 0) != white and colour(front, 2, 0) == white  # a card, then an empty place


def test_the_games_name_on_a_back_stays_inside_the_dashed_frame(tmp_path: Path) -> None:
    """A back printed and rendered to pixels: the white of "Castle Combo" lies inside the dashed inner frame."""
    if os.environ.get("CASTLE_COMBO_REQUIRE_EXTRAS") != "1":
        pytest.importorskip("cairosvg", reason="the pictures extra is not installed (pip install 'castle-combo[pictures]')")
        if shutil.which("pdftoppm") is None:
            pytest.skip("pdftoppm is not installed (apt-get install poppler-utils)")
    dashed = re.search(r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^>]*stroke-dasharray', sheets.back_body("castle"))
    assert dashed
    inside = (float(dashed.group(1)), float(dashed.group(1)) + float(dashed.group(2)))  # in the card's 150 units
    for deck in cc.Deck:
        card = next(c for c in RULES.cards if c.deck is deck)
        pdf = tmp_path / f"{deck.value}.pdf"
        sheets.write_pdf(sheets.pages([card], "one card"), pdf)
        subprocess.run(["pdftoppm", "-r", "200", "-f", "2", "-l", "2", str(pdf), str(tmp_path / deck.value)],
                       check=True, timeout=60)
        width, height, data = _pixels(next(tmp_path.glob(f"{deck.value}-*.ppm")).read_bytes())
        per_mm = width / 210
        left = ((210 - 189) / 2 + 63 * 2) * per_mm  # the back of the first card: the rightmost place (mirrored)
        top = (297 - 264) / 2 * per_mm
        unit = 63 * per_mm / 150
        white = [x for y in range(round(top + 120 * unit), round(top + 150 * unit))
                 for x in range(round(left), round(left + 63 * per_mm))
                 if min(data[(y * width + x) * 3:(y * width + x) * 3 + 3]) > 225]
        assert white, "the game's name is not drawn"
        margin = 3 * unit  # clear of the frame, not touching it
        assert left + inside[0] * unit + margin < min(white) and max(white) < left + inside[1] * unit - margin, (
            deck, (min(white) - left) / unit, (max(white) - left) / unit)


def test_write_pdf_writes_through_the_one_atomic_writer_and_never_over_a_file_unasked(tmp_path: Path) -> None:
    """``sheets.write_pdf(pages, path)`` wrote the path directly and silently replaced a file; now as every writer."""
    if os.environ.get("CASTLE_COMBO_REQUIRE_EXTRAS") != "1":
        pytest.importorskip("cairosvg", reason="the pictures extra is not installed (pip install 'castle-combo[pictures]')")
    some = sheets.pages([next(c for c in RULES.cards if c.deck is cc.Deck.CASTLE)], "one card")
    printed = sheets.pdf_bytes(some)
    assert printed.startswith(b"%PDF") and printed.rstrip().endswith(b"%%EOF")
    target = tmp_path / "sheets.pdf"
    sheets.write_pdf(some, target)
    assert target.read_bytes().startswith(b"%PDF")
    target.write_bytes(b"keep me")
    with pytest.raises(RenderError, match="already exists; give --overwrite"):
        sheets.write_pdf(some, target)
    assert target.read_bytes() == b"keep me"
    sheets.write_pdf(some, str(target), overwrite=True)
    assert target.read_bytes().startswith(b"%PDF")
    with pytest.raises(RenderError, match="is a folder"):
        sheets.write_pdf(some, tmp_path, overwrite=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheets.pdf"]  # no temporary file left behind
    stream = io.BytesIO()
    sheets.write_pdf(some, stream)  # a stream is still written as it is
    assert stream.getvalue().startswith(b"%PDF")
    sheets.write_pdf([], tmp_path / "none.pdf")  # no pages: nothing written, as before
    assert not (tmp_path / "none.pdf").exists()
