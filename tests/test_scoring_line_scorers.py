"""The commonest scoring rules of the printed cards, compiled into one loop each, agree with the judge.

``compile_scoring`` compiles "score N per <shield> in row / column / row and column", "score N per type of shield
(or set, or banner set) in row / column / row and column", "score N per gold on this card" and "score N per <card
passing a printed filter>" into single functions reading the tableau's fields by position (the engine's final
scoring spends most of its time in them). Each is checked on random tables against the judge
(``naive_language.py``) and against the general count (``compile_per``) they shortcut; and a fault planted in the
shortcut (a row read as a column, stored gold read as a key) is caught.
"""

from __future__ import annotations

import random

import attrs
import naive_language as judge
import pytest
from language_random import Case, random_filter

from castle_combo.engine import counting
from castle_combo.engine.counting import cell_facts, compile_per, compile_scoring
from castle_combo.language import model as m

SCOPES = (m.Scope.ROW, m.Scope.COLUMN, m.Scope.ROW_AND_COLUMN)


def shortcut_rule(rng: random.Random) -> m.ScorePer:
    """A rule of one of the shapes compiled into one loop."""
    kind = rng.randrange(7)
    scope = rng.choice(SCOPES)
    points = rng.choice([1, 2, 3, 4, -2])
    if kind <= 1:
        count: m.Count = m.Shields((rng.choice(list(m.Shield)),))
    elif kind == 2:
        count = m.ShieldTypes(missing=rng.random() < 0.3)
    elif kind == 3:
        count = rng.choice([m.ShieldSets((m.Shield.FAITH, m.Shield.MILITARY)), m.IdenticalShieldSets(2),
                            m.BannerSets((m.Deck.CASTLE, m.Deck.VILLAGE))])
    elif kind == 4:
        count, scope = m.GoldOnThisCard(), m.Scope.TABLEAU
    else:
        on = None
        while on is None or counting._static(on, []) is None:  # a filter reading only what is printed
            on = random_filter(rng)
        count, scope = m.Cards(on=on), m.Scope.TABLEAU
    return m.ScorePer(points, m.Per(count, scope))


def check(seed: int) -> str:
    """Score a random shortcut rule on a random table with the engine and the judge; and with the engine and the
    general count it shortcuts, the ruleset's chosen shields left out (a shield in line takes the shortcut only
    in a ruleset without them)."""
    rng = random.Random(seed)
    case = Case(rng)
    rule = shortcut_rule(rng)
    me = case.world.seats[case.owner].cells[case.index]
    ctx = judge.Context(case.world, case.owner, me, them=None, group=None, discarded=case.discarded)
    score = compile_scoring([rule], case.facts)
    assert score is not None
    assert score(case.table, case.owner, case.index, ctx.origin) == judge.score(rule, ctx), (seed, rule)
    if isinstance(rule.per.count, m.Cards):  # (the shortcut of a card filter is the general noun itself)
        return getattr(score, "__name__", "")
    plain = [attrs.evolve(f, chosen=0) for f in case.facts]
    shortcut = compile_scoring([rule], plain)
    assert shortcut is not None
    fast = shortcut(case.table, case.owner, case.index, ctx.origin)
    assert fast == rule.points * compile_per(rule.per, plain)(case.table, case.owner, case.index), (seed, rule)
    return getattr(shortcut, "__name__", "")


@pytest.mark.parametrize("chunk", range(4))
def test_the_one_loop_scorers_agree_with_the_judge_and_the_general_count(chunk: int) -> None:
    names = [check(seed) for seed in range(chunk * 400, (chunk + 1) * 400)]
    # The shortcuts were taken (a ruleset with a chosen shield keeps the general path for a shield in line).
    for name in ("in_row_or_column", "in_row_and_column", "totals_in_line", "on_this_card", "in_grid"):
        assert name in names, name


def _disagree(seeds: range) -> bool:
    try:
        for seed in seeds:
            check(seed)
    except AssertionError:
        return True
    return False


def test_a_row_read_as_a_column_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(counting, "_Y", counting._X)
    assert _disagree(range(400))


def test_gold_on_this_card_read_as_its_key_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(counting, "_GOLD", counting._KEY)
    assert _disagree(range(400))


def test_a_face_down_card_counted_in_line_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(counting, "_DOWN", counting._KEY)
    assert _disagree(range(400))


def test_a_chosen_shield_keeps_the_general_path() -> None:
    """The loop over shields in a line reads the printed shields: with a chosen shield in the ruleset, it is not
    used (the general count reads the type named)."""
    for seed in range(200):
        rng = random.Random(seed)
        case = Case(rng)
        if cell_facts(case.facts) is not None:
            rule = m.ScorePer(2, m.Per(m.Shields((m.Shield.FAITH,)), m.Scope.ROW))
            score = compile_scoring([rule], case.facts)
            assert getattr(score, "__name__", "") != "in_row_or_column"
            return
    pytest.skip("no random ruleset with a chosen shield")
