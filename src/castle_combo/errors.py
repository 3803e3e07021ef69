"""The error family of castle-combo, every class in one place.

Every mistake a user can make (a card file, a record, a scenario, an action,
a bot name, a command-line option) raises a subclass of
:class:`CastleComboError`, so a caller can catch one type and a command-line
tool can print the message without a traceback. The classes are also
``ValueError`` subclasses, like python-chess's ``InvalidMoveError``: bad input
is a bad value. The modules that raise them re-export them where they have
always been importable (``castle_combo.bots.registry.UnknownAgentError``, ...).
One class here is no bad input, so ``__all__`` (the errors a user can cause)
leaves it out: :class:`SimulationInterrupted`, Ctrl-C during a simulation, a
``KeyboardInterrupt`` that carries the games played so far.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = [
    "CastleComboError",
    "CardSyntaxError",
    "CardValidationError",
    "RulesetError",
    "IllegalAction",
    "RecordError",
    "ScenarioError",
    "GameNotOver",
    "CardProblems",
    "CardSyntaxProblems",
    "UnknownAgentError",
    "SimulationError",
    "BackendError",
    "EncodingError",
    "RenderError",
    "SaveError",
    "PlayError",
    "BadInput",
    "WorkshopError",
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


class CardProblems(CardValidationError):
    """Every problem found in card files: ``messages`` holds each rendered message.

    ``str(error)`` is all the messages, separated by blank lines, so a caller
    that only prints the error still shows everything.
    """

    def __init__(self, messages: Iterable[str]) -> None:
        self.messages: tuple[str, ...] = tuple(messages)
        count = len(self.messages)
        summary = f"{count} problem{'s' if count != 1 else ''} in card files"
        super().__init__("\n\n".join(self.messages) if self.messages else summary)


class CardSyntaxProblems(CardProblems, CardSyntaxError):
    """Every problem found in a card file, one of them a syntax error at least.

    The card language reads past a syntax error (at the next card), so one
    file may hold several syntax errors and other problems: this error is
    both a :class:`CardProblems` (``messages`` holds each) and a
    :class:`CardSyntaxError`, so code that catches either still catches it.
    """


class UnknownAgentError(CastleComboError):
    """A bot spec names no known bot, or gives a budget the bot cannot use."""


class SimulationError(CastleComboError):
    """A simulation was asked for something impossible (a bad player or game count)."""


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C during a simulation: the workers are stopped and ``partial`` holds the games finished so far.

    ``partial`` is a :class:`castle_combo.bots.simulate.SimulationResult`
    (this module comes before the bots, so it names no type of theirs). An
    interruption, not bad input: a ``KeyboardInterrupt``, so code that stops on
    Ctrl-C stops on it. Also importable from :mod:`castle_combo.bots.simulate`.
    """

    def __init__(self, partial: Any) -> None:
        super().__init__(f"interrupted after {partial.games} games")
        self.partial = partial


class BackendError(CastleComboError):
    """A backend cannot run: Ray is missing, its cluster cannot be reached, or a worker failed."""


class EncodingError(CastleComboError):
    """An integer that is no action of this space, or an action it cannot encode."""


class RenderError(CastleComboError):
    """A picture could not be made (a missing extra, an unusable output folder)."""


class SaveError(CastleComboError):
    """The game's record could not be written where ``--save`` asked."""


class PlayError(CastleComboError):
    """The game cannot be set up as asked (seat or player count out of range)."""


class BadInput(CastleComboError):
    """A line that is neither a command nor one of the legal moves; the message is the hint."""


class WorkshopError(CastleComboError):
    """A request of the Card Workshop page that cannot be met (a bad option or file name, a broken link)."""
