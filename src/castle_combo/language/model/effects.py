"""Effects: what an ability does, resolved in order at its moment (when bought, when unlocked, a trigger).

Resources move by any amount (a number, or a number per count, with an
optional cap and floor): :class:`Gain`, :class:`Lose`; between the owner and
other players, :class:`Take` and :class:`Give`, inside :class:`EachPlayer`,
which applies one effect to each player of a group who meets an optional
condition (``each opponent with more keys than you loses 1 key``). The
table: discounts, discards from a row or of a whole row, the messenger,
gold put on cards, purses filled, face-down cards turned face up. And the
shapes of a decision: :class:`Choice` (choose one), :class:`MayDo` (an
optional cost, "you may pay 2 gold to gain 3 keys"), :class:`Conditional`
(an effect that happens only if a condition holds when it resolves).

Each effect says itself in the card language (``ccl``) and in English
(``describe``), and lists what makes no sense about it where it is written
(``problems``).
"""

from __future__ import annotations

import enum
from typing import Union

import attrs

from castle_combo.language import english
from castle_combo.language.model.base import (
    BOUGHT,
    MAX_AMOUNT,
    MAX_PURSE,
    Deck,
    Moment,
    Problem,
    Resource,
    Source,
    Where,
    out_of_range,
    source_field,
)
from castle_combo.language.model.conditions import Condition, PlayerGroup, with_phrase
from castle_combo.language.model.counts import Per, Scope, card_phrase
from castle_combo.language.model.filters import (
    AllOf,
    AnyOf,
    CardFilter,
    CostVsThis,
    DeckIs,
    FaceDown,
    HasPart,
    HoldsGold,
    HoldsKey,
    Near,
    Part,
    Relation,
    Shares,
    all_of,
    face_down_never,
    face_down_words,
    filter_problems,
    kinds_of_card,
    parts,
    words,
)
from castle_combo.language.model.refusals import REFUSALS

__all__ = [
    "Choice",
    "Conditional",
    "DiscardFromRow",
    "DiscardDeckTop",
    "DiscardWholeRow",
    "Discount",
    "EachPlayer",
    "Effect",
    "EndOfThisTurn",
    "FillPurses",
    "Gain",
    "GainPoints",
    "Give",
    "LookAtDeckTop",
    "Lose",
    "MAX_DECK_TOP",
    "MAX_REPEAT",
    "MayDo",
    "MoveGold",
    "StoreOwnGold",
    "MoveMessenger",
    "NextDiscount",
    "NextFromEitherRow",
    "NextResolvesTwice",
    "PlayerEffect",
    "PlayersChoose",
    "Repeat",
    "ReserveCard",
    "ReturnToDeck",
    "CostIn",
    "keeps_points",
    "RowChoice",
    "StoreGold",
    "StoreKeys",
    "Surcharge",
    "Swap",
    "Take",
    "ThatPlayer",
    "TurnFaceUp",
    "UseAdjacentAbility",
    "UseNeighbourAbility",
]


def _bounds_field() -> int | None:
    return attrs.field(default=None, kw_only=True)  # type: ignore[no-any-return]


def _amount_english(amount: int, resource: Resource, per: Per | None, up_to: int | None,
                    at_least: int | None) -> str:
    text = resource.describe(amount)
    if per is not None:
        text += f" per {per.describe()}"
    bounds = _bounds_english(resource, up_to, at_least)
    return f"{text}, {bounds}" if bounds else text


def _bounds_english(resource: Resource, up_to: int | None, at_least: int | None) -> str:
    """"at least 1 gold, up to 3 gold": the bounds of an amount, or nothing."""
    words = [f"at least {resource.describe(at_least)}"] if at_least is not None else []
    return ", ".join(words + ([f"up to {resource.describe(up_to)}"] if up_to is not None else []))


def _between_players(effect: Take | Give, verb: str, link: str, subject: str | None, whose: str) -> str:
    """A take or a gift as a sentence, its bounds said per player after the players are named."""
    what = _amount_english(effect.amount, effect.resource, effect.per, None, None)
    bounds = _bounds_english(effect.resource, effect.up_to, effect.at_least)
    note = f"{bounds} per player; never more than {whose} have" if bounds else f"never more than {whose} have"
    return english.sentence(f"{verb} {what} {link} {subject or 'them'} ({note})")


def _amount_ccl(amount: int, resource: Resource, per: Per | None, up_to: int | None, at_least: int | None,
                default: Scope = Scope.TABLEAU) -> str:
    text = resource.ccl(amount)
    if per is not None:
        text += f" per {per.ccl(1, default)}"
    if at_least is not None:
        text += f" at least {at_least}"
    if up_to is not None:
        text += f" up to {up_to}"
    return text


def _amount_problems(amount: int, what: str, per: Per | None, up_to: int | None, at_least: int | None,
                     where: Where, source: Source | None) -> tuple[Problem, ...]:
    found = out_of_range(amount, 1, MAX_AMOUNT, what, source)
    if per is not None:
        found += per.problems(where=where)
    if up_to is not None:
        found += out_of_range(up_to, 1, MAX_AMOUNT * MAX_AMOUNT, "the cap 'up to'", source)
    if at_least is not None:
        found += out_of_range(at_least, 1, MAX_AMOUNT * MAX_AMOUNT, "the floor 'at least'", source)
    if up_to is not None and at_least is not None and at_least > up_to:
        found += (Problem(f"the floor {at_least} is above the cap {up_to}", "make 'at least' at most 'up to'", source),)
    return found


@attrs.frozen
class Gain:
    """The owner (or, inside :class:`EachPlayer`, each player it is about) gains gold or keys from the supply.

    The amount is ``amount`` times ``per`` if given (every ``per.every`` of
    the count once), then raised to ``at_least`` and capped at ``up_to``.
    """

    amount: int
    resource: Resource
    per: Per | None = None
    up_to: int | None = _bounds_field()
    at_least: int | None = _bounds_field()
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """An amount out of range, or a count that makes no sense when the card is bought."""
        return _amount_problems(self.amount, "the amount gained", self.per, self.up_to, self.at_least, where,
                                self.source) + REFUSALS.of(self, where)

    def describe(self, subject: str | None = None) -> str:
        """The effect as a sentence: "Gain 1 gold per faith shield in your tableau."."""
        what = _amount_english(self.amount, self.resource, self.per, self.up_to, self.at_least)
        return english.sentence(f"{subject} gains {what}" if subject else f"Gain {what}")

    def ccl(self, default: Scope = Scope.TABLEAU, subject: str | None = None) -> str:
        what = _amount_ccl(self.amount, self.resource, self.per, self.up_to, self.at_least, default)
        return f"{subject} gains {what}" if subject else f"gain {what}"


@attrs.frozen
class GainPoints:
    """Points for the owner, kept on this card: ``gain 3 points``, ``lose 8 points`` (``loses``).

    The points are added to (or taken from) the card's score when the game
    is scored, and show on its line of the score sheet. The amount is
    ``amount`` times ``per`` if given, then raised to ``at_least`` and capped
    at ``up_to`` (the bounds are on the number of points gained or lost).
    Written at the end of the game it records what the owner did then
    (``you may pay 8 gold to gain 11 points``).
    """

    amount: int
    per: Per | None = None
    up_to: int | None = _bounds_field()
    at_least: int | None = _bounds_field()
    loses: bool = attrs.field(default=False, kw_only=True)
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """An amount out of range, or a count that makes no sense when the effect resolves."""
        what = "the points lost" if self.loses else "the points gained"
        return _amount_problems(self.amount, what, self.per, self.up_to, self.at_least, where,
                                self.source) + REFUSALS.of(self, where)

    def _amount(self, ccl: bool, default: Scope = Scope.TABLEAU) -> str:
        text = f"{self.amount} point{'' if self.amount == 1 else 's'}"
        if self.per is not None:
            text += f" per {self.per.ccl(1, default) if ccl else self.per.describe()}"
        if ccl:
            text += f" at least {self.at_least}" if self.at_least is not None else ""
            return text + (f" up to {self.up_to}" if self.up_to is not None else "")
        bounds = [f"at least {self.at_least}"] if self.at_least is not None else []
        bounds += [f"up to {self.up_to}"] if self.up_to is not None else []
        return ", ".join([text, *bounds])

    def describe(self) -> str:
        """The effect as a sentence: "Gain 3 points (added to this card's score)."."""
        if self.loses:
            return english.sentence(f"Lose {self._amount(False)} (taken from this card's score)")
        return english.sentence(f"Gain {self._amount(False)} (added to this card's score)")

    def ccl(self, default: Scope = Scope.TABLEAU) -> str:
        return f"{'lose' if self.loses else 'gain'} {self._amount(True, default)}"


@attrs.frozen
class Lose:
    """The owner (or each player an :class:`EachPlayer` is about) loses gold or keys, never more than they have.

    Keys are lost from the spendable keys only (a key waiting on a lock card
    belongs to the lock). In ``you may pay ...`` it is the cost, which must
    be paid in full.
    """

    amount: int
    resource: Resource
    per: Per | None = None
    up_to: int | None = _bounds_field()
    at_least: int | None = _bounds_field()
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        return _amount_problems(self.amount, "the amount lost", self.per, self.up_to, self.at_least, where,
                                self.source) + REFUSALS.of(self, where)

    def describe(self, subject: str | None = None) -> str:
        what = _amount_english(self.amount, self.resource, self.per, self.up_to, self.at_least)
        if subject:
            return english.sentence(f"{subject} loses {what} (never more than they have)")
        return english.sentence(f"Lose {what} (never more than you have)")

    def ccl(self, default: Scope = Scope.TABLEAU, subject: str | None = None) -> str:
        what = _amount_ccl(self.amount, self.resource, self.per, self.up_to, self.at_least, default)
        return f"{subject} loses {what}" if subject else f"lose {what}"


@attrs.frozen
class Take:
    """Take gold or keys from each player an :class:`EachPlayer` is about, never more than they have.

    Keys are taken from the spendable keys only: a key waiting on a lock
    card belongs to the lock until it is opened.
    """

    amount: int
    resource: Resource
    per: Per | None = None
    up_to: int | None = _bounds_field()
    at_least: int | None = _bounds_field()
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        return _amount_problems(self.amount, "the amount taken from each opponent", self.per, self.up_to,
                                self.at_least, where, self.source) + REFUSALS.of(self, where)

    def describe(self, subject: str | None = None) -> str:
        return _between_players(self, "Take", "from", subject, "they")

    def ccl(self, default: Scope = Scope.TABLEAU, subject: str | None = None) -> str:
        what = _amount_ccl(self.amount, self.resource, self.per, self.up_to, self.at_least, default)
        return f"take {what} from {subject or 'them'}"


@attrs.frozen
class Give:
    """Give gold or keys from the owner's supply to each player an :class:`EachPlayer` is about.

    Never more than the owner has: once the owner runs out, the players
    after them in turn order get nothing.
    """

    amount: int
    resource: Resource
    per: Per | None = None
    up_to: int | None = _bounds_field()
    at_least: int | None = _bounds_field()
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        return _amount_problems(self.amount, "the amount given", self.per, self.up_to, self.at_least, where,
                                self.source) + REFUSALS.of(self, where)

    def describe(self, subject: str | None = None) -> str:
        return _between_players(self, "Give", "to", subject, "you")

    def ccl(self, default: Scope = Scope.TABLEAU, subject: str | None = None) -> str:
        what = _amount_ccl(self.amount, self.resource, self.per, self.up_to, self.at_least, default)
        return f"give {what} to {subject or 'them'}"


