"""Use the ability of a face-up card in a neighbour's tableau (a fan construct), on synthetic cards.

The same copy step as "use the ability of an adjacent card" (tests/test_rules_copy.py) with other candidates:
the neighbours' face-up cards whose ability when bought is worth using. The chosen ability resolves as if the
copier had just bought it: its counts read the copier's own tableau, "this card" is the copier, and neither
its discount nor its messenger icon is copied; a copy inside a copy does nothing.
"""

from __future__ import annotations

import json

import pytest
from engine_kit import C, V, balanced, card, game, gold, keys, ruleset, seat_with, take

import castle_combo as cc
from castle_combo.engine import decisions, lock_rulings
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m
from castle_combo.language.model import Deck, Shield
from castle_combo.records.narration import narrate

ENVOY = card("Envoy", V, ability=[m.UseNeighbourAbility()])
FAITH = m.Shields((Shield.FAITH,))


def priest() -> m.Card:
    return card("Priest", C, shields=(Shield.FAITH,), ability=[gold(1, FAITH)])


def activates(state: cc.GameState) -> list[str]:
    return [a.card for a in state.legal_actions() if isinstance(a, cc.Activate)]


def table(*extra: m.Card, players: int = 3, mine: tuple = (), left: tuple = (), right: tuple = ()) -> cc.GameState:
    """A game where seat 0 is about to buy the Envoy and the seats hold the given cards."""
    rules = ruleset(ENVOY, *extra)
    state = game(rules, village=["Envoy"], players=players)
    for seat, cells in ((0, mine), (1, left), (players - 1, right)):
        if cells:
            state = seat_with(state, seat, list(cells))
    return state


def test_the_phrase_reads_writes_and_says_the_same_thing() -> None:
    (parsed,) = parse_text('card "Envoy" { deck village cost 3 shields nobility when bought: use the ability of '
                           "a face-up card in a neighbor’s tableau }")
    assert parsed.ability == (m.UseNeighbourAbility(),)
    assert parse_text(format_card(parsed)) == (parsed,)
    assert "use the ability of a face-up card in a neighbour's tableau" in format_card(parsed)
    assert parsed.ability[0].describe() == ("Use the ability of a face-up card in one of your neighbours' tableaux "
                                            "(your choice) as if you had just bought it.")


def test_it_asks_so_a_trigger_cannot_hold_it() -> None:
    with pytest.raises(cc.CardValidationError, match="cannot happen at the end of a turn"):
        parse_text('card "E" { deck village cost 3 shields nobility at the end of your turn: use the ability of a '
                   "face-up card in a neighbour's tableau }")


def test_the_candidates_are_both_neighbours_face_up_cards_with_an_ability_when_bought_worth_using() -> None:
    state = table(
        priest(),
        card("Miser", C, ability=[m.Discount(1, (Deck.CASTLE,))]),   # a pure discount never qualifies
        card("Judge", C, ability=[keys(1)]),
        card("Hidden", C, ability=[gold(5)]),                         # face down: never
        card("Plain", C),                                             # no ability
        card("Toady", C, unlocked=[keys(2)]),                        # an ability behind a lock is not when bought
        card("Mimic", C, ability=[m.UseNeighbourAbility()]),          # another copier never qualifies
        card("Far", C, ability=[gold(9)]),                           # seat 2 of 4 is no neighbour
        players=4,
        left=[("Priest", 0, 0), ("Miser", 1, 0), ("Plain", 2, 0), ("Toady", 0, 1)],
        right=[("Judge", 0, 0), ("Hidden", 1, 0, True), ("Mimic", 2, 0)],
    )
    state = seat_with(state, 2, [("Far", 0, 0)])
    state = state.apply(take("Envoy"))
    assert state.pending is not None and isinstance(state.pending.decision, decisions.ChooseNeighbourCard)
    assert activates(state) == ["Priest", "Judge"]  # the left neighbour's first


def test_with_two_players_both_neighbours_are_the_one_opponent_asked_about_once() -> None:
    state = table(priest(), card("Judge", C, ability=[keys(1)]), players=2,
                  left=[("Priest", 0, 0), ("Judge", 1, 0)]).apply(take("Envoy"))
    assert activates(state) == ["Priest", "Judge"]


def test_the_copied_ability_counts_in_the_copiers_own_tableau() -> None:
    state = table(priest(), card("Nun", C, shields=(Shield.FAITH,)), card("Abbess", C, shields=(Shield.FAITH,)),
                  mine=[("Nun", 0, 0), ("Abbess", 1, 0)], left=[("Priest", 0, 0)])
    state = state.apply(take("Envoy", 0, 1)).apply(cc.Activate("Priest"))
    assert state.pending is None and state.players[0].gold == 15 + 2  # two faith shields of seat 0, not seat 1's
    assert state.players[1].gold == 15


