"""MCTS ``root_deals``: the root's candidates ranked on several determinizations, each kind by its mean value."""

from __future__ import annotations

import random
from typing import Any

import pytest
from mcts_kit import greedy_middle, played

import castle_combo as cc
from castle_combo.bots import GreedyAgent, MctsAgent
from castle_combo.bots import mcts as mcts_module
from castle_combo.bots.evaluation import Evaluation
from castle_combo.bots.greedy import golden_cards, ranked_actions
from castle_combo.bots.mcts import _kind
from castle_combo.engine.actions import UseKey


def _views(seeds: range) -> list[cc.GameState]:
    """Every view with more than one legal action of the greedy bots' two-player games of ``seeds``."""
    views = []
    for seed in seeds:
        state = cc.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(state.current_player)
            if len(view.legal_actions()) > 1:
                views.append(view)
            state = state.apply(GreedyAgent().choose(view, rng))
    return views


def _mean_best(deals: list[cc.GameState]) -> dict[object, float]:
    """Each kind of move's best one-turn value, averaged over the deals where it is legal (computed afresh)."""
    values: dict[object, list[float]] = {}
    evaluation = Evaluation().memoized()
    for deal in deals:
        golden = golden_cards(deal)
        best: dict[object, float] = {}
        for value, action in ranked_actions(deal, evaluation):
            best.setdefault(_kind(action, golden), value)
        for kind, value in best.items():
            values.setdefault(kind, []).append(value)
    return {kind: sum(found) / len(found) for kind, found in values.items()}


@pytest.mark.parametrize("seed", range(4))
def test_one_deal_ranks_as_before(seed: int) -> None:
    """With one deal the root's candidates are the greedy ranking of one determinization, drawn from the same rng."""
    view = greedy_middle(seed).view(greedy_middle(seed).current_player)
    agent = MctsAgent(root_deals=1)
    rng = random.Random(seed)
    ranked = agent._root_ranked(view, rng, Evaluation().memoized())
    before = random.Random(seed)
    assert ranked == agent._distinct_ranked(view.determinize(before), Evaluation().memoized())
    assert rng.getstate() == before.getstate()  # no more drawn than before: the search goes on alike


@pytest.mark.parametrize("seed", range(3))
def test_several_deals_rank_on_as_many_determinizations_and_average(monkeypatch: pytest.MonkeyPatch,
                                                                     seed: int) -> None:
    view = greedy_middle(seed).view(greedy_middle(seed).current_player)
    ranked_on: list[cc.GameState] = []

    def recording(state: cc.GameState, *rest: Any, **named: Any) -> list[tuple[float, cc.Action]]:
        ranked_on.append(state)
        return ranked_actions(state, *rest, **named)

    monkeypatch.setattr(mcts_module, "ranked_actions", recording)
    agent = MctsAgent(root_deals=3, deny_face_down=False)
    ranked = agent._root_ranked(view, random.Random(seed), Evaluation().memoized())
    rng = random.Random(seed)
    deals = [view.determinize(rng) for _ in range(3)]
    assert ranked_on == deals
    assert len(set(deals)) == 3  # three deck orders, not one three times
    means = _mean_best(deals)
    golden = golden_cards(deals[0])
    assert len(ranked) == min(agent.width, len(means))
    assert len({_kind(action, golden) for _, action in ranked}) == len(ranked)
    assert [value for value, _ in ranked] == pytest.approx([means[_kind(action, golden)] for _, action in ranked])
    left_out = [value for kind, value in means.items() if kind not in {_kind(a, golden) for _, a in ranked}]
    assert all(value <= min(v for v, _ in ranked) + 1e-9 for value in left_out)  # the best kinds by the mean


def test_several_deals_decide_whether_a_key_use_is_a_candidate() -> None:
    """In some positions one sample's refill alone keeps a key use among the candidates, or leaves it out, and
    the mean over four samples decides otherwise; the key use's value is then its mean over the four."""
    changed = 0
    for i, view in enumerate(_views(range(3))):
        evaluation = Evaluation().memoized()
        one = MctsAgent(root_deals=1)._root_ranked(view, random.Random(i), evaluation)
        four = MctsAgent(root_deals=4)._root_ranked(view, random.Random(i), evaluation)
        keys_one = {action for _, action in one if isinstance(action, UseKey)}
        keys_four = {action for _, action in four if isinstance(action, UseKey)}
        if keys_one == keys_four:
            continue
        changed += 1
        rng = random.Random(i)
        means = _mean_best([view.determinize(rng) for _ in range(4)])
        for value, action in four:
            if isinstance(action, UseKey):
                assert value == pytest.approx(means[action])
    assert changed >= 2


def test_root_deals_keep_counted_budgets_reproducible() -> None:
    """The same rng gives the same moves, through a whole game (the tree kept between decisions)."""

    def game() -> list[cc.Action]:
        return played([MctsAgent(iterations=8, root_deals=3), GreedyAgent()], 29)

    assert game() == game()


def test_root_deals_must_be_at_least_one() -> None:
    with pytest.raises(ValueError, match="root_deals"):
        MctsAgent(root_deals=0)
