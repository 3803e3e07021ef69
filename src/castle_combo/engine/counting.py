"""Counts, filters, conditions and scoring rules of the card model, compiled into plain functions.

The model says *what* is counted (a noun), *which* cards (a filter) and
*where* (a :class:`~castle_combo.language.model.Scope`). Interpreting those
trees on every evaluation would be slow, so each count, condition and
scoring rule is compiled once per ruleset into a closure. This module is the
engine's one place that knows what each part of the language means: each
union of the model (filters, nouns, scopes, conditions) is handled by one
``match`` ending in :func:`typing.assert_never`, so a part the engine does not
evaluate is a type error, not a surprise at run time.

A compiled count takes a :class:`Tableaux` (anything with ``tableaux`` and
``keys`` per seat: the engine's scratch state during an ability, a game
state, or a finished game at scoring time), the owner's seat and the index of
the counting card in the owner's tableau. Counts inside a quantifier or an
effect on other players take one more argument, ``extra``: a pair of the
player being talked about (``Scope.THEIRS``) and the cards of the row or pair
being looked at (``Scope.GROUP``), either ``None`` when there is none
(quantifiers nest: "per row with ... opponents who ...").

Face-down cards are never counted by a shield, banner, cost, discount, purse
or lock count: a filter that reads something printed on a card never passes
one (the rules page, "Face-down cards"). Keys owned include the keys waiting
on lock cards.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Protocol

import attrs

from castle_combo._compat import assert_never
from castle_combo.language import model
from castle_combo.language.model import (
    Alike,
    AllOf,
    And,
    AnyOf,
    BannerSets,
    Cards,
    Compared,
    Comparison,
    CostIs,
    CostSum,
    CostVsThis,
    CountIs,
    DeckIs,
    DistinctCosts,
    EmptySpaces,
    Excluding,
    FaceDown,
    FaceUp,
    Gold,
    GoldOnThisCard,
    GroupKind,
    Groups,
    HasPart,
    HasReserved,
    HasShield,
    HoldsGold,
    HoldsKey,
    IdenticalShieldSets,
    InRegion,
    KeysOnThisCard,
    KeysOwned,
    MessengerAt,
    Named,
    Near,
    Not,
    Or,
    Part,
    PlacedIn,
    PlayerGroup,
    Players,
    Relation,
    Scope,
    Shares,
    ShieldCountIs,
    Shields,
    ShieldSets,
    ShieldTypes,
    StoredGold,
    StoredKeys,
    TookReserved,
    Trait,
)
from castle_combo.language.model.counts import DECK_SCOPES, counts_cards

__all__ = [
    "DECKS",
    "FROM_RESERVE_FACE_DOWN",
    "FROM_RESERVE_FACE_UP",
    "SHIELDS",
    "CardFacts",
    "CountFn",
    "OwnCountFn",
    "Placed",
    "ScoreFn",
    "Tableaux",
    "as_named_type",
    "as_wild_type",
    "card_facts",
    "cell_facts",
    "compile_condition",
    "compile_own_count",
    "compile_per",
    "compile_per_with",
    "compile_scoring",
    "compile_test",
    "neighbours",
    "players_of",
    "tableau_totals",
]

#: The shield types in the rulebook's order; a card's shields are counted in this order.
SHIELDS: tuple[model.Shield, ...] = tuple(model.Shield)
#: The two locations; index 0 is the castle and 1 the village everywhere in the engine.
DECKS: tuple[model.Deck, ...] = (model.Deck.CASTLE, model.Deck.VILLAGE)
_SHIELD_INDEX = {shield: i for i, shield in enumerate(SHIELDS)}
_DECK_INDEX = {deck: i for i, deck in enumerate(DECKS)}
_NO_ORIGIN = (0, 0)


@attrs.frozen
class CardFacts:
    """What the engine needs to know about one card, precomputed from the model.

    ``shields`` holds the number of shields of each type (in :data:`SHIELDS`
    order); ``deck`` is 0 (castle) or 1 (village); ``purse`` is the capacity
    or ``None``; ``has_discount`` is true if any part of an ability, even
    inside a choice or behind a lock, is a discount (:attr:`Card.has_discount`).
    ``lock`` marks a lock card; ``copyable`` a card whose ability another card
    may use (it has an effect other than a discount and other than using an
    adjacent card's ability); ``worth_buying`` the same of its ability when
    bought alone (what "use the ability of a face-up card in a neighbour's
    tableau" may use). ``wild`` is the number of wild shields (in
    ``shield_count``, in no type of ``shields``); ``copies_scoring`` marks a
    card that scores as an adjacent card, which no other card may copy.
    ``parts`` lists the :class:`~castle_combo.language.model.Part` values the
    card has (what the filter "card with a ..." asks). ``chosen`` is the
    number of chosen shields (0 or 1, in ``shield_count``): the type its owner
    named is :attr:`Placed.shield` of the card in a tableau.
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
    worth_buying: bool = False
    wild: int = 0
    copies_scoring: bool = False
    parts: frozenset[Part] = frozenset()
    chosen: int = 0


#: Effects that do not make a card worth copying: a discount, a copy, or a choice, condition or wait (walked into).
_NOT_COPIED = (model.Discount, model.UseAdjacentAbility, model.UseNeighbourAbility, model.Choice, model.Conditional,
               model.MayDo, model.EndOfThisTurn, model.Repeat)


def _copyable(card: model.Card, effects: tuple[model.Effect, ...] | None = None) -> bool:
    """Whether ``card`` has an effect that "use the ability of an adjacent card" may use (or among ``effects``)."""
    return any(
        not isinstance(node, _NOT_COPIED)
        for node in model.walk(card.ability + card.unlocked if effects is None else effects)
        if isinstance(node, model.Effect.__args__)  # type: ignore[attr-defined]
    )


def _parts(card: model.Card) -> frozenset[Part]:
    parts = set()
    if card.purse is not None:
        parts.add(Part.PURSE)
    if card.has_discount:
        parts.add(Part.DISCOUNT)
    if card.lock:
        parts.add(Part.LOCK)
    if card.messenger:
        parts.add(Part.MESSENGER)
    if card.ability:
        parts.add(Part.ABILITY)
    if card.has_trigger:
        parts.add(Part.TRIGGER)
    if card.scoring:
        parts.add(Part.SCORING)
    return frozenset(parts)


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
        shield_count=len(card.shields) + card.wild + card.chosen,
        purse=card.purse,
        messenger=card.messenger,
        has_discount=card.has_discount,
        lock=card.lock,
        copyable=_copyable(card),
        worth_buying=_copyable(card, card.ability),
        wild=card.wild,
        copies_scoring=card.copies_scoring,
        parts=_parts(card),
        chosen=card.chosen,
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


def as_named_type(facts: CardFacts, shield: int) -> CardFacts:
    """``facts`` of a card with a chosen shield, that shield counted as shield type ``shield`` (its owner named it)."""
    shields = list(facts.shields)
    shields[shield] += facts.chosen
    return attrs.evolve(facts, shields=tuple(shields))


def cell_facts(facts: Sequence[CardFacts]) -> Callable[[Placed], CardFacts] | None:
    """The facts of a placed card, its chosen shield counted as the type named (:attr:`Placed.shield`).

    ``None`` when no card of ``facts`` has a chosen shield: then a cell's facts
    are ``facts[cell.card]``, and the counts keep their direct reads (every
    printed card).
    """
    named = {f.id: tuple(as_named_type(f, t) for t in range(len(SHIELDS))) for f in facts if f.chosen}
    if not named:
        return None

    def of(c: Placed) -> CardFacts:
        shield = c.shield
        return facts[c.card] if shield < 0 else named[c.card][shield]

    return of


class Placed(NamedTuple):
    """One card in a tableau: its id, position, side, the gold stored on it and a key waiting on it.

    Positions are the player's own coordinates (first card at (0, 0), x to
    the right, y downward); ``gold`` is only ever non-zero on a face-up purse
    card, ``key`` only ever true on a face-up lock card not yet opened;
    ``points`` are those its effects kept on it (``gain 3 points``), added to
    its score, only ever non-zero on a face-up card; ``keys`` are those its
    effects locked on it (``put 2 keys on this card``), no longer its owner's,
    only ever non-zero on a face-up card. ``shield`` is the type (index in
    :data:`SHIELDS`) its owner named for its chosen shield when buying it,
    ``-1`` when none was named (a card without one, or taken face down).
    ``from_reserve`` says how a card taken from its owner's reserve was taken (:data:`FROM_RESERVE_FACE_UP`,
    :data:`FROM_RESERVE_FACE_DOWN`); 0, every other card (and every card of a save without it).

    A named tuple, like every part of a game state (see
    :mod:`castle_combo.engine.table`): the engine builds one per card taken,
    and a tuple is built by one call, not one attribute write per field.
    ``replace(...)`` gives a copy with some fields changed.
    """

    card: int
    x: int
    y: int
    face_down: bool = False
    gold: int = 0
    key: bool = False
    points: int = 0
    keys: int = 0
    shield: int = -1
    from_reserve: int = 0

    def replace(self, **changes: Any) -> Placed:
        """A copy with the fields named in ``changes`` changed."""
        return self._replace(**changes)


#: :attr:`Placed.from_reserve` of a card its owner took from their reserve face up, and face down.
FROM_RESERVE_FACE_UP, FROM_RESERVE_FACE_DOWN = 1, 2


class Tableaux(Protocol):
    """What a compiled count reads.

    Every seat's tableau, spendable keys and gold, face-up shield and banner
    totals per seat, the cards discarded so far by the ability being
    resolved (empty outside an ability), and the locations' rows and piles.
    """

    @property
    def tableaux(self) -> Sequence[tuple[Placed, ...]]: ...

    @property
    def keys(self) -> Sequence[int]: ...

    @property
    def gold(self) -> Sequence[int]: ...

    @property
    def shields(self) -> Sequence[Sequence[int]]: ...

    @property
    def banners(self) -> Sequence[Sequence[int]]: ...

    @property
    def discarded(self) -> tuple[int, ...]: ...

    @property
    def reserved(self) -> Sequence[tuple[int, ...]]:
        """Per seat, its reserved card (one at most), face up beside its tableau; in a scoring rule, the one held
        when the last turn ended, before its discard (``Table.reserved_at_end``)."""

    @property
    def messenger(self) -> int | None:
        """The location the messenger stands at (0 castle, 1 village); ``None`` where no game says (a score
        scenario, which refuses the cards that read it)."""

    def discard_pile(self, deck: int) -> tuple[int, ...]:
        """The cards of a location's discard pile (0 castle, 1 village), bottom first."""

    def row(self, deck: int) -> tuple[int, ...]:
        """The cards of a location's row now (0 castle, 1 village)."""

    def deck_size(self, deck: int) -> int:
        """How many cards are left in a location's deck now (0 castle, 1 village): public, unlike its cards."""


#: A compiled count: ``fn(table, seat, index_of_this_card) -> int``.
CountFn = Callable[[Tableaux, int, int], int]
#: A compiled count with the player or group it is about: ``fn(table, seat, index, extra) -> int``.
ExtraCountFn = Callable[[Tableaux, int, int, Any], int]
#: A compiled scoring rule: ``fn(table, seat, index_of_this_card, (min_x, min_y)) -> points``.
ScoreFn = Callable[[Tableaux, int, int, tuple[int, int]], int]
#: A compiled condition: ``fn(table, seat, index, (min_x, min_y), extra) -> bool``.
TestFn = Callable[[Tableaux, int, int, tuple[int, int], Any], bool]
#: A card filter: ``fn(card_cell, this_cell, origin) -> bool`` (``this_cell`` may be ``None`` off the tableau).
Pred = Callable[[Placed, Any, tuple[int, int]], bool]
#: A noun counted on a set of cells: ``fn(cells, this_cell, origin, capacity) -> int``.
_CellCount = Callable[[Sequence[Placed], Any, tuple[int, int], int], int]
#: A count of shield and banner totals: ``fn(shields_per_type, banners_per_deck) -> int``.
_TotalsCount = Callable[[Sequence[int], Sequence[int]], int]


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
            if cell.shield >= 0:
                totals[cell.shield] += facts[cell.card].chosen
    return totals


def _banner_totals(facts: Sequence[CardFacts], cells: Sequence[Placed]) -> list[int]:
    totals = [0, 0]
    for cell in cells:
        if not cell.face_down:
            totals[facts[cell.card].deck] += 1
    return totals


_OPERATORS: dict[Comparison, Callable[[int, int], bool]] = {
    Comparison.EQ: operator.eq, Comparison.GE: operator.ge, Comparison.LE: operator.le,
    Comparison.GT: operator.gt, Comparison.LT: operator.lt, Comparison.NE: operator.ne,
}


def _compare(comparison: Comparison) -> Callable[[int, int], bool]:
    return _OPERATORS[comparison]


# --------------------------------------------------------------------------
# Filters: one predicate per card.
# --------------------------------------------------------------------------


def _relation(relation: Relation) -> Callable[[Placed, Placed], bool]:
    match relation:
        case Relation.ROW:
            return lambda c, me: c.y == me.y
        case Relation.COLUMN:
            return lambda c, me: c.x == me.x
        case Relation.ROW_AND_COLUMN:
            return lambda c, me: c.y == me.y or c.x == me.x
        case Relation.ADJACENT:
            return lambda c, me: abs(c.x - me.x) + abs(c.y - me.y) == 1
        case Relation.DIAGONAL:
            return lambda c, me: abs(c.x - me.x) == 1 and abs(c.y - me.y) == 1
        case Relation.AROUND:
            return lambda c, me: max(abs(c.x - me.x), abs(c.y - me.y)) == 1
        case Relation.THIS:
            return lambda c, me: c.x == me.x and c.y == me.y
        case Relation.OTHER:
            return lambda c, me: c.x != me.x or c.y != me.y
        case Relation.ABOVE:
            return lambda c, me: c.x == me.x and c.y < me.y
        case Relation.BELOW:
            return lambda c, me: c.x == me.x and c.y > me.y
        case Relation.LEFT:
            return lambda c, me: c.y == me.y and c.x < me.x
        case Relation.RIGHT:
            return lambda c, me: c.y == me.y and c.x > me.x
        case Relation.DIRECTLY_ABOVE:
            return lambda c, me: c.x == me.x and c.y == me.y - 1
        case Relation.DIRECTLY_BELOW:
            return lambda c, me: c.x == me.x and c.y == me.y + 1
        case Relation.DIRECTLY_LEFT:
            return lambda c, me: c.y == me.y and c.x == me.x - 1
        case Relation.DIRECTLY_RIGHT:
            return lambda c, me: c.y == me.y and c.x == me.x + 1
        case Relation.DIAGONALS:
            return lambda c, me: c.x != me.x and abs(c.x - me.x) == abs(c.y - me.y)
        case _:
            assert_never(relation)


def compile_filter(f: model.CardFilter | None, facts: Sequence[CardFacts]) -> Pred | None:
    """``f`` as a predicate on one placed card (``None`` for no filter)."""
    if f is None:
        return None
    match f:
        case FaceDown():
            return lambda c, me, o: c.face_down
        case FaceUp():
            return lambda c, me, o: not c.face_down
        case DeckIs(deck=deck):
            d = _DECK_INDEX[deck]
            return lambda c, me, o: not c.face_down and facts[c.card].deck == d
        case HasShield(shields=shields):
            wanted = [_SHIELD_INDEX[s] for s in shields]
            of = cell_facts(facts)
            if of is not None:
                return lambda c, me, o: not c.face_down and any(of(c).shields[i] for i in wanted)
            return lambda c, me, o: not c.face_down and any(facts[c.card].shields[i] for i in wanted)
        case model.HasWild():
            return lambda c, me, o: not c.face_down and facts[c.card].wild > 0
        case ShieldCountIs(comparison=comparison, shields=n):
            holds = _compare(comparison)
            return lambda c, me, o: not c.face_down and holds(facts[c.card].shield_count, n)
        case CostIs(comparison=comparison, cost=cost):
            holds = _compare(comparison)
            return lambda c, me, o: not c.face_down and holds(facts[c.card].cost, cost)
        case CostVsThis(comparison=comparison):
            holds = _compare(comparison)
            return lambda c, me, o: not c.face_down and me is not None and holds(facts[c.card].cost,
                                                                                 facts[me.card].cost)
        case HasPart(part=part):
            return lambda c, me, o: not c.face_down and part in facts[c.card].parts
        case HoldsGold():
            return lambda c, me, o: c.gold > 0
        case HoldsKey():
            return lambda c, me, o: c.key or c.keys > 0
        case Named(names=names):
            named = frozenset(names)
            return lambda c, me, o: not c.face_down and facts[c.card].name in named
        case Shares(trait=trait):
            return _shares(trait, facts)
        case Near(relation=relation):
            near = _relation(relation)
            return lambda c, me, o: me is not None and near(c, me)
        case InRegion(region=region):
            cells = region.cells
            return lambda c, me, o: (c.x - o[0], c.y - o[1]) in cells
        case AllOf(filters=filters):
            preds = [p for p in (compile_filter(part, facts) for part in filters) if p is not None]
            return lambda c, me, o: all(p(c, me, o) for p in preds)
        case AnyOf(filters=filters):
            preds = [p for p in (compile_filter(part, facts) for part in filters) if p is not None]
            return lambda c, me, o: any(p(c, me, o) for p in preds)
        case Excluding(filter=inner):
            pred = compile_filter(inner, facts)
            if pred is None:
                return lambda c, me, o: False
            return lambda c, me, o: not pred(c, me, o)
        case _:
            assert_never(f)


def _static(f: model.CardFilter, facts: Sequence[CardFacts]) -> tuple[tuple[bool, ...], bool] | None:
    """``f`` as a table, when it reads only what is printed on cards: whether each face-up card id passes, and
    whether a face-down card does; ``None`` when it reads a place, stored gold or this card.

    Most filters of the printed cards are of this kind ("purse card", "card costing 2 or less"), and a
    lookup per card is much cheaper than a predicate called per card.
    """
    match f:
        case DeckIs(deck=deck):
            d = _DECK_INDEX[deck]
            return tuple(card.deck == d for card in facts), False
        case HasShield(shields=shields):
            if any(card.chosen for card in facts):
                return None  # a chosen shield's type is the cell's, not the card's
            wanted = [_SHIELD_INDEX[s] for s in shields]
            return tuple(any(card.shields[i] for i in wanted) for card in facts), False
        case model.HasWild():
            return tuple(card.wild > 0 for card in facts), False
        case ShieldCountIs(comparison=comparison, shields=n):
            holds = _compare(comparison)
            return tuple(holds(card.shield_count, n) for card in facts), False
        case CostIs(comparison=comparison, cost=cost):
            holds = _compare(comparison)
            return tuple(holds(card.cost, cost) for card in facts), False
        case HasPart(part=part):
            return tuple(part in card.parts for card in facts), False
        case Named(names=names):
            return tuple(card.name in names for card in facts), False
        case FaceDown():
            return tuple(False for _ in facts), True
        case FaceUp():
            return tuple(True for _ in facts), False
        case AllOf(filters=parts) | AnyOf(filters=parts):
            tables = [_static(part, facts) for part in parts]
            if any(t is None for t in tables):
                return None
            join = all if isinstance(f, AllOf) else any
            up = tuple(join(t[0][i] for t in tables if t is not None) for i in range(len(facts)))
            return up, join(t[1] for t in tables if t is not None)
        case Excluding(filter=inner):
            table = _static(inner, facts)
            if table is None:
                return None
            return tuple(not ok for ok in table[0]), not table[1]
    return None


def _shares(trait: Trait, facts: Sequence[CardFacts]) -> Pred:
    match trait:
        case Trait.SHIELD:
            of = cell_facts(facts)
            if of is not None:
                return lambda c, me, o: (not c.face_down and me is not None and not me.face_down and any(
                    a and b for a, b in zip(of(c).shields, of(me).shields, strict=True)))
            return lambda c, me, o: (not c.face_down and me is not None and not me.face_down and any(
                a and b for a, b in zip(facts[c.card].shields, facts[me.card].shields, strict=True)))
        case Trait.DECK:
            return lambda c, me, o: (not c.face_down and me is not None and not me.face_down
                                     and facts[c.card].deck == facts[me.card].deck)
        case Trait.COST:
            return lambda c, me, o: (not c.face_down and me is not None and not me.face_down
                                     and facts[c.card].cost == facts[me.card].cost)
        case _:
            assert_never(trait)


# --------------------------------------------------------------------------
# Nouns: a count over a collection of cells.
# --------------------------------------------------------------------------


def _compile_totals(count: model.Count) -> _TotalsCount | None:
    """The count as a function of the face-up shield and banner totals, if it depends on nothing else."""
    match count:
        case Shields(shields=shields, on=None) if shields:
            if len(shields) == 1:
                s = _SHIELD_INDEX[shields[0]]
                return lambda sh, ba: sh[s]
            indices = [_SHIELD_INDEX[x] for x in shields]
            return lambda sh, ba: sum(sh[i] for i in indices)
        case ShieldTypes(missing=missing, on=None):
            if missing:
                return lambda sh, ba: sum(1 for t in sh if not t)
            return lambda sh, ba: sum(1 for t in sh if t)
        case Cards(on=DeckIs(deck=deck)):
            d = _DECK_INDEX[deck]
            return lambda sh, ba: ba[d]
        case ShieldSets(shields=shields, on=None):
            need = [(_SHIELD_INDEX[s], shields.count(s)) for s in dict.fromkeys(shields)]
            return lambda sh, ba: min(sh[i] // k for i, k in need) if need else 0
        case IdenticalShieldSets(size=size, on=None):
            return lambda sh, ba: sum(t // size for t in sh)
        case BannerSets(decks=decks, on=None):
            need_b = [(_DECK_INDEX[d], decks.count(d)) for d in dict.fromkeys(decks)]
            return lambda sh, ba: min(ba[i] // k for i, k in need_b) if need_b else 0
    return None


def compile_totals_count(count: model.Count) -> Callable[[Sequence[int], Sequence[int]], int] | None:
    """``count`` as a function of one collection's face-up shield and banner totals (``fn(shields, banners)``),
    when it reads nothing else (shields of types, kinds of shield, sets, cards of a deck); else ``None``."""
    return _compile_totals(count)


def _picker(f: model.CardFilter | None, facts: Sequence[CardFacts]) -> Callable[
        [Sequence[Placed], Any, tuple[int, int]], list[Placed]]:
    """The face-up cells passing ``f``, by table when ``f`` reads only what is printed."""
    table = _static(f, facts) if f is not None else None
    if table is not None:
        up_ok = table[0]
        return lambda cells, me, o: [c for c in cells if not c.face_down and up_ok[c.card]]
    return _filtered(compile_filter(f, facts), face_up=True)


def _filtered(pred: Pred | None, face_up: bool = False) -> Callable[[Sequence[Placed], Any, tuple[int, int]],
                                                                          list[Placed]]:
    """The cells passing ``pred`` (face-up ones only if ``face_up``)."""
    if pred is None:
        if face_up:
            return lambda cells, me, o: [c for c in cells if not c.face_down]
        return lambda cells, me, o: list(cells)
    if face_up:
        return lambda cells, me, o: [c for c in cells if not c.face_down and pred(c, me, o)]
    return lambda cells, me, o: [c for c in cells if pred(c, me, o)]


def _compile_noun(count: model.CardCount, facts: Sequence[CardFacts]) -> _CellCount:
    """A noun of cards as a function of the cells in scope (see :data:`_CellCount`)."""
    match count:
        case Cards(on=None):
            return lambda cells, me, o, cap: len(cells)
        case Cards(on=FaceDown()):
            return lambda cells, me, o, cap: sum(1 for c in cells if c.face_down)
        case Cards(on=on) if on is not None and _static(on, facts) is not None:
            table = _static(on, facts)
            assert table is not None
            up_ok, down_ok = table
            if not down_ok:
                def face_up_passing(cells: Sequence[Placed], me: Any, o: tuple[int, int], cap: int) -> int:
                    n = 0  # (a loop reading the fields by position: the commonest count of the printed cards)
                    for c in cells:
                        if not c[_DOWN] and up_ok[c[_CARD]]:
                            n += 1
                    return n

                return face_up_passing
            return lambda cells, me, o, cap: sum(1 for c in cells if c.face_down or up_ok[c.card])
        case Cards(on=on):
            pred = compile_filter(on, facts)
            assert pred is not None
            return lambda cells, me, o, cap: sum(1 for c in cells if pred(c, me, o))
        case Shields(shields=(shield,), on=None) if cell_facts(facts) is None:
            one = _SHIELD_INDEX[shield]
            return lambda cells, me, o, cap: sum(facts[c.card].shields[one] for c in cells if not c.face_down)
        case Shields(shields=shields, on=on):
            pick = _picker(on, facts)
            if not shields:
                return lambda cells, me, o, cap: sum(facts[c.card].shield_count for c in pick(cells, me, o))
            indices = [_SHIELD_INDEX[s] for s in shields]
            of = cell_facts(facts)
            if of is not None:
                return lambda cells, me, o, cap: sum(of(c).shields[i] for c in pick(cells, me, o) for i in indices)
            return lambda cells, me, o, cap: sum(
                facts[c.card].shields[i] for c in pick(cells, me, o) for i in indices)
        case model.WildShields(on=on):
            pick = _picker(on, facts)
            return lambda cells, me, o, cap: sum(facts[c.card].wild for c in pick(cells, me, o))
        case ShieldTypes() | ShieldSets() | IdenticalShieldSets() | BannerSets():
            totals = _compile_totals(attrs.evolve(count, on=None))
            assert totals is not None
            pick = _picker(count.on, facts)

            def from_totals(cells: Sequence[Placed], me: Any, o: tuple[int, int], cap: int) -> int:
                chosen = pick(cells, me, o)
                return totals(_shield_totals(facts, chosen), _banner_totals(facts, chosen))

            return from_totals
        case DistinctCosts(on=on):
            pick = _picker(on, facts)
            return lambda cells, me, o, cap: len({facts[c.card].cost for c in pick(cells, me, o)})
        case CostSum(on=on):
            pick = _picker(on, facts)
            return lambda cells, me, o, cap: sum(facts[c.card].cost for c in pick(cells, me, o))
        case StoredGold(on=on):
            pick = _picker(on, facts)
            return lambda cells, me, o, cap: sum(c.gold for c in pick(cells, me, o))
        case GoldOnThisCard():
            return lambda cells, me, o, cap: me.gold if me is not None else 0
        case StoredKeys(on=on):
            pick = _picker(on, facts)
            return lambda cells, me, o, cap: sum(c.keys for c in pick(cells, me, o))
        case KeysOnThisCard():
            return lambda cells, me, o, cap: me.keys if me is not None else 0
        case EmptySpaces():
            return lambda cells, me, o, cap: max(0, cap - len(cells))
        case model.ConnectedCards(what=what, on=on, size=size, diagonal=diagonal):
            return _connected(what, on, facts, size, diagonal)
        case _:
            assert_never(count)


# --------------------------------------------------------------------------
# Groups of connected cards: a flood fill over the 9 spaces of a grid, done once for every set of spaces.
# --------------------------------------------------------------------------


def _neighbour_masks(diagonal: bool) -> tuple[int, ...]:
    """For each space of a 3x3 grid (bit ``3 * y + x``), the bits of the spaces next to it."""
    masks = []
    for y in range(3):
        for x in range(3):
            mask = 0
            for ny in range(3):
                for nx in range(3):
                    dx, dy = abs(nx - x), abs(ny - y)
                    if (dx + dy == 1) or (diagonal and dx == 1 and dy == 1):
                        mask |= 1 << (3 * ny + nx)
            masks.append(mask)
    return tuple(masks)


def _components_of(mask: int, near: tuple[int, ...]) -> tuple[int, ...]:
    """The groups of connected spaces of ``mask``, each as a mask, largest first."""
    found = []
    while mask:
        group = frontier = mask & -mask
        while frontier:
            bit = frontier & -frontier
            frontier ^= bit
            grown = near[bit.bit_length() - 1] & mask & ~group
            group |= grown
            frontier |= grown
        mask &= ~group
        found.append(group)
    return tuple(sorted(found, key=lambda group: -group.bit_count()))


#: For orthogonal (index 0) and diagonal (1) connection, each of the 512 sets of spaces of a 3x3 grid split into
#: its groups of connected spaces, largest first: once the passing cards' spaces are known, a count is a lookup.
_COMPONENTS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_components_of(mask, _neighbour_masks(diagonal)) for mask in range(512)) for diagonal in (False, True))
#: The same groups' sizes, largest first.
_SIZES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(group.bit_count() for group in groups) for groups in table) for table in _COMPONENTS)


