"""The Quartermaster's leave: "your next card may be taken from either row", one test per ruling of the rules page
("Fan mechanics": "The next card from either row").

Each card is written in the card language, as a fan would write it, and played through the public API.
"""

from __future__ import annotations

import json
import random

import pytest
from engine_kit import game, one, ruleset, take

import castle_combo as cc
from castle_combo.adapters.encoding import ActionSpace
from castle_combo.bots.greedy import GreedyAgent
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m
from castle_combo.records import narration

VILLAGE = "deck village   cost 0   shields military"
QUARTERMASTER = one("Quartermaster", "when bought: your next card may be taken from either row", VILLAGE)
NOBLE = one("Noble", "", "deck castle   cost 5   shields nobility")
HERALD = one("Herald", "", "deck castle   cost 2   shields nobility   messenger")
RULES = ruleset(QUARTERMASTER, NOBLE, HERALD)


def granted() -> cc.GameState:
    """Seat 0 bought the Quartermaster from the village row, seat 1 took a village card: seat 0 to play, the
    messenger at the village, the Noble and the Herald in the castle row."""
    state = game(RULES, castle=["Noble", "Herald", "c0"], village=["Quartermaster", "v0", "v1", "v2"])
    assert state.messenger is cc.Deck.VILLAGE
    return state.apply(take("Quartermaster")).apply(take("v0"))


def takes_from(state: cc.GameState, deck: cc.Deck) -> set[str]:
    names = {card.name for card in state.row(deck)}
    return {a.card for a in state.legal_actions() if isinstance(a, cc.Take) and a.card in names}


# ---------------------------------------------------------------- the language


def test_the_leave_is_written_said_and_formatted_back() -> None:
    (effect,) = QUARTERMASTER.ability
    assert isinstance(effect, m.NextFromEitherRow)
    assert effect.ccl() == "your next card may be taken from either row"
    assert effect.describe() == ("Your next card may be taken from either row (the castle row or the village row, "
                                 "whatever the messenger's place; taking your next card uses this up).")
    assert parse_text(format_card(QUARTERMASTER))[0] == QUARTERMASTER


def test_the_leave_at_the_end_of_the_game_is_refused() -> None:
    with pytest.raises(cc.CardValidationError, match="never used at the end of the game"):
        one("Late", "at the end of the game: your next card may be taken from either row")


# ---------------------------------------------------------------- the rules


def test_the_leave_waits_in_the_state_and_never_applies_to_the_card_that_grants_it() -> None:
    state = game(RULES, castle=["Noble", "Herald", "c0"], village=["Quartermaster", "v0", "v1", "v2"])
    assert takes_from(state, cc.Deck.CASTLE) == set()
    after = state.apply(take("Quartermaster"))
    assert after.players[0].either_row and not after.players[1].either_row
    assert takes_from(after, cc.Deck.CASTLE) == set()  # seat 1 has no leave


def test_with_the_leave_both_rows_may_be_taken_from_the_messengers_row_first() -> None:
    state = granted()
    assert takes_from(state, cc.Deck.CASTLE) == {"Noble", "Herald", "c0"}
    assert takes_from(state, cc.Deck.VILLAGE) == {card.name for card in state.row(cc.Deck.VILLAGE)}
    takes = [a.card for a in state.legal_actions() if isinstance(a, cc.Take)]
    village = {card.name for card in state.row(cc.Deck.VILLAGE)}
    last_village = max(i for i, name in enumerate(takes) if name in village)
    first_castle = min(i for i, name in enumerate(takes) if name not in village)
    assert last_village < first_castle


def test_a_card_from_the_other_row_is_paid_as_usual_and_its_row_refilled() -> None:
    state = granted()
    after = state.apply(take("Noble", 1, 0))
    assert after.players[0].gold == state.players[0].gold - 5
    assert "Noble" not in {card.name for card in after.row(cc.Deck.CASTLE)}
    assert len(after.row(cc.Deck.CASTLE)) == 3
    assert after.row(cc.Deck.VILLAGE) == state.row(cc.Deck.VILLAGE)
    assert after.messenger is cc.Deck.VILLAGE  # no messenger icon: it stays
    assert not after.players[0].either_row


