"""Triggers on other players' takes (``whenever an opponent takes a card:``), one test per ruling of the rules page
("Triggers on other players' takes").

Each card is written in the card language, as a fan would write it, and played through the public API.
"""

from __future__ import annotations

import pytest
from engine_kit import game, one, ruleset, seat_with, take

import castle_combo as cc
from castle_combo.engine.rules import apply
from castle_combo.errors import CardProblems
from castle_combo.facts import FACE_DOWN_GOLD, FACE_DOWN_KEYS
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m
from castle_combo.language.model import PlayerGroup, ThatPlayer
from castle_combo.records.narration import narrate

TAX = one("Tax Collector", "whenever an opponent takes a card: take 1 gold from that player")
GOSSIP = one("Gossip", "whenever a neighbour takes a face-down card: gain 1 gold then that player loses 1 key")
TOLL = one("Toll", "whenever any player takes a faith card: gain 1 key")
LEFT = one("Lookout", "whenever your left neighbour takes a card: gain 2 gold")
MONK = one("Monk", "", "deck castle   cost 0   shields faith")
SOLDIER = one("Soldier", "", "deck castle   cost 0   shields military")
CARDS = (TAX, GOSSIP, TOLL, LEFT, MONK, SOLDIER)


def _table(*names: str, players: int = 2, taker: int = 0,
           tableaux: dict[int, tuple[tuple[str, int, int] | tuple[str, int, int, bool], ...]] | None = None,
           cards: tuple[cc.Card, ...] = CARDS) -> cc.GameState:
    """A game of ``players`` where ``taker`` is to take from the castle row (``names`` on top)."""
    state = game(ruleset(*cards), castle=list(names), players=players)
    for seat, cells in (tableaux or {}).items():
        state = seat_with(state, seat, list(cells))
    return state.replace(messenger=cc.Deck.CASTLE, current_player=taker)


def _gold(state: cc.GameState) -> list[int]:
    return [p.gold for p in state.players]


def _keys(state: cc.GameState) -> list[int]:
    return [p.keys for p in state.players]


# ---------------------------------------------------------------- when it fires


def test_an_opponents_take_triggers_a_card_watching_opponents() -> None:
    state = _table("Soldier", tableaux={1: (("Tax Collector", 0, 0),)})
    after = state.apply(take("Soldier"))
    assert _gold(after) == [_gold(state)[0] - 1, _gold(state)[1] + 1]


def test_a_trigger_on_opponents_takes_does_not_fire_for_its_owners_own_takes() -> None:
    state = _table("Soldier", taker=1, tableaux={1: (("Tax Collector", 0, 0),)})
    after = state.apply(take("Soldier", 1, 0))
    assert _gold(after) == _gold(state)


def test_a_trigger_on_any_players_takes_fires_for_its_owners_takes_and_the_others() -> None:
    state = _table("Monk", tableaux={1: (("Toll", 0, 0),)})
    assert _keys(state.apply(take("Monk"))) == [_keys(state)[0], _keys(state)[1] + 1]
    mine = state.replace(current_player=1)
    assert _keys(mine.apply(take("Monk", 1, 0))) == [_keys(state)[0], _keys(state)[1] + 1]


def test_a_trigger_on_others_takes_fires_only_for_the_kind_of_card_it_names() -> None:
    state = _table("Soldier", tableaux={1: (("Toll", 0, 0),)})
    assert _keys(state.apply(take("Soldier"))) == _keys(state)


def test_a_trigger_on_a_face_down_take_fires_for_a_card_taken_face_down_only() -> None:
    state = _table("Soldier", tableaux={1: (("Gossip", 0, 0),)})
    down = state.apply(take("Soldier", face_down=True))
    assert _gold(down) == [_gold(state)[0] + FACE_DOWN_GOLD, _gold(state)[1] + 1]
    assert _keys(down) == [_keys(state)[0] + FACE_DOWN_KEYS - 1, _keys(state)[1]]
    up = state.apply(take("Soldier"))
    assert _gold(up)[1] == _gold(state)[1]


