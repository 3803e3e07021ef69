"""Fan cards against printed ones, measured (not timed in tests): ``python benchmarks/bench_fan_cards.py``.

The same uniformly random two-player games are played with the standard
decks and with decks where 12 printed cards (6 per deck) give way to 12 fan
cards of ``examples/language-tour`` (the language's newer parts: relative
places, groups of connected cards, filtered and one-time discounts, take
triggers, effects at the end of this turn, chosen amounts, a neighbour's
card used, ...), with the decks' sizes unchanged (five draws of the 12
printed cards that leave take turns). Batches of the two kinds alternate, so
that a busy machine slows both alike, and times are this process's CPU time;
the report gives each kind's microseconds per action and per game, their
ratio, and how many fan cards the random players took face up (a fan card
never taken would prove nothing).

    python benchmarks/bench_fan_cards.py --games 400
    python benchmarks/bench_fan_cards.py --instructions --games 100

On a busy machine even CPU times drift by tens of percent; ``--instructions``
counts the machine instructions per game instead, under Valgrind's callgrind
(the same on every run): each kind plays its warm-up games with and without
the measured ones, and the difference is divided by the games.
"""

from __future__ import annotations

import argparse
import gc
import random
import subprocess
import sys
import time
from pathlib import Path

import castle_combo as cc

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts' shared helper, _callgrind.py

import _callgrind as callgrind

TOUR = Path(__file__).resolve().parent.parent / "examples" / "language-tour"
PER_DECK = 6


def fan_ruleset(standard: cc.Ruleset, fan: list[cc.Card], seed: int = 0) -> cc.Ruleset:
    """The standard cards with ``PER_DECK`` printed cards of each deck (drawn by ``seed``) replaced by fan cards."""
    rng = random.Random(seed)
    cards: list[cc.Card] = []
    for deck in ("castle", "village"):
        mine = [card for card in fan if card.deck.value == deck][:PER_DECK]
        printed = list(standard.deck(deck))
        cards += rng.sample(printed, len(printed) - len(mine)) + mine
    return cc.Ruleset.from_cards(cards)


def play(rules: cc.Ruleset, seed: int) -> tuple[int, cc.GameState]:
    rng = random.Random(seed)
    state = cc.new_game(players=2, seed=seed, rules=rules)
    actions = 0
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        actions += 1
    state.scores()
    return actions, state


def rulesets() -> tuple[cc.Ruleset, list[cc.Ruleset], set[str]]:
    """The standard ruleset, the five rulesets with fan cards, and the fan cards' names."""
    standard = cc.Ruleset.standard()
    extended = standard.extend(TOUR)
    fan = [card for card in extended.cards if card.name not in set(standard.names)]
    per_deck = {deck: sum(card.deck.value == deck for card in fan) for deck in ("castle", "village")}
    if min(per_deck.values()) < PER_DECK:
        raise SystemExit(f"the tour has {per_deck} fan cards per deck, {PER_DECK} of each are needed")
    return standard, [fan_ruleset(standard, fan, seed) for seed in range(5)], {card.name for card in fan}


def counted_run(kind: str, games: int) -> None:
    """What callgrind measures: warm-up games of ``kind``, then ``games`` more (see ``--instructions``)."""
    standard, mixed, _ = rulesets()
    # The engine fills caches per ruleset on first use (the fan kind has five rulesets): 200 games of
    # warm-up for each, then the garbage collector frozen, so neither lands in the measured games.
    for seed in range(-200, 0):
        if kind == "standard":
            play(standard, seed)
        else:
            for rules in mixed:
                play(rules, seed)
    gc.collect()
    gc.freeze()
    for seed in range(games):
        play(standard if kind == "standard" else mixed[(seed // 20) % len(mixed)], seed)


def instructions(kind: str, games: int) -> int:
    """Instructions callgrind counts for one :func:`counted_run`."""
    return callgrind.instructions([sys.executable, __file__, "--count-run", kind, str(games)])


def count_instructions(games: int) -> int:
    # The first run of the tour's cards fills the card cache; measured runs must all read it.
    subprocess.run([sys.executable, __file__, "--count-run", "fan", "0"], check=True)
    per_game = {kind: (instructions(kind, games) - instructions(kind, 0)) / games for kind in ("standard", "fan")}
    print(f"instructions per random two-player game (callgrind, {games} games of each kind after 200 of warm-up "
          "per ruleset, garbage collector frozen):")
    for kind, count in per_game.items():
        print(f"  {kind:<8}  {count:12,.0f}")
    print(f"  fan / standard: {per_game['fan'] / per_game['standard']:.2f}x")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games of each kind (default 400)")
    parser.add_argument("--batch", type=int, default=20, help="games per batch; the kinds alternate by batch")
    parser.add_argument("--instructions", action="store_true", help="count instructions under callgrind instead")
    parser.add_argument("--count-run", nargs=2, metavar=("KIND", "GAMES"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.count_run:
        counted_run(args.count_run[0], int(args.count_run[1]))
        return 0
    if args.instructions:
        return count_instructions(args.games)
    standard, mixed, fan_names = rulesets()
    # Which printed cards leave changes the cost of a game too: five draws of them take turns by batch.
    for warm in range(50):  # each ruleset compiles and fills its caches on its first games: not what is measured
        play(standard, -1 - warm)
        for rules in mixed:
            play(rules, -1 - warm)
    totals = {"standard": [0.0, 0, 0], "fan": [0.0, 0, 0]}  # seconds, actions, games
    taken = 0
    seed = 0
    while totals["fan"][2] < args.games:
        for kind in ("standard", "fan"):
            for k in range(args.batch):
                game_seed = seed + k
                rules = mixed[(seed // args.batch) % len(mixed)] if kind == "fan" else standard
                started = time.process_time()
                actions, state = play(rules, game_seed)
                totals[kind][0] += time.process_time() - started
                totals[kind][1] += actions
                totals[kind][2] += 1
                if kind == "fan":
                    taken += sum(1 for seat in range(len(state.players)) for placed in state.tableau(seat)
                                 if not placed.face_down and placed.card.name in fan_names)
        seed += args.batch
    print(f"{args.games} random two-player games of each kind; 12 of 78 printed cards replaced by fan cards "
          f"of {TOUR.relative_to(TOUR.parent.parent)} (the deck shuffle is part of the game):")
    for kind, (seconds, actions, games) in totals.items():
        print(f"  {kind:<8}  {seconds / actions * 1e6:7.1f} us per action  {seconds / games * 1e3:7.2f} ms per game  "
              f"({actions / games:.1f} actions a game)")
    ratio_action = (totals["fan"][0] / totals["fan"][1]) / (totals["standard"][0] / totals["standard"][1])
    ratio_game = (totals["fan"][0] / totals["fan"][2]) / (totals["standard"][0] / totals["standard"][2])
    print(f"  fan / standard: {ratio_action:.2f}x the time per action, {ratio_game:.2f}x per game")
    print(f"  fan cards taken face up: {taken / totals['fan'][2]:.2f} a game")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
