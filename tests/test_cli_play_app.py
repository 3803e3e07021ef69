"""The full-screen terminal game, driven by Textual's pilot at 80x24 as a person would play it."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import castle_combo as cc
from castle_combo.bots.registry import make_agent
from castle_combo.bots.simulate import derive_seed
from castle_combo.cli._play_session import Session, names_for
from castle_combo.cli.play_app import PlayApp
from castle_combo.cli.tui import spot_labels


def session(seed: int = 4, players: int = 2, rules: cc.Ruleset | None = None) -> Session:
    bots = {s: make_agent("random") for s in range(1, players)}
    rngs = {s: random.Random(derive_seed(seed, 0, f"seat{s}")) for s in bots}
    return Session(cc.new_game(players=players, seed=seed, rules=rules), 0, bots, rngs, seed,
                   names_for(players, 0, bots))


def board_text(app: PlayApp) -> str:
    from rich.console import Console

    console = Console(width=80, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(app.shown)
    return console.export_text()


def test_a_card_a_spot_and_a_side_take_a_card_and_the_screen_fits_80x24() -> None:
    async def scenario() -> None:
        app = PlayApp(session())
        async with app.run_test(size=(80, 24)) as pilot:
            view = app.session.view
            first = view.row(view.messenger)[0].name
            text = board_text(app)
            assert len(text.rstrip("\n").splitlines()) <= 24
            assert "Take a card" in text and first in text
            await pilot.press("1")
            assert app.card == 1 and "pick a spot" in board_text(app)
            await pilot.press("a")
            assert app.spot == (0, 0)
            await pilot.press("d")
            assert app.session.state.players[0].tableau[0].face_down
            assert app.card is None and app.session.my_turn
            assert any(line.startswith("you take " + first) for line in app.session.log)

    asyncio.run(scenario())


def test_escape_steps_back_and_undo_returns_to_the_previous_decision() -> None:
    async def scenario() -> None:
        app = PlayApp(session(seed=6))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("2", "escape")
            assert app.card is None
            before = app.session.view
            await pilot.press("1", "a", "d")
            assert len(app.session.state.players[0].tableau) == 1
            await pilot.press("z")
            after = app.session.view
            assert len(after.players[0].tableau) == 0
            assert after.row(after.messenger) == before.row(before.messenger)

    asyncio.run(scenario())


def test_typed_commands_work_in_the_command_line() -> None:
    async def scenario() -> None:
        app = PlayApp(session(seed=3))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press(":")
            await pilot.press(*"move", "enter")
            assert app.session.state.history[-1] == cc.UseKey(cc.KeyUse.MOVE)
            await pilot.press(":")
            await pilot.press(*"help", "enter")
            assert any("undo" in line for line in app.note)

    asyncio.run(scenario())


def test_a_whole_game_with_keys_only_ends_on_the_score_sheets_and_saves_the_record(tmp_path: Path) -> None:
    record = tmp_path / "game.json"

    async def scenario() -> None:
        app = PlayApp(session(seed=9, players=3, rules=cc.Ruleset.standard().with_expansion("out-of-the-oubliette")),
                      str(record))
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(80):
                if app.finished:
                    break
                view = app.session.view
                if view.pending is not None:
                    await pilot.press("1")
                else:
                    letter = min(spot_labels(view, 0).values())
                    await pilot.press("1", letter, "d")
            assert app.finished
            text = board_text(app)
            assert "final scores" in text and "seed was 9" in text
            await pilot.press("x")
        assert app.return_code == 0

    asyncio.run(scenario())
    game = json.loads(record.read_text(encoding="utf-8"))
    assert cc.replay(game).is_over