def _spaces(chosen: Sequence[Placed]) -> tuple[int, int, int] | None:
    """The cards' spaces as a 9-bit mask of the 3x3 grid at their top-left corner, with that corner.

    ``None`` when they do not fit one grid, or two share a space (the cards of several tableaux): then
    they are grouped by a plain search (:func:`_connected_sizes_slowly`).
    """
    ox = min(c.x for c in chosen)
    oy = min(c.y for c in chosen)
    mask = 0
    for c in chosen:
        dx, dy = c.x - ox, c.y - oy
        if dx > 2 or dy > 2 or mask >> (3 * dy + dx) & 1:
            return None
        mask |= 1 << (3 * dy + dx)
    return mask, ox, oy


def _connected_sizes(chosen: Sequence[Placed], me: Any, diagonal: bool) -> tuple[tuple[int, ...], int]:
    """The sizes of the groups of connected cards among ``chosen`` (largest first), and ``me``'s (0 if not among
    them)."""
    if not chosen:
        return (), 0
    spaces = _spaces(chosen)
    if spaces is None:
        return _connected_sizes_slowly(chosen, me, diagonal)
    mask, ox, oy = spaces
    mine = 0
    if me is not None and me in chosen:
        bit = 1 << (3 * (me.y - oy) + me.x - ox)
        mine = next(g.bit_count() for g in _COMPONENTS[diagonal][mask] if g & bit)
    return _SIZES[diagonal][mask], mine


