"""A leaf value for the MCTS bot fitted on whole positions: the chance that a seat wins a two-player game.

The search judges a rollout where it stops (the searching seat about to
start a turn) with the evaluation's hand-weighted value, each seat's value
minus its opponent's, squashed (:func:`~castle_combo.bots.evaluation.squash_margins`).
This module offers a value fitted instead to what happened in greedy games
from such positions: the probability that the seat about to start its turn
wins, by a logistic regression on the evaluation's own components, each
taken as the seat's minus its opponent's (:func:`seat_features`):

* **points** the seat would score now, plus what the evaluation says the
  effects still to come are worth to it (0 with the standard cards, which
  have none);
* **gold** it can still spend (at most ``spend_per_turn`` a turn left);
* **keys** it may still spend (at most one a turn left);
* **discounts**: their sum times half the turns left;
* **one-time** savings waiting (a next card's discount, the next face-up
  card's discount, an ability resolved twice), in coins as the evaluation counts them;
* **growth**: the face-up cards times the share of the game left (the flat
  growth's term);
* **card growth**: the face-up cards' expected change in points by the
  evaluation's fitted table (``card_growth.json``; the average card's for a
  card it does not know).

One model for each *stage*: the seat's turns left and its opponent's
(the opponent of the second seat has taken one more card), each with an
intercept. The coefficients are plain numbers in ``position_value.json``
beside this module, written by ``benchmarks/fit_position_value.py`` (which
records its command and seed there and the held-out log-loss and accuracy
against the squashed heuristic), so no numeric library is needed to apply
them. The search uses it by default (``MctsAgent(fitted_value=True)``),
only in two-player games (a stage the table lacks, or more players, keeps
the heuristic; ``fitted_value=False`` keeps it always). It won 59.0% of 200
games against the MCTS of commit 9522c7d at 0.1 s a move, where the
heuristic leaf had won 47% to 55% of the same deals (the MCTS module
docstring and the performance page have the numbers).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import TYPE_CHECKING

from castle_combo.bots.evaluation import Evaluation, card_growth_rows, logistic
from castle_combo.engine.state import CARDS_PER_PLAYER

if TYPE_CHECKING:
    from castle_combo.bots.evaluation import Evaluator
    from castle_combo.engine.state import GameState

__all__ = ["FEATURES", "POSITION_VALUE_FILE", "PositionValue", "position_value", "seat_features"]

#: The fitted coefficients (see the module docstring).
POSITION_VALUE_FILE = Path(__file__).with_name("position_value.json")

#: The names of :func:`seat_features`, in order.
FEATURES = ("points", "gold", "keys", "discounts", "one_time", "growth", "card_growth")


def seat_features(evaluation: Evaluation, state: GameState, seat: int, points: float, gold_left: int,
                  foreseen: float = 0.0) -> tuple[float, ...]:
    """One seat's :data:`FEATURES`, given what it would score now (``points``, ``gold_left``) and what the effects
    still to come are worth to it by the evaluation (``foreseen``)."""
    player = state.players[seat]
    turns_left = CARDS_PER_PLAYER - len(player.tableau)
    if turns_left <= 0:
        return (points + foreseen, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    spend = evaluation.spend_per_turn
    waiting = player.next_discounts
    up = player.next_face_up
    one_time = (min(waiting[0] + waiting[1] + waiting[2], spend) + min(up[0] + up[1] + up[2], spend)
                + (spend if player.twice else 0))
    face_up = [placed.card for placed in player.tableau if not placed.face_down]
    rows = card_growth_rows(state.rules)
    return (
        points + foreseen,
        float(min(gold_left, turns_left * spend)),
        float(min(player.keys, turns_left)),
        sum(player.discounts) * turns_left / 2,
        float(one_time),
        len(face_up) * turns_left / (CARDS_PER_PLAYER - 1),
        sum(rows[card][turns_left] for card in face_up),
    )


def relative_features(evaluator: Evaluator, state: GameState, seat: int) -> tuple[tuple[int, int], tuple[float, ...]]:
    """The stage of ``seat`` in a two-player ``state`` (its turns left, its opponent's) and its
    :data:`FEATURES` minus its opponent's."""
    evaluation = evaluator if isinstance(evaluator, Evaluation) else evaluator.evaluation
    values = evaluator.values(state)  # the effects still to come: what they add to each seat's value
    other = 1 - seat
    both = []
    for s in (seat, other):
        points, gold_left = evaluator.scored(state, s)
        foreseen = values[s] - evaluator.seat_value(state, s)
        both.append(seat_features(evaluation, state, s, points, gold_left, foreseen))
    stage = (CARDS_PER_PLAYER - len(state.players[seat].tableau), CARDS_PER_PLAYER - len(state.players[other].tableau))
    return stage, tuple(a - b for a, b in zip(both[0], both[1], strict=True))


class PositionValue:
    """The fitted coefficients, by stage: :meth:`win_probability` of a seat in a two-player position."""

    __slots__ = ("about", "coefficients")

    def __init__(self, document: dict[str, object]) -> None:
        self.about = document
        models: dict[str, list[float]] = document["models"]  # type: ignore[assignment]
        self.coefficients: dict[tuple[int, int], tuple[float, ...]] = {}
        for key, row in models.items():
            mine, theirs = (int(part) for part in key.split(","))
            if len(row) != len(FEATURES) + 1:
                raise ValueError(f"stage {key}: expected {len(FEATURES) + 1} coefficients, got {len(row)}")
            self.coefficients[mine, theirs] = tuple(float(c) for c in row)

    @classmethod
    def load(cls, path: Path = POSITION_VALUE_FILE) -> PositionValue:
        return cls(json.loads(path.read_text(encoding="utf-8")))

    def probability(self, stage: tuple[int, int], features: tuple[float, ...]) -> float | None:
        """The fitted chance to win at ``stage`` with these relative features (``None``: a stage not fitted)."""
        row = self.coefficients.get(stage)
        if row is None:
            return None
        return logistic(row[0] + sum(c * x for c, x in zip(row[1:], features, strict=True)))

    def win_probability(self, state: GameState, seat: int, evaluator: Evaluator) -> float | None:
        """The fitted chance that ``seat`` wins the two-player ``state`` (``None``: no model for it)."""
        if len(state.players) != 2:
            return None
        stage, features = relative_features(evaluator, state, seat)
        return self.probability(stage, features)


@functools.cache
def position_value() -> PositionValue:
    """The shipped coefficients (``position_value.json``), read once per process."""
    return PositionValue.load()
