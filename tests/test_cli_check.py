"""``castle-combo check`` and ``castle-combo cards``: every problem printed, never a traceback."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from castle_combo.cli import main

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


def test_cards_lists_every_card_in_a_table(capsys: pytest.CaptureFixture[str]) -> None:
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


def test_check_extend_refuses_a_fan_card_named_like_a_standard_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "mine.ccl").write_text(NUN, encoding="utf-8")
    status, out, err = run(capsys, "check", "--extend", str(tmp_path))
    assert status == 2
    assert f"{tmp_path / 'mine.ccl'}:1:1: card 'Nun' has the name of a standard card (defined at " in out
    assert "rename it" in out
    assert "1 problem found" in err


def test_check_without_extend_accepts_the_same_card_on_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "mine.ccl").write_text(NUN, encoding="utf-8")
    assert run(capsys, "check", str(tmp_path)) == (0, "ok: 1 card in 1 file\n", "")


def test_check_extend_passes_the_example_fan_expansion(capsys: pytest.CaptureFixture[str]) -> None:
    folder = ROOT / "examples" / "fan-expansion"
    status, out, _ = run(capsys, "check", "--extend", str(folder))
    assert status == 0
    assert out.endswith("(none reuses a name of the ruleset's cards)\n")
