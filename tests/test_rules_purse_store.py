"""The owner's own gold stored on their purse cards, split as they choose (a fan construct): the Sexton's
"store up to 4 of your gold on your purse cards".

Rulings: the gold comes from the owner's spendable gold; once stored it is not spendable; the owner may split it
among several face-up purse cards and may store fewer than the number (none too); never past a capacity; nothing
for purse cards taken face down; with no purse card with room (or no gold) nothing happens; the card is paid for
first. One question per gold (``ChooseStore``, answered ``Choose(k)``: the k-th purse card with room, or one past
them to stop).
"""

from __future__ import annotations

import json
import random

import pytest
from engine_kit import balanced, game, one, ruleset, seat_with, standard_with, take_favouring
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import castle_combo as cc
from castle_combo.adapters.encoding import ActionSpace
from castle_combo.engine import decisions
from castle_combo.engine.state import recounted
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m
from castle_combo.records.narration import narrate, option_text

_STANDARD = {c.name: c for c in cc.Ruleset.standard().cards}
_FACTS = "deck village   cost 1   shields faith   messenger"
SEXTON = "store up to 4 of your gold on your purse cards then gain 1 key"
ENGLISH = ("Move up to 4 of your gold onto your face-up purse cards, split as you choose (never past a card's "
           "capacity; you may move fewer; stored gold is no longer spendable).")


def _rules(text: str = SEXTON) -> cc.Ruleset:
    sexton = one("Sexton", f"when bought: {text}", _FACTS)
    purses = [_STANDARD[n] for n in ("Beekeeper", "Vicar", "Farmhand", "Queen Mother") if n in _STANDARD]
    return ruleset(sexton, *purses)


def _table(gold: int = 7, text: str = SEXTON, **cards: int) -> cc.GameState:
    """Seat 0 holds ``gold`` and is about to buy the Sexton; ``Vicar=2`` lays seat 0's purse cards (left to right)
    holding that gold."""
    state = game(_rules(text), village=["Sexton"], players=2)
    if cards:
        state = seat_with(state, 0, [(card, x, 0) for x, card in enumerate(cards)])
    player = state.players[0]
    cells = tuple(c._replace(gold=cards.get(state.engine.name(c.card), c.gold)) for c in player.tableau)
    players = list(state.players)
    players[0] = recounted(player.replace(tableau=cells, gold=gold), state.engine)
    return state.replace(players=tuple(players))


def _buy(state: cc.GameState) -> cc.GameState:
    spot = state.players[state.current_player].spots[0]
    return state.apply(cc.Take("Sexton", spot))


def _gold_on(state: cc.GameState) -> dict[str, int]:
    return {state.engine.name(c.card): c.gold for c in state.players[0].tableau
            if state.engine.facts[c.card].purse is not None}


def _answer(state: cc.GameState, *options: int) -> cc.GameState:
    for k in options:
        state = state.apply(cc.Choose(k))
    return state


# ---------------------------------------------------------------- the words


def test_the_phrase_reads_writes_back_and_says_the_rulings() -> None:
    (card,) = parse_text(f'card "Sexton" {{ {_FACTS} when bought: {SEXTON} }}')
    assert card.ability == (m.StoreOwnGold(4), m.Gain(1, m.Resource.KEY))
    assert card.ability[0].ccl() == "store up to 4 of your gold on your purse cards"
    assert card.ability[0].describe() == ENGLISH
    assert parse_text(format_card(card)) == (card,)


def test_the_singular_purse_card_reads_the_same() -> None:
    (card,) = parse_text(f'card "S" {{ {_FACTS} when bought: store up to 1 of your gold on your purse card }}')
    assert card.ability == (m.StoreOwnGold(1),)


@pytest.mark.parametrize(("text", "message"), [
    ("when bought: store up to 0 of your gold on your purse cards", "the gold stored is 0"),
    ("when bought: store up to 25 of your gold on your purse cards", "the gold stored is 25"),
    ("at the end of the game: store up to 2 of your gold on your purse cards",
     "leftover gold goes onto their purse cards anyway"),
    ("at the start of your turn: store up to 2 of your gold on your purse cards",
     "cannot happen at the start of a turn"),
])
def test_what_means_nothing_is_refused_with_the_fix(text: str, message: str) -> None:
    with pytest.raises(cc.CardValidationError, match=message):
        parse_text(f'card "S" {{ {_FACTS} {text} }}')


def test_the_end_of_game_refusal_is_in_the_one_table() -> None:
    rules = [rule for rule in m.REFUSALS if m.StoreOwnGold in rule.on]
    assert len(rules) == 1 and "at the end of the game" in rules[0].place


# ---------------------------------------------------------------- the fan's example


