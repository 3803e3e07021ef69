"""Revealing, discard piles, reshuffles and exhausted locations (RULINGS.md)."""

from __future__ import annotations

import pytest
from engine_kit import C, V, card, game, names, play, ruleset, take

import castle_combo as cc
from castle_combo.engine.state import Location
from castle_combo.language import model as m
from castle_combo.language.model import Deck, Resource

MOVE, REFRESH = cc.UseKey(cc.KeyUse.MOVE), cc.UseKey(cc.KeyUse.REFRESH)
LOCKPICK = card("Lockpick", V, ability=[m.DiscardFromRow(Deck.VILLAGE, Resource.KEY)])
CRIER = card("Crier", C, messenger=True)


def village_only(state: cc.GameState, deck: tuple[str, ...], row: tuple[str, ...], discard: tuple[str, ...] = ()) -> cc.GameState:
    """``state`` with the village location set by hand; leftover village cards are parked in the removed pile."""
    ids = state.engine.ids
    used = {*deck, *row, *discard}
    parked = tuple(c.id for c in state.engine.facts if c.deck == 1 and c.name not in used)
    village = Location(tuple(ids[n] for n in deck), tuple(ids[n] for n in row), tuple(ids[n] for n in discard), parked)
    return state.replace(locations=(state.locations[0], village))


def test_revealed_cards_come_from_the_top_of_the_deck() -> None:
    state = game(ruleset(), village=["v5", "v6", "v7", "v8"])
    assert names(state.row(Deck.VILLAGE)) == ["v5", "v6", "v7"]
    assert names(state.apply(take("v5")).row(Deck.VILLAGE)) == ["v6", "v7", "v8"]


def test_empty_deck_is_refilled_by_shuffling_the_discard_pile() -> None:
    state = village_only(game(ruleset()), deck=(), row=("v0", "v1", "v2"), discard=("v3", "v4"))
    state = state.apply(take("v0"))
    assert len(state.row(Deck.VILLAGE)) == 3
    assert state.discard_pile(Deck.VILLAGE) == ()
    assert state.deck_size(Deck.VILLAGE) == 1
    assert len(state.origin.reshuffles) == 1


def test_key_refresh_discards_are_on_the_pile_before_reshuffle() -> None:
    rules = ruleset(village=5)
    state = game(rules, village=["v0", "v1", "v2", "v3", "v4"]).apply(REFRESH)
    row = names(state.row(Deck.VILLAGE))
    assert row[:2] == ["v3", "v4"] and row[2] in {"v0", "v1", "v2"}
    assert state.deck_size(Deck.VILLAGE) == 2 and state.discard_pile(Deck.VILLAGE) == ()


def test_a_records_reshuffle_orders_override_the_generator() -> None:
    rules = ruleset(village=5)
    order = {"deck": "village", "order": ["v1", "v2", "v0"]}
    state = game(rules, village=["v0", "v1", "v2", "v3", "v4"], reshuffles=[order]).apply(REFRESH)
    assert names(state.row(Deck.VILLAGE)) == ["v3", "v4", "v1"]
    assert [state.engine.name(c) for c in state.location(Deck.VILLAGE).deck] == ["v2", "v0"]
    assert state.script == ()


def test_a_records_reshuffle_order_must_list_exactly_the_pile() -> None:
    rules = ruleset(village=5)
    order = {"deck": "village", "order": ["v1", "v2"]}
    state = game(rules, village=["v0", "v1", "v2", "v3", "v4"], reshuffles=[order])
    with pytest.raises(cc.RecordError, match=r"\$\.reshuffles\[0\]\.order: the village discard pile"):
        state.apply(REFRESH)


def test_discarded_card_can_come_back_in_the_same_turns_reshuffle() -> None:
    state = village_only(game(ruleset(LOCKPICK)), deck=(), row=("Lockpick", "v0", "v1"), discard=())
    state = play(state, take("Lockpick"), cc.Discard("v0"))
    assert state.is_exhausted(Deck.VILLAGE)
    assert set(names(state.removed_cards(Deck.VILLAGE))[-2:]) == {"v0", "v1"}
    assert state.players[0].keys == 2 + 0


def test_exhausted_location_removes_its_remaining_cards() -> None:
    state = village_only(game(ruleset()), deck=(), row=("v0", "v1", "v2"))
    state = state.apply(take("v0"))
    village = state.location(Deck.VILLAGE)
    assert village.exhausted and village.row == () and village.deck == () and village.discard == ()
    assert names(state.removed_cards(Deck.VILLAGE))[-2:] == ["v1", "v2"]


def test_exhausted_location_moves_messenger_for_good() -> None:
    rules = ruleset(CRIER)
    state = village_only(game(rules, castle=["Crier"]), deck=(), row=("v0", "v1", "v2")).apply(take("v0"))
    assert state.messenger is Deck.CASTLE
    assert MOVE not in state.legal_actions()
    with pytest.raises(cc.IllegalAction, match="exhausted"):
        state.apply(MOVE)
    state = state.apply(take("Crier"))
    assert state.messenger is Deck.CASTLE, "a messenger icon no longer moves the messenger"


def test_key_refresh_still_works_at_the_remaining_location() -> None:
    state = village_only(game(ruleset(), castle=["c0", "c1", "c2", "c3", "c4", "c5"]), deck=(), row=("v0", "v1", "v2"))
    state = state.apply(take("v0"))
    assert REFRESH in state.legal_actions()
    state = state.apply(REFRESH)
    assert names(state.row(Deck.CASTLE)) == ["c3", "c4", "c5"]


def test_discard_piles_are_public_in_every_view() -> None:
    state = game(ruleset(), village=["v0", "v1", "v2"]).apply(REFRESH)
    assert names(state.view(1).discard_pile(Deck.VILLAGE)) == ["v0", "v1", "v2"]