def _connected_sizes_slowly(cells: Sequence[Placed], me: Any, diagonal: bool) -> tuple[tuple[int, ...], int]:
    chosen = list(dict.fromkeys(cells))  # a card named twice is one card
    seen: set[int] = set()
    sizes, mine = [], 0
    for start in range(len(chosen)):
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            a = chosen[todo.pop()]
            for j, b in enumerate(chosen):
                dx, dy = abs(a.x - b.x), abs(a.y - b.y)
                if j not in group and (dx + dy == 1 or (diagonal and dx == 1 and dy == 1)):
                    group.add(j)
                    todo.append(j)
        seen |= group
        sizes.append(len(group))
        if me is not None and any(chosen[j] == me for j in group):
            mine = len(group)
    return tuple(sorted(sizes, reverse=True)), mine


def _connected(what: model.Connection, on: model.CardFilter | None, facts: Sequence[CardFacts], size: int,
               diagonal: bool) -> _CellCount:
    """Groups of connected cards passing ``on`` among the cells, of at least ``size`` cards (see ConnectedCards).

    A filter that reads only what is printed is a table by card (as for a count of cards), so the cards of a
    group are picked without calling a predicate per card.
    """
    table = _static(on, facts) if on is not None else None
    chosen: Callable[[Sequence[Placed], Any, tuple[int, int]], Sequence[Placed]]
    if on is None:
        chosen = lambda cells, me, o: cells  # noqa: E731
    elif table is not None:
        up_ok, down_ok = table
        chosen = lambda cells, me, o: [c for c in cells if (down_ok if c.face_down else up_ok[c.card])]  # noqa: E731
    else:
        pred = compile_filter(on, facts)
        assert pred is not None
        chosen = lambda cells, me, o: [c for c in cells if pred(c, me, o)]  # noqa: E731

    match what:
        case model.Connection.GROUPS:
            if size == 1:
                return lambda cells, me, o, cap: len(_connected_sizes(chosen(cells, me, o), None, diagonal)[0])

            def groups(cells: Sequence[Placed], me: Any, o: tuple[int, int], cap: int) -> int:
                return sum(1 for n in _connected_sizes(chosen(cells, me, o), None, diagonal)[0] if n >= size)

            return groups
        case model.Connection.LARGEST:
            def largest(cells: Sequence[Placed], me: Any, o: tuple[int, int], cap: int) -> int:
                sizes = _connected_sizes(chosen(cells, me, o), None, diagonal)[0]
                return sizes[0] if sizes and sizes[0] >= size else 0

            return largest
        case model.Connection.THIS:
            def this_group(cells: Sequence[Placed], me: Any, o: tuple[int, int], cap: int) -> int:
                mine = _connected_sizes(chosen(cells, me, o), me, diagonal)[1]
                return mine if mine >= size else 0

            return this_group
        case _:
            assert_never(what)


