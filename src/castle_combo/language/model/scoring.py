"""Scoring rules: what a face-up card is worth at the end of the game, counted in its owner's final 3x3 grid."""

from __future__ import annotations

from typing import Any, Union

import attrs

from castle_combo.language import english
from castle_combo.language.model.base import (
    MAX_AMOUNT,
    SCORING,
    Problem,
    Shield,
    Source,
    out_of_range,
    source_field,
)
from castle_combo.language.model.conditions import Condition, PlacedIn, at_the_end
from castle_combo.language.model.counts import Per
from castle_combo.language.model.filters import HasShield
from castle_combo.language.model.refusals import REFUSALS

__all__ = ["ScoreAsAdjacent", "ScoreFixed", "ScoreForChosenShield", "ScoreIf", "ScorePer", "Scoring", "points_problems",
           "with_shield"]


def points_problems(points: int, source: Source | None) -> tuple[Problem, ...]:
    """Points out of range: 1 to 99, or a penalty of -1 to -99 (never 0, which scores nothing)."""
    if 1 <= abs(points) <= MAX_AMOUNT:
        return ()
    return (Problem(f"the number of points is {points}, outside the sensible ranges {-MAX_AMOUNT} to -1 and 1 to "
                    f"{MAX_AMOUNT}", f"use a number from 1 to {MAX_AMOUNT}, or from {-MAX_AMOUNT} to -1 for a penalty",
                    source),)


def _bound_problems(up_to: int | None, at_least: int | None, source: Source | None) -> tuple[Problem, ...]:
    found: tuple[Problem, ...] = ()
    if up_to is not None and at_least is not None and at_least > up_to:
        found += (Problem(f"the floor {at_least} is above the cap {up_to}", "make 'at least' at most 'up to'", source),)
    for value, word in ((up_to, "up to"), (at_least, "at least")):
        if value is not None and abs(value) > MAX_AMOUNT * MAX_AMOUNT:
            found += out_of_range(value, -MAX_AMOUNT * MAX_AMOUNT, MAX_AMOUNT * MAX_AMOUNT, f"the points '{word}'",
                                  source)
    return found


@attrs.frozen
class ScorePer:
    """Score ``points`` per counted thing (a negative number is a penalty).

    With ``times`` (``score 1 per faith card per castle card``) the points
    are per each of the first count for each of the second: the product of
    the two counts. The points are then raised to ``at_least`` and capped at
    ``up_to`` when given. With a ``condition`` (``score 2 per faith card if you have at least 3
    keys``) the rule scores only if it holds in the final position; when it
    does not, the rule scores 0 (its floor too).
    """

    points: int
    per: Per
    up_to: int | None = attrs.field(default=None, kw_only=True)
    at_least: int | None = attrs.field(default=None, kw_only=True)
    condition: Condition | None = attrs.field(default=None, kw_only=True)
    times: Per | None = attrs.field(default=None, kw_only=True)
    source: Source | None = source_field()

    def problems(self) -> tuple[Problem, ...]:
        """Points out of range, or a count (or a condition) that makes no sense in the final grid."""
        found = points_problems(self.points, self.source)
        found += _bound_problems(self.up_to, self.at_least, self.source) + self.per.problems(where=SCORING)
        if self.times is not None:
            found += self.times.problems(where=SCORING)
        if self.condition is not None:
            found += self.condition.problems(where=SCORING)
        return found

    def describe(self) -> str:
        """The rule as a sentence: "Score 3 per scholarship shield in this card's row."."""
        text = f"Score {self.points} per {at_the_end(self.per.describe())}"
        if self.times is not None:
            text += f", for {'every' if self.times.every > 1 else 'each'} {at_the_end(self.times.describe())}"
        if self.at_least is not None:
            text += f", at least {english.quantity(self.at_least, 'point')}"
        if self.up_to is not None:
            text += f", up to {english.quantity(self.up_to, 'point')}"
        if self.condition is not None:
            text += f", if {at_the_end(self.condition.describe())}"
        return english.sentence(text)

    def ccl(self, indent: str = "    ") -> str:
        text = f"score {self.points} per {self.per.ccl()}"
        if self.times is not None:
            text += f" per {self.times.ccl()}"
        if self.at_least is not None:
            text += f" at least {self.at_least}"
        if self.up_to is not None:
            text += f" up to {self.up_to}"
        if isinstance(self.condition, PlacedIn):
            text += f" if {self.condition.ccl(indent=indent)}"
        elif self.condition is not None:
            text += f" if {self.condition.ccl()}"
        return text


@attrs.frozen
class ScoreIf:
    """Score ``points`` if the condition holds (a negative number is a penalty)."""

    points: int
    condition: Condition
    source: Source | None = source_field()

    def problems(self) -> tuple[Problem, ...]:
        """Points out of range, or a condition that makes no sense."""
        return points_problems(self.points, self.source) + self.condition.problems(where=SCORING)

    def describe(self) -> str:
        """The rule as a sentence: "Score 4 if this card ends in a corner."."""
        return english.sentence(f"Score {self.points} if {at_the_end(self.condition.describe())}")

    def ccl(self, indent: str = "    ") -> str:
        if isinstance(self.condition, PlacedIn):
            return f"score {self.points} if {self.condition.ccl(indent=indent)}"
        return f"score {self.points} if {self.condition.ccl()}"


