"""The reinforcement-learning adapters pass their frameworks' own checks (extra ``castle-combo[rl]``).

Skipped with the reason when the extra is missing, unless
``CASTLE_COMBO_REQUIRE_EXTRAS=1`` (as in CI, which installs it): then they fail.
"""

from __future__ import annotations

import importlib
import os
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import castle_combo as cc
from castle_combo.errors import EncodingError


def need(module: str) -> Any:
    if os.environ.get("CASTLE_COMBO_REQUIRE_EXTRAS") == "1":
        return importlib.import_module(module)
    return pytest.importorskip(module, reason=f"{module} is not installed (pip install 'castle-combo[rl]')")


np = need("numpy")
OUBLIETTE = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")


def random_states(players: int, seed: int, rules: cc.Ruleset | None = None) -> list[cc.GameState]:
    state = cc.new_game(players=players, seed=seed, rules=rules or cc.Ruleset.standard())
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), expansion=st.booleans())
def test_every_legal_action_encodes_to_one_integer_and_back(players: int, seed: int, expansion: bool) -> None:
    from castle_combo.adapters.encoding import ActionSpace

    rules = OUBLIETTE if expansion else cc.Ruleset.standard()
    space = ActionSpace(rules, players)
    for state in random_states(players, seed, rules):
        legal = state.legal_actions()
        codes = space.legal(state)
        assert len(set(codes)) == len(legal) and all(0 <= c < space.size for c in codes)
        assert [space.decode(c) for c in codes] == list(legal)
        assert int(space.mask(state).sum()) == len(legal)


def test_every_integer_decodes_to_an_action_that_encodes_back() -> None:
    from castle_combo.adapters.encoding import ActionSpace, EncodingError

    space = ActionSpace(OUBLIETTE, 3)
    for index in range(space.size):
        assert space.encode(space.decode(index)) == index
    with pytest.raises(EncodingError):
        space.decode(space.size)
    with pytest.raises(EncodingError):
        space.encode(cc.Take("Nun", (3, 0)))


def test_the_observation_never_shows_the_decks_order() -> None:
    from castle_combo.adapters.encoding import ActionSpace

    rules = cc.Ruleset.standard()
    castle = [c.name for c in rules.deck(cc.Deck.CASTLE)]
    village = [c.name for c in rules.deck(cc.Deck.VILLAGE)]
    one = cc.new_game(players=3, rules=rules, decks={"castle": castle, "village": village})
    other = cc.new_game(players=3, rules=rules, decks={
        "castle": castle[:3] + castle[3:][::-1], "village": village[:3] + village[3:][::-1]})
    space = ActionSpace(rules, 3)
    for seat in range(3):
        assert np.array_equal(space.observe(one, seat), space.observe(other, seat))
    taken = one.apply(one.legal_actions()[-1])
    assert not np.array_equal(space.observe(one, 0), space.observe(taken, 0))


@pytest.mark.parametrize(("players", "expansion"), [(2, False), (3, True), (4, False), (5, True)])
def test_the_pettingzoo_environment_passes_api_test(players: int, expansion: bool) -> None:
    need("pettingzoo")
    from pettingzoo.test import api_test

    from castle_combo.adapters import pettingzoo as ccpz

    api_test(ccpz.env(players=players, rules=OUBLIETTE if expansion else None), num_cycles=200)


def test_the_pettingzoo_environment_passes_seed_test() -> None:
    need("pettingzoo")
    from pettingzoo.test import seed_test

    from castle_combo.adapters import pettingzoo as ccpz

    seed_test(lambda: ccpz.env(players=3, rules=OUBLIETTE), num_cycles=50)


