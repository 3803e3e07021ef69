"""End-game scoring: purse placement, per-card score sheets, winners.

The rules page, "End of game and scoring":

1. each player moves leftover gold onto their face-up purse cards, as much
   as fits, placed for the owner's best total: the cards whose gold is worth
   most first (each gold on a card scoring "N per gold on this card" is worth
   N), in reading order (top row first, left to right) among cards of equal
   worth; when the owner's cards read stored gold any other way ("gold on
   village cards", "card holding gold", a bound), every placement is tried
   (:func:`best_placement`);
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

import operator
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

import attrs

from castle_combo import pictures
from castle_combo.engine.abilities import fill_order
from castle_combo.engine.compiled import Compiled, compiled
from castle_combo.engine.counting import FROM_RESERVE_FACE_DOWN, FROM_RESERVE_FACE_UP, SHIELDS, Placed, tableau_totals
from castle_combo.engine.foresight import after_end_of_game_effects
from castle_combo.engine.placement import GRID
from castle_combo.engine.table import CARDS_PER_PLAYER, Location, Phase, PlayerState, Table, new, recounted, seat_of
from castle_combo.errors import GameNotOver, ScenarioError
from castle_combo.files import MAX_NUMBER, quote
from castle_combo.language.model import (
    FACE_DOWN_NAME,
    Card,
    Deck,
    DiscardFromRow,
    DiscardWholeRow,
    GoldOnThisCard,
    HoldsGold,
    Per,
    Scope,
    ScoreAsAdjacent,
    ScorePer,
    StoredGold,
    TurnFaceUp,
    walk,
)
from castle_combo.language.model.effects import asks
from castle_combo.language.ruleset import Ruleset

__all__ = [
    "FACE_DOWN",
    "Result",
    "MAX_OPPONENTS",
    "Scenario",
    "ScenarioSeat",
    "ScoreSheet",
    "PLACEMENTS_TRIED",
    "PurseValues",
    "best_placement",
    "final_scores",
    "load_scenario",
    "purse_values",
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

    __slots__ = ("banners", "discarded", "gold", "keys", "messenger", "reserved", "shields", "tableaux")

    def __init__(
        self,
        tableaux: Sequence[tuple[Placed, ...]],
        keys: Sequence[int],
        gold: Sequence[int],
        shields: Sequence[Sequence[int]],
        banners: Sequence[Sequence[int]],
        messenger: int | None = None,
        reserved: Sequence[tuple[int, ...]] | None = None,
    ) -> None:
        self.tableaux = tableaux
        self.messenger = messenger  # where the messenger stands at the end (0 castle, 1 village); None: unknown
        self.keys = keys
        self.gold = gold
        self.shields = shields
        self.banners = banners
        self.discarded: tuple[int, ...] = ()
        #: Per seat, its reserve as it stood when the last turn ended, before the reserved cards never taken were
        #: discarded (the rules page, "A reserved card"): none unless said.
        self.reserved: Sequence[tuple[int, ...]] = reserved if reserved is not None else ((),) * len(tableaux)

    def discard_pile(self, deck: int) -> tuple[int, ...]:
        """Nothing: a scoring rule never counts a discard pile (validation refuses it)."""
        return ()

    def row(self, deck: int) -> tuple[int, ...]:
        """Nothing: a scoring rule never counts a location's row (validation refuses it)."""
        return ()

    def deck_size(self, deck: int) -> int:
        """Nothing: a scoring rule never counts a deck (validation refuses it)."""
        return 0


#: Where a count of gold on all of a player's purses is taken and the total, not the placement, matters.
_WHOLE_TABLEAUX = frozenset({Scope.TABLEAU, Scope.THEIRS, Scope.EVERY_TABLEAU, Scope.OPPONENTS, Scope.NEIGHBOUR,
                             Scope.NEIGHBOURS, Scope.LEFT_NEIGHBOUR, Scope.RIGHT_NEIGHBOUR})
#: How many placements of the leftover gold :func:`best_placement` tries one by one; beyond, it improves the
#: best found one gold at a time.
PLACEMENTS_TRIED = 20_000


@attrs.frozen
class PurseValues:
    """What stored gold is worth to the scoring rules of a ruleset's cards, by card id.

    ``worth[c]`` is the points one gold stored on card ``c`` gives its owner
    through rules "score N per gold on this card" (N each; 0 without one).
    ``readers`` are the cards with a rule that reads stored gold in any other
    way that depends on where the gold lies (gold on some cards only, cards
    holding gold, a bound or a condition on the gold of this card, a copy of
    another card's rule); gold counted on all of a player's purses together
    is worth the same wherever it is stored, so it makes no reader.
    """

    worth: tuple[int, ...]
    readers: frozenset[int]
    #: Whether every purse card of the ruleset is worth the same per gold (then reading order is the best).
    uniform: bool = True


def _linear_worth(rule: object) -> int | None:
    """N for the rule "score N per gold on this card" (no bound, every gold): each gold on the card is worth N."""
    if type(rule) is ScorePer and rule.up_to is None and rule.at_least is None and rule.condition is None \
            and rule.times is None and rule.per.every == 1 \
            and type(rule.per.count) is GoldOnThisCard:
        return rule.points
    return None


def _reads_placement(node: object) -> bool:
    """Whether ``node`` reads stored gold in a way that depends on which cards hold it."""
    if isinstance(node, (GoldOnThisCard, HoldsGold)):
        return True
    return isinstance(node, Per) and isinstance(node.count, StoredGold) and (
        node.count.on is not None or node.scope not in _WHOLE_TABLEAUX)


class _Known(NamedTuple):
    """What scoring reads of one compiled ruleset at every score, worked out once (:func:`_known`)."""

    engine: Compiled
    #: :func:`purse_values` of the ruleset.
    values: PurseValues
    #: Per scoring card id (wild stand-ins included), its name, as a score sheet writes it.
    names: tuple[str, ...]


#: What scoring reads of the rulesets met lately, by the compiled ruleset's identity (a cache: scoring asks for it
#: at every score, so a dictionary lookup, not even a cached function's call).
_KNOWN: dict[int, _Known] = {}


