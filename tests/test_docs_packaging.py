"""The packaging recipe of "Writing a fan expansion" works: installed, the example is found by entry point.

The test follows the page literally: it copies the example expansion, adds
the ``__init__.py`` and the ``pyproject.toml`` shown on the page, installs
the result with pip into a scratch folder and asks a fresh Python process
for ``Ruleset.standard(expansions=True)``. Building uses the hatchling of
this environment (no download), so the test skips, saying so, where
hatchling is not installed.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo.dsl import load_paths

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "fan-expansion.md"
EXAMPLE = ROOT / "examples" / "fan-expansion" / "castle_combo_byways"


def page_block(lang: str) -> str:
    """The only fenced block of ``lang`` on the fan-expansion page."""
    found = re.findall(rf"^```{lang}\n(.*?)^```$", PAGE.read_text(encoding="utf-8"), re.MULTILINE | re.DOTALL)
    assert len(found) == 1, f"expected one {lang} block on {PAGE.name}, found {len(found)}"
    return found[0]


def test_the_page_declares_the_expansion_under_the_castle_combo_expansions_group() -> None:
    assert '[project.entry-points."castle_combo.expansions"]' in page_block("toml")


@pytest.mark.skipif(importlib.util.find_spec("hatchling") is None, reason="hatchling is not installed here")
def test_the_packaged_example_is_found_through_its_entry_point(tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(EXAMPLE, project / EXAMPLE.name)
    (project / EXAMPLE.name / "__init__.py").write_text('"""Banners and Byways."""\n', encoding="utf-8")
    (project / "pyproject.toml").write_text(page_block("toml"), encoding="utf-8")
    target = tmp_path / "site-packages"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-build-isolation", "--no-deps",
         "--target", str(target), str(project)],
        check=True, capture_output=True, timeout=300,
    )
    probe = "import castle_combo as cc; r = cc.Ruleset.standard(expansions=True); print(len(r), r.version)"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(target), *sys.path])}
    out = subprocess.run(
        [sys.executable, "-c", probe], env=env, cwd=tmp_path, capture_output=True, text=True, check=True
    ).stdout.split()
    assert int(out[0]) == len(cc.Ruleset.standard()) + len(load_paths([EXAMPLE]))
    assert out[1].startswith("base-1+byways.")
