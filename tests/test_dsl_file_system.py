"""Card paths that are not plain files: each is a located error, all reported at once, and nothing hangs.

A hostile (or unlucky) folder may hold a FIFO named ``a.ccl`` (reading it
would wait forever), a link to ``/dev/zero`` (reading it would never end), a
sub-folder that cannot be listed, a directory named ``x.ccl``, a file that
cannot be read or a loop of symbolic links. ``castle-combo check`` must
report every one of them, with its path and a fix, and go on with the rest.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from castle_combo.cli import main
from castle_combo.errors import CastleComboError
from castle_combo.language import check_paths, load_file

NUN = 'card "Nun" { deck castle cost 3 shields faith }\n'


def good_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "nun.ccl").write_text(NUN, encoding="utf-8")
    return folder


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_named_like_a_card_file_is_refused_without_waiting(tmp_path: Path) -> None:
    folder = good_folder(tmp_path)
    os.mkfifo(folder / "a.ccl")
    report = check_paths([folder])
    assert [card.name for card in report.cards] == ["Nun"]
    assert any("a.ccl: not a regular file" in message for message in report.messages)


def test_a_link_to_an_endless_device_is_refused(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    link = tmp_path / "zero.ccl"
    link.symlink_to("/dev/zero")
    with pytest.raises(CastleComboError, match="zero.ccl: not a regular file"):
        load_file(link)


def test_a_directory_named_like_a_card_file_is_walked_as_a_folder(tmp_path: Path) -> None:
    folder = good_folder(tmp_path)
    inner = folder / "x.ccl"
    inner.mkdir()
    (inner / "more.ccl").write_text(NUN.replace("Nun", "Monk"), encoding="utf-8")
    assert sorted(card.name for card in check_paths([folder]).cards) == ["Monk", "Nun"]
    with pytest.raises(CastleComboError, match="x.ccl: a folder, so it cannot be a card file"):
        load_file(inner)


def test_a_symlink_loop_is_reported_not_followed(tmp_path: Path) -> None:
    folder = good_folder(tmp_path)
    (folder / "back").symlink_to(folder, target_is_directory=True)
    (folder / "a.ccl").symlink_to(folder / "b.ccl")
    (folder / "b.ccl").symlink_to(folder / "a.ccl")
    report = check_paths([folder])
    assert [card.name for card in report.cards] == ["Nun"]
    assert any("back: a symbolic link back into a folder already read" in m for m in report.messages)
    assert any("a.ccl: a loop of symbolic links" in m for m in report.messages)


def test_an_unreadable_sub_folder_is_an_error_not_a_silent_skip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests run as root here, so the refusal is simulated where the folder is listed."""
    folder = good_folder(tmp_path)
    (folder / "secret").mkdir()
    real_scandir = os.scandir

    def scandir(path: object) -> object:
        if str(path).endswith("secret"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    report = check_paths([folder])
    assert not report.ok and any("secret: permission denied" in m for m in report.messages)


def test_an_unreadable_file_is_an_error_and_the_others_are_still_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = good_folder(tmp_path)
    (folder / "locked.ccl").write_text(NUN.replace("Nun", "Abbess"), encoding="utf-8")
    real_open = Path.open

    def refusing_open(self: Path, *args: object, **kw: object) -> object:
        if self.name == "locked.ccl":
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "open", refusing_open)
    report = check_paths([folder, tmp_path / "missing.ccl"])
    assert [card.name for card in report.cards] == ["Nun"]
    messages = report.messages
    assert any("locked.ccl: permission denied" in m for m in messages)
    assert any("missing.ccl: no such file or folder" in m for m in messages)


def test_check_reports_every_bad_path_at_once_and_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = good_folder(tmp_path)
    (folder / "zero.ccl").symlink_to("/dev/null")
    (folder / "x.ccl").mkdir()
    status = main(["check", str(folder), str(tmp_path / "nowhere")])
    out, err = capsys.readouterr()
    assert status == 2 and "Traceback" not in out + err
    assert "zero.ccl: not a regular file" in out and "nowhere: no such file or folder" in out
