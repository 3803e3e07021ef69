"""End-game scoring (RULINGS.md "End of game and scoring"), on synthetic cards."""

from __future__ import annotations

import attrs
import pytest
from engine_kit import C, V, card, per, ruleset

import castle_combo as cc
from castle_combo.engine.scoring import ScoreSheet, winners
from castle_combo.language import model as m
from castle_combo.language.model import Deck, Region, Scope, Shield

F, NOB, MIL, SCH, CRAFT, PEAS = Shield.FAITH, Shield.NOBILITY, Shield.MILITARY, Shield.SCHOLARSHIP, Shield.CRAFTSMANSHIP, Shield.PEASANTRY
FD = "face-down"


def plain(name: str, *shields: Shield, deck: Deck = C, **kw: object) -> m.Card:
    return card(name, deck, shields=shields or (PEAS,), **kw)  # type: ignore[arg-type]


def grid(*names: str) -> list[list[str]]:
    """Nine names, reading order, as a 3x3 grid."""
    return [list(names[0:3]), list(names[3:6]), list(names[6:9])]


BLANKS = [plain(f"b{i}") for i in range(9)]


def score(scorer: m.Card, at: int, *others: m.Card, **kw: object) -> ScoreSheet:
    """Score a grid with ``scorer`` at reading-order index ``at``, ``others`` next, blanks elsewhere."""
    rules = ruleset(scorer, *others, *BLANKS)
    cells = [c.name for c in others] + [b.name for b in BLANKS]
    cells = cells[:8]
    cells.insert(at, scorer.name)
    return cc.score_tableau(grid(*cells), rules=rules, **kw)  # type: ignore[arg-type]


