"""Triggers on key spends (``whenever an opponent spends a key:``) and on the messenger's moves (``whenever the
messenger moves to the village:``), one test per ruling of the rules page ("Triggers on key spends and on the
messenger").

Each card is written in the card language, as a fan would write it, and played through the public API.
"""

from __future__ import annotations

import pytest
from engine_kit import Cells, gold_of, keys_of, one, table_of, take

import castle_combo as cc
from castle_combo.errors import CardProblems
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m
from castle_combo.language.model import PlayerGroup

MOVE, REFRESH = cc.UseKey(cc.KeyUse.MOVE), cc.UseKey(cc.KeyUse.REFRESH)

FERRYMAN = one("Ferryman", "whenever an opponent spends a key: gain 1 gold")
TOLL = one("Toll Bridge", "whenever an opponent spends a key: take 1 gold from that player")
OWN = one("Porter", "whenever you spend a key: gain 2 gold")
ANY = one("Watchman", "whenever any player spends a key: gain 1 key")
HARBOUR = one("Harbour", "whenever the messenger moves to the village: gain 1 gold")
ROAD = one("Road", "whenever the messenger moves: gain 1 key")
HERALD = one("Herald", "when bought: move the messenger", "deck castle   cost 0   shields nobility")
RIDER = one("Rider", "", "deck castle   cost 0   shields military   messenger")
MONK = one("Monk", "", "deck castle   cost 0   shields faith")
CARDS = (FERRYMAN, TOLL, OWN, ANY, HARBOUR, ROAD, HERALD, RIDER, MONK)


def _table(*names: str, players: int = 2, current: int = 0, messenger: cc.Deck = cc.Deck.CASTLE,
           tableaux: Cells | None = None, cards: tuple[m.Card, ...] = CARDS) -> cc.GameState:
    return table_of(cards, *names, players=players, current=current, messenger=messenger, tableaux=tableaux)


# ---------------------------------------------------------------- key spends


def test_an_opponents_key_spend_triggers_a_card_watching_opponents() -> None:
    state = _table(tableaux={1: (("Ferryman", 0, 0),)})
    after = state.apply(MOVE)
    assert gold_of(after) == [gold_of(state)[0], gold_of(state)[1] + 1]
    assert keys_of(after) == [keys_of(state)[0] - 1, keys_of(state)[1]]


def test_a_refresh_is_a_key_spend_too() -> None:
    state = _table(tableaux={1: (("Ferryman", 0, 0),)})
    assert gold_of(state.apply(REFRESH)) == [gold_of(state)[0], gold_of(state)[1] + 1]


def test_a_trigger_on_opponents_key_spends_does_not_fire_for_its_owners_own_spends() -> None:
    state = _table(current=1, tableaux={1: (("Ferryman", 0, 0),)})
    assert gold_of(state.apply(REFRESH)) == gold_of(state)


def test_a_trigger_on_your_key_spends_fires_only_for_your_own() -> None:
    state = _table(tableaux={0: (("Porter", 0, 0),)})
    assert gold_of(state.apply(REFRESH)) == [gold_of(state)[0] + 2, gold_of(state)[1]]
    theirs = state.replace(current_player=1)
    assert gold_of(theirs.apply(REFRESH)) == gold_of(state)


def test_a_trigger_on_any_players_key_spends_fires_for_its_owner_and_the_others() -> None:
    state = _table(tableaux={1: (("Watchman", 0, 0),)})
    assert keys_of(state.apply(REFRESH)) == [keys_of(state)[0] - 1, keys_of(state)[1] + 1]
    mine = state.replace(current_player=1)
    assert keys_of(mine.apply(REFRESH)) == keys_of(state)  # spent one, gained one


def test_that_player_of_a_key_spend_trigger_is_the_player_who_spent_the_key() -> None:
    state = _table(players=3, current=2, tableaux={0: (("Toll Bridge", 0, 0),)})
    after = state.apply(REFRESH)
    assert gold_of(after) == [gold_of(state)[0] + 1, gold_of(state)[1], gold_of(state)[2] - 1]


def test_a_face_down_card_does_not_watch_key_spends() -> None:
    state = _table(tableaux={1: (("Ferryman", 0, 0, True),)})
    assert gold_of(state.apply(MOVE)) == gold_of(state)


def test_losing_a_key_to_an_effect_is_no_key_spend() -> None:
    loser = one("Loser", "when bought: lose 1 key")
    state = _table("Loser", tableaux={1: (("Ferryman", 0, 0),)}, cards=(*CARDS, loser))
    after = state.apply(take("Loser"))
    assert keys_of(after)[0] == keys_of(state)[0] - 1 and gold_of(after)[1] == gold_of(state)[1]


def test_the_others_triggers_on_a_key_spend_resolve_before_the_spenders_own() -> None:
    # Seat 1's Toll Bridge takes 1 gold from seat 0, who has exactly 1: it resolves before seat 0's own Porter,
    # which then gains 2 (seat 0 ends with 2 gold, not 1 + 2 - 1 taken after).
    state = _table(tableaux={0: (("Porter", 0, 0),), 1: (("Toll Bridge", 0, 0),)})
    state = state.replace(players=(state.players[0].replace(gold=0), state.players[1]))
    after = state.apply(REFRESH)
    assert gold_of(after) == [2, gold_of(state)[1]]


# ---------------------------------------------------------------- the messenger's moves


