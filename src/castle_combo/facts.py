"""The numbers of the game itself, declared once: players, cards, rows, supplies.

Every module that needs one of these facts imports it from here (the rules,
set-up, scoring, the simulator, the command line), so a fact cannot be
written twice and drift. They are the rules page's "Components and setup"
and "A turn".
"""

from __future__ import annotations

__all__ = [
    "CARDS_PER_PLAYER",
    "FACE_DOWN_GOLD",
    "FACE_DOWN_KEYS",
    "GRID",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "ROW_SIZE",
    "STARTING_GOLD",
    "STARTING_KEYS",
]

#: Players at the table.
MIN_PLAYERS = 2
MAX_PLAYERS = 5
#: Every player ends with a full 3x3 tableau of this many cards.
CARDS_PER_PLAYER = 9
#: The side of the finished grid.
GRID = 3
#: Cards in a full row.
ROW_SIZE = 3
#: What every player starts with.
STARTING_GOLD = 15
STARTING_KEYS = 2
#: What taking a card face down pays at once.
FACE_DOWN_GOLD = 6
FACE_DOWN_KEYS = 2
