"""Abilities (RULINGS.md "Face-down cards", "Discounts", "Abilities"), on small synthetic cards.

Every card here is built in Python from the model, so these tests also show
that fan cards need no engine change: the engine evaluates any count in any scope.
"""

from __future__ import annotations

import pytest
from engine_kit import (
    C,
    V,
    card,
    game,
    gold,
    keys,
    names,
    play,
    ruleset,
    seat_with,
    take,
)

import castle_combo as cc
from castle_combo.language import model as m
from castle_combo.language.model import Deck, Resource, Scope, Shield

F, MIL, NOB, CRAFT = Shield.FAITH, Shield.MILITARY, Shield.NOBILITY, Shield.CRAFTSMANSHIP


def take_first(rules: cc.Ruleset, name: str, tableau: list, at: tuple[int, int], players: int = 2, **seat: object) -> cc.GameState:
    """Seat 0, with ``tableau`` already placed, takes ``name`` face up at ``at`` from the village row."""
    state = seat_with(game(rules, village=[name], players=players), 0, tableau, **seat)
    return state.apply(take(name, *at))


# ------------------------------------------------------------------- counting


def test_counts_include_the_new_card_itself() -> None:
    rules = ruleset(card("Priest", V, shields=[F], ability=[gold(1, m.ShieldsOf(F))]), card("Abbot", C, shields=[F, F]))
    state = take_first(rules, "Priest", [("Abbot", 0, 0)], (1, 0))
    assert state.players[0].gold == 15 + 3


def test_face_down_card_has_no_shields() -> None:
    rules = ruleset(card("Priest", V, shields=[F], ability=[gold(1, m.ShieldsOf(F))]), card("Abbot", C, shields=[F, F]))
    state = take_first(rules, "Priest", [("Abbot", 0, 0, True)], (1, 0))
    assert state.players[0].gold == 15 + 1


def test_face_down_card_has_no_banner() -> None:
    rules = ruleset(card("Herald", V, ability=[gold(1, m.Banners(Deck.VILLAGE))]), card("Mayor", V))
    state = take_first(rules, "Herald", [("Mayor", 0, 0, True)], (1, 0))
    assert state.players[0].gold == 15 + 1
    assert state.players[0].banners == (0, 1)


def test_face_down_card_counts_as_a_card_in_the_tableau() -> None:
    rules = ruleset(card("Woodman", V, ability=[gold(1, m.CardsInTableau())]), card("Mayor", V))
    state = take_first(rules, "Woodman", [("Mayor", 0, 0, True)], (1, 0))
    assert state.players[0].gold == 15 + 2


def test_face_down_cards_are_counted_by_a_face_down_count() -> None:
    rules = ruleset(card("Mole", V, ability=[keys(1, m.FaceDownCards())]), card("Mayor", V), card("Reeve", V))
    state = take_first(rules, "Mole", [("Mayor", 0, 0, True), ("Reeve", 1, 0)], (2, 0))
    assert state.players[0].keys == 2 + 1


def test_empty_spaces_are_counted_after_placing_this_card() -> None:
    rules = ruleset(card("Shepherd", V, ability=[gold(1, m.EmptySpaces())]), card("Mayor", V))
    state = take_first(rules, "Shepherd", [("Mayor", 0, 0, True)], (1, 0))
    assert state.players[0].gold == 15 + 7


def test_face_down_card_has_no_ability() -> None:
    rules = ruleset(card("Herald", V, ability=[gold(5)]))
    state = game(rules, village=["Herald"]).apply(take("Herald", face_down=True))
    assert state.players[0].gold == 15 + 6


def test_cards_with_n_shields_count_face_up_cards_only() -> None:
    rules = ruleset(card("Judge", V, ability=[gold(1, m.CardsWithShieldCount(2))]), card("Duo", C, shields=[F, NOB]), card("Duo2", C, shields=[F, F]))
    state = take_first(rules, "Judge", [("Duo", 0, 0), ("Duo2", 1, 0, True)], (2, 0))
    assert state.players[0].gold == 15 + 1


def test_printed_cost_counts_compare_the_printed_cost() -> None:
    rules = ruleset(card("Banker", V, cost=5, ability=[gold(1, m.CardsByCost(m.Comparison.GE, 5))]), card("Rich", C, cost=7), card("Poor", C, cost=4))
    state = take_first(rules, "Banker", [("Rich", 0, 0), ("Poor", 1, 0)], (2, 0))
    assert state.players[0].gold == 15 - 5 + 2


