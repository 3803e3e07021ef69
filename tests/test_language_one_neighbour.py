"""One neighbour's tableau as a place: "in your left neighbour's tableau", "in your right neighbour's tableau".

Ruling: the left neighbour is the player after you in turn order, the right neighbour the one before you (as for
"your left neighbour gains 1 gold"). In a game of two both are the one opponent; alone, there is no such tableau
and the count is 0. Like "in a neighbour's tableau" it counts whole tableaux (face-down cards included), in an
ability and in a scoring rule; a player's keys and gold take no such scope.
"""

from __future__ import annotations

import pytest
from engine_kit import V, card, game, ruleset, seat_with, take

import castle_combo as cc
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m

FD = "face-down"


def _card(text: str, name: str = "Gossip") -> m.Card:
    (parsed,) = parse_text(f'card "{name}" {{ deck village cost 0 shields peasantry {text} }}')
    assert parse_text(format_card(parsed)) == (parsed,)
    return parsed


@pytest.mark.parametrize(("text", "scope", "english"), [
    ("score 1 per faith shield in your left neighbour's tableau", m.Scope.LEFT_NEIGHBOUR,
     "Score 1 per faith shield in your left neighbour's tableau."),
    ("score 1 per faith shield in your right neighbor’s tableau", m.Scope.RIGHT_NEIGHBOUR,
     "Score 1 per faith shield in your right neighbour's tableau."),
    ("score 1 per card in your left neighbour's tableau", m.Scope.LEFT_NEIGHBOUR,
     "Score 1 per card in your left neighbour's tableau (face-down cards included)."),
])
def test_one_neighbours_tableau_is_a_place_of_a_count(text: str, scope: m.Scope, english: str) -> None:
    (rule,) = _card(text).scoring
    assert isinstance(rule, m.ScorePer) and rule.per.scope is scope
    assert rule.describe() == english


def test_a_condition_reads_the_neighbours_tableau_as_its_subject() -> None:
    (rule,) = _card("score 5 if no faith shield in your left neighbour's tableau").scoring
    assert rule.describe() == "Score 5 if your left neighbour's tableau has no faith shield."


def test_the_formatter_writes_the_side_back() -> None:
    text = "when bought: gain 1 gold per faith shield in your right neighbour's tableau"
    assert f"    {text}\n" in format_card(_card(text))


def test_keys_take_no_neighbours_tableau() -> None:
    with pytest.raises(cc.CardValidationError, match="'key' takes no scope"):
        _card("score 1 per key in your left neighbour's tableau")


def _scores(text: str, opponents: list[list[list[str]]]) -> int:
    gossip = _card(text)
    rules = cc.Ruleset.from_cards([*cc.Ruleset.standard().cards, gossip], check=False)
    mine = [["Gossip", FD, FD], [FD] * 3, [FD] * 3]
    return cc.score_tableau(mine, rules=rules, opponents=opponents).cards[0][0]


LEFT = [["Nun", "Monk", FD], [FD] * 3, [FD] * 3]      # 2 faith shields
RIGHT = [["Scribe", FD, FD], [FD] * 3, [FD] * 3]      # 1
MIDDLE = [["Vicar", "Chaplain", "Miraculously Cured"], [FD] * 3, [FD] * 3]  # 4


def test_the_left_neighbour_is_the_next_player_and_the_right_the_one_before() -> None:
    # The opponents are listed from your left: the first is your left neighbour, the last your right one.
    assert _scores("score 1 per faith shield in your left neighbour's tableau", [LEFT, MIDDLE, RIGHT]) == 2
    assert _scores("score 1 per faith shield in your right neighbour's tableau", [LEFT, MIDDLE, RIGHT]) == 1


def test_in_a_game_of_two_both_sides_are_the_one_opponent() -> None:
    assert _scores("score 1 per faith shield in your left neighbour's tableau", [MIDDLE]) == 4
    assert _scores("score 1 per faith shield in your right neighbour's tableau", [MIDDLE]) == 4


def test_alone_there_is_no_neighbour_and_the_count_is_zero() -> None:
    assert _scores("score 1 per faith shield in your left neighbour's tableau", []) == 0


def test_an_ability_counts_the_neighbours_tableau_as_it_is() -> None:
    gossip = _card("when bought: gain 1 gold per faith shield in your left neighbour's tableau")
    nun, monk, vicar = (card(name, V, 0, (m.Shield.FAITH,)) for name in ("Nun", "Monk", "Vicar"))
    state = game(ruleset(gossip, nun, monk, vicar), village=["Gossip"], players=3)
    state = seat_with(state, 1, [("Nun", 0, 0), ("Monk", 1, 0)])       # left of seat 0: 2 faith shields
    state = seat_with(state, 2, [("Vicar", 0, 0)])                     # right: 1
    gold = state.players[0].gold
    assert state.apply(take("Gossip")).players[0].gold == gold + 2


def test_an_ability_counts_the_right_neighbour_as_the_player_before_you() -> None:
    gossip = _card("when bought: gain 1 gold per faith shield in your right neighbour's tableau")
    nun, monk, vicar = (card(name, V, 0, (m.Shield.FAITH,)) for name in ("Nun", "Monk", "Vicar"))
    state = game(ruleset(gossip, nun, monk, vicar), village=["Gossip"], players=3)
    state = seat_with(state, 1, [("Nun", 0, 0), ("Monk", 1, 0)])
    state = seat_with(state, 2, [("Vicar", 0, 0)])
    gold = state.players[0].gold
    assert state.apply(take("Gossip")).players[0].gold == gold + 1
