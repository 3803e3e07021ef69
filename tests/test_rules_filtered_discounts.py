"""Discounts on filtered cards (``discount 1 on faith cards``), one test per ruling of the rules page
("Discounts" under "Fan mechanics"). Cards are written in the card language and played through the public API."""

from __future__ import annotations

import pytest
from engine_kit import game, one, ruleset, seat_with, take

import castle_combo as cc
from castle_combo.engine.rules import apply
from castle_combo.language import format_card, parse_text
from castle_combo.records.narration import narrate

ABBOT = one("Abbot", "when bought: discount 2 on faith cards")
HERALD = one("Herald", "when bought: discount 1 on cards with a messenger icon")
BROKER = one("Broker", "when bought: discount 2 on cards costing 4 or more")
BISHOP = one("Bishop", "", "deck castle   cost 5   shields faith")
PRIEST = one("Priest", "", "deck village   cost 3   shields faith")
KNIGHT = one("Knight", "", "deck castle   cost 5   shields military")
RUNNER = one("Runner", "", "deck castle   cost 1   shields military   messenger")


def _after(discounter: str, bought: str, gold: int = 10) -> tuple[cc.GameState, cc.GameState]:
    """Buy ``discounter`` (cost 0), then, on the next turn of the same seat, ``bought``: the states around it."""
    rules = ruleset(ABBOT, HERALD, BROKER, BISHOP, PRIEST, KNIGHT, RUNNER)
    state = game(rules, castle=[discounter, bought])
    state = seat_with(state, 0, [], gold=gold).replace(messenger=cc.Deck.CASTLE)
    state = state.apply(take(discounter))
    state = state.apply(cc.Take(state.legal_actions()[-1].card, state.players[1].spots[0], True))
    state = state.replace(messenger=cc.Deck.CASTLE)
    return state, state.apply(take(bought, 1, 0))


def test_a_discount_on_faith_cards_applies_to_a_card_with_a_faith_shield() -> None:
    before, after = _after("Abbot", "Bishop")
    assert before.cost(0, "Bishop") == 3 and after.players[0].gold == before.players[0].gold - 3


def test_a_discount_on_faith_cards_does_not_apply_to_other_cards() -> None:
    before, after = _after("Abbot", "Knight")
    assert before.cost(0, "Knight") == 5 and after.players[0].gold == before.players[0].gold - 5


def test_a_discount_on_cards_with_a_messenger_icon_applies_to_them_only() -> None:
    before, _ = _after("Herald", "Runner")
    assert before.cost(0, "Runner") == 0 and before.cost(0, "Knight") == 5


def test_a_discount_on_cards_costing_4_or_more_reads_the_printed_cost() -> None:
    before, after = _after("Broker", "Knight")
    assert before.cost(0, "Knight") == 3 and before.cost(0, "Runner") == 1
    assert after.players[0].gold == before.players[0].gold - 3


def test_a_discount_on_filtered_cards_of_both_decks_applies_in_the_village_too() -> None:
    before, _ = _after("Abbot", "Bishop")
    assert before.cost(0, "Priest") == 1


def test_a_discount_on_filtered_cards_makes_a_card_affordable() -> None:
    before, _ = _after("Abbot", "Bishop", gold=3)
    gold = before.players[0].gold
    assert gold == 3
    assert cc.Take("Bishop", (1, 0), False) in before.legal_actions()


def test_a_discount_on_filtered_cards_adds_up_with_the_deck_discount() -> None:
    pilgrim = one("Pilgrim", "when bought: discount 1 on castle cards then discount 2 on faith cards")
    rules = ruleset(pilgrim, BISHOP)
    state = seat_with(game(rules, castle=["Pilgrim", "Bishop"]), 0, [], gold=10).replace(messenger=cc.Deck.CASTLE)
    state = state.apply(take("Pilgrim"))
    assert state.cost(0, "Bishop") == 2


