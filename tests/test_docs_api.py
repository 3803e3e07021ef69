"""The Python API page names exactly what the package exports, and documents modules that exist."""

from __future__ import annotations

import importlib
import os
import re
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo.language.ruleset import EXPANSIONS_GROUP

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
    for module in ("castle_combo", "castle_combo.language.model", "castle_combo.language.ruleset", "castle_combo.language",
                   "castle_combo.engine.state", "castle_combo.engine.rules", "castle_combo.engine.scoring",
                   "castle_combo.records.serialize", "castle_combo.bots"):
        assert module in DIRECTIVES


DOCS = sorted((PAGE.parent).glob("*.md"))
DOTTED = re.compile(r"\b(?:castle_combo|cc)(?:\.[A-Za-z_]\w*)+")


def resolve(dotted: str) -> object:
    """The object a dotted name in the docs refers to (``cc.`` is ``castle_combo.``)."""
    parts = dotted.split(".")
    parts[0] = "castle_combo"
    obj: object = importlib.import_module("castle_combo")
    for i, part in enumerate(parts[1:], start=1):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            obj = importlib.import_module(".".join(parts[: i + 1]))
    return obj


# The entry-point group ``castle_combo.expansions`` looks like a module name but is not one.
REFERENCES = sorted(
    {(page.name, name) for page in DOCS for name in DOTTED.findall(page.read_text(encoding="utf-8"))}
    - {(page.name, EXPANSIONS_GROUP) for page in DOCS}
)


@pytest.mark.parametrize(("page", "name"), REFERENCES, ids=[f"{p}:{n}" for p, n in REFERENCES])
def test_every_dotted_name_the_docs_mention_exists(page: str, name: str) -> None:
    try:
        resolve(name)
    except ModuleNotFoundError as error:
        # A module of an optional extra (castle_combo.adapters.gymnasium needs gymnasium): it exists,
        # but cannot be imported here; with CASTLE_COMBO_REQUIRE_EXTRAS set (CI) that is a failure.
        if (error.name or "").startswith("castle_combo") or os.environ.get("CASTLE_COMBO_REQUIRE_EXTRAS") == "1":
            raise
        pytest.skip(f"{name} needs {error.name}, an optional extra that is not installed")


def test_the_entry_point_group_the_docs_name_is_the_one_rulesets_read() -> None:
    assert f'entry-points."{EXPANSIONS_GROUP}"' in (PAGE.parent.parent / "examples/fan-expansion/pyproject.toml").read_text()
    assert f"`{EXPANSIONS_GROUP}`" in (PAGE.parent / "fan-expansion.md").read_text(encoding="utf-8")
