"""Seats given in the old layout or as the engine keeps them: GameState(...) and GameState.replace(players=...)."""

from __future__ import annotations

import castle_combo as cc


def test_replace_players_with_the_seats_as_the_engine_keeps_them_is_the_same_state() -> None:
    state = cc.new_game(seed=1)
    again = state.replace(players=state.seats)
    assert again == state
    assert again.legal_actions() == state.legal_actions()


def test_a_state_built_from_plain_tuples_in_player_state_order_plays() -> None:
    state = cc.new_game(seed=1)
    plain = tuple(tuple(p) for p in state.players)
    built = cc.GameState(state.rules, plain, 0, 0, 0, state.phase, state.messenger, state.locations, None, (), 0,
                         state.origin, ())
    assert built.players == state.players
    assert built.legal_actions() == state.legal_actions()
