"""Repeating effects up to N times, ended early by the owner or a condition (the rules page, "Fan mechanics":
repeat up to N times), on the Gambler and synthetic cards written in the card language."""

from __future__ import annotations

import json
import random

import pytest
from engine_kit import V, card, game, names, ruleset, take
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_properties import play_keeping_invariants

import castle_combo as cc
from castle_combo.bots import GreedyAgent, MctsAgent
from castle_combo.engine.decisions import AcceptOrDecline
from castle_combo.errors import CardSyntaxError
from castle_combo.language import CardProblems, format_card, parse_text
from castle_combo.language import model as m
from castle_combo.language.model import Deck, Shield
from castle_combo.records.narration import narrate, option_text

REVEAL = ("repeat up to 3 times, you may stop after each: { discard the top card of the village deck } "
          "until at least 2 military cards on the discarded cards or no card in the village deck")
GAMBLER = (f"when bought: {REVEAL} "
           "then gain 1 gold per shield on the discarded cards if fewer than 2 military cards on the discarded cards")
GO_ON, STOP = cc.Choose(1), cc.Choose(2)


def fan(text: str, name: str = "Gambler") -> m.Card:
    (parsed,) = parse_text(f'card "{name}" {{ deck village cost 0 shields peasantry\n {text} }}')
    return parsed


def soldier(name: str, *shields: Shield) -> m.Card:
    return card(name, V, shields=shields or (Shield.MILITARY,))


def gambling(*top: str, text: str = GAMBLER, extra: tuple[m.Card, ...] = ()) -> cc.GameState:
    """The Gambler in the village row, the village deck starting with ``top`` (then plain cards, one peasantry
    shield each)."""
    rules = ruleset(fan(text), soldier("Guard"), soldier("Archer"), soldier("Captain", Shield.MILITARY,
                                                                               Shield.MILITARY),
                    card("Monk", V, shields=(Shield.FAITH, Shield.FAITH)), *extra)
    return game(rules, village=["Gambler", "v0", "v1", *top])


def test_the_gambler_reveals_three_cards_when_the_owner_goes_on_and_gains_1_gold_per_shield() -> None:
    state = gambling("Monk", "v2", "Guard")
    first = state.apply(take("Gambler"))
    assert first.pending is not None and isinstance(first.pending.decision, AcceptOrDecline)
    assert names(first.discard_pile(Deck.VILLAGE)) == ["Monk"]
    third = first.apply(GO_ON).apply(GO_ON)
    assert third.pending is None  # the third reveal ends it anyway: no fourth question
    assert sorted(names(third.discard_pile(Deck.VILLAGE))) == ["Guard", "Monk", "v2"]
    assert third.players[0].gold == state.players[0].gold + 4  # 2 faith, 1 peasantry, 1 military


def test_after_each_reveal_the_owner_may_stop_and_gains_for_the_cards_revealed_so_far() -> None:
    state = gambling("Monk", "v2")
    stopped = state.apply(take("Gambler")).apply(STOP)
    assert stopped.pending is None and names(stopped.discard_pile(Deck.VILLAGE)) == ["Monk"]
    assert stopped.players[0].gold == state.players[0].gold + 2
    assert "v2" in names(stopped.row(Deck.VILLAGE))  # v2 stayed on the deck: it refills the Gambler's space


def test_a_second_card_with_a_military_shield_is_a_bust_that_stops_at_once_and_gains_nothing() -> None:
    state = gambling("Guard", "Archer", "Monk")
    second = state.apply(take("Gambler")).apply(GO_ON)
    assert second.pending is None  # no question after the bust
    assert sorted(names(second.discard_pile(Deck.VILLAGE))) == ["Archer", "Guard"]
    assert second.players[0].gold == state.players[0].gold


def test_one_card_with_two_military_shields_is_one_card_and_its_two_shields_both_count() -> None:
    state = gambling("Captain", "v2", "v3")
    after = state.apply(take("Gambler")).apply(GO_ON).apply(GO_ON)
    assert after.pending is None and after.players[0].gold == state.players[0].gold + 4


