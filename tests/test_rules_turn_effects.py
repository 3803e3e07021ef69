"""Effects whose result outlasts the moment they resolve: one-time discounts and effects waiting for the end of
the turn, one test per ruling of the rules page ("Fan mechanics": "One-time discounts", "At the end of this turn").

Each card is written in the card language, as a fan would write it, and played through the public API.
"""

from __future__ import annotations

import json
import random

import pytest
from engine_kit import game, ruleset, seat_with, take
from hypothesis import given, settings
from hypothesis import strategies as st

import castle_combo as cc
from castle_combo.adapters.encoding import ActionSpace
from castle_combo.bots.evaluation import Evaluation
from castle_combo.bots.greedy import GreedyAgent
from castle_combo.engine import rules as engine_rules
from castle_combo.engine.decisions import AcceptOrDecline, Resume
from castle_combo.engine.state import recounted
from castle_combo.language import format_card, parse_text
from castle_combo.records import narration

CASTLE = "deck castle   cost 0   shields nobility"


def one(name: str, body: str, facts: str = CASTLE) -> cc.Card:
    (card,) = parse_text(f'card "{name}" {{\n    {facts}\n    {body}\n}}\n', "fan.ccl")
    return card


HERALD = one("Herald", "when bought: your next card costs 3 less")
NOBLE = one("Noble", "", "deck castle   cost 5   shields nobility")
BARON = one("Baron", "", "deck castle   cost 2   shields nobility")
FARM = one("Farm", "", "deck village   cost 4   shields peasantry")
SCOUT = one("Scout", "when bought: your next castle card costs 2 less")
PATRON = one("Patron", "when bought: discount 1 on castle cards   your next card costs 2 less")
CRIER = one("Crier", "when bought: at the end of this turn: you may move the messenger")


def at_castle(state: cc.GameState) -> cc.GameState:
    """``state`` after the first player spends a key to move the messenger to the castle (a replayable start)."""
    return state.apply(cc.UseKey(cc.KeyUse.MOVE))


def with_waiting(state: cc.GameState, seat: int, waiting: tuple[int, int, int]) -> cc.GameState:
    players = list(state.players)
    players[seat] = players[seat].replace(next_discounts=waiting)
    return state.replace(players=tuple(players))


# ---------------------------------------------------------------- one-time discounts: the language


def test_a_one_time_discount_is_written_said_and_formatted_back() -> None:
    assert HERALD.ability[0].describe() == ("Your next card costs 3 gold less (of any deck; after your discounts, "
                                            "never below 0; taking it uses this up, even face down).")
    assert SCOUT.ability[0].ccl() == "your next castle card costs 2 less"
    assert parse_text(format_card(SCOUT))[0] == SCOUT


def test_costs_stays_an_unknown_word_outside_a_one_time_discount() -> None:
    with pytest.raises(cc.CardSyntaxError, match="did you mean 'cost'"):
        parse_text('card "Nun" { deck castle   costs 3   shields faith }')


def test_a_one_time_discount_at_the_end_of_the_game_is_refused() -> None:
    with pytest.raises(cc.CardValidationError, match="no card is taken after the end of the game"):
        one("Late", "at the end of the game: your next card costs 2 less")


# ---------------------------------------------------------------- one-time discounts: the rules


def test_a_one_time_discount_never_applies_to_the_card_whose_ability_grants_it() -> None:
    herald = one("Herald", "when bought: your next card costs 3 less", "deck castle   cost 4   shields nobility")
    state = at_castle(game(ruleset(herald), castle=["Herald"]))
    after = state.apply(take("Herald"))
    assert after.players[0].gold == state.players[0].gold - 4
    assert after.players[0].next_discounts == (3, 0, 0)


def test_a_one_time_discount_applies_after_the_other_discounts() -> None:
    rules = ruleset(PATRON, NOBLE)
    state = at_castle(game(rules, castle=["Patron", "Noble", "c0", "c1"]))
    state = state.apply(take("Patron")).apply(take("c0"))
    assert state.cost(0, "Noble") == 5 - 1 - 2
    after = state.apply(take("Noble", 1, 0))
    assert after.players[0].gold == state.players[0].gold - 2
    assert after.players[0].next_discounts == (0, 0, 0)


