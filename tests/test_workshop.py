"""The Card Workshop's Python side says exactly what the command line says (``castle_combo.cli.workshop``).

The Workshop page runs this module in the browser; these tests run it here,
beside the real commands on the same file, so the page cannot drift from
``castle-combo check`` and ``castle-combo balance --json``. The browser side
is tested in ``tests/test_workshop_browser.py``.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo.cli import balance as balance_command
from castle_combo.cli import main, workshop
from castle_combo.cli._play_session import final_words
from castle_combo.errors import CastleComboError, PlayError, SimulationError
from castle_combo.records.narration import GRID_PLACES
from castle_combo.records.replay_page import replay_page

ROOT = Path(__file__).resolve().parents[1]
BYWAYS = (ROOT / "examples" / "fan-expansion" / "castle_combo_byways" / "cards" / "village-byways.ccl").read_text()
EXAMPLE = (ROOT / "workshop" / "example.ccl").read_text(encoding="utf-8")
HERMIT = BYWAYS[BYWAYS.index('card "Hermit"'):BYWAYS.index('card "Toll Keeper"')]

CASES = {
    "good cards": BYWAYS,
    "the page's example": EXAMPLE,
    "a misspelled shield": BYWAYS.replace("shields faith\n", "shields faiht\n", 1),
    "a cost out of range and a missing shield": BYWAYS.replace("cost 4", "cost 44", 1).replace(
        "shields peasantry\n", "\n", 1),
    "a missing closing brace": BYWAYS.replace("score 2 per gold on this card\n}", "score 2 per gold on this card\n"),
    "a base card's name": HERMIT.replace('"Hermit"', '"Nun"'),
    "two cards of one name": HERMIT + "\n" + HERMIT,
    "no card at all": "# nothing yet\n",
    "a NUL byte": "card \x00",
    "an empty file": "",
}


def command_check(folder: Path, text: str, monkeypatch: pytest.MonkeyPatch,
                  capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    """``castle-combo check my-cards.ccl`` in the file's folder: its status and its messages."""
    (folder / workshop.DEFAULT_NAME).write_text(text, encoding="utf-8")
    monkeypatch.chdir(folder)
    status = main(["check", workshop.DEFAULT_NAME])
    out = capsys.readouterr().out
    return status, [block for block in out.split("\n\n") if block.strip()] if status else []


