"""Hints lead to what the fan meant: the hint corpus (tests/fixtures/hint_corpus.json).

Every entry is a mistake a fan makes writing a card, the words of the hint
the fan acts on, what the fan writes after reading it, and the English of
the card the fan meant. ``castle-combo check`` reads each mistake; the fan's
correction is checked again and its English compared with the meant card's.
At least 90% of the hints must lead to the meant card, and none may lead to
a card that checks but means something else.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from castle_combo.language import check_paths

CORPUS = Path(__file__).parent / "fixtures" / "hint_corpus.json"
TEMPLATE = 'card "Test" {{\n    deck village   cost 2   shields faith   purse 3\n    {body}\n}}\n'
#: The English of the template card's own lines, left out when an entry's body is compared.
TEMPLATE_LINES = {"Test: village card, cost 2 gold.", "Shield: faith.", "Purse: holds up to 3 gold.", "No ability.",
                  "Scores nothing."}
KINDS = {"typo", "other game", "missing part", "wrong order", "wrong place"}
#: Terminal names of the grammar, which no message may show.
INTERNAL = re.compile(r"\b(?:[A-Z]+_[A-Z_]+|__ANON_\d+|\$END|LBRACE|RBRACE|COLON)\b")



def _entry(raw: dict[str, Any]) -> dict[str, Any]:
    """An entry with its whole files (written as lists of lines) made texts."""
    return {key: "\n".join(value) + "\n" if isinstance(value, list) else value for key, value in raw.items()}


ENTRIES: list[dict[str, Any]] = [_entry(raw) for raw in json.loads(CORPUS.read_text(encoding="utf-8"))["mistakes"]]
LEADING = [entry for entry in ENTRIES if entry.get("leads") != "nowhere"]
NOWHERE = [entry for entry in ENTRIES if entry.get("leads") == "nowhere"]


def card_text(text: str) -> str:
    """The whole file of an entry: the template card around a body, or the entry itself."""
    return text if text.startswith("card ") else TEMPLATE.format(body=text)


def check(text: str, folder: Path) -> tuple[list[str], str | None]:
    """``castle-combo check`` on ``text`` (as its own file): the messages, and the English when it checks."""
    path = folder / "mine.ccl"
    path.write_text(card_text(text), encoding="utf-8")
    report = check_paths([path])
    if report.messages:
        return list(report.messages), None
    (card,) = report.cards
    lines = card.describe().splitlines()
    if not text.startswith("card "):
        lines = [line for line in lines if line not in TEMPLATE_LINES]
    return [], " ".join(lines)


def outcome(entry: dict[str, Any], folder: Path) -> str:
    """Where the entry's hint leads: ``"meant"``, ``"elsewhere"`` (checks, means something else) or ``"nowhere"``."""
    messages, _ = check(entry["wrote"], folder)
    if not messages or entry["hint"] not in "\n".join(messages):
        return "nowhere"
    if "fixed" not in entry:
        return "nowhere"
    fixed_messages, english = check(entry["fixed"], folder)
    if fixed_messages:
        return "nowhere"
    return "meant" if english == entry.get("means") else "elsewhere"


def ids(entries: list[dict[str, Any]]) -> list[str]:
    return [entry["wrote"].replace("\n", " ")[:60] for entry in entries]


def test_the_corpus_holds_sixty_mistakes_of_every_kind() -> None:
    assert len(ENTRIES) >= 60
    assert {entry["kind"] for entry in ENTRIES} == KINDS
    assert not [text for text, count in Counter(entry["wrote"] for entry in ENTRIES).items() if count > 1]
    for entry in ENTRIES:
        assert {"kind", "wrote", "hint"} <= set(entry), entry
        assert ("why" in entry) == (entry.get("leads") == "nowhere"), entry
        assert ("means" in entry) == ("fixed" in entry) or entry.get("leads") == "nowhere", entry


@pytest.mark.parametrize("entry", ENTRIES, ids=ids(ENTRIES))
def test_check_finds_the_mistake_and_says_the_hint(entry: dict[str, Any], tmp_path: Path) -> None:
    messages, _ = check(entry["wrote"], tmp_path)
    assert messages, "the mistake checks: it is no mistake the checker can help with"
    text = "\n".join(messages)
    assert entry["hint"] in text
    assert not INTERNAL.search(text), text
    if not entry["wrote"].startswith("card "):
        assert text.startswith(f"{tmp_path / 'mine.ccl'}:3:"), "the message points at the line of the mistake"


@pytest.mark.parametrize("entry", LEADING, ids=ids(LEADING))
def test_the_fans_correction_checks_and_means_the_meant_card(entry: dict[str, Any], tmp_path: Path) -> None:
    messages, english = check(entry["fixed"], tmp_path)
    assert not messages, "\n".join(messages)
    assert english == entry["means"]
    hint = entry["hint"]
    if not hint.startswith(("did you mean", "write ", "add ", "say ")) and " " in hint:
        # The hint wrote the line out: the fan's correction is that line.
        assert hint in entry["fixed"]


@pytest.mark.parametrize("entry", NOWHERE, ids=ids(NOWHERE))
def test_a_hint_that_leads_nowhere_leads_to_no_other_meaning(entry: dict[str, Any], tmp_path: Path) -> None:
    if "fixed" in entry:
        messages, english = check(entry["fixed"], tmp_path)
        assert messages or english == entry.get("means"), f"the hint leads to another card: {english}"


def test_nine_hints_in_ten_lead_to_the_meant_card_and_none_elsewhere(tmp_path: Path) -> None:
    outcomes = Counter(outcome(entry, tmp_path) for entry in ENTRIES)
    assert outcomes["elsewhere"] == 0
    assert outcomes["meant"] / len(ENTRIES) >= 0.9, outcomes
    assert outcomes["nowhere"] == len(NOWHERE), "an entry said to lead to the meant card does not"
