"""Counts, scopes and scoring rules of the card model, compiled into plain functions.

The model says *what* is counted (:data:`castle_combo.language.model.Count`) and
*where* (:class:`castle_combo.language.model.Scope`). Interpreting those trees on every
evaluation would be slow, so each ``Per``, condition and scoring rule is
compiled once per ruleset into a closure. A compiled count takes a
:class:`Tableaux` (anything with ``tableaux`` and ``keys`` per seat: the engine's
scratch state during an ability, a game state, or a finished game at scoring
time), the owner's seat and the index of the counting card in the owner's tableau.

Face-down cards are never counted by a shield, banner, cost, discount, purse
or lock count; they count for ``CardsInTableau``, ``FaceDownCards`` and fill a
space for ``EmptySpaces`` (the rules page, "Face-down cards"). Keys owned
include the keys waiting on lock cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

from castle_combo.language import model
from castle_combo.language.model import Comparison, Scope

__all__ = [
    "DECKS",
    "SHIELDS",
    "CardFacts",
    "CountFn",
    "OwnCountFn",
    "Placed",
    "ScoreFn",
    "Tableaux",
    "card_facts",
    "as_wild_type",
    "compile_condition",
    "compile_own_count",
    "compile_per",
    "compile_scoring",
    "neighbours",
    "tableau_totals",
]

#: The shield types in the rulebook's order; a card's shields are counted in this order.
SHIELDS: tuple[model.Shield, ...] = tuple(model.Shield)
#: The two locations; index 0 is the castle and 1 the village everywhere in the engine.
DECKS: tuple[model.Deck, ...] = (model.Deck.CASTLE, model.Deck.VILLAGE)
_SHIELD_INDEX = {shield: i for i, shield in enumerate(SHIELDS)}
_DECK_INDEX = {deck: i for i, deck in enumerate(DECKS)}


@attrs.frozen
class CardFacts:
    """What the engine needs to know about one card, precomputed from the model.

    ``shields`` holds the number of shields of each type (in :data:`SHIELDS`
    order); ``deck`` is 0 (castle) or 1 (village); ``purse`` is the capacity
    or ``None``; ``has_discount`` is true if any part of an ability, even
    inside a choice or behind a lock, is a discount (:attr:`Card.has_discount`).
    ``lock`` marks a lock card; ``copyable`` a card whose ability another card
    may use (it has an effect other than a discount and other than using an
    adjacent card's ability). ``wild`` is the number of wild shields (in
    ``shield_count``, in no type of ``shields``); ``copies_scoring`` marks a
    card that scores as an adjacent card, which no other card may copy.
    """

    id: int
    name: str
    deck: int
    cost: int
    shields: tuple[int, ...]
    shield_count: int
    purse: int | None
    messenger: bool
    has_discount: bool
    lock: bool = False
    copyable: bool = False
    wild: int = 0
    copies_scoring: bool = False


#: Effects that do not make a card worth copying: a discount, a copy, or a choice or condition (walked into).
_NOT_COPIED = (model.Discount, model.UseAdjacentAbility, model.Choice, model.Conditional)


def _copyable(card: model.Card) -> bool:
    """Whether ``card`` has an effect that "use the ability of an adjacent card" may use."""
    return any(
        not isinstance(node, _NOT_COPIED)
        for node in model.walk(card.ability + card.unlocked)
        if isinstance(node, model.Effect.__args__)  # type: ignore[attr-defined]
    )


def card_facts(card_id: int, card: model.Card) -> CardFacts:
    """The precomputed facts of ``card``, which has id ``card_id`` in its ruleset."""
    shields = [0] * len(SHIELDS)
    for shield in card.shields:
        shields[_SHIELD_INDEX[shield]] += 1
    return CardFacts(
        id=card_id,
        name=card.name,
        deck=_DECK_INDEX[card.deck],
        cost=card.cost,
        shields=tuple(shields),
        shield_count=len(card.shields) + card.wild,
        purse=card.purse,
        messenger=card.messenger,
        has_discount=card.has_discount,
        lock=card.lock,
        copyable=_copyable(card),
        wild=card.wild,
        copies_scoring=any(isinstance(rule, model.ScoreAsAdjacent) for rule in card.scoring),
    )


def as_wild_type(facts: CardFacts, card_id: int, shield: int) -> CardFacts:
    """``facts`` of a card with wild shields, its wild shields counted as shield type ``shield``, as ``card_id``.

    At the end of the game each player names one type for their wild shields;
    the scoring counts a stand-in card with that many more shields of the type
    (see :mod:`castle_combo.engine.scoring`).
    """
    shields = list(facts.shields)
    shields[shield] += facts.wild
    return attrs.evolve(facts, id=card_id, shields=tuple(shields))


@attrs.frozen(cache_hash=True)
class Placed:
    """One card in a tableau: its id, position, side, the gold stored on it and a key waiting on it.

    Positions are the player's own coordinates (first card at (0, 0), x to
    the right, y downward); ``gold`` is only ever non-zero on a face-up purse
    card, ``key`` only ever true on a face-up lock card not yet opened.
    """

    card: int
    x: int
    y: int
    face_down: bool = False
    gold: int = 0
    key: bool = False


class Tableaux(Protocol):
    """What a compiled count reads.

    Every seat's tableau and spendable keys, face-up shield and banner totals
    per seat, and the cards discarded so far by the ability being resolved
    (empty outside an ability).
    """

    @property
    def tableaux(self) -> Sequence[tuple[Placed, ...]]: ...

    @property
    def keys(self) -> Sequence[int]: ...

    @property
    def shields(self) -> Sequence[Sequence[int]]: ...

    @property
    def banners(self) -> Sequence[Sequence[int]]: ...

    @property
    def discarded(self) -> tuple[int, ...]: ...

    def discard_pile(self, deck: int) -> tuple[int, ...]:
        """The cards of a location's discard pile (0 castle, 1 village), bottom first."""


