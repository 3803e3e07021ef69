"""The Card Workshop page in a real browser, on the built site served from its folder, with no network.

Debian's Chromium is driven by Playwright for Python; every request to
another host is blocked, and the tests check that none was even tried. The
page boots; a good card file and broken ones give the command line's cards
and messages; typing marks an error at its place; a game is played to its
end by clicking; a short balance run gives the command's JSON, and a
cancelled one its report so far; a shared link, a reload, a gallery link, a
downloaded and an opened file all carry the cards.

The site is the one ``.ci/run`` builds (``CASTLE_COMBO_SITE``, else
``./site``); without it, Playwright or Chromium the tests skip and say why,
unless ``CASTLE_COMBO_REQUIRE_EXTRAS=1`` (CI), where they fail instead.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from site_browser import chromium_path, offline_context, serve

import castle_combo as cc
from castle_combo.cli import main, workshop

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(os.environ.get("CASTLE_COMBO_SITE", ROOT / "site"))
BYWAYS = (ROOT / "examples" / "fan-expansion" / "castle_combo_byways" / "cards" / "village-byways.ccl").read_text()
HERMIT = BYWAYS[BYWAYS.index('card "Hermit"'):BYWAYS.index('card "Toll Keeper"')]
BROKEN = BYWAYS.replace("shields faith\n", "shields faiht\n", 1).replace("cost 4", "cost 44", 1)


def _missing(reason: str) -> None:
    if os.environ.get("CASTLE_COMBO_REQUIRE_EXTRAS") == "1":
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    if importlib.util.find_spec("playwright") is None:
        _missing("Playwright for Python is not installed: pip install -e '.[browser]'")
    if chromium_path() is None:
        _missing("no Chromium found (apt-get install chromium) to run the Workshop's browser tests")
    if not (SITE / "workshop" / "python" / "manifest.json").is_file():
        _missing(f"no built docs site with the Workshop at {SITE}; build it with mkdocs build --site-dir {SITE}")
    with serve(SITE) as base:
        yield base


@pytest.fixture(scope="module")
def browser(site: str) -> Iterator[tuple[Any, list[str]]]:
    chromium = chromium_path()
    assert chromium is not None
    with offline_context(site, chromium, viewport={"width": 1280, "height": 800}, accept_downloads=True) as opened:
        yield opened
        context, blocked = opened
        assert blocked == [], f"the page asked other hosts for {blocked}"


def open_workshop(browser: tuple[Any, list[str]], site: str, fragment: str = "") -> Any:
    """A new tab on the Workshop, once castle-combo is loaded in it; page errors fail the test."""
    context, _ = browser
    page = context.new_page()
    page.set_default_timeout(120_000)  # starting Python (the page's, then the worker's) on a busy 2-core machine
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(f"{site}workshop/{fragment}")
    page.wait_for_function("window.workshop !== undefined")
    page.evaluate("window.workshop.ready")
    page.errors = errors
    return page


@pytest.fixture(scope="module")
def page(browser: tuple[Any, list[str]], site: str) -> Iterator[Any]:
    opened = open_workshop(browser, site)
    yield opened
    assert opened.errors == []


def editor_text(page: Any) -> str:
    return str(page.evaluate("window.workshop.editor.state.doc.toString()"))


def set_editor_text(page: Any, text: str) -> None:
    page.evaluate("text => { const view = window.workshop.editor;"
                  " view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: text}}); }", text)


def write(page: Any, text: str, cards: int) -> None:
    """Put ``text`` in the editor and wait until its ``cards`` good cards are drawn."""
    set_editor_text(page, text)
    page.wait_for_function(f"document.querySelectorAll('#cc-cards .cc-card').length === {cards}")


def command_check(folder: Path, text: str) -> list[str]:
    """The messages of ``castle-combo check my-cards.ccl`` run in the file's folder."""
    (folder / "my-cards.ccl").write_text(text, encoding="utf-8")
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            status = main(["check", "--extend", "my-cards.ccl"])
    finally:
        os.chdir(cwd)
    return [block.rstrip("\n") for block in out.getvalue().split("\n\n") if block.strip()] if status else []


def installed(messages: list[str]) -> list[str]:
    """The messages with the folder castle-combo's own cards are installed in left out (it differs by machine)."""
    return [re.sub(r"\(defined at \S*?/cards/", "(defined at cards/", message) for message in messages]