#: The effects that move resources of the players an :class:`EachPlayer` is about.
_PLAYER_EFFECTS = (Gain, Lose, Take, Give)

REFUSALS.add("`at least N` after an amount", "an amount with no count", "'at least' is a floor for an amount per "
             "count", "write it after 'per ...'", on=_PLAYER_EFFECTS, refuses=lambda e, w: e.at_least is not None
             and e.per is None)
REFUSALS.add("`up to N` after an amount", "an amount with no count", "'up to' caps an amount per count",
             "write it after 'per ...'", on=_PLAYER_EFFECTS, refuses=lambda e, w: e.up_to is not None and e.per is None)
REFUSALS.add("`take`", "no players (outside `take ... from each opponent`)", "'take' needs players to take from",
             "write 'take 1 gold from each opponent'", on=Take, refuses=lambda e, w: not w.them)
REFUSALS.add("`give`", "no players (outside `give ... to each opponent`)", "'give' needs players to give to",
             "write 'give 1 gold to each opponent'", on=Give, refuses=lambda e, w: not w.them)


class ThatPlayer(enum.Enum):
    """The player who took the card that set off a trigger on another player's take: ``that player``.

    Only the effects of ``whenever an opponent takes ...:`` (a neighbour, any
    player, your left or right neighbour) name them: ``take 1 gold from that
    player``, ``that player loses 1 key``. In ``whenever any player takes``
    that player is the owner on the owner's own takes (a take from or a gift
    to yourself changes nothing).
    """

    TAKER = "that player"

    @property
    def each(self) -> str:
        """How an effect names the player: "that player"."""
        return self.value


@attrs.frozen
class EachPlayer:
    """One effect for each player of a group who meets a condition: ``each opponent gains 2 gold``,
    ``take 1 key from each opponent with more keys than you``.

    The players are taken in turn order from the owner's left. Inside,
    :class:`Gain` and :class:`Lose` are about that player, :class:`Take`
    and :class:`Give` move resources between them and the owner, and a
    count with the scope ``THEIRS`` reads that player's tableau (the
    condition's counts read it when they name no scope).

    Each player's condition and amount are taken when their turn comes, so
    an earlier player's gain or loss can change a later one's. ``at_once``
    (written ``all at once``) judges every player's condition and amount on
    the position before any of the effects resolves; the effects then
    resolve in turn order (a gift still stops when the owner runs out).

    ``chosen`` (written ``an opponent of your choice``, ``a neighbour of
    your choice``) makes it one player: the owner picks one of the group's
    players who meet the condition when the effect resolves. With none,
    nothing happens and nothing is asked; with exactly one, that one, and
    nothing is asked (with two players the one opponent); with two or
    more, the owner is asked.
    """

    group: PlayerGroup | ThatPlayer
    effect: PlayerEffect
    condition: Condition | None = None
    at_once: bool = False
    chosen: bool = attrs.field(default=False, kw_only=True)
    source: Source | None = source_field()

    def _who(self, *, ccl: bool) -> str:
        words = chosen_words(self.group) if self.chosen else self.group.each
        if self.condition is not None:
            if ccl:
                words += " " + with_phrase(self.condition, Scope.THEIRS)
            else:
                words += " " + self.condition.describe("who")
        return words

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        inner = attrs.evolve(where, them=True)
        found = REFUSALS.of(self, where)
        if isinstance(self.effect, _PLAYER_EFFECTS):
            found = self.effect.problems(inner) + found
        if self.condition is not None:
            found += self.condition.problems(scoring=where.scoring, where=inner)
        return found

    def describe(self) -> str:
        who = self._who(ccl=False)
        if isinstance(self.effect, (Take, Give)):
            said = self.effect.describe(who)
        elif isinstance(self.effect, _PLAYER_EFFECTS):
            said = self.effect.describe(who[:1].upper() + who[1:])
        else:
            said = english.sentence(f"For {who}: {english.clause(self.effect.describe())}")
        return said + (" " + AT_ONCE_ENGLISH if self.at_once else "")

    def ccl(self) -> str:
        who = self._who(ccl=True)
        once = " all at once" if self.at_once else ""
        if isinstance(self.effect, _PLAYER_EFFECTS):
            return self.effect.ccl(Scope.TABLEAU, who) + once
        return f"{who}: {format_effect(self.effect)}"


#: Why "that player" needs a take by another player, for its effects and for a choice "that player" owes.
_THAT_PLAYER = ("`that player`", "anything but a trigger on another player's take or key spend (`whenever an "
                "opponent takes ...:`, `whenever an opponent spends a key:`)",
                "'that player' is the player who took the card (or spent the key) that set off a trigger on another "
                "player's take (or key spend), and here no one has just taken a card", "write 'whenever an opponent "
                "takes a card:' (or a neighbour, or any player) before the effect, or name the players: "
                "'each opponent', 'your left neighbour'")
REFUSALS.add(*_THAT_PLAYER,
             key="that player", on=EachPlayer,
             refuses=lambda e, w: e.group is ThatPlayer.TAKER and not w.taker)


#: The groups of one player, for whom "all at once" changes nothing.
_ONE_PLAYER = (PlayerGroup.LEFT, PlayerGroup.RIGHT, ThatPlayer.TAKER)

def chosen_words(group: PlayerGroup | ThatPlayer) -> str:
    """"an opponent of your choice", "a neighbour of your choice": one player the owner picks, in both languages
    (only the opponents and the neighbours are a choice: the others are refused)."""
    noun = group.value.removeprefix("that ")
    article = "an" if noun[0] in "aeiou" else "a"
    return f"{article} {noun} of your choice"


#: The English of ``all at once`` after an effect on each player.
AT_ONCE_ENGLISH = "All at once: who is affected and by how much are judged before any of it happens."


REFUSALS.add("an effect on each player", "any effect but a gain, a loss, a take or a gift",
             "only gains, losses, takes and gifts of gold or keys happen to each player",
             "write 'each opponent gains ...', 'loses ...', 'take ... from each opponent' or 'give ... to each "
             "opponent'", on=EachPlayer, refuses=lambda e, w: not isinstance(e.effect, _PLAYER_EFFECTS))
REFUSALS.add("`all at once`", "one player (`your left neighbour`, `your right neighbour`, `that player`)",
             "'all at once' judges several players together, and this effect is on one player", "remove 'all at once'",
             on=EachPlayer, refuses=lambda e, w: e.at_once and e.group in _ONE_PLAYER)
REFUSALS.add("`all at once`", "an effect with no condition and no count", "without 'with ...' or 'per ...' every "
             "player's amount is the same in any order, so 'all at once' changes nothing",
             "remove 'all at once', or add a condition such as 'with more gold than you'", on=EachPlayer,
             refuses=lambda e, w: e.at_once and e.group not in _ONE_PLAYER
             and e.condition is None and getattr(e.effect, "per", None) is None)
REFUSALS.add("`all at once`", "one player of your choice (`an opponent of your choice`)", "you pick one player, and "
             "'all at once' judges several players together", "remove 'all at once'",
             on=EachPlayer, refuses=lambda e, w: e.at_once and e.chosen)
REFUSALS.add("`... of your choice`", "`a player of your choice`, or a player that is no choice (`your left "
             "neighbour`)", "you pick one of your opponents or of your neighbours, never yourself",
             "write 'an opponent of your choice' or 'a neighbour of your choice'", on=EachPlayer,
             refuses=lambda e, w: e.chosen and e.group not in (PlayerGroup.OPPONENTS, PlayerGroup.NEIGHBOURS))
REFUSALS.add("`take`, `give`", "`each player`", "you cannot take from or give to yourself", "write 'each opponent'",
             on=EachPlayer, refuses=lambda e, w: e.group is PlayerGroup.PLAYERS and isinstance(e.effect, (Take, Give)))


@attrs.frozen
class Discount:
    """A permanent discount of ``amount`` on later cards bought from ``decks`` that pass ``on`` (any, if ``None``).

    ``on`` reads only what is printed on the card being bought (its deck,
    shields, printed cost, parts): ``discount 1 on cards with a messenger
    icon``, ``discount 2 on cards costing 4 or more``.
    """

    amount: int
    decks: tuple[Deck, ...]
    on: CardFilter | None = None
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """An amount out of range, no deck at all, a deck named twice, or cards a purchase cannot tell."""
        found = out_of_range(self.amount, 1, MAX_AMOUNT, "the discount", self.source)
        if not self.decks:
            found += (Problem("a discount on no deck never applies",
                              "write 'on castle cards', 'on village cards' or 'on all cards'", self.source),)
        elif len(set(self.decks)) != len(self.decks):
            found += (Problem("a discount names the same deck twice",
                              "write 'on all cards' or name each deck once", self.source),)
        return found + filter_problems(self.on, where) + REFUSALS.of(self, where)

    def cards(self, *, ccl: bool = False) -> str:
        """The cards discounted, in English (or in the card language): "castle cards", "cards with a faith shield"."""
        if self.on is None:
            decks = english.join_and(deck.value for deck in Deck if deck in self.decks)
            if ccl:
                return "all cards" if self.decks == (Deck.CASTLE, Deck.VILLAGE) else \
                    " and ".join(deck.value for deck in self.decks) + " cards"
            return f"{decks} cards"
        one = (DeckIs(self.decks[0]),) if len(self.decks) == 1 else ()
        return card_phrase(all_of((*one, self.on)), 2, ccl=ccl, banner=False)

    def describe(self) -> str:
        """The effect as a sentence: "Discount 1 gold on castle and village cards."."""
        return english.sentence(f"Discount {self.amount} gold on {self.cards()}")

    def ccl(self) -> str:
        return f"discount {self.amount} on {self.cards(ccl=True)}"


def unknown_when_bought(f: CardFilter | None) -> CardFilter | None:
    """The first part of ``f`` that the purchase of a card from a row cannot tell (a place, stored gold, a key,
    a comparison with the card that gave the discount, a face-down card), if any."""
    return next((part for part in parts(f) if isinstance(part, _NOT_PRINTED)), None)


_NOT_PRINTED = (Near, HoldsGold, HoldsKey, Shares, CostVsThis, FaceDown)  # (a part of the final grid: refused anyway)


def _unknown_words(d: Discount) -> str:
    part = unknown_when_bought(d.on)
    if part is None:
        return ""
    said = part.ccl()
    return " ".join(said.adjectives + said.suffixes) or said.alone


REFUSALS.add("a discount on cards (`discount 1 on ... cards`)", "a filter of what is not printed on the card "
             "bought: a place, stored gold or a key, this card, `face-down`",
             "a discount is read when a card is bought from its row, where only what is printed on it is known "
             "(its deck, shields, printed cost and parts), so '{what}' cannot decide it",
             "narrow the discount by what is printed: 'discount 1 on cards costing 4 or more', 'on faith cards', "
             "'on cards with a messenger icon'", on=Discount,
             refuses=lambda d, w: unknown_when_bought(d.on) is not None,
             fill=lambda d, w: {"what": _unknown_words(d)},
             at=lambda d: getattr(unknown_when_bought(d.on), "source", None) or d.source,
             example={"what": "adjacent to this card"})


