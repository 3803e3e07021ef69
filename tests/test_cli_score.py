"""``castle-combo score``: a card the ruleset does not know says how fan and expansion cards are loaded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from castle_combo.cli import main

SENTRY = 'card "Lonely Sentry" {\n    deck castle   cost 2   shields military\n    score 7 if placed in a corner\n}\n'


def scenario(folder: Path, corner: str) -> Path:
    path = folder / "tableau.json"
    grid = [[corner, "Farmer", "Nun"], ["Baker", "Judge", "Banker"], ["Beggar", "Traveler", "face-down"]]
    path.write_text(json.dumps({"grid": grid, "keys": 5, "gold": 3}), encoding="utf-8")
    return path


def test_an_unknown_card_is_refused_with_how_to_load_fan_and_expansion_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = scenario(tmp_path, "Lonely Sentry")
    assert main(["score", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    first, hint = err.rstrip("\n").split("\n")
    assert first.startswith(f"error: {path}: $.grid[0][0]: no card named 'Lonely Sentry' in this ruleset")
    assert hint.startswith("hint: fan cards are loaded with --cards PATH")
    assert "--expansion NAME (out-of-the-oubliette" in hint


def test_the_fan_card_loaded_as_the_hint_says_is_scored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "sentry.ccl").write_text(SENTRY, encoding="utf-8")
    path = scenario(tmp_path, "Lonely Sentry")
    assert main(["score", str(path), "--cards", str(tmp_path / "cards"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cards"][0][0] == 7


def test_other_scenario_errors_get_no_loading_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = scenario(tmp_path, "Farmer")  # the Farmer twice: every card exists once
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert "every card exists once" in err and "hint:" not in err