@pytest.mark.parametrize("case", CASES)
def test_check_gives_the_messages_of_castle_combo_check(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = CASES[case]
    status, messages = command_check(tmp_path, text, monkeypatch, capsys)
    checked = workshop.check(text)
    assert checked["ok"] == (status == 0)
    assert [error["message"].rstrip("\n") for error in checked["errors"]] == [m.rstrip("\n") for m in messages]


def test_each_error_carries_the_line_and_column_its_message_starts_with() -> None:
    checked = workshop.check(CASES["a cost out of range and a missing shield"])
    assert len(checked["errors"]) == 2
    for error in checked["errors"]:
        assert error["message"].startswith(f"my-cards.ccl:{error['line']}:{error['column']}: ")
    first = checked["errors"][0]
    assert CASES["a cost out of range and a missing shield"].split("\n")[first["line"] - 1][first["column"] - 1:] \
        .startswith("cost 44")


def test_a_problem_with_the_whole_file_is_placed_at_its_start() -> None:
    (error,) = workshop.check("card \x00")["errors"]
    assert (error["line"], error["column"]) == (1, 1)
    assert "NUL" in error["message"]


def test_messages_name_the_file_the_fan_opened() -> None:
    (error,) = workshop.check(CASES["a misspelled shield"], name="village.ccl")["errors"]
    assert error["message"].startswith("village.ccl:8:37: ")


@pytest.mark.parametrize("name", ["../x.ccl", "cards.txt", "", ".ccl", "a/b.ccl"])
def test_a_file_name_that_is_not_a_plain_ccl_name_is_refused(name: str) -> None:
    with pytest.raises(workshop.WorkshopError, match="plain file name ending in .ccl"):
        workshop.check(BYWAYS, name=name)


def test_good_cards_come_drawn_with_their_english() -> None:
    checked = workshop.check(BYWAYS)
    names = [card["name"] for card in checked["cards"]]
    assert names == ["Gravekeeper's Widow", "Schoolmaster", "Hermit", "Toll Keeper", "Relic Seller"]
    hermit = checked["cards"][2]
    assert hermit["english"].startswith("Hermit: village card, cost 1 gold.")
    assert hermit["svg"].startswith("<svg") and "Hermit" in hermit["svg"]


def test_with_a_broken_card_the_cards_that_are_good_on_their_own_are_still_drawn() -> None:
    checked = workshop.check(CASES["a misspelled shield"])
    assert not checked["ok"]
    assert [card["name"] for card in checked["cards"]] == ["Schoolmaster", "Hermit", "Toll Keeper", "Relic Seller"]
    unclosed = workshop.check(CASES["a missing closing brace"])
    assert "Relic Seller" in [card["name"] for card in unclosed["cards"]]
    clash = workshop.check(CASES["a base card's name"])
    assert clash["cards"] == []


def command_balance(folder: Path, text: str, argv: list[str], monkeypatch: pytest.MonkeyPatch,
                    capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    (folder / workshop.DEFAULT_NAME).write_text(text, encoding="utf-8")
    monkeypatch.chdir(folder)
    assert main(["balance", "--cards", workshop.DEFAULT_NAME, "--json", *argv]) == 0
    result: dict[str, object] = json.loads(capsys.readouterr().out)
    return result


def test_balance_gives_the_json_of_castle_combo_balance(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = command_balance(tmp_path, BYWAYS, ["--games", "6", "--seed", "4", "--players", "3",
                                                  "--bots", "greedy,random"], monkeypatch, capsys)
    assert workshop.balance(BYWAYS, {"games": 6, "seed": 4, "players": 3, "bots": "greedy,random"}) == expected


def test_a_balance_run_played_in_uneven_steps_gives_the_same_json() -> None:
    whole = workshop.balance(HERMIT, {"games": 7, "seed": 2})
    run = workshop.BalanceRun(HERMIT, {"games": 7, "seed": 2})
    for games in (1, 3, 2, 5):
        run.step(games)
    assert run.finished and run.done == 7
    assert run.report().to_json() == whole


def test_a_balance_run_stopped_early_reports_the_games_finished_as_interrupted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    run = workshop.BalanceRun(HERMIT, {"games": 20, "seed": 5})
    run.step(2)
    run.step(1)
    stopped = run.report().to_json()
    assert stopped["interrupted"] is True and stopped["games"] == 3
    three = command_balance(tmp_path, HERMIT, ["--games", "3", "--seed", "5"], monkeypatch, capsys)
    assert {**stopped, "interrupted": False} == three


def test_balance_words_are_the_commands_for_the_fan_cards_alone() -> None:
    run = workshop.BalanceRun(BYWAYS, {"games": 4, "seed": 1})
    run.step(4)
    words = workshop.balance_words(run.report(), run.fan)
    assert sorted(row["card"] for row in words["rows"]) == sorted(run.fan)
    assert words["summary"][0].startswith("baseline: ")
    assert words["chart"].startswith("<svg") and "Hermit" not in words["chart"].split("</title>")[0]


def test_balance_words_speak_of_the_cards_the_page_shows_and_of_its_seed_field() -> None:
    """The command's summary (its own function), said of the fan's cards: no count of standard cards, no --seed."""
    run = workshop.BalanceRun(BYWAYS, {"games": 30, "seed": 2})
    run.step(30)
    report = run.report()
    words = workshop.balance_words(report, run.fan)
    assert any(line.flag for line in report.cards if line.card not in run.fan)  # standard cards were flagged
    text = " ".join(words["summary"])
    assert "--seed" not in text and "another number in the Seed field" in text
    mine = [line for line in report.cards if line.card in run.fan]
    assert f"flagged: {sum(1 for line in mine if line.flag)} of your 5 cards; " in text
    assert "a typical one of your cards" in text
    assert words["flagged"] == [line.card for line in mine if line.flag]
    for line in report.cards:
        if line.card not in run.fan:
            assert line.card not in text and line.card not in words["flagged"]
    command = balance_command.summary_lines(report)  # the command's own words are unchanged
    assert command[1].startswith(f"flagged: {len(report.flagged)} card(s); ") and "another --seed" in command[1]


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"players": 7}, SimulationError, "--players must be between 2 and 5, got 7"),
        ({"games": 0}, SimulationError, "--games must be at least 1, got 0"),
        ({"bots": "greedy,nobody"}, CastleComboError, "nobody"),
        ({"games": "ten"}, workshop.WorkshopError, "'games' must be a whole number"),
        ({"rounds": 3}, workshop.WorkshopError, "unknown balance option(s) 'rounds'"),
    ],
)
def test_bad_balance_options_get_the_commands_words(options: dict[str, object], error: type[Exception],
                                                    message: str) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        workshop.balance(HERMIT, options)


