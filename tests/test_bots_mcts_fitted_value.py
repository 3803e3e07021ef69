"""The MCTS bot's leaf value fitted on whole positions (``MctsAgent(fitted_value=True)``, :mod:`castle_combo.bots.value`)."""

from __future__ import annotations

import json
import math
import random

from mcts_kit import greedy_middle

import castle_combo as cc
from castle_combo.bots import Evaluation, GreedyAgent, MctsAgent
from castle_combo.bots.evaluation import CARDS_PER_PLAYER, logistic, squash_margins
from castle_combo.bots.value import FEATURES, POSITION_VALUE_FILE, PositionValue, position_value, relative_features
from castle_combo.engine.state import Phase


def turn_start(seed: int) -> cc.GameState:
    """A greedy two-player position a few turns in where seat 0 is about to start its turn (both seats level)."""
    state = greedy_middle(seed)
    rng = random.Random(seed)
    greedy = GreedyAgent()
    while not (state.to_act == 0 and state.phase is Phase.START and state.pending is None):
        state = state.apply(greedy.choose(state.view(state.to_act), rng))
    return state


def test_the_file_records_how_it_was_made_and_has_a_model_for_every_stage_of_a_leaf():
    document = json.loads(POSITION_VALUE_FILE.read_text(encoding="utf-8"))
    assert document["command"].startswith("python benchmarks/fit_position_value.py ")
    assert "--seed" in document["command"] and document["games"] > document["held_out_games"] > 0
    assert document["features"] == list(FEATURES)
    assert set(document["held_out"]) == {"fitted", "heuristic", "recalibrated"}
    fitted = position_value()
    assert fitted is position_value()  # read once
    for left in range(1, CARDS_PER_PLAYER + 1):  # the seat about to start: its opponent level, or one card ahead
        for stage in ((left, left), (left, left - 1)):
            row = fitted.coefficients[stage]
            assert len(row) == len(FEATURES) + 1 and all(math.isfinite(c) for c in row)
            assert row == tuple(document["models"][f"{stage[0]},{stage[1]}"])


def test_the_coefficients_are_applied_as_a_logistic_of_intercept_plus_features():
    value = PositionValue({"models": {"3,3": [0.5, 0.1, -0.2, 0.0, 0.0, 0.0, 1.0, 0.25]}})
    features = (10.0, 2.0, 1.0, 0.0, 0.0, 0.5, -4.0)
    assert value.probability((3, 3), features) == logistic(0.5 + 1.0 - 0.4 + 0.5 - 1.0)
    assert value.probability((4, 4), features) is None  # a stage not fitted


def test_the_relative_features_are_one_seats_minus_the_others_at_its_stage():
    state = turn_start(3)
    evaluation = Evaluation()
    stage, features = relative_features(evaluation.memoized(), state, 0)
    left = CARDS_PER_PLAYER - len(state.players[0].tableau)
    assert stage == (left, left)
    assert len(features) == len(FEATURES)
    points = evaluation.points(state, 0) - evaluation.points(state, 1)
    assert features[0] == points
    assert relative_features(evaluation, state, 1)[1] == tuple(-f for f in features)


def test_a_richer_seat_is_the_favourite_and_the_order_follows_the_seats():
    state = turn_start(4)
    level = state.players[0]
    richer = level.replace(gold=level.gold + 12, keys=level.keys + 2)
    evaluator = Evaluation().memoized()
    fitted = position_value()
    even = fitted.win_probability(state.replace(players=(level, level)), 0, evaluator)
    ahead = fitted.win_probability(state.replace(players=(richer, level)), 0, evaluator)
    behind = fitted.win_probability(state.replace(players=(level, richer)), 0, evaluator)
    assert even is not None and ahead is not None and behind is not None
    left = CARDS_PER_PLAYER - len(level.tableau)
    assert even == logistic(fitted.coefficients[left, left][0])  # nothing between the seats but the stage
    assert behind < even < ahead
    assert ahead > 0.5 > behind


def test_the_search_uses_it_by_default_only_with_two_players_and_the_heuristic_when_off():
    state = turn_start(5)
    evaluation = Evaluation()
    assert MctsAgent(iterations=4).fitted_value is True
    heuristic = squash_margins(evaluation.values(state), evaluation.margin_scale)
    # A rollout with no round to play judges the position it starts from: the leaf value alone.
    off = MctsAgent(iterations=4, rounds=0, fitted_value=False)
    assert off._rollout(state, 0, evaluation.memoized(), random.Random(1)) == heuristic
    fitted = MctsAgent(iterations=4, rounds=0)._rollout(state, 0, evaluation.memoized(), random.Random(1))
    chance = position_value().win_probability(state, 0, evaluation.memoized())
    assert chance is not None and fitted == (chance, 1.0 - chance) and fitted != heuristic
    second = state.replace(current_player=1)  # seat 1 about to start: its chance comes second
    chance = position_value().win_probability(second, 1, evaluation.memoized())
    assert chance is not None
    assert MctsAgent(iterations=4, rounds=0)._rollout(second, 1, evaluation.memoized(), random.Random(1)) \
        == (1.0 - chance, chance)
    three = cc.new_game(players=3, seed=5)
    assert MctsAgent(iterations=4, rounds=0, fitted_value=True)._rollout(three, 0, evaluation.memoized(),
                                                                         random.Random(1)) \
        == squash_margins(evaluation.values(three), evaluation.margin_scale)


def test_a_search_with_the_fitted_value_plays_legal_moves_reproducibly():
    state = turn_start(6)
    view = state.view(0)
    first = MctsAgent(iterations=8, fitted_value=True).choose(view, random.Random(2))
    assert first in state.legal_actions()
    assert MctsAgent(iterations=8, fitted_value=True).choose(view, random.Random(2)) == first
