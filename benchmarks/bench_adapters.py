"""Steps per second of the reinforcement-learning adapters against the raw engine, in one run.

Run: ``python benchmarks/bench_adapters.py [--steps N]`` (needs ``pip install -e '.[rl]'``).
Each line plays uniformly random legal actions for about ``N`` steps and prints
steps per second (wall clock, one core):

* the raw engine: ``legal_actions()``, ``apply()``, a new game when one ends;
* the raw engine with the adapters' work per step: the action mask and the
  observation vector of the seat to play (what any adapter must compute);
* the PettingZoo AEC environment (``env()``, wrappers included);
* the Gymnasium environment against one random bot (the bot's steps counted);
* the OpenSpiel game (``apply_action`` and ``legal_actions``, plus the
  observation tensor through an observer made once with
  ``open_spiel.python.observation.make_observation``; ``state.observation_tensor()``
  builds a new observer at every call and is several times slower).

Each adapter's overhead is its time per step over the raw engine's; the
target is less than 3x. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

import castle_combo as cc


def rate(label: str, run: Callable[[int], int], steps: int, raw: float | None) -> float:
    started = time.perf_counter()
    done = run(steps)
    per_second = done / (time.perf_counter() - started)
    ratio = f"   {raw / per_second:.2f}x the raw engine's time per step" if raw else ""
    print(f"{label:<44} {per_second:>9,.0f} steps/s{ratio}")
    return per_second


def raw_engine(steps: int) -> int:
    rng = random.Random(1)
    state, done, seed = cc.new_game(players=2, seed=0), 0, 0
    while done < steps:
        if state.is_over:
            seed += 1
            state = cc.new_game(players=2, seed=seed)
        state = state.apply(rng.choice(state.legal_actions()))
        done += 1
    return done


def engine_with_tensors(steps: int) -> int:
    from castle_combo.adapters.encoding import ActionSpace

    space = ActionSpace(None, 2)
    rng = random.Random(1)
    state, done, seed = cc.new_game(players=2, seed=0), 0, 0
    while done < steps:
        if state.is_over:
            seed += 1
            state = cc.new_game(players=2, seed=seed)
        space.observe(state, state.current_player)
        legal = space.legal(state)
        space.mask(state)
        state = state.apply(space.decode(rng.choice(legal)))
        done += 1
    return done


def pettingzoo_env(steps: int) -> int:
    import numpy as np

    from castle_combo.adapters import pettingzoo as ccpz

    env = ccpz.env(players=2)
    rng = np.random.default_rng(1)
    done, seed = 0, 0
    while done < steps:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            action = None if termination or truncation else int(rng.choice(np.flatnonzero(observation["action_mask"])))
            env.step(action)
            done += 1
    return done


def gymnasium_env(steps: int) -> int:
    import gymnasium
    import numpy as np

    import castle_combo.adapters.gymnasium  # noqa: F401 (registers the environment)

    env = gymnasium.make("castle_combo/CastleCombo-v0", opponents=["random"])
    rng = np.random.default_rng(1)
    done, seed = 0, 0
    while done < steps:
        _, info = env.reset(seed=seed)
        seed += 1
        before = env.unwrapped.game.history
        while True:
            _, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            if terminated or truncated:
                break
        done += len(env.unwrapped.game.history) - len(before)
    return done


def openspiel_game(steps: int) -> int:
    import numpy as np
    import pyspiel
    from open_spiel.python.observation import make_observation

    import castle_combo.adapters.openspiel  # noqa: F401 (registers the game)

    game = pyspiel.load_game("python_castle_combo", {"players": 2})
    observer = make_observation(game)  # made once, as OpenSpiel's own Python algorithms do
    rng = np.random.default_rng(1)
    done = 0
    while done < steps:
        state = game.new_initial_state()
        while not state.is_terminal():
            observer.set_from(state, state.current_player())
            state.apply_action(int(rng.choice(state.legal_actions())))
            done += 1
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=5000, help="steps per measurement (default 5000)")
    args = parser.parse_args(argv)
    try:
        import gymnasium  # noqa: F401
        import numpy  # noqa: F401
        import pettingzoo  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError as error:
        print(f"the rl extra is missing ({error}): pip install -e '.[rl]'", file=sys.stderr)
        return 2
    print(f"random legal actions, 2 players, about {args.steps:,} steps each")
    raw = rate("raw engine", raw_engine, args.steps, None)
    rate("engine + mask + observation vector", engine_with_tensors, args.steps, raw)
    rate("PettingZoo AEC env (wrapped)", pettingzoo_env, args.steps, raw)
    rate("Gymnasium env against a random bot", gymnasium_env, args.steps, raw)
    rate("OpenSpiel game + observation tensor", openspiel_game, args.steps, raw)
    return 0


if __name__ == "__main__":
    sys.exit(main())
