"""Random tables and random expressions of the card language, drawn from its parts.

Used to compare the engine's compiled counts, conditions, amounts and scoring
rules with the judge (``naive_language.py``): the property test in
``test_language_judge.py`` draws a few hundred cases through hypothesis, and
``benchmarks/judge_soak.py`` draws tens of thousands. Every generator takes a
``random.Random``, so a case is reproduced from its seed.

Expressions are drawn from the model's unions themselves (``typing.get_args``
of ``CardFilter``, ``Count``, ``Condition``, ``Effect``, ...): a class is
picked among a union's members and each of its fields drawn from its type
annotation, so a part added to a union is drawn without editing this module.
The few fields whose meaning narrows what may stand there (a count's place
inside a quantifier, the cards compared by a trait) have their own drawing
below; numbers are drawn in small ranges (``INT_RANGES``, 1 to 3 otherwise).

A drawn expression is well formed (each part's fields in range) but need not
be valid where it is used: the two evaluators must agree on everything the
model can say, not only on what validation lets through.
"""

from __future__ import annotations

import enum
import functools
import random
import types
import typing
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from castle_combo.engine.counting import Placed, card_facts, tableau_totals
from castle_combo.language import model as m
from castle_combo.language.model import Comparison, Deck, Scope, Shield

SHIELDS = list(Shield)
DECKS = [Deck.CASTLE, Deck.VILLAGE]
COMPARISONS = list(Comparison)
#: Scopes any count may be taken in, with no player or group being talked about.
PLAIN_SCOPES = [Scope.TABLEAU, Scope.ROW, Scope.COLUMN, Scope.ROW_AND_COLUMN, Scope.NEIGHBOUR, Scope.ADJACENT,
                Scope.DIAGONAL, Scope.AROUND, Scope.EVERY_TABLEAU, Scope.OPPONENTS, Scope.NEIGHBOURS, Scope.CASTLE_ROW,
                Scope.VILLAGE_ROW, Scope.CASTLE_PILE, Scope.VILLAGE_PILE, Scope.BOTH_PILES, Scope.DISCARDED, Scope.ABOVE, Scope.BELOW,
                Scope.LEFT, Scope.RIGHT, Scope.DIRECTLY_ABOVE, Scope.DIRECTLY_BELOW, Scope.DIRECTLY_LEFT,
                Scope.DIRECTLY_RIGHT, Scope.DIAGONALS, Scope.LEFT_NEIGHBOUR, Scope.RIGHT_NEIGHBOUR]


# --------------------------------------------------------------------------
# Cards and tables
# --------------------------------------------------------------------------


def random_cards(rng: random.Random, count: int = 24) -> list[m.Card]:
    """``count`` cards with every printed part somewhere: purses, locks, wild and chosen shields, abilities,
    triggers."""
    cards = []
    for i in range(count):
        shields = tuple(rng.choice(SHIELDS) for _ in range(rng.randint(1, 2)))
        wild = 1 if len(shields) == 1 and rng.random() < 0.15 else 0
        ability: tuple[m.Effect, ...] = ()
        roll = rng.random()
        if roll < 0.25:
            ability = (m.Gain(1, m.Resource.GOLD),)
        elif roll < 0.4:
            ability = (m.Discount(1, (rng.choice(DECKS),)),)
        elif roll < 0.45:
            ability = (m.UseNeighbourAbility(),)
        lock = rng.random() < 0.15
        cards.append(m.Card(
            f"card{i}", rng.choice(DECKS), rng.randint(0, 7), shields, messenger=rng.random() < 0.2,
            purse=rng.choice([None, None, 3, 5]), ability=ability, lock=lock,
            unlocked=(m.Gain(1, m.Resource.KEY),) if lock else (),
            each_turn=(m.Gain(1, m.Resource.GOLD),) if rng.random() < 0.1 else (),
            taken=(m.Gain(1, m.Resource.KEY),) if i % 7 == 3 else (),  # (no draw: the other cards stay as they were)
            scoring=(m.ScorePer(1, m.Per(m.KeysOwned())),) if rng.random() < 0.5 else (), wild=wild,
            chosen=1 if i % 6 == 2 and len(shields) + wild < 3 else 0))  # (no draw: the other cards stay)
    return cards


