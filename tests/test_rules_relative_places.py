"""Places relative to this card: up and down its column, along its row, and along the diagonals through it.

One test per ruling of the card language's page ("Places"): ``above this card``
/ ``below this card`` are the cards of this card's column above / below it,
``left of this card`` / ``right of this card`` the cards of its row to that
side, any distance; the ``directly`` forms are the next space only; ``on this
card's diagonals`` the cards on the diagonal lines of the 3x3 grid through it.
None holds this card. A scoring rule reads them in the final grid, an ability
in the tableau as it is; they compose with every filter, and places that can
never hold together are refused. Written in the card language, played
through the public API.
"""

from __future__ import annotations

import pytest
from engine_kit import game, one, ruleset, seat_with, take

import castle_combo as cc
from castle_combo.language import format_card, parse_text
from castle_combo.language.model import Scope


def at(name: str, cell: tuple[int, int], others: dict[tuple[int, int], str] | None = None) -> list[list[str]]:
    """A full grid with ``name`` at ``(column, row)``, ``others`` at theirs and castle fillers elsewhere."""
    spots = {cell: name, **(others or {})}
    fillers = iter(f"c{i}" for i in range(9))
    return [[spots.get((x, y)) or next(fillers) for x in range(3)] for y in range(3)]


def points(card: cc.Card, cell: tuple[int, int], others: dict[tuple[int, int], str] | None = None) -> int:
    """What ``card`` scores at ``cell`` of a final grid (fillers, and ``others`` placed)."""
    sheet = cc.score_tableau(at(card.name, cell, others), rules=ruleset(card))
    return sheet.cards[cell[1]][cell[0]]


# ---------------------------------------------------------------- up and down the column, along the row


@pytest.mark.parametrize(("cell", "above", "below"), [((1, 0), 0, 2), ((1, 1), 1, 1), ((1, 2), 2, 0)])
def test_above_and_below_this_card_are_the_cards_of_its_column_on_that_side_any_distance(
        cell: tuple[int, int], above: int, below: int) -> None:
    assert points(one("Up", "score 1 per card above this card"), cell) == above
    assert points(one("Down", "score 1 per card below this card"), cell) == below


@pytest.mark.parametrize(("cell", "left", "right"), [((0, 1), 0, 2), ((1, 1), 1, 1), ((2, 1), 2, 0)])
def test_left_of_and_right_of_this_card_are_the_cards_of_its_row_on_that_side_any_distance(
        cell: tuple[int, int], left: int, right: int) -> None:
    assert points(one("West", "score 1 per card left of this card"), cell) == left
    assert points(one("East", "score 1 per card right of this card"), cell) == right


def test_directly_above_this_card_is_the_next_space_up_only() -> None:
    lookout = one("Lookout", "score 3 per village banner directly above this card")
    assert points(lookout, (1, 2), {(1, 1): "v0"}) == 3
    assert points(lookout, (1, 2), {(1, 0): "v0"}) == 0  # two spaces up: above it, not directly
    assert points(lookout, (1, 2), {(0, 1): "v0"}) == 0  # diagonally up: not in its column
    assert points(one("Far", "score 3 per village banner above this card"), (1, 2), {(1, 0): "v0"}) == 3


@pytest.mark.parametrize(("body", "cell", "villages", "expected"), [
    ("directly below this card", (0, 0), {(0, 1)}, 1),
    ("directly below this card", (0, 0), {(0, 2), (1, 1)}, 0),
    ("directly left of this card", (2, 2), {(1, 2)}, 1),
    ("directly left of this card", (2, 2), {(0, 2), (2, 1)}, 0),
    ("directly right of this card", (0, 1), {(1, 1)}, 1),
    ("directly right of this card", (0, 1), {(2, 1), (1, 0)}, 0),
])
def test_each_directly_place_is_the_one_space_next_to_this_card_that_way(
        body: str, cell: tuple[int, int], villages: set[tuple[int, int]], expected: int) -> None:
    card = one("Step", f"score 1 per village banner {body}")
    assert points(card, cell, {spot: f"v{i}" for i, spot in enumerate(sorted(villages))}) == expected


