"""Numbers in records, saves and score scenarios stay within a million either way (seeds excepted), or a clear error.

Python reads a JSON integer of up to 4,300 digits, and such a number in a
scenario's keys used to end in a ``ValueError`` traceback when the score was
printed (the total had one digit more than Python will print). Every reader
now refuses a number beyond :data:`castle_combo.files.MAX_NUMBER` with an error
naming its JSON path; a seed may be any integer, and a save's generator state
any 64-bit one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import castle_combo as cc
from castle_combo.cli import main
from castle_combo.engine.scoring import score_scenario
from castle_combo.files import MAX_NUMBER

HUGE = int("9" * 4300)  # the longest integer Python's JSON reader accepts
GRID = [["Guildmaster", "Banker", "Pawnbroker"], ["Glassblower", "His Holiness", "Chaplain"],
        ["face-down", "face-down", "face-down"]]


def write(tmp_path: Path, document: Any) -> Path:
    path = tmp_path / "input.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


@pytest.mark.parametrize("field", ["keys", "gold"])
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_a_4300_digit_integer_in_a_score_scenario_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, json_flag: list[str]
) -> None:
    path = write(tmp_path, {"grid": GRID, field: HUGE})
    assert main(["score", str(path), *json_flag]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err and len(err) < 400
    assert f"$.{field}: expected a whole number from 0 to 1,000,000" in err


def test_a_scenarios_numbers_up_to_a_million_are_scored() -> None:
    sheet = cc.score_tableau(GRID, keys=MAX_NUMBER, gold=MAX_NUMBER)
    assert sheet.keys == MAX_NUMBER and sheet.gold_left == MAX_NUMBER
    with pytest.raises(cc.ScenarioError, match=r"\$\.keys: expected a whole number from 0 to 1,000,000"):
        cc.score_tableau(GRID, keys=MAX_NUMBER + 1)
    with pytest.raises(cc.ScenarioError, match=r"\$\.purse_gold\['Sculptor'\]"):
        score_scenario({"grid": GRID, "purse_gold": {"Sculptor": HUGE}})


def saved(**edits: Any) -> dict[str, Any]:
    doc = json.loads(cc.dumps(cc.new_game(players=2, seed=4)))
    for path, value in edits.items():
        node = doc
        keys = path.split(".")
        for key in keys[:-1]:
            node = node[int(key)] if key.isdigit() else node[key]
        node[int(keys[-1]) if keys[-1].isdigit() else keys[-1]] = value
    return doc


@pytest.mark.parametrize(
    ("path", "where"),
    [("players.0.gold", r"\$\.players\[0\]\.gold"), ("players.1.keys", r"\$\.players\[1\]\.keys"),
     ("players.0.discounts", r"\$\.players\[0\]\.discounts"), ("taken", r"\$\.taken")],
)
@pytest.mark.parametrize("number", [HUGE, -HUGE, MAX_NUMBER + 1])
def test_a_number_beyond_a_million_in_a_save_is_refused_naming_its_json_path(path: str, where: str, number: int) -> None:
    value: Any = [number, 0] if path.endswith("discounts") else number
    with pytest.raises(cc.RecordError, match=where + r".*from -1,000,000 to 1,000,000") as caught:
        cc.loads(saved(**{path: value}))
    assert len(str(caught.value)) < 300


def test_a_seed_may_be_any_integer_and_the_generator_any_64_bit_state() -> None:
    game = cc.new_game(players=2, seed=HUGE)
    assert cc.loads(cc.dumps(game)) == game
    assert cc.replay({"players": 2, "seed": HUGE}) == cc.new_game(players=2, seed=HUGE)
    assert cc.loads(saved(rng=2**64 - 1, origin=None)).rng == 2**64 - 1  # no origin: the state is all there is
    for rng in (2**64, -1, HUGE):
        with pytest.raises(cc.RecordError, match=r"\$\.rng: expected the generator's state"):
            cc.loads(saved(rng=rng))


@pytest.mark.parametrize(
    ("action", "where"),
    [({"type": "take", "card": "Nun", "at": [HUGE, 0]}, r"\$\.actions\[0\]\.at"),
     ({"type": "take", "card": "Nun", "at": [0, -MAX_NUMBER - 1]}, r"\$\.actions\[0\]\.at"),
     ({"type": "choose", "option": HUGE}, r"\$\.actions\[0\]\.option")],
)
def test_a_huge_number_in_a_records_action_is_refused_before_it_is_played(action: dict[str, Any], where: str) -> None:
    with pytest.raises(cc.RecordError, match=where):
        cc.replay({"players": 2, "seed": 1, "actions": [action]})


@pytest.mark.parametrize("where", ["locations.castle", "locations.village", "origin", "players.0",
                                   "players.0.tableau"])
@pytest.mark.parametrize("value", ["text", [1, 2], 7])
def test_a_part_of_a_save_that_is_not_an_object_is_a_record_error_not_an_attribute_error(where: str, value: Any) -> None:
    with pytest.raises(cc.RecordError):
        cc.loads(saved(**{where: value}))


#: An integer longer than Python will turn into text (its repr raises ValueError), as a caller's dict may hold.
UNPRINTABLE = 10**4400


def _game_with_a_decision() -> cc.GameState:
    """A state of the expansion owing a decision, with a history (locks opened whenever they may be)."""
    import random

    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    state = cc.new_game(players=2, seed=4, rules=rules)
    rng = random.Random(4)
    while state.pending is None or not state.history:
        legal = state.legal_actions()
        opens = [a for a in legal if isinstance(a, cc.Unlock)]
        state = state.apply(opens[0] if opens else rng.choice(legal))
    return state


@pytest.mark.parametrize("edit", [
    lambda d: d["history"].__setitem__(0, UNPRINTABLE),
    lambda d: d["history"][0].__setitem__("type", UNPRINTABLE),
    lambda d: d["history"][0].__setitem__("card", UNPRINTABLE),
    lambda d: d["history"][0].__setitem__("face_down", UNPRINTABLE),
    lambda d: d["pending"]["decision"].__setitem__(next(k for k in d["pending"]["decision"] if k != "kind"),
                                                   UNPRINTABLE),
    lambda d: d["pending"].__setitem__("frames", UNPRINTABLE),
    lambda d: d["pending"].__setitem__("resume", UNPRINTABLE),
    lambda d: d.__setitem__("opened_lock", UNPRINTABLE),
    lambda d: d.__setitem__("format", UNPRINTABLE),
])
def test_a_number_too_long_to_print_in_a_save_given_as_an_object_is_a_record_error(edit: Any) -> None:
    """The errors quoted it with repr, which raised Python's ValueError instead (found by the fuzz campaign)."""
    state = _game_with_a_decision()
    doc = json.loads(cc.dumps(state))
    edit(doc)
    with pytest.raises(cc.RecordError, match="a number too long to show"):
        cc.loads(doc, rules=state.rules)


