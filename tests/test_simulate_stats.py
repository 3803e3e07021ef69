"""Win rates and mean scores are reported with 95% intervals (castle_combo.bots.stats)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from castle_combo.bots.stats import mean_interval, mean_std, normal_interval, wilson_interval


def test_wilson_interval_matches_the_textbook_value_for_9_of_10() -> None:
    # Wilson (1927) for p = 0.9, n = 10, z = 1.96: [0.596, 0.982].
    interval = wilson_interval(9, 10)
    assert interval.estimate == pytest.approx(0.9)
    assert interval.low == pytest.approx(0.5958, abs=1e-3)
    assert interval.high == pytest.approx(0.9821, abs=1e-3)


def test_wilson_interval_is_not_degenerate_for_a_clean_sweep() -> None:
    interval = wilson_interval(200, 200)
    assert interval.high == 1.0
    assert 0.97 < interval.low < 1.0


def test_normal_interval_collapses_for_a_clean_sweep_which_is_why_wilson_is_preferred() -> None:
    interval = normal_interval(20, 20)
    assert interval.low == interval.high == 1.0


def test_no_games_means_nothing_is_known() -> None:
    interval = wilson_interval(0, 0)
    assert (interval.low, interval.high) == (0.0, 1.0)


def test_more_wins_than_games_is_rejected() -> None:
    with pytest.raises(ValueError, match="successes <= trials"):
        wilson_interval(3, 2)


@settings(max_examples=200)
@given(st.integers(min_value=1, max_value=5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_contains_the_observed_rate_and_stays_in_unit_range(wins_games: tuple[int, int]) -> None:
    wins, games = wins_games
    interval = wilson_interval(wins, games)
    assert 0.0 <= interval.low <= interval.estimate <= interval.high <= 1.0


@settings(max_examples=50)
@given(st.integers(0, 100))
def test_wilson_interval_narrows_with_more_games(wins: int) -> None:
    small = wilson_interval(wins, 100)
    large = wilson_interval(wins * 10, 1000)
    assert large.half_width < small.half_width


def test_mean_std_uses_the_sample_standard_deviation() -> None:
    mean, std = mean_std([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0])
    assert mean == 5.0
    assert std == pytest.approx(math.sqrt(32 / 7))


def test_mean_interval_is_plus_or_minus_1_96_standard_errors() -> None:
    values = [float(v) for v in range(100)]
    interval = mean_interval(values)
    _, std = mean_std(values)
    assert interval.half_width == pytest.approx(1.959964 * std / 10, rel=1e-6)


def test_a_single_score_has_no_spread() -> None:
    assert mean_std([42.0]) == (42.0, 0.0)
    interval = mean_interval([42.0])
    assert interval.low == interval.high == 42.0
