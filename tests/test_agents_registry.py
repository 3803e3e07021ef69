"""Bots are found by the names the command line uses; a typo gets a did-you-mean hint."""

from __future__ import annotations

import pytest

from castle_combo.agents.base import Agent
from castle_combo.agents.registry import UnknownAgentError, agent_names, make_agent, parse_agents
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
