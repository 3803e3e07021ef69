"""Time budgets beside iteration budgets: `mcts:time=0.5`, its parse errors, the reproducibility note, the clock kept.

Timing assertions allow a factor of 3 either way: the machine running the suite is shared and noisy.
"""

from __future__ import annotations

import json
import random
import time
from importlib.metadata import EntryPoint

import attrs
import pytest

import castle_combo as cc
from castle_combo.bots import MctsAgent, RandomAgent, registry
from castle_combo.bots.mcts import DEFAULT_ITERATIONS
from castle_combo.bots.registry import BotSpec, UnknownAgentError, is_timed, make_agent, parse_agents, parse_spec
from castle_combo.bots.simulate import simulate
from castle_combo.cli import main
from castle_combo.cli._help import BUDGETS


@pytest.mark.parametrize("text, spec", [
    ("greedy", BotSpec("greedy")),
    ("mcts", BotSpec("mcts")),
    ("mcts:400", BotSpec("mcts", iterations=400)),
    ("mcts:time=0.5", BotSpec("mcts", seconds=0.5)),
    (" mcts : time = 2 ", BotSpec("mcts", seconds=2.0)),
])
def test_a_spec_reads_as_a_name_and_a_budget(text: str, spec: BotSpec) -> None:
    assert parse_spec(text) == spec
    assert parse_spec(str(spec)) == spec


def test_a_time_budget_makes_an_mcts_that_counts_the_clock_only() -> None:
    agent = make_agent("mcts:time=0.25")
    assert isinstance(agent, MctsAgent)
    assert (agent.time_limit, agent.iterations, agent.max_positions) == (0.25, None, None)
    assert agent.name == "mcts"


@pytest.mark.parametrize("spec, says", [
    ("mcts:time=", r"bad time budget '' .*e\.g\. 'mcts:time=0\.5'"),
    ("mcts:time=0", r"bad time budget '0' .*positive number"),
    ("mcts:time=-1", r"bad time budget '-1'"),
    ("mcts:time=soon", r"bad time budget 'soon'"),
    ("mcts:time=nan", r"bad time budget 'nan'"),
    ("mcts:time=inf", r"bad time budget 'inf'.* up to 3600"),
    ("mcts:speed=3", r"unknown budget 'speed' .*'mcts:N' for N iterations .*'mcts:time=S' for S seconds"),
    ("mcts:", r"missing budget after ':' .*'mcts:400'.*'mcts:time=0\.5'"),
    ("mcts:lots", r"bad budget 'lots' .*positive number of iterations.*or seconds per move"),
    ("greedy:time=1", r"bot 'greedy' takes no budget; write 'greedy'"),
    ("random:time=0.5", r"bot 'random' takes no budget"),
    ("mtcs:time=0.5", r"unknown bot 'mtcs'; did you mean 'mcts'"),
])
def test_a_bad_budget_says_what_to_write_instead(spec: str, says: str) -> None:
    with pytest.raises(UnknownAgentError, match=says):
        make_agent(spec)
    with pytest.raises(UnknownAgentError, match=says):
        parse_agents(f"greedy,{spec}")


def test_a_bot_is_timed_by_its_spec_or_its_time_limit() -> None:
    assert is_timed("mcts:time=0.5")
    assert not is_timed("mcts:400") and not is_timed("mcts") and not is_timed("greedy")
    assert is_timed(MctsAgent(time_limit=0.1))
    assert not is_timed(MctsAgent()) and not is_timed(RandomAgent())


def test_an_installed_bot_receives_a_time_budget_as_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    entries = [EntryPoint(name="deep", value="castle_combo.bots.mcts:MctsAgent", group=registry.AGENTS_GROUP),
               EntryPoint(name="lucky", value="castle_combo.bots.random_agent:RandomAgent",
                          group=registry.AGENTS_GROUP)]
    monkeypatch.setattr(registry.importlib.metadata, "entry_points",
                        lambda *, group: [e for e in entries if e.group == group])
    agent = make_agent("deep:time=0.3")
    assert isinstance(agent, MctsAgent) and agent.time_limit == 0.3
    with pytest.raises(UnknownAgentError, match=r"'lucky' .* could not be built with the time budget time_limit=0\.3"):
        make_agent("lucky:time=0.3")


def test_an_mcts_agent_needs_some_budget() -> None:
    with pytest.raises(ValueError, match="needs a budget"):
        MctsAgent(iterations=None)
    with pytest.raises(ValueError, match="positive number of seconds"):
        MctsAgent(time_limit=0)


