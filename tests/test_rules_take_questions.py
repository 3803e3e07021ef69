"""Take triggers that ask (``whenever you take a card: choose one: ...``), one test per ruling of the rules page
("Triggers"): the owner's own take triggers may ask them a question, through the decisions every ability asks.
"""

from __future__ import annotations

import random

from engine_kit import balanced, game, one, ruleset, seat_with, take

import castle_combo as cc
from castle_combo.bots import GreedyAgent
from castle_combo.engine.decisions import ChooseOption, ChooseRow
from castle_combo.records.narration import narrate, option_text

CHOOSER = one("Chooser", "whenever you take a card: choose one: { gain 2 gold } or { gain 1 key }")
SWEEPER = one("Sweeper", "whenever you take a faith card: discard a row")
GIVER = one("Giver", "when bought: choose one: { gain 5 gold } or { gain 3 keys }",
            "deck castle   cost 0   shields military")
MONK = one("Monk", "", "deck castle   cost 0   shields faith")
SOLDIER = one("Soldier", "", "deck castle   cost 0   shields military")
CARDS = (CHOOSER, SWEEPER, GIVER, MONK, SOLDIER)


def _table(*names: str, tableau: tuple[tuple[str, int, int] | tuple[str, int, int, bool], ...],
           cards: tuple[cc.Card, ...] = CARDS) -> cc.GameState:
    state = seat_with(game(ruleset(*cards), castle=list(names)), 0, list(tableau))
    return state.replace(messenger=cc.Deck.CASTLE)


def test_a_take_trigger_asks_its_owner_right_after_the_card_is_placed() -> None:
    state = _table("Soldier", tableau=(("Chooser", 0, 0),))
    asked = state.apply(take("Soldier", 1, 0))
    assert isinstance(asked.pending.decision if asked.pending else None, ChooseOption) and asked.current_player == 0
    assert asked.pending_card == CHOOSER
    assert [c.card.name for c in asked.tableau(0)] == ["Chooser", "Soldier"]
    done = asked.apply(cc.Choose(2))
    assert done.pending is None and done.players[0].keys == state.players[0].keys + 1


def test_a_take_trigger_asks_before_the_ability_of_the_card_taken() -> None:
    state = _table("Giver", tableau=(("Chooser", 0, 0),))
    first = state.apply(take("Giver", 1, 0))
    assert option_text(first) == ["gain 2 gold", "gain 1 key"]
    second = first.apply(cc.Choose(1))
    assert option_text(second) == ["gain 5 gold", "gain 3 keys"]
    done = second.apply(cc.Choose(2))
    assert (done.players[0].gold, done.players[0].keys) == (state.players[0].gold + 2, state.players[0].keys + 3)


def test_a_take_trigger_that_asks_resolves_only_for_the_kind_of_card_it_names() -> None:
    state = _table("Soldier", "Monk", tableau=(("Sweeper", 0, 0),))
    assert state.apply(take("Soldier", 1, 0)).pending is None
    asked = state.apply(take("Monk", 1, 0))
    assert isinstance(asked.pending.decision if asked.pending else None, ChooseRow)


def test_a_face_down_card_with_a_take_trigger_asks_nothing() -> None:
    state = _table("Soldier", tableau=(("Chooser", 0, 0, True),))
    assert state.apply(take("Soldier", 1, 0)).pending is None


def test_a_card_turned_face_up_by_an_earlier_take_trigger_triggers_when_it_comes() -> None:
    opener = one("Opener", "whenever you take a card: turn every face-down card face up")
    state = _table("Soldier", tableau=(("Opener", 0, 0), ("Chooser", 1, 0, True)), cards=(opener, *CARDS))
    asked = state.apply(take("Soldier", 2, 0))
    assert isinstance(asked.pending.decision if asked.pending else None, ChooseOption)


def test_a_question_of_a_take_trigger_is_saved_and_loaded() -> None:
    state = balanced(seat_with(_table("Soldier", tableau=(("Chooser", 0, 0),)), 1, [("Monk", 0, 0)]))
    asked = state.apply(take("Soldier", 1, 0))
    loaded = cc.loads(cc.dumps(asked), rules=asked.rules)
    assert loaded == asked
    assert loaded.apply(cc.Choose(1)).players[0].gold == state.players[0].gold + 2


def test_the_narration_tells_the_answer_to_a_take_trigger() -> None:
    state = _table("Soldier", tableau=(("Chooser", 0, 0),))
    asked = state.apply(take("Soldier", 1, 0))
    assert narrate(asked, cc.Choose(2), asked.apply(cc.Choose(2)), ["Ann", "Bob"]) == "Ann chooses to gain 1 key, " \
                                                                                       "gains 1 key"


def test_bots_play_whole_games_with_take_triggers_that_ask() -> None:
    greedy = GreedyAgent()
    for seed in range(2):
        rng = random.Random(seed)
        state = balanced(seat_with(_table(tableau=(("Chooser", 0, 0),)), 1, [("Sweeper", 0, 0)]))
        asked = 0
        while not state.is_over:
            asked += state.pending is not None and state.pending_card in (CHOOSER, SWEEPER)
            state = state.apply(greedy.choose(state.view(state.current_player), rng))
        assert state.scores() and asked >= 8  # each of seat 0's takes asked, and the bot answered
