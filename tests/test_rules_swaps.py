"""Swapping cards of a tableau, one test per ruling of the rules page ("Swapping cards").

``swap two cards of your tableau`` and ``swap this card with an adjacent card``
are written in the card language, as a fan would write them, and played
through the public API.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from engine_kit import FACTS, balanced, card, game, one, ruleset, seat_with, take
from hypothesis import given, settings
from hypothesis import strategies as st

import castle_combo as cc
from castle_combo.bots import GreedyAgent, MctsAgent, RandomAgent
from castle_combo.engine.decisions import AcceptOrDecline, ChooseSwap
from castle_combo.engine.table import spots_of
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m
from castle_combo.records import integrity
from castle_combo.records.integrity import check_rules_kept, check_state
from castle_combo.records.narration import narrate

MASON = one("Mason", "when bought: swap two cards of your tableau")
STEWARD = card("Steward", purse=3)
GATE = card("Gate", unlocked=[m.Gain(2, m.Resource.GOLD)])
HIDDEN = card("Hidden")


def lies(state: cc.GameState, seat: int = 0) -> dict[str, tuple[tuple[int, int], bool, int, bool]]:
    """Each card of ``seat``'s tableau: where it lies, face down or not, its gold and its key."""
    return {t.card.name: (t.at, t.face_down, t.gold, t.key) for t in state.tableau(seat)}


def with_gold(state: cc.GameState, seat: int, name: str, gold: int) -> cc.GameState:
    """``state`` with ``gold`` stored on ``seat``'s card ``name``."""
    player = state.players[seat]
    cells = tuple(c.replace(gold=gold) if state.engine.name(c.card) == name else c for c in player.tableau)
    players = list(state.players)
    players[seat] = player.replace(tableau=cells)
    return state.replace(players=tuple(players))


def at_castle(rules: cc.Ruleset, *top: str) -> cc.GameState:
    return game(rules, castle=list(top)).replace(messenger=cc.Deck.CASTLE)


def three_cards(*extra: m.Card, mason: m.Card = MASON) -> cc.GameState:
    """Seat 0 holds the Steward (2 gold on it), the Gate (its key waiting) and a face-down card in the top row;
    seat 1 three plain cards; the Mason on top of the castle row, seat 0 to play."""
    rules = ruleset(mason, STEWARD, GATE, HIDDEN, *extra)
    state = seat_with(at_castle(rules, mason.name), 0, [("Steward", 0, 0), ("Gate", 1, 0), ("Hidden", 2, 0, True)])
    state = with_gold(state, 0, "Steward", 2)
    return balanced(seat_with(state, 1, [("c10", 0, 0), ("c11", 1, 0), ("c12", 2, 0)]))


# ---------------------------------------------------------------- what moves


def test_two_cards_trade_places_each_with_its_side_and_the_gold_on_it() -> None:
    state = three_cards().apply(take("Mason", 0, 1))
    before = lies(state)
    after = state.apply(cc.SwapCard("Steward")).apply(cc.SwapCard("Hidden"))
    now = lies(after)
    assert now["Steward"] == ((2, 0), False, 2, False)
    assert now["Hidden"] == ((0, 0), True, 0, False)
    assert {k: v for k, v in now.items() if k not in ("Steward", "Hidden")} == \
        {k: v for k, v in before.items() if k not in ("Steward", "Hidden")}


def test_a_lock_card_swapped_keeps_the_key_waiting_on_it() -> None:
    state = three_cards().apply(take("Mason", 0, 1))
    after = state.apply(cc.SwapCard("Gate")).apply(cc.SwapCard("Mason"))
    assert lies(after)["Gate"] == ((0, 1), False, 0, True)
    assert lies(after)["Mason"][0] == (1, 0)


def test_the_owner_picks_the_first_card_then_the_card_it_swaps_with() -> None:
    state = three_cards().apply(take("Mason", 0, 1))
    assert state.pending is not None and state.pending.decision == ChooseSwap((0, 1, 2, 3))
    assert state.legal_actions() == tuple(cc.SwapCard(n) for n in ("Steward", "Gate", "Hidden", "Mason"))
    second = state.apply(cc.SwapCard("Gate"))
    assert second.pending is not None and second.pending.decision == ChooseSwap((0, 2, 3), first=1)
    assert "choose the card Mason swaps with Gate" in second.pending.decision.owed(second, "Mason")


