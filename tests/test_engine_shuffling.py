"""The engine's shuffle gives exactly the standard library's order, so seeds keep their games."""

from __future__ import annotations

import _random
import random

from hypothesis import given
from hypothesis import strategies as st

from castle_combo.engine.shuffling import shuffled


@given(seed=st.integers(0, 2**64), size=st.integers(0, 80))
def test_shuffled_equals_random_shuffle_and_leaves_the_generator_alike(seed: int, size: int) -> None:
    mine, theirs = random.Random(seed), random.Random(seed)
    expected = list(range(100, 100 + size))
    theirs.shuffle(expected)
    assert shuffled(range(100, 100 + size), mine) == expected
    assert mine.getrandbits(64) == theirs.getrandbits(64)


def test_shuffled_leaves_its_input_alone() -> None:
    cards = (5, 6, 7, 8)
    shuffled(cards, random.Random(1))
    assert cards == (5, 6, 7, 8)


@given(seed=st.integers(-(2**130), 2**130))
def test_the_deals_c_generator_draws_as_random_random_seeded_alike(seed: int) -> None:
    """``new_game`` seeds the C generator under :class:`random.Random` (a fifth cheaper): same seed, same draws."""
    mine, theirs = _random.Random(seed), random.Random(seed)
    assert shuffled(range(39), mine) == shuffled(range(39), theirs)
    assert [mine.getrandbits(k) for k in (1, 7, 32, 64, 100)] == [theirs.getrandbits(k) for k in (1, 7, 32, 64, 100)]
