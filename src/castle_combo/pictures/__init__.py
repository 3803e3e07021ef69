"""Pictures: cards, tableaux, the table and score sheets as SVG text.

Pure functions from values to pictures, like python-chess's ``chess.svg``
(see :mod:`castle_combo.pictures.svg`). The package sits among the
foundations and imports nothing else of castle-combo, so every layer can
show itself through it (a card in Jupyter, a state, a score sheet).
"""

from __future__ import annotations

from castle_combo.pictures.svg import (
    CARD_HEIGHT,
    CARD_WIDTH,
    CHANGED,
    CardLike,
    Cell,
    SeatPicture,
    TablePicture,
    badges,
    card,
    card_body,
    face_down,
    face_down_body,
    row,
    score_sheet,
    table,
    tableau,
)

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "CHANGED",
    "CardLike",
    "Cell",
    "SeatPicture",
    "TablePicture",
    "badges",
    "card",
    "card_body",
    "face_down",
    "face_down_body",
    "row",
    "score_sheet",
    "table",
    "tableau",
]
