"""The benchmark scripts run: each is started with tiny arguments, so none can rot unnoticed.

They measure speed and strength on full-size runs by hand (numbers on the
performance page); here only that they work end to end and say what they
measured is checked, never how fast anything was.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"


def _script(name: str) -> ModuleType:
    """A script loaded as a module, to test its helper functions."""
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("name", "argv", "expected"),
    [
        ("soak", ["--games", "8"], "all invariants held"),
        ("differential_soak", ["--games", "4"], "mismatches: 0"),
        ("strength", ["--games", "2", "--jobs", "1", "--mcts", "mcts:4"], "greedy vs random:"),
        ("bench_agents", ["--games", "1", "--sim-games", "2", "--mcts", "mcts:4"], "simulate throughput:"),
        ("tune_mcts", ["--games", "2", "--jobs", "1", "iterations=4", "rounds=1"], "MCTS against greedy:"),
        ("compare_engines", ["--base", "HEAD", "--rounds", "1", "--seconds", "0.05"], "ratio"),
        ("bench_simulate", ["--games", "20", "--greedy-games", "4", "--no-ray"], "raw loop"),
        ("differential_soak", ["--games", "2", "--only", "oubliette"], "mismatches: 0"),
        ("balance_constructs", ["--games", "2", "--jobs", "1", "--seeds", "1", "2", "--base", "HEAD"],
         "all 2 seeds pooled"),
        ("bench_agents", ["--games", "1", "--sim-games", "2", "--mcts", "random", "--cards", "benchmarks/constructs",
                          "--base", "HEAD"], "commit HEAD"),
        ("fuzz_campaign", ["--quick"], "no crash, hang or leak"),
        ("bench_fan_cards", ["--games", "4", "--batch", "2"], "fan / standard:"),
        ("game_budget", ["--games", "20", "--rounds", "1"], "floor of a take"),
    ],
)
def test_a_benchmark_script_runs_and_reports(name: str, argv: list[str], expected: str) -> None:
    """Run as the reader runs it: ``python benchmarks/NAME.py ...`` from the repository root."""
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / f"{name}.py"), *argv],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert expected in done.stdout, done.stderr
    assert "Traceback" not in done.stderr
    assert done.returncode in (0, 1)  # strength exits 1 when a target is missed, which two games cannot show


def test_balance_constructs_compares_with_the_commit_its_docstring_names_which_reads_the_construct_cards() -> None:
    """The docstring's ``--base 93386de`` could not read the cards' ``you may pay ...``: the run failed."""
    script = _script("balance_constructs")
    before = script.BEFORE_THE_BOTS
    assert f"--base {before}" in (script.__doc__ or "")
    known = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{before}^{{commit}}"], capture_output=True,
                           check=False)
    if known.returncode != 0:
        pytest.skip(f"commit {before} is not in this clone (a shallow one?)")
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "balance_constructs.py"), "--games", "1", "--jobs", "1", "--base", before],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert f"commit {before}: baseline win share" in done.stdout, done.stderr
    assert "balance failed" not in done.stderr and "Traceback" not in done.stderr


def test_tune_mcts_reads_settings_of_every_type() -> None:
    parse = _script("tune_mcts").parse_setting
    assert parse("rounds=3") == ("rounds", 3)
    assert parse("exploration=0.5") == ("exploration", 0.5)
    assert parse("opponent_keys=false") == ("opponent_keys", False)
    assert parse("max_positions=none") == ("max_positions", None)


@pytest.mark.parametrize("text", ["rounds", "depth=2", "rounds=two", "opponent_keys=maybe"])
def test_tune_mcts_refuses_a_bad_setting_with_the_accepted_form(text: str) -> None:
    import argparse

    with pytest.raises(argparse.ArgumentTypeError):
        _script("tune_mcts").parse_setting(text)


@pytest.mark.skipif(importlib.util.find_spec("ray") is None and os.environ.get("CASTLE_COMBO_REQUIRE_EXTRAS") != "1",
                    reason="Ray is not installed (pip install 'castle-combo[ray]'): bench_simulate's Ray run needs it")
def test_bench_simulate_measures_ray_started_as_the_library_starts_it_with_token_authentication() -> None:
    """The script set ``RAY_AUTH_MODE=disabled`` and started Ray itself, which Ray now refuses (and ran unguarded)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    argv = [sys.executable, str(BENCHMARKS / "bench_simulate.py"), "--games", "20", "--greedy-games", "4"]
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "simulate random vs random, Ray (2 CPUs):" in done.stdout
    assert "simulate greedy vs random, Ray (2 CPUs):" in done.stdout
    assert "Traceback" not in done.stderr
    refused = subprocess.run(argv, cwd=ROOT, env=env | {"RAY_AUTH_MODE": "disabled"}, capture_output=True, text=True,
                             timeout=600, check=False)
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert "ray: not measured: RAY_AUTH_MODE=disabled is set, but castle-combo runs Ray only with token" in \
        refused.stdout


def test_ray_ports_counts_and_names_the_ports_it_could_not_probe() -> None:
    """Without grpcio it probed 2 of 6 ports and still printed '0 answered a client without the token'."""
    summary = _script("ray_ports").summary
    text, status = summary(6, 6, 2, 0, [(35537, "driver"), (37777, "raylet"), (41361, "raylet"), (44051, "worker")])
    assert "6 ports, 6 beyond loopback; 2 probed, of which 0 answered a client without the token" in text
    assert "INCOMPLETE: 4 of 6 ports not probed, so not known to refuse a client without the token: 35537 (driver)" \
        in text and "pip install grpcio" in text
    assert status == 2
    assert summary(6, 6, 6, 0, []) == (summary(6, 6, 6, 0, [])[0], 0)
    assert "INCOMPLETE" not in summary(6, 6, 6, 0, [])[0]
    assert summary(6, 6, 5, 1, [(1, "x")])[1] == 1  # a port that answers without the token outranks the rest


def test_count_instructions_says_what_it_needs_when_valgrind_is_missing(monkeypatch: pytest.MonkeyPatch,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Counting instructions needs Valgrind (a full run takes minutes under it, so the suite runs none)."""
    script = _script("count_instructions")
    monkeypatch.setattr(script.shutil, "which", lambda name: None)
    assert script.main(["--games", "1"]) == 2
    assert "valgrind is not installed" in capsys.readouterr().err


def test_fit_position_value_fits_the_games_of_another_policy_and_says_so_in_the_file(tmp_path: Path) -> None:
    out = tmp_path / "value.json"
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "fit_position_value.py"), "--games", "6", "--holdout", "2",
         "--policy", "mcts:4", "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert f"written to {out}" in done.stdout
    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["command"].endswith("--policy mcts:4") and "from mcts:4 games" in document["about"]
    refused = subprocess.run(
        [sys.executable, str(BENCHMARKS / "fit_position_value.py"), "--policy", "nosuch", "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False,
    )
    assert refused.returncode == 2 and "--policy: unknown bot 'nosuch'" in refused.stderr
    assert "Traceback" not in refused.stderr
