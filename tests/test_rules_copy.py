"""Use the ability of an adjacent card (the rules page, "Out of the Oubliette!"), on synthetic cards."""

from __future__ import annotations

import pytest
from engine_kit import C, V, balanced, card, game, gold, keys, names, ruleset, seat_with, take

import castle_combo as cc
from castle_combo.engine import lock_rulings
from castle_combo.engine.decisions import ChooseAdjacent
from castle_combo.language import model as m
from castle_combo.language.model import Deck

COPY = m.UseAdjacentAbility()


def forger(**kw: object) -> m.Card:
    """A village lock card whose lock uses an adjacent card's ability."""
    return card("Forger", V, unlocked=[COPY], **kw)  # type: ignore[arg-type]


def activates(state: cc.GameState) -> list[str]:
    return [a.card for a in state.legal_actions() if isinstance(a, cc.Activate)]


def test_the_candidates_are_the_orthogonal_neighbours_with_an_ability_worth_using() -> None:
    rules = ruleset(
        forger(),
        card("Baker", C, ability=[gold(2)]),          # right: qualifies
        card("Monk", C, ability=[keys(1)]),           # below: qualifies
        card("Miser", C, ability=[m.Discount(1, (Deck.CASTLE,))]),  # left: a pure discount never qualifies
        card("Mimic", C, ability=[COPY]),             # above: the other copier never qualifies
        card("Far", C, ability=[gold(5)]),            # diagonal: not adjacent
    )
    cells = [("Forger", 1, 1), ("Baker", 2, 1), ("Monk", 1, 2), ("Miser", 0, 1), ("Mimic", 1, 0), ("Far", 2, 2)]
    state = seat_with(game(rules), 0, cells).apply(cc.Unlock("Forger"))
    assert isinstance(state.pending.decision, ChooseAdjacent)  # type: ignore[union-attr]
    assert activates(state) == ["Baker", "Monk"]


def test_face_down_neighbours_never_qualify() -> None:
    rules = ruleset(forger(), card("Baker", C, ability=[gold(2)]))
    state = seat_with(game(rules), 0, [("Forger", 0, 0), ("Baker", 1, 0, True)]).apply(cc.Unlock("Forger"))
    assert state.pending is None and state.players[0].gold == 15


def test_it_is_a_decision_even_with_one_candidate() -> None:
    rules = ruleset(forger(), card("Baker", C, ability=[gold(2)]))
    state = seat_with(game(rules), 0, [("Forger", 0, 0), ("Baker", 1, 0)]).apply(cc.Unlock("Forger"))
    assert state.legal_actions() == (cc.Activate("Baker"),)
    assert state.apply(cc.Activate("Baker")).players[0].gold == 17


def test_the_one_candidate_ruling_is_kept_in_one_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lock_rulings, "ASK_WITH_ONE_CANDIDATE", False)
    rules = ruleset(forger(), card("Baker", C, ability=[gold(2)]))
    state = seat_with(game(rules), 0, [("Forger", 0, 0), ("Baker", 1, 0)]).apply(cc.Unlock("Forger"))
    assert state.pending is None and state.players[0].gold == 17


def test_with_no_candidate_nothing_happens_but_the_key_is_returned() -> None:
    rules = ruleset(forger())
    state = seat_with(game(rules), 0, [("Forger", 0, 0)]).apply(cc.Unlock("Forger"))
    assert state.pending is None and state.players[0].keys_on_cards == 0 and state.players[0].gold == 15


def test_a_lock_card_qualifies_with_or_without_its_key_and_keeps_it() -> None:
    rules = ruleset(forger(), card("Miser", C, unlocked=[gold(3)]))
    state = seat_with(game(rules), 0, [("Forger", 0, 0), ("Miser", 1, 0)]).apply(cc.Unlock("Forger"))
    assert activates(state) == ["Miser"]
    state = state.apply(cc.Activate("Miser"))
    assert state.players[0].gold == 18
    assert [t.key for t in state.tableau(0)] == [False, True]  # the Miser's key still waits


def test_the_copied_ability_has_no_discount_and_no_messenger() -> None:
    rules = ruleset(forger(), card("Alchemist", C, messenger=True,
                                   ability=[m.Discount(1, (Deck.CASTLE, Deck.VILLAGE)), gold(1)]))
    state = seat_with(game(rules), 0, [("Forger", 0, 0), ("Alchemist", 1, 0)])
    assert state.players[0].discounts == (0, 0)  # seat_with places cards without running abilities
    state = state.apply(cc.Unlock("Forger")).apply(cc.Activate("Alchemist"))
    assert state.players[0].discounts == (0, 0) and state.players[0].gold == 16
    assert state.messenger is Deck.VILLAGE


