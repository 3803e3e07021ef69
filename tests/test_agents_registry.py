"""Bots are found by the names the command line uses; a typo gets a did-you-mean hint."""

from __future__ import annotations

import pytest

from castle_combo.bots.base import Agent
from castle_combo.bots.registry import UnknownAgentError, agent_names, make_agent, parse_agents
from castle_combo.errors import CastleComboError


def test_the_three_bots_are_registered_by_name() -> None:
    assert agent_names() == ("greedy", "mcts", "random")


@pytest.mark.parametrize("name", ["random", "greedy", "mcts"])
def test_every_registered_bot_follows_the_agent_protocol(name: str) -> None:
    agent = make_agent(name)
    assert isinstance(agent, Agent)
    assert agent.name == name


def test_an_unknown_bot_name_suggests_the_closest_one() -> None:
    with pytest.raises(UnknownAgentError, match="did you mean 'greedy'"):
        make_agent("gready")


def test_an_unknown_bot_is_a_castle_combo_error_so_the_cli_exits_2() -> None:
    assert issubclass(UnknownAgentError, CastleComboError)


def test_mcts_takes_an_iteration_budget_after_a_colon() -> None:
    agent = make_agent("mcts:123")
    assert agent.iterations == 123  # type: ignore[attr-defined]


@pytest.mark.parametrize("spec", ["mcts:0", "mcts:-5", "mcts:lots"])
def test_a_budget_must_be_a_positive_whole_number(spec: str) -> None:
    with pytest.raises(UnknownAgentError, match="positive number of iterations"):
        make_agent(spec)


def test_bots_that_do_not_search_take_no_budget() -> None:
    with pytest.raises(UnknownAgentError, match="takes no budget"):
        make_agent("greedy:10")


def test_a_bot_list_is_split_on_commas_and_checked() -> None:
    assert parse_agents("mcts, greedy,random") == ("mcts", "greedy", "random")
    with pytest.raises(UnknownAgentError, match="empty bot name"):
        parse_agents("greedy,,random")
    with pytest.raises(UnknownAgentError, match="did you mean 'mcts'"):
        parse_agents("greedy,mtcs")


def _install(monkeypatch: pytest.MonkeyPatch, **bots: str) -> None:
    """Pretend packages registered ``bots`` (name -> 'module:attribute') under the agents entry point."""
    from importlib.metadata import EntryPoint

    from castle_combo.bots import registry

    entries = [EntryPoint(name=name, value=value, group=registry.AGENTS_GROUP) for name, value in bots.items()]

    def entry_points(*, group: str) -> list[EntryPoint]:
        return [entry for entry in entries if entry.group == group]

    monkeypatch.setattr(registry.importlib.metadata, "entry_points", entry_points)


def test_an_installed_bot_is_found_by_its_entry_point_name(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.bots import RandomAgent

    _install(monkeypatch, lucky="castle_combo.bots.random_agent:RandomAgent")
    assert agent_names() == ("greedy", "lucky", "mcts", "random")
    assert isinstance(make_agent("lucky"), RandomAgent)
    assert parse_agents("lucky,greedy") == ("lucky", "greedy")


def test_an_installed_bot_receives_the_budget_of_its_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.bots import MctsAgent

    _install(monkeypatch, deep="castle_combo.bots.mcts:MctsAgent")
    agent = make_agent("deep:12")
    assert isinstance(agent, MctsAgent) and agent.iterations == 12


def test_an_installed_bot_cannot_take_a_built_in_name(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.bots import GreedyAgent

    _install(monkeypatch, random="castle_combo.bots.greedy:GreedyAgent")
    assert agent_names() == ("greedy", "mcts", "random")
    assert not isinstance(make_agent("random"), GreedyAgent)


def test_a_broken_installed_bot_names_its_package_and_the_fix(monkeypatch: pytest.MonkeyPatch) -> None:
    _install(
        monkeypatch,
        missing="no_such_package.bots:Bot",
        notabot="castle_combo.bots.stats:mean_std",
        picky="castle_combo.bots.registry:agent_names",
    )
    with pytest.raises(UnknownAgentError, match=r"'missing' \(no_such_package.bots:Bot\) cannot be loaded: .*reinstall"):
        make_agent("missing")
    with pytest.raises(UnknownAgentError, match="'notabot' .* could not be built with no argument"):
        make_agent("notabot")
    with pytest.raises(UnknownAgentError, match="'picky' .* could not be built with the budget 5"):
        make_agent("picky:5")


def test_an_installed_bot_that_builds_something_else_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    _install(monkeypatch, names="castle_combo.bots.registry:agent_names")
    with pytest.raises(UnknownAgentError, match="built .* which is not a bot: it needs a 'name'"):
        make_agent("names")


def test_a_misspelled_installed_bot_gets_a_did_you_mean(monkeypatch: pytest.MonkeyPatch) -> None:
    _install(monkeypatch, cheapest="castle_combo.bots.random_agent:RandomAgent")
    with pytest.raises(UnknownAgentError, match="did you mean 'cheapest'"):
        make_agent("cheapst")


def test_an_installed_bot_plays_from_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from castle_combo.cli import main

    _install(monkeypatch, lucky="castle_combo.bots.random_agent:RandomAgent")
    assert main(["simulate", "--bots", "lucky,greedy", "--games", "2", "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [seat["bot"] for seat in report["seats"]] == ["lucky", "greedy"]
