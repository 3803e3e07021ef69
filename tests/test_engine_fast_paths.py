"""The engine's fast paths (plain takes, key uses) do exactly what its general path does.

``rules.apply`` builds the new state directly for the most common actions
(a card taken face down or without ability, a key spent without a
reshuffle), to make random playouts fast. These tests play games on the
standard cards, the expansion-like synthetic lock cards and small random
rulesets, and check after every action that the general path (``fast=False``)
gives an equal state, with the same derived aggregates and history.
"""

from __future__ import annotations

import random

import engine_kit
import pytest
from differential import random_ruleset
from hypothesis import given, settings
from hypothesis import strategies as st

import castle_combo as cc
from castle_combo.engine import rules
from castle_combo.engine.state import recounted


def play_both_ways(rules_: cc.Ruleset, players: int, seed: int) -> int:
    """Play a seeded random game; for every action compare the fast and the general path. Return the actions."""
    rng = random.Random(seed)
    state = cc.new_game(players=players, seed=seed, rules=rules_)
    count = 0
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        fast = rules.apply(state, action)
        general = rules.apply(state, action, fast=False)
        assert fast == general, f"seed {seed}: {action} differs between the fast and the general path"
        assert fast.players == general.players and fast.history == general.history
        assert all(p == recounted(p, fast.engine) for p in fast.players)
        state = fast
        count += 1
    return count


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_fast_paths_agree_with_the_general_path_on_the_standard_cards(players: int) -> None:
    for seed in range(6):
        assert play_both_ways(cc.Ruleset.standard(), players, seed) >= 9 * players


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_the_fast_paths_agree_with_the_general_path_on_small_random_rulesets(seed: int, players: int) -> None:
    """Small rulesets reshuffle and exhaust often: the fast paths must step aside exactly then."""
    play_both_ways(random_ruleset(random.Random(seed), players), players, seed)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), locks=st.booleans())
def test_the_fast_paths_agree_with_the_general_path_with_every_mechanic(seed: int, players: int, locks: bool) -> None:
    """Random cards with the expansion's and the fans' constructs: gains from every kind of count, taking
    from opponents, stored gold, triggers and locks, which the fast take must run or leave to the general path."""
    play_both_ways(random_ruleset(random.Random(seed), players, locks=locks, fan=True), players, seed)


def test_the_engines_one_call_builder_equals_each_parts_constructor() -> None:
    """``table.new`` builds a state or a part from a tuple of its fields; it must make what the constructor makes."""
    from castle_combo.engine.state import GameState
    from castle_combo.engine.table import Location, PlayerState, new

    state = cc.new_game(players=3, seed=11)
    while state.taken < 4:
        state = state.apply(state.legal_actions()[-1])
    for value, build in [(state, lambda *values: GameState(*values[:-1], engine=values[-1])),
                         (state.players[0], PlayerState), (state.locations[1], Location),
                         (state.players[0].tableau[0], type(state.players[0].tableau[0]))]:
        values = tuple(value)
        made, expected = new(type(value), values), build(*values)
        assert made == expected and type(made) is type(expected)
        assert all(a is b for a, b in zip(made, expected, strict=True))
    assert new(GameState, tuple(state)).legal_actions() == state.legal_actions()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_the_fast_paths_agree_with_the_general_path_with_the_newest_variants(seed: int, players: int) -> None:
    """Triggers on one's own messenger icons, one-time discounts waiting for a card bought face up (a face-down take
    on the fast path leaves them waiting) and face-down cards turned face up for their cost."""
    play_both_ways(random_ruleset(random.Random(seed), players, icons=True, face_up=True, paying=True), players, seed)


