"""The documentation site builds with ``mkdocs build --strict``, and its generated pages are complete.

The site is built once per test session into a temporary folder (about ten
seconds). The checks then read the built HTML as a visitor would: a gallery
entry for every card, the grammar included verbatim, the real ``--help`` of
every subcommand. The tests skip, saying why, only when the ``docs`` extra
(mkdocs, mkdocs-material, mkdocstrings) is not installed.
"""

from __future__ import annotations

import html
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo.cli import COMMANDS

ROOT = Path(__file__).resolve().parents[1]
DOCS_EXTRA = ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers.python")

pytestmark = pytest.mark.skipif(
    any(importlib.util.find_spec(name.split(".")[0]) is None for name in DOCS_EXTRA),
    reason="the docs extra is not installed: pip install -e '.[docs]'",
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built from this checkout with ``mkdocs build --strict``."""
    out = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(ROOT / "mkdocs.yml"),
         "--site-dir", str(out)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout
    return out


def page_text(site: Path, page: str) -> str:
    """The visible text of a built page: tags removed, entities decoded, whitespace kept."""
    raw = (site / page / "index.html").read_text(encoding="utf-8")
    return html.unescape(re.sub(r"<[^>]+>", "", raw))


def anchors(site: Path, page: str) -> set[str]:
    raw = (site / page / "index.html").read_text(encoding="utf-8")
    return set(re.findall(r'\bid="([^"]+)"', raw))


def card_anchor(name: str) -> str:
    """The gallery's anchor for a card, as documented on the gallery page."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def test_the_site_builds_strictly_with_every_page_of_the_nav(site: Path) -> None:
    for page in ("rules", "card-language", "gallery", "fan-expansion", "cli", "api", "performance", "design"):
        assert (site / page / "index.html").is_file(), page


def test_the_gallery_has_a_heading_with_an_anchor_for_each_of_the_78_cards(site: Path) -> None:
    names = cc.Ruleset.standard().names
    assert len(names) == 78
    found = anchors(site, "gallery")
    assert [name for name in names if card_anchor(name) not in found] == []


def test_the_gallery_anchors_are_distinct_per_card() -> None:
    names = cc.Ruleset.standard().names
    assert len({card_anchor(name) for name in names}) == len(names)


def test_the_gallery_shows_each_cards_english_text_and_ccl_source(site: Path) -> None:
    from castle_combo.language import format_card

    text = page_text(site, "gallery")
    for card in cc.Ruleset.standard():
        assert format_card(card).strip() in text, card.name
        for rule in card.scoring:
            assert rule.describe() in text, card.name


def test_the_gallery_shield_table_matches_the_rulebook_distribution(site: Path) -> None:
    text = page_text(site, "gallery")
    assert re.search(r"castle\s+14\s+12\s+11\s+8\s+7\s+0\s+39", text)
    assert re.search(r"village\s+1\s+5\s+6\s+10\s+11\s+20\s+39", text)


def test_the_card_language_page_includes_the_grammar_verbatim(site: Path) -> None:
    grammar = (ROOT / "src" / "castle_combo" / "language" / "ccl.lark").read_text(encoding="utf-8")
    assert grammar.strip() in page_text(site, "card-language")


def test_the_cli_reference_shows_the_real_help_of_every_subcommand(site: Path) -> None:
    text = page_text(site, "cli")
    env = {**os.environ, "COLUMNS": "88"}
    for command in ("", *COMMANDS):
        argv = [command, "--help"] if command else ["--help"]
        real = subprocess.run(
            [sys.executable, "-m", "castle_combo.cli", *argv],
            env=env, stdout=subprocess.PIPE, text=True, check=True,
        ).stdout.strip()
        assert real in text, f"castle-combo {command} --help"


def test_the_api_reference_renders_the_public_docstrings(site: Path) -> None:
    text = page_text(site, "api")
    assert cc.Ruleset.standard.__doc__ is not None
    assert cc.Ruleset.standard.__doc__.strip().splitlines()[0] in text
    assert "castle_combo.language.model.Card" in text


def test_no_page_asks_another_host_for_fonts_or_scripts(site: Path) -> None:
    """theme.font is false, and the Workshop's files are all in the site: it works with no network."""
    for page in site.rglob("*.html"):
        raw = page.read_text(encoding="utf-8")
        assert "fonts.googleapis.com" not in raw and "fonts.gstatic.com" not in raw, page
        assert not re.search(r'<script[^>]+src="(https?:)?//', raw), page


def test_the_workshop_page_ships_its_runtime_wheels_and_scripts(site: Path) -> None:
    import json

    folder = site / "workshop"
    assert (folder / "index.html").is_file()
    for name in ("assets/workshop.js", "assets/balance-worker.js", "assets/workshop.css", "pyodide/pyodide.mjs",
                 "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"):
        assert (folder / name).is_file(), name
    manifest = json.loads((folder / "python" / "manifest.json").read_text(encoding="utf-8"))
    for name in (*manifest["wheels"], manifest["warm"]):
        assert (folder / "python" / name).is_file(), name
    assert manifest["wheels"][0] == f"castle_combo-{cc.__version__}-py3-none-any.whl"
    assert not any(name.startswith(("rich-", "pygments-", "textual-")) for name in manifest["wheels"])
    assert manifest["example"] == (ROOT / "workshop" / "example.ccl").read_text(encoding="utf-8")