def test_seven_gold_a_vicar_at_2_and_a_beekeeper_at_4_store_3_and_1_and_keep_2() -> None:
    state = _buy(_table(7, Vicar=2, Beekeeper=4))
    assert state.players[0].gold == 6  # the Sexton is paid first
    assert state.pending is not None and state.pending.decision == decisions.ChooseStore((0, 1))
    assert option_text(state) == ["1 gold on Vicar", "1 gold on Beekeeper", "stop"]
    state = _answer(state, 1, 1, 1)
    assert state.pending is not None and state.pending.decision == decisions.ChooseStore((1,))  # the Vicar is full
    after = state.apply(cc.Choose(1))
    assert after.pending is None
    assert _gold_on(after) == {"Vicar": 5, "Beekeeper": 5}
    assert after.players[0].gold == 2 and after.players[0].keys == state.players[0].keys + 1
    assert after.players[0].stored_gold == 10


def test_the_owner_may_stop_early_or_store_nothing() -> None:
    state = _buy(_table(7, Vicar=2, Beekeeper=4))
    after = _answer(state, 2, 3)  # one on the Beekeeper, then stop
    assert after.pending is None and _gold_on(after) == {"Vicar": 2, "Beekeeper": 5} and after.players[0].gold == 5
    nothing = state.apply(cc.Choose(3))
    assert nothing.pending is None and _gold_on(nothing) == {"Vicar": 2, "Beekeeper": 4}
    assert nothing.players[0].gold == 6 and nothing.players[0].keys == state.players[0].keys + 1


def test_a_single_purse_card_with_room_is_still_asked_since_the_owner_may_stop() -> None:
    state = _buy(_table(7, Vicar=2))
    assert state.pending is not None and state.legal_actions() == (cc.Choose(1), cc.Choose(2))


def test_never_past_a_capacity_the_last_room_ends_the_questions() -> None:
    after = _answer(_buy(_table(7, Vicar=4, Farmhand=4)), 1, 1)
    assert after.pending is None and _gold_on(after) == {"Vicar": 5, "Farmhand": 5} and after.players[0].gold == 4


def test_no_more_gold_than_the_owner_has_is_stored() -> None:
    state = _buy(_table(3, Beekeeper=0))  # 2 left after paying
    after = _answer(state, 1, 1)
    assert after.pending is None and _gold_on(after) == {"Beekeeper": 2} and after.players[0].gold == 0


def test_without_a_purse_card_only_the_key_is_gained() -> None:
    state = _table(7)
    after = _buy(state)
    assert after.pending is None and after.players[0].gold == 6
    assert after.players[0].keys == state.players[0].keys + 1


def test_with_every_purse_card_full_only_the_key_is_gained() -> None:
    after = _buy(_table(7, Vicar=5, Farmhand=5))
    assert after.pending is None and after.players[0].gold == 6 and _gold_on(after) == {"Vicar": 5, "Farmhand": 5}


def test_a_purse_card_taken_face_down_holds_nothing() -> None:
    state = seat_with(_table(7), 0, [("Vicar", 0, 0, True)])
    after = _buy(state)
    assert after.pending is None and _gold_on(after) == {"Vicar": 0} and after.players[0].gold == 6


def test_stored_gold_leaves_the_supply_and_stays_on_the_cards() -> None:
    state = _buy(_table(7, Vicar=2, Beekeeper=4))
    after = _answer(state, 1, 1, 1, 1)
    assert after.players[0].gold == 2  # only the 2 left can pay for anything
    assert after.players[0].stored_gold == 10


# ---------------------------------------------------------------- the question


def test_a_wrong_answer_is_refused_naming_the_answers() -> None:
    state = _buy(_table(7, Vicar=2, Beekeeper=4))
    with pytest.raises(cc.IllegalAction, match="offers purse cards 1 to 2 and 3 to stop; there is no answer 4"):
        state.apply(cc.Choose(4))


def test_the_narration_says_each_gold_and_the_stop() -> None:
    state = _buy(_table(7, Vicar=2, Beekeeper=4))
    after = state.apply(cc.Choose(2))
    assert "Beekeeper" in narrate(state, cc.Choose(2), after, ["Ann", "Bob"])
    assert "stop" in narrate(state, cc.Choose(3), state.apply(cc.Choose(3)), ["Ann", "Bob"])


def test_a_save_between_two_gold_round_trips_and_plays_on_alike() -> None:
    state = balanced(seat_with(_table(7, Vicar=2, Beekeeper=4), 1, [("Farmhand", 0, 0), ("Queen Mother", 1, 0)]))
    rules = state.rules
    state = _answer(_buy(state), 1, 1)
    data = json.loads(cc.dumps(state))
    assert data["pending"]["decision"] == {"kind": "store", "candidates": [0, 1]}
    loaded = cc.loads(cc.dumps(state), rules=rules)
    assert loaded == state
    assert _gold_on(_answer(loaded, 2, 1)) == {"Vicar": 5, "Beekeeper": 5}


