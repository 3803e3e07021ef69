"""Hostile input on the command line: every bad input is a clear error, never a traceback or a surprise.

Each test is one finding of an adversarial pass, kept as a regression test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from castle_combo.cli import main

#: Card names that rich would read as markup if they were not escaped.
MARKUP_NAMES = ("[/]", "[bold red]X[/]")


def fan_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "fans"
    folder.mkdir()
    cards = "\n".join(
        f'card "{name}" {{ deck village cost 1 shields faith score 1 per faith shield }}'
        for name in MARKUP_NAMES
    )
    (folder / "markup.ccl").write_text(cards, encoding="utf-8")
    return folder


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_card_names_that_look_like_markup_are_printed_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = fan_folder(tmp_path)
    status, out, err = run(capsys, "cards", "--cards", str(folder), "--deck", "village")
    assert status == 0 and err == ""
    assert all(name in out for name in MARKUP_NAMES)
    for name in MARKUP_NAMES:
        status, out, _ = run(capsys, "cards", "--cards", str(folder), name)
        assert status == 0 and name in out


def test_a_score_sheet_with_markup_names_prints(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = fan_folder(tmp_path)
    grid = [["[/]", "[bold red]X[/]", "Nun"], ["Judge", "Banker", "Scribe"], ["Baker", "Farmer", "face-down"]]
    scenario = tmp_path / "tableau.json"
    scenario.write_text(json.dumps({"grid": grid}), encoding="utf-8")
    status, out, err = run(capsys, "score", str(scenario), "--cards", str(folder))
    assert status == 0, err
    assert "[/]" in out and "[bold red]X[/]" in out


def test_a_simulation_with_markup_names_prints_its_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = fan_folder(tmp_path)
    status, out, err = run(capsys, "simulate", "--cards", str(folder), "--games", "4", "--bots", "greedy,random",
                           "--jobs", "1")
    assert status == 0, err
    assert "Traceback" not in err and "cards most often taken by winners" in out


def _hostile_json() -> dict[str, bytes]:
    return {
        "a 5000-digit number": b'{"players": ' + b"9" * 5000 + b"}",
        "100000-deep nesting": b"[" * 100_000 + b"]" * 100_000,
        "latin-1 text": '{"format": "castle-combo/record@1", "players": 2, "x": "caf\u00e9"}'.encode("latin-1"),
        "not JSON at all": b"\x00\x01\x02 hello",
    }


@pytest.mark.parametrize("kind", list(_hostile_json()))
@pytest.mark.parametrize("command", ["replay", "score"])
def test_hostile_json_files_get_a_clear_error_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, kind: str
) -> None:
    path = tmp_path / "input.json"
    path.write_bytes(_hostile_json()[kind])
    status, _, err = run(capsys, command, str(path))
    assert status == 2 and err.startswith("error: ") and "Traceback" not in err
    assert str(path) in err and len(err) < 400


@pytest.mark.parametrize("kind", list(_hostile_json()))
def test_hostile_json_raises_a_castle_combo_error_from_the_python_api(kind: str) -> None:
    import castle_combo as cc

    data = _hostile_json()[kind]
    for read in (cc.loads, cc.replay):
        with pytest.raises(cc.RecordError):
            read(data)


def test_a_utf16_record_is_read_like_a_utf8_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """JSON may be UTF-16 or UTF-32 too: such a file is read, not refused."""
    import castle_combo as cc

    record = cc.new_game(players=2, seed=3).record()
    path = tmp_path / "game.json"
    path.write_bytes(json.dumps(record).encode("utf-16"))
    assert run(capsys, "replay", str(path), "--json")[0] == 0
