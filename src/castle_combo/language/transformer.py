"""From a Lark parse tree to the frozen card model, in one pass.

Each grammar rule of ``ccl.lark`` has a method here that builds one model
node with its :class:`~castle_combo.language.model.Source`. Nothing of Lark (no
Tree, no Token) reaches the model: tokens are turned into ``int``, ``str`` and
the model's enums as soon as they are seen.

Two things are decided above the words, so the rules hand them up half-built:

* a count's scope may be left unwritten, and then it depends on where the
  count stands (your tableau; the player in "opponent with ..."; the row or
  pair in "row with ..."): a count is a :class:`_Phrase` and a condition a
  function of that default scope, resolved by the rule that knows it;
* the words after a noun ("in row", "on village cards", "not adjacent to
  this card") are places, sorted by :meth:`_Phrase.per` into the scope and
  the noun's card filter.

Problems that the grammar cannot express (a property written twice, a
required one missing, a mask not drawn as 3 rows of 3, two scopes on one
count) are collected in :attr:`CardBuilder.problems` rather than raised, so
one run reports them all.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import attrs
from lark import Token, Transformer, v_args
from lark.tree import Meta

from castle_combo.errors import CardSyntaxError
from castle_combo.language import model as m
from castle_combo.language.messages import render
from castle_combo.language.model import Scope
from castle_combo.language.model.counts import POSITION_SCOPES
from castle_combo.language.model.filters import any_of, negated
from castle_combo.language.regions import REGION_ALIASES, region_of

__all__ = ["CardBuilder"]

#: Properties a card must have, in the order the docs list them.
REQUIRED = ("deck", "cost", "shields")

#: Properties that may be written more than once (scoring rules add up).
REPEATABLE = frozenset({"score", "name", "surcharge"})

#: What the parser hands over for a wild shield among a card's shields.
_WILD = "wild"
#: What the parser hands over for a chosen shield among a card's shields.
_CHOSEN = "chosen"

#: What the parser hands over for ", paying its cost" after turning a card face up.
_PAYING = object()

_ESCAPE = re.compile(r"\\(.)")
#: The longest number the language reads: anything longer is certainly a mistake.
MAX_DIGITS = 9

_MOMENT_KINDS = {m.Moment.BOUGHT: "when bought", m.Moment.UNLOCKED: "when unlocked",
                 m.Moment.TURN_START: "at the start of your turn", m.Moment.TURN_END: "at the end of your turn",
                 m.Moment.GAME_END: "at the end of the game", m.Moment.TAKE: "whenever you take",
                 m.Moment.KEY_SPEND: "whenever you spend a key", m.Moment.MESSENGER: "whenever the messenger moves",
                 m.Moment.IN_ROW: "while in a row"}
_PLAYER_WORDS = {"opponent": m.PlayerGroup.OPPONENTS, "neighbour": m.PlayerGroup.NEIGHBOURS,
                 "neighbor": m.PlayerGroup.NEIGHBOURS, "player": m.PlayerGroup.PLAYERS}
_GROUP_WORDS = {"row": m.GroupKind.ROW, "column": m.GroupKind.COLUMN, "line": m.GroupKind.LINE,
                "adjacent": m.GroupKind.ADJACENT_PAIR, "diagonal": m.GroupKind.DIAGONAL_PAIR}
_TRAITS = {"shield": m.Trait.SHIELD, "banner": m.Trait.DECK, "cost": m.Trait.COST}
_PARTS = {"purse": m.Part.PURSE, "lock": m.Part.LOCK, "discount": m.Part.DISCOUNT, "trigger": m.Part.TRIGGER,
          "ability": m.Part.ABILITY, "scoring": m.Part.SCORING, "messenger": m.Part.MESSENGER}
_ROWS = {"castle": m.RowChoice.CASTLE, "village": m.RowChoice.VILLAGE, "messenger's": m.RowChoice.MESSENGER,
         "messenger’s": m.RowChoice.MESSENGER, "other": m.RowChoice.OTHER}

_PLACE_ADJECTIVES = {"corner": "a corner", "edge": "the middle of an edge", "center": "the center",
                     "centre": "the center"}

#: A condition whose counts written without a scope take the scope given: it is resolved where it stands.
Lazy = Callable[[Scope], m.Condition]


#: What the parser hands over for ", after its ability" in a take trigger.
_AFTER_ITS_ABILITY = object()
#: What the parser hands over for ", you may stop after each" in a repetition.
_MAY_STOP = object()


class _AtOnce:
    """The words "all at once" after an effect on each player (see :attr:`EachPlayer.at_once`)."""


_AT_ONCE = _AtOnce()


#: The players an effect is about, as the grammar's ``players`` gives them: the group, the condition each must
#: meet, and whether the owner picks one of them ("an opponent of your choice").
_Players = tuple[m.PlayerGroup | m.ThatPlayer, m.Condition | None, bool]


def _at_once(rest: tuple[Any, ...]) -> tuple[bool, tuple[Any, ...]]:
    """Whether an effect on each player ends with "all at once", and its other parts."""
    if rest and rest[-1] is _AT_ONCE:
        return True, rest[:-1]
    return False, rest


@attrs.frozen
class _Property:
    """One property of a card block, before the card is assembled."""

    kind: str
    value: Any
    source: m.Source
    #: What else the property says: the kind of card a take trigger watches.
    extra: Any = None


@attrs.frozen
class _KeyUse:
    """What a trigger on key spends says the key did ("to refresh the castle row"): ``None`` when it does not say."""

    purpose: m.KeyPurpose | None
    row: m.Deck | None


@attrs.frozen
class _Guard:
    """The condition written after an optional effect ("you may ... if ..."), which guards the whole of it."""

    condition: Lazy


@attrs.frozen
class _ItsDeck:
    """The marker of ``on top of its deck`` in a card put back from a discard pile (its own location's deck)."""


@attrs.frozen
class _ReturnBottom:
    """The marker of ``on the bottom of`` in a card put back from a discard pile."""


@attrs.frozen
class _ReturnReward:
    """``for its cost in gold`` (or keys, or points) after a card put back from a discard pile."""

    reward: m.CostIn


@attrs.frozen
class _LookDiscard:
    """The marker of ``, discard any of them and ...`` in a look at the top of a deck: at most ``most`` discarded
    (``None``: any number), exactly that many if ``exactly`` (``discard one of them``)."""

    most: int | None = None
    exactly: bool = False


@attrs.frozen
class _Times:
    """How many times a repeated optional effect may be done: ``up_to`` times, or any number (``None``)."""

    up_to: int | None


@attrs.frozen
class _Place:
    """A place after a noun: a scope, a card filter, or which cards stored gold lies on."""

    scope: Scope | None = None
    filter: m.CardFilter | None = None
    on: m.CardFilter | None = None
    on_cards: bool = False
    on_this_card: bool = False
    on_purses: bool = False
    source: m.Source | None = None


@attrs.frozen
class _Cards:
    """A kind of card as written: its filter, and whether it was called a banner."""

    filter: m.CardFilter | None
    banner: bool
    source: m.Source


@attrs.frozen
class _Gold:
    """The word "gold" as a noun: gold you have, or gold stored on cards, by the place after it."""

    source: m.Source


@attrs.frozen
class _Connected:
    """The words after "group of": a size, whether diagonally connected, and the kind of card."""

    filter: m.CardFilter | None
    size: int
    diagonal: bool


@attrs.frozen
class _ShortConnected:
    """"connected castle cards" after a number in a condition: the cards of the largest group."""

    count: m.ConnectedCards

    @property
    def source(self) -> m.Source | None:
        return self.count.source


@attrs.frozen
class _Phrase:
    """A count as written: a noun, the places after it and how many of it count as one."""

    noun: Any
    places: tuple[_Place, ...]
    source: m.Source
    every: int = 1


@v_args(inline=True, meta=True)
class CardBuilder(Transformer[Token, tuple[m.Card, ...]]):
    """Builds the cards of one file; :attr:`problems` collects what the grammar cannot catch."""

    def __init__(self, path: str, text: str | None = None) -> None:
        super().__init__()
        self.path = path
        #: The file's text, to show the line of a number too long to read.
        self.text = text
        self.problems: list[m.Problem] = []
        #: Where each property of each card was written, by the card's position:
        #: lets a problem of the card itself (its cost, a localized name, ...)
        #: point at the line at fault rather than at the card's first line.
        self.positions: dict[m.Source, dict[str, m.Source]] = {}

    def _at(self, meta: Meta) -> m.Source:
        return m.Source(self.path, meta.line, meta.column)

    def _problem(self, message: str, hint: str, source: m.Source | None) -> None:
        self.problems.append(m.Problem(message, hint, source))

    def _refused(self, key: str, source: m.Source | None, **words: str) -> None:
        """A combination the model has no value for, refused with the words of the one table of refusals."""
        self.problems.append(m.REFUSALS.problem(key, source, **words))

    def __default__(self, data: str, children: list[Any], meta: Meta) -> Any:
        """A rule named after a class of the model (``-> has_wild`` for ``HasWild``) builds it from its words.

        The words that give no field (keywords) are left out, the others are
        the class's fields in order, so a new part of the language whose
        words map to its fields needs no method here: the grammar names it.
        """
        cls: Any = getattr(m, "".join(word.capitalize() for word in str(data).split("_")), None)
        if isinstance(cls, type) and hasattr(cls, "__attrs_attrs__"):
            fields = [child for child in children if not isinstance(child, Token)]
            return cls(*fields, source=self._at(meta))
        return super().__default__(data, children, meta)  # type: ignore[no-untyped-call]

    # ------------------------------------------------------------ the file
    def start(self, meta: Meta, *cards: m.Card | None) -> tuple[m.Card, ...]:
        return tuple(card for card in cards if card is not None)

    def card(self, meta: Meta, name: str, *properties: _Property) -> m.Card | None:
        where = self._at(meta)
        seen: dict[str, _Property] = {}
        for prop in properties:
            first = seen.get(prop.kind)
            if first is not None and prop.kind == "whenever you spend a key":
                # One trigger on key spends per card, whoever spends it and whatever the key does.
                self._problem(f"card {name!r} has two triggers on key spends (first at line {first.source.line}); "
                              "a card has one, of one spender and one purpose",
                              "keep one 'whenever ... spends a key ...:' (the plain form fires on every spend)",
                              prop.source)
            elif first is not None and prop.kind not in REPEATABLE:
                self._problem(f"card {name!r} has '{prop.kind}' twice (first at line {first.source.line})",
                              "join the conditions in one 'requires' with 'and'" if prop.kind == "requires"
                              else f"keep one '{prop.kind}'", prop.source)
            seen.setdefault(prop.kind, prop)
        self.positions[where] = {prop.kind: prop.source for prop in properties if prop.kind != "name"}
        self.positions[where].update(
            (f"name {prop.value[0]}", prop.source) for prop in properties if prop.kind == "name")
        missing = [kind for kind in REQUIRED if kind not in seen]
        if missing:
            self._problem(f"card {name!r} has no {' and no '.join(missing)}",
                          "every card needs: " + ", ".join(f"'{kind}'" for kind in REQUIRED)
                          + " (for example: deck castle   cost 3   shields faith)", where)
            return None
        printed = seen["shields"].value
        abilities = {moment: seen[kind].value for moment, kind in _MOMENT_KINDS.items() if kind in seen}
        return m.Card(
            name=name,
            deck=seen["deck"].value,
            cost=seen["cost"].value,
            shields=tuple(shield for shield in printed if shield is not _WILD and shield is not _CHOSEN),
            wild=sum(1 for shield in printed if shield is _WILD),
            chosen=sum(1 for shield in printed if shield is _CHOSEN),
            messenger="messenger" in seen,
            purse=seen["purse"].value if "purse" in seen else None,
            abilities=abilities,
            scoring=tuple(p.value for p in properties if p.kind == "score"),
            names=tuple(p.value for p in properties if p.kind == "name"),
            lock="lock" in seen,
            on_take=seen["whenever you take"].extra[0] if "whenever you take" in seen else None,
            taken_by=seen["whenever you take"].extra[1] if "whenever you take" in seen else None,
            after_ability="whenever you take" in seen and seen["whenever you take"].extra[2:] == (True,),
            spent_by=seen["whenever you spend a key"].extra[0] if "whenever you spend a key" in seen else None,
            spent_for=seen["whenever you spend a key"].extra[1] if "whenever you spend a key" in seen else None,
            refreshed=seen["whenever you spend a key"].extra[2] if "whenever you spend a key" in seen else None,
            moved_to=seen["whenever the messenger moves"].extra[0] if "whenever the messenger moves" in seen else None,
            moved_by_icon="whenever the messenger moves" in seen and seen["whenever the messenger moves"].extra[1],
            surcharges=tuple(p.value for p in properties if p.kind == "surcharge"),
            requirement=seen["requires"].value if "requires" in seen else None,
            source=where,
        )

    # ------------------------------------------------------------ properties
    def localized_name(self, meta: Meta, language: str, name: str) -> _Property:
        return _Property("name", (language, name), self._at(meta))

    def language(self, meta: Meta, token: Token) -> str:
        return str(token)

    def deck(self, meta: Meta, deck: m.Deck) -> _Property:
        return _Property("deck", deck, self._at(meta))

    def cost(self, meta: Meta, amount: int) -> _Property:
        return _Property("cost", amount, self._at(meta))

    def shields(self, meta: Meta, *shields: m.Shield | str) -> _Property:
        return _Property("shields", shields, self._at(meta))

    def wild(self, meta: Meta) -> str:
        return _WILD

    def chosen(self, meta: Meta) -> str:
        return _CHOSEN

    def messenger(self, meta: Meta) -> _Property:
        return _Property("messenger", True, self._at(meta))

    def purse(self, meta: Meta, capacity: int) -> _Property:
        return _Property("purse", capacity, self._at(meta))

    def lock(self, meta: Meta) -> _Property:
        return _Property("lock", True, self._at(meta))

    def ability(self, meta: Meta, *effects: m.Effect) -> _Property:
        return _Property("when bought", effects, self._at(meta))

    def unlocked(self, meta: Meta, *effects: m.Effect) -> _Property:
        return _Property("when unlocked", effects, self._at(meta))

    def turn_start(self, meta: Meta, *effects: m.Effect) -> _Property:
        return _Property("at the start of your turn", effects, self._at(meta))

    def turn_end(self, meta: Meta, *effects: m.Effect) -> _Property:
        return _Property("at the end of your turn", effects, self._at(meta))

    def game_end(self, meta: Meta, *effects: m.Effect) -> _Property:
        return _Property("at the end of the game", effects, self._at(meta))

    def row_moment(self, meta: Meta, *effects: m.Effect) -> _Property:
        return _Property("while in a row", effects, self._at(meta))

    def take_trigger(self, meta: Meta, taken: m.CardFilter | None, *effects: Any) -> _Property:
        after = bool(effects) and effects[0] is _AFTER_ITS_ABILITY
        return _Property("whenever you take", effects[1:] if after else effects, self._at(meta), (taken, None, after))

    def after_its_ability(self, meta: Meta) -> object:
        return _AFTER_ITS_ABILITY

    def other_take_trigger(self, meta: Meta, taker: m.PlayerGroup, taken: m.CardFilter | None,
                           *effects: m.Effect) -> _Property:
        return _Property("whenever you take", effects, self._at(meta), (taken, taker))

    def key_trigger(self, meta: Meta, *rest: Any) -> _Property:
        return self._key_trigger(meta, None, rest)

    def other_key_trigger(self, meta: Meta, spender: m.PlayerGroup, *rest: Any) -> _Property:
        return self._key_trigger(meta, spender, rest)

    def _key_trigger(self, meta: Meta, spender: m.PlayerGroup | None, rest: tuple[Any, ...]) -> _Property:
        """A trigger on key spends: who spends, then what the key did if it says (``to refresh a row``)."""
        use = rest[0] if rest and isinstance(rest[0], _KeyUse) else _KeyUse(None, None)
        effects = rest[1:] if rest and isinstance(rest[0], _KeyUse) else rest
        return _Property("whenever you spend a key", effects, self._at(meta), (spender, use.purpose, use.row))

    def key_to_move(self, meta: Meta) -> _KeyUse:
        return _KeyUse(m.KeyPurpose.MOVE, None)

    def key_to_refresh(self, meta: Meta) -> _KeyUse:
        return _KeyUse(m.KeyPurpose.REFRESH, None)

    def key_to_refresh_row(self, meta: Meta, row: m.Deck) -> _KeyUse:
        return _KeyUse(m.KeyPurpose.REFRESH, row)

    def messenger_trigger(self, meta: Meta, *rest: Any) -> _Property:
        to = rest[0] if rest and isinstance(rest[0], m.Deck) else None
        return _Property("whenever the messenger moves", rest[1:] if to is not None else rest, self._at(meta),
                         (to, False))

    def icon_messenger_trigger(self, meta: Meta, *rest: Any) -> _Property:
        to = rest[0] if rest and isinstance(rest[0], m.Deck) else None
        return _Property("whenever the messenger moves", rest[1:] if to is not None else rest, self._at(meta),
                         (to, True))

    def taker_opponent(self, meta: Meta) -> m.PlayerGroup:
        return m.PlayerGroup.OPPONENTS

    def taker_neighbour(self, meta: Meta) -> m.PlayerGroup:
        return m.PlayerGroup.NEIGHBOURS

    def taker_player(self, meta: Meta) -> m.PlayerGroup:
        return m.PlayerGroup.PLAYERS

    def taker_side(self, meta: Meta, side: str) -> m.PlayerGroup:
        return m.PlayerGroup.LEFT if side == "left" else m.PlayerGroup.RIGHT

    # ------------------------------------------------------------ scoring
    def score_per(self, meta: Meta, points: int, *rest: Any) -> _Property:
        where = self._at(meta)
        # "score 2 per faith card if you have at least 3 keys": a condition on the whole rule comes last.
        condition = rest[-1](Scope.TABLEAU) if rest and callable(rest[-1]) else None
        items = list(rest[:-1] if condition is not None else rest)
        # "score 1 per faith card per castle card": a second count (its every-N first) before the bounds.
        second = 2 if isinstance(items[0], int) else 1
        times = None
        if len(items) > second and not isinstance(items[second], tuple):
            extra = items[second:second + 2] if isinstance(items[second], int) else items[second:second + 1]
            times, _ = self._per_and_bounds(tuple(extra))
            del items[second:second + len(extra)]
        per, bounds = self._per_and_bounds(tuple(items))
        assert per is not None
        rule = m.ScorePer(points, per, condition=condition, times=times, source=where, **bounds)
        return _Property("score", rule, where)

    def score_if(self, meta: Meta, points: int, condition: Lazy) -> _Property:
        where = self._at(meta)
        return _Property("score", m.ScoreIf(points, condition(Scope.TABLEAU), source=where), where)

    def score_fixed(self, meta: Meta, points: int) -> _Property:
        where = self._at(meta)
        return _Property("score", m.ScoreFixed(points, source=where), where)

    def score_for_chosen_shield(self, meta: Meta, _: Token, rule: _Property) -> _Property:
        where = self._at(meta)
        return _Property("score", m.ScoreForChosenShield(rule.value, source=where), where)

    def score_as_adjacent(self, meta: Meta) -> _Property:
        where = self._at(meta)
        return _Property("score", m.ScoreAsAdjacent(source=where), where)

    def _per_and_bounds(self, rest: tuple[Any, ...]) -> tuple[m.Per | None, dict[str, int]]:
        """A ``per`` (an every-N and a count, or a ready :class:`Per`) and the bounds after it."""
        items = list(rest)
        every = 1
        per: m.Per | None = None
        if items and isinstance(items[0], int):
            every = items.pop(0)
        if items and isinstance(items[0], _Phrase):
            per = self._per(self._counted(attrs.evolve(items.pop(0), every=every)), Scope.TABLEAU)
        elif items and isinstance(items[0], m.Per):
            per = items.pop(0)
        bounds: dict[str, int] = {}
        for name, value in items:
            bounds[name] = value
        return per, bounds

    def up_to(self, meta: Meta, _: Token, value: int) -> tuple[str, int]:
        return ("up_to", value)

    def at_least_bound(self, meta: Meta, _: Token, value: int) -> tuple[str, int]:
        return ("at_least", value)

    # ------------------------------------------------------------ effects
    def gain(self, meta: Meta, amount: int, resource: m.Resource, *rest: Any) -> m.Gain:
        per, bounds = self._per_and_bounds(rest)
        return m.Gain(amount, resource, per, source=self._at(meta), **bounds)

    def gain_points(self, meta: Meta, amount: int, *rest: Any) -> m.GainPoints:
        per, bounds = self._per_and_bounds(rest)
        return m.GainPoints(amount, per, up_to=bounds.get("up_to"), at_least=bounds.get("at_least"),
                            source=self._at(meta))

    def lose_points(self, meta: Meta, amount: int, *rest: Any) -> m.GainPoints:
        per, bounds = self._per_and_bounds(rest)
        return m.GainPoints(amount, per, up_to=bounds.get("up_to"), at_least=bounds.get("at_least"), loses=True,
                            source=self._at(meta))

    def lose(self, meta: Meta, amount: int, resource: m.Resource, *rest: Any) -> m.Lose:
        per, bounds = self._per_and_bounds(rest)
        return m.Lose(amount, resource, per, source=self._at(meta), **bounds)

    def each_gains(self, meta: Meta, players: _Players, amount: int,
                   resource: m.Resource, *rest: Any) -> m.EachPlayer:
        at_once, rest = _at_once(rest)
        per, bounds = self._per_and_bounds(rest)
        where = self._at(meta)
        return m.EachPlayer(players[0], m.Gain(amount, resource, per, source=where, **bounds), players[1],
                            at_once=at_once, chosen=players[2], source=where)

    def each_loses(self, meta: Meta, players: _Players, amount: int,
                   resource: m.Resource, *rest: Any) -> m.EachPlayer:
        at_once, rest = _at_once(rest)
        per, bounds = self._per_and_bounds(rest)
        where = self._at(meta)
        return m.EachPlayer(players[0], m.Lose(amount, resource, per, source=where, **bounds), players[1],
                            at_once=at_once, chosen=players[2], source=where)

    def take(self, meta: Meta, amount: int, resource: m.Resource, *rest: Any) -> m.EachPlayer:
        at_once, rest = _at_once(rest)
        players = rest[-1]
        per, bounds = self._per_and_bounds(rest[:-1])
        where = self._at(meta)
        return m.EachPlayer(players[0], m.Take(amount, resource, per, source=where, **bounds), players[1],
                            at_once=at_once, chosen=players[2], source=where)

    def give(self, meta: Meta, amount: int, resource: m.Resource, *rest: Any) -> m.EachPlayer:
        at_once, rest = _at_once(rest)
        players = rest[-1]
        per, bounds = self._per_and_bounds(rest[:-1])
        where = self._at(meta)
        return m.EachPlayer(players[0], m.Give(amount, resource, per, source=where, **bounds), players[1],
                            at_once=at_once, chosen=players[2], source=where)

    def at_once(self, meta: Meta, _: Token) -> _AtOnce:
        return _AT_ONCE

    def each_players(self, meta: Meta, group: m.PlayerGroup, condition: Lazy | None = None) -> _Players:
        return group, (condition(Scope.THEIRS) if condition is not None else None), False

    def that_player(self, meta: Meta, condition: Lazy | None = None) -> _Players:
        return m.ThatPlayer.TAKER, (condition(Scope.THEIRS) if condition is not None else None), False

    def one_neighbour(self, meta: Meta, side: str) -> _Players:
        return (m.PlayerGroup.LEFT if side == "left" else m.PlayerGroup.RIGHT), None, False

    def chosen_player(self, meta: Meta, group: m.PlayerGroup, _: Token, condition: Lazy | None = None) -> _Players:
        """"an opponent of your choice [with ...]": one player of the group, picked when the effect resolves."""
        return group, (condition(Scope.THEIRS) if condition is not None else None), True

    def side(self, meta: Meta, token: Token) -> str:
        return str(token)

    def player_word(self, meta: Meta, token: Token) -> m.PlayerGroup:
        word = str(token)
        return _PLAYER_WORDS[word.rstrip("s")] if word.rstrip("s") in _PLAYER_WORDS else _PLAYER_WORDS[word]

    def per(self, meta: Meta, *rest: Any) -> m.Per:
        every = rest[0] if len(rest) == 2 else 1
        return self._per(self._counted(attrs.evolve(rest[-1], every=every)), Scope.TABLEAU)

    def _counted(self, phrase: _Phrase) -> _Phrase:
        """A count after "per": "connected castle cards" alone would read as every castle card next to another."""
        if isinstance(phrase.noun, _ShortConnected):
            self._refused("connected after per", phrase.source, cards=phrase.noun.count.ccl(1).split(" of ", 1)[1])
        return phrase

    def conditional(self, meta: Meta, effect: m.Effect, condition: Lazy) -> m.Effect:
        where = self._at(meta)
        resolved = condition(Scope.TABLEAU)
        if isinstance(effect, m.EachPlayer) and _mentions(resolved, Scope.THEIRS):
            # "take 1 key from each opponent if they have ...": the condition is about each of them.
            joined = resolved if effect.condition is None else m.And((effect.condition, resolved), source=where)
            return attrs.evolve(effect, condition=joined)
        return m.Conditional(effect, resolved, source=where)

    def discount(self, meta: Meta, amount: int, decks: tuple[m.Deck, ...]) -> m.Discount:
        return m.Discount(amount, decks, source=self._at(meta))

    def discount_on(self, meta: Meta, amount: int, on: m.CardFilter | None) -> m.Discount:
        """``discount N on CARDS``: a deck's cards, or any filter (with its deck, when it names one)."""
        parts = on.filters if isinstance(on, m.AllOf) else (on,)
        decks = [f for f in parts if isinstance(f, m.DeckIs)]
        if len(decks) == 1:
            rest = m.all_of(f for f in parts if f is not decks[0])
            return m.Discount(amount, (decks[0].deck,), rest, source=self._at(meta))
        return m.Discount(amount, (m.Deck.CASTLE, m.Deck.VILLAGE), on, source=self._at(meta))

    def surcharge(self, meta: Meta, amount: int, decks: tuple[m.Deck, ...], payers: m.PlayerGroup,
                  timed: bool = False) -> _Property:
        return _Property("surcharge", m.Surcharge(amount, payers, decks, until_next_turn=timed,
                                                  source=self._at(meta)), self._at(meta))

    def surcharge_on(self, meta: Meta, amount: int, on: m.CardFilter | None, payers: m.PlayerGroup,
                     timed: bool = False) -> _Property:
        """``surcharge N on CARDS for PLAYERS [until your next turn]``: a deck's cards, or any filter (with its
        deck, when it names one)."""
        found = self.discount_on(meta, amount, on)
        return _Property("surcharge", m.Surcharge(amount, payers, found.decks, found.on, until_next_turn=timed,
                                                  source=self._at(meta)), self._at(meta))

    def until_next_turn(self, meta: Meta) -> bool:
        return True

    def requirement(self, meta: Meta, condition: Lazy) -> _Property:
        """``requires CONDITION``: read on the taker's tableau and supply, as a scoring rule's condition reads."""
        return _Property("requires", m.Requirement(condition(Scope.TABLEAU), source=self._at(meta)), self._at(meta))

    def payers_each(self, meta: Meta, group: m.PlayerGroup) -> m.PlayerGroup:
        return group

    def payers_side(self, meta: Meta, side: str) -> m.PlayerGroup:
        return m.PlayerGroup.LEFT if side == "left" else m.PlayerGroup.RIGHT

    def discount_decks(self, meta: Meta, *decks: m.Deck) -> tuple[m.Deck, ...]:
        return decks

    def all_decks(self, meta: Meta) -> tuple[m.Deck, ...]:
        return (m.Deck.CASTLE, m.Deck.VILLAGE)

    def discard(self, meta: Meta, deck: m.Deck, reward: m.Resource) -> m.DiscardFromRow:
        return m.DiscardFromRow(deck, reward, source=self._at(meta))

    def discard_a_row(self, meta: Meta) -> m.DiscardWholeRow:
        return m.DiscardWholeRow(source=self._at(meta))

    def discard_that_row(self, meta: Meta, which: m.RowChoice) -> m.DiscardWholeRow:
        return m.DiscardWholeRow(which, source=self._at(meta))

    def discard_top(self, meta: Meta, *parts: int | m.Deck) -> m.DiscardDeckTop:
        """``discard the top card of the castle deck`` (one card) or ``the top 3 cards of ...``."""
        count, deck = parts if len(parts) == 2 else (1, parts[0])
        assert isinstance(count, int) and isinstance(deck, m.Deck)
        return m.DiscardDeckTop(deck, count, source=self._at(meta))

    def look_top(self, meta: Meta, *parts: int | m.Deck | _LookDiscard) -> m.LookAtDeckTop:
        """``look at the top 3 cards of the castle deck and put them back in any order`` (``, discard any of them
        and put the rest back ...``)."""
        marker = parts[-1] if parts and isinstance(parts[-1], _LookDiscard) else None
        rest = parts[:-1] if marker is not None else parts
        count, deck = rest if len(rest) == 2 else (1, rest[0])
        assert isinstance(count, int) and isinstance(deck, m.Deck)
        if marker is None:
            return m.LookAtDeckTop(deck, count, source=self._at(meta))
        return m.LookAtDeckTop(deck, count, True, marker.most, marker.exactly, source=self._at(meta))

    def look_discard(self, meta: Meta) -> _LookDiscard:
        return _LookDiscard()

    def look_discard_one(self, meta: Meta) -> _LookDiscard:
        """``, discard one of them and put the rest back ...``: exactly one discarded."""
        return _LookDiscard(1, True)

    def look_discard_up_to(self, meta: Meta, up_to: Token, most: int) -> _LookDiscard:
        """``, discard up to 2 of them and put the rest back ...``: at most that many discarded."""
        return _LookDiscard(most)

    def which_row(self, meta: Meta, token: Token) -> m.RowChoice:
        return _ROWS[str(token)]

    def use_adjacent(self, meta: Meta) -> m.UseAdjacentAbility:
        return m.UseAdjacentAbility(source=self._at(meta))

    def use_neighbours(self, meta: Meta) -> m.UseNeighbourAbility:
        return m.UseNeighbourAbility(source=self._at(meta))

    def store_on_purses(self, meta: Meta, amount: int) -> m.StoreGold:
        return m.StoreGold(amount, source=self._at(meta))

    def store_on_cards(self, meta: Meta, amount: int, target: m.CardFilter | None) -> m.StoreGold:
        return m.StoreGold(amount, _without_purse(target), source=self._at(meta))

    def store_on_this_card(self, meta: Meta, amount: int) -> m.StoreGold:
        return m.StoreGold(amount, m.Near(m.Relation.THIS), source=self._at(meta))

    def store_keys(self, meta: Meta, amount: int) -> m.StoreKeys:
        return m.StoreKeys(amount, source=self._at(meta))

    def fill_purses(self, meta: Meta, *rest: Any) -> m.FillPurses:
        return m.FillPurses(next(r for r in rest if isinstance(r, int)), source=self._at(meta))

    def move_gold(self, meta: Meta, _: Token, amount: int, owner: tuple[m.PlayerGroup, bool]) -> m.MoveGold:
        """"move up to 2 gold from a neighbour's purse card to one of your purse cards"."""
        return m.MoveGold(amount, owner[0], owner[1], source=self._at(meta))

    def move_gold_between(self, meta: Meta, _: Token, amount: int) -> m.MoveGold:
        """"move up to 3 gold between your purse cards": from one of the owner's purse cards to another."""
        return m.MoveGold(amount, source=self._at(meta))

    def store_own_gold(self, meta: Meta, _: Token, amount: int) -> m.StoreOwnGold:
        """"store up to 4 of your gold on your purse cards": the owner's gold, split as they choose."""
        return m.StoreOwnGold(amount, source=self._at(meta))

    def gold_owner_one(self, meta: Meta, group: m.PlayerGroup) -> tuple[m.PlayerGroup, bool]:
        return group, False

    def gold_owner_each(self, meta: Meta, group: m.PlayerGroup) -> tuple[m.PlayerGroup, bool]:
        return group, True

    def gold_owner_side(self, meta: Meta, side: str) -> tuple[m.PlayerGroup, bool]:
        return (m.PlayerGroup.LEFT if side == "left" else m.PlayerGroup.RIGHT), False

    def owners_neighbour(self, meta: Meta) -> m.PlayerGroup:
        return m.PlayerGroup.NEIGHBOURS

    def owners_opponent(self, meta: Meta) -> m.PlayerGroup:
        return m.PlayerGroup.OPPONENTS

    def owners_player(self, meta: Meta) -> m.PlayerGroup:
        return m.PlayerGroup.PLAYERS

    def move_messenger(self, meta: Meta, deck: m.Deck | None = None) -> m.MoveMessenger:
        return m.MoveMessenger(deck, source=self._at(meta))

    def turn_one(self, meta: Meta, target: m.CardFilter | None, *flags: object) -> m.TurnFaceUp:
        return m.TurnFaceUp(_without_face_down(target), False, True in flags, paying=_PAYING in flags,
                            source=self._at(meta))

    def paying_its_cost(self, meta: Meta) -> object:
        return _PAYING

    def turn_every(self, meta: Meta, target: m.CardFilter | None, *flags: object) -> m.TurnFaceUp:
        return m.TurnFaceUp(_without_face_down(target), True, True in flags, paying=_PAYING in flags,
                            source=self._at(meta))

    def swap_two(self, meta: Meta, cards: _Cards) -> m.Swap:
        return m.Swap(cards.filter, source=self._at(meta))

    def swap_this(self, meta: Meta, cards: _Cards) -> m.Swap:
        return m.Swap(cards.filter, True, source=self._at(meta))

    def use_its_ability(self, meta: Meta) -> bool:
        return True

    def target(self, meta: Meta, cards: _Cards, *places: _Place) -> m.CardFilter | None:
        filters: list[m.CardFilter | None] = [cards.filter]
        for place in places:
            if place.scope is not None and place.scope in POSITION_SCOPES:
                filters.append(m.Near(POSITION_SCOPES[place.scope]))
            elif place.filter is not None:
                filters.append(place.filter)
            else:
                self._refused("effect place", place.source)
        return m.all_of(filters)

    def choice(self, meta: Meta, *options: tuple[m.Effect, ...]) -> m.Choice:
        return m.Choice(options, source=self._at(meta))

    def players_choose(self, meta: Meta, players: _Players, *options: tuple[m.Effect, ...]) -> m.PlayersChoose:
        """"each opponent chooses one: { ... } or { ... }": a choice each of those players owes."""
        return m.PlayersChoose(players[0], options, players[1], chosen=players[2], source=self._at(meta))

    def option(self, meta: Meta, *effects: m.Effect) -> tuple[m.Effect, ...]:
        return effects

    def may(self, meta: Meta, *parts: Any) -> m.MayDo:
        cost: tuple[m.Lose, ...] = ()
        effects = list(parts)
        if effects and isinstance(effects[0], tuple):  # "pay ... to": the cost, then what it buys
            cost = effects.pop(0)
        times = effects.pop() if effects and isinstance(effects[-1], _Times) else None
        guard = effects.pop().condition if effects and isinstance(effects[-1], _Guard) else None
        if guard is not None:
            resolved = guard(Scope.TABLEAU)
            if len(effects) == 1 and isinstance(effects[0], m.EachPlayer) and _mentions(resolved, Scope.THEIRS):
                # "you may take 1 key from each opponent if they have ...": the condition is about each of them.
                effects[0] = self.conditional(meta, effects[0], guard)
                guard = None
        kept = {} if guard is None else {"guard": guard(Scope.TABLEAU)}
        if times is None:
            return m.MayDo(cost, tuple(effects), source=self._at(meta), **kept)
        return m.MayDo(cost, tuple(effects), repeat=True, up_to=times.up_to, source=self._at(meta), **kept)

    def repeat(self, meta: Meta, times: Token, *parts: Any) -> m.Repeat:
        """``repeat up to 3 times, you may stop after each: { ... } until ...``."""
        may_stop = any(p is _MAY_STOP for p in parts)
        until = next((p.condition(Scope.TABLEAU) for p in parts if isinstance(p, _Guard)), None)
        effects = tuple(p for p in parts if p is not _MAY_STOP and not isinstance(p, _Guard))
        return m.Repeat(int(re.findall(r"[0-9]+", str(times))[0]), effects, may_stop=may_stop, until=until,
                        source=self._at(meta))

    def repeat_may_stop(self, meta: Meta) -> object:
        return _MAY_STOP

    def repeat_until(self, meta: Meta, condition: Lazy) -> _Guard:
        return _Guard(condition)

    def may_guard(self, meta: Meta, condition: Lazy) -> _Guard:
        return _Guard(condition)

    def any_times(self, meta: Meta, _: Token) -> _Times:
        return _Times(None)

    def up_to_times(self, meta: Meta, token: Token) -> _Times:
        return _Times(int(re.findall(r"[0-9]+", str(token))[0]))

    def next_discount(self, meta: Meta, *parts: Any) -> m.NextDiscount:
        deck = next((p for p in parts if isinstance(p, m.Deck)), None)
        amount = next(p for p in parts if isinstance(p, int) and not isinstance(p, bool))
        return m.NextDiscount(amount, deck, face_up=any(p is True for p in parts), source=self._at(meta))

    def bought_face_up(self, meta: Meta) -> bool:
        return True

    def next_from_either_row(self, meta: Meta) -> m.NextFromEitherRow:
        return m.NextFromEitherRow(source=self._at(meta))

    def next_resolves_twice(self, meta: Meta) -> m.NextResolvesTwice:
        return m.NextResolvesTwice(source=self._at(meta))

    def reserve_either(self, meta: Meta) -> m.ReserveCard:
        return m.ReserveCard(source=self._at(meta))

    def reserve_from(self, meta: Meta, deck: m.Deck) -> m.ReserveCard:
        return m.ReserveCard(deck, source=self._at(meta))

    def reserve_other(self, meta: Meta) -> m.ReserveCard:
        """``reserve a card from the other row``: the row where the messenger is not when it resolves."""
        return m.ReserveCard(other=True, source=self._at(meta))

    def its_deck(self, meta: Meta) -> _ItsDeck:
        return _ItsDeck()

    def return_bottom(self, meta: Meta) -> _ReturnBottom:
        return _ReturnBottom()

    def return_reward(self, meta: Meta, reward: m.Resource) -> _ReturnReward:
        return _ReturnReward(m.CostIn.GOLD if reward is m.Resource.GOLD else m.CostIn.KEYS)

    def return_points(self, meta: Meta) -> _ReturnReward:
        return _ReturnReward(m.CostIn.POINTS)

    @staticmethod
    def _returned(deck: m.Deck | None, top: bool, parts: tuple[object, ...], source: m.Source) -> m.ReturnToDeck:
        """A put-back from its parts: the side (``on the bottom of``, or on top), the deck, the reward."""
        onto = next((p for p in parts if isinstance(p, m.Deck)), None)
        reward = next((p.reward for p in parts if isinstance(p, _ReturnReward)), None)
        bottom = any(isinstance(p, _ReturnBottom) for p in parts)
        return m.ReturnToDeck(deck, top, onto, bottom, reward, source=source)

    def return_either(self, meta: Meta, *parts: object) -> m.ReturnToDeck:
        """``put a card from either discard pile on top of its deck`` (``on the bottom of``, ``for its cost in
        gold``)."""
        return self._returned(None, False, parts, self._at(meta))

    def return_from(self, meta: Meta, deck: m.Deck, *parts: object) -> m.ReturnToDeck:
        """``put a card from the castle discard pile on top of the castle deck`` (or ``... of its deck``)."""
        return self._returned(deck, False, parts, self._at(meta))

    def return_top(self, meta: Meta, deck: m.Deck, *parts: object) -> m.ReturnToDeck:
        """``put the top card of the village discard pile on top of the village deck``: no choice."""
        return self._returned(deck, True, parts, self._at(meta))

    def end_of_this_turn(self, meta: Meta, *effects: m.Effect) -> m.EndOfThisTurn:
        return m.EndOfThisTurn(tuple(effects), source=self._at(meta))

    def cost_list(self, meta: Meta, *items: m.Lose) -> tuple[m.Lose, ...]:
        return items

    def cost_item(self, meta: Meta, amount: int, resource: m.Resource, *rest: Any) -> m.Lose:
        # A cost counted per something is read, so that check can say why a cost is a fixed amount.
        per, bounds = self._per_and_bounds(rest)
        return m.Lose(amount, resource, per, source=self._at(meta), **bounds)

    # ------------------------------------------------------------ conditions
    def _count_is(self, meta: Meta, comparison: m.Comparison, value: int, count: _Phrase) -> Lazy:
        where = self._at(meta)
        return lambda default: m.CountIs(self._per(count, default), comparison, value, source=where)

    def no_count(self, meta: Meta, count: _Phrase) -> Lazy:
        return self._count_is(meta, m.Comparison.EQ, 0, count)

    def at_least(self, meta: Meta, _: Token, value: int, count: _Phrase) -> Lazy:
        return self._count_is(meta, m.Comparison.GE, value, count)

    def at_least_bare(self, meta: Meta, value: int, count: _Phrase) -> Lazy:
        return self._count_is(meta, m.Comparison.GE, value, count)

    def at_least_one(self, meta: Meta, count: _Phrase) -> Lazy:
        return self._count_is(meta, m.Comparison.GE, 1, count)

    def at_most(self, meta: Meta, _: Token, value: int, count: _Phrase) -> Lazy:
        return self._count_is(meta, m.Comparison.LE, value, count)

    def exactly(self, meta: Meta, value: int, count: _Phrase) -> Lazy:
        return self._count_is(meta, m.Comparison.EQ, value, count)

    def not_exactly(self, meta: Meta, _: Token, value: int, count: _Phrase) -> Lazy:
        return self._count_is(meta, m.Comparison.NE, value, count)

    def more_than_number(self, meta: Meta, value: int, count: _Phrase) -> Lazy:
        return self._count_is(meta, m.Comparison.GT, value, count)

    def fewer_than_number(self, meta: Meta, value: int, count: _Phrase) -> Lazy:
        return self._count_is(meta, m.Comparison.LT, value, count)

    def _versus(self, meta: Meta, comparison: m.Comparison, count: _Phrase, versus: Any) -> Lazy:
        where = self._at(meta)

        def build(default: Scope) -> m.Condition:
            if isinstance(versus, m.PlayerGroup):
                # Inside a player quantifier the player talked about is compared with their own rivals.
                subject = Scope.THEIRS if default is Scope.THEIRS else Scope.TABLEAU
                return m.Compared(self._per(count, subject), comparison, versus, source=where)
            left = self._per(count, default)
            if versus in ("you", "them"):
                right = left.scoped(Scope.TABLEAU if versus == "you" else Scope.THEIRS)
            else:
                right = self._per(versus, default)
            return m.CountIs(left, comparison, right, source=where)

        return build

    def more_than(self, meta: Meta, count: _Phrase, versus: Any) -> Lazy:
        return self._versus(meta, m.Comparison.GT, count, versus)

    def fewer_than(self, meta: Meta, count: _Phrase, versus: Any) -> Lazy:
        return self._versus(meta, m.Comparison.LT, count, versus)

    def as_many_as(self, meta: Meta, count: _Phrase, versus: Any) -> Lazy:
        return self._versus(meta, m.Comparison.EQ, count, versus)

    def at_least_as_many_as(self, meta: Meta, _: Token, count: _Phrase, versus: Any) -> Lazy:
        return self._versus(meta, m.Comparison.GE, count, versus)

    def at_most_as_many_as(self, meta: Meta, _: Token, count: _Phrase, versus: Any) -> Lazy:
        return self._versus(meta, m.Comparison.LE, count, versus)

    def versus_you(self, meta: Meta) -> str:
        return "you"

    def versus_them(self, meta: Meta) -> str:
        return "them"

    def versus_each(self, meta: Meta, group: m.PlayerGroup) -> m.PlayerGroup:
        return group

    def the_most(self, meta: Meta, count: _Phrase) -> Lazy:
        return self._versus(meta, m.Comparison.GE, count, m.PlayerGroup.OPPONENTS)

    def the_fewest(self, meta: Meta, count: _Phrase) -> Lazy:
        return self._versus(meta, m.Comparison.LE, count, m.PlayerGroup.OPPONENTS)

    def messenger_at(self, meta: Meta, deck: m.Deck) -> Lazy:
        where = self._at(meta)
        return lambda default: m.MessengerAt(deck, source=where)

    def reserved_card(self, meta: Meta) -> Lazy:
        where = self._at(meta)
        return lambda default: m.HasReserved(True, default is Scope.THEIRS, source=where)

    def took_reserved(self, meta: Meta, side: bool | None = None) -> Lazy:
        """``you took your reserved card`` (``face up`` / ``face down``): always the owner's tableau."""
        where = self._at(meta)
        return lambda default: m.TookReserved(side, source=where)

    def took_side(self, meta: Meta, *words: Token) -> bool:
        return str(words[-1]) == "up"

    def no_reserved_card(self, meta: Meta) -> Lazy:
        where = self._at(meta)
        return lambda default: m.HasReserved(False, default is Scope.THEIRS, source=where)

    def placed_in(self, meta: Meta, region: m.Region) -> Lazy:
        where = self._at(meta)
        return lambda default: m.PlacedIn(region, source=where)

    def placed_at(self, meta: Meta, region: m.Region) -> Lazy:
        where = self._at(meta)
        return lambda default: m.PlacedIn(region, source=where)

    def all_share(self, meta: Meta, count: _Phrase, trait: m.Trait) -> Lazy:
        where = self._at(meta)
        return lambda default: m.Alike(trait, True, self._per(count, default), source=where)

    def none_share(self, meta: Meta, count: _Phrase, trait: m.Trait) -> Lazy:
        where = self._at(meta)
        return lambda default: m.Alike(trait, False, self._per(count, default), source=where)

    def trait(self, meta: Meta, *tokens: Token) -> m.Trait:
        return _TRAITS[str(tokens[1])]

    def traits(self, meta: Meta, *tokens: Token) -> m.Trait:
        return _TRAITS[str(tokens[0]).rstrip("s")]

    def negation(self, meta: Meta, condition: Lazy) -> Lazy:
        where = self._at(meta)
        return lambda default: m.Not(condition(default), source=where)

    def they_have(self, meta: Meta, condition: Lazy) -> Lazy:
        return lambda default: condition(Scope.THEIRS)

    def you_have(self, meta: Meta, condition: Lazy) -> Lazy:
        return lambda default: condition(Scope.TABLEAU)

    def or_condition(self, meta: Meta, *conditions: Lazy) -> Lazy:
        where = self._at(meta)
        return lambda default: m.Or(tuple(c(default) for c in conditions), source=where)

    def and_condition(self, meta: Meta, *conditions: Lazy) -> Lazy:
        where = self._at(meta)
        return lambda default: m.And(tuple(c(default) for c in conditions), source=where)

    # A quantifier's condition ("no opponent with A and B") joins the same way; it only ends earlier.
    with_condition = or_condition
    with_and = and_condition

    def region(self, meta: Meta, *words: Token) -> m.Region:
        name = " ".join(words)
        name = REGION_ALIASES.get(name, name)
        if name not in m.NAMED_REGIONS:  # "the top row" is the top row
            name = name.removeprefix("the ")
        return m.Region(m.NAMED_REGIONS[name], name, source=self._at(meta))

    def place_region(self, meta: Meta, *words: Token) -> m.Region:
        name = " ".join(words)
        return m.Region(m.NAMED_REGIONS[name], name, source=self._at(meta))

    def place_adjective(self, meta: Meta, token: Token) -> m.CardFilter:
        name = _PLACE_ADJECTIVES[str(token)]
        where = self._at(meta)
        return m.InRegion(m.Region(m.NAMED_REGIONS[name], name, source=where), source=where)

    def mask(self, meta: Meta, *cells: Token) -> m.Region:
        rows: dict[int, list[Token]] = {}
        for cell in cells:
            rows.setdefault(cell.line or 0, []).append(cell)
        shape = [len(row) for row in rows.values()]
        if shape != [3, 3, 3]:
            drawn = ", ".join(f"{n} cell{'s' if n != 1 else ''}" for n in shape)
            self._problem(f"mask must be 3 rows of 3 cells, one row per line; this one has {len(shape)} "
                          f"row{'s' if len(shape) != 1 else ''} ({drawn})",
                          "draw it on three lines, for example:  X . X  /  . . .  /  X . X", self._at(meta))
        marked = frozenset((index % 3, index // 3) for index, cell in enumerate(cells) if cell == "X")
        return region_of(marked, self._at(meta))

    def cell(self, meta: Meta, token: Token) -> Token:
        return token

    # ------------------------------------------------------------ counts
    def count(self, meta: Meta, noun: Any, *places: _Place) -> _Phrase:
        return _Phrase(noun, places, getattr(noun, "source", None) or self._at(meta))

    def _per(self, phrase: _Phrase, default: Scope) -> m.Per:
        """The count of ``phrase``: its places sorted into a scope and its noun's filter."""
        scope: Scope | None = None
        filters: list[m.CardFilter | None] = []
        on: list[m.CardFilter | None] = []
        gold_on: str | None = None
        for place in phrase.places:
            if place.scope is not None:
                if scope is None or (scope is Scope.TABLEAU and place.scope in POSITION_SCOPES):
                    scope = place.scope
                elif place.scope is Scope.TABLEAU and scope in POSITION_SCOPES:
                    pass
                elif place.scope in POSITION_SCOPES:
                    filters.append(m.Near(POSITION_SCOPES[place.scope], source=place.source))
                elif scope in POSITION_SCOPES:
                    filters.append(m.Near(POSITION_SCOPES[scope], source=place.source))
                    scope = place.scope
                else:
                    self._refused("two places", place.source)
            elif place.filter is not None:
                filters.append(place.filter)
            elif place.on_cards:
                on.append(place.on)
            elif place.on_this_card:
                gold_on = "this card"
            elif place.on_purses:
                gold_on = "purses"
        noun = self._noun(phrase.noun, on, gold_on, phrase.source)
        narrowed = m.all_of(filters)
        if narrowed is not None:
            if hasattr(noun, "on"):
                noun = attrs.evolve(noun, on=m.all_of((noun.on, narrowed)))
            else:
                self._refused("not narrowed", phrase.source, noun=noun.ccl())
        return m.Per(noun, scope if scope is not None else default, phrase.every, source=phrase.source)

    def _noun(self, noun: Any, on: list[m.CardFilter | None], gold_on: str | None, source: m.Source) -> Any:
        """The noun with the cards it lies on ("faith shield on village cards", "gold on this card")."""
        if isinstance(noun, _ShortConnected):
            noun = noun.count
        if isinstance(noun, _Gold):
            if gold_on == "this card" and not on:
                return m.GoldOnThisCard(source=noun.source)
            if gold_on == "purses" or on:
                return m.StoredGold(_without_purse(m.all_of(on)), source=noun.source)
            return m.Gold(source=noun.source)
        if isinstance(noun, m.KeysOwned) and (on or gold_on == "this card"):
            if gold_on == "this card" and not on:
                return m.KeysOnThisCard(source=noun.source)
            if gold_on is None:
                return m.StoredKeys(m.all_of(on), source=noun.source)
        if gold_on is not None:
            self._refused("only gold", source, what=gold_on)
        if on:
            if isinstance(noun, m.Cards) or not hasattr(noun, "on"):
                self._refused("not on cards", source, noun=noun.ccl())
            else:
                return attrs.evolve(noun, on=m.all_of((noun.on, *on)))
        return noun

    def card_noun(self, meta: Meta, cards: _Cards) -> m.Cards:
        return m.Cards(cards.filter, source=cards.source)

    def shield_noun(self, meta: Meta, *parts: Any) -> m.Shields:
        types = parts[0] if parts and isinstance(parts[0], tuple) else ()
        return m.Shields(types, source=self._at(meta))

    def shield_types(self, meta: Meta, *shields: m.Shield) -> tuple[m.Shield, ...]:
        return shields

    def distinct_shield_types(self, meta: Meta) -> m.ShieldTypes:
        return m.ShieldTypes(source=self._at(meta))

    def missing_shield_types(self, meta: Meta) -> m.ShieldTypes:
        return m.ShieldTypes(missing=True, source=self._at(meta))

    def shield_sets(self, meta: Meta, *shields: m.Shield) -> m.ShieldSets:
        return m.ShieldSets(shields, source=self._at(meta))

    def banner_sets(self, meta: Meta, *decks: m.Deck) -> m.BannerSets:
        return m.BannerSets(decks, source=self._at(meta))

    def identical_shield_sets(self, meta: Meta, size: int) -> m.IdenticalShieldSets:
        return m.IdenticalShieldSets(size, source=self._at(meta))

    def distinct_costs(self, meta: Meta) -> m.DistinctCosts:
        return m.DistinctCosts(source=self._at(meta))

    def cost_sum(self, meta: Meta) -> m.CostSum:
        return m.CostSum(source=self._at(meta))

    def gold(self, meta: Meta) -> _Gold:
        return _Gold(self._at(meta))

    def keys_owned(self, meta: Meta) -> m.KeysOwned:
        return m.KeysOwned(source=self._at(meta))

    def empty_spaces(self, meta: Meta) -> m.EmptySpaces:
        return m.EmptySpaces(source=self._at(meta))

    def connected(self, meta: Meta, *parts: Any) -> _Connected:
        size = parts[1] if len(parts) == 4 else 1
        return _Connected(parts[-1].filter, size, parts[-2])

    def connection(self, meta: Meta, *tokens: Token) -> bool:
        return len(tokens) == 2  # "diagonally connected"

    def _connected(self, meta: Meta, what: m.Connection, connected: _Connected) -> m.ConnectedCards:
        return m.ConnectedCards(what, connected.filter, connected.size, connected.diagonal, source=self._at(meta))

    def connected_groups(self, meta: Meta, connected: _Connected) -> m.ConnectedCards:
        return self._connected(meta, m.Connection.GROUPS, connected)

    def connected_largest(self, meta: Meta, _: Token, connected: _Connected) -> m.ConnectedCards:
        return self._connected(meta, m.Connection.LARGEST, connected)

    def connected_this(self, meta: Meta, _: Token, connected: _Connected) -> m.ConnectedCards:
        return self._connected(meta, m.Connection.THIS, connected)

    def connected_short(self, meta: Meta, diagonal: bool, cards: _Cards) -> _ShortConnected:
        """"4 connected castle cards": the cards of the largest group, said after a number in a condition."""
        where = self._at(meta)
        return _ShortConnected(m.ConnectedCards(m.Connection.LARGEST, cards.filter, 1, diagonal, source=where))

    def groups(self, meta: Meta, kind: m.GroupKind, condition: Lazy | None = None) -> m.Groups:
        return m.Groups(kind, condition(Scope.GROUP) if condition is not None else None, source=self._at(meta))

    def group_word(self, meta: Meta, *tokens: Token) -> m.GroupKind:
        words = [str(t) for t in tokens]
        if len(words) > 1:
            return _GROUP_WORDS[words[2]]
        return _GROUP_WORDS[words[0].rstrip("s")]

    def players_count(self, meta: Meta, group: m.PlayerGroup, condition: Lazy | None = None) -> m.Players:
        return m.Players(group, condition(Scope.THEIRS) if condition is not None else None, source=self._at(meta))

    def group_condition(self, meta: Meta, condition: Lazy) -> Lazy:
        return condition

    def group_sharing(self, meta: Meta, trait: m.Trait) -> Lazy:
        where = self._at(meta)
        return lambda default: m.Alike(trait, True, m.Per(m.Cards(), default), source=where)

    def group_differing(self, meta: Meta, trait: m.Trait) -> Lazy:
        where = self._at(meta)
        return lambda default: m.Alike(trait, False, m.Per(m.Cards(), default), source=where)

    # ------------------------------------------------------------ cards
    def cards(self, meta: Meta, *parts: Any) -> _Cards:
        word = next(p for p in parts if isinstance(p, str))
        filters = [p for p in parts if not isinstance(p, str)]
        banner = word.startswith("banner")
        where = self._at(meta)
        if banner and not any(isinstance(f, m.DeckIs) for f in filters):
            self._refused("banner", where)
        return _Cards(m.all_of(filters, source=where), banner, where)

    def any_cards(self, meta: Meta, *kinds: _Cards) -> _Cards:
        where = self._at(meta)
        return _Cards(any_of((k.filter for k in kinds), source=where), False, where)

    # A filter expression: phrases joined by "and" (or side by side), "or", "not" and brackets.
    def filter_or(self, meta: Meta, *filters: m.CardFilter) -> m.CardFilter | None:
        return any_of(filters, source=self._at(meta))

    def filter_and(self, meta: Meta, *filters: m.CardFilter) -> m.CardFilter | None:
        return m.all_of(filters, source=self._at(meta))

    def filter_negation(self, meta: Meta, f: m.CardFilter) -> m.CardFilter:
        return negated(f, self._at(meta))

    def place_filter(self, meta: Meta, place: _Place) -> m.CardFilter:
        """A place inside the brackets of a filter: next to this card, or in a part of the final grid."""
        if place.scope is not None:
            return m.Near(POSITION_SCOPES[place.scope], source=place.source)
        assert place.filter is not None  # the grammar has no other place there
        return place.filter

    def with_any(self, meta: Meta, *items: m.CardFilter) -> m.CardFilter | None:
        return any_of(items, source=self._at(meta))

    def with_all(self, meta: Meta, *items: m.CardFilter) -> m.CardFilter | None:
        return m.all_of(items, source=self._at(meta))

    def card_word(self, meta: Meta, token: Token) -> str:
        return str(token)

    def adjective_shield(self, meta: Meta, shield: m.Shield) -> m.CardFilter:
        return m.HasShield((shield,), source=self._at(meta))

    def adjective_deck(self, meta: Meta, deck: m.Deck) -> m.CardFilter:
        return m.DeckIs(deck, source=self._at(meta))

    def face_adjective(self, meta: Meta, token: Token) -> m.CardFilter:
        return m.FaceDown(source=self._at(meta)) if token == "face-down" else m.FaceUp(source=self._at(meta))

    def part_adjective(self, meta: Meta, token: Token) -> m.CardFilter:
        return m.HasPart(_PARTS[str(token)], source=self._at(meta))

    def with_suffix(self, meta: Meta, what: m.CardFilter) -> m.CardFilter:
        return what

    def without_suffix(self, meta: Meta, what: m.CardFilter) -> m.CardFilter:
        return negated(what, self._at(meta))

    def with_shield(self, meta: Meta, shields: tuple[m.Shield, ...]) -> m.CardFilter:
        return m.HasShield(shields, source=self._at(meta))

    def with_that_shield(self, meta: Meta) -> m.CardFilter:
        """"with that shield": a shield of the type chosen by "for the shield type of your choice:"."""
        return m.HasShield((), chosen=True, source=self._at(meta))

    def with_shields_exactly(self, meta: Meta, count: int) -> m.CardFilter:
        return m.ShieldCountIs(m.Comparison.EQ, count, source=self._at(meta))

    def with_shields_or_more(self, meta: Meta, count: int, _: Token) -> m.CardFilter:
        return m.ShieldCountIs(m.Comparison.GE, count, source=self._at(meta))

    def with_shields_or_fewer(self, meta: Meta, count: int, _: Token) -> m.CardFilter:
        return m.ShieldCountIs(m.Comparison.LE, count, source=self._at(meta))

    def with_shields_more_than(self, meta: Meta, count: int) -> m.CardFilter:
        return m.ShieldCountIs(m.Comparison.GT, count, source=self._at(meta))

    def with_shields_fewer_than(self, meta: Meta, count: int) -> m.CardFilter:
        return m.ShieldCountIs(m.Comparison.LT, count, source=self._at(meta))

    def with_shields_other_than(self, meta: Meta, count: int) -> m.CardFilter:
        return m.ShieldCountIs(m.Comparison.NE, count, source=self._at(meta))

    def with_part(self, meta: Meta, part: m.Part) -> m.CardFilter:
        return m.HasPart(part, source=self._at(meta))

    def with_banner(self, meta: Meta, deck: m.Deck) -> m.CardFilter:
        return m.DeckIs(deck, source=self._at(meta))

    def with_gold(self, meta: Meta) -> m.CardFilter:
        return m.HoldsGold(source=self._at(meta))

    def that_is_face_down(self, meta: Meta) -> m.CardFilter:
        return m.FaceDown(source=self._at(meta))

    def that_is_face_up(self, meta: Meta) -> m.CardFilter:
        return m.FaceUp(source=self._at(meta))

    def that_is_this_card(self, meta: Meta) -> m.CardFilter:
        return m.Near(m.Relation.THIS, source=self._at(meta))

    def card_part(self, meta: Meta, *tokens: Token) -> m.Part:
        return _PARTS[str(tokens[0])] if str(tokens[0]) != "discount" else m.Part.DISCOUNT

    def costing(self, meta: Meta, compared: Callable[[m.Source], m.CardFilter]) -> m.CardFilter:
        return compared(self._at(meta))

    def cost_exactly(self, meta: Meta, cost: int) -> Callable[[m.Source], m.CardFilter]:
        return lambda where: m.CostIs(m.Comparison.EQ, cost, source=where)

    def cost_or_more(self, meta: Meta, cost: int, _: Token) -> Callable[[m.Source], m.CardFilter]:
        return lambda where: m.CostIs(m.Comparison.GE, cost, source=where)

    def cost_or_less(self, meta: Meta, cost: int, _: Token) -> Callable[[m.Source], m.CardFilter]:
        return lambda where: m.CostIs(m.Comparison.LE, cost, source=where)

    def cost_more_than(self, meta: Meta, cost: int) -> Callable[[m.Source], m.CardFilter]:
        return lambda where: m.CostIs(m.Comparison.GT, cost, source=where)

    def cost_less_than(self, meta: Meta, cost: int) -> Callable[[m.Source], m.CardFilter]:
        return lambda where: m.CostIs(m.Comparison.LT, cost, source=where)

    def cost_other_than(self, meta: Meta, cost: int) -> Callable[[m.Source], m.CardFilter]:
        return lambda where: m.CostIs(m.Comparison.NE, cost, source=where)

    def cost_more_than_this(self, meta: Meta) -> Callable[[m.Source], m.CardFilter]:
        return lambda where: m.CostVsThis(m.Comparison.GT, source=where)

    def cost_less_than_this(self, meta: Meta) -> Callable[[m.Source], m.CardFilter]:
        return lambda where: m.CostVsThis(m.Comparison.LT, source=where)

    def cost_same_as_this(self, meta: Meta) -> Callable[[m.Source], m.CardFilter]:
        return lambda where: m.CostVsThis(m.Comparison.EQ, source=where)

    def cost_at_least_this(self, meta: Meta, _: Token) -> Callable[[m.Source], m.CardFilter]:
        return lambda where: m.CostVsThis(m.Comparison.GE, source=where)

    def cost_at_most_this(self, meta: Meta, _: Token) -> Callable[[m.Source], m.CardFilter]:
        return lambda where: m.CostVsThis(m.Comparison.LE, source=where)

    def cost_other_than_this(self, meta: Meta) -> Callable[[m.Source], m.CardFilter]:
        return lambda where: m.CostVsThis(m.Comparison.NE, source=where)

    def named(self, meta: Meta, *names: str | Token) -> m.CardFilter:
        return m.Named(tuple(name for name in names if not isinstance(name, Token)), source=self._at(meta))

    def holding_gold(self, meta: Meta) -> m.CardFilter:
        return m.HoldsGold(source=self._at(meta))

    def holding_key(self, meta: Meta) -> m.CardFilter:
        return m.HoldsKey(source=self._at(meta))

    def sharing_with_this(self, meta: Meta, trait: m.Trait) -> m.CardFilter:
        return m.Shares(trait, source=self._at(meta))

    def share_trait(self, meta: Meta, *tokens: Token) -> m.Trait:
        return _TRAITS[str(tokens[0])]

    # ------------------------------------------------------------ places
    def _scope(self, meta: Meta, scope: Scope) -> _Place:
        return _Place(scope=scope, source=self._at(meta))

    def in_row(self, meta: Meta) -> _Place:
        return self._scope(meta, Scope.ROW)

    def in_column(self, meta: Meta) -> _Place:
        return self._scope(meta, Scope.COLUMN)

    def in_row_and_column(self, meta: Meta, _: Token) -> _Place:
        return self._scope(meta, Scope.ROW_AND_COLUMN)

    def in_neighbours_tableau(self, meta: Meta) -> _Place:
        return self._scope(meta, Scope.NEIGHBOUR)

    def in_both_neighbours_tableaux(self, meta: Meta) -> _Place:
        return self._scope(meta, Scope.NEIGHBOURS)

    def in_side_neighbours_tableau(self, meta: Meta, side: str) -> _Place:
        return self._scope(meta, Scope.LEFT_NEIGHBOUR if side == "left" else Scope.RIGHT_NEIGHBOUR)

    def in_your_tableau(self, meta: Meta) -> _Place:
        return self._scope(meta, Scope.TABLEAU)

    def in_their_tableau(self, meta: Meta) -> _Place:
        return self._scope(meta, Scope.THEIRS)

    def in_every_tableau(self, meta: Meta) -> _Place:
        return self._scope(meta, Scope.EVERY_TABLEAU)

    def in_opponents_tableaux(self, meta: Meta) -> _Place:
        return self._scope(meta, Scope.OPPONENTS)

    def in_location_row(self, meta: Meta, deck: m.Deck) -> _Place:
        return self._scope(meta, Scope.CASTLE_ROW if deck is m.Deck.CASTLE else Scope.VILLAGE_ROW)

    def in_discard_pile(self, meta: Meta, deck: m.Deck) -> _Place:
        return self._scope(meta, Scope.CASTLE_PILE if deck is m.Deck.CASTLE else Scope.VILLAGE_PILE)

    def in_deck(self, meta: Meta, deck: m.Deck) -> _Place:
        return self._scope(meta, Scope.CASTLE_DECK if deck is m.Deck.CASTLE else Scope.VILLAGE_DECK)

    def in_discard_piles(self, meta: Meta) -> _Place:
        return self._scope(meta, Scope.BOTH_PILES)

    def on_discarded_cards(self, meta: Meta) -> _Place:
        return self._scope(meta, Scope.DISCARDED)

    def on_adjacent_cards(self, meta: Meta) -> _Place:
        return self._scope(meta, Scope.ADJACENT)

    def on_diagonal_cards(self, meta: Meta) -> _Place:
        return self._scope(meta, Scope.DIAGONAL)

    def around_this_card(self, meta: Meta) -> _Place:
        return self._scope(meta, Scope.AROUND)

    def above_this_card(self, meta: Meta, *directly: Token) -> _Place:
        return self._scope(meta, Scope.DIRECTLY_ABOVE if directly else Scope.ABOVE)

    def below_this_card(self, meta: Meta, *directly: Token) -> _Place:
        return self._scope(meta, Scope.DIRECTLY_BELOW if directly else Scope.BELOW)

    def left_of_this_card(self, meta: Meta, *directly: Token) -> _Place:
        return self._scope(meta, Scope.DIRECTLY_LEFT if directly else Scope.LEFT)

    def right_of_this_card(self, meta: Meta, *directly: Token) -> _Place:
        return self._scope(meta, Scope.DIRECTLY_RIGHT if directly else Scope.RIGHT)

    def on_this_cards_diagonals(self, meta: Meta) -> _Place:
        return self._scope(meta, Scope.DIAGONALS)

    def other_than_this_card(self, meta: Meta) -> _Place:
        return _Place(filter=m.Near(m.Relation.OTHER, source=self._at(meta)), source=self._at(meta))

    def in_region(self, meta: Meta, *words: Any) -> _Place:
        region = words[-1]  # after "the", which may come first ("in the top row")
        return _Place(filter=m.InRegion(region, source=self._at(meta)), source=self._at(meta))

    def on_cards(self, meta: Meta, cards: _Cards) -> _Place:
        return _Place(on=cards.filter, on_cards=True, source=self._at(meta))

    def on_your_cards(self, meta: Meta) -> _Place:
        return _Place(on=None, on_cards=True, source=self._at(meta))

    def on_this_card(self, meta: Meta) -> _Place:
        return _Place(on_this_card=True, source=self._at(meta))

    def on_purses(self, meta: Meta) -> _Place:
        return _Place(on_purses=True, source=self._at(meta))

    def _in_named(self, meta: Meta, name: str) -> _Place:
        where = self._at(meta)
        region = m.Region(m.NAMED_REGIONS[name], name, source=where)
        return _Place(filter=m.InRegion(region, source=where), source=where)

    def in_a_corner(self, meta: Meta) -> _Place:
        return self._in_named(meta, "a corner")

    def on_an_edge(self, meta: Meta) -> _Place:
        return self._in_named(meta, "the middle of an edge")

    def in_the_center(self, meta: Meta, _: Token) -> _Place:
        return self._in_named(meta, "the center")

    def not_place(self, meta: Meta, place: _Place) -> _Place:
        where = self._at(meta)
        if place.scope is not None and place.scope in POSITION_SCOPES:
            return _Place(filter=negated(m.Near(POSITION_SCOPES[place.scope]), where), source=where)
        if place.filter is not None:
            return _Place(filter=negated(place.filter, where), source=where)
        self._refused("not a place", where)
        return _Place(source=where)

    # ------------------------------------------------------------ words
    def shield(self, meta: Meta, token: Token) -> m.Shield:
        return m.Shield(str(token))

    def deck_name(self, meta: Meta, token: Token) -> m.Deck:
        return m.Deck(str(token))

    def resource(self, meta: Meta, token: Token) -> m.Resource:
        return m.Resource.GOLD if token == "gold" else m.Resource.KEY

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
                f"numbers on cards are small (costs 0 to {m.MAX_COST}, amounts up to {m.MAX_AMOUNT})", self.text))
        return int(token)

    @v_args(inline=False, meta=False)
    def NEGATIVE(self, token: Token) -> int:
        if len(token) > MAX_DIGITS + 1:
            raise CardSyntaxError(render(
                self.path, token.line or 1, token.column or 1, f"a number of {len(token) - 1:,} digits",
                f"points on cards are small (-{m.MAX_AMOUNT} to {m.MAX_AMOUNT})", self.text))
        return int(token)


def _mentions(node: object, scope: Scope) -> bool:
    """Whether any count in ``node`` is taken in ``scope``."""
    return any(isinstance(n, m.Per) and n.scope is scope for n in m.walk(node))


def _without_purse(f: m.CardFilter | None) -> m.CardFilter | None:
    """``f`` without "purse card": gold is only ever stored on purse cards, so it goes without saying."""
    if isinstance(f, m.HasPart) and f.part is m.Part.PURSE:
        return None
    if isinstance(f, m.AllOf):
        return m.all_of(p for p in f.filters if p != m.HasPart(m.Part.PURSE))
    return f


def _without_face_down(f: m.CardFilter | None) -> m.CardFilter | None:
    """``f`` without "face-down": only a face-down card can be turned face up, so it goes without saying."""
    if isinstance(f, m.FaceDown):
        return None
    if isinstance(f, m.AllOf):
        return m.all_of(p for p in f.filters if not isinstance(p, m.FaceDown))
    return f
