"""The balance lab: its statistics, its reproducibility, and that it finds a broken card."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo.bots.balance import balance, balance_report
from castle_combo.bots.simulate import CardTotals, SimulationResult, SimulationTotals, SlotTotals
from castle_combo.bots.stats import wilson_interval
from castle_combo.cli import main

DRAGON = """
card "Golden Dragon" {
    deck village   cost 2   shields nobility
    when bought: gain 10 gold
    score 30 per castle banner
}
"""


@pytest.fixture(scope="module")
def dragon_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("broken")
    (folder / "dragon.ccl").write_text(DRAGON, encoding="utf-8")
    return folder


def test_the_wilson_interval_covers_the_true_rate_about_95_times_in_100() -> None:
    """Over win rates and sample sizes like a balance run's, the 95% interval holds the truth ~95% of the time."""
    rng = random.Random(7)
    covered = trials = 0
    for _ in range(4000):
        true_rate, taken = rng.uniform(0.1, 0.9), rng.randint(15, 150)
        won = sum(rng.random() < true_rate for _ in range(taken))
        interval = wilson_interval(won, taken)
        covered += interval.low <= true_rate <= interval.high
        trials += 1
    assert 0.935 <= covered / trials <= 0.965


def synthetic(cards: dict[str, tuple[int, int]], games: int = 100, wins: int = 100) -> SimulationResult:
    """A simulation result with the given (taken, won) per card, two players and ``wins`` winning seats."""
    totals = SimulationTotals(games, 0, (SlotTotals(wins // 2), SlotTotals(wins - wins // 2)),
                              tuple(CardTotals(name, t, w) for name, (t, w) in sorted(cards.items())))
    return SimulationResult(2, ("greedy", "greedy"), 1, totals)


def test_a_card_whose_interval_lies_above_the_baseline_is_flagged_strong_and_below_weak() -> None:
    rules = cc.Ruleset.standard()
    names = rules.names
    report = balance_report(synthetic({names[0]: (80, 70), names[1]: (80, 10), names[2]: (80, 42)}), rules)
    lines = {line.card: line for line in report.cards}
    assert report.baseline == 0.5
    assert lines[names[0]].flag == "strong" and lines[names[1]].flag == "weak" and lines[names[2]].flag == ""
    assert lines[names[0]].difference == pytest.approx(70 / 80 - 0.5)
    assert len(report.cards) == len(rules)  # every card is listed, taken or not
    assert lines[names[3]].taken == 0 and lines[names[3]].flag == ""


def test_games_needed_grows_four_times_when_the_margin_halves() -> None:
    rules = cc.Ruleset.standard()
    report = balance_report(synthetic({name: (20, 10) for name in rules.names}), rules)
    assert report.games_needed(0.025) == pytest.approx(4 * report.games_needed(0.05), rel=0.01)


def test_the_json_document_has_the_documented_fields(dragon_folder: Path) -> None:
    rules = cc.Ruleset.standard().extend([dragon_folder])
    document = balance(["random", "random"], games=20, seed=3, rules=rules).to_json()
    assert document["games"] == 20
    assert len(document["cards"]) == len(rules)
    first = document["cards"][0]
    assert {"card", "taken", "win_rate_when_taken", "ci95"} <= set(first)
    assert first["ci95"][0] <= first["win_rate_when_taken"] <= first["ci95"][1]


def test_a_seed_gives_the_same_report_and_two_jobs_give_what_one_gives() -> None:
    one = balance(["random", "greedy"], games=16, seed=5, jobs=1)
    assert balance(["random", "greedy"], games=16, seed=5, jobs=1) == one
    assert balance(["random", "greedy"], games=16, seed=5, jobs=2) == one
    assert balance(["random", "greedy"], games=16, seed=6, jobs=1) != one


def test_an_absurdly_strong_fan_card_stands_out_within_a_few_hundred_greedy_games(dragon_folder: Path) -> None:
    rules = cc.Ruleset.standard().extend([dragon_folder])
    report = balance(["greedy", "greedy"], games=150, seed=1, jobs=2, rules=rules)
    dragon = report.cards[0]  # the best win share of all
    assert dragon.card == "Golden Dragon" and dragon.flag == "strong"
    assert dragon.interval.low > max(line.interval.estimate for line in report.cards[1:] if line.taken >= 20)


def test_the_command_prints_a_table_json_and_draws_a_chart(
    dragon_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chart = tmp_path / "chart.svg"
    assert main(["balance", "--bots", "random,random", "--games", "40", "--jobs", "1", "--cards",
                 str(dragon_folder), "--svg", str(chart)]) == 0
    out = capsys.readouterr().out
    assert "Golden Dragon" in out and "baseline:" in out and "play about" in out
    assert chart.read_text(encoding="utf-8").startswith("<svg") and "Golden Dragon" in chart.read_text()
    assert main(["balance", "--bots", "random,random", "--games", "10", "--jobs", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 10


def test_bad_options_are_refused_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--games", "0"]) == 2
    assert "--games must be at least 1" in capsys.readouterr().err
    assert main(["balance", "--bots", "nobody"]) == 2
    assert "error:" in capsys.readouterr().err


def test_the_piped_report_has_no_trailing_spaces_and_nothing_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--bots", "greedy,greedy", "--games", "12", "--jobs", "1"]) == 0
    out, err = capsys.readouterr()
    assert err == "", "a progress bar that cannot redraw itself is not printed, not even as an empty line"
    assert out.startswith("12 games, 2 players")
    assert "vs baseline" in out and all(line == line.rstrip() for line in out.splitlines())
