"""The four kinds of action a player takes, as small immutable values.

Actions name cards by their English name, never by the engine's internal
ids, so an action means the same thing in any ruleset that has the card and
round-trips through JSON exactly (``action_from_json(a.to_json()) == a``):

* :class:`UseKey` -- ``{"type": "key", "use": "move" | "refresh"}``
* :class:`Take` -- ``{"type": "take", "card": "Nun", "at": [x, y], "face_down": false}``
* :class:`Choose` -- ``{"type": "choose", "option": 1}`` (options numbered from 1)
* :class:`Discard` -- ``{"type": "discard", "card": "Jester"}``
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Any, Union

import attrs

from castle_combo.errors import RecordError

__all__ = ["Action", "Choose", "Discard", "KeyUse", "Take", "UseKey", "action_from_json"]


class KeyUse(enum.Enum):
    """What a spent key does: move the messenger, or refresh the messenger's row."""

    MOVE = "move"
    REFRESH = "refresh"


@attrs.frozen(cache_hash=True)
class UseKey:
    """Spend one key (optional, first step of a turn, at most once per turn)."""

    use: KeyUse

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "key", "use": self.use.value}

    def __str__(self) -> str:
        return "spend a key to move the messenger" if self.use is KeyUse.MOVE else "spend a key to refresh the row"


def _position(at: Sequence[int]) -> tuple[int, int]:
    """``at`` as an (x, y) tuple, so ``Take("Nun", [0, 0])`` equals ``Take("Nun", (0, 0))``."""
    if type(at) is tuple:
        return at
    x, y = at
    return (x, y)


@attrs.frozen(cache_hash=True)
class Take:
    """Take ``card`` from the messenger's row and place it at ``at`` (x, y)."""

    card: str
    at: tuple[int, int] = attrs.field(converter=_position)
    face_down: bool = False

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "take", "card": self.card, "at": [self.at[0], self.at[1]], "face_down": self.face_down}

    def __str__(self) -> str:
        how = "face down" if self.face_down else "face up"
        return f"take {self.card} {how} at ({self.at[0]}, {self.at[1]})"


@attrs.frozen(cache_hash=True)
class Choose:
    """Pick option ``option`` (numbered from 1) of a "choose one" ability."""

    option: int

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "choose", "option": self.option}

    def __str__(self) -> str:
        return f"choose option {self.option}"


@attrs.frozen(cache_hash=True)
class Discard:
    """Discard ``card`` from a row, as a discard-from-row ability asks."""

    card: str

    def to_json(self) -> dict[str, Any]:
        """The action's JSON form."""
        return {"type": "discard", "card": self.card}

    def __str__(self) -> str:
        return f"discard {self.card}"


Action = Union[UseKey, Take, Choose, Discard]  # noqa: UP007 (a runtime alias, also for Python 3.10 users)

_TYPES = ("key", "take", "choose", "discard")
_FIELDS = {
    "key": {"type", "use"},
    "take": {"type", "card", "at", "face_down"},
    "choose": {"type", "option"},
    "discard": {"type", "card"},
}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def action_from_json(data: object, path: str = "$") -> Action:
    """Build an action from its JSON form; raise :class:`RecordError` naming the bad field.

    ``path`` is the JSON path of ``data`` in an enclosing document (a record's
    ``$.actions[3]``), used in error messages.
    """
    if not isinstance(data, Mapping):
        raise RecordError(f"{path}: expected an action object like {{\"type\": \"take\", ...}}, got {data!r}")
    kind = data.get("type")
    allowed = _FIELDS.get(kind) if isinstance(kind, str) else None
    if allowed is not None:
        extra = sorted(set(data) - allowed)
        if extra:
            fields = ", ".join(sorted(allowed - {"type"}))
            raise RecordError(f"{path}.{extra[0]}: unknown field for a {kind!r} action (it has {fields})")
    if kind == "key":
        use = data.get("use")
        if use not in ("move", "refresh"):
            raise RecordError(f"{path}.use: expected \"move\" or \"refresh\", got {use!r}")
        return UseKey(KeyUse(use))
    if kind == "take":
        card = data.get("card")
        if not isinstance(card, str):
            raise RecordError(f"{path}.card: expected a card name (string), got {card!r}")
        at = data.get("at")
        if not (isinstance(at, (list, tuple)) and len(at) == 2 and all(_is_int(v) for v in at)):
            raise RecordError(f"{path}.at: expected [x, y] integers, got {at!r}")
        face_down = data.get("face_down", False)
        if not isinstance(face_down, bool):
            raise RecordError(f"{path}.face_down: expected true or false, got {face_down!r}")
        return Take(card, (at[0], at[1]), face_down)
    if kind == "choose":
        option = data.get("option")
        if not isinstance(option, int) or isinstance(option, bool) or option < 1:
            raise RecordError(f"{path}.option: expected an option number from 1, got {option!r}")
        return Choose(option)
    if kind == "discard":
        card = data.get("card")
        if not isinstance(card, str):
            raise RecordError(f"{path}.card: expected a card name (string), got {card!r}")
        return Discard(card)
    raise RecordError(f"{path}.type: expected one of {', '.join(map(repr, _TYPES))}, got {kind!r}")