def test_balance_refuses_broken_cards_with_the_check_message_and_no_temporary_folder() -> None:
    with pytest.raises(CastleComboError) as caught:
        workshop.balance(CASES["a misspelled shield"], {"games": 1})
    assert str(caught.value).startswith("my-cards.ccl:8:37: unknown shield 'faiht'")


def test_javascript_numbers_are_whole_numbers_for_balance() -> None:
    assert workshop.balance(HERMIT, {"games": 2.0, "seed": 1.0}) == workshop.balance(HERMIT, {"games": 2, "seed": 1})


def test_a_game_at_the_table_is_played_to_its_end_with_the_fan_cards_in_the_decks() -> None:
    table = workshop.Table(BYWAYS, players=3, bots="greedy,random", seed=11)
    assert set(table.fan) <= set(table.rules.names)
    assert table.session.state.rules.cards[-1].name == "Relic Seller"
    rng = random.Random(3)
    view = table.view()
    assert view["names"] == ["you", "greedy", "random"]
    while not view["over"]:
        decisions = view["takes"] + view["choices"]
        assert sorted(d["index"] for d in decisions) == list(range(len(decisions)))
        view = table.act(rng.choice(decisions)["index"])
    end = view["html"].split('<div class="end">')[1]
    assert end.count("<svg") == 3  # each seat's score sheet, under the totals
    assert view["verdict"] == final_words(table.session, None)[0]  # the terminal game's words
    assert len(view["log"]) == len(table.session.state.history)


def _grids(html: str) -> dict[int, list[str | None]]:
    """Each seat's slots as the table draws them, in reading order: the card in each, or None."""
    grids = {}
    for seat, body in re.findall(r'<div class="seat[^"]*" data-seat="(\d+)"(.*?)</div></div>(?=<div class="seat|</div>)',
                                 html):
        grids[int(seat)] = [unescape(card) if card else None
                            for _, card in re.findall(r'<div class="slot( filled)?"[^>]*>(?:<svg [^>]*?data-card="([^"]*)")?',
                                                      body)]
    return grids


def test_the_log_names_places_as_the_table_draws_them_and_ends_as_the_replay_page_tells_the_game() -> None:
    """No engine coordinates: "takes X face up at the top left", true of the table drawn now, the replay page's words."""
    table = workshop.Table(BYWAYS, players=3, bots="greedy,random", seed=5)
    rng = random.Random(1)
    view = table.view()
    places = {place: row * 3 + col for (col, row), place in GRID_PLACES.items()}
    checked = 0
    while True:
        grids = _grids(view["html"])
        for seat, name in enumerate(view["names"]):
            if seat == view["me"] and not view["over"]:
                continue  # your grid grows to show the free spaces while you may take a card
            for line in view["log"]:
                said = re.match(rf"{name} takes? (.+?) face (?:up|down) (at the \w+ \w+|in the centre)", line)
                if said:
                    assert grids[seat][places[said.group(2)]] == said.group(1), (line, grids[seat])
                    checked += 1
        assert not any(re.search(r"at \(-?\d+, -?\d+\)", line) for line in view["log"])
        for take in view["takes"]:
            assert take["place"] in GRID_PLACES.values()
        if view["over"]:
            break
        view = table.act(rng.choice(view["takes"] + view["choices"])["index"])
    assert checked > 27
    state = table.session.state
    page = replay_page(state, seats=table.session.seats)
    told = [unescape(said).split(". The game is over")[0]
            for said in re.findall(r'<p class="said">\d+\. (.*?)</p>', page)]
    assert view["log"] == told


