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


def test_you_choose_for_a_card_an_opponent_owes_a_choice_of() -> None:
    collector = card("when bought: each opponent chooses one: { take 1 gold from that player } or { take 1 key "
                     "from that player }", name="Tax Collector")
    state = game(ruleset(collector), village=["Tax Collector"]).apply(take("Tax Collector"))
    assert state.to_act == 1
    said = narrate(state, state.legal_actions()[0], state.apply(state.legal_actions()[0]), ["Bot", "you"])
    assert said.startswith("you choose, for Tax Collector: take 1 gold from that player")
    assert ", pay 1 gold; Bot gains 1 gold" in said


def test_you_lock_keys_on_your_cards_and_a_named_seat_on_its_cards() -> None:
    vault = card("when bought: put 2 keys on this card", name="Vault")
    state = with_seat(game(ruleset(vault), village=["Vault"]), 0, keys=3)
    after = state.apply(take("Vault"))
    said = narrate(state, take("Vault"), after, ["you", "Bot"])
    assert said == "you take Vault face up at (0, 0), lock 2 keys on your cards"
    assert narrate(state, take("Vault"), after, ["Ann", "Bot"]) == \
        "Ann takes Vault face up at (0, 0), locks 2 keys on its cards"


def test_verbs_followed_by_punctuation_agree_with_you_and_other_names_keep_them() -> None:
    from castle_combo.records.narration import _agree

    assert _agree("you passes (opens no lock)", "you") == "you pass (open no lock)"
    assert _agree("you turns X face up, sets effects aside; declines", "you") == \
        "you turn X face up, set effects aside; decline"
    assert _agree("Ann passes (opens no lock)", "Ann") == "Ann passes (opens no lock)"
