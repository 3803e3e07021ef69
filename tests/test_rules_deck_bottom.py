"""The Ragpicker's card put under its deck for its printed cost: "put a card from either discard pile on the bottom
of its deck for its cost in gold", one test per ruling of the rules page ("Fan mechanics": "A card put back on top
of its deck", its bottom and its cost).

Each card is written in the card language, as a fan would write it, and played through the public API. The
reference engine (tests/reference_engine.py) restates the construct too, and the differential
(tests/test_audit_differential.py) plays random rulesets with these cards against it action by action.
"""

from __future__ import annotations

import json
import random

import pytest
from engine_kit import game, one, ruleset, take

import castle_combo as cc
from castle_combo.engine.actions import ReturnCard
from castle_combo.engine.decisions import ChooseReturn
from castle_combo.engine.views import determinize, redeal
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m
from castle_combo.records import narration

C, V = cc.Deck.CASTLE, cc.Deck.VILLAGE
FREE = "deck village   cost 0   shields military"
RAGPICKER = one("Ragpicker", "when bought: put a card from either discard pile on the bottom of its deck for its "
                "cost in gold", "deck village   cost 1   shields peasantry")
SWEEPER = one("Sweeper", "when bought: discard the castle row then discard the top card of the village deck", FREE)
PATRON = one("Patron", "", "deck castle   cost 7   shields nobility")
NOBLE = one("Noble", "", "deck castle   cost 5   shields nobility")
RULES = ruleset(RAGPICKER, SWEEPER, PATRON, NOBLE)


def names(state: cc.GameState, cards: tuple[int, ...]) -> list[str]:
    return [state.engine.name(c) for c in cards]


def swept(rules: cc.Ruleset = RULES, castle: tuple[str, ...] = ("Patron", "c0", "Noble", "c2", "c3", "c4"),
          village: tuple[str, ...] = ("Sweeper", "Ragpicker", "v9", "v0", "v1", "v2")) -> cc.GameState:
    """Seat 0 bought the Sweeper: the castle discard pile holds Patron, c0, Noble (Noble on top), the village one
    v0; seat 1 to play, the village row Ragpicker, v9, v1."""
    state = game(rules, castle=list(castle), village=list(village)).apply(take("Sweeper"))
    assert names(state, state.locations[0].discard) == ["Patron", "c0", "Noble"]
    assert names(state, state.locations[1].discard) == ["v0"]
    return state


def asking() -> cc.GameState:
    """Seat 1 bought the Ragpicker and is asked which card to put under its deck."""
    return swept().apply(take("Ragpicker"))


# ---------------------------------------------------------------- the language


def test_the_ragpicker_is_written_said_and_formatted_back() -> None:
    (effect,) = RAGPICKER.ability
    assert effect == m.ReturnToDeck(None, bottom=True, reward=m.CostIn.GOLD)
    assert effect.ccl() == "put a card from either discard pile on the bottom of its deck for its cost in gold"
    assert effect.describe() == (
        "Put a card of your choice from the castle discard pile or the village discard pile at the bottom of its own "
        "deck (a castle card on the castle deck, a village card on the village deck) and gain gold equal to its "
        "printed cost: every player sees it, and it is drawn after every other card of that deck (an empty deck "
        "becomes that card; nothing happens with an empty pile).")
    keys = one("Rag", "when bought: put the top card of the castle discard pile on the bottom of the castle deck "
               "for its cost in keys", FREE)
    assert keys.ability == (m.ReturnToDeck(C, True, C, True, m.CostIn.KEYS),)
    on_top = one("Rag", "when bought: put one card from the village discard pile on top of its deck for its cost "
                 "in gold", FREE)
    assert on_top.ability == (m.ReturnToDeck(V, reward=m.CostIn.GOLD),)
    assert on_top.ability[0].describe().startswith(
        "Put a card of your choice from the village discard pile on top of the village deck and gain gold equal to "
        "its printed cost: every player sees it, and it is revealed by the next refill")
    plain = one("Rag", "when bought: put a card from the castle discard pile on the bottom of the castle deck", FREE)
    assert plain.ability == (m.ReturnToDeck(C, onto=C, bottom=True),)
    for card in (RAGPICKER, keys, on_top, plain):
        assert parse_text(format_card(card))[0] == card


