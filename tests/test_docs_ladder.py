"""The bot ladder: Bradley-Terry ratings with intervals, their chart, and the docs page drawn from the committed JSON."""

from __future__ import annotations

import importlib.util
import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from castle_combo.bots.ladder import (
    Pairing,
    Rating,
    chart_svg,
    document_chart,
    expected_score,
    fit_ratings,
    ratings_of,
    time_words,
)

ROOT = Path(__file__).resolve().parents[1]


def by_bot(ratings: tuple[Rating, ...]) -> dict[str, Rating]:
    return {rating.bot: rating for rating in ratings}


def test_even_results_give_equal_ratings_and_the_anchor_keeps_its_rating() -> None:
    ratings = by_bot(fit_ratings([Pairing("a", "b", 40, 20), Pairing("b", "c", 40, 20), Pairing("a", "c", 40, 20)],
                                 anchor="b", anchor_rating=1500))
    assert ratings["b"].rating == ratings["b"].low == ratings["b"].high == 1500
    for bot in "ac":
        assert ratings[bot].rating == pytest.approx(1500, abs=1e-6)
        assert ratings[bot].low < 1500 < ratings[bot].high


def test_a_76_percent_score_is_about_200_elo_points() -> None:
    ratings = by_bot(fit_ratings([Pairing("strong", "weak", 10_000, 7_597)], anchor="weak", anchor_rating=0))
    assert ratings["strong"].rating == pytest.approx(200, abs=2)
    assert expected_score(200) == pytest.approx(0.7597, abs=1e-4)
    assert ratings["strong"].half_width < 10


def test_a_bot_that_never_wins_still_gets_a_finite_rating_with_a_wide_interval() -> None:
    ratings = by_bot(fit_ratings([Pairing("greedy", "random", 40, 40), Pairing("mcts", "greedy", 40, 28),
                                  Pairing("mcts", "random", 40, 40)], anchor="greedy"))
    random_bot = ratings["random"]
    assert math.isfinite(random_bot.rating) and random_bot.rating < 600
    assert random_bot.half_width > ratings["mcts"].half_width
    assert random_bot.score == 0 and random_bot.games == 80
    assert [r.bot for r in fit_ratings([Pairing("greedy", "random", 40, 40)], anchor="greedy")] == ["greedy", "random"]


def test_more_games_narrow_the_interval() -> None:
    few = by_bot(fit_ratings([Pairing("a", "b", 20, 13)], anchor="b"))["a"]
    many = by_bot(fit_ratings([Pairing("a", "b", 2000, 1300)], anchor="b"))["a"]
    assert many.half_width < few.half_width / 5


def test_bad_results_are_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="anchor 'greedy' played no game"):
        fit_ratings([Pairing("a", "b", 4, 2)], anchor="greedy")
    with pytest.raises(ValueError, match="do not connect every bot"):
        fit_ratings([Pairing("a", "b", 4, 2), Pairing("c", "d", 4, 2)], anchor="a")
    with pytest.raises(ValueError, match="score <= games"):
        Pairing("a", "b", 4, 5)
    with pytest.raises(ValueError, match="paired with itself"):
        Pairing("a", "a", 4, 2)


def document() -> dict[str, Any]:
    """A small ladder result in the format benchmarks/ladder.py writes."""
    return {
        "format": "castle-combo/ladder@1", "date": "2025-01-01", "commit": "abc1234",
        "command": "python benchmarks/ladder.py --games 2", "machine": "x86_64, 2 CPUs, Python 3.11",
        "load": [1.5, 2.0], "jobs": 2, "seed": 1, "games_per_pair": 2, "anchor": {"bot": "greedy", "rating": 1000.0},
        "ratings": [
            {"bot": "mcts:time=0.5", "rating": 1150.0, "ci95": [1050.0, 1250.0], "games": 4, "score": 0.75,
             "seconds_per_move": 0.41, "timed": True},
            {"bot": "greedy", "rating": 1000.0, "ci95": [1000.0, 1000.0], "games": 4, "score": 0.5,
             "seconds_per_move": 0.0012, "timed": False},
            {"bot": "random", "rating": 500.0, "ci95": [200.0, 800.0], "games": 4, "score": 0.0,
             "seconds_per_move": 0.00001, "timed": False},
        ],
        "pairs": [],
    }


