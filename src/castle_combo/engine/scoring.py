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
reads the score scenario JSON format (the CLI reference, "castle-combo score").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import attrs

from castle_combo import pictures
from castle_combo.engine.abilities import fill_order
from castle_combo.engine.compiled import Compiled, compiled
from castle_combo.engine.counting import SHIELDS, Placed, tableau_totals
from castle_combo.engine.placement import GRID
from castle_combo.engine.table import CARDS_PER_PLAYER, Table
from castle_combo.errors import GameNotOver, ScenarioError
from castle_combo.files import MAX_NUMBER, quote
from castle_combo.language.model import FACE_DOWN_NAME, Card
from castle_combo.language.ruleset import Ruleset

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
    and ``stored`` the gold on each card after purse placement. ``wild`` is
    the shield type the player named for their wild shields (``None``
    without any). ``seat`` is the seat scored (``None`` for a tableau scored
    alone); its picture is titled with it.
    """

    total: int
    keys: int
    gold_left: int
    cards: Grid
    names: tuple[tuple[str | None, ...], ...] = attrs.field(default=((None,) * 3,) * 3, eq=False)
    stored: Grid = attrs.field(default=((0, 0, 0),) * 3, eq=False)
    wild: str | None = attrs.field(default=None, eq=False)
    seat: int | None = attrs.field(default=None, eq=False)

    def picture(self, name: str | None = None) -> str:
        """The sheet as a score pad picture (SVG) titled with ``name``, by default its seat ("seat 2")."""
        if name is None:
            name = f"seat {self.seat}" if self.seat is not None else "score sheet"
        return pictures.score_sheet(self.names, self.cards, self.total, self.keys, self.gold_left,
                                    title=name if name == "score sheet" else f"{name}: score sheet")

    def _repr_svg_(self) -> str:
        """The sheet as a score pad picture (Jupyter calls this to display a sheet)."""
        return self.picture()

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
    """Finished tableaux as counts read them (see :class:`castle_combo.engine.counting.Tableaux`), one per seat."""

    __slots__ = ("banners", "discarded", "gold", "keys", "shields", "tableaux")

    def __init__(
        self,
        tableaux: Sequence[tuple[Placed, ...]],
        keys: Sequence[int],
        gold: Sequence[int],
        shields: Sequence[Sequence[int]],
        banners: Sequence[Sequence[int]],
    ) -> None:
        self.tableaux = tableaux
        self.keys = keys
        self.gold = gold
        self.shields = shields
        self.banners = banners
        self.discarded: tuple[int, ...] = ()

    def discard_pile(self, deck: int) -> tuple[int, ...]:
        """Nothing: a scoring rule never counts a discard pile (validation refuses it)."""
        return ()

    def row(self, deck: int) -> tuple[int, ...]:
        """Nothing: a scoring rule never counts a location's row (validation refuses it)."""
        return ()


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


_R = TypeVar("_R")


def _rows(flat: list[_R]) -> tuple[tuple[_R, ...], tuple[_R, ...], tuple[_R, ...]]:
    """The three rows of a 3x3 grid given as a flat list (row by row)."""
    t = tuple(flat)
    return t[0:GRID], t[GRID : 2 * GRID], t[2 * GRID :]


def _sheet(engine: Compiled, table: _Table, seat: int, left: int, wild: str | None = None) -> ScoreSheet:
    """``seat``'s sheet in ``table`` (purses already filled, ``left`` gold left over).

    A scoring rule counts its owner's tableau; only a comparison with the
    neighbours reads another seat's, which is why the table holds them all.
    """
    cells = table.tableaux[seat]
    facts = engine.scoring_facts
    scorers = engine.scorers
    left_x = top_y = 0
    if cells:
        left_x = min([c.x for c in cells])
        top_y = min([c.y for c in cells])
    corner = (left_x, top_y)
    # The grid as flat lists of GRID * GRID cells, cut into rows at the end.
    points = [0] * (GRID * GRID)
    names: list[str | None] = [None] * (GRID * GRID)
    stored = [0] * (GRID * GRID)
    for i, cell in enumerate(cells):
        k = (cell.y - top_y) * GRID + cell.x - left_x
        if cell.face_down:
            names[k] = FACE_DOWN
            continue
        card = cell.card
        names[k] = facts[card].name
        stored[k] = cell.gold
        scorer = scorers[card]
        if scorer is not None:
            points[k] = scorer(table, seat, i, corner)
    cards = _rows(points)
    owned = table.keys[seat]
    for cell in cells:
        if cell.key:
            owned += 1
    return ScoreSheet(
        sum(points) + owned,
        owned,
        left,
        cards,  # type: ignore[arg-type]
        _rows(names),
        _rows(stored),  # type: ignore[arg-type]
        wild,
        seat,
    )


