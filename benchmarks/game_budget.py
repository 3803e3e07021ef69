"""Where a random game's time goes, part by part: ``python benchmarks/game_budget.py``.

``compare_engines.py`` says how fast a whole random game is; this script says
what it is made of, so that work on speed goes where the time is. It plays
random two-player games through the public API exactly as
``compare_engines.py`` does (``new_game``, ``legal_actions``, ``apply`` of a
uniformly random legal action, ``scores``) and times every call where it is
made, on a state the game has just built (as warm in the processor's caches
as in any game), then prints the microseconds each part takes per game and
its share:

* the deal (``new_game``), the legal actions, the final scores;
* ``apply`` by kind of action and, for a take, by what the engine must do for
  the card: a card taken face down; a card bought whose ability only gains
  (gold, keys, discounts counted in its owner's tableau: summed on the fast
  path); one whose automatic ability reaches other seats or the purses in
  ways done straight on the seats (``compile_table_gains``); any other
  automatic ability (run on a scratch table); a card whose ability asks a
  question; a lock card; a decision's answer (``Choose``, ``Discard``...);
  a key spent;
* the loop itself (the random choice and ``is_over``), which any engine pays.

Then the **floor of a take**: for the face-down takes of those games, the
engine's ``apply`` against the leanest code that builds the very same next
state with no check at all (written here for the standard cards' fast case
and compared with the engine's state, which it must equal): how much of a
take is checks and generality, and how much is building the new state,
which no engine that keeps every state can skip.

Every time is this thread's CPU time (``time.thread_time_ns``), so another
process taking the core in the middle of a call does not count; the timer's
own cost (a pair of calls) is measured and taken off each timed call. Each
part is the best of ``--rounds`` rounds over the same games.

    python benchmarks/game_budget.py --games 2000 --rounds 3
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from collections.abc import Callable

import castle_combo as cc
from castle_combo.engine.actions import Take
from castle_combo.engine.counting import Placed
from castle_combo.engine.placement import spots_after
from castle_combo.engine.table import NOTHING_WAITING, Phase
from castle_combo.language.model import Deck

#: How each take is filed: by what the engine must do for the card (see the module docstring).
FACE_DOWN, OWN_GAINS, SEATS, SCRATCH, ASKS, LOCK = (
    "take face down", "take: ability only gains", "take: ability done on the seats",
    "take: ability run on a scratch table", "take: ability asks", "take: lock card")


def kind_of(state: cc.GameState, action: object) -> str:
    """The part of the budget ``state.apply(action)`` is filed under."""
    if type(action) is not Take:
        return "answer: " + type(action).__name__ if state.pending is not None else type(action).__name__
    engine = state.engine
    card = engine.ids[action.card]
    if action.face_down:
        return FACE_DOWN
    if engine.facts[card].lock:
        return LOCK
    if engine.auto_bought[card] is None:
        return ASKS
    if engine.own_gains[card] is not None:
        return OWN_GAINS
    return SEATS if engine.table_gains[card] is not None else SCRATCH


def timer_cost() -> float:
    """Nanoseconds a pair of timer calls costs (taken off every timed call)."""
    return min(_pairs(time.thread_time_ns) for _ in range(5))


def _pairs(clock: Callable[[], int], n: int = 20_000) -> float:
    start = clock()
    for _ in range(n):
        clock()
        clock()
    return (clock() - start) / n


def play(games: int, overhead: float) -> tuple[dict[str, float], dict[str, int]]:
    """Nanoseconds per part over ``games`` random games, and how many calls each part had."""
    clock = time.thread_time_ns
    spent: dict[str, float] = defaultdict(float)
    calls: dict[str, int] = defaultdict(int)
    whole = clock()
    for seed in range(games):
        rng = random.Random(seed)
        t0 = clock()
        state = cc.new_game(players=2, seed=seed)
        spent["deal"] += clock() - t0 - overhead
        while not state.is_over:
            t0 = clock()
            legal = state.legal_actions()
            spent["legal actions"] += clock() - t0 - overhead
            action = rng.choice(legal)
            kind = kind_of(state, action)
            t0 = clock()
            state = state.apply(action)
            spent[kind] += clock() - t0 - overhead
            calls[kind] += 1
        t0 = clock()
        state.scores()
        spent["final scores"] += clock() - t0 - overhead
    total = clock() - whole
    timed = sum(spent.values()) + overhead * (2 * games + 2 * sum(calls.values()))  # the timer's calls too
    spent["the loop (random choice, is_over, filing)"] = max(0.0, total - timed)
    return dict(spent), dict(calls)


def lean_face_down_take(state: cc.GameState, action: Take) -> cc.GameState:
    """The next state of a face-down take on the engine's fast path, built with no check at all.

    Valid only where the engine takes its fast path (a full row refilled from
    its deck, nothing waiting on the seat, no trigger, two players): the
    floor a take cannot go below while every state is kept whole.
    """
    (rules, players, seat, first, taken, _, messenger, locations, _, history, rng, origin, script, viewer, _, _, _, _,
     engine) = state
    here = 0 if messenger is Deck.CASTLE else 1
    deck, row, discard, removed, _ = locations[here]
    card = engine.ids[action.card]
    gold, keys, tableau, discounts, shields, banners, spots, triggers, waits = players[seat]
    x, y = action.at
    tableau += (tuple.__new__(Placed, (card, x, y, True, 0, False, 0, 0, -1, 0)),)
    moved = (gold + 6, keys + 2, tableau, discounts, shields, banners, spots_after(spots, (x, y)), triggers, waits)
    r0, r1, r2 = row
    refilled = (deck[1:], (r1, r2, deck[0]) if r0 == card else (r0, r2, deck[0]) if r1 == card else (r0, r1, deck[0]),
                discard, removed, False)
    other = locations[1 - here]
    return tuple.__new__(type(state), (
        rules, (moved, players[1]) if seat == 0 else (players[0], moved), 1 - seat, first, taken + 1, Phase.START,
        messenger, (refilled, other) if here == 0 else (other, refilled), None, history + (action,), rng, origin,
        script, viewer, False, (), (), (), engine))


def fast_face_down_takes(games: int) -> list[tuple[cc.GameState, Take]]:
    """Face-down takes of random games where the engine's fast path applies (see :func:`lean_face_down_take`)."""
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        state = cc.new_game(players=2, seed=seed)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            seats, places = state.seats, state.places
            here = 0 if state.messenger is Deck.CASTLE else 1
            mine = seats[state.current_player]
            if (type(action) is Take and action.face_down and state.pending is None
                    and mine[8] is NOTHING_WAITING and not any(c.key for c in mine[2])
                    and not any(s[7] for s in seats) and not state.known and not state.row_gold
                    and places[here][0] and len(places[1 - here][1]) == 3):
                found.append((state, action))
            state = state.apply(action)
    return found


