"""Lock cards (the rules page, "Out of the Oubliette!": the lock), on small synthetic cards.

One test per ruling: what buying a lock card does, when and how a lock is
opened, the one-lock-per-turn limit, the end-of-turn decision, and the keys
that wait on cards.
"""

from __future__ import annotations

import pytest
from engine_kit import C, V, card, game, gold, keys, per, play, ruleset, seat_with, take

import castle_combo as cc
from castle_combo.engine import lock_rulings
from castle_combo.engine.decisions import OpenLockOrPass
from castle_combo.language import model as m
from castle_combo.language.model import Deck, Shield

MIL, F = Shield.MILITARY, Shield.FAITH


def miser(name: str = "Miser", deck: Deck = V, **kw: object) -> m.Card:
    """A lock card whose lock gives 3 gold."""
    return card(name, deck, unlocked=[gold(3)], **kw)  # type: ignore[arg-type]


def test_a_lock_card_bought_face_up_gets_a_key_and_its_ability_waits() -> None:
    rules = ruleset(miser(cost=2))
    state = game(rules, village=["Miser"]).apply(take("Miser"))
    me = state.players[0]
    assert me.gold == 15 - 2 and me.keys == 2
    assert state.tableau(0)[0].key and me.keys_on_cards == 1


def test_a_lock_card_bought_face_up_still_sends_the_messenger() -> None:
    rules = ruleset(miser(messenger=True))
    state = game(rules, village=["Miser"]).apply(take("Miser"))
    assert state.messenger is Deck.CASTLE


def test_a_lock_card_bought_face_down_is_an_ordinary_face_down_card() -> None:
    rules = ruleset(miser(), card("Locksmith", V, scoring=[per(1, m.LockCards())]))
    state = game(rules, village=["Miser"]).apply(take("Miser", face_down=True))
    assert state.players[0].gold == 15 + 6 and state.players[0].keys == 2 + 2
    assert not state.tableau(0)[0].key and state.players[0].keys_on_cards == 0
    assert state.phase is cc.Phase.START and state.current_player == 1  # no lock to open


def test_opening_a_lock_returns_its_key_and_resolves_the_ability() -> None:
    rules = ruleset(miser())
    state = seat_with(game(rules), 0, [("Miser", 0, 0)])
    assert cc.Unlock("Miser") in state.legal_actions()
    state = state.apply(cc.Unlock("Miser"))
    assert state.players[0].gold == 15 + 3 and state.players[0].keys_on_cards == 0
    assert state.phase is cc.Phase.START and state.current_player == 0 and state.opened_lock


def test_opening_a_lock_counts_the_tableau_as_it_is_now() -> None:
    rules = ruleset(card("Sergeant", V, unlocked=[gold(1, m.ShieldsOf(MIL))]), card("Guard", C, shields=[MIL, MIL]))
    state = seat_with(game(rules), 0, [("Sergeant", 0, 0), ("Guard", 1, 0)])
    assert state.apply(cc.Unlock("Sergeant")).players[0].gold == 15 + 2


def test_opening_a_lock_does_not_move_the_messenger() -> None:
    rules = ruleset(miser(messenger=True))
    state = seat_with(game(rules), 0, [("Miser", 0, 0)])
    assert state.apply(cc.Unlock("Miser")).messenger is Deck.VILLAGE


def test_a_lock_opens_once() -> None:
    rules = ruleset(miser())
    state = seat_with(game(rules), 0, [("Miser", 0, 0)]).apply(cc.Unlock("Miser"))
    state = play(state, "v0", "v1")  # this turn's card, then the opponent's turn
    assert cc.Unlock("Miser") not in state.legal_actions()
    with pytest.raises(cc.IllegalAction):
        state.apply(cc.Unlock("Miser"))


def test_at_most_one_lock_is_opened_per_turn() -> None:
    rules = ruleset(miser("Miser"), miser("Hoarder"))
    state = seat_with(game(rules), 0, [("Miser", 0, 0), ("Hoarder", 1, 0)])
    assert [a for a in state.legal_actions() if isinstance(a, cc.Unlock)] == [cc.Unlock("Miser"), cc.Unlock("Hoarder")]
    state = state.apply(cc.Unlock("Miser"))
    assert not any(isinstance(a, cc.Unlock) for a in state.legal_actions())
    with pytest.raises(cc.IllegalAction, match="one lock"):
        state.apply(cc.Unlock("Hoarder"))
    state = state.apply(take("v0", 0, 1))  # no end-of-turn decision either: a lock was opened
    assert state.current_player == 1 and state.phase is cc.Phase.START


