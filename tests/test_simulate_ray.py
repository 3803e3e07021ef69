"""The Ray backend: games as Ray tasks give exactly the results of one process, and Ray never runs unguarded.

These tests start a local Ray of 2 CPUs (about four seconds, once for the
module, plus once for the command line, which starts and stops its own in a
process of its own). Ray is the optional extra ``castle-combo[ray]``: without
it they are skipped, except where ``CASTLE_COMBO_REQUIRE_EXTRAS`` is set (CI
installs the extra and sets it), so a broken Ray set-up cannot pass unseen.
The tests of the set-up itself (the environment, old versions) use a stand-in
for Ray and need nothing installed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

import castle_combo as cc
from castle_combo.bots import backends
from castle_combo.bots.backends import BackendError, RayCluster
from castle_combo.bots.simulate import simulate

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
    """A local Ray started by the backend itself, as a simulation starts it."""
    assert ray is not None, "CASTLE_COMBO_REQUIRE_EXTRAS is set but Ray is not installed"
    with RayCluster(cpus=2).connected() as connected:
        yield connected


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


#: Asks the GCS of a Ray for its keys, as any client would; prints the error's type if it is refused.
GCS_PROBE = """
import sys
from ray._raylet import GcsClient
try:
    GcsClient(address=sys.argv[1]).internal_kv_keys(b"", None, timeout=10)
    print("ANSWERED")
except Exception as error:
    print("REFUSED", type(error).__name__)
"""


def probe_gcs(address: str, **auth: str) -> str:
    """What a client with only the environment ``auth`` (RAY_AUTH_MODE, RAY_AUTH_TOKEN) gets from the GCS."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")} | auth
    done = subprocess.run([sys.executable, "-c", GCS_PROBE, address], env=env, capture_output=True, text=True,
                          timeout=60)
    return done.stdout.strip()


@needs_ray
def test_a_local_ray_runs_with_token_authentication_and_refuses_a_client_without_its_token(local_ray: Any) -> None:
    """The regression of the remote code execution: the local Ray's ports answer only to its own token."""
    assert backends.token_auth_on()
    assert os.environ["RAY_AUTH_MODE"] == "token"
    token = os.environ["RAY_AUTH_TOKEN"]
    assert len(token) == 64 and token != os.environ.get("CASTLE_COMBO_TEST_TOKEN")
    gcs = local_ray.get_runtime_context().gcs_address
    assert probe_gcs(gcs) == "REFUSED AuthenticationError"
    assert probe_gcs(gcs, RAY_AUTH_MODE="disabled") == "REFUSED AuthenticationError"
    assert probe_gcs(gcs, RAY_AUTH_MODE="token", RAY_AUTH_TOKEN="0" * 64) == "REFUSED AuthenticationError"
    assert probe_gcs(gcs, RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=token) == "ANSWERED"