@attrs.frozen
class Surcharge:
    """A lasting surcharge: while the card lies face up in its owner's tableau, each player of ``payers`` (seen
    from the owner: ``each opponent``, ``each neighbour``, ``your left neighbour``, ``your right neighbour``)
    pays ``amount`` gold more for the cards of ``decks`` that pass ``on`` (any, if ``None``) bought face up.
    ``until_next_turn`` (``... for each opponent until your next turn``) holds it only from the card's take
    until its owner's next turn: while the card is the last card its owner took (and lies face up).

    It is a fact of the card, not an effect of a moment (``surcharge 1 on castle cards for each opponent``): it
    holds from the moment the card lies face up in the tableau to the end of the game. Like a discount's, ``on``
    reads only what is printed on the card being bought. The price of a card bought face up is its printed cost
    plus every surcharge on it, minus the taker's discounts (permanent, then one-time), never below 0; a card
    taken face down costs nothing and is not affected (see the rules page).
    """

    amount: int
    payers: PlayerGroup
    decks: tuple[Deck, ...]
    on: CardFilter | None = None
    until_next_turn: bool = False
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """An amount out of range, no deck at all, a deck named twice, the owner among the payers, or cards a
        purchase cannot tell."""
        found = out_of_range(self.amount, 1, MAX_AMOUNT, "the surcharge", self.source)
        if not self.decks:
            found += (Problem("a surcharge on no deck never applies",
                              "write 'on castle cards', 'on village cards' or 'on all cards'", self.source),)
        elif len(set(self.decks)) != len(self.decks):
            found += (Problem("a surcharge names the same deck twice",
                              "write 'on all cards' or name each deck once", self.source),)
        return found + filter_problems(self.on, where) + REFUSALS.of(self, where)

    def cards(self, *, ccl: bool = False) -> str:
        """The cards that cost more, in English (or in the card language): "castle cards", "cards with a faith
        shield"."""
        return Discount(self.amount, self.decks, self.on).cards(ccl=ccl)

    def describe(self) -> str:
        """The fact as a sentence: "While this card is face up in your tableau, each opponent pays 1 gold more
        for castle cards (...)."."""
        payers = self.payers.each
        pays = "pay" if self.payers is PlayerGroup.PLAYERS else "pays"
        when = ("Until your next turn (while this card is the last you took and lies face up)" if self.until_next_turn
                else "While this card is face up in your tableau")
        return english.sentence(f"{when}, {payers} {pays} {self.amount} gold more for {self.cards()} (bought face "
                                "up; added to the printed cost before their discounts, never below 0)")

    def ccl(self) -> str:
        until = " until your next turn" if self.until_next_turn else ""
        return f"surcharge {self.amount} on {self.cards(ccl=True)} for {self.payers.each}{until}"


REFUSALS.add("a surcharge (`surcharge 1 on ... cards for ...`)", "`for each player`",
             "a surcharge is paid by the other players: the owner never pays more for their own card's surcharge",
             "write 'for each opponent', 'for each neighbour', 'for your left neighbour' or 'for your right "
             "neighbour'", on=Surcharge, refuses=lambda s, w: s.payers is PlayerGroup.PLAYERS)
REFUSALS.add("a surcharge on cards (`surcharge 1 on ... cards for ...`)", "a filter of what is not printed on the "
             "card bought: a place, stored gold or a key, this card, `face-down`",
             "a surcharge is read when a card is bought from its row, where only what is printed on it is known "
             "(its deck, shields, printed cost and parts), so '{what}' cannot decide it",
             "narrow the surcharge by what is printed: 'surcharge 1 on cards costing 4 or more for each opponent', "
             "'on faith cards', 'on cards with a messenger icon'", on=Surcharge,
             refuses=lambda s, w: unknown_when_bought(s.on) is not None,
             fill=lambda s, w: {"what": _unknown_words(Discount(s.amount, s.decks, s.on))},
             at=lambda s: getattr(unknown_when_bought(s.on), "source", None) or s.source,
             example={"what": "adjacent to this card"})


@attrs.frozen
class NextDiscount:
    """A one-time discount: the owner's next card (of ``deck``, or of any deck) costs ``amount`` gold less.

    It waits in the owner's state until their next take (of ``deck`` when it
    names one) and applies after the permanent discounts, never below 0 gold;
    that take spends it whatever it saved, a take face down included (a card
    taken face down is never paid for, so the discount is simply lost). It
    never applies to the card whose ability grants it: that card is paid
    before its ability resolves. Several one-time discounts add up.

    ``face_up`` ("your next card bought face up costs 3 less", Sushi Go's
    Wasabi) waits for the owner's next card bought face up instead: a card
    taken face down does not use it. It is kept apart from the others in
    the owner's state (:attr:`PlayerState.next_face_up`), and the next
    face-up take uses both kinds.
    """

    amount: int
    deck: Deck | None = None
    face_up: bool = attrs.field(default=False, kw_only=True)
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """An amount out of range, or a moment after which no card is taken."""
        return out_of_range(self.amount, 1, MAX_AMOUNT, "the one-time discount", self.source) + REFUSALS.of(self,
                                                                                                         where)

    def _card(self) -> str:
        card = "card" if self.deck is None else f"{self.deck.value} card"
        return f"{card} bought face up" if self.face_up else card

    def describe(self) -> str:
        """The effect as a sentence: "Your next castle card costs 2 gold less (...)."."""
        if self.face_up:
            which = "of any deck" if self.deck is None else f"the next {self.deck.value} card you buy face up"
            return english.sentence(
                f"Your next {self._card()} costs {self.amount} gold less ({which}; after your discounts, never below "
                "0; taking a card face down does not use it)"
            )
        which = "of any deck" if self.deck is None else f"the next {self.deck.value} card you take"
        return english.sentence(
            f"Your next {self._card()} costs {self.amount} gold less ({which}; after your discounts, never below 0; "
            "taking it uses this up, even face down)"
        )

    def ccl(self) -> str:
        return f"your next {self._card()} costs {self.amount} less"


REFUSALS.add("`your next card costs N less` (`... bought face up ...`)", "`at the end of the game:`",
             "no card is taken after the end of the game, so a one-time discount there is never used",
             "move it to 'when bought:' or a turn's trigger",
             on=NextDiscount, refuses=lambda e, w: w.moment is Moment.GAME_END)


@attrs.frozen
class NextFromEitherRow:
    """The owner's next card may be taken from either row (the Quartermaster's "take your next card from the
    other row"): the castle row or the village row, whatever the messenger's place.

    It waits in the owner's state until their next take, which spends it whichever row that card comes from
    (from the messenger's row too). The take is otherwise an ordinary step 2: the printed cost minus the
    discounts of the card's deck, or face down for 6 gold and 2 keys; its ability resolves; its messenger icon
    moves the messenger as usual; the row it leaves is refilled. A key may still be spent in step 1 of that
    turn. Granting it again before that take changes nothing (it does not add up). It never applies to the
    card whose ability grants it: that card is already taken.
    """

    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """A moment after which no card is taken."""
        return REFUSALS.of(self, where)

    def describe(self) -> str:
        """The effect as a sentence."""
        return english.sentence(
            "Your next card may be taken from either row (the castle row or the village row, whatever the "
            "messenger's place; taking your next card uses this up)"
        )

    def ccl(self) -> str:
        return "your next card may be taken from either row"


REFUSALS.add("`your next card may be taken from either row`", "`at the end of the game:`", "leave to take the next "
             "card from either row is never used at the end of the game: no card is taken after it",
             "move it to 'when bought:' or a turn's trigger",
             on=NextFromEitherRow, refuses=lambda e, w: w.moment is Moment.GAME_END)


@attrs.frozen
class NextResolvesTwice:
    """The ability of the owner's next card bought face up resolves twice (the Seneschal's "the ability of the
    next card you buy face up is resolved twice"; Dominion's Throne Room, as a one-use lasting effect).

    It waits in the owner's state until they next buy a card face up (from a row or their reserved card): a
    card taken face down is skipped and it keeps waiting. That purchase uses it up, and the card's ability
    when bought resolves in full (each of its effects, in order), then in full again: counts are taken again
    the second time, on the tableau as it then is, and every question is asked again (another option of a
    choice may be chosen; a discard from a row takes another card of that row, not refilled in between).
    Never doubled: the card's discounts (facts of the card: a discount ability is gained once), its chosen
    shield (named once), the triggers it sets up and the take triggers of other cards (they are not its
    ability: they resolve once, an ``, after its ability`` trigger once both are done). A card with no
    ability when bought uses it up all the same (nothing resolves). Granted again while it waits, it is still
    one wait (it does not add up into three times). It never applies to the card whose ability grants it:
    that card is already bought.
    """

    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """A moment after which no card is bought."""
        return REFUSALS.of(self, where)

    def describe(self) -> str:
        """The effect as a sentence."""
        return english.sentence(
            "Your next card bought face up resolves its ability twice (all of it, then all of it again, "
            "asking each question again; not its discounts; a card taken face down leaves this waiting)"
        )

    def ccl(self) -> str:
        return "your next card bought face up resolves its ability twice"


REFUSALS.add("`your next card bought face up resolves its ability twice`", "`at the end of the game:`",
             "no card is bought after the end of the game, so an ability to resolve twice there never comes",
             "move it to 'when bought:' or a turn's trigger",
             on=NextResolvesTwice, refuses=lambda e, w: w.moment is Moment.GAME_END)


@attrs.frozen
class ReserveCard:
    """Reserve a card of the owner's choice from a row (the Notary's "take one card from the castle row or the
    village row and place it face up beside your tableau as your reserved card"; Splendor's reserve).

    ``deck`` names the row (``None``: either row, whatever the messenger's place). ``other``: the row where the
    messenger is not when the effect resolves ("reserve a card from the other row", as "discard the other row"
    names it; ``deck`` is then ``None``): with the messenger at the castle, a card of the village row. When that
    location is exhausted its row is empty and nothing is reserved (the messenger then stands at the other
    location for good, so "the other row" is the exhausted one). The card leaves its row,
    whose gap is refilled at the end of the turn as usual, and lies face up beside the owner's tableau, seen by
    every player. It is not in the tableau: it gives no shield, banner or cost to any count, and no effect can
    discard it. On a later turn, in step 2, its owner may take it instead of a card of the messenger's row,
    following the normal rules of a take (its printed cost minus the discounts of its deck and any one-time
    discount, or face down for 6 gold and 2 keys; its ability resolves; its messenger icon moves the messenger;
    it is that turn's card). A player holds one reserved card at most: while they hold one, this effect does
    nothing (nothing is asked). A reserved card never taken is discarded at the end of the game, with no effect.
    """

    deck: Deck | None = None
    other: bool = attrs.field(default=False, kw_only=True)
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """A moment after which no card is taken."""
        return REFUSALS.of(self, where)

    def _row(self) -> str:
        if self.other:
            return "the other row"
        return "either row" if self.deck is None else f"the {self.deck.value} row"

    def describe(self) -> str:
        """The effect as a sentence, with the rulings a player needs at the table."""
        if self.other:
            which = ("the row where the messenger is not (with the messenger at the castle, the village row; "
                     "nothing if that location is exhausted)")
        else:
            which = ("the castle row or the village row, whatever the messenger's place" if self.deck is None
                     else f"the {self.deck.value} row")
        return english.sentence(
            f"Reserve a card of your choice from {which}: it lies face up beside your tableau (not in it), and on "
            "a later turn you may take it in step 2 instead of a card of the messenger's row (one reserved card "
            "at most: while you hold one, this does nothing; one never taken is discarded at the end of the game)"
        )

    def ccl(self) -> str:
        return f"reserve a card from {self._row()}"