def test_a_lock_can_be_opened_after_spending_a_key() -> None:
    rules = ruleset(miser())
    state = seat_with(game(rules), 0, [("Miser", 0, 0)]).apply(cc.UseKey(cc.KeyUse.MOVE))
    assert state.phase is cc.Phase.TAKE and cc.Unlock("Miser") in state.legal_actions()
    state = state.apply(cc.Unlock("Miser"))
    assert state.phase is cc.Phase.TAKE and state.players[0].gold == 18


def test_a_key_can_be_spent_after_opening_a_lock_at_the_start() -> None:
    rules = ruleset(miser())
    state = seat_with(game(rules), 0, [("Miser", 0, 0)]).apply(cc.Unlock("Miser"))
    assert cc.UseKey(cc.KeyUse.REFRESH) in state.legal_actions()
    state = state.apply(cc.UseKey(cc.KeyUse.REFRESH))
    assert state.phase is cc.Phase.TAKE and state.players[0].keys == 1


def test_only_the_current_player_opens_locks() -> None:
    rules = ruleset(miser())
    state = seat_with(game(rules), 1, [("Miser", 0, 0)])
    assert not any(isinstance(a, cc.Unlock) for a in state.legal_actions())
    with pytest.raises(cc.IllegalAction):
        state.apply(cc.Unlock("Miser"))


def test_the_end_of_turn_offers_to_open_a_lock_or_pass() -> None:
    rules = ruleset(miser())
    state = seat_with(game(rules), 0, [("Miser", 0, 0)]).apply(take("v0", 1, 0))
    assert state.phase is cc.Phase.END and state.current_player == 0
    assert isinstance(state.pending.decision, OpenLockOrPass)  # type: ignore[union-attr]
    assert state.legal_actions() == (cc.Unlock("Miser"), cc.Pass())
    passed = state.apply(cc.Pass())
    assert passed.current_player == 1 and passed.players[0].gold == 15
    opened = state.apply(cc.Unlock("Miser"))
    assert opened.current_player == 1 and opened.players[0].gold == 18


def test_the_end_of_turn_decision_comes_after_the_messenger_and_the_refill() -> None:
    rules = ruleset(miser(), card("Runner", V, messenger=True))
    state = seat_with(game(rules, village=["Runner"]), 0, [("Miser", 0, 0)]).apply(take("Runner", 1, 0))
    assert state.phase is cc.Phase.END
    assert state.messenger is Deck.CASTLE and len(state.row(Deck.VILLAGE)) == 3


def test_there_is_no_end_of_turn_decision_when_no_lock_can_be_opened() -> None:
    rules = ruleset(miser())
    state = game(rules).apply(take("v0"))
    assert state.phase is cc.Phase.START and state.current_player == 1


def test_a_lock_can_be_opened_at_the_end_of_the_turn_it_was_bought() -> None:
    rules = ruleset(miser())
    state = game(rules, village=["Miser"]).apply(take("Miser"))
    assert state.phase is cc.Phase.END and state.legal_actions() == (cc.Unlock("Miser"), cc.Pass())


def test_the_printed_rulebook_variant_waits_for_a_later_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """lock_rulings.OPEN_IN_TURN_BOUGHT = False: the lock of the card just bought waits for a later turn."""
    monkeypatch.setattr(lock_rulings, "OPEN_IN_TURN_BOUGHT", False)
    rules = ruleset(miser())
    state = game(rules, village=["Miser"]).apply(take("Miser"))
    assert state.phase is cc.Phase.START and state.current_player == 1
    state = play(state, "v0")
    assert cc.Unlock("Miser") in state.legal_actions()