# --------------------------------------------------------------------------
# Scopes: which cells, whose supply.
# --------------------------------------------------------------------------

#: A selection of cells: ``fn(table, seat, index, extra) -> (cells, this_cell, capacity)``.
_Select = Callable[[Tableaux, int, int, Any], tuple[Sequence[Placed], Any, int]]
_POSITIONS = {Scope.ROW: Relation.ROW, Scope.COLUMN: Relation.COLUMN, Scope.ROW_AND_COLUMN: Relation.ROW_AND_COLUMN,
              Scope.ADJACENT: Relation.ADJACENT, Scope.DIAGONAL: Relation.DIAGONAL, Scope.AROUND: Relation.AROUND,
              Scope.ABOVE: Relation.ABOVE, Scope.BELOW: Relation.BELOW, Scope.LEFT: Relation.LEFT,
              Scope.RIGHT: Relation.RIGHT, Scope.DIRECTLY_ABOVE: Relation.DIRECTLY_ABOVE,
              Scope.DIRECTLY_BELOW: Relation.DIRECTLY_BELOW, Scope.DIRECTLY_LEFT: Relation.DIRECTLY_LEFT,
              Scope.DIRECTLY_RIGHT: Relation.DIRECTLY_RIGHT, Scope.DIAGONALS: Relation.DIAGONALS}
