"""``castle-combo cards`` reads well at 80 columns: no line too long, no cut word, no missing column."""

from __future__ import annotations

import re

from rich.console import Console

import castle_combo as cc
from castle_combo.cli.cards import WIDE, ability_text, compact_table


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