#: Abilities the fast take does straight on the seats (``compile_table_gains``): counts of shields and banners in
#: other tableaux, alone or as one collection, bounded; fixed gains of other players; purses filled; discounts.
SPREAD_ABILITIES = {
    "Envoy": "gain 1 gold per faith shield in a neighbour's tableau\n    each opponent gains 1 key",
    "Census": "gain 1 gold per castle banner in every tableau up to 4",
    "Rival": "gain 1 key per shield type in your opponents' tableaux",
    "Twins": "gain 2 gold per set of {faith, military} in your neighbours' tableaux at least 1",
    "Lefty": "gain 1 gold per village card in your left neighbour's tableau\n    put 1 gold on each purse",
    "Righty": "gain 1 key per peasantry shield in your right neighbour's tableau\n    fill 1 purses",
    "Almoner": "each player gains 1 gold\n    discount 1 on castle cards\n    put 3 gold on each purse",
    "Herald": "each neighbour gains 2 gold\n    gain 1 key per military shield",
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_abilities_done_straight_on_the_seats_agree_with_the_general_path(players: int) -> None:
    """Cards whose bought ability reaches other seats or the purses skip the scratch table on the fast take."""
    rules_ = cc.Ruleset.from_cards([*cc.Ruleset.standard().cards, *(
        engine_kit.one(name, f"when bought:\n    {text}", facts)
        for (name, text), facts in zip(SPREAD_ABILITIES.items(), [
            "deck castle   cost 1   shields faith", "deck village   cost 0   shields military",
            "deck castle   cost 2   shields nobility", "deck village   cost 1   shields peasantry",
            "deck castle   cost 0   shields scholarship", "deck village   cost 2   shields craftsmanship",
            "deck castle   cost 1   shields faith   purse 3", "deck village   cost 1   shields military"], strict=True))])
    engine = cc.new_game(players=players, seed=1, rules=rules_).engine
    spread = [name for name in SPREAD_ABILITIES if engine.table_gains[engine.ids[name]] is not None]
    assert spread == list(SPREAD_ABILITIES)  # each is done on the seats, none falls back to the scratch table
    bought = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = cc.new_game(players=players, seed=seed, rules=rules_)
        while not state.is_over:
            action = engine_kit.take_favouring(state, state.legal_actions(), rng, SPREAD_ABILITIES)
            bought += isinstance(action, cc.Take) and not action.face_down and action.card in SPREAD_ABILITIES
            fast, general = rules.apply(state, action), rules.apply(state, action, fast=False)
            assert fast == general and fast.players == general.players, f"seed {seed}: {action}"
            state = fast
    assert bought >= 20  # the cards were really bought, face up


@pytest.mark.parametrize("players", [2, 3])
def test_a_question_asked_and_answered_at_once_agrees_with_the_general_path_down_to_the_last_card(
        players: int) -> None:
    """The cards whose ability is one question (choose one, discard a card from a row) are asked, and the answer
    ends the turn, without a scratch table while the rows refill from their decks; tight decks make the rows
    reshuffle and run out, where the general path takes over."""
    standard = cc.Ruleset.standard()
    asking = [c for c in standard.cards if c.name in ("Banker", "Barbarian", "Blacksmith", "Militiaman", "Guildmaster",
                                                      "Gravedigger", "Executioner", "Bombardier")]
    rules_ = engine_kit.ruleset(*asking, castle=9 * players // 2 + 5, village=9 * players // 2 + 5)
    engine = cc.new_game(players=players, seed=1, rules=rules_).engine
    assert all(engine.asks_at_once[engine.ids[c.name]] is not None for c in asking)
    fast_asks = general_asks = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = cc.new_game(players=players, seed=seed, rules=rules_)
        while not state.is_over:
            action = engine_kit.take_favouring(state, state.legal_actions(), rng, [c.name for c in asking])
            fast, general = rules.apply(state, action), rules.apply(state, action, fast=False)
            assert fast == general and fast.players == general.players, f"seed {seed}: {action}"
            if state.pending is not None and state.pending.frames and state.pending.frames[0].card in {
                    engine.ids[c.name] for c in asking}:
                if rules._answered_at_once(state, action) is not None:
                    fast_asks += 1
                else:
                    general_asks += 1
            state = fast
    assert fast_asks >= 50 and general_asks >= 3  # both ways were really taken


def test_a_question_asked_at_once_keeps_a_face_down_watcher_of_takes_below_it() -> None:
    """A reviewer's finding: the general path stacks a frame for every card watching its owner's takes, face down
    too (it looks when its turn comes whether the card is face up: the question's option may turn it face up), so a
    question in a ruleset with take triggers is asked there, and the turn ends alike both ways."""
    spy = engine_kit.one("Spy", "whenever you take a card, after its ability: gain 1 key",
                         "deck village   cost 0   shields military")
    asker = engine_kit.one("Asker", "when bought: choose one: { turn a face-down card face up } or { gain 1 gold }",
                           "deck village   cost 0   shields faith")
    state = engine_kit.game(engine_kit.ruleset(spy, asker), village=["Spy", "v0", "v1", "Asker", "v2", "v3", "v4"])

    def take(state: cc.GameState, name: str, face_down: bool) -> cc.Take:
        return next(a for a in state.legal_actions() if isinstance(a, cc.Take) and a.card == name
                    and a.face_down == face_down)

    state = state.apply(take(state, "Spy", True))  # seat 0 keeps the Spy face down
    state = state.apply(take(state, "v0", True))
    action = take(state, "Asker", False)
    fast, general = rules.apply(state, action), rules.apply(state, action, fast=False)
    assert fast == general and len(fast.pending.frames) == 2  # the Spy's frame below the Asker's question
    ends = []
    for asked in (fast, general):
        after = asked.apply(cc.Choose(1))  # the Spy turned face up: its trigger then gains its key
        while after.pending is not None:
            after = after.apply(after.legal_actions()[0])
        ends.append(after)
    assert ends[0] == ends[1] and ends[0].players[0].keys == 5
