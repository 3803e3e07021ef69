"""Stored gold moved between players' purse cards (a fan construct, Dominion's Thief): the Poacher's
"move up to 2 gold from a neighbour's purse card to one of your purse cards".

Rulings: a neighbour is the player on your left or right, your choice (with two players, your opponent);
exactly one of their face-up purse cards and one of yours; the gold moved is the smallest of the card's
number, the gold on their card and the room on yours; with no stored gold of theirs or no purse card of
yours with room, nothing happens; the gold never goes to a supply; only stored gold moves, never a
player's own gold; moved gold scores for the card it then lies on. The pair of cards is one question
(``ChooseGoldMove``, answered ``Choose(k)``), asked only with two or more pairs.
"""

from __future__ import annotations

import json
import random

import pytest
from engine_kit import balanced, game, one, ruleset, seat_with, standard_with, take_favouring
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import castle_combo as cc
from castle_combo.adapters.encoding import ActionSpace
from castle_combo.engine import decisions
from castle_combo.engine.state import recounted
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m
from castle_combo.records.narration import narrate, option_text

_STANDARD = {c.name: c for c in cc.Ruleset.standard().cards}
_FACTS = "deck village   cost 2   shields military   messenger"
POACHER = "move up to 2 gold from a neighbour's purse card to one of your purse cards"


def _rules(text: str = POACHER) -> cc.Ruleset:
    poacher = one("Poacher", f"when bought: {text}", _FACTS)
    purses = [_STANDARD[n] for n in ("Beekeeper", "Vicar", "Farmhand", "Queen Mother", "Innkeeper", "Bishop")
              if n in _STANDARD]
    return ruleset(poacher, *purses)


def _table(text: str = POACHER, players: int = 2, **seats: dict[str, int]) -> cc.GameState:
    """Seat 0 is about to buy the Poacher (its ability ``text``); ``seat1={"Beekeeper": 4}`` lays seat 1's purse
    cards (in that order, left to right) holding that gold."""
    state = game(_rules(text), village=["Poacher"], players=players)
    for name, cards in seats.items():
        seat = int(name.removeprefix("seat"))
        state = seat_with(state, seat, [(card, x, 0) for x, card in enumerate(cards)])
        state = _stored(state, seat, cards)
    return state


def _stored(state: cc.GameState, seat: int, gold: dict[str, int]) -> cc.GameState:
    player = state.players[seat]
    cells = tuple(c._replace(gold=gold.get(state.engine.name(c.card), c.gold)) for c in player.tableau)
    players = list(state.players)
    players[seat] = recounted(player.replace(tableau=cells), state.engine)
    return state.replace(players=tuple(players))


def _buy(state: cc.GameState) -> cc.GameState:
    spot = state.players[state.current_player].spots[0]
    return state.apply(cc.Take("Poacher", spot))


def _gold_on(state: cc.GameState) -> list[dict[str, int]]:
    return [{state.engine.name(c.card): c.gold for c in p.tableau if state.engine.facts[c.card].purse is not None}
            for p in state.players]


# ---------------------------------------------------------------- the words


@pytest.mark.parametrize(("text", "english"), [
    (POACHER, "Move up to 2 gold stored on one of the face-up purse cards of a neighbour of your choice onto one of "
              "your face-up purse cards (your choice of the player and of both cards; the smallest of 2, the gold on "
              "their card and the room on yours, never past its capacity; nothing if no card of theirs holds gold or "
              "none of yours has room; the gold never goes to a supply)."),
    ("move up to 1 gold from an opponent's purse card to one of your purse cards",
     "Move up to 1 gold stored on one of the face-up purse cards of an opponent of your choice onto one of your "
     "face-up purse cards (your choice of the player and of both cards; the smallest of 1, the gold on their card "
     "and the room on yours, never past its capacity; nothing if no card of theirs holds gold or none of yours has "
     "room; the gold never goes to a supply)."),
    ("move up to 2 gold from each opponent's purse card to one of your purse cards",
     "Move up to 2 gold stored on one of the face-up purse cards of each opponent in turn from your left onto one of "
     "your face-up purse cards (one move for each of them; your choice of both cards each time; the smallest of 2, "
     "the gold on their card and the room on yours, never past its capacity; nothing if no card of theirs holds "
     "gold or none of yours has room; the gold never goes to a supply)."),
    ("move up to 2 gold from your right neighbour's purse card to one of your purse cards",
     "Move up to 2 gold stored on one of your right neighbour's face-up purse cards onto one of your face-up purse "
     "cards (your choice of both cards; the smallest of 2, the gold on their card and the room on yours, never past "
     "its capacity; nothing if no card of theirs holds gold or none of yours has room; the gold never goes to a "
     "supply)."),
    ("move up to 3 gold between your purse cards",
     "Move up to 3 gold from one of your face-up purse cards onto another of them (your choice of both; the "
     "smallest of 3, the gold on the first card and the room on the other, never past its capacity; nothing if "
     "none holds gold or none other has room)."),
])
def test_the_phrases_read_write_back_and_say_the_rulings(text: str, english: str) -> None:
    (card,) = parse_text(f'card "Poacher" {{ {_FACTS} when bought: {text} }}')
    (effect,) = card.ability
    assert isinstance(effect, m.MoveGold)
    assert effect.ccl() == text and effect.describe() == english
    assert parse_text(format_card(card)) == (card,)


