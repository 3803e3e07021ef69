"""The engine's core API: setup, legal actions, apply, end of game, views."""

from __future__ import annotations

import pickle
import random

import pytest
from engine_kit import V, card, game, ruleset, take

import castle_combo as cc
from castle_combo.language.model import Deck

RULES = ruleset(card("Nun", V, cost=3), card("Jester", V, cost=1), card("Vicar", V, cost=0))


def random_game(players: int, seed: int, rules: cc.Ruleset = RULES) -> cc.GameState:
    state = cc.new_game(players=players, seed=seed, rules=rules)
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_setup_gives_15_gold_and_2_keys_and_puts_the_messenger_at_the_village() -> None:
    state = cc.new_game(players=3, seed=1, rules=RULES)
    assert [(p.gold, p.keys) for p in state.players] == [(15, 2)] * 3
    assert state.messenger is Deck.VILLAGE
    assert state.current_player == 0 and state.turn == 1
    assert all(len(state.row(d)) == 3 for d in Deck)
    assert state.deck_size(Deck.CASTLE) == 30 - 3


def test_first_player_starts() -> None:
    assert cc.new_game(players=4, seed=1, rules=RULES, first_player=2).current_player == 2


def test_same_seed_gives_the_same_game() -> None:
    assert cc.new_game(players=2, seed=5, rules=RULES) == cc.new_game(players=2, seed=5, rules=RULES)
    assert cc.new_game(players=2, seed=5, rules=RULES) != cc.new_game(players=2, seed=6, rules=RULES)


def test_legal_actions_order_keys_then_takes_face_up_before_face_down() -> None:
    state = game(RULES, village=["Nun", "Jester", "Vicar"])
    actions = state.legal_actions()
    assert actions[:2] == (cc.UseKey(cc.KeyUse.MOVE), cc.UseKey(cc.KeyUse.REFRESH))
    assert actions[2:] == (
        take("Nun"), take("Nun", face_down=True),
        take("Jester"), take("Jester", face_down=True),
        take("Vicar"), take("Vicar", face_down=True),
    )


def test_apply_returns_a_new_state_and_leaves_the_old_one_untouched() -> None:
    state = game(RULES, village=["Nun"])
    before = cc.dumps(state), pickle.dumps(state)
    after = state.apply(take("Nun"))
    assert (cc.dumps(state), pickle.dumps(state)) == before
    assert after.players[0].gold == 12 and after.current_player == 1


def test_illegal_action_says_why_and_changes_nothing() -> None:
    state = game(RULES, village=["Nun"])
    poor = state.replace(players=(state.players[0].replace(gold=2), state.players[1]), engine=state.engine)
    with pytest.raises(cc.IllegalAction, match="Nun costs 3 after discounts, you have 2 gold"):
        poor.apply(take("Nun"))
    assert poor.players[0].gold == 2
    with pytest.raises(cc.IllegalAction, match="not in the village row"):
        state.apply(take("c0"))
    with pytest.raises(cc.IllegalAction, match="not a legal position"):
        state.apply(take("Nun", 1, 0))


def test_game_ends_after_nine_cards_each_and_scores_every_seat() -> None:
    for players in range(2, 6):
        state = random_game(players, seed=players)
        assert state.is_over and state.legal_actions() == ()
        assert all(len(p.tableau) == 9 for p in state.players)
        assert len(state.scores()) == players


def test_scores_of_an_unfinished_game_raise_game_not_over() -> None:
    state = cc.new_game(players=2, seed=1, rules=RULES)
    with pytest.raises(cc.GameNotOver, match="provisional_scores"):
        state.scores()
    assert len(state.provisional_scores()) == 2