def test_a_card_is_never_offered_to_swap_with_itself() -> None:
    second = three_cards().apply(take("Mason", 0, 1)).apply(cc.SwapCard("Gate"))
    assert cc.SwapCard("Gate") not in second.legal_actions()
    with pytest.raises(cc.IllegalAction, match="Gate is not a card of yours Mason may swap now; you may choose "
                                               "Steward, Hidden, Mason"):
        second.apply(cc.SwapCard("Gate"))


def test_with_one_card_nothing_happens_and_nothing_is_asked() -> None:
    state = at_castle(ruleset(MASON), "Mason")
    after = state.apply(take("Mason"))
    assert after.pending is None and after.current_player == 1
    assert lies(after)["Mason"][0] == (0, 0)


def test_two_cards_that_may_swap_swap_without_a_question() -> None:
    rules = ruleset(MASON, STEWARD)
    state = seat_with(at_castle(rules, "Mason"), 0, [("Steward", 0, 0)])
    after = state.apply(take("Mason", 1, 0))
    assert after.pending is None
    assert lies(after)["Mason"][0] == (0, 0) and lies(after)["Steward"][0] == (1, 0)


def test_words_after_swap_two_name_both_cards_and_a_face_down_card_shows_no_deck() -> None:
    mason = one("Mason", "when bought: swap two castle cards of your tableau")
    village = card("Villager", m.Deck.VILLAGE)
    rules = ruleset(mason, STEWARD, GATE, HIDDEN, village)
    state = seat_with(at_castle(rules, "Mason"), 0, [("Steward", 0, 0), ("Villager", 1, 0), ("Hidden", 2, 0, True),
                                                     ("Gate", 0, 1)])
    after = state.apply(take("Mason", 1, 1))
    assert after.legal_actions() == (cc.SwapCard("Steward"), cc.SwapCard("Gate"), cc.SwapCard("Mason"))


def test_with_no_two_cards_passing_the_words_nothing_happens_and_nothing_is_asked() -> None:
    mason = one("Mason", "when bought: swap two village cards of your tableau")
    rules = ruleset(mason, STEWARD, HIDDEN)
    state = seat_with(at_castle(rules, "Mason"), 0, [("Steward", 0, 0), ("Hidden", 1, 0)])
    after = state.apply(take("Mason", 2, 0))
    assert after.pending is None and lies(after)["Mason"][0] == (2, 0)


def test_an_optional_swap_is_offered_only_when_two_cards_may_swap() -> None:
    mason = one("Mason", "when bought: you may swap two castle cards of your tableau")
    village = card("Villager", m.Deck.VILLAGE)
    rules = ruleset(mason, STEWARD, village)
    alone = seat_with(at_castle(rules, "Mason"), 0, [("Villager", 0, 0)])
    assert alone.apply(take("Mason", 1, 0)).pending is None
    paired = seat_with(at_castle(rules, "Mason"), 0, [("Steward", 0, 0)])
    asked = paired.apply(take("Mason", 1, 0))
    assert asked.pending is not None and asked.pending.decision == AcceptOrDecline()
    assert lies(asked.apply(cc.Choose(1)))["Mason"][0] == (0, 0)
    assert lies(asked.apply(cc.Choose(2)))["Mason"][0] == (1, 0)


# ---------------------------------------------------------------- this card


def test_swap_this_card_asks_only_the_card_it_swaps_with_and_this_card_follows_the_move() -> None:
    mover = one("Mover", "when bought:\n        swap this card with an adjacent card\n"
                         "        gain 1 gold per card adjacent to this card")
    rules = ruleset(mover, *(card(n) for n in "ABCE"))
    state = seat_with(at_castle(rules, "Mover"), 0, [("A", 0, 0), ("B", 1, 0), ("C", 2, 0), ("E", 2, 1)])
    asked = state.apply(take("Mover", 1, 1))
    assert asked.pending is not None and asked.pending.decision == ChooseSwap((1, 3), first=4)
    gold = asked.players[0].gold
    # At (1, 0) after the swap, this card has three neighbours (A, C and B below it); at (1, 1) it had two.
    after = asked.apply(cc.SwapCard("B"))
    assert lies(after)["Mover"][0] == (1, 0) and lies(after)["B"][0] == (1, 1)
    assert after.players[0].gold == gold + 3