def test_when_the_village_deck_runs_out_the_reveals_stop_with_no_reshuffle() -> None:
    state = gambling("Monk")
    village = state.locations[1]
    # Only the Monk is left in the village deck; older cards lie on its discard pile.
    short = village.replace(deck=village.deck[:1], discard=village.deck[1:3], removed=village.deck[3:])
    state = state.replace(locations=(state.locations[0], short))
    after = state.apply(take("Gambler"))
    # With the deck empty after the Monk, nothing is asked and nothing more revealed (the row's refill after the
    # take reshuffles the pile, as any refill does).
    assert after.pending is None and after.players[0].gold == state.players[0].gold + 2


def test_with_the_deck_empty_before_the_first_reveal_nothing_is_revealed() -> None:
    state = gambling()
    village = state.locations[1]
    empty = village.replace(deck=(), discard=village.deck[:2], removed=village.deck[2:])
    state = state.replace(locations=(state.locations[0], empty))
    after = state.apply(take("Gambler"))
    assert after.pending is None and after.players[0].gold == state.players[0].gold


def test_the_gambler_taken_face_down_reveals_nothing() -> None:
    state = gambling("Monk")
    after = state.apply(take("Gambler", face_down=True))
    assert after.pending is None and after.discard_pile(Deck.VILLAGE) == ()


def test_a_repetition_without_the_question_goes_on_until_its_condition_holds() -> None:
    text = ("when bought: repeat up to 5 times: { discard the top card of the village deck } "
            "until a military card on the discarded cards then gain 1 key per card on the discarded cards")
    state = gambling("v2", "v3", "Guard", "v4", text=text)
    after = state.apply(take("Gambler"))
    assert after.pending is None and sorted(names(after.discard_pile(Deck.VILLAGE))) == ["Guard", "v2", "v3"]
    assert after.players[0].keys == state.players[0].keys + 3


def test_a_repetition_that_is_never_stopped_does_all_its_passes() -> None:
    text = "when bought: repeat up to 4 times: { gain 2 gold } until a faith card on the discarded cards"
    with pytest.raises(CardProblems, match="discarded"):
        fan(text)
    state = gambling(text="when bought: repeat up to 4 times: { gain 2 gold } until at least 40 gold")
    assert state.apply(take("Gambler")).players[0].gold == state.players[0].gold + 8


def test_the_condition_is_judged_before_the_first_pass_too() -> None:
    state = gambling(text="when bought: repeat up to 3 times: { gain 5 gold } until at least 10 gold")
    assert state.apply(take("Gambler")).players[0].gold == state.players[0].gold


def test_the_go_on_question_is_narrated_as_going_on_or_stopping() -> None:
    state = gambling("Monk", "v2").apply(take("Gambler"))
    assert option_text(state) == ["go on: discard the top card of the village deck face up onto its discard "
                                       "pile", "stop"]


def test_the_log_says_whether_the_owner_went_on_or_stopped_and_names_each_card_revealed() -> None:
    state = gambling("Monk", "v2", "Guard")
    asked = state.apply(take("Gambler"))
    went_on = asked.apply(GO_ON)
    assert narrate(asked, GO_ON, went_on) == ("seat 0 chooses to go on: discard the top card of the village deck "
                                              "face up onto its discard pile; the top card of the village deck is "
                                              "discarded: v2")
    assert narrate(went_on, STOP, went_on.apply(STOP)) == "seat 0 chooses to stop, gains 3 gold"


def test_the_repetition_reads_as_english_and_formats_back_to_its_text() -> None:
    (effect, gain) = fan(GAMBLER).ability
    assert isinstance(effect, m.Repeat) and effect.times == 3 and effect.may_stop and effect.until is not None
    assert effect.ccl() == ("repeat up to 3 times, you may stop after each: { discard the top card of the village "
                            "deck } until at least 2 cards with a military shield on the discarded cards or no card "
                            "in the village deck")
    assert effect.describe() == (
        "Up to 3 times, until the discarded cards have at least 2 cards with a military shield or the village deck "
        "has no card (checked before each time), and you may stop after each: discard the top card of the village "
        "deck face up onto its discard pile.")
    assert fan("when bought: " + effect.ccl()).ability[0] == effect
    assert parse_text(format_card(fan(GAMBLER))) == (fan(GAMBLER),)


