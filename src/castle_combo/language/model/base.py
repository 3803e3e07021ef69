"""The words every part of the card model uses: sources, problems, the game's small enums, and where a part sits.

Nothing here is a part of a card by itself; the parts (filters, counts,
conditions, effects, scoring rules, the card) are in the sibling modules and
all lean on these.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType

import attrs

from castle_combo.language import english

__all__ = [
    "FACE_DOWN_NAME",
    "MAX_AMOUNT",
    "MAX_COST",
    "MAX_PURSE",
    "MAX_SHIELDS",
    "NAMED_REGIONS",
    "NOT_LANGUAGES",
    "Comparison",
    "Deck",
    "KeyPurpose",
    "Moment",
    "Problem",
    "Resource",
    "Shield",
    "Source",
    "Where",
    "name_fault",
    "out_of_range",
    "source_field",
]


def source_field() -> Source | None:
    """A keyword-only source position that equality and hashing ignore."""
    return attrs.field(default=None, eq=False, repr=False, kw_only=True)  # type: ignore[no-any-return]


@attrs.frozen
class Source:
    """Where a model node was written: ``path:line:column`` (1-based)."""

    path: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@attrs.frozen
class Problem:
    """Why a card makes no sense, where it was written, and how to fix it.

    Validation collects problems instead of raising at the first one, so a
    checker (``castle-combo check``) can list every mistake of a file in one
    run. The card language adds the offending line and a caret under it.
    """

    message: str
    hint: str = ""
    source: Source | None = None
    #: The card property at fault ("cost", "purse", "shields", "name fr"), for a
    #: problem of the card itself: lets the card language point at that line.
    part: str | None = None

    def __str__(self) -> str:
        where = f"{self.source}: " if self.source is not None else ""
        fix = f" ({self.hint})" if self.hint else ""
        return f"{where}{self.message}{fix}"


#: How a score scenario's grid marks a face-down card (``castle-combo score``): no card may be called so.
FACE_DOWN_NAME = "face-down"
#: Two-letter words of the card language that are no ISO 639-1 language (``in``, Indonesian's old code, is
#: retired): a card file could not tell them from a condition or a trigger, so no localized name may use them.
NOT_LANGUAGES = frozenset({"at", "if", "in", "of", "on", "up"})

#: Sane ranges for the numbers printed on a card: a number outside them is a
#: typo, not a design. Printed costs are 0..7, purses 3..9, amounts 1..10.
MAX_COST = 20
MAX_PURSE = 20
MAX_AMOUNT = 99
MAX_SHIELDS = 3


class Shield(enum.Enum):
    """The six shield types, in the rulebook's order."""

    NOBILITY = "nobility"
    FAITH = "faith"
    SCHOLARSHIP = "scholarship"
    MILITARY = "military"
    CRAFTSMANSHIP = "craftsmanship"
    PEASANTRY = "peasantry"


class Deck(enum.Enum):
    """The two locations. A card's deck is also its banner."""

    CASTLE = "castle"
    VILLAGE = "village"


class KeyPurpose(enum.Enum):
    """What a key spent in step 1 of a turn did, as a trigger on key spends narrows it
    (``whenever an opponent spends a key to refresh a row:``): its value is the card language's words."""

    MOVE = "move the messenger"
    REFRESH = "refresh a row"


class Resource(enum.Enum):
    """What a player can gain: gold or keys."""

    GOLD = "gold"
    KEY = "key"

    def describe(self, amount: int = 1) -> str:
        """An amount of this resource in English: "1 key", "2 keys", "3 gold"."""
        return english.quantity(amount, self.value, "gold" if self is Resource.GOLD else None)

    def ccl(self, amount: int) -> str:
        """An amount of this resource in the card language: "1 key", "2 keys", "3 gold"."""
        return f"{amount} gold" if self is Resource.GOLD else f"{amount} key{'' if amount == 1 else 's'}"


