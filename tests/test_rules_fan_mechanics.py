"""Fan mechanics, one test per ruling of the rules page ("Fan mechanics").

Each construct is written in the card language, as a fan would write it,
and played through the public API.
"""

from __future__ import annotations

import pytest
from engine_kit import balanced, game, ruleset, seat_with, take

import castle_combo as cc
from castle_combo.language import parse_text


def cards(text: str) -> tuple[cc.Card, ...]:
    """Cards written in the card language; each body gets default facts unless it gives its own."""
    return parse_text(text, "fan.ccl")


def one(name: str, body: str, facts: str = "deck castle   cost 0   shields nobility") -> cc.Card:
    (card,) = cards(f'card "{name}" {{\n    {facts}\n    {body}\n}}\n')
    return card


MILITARY = "deck castle   cost 0   shields military"


# ---------------------------------------------------------------- conditional effects


def test_a_conditional_effect_happens_when_its_condition_holds_as_it_resolves() -> None:
    sergeant = one("Sergeant", "when bought: gain 4 gold if at least 2 military shields", MILITARY)
    guard = one("Guard", "", MILITARY)
    rules = ruleset(sergeant, guard)
    state = seat_with(game(rules, castle=["Sergeant"]), 0, [("Guard", 0, 0)])
    state = state.replace(messenger=cc.Deck.CASTLE)
    after = state.apply(take("Sergeant", 1, 0))
    # The card just bought counts: Guard and Sergeant make 2 military shields.
    assert after.players[0].gold == state.players[0].gold + 4


def test_a_conditional_effect_does_nothing_when_its_condition_fails() -> None:
    sergeant = one("Sergeant", "when bought: gain 4 gold if at least 3 military shields", MILITARY)
    rules = ruleset(sergeant)
    state = (game(rules, castle=["Sergeant"])).replace(messenger=cc.Deck.CASTLE)
    assert state.apply(take("Sergeant")).players[0].gold == state.players[0].gold


def test_a_condition_on_the_cards_place_cannot_be_checked_in_an_ability() -> None:
    with pytest.raises(cc.CastleComboError, match="before the card's place in the final grid is known"):
        one("Odd", "when bought: gain 1 gold if placed in a corner")


def test_gain_gold_if_reads_naturally_and_if_is_no_language_code() -> None:
    card = one("Plain", "when bought: gain 2 gold if no faith shield")
    assert card.ability[0].describe() == "Gain 2 gold if your tableau has no faith shield."


# ---------------------------------------------------------------- taking from the opponents


def test_take_from_each_opponent_never_takes_more_than_they_have() -> None:
    robber = one("Robber", "when bought: take 3 gold from each opponent")
    rules = ruleset(robber)
    state = (game(rules, castle=["Robber"], players=3)).replace(messenger=cc.Deck.CASTLE)
    players = list(state.players)
    players[1] = players[1].replace(gold=1)
    state = state.replace(players=tuple(players))
    after = state.apply(take("Robber"))
    assert [p.gold for p in after.players] == [state.players[0].gold + 1 + 3, 0, state.players[2].gold - 3]


def test_taking_keys_takes_only_spendable_keys() -> None:
    robber = one("Robber", "when bought: take 5 keys from each opponent")
    rules = ruleset(robber)
    state = (game(rules, castle=["Robber"])).replace(messenger=cc.Deck.CASTLE)
    after = state.apply(take("Robber"))
    assert after.players[1].keys == 0 and after.players[0].keys == state.players[0].keys + state.players[1].keys


# ---------------------------------------------------------------- adjacent cards and discard piles


def test_on_adjacent_cards_counts_the_four_orthogonal_neighbours_only() -> None:
    shepherd = one("Shepherd", "score 3 per peasantry shield on adjacent cards")
    rules = ruleset(shepherd)
    # v5..v8 are plain peasantry fillers: two beside the Shepherd, one diagonal, one two steps away.
    state = seat_with(game(rules), 0, [("Shepherd", 1, 1), ("v5", 0, 1), ("v6", 1, 0), ("v7", 0, 0), ("v8", 2, 0)])
    assert state.provisional_scores()[0].cards[1][1] == 6


