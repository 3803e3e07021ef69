"""Simulations at scale and under faults: bounded memory, prompt Ctrl-C, capped jobs, safe records.

Each test is one finding of an adversarial pass: a run of millions of games
queued every game up front, Ctrl-C waited for every remaining game,
``--jobs 100000`` started hundreds of processes, a full disk left a 0-byte
record and lost the report, and a second run silently mixed its records with
the first's.
"""

from __future__ import annotations

import errno
import itertools
import os
import time
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo.bots.backends import PacedBatches, Processes, batches, cpu_count
from castle_combo.bots.simulate import GameOutcome, SimulationError, SimulationInterrupted, simulate
from castle_combo.cli import main


def _square(context: int, start: int, stop: int) -> list[int]:
    return [context * i * i for i in range(start, stop)]


def test_batches_cover_every_game_once_in_order() -> None:
    for games, workers in ((1, 1), (7, 2), (1000, 2), (100_000, 8)):
        ranges = list(batches(games, workers))
        assert [i for start, stop in ranges for i in range(start, stop)] == list(range(games))
        assert max(stop - start for start, stop in ranges) <= 64


def test_paced_batches_cover_every_game_once_in_order_and_grow_with_the_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter(itertools.count(0.0, 0.001))  # every reading of the clock a millisecond after the last
    monkeypatch.setattr(time, "perf_counter", lambda: next(clock))
    work = PacedBatches(100_000, 2, seconds=0.2, largest=1024)
    ranges = []
    for start, stop in work:
        ranges.append((start, stop))
        work.done(stop - start)  # each batch finished a millisecond later: thousands of games a second
    assert [i for start, stop in ranges for i in range(start, stop)] == list(range(100_000))
    sizes = [stop - start for start, stop in ranges]
    assert sizes[0] == 64  # the first batch is batches()'s, before any pace is known
    assert max(sizes) == 1024  # quick games: the largest batches, not hundreds of 64
    assert sizes[-1] == 1  # the last ones shrink with a worker's share of the games left


def test_slow_games_go_one_or_a_few_to_a_batch() -> None:
    work = PacedBatches(400, 2, seconds=0.2)
    first = next(iter(work))
    work._started = time.perf_counter() - 10.0  # two games took ten seconds
    work.done(2)
    assert first == (0, 25) and work.size(25) == 1


@pytest.mark.parametrize("jobs", [1, 2])
def test_work_is_taken_lazily_so_memory_stays_bounded(jobs: int) -> None:
    """A run of a billion games must not queue them all: the backend reads the work as it goes."""
    taken = itertools.count()
    endless = ((i, i + 1) for i in taken)  # as long as you like: only what is in flight is ever read
    results = Processes(jobs, window=2).run(_square, 3, endless)
    first = [next(results) for _ in range(5)]
    results.close()  # the caller stops: the workers are stopped too
    assert first == [[0], [3], [12], [27], [48]]
    assert next(taken) <= 5 + jobs * 2 + 1


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_stops_promptly_and_keeps_the_games_finished(jobs: int) -> None:
    seen: list[int] = []

    def interrupt_after_three(outcome: GameOutcome) -> None:
        seen.append(outcome.index)
        if len(seen) == 3:
            raise KeyboardInterrupt

    started = time.perf_counter()
    with pytest.raises(SimulationInterrupted) as stop:
        simulate(["greedy", "random"], games=400, seed=2, jobs=jobs, progress=interrupt_after_three)
    assert time.perf_counter() - started < 30  # not the time of 400 games
    partial = stop.value.partial
    assert partial.interrupted and partial.games == 3 and seen == [0, 1, 2]
    assert partial.to_json()["interrupted"] is True
    complete = simulate(["greedy", "random"], games=3, seed=2)
    assert partial.totals == complete.totals  # the same games, folded the same way


def test_jobs_beyond_the_cpus_are_capped_and_the_cli_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    result = simulate(["random"], games=4, seed=1, jobs=100_000)
    assert result.jobs == min(cpu_count(), 4)
    assert main(["simulate", "--bots", "random", "--games", "2", "--jobs", "100000", "--json"]) == 0
    assert f"note: --jobs 100000 capped at {cpu_count()}" in capsys.readouterr().err


def test_a_full_disk_leaves_no_truncated_record_names_the_file_and_keeps_the_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_fdopen = os.fdopen
    written: list[str] = []

    def full_after_one(fd: int, *args: object, **kw: object) -> object:
        stream = real_fdopen(fd, *args, **kw)  # type: ignore[call-overload]
        if written:
            stream.close()
            raise OSError(errno.ENOSPC, "No space left on device")
        written.append("one")
        return stream

    monkeypatch.setattr(os, "fdopen", full_after_one)
    folder = tmp_path / "records"
    status = main(["simulate", "--bots", "greedy,random", "--games", "3", "--jobs", "1", "--save", str(folder)])
    out, err = capsys.readouterr()
    assert status == 2
    assert "cannot write" in err and "game-00002.json" in err and "No space left" in err
    assert "win rate" in out  # the report was printed all the same
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == ["game-00001.json"] and files[0].stat().st_size > 0


def test_saving_into_a_folder_of_earlier_records_is_refused_unless_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "records"
    simulate(["random"], games=3, seed=1, save=folder)
    with pytest.raises(SimulationError, match="already holds 3 game records of an earlier run"):
        simulate(["random"], games=2, seed=2, save=folder)
    assert main(["simulate", "--bots", "random", "--games", "2", "--save", str(folder), "--json"]) == 2
    assert "--overwrite" in capsys.readouterr().err
    simulate(["random"], games=2, seed=2, save=folder, overwrite=True)
    assert len(list(folder.glob("game-*.json"))) == 2


def test_the_cli_speaks_in_options_and_the_library_in_parameters(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "7", "--bots", "random"]) == 2
    assert "--players must be between 2 and 5, got 7" in capsys.readouterr().err
    with pytest.raises(SimulationError, match="^players must be a number from 2 to 5, got 7$"):
        simulate(["random"], players=7)


class _Peeker:
    """A bot that says it needs no view, and records what it was given."""

    name = "peeker"
    needs_view = False

    def __init__(self) -> None:
        self.viewers: set[int | None] = set()

    def choose(self, view: cc.GameState, rng: object) -> cc.Action:
        self.viewers.add(view.viewer)
        return view.legal_actions()[0]


def test_a_bot_that_needs_no_view_gets_the_state_and_the_others_still_get_views() -> None:
    from castle_combo.bots.random_agent import RandomAgent

    assert RandomAgent.needs_view is False
    peeker = _Peeker()
    simulate([peeker, "random"], games=2, seed=1)
    assert peeker.viewers == {None}
    peeker.needs_view = True  # type: ignore[misc]
    simulate([peeker, "random"], games=2, seed=1)
    assert peeker.viewers == {None, 0, 1}