def test_a_key_that_moves_the_messenger_sets_off_the_triggers_on_its_moves() -> None:
    state = _table(tableaux={1: (("Harbour", 0, 0), ("Road", 1, 0))})
    after = state.apply(MOVE)
    assert after.messenger is cc.Deck.VILLAGE
    assert gold_of(after)[1] == gold_of(state)[1] + 1 and keys_of(after)[1] == keys_of(state)[1] + 1


def test_a_trigger_on_moves_to_the_village_ignores_moves_to_the_castle() -> None:
    state = _table(messenger=cc.Deck.VILLAGE, tableaux={1: (("Harbour", 0, 0), ("Road", 1, 0))})
    after = state.apply(MOVE)
    assert after.messenger is cc.Deck.CASTLE
    assert gold_of(after)[1] == gold_of(state)[1] and keys_of(after)[1] == keys_of(state)[1] + 1


def test_a_messenger_icon_moves_the_messenger_and_sets_off_the_triggers() -> None:
    state = _table("Rider", tableaux={1: (("Harbour", 0, 0),)})
    after = state.apply(take("Rider"))
    assert after.messenger is cc.Deck.VILLAGE
    assert gold_of(after)[1] == gold_of(state)[1] + 1


def test_a_messenger_icon_that_leaves_the_messenger_where_it_is_moves_nothing() -> None:
    # Its ability moves the messenger to the village (one move); its icon then sends it to the village, where it
    # already is: no second move.
    both = one("Courier", "when bought: move the messenger", "deck castle   cost 0   shields nobility   messenger")
    state = _table("Courier", tableaux={1: (("Road", 0, 0),)}, cards=(*CARDS, both))
    after = state.apply(take("Courier"))
    assert after.messenger is cc.Deck.VILLAGE and keys_of(after)[1] == keys_of(state)[1] + 1


def test_an_effect_that_moves_the_messenger_sets_off_the_triggers_once() -> None:
    state = _table("Herald", tableaux={1: (("Road", 0, 0),)})
    after = state.apply(take("Herald"))
    assert after.messenger is cc.Deck.VILLAGE
    assert keys_of(after)[1] == keys_of(state)[1] + 1


def test_a_refresh_moves_no_messenger() -> None:
    state = _table(tableaux={1: (("Road", 0, 0),)})
    assert keys_of(state.apply(REFRESH))[1] == keys_of(state)[1]


def test_the_owner_of_a_trigger_on_the_messengers_moves_gains_on_its_own_turn_too() -> None:
    state = _table(tableaux={0: (("Road", 0, 0),)})
    after = state.apply(MOVE)
    assert keys_of(after)[0] == keys_of(state)[0] - 1 + 1


# ---------------------------------------------------------------- the language


@pytest.mark.parametrize("text", [
    "whenever an opponent spends a key: gain 1 gold",
    "whenever you spend a key: gain 2 gold",
    "whenever your left neighbour spends a key: take 1 gold from that player",
    "whenever any player spends a key: gain 1 key",
    "whenever the messenger moves: gain 1 key",
    "whenever the messenger moves to the village: gain 1 gold if at least 2 keys",
])
def test_a_trigger_on_key_spends_or_moves_reads_back_as_written(text: str) -> None:
    card = one("Ferry", text)
    assert f"    {text}\n" in format_card(card)
    assert parse_text(format_card(card))[0] == card


def test_the_english_names_who_spends_and_where_the_messenger_goes() -> None:
    assert "Whenever an opponent spends a key: Gain 1 gold." in FERRYMAN.describe()
    assert "Whenever any player (you included) spends a key: Gain 1 key." in ANY.describe()
    assert "Whenever the messenger moves to the village: Gain 1 gold." in HARBOUR.describe()
    assert "Whenever the messenger moves to the other location: Gain 1 key." in ROAD.describe()
    assert FERRYMAN.spent_by is PlayerGroup.OPPONENTS and HARBOUR.moved_to is cc.Deck.VILLAGE
    assert FERRYMAN.has_trigger and ROAD.has_trigger


@pytest.mark.parametrize(("body", "words"), [
    ("whenever you spend a key: you may pay 1 gold to gain 1 key", "where no question is asked"),
    ("whenever the messenger moves: choose one: { gain 1 gold } or { gain 1 key }", "where no question is asked"),
    ("whenever the messenger moves: gain 1 gold then move the messenger", "set off the same trigger again"),
    ("whenever you spend a key: take 1 gold from that player", "'that player' is the player who took"),
    ("whenever the messenger moves: give 1 gold to that player", "'that player' is the player who took"),
])
def test_a_trigger_on_key_spends_or_moves_that_would_ask_or_loop_is_refused(body: str, words: str) -> None:
    with pytest.raises(CardProblems, match=words):
        parse_text('card "Bad" {\n  deck castle   cost 0   shields faith\n  ' + body + "\n}\n")


def test_a_card_naming_who_spends_without_the_trigger_makes_no_sense() -> None:
    card = m.Card("Odd", cc.Deck.CASTLE, 0, (m.Shield.FAITH,), spent_by=PlayerGroup.OPPONENTS)
    assert any("key spends" in p.message for p in card.problems())
    card = m.Card("Odd", cc.Deck.CASTLE, 0, (m.Shield.FAITH,), moved_to=cc.Deck.VILLAGE)
    assert any("messenger's moves" in p.message for p in card.problems())
