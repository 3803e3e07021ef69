"""A slow, direct reading of the card language's counts, filters, conditions and amounts: the judge.

The engine compiles each part of the language into closures, with fast paths
(totals kept per seat, cells picked by position, ...). This module says what
each part means in the plainest way, from the docs' definitions, sharing no
code with the engine: it walks the model objects on every call and recounts
everything from the cards. The reference engine (``reference_engine.py``)
uses it for every count, and the property tests draw random expressions from
the language's parts and compare it with the engine on random tables.

A *world* is anything with ``seats`` (each with ``cells``, ``gold``,
``keys`` and ``reserved``, its reserved card or ``None``: for a scoring rule, the one held when the last turn ended,
before its discard), ``places`` (each :class:`~castle_combo.language.model.Deck` to an
object with ``row`` and ``discard``, lists of cards), ``messenger`` (the Deck it stands at) and a cell is anything with
``card`` (a model card), ``x``, ``y``, ``face_down``, ``gold``, ``key``, ``keys`` (locked on it) and
``wild_as`` (the shield type its wild shields count as, once named); a cell may have ``named`` (the type named for
its chosen shield when it was bought; ``None`` or missing: not named, a shield of no type).
"""

from __future__ import annotations

from typing import Any

from castle_combo.language import model as m
from castle_combo.language.model import Comparison, Deck, Scope, Shield

SHIELDS = list(Shield)


class Loose:
    """A card outside every tableau (in a row, a pile, or just discarded): face up, holding nothing."""

    def __init__(self, card: m.Card) -> None:
        self.card = card
        self.x = self.y = 0
        self.face_down = False
        self.gold = 0
        self.key = False
        self.keys = 0
        self.wild_as = None


class Context:
    """Who is counting and about what: the owner's seat, this card, the player or group talked about."""

    def __init__(self, world: Any, owner: int, me: Any = None, *, them: int | None = None,
                 group: list[Any] | None = None, discarded: list[m.Card] | None = None,
                 origin: tuple[int, int] | None = None, side: int | None = None) -> None:
        self.world = world
        self.owner = owner
        self.me = me
        self.them = them
        self.group = group
        #: The neighbour a scoring rule chose for "in a neighbour's tableau" (0 or 1), or None: the larger count.
        self.side = side
        self.discarded = discarded or []
        cells = world.seats[owner].cells
        self.origin = origin if origin is not None else (
            (min(c.x for c in cells), min(c.y for c in cells)) if cells else (0, 0))

    def about(self, **changes: Any) -> Context:
        fresh = Context(self.world, self.owner, self.me, them=self.them, group=self.group,
                        discarded=self.discarded, origin=self.origin, side=self.side)
        for key, value in changes.items():
            setattr(fresh, key, value)
        return fresh


def compare(comparison: Comparison, left: int, right: int) -> bool:
    return {
        Comparison.EQ: left == right, Comparison.NE: left != right, Comparison.GE: left >= right,
        Comparison.LE: left <= right, Comparison.GT: left > right, Comparison.LT: left < right,
    }[comparison]


def shields_of(cell: Any) -> dict[Shield, int]:
    """How many shields of each type a face-up card shows (its wild ones as the type named, if any, and its chosen
    one as the type named when it was bought, if any)."""
    if cell.face_down:
        return {s: 0 for s in SHIELDS}
    counts = {s: cell.card.shields.count(s) for s in SHIELDS}
    if cell.wild_as is not None:
        counts[cell.wild_as] += cell.card.wild
    named = getattr(cell, "named", None)
    if named is not None:
        counts[named] += cell.card.chosen
    return counts


def has_part(card: m.Card, part: m.Part) -> bool:
    if part is m.Part.PURSE:
        return card.purse is not None
    if part is m.Part.DISCOUNT:
        return any(isinstance(node, m.Discount) for node in m.walk(card.effects))
    if part is m.Part.LOCK:
        return card.lock
    if part is m.Part.MESSENGER:
        return card.messenger
    if part is m.Part.ABILITY:
        return bool(card.ability)
    if part is m.Part.TRIGGER:
        return bool(card.each_turn or card.turn_end or card.game_end or card.taken or card.key_spent
                    or card.messenger_moved)
    return bool(card.scoring)