class Comparison(enum.Enum):
    """How two numbers are compared: in a condition, or a card's printed cost or shields in a filter."""

    EQ = "=="
    GE = ">="
    LE = "<="
    GT = ">"
    LT = "<"
    NE = "!="

    def holds(self, left: int, right: int) -> bool:
        """Whether ``left`` compares with ``right`` this way."""
        return bool(_HOLDS[self](left, right))


_HOLDS = {
    Comparison.EQ: lambda a, b: a == b,
    Comparison.GE: lambda a, b: a >= b,
    Comparison.LE: lambda a, b: a <= b,
    Comparison.GT: lambda a, b: a > b,
    Comparison.LT: lambda a, b: a < b,
    Comparison.NE: lambda a, b: a != b,
}


class Moment(enum.Enum):
    """When a part of a card's ability resolves.

    ``BOUGHT``: when the card is bought face up. ``UNLOCKED``: when its owner
    opens the card's lock (lock cards only). ``TURN_START``: at the start of
    each later turn of the card's owner while it lies face up in their
    tableau. ``TURN_END``: at the end of each of the owner's turns while it
    lies face up (the turn it is bought included). ``GAME_END``: once, when
    the last turn of the game ends, before scoring. ``TAKE``: each time the
    owner takes a card (of the kinds the card names, :attr:`Card.on_take`)
    while this card lies face up in their tableau, right after the card taken
    is placed; with :attr:`Card.taken_by` each time another player takes one
    ("whenever an opponent takes a card:"). Three triggers resolve between
    turns and never ask anything; the take trigger resolves inside the take
    and may ask its owner, on their own takes only (see the rules page, "Fan
    mechanics"). ``IN_ROW``: at the end of every player's turn while the card
    lies face up in a row, before anyone owns it ("while in a row, at the end
    of each turn: put 1 gold on this card"); its only effect puts gold on the
    card there, which the player who takes it gains. It is no trigger of a
    tableau (``card with a trigger`` does not count it). ``KEY_SPEND``: each
    time the owner spends a key in step 1 of a turn ("whenever you spend a
    key:"), or with :attr:`Card.spent_by` another player does ("whenever an
    opponent spends a key:"), right after the key's move or refresh.
    ``MESSENGER``: each time the messenger changes location (to the one
    :attr:`Card.moved_to` names, if any), right when it moves; with
    :attr:`Card.moved_by_icon` only when the messenger icon of a card its
    owner takes face up moves it. These two never ask anything.
    """

    BOUGHT = "bought"
    UNLOCKED = "unlocked"
    TURN_START = "turn start"
    TAKE = "take"
    KEY_SPEND = "key spend"
    MESSENGER = "messenger move"
    TURN_END = "turn end"
    GAME_END = "game end"
    IN_ROW = "in a row"

    @property
    def is_trigger(self) -> bool:
        """Whether the moment is a trigger (its effects ask no question, but those on the owner's own takes)."""
        return self in (Moment.TURN_START, Moment.TURN_END, Moment.GAME_END, Moment.TAKE, Moment.KEY_SPEND,
                        Moment.MESSENGER)

    @property
    def heading(self) -> str:
        """The words that open this part of a card in the card language: "when bought"."""
        return _HEADINGS[self]


_HEADINGS = {
    Moment.BOUGHT: "when bought",
    Moment.UNLOCKED: "when unlocked",
    Moment.TURN_START: "at the start of your turn",
    Moment.TURN_END: "at the end of your turn",
    Moment.GAME_END: "at the end of the game",
    Moment.TAKE: "whenever you take a card",
    Moment.KEY_SPEND: "whenever you spend a key",
    Moment.MESSENGER: "whenever the messenger moves",
    Moment.IN_ROW: "while in a row, at the end of each turn",
}


