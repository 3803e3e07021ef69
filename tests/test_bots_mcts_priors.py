"""MCTS root priors: the greedy bot's one-turn value of each root candidate, counted as ``prior_visits`` visits."""

from __future__ import annotations

import random

import pytest
from mcts_kit import greedy_middle

from castle_combo.bots import MctsAgent
from castle_combo.bots.evaluation import Evaluation


@pytest.mark.parametrize("seed", range(4))
def test_overwhelming_priors_choose_a_best_ranked_candidate(seed: int) -> None:
    """With priors worth far more visits than the search runs, the move is one the greedy ranking puts first."""
    view = greedy_middle(seed).view(greedy_middle(seed).current_player)
    agent = MctsAgent(iterations=8, prior_visits=1e9)
    ranked = agent._distinct_ranked(view.determinize(random.Random(seed)), Evaluation().memoized())
    chosen = agent.choose(view, random.Random(seed))
    best = max(value for value, _ in ranked)
    assert [value for value, action in ranked if action == chosen] == [best]


def test_prior_visits_keep_counted_budgets_reproducible() -> None:
    view = greedy_middle(2).view(greedy_middle(2).current_player)
    assert MctsAgent(iterations=12, prior_visits=6.0).choose(view, random.Random(4)) == MctsAgent(
        iterations=12, prior_visits=6.0
    ).choose(view, random.Random(4))
