"""The card language's composable parts, one rule each: what a fan writes is what the game does.

Each test writes a card as a fan would (card-language text), then plays or
scores it and checks the result the rules page promises: filters and scopes
in counts, quantifiers over rows, pairs and players, amounts with caps,
floors and penalties, comparisons between counts and with other players, and
the effects on the other players, the rows, the messenger, face-down cards
and optional costs. The rulings themselves are on the rules page, "Fan
mechanics".
"""

from __future__ import annotations

import pytest
from engine_kit import C, filler, game, ruleset, seat_with, take, with_seat

import castle_combo as cc
from castle_combo.language import parse_text
from castle_combo.language.model import Deck


def card(text: str, *, name: str = "Fan", deck: str = "village", cost: int = 0, shields: str = "faith",
         facts: str = "") -> cc.Card:
    (parsed,) = parse_text(f'card "{name}" {{ deck {deck} cost {cost} shields {shields} {facts}\n {text} }}')
    return parsed


def score(scored: cc.Card, grid: list[list[str]], *others: cc.Card, keys: int = 0, gold: int = 0,
          purse_gold: dict[str, int] | None = None) -> int:
    """The scored card's points in a finished grid of fillers (v0..v8) and the given cards."""
    rules = ruleset(scored, *others)
    sheet = cc.score_tableau(grid, keys=keys, gold=gold, purse_gold=purse_gold, rules=rules)
    for y, row in enumerate(grid):
        for x, name in enumerate(row):
            if name == scored.name:
                return sheet.cards[y][x]
    raise AssertionError("the scored card is not in the grid")


def plain(*names: str) -> list[list[str]]:
    """A 3x3 grid: the names given in reading order, then plain fillers."""
    cells = list(names) + [f"v{i}" for i in range(9 - len(names))]
    return [cells[0:3], cells[3:6], cells[6:9]]


def faith(name: str, deck: str = "village", cost: int = 0, more: str = "") -> cc.Card:
    return card("", name=name, deck=deck, cost=cost, shields="faith " + more if more else "faith")


# ----------------------------------------------------------------- filters


def test_a_count_of_cards_with_a_shield_counts_each_card_once() -> None:
    scored = card("score 2 per card with a faith shield")
    two = card("", name="Two", shields="faith faith")
    assert score(scored, plain("Fan", "Two"), two) == 2 * 2  # the fan card and Two, each once


def test_a_shield_filter_with_or_counts_cards_with_either_shield() -> None:
    scored = card("score 1 per card with a military or faith shield")
    soldier = card("", name="Soldier", shields="military")
    assert score(scored, plain("Fan", "Soldier"), soldier) == 2


def test_filters_combine_deck_and_cost() -> None:
    scored = card("score 3 per village card costing 2 or less", deck="castle", cost=4)
    cheap = card("", name="Cheap", cost=2)
    dear = card("", name="Dear", cost=3)
    fort = card("", name="Fort", deck="castle", cost=1)
    # Cheap and the eight plain village fillers (cost 0) count; Dear (cost 3) and Fort (castle) do not.
    assert score(scored, [["Fan", "Cheap", "Dear"], ["Fort", "v0", "v1"], ["v2", "v3", "v4"]], cheap, dear,
                 fort) == 3 * 6


def test_a_filter_against_this_cards_printed_cost() -> None:
    scored = card("score 1 per card costing less than this card", cost=3)
    assert score(scored, plain("Fan", "Two"), card("", name="Two", cost=2)) == 8  # Two and 7 fillers cost less


def test_sharing_a_shield_with_this_card_counts_this_card_too_unless_told_otherwise() -> None:
    scored = card("score 1 per card sharing a shield type with this card other than this card")
    assert score(scored, plain("Fan", "Sister"), faith("Sister")) == 1


def test_a_purse_card_holding_gold() -> None:
    scored = card("score 2 per purse card holding gold")
    full = card("", name="Full", facts="purse 3")
    empty = card("", name="Empty", facts="purse 3")
    assert score(scored, plain("Fan", "Full", "Empty"), full, empty, purse_gold={"Full": 1}) == 2


