"""Discard a whole row (the rules page, "Out of the Oubliette!": discard a whole row), on synthetic cards."""

from __future__ import annotations

import pytest
from engine_kit import C, V, balanced, card, game, keys, names, play, ruleset, seat_with, take

import castle_combo as cc
from castle_combo.engine.decisions import ChooseRow
from castle_combo.language import model as m
from castle_combo.language.model import Deck, Scope, Shield

CRAFT = Shield.CRAFTSMANSHIP


def toady(bonus: tuple[m.Effect, ...] = (), **kw: object) -> m.Card:
    """A castle lock card whose lock discards a whole row, then ``bonus``."""
    return card("Toady", C, unlocked=[m.DiscardWholeRow(), *bonus], **kw)  # type: ignore[arg-type]


def opened(rules: cc.Ruleset, **kw: object) -> cc.GameState:
    """Seat 0 holds the Toady (key on it) and opens its lock at the start of its turn."""
    return seat_with(game(rules, **kw), 0, [("Toady", 0, 0)]).apply(cc.Unlock("Toady"))  # type: ignore[arg-type]


def test_the_player_chooses_either_row_wherever_the_messenger_is() -> None:
    state = opened(ruleset(toady()))
    assert state.messenger is Deck.VILLAGE
    assert isinstance(state.pending.decision, ChooseRow)  # type: ignore[union-attr]
    assert state.legal_actions() == (cc.DiscardRow(Deck.CASTLE), cc.DiscardRow(Deck.VILLAGE))


def test_the_discarded_row_goes_to_its_discard_pile_and_is_refilled_at_once() -> None:
    state = opened(ruleset(toady()))
    before = names(state.row(Deck.CASTLE))
    state = state.apply(cc.DiscardRow(Deck.CASTLE))
    assert names(state.discard_pile(Deck.CASTLE)) == before
    assert len(state.row(Deck.CASTLE)) == 3 and not set(names(state.row(Deck.CASTLE))) & set(before)
    assert state.phase is cc.Phase.START  # opened at the start: the turn goes on


def test_a_row_discarded_before_taking_gives_the_new_row_to_take_from() -> None:
    state = opened(ruleset(toady()))
    state = state.apply(cc.DiscardRow(Deck.VILLAGE))
    new_row = names(state.row(Deck.VILLAGE))
    takes = {a.card for a in state.legal_actions() if isinstance(a, cc.Take)}
    assert takes == set(new_row)


def test_with_one_row_holding_cards_it_is_discarded_without_a_decision() -> None:
    rules = ruleset(toady(), castle=4, village=30)
    state = seat_with(game(rules), 0, [("Toady", 0, 0)])
    castle = state.locations[0]
    # The castle is exhausted: its row is empty, so only the village row can be discarded.
    state = state.replace(locations=(castle.replace(deck=(), row=(), removed=castle.row + castle.deck,
                                                         exhausted=True), state.locations[1]))
    village = names(state.row(Deck.VILLAGE))
    state = state.apply(cc.Unlock("Toady"))
    assert state.pending is None and names(state.discard_pile(Deck.VILLAGE)) == village


def test_with_no_row_holding_cards_nothing_happens() -> None:
    rules = ruleset(toady())
    state = seat_with(game(rules), 0, [("Toady", 0, 0)])
    locs = tuple(loc.replace(deck=(), row=(), removed=loc.row + loc.deck, exhausted=True)
                 for loc in state.locations)
    state = state.replace(locations=locs)
    after = state.apply(cc.Unlock("Toady"))
    assert after.locations == state.locations and after.players[0].keys_on_cards == 0


def test_a_short_deck_is_refilled_from_the_discard_pile_which_holds_the_cards_just_discarded() -> None:
    rules = ruleset(toady(), castle=4, village=30)  # the castle: Toady plus 3 fillers, all in the row
    state = seat_with(game(rules), 0, [("Toady", 0, 0)]).apply(cc.Unlock("Toady"))
    row = names(state.row(Deck.CASTLE))
    assert state.deck_size(Deck.CASTLE) == 0
    state = state.apply(cc.DiscardRow(Deck.CASTLE))
    assert sorted(names(state.row(Deck.CASTLE))) == sorted(row)  # reshuffled straight back
    assert state.origin is not None and len(state.origin.reshuffles) == 1


