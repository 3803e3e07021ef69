"""castle-combo: the complete rules of the card game Castle Combo.

Cards are data written in the card language (``.ccl`` files), parsed into the
frozen objects of :mod:`castle_combo.language.model`; an immutable game-state core
evaluates them behind the public API re-exported here.
"""

from __future__ import annotations

from castle_combo import _moved
from castle_combo.engine.actions import (
    Action,
    Activate,
    Arrange,
    Choose,
    Discard,
    DiscardRow,
    KeyUse,
    Pass,
    Reserve,
    ReturnCard,
    Reveal,
    SwapCard,
    Take,
    TakeReserved,
    Times,
    Unlock,
    UseKey,
    action_from_json,
)
from castle_combo.engine.counting import Placed
from castle_combo.engine.game import new_game
from castle_combo.engine.scoring import Result, ScoreSheet, score_tableau
from castle_combo.engine.state import GameState, Phase, PlayerState
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
from castle_combo.language.model import Card, Deck, Shield
from castle_combo.language.ruleset import Ruleset
from castle_combo.records.serialize import dumps, loads, replay

__version__ = "0.2.0.dev0"

_moved.install()

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
    "Placed",
    "Phase",
    "Action",
    "UseKey",
    "KeyUse",
    "Take",
    "Choose",
    "Discard",
    "Unlock",
    "Pass",
    "Reveal",
    "SwapCard",
    "Reserve",
    "ReturnCard",
    "TakeReserved",
    "Times",
    "DiscardRow",
    "Activate",
    "Arrange",
    "action_from_json",
    "ScoreSheet",
    "Result",
    "score_tableau",
    "dumps",
    "loads",
    "replay",
]
