"""The packaging step of "Writing a fan expansion" works: installed, the example is found by entry point.

The page shows the example's own ``pyproject.toml`` (included from the file,
so it cannot differ). The test installs that folder with pip into a scratch
folder and asks a fresh Python process for ``Ruleset.standard(expansions=True)``.
Building uses the hatchling of this environment (no download), so the test
skips, saying so, where hatchling is not installed.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo.language import load_paths

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "fan-expansion.md"
EXAMPLE = ROOT / "examples" / "fan-expansion"


def test_the_page_shows_the_examples_own_pyproject_and_package() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert '--8<-- "examples/fan-expansion/pyproject.toml"' in text
    assert '--8<-- "examples/fan-expansion/castle_combo_byways/__init__.py"' in text


def test_the_example_declares_itself_under_the_castle_combo_expansions_group() -> None:
    pyproject = (EXAMPLE / "pyproject.toml").read_text(encoding="utf-8")
    assert '[project.entry-points."castle_combo.expansions"]' in pyproject
    assert 'byways = "castle_combo_byways"' in pyproject


@pytest.mark.skipif(importlib.util.find_spec("hatchling") is None, reason="hatchling is not installed here")
def test_the_installed_example_is_found_through_its_entry_point(tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(EXAMPLE, project, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "dist"))
    target = tmp_path / "site-packages"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-build-isolation", "--no-deps",
         "--target", str(target), str(project)],
        check=True, capture_output=True, timeout=300,
    )
    probe = "import castle_combo as cc; r = cc.Ruleset.standard(expansions=True); print(len(r), r.version)"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(target), *sys.path])}
    count, version = subprocess.run(
        [sys.executable, "-c", probe], env=env, cwd=tmp_path, capture_output=True, text=True, check=True
    ).stdout.split()
    assert int(count) == len(cc.Ruleset.standard()) + len(load_paths([EXAMPLE / "castle_combo_byways"]))
    assert version.startswith("base-1+byways.")