class JudgeCell:
    """A card in a tableau as the judge reads it."""

    def __init__(self, card: m.Card, x: int, y: int, face_down: bool, gold: int, key: bool, keys: int = 0,
                 named: Shield | None = None, from_reserve: str | None = None) -> None:
        self.card, self.x, self.y, self.face_down, self.gold, self.key = card, x, y, face_down, gold, key
        self.keys = keys  # locked on the card ("put 2 keys on this card")
        self.from_reserve = from_reserve  # taken from the owner's reserve "face up" / "face down", or None
        self.wild_as = None
        self.named = named  # the type named for its chosen shield (None: not named)


class JudgeSeat:
    def __init__(self, cells: list[JudgeCell], gold: int, keys: int, reserved: m.Card | None = None) -> None:
        self.cells, self.gold, self.keys = cells, gold, keys
        self.reserved = reserved  # the card beside the tableau ("reserve a card from either row"), or None


class JudgePlace:
    def __init__(self, row: list[m.Card], discard: list[m.Card], deck: list[m.Card] | None = None) -> None:
        self.row, self.discard, self.deck = row, discard, deck or []  # deck: the cards left in it (hidden)


class JudgeWorld:
    def __init__(self, seats: list[JudgeSeat], places: dict[Deck, JudgePlace], messenger: Deck) -> None:
        self.seats, self.places, self.messenger = seats, places, messenger


class EngineTable:
    """The same table as the engine's compiled counts read it (the ``Tableaux`` protocol)."""

    def __init__(self, tableaux: list[tuple[Placed, ...]], keys: list[int], gold: list[int], facts: Sequence[Any],
                 rows: list[tuple[int, ...]], piles: list[tuple[int, ...]], discarded: tuple[int, ...],
                 messenger: int, reserved: list[tuple[int, ...]] | None = None,
                 decks: tuple[int, int] = (0, 0)) -> None:
        self.tableaux, self.keys, self.gold = tableaux, keys, gold
        self.reserved = reserved if reserved is not None else [() for _ in tableaux]
        self._decks = decks
        totals = [tableau_totals(facts, cells) for cells in tableaux]
        self.shields = [t[0] for t in totals]
        self.banners = [t[1] for t in totals]
        self._rows, self._piles = rows, piles
        self.discarded = discarded
        self.messenger = messenger

    def discard_pile(self, deck: int) -> tuple[int, ...]:
        return self._piles[deck]

    def row(self, deck: int) -> tuple[int, ...]:
        return self._rows[deck]

    def deck_size(self, deck: int) -> int:
        return self._decks[deck]


