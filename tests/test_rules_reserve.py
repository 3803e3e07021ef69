"""The Notary's reserved card: "reserve a card from either row", one test per ruling of the rules page
("Fan mechanics": "A reserved card").

Each card is written in the card language, as a fan would write it, and played through the public API.

The reference engine (tests/reference_engine.py) and the differential soak do not draw reserve cards: the
reference engine has no place for a card beside a tableau and no take of it in step 2, so a ruleset with one
would be a ruleset it cannot play, not a disagreement (see
:func:`test_the_differential_draws_no_reserve_card_which_the_reference_engine_cannot_play`). Here the rulings
are checked one by one, and random games (random moves, greedy and MCTS bots) play rulesets with reserve cards
to the end, their saves and replays read back equal.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from engine_kit import game, one, ruleset, take
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_properties import play_keeping_invariants, tight_variant

import castle_combo as cc
from castle_combo.adapters.encoding import ActionSpace
from castle_combo.bots.greedy import GreedyAgent
from castle_combo.engine.actions import Reserve, TakeReserved, action_from_json
from castle_combo.engine.decisions import ChooseReserve, decision_from_json
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m
from castle_combo.records import narration

VILLAGE = "deck village   cost 0   shields military"
NOTARY = one("Notary", "when bought: reserve a card from either row then gain 1 gold", VILLAGE)
CLERK = one("Clerk", "when bought: reserve a card from the castle row", VILLAGE)
NOBLE = one("Noble", "", "deck castle   cost 5   shields nobility")
HERALD = one("Herald", "", "deck castle   cost 2   shields nobility   messenger")
COUNTER = one("Counter", "when bought: gain 1 gold per nobility shield", VILLAGE)
RULES = ruleset(NOTARY, CLERK, NOBLE, HERALD, COUNTER)


def opening() -> cc.GameState:
    """Seat 0 to play, the messenger at the village; the Noble and the Herald in the castle row, the Notary and
    the Clerk in the village row."""
    state = game(RULES, castle=["Noble", "Herald", "c0"], village=["Notary", "Clerk", "v0", "v1", "v2", "v3"])
    assert state.messenger is cc.Deck.VILLAGE
    return state


def reserved(card: str = "Noble") -> cc.GameState:
    """Seat 0 bought the Notary and reserved ``card``; seat 1 took a village card: seat 0 to play again."""
    state = opening().apply(take("Notary")).apply(Reserve(card))
    return state.apply(take(state.row(cc.Deck.VILLAGE)[-1].name))


def reserved_takes(state: cc.GameState) -> list[TakeReserved]:
    return [a for a in state.legal_actions() if isinstance(a, TakeReserved)]


# ---------------------------------------------------------------- the language


def test_the_reserve_is_written_said_and_formatted_back() -> None:
    effect = NOTARY.ability[0]
    assert effect == m.ReserveCard() and effect.ccl() == "reserve a card from either row"
    assert effect.describe() == (
        "Reserve a card of your choice from the castle row or the village row, whatever the messenger's place: it "
        "lies face up beside your tableau (not in it), and on a later turn you may take it in step 2 instead of a "
        "card of the messenger's row (one reserved card at most: while you hold one, this does nothing; one never "
        "taken is discarded at the end of the game).")
    assert CLERK.ability == (m.ReserveCard(m.Deck.CASTLE),)
    assert CLERK.ability[0].ccl() == "reserve a card from the castle row"
    assert one("Scribe", "when bought: reserve one card from the village row", VILLAGE).ability == (
        m.ReserveCard(m.Deck.VILLAGE),)
    for card in (NOTARY, CLERK):
        assert parse_text(format_card(card))[0] == card


def test_a_reserve_at_the_end_of_the_game_is_refused() -> None:
    with pytest.raises(cc.CardValidationError, match="a card reserved at the end of the game could never be taken"):
        one("Late", "at the end of the game: reserve a card from either row")


def test_a_reserve_between_turns_is_refused_as_a_question_but_a_take_trigger_may_ask_it() -> None:
    with pytest.raises(cc.CardValidationError, match="cannot happen at the start of a turn"):
        one("Early", "at the start of your turn: reserve a card from either row")
    watcher = one("Watcher", "whenever you take a castle card: reserve a card from the village row", VILLAGE)
    assert watcher.on_take is not None


def test_a_fan_writing_reserve_a_card_is_shown_the_phrase() -> None:
    with pytest.raises(cc.CardSyntaxError, match="reserve a card from either row"):
        parse_text(f'card "Fan" {{\n    {VILLAGE}\n    when bought: reserve a card\n}}\n')


# ---------------------------------------------------------------- the rules


def test_a_reserve_asks_for_a_card_of_either_row_castle_first_whatever_the_messengers_place() -> None:
    state = opening().apply(take("Notary"))
    assert state.pending is not None and state.pending.decision == ChooseReserve((0, 1))
    castle = [c.name for c in state.row(cc.Deck.CASTLE)]
    village = [c.name for c in state.row(cc.Deck.VILLAGE)]
    assert state.legal_actions() == tuple(Reserve(name) for name in castle + village)


def test_a_reserve_from_a_named_row_asks_only_that_row() -> None:
    state = opening().apply(take("Clerk"))
    assert state.legal_actions() == tuple(Reserve(c.name) for c in state.row(cc.Deck.CASTLE))


def test_the_reserved_card_leaves_its_row_refilled_at_the_end_of_the_turn_and_the_ability_goes_on() -> None:
    before = opening().apply(take("Notary"))
    after = before.apply(Reserve("Noble"))
    assert after.players[0].reserved == (before.rules.names.index("Noble"),)
    assert after.reserved_card(0) is not None and after.reserved_card(0).name == "Noble"
    assert "Noble" not in {c.name for c in after.row(cc.Deck.CASTLE)}
    assert len(after.row(cc.Deck.CASTLE)) == 3  # refilled at the end of the turn
    assert after.players[0].gold == before.players[0].gold + 1  # "then gain 1 gold"
    assert after.current_player == 1


def test_a_reserved_card_is_not_in_the_tableau_and_no_count_sees_it() -> None:
    state = game(RULES, castle=["Noble", "Herald", "c0"], village=["Notary", "Counter", "v0", "v1", "v2"])
    state = state.apply(take("Notary")).apply(Reserve("Noble")).apply(take("v0"))
    assert len(state.players[0].tableau) == 1
    assert sum(state.players[0].shields) == 1 and state.players[0].banners == (0, 1)  # the Notary's only
    gold = state.players[0].gold
    counted = state.apply(take("Counter", 1, 0))  # "gain 1 gold per nobility shield": the Noble is not counted
    assert counted.players[0].gold == gold


def test_taking_the_reserved_card_is_an_ordinary_take_paid_after_discounts_its_ability_resolving() -> None:
    state = reserved("Noble")
    gold = state.players[0].gold
    after = state.apply(TakeReserved((1, 0)))
    assert after.players[0].gold == gold - 5 and after.players[0].reserved == ()
    assert [after.engine.name(c.card) for c in after.players[0].tableau] == ["Notary", "Noble"]
    assert after.players[0].shields != state.players[0].shields  # now in the tableau: its shield counts
    assert after.current_player == 1 and after.taken == state.taken + 1  # the turn's card


def test_the_reserved_card_may_be_taken_face_down_for_6_gold_and_2_keys() -> None:
    state = reserved("Noble")
    after = state.apply(TakeReserved((1, 0), face_down=True))
    assert (after.players[0].gold, after.players[0].keys) == (state.players[0].gold + 6, state.players[0].keys + 2)
    assert after.players[0].tableau[-1].face_down


def test_the_reserved_cards_messenger_icon_moves_the_messenger_as_usual() -> None:
    state = reserved("Herald")
    assert state.messenger is cc.Deck.VILLAGE
    state = state.apply(cc.UseKey(cc.KeyUse.MOVE))  # a key may still be spent in step 1
    assert state.messenger is cc.Deck.CASTLE and reserved_takes(state)
    after = state.apply(TakeReserved((1, 0)))
    assert after.messenger is cc.Deck.VILLAGE  # a castle card's icon sends the messenger to the village


def test_a_one_time_discount_is_spent_by_taking_the_reserved_card() -> None:
    state = reserved("Noble")
    state = state.replace(players=(state.players[0].replace(next_discounts=(0, 3, 0)), state.players[1]))
    gold = state.players[0].gold
    after = state.apply(TakeReserved((1, 0)))
    assert after.players[0].gold == gold - 2 and after.players[0].next_discounts == (0, 0, 0)


def test_the_reserved_card_is_offered_after_the_rows_face_up_only_when_affordable() -> None:
    state = reserved("Noble")
    spots = state.players[0].spots
    assert reserved_takes(state) == [TakeReserved(at) for at in spots] + [TakeReserved(at, True) for at in spots]
    assert isinstance(state.legal_actions()[-1], TakeReserved)
    poor = state.replace(players=(state.players[0].replace(gold=4), state.players[1]))
    assert reserved_takes(poor) == [TakeReserved(at, True) for at in spots]
    with pytest.raises(cc.IllegalAction, match=r"Noble \(your reserved card\) costs 5 after discounts, you have 4"):
        poor.apply(TakeReserved((1, 0)))


def test_only_its_owner_may_take_it_and_not_without_one_or_after_a_card_is_taken() -> None:
    state = opening()
    with pytest.raises(cc.IllegalAction, match="seat 0 has no reserved card"):
        state.apply(TakeReserved((1, 0)))
    state = reserved("Noble")
    later = state.apply(take(state.row(cc.Deck.VILLAGE)[0].name, 1, 0))
    assert later.current_player == 1 and not reserved_takes(later)  # seat 1 holds none
    assert later.players[0].reserved == state.players[0].reserved  # it waits for a later turn
    asking = opening().apply(take("Notary"))
    with pytest.raises(cc.IllegalAction, match="first reserve a card"):
        asking.apply(TakeReserved((1, 0)))


def test_one_reserved_card_at_most_a_second_reserve_does_nothing() -> None:
    state = reserved("Noble")
    clerk_row = state.row(cc.Deck.VILLAGE)
    assert "Clerk" in {c.name for c in clerk_row}
    after = state.apply(take("Clerk", 1, 0))
    assert after.pending is None and after.current_player == 1  # nothing was asked
    assert after.players[0].reserved == state.players[0].reserved


def test_a_reserved_card_never_taken_is_discarded_at_the_end_of_the_game() -> None:
    state = reserved("Noble")
    rng = random.Random(1)
    while not state.is_over:
        moves = [a for a in state.legal_actions() if not isinstance(a, TakeReserved)]
        before, action = state, rng.choice(moves)
        state = state.apply(action)
    assert all(not p.reserved for p in state.players)
    noble = state.rules.names.index("Noble")
    location = state.location(cc.Deck.CASTLE)
    assert noble in location.discard or noble in location.removed
    said = narration.narrate(before, action, state, ["Ann", "Bob"])
    assert "Ann's reserved Noble is discarded at the end of the game" in said
    assert all(c.card != noble for p in state.players for c in p.tableau)


def test_taking_the_reserved_card_fires_the_take_triggers_as_any_take() -> None:
    watcher = one("Watcher", "whenever you take a castle card: gain 2 keys", VILLAGE)
    rules = ruleset(NOTARY, NOBLE, watcher)
    state = game(rules, castle=["Noble", "c0", "c1"], village=["Watcher", "Notary", "v0", "v1", "v2"])
    state = state.apply(take("Watcher")).apply(take("v0"))
    state = state.apply(take("Notary", 1, 0)).apply(Reserve("Noble"))
    state = state.apply(take(state.row(cc.Deck.VILLAGE)[0].name, 1, 0))
    keys = state.players[0].keys
    assert state.apply(TakeReserved((2, 0))).players[0].keys == keys + 2


# ---------------------------------------------------------------- public, saved, shown


def test_the_reserved_card_is_public_in_every_view() -> None:
    state = reserved("Noble")
    assert state.view(1).players[0].reserved == state.players[0].reserved
    assert state.view(1).determinize(random.Random(0)).players[0].reserved == state.players[0].reserved
    assert "(reserved beside the tableau: Noble)" in str(state)
    assert "reserved: Noble" in cc.pictures.table(state.picture())


def test_the_reserved_card_is_kept_in_saves_and_replays_and_a_save_without_it_still_loads() -> None:
    state = reserved("Noble")
    data = json.loads(cc.dumps(state))
    assert data["players"][0]["reserved"] == ["Noble"] and "reserved" not in data["players"][1]
    assert cc.loads(cc.dumps(state), rules=RULES) == state
    played = state.apply(TakeReserved((1, 0)))
    assert cc.replay(played.record(), rules=RULES) == played
    assert cc.loads(cc.dumps(played), rules=RULES) == played


def test_a_save_with_an_impossible_reserve_is_refused_naming_the_place_and_the_fix() -> None:
    data = {**json.loads(cc.dumps(reserved("Noble"))), "history": [], "origin": None}
    two = json.loads(json.dumps(data))
    two["players"][0]["reserved"] = ["Noble", "Herald"]
    two["locations"]["castle"]["row"].remove("Herald")
    with pytest.raises(cc.RecordError, match=r"\$\.players\[0\]\.reserved: a player holds one reserved card at "
                                             r"most, not 2; keep one"):
        cc.loads(json.dumps(two), rules=RULES)
    twice = json.loads(json.dumps(data))
    twice["players"][1]["reserved"] = ["Noble"]
    with pytest.raises(cc.RecordError, match=r"\$\.players\[1\]\.reserved\[0\]: Noble is also at"):
        cc.loads(json.dumps(twice), rules=RULES)
    plain = ruleset(one("Notary", "when bought: gain 1 gold", VILLAGE), one("Clerk", "", VILLAGE), NOBLE, HERALD,
                    COUNTER)
    with pytest.raises(cc.RecordError, match=r"no card of this ruleset reserves a card .*remove \"reserved\""):
        cc.loads(json.dumps(data), rules=plain)


def test_the_new_actions_and_decision_round_trip_through_json() -> None:
    for action in (Reserve("Noble"), TakeReserved((1, -1)), TakeReserved((0, 1), face_down=True)):
        assert action_from_json(json.loads(json.dumps(action.to_json()))) == action
    assert TakeReserved((1, 0)).to_json() == {"type": "take_reserved", "at": [1, 0], "face_down": False}
    assert Reserve("Nun").to_json() == {"type": "reserve", "card": "Nun"}
    with pytest.raises(cc.RecordError, match=r"\$\.at: expected \[x, y\]"):
        action_from_json({"type": "take_reserved", "at": [1], "face_down": False})
    with pytest.raises(cc.RecordError, match="unknown field for a 'take_reserved' action"):
        action_from_json({"type": "take_reserved", "card": "Nun", "at": [1, 0], "face_down": False})
    for decision in (ChooseReserve((0, 1)), ChooseReserve((1,))):
        assert decision_from_json(decision.to_json()) == decision
    with pytest.raises(cc.RecordError, match="expected"):
        decision_from_json({"kind": "reserve", "decks": ["village", "castle"]})


def test_the_narration_says_what_was_reserved_and_taken() -> None:
    before = opening().apply(take("Notary"))
    after = before.apply(Reserve("Noble"))
    said = narration.narrate(before, Reserve("Noble"), after, ["Ann", "Bob"])
    assert said.startswith("Ann reserves Noble from the castle row (face up beside the tableau, for a later turn)")
    assert narration.narrate(before, Reserve("Noble"), after, ["you", "Bob"]).startswith("you reserve Noble")
    state = reserved("Noble")
    said = narration.narrate(state, TakeReserved((1, 0)), state.apply(TakeReserved((1, 0))), ["Ann", "Bob"])
    assert said.startswith("Ann takes the reserved Noble face up at (1, 0), pays 5 gold")


def test_the_terminal_takes_and_reserves_by_their_compact_syntax_and_shows_the_reserve() -> None:
    from castle_combo.cli import tui
    from castle_combo.cli._play_input import BadInput, compact, parse_input, prompt_lines

    asking = opening().apply(take("Notary"))
    assert parse_input("reserve nob", asking.legal_actions()).action == Reserve("Noble")
    state = reserved("Noble")
    legal = state.legal_actions()
    assert "your reserved Noble: reserved x y" in prompt_lines(state, legal)[1]
    assert parse_input("reserved 1 0", legal).action == TakeReserved((1, 0))
    assert parse_input("reserved 1 0 down", legal).action == TakeReserved((1, 0), True)
    assert compact(TakeReserved((1, 0), True)) == "reserved 1 0 down"
    with pytest.raises(BadInput, match="is not a free spot"):
        parse_input("reserved 5 5", legal)
    with pytest.raises(BadInput, match="no reserved card"):
        parse_input("reserved 1 0", opening().legal_actions())
    from rich.console import Console

    console = Console(width=100, record=True)
    console.print(tui.rows_panel(state.view(1), 1))
    assert "Reserved: seat 0 Noble" in console.export_text()
    console.print(tui.screen(state.view(1), 1, ["Ann", "Bob"]))
    assert "Reserved: Ann Noble" in console.export_text()  # in the game, the holder by name


def test_the_rl_action_space_grows_only_with_a_card_that_reserves() -> None:
    pytest.importorskip("numpy", reason="the RL observation needs the rl extra (numpy)")
    space = ActionSpace(RULES, 2)
    plain = ActionSpace(ruleset(one("Notary", "", VILLAGE), one("Clerk", "", VILLAGE), NOBLE, HERALD, COUNTER), 2)
    n = len(RULES.names)
    assert space.size == plain.size + n + 25 * 2
    # a place per seat for each card, and the reserve's place in the pending decision's one-hot
    assert space.observation_size == plain.observation_size + n * 2 + 1
    state = reserved("Noble")
    for action in state.legal_actions() + opening().apply(take("Notary")).legal_actions():
        assert space.decode(space.encode(action)) == action
    seen = space.observe(state, 1)
    noble = state.rules.names.index("Noble")
    per = space._per_card
    assert seen[noble * per + 6 + 2 * 2 + 1] == 1  # reserved by the seat after the observer (seat 0)
    with pytest.raises(cc.errors.EncodingError, match="no card of this ruleset reserves"):
        plain.encode(TakeReserved((0, 1)))


# ---------------------------------------------------------------- bots and random games


def test_the_greedy_bot_takes_its_reserved_card_when_it_is_the_best() -> None:
    gift = one("Gift", "when bought: gain 3 keys", "deck castle   cost 0   shields nobility")
    rules = ruleset(NOTARY, gift)
    state = game(rules, castle=["Gift", "c0", "c1"], village=["Notary", "v0", "v1", "v2"])
    state = state.apply(take("Notary")).apply(Reserve("Gift"))
    state = state.apply(take(state.row(cc.Deck.VILLAGE)[0].name))
    chosen = GreedyAgent().choose(state.view(0), random.Random(0))
    assert isinstance(chosen, TakeReserved) and not chosen.face_down


def test_random_and_bot_games_with_reserve_cards_play_to_the_end_and_save() -> None:
    from castle_combo.bots import MctsAgent

    scribes = [one(f"Scribe {i}", "when bought: reserve a card from either row", VILLAGE) for i in range(6)]
    rules = ruleset(NOTARY, CLERK, NOBLE, HERALD, *scribes)
    kinds: dict[type, int] = {Reserve: 0, TakeReserved: 0}
    for seed in range(6):
        rng = random.Random(seed)
        players = 2 + seed % 3
        state = cc.new_game(players=players, rules=rules, seed=seed)
        agents = [GreedyAgent(), MctsAgent(iterations=15)] * 3
        while not state.is_over:
            seat = state.to_act
            legal = state.legal_actions()
            action = rng.choice(legal) if rng.random() < 0.4 else agents[seat].choose(state.view(seat), rng)
            if type(action) in kinds:
                kinds[type(action)] += 1
            state = state.apply(action)
        assert all(len(p.tableau) == 9 and not p.reserved for p in state.players)
        assert cc.loads(cc.dumps(state), rules=rules) == state
        assert cc.replay(state.record(), rules=rules) == state
    assert kinds[Reserve] > 0 and kinds[TakeReserved] > 0


def test_the_differential_draws_no_reserve_card_which_the_reference_engine_cannot_play() -> None:
    """The reference engine models no card beside a tableau and no take of it in step 2: a ruleset with a reserve
    card is left out of the differential (its random rulesets never draw one), and these rules tests, the random
    games above and the fast-path comparison below check the engine instead."""
    from differential import random_ruleset

    for seed in range(12):
        rules = random_ruleset(random.Random(seed), 2 + seed % 4, locks=True, fan=True, algebra=True, lasting=True,
                               swaps=True, takes=True, either=True, owed=True)
        assert not any(isinstance(node, m.ReserveCard) for card in rules.cards for node in m.walk(card))


def test_the_fast_take_stays_off_in_a_ruleset_with_a_reserve_card_and_the_general_path_agrees() -> None:
    from test_engine_fast_paths import play_both_ways

    scribes = [one(f"Scribe {i}", "when bought: reserve a card from either row", VILLAGE) for i in range(4)]
    for seed in range(3):
        play_both_ways(ruleset(NOTARY, NOBLE, HERALD, *scribes), 2 + seed, seed)


# ---------------------------------------------------------------- random-game properties


def _tight_with_reserves(players: int) -> cc.Ruleset:
    """The tight synthetic set of the engine's properties (reshuffles, exhausted locations, locks, choices,
    discards, gold in rows), every fourth card of it reserving a card (from either row, or a named one)."""
    import attrs

    reserves = (m.ReserveCard(), m.ReserveCard(m.Deck.CASTLE), m.ReserveCard(m.Deck.VILLAGE))
    return tight_variant(players, "reserves", lambda i, card: attrs.evolve(card, ability=(reserves[i % 3],
                                                                                           *card.ability))
                         if i % 4 == 1 else card)


TIGHT_RESERVES = {n: _tight_with_reserves(n) for n in range(2, 6)}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 5), st.integers(0, 2**32 - 1))
def test_random_play_with_reserves_keeps_every_invariant(players: int, seed: int) -> None:
    takes: Counter[int] = Counter()

    def one_reserve_at_most(before: cc.GameState, action: cc.Action, state: cc.GameState) -> None:
        assert all(len(p.reserved) <= 1 for p in state.players)
        if isinstance(action, (cc.Take, TakeReserved)):
            takes[before.current_player] += 1

    state = play_keeping_invariants(TIGHT_RESERVES[players], players, seed, one_reserve_at_most)
    assert takes == Counter({seat: 9 for seat in range(players)})
    assert all(len(p.tableau) == 9 and not p.reserved for p in state.players)
