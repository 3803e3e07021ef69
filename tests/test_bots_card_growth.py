"""The evaluation's fitted table of card growth, its fallback for unknown cards, and the match's baseline evaluation."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

import castle_combo as cc
from castle_combo.bots.evaluation import CARD_GROWTH_FILE, CARDS_PER_PLAYER, Evaluation, card_growth_rows
from castle_combo.bots.greedy import GreedyAgent
from castle_combo.bots.random_agent import RandomAgent

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def positions(games: int = 3, seed: int = 5) -> list[cc.GameState]:
    """Every state of a few greedy-against-random games of the standard cards."""
    seen = []
    for index in range(games):
        state = cc.new_game(players=2, seed=seed + index)
        agents = (GreedyAgent(evaluation=Evaluation(card_growth=False)), RandomAgent())
        rng = random.Random(index)
        while not state.is_over:
            seen.append(state)
            state = state.apply(agents[state.to_act].choose(state.view(state.to_act), rng))
        seen.append(state)
    return seen


def test_the_table_knows_every_standard_card_and_records_how_it_was_made():
    table = json.loads(CARD_GROWTH_FILE.read_text(encoding="utf-8"))
    rules = cc.new_game(players=2, seed=0).rules
    assert table["command"].startswith("python benchmarks/fit_card_growth.py ")
    assert "--seed" in table["command"] and table["games"] > 0
    assert len(table["average"]) == CARDS_PER_PLAYER - 1
    for card in rules.cards:
        fitted = table["cards"][card.name]
        assert fitted["scoring"] == card.scoring_english
        assert len(fitted["growth"]) == CARDS_PER_PLAYER - 1
    rows = card_growth_rows(rules)
    assert len(rows) == len(rules.cards)
    assert all(row[0] == 0.0 and len(row) == CARDS_PER_PLAYER for row in rows)
    assert card_growth_rows(rules) is rows  # kept per ruleset


def test_a_card_the_table_does_not_know_grows_as_the_average_card():
    table = json.loads(CARD_GROWTH_FILE.read_text(encoding="utf-8"))
    rules = cc.new_game(players=2, seed=0).rules
    average = (0.0, *table["average"])
    witch = next(i for i, card in enumerate(rules.cards) if card.name == "Witch")
    assert card_growth_rows(rules)[witch] == (0.0, *table["cards"]["Witch"]["growth"])
    # The same name with another scoring text is another card: the fitted row is not its own.
    # (The table reads a card's name and scoring text only; a stand-in ruleset gives them.)
    other = SimpleNamespace(cards=[
        SimpleNamespace(name=card.name, scoring_english="Score 1." if card.name == "Witch" else card.scoring_english)
        for card in rules.cards])
    rows = card_growth_rows(other)  # type: ignore[arg-type]
    assert rows[witch] == average
    assert rows[witch - 1] == card_growth_rows(rules)[witch - 1]
    assert card_growth_rows(SimpleNamespace(cards=[SimpleNamespace(name="A fan's card", scoring_english="")]))[0] \
        == average  # type: ignore[arg-type]


def test_without_card_growth_the_flat_growth_is_as_before():
    flat = Evaluation(card_growth=False)
    for state in positions(1):
        for seat in range(2):
            player = state.players[seat]
            turns_left = CARDS_PER_PLAYER - len(player.tableau)
            face_up = sum(1 for placed in player.tableau if not placed.face_down)
            with_table = Evaluation(card_growth=True).seat_value(state, seat)
            rows = card_growth_rows(state.rules)
            grown = sum(rows[p.card][turns_left] for p in player.tableau if not p.face_down) if turns_left else 0.0
            flat_growth = flat.growth * face_up * turns_left / (CARDS_PER_PLAYER - 1) if turns_left else 0.0
            assert flat.seat_value(state, seat) - flat_growth == pytest.approx(with_table - grown)


def test_the_baseline_of_the_time_match_judges_with_the_evaluation_of_9522c7d():
    old = load(BENCHMARKS / "baselines" / "evaluation_9522c7d.py", "evaluation_9522c7d_test")
    baseline = load(BENCHMARKS / "baselines" / "mcts_9522c7d.py", "mcts_9522c7d_test")
    assert baseline.Evaluation.__module__ != Evaluation.__module__
    assert baseline.MctsAgent().evaluation.__class__.__name__ == "Evaluation"
    assert not hasattr(baseline.MctsAgent().evaluation, "card_growth")
    # On the standard cards that evaluation is the flat one of today: the same values in every position.
    then, now = old.Evaluation(), Evaluation(card_growth=False)
    for state in positions():
        assert then.values(state) == pytest.approx(now.values(state))


def test_the_fit_shrinks_a_rare_card_toward_the_average():
    fit = load(BENCHMARKS / "fit_card_growth.py", "fit_card_growth_test")
    rules = cc.new_game(players=2, seed=0).rules
    common = [("Witch", 3, 9, 0)] * 100 + [("Baker", 3, 3, 3)] * 100  # the average at 3 turns left: -4.5
    table = fit.fit([*common, ("Alchemist", 3, 0, 12)], rules, shrink=20.0)
    average = (9 * -100 + 12) / 201
    assert table["average"][2] == round(average, 2)
    assert table["cards"]["Alchemist"]["growth"][2] == round((12 + 20 * average) / 21, 2)
    assert table["cards"]["Witch"]["growth"][2] == round((-900 + 20 * average) / 120, 2)
    assert table["cards"]["Witch"]["growth"][0] == table["average"][0] == 0.0  # no record at 1 turn left
    assert "Farmer" not in table["cards"]


def test_the_benchmarks_read_card_growth_as_true_or_false():
    match = load(BENCHMARKS / "mcts_time_match.py", "mcts_time_match_test")
    assert match.parse_setting("evaluation.card_growth=true") == ("evaluation.card_growth", True)
    assert match.parse_setting("evaluation.card_growth=False") == ("evaluation.card_growth", False)
    assert match.parse_setting("evaluation.gold=0.5") == ("evaluation.gold", 0.5)
    with pytest.raises(Exception, match="true or false"):
        match.parse_setting("evaluation.card_growth=1")
    greedy = load(BENCHMARKS / "greedy_evaluation_match.py", "greedy_evaluation_match_test")
    assert greedy.weight("card_growth=true") == ("card_growth", True)
    assert greedy.weight("growth=3") == ("growth", 3.0)
    with pytest.raises(Exception, match="NAME=VALUE"):
        greedy.weight("speed=3")


def test_the_greedy_evaluation_match_plays_the_same_games_for_a_seed(capsys):
    greedy = load(BENCHMARKS / "greedy_evaluation_match.py", "greedy_evaluation_match_test2")
    assert greedy.main(["--games", "2", "--seed", "3", "card_growth=true"]) == 0
    first = capsys.readouterr().out
    assert "2 games (1 deals, both seats), seed 3" in first and "won " in first
    assert greedy.main(["--games", "2", "--seed", "3", "card_growth=true"]) == 0
    assert capsys.readouterr().out == first