def test_a_card_adjacent_to_it_reads_as_an_adjacent_card() -> None:
    (written,) = parse_text('card "Mover" {\n    deck castle   cost 0   shields nobility\n'
                            '    when bought: swap this card with a face-down card adjacent to it\n}\n')
    assert written.ability == (m.Swap(m.FaceDown(), this=True),)
    assert "swap this card with an adjacent face-down card" in format_card(written)


def test_a_moved_cards_ability_does_not_happen_again() -> None:
    rich = card("Rich", ability=[m.Gain(5, m.Resource.GOLD)])
    rules = ruleset(MASON, rich, STEWARD)
    state = seat_with(at_castle(rules, "Mason"), 0, [("Rich", 0, 0), ("Steward", 1, 0)])
    asked = state.apply(take("Mason", 2, 0))
    after = asked.apply(cc.SwapCard("Rich")).apply(cc.SwapCard("Steward"))
    assert after.players[0].gold == asked.players[0].gold
    assert lies(after)["Rich"][0] == (1, 0)


# ---------------------------------------------------------------- places


def test_the_places_filled_stay_the_same_so_the_next_card_goes_where_it_could() -> None:
    rules = ruleset(MASON, STEWARD)
    state = seat_with(at_castle(rules, "Mason"), 0, [("Steward", 0, 0)])
    after = state.apply(take("Mason", 1, 0))  # the card just placed moves at once: only two cards
    assert {t.at for t in after.tableau(0)} == {(0, 0), (1, 0)}
    assert after.players[0].spots == spots_of(after.players[0].tableau)


def test_effects_at_the_start_of_a_turn_read_the_new_places() -> None:
    lamp = one("Lamplighter", "at the start of your turn: gain 1 gold per card adjacent to this card")
    rules = ruleset(MASON, lamp, STEWARD, HIDDEN)
    state = seat_with(at_castle(rules, "Mason"), 0, [("Lamplighter", 0, 0), ("Steward", 1, 0), ("Hidden", 2, 0)])
    state = balanced(seat_with(state, 1, [("c10", 0, 0), ("c11", 1, 0), ("c12", 2, 0)]))
    after = state.apply(take("Mason", 2, 1)).apply(cc.SwapCard("Lamplighter")).apply(cc.SwapCard("Hidden"))
    assert lies(after)["Lamplighter"][0] == (2, 0)
    gold = after.players[0].gold
    row = after.row(cc.Deck.CASTLE)[0].name
    later = after.apply(take(row, 0, 1))  # seat 1's turn; then seat 0's starts
    # At (2, 0) the Lamplighter has two neighbours (Steward, Mason); at (0, 0) it had one.
    assert later.players[0].gold == gold + 2


def test_the_final_grid_is_scored_as_the_cards_then_lie() -> None:
    journeyman = one("Journeyman", "when bought: swap two cards of your tableau\n    score 4 if placed in the center")
    rules = ruleset(journeyman)
    state = at_castle(rules, "Journeyman")
    names = ["c10", "c11", "c12", "c13", "c14", "c15", "c16", "c17"]
    cells = [(x, y) for y in range(3) for x in range(3) if (x, y) != (1, 0)]
    state = seat_with(state, 0, [(n, x, y) for n, (x, y) in zip(names, cells, strict=True)])
    assert state.tableau(0)  # the Journeyman goes to the top middle, an edge, then swaps into the center
    after = state.apply(take("Journeyman", 1, 0)).apply(cc.SwapCard("Journeyman")).apply(cc.SwapCard("c13"))
    assert lies(after)["Journeyman"][0] == (1, 1)
    grid = [[None] * 3 for _ in range(3)]
    for name, (at, face_down, _, _) in lies(after).items():
        grid[at[1]][at[0]] = "face-down" if face_down else name
    sheet = cc.score_tableau(grid, rules=rules)
    assert sheet.cards[1][1] == 4


# ---------------------------------------------------------------- where a swap may stand, saves, words


