"""From a Lark parse tree to the frozen card model, in one pass.

Each grammar rule of ``ccl.lark`` has a method here that builds one model
node with its :class:`~castle_combo.language.model.Source`. Nothing of Lark (no Tree,
no Token) reaches the model: tokens are turned into ``int``, ``str`` and the
model's enums as soon as they are seen.

Problems that the grammar cannot express (a property written twice, a
required one missing, a mask not drawn as 3 rows of 3) are collected in
:attr:`CardBuilder.problems` rather than raised, so one run reports them all.
"""

from __future__ import annotations

import re
from typing import Any

import attrs
from lark import Token, Transformer, v_args
from lark.tree import Meta

from castle_combo.errors import CardSyntaxError
from castle_combo.language.messages import render
from castle_combo.language.model import (
    MAX_AMOUNT,
    MAX_COST,
    NAMED_REGIONS,
    Banners,
    BannerSets,
    Card,
    CardsByCost,
    CardsInTableau,
    CardsWithShieldCount,
    Choice,
    ComparedToNeighbours,
    Comparison,
    Conditional,
    CostSum,
    Count,
    CountIs,
    Deck,
    DiscardFromRow,
    DiscardWholeRow,
    Discount,
    DiscountCards,
    DistinctCosts,
    DistinctShieldTypes,
    Effect,
    EmptySpaces,
    FaceDownCards,
    FillPurses,
    Gain,
    GoldOnPurses,
    GoldOnThisCard,
    IdenticalShieldSets,
    KeysOwned,
    LockCards,
    MissingShieldTypes,
    OpponentsGain,
    Per,
    PlacedIn,
    Problem,
    PurseCards,
    Region,
    Resource,
    Scope,
    ScoreAsAdjacent,
    ScoreIf,
    ScorePer,
    Shield,
    ShieldSets,
    ShieldsOf,
    Source,
    StoreGold,
    TakeFromOpponents,
    UseAdjacentAbility,
)
from castle_combo.language.regions import REGION_ALIASES, region_of

__all__ = ["CardBuilder"]

#: Properties a card must have, in the order the docs list them.
REQUIRED = ("deck", "cost", "shields")

#: Properties that may be written more than once (scoring rules add up).
REPEATABLE = frozenset({"score", "name"})

#: What the parser hands over for a wild shield among a card's shields.
_WILD = "wild"

_ESCAPE = re.compile(r"\\(.)")
#: The longest number the language reads: anything longer is certainly a mistake.
MAX_DIGITS = 9


@attrs.frozen
class _Property:
    """One property of a card block, before the card is assembled."""

    kind: str
    value: Any
    source: Source