def test_a_face_down_card_watching_others_takes_does_not_trigger() -> None:
    state = _table("Soldier", tableaux={1: (("Tax Collector", 0, 0, True),)})
    assert _gold(state.apply(take("Soldier"))) == _gold(state)


def test_a_neighbour_in_a_game_of_two_is_the_one_opponent() -> None:
    state = _table("Soldier", tableaux={1: (("Lookout", 0, 0),)})
    assert _gold(state.apply(take("Soldier")))[1] == _gold(state)[1] + 2


def test_your_left_neighbour_is_the_next_seat_in_turn_order() -> None:
    # Seat 2's left neighbour is seat 0 (turn order goes 0, 1, 2): seat 1's take does not trigger it.
    state = _table("Soldier", players=3, tableaux={2: (("Lookout", 0, 0),)})
    assert _gold(state.apply(take("Soldier")))[2] == _gold(state)[2] + 2
    assert _gold(state.replace(current_player=1).apply(take("Soldier")))[2] == _gold(state)[2]


def test_a_neighbour_trigger_ignores_a_player_who_is_not_a_neighbour() -> None:
    state = _table("Soldier", players=4, tableaux={2: (("Gossip", 0, 0),)})
    assert _gold(state.apply(take("Soldier", face_down=True)))[2] == _gold(state)[2]
    assert _gold(state.replace(current_player=1).apply(take("Soldier", face_down=True)))[2] == _gold(state)[2] + 1


# ---------------------------------------------------------------- order and amounts


def test_triggers_on_a_take_resolve_the_takers_own_first_then_each_seat_from_the_takers_left() -> None:
    # Seat 0 has 1 gold: seat 1's Tax Collector takes it before seat 2's finds nothing left.
    tax_too = one("Tax Farmer", "whenever an opponent takes a card: take 1 gold from that player")
    state = _table("Soldier", players=3, tableaux={1: (("Tax Collector", 0, 0),), 2: (("Tax Farmer", 0, 0),)},
                   cards=(TAX, SOLDIER, tax_too))
    state = state.replace(players=(state.players[0].replace(gold=1), *state.players[1:]))
    after = state.apply(take("Soldier"))
    assert _gold(after) == [0, _gold(state)[1] + 1, _gold(state)[2]]
    # Seat 2 takes: seat 0 comes first (and has no such card), then seat 1, whose Tax Collector takes the 1 gold.
    state = state.replace(current_player=2, players=(*state.players[:2], state.players[2].replace(gold=1)))
    after = state.apply(take("Soldier", 1, 0))
    assert _gold(after) == [1, _gold(state)[1] + 1, 0]


def test_the_other_players_triggers_resolve_before_the_takers_own() -> None:
    # The Tax Collector finds no gold to take; the taker's Rebate gives 1 gold after it.
    rebate = one("Rebate", "whenever you take a card: gain 1 gold")
    state = _table("Soldier", tableaux={0: (("Rebate", 0, 0),), 1: (("Tax Collector", 0, 0),)},
                   cards=(rebate, TAX, SOLDIER))
    state = state.replace(players=(state.players[0].replace(gold=0), state.players[1]))
    after = state.apply(take("Soldier", 1, 0))
    assert _gold(after) == [1, _gold(state)[1]]


def test_a_player_who_cannot_give_gives_what_they_have() -> None:
    state = _table("Soldier", tableaux={1: (("Tax Collector", 0, 0),)})
    state = state.replace(players=(state.players[0].replace(gold=0), state.players[1]))
    after = state.apply(take("Soldier"))
    assert _gold(after) == [0, _gold(state)[1]]


def test_that_player_never_loses_more_keys_than_they_have() -> None:
    state = _table("Soldier", tableaux={1: (("Gossip", 0, 0),)})
    state = state.replace(players=(state.players[0].replace(keys=0), state.players[1]))
    after = state.apply(take("Soldier", face_down=True))
    assert _keys(after)[0] == FACE_DOWN_KEYS - 1 >= 0


