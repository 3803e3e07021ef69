"""Discarding the top cards of a deck (the rules page, "Fan mechanics": discard the top cards of a deck), on
synthetic cards written in the card language."""

from __future__ import annotations

import random

import pytest
from engine_kit import C, V, card, game, names, ruleset, take
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import castle_combo as cc
from castle_combo.bots import GreedyAgent, MctsAgent
from castle_combo.engine.state import Location
from castle_combo.language import CardProblems, parse_text
from castle_combo.language import model as m
from castle_combo.language.model import Deck
from castle_combo.records.narration import narrate

GAMBLER = ("when bought: discard the top card of the castle deck "
           "then gain 6 gold if a messenger card on the discarded cards "
           "then lose 2 gold if no messenger card on the discarded cards")


def fan(text: str, name: str = "Fan") -> cc.Card:
    (parsed,) = parse_text(f'card "{name}" {{ deck village cost 0 shields faith\n {text} }}')
    return parsed


def herald() -> m.Card:
    return card("Herald", C, messenger=True)


def test_the_top_card_of_the_castle_deck_goes_face_up_onto_its_discard_pile() -> None:
    rules = ruleset(fan("when bought: discard the top card of the castle deck"), herald())
    state = game(rules, village=["Fan"], castle=["c0", "c1", "c2", "Herald"])
    top = state.locations[0].deck[0]
    after = state.apply(take("Fan"))
    assert after.pending is None
    assert names(after.discard_pile(Deck.CASTLE)) == ["Herald"] and after.locations[0].discard == (top,)
    assert after.locations[0].deck == state.locations[0].deck[1:]
    assert after.row(Deck.CASTLE) == state.row(Deck.CASTLE)  # the row is not touched


def test_the_gambler_gains_6_gold_when_the_discarded_card_has_a_messenger_icon() -> None:
    rules = ruleset(fan(GAMBLER), herald())
    state = game(rules, village=["Fan"], castle=["c0", "c1", "c2", "Herald"])
    assert state.apply(take("Fan")).players[0].gold == state.players[0].gold + 6


def test_the_gambler_loses_2_gold_when_the_discarded_card_has_no_messenger_icon() -> None:
    rules = ruleset(fan(GAMBLER), herald())
    state = game(rules, village=["Fan"], castle=["c0", "c1", "c2", "c3", "Herald"])
    after = state.apply(take("Fan"))
    assert names(after.discard_pile(Deck.CASTLE)) == ["c3"]
    assert after.players[0].gold == state.players[0].gold - 2


def test_several_cards_are_discarded_one_at_a_time_the_last_on_top_and_counted_after() -> None:
    rules = ruleset(fan("when bought: discard the top 3 cards of the village deck "
                        "then gain 1 key per card on the discarded cards"))
    state = game(rules, village=["Fan"])
    deck = state.locations[1].deck
    after = state.apply(take("Fan"))
    # The village row is refilled after the take, from the deck's new top.
    assert after.locations[1].discard == deck[:3]
    assert after.players[0].keys == state.players[0].keys + 3


def _castle_running_short(top: int, left: int, piled: int) -> tuple[cc.GameState, Location]:
    """The Fan (discarding the top ``top`` castle cards, then 1 key per card discarded) in the village row, with
    ``left`` cards in the castle deck and ``piled`` older ones on its discard pile (the rest out of the game);
    also the castle as dealt."""
    rules = ruleset(fan(f"when bought: discard the top {top} cards of the castle deck "
                        "then gain 1 key per card on the discarded cards"), castle=9)
    state = game(rules, village=["Fan"])
    castle = state.locations[0]
    short = castle.replace(deck=castle.deck[:left], discard=castle.deck[left:left + piled],
                           removed=castle.deck[left + piled:])
    return state.replace(locations=(short, state.locations[1])), castle


def test_a_deck_that_runs_out_is_replaced_by_its_earlier_discard_pile_shuffled() -> None:
    state, castle = _castle_running_short(3, left=1, piled=2)
    after = state.apply(take("Fan"))
    pile = after.locations[0].discard
    assert pile[0] == castle.deck[0] and sorted(pile) == sorted(castle.deck[:3])
    assert after.players[0].keys == state.players[0].keys + 3


