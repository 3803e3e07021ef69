"""Soak test: play many random games and check the engine's invariants on every state.

``python benchmarks/soak.py --games 20000`` plays games of 2 to 5 players
with a mix of policies (uniform; face-up buyers, for abilities; key
refreshers, for reshuffles; village hogs, for exhausted locations) and checks
after every action: no card lost or duplicated, gold and keys never negative,
the turn structure; at the end: 9 takes per player, scores computed; every
50th game also round-trips through ``dumps``/``loads`` and ``record``/``replay``.
It prints a summary and exits non-zero on the first broken invariant.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

import castle_combo as cc

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from make_golden import buyer, refresher, uniform, village_hog

POLICIES = {"uniform": uniform, "buyer": buyer, "refresher": refresher, "village-hog": village_hog}


def check(state: cc.GameState, everything: Counter[int]) -> None:
    seen: Counter[int] = Counter()
    for loc in state.locations:
        seen.update(loc.deck + loc.row + loc.discard + loc.removed)
    for player in state.players:
        seen.update(cell.card for cell in player.tableau)
        if player.gold < 0 or player.keys < 0:
            raise AssertionError(f"negative supply: {player}")
    if seen != everything:
        raise AssertionError(f"cards lost or duplicated: {(seen - everything) + (everything - seen)}")
    if not state.is_over and not state.legal_actions():
        raise AssertionError("no legal action in an unfinished game")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = cc.Ruleset.standard()
    everything = Counter(range(len(rules)))
    stats: Counter[str] = Counter()
    totals: list[int] = []
    start = time.perf_counter()
    for game in range(args.games):
        seed = args.seed * 1_000_003 + game
        rng = random.Random(seed)
        players = 2 + game % 4
        name = list(POLICIES)[(game // 4) % len(POLICIES)]
        policy = POLICIES[name]
        state = cc.new_game(players=players, seed=seed, first_player=rng.randrange(players))
        takes: Counter[int] = Counter()
        while not state.is_over:
            action = policy(state, rng)
            if isinstance(action, cc.Take):
                takes[state.current_player] += 1
            stats[action.to_json()["type"]] += 1
            state = state.apply(action)
            check(state, everything)
            stats["states"] += 1
        if takes != Counter({seat: 9 for seat in range(players)}):
            raise AssertionError(f"game {game}: takes per seat {takes}")
        sheets = state.scores()
        totals.extend(s.total for s in sheets)
        stats["shared wins"] += len(state.result().winners) > 1
        stats["reshuffles"] += len(state.origin.reshuffles) if state.origin else 0
        stats["games with an exhausted location"] += bool(state.exhausted_locations)
        stats[f"{players}-player games"] += 1
        if game % 50 == 0:
            if cc.loads(cc.dumps(state)) != state or cc.replay(state.record()) != state:
                raise AssertionError(f"game {game}: round trip changed the state")
            stats["round trips"] += 1
    elapsed = time.perf_counter() - start
    per_second = args.games / elapsed
    print(f"{args.games} games, {stats['states']} states checked in {elapsed:.1f} s ({per_second:,.0f} games/s)")
    for key in sorted(stats):
        if key != "states":
            print(f"  {key:<36} {stats[key]:>10,}")
    print(f"  mean final score {sum(totals) / len(totals):.1f}, min {min(totals)}, max {max(totals)}")
    print("all invariants held")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
