"""Random tables and random expressions of the card language, drawn from its parts.

Used to compare the engine's compiled counts, conditions, amounts and scoring
rules with the judge (``naive_language.py``): the property test in
``test_language_judge.py`` draws a few hundred cases through hypothesis, and
``benchmarks/judge_soak.py`` draws tens of thousands. Every generator takes a
``random.Random``, so a case is reproduced from its seed.

A drawn expression is well formed (each part's fields in range) but need not
be valid where it is used: the two evaluators must agree on everything the
model can say, not only on what validation lets through.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from castle_combo.engine.counting import Placed, card_facts, tableau_totals
from castle_combo.language import model as m
from castle_combo.language.model import Comparison, Deck, Scope, Shield

SHIELDS = list(Shield)
DECKS = [Deck.CASTLE, Deck.VILLAGE]
COMPARISONS = list(Comparison)
#: Scopes any count may be taken in, with no player or group being talked about.
PLAIN_SCOPES = [Scope.TABLEAU, Scope.ROW, Scope.COLUMN, Scope.ROW_AND_COLUMN, Scope.NEIGHBOUR, Scope.ADJACENT,
                Scope.DIAGONAL, Scope.AROUND, Scope.EVERY_TABLEAU, Scope.OPPONENTS, Scope.CASTLE_ROW,
                Scope.VILLAGE_ROW, Scope.CASTLE_PILE, Scope.VILLAGE_PILE, Scope.DISCARDED]


# --------------------------------------------------------------------------
# Cards and tables
# --------------------------------------------------------------------------


def random_cards(rng: random.Random, count: int = 24) -> list[m.Card]:
    """``count`` cards with every printed part somewhere: purses, locks, wild shields, abilities, triggers."""
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
        lock = rng.random() < 0.15
        cards.append(m.Card(
            f"card{i}", rng.choice(DECKS), rng.randint(0, 7), shields, messenger=rng.random() < 0.2,
            purse=rng.choice([None, None, 3, 5]), ability=ability, lock=lock,
            unlocked=(m.Gain(1, m.Resource.KEY),) if lock else (),
            each_turn=(m.Gain(1, m.Resource.GOLD),) if rng.random() < 0.1 else (),
            scoring=(m.ScorePer(1, m.Per(m.KeysOwned())),) if rng.random() < 0.5 else (), wild=wild))
    return cards


class JudgeCell:
    """A card in a tableau as the judge reads it."""

    def __init__(self, card: m.Card, x: int, y: int, face_down: bool, gold: int, key: bool) -> None:
        self.card, self.x, self.y, self.face_down, self.gold, self.key = card, x, y, face_down, gold, key
        self.wild_as = None


class JudgeSeat:
    def __init__(self, cells: list[JudgeCell], gold: int, keys: int) -> None:
        self.cells, self.gold, self.keys = cells, gold, keys


class JudgePlace:
    def __init__(self, row: list[m.Card], discard: list[m.Card]) -> None:
        self.row, self.discard = row, discard


class JudgeWorld:
    def __init__(self, seats: list[JudgeSeat], places: dict[Deck, JudgePlace]) -> None:
        self.seats, self.places = seats, places


class EngineTable:
    """The same table as the engine's compiled counts read it (the ``Tableaux`` protocol)."""

    def __init__(self, tableaux: list[tuple[Placed, ...]], keys: list[int], gold: list[int], facts: Sequence[Any],
                 rows: list[tuple[int, ...]], piles: list[tuple[int, ...]], discarded: tuple[int, ...]) -> None:
        self.tableaux, self.keys, self.gold = tableaux, keys, gold
        totals = [tableau_totals(facts, cells) for cells in tableaux]
        self.shields = [t[0] for t in totals]
        self.banners = [t[1] for t in totals]
        self._rows, self._piles = rows, piles
        self.discarded = discarded

    def discard_pile(self, deck: int) -> tuple[int, ...]:
        return self._piles[deck]

    def row(self, deck: int) -> tuple[int, ...]:
        return self._rows[deck]


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
                x, y = x + shift[0], y + shift[1]
                judge_cells.append(JudgeCell(card, x, y, face_down, stored, key))
                placed.append(Placed(ids[card.name], x, y, face_down, stored, key))
            supply_gold, supply_keys = rng.randint(0, 12), rng.randint(0, 5)
            seats.append(JudgeSeat(judge_cells, supply_gold, supply_keys))
            tableaux.append(tuple(placed))
            keys.append(supply_keys)
            gold.append(supply_gold)
        rows = [pool[:3], pool[3:6]]
        piles = [pool[6:8], pool[8:10]]
        discarded = pool[10:12]
        self.world = JudgeWorld(seats, {Deck.CASTLE: JudgePlace(rows[0], piles[0]),
                                        Deck.VILLAGE: JudgePlace(rows[1], piles[1])})
        self.discarded = discarded
        self.table = EngineTable(tableaux, keys, gold, self.facts, [tuple(ids[c.name] for c in r) for r in rows],
                                 [tuple(ids[c.name] for c in p) for p in piles], tuple(ids[c.name] for c in discarded))
        self.owner = rng.randrange(players)
        self.index = rng.randrange(len(tableaux[self.owner]))
        self.them = rng.choice([s for s in range(players) if s != self.owner])
        mine = tableaux[self.owner]
        pair = [i for i, a in enumerate(mine) for j, b in enumerate(mine) if i < j and abs(a.x - b.x) + abs(
            a.y - b.y) == 1]
        self.group_index = [self.index] + ([pair[0]] if pair else [])


