"""Surcharges: "surcharge 1 on castle cards for each opponent" (the Toll Keeper).

The rulings (the rules page, "Surcharges"): while a card with a surcharge
lies face up in its owner's tableau, each player it names (seen from the
owner: each opponent, each neighbour, the left or the right neighbour) pays
the amount more for each card it names bought face up. The price is the
printed cost plus every surcharge on the card, minus the taker's discounts
(permanent, then one-time), never below 0: a discount can absorb a
surcharge. Several surcharges add up; the owner never pays their own; a card
taken face down costs nothing and is not affected; a surcharge card lying
face down charges nothing (turned face up, it charges from then on; swapped,
it still lies face up in the same tableau and keeps charging). A take the
player cannot pay with the surcharges is not legal: it is not offered, and
applied it is refused with the price.
"""

from __future__ import annotations

import random

import pytest
from engine_kit import game, one, play, ruleset, seat_with, take, with_seat

import castle_combo as cc
from castle_combo.errors import CardProblems, CardValidationError
from castle_combo.facts import FACE_DOWN_GOLD
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m

TOLL = one("Toll Keeper", "surcharge 1 on village cards for each opponent", "deck castle   cost 3   shields nobility")
CHAPEL_TOLL = one("Chapel Toll", "surcharge 2 on faith cards for your left neighbour",
                  "deck castle   cost 3   shields nobility")
PRIOR = one("Prior", "score 1", "deck village   cost 4   shields faith")
KNIGHT = one("Knight", "score 1", "deck village   cost 4   shields military")
BRIDGE = one("Bridge", "when bought: discount 2 on village cards", "deck castle   cost 0   shields peasantry")
SWAPPER = one("Swapper", "when bought: swap two cards of your tableau", "deck village   cost 0   shields peasantry")


def _rules() -> cc.Ruleset:
    return ruleset(TOLL, CHAPEL_TOLL, PRIOR, KNIGHT, BRIDGE, SWAPPER)


def _game(village: tuple[str, ...] = ("Prior", "Knight", "v0"), players: int = 2) -> cc.GameState:
    """The messenger starts at the village: its row is Prior, Knight, v0."""
    return game(_rules(), village=village, players=players)


def _prior_take(state: cc.GameState) -> cc.Take:
    return take("Prior", *state.players[state.current_player].spots[0])


# ---------------------------------------------------------------- the language


def test_a_surcharge_reads_as_a_fact_of_the_card_in_english() -> None:
    (surcharge,) = TOLL.surcharges
    assert surcharge == m.Surcharge(1, m.PlayerGroup.OPPONENTS, (m.Deck.VILLAGE,))
    assert surcharge.describe() == (
        "While this card is face up in your tableau, each opponent pays 1 gold more for village cards (bought face "
        "up; added to the printed cost before their discounts, never below 0).")
    assert CHAPEL_TOLL.surcharges[0].describe().startswith(
        "While this card is face up in your tableau, your left neighbour pays 2 gold more for cards with a faith "
        "shield")


@pytest.mark.parametrize("line", [
    "surcharge 1 on castle cards for each opponent",
    "surcharge 2 on all cards for each neighbour",
    "surcharge 1 on castle and village cards for your right neighbour",
    "surcharge 3 on village cards with a purse for your left neighbour",
    "surcharge 1 on cards costing 4 or more for each opponent",
])
def test_a_surcharge_formats_back_to_the_same_card(line: str) -> None:
    written = one("Toll", line)
    assert parse_text(format_card(written))[0] == written
    assert line in format_card(written) or written.surcharges[0].ccl() in format_card(written)


def test_a_card_may_hold_several_surcharges_in_the_order_written() -> None:
    both = one("Tolls", "surcharge 1 on castle cards for each opponent\n"
                        "    surcharge 2 on faith cards for your left neighbour")
    assert [s.payers for s in both.surcharges] == [m.PlayerGroup.OPPONENTS, m.PlayerGroup.LEFT]
    assert parse_text(format_card(both))[0] == both


