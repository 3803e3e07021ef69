"""Differential audit: the engine and an independent reference agree move by move.

Every game is played through the public API with a seeded policy; the same
actions go to ``reference_engine.RefGame``, a literal re-statement of
RULINGS.md that shares no code with the engine. After every action the two
must agree on every seat's gold, keys, tableau and stored gold, both rows,
discard piles, removed cards, deck sizes, exhaustion, the messenger, whose
turn it is and the set of legal actions; at the end on every score sheet and
the winners (see ``differential.py``). The long version is
``benchmarks/differential_soak.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from differential import play_and_compare, random_ruleset, rulesets
from hypothesis import given, settings
from hypothesis import strategies as st

from castle_combo.language import model as m

STYLES = ("uniform", "buyer", "keys")
RULESETS = rulesets()


def every_other(seed: int) -> bool:
    """Half the games (the even seeds) draw the construct."""
    return seed % 2 == 0


def _play_chunk(chunk: int, size: int, **kinds: bool | Callable[[int], bool]) -> None:
    """Games ``chunk * size`` to ``(chunk + 1) * size`` (2 to 5 players, each policy, each first player) of small
    random rulesets drawing ``kinds`` (``random_ruleset``'s flags; a function of the seed for some games only),
    compared with the reference action by action."""
    for seed in range(chunk * size, (chunk + 1) * size):
        rng = random.Random(seed)
        players = 2 + seed % 4
        flags = {kind: drawn(seed) if callable(drawn) else drawn for kind, drawn in kinds.items()}
        rules = random_ruleset(rng, players, **flags)
        play_and_compare(rules, players, seed, STYLES[seed % 3], first_player=seed % players)


def _games_disagree(count: int, style: str | None = None, **kinds: bool) -> bool:
    """Whether any of ``count`` random games of rulesets drawing ``kinds`` disagrees with the reference (each
    policy in turn, or ``style``): how a planted fault is shown to be caught."""
    from differential import Mismatch

    for seed in range(count):
        rng = random.Random(seed)
        players = 2 + seed % 4
        try:
            play_and_compare(random_ruleset(rng, players, **kinds), players, seed, style or STYLES[seed % 3])
        except Mismatch:
            return True
    return False


@pytest.mark.parametrize("name", sorted(RULESETS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_real_cards_agree_with_the_reference(name: str, players: int) -> None:
    """The 78 standard cards (with the fan expansion, or the official one), 2 to 5 players, every policy."""
    for seed in range(18):
        actions = play_and_compare(
            RULESETS[name], players, 1000 * players + seed, STYLES[seed % 3], first_player=seed % players
        )
        assert actions >= 9 * players


@pytest.mark.parametrize("chunk", range(8))
def test_small_random_rulesets_agree_with_the_reference(chunk: int) -> None:
    """Random cards from every model construct, so few that reshuffles and exhaustion happen often."""
    _play_chunk(chunk, 50)


@pytest.mark.parametrize("chunk", range(4))
def test_small_random_rulesets_with_lock_cards_agree_with_the_reference(chunk: int) -> None:
    """Random lock cards, whole-row discards with bonuses, copies of adjacent abilities and the new counts."""
    _play_chunk(chunk, 50, locks=True)


@pytest.mark.parametrize("chunk", range(3))
def test_small_random_rulesets_with_fan_mechanics_agree_with_the_reference(chunk: int) -> None:
    """Conditional effects, taking, adjacent and pile counts, triggers, comparisons, copied scoring, wild shields."""
    _play_chunk(chunk, 50, locks=every_other, fan=True)


@pytest.mark.parametrize("chunk", range(2))
def test_small_random_rulesets_of_the_languages_parts_agree_with_the_reference(chunk: int) -> None:
    """Any filter, noun, scope, quantifier and comparison; losses, effects on each player, optional costs, the
    messenger, named rows, face-down cards turned up, end-of-turn triggers: whole games, action by action."""
    _play_chunk(chunk, 30, algebra=True)


@pytest.mark.parametrize("chunk", range(2))
def test_one_time_discounts_and_effects_at_the_end_of_this_turn_agree_with_the_reference(chunk: int) -> None:
    """Discounts on the next card (of any deck or of one), spent by the next take, face down too; effects set aside
    until the end of the turn, asking there, copied, after a lock opened at the end of the turn."""
    _play_chunk(chunk, 30, lasting=True)


@pytest.mark.parametrize("chunk", range(2))
def test_swaps_of_cards_of_a_tableau_agree_with_the_reference(chunk: int) -> None:
    """Two cards of a tableau swapped (of any filter, or this card with an adjacent one), optional, at the end of
    the turn, copied from an adjacent card; counts of adjacent cards read after: whole games, action by action."""
    _play_chunk(chunk, 30, swaps=True)


@pytest.mark.parametrize("chunk", range(2))
def test_triggers_on_key_spends_and_the_messengers_moves_agree_with_the_reference(chunk: int) -> None:
    """Cards watching key spends (their owner's, another player's, with "that player") and the messenger's moves
    (any, or to one location), among the language's parts and the fan mechanics: moves by keys, icons, effects and
    exhausted locations, whole games, action by action."""
    _play_chunk(chunk, 30, algebra=True, events=True)
    _play_chunk(chunk, 20, locks=every_other, fan=True, events=True)


@pytest.mark.parametrize("chunk", range(2))
def test_triggers_on_your_own_messenger_icons_agree_with_the_reference(chunk: int) -> None:
    """Cards watching the moves of their owner's own cards' messenger icons (any, or to one location; this card
    included), beside every other trigger on the messenger's moves and key spends: icons toward an exhausted
    location, icons finding the messenger already there, moves by keys and effects that set them off not, whole
    games, action by action."""
    _play_chunk(chunk, 30, algebra=True, events=True, icons=True)
    _play_chunk(chunk, 20, locks=every_other, fan=True, icons=True)


def test_the_differential_catches_icon_triggers_set_off_by_every_move(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.turn import Turn

    monkeypatch.setattr(Turn, "move_messenger_by_icon", lambda self, where, seat: self.move_messenger(where))
    assert _games_disagree(20, fan=True, icons=True)


def test_the_differential_catches_icon_triggers_set_off_by_another_players_icon(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine import rules

    original = rules.run_messenger_triggers
    monkeypatch.setattr(rules, "run_messenger_triggers",
                        lambda turn, where, icon=None: original(turn, where, None if icon is None else (icon + 1) % len(turn.tableaux)))
    assert _games_disagree(20, fan=True, icons=True)


@pytest.mark.parametrize("chunk", range(2))
def test_one_time_discounts_waiting_for_a_face_up_purchase_agree_with_the_reference(chunk: int) -> None:
    """"Your next card bought face up costs 3 less" (any deck or one), beside "your next card costs 2 less": the
    prices offered, the face-down takes that leave it waiting, the face-up take that spends it: whole games, action
    by action."""
    _play_chunk(chunk, 30, face_up=True)
    _play_chunk(chunk, 20, lasting=True, face_up=True)


def test_the_differential_catches_a_face_up_discount_spent_by_a_face_down_take(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.turn import Turn

    spend = Turn.spend_next_discount

    def spends_both(self: Turn, seat: int, deck: int) -> int:
        self.next_face_up[seat] = (0, 0, 0)
        return spend(self, seat, deck)

    monkeypatch.setattr(Turn, "spend_next_discount", spends_both)
    assert _games_disagree(20, face_up=True)


@pytest.mark.parametrize("chunk", range(2))
def test_face_down_cards_turned_face_up_for_their_cost_agree_with_the_reference(chunk: int) -> None:
    """"You may turn a face-down card face up and use its ability, paying its cost" (optional or not, with its
    ability or not): the cards offered (only those the owner can pay for), the question not asked when none is,
    the price after the discount on its deck: whole games, action by action."""
    _play_chunk(chunk, 30, paying=True)
    _play_chunk(chunk, 20, locks=every_other, fan=True, paying=True)


def test_the_differential_catches_a_card_turned_face_up_for_free(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.abilities import RevealStep

    monkeypatch.setattr(RevealStep, "price", lambda self, work, seat, card: 0)
    assert _games_disagree(20, paying=True)


@pytest.mark.parametrize("chunk", range(2))
def test_take_triggers_after_the_ability_of_the_card_taken_agree_with_the_reference(chunk: int) -> None:
    """Own take triggers written ', after its ability' (half of them), beside those resolving before it and those
    on other players' takes: the order of their effects and questions, whole games, action by action."""
    _play_chunk(chunk, 30, takes=True, events=True)


@pytest.mark.parametrize("chunk", range(2))
def test_gold_piling_up_on_cards_in_a_row_agrees_with_the_reference(chunk: int) -> None:
    """Cards that get gold at the end of each turn while in a row (with every other construct of the fan
    mechanics and the expansion): the gold on each card of the rows, its taker's gain, the gold lost with a
    refresh, a discard or an exhausted location, action by action."""
    _play_chunk(chunk, 30, locks=every_other, fan=True, rows=True)


def test_the_differential_catches_key_spends_that_trigger_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine import rules

    monkeypatch.setattr(rules, "run_key_triggers", lambda state, turn, seat, use: None)
    assert _games_disagree(20, algebra=True, events=True)


def test_the_differential_catches_key_triggers_that_mistake_a_move_for_a_refresh(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine import rules
    from castle_combo.engine.abilities import KEY_MOVE

    spent = rules.run_key_triggers
    monkeypatch.setattr(rules, "run_key_triggers",
                        lambda state, turn, seat, use: spent(state, turn, seat, 0 if use == KEY_MOVE else KEY_MOVE))
    assert _games_disagree(20, algebra=True, events=True)


def test_the_differential_catches_messenger_moves_that_trigger_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.turn import Turn

    monkeypatch.setattr(Turn, "move_messenger", lambda self, where: setattr(self, "messenger", where))
    assert _games_disagree(20, algebra=True, events=True)


def test_the_differential_catches_take_triggers_after_the_ability_resolved_before_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import attrs

    from castle_combo.engine import compiled

    original = compiled.compile_ability
    monkeypatch.setattr(compiled, "compile_ability",
                        lambda *args, **kwargs: attrs.evolve(original(*args, **kwargs), taken_after=False))
    assert _games_disagree(20, takes=True, events=True)


def test_the_differential_catches_gold_in_a_row_that_its_taker_never_gains(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.turn import Turn

    original = Turn.remove_from_row
    monkeypatch.setattr(Turn, "remove_from_row", lambda self, deck, card: original(self, deck, card) * 0)
    assert _games_disagree(20, locks=True, rows=True)


def test_the_differential_catches_gold_kept_on_a_card_discarded_from_its_row(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.turn import Turn

    def keeps_the_gold(self: Turn, deck: int) -> tuple[int, ...]:
        deck_cards, row, discard, removed, exhausted = self.locations[deck]
        self.locations[deck] = (deck_cards, (), discard + row, removed, exhausted)
        self.refill(deck)
        return row

    monkeypatch.setattr(Turn, "discard_row", keeps_the_gold)
    assert _games_disagree(20, locks=True, rows=True)


@pytest.mark.parametrize("chunk", range(2))
def test_the_next_card_taken_from_either_row_agrees_with_the_reference(chunk: int) -> None:
    """"Your next card may be taken from either row" (when bought, optional, at the end of the turn, at the start of
    the turn): the other row's takes offered, the card taken from it, its row refilled, the leave spent by the next
    take whichever row it comes from: whole games, action by action."""
    _play_chunk(chunk, 30, either=True)


@pytest.mark.parametrize("chunk", range(2))
def test_the_ability_resolved_twice_agrees_with_the_reference(chunk: int) -> None:
    """"Your next card bought face up resolves its ability twice" (when bought, optional, at the end of the
    turn, at the start of the turn; with the language's parts, whose abilities ask and count, in half the games):
    the wait kept through face-down takes, spent by the next face-up purchase, the ability resolved in full twice
    with its questions asked again and its discounts once: whole games, action by action."""
    _play_chunk(chunk, 30, twice=True, algebra=every_other)


def test_the_differential_catches_an_ability_twice_resolved_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine import rules
    from castle_combo.engine.turn import Turn

    push = rules._push_bought

    def once(turn: Turn, seat: int, card: int, index: int, face_down: bool) -> None:
        if not face_down:
            turn.twice[seat] = False
        push(turn, seat, card, index, face_down)

    monkeypatch.setattr(rules, "_push_bought", once)
    assert _games_disagree(30, twice=True)


def test_the_differential_catches_an_ability_twice_spent_by_a_face_down_take(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine import rules
    from castle_combo.engine.turn import Turn

    push = rules._push_bought

    def spent_face_down(turn: Turn, seat: int, card: int, index: int, face_down: bool) -> None:
        if face_down:
            turn.twice[seat] = False
        push(turn, seat, card, index, face_down)

    monkeypatch.setattr(rules, "_push_bought", spent_face_down)
    assert _games_disagree(30, twice=True)


def test_the_differential_catches_leave_to_take_from_either_row_never_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.turn import Turn

    spend = Turn.spend_next_discount

    def keeps_the_leave(self: Turn, seat: int, deck: int) -> int:
        either = self.either_row[seat]
        amount = spend(self, seat, deck)
        self.either_row[seat] = either
        return amount

    monkeypatch.setattr(Turn, "spend_next_discount", keeps_the_leave)
    assert _games_disagree(30, either=True)


def test_the_differential_catches_one_time_discounts_never_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.turn import Turn

    monkeypatch.setattr(Turn, "spend_next_discount", lambda self, seat, deck: 0)
    assert _games_disagree(30, lasting=True, style="buyer")


def test_the_differential_catches_effects_set_aside_and_forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.turn import Turn

    monkeypatch.setattr(Turn, "set_aside", lambda self, seat, frame: None)
    assert _games_disagree(30, lasting=True, style="buyer")


def test_the_differential_catches_start_of_turn_triggers_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    import castle_combo.engine.rules

    monkeypatch.setattr(castle_combo.engine.rules, "_between_turns", lambda *args: None)
    assert _games_disagree(40, fan=True, style="buyer")


def test_the_differential_catches_comparisons_that_forget_the_neighbours(monkeypatch: pytest.MonkeyPatch) -> None:
    import castle_combo.engine.counting

    monkeypatch.setattr(castle_combo.engine.counting, "neighbours", lambda seat, seats: ())
    assert _games_disagree(40, fan=True, style="buyer")


def test_the_differential_catches_wild_shields_never_named(monkeypatch: pytest.MonkeyPatch) -> None:
    import castle_combo.engine.scoring

    monkeypatch.setattr(castle_combo.engine.scoring, "_has_wild", lambda engine, cells: False)
    assert _games_disagree(40, fan=True, style="buyer")


def test_the_differential_catches_points_kept_on_a_card_and_forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.turn import Turn

    monkeypatch.setattr(Turn, "record_points", lambda self, seat, index, points: None)
    assert _games_disagree(40, fan=True, style="buyer")


def test_the_differential_catches_keys_locked_on_a_card_left_with_their_owner(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.turn import Turn

    monkeypatch.setattr(Turn, "lock_keys", lambda self, seat, index, keys: None)
    assert _games_disagree(40, fan=True, style="buyer")


def test_random_lock_rulesets_really_play_every_lock_decision() -> None:
    """Otherwise the differential above would miss those rules."""
    import castle_combo as cc

    seen: set[type] = set()
    for seed in range(40):
        rng = random.Random(seed)
        players = 2 + seed % 4
        state = cc.new_game(players=players, seed=seed, rules=random_ruleset(rng, players, locks=True))
        while not state.is_over:
            legal = state.legal_actions()
            opens = [a for a in legal if isinstance(a, cc.Unlock)]
            state = state.apply(opens[0] if opens and rng.random() < 0.5 else rng.choice(legal))
        seen |= {type(a) for a in state.history}
    assert {cc.Unlock, cc.Pass, cc.DiscardRow, cc.Activate} <= seen


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), style=st.sampled_from(STYLES),
       standard=st.booleans())
def test_any_seeded_game_agrees_with_the_reference(seed: int, players: int, style: str, standard: bool) -> None:
    """Property: whatever the seed, table size, policy and ruleset, the two engines never disagree."""
    rules = RULESETS["fan"] if standard else random_ruleset(random.Random(seed), players)
    play_and_compare(rules, players, seed, style, first_player=seed % players)


def test_the_differential_catches_a_planted_rule_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison is sharp: a face-down take paying 5 gold instead of 6 is caught at once."""
    from differential import Mismatch

    import castle_combo.engine.rules

    monkeypatch.setattr(castle_combo.engine.rules, "FACE_DOWN_GOLD", 5)
    with pytest.raises(Mismatch, match="seats differs"):
        for seed in range(5):
            play_and_compare(RULESETS["standard"], 2, seed)


def test_the_differential_catches_a_planted_reading_order_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """Purses filled right to left instead of in reading order show up in some random game."""
    from differential import Mismatch

    import castle_combo.engine.abilities

    reading_order = castle_combo.engine.abilities.fill_order
    monkeypatch.setattr(castle_combo.engine.abilities, "fill_order", lambda cells, facts: reading_order(cells, facts)[::-1])
    with pytest.raises(Mismatch):
        for seed in range(200):
            rng = random.Random(seed)
            players = 2 + seed % 4
            play_and_compare(random_ruleset(rng, players), players, seed, STYLES[seed % 3], first_player=seed % players)


def test_the_differential_catches_a_planted_lock_ruling_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """Copying without asking when only one card qualifies is a different game, and is caught."""
    from differential import Mismatch

    from castle_combo.engine import lock_rulings
    monkeypatch.setattr(lock_rulings, "ASK_WITH_ONE_CANDIDATE", False)
    with pytest.raises(Mismatch):
        for seed in range(40):
            play_and_compare(RULESETS["oubliette"], 2 + seed % 4, seed, "buyer")


def test_the_differential_catches_keys_on_cards_not_counted_as_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scoring that forgets the keys waiting on lock cards shows up in the score sheets."""
    from differential import Mismatch

    import castle_combo.engine.scoring

    real = castle_combo.engine.scoring._sheet

    def forgetful(engine: Any, table: Any, seat: int, left: int, wild: Any = None, names: Any = None) -> Any:
        table.tableaux = [tuple(c.replace(key=False) for c in cells) for cells in table.tableaux]
        return real(engine, table, seat, left, wild, names)

    monkeypatch.setattr(castle_combo.engine.scoring, "_sheet", forgetful)
    with pytest.raises(Mismatch):
        for seed in range(40):
            play_and_compare(RULESETS["oubliette"], 2 + seed % 4, seed, "buyer")


@pytest.mark.parametrize("chunk", range(2))
def test_take_triggers_on_every_players_takes_agree_with_the_reference(chunk: int) -> None:
    """Triggers on the owner's takes and on other players' ("whenever an opponent takes ...: take 1 gold from that
    player"), of any kind of card the filters name, with every other part of the language around them."""
    _play_chunk(chunk, 30, takes=True)


def test_the_differential_catches_triggers_on_the_wrong_players_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine import rules

    monkeypatch.setattr(rules, "players_of", lambda group, seat, seats: tuple(s for s in range(seats) if s != seat))
    assert _games_disagree(30, takes=True, style="buyer")


def test_the_differential_catches_that_player_taken_for_the_owner(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine import abilities

    monkeypatch.setattr(abilities, "_players", lambda group, work, seat: (seat,) if group is m.ThatPlayer.TAKER
                        else abilities.players_of(group, seat, len(work.tableaux)))
    assert _games_disagree(30, takes=True, style="buyer")


def test_the_differential_catches_a_take_trigger_resolving_for_any_card(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.abilities import WatchStep

    monkeypatch.setattr(WatchStep, "run", lambda self, work, seat, frame: None)
    assert _games_disagree(30, takes=True, style="buyer")


@pytest.mark.parametrize("chunk", range(2))
def test_choices_other_players_owe_agree_with_the_reference(chunk: int) -> None:
    """Choices other players owe ("each opponent chooses one: { take 1 gold from that player } or { ... }"): who is
    asked (``to_act``) in which order, the options offered (those they can pay for), those resolved unasked."""
    _play_chunk(chunk, 30, owed=True)


def test_the_differential_catches_options_offered_that_cannot_be_paid_for(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.abilities import OwedStep

    monkeypatch.setattr(OwedStep, "affords", lambda self, work, seat, index, them, costs: True)
    assert _games_disagree(30, owed=True, style="buyer")


@pytest.mark.parametrize("chunk", range(2))
def test_surcharges_agree_with_the_reference(chunk: int) -> None:
    """Surcharges on other players' purchases ("surcharge 1 on castle cards for each opponent", on a deck or a
    filter, for each group of payers): the face-up takes offered (those the taker can pay with every surcharge on
    the card, before discounts), the gold paid, face-down takes unaffected: whole games, action by action; half the
    games also draw one-time discounts and effects set aside (``lasting``)."""
    _play_chunk(chunk, 30, surcharges=True, lasting=every_other)


def test_the_differential_catches_surcharges_never_paid(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.compiled import Compiled

    monkeypatch.setattr(Compiled, "extra_costs", lambda self, players, seat: {})
    assert _games_disagree(30, surcharges=True, style="buyer")


def test_the_differential_catches_surcharges_paid_by_players_they_do_not_name(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine import compiled as compiled_module

    # Every other player pays every surcharge, even one for a neighbour only.
    monkeypatch.setattr(compiled_module, "players_of", lambda group, seat, seats: tuple(range(seats)))
    assert _games_disagree(30, surcharges=True, style="buyer")


def test_the_differential_catches_surcharges_until_the_next_turn_that_never_end(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine import compiled as compiled_module

    real = compiled_module._surcharges
    monkeypatch.setattr(compiled_module, "_surcharges",
                        lambda card, facts: tuple((a, g, t, False) for a, g, t, _ in real(card, facts)))
    assert _games_disagree(30, surcharges=True, style="buyer")


def test_the_differential_catches_a_look_that_never_discards_the_card_discard_one_of_them_needs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.abilities import LookStep

    monkeypatch.setattr(LookStep, "_forced", lambda self, work, seat, placed, left, gone: (left, gone))
    assert _games_disagree(20, looks=True)


@pytest.mark.parametrize("chunk", range(2))
def test_looks_that_discard_one_or_up_to_n_of_the_cards_agree_with_the_reference(chunk: int) -> None:
    """Looks at the top of a deck that discard exactly one ("discard one of them": the last card discarded without
    a question when all the others were put back, the one card of a short deck discarded) or at most N ("discard
    up to 2 of them": no discard offered once N are gone), often followed by a gain per card discarded."""
    _play_chunk(chunk, 30, looks=True, algebra=every_other)


def test_the_differential_catches_a_look_that_lets_more_cards_be_discarded_than_its_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.abilities import LookStep

    monkeypatch.setattr(LookStep, "_may_discard", lambda self, gone: self.discard)
    assert _games_disagree(20, looks=True)


@pytest.mark.parametrize("chunk", range(2))
def test_requirements_agree_with_the_reference(chunk: int) -> None:
    """Requirements to buy a card face up ("requires at least 2 military shields", gold, keys, cards, two shield
    types against each other, more gold than each opponent): the face-up takes offered only to a taker who meets
    the requirement, face-down takes always: whole games, action by action; half the games also draw surcharges."""
    _play_chunk(chunk, 30, requirements=True, surcharges=every_other)


def test_the_differential_catches_requirements_never_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.compiled import Compiled

    monkeypatch.setattr(Compiled, "meets", lambda self, table, seat, card: True)
    monkeypatch.setattr(Compiled, "unmet", lambda self, table, seat, cards: frozenset())
    assert _games_disagree(30, requirements=True, style="buyer")


def test_the_differential_catches_requirements_read_on_the_wrong_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.compiled import Compiled

    meets = Compiled.meets
    monkeypatch.setattr(Compiled, "meets", lambda self, table, seat, card: meets(
        self, table, (seat + 1) % len(table.tableaux), card))
    assert _games_disagree(30, requirements=True, style="buyer")


@pytest.mark.parametrize("chunk", range(2))
def test_moves_of_stored_gold_agree_with_the_reference(chunk: int) -> None:
    """Moves of stored gold ("move up to 2 gold from a neighbour's purse card to one of your purse cards", an
    opponent's, each opponent's one after another, one neighbour's, between the owner's own purse cards): the
    pairs offered in order, the one pair moved unasked, the gold on every card, whole games action by action;
    half the games also draw the language's other parts."""
    _play_chunk(chunk, 30, moves=True, algebra=every_other)


def test_the_differential_catches_a_move_past_the_capacity(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.abilities import GoldMoveStep

    moves = GoldMoveStep.moves

    def past(self: GoldMoveStep, work: object, seat: int, sources: object) -> tuple[tuple[int, int, int, int], ...]:
        return tuple((them, first, to, self.amount) for them, first, to, _ in moves(self, work, seat, sources))

    monkeypatch.setattr(GoldMoveStep, "moves", past)
    assert _games_disagree(30, moves=True, style="buyer")


@pytest.mark.parametrize("chunk", range(2))
def test_gold_stored_on_ones_own_purse_cards_agrees_with_the_reference(chunk: int) -> None:
    """The owner's gold stored on their purse cards ("store up to 3 of your gold on your purse cards"): the cards
    with room offered in order and the stop, one question per gold, the gold left and the gold on every card,
    whole games action by action; half the games also draw the language's other parts."""
    _play_chunk(chunk, 30, stores=True, algebra=every_other)


def test_the_differential_catches_a_gold_stored_past_the_capacity(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.abilities import StoreStep

    def past(self: StoreStep, work: Any, seat: int) -> tuple[int, ...]:
        if self.stored >= self.amount or work.gold[seat] <= 0:
            return ()
        return tuple(j for j, c in enumerate(work.tableaux[seat])
                     if not c.face_down and work.facts[c.card].purse is not None)

    monkeypatch.setattr(StoreStep, "rooms", past)
    assert _games_disagree(30, stores=True, style="buyer")


@pytest.mark.parametrize("chunk", range(2))
def test_cards_put_back_on_top_of_their_decks_agree_with_the_reference(chunk: int) -> None:
    """A card of a discard pile put back on top of its deck ("put a card from either discard pile on top of its
    deck", of a named pile, or the top card of one), often after the top cards of a deck are discarded: the cards
    offered, the pile and the deck after, and the rows that reveal it, action by action; half the games also
    draw the language's other parts."""
    _play_chunk(chunk, 30, returns=True, algebra=every_other)


@pytest.mark.parametrize("chunk", range(2))
def test_cards_put_under_their_decks_for_their_cost_agree_with_the_reference(chunk: int) -> None:
    """A card of a discard pile put on the bottom of its deck or on top ("put a card from either discard pile on
    the bottom of its deck for its cost in gold"), its printed cost gained in gold or keys or nothing: the cards
    offered, the deck after, what the owner gains and the refills, action by action."""
    _play_chunk(chunk, 30, returns=True, bottoms=True, algebra=every_other)


def test_the_differential_catches_a_card_put_under_its_deck_on_top(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.turn import Turn

    monkeypatch.setattr(Turn, "return_under_deck", Turn.return_to_deck)
    assert _games_disagree(20, returns=True, bottoms=True)


def test_the_differential_catches_a_put_back_that_gains_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.abilities import ReturnStep

    answer = ReturnStep.answer

    def stingy(self: ReturnStep, work: object, seat: int, action: object) -> None:
        answer(attrs.evolve(self, reward=None), work, seat, action)  # type: ignore[arg-type]

    monkeypatch.setattr(ReturnStep, "answer", stingy)
    assert _games_disagree(20, returns=True, bottoms=True)


def test_the_differential_catches_a_card_put_back_under_its_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.turn import Turn

    def under(self: Turn, deck: int, card: int) -> None:
        deck_cards, row, pile, removed, exhausted = self.locations[deck]
        at = len(pile) - 1 - pile[::-1].index(card)
        self.locations[deck] = (deck_cards + (card,), row, pile[:at] + pile[at + 1:], removed, exhausted)

    monkeypatch.setattr(Turn, "return_to_deck", under)
    assert _games_disagree(20, returns=True)


def test_the_differential_catches_a_choice_offering_only_the_top_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.decisions import ChooseReturn

    monkeypatch.setattr(ChooseReturn, "_cards", lambda self, table: [
        table.locations[d].discard[-1] for d in self.decks if table.locations[d].discard])
    assert _games_disagree(20, returns=True)


@pytest.mark.parametrize("chunk", range(2))
def test_repetitions_agree_with_the_reference(chunk: int) -> None:
    """Repetitions ("repeat up to 3 times, you may stop after each: { discard the top card of the village deck }
    until ..."): the question whether to go on, the condition judged before each pass, the cards discarded and the
    gains per card discarded after, action by action; half the games also draw the language's other parts."""
    _play_chunk(chunk, 30, repeats=True, algebra=every_other)


def test_the_differential_catches_a_repetition_that_judges_its_condition_only_after_the_first_pass(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.abilities import RepeatStep

    run = RepeatStep.run

    def late(self: RepeatStep, work: Any, seat: int, frame: Any) -> Any:
        if not self.done and self.until is not None:
            self._pass(work)
            return None
        return run(self, work, seat, frame)

    monkeypatch.setattr(RepeatStep, "run", late)
    assert _games_disagree(30, repeats=True)


def test_the_differential_catches_a_repetition_that_asks_before_its_first_pass(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from castle_combo.engine.abilities import RepeatStep
    from castle_combo.engine.decisions import AcceptOrDecline

    run = RepeatStep.run

    def early(self: RepeatStep, work: Any, seat: int, frame: Any) -> Any:
        if not self.done and self.may_stop and (self.until is None or not self.until(work, seat, frame.index,
                                                                                       (0, 0), None)):
            return AcceptOrDecline()
        return run(self, work, seat, frame)

    monkeypatch.setattr(RepeatStep, "run", early)
    assert _games_disagree(30, repeats=True)
