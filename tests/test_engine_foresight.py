"""Effects resolved ahead of their time, on a scratch copy: what the bots judge a position's future by.

Each test compares a hypothetical state with what the game itself does when
the moment comes, so the scratch copy can never drift from the rules.
"""

from __future__ import annotations

from engine_kit import game, ruleset, take

import castle_combo as cc
from castle_combo.engine.foresight import after_end_of_game_effects, after_turns_to_come, turn_ends_left
from castle_combo.language import parse_text


def one(name: str, body: str) -> cc.Card:
    (card,) = parse_text(f'card "{name}" {{\n    deck castle   cost 0   shields nobility\n    {body}\n}}\n', "fan.ccl")
    return card


def bought(*cards: cc.Card) -> cc.GameState:
    """A two-player game where seat 0 has just bought the first of ``cards`` (seat 1 to play)."""
    state = (game(ruleset(*cards), castle=[c.name for c in cards])).replace(messenger=cc.Deck.CASTLE)
    return state.apply(take(cards[0].name))


def supplies(state: cc.GameState) -> list[tuple[int, int]]:
    return [(p.gold, p.keys) for p in state.players]


def test_the_next_turn_end_resolved_ahead_does_what_the_end_of_the_turn_does() -> None:
    collector = one("Collector", "at the start of your turn: gain 2 keys\n    take 3 gold from each opponent")
    clerk = one("Clerk", "at the end of your turn: gain 2 gold")
    state = bought(collector, clerk)
    state = state.apply(take("Clerk"))  # seat 1 buys the Clerk; seat 0's turn starts, and it has taken nothing
    ahead = after_turns_to_come(state, 1)
    assert ahead is not None
    real = state.apply(take("c0", 1, 0))  # a free card: seat 0's turn ends, seat 1's starts
    assert supplies(ahead) == supplies(state)  # seat 0 has nothing at the end of its turn, seat 1 nothing at its start
    ahead = after_turns_to_come(real, 1)
    assert ahead is not None
    again = real.apply(take("c1", 1, 0))  # seat 1's turn ends (the Clerk), seat 0's starts (the Collector)
    assert supplies(ahead) == supplies(again)


def test_effects_resolved_ahead_change_neither_the_position_nor_whose_turn_it_is() -> None:
    state = bought(one("Keeper", "at the start of your turn: gain 1 gold"))
    before = cc.dumps(state)
    ahead = after_turns_to_come(state)
    assert ahead is not None
    assert cc.dumps(state) == before
    assert (ahead.current_player, ahead.phase, ahead.history) == (state.current_player, state.phase, state.history)


def test_each_turn_still_to_come_resolves_once_in_the_order_of_play() -> None:
    state = bought(one("Keeper", "at the start of your turn: gain 1 key"))
    ahead = after_turns_to_come(state)
    assert ahead is not None
    assert ahead.players[0].keys == state.players[0].keys + 8  # seat 0 has 8 turns still to start


def test_what_is_taken_turn_after_turn_runs_out_when_the_opponent_has_nothing_left() -> None:
    state = bought(one("Robber", "at the start of your turn: take 4 gold from each opponent"))
    ahead = after_turns_to_come(state)
    assert ahead is not None
    assert ahead.players[1].gold == 0  # 15 gold: three turns take 12, the fourth the last 3
    assert ahead.players[0].gold == state.players[0].gold + 15


def test_the_turns_to_come_resolve_in_the_order_of_play_from_the_next_seat() -> None:
    # Both seats take each other's last key each turn: seat 1 starts next, so it takes first.
    thief = one("Thief", "at the start of your turn: take 1 key from each opponent")
    other = one("Other Thief", "at the start of your turn: take 1 key from each opponent")
    state = (game(ruleset(thief, other), castle=["Thief", "Other Thief"])).replace(messenger=cc.Deck.CASTLE)
    state = state.apply(take("Thief")).apply(take("Other Thief"))  # seat 0 to play, seat 1 starts next
    state = state.replace(players=(state.players[0].replace(keys=1),
                                         state.players[1].replace(keys=0)))
    ahead = after_turns_to_come(state, 2)  # seat 0's turn ends, seat 1's starts and ends, seat 0's starts
    assert ahead is not None
    assert supplies(ahead)[0][1] == 1 and supplies(ahead)[1][1] == 0  # seat 1 took it, then seat 0 took it back


def test_a_face_down_card_has_nothing_to_resolve_ahead() -> None:
    keeper = one("Keeper", "at the start of your turn: gain 1 gold")
    state = (game(ruleset(keeper), castle=["Keeper"])).replace(messenger=cc.Deck.CASTLE)
    assert after_turns_to_come(state.apply(take("Keeper", face_down=True))) is None


def test_the_turns_still_to_end_count_the_turn_under_way_once() -> None:
    state = game(ruleset())
    assert turn_ends_left(state) == 18
    state = state.apply(take("v0"))
    assert turn_ends_left(state) == 17
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
    assert turn_ends_left(state) == 0


def test_a_turn_whose_card_is_taken_but_whose_decision_is_pending_has_still_to_end() -> None:
    chooser = one("Chooser", "when bought: choose one: { gain 1 gold } or { gain 1 key }")
    state = (game(ruleset(chooser), castle=["Chooser"])).replace(messenger=cc.Deck.CASTLE)
    state = state.apply(take("Chooser"))
    assert state.pending is not None and state.taken == 1
    assert turn_ends_left(state) == 18


def test_end_of_game_effects_resolved_ahead_give_what_the_end_of_the_game_gives() -> None:
    archivist = one("Archivist", "at the end of the game: gain 1 key per nobility shield\n    score 1 per key")
    state = bought(archivist)
    ahead = after_end_of_game_effects(state)
    assert ahead is not None
    assert ahead.players[0].keys == state.players[0].keys + 1  # one nobility shield so far: the Archivist's
    while not state.is_over:
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, cc.Take) and a.face_down))
    assert after_end_of_game_effects(state) is None  # they have resolved: the game is over


def test_the_last_turn_of_the_game_ends_without_another_turn_starting() -> None:
    keeper = one("Keeper", "at the start of your turn: gain 1 key\n    at the end of your turn: gain 1 gold")
    state = bought(keeper)
    ahead = after_turns_to_come(state)
    assert ahead is not None
    real = state
    while not real.is_over:
        real = real.apply(next(a for a in real.legal_actions() if isinstance(a, cc.Take) and not a.face_down))
    # Seat 0's 8 turns still to start each gain a key, its 8 turns still to end a gold, and nothing else.
    assert supplies(ahead)[0] == (state.players[0].gold + 8, state.players[0].keys + 8)
    assert real.players[0].keys == ahead.players[0].keys


def test_a_ruleset_without_triggers_has_nothing_to_resolve_ahead() -> None:
    state = cc.new_game(players=3, seed=5)
    assert after_end_of_game_effects(state) is None
    assert after_turns_to_come(state) is None