def test_a_discard_pile_count_counts_the_cards_in_that_pile() -> None:
    picker = one("Picker", "when bought: gain 1 gold per card in the village discard pile")
    rules = ruleset(picker)
    state = game(rules, castle=["Picker"])
    state = state.apply(cc.UseKey(cc.KeyUse.REFRESH))  # the village row (3 cards) goes to its discard pile
    state = state.apply(take("v3"))
    state = state.apply(cc.UseKey(cc.KeyUse.MOVE))  # seat 1 goes to the castle
    gold = state.players[1].gold
    assert state.apply(take("Picker")).players[1].gold == gold + 3


def test_a_scoring_rule_cannot_count_a_discard_pile() -> None:
    with pytest.raises(cc.CastleComboError, match="a score pad has no discard pile"):
        one("Odd", "score 1 per card in the castle discard pile")


# ---------------------------------------------------------------- triggers


def test_a_start_of_turn_trigger_resolves_at_the_start_of_each_later_turn_of_its_owner() -> None:
    keeper = one("Keeper", "at the start of your turn: gain 1 gold")
    rules = ruleset(keeper)
    state = (game(rules, castle=["Keeper"])).replace(messenger=cc.Deck.CASTLE)
    state = state.apply(take("Keeper"))  # seat 0 buys it: nothing yet
    bought = state.players[0].gold
    state = state.apply(take("c0"))  # seat 1's turn ends: seat 0's turn starts
    assert state.players[0].gold == bought + 1
    state = state.apply(take("c1", 1, 0))  # seat 0's turn ends: nothing for seat 1
    assert state.players[1].gold == 15


def test_a_face_down_card_has_no_trigger() -> None:
    keeper = one("Keeper", "at the start of your turn: gain 1 gold")
    rules = ruleset(keeper)
    state = (game(rules, castle=["Keeper"])).replace(messenger=cc.Deck.CASTLE)
    state = state.apply(take("Keeper", face_down=True))
    gold = state.players[0].gold
    assert state.apply(take("c0")).players[0].gold == gold


def test_end_of_game_keys_count_for_per_key_scoring() -> None:
    archivist = one("Archivist", "at the end of the game: gain 2 keys\n    score 1 per key")
    rules = ruleset(archivist)
    state = game(rules, castle=["Archivist"])
    state = state.replace(messenger=cc.Deck.CASTLE)
    state = state.apply(take("Archivist"))
    keys_before = state.players[0].keys
    while not state.is_over:
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, cc.Take) and a.face_down))
    # 8 more face-down cards give 2 keys each; then the trigger's 2 keys, each worth 1 point and 1 per key.
    assert state.players[0].keys == keys_before + 16 + 2
    sheet = state.scores()[0]
    assert sheet.keys == state.players[0].keys
    assert sheet.total == 2 * state.players[0].keys


def test_a_trigger_may_not_ask_a_question() -> None:
    with pytest.raises(cc.CastleComboError, match="cannot happen at the start of a turn"):
        one("Odd", "at the start of your turn: discard a row")


# ---------------------------------------------------------------- neighbours, copied scoring, wild shields


def test_more_than_each_neighbour_needs_strictly_more_than_both() -> None:
    (baron,) = cards('card "Baron" {\n    deck castle cost 0 shields military\n'
                     "    score 8 if more military shields than each neighbour\n}\n")
    guard = one("Guard", "", MILITARY)
    rules = ruleset(baron, guard)
    state = seat_with(game(rules, players=3), 0, [("Baron", 0, 0), ("Guard", 1, 0)])
    state = seat_with(state, 1, [("c3", 0, 0)])
    assert state.provisional_scores()[0].cards[0][0] == 8
    tied = seat_with(state, 2, [("c4", 0, 0), ("c5", 1, 0)])  # c-fillers have no military shield
    assert tied.provisional_scores()[0].cards[0][0] == 8
    rival = ruleset(baron, guard, one("Guard2", "", MILITARY), one("Guard3", "", MILITARY))
    state = seat_with(game(rival, players=3), 0, [("Baron", 0, 0), ("Guard", 1, 0)])
    state = seat_with(state, 2, [("Guard2", 0, 0), ("Guard3", 1, 0)])
    assert state.provisional_scores()[0].cards[0][0] == 0  # 2 against 2 is not more


