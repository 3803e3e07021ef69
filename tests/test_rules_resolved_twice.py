"""The Seneschal's one-use lasting effect: "your next card bought face up resolves its ability twice" (Dominion's
Throne Room), one test per ruling of the rules page ("Fan mechanics": "The next ability twice").

The fan's examples are played with the printed cards (Jester, Executioner, Patron, General, Duchess, Princess) and
the Seneschal written in the card language, through the public API.
"""

from __future__ import annotations

import json
import random

import pytest
from engine_kit import game, one, ruleset, seat_with, take
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import castle_combo as cc
from castle_combo.bots import GreedyAgent, MctsAgent
from castle_combo.bots.evaluation import Evaluation
from castle_combo.engine.actions import Reserve, TakeReserved
from castle_combo.engine.decisions import ChooseOption
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m
from castle_combo.records import narration

SENESCHAL = one("Seneschal", "when bought: your next card bought face up resolves its ability twice\n"
                "    score 2 per castle banner in row and column", "deck castle   cost 4   shields nobility")
STANDARD = cc.Ruleset.standard()
#: The printed cards, the Seneschal and a few plain cards of each deck (c0, c1, ...: no ability, no scoring).
RULES = ruleset(*STANDARD.cards, SENESCHAL, castle=len(STANDARD.deck(cc.Deck.CASTLE)) + 7,
                village=len(STANDARD.deck(cc.Deck.VILLAGE)) + 6)


def table(castle: list[str], village: list[str] = (), cells: tuple[tuple[str, int, int], ...] = (),  # type: ignore[assignment]
          gold: int = 20, twice: bool = False) -> cc.GameState:
    """Seat 0 to take from the castle row (``castle`` on top), with ``cells`` in its tableau, ``gold`` and the
    ability twice waiting when ``twice``."""
    state = seat_with(game(RULES, castle=castle, village=list(village)), 0, list(cells))
    players = (state.players[0].replace(gold=gold, twice=twice), *state.players[1:])
    return state.replace(messenger=cc.Deck.CASTLE, current_player=0, players=players)


def other_seat_plays(state: cc.GameState) -> cc.GameState:
    """Seat 1 takes the last card of the messenger's row face down at its first spot."""
    spot = state.players[1].spots[0]
    return state.apply(cc.Take(state.row(state.messenger)[-1].name, spot, True))


# ---------------------------------------------------------------- the language


def test_the_ability_twice_is_written_said_and_formatted_back() -> None:
    (effect,) = SENESCHAL.ability
    assert isinstance(effect, m.NextResolvesTwice)
    assert effect.ccl() == "your next card bought face up resolves its ability twice"
    assert effect.describe() == (
        "Your next card bought face up resolves its ability twice (all of it, then all of it again, asking each "
        "question again; not its discounts; a card taken face down leaves this waiting).")
    assert parse_text(format_card(SENESCHAL))[0] == SENESCHAL


def test_the_ability_twice_at_the_end_of_the_game_is_refused() -> None:
    with pytest.raises(cc.CardValidationError, match="no card is bought after the end of the game"):
        one("Late", "at the end of the game: your next card bought face up resolves its ability twice")


# ---------------------------------------------------------------- the rules


def test_the_ability_twice_waits_and_never_applies_to_the_card_that_grants_it() -> None:
    state = table(["Seneschal", "Jester", "c0"])
    after = state.apply(take("Seneschal", 0, 0))
    assert after.players[0].twice and not after.players[1].twice
    assert after.players[0].gold == 20 - 4


def test_the_fans_jester_with_the_seneschal_and_the_princess_gains_12_gold() -> None:
    # 3 nobility shields (Princess, Seneschal, Jester): 2 x 3 gold, twice.
    state = table(["Jester"], cells=(("Princess", 0, 0), ("Seneschal", 1, 0)), twice=True)
    after = state.apply(take("Jester", 2, 0))
    assert after.players[0].gold == 20 - 3 + 12
    assert not after.players[0].twice