REFUSALS.add("`reserve a card from ...`", "`at the end of the game:`", "a card reserved at the end of the game "
             "could never be taken: no card is taken after it", "move it to 'when bought:' (or 'when unlocked:')",
             on=ReserveCard, refuses=lambda e, w: w.moment is Moment.GAME_END)
REFUSALS.add("`reserve a card from the other row`", "with a named row (a model built in Python)",
             "the other row is the row where the messenger is not when the effect resolves: it names no deck",
             "write 'reserve a card from the other row' or 'reserve a card from the castle row', not both",
             on=ReserveCard, refuses=lambda e, w: e.other and e.deck is not None)


@attrs.frozen
class DiscardFromRow:
    """Discard a card of the owner's choice from a row; gain its printed cost."""

    deck: Deck
    reward: Resource
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """Nothing: every row and reward makes sense (an exhausted row just does nothing)."""
        return ()

    def describe(self) -> str:
        """The effect as a sentence, naming the row and what its printed cost is paid in."""
        reward = "gold" if self.reward is Resource.GOLD else "keys"
        return english.sentence(
            f"Discard a card of your choice from the {self.deck.value} row "
            f"and gain {reward} equal to its printed cost"
        )

    def ccl(self) -> str:
        reward = "gold" if self.reward is Resource.GOLD else "keys"
        return f"discard a card from the {self.deck.value} row for its cost in {reward}"


@attrs.frozen
class StoreGold:
    """Put ``amount`` gold from the supply on each of the owner's face-up purse cards (passing ``on``), up to capacity.

    Purse cards are visited in reading order (top row first, left to
    right); each is filled to ``amount`` more or to its capacity.
    """

    amount: int
    on: CardFilter | None = None
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """An amount out of range (more than the largest purse is a typo)."""
        what = ("the gold put on this card in the row at the end of each turn" if where.moment is Moment.IN_ROW
                else "the gold put on each purse")
        found = out_of_range(self.amount, 1, MAX_PURSE, what, self.source)
        return found + filter_problems(self.on, where)

    def _targets(self, *, ccl: bool) -> str:
        if self.on is None:
            return "each purse" if ccl else "each of your purse cards"
        if self.on == Near(Relation.THIS):
            return "this card"
        phrase = card_phrase(all_of((HasPart(Part.PURSE), self.on)), 1, ccl=ccl)
        return f"each {phrase}" if ccl else f"each of your {card_phrase(all_of((HasPart(Part.PURSE), self.on)), 2)}"

    def describe(self) -> str:
        """The effect as a sentence, with the capacity limit the rulings insist on."""
        return english.sentence(
            f"Put {self.amount} gold from the supply on {self._targets(ccl=False)} (never past its capacity)"
        )

    def ccl(self) -> str:
        return f"put {self.amount} gold on {self._targets(ccl=True)}"


@attrs.frozen
class StoreKeys:
    """Lock ``amount`` of the owner's keys on this card: ``put 2 keys on this card``.

    The keys move from the owner's spendable keys (a key waiting on a lock
    card is not spendable, so it stays there); with fewer, all of them are
    put. Locked keys are no longer the owner's: they are not spent, lost,
    taken, counted as keys owned, compared or counted for ties; they stay on
    the card to the end of the game (``key on this card``, ``key on your
    cards``, ``card holding a key``).
    """

    amount: int
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """An amount out of range."""
        return out_of_range(self.amount, 1, 9, "the keys put on this card", self.source)

    def describe(self) -> str:
        """The effect as a sentence: "Lock 2 of your keys on this card (as many as you have; they are no longer
        yours)"."""
        what = "1 of your keys" if self.amount == 1 else f"{self.amount} of your keys"
        return english.sentence(f"Lock {what} on this card (all you have if fewer; they are no longer yours)")

    def ccl(self) -> str:
        return f"put {self.amount} key{'' if self.amount == 1 else 's'} on this card"


@attrs.frozen
class FillPurses:
    """Fill up to ``purses`` face-up purse cards to capacity from the supply."""

    purses: int
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """A number of purses out of range: a tableau holds at most 9 cards."""
        return out_of_range(self.purses, 1, 9, "the number of purses to fill", self.source)

    def describe(self) -> str:
        """The effect as a sentence: "Fill up to 2 of your purse cards to capacity ..."."""
        return english.sentence(
            f"Fill up to {self.purses} of your purse cards to capacity with gold from the supply"
        )

    def ccl(self) -> str:
        return f"fill {self.purses} purse{'' if self.purses == 1 else 's'}"


@attrs.frozen
class MoveGold:
    """Move up to ``amount`` gold stored on a purse card of another player onto one of the owner's purse cards
    (Dominion's Thief): ``move up to 2 gold from a neighbour's purse card to one of your purse cards``.

    ``group`` is whose card the gold leaves: one player of the group of the owner's choice
    (``a neighbour's``, ``an opponent's``; ``your left neighbour's`` is one player already), or with
    ``each`` every player of the group in turn from the owner's left (``each opponent's``), one move each;
    ``None`` moves gold between two of the owner's own purse cards (``between your purse cards``). Only
    face-up purse cards count: one card of theirs holding gold and one of the owner's with room (for
    ``None``, two different cards of the owner's). The owner picks the pair of cards (and so the player);
    the gold moved is the smallest of ``amount``, the gold on their card and the room on the owner's. With
    no pair nothing happens, with one it happens without a question. The gold goes from card to card,
    never through a supply, and scores for the card it then lies on.
    """

    amount: int
    group: PlayerGroup | None = None
    each: bool = False
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """An amount out of range (more than the largest purse is a typo); combinations that mean nothing."""
        return out_of_range(self.amount, 1, MAX_PURSE, "the gold moved", self.source) + REFUSALS.of(self, where)

    def _whose(self) -> str:
        group = self.group
        assert group is not None
        if group in (PlayerGroup.LEFT, PlayerGroup.RIGHT):
            return f"your {group.value}'s"
        if self.each:
            return f"each {group.value}'s"
        article = "an" if group.value[0] in "aeiou" else "a"
        return f"{article} {group.value}'s"

    def describe(self) -> str:
        """The effect as a sentence, with the rulings a player needs at the table."""
        most = f"the smallest of {self.amount}, the gold on their card and the room on yours"
        if self.group is None:
            most = f"the smallest of {self.amount}, the gold on the first card and the room on the other"
            return english.sentence(
                f"Move up to {self.amount} gold from one of your face-up purse cards onto another of them (your "
                f"choice of both; {most}, never past its capacity; nothing if none holds gold or none other has room)")
        if self.group in (PlayerGroup.LEFT, PlayerGroup.RIGHT):
            whose, pick = f"your {self.group.value}'s face-up purse cards", "your choice of both cards"
        elif self.each:
            whose, pick = f"the face-up purse cards of each {self.group.value} in turn from your left", (
                "one move for each of them; your choice of both cards each time")
        else:
            whose, pick = f"the face-up purse cards of {chosen_words(self.group)}", (
                "your choice of the player and of both cards")
        return english.sentence(
            f"Move up to {self.amount} gold stored on one of {whose} onto one of your face-up purse cards ({pick}; "
            f"{most}, never past its capacity; nothing if no card of theirs holds gold or none of yours has room; "
            "the gold never goes to a supply)")

    def ccl(self) -> str:
        if self.group is None:
            return f"move up to {self.amount} gold between your purse cards"
        return f"move up to {self.amount} gold from {self._whose()} purse card to one of your purse cards"


@attrs.frozen
class StoreOwnGold:
    """Move up to ``amount`` of the owner's spendable gold onto their face-up purse cards, split as they choose:
    ``store up to 4 of your gold on your purse cards`` (the Sexton).

    One gold at a time, the owner names the purse card with room that takes it, or stops (fewer than ``amount``,
    none too). Never past a capacity; purse cards taken face down hold nothing; with no gold, or no face-up purse
    card with room, nothing happens. Once stored the gold is not spendable: it stays on the card to the end of the
    game like any stored gold.
    """

    amount: int
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """An amount out of range (more than the largest purse is a typo); places that mean nothing."""
        return out_of_range(self.amount, 1, MAX_PURSE, "the gold stored", self.source) + REFUSALS.of(self, where)

    def describe(self) -> str:
        """The effect as a sentence, with the split and the capacity limit."""
        return english.sentence(
            f"Move up to {self.amount} of your gold onto your face-up purse cards, split as you choose "
            f"(never past a card's capacity; you may move fewer; stored gold is no longer spendable)"
        )

    def ccl(self) -> str:
        return f"store up to {self.amount} of your gold on your purse cards"


REFUSALS.add("`store up to N of your gold on your purse cards`", "`at the end of the game:`", "at the end of the "
             "game each player's leftover gold goes onto their purse cards anyway, before scoring, so storing it "
             "first changes nothing", "store the gold when the card is bought or unlocked ('when bought: store up "
             "to 4 of your gold on your purse cards')", on=StoreOwnGold,
             refuses=lambda e, w: w.moment is Moment.GAME_END)


REFUSALS.add("`move ... gold from ...'s purse card`", "`a player's`, `each player's`", "gold moved from a player's "
             "purse card could leave your own, and gold moved between your own cards is written on its own",
             "write 'from an opponent's purse card' (or 'a neighbour's'), or 'move up to 3 gold between your "
             "purse cards'", on=MoveGold, refuses=lambda e, w: e.group is PlayerGroup.PLAYERS)
REFUSALS.add("`move ... gold from each ...'s purse card`", "one player (`your left neighbour's`), or your own purse "
             "cards", "'each' goes round several players, one move each", "write 'from your left neighbour's "
             "purse card' (or 'each opponent's')", on=MoveGold,
             refuses=lambda e, w: e.each and e.group not in (PlayerGroup.OPPONENTS, PlayerGroup.NEIGHBOURS))


class RowChoice(enum.Enum):
    """Which whole row an effect discards: the owner's choice, a named one, or where the messenger stands."""

    CHOICE = "choice"
    CASTLE = "castle"
    VILLAGE = "village"
    MESSENGER = "messenger"
    OTHER = "other"


_ROW_CCL = {RowChoice.CHOICE: "a row", RowChoice.CASTLE: "the castle row", RowChoice.VILLAGE: "the village row",
            RowChoice.MESSENGER: "the messenger's row", RowChoice.OTHER: "the other row"}


@attrs.frozen
class DiscardWholeRow:
    """Discard every card of a row (the owner's choice of castle or village, or a named one); refill it at once.

    With the owner's choice an empty row cannot be chosen; with one row
    holding cards there is no choice, with none nothing happens. ``OTHER``
    is the row where the messenger is not. The discarded cards can be
    counted by later effects of the same ability (``per ... on the
    discarded cards``).
    """

    which: RowChoice = RowChoice.CHOICE
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """Nothing: either row may be discarded (an empty one just cannot be chosen)."""
        return ()

    def describe(self) -> str:
        """The effect as a sentence."""
        if self.which is RowChoice.CHOICE:
            return english.sentence("Discard a whole row of your choice (castle or village); it is refilled at once")
        return english.sentence(f"Discard {_ROW_CCL[self.which]}; it is refilled at once")

    def ccl(self) -> str:
        return f"discard {_ROW_CCL[self.which]}"

    @property
    def asks(self) -> bool:
        """Whether the owner may have to choose the row."""
        return self.which is RowChoice.CHOICE