@attrs.frozen
class ScoreFixed:
    """Score ``points`` whatever the final grid (``score 5``); a negative number is a penalty (``score -8``).

    The points count once the card is face up in its owner's tableau, as
    every scoring rule: a face-down card scores nothing.
    """

    points: int
    source: Source | None = source_field()

    def problems(self) -> tuple[Problem, ...]:
        """Points out of range."""
        return points_problems(self.points, self.source)

    def describe(self) -> str:
        """The rule as a sentence: "Score 5 points." or "Lose 8 points at the end of the game."."""
        if self.points < 0:
            return english.sentence(f"Lose {english.quantity(-self.points, 'point')} at the end of the game")
        return english.sentence(f"Score {english.quantity(self.points, 'point')}")

    def ccl(self, indent: str = "    ") -> str:
        return f"score {self.points}"


@attrs.frozen
class ScoreAsAdjacent:
    """Score as one of the owner's face-up cards orthogonally next to this one, the best for the owner.

    The chosen card's scoring rules are counted as if they were printed on
    this card (its row, its column, its place, its own gold). A card that
    itself scores as an adjacent card cannot be copied, so copies never chain.
    """

    source: Source | None = source_field()

    def problems(self) -> tuple[Problem, ...]:
        """Nothing: with no card to copy the rule scores 0."""
        return ()

    def describe(self) -> str:
        """The rule as a sentence."""
        return english.sentence("Score as one of your cards next to this one (the best for you), "
                                "counted as if its scoring were printed on this card")

    def ccl(self, indent: str = "    ") -> str:
        return "score as an adjacent card"


def with_shield(node: Any, shield: Shield) -> Any:
    """``node`` (any part of the model) with every ``with that shield`` made ``with a SHIELD shield``."""
    if isinstance(node, HasShield) and node.chosen:
        return HasShield((shield,), source=node.source)
    if isinstance(node, tuple):
        return tuple(with_shield(item, shield) for item in node)
    if attrs.has(type(node)):
        changes = {}
        for field in attrs.fields(type(node)):
            if field.init and field.eq:
                value = getattr(node, field.name)
                new = with_shield(value, shield)
                if new is not value:
                    changes[field.alias or field.name] = new
        return attrs.evolve(node, **changes) if changes else node
    return node


def _mentions_that_shield(node: Any) -> bool:
    """Whether ``node`` says ``with that shield`` somewhere."""
    if isinstance(node, HasShield):
        return node.chosen
    if isinstance(node, tuple):
        return any(_mentions_that_shield(item) for item in node)
    if attrs.has(type(node)):
        return any(_mentions_that_shield(getattr(node, f.name)) for f in attrs.fields(type(node)) if f.eq)
    return False


@attrs.frozen
class ScoreForChosenShield:
    """A scoring rule for the shield type of the owner's choice: ``for the shield type of your choice: score 1 per
    card with that shield``.

    ``with that shield`` inside ``rule`` is a shield of the chosen type. A choice made at the end of the game is
    always the one that scores its owner most, so the rule scores the most of the six types' points
    (:meth:`for_shield` writes the rule with one type in its place).
    """

    rule: ScorePer | ScoreIf
    source: Source | None = source_field()

    def for_shield(self, shield: Shield) -> ScorePer | ScoreIf:
        """The rule with ``shield`` for "that shield"."""
        chosen: ScorePer | ScoreIf = with_shield(self.rule, shield)
        return chosen

    def problems(self) -> tuple[Problem, ...]:
        """The problems the rule has whatever type is chosen (one that only some types have is no problem: the
        best type is taken), and a rule that never says "that shield"."""
        found = REFUSALS.of(self, SCORING)
        if found:
            return found
        each = [self.for_shield(shield).problems() for shield in Shield]
        return tuple(problem for problem in each[0] if all(problem in others for others in each[1:]))

    def describe(self) -> str:
        """The rule as a sentence: "For the shield type of your choice (the best for you): score 1 per ..."."""
        inner = self.rule.describe()
        return f"For the shield type of your choice (the best for you): {inner[:1].lower()}{inner[1:]}"

    def ccl(self, indent: str = "    ") -> str:
        return f"for the shield type of your choice: {self.rule.ccl(indent)}"


REFUSALS.add("`for the shield type of your choice:`", "a scoring rule that never says `that shield`",
             "the rule does not depend on the shield type chosen", "say 'with that shield' in it "
             "('score 1 per card with that shield'), or remove 'for the shield type of your choice:'",
             on=ScoreForChosenShield, refuses=lambda r, w: not _mentions_that_shield(r.rule))


Scoring = Union[ScorePer, ScoreIf, ScoreFixed, ScoreAsAdjacent, ScoreForChosenShield]
