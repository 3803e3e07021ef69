"""The card: its printed facts, its abilities by moment, and its scoring rules."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import attrs

from castle_combo.errors import CardValidationError
from castle_combo.language import english
from castle_combo.language.model.base import (
    FACE_DOWN_NAME,
    MAX_COST,
    MAX_PURSE,
    MAX_SHIELDS,
    NOT_LANGUAGES,
    SCORING,
    Comparison,
    Deck,
    KeyPurpose,
    Moment,
    Problem,
    Shield,
    Source,
    Where,
    name_fault,
    out_of_range,
)
from castle_combo.language.model.conditions import And, Condition, CountIs, PlayerGroup, Requirement
from castle_combo.language.model.counts import (
    Cards,
    GoldOnThisCard,
    KeysOnThisCard,
    Per,
    Scope,
    Shields,
    card_phrase,
)
from castle_combo.language.model.effects import (
    Choice,
    Conditional,
    DiscardDeckTop,
    DiscardFromRow,
    DiscardWholeRow,
    Discount,
    EachPlayer,
    Effect,
    LookAtDeckTop,
    MayDo,
    PlayersChoose,
    Repeat,
    StoreGold,
    StoreKeys,
    Surcharge,
    keeps_points,
    trigger_problems,
)
from castle_combo.language.model.filters import (
    AllOf,
    AnyOf,
    CardFilter,
    CostIs,
    DeckIs,
    FaceUp,
    HasPart,
    HasShield,
    Named,
    Near,
    Part,
    Relation,
    Shares,
    filter_problems,
    parts,
)
from castle_combo.language.model.refusals import REFUSALS
from castle_combo.language.model.scoring import ScoreAsAdjacent, ScoreIf, ScorePer, Scoring

__all__ = ["Abilities", "Card", "spender_words", "taker_words", "walk"]

#: The moments in the order a card is written and its parts resolve in the docs.
_MOMENTS = tuple(Moment)
#: The English that opens each moment in a card's summary.
#: How a card's face explains a chosen shield (``shields chosen``).
CHOSEN_ENGLISH = ("Chosen shield: when you buy this card face up, name a shield type; it is a shield of that type "
                  "for the rest of the game.")

_MOMENT_ENGLISH = {
    Moment.BOUGHT: "When bought face up",
    Moment.UNLOCKED: "When its lock is opened",
    Moment.TURN_START: "At the start of each of your later turns",
    Moment.TAKE: "Whenever you take a card after this one",
    Moment.KEY_SPEND: "Whenever you spend a key",
    Moment.MESSENGER: "Whenever the messenger moves to the other location",
    Moment.TURN_END: "At the end of each of your turns",
    Moment.GAME_END: "At the end of the game",
    Moment.IN_ROW: "While this card lies face up in a row, at the end of each player's turn",
}


class Abilities(Mapping[Moment, tuple[Effect, ...]]):
    """A card's effects by moment: an immutable, hashable mapping that lists only the moments with effects.

    Iteration follows the order of :class:`Moment` (when bought, when
    unlocked, start of turn, end of turn, end of game), which is also the
    order a card is written in.
    """

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[Moment, Iterable[Effect]] | Iterable[tuple[Moment, Iterable[Effect]]] = ()):
        pairs = items.items() if isinstance(items, Mapping) else items
        given = {Moment(moment): tuple(effects) for moment, effects in pairs}
        self._items: tuple[tuple[Moment, tuple[Effect, ...]], ...] = tuple(
            (moment, given[moment]) for moment in _MOMENTS if given.get(moment))

    def __getitem__(self, moment: Moment) -> tuple[Effect, ...]:
        for key, effects in self._items:
            if key is moment:
                return effects
        raise KeyError(moment)

    def __iter__(self) -> Iterator[Moment]:
        return (moment for moment, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Abilities):
            return self._items == other._items
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._items)

    def __repr__(self) -> str:
        return f"Abilities({dict(self._items)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Abilities, (self._items,))


#: A card with no ability: the default of :class:`Card`.
_NO_ABILITY = Abilities()


def _abilities(value: Any) -> Abilities:
    return value if isinstance(value, Abilities) else Abilities(value)


@attrs.frozen(init=False)
class Card:
    """One character card, as printed.

    ``abilities`` maps each :class:`Moment` to the effects resolved in order
    then: when the card is bought face up (:attr:`ability`), when its lock
    is opened (:attr:`unlocked`, lock cards of the expansion), at the start
    or the end of each of its owner's turns and at the end of the game (the
    triggers of fan cards). ``scoring`` is summed at the end of the game
    (base cards have exactly one rule). ``purse`` is the purse capacity,
    ``None`` if the card has no purse. ``names`` holds localized names as
    ``(language, name)`` pairs, e.g. ``(("fr", "Intendant"),)``.

    A ``lock`` card gets a key on it when bought face up. ``wild`` is the
    number of wild shields, besides ``shields``: at the end of the game each
    counts as the one type its owner names (all of a player's wild shields
    as the same type, the best for their score); during the game a wild
    shield is a shield of no type. ``chosen`` is the number of chosen shields
    (at most one, ``shields chosen``): its owner names its type when buying
    the card face up, before its ability when bought, and it is a shield of
    that type for the rest of the game; a card taken face down is never asked,
    and turned face up later its chosen shield is a shield of no type.

    ``on_take`` is the kind of card whose taking triggers the effects of
    ``Moment.TAKE`` (``whenever you take a faith card:``); ``None`` is any
    card. It is read only when the card has effects at that moment.
    ``taken_by`` is who takes: ``None`` the owner (``whenever you take``),
    else the players of a :class:`PlayerGroup` seen from the owner
    (``whenever an opponent takes``, ``a neighbour``, ``any player`` (the
    owner included), ``your left neighbour``); their effects may name
    ``that player`` (:class:`ThatPlayer`), the one who took.

    ``spent_by`` is whose key spends trigger the effects of
    ``Moment.KEY_SPEND``: ``None`` the owner (``whenever you spend a key``),
    else a :class:`PlayerGroup` seen from the owner (``whenever an opponent
    spends a key``), whose effects may name ``that player``, the one who
    spent it. ``spent_for`` narrows them to the keys spent to do one thing
    (``whenever an opponent spends a key to refresh a row``,
    ``... to move the messenger``), ``None`` any spend; ``refreshed`` to the
    refreshes of one row (``... to refresh the castle row``), only with
    ``KeyPurpose.REFRESH``. ``moved_to`` is where the messenger's moves trigger the effects
    of ``Moment.MESSENGER``: ``None`` any move (``whenever the messenger
    moves``), else a move to that location (``whenever the messenger moves
    to the village``). ``moved_by_icon`` narrows them to the moves made by the
    messenger icon of a card the owner takes face up (``whenever your card's
    messenger icon moves the messenger``), this card included: never a key's
    move, an effect's or an exhausted location's, nor another player's take.

    ``after_ability`` says the owner's take trigger resolves after the
    ability of the card taken (``whenever you take a village card, after its
    ability:``), not right after the card is placed.

    ``surcharges`` are the card's lasting surcharges on other players' purchases
    (``surcharge 1 on castle cards for each opponent``), which hold while the
    card lies face up in its owner's tableau (:class:`Surcharge`).

    ``requirement`` is the card's requirement to be bought face up
    (``requires at least 2 military shields``), read on the taker's tableau
    and supply before paying (:class:`Requirement`); ``None`` for most cards.

    The constructor also takes each moment's effects by its long-standing
    keyword (``ability=``, ``unlocked=``, ``each_turn=``, ``turn_end=``,
    ``game_end=``, ``on_take=`` with ``taken=``), so a card reads as it is written.
    """

    name: str
    deck: Deck
    cost: int
    shields: tuple[Shield, ...]
    messenger: bool = False
    purse: int | None = None
    abilities: Abilities = _NO_ABILITY
    scoring: tuple[Scoring, ...] = ()
    names: tuple[tuple[str, str], ...] = ()
    lock: bool = False
    wild: int = 0
    on_take: CardFilter | None = None
    taken_by: PlayerGroup | None = attrs.field(default=None, kw_only=True)
    chosen: int = attrs.field(default=0, kw_only=True)
    spent_by: PlayerGroup | None = attrs.field(default=None, kw_only=True)
    spent_for: KeyPurpose | None = attrs.field(default=None, kw_only=True)
    refreshed: Deck | None = attrs.field(default=None, kw_only=True)
    moved_to: Deck | None = attrs.field(default=None, kw_only=True)
    moved_by_icon: bool = attrs.field(default=False, kw_only=True)
    after_ability: bool = attrs.field(default=False, kw_only=True)
    surcharges: tuple[Surcharge, ...] = attrs.field(default=(), kw_only=True)
    requirement: Requirement | None = attrs.field(default=None, kw_only=True)
    source: Source | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)

    def __init__(
        self,
        name: str,
        deck: Deck,
        cost: int,
        shields: Iterable[Shield],
        messenger: bool = False,
        purse: int | None = None,
        ability: Iterable[Effect] = (),
        scoring: Iterable[Scoring] = (),
        names: Iterable[tuple[str, str]] = (),
        lock: bool = False,
        unlocked: Iterable[Effect] = (),
        wild: int = 0,
        each_turn: Iterable[Effect] = (),
        game_end: Iterable[Effect] = (),
        *,
        turn_end: Iterable[Effect] = (),
        taken: Iterable[Effect] = (),
        on_take: CardFilter | None = None,
        taken_by: PlayerGroup | None = None,
        chosen: int = 0,
        spent_by: PlayerGroup | None = None,
        spent_for: KeyPurpose | None = None,
        refreshed: Deck | None = None,
        moved_to: Deck | None = None,
        moved_by_icon: bool = False,
        after_ability: bool = False,
        surcharges: Iterable[Surcharge] = (),
        requirement: Requirement | None = None,
        abilities: Mapping[Moment, Iterable[Effect]] | Abilities = _NO_ABILITY,
        source: Source | None = None,
    ) -> None:
        moments: dict[Moment, tuple[Effect, ...]] = dict(_abilities(abilities).items())
        for moment, effects in ((Moment.BOUGHT, ability), (Moment.UNLOCKED, unlocked), (Moment.TURN_START, each_turn),
                                (Moment.TURN_END, turn_end), (Moment.GAME_END, game_end), (Moment.TAKE, taken)):
            effects = tuple(effects)
            if effects:
                moments[moment] = effects
        self.__attrs_init__(name, deck, cost, tuple(shields), messenger, purse, Abilities(moments), tuple(scoring),
                            tuple(names), lock, wild, on_take, taken_by=taken_by, chosen=chosen,
                            spent_by=spent_by, spent_for=spent_for, refreshed=refreshed, moved_to=moved_to,
                            moved_by_icon=moved_by_icon,
                            after_ability=after_ability,
                            surcharges=tuple(surcharges), requirement=requirement, source=source)

    # ----------------------------------------------------------- the moments
    @property
    def ability(self) -> tuple[Effect, ...]:
        """The effects resolved when the card is bought face up."""
        return self.abilities.get(Moment.BOUGHT, ())

    @property
    def unlocked(self) -> tuple[Effect, ...]:
        """The effects resolved when the card's lock is opened (lock cards)."""
        return self.abilities.get(Moment.UNLOCKED, ())

    @property
    def each_turn(self) -> tuple[Effect, ...]:
        """The effects resolved at the start of each of the owner's later turns."""
        return self.abilities.get(Moment.TURN_START, ())

    @property
    def turn_end(self) -> tuple[Effect, ...]:
        """The effects resolved at the end of each of the owner's turns."""
        return self.abilities.get(Moment.TURN_END, ())

    @property
    def game_end(self) -> tuple[Effect, ...]:
        """The effects resolved once when the game ends, before scoring."""
        return self.abilities.get(Moment.GAME_END, ())

    @property
    def taken(self) -> tuple[Effect, ...]:
        """The effects resolved each time the owner takes a card (of the kind :attr:`on_take` names) after this one."""
        return self.abilities.get(Moment.TAKE, ())

    @property
    def has_trigger(self) -> bool:
        """Whether the card has a trigger (``card with a trigger`` counts it): effects at a moment of
        :attr:`Moment.is_trigger`."""
        return any(moment.is_trigger for moment in self.abilities)

    @property
    def take_phrase(self) -> str:
        """The cards its take trigger watches, in English for a card's face: "face-down card", "faith card",
        "card" when it watches every take."""
        return card_phrase(self.on_take, 1, banner=False) if self.on_take is not None else "card"

    @property
    def take_heading(self) -> str:
        """The words opening the card's take trigger in the card language: "whenever you take a faith card",
        "whenever an opponent takes a face-down card"."""
        phrase = card_phrase(self.on_take, 1, ccl=True, banner=False)
        after = ", after its ability" if self.after_ability else ""
        return f"whenever {taker_words(self.taken_by)} {'an' if phrase[:1] in 'aeiou' else 'a'} {phrase}{after}"

    @property
    def key_spent(self) -> tuple[Effect, ...]:
        """The effects resolved each time the owner (or a player of :attr:`spent_by`) spends a key."""
        return self.abilities.get(Moment.KEY_SPEND, ())

    @property
    def messenger_moved(self) -> tuple[Effect, ...]:
        """The effects resolved each time the messenger moves (to :attr:`moved_to`, if it names a location; by the
        messenger icon of a card the owner takes, if :attr:`moved_by_icon`)."""
        return self.abilities.get(Moment.MESSENGER, ())

    @property
    def spend_heading(self) -> str:
        """The words opening the card's trigger on key spends: "whenever you spend a key", "whenever an opponent
        spends a key to refresh a row"."""
        return f"whenever {spender_words(self.spent_by)} a key{self.spent_purpose}"

    @property
    def spent_purpose(self) -> str:
        """What the key spends its trigger watches did, after "a key" (the card language's words and the English):
        "", " to move the messenger", " to refresh a row", " to refresh the castle row"."""
        if self.spent_for is None:
            return ""
        if self.refreshed is not None and self.spent_for is KeyPurpose.REFRESH:
            return f" to refresh the {self.refreshed.value} row"
        return f" to {self.spent_for.value}"

    @property
    def messenger_heading(self) -> str:
        """The words opening the card's trigger on the messenger's moves: "whenever the messenger moves (to the
        village)", "whenever your card's messenger icon moves the messenger (to the village)"."""
        opening = ("whenever your card's messenger icon moves the messenger" if self.moved_by_icon
                   else "whenever the messenger moves")
        return opening + ("" if self.moved_to is None else f" to the {self.moved_to.value}")

    def heading(self, moment: Moment) -> str | None:
        """The words opening ``moment``'s part of the card in the card language, when the card says more than
        the moment's own heading (who takes or spends, what is taken, where the messenger goes); else ``None``."""
        if moment is Moment.TAKE:
            return self.take_heading
        if moment is Moment.KEY_SPEND:
            return self.spend_heading
        if moment is Moment.MESSENGER:
            return self.messenger_heading
        return None

    @property
    def in_row(self) -> tuple[Effect, ...]:
        """The effects resolved at the end of every player's turn while the card lies face up in a row."""
        return self.abilities.get(Moment.IN_ROW, ())

    @property
    def row_gold(self) -> int:
        """The gold put on the card at the end of each turn while it lies in a row (0 for most cards)."""
        return sum(e.amount for e in self.in_row if isinstance(e, StoreGold) and e.on == Near(Relation.THIS))

    def parts(self) -> tuple[tuple[Moment, tuple[Effect, ...]], ...]:
        """Each moment at which the card acts, with its effects: ``((Moment.BOUGHT, ability), ...)``."""
        return tuple(self.abilities.items())

    @property
    def effects(self) -> tuple[Effect, ...]:
        """Every effect printed on the card, of every moment, in written order."""
        return tuple(effect for _, part in self.parts() for effect in part)

    # ----------------------------------------------------------- validation
    def problems(self) -> tuple[Problem, ...]:
        """Every reason this card makes no sense, in the order they appear on the card.

        The card's own facts (name, cost, purse, shields, localized names),
        then each effect of each moment and each scoring rule. An empty tuple
        means the card is valid.
        """
        where = self.source
        found: tuple[Problem, ...] = ()
        fault = name_fault(self.name)
        if fault is not None:
            said, fix = fault
            found += (Problem(f"the card name {self.name!r} {said}" if self.name else f"the card name {said}", fix,
                              where, "card name"),)
        if self.name.casefold() == FACE_DOWN_NAME:
            found += (Problem(f"the name {self.name!r} is reserved: score scenarios write a face-down card so",
                              "choose another name", where, "card name"),)
        found += out_of_range(self.cost, 0, MAX_COST, "the cost", where, "cost")
        if self.purse is not None:
            found += out_of_range(self.purse, 1, MAX_PURSE, "the purse capacity", where, "purse")
        shield_count = len(self.shields) + self.wild + max(self.chosen, 0)
        if self.wild < 0:
            found += (Problem("a card cannot have fewer than no wild shield", "write 'wild' once per wild shield",
                              where, "shields"),)
        if self.chosen < 0:
            found += (Problem("a card cannot have fewer than no chosen shield", "write 'chosen' once, or not at all",
                              where, "shields"),)
        if not shield_count:
            found += (Problem("the card has no shield", "add 'shields' and one or more shield types", where),)
        elif shield_count > MAX_SHIELDS and not self.chosen:
            found += (Problem(f"the card has {shield_count} shields, more than {MAX_SHIELDS}",
                              f"keep at most {MAX_SHIELDS} shields", where, "shields"),)
        found += _name_problems(self.names, where)
        found += REFUSALS.of(self, SCORING)
        for moment, effects in self.parts():
            others = (self.taken_by if moment is Moment.TAKE else self.spent_by if moment is Moment.KEY_SPEND
                      else None) is not None
            found += _effects_problems(effects, Where(moment, taker=others))
            if moment.is_trigger:
                found += trigger_problems(moment, effects, others=others, by_icon=self.moved_by_icon)
            if moment is Moment.IN_ROW:
                found += tuple(REFUSALS.problem("in a row", getattr(effect, "source", None) or where)
                               for effect in effects if not _on_itself(effect))
        found += _take_problems(self)
        found += _event_problems(self)
        found += _counts_itself_problems(self)
        for surcharge in self.surcharges:
            found += surcharge.problems()
        if self.requirement is not None:
            found += self.requirement.problems()
        for rule in self.scoring:
            found += rule.problems()
        return found

    def validate(self) -> Card:
        """This card if it makes sense, else a :class:`CardValidationError` listing every problem.

        For cards built in Python; the card language validates what it parses
        and shows each problem with its line and a caret.
        """
        found = self.problems()
        if found:
            raise CardValidationError(f"card {self.name!r} makes no sense:\n" + "\n".join(map(str, found)))
        return self

    # ----------------------------------------------------------- what it is
    def __repr__(self) -> str:
        return f"<Card {self.name!r}: {self.deck.value}, cost {self.cost}>"

    def _repr_svg_(self) -> str:
        """The card as an SVG picture (Jupyter calls this to display a card)."""
        from castle_combo import pictures

        return pictures.card(self)

    @property
    def banner(self) -> Deck:
        """The card's banner, which is always its deck."""
        return self.deck

    def discount_on(self, deck: Deck) -> int:
        """The permanent discount this card gives as soon as it is bought face up, on cards of ``deck``.

        Only the top-level discount of the ability counts: a discount in an
        option of a choice, or behind a lock, depends on the game; so does
        one on filtered cards (``discount 1 on faith cards``), which only
        some cards of the deck get.
        """
        return sum(e.amount for e in self.ability if isinstance(e, Discount) and deck in e.decks and e.on is None)

    @property
    def scoring_english(self) -> str:
        """The card's scoring rules in English; with none, "Scores nothing.", or, for a card whose effects keep
        points on it (``gain 3 points`` at any moment), "Scores only the points kept on it."."""
        if self.scoring:
            return " ".join(rule.describe() for rule in self.scoring)
        if any(keeps_points(node) for node in walk(self.effects)):
            return "Scores only the points kept on it."
        return "Scores nothing."

    @property
    def has_discount(self) -> bool:
        """Whether the card has a discount ability (counted by ``discount card``).

        Any discount printed on the card counts, in a choice or behind a lock
        too: the engine and every other reader ask :func:`walk` the same way.
        """
        return any(isinstance(node, Discount) for node in walk(self.effects))

    @property
    def copies_scoring(self) -> bool:
        """Whether the card scores as an adjacent card (then no other card may copy its scoring)."""
        return any(isinstance(rule, ScoreAsAdjacent) for rule in self.scoring)

    def localized_name(self, language: str) -> str:
        """The card's name in ``language`` (``"en"`` or a code in ``names``), else its English name."""
        for lang, name in self.names:
            if lang == language:
                return name
        return self.name

    def describe(self) -> str:
        """A multi-line plain-English summary of the printed card, for the docs and the CLI."""
        lines = [f"{self.name}: {self.deck.value} card, cost {self.cost} gold."]
        if self.names:
            localized = english.join_and(f"{name} ({language})" for language, name in self.names)
            lines.append(f"Also called {localized}.")
        shields = ", ".join([shield.value for shield in self.shields] + ["wild"] * self.wild
                            + ["chosen"] * self.chosen)
        lines.append(f"{english.plural(len(self.shields) + self.wild + self.chosen, 'Shield')}: {shields}.")
        if self.messenger:
            lines.append("Messenger: bought face up, it sends the messenger to the other location.")
        if self.purse is not None:
            lines.append(f"Purse: holds up to {self.purse} gold.")
        if self.lock:
            lines.append("Lock: bought face up, it gets a key from the supply; its owner may open the lock "
                         "in a later moment of one of their turns.")
        for moment, effects in self.parts():
            heading = _MOMENT_ENGLISH[moment]
            if moment is Moment.TAKE and self.taken_by is not None:
                phrase = card_phrase(self.on_take, 1, banner=False)
                heading = (f"Whenever {_TAKER_ENGLISH[self.taken_by]} {'an' if phrase[:1] in 'aeiou' else 'a'} "
                           f"{phrase} while this card is face up in your tableau")
            elif moment is Moment.KEY_SPEND and (self.spent_by is not None or self.spent_for is not None):
                spender = "you spend" if self.spent_by is None else _SPENDER_ENGLISH[self.spent_by]
                heading = f"Whenever {spender} a key{self.spent_purpose}"
            elif moment is Moment.MESSENGER and self.moved_by_icon:
                heading = ("Whenever the messenger icon of a card you buy face up (this one included) moves the "
                           "messenger" + ("" if self.moved_to is None else f" to the {self.moved_to.value}"))
            elif moment is Moment.MESSENGER and self.moved_to is not None:
                heading = f"Whenever the messenger moves to the {self.moved_to.value}"
            elif moment is Moment.TAKE and self.on_take is not None:
                phrase = card_phrase(self.on_take, 1, banner=False)
                heading = f"Whenever you take {'an' if phrase[:1] in 'aeiou' else 'a'} {phrase} after this one"
            if moment is Moment.TAKE and self.after_ability:
                heading += ", once that card's ability is done"
            if moment is Moment.IN_ROW:
                lines.append(f"{heading}: " + " ".join(_row_english(effect) for effect in effects))
                continue
            lines.append(f"{heading}: " + " ".join(effect.describe() for effect in effects))
        if self.wild:
            lines.append("Wild shield: at the end of the game it counts as the one type you name "
                         "(all your wild shields the same type).")
        if self.chosen:
            lines.append(CHOSEN_ENGLISH)
        if not self.effects:
            lines.append("No ability.")
        lines.extend(surcharge.describe() for surcharge in self.surcharges)
        if self.requirement is not None:
            lines.append(self.requirement.describe())
        lines.extend(rule.describe() for rule in self.scoring)
        if not self.scoring:
            lines.append(self.scoring_english)
        return "\n".join(lines)


