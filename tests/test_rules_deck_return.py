"""The Resurrectionist's card put back on a deck: "put a card from either discard pile on top of its deck", one
test per ruling of the rules page ("Fan mechanics": "A card put back on top of its deck").

Each card is written in the card language, as a fan would write it, and played through the public API.

The reference engine (tests/reference_engine.py) restates the construct too, and the differential
(tests/test_audit_differential.py; benchmarks/differential_soak.py ``--only returns``) plays random rulesets with
these cards against it action by action. Here the rulings are checked one by one, what every seat knows is
checked through views, deals and saves, and random games (random moves, greedy and MCTS bots) play rulesets with
these cards to the end, their saves and replays read back equal, and the fast take is compared with the general
path.
"""

from __future__ import annotations

import json
import random

import pytest
from engine_kit import game, one, ruleset, take
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_properties import play_keeping_invariants, tight_variant

import castle_combo as cc
from castle_combo.adapters.encoding import ActionSpace
from castle_combo.bots.greedy import GreedyAgent
from castle_combo.engine.actions import ReturnCard, action_from_json
from castle_combo.engine.decisions import ChooseReturn, decision_from_json
from castle_combo.engine.views import determinize, redeal
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m
from castle_combo.records import narration

C, V = cc.Deck.CASTLE, cc.Deck.VILLAGE
FAITH = "deck village   cost 1   shields faith"
FREE = "deck village   cost 0   shields military"
RESURRECTIONIST = one("Resurrectionist", "when bought: put a card from either discard pile on top of its deck", FAITH)
SEXTON = one("Sexton", "when bought: put a card from the castle discard pile on top of the castle deck", FREE)
UNDERTAKER = one("Undertaker", "when bought: put the top card of the village discard pile on top of the village "
                 "deck", FREE)
SWEEPER = one("Sweeper", "when bought: discard the castle row then discard the top card of the village deck", FREE)
NOBLE = one("Noble", "", "deck castle   cost 5   shields nobility")
RULES = ruleset(RESURRECTIONIST, SEXTON, UNDERTAKER, SWEEPER, NOBLE)


def names(state: cc.GameState, cards: tuple[int, ...]) -> list[str]:
    return [state.engine.name(c) for c in cards]


def opening(rules: cc.Ruleset = RULES, castle: tuple[str, ...] = ("Noble", "c0", "c1", "c2", "c3", "c4")
            ) -> cc.GameState:
    """Seat 0 to play, the messenger at the village; the village row Sweeper, Resurrectionist, Sexton."""
    state = game(rules, castle=list(castle), village=["Sweeper", "Resurrectionist", "Sexton", "v0", "v1", "v2",
                                                      "Undertaker"])
    assert state.messenger is V
    return state


def swept(rules: cc.Ruleset = RULES, castle: tuple[str, ...] = ("Noble", "c0", "c1", "c2", "c3", "c4")
          ) -> cc.GameState:
    """Seat 0 bought the Sweeper: the castle discard pile holds Noble, c0, c1 (c1 on top), the village one v0;
    seat 1 to play, the village row Resurrectionist, Sexton, v1."""
    state = opening(rules, castle).apply(take("Sweeper"))
    assert names(state, state.locations[0].discard) == ["Noble", "c0", "c1"]
    assert names(state, state.locations[1].discard) == ["v0"]
    return state


def asking() -> cc.GameState:
    """Seat 1 bought the Resurrectionist and is asked which card to put back."""
    return swept().apply(take("Resurrectionist"))


# ---------------------------------------------------------------- the language


def test_the_card_put_back_is_written_said_and_formatted_back() -> None:
    (effect,) = RESURRECTIONIST.ability
    assert effect == m.ReturnToDeck() and effect.ccl() == "put a card from either discard pile on top of its deck"
    assert effect.describe() == (
        "Put a card of your choice from the castle discard pile or the village discard pile on top of its own deck "
        "(a castle card on the castle deck, a village card on the village deck): every player sees it, and it is "
        "revealed by the next refill of that row (nothing happens with an empty pile).")
    assert SEXTON.ability == (m.ReturnToDeck(C, onto=C),)
    assert UNDERTAKER.ability == (m.ReturnToDeck(V, True, V),)
    assert UNDERTAKER.ability[0].describe() == (
        "Put the top card of the village discard pile (the last one discarded) on top of the village deck: every "
        "player sees it, and it is revealed by the next refill of that row (nothing happens with an empty pile).")
    its = one("Digger", "when bought: put one card from the village discard pile on top of its deck", FREE)
    assert its.ability == (m.ReturnToDeck(V),)
    assert its.ability[0].ccl() == "put a card from the village discard pile on top of its deck"
    for card in (RESURRECTIONIST, SEXTON, UNDERTAKER, its):
        assert parse_text(format_card(card))[0] == card