def test_the_end_of_turn_decision_exists_in_the_last_turn_and_the_game_ends_after_it() -> None:
    rules = ruleset(miser())
    free = [(1, 0), (2, 0), (1, 1), (2, 1), (1, 2), (0, 2), (2, 2)]  # (0, 1) is left for the last card
    cells = [("Miser", 0, 0)] + [(f"c{i}", x, y) for i, (x, y) in zip(range(3, 10), free, strict=True)]  # c0-c2: castle row
    state = seat_with(game(rules, players=2, first_player=1), 0, cells)
    state = seat_with(state, 1, [(f"c{i}", (i - 10) % 3, (i - 10) // 3) for i in range(10, 19)])
    state = cc.loads(cc.dumps(_with_taken(state, 17)), rules=rules)  # seat 0 takes the game's last card
    state = state.apply(take("v0", 0, 1))
    assert state.phase is cc.Phase.END and not state.is_over
    done = state.apply(cc.Unlock("Miser"))
    assert done.is_over and done.scores()[0].keys == 2


def _with_taken(state: cc.GameState, taken: int) -> cc.GameState:

    # A position built by hand: no deal and history lead to it, so it has no origin (a save is checked so).
    return state.replace(taken=taken, current_player=(state.first_player + taken) % len(state.players),
                        origin=None)


def test_a_lock_that_only_gains_opens_only_when_it_would_gain_something() -> None:
    rules = ruleset(card("Sergeant", V, unlocked=[gold(1, m.ShieldsOf(MIL))]), card("Guard", C, shields=[MIL]))
    state = seat_with(game(rules), 0, [("Sergeant", 0, 0)])
    assert not any(isinstance(a, cc.Unlock) for a in state.legal_actions())
    assert seat_with(game(rules), 0, [("Sergeant", 0, 0), ("Guard", 1, 0)]).legal_actions()[0] == cc.Unlock("Sergeant")


def test_a_lock_that_discards_a_row_or_copies_can_always_be_opened() -> None:
    rules = ruleset(card("Toady", C, unlocked=[m.DiscardWholeRow()]), card("Forger", V, unlocked=[m.UseAdjacentAbility()]))
    state = seat_with(game(rules), 0, [("Toady", 0, 0), ("c3", 1, 0), ("Forger", 2, 0)])
    assert [a for a in state.legal_actions() if isinstance(a, cc.Unlock)] == [cc.Unlock("Toady"), cc.Unlock("Forger")]
    # The copier has no adjacent card worth copying: opening it does nothing but return its key.
    opened = state.apply(cc.Unlock("Forger"))
    assert opened.phase is cc.Phase.START and opened.players[0].keys_on_cards == 1


def test_the_gain_rule_for_locks_is_a_ruling_kept_in_one_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lock_rulings, "GAIN_ONLY_LOCKS_NEED_A_GAIN", False)
    rules = ruleset(card("Sergeant", V, unlocked=[gold(1, m.ShieldsOf(MIL))]))
    state = seat_with(game(rules), 0, [("Sergeant", 0, 0)])
    assert state.legal_actions()[0] == cc.Unlock("Sergeant")


def test_keys_on_lock_cards_score_as_their_owners_keys_but_cannot_be_spent() -> None:
    rules = ruleset(miser(), card("Templar", C, scoring=[per(1, m.KeysOwned())]))
    state = seat_with(game(rules), 0, [("Miser", 0, 0), ("Templar", 1, 0)], keys=0)
    assert not any(isinstance(a, cc.UseKey) for a in state.legal_actions())
    sheet = state.provisional_score(0)
    assert sheet.keys == 1 and sheet.cards[0][:2] == (0, 1) and sheet.total == 1 + 1


def test_opening_a_lock_and_spending_a_key_are_separate() -> None:
    rules = ruleset(miser())
    state = seat_with(game(rules), 0, [("Miser", 0, 0)])
    state = state.apply(cc.UseKey(cc.KeyUse.MOVE)).apply(cc.Unlock("Miser"))
    assert state.players[0].keys == 1 and state.players[0].gold == 18 and state.phase is cc.Phase.TAKE


def test_unlock_is_refused_outside_the_lock_moments() -> None:
    rules = ruleset(card("Chooser", V, ability=[m.Choice(((gold(1),), (keys(1),)))]), miser())
    state = seat_with(game(rules, village=["Chooser"]), 0, [("Miser", 0, 0)]).apply(take("Chooser", 1, 0))
    assert state.phase is cc.Phase.DECIDE
    with pytest.raises(cc.IllegalAction, match="first choose an option"):
        state.apply(cc.Unlock("Miser"))


def test_a_lock_card_not_yours_or_without_its_key_cannot_be_opened() -> None:
    rules = ruleset(miser())
    state = seat_with(game(rules), 0, [("Miser", 0, 0)])
    with pytest.raises(cc.IllegalAction, match="not one of your lock cards"):
        state.apply(cc.Unlock("v0"))


def test_the_lock_card_count_counts_face_up_lock_cards_only() -> None:
    rules = ruleset(miser("Miser"), miser("Hoarder"), card("Prince", V, scoring=[per(4, m.LockCards())],
                                                           unlocked=[gold(1)]))
    state = seat_with(game(rules), 0, [("Prince", 0, 0), ("Miser", 1, 0), ("Hoarder", 2, 0, True)])
    assert state.provisional_score(0).cards[0][0] == 8