def test_the_chart_is_plain_svg_naming_every_bot_with_its_time() -> None:
    svg = document_chart(document())
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    text = "".join(root.itertext())
    for bot in ("mcts:time=0.5", "greedy", "random"):
        assert bot in text
    assert "0.41 s a move" in text and "1,150" in text
    assert "<script" not in svg
    assert ET.fromstring(chart_svg(ratings_of(document()), "a <title> & more"))  # escaped


def test_times_read_in_a_few_characters() -> None:
    assert [time_words(s) for s in (0.00001, 0.0123, 0.41, 1.5)] == ["0.01 ms", "12 ms", "0.41 s", "1.50 s"]


def test_only_a_ladder_document_is_read() -> None:
    with pytest.raises(ValueError, match="not a ladder result"):
        ratings_of({"format": "castle-combo/record@1"})


def hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_hook_ladder", ROOT / "docs" / "hooks" / "ladder.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def page(src_uri: str) -> SimpleNamespace:
    return SimpleNamespace(file=SimpleNamespace(src_uri=src_uri))


def test_the_page_table_says_rating_interval_expected_score_and_time_of_every_bot() -> None:
    pytest.importorskip("mkdocs", reason="the docs extra is not installed")
    markdown = hook().ladder_markdown(document())
    assert "Measured on 2025-01-01 at commit `abc1234` with `python benchmarks/ladder.py --games 2`" in markdown
    assert "| `mcts:time=0.5` (timed) | **1,150** (1,050 to 1,250) | 70% | 0.41 s | 4 | 75% |" in markdown
    assert "| `greedy` | **1,000** (fixed) | 50% | 1 ms | 4 | 50% |" in markdown
    assert "| `random` | **500** (200 to 800) | 5% |" in markdown
    assert '<div class="picture wide"><svg' in markdown


def test_the_committed_ladder_fills_the_page_and_rates_every_level() -> None:
    pytest.importorskip("mkdocs", reason="the docs extra is not installed")
    ladder = hook()
    markdown = (ROOT / "docs" / "ladder.md").read_text(encoding="utf-8")
    filled = ladder.on_page_markdown(markdown, page("ladder.md"), {}, None)
    assert ladder.MARKER not in filled
    result = json.loads(ladder.RESULT.read_text(encoding="utf-8"))
    bots = {r["bot"] for r in result["ratings"]}
    assert {"random", "greedy", "mcts:8", "mcts"} <= bots
    for bot in bots:
        assert f"| `{bot}`" in filled
    assert ladder.on_page_markdown(ladder.MARKER, page("bots.md"), {}, None) == ladder.MARKER


def test_a_ladder_page_without_its_marker_fails_the_build() -> None:
    mkdocs_exceptions = pytest.importorskip("mkdocs.exceptions", reason="the docs extra is not installed")
    with pytest.raises(mkdocs_exceptions.PluginError, match="marker"):
        hook().on_page_markdown("# Bot ladder\n", page("ladder.md"), {}, None)


def test_the_ladder_script_plays_a_round_robin_and_writes_json_and_svg(tmp_path: Path) -> None:
    """``benchmarks/ladder.py`` with tiny arguments: every pair in both seat orders, then the ratings."""
    import subprocess
    import sys

    out = tmp_path / "ladder.json"
    done = subprocess.run([sys.executable, "benchmarks/ladder.py", "--games", "2", "--bots", "random,greedy,mcts:2",
                           "--jobs", "1", "--out", str(out), "--commit", "test"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["format"] == "castle-combo/ladder@1" and result["commit"] == "test"
    assert sorted(r["bot"] for r in result["ratings"]) == ["greedy", "mcts:2", "random"]
    assert all(p["games"] == 2 for p in result["pairs"]) and len(result["pairs"]) == 3
    assert [r.bot for r in ratings_of(result)] == [r["bot"] for r in result["ratings"]]
    assert ET.fromstring(out.with_suffix(".svg").read_text(encoding="utf-8")).tag.endswith("svg")
    assert len((tmp_path / "ladder.json.games.jsonl").read_text(encoding="utf-8").splitlines()) == 6
    assert "ladder written to" in done.stdout