def near(relation: m.Relation, cell: Any, me: Any) -> bool:
    """Whether ``cell`` lies so from ``me``: the docs' table of places, read as offsets (rows from the top)."""
    right, down = cell.x - me.x, cell.y - me.y  # columns to the right, rows down
    dx, dy = abs(right), abs(down)
    if relation is m.Relation.ROW:
        return dy == 0
    if relation is m.Relation.COLUMN:
        return dx == 0
    if relation is m.Relation.ROW_AND_COLUMN:
        return dx == 0 or dy == 0
    if relation is m.Relation.ADJACENT:
        return dx + dy == 1
    if relation is m.Relation.DIAGONAL:
        return dx == 1 and dy == 1
    if relation is m.Relation.AROUND:
        return max(dx, dy) == 1
    if relation is m.Relation.THIS:
        return dx == 0 and dy == 0
    if relation is m.Relation.OTHER:
        return not (dx == 0 and dy == 0)
    # Above / below: up or down its column, any distance; left / right: along its row; "directly": the next space.
    ways = {m.Relation.ABOVE: (0, -1), m.Relation.BELOW: (0, 1), m.Relation.LEFT: (-1, 0), m.Relation.RIGHT: (1, 0)}
    steps = {m.Relation.DIRECTLY_ABOVE: (0, -1), m.Relation.DIRECTLY_BELOW: (0, 1), m.Relation.DIRECTLY_LEFT: (-1, 0),
             m.Relation.DIRECTLY_RIGHT: (1, 0)}
    if relation in ways:
        way = ways[relation]
        along = right * way[0] + down * way[1]  # how far that way (negative: the other way)
        across = right * way[1] - down * way[0]  # how far off the line
        return along > 0 and across == 0
    if relation in steps:
        return (right, down) == steps[relation]
    if relation is m.Relation.DIAGONALS:
        # The diagonal lines through this card: as many columns away as rows, any distance, not this card.
        return dx == dy and dx > 0
    raise AssertionError(f"the judge cannot read the place {relation!r}")


def passes(f: m.CardFilter | None, cell: Any, ctx: Context) -> bool:
    """Whether ``cell`` passes filter ``f``; a face-down card shows nothing printed."""
    if f is None:
        return True
    up = not cell.face_down
    card = cell.card
    me = ctx.me
    if isinstance(f, m.FaceDown):
        return cell.face_down
    if isinstance(f, m.FaceUp):
        return up
    if isinstance(f, m.DeckIs):
        return up and card.deck is f.deck
    if isinstance(f, m.HasShield):
        return up and any(shields_of(cell)[s] > 0 for s in f.shields)
    if isinstance(f, m.HasWild):
        return up and card.wild > 0
    if isinstance(f, m.ShieldCountIs):
        return up and compare(f.comparison, len(card.shields) + card.wild + card.chosen, f.shields)
    if isinstance(f, m.CostIs):
        return up and compare(f.comparison, card.cost, f.cost)
    if isinstance(f, m.CostVsThis):
        return up and me is not None and compare(f.comparison, card.cost, me.card.cost)
    if isinstance(f, m.HasPart):
        return up and has_part(card, f.part)
    if isinstance(f, m.HoldsGold):
        return cell.gold > 0
    if isinstance(f, m.Named):  # a face-down card shows no name
        return up and card.name in f.names
    if isinstance(f, m.HoldsKey):  # a lock card's key waiting on it, or keys locked on it
        return cell.key or cell.keys > 0
    if isinstance(f, m.Shares):
        if not up or me is None or me.face_down:
            return False
        if f.trait is m.Trait.SHIELD:
            mine, theirs = shields_of(me), shields_of(cell)
            return any(mine[s] and theirs[s] for s in SHIELDS)
        if f.trait is m.Trait.DECK:
            return card.deck is me.card.deck
        return card.cost == me.card.cost
    if isinstance(f, m.Near):
        return me is not None and near(f.relation, cell, me)
    if isinstance(f, m.InRegion):
        return (cell.x - ctx.origin[0], cell.y - ctx.origin[1]) in f.region.cells
    if isinstance(f, m.AllOf):
        return all(passes(part, cell, ctx) for part in f.filters)
    if isinstance(f, m.AnyOf):
        return any(passes(part, cell, ctx) for part in f.filters)
    if isinstance(f, m.Excluding):
        return not passes(f.filter, cell, ctx)
    raise AssertionError(f"the judge cannot read the filter {f!r}")


