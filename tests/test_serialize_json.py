"""States as JSON: ``cc.dumps`` / ``cc.loads`` round trips and errors that name the JSON path."""

from __future__ import annotations

import json
import random

import pytest

import castle_combo as cc


def midgame(seed: int = 3, players: int = 3, moves: int = 20) -> cc.GameState:
    state = cc.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def broken(state: cc.GameState, edit) -> dict:  # type: ignore[no-untyped-def, type-arg]
    data = json.loads(cc.dumps(state))
    edit(data)
    return data


def test_loads_of_dumps_is_the_same_state() -> None:
    state = midgame()
    assert cc.loads(cc.dumps(state)) == state
    assert cc.loads(cc.dumps(state, indent=2).encode()) == state


def test_the_json_names_cards_by_name() -> None:
    data = json.loads(cc.dumps(midgame()))
    assert data["format"] == "castle-combo/state@2"
    row = data["locations"]["village"]["row"]
    assert all(isinstance(name, str) and name in cc.Ruleset.standard() for name in row)


def test_a_loaded_state_keeps_its_generator() -> None:
    state = midgame()
    assert cc.loads(cc.dumps(state)).rng == state.rng


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["players"][1].__setitem__("gold", "12"), r"\$\.players\[1\]\.gold: expected a whole number"),
        (lambda d: d["players"][0]["tableau"][0].__setitem__("card", "Nunn"), r"\$\.players\[0\]\.tableau\[0\]\.card: no card named 'Nunn'.*did you mean 'Nun'"),
        (lambda d: d["locations"]["castle"]["deck"].__setitem__(0, 7), r"\$\.locations\.castle\.deck\[0\]: expected a card name"),
        (lambda d: d.__setitem__("phase", "lunch"), r"\$\.phase: expected one of"),
        (lambda d: d.__setitem__("format", "chess/pgn"), r"\$\.format: expected 'castle-combo/state@2'"),
        (lambda d: d.__setitem__("colour", "red"), r"\$\.colour: unknown field"),
        (lambda d: d["history"][2].__setitem__("at", [1]), r"\$\.history\[2\]"),
        (lambda d: d["locations"]["castle"]["deck"].append(d["locations"]["village"]["deck"][0]), r"\$\.locations\.castle\.deck\[\d+\]: .* is not a castle card|is also at"),
        (lambda d: d["locations"]["castle"]["deck"].pop(), r"\$\.locations: cards missing from the state"),
        (lambda d: d.__setitem__("current_player", 7), r"\$\.current_player: expected a seat from 0 to 2"),
        (lambda d: d.pop("rng"), r"\$\.rng: missing"),
    ],
)
def test_a_corrupt_state_raises_record_error_naming_the_field(edit, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(cc.RecordError, match=message):
        cc.loads(broken(midgame(), edit))


def test_not_json_at_all_is_a_record_error() -> None:
    with pytest.raises(cc.RecordError, match="is not valid JSON: Expecting property name"):
        cc.loads("{nope")
    with pytest.raises(cc.RecordError, match=r"\$: expected a JSON object"):
        cc.loads("[1, 2]")


def test_a_state_saved_with_other_cards_asks_for_that_ruleset() -> None:
    data = broken(midgame(), lambda d: d.__setitem__("rules", {"version": "fan-9", "cards": 90}))
    with pytest.raises(cc.RecordError, match=r"\$\.rules: saved with the ruleset 'fan-9'.*pass rules="):
        cc.loads(data)


def test_actions_round_trip_through_json() -> None:
    actions = [
        cc.UseKey(cc.KeyUse.MOVE),
        cc.UseKey(cc.KeyUse.REFRESH),
        cc.Take("Nun", (-1, 2), False),
        cc.Take("Nun", (0, 0), True),
        cc.Choose(2),
        cc.Discard("Jester"),
    ]
    for action in actions:
        assert cc.action_from_json(json.loads(json.dumps(action.to_json()))) == action
    assert cc.Take("Nun", (1, 0)).to_json() == {"type": "take", "card": "Nun", "at": [1, 0], "face_down": False}
    assert cc.UseKey(cc.KeyUse.MOVE).to_json() == {"type": "key", "use": "move"}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "take", "card": "Nun", "at": [1]}, r"\$\.at: expected \[x, y\] integers"),
        ({"type": "take", "card": "Nun", "at": [1, "2"]}, r"\$\.at: expected \[x, y\] integers"),
        ({"type": "key", "use": "fly"}, r"\$\.use: expected \"move\" or \"refresh\""),
        ({"type": "choose", "option": 0}, r"\$\.option: expected an option number from 1"),
        ({"type": "dance"}, r"\$\.type: expected one of"),
        ([1, 2], r"\$: expected an action object"),
    ],
)
def test_a_bad_action_raises_record_error_naming_the_field(data: object, message: str) -> None:
    with pytest.raises(cc.RecordError, match=message):
        cc.action_from_json(data)


def test_a_state_waiting_for_a_decision_round_trips_and_continues() -> None:
    from engine_kit import V, card, game, gold, keys, ruleset, take

    from castle_combo.language import model as m
    chooser = card("Barbarian", V, ability=[m.Choice(((gold(3),), (keys(2),))), gold(1)])
    rules = ruleset(chooser)
    state = game(rules, village=["Barbarian"]).apply(take("Barbarian"))
    assert state.pending is not None
    loaded = cc.loads(cc.dumps(state), rules=rules)
    assert loaded == state
    assert loaded.apply(cc.Choose(2)) == state.apply(cc.Choose(2))
    data = json.loads(cc.dumps(state))
    assert data["pending"]["decision"] == {"kind": "choose", "options": 2}
    assert data["pending"]["frames"][0]["card"] == "Barbarian"
    data["pending"]["frames"][0]["queue"] = [[0, 7]]
    with pytest.raises(cc.RecordError, match=r"\$\.pending\.frames\[0\]\.queue: does not match Barbarian's ability"):
        cc.loads(data, rules=rules)
    data = json.loads(cc.dumps(state))
    data["pending"]["step"] = [0, 1]
    with pytest.raises(cc.RecordError, match=r"\$\.pending\.step: is not a step of Barbarian's ability asking"):
        cc.loads(data, rules=rules)


def test_a_save_of_the_first_state_format_still_loads_and_plays_on() -> None:
    """Saves written before lock cards (state@1, a flat pending decision) load into the new shape."""
    from engine_kit import V, card, game, gold, keys, ruleset, take

    from castle_combo.language import model as m
    chooser = card("Barbarian", V, ability=[m.Choice(((gold(3),), (keys(2),))), gold(1)])
    rules = ruleset(chooser)
    state = game(rules, village=["Barbarian"]).apply(take("Barbarian"))
    data = json.loads(cc.dumps(state))
    data["format"] = "castle-combo/state@1"
    del data["opened_lock"]
    for player in data["players"]:
        for cell in player["tableau"]:
            del cell["key"]
    index = data["pending"]["frames"][0]["index"]
    data["pending"] = {"kind": "choose", "card": "Barbarian", "index": index, "address": [0], "rest": [[1]],
                       "options": 2, "deck": "castle"}
    loaded = cc.loads(data, rules=rules)
    assert loaded == state
    assert loaded.apply(cc.Choose(1)) == state.apply(cc.Choose(1))