def floor_of_a_take(games: int, rounds: int) -> tuple[float, float, int]:
    """Microseconds per face-down take: the engine's ``apply``, and the lean build of the same state."""
    takes = fast_face_down_takes(games)
    for state, action in takes:
        assert lean_face_down_take(state, action) == state.apply(action), "the lean take built another state"

    def best(step: Callable[[cc.GameState, Take], object]) -> float:
        fastest = float("inf")
        for _ in range(rounds):
            start = time.thread_time()
            for state, action in takes:
                step(state, action)
            fastest = min(fastest, time.thread_time() - start)
        return fastest / len(takes) * 1e6

    engine_take, lean = 0.0, 0.0
    for _ in range(2):  # alternately, so that both see the same load
        engine_take, lean = best(lambda s, a: s.apply(a)), best(lean_face_down_take)
    return engine_take, lean, len(takes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="random two-player games per round (default 2000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; each part's best is kept (default 3)")
    args = parser.parse_args(argv)
    cc.Ruleset.standard()
    overhead = timer_cost()
    play(min(args.games, 50), overhead)  # warm the caches the engine keeps per ruleset
    best: dict[str, float] = {}
    calls: dict[str, int] = {}
    for _ in range(args.rounds):
        spent, calls = play(args.games, overhead)
        for part, ns in spent.items():
            best[part] = min(best.get(part, float("inf")), ns)
    total = sum(best.values())
    print(f"where a random two-player game's time goes ({args.games} games, best of {args.rounds} rounds; "
          f"the timer's cost, {overhead:.0f} ns a pair of calls, taken off)")
    print(f"{'part':<44} {'us/game':>9} {'share':>7} {'calls/game':>11} {'us/call':>9}")
    for part, ns in sorted(best.items(), key=lambda item: -item[1]):
        per_game = ns / args.games / 1000
        n = calls.get(part)
        per_call = f"{ns / n / 1000:9.2f}" if n else f"{'':>9}"
        count = f"{n / args.games:11.2f}" if n else f"{'':>11}"
        print(f"{part:<44} {per_game:9.1f} {per_game * 1000 * args.games / total:6.1%} {count} {per_call}")
    print(f"{'a whole game':<44} {total / args.games / 1000:9.1f}")
    engine_take, lean, n = floor_of_a_take(max(50, args.games // 10), args.rounds)
    print(f"floor of a take ({n} face-down takes on the fast path): the engine's apply {engine_take:.2f} us, "
          f"the same state built with no check {lean:.2f} us ({engine_take / lean:.2f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
