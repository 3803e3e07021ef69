"""A face-down card turned face up for its own cost (``you may turn a face-down card face up and use its ability,
paying its cost``, a Restorer), one test per ruling of the rules page ("Turning cards face up").

Each card is written in the card language, as a fan would write it, and played through the public API.
"""

from __future__ import annotations

import pytest
from engine_kit import game, one, ruleset, seat_with, take, with_seat

import castle_combo as cc
from castle_combo.errors import CardProblems
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m

FREE = "deck castle   cost 0   shields nobility"
RESTORER = one("Restorer", "when bought: you may turn a face-down card face up and use its ability, paying its cost",
               FREE)
MENDER = one("Mender", "when bought: turn a face-down card face up, paying its cost", FREE)
NOBLE = one("Noble", "when bought: gain 2 keys", "deck castle   cost 5   shields nobility")
BARON = one("Baron", "", "deck castle   cost 2   shields nobility")
FARM = one("Farm", "", "deck village   cost 4   shields peasantry")
GUILD = one("Guild", "when bought: discount 2 on castle cards", "deck castle   cost 4   shields craftsmanship")
SURVEYOR = one("Surveyor", "when bought: discount 1 on castle cards", "deck village   cost 0   shields peasantry")
CARDS = (RESTORER, MENDER, NOBLE, BARON, FARM, GUILD, SURVEYOR)


def _table(taken: str, down: tuple[str, ...], gold: int = 15, up: tuple[str, ...] = (),
           cards: tuple[m.Card, ...] = CARDS) -> cc.GameState:
    """Seat 0 to take ``taken`` from the castle row, with ``down`` face down and ``up`` face up in its tableau."""
    state = game(ruleset(*cards), castle=[taken]).replace(messenger=cc.Deck.CASTLE)
    cells = [(name, x, 0, True) for x, name in enumerate(down)] + [(name, x, 1) for x, name in enumerate(up)]
    return with_seat(seat_with(state, 0, cells), 0, gold=gold)


def _face_down(state: cc.GameState, seat: int = 0) -> list[str]:
    return [state.engine.name(cell.card) for cell in state.players[seat].tableau if cell.face_down]


# ---------------------------------------------------------------- the rulings


def test_turning_a_card_face_up_costs_its_printed_cost_and_resolves_its_ability() -> None:
    state = _table("Restorer", ("Noble",))
    asked = state.apply(take("Restorer", 1, 0))
    assert asked.apply(cc.Choose(1)).players[0].gold == 15 - 5
    after = asked.apply(cc.Choose(1))
    assert _face_down(after) == [] and after.players[0].keys == state.players[0].keys + 2


def test_your_discounts_on_its_deck_come_off_the_price() -> None:
    state = _table("Restorer", ("Noble",), up=("Surveyor",))
    state = state.replace(players=(state.players[0].replace(discounts=(1, 0)), state.players[1]))
    after = state.apply(take("Restorer", 1, 0)).apply(cc.Choose(1))
    assert after.players[0].gold == 15 - 4


def test_the_price_never_goes_below_zero() -> None:
    state = _table("Restorer", ("Baron",))
    state = state.replace(players=(state.players[0].replace(discounts=(3, 0)), state.players[1]))
    after = state.apply(take("Restorer", 1, 0)).apply(cc.Choose(1))
    assert after.players[0].gold == 15 and _face_down(after) == []


def test_the_cards_own_discount_does_not_lower_its_price() -> None:
    state = _table("Restorer", ("Guild",))
    after = state.apply(take("Restorer", 1, 0)).apply(cc.Choose(1))
    assert after.players[0].gold == 15 - 4 and after.players[0].discounts[0] == 2


def test_only_the_cards_the_owner_can_pay_for_are_offered() -> None:
    state = _table("Restorer", ("Noble", "Baron", "Farm"), gold=4)
    asked = state.apply(take("Restorer", 0, 1)).apply(cc.Choose(1))
    assert set(asked.legal_actions()) == {cc.Reveal("Baron"), cc.Reveal("Farm")}
    after = asked.apply(cc.Reveal("Farm"))
    assert after.players[0].gold == 0 and _face_down(after) == ["Noble", "Baron"]