def test_the_fans_executioner_discards_patron_then_general_from_the_same_row() -> None:
    state = table(["Patron", "General", "Duchess"], village=["Executioner"], twice=True)
    state = state.replace(messenger=cc.Deck.VILLAGE)
    state = state.apply(take("Executioner", 0, 0))
    assert state.pending is not None
    state = state.apply(cc.Discard("Patron"))
    assert {card.name for card in state.row(cc.Deck.CASTLE)} == {"General", "Duchess"}  # not refilled in between
    assert state.pending is not None
    state = state.apply(cc.Discard("General"))
    assert state.players[0].gold == 20 + 7 + 7
    answers = [a for a in state.history if isinstance(a, cc.Discard)]
    assert [a.card for a in answers] == ["Patron", "General"]  # the record keeps both answers


def test_a_discard_from_an_empty_row_the_second_time_does_nothing() -> None:
    state = table(["Patron"], village=["Executioner"], twice=True).replace(messenger=cc.Deck.VILLAGE)
    castle = state.locations[0]
    # The castle deck is empty and its row holds the Patron alone (the other cards out of the game).
    state = state.replace(locations=(castle.replace(deck=(), row=castle.row[:1], removed=castle.deck + castle.row[1:],
                                                    exhausted=True), state.locations[1]))
    assert [card.name for card in state.row(cc.Deck.CASTLE)] == ["Patron"]
    state = state.apply(take("Executioner", 0, 0)).apply(cc.Discard("Patron"))
    assert state.pending is None and state.players[0].gold == 20 + 7


def test_a_card_taken_face_down_is_skipped_and_the_ability_twice_keeps_waiting() -> None:
    state = table(["Jester", "c0", "c1"], cells=(("Seneschal", 0, 0),), twice=True)
    after = state.apply(take("c0", 1, 0, face_down=True))
    assert after.players[0].twice
    after = other_seat_plays(after)
    gold = after.players[0].gold
    after = after.apply(take("Jester", 2, 0))
    assert after.players[0].gold == gold - 3 + 2 * (2 * 2)  # Seneschal and Jester: 4 gold, twice
    assert not after.players[0].twice


def test_a_card_with_no_ability_when_bought_uses_the_ability_twice_up() -> None:
    state = table(["c0", "Jester"], cells=(("Seneschal", 0, 0),), twice=True)
    after = state.apply(take("c0", 1, 0))
    assert not after.players[0].twice and after.players[0].gold == 20


def test_a_choice_is_asked_each_time_and_may_be_answered_differently() -> None:
    banker = next(card for card in STANDARD.cards if card.name == "Banker")
    assert isinstance(banker.ability[0], m.Choice)
    state = table(["Banker"], twice=True)
    state = state.apply(take("Banker", 0, 0))
    assert isinstance(state.pending.decision, ChooseOption)  # type: ignore[union-attr]
    keys = state.players[0].keys
    state = state.apply(cc.Choose(2))  # 3 keys
    assert isinstance(state.pending.decision, ChooseOption)  # type: ignore[union-attr]
    state = state.apply(cc.Choose(2))
    assert state.players[0].keys == keys + 6
    choices = [a for a in state.history if isinstance(a, cc.Choose)]
    assert len(choices) == 2


def test_a_discount_is_never_doubled() -> None:
    state = table(["Princess"], twice=True)
    after = state.apply(take("Princess", 0, 0))
    assert after.players[0].discounts[:2] == (1, 0)
    assert not after.players[0].twice


def test_each_opponent_gains_twice() -> None:
    state = table(["Patron"], twice=True)
    before = state.players[1].gold
    after = state.apply(take("Patron", 0, 0))
    assert after.players[1].gold == before + 4


def test_counts_are_taken_again_the_second_time() -> None:
    # "gain 2 gold if at most 3 gold": the first gain (3 -> 5) makes the second condition fail.
    counter = one("Counter", "when bought: gain 2 gold if at most 3 gold", "deck castle   cost 0   shields faith")
    rules = ruleset(SENESCHAL, counter)
    state = seat_with(game(rules, castle=["Counter"]), 0, [("Seneschal", 0, 0)])
    state = state.replace(messenger=cc.Deck.CASTLE, current_player=0,
                          players=(state.players[0].replace(gold=3, twice=True), *state.players[1:]))
    assert state.apply(take("Counter", 1, 0)).players[0].gold == 3 + 2  # judged again: 5 gold is not at most 3
    state = state.replace(players=(state.players[0].replace(gold=1), *state.players[1:]))
    assert state.apply(take("Counter", 1, 0)).players[0].gold == 1 + 2 + 2  # 1 then 3: at most 3 both times