def walk(node: object) -> Iterator[object]:
    """Every model node in ``node`` (itself first), depth first in written order.

    ``node`` is a model node, a card, or a tuple of them. Fields that
    equality ignores (source positions) are skipped. This is the one walker
    over a card's tree: everything that asks "does this card have a ...?"
    (``Card.has_discount``, validation, the engine's card facts) asks it, so
    a new construct nested anywhere is seen by all of them at once.
    """
    kind = type(node)
    if kind is tuple:
        for item in node:  # type: ignore[attr-defined]
            yield from walk(item)
        return
    if kind is Abilities:  # (a Mapping: an isinstance check would ask the ABC machinery, much slower)
        for effects in node.values():  # type: ignore[attr-defined]
            yield from walk(effects)
        return
    if not attrs.has(kind):
        return
    yield node
    for field in attrs.fields(kind):
        if field.eq:
            value = getattr(node, field.name)
            if type(value) is tuple or type(value) is Abilities or attrs.has(type(value)):
                yield from walk(value)


def _effects_problems(effects: tuple[Effect, ...], where: Where) -> tuple[Problem, ...]:
    """Each effect's problems where it is, and counts "on the discarded cards" before any discard."""
    found: tuple[Problem, ...] = ()
    for effect in effects:
        found += effect.problems(where)
    return found + _discarded_problems(effects, False)


