"""The Ray backend: games as Ray tasks give exactly the results of one process.

These tests start a local Ray of 2 CPUs (about four seconds, once for the
module, plus once for the command line, which starts and stops its own).
Ray is the optional extra ``castle-combo[ray]``: without it they are skipped,
except where ``CASTLE_COMBO_REQUIRE_EXTRAS`` is set (CI installs the extra and
sets it), so a broken Ray set-up cannot pass unseen.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

import castle_combo as cc
from castle_combo.bots.backends import BackendError
from castle_combo.bots.simulate import simulate
from castle_combo.cli import main

try:
    import ray
except ImportError:  # pragma: no cover - depends on the extras installed
    ray = None

needs_ray = pytest.mark.skipif(
    ray is None and not os.environ.get("CASTLE_COMBO_REQUIRE_EXTRAS"),
    reason="Ray is not installed (pip install 'castle-combo[ray]')",
)


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    assert ray is not None, "CASTLE_COMBO_REQUIRE_EXTRAS is set but Ray is not installed"
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield ray
    ray.shutdown()


@needs_ray
def test_ray_gives_exactly_the_results_of_one_process(local_ray: Any) -> None:
    on_ray = simulate(["greedy", "random", "random"], players=3, games=20, seed=11, backend="ray")
    serial = simulate(["greedy", "random", "random"], players=3, games=20, seed=11, jobs=1)
    assert on_ray == serial and on_ray.outcomes == serial.outcomes


@needs_ray
def test_ray_plays_the_expansion_and_feeds_the_progress_from_its_tasks(local_ray: Any) -> None:
    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    seen: list[int] = []
    on_ray = simulate(["greedy", "random"], games=12, seed=5, rules=rules, backend="ray",
                      progress=lambda outcome: seen.append(outcome.index))
    assert seen == list(range(12))
    assert on_ray == simulate(["greedy", "random"], games=12, seed=5, rules=rules)


def test_an_address_nothing_answers_at_is_refused_at_once() -> None:
    """Ray itself would retry for minutes; the backend checks the address first."""
    from castle_combo.bots.backends import _check_reachable

    started = time.perf_counter()
    with pytest.raises(BackendError, match="cannot reach the Ray cluster at 127.0.0.1:1"):
        _check_reachable("127.0.0.1:1")
    with pytest.raises(BackendError, match="'nonsense' is not a Ray address; write HOST:PORT"):
        _check_reachable("nonsense")
    assert time.perf_counter() - started < 10


@needs_ray
def test_the_command_line_starts_a_local_ray_and_matches_one_job(capsys: pytest.CaptureFixture[str]) -> None:
    if ray is not None and ray.is_initialized():
        ray.shutdown()  # the command must start (and stop) its own
    argv = ["simulate", "--bots", "greedy,random", "--games", "8", "--seed", "3", "--json"]
    assert main([*argv, "--backend", "ray", "--jobs", "2"]) == 0
    on_ray = json.loads(capsys.readouterr().out)
    assert main([*argv, "--jobs", "1"]) == 0
    assert on_ray == json.loads(capsys.readouterr().out)
    assert ray is not None and not ray.is_initialized()


def test_without_ray_the_backend_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # "import ray" now fails, as without the extra
    with pytest.raises(BackendError, match=r"pip install 'castle-combo\[ray\]'"):
        simulate(["random"], games=2, backend="ray")


def test_an_address_that_is_not_one_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(cc.CastleComboError, match="--address names a Ray cluster: add --backend ray"):
        from castle_combo.cli.simulate import check_run_options

        check_run_options(type("Args", (), {"players": 2, "games": 1, "jobs": 1, "address": "x:1", "backend": "processes"})())