def test_a_surcharge_for_each_player_is_refused_since_the_owner_never_pays_their_own() -> None:
    with pytest.raises(CardProblems, match="the owner never pays more for their own card's surcharge"):
        one("Toll", "surcharge 1 on castle cards for each player")


def test_a_surcharge_on_what_a_purchase_cannot_tell_is_refused() -> None:
    with pytest.raises(CardProblems, match="'adjacent to this card' cannot decide it"):
        one("Toll", "surcharge 1 on cards adjacent to this card for each opponent")


def test_a_surcharge_of_0_is_refused() -> None:
    with pytest.raises(CardProblems, match="the surcharge"):
        one("Toll", "surcharge 0 on castle cards for each opponent")


def test_a_surcharge_built_in_python_is_validated_too() -> None:
    card = m.Card("Toll", m.Deck.CASTLE, 1, (m.Shield.FAITH,),
                  surcharges=(m.Surcharge(1, m.PlayerGroup.OPPONENTS, ()),))
    with pytest.raises(CardValidationError, match="a surcharge on no deck never applies"):
        card.validate()


# ---------------------------------------------------------------- the engine


def test_an_opponent_pays_the_surcharge_for_a_castle_card_while_the_card_lies_face_up() -> None:
    state = seat_with(_game(), 0, [("Toll Keeper", 0, 0)])
    state = play(state, take("v0", 1, 0, face_down=True))  # seat 0 passes the turn
    assert state.current_player == 1
    assert state.surcharge(1, "Prior") == 1 and state.cost(1, "Prior") == 5
    before = state.players[1].gold
    state = state.apply(_prior_take(state))
    assert state.players[1].gold == before - 5


def test_the_owner_never_pays_their_own_surcharge() -> None:
    state = seat_with(_game(), 0, [("Toll Keeper", 0, 0)])
    assert state.surcharge(0, "Prior") == 0 and state.cost(0, "Prior") == 4
    before = state.players[0].gold
    state = state.apply(take("Prior", 1, 0))
    assert state.players[0].gold == before - 4


def test_a_surcharge_is_only_on_the_cards_it_names() -> None:
    state = seat_with(_game(), 0, [("Chapel Toll", 0, 0)])
    assert state.surcharge(1, "Prior") == 2  # a faith card
    assert state.surcharge(1, "Knight") == 0  # a military card
    assert state.surcharge(1, "v1") == 0


def test_several_surcharges_add_up() -> None:
    state = seat_with(_game(), 0, [("Toll Keeper", 0, 0), ("Chapel Toll", 1, 0)])
    assert state.surcharge(1, "Prior") == 3 and state.cost(1, "Prior") == 7
    assert state.surcharge(1, "Knight") == 1


def test_the_surcharge_comes_before_the_discounts_which_can_absorb_it() -> None:
    state = seat_with(_game(), 0, [("Toll Keeper", 0, 0)])
    state = seat_with(state, 1, [("Bridge", 0, 0)], discounts=(0, 2))
    assert state.cost(1, "Prior") == 4 + 1 - 2
    cheap = one("Pawn", "score 1", "deck village   cost 0   shields military")
    rules = ruleset(TOLL, BRIDGE, cheap)
    state = game(rules, village=["Pawn"])
    state = seat_with(seat_with(state, 0, [("Toll Keeper", 0, 0)]), 1, [("Bridge", 0, 0)], discounts=(0, 2))
    assert state.cost(1, "Pawn") == 0  # 0 + 1 - 2: never below 0


def test_a_one_time_discount_comes_after_the_surcharge() -> None:
    state = seat_with(_game(), 0, [("Toll Keeper", 0, 0)])
    state = with_seat(state, 1, next_discounts=(3, 0, 0))
    assert state.cost(1, "Prior") == 4 + 1 - 3


