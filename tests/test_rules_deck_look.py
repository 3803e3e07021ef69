"""Looking at the top cards of a deck (the rules page, "Looking at the top of a deck"): the owner's questions, the
discards, the order put back, and what each seat knows, on synthetic cards written in the card language."""

from __future__ import annotations

import json
import random

import pytest
from engine_kit import card, game, names, ruleset, take
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import castle_combo as cc
from castle_combo.adapters.encoding import ActionSpace
from castle_combo.bots import GreedyAgent, MctsAgent, RandomAgent
from castle_combo.engine.decisions import ArrangeDeckTop, decision_from_json
from castle_combo.errors import BadInput, RecordError
from castle_combo.language import CardProblems, format_cards, parse_text
from castle_combo.language import model as m
from castle_combo.language.model import Deck
from castle_combo.records.narration import narrate
from castle_combo.records.serialize import dumps, loads

SCOUT = ("when bought: look at the top 3 cards of the castle deck, discard any of them and put the rest back in any "
         "order then gain 1 key per card on the discarded cards")
SEER = "when bought: look at the top 3 cards of the castle deck and put them back in any order"


def fan(text: str, name: str = "Fan") -> cc.Card:
    (parsed,) = parse_text(f'card "{name}" {{ deck village cost 0 shields faith\n {text} }}')
    return parsed


def looking(text: str = SCOUT, **kw: object) -> tuple[cc.Ruleset, cc.GameState]:
    rules = ruleset(fan(text), card("Nun"), card("Baker"), card("Squire"))
    return rules, game(rules, village=["Fan"], castle=["c0", "c1", "c2", "Nun", "Baker", "Squire", "c3"], **kw)


def top(state: cc.GameState, n: int, deck: int = 0) -> list[str]:
    return [state.engine.name(c) for c in state.locations[deck].deck[:n]]


# ----------------------------------------------------------------- the language

def test_the_look_reads_as_a_card_language_phrase_with_its_english() -> None:
    scout, seer = fan(SCOUT).ability[0], fan(SEER).ability[0]
    assert scout == m.LookAtDeckTop(Deck.CASTLE, 3, discard=True)
    assert scout.describe() == ("Look at the top 3 cards of the castle deck; discard any of them and put the rest "
                                "back in any order.")
    assert seer == m.LookAtDeckTop(Deck.CASTLE, 3)
    assert seer.describe() == "Look at the top 3 cards of the castle deck; put them back in any order."
    one = fan("when bought: look at the top card of the village deck, discard it or put it back").ability[0]
    assert one == m.LookAtDeckTop(Deck.VILLAGE, 1, discard=True)
    assert one.describe() == "Look at the top card of the village deck; discard it or put it back."


@pytest.mark.parametrize("effect", [m.LookAtDeckTop(d, n, k) for d in Deck for n in (1, 2, 5) for k in (False, True)])
def test_every_look_formats_back_to_text_that_parses_to_it(effect: m.LookAtDeckTop) -> None:
    (again,) = parse_text(format_cards([fan(f"when bought: {effect.ccl()}")]))
    assert again.ability == (effect,)


def test_looking_at_the_top_6_cards_of_a_deck_is_refused_where_it_is_written() -> None:
    with pytest.raises(CardProblems, match="outside the sensible range 1 to 5"):
        fan("when bought: look at the top 6 cards of the castle deck and put them back in any order")


# ----------------------------------------------------------------- the questions

def test_the_owner_settles_the_cards_one_at_a_time_from_the_top_down() -> None:
    rules, state = looking(SEER)
    after = state.apply(take("Fan"))
    assert after.pending is not None and after.pending.decision == ArrangeDeckTop(0, 0, 3, False)
    assert after.legal_actions() == (cc.Arrange("Nun"), cc.Arrange("Baker"), cc.Arrange("Squire"))
    after = after.apply(cc.Arrange("Squire")).apply(cc.Arrange("Nun"))
    assert after.pending is None  # the last card has nowhere else to go: not asked
    assert top(after, 4) == ["Squire", "Nun", "Baker", "c3"]