def test_a_card_never_goes_onto_another_locations_deck() -> None:
    with pytest.raises(cc.CardValidationError, match="a castle card never goes into the village deck") as refused:
        one("Wrong", "when bought: put a card from the castle discard pile on top of the village deck", FREE)
    assert "write 'on top of the castle deck'" in str(refused.value)
    with pytest.raises(cc.CardValidationError, match="write 'on top of its deck'"):
        one("Wrong", "when bought: put a card from either discard pile on top of the village deck", FREE)


def test_the_refusal_names_the_cards_that_never_go_onto_the_deck_written() -> None:
    with pytest.raises(cc.CardValidationError, match="a village card never goes into the castle deck") as refused:
        one("Wrong", "when bought: put a card from the village discard pile on top of the castle deck", FREE)
    assert "write 'on top of the village deck'" in str(refused.value)
    with pytest.raises(cc.CardValidationError, match="a castle card never goes into the village deck"):
        one("Wrong", "when bought: put a card from either discard pile on top of the village deck", FREE)


def test_a_card_put_back_at_the_end_of_the_game_is_refused() -> None:
    with pytest.raises(cc.CardValidationError, match="is never revealed: no row is refilled after it"):
        one("Late", "at the end of the game: put the top card of the castle discard pile on top of the castle deck")


def test_the_top_card_of_either_pile_is_refused_as_naming_no_pile() -> None:
    problems = m.ReturnToDeck(None, True).problems()
    assert [p.message for p in problems] == [
        "the top card is the top card of one pile, the castle discard pile or the village discard pile"]


def test_a_choice_between_turns_is_refused_but_the_top_card_needs_none() -> None:
    with pytest.raises(cc.CardValidationError, match="cannot happen at the start of a turn"):
        one("Early", "at the start of your turn: put a card from either discard pile on top of its deck")
    early = one("Early", "at the start of your turn: put the top card of the castle discard pile on top of the "
                "castle deck", FREE)
    assert early.ability == () and m.ReturnToDeck(C, True, C) in m.walk(early)
    from castle_combo.language.model.effects import asks

    assert not asks(m.ReturnToDeck(C, True)) and asks(m.ReturnToDeck())


def test_a_fan_writing_the_resurrectionists_words_is_shown_the_phrase() -> None:
    with pytest.raises(cc.CardSyntaxError, match="put a card from either discard pile on top of its deck"):
        parse_text(f'card "Fan" {{\n    {FAITH}\n    when bought: choose one card from either discard pile and '
                   "put it on top of that location's deck\n}\n")
    with pytest.raises(cc.CardSyntaxError, match="put a card from either discard pile on top of its deck"):
        parse_text(f'card "Fan" {{\n    {FAITH}\n    when bought: put a card from the discard pile on top of the '
                   "deck\n}\n")


# ---------------------------------------------------------------- the rules


def test_the_choice_is_open_among_both_piles_castle_first_each_top_first() -> None:
    state = asking()
    assert state.pending is not None and state.pending.decision == ChooseReturn((0, 1))
    assert state.to_act == 1
    assert state.legal_actions() == (ReturnCard("c1"), ReturnCard("c0"), ReturnCard("Noble"), ReturnCard("v0"))


def test_a_named_pile_offers_only_its_cards_even_one() -> None:
    state = swept().apply(take("Sexton"))
    assert state.legal_actions() == (ReturnCard("c1"), ReturnCard("c0"), ReturnCard("Noble"))
    digger = one("Digger", "when bought: put a card from the village discard pile on top of its deck", FREE)
    rules = ruleset(digger, SWEEPER, NOBLE)
    state = game(rules, castle=["Noble"], village=["Sweeper", "Digger", "v9", "v0"])
    state = state.apply(take("Sweeper")).apply(take("Digger"))
    assert state.legal_actions() == (ReturnCard("v0"),)  # asked even with one card: the choice is open


