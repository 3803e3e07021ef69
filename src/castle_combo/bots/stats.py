"""Small statistics for simulation reports: win rates and means with 95% intervals.

A simulation of a few hundred games measures a win rate to within a few
percent, and a report that hides that uncertainty invites reading noise as
strength. These helpers put an interval beside every number:

* :func:`wilson_interval` for a proportion (wins out of games). Unlike the
  textbook normal approximation it stays inside ``[0, 1]`` and is still
  sensible for 0 or all wins, which is common for lopsided match-ups.
* :func:`mean_interval` for a mean (a score), with the normal approximation,
  which is fine for the dozens to thousands of games a simulation plays.

and :func:`solve_linear` for the small linear systems the fits behind the bot
ladder and the MCTS leaf value solve at each Newton step.

Only the standard library is used, so the engine's dependencies stay small.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

__all__ = ["Z95", "Interval", "wilson_interval", "normal_interval", "mean_interval", "mean_std", "solve_linear"]

#: The two-sided 95% quantile of the standard normal distribution.
Z95 = 1.959963984540054


@attrs.frozen
class Interval:
    """A point estimate with its confidence interval ``[low, high]``."""

    estimate: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        """Half the interval's width: the "plus or minus" of a report."""
        return (self.high - self.low) / 2

    def __str__(self) -> str:
        return f"{self.estimate:.3f} [{self.low:.3f}, {self.high:.3f}]"


def wilson_interval(successes: float, trials: int, z: float = Z95) -> Interval:
    """The Wilson score interval of a proportion ``successes / trials``.

    ``successes`` may be fractional (half a win for a shared draw, say).
    With no trials nothing is known, so the interval is all of ``[0, 1]``.
    """
    if trials < 0 or successes < 0 or successes > trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    spread = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # min/max with p absorb rounding at 0 and all wins, where the bound equals p exactly.
    return Interval(p, max(0.0, min(p, centre - spread)), min(1.0, max(p, centre + spread)))


def normal_interval(successes: float, trials: int, z: float = Z95) -> Interval:
    """The normal-approximation (Wald) interval of a proportion, clipped to ``[0, 1]``.

    Kept for comparison with reports that use it; prefer :func:`wilson_interval`.
    """
    if trials < 0 or successes < 0 or successes > trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / trials
    spread = z * math.sqrt(p * (1 - p) / trials)
    return Interval(p, max(0.0, p - spread), min(1.0, p + spread))


def mean_std(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the sample standard deviation (``n - 1``; 0 for fewer than two values)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = math.fsum(values) / n
    if n == 1:
        return mean, 0.0
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance)


def mean_interval(values: Sequence[float], z: float = Z95) -> Interval:
    """The mean of ``values`` with its normal-approximation 95% interval."""
    mean, std = mean_std(values)
    if len(values) < 2:
        return Interval(mean, mean, mean)
    spread = z * std / math.sqrt(len(values))
    return Interval(mean, mean - spread, mean + spread)


def solve_linear(matrix: Sequence[Sequence[float]], vector: Sequence[float]) -> list[float]:
    """``x`` with ``matrix @ x = vector``, by Gaussian elimination with partial pivoting (small systems: a few
    bots, a few features). Raises :class:`ValueError` when the matrix is singular."""
    n = len(vector)
    rows = [[*row, value] for row, value in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-300:
            raise ValueError("the linear system is singular")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            if factor:
                for c in range(col, n + 1):
                    rows[r][c] -= factor * rows[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (rows[r][n] - sum(rows[r][c] * x[c] for c in range(r + 1, n))) / rows[r][r]
    return x
