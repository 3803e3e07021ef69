"""A count over both discard piles together (a fan construct): ``per 2 cards in the discard piles``."""

from __future__ import annotations

import pytest
from engine_kit import game, ruleset, take

import castle_combo as cc
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m


def _card(body: str) -> m.Card:
    (card,) = parse_text(f'card "Scavenger" {{ deck village cost 0 shields peasantry {body} }}')
    return card


@pytest.mark.parametrize(("body", "english"), [
    ("when bought: gain 1 gold per 2 cards in the discard piles up to 6",
     "Gain 1 gold per 2 cards in the two discard piles (castle and village together), up to 6 gold."),
    ("when bought: gain 1 key if at least 4 faith shields in the two discard piles",
     "Gain 1 key if the two discard piles (castle and village together) have at least 4 faith shields."),
])
def test_the_scope_reads_writes_back_and_says_both_piles(body: str, english: str) -> None:
    card = _card(body)
    assert parse_text(format_card(card)) == (card,)
    assert "in the discard piles" in format_card(card)
    assert english in card.describe()


def _with_piles(state: cc.GameState, castle: int, village: int) -> cc.GameState:
    """``state`` with the top ``castle`` / ``village`` cards of each deck moved to its discard pile."""
    locations = []
    for loc, n in zip(state.locations, (castle, village), strict=True):
        locations.append(loc.replace(deck=loc.deck[n:], discard=loc.discard + loc.deck[:n]))
    return state.replace(locations=tuple(locations))


def test_a_count_in_the_discard_piles_adds_the_castle_pile_and_the_village_pile() -> None:
    rules = ruleset(_card("when bought: gain 1 gold per 2 cards in the discard piles up to 6"))
    state = _with_piles(game(rules, village=["Scavenger"]), castle=3, village=4)
    before = state.players[0].gold
    assert state.apply(take("Scavenger")).players[0].gold == before + 3  # 7 cards: 3 gold


def test_the_bound_caps_a_count_in_the_discard_piles() -> None:
    rules = ruleset(_card("when bought: gain 1 gold per 2 cards in the discard piles up to 6"))
    state = _with_piles(game(rules, village=["Scavenger"]), castle=9, village=8)
    before = state.players[0].gold
    assert state.apply(take("Scavenger")).players[0].gold == before + 6


@pytest.mark.parametrize(("body", "message"), [
    ("score 1 per card in the discard piles", "a score pad has no discard pile"),
    ("when bought: gain 1 gold per face-down card in the discard piles", "a discard pile holds face-up cards"),
])
def test_the_discard_piles_are_refused_where_a_single_pile_is(body: str, message: str) -> None:
    with pytest.raises(cc.CardValidationError, match=message):
        _card(body)
