"""Audit: the corners of RULINGS.md, one test per sentence, played through the public API.

Each test sets up the smallest table where the ruling matters (tiny cards
from ``engine_kit``) and checks what the public API shows afterwards.
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
    with_seat,
)

import castle_combo as cc
from castle_combo.engine.state import Location
from castle_combo.language import model as m
from castle_combo.language.model import Deck, Resource, Scope, Shield

MOVE, REFRESH = cc.UseKey(cc.KeyUse.MOVE), cc.UseKey(cc.KeyUse.REFRESH)


def exhaust(state: cc.GameState, deck: Deck) -> cc.GameState:
    """``state`` with ``deck``'s location exhausted (all its cards removed) and the messenger elsewhere."""
    i = 0 if deck is Deck.CASTLE else 1
    loc = state.locations[i]
    gone = Location((), (), (), loc.deck + loc.row + loc.discard + loc.removed, True)
    locations = (gone, state.locations[1]) if i == 0 else (state.locations[0], gone)
    other = Deck.VILLAGE if deck is Deck.CASTLE else Deck.CASTLE
    return state.replace(locations=locations, messenger=other)


def only_row(state: cc.GameState, deck: Deck, row: tuple[str, ...]) -> cc.GameState:
    """``state`` with ``deck``'s location reduced to ``row``: empty deck and pile, other cards removed."""
    i = 0 if deck is Deck.CASTLE else 1
    ids = state.engine.ids
    loc = state.locations[i]
    keep = tuple(ids[n] for n in row)
    rest = tuple(c for c in loc.deck + loc.row + loc.discard + loc.removed if c not in keep)
    new = Location((), keep, (), rest)
    locations = (new, state.locations[1]) if i == 0 else (state.locations[0], new)
    return state.replace(locations=locations)


# ------------------------------------------------------------ keys and exhaustion


def test_key_move_toward_an_exhausted_location_is_illegal() -> None:
    state = exhaust(game(ruleset()), Deck.VILLAGE)
    assert MOVE not in state.legal_actions()
    with pytest.raises(cc.IllegalAction, match="exhausted"):
        state.apply(MOVE)


def test_key_refresh_is_allowed_when_the_other_location_is_exhausted() -> None:
    state = exhaust(game(ruleset(), castle=["c0", "c1", "c2", "c3", "c4", "c5"]), Deck.VILLAGE)
    assert REFRESH in state.legal_actions()
    after = state.apply(REFRESH)
    assert names(after.row(Deck.CASTLE)) == ["c3", "c4", "c5"]
    assert names(after.discard_pile(Deck.CASTLE)) == ["c0", "c1", "c2"]
    assert after.players[0].keys == 1 and after.messenger is Deck.CASTLE


def test_key_refresh_of_a_full_row_never_exhausts_it_the_same_cards_come_back() -> None:
    state = only_row(game(ruleset()), Deck.VILLAGE, ("v0", "v1", "v2")).apply(REFRESH)
    assert sorted(names(state.row(Deck.VILLAGE))) == ["v0", "v1", "v2"]
    assert not state.is_exhausted(Deck.VILLAGE) and state.messenger is Deck.VILLAGE


def test_exhaustion_during_a_key_refresh_moves_the_messenger_and_the_take_is_from_the_other_row() -> None:
    """Only a hand-made table has a short row at the start of a turn; the ruling still applies."""
    state = only_row(game(ruleset()), Deck.VILLAGE, ("v0", "v1"))
    state = state.apply(REFRESH)
    assert state.is_exhausted(Deck.VILLAGE) and state.messenger is Deck.CASTLE
    assert {"v0", "v1"} <= set(names(state.removed_cards(Deck.VILLAGE)))
    takes = {a.card for a in state.legal_actions() if isinstance(a, cc.Take)}
    assert takes == {c.name for c in state.row(Deck.CASTLE)}
    assert all(not isinstance(a, cc.UseKey) for a in state.legal_actions())


def test_exhaustion_at_the_end_of_a_turn_moves_the_messenger_for_the_next_player() -> None:
    state = only_row(game(ruleset()), Deck.VILLAGE, ("v0", "v1", "v2")).apply(take("v0"))
    assert state.is_exhausted(Deck.VILLAGE) and state.messenger is Deck.CASTLE
    assert state.row(Deck.VILLAGE) == () and {"v1", "v2"} <= set(names(state.removed_cards(Deck.VILLAGE)))
    assert state.current_player == 1
    assert {a.card for a in state.legal_actions() if isinstance(a, cc.Take)} == {"c0", "c1", "c2"}
    assert MOVE not in state.legal_actions() and REFRESH in state.legal_actions()