def test_a_score_pad_compares_with_the_neighbours_it_is_given() -> None:
    baron = one("Baron", "score 8 if more military shields than each neighbour", MILITARY)
    guard = one("Guard", "", MILITARY)
    rules = ruleset(baron, guard)
    grid = [["Baron", "c0", "c1"], ["c2", "c3", "c4"], ["c5", "c6", "c7"]]
    assert cc.score_tableau(grid, rules=rules).cards[0][0] == 8
    near = [["Guard", "v0", "v1"], ["v2", "v3", "v4"], ["v5", "v6", "v7"]]
    assert cc.score_tableau(grid, rules=rules, neighbours=[near]).cards[0][0] == 0


def test_score_as_an_adjacent_card_takes_the_best_neighbour_counted_in_its_own_place() -> None:
    mimic = one("Mimic", "score as an adjacent card")
    corner = one("Cornerman", "score 5 if placed in a corner")
    centre = one("Centreman", "score 2 if placed in the center")
    rules = ruleset(mimic, corner, centre)
    grid = [["Cornerman", "Mimic", "c0"], ["c1", "Centreman", "c2"], ["c3", "c4", "c5"]]
    # Mimic sits on an edge: the Cornerman's rule would give 0 there, the Centreman's too.
    assert cc.score_tableau(grid, rules=rules).cards[0][1] == 0
    grid = [["Cornerman", "c0", "c1"], ["Mimic", "Centreman", "c2"], ["c3", "c4", "c5"]]
    assert cc.score_tableau(grid, rules=rules).cards[1][0] == 0
    grid = [["c0", "Cornerman", "Mimic"], ["c1", "Centreman", "c2"], ["c3", "c4", "c5"]]
    assert cc.score_tableau(grid, rules=rules).cards[0][2] == 5  # in a corner now


def test_two_mimics_never_copy_each_other() -> None:
    mimic = one("Mimic", "score as an adjacent card")
    other = one("Other Mimic", "score as an adjacent card")
    rules = ruleset(mimic, other)
    grid = [["Mimic", "Other Mimic", "c0"], ["c1", "c2", "c3"], ["c4", "c5", "c6"]]
    assert cc.score_tableau(grid, rules=rules).total == 0


def test_a_wild_shield_counts_as_the_type_that_scores_best_all_of_a_players_wild_shields_alike() -> None:
    minstrel = one("Minstrel", "score 2 per shield type", "deck village   cost 0   shields wild")
    bard = one("Bard", "", "deck village   cost 0   shields wild wild")
    fan = one("Faith Fan", "score 5 per faith shield")
    rules = ruleset(minstrel, bard, fan)
    grid = [["Minstrel", "Bard", "Faith Fan"], ["c0", "c1", "c2"], ["c3", "c4", "c5"]]
    sheet = cc.score_tableau(grid, rules=rules)
    # Named faith, the 3 wild shields are 3 faith shields -> 15; the types are nobility, faith, peasantry -> 6.
    assert sheet.wild == "faith"
    assert sheet.cards[0][2] == 15 and sheet.cards[0][0] == 6


def test_during_the_game_a_wild_shield_is_a_shield_of_no_type() -> None:
    minstrel = one("Minstrel", "", "deck castle   cost 0   shields wild")
    counter = one("Counter", "when bought: gain 1 gold per shield type", "deck castle   cost 0   shields faith")
    rules = ruleset(minstrel, counter)
    state = seat_with(game(rules, castle=["Counter"]), 0, [("Minstrel", 0, 0)])
    state = balanced(state).replace(current_player=0, taken=0)
    state = state.replace(messenger=cc.Deck.CASTLE)
    assert state.apply(take("Counter", 1, 0)).players[0].gold == state.players[0].gold + 1