def _known(engine: Compiled) -> _Known:
    """What scoring reads of ``engine`` (worked out once per ruleset)."""
    known = _KNOWN.get(id(engine))
    if known is not None and known.engine is engine:
        return known
    if len(_KNOWN) >= 32:
        _KNOWN.clear()
    known = _Known(engine, _purse_values(engine), tuple(f.name for f in engine.scoring_facts))
    _KNOWN[id(engine)] = known
    return known


def purse_values(engine: Compiled) -> PurseValues:
    """The :class:`PurseValues` of a compiled ruleset (worked out once per ruleset)."""
    return _known(engine).values


def _purse_values(engine: Compiled) -> PurseValues:
    worth: list[int] = []
    readers: set[int] = set()
    any_reader = False
    copiers: list[int] = []
    for card_id, card in enumerate(engine.cards):
        total = 0
        for rule in card.scoring:
            linear = _linear_worth(rule)
            if linear is not None:
                total += linear
                any_reader = True
                continue
            for node in walk(rule):
                if type(node) is ScoreAsAdjacent:
                    copiers.append(card_id)
                elif _reads_placement(node):
                    readers.add(card_id)
        worth.append(total if card.purse is not None else 0)
    if readers or any_reader:
        readers.update(copiers)  # a copy of "N per gold on this card" reads this card's gold: try every way
    uniform = len({worth[i] for i, card in enumerate(engine.cards) if card.purse is not None}) <= 1
    return PurseValues(tuple(worth), frozenset(readers), uniform)


def _place_purses(engine: Compiled, cells: tuple[Placed, ...], gold: int,
                  values: PurseValues | None = None) -> tuple[tuple[Placed, ...], int]:
    """Move ``gold`` onto the face-up purse cards, as much as fits; return the tableau and gold left.

    The cards whose stored gold is worth most fill first (:class:`PurseValues`),
    in reading order among cards of equal worth: with the standard cards,
    where every purse card scores 2 per gold on it, that is reading order.
    """
    if gold <= 0:
        return cells, gold
    return _fill_purses(_known(engine), cells, gold, values)


def _fill_purses(known: _Known, cells: tuple[Placed, ...], gold: int,
                 values: PurseValues | None = None) -> tuple[tuple[Placed, ...], int]:
    """:func:`_place_purses` with what scoring knows of the ruleset at hand, and some ``gold`` to place."""
    facts = known.engine.facts
    order = fill_order(cells, facts)  # most tableaux hold no face-up purse card, or one
    if not order:
        return cells, gold
    if len(order) > 1:
        values = known.values if values is None else values
        if not values.uniform:
            worth = values.worth
            order.sort(key=lambda i: -worth[cells[i][0]])  # stable: reading order among equals
    out = list(cells)
    for i in order:
        cell = out[i]
        put = (facts[cell[0]].purse or 0) - cell[_GOLD]
        if put > 0:
            if put > gold:
                put = gold
            out[i] = new(Placed, cell[:_GOLD] + (cell[_GOLD] + put,) + cell[_GOLD + 1:])
            gold -= put
            if gold <= 0:
                break
    return tuple(out), gold


def _searched(engine: Compiled, cells: tuple[Placed, ...]) -> bool:
    """Whether a face-up card of ``cells`` reads stored gold so that only trying every placement finds the best."""
    readers = purse_values(engine).readers
    return bool(readers) and any(not c.face_down and c.card in readers for c in cells)


def _placements(rooms: Sequence[int], amount: int) -> Iterator[tuple[int, ...]]:
    """Every way to put ``amount`` gold on cards with those rooms, the most on the first cards first."""
    if not rooms:
        if amount == 0:
            yield ()
        return
    rest = sum(rooms[1:])
    for put in range(min(rooms[0], amount), max(0, amount - rest) - 1, -1):
        for tail in _placements(rooms[1:], amount - put):
            yield (put, *tail)


def best_placement(engine: Compiled, before: Sequence[tuple[Placed, ...]], placed: Sequence[tuple[Placed, ...]],
                   keys: Sequence[int], left: Sequence[int], seat: int,
                   messenger: int | None = None,
                   reserved: Sequence[tuple[int, ...]] | None = None) -> tuple[Placed, ...]:
    """``seat``'s tableau with the gold it stores at the end placed for its best total.

    ``before`` are the tableaux before the end-of-game purse filling,
    ``placed`` after it (by :func:`_place_purses`); the amount stored stays
    the same, only where it lies changes. Every placement is tried, the
    other seats' purses as ``placed``, the seat's wild shields named for each
    as scoring names them; the best total wins, and among equal totals the
    one with the most gold on the first purse cards in reading order (the
    reading-order filling when it is among the best). Beyond
    :data:`PLACEMENTS_TRIED` placements, the best found is improved by
    moving one gold at a time while that raises the total.
    """
    cells = before[seat]
    purses = fill_order(cells, engine.facts)
    rooms = [(engine.facts[cells[i].card].purse or 0) - cells[i].gold for i in purses]
    amount = sum(c.gold for c in placed[seat]) - sum(c.gold for c in cells)
    if amount <= 0 or amount == sum(rooms) or sum(1 for room in rooms if room > 0) < 2:
        return placed[seat]  # nothing to choose: no gold, every purse full, or one purse with room

    trial = list(placed)

    def total(puts: Sequence[int]) -> int:
        out = list(cells)
        for i, put in zip(purses, puts, strict=True):
            if put:
                c = out[i]
                out[i] = Placed(c.card, c.x, c.y, c.face_down, c.gold + put, c.key, c.points, c.keys, c.shield,
                                c.from_reserve)
        trial[seat] = tuple(out)
        return _seat_total(engine, trial, keys, left, seat, messenger, reserved)

    best: tuple[int, ...] | None = None
    best_total = 0
    tried = 0
    for puts in _placements(rooms, amount):
        tried += 1
        if tried > PLACEMENTS_TRIED:
            break
        value = total(puts)
        if best is None or value > best_total:
            best, best_total = puts, value
    assert best is not None
    if tried > PLACEMENTS_TRIED:
        best, best_total = _improved(best, best_total, rooms, total)
    total(best)
    return trial[seat]


