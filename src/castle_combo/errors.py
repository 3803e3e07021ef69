"""The error family of castle-combo.

Every mistake a user can make (a card file, a record, a scenario, an action)
raises a subclass of :class:`CastleComboError`, so a caller can catch one
type and a command-line tool can print the message without a traceback.
The classes are also ``ValueError`` subclasses, like python-chess's
``InvalidMoveError``: bad input is a bad value.
"""

from __future__ import annotations

__all__ = [
    "CastleComboError",
    "CardSyntaxError",
    "CardValidationError",
    "RulesetError",
    "IllegalAction",
    "RecordError",
    "ScenarioError",
    "GameNotOver",
]


class CastleComboError(ValueError):
    """Base class of every error castle-combo raises for bad input."""


class CardSyntaxError(CastleComboError):
    """A card file does not follow the card language's grammar."""


class CardValidationError(CastleComboError):
    """A card file parses, but a card in it makes no sense (or two clash)."""


class RulesetError(CastleComboError):
    """A ruleset cannot be built (missing files, clashing names, unknown card)."""


class IllegalAction(CastleComboError):
    """An action is not legal in the current state; the state is untouched."""


class RecordError(CastleComboError):
    """A game record or saved state is corrupt, foreign or inconsistent."""


class ScenarioError(CastleComboError):
    """A score scenario (one finished tableau) is malformed."""


class GameNotOver(CastleComboError):
    """Final scores were asked of a game that has not ended."""