def test_a_card_without_a_faith_shield_includes_face_down_cards() -> None:
    scored = card("score 1 per card without a faith shield")
    grid = plain("Fan")
    grid[2][2] = "face-down"
    assert score(scored, grid) == 8  # 7 peasantry fillers and the face-down card


def test_corner_cards_are_the_cards_in_the_corners_of_the_final_grid() -> None:
    scored = card("score 2 per faith corner card")
    assert score(scored, [["Fan", "v0", "Monk"], ["v1", "v2", "v3"], ["v4", "v5", "v6"]], faith("Monk")) == 4


def test_diagonal_cards_are_the_four_cards_diagonally_next_to_this_one() -> None:
    scored = card("score 1 per faith shield on diagonal cards")
    grid = [["A", "v0", "B"], ["v1", "Fan", "v2"], ["C", "v3", "v4"]]
    assert score(scored, grid, faith("A"), faith("B"), faith("C")) == 3


# ----------------------------------------------------------------- quantifiers


def test_per_row_with_at_least_two_village_banners_counts_rows() -> None:
    scored = card("score 4 per row with at least 2 village banners", deck="castle")
    forts = [card("", name=f"F{i}", deck="castle") for i in range(4)]
    grid = [["Fan", "F0", "v0"], ["F1", "F2", "v1"], ["F3", "v2", "v3"]]
    assert score(scored, grid, *forts) == 4  # only the bottom row holds two village banners


def test_per_pair_of_adjacent_cards_sharing_a_shield_type() -> None:
    scored = card("score 1 per pair of adjacent cards sharing a shield type", shields="nobility")
    grid = [["Fan", "A", "v0"], ["v1", "B", "v2"], ["v3", "v4", "v5"]]
    # The peasantry fillers touch in 7 pairs (v0-v2, v1-v3, v2-v5, v3-v4, v4-v5, v1-B? no: B is faith).
    pairs = score(scored, grid, faith("A"), faith("B"))
    assert pairs == 1 + 5  # A-B share faith; the fillers v0-v2, v1-v3, v3-v4, v4-v5, v2-v5 share peasantry


def test_per_opponent_with_more_keys_than_you() -> None:
    bully = card("when bought: gain 2 gold per opponent with more keys than you", cost=0)
    rules = ruleset(bully)
    state = with_seat(game(rules, village=["Fan"], players=3), 0, keys=1)
    state = with_seat(with_seat(state, 1, keys=3), 2, keys=1)
    after = state.apply(take("Fan"))
    assert after.players[0].gold == 15 + 2  # seat 1 has more keys; seat 2 has as many


# ----------------------------------------------------------------- amounts


def test_one_point_per_two_gold_left() -> None:
    scored = card("score 1 per 2 gold")
    assert score(scored, plain("Fan"), gold=7) == 3


def test_a_cap_stops_the_points() -> None:
    scored = card("score 2 per peasantry shield up to 10")
    assert score(scored, plain("Fan")) == 10  # 8 peasantry shields would give 16


def test_a_penalty_per_face_down_card() -> None:
    scored = card("score -2 per face-down card")
    grid = plain("Fan")
    grid[0][1] = grid[0][2] = "face-down"
    assert score(scored, grid) == -4


# ----------------------------------------------------------------- comparisons


def test_more_faith_shields_than_military_shields_compares_two_counts() -> None:
    scored = card("score 5 if more faith shields than military shields")
    assert score(scored, plain("Fan")) == 5
    soldiers = [card("", name=f"S{i}", shields="military") for i in range(2)]
    assert score(scored, plain("Fan", "S0", "S1"), *soldiers) == 0


def test_the_most_shields_counts_a_tie_as_the_most() -> None:
    scored = card("score 6 if the most faith shields")
    assert score(scored, plain("Fan")) == 6  # the scenario's neighbour is an empty tableau
    rules = ruleset(scored, faith("Other"), faith("Third"), *filler(C, 9, "w"))
    neighbour = [["Other", "w0", "w1"], ["w2", "w3", "w4"], ["w5", "w6", "w7"]]
    tied = cc.score_tableau(plain("Fan"), rules=rules, neighbours=[neighbour])
    assert tied.cards[0][0] == 6
    neighbour[0][1] = "Third"
    behind = cc.score_tableau(plain("Fan"), rules=rules, neighbours=[neighbour])
    assert behind.cards[0][0] == 0


