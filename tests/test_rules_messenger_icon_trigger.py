"""A trigger on the moves of one's own card's messenger icon (``whenever your card's messenger icon moves the
messenger:``), one test per ruling of the rules page ("Triggers on key spends and on the messenger"); and the
Turn that is given what sets off the triggers on the messenger's moves, with no module-level hook.

Each card is written in the card language, as a fan would write it, and played through the public API.
"""

from __future__ import annotations

import pytest
from engine_kit import game, one, ruleset, seat_with, take

import castle_combo as cc
from castle_combo.errors import CardProblems
from castle_combo.facts import FACE_DOWN_KEYS
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m

MOVE = cc.UseKey(cc.KeyUse.MOVE)
ICON = "deck castle   cost 0   shields nobility   messenger"

COURIER = one("Courier", "whenever your card's messenger icon moves the messenger: gain 1 key", ICON)
PIER = one("Pier", "whenever your card's messenger icon moves the messenger to the castle: gain 2 gold")
ROAD = one("Road", "whenever the messenger moves: gain 1 gold")
RIDER = one("Rider", "", "deck castle   cost 0   shields military   messenger")
CART = one("Cart", "", "deck village   cost 0   shields peasantry   messenger")
HERALD = one("Herald", "when bought: move the messenger", "deck castle   cost 0   shields nobility")
CARDS = (COURIER, PIER, ROAD, RIDER, CART, HERALD)


def _table(castle: tuple[str, ...] = (), village: tuple[str, ...] = (), current: int = 0,
           messenger: cc.Deck = cc.Deck.CASTLE,
           tableaux: dict[int, tuple[tuple[str, int, int] | tuple[str, int, int, bool], ...]] | None = None,
           cards: tuple[m.Card, ...] = CARDS) -> cc.GameState:
    state = game(ruleset(*cards), castle=list(castle), village=list(village))
    for seat, cells in (tableaux or {}).items():
        state = seat_with(state, seat, list(cells))
    return state.replace(messenger=messenger, current_player=current)


def _keys(state: cc.GameState) -> list[int]:
    return [p.keys for p in state.players]


def _gold(state: cc.GameState) -> list[int]:
    return [p.gold for p in state.players]


# ---------------------------------------------------------------- the rulings


def test_buying_the_courier_face_up_gains_its_own_key() -> None:
    state = _table(("Courier",))
    after = state.apply(take("Courier"))
    assert after.messenger is cc.Deck.VILLAGE
    assert _keys(after)[0] == _keys(state)[0] + 1


def test_a_courier_gains_a_key_when_a_later_card_you_buy_moves_the_messenger_with_its_icon() -> None:
    state = _table(("Rider",), tableaux={0: (("Courier", 0, 0),)})
    after = state.apply(take("Rider", 1, 0))
    assert after.messenger is cc.Deck.VILLAGE and _keys(after)[0] == _keys(state)[0] + 1


def test_taking_a_card_with_a_messenger_icon_face_down_moves_nothing_and_gains_no_key() -> None:
    state = _table(("Rider",), tableaux={0: (("Courier", 0, 0),)})
    after = state.apply(take("Rider", 1, 0, face_down=True))
    assert after.messenger is cc.Deck.CASTLE
    assert _keys(after)[0] == _keys(state)[0] + FACE_DOWN_KEYS


def test_an_icon_toward_an_exhausted_location_moves_nothing_so_no_key() -> None:
    state = _table(("Courier",))
    village = state.locations[1]
    gone = village.replace(deck=(), row=(), removed=village.deck + village.row, exhausted=True)
    after = state.replace(locations=(state.locations[0], gone)).apply(take("Courier"))
    assert after.messenger is cc.Deck.CASTLE and _keys(after)[0] == _keys(state)[0]


def test_an_icon_that_finds_the_messenger_already_there_moves_nothing_so_no_key() -> None:
    # The Herald's ability moves the messenger to the village first; the Rider's icon then finds it there.
    both = one("Herald Rider", "when bought: move the messenger", ICON)
    state = _table(("Herald Rider",), tableaux={0: (("Courier", 0, 0),)}, cards=(*CARDS, both))
    after = state.apply(take("Herald Rider", 1, 0))
    assert after.messenger is cc.Deck.VILLAGE and _keys(after)[0] == _keys(state)[0]


def test_a_key_that_moves_the_messenger_does_not_set_off_the_courier() -> None:
    state = _table(tableaux={0: (("Courier", 0, 0),)})
    after = state.apply(MOVE)
    assert after.messenger is cc.Deck.VILLAGE and _keys(after)[0] == _keys(state)[0] - 1


def test_an_ability_that_moves_the_messenger_does_not_set_off_the_courier() -> None:
    state = _table(("Herald",), tableaux={0: (("Courier", 0, 0),)})
    after = state.apply(take("Herald", 1, 0))
    assert after.messenger is cc.Deck.VILLAGE and _keys(after)[0] == _keys(state)[0]


