"""The engine's compiled language agrees with the judge, a slow and direct reading, on random expressions.

Each example draws a random table (2 to 4 seats, tableaux with face-down
cards, stored gold and keys, rows, discard piles, cards just discarded) and a
random count, condition, amount or scoring rule built from every part of the
language (any filter, noun, scope, quantifier and combination), and checks
that the engine and the judge (``naive_language.py``) give the same number.
``benchmarks/judge_soak.py`` runs the same comparison tens of thousands of times.
"""

from __future__ import annotations

import random

import naive_language as judge
from hypothesis import given, settings
from hypothesis import strategies as st
from language_random import (
    Case,
    Where,
    draw,
    random_condition,
    random_connected,
    random_filter,
    random_guarded_may,
    random_noun,
    random_per,
    random_repetition,
    random_scoring,
)

from castle_combo.engine.abilities import (
    GoldMoveStep,
    MayStep,
    NeighbourCopyStep,
    TimesStep,
    compile_ability,
    compile_amount,
)
from castle_combo.engine.compiled import compiled
from castle_combo.engine.counting import compile_per, compile_per_with, compile_scoring, compile_test
from castle_combo.engine.decisions import AcceptOrDecline, ChooseTimes, Frame
from castle_combo.language import model as m
from castle_combo.language.ruleset import Ruleset


def contexts(case: Case, rng: random.Random) -> tuple[str, object, judge.Context]:
    """A context to evaluate in: plain, about one other player, or about a pair of cards; both evaluators' form."""
    kind = rng.choice(["plain", "them", "group"])
    mine = case.world.seats[case.owner].cells
    me = mine[case.index]
    base = dict(them=None, group=None, discarded=case.discarded)
    if kind == "them":
        base["them"] = case.them
        extra: object = (case.them, None)
    elif kind == "group":
        base["group"] = [mine[i] for i in case.group_index]
        extra = (None, tuple(case.table.tableaux[case.owner][i] for i in case.group_index))
    else:
        extra = None
    return kind, extra, judge.Context(case.world, case.owner, me, **base)  # type: ignore[arg-type]


def agree_on_count(seed: int) -> None:
    rng = random.Random(seed)
    case = Case(rng)
    kind, extra, ctx = contexts(case, rng)
    per = random_per(rng, them=kind == "them", group=kind == "group")
    engine = compile_per_with(per, case.facts)(case.table, case.owner, case.index, extra)
    assert engine == judge.count(per, ctx), (seed, per)


def agree_on_connected(seed: int) -> None:
    """Groups of connected cards, drawn often enough to be many: the judge fills each group from each card."""
    rng = random.Random(seed)
    case = Case(rng)
    kind, extra, ctx = contexts(case, rng)
    per = random_connected(rng, them=kind == "them", group=kind == "group")
    engine = compile_per_with(per, case.facts)(case.table, case.owner, case.index, extra)
    assert engine == judge.count(per, ctx), (seed, per)
    if kind == "plain":
        assert compile_per(per, case.facts)(case.table, case.owner, case.index) == engine, (seed, per)


def agree_on_condition(seed: int) -> None:
    rng = random.Random(seed)
    case = Case(rng)
    kind, extra, ctx = contexts(case, rng)
    condition = random_condition(rng, them=kind == "them", group=kind == "group", scoring=True)
    engine = compile_test(condition, case.facts)(case.table, case.owner, case.index, ctx.origin, extra)
    assert engine == judge.holds(condition, ctx), (seed, condition)


def agree_on_amount(seed: int) -> None:
    rng = random.Random(seed)
    case = Case(rng)
    kind, extra, ctx = contexts(case, rng)
    gain = m.Gain(rng.randint(1, 3), m.Resource.GOLD, random_per(rng, them=kind == "them", group=kind == "group"),
                  up_to=rng.choice([None, 4]), at_least=rng.choice([None, 2]))
    engine = compile_amount(gain.amount, gain.per, gain.up_to, gain.at_least, case.facts)(
        case.table, case.owner, case.index, extra)
    assert max(0, engine) == judge.amount(gain, ctx), (seed, gain)


def agree_on_scoring(seed: int) -> None:
    rng = random.Random(seed)
    case = Case(rng)
    _, _, ctx = contexts(case, rng)
    rule = random_scoring(rng)
    scorers = [compile_scoring(card.scoring, case.facts) for card in case.cards]
    score = compile_scoring([rule], case.facts, lambda card: scorers[card])
    assert score is not None
    engine = score(case.table, case.owner, case.index, ctx.origin)
    assert engine == judge.score(rule, ctx), (seed, rule)


