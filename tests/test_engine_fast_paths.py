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


def test_the_engines_state_builder_equals_the_generated_constructor() -> None:
    """``table.built`` writes the slots directly; it must make exactly what ``GameState(...)`` makes."""
    import attrs

    from castle_combo.engine.state import GameState
    from castle_combo.engine.table import built

    state = cc.new_game(players=3, seed=11)
    for action in state.legal_actions()[:1]:
        state = state.apply(action)
    values = [getattr(state, f.name) for f in attrs.fields(GameState) if f.init and not f.kw_only]
    made = built(GameState, *values, state.engine)  # type: ignore[arg-type]
    expected = GameState(*values, engine=state.engine)  # type: ignore[arg-type]
    assert made == expected and type(made) is GameState
    assert all(getattr(made, f.name) is getattr(expected, f.name) for f in attrs.fields(GameState))
    assert made.legal_actions() == expected.legal_actions()


def test_the_engines_seat_and_location_builders_equal_the_generated_constructors() -> None:
    import attrs

    from castle_combo.engine.table import Location, PlayerState, location_built, player_built

    state = cc.new_game(players=2, seed=5)
    while state.taken < 4:
        state = state.apply(state.legal_actions()[-1])
    for cls, build, value in [(PlayerState, player_built, state.players[0]),
                              (Location, location_built, state.locations[1])]:
        values = [getattr(value, f.name) for f in attrs.fields(cls)]
        made, expected = build(*values), cls(*values)  # type: ignore[operator]
        assert made == expected and type(made) is cls
        assert all(getattr(made, f.name) is getattr(expected, f.name) for f in attrs.fields(cls))
