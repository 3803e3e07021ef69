"""``castle-combo play`` as a person sees it: the real command in a real terminal (tmux) of 80x24.

Each game is played to its last screen with keys only (a card, a spot, face
down), and every kind of screen is captured on the way: the table, picking a
spot, the keys (``?``), the whole log (``l``), the question before leaving
(``q``) and the end. On every capture the line that says what to do (or who
won, and "press any key") must be on the screen, not below its 24th line.

Skipped with the reason when tmux is not installed, unless
``CASTLE_COMBO_REQUIRE_EXTRAS=1`` (as in CI, which installs it).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo.records.serialize import record_seats

pytest.importorskip("textual", reason="the full-screen game needs the play extra (pip install 'castle-combo[play]')")


class Terminal:
    """A tmux server of our own (its own socket) with one 80x24 window running a command."""

    def __init__(self, command: list[str]) -> None:
        tmux = shutil.which("tmux")
        if tmux is None:
            if os.environ.get("CASTLE_COMBO_REQUIRE_EXTRAS") == "1":
                pytest.fail("tmux is not installed; install it with: apt-get install tmux")
            pytest.skip("tmux is not installed (apt-get install tmux) to play in a real terminal")
        self.tmux = [tmux, "-L", f"castle-combo-{uuid.uuid4().hex[:12]}", "-f", os.devnull]
        line = " ".join(f"'{part}'" for part in command)
        self.run("new-session", "-d", "-x", "80", "-y", "24", "-s", "game", f"{line}; sleep 30")

    def run(self, *args: str) -> str:
        return subprocess.run([*self.tmux, *args], check=True, capture_output=True, text=True, timeout=30).stdout

    def screen(self) -> list[str]:
        return self.run("capture-pane", "-p", "-t", "game").rstrip("\n").split("\n")

    def press(self, *keys: str) -> None:
        for key in keys:
            self.run("send-keys", "-t", "game", key)
            if key == "Escape":  # as a person types: a key right after Esc would read as Alt and that key
                time.sleep(0.3)

    def wait_for(self, *patterns: str, timeout: float = 60.0) -> list[str]:
        """The screen once each of ``patterns`` (regular expressions) matches one of its lines."""
        deadline = time.monotonic() + timeout
        while True:
            lines = self.screen()
            if all(any(re.search(pattern, line) for line in lines) for pattern in patterns):
                return lines
            if time.monotonic() > deadline:
                raise AssertionError(f"not all of {patterns!r} are on the screen:\n" + "\n".join(lines))
            time.sleep(0.05)

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True, timeout=30)


def turn(lines: list[str]) -> str:
    found = re.match(r"turn (\d+)/", lines[0])
    return found.group(1) if found else ""


PROMPT = r"^Take a card: its number 1-\d, a spot a(-[a-z])?, then u \(face up\) or d \(face down\)"


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_whole_game_in_an_80x24_terminal_shows_the_prompt_on_every_screen_and_the_winner_at_the_end(
    players: int, tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    command = [sys.executable, "-m", "castle_combo.cli", "play", "--players", str(players), "--bots", "random",
               "--seed", str(40 + players), "--save", str(record), "--name", "Ana"]
    terminal = Terminal(command)
    try:
        lines = terminal.wait_for(PROMPT)
        looked = set()
        for move in range(9):
            assert lines[-2].startswith("Take a card") and "q leave" in lines[-1]  # the prompt: the last lines
            assert sum("pts" in line for line in lines) == players  # everyone's running score
            assert any(re.search(r" Ana  \d+ pts", line) for line in lines)  # yours under your name
            if move == 1:  # every other kind of screen, once
                terminal.press("1")
                lines = terminal.wait_for(r": pick a spot \(")
                terminal.press("Escape", "?")
                lines = terminal.wait_for("press any key to go back to the table")
                assert lines[0] == "Castle Combo: the keys" and any(line.startswith("q ") for line in lines)
                terminal.press("x", "l")
                lines = terminal.wait_for("^the whole log: ", "^you take ")  # the log from its first line
                assert not any("pts" in line for line in lines)  # the table gone
                terminal.press("Escape", "q")
                lines = terminal.wait_for(r"^Leave the game\? y: leave")
                terminal.press("n")
                lines = terminal.wait_for(PROMPT)
                looked.add("all")
            now = turn(lines)
            letter = re.search(r"a spot (a(?:-[a-z])?)", "\n".join(lines))
            assert letter
            terminal.press("1", "a", "d")
            deadline = time.monotonic() + 60
            while True:
                lines = terminal.screen()
                if any("press any key to leave" in line for line in lines) or (
                        turn(lines) not in ("", now) and lines[-2].startswith("Take a card")):
                    break
                assert time.monotonic() < deadline, "\n".join(lines)
                time.sleep(0.05)
        lines = terminal.wait_for("press any key to leave")
        state = cc.replay(json.loads(record.read_text(encoding="utf-8")))
        assert state.is_over and looked == {"all"}
        winners = state.result().winners
        text = "\n".join(lines)
        assert lines[0] == "final scores" and lines[-1] == "press any key to leave"
        assert ("You win" in text or "Shared win" in text) if 0 in winners else re.search(r"won with \d+ points", text)
        for seat in range(players):
            assert re.search(rf"^ (Ana|random( \d)?)( \(winner\))? +.* {state.scores()[seat].total}$", text, re.M)
        assert f"The deal's seed was {40 + players}" in text
        seats = record_seats(record.read_text(encoding="utf-8"))
        assert seats is not None and seats[0].name == "Ana" and all(s.bot == "random" for s in seats[1:])
        terminal.press("x")
    finally:
        terminal.close()
