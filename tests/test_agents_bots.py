"""The bots play only legal moves, see only their seat's view, and are reproducible."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import castle_combo as cc
from castle_combo.bots import GreedyAgent, MctsAgent, RandomAgent, make_agent
from castle_combo.bots.base import Agent
from castle_combo.bots.evaluation import Evaluation, MemoizedEvaluation, outcome_rewards, squash_margins
from castle_combo.bots.greedy import ranked_actions
from castle_combo.bots.playout import playout_move

#: Small budgets keep the suite fast; the search code is the same at any budget.
BOTS: dict[str, Agent] = {
    "random": RandomAgent(),
    "greedy": GreedyAgent(),
    "mcts": MctsAgent(iterations=8),
}


def _play(bots: list[Agent], seed: int) -> cc.GameState:
    """A whole game between ``bots`` (one per seat), checking every move is legal for the view."""
    state = cc.new_game(players=len(bots), seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        action = bots[seat].choose(view, rng)
        assert action in view.legal_actions(), f"{bots[seat].name} chose {action} in {view}"
        state = state.apply(action)
    return state


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_bot_only_ever_plays_legal_actions(name: str) -> None:
    bot = BOTS[name]
    state = _play([bot, RandomAgent()], seed=3)
    assert state.is_over


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_random_and_greedy_bots_finish_games_of_any_size(seed: int, players: int) -> None:
    bots: list[Agent] = [GreedyAgent() if seat % 2 else RandomAgent() for seat in range(players)]
    state = _play(bots, seed)
    assert all(len(player.tableau) == 9 for player in state.players)


def _reversed_decks(state: cc.GameState) -> cc.GameState:
    """The same game with both hidden deck orders reversed: publicly identical."""
    locations = tuple(loc.replace(deck=tuple(reversed(loc.deck))) for loc in state.locations)
    return state.replace(locations=locations)


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_bot_given_a_view_cannot_read_the_deck_order(name: str) -> None:
    bot = BOTS[name]
    state = cc.new_game(players=2, seed=17)
    rng = random.Random(0)
    for _ in range(5):  # at the start and after a few greedy turns
        other = _reversed_decks(state)
        assert other.locations != state.locations
        seat = state.current_player
        assert state.view(seat) == other.view(seat)
        assert bot.choose(state.view(seat), random.Random(99)) == bot.choose(other.view(seat), random.Random(99))
        state = state.apply(GreedyAgent().choose(state.view(seat), rng))


@pytest.mark.parametrize("name", sorted(BOTS))
def test_the_same_rng_gives_the_same_move(name: str) -> None:
    view = cc.new_game(players=3, seed=5).view(0)
    bot = make_agent(name) if name != "mcts" else BOTS["mcts"]
    assert bot.choose(view, random.Random(1)) == bot.choose(view, random.Random(1))


def test_the_random_bot_can_pick_every_legal_action() -> None:
    view = cc.new_game(players=2, seed=2).view(0)
    rng = random.Random(0)
    seen = {RandomAgent().choose(view, rng) for _ in range(3000)}
    assert seen == set(view.legal_actions())


def test_greedy_plays_the_top_of_its_own_ranking() -> None:
    state = cc.new_game(players=2, seed=8)
    view = state.view(0)
    ranking = ranked_actions(view.determinize(random.Random(4)), Evaluation())
    assert GreedyAgent().choose(view, random.Random(4)) == ranking[0][1]
    values = [value for value, _ in ranking]
    assert values == sorted(values, reverse=True)


def test_greedy_beats_random_in_every_one_of_ten_seeded_games() -> None:
    wins = 0
    for seed in range(10):
        bots: list[Agent] = [GreedyAgent(), RandomAgent()] if seed % 2 else [RandomAgent(), GreedyAgent()]
        result = _play(bots, seed).result()
        greedy_seat = 0 if seed % 2 else 1
        wins += greedy_seat in result.winners
    assert wins >= 9


def test_what_opponents_gain_counts_against_the_evaluated_seat() -> None:
    state = cc.new_game(players=2, seed=1)
    richer = state.players[1].replace(gold=state.players[1].gold + 5, keys=state.players[1].keys + 2)
    handed_out = state.replace(players=(state.players[0], richer))
    evaluation = Evaluation()
    assert evaluation.relative(handed_out, 0) < evaluation.relative(state, 0)
    assert evaluation.relative(handed_out, 1) > evaluation.relative(state, 1)


def test_gold_is_worth_nothing_once_the_tableau_is_full() -> None:
    state = _play([GreedyAgent(), GreedyAgent()], seed=4)
    evaluation = Evaluation()
    sheets = state.scores()
    assert evaluation.values(state) == tuple(float(sheet.total) for sheet in sheets)


def test_a_win_is_rewarded_more_than_any_loss() -> None:
    state = _play([GreedyAgent(), RandomAgent()], seed=6)
    rewards = outcome_rewards(state)
    winner = state.result().winners[0]
    assert all(rewards[winner] > r for seat, r in enumerate(rewards) if seat != winner)
    assert all(0.0 <= r <= 1.0 for r in rewards)


def test_squashed_margins_are_symmetric_for_two_players() -> None:
    a, b = squash_margins((50.0, 40.0), scale=8.0)
    assert a == pytest.approx(1.0 - b)
    assert a > 0.5


def test_the_playout_policy_never_spends_keys_and_stays_legal() -> None:
    state = cc.new_game(players=2, seed=12)
    rng = random.Random(0)
    while not state.is_over:
        action = playout_move(state, rng)
        assert action in state.legal_actions()
        assert not isinstance(action, cc.UseKey)
        state = state.apply(action)


def test_mcts_stops_at_its_time_limit() -> None:
    import time

    bot = MctsAgent(iterations=10_000, time_limit=0.05)
    view = cc.new_game(players=2, seed=3).view(0)
    started = time.perf_counter()
    action = bot.choose(view, random.Random(0))
    assert time.perf_counter() - started < 2.0
    assert action in view.legal_actions()


def test_mcts_searches_at_most_one_move_of_each_kind() -> None:
    state = cc.new_game(players=2, seed=21).view(0).determinize(random.Random(0))
    candidates = MctsAgent(width=20)._distinct_best(state, Evaluation().memoized())
    face_down = [a for a in candidates if isinstance(a, cc.Take) and a.face_down]
    face_up = [a.card for a in candidates if isinstance(a, cc.Take) and not a.face_down]
    assert len(face_down) <= 1
    assert len(face_up) == len(set(face_up))
    assert len(candidates) == len(set(candidates))


def test_mcts_plays_a_whole_game_with_more_than_two_players() -> None:
    bots: list[Agent] = [MctsAgent(iterations=6), GreedyAgent(), RandomAgent()]
    state = _play(bots, seed=13)
    assert len(state.result().winners) >= 1


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_the_memoized_evaluation_gives_the_evaluation_s_values(seed: int, players: int) -> None:
    """The memo is keyed by everything a seat's value depends on, so it never changes a value."""
    evaluation = Evaluation()
    memoized = evaluation.memoized()
    rng = random.Random(seed)
    state = cc.new_game(players=players, seed=seed)
    seen = []
    while not state.is_over:
        seen.append(state)
        assert memoized.values(state) == evaluation.values(state)
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
    for earlier in seen:  # answered from the memo now
        assert memoized.values(earlier) == evaluation.values(earlier)
        assert memoized.relative(earlier, 0) == evaluation.relative(earlier, 0)


