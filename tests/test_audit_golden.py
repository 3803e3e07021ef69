"""Audit: the golden games' expectations hold in the reference engine too.

The golden files (``tests/golden/``) were written by the engine itself, so on
their own they only guard against change. Replaying each record in
``reference_engine.RefGame`` (which plays the cards as read from
``fixtures/cards.tsv`` and takes the record's reshuffle orders) must reproduce
every seat's gold and keys after every action, the final score sheets and the
winners: then each golden outcome is confirmed by a second, independent
reading of the rules.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from reference_cards import oubliette_table_cards, table_cards
from reference_engine import RefGame, action_key, score_grid

from castle_combo.language.model import Deck

GOLDEN = sorted((Path(__file__).parent / "golden").glob("game-*.json"))


def reference_game(record: dict[str, Any]) -> RefGame:
    """The record's table in the reference engine, with the record's reshuffle orders queued."""
    cards = table_cards() + (oubliette_table_cards() if "oubliette" in record.get("rules", "") else ())
    game = RefGame(cards, record["players"], record["decks"]["castle"], record["decks"]["village"],
                   record.get("first_player", 0))
    for reshuffle in record.get("reshuffles", []):
        game.push_reshuffle(Deck(reshuffle["deck"]), reshuffle["order"])
    return game


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_game_is_confirmed_by_the_reference_engine(path: Path) -> None:
    golden = json.loads(path.read_text())
    record = golden["record"]
    game = reference_game(record)
    for i, (action, expected) in enumerate(zip(record["actions"], golden["after_each_action"], strict=True)):
        game.apply(action_key(action))
        seats = [[s.gold, s.keys, sum(c.key for c in s.cells)] for s in game.seats]
        assert [seat[: len(expected[0])] for seat in seats] == expected, f"after action {i}: {action}"
    assert game.is_over
    sheets, winners = game.final()
    assert sheets == [{k: v for k, v in s.items() if k in ("total", "keys", "gold_left", "cards")} for s in golden["scores"]]
    assert winners == golden["winners"]


def test_the_rulebooks_75_point_example_is_confirmed_by_the_reference_engine() -> None:
    grid = [
        ["Miraculously Cured", "Judge", "His Holiness"],
        ["Clockmaker", "Sculptor", "Locksmith"],
        ["Banker", "face-down", "Woodcutter"],
    ]
    cards = {card.name: card for card in table_cards()}
    sheet = score_grid(cards, grid, keys=11, gold=4, purse_gold={"Sculptor": 2})
    assert sheet["total"] == 75
    assert sheet["cards"] == [[8, 9, 12], [9, 4, 11], [6, 0, 5]]
