"""Audit: every bundled card is exactly the card the reference table describes.

``reference_cards.table_cards`` reads ``fixtures/cards.tsv`` into model
objects with its own literal reading of the notation (no card language, no
English renderer), so a card transcribed with a wrong count, scope, region,
comparison or reward fails here by name.
"""

from __future__ import annotations

import pytest
from reference_cards import table_cards

import castle_combo as cc

TABLE = table_cards()


@pytest.mark.parametrize("card", TABLE, ids=[card.name for card in TABLE])
def test_bundled_card_is_the_tables_card(card: cc.Card) -> None:
    assert cc.Ruleset.standard()[card.name] == card


def test_the_table_reads_as_78_cards_39_per_deck() -> None:
    assert len(TABLE) == 78
    assert sum(1 for card in TABLE if card.deck is cc.Deck.CASTLE) == 39