def _discards(node: object) -> bool:
    return any(isinstance(n, (DiscardWholeRow, DiscardFromRow, DiscardDeckTop, LookAtDeckTop)) for n in walk(node))


def _discarded_problems(effects: tuple[Effect, ...], discarded: bool) -> tuple[Problem, ...]:
    """Counts "on the discarded cards" written before any discard of the same ability.

    ``discarded`` says whether an earlier effect (outside ``effects``) has
    discarded something. A discard inside one option of a choice counts as
    earlier for the effects after the choice (the other options discard
    nothing, so the count is then 0), and so does one inside ``you may
    { ... }`` (declined, it discards nothing); within the braces the effects
    come in order, so a discard there is earlier for the counts after it.
    """
    found: tuple[Problem, ...] = ()
    for effect in effects:
        if isinstance(effect, Choice):
            for option in effect.options:
                found += _discarded_problems(option, discarded)
            discarded = discarded or _discards(effect)
            continue
        if isinstance(effect, MayDo):  # its effects resolve in order, after its cost (which discards nothing)
            found += _discarded_problems(effect.effects, discarded)
            discarded = discarded or _discards(effect)
            continue
        if isinstance(effect, Repeat):  # its effects in order; its condition before each pass, so after them too
            found += _discarded_problems(effect.effects, discarded)
            discarded = discarded or _discards(effect)
            if not discarded:
                found += tuple(REFUSALS.problem("discarded before", node.source or effect.source)
                               for node in walk(effect.until)
                               if isinstance(node, Per) and node.scope is Scope.DISCARDED)
            continue
        if not discarded:
            for node in walk(effect):
                if isinstance(node, Per) and node.scope is Scope.DISCARDED:
                    found += (REFUSALS.problem("discarded before", node.source or getattr(effect, "source", None)),)
        if _discards(effect):
            discarded = True
    return found


