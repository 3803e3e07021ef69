"""An effect on one player of the owner's choice (a fan construct): "take 2 gold from an opponent of your choice".

Rulings: the candidates are the group's players (opponents, or neighbours) who meet the effect's condition
when it resolves, in turn order from the owner's left. With none nothing happens and nothing is asked; with
exactly one the effect is on them at once, unasked (so with two players it is the one opponent); with two or
more the owner is asked (the decision ``ChoosePlayer``, answered ``Choose(k)``: the k-th candidate). Gold and
keys never go below 0: a take or a loss takes what the player has, as it does for each opponent.
"""

from __future__ import annotations

import json

import pytest
from engine_kit import C, balanced, card, game, ruleset, seat_with, take, with_seat

import castle_combo as cc
from castle_combo.adapters.encoding import ActionSpace
from castle_combo.engine import decisions
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m
from castle_combo.records.narration import narrate, option_text


def _card(text: str) -> m.Card:
    (parsed,) = parse_text(f'card "Bandit" {{ deck village cost 0 shields military when bought: {text} }}')
    return parsed


def _table(text: str, players: int = 4, **seats: dict[str, int]) -> tuple[cc.Ruleset, cc.GameState]:
    """Seat 0 is about to buy the Bandit (whose ability is ``text``); ``seat1={"gold": 3}`` sets a seat."""
    rules = ruleset(_card(text))
    state = game(rules, village=["Bandit"], players=players)
    for name, changes in seats.items():
        state = with_seat(state, int(name.removeprefix("seat")), **changes)
    return rules, state


def _gold(state: cc.GameState) -> list[int]:
    return [p.gold for p in state.players]


def test_the_phrases_read_write_and_say_the_same_thing() -> None:
    for text, english in [
        ("take 2 gold from an opponent of your choice",
         "Take 2 gold from an opponent of your choice (never more than they have)."),
        ("an opponent of your choice loses 1 key", "An opponent of your choice loses 1 key (never more than they have)."),
        ("take 2 gold from an opponent of your choice with more gold than you",
         "Take 2 gold from an opponent of your choice who has more gold than you do (never more than they have)."),
        ("a neighbour of your choice gains 1 gold", "A neighbour of your choice gains 1 gold."),
        ("give 1 key to a neighbor of your choice", "Give 1 key to a neighbour of your choice (never more than you have)."),
    ]:
        parsed = _card(text)
        (effect,) = parsed.ability
        assert isinstance(effect, m.EachPlayer) and effect.chosen
        assert parse_text(format_card(parsed)) == (parsed,)
        assert effect.describe() == english


def test_a_condition_after_the_effect_about_them_narrows_the_choice() -> None:
    effect = _card("take 1 key from an opponent of your choice if they have more keys than you").ability[0]
    assert isinstance(effect, m.EachPlayer) and effect.chosen and effect.condition is not None
    assert format_card(_card("take 1 key from an opponent of your choice if they have more keys than you")).count(
        "an opponent of your choice with more keys than you") == 1


@pytest.mark.parametrize(("text", "message"), [
    ("take 1 gold from an opponent of your choice with more gold than you all at once",
     "you pick one player, and 'all at once' judges several players together"),
    ("a player of your choice gains 1 gold", "you pick one of your opponents or of your neighbours, never yourself"),
])
def test_what_makes_no_sense_with_a_player_of_your_choice_is_refused(text: str, message: str) -> None:
    with pytest.raises(cc.CardValidationError, match=message):
        _card(text)


def test_it_asks_so_a_trigger_cannot_hold_it() -> None:
    with pytest.raises(cc.CardValidationError, match="cannot happen at the start of a turn"):
        parse_text('card "E" { deck village cost 3 shields nobility at the start of your turn: take 1 gold from an '
                   "opponent of your choice }")


def test_with_several_opponents_the_owner_is_asked_and_the_chosen_one_pays() -> None:
    _, state = _table("take 2 gold from an opponent of your choice")
    state = state.apply(take("Bandit"))
    assert state.pending is not None and state.pending.decision == decisions.ChoosePlayer((1, 2, 3))
    assert state.legal_actions() == (cc.Choose(1), cc.Choose(2), cc.Choose(3))
    after = state.apply(cc.Choose(2))
    assert after.pending is None and _gold(after) == [17, 15, 13, 15]


def test_with_two_players_it_is_the_one_opponent_and_nothing_is_asked() -> None:
    _, state = _table("take 2 gold from an opponent of your choice", players=2)
    after = state.apply(take("Bandit"))
    assert after.pending is None and _gold(after) == [17, 13]


def test_with_exactly_one_opponent_meeting_the_condition_it_is_them_unasked() -> None:
    _, state = _table("take 2 gold from an opponent of your choice with more gold than you", seat2={"gold": 20})
    after = state.apply(take("Bandit"))
    assert after.pending is None and _gold(after) == [17, 15, 18, 15]


def test_with_no_opponent_meeting_the_condition_nothing_happens_and_nothing_is_asked() -> None:
    _, state = _table("take 2 gold from an opponent of your choice with more gold than you")
    after = state.apply(take("Bandit"))
    assert after.pending is None and _gold(after) == [15, 15, 15, 15]


def test_only_the_opponents_meeting_the_condition_are_offered() -> None:
    _, state = _table("an opponent of your choice with more gold than you loses 3 gold",
                      seat1={"gold": 16}, seat3={"gold": 30})
    state = state.apply(take("Bandit"))
    assert state.pending is not None and state.pending.decision == decisions.ChoosePlayer((1, 3))
    assert _gold(state.apply(cc.Choose(2))) == [15, 16, 15, 27]


