"""The rulebook's scoring example (75 points), rebuilt with the real cards.

RULINGS.md, last section: Judge 3 x 3 for three castle+village pairs (the
face-down card has no banner), His Holiness 2 x 6 for two missing shield
types, 11 for "1 per key" with 11 keys, 3 x 3 for three shields in a row,
2 x 2 and 4 x 2 for gold on purses, 5 for a position card, 6 for 1 per stored
gold (2 + 4), 0 for the face-down card, and 11 for the keys themselves.
"""

from __future__ import annotations

import json

import pytest

import castle_combo as cc
from castle_combo.cli import main

GRID = [
    ["Miraculously Cured", "Judge", "His Holiness"],
    ["Clockmaker", "Sculptor", "Locksmith"],
    ["Banker", "face-down", "Woodcutter"],
]
# Miraculously Cured comes first in reading order, so the 4 leftover gold fill it
# (capacity 4) and the Sculptor keeps the 2 gold it already had.
SCENARIO = {"grid": GRID, "purse_gold": {"Sculptor": 2}, "keys": 11, "gold": 4}


@pytest.fixture(scope="module")
def sheet() -> cc.ScoreSheet:
    return cc.score_tableau(GRID, keys=11, gold=4, purse_gold={"Sculptor": 2})


def test_rulebook_example_totals_75(sheet: cc.ScoreSheet) -> None:
    assert sheet.total == 75


def test_judge_scores_3_per_castle_village_pair_and_the_face_down_card_has_no_banner(sheet: cc.ScoreSheet) -> None:
    assert sheet.cards[0][1] == 3 * 3


def test_his_holiness_scores_6_per_missing_shield_type(sheet: cc.ScoreSheet) -> None:
    assert sheet.cards[0][2] == 2 * 6  # nobility and military are missing


def test_one_point_per_key_card_with_11_keys(sheet: cc.ScoreSheet) -> None:
    assert sheet.cards[1][2] == 11


def test_three_craftsmanship_shields_in_the_clockmakers_row(sheet: cc.ScoreSheet) -> None:
    assert sheet.cards[1][0] == 3 * 3


def test_purse_cards_score_2_per_stored_gold(sheet: cc.ScoreSheet) -> None:
    assert sheet.cards[1][1] == 2 * 2  # Sculptor: 2 gold
    assert sheet.cards[0][0] == 4 * 2  # Miraculously Cured: full at 4
    assert sheet.stored[1][1] == 2 and sheet.stored[0][0] == 4


def test_position_card_on_its_space_scores_5(sheet: cc.ScoreSheet) -> None:
    assert sheet.cards[2][2] == 5  # Woodcutter in the right column


def test_banker_scores_1_per_gold_on_all_purses(sheet: cc.ScoreSheet) -> None:
    assert sheet.cards[2][0] == 2 + 4


def test_face_down_card_scores_0(sheet: cc.ScoreSheet) -> None:
    assert sheet.cards[2][1] == 0


def test_keys_add_11_and_no_gold_is_left(sheet: cc.ScoreSheet) -> None:
    assert sheet.keys == 11 and sheet.gold_left == 0
    assert sum(map(sum, sheet.cards)) + sheet.keys == 75


def test_score_command_json_prints_the_sheet(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "example.json"
    path.write_text(json.dumps(SCENARIO))
    assert main(["score", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "total": 75,
        "keys": 11,
        "gold_left": 0,
        "cards": [[8, 9, 12], [9, 4, 11], [6, 0, 5]],
    }


def test_score_command_table_shows_cards_points_and_total(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "example.json"
    path.write_text(json.dumps(SCENARIO))
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Miraculously Cured" in out and "Woodcutter" in out and "75" in out


def test_score_command_reports_a_bad_scenario_without_traceback(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"grid": [["Judge", "Jugde", "Nun"], ["Nun"], []], "keys": 1}))
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "$.grid[1]" in err and "Traceback" not in err