def test_messenger_icon_toward_an_exhausted_location_does_not_move_it() -> None:
    crier = card("Crier", C, messenger=True)
    state = exhaust(game(ruleset(crier), castle=["Crier"]), Deck.VILLAGE)
    after = state.apply(take("Crier"))
    assert after.messenger is Deck.CASTLE


def test_messenger_icon_on_a_face_down_card_does_nothing() -> None:
    crier = card("Crier", V, messenger=True)
    assert game(ruleset(crier), village=["Crier"]).apply(take("Crier", face_down=True)).messenger is Deck.VILLAGE


# ------------------------------------------------------------- discard from a row


def test_discard_from_an_exhausted_row_asks_nothing_and_does_nothing() -> None:
    digger = card("Digger", C, ability=[m.DiscardFromRow(Deck.VILLAGE, Resource.GOLD), gold(1)])
    state = exhaust(game(ruleset(digger), castle=["Digger"]), Deck.VILLAGE).apply(take("Digger"))
    assert state.pending is None and state.current_player == 1
    assert state.players[0].gold == 16


def test_discard_from_the_row_just_taken_from_offers_the_two_cards_left() -> None:
    digger = card("Digger", V, ability=[m.DiscardFromRow(Deck.VILLAGE, Resource.GOLD)])
    state = game(ruleset(digger), village=["Digger", "v0", "v1", "v2"]).apply(take("Digger"))
    assert set(state.legal_actions()) == {cc.Discard("v0"), cc.Discard("v1")}


def test_discard_from_a_partly_emptied_row_offers_what_is_left_then_nothing() -> None:
    thrice = card("Thrice", V, ability=[m.DiscardFromRow(Deck.VILLAGE, Resource.KEY)] * 3 + [keys(5)])
    state = game(ruleset(thrice), village=["Thrice", "v0", "v1", "v2"]).apply(take("Thrice"))
    state = state.apply(cc.Discard("v1"))
    assert state.legal_actions() == (cc.Discard("v0"),)
    state = state.apply(cc.Discard("v0"))
    # The third discard finds the row empty: nothing happens, the ability goes on.
    assert state.pending is None and state.players[0].keys == 2 + 5
    assert names(state.row(Deck.VILLAGE)) == ["v2", "v3", "v4"]


def test_discarded_card_goes_on_its_own_locations_pile_for_its_printed_cost() -> None:
    pricey = card("Pricey", C, cost=5)
    digger = card("Digger", V, ability=[m.DiscardFromRow(Deck.CASTLE, Resource.KEY)])
    cut = card("Cut", V, ability=[m.Discount(1, (Deck.CASTLE,))])
    state = seat_with(game(ruleset(pricey, digger, cut), castle=["Pricey"], village=["Digger"]), 0, [("Cut", 0, 0)])
    state = state.apply(take("Digger", 1, 0)).apply(cc.Discard("Pricey"))
    assert names(state.discard_pile(Deck.CASTLE)) == ["Pricey"]
    assert state.discard_pile(Deck.VILLAGE) == ()
    assert state.players[0].keys == 2 + 5  # printed cost, not the discounted 4


def test_a_choice_whose_option_discards_waits_for_the_choice_then_the_discard_then_goes_on() -> None:
    chooser = card("Chooser", V, ability=[
        m.Choice(((m.DiscardFromRow(Deck.CASTLE, Resource.GOLD),), (gold(1),))),
        keys(1),
    ])
    pricey = card("Pricey", C, cost=4)
    state = game(ruleset(chooser, pricey), castle=["Pricey"], village=["Chooser"]).apply(take("Chooser"))
    assert state.legal_actions() == (cc.Choose(1), cc.Choose(2))
    state = state.apply(cc.Choose(1))
    assert set(state.legal_actions()) == {cc.Discard("Pricey"), cc.Discard("c0"), cc.Discard("c1")}
    state = state.apply(cc.Discard("Pricey"))
    assert (state.players[0].gold, state.players[0].keys) == (15 + 4, 3)
    assert state.current_player == 1


# ----------------------------------------------------------------------- purses


