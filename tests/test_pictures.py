"""Pictures: cards, tableaux, tables and score sheets as SVG; short reprs; the replay page; ``render``."""

from __future__ import annotations

import html
import json
import os
import random
import re
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

import castle_combo as cc
from castle_combo import pictures
from castle_combo.cli import main
from castle_combo.language import read_cards
from castle_combo.records.replay_page import replay_page, states_of

GOLDEN = Path(__file__).resolve().parent / "golden" / "pictures"
SVG = "{http://www.w3.org/2000/svg}"


def finished(players: int, seed: int, rules: cc.Ruleset | None = None) -> cc.GameState:
    state = cc.new_game(players=players, seed=seed, rules=rules or cc.Ruleset.standard())
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def texts(svg: str) -> list[str]:
    return [node.text or "" for node in ET.fromstring(svg).iter(f"{SVG}text")]


def test_a_card_is_a_well_formed_svg_with_its_words_as_text_and_a_title() -> None:
    nun = cc.Ruleset.standard()["Nun"]
    svg = nun._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert nun.describe() in [node.text for node in root.iter(f"{SVG}title")]
    words = " ".join(texts(svg))
    assert "Nun" in words and "3" in words and "CASTLE" in words
    assert "faith shield" in [node.text for node in root.iter(f"{SVG}title")]  # the shield's letter is explained


@pytest.mark.parametrize("name", ["Nun", "Lady in the Iron Mask", "Steward"])
def test_card_pictures_match_their_golden_files(name: str) -> None:
    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    expected = (GOLDEN / f"{name.lower().replace(' ', '-')}.svg").read_text(encoding="utf-8")
    assert pictures.card(rules[name]) == expected, "regenerate with: python tools/make_golden_pictures.py"


def test_every_card_fits_its_words_on_its_face() -> None:
    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    for card in rules.cards:
        root = ET.fromstring(pictures.card(card))
        ys = [float(node.get("y", 0)) for node in root.iter(f"{SVG}text")]
        assert max(ys) <= pictures.CARD_HEIGHT, card.name


def test_a_state_shows_no_deck_order_in_its_repr_str_or_picture() -> None:
    rules = cc.Ruleset.standard()
    castle = [c.name for c in rules.deck(cc.Deck.CASTLE)]
    village = [c.name for c in rules.deck(cc.Deck.VILLAGE)]
    one = cc.new_game(players=3, rules=rules, decks={"castle": castle, "village": village})
    other = cc.new_game(players=3, rules=rules, decks={
        "castle": castle[:3] + castle[3:][::-1], "village": village[:3] + village[3:][::-1]})
    assert one.location(cc.Deck.CASTLE).deck != other.location(cc.Deck.CASTLE).deck
    assert repr(one) == repr(other) and str(one) == str(other) and one._repr_svg_() == other._repr_svg_()
    assert castle[3] not in str(one) and castle[3] not in one._repr_svg_()


def test_reprs_are_short_and_say_what_the_object_is() -> None:
    rules = cc.Ruleset.standard()
    assert repr(rules) == "<Ruleset base-1: 78 cards>"
    assert repr(rules["Nun"]) == "<Card 'Nun': castle, cost 3>"
    state = cc.new_game(players=2, seed=1)
    assert repr(state) == "<GameState 2 players, turn 1 of 18, seat 0 to play, messenger at the village>"
    assert repr(finished(2, 3)).startswith("<GameState 2 players, game over")


def test_str_of_a_state_is_a_compact_table_like_print_board() -> None:
    state = finished(2, 4)
    lines = str(state).splitlines()
    assert lines[0].startswith("Castle row") and lines[1].startswith("Village row")
    assert lines[2].startswith("seat 0:") and len(lines) == 2 + 2 * 4
    assert all(len(line) < 100 for line in lines)


def test_a_state_and_a_score_sheet_draw_themselves() -> None:
    state = finished(4, 2)
    table = state._repr_svg_()
    root = ET.fromstring(table)
    assert root.tag == f"{SVG}svg"
    assert table.count('class="seat"') == 4
    sheet = state.scores()[0]
    words = texts(sheet._repr_svg_())
    assert f"total {sheet.total}" in words