@attrs.frozen
class Where:
    """Where a part of a card sits, which decides what it may mean (validation reads it).

    ``moment`` is the ability's moment, ``None`` in a scoring rule (which
    counts the owner's final 3x3 grid). ``them`` says a player is being
    talked about ("each opponent with ...", "per opponent who ..."), so
    "their tableau" means something; ``group`` that a row, a column or a
    pair of cards is being talked about ("per row with ..."); ``discarded``
    that an earlier effect of the same ability discarded cards. ``taker``
    that the ability is a trigger on another player's take ("whenever an
    opponent takes a card:"), so "that player" names the player who took
    (or on another player's key spend: the player who spent it).
    """

    moment: Moment | None = None
    them: bool = False
    group: bool = False
    discarded: bool = False
    taker: bool = False

    @property
    def scoring(self) -> bool:
        """Whether this is a scoring rule (the final grid) rather than an ability."""
        return self.moment is None


#: A scoring rule's place, and an ability's when bought.
SCORING = Where()
BOUGHT = Where(Moment.BOUGHT)


def _cells(*cells: tuple[int, int]) -> frozenset[tuple[int, int]]:
    return frozenset(cells)


#: The named regions of the final 3x3 grid, as ``(column, row)`` cells.
NAMED_REGIONS: Mapping[str, frozenset[tuple[int, int]]] = MappingProxyType({
    "top row": _cells((0, 0), (1, 0), (2, 0)),
    "middle row": _cells((0, 1), (1, 1), (2, 1)),
    "bottom row": _cells((0, 2), (1, 2), (2, 2)),
    "left column": _cells((0, 0), (0, 1), (0, 2)),
    "middle column": _cells((1, 0), (1, 1), (1, 2)),
    "right column": _cells((2, 0), (2, 1), (2, 2)),
    "a corner": _cells((0, 0), (2, 0), (0, 2), (2, 2)),
    "the middle of an edge": _cells((1, 0), (0, 1), (2, 1), (1, 2)),
    "the center": _cells((1, 1)),
})


def out_of_range(
    value: int, low: int, high: int, what: str, source: Source | None, part: str | None = None
) -> tuple[Problem, ...]:
    """A problem if ``value`` is outside ``low..high`` (a typo, such as 'cost 50')."""
    if low <= value <= high:
        return ()
    return (Problem(f"{what} is {value}, outside the sensible range {low} to {high}",
                    f"use a number from {low} to {high}", source, part),)


def _blanks(text: str) -> str:
    """"a space", "2 spaces", "a tab", "3 blank characters": how the blanks at one end of a name are said."""
    if set(text) == {" "}:
        return "a space" if len(text) == 1 else f"{len(text)} spaces"
    if text == "\t":
        return "a tab"
    return "a blank character" if len(text) == 1 else f"{len(text)} blank characters"


def name_fault(name: str) -> tuple[str, str] | None:
    """What is wrong with a card name, and the fix: ``("ends with a space", 'write "Nun"')``, or ``None``.

    Names compare exactly (a filter ``named "Nun"``, the rulesets' check of
    unique names), so a blank at either end or a character that cannot be
    seen makes a name nobody can write again. One fault is named, the first
    a reader would look for, so the fan knows what to change.
    """
    if not name:
        return "is empty", 'write the name between the quotes, like "Nun"'
    stripped = name.strip()
    if not stripped:
        return f"is only {_blanks(name)}", 'write the name between the quotes, like "Nun"'
    leading, trailing = name[:len(name) - len(name.lstrip())], name[len(name.rstrip()):]
    if leading or trailing:
        ends = [f"starts with {_blanks(leading)}"] * bool(leading) + [f"ends with {_blanks(trailing)}"] * bool(trailing)
        return " and ".join(ends), f'remove {"them" if len(leading + trailing) > 1 else "it"}: write "{stripped}"'
    hidden = next((char for char in name if not char.isprintable()), None)
    if hidden is not None:
        said = "a tab" if hidden == "\t" else "a character that cannot be seen"
        return (f"holds {said} (U+{ord(hidden):04X})",
                "remove it: a name holds only characters that can be seen, and spaces between words")
    return None