def neighbour_seats(seat: int, n: int) -> list[int]:
    return sorted({(seat - 1) % n, (seat + 1) % n} - {seat})


def seats_of(group: m.PlayerGroup, owner: int, n: int) -> list[int]:
    others = [(owner + k) % n for k in range(1, n)]
    if group is m.PlayerGroup.OPPONENTS:
        return others
    if group is m.PlayerGroup.NEIGHBOURS:
        return [s for s in others if s in neighbour_seats(owner, n)]
    if group is m.PlayerGroup.PLAYERS:
        return [owner] + others
    if n < 2:
        return []
    return [(owner + 1) % n] if group is m.PlayerGroup.LEFT else [(owner - 1) % n]


def cells_in(scope: Scope, ctx: Context) -> list[Any]:
    """The cards a count in ``scope`` looks at."""
    world, me = ctx.world, ctx.me
    mine = world.seats[ctx.owner].cells
    relations = {Scope.ROW: m.Relation.ROW, Scope.COLUMN: m.Relation.COLUMN,
                 Scope.ROW_AND_COLUMN: m.Relation.ROW_AND_COLUMN, Scope.ADJACENT: m.Relation.ADJACENT,
                 Scope.DIAGONAL: m.Relation.DIAGONAL, Scope.AROUND: m.Relation.AROUND,
                 Scope.ABOVE: m.Relation.ABOVE, Scope.BELOW: m.Relation.BELOW, Scope.LEFT: m.Relation.LEFT,
                 Scope.RIGHT: m.Relation.RIGHT, Scope.DIRECTLY_ABOVE: m.Relation.DIRECTLY_ABOVE,
                 Scope.DIRECTLY_BELOW: m.Relation.DIRECTLY_BELOW, Scope.DIRECTLY_LEFT: m.Relation.DIRECTLY_LEFT,
                 Scope.DIRECTLY_RIGHT: m.Relation.DIRECTLY_RIGHT, Scope.DIAGONALS: m.Relation.DIAGONALS}
    if scope is Scope.TABLEAU:
        return list(mine)
    if scope in relations:
        return [c for c in mine if near(relations[scope], c, me)]
    if scope is Scope.THEIRS:
        return list(world.seats[ctx.them].cells)
    if scope is Scope.EVERY_TABLEAU:
        return [c for seat in world.seats for c in seat.cells]
    if scope is Scope.OPPONENTS:
        return [c for k, seat in enumerate(world.seats) if k != ctx.owner for c in seat.cells]
    if scope is Scope.NEIGHBOURS:
        # Both neighbours' cards together; in a game of two the one opponent, once.
        return [c for k in neighbour_seats(ctx.owner, len(world.seats)) for c in world.seats[k].cells]
    if scope in (Scope.LEFT_NEIGHBOUR, Scope.RIGHT_NEIGHBOUR):
        # One neighbour: the next seat after yours (left) or before it (right); in a game of two both are the one
        # opponent.
        n = len(world.seats)
        if n < 2:
            return []
        seat = (ctx.owner + 1) % n if scope is Scope.LEFT_NEIGHBOUR else (ctx.owner - 1) % n
        return list(world.seats[seat].cells)
    if scope in (Scope.CASTLE_ROW, Scope.VILLAGE_ROW):
        return [Loose(card) for card in world.places[Deck.CASTLE if scope is Scope.CASTLE_ROW else Deck.VILLAGE].row]
    if scope in (Scope.CASTLE_PILE, Scope.VILLAGE_PILE):
        deck = Deck.CASTLE if scope is Scope.CASTLE_PILE else Deck.VILLAGE
        return [Loose(card) for card in world.places[deck].discard]
    if scope is Scope.BOTH_PILES:
        return [Loose(card) for deck in (Deck.CASTLE, Deck.VILLAGE) for card in world.places[deck].discard]
    if scope is Scope.DISCARDED:
        return [Loose(card) for card in ctx.discarded]
    if scope is Scope.GROUP:
        return list(ctx.group or [])
    raise AssertionError(scope)