def test_a_card_never_goes_under_another_locations_deck() -> None:
    with pytest.raises(cc.CardValidationError, match="a card goes back on the bottom of its own location's deck: a "
                                                    "castle card never goes into the village deck") as refused:
        one("Wrong", "when bought: put a card from the castle discard pile on the bottom of the village deck", FREE)
    assert "write 'on the bottom of the castle deck'" in str(refused.value)
    with pytest.raises(cc.CardValidationError, match="write 'on the bottom of its deck'"):
        one("Wrong", "when bought: put a card from either discard pile on the bottom of the castle deck", FREE)


def test_a_card_put_under_its_deck_at_the_end_of_the_game_is_refused() -> None:
    with pytest.raises(cc.CardValidationError, match="is never revealed: no row is refilled after it"):
        one("Late", "at the end of the game: put the top card of the castle discard pile on the bottom of the castle "
            "deck for its cost in gold", FREE)


def test_the_choice_is_refused_between_turns_but_the_top_card_needs_none() -> None:
    with pytest.raises(cc.CardValidationError, match="cannot happen at the start of a turn"):
        one("Early", "at the start of your turn: put a card from either discard pile on the bottom of its deck for "
            "its cost in gold", FREE)
    early = one("Early", "at the start of your turn: put the top card of the castle discard pile on the bottom of "
                "the castle deck for its cost in gold", FREE)
    assert m.ReturnToDeck(C, True, C, True, m.CostIn.GOLD) in m.walk(early)


def test_a_cost_in_anything_but_gold_keys_or_points_is_refused_naming_the_words() -> None:
    with pytest.raises(cc.CardSyntaxError, match="gold"):
        one("Rag", "when bought: put a card from either discard pile on the bottom of its deck for its cost in "
            "shields", FREE)


def test_a_fan_writing_the_ragpickers_words_is_shown_the_phrase() -> None:
    facts = "deck village   cost 1   shields peasantry"
    words = ("choose a card in the castle or village discard pile; gain gold equal to its printed cost, then put "
             "that card at the bottom of its deck")
    with pytest.raises(cc.CardSyntaxError, match="write 'when bought: put a card from either discard pile on the "
                                                 "bottom of its deck for its cost in gold'"):
        parse_text(f'card "Fan" {{\n    {facts}\n    when bought: {words}\n}}\n')
    with pytest.raises(cc.CardSyntaxError, match="for its cost in keys"):
        parse_text(f'card "Fan" {{\n    {facts}\n    when bought: put a card from either discard pile at the bottom '
                   "of its deck and gain keys equal to its cost\n}\n")


# ---------------------------------------------------------------- the rulings


def test_any_card_of_either_pile_may_be_chosen_not_only_the_top_one() -> None:
    state = asking()
    assert state.pending is not None and state.pending.decision == ChooseReturn((0, 1))
    assert state.to_act == 1
    assert state.legal_actions() == (ReturnCard("Noble"), ReturnCard("c0"), ReturnCard("Patron"), ReturnCard("v0"))


def test_the_printed_cost_is_gained_not_a_discounted_one_so_the_patron_gives_7() -> None:
    before = asking()
    discounted = before.replace(players=tuple(
        p.replace(discounts=(3, 3)) if k == 1 else p for k, p in enumerate(before.players)))
    for state in (before, discounted):
        gold = state.players[1].gold
        after = state.apply(ReturnCard("Patron"))
        assert after.players[1].gold == gold + 7


def test_with_both_piles_empty_nothing_happens_and_nothing_is_gained() -> None:
    before = game(RULES, castle=["Patron"], village=["Ragpicker", "v0", "v1", "v2"])
    gold = before.players[0].gold
    state = before.apply(take("Ragpicker"))
    assert state.pending is None and state.current_player == 1
    assert state.players[0].gold == gold - 1
    assert state.locations[0].deck == before.locations[0].deck