def test_a_face_down_take_is_not_affected_by_a_surcharge() -> None:
    state = seat_with(_game(), 0, [("Toll Keeper", 0, 0)])
    state = play(state, take("v0", 1, 0, face_down=True))
    before = state.players[1].gold
    state = state.apply(take("Prior", 0, 0, face_down=True))
    assert state.players[1].gold == before + FACE_DOWN_GOLD


def test_a_surcharge_card_lying_face_down_charges_nothing() -> None:
    state = seat_with(_game(), 0, [("Toll Keeper", 0, 0, True)])
    assert state.surcharge(1, "Prior") == 0 and state.cost(1, "Prior") == 4


def test_a_surcharge_card_swapped_in_its_tableau_keeps_charging() -> None:
    state = game(_rules(), village=["Swapper", "Prior", "v0"])
    state = seat_with(state, 0, [("Toll Keeper", 0, 0), ("Bridge", 1, 0)])
    state = state.apply(take("Swapper", 2, 0))
    while state.pending is not None:
        state = state.apply(state.legal_actions()[0])
    assert {(c.card.name, c.at) for c in state.tableau(0)} != {("Toll Keeper", (0, 0)), ("Bridge", (1, 0)),
                                                               ("Swapper", (2, 0))}
    assert state.surcharge(1, "Prior") == 1


def test_a_take_the_player_cannot_pay_with_the_surcharge_is_not_legal() -> None:
    state = seat_with(_game(), 0, [("Toll Keeper", 0, 0)])
    state = play(state, take("v0", 1, 0, face_down=True))
    state = with_seat(state, 1, gold=4)  # the printed cost, one short of the price
    legal = state.legal_actions()
    assert _prior_take(state) not in legal
    assert take("Prior", 0, 0, face_down=True) in legal
    with pytest.raises(cc.IllegalAction, match="Prior costs 5 after a surcharge of 1 and discounts, you have 4 gold"):
        state.apply(_prior_take(state))
    assert _prior_take(with_seat(state, 1, gold=5)) in with_seat(state, 1, gold=5).legal_actions()


def test_only_the_left_neighbour_pays_a_surcharge_for_your_left_neighbour() -> None:
    state = seat_with(_game(players=3), 0, [("Chapel Toll", 0, 0)])
    assert [state.surcharge(seat, "Prior") for seat in range(3)] == [0, 2, 0]


def test_each_opponent_pays_a_surcharge_for_each_opponent() -> None:
    state = seat_with(_game(players=4), 2, [("Toll Keeper", 0, 0)])
    assert [state.surcharge(seat, "Prior") for seat in range(4)] == [1, 1, 0, 1]


def test_a_card_bought_face_up_starts_charging_at_once() -> None:
    tollhouse = one("Tollhouse", "surcharge 1 on castle cards for each opponent",
                    "deck village   cost 3   shields nobility")
    state = game(ruleset(tollhouse), village=["Tollhouse", "v0", "v1"])
    assert state.surcharge(1, "c0") == 0
    state = play(state, take("Tollhouse", 0, 0))
    assert state.surcharge(1, "c0") == 1 and state.surcharge(0, "c0") == 0
    assert state.surcharge(1, "v0") == 0


def test_every_bot_plays_a_game_with_surcharges_to_the_end() -> None:
    from castle_combo.bots import GreedyAgent, RandomAgent

    rules = _rules()
    for bot in (RandomAgent(), GreedyAgent()):
        rng = random.Random(3)
        state = game(rules, castle=["Toll Keeper", "Chapel Toll", "Bridge"], village=["Prior", "Knight", "v0"])
        while not state.is_over:
            action = bot.choose(state, rng)
            assert action in state.legal_actions()
            state = state.apply(action)