@pytest.mark.parametrize(("text", "words"), [
    ("repeat up to 3 times: { gain 1 gold }", "nothing could end the repetition early"),
    ("repeat up to 1 times, you may stop after each: { gain 1 gold }", "outside the sensible range 2 to 5"),
    ("repeat up to 6 times, you may stop after each: { gain 1 gold }", "outside the sensible range 2 to 5"),
    ("repeat up to 3 times, you may stop after each: { choose one: { gain 1 gold } or { gain 1 key } }",
     "a repetition asks only whether to go on"),
    ("repeat up to 3 times, you may stop after each: { you may pay 1 gold to gain 2 keys }",
     "a repetition asks only whether to go on"),
    ("repeat up to 3 times, you may stop after each: { repeat up to 2 times: { gain 1 gold } until 3 keys }",
     "a repetition asks only whether to go on"),
    ("repeat up to 3 times, you may stop after each: { at the end of this turn: gain 1 gold }",
     "a repetition asks only whether to go on"),
    ("repeat up to 3 times, you may stop after each: { gain 1 gold } until a card on the discarded cards",
     "discarded"),
])
def test_a_repetition_that_could_not_be_played_is_refused_with_the_reason(text: str, words: str) -> None:
    with pytest.raises(CardProblems, match=words):
        fan(f"when bought: {text}")


def test_a_repetition_that_asks_whether_to_go_on_is_refused_in_a_trigger_between_turns() -> None:
    with pytest.raises(CardProblems, match="asks its owner a question"):
        fan("at the start of your turn: repeat up to 3 times, you may stop after each: { gain 1 gold }")
    quiet = fan("at the start of your turn: repeat up to 3 times: { gain 1 gold } until at least 6 gold")
    assert isinstance(dict(quiet.parts())[m.Moment.TURN_START][0], m.Repeat)


def test_a_repetition_is_looked_into_by_the_triggers_refusals() -> None:
    with pytest.raises(CardProblems, match="set off the same trigger again"):
        fan("whenever the messenger moves: repeat up to 2 times: { move the messenger } until at least 3 keys")
    with pytest.raises(CardProblems, match="the last turn is over"):
        fan("at the end of the game: repeat up to 2 times: { turn every face-down card face up and use its ability "
            "} until at least 3 keys")


def test_the_refusals_of_a_repetition_are_rows_of_the_one_table() -> None:
    rows = [rule for rule in m.REFUSALS if m.Repeat in rule.on]
    assert len(rows) == 2 and all(rule.message and rule.hint for rule in rows)
    assert m.Repeat(3, (m.Gain(1, m.Resource.GOLD),)).problems()[0].message == (
        "nothing could end the repetition early, so 'up to' would always mean all 3 times")


# ----------------------------------------------------------------- saves, random games and bots

def test_a_save_between_two_reveals_keeps_the_question_and_replays() -> None:
    state = gambling("Monk", "v2", "Guard")
    asked = state.apply(take("Gambler")).apply(GO_ON)
    assert asked.pending is not None and len(asked.pending.step) == 4  # the third pass's step
    rules = asked.rules
    assert cc.loads(cc.dumps(asked), rules=rules) == asked
    assert json.loads(cc.dumps(asked))["pending"]["decision"] == {"kind": "may", "cost": [0, 0]}
    done = asked.apply(GO_ON)
    assert cc.replay(done.record(), rules=rules) == done


GAMBLERS = (
    GAMBLER,
    "when bought: repeat up to 2 times, you may stop after each: { discard the top card of the castle deck then "
    "gain 1 key } then gain 2 gold if a messenger card on the discarded cards",
    "when bought: repeat up to 5 times: { discard the top card of the village deck } until at least 2 faith cards "
    "on the discarded cards or no card in the village deck",
    "at the start of your turn: repeat up to 3 times: { gain 1 gold } until at least 6 gold",
)


def gambling_rules(players: int) -> cc.Ruleset:
    """Decks barely big enough for ``players`` with repetitions on half the cards (reshuffles and exhausted
    locations meet them)."""
    per_deck = (9 * players + 6 + 1) // 2
    cards = []
    shields = ("faith", "military", "peasantry", "military")
    for deck in ("castle", "village"):
        for i in range(per_deck):
            body = f"when bought: gain {1 + i % 3} gold" if i % 2 else GAMBLERS[i // 2 % len(GAMBLERS)]
            (parsed,) = parse_text(f'card "{deck}-{i}" {{ deck {deck} cost {i % 5} shields {shields[i % 4]}'
                                   f'{" messenger" if i % 3 == 0 else ""}\n {body} }}')
            cards.append(parsed)
    return cc.Ruleset.from_cards(cards, version=f"gambling-{players}")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 5), st.integers(0, 2**32 - 1))