#: The most cards a place around this card can hold in a 3x3 grid (what 'empty space' counts from).
_CAPACITY = {Scope.ROW: 3, Scope.COLUMN: 3, Scope.ROW_AND_COLUMN: 5, Scope.ADJACENT: 4, Scope.DIAGONAL: 4,
             Scope.AROUND: 8, Scope.ABOVE: 2, Scope.BELOW: 2, Scope.LEFT: 2, Scope.RIGHT: 2, Scope.DIRECTLY_ABOVE: 1,
             Scope.DIRECTLY_BELOW: 1, Scope.DIRECTLY_LEFT: 1, Scope.DIRECTLY_RIGHT: 1, Scope.DIAGONALS: 4}


def _loose(cards: tuple[int, ...]) -> list[Placed]:
    return [Placed(card, 0, 0) for card in cards]


def _select(scope: Scope) -> _Select:
    """The cells a count in ``scope`` reads (the NEIGHBOUR scope is handled by its caller)."""
    match scope:
        case Scope.TABLEAU:
            def mine(t: Tableaux, seat: int, index: int, extra: Any) -> tuple[Sequence[Placed], Any, int]:
                cells = t.tableaux[seat]
                return cells, cells[index] if 0 <= index < len(cells) else None, 9

            return mine
        case (Scope.ROW | Scope.COLUMN | Scope.ROW_AND_COLUMN | Scope.ADJACENT | Scope.DIAGONAL | Scope.AROUND
              | Scope.ABOVE | Scope.BELOW | Scope.LEFT | Scope.RIGHT | Scope.DIRECTLY_ABOVE | Scope.DIRECTLY_BELOW
              | Scope.DIRECTLY_LEFT | Scope.DIRECTLY_RIGHT | Scope.DIAGONALS):
            near = _relation(_POSITIONS[scope])
            capacity = _CAPACITY[scope]
            include_me = scope in (Scope.ROW, Scope.COLUMN, Scope.ROW_AND_COLUMN)

            def around(t: Tableaux, seat: int, index: int, extra: Any) -> tuple[Sequence[Placed], Any, int]:
                cells = t.tableaux[seat]
                me = cells[index]
                chosen = [c for c in cells if near(c, me) and (include_me or c is not me)]
                return chosen, me, capacity

            return around
        case Scope.THEIRS:
            return lambda t, seat, index, extra: (t.tableaux[extra[0]], None, 9)
        case Scope.EVERY_TABLEAU:
            return lambda t, seat, index, extra: ([c for cells in t.tableaux for c in cells], None, 9)
        case Scope.OPPONENTS:
            return lambda t, seat, index, extra: (
                [c for other, cells in enumerate(t.tableaux) if other != seat for c in cells], None, 9)
        case Scope.NEIGHBOURS:
            return lambda t, seat, index, extra: (
                [c for other in neighbours(seat, len(t.tableaux)) for c in t.tableaux[other]], None, 9)
        case Scope.LEFT_NEIGHBOUR | Scope.RIGHT_NEIGHBOUR:
            group = PlayerGroup.LEFT if scope is Scope.LEFT_NEIGHBOUR else PlayerGroup.RIGHT
            return lambda t, seat, index, extra: (
                [c for other in players_of(group, seat, len(t.tableaux)) for c in t.tableaux[other]], None, 9)
        case Scope.CASTLE_ROW | Scope.VILLAGE_ROW:
            deck = 0 if scope is Scope.CASTLE_ROW else 1
            return lambda t, seat, index, extra: (_loose(t.row(deck)), None, 3)
        case Scope.CASTLE_PILE | Scope.VILLAGE_PILE:
            deck = 0 if scope is Scope.CASTLE_PILE else 1
            return lambda t, seat, index, extra: (_loose(t.discard_pile(deck)), None, 0)
        case Scope.BOTH_PILES:
            return lambda t, seat, index, extra: (_loose(t.discard_pile(0) + t.discard_pile(1)), None, 0)
        case Scope.DISCARDED:
            return lambda t, seat, index, extra: (_loose(t.discarded), None, 0)
        case Scope.GROUP:
            return lambda t, seat, index, extra: (extra[1], None, len(extra[1]))
        case Scope.CASTLE_DECK | Scope.VILLAGE_DECK:
            raise ValueError("a deck's cards are hidden, only their number is counted: see _cards_per_with")
        case Scope.NEIGHBOUR:
            raise ValueError("a neighbour's count is the better of two: see compile_per_with")
        case _:
            assert_never(scope)


def _keys(t: Tableaux, seat: int) -> int:
    return t.keys[seat] + sum(1 for c in t.tableaux[seat] if c.key)


def _supply(count: model.PlayerCount) -> Callable[[Tableaux, int], int]:
    """What a player holds (keys, gold) as a function of a seat."""
    match count:
        case KeysOwned():
            return _keys
        case Gold():
            return lambda t, seat: t.gold[seat]
        case _:
            assert_never(count)


@functools.lru_cache(maxsize=256)
def neighbours(seat: int, seats: int) -> tuple[int, ...]:
    """The seats to the left and to the right of ``seat`` (one seat in a game of two, none alone).

    Memoised, as :func:`players_of` is: a pure function of two small numbers, asked by every count of a neighbour's
    cards."""
    return tuple(sorted({(seat - 1) % seats, (seat + 1) % seats} - {seat}))


@functools.lru_cache(maxsize=1024)
def players_of(group: PlayerGroup, seat: int, seats: int) -> tuple[int, ...]:
    """The seats of ``group`` seen from ``seat``, in turn order from the seat's left."""
    others = tuple((seat + k) % seats for k in range(1, seats))
    match group:
        case PlayerGroup.OPPONENTS:
            return others
        case PlayerGroup.NEIGHBOURS:
            return tuple(s for s in others if s in neighbours(seat, seats))
        case PlayerGroup.PLAYERS:
            return (seat, *others)
        case PlayerGroup.LEFT:
            return ((seat + 1) % seats,) if seats > 1 else ()
        case PlayerGroup.RIGHT:
            return ((seat - 1) % seats,) if seats > 1 else ()
        case _:
            assert_never(group)


def _groups(kind: GroupKind, cells: Sequence[Placed]) -> list[tuple[Placed, ...]]:
    """The rows, columns, lines or pairs of ``cells`` (a tableau), each as a tuple of its cards."""
    match kind:
        case GroupKind.ROW:
            return [tuple(c for c in cells if c.y == y) for y in sorted({c.y for c in cells})]
        case GroupKind.COLUMN:
            return [tuple(c for c in cells if c.x == x) for x in sorted({c.x for c in cells})]
        case GroupKind.LINE:
            return _groups(GroupKind.ROW, cells) + _groups(GroupKind.COLUMN, cells)
        case GroupKind.ADJACENT_PAIR:
            return [(a, b) for i, a in enumerate(cells) for b in cells[i + 1:]
                    if abs(a.x - b.x) + abs(a.y - b.y) == 1]
        case GroupKind.DIAGONAL_PAIR:
            return [(a, b) for i, a in enumerate(cells) for b in cells[i + 1:]
                    if abs(a.x - b.x) == 1 and abs(a.y - b.y) == 1]
        case _:
            assert_never(kind)


def _origin_of(cells: Sequence[Placed]) -> tuple[int, int]:
    return (min(c.x for c in cells), min(c.y for c in cells)) if cells else _NO_ORIGIN


def _no_origin(cells: Sequence[Placed]) -> tuple[int, int]:
    """The origin a count that asks no region of the grid is given: it is never read."""
    return _NO_ORIGIN


def _origin_for(node: object) -> Callable[[Sequence[Placed]], tuple[int, int]]:
    """How to find the grid's top-left corner for ``node``: only a count asking a region of the grid needs it."""
    return _origin_of if any(isinstance(n, InRegion) for n in model.walk(node)) else _no_origin


def compile_per_with(per: model.Per, facts: Sequence[CardFacts], side: int | None = None) -> ExtraCountFn:
    """``per`` as ``fn(table, seat, index, extra)``: the count in a quantifier or an effect on other players.

    ``extra`` is the seat of the player being talked about for ``THEIRS``, or
    the cells of the row or pair for ``GROUP``. A row, column or pair counted
    in an ability is one of the tableau as it is then; a region of the grid is
    matched against the tableau's top-left corner. ``side`` picks the
    neighbour a count "in a neighbour's tableau" reads (0: the first of
    :func:`neighbours`, 1: the other, the same one in a game of two);
    ``None`` reads the larger of the two counts (an ability's reading).
    """
    count, scope, every = per.count, per.scope, per.every
    fn = _compile_per_with(count, scope, facts, side)
    if every > 1:
        return lambda t, s, i, x: fn(t, s, i, x) // every
    return fn


