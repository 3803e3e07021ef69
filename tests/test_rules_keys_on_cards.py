"""Keys locked on cards: `put 2 keys on this card`, `key on this card`, `key on your cards`, `card holding a key`.

An effect may lock some of its owner's keys on its card. The keys come from
the owner's spendable keys (with fewer, all of them are put; a key still
waiting on a lock card is not spendable and stays there). Locked keys are no
longer the owner's: they are not counted as keys owned, compared, spent,
lost, taken or counted for ties and for the score sheet's keys; only the
counts of keys on cards see them. The Jailer: at the end of the game its
owner may lock up to 3 keys on it and it scores 3 per key on it.
"""

from __future__ import annotations

import json

import pytest
from engine_kit import card_points, game, one, ruleset, take, to_the_end, with_seat

import castle_combo as cc
from castle_combo.language.formatter import format_card

VILLAGE = "deck village   cost 0   shields nobility"
JAILER = "at the end of the game: you may put 1 key on this card up to 3 times\n    score 3 per key on this card"
VAULT = "when bought: put 2 keys on this card\n    score 2 per key on this card"


def _vault(keys: int | None = None) -> tuple[cc.Ruleset, cc.GameState]:
    """The Vault taken by seat 0 with ``keys`` keys (None: the 2 keys of the start, and a save keeps its history)."""
    rules = ruleset(one("Vault", VAULT, VILLAGE))
    state = game(rules, village=["Vault"])
    if keys is not None:
        state = with_seat(state, 0, keys=keys)
    return rules, state.apply(take("Vault"))


def test_putting_keys_on_this_card_moves_them_from_the_owners_keys_to_the_card() -> None:
    _, state = _vault(5)
    (vault,) = state.players[0].tableau
    assert vault.keys == 2
    assert state.players[0].keys == 3


def test_with_fewer_keys_than_asked_every_key_the_owner_has_is_locked() -> None:
    _, state = _vault(1)
    assert state.players[0].tableau[0].keys == 1
    assert state.players[0].keys == 0
    _, none = _vault(0)
    assert none.players[0].tableau[0].keys == 0


def test_locked_keys_are_not_the_owners_keys_on_the_score_sheet_nor_for_counts_of_keys() -> None:
    rules = ruleset(one("Vault", VAULT, VILLAGE),
                    one("Templar", "score 1 per key", VILLAGE))
    state = with_seat(game(rules, village=["Vault", "Templar"]), 0, keys=4)
    state = state.apply(take("Vault")).apply(take("v0", 0, 0, True)).apply(take("Templar", 1, 0))
    final = to_the_end(state)
    sheet = final.scores()[0]
    owned = final.players[0].keys
    assert sheet.keys == owned  # the 2 locked keys are not counted as the owner's
    assert card_points(final, 0, "Templar") == owned
    assert card_points(final, 0, "Vault") == 2 * 2


def test_the_jailer_may_lock_up_to_3_keys_at_the_end_of_the_game_and_scores_3_per_key_on_it() -> None:
    rules = ruleset(one("Jailer", JAILER, VILLAGE))
    state = with_seat(game(rules, village=["Jailer"]).apply(take("Jailer")), 0, keys=5)
    end = to_the_end(state)
    assert end.legal_actions() == (cc.Times(0), cc.Times(1), cc.Times(2), cc.Times(3))
    locked, kept = end.apply(cc.Times(3)), end.apply(cc.Times(0))
    assert locked.is_over and kept.is_over
    assert card_points(locked, 0, "Jailer") == 9
    assert card_points(kept, 0, "Jailer") == 0
    assert locked.players[0].keys == end.players[0].keys - 3
    assert locked.scores()[0].keys == kept.scores()[0].keys - 3
    assert locked.scores()[0].total - kept.scores()[0].total == 9 - 3


def test_a_take_trigger_puts_a_key_on_this_card_each_time_a_faith_card_is_taken() -> None:
    rules = ruleset(one("Reliquary", "whenever you take a faith card: put 1 key on this card", VILLAGE),
                    one("Chapel", "", "deck village   cost 0   shields faith"))
    state = with_seat(game(rules, village=["Reliquary", "Chapel"]), 0, keys=3)
    state = state.apply(take("Reliquary")).apply(take("v0", 0, 0, True)).apply(take("Chapel", 1, 0))
    reliquary = next(c for c in state.players[0].tableau if c.keys)
    assert reliquary.keys == 1
    assert state.players[0].keys == 2


def test_key_on_your_cards_counts_the_keys_locked_on_every_card_and_holding_a_key_sees_them() -> None:
    rules = ruleset(one("Vault", VAULT, VILLAGE),
                    one("Warden", "score 1 per key on your cards\n    score 5 per card holding a key", VILLAGE))
    state = with_seat(game(rules, village=["Vault", "Warden"]), 0, keys=4)
    state = state.apply(take("Vault")).apply(take("v0", 0, 0, True)).apply(take("Warden", 1, 0))
    final = to_the_end(state)
    assert card_points(final, 0, "Warden") == 2 + 5


