"""The per-user disk cache gives exactly what parsing gives, and never serves stale cards."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from castle_combo.dsl import cache as cache_module
from castle_combo.dsl import load_paths
from castle_combo.dsl.cache import load_paths_cached
from castle_combo.dsl.cachedir import cache_folder

NUN = 'card "Nun" { deck castle cost 3 shields faith }\n'


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "nun.ccl").write_text(NUN, encoding="utf-8")
    return tmp_path


def test_cached_cards_equal_parsed_cards_and_keep_their_sources(home: Path) -> None:
    first = load_paths_cached([home / "cards"])
    again = load_paths_cached([home / "cards"])
    assert first == again == load_paths([home / "cards"])
    assert again[0].source == first[0].source


def test_the_second_load_does_not_parse(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    load_paths_cached([home / "cards"])

    def no_parsing(paths: object) -> None:
        raise AssertionError("parsed although the cache holds these cards")

    monkeypatch.setattr(cache_module, "load_paths", no_parsing)
    assert load_paths_cached([home / "cards"])[0].name == "Nun"


def test_a_changed_card_file_is_parsed_again(home: Path) -> None:
    load_paths_cached([home / "cards"])
    (home / "cards" / "nun.ccl").write_text(NUN.replace("cost 3", "cost 4"), encoding="utf-8")
    assert load_paths_cached([home / "cards"])[0].cost == 4
    assert len(list((home / "cache" / "castle-combo").glob("cards-*.pickle"))) == 1


def test_a_corrupt_cache_file_is_rebuilt(home: Path) -> None:
    load_paths_cached([home / "cards"])
    (cached,) = (home / "cache" / "castle-combo").glob("cards-*.pickle")
    cached.write_bytes(b"not a pickle")
    assert load_paths_cached([home / "cards"])[0].name == "Nun"


def test_the_cache_folder_is_private(home: Path) -> None:
    folder = cache_folder()
    assert folder == home / "cache" / "castle-combo"
    assert folder.stat().st_mode & 0o077 == 0


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="permissions are POSIX")
def test_a_folder_others_may_write_to_is_not_used(home: Path) -> None:
    folder = home / "cache" / "castle-combo"
    folder.mkdir(parents=True)
    folder.chmod(0o777)
    assert cache_folder() is None
    assert load_paths_cached([home / "cards"])[0].name == "Nun"
    assert not list(folder.iterdir())


def test_every_module_that_shapes_parsed_cards_is_part_of_the_key() -> None:
    package = Path(cache_module.__file__).resolve().parent.parent
    for name in cache_module._INPUTS:
        assert (package / name).is_file(), name
    builders = {"dsl/transformer.py", "dsl/regions.py", "dsl/loader.py", "dsl/ccl.lark", "model.py"}
    assert builders <= set(cache_module._INPUTS)
