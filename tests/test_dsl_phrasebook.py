"""Every phrasing of the phrasebook is recognised where a parse stops and leads to a card that checks.

The hint corpus (test_dsl_hint_corpus.py) holds the mistakes fans make, with
the meaning they meant; this file holds one example for each phrasing the
corpus does not reach, so no entry of :data:`castle_combo.language.phrasebook.PHRASES`
goes untried: the example fails, its hint writes the line out, and that
line checks and means what the example's words meant.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from castle_combo.errors import CastleComboError
from castle_combo.language import parse_text, read_cards
from castle_combo.language.phrasebook import PHRASES

TEMPLATE = 'card "Test" {{\n    deck village   cost 2   shields faith   purse 3\n    {body}\n}}\n'
HEADER = 'card "Test" {{\n    {facts}\n    score 2 per faith shield\n}}\n'

#: (what a fan writes, the line the hint writes, the English of what the fan meant) for bodies of the template.
EXAMPLES = [
    ("when bought: steal 2 gold from a neighbour's purse",
     "when bought: move up to 2 gold from a neighbour's purse card to one of your purse cards",
     "When bought face up: Move up to 2 gold stored on one of the face-up purse cards of a neighbour of your choice "
     "onto one of your face-up purse cards (your choice of the player and of both cards; the smallest of 2, the "
     "gold on their card and the room on yours, never past its capacity; nothing if no card of theirs holds gold or "
     "none of yours has room; the gold never goes to a supply)."),
    ("score 3 per group of at least 3 adjacent faith cards", "score 3 per group of at least 3 connected faith cards",
     "Score 3 per group of at least 3 connected cards with a faith shield in your tableau."),
    ("score 2 per biggest group of diagonally connected castle cards",
     "score 2 per card in the largest group of diagonally connected castle cards",
     "Score 2 per card in the largest group of orthogonally or diagonally connected castle cards in your tableau."),
    ("when bought: use the ability of an adjacent card in a neighbour's tableau",
     "when bought: use the ability of a face-up card in a neighbour's tableau",
     "When bought face up: Use the ability of a face-up card in one of your neighbours' tableaux (your choice) as if "
     "you had just bought it."),
    ("whenever you buy a faith card: gain 1 gold", "whenever you take a face-up faith card: gain 1 gold",
     "Whenever you take a face-up card with a faith shield after this one: Gain 1 gold."),
    ("each time you gain a card: gain 1 gold", "whenever you take a card: gain 1 gold",
     "Whenever you take a card after this one: Gain 1 gold."),
    ("whenever another player buys a faith card: gain 1 gold",
     "whenever an opponent takes a face-up faith card: gain 1 gold",
     "Whenever an opponent takes a face-up card with a faith shield while this card is face up in your tableau: "
     "Gain 1 gold."),
    ("each time your left neighbor gains a card: take 1 gold from that player",
     "whenever your left neighbour takes a card: take 1 gold from that player",
     "Whenever your left neighbour takes a card while this card is face up in your tableau: Take 1 gold from that "
     "player (never more than they have)."),
    ("whenever an opponent takes a card: that player gives you 1 gold",
     "whenever an opponent takes a card: take 1 gold from that player",
     "Whenever an opponent takes a card while this card is face up in your tableau: Take 1 gold from that player "
     "(never more than they have)."),
    ("when bought: each opponent pays 1 more for castle cards", "surcharge 1 on castle cards for each opponent",
     "While this card is face up in your tableau, each opponent pays 1 gold more for castle cards (bought face up; "
     "added to the printed cost before their discounts, never below 0)."),
    ("your left neighbour pays 2 gold more for faith cards", "surcharge 2 on faith cards for your left neighbour",
     "While this card is face up in your tableau, your left neighbour pays 2 gold more for cards with a faith shield "
     "(bought face up; added to the printed cost before their discounts, never below 0)."),
    ("immediately: gain 2 gold", "when bought: gain 2 gold", "When bought face up: Gain 2 gold."),
    ("each turn: gain 1 gold", "at the start of your turn: gain 1 gold",
     "At the start of each of your later turns: Gain 1 gold."),
    ("scoring: score 2 per faith shield", "score 2 per faith shield", "Score 2 per faith shield in your tableau."),
    ("when bought: left neighbour gains 1 gold", "when bought: your left neighbour gains 1 gold",
     "When bought face up: Your left neighbour gains 1 gold."),
    ("when bought: gains 2 gold", "when bought: gain 2 gold", "When bought face up: Gain 2 gold."),
    ("when bought: -1 gold", "when bought: lose 1 gold",
     "When bought face up: Lose 1 gold (never more than you have)."),
    ("when bought: discount 1 gold on castle cards", "when bought: discount 1 on castle cards",
     "When bought face up: Discount 1 gold on castle cards."),
    ("score 2 per each faith shield", "score 2 per faith shield", "Score 2 per faith shield in your tableau."),
    ("score 2 gold per faith shield", "score 2 per faith shield", "Score 2 per faith shield in your tableau."),
    ("score 2 per card costing at least 3", "score 2 per card costing 3 or more",
     "Score 2 per card with printed cost 3 or more in your tableau."),
    ("when bought: gain 1 gold per faith shield, minimum 2", "when bought: gain 1 gold per faith shield at least 2",
     "When bought face up: Gain 1 gold per faith shield in your tableau, at least 2 gold."),
    ("score 4 if <= 2 village banners", "score 4 if at most 2 village banners",
     "Score 4 if your tableau has at most 2 village banners."),
    ("score 4 if > 3 keys", "score 4 if more than 3 keys", "Score 4 if you have more than 3 keys."),
    ("score 4 if < 3 keys", "score 4 if fewer than 3 keys", "Score 4 if you have fewer than 3 keys."),
    ("score 4 if = 2 faith shields", "score 4 if exactly 2 faith shields",
     "Score 4 if your tableau has exactly 2 faith shields."),
    ("score 4 if no less than 2 faith shields", "score 4 if at least 2 faith shields",
     "Score 4 if your tableau has at least 2 faith shields."),
    ("score 4 if no more than 2 faith shields", "score 4 if at most 2 faith shields",
     "Score 4 if your tableau has at most 2 faith shields."),
    ("score 4 if less than 3 keys", "score 4 if fewer than 3 keys", "Score 4 if you have fewer than 3 keys."),
    ("score 4 if more keys than anyone else", "score 4 if more keys than each opponent",
     "Score 4 if you have more keys than each opponent."),
    ("score 2 per faith shield in your kingdom", "score 2 per faith shield in your tableau",
     "Score 2 per faith shield in your tableau."),
    ("score 2 per castle banner diagonally adjacent to this card", "score 2 per castle banner diagonal to this card",
     "Score 2 per castle banner diagonally next to this one."),
    ("score 1 per village banner surrounding this", "score 1 per village banner around this card",
     "Score 1 per village banner in the eight spaces around this one."),
    ("score 1 per faith shield left and right of this card", "score 1 per faith shield in row other than this card",
     "Score 1 per faith shield on cards other than this card in this card's row."),
    ("score 2 per castle banner over this card", "score 2 per castle banner above this card",
     "Score 2 per castle banner above this one in its column."),
    ("score 2 per castle banner just left of this card", "score 2 per castle banner directly left of this card",
     "Score 2 per castle banner in the space directly left of this one."),
    ("score 2 per card right below this card", "score 2 per card directly below this card",
     "Score 2 per card in the space directly below this one (face-down cards included)."),
    ("score 1 per village banner right of it", "score 1 per village banner right of this card",
     "Score 1 per village banner to the right of this one in its row."),
    ("score 1 per village banner along this card's diagonals", "score 1 per village banner on this card's diagonals",
     "Score 1 per village banner on the diagonal lines through this one."),
    ("when bought: swap 2 of your placed cards", "when bought: swap two cards of your tableau",
     "When bought face up: Swap the places of two of your cards (your choice; each moves as it lies, face up or "
     "down, with its gold and key; no ability happens again)."),
    ("when bought: swap places with an adjacent card", "when bought: swap this card with an adjacent card",
     "When bought face up: Swap the places of this card and one of your cards adjacent to it (your choice; each "
     "moves as it lies, face up or down, with its gold and key; no ability happens again)."),
    ("when bought: choose one card from either discard pile and put it on top of that location's deck",
     "when bought: put a card from either discard pile on top of its deck",
     "When bought face up: Put a card of your choice from the castle discard pile or the village discard pile on "
     "top of its own deck (a castle card on the castle deck, a village card on the village deck): every player "
     "sees it, and it is revealed by the next refill of that row (nothing happens with an empty pile)."),
    ("when bought: choose a card in the castle or village discard pile; gain gold equal to its printed cost, then "
     "put that card at the bottom of its deck",
     "when bought: put a card from either discard pile on the bottom of its deck for its cost in gold",
     "When bought face up: Put a card of your choice from the castle discard pile or the village discard pile at "
     "the bottom of its own deck (a castle card on the castle deck, a village card on the village deck) and gain "
     "gold equal to its printed cost: every player sees it, and it is drawn after every other card of that deck "
     "(an empty deck becomes that card; nothing happens with an empty pile)."),
    ("when bought: reserve a card", "when bought: reserve a card from either row",
     "When bought face up: Reserve a card of your choice from the castle row or the village row, whatever the "
     "messenger's place: it lies face up beside your tableau (not in it), and on a later turn you may take it in "
     "step 2 instead of a card of the messenger's row (one reserved card at most: while you hold one, this does "
     "nothing; one never taken is discarded at the end of the game)."),
    ("when bought: you may take your next card from the other row",
     "when bought: your next card may be taken from either row",
     "When bought face up: Your next card may be taken from either row (the castle row or the village row, "
     "whatever the messenger's place; taking your next card uses this up)."),
    ("when bought: afterwards (once): the ability of the next card you buy face up is resolved twice",
     "when bought: your next card bought face up resolves its ability twice",
     "When bought face up: Your next card bought face up resolves its ability twice (all of it, then all of it "
     "again, asking each question again; not its discounts; a card taken face down leaves this waiting)."),
]
#: The same for the facts of a card (the line of deck, cost and shields).
HEADER_EXAMPLES = [
    ("deck village   price 2   shields faith", "deck village   cost 2   shields faith"),
    ("type village   cost 2   shields faith", "deck village   cost 2   shields faith"),
    ("deck village   cost 2   shields faith x2", "deck village   cost 2   shields faith faith"),
    ("deck village   cost 2   shields faith   purse of 4", "deck village   cost 2   shields faith   purse 4"),
    ("deck village   cost 2   shields faith   messenger icon", "deck village   cost 2   shields faith   messenger"),
    ("deck village   cost 2   wild shield", "deck village   cost 2   shields wild"),
]
#: Phrasings the language has no words for: the message says so, and there is nothing to write.
NOWHERE = [
    ("when bought: remove a card from the castle row", "a card leaves a row only when discarded"),
    ("when bought: look at the top 3 cards of the castle deck", "no player sees a deck's order"),
    ("when bought: move this card to an empty space", "a placed card moves only by trading places"),
    ("when bought: keep a card for later", "the one card kept beside the tableau for later is a reserved card"),
    ("when bought: for the shield type of your choice: gain 1 gold per card with that shield",
     "starts a scoring rule only"),
]


def english(text: str) -> str:
    (card,) = parse_text(text)
    return " ".join(line for line in card.describe().splitlines()
                    if line not in {"Test: village card, cost 2 gold.", "Shield: faith.", "Purse: holds up to 3 gold.",
                                    "No ability.", "Scores nothing."})


def hint_of(text: str) -> str:
    with pytest.raises(CastleComboError) as caught:
        parse_text(text, "mine.ccl")
    return str(caught.value).splitlines()[-1]


@pytest.mark.parametrize(("wrote", "written", "meant"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_a_phrasing_gets_the_line_written_in_the_language(wrote: str, written: str, meant: str) -> None:
    assert re.fullmatch(rf"hint: write '{re.escape(written)}'( \(.*\))?", hint_of(TEMPLATE.format(body=wrote)))
    assert english(TEMPLATE.format(body=written)) == meant


@pytest.mark.parametrize(("wrote", "written"), HEADER_EXAMPLES, ids=[e[0] for e in HEADER_EXAMPLES])
def test_a_card_fact_written_another_way_gets_the_facts_line(wrote: str, written: str) -> None:
    assert hint_of(HEADER.format(facts=wrote)) == f"hint: write '{written}'"
    parse_text(HEADER.format(facts=written))


@pytest.mark.parametrize(("wrote", "says"), NOWHERE, ids=[e[0] for e in NOWHERE])
def test_a_phrasing_with_no_words_in_the_language_says_so(wrote: str, says: str) -> None:
    messages = read_cards(TEMPLATE.format(body=wrote), "mine.ccl").messages
    assert len(messages) == 1 and says in messages[0] and "\nhint: " in messages[0]


def test_every_phrasing_has_an_example() -> None:
    """Each entry of the phrasebook matches a mistake of the corpus or of this file."""
    corpus = json.loads((Path(__file__).parent / "fixtures" / "hint_corpus.json").read_text(encoding="utf-8"))
    texts = ["\n".join(e["wrote"]) if isinstance(e["wrote"], list) else e["wrote"] for e in corpus["mistakes"]]
    texts += [wrote for wrote, _, _ in EXAMPLES] + [wrote for wrote, _ in HEADER_EXAMPLES + NOWHERE]
    missing = [phrase.pattern.pattern for phrase in PHRASES if not any(phrase.pattern.search(t) for t in texts)]
    assert missing == []


# ---------------------------------------------------------------- every hint's line parses

#: Mistakes whose hint once wrote a line that does not parse (a second mistake later on the line).
FURTHER_ON = [
    "when bought: use the ability of an adjacent card in a neighbour's tableau",
    "score 2 if an adjacent faith card in a neighbour's tableau",
]


def _every_mistake() -> list[str]:
    corpus = json.loads((Path(__file__).parent / "fixtures" / "hint_corpus.json").read_text(encoding="utf-8"))
    texts = ["\n".join(e["wrote"]) + "\n" if isinstance(e["wrote"], list) else e["wrote"] for e in corpus["mistakes"]]
    bodies = texts + [wrote for wrote, _, _ in EXAMPLES] + [wrote for wrote, _ in NOWHERE] + FURTHER_ON
    return ([text if text.startswith("card ") else TEMPLATE.format(body=text) for text in bodies]
            + [HEADER.format(facts=wrote) for wrote, _ in HEADER_EXAMPLES])


_WRITE = re.compile(r"^\S*:(?P<line>\d+):(?P<column>\d+): .*?\n(?P<shown>.*)\n(?P<caret> *\^+)\nhint: write "
                    r"'(?P<text>.*?)'(?: \(.*\))?$", re.M)


def test_every_line_a_hint_writes_parses_where_it_stands() -> None:
    """A hint "write '...'" gives a whole line (the phrasebook) or the words under the caret: either way the
    parser reads the file past that line once it is written in."""
    from castle_combo.errors import CardSyntaxError

    checked = 0
    for text in _every_mistake():
        try:
            parse_text(text, "mine.ccl")
            continue
        except CastleComboError as error:
            report = str(error)
        for found in _WRITE.finditer(report):
            number, column = int(found["line"]), int(found["column"])
            lines = text.split("\n")
            old = lines[number - 1]
            width = len(found["caret"].strip())
            candidates = [old[:len(old) - len(old.lstrip())] + found["text"],
                          old[:column - 1] + found["text"] + old[column - 1 + width:]]
            readable = []
            for candidate in candidates:
                try:
                    parse_text("\n".join(lines[:number - 1] + [candidate] + lines[number:]), "fixed.ccl")
                except CardSyntaxError as still:
                    readable.append(f"fixed.ccl:{number}:" not in str(still))
                except CastleComboError:
                    readable.append(True)
                else:
                    readable.append(True)
            assert any(readable), (old, found["text"])
            checked += 1
    assert checked > 100


def test_a_place_moved_after_its_card_takes_the_article_its_words_ask() -> None:
    assert hint_of(TEMPLATE.format(body="score 2 if an adjacent faith card")) == \
        "hint: write 'score 2 if a faith card adjacent to this card'"


def test_no_hint_writes_the_adjacent_card_of_a_copy_as_a_line_that_does_not_parse() -> None:
    hint = hint_of(TEMPLATE.format(body="when bought: use the ability of an adjacent card in a neighbour's tableau"))
    assert "an card" not in hint and "adjacent to this card in a neighbour" not in hint
    assert hint == "hint: write 'when bought: use the ability of a face-up card in a neighbour's tableau'"


@pytest.mark.parametrize("when", ["start", "end"])
def test_each_turn_becomes_your_turn_and_the_hint_names_what_acts_in_other_players_turns(when: str) -> None:
    """A card does act in other players' turns (a trigger on their takes, gold gathered in a row): the hint says so
    instead of claiming no card does, and each construct it names reads as written."""
    report = str(pytest.raises(CastleComboError, parse_text,
                               TEMPLATE.format(body=f"at the {when} of each turn: gain 1 gold"), "mine.ccl").value)
    assert "no card acts" not in report
    assert f"hint: write 'at the {when} of your turn: gain 1 gold' (in other players' turns a card acts" in report
    named = re.findall(r"'((?:whenever|while) [^']*)'", report.splitlines()[-1])
    assert named == ["whenever an opponent takes a card:", "while in a row, at the end of each turn: put 1 gold on "
                                                          "this card"]
    parse_text(TEMPLATE.format(body=named[0] + " gain 1 gold"))
    parse_text(TEMPLATE.format(body=named[1]))


@pytest.mark.parametrize(("wrote", "message", "hint"), [
    ("when played: gain 2 gold and 1 key", "a card's ability is written 'when bought:'",
     "hint: replace 'when played:' with 'when bought:', then check again: the line has another mistake further on"),
    ("when bought: gains 2 gold and 1 key", "your own effects are written 'gain' and 'lose'",
     "hint: replace 'gains 2 gold' with 'gain 2 gold', then check again: the line has another mistake further on"),
])
def test_a_phrasing_is_recognised_whatever_follows_it_on_the_line(wrote: str, message: str, hint: str) -> None:
    """A second mistake further on the line ('and 1 key') does not hide the first one's phrasing: the hint names
    the words to change, and once they are changed the phrasebook writes the whole line."""
    report = str(pytest.raises(CastleComboError, parse_text, TEMPLATE.format(body=wrote), "mine.ccl").value)
    assert message in report.splitlines()[0]
    assert report.splitlines()[-1] == hint
    old, new = re.findall(r"'(.*?)'", hint)[:2]
    assert hint_of(TEMPLATE.format(body=wrote.replace(old, new))) == \
        "hint: write 'when bought: gain 2 gold then gain 1 key'"
