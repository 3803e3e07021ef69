"""The Python API page names exactly what the package exports, and documents modules that exist."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

import castle_combo as cc

PAGE = Path(__file__).resolve().parents[1] / "docs" / "api.md"
TEXT = PAGE.read_text(encoding="utf-8")


def export_table_names() -> set[str]:
    """The names in the first column of the page's table of exports."""
    section = TEXT.split("## What `castle_combo` exports", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {name for row in rows for name in re.findall(r"`([A-Za-z_]+)`", row.split(" | ")[0])}


def test_the_export_table_lists_every_name_in_castle_combo_all() -> None:
    assert set(cc.__all__) - export_table_names() == set()


def test_the_export_table_lists_nothing_the_package_does_not_export() -> None:
    assert export_table_names() - set(cc.__all__) == set()


DIRECTIVES = re.findall(r"^::: ([\w.]+)$", TEXT, re.MULTILINE)


@pytest.mark.parametrize("module", DIRECTIVES)
def test_every_reference_directive_names_an_importable_module(module: str) -> None:
    assert importlib.import_module(module).__doc__


def test_the_reference_covers_the_public_modules_of_the_design() -> None:
    for module in ("castle_combo", "castle_combo.model", "castle_combo.ruleset", "castle_combo.dsl",
                   "castle_combo.state", "castle_combo.rules", "castle_combo.scoring",
                   "castle_combo.serialize", "castle_combo.agents"):
        assert module in DIRECTIVES
