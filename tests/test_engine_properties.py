"""Invariants of random legal play for 2 to 5 players (hypothesis).

Two card sets: the 78 standard cards, and a tight synthetic set whose decks
are barely big enough, so reshuffles and exhausted locations happen often,
with choices, discards, purses and discounts on many cards, and gold piling
up on some cards while they lie in a row.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import castle_combo as cc
from castle_combo.engine.state import recounted
from castle_combo.language import model as m
from castle_combo.language.model import Deck, Resource, Scope, Shield

SHIELDS = list(Shield)


def tight_rules(players: int) -> cc.Ruleset:
    """Just enough cards for ``players``, with every kind of ability."""
    per_deck = (9 * players + 6 + 1) // 2
    abilities: list[tuple[m.Effect, ...]] = [
        (m.DiscardWholeRow(), m.Gain(1, Resource.KEY, m.Per(m.CardsInTableau(), Scope.DISCARDED))),
        (m.UseAdjacentAbility(),),
        (m.Gain(1, Resource.GOLD, m.Per(m.ShieldsOf(Shield.FAITH))),),
        (m.Discount(1, (Deck.CASTLE, Deck.VILLAGE)),),
        (m.Choice(((m.Gain(2, Resource.KEY),), (m.Gain(1, Resource.GOLD, m.Per(m.ShieldsOf(Shield.MILITARY), Scope.NEIGHBOUR)),))),),
        (m.DiscardFromRow(Deck.VILLAGE, Resource.GOLD),),
        (m.DiscardFromRow(Deck.CASTLE, Resource.KEY), m.OpponentsGain(1, Resource.GOLD)),
        (m.StoreGold(2),),
        (m.FillPurses(2),),
        (),
    ]
    cards = []
    for deck in Deck:
        for i in range(per_deck):
            cards.append(
                m.Card(
                    f"{deck.value}-{i}",
                    deck,
                    i % 8,
                    (SHIELDS[i % 6],) if i % 3 else (SHIELDS[i % 6], SHIELDS[(i + 2) % 6]),
                    messenger=i % 3 == 0,
                    purse=3 + i % 4 if i % 4 == 1 else None,
                    ability=abilities[i % len(abilities)] if i % 5 else (),
                    scoring=(m.ScorePer(2, m.Per(m.ShieldsOf(SHIELDS[i % 6]), Scope.ROW_AND_COLUMN)),),
                    # Every fifth card is a lock card: its ability waits behind the lock.
                    lock=i % 5 == 0,
                    unlocked=abilities[i % len(abilities)] or (m.Gain(2, Resource.GOLD),) if i % 5 == 0 else (),
                    # Every seventh card gets gold while it lies in a row, for its taker.
                    abilities={m.Moment.IN_ROW: (m.StoreGold(1 + i % 2, m.Near(m.Relation.THIS)),)} if i % 7 == 3
                    else {},
                )
            )
    return cc.Ruleset.from_cards(cards, version=f"tight-{players}")


TIGHT = {n: tight_rules(n) for n in range(2, 6)}


def all_cards(state: cc.GameState) -> Counter[int]:
    """Every card where it lies: decks, rows, discard piles, removed, tableaux and reserved cards."""
    seen: Counter[int] = Counter()
    for loc in state.locations:
        seen.update(loc.deck + loc.row + loc.discard + loc.removed)
    for p in state.players:
        seen.update(c.card for c in p.tableau)
        seen.update(p.reserved)
    return seen


def tight_variant(players: int, name: str, edit: Callable[[int, cc.Card], cc.Card]) -> cc.Ruleset:
    """The tight set for ``players`` with each card ``edit(i, card)`` (a construct's random-play property adds its
    construct to some of them); ``name`` tells the ruleset's version apart."""
    cards = [edit(i, card) for i, card in enumerate(tight_rules(players).cards)]
    return cc.Ruleset.from_cards(cards, version=f"tight-{name}-{players}")


