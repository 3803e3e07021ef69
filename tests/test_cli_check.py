"""``castle-combo check`` and ``castle-combo cards``: every problem printed, never a traceback."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from castle_combo.cli import main
from castle_combo.language import check_paths
from castle_combo.language.ruleset import Ruleset

ROOT = Path(__file__).resolve().parents[1]
NUN = 'card "Nun" {\n    deck castle   cost 3   shields faith\n}\n'


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_check_passes_the_base_cards(capsys: pytest.CaptureFixture[str]) -> None:
    """The whole cards folder: the 78 base cards and, in a sub-folder, the official expansion's 12."""
    files = len(list((ROOT / "cards").rglob("*.ccl")))
    assert run(capsys, "check", str(ROOT / "cards")) == (0, f"ok: 90 cards in {files} files\n", "")


def test_check_prints_every_problem_of_every_file_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.ccl").write_text(NUN.replace("cost 3", "cost 30").replace("faith", "faith purse 0"))
    (tmp_path / "b.ccl").write_text(NUN.replace("faith", "faiths").replace("Nun", "Monk"))
    status, out, err = run(capsys, "check", str(tmp_path))
    assert status == 2
    assert out == (
        f"{tmp_path}/a.ccl:2:19: the cost is 30, outside the sensible range 0 to 20\n"
        "        deck castle   cost 30   shields faith purse 0\n"
        "                      ^^^^\n"
        "hint: use a number from 0 to 20\n\n"
        f"{tmp_path}/a.ccl:2:43: the purse capacity is 0, outside the sensible range 1 to 20\n"
        "        deck castle   cost 30   shields faith purse 0\n"
        "                                              ^^^^^\n"
        "hint: use a number from 1 to 20\n\n"
        f"{tmp_path}/b.ccl:2:36: shield types are written in the singular: 'faith', not 'faiths'\n"
        "        deck castle   cost 3   shields faiths\n"
        "                                       ^^^^^^\n"
        "hint: write 'faith' (repeat it for two shields: faith faith)\n\n"
    )
    assert err == "3 problems found; 0 cards read without problems from 2 files\n"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "x.ccl: no such file or folder"),
        (b"\x89PNG\xff\x00", "not UTF-8 text"),
        (b"\x00\x00", "looks like a binary file"),
        (b"", "the file has no card"),
    ],
    ids=["missing path", "not utf-8", "binary", "empty"],
)
def test_check_reports_bad_files_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None, message: str
) -> None:
    path = tmp_path / "x.ccl"
    if content is not None:
        path.write_bytes(content)
    status, out, err = run(capsys, "check", str(path))
    assert status == 2
    assert message in out
    assert "Traceback" not in out + err


def test_check_reports_a_folder_without_card_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "check", str(tmp_path))
    assert (status, out) == (2, f"{tmp_path}: the folder holds no .ccl file\nhint: card files end in .ccl\n\n")