def test_a_discarded_card_goes_face_up_onto_the_discard_pile_and_is_counted_after() -> None:
    rules, state = looking()
    keys = state.players[0].keys
    after = state.apply(take("Fan")).apply(cc.Arrange("Baker", discard=True))
    assert after.pending.decision == ArrangeDeckTop(0, 0, 2, True)
    after = after.apply(cc.Arrange("Squire")).apply(cc.Arrange("Nun", discard=True))
    assert after.pending is None
    assert names(after.discard_pile(Deck.CASTLE)) == ["Baker", "Nun"]
    assert top(after, 2) == ["Squire", "c3"]
    assert after.players[0].keys == keys + 2


def test_a_card_that_does_not_let_you_discard_refuses_a_discard_and_says_why() -> None:
    rules, state = looking(SEER)
    with pytest.raises(cc.IllegalAction, match="does not let you discard"):
        state.apply(take("Fan")).apply(cc.Arrange("Nun", discard=True))


def test_a_deck_with_fewer_cards_is_not_reshuffled_for_a_look() -> None:
    rules, state = looking()
    castle = state.locations[0]
    short = castle.replace(deck=castle.deck[:2], discard=castle.deck[2:])
    state = state.replace(locations=(short, state.locations[1]))
    after = state.apply(take("Fan"))
    assert after.pending.decision == ArrangeDeckTop(0, 0, 2, True)
    assert after.locations[0].discard == castle.deck[2:]


def test_an_empty_deck_or_an_exhausted_location_shows_nothing_and_asks_nothing() -> None:
    rules, state = looking()
    castle = state.locations[0]
    empty = castle.replace(deck=(), discard=castle.deck)
    after = state.replace(locations=(empty, state.locations[1])).apply(take("Fan"))
    assert after.pending is None and after.known == ()
    gone = castle.replace(deck=(), row=(), removed=castle.row + castle.deck, exhausted=True)
    after = state.replace(locations=(gone, state.locations[1])).apply(take("Fan"))
    assert after.pending is None and after.known == ()


# ----------------------------------------------------------------- private knowledge

def test_the_looker_alone_sees_the_cards_it_put_back_on_top_of_the_deck() -> None:
    rules, state = looking(SEER)
    after = state.apply(take("Fan")).apply(cc.Arrange("Squire")).apply(cc.Arrange("Nun"))
    assert after.known == ((0, 0, 3),)
    mine, theirs = after.view(0), after.view(1)
    assert top(mine, 3) == ["Squire", "Nun", "Baker"] and mine.known == ((0, 0, 3),)
    assert theirs.known == () and theirs.locations[0].deck == tuple(sorted(after.locations[0].deck))
    # A deal drawn for the looker keeps them on top.
    assert top(mine.determinize(random.Random(3)), 3) == ["Squire", "Nun", "Baker"]


def test_what_a_seat_knows_shrinks_as_cards_are_drawn_from_the_top() -> None:
    rules, state = looking(SEER)
    after = state.apply(take("Fan")).apply(cc.Arrange("Squire")).apply(cc.Arrange("Nun"))
    refresh = after.replace(messenger=Deck.CASTLE).apply(cc.UseKey(cc.KeyUse.REFRESH))
    assert names(refresh.row(Deck.CASTLE)) == ["Squire", "Nun", "Baker"] and refresh.known == ()


def test_a_look_by_another_seat_makes_the_first_forget_its_order() -> None:
    rules = ruleset(fan(SEER), fan("when bought: look at the top 2 cards of the castle deck and put them back in "
                                   "any order", "Fan 2"), card("Nun"), card("Baker"), card("Squire"))
    state = game(rules, village=["Fan", "Fan 2"], castle=["c0", "c1", "c2", "Nun", "Baker", "Squire", "c3"])
    after = state.apply(take("Fan")).apply(cc.Arrange("Squire")).apply(cc.Arrange("Nun"))
    assert after.current_player == 1 and after.known == ((0, 0, 3),)
    looked = after.apply(take("Fan 2")).apply(cc.Arrange("Nun"))
    assert looked.known == ((0, 1, 2),)
    assert top(looked, 3) == ["Nun", "Squire", "Baker"]


