"""Each kind of decision is one complete class, and a saved decision is never trusted.

The rules, saves, integrity checks, the RL encoding and the terminal game all
take what they need from the decision's class (the engine's decisions module),
so a new kind of question is one new class: these tests fail for a class
that forgets a part.
"""

from __future__ import annotations

import json
import typing

import pytest
from engine_kit import V, card, game, gold, keys, ruleset, take

import castle_combo as cc
from castle_combo.engine import decisions
from castle_combo.language import model as m


@pytest.mark.parametrize("kind", typing.get_args(decisions.Decision), ids=lambda k: k.__name__)
def test_every_kind_of_decision_says_everything_about_itself(kind: type) -> None:
    assert issubclass(kind, decisions.DecisionKind)
    for part in ("answers", "owed", "value"):
        assert getattr(kind, part) is not getattr(decisions.DecisionKind, part), f"{kind.__name__} lacks {part}"
    assert kind.kind and kind.field in {f.name for f in kind.__attrs_attrs__}  # type: ignore[attr-defined]
    assert kind.answered_by and all(issubclass(a, cc.Action.__args__) for a in kind.answered_by)  # type: ignore[attr-defined]
    assert callable(getattr(kind, "read", None))


def test_the_kinds_of_decision_have_distinct_names_in_saves() -> None:
    kinds = [k.kind for k in decisions.DECISIONS]
    assert len(kinds) == len(set(kinds)) == len(typing.get_args(decisions.Decision))


@pytest.mark.parametrize(
    "decision",
    [decisions.ChooseOption(3), decisions.DiscardCard(1), decisions.ChooseRow((0, 1)),
     decisions.ChooseAdjacent((0, 2)), decisions.OpenLockOrPass((1,))],
    ids=lambda d: type(d).__name__,
)
def test_a_decision_round_trips_through_its_json(decision: decisions.Decision) -> None:
    assert decisions.decision_from_json(json.loads(json.dumps(decision.to_json()))) == decision


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"kind": "choose", "options": 1}, r"\.decision\.options: expected a number of options"),
        ({"kind": "discard", "deck": "tavern"}, r"\.decision\.deck: expected \"castle\" or \"village\""),
        ({"kind": "row", "decks": []}, r"\.decision\.decks: expected"),
        ({"kind": "adjacent", "candidates": [-1]}, r"\.decision\.candidates: expected a list of tableau indices"),
        ({"kind": "dance", "steps": 2}, r"\.decision: expected \{\"kind\": one of choose, discard"),
        ({"kind": "choose", "options": 2, "extra": 1}, r"a 'choose' decision has the fields kind and options"),
    ],
)
def test_a_malformed_decision_in_a_save_names_its_field(value: object, message: str) -> None:
    with pytest.raises(cc.RecordError, match=message):
        decisions.decision_from_json(value)


def _waiting_state() -> tuple[cc.Ruleset, cc.GameState]:
    chooser = card("Barbarian", V, ability=[m.Choice(((gold(3),), (keys(2),))), gold(1)])
    rules = ruleset(chooser)
    return rules, game(rules, village=["Barbarian"]).apply(take("Barbarian"))


@pytest.mark.parametrize(
    "decision",
    [{"kind": "choose", "options": 10**12}, {"kind": "choose", "options": 3},
     {"kind": "discard", "deck": "castle"}, {"kind": "adjacent", "candidates": [0]}],
)
def test_a_save_whose_pending_decision_was_edited_is_refused(decision: dict[str, object]) -> None:
    rules, state = _waiting_state()
    data = json.loads(cc.dumps(state))
    data["pending"]["decision"] = decision
    # 10**12 options is past the million every number of a save keeps to: refused as it is read.
    asked = r"\$\.pending: \.decision\.options: expected a number of options \(2 or more, at most 1,000,000\)" \
        if decision.get("options") == 10**12 else r"\$\.pending\.decision: .* is not the question this position asks"
    with pytest.raises(cc.RecordError, match=asked):
        cc.loads(data, rules=rules)


def test_the_answers_of_a_decision_are_the_legal_actions_while_it_waits() -> None:
    _, state = _waiting_state()
    assert state.pending is not None
    assert state.legal_actions() == state.pending.decision.answers(state) == (cc.Choose(1), cc.Choose(2))
