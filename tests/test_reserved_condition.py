"""A condition on a player's reserved card (a fan construct): ``if you have a reserved card``, ``if you have no
reserved card``, ``each opponent with a reserved card``.

Rulings: it is read when the effect resolves (after the effects before it, so "reserve a card from either row
then gain 2 gold if you have a reserved card" reads the new reserve). A reserved card never taken is discarded
when the last turn ends, before the end of the game's abilities, so an end of the game ability would always read
"no reserved card": the condition is refused there (a scoring rule reads the reserve as it stood before the discard:
tests/test_reserve_scoring.py), and so about a row or a pair of cards (a reserved card lies beside the tableau),
and "they have ..." outside the condition of players.
"""

from __future__ import annotations

import pytest
from engine_kit import one, ruleset, take
from test_rules_reserve import CLERK, HERALD, NOBLE, NOTARY, VILLAGE

import castle_combo as cc
from castle_combo.engine.actions import Reserve
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m


def _card(body: str, name: str = "Paymaster") -> m.Card:
    return one(name, body, VILLAGE)


@pytest.mark.parametrize(("body", "english"), [
    ("when bought: gain 2 gold if you have a reserved card",
     "Gain 2 gold if you have a reserved card (beside the tableau, not yet taken)."),
    ("when bought: gain 2 gold if you have no reserved card",
     "Gain 2 gold if you have no reserved card (beside the tableau, not yet taken)."),
    ("when bought: gain 2 gold if not you have a reserved card",
     "Gain 2 gold if you have no reserved card (beside the tableau, not yet taken)."),
    ("when bought: gain 1 gold per opponent with a reserved card",
     "Gain 1 gold per opponent who has a reserved card (beside the tableau, not yet taken)."),
    ("when bought: each opponent with no reserved card loses 1 gold",
     "Each opponent who has no reserved card (beside the tableau, not yet taken) loses 1 gold"),
])
def test_the_phrase_reads_writes_back_and_says_whose_reserve(body: str, english: str) -> None:
    parsed = _card(body)
    assert parse_text(format_card(parsed)) == (parsed,)
    assert english in parsed.describe()


def test_the_condition_is_the_owners_reserve_or_the_players() -> None:
    assert _card("when bought: gain 2 gold if you have no reserved card").ability == (
        m.Conditional(m.Gain(2, m.Resource.GOLD), m.HasReserved(False)),)
    (effect,) = _card("when bought: gain 1 gold per opponent with a reserved card").ability
    assert effect == m.Gain(1, m.Resource.GOLD, m.Per(m.Players(m.PlayerGroup.OPPONENTS,
                                                                  m.HasReserved(True, theirs=True))))


@pytest.mark.parametrize(("body", "message"), [
    ("at the end of the game: gain 2 gold if you have a reserved card", "discarded when the last turn ends"),
    ("when bought: gain 1 gold per row with a reserved card", "in no row, column or pair"),
    ("when bought: gain 2 gold if they have a reserved card", "'they' is the player a quantifier is about"),
])
def test_a_reserve_is_not_read_where_it_is_always_empty_or_means_nothing(body: str, message: str) -> None:
    with pytest.raises(cc.CardValidationError, match=message):
        _card(body)


TREASURER = _card("when bought: reserve a card from either row then gain 2 gold if you have a reserved card",
                  "Treasurer")
MISER = _card("when bought: gain 3 gold if you have no reserved card", "Miser")
SPY = _card("when bought: gain 1 gold per opponent with a reserved card", "Spy")
RULES = ruleset(NOTARY, CLERK, NOBLE, HERALD, TREASURER, MISER, SPY)


def _game(village: list[str]) -> cc.GameState:
    from engine_kit import game
    return game(RULES, castle=["Noble", "Herald", "c0"], village=[*village, "v0", "v1", "v2", "v3"])


