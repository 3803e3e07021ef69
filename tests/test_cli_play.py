"""`castle-combo play` driven end to end through its input stream, as a person would type."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest
from rich.console import Console

from castle_combo.cli import main
from castle_combo.cli.play import play
from castle_combo.engine.actions import Take


def _run(lines: list[str], **options: object) -> str:
    """Play with ``lines`` as the keyboard; return everything printed."""
    out = io.StringIO()
    console = Console(file=out, width=160, force_terminal=False, color_system=None)
    status = play(stdin=io.StringIO("\n".join(lines) + "\n"), console=console, **options)  # type: ignore[arg-type]
    assert status == 0
    return out.getvalue()


def test_a_whole_game_with_help_a_bad_line_and_undo_ends_with_the_score_sheets() -> None:
    script = ["help", "take everything", "#99", "#1", "undo"] + ["#1"] * 60
    text = _run(script, players=2, bots=("random",), seed=3)
    assert "Commands: moves, undo" in text  # help
    assert "no card 'everything'" in text  # the bad line got a hint
    assert "there is no move 99" in text
    assert "Undone: back to your previous decision" in text
    assert "final scores" in text and "The deal's seed was 3" in text
    assert "Traceback" not in text


def test_the_screen_shows_rows_costs_messenger_tableaux_and_supplies_in_80_by_24() -> None:
    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=False, color_system=None)
    assert play(stdin=io.StringIO("quit\n"), console=console, players=3, bots=("greedy",), seed=5, seat=1) == 0
    text = out.getvalue()
    assert re.search(r"(Castle|Village) row \(messenger\)", text) and re.search(r"(Castle|Village) row: ", text)
    assert "greedy 0" in text and "greedy 2" in text and re.search(r"greedy 0 +\d+ pts +\d+g \d+k", text)
    assert re.search(r"you: \d+ gold, \d+ keys", text)
    assert "Take a card: its number 1-3" in text
    assert "You left the game." in text
    screen = text[text.index("turn ") : text.index("your move>")]
    assert len(screen.splitlines()) <= 24 and max(len(line) for line in screen.splitlines()) <= 80


def test_the_seed_of_the_deal_is_not_shown_during_the_game() -> None:
    """The seed rebuilds the whole deal: it is told at the end, never before."""
    text = _run(["quit"], seed=123456)
    assert "123456" not in text


def test_bots_moves_are_told_in_words_before_your_turn() -> None:
    text = _run(["quit"], players=2, bots=("greedy",), seed=5, seat=1)
    assert re.search(r"^greedy (takes|spends) ", text, re.MULTILINE)


def test_moves_are_told_with_the_replay_pages_words_while_typed_coordinates_still_play() -> None:
    """The log says "at the top left" (no engine coordinates); "nun 0 1 down" style input is unchanged."""
    from castle_combo.cli._play_session import new_session

    probe = new_session(2, ["greedy"], 8)
    probe.bots_play()
    card = next(a for a in probe.legal() if isinstance(a, Take)).card
    text = _run([f"{card.lower()} 0 0 down", "quit"], players=2, bots=("greedy",), seed=8)
    assert f"you take {card} face down at the top left, gain 6 gold and 2 keys" in text
    assert re.search(r"^greedy takes .+ face (up|down) (at the (top|middle|bottom) \w+|in the centre)", text, re.M)
    assert not re.search(r"(take|takes) .* at \(-?\d+, -?\d+\)", text)


def test_undo_before_any_move_says_there_is_nothing_to_undo() -> None:
    text = _run(["undo", "quit"], seed=2)
    assert "nothing to undo" in text


def test_end_of_input_leaves_the_game_cleanly() -> None:
    out = io.StringIO()
    console = Console(file=out, width=160, force_terminal=False, color_system=None)
    assert play(stdin=io.StringIO("1\n"), console=console, seed=4) == 0
    assert "end of input" in out.getvalue()


def test_the_compact_syntax_plays_a_move() -> None:
    text = _run(["move", "quit"], seed=3)
    assert "you spend a key to move the messenger" in text


@pytest.mark.parametrize("argv, message", [(["--seat", "4"], "--seat must be between 0 and 1"), (["--players", "7"], "between 2 and 5"), (["--bots", "greedy,greedy,greedy", "--players", "3"], "3 bots for 2 bot seats")])
def test_impossible_games_exit_2_without_a_traceback(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_the_installed_command_plays_through_a_pipe() -> None:
    moves = "\n".join(["#1"] * 40) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "castle_combo.cli", "play", "--seed", "11", "--bots", "random"],
        input=moves,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "final scores" in done.stdout
    assert "Traceback" not in done.stderr


def test_a_5000_digit_number_or_a_line_that_is_not_utf8_only_gets_a_hint() -> None:
    """Hostile input never ends the game: the player is asked again."""
    out = io.StringIO()
    console = Console(file=out, width=160, force_terminal=False, color_system=None)
    keyboard = io.TextIOWrapper(io.BytesIO(b"9" * 5000 + b"\n\xff\xfe caf\xe9\n" + b"#1\n" * 60), encoding="utf-8")
    assert play(stdin=keyboard, console=console, players=2, bots=("random",), seed=3) == 0
    text = out.getvalue()
    assert "that number is far too long" in text and "not UTF-8 text" in text
    assert "final scores" in text


def test_play_without_a_seed_deals_from_a_128_bit_seed_of_the_operating_systems_randomness(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 31-bit seed could be found from the six opening cards by trying them all, and then predict every deck."""
    import random

    import castle_combo

    seeds: list[int] = []
    real_new_game = castle_combo.new_game

    def recording(**options: object) -> object:
        seeds.append(options["seed"])  # type: ignore[arg-type]
        return real_new_game(**options)  # type: ignore[arg-type]

    monkeypatch.setattr(castle_combo, "new_game", recording)
    for _ in range(4):
        random.seed(7)  # Python's own generator, seeded alike each time, plays no part
        _run(["quit"], players=2, bots=("random",))
    assert len(set(seeds)) == 4
    assert all(seed.bit_length() <= 128 for seed in seeds) and max(seeds).bit_length() > 100
    text = _run(["quit"], players=2, bots=("random",))
    assert not re.search(r"\d{20,}", text)  # the seed is not told before the game ends


def test_a_bare_number_when_a_card_may_be_taken_spends_no_key_and_asks() -> None:
    """The screen numbers the row's cards; a bare 1 used to play move 1 of the list, spending a key unasked."""
    import castle_combo as cc

    out = io.StringIO()
    console = Console(file=out, width=160, force_terminal=False, color_system=None)
    assert play(stdin=io.StringIO("1\nquit\n"), console=console, players=2, bots=("random",), seed=3, save=None) == 0
    text = out.getvalue()
    assert "'1' alone could mean either, so nothing was played" in text and "1a" in text and "#1 (move)" in text
    assert "spends a key" not in text and "you spend a key" not in text.lower()
    game = cc.new_game(players=2, seed=3)
    assert "moves the messenger" not in text  # the game never moved on
    assert game.players[0].keys == 2