class Case:
    """One random table, known to both evaluators, with the cards of its ruleset."""

    def __init__(self, rng: random.Random) -> None:
        self.cards = random_cards(rng)
        self.facts = [card_facts(i, card) for i, card in enumerate(self.cards)]
        ids = {card.name: i for i, card in enumerate(self.cards)}
        pool = list(self.cards)
        rng.shuffle(pool)
        players = rng.randint(2, 4)
        seats, tableaux, keys, gold = [], [], [], []
        spots = [(x, y) for y in range(3) for x in range(3)]
        for _ in range(players):
            size = rng.randint(1, min(9, max(1, len(pool) - 6)))
            places = rng.sample(spots, size)
            shift = (rng.randint(-2, 0), rng.randint(-2, 0))
            judge_cells, placed = [], []
            for x, y in places:
                card = pool.pop()
                face_down = rng.random() < 0.2
                stored = rng.randint(0, card.purse) if card.purse and not face_down and rng.random() < 0.6 else 0
                key = card.lock and not face_down and rng.random() < 0.5
                locked = rng.randint(1, 3) if not face_down and rng.random() < 0.25 else 0
                x, y = x + shift[0], y + shift[1]
                # A chosen shield named for a face-up card, one type or another, or left unnamed (turned face up
                # later); from the place, so no draw changes the other cells.
                named = (x + 2 * y + len(seats)) % (len(SHIELDS) + 1) - 1 if card.chosen and not face_down else -1
                # Taken from the reserve (face up, or face down: a card taken face down may be turned face up
                # later), for some cells, from the place, so no draw changes the other cells.
                way = (x + y + len(seats)) % 4 if (x * 3 + y + size) % 5 == 0 else 0
                kept = 0 if way not in (1, 2) else (2 if face_down else way)
                judge_cells.append(JudgeCell(card, x, y, face_down, stored, key, locked,
                                             SHIELDS[named] if named >= 0 else None,
                                             {0: None, 1: "face up", 2: "face down"}[kept]))
                placed.append(Placed(ids[card.name], x, y, face_down, stored, key, 0, locked, named, kept))
            supply_gold, supply_keys = rng.randint(0, 12), rng.randint(0, 5)
            seats.append(JudgeSeat(judge_cells, supply_gold, supply_keys))
            tableaux.append(tuple(placed))
            keys.append(supply_keys)
            gold.append(supply_gold)
        rows = [pool[:3], pool[3:6]]
        piles = [pool[6:8], pool[8:10]]
        discarded = pool[10:12]
        # A reserved card beside some tableaux (the last card of the pool, read by no other count), from the
        # seats' sizes, so no draw changes the rest of the table.
        kept = [pool[-1] if pool[12:] and (len(t) + k) % 3 == 0 else None for k, t in enumerate(tableaux)]
        for seat, card in zip(seats, kept, strict=True):
            seat.reserved = card
        messenger = rng.choice(DECKS)
        # The cards left in each deck (0 to 4, an empty deck included; how many from the table, so no draw changes
        # the other cards).
        castle_left = len(pool) % 5
        left = [pool[12:12 + castle_left], pool[12 + castle_left:12 + castle_left + (len(pool) + players) % 5]]
        decks = (len(left[0]), len(left[1]))
        self.world = JudgeWorld(seats, {Deck.CASTLE: JudgePlace(rows[0], piles[0], left[0]),
                                        Deck.VILLAGE: JudgePlace(rows[1], piles[1], left[1])}, messenger)
        self.discarded = discarded
        self.table = EngineTable(tableaux, keys, gold, self.facts, [tuple(ids[c.name] for c in r) for r in rows],
                                 [tuple(ids[c.name] for c in p) for p in piles], tuple(ids[c.name] for c in discarded),
                                 DECKS.index(messenger), [() if c is None else (ids[c.name],) for c in kept], decks)
        self.owner = rng.randrange(players)
        self.index = rng.randrange(len(tableaux[self.owner]))
        self.them = rng.choice([s for s in range(players) if s != self.owner])
        mine = tableaux[self.owner]
        pair = [i for i, a in enumerate(mine) for j, b in enumerate(mine) if i < j and abs(a.x - b.x) + abs(
            a.y - b.y) == 1]
        self.group_index = [self.index] + ([pair[0]] if pair else [])


# --------------------------------------------------------------------------
# Expressions, drawn from the model's unions
# --------------------------------------------------------------------------

#: The unions of the model an expression is made of, each drawn by picking one of its members.
UNIONS = {"CardFilter": m.CardFilter, "Count": m.Count, "Condition": m.Condition, "Effect": m.Effect,
          "PlayerEffect": m.PlayerEffect, "Scoring": m.Scoring}
