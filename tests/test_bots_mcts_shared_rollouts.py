"""MCTS ``shared_rollouts``: within a round of sequential halving, every candidate draws from the same random stream."""

from __future__ import annotations

import random
from typing import Any

import pytest
from mcts_kit import greedy_middle, played

import castle_combo as cc
from castle_combo.bots import GreedyAgent, MctsAgent


def _streams(monkeypatch: pytest.MonkeyPatch, agent: MctsAgent, view: cc.GameState,
             seed: int) -> list[list[tuple[Any, Any, Any]]]:
    """The iterations of one search, in rounds (the arms played on one determinization): for each arm's
    iteration, its rng object and that rng's state before and after the iteration."""
    calls: list[tuple[cc.GameState, Any, Any, Any]] = []
    iterate = MctsAgent._iterate

    def recording(self: MctsAgent, root: Any, first: Any, state: cc.GameState, rng: random.Random,
                  *rest: Any) -> None:
        before = rng.getstate()
        iterate(self, root, first, state, rng, *rest)
        calls.append((state, rng, before, rng.getstate()))

    monkeypatch.setattr(MctsAgent, "_iterate", recording)
    agent.choose(view, random.Random(seed))
    rounds: list[list[tuple[Any, Any, Any]]] = []
    for i, (state, rng, before, after) in enumerate(calls):
        if i == 0 or state is not calls[i - 1][0]:
            rounds.append([])
        rounds[-1].append((rng, before, after))
    return rounds


@pytest.mark.parametrize("seed", range(3))
def test_shared_rollouts_give_every_arm_of_a_round_the_same_stream(monkeypatch: pytest.MonkeyPatch,
                                                                   seed: int) -> None:
    view = greedy_middle(seed).view(greedy_middle(seed).current_player)
    rounds = _streams(monkeypatch, MctsAgent(iterations=24, shared_rollouts=True), view, seed)
    assert len(rounds) >= 2 and all(len(arms) >= 2 for arms in rounds)
    for arms in rounds:
        assert len({id(rng) for rng, _, _ in arms}) == len(arms)  # a fresh generator for each arm
        assert all(before == arms[0][1] for _, before, _ in arms)  # ... all seeded alike
    # The stream is really drawn from, and each round has its own.
    assert any(before != after for arms in rounds for _, before, after in arms)
    assert len({arms[0][1] for arms in rounds}) == len(rounds)


@pytest.mark.parametrize("seed", range(3))
def test_without_shared_rollouts_the_arms_of_a_round_draw_different_numbers(monkeypatch: pytest.MonkeyPatch,
                                                                            seed: int) -> None:
    """The check above fails for the search as shipped: its arms go on drawing from one running rng."""
    view = greedy_middle(seed).view(greedy_middle(seed).current_player)
    rounds = _streams(monkeypatch, MctsAgent(iterations=24), view, seed)
    assert any(any(before != arms[0][1] for _, before, _ in arms) for arms in rounds)


def test_shared_rollouts_keep_counted_budgets_reproducible() -> None:
    """The same rng gives the same moves, through a whole game (the tree kept between decisions)."""

    def game() -> list[cc.Action]:
        return played([MctsAgent(iterations=8, shared_rollouts=True), GreedyAgent()], 23)

    assert game() == game()