def play_keeping_invariants(rules: cc.Ruleset, players: int, seed: int,
                            each: Callable[[cc.GameState, cc.Action, cc.GameState], None] | None = None
                            ) -> cc.GameState:
    """A seeded random game of ``rules`` checked after every action: no card lost or duplicated, the seats'
    aggregates as a recount gives them, the integrity checks of a loaded state, a save and load now and then
    (and ``each(before, action, after)``, a construct's own invariants); at the end nine cards each and a record
    that replays to the same state. The final state is returned for checks of the whole game."""
    from castle_combo.records.integrity import check_state

    rng = random.Random(seed)
    state = cc.new_game(players=players, seed=seed, rules=rules, first_player=seed % players)
    everything = Counter(range(len(rules)))
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        before, state = state, state.apply(action)
        assert all_cards(state) == everything, "a card was lost or duplicated"
        assert all(p == recounted(p, state.engine) for p in state.players)
        if each is not None:
            each(before, action, state)
        check_state(state)
        if rng.random() < 0.05:
            assert cc.loads(cc.dumps(state), rules=rules) == state
    assert all(len(p.tableau) == 9 for p in state.players)
    assert cc.replay(state.record(), rules=rules) == state
    return state


def play_randomly(state: cc.GameState, rng: random.Random) -> list[cc.GameState]:
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def some_illegal_action(state: cc.GameState, rng: random.Random) -> cc.Action:
    legal = set(state.legal_actions())
    candidates: list[cc.Action] = [cc.Choose(1), cc.Choose(9), cc.Discard(state.rules.cards[0].name)]
    for loc in state.locations:
        for c in loc.row + loc.deck[:2]:
            name = state.rules.cards[c].name
            candidates += [cc.Take(name, (5, 5)), cc.Take(name, (0, 0)), cc.Take(name, (1, 0), True)]
    candidates += [cc.UseKey(cc.KeyUse.MOVE), cc.UseKey(cc.KeyUse.REFRESH)]
    illegal = [a for a in candidates if a not in legal]
    return rng.choice(illegal)


GAMES = st.tuples(st.integers(2, 5), st.integers(0, 2**32 - 1), st.booleans())


def start(players: int, seed: int, tight: bool) -> cc.GameState:
    rules = TIGHT[players] if tight else cc.Ruleset.standard()
    return cc.new_game(players=players, seed=seed, rules=rules, first_player=seed % players)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAMES)
def test_random_play_keeps_every_invariant(game: tuple[int, int, bool]) -> None:
    players, seed, tight = game
    rng = random.Random(seed)
    states = play_randomly(start(players, seed, tight), rng)
    everything = Counter(range(len(states[0].rules)))
    takes = Counter()
    for before, after in itertools.pairwise(states):
        assert all_cards(after) == everything, "a card was lost or duplicated"
        assert all(p.gold >= 0 and p.keys >= 0 for p in after.players)
        assert all(p == recounted(p, after.engine) for p in after.players), "incremental aggregates drifted"
        in_rows = set(after.locations[0].row + after.locations[1].row)
        assert all(card in in_rows and gold > 0 for card, gold in after.row_gold), "gold on a card not in a row"
        action = after.history[-1]
        if isinstance(action, cc.Take):
            takes[before.current_player] += 1
        assert len(after.history) == len(before.history) + 1
    final = states[-1]
    assert final.is_over and final.legal_actions() == ()
    assert takes == Counter({seat: 9 for seat in range(players)})
    assert all(len(p.tableau) == 9 for p in final.players)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAMES)
