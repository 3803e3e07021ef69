"""A repeated optional effect: "you may pay 1 key to gain 2 gold any number of times" (or "up to 3 times").

The player picks how many times in one decision (``Times(n)``, ``n`` from 0 to the most they can pay for and
the card's cap), never in a chain of yes-or-no questions; the cost is paid that many times and the effects
resolve that many times in a row.
"""

from __future__ import annotations

import json
import random

import pytest
from engine_kit import V, card, game, gold, keys, ruleset, seat_with, take, with_seat

import castle_combo as cc
from castle_combo.adapters.encoding import ActionSpace
from castle_combo.bots import GreedyAgent, MctsAgent
from castle_combo.bots.greedy import worth_trying
from castle_combo.cli._play_input import compact, parse_input
from castle_combo.engine import decisions
from castle_combo.errors import BadInput, EncodingError
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m
from castle_combo.records.narration import narrate, option_text

GOLD, KEY = m.Resource.GOLD, m.Resource.KEY
ONE_KEY = m.Lose(1, KEY)


def exchange(cost: m.Lose | None, *effects: m.Effect, up_to: int | None = None) -> m.MayDo:
    return m.MayDo(() if cost is None else (cost,), tuple(effects), repeat=True, up_to=up_to)


def changer(*effects: m.Effect, cost: m.Lose | None = ONE_KEY, up_to: int | None = None) -> m.Card:
    """A village card that exchanges keys (by default) for its effects any number of times."""
    return card("Changer", V, ability=[exchange(cost, *(effects or (gold(2),)), up_to=up_to)])


def bought(*cards: m.Card, name: str = "Changer") -> cc.GameState:
    """A new 2-player game (15 gold and 2 keys each) whose first player has just bought ``name`` face up."""
    rules = ruleset(*cards)
    return game(rules, village=[name]).apply(take(name))


# ---------------------------------------------------------------- the language


def test_the_phrases_read_write_and_say_the_same_thing() -> None:
    text = ('card "Changer" { deck village cost 1 shields craftsmanship\n'
            '  when bought: you may pay 1 key to gain 2 gold any number of times\n'
            '    you may pay 3 gold and 1 key to { gain 2 keys then gain 1 gold } up to 2 times }')
    (parsed,) = parse_text(text)
    first, second = parsed.ability
    assert first == exchange(m.Lose(1, KEY), gold(2))
    assert second == m.MayDo((m.Lose(3, GOLD), m.Lose(1, KEY)), (keys(2), gold(1)), repeat=True, up_to=2)
    assert first.describe() == "You may pay 1 key to gain 2 gold, any number of times."
    assert second.describe() == "You may pay 3 gold and 1 key to gain 2 keys, then gain 1 gold, up to 2 times."
    assert parse_text(format_card(parsed)) == (parsed,)
    assert "you may pay 1 key to gain 2 gold any number of times" in format_card(parsed)


def test_up_to_n_times_is_the_number_of_times_not_a_cap_on_the_amount() -> None:
    (parsed,) = parse_text('card "C" { deck castle cost 1 shields faith when bought: you may pay 3 gold to gain '
                           '1 key per faith shield up to 4 up to 2 times }')
    (effect,) = parsed.ability
    assert isinstance(effect, m.MayDo) and effect.up_to == 2
    assert effect.effects == (m.Gain(1, KEY, m.Per(m.Shields((m.Shield.FAITH,))), up_to=4),)


def test_a_repeated_exchange_reads_inside_a_choice_option() -> None:
    (parsed,) = parse_text('card "C" { deck castle cost 1 shields faith when bought: choose one: '
                           '{ you may pay 1 key to gain 3 gold up to 3 times } or { gain 2 gold } }')
    (choice,) = parsed.ability
    assert isinstance(choice, m.Choice) and choice.options[0] == (exchange(m.Lose(1, KEY), gold(3), up_to=3),)
    assert parse_text(format_card(parsed)) == (parsed,)


@pytest.mark.parametrize(("effect", "message"), [
    ("you may gain 1 gold any number of times", "nothing would limit how many times it is done"),
    ("you may pay 1 key to gain 2 gold up to 1 time", "the number of times 'up to N times' is 1, outside"),
    ("you may pay 1 key to gain 2 gold up to 100 times", "the number of times 'up to N times' is 100, outside"),
])
def test_a_repetition_nothing_limits_or_a_cap_of_one_is_refused_with_a_fix(effect: str, message: str) -> None:
    with pytest.raises(cc.CardValidationError, match=message):
        parse_text(f'card "C" {{ deck castle cost 1 shields faith when bought: {effect} }}')


def test_a_capped_repetition_without_a_cost_is_a_free_choice_of_how_many() -> None:
    (parsed,) = parse_text('card "C" { deck castle cost 1 shields faith when bought: you may gain 1 gold up to '
                           '3 times }')
    assert parsed.ability[0].describe() == "You may gain 1 gold, up to 3 times."


def test_a_cap_without_repetition_is_refused_in_python() -> None:
    problems = m.MayDo((m.Lose(1, KEY),), (gold(2),), up_to=3).problems()
    assert [p.message for p in problems] == ["'up to N times' belongs to a repeated 'you may'"]


