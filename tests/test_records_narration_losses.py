"""Narration says who pays and who loses: a player whose turn it is pays or spends, any other player loses.

An opponent does not "spend" a key an effect of someone else takes from them.
"""

from __future__ import annotations

from engine_kit import game, ruleset, take, with_seat
from test_rules_fan_language import card

from castle_combo.records.narration import narrate


def test_an_opponent_made_to_lose_a_key_loses_it_and_spends_nothing() -> None:
    thief = card("when bought: each opponent loses 1 key\n take 1 gold from each opponent", name="Thief")
    state = with_seat(game(ruleset(thief), village=["Thief"]), 1, keys=2, gold=3)
    after = state.apply(take("Thief"))
    said = narrate(state, take("Thief"), after)
    assert "seat 1 loses 1 gold and 1 key" in said
    assert "spends" not in said