def _improved(puts: tuple[int, ...], value: int, rooms: Sequence[int],
              total: Any) -> tuple[tuple[int, ...], int]:
    """``puts`` improved one gold at a time (from one card to another) while that raises the total."""
    better = True
    while better:
        better = False
        for source in range(len(puts)):
            for target in range(len(puts)):
                if source == target or puts[source] == 0 or puts[target] >= rooms[target]:
                    continue
                moved = list(puts)
                moved[source] -= 1
                moved[target] += 1
                candidate = total(moved)
                if candidate > value:
                    puts, value, better = tuple(moved), candidate, True
    return puts, value


def _seat_total(engine: Compiled, cells: Sequence[tuple[Placed, ...]], keys: Sequence[int], left: Sequence[int],
                seat: int, messenger: int | None = None, reserved: Sequence[tuple[int, ...]] | None = None) -> int:
    """``seat``'s total with these tableaux, its wild shields named as scoring names them (the others' as none)."""
    tableaux = list(cells)
    if _has_wild(engine, tableaux[seat]):
        return max(_total_as(engine, tableaux, keys, left, seat, t, messenger, reserved) for t in range(len(SHIELDS)))
    return _sheet(engine, _table(engine, tableaux, keys, left, None, messenger, reserved), seat, 0).total


_R = TypeVar("_R")

#: A placed card's position and key, read in C (see :func:`_sheet`).
_X = operator.itemgetter(Placed._fields.index("x"))
_Y = operator.itemgetter(Placed._fields.index("y"))
_KEY = operator.itemgetter(Placed._fields.index("key"))
#: Where a placed card keeps its stored gold (a card is rebuilt around it, see :func:`_place_purses`).
_GOLD = Placed._fields.index("gold")


def _rows(flat: list[_R]) -> tuple[tuple[_R, ...], tuple[_R, ...], tuple[_R, ...]]:
    """The three rows of a 3x3 grid given as a flat list (row by row)."""
    a, b, c, d, e, f, g, h, i = flat  # GRID * GRID cells, in one unpacking (no slices, no tuple of the whole)
    return (a, b, c), (d, e, f), (g, h, i)


def _sheet(engine: Compiled, table: _Table, seat: int, left: int, wild: str | None = None,
           names_of: tuple[str, ...] | None = None) -> ScoreSheet:
    """``seat``'s sheet in ``table`` (purses already filled, ``left`` gold left over).

    A scoring rule counts its owner's tableau; only a comparison with the
    neighbours reads another seat's, which is why the table holds them all.
    ``names_of`` are the card names (:class:`_Known`), when the caller has them at hand.
    """
    cells = table.tableaux[seat]
    if names_of is None:
        names_of = _known(engine).names
    scorers = engine.scorers
    left_x = top_y = 0
    if cells:  # read in C (a field read by name costs as much as the rest of a comprehension's step)
        left_x = min(map(_X, cells))
        top_y = min(map(_Y, cells))
    corner = (left_x, top_y)
    first = top_y * GRID + left_x  # a card's cell in the flat grid is y * GRID + x - first
    # The grid as flat lists of GRID * GRID cells, cut into rows at the end.
    points = [0] * (GRID * GRID)
    names: list[str | None] = [None] * (GRID * GRID)
    stored = [0] * (GRID * GRID)
    owned = table.keys[seat]  # and a key on each lock card still locked
    # Each cell's fields read by index: a placed card is a named tuple, which unpacking walks with an iterator
    # (a plain tuple is unpacked in one step), and half the cards are face down, whose other fields are not read.
    for i, cell in enumerate(cells):
        k = cell[2] * GRID + cell[1] - first  # (x, y)
        if cell[3]:  # face down
            names[k] = FACE_DOWN
            continue
        card = cell[0]
        if cell[5]:  # a key waiting on a lock card
            owned += 1
        names[k] = names_of[card]
        stored[k] = cell[4]  # gold
        scorer = scorers[card]
        # The card's rule, and the points its effects kept on it ("gain 3 points").
        points[k] = (scorer(table, seat, i, corner) + cell[6]) if scorer is not None else cell[6]
    return _new_sheet(sum(points) + owned, owned, left, _rows(points), _rows(names), _rows(stored), wild, seat)


def _sheet_builder() -> Callable[..., ScoreSheet]:
    """A builder of :class:`ScoreSheet` that writes its slots directly (a fifth cheaper than the frozen class's
    ``__init__``, which writes each field through ``object.__setattr__`` by name). Every field is given, in order;
    a test compares its sheets with those of the class's own ``__init__``."""
    setters = tuple(ScoreSheet.__dict__[field.name].__set__ for field in attrs.fields(ScoreSheet))
    s_total, s_keys, s_gold, s_cards, s_names, s_stored, s_wild, s_seat = setters
    blank = object.__new__

    def build(total: int, keys: int, gold_left: int, cards: Grid, names: tuple[tuple[str | None, ...], ...],
              stored: Grid, wild: str | None, seat: int | None) -> ScoreSheet:
        sheet = blank(ScoreSheet)
        s_total(sheet, total)
        s_keys(sheet, keys)
        s_gold(sheet, gold_left)
        s_cards(sheet, cards)
        s_names(sheet, names)
        s_stored(sheet, stored)
        s_wild(sheet, wild)
        s_seat(sheet, seat)
        return sheet

    return build


_new_sheet = _sheet_builder()