def test_this_card_in_the_copied_ability_is_the_copier() -> None:
    counter = card("Counter", C, ability=[gold(1, m.Cards(), m.Scope.ADJACENT)])
    state = table(counter, card("a", C), card("b", C), mine=[("a", 0, 0), ("b", 2, 0)], left=[("Counter", 0, 0)])
    state = state.apply(take("Envoy", 1, 0)).apply(cc.Activate("Counter"))
    assert state.players[0].gold == 15 + 2  # the Envoy's two neighbours in seat 0's tableau


def test_neither_the_discount_nor_the_messenger_is_copied() -> None:
    alchemist = card("Alchemist", C, messenger=True, ability=[m.Discount(1, (Deck.CASTLE,)), gold(1)])
    state = table(alchemist, left=[("Alchemist", 0, 0)]).apply(take("Envoy")).apply(cc.Activate("Alchemist"))
    assert state.players[0].discounts == (0, 0) and state.players[0].gold == 16
    assert state.messenger is Deck.VILLAGE


def test_with_no_candidate_nothing_happens() -> None:
    state = table(card("Hidden", C, ability=[gold(5)]), left=[("Hidden", 0, 0, True)]).apply(take("Envoy"))
    assert state.pending is None and state.players[0].gold == 15


def test_it_is_a_decision_even_with_one_candidate_unless_the_lock_ruling_says_otherwise(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = table(priest(), left=[("Priest", 0, 0)])
    assert state.apply(take("Envoy")).legal_actions() == (cc.Activate("Priest"),)
    monkeypatch.setattr(lock_rulings, "ASK_WITH_ONE_CANDIDATE", False)
    assert state.apply(take("Envoy")).pending is None


def test_a_copied_neighbour_copy_does_nothing() -> None:
    # An adjacent copier uses the Envoy's ability: a copy inside a copy does nothing.
    forger = card("Forger", V, unlocked=[m.UseAdjacentAbility()])
    rules = ruleset(ENVOY, forger, priest())
    state = seat_with(game(rules), 0, [("Forger", 0, 0), ("Envoy", 1, 0)])
    state = seat_with(state, 1, [("Priest", 0, 0)])
    assert state.players[0].gold == 15
    state = state.apply(cc.Unlock("Forger"))
    assert state.pending is None and state.players[0].gold == 15


def test_the_copied_ability_pauses_for_its_own_decision_and_the_position_saves() -> None:
    judge = card("Judge", C, ability=[m.Choice(((gold(3),), (keys(2),))), gold(1)])
    rules = ruleset(ENVOY, judge, card("Nun", C))
    state = seat_with(game(rules, village=["Envoy"]), 0, [("Nun", 0, 0)])
    state = balanced(seat_with(state, 1, [("Judge", 0, 0)]))
    state = state.apply(take("Envoy", 1, 0)).apply(cc.Activate("Judge"))
    assert state.legal_actions() == (cc.Choose(1), cc.Choose(2))
    assert len(state.pending.frames) == 2  # type: ignore[union-attr]
    assert cc.loads(cc.dumps(state), rules=rules) == state
    after = state.apply(cc.Choose(2))
    assert after.pending is None and (after.players[0].gold, after.players[0].keys) == (16, 4)


def test_a_save_waiting_for_the_neighbours_card_round_trips_and_a_tampered_candidate_is_refused() -> None:
    rules = ruleset(ENVOY, priest(), card("Nun", C))
    state = seat_with(game(rules, village=["Envoy"]), 0, [("Nun", 0, 0)])
    state = balanced(seat_with(state, 1, [("Priest", 0, 0)])).apply(take("Envoy", 1, 0))
    assert cc.loads(cc.dumps(state), rules=rules) == state
    data = json.loads(cc.dumps(state))
    assert data["pending"]["decision"] == {"kind": "neighbour_card", "candidates": [[1, 0]]}
    data["pending"]["decision"]["candidates"] = [[1, 0], [0, 0]]
    with pytest.raises(cc.RecordError, match="is not the question this position asks"):
        cc.loads(data, rules=rules)
    with pytest.raises(cc.RecordError, match=r"expected a list of \[seat, tableau index\] pairs"):
        decisions.decision_from_json({"kind": "neighbour_card", "candidates": [3]})


def test_a_card_not_among_the_candidates_is_refused_with_the_candidates() -> None:
    state = table(priest(), card("Mine", C, ability=[gold(1)]), mine=[("Mine", 0, 0)],
                  left=[("Priest", 0, 0)]).apply(take("Envoy", 1, 0))
    with pytest.raises(cc.IllegalAction, match="Mine is not a face-up card of a neighbour.*you may choose Priest"):
        state.apply(cc.Activate("Mine"))


def test_the_narration_names_the_neighbours_card() -> None:
    state = table(priest(), left=[("Priest", 0, 0)]).apply(take("Envoy"))
    assert narrate(state, cc.Activate("Priest"), state.apply(cc.Activate("Priest"))) == (
        "seat 0 uses the ability of Priest in seat 1's tableau")
