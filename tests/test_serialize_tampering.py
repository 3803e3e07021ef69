"""A tampered save either loads to a state that saves back identically and plays on, or is refused.

Saves are plain JSON, so people edit them (or a disk damages them). Hypothesis
takes real saves, of the base game and of the expansion, changes one thing
(a number, a list entry, a name, a flag) and checks the property: either
``cc.loads`` raises a :class:`~castle_combo.RecordError`, or the state it
returns dumps back to exactly the edited JSON and can be played to the end
without any other error.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import castle_combo as cc

OUBLIETTE = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")


def save(players: int, seed: int, moves: int, expansion: bool) -> tuple[dict[str, Any], cc.Ruleset]:
    rules = OUBLIETTE if expansion else cc.Ruleset.standard()
    state = cc.new_game(players=players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_actions()
        opens = [a for a in legal if isinstance(a, cc.Unlock)]
        state = state.apply(opens[0] if opens and rng.random() < 0.5 else rng.choice(legal))
    return json.loads(cc.dumps(state)), rules


def leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) of a JSON document, containers included."""
    found = [(path, node)]
    if isinstance(node, dict):
        for key, value in node.items():
            found += leaves(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += leaves(value, path + (index,))
    return found


def at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def mutate(doc: dict[str, Any], data: st.DataObject, names: list[str]) -> str:
    """Change one thing in ``doc`` in place; return what was done (for the failure message)."""
    path, value = data.draw(st.sampled_from([leaf for leaf in leaves(doc) if leaf[0]]))
    parent, key = at(doc, path[:-1]), path[-1]
    if isinstance(value, bool):
        parent[key] = not value
    elif isinstance(value, int):
        parent[key] = data.draw(st.sampled_from([value + 1, value - 1, -1, 0, 10**6, value * 7]))
    elif isinstance(value, str):
        parent[key] = data.draw(st.sampled_from([*names[:40], "castle", "village", "", "Nobody"]))
    elif isinstance(value, list) and value:
        how = data.draw(st.sampled_from(["drop", "double", "swap"]))
        index = data.draw(st.integers(0, len(value) - 1))
        if how == "drop":
            del value[index]
        elif how == "double":
            value.insert(index, value[index])
        else:
            other = data.draw(st.integers(0, len(value) - 1))
            value[index], value[other] = value[other], value[index]
        return f"{how} {path}[{index}]"
    elif isinstance(value, dict) and value:
        del value[data.draw(st.sampled_from(sorted(value)))]
    else:
        parent[key] = None
    return f"set {path}"


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 5), st.integers(0, 10**6), st.integers(0, 60), st.booleans(), st.data())
def test_a_tampered_save_is_refused_or_loads_to_a_state_that_plays_on(
    players: int, seed: int, moves: int, expansion: bool, data: st.DataObject
) -> None:
    doc, rules = save(players, seed, moves, expansion)
    what = mutate(doc, data, list(rules.names))
    try:
        state = cc.loads(doc, rules=rules)
    except cc.RecordError:
        return
    assert json.loads(cc.dumps(state)) == doc, f"{what}: the loaded state does not save back as it was read"
    rng = random.Random(seed)
    if state.viewer is not None:
        state = state.determinize(rng)
    try:
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        state.scores()
    except cc.CastleComboError:
        pass  # a tampered reshuffle script may be refused when it is used: an error, not a crash


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["players"][0].__setitem__("gold", -3), r"\$\.players\[0\]\.gold: cannot be negative"),
        (lambda d: d["players"][0].__setitem__("keys", -1), r"\$\.players\[0\]\.keys: cannot be negative"),
        (lambda d: d["players"][0]["tableau"].append(dict(d["players"][0]["tableau"][0])),
         r"is also at|two cards at"),
        (lambda d: d["locations"]["castle"]["row"].append(d["locations"]["village"]["deck"].pop()),
         r"is not a castle card|at most 3 cards"),
        (lambda d: d["players"][0]["tableau"][1].__setitem__("x", 5), r"tableau\[1\]"),
        (lambda d: d["players"][0]["tableau"][0].__setitem__("key", True), r"a key waits only on a face-up lock card"),
        (lambda d: d.__setitem__("taken", d["taken"] + 1), r"\$\.taken"),
        (lambda d: d.__setitem__("current_player", (d["current_player"] + 1) % 2), r"\$\.current_player"),
        (lambda d: d.__setitem__("phase", "end"), r"\$\.pending"),
    ],
    ids=["negative-gold", "negative-keys", "duplicated-card", "village-card-in-castle-row", "card-off-the-grid",
         "key-on-a-plain-card", "taken-off-by-one", "wrong-seat-to-play", "end-phase-without-decision"],
)
def test_an_impossible_save_is_refused_naming_the_place(edit: Any, message: str) -> None:
    doc, rules = save(2, 5, 8, False)
    edit(doc)
    with pytest.raises(cc.RecordError, match=message):
        cc.loads(doc, rules=rules)


@pytest.mark.parametrize("where", [("origin", "reshuffles"), ("players", 0, "tableau"), ("players", 1, "discounts")])
@pytest.mark.parametrize("other", [{}, "", "ab"], ids=["object", "empty-string", "string"])
def test_a_list_of_a_save_given_as_another_kind_of_value_is_refused_not_read_as_a_list(
    where: tuple[Any, ...], other: Any
) -> None:
    """cattrs read any iterable as a list: {} or "" loaded as an empty one (found by the fuzz campaign)."""
    doc = json.loads(cc.dumps(cc.new_game(players=2, seed=1)))
    at(doc, where[:-1])[where[-1]] = other
    with pytest.raises(cc.RecordError, match="expected a list"):
        cc.loads(doc)