def _as_type(engine: Compiled, cells: tuple[Placed, ...], shield: int) -> tuple[Placed, ...]:
    """``cells`` with every face-up card's wild shields counted as shield type ``shield`` (stand-in ids)."""
    wild_as = engine.wild_as
    return tuple(
        Placed(wild_as[c.card][shield], c.x, c.y, c.face_down, c.gold, c.key, c.points, c.keys, c.shield,
               c.from_reserve)
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
    messenger: int | None = None,
    reserved: Sequence[tuple[int, ...]] | None = None,
) -> tuple[ScoreSheet, ...]:
    """Every seat's sheet (or only seat ``only``'s, the others left out of the result).

    Each seat first puts its leftover gold on its purses. Then each seat
    with wild shields names the type that gives it the highest total (ties:
    the first type in the rulebook's order), counting the other seats' wild
    shields as no type while it chooses; the sheets are then counted with
    every seat's named type. ``totals`` are each seat's face-up shield and
    banner totals when known (a game state keeps them; filling purses does
    not change them). ``messenger`` is where the messenger stands (0 castle, 1 village; ``None`` when no
    game says, as in a score scenario, which refuses the cards that read it); ``reserved`` each seat's reserve
    as it stood when the last turn ended (none when not given).
    """
    seats = range(len(tableaux))
    read = _known(engine)
    values = read.values
    # The seats scored, and those whose score theirs reads (every seat, when a card compares with the others).
    scored = seats if only is None or engine.reads_others else (only,)
    cells = list(tableaux)
    left = list(gold)
    for s in scored:
        if left[s] > 0:  # (no gold, nothing to place)
            cells[s], left[s] = _fill_purses(read, cells[s], left[s])
    if values.readers:
        # A seat whose cards read stored gold otherwise tries every placement for its own total, the
        # others' purses as filled above (filling purses changes no shield or banner total).
        searched = [s for s in scored if left[s] < gold[s] and _searched(engine, tableaux[s])]
        chosen = {s: best_placement(engine, tableaux, cells, keys, left, s, messenger, reserved) for s in searched}
        for s, tableau in chosen.items():
            cells[s] = tableau
    named: dict[int, int] = {}
    if engine.wild_as:
        for s in scored:
            if _has_wild(engine, cells[s]):
                totals_as = [_total_as(engine, cells, keys, left, s, t, messenger, reserved)
                             for t in range(len(SHIELDS))]
                named[s] = totals_as.index(max(totals_as))
    if named:
        known: list[Totals | None] = list(totals) if totals is not None else [None] * len(tableaux)
        for s, t in named.items():
            cells[s] = _as_type(engine, cells[s], t)
            known[s] = None
        totals = known
    table = _table(engine, cells, keys, left, totals, messenger, reserved)
    names_of = read.names
    if only is not None:
        return (_sheet(engine, table, only, left[only], SHIELDS[named[only]].value if only in named else None,
                       names_of),)
    return tuple([_sheet(engine, table, s, left[s], SHIELDS[named[s]].value if s in named else None, names_of)
                  for s in seats])


#: A seat's face-up shield totals per type and banner totals per deck.
Totals = tuple[Sequence[int], Sequence[int]]


def _table(
    engine: Compiled, cells: Sequence[tuple[Placed, ...]], keys: Sequence[int], gold: Sequence[int],
    known: Sequence[Totals | None] | None, messenger: int | None = None,
    reserved: Sequence[tuple[int, ...]] | None = None,
) -> _Table:
    """The finished table counts read; ``known`` are the seats' totals when known (``None``: none known)."""
    facts = engine.scoring_facts
    totals: Sequence[Totals]
    if known is None:
        totals = [tableau_totals(facts, c) for c in cells]
    elif None in known:
        totals = [k if k is not None else tableau_totals(facts, c) for k, c in zip(known, cells, strict=True)]
    else:  # a game state keeps them all
        totals = known  # type: ignore[assignment]
    shields, banners = zip(*totals, strict=True) if totals else ((), ())  # each seat's pair split in C
    return _Table(cells, keys, gold, shields, banners, messenger, reserved)


def _total_as(engine: Compiled, cells: list[tuple[Placed, ...]], keys: Sequence[int], gold: Sequence[int], seat: int,
              t: int, messenger: int | None = None, reserved: Sequence[tuple[int, ...]] | None = None) -> int:
    """``seat``'s total with its wild shields counted as type ``t`` (the others' as no type)."""
    trial = list(cells)
    trial[seat] = _as_type(engine, cells[seat], t)
    return _sheet(engine, _table(engine, trial, keys, gold, None, messenger, reserved), seat, 0).total


def _messenger(state: Table) -> int:
    """Where the messenger stands (0 castle, 1 village), as a compiled count reads it."""
    return 0 if state.messenger is Deck.CASTLE else 1


def _reserves(state: Table) -> list[tuple[int, ...]]:
    """Each seat's reserve as a scoring rule reads it: the one held now (it would be held when the game ended
    now), or, once the last turn has ended, the one held then, before its discard (``Table.reserved_at_end``)."""
    at_end = state.reserved_at_end
    # (PlayerState.reserved is in the seat's Waiting)
    return [p[8][3] or (at_end[s] if at_end else ()) for s, p in enumerate(state.seats)]


def score_state(state: Table) -> tuple[ScoreSheet, ...]:
    """Score every seat of ``state`` as if the game ended now."""
    tableaux, keys, gold, totals = [], [], [], []
    for p_gold, p_keys, p_tableau, _, p_shields, p_banners, _, _, _ in state.seats:  # the seats' fields, in order
        tableaux.append(p_tableau)
        keys.append(p_keys)
        gold.append(p_gold)
        totals.append((p_shields, p_banners))
    return _sheets(state.engine, tableaux, keys, gold, totals=totals, messenger=_messenger(state),
                   reserved=_reserves(state) if state.engine.has_reserve else None)


def score_seat(state: Table, seat: int) -> ScoreSheet:
    """Score one seat of ``state`` as if the game ended now.

    In the base game a seat's score depends only on its own tableau, keys
    and gold (each scroll counts only its owner's tableau), so bots that
    compare many positions differing in one seat need not rescore the
    others; only a card comparing with the neighbours reads their tableaux.
    """
    seats = state.seats  # the seats' fields, in PlayerState's order
    return _sheets(state.engine, [p[2] for p in seats], [p[1] for p in seats], [p[0] for p in seats], only=seat,
                   totals=[(p[4], p[5]) for p in seats], messenger=_messenger(state),
                   reserved=_reserves(state) if state.engine.has_reserve else None)[0]


