"""The actions a player takes, as small immutable values.

Actions name cards by their English name, never by the engine's internal
ids, so an action means the same thing in any ruleset that has the card and
round-trips through JSON exactly (``action_from_json(a.to_json()) == a``):

* :class:`UseKey` -- ``{"type": "key", "use": "move" | "refresh"}``
* :class:`Take` -- ``{"type": "take", "card": "Nun", "at": [x, y], "face_down": false}``
* :class:`Choose` -- ``{"type": "choose", "option": 1}`` (options numbered from 1)
* :class:`Discard` -- ``{"type": "discard", "card": "Jester"}``

and, for lock cards (the expansion *Out of the Oubliette!*):

* :class:`Unlock` -- ``{"type": "unlock", "card": "Toady"}``: open a lock card's lock
* :class:`Pass` -- ``{"type": "pass"}``: end the turn without opening a lock
* :class:`DiscardRow` -- ``{"type": "discard_row", "deck": "castle"}``: which whole row to discard
* :class:`Activate` -- ``{"type": "activate", "card": "Baker"}``: which adjacent card's ability to use (or, for
  fan cards, which card of a neighbour's tableau)

and, for fan cards:

* :class:`Reveal` -- ``{"type": "reveal", "card": "Nun"}``: which face-down card an ability turns face up
* :class:`Times` -- ``{"type": "times", "times": 2}``: how many times a repeated optional effect is done (from 0)
* :class:`SwapCard` -- ``{"type": "swap", "card": "Nun"}``: a card of the player's tableau a swap moves (the first
  card, then the card it swaps with)
* :class:`Arrange` -- ``{"type": "arrange", "card": "Nun", "discard": false}``: a card looked at on top of a deck,
  put back next (under those already put back) or, with ``"discard": true``, discarded
* :class:`Reserve` -- ``{"type": "reserve", "card": "Nun"}``: which card of a row a "reserve a card from ..."
  ability reserves
* :class:`TakeReserved` -- ``{"type": "take_reserved", "at": [x, y], "face_down": false}``: in step 2, take the
  player's reserved card (there is one at most, so the action does not name it) instead of a card of a row
* :class:`ReturnCard` -- ``{"type": "return", "card": "Nun"}``: which card of a discard pile a "put a card from
  ... discard pile on top of its deck" ability puts back on top of its deck

Every field is checked when the action is built: a wrong type (a float
position, ``face_down=1``, an unknown key use) raises
:class:`~castle_combo.errors.IllegalAction` at once, so no malformed action
can reach a game, a record or a save.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, TypeGuard, Union

import attrs

from castle_combo.errors import IllegalAction, RecordError
from castle_combo.files import MAX_NUMBER, quote
from castle_combo.language.model import Deck

__all__ = [
    "Action",
    "Activate",
    "Arrange",
    "Choose",
    "Discard",
    "DiscardRow",
    "KeyUse",
    "Pass",
    "Reserve",
    "ReturnCard",
    "Reveal",
    "SwapCard",
    "Take",
    "TakeReserved",
    "Times",
    "Unlock",
    "UseKey",
    "action_from_json",
]


class KeyUse(enum.Enum):
    """What a spent key does: move the messenger, or refresh the messenger's row."""

    MOVE = "move"
    REFRESH = "refresh"


