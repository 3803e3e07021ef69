"""The floating 3x3 grid: where the next card of a tableau may go.

RULINGS.md, "Placement": the first card goes at (0, 0); every later card goes
on an empty position orthogonally adjacent to a card already there, and the
bounding box must stay within 3 columns and 3 rows. With that rule a full
3x3 grid is always still reachable, so no other check is needed.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable
from typing import Any

from castle_combo.facts import GRID

__all__ = ["CELLS", "FIRST", "GRID", "REACH", "FreeSpots", "Pick", "origin", "pickers", "spots", "spots_after",
           "successors"]


#: How far from the first card (at (0, 0)) a card may lie in a floating 3x3 grid: 2 positions either way.
REACH = GRID - 1
#: Every position a card of a tableau may hold, in reading order (y, then x): a table with one entry per cell
#: (such as the takes of a card, see :func:`pickers`) lists them in this order.
CELLS: tuple[tuple[int, int], ...] = tuple(
    (x, y) for y in range(-REACH, REACH + 1) for x in range(-REACH, REACH + 1))

#: A function picking some entries out of a table with an entry per cell, always as a tuple (see :func:`pickers`).
Pick = Callable[[tuple[Any, ...]], tuple[Any, ...]]


class FreeSpots(tuple[tuple[int, int], ...]):
    """The free positions of a tableau (a tuple, in reading order) that remember the occupied ones.

    Equal to the plain tuple of the same positions. There is one per set
    of occupied positions (they are memoised), and each keeps the answers
    of :func:`spots_after` it gave, so placing a card finds the next free
    positions with one dictionary lookup instead of walking the tableau;
    and its :func:`pickers`, so the legal takes at these positions are
    picked from each card's takes in one call.
    """

    occupied: frozenset[tuple[int, int]]
    after: dict[tuple[int, int], FreeSpots]
    picks: tuple[Pick, Pick]

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle the occupied positions only; loading finds the shared memoised object again."""
        return (_spots, (self.occupied,))


def _free(occupied: frozenset[tuple[int, int]], positions: list[tuple[int, int]]) -> FreeSpots:
    free = FreeSpots(positions)
    free.occupied = occupied
    free.after = {}
    free.picks = pickers(free)
    return free


def pickers(free: Iterable[tuple[int, int]]) -> tuple[Pick, Pick]:
    """Functions picking the entries of the positions ``free`` out of a table with two entries per cell (every
    cell of :data:`CELLS`, then every cell again: a card's takes face up, then face down): both halves (face up
    at each position, then face down at each), and the second half only (face down)."""
    free = tuple(free)
    outside = [at for at in free if at not in _CELL]
    if outside:  # only a position built by hand can reach so far (a save or a record is refused before)
        return _off_grid(outside[0]), _off_grid(outside[0])
    up = [_CELL[at] for at in free]
    down = [cell + len(CELLS) for cell in up]
    return _picker(up + down), _picker(down)


#: Each cell's place in :data:`CELLS`.
_CELL = {at: i for i, at in enumerate(CELLS)}


def _off_grid(at: tuple[int, int]) -> Pick:
    """A picker for free positions one of which, ``at``, lies beyond any cell: it refuses, naming the position."""
    def refuse(table: tuple[Any, ...]) -> tuple[Any, ...]:
        raise ValueError(f"the free position {at} lies more than {REACH} columns or rows from (0, 0), where a "
                         "tableau's first card lies: this tableau cannot be played (build it with its first card "
                         "at (0, 0))")
    return refuse


def _picker(cells: list[int]) -> Pick:
    """A function picking ``cells`` out of a tuple, always as a tuple (in order)."""
    if len(cells) > 1:
        return operator.itemgetter(*cells)
    if cells:
        only = cells[0]
        return lambda table: (table[only],)
    return lambda table: ()


@functools.lru_cache(maxsize=1 << 16)
def _spots(occupied: frozenset[tuple[int, int]]) -> FreeSpots:
    if not occupied:
        return _free(occupied, [(0, 0)])
    xs = [x for x, _ in occupied]
    ys = [y for _, y in occupied]
    min_x, max_x, min_y, max_y = min(xs), max(xs), min(ys), max(ys)
    found = set()
    for x, y in occupied:
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if (nx, ny) in occupied:
                continue
            if max(max_x, nx) - min(min_x, nx) >= GRID or max(max_y, ny) - min(min_y, ny) >= GRID:
                continue
            found.add((nx, ny))
    return _free(occupied, sorted(found, key=lambda p: (p[1], p[0])))


#: The free positions of an empty tableau: (0, 0) only.
FIRST = _spots(frozenset())


def spots(occupied: Iterable[tuple[int, int]]) -> FreeSpots:
    """Every legal position for the next card, in reading order (y, then x).

    The answer depends only on the set of occupied positions, so it is
    memoised: a pure function of its argument, shared by every game.
    """
    return _spots(frozenset(occupied))


def spots_after(free: tuple[tuple[int, int], ...], at: tuple[int, int]) -> FreeSpots | None:
    """The free positions once a card is put at ``at``, given the ``free`` ones before.

    ``None`` when ``free`` is a plain tuple rather than a :class:`FreeSpots`
    (it does not know the occupied positions): then ask :func:`spots`.
    """
    if type(free) is not FreeSpots:
        return None
    found = free.after.get(at)
    if found is None:
        found = free.after[at] = _spots(free.occupied | {at})
    return found


def successors(free: FreeSpots) -> dict[tuple[int, int], FreeSpots]:
    """Each free position of ``free`` mapped to the free positions once a card is put there.

    The answers of :func:`spots_after` for all of ``free`` at once, kept in
    ``free.after``: a take then finds whether its position is free and the
    next free positions with one dictionary lookup (a position not in the
    answer is not free).
    """
    after = free.after
    if len(after) != len(free):
        for at in free:
            if at not in after:
                after[at] = _spots(free.occupied | {at})
    return after


def origin(positions: Iterable[tuple[int, int]]) -> tuple[int, int]:
    """The top-left corner (min x, min y) of the bounding box; (0, 0) for no positions.

    Subtracting it from a position gives the (column, row) in the final grid.
    """
    xs, ys = [], []
    for x, y in positions:
        xs.append(x)
        ys.append(y)
    if not xs:
        return (0, 0)
    return (min(xs), min(ys))