def test_a_card_discarded_earlier_this_turn_may_be_chosen() -> None:
    digger = one("Digger", "when bought: discard the top card of the castle deck then put a card from the castle "
                 "discard pile on the bottom of its deck for its cost in gold", FREE)
    rules = ruleset(digger, PATRON, NOBLE)
    state = game(rules, castle=["c0", "c1", "c2", "Patron"], village=["Digger"]).apply(take("Digger"))
    assert state.legal_actions() == (ReturnCard("Patron"),)
    gold = state.players[0].gold
    state = state.apply(ReturnCard("Patron"))
    assert state.players[0].gold == gold + 7 and names(state, state.locations[0].deck)[-1] == "Patron"


def test_the_card_goes_to_the_bottom_of_its_own_deck() -> None:
    before = asking()
    castle = before.locations[0].deck
    state = before.apply(ReturnCard("Noble"))
    assert state.locations[0].deck == castle + (state.engine.ids["Noble"],)
    assert names(state, state.locations[0].discard) == ["Patron", "c0"]
    state = before.apply(ReturnCard("v0"))
    assert names(state, state.locations[1].deck)[-1] == "v0" and state.locations[1].discard == ()
    assert "v0" not in [c.name for c in state.row(V)]  # the gap of step 4 was refilled from the top, not with it


def test_on_an_empty_deck_the_card_becomes_its_only_card_known_on_top() -> None:
    rules = ruleset(RAGPICKER, SWEEPER, PATRON, NOBLE, castle=6)
    state = swept(rules, ("Patron", "c0", "Noble", "c1", "c2", "c3")).apply(take("Ragpicker"))
    assert state.locations[0].deck == ()
    gold = state.players[1].gold
    state = state.apply(ReturnCard("Noble"))
    assert names(state, state.locations[0].deck) == ["Noble"] and state.players[1].gold == gold + 5
    assert state.known == ((0, 0, 1), (0, 1, 1))  # the whole deck: every seat knows it is the top card too
    for seat in (0, 1):
        assert state.view(seat).locations[0].deck == state.locations[0].deck


def test_taken_face_down_nothing_happens() -> None:
    before = swept()
    state = before.apply(take("Ragpicker", face_down=True))
    assert state.pending is None
    assert state.locations[0].discard == before.locations[0].discard
    assert state.players[1].gold == before.apply(take("v9", face_down=True)).players[1].gold  # the face-down gold


def test_the_cost_may_be_gained_in_keys() -> None:
    locksmith = one("Locksmith", "when bought: put a card from the castle discard pile on the bottom of its deck "
                    "for its cost in keys", FREE)
    rules = ruleset(locksmith, SWEEPER, PATRON, NOBLE)
    state = swept(rules, village=("Sweeper", "Locksmith", "v9", "v0")).apply(take("Locksmith"))
    keys = state.players[1].keys
    state = state.apply(ReturnCard("Noble"))
    assert state.players[1].keys == keys + 5


def test_the_cost_may_be_kept_as_points_on_this_card() -> None:
    collector = one("Collector", "when bought: put a card from the castle discard pile on the bottom of its deck "
                    "for its cost in points", FREE)
    assert collector.ability == (m.ReturnToDeck(C, bottom=True, reward=m.CostIn.POINTS),)
    assert collector.ability[0].describe().startswith(
        "Put a card of your choice from the castle discard pile at the bottom of the castle deck and gain points "
        "equal to its printed cost (added to this card's score): every player sees it")
    assert parse_text(format_card(collector))[0] == collector
    rules = ruleset(collector, SWEEPER, PATRON, NOBLE)
    state = swept(rules, village=("Sweeper", "Collector", "v9", "v0")).apply(take("Collector"))
    gold, keys = state.players[1].gold, state.players[1].keys
    state = state.apply(ReturnCard("Patron"))
    (placed,) = state.players[1].tableau
    assert placed.points == 7 and (state.players[1].gold, state.players[1].keys) == (gold, keys)
    assert state.provisional_scores()[1].cards[0][0] == 7  # the score sheet adds the points kept on the card


