"""The replay page speaks the picture's language: names, places, rings around what changed, the true final gold."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import attrs
import pytest

import castle_combo as cc
from castle_combo.engine.record import Seat
from castle_combo.records.narration import GRID_PLACES, grid_place, narrate
from castle_combo.records.replay_page import replay_page, states_of


@attrs.define
class Slot:
    card: str | None
    changed: bool


@attrs.define
class Step:
    said: str = ""
    rows: list[tuple[str, bool]] = attrs.Factory(list)
    seats: list[dict[str, object]] = attrs.Factory(list)
    sheets: list[str] = attrs.Factory(list)


class Page(HTMLParser):
    """Each step as the page draws it: the words, the row cards, every seat's heading, supply and 3x3 slots."""

    def __init__(self) -> None:
        super().__init__()
        self.steps: list[Step] = []
        self.where = ""

    def handle_starttag(self, tag: str, attrs_: list[tuple[str, str | None]]) -> None:
        found = dict(attrs_)
        classes = (found.get("class") or "").split()
        if tag == "section":
            self.steps.append(Step())
        elif not self.steps:
            return
        step = self.steps[-1]
        if tag == "p" and "said" in classes:
            self.where = "said"
        elif "seat" in classes and tag == "div":
            step.seats.append({"gold": int(found["data-gold"] or 0), "keys": int(found["data-keys"] or 0),
                               "title": "", "slots": []})
        elif tag == "h3":
            self.where = "title"
        elif tag == "div" and "slot" in classes:
            step.seats[-1]["slots"].append(Slot(None, False))  # type: ignore[union-attr]
        elif tag == "svg" and "card" in classes:
            slot = Slot(found["data-card"], found.get("data-changed") == "1")
            if "full" in classes:
                step.rows.append((slot.card or "", slot.changed))
            else:
                step.seats[-1]["slots"][-1] = slot  # type: ignore[index]
        elif tag == "svg" and "score sheet" in (found.get("aria-label") or ""):
            step.sheets.append(found["aria-label"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("p", "h3"):
            self.where = ""

    def handle_data(self, data: str) -> None:
        if self.where == "said":
            self.steps[-1].said += data
        elif self.where == "title":
            self.steps[-1].seats[-1]["title"] += data  # type: ignore[operator]


def game(players: int, seed: int, expansion: bool = True) -> cc.GameState:
    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette") if expansion else cc.Ruleset.standard()
    state = cc.new_game(players=players, seed=seed, rules=rules)
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


SEATS = (Seat("Ana"), Seat("greedy 1", "greedy"), Seat("Mo", "mcts:8"))


@pytest.fixture(scope="module")
def three() -> tuple[cc.GameState, list[Step]]:
    state = game(3, 8)
    parser = Page()
    parser.feed(replay_page(state, seats=SEATS))
    return state, parser.steps


def test_the_players_are_named_with_their_bots(three: tuple[cc.GameState, list[Step]]) -> None:
    _, steps = three
    titles = [str(seat["title"]) for seat in steps[5].seats]
    assert titles[0].startswith("Ana") and "bot" not in titles[0]
    assert titles[1].startswith("greedy 1") and "greedy bot" in titles[1] and "mcts:8 bot" in titles[2]
    assert any(step.said.startswith(("6. Ana ", "6. greedy 1 ", "6. Mo ")) for step in steps)


def test_a_card_never_moves_once_placed(three: tuple[cc.GameState, list[Step]]) -> None:
    _, steps = three
    for seat in range(3):
        home: dict[str, int] = {}
        for step in steps:
            for index, slot in enumerate(step.seats[seat]["slots"]):  # type: ignore[arg-type]
                if slot.card is not None:
                    assert home.setdefault(slot.card, index) == index, (slot.card, step.said)


def test_each_take_is_named_where_the_picture_rings_it(three: tuple[cc.GameState, list[Step]]) -> None:
    state, steps = three
    places = {place: index for (col, row), place in GRID_PLACES.items() for index in [row * 3 + col]}
    takes = 0
    for n, action in enumerate(state.history, start=1):
        if not isinstance(action, cc.Take):
            continue
        mover = states_of(state)[n - 1].current_player
        ringed = [(i, slot.card) for i, slot in enumerate(steps[n].seats[mover]["slots"])  # type: ignore[arg-type]
                  if slot.changed]
        said = re.search(rf"takes {re.escape(action.card)} face (up|down) (at the \w+ \w+|in the centre)",
                         steps[n].said)
        assert said, steps[n].said
        assert (places[said.group(2)], action.card) in ringed, (steps[n].said, ringed)
        assert "(" not in said.group(0)  # no engine coordinates the picture never shows
        takes += 1
    assert takes == 27


def test_a_refilled_row_rings_its_new_cards(three: tuple[cc.GameState, list[Step]]) -> None:
    state, steps = three
    for n in range(1, len(steps)):
        before = {card for card, _ in steps[n - 1].rows}
        assert {card for card, changed in steps[n].rows if changed} == {card for card, _ in steps[n].rows} - before


def test_the_last_step_shows_the_gold_after_the_purses_are_filled(three: tuple[cc.GameState, list[Step]]) -> None:
    state, steps = three
    last = steps[-1]
    sheets = state.scores()
    assert [seat["gold"] for seat in last.seats] == [sheet.gold_left for sheet in sheets]
    assert [seat["keys"] for seat in last.seats] == [p.keys for p in state.players]
    assert "leftover gold fills their purse cards" in last.said
    assert [label.split(":")[0] for label in last.sheets] == [
        s.name + (" (winner)" if i in state.result().winners else "") for i, s in enumerate(SEATS)]


def test_without_seats_the_page_numbers_them() -> None:
    parser = Page()
    parser.feed(replay_page(game(2, 3, expansion=False)))
    assert [seat["title"] for seat in parser.steps[0].seats] == ["seat 0 - to play", "seat 1"]


def test_narration_names_grid_places_from_the_final_grid() -> None:
    state = cc.new_game(players=2, seed=1)
    take = next(a for a in state.legal_actions() if isinstance(a, cc.Take))
    after = state.apply(take)
    said = narrate(state, take, after, ["Ana", "Bo"], grid_place([(-1, -1), (0, 0)]))
    assert f"Ana takes {take.card} face {'down' if take.face_down else 'up'} in the centre" in said
    assert f"at ({take.at[0]}, {take.at[1]})" in narrate(state, take, after, ["Ana", "Bo"])