#: A compiled count: ``fn(table, seat, index_of_this_card) -> int``.
CountFn = Callable[[Tableaux, int, int], int]
#: A compiled scoring rule: ``fn(table, seat, index_of_this_card, (min_x, min_y)) -> points``.
ScoreFn = Callable[[Tableaux, int, int, tuple[int, int]], int]
#: A count of shield and banner totals: ``fn(shields_per_type, banners_per_deck) -> int``.
_TotalsCount = Callable[[Sequence[int], Sequence[int]], int]
#: A count over a chosen set of cells: ``fn(cells, gold_on_this_card, capacity) -> int``.
_CellCount = Callable[[Sequence[Placed], int, int], int]


def tableau_totals(facts: Sequence[CardFacts], cells: Sequence[Placed]) -> tuple[tuple[int, ...], tuple[int, int]]:
    """The face-up shield totals per type and banner totals per deck of ``cells``."""
    banners = _banner_totals(facts, cells)
    return tuple(_shield_totals(facts, cells)), (banners[0], banners[1])


def _shield_totals(facts: Sequence[CardFacts], cells: Sequence[Placed]) -> list[int]:
    totals = [0, 0, 0, 0, 0, 0]
    for cell in cells:
        if not cell.face_down:
            shields = facts[cell.card].shields
            for i in range(6):
                totals[i] += shields[i]
    return totals


def _banner_totals(facts: Sequence[CardFacts], cells: Sequence[Placed]) -> list[int]:
    totals = [0, 0]
    for cell in cells:
        if not cell.face_down:
            totals[facts[cell.card].deck] += 1
    return totals


def _compare(comparison: Comparison, value: int, target: int) -> bool:
    if comparison is Comparison.EQ:
        return value == target
    if comparison is Comparison.GE:
        return value >= target
    return value <= target