def agree_on_times(seed: int) -> None:
    rng = random.Random(seed)
    case = Case(rng)
    _, _, ctx = contexts(case, rng)
    repetition = random_repetition(rng)
    card = m.Card("Changer", m.Deck.VILLAGE, 1, (m.Shield.FAITH,), ability=(repetition,))
    step = compile_ability(card, case.facts).steps[(0, 0)]
    assert isinstance(step, TimesStep)
    assert step.affordable(case.table, case.owner) == judge.times_offered(repetition, ctx), (seed, repetition)


def agree_on_guarded_offers(seed: int) -> None:
    """A "you may ... if ..." asks only when its condition holds (and the cost can be paid), as the judge reads."""
    rng = random.Random(seed)
    case = Case(rng)
    mine = case.world.seats[case.owner].cells
    ctx = judge.Context(case.world, case.owner, mine[case.index], them=None, group=None,  # type: ignore[arg-type]
                        discarded=case.discarded)
    may = random_guarded_may(rng)
    card = m.Card("Toll", m.Deck.VILLAGE, 1, (m.Shield.FAITH,), ability=(may,))
    step = compile_ability(card, case.facts).steps[(0, 0)]
    assert isinstance(step, (MayStep, TimesStep))
    asked = step.run(case.table, case.owner, Frame(0, case.index, ()))  # type: ignore[arg-type]
    if isinstance(asked, ChooseTimes):
        engine = asked.most
    else:
        engine = 1 if isinstance(asked, AcceptOrDecline) else 0
    assert engine == judge.offers(may, ctx), (seed, may)


def agree_on_neighbours_cards(seed: int) -> None:
    rng = random.Random(seed)
    case = Case(rng)
    _, _, ctx = contexts(case, rng)
    case.table.facts = case.facts  # type: ignore[attr-defined]
    offered = NeighbourCopyStep().candidates(case.table, case.owner, case.index)  # type: ignore[arg-type]
    names = [case.cards[case.table.tableaux[seat][i].card].name for seat, i in offered]
    assert names == [card.name for card in judge.neighbours_cards_offered(ctx)], seed


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_the_number_of_times_a_repetition_offers_is_what_the_judge_can_pay_for(seed: int) -> None:
    agree_on_times(seed)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32))
def test_a_you_may_guarded_by_a_condition_is_offered_only_when_the_judge_finds_it_holds(seed: int) -> None:
    agree_on_guarded_offers(seed)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_the_neighbours_cards_a_copy_offers_are_the_ones_the_judge_finds(seed: int) -> None:
    agree_on_neighbours_cards(seed)


#: The scopes of other players' whole tableaux a scoring rule may count in.
OTHER_TABLEAUX = (m.Scope.NEIGHBOUR, m.Scope.NEIGHBOURS, m.Scope.OPPONENTS, m.Scope.EVERY_TABLEAU,
                  m.Scope.LEFT_NEIGHBOUR, m.Scope.RIGHT_NEIGHBOUR)


def agree_on_other_tableaux(seed: int) -> None:
    """A scoring rule counting other players' final tableaux: one neighbour's (the rule's choice), both, all."""
    rng = random.Random(seed)
    case = Case(rng)
    _, _, ctx = contexts(case, rng)

    def per() -> m.Per:
        noun = random_noun(rng, 1, them=False, group=False)
        if isinstance(noun, (m.Players, m.Groups, m.KeysOwned, m.Gold)):
            noun = m.Cards(random_filter(rng, 1))
        return m.Per(noun, rng.choice(OTHER_TABLEAUX), rng.choice([1, 1, 2, 3]))

    points = rng.choice([-3, -1, 1, 2, 5])
    rule: m.Scoring
    if rng.random() < 0.5:
        rule = m.ScorePer(points, per(), up_to=rng.choice([None, 6]), at_least=rng.choice([None, -2, 1]))
    else:
        def test() -> m.Condition:
            if rng.random() < 0.2:  # cards of other tableaux that share (or never share) a trait
                return m.Alike(rng.choice(list(m.Trait)), rng.random() < 0.5,
                               m.Per(m.Cards(random_filter(rng, 2)), rng.choice(OTHER_TABLEAUX)))
            return m.CountIs(per(), rng.choice(list(m.Comparison)), rng.randint(0, 4))

        first = test()
        rule = m.ScoreIf(points, first if rng.random() < 0.4 else rng.choice([m.And, m.Or])((first, test())))
    score = compile_scoring([rule], case.facts)
    assert score is not None
    engine = score(case.table, case.owner, case.index, ctx.origin)
    assert engine == judge.score(rule, ctx), (seed, rule)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_every_count_of_the_language_is_what_the_judge_counts(seed: int) -> None:
    agree_on_count(seed)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_every_count_of_groups_of_connected_cards_is_what_the_judges_fill_finds(seed: int) -> None:
    agree_on_connected(seed)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_every_condition_of_the_language_holds_when_the_judge_says_it_holds(seed: int) -> None:
    agree_on_condition(seed)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_every_amount_with_its_bounds_is_what_the_judge_says(seed: int) -> None:
    agree_on_amount(seed)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32))
