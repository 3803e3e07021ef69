"""Optional costs with any effect, and the questions the end of the game may now ask (the rules page, "Optional
effects"). Cards are written in the card language and played through the public API."""

from __future__ import annotations

import pytest
from engine_kit import game, one, ruleset, seat_with, take

import castle_combo as cc

MONK = one("Monk", "", "deck castle   cost 0   shields faith")
NUN = one("Nun", "", "deck castle   cost 0   shields faith")


def _bought(body: str, down: tuple[str, ...], gold: int) -> tuple[cc.GameState, cc.GameState]:
    """The state before and after buying a card of ``body`` with ``down`` face down in the tableau."""
    buyer = one("Buyer", body)
    state = game(ruleset(buyer, MONK, NUN), castle=["Buyer"])
    state = seat_with(state, 0, [(name, i, 0, True) for i, name in enumerate(down)], gold=gold)
    state = state.replace(messenger=cc.Deck.CASTLE)
    return state, state.apply(take("Buyer", len(down), 0))


def test_an_optional_cost_is_paid_before_a_face_down_card_is_turned_face_up() -> None:
    state, asked = _bought("when bought: you may pay 2 gold to turn a face-down card face up", ("Monk",), 5)
    assert asked.legal_actions() == (cc.Choose(1), cc.Choose(2))
    after = asked.apply(cc.Choose(1))
    assert after.players[0].gold == 3
    assert not after.players[0].tableau[0].face_down


def test_the_card_to_turn_face_up_is_asked_after_the_cost_is_paid() -> None:
    _, asked = _bought("when bought: you may pay 2 gold to turn a face-down card face up", ("Monk", "Nun"), 5)
    which = asked.apply(cc.Choose(1))
    assert which.players[0].gold == 3
    assert set(which.legal_actions()) == {cc.Reveal("Monk"), cc.Reveal("Nun")}
    after = which.apply(cc.Reveal("Nun"))
    assert [c.face_down for c in after.players[0].tableau[:2]] == [True, False]


def test_declining_an_optional_cost_keeps_the_gold_and_the_card_face_down() -> None:
    _, asked = _bought("when bought: you may pay 2 gold to turn a face-down card face up", ("Monk",), 5)
    after = asked.apply(cc.Choose(2))
    assert after.players[0].gold == 5 and after.players[0].tableau[0].face_down


def test_an_optional_cost_that_cannot_be_paid_is_not_asked() -> None:
    state, after = _bought("when bought: you may pay 2 gold to turn a face-down card face up", ("Monk",), 1)
    assert after.pending is None and after.players[0].gold == 1 and after.players[0].tableau[0].face_down


def test_an_optional_cost_in_keys_turns_every_card_and_resolves_their_abilities() -> None:
    giver = one("Giver", "when bought: gain 2 gold")
    buyer = one("Buyer", "when bought: you may pay 1 key to turn every face-down card adjacent to this card face up "
                         "and use its ability")
    state = game(ruleset(buyer, giver, MONK), castle=["Buyer"])
    state = seat_with(state, 0, [("Giver", 0, 0, True), ("Monk", 2, 0, True)], gold=0, keys=1)
    after = state.replace(messenger=cc.Deck.CASTLE).apply(take("Buyer", 1, 0)).apply(cc.Choose(1))
    assert (after.players[0].gold, after.players[0].keys) == (2, 0)  # the key paid, 2 gold from Giver's ability
    assert not any(c.face_down for c in after.players[0].tableau)


# ---------------------------------------------------------------- the end of the game may ask


@pytest.mark.parametrize("body", [
    "at the end of the game: you may pay 10 gold to gain 3 keys",
    "at the end of the game: choose one: { lose 10 gold } or { gain 1 key }",
    "at the end of the game: turn a face-down card face up",
])
def test_the_end_of_the_game_may_ask_its_owner_a_question(body: str) -> None:
    card = one("Late", body)
    assert card.game_end and not card.problems()


def test_a_choice_between_paying_and_losing_points_is_written_as_a_penalty() -> None:
    card = one("Debtor", "score -3 if fewer than 10 gold")
    assert card.scoring[0].describe() == "Score -3 if you have fewer than 10 gold."