def _compile_per_with(count: model.Count, scope: Scope, facts: Sequence[CardFacts],
                      side: int | None = None) -> ExtraCountFn:
    """One noun in one scope, by the union of nouns: quantifiers, a player's supply, and nouns of cards."""
    match count:
        case Groups(kind=kind, condition=condition):
            test = compile_test(condition, facts, side) if condition is not None else None
            owner = _select(Scope.TABLEAU if scope not in (Scope.THEIRS,) else Scope.THEIRS)

            def groups(t: Tableaux, seat: int, index: int, extra: Any) -> int:
                cells = owner(t, seat, index, extra)[0]
                found = _groups(kind, cells)
                if test is None:
                    return len(found)
                origin = _origin_of(t.tableaux[seat])
                them = extra[0] if extra is not None else None
                return sum(1 for group in found if test(t, seat, index, origin, (them, group)))

            return groups
        case Players(group=who, condition=condition):
            test = compile_test(condition, facts, side) if condition is not None else None

            def players(t: Tableaux, seat: int, index: int, extra: Any) -> int:
                chosen = players_of(who, seat, len(t.tableaux))
                if test is None:
                    return len(chosen)
                cells = extra[1] if extra is not None else None
                origin = _origin_of(t.tableaux[seat])
                return sum(1 for them in chosen if test(t, seat, index, origin, (them, cells)))

            return players
        case KeysOwned() | Gold():
            return _player_per_with(_supply(count), scope)
        case _:
            return _cards_per_with(count, scope, facts, side)


def _player_per_with(player: Callable[[Tableaux, int], int], scope: Scope) -> ExtraCountFn:
    """What a player holds, counted in a scope: the player talked about, a neighbour, everyone, the opponents."""
    match scope:
        case Scope.THEIRS:
            return lambda t, seat, index, extra: player(t, extra[0])
        case Scope.NEIGHBOUR:
            return lambda t, seat, index, x: max((player(t, n) for n in neighbours(seat, len(t.tableaux))),
                                                 default=0)
        case Scope.EVERY_TABLEAU:
            return lambda t, seat, index, x: sum(player(t, s) for s in range(len(t.tableaux)))
        case Scope.OPPONENTS:
            return lambda t, seat, index, x: sum(player(t, s) for s in range(len(t.tableaux)) if s != seat)
        case Scope.NEIGHBOURS:
            return lambda t, seat, index, x: sum(player(t, s) for s in neighbours(seat, len(t.tableaux)))
        case Scope.LEFT_NEIGHBOUR | Scope.RIGHT_NEIGHBOUR:
            group = PlayerGroup.LEFT if scope is Scope.LEFT_NEIGHBOUR else PlayerGroup.RIGHT
            return lambda t, seat, index, x: sum(player(t, s) for s in players_of(group, seat, len(t.tableaux)))
    return lambda t, seat, index, x: player(t, seat)  # the owner's (other places are refused by validation)


def _cards_per_with(count: model.CardCount, scope: Scope, facts: Sequence[CardFacts],
                    side: int | None = None) -> ExtraCountFn:
    """A noun of cards counted on the cards of a scope (``side``: see :func:`compile_per_with`)."""
    noun = _compile_noun(count, facts)
    origin_of = _origin_for(count)
    if scope is Scope.NEIGHBOUR and side is not None:
        def in_one_neighbour(t: Tableaux, seat: int, index: int, extra: Any) -> int:
            mine = t.tableaux[seat]
            me = mine[index] if 0 <= index < len(mine) else None
            near = neighbours(seat, len(t.tableaux))
            if not near:
                return 0
            return noun(t.tableaux[near[min(side, len(near) - 1)]], me, origin_of(mine), 9)

        return in_one_neighbour
    if scope is Scope.NEIGHBOUR:
        def in_neighbour(t: Tableaux, seat: int, index: int, extra: Any) -> int:
            mine = t.tableaux[seat]
            me = mine[index] if 0 <= index < len(mine) else None
            origin = origin_of(mine)
            return max((noun(t.tableaux[other], me, origin, 9) for other in neighbours(seat, len(t.tableaux))),
                       default=0)

        return in_neighbour
    if scope in DECK_SCOPES:
        # Only plain "card" is counted in a deck (validation refuses the rest): the cards left in it now, as the
        # deck is when the count is taken (after a reshuffle of its discard pile, the reshuffled deck).
        deck = 0 if scope is Scope.CASTLE_DECK else 1
        return lambda t, seat, index, extra: t.deck_size(deck)
    select = _select(scope)

    def counted(t: Tableaux, seat: int, index: int, extra: Any) -> int:
        cells, me, capacity = select(t, seat, index, extra)
        mine = t.tableaux[seat]
        if me is None and 0 <= index < len(mine):
            me = mine[index]
        return noun(cells, me, origin_of(mine), capacity)

    return counted


def _plain(per: model.Per) -> bool:
    """Whether a count needs no player or group to be evaluated (so it compiles to a :data:`CountFn`)."""
    return per.scope not in (Scope.THEIRS, Scope.GROUP) and not isinstance(per.count, (Groups, Players))


def compile_per(per: model.Per, facts: Sequence[CardFacts], side: int | None = None) -> CountFn:
    """Compile ``per`` (a count in a scope) into a :data:`CountFn`.

    Row and column mean the cards that share this card's y or x *now*; at the
    end of the game that is the final grid's row and column. A neighbour
    count is the larger of the two neighbours' counts (the rules page: the
    owner's choice, and a bigger count is never worse).
    """
    count, scope = per.count, per.scope
    if per.every == 1 and scope is Scope.TABLEAU:
        if isinstance(count, KeysOwned):
            # Keys waiting on lock cards are owned too (they score and count "per key"), though not spendable.
            return lambda table, seat, index: table.keys[seat] + sum(1 for c in table.tableaux[seat] if c.key)
        totals = _compile_totals(count)
        if totals is not None:
            # Whole-tableau shield and banner counts read the totals each seat keeps up to date.
            return lambda table, seat, index: totals(table.shields[seat], table.banners[seat])
        if counts_cards(count):
            noun = _compile_noun(count, facts)
            origin_of = _origin_for(count)

            def in_tableau(table: Tableaux, seat: int, index: int) -> int:
                cells = table.tableaux[seat]
                return noun(cells, cells[index], origin_of(cells), 9)

            return in_tableau
    if per.every == 1 and scope in _POSITIONS and counts_cards(count):
        line_noun = _compile_noun(count, facts)
        line_origin = _origin_for(count)
        capacity = _CAPACITY[scope]
        if scope in (Scope.ROW, Scope.COLUMN, Scope.ROW_AND_COLUMN):
            same_row = scope is not Scope.COLUMN
            same_column = scope is not Scope.ROW

            def in_line(table: Tableaux, seat: int, index: int) -> int:
                cells = table.tableaux[seat]
                me = cells[index]
                x, y = me.x, me.y
                chosen = [c for c in cells if (same_row and c.y == y) or (same_column and c.x == x)]
                return line_noun(chosen, me, line_origin(cells), capacity)

            return in_line
        near = _relation(_POSITIONS[scope])

        def next_to(table: Tableaux, seat: int, index: int) -> int:
            cells = table.tableaux[seat]
            me = cells[index]
            return line_noun([c for c in cells if c is not me and near(c, me)], me, line_origin(cells), capacity)

        return next_to
    fn = compile_per_with(per, facts, side)
    return lambda table, seat, index: fn(table, seat, index, None)


#: A count in its owner's own tableau: ``count(cells, shield_totals, banner_totals, index_of_the_card)``.
OwnCountFn = Callable[[Sequence[Placed], Sequence[int], Sequence[int], int], int]


def compile_own_count(per: model.Per, facts: Sequence[CardFacts]) -> OwnCountFn | None:
    """``per`` as a function of the owner's tableau and totals alone, when it reads nothing else.

    That is a count over the whole tableau of anything but keys and gold
    (they change as an ability gains them, and are a seat's supply, not its
    tableau) and but the quantifiers. The engine's fast take uses it to count
    without a scratch table; for any other count it returns ``None`` and the
    engine takes the general path.
    """
    count = per.count
    if per.scope is not Scope.TABLEAU or per.every != 1 or not counts_cards(count):
        return None
    totals = _compile_totals(count)
    if totals is not None:
        return lambda cells, shields, banners, index: totals(shields, banners)
    noun = _compile_noun(count, facts)
    origin = _origin_for(count)  # the grid's corner only for a count that asks a region of it (a rare one)
    return lambda cells, shields, banners, index: noun(cells, cells[index], origin(cells), 9)