def test_a_second_seneschal_while_one_waits_is_still_one_wait() -> None:
    # The second Seneschal is the next card bought face up: its ability resolves twice, and the waits do not add up.
    state = table(["Seneschal", "Jester", "c0"], cells=(("Princess", 0, 0),), twice=True)
    after = state.apply(take("Seneschal", 1, 0))
    assert after.players[0].twice is True
    after = other_seat_plays(after)
    gold = after.players[0].gold
    after = after.apply(take("Jester", 2, 0))
    assert after.players[0].gold == gold - 3 + 2 * (2 * 3)  # twice, not three or four times
    assert not after.players[0].twice


def test_a_take_trigger_after_its_ability_resolves_once_after_both_times() -> None:
    crier = one("Crier", "whenever you take a card, after its ability: gain 1 gold if at least 8 gold")
    miner = one("Miner", "when bought: gain 4 gold")
    rules = ruleset(SENESCHAL, crier, miner)
    state = seat_with(game(rules, castle=["Miner"]), 0, [("Crier", 0, 0)])
    state = state.replace(messenger=cc.Deck.CASTLE, current_player=0,
                          players=(state.players[0].replace(gold=0, twice=True), *state.players[1:]))
    after = state.apply(take("Miner", 1, 0))
    assert after.players[0].gold == 4 + 4 + 1  # once, seeing both gains


def test_a_take_trigger_before_the_ability_resolves_once() -> None:
    watcher = one("Watcher", "whenever you take a card: gain 1 gold")
    miner = one("Miner", "when bought: gain 4 gold")
    rules = ruleset(SENESCHAL, watcher, miner)
    state = seat_with(game(rules, castle=["Miner"]), 0, [("Watcher", 0, 0)])
    state = state.replace(messenger=cc.Deck.CASTLE, current_player=0,
                          players=(state.players[0].replace(gold=0, twice=True), *state.players[1:]))
    assert state.apply(take("Miner", 1, 0)).players[0].gold == 1 + 4 + 4


def test_a_lasting_trigger_of_the_card_bought_is_not_doubled() -> None:
    watcher = one("Watcher", "when bought: gain 1 gold\n    whenever you take a card: gain 1 gold")
    rules = ruleset(SENESCHAL, watcher)
    state = game(rules, castle=["Watcher", "c0", "c1", "c2"])
    state = state.replace(messenger=cc.Deck.CASTLE, current_player=0,
                          players=(state.players[0].replace(gold=0, twice=True), *state.players[1:]))
    state = state.apply(take("Watcher", 0, 0))
    assert state.players[0].gold == 2
    state = other_seat_plays(state).apply(take("c0", 1, 0))
    assert state.players[0].gold == 3  # the trigger once per take


def test_a_reserved_card_bought_face_up_resolves_its_ability_twice() -> None:
    notary = one("Notary", "when bought: reserve a card from the castle row", "deck village   cost 0   shields faith")
    miner = one("Miner", "when bought: gain 4 gold")
    rules = ruleset(SENESCHAL, notary, miner)
    state = game(rules, castle=["Miner", "c0", "c1", "c2"], village=["Notary", "v0", "v1"])
    state = state.replace(messenger=cc.Deck.VILLAGE, current_player=0,
                          players=(state.players[0].replace(gold=0), *state.players[1:]))
    state = state.apply(take("Notary", 0, 0)).apply(Reserve("Miner"))
    state = other_seat_plays(state)
    state = state.replace(players=(state.players[0].replace(twice=True), *state.players[1:]))
    after = state.apply(TakeReserved((1, 0)))
    assert after.players[0].gold == 4 + 4 and not after.players[0].twice


def test_a_notary_bought_with_the_ability_twice_reserves_once_holding_one_card_at_most() -> None:
    notary = one("Notary", "when bought: reserve a card from the castle row", "deck village   cost 0   shields faith")
    rules = ruleset(SENESCHAL, notary)
    state = game(rules, castle=["c0", "c1", "c2"], village=["Notary", "v0", "v1"])
    state = state.replace(messenger=cc.Deck.VILLAGE, current_player=0,
                          players=(state.players[0].replace(twice=True), *state.players[1:]))
    state = state.apply(take("Notary", 0, 0)).apply(Reserve("c0"))
    assert state.pending is None and len(state.players[0].reserved) == 1  # the second reserve asks nothing