def test_a_card_from_the_other_row_moves_the_messenger_by_its_icon_as_usual() -> None:
    after = granted().apply(take("Herald", 1, 0))
    assert after.messenger is cc.Deck.VILLAGE  # a castle card's icon sends the messenger to the village


def test_a_card_from_the_other_row_may_be_taken_face_down() -> None:
    state = granted()
    after = state.apply(take("Noble", 1, 0, face_down=True))
    assert (after.players[0].gold, after.players[0].keys) == (state.players[0].gold + 6, state.players[0].keys + 2)
    assert not after.players[0].either_row


def test_a_take_from_the_messengers_row_uses_the_leave_up_too() -> None:
    state = granted()
    village = state.row(cc.Deck.VILLAGE)[0].name
    after = state.apply(take(village, 1, 0))
    assert not after.players[0].either_row
    again = after.apply(take(after.row(cc.Deck.VILLAGE)[0].name, 1, 0))
    assert again.current_player == 0 and takes_from(again, cc.Deck.CASTLE) == set()


def test_a_key_may_still_be_spent_in_step_one() -> None:
    state = granted().apply(cc.UseKey(cc.KeyUse.MOVE))
    assert state.messenger is cc.Deck.CASTLE
    village = state.row(cc.Deck.VILLAGE)[0].name
    assert village in takes_from(state, cc.Deck.VILLAGE)
    after = state.apply(take(village, 1, 0))
    assert not after.players[0].either_row and after.messenger is cc.Deck.CASTLE


def test_granting_the_leave_twice_before_the_next_take_gives_one_take() -> None:
    twice = one("Twice", "when bought: your next card may be taken from either row   your next card may be taken "
                         "from either row", VILLAGE)
    rules = ruleset(twice, NOBLE)
    state = game(rules, castle=["Noble"], village=["Twice", "v0", "v1", "v2"]).apply(take("Twice"))
    assert state.players[0].either_row is True
    state = state.apply(take("v0")).apply(take("Noble", 1, 0))
    assert not state.players[0].either_row


def test_without_the_leave_a_card_of_the_other_row_is_refused_saying_where_the_messenger_is() -> None:
    state = game(RULES, castle=["Noble"])
    with pytest.raises(cc.IllegalAction, match="not in the village row, where the messenger is"):
        state.apply(take("Noble"))


def test_at_the_start_of_the_turn_the_leave_serves_that_very_turn() -> None:
    early = one("Early", "at the start of your turn: your next card may be taken from either row", VILLAGE)
    rules = ruleset(early, NOBLE)
    state = game(rules, castle=["Noble"], village=["Early", "v0", "v1", "v2"]).apply(take("Early"))
    state = state.apply(take("v0"))
    assert state.players[0].either_row
    assert "Noble" in takes_from(state, cc.Deck.CASTLE)


# ---------------------------------------------------------------- saves, records, views, narration, encoding, bots


def test_the_leave_is_kept_in_saves_and_replays_and_a_save_without_it_still_loads() -> None:
    state = granted()
    data = json.loads(cc.dumps(state))
    assert data["players"][0]["either_row"] is True
    assert "either_row" not in data["players"][1]
    assert cc.loads(cc.dumps(state), rules=RULES) == state
    played = state.apply(take("Noble", 1, 0))
    assert cc.replay(played.record(), rules=RULES) == played
    assert not cc.loads(cc.dumps(played), rules=RULES).players[0].either_row


def test_a_save_with_a_malformed_leave_is_refused_naming_the_place() -> None:
    data = json.loads(cc.dumps(granted()))
    data["players"][0]["either_row"] = 1
    with pytest.raises(cc.RecordError, match="either_row"):
        cc.loads(json.dumps(data), rules=RULES)


def test_the_leave_is_public_and_shows_in_the_view_and_the_narration() -> None:
    before = game(RULES, castle=["Noble", "Herald", "c0"], village=["Quartermaster", "v0", "v1", "v2"])
    state = before.apply(take("Quartermaster"))
    assert state.view(1).players[0].either_row
    assert "may take the next card from either row" in narration.narrate(before, take("Quartermaster"), state,
                                                                         ["Ann", "Bob"])
    state = state.apply(take("v0"))
    said = narration.narrate(state, take("Noble", 1, 0), state.apply(take("Noble", 1, 0)), ["Ann", "Bob"])
    assert "Ann takes Noble face up" in said and "from the castle row" in said