# --------------------------------------------------------------------------
# Conditions.
# --------------------------------------------------------------------------


def _alike(trait: Trait, same: bool, facts: Sequence[CardFacts]) -> Callable[[Sequence[Placed]], bool]:
    of = cell_facts(facts)

    def values(c: Placed) -> set[Any]:
        f = facts[c.card] if of is None else of(c)
        match trait:
            case Trait.SHIELD:
                return {i for i, n in enumerate(f.shields) if n}
            case Trait.DECK:
                return {f.deck}
            case Trait.COST:
                return {f.cost}
            case _:
                assert_never(trait)

    def all_share(cells: Sequence[Placed]) -> bool:
        if not cells or any(c.face_down for c in cells):
            return False
        common = values(cells[0])
        for c in cells[1:]:
            common &= values(c)
        return bool(common)

    def none_share(cells: Sequence[Placed]) -> bool:
        if any(c.face_down for c in cells):
            return False
        for i, a in enumerate(cells):
            for b in cells[i + 1:]:
                if values(a) & values(b):
                    return False
        return True

    return all_share if same else none_share


def compile_test(condition: model.Condition, facts: Sequence[CardFacts], side: int | None = None) -> TestFn:
    """Compile a condition into ``fn(table, seat, index, origin, extra) -> bool`` (see :data:`TestFn`).

    In an ability ``origin`` is unused: a condition on the card's place in
    the final grid is refused there by validation. ``side``: see
    :func:`compile_per_with`.
    """
    match condition:
        case CountIs(per=per, comparison=comparison, value=value):
            left = compile_per_with(per, facts, side)
            holds = _compare(comparison)
            if isinstance(value, model.Per):
                right = compile_per_with(value, facts, side)
                return lambda t, s, i, o, x: holds(left(t, s, i, x), right(t, s, i, x))
            return lambda t, s, i, o, x: holds(left(t, s, i, x), value)
        case PlacedIn(region=region):
            cells = region.cells

            def placed_in(t: Tableaux, seat: int, index: int, origin: tuple[int, int], extra: Any) -> bool:
                me = t.tableaux[seat][index]
                return (me.x - origin[0], me.y - origin[1]) in cells

            return placed_in
        case MessengerAt(deck=deck):
            at = 0 if deck is model.Deck.CASTLE else 1
            return lambda t, s, i, o, x: t.messenger == at
        case TookReserved(face_up=face_up):
            ways = (frozenset({FROM_RESERVE_FACE_UP, FROM_RESERVE_FACE_DOWN}) if face_up is None
                    else frozenset({FROM_RESERVE_FACE_UP if face_up else FROM_RESERVE_FACE_DOWN}))
            return lambda t, s, i, o, x: any(c.from_reserve in ways for c in t.tableaux[s])
        case HasReserved(held=held, theirs=about_them):
            if about_them:  # the player a quantifier is about
                return lambda t, s, i, o, x: bool(t.reserved[x[0]]) is held
            return lambda t, s, i, o, x: bool(t.reserved[s]) is held
        case Compared(per=per, comparison=comparison, against=against):
            mine = compile_per_with(per, facts, side)
            theirs = compile_per_with(per.scoped(Scope.THEIRS), facts, side)
            holds = _compare(comparison)

            about_them = per.scope is Scope.THEIRS  # "each opponent with the most gold": them against their rivals

            def compared(t: Tableaux, seat: int, index: int, origin: tuple[int, int], extra: Any) -> bool:
                value = mine(t, seat, index, extra)
                group = extra[1] if extra is not None else None
                subject = extra[0] if about_them and extra is not None else seat
                return all(holds(value, theirs(t, seat, index, (other, group)))
                           for other in players_of(against, subject, len(t.tableaux)))

            return compared
        case Alike(trait=trait, same=same, cards=cards):
            same_trait = _alike(trait, same, facts)
            assert isinstance(cards.count, Cards)
            pick = compile_filter(cards.count.on, facts)
            if cards.scope is Scope.NEIGHBOUR:
                def alike_in_a_neighbours(t: Tableaux, seat: int, index: int, origin: tuple[int, int],
                                          extra: Any) -> bool:
                    # One neighbour, the better for you: the rule's chosen one (``side``), else either of them.
                    near = neighbours(seat, len(t.tableaux))
                    if side is not None and near:
                        near = (near[min(side, len(near) - 1)],)
                    mine = t.tableaux[seat]
                    me = mine[index] if 0 <= index < len(mine) else None
                    return any(same_trait([c for c in t.tableaux[n] if pick is None or pick(c, me, origin)])
                               for n in near)

                return alike_in_a_neighbours
            select = _select(cards.scope)

            def alike(t: Tableaux, seat: int, index: int, origin: tuple[int, int], extra: Any) -> bool:
                chosen, me, _ = select(t, seat, index, extra)
                mine = t.tableaux[seat]
                if me is None and 0 <= index < len(mine):
                    me = mine[index]
                return same_trait([c for c in chosen if pick is None or pick(c, me, origin)])

            return alike
        case And(conditions=conditions):
            tests = [compile_test(c, facts, side) for c in conditions]
            return lambda t, s, i, o, x: all(test(t, s, i, o, x) for test in tests)
        case Or(conditions=conditions):
            tests = [compile_test(c, facts, side) for c in conditions]
            return lambda t, s, i, o, x: any(test(t, s, i, o, x) for test in tests)
        case Not(condition=inner):
            test = compile_test(inner, facts, side)
            return lambda t, s, i, o, x: not test(t, s, i, o, x)
        case _:
            assert_never(condition)


def compile_condition(condition: model.Condition, facts: Sequence[CardFacts], side: int | None = None) -> ScoreFn:
    """Compile a condition into a function giving 1 if it holds, else 0 (a :data:`ScoreFn`)."""
    if isinstance(condition, PlacedIn):
        cells = condition.region.cells

        def placed_in(table: Tableaux, seat: int, index: int, origin: tuple[int, int]) -> int:
            me = table.tableaux[seat][index]
            return 1 if (me.x - origin[0], me.y - origin[1]) in cells else 0

        return placed_in
    if isinstance(condition, CountIs) and not isinstance(condition.value, model.Per) and _plain(condition.per):
        count = compile_per(condition.per, facts, side)
        holds, value = _compare(condition.comparison), condition.value
        return lambda t, s, i, o: 1 if holds(count(t, s, i), value) else 0
    test = compile_test(condition, facts, side)
    return lambda t, s, i, o: 1 if test(t, s, i, o, None) else 0


# --------------------------------------------------------------------------
# Scoring rules.
# --------------------------------------------------------------------------


def _bounded(points: int, count: CountFn, up_to: int | None, at_least: int | None) -> ScoreFn:
    if up_to is None and at_least is None:
        return lambda t, s, i, o: points * count(t, s, i)
    high = up_to if up_to is not None else None
    low = at_least if at_least is not None else None

    def bounded(t: Tableaux, s: int, i: int, o: tuple[int, int]) -> int:
        value = points * count(t, s, i)
        if low is not None:
            value = max(value, low)
        if high is not None:
            value = min(value, high)
        return value

    return bounded