def test_an_effect_after_the_reserve_reads_the_card_just_reserved() -> None:
    state = _game(["Treasurer", "Miser"]).apply(take("Treasurer"))
    gold = state.players[0].gold
    assert state.apply(Reserve("Noble")).players[0].gold == gold + 2


def test_a_card_bought_while_holding_a_reserved_card_reads_it_held() -> None:
    state = _game(["Notary", "Miser", "Spy"]).apply(take("Notary")).apply(Reserve("Noble"))
    state = state.apply(take(state.row(cc.Deck.VILLAGE)[-1].name))  # seat 1
    assert state.players[0].reserved
    gold = state.players[0].gold
    assert state.apply(take("Miser", 1, 0)).players[0].gold == gold  # no gain: a reserved card is held


def test_a_card_bought_with_no_reserved_card_gains() -> None:
    state = _game(["Miser", "Notary"])
    gold = state.players[0].gold
    assert state.apply(take("Miser")).players[0].gold == gold + 3


def test_an_opponents_reserved_card_counts_for_each_opponent_with_one() -> None:
    state = _game(["Notary", "Spy", "Miser"]).apply(take("Notary")).apply(Reserve("Noble"))
    assert state.players[0].reserved and not state.players[1].reserved
    gold = state.players[1].gold
    assert state.apply(take("Spy")).players[1].gold == gold + 1


STEWARD = _card("at the start of your turn: gain 2 gold if you have a reserved card", "Steward")
GUARD = one("Guard", "requires a reserved card", VILLAGE)


def test_a_trigger_between_turns_reads_the_reserve_held_then() -> None:
    rules = ruleset(NOTARY, STEWARD, NOBLE, HERALD)
    state = cc_game(rules, ["Steward", "Notary"]).apply(take("Steward"))
    state = state.apply(take(state.row(cc.Deck.VILLAGE)[-1].name))  # seat 1
    gold = state.players[0].gold
    state = state.apply(take("Notary", 1, 0)).apply(Reserve("Noble"))  # no reserve at the start of this turn
    assert state.players[0].gold == gold + 1  # the Notary's 1 gold only
    state = state.apply(take(state.row(cc.Deck.VILLAGE)[-1].name, 1, 0))  # seat 1; seat 0's turn starts holding one
    assert state.players[0].gold == gold + 1 + 2


def test_a_requirement_reads_the_takers_reserve() -> None:
    rules = ruleset(NOTARY, GUARD, NOBLE, HERALD)
    state = cc_game(rules, ["Notary", "Guard"])
    assert not any(isinstance(a, cc.Take) and a.card == "Guard" and not a.face_down for a in state.legal_actions())
    state = state.apply(take("Notary")).apply(Reserve("Noble"))
    state = state.apply(take(state.row(cc.Deck.VILLAGE)[-1].name))  # seat 1
    assert state.players[0].reserved
    assert any(isinstance(a, cc.Take) and a.card == "Guard" and not a.face_down for a in state.legal_actions())


def cc_game(rules: cc.Ruleset, village: list[str], castle: list[str] | None = None) -> cc.GameState:
    from engine_kit import game
    return game(rules, castle=castle or ["Noble", "Herald", "c0"], village=[*village, "v0", "v1", "v2", "v3"])


def test_a_requirement_on_no_reserved_card_keeps_its_own_card_in_the_reserve_face_down_only() -> None:
    # The requirement is judged before the take, while the card still lies in the reserve (the rules page).
    loner = one("Loner", "requires no reserved card", VILLAGE)
    rules = ruleset(NOTARY, loner, NOBLE, HERALD)
    state = cc_game(rules, ["Notary", "Loner"]).apply(take("Notary")).apply(Reserve("Loner"))
    state = state.apply(take(state.row(cc.Deck.VILLAGE)[-1].name))  # seat 1
    assert state.players[0].reserved
    kept = [a for a in state.legal_actions() if isinstance(a, cc.TakeReserved)]
    assert kept and all(a.face_down for a in kept)