def test_store_gold_includes_the_new_card_and_stops_at_capacity() -> None:
    banker = card("Banker", V, purse=3, ability=[m.StoreGold(2), m.StoreGold(2)])
    state = game(ruleset(banker), village=["Banker"]).apply(take("Banker"))
    assert state.tableau(0)[0].gold == 3
    assert state.players[0].gold == 15


def test_steward_breaks_equal_free_space_by_reading_order_of_the_current_grid() -> None:
    purse_a = card("PurseA", C, purse=4)
    purse_b = card("PurseB", C, purse=4)
    steward = card("Steward", V, purse=1, ability=[m.FillPurses(1)])
    rules = ruleset(purse_a, purse_b, steward)
    # PurseB is above PurseA (negative y): it comes first in reading order.
    state = seat_with(game(rules, village=["Steward"]), 0, [("PurseA", 0, 0), ("PurseB", 1, -1), ("c9", 1, 0)])
    state = state.apply(take("Steward", -1, 0))
    stored = {t.card.name: t.gold for t in state.tableau(0)}
    assert stored == {"PurseA": 0, "PurseB": 4, "c9": 0, "Steward": 0}


# -------------------------------------------------------------- counts and gains


def scout_game(players: int, sizes: dict[int, int]) -> cc.GameState:
    """Seat 0 to buy Scout (1 gold per card in a neighbour's tableau); other seats hold ``sizes`` fillers."""
    scout = card("Scout", V, ability=[gold(1, m.CardsInTableau(), Scope.NEIGHBOUR)])
    state = game(ruleset(scout), village=["Scout"], players=players)
    filler = iter(f"c{i}" for i in range(3, 30))
    for seat, size in sizes.items():
        state = seat_with(state, seat, [(next(filler), x, 0) for x in range(size)])
    return state


@pytest.mark.parametrize(("players", "sizes", "gain"), [
    (2, {1: 3}, 3),
    (3, {1: 1, 2: 3}, 3),
    (3, {1: 2, 2: 1}, 2),
    (5, {1: 1, 2: 3, 3: 3, 4: 2}, 2),
])
def test_neighbour_count_takes_the_better_of_left_and_right_only(players: int, sizes: dict[int, int], gain: int) -> None:
    state = scout_game(players, sizes).apply(take("Scout"))
    assert state.players[0].gold == 15 + gain


def test_each_opponent_gains_exactly_n_with_five_players() -> None:
    herald = card("Herald", V, ability=[m.OpponentsGain(2, Resource.GOLD), m.OpponentsGain(1, Resource.KEY)])
    state = game(ruleset(herald), village=["Herald"], players=5, first_player=2).apply(take("Herald"))
    assert [(p.gold, p.keys) for p in state.players] == [(17, 3), (17, 3), (15, 2), (17, 3), (17, 3)]


def test_discounts_add_up_and_the_price_never_goes_below_zero() -> None:
    cut_c = card("CutC", C, ability=[m.Discount(1, (Deck.CASTLE,))])
    cut_all = card("CutAll", V, ability=[m.Discount(2, (Deck.CASTLE, Deck.VILLAGE))])
    cheap = card("Cheap", C, cost=2)
    dear = card("Dear", C, cost=6)
    state = game(ruleset(cut_c, cut_all, cheap, dear), castle=["CutC", "Cheap", "Dear"], village=["CutAll"])
    state = play(state, take("CutAll"), take("v0"), MOVE, take("CutC", 1, 0), take("c0", 1, 0))
    assert state.discount(0, Deck.CASTLE) == 3 and state.discount(0, Deck.VILLAGE) == 2
    state = with_seat(state, 0, gold=3)
    assert state.cost(0, "Dear") == 3 and state.cost(0, "Cheap") == 0
    assert state.apply(take("Cheap", 2, 0)).players[0].gold == 3
    assert state.apply(take("Dear", 2, 0)).players[0].gold == 0


# ------------------------------------------------------------------ taking cards


def test_face_down_takes_are_always_legal_face_up_only_if_affordable() -> None:
    dear = card("Dear", V, cost=7)
    state = with_seat(game(ruleset(dear), village=["Dear"]), 0, gold=6)
    legal = state.legal_actions()
    assert take("Dear", face_down=True) in legal and take("Dear") not in legal
    with pytest.raises(cc.IllegalAction, match="costs 7"):
        state.apply(take("Dear"))
    broke = with_seat(state, 0, gold=0, keys=0)
    assert {a.card for a in broke.legal_actions() if isinstance(a, cc.Take) and a.face_down} == {"Dear", "v0", "v1"}
    assert with_seat(state, 0, gold=7).apply(take("Dear")).players[0].gold == 0