def test_a_take_from_that_player_on_the_owners_own_take_changes_nothing() -> None:
    fee = one("Fee", "whenever any player takes a card: take 1 gold from that player")
    state = _table("Soldier", tableaux={0: (("Fee", 0, 0),)}, cards=(fee, SOLDIER))
    assert _gold(state.apply(take("Soldier", 1, 0))) == _gold(state)
    assert _gold(state.replace(current_player=1).apply(take("Soldier"))) == [_gold(state)[0] + 1,
                                                                            _gold(state)[1] - 1]


def test_a_trigger_on_others_takes_counts_their_tableau_with_their() -> None:
    bounty = one("Bounty", "whenever an opponent takes a card: take 1 gold per card in their tableau from that player")
    state = _table("Soldier", tableaux={0: (("Monk", 0, 0),), 1: (("Bounty", 0, 0),)}, cards=(bounty, MONK, SOLDIER))
    after = state.apply(take("Soldier", 1, 0))
    assert _gold(after) == [_gold(state)[0] - 2, _gold(state)[1] + 2]


def test_a_trigger_on_others_takes_resolves_after_the_card_is_placed_and_before_its_ability() -> None:
    rich = one("Rich", "when bought: gain 1 key if at least 3 gold", "deck castle   cost 0   shields military")
    state = _table("Rich", tableaux={1: (("Tax Collector", 0, 0),)}, cards=(TAX, rich))
    state = state.replace(players=(state.players[0].replace(gold=3), state.players[1]))
    after = state.apply(take("Rich"))
    # The Tax Collector takes 1 of the 3 gold first, so the ability's condition no longer holds.
    assert (after.players[0].gold, after.players[0].keys) == (2, state.players[0].keys)


# ---------------------------------------------------------------- the engine's paths


def test_the_fast_take_and_the_general_path_agree_on_a_trigger_on_others_takes() -> None:
    state = _table("Soldier", players=3, tableaux={1: (("Tax Collector", 0, 0),), 2: (("Gossip", 0, 0),)})
    for face_down in (False, True):
        fast = apply(state, take("Soldier", face_down=face_down))
        slow = apply(state, take("Soldier", face_down=face_down), fast=False)
        assert fast.players == slow.players
    assert _gold(apply(state, take("Soldier")))[1] == _gold(state)[1] + 1


def test_a_ruleset_without_triggers_on_others_takes_does_not_look_for_them() -> None:
    plain = game(ruleset(one("Rebate", "whenever you take a card: gain 1 gold"), SOLDIER))
    assert plain.engine.has_take_triggers and not plain.engine.has_other_take_triggers
    assert _table("Soldier").engine.has_other_take_triggers


def test_a_trigger_on_others_takes_is_told_in_the_narration() -> None:
    state = _table("Soldier", tableaux={1: (("Tax Collector", 0, 0),)})
    said = narrate(state, take("Soldier"), state.apply(take("Soldier")), ["Ann", "Bob"])
    assert "Bob gains 1 gold" in said


# ---------------------------------------------------------------- the language


def test_a_trigger_on_others_takes_reads_and_formats_back() -> None:
    for card in CARDS[:4]:
        assert parse_text(format_card(card)) == (card,)
    assert TAX.taken_by is PlayerGroup.OPPONENTS and TOLL.taken_by is PlayerGroup.PLAYERS
    assert "whenever a neighbour takes a face-down card:" in format_card(GOSSIP)
    assert "whenever your left neighbour takes a card: gain 2 gold" in format_card(LEFT)
    assert TAX.taken[0] == m.EachPlayer(ThatPlayer.TAKER, m.Take(1, m.Resource.GOLD))


