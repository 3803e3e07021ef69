"""Saves without an origin that hold what no rule of their ruleset could have given: each refused, naming the
JSON path and the fix (the rules page: "Gold on cards in a row"; the effects that keep points and keys on a card,
and the one that lets a player take their next card from either row)."""

from __future__ import annotations

import json

import pytest
from engine_kit import game, one, play, ruleset

import castle_combo as cc
from castle_combo.errors import RecordError


def _without_origin(state: cc.GameState) -> dict:
    saved = json.loads(cc.dumps(state))
    saved["origin"] = None
    saved["history"] = []
    return saved


def _midgame() -> cc.GameState:
    state = cc.new_game(players=2, seed=7)
    state = state.apply(next(a for a in state.legal_actions() if isinstance(a, cc.Take) and not a.face_down))
    while state.taken < 2 or state.pending is not None or state.current_player != 0:
        state = state.apply(state.legal_actions()[-1])
    return state


def test_a_save_letting_a_player_take_from_either_row_is_refused_when_no_card_grants_it() -> None:
    saved = _without_origin(cc.new_game(players=2, seed=7))
    saved["players"][0]["either_row"] = True
    with pytest.raises(RecordError, match=r"\$\.players\[0\]\.either_row: no card of this ruleset lets a player "
                                          r"take their next card from either row .*set it to false"):
        cc.loads(saved)
    saved["players"][0]["either_row"] = False
    assert cc.loads(saved).players[0].either_row is False


def test_a_save_letting_a_player_take_from_either_row_is_kept_when_a_card_grants_it() -> None:
    rules = ruleset(one("Scout", "when bought: your next card may be taken from either row",
                        "deck village   cost 0   shields peasantry"))
    state = game(rules)
    saved = _without_origin(state)
    saved["players"][0]["either_row"] = True
    assert cc.loads(saved, rules).players[0].either_row is True


@pytest.mark.parametrize(("field", "value", "message"), [
    ("points", 500, r"points: \w[\w ]* never keeps points: no effect of its ability .*remove \"points\""),
    ("keys", 7, r"keys: \w[\w ]* never holds locked keys: no effect of its ability .*remove \"keys\""),
])
def test_points_or_keys_on_a_card_whose_abilities_never_give_them_are_refused(field: str, value: int,
                                                                               message: str) -> None:
    state = _midgame()
    saved = _without_origin(state)
    cell = next(c for c in saved["players"][0]["tableau"] if not c["face_down"])
    k = saved["players"][0]["tableau"].index(cell)
    cell[field] = value
    with pytest.raises(RecordError, match=rf"\$\.players\[0\]\.tableau\[{k}\]\.{message}") as refused:
        cc.loads(saved)
    assert cell["card"] in str(refused.value)


def test_keys_on_a_card_that_puts_keys_on_itself_are_kept_in_a_save_without_origin() -> None:
    rules = ruleset(one("Vault", "when bought: put 2 keys on this card", "deck village   cost 0   shields peasantry"))
    state = play(game(rules, village=["Vault", "v0", "v1", "v2"]), "Vault")
    saved = _without_origin(state)
    (vault,) = [c for c in saved["players"][0]["tableau"] if c["card"] == "Vault"]
    assert vault["keys"] == 2
    assert cc.loads(saved, rules).players[0].tableau[0].keys == 2


URCHIN = one("Urchin", "while in a row, at the end of each turn: put 2 gold on this card",
             "deck village   cost 4   shields peasantry")


def test_gold_on_a_card_in_a_row_is_refused_beyond_what_the_turns_ended_could_put() -> None:
    rules = ruleset(URCHIN)
    state = play(game(rules, village=["v0", "v1", "Urchin", "v2", "v3"]), "v0")
    assert state.gold_in_row("Urchin") == 2
    saved = _without_origin(state)
    saved["row_gold"] = {"Urchin": 3}
    with pytest.raises(RecordError, match=r"\$\.row_gold\.Urchin: Urchin gets 2 gold at the end of each turn, so "
                                          r"at most 2 after 1 cards taken, not 3; write 2 or less"):
        cc.loads(saved, rules)
    saved["row_gold"] = {"Urchin": 10**30}
    with pytest.raises(RecordError, match=r"\$\.row_gold\.Urchin: .* not 10{30}"):
        cc.loads(saved, rules)
    saved["row_gold"] = {"Urchin": 2}
    assert cc.loads(saved, rules).gold_in_row("Urchin") == 2


def test_gold_on_a_card_in_a_row_before_any_turn_has_ended_is_refused() -> None:
    rules = ruleset(URCHIN)
    saved = _without_origin(game(rules, village=["v0", "v1", "Urchin", "v2", "v3"]))
    saved["row_gold"] = {"Urchin": 1}
    with pytest.raises(RecordError, match=r"\$\.row_gold\.Urchin: .*at most 0 after 0 cards taken, not 1; .*"
                                          r"no turn has ended yet: remove it"):
        cc.loads(saved, rules)


def test_a_field_a_save_leaves_out_is_named_by_its_empty_value_when_the_history_differs() -> None:
    rules = ruleset(one("Scout", "when bought: your next card may be taken from either row",
                        "deck village   cost 0   shields peasantry"))
    saved = json.loads(cc.dumps(game(rules)))
    assert saved["origin"] is not None and "either_row" not in saved["players"][0]
    saved["players"][0]["either_row"] = True
    with pytest.raises(RecordError, match=r"^\$\.players\[0\]\.either_row: the save says True, but its history, "
                                          r"played from its origin, gives False;"):
        cc.loads(saved, rules)


def test_the_first_difference_reads_a_left_out_key_as_the_empty_value_of_the_other_side() -> None:
    from castle_combo.records.integrity import first_difference

    assert first_difference({"a": {}}, {"a": {"b": True}}) == ("$.a.b", False, True)
    assert first_difference({"a": {"n": 3}}, {"a": {}}) == ("$.a.n", 3, 0)
    assert first_difference({"a": {"x": [1]}}, {"a": {}}) == ("$.a.x[0]", 1, None)  # the list, item by item
    assert first_difference({"a": {"s": "v"}}, {"a": {}}) == ("$.a.s", "v", None)
    assert first_difference({"a": {}}, {"a": {"b": False}}) is None
