"""Where castle-combo's own card files lie: the one place both the loader and the ruleset ask.

The loader names a bundled card by its place in the package (a clash with a
standard card, on any machine), and the ruleset reads the standard cards
from there; neither imports the other for it.
"""

from __future__ import annotations

from pathlib import Path

from castle_combo.errors import RulesetError

__all__ = ["bundled_cards_folder"]


def bundled_cards_folder() -> Path:
    """The folder of the 78 base ``.ccl`` files: inside the installed package, else the repository's.

    A wheel ships them as ``castle_combo/cards`` beside this sub-package (checked
    first, as it costs nothing); a package loaded some other way is asked
    through :mod:`importlib.resources`; an editable or in-tree install reads
    the repository's top-level ``cards/`` folder.
    """
    beside = Path(__file__).resolve().parents[1] / "cards"
    if beside.is_dir():
        return beside
    import importlib.resources  # only for unusual installs: importing it costs ~8 ms

    packaged = Path(str(importlib.resources.files("castle_combo"))) / "cards"
    if packaged.is_dir():
        return packaged
    in_tree = Path(__file__).resolve().parents[3] / "cards"
    if in_tree.is_dir():
        return in_tree
    raise RulesetError(f"the bundled cards are missing (looked in {packaged} and {in_tree})\n"
                       "hint: reinstall castle-combo")
