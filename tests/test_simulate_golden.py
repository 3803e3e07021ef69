"""Simulations give the same games as before, outcome by outcome (outcomes recorded from commit 603d250).

``simulate``'s bookkeeping (the game loop, the outcome row, the totals) is
tuned for speed; every such change must leave each game's outcome, the
totals and the reports exactly as they were. The fixture
``tests/golden/simulate-outcomes.json`` holds the outcomes, the ``--json``
document, the winners' cards and the balance report of a few seeded runs
(random, greedy and mixed lineups, two to five players, the expansion), as
main played them before the bookkeeping changed. An engine change that
really changes games (a rules fix) rewrites it:
``python tests/test_simulate_golden.py --write``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import castle_combo as cc
from castle_combo.bots.balance import balance
from castle_combo.bots.random_agent import RandomAgent
from castle_combo.bots.simulate import GameOutcome, simulate

FIXTURE = Path(__file__).parent / "golden" / "simulate-outcomes.json"

#: The runs recorded: a name, then simulate's arguments (the ruleset by expansion name, ``None`` for the standard).
RUNS: list[tuple[str, dict[str, Any]]] = [
    ("random 2p", {"bots": ["random", "random"], "players": 2, "games": 40, "seed": 5}),
    ("random 4p", {"bots": ["random"], "players": 4, "games": 12, "seed": 11}),
    ("greedy and random 3p", {"bots": ["greedy", "random", "random"], "players": 3, "games": 6, "seed": 2}),
    ("random 5p oubliette", {"bots": ["random", "random"], "players": 5, "games": 8, "seed": 7,
                             "expansion": "out-of-the-oubliette"}),
]


def _rules(expansion: str | None) -> cc.Ruleset | None:
    return cc.Ruleset.standard().with_expansion(expansion) if expansion else None


def _outcome(outcome: GameOutcome) -> dict[str, Any]:
    return {"index": outcome.index, "seats": list(outcome.seats), "scores": list(outcome.scores),
            "gold_left": list(outcome.gold_left), "keys": list(outcome.keys), "winners": list(outcome.winners),
            "cards": [list(cards) for cards in outcome.cards], "moves": list(outcome.moves)}


def observed(name: str, arguments: dict[str, Any], *, jobs: int = 1) -> dict[str, Any]:
    """What a run gives, as the fixture stores it."""
    arguments = dict(arguments)
    rules = _rules(arguments.pop("expansion", None))
    seen: list[int] = []
    result = simulate(**arguments, rules=rules, jobs=jobs, progress=lambda outcome: seen.append(outcome.index))
    lean = simulate(**arguments, rules=rules, jobs=jobs, keep_outcomes=False)
    assert lean.totals == result.totals and lean.to_json() == result.to_json()
    assert seen == list(range(arguments["games"]))
    report = balance(arguments["bots"], players=arguments["players"], games=arguments["games"],
                     seed=arguments["seed"], rules=rules, jobs=jobs)
    return {
        "outcomes": [_outcome(outcome) for outcome in result.outcomes],
        "json": result.to_json(),
        "winner_cards": [[t.card, t.by_winners, t.taken, t.share_of_winners] for t in result.winner_cards(20)],
        "moves": [slot.moves for slot in result.totals.slots],
        "balance": report.to_json(),
    }


def _record_digest(tmp: Path) -> list[str]:
    simulate(["greedy", "random"], players=2, games=2, seed=3, save=tmp)
    return [hashlib.sha256(path.read_bytes()).hexdigest() for path in sorted(tmp.glob("game-*.json"))]


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name, arguments", RUNS, ids=[name for name, _ in RUNS])
def test_a_seeded_run_gives_the_recorded_games_one_by_one(golden: dict[str, Any], name: str,
                                                          arguments: dict[str, Any]) -> None:
    expected = golden["runs"][name]
    got = json.loads(json.dumps(observed(name, arguments)))
    for want, have in zip(expected["outcomes"], got["outcomes"], strict=True):
        assert have == want, f"game {want['index']} of {name!r}"
    assert got == expected


def test_parallel_runs_give_the_recorded_games_too(golden: dict[str, Any]) -> None:
    name, arguments = RUNS[0]
    assert json.loads(json.dumps(observed(name, arguments, jobs=2))) == golden["runs"][name]


class _CalledRandom(RandomAgent):
    """The random bot as a subclass: never picked for inline, so the game loop calls its ``choose``."""


def test_the_inline_random_choice_is_the_random_bots_own() -> None:
    """Two random bots are played inline (no call per move); called as a bot, they play the same games."""
    inline = simulate(["random", "random"], players=3, games=9, seed=8)
    called = simulate([_CalledRandom(), _CalledRandom()], players=3, games=9, seed=8)
    assert called.outcomes == inline.outcomes and called.totals == inline.totals
    assert [o.moves for o in called.outcomes] == [o.moves for o in inline.outcomes]


def test_saved_records_are_the_recorded_ones(golden: dict[str, Any], tmp_path: Path) -> None:
    assert _record_digest(tmp_path) == golden["records"]


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python tests/test_simulate_golden.py --write")
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        document = {"runs": {name: observed(name, arguments) for name, arguments in RUNS},
                    "records": _record_digest(Path(folder))}
    # One line per game and per report (the file stays small and a changed game shows as a changed line).
    lines = ['{"records": ' + json.dumps(document["records"]) + ', "runs": {']
    for number, (name, run) in enumerate(document["runs"].items()):
        lines.append(f" {json.dumps(name)}: {{")
        lines.append('  "outcomes": [')
        lines.append(",\n".join("   " + json.dumps(outcome) for outcome in run.pop("outcomes")))
        lines.append("  ],")
        lines.append(",\n".join(f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in run.items()))
        lines.append(" }" + ("," if number < len(RUNS) - 1 else ""))
    lines.append("}}")
    FIXTURE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURE}")