def test_with_one_card_the_owner_can_pay_for_it_is_turned_without_a_second_question() -> None:
    state = _table("Restorer", ("Noble", "Baron"), gold=3)
    after = state.apply(take("Restorer", 2, 0)).apply(cc.Choose(1))
    assert after.pending is None and _face_down(after) == ["Noble"] and after.players[0].gold == 1


def test_the_optional_effect_is_not_asked_when_the_owner_can_pay_for_no_card() -> None:
    state = _table("Restorer", ("Noble",), gold=4)
    after = state.apply(take("Restorer", 1, 0))
    assert after.pending is None and _face_down(after) == ["Noble"] and after.players[0].gold == 4


def test_an_option_with_a_gold_cost_is_not_asked_when_no_card_is_payable_after_that_cost() -> None:
    tolled = one("Tolled", "when bought: you may pay 2 gold to turn a face-down card face up and use its ability, "
                 "paying its cost", FREE)
    cards = (*CARDS, tolled)
    short = _table("Tolled", ("Baron",), gold=3, cards=cards).apply(take("Tolled", 1, 0))
    assert short.pending is None and _face_down(short) == ["Baron"] and short.players[0].gold == 3
    enough = _table("Tolled", ("Baron",), gold=4, cards=cards).apply(take("Tolled", 1, 0))
    assert enough.pending is not None
    after = enough.apply(cc.Choose(1))
    assert _face_down(after) == [] and after.players[0].gold == 0


def test_without_you_may_the_owner_turns_a_card_they_can_pay_for_if_there_is_one() -> None:
    state = _table("Mender", ("Noble", "Baron"), gold=3)
    after = state.apply(take("Mender", 2, 0))
    assert _face_down(after) == ["Noble"] and after.players[0].gold == 1
    poor = _table("Mender", ("Noble",), gold=3).apply(take("Mender", 1, 0))
    assert _face_down(poor) == ["Noble"] and poor.players[0].gold == 3


def test_a_surcharge_on_purchases_does_not_raise_the_price() -> None:
    tolls = one("Tolls", "surcharge 2 on castle cards for each opponent", "deck village   cost 0   shields faith")
    state = _table("Restorer", ("Baron",), cards=(*CARDS, tolls))
    state = seat_with(state, 1, [("Tolls", 0, 0)])
    assert state.surcharge(0, "Baron") == 2
    after = state.apply(take("Restorer", 1, 0)).apply(cc.Choose(1))
    assert after.players[0].gold == 15 - 2 - 2  # the Restorer's purchase pays the surcharge, the Baron its cost only


def test_a_one_time_discount_waits_for_a_take_and_does_not_lower_the_price() -> None:
    state = _table("Restorer", ("Baron",))
    state = state.replace(players=(state.players[0].replace(next_discounts=(2, 0, 0)), state.players[1]))
    after = state.apply(take("Restorer", 1, 0)).apply(cc.Choose(1))
    assert after.players[0].gold == 15 - 2 and after.players[0].next_discounts == (0, 0, 0)


# ---------------------------------------------------------------- the language


@pytest.mark.parametrize("text", [
    "you may turn a face-down card face up and use its ability, paying its cost",
    "turn a face-down card face up, paying its cost",
    "turn a face-down card adjacent to this card face up and use its ability, paying its cost",
])
def test_a_card_turned_face_up_for_its_cost_reads_back_as_written(text: str) -> None:
    card = one("Restorer", f"when bought: {text}")
    assert f"when bought: {text}\n" in format_card(card)
    assert parse_text(format_card(card))[0] == card


def test_the_english_says_the_owner_pays_its_cost() -> None:
    assert ("You may turn one of your face-down cards face up (your choice), and resolve its ability as if it had "
            "just been bought; you pay its cost for it (printed cost less your discounts, never below 0; only a card "
            "you can pay for).") in RESTORER.describe()


def test_every_face_down_card_turned_for_its_cost_is_refused() -> None:
    problems = m.TurnFaceUp(None, True, False, paying=True).problems()
    assert [p.message for p in problems] == ["the price is the cost of the one card chosen"]
    with pytest.raises(CardProblems):
        parse_text('card "Bad" {\n  deck castle   cost 0   shields faith\n  when bought: turn every face-down card '
                   "face up, paying its cost\n}\n")
