"""How good a position is for each seat: the heuristic the greedy and MCTS bots share.

A seat's value is what it would score if the game ended now, plus what its
resources are still worth while turns remain:

* **points now**: :meth:`GameState.provisional_scores` (cards scored on the
  tableau as it stands, keys at 1 point, leftover gold placed on purses);
* **gold** it can still spend: worth ``gold`` points per coin, but only as
  much as its remaining turns can spend (about ``spend_per_turn`` a turn),
  and nothing once its tableau is full (only purse gold scores then);
* **keys** beyond their point: a key also buys a better row, worth ``key``
  while turns remain;
* **discounts**: each point of discount saves a coin on about half of the
  remaining purchases;
* **growth**: a face-up card taken early scores little *now* (few shields
  to count yet) but grows as the tableau fills, which a face-down card never
  does; each face-up card is worth ``growth`` more points at the start of
  the game, fading to nothing on the last turn. Without it the bot prefers
  the face-down bonus (6 gold, 2 keys) to almost any early card.

The weights were tuned by greedy-against-greedy matches (benchmarks/strength.py
measures the result); gold worth 0.4 point and a growth of 6 each beat the
untuned weights in about 60% of 100 games.

Bots compare seats, not absolute values: :meth:`Evaluation.relative` is a
seat's value minus its best opponent's, so handing opponents gold or keys
("each opponent gains") costs exactly what it gives them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Union

import attrs

from castle_combo.engine.state import CARDS_PER_PLAYER

if TYPE_CHECKING:
    from castle_combo.engine.state import GameState

__all__ = ["Evaluation", "MemoizedEvaluation", "Evaluator", "outcome_rewards", "squash_margins", "CARDS_PER_PLAYER"]



@attrs.frozen
class Evaluation:
    """Weights of the heuristic (see the module docstring); all in points."""

    gold: float = 0.4
    spend_per_turn: int = 6
    key: float = 0.5
    discount: float = 0.5
    growth: float = 6.0
    margin_scale: float = 8.0

    def values(self, state: GameState) -> tuple[float, ...]:
        """Every seat's value, in seat order."""
        return tuple(self.seat_value(state, seat) for seat in range(len(state.players)))

    def seat_value(self, state: GameState, seat: int) -> float:
        """One seat's value: it depends on that seat alone (its tableau, gold, keys, discounts)."""
        sheet = state.provisional_score(seat)
        player = state.players[seat]
        turns_left = CARDS_PER_PLAYER - len(player.tableau)
        value = float(sheet.total)
        if turns_left > 0:
            spendable = min(sheet.gold_left, turns_left * self.spend_per_turn)
            value += self.gold * spendable
            value += self.key * min(player.keys, turns_left)
            value += self.discount * sum(player.discounts) * turns_left / 2
            face_up = sum(1 for placed in player.tableau if not placed.face_down)
            value += self.growth * face_up * turns_left / (CARDS_PER_PLAYER - 1)
        return value

    def relative(self, state: GameState, seat: int) -> float:
        """``seat``'s value minus the best opponent's value."""
        return _relative(self.values(state), seat)

    def memoized(self) -> MemoizedEvaluation:
        """This evaluation with a memo of seat values, for one decision of a bot (see the class)."""
        return MemoizedEvaluation(self)


class MemoizedEvaluation:
    """An :class:`Evaluation` that remembers every seat value it computed.

    A seat's value depends only on its own tableau, keys, gold and discounts,
    and a search meets the same seat positions again and again: every action
    of a turn changes one seat and leaves the others as they were, and the
    rollouts of one decision replay the same positions under many deck
    orders. Remembering them roughly halves a bot's thinking time, without
    changing any value. The memo only grows, so a bot makes a fresh one for
    each decision (:meth:`Evaluation.memoized`); it is a plain class because
    it is mutable and never leaves the bot.
    """

    __slots__ = ("evaluation", "margin_scale", "positions", "_memo")

    def __init__(self, evaluation: Evaluation) -> None:
        self.evaluation = evaluation
        self.margin_scale = evaluation.margin_scale
        #: Positions evaluated so far: a measure of the work done that, unlike a clock, is the same on every machine.
        self.positions = 0
        self._memo: dict[tuple[object, ...], float] = {}

    def values(self, state: GameState) -> tuple[float, ...]:
        """Every seat's value, in seat order, as :meth:`Evaluation.values` gives them."""
        self.positions += 1
        memo = self._memo
        result = []
        for seat, player in enumerate(state.players):
            key = (player.tableau, player.gold, player.keys, player.discounts)
            value = memo.get(key)
            if value is None:
                value = memo[key] = self.evaluation.seat_value(state, seat)
            result.append(value)
        return tuple(result)

    def relative(self, state: GameState, seat: int) -> float:
        """``seat``'s value minus the best opponent's value."""
        return _relative(self.values(state), seat)


#: What the bots accept as an evaluation: an :class:`Evaluation` or its memoized form.
Evaluator = Union[Evaluation, MemoizedEvaluation]


def _relative(values: Sequence[float], seat: int) -> float:
    return values[seat] - max(v for i, v in enumerate(values) if i != seat)


def squash_margins(values: Sequence[float], scale: float) -> tuple[float, ...]:
    """Each seat's lead over its best opponent, squashed into ``(0, 1)`` by a logistic curve."""
    result = []
    for seat, value in enumerate(values):
        margin = value - max(v for i, v in enumerate(values) if i != seat)
        result.append(1.0 / (1.0 + math.exp(-margin / scale)))
    return tuple(result)


def outcome_rewards(state: GameState, margin_weight: float = 0.1, scale: float = 8.0) -> tuple[float, ...]:
    """Rewards of a finished game: a share of the win, plus a little for the score margin.

    A win is worth ``1 - margin_weight`` split among the winners; the rest
    rewards the margin, so a search still prefers bigger wins (and smaller
    losses) among moves that win (or lose) anyway.
    """
    result = state.result()
    winners = tuple(result.winners)
    totals = [float(sheet.total) for sheet in result.scores]
    margins = squash_margins(totals, scale)
    share = (1.0 - margin_weight) / len(winners)
    return tuple(
        (share if seat in winners else 0.0) + margin_weight * margins[seat] for seat in range(len(totals))
    )
