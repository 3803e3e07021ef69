"""A ladder of bot strength: Bradley-Terry ratings on the Elo scale from a round robin, with 95% intervals.

``benchmarks/ladder.py`` plays every pair of bots many times and feeds the
results here; the docs' ladder page draws the table and the chart from the
JSON it writes. The pieces are plain functions of plain data, so a bot of
your own can be rated against the ladder's results the same way.

The model
    Bradley-Terry: bot ``i`` has a strength ``theta_i`` and scores against
    ``j`` with probability ``1 / (1 + exp(theta_j - theta_i))``. Ratings are
    ``theta`` on the Elo scale (``400 / ln 10`` points per unit), so a lead of
    100 points means an expected score of 64%, 200 points 76%, 400 points
    91%. Only differences are measured: one bot, the *anchor*, is fixed at a
    rating (the greedy bot at 1000 in the docs), and every other rating and
    interval is relative to it. A shared win counts half.

Every pair also counts a virtual drawn game
    A bot that never wins (the random bot against any searching bot) would
    otherwise have a rating of minus infinity. :func:`fit_ratings` adds
    ``prior_games`` virtual games to every pair that met, scored half each: a
    weak prior that every pair is even, which keeps every rating finite and
    pulls a lopsided pair's difference towards 0 by a few points when the
    pair played a few dozen games.

Intervals
    The 95% interval of each rating comes from the curvature of the
    (prior-included) log-likelihood at its maximum: the inverse of the
    information matrix is the covariance of the ratings relative to the
    anchor (a Laplace approximation). It needs no resampling, and unlike a
    bootstrap it gives an honest width to a bot that lost every game (a
    bootstrap of all-lost games resamples to all-lost games, always the
    same rating).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

import attrs

from castle_combo.bots.stats import Z95, solve_linear

__all__ = ["ELO", "Pairing", "Rating", "fit_ratings", "expected_score", "chart_svg", "document_chart",
           "ratings_of", "time_words"]

#: Elo points per unit of Bradley-Terry strength (natural logarithm): 400 / ln 10.
ELO = 400.0 / math.log(10.0)


@attrs.frozen
class Pairing:
    """What two bots scored against each other: ``score`` is ``a``'s wins (a shared win counts half)."""

    a: str
    b: str
    games: int
    score: float

    def __attrs_post_init__(self) -> None:
        if self.a == self.b:
            raise ValueError(f"a bot cannot be paired with itself: {self.a!r}")
        if self.games < 0 or not 0 <= self.score <= self.games:
            raise ValueError(f"need 0 <= score <= games, got {self.score} of {self.games} for {self.a} vs {self.b}")


@attrs.frozen
class Rating:
    """A bot's rating with its 95% interval, and the games and mean score it was measured on."""

    bot: str
    rating: float
    low: float
    high: float
    games: int
    score: float

    @property
    def half_width(self) -> float:
        """The "plus or minus" of the rating."""
        return (self.high - self.low) / 2


