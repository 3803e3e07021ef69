"""Game records: ``state.record()``, ``cc.replay`` and ``castle-combo replay``."""

from __future__ import annotations

import json
import random

import pytest

import castle_combo as cc
from castle_combo.cli import main


def finished(seed: int = 5, players: int = 2) -> cc.GameState:
    state = cc.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_record_has_the_design_format() -> None:
    state = finished()
    record = state.record()
    assert record["format"] == "castle-combo/record@1"
    assert record["players"] == 2 and record["first_player"] == 0
    assert len(record["decks"]["castle"]) == 39 and len(record["decks"]["village"]) == 39
    assert record["decks"]["village"][:3] == [c.name for c in cc.new_game(players=2, seed=5).row(cc.Deck.VILLAGE)]
    assert record["actions"] == [a.to_json() for a in state.history]
    json.dumps(record)


def test_replay_of_a_record_is_the_same_state() -> None:
    state = finished(players=4)
    assert cc.replay(state.record()) == state
    assert cc.replay(json.dumps(state.record())) == state


def test_a_record_with_only_a_seed_replays() -> None:
    state = finished()
    record = {"players": 2, "seed": 5, "actions": [a.to_json() for a in state.history]}
    assert cc.replay(record).scores() == state.scores()


def test_a_record_with_decks_and_no_seed_replays_deterministically() -> None:
    record = finished().record()
    del record["seed"]
    assert cc.replay(record) == cc.replay(record)
    assert cc.replay(record).scores() == finished().scores()


def test_an_illegal_action_in_a_record_names_its_index() -> None:
    record = finished().record()
    record["actions"][4] = {"type": "take", "card": "Nun", "at": [9, 9], "face_down": False}
    with pytest.raises(cc.RecordError, match=r"\$\.actions\[4\]: illegal action"):
        cc.replay(record)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda r: r["actions"][3].__setitem__("at", [1]), r"\$\.actions\[3\]"),
        (lambda r: r.__setitem__("players", 9), r"\$\.players: expected the number of players, 2 to 5"),
        (lambda r: r.__setitem__("format", "castle-combo/state@1"), r"\$\.format: expected 'castle-combo/record@1'"),
        (lambda r: r["decks"]["castle"].__setitem__(0, "Inventor"), r"\$\.decks\.castle\[0\]: Inventor is a village card"),
        (lambda r: r["decks"]["castle"].__setitem__(1, r["decks"]["castle"][0]), r"\$\.decks\.castle\[1\]: .* is listed twice"),
        (lambda r: r["decks"]["village"].pop(), r"\$\.decks\.village: the whole deck must be listed; missing"),
        (lambda r: r["decks"].__setitem__("tavern", []), r"\$\.decks: unknown deck 'tavern'"),
        (lambda r: r.__setitem__("reshuffles", [{"deck": "castle", "order": ["Nope"]}]), r"\$\.reshuffles\[0\]\.order\[0\]: no card named 'Nope'"),
        (lambda r: (r.pop("decks"), r.pop("seed")), r"\$\.decks: missing"),
        (lambda r: r.__setitem__("first_player", 2), r"\$\.first_player: expected a seat from 0 to 1"),
    ],
)
def test_a_corrupt_record_names_the_bad_field(edit, message: str) -> None:  # type: ignore[no-untyped-def]
    record = finished().record()
    edit(record)
    with pytest.raises(cc.RecordError, match=message):
        cc.replay(record)


def test_replay_command_json_prints_score_keys_and_gold(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    state = finished(players=3)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.record()))
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"players": [{"score": s.total, "keys": s.keys, "gold": s.gold_left} for s in state.scores()]}


def test_replay_command_prints_every_score_sheet(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    state = finished()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.record()))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Seat 0" in out and "Seat 1" in out and "winner" in out


def test_replay_command_reports_a_bad_record_without_traceback(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    record = finished().record()
    record["actions"][0] = {"type": "take", "card": "Nobody", "at": [0, 0], "face_down": False}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "$.actions[0]" in err and "Traceback" not in err