def test_a_save_keeps_the_keys_on_a_card_and_a_save_without_any_is_unchanged() -> None:
    rules, state = _vault()
    data = json.loads(cc.dumps(state))
    (vault,) = data["players"][0]["tableau"]
    assert vault["keys"] == 2
    assert cc.loads(cc.dumps(state), rules=rules) == state
    plain = state.apply(take("v0", 0, 0, True))
    assert all("keys" not in c for c in json.loads(cc.dumps(plain))["players"][1]["tableau"])
    vault["keys"] = "many"
    with pytest.raises(cc.RecordError, match="keys locked on the card"):
        cc.loads(data, rules=rules)


def test_a_save_with_keys_on_a_face_down_card_is_refused() -> None:
    rules, state = _vault()
    state = state.apply(take("v0", 0, 0, True)).apply(take("v1", 1, 0, True))
    data = json.loads(cc.dumps(state))
    hidden = next(c for c in data["players"][0]["tableau"] if c["face_down"])
    hidden["keys"] = 1
    with pytest.raises(cc.RecordError, match="keys are locked only on a face-up card"):
        cc.loads(data, rules=rules)


def test_the_game_record_replays_to_the_same_locked_keys() -> None:
    rules = ruleset(one("Jailer", JAILER, VILLAGE))
    state = game(rules, village=["Jailer"]).apply(take("Jailer"))
    final = to_the_end(state).apply(cc.Times(2))
    again = cc.replay(json.dumps(final.record()), rules=rules)
    assert again.scores() == final.scores()
    assert again.players[0].tableau == final.players[0].tableau


@pytest.mark.parametrize(("text", "english"), [
    ("when bought: put 2 keys on this card",
     "When bought face up: Lock 2 of your keys on this card (all you have if fewer; they are no longer yours)."),
    ("when bought: put 1 key on this card\n    score 2 per key on this card", "Score 2 per key locked on this card."),
    ("score 1 per key on your cards", "Score 1 per key locked on your cards."),
    ("score 1 per key on cards adjacent to this card", "Score 1 per key locked on the cards next to this one."),
    ("score 4 per card holding a key", "Score 4 per card holding a key in your tableau."),
])
def test_keys_on_cards_read_in_english_and_format_back_as_written(text: str, english: str) -> None:
    card = one("Keeper", text)
    assert english in card.describe()
    assert text in format_card(card)


@pytest.mark.parametrize(("text", "message"), [
    ("when bought: put 0 keys on this card", "the keys put on this card"),
    ("score 1 per key on this card in a neighbour's tableau", "'key on this card' is always the keys locked"),
    ("score 1 per key on this card", "the card counts 'key on this card' but none of its effects puts a key on it"),
    ("when bought: gain 1 gold per key on cards in the castle discard pile", "no key is ever locked on a card out"),
    ("when bought: put 1 key on this card\n    score 1 if more key on this card than each neighbour",
     "a neighbour has no such card"),
])
def test_keys_on_cards_where_they_mean_nothing_are_refused_with_the_place(text: str, message: str) -> None:
    with pytest.raises(cc.CardValidationError, match=message):
        one("Keeper", text)


def test_locking_up_to_3_keys_offers_only_as_many_times_as_the_owner_has_keys() -> None:
    rules = ruleset(one("Cell", "when bought: you may put 1 key on this card up to 3 times", VILLAGE))
    fresh = game(rules, village=["Cell"])
    one_key = with_seat(fresh, 0, keys=1).apply(take("Cell"))
    assert one_key.legal_actions() == (cc.Times(0), cc.Times(1))
    assert one_key.apply(cc.Times(1)).players[0].tableau[0].keys == 1
    assert with_seat(fresh, 0, keys=0).apply(take("Cell")).pending is None


def test_an_optional_lock_is_asked_only_when_the_owner_has_a_key() -> None:
    rules = ruleset(one("Strongbox", "when bought: you may put 2 keys on this card", VILLAGE))
    fresh = game(rules, village=["Strongbox"])
    asked = fresh.apply(take("Strongbox"))
    assert asked.legal_actions() == (cc.Choose(1), cc.Choose(2))
    assert asked.apply(cc.Choose(1)).players[0].tableau[0].keys == 2
    skipped = with_seat(fresh, 0, keys=0).apply(take("Strongbox"))
    assert skipped.pending is None


def test_keys_locked_on_a_card_show_in_the_rl_observation_and_the_base_layout_is_unchanged() -> None:
    pytest.importorskip("numpy", reason="the RL observation needs the rl extra (numpy)")
    from castle_combo.adapters.encoding import ActionSpace

    rules, state = _vault(5)
    space, plain = ActionSpace(rules, 2), ActionSpace(cc.Ruleset.standard(), 2)
    assert space._per_card == plain._per_card  # a locked key takes a value every card already had
    at = rules.names.index("Vault") * space._per_card + space._places + 4
    for seat in (0, 1):  # keys on a card are public: every seat sees them
        assert space.observe(state, seat)[at] == pytest.approx(2 / 10)
    seat0 = state.players[0]
    unlocked = state.replace(players=(seat0.replace(tableau=tuple(c._replace(keys=0) for c in seat0.tableau)),
                                      state.players[1]))
    assert space.observe(unlocked, 0)[at] == 0