#: The most cards one effect may discard from the top of a deck (more is a typo: a deck holds 39 to 45 cards).
MAX_DECK_TOP = 5


@attrs.frozen
class DiscardDeckTop:
    """Discard the top ``count`` cards of a location's deck, face up onto its discard pile, one at a time.

    Everyone sees the cards once discarded; the deck's order stays secret
    before. The cards are counted by later effects of the same ability
    (``per ... on the discarded cards``, ``if a messenger card on the
    discarded cards``). As for revealing a card, a deck that runs out is
    replaced by its discard pile shuffled, except the cards this effect has
    just discarded, which stay face up on the pile; with no card left
    there, fewer cards are discarded. An exhausted location has no deck:
    nothing happens. The row is not touched.
    """

    deck: Deck
    count: int = 1
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """A number of cards out of range (0, or more than a few, is a typo)."""
        return out_of_range(self.count, 1, MAX_DECK_TOP, "the number of cards discarded from the top of a deck",
                            self.source)

    def _cards(self) -> str:
        return "the top card" if self.count == 1 else f"the top {self.count} cards"

    def describe(self) -> str:
        """The effect as a sentence: "Discard the top card of the castle deck face up onto its discard pile"."""
        return english.sentence(f"Discard {self._cards()} of the {self.deck.value} deck face up onto its discard pile")

    def ccl(self) -> str:
        return f"discard {self._cards()} of the {self.deck.value} deck"


@attrs.frozen
class LookAtDeckTop:
    """Look at the top ``count`` cards of a location's deck (the owner alone sees them), discard any of them if
    ``discard`` (face up onto the deck's discard pile), and put the rest back on top in the order the owner chooses.

    The owner answers one question per card, from the top down
    (:class:`~castle_combo.engine.decisions.ArrangeDeckTop`): the card put
    back next (under those already put back), or a card discarded. A deck
    with fewer cards is not reshuffled for a look: the owner looks at what
    there is; an empty deck or an exhausted location shows nothing. The
    cards discarded are public and counted by later effects of the same
    ability (``on the discarded cards``); the cards put back are known to
    the owner alone, until they are drawn or the deck is shuffled.
    """

    deck: Deck
    count: int = 1
    discard: bool = False
    #: At most this many of the cards looked at are discarded (``discard up to 2 of them``); ``None``: any number.
    most: int | None = None
    #: Exactly ``most`` are discarded (``discard one of them``), as many as there are if fewer were seen.
    exactly: bool = False
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """A number of cards out of range (0, or more than a few, is a typo); a bound on the discards that binds
        nothing or needs no look (the refusals table)."""
        return out_of_range(self.count, 1, MAX_DECK_TOP, "the number of cards looked at on top of a deck",
                            self.source) + REFUSALS.of(self, where)

    def _cards(self) -> str:
        return "the top card" if self.count == 1 else f"the top {self.count} cards"

    def _rest(self) -> str:
        if self.exactly and self.most == 1:
            other = "put the other back" if self.count == 2 else "put the rest back in any order"
            return f"discard one of them and {other}"
        if self.most is not None:
            return f"discard up to {self.most} of them and put the rest back in any order"
        if self.count == 1:
            return "discard it or put it back" if self.discard else "put it back"
        if self.discard:
            return "discard any of them and put the rest back in any order"
        return "put them back in any order"

    def describe(self) -> str:
        """The effect as a sentence: "Look at the top 3 cards of the castle deck; discard any of them and put the
        rest back in any order"."""
        return english.sentence(f"Look at {self._cards()} of the {self.deck.value} deck; {self._rest()}")

    def ccl(self) -> str:
        joint = ", " if self.discard else " and "
        return f"look at {self._cards()} of the {self.deck.value} deck{joint}{self._rest()}"


REFUSALS.add("`discard one of them` / `discard up to N of them`", "a look that discards nothing",
             "a bound on the cards discarded needs a look that discards", "write ', discard one of them and put the "
             "rest back' (or leave the bound out)", on=LookAtDeckTop, family="look bound",
             refuses=lambda e, w: (e.most is not None or e.exactly) and not e.discard)
REFUSALS.add("`discard one of them`", "a look at one card (`the top card`)", "looking at one card and discarding "
             "exactly it is a plain discard", "write 'discard the top card of the {deck} deck', or 'discard it or "
             "put it back'", on=LookAtDeckTop, family="look bound",
             refuses=lambda e, w: e.exactly and e.count == 1, fill=lambda e, w: {"deck": e.deck.value},
             example={"deck": "castle"})
REFUSALS.add("`discard one of them`", "any number but one", "only 'discard one of them' asks for an exact number "
             "of discards", "write 'discard one of them' or 'discard up to {most} of them'", on=LookAtDeckTop,
             family="look bound", refuses=lambda e, w: e.exactly and e.most != 1,
             fill=lambda e, w: {"most": str(e.most or 2)}, example={"most": "2"})
REFUSALS.add("`discard up to N of them`", "N of 0, or as many as the cards looked at or more",
             "'up to {most}' of {count} cards looked at bounds nothing", "write 'discard any of them' (or a number "
             "from 1 to {less})", on=LookAtDeckTop, family="look bound",
             refuses=lambda e, w: e.most is not None and not e.exactly and not 1 <= e.most < e.count,
             fill=lambda e, w: {"most": str(e.most), "count": str(e.count), "less": str(max(e.count - 1, 1))},
             example={"most": "3", "count": "3", "less": "2"})


class CostIn(enum.Enum):
    """What a card put back from a discard pile is worth to its owner ("for its cost in gold"): its printed cost in
    gold, in keys, or in points kept on this card (as ``gain 3 points`` keeps them)."""

    GOLD = "gold"
    KEYS = "keys"
    POINTS = "points"


@attrs.frozen
class ReturnToDeck:
    """Put a card of a discard pile back on top of its own location's deck (Everdell's Undertaker; a fan's
    Resurrectionist: "choose one card from either discard pile and put it on top of that location's deck").

    ``deck`` names the discard pile (``None``: either pile, the card going to its own location's deck). The
    owner chooses the card among the pile's cards (discard piles are public), unless ``top``: then it is the card
    on top of the pile (the last one discarded), with no choice. ``onto`` is the deck as written (``on top of the
    castle deck``; ``None``: ``on top of its deck``): always the card's own location's deck, a castle card never
    goes into the village deck (the refusals table). With an empty pile (both empty, for either pile) nothing
    happens. The card becomes the deck's top card (the whole deck, if it was empty), known to every player (they
    saw it put there), and it is revealed by the next refill of that row: in step 4 of this turn if the row has a
    gap; a castle card waits on top while the castle row is full, until a card is taken there or the row is
    refreshed with a key.

    ``bottom``: the card goes under the deck's cards instead ("on the bottom of its deck", a fan's Ragpicker):
    every player saw it go there, but a deck is drawn from the top, so it is drawn last (an empty deck becomes
    that one card, known on top). ``reward``: the owner then gains its printed cost in gold, keys or points kept
    on this card ("for its cost in gold", as "discard a card from the castle row for its cost in gold" does;
    printed cost, no discount); with no card to put back, nothing is gained.
    """

    deck: Deck | None = None
    top: bool = False
    onto: Deck | None = None
    bottom: bool = False
    reward: CostIn | None = None
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """A card put on another location's deck, or at the end of the game (the refusals table)."""
        return REFUSALS.of(self, where)

    def _card(self) -> str:
        if self.deck is None:
            return "the top card of either discard pile" if self.top else "a card from either discard pile"
        if self.top:
            return f"the top card of the {self.deck.value} discard pile"
        return f"a card from the {self.deck.value} discard pile"

    def describe(self) -> str:
        """The effect as a sentence, with the rulings a player needs at the table."""
        if self.deck is None:
            which = "the top card" if self.top else "a card of your choice"
            what = (f"Put {which} from the castle discard pile or the village discard pile on top of its own deck (a "
                    "castle card on the castle deck, a village card on the village deck)")
        elif self.top:
            what = (f"Put the top card of the {self.deck.value} discard pile (the last one discarded) on top of the "
                    f"{self.deck.value} deck")
        else:
            what = (f"Put a card of your choice from the {self.deck.value} discard pile on top of the "
                    f"{self.deck.value} deck")
        if self.reward is CostIn.POINTS:
            what += " and gain points equal to its printed cost (added to this card's score)"
        elif self.reward is not None:
            what += f" and gain {self.reward.value} equal to its printed cost"
        if self.bottom:
            return english.sentence(
                what.replace(" on top of ", " at the bottom of ", 1) + ": every player sees it, and it is drawn "
                "after every other card of that deck (an empty deck becomes that card; nothing happens with an empty "
                "pile)"
            )
        return english.sentence(
            f"{what}: every player sees it, and it is revealed by the next refill of that row (nothing happens "
            "with an empty pile)"
        )

    def side(self) -> str:
        """Where on the deck the card goes, as the card language writes it: "on top of", "on the bottom of"."""
        return "on the bottom of" if self.bottom else "on top of"

    def ccl(self) -> str:
        onto = "its deck" if self.onto is None else f"the {self.onto.value} deck"
        reward = "" if self.reward is None else f" for its cost in {self.reward.value}"
        return f"put {self._card()} {self.side()} {onto}{reward}"


REFUSALS.add("`put a card from ... discard pile on top of ...` (`on the bottom of ...`)", "another location's deck "
             "(`from the castle discard pile on top of the village deck`; `from either discard pile on the bottom "
             "of the castle deck`)",
             "a card goes back {side} its own location's deck: a {other} card never goes into the {onto} deck",
             "write '{side} {fix}'", on=ReturnToDeck,
             refuses=lambda e, w: e.onto is not None and e.onto != e.deck,
             fill=lambda e, w: {"fix": "its deck" if e.deck is None else f"the {e.deck.value} deck",
                                "side": e.side(), "onto": e.onto.value if e.onto is not None else "",
                                "other": "castle" if e.onto is Deck.VILLAGE else "village"},
             example={"fix": "the castle deck", "side": "on top of", "onto": "village", "other": "castle"})
REFUSALS.add("`put the top card of ... discard pile ...`", "either discard pile", "the top card is the top card "
             "of one pile, the castle discard pile or the village discard pile", "write 'put the top card of the "
             "castle discard pile on top of the castle deck', or 'put a card from either discard pile on top of its "
             "deck' (a choice)", on=ReturnToDeck, refuses=lambda e, w: e.top and e.deck is None)
REFUSALS.add("`put a card from ... discard pile on top of ...`", "`at the end of the game:`", "a card put on a deck "
             "at the end of the game is never revealed: no row is refilled after it", "move it to 'when bought:' (or "
             "'when unlocked:')", on=ReturnToDeck, refuses=lambda e, w: w.moment is Moment.GAME_END)


@attrs.frozen
class UseAdjacentAbility:
    """Use the ability of one of the owner's face-up cards orthogonally next to this one (owner's choice).

    The candidates are the adjacent face-up cards with an ability other than
    a discount and other than this effect; the chosen card's ability is
    resolved as if it had just been bought face up, without its discount
    and without its messenger.
    """

    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """Nothing: with no candidate the effect simply does nothing."""
        return ()

    def describe(self) -> str:
        """The effect as a sentence."""
        return english.sentence("Use the ability of one of your cards orthogonally adjacent to this one")

    def ccl(self) -> str:
        return "use the ability of an adjacent card"


