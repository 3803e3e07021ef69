"""Rulesets: the bundled base cards, fan cards joining them, installed expansions, versions."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo.language.model import Card, Deck, Shield
from castle_combo.language.ruleset import STANDARD_VERSION, bundled_cards_folder, cards_digest, installed_expansions

ROOT = Path(__file__).resolve().parents[1]

#: The digest of the 78 base cards' data (ruleset.cards_digest) under STANDARD_VERSION.
#: When a base card changes this test fails: bump STANDARD_VERSION in
#: ruleset.py (records name the cards they were played with), then update both.
# The digest changed twice without any card changing, so the version stays base-1: once when it left out
# fields at their default value (the expansion added fields to the card model), and once when it became
# the digest of the cards' canonical text (the card model was re-cut into composable parts in 0.2).
STANDARD_DIGEST = ("base-1", "2e534755cd547daae5adbf96b7cf22d79222af6a5485f1ebd1f9fb09d49f2475")

HERMIT = 'card "Hermit" { deck village cost 2 shields faith score 1 per missing shield type }\n'
SQUIRE = 'card "Squire" { deck castle cost 1 shields military }\n'


def test_the_standard_ruleset_is_the_78_base_cards_39_per_deck() -> None:
    rules = cc.Ruleset.standard()
    assert len(rules) == 78
    assert len(rules.deck(Deck.CASTLE)) == 39
    assert len(rules.deck(Deck.VILLAGE)) == 39
    assert rules["Nun"].cost == 3


def test_the_standard_ruleset_is_loaded_once_per_process() -> None:
    assert cc.Ruleset.standard() is cc.Ruleset.standard()


def test_in_tree_the_base_cards_come_from_the_repository_cards_folder() -> None:
    assert bundled_cards_folder() == ROOT / "cards"


def test_the_version_changes_when_the_card_data_changes() -> None:
    digest = cards_digest(cc.Ruleset.standard())
    assert (STANDARD_VERSION, digest) == STANDARD_DIGEST, (
        "the base cards changed: bump STANDARD_VERSION in ruleset.py and update STANDARD_DIGEST here")
    assert cc.Ruleset.standard().version == STANDARD_VERSION


def test_fan_cards_join_the_deck_named_by_their_own_deck_field(tmp_path: Path) -> None:
    (tmp_path / "hermit.ccl").write_text(HERMIT, encoding="utf-8")
    (tmp_path / "squire.ccl").write_text(SQUIRE.replace("Squire", "Page"), encoding="utf-8")
    base = cc.Ruleset.standard()
    extended = base.extend([tmp_path])
    assert len(extended) == 80
    assert extended.deck(Deck.VILLAGE)[-1].name == "Hermit"
    assert extended.deck(Deck.CASTLE)[-1].name == "Page"
    assert len(base) == 78


def test_an_extended_version_names_the_expansion_and_its_content(tmp_path: Path) -> None:
    path = tmp_path / "hermits.ccl"
    path.write_text(HERMIT, encoding="utf-8")
    first = cc.Ruleset.standard().extend(path).version
    assert first.startswith("base-1+hermits.")
    path.write_text(HERMIT.replace("cost 2", "cost 3"), encoding="utf-8")
    assert cc.Ruleset.standard().extend(path).version != first


def test_a_fan_card_may_not_reuse_a_base_card_name(tmp_path: Path) -> None:
    path = tmp_path / "mine.ccl"
    path.write_text(SQUIRE, encoding="utf-8")
    with pytest.raises(cc.RulesetError) as caught:
        cc.Ruleset.standard().extend([path])
    message = str(caught.value)
    assert message.startswith("two cards are named 'Squire' (at ")
    assert "village-military.ccl:" in message and f"{path}:1:1" in message


def test_a_broken_fan_file_is_reported_with_its_position(tmp_path: Path) -> None:
    path = tmp_path / "mine.ccl"
    path.write_text(HERMIT.replace("faith", "faiht"), encoding="utf-8")
    with pytest.raises(cc.CardSyntaxError, match=r"mine.ccl:1:45: unknown shield 'faiht'"):
        cc.Ruleset.standard().extend([path])


def make_expansion(site: Path, dist: str, entry_points: str, package: str, cards: str) -> None:
    """A tiny installed distribution in ``site``: a package holding cards and its entry points."""
    (site / package).mkdir(parents=True)
    (site / package / "__init__.py").write_text(textwrap.dedent('''
        from pathlib import Path

        def cards_folder():
            return Path(__file__).parent
    '''), encoding="utf-8")
    (site / package / "cards.ccl").write_text(cards, encoding="utf-8")
    info = site / f"{dist}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[castle_combo.expansions]\n{entry_points}\n", encoding="utf-8")


def test_installed_expansions_are_found_through_their_entry_points(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_expansion(tmp_path, "hermits", "hermits = fan_hermits", "fan_hermits", HERMIT)
    make_expansion(tmp_path, "pages", "pages = fan_pages:cards_folder", "fan_pages",
                   SQUIRE.replace("Squire", "Page"))
    monkeypatch.syspath_prepend(str(tmp_path))
    assert [name for name, _ in installed_expansions()] == ["hermits", "pages"]
    rules = cc.Ruleset.with_installed_expansions()
    assert rules.names[-2:] == ("Hermit", "Page")
    assert rules.version.startswith("base-1+hermits.")
    assert "+pages." in rules.version
    assert cc.Ruleset.standard(expansions=True) == rules
    assert len(cc.Ruleset.standard()) == 78


def test_a_broken_installed_expansion_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_expansion(tmp_path, "broken", "broken = fan_broken", "fan_broken", "card {")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(cc.RulesetError, match="the installed expansion 'broken' is broken"):
        cc.Ruleset.with_installed_expansions()


def test_an_expansion_that_cannot_be_imported_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_expansion(tmp_path, "ghost", "ghost = no_such_module_here", "fan_ghost", HERMIT)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(cc.RulesetError, match="the installed expansion 'ghost' .* cannot be imported"):
        cc.Ruleset.with_installed_expansions()


def test_an_unknown_card_name_gets_did_you_mean() -> None:
    with pytest.raises(cc.RulesetError, match="did you mean 'Nun'"):
        cc.Ruleset.standard()["Nnu"]


def test_the_card_digest_ignores_layout_and_positions(tmp_path: Path) -> None:
    one_line = tmp_path / "a.ccl"
    one_line.write_text(HERMIT, encoding="utf-8")
    spread = tmp_path / "b.ccl"
    spread.write_text("# the same card\n\n" + HERMIT.replace(" { ", " {\n    ").replace(" score", "\n    score"),
                      encoding="utf-8")
    from castle_combo.language import load_file

    assert cards_digest(load_file(one_line)) == cards_digest(load_file(spread))
    assert cards_digest(load_file(one_line)) != cards_digest(cc.Ruleset.standard())


def test_the_digest_does_not_depend_on_how_a_region_set_was_built() -> None:
    # A card parsed from text and the same card read back from the disk cache hold equal
    # frozensets whose iteration order differs; the digest (and so the version) must not.
    from castle_combo.language.model import PlacedIn, Region, ScoreIf

    def fisherman(cells: list[tuple[int, int]]) -> Card:
        return Card("Fisher", Deck.VILLAGE, 2, (Shield.PEASANTRY,),
                    scoring=(ScoreIf(4, PlacedIn(Region(frozenset(cells)))),))

    corners = [(0, 0), (0, 2), (2, 0), (2, 2)]
    for order in (corners, corners[::-1], [(2, 2), (0, 2), (2, 0), (0, 0)]):
        assert cards_digest([fisherman(order)]) == cards_digest([fisherman(corners)])


@pytest.mark.parametrize("key", [3, None, ["Nun"], 2.5])
def test_a_card_looked_up_by_anything_but_a_name_is_a_ruleset_error_not_a_bare_type_error(key: object) -> None:
    rules = cc.Ruleset.standard()
    with pytest.raises(cc.RulesetError, match="cards are looked up by name, a string") as caught:
        rules[key]  # type: ignore[index]
    assert "rules.cards[i]" in str(caught.value)
    assert rules.cards[3] is rules[rules.cards[3].name]


def test_a_ruleset_built_in_python_checks_its_cards_as_the_card_language_does() -> None:
    """A card built in Python with a choice in a trigger is refused with the reason, not played into a crash."""
    from castle_combo.language import model as m
    dreamer = m.Card("Dreamer", Deck.CASTLE, 2, (Shield.FAITH,),
                     each_turn=(m.Choice(((m.Gain(1, m.Resource.GOLD),), (m.Gain(1, m.Resource.KEY),))),))
    with pytest.raises(cc.CardValidationError, match="card 'Dreamer': an effect that asks its owner a question "
                                                     "cannot happen at the start of a turn"):
        cc.Ruleset.from_cards([dreamer])
    assert len(cc.Ruleset.from_cards([dreamer], check=False)) == 1