def test_a_swap_asks_so_no_trigger_may_hold_it() -> None:
    with pytest.raises(cc.CastleComboError, match="asks its owner a question"):
        one("Night Mason", "at the start of your turn: swap two cards of your tableau")


def test_a_save_between_the_two_questions_loads_and_asks_the_second() -> None:
    state = three_cards()
    rules = ruleset(MASON, STEWARD, GATE, HIDDEN)
    second = state.apply(take("Mason", 0, 1)).apply(cc.SwapCard("Steward"))
    loaded = cc.loads(cc.dumps(second), rules=rules)
    assert loaded == second
    assert loaded.pending is not None and loaded.pending.decision.to_json() == {
        "kind": "swap", "candidates": {"first": 0, "candidates": [1, 2, 3]}}
    done = loaded.apply(cc.SwapCard("Mason"))
    assert lies(done)["Steward"][0] == (0, 1)
    check_state(done)
    check_rules_kept(done)


def test_a_tableau_whose_first_card_moved_still_loads() -> None:
    state = three_cards()
    rules = ruleset(MASON, STEWARD, GATE, HIDDEN)
    done = state.apply(take("Mason", 0, 1)).apply(cc.SwapCard("Steward")).apply(cc.SwapCard("Mason"))
    assert lies(done)["Mason"][0] == (0, 0)  # the first card taken no longer lies at (0, 0)
    assert cc.loads(cc.dumps(done), rules=rules) == done


def test_a_save_whose_tableau_has_no_card_at_the_origin_is_refused_even_with_swaps() -> None:
    rules = ruleset(MASON, STEWARD, GATE)
    state = balanced(seat_with(seat_with(at_castle(rules, "Mason"), 0, [("Steward", 1, 0), ("Gate", 2, 0)]), 1,
                               [("c10", 0, 0), ("c11", 1, 0)]))
    with pytest.raises(cc.RecordError, match=r"\$\.players\[0\]\.tableau: no card is at \[0, 0\]"):
        check_state(state)


def test_the_words_of_a_swap_round_trip_and_say_what_moves() -> None:
    for body, english in [
        ("swap two cards of your tableau", "Swap the places of two of your cards (your choice; each moves as it "
         "lies, face up or down, with its gold and key; no ability happens again)."),
        ("you may swap two castle cards of your tableau", "You may swap the places of two of your castle cards"),
        ("swap this card with an adjacent face-down card", "Swap the places of this card and one of your "
         "face-down cards adjacent to it"),
    ]:
        written = one("Mason", f"when bought: {body}")
        assert parse_text(format_card(written)) == (written,)
        assert f"when bought: {body}" in format_card(written)
        assert written.ability[0].describe().startswith(english)


def test_it_stays_free_as_the_language_code_of_italian() -> None:
    (named,) = parse_text('card "Mason" {\n    it "Muratore"\n    ' + FACTS + '\n}\n')
    assert named.names == (("it", "Muratore"),)


def test_the_narration_says_which_cards_swapped_places() -> None:
    asked = three_cards().apply(take("Mason", 0, 1))
    first = asked.apply(cc.SwapCard("Steward"))
    assert narrate(asked, cc.SwapCard("Steward"), first) == "seat 0 picks Steward for a swap"
    done = first.apply(cc.SwapCard("Hidden"))
    assert narrate(first, cc.SwapCard("Hidden"), done) == (
        "seat 0 picks Hidden for a swap; Steward and Hidden swap places (Steward now at (2, 0), Hidden at (0, 0))")


def test_the_action_of_a_swap_round_trips_through_json_and_the_rl_encoding() -> None:
    from castle_combo.adapters.encoding import ActionSpace

    action = cc.SwapCard("Steward")
    assert cc.action_from_json(action.to_json()) == action == cc.action_from_json({"type": "swap", "card": "Steward"})
    space = ActionSpace(ruleset(MASON, STEWARD))
    assert space.decode(space.encode(action)) == action
    assert space.size == space.swap_start + len(space.names)
    plain = ActionSpace(ruleset(STEWARD))
    assert plain.size == plain.swap_start and not plain.swaps