def _score_per(rule: model.ScorePer, facts: Sequence[CardFacts], side: int | None = None) -> ScoreFn:
    per, count = rule.per, rule.per.count
    if rule.times is not None:
        # "score 1 per faith card per castle card": the product of the two counts, then the bounds.
        first, second = compile_per(per, facts, side), compile_per(rule.times, facts, side)
        return _bounded(rule.points, lambda t, s, i: first(t, s, i) * second(t, s, i), rule.up_to, rule.at_least)
    if per.scope is Scope.TABLEAU and per.every == 1 and rule.up_to is None and rule.at_least is None:
        # The most common rules ("score 2 per military shield", "score 1 per castle card") as one call that reads
        # the totals each seat keeps, instead of a chain of three.
        points = rule.points
        match count:
            case Shields(shields=(shield,), on=None):
                at = _SHIELD_INDEX[shield]
                return lambda t, s, i, o: points * t.shields[s][at]
            case Cards(on=DeckIs(deck=deck)):
                d = _DECK_INDEX[deck]
                return lambda t, s, i, o: points * t.banners[s][d]
        totals = _compile_totals(count)
        if totals is not None:
            return lambda t, s, i, o: points * totals(t.shields[s], t.banners[s])
    if (per.scope in (Scope.ROW, Scope.COLUMN, Scope.ROW_AND_COLUMN) and per.every == 1 and rule.up_to is None
            and rule.at_least is None and cell_facts(facts) is None):
        match count:
            case Shields(shields=(shield,), on=None):  # "score 4 per nobility shield in column"
                of_type = tuple(f.shields[_SHIELD_INDEX[shield]] for f in facts)
                return _in_line(rule.points, per.scope, of_type)
            case ShieldTypes(on=None) | ShieldSets(on=None) | IdenticalShieldSets(on=None) | BannerSets(on=None):
                # "score 4 per type of shield in row": the count of the line's face-up cards' shield and banner totals
                line_totals = _compile_totals(count)
                assert line_totals is not None
                return _totals_in_line(rule.points, per.scope, line_totals, facts)
    if per.scope is Scope.TABLEAU and per.every == 1 and counts_cards(count):
        if type(count) is GoldOnThisCard and rule.up_to is None and rule.at_least is None:
            points = rule.points  # "score 2 per gold on this card"

            def on_this_card(t: Tableaux, s: int, i: int, o: tuple[int, int]) -> int:
                return points * t.tableaux[s][i][_GOLD]

            return on_this_card
        noun = _compile_noun(count, facts) if _compile_totals(count) is None else None
        if noun is not None:
            # The cards of the tableau counted in one call (a region of the grid is matched against the final
            # grid's corner, which scoring passes in; no other noun reads it).
            points = rule.points

            def in_grid(t: Tableaux, s: int, i: int, o: tuple[int, int]) -> int:
                cells = t.tableaux[s]
                return points * noun(cells, cells[i], o, 9)

            return _bounded_fn(in_grid, rule.up_to, rule.at_least)
    return _bounded(rule.points, compile_per(per, facts, side), rule.up_to, rule.at_least)


#: Where a placed card keeps its fields, read by position in the commonest scorers (a field read by name on a
#: named tuple costs more than an index into it).
_CARD, _X, _Y, _DOWN, _GOLD, _KEY = (Placed._fields.index(f) for f in ("card", "x", "y", "face_down", "gold", "key"))


def _in_line(points: int, scope: Scope, values: Sequence[int]) -> ScoreFn:
    """``points`` times the sum of ``values[card]`` over the face-up cards in this card's row, column, or both
    (``scope``), this card included: "score 3 per faith shield in row" (``values``: each card's faith shields).

    One loop over the tableau reading the fields by position (a row or a column: one axis; both: two).
    """
    if scope is not Scope.ROW_AND_COLUMN:
        axis = _Y if scope is Scope.ROW else _X  # a row's cards share their y; a column's, their x

        def in_row_or_column(t: Tableaux, s: int, i: int, o: tuple[int, int]) -> int:
            cells = t.tableaux[s]
            line = cells[i][axis]
            n = 0
            for c in cells:
                if c[axis] == line and not c[_DOWN]:
                    n += values[c[_CARD]]
            return points * n

        return in_row_or_column
    assert scope is Scope.ROW_AND_COLUMN

    def in_row_and_column(t: Tableaux, s: int, i: int, o: tuple[int, int]) -> int:
        cells = t.tableaux[s]
        me = cells[i]
        x, y = me[_X], me[_Y]
        n = 0
        for c in cells:
            if (c[_Y] == y or c[_X] == x) and not c[_DOWN]:
                n += values[c[_CARD]]
        return points * n

    return in_row_and_column


def _totals_in_line(points: int, scope: Scope, totals: _TotalsCount, facts: Sequence[CardFacts]) -> ScoreFn:
    """``points`` times a count of the shield and banner totals (``totals``) of the face-up cards in this card's
    row, column, or both (``scope``), this card included: "score 4 per type of shield in row"."""
    same_row = scope is not Scope.COLUMN
    same_column = scope is not Scope.ROW

    def totals_in_line(t: Tableaux, s: int, i: int, o: tuple[int, int]) -> int:
        cells = t.tableaux[s]
        me = cells[i]
        x, y = me[_X], me[_Y]
        line = [c for c in cells if ((same_row and c[_Y] == y) or (same_column and c[_X] == x)) and not c[_DOWN]]
        return points * totals(_shield_totals(facts, line), _banner_totals(facts, line))

    return totals_in_line


def _bounded_fn(fn: ScoreFn, up_to: int | None, at_least: int | None) -> ScoreFn:
    if up_to is None and at_least is None:
        return fn

    def bounded(t: Tableaux, s: int, i: int, o: tuple[int, int]) -> int:
        value = fn(t, s, i, o)
        if at_least is not None:
            value = max(value, at_least)
        if up_to is not None:
            value = min(value, up_to)
        return value

    return bounded


def _score_if(points: int, test: ScoreFn) -> ScoreFn:
    def score_if(table: Tableaux, seat: int, index: int, origin: tuple[int, int]) -> int:
        return points * test(table, seat, index, origin)

    return score_if


def _fixed(points: int) -> ScoreFn:
    """``score 5``: the same points in any grid."""
    return lambda table, seat, index, origin: points


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


def _one_neighbour(rule: model.Scoring, compile_for: Callable[[int | None], ScoreFn]) -> ScoreFn:
    """A scoring rule reading "a neighbour's tableau": its points with the neighbour that gives it more.

    The owner chooses the left or the right neighbour for the whole rule (every
    count of it "in a neighbour's tableau" reads that one), the better for
    them: so a negative score, or a condition asking for few cards, reads the
    neighbour with fewer. A rule without such a count is compiled as it is.
    """
    if not any(isinstance(node, model.Per) and node.scope is Scope.NEIGHBOUR for node in model.walk(rule)):
        return compile_for(None)
    first, second = compile_for(0), compile_for(1)
    return lambda t, s, i, o: max(first(t, s, i, o), second(t, s, i, o))


def _per_rule(rule: model.ScorePer, facts: Sequence[CardFacts]) -> Callable[[int | None], ScoreFn]:
    condition = rule.condition
    if condition is None:
        return lambda side: _score_per(rule, facts, side)

    def conditional(side: int | None) -> ScoreFn:
        # "score 2 per faith card if ...": the whole rule (its floor too) scores 0 unless the condition holds.
        per, test = _score_per(rule, facts, side), compile_condition(condition, facts, side)
        return lambda t, s, i, o: per(t, s, i, o) if test(t, s, i, o) else 0

    return conditional


def _if_rule(points: int, condition: model.Condition,
             facts: Sequence[CardFacts]) -> Callable[[int | None], ScoreFn]:
    # The commonest conditions of the printed cards as one call: a place in the final grid ("score 5 if placed in
    # the top row"), and a count of shields or banners in the whole tableau ("score 10 if no faith shield").
    match condition:
        case PlacedIn(region=region):
            cells = region.cells

            def placed_in(t: Tableaux, s: int, i: int, o: tuple[int, int]) -> int:
                me = t.tableaux[s][i]
                return points if (me.x - o[0], me.y - o[1]) in cells else 0

            return lambda side: placed_in
        case CountIs(per=model.Per(scope=Scope.TABLEAU, every=1, count=count), comparison=comparison,
                     value=int() as value) if _compile_totals(count) is not None:
            totals = _compile_totals(count)
            assert totals is not None
            holds = _compare(comparison)
            return lambda side: lambda t, s, i, o: points if holds(totals(t.shields[s], t.banners[s]), value) else 0
    return lambda side: _score_if(points, compile_condition(condition, facts, side))


def _best_of(scorers: Sequence[ScoreFn]) -> ScoreFn:
    return lambda t, s, i, o: max(score(t, s, i, o) for score in scorers)


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
        match rule:
            case model.ScoreAsAdjacent():
                parts.append(_score_as_adjacent(facts, scorer_of))
            case model.ScorePer():
                parts.append(_one_neighbour(rule, _per_rule(rule, facts)))
            case model.ScoreIf(points=points, condition=condition):
                parts.append(_one_neighbour(rule, _if_rule(points, condition, facts)))
            case model.ScoreFixed(points=points):
                parts.append(_fixed(points))
            case model.ScoreForChosenShield():
                # A choice made at the end of the game is the best for its owner: the most of the six types.
                each = [compile_scoring((rule.for_shield(shield),), facts, scorer_of) for shield in model.Shield]
                parts.append(_best_of([fn for fn in each if fn is not None]))
            case _:
                assert_never(rule)
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    return lambda t, s, i, o: sum(part(t, s, i, o) for part in parts)
