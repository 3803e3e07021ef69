"""The balance lab: is a card too strong, or too weak?

Bots play many games with a ruleset (:func:`castle_combo.bots.simulate.simulate`,
so any backend and any number of jobs give the same numbers). For every card
of the ruleset the report says how often a player took it face up, the share
of those players who won their game (a shared win counts), that share's 95%
Wilson interval, and its difference from the *baseline*: the share of all
players who won. A card whose whole interval lies above the baseline is
flagged ``strong``, below it ``weak``.

Why this statistic: a card that wins games is taken by winners more often
than the average card, whatever the bots' skill, and a win share has an
honest interval. It measures association, not cause: a card the bots take
when they are already ahead looks strong too. With many cards some are
flagged by chance (about 5% of the cards at 95%); a card flagged again by a
run with another seed is the real thing, and :meth:`BalanceReport.games_needed`
says how many games make the intervals narrow enough for a finer question.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import attrs

from castle_combo.bots.simulate import Bot, GameOutcome, SimulationResult, simulate
from castle_combo.bots.stats import Z95, Interval, wilson_interval
from castle_combo.language.ruleset import Ruleset

__all__ = ["BalanceReport", "CardBalance", "balance", "balance_report"]


@attrs.frozen
class CardBalance:
    """One card's line of the balance report.

    ``taken`` counts the players who ended a game with the card face up,
    ``won`` those of them who won (a shared win counts); ``interval`` is the
    win share ``won / taken`` with its 95% interval; ``difference`` is the
    share minus the report's baseline; ``flag`` is ``"strong"``, ``"weak"``
    or ``""``.
    """

    card: str
    deck: str
    taken: int
    won: int
    interval: Interval
    difference: float
    flag: str

    @property
    def win_rate_when_taken(self) -> float:
        """The share of the players who took the card face up and won."""
        return self.interval.estimate

    def to_json(self) -> dict[str, Any]:
        """``{"card", "taken", "win_rate_when_taken", "ci95", ...}`` (the documented balance format)."""
        return {
            "card": self.card,
            "deck": self.deck,
            "taken": self.taken,
            "won": self.won,
            "win_rate_when_taken": round(self.win_rate_when_taken, 6),
            "ci95": [round(self.interval.low, 6), round(self.interval.high, 6)],
            "difference": round(self.difference, 6),
            "flag": self.flag,
        }


@attrs.frozen
class BalanceReport:
    """A balance run: every card's line, sorted by win share (best first), and the baseline."""

    games: int
    players: int
    bots: tuple[str, ...]
    seed: int
    baseline: float
    cards: tuple[CardBalance, ...]
    interrupted: bool = False
    #: Bots that thought for a time per move (``mcts:time=0.5``): the report then depends on the machine.
    timed_bots: tuple[str, ...] = ()

    @property
    def reproducible(self) -> bool:
        """Whether the same seed gives this report again: no bot thought for a time per move."""
        return not self.timed_bots

    @property
    def flagged(self) -> tuple[CardBalance, ...]:
        """The cards whose interval lies wholly above or below the baseline."""
        return tuple(card for card in self.cards if card.flag)

    @property
    def expected_by_chance(self) -> float:
        """How many cards a 95% interval flags by chance alone, if no card mattered at all."""
        return 0.05 * sum(1 for card in self.cards if card.taken)

    def games_needed(self, margin: float = 0.05) -> int:
        """About how many games give the typical card an interval of ``± margin`` around the baseline.

        The typical card is the median one by how often it is taken per game;
        the interval's half-width shrinks with the square root of the times
        taken, so halving the margin takes four times the games.
        """
        rates = sorted(card.taken / self.games for card in self.cards if card.taken and self.games)
        if not rates:
            return 0
        typical = rates[len(rates) // 2]
        p = min(max(self.baseline, 0.01), 0.99)
        taken_needed = Z95 * Z95 * p * (1 - p) / (margin * margin)
        return math.ceil(taken_needed / typical)

    def to_json(self) -> dict[str, Any]:
        """The report as the documented JSON document (``games`` and ``cards`` first)."""
        return {
            "games": self.games,
            "cards": [card.to_json() for card in self.cards],
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "baseline": round(self.baseline, 6),
            "flagged": [card.card for card in self.flagged],
            "expected_flags_by_chance": round(self.expected_by_chance, 2),
            "games_needed_for_5_points": self.games_needed(0.05),
            "interrupted": self.interrupted,
            "reproducible": self.reproducible,
            "timed_bots": list(self.timed_bots),
        }

    def chart_svg(self) -> str:
        """The report as an SVG picture: each card's win share with its interval, the baseline as a line.

        Cards are drawn best first; strong ones in green, weak ones in red.
        The picture is plain SVG text (no script, no external font), so it
        opens in any browser and embeds in a page.
        """
        return _chart(self)


def balance_report(result: SimulationResult, rules: Ruleset) -> BalanceReport:
    """The balance report of a finished simulation played with ``rules`` (every card listed)."""
    totals = result.totals
    seats = totals.games * result.players
    wins = sum(slot.wins for slot in totals.slots)
    baseline = wins / seats if seats else 0.0
    counted = {card.card: card for card in totals.cards}
    lines = []
    for card in rules.cards:
        tally = counted.get(card.name)
        taken, won = (tally.taken, tally.won) if tally is not None else (0, 0)
        interval = wilson_interval(won, taken)
        flag = ""
        if taken and interval.low > baseline:
            flag = "strong"
        elif taken and interval.high < baseline:
            flag = "weak"
        lines.append(CardBalance(card.name, card.deck.value, taken, won, interval,
                                 interval.estimate - baseline if taken else 0.0, flag))
    lines.sort(key=lambda line: (-line.interval.estimate if line.taken else 1.0, -line.taken, line.card))
    return BalanceReport(totals.games, result.players, result.bots, result.seed, baseline, tuple(lines),
                         result.interrupted, result.timed_bots)


def balance(
    bots: Sequence[Bot],
    players: int = 2,
    games: int = 200,
    seed: int = 0,
    jobs: int = 1,
    rules: Ruleset | None = None,
    progress: Callable[[GameOutcome], None] | None = None,
    *,
    backend: str = "processes",
    address: str | None = None,
) -> BalanceReport:
    """Let ``bots`` play ``games`` games with ``rules`` and report every card's win share when taken.

    The options are :func:`castle_combo.bots.simulate.simulate`'s; the report is
    the same for any ``jobs`` and backend with the same seed.
    """
    rules = Ruleset.standard() if rules is None else rules
    result = simulate(bots, players=players, games=games, seed=seed, jobs=jobs, rules=rules, progress=progress,
                      backend=backend, address=address, keep_outcomes=False)
    return balance_report(result, rules)


# ----------------------------------------------------------------- the chart

_ROW = 16
_LEFT = 190
_PLOT = 420
_TOP = 58
_COLOURS = {"strong": "#1b7f3b", "weak": "#b3261e", "": "#5f6368"}


def _chart(report: BalanceReport) -> str:
    shown = [card for card in report.cards if card.taken]
    height = _TOP + _ROW * max(1, len(shown)) + 40
    width = _LEFT + _PLOT + 90

    def x(rate: float) -> float:
        return round(_LEFT + rate * _PLOT, 1)

    title = (f"Win share when taken face up: {report.games} games, {report.players} players, "
             f"bots {', '.join(report.bots)}")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12" role="img">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="10" y="20" font-size="14" font-weight="bold">{escape(title)}</text>',
        f'<text x="10" y="38" fill="#5f6368">dot: share of the players who took the card and won; bar: 95% '
        f"interval; line: every player ({report.baseline:.0%})</text>",
    ]
    for tick in range(0, 101, 20):
        tx = x(tick / 100)
        parts.append(f'<line x1="{tx}" y1="{_TOP - 6}" x2="{tx}" y2="{height - 34}" stroke="#e0e0e0"/>')
        parts.append(f'<text x="{tx}" y="{height - 20}" text-anchor="middle" fill="#5f6368">{tick}%</text>')
    bx = x(report.baseline)
    parts.append(f'<line x1="{bx}" y1="{_TOP - 6}" x2="{bx}" y2="{height - 34}" stroke="#1a73e8" '
                 'stroke-width="1.5" stroke-dasharray="4 3"/>')
    for row, card in enumerate(shown):
        y = _TOP + row * _ROW + _ROW / 2
        colour = _COLOURS[card.flag]
        label = f"{card.card} ({card.taken})"
        parts.append(f"<g><title>{escape(card.card)}: {card.won} wins of {card.taken} taken, "
                     f"{card.interval.estimate:.0%} [{card.interval.low:.0%}, {card.interval.high:.0%}]"
                     f"{', ' + card.flag if card.flag else ''}</title>")
        parts.append(f'<text x="{_LEFT - 8}" y="{y + 4}" text-anchor="end" fill="{colour}">{escape(label)}</text>')
        parts.append(f'<line x1="{x(card.interval.low)}" y1="{y}" x2="{x(card.interval.high)}" y2="{y}" '
                     f'stroke="{colour}" stroke-width="2"/>')
        parts.append(f'<circle cx="{x(card.interval.estimate)}" cy="{y}" r="3.5" fill="{colour}"/>')
        if card.flag:
            parts.append(f'<text x="{_LEFT + _PLOT + 8}" y="{y + 4}" fill="{colour}">{card.flag}</text>')
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