def test_a_trigger_on_others_takes_reads_like_a_printed_card() -> None:
    assert ("Whenever an opponent takes a card while this card is face up in your tableau: Take 1 gold from that "
            "player (never more than they have).") in TAX.describe()
    assert "That player loses 1 key (never more than they have)." in GOSSIP.describe()
    assert "Whenever any player (you included) takes a card with a faith shield" in TOLL.describe()


def test_whenever_you_take_is_unchanged() -> None:
    card = one("Rebate", "whenever you take a faith card: gain 1 gold")
    assert card.taken_by is None and "whenever you take a card with a faith shield:" in format_card(card)


def test_that_player_outside_a_trigger_on_others_takes_is_refused() -> None:
    for body in ("when bought: take 1 gold from that player", "whenever you take a card: that player loses 1 key",
                 "at the end of your turn: give 1 gold to that player"):
        with pytest.raises(cc.CastleComboError, match="'that player' is the player who took the card"):
            one("Odd", body)


def test_a_trigger_on_others_takes_cannot_name_a_place_next_to_this_card() -> None:
    with pytest.raises(cc.CastleComboError, match="never next to this card"):
        one("Odd", "whenever an opponent takes a card adjacent to this card: gain 1 gold")


def test_a_trigger_on_others_takes_may_ask_its_owner_a_question_but_not_use_another_cards_ability() -> None:
    # Changed with the questions on other players' takes (the brief "others-decide"): its owner answers in the
    # taker's turn. It was refused before ("no player is asked a question in another player's turn").
    for who in ("an opponent", "a neighbour", "any player", "your right neighbour"):
        assert one("Fine", f"whenever {who} takes a card: you may pay 1 gold to gain 1 key").taken_by is not None
        with pytest.raises(cc.CastleComboError, match="an ability used through it could set effects aside"):
            one("Odd", f"whenever {who} takes a card: choose one: {{ gain 1 gold }} or {{ use the ability of an "
                       "adjacent card }")


def test_all_at_once_on_that_player_is_refused() -> None:
    with pytest.raises(cc.CastleComboError, match="this effect is on one player"):
        one("Odd", "whenever an opponent takes a card: that player loses 1 gold per card all at once")


def test_from_cards_refuses_a_python_built_question_in_a_trigger_but_on_a_take() -> None:
    # Changed with the questions on other players' takes: a question there is accepted now (it was refused).
    question = m.Choice(((m.Gain(1, m.Resource.GOLD),), (m.Gain(1, m.Resource.KEY),)))
    for kw in ({"taken": (question,)}, {"taken": (question,), "taken_by": PlayerGroup.OPPONENTS},
               {"taken": (question,), "taken_by": PlayerGroup.PLAYERS}, {"game_end": (question,)}):
        assert cc.Ruleset.from_cards([m.Card("Fine", m.Deck.CASTLE, 0, (m.Shield.FAITH,), **kw)])  # type: ignore[arg-type]
    for kw in ({"each_turn": (question,)}, {"turn_end": (question,)}):
        card = m.Card("Odd", m.Deck.CASTLE, 0, (m.Shield.FAITH,), **kw)  # type: ignore[arg-type]
        with pytest.raises(CardProblems, match="question"):
            cc.Ruleset.from_cards([card])


def test_a_question_in_a_trigger_on_others_takes_is_asked_of_its_owner_in_the_takers_turn() -> None:
    # Changed with the questions on other players' takes: this was a RulesetError ("asked its owner a question").
    odd = m.Card("Odd", m.Deck.CASTLE, 0, (m.Shield.FAITH,), taken_by=PlayerGroup.OPPONENTS,
                 taken=(m.Choice(((m.Gain(1, m.Resource.GOLD),), (m.Gain(1, m.Resource.KEY),))),))
    state = _table("Soldier", tableaux={1: (("Odd", 0, 0),)}, cards=(odd, SOLDIER))
    state = state.apply(take("Soldier"))
    assert (state.current_player, state.to_act) == (0, 1)
    keys = state.players[1].keys
    state = state.apply(cc.Choose(2))
    assert state.players[1].keys == keys + 1 and state.to_act == state.current_player
