"""Shuffling a deck exactly as :meth:`random.Random.shuffle` does, at half the cost.

Every new game shuffles both decks, so shuffling is a measurable part of a
random playout. This does the same Fisher-Yates walk with the same draws
from the generator (``getrandbits`` of the bit length of ``i + 1``, drawn
again while too large), so a seed gives the very same deck orders as the
standard library's shuffle; only the two Python-level calls per card are
saved. A test compares the two for many seeds and deck sizes.
"""

from __future__ import annotations

import _random
import functools
from collections.abc import Iterable

__all__ = ["shuffled"]


def shuffled(cards: Iterable[int], generator: _random.Random) -> list[int]:
    """``cards`` in the order ``generator.shuffle(list(cards))`` would leave them (the generator advances alike).

    ``generator`` is a :class:`random.Random` or the C generator it extends (``_random.Random``, which
    :func:`castle_combo.engine.game.new_game` uses: seeded with the same integer, it draws the same numbers).
    """
    order = list(cards)
    getrandbits = generator.getrandbits
    for i, n, bits in _steps(len(order)):
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        order[i], order[j] = order[j], order[i]
    return order


@functools.lru_cache(maxsize=64)
def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The Fisher-Yates walk over ``size`` cards: each position from the last down, its count and bit length."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