def test_a_pettingzoo_game_ends_with_win_shares_and_renders_as_text() -> None:
    need("pettingzoo")
    from castle_combo.adapters import pettingzoo as ccpz

    env = ccpz.env(players=3, render_mode="ansi")
    env.reset(seed=5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        action = None if termination or truncation else int(np.flatnonzero(observation["action_mask"])[0])
        env.step(action)
    assert sum(totals.values()) == pytest.approx(1.0)
    assert "seat 0:" in env.render()


def test_an_illegal_pettingzoo_action_ends_the_game_with_minus_one() -> None:
    need("pettingzoo")
    from castle_combo.adapters import pettingzoo as ccpz

    env = ccpz.env(players=2)
    env.reset(seed=1)
    observation, *_ = env.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    env.step(illegal)
    assert env.rewards["player_0"] == -1 and all(env.terminations.values())


def test_the_gymnasium_environment_passes_check_env() -> None:
    gymnasium = need("gymnasium")
    from gymnasium.utils.env_checker import check_env

    import castle_combo.adapters.gymnasium  # noqa: F401 (registers the environment)

    for opponents, rules in ((["greedy"], None), (["random", "greedy", "random", "random"], OUBLIETTE)):
        env = gymnasium.make("castle_combo/CastleCombo-v0", opponents=opponents, rules=rules)
        check_env(env.unwrapped, skip_render_check=True)


def test_a_gymnasium_episode_against_bots_ends_with_the_agents_win_share() -> None:
    gymnasium = need("gymnasium")
    import castle_combo.adapters.gymnasium  # noqa: F401

    env = gymnasium.make("castle_combo/CastleCombo-v0", opponents=["random", "random"], seat=1)
    observation, info = env.reset(seed=4)
    rewards = []
    while True:
        action = int(np.flatnonzero(info["action_mask"])[0])
        observation, reward, terminated, truncated, info = env.step(action)
        rewards.append(reward)
        if terminated or truncated:
            break
    assert rewards[-1] in (0.0, 0.5, 1.0 / 3, 1.0) and set(rewards[:-1]) <= {0.0}
    _, info = env.reset(seed=4)
    assert env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))[1:3] == (-1.0, True)


@pytest.mark.parametrize(("players", "expansion"), [(2, ""), (5, "out-of-the-oubliette")])
def test_the_openspiel_game_passes_random_sim_test(players: int, expansion: str) -> None:
    pyspiel = need("pyspiel")
    import castle_combo.adapters.openspiel  # noqa: F401 (registers the game)

    game = pyspiel.load_game("python_castle_combo", {"players": players, "expansion": expansion})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_openspiels_mcts_bot_plays_a_whole_game() -> None:
    pyspiel = need("pyspiel")
    from open_spiel.python.algorithms import mcts

    import castle_combo.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game("python_castle_combo", {"players": 2, "seed": 3})
    bot = mcts.MCTSBot(game, 2.0, 4, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
                       random_state=np.random.RandomState(2))
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])


def openspiel_game(**params: Any) -> Any:
    pyspiel = need("pyspiel")
    import castle_combo.adapters.openspiel  # noqa: F401 (registers the game)

    return pyspiel.load_game("python_castle_combo", params)


def test_openspiel_resamples_with_its_own_probability_sampler_only_what_the_player_cannot_see() -> None:
    pyspiel = need("pyspiel")
    state = openspiel_game(players=2, seed=9).new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.observation_string(0) == state.observation_string(0)
    for seat in (0, 1):
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert np.array_equal(other.information_state_tensor(seat), state.information_state_tensor(seat))
    assert other.game_state.location(cc.Deck.CASTLE).deck != state.game_state.location(cc.Deck.CASTLE).deck


def information(state: Any, seat: int) -> tuple[str, Any]:
    return state.information_state_string(seat), np.asarray(state.information_state_tensor(seat))


def same(a: tuple[str, Any], b: tuple[str, Any]) -> bool:
    assert (a[0] == b[0]) == bool(np.array_equal(a[1], b[1])), "the string and the tensor disagree"
    return a[0] == b[0]