@needs_ray
def test_json_output_stays_pure_while_a_local_ray_logs_to_standard_output() -> None:
    """With Ray's logging turned up, its servers write log lines to the command's standard output."""
    env = os.environ | {"RAY_LOG_TO_STDERR": "1", "RAY_BACKEND_LOG_LEVEL": "debug", "RAY_LOGGING_LEVEL": "DEBUG"}
    env = {k: v for k, v in env.items() if k not in ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN")}
    argv = ["simulate", "--bots", "greedy,random", "--games", "8", "--seed", "3", "--json"]
    done = subprocess.run([sys.executable, "-m", "castle_combo.cli", *argv, "--backend", "ray", "--jobs", "2"],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "gcs_server" in done.stderr  # Ray did talk, on standard error
    serial = subprocess.run([sys.executable, "-m", "castle_combo.cli", *argv, "--jobs", "1"], capture_output=True,
                            text=True, timeout=120)
    assert json.loads(done.stdout) == json.loads(serial.stdout)


class StandInRay:
    """Just enough of the ``ray`` module for the backend's set-up: records what ``init`` was given and saw."""

    def __init__(self, version: str = "2.60.0") -> None:
        self.__version__ = version
        self.started = False
        self.seen: dict[str, Any] = {}
        self.exceptions = type("exceptions", (), {"AuthenticationError": type("AuthenticationError", (Exception,),
                                                                              {})})

    def is_initialized(self) -> bool:
        return self.started

    def init(self, **options: Any) -> None:
        self.started = True
        self.seen = {"options": options, "mode": os.environ.get("RAY_AUTH_MODE"),
                     "token": os.environ.get("RAY_AUTH_TOKEN"), "telemetry": os.environ.get("RAY_USAGE_STATS_ENABLED")}

    def shutdown(self) -> None:
        self.started = False


@pytest.fixture()
def stand_in(monkeypatch: pytest.MonkeyPatch) -> StandInRay:
    fake = StandInRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    monkeypatch.setattr(backends, "token_auth_on", lambda: os.environ.get("RAY_AUTH_MODE") == "token")
    for name in ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_USAGE_STATS_ENABLED", "RAY_ADDRESS"):
        monkeypatch.delenv(name, raising=False)
    return fake


def test_a_local_ray_gets_token_authentication_a_fresh_token_and_no_dashboard(stand_in: StandInRay) -> None:
    tokens = set()
    for _ in range(2):
        with RayCluster(cpus=1).connected():
            pass
        assert stand_in.seen["mode"] == "token" and stand_in.seen["telemetry"] == "0"
        assert stand_in.seen["options"]["include_dashboard"] is False
        tokens.add(stand_in.seen["token"])
    assert len(tokens) == 2 and all(len(token) == 64 for token in tokens)
    assert not stand_in.started
    assert not {"RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_USAGE_STATS_ENABLED"} & set(os.environ)  # put back


def test_a_cluster_is_joined_with_token_authentication_and_this_machines_own_token(
    stand_in: StandInRay, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backends, "_check_reachable", lambda address: None)
    monkeypatch.setenv("RAY_AUTH_TOKEN", "the-clusters-token")
    with RayCluster("10.0.0.1:6379").connected():
        pass
    assert stand_in.seen["mode"] == "token" and stand_in.seen["token"] == "the-clusters-token"
    assert stand_in.seen["options"] == {"address": "10.0.0.1:6379", "log_to_driver": False, "configure_logging": False}


@pytest.mark.parametrize("mode", ["disabled", "DISABLED", "", "anything"])
def test_token_authentication_switched_off_in_the_environment_is_refused_not_obeyed(
    stand_in: StandInRay, monkeypatch: pytest.MonkeyPatch, mode: str
) -> None:
    monkeypatch.setenv("RAY_AUTH_MODE", mode)
    with pytest.raises(BackendError, match="only with token authentication"):
        simulate(["random"], games=2, backend="ray")
    assert not stand_in.started


@pytest.mark.parametrize("address", ["127.0.0.1:1", "auto"])
def test_ray_address_in_the_environment_without_an_address_is_refused_not_joined(
    stand_in: StandInRay, monkeypatch: pytest.MonkeyPatch, address: str
) -> None:
    """Ray joined RAY_ADDRESS's cluster where a local Ray was meant, and failed with Ray's own words (fuzz campaign)."""
    monkeypatch.setenv("RAY_ADDRESS", address)
    with pytest.raises(BackendError, match=f"(?s)RAY_ADDRESS={address} is set, but no cluster address was given.*"
                                           f"give --address {address} to use that cluster"):
        simulate(["random"], games=2, backend="ray")
    assert not stand_in.started
    monkeypatch.setenv("RAY_ADDRESS", " ")  # empty: a local Ray, as without it
    with RayCluster(cpus=1).connected():
        assert stand_in.started


def test_a_ray_older_than_token_authentication_is_refused(stand_in: StandInRay) -> None:
    stand_in.__version__ = "2.9.3"
    with pytest.raises(BackendError, match=r"Ray 2.9.3 has no token authentication.*Ray 2.52 or later"):
        simulate(["random"], games=2, backend="ray")
    assert not stand_in.started


def test_a_ray_this_process_runs_without_token_authentication_is_not_used(
    stand_in: StandInRay, monkeypatch: pytest.MonkeyPatch
) -> None:
    stand_in.started = True
    monkeypatch.setattr(backends, "token_auth_on", lambda: False)
    with pytest.raises(BackendError, match="already runs a Ray without token authentication"):
        simulate(["random"], games=2, backend="ray")


def test_without_ray_the_backend_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # "import ray" now fails, as without the extra
    with pytest.raises(BackendError, match=r"pip install 'castle-combo\[ray\]'"):
        simulate(["random"], games=2, backend="ray")


def test_an_address_that_is_not_one_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(cc.CastleComboError, match="--address names a Ray cluster: add --backend ray"):
        from castle_combo.cli.simulate import check_run_options

        check_run_options(type("Args", (), {"players": 2, "games": 1, "jobs": 1, "address": "x:1", "backend": "processes"})())