#: The small ranges numbers are drawn in, by class and field (1 to 3 for any other number).
INT_RANGES: dict[tuple[type, str], Sequence[int]] = {
    (m.ShieldCountIs, "shields"): range(1, 4), (m.CostIs, "cost"): range(0, 8),
    (m.IdenticalShieldSets, "size"): range(2, 4), (m.ConnectedCards, "size"): (1, 1, 2, 3, 4), (m.Per, "every"): (1, 1, 1, 2, 3),
    (m.CountIs, "value"): range(0, 7), (m.ScorePer, "points"): (-3, -1, 1, 2, 5),
    (m.ScoreIf, "points"): (-3, -1, 1, 2, 5), (m.ScoreFixed, "points"): (-8, -1, 1, 5), (m.ScorePer, "up_to"): (6,), (m.ScorePer, "at_least"): (-2, 1),
    (m.Gain, "up_to"): (4,), (m.Gain, "at_least"): (2,), (m.Lose, "up_to"): (4,), (m.Lose, "at_least"): (2,),
    (m.Take, "up_to"): (4,), (m.Take, "at_least"): (2,), (m.Give, "up_to"): (4,), (m.Give, "at_least"): (2,),
    (m.MayDo, "up_to"): (2, 3), (m.Repeat, "times"): (2, 3, 5),
}
#: How many items a tuple field holds, by class and field (1 or 2 otherwise).
TUPLE_SIZES: dict[tuple[type, str], Sequence[int]] = {
    (m.AllOf, "filters"): (2, 2, 3), (m.AnyOf, "filters"): (2, 2, 3), (m.Shields, "shields"): (0, 1, 2),
    (m.ShieldSets, "shields"): (2, 3), (m.BannerSets, "decks"): (2, 3), (m.And, "conditions"): (2,),
    (m.Or, "conditions"): (2,), (m.Choice, "options"): (2,), (m.MayDo, "effects"): (1,),
}
#: Tuples whose items are distinct (a shield named once).
DISTINCT = {(m.HasShield, "shields"), (m.Shields, "shields")}
#: How often an optional field is left out.
NONE_ODDS = 0.3
#: How deep unions nest: below it only members that hold no other part are drawn.
MAX_DEPTH = 3
#: Scopes any count may be taken in, with no player or group being talked about.
PLAIN_SCOPES = [Scope.TABLEAU, Scope.ROW, Scope.COLUMN, Scope.ROW_AND_COLUMN, Scope.NEIGHBOUR, Scope.ADJACENT,
                Scope.DIAGONAL, Scope.AROUND, Scope.EVERY_TABLEAU, Scope.OPPONENTS, Scope.NEIGHBOURS, Scope.CASTLE_ROW,
                Scope.VILLAGE_ROW, Scope.CASTLE_PILE, Scope.VILLAGE_PILE, Scope.BOTH_PILES, Scope.DISCARDED, Scope.ABOVE, Scope.BELOW,
                Scope.LEFT, Scope.RIGHT, Scope.DIRECTLY_ABOVE, Scope.DIRECTLY_BELOW, Scope.DIRECTLY_LEFT,
                Scope.DIRECTLY_RIGHT, Scope.DIAGONALS, Scope.LEFT_NEIGHBOUR, Scope.RIGHT_NEIGHBOUR]


@attrs.frozen
class Where:
    """Where a drawn part stands: about a player (``them``), about a row or a pair (``group``), in a scoring rule."""

    them: bool = False
    group: bool = False
    scoring: bool = False
    depth: int = 0

    def deeper(self, **changes: Any) -> Where:
        return attrs.evolve(self, depth=self.depth + 1, **changes)


@functools.cache
def _namespace() -> dict[str, Any]:
    import castle_combo.language.model as package
    from castle_combo.language.model import base, card, conditions, counts, effects, filters, scoring

    names: dict[str, Any] = {}
    for module in (base, filters, counts, conditions, effects, scoring, card, package):
        names.update(vars(module))
    return names


@functools.cache
def fields_of(cls: type) -> tuple[tuple[str, Any], ...]:
    """The fields of an attrs class of the model that hold its meaning (not its source), with their types."""
    hints = typing.get_type_hints(cls, globalns=_namespace())
    return tuple((f.name, hints[f.name]) for f in attrs.fields(cls) if f.eq and f.init)


def members(union: Any) -> tuple[type, ...]:
    """The classes of a union (one class is its own member)."""
    return typing.get_args(union) if typing.get_origin(union) in (typing.Union, types.UnionType) else (union,)