def test_a_one_time_discount_never_brings_a_cost_below_zero_and_is_spent_whatever_it_saved() -> None:
    rules = ruleset(HERALD, BARON)
    state = at_castle(game(rules, castle=["Herald", "Baron", "c0", "c1"]))
    state = state.apply(take("Herald")).apply(take("c0"))
    assert state.cost(0, "Baron") == 0
    after = state.apply(take("Baron", 1, 0))
    assert after.players[0].gold == state.players[0].gold  # 2 of the 3 saved, never a coin back
    assert after.players[0].next_discounts == (0, 0, 0)


def test_a_one_time_discount_is_used_up_by_a_take_face_down() -> None:
    rules = ruleset(HERALD, NOBLE)
    state = at_castle(game(rules, castle=["Herald", "Noble", "c0", "c1"]))
    state = state.apply(take("Herald")).apply(take("c0"))
    after = state.apply(take("Noble", 1, 0, face_down=True))
    assert after.players[0].gold == state.players[0].gold + 6  # the face-down bonus, nothing more
    assert after.players[0].next_discounts == (0, 0, 0)


def test_one_time_discounts_add_up() -> None:
    twice = one("Twice", "when bought: your next card costs 1 less   your next card costs 2 less")
    rules = ruleset(twice, NOBLE)
    state = at_castle(game(rules, castle=["Twice", "Noble", "c0", "c1"]))
    state = state.apply(take("Twice")).apply(take("c0"))
    assert state.players[0].next_discounts == (3, 0, 0)
    assert state.cost(0, "Noble") == 2


def test_a_one_time_discount_on_one_deck_waits_for_a_card_of_that_deck() -> None:
    rules = ruleset(SCOUT, NOBLE, FARM)
    state = at_castle(game(rules, castle=["Scout", "Noble", "c0", "c1"], village=["Farm"]))
    state = state.apply(take("Scout")).apply(take("c0"))
    state = state.apply(cc.UseKey(cc.KeyUse.MOVE))  # to the village
    assert state.cost(0, "Farm") == 4
    state = state.apply(take("Farm", 1, 0))
    assert state.players[0].next_discounts == (0, 2, 0)  # a village card leaves the castle discount waiting
    state = state.apply(cc.UseKey(cc.KeyUse.MOVE)).apply(take("c1", 1, 0))  # seat 1 moves it back
    assert state.cost(0, "Noble") == 3
    assert state.apply(take("Noble", 2, 0)).players[0].next_discounts == (0, 0, 0)


def test_a_card_affordable_only_with_a_one_time_discount_may_be_taken_face_up() -> None:
    rules = ruleset(NOBLE)
    state = with_waiting(at_castle(game(rules, castle=["Noble"])), 0, (2, 0, 0))
    players = list(state.players)
    players[0] = players[0].replace(gold=3)
    state = state.replace(players=tuple(players))
    assert take("Noble") in state.legal_actions()
    assert state.apply(take("Noble")).players[0].gold == 0


def test_a_one_time_discount_from_a_trigger_waits_for_the_next_turn() -> None:
    saver = one("Saver", "at the end of your turn: your next card costs 1 less")
    rules = ruleset(saver, NOBLE)
    state = at_castle(game(rules, castle=["Saver", "Noble", "c0", "c1"]))
    state = state.apply(take("Saver"))
    assert state.players[0].next_discounts == (1, 0, 0)
    state = state.apply(take("c0"))
    after = state.apply(take("Noble", 1, 0))
    assert after.players[0].gold == state.players[0].gold - 4
    assert after.players[0].next_discounts == (1, 0, 0)  # the trigger again, at the end of this turn


def test_a_one_time_discount_is_kept_in_saves_and_a_save_without_one_still_loads() -> None:
    rules = ruleset(SCOUT)
    state = at_castle(game(rules, castle=["Scout"])).apply(take("Scout"))
    data = json.loads(cc.dumps(state))
    assert data["players"][0]["next_discounts"] == {"castle": 2}
    assert "next_discounts" not in data["players"][1] and "this_turn" not in data["players"][1]
    assert cc.loads(cc.dumps(state), rules=rules) == state
    assert cc.replay(state.record(), rules=rules) == state
    before = at_castle(game(rules, castle=["Scout"]))
    assert "next_discounts" not in cc.dumps(before)
    assert cc.loads(cc.dumps(before), rules=rules).players[0].next_discounts == (0, 0, 0)


