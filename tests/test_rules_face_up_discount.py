"""A one-time discount that waits for a card bought face up (``your next card bought face up costs 3 less``, an
Apprentice; Sushi Go's Wasabi), one test per ruling of the rules page ("One-time discounts").

Each card is written in the card language, as a fan would write it, and played through the public API.
"""

from __future__ import annotations

import json

import pytest
from engine_kit import game, ruleset, take

import castle_combo as cc
from castle_combo.errors import CardProblems
from castle_combo.language import format_card, parse_text
from castle_combo.records import narration

CASTLE = "deck castle   cost 0   shields nobility"


def one(name: str, body: str, facts: str = CASTLE) -> cc.Card:
    (card,) = parse_text(f'card "{name}" {{\n    {facts}\n    {body}\n}}\n', "fan.ccl")
    return card


APPRENTICE = one("Apprentice", "when bought: your next card bought face up costs 3 less")
MASON = one("Mason", "when bought: your next castle card bought face up costs 2 less")
HERALD = one("Herald", "when bought: your next card costs 1 less")
NOBLE = one("Noble", "", "deck castle   cost 5   shields nobility")
FARM = one("Farm", "", "deck village   cost 4   shields peasantry")


def at_castle(state: cc.GameState) -> cc.GameState:
    """``state`` after the first player spends a key to move the messenger to the castle (a replayable start)."""
    return state.apply(cc.UseKey(cc.KeyUse.MOVE))


def _bought(*cards: cc.Card, first: str = "Apprentice") -> cc.GameState:
    """Seat 0 bought ``first``, seat 1 took c0: seat 0 to play with the castle row Noble, c1, c2."""
    state = at_castle(game(ruleset(*cards, NOBLE, FARM), castle=[first, "Noble", "c0", "c1", "c2"],
                           village=["Farm"]))
    return state.apply(take(first)).apply(take("c0"))


# ---------------------------------------------------------------- the language


def test_a_face_up_one_time_discount_is_written_said_and_formatted_back() -> None:
    (effect,) = APPRENTICE.ability
    assert effect.face_up and effect.amount == 3 and effect.deck is None
    assert effect.describe() == ("Your next card bought face up costs 3 gold less (of any deck; after your "
                                 "discounts, never below 0; taking a card face down does not use it).")
    assert "when bought: your next card bought face up costs 3 less\n" in format_card(APPRENTICE)
    assert parse_text(format_card(APPRENTICE))[0] == APPRENTICE
    assert MASON.ability[0].ccl() == "your next castle card bought face up costs 2 less"
    assert parse_text(format_card(MASON))[0] == MASON


def test_a_face_up_one_time_discount_at_the_end_of_the_game_is_refused() -> None:
    with pytest.raises(CardProblems, match="never used"):
        one("Late", "at the end of the game: your next card bought face up costs 3 less")


# ---------------------------------------------------------------- the rules


def test_a_face_up_one_time_discount_waits_in_the_state() -> None:
    state = _bought(APPRENTICE)
    assert state.players[0].next_face_up == (3, 0, 0)
    assert state.players[0].next_discounts == (0, 0, 0)
    assert state.cost(0, "Noble") == 2


def test_taking_a_card_face_down_does_not_use_a_face_up_one_time_discount() -> None:
    state = _bought(APPRENTICE)
    after = state.apply(take("Noble", 1, 0, face_down=True))
    assert after.players[0].next_face_up == (3, 0, 0)
    assert after.players[0].gold == state.players[0].gold + 6


def test_the_next_card_bought_face_up_uses_the_face_up_one_time_discount() -> None:
    state = _bought(APPRENTICE)
    after = state.apply(take("Noble", 1, 0))
    assert after.players[0].gold == state.players[0].gold - 2
    assert after.players[0].next_face_up == (0, 0, 0)


def test_a_face_up_one_time_discount_outlasts_face_down_takes_until_a_face_up_one() -> None:
    state = _bought(APPRENTICE)
    state = state.apply(take("c1", 1, 0, face_down=True)).apply(take("c2", 1, 0))
    assert state.players[0].next_face_up == (3, 0, 0)
    after = state.apply(take("Noble", 2, 0))
    assert after.players[0].gold == state.players[0].gold - 2 and after.players[0].next_face_up == (0, 0, 0)