def expected_score(difference: float) -> float:
    """The expected score of a bot rated ``difference`` Elo points above its opponent."""
    return 1.0 / (1.0 + math.pow(10.0, -difference / 400.0))


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix @ x = vector`` (:func:`~castle_combo.bots.stats.solve_linear`), a singular system said as the
    ladder's cause: results that leave some bot unconnected to the anchor."""
    try:
        return solve_linear(matrix, vector)
    except ValueError:
        raise ValueError(
            "the results do not connect every bot to the anchor: some ratings cannot be measured") from None


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    columns = [_solve(matrix, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[columns[c][r] for c in range(n)] for r in range(n)]


def fit_ratings(
    pairings: Iterable[Pairing],
    anchor: str,
    anchor_rating: float = 1000.0,
    prior_games: float = 1.0,
) -> tuple[Rating, ...]:
    """Bradley-Terry ratings of every bot in ``pairings``, best first (see the module docstring).

    ``anchor`` is held at ``anchor_rating``; each pair that met counts
    ``prior_games`` more games, drawn. Raises :class:`ValueError` when the
    anchor is not among the bots or the results leave a bot unconnected.
    """
    pairs = [p for p in pairings if p.games > 0]
    bots = sorted({p.a for p in pairs} | {p.b for p in pairs})
    if anchor not in bots:
        raise ValueError(f"the anchor {anchor!r} played no game; the bots are {', '.join(bots) or 'none'}")
    # Games and scores of each unordered pair, the prior included.
    games: dict[tuple[int, int], float] = {}
    wins: dict[tuple[int, int], float] = {}  # wins of the first bot of the key
    index = {bot: i for i, bot in enumerate(bots)}
    for p in pairs:
        i, j = index[p.a], index[p.b]
        key, score = ((i, j), p.score) if i < j else ((j, i), p.games - p.score)
        games[key] = games.get(key, prior_games) + p.games
        wins[key] = wins.get(key, prior_games / 2) + score
    free = [i for i in range(len(bots)) if bots[i] != anchor]
    theta = [0.0] * len(bots)

    def gradient_and_information() -> tuple[list[float], list[list[float]]]:
        grad = [0.0] * len(bots)
        info = [[0.0] * len(bots) for _ in bots]
        for (i, j), n in games.items():
            p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
            grad[i] += wins[(i, j)] - n * p
            grad[j] -= wins[(i, j)] - n * p
            w = n * p * (1.0 - p)
            info[i][i] += w
            info[j][j] += w
            info[i][j] -= w
            info[j][i] -= w
        return grad, info

    def log_likelihood() -> float:
        total = 0.0
        for (i, j), n in games.items():
            d = theta[i] - theta[j]
            # log p = -log(1 + e^-d), computed without overflow
            log_p = -math.log1p(math.exp(-d)) if d > -30 else d
            log_q = -math.log1p(math.exp(d)) if d < 30 else -d
            total += wins[(i, j)] * log_p + (n - wins[(i, j)]) * log_q
        return total

    for _ in range(100):  # Newton's method; the prior makes the likelihood strictly concave
        grad, info = gradient_and_information()
        step = _solve([[info[r][c] for c in free] for r in free], [grad[r] for r in free])
        before, start = log_likelihood(), theta[:]
        scale = 1.0
        while True:
            for r, delta in zip(free, step, strict=True):
                theta[r] = start[r] + scale * delta
            if log_likelihood() >= before - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        if max((abs(delta) for delta in step), default=0.0) * scale < 1e-10:
            break
    _, info = gradient_and_information()
    covariance = _inverse([[info[r][c] for c in free] for r in free])
    spread = {r: Z95 * ELO * math.sqrt(max(0.0, covariance[k][k])) for k, r in enumerate(free)}
    played = {bot: 0 for bot in bots}
    scored = {bot: 0.0 for bot in bots}
    for p in pairs:
        played[p.a] += p.games
        played[p.b] += p.games
        scored[p.a] += p.score
        scored[p.b] += p.games - p.score
    ratings = []
    for i, bot in enumerate(bots):
        rating = anchor_rating + ELO * (theta[i] - theta[index[anchor]])
        width = spread.get(i, 0.0)
        ratings.append(Rating(bot, rating, rating - width, rating + width, played[bot],
                              scored[bot] / played[bot] if played[bot] else 0.0))
    ratings.sort(key=lambda r: (-r.rating, r.bot))
    return tuple(ratings)


def _ticks(low: float, high: float) -> list[float]:
    """Round values for the rating axis, about five to eight of them."""
    span = max(high - low, 1.0)
    step = next(s for s in (25, 50, 100, 200, 250, 500, 1000, 2000, 5000) if span / s <= 8)
    first = math.ceil(low / step) * step
    return [first + k * step for k in range(int((high - first) // step) + 1)]


def chart_svg(ratings: Sequence[Rating], title: str, notes: Sequence[str] = (),
              anchor: str | None = None) -> str:
    """The ladder as an SVG picture: each bot's rating as a dot on its 95% interval, best at the top.

    ``notes`` are shown beside each bot's name (its time per move, say), in
    the same order as ``ratings``; the ``anchor`` bot is drawn hollow, since
    its rating is fixed, not measured. Plain SVG text with the docs' colours
    and fonts (no script, no external font).
    """
    label_w, plot_w, row, top = 250, 420, 30, 48
    low = min(r.low for r in ratings)
    high = max(r.high for r in ratings)
    pad = max(20.0, (high - low) * 0.04)
    ticks = _ticks(low - pad, high + pad)
    lo, hi = min(ticks[0], low - pad), max(ticks[-1], high + pad)

    def x(value: float) -> float:
        return label_w + plot_w * (value - lo) / (hi - lo)

    height = top + row * len(ratings) + 34
    parts = ['<rect width="100%" height="100%" rx="4" fill="#ffffff"/>',  # readable on a dark page too
             f'<text x="8" y="22" font-size="15" font-weight="bold">{escape(title)}</text>']
    axis_y = top + row * len(ratings) + 4
    for tick in ticks:
        parts.append(f'<line x1="{x(tick):.1f}" y1="{top - 6}" x2="{x(tick):.1f}" y2="{axis_y}" '
                     'stroke="#d7ccc8" stroke-width="1"/>')
        parts.append(f'<text x="{x(tick):.1f}" y="{axis_y + 16}" text-anchor="middle" font-size="12">'
                     f'{tick:,.0f}</text>')
    parts.append(f'<text x="{label_w - 10}" y="{axis_y + 16}" text-anchor="end" font-size="12" fill="#795548">'
                 'rating (Elo scale)</text>')
    for k, rating in enumerate(ratings):
        y = top + k * row + 12
        note = notes[k] if k < len(notes) else ""
        # The note goes on a line of its own under the name: one anchored text per line reads the same
        # in every renderer (a tspan after an end-anchored text is placed differently by some).
        name_y = y + (0 if note else 5)
        parts.append(f'<text x="{label_w - 10}" y="{name_y}" text-anchor="end" font-size="13">'
                     f'{escape(rating.bot)}</text>')
        if note:
            parts.append(f'<text x="{label_w - 10}" y="{y + 13}" text-anchor="end" font-size="11" '
                         f'fill="#795548">{escape(note)}</text>')
        if rating.high > rating.low:
            parts.append(f'<line x1="{x(rating.low):.1f}" y1="{y}" x2="{x(rating.high):.1f}" y2="{y}" '
                         'stroke="#6d4c41" stroke-width="3" stroke-linecap="round"/>')
        fill = "#ffffff" if rating.bot == anchor else "#6d4c41"
        parts.append(f'<circle cx="{x(rating.rating):.1f}" cy="{y}" r="5.5" fill="{fill}" stroke="#6d4c41" '
                     'stroke-width="2"/>')
        parts.append(f'<text x="{x(rating.high) + 8:.1f}" y="{y + 5}" font-size="12">{rating.rating:,.0f}</text>')
    total = label_w + plot_w + 70
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{height}" viewBox="0 0 {total} '
            f'{height}" font-family="DejaVu Sans, Verdana, sans-serif" role="img" aria-label="{escape(title)}">'
            f"<title>{escape(title)}</title>{''.join(parts)}</svg>")


def time_words(seconds: float) -> str:
    """A time per move in a few characters: ``0.02 ms``, ``35 ms``, ``1.20 s``."""
    if seconds < 0.001:
        return f"{seconds * 1000:.2f} ms"
    if seconds < 0.1:
        return f"{seconds * 1000:.0f} ms"
    return f"{seconds:.2f} s"


def ratings_of(document: Mapping[str, Any]) -> tuple[Rating, ...]:
    """The ratings of a ladder document, as ``benchmarks/ladder.py`` writes it (``castle-combo/ladder@1``)."""
    if document.get("format") != "castle-combo/ladder@1":
        raise ValueError(f"not a ladder result: format {document.get('format')!r}, expected 'castle-combo/ladder@1'")
    return tuple(Rating(r["bot"], r["rating"], r["ci95"][0], r["ci95"][1], r["games"], r["score"])
                 for r in document["ratings"])


def document_chart(document: Mapping[str, Any]) -> str:
    """The chart of a ladder document: each bot's rating and interval, its time per move beside its name."""
    notes = [time_words(r["seconds_per_move"]) + " a move" for r in document["ratings"]]
    title = f"Bot ladder: {document['games_per_pair']} two-player games per pair, 95% intervals"
    return chart_svg(ratings_of(document), title, notes, anchor=document["anchor"]["bot"])