def test_a_save_with_a_malformed_one_time_discount_is_refused_naming_the_place() -> None:
    rules = ruleset(SCOUT)
    state = at_castle(game(rules, castle=["Scout"])).apply(take("Scout"))
    data = json.loads(cc.dumps(state))
    data["players"][0]["next_discounts"] = {"castle": -1}
    with pytest.raises(cc.RecordError, match="next_discounts"):
        cc.loads(json.dumps(data), rules=rules)


def test_a_one_time_discount_shows_in_the_view_and_the_narration() -> None:
    rules = ruleset(HERALD)
    before = at_castle(game(rules, castle=["Herald"]))
    state = before.apply(take("Herald"))
    assert state.view(1).players[0].next_discounts == (3, 0, 0)
    said = narration.narrate(before, take("Herald"), state, ["Ann", "Bob"])
    assert "one-time discount of 3 on the next card" in said


def test_a_one_time_discount_shows_in_the_rl_observation() -> None:
    pytest.importorskip("numpy", reason="the RL observation needs the rl extra (numpy)")
    rules = ruleset(HERALD)
    state = at_castle(game(rules, castle=["Herald"])).apply(take("Herald"))
    space = ActionSpace(rules, 2)
    plain = ActionSpace(ruleset(NOBLE), 2)
    assert space.observation_size == plain.observation_size + 2 * 4
    seen = space.observe(state, 0)
    assert seen.sum() > space.observe(with_waiting(state, 0, (0, 0, 0)), 0).sum()


def test_an_ability_used_through_another_card_grants_a_one_time_discount_too() -> None:
    echo = one("Echo", "when bought: use the ability of an adjacent card")
    rules = ruleset(HERALD, echo)
    state = at_castle(seat_with(game(rules, castle=["Echo"]), 0, [("Herald", 0, 0)]))
    after = state.apply(take("Echo", 1, 0))
    if after.pending is not None:  # asked even with one candidate, as the rulings say
        after = after.apply(cc.Activate("Herald"))
    assert after.players[0].next_discounts == (3, 0, 0)


def test_the_terminal_status_line_shows_a_waiting_one_time_discount() -> None:
    from castle_combo.cli import tui

    state = with_waiting(at_castle(game(ruleset(SCOUT))), 0, (1, 2, 0))
    line = tui.status_line(state.view(0), 0, ["Ann", "Bob"]).plain
    assert line.endswith("next card -1, next castle card -2")


def test_a_pending_one_time_discount_is_worth_about_what_it_saves() -> None:
    evaluation = Evaluation()
    state = at_castle(game(ruleset(HERALD), castle=["Herald"]))
    base = evaluation.seat_value(state, 0)
    assert evaluation.seat_value(with_waiting(state, 0, (3, 0, 0)), 0) == pytest.approx(base + evaluation.gold * 3)
    # No more than a turn spends.
    most = evaluation.seat_value(with_waiting(state, 0, (50, 0, 0)), 0)
    assert most == pytest.approx(base + evaluation.gold * evaluation.spend_per_turn)
    memo = evaluation.memoized()
    assert memo.seat_value(with_waiting(state, 0, (3, 0, 0)), 0) != memo.seat_value(state, 0)


def test_the_greedy_bot_takes_a_one_time_discount_over_nothing() -> None:
    plain = one("Plain", "")
    rules = ruleset(HERALD, plain)
    state = at_castle(game(rules, castle=["Plain", "Herald", "c0"]))
    action = GreedyAgent().choose(state.view(0), random.Random(0))
    assert isinstance(action, cc.Take) and action.card == "Herald" and not action.face_down


# ---------------------------------------------------------------- at the end of this turn


def test_an_effect_waiting_for_the_end_of_this_turn_resolves_after_the_rows_are_refilled() -> None:
    counter = one("Counter", "when bought: at the end of this turn: gain 1 gold per card in the castle row")
    rules = ruleset(counter)
    state = at_castle(game(rules, castle=["Counter"]))
    after = state.apply(take("Counter"))
    assert after.players[0].gold == state.players[0].gold + 3  # the row full again: 3 cards, not 2
    assert after.current_player == 1 and after.players[0].this_turn == ()