def _holds_parts(tp: Any) -> bool:
    """Whether values of type ``tp`` may hold other parts of the model (so drawing them recurses)."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return any(_holds_parts(a) for a in typing.get_args(tp) if a is not type(None))
    if origin in (tuple, frozenset):
        return any(_holds_parts(a) for a in typing.get_args(tp) if a is not Ellipsis)
    return isinstance(tp, type) and attrs.has(tp) and tp not in (m.Region, m.Source)


@functools.cache
def is_leaf(cls: type) -> bool:
    """Whether ``cls`` holds no other part of the model (its fields are numbers, words and regions)."""
    return not any(_holds_parts(tp) for _, tp in fields_of(cls))


def draw(rng: random.Random, tp: Any, where: Where = Where(), owner: type | None = None, name: str = "") -> Any:
    """A random value of type ``tp`` (a union of the model, one of its classes, or a field's type)."""
    origin = typing.get_origin(tp)
    key = (owner, name) if owner is not None else None
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(tp) if a is not type(None)]
        optional = len(options) < len(typing.get_args(tp))
        if optional and (rng.random() < NONE_ODDS or (where.depth >= MAX_DEPTH and any(map(_holds_parts, options)))):
            return None
        if all(isinstance(a, type) and attrs.has(a) for a in options):
            return draw_member(rng, options, where)
        return draw(rng, rng.choice(options), where, owner, name)
    if origin is tuple:
        item, *rest = typing.get_args(tp)
        sizes = TUPLE_SIZES.get(key, (1, 2)) if key else (1, 2)
        size = rng.choice(list(sizes))
        if key in DISTINCT and isinstance(item, type) and issubclass(item, enum.Enum):
            return tuple(rng.sample(list(item), min(size, len(item))))
        return tuple(draw(rng, item, where, owner, name) for _ in range(size))
    if tp is int:
        return rng.choice(list(INT_RANGES.get(key, range(1, 4)) if key else range(1, 4)))
    if tp is bool:
        return rng.random() < 0.5
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return rng.choice(list(tp))
    if isinstance(tp, type) and attrs.has(tp):
        return build(rng, tp, where)
    raise TypeError(f"language_random cannot draw a {tp!r} (field {name!r} of {owner})")


def draw_member(rng: random.Random, classes: Sequence[type], where: Where) -> Any:
    """One member of a union, a leaf when the expression is deep enough, never one that means nothing there."""
    allowed = [cls for cls in classes if _allowed(cls, where)]
    if where.depth >= MAX_DEPTH:
        allowed = [cls for cls in allowed if is_leaf(cls)] or allowed
    return build(rng, rng.choice(allowed), where.deeper())