def _as_type(engine: Compiled, cells: tuple[Placed, ...], shield: int) -> tuple[Placed, ...]:
    """``cells`` with every face-up card's wild shields counted as shield type ``shield`` (stand-in ids)."""
    wild_as = engine.wild_as
    return tuple(
        Placed(wild_as[c.card][shield], c.x, c.y, c.face_down, c.gold, c.key)
        if not c.face_down and c.card in wild_as else c
        for c in cells
    )


def _has_wild(engine: Compiled, cells: tuple[Placed, ...]) -> bool:
    return bool(engine.wild_as) and any(not c.face_down and c.card in engine.wild_as for c in cells)


def _sheets(
    engine: Compiled,
    tableaux: Sequence[tuple[Placed, ...]],
    keys: Sequence[int],
    gold: Sequence[int],
    only: int | None = None,
    totals: Sequence[Totals | None] | None = None,
) -> tuple[ScoreSheet, ...]:
    """Every seat's sheet (or only seat ``only``'s, the others left out of the result).

    Each seat first puts its leftover gold on its purses. Then each seat
    with wild shields names the type that gives it the highest total (ties:
    the first type in the rulebook's order), counting the other seats' wild
    shields as no type while it chooses; the sheets are then counted with
    every seat's named type. ``totals`` are each seat's face-up shield and
    banner totals when known (a game state keeps them; filling purses does
    not change them).
    """
    known: list[Totals | None] = list(totals) if totals is not None else [None] * len(tableaux)
    seats = range(len(tableaux))
    placed = [_place_purses(engine, tableaux[s], gold[s]) if only is None or s == only or engine.reads_others
              else (tableaux[s], gold[s]) for s in seats]
    cells = [p[0] for p in placed]
    left = [p[1] for p in placed]
    named: dict[int, int] = {}
    for s in seats:
        if (only is None or s == only or engine.reads_others) and _has_wild(engine, cells[s]):
            totals_as = [_total_as(engine, cells, keys, left, s, t) for t in range(len(SHIELDS))]
            named[s] = totals_as.index(max(totals_as))
    for s, t in named.items():
        cells[s] = _as_type(engine, cells[s], t)
        known[s] = None
    table = _table(engine, cells, keys, left, known)
    wanted = seats if only is None else (only,)
    return tuple(
        _sheet(engine, table, s, placed[s][1], SHIELDS[named[s]].value if s in named else None) for s in wanted
    )


#: A seat's face-up shield totals per type and banner totals per deck.
Totals = tuple[Sequence[int], Sequence[int]]


def _table(
    engine: Compiled, cells: Sequence[tuple[Placed, ...]], keys: Sequence[int], gold: Sequence[int],
    known: Sequence[Totals | None],
) -> _Table:
    facts = engine.scoring_facts
    totals = [k if k is not None else tableau_totals(facts, c) for k, c in zip(known, cells, strict=True)]
    return _Table(cells, keys, gold, [t[0] for t in totals], [t[1] for t in totals])


def _total_as(engine: Compiled, cells: list[tuple[Placed, ...]], keys: Sequence[int], gold: Sequence[int], seat: int,
              t: int) -> int:
    """``seat``'s total with its wild shields counted as type ``t`` (the others' as no type)."""
    trial = list(cells)
    trial[seat] = _as_type(engine, cells[seat], t)
    return _sheet(engine, _table(engine, trial, keys, gold, [None] * len(trial)), seat, 0).total


def score_state(state: Table) -> tuple[ScoreSheet, ...]:
    """Score every seat of ``state`` as if the game ended now."""
    tableaux, keys, gold, totals = [], [], [], []
    for p in state.players:
        tableaux.append(p.tableau)
        keys.append(p.keys)
        gold.append(p.gold)
        totals.append((p.shields, p.banners))
    return _sheets(state.engine, tableaux, keys, gold, totals=totals)


def score_seat(state: Table, seat: int) -> ScoreSheet:
    """Score one seat of ``state`` as if the game ended now.

    In the base game a seat's score depends only on its own tableau, keys
    and gold (each scroll counts only its owner's tableau), so bots that
    compare many positions differing in one seat need not rescore the
    others; only a card comparing with the neighbours reads their tableaux.
    """
    players = state.players
    tableaux = [p.tableau for p in players]
    return _sheets(state.engine, tableaux, [p.keys for p in players], [p.gold for p in players], only=seat,
                   totals=[(p.shields, p.banners) for p in players])[0]


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
    neighbours: tuple[tuple[tuple[str, ...], ...], ...] = ()


