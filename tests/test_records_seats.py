"""A game record names who played: the optional ``seats`` (a name and a bot per seat), written and read back."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo.cli import main
from castle_combo.engine.record import Seat, bot_seats, numbered
from castle_combo.errors import RecordError
from castle_combo.records.serialize import record_seats


def test_a_record_names_its_seats_and_replays_the_same_game() -> None:
    state = cc.new_game(players=3, seed=4)
    for _ in range(6):
        state = state.apply(state.legal_actions()[0])
    seats = (Seat("Ana"), Seat("greedy 1", "greedy"), Seat("mcts", "mcts:8"))
    record = state.record(seats)
    assert record["seats"] == [{"name": "Ana", "bot": None}, {"name": "greedy 1", "bot": "greedy"},
                               {"name": "mcts", "bot": "mcts:8"}]
    assert cc.replay(record) == state
    assert record_seats(json.dumps(record)) == seats


def test_a_record_without_seats_still_loads_and_names_no_one() -> None:
    record = cc.new_game(players=2, seed=1).record()
    assert "seats" not in record
    assert cc.replay(record) == cc.new_game(players=2, seed=1)
    assert record_seats(record) is None


def test_seats_must_be_one_per_seat_when_written() -> None:
    with pytest.raises(RecordError, match="one Seat"):
        cc.new_game(players=3, seed=1).record([Seat("Ana")])


@pytest.mark.parametrize("seats, path, message", [
    ([{"name": "Ana", "bot": None}], "$.seats", "one entry per seat (2)"),
    ("Ana and Bo", "$.seats", "one entry per seat (2)"),
    (["Ana", "Bo"], "$.seats[0]", 'expected an object such as {"name": "Ana", "bot": null}'),
    ([{"name": "", "bot": None}, {"name": "Bo", "bot": None}], "$.seats[0].name", "1 to 40 printable characters"),
    ([{"name": "Ana\x1b[2J", "bot": None}, {"name": "Bo", "bot": None}], "$.seats[0].name", "printable"),
    ([{"name": "Ana", "bot": None}, {"name": "Bo", "bot": 7}], "$.seats[1].bot", "or null for a person"),
    ([{"name": "Ana", "bot": None, "age": 9}, {"name": "Bo", "bot": None}], "$.seats[0].age", "unknown field"),
])
def test_a_bad_seats_entry_is_refused_naming_its_json_path(seats: object, path: str, message: str) -> None:
    record = cc.new_game(players=2, seed=1).record()
    record["seats"] = seats
    for read in (cc.replay, record_seats):
        with pytest.raises(RecordError) as caught:
            read(record)
        assert str(caught.value).startswith(path + ":") and message in str(caught.value)


def test_seats_shared_by_one_bot_are_numbered() -> None:
    assert numbered(["you", "greedy", "greedy", "random"]) == ["you", "greedy 1", "greedy 2", "random"]
    assert bot_seats(["mcts:8", "greedy"]) == (Seat("mcts:8", "mcts:8"), Seat("greedy", "greedy"))


def test_play_save_names_you_and_each_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = tmp_path / "game.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--plain", "--players", "3", "--bots", "greedy,random", "--seed", "2", "--seat", "1",
                 "--name", "Ana", "--save", str(record)]) == 0
    assert record_seats(record.read_text(encoding="utf-8")) == (
        Seat("greedy", "greedy"), Seat("Ana"), Seat("random", "random"))


def test_play_refuses_a_name_a_record_could_not_hold(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--plain", "--name", "x" * 41]) == 2
    assert "your name must be 1 to 40 printable characters" in capsys.readouterr().err


def test_simulate_save_names_each_seats_bot_as_seats_rotate(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    assert main(["simulate", "--players", "3", "--bots", "greedy,random", "--games", "2", "--seed", "1", "--jobs", "1",
                 "--json", "--save", str(folder)]) == 0
    first, second = sorted(folder.glob("*.json"))
    assert [s.bot for s in record_seats(first.read_text()) or ()] == ["greedy", "random", "greedy"]
    assert [s.name for s in record_seats(first.read_text()) or ()] == ["greedy 0", "random", "greedy 2"]
    assert [s.bot for s in record_seats(second.read_text()) or ()] == ["greedy", "greedy", "random"]


def test_replay_prints_each_score_sheet_under_its_players_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = cc.new_game(players=2, seed=3)
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.record([Seat("Ana"), Seat("[bold]Bo", "greedy")])), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Ana" in out and "[bold]Bo" in out and "Seat 0" not in out
