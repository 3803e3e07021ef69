"""Groups of connected cards (the card language's `group of ... connected ... cards`), one rule each.

A group is the cards passing a filter that reach each other through orthogonally adjacent cards that pass
it too (also diagonally adjacent ones with `diagonally connected`); a lone passing card is a group of 1.
`per group of at least N connected X cards` counts groups, `per card in the largest group of connected X
cards` the cards of the largest (ties do not matter), `per card in this card's group of ...` the cards of
this card's group, and `at least N connected X cards` in a condition asks the largest group. Each test
writes a card as a fan would and scores or plays it; the fan guide and the reference say the same.
"""

from __future__ import annotations

import pytest
from engine_kit import game, ruleset, seat_with, take

import castle_combo as cc
from castle_combo.engine.counting import _COMPONENTS, Placed, _connected_sizes
from castle_combo.language import format_cards, parse_text

F = "Faith"  # a faith card (the fillers v0.. are peasantry village cards, c0.. peasantry castle cards)


def card(text: str, *, name: str = "Fan", deck: str = "village", cost: int = 0, shields: str = "faith") -> cc.Card:
    (parsed,) = parse_text(f'card "{name}" {{ deck {deck} cost {cost} shields {shields}\n {text} }}')
    return parsed


def faiths(count: int) -> list[cc.Card]:
    return [card("", name=f"{F}{i}") for i in range(count)]


def score(scored: cc.Card, grid: list[str], *others: cc.Card) -> int:
    """The scored card's points in a finished grid written as 9 names in reading order ("." for a filler)."""
    fillers = iter(f"v{i}" for i in range(9))
    names = [next(fillers) if name == "." else name for name in grid]
    rows = [names[0:3], names[3:6], names[6:9]]
    sheet = cc.score_tableau(rows, rules=ruleset(scored, *others))
    for y, row in enumerate(rows):
        for x, name in enumerate(row):
            if name == scored.name:
                return sheet.cards[y][x]
    raise AssertionError("the scored card is not in the grid")


def grid(text: str) -> list[str]:
    """A grid drawn as three lines: F for a faith card (numbered in reading order), X for the scored card, . a filler."""
    names, faith = [], 0
    for mark in text.split():
        if mark == "F":
            names.append(f"{F}{faith}")
            faith += 1
        else:
            names.append("Fan" if mark == "X" else ".")
    return names


def test_a_single_matching_card_is_a_group_of_one() -> None:
    scored = card("score 3 per group of connected faith cards", shields="peasantry")
    assert score(scored, grid("F . . . X . . . F"), *faiths(2)) == 3 * 2


def test_cards_next_to_each_other_side_by_side_are_one_group() -> None:
    scored = card("score 3 per group of connected faith cards", shields="peasantry")
    assert score(scored, grid("F F . . F X . . F"), *faiths(4)) == 3 * 2  # the three top-left ones, and the corner


def test_cards_touching_only_at_a_corner_are_two_groups_unless_diagonally_connected() -> None:
    apart = card("score 1 per group of connected faith cards", shields="peasantry")
    together = card("score 1 per group of diagonally connected faith cards", shields="peasantry")
    assert score(apart, grid("F . . . F . X . F"), *faiths(3)) == 3
    assert score(together, grid("F . . . F . X . F"), *faiths(3)) == 1


def test_a_group_connects_only_through_cards_that_pass_the_filter() -> None:
    # The two faith cards are joined by the scored peasantry card, which is not a faith card: two groups.
    scored = card("score 1 per group of connected faith cards", shields="peasantry")
    assert score(scored, grid("F X F . . . . . ."), *faiths(2)) == 2


def test_groups_of_at_least_n_cards_leave_the_smaller_groups_out() -> None:
    scored = card("score 3 per group of at least 3 connected faith cards", shields="peasantry")
    # A group of 4 (the left column and the center), two lone cards (top and bottom right): one counts.
    assert score(scored, grid("F . F F F X F . F"), *faiths(6)) == 3 * 1