def test_a_repetition_asks_so_it_is_refused_in_a_trigger() -> None:
    with pytest.raises(cc.CardValidationError, match="cannot happen at the start of a turn"):
        parse_text('card "C" { deck castle cost 1 shields faith at the start of your turn: you may pay 1 key '
                   'to gain 2 gold up to 2 times }')


# ---------------------------------------------------------------- the rules


def test_the_player_picks_how_many_times_in_one_decision_from_0_to_what_they_can_pay() -> None:
    state = bought(changer())
    assert state.pending is not None and state.pending.decision == decisions.ChooseTimes(2)
    assert state.legal_actions() == (cc.Times(0), cc.Times(1), cc.Times(2))
    after = state.apply(cc.Times(2))
    assert after.pending is None and (after.players[0].gold, after.players[0].keys) == (19, 0)


def test_zero_times_pays_nothing_and_does_nothing() -> None:
    after = bought(changer()).apply(cc.Times(0))
    assert after.pending is None and (after.players[0].gold, after.players[0].keys) == (15, 2)


def test_the_cap_limits_the_range_even_when_more_could_be_paid() -> None:
    state = bought(changer(cost=m.Lose(1, GOLD), up_to=3))
    assert state.legal_actions() == (cc.Times(0), cc.Times(1), cc.Times(2), cc.Times(3))


def test_what_can_be_paid_limits_the_range_below_the_cap() -> None:
    state = bought(changer(cost=m.Lose(4, GOLD), up_to=9))  # 15 gold: 3 times
    assert state.pending is not None and state.pending.decision == decisions.ChooseTimes(3)


def test_a_cost_in_gold_and_keys_is_limited_by_the_scarcer() -> None:
    cost_card = card("Changer", V, ability=[m.MayDo((m.Lose(2, GOLD), m.Lose(1, KEY)), (gold(5),), repeat=True)])
    state = bought(cost_card)
    assert state.pending is not None and state.pending.decision == decisions.ChooseTimes(2)
    after = state.apply(cc.Times(2))
    assert (after.players[0].gold, after.players[0].keys) == (15 - 4 + 10, 0)


def test_a_capped_repetition_without_a_cost_offers_0_to_the_cap() -> None:
    state = bought(changer(keys(1), cost=None, up_to=3))
    assert state.pending is not None and state.pending.decision == decisions.ChooseTimes(3)
    assert state.apply(cc.Times(3)).players[0].keys == 2 + 3


def test_nothing_is_asked_when_the_cost_cannot_be_paid_once() -> None:
    state = bought(changer(cost=m.Lose(3, KEY)))
    assert state.pending is None and (state.players[0].gold, state.players[0].keys) == (15, 2)


def test_a_number_outside_the_range_is_refused_with_the_range() -> None:
    with pytest.raises(cc.IllegalAction, match=r"can be used 0 to 2 times now; not 3"):
        bought(changer()).apply(cc.Times(3))


def test_the_cost_is_paid_before_the_effects_so_their_counts_see_it() -> None:
    # Pay 1 key, gain 1 gold per key: the gold counts the keys left after paying for every time.
    state = bought(changer(m.Gain(1, GOLD, m.Per(m.KeysOwned()))))
    assert state.apply(cc.Times(1)).players[0].gold == 15 + 1  # 1 key left
    assert state.apply(cc.Times(2)).players[0].gold == 15


def test_several_effects_resolve_in_order_that_many_times() -> None:
    state = bought(changer(gold(1), keys(2), cost=m.Lose(5, GOLD)))
    after = state.apply(cc.Times(3))
    assert (after.players[0].gold, after.players[0].keys) == (15 - 15 + 3, 2 + 6)


def test_an_effect_that_asks_is_asked_once_per_time() -> None:
    rules = ruleset(changer(m.Choice(((gold(1),), (keys(1),))), cost=m.Lose(1, GOLD), up_to=2))
    state = game(rules, village=["Changer"]).apply(take("Changer")).apply(cc.Times(2))
    assert state.legal_actions() == (cc.Choose(1), cc.Choose(2))
    state = state.apply(cc.Choose(1))
    assert state.legal_actions() == (cc.Choose(1), cc.Choose(2))
    state = state.apply(cc.Choose(2))
    assert state.pending is None and (state.players[0].gold, state.players[0].keys) == (15 - 2 + 1, 2 + 1)


def test_a_repetition_inside_a_choice_option_is_asked_once_the_option_is_chosen() -> None:
    chooser = card("Changer", V, ability=[m.Choice(((exchange(m.Lose(1, KEY), gold(3), up_to=3),), (gold(2),)))])
    state = bought(chooser).apply(cc.Choose(1))
    assert state.pending is not None and state.pending.decision == decisions.ChooseTimes(2)
    assert state.apply(cc.Times(1)).players[0].gold == 18