def groups_of(kind: m.GroupKind, cells: list[Any]) -> list[list[Any]]:
    rows = sorted({c.y for c in cells})
    columns = sorted({c.x for c in cells})
    if kind is m.GroupKind.ROW:
        return [[c for c in cells if c.y == y] for y in rows]
    if kind is m.GroupKind.COLUMN:
        return [[c for c in cells if c.x == x] for x in columns]
    if kind is m.GroupKind.LINE:
        return groups_of(m.GroupKind.ROW, cells) + groups_of(m.GroupKind.COLUMN, cells)
    pairs = []
    for i, a in enumerate(cells):
        for b in cells[i + 1:]:
            dx, dy = abs(a.x - b.x), abs(a.y - b.y)
            if (kind is m.GroupKind.ADJACENT_PAIR and dx + dy == 1) or (
                    kind is m.GroupKind.DIAGONAL_PAIR and dx == 1 and dy == 1):
                pairs.append([a, b])
    return pairs


def totals(cells: list[Any]) -> dict[Shield, int]:
    found = {s: 0 for s in SHIELDS}
    for cell in cells:
        for s, n in shields_of(cell).items():
            found[s] += n
    return found


def banners(cells: list[Any], deck: Deck) -> int:
    return sum(1 for c in cells if not c.face_down and c.card.deck is deck)