def test_a_condition_on_an_effect_on_opponents_reads_your_tableau_unless_it_says_they() -> None:
    yours = card("when bought: take 1 key from each opponent if at least 1 faith shield")
    theirs = card("when bought: take 1 key from each opponent if they have at least 1 faith shield", name="Theirs")
    assert yours.ability[0].describe() == (
        "Take 1 key from each opponent (never more than they have) if your tableau has at least 1 faith shield.")
    assert theirs.ability[0].describe() == (
        "Take 1 key from each opponent whose tableau has at least 1 faith shield (never more than they have).")
    rules = ruleset(yours, theirs)
    state = game(rules, village=["Fan", "Theirs"])
    assert state.apply(take("Fan")).players[0].keys == 2 + 1  # the opponent's tableau is empty: yours counts
    assert state.apply(take("Theirs")).players[0].keys == 2  # theirs has no faith shield: nothing taken


# ----------------------------------------------------------------- effects on players


def test_each_opponent_loses_a_key_never_below_zero() -> None:
    rules = ruleset(card("when bought: each opponent loses 1 key"))
    state = with_seat(game(rules, village=["Fan"], players=3), 2, keys=0)
    after = state.apply(take("Fan"))
    assert [p.keys for p in after.players] == [2, 1, 0]


def test_giving_to_each_opponent_stops_when_you_run_out() -> None:
    rules = ruleset(card("when bought: give 2 gold to each opponent"))
    state = with_seat(game(rules, village=["Fan"], players=3), 0, gold=3)
    after = state.apply(take("Fan"))
    assert [p.gold for p in after.players] == [0, 17, 16]  # seat 1 (to the left) first


def test_your_left_neighbour_gains() -> None:
    rules = ruleset(card("when bought: your left neighbour gains 3 gold"))
    after = game(rules, village=["Fan"], players=3).apply(take("Fan"))
    assert [p.gold for p in after.players] == [15, 18, 15]


# ----------------------------------------------------------------- optional costs


def test_you_may_pay_a_cost_to_gain_is_asked_and_paid_only_on_yes() -> None:
    rules = ruleset(card("when bought: you may pay 2 gold to gain 3 keys"))
    asked = game(rules, village=["Fan"]).apply(take("Fan"))
    assert asked.legal_actions() == (cc.Choose(1), cc.Choose(2))
    yes, no = asked.apply(cc.Choose(1)), asked.apply(cc.Choose(2))
    assert (yes.players[0].gold, yes.players[0].keys) == (13, 5)
    assert (no.players[0].gold, no.players[0].keys) == (15, 2)


def test_an_optional_cost_that_cannot_be_paid_is_not_offered() -> None:
    rules = ruleset(card("when bought: you may pay 9 keys to gain 20 gold"))
    after = game(rules, village=["Fan"]).apply(take("Fan"))
    assert after.pending is None and after.players[0].gold == 15


# ----------------------------------------------------------------- the rows and the messenger


def test_discarding_a_named_row_asks_nothing() -> None:
    rules = ruleset(card("when bought: discard the castle row then gain 1 gold per card on the discarded cards"))
    state = game(rules, village=["Fan"])
    castle_row = state.row(Deck.CASTLE)
    after = state.apply(take("Fan"))
    assert after.pending is None and after.players[0].gold == 15 + 3
    assert not set(castle_row) & set(after.row(Deck.CASTLE))


def test_a_player_of_your_choice_after_a_discard_still_counts_the_discarded_cards() -> None:
    """Found by the differential soak: a step that may ask (here a player of your choice) right after a discard
    in the same ability read the discarded cards as none."""
    rules = ruleset(card("when bought: discard the castle row then give 1 key per card on the discarded cards to "
                         "an opponent of your choice"))
    after = game(rules, village=["Fan"]).apply(take("Fan"))
    assert (after.players[0].keys, after.players[1].keys) == (0, 4)


