"""Whole random games with repeated payments and neighbours' copies: every position saves, encodes and narrates.

Random play meets the new decisions in every place they can arise (on a purchase, inside a choice, in a
copied ability, behind a lock, a neighbour's card whose ability asks again); each position must load back
from its save (the integrity check asks each decision again), every legal action must have a code in the
RL space, and every action must be narrated.
"""

from __future__ import annotations

import random

from engine_kit import C, V, card, gold, keys, ruleset
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import castle_combo as cc
from castle_combo.adapters.encoding import ActionSpace
from castle_combo.engine.decisions import ChooseNeighbourCard, ChooseTimes
from castle_combo.language import model as m
from castle_combo.records.narration import narrate

GOLD, KEY = m.Resource.GOLD, m.Resource.KEY


def repeat(cost: tuple[m.Lose, ...], *effects: m.Effect, up_to: int | None = None) -> m.MayDo:
    return m.MayDo(cost, effects, repeat=True, up_to=up_to)


def fan_rules() -> cc.Ruleset:
    abilities: list[tuple[m.Effect, ...]] = [
        (repeat((m.Lose(1, KEY),), gold(2)),),
        (repeat((m.Lose(2, GOLD),), keys(1), up_to=3),),
        (m.Choice(((repeat((m.Lose(1, GOLD),), keys(1), up_to=2),), (gold(2),))),),
        (repeat((m.Lose(1, GOLD), m.Lose(1, KEY)), m.Choice(((gold(3),), (keys(1),))), up_to=2),),
        (m.UseNeighbourAbility(),),
        (m.UseAdjacentAbility(),),
        (m.Choice(((gold(1),), (keys(1),))), m.Discount(1, (m.Deck.CASTLE,))),
        (m.UseNeighbourAbility(), gold(1)),
    ]
    cards = [card(f"Fan {deck.value} {i}", deck, i % 4, ability=abilities[i % len(abilities)],
                  messenger=i % 5 == 0) for deck in (C, V) for i in range(10)]
    cards += [card(f"Locked {i}", C if i % 2 else V, 2, unlocked=abilities[i]) for i in range(5)]
    return ruleset(*cards)


RULES = fan_rules()
SPACES = {n: ActionSpace(RULES, n) for n in range(2, 5)}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), st.integers(0, 2**32 - 1))
def test_random_games_with_the_new_decisions_save_encode_and_narrate(players: int, seed: int) -> None:
    rng = random.Random(seed)
    space = SPACES[players]
    state = cc.new_game(players=players, seed=seed, rules=RULES)
    while not state.is_over:
        legal = state.legal_actions()
        assert [space.decode(code) for code in space.legal(state)] == list(legal)
        if state.pending is not None:
            assert cc.loads(cc.dumps(state), rules=RULES) == state
        action = rng.choice(legal)
        after = state.apply(action)
        assert narrate(state, action, after)
        assert all(p.gold >= 0 and p.keys >= 0 for p in after.players)
        state = after
    assert len(state.history) > 0


def test_random_games_meet_both_new_decisions() -> None:
    """The games above are not vacuous: over a few seeds both new questions are asked."""
    asked: set[type] = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = cc.new_game(players=3, seed=seed, rules=RULES)
        while not state.is_over:
            if state.pending is not None:
                asked.add(type(state.pending.decision))
            state = state.apply(rng.choice(state.legal_actions()))
    assert {ChooseTimes, ChooseNeighbourCard} <= asked
