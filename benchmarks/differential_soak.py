"""Differential soak: thousands of games through the engine and the reference engine.

Run ``python benchmarks/differential_soak.py --games 3000``. Each game picks
a ruleset (standard, standard plus the fan expansion, standard plus the
official expansion, a small random ruleset built from every construct of
the card model, lock cards included half the time, or one drawn from the card
language's composable parts: any filter, noun, scope, quantifier and
comparison, and the newer effects, or those with swaps of cards of a tableau, or a random one whose cards
often pile up gold while they lie in a row, or with leave to take the next card from either row, or with
the ability of the next card bought face up resolved twice, or a card put back on its deck, or stored gold moved,
or (``variants``) triggers on one's own cards' messenger icons, one-time discounts waiting for a face-up purchase
and face-down cards turned for their own cost), or effects repeated up to N times, or one's own gold stored on purse
cards), 2 to 5 players, a first
player and an action policy from its seed, and is compared move by move with
``tests/reference_engine.py`` (see ``tests/differential.py``).
``--only oubliette`` (or ``standard``, ``fan``, ``random``, ``parts``, ``swaps``, ``rows``, ``either``, ``looks``,
``twice``, ``returns``, ``bottoms``, ``variants``, ``repeats``, ``stores``, ...)
plays one kind.
Prints games, actions compared, reshuffle-heavy games and mismatches, with
the first few mismatches in full.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from differential import Mismatch, play_and_compare, random_ruleset, rulesets

STYLES = ("uniform", "buyer", "keys")
#: The kinds of random ruleset: random_ruleset's flags for a game's seed (the named rulesets are kinds too).
RANDOM_KINDS: dict[str, Callable[[int], dict[str, bool]]] = {
    "random": lambda seed: {"locks": seed % 2 == 0},
    "parts": lambda seed: {"algebra": True},
    "lasting": lambda seed: {"lasting": True},
    "swaps": lambda seed: {"swaps": True},
    "takes": lambda seed: {"takes": True},
    "rows": lambda seed: {"locks": seed % 2 == 0, "fan": True, "rows": True},
    "either": lambda seed: {"either": True},
    "owed": lambda seed: {"owed": True},
    "events": lambda seed: {"events": True},
    "surcharges": lambda seed: {"surcharges": True},
    "looks": lambda seed: {"looks": True, "algebra": seed % 2 == 0},
    "requirements": lambda seed: {"requirements": True, "surcharges": seed % 2 == 0},
    "moves": lambda seed: {"moves": True, "algebra": seed % 2 == 0},
    "twice": lambda seed: {"twice": True, "algebra": seed % 2 == 0},
    "returns": lambda seed: {"returns": True, "algebra": seed % 2 == 0},
    "bottoms": lambda seed: {"returns": True, "bottoms": True, "algebra": seed % 2 == 0},
    "variants": lambda seed: {"icons": seed % 3 != 1, "face_up": seed % 3 != 2, "paying": seed % 3 != 0},
    "repeats": lambda seed: {"repeats": True, "algebra": seed % 2 == 0},
    "stores": lambda seed: {"stores": True, "algebra": seed % 2 == 0},
}
KINDS = ("standard", "fan", "oubliette", *RANDOM_KINDS)
#: One game in each of these, in turn (the language's parts twice: they are the most varied).
CYCLE = ("standard", "fan", "oubliette", "random", "parts", "parts", "lasting", "swaps", "takes", "rows", "either",
         "owed", "events", "surcharges", "looks", "requirements", "moves", "twice", "returns",
         "bottoms", "variants", "repeats", "stores")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=100_000, help="first game's seed")
    parser.add_argument("--only", choices=KINDS, help="play only this kind of ruleset")
    args = parser.parse_args()
    named = rulesets()
    start = time.perf_counter()
    actions = mismatches = 0
    per_kind = dict.fromkeys(KINDS, 0)
    for seed in range(args.seed, args.seed + args.games):
        rng = random.Random(seed)
        players = 2 + seed % 4
        kind = args.only or CYCLE[seed % len(CYCLE)]
        if kind in RANDOM_KINDS:
            rules = random_ruleset(rng, players, **RANDOM_KINDS[kind](seed))
        else:
            rules = named[kind]
        per_kind[kind] += 1
        try:
            actions += play_and_compare(rules, players, seed, STYLES[(seed // 4) % 3], first_player=seed % players)
        except Mismatch as error:
            mismatches += 1
            if mismatches <= 5:
                print(f"MISMATCH ({kind}, {players} players): {error}")
    elapsed = time.perf_counter() - start
    print(f"games: {args.games} ({per_kind})")
    print(f"actions compared: {actions}")
    print(f"mismatches: {mismatches}")
    print(f"time: {elapsed:.1f} s")
    return 1 if mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