def test_the_rl_observation_shows_what_each_card_costs_the_observer_more() -> None:
    pytest.importorskip("numpy", reason="the RL observation needs the rl extra (numpy)")
    from castle_combo.adapters.encoding import ActionSpace

    state = seat_with(_game(), 0, [("Toll Keeper", 0, 0)])
    space = ActionSpace(state.rules, 2)
    assert space.surcharged and space.observation_size == ActionSpace(ruleset(PRIOR), 2).observation_size + len(
        space.names)
    prior = space.ids["Prior"] * space._per_card + space._surcharge_at
    assert space.observe(state, 1)[prior] == pytest.approx(1 / 5)
    assert space.observe(state, 0)[prior] == 0  # the owner pays nothing
    assert not ActionSpace(cc.Ruleset.standard(), 2).surcharged


def test_each_surcharge_row_of_the_reference_renders_to_the_english_it_shows() -> None:
    import re
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "card-language.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(surcharge [^`]+)` \|.* \| ([^|]+\.) \|$", page, re.MULTILINE)
    assert len(rows) >= 4
    for text, english in rows:
        (card,) = parse_text(f'card "Example" {{ deck castle cost 3 shields faith {text} }}')
        assert [s.describe() for s in card.surcharges] == [english]


_FILTERS = [None, m.HasShield((m.Shield.FAITH,)), m.HasShield((m.Shield.MILITARY, m.Shield.NOBILITY)),
            m.CostIs(m.Comparison.GE, 4), m.CostIs(m.Comparison.LE, 2), m.HasPart(m.Part.PURSE),
            m.HasPart(m.Part.MESSENGER)]


def test_every_surcharge_formats_back_to_the_same_card() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    surcharges = st.builds(
        m.Surcharge, st.integers(1, 9),
        st.sampled_from([m.PlayerGroup.OPPONENTS, m.PlayerGroup.NEIGHBOURS, m.PlayerGroup.LEFT, m.PlayerGroup.RIGHT]),
        st.sampled_from([(m.Deck.CASTLE,), (m.Deck.VILLAGE,), (m.Deck.CASTLE, m.Deck.VILLAGE)]),
        st.sampled_from(_FILTERS))

    @settings(max_examples=150, deadline=None)
    @given(st.lists(surcharges, min_size=1, max_size=3))
    def round_trip(found: list[m.Surcharge]) -> None:
        card = m.Card("Toll", m.Deck.CASTLE, 2, (m.Shield.FAITH,), surcharges=found).validate()
        assert parse_text(format_card(card)) == (card,)

    round_trip()


def test_the_narration_says_the_surcharge_a_face_up_take_paid() -> None:
    from castle_combo.records.narration import narrate

    state = seat_with(_game(), 0, [("Toll Keeper", 0, 0)])
    state = play(state, take("v0", 1, 0, face_down=True))
    after = state.apply(_prior_take(state))
    said = narrate(state, _prior_take(state), after)
    assert "takes Prior face up" in said and "(with a surcharge of 1 gold on it)" in said and "pays 5 gold" in said
    down = take("Prior", 0, 0, face_down=True)
    assert "surcharge" not in narrate(state, down, state.apply(down))


# ---------------------------------------------------------------- until your next turn

SERGEANT = one("Border Sergeant", "surcharge 2 on village cards for each opponent until your next turn",
               "deck castle   cost 0   shields military")
STALL = one("Stall", "score 1", "deck castle   cost 0   shields peasantry")


def _timed_game(players: int = 3) -> cc.GameState:
    """Seat 0 has just taken the Border Sergeant face up (the messenger moved to the castle with a key)."""
    rules = ruleset(SERGEANT, STALL, PRIOR, KNIGHT)
    state = game(rules, castle=["Border Sergeant", "Stall", "c0", "c1", "c2", "c3"],
                 village=["Prior", "Knight", "v0", "v1", "v2", "v3"], players=players)
    state = state.apply(cc.UseKey(cc.KeyUse.MOVE))
    return state.apply(take("Border Sergeant", 0, 0))