def _name_problems(names: tuple[tuple[str, str], ...], source: Source | None) -> tuple[Problem, ...]:
    """Localized names with a malformed or repeated language code, or an empty name."""
    found: tuple[Problem, ...] = ()
    seen: set[str] = set()
    for language, name in names:
        if len(language) != 2 or not language.isascii() or not language.islower() or not language.isalpha():
            found += (Problem(f"{language!r} is not a language code",
                              "use a two-letter lower-case code such as 'fr' or 'de'", source, f"name {language}"),)
        elif language in NOT_LANGUAGES:
            found += (Problem(f"{language!r} is a word of the card language and no language's code",
                              "use the language's ISO 639-1 code, such as 'fr' or 'de'", source, f"name {language}"),)
        elif language == "en":
            found += (Problem("the English name is the card's own name, not a localized one",
                              "remove the 'en' line", source, f"name {language}"),)
        elif language in seen:
            found += (Problem(f"two names are given for the language {language!r}",
                              "keep one of them", source, f"name {language}"),)
        seen.add(language)
        if not name.strip() or not name.isprintable():
            found += (Problem(f"the {language!r} name {name!r} is empty or has a control character in it",
                              "write the name or remove the line", source, f"name {language}"),)
    return found


def _gold_on_this_card(card: Card) -> Per | None:
    """The first count of the gold on this card that ``card`` makes, if any."""
    return next((node for node in walk(card) if isinstance(node, Per) and isinstance(node.count, GoldOnThisCard)),
                None)