def test_the_narration_says_how_many_cards_were_looked_at_and_names_only_the_discards() -> None:
    rules, state = looking()
    after = state.apply(take("Fan"))
    assert "seat 0 looks at the top 3 cards of the castle deck" in narrate(state, take("Fan"), after)
    line = narrate(after, cc.Arrange("Baker", True), after.apply(cc.Arrange("Baker", True)))
    assert line.startswith("seat 0 discards Baker from the top of the castle deck")
    line = narrate(after, cc.Arrange("Nun"), after.apply(cc.Arrange("Nun")))
    assert line.startswith("seat 0 puts a card back on top of the castle deck") and "Nun" not in line


# ----------------------------------------------------------------- records, saves, encoding

def test_a_save_in_the_middle_of_a_look_keeps_the_question_and_the_knowledge() -> None:
    rules, state = looking()
    after = state.apply(take("Fan")).apply(cc.Arrange("Nun"))
    data = json.loads(dumps(after))
    assert data["known"] == [{"deck": "castle", "seat": 0, "cards": 3}]
    assert data["pending"]["decision"] == {"kind": "deck_top",
                                           "deck": {"deck": "castle", "placed": 1, "left": 2, "discard": True}}
    assert loads(dumps(after), rules=rules) == after
    done = after.apply(cc.Arrange("Squire")).apply(cc.Arrange("Baker"))
    assert cc.replay(done.record(), rules=rules) == done


def test_a_saved_knowledge_beyond_the_deck_is_refused_with_its_path() -> None:
    rules, state = looking()
    data = json.loads(dumps(state.apply(take("Fan"))))
    data["known"][0]["cards"] = 99
    with pytest.raises(RecordError, match=r"\$\.known\[0\]\.cards: the castle deck holds"):
        loads(json.dumps(data), rules=rules)


def test_a_malformed_look_question_in_a_save_is_refused_with_its_path() -> None:
    with pytest.raises(RecordError, match=r"\.decision\.deck\.left"):
        decision_from_json({"kind": "deck_top", "deck": {"deck": "castle", "placed": 0, "left": 0,
                                                          "discard": True}})


def test_the_answers_to_a_look_round_trip_through_json_and_the_action_space() -> None:
    rules, state = looking()
    space = ActionSpace(rules)
    for action in (cc.Arrange("Nun"), cc.Arrange("Nun", True)):
        assert cc.action_from_json(action.to_json()) == action
        assert space.decode(space.encode(action)) == action
    asked = state.apply(take("Fan"))
    assert [space.decode(i) for i in space.legal(asked)] == list(asked.legal_actions())


# ----------------------------------------------------------------- random games and bots

LOOKERS = (SCOUT, SEER, "when bought: look at the top card of the village deck, discard it or put it back",
           "when bought: look at the top 5 cards of the village deck, discard any of them and put the rest back in "
           "any order then gain 1 gold per card on the discarded cards")


def looking_rules(players: int, lookers: tuple[str, ...] = LOOKERS) -> cc.Ruleset:
    """Decks barely big enough for ``players``, so looks meet short decks, reshuffles and exhausted locations."""
    per_deck = (9 * players + 6 + 1) // 2
    cards = []
    for deck in ("castle", "village"):
        for i in range(per_deck):
            body = f"when bought: gain {1 + i % 3} gold" if i % 2 else lookers[i // 2 % len(lookers)]
            (parsed,) = parse_text(f'card "{deck}-{i}" {{ deck {deck} cost {i % 4} shields faith\n {body} }}')
            cards.append(parsed)
    return cc.Ruleset.from_cards(cards, version=f"looking-{players}")


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 5), st.integers(0, 2**32 - 1))
def test_random_games_with_looks_keep_every_view_consistent_and_end(players: int, seed: int) -> None:
    state = cc.new_game(players=players, seed=seed, rules=looking_rules(players), first_player=seed % players)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act
        view = state.view(seat)
        assert view.legal_actions() == state.legal_actions()
        for d, _, n in state.known:
            assert 1 <= n <= len(state.locations[d].deck)
        state = state.apply(rng.choice(state.legal_actions()))
    assert all(len(p.tableau) == 9 for p in state.players)
    assert cc.replay(state.record(), rules=state.rules) == state