def test_a_surcharge_until_your_next_turn_reads_and_formats_as_written() -> None:
    (surcharge,) = SERGEANT.surcharges
    assert surcharge.until_next_turn
    assert surcharge.ccl() == "surcharge 2 on village cards for each opponent until your next turn"
    assert surcharge.describe() == (
        "Until your next turn (while this card is the last you took and lies face up), each opponent pays 2 gold "
        "more for village cards (bought face up; added to the printed cost before their discounts, never below 0).")
    assert parse_text(format_card(SERGEANT)) == (SERGEANT,)


def test_a_surcharge_until_your_next_turn_holds_for_every_other_players_turn_after_the_take() -> None:
    state = _timed_game()
    assert state.current_player == 1
    assert state.surcharge(1, "Prior") == 2 and state.surcharge(2, "Prior") == 2 and state.surcharge(0, "Prior") == 0
    assert state.surcharge(1, "Stall") == 0  # a castle card
    state = state.apply(take("Stall", 0, 0, face_down=True))
    assert state.current_player == 2 and state.surcharge(2, "Prior") == 2


def test_a_surcharge_until_your_next_turn_ends_with_its_owners_next_take() -> None:
    state = _timed_game()
    state = play(state, take("Stall", 0, 0, face_down=True), take("c0", 0, 0, face_down=True))
    assert state.current_player == 0 and state.surcharge(1, "Prior") == 2  # only the owner takes before it ends
    state = state.apply(take("c1", 1, 0, face_down=True))
    assert state.surcharge(1, "Prior") == 0 and state.surcharge(2, "Prior") == 0


def test_a_surcharge_until_your_next_turn_is_paid_and_offered_like_any_other() -> None:
    state = _timed_game()
    state = state.apply(cc.UseKey(cc.KeyUse.MOVE))  # seat 1 goes to the village
    state = with_seat(state, 1, gold=5)
    assert take("Prior", 0, 0) not in state.legal_actions()  # 4 + 2 > 5
    state = with_seat(state, 1, gold=6)
    after = state.apply(take("Prior", 0, 0))
    assert after.players[1].gold == 0


def test_a_surcharge_until_your_next_turn_on_a_card_taken_face_down_charges_nothing() -> None:
    rules = ruleset(SERGEANT, PRIOR)
    state = game(rules, castle=["Border Sergeant", "c0", "c1"], village=["Prior", "v0", "v1"])
    state = state.apply(cc.UseKey(cc.KeyUse.MOVE))
    state = state.apply(take("Border Sergeant", 0, 0, face_down=True))
    assert state.surcharge(1, "Prior") == 0


def test_the_differential_draws_surcharges_until_the_next_turn() -> None:
    from differential import random_ruleset

    drawn = [s for seed in range(6) for card in random_ruleset(random.Random(seed), 3, surcharges=True).cards
             for s in card.surcharges]
    assert any(s.until_next_turn for s in drawn) and any(not s.until_next_turn for s in drawn)


def test_a_reserved_card_bought_face_up_pays_the_surcharges_on_it() -> None:
    notary = one("Notary", "when bought: reserve a card from either row", "deck village   cost 0   shields peasantry")
    state = game(ruleset(TOLL, notary, PRIOR), village=["Notary", "Prior", "v0"])
    state = seat_with(state, 1, [("Toll Keeper", 0, 0)])
    state = state.apply(take("Notary", 0, 0))
    state = state.apply(cc.Reserve("Prior"))
    state = play(state, take("v0", 1, 0, face_down=True))
    assert state.current_player == 0 and state.reserved_card(0).name == "Prior"
    short = with_seat(state, 0, gold=4)
    assert [a for a in short.legal_actions() if isinstance(a, cc.TakeReserved) and not a.face_down] == []
    with pytest.raises(cc.IllegalAction, match="costs 5"):
        short.apply(cc.TakeReserved((1, 0), False))
    paid = with_seat(state, 0, gold=5).apply(cc.TakeReserved((1, 0), False))
    assert paid.players[0].gold == 0
