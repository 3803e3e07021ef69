"""Triggers narrowed to one kind of key spend (``whenever an opponent spends a key to refresh a row:``,
``whenever you spend a key to move the messenger:``, ``... to refresh the castle row:``), one test per ruling of
the fan card that asked for them, the Gatewarden, and of the rules page ("Triggers on key spends and on the
messenger").

Each card is written in the card language, as a fan would write it, and played through the public API.
"""

from __future__ import annotations

import attrs
import pytest
from engine_kit import game, gold_of, keys_of, one, ruleset, seat_with, table_of, take

import castle_combo as cc
from castle_combo.errors import CardSyntaxError
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m

MOVE, REFRESH = cc.UseKey(cc.KeyUse.MOVE), cc.UseKey(cc.KeyUse.REFRESH)

GATEWARDEN = one("Gatewarden", "whenever an opponent spends a key to refresh a row: gain 1 gold\n"
                 "    score 4 if at least 5 keys", "deck castle   cost 4   shields military")
COURIER = one("Courier", "whenever you spend a key to move the messenger: gain 1 key")
CASTELLAN = one("Castellan", "whenever any player spends a key to refresh the castle row: gain 2 gold")
EXECUTIONER = one("Headsman", "when bought: discard the castle row", "deck castle   cost 0   shields military")
TOADY = one("Toady", "lock\n    when unlocked: discard a whole row", "deck castle   cost 0   shields nobility")
MONK = one("Monk", "", "deck castle   cost 0   shields faith")
CARDS = (GATEWARDEN, COURIER, CASTELLAN, EXECUTIONER, TOADY, MONK)


# ---------------------------------------------------------------- the Gatewarden's rulings


def test_a_key_spent_by_another_player_to_refresh_a_row_gains_the_gatewarden_1gold_of() -> None:
    state = table_of(CARDS, tableaux={1: (("Gatewarden", 0, 0),)})
    after = state.apply(REFRESH)
    assert gold_of(after) == [gold_of(state)[0], gold_of(state)[1] + 1]


def test_the_gatewardens_gold_comes_at_once_in_the_other_players_turn() -> None:
    state = table_of(CARDS, tableaux={1: (("Gatewarden", 0, 0),)})
    after = state.apply(REFRESH)
    assert after.current_player == 0 and after.phase is cc.Phase.TAKE
    assert gold_of(after)[1] == gold_of(state)[1] + 1


def test_a_key_spent_to_move_the_messenger_gains_the_gatewarden_nothing() -> None:
    state = table_of(CARDS, tableaux={1: (("Gatewarden", 0, 0),)})
    after = state.apply(MOVE)
    assert after.messenger is cc.Deck.VILLAGE and gold_of(after) == gold_of(state)


def test_the_gatewarden_ignores_its_owners_own_key_spends() -> None:
    state = table_of(CARDS, current=1, tableaux={1: (("Gatewarden", 0, 0),)})
    assert gold_of(state.apply(REFRESH)) == gold_of(state)


def test_a_card_ability_that_discards_a_row_is_no_key_spend_for_the_gatewarden() -> None:
    state = table_of(CARDS, "Headsman", tableaux={1: (("Gatewarden", 0, 0),)})
    after = state.apply(take("Headsman"))
    assert gold_of(after)[1] == gold_of(state)[1]


def test_a_lock_that_discards_a_row_is_no_key_spend_for_the_gatewarden() -> None:
    state = table_of(CARDS, tableaux={0: (("Toady", 0, 0),), 1: (("Gatewarden", 0, 0),)})
    after = state.apply(cc.Unlock("Toady")).apply(cc.DiscardRow(cc.Deck.CASTLE))
    assert gold_of(after)[1] == gold_of(state)[1]


def test_the_gatewarden_gains_once_per_key() -> None:
    state = table_of(CARDS, players=3, tableaux={1: (("Gatewarden", 0, 0),)})
    after = state.apply(REFRESH)
    assert gold_of(after)[1] == gold_of(state)[1] + 1


def test_a_face_down_gatewarden_watches_no_key_spend() -> None:
    state = table_of(CARDS, tableaux={1: (("Gatewarden", 0, 0, True),)})
    assert gold_of(state.apply(REFRESH)) == gold_of(state)


# ---------------------------------------------------------------- the other kinds


def test_a_trigger_on_keys_spent_to_move_the_messenger_fires_on_a_move_only() -> None:
    state = table_of(CARDS, tableaux={0: (("Courier", 0, 0),)})
    assert keys_of(state.apply(MOVE)) == keys_of(state)  # spent one, gained one
    assert keys_of(state.apply(REFRESH)) == [keys_of(state)[0] - 1, keys_of(state)[1]]