def test_same_seed_and_actions_give_equal_states(game: tuple[int, int, bool]) -> None:
    players, seed, tight = game
    first = play_randomly(start(players, seed, tight), random.Random(seed))[-1]
    again = start(players, seed, tight)
    for action in first.history:
        again = again.apply(action)
    assert again == first


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAMES, st.integers(0, 10**6))
def test_json_and_record_round_trips(game: tuple[int, int, bool], pick: int) -> None:
    players, seed, tight = game
    states = play_randomly(start(players, seed, tight), random.Random(seed))
    rules = states[0].rules
    for state in (states[pick % len(states)], states[-1]):
        assert cc.loads(cc.dumps(state), rules=rules) == state
        assert cc.replay(state.record(), rules=rules) == state
        view = state.view(pick % players)
        assert cc.loads(cc.dumps(view), rules=rules) == view


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAMES, st.integers(0, 10**6))
def test_an_illegal_action_changes_nothing(game: tuple[int, int, bool], pick: int) -> None:
    players, seed, tight = game
    rng = random.Random(seed)
    states = play_randomly(start(players, seed, tight), rng)
    state = states[pick % (len(states) - 1)]
    before = cc.dumps(state)
    action = some_illegal_action(state, rng)
    with pytest.raises(cc.IllegalAction):
        state.apply(action)
    assert cc.dumps(state) == before


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAMES, st.integers(0, 10**6))
def test_a_saved_state_plays_on_exactly_like_the_original(game: tuple[int, int, bool], pick: int) -> None:
    players, seed, tight = game
    states = play_randomly(start(players, seed, tight), random.Random(seed))
    middle = states[pick % len(states)]
    loaded = cc.loads(cc.dumps(middle), rules=middle.rules)
    rest_rng = random.Random(pick)
    a, b = middle, loaded
    while not a.is_over:
        action = rest_rng.choice(a.legal_actions())
        a, b = a.apply(action), b.apply(action)
    assert a == b


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAMES)
def test_keys_move_only_as_the_lock_rules_say(game: tuple[int, int, bool]) -> None:
    """A key waits only on a face-up lock card, gets there when it is bought, leaves when it is opened, once;
    at most one lock is opened per turn; keys never go negative."""
    players, seed, _ = game
    states = play_randomly(start(players, seed, True), random.Random(seed))
    locks = {i for i, card in enumerate(states[0].rules.cards) if card.lock}
    opened_this_turn = 0
    for before, after in itertools.pairwise(states):
        action = after.history[-1]
        seat = before.current_player
        for s, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
            assert new.keys >= 0
            assert all(not c.key or (not c.face_down and c.card in locks) for c in new.tableau)
            # A key on a card never comes back once it has left.
            assert all(not n.key or o.key for o, n in zip(old.tableau, new.tableau, strict=False))
            added = new.keys_on_cards - old.keys_on_cards
            if s != seat:
                assert added == 0
            elif isinstance(action, cc.Take) and not action.face_down and before.engine.ids[action.card] in locks:
                assert added == 1
            elif isinstance(action, cc.Unlock):
                assert added == -1
            else:
                assert added == 0
        opened_this_turn += isinstance(action, cc.Unlock)
        assert opened_this_turn <= 1, "two locks opened in one turn"
        if after.current_player != seat:
            opened_this_turn = 0


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAMES)
def test_keys_on_cards_score_as_keys(game: tuple[int, int, bool]) -> None:
    players, seed, _ = game
    final = play_randomly(start(players, seed, True), random.Random(seed))[-1]
    for player, sheet in zip(final.players, final.scores(), strict=True):
        assert sheet.keys == player.keys + player.keys_on_cards


def test_tight_rules_really_reshuffle_and_exhaust() -> None:
    """The tight card set does what it is for (otherwise the properties above would miss those rules)."""
    reshuffled = exhausted = 0
    for seed in range(30):
        final = play_randomly(start(2 + seed % 4, seed, True), random.Random(seed))[-1]
        reshuffled += bool(final.origin and final.origin.reshuffles)
        exhausted += bool(final.exhausted_locations)
    assert reshuffled > 5 and exhausted > 5


def test_tight_rules_really_open_locks_discard_rows_and_copy() -> None:
    """Random play on the tight set meets every lock decision (otherwise the properties would miss them)."""
    seen: Counter[type] = Counter()
    for seed in range(30):
        final = play_randomly(start(2 + seed % 4, seed, True), random.Random(seed))[-1]
        seen.update(type(action) for action in final.history)
    assert all(seen[kind] > 3 for kind in (cc.Unlock, cc.Pass, cc.DiscardRow, cc.Activate)), seen


def test_tight_rules_really_pile_up_gold_in_rows_and_hand_it_to_takers() -> None:
    """Random play on the tight set puts gold on cards in the rows and takes such cards with gold on them."""
    piled = taken_with_gold = 0
    for seed in range(20):
        states = play_randomly(start(2 + seed % 4, seed, True), random.Random(seed))
        for before, after in itertools.pairwise(states):
            piled += any(gold > 1 for _, gold in after.row_gold)
            action = after.history[-1]
            if isinstance(action, cc.Take) and before.gold_in_row(action.card):
                taken_with_gold += 1
                assert after.gold_in_row(action.card) == 0
                if action.face_down:  # no ability: the face-down gold and the pile, exactly
                    seat = before.current_player
                    gained = after.players[seat].gold - before.players[seat].gold
                    assert gained == 6 + before.gold_in_row(action.card)
    assert piled > 20 and taken_with_gold > 20
