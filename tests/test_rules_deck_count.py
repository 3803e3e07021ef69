"""The cards left in a deck: a place only plain 'card' may count ("per card in the village deck", "if no card in
the castle deck"). The number of cards in a deck is public, the cards in it are not; a count reads the deck as it
is when the count is taken (after a reshuffle of its discard pile, the reshuffled deck).
"""

from __future__ import annotations

import pytest
from engine_kit import game, one, play, ruleset, take, to_the_end

import castle_combo as cc
from castle_combo.errors import ScenarioError
from castle_combo.language import CardProblems, format_card, parse_text
from castle_combo.language import model as m
from castle_combo.language.model.refusals import REFUSALS

FREE = "deck village   cost 0   shields military"
GUARDED = "discard the top card of the castle deck if at least 1 card in the castle deck"
GAMBLER = one("Gambler", f"when bought: {GUARDED} then {GUARDED}", FREE)
RASH = one("Rash", "when bought: discard the top card of the castle deck then discard the top card of the castle "
           "deck", FREE)
COUNTER = one("Counter", "when bought: discard the top card of the castle deck then discard the top card of the "
              "castle deck then gain 1 gold per card in the castle deck", FREE)
LAST = one("Last", "when bought: gain 3 gold if no card in the castle deck", FREE)


def played(card: m.Card) -> tuple[cc.GameState, cc.GameState]:
    """Seat 0 takes ``card`` from the village row; the castle deck holds c3 alone, its discard pile c4, c5."""
    state = game(ruleset(card, castle=6), village=[card.name])
    ids = state.engine.ids
    castle = state.locations[0]._replace(deck=(ids["c3"],), discard=(ids["c4"], ids["c5"]))
    state = state.replace(locations=(castle, state.locations[1]))
    return state, state.apply(take(card.name))


def names(state: cc.GameState, cards: tuple[int, ...]) -> list[str]:
    return [state.engine.name(c) for c in cards]


def refusal(body: str) -> str:
    with pytest.raises(CardProblems) as caught:
        parse_text(f'card "T" {{\n {FREE}\n {body}\n}}\n', "t.ccl")
    (message,) = caught.value.messages
    return message


def test_the_cards_left_in_a_deck_are_written_said_and_formatted_back() -> None:
    for card, english in ((COUNTER, "Gain 1 gold per card left in the castle deck."),
                          (LAST, "Gain 3 gold if the castle deck has no card."),
                          (GAMBLER, "if the castle deck has at least 1 card")):
        assert english in card.describe()
        (again,) = parse_text(format_card(card), "again.ccl")
        assert again == card
    (per,) = [n for n in m.walk(COUNTER.ability) if isinstance(n, m.Per)]
    assert per == m.Per(m.Cards(), m.Scope.CASTLE_DECK)


def test_a_guard_on_the_cards_left_stops_a_discard_at_an_empty_deck() -> None:
    _, after = played(GAMBLER)
    assert names(after, after.locations[0].deck) == []
    assert names(after, after.locations[0].discard) == ["c4", "c5", "c3"]  # no reshuffle: the pile is untouched


def test_without_the_guard_a_discard_at_an_empty_deck_reshuffles_the_discard_pile() -> None:
    _, after = played(RASH)
    assert len(after.locations[0].deck) == 2 and len(after.locations[0].discard) == 1


def test_a_count_of_the_cards_left_reads_the_deck_after_a_reshuffle() -> None:
    before, after = played(COUNTER)
    assert after.players[0].gold == before.players[0].gold + 2  # the reshuffled deck of 3, one discarded


def test_no_card_in_a_deck_holds_only_when_the_deck_is_empty() -> None:
    before, after = played(LAST)
    assert after.players[0].gold == before.players[0].gold  # c3 is left in the castle deck
    state = game(ruleset(LAST, castle=6), village=["Last"])
    empty = state.replace(locations=(state.locations[0]._replace(deck=()), state.locations[1]))
    assert empty.apply(take("Last")).players[0].gold == empty.players[0].gold + 3


@pytest.mark.parametrize("body", ["when bought: gain 1 gold per faith shield in the village deck",
                                  "when bought: gain 1 gold per castle card in the village deck",
                                  "when bought: gain 1 gold per messenger card in the castle deck",
                                  "when bought: gain 1 gold per face-down card in the castle deck"])
def test_a_filter_on_the_hidden_cards_of_a_deck_is_refused_with_the_fix(body: str) -> None:
    message = refusal(body)
    assert "the cards in a deck are face down and hidden, only how many are left is public" in message
    assert "hint: count the cards left ('per card in the village deck')" in message


def test_what_the_cards_of_a_deck_share_is_refused() -> None:
    message = refusal("when bought: gain 1 gold if all cards in the village deck share a cost")
    assert "so no one can tell what they share" in message


def test_a_deck_is_not_counted_by_a_scoring_rule() -> None:
    message = refusal("score 1 per card in the village deck")
    assert "a score pad has no deck, and a scoring rule counts tableaux" in message


def test_the_refusals_of_a_deck_are_rows_of_the_one_table() -> None:
    places = [rule.place for rule in REFUSALS]
    assert places.count("a deck") == 2 and "a deck, in a scoring rule" in places


def test_at_the_end_of_the_game_a_count_reads_the_decks_as_they_are_then() -> None:
    reader = one("Reader", "at the end of the game: gain 1 gold per card in the village deck", FREE)
    plain = one("Reader", "", FREE)
    ends = []
    for card in (reader, plain):
        state = play(game(ruleset(card, castle=40, village=40), village=["Reader"]), "Reader")
        ends.append(to_the_end(state))
    read, control = ends
    assert read.is_over and control.is_over
    left = len(read.locations[1].deck)
    assert left > 0
    assert read.players[0].gold == control.players[0].gold + left


def test_a_score_scenario_refuses_an_end_of_game_effect_that_counts_a_deck() -> None:
    reader = one("Reader", "at the end of the game: gain 1 gold per card in the castle deck")
    grid = [["Reader", "c0", "c1"], ["c2", "c3", "c4"], ["c5", "c6", "c7"]]
    with pytest.raises(ScenarioError, match="Reader's \"at the end of the game\" effect counts the castle deck; a "
                                            "score scenario holds the players' tableaux, gold and keys only"):
        cc.score_tableau(grid, rules=ruleset(reader))