def test_the_american_spelling_the_curly_apostrophe_and_the_plural_read_the_same() -> None:
    (card,) = parse_text(f'card "P" {{ {_FACTS} when bought: move up to 2 gold from a neighbor’s purse cards to one '
                         "of your purse card }")
    assert card.ability == (m.MoveGold(2, m.PlayerGroup.NEIGHBOURS),)


@pytest.mark.parametrize(("text", "message"), [
    ("move up to 2 gold from a player's purse card to one of your purse cards",
     "gold moved from a player's purse card could leave your own"),
    ("move up to 2 gold from each player's purse card to one of your purse cards",
     "gold moved from a player's purse card could leave your own"),
    ("move up to 25 gold between your purse cards", "the gold moved is 25"),
    ("move up to 0 gold from an opponent's purse card to one of your purse cards", "the gold moved is 0"),
])
def test_what_means_nothing_is_refused_with_the_fix(text: str, message: str) -> None:
    with pytest.raises(cc.CardValidationError, match=message):
        parse_text(f'card "P" {{ {_FACTS} when bought: {text} }}')


def test_each_of_one_player_built_in_python_is_refused() -> None:
    for effect in (m.MoveGold(2, m.PlayerGroup.LEFT, each=True), m.MoveGold(2, None, each=True)):
        (problem,) = effect.problems()
        assert "'each' goes round several players" in problem.message


def test_it_asks_so_a_trigger_between_turns_cannot_hold_it() -> None:
    with pytest.raises(cc.CardValidationError, match="cannot happen at the start of a turn"):
        parse_text(f'card "P" {{ {_FACTS} at the start of your turn: {POACHER} }}')


# ---------------------------------------------------------------- the fan's examples


def test_the_neighbours_beekeeper_holding_4_gives_2_to_your_vicar_holding_2() -> None:
    state = _table(seat0={"Vicar": 2}, seat1={"Beekeeper": 4})
    after = _buy(state)
    assert after.pending is None
    assert _gold_on(after) == [{"Vicar": 4}, {"Beekeeper": 2}]
    # only stored gold moved: the buyer paid the Poacher's 2 gold, the neighbour's own gold is untouched
    assert [p.gold for p in after.players] == [state.players[0].gold - 2, state.players[1].gold]


def test_a_purse_card_with_room_for_1_receives_only_1() -> None:
    after = _buy(_table(seat0={"Farmhand": 4}, seat1={"Queen Mother": 4}))
    assert _gold_on(after) == [{"Farmhand": 5}, {"Queen Mother": 3}]


def test_a_card_holding_less_than_the_number_gives_what_it_holds() -> None:
    after = _buy(_table(seat0={"Vicar": 0}, seat1={"Beekeeper": 1}))
    assert _gold_on(after) == [{"Vicar": 1}, {"Beekeeper": 0}]


def test_without_stored_gold_of_theirs_nothing_happens_and_nothing_is_asked() -> None:
    state = _table(seat0={"Vicar": 0, "Farmhand": 0}, seat1={"Beekeeper": 0})
    state = state.replace(players=(state.players[0], state.players[1].replace(gold=20)))
    after = _buy(state)
    assert after.pending is None and _gold_on(after) == [{"Vicar": 0, "Farmhand": 0}, {"Beekeeper": 0}]
    assert after.players[1].gold == 20  # their unstored gold is never taken


def test_without_a_purse_card_of_yours_with_room_nothing_happens() -> None:
    after = _buy(_table(seat0={"Vicar": 5}, seat1={"Beekeeper": 6}))
    assert after.pending is None and _gold_on(after) == [{"Vicar": 5}, {"Beekeeper": 6}]