@pytest.mark.parametrize("visits", [-1, -0.5, float("nan"), float("inf")])
def test_an_mcts_agent_refuses_prior_visits_that_are_not_a_finite_count_of_zero_or_more(visits: float) -> None:
    with pytest.raises(ValueError, match=r"prior_visits must be a finite number of visits, 0 or more, got "):
        MctsAgent(prior_visits=visits)


def test_an_mcts_agent_keeps_prior_visits_of_zero_or_more() -> None:
    assert MctsAgent(prior_visits=0).prior_visits == 0
    assert MctsAgent(prior_visits=2.5).prior_visits == 2.5


def test_the_help_names_the_default_iterations() -> None:
    assert f"plain mcts is mcts:{DEFAULT_ITERATIONS}" in BUDGETS


def test_a_timed_bot_returns_within_about_its_budget() -> None:
    state = cc.new_game(players=2, seed=4)
    # Measured on the CPU clock, as the agent is asked to be, so that a busy machine cannot fail the test.
    agent = attrs.evolve(MctsAgent.thinking_for(0.3), cpu_clock=True)
    started = time.process_time()
    action = agent.choose(state.view(0), random.Random(1))
    elapsed = time.process_time() - started
    assert action in state.legal_actions()
    assert 0.1 <= elapsed <= 0.9, elapsed
    report = agent.last_search
    assert report is not None and report.iterations >= 4  # at least one round of every candidate


def test_a_simulation_with_a_timed_bot_says_it_is_not_reproducible() -> None:
    timed = simulate(["mcts:time=0.01", "random"], games=1, seed=3)
    assert not timed.reproducible and timed.timed_bots == ("mcts:time=0.01",)
    assert timed.to_json()["reproducible"] is False and timed.to_json()["timed_bots"] == ["mcts:time=0.01"]
    counted = simulate(["greedy", "random"], games=1, seed=3)
    assert counted.reproducible and counted.to_json()["reproducible"] is True


