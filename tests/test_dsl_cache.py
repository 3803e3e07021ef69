"""The per-user disk cache gives exactly what parsing gives, and never serves stale cards."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from castle_combo.language import cache as cache_module
from castle_combo.language import load_paths
from castle_combo.language.cache import load_paths_cached
from castle_combo.language.cachedir import cache_folder

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
    assert len(list((home / "cache" / "castle-combo").rglob("cards-*.pickle"))) == 1


def test_a_corrupt_cache_file_is_rebuilt(home: Path) -> None:
    load_paths_cached([home / "cards"])
    (cached,) = (home / "cache" / "castle-combo").rglob("cards-*.pickle")
    cached.write_bytes(b"not a pickle")
    assert load_paths_cached([home / "cards"])[0].name == "Nun"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_or_a_device_in_place_of_a_cache_file_is_passed_over_never_read(home: Path) -> None:
    """A FIFO there made every command wait forever, reading it (found by the fuzz campaign)."""
    import threading

    load_paths_cached([home / "cards"])
    (cached,) = (home / "cache" / "castle-combo").rglob("cards-*.pickle")
    cached.unlink()
    os.mkfifo(cached)
    loaded: list[object] = []
    worker = threading.Thread(target=lambda: loaded.append(load_paths_cached([home / "cards"])), daemon=True)
    worker.start()
    worker.join(20)
    assert loaded and loaded[0][0].name == "Nun"  # type: ignore[index]
    assert cached.is_fifo()  # left alone: the library replaces only regular files
    cached.unlink()
    cached.symlink_to("/dev/zero")
    assert load_paths_cached([home / "cards"])[0].name == "Nun"


def test_a_flipped_bit_anywhere_in_the_cached_cards_is_caught_and_the_cards_rebuilt(home: Path) -> None:
    """Damage on disk never changes a card silently nor breaks later loads: the checksum is checked first."""
    (home / "cards" / "nun.ccl").write_text(NUN + 'card "Guildmaster" { deck castle cost 5 shields nobility }\n',
                                            encoding="utf-8")
    good = load_paths_cached([home / "cards"])
    (cached,) = (home / "cache" / "castle-combo").rglob("cards-*.pickle")
    original = cached.read_bytes()
    for position in range(0, len(original), max(1, len(original) // 40)):
        for bit in (0, 5):
            damaged = bytearray(original)
            damaged[position] ^= 1 << bit
            cached.write_bytes(bytes(damaged))
            assert load_paths_cached([home / "cards"]) == good
            assert cached.read_bytes() == original  # rebuilt, so the next process is served again


def test_a_flipped_bit_in_the_cached_parser_is_caught(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.language import parser as parser_module

    parser_module.ccl_parser.cache_clear()
    try:
        parser_module.ccl_parser()
        path = parser_module.cache_file()
        assert path is not None and path.is_file()
        damaged = bytearray(path.read_bytes())
        damaged[len(damaged) // 2] ^= 0x10
        path.write_bytes(bytes(damaged))
        parser_module.ccl_parser.cache_clear()
        built: list[str] = []
        real = parser_module.Lark

        def counting(*args: object, **kw: object) -> object:
            built.append("built")
            return real(*args, **kw)

        monkeypatch.setattr(parser_module, "Lark", counting)
        monkeypatch.setattr(counting, "load", real.load, raising=False)
        parser_module.ccl_parser()
        assert built == ["built"]  # the damaged file was not loaded: the parser was built again
    finally:
        parser_module.ccl_parser.cache_clear()


def test_each_installation_has_its_own_cache_folder_and_never_evicts_another(home: Path) -> None:
    from castle_combo.language.cachedir import installation_folder

    load_paths_cached([home / "cards"])
    own = installation_folder()
    assert own is not None and own.parent == home / "cache" / "castle-combo"
    other = own.parent / "another-installation"
    other.mkdir()
    (other / "cards-0123456789abcdef.pickle").write_bytes(b"theirs")
    (home / "cards" / "nun.ccl").write_text(NUN.replace("cost 3", "cost 2"), encoding="utf-8")
    load_paths_cached([home / "cards"])
    assert (other / "cards-0123456789abcdef.pickle").read_bytes() == b"theirs"


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


def test_every_module_that_shapes_parsed_cards_is_part_of_the_key(
    home: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The key digests every source of the card language's folder: changing any of them changes the key."""
    language = Path(cache_module.__file__).resolve().parent
    builders = {"transformer.py", "regions.py", "loader.py", "ccl.lark"}
    assert builders <= {p.name for p in language.rglob("*")}
    files = (home / "cards" / "nun.ccl",)
    copy = tmp_path / "language"
    for source in language.rglob("*"):
        if source.suffix in (".py", ".lark") and "__pycache__" not in source.parts:
            target = copy / source.relative_to(language)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read_bytes())
    monkeypatch.setattr(cache_module, "_LANGUAGE", copy)
    before = cache_module._key(files)
    grammar = copy / "ccl.lark"
    grammar.write_text(grammar.read_text(encoding="utf-8") + "\n// changed\n", encoding="utf-8")
    assert cache_module._key(files) != before