def test_a_copied_repetition_is_asked_of_the_copier() -> None:
    rules = ruleset(card("Forger", V, unlocked=[m.UseAdjacentAbility()]), changer(cost=m.Lose(1, GOLD), up_to=2))
    state = seat_with(game(rules), 0, [("Forger", 0, 0), ("Changer", 1, 0)]).apply(cc.Unlock("Forger"))
    state = state.apply(cc.Activate("Changer"))
    assert state.legal_actions() == (cc.Times(0), cc.Times(1), cc.Times(2))


# ---------------------------------------------------------------- saves, RL, narration, terminal


def test_a_position_waiting_for_a_number_of_times_saves_and_a_tampered_range_is_refused() -> None:
    rules = ruleset(changer())
    state = game(rules, village=["Changer"]).apply(take("Changer"))
    assert cc.loads(cc.dumps(state), rules=rules) == state
    data = json.loads(cc.dumps(state))
    assert data["pending"]["decision"] == {"kind": "times", "most": 2}
    data["pending"]["decision"]["most"] = 3
    with pytest.raises(cc.RecordError, match="is not the question this position asks"):
        cc.loads(data, rules=rules)


@pytest.mark.parametrize(("value", "message"), [
    ({"kind": "times", "most": 0}, r"\.decision\.most: expected a number of times \(1 or more"),
    ({"kind": "times", "most": "2"}, r"\.decision\.most: expected a number of times"),
])
def test_a_malformed_number_of_times_in_a_save_names_its_field(value: object, message: str) -> None:
    with pytest.raises(cc.RecordError, match=message):
        decisions.decision_from_json(value)


def test_the_times_action_round_trips_and_refuses_a_negative_number() -> None:
    assert cc.action_from_json(cc.Times(3).to_json()) == cc.Times(3)
    with pytest.raises(cc.RecordError, match=r"\$\.times: expected a whole number of times from 0"):
        cc.action_from_json({"type": "times", "times": -1})
    with pytest.raises(cc.IllegalAction):
        cc.Times(-1)


def test_the_rl_space_has_a_times_block_only_for_rulesets_that_repeat() -> None:
    plain = ActionSpace()
    assert plain.times == 0 and plain.size == plain.reveal_start + len(plain.names)
    capped = ActionSpace(ruleset(changer(up_to=5)))
    assert capped.times == 6
    state = bought(changer(up_to=5))
    codes = capped.legal(state)
    assert [capped.decode(c) for c in codes] == [cc.Times(0), cc.Times(1), cc.Times(2)]
    assert capped.size == capped.times_start + 6
    assert ActionSpace(ruleset(changer())).times == 100  # "any number of times": 0 to 99
    with pytest.raises(EncodingError, match="at most 5 times"):
        capped.encode(cc.Times(6))


def test_the_narration_says_how_many_times_and_what_it_cost() -> None:
    state = bought(changer())
    assert narrate(state, cc.Times(2), state.apply(cc.Times(2))) == (
        "seat 0 uses Changer's optional effect twice, spends 2 keys and gains 4 gold")
    assert narrate(state, cc.Times(0), state.apply(cc.Times(0))) == "seat 0 declines Changer's optional effect"
    assert option_text(state) == ["do nothing", "pay 1 key to gain 2 gold, once", "pay 1 key to gain 2 gold, twice"]


def test_the_terminal_reads_times_n() -> None:
    state = bought(changer())
    legal = state.legal_actions()
    assert parse_input("times 2", legal).action == cc.Times(2)
    assert compact(cc.Times(2)) == "times 2"
    with pytest.raises(BadInput, match="write 'times N' with N from 0 to 2"):
        parse_input("times 5", legal)


# ---------------------------------------------------------------- bots


def test_greedy_takes_a_generous_exchange_as_often_as_it_can() -> None:
    generous = changer(keys(1), cost=m.Lose(1, GOLD), up_to=3)  # a key is worth more than a coin
    action = GreedyAgent().choose(bought(generous).view(0), random.Random(0))
    assert action == cc.Times(3)


def test_mcts_takes_a_generous_exchange_as_often_as_it_can_and_declines_a_wasteful_one() -> None:
    generous = changer(keys(1), cost=m.Lose(1, GOLD), up_to=3)
    assert MctsAgent(iterations=12).choose(bought(generous).view(0), random.Random(0)) == cc.Times(3)
    wasteful = changer(gold(1), cost=m.Lose(3, GOLD), up_to=4)
    assert MctsAgent(iterations=12).choose(bought(wasteful).view(0), random.Random(0)) == cc.Times(0)


def test_greedy_declines_a_wasteful_exchange() -> None:
    wasteful = changer(gold(1), cost=m.Lose(3, GOLD), up_to=4)
    assert GreedyAgent().choose(bought(wasteful).view(0), random.Random(0)) == cc.Times(0)


def test_a_long_range_is_tried_at_its_ends_and_a_few_numbers_between() -> None:
    rules = ruleset(changer(cost=m.Lose(1, GOLD)))
    state = with_seat(game(rules, village=["Changer"]), 0, gold=40).apply(take("Changer"))
    assert state.pending is not None
    most = state.pending.decision.most  # type: ignore[union-attr]
    tried = worth_trying(state)
    assert most > 6 and tried[0] == cc.Times(0) and tried[-1] == cc.Times(most) and len(tried) == 5

