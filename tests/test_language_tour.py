"""The fan guide's tour of the language shows the cards of ``examples/language-tour`` as they are.

Each card of the tour file is written out in the guide, drawn, and scored in a
tableau (the docs compute the score); a card changed in one place and not the
other would make the guide say something the game does not do.
"""

from __future__ import annotations

import re
from pathlib import Path

from castle_combo.language import load_paths, parse_text

ROOT = Path(__file__).resolve().parents[1]
TOUR = ROOT / "examples" / "language-tour"
GUIDE = (ROOT / "docs" / "fan-expansion.md").read_text(encoding="utf-8")
SECTION = GUIDE[GUIDE.index("## A tour of the parts"):GUIDE.index("## Cards fans invent")]


def test_every_card_of_the_tour_file_is_written_out_in_the_guide_as_it_is() -> None:
    shown = {card.name: card for block in re.findall(r"```ccl\n(.*?)```", SECTION, re.S)
             for card in parse_text(block)}
    cards = {card.name: card for card in load_paths([TOUR])}
    assert shown == cards


def test_every_card_of_the_tour_is_drawn_and_scored_in_a_tableau() -> None:
    for card in load_paths([TOUR]):
        assert f"<!-- castle-combo:card {card.name} -->" in SECTION
        assert re.search(rf"<!-- castle-combo:tableau [^>]*\b{re.escape(card.name)}\b[^>]*; score "
                         rf"{re.escape(card.name)} -->", SECTION), card.name

