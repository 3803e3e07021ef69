"""A chosen shield, named by its owner when buying the card (the Masked Stranger; a fan construct).

``shields chosen``: when its owner buys the card face up they name a shield type (``Choose(1..6)`` in the
rulebook's order), before its ability when bought, and the shield is of that type for the rest of the game, in
every count (abilities, conditions, other players' cards, scoring). Taken face down it is never asked; turned face
up later it is not asked either, and its shield counts as a shield of no type, also at the end.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from engine_kit import card_points, game, one, ruleset, take, to_the_end

import castle_combo as cc
from castle_combo.bots.registry import make_agent
from castle_combo.engine import decisions
from castle_combo.errors import CardProblems, RecordError
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m
from castle_combo.records import serialize
from castle_combo.records.narration import narrate

VILLAGE = "deck village   cost 0   shields chosen"
FAITH, MILITARY = 2, 4  # the answers naming faith and military (rulebook order, from 1)


def _stranger(body: str = "when bought: gain 1 gold per faith shield", name: str = "Masked Stranger") -> m.Card:
    return one(name, body, VILLAGE)


def _table(*cards: m.Card, top: tuple[str, ...] = ("Masked Stranger",), players: int = 2) -> cc.GameState:
    return game(ruleset(*cards), village=[*top, "v1", "v2", "v3", "v4"], players=players)


@pytest.mark.parametrize(("text", "english"), [
    ("shields chosen", "Shield: chosen."),
    ("shields military chosen", "Shields: military, chosen."),
    ("shields wild chosen", "Shields: wild, chosen."),
])
def test_a_chosen_shield_is_written_beside_the_others_and_formats_back(text: str, english: str) -> None:
    (card,) = parse_text(f'card "Masked Stranger" {{ deck village cost 3 {text} }}')
    assert card.chosen == 1
    assert parse_text(format_card(card)) == (card,)
    lines = card.describe().splitlines()
    assert english in lines
    assert ("Chosen shield: when you buy this card face up, name a shield type; it is a shield of that type for the "
            "rest of the game.") in lines


@pytest.mark.parametrize(("text", "message"), [
    ("shields chosen chosen", "a card has at most one chosen shield"),
    ("shields faith faith military chosen", "the chosen shield is one of the card's shields, and a card has at "
                                            "most 3 shields"),
])
def test_two_chosen_shields_or_a_fourth_shield_are_refused_with_the_fix(text: str, message: str) -> None:
    with pytest.raises(CardProblems) as caught:
        parse_text(f'card "X" {{ deck village cost 3 {text} }}')
    assert message in str(caught.value)
    assert "hint:" in str(caught.value)


def test_the_buyer_names_the_type_before_the_ability_when_bought_which_counts_it() -> None:
    state = _table(_stranger()).apply(take("Masked Stranger"))
    assert state.pending is not None and isinstance(state.pending.decision, decisions.NameShield)
    assert state.legal_actions() == tuple(cc.Choose(k) for k in range(1, 7))
    gold = state.players[0].gold
    after = state.apply(cc.Choose(FAITH))
    assert after.players[0].gold == gold + 1  # its own shield, named faith, counted at once
    assert after.players[0].tableau[0].shield == 1
    assert after.players[0].shields == (0, 1, 0, 0, 0, 0)


def test_a_card_with_only_a_chosen_shield_and_no_ability_still_asks() -> None:
    state = _table(_stranger("score 1 per military shield")).apply(take("Masked Stranger"))
    assert isinstance(state.pending.decision, decisions.NameShield)
    after = state.apply(cc.Choose(MILITARY))
    assert after.players[0].shields == (0, 0, 0, 1, 0, 0)
    assert after.pending is None and after.current_player == 1


def test_a_named_shield_counts_for_other_players_cards_and_at_the_end() -> None:
    spy = one("Spy", "score 2 per military shield in a neighbour's tableau", "deck village   cost 0   shields faith")
    stranger = _stranger("score 1 per military shield")
    state = _table(stranger, spy, top=("Masked Stranger", "Spy"))
    state = state.apply(take("Masked Stranger")).apply(cc.Choose(MILITARY))
    state = to_the_end(state.apply(take("Spy")))
    assert card_points(state, 0, "Masked Stranger") == 1
    assert card_points(state, 1, "Spy") == 2


def test_a_named_shield_passes_a_filter_on_its_type_and_no_other() -> None:
    judge = one("Judge", "when bought: gain 3 gold if a scholarship shield",
                "deck village   cost 0   shields nobility")
    for answer, gained in ((3, 3), (FAITH, 0)):
        state = _table(_stranger(""), judge, top=("Masked Stranger", "Judge"))
        state = state.apply(take("Masked Stranger")).apply(cc.Choose(answer))
        state = state.apply(take("v1", face_down=True))
        gold = state.players[0].gold
        state = state.apply(take("Judge", 1, 0))
        assert state.players[0].gold - gold == gained


def test_a_card_taken_face_down_is_never_asked() -> None:
    state = _table(_stranger()).apply(take("Masked Stranger", face_down=True))
    assert state.pending is None and state.current_player == 1
    assert state.players[0].tableau[0].shield == -1


def test_turned_face_up_later_it_is_not_asked_and_its_shield_has_no_type() -> None:
    turner = one("Turner", "when bought: turn a face-down card face up and use its ability",
                 "deck village   cost 0   shields nobility")
    state = _table(_stranger(), turner, top=("Masked Stranger", "Turner"))
    state = state.apply(take("Masked Stranger", face_down=True)).apply(take("v1", face_down=True))
    gold = state.players[0].gold
    state = state.apply(take("Turner", 1, 0))
    while state.pending is not None:
        assert not isinstance(state.pending.decision, decisions.NameShield)
        state = state.apply(state.legal_actions()[0])
    tableau = state.players[0].tableau
    assert not tableau[0].face_down and tableau[0].shield == -1
    assert state.players[0].shields == (1, 0, 0, 0, 0, 0)  # the Turner's nobility; the chosen one of no type
    assert state.players[0].gold == gold  # "gain 1 gold per faith shield": none


def test_a_copy_of_its_ability_names_nothing() -> None:
    copier = one("Copier", "when bought: use the ability of an adjacent card", "deck village   cost 0   shields faith")
    state = _table(_stranger(), copier, top=("Masked Stranger", "Copier"))
    state = state.apply(take("Masked Stranger")).apply(cc.Choose(FAITH)).apply(take("v1", face_down=True))
    state = state.apply(take("Copier", 1, 0))
    seen = []
    while state.pending is not None:
        seen.append(type(state.pending.decision))
        state = state.apply(state.legal_actions()[0])
    assert decisions.NameShield not in seen
    assert state.players[0].tableau[0].shield == 1


def test_the_named_shield_is_saved_and_loaded_and_left_out_when_unset() -> None:
    state = _table(_stranger()).apply(take("Masked Stranger")).apply(cc.Choose(FAITH))
    text = serialize.dumps(state)
    (cell,) = json.loads(text)["state"]["players"][0]["tableau"] if "state" in json.loads(text) else (None,)
    assert '"shield": "faith"' in text
    assert serialize.loads(text, rules=state.rules) == state
    down = _table(_stranger()).apply(take("Masked Stranger", face_down=True))
    assert '"shield"' not in serialize.dumps(down)
    assert cell is None or cell["shield"] == "faith"


def test_a_save_naming_a_shield_for_a_card_without_a_chosen_shield_is_refused() -> None:
    state = _table(_stranger(), one("Monk", "", "deck village   cost 0   shields faith"),
                   top=("Monk", "Masked Stranger")).apply(take("Monk"))
    text = serialize.dumps(state).replace('"card": "Monk", "x": 0, "y": 0, "face_down": false, "gold": 0, '
                                          '"key": false', '"card": "Monk", "x": 0, "y": 0, "face_down": false, '
                                          '"gold": 0, "key": false, "shield": "faith"')
    assert '"shield": "faith"' in text
    with pytest.raises(RecordError, match="Monk has no chosen shield, so no shield type is named for it"):
        serialize.loads(text, rules=state.rules)


def test_a_save_of_a_pending_name_and_its_replay_are_the_game() -> None:
    rules = ruleset(_stranger())
    state = game(rules, village=["Masked Stranger", "v1", "v2"]).apply(take("Masked Stranger"))
    assert serialize.loads(serialize.dumps(state), rules=rules) == state
    done = state.apply(cc.Choose(FAITH))
    assert cc.replay(done.record(), rules=rules) == done


def test_the_narration_says_the_type_named() -> None:
    before = _table(_stranger()).apply(take("Masked Stranger"))
    after = before.apply(cc.Choose(FAITH))
    assert narrate(before, cc.Choose(FAITH), after).startswith("seat 0 names faith for the Masked Stranger")


def test_a_swap_moves_the_named_shield_with_the_card() -> None:
    swapper = one("Swapper", "when bought: swap two cards of your tableau", "deck village   cost 0   shields faith")
    state = _table(_stranger(""), swapper, top=("Masked Stranger", "Swapper"))
    state = state.apply(take("Masked Stranger")).apply(cc.Choose(MILITARY)).apply(take("v1", face_down=True))
    state = state.apply(take("Swapper", 1, 0))
    while state.pending is not None:
        state = state.apply(state.legal_actions()[-1])
    cell = state.players[0].tableau[0]
    assert cell.shield == 3 and state.players[0].shields[3] == 1


@pytest.mark.parametrize("seed", range(3))
def test_bots_answer_the_name_and_play_games_with_chosen_shields_to_the_end(seed: int) -> None:
    cards = [_stranger(name=f"Masked Stranger {k}") for k in range(24)]
    rules = ruleset(*cards, castle=30, village=30)
    rng = random.Random(seed)
    state = cc.new_game(players=2 + seed, seed=seed, rules=rules)
    agents = [make_agent("random"), make_agent("greedy"), make_agent("random"), make_agent("mcts:8")]
    named = 0
    while not state.is_over:
        named += state.pending is not None and isinstance(state.pending.decision, decisions.NameShield)
        state = state.apply(agents[state.to_act].choose(state.view(state.to_act), rng))
    assert named > 0
    assert cc.replay(state.record(), rules=rules) == state
    assert serialize.loads(serialize.dumps(state), rules=rules) == state


def test_the_rl_space_encodes_the_six_answers_and_the_question_only_where_a_card_asks_it() -> None:
    pytest.importorskip("numpy", reason="the RL observation needs the rl extra (numpy)")
    from castle_combo.adapters.encoding import ActionSpace

    rules = ruleset(_stranger())
    state = game(rules, village=["Masked Stranger", "v1", "v2"]).apply(take("Masked Stranger"))
    space = ActionSpace(rules, 2)
    assert sorted(space.legal(state)) == sorted(space.encode(a) for a in state.legal_actions())
    assert len(space.legal(state)) == 6
    assert space.observe(state, 0).shape == (space.observation_size,)
    plain = ActionSpace(cc.Ruleset.standard(), 2)
    assert decisions.NameShield in space.kinds and decisions.NameShield not in plain.kinds
    # The base game's decision places never change as fan constructs add kinds of question of their own.
    assert [kind.__name__ for kind in plain.kinds] == [
        "ChooseOption", "DiscardCard", "ChooseRow", "ChooseAdjacent", "OpenLockOrPass", "AcceptOrDecline",
        "ChooseFaceDown", "ChooseTimes", "ChooseNeighbourCard", "ChooseSwap", "ChoosePlayer", "OwedChoice"]


def test_the_state_text_and_the_pictures_show_the_type_named() -> None:
    state = _table(_stranger()).apply(take("Masked Stranger")).apply(cc.Choose(FAITH))
    assert state.tableau(0)[0].shield is m.Shield.FAITH
    assert "Masked Stranger (faith)" in str(state)
    from castle_combo import pictures

    assert "<title>chosen shield</title>" in pictures.card(_stranger())
    cell = pictures.Cell(_stranger(), 0, 0, shield="faith")
    assert "<title>faith (chosen) shield</title>" in pictures.tableau([cell])


def test_the_terminal_game_offers_the_six_types_by_name() -> None:
    from castle_combo.cli._play_session import decision_words

    state = _table(_stranger()).apply(take("Masked Stranger"))
    assert decision_words(state, state.legal_actions()) == [
        "1 choose: nobility", "2 choose: faith", "3 choose: scholarship", "4 choose: military",
        "5 choose: craftsmanship", "6 choose: peasantry"]
    owed = state.pending.decision.owed(state, "Masked Stranger")
    assert owed == ("name the type of Masked Stranger's chosen shield (1 nobility, 2 faith, 3 scholarship, "
                    "4 military, 5 craftsmanship, 6 peasantry)")


# ---------------------------------------------------------------- score scenarios
GRID = [["Masked Stranger", "Knight", "Squire"], ["face-down"] * 3, ["face-down"] * 3]
COUNTER = one("Drillmaster", "score 2 per military shield", "deck castle   cost 0   shields nobility")


def test_a_score_scenario_names_the_chosen_shield_by_card_name_and_it_counts_as_that_type() -> None:
    rules = ruleset(_stranger("score 1"), COUNTER)
    grid = [["Masked Stranger", "Drillmaster", "face-down"], ["face-down"] * 3, ["face-down"] * 3]
    named = cc.score_tableau(grid, rules=rules, chosen={"Masked Stranger": "military"})
    unnamed = cc.score_tableau(grid, rules=rules)
    assert named.total - unnamed.total == 2  # the Drillmaster's 2 per military shield sees one more
    from castle_combo.engine.scoring import score_scenario

    as_json = score_scenario({"grid": grid, "chosen": {"Masked Stranger": "military"}}, rules)
    assert as_json.total == named.total


@pytest.mark.parametrize(("chosen", "message"), [
    ({"Masked Stranger": "gold"}, "$.chosen['Masked Stranger']: expected a shield type"),
    ({"Drillmaster": "faith"}, "$.chosen['Drillmaster']: Drillmaster has no chosen shield"),
    ({"v1": "faith"}, "$.chosen['v1']: v1 is not face up in the grid"),
    (["faith"], "$.chosen: expected an object"),
])
def test_a_scenario_naming_a_shield_wrongly_is_refused_with_the_place(chosen: object, message: str) -> None:
    from castle_combo.engine.scoring import score_scenario

    rules = ruleset(_stranger("score 1"), COUNTER)
    grid = [["Masked Stranger", "Drillmaster", "face-down"], ["face-down"] * 3, ["face-down"] * 3]
    with pytest.raises(cc.ScenarioError, match=re.escape(message)):
        score_scenario({"grid": grid, "chosen": chosen}, rules)


def test_an_opponent_in_a_scenario_names_their_chosen_shield_too() -> None:
    reader = one("Watcher", "score 1 per military shield in your opponents' tableaux",
                 "deck castle   cost 0   shields nobility")
    rules = ruleset(_stranger("score 1"), reader)
    mine = [["Watcher", "face-down", "face-down"], ["face-down"] * 3, ["face-down"] * 3]
    theirs = [["Masked Stranger", "face-down", "face-down"], ["face-down"] * 3, ["face-down"] * 3]
    from castle_combo.engine.scoring import score_scenario

    named = score_scenario({"grid": mine, "opponents": [{"grid": theirs, "chosen": {"Masked Stranger": "military"}}]},
                           rules)
    plain = score_scenario({"grid": mine, "opponents": [{"grid": theirs}]}, rules)
    assert named.total - plain.total == 1