@pytest.mark.parametrize("agent", [RandomAgent(), GreedyAgent(), MctsAgent(iterations=8)],
                         ids=["random", "greedy", "mcts"])
def test_the_bots_answer_the_looks_in_whole_games(agent: cc.Agent) -> None:
    state = cc.new_game(players=3, seed=5, rules=looking_rules(3))
    rng = random.Random(5)
    asked = 0
    while not state.is_over:
        asked += isinstance(state.pending.decision if state.pending else None, ArrangeDeckTop)
        action = agent.choose(state.view(state.to_act), rng)
        assert action in state.legal_actions()
        state = state.apply(action)
    assert asked and all(len(p.tableau) == 9 for p in state.players)


def test_the_terminal_reads_put_and_discard_for_the_cards_looked_at() -> None:
    from castle_combo.cli._play_input import compact, parse_input

    rules, state = looking()
    asked = state.apply(take("Fan"))
    legal = asked.legal_actions()
    assert parse_input("put nun", legal).action == cc.Arrange("Nun")
    assert parse_input("discard bak", legal).action == cc.Arrange("Baker", True)
    assert [compact(a) for a in legal[:1]] == ["put nun"]
    with pytest.raises(BadInput, match="no card .knight."):
        parse_input("put knight", legal)


def test_the_terminal_shows_the_looker_the_cards_it_knows_on_top_and_no_one_else() -> None:
    from rich.console import Console

    from castle_combo.cli.tui import rows_panel

    rules, state = looking(SEER)
    after = state.apply(take("Fan")).apply(cc.Arrange("Squire")).apply(cc.Arrange("Nun"))
    after = after.replace(messenger=Deck.CASTLE)

    def shown(seat: int) -> str:
        console = Console(width=200, record=True)
        console.print(rows_panel(after.view(seat), seat))
        return console.export_text()

    assert "(top: Squire, Nun, Baker)" in shown(0) and "top:" not in shown(1)


def test_the_bots_try_each_card_looked_at_put_back_or_discarded_in_the_order_it_lies() -> None:
    from castle_combo.bots.greedy import worth_trying

    rules, state = looking()
    assert worth_trying(state.apply(take("Fan"))) == (cc.Arrange("Nun"), cc.Arrange("Nun", True))
    rules, state = looking(SEER)
    assert worth_trying(state.apply(take("Fan"))) == (cc.Arrange("Nun"),)


# ----------------------------------------------------------------- a bound on the cards discarded

SIFTER = ("when bought: look at the top 3 cards of the castle deck, discard one of them and put the rest back in any "
          "order then gain 1 key per card on the discarded cards")
WINNOW = "when bought: look at the top 3 cards of the castle deck, discard up to 2 of them and put the rest back in any order"
EXPLORE = "when bought: look at the top 2 cards of the castle deck, discard one of them and put the other back"


def test_discard_one_of_them_and_up_to_2_of_them_read_with_their_english() -> None:
    explore, winnow = fan(EXPLORE).ability[0], fan(WINNOW).ability[0]
    assert explore == m.LookAtDeckTop(Deck.CASTLE, 2, discard=True, most=1, exactly=True)
    assert explore.describe() == ("Look at the top 2 cards of the castle deck; discard one of them and put the other "
                                  "back.")
    assert fan(SIFTER).ability[0].describe() == ("Look at the top 3 cards of the castle deck; discard one of them and "
                                                 "put the rest back in any order.")
    assert winnow == m.LookAtDeckTop(Deck.CASTLE, 3, discard=True, most=2)
    assert winnow.describe() == ("Look at the top 3 cards of the castle deck; discard up to 2 of them and put the "
                                 "rest back in any order.")