REFUSALS.add("`gold on this card`", "a card without a purse", "the card counts 'gold on "
             "this card' but has no purse to hold gold", "add a purse capacity such as 'purse 5'", on=Card,
             refuses=lambda card, w: card.purse is None and _gold_on_this_card(card) is not None,
             at=lambda card: next((s for s in _sources(_gold_on_this_card(card))), card.source))
REFUSALS.add("`put N gold on this card`", "a card without a purse", "the card puts gold on itself but has no purse "
             "to hold it", "add a purse capacity such as 'purse 5'", on=Card,
             refuses=lambda card, w: card.purse is None and _stores_on_itself(card) is not None,
             at=lambda card: getattr(_stores_on_itself(card), "source", None) or card.source)
REFUSALS.add("`key on this card`", "a card that puts no key on itself", "the card counts 'key on this card' but "
             "none of its effects puts a key on it", "add an effect such as 'when bought: put 1 key on this card'",
             on=Card, refuses=lambda card, w: _keys_on_this_card(card) is not None and not any(
                 isinstance(node, StoreKeys) for node in walk(card)),
             at=lambda card: next((s for s in _sources(_keys_on_this_card(card))), card.source))
REFUSALS.add("`lock`", "a card without `when unlocked:`", "a lock card needs an ability behind its lock",
             "add 'when unlocked:' and the effects that opening the lock gives", on=Card, card_property="lock",
             refuses=lambda card, w: card.lock and not card.unlocked)