def test_the_top_card_of_a_pile_goes_under_its_deck_without_a_question() -> None:
    binman = one("Binman", "when bought: put the top card of the castle discard pile on the bottom of the castle "
                 "deck for its cost in gold", FREE)
    rules = ruleset(binman, SWEEPER, PATRON, NOBLE)
    state = swept(rules, village=("Sweeper", "Binman", "v9", "v0"))
    gold = state.players[1].gold
    state = state.apply(take("Binman"))
    assert state.pending is None and state.current_player == 0
    assert names(state, state.locations[0].deck)[-1] == "Noble" and state.players[1].gold == gold + 5
    assert names(state, state.locations[0].discard) == ["Patron", "c0"]


# ---------------------------------------------------------------- what everyone knows


def test_no_seat_knows_more_of_the_top_and_views_hold_the_card_among_the_unseen() -> None:
    state = asking().apply(ReturnCard("Noble"))
    noble = state.engine.ids["Noble"]
    assert state.known == ()
    for seat in (0, 1):
        deck = state.view(seat).locations[0].deck
        assert noble in deck and list(deck) == sorted(deck)  # one of the unseen cards, in the canonical order
        for k in range(3):
            assert sorted(determinize(state.view(seat), random.Random(k)).locations[0].deck) == sorted(deck)


def test_a_seat_that_knew_the_whole_deck_knows_the_card_under_it() -> None:
    scout = one("Scout", "when bought: look at the top 3 cards of the castle deck and put them back in any order",
                FREE)
    rules = ruleset(RAGPICKER, SWEEPER, PATRON, NOBLE, scout, castle=9)
    state = game(rules, castle=["Patron", "c0", "Noble", "c2", "c3", "c4"],
                 village=["Sweeper", "Scout", "Ragpicker", "v0", "v1", "v2"])
    state = state.apply(take("Sweeper"))
    state = state.apply(take("Scout"))
    while state.pending is not None:
        state = state.apply(state.legal_actions()[0])
    assert state.known == ((0, 1, 3),) and len(state.locations[0].deck) == 3
    state = state.apply(take("Ragpicker", 1, 0)).apply(ReturnCard("Noble"))
    assert state.known == ((0, 1, 4),)
    assert state.view(1).locations[0].deck == state.locations[0].deck
    for saved in (state, state.view(0), state.view(1)):
        assert cc.loads(cc.dumps(saved), rules=rules) == saved


def test_a_deal_again_keeps_the_card_at_the_bottom_and_still_replays() -> None:
    state = asking().apply(ReturnCard("Noble"))
    again = redeal(state, random.Random(1))
    assert again.locations[0].deck[-1] == state.engine.ids["Noble"]
    assert sorted(again.locations[0].deck) == sorted(state.locations[0].deck)
    assert cc.replay(again.record(), rules=RULES) == again


def test_games_with_cards_put_under_their_decks_dealt_again_at_any_point_still_replay() -> None:
    rags = [one(f"Rag {i}", "when bought: put a card from either discard pile on the bottom of its deck for its cost "
                "in gold", FREE) for i in range(4)]
    bins = [one(f"Bin {i}", "when bought: put the top card of the village discard pile on the bottom of the village "
                "deck for its cost in keys", FREE) for i in range(3)]
    rules = ruleset(RAGPICKER, SWEEPER, PATRON, NOBLE, *rags, *bins, castle=20, village=20)
    answered = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = cc.new_game(players=2 + seed % 2, rules=rules, seed=seed)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            answered += isinstance(action, ReturnCard)
            state = state.apply(action)
            again = redeal(state, rng)
            for seat in range(len(state.players)):
                assert again.view(seat) == state.view(seat)
            assert cc.replay(again.record(), rules=rules) == again
        assert cc.loads(cc.dumps(state), rules=rules) == state
    assert answered > 0