def test_an_optional_cost_after_a_discard_still_counts_the_discarded_cards() -> None:
    rules = ruleset(card("when bought: discard the castle row then you may pay 1 gold to gain 1 gold per card on "
                         "the discarded cards"))
    asked = game(rules, village=["Fan"]).apply(take("Fan"))
    assert asked.pending is not None
    assert asked.apply(cc.Choose(1)).players[0].gold == 15 - 1 + 3


def test_moving_the_messenger_moves_it_to_the_other_location() -> None:
    rules = ruleset(card("when bought: move the messenger"))
    state = game(rules, village=["Fan"])
    assert state.messenger is Deck.VILLAGE
    assert state.apply(take("Fan")).messenger is Deck.CASTLE


def test_counting_the_cards_of_the_castle_row() -> None:
    rules = ruleset(card("when bought: gain 1 key per castle banner in the castle row"))
    assert game(rules, village=["Fan"]).apply(take("Fan")).players[0].keys == 2 + 3


# ----------------------------------------------------------------- face-down cards


def test_turning_every_face_down_card_face_up_shows_its_shields() -> None:
    rules = ruleset(card("when bought: turn every face-down card face up"), *filler(C, 3, "k"))
    state = seat_with(game(rules, village=["Fan"]), 0, [("k0", 0, 0, True)])
    after = state.apply(take("Fan", 1, 0))
    assert not any(cell.face_down for cell in after.players[0].tableau)
    assert after.players[0].banners == (1, 1)


def test_turning_one_face_down_card_face_up_asks_which_when_there_are_two() -> None:
    rules = ruleset(card("when bought: turn a face-down card face up and use its ability"),
                    card("when bought: gain 4 gold", name="Rich", deck="castle"), *filler(C, 3, "k"))
    state = seat_with(game(rules, village=["Fan"]), 0, [("Rich", 0, 0, True), ("k0", 1, 0, True)])
    asked = state.apply(take("Fan", 2, 0))
    assert asked.legal_actions() == (cc.Reveal("Rich"), cc.Reveal("k0"))
    after = asked.apply(cc.Reveal("Rich"))
    assert after.players[0].gold == 15 + 4
    assert cc.action_from_json(cc.Reveal("Rich").to_json()) == cc.Reveal("Rich")


# ----------------------------------------------------------------- triggers


def test_an_end_of_turn_trigger_resolves_the_turn_the_card_is_bought() -> None:
    rules = ruleset(card("at the end of your turn: gain 1 gold per faith shield"))
    after = game(rules, village=["Fan"]).apply(take("Fan"))
    assert after.players[0].gold == 15 + 1


# ----------------------------------------------------------------- what fans cannot write


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("score 1 per key in their tableau", "'their tableau' means the tableau of the player being talked about"),
        ("when bought: gain 1 gold per corner card", "an ability resolves before the final grid is known"),
        ("score 1 per card in the castle row", "a scoring rule counts tableaux, and the rows of the locations"),
        ("at the start of your turn: you may pay 1 gold to gain 2 keys",
         "an effect that asks its owner a question cannot happen at the start of a turn"),
    ],
)
def test_a_combination_that_means_nothing_is_refused_with_the_reason(body: str, message: str) -> None:
    with pytest.raises(cc.CardValidationError, match=message):
        card(body)


def test_taking_needs_players_to_take_from_even_in_python() -> None:
    from castle_combo.language import model as m

    thief = m.Card("Thief", Deck.VILLAGE, 1, (m.Shield.FAITH,), ability=(m.Take(1, m.Resource.GOLD),))
    with pytest.raises(cc.CardValidationError, match="'take' needs players to take from"):
        cc.Ruleset.from_cards([thief])


def test_a_count_of_the_row_a_card_was_bought_from_no_longer_sees_that_card() -> None:
    rules = ruleset(card("when bought: gain 1 gold per card in the village row"))
    assert game(rules, village=["Fan"]).apply(take("Fan")).players[0].gold == 15 + 2
