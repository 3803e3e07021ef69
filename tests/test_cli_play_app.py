"""The full-screen terminal game, driven by Textual's pilot at 80x24 as a person would play it."""

from __future__ import annotations

import asyncio
import json
import random
import re
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
    """The board as drawn at 80 columns, then the prompt under it."""
    from rich.console import Console

    console = Console(width=80, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(app.shown)
    return console.export_text() + "\n".join(app.prompt_shown)


def test_a_card_a_spot_and_a_side_take_a_card_and_the_screen_fits_80x24() -> None:
    async def scenario() -> None:
        app = PlayApp(session())
        async with app.run_test(size=(80, 24)) as pilot:
            view = app.session.view
            first = view.row(view.messenger)[0].name
            text = board_text(app)
            assert len(text.rstrip("\n").splitlines()) <= 24
            assert "Take a card" in app.prompt_shown[0] and first in text
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
            assert app.mode == "help" and "undo your last decision" in board_text(app)

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


def test_leaving_asks_first_and_no_keeps_playing(tmp_path: Path) -> None:
    record = tmp_path / "left.json"

    async def scenario() -> None:
        app = PlayApp(session(seed=5), str(record))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("q")
            assert app.mode == "leaving" and app.prompt_shown[0].startswith("Leave the game? y: leave")
            assert str(record) in app.prompt_shown[1]
            await pilot.press("n")
            assert app.mode == "table" and not record.exists()
            await pilot.press("ctrl+c")
            assert app.mode == "leaving"
            await pilot.press("escape")
            assert app.mode == "table"
            await pilot.press("q", "y")
        assert app.return_code == 0

    asyncio.run(scenario())
    assert not cc.replay(json.loads(record.read_text(encoding="utf-8"))).is_over


def test_the_keys_and_the_whole_log_are_screens_of_their_own_that_any_key_or_esc_closes() -> None:
    async def scenario() -> None:
        app = PlayApp(session(seed=7, players=5))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("1", "a", "d", "?")
            text = board_text(app)
            assert app.mode == "help" and text.startswith("Castle Combo: the keys")
            assert len(text.splitlines()) <= 24 and max(len(line) for line in text.splitlines()) <= 80
            await pilot.press("x")
            assert app.mode == "table"
            await pilot.press("l")
            assert app.mode == "log" and app.prompt_shown[0].startswith("the whole log")
            await pilot.press("pageup", "down", "home")
            assert app.mode == "log"
            await pilot.press("escape")
            assert app.mode == "table" and app.card is None

    asyncio.run(scenario())


def _choice_first() -> Session:
    """A game whose first move can be a face-up card that asks you to choose."""
    for seed in range(200):
        game = session(seed=seed, players=5)
        view = game.view
        take = next(a for a in game.legal() if isinstance(a, cc.Take) and not a.face_down and a.at == (0, 0))
        if take.card == view.row(view.messenger)[0].name and game.state.apply(take).pending is not None:
            return game
    raise AssertionError("no seed found")


def test_a_decision_lists_its_answers_under_the_table_and_a_number_answers() -> None:
    async def scenario() -> None:
        app = PlayApp(_choice_first())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("1", "a", "u")
            assert app.session.view.pending is not None
            assert app.prompt_shown[0].startswith("Decide: type the number of your answer")
            answers = app.prompt_shown[1:]
            assert 2 <= len(answers) <= 3 and answers[0].startswith("1 ")
            assert len(board_text(app).splitlines()) <= 24
            await pilot.press("1")
            assert app.session.view.pending is None or app.session.state.current_player != 0

    asyncio.run(scenario())


def test_the_table_leaves_room_for_the_prompt_and_a_log_line_at_every_decision_of_five_player_games() -> None:
    """The board is at most 19 lines (18 while a decision is asked), so a five-line prompt and a log line fit 24."""
    from rich.console import Console

    from castle_combo.cli.tui import board

    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    for seed in range(2):  # both reach the tallest boards: 19 lines, and 18 during a decision
        state = cc.new_game(players=5, seed=seed, rules=rules)
        rng = random.Random(seed)
        names = ["you", "greedy 1", "greedy 2", "random 3", "a bot with a long name"]
        while not state.is_over:
            me = state.current_player
            console = Console(width=80, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
            console.print(board(state.view(me), me, names[me:] + names[:me]))
            lines = console.export_text().rstrip("\n").split("\n")
            assert len(lines) <= (18 if state.pending is not None else 19), "\n".join(lines)
            assert max(len(line) for line in lines) <= 80
            state = state.apply(rng.choice(state.legal_actions()))


def test_the_end_screen_of_five_players_fits_80x24_names_you_by_your_name_and_cuts_long_names_with_an_ellipsis(
) -> None:
    """``--name Ana``: the score lines say Ana (the record's name), the prompts still say "you"."""
    from castle_combo.cli._play_session import new_session
    from castle_combo.cli.tui import shorten

    for seed in range(20):
        game = new_session(5, ["random"], seed, 0, None, "Ana")
        rng = random.Random(seed)
        game.bots_play()
        assert "Ana" in board_text_of(game) and "your move" in board_text_of(game)
        while not game.state.is_over:
            game.play(rng.choice(game.legal()))
            game.bots_play()
        placed = [t.card.name for seat in range(5) for t in game.state.tableau(seat) if not t.face_down]
        if max(len(name) for name in placed) > 13:
            break
    else:
        raise AssertionError("no game with a card name longer than 13 characters")

    async def scenario() -> None:
        app = PlayApp(game)
        async with app.run_test(size=(80, 24)):
            assert app.finished
            text = board_text(app)
            lines = text.rstrip("\n").split("\n")
            assert len(lines) <= 24 and max(len(line) for line in lines) <= 80, text
            assert lines[-1] == "press any key to leave"
            assert re.search(r"^ Ana( \(winner\))? ", text, re.M) and not re.search(r"^ you ", text, re.M)
            assert "You win" in text or "you scored" in text or "Shared win" in text  # spoken to, not named
            for name in placed:
                assert shorten(name, 13) in text, name
            assert "\u2026" in text  # at least one name ends in an ellipsis, never cut bare

    asyncio.run(scenario())


def board_text_of(game: Session) -> str:
    """The table of a game in progress as the full-screen app draws it at 80 columns."""
    from rich.console import Console

    from castle_combo.cli.tui import board

    console = Console(width=80, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(board(game.view, game.me, game.player_names))
    return console.export_text()
