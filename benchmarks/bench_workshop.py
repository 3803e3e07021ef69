"""The Card Workshop page in Debian's Chromium: cold start, typing, balance speed and download size.

Run: ``python benchmarks/bench_workshop.py [--site DIR] [--runs N] [--keys K] [--games G]``.
It builds the docs site into a temporary folder unless ``--site`` names a
built one, serves it on 127.0.0.1 (every request to another host blocked, as
in the browser tests) and prints, with medians over the runs:

* **cold start**: from opening ``workshop/`` in a fresh browser profile (an
  empty cache) to the example card file checked and drawn
  (``workshop.ready``), in seconds (goal: under 5 s);
* **download**: the bytes the server sent for that cold start, file by
  file, and those it sent when the balance worker started its own Python
  (a browser whose cache is on takes most of them from its cache; blocking
  other hosts turns Playwright's cache off, so that part runs unblocked);
* **typing**: for a file of 20 cards (the example expansion's 19 and the
  page's example), the time from a key press in a card to the page redrawn
  with its errors and pictures (``workshop.timings``), over ``K`` key
  presses that change a number of one card's score (goal: under 150 ms),
  with Python's and the drawing's part;
* **balance**: games per second of ``workshop.balance`` in the page's worker
  (after a first short run has started the worker's Python) against
  ``castle-combo balance --jobs 1 --json`` on the same cards, seed and games
  on this machine (the command's time includes starting Python).

Needs Playwright for Python (the ``browser`` extra), Debian's ``chromium``,
and to build the site the ``docs`` extra with Node.js and npm. Nothing here
asserts a time: the numbers are for people (docs/performance.md).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from site_browser import chromium_path, offline_context, serve  # noqa: E402

BYWAYS = ROOT / "examples" / "fan-expansion" / "castle_combo_byways" / "cards"
#: The score line whose number each key press changes (one card's picture changes with it).
SCORE_LINE = "score 8 if at most 2 village banners"


def twenty_cards() -> str:
    """A card file of 20 cards: the example expansion's 19 and the page's example."""
    files = sorted(BYWAYS.glob("*.ccl"))
    return "\n".join(path.read_text(encoding="utf-8") for path in files) + "\n" + \
        (ROOT / "workshop" / "example.ccl").read_text(encoding="utf-8")


def build_site(folder: Path) -> Path:
    """The docs site, built strictly into ``folder``."""
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(folder)],
                   cwd=ROOT, check=True, env={**__import__("os").environ, "NO_MKDOCS_2_WARNING": "1"})
    return folder


def open_page(context: Any, base: str) -> tuple[Any, float]:
    """Open the Workshop; the page and the seconds from navigation to ``workshop.ready``."""
    page = context.new_page()
    page.set_default_timeout(180_000)
    page.goto(f"{base}workshop/")
    page.wait_for_function("window.workshop !== undefined")
    page.evaluate("window.workshop.ready")
    return page, float(page.evaluate("window.workshop.timings.start.ready")) / 1000


def cold_start(base: str, chromium: str, runs: int,
               served: dict[str, int]) -> tuple[list[float], dict[str, int], list[dict[str, int]]]:
    """The seconds of each cold start, the bytes sent for the first by path, and each start's steps."""
    times: list[float] = []
    sizes: dict[str, int] = {}
    steps: list[dict[str, int]] = []
    for run in range(runs):
        served.clear()
        with offline_context(base, chromium, viewport={"width": 1280, "height": 800}) as (context, blocked):
            page, seconds = open_page(context, base)
            times.append(seconds)
            steps.append(dict(page.evaluate("window.workshop.timings.start")))
            if run == 0:
                sizes = dict(served)
            page.close()
            assert not blocked, blocked
    return times, sizes, steps


def typing(page: Any, keys: int) -> list[dict[str, float]]:
    """Key presses in a 20-card file; each one's timings once the page has redrawn."""
    text = twenty_cards()
    page.evaluate("text => { const v = window.workshop.editor;"
                  " v.dispatch({changes: {from: 0, to: v.state.doc.length, insert: text}}); }", text)
    page.wait_for_function("document.querySelectorAll('#cc-cards .cc-card').length === 20")
    line = text.split("\n").index("    " + SCORE_LINE) + 1
    samples = []
    for key in range(keys):
        # "score 8" becomes "score 78", then "score 8" again: the card's picture changes every time
        page.evaluate("([line, at]) => { const v = window.workshop.editor; const l = v.state.doc.line(line);"
                      " v.dispatch({selection: {anchor: l.from + at}}); v.focus(); }", [line, 10 + key % 2])
        page.evaluate("window.workshop.timings.keystrokeToUpdate = null")
        page.keyboard.press("Backspace" if key % 2 else "7")
        page.wait_for_function("window.workshop.timings.keystrokeToUpdate !== null")
        samples.append(dict(page.evaluate("({...window.workshop.timings})")))
        time.sleep(0.25)
    return samples


