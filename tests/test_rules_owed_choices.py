"""A choice owed by another player (a fan construct): "each opponent chooses one: { ... } or { ... }".

Rulings (the rules page, "Choices other players owe"): the players of the group (who meet the condition
when their turn to answer comes) answer one after another, in turn order from the owner's left, in the
middle of the owner's turn; inside the options "that player" is the one choosing. Only the options that
player can pay for in full (every amount taken from them or lost by them) are offered: with two or more
they are asked (the decision ``OwedChoice``, answered ``Choose(k)`` with the card's option number k),
with one it happens at once, unasked, with none nothing happens for them. ``state.to_act`` is the seat
that must answer now; ``state.current_player`` stays the seat whose turn it is.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from engine_kit import game, ruleset, take, with_seat

import castle_combo as cc
from castle_combo.adapters.encoding import ActionSpace
from castle_combo.bots.registry import make_agent
from castle_combo.cli._play_session import decision_words
from castle_combo.engine import decisions
from castle_combo.errors import RecordError
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m
from castle_combo.records.narration import narrate

TAX = "each opponent chooses one: { take 1 gold from that player } or { take 1 key from that player }"


def _card(text: str, name: str = "Tax Collector") -> m.Card:
    (parsed,) = parse_text(f'card "{name}" {{ deck village cost 0 shields peasantry when bought: {text} }}')
    return parsed


def _table(text: str = TAX, players: int = 4) -> tuple[cc.Ruleset, cc.GameState]:
    """Seat 0 is about to take the card (whose ability is ``text``) from the village row."""
    rules = ruleset(_card(text))
    return rules, game(rules, village=["Tax Collector"], players=players)


def _supply(state: cc.GameState) -> list[tuple[int, int]]:
    return [(p.gold, p.keys) for p in state.players]


def test_the_phrase_reads_writes_and_says_the_same_thing() -> None:
    for text, english in [
        (TAX, "Each opponent chooses one, in turn from your left, among the options they can pay for (\"that player\" "
              "is the one choosing): (take 1 gold from that player (never more than they have)) or (take 1 key from "
              "that player (never more than they have))."),
        ("your left neighbour chooses one: { gain 2 gold } or { that player gains 1 key }",
         "Your left neighbour chooses one among the options they can pay for (\"that player\" is the one "
         "choosing): (gain 2 gold) or (that player gains 1 key)."),
        ("each neighbor with at least 3 gold chooses one: { take 2 gold from that player } or { give 1 key to that "
         "player then lose 1 gold }", None),
    ]:
        parsed = _card(text)
        (effect,) = parsed.ability
        assert isinstance(effect, m.PlayersChoose)
        assert parse_text(format_card(parsed)) == (parsed,)
        if english is not None:
            assert effect.describe() == english


def test_each_opponent_answers_in_turn_from_the_owners_left_during_the_owners_turn() -> None:
    _, state = _table()
    state = state.apply(take("Tax Collector"))
    asked = []
    while state.pending is not None and isinstance(state.pending.decision, decisions.OwedChoice):
        assert state.current_player == 0
        asked.append(state.to_act)
        assert state.pending.decision == decisions.OwedChoice(state.to_act, (1, 2))
        state = state.apply(cc.Choose(1))
    assert asked == [1, 2, 3]
    assert _supply(state) == [(18, 2), (14, 2), (14, 2), (14, 2)]
    assert state.current_player == state.to_act == 1 and state.pending is None


def test_that_player_in_an_option_is_the_player_choosing() -> None:
    _, state = _table()
    state = state.apply(take("Tax Collector")).apply(cc.Choose(2)).apply(cc.Choose(1)).apply(cc.Choose(2))
    assert _supply(state) == [(16, 4), (15, 1), (14, 2), (15, 1)]


def test_an_option_a_player_cannot_pay_for_is_not_offered_and_the_one_left_happens_unasked() -> None:
    _, state = _table()
    state = with_seat(state, 1, keys=0)
    state = with_seat(state, 2, gold=0)
    state = state.apply(take("Tax Collector"))
    # Seat 1 has no key: only the gold is offered, so they give 1 gold unasked; seat 2 has no gold, gives a key.
    assert state.to_act == 3 and state.pending.decision == decisions.OwedChoice(3, (1, 2))
    assert _supply(state) == [(16, 3), (14, 0), (0, 1), (15, 2)]


def test_a_player_who_can_pay_for_neither_option_does_nothing() -> None:
    _, state = _table(players=2)
    state = with_seat(state, 1, gold=0, keys=0)
    state = state.apply(take("Tax Collector"))
    assert state.pending is None and state.to_act == state.current_player == 1
    assert _supply(state) == [(15, 2), (0, 0)]


def test_with_two_players_the_one_opponent_is_asked() -> None:
    _, state = _table(players=2)
    state = state.apply(take("Tax Collector"))
    assert state.current_player == 0 and state.to_act == 1
    assert state.legal_actions() == (cc.Choose(1), cc.Choose(2))


def test_only_the_players_who_meet_the_condition_choose() -> None:
    text = ("each opponent with at least 16 gold chooses one: { take 1 gold from that player } or { that player "
            "loses 1 key }")
    _, state = _table(text)
    state = with_seat(state, 2, gold=20)
    state = state.apply(take("Tax Collector"))
    assert state.to_act == 2
    state = state.apply(cc.Choose(2))
    assert state.pending is None and _supply(state) == [(15, 2), (15, 2), (20, 1), (15, 2)]


def test_your_left_neighbour_alone_chooses() -> None:
    _, state = _table("your left neighbour chooses one: { gain 2 gold } or { that player gains 1 key }", players=3)
    state = state.apply(take("Tax Collector"))
    assert state.to_act == 1
    state = state.apply(cc.Choose(2))
    assert state.pending is None and _supply(state) == [(15, 2), (15, 3), (15, 2)]


def test_a_gift_in_an_option_costs_the_chooser_nothing_so_it_is_always_offered() -> None:
    _, state = _table("each opponent chooses one: { give 1 gold to that player } or { take 3 gold from that player }",
                      players=2)
    state = with_seat(state, 1, gold=2)
    state = state.apply(take("Tax Collector"))
    assert state.pending is None and _supply(state) == [(14, 2), (3, 2)]


def test_an_answer_not_offered_is_refused_naming_the_seat_and_the_options() -> None:
    _, state = _table(players=3)
    state = with_seat(state, 1, keys=0)
    state = with_seat(state, 2, gold=3)
    state = state.apply(take("Tax Collector"))
    assert state.to_act == 2
    with pytest.raises(cc.IllegalAction, match="seat 2 may choose option 1 or 2 of Tax Collector"):
        state.apply(cc.Choose(3))
    with pytest.raises(cc.IllegalAction, match="first seat 2 chooses an option"):
        state.apply(take("Tax Collector"))


def test_the_decider_sees_a_view_with_the_same_question() -> None:
    _, state = _table()
    state = state.apply(take("Tax Collector"))
    view = state.view(state.to_act)
    assert view.to_act == state.to_act == 1 and view.current_player == 0
    assert view.legal_actions() == state.legal_actions()
    assert "seat 1 owes a decision" in repr(state)
    (line,) = [line for line in str(state).splitlines() if line.startswith("seat 1:")]
    assert line.endswith("- to play")


def test_the_printed_table_names_the_decision_owed_and_who_owes_it() -> None:
    _, state = _table()
    assert not any(line.startswith("owed:") for line in str(state).splitlines())
    state = state.apply(take("Tax Collector"))
    last = str(state).splitlines()[-1]
    assert last.startswith("owed: seat 1 must ") and "Tax Collector" in last
    assert last.endswith("(the rows are refilled at the end of the turn)")


def test_a_save_with_an_owed_choice_loads_and_plays_on_and_a_wrong_seat_is_refused() -> None:
    rules, state = _table()
    state = state.apply(take("Tax Collector")).apply(cc.Choose(1))
    saved = cc.dumps(state)
    loaded = cc.loads(saved, rules=rules)
    assert loaded == state and loaded.to_act == 2
    assert json.loads(saved)["pending"]["decision"] == {"kind": "owed_choice",
                                                        "options": {"seat": 2, "options": [1, 2]}}
    assert cc.replay(state.record(), rules=rules) == state
    tampered = json.loads(saved)
    tampered["pending"]["decision"]["options"]["seat"] = 3
    with pytest.raises(RecordError):
        cc.loads(json.dumps(tampered), rules=rules)
    for bad in ({"seat": -1, "options": [1, 2]}, {"seat": 1, "options": [1]}, {"seat": 1}, [1, 2]):
        with pytest.raises(RecordError, match="decision.options"):
            decisions.decision_from_json({"kind": "owed_choice", "options": bad}, ".pending.decision")


def test_the_narration_and_the_terminal_say_who_chooses_what() -> None:
    _, state = _table(players=3)
    before = state.apply(take("Tax Collector"))
    after = before.apply(cc.Choose(1))
    assert narrate(before, cc.Choose(1), after) == ("seat 1 chooses, for Tax Collector: take 1 gold from that player "
                                                   "(never more than they have), pays 1 gold; seat 0 gains 1 gold")
    assert decision_words(after, after.legal_actions()) == [
        "1 choose: take 1 gold from that player (never more than they have)",
        "2 choose: take 1 key from that player (never more than they have)"]


def test_the_rl_space_encodes_the_answers_and_marks_the_seat_to_act() -> None:
    pytest.importorskip("numpy", reason="the RL observation needs the rl extra (numpy)")
    rules, state = _table(players=3)
    state = state.apply(take("Tax Collector"))
    space = ActionSpace(rules, 3)
    assert sorted(space.legal(state)) == sorted(space.encode(a) for a in state.legal_actions())
    seat_flags = space.observe(state, 1)
    assert seat_flags is not None


def test_the_pettingzoo_agent_to_act_is_the_player_who_owes_the_choice() -> None:
    pytest.importorskip("pettingzoo")
    from castle_combo.adapters import pettingzoo as ccpz

    rules, state = _table(players=3)
    env = ccpz.env(players=3, rules=rules).unwrapped
    env.reset(seed=1)
    env.state = state.apply(take("Tax Collector"))
    env._observed = {}
    env.agent_selection = env.possible_agents[env.state.to_act]
    assert env.agent_selection == env.possible_agents[1]
    assert env.observe(env.possible_agents[1])["action_mask"].sum() == 2
    assert env.observe(env.possible_agents[0])["action_mask"].sum() == 0
    env.step(int(env.space.encode(cc.Choose(1))))
    assert env.agent_selection == env.possible_agents[2]


def _owed_rules() -> cc.Ruleset:
    cards = [_card(TAX, f"Tax Collector {k}") for k in range(4)]
    cards += [_card("your right neighbour chooses one: { take 2 gold from that player } or { that player loses 1 key "
                    "then gain 1 key }", f"Toll {k}") for k in range(3)]
    return ruleset(*cards, castle=45, village=15)


@pytest.mark.parametrize("seed", range(8))
def test_random_games_with_owed_choices_ask_the_seat_to_act_and_keep_every_invariant(seed: int) -> None:
    rules = _owed_rules()
    players = 2 + seed % 4
    rng = random.Random(seed)
    state = cc.new_game(players=players, seed=seed, rules=rules, first_player=seed % players)
    agents = [make_agent("random"), make_agent("greedy"), make_agent("random"), make_agent("greedy"),
              make_agent("random")]
    owed = Counter()
    while not state.is_over:
        seat = state.to_act
        view = state.view(seat)
        assert view.legal_actions() == state.legal_actions()
        if seat != state.current_player:
            assert isinstance(state.pending.decision, decisions.OwedChoice)
            owed[seat] += 1
        action = agents[seat].choose(view, rng)
        state = state.apply(action)
        assert all(p.gold >= 0 and p.keys >= 0 for p in state.players)
    assert all(len(p.tableau) == 9 for p in state.players)
    assert cc.replay(state.record(), rules=rules) == state
    assert sum(owed.values()) > 0, "no owed choice was asked in this game"


def test_simulate_and_mcts_play_games_with_owed_choices() -> None:
    from castle_combo.bots.simulate import simulate

    result = simulate(["greedy", "random", "greedy"], players=3, games=2, seed=3, rules=_owed_rules())
    assert result.games == 2
    _, state = _table(players=3)
    state = state.apply(take("Tax Collector"))
    assert make_agent("mcts:20").choose(state.view(1), random.Random(1)) in state.legal_actions()


def test_without_the_construct_the_seat_to_act_is_always_the_current_player() -> None:
    state = cc.new_game(players=3, seed=11, rules=cc.Ruleset.standard().with_expansion("out-of-the-oubliette"))
    rng = random.Random(4)
    while not state.is_over:
        assert state.to_act == state.current_player
        state = state.apply(rng.choice(state.legal_actions()))


def test_the_terminal_game_stops_the_bots_when_you_owe_a_choice_in_their_turn() -> None:
    from castle_combo.cli._play_session import Session

    _, state = _table(players=2)
    session = Session(state, me=1, bots={0: _Taker()}, rngs={0: random.Random(0)}, seed=0, names=["bot", "you"])
    said = session.bots_play()
    assert said and session.my_turn and session.state.current_player == 0
    assert session.legal() == (cc.Choose(1), cc.Choose(2))
    session.play(cc.Choose(2))
    assert session.state.current_player == 1 and session.my_turn


class _Taker:
    """A bot that takes the Tax Collector when it can, else the first legal action."""

    name = "taker"

    def choose(self, view: cc.GameState, rng: random.Random) -> cc.Action:
        wanted = [a for a in view.legal_actions() if isinstance(a, cc.Take) and a.card == "Tax Collector"
                  and not a.face_down]
        return wanted[0] if wanted else view.legal_actions()[0]


def test_gymnasium_and_openspiel_ask_the_seat_that_owes_the_choice() -> None:
    pytest.importorskip("gymnasium")
    from castle_combo.adapters.gymnasium import CastleComboEnv

    rules, state = _table(players=2)
    env = CastleComboEnv(opponents=("random",), seat=1, rules=rules)
    env.reset(seed=1)
    env.game = state.apply(take("Tax Collector"))  # the bot at seat 0 bought it: seat 1 owes a choice
    env._play_bots()
    assert env.game.current_player == 0 and env.game.to_act == 1
    assert env._info()["action_mask"].sum() == 2
    pyspiel = pytest.importorskip("pyspiel")
    import castle_combo.adapters.openspiel as ccos

    game = pyspiel.load_game("python_castle_combo", {"players": 2})
    spiel = ccos.CastleComboState(game, env.game)
    assert spiel.current_player() == 1 and spiel.game_state.current_player == 0


def test_at_the_end_of_the_game_the_opponents_owe_the_choice_before_the_scores() -> None:
    text = "each opponent chooses one: { take 1 gold from that player } or { take 1 key from that player }"
    cards = [parse_text(f'card "Collector {k}" {{ deck castle cost 0 shields faith at the end of the game: {text} }}')[0]
             for k in range(8)]
    rules = ruleset(*cards, castle=30, village=30)
    asked = 0
    for seed in range(4):
        state = cc.new_game(players=2 + seed % 3, seed=seed, rules=rules)
        rng = random.Random(seed)
        while not state.is_over:
            if state.to_act != state.current_player:
                asked += 1
                assert state.taken == 9 * len(state.players)
                with pytest.raises(cc.GameNotOver):
                    state.scores()
            state = state.apply(rng.choice(state.legal_actions()))
        assert cc.replay(state.record(), rules=rules) == state
    assert asked > 0


def test_the_terminal_prompt_for_an_owed_choice_names_the_card_asking_and_its_owner() -> None:
    from castle_combo.cli._play_input import prompt_lines
    from castle_combo.cli._play_session import Session
    from castle_combo.cli.play_app import PlayApp

    _, state = _table(players=2)
    session = Session(state, me=1, bots={0: _Taker()}, rngs={0: random.Random(0)}, seed=0, names=["Bot", "you"])
    session.bots_play()
    view = session.view
    assert view.to_act == 1
    line = prompt_lines(view, session.legal(), session.names)[0]
    assert line.startswith("Decide for Tax Collector (Bot's card): 1 choose: take 1 gold from that player")
    assert prompt_lines(view, session.legal())[0].startswith("Decide for Tax Collector (seat 0's card): 1 choose:")
    head = PlayApp(session).decision(session.legal())[0]
    assert head == "Decide: type the number of your answer for Tax Collector (Bot's card)"  # no room for the keys
