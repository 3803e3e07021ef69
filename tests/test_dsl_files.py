"""Reading card files and folders: encodings, sizes, order, and names unique across files."""

from __future__ import annotations

from pathlib import Path

import pytest

from castle_combo.errors import CardSyntaxError, CardValidationError, RulesetError
from castle_combo.language import CardProblems, card_files, check_paths, load_file, load_paths

NUN = 'card "Nun" { deck castle cost 3 shields faith }\n'
MONK = 'card "Monk" { deck village cost 4 shields faith peasantry }\n'


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_a_file_is_read_as_utf8_with_a_bom_allowed(tmp_path: Path) -> None:
    path = write(tmp_path, "nun.ccl", "\ufeff" + NUN.replace("Nun", "Nonne é"))
    assert [card.name for card in load_file(path)] == ["Nonne é"]


def test_a_file_that_is_not_utf8_is_refused_with_its_position(tmp_path: Path) -> None:
    path = write(tmp_path, "latin1.ccl", NUN.replace("Nun", "P\xeacheur").encode("latin-1"))
    with pytest.raises(CardValidationError) as caught:
        load_file(path)
    assert str(caught.value) == (f"{path}:1:8: the file is not UTF-8 text (byte 0xea)\n"
                                 "hint: save the file with the UTF-8 encoding")


def test_a_binary_file_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "image.ccl", b"\x00\x01\x02PNG")
    with pytest.raises(CardValidationError, match="looks like a binary file"):
        load_file(path)


def test_a_huge_file_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = write(tmp_path, "huge.ccl", "# " + "x" * 1_000_001 + "\n")
    with pytest.raises(CardValidationError, match="larger than the 1,000,000 bytes a card file may have"):
        load_file(path)


def test_an_empty_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CardProblems, match="the file has no card"):
        load_file(write(tmp_path, "empty.ccl", ""))


def test_a_missing_file_is_a_ruleset_error(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="no such file or folder"):
        load_file(tmp_path / "nope.ccl")


def test_folders_are_read_recursively_in_sorted_order(tmp_path: Path) -> None:
    write(tmp_path, "b/monk.ccl", MONK)
    write(tmp_path, "a.ccl", NUN)
    write(tmp_path, "b/notes.txt", "not a card")
    assert card_files([tmp_path]) == (tmp_path / "a.ccl", tmp_path / "b" / "monk.ccl")
    assert [card.name for card in load_paths([tmp_path])] == ["Nun", "Monk"]


def test_a_folder_without_card_files_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="the folder holds no .ccl file"):
        load_paths([tmp_path])


def test_a_name_repeated_in_two_files_names_both_places(tmp_path: Path) -> None:
    first = write(tmp_path, "a.ccl", NUN)
    second = write(tmp_path, "b.ccl", "\n" + NUN)
    with pytest.raises(CardProblems) as caught:
        load_paths([tmp_path])
    assert caught.value.messages[0].splitlines()[0] == (
        f"{second}:2:6: two cards are named 'Nun': this one and the one at {first}:1:1")


def test_one_broken_file_raises_its_own_error(tmp_path: Path) -> None:
    write(tmp_path, "a.ccl", NUN)
    write(tmp_path, "b.ccl", "card \"Monk\" {")
    with pytest.raises(CardSyntaxError):
        load_paths([tmp_path])


def test_check_collects_the_problems_of_every_file(tmp_path: Path) -> None:
    write(tmp_path, "a.ccl", NUN.replace("cost 3", "cost 30"))
    write(tmp_path, "b.ccl", "card \"Monk\" {")
    write(tmp_path, "c.ccl", MONK)
    report = check_paths([tmp_path, tmp_path / "missing"])
    assert not report.ok
    assert [card.name for card in report.cards] == ["Monk"]
    assert len(report.files) == 3
    assert len(report.messages) == 3
    with pytest.raises(CardProblems):
        load_paths([tmp_path])


def test_windows_line_endings_and_tabs_read_like_unix_ones(tmp_path: Path) -> None:
    text = ('card "Fisherman" {\n\tdeck village cost 2 shields peasantry\n'
            "\tscore 4 if placed at\n X . X\n . . .\n X . X\n}\n")
    unix = write(tmp_path, "unix.ccl", text)
    windows = write(tmp_path, "windows.ccl", text.replace("\n", "\r\n").encode("utf-8"))
    assert load_file(unix) == load_file(windows)