def test_without_a_purse_card_of_yours_nothing_happens() -> None:
    after = _buy(_table(seat1={"Beekeeper": 6}))
    assert after.pending is None and _gold_on(after) == [{}, {"Beekeeper": 6}]


def test_a_face_down_purse_card_neither_gives_nor_receives() -> None:
    state = _table(seat1={"Beekeeper": 4})
    state = seat_with(state, 0, [("Vicar", 0, 0, True)])
    after = _buy(state)
    assert after.pending is None and _gold_on(after)[1] == {"Beekeeper": 4}


# ---------------------------------------------------------------- the question


def test_with_two_pairs_the_owner_picks_the_pair_and_the_amount_follows_from_it() -> None:
    state = _buy(_table(seat0={"Vicar": 2, "Farmhand": 4}, seat1={"Beekeeper": 4}))
    assert state.pending is not None
    assert state.pending.decision == decisions.ChooseGoldMove(((1, 0, 0, 2), (1, 0, 1, 1)))
    assert state.legal_actions() == (cc.Choose(1), cc.Choose(2))
    assert option_text(state) == ["2 gold from Beekeeper (seat 1) to Vicar", "1 gold from Beekeeper (seat 1) to Farmhand"]
    after = state.apply(cc.Choose(2))
    assert after.pending is None and _gold_on(after) == [{"Vicar": 2, "Farmhand": 5}, {"Beekeeper": 3}]
    line = narrate(state, cc.Choose(2), after, ["Ann", "Bob"])
    assert "Ann moves 1 gold from Bob's Beekeeper to Farmhand" in line


def test_a_neighbour_is_either_side_and_the_pair_names_whose_card() -> None:
    state = _buy(_table(players=4, seat0={"Vicar": 0}, seat1={"Beekeeper": 3}, seat2={"Farmhand": 3},
                        seat3={"Queen Mother": 1}))
    assert state.pending is not None
    # the left neighbour (seat 1) first, then the right one (seat 3); seat 2 is no neighbour
    assert state.pending.decision == decisions.ChooseGoldMove(((1, 0, 0, 2), (3, 0, 0, 1)))
    after = state.apply(cc.Choose(2))
    assert _gold_on(after) == [{"Vicar": 1}, {"Beekeeper": 3}, {"Farmhand": 3}, {"Queen Mother": 0}]


def test_an_opponent_may_be_any_other_player() -> None:
    state = _buy(_table("move up to 2 gold from an opponent's purse card to one of your purse cards", players=4,
                        seat0={"Vicar": 0}, seat1={"Beekeeper": 0}, seat2={"Farmhand": 3}, seat3={"Queen Mother": 0}))
    assert state.pending is None  # one pair: no question
    assert _gold_on(state)[:3] == [{"Vicar": 2}, {"Beekeeper": 0}, {"Farmhand": 1}]


def test_your_left_neighbour_is_never_the_right_one() -> None:
    after = _buy(_table("move up to 2 gold from your left neighbour's purse card to one of your purse cards",
                        players=3, seat0={"Vicar": 0}, seat1={"Beekeeper": 0}, seat2={"Farmhand": 3}))
    assert after.pending is None and _gold_on(after)[0] == {"Vicar": 0}


def test_each_opponent_gives_one_move_each_in_turn_from_the_left() -> None:
    state = _buy(_table("move up to 2 gold from each opponent's purse card to one of your purse cards", players=3,
                        seat0={"Vicar": 1, "Farmhand": 0}, seat1={"Beekeeper": 5}, seat2={"Queen Mother": 3}))
    assert state.pending is not None
    assert state.pending.decision == decisions.ChooseGoldMove(((1, 0, 0, 2), (1, 0, 1, 2)))
    state = state.apply(cc.Choose(1))  # Vicar 3 now: room 2
    assert state.pending is not None
    assert state.pending.decision == decisions.ChooseGoldMove(((2, 0, 0, 2), (2, 0, 1, 2)))
    after = state.apply(cc.Choose(2))
    assert after.pending is None
    assert _gold_on(after) == [{"Vicar": 3, "Farmhand": 2}, {"Beekeeper": 3}, {"Queen Mother": 1}]


def test_each_opponent_with_one_pair_moves_unasked_and_the_next_is_asked() -> None:
    state = _buy(_table("move up to 2 gold from each opponent's purse card to one of your purse cards", players=3,
                        seat0={"Vicar": 4, "Farmhand": 5}, seat1={"Beekeeper": 5}, seat2={"Queen Mother": 3}))
    # seat 1: one pair (only the Vicar has room, 1): moved unasked; then seat 2 has no pair left
    assert state.pending is None
    assert _gold_on(state) == [{"Vicar": 5, "Farmhand": 5}, {"Beekeeper": 4}, {"Queen Mother": 3}]


