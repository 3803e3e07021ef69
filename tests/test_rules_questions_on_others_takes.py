"""Questions in triggers on other players' takes (a fan construct): "whenever an opponent takes a village card:
you may pay 1 gold to gain 1 key".

Rulings (the rules page, "Triggers"): the trigger's owner is asked, in the taker's turn, when the trigger
resolves: each other seat in turn order from the taker's left, its cards in the order taken, each trigger
answered before the next resolves; then the taker's own take triggers, then the card's ability.
``state.to_act`` is the owner while they answer; ``state.current_player`` stays the taker. No ability
resolves through another card there (a copy, a card turned face up with its ability).
"""

from __future__ import annotations

import json
import random

import pytest
from engine_kit import game, one, ruleset, seat_with, take

import castle_combo as cc
from castle_combo.bots.registry import make_agent
from castle_combo.errors import RecordError
from castle_combo.records.narration import narrate

BRIDGE = one("Toll Bridge", "whenever an opponent takes a castle card: you may pay 1 gold to gain 1 key")
FERRY = one("Ferryman", "whenever a neighbour takes a card: that player chooses one: { give 1 gold to that player } "
                        "or { take 1 key from that player }")
PICKER = one("Picker", "whenever an opponent takes a card: discard a card from the village row for its cost in gold")
CHOOSER = one("Chooser", "when bought: choose one: { gain 1 gold } or { gain 1 key }")
SOLDIER = one("Soldier", "", "deck castle   cost 0   shields military")
CARDS = (BRIDGE, FERRY, PICKER, CHOOSER, SOLDIER)


def _table(*names: str, players: int = 3,
           tableaux: dict[int, tuple[tuple[str, int, int], ...]] | None = None) -> tuple[cc.Ruleset, cc.GameState]:
    """Seat 0 is to take from the castle row (``names`` on top); ``tableaux`` lays out seats' cards."""
    rules = ruleset(*CARDS)
    state = game(rules, castle=list(names), players=players)
    for seat, cells in (tableaux or {}).items():
        state = seat_with(state, seat, list(cells))
    return rules, state.replace(messenger=cc.Deck.CASTLE)


def test_the_owner_is_asked_in_the_takers_turn_then_the_taker_goes_on() -> None:
    _, state = _table("Soldier", tableaux={1: (("Toll Bridge", 0, 0),)})
    state = state.apply(take("Soldier"))
    assert (state.current_player, state.to_act) == (0, 1)
    assert state.legal_actions() == (cc.Choose(1), cc.Choose(2))
    assert state.view(1).legal_actions() == state.legal_actions()
    before = state
    state = state.apply(cc.Choose(1))
    assert [(p.gold, p.keys) for p in state.players][1] == (14, 3)
    assert narrate(before, cc.Choose(1), state).startswith("seat 1 chooses to pay 1 gold to gain 1 key")
    assert state.pending is None and state.current_player == state.to_act == 1


def test_owners_answer_from_the_takers_left_before_the_takers_card_asks() -> None:
    _, state = _table("Chooser", tableaux={1: (("Toll Bridge", 0, 0),), 2: (("Picker", 0, 0),)})
    state = state.apply(take("Chooser"))
    asked = []
    while state.pending is not None:
        asked.append((state.to_act, type(state.pending.decision).__name__))
        state = state.apply(state.legal_actions()[0])
    assert asked == [(1, "AcceptOrDecline"), (2, "DiscardCard"), (0, "ChooseOption")]


def test_that_player_chooses_one_in_a_trigger_on_their_take_is_the_taker_answering() -> None:
    _, state = _table("Soldier", tableaux={1: (("Ferryman", 0, 0),)})
    state = state.apply(take("Soldier"))
    assert (state.current_player, state.to_act) == (0, 0)
    state = state.apply(cc.Choose(2))
    assert [(p.gold, p.keys) for p in state.players][:2] == [(15, 1), (15, 3)]


def test_a_discard_in_a_trigger_on_others_takes_rewards_its_owner() -> None:
    _, state = _table("Soldier", tableaux={2: (("Picker", 0, 0),)})
    state = state.apply(take("Soldier"))
    assert state.to_act == 2
    row = state.row(cc.Deck.VILLAGE)
    state = state.apply(cc.Discard(row[0].name))
    assert state.players[2].gold == 15 + row[0].cost and state.players[0].gold == 15


def test_a_save_with_a_question_on_another_players_take_loads_and_its_owner_is_checked() -> None:
    bridge = one("Village Bridge", "whenever an opponent takes a card: you may pay 1 gold to gain 1 key",
                 "deck village   cost 0   shields faith")
    rules = ruleset(bridge, *CARDS)
    state = game(rules, village=["Village Bridge"], players=2)
    state = state.apply(take("Village Bridge"))
    state = state.apply(take(state.row(cc.Deck.VILLAGE)[0].name))
    assert (state.current_player, state.to_act) == (1, 0)
    saved = json.loads(cc.dumps(state))
    assert saved["pending"]["frames"][-1]["seat"] == 0
    loaded = cc.loads(json.dumps(saved), rules=rules)
    assert loaded == state and loaded.to_act == 0
    for bad in (1, 7):
        saved["pending"]["frames"][-1]["seat"] = bad
        with pytest.raises(RecordError, match="seat"):
            cc.loads(json.dumps(saved), rules=rules)


def test_a_copy_in_a_trigger_on_others_takes_is_refused() -> None:
    with pytest.raises(cc.CastleComboError, match="an ability used through it"):
        one("Odd", "whenever an opponent takes a card: you may { turn a face-down card face up and use its ability }")


def test_random_games_ask_each_trigger_owner_in_the_takers_turn() -> None:
    cards = [one(f"Bridge {k}", "whenever an opponent takes a card: you may pay 1 gold to gain 1 key")
             for k in range(6)]
    cards += [one(f"Ferry {k}", "whenever a neighbour takes a card: that player chooses one: { give 1 gold to that "
                                "player } or { take 1 key from that player }", "deck village   cost 1   shields faith")
              for k in range(4)]
    rules = ruleset(*cards, castle=30, village=30)
    others = 0
    for seed in range(6):
        players = 2 + seed % 4
        rng = random.Random(seed)
        state = cc.new_game(players=players, seed=seed, rules=rules)
        agents = [make_agent("random"), make_agent("greedy")] * 3
        while not state.is_over:
            seat = state.to_act
            others += seat != state.current_player
            assert state.view(seat).legal_actions() == state.legal_actions()
            state = state.apply(agents[seat].choose(state.view(seat), rng))
        assert cc.replay(state.record(), rules=rules) == state
    assert others > 0