@pytest.mark.parametrize("command", ["simulate", "balance"])
def test_simulate_and_balance_note_a_time_budget_on_stderr_and_in_json(command: str,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    args = [command, "--bots", "mcts:time=0.01,random", "--games", "1", "--jobs", "1", "--json"]
    assert main(args) == 0
    out, err = capsys.readouterr()
    document = json.loads(out)
    assert document["reproducible"] is False and document["timed_bots"] == ["mcts:time=0.01"]
    assert "note: mcts:time=0.01 thinks for a time per move" in err and "mcts:400" in err
    assert main([command, "--bots", "greedy,random", "--games", "1", "--jobs", "1", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["reproducible"] is True and "note:" not in err


def test_a_kept_tree_gives_the_same_moves_for_the_same_seed() -> None:
    """The tree kept between decisions is part of the bot's reasoning, not of chance: games still repeat."""

    def game() -> tuple[cc.Action, ...]:
        state = cc.new_game(players=2, seed=11)
        bots = [MctsAgent(iterations=8, expand_after=2), MctsAgent(iterations=8, expand_after=2)]
        rngs = [random.Random(1), random.Random(2)]
        kept = 0
        while not state.is_over:
            seat = state.current_player
            state = state.apply(bots[seat].choose(state.view(seat), rngs[seat]))
            report = bots[seat].last_search
            kept += report.kept if report is not None else 0
        assert kept > 0  # some decision of a turn started from the tree of the one before
        return state.history

    assert game() == game()


def test_the_tree_is_kept_across_replies_of_one_game_and_never_into_another() -> None:
    agent = MctsAgent(iterations=24, expand_after=1)
    greedy = make_agent("greedy")
    state = cc.new_game(players=2, seed=5)
    rng = random.Random(1)
    kept_at_turn_start = 0
    while not state.is_over:
        seat = state.current_player
        if seat == 0:
            starting = state.card_taken is False and state.pending is None
            state = state.apply(agent.choose(state.view(0), rng))
            report = agent.last_search
            if starting and report is not None:
                kept_at_turn_start += report.kept
        else:
            state = state.apply(greedy.choose(state.view(1), rng))
    assert kept_at_turn_start > 0  # the other player's replies had been searched
    agent.choose(cc.new_game(players=2, seed=6).view(0), random.Random(1))
    assert agent.last_search is not None and agent.last_search.kept == 0


def test_the_search_is_flat_by_default_no_root_candidate_is_searched_through() -> None:
    """A tree below the root's candidates cost strength where it grew (the module docstring, "A flat search"):
    by default every iteration plays a candidate and rolls out, however large the budget."""
    state = cc.new_game(players=2, seed=5)
    flat, tree = MctsAgent(iterations=160), MctsAgent(iterations=160, expand_after=20)
    assert flat.expand_after is None
    for agent in (flat, tree):
        agent.choose(state.view(0), random.Random(1))
    grown = {name: max(len(child.children) for child in agent._memory.trees[0][1].children.values())
             for name, agent in (("flat", flat), ("tree", tree))}
    assert grown == {"flat": 0, "tree": grown["tree"]} and grown["tree"] > 0


def test_the_default_budget_plays_the_games_it_played_with_a_tree() -> None:
    """40 iterations never give a candidate the 20 visits a tree needed, so ``mcts`` kept its games."""
    def game(agent: MctsAgent) -> tuple[cc.Action, ...]:
        state = cc.new_game(players=2, seed=21)
        rng = random.Random(2)
        while not state.is_over:
            state = state.apply(agent.choose(state.view(state.current_player), rng))
        return state.history

    assert game(MctsAgent()) == game(MctsAgent(expand_after=20))


def test_an_mcts_agent_refuses_expand_after_below_one() -> None:
    with pytest.raises(ValueError, match=r"expand_after must be a number of visits, 1 or more, or None"):
        MctsAgent(expand_after=0)


def test_one_agent_at_two_seats_keeps_a_tree_per_seat_and_repeats_its_games() -> None:
    def game() -> tuple[cc.Action, ...]:
        agent = MctsAgent(iterations=8, expand_after=2)
        state = cc.new_game(players=2, seed=12)
        rng = random.Random(3)
        while not state.is_over:
            state = state.apply(agent.choose(state.view(state.current_player), rng))
        return state.history

    assert game() == game()


def test_the_time_match_benchmark_runs_and_reports() -> None:
    """``benchmarks/mcts_time_match.py`` with tiny arguments: it plays, and says what it measured."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "benchmarks/mcts_time_match.py", "--games", "2", "--iterations", "2"],
                          cwd=root, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "new MCTS won" in done.stdout and "iterations per searched move" in done.stdout
    assert "load average" in done.stdout


def test_the_time_match_benchmark_goes_on_from_its_log(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``--log`` keeps each finished game; ``--resume`` plays only the rest, and refuses another match's log."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root / "src")}
    log = tmp_path / "games.jsonl"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "benchmarks/mcts_time_match.py", "--log", str(log), *args],
                              cwd=root, env=env, capture_output=True, text=True, timeout=300, check=False)

    done = run("--games", "2", "--iterations", "2")
    assert done.returncode == 0, done.stderr
    first = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert sorted(g["index"] for g in first) == [0, 1]
    done = run("--games", "4", "--iterations", "2", "--resume")
    assert done.returncode == 0, done.stderr
    assert "(2 games kept from" in done.stdout and "4 games" in done.stdout
    games = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert games[:2] == first and sorted(g["index"] for g in games) == [0, 1, 2, 3]
    refused = run("--games", "4", "--iterations", "3", "--resume")
    assert refused.returncode == 2 and "another match" in refused.stderr


def test_the_time_match_benchmark_gives_the_new_bot_its_own_time() -> None:
    """``--new-seconds``: the new bot thinks that long a move, the baseline its ``--seconds``; said in the report."""
    import importlib.util
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("mcts_time_match_own_time", root / "benchmarks" / "mcts_time_match.py")
    assert spec is not None and spec.loader is not None
    match = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(match)
    new, old, _ = match.bots(0.05, None, True, {}, 0.2)
    assert new.time_limit == 0.2 and old.time_limit == 0.05
    new, old, _ = match.bots(0.05, None, True, {})
    assert new.time_limit == old.time_limit == 0.05
    done = subprocess.run([sys.executable, "benchmarks/mcts_time_match.py", "--games", "2", "--seconds", "0.01",
                           "--new-seconds", "0.02"], cwd=root, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "0.02 s of cpu time per move against 0.01 s" in done.stdout
    refused = subprocess.run([sys.executable, "benchmarks/mcts_time_match.py", "--iterations", "2", "--new-seconds",
                              "0.2"], cwd=root, capture_output=True, text=True, timeout=300, check=False)
    assert refused.returncode == 2 and "--new-seconds needs a time match" in refused.stderr


def test_an_mcts_agent_refuses_a_negative_finish_turns() -> None:
    with pytest.raises(ValueError, match=r"finish_turns must be a number of turns, 0 or more, got -1"):
        MctsAgent(finish_turns=-1)