def _compile_totals(count: model.Count) -> _TotalsCount | None:
    """The count as a function of the shield and banner totals, if it depends on nothing else."""
    if isinstance(count, model.ShieldsOf):
        s = _SHIELD_INDEX[count.shield]
        return lambda shields, banners: shields[s]
    if isinstance(count, model.DistinctShieldTypes):
        return lambda shields, banners: sum(1 for t in shields if t)
    if isinstance(count, model.MissingShieldTypes):
        return lambda shields, banners: sum(1 for t in shields if not t)
    if isinstance(count, model.Banners):
        d = _DECK_INDEX[count.deck]
        return lambda shields, banners: banners[d]
    if isinstance(count, model.ShieldSets):
        need = [(_SHIELD_INDEX[s], count.shields.count(s)) for s in dict.fromkeys(count.shields)]
        return lambda shields, banners: min(shields[i] // k for i, k in need)
    if isinstance(count, model.IdenticalShieldSets):
        size = count.size
        return lambda shields, banners: sum(t // size for t in shields)
    if isinstance(count, model.BannerSets):
        need_banners = [(_DECK_INDEX[d], count.decks.count(d)) for d in dict.fromkeys(count.decks)]
        return lambda shields, banners: min(banners[i] // k for i, k in need_banners)
    return None


def _compile_count(count: model.Count, facts: Sequence[CardFacts]) -> _CellCount:
    """The count as a function of the cells in scope (see :data:`_CellCount`)."""
    totals = _compile_totals(count)
    if totals is not None:
        return lambda cells, own, cap: totals(_shield_totals(facts, cells), _banner_totals(facts, cells))
    if isinstance(count, model.CardsWithShieldCount):
        n = count.shields
        return lambda cells, own, cap: sum(
            1 for c in cells if not c.face_down and facts[c.card].shield_count == n
        )
    if isinstance(count, model.CardsByCost):
        comparison, cost = count.comparison, count.cost
        return lambda cells, own, cap: sum(
            1 for c in cells if not c.face_down and _compare(comparison, facts[c.card].cost, cost)
        )
    if isinstance(count, model.DiscountCards):
        return lambda cells, own, cap: sum(1 for c in cells if not c.face_down and facts[c.card].has_discount)
    if isinstance(count, model.PurseCards):
        return lambda cells, own, cap: sum(
            1 for c in cells if not c.face_down and facts[c.card].purse is not None
        )
    if isinstance(count, model.CardsInTableau):
        return lambda cells, own, cap: len(cells)
    if isinstance(count, model.FaceDownCards):
        return lambda cells, own, cap: sum(1 for c in cells if c.face_down)
    if isinstance(count, model.EmptySpaces):
        return lambda cells, own, cap: max(0, cap - len(cells))
    if isinstance(count, model.GoldOnThisCard):
        return lambda cells, own, cap: own
    if isinstance(count, model.GoldOnPurses):
        return lambda cells, own, cap: sum(c.gold for c in cells if not c.face_down)
    if isinstance(count, model.DistinctCosts):
        return lambda cells, own, cap: len({facts[c.card].cost for c in cells if not c.face_down})
    if isinstance(count, model.CostSum):
        return lambda cells, own, cap: sum(facts[c.card].cost for c in cells if not c.face_down)
    if isinstance(count, model.LockCards):
        return lambda cells, own, cap: sum(1 for c in cells if not c.face_down and facts[c.card].lock)
    raise TypeError(f"the engine cannot count {count!r}")


def compile_per(per: model.Per, facts: Sequence[CardFacts]) -> CountFn:
    """Compile ``per`` (a count in a scope) into a :data:`CountFn`.

    Row and column mean the cards that share this card's y or x *now*; at the
    end of the game that is the final grid's row and column. A neighbour
    count is the larger of the two neighbours' counts (RULINGS.md: the
    owner's choice, and a bigger count is never worse).
    """
    if isinstance(per.count, model.KeysOwned):
        # Keys waiting on lock cards are owned too (they score and count "per key"), though not spendable.
        return lambda table, seat, index: table.keys[seat] + sum(1 for c in table.tableaux[seat] if c.key)
    count = _compile_count(per.count, facts)
    totals = _compile_totals(per.count)
    scope = per.scope
    if scope is Scope.DISCARDED:

        def on_discarded(table: Tableaux, seat: int, index: int) -> int:
            cells = [Placed(card, 0, 0) for card in table.discarded]
            return count(cells, 0, 0)

        return on_discarded
    if scope is Scope.TABLEAU and totals is not None:
        # Whole-tableau shield and banner counts read the totals each seat keeps up to date.
        return lambda table, seat, index: totals(table.shields[seat], table.banners[seat])
    if scope is Scope.TABLEAU:

        def in_tableau(table: Tableaux, seat: int, index: int) -> int:
            cells = table.tableaux[seat]
            return count(cells, cells[index].gold, 9)

        return in_tableau
    if scope is Scope.CASTLE_PILE or scope is Scope.VILLAGE_PILE:
        deck = 0 if scope is Scope.CASTLE_PILE else 1

        def in_pile(table: Tableaux, seat: int, index: int) -> int:
            return count([Placed(card, 0, 0) for card in table.discard_pile(deck)], 0, 0)

        return in_pile
    if scope is Scope.ADJACENT:

        def on_adjacent(table: Tableaux, seat: int, index: int) -> int:
            cells = table.tableaux[seat]
            me = cells[index]
            return count([c for c in cells if abs(c.x - me.x) + abs(c.y - me.y) == 1], me.gold, 4)

        return on_adjacent
    if scope is Scope.NEIGHBOUR:

        def in_neighbour(table: Tableaux, seat: int, index: int) -> int:
            n = len(table.tableaux)
            best = 0
            for other in {(seat - 1) % n, (seat + 1) % n} - {seat}:
                best = max(best, count(table.tableaux[other], 0, 9))
            return best

        return in_neighbour
    same_row = scope in (Scope.ROW, Scope.ROW_AND_COLUMN)
    same_column = scope in (Scope.COLUMN, Scope.ROW_AND_COLUMN)
    capacity = 5 if scope is Scope.ROW_AND_COLUMN else 3

    def in_line(table: Tableaux, seat: int, index: int) -> int:
        cells = table.tableaux[seat]
        me = cells[index]
        chosen = [
            c for c in cells if (same_row and c.y == me.y) or (same_column and c.x == me.x)
        ]
        return count(chosen, me.gold, capacity)

    return in_line


#: A count in its owner's own tableau: ``count(cells, shield_totals, banner_totals, index_of_the_card)``.
OwnCountFn = Callable[[Sequence[Placed], Sequence[int], Sequence[int], int], int]


def compile_own_count(per: model.Per, facts: Sequence[CardFacts]) -> OwnCountFn | None:
    """``per`` as a function of the owner's tableau and totals alone, when it reads nothing else.

    That is a count over the whole tableau of anything but keys (keys change
    as an ability gains them, and are a seat's supply, not its tableau). The
    engine's fast take uses it to count without a scratch table; for any
    other count it returns ``None`` and the engine takes the general path.
    """
    if per.scope is not Scope.TABLEAU or isinstance(per.count, model.KeysOwned):
        return None
    totals = _compile_totals(per.count)
    if totals is not None:
        return lambda cells, shields, banners, index: totals(shields, banners)
    count = _compile_count(per.count, facts)
    return lambda cells, shields, banners, index: count(cells, cells[index].gold, 9)


def neighbours(seat: int, seats: int) -> tuple[int, ...]:
    """The seats to the left and to the right of ``seat`` (one seat in a game of two, none alone)."""
    return tuple(sorted({(seat - 1) % seats, (seat + 1) % seats} - {seat}))


def _seat_count(count: model.Count, facts: Sequence[CardFacts]) -> Callable[[Tableaux, int], int]:
    """``count`` in a seat's whole tableau, for any seat (no "this card" is needed)."""
    if isinstance(count, model.KeysOwned):
        return lambda table, seat: table.keys[seat] + sum(1 for c in table.tableaux[seat] if c.key)
    totals = _compile_totals(count)
    if totals is not None:
        return lambda table, seat: totals(table.shields[seat], table.banners[seat])
    cells = _compile_count(count, facts)
    return lambda table, seat: cells(table.tableaux[seat], 0, 9)


def compile_condition(condition: model.Condition, facts: Sequence[CardFacts]) -> ScoreFn:
    """Compile a condition into a function giving 1 if it holds, else 0 (a :data:`ScoreFn`).

    In an ability the ``origin`` argument is unused: a condition on the
    card's place in the final grid is refused there by validation.
    """
    if isinstance(condition, model.ComparedToNeighbours):
        of_seat = _seat_count(condition.per.count, facts)
        more = condition.more

        def compared(table: Tableaux, seat: int, index: int, origin: tuple[int, int]) -> int:
            mine = of_seat(table, seat)
            others = [of_seat(table, other) for other in neighbours(seat, len(table.tableaux))]
            return 1 if all((mine > theirs) if more else (mine < theirs) for theirs in others) else 0

        return compared
    if isinstance(condition, model.PlacedIn):
        cells = condition.region.cells

        def placed_in(table: Tableaux, seat: int, index: int, origin: tuple[int, int]) -> int:
            me = table.tableaux[seat][index]
            return 1 if (me.x - origin[0], me.y - origin[1]) in cells else 0

        return placed_in
    if isinstance(condition, model.CountIs):
        per = compile_per(condition.per, facts)
        comparison, value = condition.comparison, condition.value

        def count_is(table: Tableaux, seat: int, index: int, origin: tuple[int, int]) -> int:
            return 1 if _compare(comparison, per(table, seat, index), value) else 0

        return count_is
    raise TypeError(f"the engine cannot evaluate the condition {condition!r}")


def _score_per(points: int, per: CountFn) -> ScoreFn:
    def score_per(table: Tableaux, seat: int, index: int, origin: tuple[int, int]) -> int:
        return points * per(table, seat, index)

    return score_per


def _score_if(points: int, test: ScoreFn) -> ScoreFn:
    def score_if(table: Tableaux, seat: int, index: int, origin: tuple[int, int]) -> int:
        return points * test(table, seat, index, origin)

    return score_if


def _score_as_adjacent(facts: Sequence[CardFacts], scorer_of: Callable[[int], ScoreFn | None]) -> ScoreFn:
    def score_as_adjacent(table: Tableaux, seat: int, index: int, origin: tuple[int, int]) -> int:
        cells = table.tableaux[seat]
        me = cells[index]
        best = 0
        for c in cells:
            if abs(c.x - me.x) + abs(c.y - me.y) == 1 and not c.face_down and not facts[c.card].copies_scoring:
                scorer = scorer_of(c.card)
                if scorer is not None:
                    best = max(best, scorer(table, seat, index, origin))
        return best

    return score_as_adjacent


def compile_scoring(
    rules: Sequence[model.Scoring],
    facts: Sequence[CardFacts],
    scorer_of: Callable[[int], ScoreFn | None] = lambda card: None,
) -> ScoreFn | None:
    """Compile a card's scoring rules into one function summing their points (``None`` if none).

    ``origin`` is the top-left corner (min x, min y) of the owner's grid, so
    that a region's cells can be matched against the final 3x3 grid.
    ``scorer_of`` gives another card's compiled scorer, for a card that
    scores as an adjacent card (the whole ruleset's scorers exist only once
    every card is compiled, so it is looked up when the score is counted).
    """
    parts: list[ScoreFn] = []
    for rule in rules:
        if isinstance(rule, model.ScoreAsAdjacent):
            parts.append(_score_as_adjacent(facts, scorer_of))
            continue
        points = rule.points
        if isinstance(rule, model.ScorePer):
            parts.append(_score_per(points, compile_per(rule.per, facts)))
        elif isinstance(rule, model.ScoreIf):
            parts.append(_score_if(points, compile_condition(rule.condition, facts)))
        else:
            raise TypeError(f"the engine cannot score {rule!r}")
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    return lambda t, s, i, o: sum(part(t, s, i, o) for part in parts)