def test_a_location_that_cannot_be_refilled_is_exhausted() -> None:
    rules = ruleset(toady(), castle=4, village=30)
    state = seat_with(game(rules), 0, [("Toady", 0, 0)])
    castle = state.locations[0]
    state = state.replace(locations=(castle.replace(row=castle.row[:2], removed=castle.row[2:]),
                                           state.locations[1]))
    state = state.apply(cc.Unlock("Toady")).apply(cc.DiscardRow(Deck.CASTLE))
    assert state.is_exhausted(Deck.CASTLE) and state.messenger is Deck.VILLAGE


def test_the_bonus_counts_the_discarded_cards_only_after_the_refill() -> None:
    crafted = [card(f"Smith{i}", C, shields=[CRAFT, CRAFT]) for i in range(3)]
    bonus = (keys(2, m.ShieldsOf(CRAFT), Scope.DISCARDED),)
    rules = ruleset(toady(bonus), *crafted, card("Potter", C, shields=[CRAFT]))
    state = seat_with(game(rules, castle=["Smith0", "Smith1", "Potter", "Smith2"]), 0, [("Toady", 0, 0)])
    state = state.apply(cc.Unlock("Toady")).apply(cc.DiscardRow(Deck.CASTLE))
    # 5 craftsmanship shields discarded (Smith0, Smith1, Potter); Smith2, revealed by the refill, is not counted.
    assert state.players[0].keys == 2 + 2 * 5
    assert "Smith2" in names(state.row(Deck.CASTLE))


def test_the_bonus_per_purse_card_and_per_discount_card_on_the_discarded_cards() -> None:
    purse = card("Banker", V, purse=3)
    thrifty = card("Miser", V, ability=[m.Discount(1, (Deck.CASTLE,))])
    bonus = (keys(3, m.PurseCards(), Scope.DISCARDED), keys(1, m.DiscountCards(), Scope.DISCARDED))
    rules = ruleset(toady(bonus), purse, thrifty)
    state = opened(rules, village=["Banker", "Miser", "v0"])
    state = state.apply(cc.DiscardRow(Deck.VILLAGE))
    assert state.players[0].keys == 2 + 3 + 1


def test_a_bonus_of_zero_gains_nothing() -> None:
    bonus = (keys(2, m.ShieldsOf(CRAFT), Scope.DISCARDED),)
    state = opened(ruleset(toady(bonus))).apply(cc.DiscardRow(Deck.CASTLE))
    assert state.players[0].keys == 2


def test_a_row_must_hold_cards_to_be_chosen() -> None:
    state = opened(ruleset(toady()))
    with pytest.raises(cc.IllegalAction, match="first choose the row"):
        state.apply(take("v0", 1, 0))


def test_a_whole_row_discard_bought_face_up_resolves_at_once() -> None:
    rules = ruleset(card("Raider", V, ability=[m.DiscardWholeRow()]))
    state = game(rules, village=["Raider"]).apply(take("Raider"))
    assert state.phase is cc.Phase.DECIDE and state.legal_actions()[1] == cc.DiscardRow(Deck.VILLAGE)
    village = names(state.row(Deck.VILLAGE))
    state = state.apply(cc.DiscardRow(Deck.VILLAGE))
    assert set(village) <= set(names(state.discard_pile(Deck.VILLAGE))) and state.current_player == 1


def test_the_row_choice_survives_a_save_and_a_view() -> None:
    state = balanced(seat_with(seat_with(game(ruleset(toady())), 0, [("Toady", 0, 0)]), 1, [("c3", 0, 0)]))
    state = state.apply(cc.Unlock("Toady"))
    assert cc.loads(cc.dumps(state), rules=state.rules) == state
    assert state.view(1).legal_actions() == state.legal_actions()
    assert play(state, cc.DiscardRow(Deck.CASTLE)).record()["actions"][-1] == {"type": "discard_row", "deck": "castle"}
