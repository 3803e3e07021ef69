"""The bots value take triggers: ``whenever you take a faith card: ...`` and ``whenever an opponent takes a card:
...``, resolved ahead by the engine as many times as the takes to come are expected to fire them.

The rules of the estimate are those of :func:`castle_combo.engine.foresight.expected_takes`; the cards are written in
the card language, as a fan would write them. ``benchmarks/balance_constructs.py`` shows the same on whole balance
runs (Turnpike and Gate Clerk of ``benchmarks/constructs/``). Last, the greedy bot with the newest constructs whose
decisions it plays (a swap, an opponent of your choice; chosen amounts and one-time discounts have their tests beside
their rules).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from engine_kit import game, one, ruleset, seat_with, take

import castle_combo as cc
from castle_combo.bots import GreedyAgent
from castle_combo.bots import evaluation as evaluation_module
from castle_combo.bots.evaluation import Evaluation
from castle_combo.bots.greedy import ranked_actions
from castle_combo.engine import foresight
from castle_combo.engine.foresight import FACE_DOWN_PRIOR, after_takes_to_come, expected_takes
from castle_combo.facts import CARDS_PER_PLAYER
from castle_combo.language import parse_text

CONSTRUCTS = Path(__file__).resolve().parents[1] / "benchmarks" / "constructs"


LOOKOUT = one("Lookout", "whenever an opponent takes a card: gain 1 key")
TAX = one("Tax Collector", "whenever an opponent takes a card: take 1 gold from that player")
PIOUS = one("Pious Patron", "whenever you take a faith card: gain 1 key")
GOSSIP = one("Gossip", "whenever a neighbour takes a face-down card: gain 1 gold")
TOLL = one("Toll", "whenever any player takes a card: gain 1 key")
ASKS = one("Fickle Patron", "whenever you take a card: choose one: { gain 2 gold } or { gain 1 key }")
MONK = one("Monk", "", "deck castle   cost 0   shields faith")
CARDS = (LOOKOUT, TAX, PIOUS, GOSSIP, TOLL, ASKS, MONK)


def holding(name: str, *, opponent: int = 1, face_down: int = 0) -> cc.GameState:
    """Seat 0 holds ``name`` face up (and ``face_down`` face-down cards), seat 1 ``opponent`` plain cards; seat 0
    to play."""
    state = game(ruleset(*CARDS), castle=["c20", "c21", "c22"]).replace(messenger=cc.Deck.CASTLE)
    mine = [(name, 0, 0)] + [(f"c{10 + k}", 1 + k, 0, True) for k in range(face_down)]
    state = seat_with(state, 0, mine)
    return seat_with(state, 1, [(f"c{k}", k % 3, k // 3) for k in range(opponent)])


def with_resources(state: cc.GameState, seat: int, *, gold: int | None = None, keys: int | None = None
                   ) -> cc.GameState:
    player = state.players[seat]
    player = player.replace(gold=player.gold if gold is None else gold, keys=player.keys if keys is None else keys)
    players = list(state.players)
    players[seat] = player
    return state.replace(players=tuple(players))


# ---------------------------------------------------------------- what they are worth


def test_a_gain_on_each_opponent_take_is_worth_what_all_their_takes_to_come_bring() -> None:
    evaluation = Evaluation()
    state = holding("Lookout", opponent=1)  # seat 1 has 8 takes to come, each of them fires the Lookout
    later = with_resources(state, 0, keys=state.players[0].keys + CARDS_PER_PLAYER - 1)
    assert evaluation.values(state)[0] == pytest.approx(evaluation.seat_value(later, 0))
    assert evaluation.values(state)[1] == pytest.approx(evaluation.seat_value(state, 1))


def test_taking_gold_from_that_player_is_worth_what_it_takes_until_they_have_none_left() -> None:
    evaluation = Evaluation()
    state = with_resources(holding("Tax Collector"), 1, gold=3)  # 8 takes to come, but 3 gold to take
    gained = with_resources(with_resources(state, 0, gold=state.players[0].gold + 3), 1, gold=0)
    values = evaluation.values(state)
    assert values[0] == pytest.approx(evaluation.seat_value(gained, 0))
    assert values[1] == pytest.approx(evaluation.seat_value(gained, 1))


@pytest.mark.parametrize("row", [["Turnpike", "Old Soldier", "Haggler"], ["Turnpike", "Cadger", "Sweeper"]])
def test_the_greedy_bot_values_a_card_that_takes_gold_on_each_opponent_take(row: list[str]) -> None:
    """Turnpike takes 2 gold from the opponent at each of their takes: before take triggers were valued, greedy
    ranked it below Haggler (13.4) or Cadger (16.0), as a card that does nothing (17.2 now)."""
    rules = cc.Ruleset.standard().extend([CONSTRUCTS])
    village = row + [card.name for card in rules.deck(cc.Deck.VILLAGE) if card.name not in row]
    castle = [card.name for card in rules.deck(cc.Deck.CASTLE)]
    random.Random(3).shuffle(castle)
    state = cc.new_game(players=2, rules=rules, decks={"castle": castle, "village": village})
    bought = state.apply(cc.Take("Turnpike", (0, 0), False))
    evaluation = Evaluation()
    plain = [evaluation.seat_value(bought, seat) for seat in range(2)]
    values = evaluation.values(bought)
    # The opponent's 15 gold, all of it taken over their 9 takes to come: 0.4 a coin to one, as much off the other.
    assert values[0] - plain[0] == pytest.approx(15 * evaluation.gold)
    assert plain[1] - values[1] == pytest.approx(15 * evaluation.gold)
    best = ranked_actions(state, evaluation.memoized(), keys=False)[0][1]
    assert isinstance(best, cc.Take) and (best.card, best.face_down) == ("Turnpike", False)


@pytest.mark.xfail(strict=True, reason=(
    "the Tax Farmer's gap (tests/test_bots_constructs.py): on this opening move greedy values Turnpike 17.2, the "
    "opponent's 15 gold at 0.4 a coin, and the fair Toll Clerk 18.2 (1 key a turn), though the balance lab flags "
    "Turnpike strong (314 takes in 1,200 games, win share 0.62) and not the Toll Clerk (0.50)"))
def test_the_greedy_bot_buys_the_card_that_takes_gold_on_each_opponent_take_over_a_fair_one() -> None:
    rules = cc.Ruleset.standard().extend([CONSTRUCTS])
    row = ["Turnpike", "Toll Clerk", "Old Soldier"]
    village = row + [card.name for card in rules.deck(cc.Deck.VILLAGE) if card.name not in row]
    castle = [card.name for card in rules.deck(cc.Deck.CASTLE)]
    random.Random(3).shuffle(castle)
    state = cc.new_game(players=2, rules=rules, decks={"castle": castle, "village": village})
    best = ranked_actions(state, Evaluation().memoized(), keys=False)[0][1]
    assert isinstance(best, cc.Take) and (best.card, best.face_down) == ("Turnpike", False)


# ---------------------------------------------------------------- how many takes


def test_a_filter_fires_on_the_share_of_the_cards_still_to_come_that_pass_it() -> None:
    state = holding("Pious Patron")
    card = state.engine.ids["Pious Patron"]
    pool = [c for location in state.locations if not location.exhausted for c in location.deck + location.row]
    faith = sum(1 for c in pool if state.rules.cards[c].name == "Monk")
    down_prior, prior = FACE_DOWN_PRIOR
    down = down_prior / (1 + prior)  # one card in the tableau, face up
    assert faith == 1
    assert expected_takes(state, card, 0) == pytest.approx((CARDS_PER_PLAYER - 1) * (1 - down) * faith / len(pool))


def test_a_face_down_take_fires_only_a_trigger_that_watches_face_down_cards_as_often_as_the_taker_takes_them() -> None:
    state = holding("Gossip", opponent=0)
    state = seat_with(state, 1, [("c0", 0, 0, True), ("c1", 1, 0), ("c2", 2, 0, True), ("c3", 0, 1)])
    card = state.engine.ids["Gossip"]
    down_prior, prior = FACE_DOWN_PRIOR
    assert expected_takes(state, card, 1) == pytest.approx((CARDS_PER_PLAYER - 4) * (2 + down_prior) / (4 + prior))


def test_a_trigger_on_any_players_takes_counts_the_owners_own_takes_too() -> None:
    state = holding("Toll", opponent=3)
    found = after_takes_to_come(state)
    assert len(found) == 2  # the owner's takes and the opponent's, each valued on its own
    evaluation = Evaluation()
    mine = with_resources(state, 0, keys=state.players[0].keys + CARDS_PER_PLAYER - 1)
    theirs = with_resources(state, 0, keys=state.players[0].keys + CARDS_PER_PLAYER - 3)
    base = evaluation.seat_value(state, 0)
    expected = base + (evaluation.seat_value(mine, 0) - base) + (evaluation.seat_value(theirs, 0) - base)
    assert evaluation.values(state)[0] == pytest.approx(expected)


def test_a_card_face_down_or_with_every_take_done_is_worth_nothing_more() -> None:
    state = holding("Lookout", opponent=CARDS_PER_PLAYER)
    assert after_takes_to_come(state) == []
    hidden = seat_with(holding("Lookout"), 0, [("Lookout", 0, 0, True)])
    assert after_takes_to_come(hidden) == []


# ---------------------------------------------------------------- what is left out, and what costs nothing


def test_a_take_trigger_that_asks_its_owner_is_not_resolved_ahead_and_the_bots_still_play_it() -> None:
    state = holding("Fickle Patron")
    assert after_takes_to_come(state) == []
    evaluation = Evaluation()
    assert evaluation.values(state) == tuple(evaluation.seat_value(state, seat) for seat in range(2))
    asked = state.apply(take("c20", 1, 0))  # the trigger asks: gold or a key
    action = GreedyAgent().choose(asked.view(0), random.Random(0))
    assert action in asked.legal_actions()


def test_a_ruleset_without_take_triggers_never_looks_for_them(monkeypatch: pytest.MonkeyPatch) -> None:
    def looked(*_: object) -> None:
        raise AssertionError("looked for take triggers in a ruleset without any")

    monkeypatch.setattr(evaluation_module, "after_takes_to_come", looked)
    monkeypatch.setattr(foresight, "_watch", looked)
    state = cc.new_game(players=2, seed=5)
    rng = random.Random(0)
    for _ in range(6):
        state = state.apply(GreedyAgent().choose(state.view(state.current_player), rng))
    assert not state.engine.has_take_triggers


# ---------------------------------------------------------------- the newest constructs, played by greedy


def test_the_greedy_bot_swaps_a_card_into_the_place_it_scores_in() -> None:
    journeyman = one("Journeyman", "when bought: swap two cards of your tableau\n    score 4 if placed in the center")
    rules = ruleset(journeyman)
    state = game(rules, castle=["Journeyman"]).replace(messenger=cc.Deck.CASTLE)
    names = ["c10", "c11", "c12", "c13", "c14", "c15", "c16", "c17"]
    cells = [(x, y) for y in range(3) for x in range(3) if (x, y) != (1, 0)]
    state = seat_with(state, 0, [(n, x, y) for n, (x, y) in zip(names, cells, strict=True)])
    state = state.apply(take("Journeyman", 1, 0))  # the top middle: the swap may bring it to the center
    rng = random.Random(0)
    while state.pending is not None and state.current_player == 0:
        state = state.apply(GreedyAgent().choose(state.view(0), rng))
    assert {t.card.name: t.at for t in state.tableau(0)}["Journeyman"] == (1, 1)


def test_the_greedy_bot_takes_from_the_opponent_of_its_choice_who_leads() -> None:
    (bandit,) = parse_text('card "Bandit" { deck village cost 0 shields military when bought: an opponent of your '
                           "choice loses 3 keys }")
    state = game(ruleset(bandit), village=["Bandit"], players=3)
    state = with_resources(state, 2, keys=9)  # seat 2 leads: its keys are points
    asked = state.apply(take("Bandit"))
    assert asked.legal_actions() == (cc.Choose(1), cc.Choose(2))
    assert GreedyAgent().choose(asked.view(0), random.Random(0)) == cc.Choose(2)