def test_check_notes_a_file_named_on_its_own_that_does_not_end_in_ccl(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It is read all the same (a good card passes), but the note says card files end in .ccl."""
    notes = tmp_path / "notes.txt"
    notes.write_text("Ideas for cards: a baker, a miller.\n", encoding="utf-8")
    status, out, err = run(capsys, "check", str(notes))
    assert status == 2 and f"{notes}:1:1:" in out
    assert f"note: {notes} does not end in .ccl, as card files do" in err
    good = tmp_path / "nun.txt"
    good.write_text(NUN.replace("Nun", "Novice Nun"), encoding="utf-8")
    status, out, err = run(capsys, "check", str(good))
    assert (status, out) == (0, "ok: 1 card in 1 file\n") and "does not end in .ccl" in err
    card = tmp_path / "nun.ccl"
    card.write_text(NUN.replace("Nun", "Novice Nun"), encoding="utf-8")
    assert run(capsys, "check", str(card)) == (0, "ok: 1 card in 1 file\n", "")


def test_cards_lists_every_card_in_a_table_with_every_column_when_columns_allows(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "160")  # captured output is as wide as COLUMNS says (80 without it)
    status, out, _ = run(capsys, "cards")
    assert status == 0
    assert "78 cards (ruleset base-1)" in out
    for name in ("Steward", "Beekeeper", "His Holiness"):
        assert name in out
    for column in ("name", "deck", "cost", "shields", "messenger", "purse", "ability", "scoring"):
        assert column in out


def test_cards_lists_one_deck(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "cards", "--deck", "village")
    assert status == 0
    assert "39 cards" in out and "Beekeeper" in out and "Steward" not in out


def test_cards_shows_one_card_with_its_source_and_english(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "cards", "Nun")
    assert status == 0
    assert 'card "Nun" {' in out
    assert "score 3 per faith shield in column" in out
    assert "Score 3 per faith shield in this card's column." in out


def test_cards_with_an_unknown_name_suggests_one(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "cards", "Nnu")
    assert (status, out) == (2, "")
    assert err == "error: no card named 'Nnu' in this ruleset (version base-1); did you mean 'Nun'?\n"


def test_cards_extend_adds_fan_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "hermit.ccl").write_text(NUN.replace("Nun", "Hermit"))
    status, out, _ = run(capsys, "cards", "--extend", str(tmp_path), "Hermit")
    assert status == 0
    assert 'card "Hermit" {' in out


def test_the_installed_console_script_checks_cards(tmp_path: Path) -> None:
    script = shutil.which("castle-combo", path=str(Path(sys.executable).parent))
    assert script is not None, "castle-combo is installed with the package"
    (tmp_path / "bad.ccl").write_text(NUN.replace("deck castle", "deck castel"))
    done = subprocess.run([script, "check", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert f"{tmp_path}/bad.ccl:2:10: unknown deck 'castel'" in done.stdout
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("name", ["nun", "Nonne", "NONNE"])
def test_cards_finds_a_card_by_any_case_or_its_localized_name(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    status, out, _ = run(capsys, "cards", name)
    assert status == 0
    assert 'card "Nun" {' in out


def test_cards_lists_installed_expansions_only_when_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "fan_hermits"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "hermit.ccl").write_text(NUN.replace("Nun", "Hermit"))
    info = tmp_path / "fan_hermits-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fan-hermits\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[castle_combo.expansions]\nhermits = fan_hermits\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "79 cards (ruleset base-1+hermits." in run(capsys, "cards", "--expansions")[1]
    assert "78 cards (ruleset base-1)" in run(capsys, "cards")[1]


def test_check_refuses_a_fan_card_named_like_a_standard_card_without_being_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every command would refuse the card (Ruleset.extend does), so check says so without --extend."""
    (tmp_path / "mine.ccl").write_text(NUN, encoding="utf-8")
    status, out, err = run(capsys, "check", str(tmp_path))
    assert status == 2
    assert f"{tmp_path / 'mine.ccl'}:1:6: card 'Nun' has the name of a card of the ruleset it extends (defined at " in out
    # The standard card by its place in the package, the same on every machine, not where it was installed.
    assert "(defined at cards/castle-faith.ccl:59:1 in castle-combo)" in out
    assert '\n    card "Nun" {\n         ^^^^^\nhint: rename it' in out  # the caret under the name, not under 'card'
    assert "1 problem found" in err


def test_check_passes_the_example_fan_expansion(capsys: pytest.CaptureFixture[str]) -> None:
    folder = ROOT / "examples" / "fan-expansion"
    status, out, _ = run(capsys, "check", str(folder))
    assert status == 0
    assert out.startswith("ok: ") and "warning" not in out


def test_check_warns_when_a_fan_card_has_the_name_of_an_expansion_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Fine with the standard cards, refused with the expansion: a warning, status 0."""
    (tmp_path / "mine.ccl").write_text(NUN.replace("Nun", "Toady"), encoding="utf-8")
    status, out, err = run(capsys, "check", str(tmp_path))
    assert (status, err) == (0, "")
    assert out.startswith(f"warning: {tmp_path / 'mine.ccl'}:1:6: card 'Toady' has the name of a card of the "
                          "expansion out-of-the-oubliette (defined at ")
    assert out.endswith("ok: 1 card in 1 file, 1 warning\n")


def test_check_with_the_expansion_refuses_its_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "mine.ccl").write_text(NUN.replace("Nun", "Toady"), encoding="utf-8")
    status, out, _ = run(capsys, "check", str(tmp_path), "--expansion", "out-of-the-oubliette")
    assert status == 2
    assert "card 'Toady' has the name of a card of the ruleset it extends" in out and "warning" not in out


def test_check_extend_path_is_the_older_spelling_of_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--extend PATH means in check what it means in every command: fan cards added, and checked."""
    (tmp_path / "hermit.ccl").write_text(NUN.replace("Nun", "Hermit"), encoding="utf-8")
    (tmp_path / "monk.ccl").write_text(NUN.replace("Nun", "Monk").replace("faith", "faiht"), encoding="utf-8")
    for option in ("--extend", "--cards"):
        assert run(capsys, "check", option, str(tmp_path / "hermit.ccl")) == (0, "ok: 1 card in 1 file\n", "")
        status, out, _ = run(capsys, "check", str(tmp_path / "hermit.ccl"), option, str(tmp_path / "monk.ccl"))
        assert status == 2 and "unknown shield 'faiht'" in out


def test_check_still_accepts_the_bare_extend_flag_and_says_it_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "hermit.ccl").write_text(NUN.replace("Nun", "Hermit"), encoding="utf-8")
    status, out, err = run(capsys, "check", str(tmp_path), "--extend")
    assert (status, out) == (0, "ok: 1 card in 1 file\n")
    assert err.startswith("note: --extend without a path changes nothing now")