# ---------------------------------------------------------------- saves and narration


def test_the_question_is_the_put_backs_and_saves_and_replays() -> None:
    state = asking()
    data = json.loads(cc.dumps(state))
    assert data["pending"]["decision"] == {"kind": "return", "decks": ["castle", "village"]}
    assert cc.loads(cc.dumps(state), rules=RULES) == state
    after = state.apply(ReturnCard("Patron"))
    assert cc.loads(cc.dumps(after), rules=RULES) == after
    assert cc.replay(after.record(), rules=RULES) == after


def test_the_narration_says_the_card_goes_to_the_bottom() -> None:
    before = asking()
    assert before.pending is not None
    assert "to put back on its deck for Ragpicker" in before.pending.decision.owed(before, "Ragpicker")
    after = before.apply(ReturnCard("Patron"))
    said = narration.narrate(before, ReturnCard("Patron"), after, ["Ann", "Bob"])
    assert said.startswith("Bob puts Patron from the castle discard pile back at the bottom of the castle deck")
    assert "looks" not in said


# ---------------------------------------------------------------- bots and random games


def test_the_greedy_and_mcts_bots_answer_which_card_goes_under() -> None:
    from castle_combo.bots import GreedyAgent, MctsAgent

    state = asking()
    for agent in (GreedyAgent(), MctsAgent(iterations=20)):
        chosen = agent.choose(state.view(1), random.Random(0))
        assert isinstance(chosen, ReturnCard) and chosen in state.legal_actions()


def test_the_fast_take_agrees_with_the_general_path_with_cards_put_under_their_decks() -> None:
    from test_engine_fast_paths import play_both_ways

    bins = [one(f"Bin {i}", "when bought: put the top card of the castle discard pile on the bottom of the castle "
                "deck for its cost in gold", FREE) for i in range(4)]
    for seed in range(3):
        play_both_ways(ruleset(RAGPICKER, SWEEPER, PATRON, NOBLE, *bins), 2 + seed, seed)


def _tight_with_bottoms(players: int) -> cc.Ruleset:
    """The tight synthetic set of the engine's properties, every fourth card of it putting a card under its deck
    (of either pile or the top card of one), for its cost in gold, in keys or for nothing."""
    import attrs
    from test_engine_properties import tight_variant

    under = (m.ReturnToDeck(None, bottom=True, reward=m.CostIn.GOLD), m.ReturnToDeck(C, onto=C, bottom=True),
             m.ReturnToDeck(V, True, bottom=True, reward=m.CostIn.KEYS), m.ReturnToDeck(C, True, bottom=True))
    return tight_variant(players, "bottoms", lambda i, card: attrs.evolve(card, ability=(*card.ability,
                                                                                         under[i % 4]))
                         if i % 4 == 1 else card)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_play_with_cards_put_under_their_decks_keeps_every_invariant(players: int) -> None:
    from test_engine_properties import play_keeping_invariants

    rules = _tight_with_bottoms(players)
    under = 0

    def known_on_top(before: cc.GameState, action: cc.Action, state: cc.GameState) -> None:
        nonlocal under
        for d, s, n in state.known:  # what a seat knows lies on top of the deck, in every view of it
            assert state.view(s).locations[d].deck[:n] == state.locations[d].deck[:n]
        for d in (0, 1):
            gone = [c for c in before.locations[d].discard if c not in state.locations[d].discard
                    and c in state.locations[d].deck]
            under += sum(1 for c in gone if state.locations[d].deck[-1] == c and len(state.locations[d].deck) > 1)

    for seed in range(6):
        play_keeping_invariants(rules, players, 100 * players + seed, known_on_top)
    assert under > 0


def test_the_terminal_says_the_card_goes_to_the_bottom() -> None:
    from castle_combo.cli._play_input import prompt_lines

    state = asking()
    shown = " ".join(prompt_lines(state.view(1), state.legal_actions()))
    assert "put Patron on the bottom of its deck" in shown and "on top of" not in shown