@pytest.mark.parametrize("effect", [m.LookAtDeckTop(d, n, True, 1, True) for d in Deck for n in (2, 3, 5)]
                         + [m.LookAtDeckTop(d, n, True, k) for d in Deck for n in (2, 5) for k in range(1, n)])
def test_every_bounded_look_formats_back_to_text_that_parses_to_it(effect: m.LookAtDeckTop) -> None:
    (again,) = parse_text(format_cards([fan(f"when bought: {effect.ccl()}")]))
    assert again.ability == (effect,)


@pytest.mark.parametrize(("text", "message"), [
    ("look at the top card of the castle deck, discard one of them and put the rest back",
     "looking at one card and discarding exactly it is a plain discard"),
    ("look at the top 3 cards of the castle deck, discard up to 3 of them and put the rest back in any order",
     "'up to 3' of 3 cards looked at bounds nothing"),
    ("look at the top 3 cards of the castle deck, discard up to 0 of them and put the rest back in any order",
     "'up to 0' of 3 cards looked at bounds nothing"),
])
def test_a_bound_on_the_discards_that_binds_nothing_is_refused_where_it_is_written(text: str, message: str) -> None:
    with pytest.raises(CardProblems, match=message):
        fan(f"when bought: {text}")


def test_a_bound_without_a_discard_or_another_exact_number_is_refused_by_the_model() -> None:
    assert "needs a look that discards" in m.LookAtDeckTop(Deck.CASTLE, 3, most=1).problems()[0].message
    assert "only 'discard one of them'" in m.LookAtDeckTop(Deck.CASTLE, 3, True, 2, True).problems()[0].message
    assert m.LookAtDeckTop(Deck.CASTLE, 3, True, 1, True).problems() == ()


def test_discard_one_of_them_lets_no_second_card_be_discarded() -> None:
    rules, state = looking(SIFTER)
    keys = state.players[0].keys
    after = state.apply(take("Fan"))
    assert after.pending.decision == ArrangeDeckTop(0, 0, 3, True)
    after = after.apply(cc.Arrange("Baker", discard=True))
    assert after.pending.decision == ArrangeDeckTop(0, 0, 2, False)
    assert after.legal_actions() == (cc.Arrange("Nun"), cc.Arrange("Squire"))
    with pytest.raises(cc.IllegalAction, match="does not let you discard the cards you look at now"):
        after.apply(cc.Arrange("Nun", discard=True))
    after = after.apply(cc.Arrange("Squire"))
    assert after.pending is None
    assert names(after.discard_pile(Deck.CASTLE)) == ["Baker"] and top(after, 3) == ["Squire", "Nun", "c3"]
    assert after.players[0].keys == keys + 1


def test_discard_one_of_them_discards_the_last_card_when_all_the_others_were_put_back() -> None:
    rules, state = looking(SIFTER)
    keys = state.players[0].keys
    after = state.apply(take("Fan")).apply(cc.Arrange("Squire"))
    assert after.pending.decision == ArrangeDeckTop(0, 1, 2, True)
    after = after.apply(cc.Arrange("Nun"))
    assert after.pending is None  # the last card must go: not asked
    assert names(after.discard_pile(Deck.CASTLE)) == ["Baker"] and top(after, 3) == ["Squire", "Nun", "c3"]
    assert after.players[0].keys == keys + 1 and after.known == ((0, 0, 2),)


def test_discard_one_of_them_with_one_card_in_the_deck_discards_it_and_with_none_does_nothing() -> None:
    rules, state = looking(SIFTER)
    castle = state.locations[0]
    keys = state.players[0].keys
    short = castle.replace(deck=castle.deck[:1], discard=castle.deck[1:])
    after = state.replace(locations=(short, state.locations[1])).apply(take("Fan"))
    assert after.pending is None and after.locations[0].deck == ()
    assert after.locations[0].discard == castle.deck[1:] + castle.deck[:1]
    assert after.players[0].keys == keys + 1
    empty = castle.replace(deck=(), discard=castle.deck)
    after = state.replace(locations=(empty, state.locations[1])).apply(take("Fan"))
    assert after.pending is None and after.locations[0].discard == castle.deck and after.players[0].keys == keys