def test_a_tableau_picture_marks_stored_gold_and_empty_spaces() -> None:
    rules = cc.Ruleset.standard()
    cells = [pictures.Cell(rules["Steward"], 0, 0, gold=3), pictures.Cell(rules["Nun"], 1, 0, face_down=True)]
    svg = pictures.tableau(cells)
    assert "3 gold stored" in svg and "face-down card (Nun)" in svg
    assert svg.count('stroke-dasharray="5 4"') == 7  # seven empty spaces


class _Steps(HTMLParser):
    """Each step section's seats: ``{step: [(seat, gold, keys), ...]}``."""

    def __init__(self) -> None:
        super().__init__()
        self.step = -1
        self.seats: dict[int, list[tuple[int, int, int]]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "section" and found.get("data-step") is not None:
            self.step = int(found["data-step"] or 0)
            self.seats[self.step] = []
        if found.get("data-seat") is not None:
            self.seats[self.step].append(
                (int(found["data-seat"] or 0), int(found["data-gold"] or 0), int(found["data-keys"] or 0)))


def test_the_replay_page_has_one_step_per_action_with_each_seats_gold_and_keys() -> None:
    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    state = finished(5, 11, rules)
    page = replay_page(state)
    parser = _Steps()
    parser.feed(page)
    states = states_of(state)
    assert len(parser.seats) == len(state.history) + 1 == len(states)
    for step, seats in parser.seats.items():
        # The gold in the supply; at the end, what is left after the end-of-game purse filling.
        gold = [panel.gold for panel in states[step].picture().seats]
        assert gold[0] == (states[step].players[0].gold if step < len(states) - 1 else state.scores()[0].gold_left)
        assert seats == [(i, gold[i], p.keys) for i, p in enumerate(states[step].players)], step
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "") and "https://" not in page
    assert len(page) < 1_000_000


