"""``castle-combo cards`` reads well at 80 columns: no line too long, no cut word, no missing column.

Output that is not a terminal (a pipe, a file, pytest's capture) is as wide as ``COLUMNS`` says, or 80.
"""

from __future__ import annotations

import re

import pytest
from rich.console import Console

import castle_combo as cc
from castle_combo.cli import main
from castle_combo.cli._console import PIPED_WIDTH, piped_width
from castle_combo.cli.cards import WIDE, ability_text, compact_table
from castle_combo.language import format_card


def rendered(width: int) -> str:
    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    console = Console(width=width, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(compact_table(rules.cards, f"{len(rules)} cards"))
    return console.export_text()


def test_at_80_columns_every_line_fits_and_every_card_has_its_whole_name() -> None:
    text = rendered(80)
    assert max(len(line) for line in text.splitlines()) <= 80
    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    for card in rules.cards:
        assert re.search(rf"^  {re.escape(card.name)} ", text, re.M), card.name


def test_at_80_columns_no_word_of_a_cards_text_is_cut() -> None:
    text = rendered(80)
    words = set(text.split())
    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    for card in rules.cards:
        for word in (ability_text(card) + " " + " ".join(r.describe() for r in card.scoring)).split():
            assert word in words, (card.name, word)


def test_the_wide_table_is_kept_for_wide_terminals_and_the_compact_one_for_narrow_ones() -> None:
    assert 80 < WIDE <= 160
    assert "ability, then scoring" in rendered(80)


def command_output(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """What ``castle-combo ARGV`` prints on stdout when it is not a terminal (captured, like a pipe)."""
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def widest(text: str) -> int:
    return max(len(line) for line in text.splitlines())


@pytest.mark.parametrize("name", ["Steward", "Potter", "Guildmaster"])
def test_a_piped_card_honours_columns_80_and_loses_no_word_of_its_source(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out = command_output(capsys, "cards", name)
    assert widest(out) <= 80
    card = cc.Ruleset.standard()[name]
    assert set(format_card(card).split()) <= set(out.split()), "a long .ccl line wraps, it is not cut"


def test_a_piped_card_without_columns_is_80_columns_wide(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    assert widest(command_output(capsys, "cards", "Steward")) == PIPED_WIDTH == 80


def test_the_piped_table_follows_columns_compact_at_80_wide_at_160(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    narrow = command_output(capsys, "cards")
    assert widest(narrow) <= 80 and "ability, then scoring" in narrow
    monkeypatch.setenv("COLUMNS", "160")
    wide = command_output(capsys, "cards")
    assert 80 < widest(wide) <= 160 and "messenger" in wide.splitlines()[2]


def test_a_piped_card_panel_has_no_trailing_spaces(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    for argv in (["cards", "Nun"], ["cards", "--deck", "castle"]):
        lines = command_output(capsys, *argv).splitlines()
        assert lines and all(line == line.rstrip() for line in lines), argv


@pytest.mark.parametrize(("columns", "width"), [("100", 100), ("", 80), ("wide", 80), ("0", 80), (None, 80)])
def test_piped_width_is_columns_when_it_is_a_positive_number(columns: str | None, width: int) -> None:
    assert piped_width({} if columns is None else {"COLUMNS": columns}) == width