REFUSALS.add("`when unlocked:`", "a card without `lock`", "only a lock card has an ability 'when unlocked'",
             "add 'lock' to the card, or write 'when bought:' instead", on=Card, card_property="when unlocked",
             refuses=lambda card, w: bool(card.unlocked) and not card.lock)
REFUSALS.add("`chosen` twice (`shields chosen chosen`)", "a card", "a card has at most one chosen shield, "
             "named once when it is bought", "write 'chosen' once", on=Card, card_property="shields",
             refuses=lambda card, w: card.chosen > 1)
REFUSALS.add("`chosen` beside 3 other shields", "a card", "the chosen shield is one of the card's shields, and a card "
             f"has at most {MAX_SHIELDS} shields", f"keep at most {MAX_SHIELDS} shields, the chosen one counted",
             on=Card, card_property="shields", refuses=lambda card, w: card.chosen > 0
             and len(card.shields) + card.wild + card.chosen > MAX_SHIELDS)
REFUSALS.add("`on the discarded cards`", "before any discard of the same ability", "nothing has been discarded yet "
             "when this count is taken", "put 'discard a row' (or a discard from a row) before it in the same "
             "ability", key="discarded before")


REFUSALS.add("`that is this card`", "`whenever you take ...:`", "a card's take trigger resolves for the cards taken "
             "after it, never for itself", "remove 'that is this card' (this card is never one of the cards taken "
             "after it)", key="take itself")


REFUSALS.add("a place next to this card (`adjacent to this card`, `in row`, ...)", "`whenever an opponent takes "
             "...:` (a neighbour, any player)", "the card another player takes lies in their tableau, never next to "
             "this card", "remove the place, or write 'whenever you take ...:' for your own takes",
             key="others take near", card_property="whenever you take")

REFUSALS.add("`, after its ability`", "`whenever an opponent takes ...:` (a neighbour, any player)", "a trigger on "
             "other players' takes resolves before the taker's own triggers and the card's ability, as the card "
             "is placed", "remove ', after its ability', or watch your own takes: 'whenever you take a card, after "
             "its ability:'", key="after its ability of others", card_property="whenever you take")

#: How a take trigger names who takes, after "whenever" (the verb included).
_TAKER_CCL = {PlayerGroup.OPPONENTS: "an opponent takes", PlayerGroup.NEIGHBOURS: "a neighbour takes",
              PlayerGroup.PLAYERS: "any player takes", PlayerGroup.LEFT: "your left neighbour takes",
              PlayerGroup.RIGHT: "your right neighbour takes"}
_TAKER_ENGLISH = {**_TAKER_CCL, PlayerGroup.PLAYERS: "any player (you included) takes"}