@pytest.mark.parametrize(("players", "expansion"), [(2, ""), (3, "out-of-the-oubliette")])
def test_a_players_information_state_changes_exactly_when_its_information_changes(players: int, expansion: str) -> None:
    """Equal exactly when the player has seen the same things: the same actions and the same cards turned up.

    A state and one resampled from it (the decks dealt again) look the same to
    everyone; playing the same actions on both, each seat's information state
    stays equal exactly as long as every view it has had stays equal: the
    first refill that turns up different cards tells them apart for good.
    The action history alone (the old information state) could not.
    """
    need("pyspiel")
    game = openspiel_game(players=players, seed=4, expansion=expansion)
    rng = random.Random(4)
    sampler = rng.random  # OpenSpiel's sampler protocol: each call a number in [0, 1)
    state = game.new_initial_state()
    diverged = agreed = 0
    while not state.is_terminal():
        before = [information(state, seat) for seat in range(players)]
        twin = state.resample_from_infostate(state.current_player(), sampler)
        assert all(same(information(twin, seat), before[seat]) for seat in range(players))
        seen_here: list[str] = []
        seen_there: list[str] = []
        here, there = state, twin
        for _ in range(12):  # the same actions on both, while both allow them
            if here.is_terminal() or there.is_terminal():
                break
            common = sorted(set(here.legal_actions()) & set(there.legal_actions()))
            if not common:
                break
            quiet = [a for a in common if a >= game.space.key_start and a != game.space.key_start + 1]
            action = rng.choice(quiet if quiet and rng.random() < 0.8 else common)  # often one that shows no card
            here, there = here.child(action), there.child(action)
            seat = rng.randrange(players)
            seen_here.append(cc.dumps(here.game_state.view(seat)))
            seen_there.append(cc.dumps(there.game_state.view(seat)))
            # (each view holds its seat's whole history, so comparing the latest compares them all)
            equal_views = seen_here[-1] == seen_there[-1]
            assert same(information(here, seat), information(there, seat)) == equal_views
            diverged += not equal_views
            agreed += equal_views
        state.apply_action(rng.choice(state.legal_actions()))
        assert not any(same(information(state, seat), before[seat]) for seat in range(players))
    assert diverged and agreed, (diverged, agreed)


@pytest.mark.parametrize(("players", "expansion"), [(2, ""), (3, "out-of-the-oubliette")])
def test_openspiels_information_set_mcts_bot_plays_whole_games_on_the_adapter(players: int, expansion: str) -> None:
    need("pyspiel")
    from open_spiel.python.algorithms import ismcts, mcts

    game = openspiel_game(players=players, seed=7, expansion=expansion)
    bots = [ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(seat)), 2.0, 3,
                             random_state=np.random.RandomState(seat)) for seat in range(players)]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert sum(state.returns()) == pytest.approx(1.0) and max(state.returns()) > 0