def test_view_hides_deck_order_and_determinize_restores_a_playable_state() -> None:
    state = cc.new_game(players=2, seed=1, rules=RULES)
    view = state.view(1)
    assert view.viewer == 1 and view.origin is None and view.rng == 0
    assert sorted(view.location(Deck.CASTLE).deck) == list(view.location(Deck.CASTLE).deck)
    with pytest.raises(cc.IllegalAction, match="determinize"):
        view.apply(view.legal_actions()[0])
    full = view.determinize(random.Random(3))
    assert full.viewer is None
    assert sorted(full.location(Deck.CASTLE).deck) == sorted(state.location(Deck.CASTLE).deck)
    assert full.apply(full.legal_actions()[-1]).taken == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 1}, "players must be a number from 2 to 5"),
        ({"players": 6}, "players must be a number from 2 to 5"),
        ({"players": 3, "first_player": 3}, "first_player must be a seat from 0 to 2"),
        ({"seed": "seven"}, "seed must be an integer"),
    ],
)
def test_new_game_refuses_bad_arguments(kwargs: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(cc.CastleComboError, match=message):
        cc.new_game(rules=RULES, **kwargs)


def test_new_game_refuses_a_ruleset_too_small_for_the_players() -> None:
    small = ruleset(castle=12, village=12)
    cc.new_game(players=2, seed=1, rules=small)
    with pytest.raises(cc.RulesetError, match="a 3-player game needs at least 33"):
        cc.new_game(players=3, seed=1, rules=small)


def test_new_game_with_fixed_decks_uses_them_top_first() -> None:
    rules = RULES
    castle = [c.name for c in rules.deck(Deck.CASTLE)][::-1]
    village = [c.name for c in rules.deck(Deck.VILLAGE)]
    state = cc.new_game(players=2, rules=rules, decks={"castle": castle, "village": village})
    assert [c.name for c in state.row(Deck.CASTLE)] == castle[:3]
    assert state.origin is not None and state.origin.seed == 0


def test_the_standard_ruleset_is_the_default_and_deals_two_decks_of_39() -> None:
    state = cc.new_game(players=2, seed=1)
    assert state.rules is cc.Ruleset.standard()
    assert state.deck_size(Deck.CASTLE) == state.deck_size(Deck.VILLAGE) == 39 - 3


def test_a_game_without_a_seed_draws_one_and_keeps_it_for_its_record() -> None:
    state = cc.new_game(players=2, rules=RULES)
    assert state.origin is not None
    assert cc.replay(state.record(), rules=RULES) == state


def test_result_names_the_winners_and_how_the_win_was_decided() -> None:
    state = random_game(3, seed=11)
    result = state.result()
    best = max(s.total for s in result.scores)
    assert all(result.scores[w].total == best for w in result.winners)
    assert result.decided_by in {"score", "gold", "shared"}
    with pytest.raises(cc.GameNotOver):
        cc.new_game(players=2, seed=1, rules=RULES).result()


def test_view_of_a_seat_that_does_not_exist_is_an_error() -> None:
    with pytest.raises(cc.CastleComboError, match="seat must be from 0 to 1"):
        cc.new_game(players=2, seed=1, rules=RULES).view(2)


def test_accessors_show_the_public_table() -> None:
    state = game(RULES, village=["Nun", "Jester", "Vicar"]).apply(take("Nun"))
    assert [t.card.name for t in state.tableau(0)] == ["Nun"] and state.tableau(0)[0].at == (0, 0)
    assert state.pending is None and state.pending_card is None
    assert state.exhausted_locations == () and not state.is_exhausted(Deck.CASTLE)
    assert state.history == (take("Nun"),) and state.turn == 2


@pytest.mark.parametrize(("inner", "public"), [("seats", "players"), ("places", "locations")])
def test_replace_names_the_public_field_for_the_states_inner_tuples(inner: str, public: str) -> None:
    """``state._fields`` shows the plain tuples the state keeps inside; ``replace`` takes the public fields."""
    state = cc.new_game(players=2, seed=1)
    with pytest.raises(TypeError, match=f"'{inner}' is how the state keeps them inside; replace '{public}'"):
        state.replace(**{inner: getattr(state, public)})
    with pytest.raises(TypeError, match="a GameState has no field 'nonsense' to replace; its fields: rules, players"):
        state.replace(nonsense=1)