def test_the_fast_take_and_the_general_path_agree_on_a_discount_on_filtered_cards() -> None:
    rules = ruleset(ABBOT, BISHOP)
    state = seat_with(game(rules, castle=["Abbot", "Bishop"]), 0, [], gold=10).replace(messenger=cc.Deck.CASTLE)
    fast, slow = apply(state, take("Abbot")), apply(state, take("Abbot"), fast=False)
    assert fast.players == slow.players and fast.players[0].discounts == (0, 0, 2)


def test_a_base_game_keeps_two_discounts_per_seat() -> None:
    state = game(ruleset(BISHOP), castle=["Bishop"])
    assert state.engine.discount_kinds == () and state.players[0].discounts == (0, 0)


def test_a_discount_on_filtered_cards_is_narrated_with_its_cards() -> None:
    rules = ruleset(ABBOT, BISHOP)
    state = seat_with(game(rules, castle=["Abbot", "Bishop"]), 0, [], gold=10).replace(messenger=cc.Deck.CASTLE)
    after = state.apply(take("Abbot"))
    assert "gets a discount of 2 on cards with a faith shield" in narrate(state, take("Abbot"), after)


def test_a_game_with_a_discount_on_filtered_cards_saves_and_loads() -> None:
    prior = one("Prior", "when bought: discount 2 on faith cards", "deck village   cost 0   shields nobility")
    rules = ruleset(prior, BISHOP)
    state = game(rules, village=["Prior"], castle=["Bishop"])
    assert state.messenger is cc.Deck.VILLAGE  # (played from the deal, so the save replays its history)
    state = state.apply(take("Prior"))
    again = cc.loads(cc.dumps(state), rules=rules)
    assert again.players == state.players and again.cost(0, "Bishop") == 3


# ---------------------------------------------------------------- the language


@pytest.mark.parametrize(("text", "english"), [
    ("discount 1 on cards with a messenger icon", "Discount 1 gold on cards with the messenger icon."),
    ("discount 2 on cards costing 4 or more", "Discount 2 gold on cards with printed cost 4 or more."),
    ("discount 1 on faith cards", "Discount 1 gold on cards with a faith shield."),
    ("discount 1 on village purse cards", "Discount 1 gold on village purse cards."),
    ("discount 1 on castle cards", "Discount 1 gold on castle cards."),
])
def test_a_discount_on_filtered_cards_reads_says_and_formats_back(text: str, english: str) -> None:
    card = one("Fan", f"when bought: {text}")
    assert card.ability[0].describe() == english
    assert parse_text(format_card(card)) == (card,)


@pytest.mark.parametrize(("text", "what"), [
    ("discount 1 on cards adjacent to this card", "adjacent to this card"),
    ("discount 1 on cards holding gold", "holding gold"),
    ("discount 1 on face-down cards", "face-down"),
    ("discount 1 on cards sharing a banner with this card", "sharing a banner with this card"),
])
def test_a_discount_on_what_a_purchase_cannot_tell_is_refused(text: str, what: str) -> None:
    with pytest.raises(cc.CastleComboError, match=f"so '{what}' cannot decide it"):
        one("Fan", f"when bought: {text}")


def test_a_one_time_discount_comes_off_after_a_discount_on_filtered_cards() -> None:
    quartermaster = one("Quartermaster", "when bought: discount 2 on faith cards then your next card costs 1 less")
    rules = ruleset(quartermaster, BISHOP)
    state = seat_with(game(rules, castle=["Quartermaster", "Bishop"]), 0, [], gold=2).replace(
        messenger=cc.Deck.CASTLE)
    state = state.apply(take("Quartermaster"))
    assert state.cost(0, "Bishop") == 2
    state = state.apply(cc.Take(state.legal_actions()[-1].card, state.players[1].spots[0], True))
    state = state.replace(messenger=cc.Deck.CASTLE)
    assert cc.Take("Bishop", (1, 0), False) in state.legal_actions()
    assert state.apply(take("Bishop", 1, 0)).players[0].gold == 0