def test_the_page_boots_offline_and_checks_the_example(page: Any) -> None:
    assert "castle-combo is running in your browser" in page.inner_text("#cc-status")
    assert page.locator("#cc-cards .cc-card").count() >= 1
    assert page.inner_text("#cc-problems").startswith("ok: ")
    assert page.evaluate("window.workshop.timings.python") > 0


@pytest.mark.parametrize("text", [BYWAYS, BROKEN, HERMIT.replace('"Hermit"', '"Nun"'), "", "card \x00"],
                         ids=["good cards", "two mistakes", "a base card's name", "empty", "a NUL byte"])
def test_check_in_the_browser_is_the_command_line_check(page: Any, text: str, tmp_path: Path) -> None:
    checked = page.evaluate("text => window.workshop.check(text)", text)
    assert installed([error["message"] for error in checked["errors"]]) == installed(command_check(tmp_path, text))
    here = workshop.check(text)  # the same cards, English and pictures as castle-combo here
    assert {**checked, "errors": []} == {**here, "errors": []}


def test_a_broken_card_is_marked_in_the_editor_and_the_good_ones_stay_drawn(page: Any) -> None:
    page.click("#cc-tab-write")
    write(page, BYWAYS, 5)
    line = page.locator(".cm-line", has_text="shields faith").first
    line.click()
    page.keyboard.press("End")
    page.keyboard.press("Backspace")
    page.keyboard.type("x")
    page.wait_for_selector(".cm-lintRange-error")
    assert page.locator(".cm-lintRange-error").first.inner_text() == "faitx"
    problem = page.locator("#cc-problems .cc-problem").first.inner_text()
    assert problem.startswith("my-cards.ccl:8:37: unknown shield 'faitx'")
    assert "hint: did you mean 'faith'?" in problem
    names = page.locator("#cc-cards .cc-card").evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    assert names == ["Schoolmaster", "Hermit", "Toll Keeper", "Relic Seller"]
    assert page.evaluate("window.workshop.timings.keystrokeToUpdate") > 0
    page.keyboard.press("Backspace")
    page.keyboard.type("h")
    page.wait_for_function("document.querySelectorAll('#cc-cards .cc-card').length === 5")
    assert page.locator(".cm-lintRange-error").count() == 0


def test_the_editor_highlights_the_card_language(page: Any) -> None:
    set_editor_text(page, HERMIT)
    styled = page.locator(".cm-line span").evaluate_all(
        "spans => spans.map(s => [s.textContent, getComputedStyle(s).color])")
    colours = dict(styled)
    assert colours["card"] != colours["\"Hermit\""] and colours["peasantry"] != colours["gain"]


def test_a_game_is_played_to_its_end_by_clicking(page: Any) -> None:
    write(page, BYWAYS, 5)
    page.click("#cc-tab-play")
    page.select_option("#cc-players", "2")
    page.click("#cc-new-game")
    page.wait_for_selector("#cc-table .row [data-card]")
    decisions = 0
    while not page.locator("#cc-end .cc-verdict").count():
        decisions += 1
        assert decisions < 60, "the game does not end"
        if page.locator("#cc-table .cc-pickable").count():
            page.locator("#cc-table .cc-pickable").first.click()
            if not page.locator("#cc-table .cc-space").count():
                page.check("#cc-face-down")
            before = page.inner_text("#cc-log")
            page.locator("#cc-table .cc-space").first.click()
            assert page.inner_text("#cc-log") != before
            if decisions == 1:
                assert page.inner_text("#cc-log").splitlines()[0].startswith("you take ")
                page.click("#cc-undo")
                assert "you undid your last decision" in page.inner_text("#cc-log")
        else:
            page.locator("#cc-choices button").first.click()
    assert re.search(r"\b(win|won)\b", page.inner_text("#cc-end .cc-verdict"))
    assert page.locator("#cc-table .end > svg").count() == 2  # each seat's score sheet
    assert "greedy" in page.inner_text("#cc-table .scores")


