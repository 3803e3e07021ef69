"""End-game scoring: purse placement, per-card score sheets, winners.

The rules page, "End of game and scoring":

1. each player moves leftover gold onto their face-up purse cards, in reading
   order (top row first, left to right), each as full as the gold allows;
2. each face-up card scores its rule in the owner's final 3x3 grid;
3. each key is worth 1 point (keys waiting on lock cards too), gold left in
   the supply nothing;
4. the highest total wins; ties go to the most gold left; a remaining tie is
   a shared win.

:func:`score_tableau` scores one finished tableau given by card names (the
score-pad calculator behind ``castle-combo score``); :func:`load_scenario`
reads the scenario JSON format of DESIGN.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from castle_combo.abilities import fill_order
from castle_combo.compiled import Compiled, compiled
from castle_combo.counting import Placed, tableau_totals
from castle_combo.errors import GameNotOver, ScenarioError
from castle_combo.model import FACE_DOWN_NAME, Card
from castle_combo.placement import GRID, origin
from castle_combo.ruleset import Ruleset
from castle_combo.table import CARDS_PER_PLAYER, Table

__all__ = [
    "FACE_DOWN",
    "Result",
    "Scenario",
    "ScoreSheet",
    "final_scores",
    "load_scenario",
    "result",
    "score_seat",
    "score_state",
    "score_tableau",
    "winners",
]

#: How a face-down card is written in a scenario grid (a name no card may have).
FACE_DOWN = FACE_DOWN_NAME

Grid = tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]


@attrs.frozen
class ScoreSheet:
    """One player's score pad.

    ``cards`` holds each card's points as a 3x3 grid, top row first (0 for a
    face-down card or an empty space); ``keys`` the keys owned, those waiting
    on lock cards included (1 point each);
    ``gold_left`` the gold left in the supply after purse placement (worth
    nothing, but it breaks ties). ``names`` is the grid of card names
    (``"face-down"``, or ``None`` for an empty space in an unfinished game)
    and ``stored`` the gold on each card after purse placement.
    """

    total: int
    keys: int
    gold_left: int
    cards: Grid
    names: tuple[tuple[str | None, ...], ...] = attrs.field(default=((None,) * 3,) * 3, eq=False)
    stored: Grid = attrs.field(default=((0, 0, 0),) * 3, eq=False)

    def to_json(self) -> dict[str, Any]:
        """``{"total", "keys", "gold_left", "cards"}``, the scenario output format."""
        return {
            "total": self.total,
            "keys": self.keys,
            "gold_left": self.gold_left,
            "cards": [list(row) for row in self.cards],
        }


@attrs.frozen
class Result:
    """How a finished game ended.

    ``winners`` are the winning seats (several for a shared win);
    ``decided_by`` says how: ``"score"`` (one highest total), ``"gold"``
    (tied totals, broken by most gold left) or ``"shared"`` (still tied).
    """

    winners: tuple[int, ...]
    decided_by: str
    scores: tuple[ScoreSheet, ...]


class _Table:
    """One finished tableau as counts read it (see :class:`castle_combo.counting.Tableaux`), as seat 0."""

    __slots__ = ("banners", "discarded", "keys", "shields", "tableaux")

    def __init__(self, cells: tuple[Placed, ...], keys: int, totals: tuple[Sequence[int], Sequence[int]]) -> None:
        self.tableaux = (cells,)
        self.keys = (keys,)
        self.shields = (totals[0],)
        self.banners = (totals[1],)
        self.discarded: tuple[int, ...] = ()


def _place_purses(engine: Compiled, cells: tuple[Placed, ...], gold: int) -> tuple[tuple[Placed, ...], int]:
    """Move ``gold`` onto the face-up purse cards in reading order; return the tableau and gold left."""
    if gold <= 0:
        return cells, gold
    out = list(cells)
    for i in fill_order(cells, engine.facts):
        if gold <= 0:
            break
        cell = out[i]
        room = (engine.facts[cell.card].purse or 0) - cell.gold
        put = min(room, gold)
        if put > 0:
            out[i] = Placed(cell.card, cell.x, cell.y, cell.face_down, cell.gold + put, cell.key)
            gold -= put
    return tuple(out), gold


def _sheet(
    engine: Compiled,
    cells: tuple[Placed, ...],
    keys: int,
    gold: int,
    totals: tuple[Sequence[int], Sequence[int]] | None = None,
) -> ScoreSheet:
    """One seat's sheet: scrolls count only their own tableau, so no other seat is needed.

    ``keys`` are the spendable keys; the keys waiting on lock cards are in
    ``cells``. ``totals`` are the tableau's face-up shield and banner totals
    if known (a game state keeps them; placing gold on purses does not change them).
    """
    cells, left = _place_purses(engine, cells, gold)
    table = _Table(cells, keys, totals if totals is not None else tableau_totals(engine.facts, cells))
    corner = origin((c.x, c.y) for c in cells)
    points = [[0] * GRID for _ in range(GRID)]
    names: list[list[str | None]] = [[None] * GRID for _ in range(GRID)]
    stored = [[0] * GRID for _ in range(GRID)]
    for i, cell in enumerate(cells):
        col, row = cell.x - corner[0], cell.y - corner[1]
        if cell.face_down:
            names[row][col] = FACE_DOWN
            continue
        names[row][col] = engine.facts[cell.card].name
        stored[row][col] = cell.gold
        scorer = engine.scorers[cell.card]
        if scorer is not None:
            points[row][col] = scorer(table, 0, i, corner)
    cards = tuple(tuple(r) for r in points)
    owned = keys + sum(1 for cell in cells if cell.key)
    return ScoreSheet(
        sum(map(sum, cards)) + owned,
        owned,
        left,
        cards,  # type: ignore[arg-type]
        tuple(tuple(r) for r in names),
        tuple(tuple(r) for r in stored),  # type: ignore[arg-type]
    )


def score_state(state: Table) -> tuple[ScoreSheet, ...]:
    """Score every seat of ``state`` as if the game ended now."""
    engine = state.engine
    return tuple(_sheet(engine, p.tableau, p.keys, p.gold, (p.shields, p.banners)) for p in state.players)


def score_seat(state: Table, seat: int) -> ScoreSheet:
    """Score one seat of ``state`` as if the game ended now.

    A seat's score depends only on its own tableau, keys and gold (the
    rulebook: each scroll counts only its owner's tableau), so bots that
    compare many positions differing in one seat need not rescore the others.
    """
    player = state.players[seat]
    return _sheet(state.engine, player.tableau, player.keys, player.gold, (player.shields, player.banners))


def final_scores(state: Table) -> tuple[ScoreSheet, ...]:
    """The final score sheets; :class:`GameNotOver` if the game has not ended."""
    if not state.is_over:
        left = CARDS_PER_PLAYER * len(state.players) - state.taken
        owed = " and a decision is pending" if state.pending is not None else ""
        raise GameNotOver(
            f"the game is not over: {left} card(s) still to take{owed}; "
            "use provisional_scores() for the score so far"
        )
    return score_state(state)


def winners(sheets: Sequence[ScoreSheet]) -> tuple[tuple[int, ...], str]:
    """The winning seats and how the win was decided (see :class:`Result`)."""
    best = max(s.total for s in sheets)
    top = [seat for seat, s in enumerate(sheets) if s.total == best]
    if len(top) == 1:
        return tuple(top), "score"
    most = max(sheets[seat].gold_left for seat in top)
    rich = [seat for seat in top if sheets[seat].gold_left == most]
    return tuple(rich), ("gold" if len(rich) == 1 else "shared")


def result(state: Table) -> Result:
    """The result of a finished game."""
    sheets = final_scores(state)
    seats, how = winners(sheets)
    return Result(seats, how, sheets)


# ----------------------------------------------------------------- scenarios


@attrs.frozen
class Scenario:
    """One finished tableau to score: card names (or ``"face-down"``) top row first, and supplies."""

    grid: tuple[tuple[str, ...], ...]
    keys: int = 0
    gold: int = 0
    purse_gold: tuple[tuple[str, int], ...] = ()


def _nonneg(value: object, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ScenarioError(f"{path}: expected a whole number of 0 or more, got {value!r}")
    return value


def load_scenario(data: object) -> Scenario:
    """Read a score scenario (DESIGN.md format); :class:`ScenarioError` names the bad field's JSON path."""
    if not isinstance(data, Mapping):
        raise ScenarioError("$: expected an object {\"grid\": [[...], [...], [...]], \"keys\": k, \"gold\": g}")
    unknown = sorted(set(data) - {"grid", "keys", "gold", "purse_gold"})
    if unknown:
        raise ScenarioError(f"$.{unknown[0]}: unknown field; a scenario has grid, keys, gold and purse_gold")
    if "grid" not in data:
        raise ScenarioError("$.grid: missing; give the finished tableau as 3 rows of 3 card names")
    grid = _grid(data["grid"], "$.grid")
    purse = data.get("purse_gold", {})
    if not isinstance(purse, Mapping):
        raise ScenarioError("$.purse_gold: expected an object {\"card name\": gold, ...}")
    stored = tuple((str(name), _nonneg(v, f"$.purse_gold[{name!r}]")) for name, v in purse.items())
    return Scenario(grid, _nonneg(data.get("keys", 0), "$.keys"), _nonneg(data.get("gold", 0), "$.gold"), stored)