def _allowed(cls: type, where: Where) -> bool:
    """A place of the final grid is asked only in a scoring rule, and quantifiers nest two deep at most."""
    if cls is m.PlacedIn:
        return where.scoring
    return not (cls in (m.Groups, m.Players) and where.depth >= 2 * MAX_DEPTH // 3)


def build(rng: random.Random, cls: type, where: Where = Where()) -> Any:
    """An instance of ``cls`` with every field drawn (a few classes and fields are drawn their own way)."""
    special = CLASS_DRAWS.get(cls)
    if special is not None:
        return special(rng, where)
    values = {}
    for name, tp in fields_of(cls):
        field = FIELD_DRAWS.get((cls, name))
        values[name] = field(rng, where) if field is not None else draw(rng, tp, _inside(cls, where), cls, name)
    return cls(**values)


def _inside(cls: type, where: Where) -> Where:
    """Where the parts of a ``cls`` stand: a quantifier's condition is about its row or pair, or its player."""
    if cls is m.Groups:
        return attrs.evolve(where, group=True)
    if cls in (m.Players, m.EachPlayer):
        return attrs.evolve(where, them=True)
    return where


#: The deck of a discard pile's location (see :func:`_per`).
_DECK_OF_PILE = {Scope.CASTLE_PILE: Scope.CASTLE_DECK, Scope.VILLAGE_PILE: Scope.VILLAGE_DECK}


def _per(rng: random.Random, where: Where) -> m.Per:
    """A count in a scope that means something where it is (their tableau or a group only inside one)."""
    scopes = list(PLAIN_SCOPES) + ([Scope.THEIRS] * 3 if where.them else []) + ([Scope.GROUP] * 3 if where.group
                                                                               else [])
    noun = draw(rng, m.Count, where)
    scope = rng.choice(scopes)
    if isinstance(noun, (m.KeysOwned, m.Gold)) and scope not in (Scope.TABLEAU, Scope.THEIRS, Scope.NEIGHBOUR,
                                                                 Scope.EVERY_TABLEAU, Scope.OPPONENTS,
                                                                 Scope.NEIGHBOURS, Scope.LEFT_NEIGHBOUR,
                                                                 Scope.RIGHT_NEIGHBOUR):
        scope = Scope.TABLEAU
    if isinstance(noun, m.Players) or (isinstance(noun, m.Groups) and scope is not Scope.THEIRS):
        scope = Scope.TABLEAU
    if scope in _DECK_OF_PILE and len(repr(noun)) % 3 != 0:
        # Two counts in three in a discard pile are taken in that location's deck instead, chosen from what was
        # drawn (no draw more, so the seeds draw what they drew before); a deck's cards are hidden, so only how
        # many are left is counted there.
        noun, scope = m.Cards(), _DECK_OF_PILE[scope]
    return m.Per(noun, scope, draw(rng, int, where, m.Per, "every"))


def _region(rng: random.Random, where: Where) -> m.Region:
    if rng.random() < 0.5:
        name = rng.choice(list(m.NAMED_REGIONS))
        return m.Region(m.NAMED_REGIONS[name], name)
    return m.Region(frozenset(rng.sample([(x, y) for x in range(3) for y in range(3)], rng.randint(1, 4))))


def _compared(rng: random.Random, where: Where) -> m.Per:
    """What a comparison with other players counts: the same thing in every tableau."""
    noun = rng.choice([m.Shields((rng.choice(SHIELDS),)), m.Cards(), m.KeysOwned(), m.Gold(),
                       m.Cards(m.DeckIs(rng.choice(DECKS))), m.Cards(draw(rng, m.CardFilter, where.deeper()))])
    return m.Per(noun, Scope.THEIRS if where.them and rng.random() < 0.6 else Scope.TABLEAU)


def _alike(rng: random.Random, where: Where) -> m.Per:
    """The cards compared by a trait: cards (of any filter), in their row or pair, or a place."""
    scope = Scope.GROUP if where.group and rng.random() < 0.6 else rng.choice([Scope.TABLEAU, Scope.ROW,
                                                                               Scope.ADJACENT, Scope.CASTLE_ROW,
                                                                               Scope.ABOVE, Scope.DIAGONALS,
                                                                               Scope.NEIGHBOUR, Scope.NEIGHBOURS,
                                                                               Scope.LEFT_NEIGHBOUR])
    return m.Per(m.Cards(draw(rng, m.CardFilter | None, where.deeper())), scope)


@functools.cache
def _standard_names() -> tuple[str, ...]:
    from castle_combo.language.ruleset import Ruleset
    return Ruleset.standard().names


def _names(rng: random.Random, where: Where) -> tuple[str, ...]:
    """One or two names of cards: of the standard game's cards, and of :func:`random_cards`' cards (``card3``),
    which the judge's tableaux hold, so a filter by name matches some of their cards and misses others."""
    pool = list(_standard_names()[::9]) + [f"card{i}" for i in range(24)]
    return tuple(rng.sample(pool, rng.choice([1, 1, 2])))


#: Classes drawn their own way.
def _for_chosen_shield(rng: random.Random, where: Where) -> m.ScoreForChosenShield:
    """A rule for the shield type of the owner's choice: a count of cards "with that shield" (and a filter)."""
    that = m.HasShield((), chosen=True)
    cards = m.Cards(m.all_of([that, draw(rng, m.CardFilter | None, where.deeper())]))
    per = attrs.evolve(_per(rng, where), count=cards)
    if rng.random() < 0.5:
        return m.ScoreForChosenShield(m.ScorePer(rng.choice([-2, 1, 3]), per, up_to=rng.choice([None, 6])))
    return m.ScoreForChosenShield(m.ScoreIf(rng.choice([-2, 2]), m.CountIs(per, m.Comparison.GE, rng.randint(1, 3))))


CLASS_DRAWS: dict[type, Callable[[random.Random, Where], Any]] = {m.Per: _per, m.Region: _region,
                                                                  m.ScoreForChosenShield: _for_chosen_shield}
#: Fields drawn their own way.
FIELD_DRAWS: dict[tuple[type, str], Callable[[random.Random, Where], Any]] = {
    (m.Compared, "per"): _compared, (m.Alike, "cards"): _alike,
    # "with that shield" only inside "for the shield type of your choice:" (drawn by _for_chosen_shield).
    (m.HasShield, "chosen"): lambda rng, where: False,
    (m.Named, "names"): _names,
    # "a reserved card" about the player a quantifier talks about only inside one ("each opponent with ...").
    (m.HasReserved, "theirs"): lambda rng, where: where.them and rng.random() < 0.5,
}


# --------------------------------------------------------------------------
# The expressions the judge compares, by kind
# --------------------------------------------------------------------------


def random_filter(rng: random.Random, depth: int = 0) -> m.CardFilter | None:
    """A card filter of any kind, sometimes none."""
    return typing.cast(m.CardFilter | None, draw(rng, m.CardFilter | None, Where(depth=depth)))


def random_noun(rng: random.Random, depth: int, *, them: bool, group: bool) -> Any:
    """A noun: a count of cards, shields, sets, costs, gold, keys, spaces, or a quantifier."""
    return draw(rng, m.Count, Where(them=them, group=group, depth=depth))


def random_per(rng: random.Random, depth: int = 0, *, them: bool = False, group: bool = False) -> m.Per:
    """A count in a scope that means something where it is (their tableau or a group only inside one)."""
    return _per(rng, Where(them=them, group=group, depth=depth))


def random_connected(rng: random.Random, *, them: bool = False, group: bool = False) -> m.Per:
    """A count of groups of connected cards, of a kind of card common enough to make groups, in a place."""
    on = rng.choice([None, m.FaceUp(), m.DeckIs(rng.choice(DECKS)), m.HasShield(tuple(rng.sample(SHIELDS, 3))),
                     m.Excluding(m.HasShield((rng.choice(SHIELDS),))), random_filter(rng, 1)])
    noun = m.ConnectedCards(rng.choice(list(m.Connection)), on, rng.choice([1, 1, 2, 3]), rng.random() < 0.4)
    scopes = [Scope.TABLEAU] * 4 + [Scope.NEIGHBOUR, Scope.ROW, Scope.COLUMN, Scope.ADJACENT, Scope.EVERY_TABLEAU,
                                    Scope.RIGHT_NEIGHBOUR]
    scopes += [Scope.THEIRS] * 3 if them else []
    scopes += [Scope.GROUP] * 3 if group else []
    return m.Per(noun, rng.choice(scopes), rng.choice([1, 1, 1, 2]))


def random_condition(rng: random.Random, depth: int = 0, *, them: bool = False, group: bool = False,
                     scoring: bool = False) -> m.Condition:
    """A condition of any kind (a place on the grid only in a scoring rule)."""
    return typing.cast(m.Condition, draw(rng, m.Condition, Where(them, group, scoring, depth)))


def random_scoring(rng: random.Random) -> m.Scoring:
    """A scoring rule: points per a count (with bounds, maybe a penalty), points if a condition holds, a copy."""
    return typing.cast(m.Scoring, draw(rng, m.Scoring, Where(scoring=True)))


def random_repetition(rng: random.Random) -> m.MayDo:
    """A repeated "you may pay ...": a cost of gold, keys or both, any number of times or up to a few."""
    resources = rng.choice([[m.Resource.GOLD], [m.Resource.KEY], [m.Resource.GOLD, m.Resource.KEY]])
    cost = tuple(m.Lose(rng.randint(1, 4), resource) for resource in resources)
    return m.MayDo(cost, (m.Gain(1, m.Resource.GOLD),), repeat=True, up_to=rng.choice([None, 2, 3, 5]))


def random_guarded_may(rng: random.Random) -> m.MayDo:
    """A "you may pay ... to gain 1 gold if CONDITION", once or repeated: the condition guards the question."""
    resources = rng.choice([[m.Resource.GOLD], [m.Resource.KEY], [m.Resource.GOLD, m.Resource.KEY]])
    cost = tuple(m.Lose(rng.randint(1, 4), resource) for resource in resources)
    repeat = rng.random() < 0.4
    while True:  # a condition an ability can judge (none about the final grid)
        may = m.MayDo(cost, (m.Gain(1, m.Resource.GOLD),), repeat=repeat,
                      up_to=rng.choice([None, 2, 3]) if repeat else None, guard=random_condition(rng))
        if not may.problems():
            return may


def random_effect(rng: random.Random, *, trigger: bool = False) -> m.Effect:
    """An effect of any kind."""
    return typing.cast(m.Effect, draw(rng, m.Effect, Where()))
