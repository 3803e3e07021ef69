"""The greedy bot: the move whose whole turn ends in the best evaluated position.

One ply of lookahead, but a whole *turn* of it: spending a key, taking a card
and answering the card's decisions (choose one, discard from a row) are
separate actions of one turn, so the bot tries every legal action and, while
the turn is still its own, every follow-up, keeping the best line. A "how
many times" decision with many answers is tried at its ends and a few
numbers between (:func:`worth_trying`): a repeated payment's value is
nearly always best at one end, and trying each of 0 to 99 would cost a
hundred lines; the cards of a look at a deck's top are each put back or
discarded in the order they lie. The end
of the turn is scored by :class:`~castle_combo.bots.evaluation.Evaluation`
relative to the best opponent, which also counts what the cards will
still do (start-of-turn and end-of-game effects, take triggers, resolved
ahead by the engine): so a card whose strength is a trigger is bought for it.

A key refresh reveals unknown cards. The bot draws one determinization of
its view (``view.determinize(rng)``: the hidden decks reshuffled) and uses
it for every action, so all moves are compared against the same guess.

:func:`ranked_actions` exposes the same ranking to MCTS, which searches only
the few best actions of each node.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from castle_combo.bots.evaluation import Evaluation, Evaluator
from castle_combo.engine.actions import Arrange, Take, Times, UseKey
from castle_combo.engine.decisions import ArrangeDeckTop, ChooseStore, ChooseTimes

if TYPE_CHECKING:
    from castle_combo.engine.actions import Action
    from castle_combo.engine.state import GameState

__all__ = ["TIMES_TRIED", "GreedyAgent", "golden_cards", "ranked_actions", "turn_value", "worth_trying"]

#: The most answers of a "how many times" decision the bots try each of; above it, the ends and a few between.
TIMES_TRIED = 6


def worth_trying(state: GameState) -> tuple[Action, ...]:
    """The legal actions of ``state`` a bot compares: all of them, but a long "how many times" range thinned.

    A :class:`~castle_combo.engine.decisions.ChooseTimes` with more than
    :data:`TIMES_TRIED` answers keeps 0, the most, and the numbers at a
    quarter, half and three quarters of the range. A look at the top of a
    deck (:class:`~castle_combo.engine.decisions.ArrangeDeckTop`) settles
    the cards in the order they lie: the top one is put back or discarded,
    so every set of discards is tried but not every order put back (the
    evaluation does not read the decks' order; 2 lines a card, not 2 per
    card and order). A gold to store on one's own purse cards
    (:class:`~castle_combo.engine.decisions.ChooseStore`) tries the stop first,
    so that on a tie the gold stays spendable: the end-of-game placement puts
    leftover gold on the purses anyway, so storing early is worth it only when
    something reads the stored gold before then.
    """
    legal = state.legal_actions()
    pending = state.pending
    if pending is not None and isinstance(pending.decision, ChooseStore):
        return (legal[-1], *legal[:-1])
    if pending is not None and isinstance(pending.decision, ArrangeDeckTop):
        first = legal[0]
        assert isinstance(first, Arrange)
        return (first, Arrange(first.card, True)) if pending.decision.discard else (first,)
    if pending is None or not isinstance(pending.decision, ChooseTimes) or len(legal) <= TIMES_TRIED:
        return legal
    most = pending.decision.most
    return tuple(Times(n) for n in sorted({0, most // 4, most // 2, (3 * most) // 4, most}))


@attrs.frozen
class GreedyAgent:
    """Plays the action that leads to the best end-of-turn evaluation (first one on ties)."""

    evaluation: Evaluation = attrs.field(factory=Evaluation)
    name: str = "greedy"

    def choose(self, view: GameState, rng: random.Random) -> Action:
        """The best action of ``view`` by a one-turn lookahead."""
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return ranked_actions(view.determinize(rng), self.evaluation.memoized())[0][1]


def turn_value(state: GameState, seat: int, evaluation: Evaluator) -> float:
    """The evaluation of ``state`` after ``seat`` plays the rest of its turn as well as it can."""
    if state.is_over:
        return evaluation.relative(state, seat)
    if state.to_act != seat:
        if state.current_player != seat:
            return evaluation.relative(state, seat)
        # Another player answers a choice they owe in ``seat``'s turn: they pick the answer best for them.
        them = state.to_act
        after = max((state.apply(action) for action in state.legal_actions()),
                    key=lambda answered: evaluation.relative(answered, them))
        return turn_value(after, seat, evaluation)
    return max(value for value, _ in _action_values(state, seat, evaluation))


def golden_cards(state: GameState) -> frozenset[str]:
    """The names of the cards with gold lying on them in a row: taken face down too, they differ from the others
    by that gold (the rules page, "Gold on cards in a row")."""
    if not state.row_gold:
        return frozenset()
    return frozenset(state.rules.cards[card].name for card, gold in state.row_gold if gold)


def _action_values(
    state: GameState, seat: int, evaluation: Evaluator, keys: bool = True
) -> list[tuple[float, Action]]:
    """Each legal action of ``state`` with its one-turn value, in the engine's order (keys optional)."""
    # A face-down card has no ability and scores nothing, and the evaluation
    # ignores the rows: taking any card face down at one spot is worth the same.
    # Not quite when the seat has a one-time discount on one deck (a take of that
    # deck spends it, face down too): then the card's deck counts; nor when
    # effects wait for the end of the turn (they may read the rows), or when
    # gold lies on a card in a row (its taker gains it, face down too): then
    # each card counts.
    face_down: dict[tuple[object, ...], float] = {}
    player = state.players[seat]
    waiting = player.next_discounts
    by_deck = bool(waiting[1] or waiting[2])
    by_card = bool(player.this_turn) or bool(state.row_gold)
    scored = []
    for action in worth_trying(state):
        if not keys and isinstance(action, UseKey):
            continue
        if isinstance(action, Take) and action.face_down:
            key: tuple[object, ...] = (action.at,)
            if by_card:
                key = (action.at, action.card)
            elif by_deck:
                key = (action.at, state.rules[action.card].deck)
            value = face_down.get(key)
            if value is None:
                value = face_down[key] = turn_value(state.apply(action), seat, evaluation)
        else:
            value = turn_value(state.apply(action), seat, evaluation)
        scored.append((value, action))
    return scored


def ranked_actions(state: GameState, evaluation: Evaluator, keys: bool = True) -> list[tuple[float, Action]]:
    """Every legal action of a full ``state`` worth trying (:func:`worth_trying`) with its one-turn value, best first
    (stable on ties).

    ``keys=False`` leaves out spending a key, which costs two thirds of the
    work (every take is tried again after each key use); MCTS uses it to
    model the other players' replies cheaply.
    """
    scored = _action_values(state, state.to_act, evaluation, keys)
    order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
    return [scored[i] for i in order]
