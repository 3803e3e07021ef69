"""The Pygments lexer for ``.ccl`` files: found by name once installed, and never lost for words.

The docs site highlights every ```` ```ccl ```` block with this lexer, so it
must know each bundled card file without a single error token.
"""

from __future__ import annotations

from pathlib import Path

import pygments.lexers
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pygments.token import (
    Comment,
    Error,
    Keyword,
    Name,
    Number,
    Operator,
    String,
    Token,
)

from castle_combo.language.lexer import (
    CONNECTIVES,
    DECKS,
    EFFECTS,
    RESOURCES,
    SHIELDS,
    STRUCTURE,
    CclLexer,
)

ROOT = Path(__file__).resolve().parents[1]
CARD_FILES = sorted((ROOT / "cards").glob("*.ccl")) + sorted((ROOT / "examples").rglob("*.ccl"))


def tokens(text: str) -> list[tuple[type, str]]:
    """The (token type, text) pairs of ``text``, without whitespace."""
    return [(kind, value) for kind, value in CclLexer().get_tokens(text) if value.strip()]


def test_pygments_finds_the_lexer_by_name_through_the_entry_point() -> None:
    assert isinstance(pygments.lexers.get_lexer_by_name("ccl"), CclLexer)


def test_pygments_finds_the_lexer_for_a_ccl_file_name() -> None:
    assert isinstance(pygments.lexers.get_lexer_for_filename("castle-faith.ccl"), CclLexer)


def test_the_bundled_cards_are_there_to_be_highlighted() -> None:
    assert len(list((ROOT / "cards").glob("*.ccl"))) >= 2


@pytest.mark.parametrize("path", CARD_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_bundled_card_file_tokenizes_without_error_tokens(path: Path) -> None:
    errors = [value for kind, value in tokens(path.read_text(encoding="utf-8")) if kind in Error]
    assert errors == []


@pytest.mark.parametrize("path", CARD_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_tokens_put_back_together_give_the_file_unchanged(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert "".join(value for _, value in CclLexer().get_tokens(text)).rstrip("\n") == text.rstrip("\n")


def test_a_card_block_opens_with_the_card_keyword_and_a_quoted_name() -> None:
    assert tokens('card "Scribe" {')[:2] == [(Keyword, "card"), (String.Double, '"Scribe"')]


def test_card_as_a_counted_noun_is_not_a_keyword() -> None:
    assert (Keyword, "card") not in tokens("score 2 per face-down card")


@pytest.mark.parametrize("shield", SHIELDS)
def test_each_shield_name_is_a_constant(shield: str) -> None:
    assert tokens(f"shields {shield}")[1] == (Name.Constant, shield)


@pytest.mark.parametrize("deck", DECKS)
def test_each_deck_name_is_a_builtin(deck: str) -> None:
    assert tokens(f"deck {deck}")[1] == (Name.Builtin, deck)


def test_numbers_are_integers() -> None:
    assert tokens("cost 12")[1] == (Number.Integer, "12")


def test_a_comment_runs_to_the_end_of_the_line() -> None:
    assert tokens("# a card { deck castle\ncost 1")[0] == (Comment.Single, "# a card { deck castle")


def test_a_localized_name_tags_its_language_code() -> None:
    assert tokens('fr "Intendant"') == [(Name.Attribute, "fr"), (String.Double, '"Intendant"')]


def test_mask_cells_are_highlighted_on_each_of_the_three_lines() -> None:
    mask = "score 4 if placed at\n    X . X\n    . X .\n    X . X\n"
    cells = [value for kind, value in tokens(mask) if kind is Operator]
    assert cells == ["X", ".", "X", ".", "X", ".", "X", ".", "X"]


def test_a_word_inside_a_hyphenated_word_is_not_a_keyword() -> None:
    assert tokens("face-down") == [(Token.Text, "face-down")]


VOCABULARY = STRUCTURE + EFFECTS + SHIELDS + DECKS + RESOURCES + CONNECTIVES + (
    "card", "neighbour's", "neighbor’s", "face-down", "row", "column", "{", "}", ":", ",", "fr", '"Nom"', "7", "# note\n",
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(VOCABULARY), max_size=40), st.sampled_from([" ", "\n", "  \n  "]))
def test_any_sentence_of_the_vocabulary_lexes_without_errors(words: list[str], gap: str) -> None:
    text = gap.join(words)
    assert all(kind not in Error for kind, _ in CclLexer().get_tokens(text))


def test_every_keyword_of_the_grammar_is_highlighted_without_a_list_to_keep() -> None:
    """The word lists are read from ccl.lark: every keyword Lark finds in the grammar is in one of them."""
    from castle_combo.language.parser import ccl_parser

    keywords = {t.pattern.value for t in ccl_parser().terminals
                if t.pattern.type == "str" and t.pattern.value.isalpha() and t.pattern.value.islower()}
    listed = set(STRUCTURE + EFFECTS + SHIELDS + DECKS + RESOURCES + CONNECTIVES)
    assert keywords - listed == set()
    assert {"that", "is", "least", "more"} <= listed  # words of the terminals of several words too


def test_the_take_trigger_opens_with_its_own_word_and_keeps_take_an_effect_verb() -> None:
    assert "whenever" in STRUCTURE and "take" in EFFECTS and "you" in EFFECTS and "a" in CONNECTIVES
    assert tokens("whenever you take a card:")[0] == (Keyword, "whenever")