def final_scores(state: Table) -> tuple[ScoreSheet, ...]:
    """The final score sheets; :class:`GameNotOver` if the game has not ended."""
    if not state.is_over:
        left = CARDS_PER_PLAYER * len(state.seats) - state.taken
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
class ScenarioSeat:
    """Another player of a score scenario: their finished grid, keys, leftover gold and gold already on purses.

    The same quantities as the scored player's, so every count a card reads
    of another player (a comparison, "in your opponents' tableaux", "per
    opponent with more gold than you", an end-of-game effect that takes from
    them) reads what the scenario says.
    """

    grid: tuple[tuple[str, ...], ...]
    keys: int = 0
    gold: int = 0
    purse_gold: tuple[tuple[str, int], ...] = ()
    chosen: tuple[tuple[str, str], ...] = ()
    points: tuple[tuple[str, int], ...] = ()
    reserved: str | None = None
    from_reserve: str | None = None


@attrs.frozen
class Scenario:
    """One finished tableau to score: card names (or ``"face-down"``) top row first, and supplies.

    ``neighbours`` are the grids of the players to the left and right (the
    older, shorter form); ``opponents`` every other player with their
    supplies, in turn order from the player to the left (the last is the
    player to the right). ``first_player`` is the seat that resolves its
    end-of-game effects first: 0 is the scored player, 1 the first of the
    others. ``messenger`` is where the messenger stands at the end (``"castle"`` or ``"village"``), for the cards
    that read it; ``None`` when the scenario does not say. ``chosen`` names the type of a card's chosen shield
    (``shields chosen``: its owner named it when buying it; a card not named has a shield of no type), and
    ``points`` the points kept on a card (``gain 3 points``), both by card name; another player has them too.
    ``reserved`` names the card the player still held reserved when the last turn ended (``reserve a card from
    either row``, never taken; it is then discarded), which a scoring rule may read (``score 4 if you have no
    reserved card``); ``None``: no reserved card. Another player has one too. ``from_reserve`` names the card
    of the grid the player took from their reserve face up (``score 3 if you took your reserved card face
    up``), or is ``"face-down"`` for a face-down card of the grid taken from it face down; ``None``: none.
    """

    grid: tuple[tuple[str, ...], ...]
    keys: int = 0
    gold: int = 0
    purse_gold: tuple[tuple[str, int], ...] = ()
    neighbours: tuple[tuple[tuple[str, ...], ...], ...] = ()
    opponents: tuple[ScenarioSeat, ...] = ()
    first_player: int = 0
    messenger: str | None = None
    chosen: tuple[tuple[str, str], ...] = ()
    points: tuple[tuple[str, int], ...] = ()
    reserved: str | None = None
    from_reserve: str | None = None


#: The fields of a score scenario, and of another player in it.
_SCENARIO_FIELDS = ("grid", "keys", "gold", "purse_gold", "chosen", "points", "reserved", "from_reserve",
                    "neighbours", "opponents", "first_player", "messenger")
_SEAT_FIELDS = ("grid", "keys", "gold", "purse_gold", "chosen", "points", "reserved", "from_reserve")
#: The most other players a scenario may have (a game has 2 to 5 players).
MAX_OPPONENTS = 4