def test_a_number_too_long_to_print_in_a_records_action_or_an_action_is_a_castle_combo_error() -> None:
    record = cc.new_game(players=2, seed=1).record()
    for action in (UNPRINTABLE, {"type": UNPRINTABLE}, {"type": "take", "card": UNPRINTABLE, "at": [0, 0]}):
        with pytest.raises(cc.RecordError, match="a number too long to show"):
            cc.replay(record | {"actions": [action]})
    with pytest.raises(cc.IllegalAction, match="a number too long to show"):
        cc.Take(UNPRINTABLE, (0, 0))  # type: ignore[arg-type]
    with pytest.raises(cc.CastleComboError, match="a number too long to show"):
        cc.new_game(players=2, seed=1).view(UNPRINTABLE)


def test_a_card_name_of_millions_of_characters_in_a_save_is_refused_at_once_and_quoted_short() -> None:
    """A long unknown name went whole through difflib's search for a close name (minutes) and into the message."""
    import time

    state = cc.new_game(players=2, seed=1)
    doc = json.loads(cc.dumps(state))
    doc["locations"]["castle"]["deck"][3] = "x" * 5_000_000
    started = time.perf_counter()
    with pytest.raises(cc.RecordError, match=r"deck\[3\]: no card named 'xxx.*\.\.\. in this ruleset \(5,000,000 "
                                             r"characters\)") as caught:
        cc.loads(doc)
    assert time.perf_counter() - started < 10 and len(str(caught.value)) < 300
    doc["locations"]["castle"]["deck"][3] = "Nunn"  # a short one still gets its suggestion
    with pytest.raises(cc.RecordError, match="did you mean 'Nun'"):
        cc.loads(doc)