def test_check_without_a_path_says_what_to_give(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "check")
    assert (status, out) == (2, "")
    assert err.startswith("error: give a .ccl file or a folder of them to check")


TWO_BROKEN_ONE_GOOD = """\
card "Thief" {
    deck village   cost 2   shields faith
    when bought: steal 1 gold
}

card "Hermit" {
    deck village   cost 2   shields faith
    score 1 per key
}

card "Monk" {
    deck castle   cost 3   shields nobilty
    score 2 per faith shield
}
"""


def test_check_of_a_file_with_two_broken_cards_and_one_good_card_reports_both_errors_and_reads_the_good_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mine.ccl"
    path.write_text(TWO_BROKEN_ONE_GOOD, encoding="utf-8")
    status, out, err = run(capsys, "check", str(path))
    assert status == 2
    messages = out.strip().split("\n\n")
    assert [message.split(": ")[0] for message in messages] == [f"{path}:3:18", f"{path}:12:36"]
    assert "'steal' is not a word of the card language" in messages[0]
    assert "unknown shield 'nobilty'" in messages[1]
    assert err == "2 problems found; 1 card read without problems from 1 file\n"
    report = check_paths([path])
    assert [card.name for card in report.cards] == ["Hermit"]


def test_a_card_left_open_does_not_hide_the_next_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The unclosed card's message is the whole file's ('missing before the next card'), and the next card is read."""
    path = tmp_path / "mine.ccl"
    path.write_text(TWO_BROKEN_ONE_GOOD.replace("steal 1 gold\n}", "gain 1 gold\n"), encoding="utf-8")
    status, out, err = run(capsys, "check", str(path))
    assert status == 2
    assert out.startswith(f"{path}:6:1: card \"Thief\" (line 1) is not closed: '}}' is missing before the next card\n"
                          '    card "Hermit" {\n')
    assert err == "2 problems found; 1 card read without problems from 1 file\n"


@pytest.mark.parametrize("command", [["simulate", "--games", "1"], ["play", "--bots", "greedy"],
                                     ["balance", "--games", "1"]])
def test_commands_that_play_refuse_a_folder_with_a_broken_file_and_list_all_its_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    (tmp_path / "mine.ccl").write_text(TWO_BROKEN_ONE_GOOD, encoding="utf-8")
    (tmp_path / "more.ccl").write_text(NUN.replace("Nun", "Abbot").replace("cost 3", "cost 30"), encoding="utf-8")
    status, out, err = run(capsys, *command, "--cards", str(tmp_path))
    assert status == 2
    for place in (f"{tmp_path / 'mine.ccl'}:3:18: ", f"{tmp_path / 'mine.ccl'}:12:36: ",
                  f"{tmp_path / 'more.ccl'}:2:19: "):
        assert place in err


@pytest.mark.parametrize(("names", "good"), [(["Steward"], 0), (["Steward", "Nun"], 0), (["Steward", "Hermit"], 1),
                                             (["Hermit", "Hermit"], 1)],
                         ids=["one card named like a standard card", "two cards named like standard cards",
                              "one such card and a good one", "one name twice in a file"])
def test_the_summary_counts_only_the_cards_with_no_problem_as_read_without_problems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], names: list[str], good: int
) -> None:
    """A card refused for its name is not read without problems: the summary and the report leave it out."""
    path = tmp_path / "mine.ccl"
    path.write_text("\n".join(NUN.replace("Nun", name) for name in names), encoding="utf-8")
    status, _, err = run(capsys, "check", str(path))
    problems = len(names) - good
    assert status == 2
    assert err == (f"{problems} problem{'s' if problems != 1 else ''} found; {good} card{'s' if good != 1 else ''} "
                   "read without problems from 1 file\n")
    assert len(check_paths([path], Ruleset.standard().cards).cards) == good


def test_problems_are_printed_by_file_then_line_then_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A name clash is found after every file is read, a syntax error while its file is: still, the messages come
    in the order a reader goes through the files (a folder's files by name), each file from its top."""
    good = "".join(NUN.replace("Nun", f"Good {n}") + "\n" for n in range(4))
    (tmp_path / "keywords.ccl").write_text(good + NUN.replace("Nun", "Steward"), encoding="utf-8")
    (tmp_path / "typo.ccl").write_text(NUN.replace("Nun", "Steward") + "\n"
                                       + NUN.replace("Nun", "Monk").replace("faith", "faiht"), encoding="utf-8")
    status, out, _ = run(capsys, "check", str(tmp_path))
    assert status == 2
    places = [message.split(": ")[0] for message in out.strip().split("\n\n")]
    assert places == [f"{tmp_path / 'keywords.ccl'}:17:6", f"{tmp_path / 'typo.ccl'}:1:6",
                      f"{tmp_path / 'typo.ccl'}:6:36"]