def _nonneg(value: object, path: str) -> int:
    """A count of keys or gold: a whole number from 0 to :data:`~castle_combo.files.MAX_NUMBER`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_NUMBER:
        raise ScenarioError(f"{path}: expected a whole number from 0 to {MAX_NUMBER:,} (no game comes near it), "
                            f"got {quote(value)}")
    return value


def _chosen(value: object, path: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, Mapping):
        raise ScenarioError(f"{path}: expected an object {{\"card name\": \"faith\", ...}}")
    types = [shield.value for shield in SHIELDS]
    for name, v in value.items():
        if v not in types:
            raise ScenarioError(f"{path}[{quote(name)}]: expected a shield type ({', '.join(types)}), got {quote(v)}")
    return tuple((str(name), str(v)) for name, v in value.items())


def _points(value: object, path: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, Mapping):
        raise ScenarioError(f"{path}: expected an object {{\"card name\": points, ...}}")
    out = []
    for name, v in value.items():
        if isinstance(v, bool) or not isinstance(v, int) or not -MAX_NUMBER <= v <= MAX_NUMBER:
            raise ScenarioError(f"{path}[{quote(name)}]: expected a whole number of points (negative for points "
                                f"lost), got {quote(v)}")
        out.append((str(name), v))
    return tuple(out)


def _reserved(value: object, path: str) -> str | None:
    """The card a player still held reserved when the last turn ended: a card name, or null for none."""
    if value is not None and not isinstance(value, str):
        raise ScenarioError(f"{path}: expected the name of the card still reserved when the game ended (or null "
                            f"for none), got {quote(value)}")
    return value


def _from_reserve(value: object, path: str) -> str | None:
    """The card of the grid a player took from their reserve: a card name (taken face up), "face-down" (a
    face-down card, taken face down), or null for none."""
    if value is not None and not isinstance(value, str):
        raise ScenarioError(f"{path}: expected the name of the card of the grid taken face up from the reserve, "
                            f"\"{FACE_DOWN}\" for a face-down card taken from it, or null for none; got "
                            f"{quote(value)}")
    return value


def _purse_gold(value: object, path: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, Mapping):
        raise ScenarioError(f"{path}: expected an object {{\"card name\": gold, ...}}")
    return tuple((str(name), _nonneg(v, f"{path}[{quote(name)}]")) for name, v in value.items())


def _seat(value: object, path: str) -> ScenarioSeat:
    """Another player: an object with a grid and supplies, or a bare grid."""
    if not isinstance(value, Mapping):
        return ScenarioSeat(_grid(value, path))
    unknown = sorted(set(value) - set(_SEAT_FIELDS))
    if unknown:
        raise ScenarioError(f"{path}.{unknown[0]}: unknown field; another player has {', '.join(_SEAT_FIELDS[:-1])} "
                            f"and {_SEAT_FIELDS[-1]}")
    if "grid" not in value:
        raise ScenarioError(f"{path}.grid: missing; give the player's finished tableau as 3 rows of 3 card names")
    return ScenarioSeat(_grid(value["grid"], f"{path}.grid"), _nonneg(value.get("keys", 0), f"{path}.keys"),
                        _nonneg(value.get("gold", 0), f"{path}.gold"),
                        _purse_gold(value.get("purse_gold", {}), f"{path}.purse_gold"),
                        _chosen(value.get("chosen", {}), f"{path}.chosen"), _points(value.get("points", {}),
                                                                                   f"{path}.points"),
                        _reserved(value.get("reserved"), f"{path}.reserved"),
                        _from_reserve(value.get("from_reserve"), f"{path}.from_reserve"))


def _seats(value: object, path: str, most: int, what: str) -> list[object]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) > most:
        raise ScenarioError(f"{path}: expected a list of at most {most} {what}")
    return list(value)


def load_scenario(data: object) -> Scenario:
    """Read a score scenario (the format of ``castle-combo score``).

    :class:`ScenarioError` names the bad field's JSON path.
    """
    if not isinstance(data, Mapping):
        raise ScenarioError("$: expected an object {\"grid\": [[...], [...], [...]], \"keys\": k, \"gold\": g}")
    unknown = sorted(set(data) - set(_SCENARIO_FIELDS))
    if unknown:
        raise ScenarioError(f"$.{unknown[0]}: unknown field; a scenario has {', '.join(_SCENARIO_FIELDS[:-1])} "
                            f"and {_SCENARIO_FIELDS[-1]}")
    if "grid" not in data:
        raise ScenarioError("$.grid: missing; give the finished tableau as 3 rows of 3 card names")
    grid = _grid(data["grid"], "$.grid")
    stored = _purse_gold(data.get("purse_gold", {}), "$.purse_gold")
    if "neighbours" in data and "opponents" in data:
        raise ScenarioError("$.opponents: give either neighbours (the players to the left and right) or opponents "
                            "(every other player), not both")
    near = _seats(data.get("neighbours", []), "$.neighbours", 2,
                  "players (the players to the left and right: grids, or objects with a grid, keys and gold)")
    grids: tuple[tuple[tuple[str, ...], ...], ...] = ()
    opponents: tuple[ScenarioSeat, ...] = ()
    if any(isinstance(entry, Mapping) for entry in near):
        opponents = tuple(_seat(entry, f"$.neighbours[{k}]") for k, entry in enumerate(near))
    else:
        grids = tuple(_grid(g, f"$.neighbours[{k}]") for k, g in enumerate(near))
    if "opponents" in data:
        others = _seats(data["opponents"], "$.opponents", MAX_OPPONENTS,
                        "players (every other player, in turn order from your left)")
        opponents = tuple(_seat(entry, f"$.opponents[{k}]") for k, entry in enumerate(others))
    players = 1 + max(len(opponents) or len(grids), 1)
    first = data.get("first_player", 0)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise ScenarioError(f"$.first_player: expected a seat from 0 (the scored player) to {players - 1}, "
                            f"got {quote(first)}")
    messenger = data.get("messenger")
    if messenger is not None and messenger not in ("castle", "village"):
        raise ScenarioError(f"$.messenger: expected \"castle\" or \"village\", got {quote(messenger)}")
    return Scenario(grid, _nonneg(data.get("keys", 0), "$.keys"), _nonneg(data.get("gold", 0), "$.gold"), stored,
                    grids, opponents, first, messenger, _chosen(data.get("chosen", {}), "$.chosen"),
                    _points(data.get("points", {}), "$.points"), _reserved(data.get("reserved"), "$.reserved"),
                    _from_reserve(data.get("from_reserve"), "$.from_reserve"))


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
                raise ScenarioError(f"{path}[{y}][{x}]: expected a card name or \"face-down\", got {quote(entry)}")
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
    *,
    opponents: Sequence[ScenarioSeat | Mapping[str, Any] | Sequence[Sequence[str | Card]]] = (),
    first_player: int = 0,
    messenger: Deck | str | None = None,
    chosen: Mapping[str, str] | None = None,
    points: Mapping[str, int] | None = None,
    reserved: str | Card | None = None,
    from_reserve: str | Card | None = None,
) -> ScoreSheet:
    """Score one finished tableau: ``grid`` is 3 rows of 3 card names (or ``"face-down"``), top first.

    ``keys`` are the keys held, ``gold`` the leftover gold *before* purse
    placement, ``purse_gold`` gold already stored on purse cards by name.
    ``neighbours`` are the finished grids of the players to the left and to
    the right (one in a game of two), with no gold and no keys; or give
    ``opponents``: every other player (a :class:`ScenarioSeat`, or a mapping
    with ``grid``, ``keys``, ``gold`` and ``purse_gold`` as in the scenario
    format, or a bare grid), in turn order from the player to the left.
    Without either, the table has one other player with an empty tableau.

    The game's end is played as the rules say: first every player's
    "at the end of the game" effects, seat by seat from ``first_player`` (0
    is the scored player), each seat's cards in reading order (a grid does
    not say the order they were taken in), by the rules' own trigger code
    (:func:`castle_combo.engine.foresight.after_end_of_game_effects`); then
    the purse filling and the score. A scenario whose end-of-game effects
    need what it does not hold (the rows and discard piles, which face-down
    card is which, a player to answer a question) is refused with a :class:`ScenarioError` saying why.
    ``messenger`` is where the messenger stands at the end (``"castle"`` or ``"village"``), which a scoring rule
    may read (``score 4 if the messenger is at the village``); without it such a card is refused.
    As in a game, every card exists once: a card named twice, in one grid or in two players', is refused.
    ``chosen`` names the type of a card's chosen shield by card name (``{"Masked Stranger": "faith"}``; a card
    with a chosen shield not named has a shield of no type, as one turned face up after being taken face
    down), and ``points`` the points kept on a card (``{"Patron": 4}``, negative for points lost); an
    opponent's are in their :class:`ScenarioSeat`. ``reserved`` is the card the player still held reserved when
    the last turn ended (then discarded), which a scoring rule may read (``score 4 if you have no reserved
    card``); ``None``, no reserved card (an opponent's is in their :class:`ScenarioSeat`). ``from_reserve`` is
    the card of the grid the player took from their reserve face up (``"face-down"``: a face-down card of the
    grid, taken from it face down), read by ``score 3 if you took your reserved card face up``.
    """
    rules = Ruleset.standard() if rules is None else rules
    engine = compiled(rules)
    keys = _nonneg(keys, "$.keys")
    gold = _nonneg(gold, "$.gold")
    if len(neighbours) > 2:
        raise ScenarioError(f"$.neighbours: a player has at most 2 neighbours, not {len(neighbours)}")
    if neighbours and opponents:
        raise ScenarioError("$.opponents: give either neighbours (the players to the left and right) or opponents "
                            "(every other player), not both")
    if len(opponents) > MAX_OPPONENTS:
        raise ScenarioError(f"$.opponents: a game has at most {MAX_OPPONENTS + 1} players, so at most "
                            f"{MAX_OPPONENTS} opponents, not {len(opponents)}")
    seats = [ScenarioSeat(_grid(grid, "$.grid"), keys, gold, _purse_gold(purse_gold or {}, "$.purse_gold"),
                          _chosen(chosen or {}, "$.chosen"), _points(points or {}, "$.points"),
                          _reserved(reserved.name if isinstance(reserved, Card) else reserved, "$.reserved"),
                          _from_reserve(from_reserve.name if isinstance(from_reserve, Card) else from_reserve,
                                        "$.from_reserve"))]
    if opponents:
        seats += [entry if isinstance(entry, ScenarioSeat) else _seat(entry, f"$.opponents[{k}]")
                  for k, entry in enumerate(opponents)]
    else:
        seats += [ScenarioSeat(_grid(g, f"$.neighbours[{k}]")) for k, g in enumerate(neighbours)]
    players = max(len(seats), 2)
    if isinstance(first_player, bool) or not isinstance(first_player, int) or not 0 <= first_player < players:
        raise ScenarioError(f"$.first_player: expected a seat from 0 (the scored player) to {players - 1}, "
                            f"got {quote(first_player)}")
    where: dict[str, str] = {}
    paths = ["$"] + [f"$.opponents[{k}]" if opponents else f"$.neighbours[{k}]" for k in range(len(seats) - 1)]
    tableaux = [tuple(_seat_cells(engine, seat, path, where)) for seat, path in zip(seats, paths, strict=True)]
    kept = [_reserved_card(engine, seat.reserved, path, where) for seat, path in zip(seats, paths, strict=True)]
    if messenger is not None and not isinstance(messenger, Deck):
        if messenger not in ("castle", "village"):
            raise ScenarioError(f"$.messenger: expected \"castle\" or \"village\", got {quote(messenger)}")
        messenger = Deck(messenger)
    for cells, path in zip(tableaux, paths, strict=True):
        for cell in cells:
            if messenger is None and not cell.face_down and cell.card in engine.reads_messenger:
                card = engine.cards[cell.card]
                raise ScenarioError(
                    f"{path}: {card.name} reads where the messenger stands at the end of the game, and the "
                    "scenario does not say\nhint: give the messenger's place: \"messenger\": \"village\" (or "
                    "\"castle\")")
    supplies = [(seat.keys, seat.gold) for seat in seats]
    if len(tableaux) < 2:
        tableaux.append(())  # one other player, with an empty tableau
        supplies.append((0, 0))
        kept.append(())
    keys_of = [k for k, _ in supplies]
    gold_of = [g for _, g in supplies]
    tableaux, keys_of, gold_of = _end_of_game(engine, rules, tableaux, keys_of, gold_of, first_player, paths,
                                              messenger)
    at = None if messenger is None else (0 if messenger is Deck.CASTLE else 1)
    sheet = _sheets(engine, tableaux, keys_of, gold_of, only=0, messenger=at,
                    reserved=kept if any(kept) else None)[0]
    return attrs.evolve(sheet, seat=None)  # a tableau scored alone sits at no table


def _seat_cells(engine: Compiled, seat: ScenarioSeat, path: str, where: dict[str, str]) -> list[Placed]:
    """One player's grid as tableau cells, with the gold already stored on its purse cards."""
    grid_path = f"{path}.grid" if path != "$" else "$.grid"
    cells = _cells(engine, seat.grid, grid_path, where)
    for name, amount in seat.purse_gold:
        at = f"{path}.purse_gold[{quote(name)}]"
        _nonneg(amount, at)
        if name not in where or not where[name].startswith(grid_path + "["):
            raise ScenarioError(f"{at}: {name} is not face up in the grid")
        card = engine.ids[name]
        capacity = engine.facts[card].purse
        if capacity is None:
            raise ScenarioError(f"{at}: {name} has no purse, so no gold can be stored on it")
        if amount > capacity:
            raise ScenarioError(f"{at}: {name}'s purse holds at most {capacity} gold, not {amount}")
        i = next(k for k, c in enumerate(cells) if c.card == card and not c.face_down)
        cells[i] = cells[i].replace(gold=amount)
    for name, shield in seat.chosen:
        at = f"{path}.chosen[{quote(name)}]"
        i = _face_up(engine, cells, where, grid_path, name, at)
        if not engine.facts[cells[i].card].chosen:
            raise ScenarioError(f"{at}: {name} has no chosen shield (`shields chosen`), so no type is named for it")
        cells[i] = cells[i].replace(shield=next(k for k, s in enumerate(SHIELDS) if s.value == shield))
    for name, kept in seat.points:
        at = f"{path}.points[{quote(name)}]"
        i = _face_up(engine, cells, where, grid_path, name, at)
        cells[i] = cells[i].replace(points=kept)
    if seat.from_reserve is not None:
        at = f"{path}.from_reserve" if path != "$" else "$.from_reserve"
        if not engine.has_reserve:
            raise ScenarioError(f"{at}: no card of this ruleset reserves a card ('reserve a card from either row'), "
                                "so no card is taken from a reserve\nhint: remove \"from_reserve\"")
        if seat.from_reserve == FACE_DOWN:
            i = next((k for k, c in enumerate(cells) if c.face_down), -1)
            if i < 0:
                raise ScenarioError(f"{at}: the grid has no face-down card to have been taken face down from the "
                                    "reserve\nhint: name a face-up card of the grid (taken face up), or remove it")
            cells[i] = cells[i].replace(from_reserve=FROM_RESERVE_FACE_DOWN)
        else:
            if seat.from_reserve not in engine.ids:
                raise ScenarioError(f"{at}: {engine.unknown(seat.from_reserve)}")
            i = _face_up(engine, cells, where, grid_path, seat.from_reserve, at)
            cells[i] = cells[i].replace(from_reserve=FROM_RESERVE_FACE_UP)
    return cells


def _reserved_card(engine: Compiled, name: str | None, path: str, where: dict[str, str]) -> tuple[int, ...]:
    """A player's reserve when the last turn ended, as a scoring rule reads it (a card of the ruleset that
    reserves cards, held nowhere else: every card exists once)."""
    if name is None:
        return ()
    at = f"{path}.reserved" if path != "$" else "$.reserved"
    card = engine.ids.get(name)
    if card is None:
        raise ScenarioError(f"{at}: {engine.unknown(name)}")
    if not engine.has_reserve:
        raise ScenarioError(f"{at}: no card of this ruleset reserves a card ('reserve a card from either row'), so "
                            "no player holds a reserved card\nhint: remove \"reserved\"")
    if name in where:
        raise ScenarioError(f"{at}: {name} is already at {where[name]}; every card exists once")
    where[name] = at
    return (card,)


def _face_up(engine: Compiled, cells: list[Placed], where: dict[str, str], grid_path: str, name: str,
             at: str) -> int:
    """The index of ``name``'s cell, face up in this grid; a :class:`ScenarioError` at ``at`` if it is not."""
    if name not in where or not where[name].startswith(grid_path + "["):
        raise ScenarioError(f"{at}: {name} is not face up in the grid")
    card = engine.ids[name]
    return next(k for k, c in enumerate(cells) if c.card == card and not c.face_down)


#: Where a count reads the locations (rows, discard piles, decks, the cards just discarded): a scenario has none.
_LOCATION_SCOPES = {Scope.CASTLE_ROW: "the castle row", Scope.VILLAGE_ROW: "the village row",
                    Scope.CASTLE_PILE: "the castle discard pile", Scope.VILLAGE_PILE: "the village discard pile",
                    Scope.BOTH_PILES: "the discard piles",
                    Scope.CASTLE_DECK: "the castle deck", Scope.VILLAGE_DECK: "the village deck",
                    Scope.DISCARDED: "the cards it discarded"}


def _unscorable(card: Card, face_down: bool) -> str | None:
    """Why ``card``'s end-of-game effects cannot be resolved in a score scenario, or ``None``."""
    if any(asks(effect) for effect in card.game_end):
        return "asks its owner a question, and a scenario has no player to answer it"
    for node in walk(card.game_end):
        if isinstance(node, Per) and node.scope in _LOCATION_SCOPES:
            return f"counts {_LOCATION_SCOPES[node.scope]}"
        if isinstance(node, (DiscardWholeRow, DiscardFromRow)):
            return "discards from a row"
        if isinstance(node, TurnFaceUp) and face_down:
            return "turns face-down cards face up, and a scenario does not say which cards they are"
    return None


Supplies = tuple[list[tuple[Placed, ...]], list[int], list[int]]


def _end_of_game(engine: Compiled, rules: Ruleset, tableaux: list[tuple[Placed, ...]], keys: list[int],
                 gold: list[int], first: int, paths: list[str], messenger: Deck | None = None) -> Supplies:
    """The tableaux, keys and gold once every seat's "at the end of the game" effects resolved.

    The rules' own trigger code resolves them
    (:func:`castle_combo.engine.foresight.after_end_of_game_effects`), on a
    table built from the scenario with empty rows: effects that read the
    rows or the discard piles, or turn face-down cards face up, are refused.
    """
    if not engine.has_triggers:
        return tableaux, keys, gold
    found = [(s, c) for s, cells in enumerate(tableaux) for c in cells
             if not c.face_down and engine.abilities[c.card].game_end]
    if not found:
        return tableaux, keys, gold
    for s, cell in found:
        card = engine.cards[cell.card]
        why = _unscorable(card, any(c.face_down for c in tableaux[s]))
        if why is not None:
            where = paths[s] if s < len(paths) else "$"
            raise ScenarioError(
                f"{where}: {card.name}'s \"at the end of the game\" effect {why}; a score scenario holds the "
                "players' tableaux, gold and keys only, so it cannot be scored\nhint: score it in a game (castle-"
                "combo replay), or leave the card out of the scenario")
    players = tuple(seat_of(recounted(PlayerState(g, k, cells), engine))
                    for cells, k, g in zip(tableaux, keys, gold, strict=True))
    empty = Location((), ())
    table = Table(rules=rules, seats=players, current_player=first, first_player=first,
                  taken=CARDS_PER_PLAYER * len(players) - 1, phase=Phase.START,
                  messenger=Deck.CASTLE if messenger is None else messenger,
                  places=(empty, empty), pending=None, history=(), rng=0, origin=None, engine=engine)
    after = after_end_of_game_effects(table)
    if after is None:
        return tableaux, keys, gold
    return ([p.tableau for p in after.players], [p.keys for p in after.players], [p.gold for p in after.players])


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
                         scenario.neighbours, opponents=scenario.opponents, first_player=scenario.first_player,
                         messenger=scenario.messenger, chosen=dict(scenario.chosen), points=dict(scenario.points),
                         reserved=scenario.reserved, from_reserve=scenario.from_reserve)
