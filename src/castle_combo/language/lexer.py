"""A Pygments lexer for the card language (``.ccl`` files).

The docs site highlights its ```` ```ccl ```` blocks with it, and so does any
tool that uses Pygments (``pygmentize -l ccl cards/castle.ccl``). It is
registered under the name ``ccl`` through the ``pygments.lexers`` entry point
in ``pyproject.toml``, so Pygments finds it once castle-combo is installed.

The lexer highlights rather than validates: any lower-case word it does not
know is an ordinary name, never an error token, so a card the parser rejects
still renders readably in an error message or a docs page. The word lists are
read from the grammar itself (``ccl.lark``): every keyword of it, and every
word of its terminals of several words ("at least", "or more"), sorted by the
rules they belong to, so a new word of the language needs no edit here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
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

#: The grammar the words are read from.
GRAMMAR = Path(__file__).resolve().parent / "ccl.lark"

_RULE = re.compile(r"^[!?]?(?P<name>[A-Za-z_]\w*)(?:\.\d+)?\s*:(?P<rest>.*)$")
_LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')
_KEYWORD = re.compile(r"[a-z]+")


def _rules(grammar: str) -> dict[str, list[list[str]]]:
    """Each rule or terminal of ``grammar``: its alternatives, each the list of its words (literals, names, regexes)."""
    rules: dict[str, list[list[str]]] = {}
    name = None
    for line in grammar.splitlines():
        if line.lstrip().startswith("//"):  # a comment between a rule's alternatives does not end the rule
            continue
        code = line.split("//")[0].rstrip()
        found = _RULE.match(code)
        if found:
            name, code = found["name"], found["rest"]
            rules[name] = [[]]
        elif not code.strip() or not code[:1].isspace() or name is None:
            name = None if not code.strip() else name
            continue
        assert name is not None
        depth = 0
        for item in re.findall(r'"(?:[^"\\]|\\.)*"|/(?:[^/\\]|\\.)+/|[A-Za-z_]\w*|[()|]', code):
            if item == "|" and depth == 0:  # an alternative of the rule (not one inside brackets)
                rules[name].append([])
            elif item in "()":
                depth += 1 if item == "(" else -1
            elif item != "|":
                rules[name][-1].append(item)
    return rules


def _words(items: Iterable[str]) -> list[str]:
    """The plain keywords among a rule's items: lower-case literals, and the words of a regex terminal."""
    found = []
    for item in items:
        if item.startswith('"') and _KEYWORD.fullmatch(item[1:-1]):
            found.append(item[1:-1])
        elif item.startswith("/"):  # a terminal of several words ("at least"), what comes before its lookahead
            pattern = re.split(r"\(\?[=!]", re.sub(r"\(\?<[=!][^)]*\)", "", item[1:-1]))[0]
            if "[" not in pattern:
                found += _KEYWORD.findall(re.sub(r"\\[a-zA-Z]", " ", pattern))
    return found


def vocabulary(grammar: str) -> dict[str, tuple[str, ...]]:
    """The grammar's keywords by kind: shields, decks, resources, the words of a card's properties and moments
    (structure), the verbs of effects, and every other keyword (connectives), each word in one kind."""
    rules = _rules(grammar)

    def literals(*names: str) -> list[str]:
        return [word for name in names for alternative in rules.get(name, []) for word in _words(alternative)]

    def leading(*names: str) -> list[str]:
        return [said[0] for name in names for alternative in rules.get(name, []) if (said := _words(alternative))]

    properties = [item for alternative in rules["_property"] for item in alternative]
    effects = [item for alternative in rules["_single_effect"] for item in alternative] + ["choice", "may"]
    moments = [name for name in properties if any('":"' in alternative for alternative in rules.get(name, []))]
    # The take trigger's other words are those of effects and counts ("you", "take", "a"), and those of the moment of
    # a card in a row those of places and of the other moments ("in a row", "at the end of"): only their first is
    # their own. So for the triggers on key spends and on the messenger's moves ("you", "a", "key", "the").
    heading = [word for name in moments
               for word in (leading(name) if name in ("take_trigger", "row_moment", "key_trigger", "messenger_trigger")
                            else literals(name))]
    kinds = {
        "shields": literals("shield", "wild", "chosen"),
        "decks": literals("deck_name"),
        "resources": literals("resource"),
        "structure": heading + leading(*properties) + literals("_effects"),
        "effects": leading(*effects, "players") + literals("player_word"),
        "connectives": [word for name, alternatives in rules.items() for alternative in alternatives
                        for word in _words(alternative)],
    }
    seen: set[str] = set()
    vocabulary: dict[str, tuple[str, ...]] = {}
    for kind, found in kinds.items():
        vocabulary[kind] = tuple(dict.fromkeys(word for word in found if word not in seen))
        seen.update(vocabulary[kind])
    return vocabulary


_VOCABULARY = vocabulary(GRAMMAR.read_text(encoding="utf-8"))
#: Words that open a part of a card block or join effects.
STRUCTURE = _VOCABULARY["structure"]
#: Words that start an effect or a choice, and name the players it acts on.
EFFECTS = _VOCABULARY["effects"]
#: The six shield types, a wild shield and a chosen shield.
SHIELDS = _VOCABULARY["shields"]
#: The two decks, which are also the two banners.
DECKS = _VOCABULARY["decks"]
#: The resources a player gains.
RESOURCES = _VOCABULARY["resources"]
#: Every other word of the language: words that tie a count to a number, a condition, a place or a filter.
CONNECTIVES = _VOCABULARY["connectives"]

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