def count_cells(count: Any, cells: list[Any], ctx: Context, capacity: int) -> int:
    """A noun counted over ``cells`` (after its own filter)."""
    on = getattr(count, "on", None)
    if isinstance(count, m.Cards):
        return sum(1 for c in cells if passes(on, c, ctx))
    chosen = [c for c in cells if not c.face_down and passes(on, c, ctx)]
    if isinstance(count, m.Shields):
        if not count.shields:
            return sum(len(c.card.shields) + c.card.wild + c.card.chosen for c in chosen)
        return sum(shields_of(c)[s] for c in chosen for s in count.shields)
    if isinstance(count, m.WildShields):
        return sum(c.card.wild for c in chosen)
    if isinstance(count, m.ShieldTypes):
        present = sum(1 for n in totals(chosen).values() if n > 0)
        return len(SHIELDS) - present if count.missing else present
    if isinstance(count, m.ShieldSets):
        have = totals(chosen)
        return min(have[s] // count.shields.count(s) for s in set(count.shields))
    if isinstance(count, m.IdenticalShieldSets):
        return sum(n // count.size for n in totals(chosen).values())
    if isinstance(count, m.BannerSets):
        return min(banners(chosen, d) // count.decks.count(d) for d in set(count.decks))
    if isinstance(count, m.DistinctCosts):
        return len({c.card.cost for c in chosen})
    if isinstance(count, m.CostSum):
        return sum(c.card.cost for c in chosen)
    if isinstance(count, m.StoredGold):
        return sum(c.gold for c in chosen)
    if isinstance(count, m.GoldOnThisCard):
        return ctx.me.gold if ctx.me is not None else 0
    if isinstance(count, m.StoredKeys):
        return sum(c.keys for c in chosen)
    if isinstance(count, m.KeysOnThisCard):
        return ctx.me.keys if ctx.me is not None else 0
    if isinstance(count, m.EmptySpaces):
        return max(0, capacity - len(cells))
    if isinstance(count, m.ConnectedCards):
        return connected(count, [c for c in cells if passes(on, c, ctx)], ctx.me)
    raise AssertionError(f"the judge cannot count {count!r}")


def touching(a: Any, b: Any, diagonal: bool) -> bool:
    """Whether two cards are next to each other: side by side, or also corner to corner when ``diagonal``."""
    dx, dy = abs(a.x - b.x), abs(a.y - b.y)
    return dx + dy == 1 or (diagonal and dx == 1 and dy == 1)


def flood(start: Any, cards: list[Any], diagonal: bool) -> list[Any]:
    """The group of ``start``: every card of ``cards`` reached from it one touching card at a time."""
    group = [start]
    for card in group:  # the list grows as the fill goes
        for other in cards:
            if touching(card, other, diagonal) and not any(other is seen for seen in group):
                group.append(other)
    return group


def connected(count: m.ConnectedCards, cards: list[Any], me: Any) -> int:
    """Groups of connected cards among ``cards`` (those passing the filter), by a fill from each card."""
    groups: list[list[Any]] = []
    for card in cards:
        if not any(card is seen for group in groups for seen in group):
            groups.append(flood(card, cards, count.diagonal))
    big = [g for g in groups if len(g) >= count.size]
    if count.what is m.Connection.GROUPS:
        return len(big)
    if count.what is m.Connection.LARGEST:
        return max((len(g) for g in big), default=0)
    return next((len(g) for g in big if any(c is me for c in g)), 0)


def player_value(count: Any, world: Any, seat: int) -> int:
    s = world.seats[seat]
    if isinstance(count, m.KeysOwned):
        return s.keys + sum(1 for c in s.cells if c.key)
    return s.gold


def count(per: m.Per, ctx: Context) -> int:
    """What ``per`` counts in ``ctx``, every ``per.every`` of it counting once."""
    return raw_count(per.count, per.scope, ctx) // per.every


def raw_count(noun: Any, scope: Scope, ctx: Context) -> int:
    world = ctx.world
    n = len(world.seats)
    if isinstance(noun, m.Groups):
        whose = ctx.them if scope is Scope.THEIRS else ctx.owner
        cells = list(world.seats[whose].cells)
        found = groups_of(noun.kind, cells)
        if noun.condition is None:
            return len(found)
        return sum(1 for g in found if holds(noun.condition, ctx.about(group=g)))
    if isinstance(noun, m.Players):
        chosen = seats_of(noun.group, ctx.owner, n)
        if noun.condition is None:
            return len(chosen)
        return sum(1 for them in chosen if holds(noun.condition, ctx.about(them=them)))
    if isinstance(noun, (m.KeysOwned, m.Gold)):
        if scope is Scope.THEIRS:
            return player_value(noun, world, ctx.them)
        if scope is Scope.NEIGHBOUR:
            return max((player_value(noun, world, s) for s in neighbour_seats(ctx.owner, n)), default=0)
        if scope is Scope.EVERY_TABLEAU:
            return sum(player_value(noun, world, s) for s in range(n))
        if scope is Scope.OPPONENTS:
            return sum(player_value(noun, world, s) for s in range(n) if s != ctx.owner)
        if scope is Scope.NEIGHBOURS:
            return sum(player_value(noun, world, s) for s in neighbour_seats(ctx.owner, n))
        if scope in (Scope.LEFT_NEIGHBOUR, Scope.RIGHT_NEIGHBOUR):
            return 0 if n < 2 else player_value(noun, world, (ctx.owner + (1 if scope is Scope.LEFT_NEIGHBOUR
                                                                            else -1)) % n)
        return player_value(noun, world, ctx.owner)
    if scope in (Scope.CASTLE_DECK, Scope.VILLAGE_DECK):
        # A deck's cards are hidden: only how many are left is known (validation refuses any noun but plain "card",
        # so a part narrowed later by a rule still reads the number alone).
        return len(world.places[Deck.CASTLE if scope is Scope.CASTLE_DECK else Deck.VILLAGE].deck)
    if scope is Scope.NEIGHBOUR:
        near = neighbour_seats(ctx.owner, n)
        if ctx.side is not None:  # the neighbour the scoring rule chose
            return count_cells(noun, list(world.seats[near[min(ctx.side, len(near) - 1)]].cells), ctx, 9) if near \
                else 0
        best = 0
        for s in near:
            theirs = list(world.seats[s].cells)
            best = max(best, count_cells(noun, theirs, ctx, 9))
        return best
    capacities = {Scope.ROW: 3, Scope.COLUMN: 3, Scope.ROW_AND_COLUMN: 5, Scope.ADJACENT: 4, Scope.DIAGONAL: 4,
                  Scope.AROUND: 8, Scope.ABOVE: 2, Scope.BELOW: 2, Scope.LEFT: 2, Scope.RIGHT: 2,
                  Scope.DIRECTLY_ABOVE: 1, Scope.DIRECTLY_BELOW: 1, Scope.DIRECTLY_LEFT: 1, Scope.DIRECTLY_RIGHT: 1,
                  Scope.DIAGONALS: 4, Scope.CASTLE_ROW: 3, Scope.VILLAGE_ROW: 3, Scope.CASTLE_PILE: 0,
                  Scope.VILLAGE_PILE: 0, Scope.BOTH_PILES: 0, Scope.DISCARDED: 0}
    cells = cells_in(scope, ctx)
    capacity = len(cells) if scope is Scope.GROUP else capacities.get(scope, 9)
    return count_cells(noun, cells, ctx, capacity)


def alike(trait: m.Trait, same: bool, cells: list[Any]) -> bool:
    if any(c.face_down for c in cells):
        return False

    def values(c: Any) -> set[Any]:
        if trait is m.Trait.SHIELD:
            return {s for s, n in shields_of(c).items() if n}
        if trait is m.Trait.DECK:
            return {c.card.deck}
        return {c.card.cost}

    if same:
        if not cells:
            return False
        common = values(cells[0])
        for c in cells[1:]:
            common &= values(c)
        return bool(common)
    return all(not (values(a) & values(b)) for i, a in enumerate(cells) for b in cells[i + 1:])


def holds(condition: m.Condition, ctx: Context) -> bool:
    """Whether ``condition`` holds in ``ctx``."""
    if isinstance(condition, m.CountIs):
        left = count(condition.per, ctx)
        right = count(condition.value, ctx) if isinstance(condition.value, m.Per) else condition.value
        return compare(condition.comparison, left, right)
    if isinstance(condition, m.MessengerAt):
        return ctx.world.messenger is condition.deck
    if isinstance(condition, m.TookReserved):
        # How each card of the owner's tableau came there: "face up" / "face down" from the reserve, or None.
        ways = {"face up", "face down"} if condition.face_up is None else {
            "face up" if condition.face_up else "face down"}
        return any(cell.from_reserve in ways for cell in ctx.world.seats[ctx.owner].cells)
    if isinstance(condition, m.HasReserved):
        seat = ctx.them if condition.theirs else ctx.owner
        return (ctx.world.seats[seat].reserved is not None) is condition.held
    if isinstance(condition, m.PlacedIn):
        me = ctx.me
        return (me.x - ctx.origin[0], me.y - ctx.origin[1]) in condition.region.cells
    if isinstance(condition, m.Compared):
        mine = count(condition.per, ctx)
        subject = ctx.them if condition.per.scope is Scope.THEIRS else ctx.owner
        others = seats_of(condition.against, subject, len(ctx.world.seats))
        return all(compare(condition.comparison, mine, count(condition.per.scoped(Scope.THEIRS),
                                                             ctx.about(them=other))) for other in others)
    if isinstance(condition, m.Alike):
        cards = condition.cards
        if cards.scope is Scope.NEIGHBOUR:  # one neighbour: the rule's chosen one, else either (the better for you)
            near = neighbour_seats(ctx.owner, len(ctx.world.seats))
            if ctx.side is not None and near:
                near = [near[min(ctx.side, len(near) - 1)]]
            return any(alike(condition.trait, condition.same, [c for c in ctx.world.seats[k].cells
                                                                if passes(cards.count.on, c, ctx)]) for k in near)
        chosen = [c for c in cells_in(cards.scope, ctx) if passes(cards.count.on, c, ctx)]
        return alike(condition.trait, condition.same, chosen)
    if isinstance(condition, m.And):
        return all(holds(c, ctx) for c in condition.conditions)
    if isinstance(condition, m.Or):
        return any(holds(c, ctx) for c in condition.conditions)
    if isinstance(condition, m.Not):
        return not holds(condition.condition, ctx)
    raise AssertionError(f"the judge cannot check {condition!r}")


def amount(effect: Any, ctx: Context) -> int:
    """An effect's amount: N, times the count, raised to its floor and capped, never below 0."""
    value = effect.amount if effect.per is None else effect.amount * count(effect.per, ctx)
    if getattr(effect, "at_least", None) is not None:
        value = max(value, effect.at_least)
    if getattr(effect, "up_to", None) is not None:
        value = min(value, effect.up_to)
    return max(0, value)


def price(card: m.Card, discounts: list[m.Discount], ctx: Context) -> int:
    """What ``card`` costs bought face up after the discounts resolved so far: each one on its deck whose cards
    it names (read on the card as printed, face up), never below 0."""
    bought = type("Bought", (), {"card": card, "x": 0, "y": 0, "face_down": False, "gold": 0, "key": False, "keys": 0,
                                 "wild_as": None})()
    off = sum(d.amount for d in discounts if card.deck in d.decks and (d.on is None or passes(d.on, bought, ctx)))
    return max(0, card.cost - off)


def points(rule: m.ScorePer, ctx: Context) -> int:
    """A "score N per ..." rule's points, raised to its floor and capped; 0 when its condition does not hold."""
    if rule.condition is not None and not holds(rule.condition, ctx):
        return 0
    value = rule.points * count(rule.per, ctx) * (1 if rule.times is None else count(rule.times, ctx))
    if rule.at_least is not None:
        value = max(value, rule.at_least)
    if rule.up_to is not None:
        value = min(value, rule.up_to)
    return value


def reads_a_neighbour(rule: m.Scoring) -> bool:
    return any(isinstance(node, m.Per) and node.scope is Scope.NEIGHBOUR for node in m.walk(rule))


def score(rule: m.Scoring, ctx: Context) -> int:
    """A scoring rule's points for this card (``ctx.me``) in the owner's tableau.

    A rule counting "in a neighbour's tableau" reads one neighbour, the same for all of its counts: the one that
    gives the rule more points (the owner's choice).
    """
    if ctx.side is None and not isinstance(rule, m.ScoreAsAdjacent) and reads_a_neighbour(rule):
        return max(score(rule, ctx.about(side=0)), score(rule, ctx.about(side=1)))
    if isinstance(rule, m.ScoreForChosenShield):
        # The shield type chosen at the end of the game: the one that scores the most.
        return max(score(rule.for_shield(shield), ctx) for shield in m.Shield)
    if isinstance(rule, m.ScorePer):
        return points(rule, ctx)
    if isinstance(rule, m.ScoreIf):
        return rule.points if holds(rule.condition, ctx) else 0
    if isinstance(rule, m.ScoreFixed):
        return rule.points
    if isinstance(rule, m.ScoreAsAdjacent):
        # The best of the adjacent face-up cards' rules, counted as if printed on this card (no copy of a copy).
        me = ctx.me
        best = 0
        for cell in ctx.world.seats[ctx.owner].cells:
            if abs(cell.x - me.x) + abs(cell.y - me.y) == 1 and not cell.face_down and not any(
                    isinstance(r, m.ScoreAsAdjacent) for r in cell.card.scoring):
                best = max(best, sum(score(r, ctx) for r in cell.card.scoring))
        return best
    raise AssertionError(f"the judge cannot score {rule!r}")


# --------------------------------------------------------------------------
# Effects that ask how much or whose card: the answers they offer
# --------------------------------------------------------------------------


def times_offered(effect: m.MayDo, ctx: Context) -> int:
    """The most times a repeated "you may pay ..." may be done: pay one time after another while every part
    of the cost can be paid, stopping at the cap ("up to N times"; 99 for "any number of times")."""
    seat = ctx.world.seats[ctx.owner]
    have = {m.Resource.GOLD: seat.gold, m.Resource.KEY: seat.keys}
    cap = effect.up_to if effect.up_to is not None else 99
    done = 0
    while done < cap:
        for cost in effect.cost:
            have[cost.resource] -= cost.amount
        if any(value < 0 for value in have.values()):
            break
        done += 1
    return done


def offers(effect: m.MayDo, ctx: Context) -> int:
    """What a "you may ..." offers now: nothing (0) when its guard ("you may ... if ...") does not hold or the
    cost cannot be paid; else a yes or no (1), or for a repetition the most times that can be paid for."""
    if effect.guard is not None and not holds(effect.guard, ctx):
        return 0
    return times_offered(effect, ctx) if effect.repeat else min(1, times_offered(effect, ctx))


def gold_moves_offered(effect: m.MoveGold, ctx: Context, sources: list[int] | None = None) -> list[tuple[int, Any, Any, int]]:
    """The pairs "move up to N gold from ...'s purse card to one of your purse cards" offers, in order: each
    player it may come from (``sources``; else the effect's group in turn order from the owner's left, or the
    owner for "between your purse cards"), each of their face-up purse cards holding gold in the order taken,
    then each of the owner's face-up purse cards with room, never a card onto itself; with the gold moved (the
    smallest of N, the gold on the one and the room on the other)."""
    n = len(ctx.world.seats)
    if sources is None:
        sources = [ctx.owner] if effect.group is None else seats_of(effect.group, ctx.owner, n)
    mine = [cell for cell in ctx.world.seats[ctx.owner].cells if not cell.face_down and cell.card.purse is not None
            and cell.gold < cell.card.purse]
    return [(seat, cell, to, min(effect.amount, cell.gold, to.card.purse - to.gold))
            for seat in sources for cell in ctx.world.seats[seat].cells
            if not cell.face_down and cell.card.purse is not None and cell.gold > 0
            for to in mine if to is not cell]


#: Effects that do not make an ability worth using through another card.
NOT_WORTH_USING = (m.Discount, m.UseAdjacentAbility, m.UseNeighbourAbility, m.Choice, m.Conditional, m.MayDo)


def worth_using(effects: tuple[m.Effect, ...]) -> bool:
    """Whether some effect of ``effects``, inside choices and conditions too, is more than a discount or a copy."""
    return any(not isinstance(node, NOT_WORTH_USING) for node in m.walk(effects)
               if isinstance(node, m.Effect.__args__))  # type: ignore[attr-defined]


def neighbours_cards_offered(ctx: Context) -> list[m.Card]:
    """The cards "use the ability of a face-up card in a neighbour's tableau" offers: each neighbour's face-up
    cards with an ability when bought worth using, the left neighbour (the next seat) first."""
    n = len(ctx.world.seats)
    return [cell.card for seat in seats_of(m.PlayerGroup.NEIGHBOURS, ctx.owner, n)
            for cell in ctx.world.seats[seat].cells if not cell.face_down and worth_using(cell.card.ability)]
