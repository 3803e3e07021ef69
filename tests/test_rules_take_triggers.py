"""The take trigger (``whenever you take a card:``), one test per ruling of the rules page ("Triggers").

Each card is written in the card language, as a fan would write it, and played through the public API.
"""

from __future__ import annotations

import pytest
from engine_kit import game, one, ruleset, seat_with, take

import castle_combo as cc
from castle_combo.engine.rules import apply
from castle_combo.facts import FACE_DOWN_GOLD, FACE_DOWN_KEYS
from castle_combo.language import format_card, parse_text
from castle_combo.language.model import Part

TOLLGATE = one("Tollgate", "whenever you take a card: gain 1 gold")
CHAPTER = one("Chapter", "whenever you take a faith card: gain 2 keys")
MONK = one("Monk", "", "deck castle   cost 0   shields faith")
SOLDIER = one("Soldier", "", "deck castle   cost 0   shields military")


def _castle(*names: str, tableau: tuple[tuple[str, int, int], ...] = (("Tollgate", 0, 0),),
            cards: tuple[cc.Card, ...] = (TOLLGATE, CHAPTER, MONK, SOLDIER)) -> cc.GameState:
    state = game(ruleset(*cards), castle=list(names))
    return seat_with(state, 0, list(tableau)).replace(messenger=cc.Deck.CASTLE)


def test_a_take_trigger_resolves_each_time_its_owner_takes_a_card_after_it() -> None:
    state = _castle("Soldier", "Monk")
    after = state.apply(take("Soldier", 1, 0))
    assert after.players[0].gold == state.players[0].gold + 1


def test_a_take_trigger_does_not_resolve_for_the_card_itself() -> None:
    state = _castle("Tollgate", tableau=())
    after = state.apply(take("Tollgate"))
    assert after.players[0].gold == state.players[0].gold


def test_a_take_trigger_resolves_for_a_card_taken_face_down_when_its_filter_can_match_one() -> None:
    state = _castle("Soldier")
    after = state.apply(take("Soldier", 1, 0, face_down=True))
    assert after.players[0].gold == state.players[0].gold + FACE_DOWN_GOLD + 1


def test_a_take_trigger_on_shields_never_matches_a_card_taken_face_down() -> None:
    state = _castle("Monk", tableau=(("Chapter", 0, 0),))
    down = state.apply(take("Monk", 1, 0, face_down=True))
    assert down.players[0].keys == state.players[0].keys + FACE_DOWN_KEYS
    up = state.apply(take("Monk", 1, 0))
    assert up.players[0].keys == state.players[0].keys + 2


def test_a_take_trigger_resolves_only_for_the_kind_of_card_it_names() -> None:
    state = _castle("Soldier", tableau=(("Chapter", 0, 0),))
    assert state.apply(take("Soldier", 1, 0)).players[0].keys == state.players[0].keys


def test_a_face_down_card_with_a_take_trigger_does_not_trigger() -> None:
    state = _castle("Soldier", tableau=(("Tollgate", 0, 0, True),))  # type: ignore[arg-type]
    assert state.apply(take("Soldier", 1, 0)).players[0].gold == state.players[0].gold


def test_a_take_trigger_resolves_only_for_its_owner() -> None:
    state = _castle("Soldier")
    state = state.replace(current_player=1)
    after = state.apply(take("Soldier"))
    assert after.players[0].gold == state.players[0].gold and after.players[1].gold == state.players[1].gold


def test_a_take_trigger_resolves_after_the_card_is_placed_and_paid_and_before_its_ability() -> None:
    counter = one("Counter", "whenever you take a card: gain 1 gold per card")
    spender = one("Spender", "when bought: gain 1 key if at least 3 gold", "deck castle   cost 2   shields military")
    state = _castle("Spender", tableau=(("Counter", 0, 0),), cards=(counter, spender))
    state = state.replace(players=(state.players[0].replace(gold=2), state.players[1]))
    after = state.apply(take("Spender", 1, 0))
    # Paid 2 (gold 0), then the trigger counts 2 cards, the new one included (gold 2): the ability's condition
    # (at least 3 gold) reads the gold after the trigger, so it does not hold.
    assert (after.players[0].gold, after.players[0].keys) == (2, state.players[0].keys)


def test_take_triggers_resolve_in_the_order_their_cards_were_taken() -> None:
    first = one("First", "whenever you take a card: gain 1 gold if no key")
    second = one("Second", "whenever you take a card: gain 1 key")
    state = _castle("Soldier", tableau=(("First", 0, 0), ("Second", 1, 0)), cards=(first, second, SOLDIER))
    state = state.replace(players=(state.players[0].replace(keys=0), state.players[1]))
    after = state.apply(take("Soldier", 2, 0))
    assert (after.players[0].gold, after.players[0].keys) == (state.players[0].gold + 1, 1)


def test_a_take_trigger_next_to_this_card_reads_where_the_card_taken_lies() -> None:
    watch = one("Watch", "whenever you take a card adjacent to this card: gain 3 gold")
    state = _castle("Soldier", "Monk", tableau=(("Watch", 0, 0), ("c1", 1, 0)), cards=(watch, MONK, SOLDIER))
    assert state.apply(take("Soldier", 0, 1)).players[0].gold == state.players[0].gold + 3
    assert state.apply(take("Soldier", 1, 1)).players[0].gold == state.players[0].gold


def test_the_fast_take_and_the_general_path_agree_on_a_take_trigger() -> None:
    state = _castle("Soldier")
    fast, slow = apply(state, take("Soldier", 1, 0)), apply(state, take("Soldier", 1, 0), fast=False)
    assert fast.players == slow.players and fast.players[0].gold == state.players[0].gold + 1


def test_a_card_with_a_take_trigger_is_a_card_with_a_trigger() -> None:
    assert TOLLGATE.has_trigger
    state = _castle("Soldier")
    assert Part.TRIGGER in state.engine.facts[state.engine.ids["Tollgate"]].parts


# ---------------------------------------------------------------- the language


def test_a_take_trigger_reads_and_formats_back() -> None:
    card = one("Chapter", "whenever you take a faith card:\n        gain 2 keys\n        gain 1 gold")
    assert parse_text(format_card(card)) == (card,)
    assert "whenever you take a card with a faith shield:" in format_card(card)
    assert "Whenever you take a card with a faith shield after this one: Gain 2 keys. Gain 1 gold." in card.describe()


def test_a_take_trigger_may_ask_its_owner_a_question() -> None:
    card = one("Sweeper", "whenever you take a card: discard a row")
    assert parse_text(format_card(card)) == (card,)


def test_a_take_trigger_is_never_for_the_card_itself() -> None:
    with pytest.raises(cc.CastleComboError, match="never for itself"):
        one("Odd", "whenever you take a card that is this card: gain 1 gold")


def test_a_take_trigger_on_a_face_down_card_with_a_shield_is_refused() -> None:
    with pytest.raises(cc.CastleComboError, match="never matches a face-down card"):
        one("Odd", "whenever you take a face-down faith card: gain 1 gold")


def test_a_take_trigger_cannot_name_a_place_of_the_final_grid() -> None:
    with pytest.raises(cc.CastleComboError, match="before the final grid is known"):
        one("Odd", "whenever you take a corner card: gain 1 gold")