def test_the_terminal_status_line_shows_the_leave() -> None:
    from castle_combo.cli import tui

    line = tui.status_line(granted().view(0), 0, ["Ann", "Bob"]).plain
    assert line.endswith("next card from either row")


def test_the_leave_shows_in_the_rl_observation_and_the_action_space_does_not_grow() -> None:
    pytest.importorskip("numpy", reason="the RL observation needs the rl extra (numpy)")
    space = ActionSpace(RULES, 2)
    plain = ActionSpace(ruleset(one("Quartermaster", "", VILLAGE), NOBLE, HERALD), 2)
    assert space.observation_size == plain.observation_size + 2 * 1
    assert space.size == plain.size
    state = granted()
    spent = state.replace(players=(state.players[0].replace(either_row=False), state.players[1]))
    assert space.observe(state, 0).sum() == pytest.approx(space.observe(spent, 0).sum() + 1)
    noble = take("Noble", 1, 0)
    assert space.decode(space.encode(noble)) == noble
    assert space.encode(noble) in {space.encode(a) for a in state.legal_actions()}


def test_the_greedy_bot_takes_a_card_from_the_other_row_when_it_is_the_best() -> None:
    gift = one("Gift", "when bought: gain 2 keys", "deck castle   cost 0   shields nobility")
    rules = ruleset(QUARTERMASTER, gift)
    state = game(rules, castle=["Gift"], village=["Quartermaster", "v0", "v1", "v2"])
    state = state.apply(take("Quartermaster")).apply(take("v0"))
    chosen = GreedyAgent().choose(state.view(0), random.Random(0))
    assert isinstance(chosen, cc.Take) and (chosen.card, chosen.face_down) == ("Gift", False)
    plain = state.replace(players=(state.players[0].replace(either_row=False), state.players[1]))
    chosen = GreedyAgent().choose(plain.view(0), random.Random(0))
    assert not (isinstance(chosen, cc.Take) and chosen.card == "Gift")


def test_random_and_bot_games_with_the_leave_play_to_the_end() -> None:
    from castle_combo.bots import MctsAgent

    took_other = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = cc.new_game(players=2, rules=RULES, seed=seed)
        agents = [GreedyAgent(), MctsAgent(iterations=20)] if seed % 2 else [GreedyAgent(), GreedyAgent()]
        while not state.is_over:
            seat = state.current_player
            action = (rng.choice(state.legal_actions()) if rng.random() < 0.3
                      else agents[seat].choose(state.view(seat), rng))
            if isinstance(action, cc.Take) and action.card not in {c.name for c in state.row(state.messenger)}:
                took_other += 1
            state = state.apply(action)
        assert len(state.players[0].tableau) == 9
    assert took_other > 0


def test_a_fan_writing_take_your_next_card_from_the_other_row_is_shown_the_phrase() -> None:
    with pytest.raises(cc.CardSyntaxError, match="your next card may be taken from either row"):
        parse_text(f'card "Fan" {{ {VILLAGE} when bought: you may take your next card from the other row }}')


def test_the_terminal_prompt_says_the_other_rows_cards_are_taken_by_name_and_takes_them() -> None:
    from castle_combo.cli._play_input import parse_input, prompt_lines

    state = granted()
    view = state.view(0)
    assert "the other row's cards by name (noble x y)" in prompt_lines(view, view.legal_actions())[1]
    assert parse_input("noble 1 0", view.legal_actions()).action == take("Noble", 1, 0)
    plain = state.apply(take("Noble", 1, 0)).apply(take(state.row(cc.Deck.VILLAGE)[0].name, 1, 0)).view(0)
    assert "other row" not in " ".join(prompt_lines(plain, plain.legal_actions()))


def test_the_fast_paths_agree_with_the_general_path_with_the_leave() -> None:
    from differential import random_ruleset
    from test_engine_fast_paths import play_both_ways

    for seed in range(8):
        players = 2 + seed % 4
        play_both_ways(random_ruleset(random.Random(seed), players, either=True), players, seed)