def test_a_save_naming_other_cards_than_the_position_asks_is_refused() -> None:
    state = balanced(seat_with(_table(7, Vicar=2, Beekeeper=4), 1, [("Farmhand", 0, 0), ("Queen Mother", 1, 0)]))
    rules = state.rules
    data = json.loads(cc.dumps(_buy(state)))
    data["pending"]["decision"]["candidates"] = [1]
    with pytest.raises(cc.RecordError, match="is not the question this position asks"):
        cc.loads(data, rules=rules)


@pytest.mark.parametrize("value", [[], [0, 0], "cards", [-1]])
def test_a_malformed_saved_store_is_refused_naming_the_field(value: object) -> None:
    with pytest.raises(cc.RecordError, match=r"\.candidates: expected"):
        decisions.decision_from_json({"kind": "store", "candidates": value})


def test_the_rl_encoding_answers_every_card_and_the_stop() -> None:
    state = _buy(_table(7, Vicar=2, Beekeeper=4))
    space = ActionSpace(state.rules, players=2)
    assert decisions.ChooseStore in space.kinds and decisions.ChooseStore not in ActionSpace(players=2).kinds
    assert [space.decode(i) for i in space.legal(state)] == [cc.Choose(1), cc.Choose(2), cc.Choose(3)]


def test_the_terminal_game_reads_the_answer_by_its_number() -> None:
    from castle_combo.cli._play_input import parse_input

    state = _buy(_table(7, Vicar=2, Beekeeper=4))
    assert parse_input("3", state.legal_actions()).action == cc.Choose(3)


@pytest.mark.parametrize("bot", ["greedy", "mcts"])
def test_the_bots_answer_the_question(bot: str) -> None:
    from castle_combo.bots import GreedyAgent, MctsAgent

    state = _buy(_table(7, Vicar=2, Beekeeper=4))
    agent = GreedyAgent() if bot == "greedy" else MctsAgent(iterations=30)
    assert agent.choose(state.view(0), random.Random(0)) in state.legal_actions()


# ---------------------------------------------------------------- random games


_STORERS = {
    "Sexton": (SEXTON, _FACTS),
    "Hoarder": ("store up to 2 of your gold on your purse cards", "deck castle   cost 2   shields nobility   purse 4"),
}


_FAN = standard_with(_STORERS)
_SPACES: dict[int, ActionSpace] = {}


def test_random_games_with_the_storers_keep_every_coin_and_every_capacity() -> None:
    asked = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = cc.new_game(players=2 + seed % 3, rules=_FAN, seed=seed)
        while not state.is_over:
            action = take_favouring(state, state.legal_actions(), rng, _STORERS)
            after = state.apply(action)
            if state.pending is not None and isinstance(state.pending.decision, decisions.ChooseStore):
                asked += 1
                seat = state.current_player
                moved = state.players[seat].gold - after.players[seat].gold
                assert moved in (0, 1)
                assert after.players[seat].stored_gold - state.players[seat].stored_gold == moved
            assert all(0 <= c.gold <= (after.engine.facts[c.card].purse or 0) for p in after.players for c in p.tableau)
            state = after
    assert asked > 0


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 5), st.integers(0, 2**32 - 1))
def test_random_play_with_the_storers_keeps_every_invariant_and_round_trips(players: int, seed: int) -> None:
    """Random games with storing cards: aggregates never drift, a save taken at any question plays on alike, and
    the RL encoding has an answer for every card offered."""
    rng = random.Random(seed)
    state = cc.new_game(players=players, rules=_FAN, seed=seed, first_player=seed % players)
    while not state.is_over:
        legal = state.legal_actions()
        action = take_favouring(state, legal, rng, _STORERS)
        after = state.apply(action)
        assert all(p == recounted(p, after.engine) for p in after.players), "incremental aggregates drifted"
        if state.pending is not None and isinstance(state.pending.decision, decisions.ChooseStore):
            loaded = cc.loads(cc.dumps(state), rules=_FAN)
            assert loaded == state and loaded.apply(action) == after
            space = _SPACES.setdefault(players, ActionSpace(_FAN, players=players))
            assert [space.decode(space.encode(a)) for a in legal] == list(legal)
        state = after


def test_the_greedy_bot_keeps_its_gold_spendable_when_nothing_reads_the_stored_gold() -> None:
    from castle_combo.bots import GreedyAgent

    state = _buy(_table(7, Vicar=2, Beekeeper=4))
    assert GreedyAgent().choose(state.view(0), random.Random(0)) == cc.Choose(3)  # the end-of-game fill does it


def test_the_greedy_bot_stores_when_an_effect_then_reads_the_stored_gold() -> None:
    from castle_combo.bots import GreedyAgent

    text = "store up to 4 of your gold on your purse cards then gain 1 key per gold on purses"
    state = _buy(_table(7, text, Vicar=2, Beekeeper=4))
    assert GreedyAgent().choose(state.view(0), random.Random(0)) in (cc.Choose(1), cc.Choose(2))