def test_play_save_then_replay_html_works_end_to_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    record = tmp_path / "game.json"
    moves = "\n".join(["1"] * 200) + "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(moves))
    assert main(["play", "--plain", "--seed", "2", "--save", str(record)]) == 0
    page = tmp_path / "game.html"
    assert main(["replay", str(record), "--html", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert text.count('<section class="step"') == len(json.loads(record.read_text())["actions"]) + 1


def test_render_draws_each_card_and_without_cairosvg_the_sheets_as_svg_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    cards = Path(__file__).resolve().parent.parent / "examples" / "fan-expansion" / "castle_combo_byways" / "cards"
    assert main(["render", str(cards / "hedge-knights.ccl"), "--out", str(tmp_path), "--sheets"]) == 0
    svgs = sorted(p.name for p in tmp_path.glob("*.svg"))
    assert "wandering-minstrel.svg" in svgs and len(svgs) == 9 + 2
    assert "hedge-knights-01-front.svg" in svgs and "hedge-knights-01-back.svg" in svgs
    ET.fromstring((tmp_path / "hedge-knights-01-back.svg").read_text(encoding="utf-8"))
    out, err = capsys.readouterr()
    assert "wrote 9 card(s)" in out and "without cairosvg the sheets are SVG pages" in err


def test_render_png_needs_the_pictures_extra_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    assert main(["render", "--expansion", "out-of-the-oubliette", "--out", str(tmp_path), "--png"]) == 2
    assert "pip install 'castle-combo[pictures]'" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def _needs_cairosvg() -> None:
    if os.environ.get("CASTLE_COMBO_REQUIRE_EXTRAS") != "1":
        pytest.importorskip("cairosvg", reason="the pictures extra is not installed (pip install 'castle-combo[pictures]')")


def test_render_png_and_one_pdf_per_expansion_with_the_extra(tmp_path: Path) -> None:
    _needs_cairosvg()
    assert main(["render", "--expansion", "out-of-the-oubliette", "--out", str(tmp_path), "--png", "--sheets"]) == 0
    png = (tmp_path / "toady.png").read_bytes()
    assert png.startswith(b"\x89PNG") and int.from_bytes(png[16:20], "big") == 744
    assert sorted(p.name for p in tmp_path.glob("*.pdf")) == ["out-of-the-oubliette.pdf"]
    pdf = (tmp_path / "out-of-the-oubliette.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page\b", pdf)) == 4  # 12 cards: 2 sheets


def test_the_standard_set_prints_one_pdf_per_deck(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _needs_cairosvg()
    assert main(["render", "--out", str(tmp_path), "--sheets", "--paper", "letter"]) == 0
    assert sorted(p.name for p in tmp_path.glob("*.pdf")) == ["base-castle.pdf", "base-village.pdf"]
    assert "(letter, fronts and backs)" in capsys.readouterr().out
def test_golden_picture_names_are_slugs() -> None:
    from castle_combo.cli.render import slug

    assert slug("His Majesty") == "his-majesty" and slug("Cardinal's Hand") == "cardinal-s-hand"
    assert re.fullmatch(r"[a-z-]+", slug("Pèlerin"))


def _type_sizes(svg: str) -> list[tuple[float, str]]:
    """Every word of a picture with its height in pixels as drawn (font size times the scales around it)."""
    sizes: list[tuple[float, str]] = []

    def walk(node: ET.Element, scale: float) -> None:
        found = re.search(r"scale\(([\d.]+)\)", node.get("transform", ""))
        scale *= float(found.group(1)) if found else 1.0
        if node.tag == f"{SVG}text":
            sizes.append((float(node.get("font-size", "16")) * scale, node.text or ""))
        for child in node:
            walk(child, scale)

    root = ET.fromstring(svg)
    walk(root, float(root.get("width", "0")) / float(root.get("viewBox", "0 0 1 1").split()[2]))
    return sizes


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_word_of_the_whole_table_is_at_least_11_pixels_tall_at_1280_pixels(players: int) -> None:
    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    state = cc.new_game(players=players, seed=players, rules=rules)
    rng = random.Random(players)
    seen = 0
    while not state.is_over:
        before, state = state, state.apply(rng.choice(state.legal_actions()))
        if state.taken % 7 == 0 or state.is_over:
            svg = pictures.table(state.picture(since=before), width=1280)
            assert ET.fromstring(svg).get("width") == "1280"
            small = [(round(size, 1), word) for size, word in _type_sizes(svg) if size < 11]
            assert not small, small[:5]
            seen += 1
    assert seen >= 4


def test_stored_gold_and_waiting_keys_sit_below_every_word_of_a_card() -> None:
    """The bottom strip holds the badges; a card's words end above it, whatever the card."""
    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    badge = ET.fromstring(pictures.tableau([pictures.Cell(rules["Sculptor"], 0, 0, gold=7, key=True)]))
    circles = [float(c.get("cy", 0)) - float(c.get("r", 0)) for c in badge.iter(f"{SVG}circle")
               if c.get("fill") in ("#f2c230", "#dfe6ee") and float(c.get("cy", 0)) > 100]
    badge_top = min(circles)
    for card in rules.cards:
        for in_tableau in (False, True):
            body = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{pictures.card_body(card, in_tableau)}</svg>')
            words = [(float(t.get("y", 0)), float(t.get("font-size", 0)), t.text) for t in body.iter(f"{SVG}text")
                     if t.text and t.text != card.deck.value.upper()]
            lowest = max(y + 0.25 * size for y, size, _ in words)
            assert lowest < badge_top, (card.name, in_tableau)


def test_a_card_in_a_tableau_shows_its_scoring_first_and_an_open_lock_no_more() -> None:
    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    toady = rules["Toady"]
    kept = " ".join(texts(f'<svg xmlns="http://www.w3.org/2000/svg">{pictures.card_body(toady, True)}</svg>'))
    opened = " ".join(texts(f'<svg xmlns="http://www.w3.org/2000/svg">{pictures.card_body(toady, True, True)}</svg>'))
    full = " ".join(texts(pictures.card(toady)))
    assert kept.index("Score") < kept.index("Lock:") and "Lock:" not in opened and "Lock opened:" in full
    assert html.escape(toady.describe()) in pictures.card_body(toady, True)  # the title still says it all


def test_the_last_move_rings_what_it_changed() -> None:
    state = cc.new_game(players=2, seed=5)
    take = next(a for a in state.legal_actions() if isinstance(a, cc.Take))
    after = state.apply(take)
    picture = after.picture(since=state)
    assert [c.card.name for c in picture.seats[0].cells if c.changed] == [take.card]
    assert len(picture.fresh) == 1 and picture.fresh[0] not in [c.name for c in state.row(state.messenger)]
    assert pictures.table(picture).count('class="changed"') == 2
    assert after.picture().fresh == () and not any(c.changed for c in after.picture().seats[0].cells)


def test_a_finished_tables_picture_shows_the_purses_filled_and_the_gold_left() -> None:
    state = finished(3, 7)
    sheets = state.scores()
    picture = state.picture()
    for seat, panel in enumerate(picture.seats):
        assert panel.gold == sheets[seat].gold_left
        stored = sorted(gold for row in sheets[seat].stored for gold in row if gold)
        assert sorted(c.gold for c in panel.cells if c.gold) == stored


def test_each_score_sheet_picture_names_its_seat() -> None:
    state = finished(2, 3)
    first, second = state.scores()
    assert "seat 0: score sheet" in texts(first._repr_svg_()) and "seat 1: score sheet" in texts(second._repr_svg_())
    assert "Ana: score sheet" in texts(first.picture("Ana"))
    alone = cc.score_tableau([["face-down"] * 3] * 3)  # a tableau scored alone sits at no seat
    assert alone.seat is None and "score sheet" in texts(alone._repr_svg_())


def test_a_take_trigger_card_names_on_its_face_the_cards_it_watches() -> None:
    read = read_cards('''
        card "Road Warden" { deck village cost 3 shields peasantry
            whenever a neighbour takes a face-down card: take 2 gold from that player }
        card "Wharf Master" { deck village cost 3 shields peasantry
            whenever you take a faith card: gain 1 gold }
    ''', "watchers.ccl")
    cards = {card.name: card for card in read.cards}
    warden = " ".join(texts(cards["Road Warden"]._repr_svg_()))
    wharf = " ".join(texts(cards["Wharf Master"]._repr_svg_()))
    assert "face-down card a neighbour" in warden
    assert "faith shield taken after it" in wharf


def _fan_cards() -> list[cc.Card]:
    """The cards of the fan guide's tour, of the benchmarks' construct files and of the example expansion."""
    root = Path(__file__).resolve().parent.parent
    files = [root / "examples" / "language-tour" / "tour.ccl", *sorted((root / "benchmarks" / "constructs").glob("*.ccl")),
             *sorted((root / "examples" / "fan-expansion").rglob("*.ccl"))]
    cards: list[cc.Card] = []
    for path in files:
        read = read_cards(path.read_text(encoding="utf-8"), str(path))
        assert not read.messages, read.messages
        cards += read.cards
    return cards


def _words(svg: str) -> list[tuple[float, float, str]]:
    """A card's words (size, baseline, text): the text lines between its header and its deck's name."""
    return [(float(node.get("font-size", 0)), float(node.get("y", 0)), node.text or "")
            for node in ET.fromstring(svg).iter(f"{SVG}text") if node.get("x") == "9"]


def test_a_long_fan_card_says_its_words_tersely_in_legible_type_and_never_cuts_them() -> None:
    """Legible type: at least the floor (7 units of a 150-wide card) on every fan card shipped, no ellipsis."""
    for card in _fan_cards():
        svg = pictures.card(card)
        words = _words(svg)
        assert min(size for size, _, _ in words) >= 7.0, card.name
        assert max(y for _, y, _ in words) <= pictures.CARD_HEIGHT - 30, card.name
        assert not any("\u2026" in text for _, _, text in words), card.name
    notary = next(card for card in _fan_cards() if card.name == "Notary")
    words = " ".join(text for _, _, text in _words(pictures.card(notary)))
    assert "Reserve a card from either row; on a later turn, take it instead of a row card." in words
    assert "step 2" in notary.describe()  # the title and the text elsewhere keep the long English


def test_a_printed_card_says_its_long_english_unchanged() -> None:
    """The 90 printed cards fit in their long English at 8.5 or more: the terse register never touches them."""
    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    assert len(rules.cards) == 90
    for card in rules.cards:
        words = _words(pictures.card(card))
        assert min(size for size, _, _ in words) >= 8.5, card.name
        effects, rules_ = pictures.svg._paragraphs(card, in_tableau=False)
        long = "".join(effects + rules_)
        assert "".join("".join(text for _, _, text in words).split()) == "".join(long.split()), card.name
