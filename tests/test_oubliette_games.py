"""Whole games with the expansion "Out of the Oubliette!": they finish, round-trip and replay by name."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_engine_fast_paths import play_both_ways

import castle_combo as cc
from castle_combo.cli import main

OUBLIETTE = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")


def random_game(players: int, seed: int, style: str = "uniform") -> cc.GameState:
    """A seeded random game; ``"locks"`` buys face up and opens locks whenever it can."""
    rng = random.Random(seed)
    state = cc.new_game(players=players, seed=seed, rules=OUBLIETTE)
    while not state.is_over:
        legal = state.legal_actions()
        if style == "locks":
            opens = [a for a in legal if isinstance(a, cc.Unlock)]
            buys = [a for a in legal if isinstance(a, cc.Take) and not a.face_down]
            if opens and rng.random() < 0.7:
                legal = opens
            elif buys and rng.random() < 0.8:
                legal = buys
        state = state.apply(rng.choice(legal))
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_games_with_the_expansion_finish_and_round_trip(players: int) -> None:
    for seed in range(3):
        final = random_game(players, seed, "locks")
        assert all(len(p.tableau) == 9 for p in final.players)
        assert cc.replay(final.record(), rules=OUBLIETTE) == final
        assert cc.loads(cc.dumps(final), rules=OUBLIETTE) == final


def test_lock_play_really_happens_in_these_games() -> None:
    kinds = {type(a) for seed in range(4) for a in random_game(3, seed, "locks").history}
    assert {cc.Unlock, cc.Pass, cc.DiscardRow, cc.Activate} <= kinds


def test_a_record_or_save_of_the_expansion_loads_without_naming_the_ruleset() -> None:
    final = random_game(2, 7, "locks")
    assert final.record()["rules"] == "base-1+oubliette-1"
    assert cc.replay(final.record()) == final
    assert cc.loads(cc.dumps(final)) == final
    assert cc.Ruleset.for_version("base-1+oubliette-1") == OUBLIETTE
    assert cc.Ruleset.for_version("base-1") is cc.Ruleset.standard()
    assert cc.Ruleset.for_version("base-1+byways.12345678") is None


def test_a_fan_ruleset_record_still_says_which_ruleset_to_pass() -> None:
    record = random_game(2, 3).record()
    record["rules"] = "base-1+byways.12345678"
    with pytest.raises(cc.RecordError, match="played with the ruleset 'base-1\\+byways.12345678'"):
        cc.replay(record)


@pytest.mark.parametrize("players", [2, 4])
def test_the_fast_paths_agree_with_the_general_path_with_lock_cards(players: int) -> None:
    for seed in range(4):
        play_both_ways(OUBLIETTE, players, seed)


def test_replay_and_simulate_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    final = random_game(3, 11, "locks")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(final.record()), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    players = json.loads(capsys.readouterr().out)["players"]
    assert [p["score"] for p in players] == [s.total for s in final.scores()]
    assert main(["simulate", "--expansion", "out-of-the-oubliette", "--games", "2", "--bots", "random",
                 "--players", "3", "--jobs", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
