"""The card language: ``.ccl`` text <-> the frozen card model.

Reading::

    from castle_combo.language import load_paths, parse_text
    cards = load_paths(["cards/"])          # every .ccl file, sorted
    (nun,) = parse_text(text, "nun.ccl")    # the cards of one text

Writing: :func:`format_card` gives canonical ``.ccl`` text, and
``parse_text(format_card(card)) == (card,)``.

Every problem raises a :class:`~castle_combo.errors.CastleComboError`
subclass whose message is ``file:line:column: what is wrong``, the line, a
caret under the spot and a hint; :class:`CardProblems` carries every problem
of a file at once. The syntax is documented in ``docs/card-language.md``.
"""

from __future__ import annotations

from castle_combo.language.formatter import format_card, format_cards, format_effect, format_scoring
from castle_combo.language.loader import (
    CheckReport,
    ReadText,
    card_files,
    check_paths,
    load_file,
    load_paths,
    parse_text,
    read_cards,
)
from castle_combo.language.messages import CardProblems
from castle_combo.language.regions import region_of

__all__ = [
    "parse_text",
    "load_file",
    "load_paths",
    "check_paths",
    "read_cards",
    "ReadText",
    "card_files",
    "CheckReport",
    "CardProblems",
    "format_card",
    "format_cards",
    "format_effect",
    "format_scoring",
    "region_of",
]
