"""Fan cards play with no engine change: the example expansion in examples/fan-expansion.

Its cards use combinations the base game never printed (empty spaces in a
neighbour's tableau, discounts next to gains, a banner count in a column...);
the engine evaluates them from the model like any base card.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from engine_kit import game, seat_with, take

import castle_combo as cc

CARDS = Path(__file__).resolve().parent.parent / "examples" / "fan-expansion" / "castle_combo_byways" / "cards"


@pytest.fixture(scope="module")
def rules() -> cc.Ruleset:
    return cc.Ruleset.standard().extend(sorted(CARDS.glob("*.ccl")))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_with_fan_cards_finish_and_round_trip(rules: cc.Ruleset, players: int) -> None:
    for seed in range(5):
        state = cc.new_game(players=players, seed=seed, rules=rules)
        rng = random.Random(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        assert len(state.scores()) == players
        assert cc.loads(cc.dumps(state), rules=rules) == state
        assert cc.replay(state.record(), rules=rules) == state


def test_herald_counts_empty_spaces_in_the_better_neighbours_tableau(rules: cc.Ruleset) -> None:
    """Herald: gain 1 gold per empty space left in a neighbour's tableau (your choice of left or right)."""
    state = game(rules, castle=["Herald"], players=3)
    state = seat_with(state, 1, [("Nun", 0, 0), ("Judge", 1, 0)])  # 7 empty spaces
    state = seat_with(state, 2, [("Scribe", 0, 0)])  # 8 empty spaces
    state = state.apply(cc.UseKey(cc.KeyUse.MOVE)).apply(take("Herald"))
    cost = rules["Herald"].cost
    assert state.players[0].gold == 15 - cost + 8


def test_a_saved_fan_game_needs_its_ruleset_to_load(rules: cc.Ruleset) -> None:
    state = cc.new_game(players=2, seed=1, rules=rules)
    with pytest.raises(cc.RecordError, match="pass rules="):
        cc.loads(cc.dumps(state))