def _nonneg(value: object, path: str) -> int:
    """A count of keys or gold: a whole number from 0 to :data:`~castle_combo.files.MAX_NUMBER`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_NUMBER:
        raise ScenarioError(f"{path}: expected a whole number from 0 to {MAX_NUMBER:,} (no game comes near it), "
                            f"got {quote(value)}")
    return value


def load_scenario(data: object) -> Scenario:
    """Read a score scenario (the format of ``castle-combo score``).

    :class:`ScenarioError` names the bad field's JSON path.
    """
    if not isinstance(data, Mapping):
        raise ScenarioError("$: expected an object {\"grid\": [[...], [...], [...]], \"keys\": k, \"gold\": g}")
    unknown = sorted(set(data) - {"grid", "keys", "gold", "purse_gold", "neighbours"})
    if unknown:
        raise ScenarioError(f"$.{unknown[0]}: unknown field; a scenario has grid, keys, gold, purse_gold "
                            "and neighbours")
    if "grid" not in data:
        raise ScenarioError("$.grid: missing; give the finished tableau as 3 rows of 3 card names")
    grid = _grid(data["grid"], "$.grid")
    purse = data.get("purse_gold", {})
    if not isinstance(purse, Mapping):
        raise ScenarioError("$.purse_gold: expected an object {\"card name\": gold, ...}")
    stored = tuple((str(name), _nonneg(v, f"$.purse_gold[{name!r}]")) for name, v in purse.items())
    near = data.get("neighbours", [])
    if isinstance(near, (str, bytes)) or not isinstance(near, Sequence) or len(near) > 2:
        raise ScenarioError("$.neighbours: expected a list of at most 2 grids (the players to the left and right)")
    grids = tuple(_grid(g, f"$.neighbours[{k}]") for k, g in enumerate(near))
    return Scenario(grid, _nonneg(data.get("keys", 0), "$.keys"), _nonneg(data.get("gold", 0), "$.gold"), stored,
                    grids)


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
    neighbours: Sequence[Sequence[Sequence[str | Card]]] = (),
) -> ScoreSheet:
    """Score one finished tableau: ``grid`` is 3 rows of 3 card names (or ``"face-down"``), top first.

    ``keys`` are the keys held, ``gold`` the leftover gold *before* purse
    placement, ``purse_gold`` gold already stored on purse cards by name.
    ``neighbours`` are the finished grids of the players to the left and to
    the right (one in a game of two), read only by a card that compares with
    its neighbours; without them such a card compares with one empty tableau.
    """
    rules = Ruleset.standard() if rules is None else rules
    engine = compiled(rules)
    keys = _nonneg(keys, "$.keys")
    gold = _nonneg(gold, "$.gold")
    if len(neighbours) > 2:
        raise ScenarioError(f"$.neighbours: a player has at most 2 neighbours, not {len(neighbours)}")
    where: dict[str, str] = {}
    cells = _cells(engine, _grid(grid, "$.grid"), "$.grid", where)
    others = [_cells(engine, _grid(g, f"$.neighbours[{k}]"), f"$.neighbours[{k}]", where)
              for k, g in enumerate(neighbours)] or [[]]
    for name, amount in dict(purse_gold or {}).items():
        path = f"$.purse_gold[{name!r}]"
        _nonneg(amount, path)
        if name not in where or not where[name].startswith("$.grid"):
            raise ScenarioError(f"{path}: {name} is not face up in the grid")
        card = engine.ids[name]
        capacity = engine.facts[card].purse
        if capacity is None:
            raise ScenarioError(f"{path}: {name} has no purse, so no gold can be stored on it")
        if amount > capacity:
            raise ScenarioError(f"{path}: {name}'s purse holds at most {capacity} gold, not {amount}")
        i = next(k for k, c in enumerate(cells) if c.card == card and not c.face_down)
        cells[i] = cells[i].replace(gold=amount)
    # Seat 0 is the scored player; with two neighbours they sit at seats 1 and 2, either side of it.
    tableaux = [tuple(cells)] + [tuple(o) for o in others]
    sheet = _sheets(engine, tableaux, [keys] + [0] * len(others), [gold] + [0] * len(others), only=0)[0]
    return attrs.evolve(sheet, seat=None)  # a tableau scored alone sits at no table


def _cells(engine: Compiled, names: tuple[tuple[str, ...], ...], path: str, where: dict[str, str]) -> list[Placed]:
    """A scenario grid as tableau cells; ``where`` remembers each card's path, since every card exists once."""
    cells: list[Placed] = []
    for y, row in enumerate(names):
        for x, name in enumerate(row):
            at = f"{path}[{y}][{x}]"
            if name == FACE_DOWN:
                cells.append(Placed(0, x, y, True))
                continue
            card = engine.ids.get(name)
            if card is None:
                raise ScenarioError(f"{at}: {engine.unknown(name)} (write \"face-down\" for a face-down card)")
            if name in where:
                raise ScenarioError(f"{at}: {name} is already at {where[name]}; every card exists once")
            where[name] = at
            cells.append(Placed(card, x, y, False, 0))
    return cells


def score_scenario(data: object, rules: Ruleset | None = None) -> ScoreSheet:
    """Load a scenario (:func:`load_scenario`) and score it."""
    scenario = load_scenario(data)
    return score_tableau(scenario.grid, scenario.keys, scenario.gold, dict(scenario.purse_gold), rules,
                         scenario.neighbours)
