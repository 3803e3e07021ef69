"""Small helpers for the plain-English descriptions of the card model.

Every node of :mod:`castle_combo.language.model` describes itself in English (as
Ludii's rule nodes do), so that the docs, the CLI and error messages show
generated text that is never typed twice. The grammar of those sentences
(plurals, lists, where a count is taken, the names of grid cells) lives here,
apart from the model's data, so that the model module stays a readable list
of classes. This module knows nothing of the model nor of the card language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

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


# ------------------------------------------------------------------- the terse register

def _literal(text: str) -> str:
    return re.escape(text)


#: The printed register's short forms of long phrases (regular expressions and their replacements, most of them
#: literal), applied in order by :func:`terse`: a card's picture says
#: what a printed card would say and leaves the rulings to the rules page (the card's ``<title>`` and
#: :meth:`describe` keep the whole text). A phrase a part no longer says is simply not found: its sentence stays
#: long, never wrong.
TERSE_PHRASES: tuple[tuple[str, str], ...] = (
    # A take's bounds, said per player: kept, as a printed card says them.
    (r" \(((?:at least|up to) [^;()]*) per player; never more than \w+ have\)", r", \1 each"),
    # A reserved card (the Notary).
    (_literal("Reserve a card of your choice from the castle row or the village row, whatever the messenger's place: "
              "it lies face up beside your tableau (not in it), and on a later turn you may take it in step 2 instead "
              "of a card of the messenger's row"),
     "Reserve a card from either row; on a later turn, take it instead of a row card"),
    # A choice each opponent makes (the Exciseman).
    (_literal(", in turn from your left, among the options they can pay for"), ""),
    # Requirements.
    (_literal("you may buy this card face up only if you have"), "buy it face up only with"),
    (_literal(" (this card not counted)"), ", not counting this one"),
    (_literal("; you may always take it face down"), ""),
    # Surcharges: while face up in the tableau is what every card's text means.
    (_literal("While this card is face up in your tableau, each"), "Each"),
    # Places and nouns.
    (_literal(" orthogonally next to this card"), " next to this one"),
    (_literal("in the eight spaces around this one"), "around this one"),
    (_literal("on the cards on the diagonal lines through this one"), "on its diagonals"),
    (_literal("this card's row"), "its row"),
    (_literal("this card's column"), "its column"),
    (_literal("card with the messenger icon"), "messenger card"),
    (_literal(" from the supply"), ""),
    (_literal(" face up onto its discard pile"), ""),
    (_literal("resolve its ability as if it had just been bought"), "use its ability"),
    (_literal(", once the rows are refilled:"), ":"),
    (_literal("your tableau has at least 1 "), "you have a "),
    (_literal("your tableau has no "), "you have no "),
    (_literal("has at least 1 card"), "has a card"),
    (_literal("have at least 1 "), "have a "),
)
_TERSE = tuple((re.compile(long), short) for long, short in TERSE_PHRASES)

#: How the reminders in parentheses begin: rulings said in passing ("(never more than they have)"), which the
#: terse register leaves out. Any other parenthesis is kept: it groups (a choice's options, ``(a and b) or (c)``,
#: a filter's combination) or says something the card means, and an unknown one is never dropped.
TERSE_REMINDERS: tuple[str, ...] = (
    "your choice", "the best for you", "never ", "all you have if fewer", "\"that player\" is the one choosing",
    "not in it", "one reserved card at most", "unless that location is exhausted", "face-down cards included",
    "face-down cards and this one included", "taken from this card's score", "added to this card's score",
    "the castle row or the village row", "the next castle card", "the next village card", "of any deck",
    "both added up", "castle or village", "castle and village together", "yours included", "while this card",
    "bought face up", "a castle card on the castle deck", "nothing happens with", "all of it, then",
)


def terse(text: str) -> str:
    """The terse register of a model part's English, as a printed card says it: for card pictures.

    The long English (every model part's ``describe``) says each ruling in
    passing; a card's picture has no room for it. The terse form takes the
    short forms of :data:`TERSE_PHRASES` and leaves out the reminders in
    parentheses (:data:`TERSE_REMINDERS`: "(never more than they have)",
    "(your choice)"), keeping every other parenthesis (those that group a
    choice's options or ``(a and b) or (c)``, a filter's combination).
    """
    for long, short in _TERSE:
        text = long.sub(short, text)
    return re.sub(r" +([,.;:)])", r"\1", _without_reminders(text)).strip()


def _without_reminders(text: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(text):
        if text[i] != "(":
            out.append(text[i])
            i += 1
            continue
        depth, end = 0, i
        for end in range(i, len(text)):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            if depth == 0:
                break
        if depth:  # unbalanced: leave the rest as it is
            out.append(text[i:])
            break
        if text[i + 1:end].startswith(TERSE_REMINDERS):
            while out and out[-1] == " ":
                out.pop()
        else:
            out.append("(" + _without_reminders(text[i + 1:end]) + ")")
        i = end + 1
    return "".join(out)