def test_with_both_piles_empty_nothing_happens_and_nothing_is_asked() -> None:
    before = opening()
    state = before.apply(take("Resurrectionist"))
    assert state.pending is None and state.current_player == 1
    assert state.locations[0].deck == before.locations[0].deck
    with pytest.raises(cc.IllegalAction, match="no decision is waiting"):
        state.apply(ReturnCard("Noble"))


def test_a_castle_card_waits_on_top_of_the_castle_deck_while_the_castle_row_is_full() -> None:
    state = asking().apply(ReturnCard("Noble"))
    assert names(state, state.locations[0].deck)[:2] == ["Noble", "c5"]
    assert names(state, state.locations[0].discard) == ["c0", "c1"]
    assert "Noble" not in [c.name for c in state.row(C)]
    assert state.current_player == 0 and state.pending is None


def test_a_castle_card_put_back_is_revealed_when_a_card_is_taken_from_the_castle_row() -> None:
    state = asking().apply(ReturnCard("Noble"))
    state = state.apply(cc.UseKey(cc.KeyUse.MOVE))
    assert state.messenger is C
    taken = state.row(C)[0].name
    state = state.apply(next(a for a in state.legal_actions() if isinstance(a, cc.Take) and a.card == taken))
    assert [c.name for c in state.row(C)][-1] == "Noble"
    assert state.known == ()  # drawn: no longer a secret of the deck, nor known of it


def test_a_castle_card_put_back_is_revealed_by_a_key_refresh_of_the_castle_row() -> None:
    state = asking().apply(ReturnCard("Noble"))
    state = state.replace(messenger=C)  # (a shortcut: the messenger at the castle for seat 0's key)
    row = [c.name for c in state.row(C)]
    state = state.apply(cc.UseKey(cc.KeyUse.REFRESH))
    assert [c.name for c in state.row(C)][0] == "Noble"
    assert set(row) <= set(names(state, state.locations[0].discard))


def test_a_village_card_put_back_shows_up_in_step_4_of_this_turn_when_its_row_has_a_gap() -> None:
    state = asking().apply(ReturnCard("v0"))
    # The Resurrectionist left a gap in the village row: the refill of step 4 reveals v0 at once.
    assert [c.name for c in state.row(V)] == ["Sexton", "v1", "v0"]
    assert "v0" not in names(state, state.locations[1].deck)
    assert state.known == ()


def test_a_card_put_back_on_an_empty_deck_becomes_the_whole_deck() -> None:
    rules = ruleset(RESURRECTIONIST, SEXTON, UNDERTAKER, SWEEPER, NOBLE, castle=6)
    state = swept(rules).apply(take("Resurrectionist"))
    assert state.locations[0].deck == ()
    state = state.apply(ReturnCard("Noble"))
    assert names(state, state.locations[0].deck) == ["Noble"]


def test_taken_face_down_nothing_happens() -> None:
    before = swept()
    state = before.apply(take("Resurrectionist", face_down=True))
    assert state.pending is None
    assert state.locations[0].discard == before.locations[0].discard
    assert state.locations[1].discard == before.locations[1].discard


def test_the_top_card_of_a_pile_goes_back_without_a_question() -> None:
    rules = ruleset(UNDERTAKER, SWEEPER, NOBLE)
    state = game(rules, castle=["Noble"], village=["Sweeper", "Undertaker", "v9", "v0", "v1"])
    state = state.apply(take("Sweeper"))
    assert names(state, state.locations[1].discard) == ["v0"]
    state = state.apply(take("Undertaker"))
    assert state.pending is None and state.current_player == 0
    assert state.locations[1].discard == ()
    # The Undertaker's gap was refilled in step 4 from the top of the village deck: the card put back.
    assert [c.name for c in state.row(V)] == ["v9", "v1", "v0"]


def test_the_top_card_is_the_last_one_discarded_and_waits_while_its_row_is_full() -> None:
    vicar = one("Vicar", "when bought: put the top card of the castle discard pile on top of the castle deck", FREE)
    rules = ruleset(vicar, SWEEPER, NOBLE)
    state = game(rules, castle=["Noble", "c0", "c1"], village=["Sweeper", "Vicar", "v9"])
    state = state.apply(take("Sweeper")).apply(take("Vicar"))
    assert state.pending is None
    assert names(state, state.locations[0].deck)[:1] == ["c1"]
    assert names(state, state.locations[0].discard) == ["Noble", "c0"]
    assert state.known == ((0, 0, 1), (0, 1, 1))