def test_a_neighbour_of_your_choice_offers_only_the_neighbours() -> None:
    _, state = _table("a neighbour of your choice gains 1 key")
    state = state.apply(take("Bandit"))
    assert state.pending is not None and state.pending.decision == decisions.ChoosePlayer((1, 3))


def test_taking_never_takes_more_than_the_chosen_player_has() -> None:
    _, state = _table("take 3 key from an opponent of your choice", seat1={"keys": 1})
    after = state.apply(take("Bandit")).apply(cc.Choose(1))
    assert [p.keys for p in after.players][:2] == [after.players[0].keys, 0]
    assert after.players[0].keys == state.players[0].keys + 1


def test_a_loss_never_goes_below_zero() -> None:
    _, state = _table("an opponent of your choice loses 2 key", players=2, seat1={"keys": 1})
    after = state.apply(take("Bandit"))
    assert after.players[1].keys == 0


def test_an_amount_per_count_reads_the_chosen_players_tableau() -> None:
    rules = ruleset(_card("take 1 gold per faith shield in their tableau from an opponent of your choice"),
                    card("Nun", C, shields=(m.Shield.FAITH,)), card("Monk", C, shields=(m.Shield.FAITH,)))
    state = seat_with(game(rules, village=["Bandit"], players=3), 2, [("Nun", 0, 0), ("Monk", 1, 0)])
    after = state.apply(take("Bandit")).apply(cc.Choose(2))
    assert _gold(after) == [17, 15, 13]


def test_a_wrong_answer_is_refused_with_the_candidates() -> None:
    _, state = _table("take 2 gold from an opponent of your choice", players=3)
    state = state.apply(take("Bandit"))
    with pytest.raises(cc.IllegalAction, match=r"players 1 to 2 \(seats 1, 2\); there is no player 3"):
        state.apply(cc.Choose(3))


def test_a_save_waiting_for_the_player_round_trips_and_a_tampered_candidate_list_is_refused() -> None:
    rules, state = _table("take 2 gold from an opponent of your choice", players=3)
    state = balanced(state).apply(take("Bandit"))
    assert cc.loads(cc.dumps(state), rules=rules) == state
    data = json.loads(cc.dumps(state))
    assert data["pending"]["decision"] == {"kind": "player", "candidates": [1, 2]}
    data["pending"]["decision"]["candidates"] = [2, 1]
    with pytest.raises(cc.RecordError, match="is not the question this position asks"):
        cc.loads(data, rules=rules)
    with pytest.raises(cc.RecordError, match="expected a list of two or more distinct seats"):
        decisions.decision_from_json({"kind": "player", "candidates": [1]})


def test_the_narration_names_the_chosen_player() -> None:
    _, state = _table("take 2 gold from an opponent of your choice", players=3)
    state = state.apply(take("Bandit"))
    assert option_text(state) == ["seat 1", "seat 2"]
    said = narrate(state, cc.Choose(2), state.apply(cc.Choose(2)), names=["Ann", "Bob", "Cy"])
    assert said.startswith("Ann chooses Cy, gains 2 gold") and "Cy loses 2 gold" in said


def test_the_rl_encoding_has_an_answer_for_every_opponent() -> None:
    rules, state = _table("take 2 gold from an opponent of your choice", players=5)
    space = ActionSpace(rules, players=5)
    assert space.choices == 4
    state = state.apply(take("Bandit"))
    assert [space.decode(i) for i in space.legal(state)] == [cc.Choose(k) for k in range(1, 5)]


def test_the_terminal_game_reads_the_answer_by_its_number() -> None:
    from castle_combo.cli._play_input import parse_input

    _, state = _table("take 2 gold from an opponent of your choice", players=3)
    state = state.apply(take("Bandit"))
    assert parse_input("choose 2", state.legal_actions()).action == cc.Choose(2)
    assert parse_input("2", state.legal_actions()).action == cc.Choose(2)


def _algebra_games(seeds: range) -> int:
    """Plays random rulesets of the language's parts against the reference engine; how many players were chosen."""
    import random

    from differential import play_and_compare, random_ruleset

    asked = 0
    for seed in seeds:
        rng = random.Random(seed)
        players = 3 + seed % 3
        rules = random_ruleset(rng, players, algebra=True)
        asked += any(isinstance(n, m.EachPlayer) and n.chosen for c in rules.cards for n in m.walk(c))
        play_and_compare(rules, players, seed, ("uniform", "buyer", "keys")[seed % 3], first_player=seed % players)
    return asked


def test_random_rulesets_with_players_of_your_choice_agree_with_the_reference_engine() -> None:
    assert _algebra_games(range(1000, 1012)) >= 6  # most of these rulesets print one


def test_the_differential_catches_a_choice_that_ignores_the_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    from differential import Mismatch

    from castle_combo.engine.abilities import PlayerStep

    def first(self: PlayerStep, work: object, seat: int, action: cc.Action) -> None:
        index = work.frames[-1].index  # type: ignore[attr-defined]
        self._on(work, seat, index, self.candidates(work, seat, index)[0])  # type: ignore[arg-type]

    monkeypatch.setattr(PlayerStep, "answer", first)
    with pytest.raises(Mismatch):
        _algebra_games(range(1000, 1012))


def test_choose_k_numbers_only_the_players_who_may_be_chosen_from_the_owners_left() -> None:
    # As the reference says: the k-th of those who may be chosen, not the k-th seat.
    _, state = _table("a neighbour of your choice gains 1 key")
    state = state.apply(take("Bandit"))
    with pytest.raises(cc.IllegalAction, match=r"players 1 to 2 \(seats 1, 3\); there is no player 3"):
        state.apply(cc.Choose(3))
    after = state.apply(cc.Choose(2))
    assert [p.keys for p in after.players][1:] == [state.players[1].keys, state.players[2].keys,
                                                   state.players[3].keys + 1]
