"""Small helpers for the plain-English descriptions of the card model.

Every node of :mod:`castle_combo.language.model` describes itself in English (as
Ludii's rule nodes do), so that the docs, the CLI and error messages show
generated text that is never typed twice. The grammar of those sentences
(plurals, lists, where a count is taken, the names of grid cells) lives here,
apart from the model's data, so that the model module stays a readable list
of classes. This module knows nothing of the model nor of the card language.
"""

from __future__ import annotations

from collections.abc import Iterable

# The terse register of card pictures lives with the pictures (plain text, a foundation); re-exported here.
from castle_combo.pictures.register import TERSE_PHRASES, TERSE_REMINDERS, terse

__all__ = [
    "plural",
    "quantity",
    "sentence",
    "clause",
    "join_and",
    "join_or",
    "SCOPE_PLACE",
    "SCOPE_SUBJECT",
    "cell_name",
    "terse",
    "TERSE_PHRASES",
    "TERSE_REMINDERS",
]


def plural(amount: int, singular: str, plural_form: str | None = None) -> str:
    """``singular`` when ``amount`` is exactly 1, else the plural (default: add an ``s``).

    English uses the plural for zero too ("0 keys"), so only 1 (and -1) is singular.
    """
    if abs(amount) == 1:
        return singular
    return plural_form if plural_form is not None else singular + "s"


def quantity(amount: int, singular: str, plural_form: str | None = None) -> str:
    """A number with its noun agreeing: ``quantity(1, "key")`` is ``"1 key"``, 2 gives ``"2 keys"``."""
    return f"{amount} {plural(amount, singular, plural_form)}"


def sentence(text: str) -> str:
    """A clause made into a sentence: first letter upper case, one final full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def clause(text: str) -> str:
    """A sentence made into a clause that can sit inside another sentence.

    The inverse of :func:`sentence` for the model's own sentences, which all
    start with a verb ("Gain", "Discount", ...) and so never begin with a name.
    """
    text = text.strip().removesuffix(".")
    return text[:1].lower() + text[1:]


def _join(items: Iterable[str], word: str) -> str:
    parts = list(items)
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {word} " + parts[-1]


def join_and(items: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (no serial comma, as in the rulebook)."""
    return _join(items, "and")


def join_or(items: Iterable[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return _join(items, "or")


#: Where a count is taken, after the counted noun: "faith shield *in this card's row*".
#: Keyed by the value of :class:`castle_combo.language.model.Scope`.
SCOPE_PLACE: dict[str, str] = {
    "tableau": "in your tableau",
    "row": "in this card's row",
    "column": "in this card's column",
    "row and column": "in this card's row and column",
    "neighbour": "in a neighbour's tableau (your choice of left or right)",
    "discarded": "on the discarded cards",
    "adjacent": "on the cards next to this one",
    "castle discard pile": "in the castle discard pile",
    "village discard pile": "in the village discard pile",
    "castle deck": "left in the castle deck",
    "village deck": "left in the village deck",
    "discard piles": "in the two discard piles (castle and village together)",
    "diagonal": "on the cards diagonally next to this one",
    "around": "on the cards in the eight spaces around this one",
    "theirs": "in their tableau",
    "every tableau": "in every player's tableau (yours included)",
    "opponents": "in your opponents' tableaux",
    "neighbours": "in your neighbours' tableaux (both added up; in a game of two, your opponent's once)",
    "castle row": "in the castle row",
    "village row": "in the village row",
    "group": "in it",
    "above": "on the cards above this one in its column",
    "below": "on the cards below this one in its column",
    "left of": "on the cards to the left of this one in its row",
    "right of": "on the cards to the right of this one in its row",
    "directly above": "on the card directly above this one",
    "directly below": "on the card directly below this one",
    "directly left of": "on the card directly left of this one",
    "directly right of": "on the card directly right of this one",
    "diagonals": "on the cards on the diagonal lines through this one",
    "left neighbour": "in your left neighbour's tableau",
    "right neighbour": "in your right neighbour's tableau",
}

#: The subject and verb of a condition in each scope: "*your tableau has* no faith shield".
SCOPE_SUBJECT: dict[str, str] = {
    "tableau": "your tableau has",
    "row": "this card's row has",
    "column": "this card's column has",
    "row and column": "this card's row and column have",
    "neighbour": "a neighbour's tableau (your choice of left or right) has",
    "discarded": "the discarded cards have",
    "adjacent": "the cards next to this one have",
    "castle discard pile": "the castle discard pile has",
    "village discard pile": "the village discard pile has",
    "castle deck": "the castle deck has",
    "village deck": "the village deck has",
    "discard piles": "the two discard piles (castle and village together) have",
    "diagonal": "the cards diagonally next to this one have",
    "around": "the cards around this one have",
    "theirs": "their tableau has",
    "every tableau": "the players' tableaux (yours included) have",
    "opponents": "your opponents' tableaux have",
    "neighbours": "your neighbours' tableaux (both added up) have",
    "castle row": "the castle row has",
    "village row": "the village row has",
    "group": "it has",
    "above": "the cards above this one in its column have",
    "below": "the cards below this one in its column have",
    "left of": "the cards to the left of this one in its row have",
    "right of": "the cards to the right of this one in its row have",
    "directly above": "the space directly above this one has",
    "directly below": "the space directly below this one has",
    "directly left of": "the space directly left of this one has",
    "directly right of": "the space directly right of this one has",
    "diagonals": "the diagonal lines through this one have",
    "left neighbour": "your left neighbour's tableau has",
    "right neighbour": "your right neighbour's tableau has",
}

_ROW_NAMES = ("top", "middle", "bottom")
_COLUMN_NAMES = ("left", "centre", "right")


def cell_name(column: int, row: int) -> str:
    """The name of a cell of the 3x3 grid: ``(0, 0)`` is "top left", ``(1, 1)`` "centre"."""
    if (column, row) == (1, 1):
        return "centre"
    return f"{_ROW_NAMES[row]} {_COLUMN_NAMES[column]}"