def _pending_of_every_kind() -> dict[str, cc.GameState]:
    """A state owing each kind of decision that carries numbers, from games of the expansion."""
    import random

    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    found: dict[str, cc.GameState] = {}
    for seed in range(6):
        state, rng = cc.new_game(players=3, seed=seed, rules=rules), random.Random(seed)
        while not state.is_over:
            if state.pending is not None:
                found.setdefault(state.pending.decision.kind, state)
            legal = state.legal_actions()
            opens = [a for a in legal if isinstance(a, cc.Unlock)]
            state = state.apply(opens[0] if opens and rng.random() < 0.7 else rng.choice(legal))
    return found


@pytest.mark.parametrize("number", [10**7, UNPRINTABLE], ids=["ten-million", "4401-digits"])
def test_a_pending_decisions_numbers_beyond_a_million_are_refused_by_the_reader(number: int) -> None:
    """An option count, a tableau index or a cost of 10**4400 got past the reader, and its error raised ValueError."""
    checked = 0
    for state in _pending_of_every_kind().values():
        doc = json.loads(cc.dumps(state))
        decision = doc["pending"]["decision"]
        for field, value in decision.items():
            if field == "kind" or not isinstance(value, int | list) or (isinstance(value, list) and not value):
                continue
            edited = json.loads(json.dumps(doc))
            edited["pending"]["decision"][field] = number if isinstance(value, int) else [number] + value[1:]
            if isinstance(value, list) and not all(isinstance(v, int) for v in value):
                continue
            with pytest.raises(cc.RecordError, match=r"\$\.pending"):
                cc.loads(edited, rules=state.rules)
            checked += 1
    assert checked >= 3  # options, a cost, tableau indices


def test_a_record_naming_a_ruleset_by_a_number_too_long_to_print_is_a_record_error() -> None:
    record = cc.new_game(players=2, seed=1).record()
    with pytest.raises(cc.RecordError, match=r"\$\.rules: played with the ruleset <a number too long to show>"):
        cc.replay(record | {"rules": UNPRINTABLE})


def test_a_number_too_long_to_print_in_a_given_deck_is_a_record_error_not_a_value_error() -> None:
    """Found by the fuzz campaign: the message quoted the value with repr, which refuses ints over 4,300 digits."""
    with pytest.raises(cc.RecordError, match="a number too long to show"):
        cc.new_game(players=2, decks={"castle": [10**5000], "village": []})


def test_a_number_too_long_to_print_in_a_scenarios_grid_is_a_scenario_error() -> None:
    grid = [[10**5000, "Nun", "Farmer"], ["Baker", "Squire", "Knight"], ["Judge", "Beekeeper", "Tax Collector"]]
    with pytest.raises(cc.ScenarioError, match="a number too long to show"):
        cc.score_tableau(grid)


def test_a_huge_card_name_is_refused_at_once_and_quoted_short() -> None:
    """A name far longer than every card's cannot be close to one: no search for a match, a short quote."""
    grid = [["x" * 900_000, "Nun", "Farmer"], ["Baker", "Squire", "Knight"], ["Judge", "Beekeeper", "Tax Collector"]]
    with pytest.raises(cc.ScenarioError) as raised:
        cc.score_tableau(grid)
    assert len(str(raised.value)) < 300 and "did you mean" not in str(raised.value)
