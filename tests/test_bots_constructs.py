"""The bots value what a card will still do, whatever the construct, without knowing any card.

The cards are the construct set of ``benchmarks/constructs/`` (strong through
one construct each, and harmless ones of the same cost); the benchmark
``benchmarks/balance_constructs.py`` shows the same on whole balance runs.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import castle_combo as cc
from castle_combo.bots import GreedyAgent, MctsAgent
from castle_combo.bots.evaluation import Evaluation, squash_margins

CONSTRUCTS = Path(__file__).resolve().parents[1] / "benchmarks" / "constructs"


@pytest.fixture(scope="module")
def rules() -> cc.Ruleset:
    return cc.Ruleset.standard().extend([CONSTRUCTS])


def at_the_village(rules: cc.Ruleset, row: list[str], seed: int = 3) -> cc.GameState:
    """A new two-player game whose village row (where the messenger starts) is ``row``."""
    village = row + [card.name for card in rules.deck(cc.Deck.VILLAGE) if card.name not in row]
    castle = [card.name for card in rules.deck(cc.Deck.CASTLE)]
    random.Random(seed).shuffle(castle)
    return cc.new_game(players=2, rules=rules, decks={"castle": castle, "village": village})


def owning(rules: cc.Ruleset, seat: int, name: str) -> cc.GameState:
    """A game where ``seat`` has just bought ``name`` face up as its first card (the other seat to play, or next)."""
    state = at_the_village(rules, [name, "Toll Clerk", "Cadger"])
    if seat == 1:
        state = state.apply(cc.Take("Cadger", (0, 0), True))
    return state.apply(cc.Take(name, (0, 0), False))


TAX_FARMER_UNDERVALUED = pytest.mark.xfail(strict=True, reason=(
    "found by the fair Toll Clerk of the redesigned harmless set (1 key a turn): on this opening move greedy "
    "values it 18.2 and the Tax Farmer 17.2 (2 gold from the opponent each turn), though the balance lab flags the "
    "Tax Farmer strong (about 110 takes in 400 games, win share 0.70) and not the Toll Clerk (0.50)"))


@pytest.mark.parametrize("strong", ["Toll Keeper", pytest.param("Tax Farmer", marks=TAX_FARMER_UNDERVALUED), "Heir"])
def test_greedy_buys_a_card_strong_through_an_effect_still_to_come_over_harmless_ones(
    rules: cc.Ruleset, strong: str
) -> None:
    state = at_the_village(rules, [strong, "Toll Clerk", "Old Soldier"])
    action = GreedyAgent().choose(state.view(0), random.Random(0))
    assert isinstance(action, cc.Take) and (action.card, action.face_down) == (strong, False)


def test_mcts_buys_the_card_that_gains_3_keys_at_the_start_of_each_turn(rules: cc.Ruleset) -> None:
    state = at_the_village(rules, ["Toll Keeper", "Toll Clerk", "Old Soldier"])
    action = MctsAgent(iterations=12).choose(state.view(0), random.Random(0))
    assert isinstance(action, cc.Take) and (action.card, action.face_down) == ("Toll Keeper", False)


def test_a_start_of_turn_gain_is_worth_all_it_will_gain_in_the_turns_left(rules: cc.Ruleset) -> None:
    evaluation = Evaluation()
    state = owning(rules, 0, "Toll Keeper")  # seat 0's first turn is over: its next 8 turns will start
    gained = state.players[0].replace(keys=state.players[0].keys + 3 * 8)
    later = state.replace(players=(gained, state.players[1]))
    assert evaluation.values(state)[0] == pytest.approx(evaluation.seat_value(later, 0))
    assert evaluation.values(state)[1] == evaluation.seat_value(state, 1)


def test_taking_from_each_opponent_each_turn_is_worth_what_it_takes_from_them(rules: cc.Ruleset) -> None:
    evaluation = Evaluation()
    state = owning(rules, 0, "Tax Farmer")
    plain = tuple(evaluation.seat_value(state, seat) for seat in range(2))
    values = evaluation.values(state)
    assert values[0] > plain[0] and values[1] < plain[1]
    assert evaluation.relative(state, 0) - (plain[0] - plain[1]) > values[0] - plain[0]


def test_an_end_of_game_effect_counts_its_points_and_nothing_for_spending(rules: cc.Ruleset) -> None:
    evaluation = Evaluation()
    state = owning(rules, 0, "Heir")
    assert evaluation.values(state)[0] == evaluation.seat_value(state, 0) + 15  # 15 keys, 1 point each


def test_effects_that_have_resolved_are_not_counted_again(rules: cc.Ruleset) -> None:
    state = owning(rules, 0, "Heir")
    bots = GreedyAgent()
    rng = random.Random(1)
    while not state.is_over:
        state = state.apply(bots.choose(state.view(state.current_player), rng))
    assert Evaluation().values(state) == tuple(float(sheet.total) for sheet in state.scores())


def test_a_seat_whose_trigger_card_is_face_down_gets_nothing_for_it(rules: cc.Ruleset) -> None:
    evaluation = Evaluation()
    state = at_the_village(rules, ["Toll Keeper", "Toll Clerk", "Cadger"]).apply(cc.Take("Toll Keeper", (0, 0), True))
    assert evaluation.values(state) == tuple(evaluation.seat_value(state, seat) for seat in range(2))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_memoized_evaluation_gives_the_evaluation_s_values_with_triggers(seed: int) -> None:
    rules = cc.Ruleset.standard().extend([CONSTRUCTS])
    evaluation = Evaluation()
    memoized = evaluation.memoized()
    rng = random.Random(seed)
    state = cc.new_game(players=2, seed=seed, rules=rules)
    while not state.is_over:
        assert memoized.values(state) == evaluation.values(state)
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])


# ------------------------------------------------------------------ any number


def test_squashed_margins_are_safe_for_any_margin() -> None:
    assert squash_margins((1e6, 0.0), scale=8.0) == (1.0, 0.0)
    assert squash_margins((0.0, 1e300, 5.0), scale=8.0) == (0.0, 1.0, 0.0)


BIG = """
card "Hoarder" {
    deck village   cost 0   shields peasantry
    when bought: gain 99 keys
    score 99 per key
}

card "Miser" {
    deck village   cost 0   shields peasantry
    at the start of your turn: gain 99 keys
    score 99 per key
}
"""


def test_mcts_plays_a_game_where_scores_run_into_the_tens_of_thousands(tmp_path: Path) -> None:
    (tmp_path / "big.ccl").write_text(BIG, encoding="utf-8")
    rules = cc.Ruleset.standard().extend([tmp_path])
    state = at_the_village(rules, ["Miser", "Hoarder", "Beggar"])
    bots = [MctsAgent(iterations=4), GreedyAgent()]
    rng = random.Random(2)
    while not state.is_over:
        state = state.apply(bots[state.current_player].choose(state.view(state.current_player), rng))
    assert max(sheet.total for sheet in state.scores()) > 10_000