# ---------------------------------------------------------------- the diagonals through this card


@pytest.mark.parametrize(("cell", "diagonal_cells"), [
    ((0, 0), {(1, 1), (2, 2)}),  # a corner: its one long diagonal
    ((1, 1), {(0, 0), (2, 2), (2, 0), (0, 2)}),  # the center: both long diagonals
    ((1, 0), {(0, 1), (2, 1)}),  # an edge middle: two short diagonals
    ((2, 1), {(1, 0), (1, 2)}),
])
def test_on_this_cards_diagonals_is_every_card_on_a_diagonal_line_through_it_and_not_itself(
        cell: tuple[int, int], diagonal_cells: set[tuple[int, int]]) -> None:
    watcher = one("Watcher", "score 1 per card on this card's diagonals", "deck village   cost 0   shields faith")
    assert points(watcher, cell) == len(diagonal_cells)
    spotter = one("Spotter", "score 1 per village banner on this card's diagonals")
    everywhere = [(x, y) for y in range(3) for x in range(3) if (x, y) != cell]
    for spot in everywhere:
        assert points(spotter, cell, {spot: "v0"}) == (spot in diagonal_cells), spot


# ---------------------------------------------------------------- this card's own place, filters, refusals


@pytest.mark.parametrize("row", [0, 1, 2])
def test_no_card_above_this_card_holds_exactly_when_it_ends_in_the_top_row(row: int) -> None:
    top = one("Top", "score 5 if no card above this card")
    placed = one("Placed", "score 5 if placed in top row")
    assert points(top, (2, row)) == points(placed, (2, row)) == (5 if row == 0 else 0)


def test_a_condition_counts_the_cards_above_this_card_as_it_counts_any_place() -> None:
    faithful = one("Faithful", "score 4 if a faith card above this card")
    priest = one("Priest", "", "deck castle   cost 0   shields faith")
    rules = ruleset(faithful, priest)
    assert cc.score_tableau(at("Faithful", (0, 2), {(0, 0): "Priest"}), rules=rules).cards[2][0] == 4
    assert cc.score_tableau(at("Faithful", (0, 2), {(1, 0): "Priest"}), rules=rules).cards[2][0] == 0


def test_places_relative_to_this_card_join_the_filters_and_the_parts_of_the_grid() -> None:
    corners = one("Corners", "score 1 per corner card on this card's diagonals")
    assert points(corners, (1, 1)) == 4 and points(corners, (1, 0)) == 0 and points(corners, (0, 0)) == 1
    sides = one("Sides", "score 2 per village card (directly left of this card or directly right of this card)")
    assert points(sides, (1, 1), {(0, 1): "v0", (2, 1): "v1", (1, 0): "v2"}) == 4
    not_up = one("NotUp", "score 1 per village card in column not above this card")
    assert points(not_up, (1, 1), {(1, 0): "v0", (1, 2): "v1"}) == 1


def test_a_place_next_to_this_card_narrows_cards_of_a_part_of_the_grid_in_your_tableau() -> None:
    """Before these places, any place next to this card with a part of the grid was refused; now both narrow."""
    corner_neighbours = one("Hub", "score 2 per corner card adjacent to this card")
    assert corner_neighbours.scoring[0].per.scope is Scope.TABLEAU
    assert points(corner_neighbours, (1, 0)) == 4 and points(corner_neighbours, (1, 1)) == 0
    top_row = one("Crest", "score 1 per village banner in top row in row")
    assert points(top_row, (2, 0), {(0, 0): "v0", (1, 0): "v1", (0, 1): "v2"}) == 2
    assert points(top_row, (2, 1), {(0, 0): "v0", (1, 0): "v1", (0, 1): "v2"}) == 0


@pytest.mark.parametrize("body", [
    "score 1 per card above this card below this card",
    "score 1 per card left of this card in column",
    "score 1 per faith shield directly above this card in row",
    "score 1 per card in top row below this card",
    "score 1 per card in left column directly right of this card",
    "score 1 per card on this card's diagonals adjacent to this card",
    "score 1 per card (above this card and left of this card)",
])
def test_places_that_can_never_hold_together_are_refused(body: str) -> None:
    with pytest.raises(cc.CastleComboError, match="these places contradict each other"):
        one("Odd", body)