def test_the_top_card_of_an_empty_pile_puts_nothing_back() -> None:
    rules = ruleset(UNDERTAKER, NOBLE)
    before = game(rules, castle=["Noble"], village=["Undertaker", "v0", "v1", "v2"])
    state = before.apply(take("Undertaker"))
    assert state.pending is None and state.known == ()
    assert [c.name for c in state.row(V)] == ["v0", "v1", "v2"]
    assert state.locations[1].deck == before.locations[1].deck[1:]


def test_a_wrong_card_is_refused_naming_the_cards_offered() -> None:
    with pytest.raises(cc.IllegalAction, match="v1 is not in the castle or the village discard pile; you may put "
                                               "back c1, c0, Noble, v0"):
        asking().apply(ReturnCard("v1"))


# ---------------------------------------------------------------- what everyone knows


def test_every_seat_knows_the_card_put_back_and_every_view_shows_it_on_top() -> None:
    state = asking().apply(ReturnCard("Noble"))
    noble = state.engine.ids["Noble"]
    assert state.known == ((0, 0, 1), (0, 1, 1))
    for seat in (0, 1):
        view = state.view(seat)
        assert view.known == ((0, seat, 1),)
        assert view.locations[0].deck[0] == noble
        assert list(view.locations[0].deck[1:]) == sorted(view.locations[0].deck[1:])
        for k in range(5):  # a bot's determinized deal keeps it on top
            assert determinize(view, random.Random(k)).locations[0].deck[0] == noble


def test_what_a_seat_knew_of_a_deck_stays_known_under_the_card_put_back() -> None:
    scout = one("Scout", "when bought: look at the top 2 cards of the castle deck and put them back in any order",
                FREE)
    rules = ruleset(RESURRECTIONIST, SEXTON, UNDERTAKER, SWEEPER, NOBLE, scout)
    state = game(rules, castle=["Noble", "c0", "c1", "c2", "c3", "c4"],
                 village=["Sweeper", "Scout", "Resurrectionist", "v0", "v1", "v2"])
    state = state.apply(take("Sweeper"))
    state = state.apply(take("Scout"))
    while state.pending is not None:
        state = state.apply(state.legal_actions()[0])
    assert state.known == ((0, 1, 2),)
    top = state.locations[0].deck[:2]
    state = state.apply(take("Resurrectionist", 1, 0)).apply(ReturnCard("Noble"))
    assert state.known == ((0, 0, 1), (0, 1, 3))
    assert state.locations[0].deck[1:3] == top
    assert state.view(1).locations[0].deck[:3] == state.locations[0].deck[:3]


def test_a_view_with_the_card_put_back_on_top_saves_and_loads() -> None:
    state = opening(RULES, ("c20", "c21", "c22", "c2", "c3", "c4")).apply(take("Sweeper"))
    state = state.apply(take("Resurrectionist")).apply(ReturnCard("c22"))
    view = state.view(1)
    assert view.locations[0].deck[0] == state.engine.ids["c22"] != min(view.locations[0].deck)
    assert cc.loads(cc.dumps(view), rules=RULES) == view
    data = json.loads(cc.dumps(view))
    data["known"] = []  # without the knowledge, the card on top is out of the canonical order of a view
    with pytest.raises(cc.RecordError, match="canonical order"):
        cc.loads(json.dumps(data), rules=RULES)


def test_a_view_saved_after_a_look_loads_too() -> None:
    """The check of a view keeps in place every top card its viewer knows, looked at as well as put back."""
    scout = one("Scout", "when bought: look at the top 3 cards of the castle deck and put them back in any order",
                FREE)
    rules = ruleset(scout)
    state = game(rules, castle=["c0", "c1", "c2", "c20", "c21", "c22"], village=["Scout"]).apply(take("Scout"))
    while state.pending is not None:
        state = state.apply(state.legal_actions()[-1])
    view = state.view(0)
    assert names(view, view.locations[0].deck[:3]) == ["c22", "c21", "c20"]
    assert cc.loads(cc.dumps(view), rules=rules) == view


def test_the_undo_of_the_terminal_does_not_deal_again_a_deck_a_card_went_back_into() -> None:
    state = asking().apply(ReturnCard("Noble"))
    assert redeal(state, random.Random(1)) is state


