"""MCTS rollouts: a key is spent on a guess of the decks, as the greedy bot spends it, not on the sample played."""

from __future__ import annotations

import random

import pytest

import castle_combo as cc
from castle_combo.bots import GreedyAgent, MctsAgent
from castle_combo.bots.evaluation import Evaluation
from castle_combo.bots.greedy import turn_value
from castle_combo.bots.mcts import _policy_move
from castle_combo.engine.actions import UseKey


def _opening(seed: int) -> cc.GameState:
    return cc.new_game(players=2, seed=seed)


@pytest.mark.parametrize("seed", range(6))
def test_a_rollout_reply_that_may_spend_a_key_is_the_greedy_bots_move(seed: int) -> None:
    """With an ``rng``, the policy judges on the mover's own deal of its view, exactly as ``GreedyAgent`` does."""
    state = _opening(seed)
    assert any(isinstance(action, UseKey) for action in state.legal_actions())
    policy = _policy_move(state, Evaluation().memoized(), keys=True, rng=random.Random(seed))
    greedy = GreedyAgent().choose(state.view(state.current_player), random.Random(seed))
    assert policy == greedy


def test_a_clairvoyant_rollout_does_better_on_the_sample_than_a_player_could() -> None:
    """Without an ``rng`` the policy judges on the sample itself, so its moves fit the cards the sample reveals.

    On every deal its move is worth at least the blind move's on that very deal, and on some more (a refresh
    chosen, or declined, because the sample's next cards are good, or bad): the advantage no player has.
    """
    evaluation = Evaluation().memoized()
    better = 0
    for seed in range(20):
        state = _opening(seed).view(0).determinize(random.Random(1000 + seed))
        clairvoyant = turn_value(state.apply(_policy_move(state, evaluation, keys=True)), 0, evaluation)
        blind = turn_value(state.apply(_policy_move(state, evaluation, True, random.Random(seed))), 0, evaluation)
        assert clairvoyant >= blind
        better += clairvoyant > blind
    assert better > 0


def test_a_rollout_without_keys_needs_no_guess() -> None:
    """A move that may not spend a key is the same with or without an ``rng`` (no deal is drawn)."""
    state = _opening(3)
    evaluation = Evaluation().memoized()
    assert _policy_move(state, evaluation, keys=False) == _policy_move(state, evaluation, False, random.Random(9))


@pytest.mark.parametrize(
    "agent",
    [MctsAgent(iterations=6, blind_keys=False), MctsAgent(iterations=6, own_keys=True, rounds=3)],
    ids=["clairvoyant replies", "own keys"],
)
def test_rollout_settings_play_whole_games(agent: MctsAgent) -> None:
    bots = [agent, GreedyAgent()]
    state = cc.new_game(players=2, seed=17)
    rng = random.Random(17)
    while not state.is_over:
        seat = state.current_player
        action = bots[seat].choose(state.view(seat), rng)
        assert action in state.legal_actions()
        state = state.apply(action)
    assert len(state.result().winners) >= 1


def test_counted_budgets_stay_reproducible() -> None:
    view = _opening(5).view(0)
    assert MctsAgent(iterations=12).choose(view, random.Random(4)) == MctsAgent(iterations=12).choose(
        view, random.Random(4)
    )