def test_the_largest_group_counts_its_cards_and_a_tie_counts_once() -> None:
    scored = card("score 2 per card in the largest group of connected faith cards", shields="peasantry")
    assert score(scored, grid("F F . . . X F F ."), *faiths(4)) == 2 * 2  # two groups of 2: the largest has 2
    assert score(scored, grid("F F F . . X F F ."), *faiths(5)) == 2 * 3


def test_no_matching_card_is_no_group_and_an_empty_largest_group() -> None:
    groups = card("score 5 per group of connected faith cards", shields="peasantry")
    largest = card("score 5 per card in the largest group of connected faith cards", shields="peasantry")
    assert score(groups, grid("X . . . . . . . .")) == 0
    assert score(largest, grid("X . . . . . . . .")) == 0


def test_this_cards_group_counts_the_cards_connected_to_this_card() -> None:
    scored = card("score 1 per card in this card's group of connected faith cards")
    assert score(scored, grid("X F . . F . F . F"), *faiths(4)) == 3  # Fan, (1,0), (1,1); not the corners


def test_this_cards_group_is_empty_when_this_card_does_not_pass_the_filter() -> None:
    scored = card("score 1 per card in this card's group of connected faith cards", shields="peasantry")
    assert score(scored, grid("X F F . . . . . ."), *faiths(2)) == 0


def test_this_cards_group_of_cards_sharing_a_banner_with_it() -> None:
    scored = card("score 1 per card in this card's group of connected cards sharing a banner with this card",
                  deck="castle")
    castles = [card("", name=f"K{i}", deck="castle") for i in range(3)]
    # Fan (castle) at the center, K0 above it and K1 right of it; K2 in a corner touches only village cards.
    rows = ["v0", "K0", "v1", "v2", "Fan", "K1", "K2", "v3", "v4"]
    assert score(scored, rows, *castles) == 3  # Fan, K0 and K1


def test_face_down_cards_break_a_group_of_faith_cards_but_join_a_group_of_cards() -> None:
    faith_groups = card("score 1 per group of connected faith cards", shields="peasantry")
    any_groups = card("score 1 per card in the largest group of connected face-down cards", shields="peasantry")
    rows = [f"{F}0", "face-down", f"{F}1", "v0", "Fan", "v1", "face-down", "face-down", "v2"]
    assert score(faith_groups, rows, *faiths(2)) == 2
    assert score(any_groups, rows, *faiths(2)) == 2  # the two bottom ones touch; the top one stands alone


def test_at_least_n_connected_cards_in_a_condition_asks_the_largest_group() -> None:
    scored = card("score 5 if at least 4 connected castle cards", deck="castle")
    castles = [card("", name=f"K{i}", deck="castle") for i in range(4)]
    assert score(scored, ["Fan", "K0", "v0", "K1", "K2", "v1", "v2", "v3", "K3"], *castles) == 5
    assert score(scored, ["Fan", "K0", "v0", "v1", "K2", "v2", "K1", "v3", "K3"], *castles) == 0


def test_a_row_quantifier_looks_for_the_group_inside_each_row() -> None:
    scored = card("score 2 per row with a group of at least 2 connected faith cards", shields="peasantry")
    assert score(scored, grid("F F . F . F X F F"), *faiths(6)) == 2 * 2  # the top and bottom rows


def test_the_groups_compose_with_amounts_every_n_and_caps() -> None:
    scored = card("score 2 per 2 cards in the largest group of connected faith cards up to 3", shields="peasantry")
    assert score(scored, grid("F F F F F X . . ."), *faiths(5)) == 3  # 5 cards: twice 2 cards, 4 points, capped


def test_an_ability_counts_the_groups_of_the_tableau_as_it_is() -> None:
    fan = card("when bought: gain 1 gold per group of connected faith cards")
    rules = ruleset(fan, *faiths(3))
    state = seat_with(game(rules, village=["Fan"]), 0, [(f"{F}0", 0, 0), (f"{F}1", 2, 0), (f"{F}2", 2, 1)])
    before = state.players[0].gold
    after = state.apply(take("Fan", 0, 1))  # joins Faith0: groups {Faith0, Fan} and {Faith1, Faith2}
    assert after.players[0].gold == before + 2


