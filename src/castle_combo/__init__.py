"""castle-combo: the complete rules of the card game Castle Combo.

Cards are data written in the card language (``.ccl`` files), parsed into the
frozen objects of :mod:`castle_combo.model`; an immutable game-state core
evaluates them behind the public API re-exported here.
"""

from __future__ import annotations

from castle_combo.actions import (
    Action,
    Activate,
    Choose,
    Discard,
    DiscardRow,
    KeyUse,
    Pass,
    Take,
    Unlock,
    UseKey,
    action_from_json,
)
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
from castle_combo.game import new_game
from castle_combo.model import Card, Deck, Shield
from castle_combo.ruleset import Ruleset
from castle_combo.scoring import Result, ScoreSheet, score_tableau
from castle_combo.serialize import dumps, loads, replay
from castle_combo.state import GameState, Phase, PlayerState

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
    "Ruleset",
    "new_game",
    "GameState",
    "PlayerState",
    "Phase",
    "Action",
    "UseKey",
    "KeyUse",
    "Take",
    "Choose",
    "Discard",
    "Unlock",
    "Pass",
    "DiscardRow",
    "Activate",
    "action_from_json",
    "ScoreSheet",
    "Result",
    "score_tableau",
    "dumps",
    "loads",
    "replay",
]