@attrs.frozen
class _CountingEvaluation(Evaluation):
    """An evaluation that keeps every memo a bot makes, to read how many positions it evaluated."""

    memos: list[MemoizedEvaluation] = attrs.field(factory=list, eq=False)

    def memoized(self) -> MemoizedEvaluation:
        memo = super().memoized()
        self.memos.append(memo)
        return memo


def _positions_searched(agent: MctsAgent, view: cc.GameState) -> int:
    agent.choose(view, random.Random(0))
    assert isinstance(agent.evaluation, _CountingEvaluation)
    return agent.evaluation.memos[-1].positions


def test_mcts_spends_about_max_positions_and_no_more() -> None:
    """The cap on positions bounds the slowest moves the same way on every machine.

    The search plans its rounds within the cap (each halving phase a share of
    it), so it ends near the cap, not past it by a round.
    """
    view = cc.new_game(players=2, seed=8).view(0)
    unlimited = _positions_searched(MctsAgent(iterations=60, max_positions=None, evaluation=_CountingEvaluation()), view)
    cap = unlimited // 4
    capped = _positions_searched(MctsAgent(iterations=60, max_positions=cap, evaluation=_CountingEvaluation()), view)
    assert cap * 0.6 <= capped <= cap * 1.1


def test_the_cap_on_positions_grows_with_the_budget() -> None:
    assert MctsAgent(iterations=400).max_positions == 10 * MctsAgent(iterations=40).max_positions
    assert MctsAgent(iterations=40, max_positions=None).max_positions is None


@pytest.mark.parametrize(
    "agent",
    [
        MctsAgent(iterations=6, rounds=1, opponent_keys=False),
        MctsAgent(iterations=6, rounds=3, width=2),
        MctsAgent(iterations=30, expand_after=2, max_positions=None),
    ],
    ids=["one round, replies without keys", "three rounds", "a deeper tree"],
)
def test_every_search_setting_plays_only_legal_moves(agent: MctsAgent) -> None:
    state = _play([agent, GreedyAgent()], seed=17)
    assert len(state.result().winners) >= 1
