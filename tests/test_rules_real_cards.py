"""The bundled cards' abilities, played through the engine (cards.tsv wording in each docstring).

These cross-check the card files and the engine together: each test sets up a
small table, takes one real card face up and checks every seat's gold and keys.
"""

from __future__ import annotations

import pytest
from engine_kit import game, play, seat_with, take

import castle_combo as cc

MOVE = cc.UseKey(cc.KeyUse.MOVE)


@pytest.fixture(scope="module")
def rules() -> cc.Ruleset:
    return cc.Ruleset.standard()


def supplies(state: cc.GameState) -> list[tuple[int, int]]:
    return [(p.gold, p.keys) for p in state.players]


def stored(state: cc.GameState, seat: int = 0) -> dict[str, int]:
    return {c.card.name: c.gold for c in state.tableau(seat) if not c.face_down}


def test_his_holiness_gains_3_keys_and_each_opponent_1_key(rules: cc.Ruleset) -> None:
    """gain 3 keys; each opponent gains 1 key"""
    state = play(game(rules, castle=["His Holiness"], players=3), MOVE, take("His Holiness"))
    assert supplies(state) == [(15 - 7, 2 - 1 + 3), (15, 3), (15, 3)]


def test_templar_counts_faith_in_the_better_neighbour_and_its_own_military(rules: cc.Ruleset) -> None:
    """gain 1 gold per shield:faith in a neighbor's tableau + gain 1 key per shield:military"""
    state = game(rules, castle=["Templar"], players=3)
    state = seat_with(state, 1, [("Nun", 0, 0)])
    state = seat_with(state, 2, [("Mother Superior", 0, 0), ("Cardinal", 1, 0)])
    state = seat_with(state, 0, [("Officer", 0, 0)])
    state = play(state, MOVE, take("Templar", 1, 0))
    # seat 2 shows 3 faith shields (Mother Superior 2, Cardinal 1); Officer and Templar 2 military.
    assert supplies(state)[0] == (15 - 5 + 3, 2 - 1 + 2)


def test_steward_fills_the_two_purses_with_most_free_space(rules: cc.Ruleset) -> None:
    """fill up to 2 of your purse cards to capacity with gold from the supply"""
    state = seat_with(game(rules, castle=["Steward"]), 0, [("Beekeeper", 0, 0), ("Potter", 1, 0)])
    state = play(state, MOVE, take("Steward", 2, 0))
    assert stored(state) == {"Beekeeper": 9, "Potter": 4, "Steward": 0}
    assert supplies(state)[0] == (15, 1)


def test_gravedigger_discards_from_the_village_and_gains_the_printed_cost(rules: cc.Ruleset) -> None:
    """discard one card of your choice from the village row; gain gold equal to its printed cost"""
    state = game(rules, castle=["Gravedigger"], village=["Mercenary", "Beggar", "Vicar"])
    state = play(state, MOVE, take("Gravedigger"))
    assert state.legal_actions() == (cc.Discard("Mercenary"), cc.Discard("Beggar"), cc.Discard("Vicar"))
    state = state.apply(cc.Discard("Mercenary"))
    assert supplies(state)[0] == (15 - 4 + 6, 1)
    assert [c.name for c in state.discard_pile(cc.Deck.VILLAGE)] == ["Mercenary"]


@pytest.mark.parametrize(("option", "expected"), [(1, ((15 - 7, 1), 2)), (2, ((15 - 7, 1 + 3), 0))])
def test_banker_chooses_gold_on_purses_or_3_keys(rules: cc.Ruleset, option: int, expected: tuple) -> None:  # type: ignore[type-arg]
    """choose one: (put 2 gold from the supply on each of your purse cards) or (gain 3 keys)"""
    state = seat_with(game(rules, castle=["Banker"]), 0, [("Vicar", 0, 0)])
    state = play(state, MOVE, take("Banker", 1, 0), cc.Choose(option))
    assert supplies(state)[0] == expected[0]
    assert stored(state)["Vicar"] == expected[1]


def test_innkeeper_stores_gold_and_each_opponent_gains_2_gold(rules: cc.Ruleset) -> None:
    """put 2 gold from the supply on each of your purse cards + each opponent gains 2 gold"""
    state = seat_with(game(rules, village=["Innkeeper"], players=3), 0, [("Queen Mother", 0, 0)])
    state = state.apply(take("Innkeeper", 1, 0))
    assert stored(state) == {"Queen Mother": 2, "Innkeeper": 2}
    assert supplies(state) == [(15, 2), (17, 2), (17, 2)]


def test_woodcutter_counts_every_card_face_down_and_itself_included(rules: cc.Ruleset) -> None:
    """gain 1 gold per card in your tableau (face-down included, this one included)"""
    state = seat_with(game(rules, village=["Woodcutter"]), 0, [("Nun", 0, 0, True), ("Judge", 1, 0)])
    assert supplies(state.apply(take("Woodcutter", 2, 0)))[0] == (15 + 3, 2)


def test_carpenter_gains_a_key_per_missing_shield_type(rules: cc.Ruleset) -> None:
    """gain 1 key per missing shield type"""
    state = seat_with(game(rules, village=["Carpenter"]), 0, [("Nun", 0, 0)])
    # faith (Nun) and craftsmanship (Carpenter) present: 4 types missing.
    assert supplies(state.apply(take("Carpenter", 1, 0)))[0] == (15, 2 + 4)


def test_alchemist_discount_applies_to_both_locations_but_not_to_itself(rules: cc.Ruleset) -> None:
    """discount 1 on castle and village cards"""
    state = play(game(rules, castle=["Alchemist"]), MOVE, take("Alchemist"))
    assert supplies(state)[0] == (15 - 6, 1)
    assert state.cost(0, "Nun") == 2 and state.cost(0, "Farmer") == 4
