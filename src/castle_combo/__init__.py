"""castle-combo: the complete rules of the card game Castle Combo.

Cards are data written in the card language (``.ccl`` files), parsed into the
frozen objects of :mod:`castle_combo.model`; an immutable game-state core
evaluates them behind the public API re-exported here.
"""

from __future__ import annotations

from castle_combo.errors import (
    CardSyntaxError,
    CardValidationError,
    CastleComboError,
    GameNotOver,
    IllegalAction,
    RecordError,
    RulesetError,
    ScenarioError,
)
from castle_combo.model import Card, Deck, Shield

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "Card",
    "Deck",
    "Shield",
    "CastleComboError",
    "CardSyntaxError",
    "CardValidationError",
    "RulesetError",
    "IllegalAction",
    "RecordError",
    "ScenarioError",
    "GameNotOver",
]
