"""Points kept on a card: `gain 3 points`, `lose 8 points` (the rules page, "Fan mechanics").

An effect may give its owner points that the card keeps: they are added to
(or taken from) the card's score when the game is scored, and show on the
card's line of the score sheet. Written at the end of the game they let the
score see what the owner did then: the Moneylender lends 7 gold, and at the
end its owner may pay 8 gold back (`you may pay 8 gold to gain 11 points`,
with `score -8`: 3 points if they pay, -8 if they do not).
"""

from __future__ import annotations

import json

import pytest
from engine_kit import card_points, game, one, ruleset, take, to_the_end

import castle_combo as cc
from castle_combo.language.formatter import format_card

VILLAGE = "deck village   cost 0   shields nobility"
MONEYLENDER = ("when bought: gain 7 gold\n    at the end of the game: you may pay 8 gold to gain 11 points\n"
               "    score -8")


def _lender() -> tuple[cc.Ruleset, cc.GameState]:
    rules = ruleset(one("Moneylender", MONEYLENDER, VILLAGE))
    state = game(rules, village=["Moneylender"]).apply(take("Moneylender"))
    return rules, to_the_end(state)


def test_the_moneylender_scores_3_if_its_owner_pays_8_gold_at_the_end_and_minus_8_if_not() -> None:
    _, state = _lender()
    assert state.legal_actions() == (cc.Choose(1), cc.Choose(2))
    paid, declined = state.apply(cc.Choose(1)), state.apply(cc.Choose(2))
    assert card_points(paid, 0, "Moneylender") == 3
    assert card_points(declined, 0, "Moneylender") == -8
    assert paid.players[0].gold == state.players[0].gold - 8
    assert paid.scores()[0].total - declined.scores()[0].total == 11


def test_points_gained_when_bought_are_kept_on_the_card_and_added_to_its_score() -> None:
    rules = ruleset(one("Patron", "when bought: gain 2 points per face-down card\n    score 1", VILLAGE))
    state = game(rules, village=["v0", "v1", "Patron"])
    state = state.apply(take("v0", 0, 0, True)).apply(take("v1", 0, 0, True)).apply(take("Patron", 1, 0))
    (patron,) = [c for c in state.players[0].tableau if not c.face_down]
    assert patron.points == 2  # seat 0 had one face-down card when it bought the Patron
    final = to_the_end(state)
    assert card_points(final, 0, "Patron") == 1 + 2


def test_points_lost_are_taken_from_the_card_and_bounds_limit_them() -> None:
    rules = ruleset(one("Debtor", "when bought: lose 3 points per face-down card up to 2", VILLAGE))
    state = game(rules, village=["v0", "v1", "v2", "Debtor"])
    for name, x in (("v0", 0), ("v1", 0), ("v2", 1), ("Debtor", 1)):
        state = state.apply(take(name, x, 0, name != "Debtor"))
    debtor = next(c for c in state.players[1].tableau if not c.face_down)
    assert debtor.points == -2  # 3 per face-down card (seat 1 has one) is 3, capped at 2
    assert card_points(to_the_end(state), 1, "Debtor") == -2


def test_a_save_keeps_the_points_on_a_card_and_a_save_without_any_is_unchanged() -> None:
    rules, state = _lender()
    paid = state.apply(cc.Choose(1))
    data = json.loads(cc.dumps(paid))
    (lender,) = [c for c in data["players"][0]["tableau"] if c.get("points")]
    assert lender["points"] == 11
    assert cc.loads(cc.dumps(paid), rules=rules) == paid
    assert all("points" not in c for p in json.loads(cc.dumps(state))["players"] for c in p["tableau"])
    lender["points"] = "many"
    with pytest.raises(cc.RecordError, match="points kept on the card"):
        cc.loads(data, rules=rules)
    lender["points"] = 11
    hidden = next(c for c in data["players"][0]["tableau"] if c["face_down"])
    hidden["points"] = 2
    with pytest.raises(cc.RecordError, match="points are kept only on a face-up card"):
        cc.loads(data, rules=rules)


def test_the_game_record_replays_to_the_same_points() -> None:
    rules, state = _lender()
    final = state.apply(cc.Choose(1))
    again = cc.replay(json.dumps(final.record()), rules=rules)
    assert again.scores() == final.scores()


@pytest.mark.parametrize(("text", "english"), [
    ("gain 3 points", "Gain 3 points (added to this card's score)."),
    ("lose 1 point", "Lose 1 point (taken from this card's score)."),
    ("gain 1 point per faith shield up to 5", "Gain 1 point per faith shield in your tableau, up to 5 (added to "
                                              "this card's score)."),
])
def test_points_on_a_card_read_in_english_and_format_back_as_written(text: str, english: str) -> None:
    card = one("Keeper", f"when bought: {text}")
    assert card.ability[0].describe() == english
    assert f"when bought: {text}" in format_card(card)


def test_a_point_amount_out_of_range_is_refused_with_the_place() -> None:
    with pytest.raises(cc.CardValidationError, match="the points gained"):
        one("Keeper", "when bought: gain 0 points")


def test_points_kept_on_a_card_show_in_the_rl_observation_gained_and_lost_apart() -> None:
    pytest.importorskip("numpy", reason="the RL observation needs the rl extra (numpy)")
    from castle_combo.adapters.encoding import ActionSpace

    rules = ruleset(one("Patron", "when bought: gain 2 points per face-down card\n    score 1", VILLAGE))
    space, plain = ActionSpace(rules, 2), ActionSpace(cc.Ruleset.standard(), 2)
    assert space._per_card == plain._per_card + 2  # gained / 20 and lost / 20: no value is ever negative
    state = game(rules, village=["v0", "v1", "Patron"])
    state = state.apply(take("v0", 0, 0, True)).apply(take("v1", 0, 0, True)).apply(take("Patron", 1, 0))
    at = rules.names.index("Patron") * space._per_card + space._places
    for seat in (0, 1):
        seen = space.observe(state, seat)
        assert (seen[at + 5], seen[at + 6]) == (pytest.approx(2 / 20), 0)
    seat0 = state.players[0]
    owing = state.replace(players=(seat0.replace(tableau=tuple(
        c._replace(points=-6) if c.points else c for c in seat0.tableau)), state.players[1]))
    seen = space.observe(owing, 1)
    assert (seen[at + 5], seen[at + 6]) == (0, pytest.approx(6 / 20))
    assert seen.min() >= 0


def test_a_score_scenario_gives_the_points_kept_on_a_card_by_name_negative_for_points_lost() -> None:
    from castle_combo.engine.scoring import score_scenario

    rules = ruleset(one("Patron", "when bought: gain 2 points per face-down card\n    score 1", VILLAGE))
    grid = [["Patron", "face-down", "face-down"], ["face-down"] * 3, ["face-down"] * 3]
    sheet = score_scenario({"grid": grid, "points": {"Patron": 6}}, rules)
    assert sheet.cards[0][0] == 1 + 6
    assert cc.score_tableau(grid, rules=rules, points={"Patron": -3}).cards[0][0] == 1 - 3
    with pytest.raises(cc.ScenarioError, match=r"\$\.points\['Patron'\]: expected a whole number"):
        score_scenario({"grid": grid, "points": {"Patron": "6"}}, rules)
    with pytest.raises(cc.ScenarioError, match=r"\$\.points\['Judge'\]: Judge is not face up in the grid"):
        score_scenario({"grid": grid, "points": {"Judge": 1}}, rules)