def test_an_opponents_messenger_icon_does_not_set_off_your_courier() -> None:
    state = _table(("Rider",), tableaux={1: (("Courier", 0, 0),)})
    after = state.apply(take("Rider"))
    assert after.messenger is cc.Deck.VILLAGE and _keys(after) == _keys(state)


def test_a_face_down_courier_does_not_watch_your_icons() -> None:
    state = _table(("Rider",), tableaux={0: (("Courier", 0, 0, True),)})
    after = state.apply(take("Rider", 1, 0))
    assert after.messenger is cc.Deck.VILLAGE and _keys(after) == _keys(state)


def test_a_trigger_on_your_icons_moves_to_the_castle_ignores_those_to_the_village() -> None:
    to_village = _table(("Rider",), tableaux={0: (("Pier", 0, 0),)})
    assert _gold(to_village.apply(take("Rider", 1, 0))) == _gold(to_village)
    to_castle = _table(village=("Cart",), messenger=cc.Deck.VILLAGE, tableaux={0: (("Pier", 0, 0),)})
    after = to_castle.apply(take("Cart", 1, 0))
    assert after.messenger is cc.Deck.CASTLE and _gold(after)[0] == _gold(to_castle)[0] + 2


def test_an_icons_move_sets_off_the_triggers_on_any_move_too() -> None:
    state = _table(("Courier",), tableaux={0: (("Road", 0, 0),), 1: (("Lane", 0, 0),)},
                   cards=(*CARDS, one("Lane", "whenever the messenger moves: gain 1 gold")))
    after = state.apply(take("Courier", 1, 0))
    assert _keys(after)[0] == _keys(state)[0] + 1 and _gold(after) == [_gold(state)[0] + 1, _gold(state)[1] + 1]


def test_a_courier_may_move_the_messenger_itself_and_that_move_sets_off_nothing() -> None:
    mover = one("Relay", "whenever your card's messenger icon moves the messenger: gain 1 key then move the messenger",
                ICON)
    state = _table(("Relay",), tableaux={1: (("Road", 0, 0),)}, cards=(*CARDS, mover))
    after = state.apply(take("Relay"))
    # The icon moves it to the village (the Road gains 1 gold), the Relay's own move brings it back (nothing).
    assert after.messenger is cc.Deck.CASTLE
    assert _keys(after)[0] == _keys(state)[0] + 1 and _gold(after)[1] == _gold(state)[1] + 1


# ---------------------------------------------------------------- the language


@pytest.mark.parametrize("text", [
    "whenever your card's messenger icon moves the messenger: gain 1 key",
    "whenever your card's messenger icon moves the messenger to the village: gain 1 gold if at least 2 keys",
])
def test_a_trigger_on_your_icons_moves_reads_back_as_written(text: str) -> None:
    card = one("Courier", text, ICON)
    assert f"    {text}\n" in format_card(card)
    assert parse_text(format_card(card))[0] == card
    assert card.moved_by_icon and card.has_trigger


def test_the_typographic_apostrophe_reads_the_same() -> None:
    assert one("Courier", "whenever your card’s messenger icon moves the messenger: gain 1 key", ICON) == COURIER


def test_the_english_says_whose_icon_moves_the_messenger() -> None:
    assert ("Whenever the messenger icon of a card you buy face up (this one included) moves the messenger: "
            "Gain 1 key.") in COURIER.describe()
    assert ("Whenever the messenger icon of a card you buy face up (this one included) moves the messenger to the "
            "castle: Gain 2 gold.") in PIER.describe()


def test_a_trigger_on_your_icons_moves_that_would_ask_is_refused() -> None:
    with pytest.raises(CardProblems, match="where no question is asked"):
        parse_text('card "Bad" {\n  deck castle   cost 0   shields faith\n  whenever your card\'s messenger icon '
                   "moves the messenger: choose one: { gain 1 gold } or { gain 1 key }\n}\n")


def test_a_card_watching_its_icons_without_the_trigger_makes_no_sense() -> None:
    card = m.Card("Odd", cc.Deck.CASTLE, 0, (m.Shield.FAITH,), moved_by_icon=True)
    assert any("messenger-icon moves" in p.message for p in card.problems())


# ---------------------------------------------------------------- no module-level hook


def test_the_turn_module_keeps_no_hook_for_the_messengers_moves() -> None:
    import castle_combo.engine.turn as turn

    assert not hasattr(turn, "MESSENGER_MOVED")
    assert not [name for name, value in vars(turn).items() if isinstance(value, (list, dict, set))
                and not name.startswith("__")]


def test_a_turn_sets_off_what_it_was_given_when_the_messenger_moves() -> None:
    from castle_combo.engine.turn import Turn

    state = _table(tableaux={0: (("Road", 0, 0),)})
    seen: list[tuple[int, int | None]] = []
    turn = Turn(state, lambda t, where, icon: seen.append((where, icon)))
    turn.move_messenger(1)
    turn.move_messenger(1)  # no change of location: nothing set off
    turn.move_messenger_by_icon(0, 0)
    assert seen == [(1, None), (0, 0)]