# ------------------------------------------------------------------ discounts


SAVER = card("Saver", V, cost=2, ability=[m.Discount(1, (Deck.VILLAGE,))])


def test_own_discount_does_not_apply_to_itself() -> None:
    state = game(ruleset(SAVER), village=["Saver"]).apply(take("Saver"))
    assert state.players[0].gold == 15 - 2
    assert state.discount(0, Deck.VILLAGE) == 1


def test_discount_is_permanent_and_applies_to_later_cards_of_its_location() -> None:
    rules = ruleset(SAVER, card("Nun", V, cost=3), card("Duke", C, cost=3))
    state = take_first(rules, "Nun", [("Saver", 0, 0)], (1, 0), discounts=(0, 1))
    assert state.players[0].gold == 15 - 2
    assert state.cost(0, "Duke") == 3


def test_discounts_add_up() -> None:
    saver2 = card("Saver2", V, cost=0, ability=[m.Discount(1, (Deck.VILLAGE,))])
    rules = ruleset(SAVER, saver2, card("Nun", V, cost=3))
    state = play(game(rules, village=["Saver2", "Saver", "Nun", "v0"]), "Saver2", take("v0", face_down=True), "Saver")
    assert state.discount(0, Deck.VILLAGE) == 2
    assert state.cost(0, "Nun") == 1


def test_castle_and_village_discount_applies_to_both_locations() -> None:
    both = card("Alchemist", V, ability=[m.Discount(1, (Deck.CASTLE, Deck.VILLAGE))])
    rules = ruleset(both, card("Nun", V, cost=3), card("Duke", C, cost=3))
    state = game(rules, village=["Alchemist"]).apply(take("Alchemist"))
    assert state.cost(0, "Nun") == 2 and state.cost(0, "Duke") == 2


def test_face_down_discount_card_gives_no_discount() -> None:
    state = game(ruleset(SAVER), village=["Saver"]).apply(take("Saver", face_down=True))
    assert state.discount(0, Deck.VILLAGE) == 0


def test_discount_inside_a_chosen_option_is_permanent_too() -> None:
    chooser = card("Chooser", V, ability=[m.Choice(((m.Discount(1, (Deck.CASTLE,)),), (keys(1),)))])
    state = play(game(ruleset(chooser), village=["Chooser"]), "Chooser", cc.Choose(1))
    assert state.discount(0, Deck.CASTLE) == 1


# ------------------------------------------------------------------ neighbours


SCOUT = card("Scout", V, ability=[gold(1, m.ShieldsOf(MIL), Scope.NEIGHBOUR)])
SOLDIERS = [card(f"Soldier{i}", C, shields=[MIL, MIL]) for i in range(3)]


@pytest.mark.parametrize("better", [1, 2])
def test_neighbour_count_takes_the_better_neighbour(better: int) -> None:
    rules = ruleset(SCOUT, *SOLDIERS)
    state = game(rules, village=["Scout"], players=3)
    worse = 3 - better
    state = seat_with(state, better, [("Soldier0", 0, 0), ("Soldier1", 1, 0)])
    state = seat_with(state, worse, [("Soldier2", 0, 0)])
    state = state.apply(take("Scout"))
    assert state.players[0].gold == 15 + 4


def test_neighbour_count_ignores_the_players_own_tableau_and_non_neighbours() -> None:
    rules = ruleset(SCOUT, *SOLDIERS)
    state = game(rules, village=["Scout"], players=4)
    state = seat_with(state, 0, [("Soldier0", 0, 0)])
    state = seat_with(state, 2, [("Soldier1", 0, 0)])
    state = state.apply(take("Scout", 1, 0))
    assert state.players[0].gold == 15


def test_with_two_players_both_neighbours_are_the_opponent() -> None:
    rules = ruleset(SCOUT, *SOLDIERS)
    state = seat_with(game(rules, village=["Scout"]), 1, [("Soldier0", 0, 0)]).apply(take("Scout"))
    assert state.players[0].gold == 15 + 2


def test_each_opponent_gains_exactly_n() -> None:
    rules = ruleset(card("Patron", V, ability=[m.OpponentsGain(2, Resource.GOLD)]))
    state = game(rules, village=["Patron"], players=4).apply(take("Patron"))
    assert [p.gold for p in state.players] == [15, 17, 17, 17]


# ------------------------------------------------------------ order, choices