def points(sheet: ScoreSheet, at: int) -> int:
    return sheet.cards[at // 3][at % 3]


def test_face_down_card_scores_zero() -> None:
    rules = ruleset(plain("Gem", scoring=[m.ScoreIf(9, m.CountIs(m.Per(m.KeysOwned()), m.Comparison.GE, 0))]), *BLANKS)
    sheet = cc.score_tableau(grid(FD, *[b.name for b in BLANKS[:8]]), rules=rules)
    assert sheet.cards[0][0] == 0 and sheet.names[0][0] == FD


def test_each_key_is_worth_one_point() -> None:
    sheet = score(plain("Gem"), 0, keys=11)
    assert sheet.total == 11 and sheet.keys == 11


def test_gold_left_in_the_supply_is_worth_nothing() -> None:
    sheet = score(plain("Gem"), 0, gold=30)
    assert sheet.total == 0 and sheet.gold_left == 30


def test_purse_placement_fills_purse_cards_in_reading_order_each_as_full_as_possible() -> None:
    a = plain("A", purse=3, scoring=[per(2, m.GoldOnThisCard())])
    b = plain("B", purse=5, scoring=[per(2, m.GoldOnThisCard())])
    rules = ruleset(a, b, *BLANKS)
    sheet = cc.score_tableau(grid("b0", "B", "b1", "A", "b2", "b3", "b4", "b5", "b6"), gold=6, rules=rules)
    assert sheet.stored[0][1] == 5 and sheet.stored[1][0] == 1
    assert sheet.gold_left == 0 and sheet.total == 12


def test_purse_placement_counts_gold_already_stored_and_keeps_the_rest() -> None:
    a = plain("A", purse=3, scoring=[per(1, m.GoldOnPurses())])
    sheet = cc.score_tableau(grid("A", *[b.name for b in BLANKS[:8]]), gold=5, purse_gold={"A": 2}, rules=ruleset(a, *BLANKS))
    assert sheet.stored[0][0] == 3 and sheet.gold_left == 4 and sheet.total == 3


def test_face_down_purse_card_holds_no_gold() -> None:
    a = plain("A", purse=3)
    sheet = cc.score_tableau(grid(FD, *[b.name for b in BLANKS[:8]]), gold=5, rules=ruleset(a, *BLANKS))
    assert sheet.gold_left == 5


def test_in_row_counts_the_three_cards_of_this_row() -> None:
    scorer = plain("Row", F, scoring=[per(3, m.ShieldsOf(F), Scope.ROW)])
    sheet = score(scorer, 4, plain("F1", F, F), plain("F2", F), plain("F3", F), plain("F4", F))
    # reading order: F1 F2 F3 / F4 Row b0 / ...: the middle row holds F4 and Row.
    assert points(sheet, 4) == 3 * 2


def test_in_column_counts_the_three_cards_of_this_column() -> None:
    scorer = plain("Col", F, scoring=[per(3, m.ShieldsOf(F), Scope.COLUMN)])
    sheet = score(scorer, 4, plain("F1", F, F), plain("F2", F), plain("F3", F), plain("F4", F))
    assert points(sheet, 4) == 3 * 2


def test_in_row_and_column_counts_five_cards_and_this_card_once() -> None:
    scorer = plain("Cross", F, scoring=[per(1, m.ShieldsOf(F), Scope.ROW_AND_COLUMN)])
    sheet = score(scorer, 4, plain("F1", F, F), plain("F2", F), plain("F3", F), plain("F4", F))
    assert points(sheet, 4) == 1 + 1 + 1  # itself, F2 above, F4 beside


def test_set_of_distinct_shields_uses_no_shield_twice() -> None:
    scorer = plain("Pair", NOB, scoring=[per(4, m.ShieldSets((NOB, MIL)))])
    sheet = score(scorer, 0, plain("M", MIL, MIL), plain("N", NOB))
    assert points(sheet, 0) == 4 * 2


def test_set_of_three_identical_shields_sums_over_the_six_types() -> None:
    scorer = plain("General", MIL, scoring=[per(6, m.IdenticalShieldSets(3))])
    sheet = score(scorer, 0, plain("M", MIL, MIL), plain("F", F, F), plain("F2", F))
    # military 3 -> 1 set, faith 3 -> 1 set, peasantry on 5 blanks -> 1 set (2 left over)
    assert points(sheet, 0) == 6 * 3


def test_set_of_castle_and_village_banners_is_the_smaller_count() -> None:
    scorer = plain("Judge", scoring=[per(3, m.BannerSets((Deck.CASTLE, Deck.VILLAGE)))])
    villagers = [plain(f"V{i}", deck=V) for i in range(3)]
    sheet = score(scorer, 0, *villagers)
    assert points(sheet, 0) == 3 * 3


def test_set_of_three_village_banners() -> None:
    scorer = plain("Brigand", deck=V, scoring=[per(7, m.BannerSets((Deck.VILLAGE,) * 3))])
    villagers = [plain(f"V{i}", deck=V) for i in range(4)]
    sheet = score(scorer, 0, *villagers)
    assert points(sheet, 0) == 7 * 1


def test_missing_shield_types_are_types_with_no_shield() -> None:
    scorer = plain("Holy", F, scoring=[per(6, m.MissingShieldTypes())])
    sheet = score(scorer, 0, plain("N", NOB), plain("M", MIL))
    assert points(sheet, 0) == 6 * 2  # scholarship and craftsmanship are missing


def test_no_shield_condition() -> None:
    scorer = plain("Pacifist", F, scoring=[m.ScoreIf(10, m.CountIs(m.Per(m.ShieldsOf(MIL)), m.Comparison.EQ, 0))])
    assert points(score(scorer, 0), 0) == 10
    assert points(score(scorer, 0, plain("M", MIL)), 0) == 0


def test_at_least_one_face_down_card_condition() -> None:
    rules = ruleset(plain("Carpenter", scoring=[m.ScoreIf(8, m.CountIs(m.Per(m.FaceDownCards()), m.Comparison.GE, 1))]), *BLANKS)
    with_fd = cc.score_tableau(grid("Carpenter", FD, *[b.name for b in BLANKS[:7]]), rules=rules)
    without = cc.score_tableau(grid("Carpenter", *[b.name for b in BLANKS[:8]]), rules=rules)
    assert (with_fd.total, without.total) == (8, 0)


def test_key_owned_counts_the_keys_held_at_the_end() -> None:
    assert points(score(plain("Templar", scoring=[per(1, m.KeysOwned())]), 0, keys=7), 0) == 7


def test_gold_stored_counts_after_purse_placement() -> None:
    scorer = plain("Banker", scoring=[per(1, m.GoldOnPurses())])
    sheet = score(scorer, 0, plain("P", purse=4), gold=9)
    assert points(sheet, 0) == 4 and sheet.gold_left == 5


@pytest.mark.parametrize(
    ("region", "inside", "outside"),
    [
        ("top row", 1, 4),
        ("bottom row", 7, 4),
        ("left column", 3, 4),
        ("a corner", 8, 5),
        ("the middle of an edge", 5, 4),
    ],
)
def test_position_cards_score_where_they_end_in_the_final_grid(region: str, inside: int, outside: int) -> None:
    cells = {
        "top row": {(0, 0), (1, 0), (2, 0)},
        "bottom row": {(0, 2), (1, 2), (2, 2)},
        "left column": {(0, 0), (0, 1), (0, 2)},
        "a corner": {(0, 0), (2, 0), (0, 2), (2, 2)},
        "the middle of an edge": {(1, 0), (0, 1), (2, 1), (1, 2)},
    }[region]
    scorer = plain("Pos", scoring=[m.ScoreIf(5, m.PlacedIn(Region(frozenset(cells), region)))])
    assert points(score(scorer, inside), inside) == 5
    assert points(score(scorer, outside), outside) == 0


def test_cards_with_a_discount_ability_and_purse_cards_are_counted_face_up() -> None:
    scorer = plain("Alchemist", scoring=[per(4, m.DiscountCards()), per(1, m.PurseCards())])
    saver = plain("Saver", ability=[m.Discount(1, (Deck.CASTLE,))])
    sheet = score(scorer, 0, saver, plain("P", purse=3))
    assert points(sheet, 0) == 4 * 1 + 1


def sheet(total: int, gold: int) -> ScoreSheet:
    return ScoreSheet(total, 0, gold, ((0, 0, 0),) * 3)  # type: ignore[arg-type]


def test_highest_total_wins() -> None:
    assert winners([sheet(40, 0), sheet(52, 0), sheet(51, 9)]) == ((1,), "score")


def test_tie_broken_by_gold_left() -> None:
    assert winners([sheet(52, 3), sheet(52, 7), sheet(40, 20)]) == ((1,), "gold")


def test_shared_win() -> None:
    assert winners([sheet(52, 7), sheet(52, 7), sheet(52, 2)]) == ((0, 1), "shared")


def test_scenario_errors_name_the_json_path() -> None:
    rules = ruleset(*BLANKS)
    with pytest.raises(cc.ScenarioError, match=r"\$\.grid\[1\]\[2\]: no card named 'Nobody'"):
        cc.score_tableau(grid("b0", "b1", "b2", "b3", "b4", "Nobody", "b5", "b6", "b7"), rules=rules)
    with pytest.raises(cc.ScenarioError, match=r"\$\.grid\[1\]: expected a row of 3"):
        cc.score_tableau([["b0", "b1", "b2"], ["b3"], ["b4", "b5", "b6"]], rules=rules)
    with pytest.raises(cc.ScenarioError, match=r"\$\.keys"):
        cc.score_tableau(grid(*[b.name for b in BLANKS]), keys=-1, rules=rules)
    with pytest.raises(cc.ScenarioError, match="already at"):
        cc.score_tableau(grid("b0", "b0", *[b.name for b in BLANKS[1:8]]), rules=rules)
    with pytest.raises(cc.ScenarioError, match="has no purse"):
        cc.score_tableau(grid(*[b.name for b in BLANKS]), purse_gold={"b0": 1}, rules=rules)


def test_score_sheet_json_is_the_scenario_output_format() -> None:
    out = score(plain("Gem"), 0, keys=2, gold=3).to_json()
    assert out == {"total": 2, "keys": 2, "gold_left": 3, "cards": [[0, 0, 0], [0, 0, 0], [0, 0, 0]]}
    assert attrs.has(ScoreSheet)


def test_a_seat_is_scored_from_its_own_tableau_alone() -> None:
    """Each scroll counts only its owner's tableau, so one seat's sheet needs no other seat."""
    import random

    from castle_combo import new_game
    state = new_game(players=3, seed=11)
    rng = random.Random(3)
    while not state.is_over:
        for seat in range(3):
            assert state.provisional_score(seat) == state.provisional_scores()[seat]
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
    assert tuple(state.provisional_score(seat) for seat in range(3)) == state.scores()