def test_random_games_with_repetitions_keep_every_invariant_and_end(players: int, seed: int) -> None:
    play_keeping_invariants(gambling_rules(players), players, seed)


@pytest.mark.parametrize("agent", [GreedyAgent(), MctsAgent(iterations=8)], ids=["greedy", "mcts"])
def test_the_bots_play_whole_games_with_repetitions(agent: cc.Agent) -> None:
    state = cc.new_game(players=3, seed=5, rules=gambling_rules(3))
    rng = random.Random(5)
    while not state.is_over:
        action = agent.choose(state.view(state.to_act), rng)
        assert action in state.legal_actions()
        state = state.apply(action)
    assert all(len(p.tableau) == 9 for p in state.players)


@pytest.mark.parametrize(("text", "message", "hint"), [
    ("repeat 3 times: { gain 1 gold } until 3 keys", "found the number 3 after 'repeat' where 'up to N times' belongs",
     "repeat up to 3 times, you may stop after each: { gain 1 gold }"),
    ("repeat up to 3 times: gain 1 gold until 3 keys", "expected '{' after ':', found 'gain'",
     "repeat up to 3 times: { gain 1 gold } after a repetition"),
    ("repeat up to 3 times, you may stop: { gain 1 gold }", "expected 'after' after 'stop', found ':'",
     "write 'after' here"),
])
def test_a_repetition_written_wrong_is_reported_where_it_goes_wrong_with_the_fix(text: str, message: str,
                                                                              hint: str) -> None:
    with pytest.raises(CardSyntaxError) as raised:
        fan(f"when bought: {text}")
    lines = str(raised.value).splitlines()
    assert lines[0].endswith(message) and hint in lines[-1]


def test_the_fan_guides_high_roller_brings_4_gold_for_a_monk_and_a_farmer_and_nothing_on_a_bust() -> None:
    from pathlib import Path

    rules = cc.Ruleset.standard().extend([Path(__file__).resolve().parents[1] / "examples" / "language-tour"])
    for revealed, answers, gained in ((["Monk", "Farmer"], [GO_ON, STOP], 4),
                                      (["Squire", "Mercenary"], [GO_ON], 0),
                                      (["Master-at-Arms", "Farmer"], [GO_ON, STOP], 4)):
        state = game(rules, village=["High Roller", "Baker", "Farmhand", *revealed])
        after = state.apply(take("High Roller"))
        for answer in answers:
            after = after.apply(answer)
        assert after.pending is None and after.players[0].gold == state.players[0].gold + gained, revealed


BODIES = (
    m.DiscardDeckTop(Deck.VILLAGE), m.DiscardDeckTop(Deck.CASTLE, 2), m.Gain(2, m.Resource.GOLD),
    m.Gain(1, m.Resource.KEY, m.Per(m.Cards(), m.Scope.DISCARDED)), m.StoreGold(1), m.DiscardWholeRow(
        m.RowChoice.CASTLE), m.Conditional(m.Gain(1, m.Resource.GOLD), m.CountIs(m.Per(m.KeysOwned()),
                                                                                   m.Comparison.GE, 2)),
)
ENDS = (
    None, m.CountIs(m.Per(m.Cards(m.HasShield((Shield.MILITARY,))), m.Scope.DISCARDED), m.Comparison.GE, 2),
    m.CountIs(m.Per(m.Gold()), m.Comparison.GE, 9), m.CountIs(m.Per(m.Cards(), m.Scope.VILLAGE_DECK),
                                                              m.Comparison.EQ, 0),
)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, m.MAX_REPEAT), st.lists(st.sampled_from(BODIES), min_size=1, max_size=3),
       st.booleans(), st.sampled_from(ENDS), st.booleans())
def test_every_valid_repetition_formats_to_text_that_reads_back_the_same(
        times: int, body: list[m.Effect], stop: bool, until: m.Condition | None, first: bool) -> None:
    repeat = m.Repeat(times, tuple(body), may_stop=stop or until is None, until=until)
    before = (m.DiscardDeckTop(Deck.CASTLE),) if first else ()
    written = m.Card("Roller", Deck.VILLAGE, 0, (Shield.PEASANTRY,), purse=3, ability=(*before, repeat))
    if written.problems():  # a count of the discarded cards with nothing discarded before it
        assert not first and all("discarded" in problem.message for problem in written.problems())
        return
    assert parse_text(format_card(written)) == (written,)