def test_the_game_ending_first_leaves_it_unused() -> None:
    state = table(["c0"], cells=(("Seneschal", 0, 0),), twice=True)
    assert state.provisional_scores() == state.replace(players=(state.players[0].replace(twice=False),
                                                                *state.players[1:])).provisional_scores()


# ---------------------------------------------------------------- saves, views and narration


def test_the_ability_twice_is_saved_only_while_it_waits_and_a_bad_value_is_refused() -> None:
    steward = one("Steward", "when bought: your next card bought face up resolves its ability twice",
                  "deck village   cost 0   shields peasantry")
    rules = ruleset(steward)
    state = game(rules, village=["Steward"])
    assert state.messenger is cc.Deck.VILLAGE
    played = state.apply(take("Steward"))
    data = json.loads(cc.dumps(played))
    assert data["players"][0]["twice"] is True
    assert "twice" not in data["players"][1]
    assert cc.loads(cc.dumps(played), rules=rules).players[0].twice is True
    data["players"][0]["twice"] = 1
    with pytest.raises(cc.RecordError, match="twice"):
        cc.loads(json.dumps(data), rules=rules)


def test_a_save_with_the_ability_twice_is_refused_when_no_card_grants_it() -> None:
    state = game(cc.Ruleset.standard())
    saved = json.loads(cc.dumps(state))
    saved["players"][0]["twice"] = True
    with pytest.raises(cc.RecordError, match=r"\$\.players\[0\]\.twice: no card of this ruleset makes the ability"):
        cc.loads(json.dumps(saved))


def test_the_narration_says_when_it_is_granted_and_used() -> None:
    state = table(["Seneschal", "Jester", "c0"])
    after = state.apply(take("Seneschal", 0, 0))
    said = narration.narrate(state, take("Seneschal", 0, 0), after, ["Ann", "Bob"])
    assert "will resolve the ability of the next card bought face up twice" in said
    later = other_seat_plays(after)
    done = later.apply(take("Jester", 1, 0))
    assert "resolves this card's ability twice" in narration.narrate(later, take("Jester", 1, 0), done, ["Ann", "Bob"])


def test_the_narration_of_a_card_with_no_ability_says_the_wait_is_used_up_not_resolved() -> None:
    state = table(["Seneschal", "c0", "Jester"])
    after = state.apply(take("Seneschal", 0, 0))
    later = other_seat_plays(after)
    done = later.apply(take("c0", 1, 0))
    said = narration.narrate(later, take("c0", 1, 0), done, ["Ann", "Bob"])
    assert "uses up the ability twice (this card has none when bought)" in said
    assert "resolves this card's ability twice" not in said


# ---------------------------------------------------------------- random games


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_the_seneschal_play_to_the_end_and_agree_with_the_slow_path(seed: int) -> None:
    from test_engine_fast_paths import play_both_ways

    assert play_both_ways(RULES, 2 + seed % 3, seed) >= 9 * (2 + seed % 3)


def _tight_with_twice(players: int) -> cc.Ruleset:
    """The tight synthetic set of the engine's properties (reshuffles, exhausted locations, locks, choices,
    discards, gold in rows), every fourth card of it resolving the ability of the next card bought face up twice."""
    import attrs
    from test_engine_properties import tight_variant

    twice = m.NextResolvesTwice()
    return tight_variant(players, "twice", lambda i, card: attrs.evolve(card, ability=(twice, *card.ability))
                         if i % 4 == 1 else card)


TIGHT_TWICE = {n: _tight_with_twice(n) for n in range(2, 6)}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 5), st.integers(0, 2**32 - 1))
def test_random_play_with_the_ability_twice_keeps_every_invariant(players: int, seed: int) -> None:
    from test_engine_properties import play_keeping_invariants

    play_keeping_invariants(TIGHT_TWICE[players], players, seed)


# ---------------------------------------------------------------- bots and the RL observation


def test_the_evaluation_values_an_ability_twice_waiting_as_what_a_turn_spends() -> None:
    evaluation = Evaluation()
    state = table(["Jester"], cells=(("Seneschal", 0, 0),))
    waiting = state.replace(players=(state.players[0].replace(twice=True), *state.players[1:]))
    more = evaluation.seat_value(waiting, 0) - evaluation.seat_value(state, 0)
    assert more == pytest.approx(evaluation.gold * evaluation.spend_per_turn)
    memo = evaluation.memoized()
    assert memo.seat_value(state, 0) != memo.seat_value(waiting, 0)  # the memo tells them apart