@attrs.frozen
class UseNeighbourAbility:
    """Use the ability when bought of a face-up card in a neighbour's tableau (owner's choice of either neighbour).

    The candidates are the neighbours' face-up cards with a ``when bought``
    ability worth using (an effect other than a discount and other than
    using another card's ability). The chosen card's ability when bought
    resolves as if the owner had just bought it: its counts read the
    owner's own tableau, "this card" is the card that uses it, and its
    discount and messenger icon are not copied. Inside a copied ability it
    does nothing (a copy of a copy), like :class:`UseAdjacentAbility`.
    With 2 players both neighbours are the one opponent, whose cards are
    the candidates once.
    """

    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """Nothing: with no candidate the effect simply does nothing."""
        return ()

    def describe(self) -> str:
        """The effect as a sentence."""
        return english.sentence("Use the ability of a face-up card in one of your neighbours' tableaux (your "
                                "choice) as if you had just bought it")

    def ccl(self) -> str:
        return "use the ability of a face-up card in a neighbour's tableau"


@attrs.frozen
class MoveMessenger:
    """Move the messenger to the other location, or to ``to``; nothing happens if that location is exhausted."""

    to: Deck | None = None
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        return ()

    def describe(self) -> str:
        where = "the other location" if self.to is None else f"the {self.to.value}"
        return english.sentence(f"Move the messenger to {where} (unless that location is exhausted)")

    def ccl(self) -> str:
        return "move the messenger" + ("" if self.to is None else f" to the {self.to.value}")


@attrs.frozen
class TurnFaceUp:
    """Turn the owner's face-down cards passing ``on`` face up: one of the owner's choice, or ``every`` one.

    A card turned face up shows its shields, banner, purse and scoring from
    then on; it keeps its place, and the gold and keys taken for placing it
    face down stay with its owner. With ``ability`` its ability when bought
    resolves as if it had just been bought face up (its discount included,
    its messenger icon ignored).

    With ``paying`` (``..., paying its cost``, a Restorer) the owner pays for
    the card turned face up: its printed cost less their discounts (on its
    deck, and those on filtered cards it passes), never below 0, paid before
    it turns; only the cards they can pay for are offered. Surcharges and
    one-time discounts, which are about takes, play no part. One card only.
    """

    on: CardFilter | None = None
    every: bool = False
    ability: bool = False
    paying: bool = attrs.field(default=False, kw_only=True)
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        found = filter_problems(self.on, where) + REFUSALS.of(self, where)
        on = () if self.on is None else self.on.filters if isinstance(self.on, AllOf) else (self.on,)
        never = face_down_never((FaceDown(), *on))  # the cards turned are face-down cards
        if never:
            source = next((f.source for f in never if f.source is not None), self.source)
            found += (REFUSALS.problem("face-down", source, what=face_down_words(never)),)
        return found

    def _cards(self, *, ccl: bool) -> str:
        phrase = card_phrase(all_of((FaceDown(), self.on)), 2 if self.every else 1, ccl=ccl)
        return ("every " + card_phrase(all_of((FaceDown(), self.on)), 1, ccl=ccl)) if self.every else \
            f"{'an' if phrase.startswith(('a', 'e', 'i', 'o', 'u')) else 'a'} {phrase}"

    def describe(self) -> str:
        said = words(self.on, ccl=False) if self.on is not None else None
        if said is None:
            narrowed = ""
        elif said.adjectives or (isinstance(self.on, AnyOf) and kinds_of_card(self.on)):
            narrowed = f" that is a {card_phrase(self.on)}"
        else:
            narrowed = " " + english.join_and(said.suffixes)
        if self.every:
            text = f"Turn every face-down card of yours{narrowed} face up"
        else:
            text = f"Turn one of your face-down cards{narrowed} face up (your choice)"
        if self.ability:
            text += ", and resolve its ability as if it had just been bought"
        if self.paying:
            text += ("; you pay its cost for it (printed cost less your discounts, never below 0; only a card you "
                     "can pay for)")
        return english.sentence(text)

    def ccl(self) -> str:
        return (f"turn {self._cards(ccl=True)} face up" + (" and use its ability" if self.ability else "")
                + (", paying its cost" if self.paying else ""))

    @property
    def asks(self) -> bool:
        """Whether the owner may have to choose the card, or the abilities it resolves may ask something."""
        return not self.every or self.ability


REFUSALS.add("`, paying its cost`", "`turn every ... face up`", "the price is the cost of the one card chosen",
             "turn one card: 'turn a face-down card face up and use its ability, paying its cost'",
             on=TurnFaceUp, refuses=lambda e, w: e.paying and e.every)


@attrs.frozen
class Swap:
    """Swap the places of two of the owner's cards: two of the owner's choice, or (``this``) this card and one
    orthogonally adjacent to it. Only cards passing ``on`` may be swapped (with ``this``, the other card).

    Each card moves as it lies: face up or face down, with the gold stored on
    it and a key waiting on it; no ability happens again. Only occupied
    spaces are swapped, so the set of occupied spaces (and where the next card
    may go) never changes. The owner picks the first card, then the card it
    swaps with (``this``: only the second); a card is never swapped with
    itself, and with one possible pair the swap happens without a question,
    with none nothing happens. "This card" stays the card that moved.
    """

    on: CardFilter | None = None
    this: bool = False
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        return filter_problems(self.on, where) + REFUSALS.of(self, where)

    def describe(self) -> str:
        """The effect as a sentence: "Swap the places of two of your cards (your choice; ...)."."""
        cards = card_phrase(self.on, 2, banner=False)
        which = f"this card and one of your {cards} adjacent to it" if self.this else f"two of your {cards}"
        return english.sentence(f"Swap the places of {which} (your choice; each moves as it lies, face up or down, "
                                "with its gold and key; no ability happens again)")

    def ccl(self) -> str:
        if self.this:
            return f"swap this card with an adjacent {card_phrase(self.on, 1, ccl=True, banner=False)}"
        return f"swap two {card_phrase(self.on, 2, ccl=True, banner=False)} of your tableau"


@attrs.frozen
class MayDo:
    """An optional effect, maybe with a cost: ``you may pay 2 gold to gain 3 keys``.

    The owner is asked (answered ``Choose(1)`` yes, ``Choose(2)`` no) only
    when the cost can be paid in full; then, if they accept, the cost is paid
    and ``effects`` resolve in order. A cost is a :class:`Lose` ("pay").

    With ``repeat`` (``... any number of times``, or ``... up to N times``
    with ``up_to``) the owner instead picks how many times, from 0 to the
    most they can pay for in full (and ``up_to``), in one decision
    (answered ``Times(n)``); the cost is paid that many times at once and
    ``effects`` resolve that many times in a row.

    With ``guard`` (``you may pay 1 key to discard the castle row if ...``,
    ``you may { ... } if ...``) the condition is judged before anything is
    asked: when it does not hold, the owner is not asked and nothing
    happens; when it holds, the question is asked and the effects resolve
    without judging it again (paying the cost cannot undo it). A condition
    inside braces (``you may pay 1 key to { gain 2 gold if ... }``) is one
    effect's condition instead, judged after the payment.
    """

    cost: tuple[Lose, ...]
    effects: tuple[Effect, ...]
    repeat: bool = attrs.field(default=False, kw_only=True)
    up_to: int | None = _bounds_field()
    guard: Condition | None = attrs.field(default=None, kw_only=True)
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        found: tuple[Problem, ...] = ()
        if not self.effects:
            found += (Problem("'you may' needs something to do", "write 'you may pay 1 gold to gain 2 keys'",
                              self.source),)
        for cost in self.cost:
            if _fixed(cost):
                found += cost.problems(where)
        if self.up_to is not None:
            if not self.repeat:
                found += (Problem("'up to N times' belongs to a repeated 'you may'",
                                  "write 'you may pay 1 key to gain 2 gold up to 3 times'", self.source),)
            else:
                found += out_of_range(self.up_to, 2, MAX_AMOUNT, "the number of times 'up to N times'",
                                      self.source)
        found += REFUSALS.of(self, where)
        if self.guard is not None:
            found += self.guard.problems(scoring=False, where=where)
        for effect in self.effects:
            found += _nested_problems(effect, where, self.source)
        return found

    def _times(self, *, ccl: bool) -> str:
        if not self.repeat:
            return ""
        if self.up_to is not None:
            return f" up to {self.up_to} times" if ccl else f", up to {self.up_to} times"
        return " any number of times" if ccl else ", any number of times"

    def describe(self) -> str:
        """The effect as a sentence; a guard comes first, as it is judged first: "If the castle row has at
        least 1 card, you may pay 1 key to discard the castle row; it is refilled at once."."""
        doing = ", then ".join(english.clause(e.describe()) for e in self.effects)
        times = self._times(ccl=False)
        offer = f"you may {doing}{times}"
        if self.cost:
            paid = english.join_and(c.resource.describe(c.amount) for c in self.cost if isinstance(c, Lose))
            offer = f"you may pay {paid} to {doing}{times}"
        if self.guard is not None:
            return english.sentence(f"if {self.guard.describe()}, {offer}")
        return english.sentence(offer)

    def ccl(self) -> str:
        doing = " then ".join(format_effect(e) for e in self.effects)
        if len(self.effects) > 1 or isinstance(self.effects[0], Conditional):
            doing = f"{{ {doing} }}"
        guard = f" if {self.guard.ccl()}" if self.guard is not None else ""
        times = self._times(ccl=True)
        if not self.cost:
            return f"you may {doing}{guard}{times}"
        paid = " and ".join(c.resource.ccl(c.amount) for c in self.cost if isinstance(c, Lose))
        return f"you may pay {paid} to {doing}{guard}{times}"

    @property
    def most(self) -> int:
        """The most times the effects may be done, whatever the owner can pay: 1, the cap, or 99 (any number)."""
        if not self.repeat:
            return 1
        return self.up_to if self.up_to is not None else MAX_AMOUNT


@attrs.frozen
class Choice:
    """Choose one option; each option is a sequence of effects resolved in order."""

    options: tuple[tuple[Effect, ...], ...]
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """Fewer than two options, an empty option, a choice inside a choice, or a bad effect.

        A nested choice is refused because the game asks a player for one
        ``choose`` action per ability, never for a choice within a choice.
        """
        found: tuple[Problem, ...] = ()
        if len(self.options) < 2:
            found += (Problem(f"a choice needs at least 2 options, this one has {len(self.options)}",
                              "add another option with 'or { ... }', or drop 'choose one:'", self.source),)
        for number, option in enumerate(self.options, start=1):
            if not option:
                found += (Problem(f"option {number} of the choice has no effect",
                                  "write at least one effect between the braces", self.source),)
            for effect in option:
                if not isinstance(effect, Choice):
                    found += _nested_problems(effect, where, self.source)
        return found + REFUSALS.of(self, where)

    def describe(self) -> str:
        """The effect as a sentence: "Choose one: (gain 3 keys) or (gain 2 gold)."."""
        options = (
            ", then ".join(english.clause(effect.describe()) for effect in option)
            for option in self.options
        )
        return english.sentence("Choose one: " + english.join_or(f"({text})" for text in options))

    def ccl(self) -> str:
        options = (" then ".join(format_effect(e) for e in option) for option in self.options)
        return "choose one: " + " or ".join(f"{{ {text} }}" if text else "{ }" for text in options)