def test_the_openspiel_mcts_script_reports_a_win_rate() -> None:
    need("pyspiel")
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[1] / "benchmarks" / "openspiel_mcts.py"
    done = subprocess.run([sys.executable, str(script), "--games", "1", "--simulations", "2", "--ours", "random"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert "OpenSpiel MCTS (2 simulations) vs random: wins" in done.stdout, done.stderr


NOT_ACTIONS = ["2074", True, 3.7, 2.0, float("nan"), None, [5], "legal"]


@pytest.mark.parametrize("action", NOT_ACTIONS + ["numpy float", "numpy bool", "numpy vector", 10**9, -1])
def test_an_action_that_is_not_an_integer_of_the_space_is_an_encoding_error_not_a_move(action: Any) -> None:
    """``int()`` used to turn "2074", True and 3.7 into moves (and nan into a bare ValueError)."""
    gymnasium = need("gymnasium")
    import castle_combo.adapters.gymnasium  # noqa: F401 (registers the environment)
    from castle_combo.adapters import pettingzoo as ccpz

    action = {"numpy float": np.float32(2.0), "numpy bool": np.bool_(True), "numpy vector": np.array([5])}.get(
        action, action) if isinstance(action, str) else action
    aec = ccpz.env(players=2)
    aec.reset(seed=1)
    with pytest.raises(EncodingError, match="player_0"):
        aec.step(action)
    assert not aec.unwrapped.terminations["player_0"] and aec.unwrapped.state.taken == 0
    env = gymnasium.make("castle_combo/CastleCombo-v0", opponents=["random"])
    env.reset(seed=1)
    with pytest.raises(EncodingError, match="an action is an integer|is outside"):
        env.step(action)


def test_numpy_integers_and_0_d_integer_arrays_are_actions() -> None:
    from castle_combo.adapters import pettingzoo as ccpz

    aec = ccpz.env(players=2)
    aec.reset(seed=1)
    legal = int(np.flatnonzero(aec.observe("player_0")["action_mask"])[0])
    aec.step(np.array(legal))
    legal = int(np.flatnonzero(aec.observe("player_1")["action_mask"])[0])
    aec.step(np.int64(legal))
    assert aec.unwrapped.state.taken == 2 or aec.unwrapped.state.pending is not None


class NoRepr:
    """An object whose ``repr`` raises, as a hostile or broken one may."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


@pytest.mark.parametrize("action", [True, 2074.0, "decimal", "fraction", "0-d float array", "object array",
                                    "2074", None, -1, 10**30, "no repr"])
def test_openspiel_refuses_what_is_no_integer_as_an_action_as_the_other_adapters_do(action: Any) -> None:
    """pyspiel's binding turned True, Decimal, Fraction and 0-d arrays into moves (found by the fuzz campaign)."""
    from decimal import Decimal
    from fractions import Fraction

    state = openspiel_game(players=2, seed=1).new_initial_state()
    legal = state.legal_actions()[0]
    action = {"decimal": Decimal(legal), "fraction": Fraction(legal, 1), "0-d float array": np.array(float(legal)),
              "object array": np.array(legal, dtype=object), "no repr": NoRepr()}.get(action, action) \
        if isinstance(action, str) and action != "2074" else action
    with pytest.raises(EncodingError, match="an action is an integer|is outside"):
        state.apply_action(action)
    assert state.history() == []
    state.apply_action(np.int64(legal))
    assert state.history() == [legal]


def test_an_action_whose_repr_raises_is_an_encoding_error_in_every_adapter() -> None:
    """The error message quoted the action with ``repr``, which raised (found by the fuzz campaign)."""
    gymnasium = need("gymnasium")
    import castle_combo.adapters.gymnasium  # noqa: F401 (registers the environment)
    from castle_combo.adapters import pettingzoo as ccpz

    aec = ccpz.env(players=2)
    aec.reset(seed=1)
    with pytest.raises(EncodingError, match="a NoRepr that cannot be shown"):
        aec.step(NoRepr())
    env = gymnasium.make("castle_combo/CastleCombo-v0", opponents=["random"])
    env.reset(seed=1)
    with pytest.raises(EncodingError, match="a NoRepr that cannot be shown"):
        env.step(NoRepr())


def test_the_adapters_deal_from_fresh_128_bit_seeds_when_none_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    """They dealt from 31-bit seeds, which can be found from the opening cards and then tell every deck."""
    gymnasium = need("gymnasium")
    need("pyspiel")
    import castle_combo.adapters.gymnasium as ccgym
    import castle_combo.adapters.openspiel as ccos
    from castle_combo.adapters import pettingzoo as ccpz

    drawn = iter(range(2**127, 2**127 + 100))
    for module in (ccpz, ccgym, ccos):
        monkeypatch.setattr(module, "fresh_seed", lambda: next(drawn))
    aec = ccpz.env(players=2)
    aec.reset()
    aec.reset()
    assert aec.unwrapped.state.origin.seed == 2**127 + 1
    env = gymnasium.make("castle_combo/CastleCombo-v0", opponents=["random"])
    env.reset()
    assert env.unwrapped.game.origin.seed == 2**127 + 2  # then the bot's generator: 2**127 + 3
    state = openspiel_game(players=2).new_initial_state()
    assert state.game_state.origin.seed == 2**127 + 4
    assert cc.new_game(players=2, seed=2**127).origin.seed == 2**127  # such a seed deals as any other


def test_seeded_adapters_deal_exactly_as_before() -> None:
    """With a seed, the deals are what they always were (31-bit draws from the seed's NumPy generator)."""
    gymnasium = need("gymnasium")
    import castle_combo.adapters.gymnasium  # noqa: F401 (registers the environment)
    from castle_combo.adapters import pettingzoo as ccpz

    deals = np.random.default_rng(42)
    aec = ccpz.env(players=2)
    aec.reset(seed=42)
    assert aec.unwrapped.state.origin.seed == int(deals.integers(0, 2**31 - 1))
    aec.reset()  # after a seeded reset, the next deal follows the same generator
    assert aec.unwrapped.state.origin.seed == int(deals.integers(0, 2**31 - 1))
    env = gymnasium.make("castle_combo/CastleCombo-v0", opponents=["random"])
    env.reset(seed=7)
    first = env.unwrapped.game.origin.seed
    env.reset()
    second = env.unwrapped.game.origin.seed
    reference = np.random.Generator(np.random.PCG64(7))  # Gymnasium's own seeding of np_random
    assert first == int(reference.integers(0, 2**31 - 1))
    reference.integers(0, 2**31 - 1)  # the bot's generator
    assert second == int(reference.integers(0, 2**31 - 1))
    game = openspiel_game(players=2, seed=3)
    draws = np.random.default_rng(3)
    assert [game.new_initial_state().game_state.origin.seed for _ in range(3)] == \
        [3, int(draws.integers(0, 2**31 - 1)), int(draws.integers(0, 2**31 - 1))]