def test_an_effect_at_the_end_of_this_turn_may_ask_and_the_turn_passes_after_the_answer() -> None:
    rules = ruleset(CRIER)
    state = at_castle(game(rules, castle=["Crier"]))
    asked = state.apply(take("Crier"))
    assert asked.current_player == 0 and asked.phase is cc.Phase.DECIDE
    assert asked.pending is not None and asked.pending.decision == AcceptOrDecline((0, 0))
    assert asked.pending.resume is Resume.TURN_END
    assert asked.card_taken and asked.turn == 1
    moved = asked.apply(cc.Choose(1))
    assert moved.messenger is cc.Deck.VILLAGE and moved.current_player == 1
    kept = asked.apply(cc.Choose(2))
    assert kept.messenger is cc.Deck.CASTLE and kept.current_player == 1


def test_a_decision_at_the_end_of_this_turn_survives_a_save_and_a_replay() -> None:
    rules = ruleset(CRIER)
    asked = at_castle(game(rules, castle=["Crier"])).apply(take("Crier"))
    assert json.loads(cc.dumps(asked))["pending"]["resume"] == "turn end"
    assert cc.loads(cc.dumps(asked), rules=rules) == asked
    assert cc.replay(asked.record(), rules=rules) == asked


def test_effects_at_the_end_of_this_turn_resolve_before_the_end_of_your_turn_triggers() -> None:
    late = one("Late", "when bought: at the end of this turn: gain 5 gold\n"
                       "    at the end of your turn: gain 1 key if at least 20 gold")
    rules = ruleset(late)
    state = at_castle(game(rules, castle=["Late"]))
    after = state.apply(take("Late"))
    assert after.players[0].gold == 20
    assert after.players[0].keys == state.players[0].keys + 1


def test_effects_at_the_end_of_this_turn_happen_once() -> None:
    once = one("Once", "when bought: at the end of this turn: gain 2 gold")
    rules = ruleset(once)
    state = at_castle(game(rules, castle=["Once", "c0", "c1"]))
    state = state.apply(take("Once"))
    gold = state.players[0].gold
    state = state.apply(take("c0")).apply(take("c1", 1, 0))
    assert state.players[0].gold == gold


def unlocked(vault: cc.Card) -> cc.GameState:
    """A game where seat 0 bought ``vault``, a lock card, and opens its lock at the start of its next turn."""
    state = at_castle(game(ruleset(vault), castle=["Vault", "c0", "c1"]))
    return state.apply(take("Vault")).apply(cc.Pass()).apply(take("c0")).apply(cc.Unlock("Vault"))


def test_effects_set_aside_by_a_lock_opened_at_the_start_wait_for_the_end_of_the_turn() -> None:
    vault = one("Vault", "lock\n    when unlocked: at the end of this turn: gain 1 gold per card in the castle row")
    state = unlocked(vault)
    assert len(state.players[0].this_turn) == 1 and state.phase is cc.Phase.START
    assert cc.loads(cc.dumps(state), rules=state.rules) == state
    after = state.apply(take("c1", 1, 0))
    assert after.players[0].gold == state.players[0].gold + 3
    assert after.players[0].this_turn == () and after.current_player == 1
    assert engine_rules.apply(state, take("c1", 1, 0), fast=False) == after


def test_effects_at_the_end_of_this_turn_come_after_a_lock_opened_at_the_end_of_the_turn() -> None:
    vault = one("Vault", "lock\n    when bought: at the end of this turn: gain 1 gold per key\n"
                         "    when unlocked: gain 4 keys")
    state = at_castle(game(ruleset(vault), castle=["Vault"]))
    asked = state.apply(take("Vault"))
    assert asked.phase is cc.Phase.END and len(asked.players[0].this_turn) == 1
    after = asked.apply(cc.Unlock("Vault"))
    assert after.players[0].keys == state.players[0].keys + 4
    assert after.players[0].gold == state.players[0].gold + after.players[0].keys
    assert after.current_player == 1


def test_only_the_player_to_play_may_have_effects_waiting_in_a_save() -> None:
    state = unlocked(one("Vault", "lock\n    when unlocked: at the end of this turn: gain 1 gold"))
    data = json.loads(cc.dumps(state))
    data["players"][1]["this_turn"] = data["players"][0].pop("this_turn")
    with pytest.raises(cc.RecordError, match="this_turn"):
        cc.loads(json.dumps(data), rules=state.rules)