def test_a_game_with_cards_put_back_dealt_again_at_any_point_still_replays() -> None:
    scribes = [one(f"Scribe {i}", "when bought: put a card from either discard pile on top of its deck", FREE)
               for i in range(5)]
    rules = ruleset(RESURRECTIONIST, SEXTON, UNDERTAKER, SWEEPER, NOBLE, *scribes, castle=20, village=20)
    for seed in range(4):
        rng = random.Random(seed)
        state = cc.new_game(players=2 + seed % 2, rules=rules, seed=seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            again = redeal(state, rng)
            for seat in range(len(state.players)):
                assert again.view(seat) == state.view(seat)
            assert cc.replay(again.record(), rules=rules) == again


# ---------------------------------------------------------------- saves, records, encodings, screens


def test_the_question_and_the_answer_are_kept_in_saves_and_replays() -> None:
    state = asking()
    data = json.loads(cc.dumps(state))
    assert data["pending"]["decision"] == {"kind": "return", "decks": ["castle", "village"]}
    assert cc.loads(cc.dumps(state), rules=RULES) == state
    after = state.apply(ReturnCard("Noble"))
    assert cc.loads(cc.dumps(after), rules=RULES) == after
    record = after.record()
    assert {"type": "return", "card": "Noble"} in json.loads(json.dumps(record))["actions"]
    assert cc.replay(record, rules=RULES) == after


def test_a_save_asking_another_pile_is_refused_naming_the_place() -> None:
    data = json.loads(cc.dumps(asking()))
    data["pending"]["decision"]["decks"] = ["village"]
    with pytest.raises(cc.RecordError, match=r"\$\.pending"):
        cc.loads(json.dumps(data), rules=RULES)


def test_the_new_action_and_decision_round_trip_through_json() -> None:
    action = ReturnCard("Noble")
    assert action.to_json() == {"type": "return", "card": "Noble"}
    assert action_from_json(json.loads(json.dumps(action.to_json()))) == action
    with pytest.raises(cc.RecordError, match=r"\$\.card: expected a card name"):
        action_from_json({"type": "return", "card": 3})
    for decision in (ChooseReturn((0,)), ChooseReturn((1,)), ChooseReturn((0, 1))):
        assert decision_from_json(decision.to_json()) == decision
    with pytest.raises(cc.RecordError, match="expected"):
        decision_from_json({"kind": "return", "decks": ["village", "castle"]})
    with pytest.raises(cc.RecordError, match="expected"):
        decision_from_json({"kind": "return", "decks": []})


def test_the_narration_names_the_card_put_back_and_says_no_look() -> None:
    before = asking()
    after = before.apply(ReturnCard("Noble"))
    said = narration.narrate(before, ReturnCard("Noble"), after, ["Ann", "Bob"])
    assert said.startswith("Bob puts Noble from the castle discard pile back on top of the castle deck")
    assert "looks" not in said
    undertaker = game(ruleset(UNDERTAKER, SWEEPER, NOBLE), castle=["Noble"], village=["Sweeper", "Undertaker"])
    swept_ = undertaker.apply(take("Sweeper"))
    top = swept_.engine.name(swept_.locations[1].discard[-1])
    action = take("Undertaker")
    said = narration.narrate(swept_, action, swept_.apply(action), ["Ann", "Bob"])
    assert f"{top} goes back on top of the village deck" in said and "looks" not in said


def test_the_terminal_puts_a_card_back_by_its_compact_syntax() -> None:
    from castle_combo.cli._play_input import BadInput, compact, parse_input, prompt_lines

    state = asking()
    legal = state.legal_actions()
    assert parse_input("return nob", legal).action == ReturnCard("Noble")
    assert compact(ReturnCard("Noble")) == "return noble"
    assert "put Noble on top of its deck" in " ".join(prompt_lines(state.view(1), legal))
    with pytest.raises(BadInput, match="no card to put back on top of its deck"):
        parse_input("return noble", opening().legal_actions())
    from rich.console import Console

    from castle_combo.cli import tui

    back = state.apply(ReturnCard("Noble"))
    for seat in (0, 1):  # every player saw it put there: each one's screen shows it on top of the castle deck
        console = Console(width=100, record=True)
        console.print(tui.rows_panel(back.view(seat), seat))
        assert "(top: Noble)" in console.export_text()


def test_the_rl_action_space_grows_only_with_a_card_that_asks_which_card_goes_back() -> None:
    space = ActionSpace(RULES, 2)
    plain = ActionSpace(ruleset(one("Resurrectionist", "", FAITH), one("Sexton", "", FREE), UNDERTAKER, SWEEPER,
                                NOBLE), 2)
    assert space.size == plain.size + len(RULES.names)
    assert ChooseReturn in space.kinds and ChooseReturn not in plain.kinds
    for action in asking().legal_actions():
        assert space.decode(space.encode(action)) == action
    with pytest.raises(cc.errors.EncodingError, match="puts a card of a discard pile back"):
        plain.encode(ReturnCard("Noble"))
    assert ActionSpace(None, 3).size == ActionSpace(cc.Ruleset.standard(), 3).size


def test_the_rl_observation_has_a_place_for_the_question() -> None:
    pytest.importorskip("numpy", reason="the RL observation needs the rl extra (numpy)")
    space = ActionSpace(RULES, 2)
    plain = ActionSpace(ruleset(one("Resurrectionist", "", FAITH), one("Sexton", "", FREE), UNDERTAKER, SWEEPER,
                                NOBLE), 2)
    assert space.observation_size == plain.observation_size + 1
    seen = space.observe(asking(), 1)
    assert len(seen) == space.observation_size


# ---------------------------------------------------------------- bots and random games


def test_the_greedy_and_mcts_bots_answer_which_card_goes_back() -> None:
    from castle_combo.bots import MctsAgent

    state = asking()
    for agent in (GreedyAgent(), MctsAgent(iterations=20)):
        chosen = agent.choose(state.view(1), random.Random(0))
        assert isinstance(chosen, ReturnCard) and chosen in state.legal_actions()


def test_random_and_bot_games_with_cards_put_back_play_to_the_end_and_save() -> None:
    from castle_combo.bots import MctsAgent

    scribes = [one(f"Scribe {i}", "when bought: put a card from either discard pile on top of its deck", FREE)
               for i in range(6)]
    rules = ruleset(RESURRECTIONIST, SEXTON, UNDERTAKER, SWEEPER, NOBLE, *scribes)
    answered = 0
    for seed in range(6):
        rng = random.Random(seed)
        players = 2 + seed % 3
        state = cc.new_game(players=players, rules=rules, seed=seed)
        agents = [GreedyAgent(), MctsAgent(iterations=15)] * 3
        while not state.is_over:
            seat = state.to_act
            legal = state.legal_actions()
            action = rng.choice(legal) if rng.random() < 0.4 else agents[seat].choose(state.view(seat), rng)
            answered += isinstance(action, ReturnCard)
            state = state.apply(action)
        assert all(len(p.tableau) == 9 for p in state.players)
        assert cc.loads(cc.dumps(state), rules=rules) == state
        assert cc.replay(state.record(), rules=rules) == state
    assert answered > 0


def test_the_fast_take_agrees_with_the_general_path_with_cards_put_back() -> None:
    from test_engine_fast_paths import play_both_ways

    scribes = [one(f"Scribe {i}", "when bought: put the top card of the castle discard pile on top of the castle "
                   "deck", FREE) for i in range(4)]
    for seed in range(3):
        play_both_ways(ruleset(RESURRECTIONIST, SWEEPER, NOBLE, UNDERTAKER, *scribes), 2 + seed, seed)


# ---------------------------------------------------------------- random-game properties


def _tight_with_returns(players: int) -> cc.Ruleset:
    """The tight synthetic set of the engine's properties (reshuffles, exhausted locations, locks, choices,
    discards, gold in rows), every fourth card of it putting a card back (of either pile, of a named one, or the
    top card of one)."""
    import attrs

    returns = (m.ReturnToDeck(), m.ReturnToDeck(C, onto=C), m.ReturnToDeck(V, True), m.ReturnToDeck(C, True))
    return tight_variant(players, "returns", lambda i, card: attrs.evolve(card, ability=(*card.ability,
                                                                                         returns[i % 4]))
                         if i % 4 == 1 else card)


TIGHT_RETURNS = {n: _tight_with_returns(n) for n in range(2, 6)}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 5), st.integers(0, 2**32 - 1))
def test_random_play_with_cards_put_back_keeps_every_invariant(players: int, seed: int) -> None:
    def known_on_top(before: cc.GameState, action: cc.Action, state: cc.GameState) -> None:
        for d, s, n in state.known:  # what a seat knows lies on top of the deck, in every view of it
            assert state.view(s).locations[d].deck[:n] == state.locations[d].deck[:n]

    play_keeping_invariants(TIGHT_RETURNS[players], players, seed, known_on_top)