# ---------------------------------------------------------------- properties and bots


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_swap_never_loses_or_duplicates_a_card_and_keeps_the_places_filled(data: st.DataObject) -> None:
    """Whatever the tableau and the answers: the same cards, each with its side, gold and key, on the same places."""
    mason = one("Mason", data.draw(st.sampled_from([
        "when bought: swap two cards of your tableau",
        "when bought: swap this card with an adjacent card",
        "when bought: swap two face-down cards of your tableau",
        "when bought: swap two cards with a purse of your tableau",
        "when bought: you may swap two cards of your tableau",
    ])))
    purses = [card(f"P{i}", purse=3) for i in range(8)]
    rules = ruleset(mason, *purses)
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    count = data.draw(st.integers(0, 8))
    placed: list[tuple[str, int, int, bool]] = []
    at: set[tuple[int, int]] = set()
    for i in range(count):
        x, y = rng.choice(_spots(at))
        placed.append((f"P{i}", x, y, rng.random() < 0.4))
        at.add((x, y))
    state = seat_with(at_castle(rules, "Mason"), 0, placed)
    for name, _, _, face_down in placed:
        if not face_down:
            state = with_gold(state, 0, name, rng.randint(0, 3))
    spot = rng.choice(state.players[0].spots)
    state = state.apply(take("Mason", *spot))
    before = Counter((t.card.name, t.face_down, t.gold, t.key) for t in state.tableau(0))
    places = {t.at for t in state.tableau(0)}
    while state.pending is not None:
        state = state.apply(rng.choice(state.legal_actions()))
    assert Counter((t.card.name, t.face_down, t.gold, t.key) for t in state.tableau(0)) == before
    assert {t.at for t in state.tableau(0)} == places and len(state.tableau(0)) == len(places)
    assert state.players[0].spots == spots_of(state.players[0].tableau)
    integrity._check_player(state, 0)  # a tableau the placement rule could have built (in some order)


def _spots(at: set[tuple[int, int]]) -> list[tuple[int, int]]:
    from castle_combo.engine.placement import spots

    return list(spots(at))


SWAPPERS = [
    one("Mason", "when bought: swap two cards of your tableau"),
    one("Mover", "when bought: swap this card with an adjacent card\n    score 3 if placed in the center"),
    one("Shifter", "when bought: you may swap two face-down cards of your tableau"),
    one("Setter", "when bought: swap two castle cards of your tableau then gain 1 gold per card adjacent to this card"),
    one("Evening Mason", "when bought: at the end of this turn: swap two cards of your tableau"),
]


def test_the_bots_play_whole_games_with_swaps() -> None:
    rules = ruleset(*SWAPPERS, castle=12, village=20)
    swapped = 0
    for seed in range(4):
        state = cc.new_game(players=2, rules=rules, seed=seed)
        agents = [GreedyAgent(), MctsAgent(iterations=6)] if seed % 2 == 0 else [RandomAgent(), MctsAgent(iterations=6)]
        rng = random.Random(seed)
        while not state.is_over:
            action = agents[state.current_player].choose(state.view(state.current_player), rng)
            swapped += isinstance(action, cc.SwapCard)
            state = state.apply(action)
        assert state.result().winners
    assert swapped, "no swap was asked: the test would show nothing"


def test_the_terminal_game_reads_swap_and_a_card_name() -> None:
    from castle_combo.cli._play_input import compact, parse_input

    asked = three_cards().apply(take("Mason", 0, 1))
    legal = asked.legal_actions()
    assert parse_input("swap stew", legal).action == cc.SwapCard("Steward")
    assert parse_input("2", legal).action == cc.SwapCard("Gate")
    assert compact(cc.SwapCard("Hidden")) == "swap hidden"


def test_a_save_asking_the_second_question_for_a_card_not_there_is_refused() -> None:
    rules = ruleset(MASON, STEWARD, GATE, HIDDEN)
    second = three_cards().apply(take("Mason", 0, 1)).apply(cc.SwapCard("Steward"))
    saved = cc.dumps(second).replace('"step": [0, 0, 0]', '"step": [0, 0, 7]')
    assert saved != cc.dumps(second)
    with pytest.raises(cc.RecordError, match=r"\$\.pending\.decision: .* is not the question this position asks"):
        cc.loads(saved, rules=rules)