def taker_words(taken_by: PlayerGroup | None) -> str:
    """Who takes, as a take trigger says it after "whenever": "you take", "an opponent takes"."""
    return "you take" if taken_by is None else _TAKER_CCL[taken_by]


#: How a trigger on key spends names who spends, after "whenever" (the verb included).
_SPENDER_CCL = {PlayerGroup.OPPONENTS: "an opponent spends", PlayerGroup.NEIGHBOURS: "a neighbour spends",
                PlayerGroup.PLAYERS: "any player spends", PlayerGroup.LEFT: "your left neighbour spends",
                PlayerGroup.RIGHT: "your right neighbour spends"}
_SPENDER_ENGLISH = {**_SPENDER_CCL, PlayerGroup.PLAYERS: "any player (you included) spends"}


def spender_words(spent_by: PlayerGroup | None) -> str:
    """Who spends, as a trigger on key spends says it after "whenever": "you spend", "an opponent spends"."""
    return "you spend" if spent_by is None else _SPENDER_CCL[spent_by]


def _event_problems(card: Card) -> tuple[Problem, ...]:
    """Who spends or where the messenger goes, named by a card without the trigger they are about."""
    found: tuple[Problem, ...] = ()
    if card.spent_by is not None and not card.key_spent:
        found += (Problem("the card names the players whose key spends trigger it, but has no effect 'whenever ... "
                          "spends a key'", "give it effects at Moment.KEY_SPEND or leave spent_by out",
                          card.source),)
    if card.spent_for is not None and not card.key_spent:
        found += (Problem("the card names what the key spends that trigger it did, but has no effect 'whenever ... "
                          "a key to ...'", "give it effects at Moment.KEY_SPEND or leave spent_for out",
                          card.source),)
    if card.refreshed is not None and card.spent_for is not KeyPurpose.REFRESH:
        found += (Problem("the card names the row whose refresh by a key triggers it, but does not watch the keys "
                          "spent to refresh a row", "set spent_for=KeyPurpose.REFRESH (whenever ... a key to refresh "
                          "the castle row) or leave refreshed out", card.source),)
    if card.moved_to is not None and not card.messenger_moved:
        found += (Problem("the card names where the messenger's moves trigger it, but has no effect 'whenever the "
                          "messenger moves'", "give it effects at Moment.MESSENGER or leave moved_to out",
                          card.source),)
    if card.moved_by_icon and not card.messenger_moved:
        found += (Problem("the card says its messenger-icon moves trigger it, but has no effect 'whenever your "
                          "card's messenger icon moves the messenger'", "give it effects at Moment.MESSENGER or "
                          "leave moved_by_icon out", card.source),)
    return found


def _take_problems(card: Card) -> tuple[Problem, ...]:
    """What makes no sense in the kind of card a take trigger watches (:attr:`Card.on_take`) and who takes it."""
    if card.taken_by is not None and not card.taken:
        return (Problem("the card names the players whose takes trigger it, but has no effect 'whenever ... takes'",
                        "give it effects at Moment.TAKE (taken=...) or leave taken_by out", card.source),)
    if card.after_ability and not card.taken:
        return (Problem("the card says its take trigger resolves after the ability of the card taken, but has no "
                        "effect 'whenever you take'", "give it effects at Moment.TAKE (taken=...) or leave "
                        "after_ability out", card.source),)
    if card.after_ability and card.taken_by is not None:
        return (REFUSALS.problem("after its ability of others", card.source),)
    if card.on_take is None:
        return ()
    if not card.taken:
        return (Problem("the card names the cards whose taking triggers it, but has no effect 'whenever you take'",
                        "give it effects at Moment.TAKE (taken=...) or leave on_take out", card.source),)
    found = filter_problems(card.on_take, Where(Moment.TAKE))
    near = [f for f in parts(card.on_take) if isinstance(f, Near) and f.relation is not Relation.THIS]
    if card.taken_by is not None and near:
        found += (REFUSALS.problem("others take near", near[0].source),)
    itself = [f for f in (card.on_take.filters if isinstance(card.on_take, AllOf) else (card.on_take,))
              if f == Near(Relation.THIS)]
    if itself:
        found += (REFUSALS.problem("take itself", itself[0].source or card.source),)
    return found


def _keys_on_this_card(card: Card) -> Per | None:
    """The first count of the keys locked on this card that ``card`` makes, if any."""
    return next((node for node in walk(card) if isinstance(node, Per) and isinstance(node.count, KeysOnThisCard)),
                None)


def _stores_on_itself(card: Card) -> StoreGold | None:
    """The first effect of ``card`` putting gold on the card itself in a tableau, if any (the gold it piles up while
    in a row needs no purse: see :attr:`Card.row_gold`)."""
    return next((node for moment, effects in card.parts() if moment is not Moment.IN_ROW for node in walk(effects)
                 if isinstance(node, StoreGold) and node.on == Near(Relation.THIS)), None)


def _on_itself(effect: Effect) -> bool:
    """Whether ``effect`` puts gold on this card and does nothing else (the one effect of a card in a row)."""
    return isinstance(effect, StoreGold) and effect.on == Near(Relation.THIS)


def _row_english(effect: Effect) -> str:
    """An effect of a card in a row in English: the gold lies on the card in the row, for whoever takes it."""
    if isinstance(effect, StoreGold) and effect.on == Near(Relation.THIS):
        return english.sentence(f"Put {effect.amount} gold from the supply on it (as much as piles up); the player "
                                "who takes it gains that gold, face up or face down")
    return effect.describe()


