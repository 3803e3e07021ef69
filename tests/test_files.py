"""Files in and out: only regular files of bounded size are read, and every file is written whole, never over another.

Reading: a FIFO given as a record used to hang ``replay`` and ``score``, and
``/dev/zero`` (or a huge file) to end in a MemoryError; now anything but a
regular file is refused at once, and a file over the size limit is refused
with the limit in the message. Writing: ``replay --html``, ``render`` and
``balance --svg`` wrote in place and ``replay --html`` replaced a file
unasked; now every command writes through one atomic writer and replaces a
file only with ``--overwrite``; two ``simulate --save`` runs into one folder
cannot mix or replace each other's records; ``render`` keeps colliding and
overlong card names apart.
"""

from __future__ import annotations

import errno
import io
import json
import os
import stat
import threading
from pathlib import Path
from typing import Any

import pytest

import castle_combo as cc
from castle_combo import files
from castle_combo.bots.simulate import simulate
from castle_combo.cli import main
from castle_combo.cli.render import MAX_STEM, file_names
from castle_combo.errors import CastleComboError, SimulationError

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")


def run_briefly(argv: list[str], seconds: float = 20) -> int:
    """``main(argv)``, failing the test (not hanging the suite) if it does not return within ``seconds``."""
    status: list[int] = []
    worker = threading.Thread(target=lambda: status.append(main(argv)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert status, f"castle-combo {' '.join(argv)} still runs after {seconds} s"
    return status[0]


# --------------------------------------------------------------------- reading

@needs_fifo
@pytest.mark.parametrize("command", ["replay", "score"])
def test_a_fifo_given_as_a_record_or_scenario_is_refused_without_waiting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    assert run_briefly([command, str(fifo)]) == 2
    assert f"error: {fifo}: a named pipe (FIFO), not a regular file" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["replay", "score"])
def test_dev_zero_given_as_a_record_or_scenario_is_refused_not_read_to_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    for path in ("/dev/zero", str(link)):
        assert run_briefly([command, path]) == 2
        assert f"error: {path}: a device, not a regular file" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["replay", "score"])
def test_a_file_over_the_size_limit_is_refused_stating_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as stream:
        stream.truncate(files.MAX_FILE_BYTES + 1)  # sparse: no disk used
    assert main([command, str(huge)]) == 2
    assert f"error: {huge}: more than 1 MiB, the most a " in capsys.readouterr().err


def test_a_text_over_the_size_limit_given_to_the_api_is_refused_before_it_is_parsed() -> None:
    text = '{"players": 2, "seed": 1, "actions": [' + "1," * files.MAX_FILE_BYTES + "1]}"
    for read in (cc.loads, cc.replay):
        with pytest.raises(cc.RecordError, match="longer than 1 MiB"):
            read(text)


def test_a_regular_file_up_to_the_limit_is_read_and_a_folder_is_refused(tmp_path: Path) -> None:
    exact = tmp_path / "exact.json"
    exact.write_bytes(b" " * 100)
    assert files.read_file(exact, CastleComboError, limit=100) == b" " * 100
    with pytest.raises(CastleComboError, match="more than 99 bytes"):
        files.read_file(exact, CastleComboError, limit=99)
    with pytest.raises(CastleComboError, match="a folder, not a"):
        files.read_file(tmp_path, CastleComboError)
    with pytest.raises(CastleComboError, match="cannot read it: No such file"):
        files.read_file(tmp_path / "missing.json", CastleComboError)


# --------------------------------------------------------------------- writing

def record_file(tmp_path: Path) -> Path:
    game = cc.new_game(players=2, seed=3)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    return path


def writers(tmp_path: Path) -> dict[str, tuple[list[str], Path]]:
    """Every command that writes a file: its arguments and the file it writes (in ``tmp_path``)."""
    record = record_file(tmp_path)
    return {
        "replay --html": (["replay", str(record), "--html", str(tmp_path / "page.html")], tmp_path / "page.html"),
        "balance --svg": (["balance", "--bots", "random,random", "--games", "2", "--jobs", "1", "--svg",
                           str(tmp_path / "chart.svg")], tmp_path / "chart.svg"),
        "render": (["render", "--out", str(tmp_path / "pictures")], tmp_path / "pictures" / "nun.svg"),
        "simulate --save": (["simulate", "--bots", "random,random", "--games", "1", "--jobs", "1", "--save",
                             str(tmp_path / "records")], tmp_path / "records" / "game-00001.json"),
        "play --save": (["play", "--plain", "--bots", "random", "--seed", "2", "--save",
                         str(tmp_path / "mine.json")], tmp_path / "mine.json"),
    }


