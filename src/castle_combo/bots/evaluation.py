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
  remaining purchases; a one-time discount waiting for the next take ("your
  next card costs 3 less") saves its amount once, no more than a turn
  spends (``spend_per_turn``), and is worth ``gold`` per coin it saves, as
  the gold it keeps in the purse would be. The ability of the next card
  bought face up resolved twice ("... resolves twice"), waiting while a
  purchase is still to come, is worth what a turn spends
  (``gold * spend_per_turn``): about what one more ability gives. Once it is
  spent, the turn that spends it is judged by what the doubled ability did
  (the greedy bot plays the turn to its end). Effects waiting for the end of
  the turn are not valued here: they resolve before the turn passes, and
  the greedy bot plays the turn to its end (its decisions included);
* **growth**: a face-up card's points change until the game ends ("1 point
  per faith shield" grows as shields come, "9 if your tableau has no faith
  shield" may fall to 0), which a face-down card's never do. By default each
  face-up card is worth a flat ``growth`` more points at the start of the
  game, fading to nothing on the last turn (without it the bot prefers the
  face-down bonus, 6 gold or 2 keys, to almost any early card). With
  ``card_growth=True`` each face-up card adds instead its expected change,
  looked up by its name and the seat's turns left in a table fitted from
  greedy games (``card_growth.json`` beside this module, written by
  ``benchmarks/fit_card_growth.py``, which records its command and seed). A
  card the table does not know (a fan card, or a printed name with another
  scoring text) changes as the average card of the table does at those
  turns left: a table fitted per ruleset on demand would cost minutes of
  games before a bot's first move, and the flat growth is on another scale
  (it stands for more than the card's own change). The table made the
  greedy bot a little stronger (53.2% and 52.5% of 400 games against the
  flat growth) but not MCTS (48.8% of 200 games against the MCTS of commit
  9522c7d at 0.1 s a move; the performance page), so it is not the default.

The weights were tuned by greedy-against-greedy matches (benchmarks/strength.py
measures the result); gold worth 0.4 point and a growth of 6 each beat the
untuned weights in about 60% of 100 games.

Bots compare seats, not absolute values: :meth:`Evaluation.relative` is a
seat's value minus its best opponent's, so handing opponents gold or keys
("each opponent gains") costs exactly what it gives them, and taking from
them ("take 2 gold from each opponent") gains what it takes from them.

What the cards will still do
    A position also holds effects that have not happened yet: a card's
    "at the start of your turn" and "at the end of your turn" effects
    resolve at each later turn of its owner, its "at the end of the game"
    effects once before scoring. The evaluation values them *generically*,
    with no table of what each kind of effect is worth: the engine resolves
    them on a scratch copy of the position (:mod:`castle_combo.engine.foresight`)
    and the evaluation compares every seat's value there with its value
    here.

    * the effects of every turn still to come resolve, turn by turn in the
      order of play, and are worth the change this makes to every seat
      (``turns_to_come`` weighs it): gaining 3 keys each turn is worth all
      the keys that will come, and taking gold from each opponent lowers
      their value as much as it raises the owner's, until they have none
      left. Resolving them again and again, rather than once times the
      turns, lets the seat value's own limits speak: gold beyond what the
      remaining turns can spend is worth little;
    * then every seat's end-of-game effects resolve, and are worth the
      change in points they make (only points: what they give comes too
      late to spend).

    * a card's take trigger ("whenever you take a faith card: gain 2
      keys", "whenever an opponent takes a card: take 1 gold from that
      player") resolves, for each player whose takes it watches, as many
      times as their takes to come are expected to fire it (the remaining
      takes, times the share of the cards still to come that its filter
      passes, a face-down take counted as the filter says:
      :func:`~castle_combo.engine.foresight.expected_takes`), and is worth
      the change this makes to every seat, scaled to that expected number
      (``turns_to_come`` weighs it too). A take trigger that may ask its
      owner a question is not valued ahead (greedy still plays it well in
      its own turn).

    A ruleset without such effects costs nothing more to judge.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Union

import attrs

from castle_combo.engine.foresight import after_end_of_game_effects, after_takes_to_come, after_turns_to_come
from castle_combo.engine.state import CARDS_PER_PLAYER

if TYPE_CHECKING:
    from castle_combo.engine.state import GameState
    from castle_combo.language.ruleset import Ruleset

__all__ = [
    "CARDS_PER_PLAYER", "CARD_GROWTH_FILE", "Evaluation", "Evaluator", "MemoizedEvaluation", "card_growth_rows",
    "foreseen", "logistic", "outcome_rewards",
    "squash_margins",
]

#: What a seat would score if the game ended now, and the gold it would have left.
Scored = tuple[float, int]

#: How a seat is judged in one position: ``(state, seat) -> value``.
SeatJudge = Callable[["GameState", int], float]

#: The fitted table of card growth (see the module docstring, "growth").
CARD_GROWTH_FILE = Path(__file__).with_name("card_growth.json")

#: The table as read, and each ruleset's growth by card index and turns left (kept for the rulesets met).
_growth_table: dict[str, object] = {}
_growth_by_ruleset: dict[int, tuple[Ruleset, tuple[tuple[float, ...], ...]]] = {}


def card_growth_rows(rules: Ruleset) -> tuple[tuple[float, ...], ...]:
    """Each card of ``rules`` (by index): its expected growth with 0 to 8 turns left (0 at 0).

    A card of the table whose scoring text is the one fitted gets its row; any
    other card the table's average row (the module docstring, "growth").
    """
    kept = _growth_by_ruleset.get(id(rules))
    if kept is not None and kept[0] is rules:
        return kept[1]
    if not _growth_table:
        _growth_table.update(json.loads(CARD_GROWTH_FILE.read_text(encoding="utf-8")))
    average = (0.0, *(float(g) for g in _growth_table["average"]))  # type: ignore[attr-defined]
    known: dict[str, dict[str, object]] = _growth_table["cards"]  # type: ignore[assignment]
    rows = []
    for card in rules.cards:
        fitted = known.get(card.name)
        if fitted is not None and fitted["scoring"] == card.scoring_english:
            rows.append((0.0, *(float(g) for g in fitted["growth"])))  # type: ignore[attr-defined]
        else:
            rows.append(average)
    if len(_growth_by_ruleset) >= 64:  # a fan's tool may make rulesets by the hundred: keep the memory bounded
        _growth_by_ruleset.clear()
    table = tuple(rows)
    _growth_by_ruleset[id(rules)] = (rules, table)
    return table


@attrs.frozen
class Evaluation:
    """Weights of the heuristic (see the module docstring); all in points."""

    gold: float = 0.4
    spend_per_turn: int = 6
    key: float = 0.5
    discount: float = 0.5
    growth: float = 6.0
    card_growth: bool = False
    turns_to_come: float = 1.0
    margin_scale: float = 8.0

    def values(self, state: GameState) -> tuple[float, ...]:
        """Every seat's value, in seat order, the effects still to come included (see the module docstring)."""
        return foreseen(state, self.seat_value, self.points, self.turns_to_come)

    def scored(self, state: GameState, seat: int) -> Scored:
        """What ``seat`` would score if the game ended now (before any end-of-game effect), and its gold left."""
        sheet = state.provisional_score(seat)
        return float(sheet.total), sheet.gold_left

    def points(self, state: GameState, seat: int) -> float:
        """What ``seat`` would score if the game ended now (before any end-of-game effect)."""
        return self.scored(state, seat)[0]

    def seat_value(self, state: GameState, seat: int) -> float:
        """One seat's value as the position stands (no effect still to come).

        It depends on that seat alone (its tableau, gold, keys, discounts, one-time discounts, an ability twice
        waiting).
        """
        return self.value_of(state, seat, self.scored(state, seat))

    def value_of(self, state: GameState, seat: int, scored: Scored) -> float:
        """:meth:`seat_value` given what the seat :meth:`scored`."""
        points, gold_left = scored
        player = state.players[seat]
        turns_left = CARDS_PER_PLAYER - len(player.tableau)
        value = points
        if turns_left > 0:
            spendable = min(gold_left, turns_left * self.spend_per_turn)
            value += self.gold * spendable
            value += self.key * min(player.keys, turns_left)
            value += self.discount * sum(player.discounts) * turns_left / 2
            waiting = player.next_discounts
            if waiting[0] or waiting[1] or waiting[2]:
                value += self.gold * min(waiting[0] + waiting[1] + waiting[2], self.spend_per_turn)
            up = player.next_face_up  # "your next card bought face up costs 3 less": as gold for that purchase
            if up[0] or up[1] or up[2]:
                value += self.gold * min(up[0] + up[1] + up[2], self.spend_per_turn)
            if player.twice:  # one more ability to come: about what a turn spends
                value += self.gold * self.spend_per_turn
            if self.card_growth:
                rows = card_growth_rows(state.rules)
                value += sum(rows[placed.card][turns_left] for placed in player.tableau if not placed.face_down)
            else:
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

    A seat's value depends only on its own tableau, keys, gold and discounts (one-time ones too),
    and a search meets the same seat positions again and again: every action
    of a turn changes one seat and leaves the others as they were, and the
    rollouts of one decision replay the same positions under many deck
    orders. Remembering them roughly halves a bot's thinking time, without
    changing any value. The memo only grows, so a bot makes a fresh one for
    each decision (:meth:`Evaluation.memoized`); it is a plain class because
    it is mutable and never leaves the bot.
    """

    __slots__ = ("evaluation", "margin_scale", "positions", "_memo", "_scored")

    def __init__(self, evaluation: Evaluation) -> None:
        self.evaluation = evaluation
        self.margin_scale = evaluation.margin_scale
        #: Positions evaluated so far: a measure of the work done that, unlike a clock, is the same on every machine.
        self.positions = 0
        self._memo: dict[tuple[object, ...], float] = {}
        self._scored: dict[tuple[object, ...], Scored] = {}

    def __len__(self) -> int:
        """How many seat positions the memo holds.

        A seat's value depends on nothing but the seat and the ruleset, so a
        bot may keep its memo from one decision to the next while the
        ruleset stays the same (setting :attr:`positions` back to 0): the
        next decisions meet the positions the last one looked ahead to, and
        the values, so the moves, are those of a fresh memo. This size tells
        it when to start afresh.
        """
        return len(self._memo) + len(self._scored)

    def values(self, state: GameState) -> tuple[float, ...]:
        """Every seat's value, in seat order, as :meth:`Evaluation.values` gives them."""
        self.positions += 1
        return foreseen(state, self.seat_value, self.points, self.evaluation.turns_to_come)

    def seat_value(self, state: GameState, seat: int) -> float:
        """:meth:`Evaluation.seat_value`, remembered."""
        player = state.players[seat]
        key = (player.tableau, player.gold, player.keys, player.discounts, player.next_discounts,
               player.next_face_up, player.twice)
        value = self._memo.get(key)
        if value is None:
            # Points are looked up again only when effects still to come need them (see ``foreseen``).
            scored = self._score(state, seat) if state.engine.has_triggers else self.evaluation.scored(state, seat)
            value = self._memo[key] = self.evaluation.value_of(state, seat, scored)
        return value

    def points(self, state: GameState, seat: int) -> float:
        """:meth:`Evaluation.points`, remembered."""
        return self._score(state, seat)[0]

    def scored(self, state: GameState, seat: int) -> Scored:
        """:meth:`Evaluation.scored`, remembered."""
        return self._score(state, seat)

    def _score(self, state: GameState, seat: int) -> Scored:
        player = state.players[seat]
        key = (player.tableau, player.gold, player.keys)
        scored = self._scored.get(key)
        if scored is None:
            scored = self._scored[key] = self.evaluation.scored(state, seat)
        return scored

    def relative(self, state: GameState, seat: int) -> float:
        """``seat``'s value minus the best opponent's value."""
        return _relative(self.values(state), seat)


#: What the bots accept as an evaluation: an :class:`Evaluation` or its memoized form.
Evaluator = Union[Evaluation, MemoizedEvaluation]


def foreseen(state: GameState, seat_value: SeatJudge, points: SeatJudge, turns_to_come: float) -> tuple[float, ...]:
    """Every seat's value with the effects still to come (the module docstring, "What the cards will still do").

    ``seat_value`` judges a seat as the position stands and ``points`` is
    what it would score now; ``turns_to_come`` weighs the effects of the turns to come.
    """
    seats = range(len(state.players))
    base = [seat_value(state, seat) for seat in seats]
    engine = state.engine
    if not (engine.has_triggers or engine.has_take_triggers) or state.is_over:
        return tuple(base)
    values = list(base)
    if engine.has_take_triggers:
        for scale, taken in after_takes_to_come(state):
            for seat in seats:
                values[seat] += turns_to_come * scale * (seat_value(taken, seat) - base[seat])
    if not engine.has_triggers:
        return tuple(values)
    ahead = after_turns_to_come(state)
    if ahead is None:
        ahead = state
    else:
        for seat in seats:
            values[seat] += turns_to_come * (seat_value(ahead, seat) - base[seat])
    ended = after_end_of_game_effects(ahead)
    if ended is not None:
        for seat in seats:
            values[seat] += points(ended, seat) - points(ahead, seat)
    return tuple(values)


def _relative(values: Sequence[float], seat: int) -> float:
    return values[seat] - max(v for i, v in enumerate(values) if i != seat)


def logistic(x: float) -> float:
    """``1 / (1 + e**-x)`` for any ``x``, however large: no overflow, 0 or 1 at the extremes."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)  # x < 0, so z never overflows, and 1 / (1 + e**-x) = z / (1 + z)
    return z / (1.0 + z)


def squash_margins(values: Sequence[float], scale: float) -> tuple[float, ...]:
    """Each seat's lead over its best opponent, squashed into ``[0, 1]`` by a logistic curve.

    Any margin is safe: fan cards can make scores of many thousands
    ("score 99 per key" with 99 keys gained a turn), where the plain formula
    would overflow.
    """
    return tuple(logistic(_relative(values, seat) / scale) for seat in range(len(values)))


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
