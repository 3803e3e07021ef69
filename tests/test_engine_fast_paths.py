"""The engine's fast paths (plain takes, key uses) do exactly what its general path does.

``rules.apply`` builds the new state directly for the most common actions
(a card taken face down or without ability, a key spent without a
reshuffle), to make random playouts fast. These tests play games on the
standard cards, the expansion-like synthetic lock cards and small random
rulesets, and check after every action that the general path (``fast=False``)
gives an equal state, with the same derived aggregates and history.
"""

from __future__ import annotations

import random

import pytest
from differential import random_ruleset
from hypothesis import given, settings
from hypothesis import strategies as st

import castle_combo as cc
from castle_combo.engine import rules
from castle_combo.engine.state import recounted


def play_both_ways(rules_: cc.Ruleset, players: int, seed: int) -> int:
    """Play a seeded random game; for every action compare the fast and the general path. Return the actions."""
    rng = random.Random(seed)
    state = cc.new_game(players=players, seed=seed, rules=rules_)
    count = 0
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        fast = rules.apply(state, action)
        general = rules.apply(state, action, fast=False)
        assert fast == general, f"seed {seed}: {action} differs between the fast and the general path"
        assert fast.players == general.players and fast.history == general.history
        assert all(p == recounted(p, fast.engine) for p in fast.players)
        state = fast
        count += 1
    return count


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_fast_paths_agree_with_the_general_path_on_the_standard_cards(players: int) -> None:
    for seed in range(6):
        assert play_both_ways(cc.Ruleset.standard(), players, seed) >= 9 * players


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_the_fast_paths_agree_with_the_general_path_on_small_random_rulesets(seed: int, players: int) -> None:
    """Small rulesets reshuffle and exhaust often: the fast paths must step aside exactly then."""
    play_both_ways(random_ruleset(random.Random(seed), players), players, seed)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), locks=st.booleans())
def test_the_fast_paths_agree_with_the_general_path_with_every_mechanic(seed: int, players: int, locks: bool) -> None:
    """Random cards with the expansion's and the fans' constructs: gains from every kind of count, taking
    from opponents, stored gold, triggers and locks, which the fast take must run or leave to the general path."""
    play_both_ways(random_ruleset(random.Random(seed), players, locks=locks, fan=True), players, seed)


def test_the_engines_one_call_builder_equals_each_parts_constructor() -> None:
    """``table.new`` builds a state or a part from a tuple of its fields; it must make what the constructor makes."""
    from castle_combo.engine.state import GameState
    from castle_combo.engine.table import Location, PlayerState, new

    state = cc.new_game(players=3, seed=11)
    while state.taken < 4:
        state = state.apply(state.legal_actions()[-1])
    for value, build in [(state, lambda *values: GameState(*values[:-1], engine=values[-1])),
                         (state.players[0], PlayerState), (state.locations[1], Location),
                         (state.players[0].tableau[0], type(state.players[0].tableau[0]))]:
        values = tuple(value)
        made, expected = new(type(value), values), build(*values)
        assert made == expected and type(made) is type(expected)
        assert all(a is b for a, b in zip(made, expected, strict=True))
    assert new(GameState, tuple(state)).legal_actions() == state.legal_actions()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_the_fast_paths_agree_with_the_general_path_with_the_newest_variants(seed: int, players: int) -> None:
    """Triggers on one's own messenger icons, one-time discounts waiting for a card bought face up (a face-down take
    on the fast path leaves them waiting) and face-down cards turned face up for their cost."""
    play_both_ways(random_ruleset(random.Random(seed), players, icons=True, face_up=True, paying=True), players, seed)