def test_between_your_purse_cards_never_moves_a_card_onto_itself() -> None:
    state = _buy(_table("move up to 3 gold between your purse cards", seat0={"Vicar": 4, "Farmhand": 1},
                        seat1={"Beekeeper": 9}))
    assert state.pending is not None
    assert state.pending.decision == decisions.ChooseGoldMove(((0, 0, 1, 3), (0, 1, 0, 1)))
    assert option_text(state) == ["3 gold from Vicar to Farmhand", "1 gold from Farmhand to Vicar"]
    after = state.apply(cc.Choose(1))
    assert _gold_on(after) == [{"Vicar": 1, "Farmhand": 4}, {"Beekeeper": 9}]


def _points(state: cc.GameState, seat: int, name: str) -> int:
    sheet = state.provisional_scores()[seat]
    return next(points for names, row in zip(sheet.names, sheet.cards, strict=True)
                for card, points in zip(names, row, strict=True) if card == name)


def test_moved_gold_scores_for_the_card_it_lies_on() -> None:
    # No unstored gold left to fill purses with: the cards score the gold stored on them (2 per gold each).
    state = _table(seat0={"Vicar": 2}, seat1={"Beekeeper": 4})
    state = state.replace(players=(state.players[0].replace(gold=0), state.players[1].replace(gold=0)))
    assert (_points(state, 0, "Vicar"), _points(state, 1, "Beekeeper")) == (4, 8)
    after = _buy(state.replace(players=(state.players[0].replace(gold=2), state.players[1])))  # pays 2, has 0
    assert (_points(after, 0, "Vicar"), _points(after, 1, "Beekeeper")) == (8, 4)


def test_a_wrong_answer_is_refused_naming_the_moves() -> None:
    state = _buy(_table(seat0={"Vicar": 2, "Farmhand": 4}, seat1={"Beekeeper": 4}))
    with pytest.raises(cc.IllegalAction, match="offers moves 1 to 2; there is no move 3"):
        state.apply(cc.Choose(3))


# ---------------------------------------------------------------- saves, the record, the bots


def test_a_save_between_the_questions_of_each_opponent_round_trips() -> None:
    state = _table("move up to 2 gold from each opponent's purse card to one of your purse cards", players=3,
                   seat0={"Vicar": 1, "Farmhand": 0}, seat1={"Beekeeper": 5, "Innkeeper": 0},
                   seat2={"Queen Mother": 3, "v5": 0})
    state = balanced(state)  # two cards each: seat 0 to play
    rules = state.rules
    state = _buy(state).apply(cc.Choose(1))
    data = json.loads(cc.dumps(state))
    assert data["pending"]["decision"] == {"kind": "gold_move", "candidates": [[2, 0, 0, 2], [2, 0, 1, 2]]}
    loaded = cc.loads(cc.dumps(state), rules=rules)
    assert loaded == state
    assert _gold_on(loaded.apply(cc.Choose(1)))[0] == {"Vicar": 5, "Farmhand": 0}


def test_a_save_naming_another_pair_than_the_position_asks_is_refused() -> None:
    state = balanced(_table(seat0={"Vicar": 2, "Farmhand": 4}, seat1={"Beekeeper": 4, "Innkeeper": 0}))
    rules = state.rules
    data = json.loads(cc.dumps(_buy(state)))
    data["pending"]["decision"]["candidates"] = [[1, 0, 0, 3], [1, 0, 1, 1]]
    with pytest.raises(cc.RecordError, match="is not the question this position asks"):
        cc.loads(data, rules=rules)


@pytest.mark.parametrize("value", [[[1, 0, 0, 2]], [[1, 0, 0, 0], [1, 0, 1, 1]], [[1, 0, 0, 2], [1, 0, 0, 1]],
                                   "moves", [[1, 0, 2], [1, 0, 3]]])
def test_a_malformed_saved_move_is_refused_naming_the_field(value: object) -> None:
    with pytest.raises(cc.RecordError, match=r"\.candidates: expected two or more distinct"):
        decisions.decision_from_json({"kind": "gold_move", "candidates": value})


