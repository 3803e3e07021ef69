"""Placement in the floating 3x3 grid (RULINGS.md "Placement")."""

from __future__ import annotations

import random

from engine_kit import V, card, game, ruleset, take
from hypothesis import given, settings
from hypothesis import strategies as st

import castle_combo as cc
from castle_combo.engine.placement import spots
from castle_combo.language.model import PlacedIn, Region, ScoreIf


def test_first_card_goes_at_the_origin() -> None:
    state = game(ruleset())
    assert state.players[0].spots == ((0, 0),)
    assert {a.at for a in state.legal_actions() if isinstance(a, cc.Take)} == {(0, 0)}


def test_later_cards_must_be_orthogonally_adjacent_to_a_card() -> None:
    assert spots([(0, 0)]) == ((0, -1), (-1, 0), (1, 0), (0, 1))


def test_positions_may_be_negative_until_the_grid_is_complete() -> None:
    assert (-1, 0) in spots([(0, 0)]) and (0, -1) in spots([(0, 0)])


def test_a_row_or_column_never_gets_a_fourth_card() -> None:
    row = [(0, 0), (1, 0), (2, 0)]
    assert all(0 <= x <= 2 for x, _ in spots(row))
    assert (3, 0) not in spots(row) and (-1, 0) not in spots(row)


def test_positions_are_offered_in_reading_order() -> None:
    found = spots([(0, 0), (1, 0)])
    assert list(found) == sorted(found, key=lambda p: (p[1], p[0]))


def test_an_occupied_position_is_never_offered() -> None:
    assert (0, 0) not in spots([(0, 0), (1, 0)])


def test_a_full_grid_has_no_position_left() -> None:
    state = game(ruleset())
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
    assert state.players[0].spots == ()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_any_sequence_of_legal_placements_ends_as_a_full_3x3_grid(seed: int) -> None:
    rng = random.Random(seed)
    placed: list[tuple[int, int]] = []
    for _ in range(9):
        options = spots(placed)
        assert options, f"no legal position after {placed}"
        placed.append(rng.choice(options))
    xs, ys = {x for x, _ in placed}, {y for _, y in placed}
    assert len(xs) == 3 and len(ys) == 3 and max(xs) - min(xs) == 2 and max(ys) - min(ys) == 2


def test_a_cards_region_is_taken_on_the_final_grid() -> None:
    """A card placed first at (0, 0) ends in the bottom-right corner if the grid grows up and left."""
    corner = ScoreIf(4, PlacedIn(Region(frozenset({(2, 2)}), "bottom right")))
    rules = ruleset(card("Corner", V, scoring=[corner]))
    state = game(rules, village=["Corner"])
    state = state.apply(take("Corner", 0, 0))
    cells = [(-1, 0), (-2, 0), (0, -1), (-1, -1), (-2, -1), (0, -2), (-1, -2), (-2, -2)]
    for at in cells:
        state = state.apply(state.legal_actions()[-1])  # seat 1 takes a card face down
        state = state.apply(take(state.row(state.messenger)[0].name, *at, face_down=True))
    state = state.apply(state.legal_actions()[-1])
    assert state.is_over
    assert state.scores()[0].cards == ((0, 0, 0), (0, 0, 0), (0, 0, 4))


@given(choices=st.lists(st.integers(0, 100), min_size=1, max_size=9))
def test_the_free_spots_after_a_placement_are_the_spots_of_the_new_tableau(choices: list[int]) -> None:
    """The engine finds the next free spots from the previous ones; they must equal a fresh computation,
    whether it starts from the memoised spots or from a plain tuple (a state built by hand)."""
    from castle_combo.engine.counting import Placed
    from castle_combo.engine.placement import FIRST
    from castle_combo.engine.table import spots_after_placing

    tableau: tuple[Placed, ...] = ()
    free: tuple[tuple[int, int], ...] = FIRST
    for choice in choices:
        at = free[choice % len(free)]
        tableau += (Placed(len(tableau), at[0], at[1]),)
        plain = spots_after_placing(tuple(free), tableau)
        free = spots_after_placing(free, tableau)
        assert free == plain == spots([(c.x, c.y) for c in tableau])
        if len(tableau) == 9:
            assert free == ()
            break


def test_a_tableau_built_by_hand_away_from_the_origin_refuses_its_takes_naming_the_position() -> None:
    """Only a position built by hand can lie beyond the reach of a first card at (0, 0) (saves are refused): its
    free positions are still known, but asking for its takes says why there are none, rather than offering wrong
    ones."""
    import pytest

    from castle_combo.engine.placement import REACH

    far = spots([(REACH + 1, 0)])
    assert (REACH + 2, 0) in far
    both, down = far.picks
    with pytest.raises(ValueError, match=r"\(3, -1\) lies more than 2 columns or rows from \(0, 0\)"):
        both(())