def test_each_take_says_where_the_card_would_lie_in_your_grid() -> None:
    view = workshop.Table(HERMIT, players=2, seed=2).view()
    assert {take["place"] for take in view["takes"]} == {"at the top left"}  # the first card starts the grid
    table = workshop.Table(HERMIT, players=2, seed=2)
    view = table.act(view["takes"][0]["index"])
    placed = table.session.state.tableau(0)[0].at
    for take in view["takes"]:
        dx, dy = take["at"][0] - placed[0], take["at"][1] - placed[1]
        expected = {(-1, 0): "at the top left", (1, 0): "at the top middle", (0, -1): "at the top left",
                    (0, 1): "at the middle left"}[(dx, dy)]
        assert take["place"] == expected, take


def test_the_table_shows_a_slot_for_every_free_space_a_card_may_take() -> None:
    view = workshop.Table(HERMIT, players=2, seed=2).view()
    spots = {tuple(take["at"]) for take in view["takes"]}
    assert spots == {(0, 0)}
    assert 'data-at="0,0"' in view["html"]
    row_cards = {take["card"] for take in view["takes"]}
    for name in row_cards:
        assert f'data-card="{name}"' in view["html"].replace("&#x27;", "'")


def test_undo_goes_back_to_your_previous_decision() -> None:
    table = workshop.Table(HERMIT, players=2, seed=4)
    first = table.view()
    assert not first["can_undo"]
    after = table.act(first["takes"][0]["index"])
    assert after["can_undo"] and len(after["log"]) >= 2
    back = table.undo()
    assert not back["can_undo"]
    assert back["log"][-1].startswith("you undid your last decision")
    assert table.session.state.history == ()


def test_an_impossible_table_is_refused_in_the_terminal_games_words() -> None:
    with pytest.raises(PlayError, match="players must be a number from 2 to 5"):
        workshop.Table(HERMIT, players=6)
    with pytest.raises(workshop.WorkshopError, match="decision number 99"):
        workshop.Table(HERMIT, players=2, seed=1).act(99)


@pytest.mark.parametrize("text", [BYWAYS, "", "é ✓ \u2028 card", EXAMPLE])
def test_a_shared_link_carries_the_text_exactly(text: str) -> None:
    fragment = workshop.share_fragment(text)
    assert fragment.startswith("cards=") and all(c.isalnum() or c in "-_=" for c in fragment)
    assert workshop.read_fragment(fragment) == text
    assert workshop.read_fragment("#" + fragment) == text


@pytest.mark.parametrize("fragment", ["#cards=", "#other=abc", "#cards=!!!", "#cards=AAAA"])
def test_a_broken_link_says_so(fragment: str) -> None:
    with pytest.raises(workshop.WorkshopError, match="link"):
        workshop.read_fragment(fragment)


def test_a_gallery_card_opens_as_a_fan_card_of_its_own_name() -> None:
    for card in cc.Ruleset.standard():
        text = workshop.gallery_variant(card)
        assert f'card "My {card.name}"' in text
    checked = workshop.check(workshop.gallery_variant(cc.Ruleset.standard()["Nun"]))
    assert checked["ok"] and [card["name"] for card in checked["cards"]] == ["My Nun"]


def test_the_workshop_runs_without_rich_pygments_or_textual() -> None:
    """The page ships castle-combo without the terminal's libraries: the module must never need them."""
    script = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('rich', 'pygments', 'textual'):\n"
        "            raise ImportError('the Workshop must not import ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "from castle_combo.cli import workshop\n"
        f"text = {HERMIT!r}\n"
        "assert workshop.check(text)['ok']\n"
        "assert workshop.balance(text, {'games': 1})['games'] == 1\n"
        "table = workshop.Table(text, seed=1)\n"
        "view = table.act(table.view()['takes'][0]['index'])\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "ok"