def test_every_scoring_rule_scores_what_the_judge_scores(seed: int) -> None:
    agree_on_scoring(seed)


def agree_on_price(seed: int) -> int:
    """Random discounts on random kinds of card (those a purchase can tell), some on every card of a deck: the
    engine's price of each card of a random ruleset is the judge's. Returns how many cards were priced."""
    rng = random.Random(seed)
    case = Case(rng)
    resolved: list[m.Discount] = []
    while len(resolved) < 3:
        on = draw(rng, m.CardFilter, Where())
        decks = rng.choice([(m.Deck.CASTLE,), (m.Deck.VILLAGE,), (m.Deck.CASTLE, m.Deck.VILLAGE)])
        discount = m.Discount(rng.randint(1, 3), decks, on)
        if not discount.problems():
            resolved.append(discount)
    giver = m.Card("Giver", m.Deck.CASTLE, 0, (m.Shield.FAITH,), ability=resolved)
    engine = compiled(Ruleset.from_cards([*case.cards, giver], check=False))
    slots = {kind: 2 + k for k, kind in enumerate(engine.discount_kinds)}
    seat = [0, 0] + [0] * len(engine.discount_kinds)
    for d in resolved:
        if d.on is None:
            for deck in d.decks:
                seat[0 if deck is m.Deck.CASTLE else 1] += d.amount
        else:
            seat[slots[(d.decks, d.on)]] += d.amount
    ctx = judge.Context(case.world, case.owner, None)
    for i, card in enumerate(case.cards):
        assert engine.price(i, tuple(seat)) == judge.price(card, resolved, ctx), (seed, card, resolved)
    return len(case.cards)


def test_the_price_after_discounts_on_filtered_cards_is_the_judges() -> None:
    """A discount applies to exactly the cards its filter names."""
    assert sum(agree_on_price(seed) for seed in range(60)) > 1000


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32))
def test_a_scoring_rule_on_other_players_tableaux_scores_what_the_judge_scores(seed: int) -> None:
    agree_on_other_tableaux(seed)


def agree_on_gold_moves(seed: int) -> list[tuple[int, int, int, int]]:
    """The pairs a move of stored gold offers first (for "each ...'s", the first player with any), as the judge
    reads them: whose card, which card the gold leaves, which of the owner's it goes to, how much."""
    rng = random.Random(seed)
    case = Case(rng)
    group = rng.choice([None, *m.PlayerGroup])
    each = group in (m.PlayerGroup.OPPONENTS, m.PlayerGroup.NEIGHBOURS) and rng.random() < 0.5
    effect = m.MoveGold(rng.randint(1, 5), group, each)
    case.table.facts = case.facts  # type: ignore[attr-defined]
    _, moves = GoldMoveStep(effect.amount, group, each, (0, 0)).next(case.table, case.owner)  # type: ignore[arg-type]
    mine = case.world.seats[case.owner].cells
    ctx = judge.Context(case.world, case.owner, mine[case.index])  # type: ignore[arg-type]
    n = len(case.world.seats)
    sources = [case.owner] if group is None else judge.seats_of(group, case.owner, n)
    offered = judge.gold_moves_offered(effect, ctx)
    if each:
        offered = next((found for seat in sources if (found := judge.gold_moves_offered(effect, ctx, [seat]))), [])
    cells = case.world.seats
    expected = [(seat, next(i for i, c in enumerate(cells[seat].cells) if c is first),
                 next(j for j, c in enumerate(mine) if c is to), gold) for seat, first, to, gold in offered]
    assert list(moves) == expected, (seed, effect)
    return expected


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32))
def test_the_pairs_a_move_of_stored_gold_offers_are_the_judges(seed: int) -> None:
    agree_on_gold_moves(seed)


def test_the_judge_of_gold_moves_sees_pairs_to_offer() -> None:
    assert sum(len(agree_on_gold_moves(seed)) > 1 for seed in range(200)) >= 20