def _grid(grid: object, path: str) -> tuple[tuple[str, ...], ...]:
    if isinstance(grid, (str, bytes)) or not isinstance(grid, Sequence) or len(grid) != GRID:
        raise ScenarioError(f"{path}: expected 3 rows of 3 cards, top row first")
    rows = []
    for y, row in enumerate(grid):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence) or len(row) != GRID:
            raise ScenarioError(f"{path}[{y}]: expected a row of 3 cards (names or \"face-down\")")
        names = []
        for x, entry in enumerate(row):
            name = entry.name if isinstance(entry, Card) else entry
            if not isinstance(name, str):
                raise ScenarioError(f"{path}[{y}][{x}]: expected a card name or \"face-down\", got {entry!r}")
            names.append(name)
        rows.append(tuple(names))
    return tuple(rows)


def score_tableau(
    grid: Sequence[Sequence[str | Card]],
    keys: int = 0,
    gold: int = 0,
    purse_gold: Mapping[str, int] | None = None,
    rules: Ruleset | None = None,
) -> ScoreSheet:
    """Score one finished tableau: ``grid`` is 3 rows of 3 card names (or ``"face-down"``), top first.

    ``keys`` are the keys held, ``gold`` the leftover gold *before* purse
    placement, ``purse_gold`` gold already stored on purse cards by name.
    Counts that name a neighbour count 0 here (there is no table).
    """
    rules = Ruleset.standard() if rules is None else rules
    engine = compiled(rules)
    names = _grid(grid, "$.grid")
    keys = _nonneg(keys, "$.keys")
    gold = _nonneg(gold, "$.gold")
    stored = dict(purse_gold or {})
    cells: list[Placed] = []
    where: dict[str, str] = {}
    for y, row in enumerate(names):
        for x, name in enumerate(row):
            path = f"$.grid[{y}][{x}]"
            if name == FACE_DOWN:
                cells.append(Placed(0, x, y, True))
                continue
            card = engine.ids.get(name)
            if card is None:
                raise ScenarioError(f"{path}: {engine.unknown(name)} (write \"face-down\" for a face-down card)")
            if name in where:
                raise ScenarioError(f"{path}: {name} is already at {where[name]}; every card exists once")
            where[name] = path
            cells.append(Placed(card, x, y, False, 0))
    for name, amount in stored.items():
        path = f"$.purse_gold[{name!r}]"
        _nonneg(amount, path)
        if name not in where:
            raise ScenarioError(f"{path}: {name} is not face up in the grid")
        card = engine.ids[name]
        capacity = engine.facts[card].purse
        if capacity is None:
            raise ScenarioError(f"{path}: {name} has no purse, so no gold can be stored on it")
        if amount > capacity:
            raise ScenarioError(f"{path}: {name}'s purse holds at most {capacity} gold, not {amount}")
        i = next(k for k, c in enumerate(cells) if c.card == card and not c.face_down)
        cells[i] = attrs.evolve(cells[i], gold=amount)
    return _sheet(engine, tuple(cells), keys, gold)


def score_scenario(data: object, rules: Ruleset | None = None) -> ScoreSheet:
    """Load a scenario (:func:`load_scenario`) and score it."""
    scenario = load_scenario(data)
    return score_tableau(scenario.grid, scenario.keys, scenario.gold, dict(scenario.purse_gold), rules)