def _key_use(use: object) -> KeyUse:
    """``use`` as a :class:`KeyUse`; its value ``"move"`` or ``"refresh"`` is accepted too."""
    if isinstance(use, KeyUse):
        return use
    if use in ("move", "refresh"):
        return KeyUse(use)
    raise IllegalAction(f"a key is used to 'move' or to 'refresh' (KeyUse.MOVE or KeyUse.REFRESH), not {quote(use)}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _small_int(value: object) -> TypeGuard[int]:
    """A whole number of a size a file may hold (:data:`~castle_combo.files.MAX_NUMBER`)."""
    return isinstance(value, int) and not isinstance(value, bool) and -MAX_NUMBER <= value <= MAX_NUMBER


def _position(at: object) -> tuple[int, int]:
    """``at`` as an (x, y) tuple of ints, so ``Take("Nun", [0, 0])`` equals ``Take("Nun", (0, 0))``."""
    if type(at) is tuple and len(at) == 2 and type(at[0]) is int and type(at[1]) is int:
        return at  # the common case, kept cheap
    if isinstance(at, (tuple, list)) and len(at) == 2 and all(_is_int(v) for v in at):
        return (int(at[0]), int(at[1]))
    raise IllegalAction(f"a position is two whole numbers (x, y), not {quote(at)}")


def _card_name(_: object, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str):
        raise IllegalAction(f"{attribute.name} must be a card name (a string), not {quote(value)}")


def _flag(_: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if not isinstance(value, bool):
        raise IllegalAction(f"{attribute.name} must be True or False, not {quote(value)}")


def _option(_: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not _is_int(value) or value < 1:  # type: ignore[operator]
        raise IllegalAction(f"option must be an option number from 1, not {quote(value)}")


def _times(_: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not _small_int(value) or value < 0:
        raise IllegalAction(f"times must be a whole number from 0, not {quote(value)}")


def _deck(deck: object) -> Deck:
    """``deck`` as a :class:`~castle_combo.language.model.Deck`; ``"castle"`` or ``"village"`` is accepted too."""
    if isinstance(deck, Deck):
        return deck
    if deck in ("castle", "village"):
        return Deck(deck)
    raise IllegalAction(f"a row is 'castle' or 'village' (Deck.CASTLE or Deck.VILLAGE), not {quote(deck)}")


@attrs.frozen(cache_hash=True)
class UseKey:
    """Spend one key (optional, first step of a turn, at most once per turn)."""

    use: KeyUse = attrs.field(converter=_key_use)

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "key", "use": self.use.value}

    def __str__(self) -> str:
        return "spend a key to move the messenger" if self.use is KeyUse.MOVE else "spend a key to refresh the row"


@attrs.frozen(cache_hash=True)
class Take:
    """Take ``card`` from the messenger's row and place it at ``at`` (x, y)."""

    card: str = attrs.field(validator=_card_name)
    at: tuple[int, int] = attrs.field(converter=_position)
    face_down: bool = attrs.field(default=False, validator=_flag)

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "take", "card": self.card, "at": [self.at[0], self.at[1]], "face_down": self.face_down}

    def __str__(self) -> str:
        how = "face down" if self.face_down else "face up"
        return f"take {self.card} {how} at ({self.at[0]}, {self.at[1]})"


@attrs.frozen(cache_hash=True)
class Choose:
    """Pick option ``option`` (numbered from 1): of a "choose one" ability; yes (1) or no (2) to a "you may";
    or, for "an opponent of your choice", the k-th of the players who may be chosen (those who meet the
    effect's condition), counted in turn order from the chooser's left: not the k-th seat (in a game of four
    where the left and right neighbours may be chosen, ``Choose(2)`` is the right neighbour)."""

    option: int = attrs.field(validator=_option)

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "choose", "option": self.option}

    def __str__(self) -> str:
        return f"choose option {self.option}"


@attrs.frozen(cache_hash=True)
class Discard:
    """Discard ``card`` from a row, as a discard-from-row ability asks."""

    card: str = attrs.field(validator=_card_name)

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "discard", "card": self.card}

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen(cache_hash=True)
class Unlock:
    """Open the lock of ``card``, one of the player's face-up lock cards that still holds its key."""

    card: str = attrs.field(validator=_card_name)

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "unlock", "card": self.card}

    def __str__(self) -> str:
        return f"open the lock of {self.card}"


@attrs.frozen(cache_hash=True)
class Pass:
    """End the turn without opening a lock (offered only when a lock could be opened)."""

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "pass"}

    def __str__(self) -> str:
        return "pass (open no lock)"


@attrs.frozen(cache_hash=True)
class DiscardRow:
    """Discard the whole ``deck`` row, as a "discard a whole row" ability asks."""

    deck: Deck = attrs.field(converter=_deck)

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "discard_row", "deck": self.deck.value}

    def __str__(self) -> str:
        return f"discard the whole {self.deck.value} row"