def test_at_may_be_negative_until_the_grid_is_complete() -> None:
    state = play(game(ruleset()), take("v0"), take("v1"), take("v2", -1, 0), take("v3", 0, -1))
    assert state.tableau(0)[1].at == (-1, 0)
    assert state.tableau(1)[1].at == (0, -1)


def test_a_position_outside_the_3x3_bounding_box_is_refused() -> None:
    state = seat_with(game(ruleset()), 0, [("v5", 0, 0), ("v6", 1, 0), ("v7", 2, 0)])
    spots = state.players[0].spots
    assert (3, 0) not in spots and (-1, 0) not in spots and (0, -1) in spots
    with pytest.raises(cc.IllegalAction, match="not a legal position"):
        state.apply(take("v0", -1, 0))
    with pytest.raises(cc.IllegalAction, match="not a legal position"):
        state.apply(take("v0", 0, 2))  # not adjacent


def test_the_first_player_option_starts_the_game_there_and_play_goes_clockwise() -> None:
    state = game(ruleset(), players=4, first_player=3)
    assert state.current_player == 3
    state = play(state, take("v0"))
    assert state.current_player == 0 and len(state.tableau(3)) == 1


# ------------------------------------------------------------------ end of game


def full_game(players: int = 3, first_player: int = 0) -> cc.GameState:
    """A game of plain fillers: every turn takes the first card face up at the first spot."""
    state = game(ruleset(), players=players, first_player=first_player)
    while not state.is_over:
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, cc.Take)))
    return state


def test_nine_cards_each_end_the_game_and_not_one_turn_before() -> None:
    state = game(ruleset(), players=3, first_player=1)
    for _ in range(26):
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, cc.Take)))
        assert not state.is_over and state.legal_actions()
    with pytest.raises(cc.GameNotOver):
        state.scores()
    assert [len(state.tableau(s)) for s in range(3)] == [8, 9, 9]
    state = state.apply(next(a for a in state.legal_actions() if isinstance(a, cc.Take)))
    assert state.is_over and state.legal_actions() == ()
    assert len(state.scores()) == 3
    with pytest.raises(cc.IllegalAction, match="over"):
        state.apply(take("v0"))


def test_scores_before_the_end_raise_game_not_over_even_with_a_decision_pending() -> None:
    chooser = card("Chooser", V, ability=[m.Choice(((gold(1),), (keys(1),)))])
    state = game(ruleset(chooser), village=["Chooser"]).apply(take("Chooser"))
    with pytest.raises(cc.GameNotOver):
        state.scores()


def test_equal_scores_are_broken_by_gold_and_an_equal_gold_is_a_shared_win() -> None:
    state = full_game(3)
    assert state.result().winners == (0, 1, 2) and state.result().decided_by == "shared"
    richer = with_seat(state, 1, gold=16)
    assert richer.result().winners == (1,) and richer.result().decided_by == "gold"
    two = with_seat(with_seat(state, 0, gold=20), 2, gold=20)
    assert two.result().winners == (0, 2)
    keyed = with_seat(richer, 2, keys=3)
    assert keyed.result().winners == (2,) and keyed.result().decided_by == "score"


def test_gold_left_breaks_ties_after_purse_placement() -> None:
    """Gold moved onto purses at the end is no longer in the supply, so it does not break ties."""
    from castle_combo.engine.scoring import winners

    rules = ruleset(card("Pouch", C, purse=4))
    plain = [["c0", "c1", "c2"], ["c3", "c4", "c5"], ["c6", "c7", "c8"]]
    with_pouch = [["Pouch", "c1", "c2"], ["c3", "c4", "c5"], ["c6", "c7", "c8"]]
    poorer = cc.score_tableau(with_pouch, keys=2, gold=9, rules=rules)
    richer = cc.score_tableau(plain, keys=2, gold=6, rules=rules)
    assert (poorer.total, poorer.gold_left) == (2, 5)
    assert (richer.total, richer.gold_left) == (2, 6)
    assert winners([poorer, richer]) == ((1,), "gold")