def test_the_cards_just_discarded_stay_on_the_pile_so_fewer_are_discarded_when_none_are_left() -> None:
    state, castle = _castle_running_short(5, left=2, piled=1)
    after = state.apply(take("Fan"))
    assert sorted(after.locations[0].discard) == sorted(castle.deck[:3])
    assert after.locations[0].deck == () and not after.locations[0].exhausted
    assert after.players[0].keys == state.players[0].keys + 3


def test_an_exhausted_location_has_no_deck_to_discard_from() -> None:
    rules = ruleset(fan("when bought: discard the top card of the castle deck "
                        "then gain 1 key per card on the discarded cards"), castle=9)
    state = game(rules, village=["Fan"])
    castle = state.locations[0]
    state = state.replace(locations=(castle.replace(deck=(), row=(), removed=castle.row + castle.deck,
                                                    exhausted=True), state.locations[1]))
    after = state.apply(take("Fan"))
    assert after.locations[0].discard == () and after.players[0].keys == state.players[0].keys


def test_the_effect_reads_as_english_and_formats_back_to_its_text() -> None:
    one = fan("when bought: discard the top card of the castle deck").ability[0]
    three = fan("when bought: discard the top 3 cards of the village deck").ability[0]
    assert one == m.DiscardDeckTop(Deck.CASTLE) and three == m.DiscardDeckTop(Deck.VILLAGE, 3)
    assert one.describe() == "Discard the top card of the castle deck face up onto its discard pile."
    assert three.describe() == "Discard the top 3 cards of the village deck face up onto its discard pile."
    assert one.ccl() == "discard the top card of the castle deck"
    assert three.ccl() == "discard the top 3 cards of the village deck"


def test_discarding_no_card_or_too_many_from_a_deck_is_refused() -> None:
    for count in (0, 6):
        problems = m.DiscardDeckTop(Deck.CASTLE, count).problems()
        assert problems and "from 1 to 5" in problems[0].hint


def test_counting_the_discarded_cards_before_discarding_the_top_of_a_deck_is_refused() -> None:
    with pytest.raises(CardProblems, match="discarded"):
        fan("when bought: gain 1 gold per card on the discarded cards then discard the top card of the castle deck")


def test_discarding_the_top_6_cards_of_a_deck_is_refused_where_it_is_written() -> None:
    with pytest.raises(CardProblems, match="outside the sensible range 1 to 5"):
        fan("when bought: discard the top 6 cards of the castle deck")


def test_the_village_is_the_other_deck_it_can_name() -> None:
    assert V is Deck.VILLAGE and fan("when bought: discard the top 2 cards of the village deck").ability[0].count == 2


def test_the_discarded_cards_are_public_in_every_view_and_the_deck_order_stays_secret() -> None:
    rules = ruleset(fan("when bought: discard the top 2 cards of the castle deck"))
    state = game(rules, village=["Fan"])
    after = state.apply(take("Fan"))
    seen = after.view(1)
    assert seen.locations[0].discard == after.locations[0].discard == state.locations[0].deck[:2]
    assert seen.locations[0].deck == tuple(sorted(after.locations[0].deck))


def test_the_narration_names_the_cards_discarded_from_the_top_of_a_deck() -> None:
    rules = ruleset(fan(GAMBLER), herald())
    state = game(rules, village=["Fan"], castle=["c0", "c1", "c2", "Herald"])
    line = narrate(state, take("Fan"), state.apply(take("Fan")))
    assert line.endswith("gains 6 gold; the top card of the castle deck is discarded: Herald")
    assert "row is discarded" not in line


def test_three_cards_from_the_top_of_a_deck_are_not_narrated_as_a_row_discard() -> None:
    rules = ruleset(fan("when bought: discard the top 3 cards of the village deck"))
    state = game(rules, village=["Fan"])
    line = narrate(state, take("Fan"), state.apply(take("Fan")))
    assert "the top 3 cards of the village deck are discarded: v" in line and "row is discarded" not in line


# ----------------------------------------------------------------- random games and bots