def test_the_rl_encoding_answers_every_pair_the_ruleset_can_offer() -> None:
    state = _buy(_table(seat0={"Vicar": 2, "Farmhand": 4}, seat1={"Beekeeper": 4}))
    space = ActionSpace(state.rules, players=2)
    assert decisions.ChooseGoldMove in space.kinds and decisions.ChooseGoldMove not in ActionSpace(players=2).kinds
    # five purse cards in this ruleset: at most 2 of yours with room times 3 of theirs with gold (or 3 times 2)
    assert space.choices == 6
    assert [space.decode(i) for i in space.legal(state)] == [cc.Choose(1), cc.Choose(2)]


def test_the_terminal_game_reads_the_answer_by_its_number() -> None:
    from castle_combo.cli._play_input import parse_input

    state = _buy(_table(seat0={"Vicar": 2, "Farmhand": 4}, seat1={"Beekeeper": 4}))
    assert parse_input("2", state.legal_actions()).action == cc.Choose(2)


@pytest.mark.parametrize("bot", ["greedy", "mcts"])
def test_the_bots_answer_the_pair(bot: str) -> None:
    from castle_combo.bots import GreedyAgent, MctsAgent

    state = _buy(_table(seat0={"Vicar": 2, "Farmhand": 4}, seat1={"Beekeeper": 4}))
    agent = GreedyAgent() if bot == "greedy" else MctsAgent(iterations=30)
    assert agent.choose(state.view(0), random.Random(0)) in state.legal_actions()


#: The moving cards of the random games, of both decks, one for each form.
_MOVERS = {
    "Poacher": (POACHER, _FACTS),
    "Thief": ("move up to 3 gold from each opponent's purse card to one of your purse cards", _FACTS),
    "Tidier": ("move up to 3 gold between your purse cards", "deck castle   cost 1   shields faith   purse 4"),
    "Footpad": ("move up to 2 gold from an opponent's purse card to one of your purse cards",
                "deck castle   cost 2   shields military"),
    "Cutpurse": ("move up to 1 gold from your left neighbour's purse card to one of your purse cards",
                 "deck village   cost 1   shields peasantry   purse 3"),
    "Fence": ("move up to 2 gold from each neighbour's purse card to one of your purse cards",
              "deck castle   cost 3   shields nobility   purse 5"),
}


def test_random_games_with_the_moves_keep_every_coin_and_every_capacity() -> None:
    rules = standard_with(_MOVERS)
    asked = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = cc.new_game(players=2 + seed % 3, rules=rules, seed=seed)
        while not state.is_over:
            action = take_favouring(state, state.legal_actions(), rng, _MOVERS)
            after = state.apply(action)
            if state.pending is not None and isinstance(state.pending.decision, decisions.ChooseGoldMove):
                asked += 1
                stored = sum(p.stored_gold for p in state.players)
                assert sum(p.stored_gold for p in after.players) == stored
                assert [p.gold for p in after.players] == [p.gold for p in state.players]
            for p in after.players:
                for c in p.tableau:
                    assert 0 <= c.gold <= (after.engine.facts[c.card].purse or 0)
            state = after
    assert asked > 0


_FAN = standard_with(_MOVERS)
_SPACES: dict[int, ActionSpace] = {}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 5), st.integers(0, 2**32 - 1))
def test_random_play_with_the_moves_keeps_every_invariant_and_round_trips(players: int, seed: int) -> None:
    """Random games of the standard cards with a moving card of each form, purse cards and movers bought first: aggregates never drift, no capacity is passed, a move changes no
    one's supply and no total of stored gold, a save taken at any question plays on alike, and the RL encoding
    has an answer for every pair offered."""
    rng = random.Random(seed)
    state = cc.new_game(players=players, rules=_FAN, seed=seed, first_player=seed % players)
    while not state.is_over:
        legal = state.legal_actions()
        action = take_favouring(state, legal, rng, _MOVERS)
        after = state.apply(action)
        assert all(p == recounted(p, after.engine) for p in after.players), "incremental aggregates drifted"
        assert all(0 <= c.gold <= (after.engine.facts[c.card].purse or 0) for p in after.players for c in p.tableau)
        if state.pending is not None and isinstance(state.pending.decision, decisions.ChooseGoldMove):
            assert [p.gold for p in after.players] == [p.gold for p in state.players]
            assert sum(p.stored_gold for p in after.players) == sum(p.stored_gold for p in state.players)
            loaded = cc.loads(cc.dumps(state), rules=_FAN)
            assert loaded == state and loaded.apply(action) == after
            space = _SPACES.setdefault(players, ActionSpace(_FAN, players=players))
            assert [space.decode(space.encode(a)) for a in legal] == list(legal)
        state = after
