"""Take triggers that resolve after the ability of the card taken (``whenever you take a village card, after its
ability:``), one test per ruling of the rules page ("Taking a card").

Each card is written in the card language, as a fan would write it, and played through the public API.
"""

from __future__ import annotations

import pytest
from engine_kit import game, one, ruleset, seat_with, take

import castle_combo as cc
from castle_combo.facts import FACE_DOWN_GOLD
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m

CRIER = one("Market Crier", "whenever you take a card, after its ability: gain 1 gold if at least 5 gold")
EARLY = one("Early Crier", "whenever you take a card: gain 1 gold if at least 5 gold")
PURSER = one("Purser", "whenever you take a card, after its ability: gain 2 gold")
COUNTER = one("Counter", "whenever you take a card, after its ability: gain 1 key if at least 2 gold")
WATCHER = one("Watcher", "whenever you take a card, after its ability: gain 1 gold if the messenger is at the castle")
MINER = one("Miner", "when bought: gain 5 gold")
CHOOSER = one("Chooser", "when bought: choose one: { gain 5 gold } or { gain 1 key }")
RIDER = one("Rider", "", "deck castle   cost 0   shields military   messenger")
MONK = one("Monk", "", "deck castle   cost 0   shields faith")
CARDS = (CRIER, EARLY, PURSER, COUNTER, WATCHER, MINER, CHOOSER, RIDER, MONK)


def _table(*names: str, cells: tuple[tuple[str, int, int], ...] = ()) -> cc.GameState:
    """Seat 0 to take from the castle row (``names`` on top), with ``cells`` in its tableau and no gold."""
    state = seat_with(game(ruleset(*CARDS), castle=list(names)), 0, list(cells))
    players = (state.players[0].replace(gold=0), *state.players[1:])
    return state.replace(messenger=cc.Deck.CASTLE, current_player=0, players=players)


def test_a_take_trigger_after_its_ability_sees_what_the_ability_did() -> None:
    after = _table("Miner", cells=(("Market Crier", 0, 0),)).apply(take("Miner", 1, 0))
    assert after.players[0].gold == 5 + 1
    before = _table("Miner", cells=(("Early Crier", 0, 0),)).apply(take("Miner", 1, 0))
    assert before.players[0].gold == 5  # resolved before the ability, with no gold yet


def test_a_take_trigger_after_its_ability_waits_for_the_abilitys_question() -> None:
    asked = _table("Chooser", cells=(("Market Crier", 0, 0),)).apply(take("Chooser", 1, 0))
    assert asked.pending is not None and asked.players[0].gold == 0
    gold = next(a for a in asked.legal_actions() if isinstance(a, cc.Choose) and a.option == 1)
    assert asked.apply(gold).players[0].gold == 5 + 1
    key = next(a for a in asked.legal_actions() if isinstance(a, cc.Choose) and a.option == 2)
    assert asked.apply(key).players[0].gold == 0


def test_take_triggers_after_the_ability_resolve_in_the_order_their_cards_were_taken() -> None:
    state = _table("Monk", cells=(("Purser", 0, 0), ("Counter", 1, 0)))
    after = state.apply(take("Monk", 2, 0))
    assert after.players[0].gold == 2 and after.players[0].keys == state.players[0].keys + 1
    reverse = _table("Monk", cells=(("Counter", 0, 0), ("Purser", 1, 0))).apply(take("Monk", 2, 0))
    assert reverse.players[0].gold == 2 and reverse.players[0].keys == state.players[0].keys


def test_a_take_trigger_after_its_ability_resolves_before_the_messenger_icon() -> None:
    after = _table("Rider", cells=(("Watcher", 0, 0),)).apply(take("Rider", 1, 0))
    assert after.messenger is cc.Deck.VILLAGE and after.players[0].gold == 1


def test_a_card_taken_face_down_has_no_ability_so_the_trigger_resolves_at_once() -> None:
    after = _table("Miner", cells=(("Market Crier", 0, 0),)).apply(take("Miner", 1, 0, face_down=True))
    assert after.players[0].gold == FACE_DOWN_GOLD + 1


def test_a_take_trigger_after_its_ability_reads_back_as_written() -> None:
    assert "    whenever you take a card, after its ability: gain 2 gold\n" in format_card(PURSER)
    assert parse_text(format_card(CRIER))[0] == CRIER and CRIER.after_ability and not EARLY.after_ability
    assert ("Whenever you take a card after this one, once that card's ability is done: Gain 2 gold."
            in PURSER.describe())


def test_after_its_ability_on_other_players_takes_is_refused() -> None:
    card = m.Card("Odd", cc.Deck.CASTLE, 0, (m.Shield.FAITH,), taken=(m.Gain(1, m.Resource.GOLD),),
                  taken_by=m.PlayerGroup.OPPONENTS, after_ability=True)
    assert any("before the taker's own triggers" in p.message for p in card.problems())
    with pytest.raises(cc.CastleComboError):
        parse_text('card "Odd" { deck castle cost 0 shields faith '
                   "whenever an opponent takes a card, after its ability: gain 1 gold }")


def test_after_its_ability_without_a_take_trigger_makes_no_sense() -> None:
    card = m.Card("Odd", cc.Deck.CASTLE, 0, (m.Shield.FAITH,), after_ability=True)
    assert any("after the ability of the card taken" in p.message for p in card.problems())