REFUSALS.add("any effect but `put N gold on this card`", "`while in a row, at the end of each turn:`",
             "a card in a row belongs to no one yet, so nothing but the gold put on it can happen there",
             "write 'while in a row, at the end of each turn: put 1 gold on this card', and put other effects "
             "under 'when bought:' or another moment", key="in a row")


def _sources(per: Per | None) -> Iterator[Source]:
    if per is not None:
        yield from (s for s in (per.count.source, per.source) if s is not None)


# ---------------------------------------------------------------- a card counted in its own conditions

#: The scopes of a count that hold the owner's tableau, where this card lies whenever it acts.
_HOLDING_THIS_CARD = frozenset({Scope.TABLEAU, Scope.EVERY_TABLEAU})
#: The comparisons that hold for no count above some number: (exactly, fewer than, at most) N hold for no count
#: above N, N - 1 and N.
_AT_MOST = {Comparison.EQ: 0, Comparison.LT: -1, Comparison.LE: 0}


def _counts_itself_problems(card: Card) -> tuple[Problem, ...]:
    """A condition of the card's own parts that the card itself makes false (``gain 3 gold if no military
    shield`` on a card that shows one).

    Whenever such a condition is checked the card lies face up in its
    owner's tableau: its ability resolves once it is placed, its triggers
    while it lies face up there, its scoring rules in the final tableau
    (a face-down card scores nothing). So a count of the owner's tableau
    counts the card too, and a condition asking for fewer than the card
    alone brings can never hold: the effect never happens, the rule never
    scores, and nothing else says so. Only the gold a card gathers in a row,
    before anyone owns it, is checked elsewhere; conditions about other
    players (``each opponent with ...``) count their tableaux, not this card.
    """
    found: tuple[Problem, ...] = ()
    for condition in _own_conditions(card):
        found += _never_with_itself(card, condition)
    return found


def _own_conditions(card: Card) -> Iterator[Condition]:
    """The conditions of ``card`` checked in its owner's tableau: its effects' and its scoring rules'."""
    for moment, effects in card.parts():
        if moment is Moment.IN_ROW:
            continue
        about_others = {id(node) for effect in walk(effects) if isinstance(effect, (EachPlayer, PlayersChoose))
                        for node in walk(effect)}
        yield from (node.condition for node in walk(effects)
                    if isinstance(node, Conditional) and id(node) not in about_others)
    for rule in card.scoring:
        if isinstance(rule, (ScoreIf, ScorePer)) and rule.condition is not None:
            yield rule.condition


def _never_with_itself(card: Card, condition: Condition) -> tuple[Problem, ...]:
    """The problem of each count of ``condition`` (itself or one of its 'and') that ``card`` alone exceeds."""
    if isinstance(condition, And):
        return tuple(problem for part in condition.conditions for problem in _never_with_itself(card, part))
    if not isinstance(condition, CountIs) or isinstance(condition.value, Per):
        return ()
    per = condition.per
    if per.scope not in _HOLDING_THIS_CARD or per.every != 1 or condition.comparison not in _AT_MOST:
        return ()
    own = _own_share(card, per.count)
    if own == 0 or own <= condition.value + _AT_MOST[condition.comparison]:
        return ()
    others = _about_others(condition, condition.value, own)
    return (Problem(f"'{condition.ccl()}' can never hold: when it is checked this card lies face up in your "
                    f"tableau and counts itself ({own} {per.count.ccl(own)})",
                    f"to ask about the other cards only, write '{others.ccl()}'", condition.source or card.source),)


def _about_others(condition: CountIs, value: int, own: int) -> CountIs:
    """``condition`` about the cards other than this one: ``no military shield on cards other than this card`` in
    your tableau; elsewhere (every tableau, where no place next to this card is) the number moved by what this card
    adds, ``at most 1 military shield in every tableau``."""
    if condition.per.scope is Scope.TABLEAU:
        return CountIs(condition.per.narrowed(Near(Relation.OTHER)), condition.comparison, value)
    if condition.comparison is Comparison.EQ and value == 0:
        return CountIs(condition.per, Comparison.LE, own)
    return CountIs(condition.per, condition.comparison, value + own)


def _own_share(card: Card, count: object) -> int:
    """How much ``card``, face up, adds to ``count`` for sure (0 when it may add nothing)."""
    if isinstance(count, Cards):
        return int(_shows(card, count.on))
    if isinstance(count, Shields) and _shows(card, count.on):
        return sum(1 for shield in card.shields if not count.shields or shield in count.shields)
    return 0


def _shows(card: Card, f: CardFilter | None) -> bool:
    """Whether ``card``, face up in its owner's tableau, passes ``f`` for sure (a filter of places, of what the
    card holds, or of a "not" may depend on the game: never sure)."""
    if f is None or isinstance(f, (FaceUp, Shares)):  # a card shares every trait with itself
        return True
    if isinstance(f, AllOf):
        return all(_shows(card, part) for part in f.filters)
    if isinstance(f, AnyOf):
        return any(_shows(card, part) for part in f.filters)
    if isinstance(f, DeckIs):
        return f.deck is card.deck
    if isinstance(f, HasShield):
        return not f.chosen and any(shield in f.shields for shield in card.shields)
    if isinstance(f, CostIs):
        return f.comparison.holds(card.cost, f.cost)
    if isinstance(f, Named):
        return card.name in f.names
    if isinstance(f, HasPart):
        return {Part.PURSE: card.purse is not None, Part.MESSENGER: card.messenger}.get(f.part, False)
    return False