def test_discard_up_to_2_of_them_stops_the_discards_at_two_and_may_discard_none() -> None:
    rules, state = looking(WINNOW)
    after = state.apply(take("Fan")).apply(cc.Arrange("Nun", True)).apply(cc.Arrange("Squire", True))
    assert after.pending is None  # the last card can only be put back
    assert names(after.discard_pile(Deck.CASTLE)) == ["Nun", "Squire"] and top(after, 2) == ["Baker", "c3"]
    kept = state.apply(take("Fan")).apply(cc.Arrange("Squire")).apply(cc.Arrange("Nun"))
    assert kept.pending.decision == ArrangeDeckTop(0, 2, 1, True)
    kept = kept.apply(cc.Arrange("Baker"))
    assert kept.pending is None and names(kept.discard_pile(Deck.CASTLE)) == []
    assert top(kept, 3) == ["Squire", "Nun", "Baker"]


def test_a_save_in_the_middle_of_a_bounded_look_round_trips_and_replays() -> None:
    rules, state = looking(SIFTER)
    after = state.apply(take("Fan")).apply(cc.Arrange("Nun", True))
    assert loads(dumps(after), rules=rules) == after
    done = after.apply(cc.Arrange("Squire"))
    assert cc.replay(done.record(), rules=rules) == done


def test_the_differential_draws_bounded_looks() -> None:
    from differential import random_ruleset

    drawn = [e for seed in range(40) for card in random_ruleset(random.Random(seed), 3, algebra=True).cards
             for e in card.ability if isinstance(e, m.LookAtDeckTop)]
    assert any(e.exactly for e in drawn) and any(e.most and not e.exactly for e in drawn)
    assert any(e.most is None for e in drawn)


def test_the_narration_names_the_card_discard_one_of_them_discards_unasked() -> None:
    rules, state = looking(SIFTER)
    after = state.apply(take("Fan")).apply(cc.Arrange("Squire"))
    line = narrate(after, cc.Arrange("Nun"), after.apply(cc.Arrange("Nun")))
    assert line.startswith("seat 0 puts a card back on top of the castle deck") and "Nun" not in line
    assert "the top card of the castle deck is discarded: Baker" in line


BOUNDED = (SIFTER, WINNOW, EXPLORE, "when bought: look at the top 5 cards of the village deck, discard up to 1 of "
           "them and put the rest back in any order")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 5), st.integers(0, 2**32 - 1))
def test_random_games_with_bounded_looks_never_discard_past_the_bound_and_end(players: int, seed: int) -> None:
    state = cc.new_game(players=players, seed=seed, rules=looking_rules(players, BOUNDED), first_player=seed % players)
    rng = random.Random(seed)
    while not state.is_over:
        pending = state.pending
        if pending is not None and isinstance(pending.decision, ArrangeDeckTop):
            assert state.view(state.to_act).legal_actions() == state.legal_actions()
        state = state.apply(rng.choice(state.legal_actions()))
    assert all(len(p.tableau) == 9 for p in state.players)
    assert cc.replay(state.record(), rules=state.rules) == state


@pytest.mark.parametrize("agent", [RandomAgent(), GreedyAgent(), MctsAgent(iterations=8)],
                         ids=["random", "greedy", "mcts"])
def test_the_bots_answer_bounded_looks_in_whole_games(agent: cc.Agent) -> None:
    state = cc.new_game(players=3, seed=7, rules=looking_rules(3, BOUNDED))
    rng = random.Random(7)
    asked = 0
    while not state.is_over:
        asked += isinstance(state.pending.decision if state.pending else None, ArrangeDeckTop)
        action = agent.choose(state.view(state.to_act), rng)
        assert action in state.legal_actions()
        state = state.apply(action)
    assert asked and cc.replay(state.record(), rules=state.rules) == state