def test_an_opponent_quantifier_counts_the_largest_group_in_their_tableau() -> None:
    fan = card("when bought: gain 2 gold per opponent with at least 2 connected faith cards")
    rules = ruleset(fan, *faiths(3))
    state = seat_with(game(rules, village=["Fan"]), 1, [(f"{F}0", 0, 0), (f"{F}1", 1, 0)])
    before = state.players[0].gold
    assert state.apply(take("Fan")).players[0].gold == before + 2


@pytest.mark.parametrize("text", [
    "score 2 per card in the largest group of connected peasantry cards",
    "score 3 per group of at least 3 connected faith cards",
    "score 5 if at least 4 cards in the largest group of connected castle cards",
    "score 1 per card in this card's group of connected cards sharing a banner with this card",
    "score 1 per group of diagonally connected (castle cards or purse cards) up to 4",
    "score 2 per opponent with at least 3 cards in the largest group of connected village cards",
    "when bought: gain 1 gold per 2 groups of connected face-down cards",
])
def test_the_groups_round_trip_through_the_canonical_form(text: str) -> None:
    (parsed,) = parse_text(f'card "Fan" {{ deck castle cost 1 shields faith\n {text} }}')
    assert parse_text(format_cards([parsed])) == (parsed,)


def test_the_short_form_and_your_largest_read_as_the_canonical_form() -> None:
    short = card("score 5 if at least 4 connected castle cards")
    long = card("score 5 if at least 4 cards in your largest group of connected castle cards")
    canonical = card("score 5 if at least 4 cards in the largest group of connected castle cards")
    assert short == long == canonical
    assert short.scoring[0].describe() == (
        "Score 5 if your tableau has at least 4 cards in the largest group of connected castle cards.")


def test_the_english_says_how_cards_connect() -> None:
    groups = card("score 3 per group of at least 3 connected faith cards").scoring[0]
    diagonal = card("score 1 per group of diagonally connected castle cards").scoring[0]
    this = card("score 1 per card in this card's group of connected cards").scoring[0]
    assert groups.describe() == "Score 3 per group of at least 3 connected cards with a faith shield in your tableau."
    assert diagonal.describe() == (
        "Score 1 per group of orthogonally or diagonally connected castle cards in your tableau.")
    assert this.describe() == "Score 1 per card in this card's group of connected cards in your tableau."


def test_the_connected_groups_of_every_set_of_spaces_are_looked_up_not_searched() -> None:
    assert _COMPONENTS[0][0b111_111_111] == (0b111_111_111,)
    assert len(_COMPONENTS[0][0b101_010_101]) == 5 and len(_COMPONENTS[1][0b101_010_101]) == 1
    # Cells that do not fit one grid (several tableaux' cards, sharing spaces) are searched and agree.
    cells = [Placed(0, 0, 0), Placed(1, 0, 0), Placed(2, 1, 0), Placed(3, 5, 5)]
    assert sorted(_connected_sizes(cells, cells[0], False)[0]) == [1, 3]
    assert _connected_sizes(cells, cells[0], False)[1] == 3


@pytest.mark.parametrize("place", ["adjacent to this card", "other than this card", "below this card",
                                   "on this card's diagonals", "in a neighbour's tableau"])
def test_this_cards_group_in_a_place_that_leaves_this_card_out_is_refused(place: str) -> None:
    with pytest.raises(cc.CardValidationError, match="this card's group is in your tableau and holds this card"):
        card(f"score 1 per card in this card's group of connected faith cards {place}")


def test_this_cards_group_in_its_row_is_the_group_within_the_row() -> None:
    scored = card("score 1 per card in this card's group of connected faith cards in row")
    assert score(scored, grid("F . . X F . . F ."), *faiths(3)) == 2  # Fan and its right neighbour; not below
