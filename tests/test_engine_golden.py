"""Golden games (python-chess "perft" style): replay every recorded game in tests/golden/.

Each file was written once by ``tools/make_golden.py`` and its score sheets
read by hand for two of them (``test_hand_checked_*`` below). Replaying must reproduce
every seat's gold and keys after every action and the final score sheets, so
a change that alters any outcome fails here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import castle_combo as cc

GOLDEN = sorted((Path(__file__).parent / "golden").glob("game-*.json"))


def load(path: Path) -> dict:  # type: ignore[type-arg]
    return json.loads(path.read_text())


def test_there_are_a_few_dozen_golden_games_covering_the_rare_rules() -> None:
    games = [load(p) for p in GOLDEN]
    assert len(games) >= 24
    assert {g["record"]["players"] for g in games} == {2, 3, 4, 5}
    assert sum(g["features"]["reshuffles"] for g in games) >= 5
    assert sum(bool(g["features"]["exhausted"]) for g in games) >= 3
    assert sum(g["features"]["choices"] for g in games) >= 10
    assert sum(g["features"]["discards"] for g in games) >= 5


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_game_replays_to_the_same_supplies_and_scores(path: Path) -> None:
    golden = load(path)
    record = golden["record"]
    state = cc.replay({**record, "actions": []})
    for i, (action, expected) in enumerate(zip(record["actions"], golden["after_each_action"], strict=True)):
        state = state.apply(cc.action_from_json(action))
        # Games with the expansion also record each seat's keys waiting on lock cards.
        seats = [[p.gold, p.keys, p.keys_on_cards] for p in state.players]
        assert [seat[: len(expected[0])] for seat in seats] == expected, f"after action {i}: {action}"
    assert state.is_over
    result = state.result()
    sheets = [
        {**s.to_json(), "names": [list(r) for r in s.names], "stored": [list(r) for r in s.stored]}
        for s in result.scores
    ]
    assert sheets == golden["scores"]
    assert list(result.winners) == golden["winners"] and result.decided_by == golden["decided_by"]
    assert cc.replay(record) == state


def test_the_expansions_golden_games_cover_every_lock_decision() -> None:
    games = [load(p) for p in GOLDEN if "oubliette" in p.stem]
    assert len(games) >= 8 and {g["record"]["players"] for g in games} == {2, 3, 4, 5}
    assert all(g["record"]["rules"] == "base-1+oubliette-1" for g in games)
    for feature in ("unlocks", "passes", "rows", "activates"):
        assert sum(g["features"][feature] for g in games) >= 2, feature


def final(name: str) -> tuple[cc.ScoreSheet, ...]:
    return cc.replay(load(Path(__file__).parent / "golden" / name)["record"]).scores()


def test_hand_checked_game_01() -> None:
    """Score sheets of game-01 worked out by hand from cards.tsv."""
    s0, s1 = final("game-01-uniform-2p.json")
    # Seat 0: Mother Superior top row 5; Inventor 1 x 3 village banners (Inventor, Farmhand,
    # Clockmaker); Farmhand 2 x 5 stored; General 6 x 1 set (3 craftsmanship); Clockmaker
    # 3 x 3 craftsmanship in the bottom row; Guildmaster bottom row 5; 3 face-down 0; 18 keys.
    assert s0.cards == ((0, 5, 3), (10, 0, 0), (6, 9, 5)) and s0.total == 38 + 18
    # Seat 1: Astronomer left column 8; Glassblower 4 x min(faith 2, craftsmanship 1);
    # Philosopher 10 (no military); Vicar 2 x 5 stored; Scribe 3 x 1 scholarship
    # (Philosopher, in its column); 9 keys.
    assert s1.cards == ((8, 0, 4), (0, 0, 10), (10, 0, 3)) and s1.total == 35 + 9


def test_hand_checked_game_12() -> None:
    """Score sheets of game-12 (3 players, discards) worked out by hand from cards.tsv."""
    s0, s1, s2 = final("game-12-buyer-3p.json")
    # Seat 0: Revolutionary 0 (Princess and Jester show nobility); Guildmaster 0 (top row);
    # Armorer 3 x 1 military (Squire in its column); Traveler 2 x 2 cost-0 cards (itself,
    # Squire); Knight 3 x 1 nobility (Princess in its row); Princess 3 x 1; Jester 2 x 1
    # (itself); Banker 0 (no purses); Squire 2 x 2 craftsmanship (Banker, Armorer); 8 keys.
    assert s0.cards == ((0, 0, 3), (4, 3, 3), (2, 0, 4)) and s0.total == 19 + 8
    # Seat 1: Barbarian 10 (no scholarship); His Holiness 6 x 2 (scholarship, nobility missing);
    # Usurper 2 x 2 castle banners; Baker 3 (middle of an edge); Beekeeper 2 x 2 stored;
    # Glassblower 4 x 1 set; Master-at-Arms 2 x 1 stored; Spice Merchant and Witch 0; 12 keys.
    assert s1.total == 39 + 12 and s1.gold_left == 0
    # Seat 2: Patron 5 x 4 cards costing 5+; Chatelaine 2 x 4 types in its row; ...; 10 keys.
    assert s2.cards[0][2] == 20 and s2.cards[1][1] == 8 and s2.total == 43 + 10


def test_hand_checked_oubliette_game_01() -> None:
    """Two expansion scorings of game-oubliette-01 worked out by hand from the two card tables."""
    s0, s1 = final("game-oubliette-01-locksmith-2p.json")
    # Seat 0: Peddler scores 1 per gold of printed cost in its column: itself 7, Architect 4, Jester 3.
    assert s0.names[0][0] == "Peddler" and [row[0] for row in s0.names] == ["Peddler", "Architect", "Jester"]
    assert s0.cards[0][0] == 7 + 4 + 3
    # Seat 1: Cardinal's Hand scores 5 if its row holds a faith shield; its row holds the Stonemason
    # (craftsmanship) and a face-down card, so 0. Both opened their lock, so no key waits on a card.
    assert s1.names[1] == ("Cardinal's Hand", "Stonemason", "face-down") and s1.cards[1][0] == 0
    assert (s0.keys, s1.keys) == (5, 7)