@v_args(inline=True, meta=True)
class CardBuilder(Transformer[Token, tuple[Card, ...]]):
    """Builds the cards of one file; :attr:`problems` collects what the grammar cannot catch."""

    def __init__(self, path: str, text: str | None = None) -> None:
        super().__init__()
        self.path = path
        #: The file's text, to show the line of a number too long to read.
        self.text = text
        self.problems: list[Problem] = []
        #: Where each property of each card was written, by the card's position:
        #: lets a problem of the card itself (its cost, a localized name, ...)
        #: point at the line at fault rather than at the card's first line.
        self.positions: dict[Source, dict[str, Source]] = {}

    def _at(self, meta: Meta) -> Source:
        return Source(self.path, meta.line, meta.column)

    def _token_at(self, token: Token) -> Source:
        return Source(self.path, token.line or 0, token.column or 0)

    # ------------------------------------------------------------ the file
    def start(self, meta: Meta, *cards: Card | None) -> tuple[Card, ...]:
        return tuple(card for card in cards if card is not None)

    def card(self, meta: Meta, name: str, *properties: _Property) -> Card | None:
        where = self._at(meta)
        seen: dict[str, _Property] = {}
        for prop in properties:
            first = seen.get(prop.kind)
            if first is not None and prop.kind not in REPEATABLE:
                self.problems.append(Problem(
                    f"card {name!r} has '{prop.kind}' twice (first at line {first.source.line})",
                    f"keep one '{prop.kind}'", prop.source))
            seen.setdefault(prop.kind, prop)
        self.positions[where] = {prop.kind: prop.source for prop in properties if prop.kind != "name"}
        self.positions[where].update(
            (f"name {prop.value[0]}", prop.source) for prop in properties if prop.kind == "name")
        missing = [kind for kind in REQUIRED if kind not in seen]
        if missing:
            self.problems.append(Problem(
                f"card {name!r} has no {' and no '.join(missing)}",
                "every card needs: " + ", ".join(f"'{kind}'" for kind in REQUIRED)
                + " (for example: deck castle   cost 3   shields faith)", where))
            return None
        printed = seen["shields"].value
        return Card(
            name=name,
            deck=seen["deck"].value,
            cost=seen["cost"].value,
            shields=tuple(shield for shield in printed if shield is not _WILD),
            wild=sum(1 for shield in printed if shield is _WILD),
            messenger="messenger" in seen,
            purse=seen["purse"].value if "purse" in seen else None,
            ability=seen["when bought"].value if "when bought" in seen else (),
            scoring=tuple(p.value for p in properties if p.kind == "score"),
            names=tuple(p.value for p in properties if p.kind == "name"),
            lock="lock" in seen,
            unlocked=seen["when unlocked"].value if "when unlocked" in seen else (),
            each_turn=seen["at the start of your turn"].value if "at the start of your turn" in seen else (),
            game_end=seen["at the end of the game"].value if "at the end of the game" in seen else (),
            source=where,
        )

    # ------------------------------------------------------------ properties
    def localized_name(self, meta: Meta, language: str, name: str) -> _Property:
        return _Property("name", (language, name), self._at(meta))

    def language(self, meta: Meta, token: Token) -> str:
        return str(token)

    def deck(self, meta: Meta, deck: Deck) -> _Property:
        return _Property("deck", deck, self._at(meta))

    def cost(self, meta: Meta, amount: int) -> _Property:
        return _Property("cost", amount, self._at(meta))

    def shields(self, meta: Meta, *shields: Shield | str) -> _Property:
        return _Property("shields", shields, self._at(meta))

    def wild(self, meta: Meta) -> str:
        return _WILD

    def messenger(self, meta: Meta) -> _Property:
        return _Property("messenger", True, self._at(meta))

    def purse(self, meta: Meta, capacity: int) -> _Property:
        return _Property("purse", capacity, self._at(meta))

    def lock(self, meta: Meta) -> _Property:
        return _Property("lock", True, self._at(meta))

    def ability(self, meta: Meta, *effects: Effect) -> _Property:
        return _Property("when bought", effects, self._at(meta))

    def unlocked(self, meta: Meta, *effects: Effect) -> _Property:
        return _Property("when unlocked", effects, self._at(meta))

    def turn_start(self, meta: Meta, *effects: Effect) -> _Property:
        return _Property("at the start of your turn", effects, self._at(meta))

    def game_end(self, meta: Meta, *effects: Effect) -> _Property:
        return _Property("at the end of the game", effects, self._at(meta))

    def score_per(self, meta: Meta, points: int, count: Count, scope: Scope = Scope.TABLEAU) -> _Property:
        where = self._at(meta)
        per = Per(count, scope, source=count.source)
        return _Property("score", ScorePer(points, per, source=where), where)

    def score_if(self, meta: Meta, points: int, condition: CountIs | PlacedIn) -> _Property:
        where = self._at(meta)
        return _Property("score", ScoreIf(points, condition, source=where), where)

    def score_as_adjacent(self, meta: Meta) -> _Property:
        where = self._at(meta)
        return _Property("score", ScoreAsAdjacent(source=where), where)

    # ------------------------------------------------------------ effects
    def gain(self, meta: Meta, amount: int, resource: Resource, per: Per | None = None) -> Gain:
        return Gain(amount, resource, per, source=self._at(meta))

    def per(self, meta: Meta, count: Count, scope: Scope = Scope.TABLEAU) -> Per:
        return Per(count, scope, source=count.source)

    def opponents_gain(self, meta: Meta, amount: int, resource: Resource) -> OpponentsGain:
        return OpponentsGain(amount, resource, source=self._at(meta))

    def take_from_opponents(self, meta: Meta, amount: int, resource: Resource) -> TakeFromOpponents:
        return TakeFromOpponents(amount, resource, source=self._at(meta))

    def conditional(self, meta: Meta, effect: Effect, condition: CountIs | PlacedIn) -> Conditional:
        return Conditional(effect, condition, source=self._at(meta))

    def discount(self, meta: Meta, amount: int, decks: tuple[Deck, ...]) -> Discount:
        return Discount(amount, decks, source=self._at(meta))

    def discount_decks(self, meta: Meta, *decks: Deck) -> tuple[Deck, ...]:
        return decks

    def all_decks(self, meta: Meta) -> tuple[Deck, ...]:
        return (Deck.CASTLE, Deck.VILLAGE)

    def discard(self, meta: Meta, deck: Deck, reward: Resource) -> DiscardFromRow:
        return DiscardFromRow(deck, reward, source=self._at(meta))

    def discard_row(self, meta: Meta) -> DiscardWholeRow:
        return DiscardWholeRow(source=self._at(meta))

    def use_adjacent(self, meta: Meta) -> UseAdjacentAbility:
        return UseAdjacentAbility(source=self._at(meta))

    def store_gold(self, meta: Meta, amount: int) -> StoreGold:
        return StoreGold(amount, source=self._at(meta))

    def fill_purses(self, meta: Meta, purses: int) -> FillPurses:
        return FillPurses(purses, source=self._at(meta))

    def choice(self, meta: Meta, *options: tuple[Effect, ...]) -> Choice:
        return Choice(options, source=self._at(meta))

    def option(self, meta: Meta, *effects: Effect) -> tuple[Effect, ...]:
        return effects

    # ------------------------------------------------------------ conditions
    def _count_is(self, meta: Meta, comparison: Comparison, value: int, count: Count,
                  scope: Scope = Scope.TABLEAU) -> CountIs:
        return CountIs(Per(count, scope, source=count.source), comparison, value, source=self._at(meta))

    def no_count(self, meta: Meta, count: Count, scope: Scope = Scope.TABLEAU) -> CountIs:
        return self._count_is(meta, Comparison.EQ, 0, count, scope)

    def at_least(self, meta: Meta, value: int, count: Count, scope: Scope = Scope.TABLEAU) -> CountIs:
        return self._count_is(meta, Comparison.GE, value, count, scope)

    def at_most(self, meta: Meta, value: int, count: Count, scope: Scope = Scope.TABLEAU) -> CountIs:
        return self._count_is(meta, Comparison.LE, value, count, scope)

    def exactly(self, meta: Meta, value: int, count: Count, scope: Scope = Scope.TABLEAU) -> CountIs:
        return self._count_is(meta, Comparison.EQ, value, count, scope)

    def placed_in(self, meta: Meta, region: Region) -> PlacedIn:
        return PlacedIn(region, source=self._at(meta))

    def placed_at(self, meta: Meta, region: Region) -> PlacedIn:
        return PlacedIn(region, source=self._at(meta))

    def more_than_neighbours(self, meta: Meta, count: Count) -> ComparedToNeighbours:
        return ComparedToNeighbours(Per(count, source=count.source), True, source=self._at(meta))

    def fewer_than_neighbours(self, meta: Meta, count: Count) -> ComparedToNeighbours:
        return ComparedToNeighbours(Per(count, source=count.source), False, source=self._at(meta))

    def region(self, meta: Meta, *words: Token) -> Region:
        name = " ".join(words)
        name = REGION_ALIASES.get(name, name)
        return Region(NAMED_REGIONS[name], name, source=self._at(meta))

    def mask(self, meta: Meta, *cells: Token) -> Region:
        rows: dict[int, list[Token]] = {}
        for cell in cells:
            rows.setdefault(cell.line or 0, []).append(cell)
        shape = [len(row) for row in rows.values()]
        if shape != [3, 3, 3]:
            drawn = ", ".join(f"{n} cell{'s' if n != 1 else ''}" for n in shape)
            self.problems.append(Problem(
                f"mask must be 3 rows of 3 cells, one row per line; this one has {len(shape)} "
                f"row{'s' if len(shape) != 1 else ''} ({drawn})",
                "draw it on three lines, for example:  X . X  /  . . .  /  X . X", self._at(meta)))
        marked = frozenset((index % 3, index // 3) for index, cell in enumerate(cells) if cell == "X")
        return region_of(marked, self._at(meta))

    def cell(self, meta: Meta, token: Token) -> Token:
        return token

    # ------------------------------------------------------------ counts
    def shields_of(self, meta: Meta, shield: Shield) -> ShieldsOf:
        return ShieldsOf(shield, source=self._at(meta))

    def distinct_shield_types(self, meta: Meta) -> DistinctShieldTypes:
        return DistinctShieldTypes(source=self._at(meta))

    def missing_shield_types(self, meta: Meta) -> MissingShieldTypes:
        return MissingShieldTypes(source=self._at(meta))

    def banners(self, meta: Meta, deck: Deck) -> Banners:
        return Banners(deck, source=self._at(meta))

    def cards_with_shields(self, meta: Meta, shields: int) -> CardsWithShieldCount:
        return CardsWithShieldCount(shields, source=self._at(meta))

    def cards_costing(self, meta: Meta, cost: int) -> CardsByCost:
        return CardsByCost(Comparison.EQ, cost, source=self._at(meta))

    def cards_costing_or_more(self, meta: Meta, cost: int) -> CardsByCost:
        return CardsByCost(Comparison.GE, cost, source=self._at(meta))

    def cards_costing_or_less(self, meta: Meta, cost: int) -> CardsByCost:
        return CardsByCost(Comparison.LE, cost, source=self._at(meta))

    def discount_cards(self, meta: Meta) -> DiscountCards:
        return DiscountCards(source=self._at(meta))

    def purse_cards(self, meta: Meta) -> PurseCards:
        return PurseCards(source=self._at(meta))

    def cards_in_tableau(self, meta: Meta) -> CardsInTableau:
        return CardsInTableau(source=self._at(meta))

    def face_down_cards(self, meta: Meta) -> FaceDownCards:
        return FaceDownCards(source=self._at(meta))

    def empty_spaces(self, meta: Meta) -> EmptySpaces:
        return EmptySpaces(source=self._at(meta))

    def keys_owned(self, meta: Meta) -> KeysOwned:
        return KeysOwned(source=self._at(meta))

    def gold_on_this_card(self, meta: Meta) -> GoldOnThisCard:
        return GoldOnThisCard(source=self._at(meta))

    def gold_on_purses(self, meta: Meta) -> GoldOnPurses:
        return GoldOnPurses(source=self._at(meta))

    def distinct_costs(self, meta: Meta) -> DistinctCosts:
        return DistinctCosts(source=self._at(meta))

    def cost_sum(self, meta: Meta) -> CostSum:
        return CostSum(source=self._at(meta))

    def lock_cards(self, meta: Meta) -> LockCards:
        return LockCards(source=self._at(meta))

    def shield_sets(self, meta: Meta, *shields: Shield) -> ShieldSets:
        return ShieldSets(shields, source=self._at(meta))

    def banner_sets(self, meta: Meta, *decks: Deck) -> BannerSets:
        return BannerSets(decks, source=self._at(meta))

    def identical_shield_sets(self, meta: Meta, size: int) -> IdenticalShieldSets:
        return IdenticalShieldSets(size, source=self._at(meta))

    # ------------------------------------------------------------ scopes
    def in_row(self, meta: Meta) -> Scope:
        return Scope.ROW

    def in_column(self, meta: Meta) -> Scope:
        return Scope.COLUMN

    def in_row_and_column(self, meta: Meta) -> Scope:
        return Scope.ROW_AND_COLUMN

    def in_neighbours_tableau(self, meta: Meta) -> Scope:
        return Scope.NEIGHBOUR

    def in_your_tableau(self, meta: Meta) -> Scope:
        return Scope.TABLEAU

    def on_discarded_cards(self, meta: Meta) -> Scope:
        return Scope.DISCARDED

    def on_adjacent_cards(self, meta: Meta) -> Scope:
        return Scope.ADJACENT

    def in_discard_pile(self, meta: Meta, deck: Deck) -> Scope:
        return Scope.CASTLE_PILE if deck is Deck.CASTLE else Scope.VILLAGE_PILE

    # ------------------------------------------------------------ words
    def shield(self, meta: Meta, token: Token) -> Shield:
        return Shield(str(token))

    def deck_name(self, meta: Meta, token: Token) -> Deck:
        return Deck(str(token))

    def resource(self, meta: Meta, token: Token) -> Resource:
        return Resource.GOLD if token == "gold" else Resource.KEY

    # ------------------------------------------------------------ terminals
    @v_args(inline=False, meta=False)
    def NAME(self, token: Token) -> str:
        return _ESCAPE.sub(r"\1", token[1:-1])

    @v_args(inline=False, meta=False)
    def INT(self, token: Token) -> int:
        if len(token) > MAX_DIGITS:
            # Not a typo of a sensible number, and Python refuses to read thousands of digits at all.
            raise CardSyntaxError(render(
                self.path, token.line or 1, token.column or 1, f"a number of {len(token):,} digits",
                f"numbers on cards are small (costs 0 to {MAX_COST}, amounts up to {MAX_AMOUNT})", self.text))
        return int(token)
