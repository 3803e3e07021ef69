"""Mutated card text only ever raises CastleComboError: never a Lark error, never a crash.

Hypothesis takes the real base cards and deletes, inserts, duplicates and
swaps characters and words in them; whatever comes out must either parse or
raise a ``CastleComboError`` whose every message has the documented shape:
``file:line:column: what is wrong``, the line with a caret, and a hint.
"""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from castle_combo.errors import CastleComboError
from castle_combo.language import CardProblems, parse_text

CARD_FILES = sorted((Path(__file__).resolve().parents[1] / "cards").glob("*.ccl"))
TEXTS = [path.read_text(encoding="utf-8") for path in CARD_FILES]
WORDS = sorted({word for text in TEXTS for word in re.findall(r"\S+", text)}) + [
    "{", "}", ":", ",", '"', "X", ".", "#", "\n", "0", "999", "faiths", "neighbour", "or", "}}", "é"]


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(TEXTS))
    for _ in range(draw(st.integers(1, 4))):
        if not text:
            break
        at = draw(st.integers(0, len(text) - 1))
        kind = draw(st.sampled_from(["delete", "insert", "word", "swap", "cut"]))
        if kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 12)):]
        elif kind == "insert":
            text = text[:at] + draw(st.text(min_size=1, max_size=3)) + text[at:]
        elif kind == "word":
            text = text[:at] + " " + draw(st.sampled_from(WORDS)) + " " + text[at:]
        elif kind == "swap":
            other = draw(st.integers(0, len(text) - 1))
            first, second = sorted((at, other))
            text = text[:first] + text[second] + text[first + 1:second] + text[first] + text[second + 1:]
        else:
            text = text[:at]
    return text


POSITION = re.compile(r"^fuzz\.ccl:\d+:\d+: \S")
CARET = re.compile(r"^ +\^+$")


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_card_text_only_raises_castle_combo_errors(text: str) -> None:
    try:
        parse_text(text, "fuzz.ccl")
    except CardProblems as error:
        for message in error.messages:
            assert_shape(message, text)
    except CastleComboError as error:
        assert_shape(str(error), text)


def assert_shape(message: str, text: str) -> None:
    """``file:line:column: what``, the line and a caret (when the text has lines), and a hint."""
    lines = message.splitlines()
    assert POSITION.match(lines[0]), message
    assert lines[-1].startswith("hint: "), message
    if text.strip():
        assert any(CARET.match(line) for line in lines[1:-1]), message
    assert not re.search(r"__ANON|\$END|\bLBRACE\b|\bRBRACE\b|\bCOLON\b", message), message