WRITERS = ["replay --html", "balance --svg", "render", "simulate --save", "play --save"]


@pytest.fixture()
def quit_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``play`` reads 'quit' from its input, so it leaves (and saves) at its first decision."""
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))


@pytest.mark.parametrize("writer", WRITERS)
def test_no_command_replaces_an_existing_file_without_overwrite(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], quit_at_once: None, writer: str
) -> None:
    argv, target = writers(tmp_path)[writer]
    target.parent.mkdir(exist_ok=True)
    target.write_text("keep me", encoding="utf-8")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "--overwrite" in err and "Traceback" not in err
    assert target.read_text(encoding="utf-8") == "keep me"
    assert main([*argv, "--overwrite"]) == 0
    assert target.read_text(encoding="utf-8") != "keep me"


class DiskFull(io.RawIOBase):
    """A stream whose every write fails as on a full disk."""

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("writer", WRITERS)
def test_every_writer_writes_whole_files_so_a_full_disk_leaves_the_old_file_and_no_litter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, quit_at_once: None,
    writer: str
) -> None:
    argv, target = writers(tmp_path)[writer]
    target.parent.mkdir(exist_ok=True)
    target.write_text("the old file", encoding="utf-8")
    real_fdopen = os.fdopen

    def full(fd: int, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if "w" in mode:
            os.close(fd)
            return DiskFull()
        return real_fdopen(fd, mode, *args, **kwargs)

    monkeypatch.setattr(os, "fdopen", full)
    assert main([*argv, "--overwrite"]) == 2 or writer == "simulate --save"  # simulate reports it after the games
    err = capsys.readouterr().err
    assert "No space left on device" in err and "Traceback" not in err
    if writer != "simulate --save":  # simulate deletes an earlier run's records when told to overwrite them
        assert target.read_text(encoding="utf-8") == "the old file"
    litter = [p.name for p in tmp_path.rglob("*") if p.name.startswith(".castle-combo")]
    assert litter == []


def test_two_simulate_save_runs_into_one_folder_never_overwrite_each_others_records(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    first_is_saving, second_is_done = threading.Event(), threading.Event()
    second: list[BaseException | None] = []

    def hold(_: object) -> None:
        first_is_saving.set()
        second_is_done.wait(30)

    def start_second() -> None:
        first_is_saving.wait(30)
        try:
            simulate(["random", "greedy"], games=4, seed=2, save=folder, overwrite=True)
            second.append(None)
        except BaseException as error:
            second.append(error)
        second_is_done.set()

    other = threading.Thread(target=start_second)
    other.start()
    simulate(["random", "random"], games=4, seed=1, save=folder, progress=hold)
    other.join(30)
    assert isinstance(second[0], SimulationError)
    assert "another castle-combo run is writing into" in str(second[0])
    alone = tmp_path / "alone"
    simulate(["random", "random"], games=4, seed=1, save=alone)
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in alone.iterdir())
    for path in alone.iterdir():
        assert (folder / path.name).read_bytes() == path.read_bytes()


def test_a_folder_claim_is_released_when_the_run_ends_even_by_an_error(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError), files.claim_folder(tmp_path / "f", CastleComboError):
        raise RuntimeError("the run failed")
    with files.claim_folder(tmp_path / "f", CastleComboError) as folder:
        assert (folder / files.LOCK_NAME).exists()
    assert list((tmp_path / "f").iterdir()) == []


def test_a_file_that_appears_while_it_is_written_is_left_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "out.json"
    real_mkstemp = files.tempfile.mkstemp

    def and_someone_else_writes(*args: Any, **kwargs: Any) -> Any:
        target.write_text("theirs", encoding="utf-8")
        return real_mkstemp(*args, **kwargs)

    monkeypatch.setattr(files.tempfile, "mkstemp", and_someone_else_writes)
    with pytest.raises(CastleComboError, match="appeared while it was being written"):
        files.write_file(target, "mine", CastleComboError)
    assert target.read_text(encoding="utf-8") == "theirs"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


@needs_fifo
@pytest.mark.parametrize("writer", ["replay --html", "balance --svg", "play --save"])
def test_overwrite_never_replaces_a_fifo_or_a_device_with_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], quit_at_once: None, writer: str
) -> None:
    """``--html /dev/null --overwrite`` run as root used to rename the page over /dev/null (found by the fuzz campaign)."""
    argv, target = writers(tmp_path)[writer]
    os.mkfifo(target)
    assert run_briefly([*argv, "--overwrite"]) == 2
    assert f"{target} is a named pipe (FIFO), not a regular file; castle-combo replaces only regular files" in \
        capsys.readouterr().err
    assert target.is_fifo()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".castle-combo")] == []


def test_the_writer_replaces_a_regular_file_or_a_symlink_never_a_special_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(CastleComboError, match="is a named pipe"):
        files.write_file(fifo, "text", CastleComboError, overwrite=True)
    device = tmp_path / "null"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a /dev/null of our own, if we may make one
    except (OSError, AttributeError):
        pass
    else:
        with pytest.raises(CastleComboError, match="is a device, not a regular file"):
            files.write_file(device, "text", CastleComboError, overwrite=True)
        assert stat.S_ISCHR(device.lstat().st_mode)
    real = tmp_path / "real.txt"
    real.write_text("theirs", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    files.write_file(link, "mine", CastleComboError, overwrite=True)  # the link is replaced, never followed
    assert real.read_text(encoding="utf-8") == "theirs" and not link.is_symlink()
    assert link.read_text(encoding="utf-8") == "mine"


def test_a_written_file_gets_the_usual_permissions_and_a_missing_folder_is_named(tmp_path: Path) -> None:
    written = files.write_file(tmp_path / "a.txt", "text", CastleComboError)
    mask = os.umask(0o022)
    os.umask(mask)
    assert written.stat().st_mode & 0o777 == 0o666 & ~mask
    with pytest.raises(CastleComboError, match=r"its folder .*nowhere does not exist"):
        files.write_file(tmp_path / "nowhere" / "a.txt", "text", CastleComboError)
    with pytest.raises(CastleComboError, match="is a folder"):
        files.write_file(tmp_path, "text", CastleComboError, overwrite=True)


def fan_cards(folder: Path, names: list[str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "fan.ccl"
    path.write_text("".join(f'card "{name}" {{ deck castle cost 3 shields faith }}\n' for name in names),
                    encoding="utf-8")
    return path


def test_render_keeps_colliding_file_names_apart_and_shortens_long_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    long = "Very " * 60 + "Long"
    first = fan_cards(tmp_path / "a", ["Nun!", "NÜN", long, long + " Two"])
    second = fan_cards(tmp_path / "b", ["Fan Card"])  # a second file named fan.ccl: its own sheets
    out = tmp_path / "pictures"
    assert main(["render", str(first), str(second), "--out", str(out), "--sheets"]) == 0
    written = sorted(p.name for p in out.iterdir())
    cards = [name for name in written if name.endswith(".svg") and not name.startswith("fan")]
    assert len(cards) == 4 and "nun.svg" in cards and "fan-card.svg" in written
    assert all(len(name) <= MAX_STEM + len(".svg") for name in written)
    texts = [(out / name).read_text(encoding="utf-8") for name in cards]
    assert sum(f'aria-label="{long}"' in text for text in texts) == 1
    sheets = [name for name in written if name.startswith("fan") and name != "fan-card.svg"]
    assert "fan.pdf" in sheets and len([name for name in sheets if name.endswith(".pdf")]) == 2 or \
        len({name.split("-0")[0] for name in sheets}) == 2


def test_card_file_names_are_unique_even_for_the_same_name_twice() -> None:
    nun = cc.Ruleset.standard()["Nun"]
    assert file_names([nun, nun, nun]) == ["nun", f"nun-{file_names([nun], taken=['nun'])[0][4:]}",
                                          f"nun-{file_names([nun], taken=['nun'])[0][4:]}-2"]