@attrs.frozen(cache_hash=True)
class Activate:
    """Use the ability of ``card``, a face-up card adjacent to the copier (or of a neighbour), as a copy asks."""

    card: str = attrs.field(validator=_card_name)

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "activate", "card": self.card}

    def __str__(self) -> str:
        return f"use the ability of {self.card}"


@attrs.frozen(cache_hash=True)
class Reveal:
    """Turn ``card``, one of the player's face-down cards, face up, as a "turn ... face up" ability asks."""

    card: str = attrs.field(validator=_card_name)

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "reveal", "card": self.card}

    def __str__(self) -> str:
        return f"turn {self.card} face up"


@attrs.frozen(cache_hash=True)
class Times:
    """Do a repeated optional effect ("you may pay 1 key to gain 2 gold any number of times") ``times`` times."""

    times: int = attrs.field(validator=_times)

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "times", "times": self.times}

    def __str__(self) -> str:
        return f"do it {self.times} time{'' if self.times == 1 else 's'}"


@attrs.frozen(cache_hash=True)
class SwapCard:
    """Pick ``card``, one of the player's cards, for a swap ("swap two cards of your tableau"): the first card the
    swap moves, then the card it swaps with."""

    card: str = attrs.field(validator=_card_name)

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "swap", "card": self.card}

    def __str__(self) -> str:
        return f"swap {self.card}"


@attrs.frozen(cache_hash=True)
class Arrange:
    """Settle ``card``, one of the cards looked at on top of a deck ("look at the top 3 cards of the castle deck
    ..."): put it back next, under the cards already put back (the first one put back is the new top card), or, if
    ``discard`` (when the card allows it), discard it face up onto the deck's discard pile."""

    card: str = attrs.field(validator=_card_name)
    discard: bool = attrs.field(default=False, validator=_flag)

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "arrange", "card": self.card, "discard": self.discard}

    def __str__(self) -> str:
        return f"discard {self.card} from the top" if self.discard else f"put {self.card} back on top next"


@attrs.frozen(cache_hash=True)
class Reserve:
    """Reserve ``card``, a card of a row, as a "reserve a card from ..." ability asks: it leaves the row and lies
    face up beside the player's tableau until they take it (:class:`TakeReserved`)."""

    card: str = attrs.field(validator=_card_name)

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "reserve", "card": self.card}

    def __str__(self) -> str:
        return f"reserve {self.card}"


@attrs.frozen(cache_hash=True)
class TakeReserved:
    """In step 2, take the player's reserved card (one at most, so it is not named) and place it at ``at`` (x, y),
    instead of a card of the messenger's row: paid as any take, or face down for 6 gold and 2 keys."""

    at: tuple[int, int] = attrs.field(converter=_position)
    face_down: bool = attrs.field(default=False, validator=_flag)

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "take_reserved", "at": [self.at[0], self.at[1]], "face_down": self.face_down}

    def __str__(self) -> str:
        how = "face down" if self.face_down else "face up"
        return f"take your reserved card {how} at ({self.at[0]}, {self.at[1]})"


@attrs.frozen(cache_hash=True)
class ReturnCard:
    """Put ``card``, a card of a discard pile, back on top of its own location's deck, as a "put a card from ...
    discard pile on top of its deck" ability asks (every player sees it go there)."""

    card: str = attrs.field(validator=_card_name)

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "return", "card": self.card}

    def __str__(self) -> str:
        return f"put {self.card} on top of its deck"


Action = Union[UseKey, Take, Choose, Discard, Unlock, Pass, DiscardRow, Activate, Reveal, Times, SwapCard,  # noqa: UP007
               Arrange, Reserve, TakeReserved, ReturnCard]