DIGGERS = (
    GAMBLER,
    "when bought: discard the top 5 cards of the castle deck then gain 1 key per messenger card on the discarded cards",
    "when bought: discard the top 2 cards of the village deck then gain 3 gold if at least 2 faith cards on the "
    "discarded cards",
    "when bought: choose one: { discard the top card of the village deck } or { discard the castle row }",
    "when bought: you may pay 1 gold to discard the top 3 cards of the castle deck then gain 1 gold per card "
    "on the discarded cards",
)


def digging_rules(players: int) -> cc.Ruleset:
    """Decks barely big enough for ``players``, so deck-top discards meet reshuffles and exhausted locations."""
    per_deck = (9 * players + 6 + 1) // 2
    cards = []
    shields = ("faith", "military", "peasantry", "nobility")
    for deck in ("castle", "village"):
        for i in range(per_deck):
            body = f"when bought: gain {1 + i % 3} gold" if i % 2 else DIGGERS[i // 2 % len(DIGGERS)]
            (parsed,) = parse_text(f'card "{deck}-{i}" {{ deck {deck} cost {i % 5} shields {shields[i % 4]}'
                                   f'{" messenger" if i % 3 == 0 else ""}\n {body} }}')
            cards.append(parsed)
    return cc.Ruleset.from_cards(cards, version=f"digging-{players}")


def every_card(state: cc.GameState) -> list[int]:
    return sorted([c for loc in state.locations for c in loc.deck + loc.row + loc.discard + loc.removed]
                  + [c.card for p in state.players for c in p.tableau])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 5), st.integers(0, 2**32 - 1))
def test_random_games_with_deck_top_discards_lose_no_card_and_end(players: int, seed: int) -> None:
    state = cc.new_game(players=players, seed=seed, rules=digging_rules(players), first_player=seed % players)
    rng = random.Random(seed)
    everything = every_card(state)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        assert every_card(state) == everything
        assert all(p.gold >= 0 and p.keys >= 0 for p in state.players)
    assert all(len(p.tableau) == 9 for p in state.players)


@pytest.mark.parametrize("agent", [GreedyAgent(), MctsAgent(iterations=8)], ids=["greedy", "mcts"])
def test_the_bots_play_whole_games_with_deck_top_discards(agent: cc.Agent) -> None:
    state = cc.new_game(players=3, seed=11, rules=digging_rules(3))
    rng = random.Random(11)
    while not state.is_over:
        action = agent.choose(state.view(state.to_act), rng)
        assert action in state.legal_actions()
        state = state.apply(action)
    assert all(len(p.tableau) == 9 for p in state.players)


def test_a_condition_right_after_discarding_a_named_row_reads_the_discarded_cards() -> None:
    rules = ruleset(fan("when bought: discard the castle row then gain 6 gold if a card on the discarded cards"))
    state = game(rules, village=["Fan"])
    assert state.apply(take("Fan")).players[0].gold == state.players[0].gold + 6


RAGPICKER = ("when bought: you may { discard the top card of the castle deck "
             "then gain 1 gold per gold of printed cost on the discarded cards }")


def test_a_discard_inside_you_may_braces_is_earlier_for_a_count_after_it_in_the_braces() -> None:
    rules = ruleset(fan(RAGPICKER), card("Duke", C, cost=5))
    state = game(rules, village=["Fan"], castle=["c0", "c1", "c2", "Duke"])
    asked = state.apply(take("Fan"))
    assert asked.pending is not None
    accepted = asked.apply(cc.Choose(1))
    assert names(accepted.discard_pile(Deck.CASTLE)) == ["Duke"]
    assert accepted.players[0].gold == state.players[0].gold + 5
    declined = asked.apply(cc.Choose(2))
    assert declined.discard_pile(Deck.CASTLE) == () and declined.players[0].gold == state.players[0].gold


def test_a_count_of_the_discarded_cards_before_the_discard_in_the_same_braces_is_still_refused() -> None:
    with pytest.raises(CardProblems, match="discarded"):
        fan("when bought: you may { gain 1 gold per card on the discarded cards "
            "then discard the top card of the castle deck }")


def test_a_discard_inside_you_may_braces_is_earlier_for_a_count_after_the_braces() -> None:
    (parsed,) = parse_text('card "Fan" { deck village cost 0 shields faith\n when bought: you may { discard the '
                           'top card of the castle deck } then gain 1 gold per card on the discarded cards }')
    assert parsed.name == "Fan"
