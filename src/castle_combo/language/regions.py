"""Named regions of the final 3x3 grid, as the card language writes them.

A region drawn as a mask and the same cells written by name are one region:
:func:`region_of` names any set of cells that is a named region, so a card
equals its canonical formatting whichever way it was written.
"""

from __future__ import annotations

from castle_combo.language.model import NAMED_REGIONS, Region, Source

__all__ = ["region_of", "REGION_ALIASES"]

#: Other ways of writing a region's name, and the canonical name they mean.
REGION_ALIASES = {"corner": "a corner", "the centre": "the center"}


def region_of(cells: frozenset[tuple[int, int]], source: Source | None = None) -> Region:
    """The region of ``cells``, named when the cells are exactly a named region.

    Drawing the four corners as a mask and writing ``a corner`` give the same
    region, so a card equals its canonical formatting either way.
    """
    name = next((name for name, named in NAMED_REGIONS.items() if named == cells), None)
    return Region(cells, name, source=source)
