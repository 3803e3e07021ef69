"""A seat's view hides the deck order on every surface (fields, ``dumps``, ``record``).

Secrets leak through side doors in other engines (undo stacks, logs,
initial-state copies, serialized views), so the test builds two games whose
decks differ only below what has been revealed, plays the same public moves
in both, and checks that everything a view exposes is identical.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import castle_combo as cc

MOVES = 16
OUBLIETTE = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")


def twin_games(seed: int, players: int, rules: cc.Ruleset | None = None) -> tuple[cc.GameState, cc.GameState]:
    """Two games with the same public history but different hidden deck orders."""
    first = cc.new_game(players=players, seed=seed, rules=rules)
    rng = random.Random(seed)
    state = first
    for _ in range(MOVES):
        legal = state.legal_actions()
        opens = [a for a in legal if isinstance(a, cc.Unlock)]
        state = state.apply(opens[0] if opens else rng.choice(legal))
    record = state.record()
    decks = {}
    for deck, loc in zip(("castle", "village"), state.locations, strict=True):
        order = list(record["decks"][deck])
        hidden = len(loc.deck)
        bottom = order[len(order) - hidden :]
        rng.shuffle(bottom)
        decks[deck] = order[: len(order) - hidden] + bottom[::-1]
    other = cc.new_game(players=players, decks=decks, seed=seed + 1, rules=rules)
    for action in state.history:
        other = other.apply(action)
    assert other.location(cc.Deck.CASTLE).deck != state.location(cc.Deck.CASTLE).deck
    return state, other


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 5)])
def test_views_of_games_differing_only_in_hidden_order_are_identical(seed: int, players: int) -> None:
    a, b = twin_games(seed, players)
    for seat in range(players):
        va, vb = a.view(seat), b.view(seat)
        assert va == vb
        assert cc.dumps(va) == cc.dumps(vb)
        assert va.record() == vb.record()
        assert repr(va) == repr(vb)
        assert va._asdict() == vb._asdict()
        assert va.legal_actions() == vb.legal_actions()


def test_a_view_keeps_everything_public() -> None:
    a, _ = twin_games(4, 3)
    view = a.view(2)
    assert view.players == a.players
    assert view.history == a.history
    assert view.pending == a.pending and view.messenger is a.messenger
    for deck in cc.Deck:
        assert view.row(deck) == a.row(deck)
        assert view.discard_pile(deck) == a.discard_pile(deck)
        assert view.deck_size(deck) == a.deck_size(deck)
        assert sorted(view.location(deck).deck) == sorted(a.location(deck).deck)


def test_a_views_record_has_no_decks_seed_or_reshuffles_and_cannot_be_replayed() -> None:
    a, _ = twin_games(5, 2)
    record = a.view(0).record()
    assert not {"decks", "seed", "reshuffles"} & set(record)
    assert record["actions"] == [x.to_json() for x in a.history]
    with pytest.raises(cc.RecordError, match="public record"):
        cc.replay(record)


def test_a_view_cannot_be_played_on_but_its_determinization_can() -> None:
    a, _ = twin_games(6, 2)
    view = a.view(a.current_player)
    with pytest.raises(cc.IllegalAction, match="determinize"):
        view.apply(view.legal_actions()[0])
    full = view.determinize(random.Random(1))
    assert full.viewer is None and full.legal_actions() == a.legal_actions()
    assert full.players == a.players and full.history == a.history
    full.apply(full.legal_actions()[-1])


def test_determinize_depends_only_on_the_view_and_the_generator() -> None:
    a, b = twin_games(7, 4)
    assert a.view(1).determinize(random.Random(9)) == b.view(1).determinize(random.Random(9))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 5), st.booleans())
def test_no_surface_of_a_view_depends_on_the_hidden_deck_order(seed: int, players: int, expansion: bool) -> None:
    """With the expansion too: keys on cards, pending lock decisions and discarded rows are public."""
    a, b = twin_games(seed, players, OUBLIETTE if expansion else None)
    seat = seed % players
    va, vb = a.view(seat), b.view(seat)
    assert (va, cc.dumps(va), va.record(), repr(va)) == (vb, cc.dumps(vb), vb.record(), repr(vb))


def test_states_and_views_pickle_and_a_view_stays_a_view() -> None:
    """States travel to worker processes; a pickled view still hides the deck order."""
    import pickle
    import random

    state = cc.new_game(players=3, seed=11)
    rng = random.Random(11)
    for _ in range(10):
        state = state.apply(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.legal_actions() == state.legal_actions()
    assert copy.apply(copy.legal_actions()[0]) == state.apply(state.legal_actions()[0])
    view = pickle.loads(pickle.dumps(state.view(1)))
    assert view == state.view(1) and view.viewer == 1 and view.origin is None and view.rng == 0
    with pytest.raises(cc.IllegalAction, match="view"):
        view.apply(view.legal_actions()[0])