def test_a_trigger_on_keys_spent_to_move_the_messenger_ignores_other_moves() -> None:
    herald = one("Herald", "when bought: move the messenger", "deck castle   cost 0   shields nobility")
    rules = ruleset(*CARDS, herald)
    state = seat_with(game(rules, castle=["Herald"]), 0, [("Courier", 0, 0)]).replace(messenger=cc.Deck.CASTLE)
    after = state.apply(take("Herald", 1, 0))
    assert after.messenger is cc.Deck.VILLAGE and after.players[0].keys == state.players[0].keys


def test_a_trigger_on_the_refresh_of_the_castle_row_ignores_the_village_row() -> None:
    castle = table_of(CARDS, tableaux={1: (("Castellan", 0, 0),)})
    assert gold_of(castle.apply(REFRESH)) == [gold_of(castle)[0], gold_of(castle)[1] + 2]
    village = table_of(CARDS, messenger=cc.Deck.VILLAGE, tableaux={1: (("Castellan", 0, 0),)})
    assert gold_of(village.apply(REFRESH)) == gold_of(village)


def test_a_trigger_on_any_players_refresh_of_a_row_fires_for_its_owner_too() -> None:
    state = table_of(CARDS, current=1, tableaux={1: (("Castellan", 0, 0),)})
    assert gold_of(state.apply(REFRESH)) == [gold_of(state)[0], gold_of(state)[1] + 2]


def test_the_plain_trigger_on_key_spends_still_watches_every_spend() -> None:
    plain = one("Ferryman", "whenever an opponent spends a key: gain 1 gold")
    assert plain.spent_for is None and plain.refreshed is None
    rules = ruleset(*CARDS, plain)
    state = seat_with(game(rules), 1, [("Ferryman", 0, 0)])
    assert state.apply(MOVE).players[1].gold == state.players[1].gold + 1
    assert state.apply(REFRESH).players[1].gold == state.players[1].gold + 1


# ---------------------------------------------------------------- the language


@pytest.mark.parametrize(("line", "english"), [
    ("whenever an opponent spends a key to refresh a row: gain 1 gold",
     "Whenever an opponent spends a key to refresh a row: Gain 1 gold."),
    ("whenever you spend a key to move the messenger: gain 1 key",
     "Whenever you spend a key to move the messenger: Gain 1 key."),
    ("whenever any player spends a key to refresh the castle row: gain 2 gold",
     "Whenever any player (you included) spends a key to refresh the castle row: Gain 2 gold."),
    ("whenever your left neighbour spends a key to refresh the village row: gain 1 gold",
     "Whenever your left neighbour spends a key to refresh the village row: Gain 1 gold."),
    ("whenever you spend a key to refresh a row: gain 1 gold",
     "Whenever you spend a key to refresh a row: Gain 1 gold."),
])
def test_what_a_key_did_is_written_after_a_key_and_read_back(line: str, english: str) -> None:
    card = one("Warden", line)
    assert line in format_card(card)
    assert parse_text(format_card(card)) == (card,)
    assert english in card.describe()


def test_the_gatewarden_is_written_exactly() -> None:
    assert GATEWARDEN.spent_by is m.PlayerGroup.OPPONENTS
    assert GATEWARDEN.spent_for is m.KeyPurpose.REFRESH and GATEWARDEN.refreshed is None
    assert GATEWARDEN.spend_heading == "whenever an opponent spends a key to refresh a row"


def test_a_row_named_without_the_refresh_is_refused() -> None:
    card = attrs.evolve(COURIER, refreshed=m.Deck.CASTLE)
    problems = card.problems()
    assert any("refresh" in p.message and "spent_for=KeyPurpose.REFRESH" in p.hint for p in problems)


def test_what_a_key_did_without_a_trigger_on_key_spends_is_refused() -> None:
    card = attrs.evolve(MONK, spent_for=m.KeyPurpose.MOVE)
    assert any("leave spent_for out" in p.hint for p in card.problems())


def test_a_kind_of_key_spend_the_language_lacks_is_a_clear_error() -> None:
    with pytest.raises(CardSyntaxError, match="expected 'move' or 'refresh' after 'to'"):
        one("Warden", "whenever an opponent spends a key to discard a row: gain 1 gold")


def test_a_card_has_one_trigger_on_key_spends_whatever_its_spender_and_purpose() -> None:
    text = ('card "T" {\n    deck castle cost 1 shields faith\n'
            '    whenever an opponent spends a key to refresh a row: gain 1 gold\n'
            '    whenever you spend a key to move the messenger: gain 1 key\n}\n')
    with pytest.raises(cc.CastleComboError) as caught:
        parse_text(text, "mine.ccl")
    message = str(caught.value)
    assert "has two triggers on key spends (first at line 3)" in message
    assert "hint: keep one 'whenever ... spends a key ...:'" in message