@attrs.frozen
class Conditional:
    """One effect that happens only if a condition holds when it resolves: ``gain 4 gold if ...``.

    The condition is checked in the owner's tableau as it is at that moment
    (the card just bought included), like any count of an ability. A
    condition on the card's place in the final grid cannot be checked then,
    so it is refused.
    """

    effect: Effect
    condition: Condition
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """A bad inner effect, a choice made conditional, or a condition that cannot be checked in an ability."""
        found = REFUSALS.of(self, where)
        if not isinstance(self.effect, (Choice, Conditional)):
            found += _nested_problems(self.effect, where, self.source)
        return found + self.condition.problems(scoring=False, where=where)

    def describe(self) -> str:
        """The effect as a sentence: "Gain 4 gold if your tableau has at least 3 military shields.".

        An effect whose English has two parts ("discard the castle row; it is refilled at once") takes the
        condition after its first part, so it cannot read as the condition of the second part only:
        "Discard the castle row if ...; it is refilled at once.".
        """
        doing = english.clause(self.effect.describe())
        head, tail = _first_part(doing)
        return english.sentence(f"{head} if {self.condition.describe()}{tail}")

    def ccl(self) -> str:
        return f"{format_effect(self.effect)} if {self.condition.ccl()}"


def _first_part(text: str) -> tuple[str, str]:
    """``text`` cut before its first "; " outside brackets (the rest keeps it), or all of it and ""."""
    depth = 0
    for at, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and text.startswith("; ", at):
            return text[:at], text[at:]
    return text, ""


@attrs.frozen
class EndOfThisTurn:
    """Effects that wait for the end of this turn: ``at the end of this turn: you may move the messenger``.

    Written in an ability resolved during a turn (when bought, when
    unlocked), the effects are set aside and resolve once, as the last step
    of that turn: after the card's ability, its messenger icon, the refill of
    the rows and any lock opened at the end of the turn (the rows are refilled
    again after them). Unlike the trigger ``at the end of your turn:`` they
    happen once, inside the turn, so they may ask their owner a question;
    they resolve before the owner's end-of-turn triggers. ``this card`` is the
    card whose ability set them aside.
    """

    effects: tuple[Effect, ...]
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        found: tuple[Problem, ...] = ()
        if not self.effects:
            found += (Problem("'at the end of this turn:' needs something to do",
                              "write 'at the end of this turn: gain 1 gold'", self.source),)
        found += REFUSALS.of(self, where)
        for effect in self.effects:
            found += _nested_problems(effect, where, self.source)
        return found

    def describe(self) -> str:
        doing = ", then ".join(english.clause(e.describe()) for e in self.effects)
        return english.sentence(f"At the end of this turn, once the rows are refilled: {doing}")

    def ccl(self) -> str:
        doing = " then ".join(format_effect(e) for e in self.effects)
        if len(self.effects) > 1:
            doing = f"{{ {doing} }}"
        return f"at the end of this turn: {doing}"


def _waiting_in(effects: tuple[Effect, ...]) -> EndOfThisTurn | None:
    """The first effect of ``effects`` (or inside a choice, an optional or conditional effect) that waits."""
    for effect in effects:
        match effect:
            case EndOfThisTurn():
                return effect
            case Choice(options=options):
                found = next((w for option in options if (w := _waiting_in(option)) is not None), None)
            case MayDo(effects=inner) | Repeat(effects=inner):
                found = _waiting_in(inner)
            case Conditional(effect=inner):
                found = _waiting_in((inner,))
            case _:
                found = None
        if found is not None:
            return found
    return None


def _waits_twice(effect: EndOfThisTurn) -> EndOfThisTurn | None:
    return _waiting_in(effect.effects)


REFUSALS.add("`at the end of this turn:`", "a trigger (`at the start of your turn:`, ...)",
             "a trigger happens between turns, so there is no 'this turn' whose end it could wait for",
             "move it to 'when bought:' or 'when unlocked:', or write the effect in 'at the end of your turn:'",
             on=EndOfThisTurn, refuses=lambda e, w: w.moment is not None and w.moment.is_trigger)
REFUSALS.add("`at the end of this turn:`", "the effects of `at the end of this turn:`",
             "effects already waiting for the end of this turn cannot wait for it again",
             "write the effects once after one 'at the end of this turn:'", on=EndOfThisTurn,
             refuses=lambda e, w: _waits_twice(e) is not None,
             at=lambda e: getattr(_waits_twice(e), "source", None) or e.source)


#: The most passes of a repetition (``repeat up to N times``): N from 2 to this.
MAX_REPEAT = 5


@attrs.frozen
class Repeat:
    """Effects done again and again, a bounded number of times, with a way to end early: ``repeat up to 3 times,
    you may stop after each: { discard the top card of the village deck } until 2 military cards on the discarded
    cards``.

    At most ``times`` passes (2 to :data:`MAX_REPEAT`); each pass resolves ``effects`` in order. Before every
    pass, the first included, ``until`` (if any) is judged: when it holds, the repetition ends (so it may do
    nothing at all). With ``may_stop``, before every pass after the first the owner is asked whether to go on
    (the yes/no question of ``you may``: ``Choose(1)`` go on, ``Choose(2)`` stop); it is not asked once
    ``until`` holds. So it always ends: after ``times`` passes at most, and asks at most ``times - 1``
    questions. Counts "on the discarded cards" in ``until`` and after the repetition read every card the
    ability discarded so far (each pass adds its own).

    Refused (see the table): no way to end early (neither ``you may stop after each`` nor ``until``); an effect
    that asks a question, a repetition, or effects set aside until the end of the turn inside its effects.
    """

    times: int
    effects: tuple[Effect, ...]
    may_stop: bool = attrs.field(default=False, kw_only=True)
    until: Condition | None = attrs.field(default=None, kw_only=True)
    source: Source | None = source_field()

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        found: tuple[Problem, ...] = ()
        if not self.effects:
            found += (Problem("'repeat' needs something to do",
                              "write 'repeat up to 3 times, you may stop after each: { gain 1 gold }'",
                              self.source),)
        found += out_of_range(self.times, 2, MAX_REPEAT, "the number of times of 'repeat up to N times'",
                              self.source)
        found += REFUSALS.of(self, where)
        if self.until is not None:
            found += self.until.problems(scoring=False, where=where)
        for effect in self.effects:
            found += _nested_problems(effect, where, self.source)
        return found

    def describe(self) -> str:
        """"Up to 3 times, until the discarded cards have ... (checked before each time), and you may stop after
        each: discard ...". """
        doing = ", then ".join(english.clause(e.describe()) for e in self.effects)
        text = f"up to {self.times} times"
        if self.until is not None:
            text += f", until {self.until.describe()} (checked before each time)"
        if self.may_stop:
            text += ", and you may stop after each"
        return english.sentence(f"{text}: {doing}")

    def ccl(self) -> str:
        doing = " then ".join(format_effect(e) for e in self.effects)
        stop = ", you may stop after each" if self.may_stop else ""
        until = f" until {self.until.ccl()}" if self.until is not None else ""
        return f"repeat up to {self.times} times{stop}: {{ {doing} }}{until}"


def _repeated_problem(effect: Repeat) -> Effect | None:
    """The first effect inside the repetition that it cannot repeat: one that asks, a repetition, a wait."""
    for node in walk_effects(effect.effects):
        if isinstance(node, (Repeat, EndOfThisTurn)) or asks(node):
            return node
    return None


