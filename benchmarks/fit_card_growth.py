"""Fit the bots' table of card growth (src/castle_combo/bots/card_growth.json) from greedy games.

A face-up card's points change until the game ends: "1 point per faith shield"
grows as shields come, "9 if your tableau has no faith shield" may fall to 0.
The evaluation (:mod:`castle_combo.bots.evaluation`, ``card_growth``) adds to
a seat's points now each face-up card's expected change, looked up in this
table by the card's name and the seat's turns left. This script measures it:
it plays ``--games`` two-player games of the standard cards, greedy against
greedy (the greedy bot with the flat growth, ``Evaluation(card_growth=False)``,
so that the data do not depend on the table they make), and at the start of
every turn records, for every face-up card of every tableau, its points then
and its points when the game ended. A card's growth at ``t`` turns left is the
mean of (points at the end - points then) over its records, shrunk toward the
mean of all cards at ``t`` turns left by ``--shrink`` records' worth:
``(sum + shrink * average) / (count + shrink)``, so a card seen rarely is
judged mostly as the average card is. The file also holds that average, which
the evaluation uses for a card the table does not know (a fan card, or a
printed name whose scoring text differs).

    python benchmarks/fit_card_growth.py --games 4000 --seed 2026 --jobs 2

writes the shipped table (about two minutes on two cores); ``--out FILE``
writes elsewhere, to compare.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import castle_combo as cc
from castle_combo.bots.evaluation import CARD_GROWTH_FILE, Evaluation
from castle_combo.bots.greedy import GreedyAgent
from castle_combo.bots.simulate import derive_seed
from castle_combo.engine.state import CARDS_PER_PLAYER

#: One record: the card's name, the seat's turns left, the card's points then and at the end of the game.
Record = tuple[str, int, int, int]


def play(job: tuple[int, int]) -> list[Record]:
    """The records of game ``index`` (see the module docstring)."""
    seed, index = job
    state = cc.new_game(players=2, seed=derive_seed(seed, index, "deal"))
    greedy = GreedyAgent(evaluation=Evaluation(card_growth=False))
    rng = random.Random(derive_seed(seed, index, "greedy"))
    seen: list[tuple[int, str, int, int]] = []  # seat, name, turns left, points then
    turn_of = None
    while not state.is_over:
        if state.pending is None and state.current_player != turn_of:
            turn_of = state.current_player
            for seat, player in enumerate(state.players):
                turns_left = CARDS_PER_PLAYER - len(player.tableau)
                for name, points in card_points(state, seat).items():
                    seen.append((seat, name, turns_left, points))
        state = state.apply(greedy.choose(state.view(state.to_act), rng))
    final = [card_points(state, seat) for seat in range(len(state.players))]
    return [(name, turns_left, points, final[seat][name]) for seat, name, turns_left, points in seen]


def card_points(state: cc.GameState, seat: int) -> dict[str, int]:
    """Each face-up card of ``seat``'s tableau by name, with its points as the game stands (or ended)."""
    sheet = state.provisional_score(seat)
    return {name: points for names, row in zip(sheet.names, sheet.cards, strict=True)
            for name, points in zip(names, row, strict=True) if name is not None and name != "face-down"}


def fit(records: list[Record], rules: cc.Ruleset, shrink: float) -> dict[str, object]:
    """The table: the average growth by turns left, and each card's, shrunk toward it."""
    sums: dict[tuple[str, int], list[float]] = defaultdict(lambda: [0.0, 0])
    for name, turns_left, then, end in records:
        cell = sums[name, turns_left]
        cell[0] += end - then
        cell[1] += 1
    lefts = range(1, CARDS_PER_PLAYER)
    average = []
    for t in lefts:
        total = sum(s for (_, left), (s, _) in sums.items() if left == t)
        count = sum(n for (_, left), (_, n) in sums.items() if left == t)
        average.append(total / count if count else 0.0)
    cards = {}
    for card in sorted(rules.cards, key=lambda c: c.name):
        counts = [int(sums[card.name, t][1]) if (card.name, t) in sums else 0 for t in lefts]
        if not any(counts):
            continue
        growth = [round((sums[card.name, t][0] + shrink * average[t - 1]) / (counts[t - 1] + shrink), 2)
                  if (card.name, t) in sums else round(average[t - 1], 2) for t in lefts]
        cards[card.name] = {"scoring": card.scoring_english, "records": sum(counts), "growth": growth}
    return {"average": [round(a, 2) for a in average], "cards": cards}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--shrink", type=float, default=20.0, help="records' worth of the average (default 20)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=CARD_GROWTH_FILE)
    args = parser.parse_args(argv)
    records: list[Record] = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for game in pool.map(play, [(args.seed, index) for index in range(args.games)], chunksize=20):
            records.extend(game)
    rules = cc.new_game(players=2, seed=0).rules
    table = fit(records, rules, args.shrink)
    document = {
        "about": "Expected change of a face-up card's points until the end of the game, by its name and its seat's "
                 "turns left (growth[t - 1] for t = 1 to 8), from greedy two-player games of the standard cards; "
                 "written by benchmarks/fit_card_growth.py (see its docstring).",
        "command": f"python benchmarks/fit_card_growth.py --games {args.games} --seed {args.seed} "
                   f"--shrink {args.shrink:g}",
        "ruleset": rules.version,
        "games": args.games,
        "records": len(records),
        **table,
    }
    text = json.dumps(document, indent=1, ensure_ascii=False)
    # each list on one line
    text = re.sub(r"\[\s+([^\[\]{}]*?)\s+\]", lambda m: "[" + " ".join(m.group(1).split()) + "]", text)
    args.out.write_text(text + "\n", encoding="utf-8")
    cards = table["cards"]
    assert isinstance(cards, dict)
    print(f"{len(records)} records of {args.games} games; {len(cards)} cards; average growth by turns left "
          f"1 to 8: {table['average']}; written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