def test_the_copied_ability_pauses_for_its_own_decision_and_resumes() -> None:
    chooser = card("Chooser", C, ability=[m.Choice(((gold(3),), (keys(2),))), gold(1)])
    rules = ruleset(forger(), chooser)
    state = seat_with(game(rules), 0, [("Forger", 0, 0), ("Chooser", 1, 0)])
    state = balanced(seat_with(state, 1, [("c3", 0, 0), ("c4", 1, 0)]))  # two turns each: a state that saves
    state = state.apply(cc.Unlock("Forger")).apply(cc.Activate("Chooser"))
    assert state.phase is cc.Phase.DECIDE and state.legal_actions() == (cc.Choose(1), cc.Choose(2))
    assert len(state.pending.frames) == 2  # type: ignore[union-attr]
    assert cc.loads(cc.dumps(state), rules=rules) == state
    state = state.apply(cc.Choose(2))
    assert state.pending is None and state.players[0].keys == 4 and state.players[0].gold == 16


def test_a_copied_whole_row_discard_asks_which_row() -> None:
    rules = ruleset(forger(), card("Toady", C, unlocked=[m.DiscardWholeRow(), keys(1, m.CardsInTableau(),
                                                                                        m.Scope.DISCARDED)]))
    state = seat_with(game(rules), 0, [("Forger", 0, 0), ("Toady", 1, 0)])
    state = state.apply(cc.Unlock("Forger")).apply(cc.Activate("Toady"))
    assert state.legal_actions() == (cc.DiscardRow(Deck.CASTLE), cc.DiscardRow(Deck.VILLAGE))
    state = state.apply(cc.DiscardRow(Deck.CASTLE))
    assert state.players[0].keys == 2 + 3 and state.tableau(0)[1].key  # the Toady's own lock is still closed


def test_a_copied_discard_from_a_row_refills_at_the_end_of_the_turn() -> None:
    taxman = card("Taxman", C, ability=[m.DiscardFromRow(Deck.CASTLE, m.Resource.GOLD)])
    rules = ruleset(forger(), taxman, card("Duke", C, cost=4))
    state = seat_with(game(rules, castle=["Duke"]), 0, [("Forger", 0, 0), ("Taxman", 1, 0)])
    state = state.apply(cc.Unlock("Forger")).apply(cc.Activate("Taxman")).apply(cc.Discard("Duke"))
    assert state.players[0].gold == 19 and len(state.row(Deck.CASTLE)) == 2  # not refilled yet
    state = state.apply(take("v0", 0, 1))
    assert len(state.row(Deck.CASTLE)) == 3


def test_a_copied_discard_from_an_empty_row_is_skipped() -> None:

    taxman = card("Taxman", C, ability=[m.DiscardFromRow(Deck.CASTLE, m.Resource.GOLD), gold(1)])
    rules = ruleset(forger(), taxman)
    state = seat_with(game(rules), 0, [("Forger", 0, 0), ("Taxman", 1, 0)])
    castle = state.locations[0]
    state = state.replace(locations=(castle.replace(deck=(), row=(), removed=castle.row + castle.deck,
                                                         exhausted=True), state.locations[1]))
    state = state.apply(cc.Unlock("Forger")).apply(cc.Activate("Taxman"))
    assert state.pending is None and state.players[0].gold == 16


def test_a_copier_bought_face_up_uses_a_neighbour_at_once() -> None:
    rules = ruleset(card("Echo", V, ability=[COPY]), card("Baker", C, ability=[gold(2)]))
    state = seat_with(game(rules, village=["Echo"]), 0, [("Baker", 0, 0)]).apply(take("Echo", 1, 0))
    assert state.legal_actions() == (cc.Activate("Baker"),)
    assert state.apply(cc.Activate("Baker")).players[0].gold == 15 + 2


def test_an_activate_that_names_no_candidate_is_refused() -> None:
    rules = ruleset(forger(), card("Baker", C, ability=[gold(2)]), card("Monk", C, ability=[keys(1)]))
    state = seat_with(game(rules), 0, [("Forger", 0, 0), ("Baker", 1, 0), ("Monk", 2, 0)]).apply(cc.Unlock("Forger"))
    with pytest.raises(cc.IllegalAction, match="Monk is not a card next to Forger"):
        state.apply(cc.Activate("Monk"))
    assert names([t.card for t in state.tableau(0)]) == ["Forger", "Baker", "Monk"]
