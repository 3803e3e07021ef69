"""A Pygments lexer for the card language (``.ccl`` files).

The docs site highlights its ```` ```ccl ```` blocks with it, and so does any
tool that uses Pygments (``pygmentize -l ccl cards/castle.ccl``). It is
registered under the name ``ccl`` through the ``pygments.lexers`` entry point
in ``pyproject.toml``, so Pygments finds it once castle-combo is installed.

The lexer highlights rather than validates: any lower-case word it does not
know is an ordinary name, never an error token, so a card the parser rejects
still renders readably in an error message or a docs page. The word lists are
the card language's vocabulary (see ``docs/card-language.md``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from pygments.lexer import RegexLexer, words
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
)

__all__ = ["CclLexer"]

#: Words that open a part of a card block or join effects.
STRUCTURE = ("deck", "cost", "shields", "messenger", "purse", "lock", "when", "bought", "unlocked", "score", "then",
             "start", "end", "turn", "game")

#: Words that start an effect or a choice.
EFFECTS = ("gain", "gains", "lose", "loses", "discount", "discard", "put", "fill", "choose", "or", "each", "opponent",
           "opponents", "neighbour", "neighbor", "neighbours", "neighbors", "player", "players", "use", "take", "give",
           "move", "you", "may", "pay", "face", "up", "every")

#: The six shield types.
SHIELDS = ("nobility", "faith", "scholarship", "military", "craftsmanship", "peasantry", "wild")

#: The two decks, which are also the two banners.
DECKS = ("castle", "village")

#: The resources a player gains.
RESOURCES = ("gold", "key", "keys")

#: Words that tie a count to a number, a condition or a place.
CONNECTIVES = ("per", "if", "no", "not", "and", "at", "least", "most", "fewest", "exactly", "placed", "in", "on",
               "more", "fewer", "less", "than", "as", "many", "adjacent", "diagonal", "around", "other", "with",
               "without", "costing", "holding", "sharing", "share", "all", "they", "have", "them", "from", "to")

# A word, as the grammar's WORD terminal: letters, then letters, hyphens and
# apostrophes (``face-down``, ``neighbour's``, ``neighbour’s``).
_WORD = r"[A-Za-z][A-Za-z'’-]*"


class CclLexer(RegexLexer):
    """Highlights Castle Combo card files: keywords, shields, decks, numbers, names, masks."""

    name = "Castle Combo card language"
    aliases = ("ccl", "castle-combo")
    filenames = ("*.ccl",)
    mimetypes = ("text/x-ccl",)

    tokens: ClassVar[dict[str, list[Any]]] = {
        "root": [
            (r"[ \t\r\f\v]+", Whitespace),
            (r"\n", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"(?:[^"\\\n]|\\.)*"', String.Double),
            (r"-?\d+", Number.Integer),
            # Localized names: a two-letter language code before a string.
            (r"\b([a-z]{2})\b(?=[ \t]+\")", Name.Attribute),
            # ``card`` opens a block when a name follows; elsewhere it is the counted noun.
            (r"\bcard\b(?=[ \t]+\")", Keyword),
            (words(STRUCTURE, prefix=r"\b", suffix=r"\b(?![-'’])"), Keyword),
            (words(EFFECTS, prefix=r"\b", suffix=r"\b(?![-'’])"), Keyword),
            (words(SHIELDS, prefix=r"\b", suffix=r"\b(?![-'’])"), Name.Constant),
            (words(DECKS, prefix=r"\b", suffix=r"\b(?![-'’])"), Name.Builtin),
            (words(RESOURCES, prefix=r"\b", suffix=r"\b(?![-'’])"), Keyword.Type),
            (words(CONNECTIVES, prefix=r"\b", suffix=r"\b(?![-'’])"), Operator.Word),
            # Mask cells: X where the card scores, . where it does not (the grammar's only X and .).
            (r"X(?![A-Za-z'’-])", Operator),
            (_WORD, Text),
            (r"[{}()]", Punctuation),
            (r"[:,]", Punctuation),
            (r"[.]", Operator),
        ],
    }