def test_effects_a_neighbours_card_sets_aside_wait_for_the_end_of_the_turn_of_its_user() -> None:
    envoy = one("Envoy", "when bought: use the ability of a face-up card in a neighbour's tableau")
    rules = ruleset(CRIER, envoy)
    state = at_castle(game(rules, castle=["c0", "Crier", "Envoy"]))
    state = state.apply(take("c0")).apply(take("Crier")).apply(cc.Choose(2))  # seat 1 keeps the messenger here
    state = state.apply(take("Envoy", 1, 0))
    while state.pending is not None and not isinstance(state.pending.decision, AcceptOrDecline):
        state = state.apply(state.legal_actions()[0])  # the neighbour's card to use: the Crier
    assert state.current_player == 0 and state.pending is not None
    assert state.pending.resume is Resume.TURN_END and state.pending.frames[-1].copied
    assert cc.loads(cc.dumps(state), rules=rules) == state
    assert state.apply(cc.Choose(1)).messenger is cc.Deck.VILLAGE


def test_waiting_for_the_end_of_this_turn_is_refused_in_a_trigger_and_inside_itself() -> None:
    with pytest.raises(cc.CardValidationError, match="no 'this turn' whose end it could wait for"):
        one("Odd", "at the start of your turn: at the end of this turn: gain 1 gold")
    with pytest.raises(cc.CardValidationError, match="cannot wait for it again"):
        one("Odd", "when bought: at the end of this turn: { gain 1 gold at the end of this turn: gain 1 key }")


def test_waiting_for_the_end_of_this_turn_is_said_and_formatted_back() -> None:
    card = one("Bard", "when bought: at the end of this turn: { gain 1 gold then you may move the messenger }")
    assert card.ability[0].describe() == ("At the end of this turn, once the rows are refilled: gain 1 gold, then "
                                          "you may move the messenger to the other location (unless that location "
                                          "is exhausted).")
    assert parse_text(format_card(card))[0] == card
    assert "at the end of this turn: you may move the messenger" in format_card(CRIER)


def test_the_greedy_bot_answers_a_decision_at_the_end_of_its_turn() -> None:
    rules = ruleset(CRIER)
    asked = at_castle(game(rules, castle=["Crier"])).apply(take("Crier"))
    action = GreedyAgent().choose(asked.view(0), random.Random(0))
    assert action in asked.legal_actions()


# ---------------------------------------------------------------- properties

FAN = (
    HERALD, SCOUT, PATRON, CRIER,
    one("Reeve", "when bought: your next village card costs 4 less", "deck village   cost 3   shields peasantry"),
    one("Bell", "when bought: at the end of this turn: { gain 1 gold then discard a card from the village row for "
                "its cost in gold }", "deck village   cost 1   shields faith"),
    one("Toll", "when bought: at the end of this turn: you may pay 2 gold to your next card costs 5 less",
        "deck castle   cost 2   shields military"),
    one("Echo", "when bought: use the ability of an adjacent card", "deck village   cost 1   shields faith"),
    one("Saver", "at the end of your turn: your next card costs 1 less", "deck castle   cost 3   shields faith"),
)


def _fan_rules() -> cc.Ruleset:
    return ruleset(*FAN)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_gold_is_never_negative_and_nothing_waits_past_its_turn(seed: int, players: int) -> None:
    rng = random.Random(seed)
    state = game(_fan_rules(), players=players)
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        fast = engine_rules.apply(state, action)
        assert fast == engine_rules.apply(state, action, fast=False)
        state = fast
        for seat, player in enumerate(state.players):
            assert player.gold >= 0 and player.keys >= 0
            assert min(player.next_discounts) >= 0
            assert player == recounted(player, state.engine)
            if seat != state.current_player or state.pending is None and state.phase is cc.Phase.START \
                    and not state.opened_lock:
                assert player.this_turn == ()
    assert cc.replay(state.record(), rules=state.rules) == state



def test_an_optional_move_of_the_messenger_is_not_asked_when_it_cannot_happen() -> None:
    """The rules page, "Optional effects": with the other location exhausted the move cannot happen, so the
    Crier's "you may move the messenger" is not asked and the turn passes."""
    rules = ruleset(CRIER)
    state = at_castle(game(rules, castle=["Crier"]))
    village = state.locations[1]
    gone = village.replace(deck=(), row=(), removed=village.deck + village.row, exhausted=True)
    after = state.replace(locations=(state.locations[0], gone)).apply(take("Crier"))
    assert after.pending is None and after.current_player == 1
    assert after.messenger is cc.Deck.CASTLE