def test_a_short_balance_run_gives_the_json_of_castle_combo_balance(
    page: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    options = {"players": 2, "games": 4, "seed": 3, "bots": "greedy,greedy"}
    in_browser = page.evaluate("([text, options]) => window.workshop.balance(text, options)", [HERMIT, options])
    (tmp_path / "my-cards.ccl").write_text(HERMIT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["balance", "--cards", "my-cards.ccl", "--players", "2", "--games", "4", "--seed", "3",
                 "--bots", "greedy,greedy", "--json"]) == 0
    assert in_browser == json.loads(capsys.readouterr().out)


def test_bad_balance_options_reject_with_the_commands_message(page: Any) -> None:
    message = page.evaluate("text => window.workshop.balance(text, {players: 7}).then(() => '', e => e.message)",
                            HERMIT)
    assert message == "--players must be between 2 and 5, got 7"


def test_a_balance_run_shows_progress_and_can_be_cancelled(page: Any) -> None:
    write(page, HERMIT, 1)
    page.click("#cc-tab-balance")
    page.fill("#cc-balance-games", "500")
    page.click("#cc-balance-run")
    page.wait_for_function("document.getElementById('cc-progress').value >= 2")
    page.click("#cc-balance-cancel")
    page.wait_for_selector("#cc-balance-result table")
    result = page.inner_text("#cc-balance-result")
    assert re.search(r"Cancelled: the report covers the \d+ games finished", result)
    assert "Hermit" in result and "baseline: " in result
    page.fill("#cc-balance-games", "3")
    page.click("#cc-balance-run")
    page.wait_for_function("document.getElementById('cc-progress-words').textContent === '3 of 3 games played'")
    page.wait_for_selector("#cc-balance-result .cc-chart svg")
    assert "Cancelled" not in page.inner_text("#cc-balance-result")


def test_the_address_carries_the_cards_to_another_tab(page: Any, browser: tuple[Any, list[str]], site: str) -> None:
    page.click("#cc-tab-write")
    before = page.evaluate("location.hash")
    set_editor_text(page, BROKEN)
    page.wait_for_function("old => location.hash !== old && location.hash.startsWith('#cards=')", arg=before)
    fragment = page.evaluate("location.hash")
    assert workshop.read_fragment(fragment) == BROKEN
    other = open_workshop(browser, site, fragment)
    assert editor_text(other) == BROKEN
    assert other.locator("#cc-problems .cc-problem").count() == len(workshop.check(BROKEN)["errors"])
    python_link = "#" + workshop.share_fragment(HERMIT)
    third = open_workshop(browser, site, python_link)
    assert editor_text(third) == HERMIT
    third.close()
    other.close()


def test_the_cards_survive_a_reload(page: Any, browser: tuple[Any, list[str]], site: str) -> None:
    set_editor_text(page, HERMIT + "# kept\n")
    page.wait_for_function("JSON.parse(localStorage.getItem('castle-combo-workshop')).text.endsWith('# kept\\n')")
    again = open_workshop(browser, site)  # no link in the address: the browser's storage
    assert editor_text(again) == HERMIT + "# kept\n"
    again.close()


def test_a_gallery_card_opens_in_the_workshop(browser: tuple[Any, list[str]], site: str) -> None:
    context, _ = browser
    gallery = context.new_page()
    gallery.set_default_timeout(120_000)
    gallery.goto(f"{site}gallery/")
    link = gallery.locator("a.workshop-link").first
    link.click()
    gallery.wait_for_function("window.workshop !== undefined")
    gallery.evaluate("window.workshop.ready")
    first = sorted(cc.Ruleset.standard().deck(cc.Deck.CASTLE), key=lambda card: card.name)[0]
    assert editor_text(gallery) == workshop.gallery_variant(first)
    gallery.wait_for_function(f"document.querySelector('#cc-cards .cc-card')?.dataset.card === 'My {first.name}'")
    gallery.close()


def test_a_card_file_is_downloaded_and_opened(page: Any, tmp_path: Path) -> None:
    page.click("#cc-tab-write")
    set_editor_text(page, BYWAYS)
    with page.expect_download() as download:
        page.click("#cc-download")
    saved = tmp_path / "saved.ccl"
    download.value.save_as(saved)
    assert download.value.suggested_filename == "my-cards.ccl"
    assert saved.read_text(encoding="utf-8") == BYWAYS
    opened = tmp_path / "village.ccl"
    opened.write_text(BROKEN, encoding="utf-8")
    page.set_input_files("#cc-open-file", str(opened))
    page.wait_for_function("document.getElementById('cc-file-name').textContent === 'village.ccl'")
    page.wait_for_selector("#cc-problems .cc-problem")
    assert page.locator("#cc-problems .cc-problem").first.inner_text().startswith("village.ccl:8:37: ")
    assert editor_text(page) == BROKEN


def test_the_workshop_benchmark_runs_and_reports(site: str) -> None:
    """benchmarks/bench_workshop.py with tiny arguments: it works end to end and says what it measured."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_workshop.py"), "--site", str(SITE), "--runs", "1",
         "--keys", "2", "--games", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    for words in ("cold start to the example checked and drawn:", "download for a cold start:",
                  "typing in a 20-card file", "balance in the browser:", "same JSON as the page: True"):
        assert words in done.stdout, (words, done.stdout)


# ---------------------------------------------------------------- what a person sees, at 1280x800 and on a phone

MY_GRID = "#cc-table .cc-top .seat"
HEADER = 48  # the site's header, always on top


def box(page: Any, selector: str) -> dict[str, float]:
    return dict(page.locator(selector).first.evaluate(
        "node => { const b = node.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left,"
        " right: b.right, width: b.width}; }"))


def your_decision(page: Any, rng: random.Random) -> None:
    """One decision by clicking, as a person does, without the test scrolling the page (dispatched clicks)."""
    if page.locator("#cc-table .cc-pickable").count():
        cards = page.locator("#cc-table .cc-pickable")
        cards.nth(rng.randrange(cards.count())).dispatch_event("click")
        if not page.locator("#cc-table .cc-space").count():
            page.locator("#cc-face-down").dispatch_event("click")
        page.locator("#cc-table .cc-space").first.dispatch_event("click")
        if page.is_checked("#cc-face-down"):
            page.locator("#cc-face-down").dispatch_event("click")
    else:
        page.locator("#cc-choices button").first.dispatch_event("click")


def test_every_card_picture_has_the_same_width_beside_long_english(page: Any) -> None:
    page.click("#cc-tab-write")
    write(page, BYWAYS, 5)
    widths = page.locator("#cc-cards .cc-picture svg").evaluate_all(
        "svgs => svgs.map(s => Math.round(s.getBoundingClientRect().width))")
    assert widths == [150] * 5


def test_a_turn_fits_1280x800_and_the_picked_ring_is_not_the_changed_ring(page: Any) -> None:
    """After "New game", the prompt, both rows and your grid are in the window at every decision; no scrolling."""
    write(page, BYWAYS, 5)
    page.click("#cc-tab-play")
    page.select_option("#cc-players", "3")
    page.click("#cc-new-game")
    page.wait_for_selector("#cc-table .row [data-card]")
    rng = random.Random(5)
    scrolled = page.evaluate("scrollY")
    looked = False
    for decision in range(14):
        if page.locator("#cc-end .cc-verdict").count():
            break
        assert page.evaluate("scrollY") == scrolled  # the page stays where the game put it
        prompt, rows, grid = box(page, "#cc-prompt"), box(page, "#cc-table .cc-top .rows"), box(page, MY_GRID)
        assert prompt["top"] >= HEADER and rows["bottom"] <= 800 and grid["bottom"] <= 800, (decision, rows, grid)
        assert grid["left"] > rows["right"]  # side by side
        assert page.locator("#cc-log-box").evaluate("node => node.open")  # the log beside the table
        log = box(page, "#cc-log-box")
        assert log["left"] > grid["right"] and log["top"] < 800
        if decision >= 6 and not looked and page.locator("#cc-table .cc-pickable").count():
            looked = True
            card = page.locator("#cc-table .cc-pickable").first
            card.dispatch_event("click")
            picked = card.evaluate("node => { const s = getComputedStyle(node); return [s.outlineStyle, s.outlineWidth,"
                                   " s.outlineColor]; }")
            assert picked == ["solid", "5px", "rgb(26, 115, 232)"]
            changed = page.locator("#cc-table .seat .changed").first.evaluate(  # a card a bot just took
                "node => { const s = getComputedStyle(node); return [s.outlineStyle, s.outlineColor]; }")
            assert changed == ["dashed", "rgb(232, 89, 12)"]
            legend = page.inner_text(".cc-legend")
            assert "the card you picked" in legend and "changed since your last decision" in legend
        your_decision(page, rng)
    assert looked
    # Ten moves and more: the numbers are the page's own, inside the list, never cut to "0.".
    numbered = page.locator("#cc-log").evaluate("""ol => {
        const items = [...ol.children], first = ol.getBoundingClientRect();
        return {count: items.length, style: getComputedStyle(ol).listStyleType,
                before: getComputedStyle(items[9], '::before').content,
                inside: items.every(li => li.getBoundingClientRect().left >= first.left),
                fits: ol.scrollWidth <= ol.clientWidth};
    }""")
    assert numbered["count"] >= 10 and numbered["style"] == "none" and "counter(cc-move)" in numbered["before"]
    assert numbered["inside"] and numbered["fits"]
    assert not any(re.search(r"at \(-?\d+, -?\d+\)", line) for line in page.inner_text("#cc-log").splitlines())


@pytest.fixture(scope="module")
def phone(browser: tuple[Any, list[str]], site: str) -> Iterator[Any]:
    """The Workshop in a phone's window (390x844), in the same browser, as offline as the rest."""
    context, blocked = browser

    def only_the_site(route: Any) -> None:
        if route.request.url.startswith((site, "blob:", "data:")):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    small = context.browser.new_context(viewport={"width": 390, "height": 844})
    small.route("**/*", only_the_site)
    opened = open_workshop((small, blocked), site)
    yield opened
    assert opened.errors == []
    small.close()


def test_on_a_phone_messages_wrap_and_the_caret_stays_under_its_word(phone: Any) -> None:
    broken = BYWAYS.replace("shields faith\n", "shields faiht\n", 1)
    write(phone, broken, 4)
    problem = phone.locator("#cc-problems .cc-problem").first
    sizes = problem.evaluate("""node => ({
        lines: [...node.querySelectorAll('.cc-line')].map(l => l.scrollWidth <= l.clientWidth + 1),
        box: node.scrollWidth <= node.clientWidth + 1, page: document.documentElement.scrollWidth,
        source: node.querySelector('.cc-source').textContent,
        caret: (() => { const pre = node.querySelector('.cc-source'), [line, caret] = pre.textContent.split('\\n');
                        const at = caret.indexOf('^') / Math.max(line.length, caret.length) * pre.scrollWidth;
                        return pre.scrollLeft <= at && at <= pre.scrollLeft + pre.clientWidth; })()})""")
    assert all(sizes["lines"]) and sizes["box"] and sizes["page"] <= 390 and sizes["caret"]  # the caret in sight
    message = workshop.check(broken)["errors"][0]["message"].split("\n")
    caret = next(i for i, line in enumerate(message) if line.strip().startswith("^"))
    assert sizes["source"] == message[caret - 1] + "\n" + message[caret]  # aligned as the command prints them
    assert problem.inner_text().startswith("my-cards.ccl:8:37: unknown shield 'faiht'")


def test_on_a_phone_pictures_are_readable_and_the_log_is_one_tap_away(phone: Any) -> None:
    write(phone, BYWAYS, 5)
    widths = phone.locator("#cc-cards .cc-picture svg").evaluate_all(
        "svgs => svgs.map(s => Math.round(s.getBoundingClientRect().width))")
    assert len(set(widths)) == 1 and widths[0] >= 200
    picture, english = box(phone, "#cc-cards .cc-picture"), box(phone, "#cc-cards .cc-english")
    assert english["top"] >= picture["bottom"] - 1  # the words under the picture
    phone.click("#cc-tab-play")
    phone.click("#cc-new-game")
    phone.wait_for_selector("#cc-table .row [data-card]")
    rng = random.Random(2)
    for _ in range(4):
        your_decision(phone, rng)
    assert not phone.locator("#cc-log-box").evaluate("node => node.open")  # folded, above the table
    summary, table = box(phone, "#cc-log-box summary"), box(phone, "#cc-table")
    assert summary["bottom"] <= table["top"] and summary["top"] - phone.evaluate("scrollY") < 2 * 844
    phone.click("#cc-log-box summary")
    assert phone.locator("#cc-log li").count() >= 4 and phone.locator("#cc-log li").first.is_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_on_a_phone_the_balance_table_fits_and_the_words_speak_of_the_page(phone: Any) -> None:
    write(phone, BYWAYS, 5)
    phone.click("#cc-tab-balance")
    phone.fill("#cc-balance-games", "30")
    phone.fill("#cc-balance-seed", "2")
    phone.click("#cc-balance-run")
    phone.wait_for_selector("#cc-balance-result .cc-chart svg", timeout=600_000)
    table = phone.locator("#cc-balance-result table").evaluate(
        "t => [t.getBoundingClientRect().right, t.parentElement.getBoundingClientRect().right]")
    assert table[0] <= table[1] + 1
    label = phone.locator("#cc-balance-result .cc-chart svg g text").first.evaluate(
        "t => t.getBoundingClientRect().height")
    assert label >= 11  # the chart at its own size (it scrolls sideways), not shrunk to 6-pixel words
    text = phone.inner_text("#cc-balance-result")
    assert "--seed" not in text and "another number in the Seed field" in text
    assert "of your 5 cards" in text and "Flagged in this run" not in text
    standard = set(cc.Ruleset.standard().names)
    assert not any(name in text for name in standard if len(name) > 4)  # only the fan's cards are spoken of
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