def test_ability_parts_resolve_in_printed_order() -> None:
    rules = ruleset(card("Keeper", V, ability=[keys(2), gold(1, m.KeysOwned())]))
    state = game(rules, village=["Keeper"]).apply(take("Keeper"))
    assert (state.players[0].keys, state.players[0].gold) == (4, 15 + 4)


CHOOSER = card("Barbarian", V, ability=[m.Choice(((gold(3),), (keys(2),))), gold(1)])


def test_choose_one_asks_the_same_player_with_options_numbered_from_1() -> None:
    state = game(ruleset(CHOOSER), village=["Barbarian"]).apply(take("Barbarian"))
    assert state.phase is cc.Phase.DECIDE and state.current_player == 0
    assert state.legal_actions() == (cc.Choose(1), cc.Choose(2))
    assert cc.Choose(1).to_json() == {"type": "choose", "option": 1}


def test_choose_one_resolves_only_the_chosen_option_then_the_rest() -> None:
    state = play(game(ruleset(CHOOSER), village=["Barbarian"]), "Barbarian", cc.Choose(2))
    assert (state.players[0].gold, state.players[0].keys) == (15 + 1, 2 + 2)
    assert state.current_player == 1 and state.phase is cc.Phase.START


def test_an_option_that_does_not_exist_is_illegal() -> None:
    state = game(ruleset(CHOOSER), village=["Barbarian"]).apply(take("Barbarian"))
    with pytest.raises(cc.IllegalAction, match="options 1 to 2"):
        state.apply(cc.Choose(3))
    with pytest.raises(cc.IllegalAction, match="first choose an option"):
        state.apply(take("v0", 1, 0))


# ------------------------------------------------------------------ discards


TAXMAN = card("Taxman", V, ability=[m.DiscardFromRow(Deck.CASTLE, Resource.GOLD)])
LOCKPICK = card("Lockpick", V, ability=[m.DiscardFromRow(Deck.VILLAGE, Resource.KEY)])
DUKE = card("Duke", C, cost=7)


def test_discard_asks_which_card_of_that_row() -> None:
    state = game(ruleset(TAXMAN, DUKE), castle=["Duke", "c0", "c1"], village=["Taxman"]).apply(take("Taxman"))
    assert state.legal_actions() == (cc.Discard("Duke"), cc.Discard("c0"), cc.Discard("c1"))


def test_discard_pays_printed_cost() -> None:
    state = game(ruleset(TAXMAN, DUKE, SAVER), castle=["Duke"], village=["Taxman"])
    state = seat_with(state, 0, [("Saver", 0, 0)], discounts=(3, 1))
    state = play(state, take("Taxman", 1, 0), cc.Discard("Duke"))
    assert state.players[0].gold == 15 + 7


def test_discarded_card_goes_to_that_locations_discard_pile_and_the_row_is_refilled_after() -> None:
    state = game(ruleset(TAXMAN, DUKE), castle=["Duke", "c0", "c1", "c2"], village=["Taxman"]).apply(take("Taxman"))
    assert len(state.row(Deck.CASTLE)) == 3
    state = state.apply(cc.Discard("Duke"))
    assert names(state.discard_pile(Deck.CASTLE)) == ["Duke"]
    assert names(state.row(Deck.CASTLE)) == ["c0", "c1", "c2"]


def test_discard_from_the_row_the_card_came_from_sees_it_not_yet_refilled() -> None:
    state = game(ruleset(LOCKPICK, card("Gem", V, cost=6)), village=["Lockpick", "Gem", "v0", "v1"]).apply(take("Lockpick"))
    assert state.legal_actions() == (cc.Discard("Gem"), cc.Discard("v0"))
    state = state.apply(cc.Discard("Gem"))
    assert state.players[0].keys == 2 + 6
    assert names(state.row(Deck.VILLAGE)) == ["v0", "v1", "v2"]


def test_discard_from_an_empty_row_does_nothing() -> None:
    state = game(ruleset(TAXMAN), village=["Taxman"])
    castle = state.locations[0]
    gone = castle.replace(deck=(), row=(), removed=castle.deck + castle.row, exhausted=True)
    state = state.replace(locations=(gone, state.locations[1])).apply(take("Taxman"))
    assert state.pending is None and state.current_player == 1
    assert state.players[0].gold == 15


