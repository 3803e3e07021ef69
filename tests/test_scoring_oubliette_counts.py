"""The counts and conditions the expansion's scrolls use (the rules page, "Out of the Oubliette!": scoring).

All on the final tableau, face-up cards only. Most reuse a base-game count
("no discount card", "at least 1 faith shield in row", "card with 1 shield");
three are new: different printed costs, the sum of printed costs, lock cards.
"""

from __future__ import annotations

from engine_kit import C, V, card, per, ruleset

import castle_combo as cc
from castle_combo.engine.scoring import ScoreSheet
from castle_combo.language import model as m
from castle_combo.language.model import Comparison, Deck, Scope, Shield

F, MIL, SCH, NOB, PEAS = Shield.FAITH, Shield.MILITARY, Shield.SCHOLARSHIP, Shield.NOBILITY, Shield.PEASANTRY
FD = "face-down"


def costing(name: str, cost: int, *shields: Shield, **kw: object) -> m.Card:
    return card(name, C, cost, shields or (PEAS,), **kw)  # type: ignore[arg-type]


def score(rows: list[list[m.Card | str]]) -> ScoreSheet:
    cards = [c for row in rows for c in row if isinstance(c, m.Card)]
    grid = [[c if isinstance(c, str) else c.name for c in row] for row in rows]
    return cc.score_tableau(grid, rules=ruleset(*cards))


def if_(points: int, count: m.Count, scope: Scope = Scope.TABLEAU, comparison: Comparison = Comparison.EQ,
        value: int = 0) -> m.ScoreIf:
    return m.ScoreIf(points, m.CountIs(m.Per(count, scope), comparison, value))


def test_per_different_printed_cost_counts_each_cost_once_and_skips_face_down_cards() -> None:
    lady = costing("Lady", 8, scoring=[per(3, m.DistinctCosts())])
    a, b, c, d = costing("A", 0), costing("B", 0), costing("C", 3), costing("D", 5)
    sheet = score([[lady, a, b], [c, d, FD], [costing("E", 3), costing("F", 8), costing("G", 1)]])
    assert sheet.cards[0][0] == 3 * 5  # costs 8, 0, 3, 5, 1


def test_the_sum_of_printed_costs_in_this_cards_row_includes_itself() -> None:
    toady = costing("Toady", 7, scoring=[per(1, m.CostSum(), Scope.ROW)])
    sheet = score([[costing("A", 2), toady, FD], [costing("B", 4), costing("C", 1), costing("D", 1)],
                   [costing("E", 1), costing("F", 1), costing("G", 1)]])
    assert sheet.cards[0][1] == 2 + 7


def test_the_sum_of_printed_costs_in_this_cards_column() -> None:
    peddler = costing("Peddler", 7, scoring=[per(1, m.CostSum(), Scope.COLUMN)])
    sheet = score([[peddler, costing("A", 2), costing("B", 9)], [costing("C", 3), costing("D", 0), costing("E", 0)],
                   [costing("F", 4), costing("G", 0), costing("H", 0)]])
    assert sheet.cards[0][0] == 7 + 3 + 4


def test_none_of_your_cards_has_a_discount_ignores_face_down_discount_cards() -> None:
    conspirator = costing("Conspirator", 1, scoring=[if_(8, m.DiscountCards())])
    miser = costing("Miser", 1, ability=[m.Discount(1, (Deck.CASTLE,))])
    fill = [costing(f"x{i}", 0) for i in range(7)]
    assert score([[conspirator, FD, fill[0]], fill[1:4], fill[4:7]]).cards[0][0] == 8
    assert score([[conspirator, miser, fill[0]], fill[1:4], fill[4:7]]).cards[0][0] == 0


def test_none_of_your_cards_is_a_purse_card() -> None:
    cutpurse = card("Cutpurse", V, 3, (MIL,), scoring=[if_(10, m.PurseCards())])
    banker = costing("Banker", 1, purse=4)
    fill = [costing(f"x{i}", 0) for i in range(7)]
    assert score([[cutpurse, FD, fill[0]], fill[1:4], fill[4:7]]).cards[0][0] == 10
    assert score([[cutpurse, banker, fill[0]], fill[1:4], fill[4:7]]).cards[0][0] == 0


def test_you_have_no_face_down_card() -> None:
    king = card("King", V, 5, (MIL,), scoring=[if_(12, m.FaceDownCards())])
    fill = [costing(f"x{i}", 0) for i in range(8)]
    assert score([[king, fill[0], fill[1]], fill[2:5], fill[5:8]]).cards[0][0] == 12
    assert score([[king, FD, fill[1]], fill[2:5], fill[5:8]]).cards[0][0] == 0


def test_this_cards_row_holds_a_shield_of_a_type() -> None:
    hand = costing("Hand", 0, MIL, scoring=[if_(5, m.ShieldsOf(F), Scope.ROW, Comparison.GE, 1)])
    fill = [costing(f"x{i}", 0) for i in range(7)]
    with_faith = [[hand, fill[0], costing("Priest", 0, F)], fill[1:4], fill[4:7]]
    faith_below = [[hand, fill[0], fill[6]], [costing("Priest", 0, F), *fill[1:3]], fill[3:6]]
    assert score(with_faith).cards[0][0] == 5
    assert score(faith_below).cards[0][0] == 0


def test_per_card_with_exactly_one_shield_counts_itself() -> None:
    playwright = costing("Playwright", 3, SCH, scoring=[per(2, m.CardsWithShieldCount(1))])
    fill = [costing(f"x{i}", 0, PEAS, PEAS) for i in range(7)]
    sheet = score([[playwright, costing("Solo", 0, NOB), fill[0]], fill[1:4], fill[4:7]])
    assert sheet.cards[0][0] == 2 * 2