def balance_in_page(page: Any, games: int) -> tuple[float, dict[str, Any], float]:
    """Seconds of the worker's first short run (it starts Python), and of a run of ``games`` games."""
    example = (ROOT / "workshop" / "example.ccl").read_text(encoding="utf-8")
    started = time.perf_counter()
    page.evaluate("text => window.workshop.balance(text, {games: 2, seed: 1})", example)
    first = time.perf_counter() - started
    started = time.perf_counter()
    report = page.evaluate("([text, games]) => window.workshop.balance(text, {games, seed: 1})", [example, games])
    return first, report, time.perf_counter() - started


def balance_command(games: int) -> tuple[dict[str, Any], float]:
    with tempfile.TemporaryDirectory() as folder:
        cards = Path(folder) / "my-cards.ccl"
        cards.write_text((ROOT / "workshop" / "example.ccl").read_text(encoding="utf-8"), encoding="utf-8")
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "castle_combo.cli", "balance", "--cards", str(cards),
                               "--games", str(games), "--seed", "1", "--jobs", "1", "--json"],
                              capture_output=True, text=True, check=True)
        return json.loads(done.stdout), time.perf_counter() - started


def describe(values: list[float], unit: str, scale: float = 1.0) -> str:
    values = [value * scale for value in values]
    quantiles = statistics.quantiles(values, n=10) if len(values) > 1 else values
    return (f"median {statistics.median(values):.0f}{unit}, p90 {quantiles[-1]:.0f}{unit}, "
            f"min {min(values):.0f}{unit}, max {max(values):.0f}{unit}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built docs site (default: build one in a temporary folder)")
    parser.add_argument("--runs", type=int, default=3, help="cold starts to time (default 3)")
    parser.add_argument("--keys", type=int, default=20, help="key presses to time (default 20)")
    parser.add_argument("--games", type=int, default=100, help="balance games to time (default 100)")
    args = parser.parse_args()
    chromium = chromium_path()
    if chromium is None:
        print("no Chromium found: apt-get install chromium", file=sys.stderr)
        return 2
    served: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as scratch:
        site = args.site or build_site(Path(scratch) / "site")
        with serve(site, served) as base:
            times, sizes, steps = cold_start(base, chromium, args.runs, served)
            print(f"cold start to the example checked and drawn: {describe(times, ' ms', 1000)} "
                  f"({args.runs} runs, each in a fresh browser profile)")
            for step in ("runtime", "install", "import", "firstCheck"):
                print(f"  {step}: {describe([float(s[step]) for s in steps], ' ms')}")
            total = sum(sizes.values())
            workshop = sum(size for path, size in sizes.items() if path.startswith("/workshop/"))
            print(f"download for a cold start: {total / 1e6:.2f} MB in {len(sizes)} files "
                  f"({workshop / 1e6:.2f} MB of them the Workshop's own, the rest the docs theme's)")
            for path, size in sorted(sizes.items(), key=lambda item: -item[1])[:12]:
                print(f"  {size / 1e6:7.3f} MB  {path}")
            with offline_context(base, chromium, viewport={"width": 1280, "height": 800}) as (context, blocked):
                page, _ = open_page(context, base)
                samples = typing(page, args.keys)
                print(f"typing in a 20-card file, key press to errors and pictures redrawn: "
                      f"{describe([s['keystrokeToUpdate'] for s in samples], ' ms')} ({args.keys} keys); "
                      f"Python's part {describe([s['python'] for s in samples], ' ms')}; "
                      f"drawing {describe([s['render'] for s in samples], ' ms')}")
                assert not blocked, blocked
            with offline_context(base, chromium, block=False) as (context, _):
                page, _ = open_page(context, base)
                served.clear()
                first, report, seconds = balance_in_page(page, args.games)
                print(f"balance worker: first run of 2 games (starting its Python) {first:.1f} s; the server sent "
                      f"{sum(served.values()) / 1e6:.2f} MB for it (the rest came from the browser's cache)")
                print(f"balance in the browser: {args.games} games in {seconds:.1f} s = "
                      f"{args.games / seconds:.1f} games/s")
            expected, command_seconds = balance_command(args.games)
            print(f"balance on the command line (--jobs 1, Python's start included): {args.games} games in "
                  f"{command_seconds:.1f} s = {args.games / command_seconds:.1f} games/s; "
                  f"same JSON as the page: {expected == report}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