def test_face_down_purse_card_gets_no_gold_at_the_end_and_purses_fill_in_reading_order() -> None:
    """Purse cards that value their gold alike, as every standard one does (2 per gold on it): reading order.

    Fan cards that value stored gold differently get it where it is worth most
    (tests/test_scoring_fan_semantics.py, test_leftover_gold_goes_on_the_purse_cards_worth_most_first).
    """
    two_per_gold = [m.ScorePer(2, m.Per(m.GoldOnThisCard()))]
    rules = ruleset(
        card("Low", C, purse=3, scoring=two_per_gold),
        card("High", C, purse=4, scoring=two_per_gold),
        card("Hidden", C, purse=5, scoring=two_per_gold),
    )
    grid = [["c0", "Hidden", "c1"], ["c2", "High", "c3"], ["Low", "c4", "c5"]]
    sheet = cc.score_tableau(grid, keys=0, gold=6, rules=rules)
    # Reading order: Hidden (top row) takes 5, High 1, Low nothing.
    assert sheet.cards == ((0, 10, 0), (0, 2, 0), (0, 0, 0)) and sheet.gold_left == 0
    assert sheet.stored == ((0, 5, 0), (0, 1, 0), (0, 0, 0))
    grid[0][1] = "face-down"
    sheet = cc.score_tableau(grid, keys=0, gold=9, rules=rules)
    assert sheet.cards == ((0, 0, 0), (0, 8, 0), (6, 0, 0)) and sheet.gold_left == 2


def test_score_sheet_cards_are_laid_out_top_row_first_in_the_final_grid() -> None:
    corner = card("Corner", C, scoring=[m.ScoreIf(4, m.PlacedIn(m.Region(m.NAMED_REGIONS["a corner"], "a corner")))])
    side = m.Region(m.NAMED_REGIONS["right column"], "right column")
    top = card("Top", C, scoring=[m.ScoreIf(5, m.PlacedIn(side)), m.ScoreIf(50, m.PlacedIn(m.Region(m.NAMED_REGIONS["top row"], "top row")))])
    rules = ruleset(corner, top)
    state = game(rules, castle=["Corner", "Top"], village=["v0"])
    state = state.replace(messenger=Deck.CASTLE)
    # Seat 0 builds upward and leftward from (0, 0): Corner ends bottom right, Top right of the middle row.
    state = play(state, take("Corner"), take("c0"), take("Top", 0, -1))
    spots_needed = [(-1, 0), (-2, 0), (-1, -1), (-2, -1), (0, -2), (-1, -2), (-2, -2)]
    for x, y in spots_needed:
        other = state.players[1].spots[0]
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, cc.Take) and a.at == other))
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, cc.Take) and a.at == (x, y)))
    state = state.apply(next(a for a in state.legal_actions() if isinstance(a, cc.Take)))
    assert state.is_over
    sheet = state.scores()[0]
    assert sheet.cards == ((0, 0, 0), (0, 0, 5), (0, 0, 4))
    assert sheet.names[2][2] == "Corner" and sheet.names[1][2] == "Top"


# -------------------------------------------------------------------- records


def reshuffling_game() -> cc.GameState:
    """A 2-player game on a small deck with key refreshes, so discard piles are reshuffled."""
    rules = ruleset(castle=8, village=20)
    state = cc.new_game(players=2, seed=5, rules=rules)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(REFRESH if REFRESH in legal else legal[len(legal) // 2])
    assert state.origin is not None and state.origin.reshuffles
    return state


def test_a_record_with_reshuffles_replays_to_the_same_state() -> None:
    state = reshuffling_game()
    record = state.record()
    assert record["reshuffles"]
    assert cc.replay(record, rules=state.rules) == state
    assert cc.loads(cc.dumps(state), rules=state.rules) == state


def test_a_record_whose_reshuffle_order_is_wrong_is_refused_naming_the_entry() -> None:
    state = reshuffling_game()
    record = state.record()
    first = record["reshuffles"][0]
    wrong_card = next(c.name for c in state.rules.deck(Deck(first["deck"])) if c.name not in first["order"])
    first["order"] = first["order"][:-1] + [wrong_card]
    with pytest.raises(cc.RecordError, match=r"\$\.reshuffles\[0\]\.order"):
        cc.replay(record, rules=state.rules)


def test_shield_type_counts_ignore_face_down_cards_in_abilities_too() -> None:
    counter = card("Counter", V, shields=(Shield.FAITH,), ability=[gold(1, m.DistinctShieldTypes())])
    state = seat_with(game(ruleset(counter), village=["Counter"]), 0, [("c5", 0, 0, True)])
    assert state.apply(take("Counter", 1, 0)).players[0].gold == 16
