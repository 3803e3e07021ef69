"""OpenSpiel's MCTS bot against castle-combo's own bots, on the OpenSpiel game.

Run: ``python benchmarks/openspiel_mcts.py [--games N] [--simulations S] [--ours greedy,mcts]``
(needs ``pip install -e '.[rl]'``). For each of our bots, plays ``N``
two-player games of ``python_castle_combo`` against OpenSpiel's
``MCTSBot`` (UCT with random rollouts, ``S`` simulations per move), seats
swapped every game, and prints OpenSpiel's win rate (a shared win counts
half) with its 95% interval, and the seconds per move of each side.

OpenSpiel's MCTS searches the state it is given, which holds the true deck
order: it plays with knowledge our bots (which see only their view) do not
have, so its win rate is an upper bound of what plain MCTS can do here.
"""

from __future__ import annotations

import argparse
import random
import sys
import time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per match-up (default 20)")
    parser.add_argument("--simulations", type=int, default=100, help="MCTS simulations per move (default 100)")
    parser.add_argument("--ours", default="greedy,mcts", help="our bots, comma-separated (default greedy,mcts)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots (default 1)")
    args = parser.parse_args(argv)
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError as error:
        print(f"the rl extra is missing ({error}): pip install -e '.[rl]'", file=sys.stderr)
        return 2
    import castle_combo.adapters.openspiel  # noqa: F401 (registers the game)
    from castle_combo.bots.registry import make_agent
    from castle_combo.bots.stats import wilson_interval

    for name in args.ours.split(","):
        ours = make_agent(name)
        points, seconds, moves = 0.0, [0.0, 0.0], [0, 0]
        for game_index in range(args.games):
            game = pyspiel.load_game("python_castle_combo", {"players": 2, "seed": args.seed * 1000 + game_index})
            theirs = mcts.MCTSBot(game, 2.0, args.simulations,
                                  mcts.RandomRolloutEvaluator(1, np.random.RandomState(game_index)),
                                  random_state=np.random.RandomState(args.seed + game_index))
            rng = random.Random(args.seed * 7919 + game_index)
            openspiel_seat = game_index % 2
            state = game.new_initial_state()
            space = game.space
            while not state.is_terminal():
                seat = state.current_player()
                started = time.perf_counter()
                if seat == openspiel_seat:
                    action = theirs.step(state)
                else:
                    action = space.encode(ours.choose(state.game_state.view(seat), rng))
                side = 0 if seat == openspiel_seat else 1
                seconds[side] += time.perf_counter() - started
                moves[side] += 1
                state.apply_action(action)
            points += state.returns()[openspiel_seat]
        rate = wilson_interval(points, args.games)
        print(f"OpenSpiel MCTS ({args.simulations} simulations) vs {name}: wins {rate.estimate:.0%} "
              f"[{rate.low:.0%}, {rate.high:.0%}] over {args.games} games; "
              f"{seconds[0] / max(1, moves[0]):.3f} s/move against {seconds[1] / max(1, moves[1]):.3f} s/move")
    return 0


if __name__ == "__main__":
    sys.exit(main())
