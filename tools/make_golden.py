"""Write the golden game records in tests/golden/ (python-chess "perft" style).

Each file holds a game played by a seeded policy, its record (decks,
reshuffle orders and actions, *without* a seed, so a replay depends only on
the record), every seat's gold and keys after every action, and the final
score sheets. ``tests/test_engine_golden.py`` replays them all: a later
change to the engine that alters any outcome fails there.

Run once, read the diffs, commit: ``python tools/make_golden.py``.
The policies are chosen to reach the rare corners: choices and discards
(face-up buyers), reshuffles (key refreshes) and exhausted locations
(players who keep taking from the village face down). The games with the
expansion "Out of the Oubliette!" (``game-oubliette-*``) are played by a
locksmith who buys face up and opens locks often, and record each seat's
keys waiting on lock cards too.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

import castle_combo as cc

OUT = Path(__file__).resolve().parent.parent / "tests" / "golden"
Policy = Callable[[cc.GameState, random.Random], cc.Action]


def uniform(state: cc.GameState, rng: random.Random) -> cc.Action:
    """Any legal action, uniformly."""
    return rng.choice(state.legal_actions())


def buyer(state: cc.GameState, rng: random.Random) -> cc.Action:
    """Prefers cards face up (so abilities, choices and discards happen); refreshes now and then."""
    legal = state.legal_actions()
    keys = [a for a in legal if isinstance(a, cc.UseKey)]
    if keys and rng.random() < 0.2:
        return rng.choice(keys)
    face_up = [a for a in legal if isinstance(a, cc.Take) and not a.face_down]
    if face_up and rng.random() < 0.9:
        return rng.choice(face_up)
    return rng.choice(legal)


def refresher(state: cc.GameState, rng: random.Random) -> cc.Action:
    """Spends a key to refresh whenever it can, so discard piles grow and get reshuffled."""
    legal = state.legal_actions()
    refresh = cc.UseKey(cc.KeyUse.REFRESH)
    if refresh in legal and rng.random() < 0.8:
        return refresh
    return buyer(state, rng)


def village_hog(state: cc.GameState, rng: random.Random) -> cc.Action:
    """Keeps taking from the village, mostly face down, until the village is exhausted."""
    legal = state.legal_actions()
    move = cc.UseKey(cc.KeyUse.MOVE)
    if state.messenger is cc.Deck.CASTLE and move in legal:
        return move
    takes = [a for a in legal if isinstance(a, cc.Take)]
    if takes and state.messenger is cc.Deck.VILLAGE:
        down = [a for a in takes if a.face_down]
        return rng.choice(down if rng.random() < 0.8 else takes)
    return rng.choice(legal)


def locksmith(state: cc.GameState, rng: random.Random) -> cc.Action:
    """Opens a lock most times one can be opened, passes sometimes, otherwise buys like :func:`buyer`."""
    legal = state.legal_actions()
    opens = [a for a in legal if isinstance(a, cc.Unlock)]
    if opens and rng.random() < 0.7:
        return rng.choice(opens)
    if cc.Pass() in legal:
        return cc.Pass()
    return buyer(state, rng)


OUBLIETTE = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")

PLAN: list[tuple[str, Policy, list[int]]] = [
    ("uniform", uniform, [2, 2, 3, 3, 4, 4, 5, 5]),
    ("buyer", buyer, [2, 2, 3, 3, 4, 5, 5]),
    ("refresher", refresher, [2, 3, 4, 5, 5]),
    ("village-hog", village_hog, [5, 5, 5, 5, 5, 5]),
]
#: Games with the expansion: the same file format, plus keys on cards after each action.
OUBLIETTE_PLAN: list[tuple[str, Policy, list[int]]] = [
    ("locksmith", locksmith, [2, 2, 3, 3, 4, 4, 5, 5]),
]


def play(players: int, seed: int, policy: Policy, rules: cc.Ruleset | None = None) -> cc.GameState:
    rng = random.Random(seed)
    state = cc.new_game(players=players, seed=seed, first_player=seed % players, rules=rules)
    while not state.is_over:
        state = state.apply(policy(state, rng))
    return state


def trajectory(state: cc.GameState, locks: bool = False) -> list[list[list[int]]]:
    """Every seat's [gold, keys] (and keys on cards with ``locks``) after every action of ``state``'s history."""
    replayed = cc.replay({**state.record(), "actions": []}, rules=state.rules)
    out = []
    for action in state.history:
        replayed = replayed.apply(action)
        out.append([[p.gold, p.keys, p.keys_on_cards] if locks else [p.gold, p.keys] for p in replayed.players])
    return out


def describe(state: cc.GameState) -> dict[str, object]:
    kinds = [a.to_json()["type"] for a in state.history]
    return {
        "choices": kinds.count("choose"),
        "discards": kinds.count("discard"),
        "keys_spent": kinds.count("key"),
        "reshuffles": len(state.origin.reshuffles) if state.origin else 0,
        "exhausted": [d.value for d in state.exhausted_locations],
        **({"unlocks": kinds.count("unlock"), "passes": kinds.count("pass"), "rows": kinds.count("discard_row"),
            "activates": kinds.count("activate")} if state.rules.version != "base-1" else {}),
    }


def golden_game(name: str, seed: int, state: cc.GameState) -> dict[str, object]:
    """The file's content for one finished game."""
    record = state.record()
    del record["seed"]
    result = state.result()
    return {
        "policy": name,
        "seed": seed,
        "features": describe(state),
        "record": record,
        "after_each_action": trajectory(state, locks=state.rules is OUBLIETTE),
        "scores": [
            {**sheet.to_json(), "names": [list(r) for r in sheet.names], "stored": [list(r) for r in sheet.stored]}
            for sheet in result.scores
        ],
        "winners": list(result.winners),
        "decided_by": result.decided_by,
    }


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("game-*.json"):
        old.unlink()
    number = 0
    for name, policy, sizes in PLAN:
        for k, players in enumerate(sizes):
            seed = 1000 * (PLAN.index((name, policy, sizes)) + 1) + k
            if name == "village-hog":
                # Search a few seeds for a game that really exhausts the village (it takes 37
                # village cards out of 45 takes, so only 5-player games can).
                for _ in range(50):
                    if play(players, seed, policy).exhausted_locations:
                        break
                    seed += 97
            golden = golden_game(name, seed, play(players, seed, policy))
            number += 1
            path = OUT / f"game-{number:02d}-{name}-{players}p.json"
            path.write_text(json.dumps(golden, indent=1) + "\n")
            print(path.name, golden["features"], [s["total"] for s in golden["scores"]])  # type: ignore[index]
    for name, policy, sizes in OUBLIETTE_PLAN:
        for k, players in enumerate(sizes):
            seed = 9000 + k
            golden = golden_game(name, seed, play(players, seed, policy, OUBLIETTE))
            path = OUT / f"game-oubliette-{k + 1:02d}-{name}-{players}p.json"
            path.write_text(json.dumps(golden, indent=1) + "\n")
            print(path.name, golden["features"], [s["total"] for s in golden["scores"]])  # type: ignore[index]
    return 0


if __name__ == "__main__":
    sys.exit(main())