def test_discard_of_a_card_not_in_the_row_is_illegal() -> None:
    state = game(ruleset(TAXMAN, DUKE), castle=["Duke"], village=["Taxman"]).apply(take("Taxman"))
    with pytest.raises(cc.IllegalAction, match="not in the castle row"):
        state.apply(cc.Discard("v1"))


# -------------------------------------------------------------------- purses


def purse(name: str, capacity: int, deck: Deck = C, ability: list | None = None) -> m.Card:
    return card(name, deck, purse=capacity, ability=ability or [])


def test_store_gold_puts_2_on_each_face_up_purse_card_including_the_new_one_up_to_capacity() -> None:
    rules = ruleset(purse("Chest", 4), purse("Box", 6), purse("Hidden", 6), purse("Potter", 4, V, [m.StoreGold(2)]))
    state = seat_with(game(rules, village=["Potter"]), 0, [("Chest", 0, 0), ("Box", 1, 0), ("Hidden", 2, 0, True)])
    state = state.apply(take("Potter", 0, 1))
    stored = {c.card.name: c.gold for c in state.tableau(0)}
    assert stored == {"Chest": 2, "Box": 2, "Hidden": 0, "Potter": 2}



def test_store_gold_never_fills_a_purse_past_its_capacity() -> None:
    rules = ruleset(purse("Chest", 4), purse("Potter", 4, V, [m.StoreGold(2)]))
    state = seat_with(game(rules, village=["Potter"]), 0, [("Chest", 0, 0)])
    chest = state.players[0].tableau[0].replace(gold=3)
    state = state.replace(players=(state.players[0].replace(tableau=(chest,)), state.players[1]))
    state = state.apply(take("Potter", 1, 0))
    assert {c.card.name: c.gold for c in state.tableau(0)} == {"Chest": 4, "Potter": 2}


def test_stored_gold_is_not_the_players_gold() -> None:
    rules = ruleset(purse("Potter", 4, V, [m.StoreGold(2)]))
    state = game(rules, village=["Potter"]).apply(take("Potter"))
    assert state.players[0].gold == 15 and state.players[0].stored_gold == 2


def test_steward_fills_purses_with_most_free_space() -> None:
    rules = ruleset(purse("Small", 2), purse("Big", 9), purse("Mid", 5), purse("Steward", 3, V, [m.FillPurses(2)]))
    state = seat_with(game(rules, village=["Steward"]), 0, [("Small", 0, 0), ("Big", 1, 0), ("Mid", 2, 0)])
    state = state.apply(take("Steward", 0, 1))
    assert {c.card.name: c.gold for c in state.tableau(0)} == {"Small": 0, "Big": 9, "Mid": 5, "Steward": 0}


def test_steward_breaks_equal_free_space_by_reading_order() -> None:
    rules = ruleset(purse("Low", 4), purse("High", 4), purse("Steward", 3, V, [m.FillPurses(1)]))
    state = seat_with(game(rules, village=["Steward"]), 0, [("Low", 0, 1), ("High", 1, 0)])
    state = state.apply(take("Steward", 1, 1))
    assert {c.card.name: c.gold for c in state.tableau(0)} == {"Low": 0, "High": 4, "Steward": 0}


def test_steward_may_fill_itself() -> None:
    rules = ruleset(purse("Steward", 3, V, [m.FillPurses(2)]))
    state = game(rules, village=["Steward"]).apply(take("Steward"))
    assert state.tableau(0)[0].gold == 3


# ------------------------------------------------------------------- scopes


def test_row_count_during_an_ability_means_cards_sharing_its_row_now() -> None:
    rules = ruleset(card("Rower", V, shields=[F], ability=[gold(1, m.ShieldsOf(F), Scope.ROW)]), *[card(f"Monk{i}", C, shields=[F]) for i in range(3)])
    state = take_first(rules, "Rower", [("Monk0", 0, 0), ("Monk1", 1, 0), ("Monk2", 0, 1)], (2, 0))
    assert state.players[0].gold == 15 + 3


def test_column_count_during_an_ability_means_cards_sharing_its_column_now() -> None:
    rules = ruleset(card("Pillar", V, shields=[F], ability=[gold(1, m.ShieldsOf(F), Scope.COLUMN)]), *[card(f"Monk{i}", C, shields=[F]) for i in range(3)])
    state = take_first(rules, "Pillar", [("Monk0", 0, 0), ("Monk1", 1, 0), ("Monk2", 0, 1)], (0, -1))
    assert state.players[0].gold == 15 + 3