#: Each action's JSON ``type`` and the fields it has.
_FIELDS = {
    "key": {"type", "use"},
    "take": {"type", "card", "at", "face_down"},
    "choose": {"type", "option"},
    "discard": {"type", "card"},
    "unlock": {"type", "card"},
    "pass": {"type"},
    "discard_row": {"type", "deck"},
    "activate": {"type", "card"},
    "reveal": {"type", "card"},
    "times": {"type", "times"},
    "swap": {"type", "card"},
    "arrange": {"type", "card", "discard"},
    "reserve": {"type", "card"},
    "take_reserved": {"type", "at", "face_down"},
    "return": {"type", "card"},
}
_NAMED: dict[str, type[Discard] | type[Unlock] | type[Activate] | type[Reveal] | type[SwapCard] | type[Reserve]
             | type[ReturnCard]] = {
    "discard": Discard, "unlock": Unlock, "activate": Activate, "reveal": Reveal, "swap": SwapCard, "reserve": Reserve,
    "return": ReturnCard,
}


def action_from_json(data: object, path: str = "$") -> Action:
    """Build an action from its JSON form; raise :class:`RecordError` naming the bad field.

    ``path`` is the JSON path of ``data`` in an enclosing document (a record's
    ``$.actions[3]``), used in error messages.
    """
    if not isinstance(data, Mapping):
        raise RecordError(f"{path}: expected an action object like {{\"type\": \"take\", ...}}, got {quote(data)}")
    kind = data.get("type")
    allowed = _FIELDS.get(kind) if isinstance(kind, str) else None
    if allowed is None:
        raise RecordError(f"{path}.type: expected one of {', '.join(map(repr, _FIELDS))}, got {quote(kind)}")
    extra = sorted(set(data) - allowed)
    if extra:
        fields = ", ".join(sorted(allowed - {"type"})) or "no other field"
        raise RecordError(f"{path}.{extra[0]}: unknown field for a {kind!r} action (it has {fields})")
    if kind == "key":
        use = data.get("use")
        if use not in ("move", "refresh"):
            raise RecordError(f"{path}.use: expected \"move\" or \"refresh\", got {quote(use)}")
        return UseKey(KeyUse(use))
    if kind == "take_reserved":
        at = data.get("at")
        if not (isinstance(at, (list, tuple)) and len(at) == 2 and all(_small_int(v) for v in at)):
            raise RecordError(f"{path}.at: expected [x, y] integers (small ones: a tableau spans 3), got {quote(at)}")
        face_down = data.get("face_down", False)
        if not isinstance(face_down, bool):
            raise RecordError(f"{path}.face_down: expected true or false, got {quote(face_down)}")
        return TakeReserved((at[0], at[1]), face_down)
    if kind == "take":
        card = data.get("card")
        if not isinstance(card, str):
            raise RecordError(f"{path}.card: expected a card name (string), got {quote(card)}")
        at = data.get("at")
        if not (isinstance(at, (list, tuple)) and len(at) == 2 and all(_small_int(v) for v in at)):
            raise RecordError(f"{path}.at: expected [x, y] integers (small ones: a tableau spans 3), got {quote(at)}")
        face_down = data.get("face_down", False)
        if not isinstance(face_down, bool):
            raise RecordError(f"{path}.face_down: expected true or false, got {quote(face_down)}")
        return Take(card, (at[0], at[1]), face_down)
    if kind == "choose":
        option = data.get("option")
        if not _small_int(option) or option < 1:
            raise RecordError(f"{path}.option: expected an option number from 1, got {quote(option)}")
        return Choose(option)
    if kind == "times":
        times = data.get("times")
        if not _small_int(times) or times < 0:
            raise RecordError(f"{path}.times: expected a whole number of times from 0, got {quote(times)}")
        return Times(times)
    if kind == "pass":
        return Pass()
    if kind == "discard_row":
        deck = data.get("deck")
        if deck not in ("castle", "village"):
            raise RecordError(f"{path}.deck: expected \"castle\" or \"village\", got {quote(deck)}")
        return DiscardRow(Deck(deck))
    card = data.get("card")
    if not isinstance(card, str):
        raise RecordError(f"{path}.card: expected a card name (string), got {quote(card)}")
    if kind == "arrange":
        discard = data.get("discard")
        if not isinstance(discard, bool):
            raise RecordError(f"{path}.discard: expected true or false, got {quote(discard)}")
        return Arrange(card, discard)
    return _NAMED[str(kind)](card)
