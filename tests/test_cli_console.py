"""The console the commands print with: no line ends in the spaces rich pads tables and panels with."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from castle_combo.cli import main
from castle_combo.cli._console import Trimmed


def printed(*objects: object, terminal: bool = False, end: str = "\n") -> str:
    screen = io.StringIO()
    console = Console(file=screen, width=40, force_terminal=terminal, color_system="standard" if terminal else None)
    console.print(*objects, end=end)
    return screen.getvalue()


def test_a_trimmed_table_keeps_its_text_and_loses_the_padding() -> None:
    table = Table(title="a title")
    table.add_column("short")
    table.add_column("a longer column")
    table.add_row("x", "y")
    padded = printed(table)
    trimmed = printed(Trimmed(table))
    assert any(line != line.rstrip() for line in padded.splitlines()), "rich pads: else this test proves nothing"
    assert trimmed.splitlines() == [line.rstrip() for line in padded.splitlines()]


def test_a_trimmed_renderable_keeps_its_colours_in_a_terminal() -> None:
    trimmed = printed(Trimmed(Panel("[red]alarm[/red]", expand=False)), terminal=True)
    assert "\x1b[31malarm" in trimmed


def test_trimming_adds_no_new_line_the_renderable_did_not_have() -> None:
    assert printed(Trimmed(Panel("x", expand=False)), end="") == printed(Panel("x", expand=False), end="")


def test_the_score_pad_printed_to_a_pipe_has_no_trailing_spaces(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "tableau.json"
    grid = [["Nun", "Judge", "Banker"], ["Scribe", "Baker", "Farmer"], ["Beggar", "Traveler", "face-down"]]
    scenario.write_text(json.dumps({"grid": grid, "keys": 2, "gold": 3}), encoding="utf-8")
    assert main(["score", str(scenario)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any("Judge" in line for line in lines)
    assert all(line == line.rstrip() for line in lines)