def test_the_greedy_bot_with_the_ability_twice_buys_the_jester_face_up() -> None:
    state = table(["Jester", "c0", "c1"], cells=(("Princess", 0, 0), ("Seneschal", 1, 0)), gold=3, twice=True)
    action = GreedyAgent().choose(state.view(0), random.Random(0))
    assert isinstance(action, cc.Take) and (action.card, action.face_down) == ("Jester", False)


def test_bot_games_with_the_seneschal_play_to_the_end_save_and_replay() -> None:
    spent = 0
    for seed in range(4):
        rng = random.Random(seed)
        players = 2 + seed % 3
        state = cc.new_game(players=players, rules=RULES, seed=seed)
        agents = [GreedyAgent(), MctsAgent(iterations=15)] * 3
        while not state.is_over:
            seat = state.to_act
            action = (rng.choice(state.legal_actions()) if rng.random() < 0.4
                      else agents[seat].choose(state.view(seat), rng))
            before, state = state, state.apply(action)
            spent += sum(1 for a, b in zip(before.players, state.players, strict=True) if a.twice and not b.twice)
        assert cc.loads(cc.dumps(state), rules=RULES) == state
        assert cc.replay(state.record(), rules=RULES) == state
    assert spent > 0


def test_the_rl_observation_has_one_more_value_per_seat_set_while_the_ability_twice_waits() -> None:
    pytest.importorskip("numpy")
    from castle_combo.adapters.encoding import ActionSpace

    space = ActionSpace(RULES, 2)
    plain = ActionSpace(STANDARD, 2)
    assert space.twice and not plain.twice
    assert space._per_seat == plain._per_seat + 1
    state = table(["Jester"], cells=(("Seneschal", 0, 0),))
    waiting = state.replace(players=(state.players[0].replace(twice=True), *state.players[1:]))
    before, after = space.observe(state, 0), space.observe(waiting, 0)
    changed = [i for i in range(len(before)) if before[i] != after[i]]
    assert changed == [len(space.names) * space._per_card + space._twice_at]


def test_a_card_turned_face_up_by_an_effect_is_not_bought_and_leaves_the_ability_twice_waiting() -> None:
    waker = one("Waker", "whenever you take a card: turn a face-down card face up and use its ability")
    miner = one("Miner", "when bought: gain 4 gold")
    rules = ruleset(SENESCHAL, waker, miner)
    state = seat_with(game(rules, castle=["c0", "c1", "c2"]), 0, [("Waker", 0, 0), ("Miner", 1, 0, True)])
    state = state.replace(messenger=cc.Deck.CASTLE, current_player=0,
                          players=(state.players[0].replace(gold=0, twice=True), *state.players[1:]))
    state = state.apply(take("c0", 2, 0, face_down=True))
    if state.pending is not None:
        state = state.apply(cc.Reveal("Miner"))
    assert not state.players[0].tableau[1].face_down
    assert state.players[0].gold == 6 + 4  # the face-down take's 6 gold; the Miner's ability once
    assert state.players[0].twice  # still waiting for a purchase


def test_a_save_whose_history_gives_no_ability_twice_is_refused_naming_the_field() -> None:
    steward = one("Steward", "when bought: your next card bought face up resolves its ability twice",
                  "deck village   cost 0   shields peasantry")
    rules = ruleset(steward)
    saved = json.loads(cc.dumps(game(rules)))
    assert saved["origin"] is not None and "twice" not in saved["players"][0]
    saved["players"][0]["twice"] = True
    with pytest.raises(cc.RecordError, match=r"^\$\.players\[0\]\.twice: the save says True, but its history, "
                                             r"played from its origin, gives False;"):
        cc.loads(saved, rules)


def test_the_terminal_status_line_shows_the_ability_twice_waiting() -> None:
    from castle_combo.cli import tui

    state = table(["Jester"], cells=(("Seneschal", 0, 0),), twice=True)
    assert "next ability twice" in tui.status_line(state.view(0), 0, ["Ann", "Bob"]).plain
    plain = state.replace(players=(state.players[0].replace(twice=False), *state.players[1:]))
    assert "next ability twice" not in tui.status_line(plain.view(0), 0, ["Ann", "Bob"]).plain
