"""Simulations: seats rotate, games are seeded by index, parallel runs equal serial ones."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo.bots.registry import UnknownAgentError
from castle_combo.bots.simulate import SimulationError, derive_seed, lineup, seat_of_slot, simulate


def test_bots_are_cycled_when_fewer_than_players() -> None:
    assert lineup(["greedy", "random"], 5) == ("greedy", "random", "greedy", "random", "greedy")


def test_more_bots_than_players_is_refused() -> None:
    with pytest.raises(SimulationError, match="3 bots for 2 players"):
        lineup(["greedy", "random", "mcts"], 2)


def test_an_unknown_bot_is_refused_before_any_game_is_played() -> None:
    with pytest.raises(UnknownAgentError, match="did you mean 'random'"):
        simulate(["greedy", "randon"], games=1)


@pytest.mark.parametrize("field, value, message", [
    ("players", 6, "^players must be a number from 2 to 5, got 6$"),
    ("games", 0, "^games must be a whole number of at least 1, got 0$"),
    ("jobs", 0, "^jobs must be a whole number of at least 1, got 0$"),
])
def test_impossible_simulations_are_refused_in_pythons_words(field: str, value: int, message: str) -> None:
    """The library speaks Python: its errors name its parameters, never the command line's options."""
    with pytest.raises(SimulationError, match=message):
        simulate(["random"], **{field: value})


def test_seats_rotate_between_games_so_every_bot_starts_in_turn() -> None:
    players = 3
    starters = [[slot for slot in range(players) if seat_of_slot(slot, game, players) == 0][0] for game in range(6)]
    assert starters == [0, 2, 1, 0, 2, 1]
    result = simulate(["random", "greedy", "random"], players=players, games=3, seed=4)
    assert [o.seats for o in result.outcomes] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]


def test_game_seeds_depend_only_on_the_simulation_seed_and_the_game_index() -> None:
    assert derive_seed(1, 5, "deal") == derive_seed(1, 5, "deal")
    assert len({derive_seed(1, i, "deal") for i in range(100)}) == 100
    assert derive_seed(1, 5, "deal") != derive_seed(2, 5, "deal")


def test_the_same_seed_gives_the_same_simulation() -> None:
    first = simulate(["greedy", "random"], games=4, seed=9)
    again = simulate(["greedy", "random"], games=4, seed=9)
    assert first == again
    assert simulate(["greedy", "random"], games=4, seed=10) != first


def test_parallel_jobs_give_exactly_the_serial_results() -> None:
    serial = simulate(["greedy", "random", "random"], players=3, games=6, seed=3, jobs=1)
    parallel = simulate(["greedy", "random", "random"], players=3, games=6, seed=3, jobs=2)
    assert parallel == serial
    assert parallel.to_json() == serial.to_json()


def test_json_has_one_entry_per_bot_in_bots_order_and_counts_shared_wins_for_each() -> None:
    result = simulate(["random", "greedy"], games=6, seed=2)
    document = result.to_json()
    assert document["games"] == 6
    assert [seat["bot"] for seat in document["seats"]] == ["random", "greedy"]
    wins = [sum(1 for o in result.outcomes if slot in o.winners) for slot in range(2)]
    assert [seat["wins"] for seat in document["seats"]] == wins
    assert sum(wins) == 6 + document["shared_wins"]
    for slot, seat in enumerate(document["seats"]):
        mean = sum(o.scores[slot] for o in result.outcomes) / 6
        assert seat["mean_score"] == pytest.approx(mean, abs=1e-3)


def test_the_winners_tally_counts_only_face_up_cards_of_winning_tableaux() -> None:
    result = simulate(["greedy", "random"], games=5, seed=1)
    tallies = result.winner_cards(top=100)
    winners = sum(len(o.winners) for o in result.outcomes)
    for tally in tallies:
        in_winners = sum(
            tally.card in o.cards[slot] for o in result.outcomes for slot in o.winners
        )
        assert tally.by_winners == in_winners
        assert tally.share_of_winners == pytest.approx(in_winners / winners)
    counts = [t.by_winners for t in tallies]
    assert counts == sorted(counts, reverse=True)


def test_saved_records_replay_to_the_same_scores(tmp_path: Path) -> None:
    result = simulate(["greedy", "random"], games=3, seed=5, save=tmp_path)
    files = sorted(tmp_path.glob("game-*.json"))
    assert len(files) == 3
    for path, outcome in zip(files, result.outcomes, strict=True):
        final = cc.replay(json.loads(path.read_text(encoding="utf-8")))
        sheets = final.scores()
        assert tuple(sheets[seat].total for seat in outcome.seats) == outcome.scores


class _FirstLegal:
    """A bot of the user's own: always the first legal action."""

    name = "first-legal"

    def choose(self, view: cc.GameState, rng: random.Random) -> cc.Action:
        return view.legal_actions()[0]


def test_a_bot_of_your_own_is_simulated_like_a_built_in_one() -> None:
    result = simulate([_FirstLegal(), "greedy"], games=4, seed=3)
    assert result.bots == ("first-legal", "greedy")
    assert sum(s.wins for s in result.summaries()) >= 4
    assert result == simulate([_FirstLegal(), "greedy"], games=4, seed=3)


def test_an_agent_object_gives_the_results_of_its_spec() -> None:
    from castle_combo.bots import GreedyAgent

    by_object = simulate([GreedyAgent(), "random"], games=4, seed=8, jobs=2)
    by_name = simulate(["greedy", "random"], games=4, seed=8)
    assert by_object.outcomes == by_name.outcomes


def test_a_bot_that_cannot_reach_worker_processes_is_refused_clearly() -> None:
    class Local(_FirstLegal):
        pass

    with pytest.raises(SimulationError, match="cannot be sent to worker processes.*module level, or use jobs=1"):
        simulate([Local(), "greedy"], games=2, jobs=2)
    assert simulate([Local(), "greedy"], games=2, jobs=1).games == 2


def test_something_that_is_not_a_bot_is_refused_with_the_fix() -> None:
    with pytest.raises(SimulationError, match="42 is not a bot: give a bot name such as 'greedy'"):
        simulate([42, "greedy"], games=1)  # type: ignore[list-item]


class _Cheater:
    """A broken bot: from its second card on, it puts every card on its first one, at (0, 0)."""

    name = "cheater"

    def choose(self, view: cc.GameState, rng: random.Random) -> cc.Action:
        actions = view.legal_actions()
        take = next((a for a in actions if isinstance(a, cc.Take)), None)
        if take is None or not view.players[view.current_player].tableau:
            return actions[0]
        return cc.Take(take.card, (0, 0), take.face_down)


def test_a_bot_that_breaks_the_rules_is_named_with_its_game_and_seed() -> None:
    with pytest.raises(SimulationError, match=r"bot 'cheater' \(seat \d\) chose an illegal action in game 0 \(seed 5\): "):
        simulate([_Cheater(), "greedy"], games=1, seed=5)