# --------------------------------------------------------------------------
# Expressions
# --------------------------------------------------------------------------


def random_filter(rng: random.Random, depth: int = 0) -> m.CardFilter | None:
    """A card filter of any kind, sometimes none."""
    roll = rng.random()
    if roll < 0.15:
        return None
    atoms = [
        lambda: m.FaceDown(), lambda: m.FaceUp(), lambda: m.DeckIs(rng.choice(DECKS)),
        lambda: m.HasShield(tuple(rng.sample(SHIELDS, rng.randint(1, 2)))),
        lambda: m.ShieldCountIs(rng.choice(COMPARISONS), rng.randint(1, 3)),
        lambda: m.CostIs(rng.choice(COMPARISONS), rng.randint(0, 7)),
        lambda: m.CostVsThis(rng.choice(COMPARISONS)), lambda: m.HasPart(rng.choice(list(m.Part))),
        lambda: m.HoldsGold(), lambda: m.HoldsKey(), lambda: m.Shares(rng.choice(list(m.Trait))),
        lambda: m.Near(rng.choice(list(m.Relation))),
        lambda: m.InRegion(m.Region(frozenset(rng.sample([(x, y) for x in range(3) for y in range(3)],
                                                         rng.randint(1, 4))))),
    ]
    if depth >= 2 or roll < 0.75:
        return rng.choice(atoms)()
    if roll < 0.85:
        parts = [random_filter(rng, depth + 1) for _ in range(2)]
        return m.all_of(parts) or m.FaceUp()
    if roll < 0.93:
        parts = [p for p in (random_filter(rng, depth + 1) for _ in range(2)) if p is not None]
        return m.AnyOf(tuple(parts)) if parts else m.FaceDown()
    inner = random_filter(rng, depth + 1)
    return m.Excluding(inner if inner is not None else m.FaceDown())


def random_noun(rng: random.Random, depth: int, *, them: bool, group: bool) -> Any:
    """A noun: a count of cards, shields, sets, costs, gold, keys, spaces, or a quantifier."""
    on = random_filter(rng, 1)
    choices = [
        lambda: m.Cards(on), lambda: m.Shields(tuple(rng.sample(SHIELDS, rng.randint(0, 2))), on),
        lambda: m.ShieldTypes(rng.random() < 0.5, on),
        lambda: m.ShieldSets(tuple(rng.choice(SHIELDS) for _ in range(rng.randint(2, 3))), on),
        lambda: m.IdenticalShieldSets(rng.randint(2, 3), on),
        lambda: m.BannerSets(tuple(rng.choice(DECKS) for _ in range(rng.randint(2, 3))), on),
        lambda: m.DistinctCosts(on), lambda: m.CostSum(on), lambda: m.StoredGold(on), lambda: m.GoldOnThisCard(),
        lambda: m.KeysOwned(), lambda: m.Gold(), lambda: m.EmptySpaces(),
    ]
    if depth < 2:
        choices += [
            lambda: m.Groups(rng.choice(list(m.GroupKind)), random_condition(rng, depth + 1, them=them, group=True)
                             if rng.random() < 0.8 else None),
            lambda: m.Players(rng.choice(list(m.PlayerGroup)), random_condition(rng, depth + 1, them=True,
                                                                                group=group)
                              if rng.random() < 0.8 else None),
        ]
    return rng.choice(choices)()