def walk_effects(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """``effects`` and every effect inside them (options, optional, conditional, repeated and waiting effects)."""
    found: list[Effect] = []
    for effect in effects:
        found.append(effect)
        match effect:
            case Choice(options=options) | PlayersChoose(options=options):
                for option in options:
                    found += walk_effects(option)
            case MayDo(effects=inner) | EndOfThisTurn(effects=inner) | Repeat(effects=inner):
                found += walk_effects(inner)
            case Conditional(effect=inner):
                found += walk_effects((inner,))
    return tuple(found)


REFUSALS.add("`repeat up to N times`", "no `you may stop after each` and no `until ...`",
             "nothing could end the repetition early, so 'up to' would always mean all {times} times",
             "add ', you may stop after each' or 'until CONDITION', or write the effects {times} times",
             on=Repeat, refuses=lambda e, w: not e.may_stop and e.until is None,
             fill=lambda e, w: {"times": str(e.times)}, example={"times": "3"})
REFUSALS.add("an effect that asks a question, `repeat`, `at the end of this turn:`", "the effects of `repeat up "
             "to N times`", "a repetition asks only whether to go on: a question, a repetition or effects set aside "
             "inside it would be asked or set aside again on every pass",
             "repeat effects that need no decision (gain, discard the top card of a deck, ...); for a repeated "
             "optional effect write 'you may ... up to 3 times'", on=Repeat,
             refuses=lambda e, w: _repeated_problem(e) is not None,
             at=lambda e: getattr(_repeated_problem(e), "source", None) or e.source)


def _fixed(cost: Effect) -> bool:
    return isinstance(cost, Lose) and cost.per is None


def _nested_choice(choice: Choice) -> Choice | None:
    return next((e for option in choice.options for e in option if isinstance(e, Choice)), None)


@attrs.frozen
class PlayersChoose:
    """A choice owed by other players: ``each opponent chooses one: { take 1 gold from that player } or
    { take 1 key from that player }``.

    Each player of the group (who meets the condition, judged when their
    turn to answer comes) picks one option, in turn order from the owner's
    left; inside the options "that player" is the one choosing, and the
    effects are written as the owner's, like any effect of the card. Only the
    options that player can pay for in full are offered: every amount taken
    from them or lost by them must be in their supply. With two or more
    offered they are asked; with one, it happens and nothing is asked; with
    none, nothing happens for them. The options hold only automatic effects
    on resources (gains, losses, takes and gifts), so a player's answer never
    leads to another question.
    """

    group: PlayerGroup | ThatPlayer
    options: tuple[tuple[Effect, ...], ...]
    condition: Condition | None = None
    chosen: bool = attrs.field(default=False, kw_only=True)
    source: Source | None = source_field()

    def _who(self, *, ccl: bool) -> str:
        words = chosen_words(self.group) if self.chosen else self.group.each
        if self.condition is not None:
            words += " " + (with_phrase(self.condition, Scope.THEIRS) if ccl else self.condition.describe("who"))
        return words

    def problems(self, where: Where = BOUGHT) -> tuple[Problem, ...]:
        """Fewer than two options, an empty option, an option effect that is not automatic, or a bad effect."""
        found: tuple[Problem, ...] = ()
        if len(self.options) < 2:
            found += (Problem(f"a choice needs at least 2 options, this one has {len(self.options)}",
                              "add another option with 'or { ... }'", self.source),)
        inner = attrs.evolve(where, taker=True)
        for number, option in enumerate(self.options, start=1):
            if not option:
                found += (Problem(f"option {number} of the choice has no effect",
                                  "write at least one effect between the braces", self.source),)
            for effect in option:
                if isinstance(effect, _OWED_OPTION_EFFECTS):
                    found += effect.problems(inner)
        if self.condition is not None:
            found += self.condition.problems(scoring=where.scoring, where=attrs.evolve(where, them=True))
        return found + REFUSALS.of(self, where)

    def describe(self) -> str:
        """"Each opponent chooses one, in turn from your left, among the options they can pay for: (...) or (...)"."""
        options = (
            ", then ".join(english.clause(effect.describe()) for effect in option)
            for option in self.options
        )
        who = self._who(ccl=False)
        order = "" if self.group in _ONE_PLAYER else ", in turn from your left,"
        return english.sentence(f"{who[:1].upper() + who[1:]} chooses one{order} among the options they can pay "
                                f"for (\"that player\" is the one choosing): "
                                + english.join_or(f"({text})" for text in options))

    def ccl(self) -> str:
        options = (" then ".join(format_effect(e) for e in option) for option in self.options)
        return f"{self._who(ccl=True)} chooses one: " + " or ".join(f"{{ {text} }}" if text else "{ }"
                                                                   for text in options)


#: The effects an option of :class:`PlayersChoose` may hold: automatic moves of resources.
_OWED_OPTION_EFFECTS = (Gain, Lose, EachPlayer)


def _not_automatic(choice: PlayersChoose) -> Effect | None:
    return next((e for option in choice.options for e in option
                 if not isinstance(e, _OWED_OPTION_EFFECTS) or (isinstance(e, EachPlayer) and e.chosen)), None)


REFUSALS.add("any effect but a gain, a loss, a take or a gift", "an option of `each opponent chooses one`",
             "another player's answer resolves at once and never leads to a question of its own, so its options "
             "only move gold and keys", "write gains, losses, takes and gifts, such as '{{ take 1 gold from that "
             "player }}'", on=PlayersChoose, refuses=lambda e, w: _not_automatic(e) is not None,
             at=lambda e: getattr(_not_automatic(e), "source", None) or e.source)
REFUSALS.add("`... chooses one`", "`each player`, or `an opponent of your choice`",
             "the players who choose are other players, each of them answering for themselves",
             "write 'each opponent chooses one:', 'each neighbour chooses one:' or 'your left neighbour chooses "
             "one:'", on=PlayersChoose, refuses=lambda e, w: e.group is PlayerGroup.PLAYERS or e.chosen)
REFUSALS.add(*_THAT_PLAYER,
             key="that player chooses", on=PlayersChoose,
             refuses=lambda e, w: e.group is ThatPlayer.TAKER and not w.taker)


REFUSALS.add("a cost (`you may pay ... to`)", "an amount per count (`pay 1 gold per faith shield`)",
             "a cost is a fixed amount of gold or keys paid", "write 'you may pay 2 gold to ...'", on=MayDo,
             refuses=lambda e, w: not all(_fixed(cost) for cost in e.cost))
REFUSALS.add("`any number of times`", "a `you may` with no cost", "nothing would limit how many times it is done",
             "add a cost ('you may pay 1 key to ... any number of times') or a cap ('up to 3 times')", on=MayDo,
             refuses=lambda e, w: e.repeat and e.up_to is None and not e.cost)
REFUSALS.add("`choose one`", "an option of a choice", "a choice inside a choice cannot be played",
             "merge the options into one 'choose one:'", on=Choice,
             refuses=lambda e, w: _nested_choice(e) is not None,
             at=lambda e: getattr(_nested_choice(e), "source", None) or e.source)
REFUSALS.add("`choose one`, `... if ...`", "`... if CONDITION` (a conditional effect)",
             "only a single effect can be made conditional",
             "write the condition after one effect, such as 'gain 4 gold if ...'", on=Conditional,
             refuses=lambda e, w: isinstance(e.effect, (Choice, Conditional)))


#: An effect of an ability. Taking and giving name the players they are between, so they are effects only inside
#: :class:`EachPlayer` (see :data:`PlayerEffect`).
Effect = Union[
    Gain, Lose, EachPlayer, Discount, DiscardFromRow, StoreGold, FillPurses, DiscardWholeRow, UseAdjacentAbility,
    UseNeighbourAbility, MoveMessenger, TurnFaceUp, MayDo, Choice, Conditional, NextDiscount, EndOfThisTurn, Swap,
    GainPoints, NextFromEitherRow, PlayersChoose, StoreKeys, DiscardDeckTop, LookAtDeckTop, ReserveCard, MoveGold,
    NextResolvesTwice, StoreOwnGold,
    ReturnToDeck, Repeat,
]
#: What happens to each player an :class:`EachPlayer` is about: they gain or lose, or the owner takes or gives.
PlayerEffect = Union[Gain, Lose, Take, Give]


def keeps_points(node: object) -> bool:
    """Whether ``node`` (a part :func:`walk` gives) keeps points on its card: ``gain 3 points``, or a card put back
    ``for its cost in points``."""
    return isinstance(node, GainPoints) or (isinstance(node, ReturnToDeck) and node.reward is CostIn.POINTS)


def format_effect(effect: Effect) -> str:
    """One effect in the card language, on one line: "gain 1 gold per faith shield in a neighbour's tableau"."""
    return effect.ccl()


def _nested_problems(effect: Effect, where: Where, source: Source | None) -> tuple[Problem, ...]:
    """The problems of an effect written inside another (an option, a conditional, an optional effect)."""
    return effect.problems(where)


def asks(effect: Effect) -> bool:
    """Whether ``effect`` may ask its owner a question (so it cannot happen between turns)."""
    if isinstance(effect, (Choice, DiscardFromRow, UseAdjacentAbility, UseNeighbourAbility, MayDo, Swap,
                           PlayersChoose, LookAtDeckTop, ReserveCard, MoveGold, StoreOwnGold)):
        return True
    if isinstance(effect, ReturnToDeck):
        return not effect.top
    if isinstance(effect, (DiscardWholeRow, TurnFaceUp)):
        return effect.asks
    if isinstance(effect, EachPlayer):
        return effect.chosen
    if isinstance(effect, Conditional):
        return asks(effect.effect)
    if isinstance(effect, Repeat):
        return effect.may_stop
    return False


_WHEN = {Moment.TURN_START: "at the start of a turn", Moment.TURN_END: "at the end of a turn"}
REFUSALS.add("an effect that asks a question (see the table below)", "a trigger (`at the start of your turn:`, ...)",
             "an effect that asks its owner a question cannot happen {when}, between turns",
             "use effects that need no decision there (gain, take, put, fill, discount), or move this one to "
             "'when bought:'", key="trigger asks", example={"when": "at the start of a turn"})
REFUSALS.add("cards an effect acts on (`put 1 gold on each ...`, `turn ... face up`)", "a place that is not next to "
             "this card (`in the castle row`, `in a neighbour's tableau`, ...)", "an effect acts on your own cards, "
             "so its cards take no other place", "name a place next to this card, such as 'adjacent to this card'",
             key="effect place")


REFUSALS.add("an ability used through another card (`use the ability of ...`, `turn ... face up and use its "
             "ability`)", "`whenever an opponent takes ...:` (a neighbour, any player)", "a trigger on other "
             "players' takes resolves in the taker's turn, not its owner's, and an ability used through it could "
             "set effects aside until the end of its owner's turn", "use the effects themselves; a question is "
             "fine there (its owner answers it in the taker's turn), or watch your own takes: 'whenever you take "
             "...:'", key="take asks")




REFUSALS.add("an ability used through another card (`use the ability of ...`, `turn ... face up and use its "
             "ability`)", "`at the end of the game:`", "the last turn is over: an ability used then could set "
             "effects aside until the end of a turn that never comes ('at the end of this turn: ...')",
             "use the effects themselves ('at the end of the game: gain 2 gold'), or use the other card's ability "
             "when this one is bought", key="game end uses another")


REFUSALS.add("an effect that asks a question (see the table below)", "`whenever you spend a key:` (an opponent, "
             "...), `whenever the messenger moves:` (`whenever your card's messenger icon moves the messenger:`)",
             "a trigger on a key spend or on the messenger's moves resolves "
             "inside the step that set it off ({when}), where no question is asked",
             "use effects that need no decision there (gain, take, put, fill, discount), or watch a take: 'whenever "
             "you take a card:'", key="event asks", example={"when": "right after the key's move or refresh"})
REFUSALS.add("`move the messenger`", "`whenever the messenger moves:`", "the move would set off the same trigger "
             "again, without end", "use another effect there (gain, take, put, fill, discount), or move the "
             "messenger from 'when bought:'", key="messenger moves itself")


def _moves_messenger(effect: Effect) -> Effect | None:
    """The first effect in ``effect`` (itself, an option, an optional or conditional effect) that moves the
    messenger."""
    match effect:
        case MoveMessenger():
            return effect
        case Choice(options=options) | PlayersChoose(options=options):
            return next((found for option in options for e in option if (found := _moves_messenger(e))), None)
        case MayDo(effects=inner) | EndOfThisTurn(effects=inner) | Repeat(effects=inner):
            return next((found for e in inner if (found := _moves_messenger(e))), None)
        case Conditional(effect=inner):
            return _moves_messenger(inner)
    return None


def _uses_another(effect: Effect) -> Effect | None:
    """The first effect in ``effect`` (itself, an option, an optional or conditional effect) that resolves another
    card's ability: a copy, or a card turned face up with its ability."""
    match effect:
        case UseAdjacentAbility() | UseNeighbourAbility():
            return effect
        case TurnFaceUp(ability=True):
            return effect
        case Choice(options=options) | PlayersChoose(options=options):
            return next((found for option in options for e in option if (found := _uses_another(e))), None)
        case MayDo(effects=inner) | EndOfThisTurn(effects=inner) | Repeat(effects=inner):
            return next((found for e in inner if (found := _uses_another(e))), None)
        case Conditional(effect=inner):
            return _uses_another(inner)
    return None


def trigger_problems(moment: Moment, effects: tuple[Effect, ...], others: bool = False,
                     by_icon: bool = False) -> tuple[Problem, ...]:
    """Effects of a trigger that would ask the owner something, which no trigger allows but one on a take and the
    end of the game (``others``: a trigger on other players' takes, whose owner is asked in the taker's turn);
    on other players' takes and at the end of the game no ability resolves through another card. A trigger on the
    messenger's moves may not move it (``by_icon``, one watching only a messenger icon's moves, may: its move is
    none)."""
    if moment is Moment.TAKE:
        return tuple(REFUSALS.problem("take asks", getattr(_uses_another(effect), "source", None) or effect.source)
                     for effect in effects if others and _uses_another(effect) is not None)
    if moment is Moment.GAME_END:  # it may ask each card's owner, in turn (the rules page, "Fan mechanics")
        return tuple(REFUSALS.problem("game end uses another", getattr(_uses_another(effect), "source", None)
                                      or effect.source) for effect in effects if _uses_another(effect) is not None)
    if moment is Moment.KEY_SPEND or moment is Moment.MESSENGER:
        when = "right after the key's move or refresh" if moment is Moment.KEY_SPEND else "right when it moves"
        found = tuple(REFUSALS.problem("event asks", effect.source, when=when) for effect in effects if asks(effect))
        if moment is Moment.MESSENGER and not by_icon:
            found += tuple(REFUSALS.problem("messenger moves itself", getattr(moved, "source", None) or effect.source)
                           for effect in effects if (moved := _moves_messenger(effect)) is not None)
        return found
    when = _WHEN.get(moment, "between turns")
    return tuple(REFUSALS.problem("trigger asks", effect.source, when=when) for effect in effects if asks(effect))