def test_places_that_may_hold_together_are_not_refused() -> None:
    one("Fine", "score 1 per card directly above this card adjacent to this card")
    one("Fine", "score 1 per card on this card's diagonals diagonal to this card")
    one("Fine", "score 1 per card in top row above this card")  # this card in the middle or bottom row


def test_an_empty_space_is_not_counted_relative_to_this_card() -> None:
    with pytest.raises(cc.CastleComboError, match="'empty space' is counted in the whole tableau only"):
        one("Odd", "when bought: gain 1 gold per empty space directly above this card")


# ---------------------------------------------------------------- in an ability: the tableau as it is


def test_in_an_ability_cards_below_this_card_are_read_in_the_tableau_as_it_is() -> None:
    digger = one("Digger", "when bought: gain 2 gold per card below this card")
    rules = ruleset(digger)
    state = seat_with(game(rules, castle=["Digger"]), 0, [("c20", 0, 0), ("c21", 0, 1), ("c22", 1, 1)])
    state = state.replace(messenger=cc.Deck.CASTLE)
    after = state.apply(take("Digger", 0, -1))  # on top of the column of c20 and c21
    assert after.players[0].gold == state.players[0].gold + 4


def test_in_an_ability_a_card_directly_left_of_this_card_is_turned_face_up() -> None:
    turner = one("Turner", "when bought: turn every card directly left of this card face up")
    rules = ruleset(turner)
    state = seat_with(game(rules, castle=["Turner"]), 0, [("c20", 0, 0, True), ("c21", 0, 1, True)])
    state = state.replace(messenger=cc.Deck.CASTLE)
    after = state.apply(take("Turner", 1, 0))
    faces = {(c.x, c.y): c.face_down for c in after.players[0].tableau}
    assert faces[(0, 0)] is False and faces[(0, 1)] is True


# ---------------------------------------------------------------- the words


@pytest.mark.parametrize(("body", "english"), [
    ("score 1 per faith shield above this card", "Score 1 per faith shield on the cards above this one in its column."),
    ("score 1 per card directly below this card",
     "Score 1 per card in the space directly below this one (face-down cards included)."),
    ("score 2 per castle banner left of this card", "Score 2 per castle banner to the left of this one in its row."),
    ("score 2 per castle banner directly right of this card",
     "Score 2 per castle banner in the space directly right of this one."),
    ("score 2 per village banner on this card's diagonals",
     "Score 2 per village banner on the diagonal lines through this one."),
    ("score 1 per card (above this card or with a purse)",
     "Score 1 per card with a purse or above this card in its column in your tableau."),
])
def test_the_english_says_which_spaces_count(body: str, english: str) -> None:
    assert one("Words", body).scoring[0].describe() == english


@pytest.mark.parametrize("body", [
    "score 1 per faith shield directly above this card",
    "score 1 per card not below this card",
    "score 2 per corner card on this card's diagonals",
    "score 1 per purse card (left of this card or right of this card)",
    "score 3 if no card on this card’s diagonals",
    "when bought: put 1 gold on each purse card directly right of this card",
])
def test_the_canonical_text_reads_back_to_the_same_card(body: str) -> None:
    card = one("Round", body)
    (again,) = parse_text(format_card(card))
    assert again == card and format_card(again) == format_card(card)


@pytest.mark.parametrize(("body", "english"), [
    ("score 2 per row with at least 1 faith shield adjacent to this card",
     "Score 2 per row of your tableau whose cards next to this one have at least 1 faith shield."),
    ("score 2 per row with at least 1 faith shield above this card",
     "Score 2 per row of your tableau whose cards above this one in its column have at least 1 faith shield."),
    ("score 2 per row with at least 2 faith shields",
     "Score 2 per row of your tableau that has at least 2 faith shields."),
])
def test_a_row_counted_with_a_place_of_its_own_reads_as_a_sentence(body: str, english: str) -> None:
    assert one("Words", body).scoring[0].describe() == english