def random_per(rng: random.Random, depth: int = 0, *, them: bool = False, group: bool = False) -> m.Per:
    """A count in a scope that means something where it is (their tableau or a group only inside one)."""
    scopes = list(PLAIN_SCOPES) + ([Scope.THEIRS] * 3 if them else []) + ([Scope.GROUP] * 3 if group else [])
    noun = random_noun(rng, depth, them=them, group=group)
    scope = rng.choice(scopes)
    if isinstance(noun, (m.KeysOwned, m.Gold)) and scope not in (Scope.TABLEAU, Scope.THEIRS, Scope.NEIGHBOUR,
                                                                 Scope.EVERY_TABLEAU, Scope.OPPONENTS):
        scope = Scope.TABLEAU
    if isinstance(noun, m.Players) or (isinstance(noun, m.Groups) and scope is not Scope.THEIRS):
        scope = Scope.TABLEAU
    return m.Per(noun, scope, rng.choice([1, 1, 1, 2, 3]))


def random_condition(rng: random.Random, depth: int = 0, *, them: bool = False, group: bool = False,
                     scoring: bool = False) -> m.Condition:
    """A condition of any kind (a place on the grid only in a scoring rule)."""
    roll = rng.random()
    if depth < 2 and roll < 0.15:
        parts = tuple(random_condition(rng, depth + 1, them=them, group=group, scoring=scoring) for _ in range(2))
        return m.And(parts) if rng.random() < 0.5 else m.Or(parts)
    if depth < 2 and roll < 0.22:
        return m.Not(random_condition(rng, depth + 1, them=them, group=group, scoring=scoring))
    if scoring and roll < 0.3:
        return m.PlacedIn(m.Region(frozenset(rng.sample([(x, y) for x in range(3) for y in range(3)], 3))))
    if roll < 0.4:
        noun = rng.choice([m.Shields((rng.choice(SHIELDS),)), m.Cards(), m.KeysOwned(), m.Gold(),
                           m.Cards(m.DeckIs(rng.choice(DECKS)))])
        scope = Scope.THEIRS if them and rng.random() < 0.6 else Scope.TABLEAU
        return m.Compared(m.Per(noun, scope), rng.choice(COMPARISONS), rng.choice(list(m.PlayerGroup)))
    if roll < 0.5:
        scope = Scope.GROUP if group and rng.random() < 0.6 else rng.choice([Scope.TABLEAU, Scope.ROW,
                                                                            Scope.ADJACENT, Scope.CASTLE_ROW])
        return m.Alike(rng.choice(list(m.Trait)), rng.random() < 0.6, m.Per(m.Cards(random_filter(rng, 1)), scope))
    per = random_per(rng, depth, them=them, group=group)
    value: int | m.Per = rng.randint(0, 6) if rng.random() < 0.7 else random_per(rng, depth, them=them, group=group)
    return m.CountIs(per, rng.choice(COMPARISONS), value)


def random_scoring(rng: random.Random) -> m.Scoring:
    """A scoring rule: points per a count (with bounds, maybe a penalty) or points if a condition holds."""
    points = rng.choice([-3, -1, 1, 2, 5])
    if rng.random() < 0.6:
        return m.ScorePer(points, random_per(rng), up_to=rng.choice([None, None, 6]),
                          at_least=rng.choice([None, None, -2, 1]))
    return m.ScoreIf(points, random_condition(rng, scoring=True))
