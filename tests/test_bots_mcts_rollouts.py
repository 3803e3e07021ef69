"""MCTS rollouts: a key is spent on a guess of the decks, as the greedy bot spends it, not on the sample played;
late in the game a rollout may play on to the end (``finish_turns``)."""

from __future__ import annotations

import random

import pytest

import castle_combo as cc
from castle_combo.bots import GreedyAgent, MctsAgent
from castle_combo.bots.evaluation import Evaluation
from castle_combo.bots.greedy import turn_value
from castle_combo.bots.mcts import _policy_move
from castle_combo.engine.actions import UseKey
from castle_combo.engine.state import CARDS_PER_PLAYER, Phase


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
    [MctsAgent(iterations=6, blind_keys=False), MctsAgent(iterations=6, own_keys=True, rounds=3),
     MctsAgent(iterations=6, finish_turns=3)],
    ids=["clairvoyant replies", "own keys", "finished late"],
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


def _with_takes_left(seat: int, left: int, seed: int = 11) -> cc.GameState:
    """A two-player game played by the greedy bot until ``seat`` is about to start a turn with ``left`` takes left."""
    state = cc.new_game(players=2, seed=seed)
    rng = random.Random(seed)
    greedy = GreedyAgent()
    while not (state.to_act == seat and state.phase is Phase.START
               and CARDS_PER_PLAYER - len(state.players[seat].tableau) == left):
        state = state.apply(greedy.choose(state.view(state.to_act), rng))
    return state


@pytest.mark.parametrize("left", [2, 3])
def test_a_rollout_with_few_takes_left_plays_on_to_the_end_of_the_game(left: int) -> None:
    state = _with_takes_left(0, left)
    evaluation = Evaluation().memoized()
    finished = MctsAgent(finish_turns=3)._played_on(state, 0, evaluation, random.Random(1))
    assert finished.is_over
    cut = MctsAgent()._played_on(state, 0, evaluation, random.Random(1))
    assert not cut.is_over  # two rounds stop at the start of the seat's next turn but one
    assert cut.to_act == 0 and cut.phase is Phase.START


def test_a_rollout_with_more_takes_left_stops_after_its_rounds_as_before() -> None:
    state = _with_takes_left(0, 4)
    evaluation = Evaluation().memoized()
    finished = MctsAgent(finish_turns=3)._played_on(state, 0, evaluation, random.Random(1))
    assert finished == MctsAgent()._played_on(state, 0, evaluation, random.Random(1))
    assert not finished.is_over


def test_finish_turns_keep_counted_budgets_reproducible() -> None:
    view = _with_takes_left(1, 3).view(1)
    assert MctsAgent(iterations=12, finish_turns=3).choose(view, random.Random(4)) == MctsAgent(
        iterations=12, finish_turns=3
    ).choose(view, random.Random(4))
