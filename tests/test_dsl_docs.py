"""The English column of docs/card-language.md is what the model really renders.

Every table row whose first cell is a ``.ccl`` effect or scoring rule in
backticks and whose last cell is an English sentence is parsed and rendered
with ``describe()``, so the reference cannot drift from the code.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from castle_combo.language import CardProblems, parse_text
from castle_combo.language.model import Card

PAGE = Path(__file__).resolve().parents[1] / "docs" / "card-language.md"
ROW = re.compile(
    r"^\| `(?P<text>(?:score|gain|lose|take|give|each|your|discount|discard|put|fill|choose|use|move|turn|you|at)"
    r" [^`]+)` \|.* \| (?P<english>[^|]+\.) \|$",
    re.MULTILINE,
)
ROWS = [(match["text"], match["english"]) for match in ROW.finditer(PAGE.read_text(encoding="utf-8"))]


def test_the_reference_has_english_for_every_construct() -> None:
    assert len(ROWS) >= 120


#: The facts of the card that holds an example: a purse for the counts of its gold; and, for an example that asks
#: for none of what that card shows ("no faith shield"), a card that shows none of it (the check refuses a condition
#: the card holding it makes false: it counts itself).
FRAMES = ("deck castle cost 3 shields faith purse 5", "deck village cost 3 shields peasantry")


def framed(body: str) -> tuple[Card, ...]:
    """The cards of ``body`` written in the first frame whose card does not make it false by counting itself."""
    for facts in FRAMES[:-1]:
        try:
            return parse_text(f'card "Example" {{ {facts} {body} }}')
        except CardProblems as problems:
            if not any("counts itself" in message for message in problems.messages):
                raise
    return parse_text(f'card "Example" {{ {FRAMES[-1]} {body} }}')


@pytest.mark.parametrize(("text", "english"), ROWS, ids=[text for text, _ in ROWS])
def test_each_example_renders_to_the_english_the_docs_show(text: str, english: str) -> None:
    trigger = text.startswith("at the ") and not text.startswith("at the end of this turn")  # that one is an effect
    body = text if text.startswith("score") or trigger else f"when bought: {text}"
    if "on the discarded cards" in text:
        body = f"when bought: discard a row then {text}"  # such a count needs a discard before it
    if "key on this card" in text and text.startswith("score"):
        body = f"when bought: put 1 key on this card {text}"  # such a count needs keys put on the card
    (card,) = framed(body)
    if trigger:  # the card's line for that moment
        (moment_line,) = [line for line in card.describe().splitlines() if line.startswith("At the ")]
        assert moment_line == english
        return
    rendered = [part.describe() for part in card.scoring or card.ability]
    assert rendered[-1:] == [english]


#: The rows of the take trigger (``whenever you take ...``), which the rows above do not read.
TAKE_ROW = re.compile(r"^\| `(?P<text>whenever [^`]+)` \|.* \| (?P<english>[^|]+\.) \|$", re.MULTILINE)
TAKE_ROWS = [(match["text"], match["english"]) for match in TAKE_ROW.finditer(PAGE.read_text(encoding="utf-8"))]


@pytest.mark.parametrize(("text", "english"), TAKE_ROWS, ids=[text for text, _ in TAKE_ROWS])
def test_each_take_trigger_example_renders_to_the_english_the_docs_show(text: str, english: str) -> None:
    (card,) = parse_text(f'card "Example" {{ deck castle cost 3 shields faith purse 5 {text} }}')
    (moment_line,) = [line for line in card.describe().splitlines() if line.startswith("Whenever ")]
    assert moment_line == english


def test_the_reference_shows_the_take_trigger() -> None:
    assert len(TAKE_ROWS) >= 2