def test_a_face_up_one_time_discount_never_brings_a_cost_below_zero_and_is_spent_whatever_it_saved() -> None:
    state = _bought(APPRENTICE)
    after = state.apply(take("c1", 1, 0))
    assert after.players[0].gold == state.players[0].gold and after.players[0].next_face_up == (0, 0, 0)


def test_a_face_up_one_time_discount_on_one_deck_waits_for_a_face_up_card_of_that_deck() -> None:
    state = _bought(MASON, first="Mason")
    state = state.apply(cc.UseKey(cc.KeyUse.MOVE))  # to the village
    assert state.cost(0, "Farm") == 4
    state = state.apply(take("Farm", 1, 0))
    assert state.players[0].next_face_up == (0, 2, 0)  # a village card leaves the castle discount waiting


def test_a_face_down_take_uses_the_other_one_time_discount_and_leaves_the_face_up_one() -> None:
    both = one("Both", "when bought: your next card costs 1 less   your next card bought face up costs 3 less")
    state = _bought(both, first="Both")
    assert state.cost(0, "Noble") == 1
    down = state.apply(take("Noble", 1, 0, face_down=True))
    assert down.players[0].next_discounts == (0, 0, 0) and down.players[0].next_face_up == (3, 0, 0)
    up = state.apply(take("Noble", 1, 0))
    assert up.players[0].gold == state.players[0].gold - 1
    assert up.players[0].next_discounts == (0, 0, 0) and up.players[0].next_face_up == (0, 0, 0)


def test_a_card_affordable_only_with_a_face_up_one_time_discount_may_be_bought_face_up() -> None:
    state = _bought(APPRENTICE)
    players = list(state.players)
    players[0] = players[0].replace(gold=2)
    state = state.replace(players=tuple(players))
    assert take("Noble", 1, 0) in state.legal_actions()
    assert state.apply(take("Noble", 1, 0)).players[0].gold == 0


def test_a_face_up_one_time_discount_never_applies_to_the_card_whose_ability_grants_it() -> None:
    dear = one("Dear Apprentice", "when bought: your next card bought face up costs 3 less",
               "deck castle   cost 4   shields nobility")
    state = at_castle(game(ruleset(dear), castle=["Dear Apprentice"]))
    after = state.apply(take("Dear Apprentice"))
    assert after.players[0].gold == state.players[0].gold - 4 and after.players[0].next_face_up == (3, 0, 0)


# ---------------------------------------------------------------- saves, views, narration


def test_a_face_up_one_time_discount_is_kept_in_saves_and_a_save_without_one_still_loads() -> None:
    rules = ruleset(MASON)
    state = at_castle(game(rules, castle=["Mason"])).apply(take("Mason"))
    data = json.loads(cc.dumps(state))
    assert data["players"][0]["next_face_up"] == {"castle": 2}
    assert "next_face_up" not in data["players"][1] and "next_discounts" not in data["players"][0]
    assert cc.loads(cc.dumps(state), rules=rules) == state
    assert cc.replay(state.record(), rules=rules) == state
    before = at_castle(game(rules, castle=["Mason"]))
    assert "next_face_up" not in cc.dumps(before)
    assert cc.loads(cc.dumps(before), rules=rules).players[0].next_face_up == (0, 0, 0)


def test_a_save_with_a_malformed_face_up_one_time_discount_is_refused_naming_the_place() -> None:
    rules = ruleset(MASON)
    state = at_castle(game(rules, castle=["Mason"])).apply(take("Mason"))
    data = json.loads(cc.dumps(state))
    data["players"][0]["next_face_up"] = {"castle": -1}
    with pytest.raises(cc.RecordError, match="next_face_up"):
        cc.loads(json.dumps(data), rules=rules)


def test_a_face_up_one_time_discount_shows_in_the_view_and_the_narration() -> None:
    rules = ruleset(APPRENTICE)
    before = at_castle(game(rules, castle=["Apprentice"]))
    state = before.apply(take("Apprentice"))
    assert state.view(1).players[0].next_face_up == (3, 0, 0)
    said = narration.narrate(before, take("Apprentice"), state, ["Ann", "Bob"])
    assert "one-time discount of 3 on the next card bought face up" in said
