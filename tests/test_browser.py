"""The replay page and the docs site in a real browser: headless Chromium (Debian's ``chromium``).

Skipped with the reason when no Chromium is installed, unless
``CASTLE_COMBO_REQUIRE_EXTRAS=1`` (as in CI, which installs it): then a
missing browser fails the test, so the check cannot pass unseen.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo.records.replay_page import replay_page, states_of

ROOT = Path(__file__).resolve().parent.parent


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CASTLE_COMBO_REQUIRE_EXTRAS") == "1":
        pytest.fail("no Chromium found; install it with: apt-get install chromium")
    pytest.skip("no Chromium found (apt-get install chromium) to run the browser tests")


def browse(url: str, tmp: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """Load ``url`` in headless Chromium, let its scripts run, and return what it printed."""
    command = [
        _chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={tmp / 'profile'}", "--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000",
        *extra, url,
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=90, check=False)


def console_errors(stderr: str) -> list[str]:
    """The page's console errors and uncaught exceptions, from Chromium's log."""
    return [line for line in stderr.splitlines() if "CONSOLE" in line and ("Uncaught" in line or "Error" in line)]


@pytest.fixture(scope="module")
def five_player_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, cc.GameState]:
    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    state = cc.new_game(players=5, seed=21, rules=rules)
    rng = random.Random(21)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    folder = tmp_path_factory.mktemp("replay")
    page = folder / "game.html"
    page.write_text(replay_page(state), encoding="utf-8")
    return page, state


#: Appended to a copy of the page: walks every step with the "next" button and writes what is shown.
PROBE = """<script>
(function(){
  var out=[], next=document.getElementById('next');
  for(var i=0;i<document.querySelectorAll('section.step').length;i++){
    var shown=document.querySelectorAll('section.step.shown');
    var seats=[].map.call(shown[0].querySelectorAll('[data-seat]'),function(s){
      return [+s.dataset.seat,+s.dataset.gold,+s.dataset.keys,s.getBoundingClientRect().width>0];});
    out.push({shown:shown.length,step:+shown[0].dataset.step,hash:location.hash,seats:seats});
    next.click();
  }
  var pre=document.createElement('pre'); pre.id='probe'; pre.textContent=JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script></body>"""


def test_the_replay_page_shows_every_step_of_a_five_player_game(
    five_player_game: tuple[Path, cc.GameState], tmp_path: Path
) -> None:
    page, state = five_player_game
    probe = tmp_path / "probe.html"
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", PROBE), encoding="utf-8")
    run = browse(probe.as_uri() + "#0", tmp_path, "--dump-dom")
    assert not console_errors(run.stderr), console_errors(run.stderr)
    found = re.search(r'<pre id="probe">(.*?)</pre>', run.stdout)
    assert found, run.stdout[-2000:]
    seen = json.loads(found.group(1).replace("&quot;", '"'))
    states = states_of(state)
    assert len(seen) == len(states)
    for n, shown in enumerate(seen):
        assert shown["shown"] == 1 and shown["step"] == n and shown["hash"] == f"#{n}"
        expected = [[seat, p.gold, p.keys, True] for seat, p in enumerate(states[n].players)]
        if n == len(states) - 1:  # the end: gold left after the end-of-game purse filling
            expected = [[seat, sheet.gold_left, p.keys, True]
                        for seat, (p, sheet) in enumerate(zip(state.players, state.scores(), strict=True))]
        assert shown["seats"] == expected, n


@pytest.mark.parametrize("step", [0, 17, -1])
def test_the_replay_page_opens_at_the_step_its_address_names(
    five_player_game: tuple[Path, cc.GameState], tmp_path: Path, step: int
) -> None:
    page, state = five_player_game
    n = len(state.history) if step < 0 else step
    run = browse(f"{page.as_uri()}#{n}", tmp_path, "--dump-dom")
    assert not console_errors(run.stderr)
    shown = re.findall(r'<section class="step shown" id="step-(\d+)"', run.stdout)
    assert shown == [str(n)]
    gold = re.search(rf'id="step-{n}".*?data-seat="0" data-gold="(\d+)"', run.stdout, re.S)
    assert gold and int(gold.group(1)) == states_of(state)[n].picture().seats[0].gold  # at the end: after purses


def test_a_screenshot_of_the_replay_page_is_drawn(five_player_game: tuple[Path, cc.GameState], tmp_path: Path) -> None:
    page, _ = five_player_game
    shot = tmp_path / "replay.png"
    run = browse(f"{page.as_uri()}#30", tmp_path, f"--screenshot={shot}", "--window-size=1280,900")
    assert shot.exists(), run.stderr[-2000:]
    assert shot.read_bytes().startswith(b"\x89PNG") and shot.stat().st_size > 20_000


def test_the_built_docs_pages_load_without_console_errors(tmp_path: Path) -> None:
    """Home (with its embedded replay), the gallery and the rules, served over HTTP as a visitor gets them."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    site = Path(os.environ.get("CASTLE_COMBO_SITE", ROOT / "site"))
    if not (site / "index.html").exists():
        if os.environ.get("CASTLE_COMBO_REQUIRE_EXTRAS") == "1":
            pytest.fail(f"no built docs site at {site} (mkdocs build --site-dir {site})")
        pytest.skip(f"no built docs site at {site}; build it with mkdocs build")

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        for page in ("", "gallery/", "rules/", "replay/example.html#5"):
            run = browse(base + page, tmp_path, "--dump-dom")
            assert not console_errors(run.stderr), (page, console_errors(run.stderr))
            assert "<h1" in run.stdout, page
        # Home's embedded replay shows whole: its frame took the height of the page inside it.
        home = browse(base, tmp_path, "--dump-dom", "--window-size=1280,5000").stdout
        fitted = re.search(r'<iframe class="replay"[^>]*style="height: (\d+)px', home)
        assert fitted and int(fitted.group(1)) > 400, re.findall(r"<iframe[^>]*>", home)
    finally:
        server.shutdown()


def test_the_console_error_check_sees_a_planted_error(tmp_path: Path) -> None:
    page = tmp_path / "bad.html"
    page.write_text('<html><body><h1>x</h1><script>throw new Error("planted")</script></body></html>')
    errors = console_errors(browse(page.as_uri(), tmp_path, "--dump-dom").stderr)
    assert errors and "planted" in errors[0]


#: Appended to a copy of the page: at the step the address names, what a person sees, measured by the browser.
LOOK = """<script>
(function(){
  var step=document.querySelector('section.step.shown'), smallest=1e9, words=0;
  step.querySelectorAll('svg.card').forEach(function(card){
    var scale=card.getBoundingClientRect().width/150;
    var symbol=document.querySelector(card.querySelector('use').getAttribute('href'));
    symbol.querySelectorAll('text').forEach(function(t){
      smallest=Math.min(smallest,parseFloat(t.getAttribute('font-size'))*scale); words++;});
  });
  var ringed=[].map.call(step.querySelectorAll('svg.card.changed'),function(card){
    var style=getComputedStyle(card);
    return [card.dataset.card, style.outlineStyle, style.outlineColor];});
  var seats=[].map.call(step.querySelectorAll('[data-seat]'),function(s){
    return [s.querySelector('h3').textContent,+s.dataset.gold];});
  var pre=document.createElement('pre'); pre.id='look';
  pre.textContent=JSON.stringify({step:+step.dataset.step,smallest:smallest,words:words,ringed:ringed,seats:seats,
    width:document.documentElement.scrollWidth});
  document.body.appendChild(pre);
})();
</script></body>"""


def test_the_replay_page_shows_names_rings_and_the_final_gold_in_words_at_least_11_pixels_tall(
    tmp_path: Path,
) -> None:
    from castle_combo.engine.record import Seat

    state = cc.new_game(players=3, seed=12)
    rng = random.Random(12)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    seats = [Seat("Ana"), Seat("greedy 1", "greedy"), Seat("Mo", "mcts:8")]
    page = tmp_path / "look.html"
    page.write_text(replay_page(state, seats=seats).replace("</body>", LOOK), encoding="utf-8")
    take = next(n for n, a in enumerate(state.history, start=1) if isinstance(a, cc.Take) and n > 10)
    for step in (take, len(state.history)):
        run = browse(f"{page.as_uri()}#{step}", tmp_path, "--dump-dom", "--window-size=1280,900")
        found = re.search(r'<pre id="look">(.*?)</pre>', run.stdout)
        assert found, run.stderr[-2000:]
        look = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))
        assert look["step"] == step and look["words"] > 100
        assert look["smallest"] >= 11, look["smallest"]
        assert look["width"] <= 1280  # nothing runs off the side
        titles = [title for title, _ in look["seats"]]
        assert titles[0].startswith("Ana") and "greedy bot" in titles[1] and "mcts:8 bot" in titles[2]
        if step == take:
            assert [state.history[take - 1].card, "dashed", "rgb(232, 89, 12)"] in look["ringed"]
        else:
            assert [gold for _, gold in look["seats"]] == [sheet.gold_left for sheet in state.scores()]
