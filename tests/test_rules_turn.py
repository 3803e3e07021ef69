"""A turn, step by step (RULINGS.md "A turn"): key, take, ability, messenger and refill."""

from __future__ import annotations

import pytest
from engine_kit import C, V, card, game, names, play, ruleset, take, with_seat

import castle_combo as cc
from castle_combo.language.model import Deck, Discount

MOVE, REFRESH = cc.UseKey(cc.KeyUse.MOVE), cc.UseKey(cc.KeyUse.REFRESH)
RULES = ruleset(
    card("Nun", V, cost=3),
    card("Runner", V, cost=1, messenger=True),
    card("Crier", C, cost=1, messenger=True),
    card("Duke", C, cost=7),
    card("Saver", V, cost=0, ability=[Discount(2, (Deck.VILLAGE,))]),
)


def test_the_first_player_may_spend_a_key_or_take_a_card() -> None:
    state = game(RULES, village=["Nun", "Runner", "v0"])
    kinds = {type(a) for a in state.legal_actions()}
    assert kinds == {cc.UseKey, cc.Take}


def test_at_most_one_key_per_turn() -> None:
    state = game(RULES).apply(REFRESH)
    assert all(isinstance(a, cc.Take) for a in state.legal_actions())
    with pytest.raises(cc.IllegalAction, match="only one key may be spent per turn"):
        state.apply(MOVE)


def test_spending_a_key_costs_one_key() -> None:
    assert game(RULES).apply(MOVE).players[0].keys == 1


def test_a_key_is_needed_to_spend_one() -> None:
    state = with_seat(game(RULES), 0, keys=0)
    assert not any(isinstance(a, cc.UseKey) for a in state.legal_actions())
    with pytest.raises(cc.IllegalAction, match="no key"):
        state.apply(REFRESH)


def test_key_move_sends_the_messenger_to_the_other_location() -> None:
    state = game(RULES, castle=["Crier", "Duke", "c0"]).apply(MOVE)
    assert state.messenger is Deck.CASTLE
    assert [a.card for a in state.legal_actions() if isinstance(a, cc.Take)][::2] == ["Crier", "Duke", "c0"]


def test_key_refresh_discards_the_row_and_reveals_three_new_cards() -> None:
    state = game(RULES, village=["Nun", "Runner", "v0", "v1", "v2", "v3"]).apply(REFRESH)
    assert names(state.row(Deck.VILLAGE)) == ["v1", "v2", "v3"]
    assert names(state.discard_pile(Deck.VILLAGE)) == ["Nun", "Runner", "v0"]
    assert state.messenger is Deck.VILLAGE


def test_take_only_from_the_messengers_row() -> None:
    state = game(RULES, castle=["Crier"])
    with pytest.raises(cc.IllegalAction, match="not in the village row"):
        state.apply(take("Crier"))


def test_face_up_take_pays_the_printed_cost() -> None:
    state = game(RULES, village=["Nun"]).apply(take("Nun"))
    assert (state.players[0].gold, state.players[0].keys) == (12, 2)


def test_face_up_take_needs_enough_gold() -> None:
    state = with_seat(game(RULES, village=["Nun"]), 0, gold=2)
    assert take("Nun") not in state.legal_actions()
    with pytest.raises(cc.IllegalAction, match="Nun costs 3 after discounts, you have 2 gold"):
        state.apply(take("Nun"))


def test_face_down_take_is_always_allowed_and_gains_6_gold_and_2_keys() -> None:
    state = with_seat(game(RULES, village=["Nun"]), 0, gold=0, keys=0)
    assert take("Nun", face_down=True) in state.legal_actions()
    after = state.apply(take("Nun", face_down=True))
    assert (after.players[0].gold, after.players[0].keys) == (6, 2)


def test_discount_lowers_the_cost_never_below_zero_and_gains_no_gold() -> None:
    state = play(game(RULES, village=["Saver", "Nun", "Runner", "v0"]), "Saver", take("v0", face_down=True))
    assert state.cost(0, "Nun") == 1 and state.cost(0, "Runner") == 0
    assert state.players[0].gold == 15
    after = state.apply(take("Runner", 1, 0))
    assert after.players[0].gold == 15


def test_messenger_icon_moves_the_messenger_to_the_other_location() -> None:
    state = game(RULES, village=["Runner"]).apply(take("Runner"))
    assert state.messenger is Deck.CASTLE
    back = play(game(RULES, castle=["Crier"]), MOVE, "Crier")
    assert back.messenger is Deck.VILLAGE


def test_face_down_card_does_not_move_the_messenger() -> None:
    state = game(RULES, village=["Runner"]).apply(take("Runner", face_down=True))
    assert state.messenger is Deck.VILLAGE


def test_rows_are_refilled_to_three_after_the_turn() -> None:
    state = game(RULES, village=["Nun", "Runner", "v0", "v1"]).apply(take("Nun"))
    assert names(state.row(Deck.VILLAGE)) == ["Runner", "v0", "v1"]
    assert state.deck_size(Deck.VILLAGE) == 30 - 4


def test_play_passes_clockwise_to_the_next_seat() -> None:
    state = game(RULES, players=3, first_player=2)
    seats = []
    for _ in range(4):
        seats.append(state.current_player)
        state = state.apply(state.legal_actions()[-1])
    assert seats == [2, 0, 1, 2]


def test_game_ends_when_every_player_has_nine_cards() -> None:
    state = game(RULES, players=2)
    for turn in range(18):
        assert not state.is_over and state.turn == turn + 1
        state = state.apply(state.legal_actions()[-1])
    assert state.is_over and state.legal_actions() == ()
    assert [len(p.tableau) for p in state.players] == [9, 9]
    with pytest.raises(cc.IllegalAction, match="the game is over"):
        state.apply(take("v0", face_down=True))


def test_history_keeps_every_action_in_order() -> None:
    state = play(game(RULES, village=["Nun", "v0", "v1", "v2"]), REFRESH, take("v2", face_down=True))
    assert state.history == (REFRESH, take("v2", face_down=True))
