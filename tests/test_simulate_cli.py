"""`castle-combo simulate`: the DESIGN.md JSON, a readable report, and clean errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from castle_combo.cli import main


def test_json_output_follows_the_design_contract(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "--players", "2", "--bots", "greedy,random", "--games", "4", "--seed", "1", "--json"])
    assert status == 0
    document = json.loads(capsys.readouterr().out)
    assert document["games"] == 4
    assert [seat["bot"] for seat in document["seats"]] == ["greedy", "random"]
    for seat in document["seats"]:
        assert isinstance(seat["wins"], int)
        assert isinstance(seat["mean_score"], float)


def test_jobs_do_not_change_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--bots", "greedy,random", "--games", "4", "--seed", "7", "--json"]
    main([*args, "--jobs", "1"])
    serial = capsys.readouterr().out
    main([*args, "--jobs", "2"])
    assert capsys.readouterr().out == serial


def test_fewer_bots_than_players_are_cycled(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--players", "3", "--bots", "random", "--games", "2", "--json"])
    document = json.loads(capsys.readouterr().out)
    assert [seat["bot"] for seat in document["seats"]] == ["random", "random", "random"]


def test_an_unknown_bot_exits_2_with_a_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "--bots", "greedy,mtcs", "--games", "1"])
    assert status == 2
    err = capsys.readouterr().err
    assert "did you mean 'mcts'" in err
    assert "Traceback" not in err


def test_the_readable_report_shows_win_rates_with_intervals_and_winners_cards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--bots", "greedy,random", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "win rate (95% CI)" in out
    assert "gold left" in out
    assert "cards most often taken by winners" in out


def test_save_writes_one_record_per_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "games"
    main(["simulate", "--bots", "random", "--games", "2", "--json", "--save", str(folder)])
    records = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))]
    assert len(records) == 2
    assert all(r["format"] == "castle-combo/record@1" for r in records)


def test_without_players_there_is_one_seat_per_bot_named(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--bots", "greedy,random,random", "--games", "2", "--json"])
    document = json.loads(capsys.readouterr().out)
    assert [seat["bot"] for seat in document["seats"]] == ["greedy", "random", "random"]


def test_the_bare_command_matches_mcts_against_greedy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [seat["bot"].split(":")[0] for seat in document["seats"]] == ["mcts", "greedy"]


class ChattyBackend:
    """Plays in this process, but writes to standard output first, as Ray's servers can (Python and fd 1)."""

    def run(self, task, context, work):  # type: ignore[no-untyped-def]
        from castle_combo.bots.backends import Processes

        print("chatter through sys.stdout")
        import os

        os.write(1, b"chatter through file descriptor 1\n")
        yield from Processes(1).run(task, context, work)


@pytest.mark.parametrize("command", ["simulate", "balance"])
def test_json_output_stays_pure_whatever_the_games_processes_print(
    command: str, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    from castle_combo.bots import simulate as simulation

    monkeypatch.setattr(simulation, "_backend", lambda *args: ChattyBackend())
    assert main([command, "--bots", "greedy,random", "--games", "2", "--json"]) == 0
    out, err = capfd.readouterr()
    assert json.loads(out)["games"] == 2
    assert "chatter through sys.stdout" in err and "chatter through file descriptor 1" in err


def test_the_piped_report_has_no_blank_first_line_no_trailing_spaces_and_nothing_on_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--bots", "greedy,greedy", "--games", "4", "--jobs", "1"]) == 0
    out, err = capsys.readouterr()
    assert err == "", "a progress bar that cannot redraw itself is not printed, not even as an empty line"
    assert out.startswith("4 games, 2 players")
    assert all(line == line.rstrip() for line in out.splitlines())


def test_the_progress_bar_shows_in_a_terminal_only() -> None:
    import io

    from rich.console import Console

    from castle_combo.cli._simulate_report import progress_bar

    for interactive in (True, False):
        screen = io.StringIO()
        console = Console(file=screen, force_terminal=interactive, force_interactive=interactive, width=80)
        with progress_bar(3, console) as advance:
            advance()
        assert bool(screen.getvalue()) == interactive, interactive
