"""Every part of the card model is handled by every consumer: English, the card language, validation, the engine,
the judge.

The parts are the members of the model's unions (``typing.get_args`` of
``CardFilter``, ``Count``, ``Condition``, ``Effect``, ``PlayerEffect``,
``Scoring``) and the members of the enumerations their fields take (places,
quantifiers' groups and players, relations, traits, parts of a card,
comparisons, rows, resources, ...). For each, instances are built from its
fields' annotations (``language_random.build``) and run through each
consumer, so a part added to a union that one consumer forgot fails here by
name (mypy finds most of them first: the engine's matches end in
``assert_never``). ``model.__all__`` lists every public class of the model.
"""

from __future__ import annotations

import enum
import inspect
import random
import typing
from collections.abc import Iterator
from typing import Any

import attrs
import naive_language as judge
import pytest
from language_random import TUPLE_SIZES, Case, Where, build, fields_of, members

from castle_combo.engine.abilities import compile_ability
from castle_combo.engine.counting import compile_filter, compile_per_with, compile_scoring, compile_test
from castle_combo.language import format_effect, format_scoring
from castle_combo.language import model as m
from castle_combo.language.model.counts import card_phrase

#: The unions of the model, by name.
UNIONS: dict[str, Any] = {
    "CardFilter": m.CardFilter, "Count": m.Count, "CardCount": m.CardCount, "PlayerCount": m.PlayerCount,
    "Quantifier": m.Quantifier, "Condition": m.Condition, "Effect": m.Effect, "PlayerEffect": m.PlayerEffect,
    "Scoring": m.Scoring,
}
PARTS = sorted({cls for union in UNIONS.values() for cls in members(union)}, key=lambda cls: cls.__name__)
#: Everywhere a part may be asked to mean something: a scoring rule, an ability, about a player and a row.
WHERE = Where(them=True, group=True, scoring=True)
SEEDS = range(12)


def _enums() -> Iterator[tuple[type, str, enum.Enum]]:
    """Every (class, field, value) for the fields of the parts that take an enumeration's value."""
    for cls in PARTS + [m.Per]:
        for name, tp in fields_of(cls):
            for option in (typing.get_args(tp) or (tp,)):
                if isinstance(option, type) and issubclass(option, enum.Enum):
                    for value in option:
                        yield cls, name, value


ENUM_VALUES = list(_enums())


def _instances(cls: type) -> Iterator[Any]:
    # A scoring rule talks about no player nor row: it is scored in the owner's final grid alone.
    where = Where(scoring=True) if cls in typing.get_args(m.Scoring) else WHERE
    for seed in SEEDS:
        yield build(random.Random(seed), cls, where)


def _consume(part: Any, case: Case) -> None:
    """``part`` said in English and in the card language, validated, compiled by the engine and read by the judge,
    the engine and the judge agreeing on it."""
    mine = case.world.seats[case.owner].cells
    ctx = judge.Context(case.world, case.owner, mine[case.index], them=case.them, group=[mine[case.index]],
                        discarded=case.discarded)
    extra = (case.them, (case.table.tableaux[case.owner][case.index],))
    args = (case.table, case.owner, case.index)
    match part:
        case _ if isinstance(part, typing.get_args(m.CardFilter)):
            assert isinstance(part.english(), m.FilterWords) and isinstance(part.ccl(), m.FilterWords)
            assert card_phrase(part, 2) and card_phrase(part, 1, ccl=True)
            assert isinstance(part.problems(m.Where()), tuple)
            passes = compile_filter(part, case.facts)
            assert passes is not None
            for engine_cell, judge_cell in zip(case.table.tableaux[case.owner], mine, strict=True):
                me = case.table.tableaux[case.owner][case.index]
                assert passes(engine_cell, me, ctx.origin) == judge.passes(part, judge_cell, ctx), part
        case _ if isinstance(part, (*typing.get_args(m.Count), m.Per)):
            per = part if isinstance(part, m.Per) else m.Per(part, m.Scope.THEIRS if isinstance(
                part, (m.KeysOwned, m.Gold)) else m.Scope.TABLEAU)
            assert per.describe() and per.ccl() and per.count.describe(2) and per.count.ccl(2)
            assert isinstance(per.problems(where=m.Where(them=True, group=True)), tuple)
            assert compile_per_with(per, case.facts)(*args, extra) == judge.count(per, ctx), per
        case _ if isinstance(part, typing.get_args(m.Condition)):
            assert part.describe() and part.ccl()
            assert isinstance(part.problems(where=m.Where(them=True, group=True)), tuple)
            assert compile_test(part, case.facts)(*args, ctx.origin, extra) == judge.holds(part, ctx), part
        case _ if isinstance(part, typing.get_args(m.Effect)):
            assert part.describe() and format_effect(part)
            assert isinstance(part.problems(m.Where(m.Moment.BOUGHT)), tuple)
            card = m.Card("Part", m.Deck.CASTLE, 1, (m.Shield.FAITH,), purse=3, ability=(part,))
            assert compile_ability(card, case.facts).bought
        case _ if isinstance(part, typing.get_args(m.PlayerEffect)):
            _consume(m.EachPlayer(m.PlayerGroup.OPPONENTS, part), case)
        case _ if isinstance(part, typing.get_args(m.Scoring)):
            assert part.describe() and format_scoring(part)
            assert isinstance(part.problems(), tuple)
            scorers = [compile_scoring(card.scoring, case.facts) for card in case.cards]
            score = compile_scoring([part], case.facts, lambda card: scorers[card])
            assert score is not None
            assert score(*args, ctx.origin) == judge.score(part, ctx), part
        case _:
            raise AssertionError(f"no consumer knows {part!r}")


def test_every_union_of_the_model_is_known_here() -> None:
    """A union added to the model is added to this test (and so to every consumer's check)."""
    found = {name for name, value in vars(m).items() if typing.get_origin(value) is typing.Union
             and all(attrs.has(cls) for cls in typing.get_args(value))}
    assert found <= set(UNIONS) | {"Narrowable"}, found - set(UNIONS)


@pytest.mark.parametrize("cls", PARTS, ids=lambda cls: cls.__name__)
def test_every_part_of_every_union_is_said_checked_evaluated_and_judged(cls: type) -> None:
    for seed, part in zip(SEEDS, _instances(cls), strict=True):
        _consume(part, Case(random.Random(seed)))


@pytest.mark.parametrize(("cls", "name", "value"), ENUM_VALUES,
                         ids=[f"{cls.__name__}.{name}={value.name}" for cls, name, value in ENUM_VALUES])
def test_every_value_of_every_enumeration_a_part_takes_is_handled(cls: type, name: str, value: enum.Enum) -> None:
    """Places (scopes), quantifiers' rows and players, relations, traits, parts, comparisons, rows, resources, ..."""
    for seed, part in zip(SEEDS[:4], _instances(cls), strict=False):
        if cls is m.Per:
            part = m.Per(m.Cards(m.HasPart(m.Part.PURSE)), m.Scope.TABLEAU)
        tp = dict(fields_of(cls))[name]
        if typing.get_origin(tp) is tuple:  # a tuple of them: that value, as many times as the part needs
            size = min(TUPLE_SIZES.get((cls, name), (1,)))
            given: Any = (value,) * max(1, size)
        else:
            given = value
        _consume(attrs.evolve(part, **{name: given}), Case(random.Random(seed)))


def _public_classes() -> set[str]:
    from castle_combo.language.model import base, card, conditions, counts, effects, filters, refusals, scoring

    found = set()
    for module in (base, filters, counts, conditions, effects, scoring, card, refusals):
        for name, value in vars(module).items():
            if inspect.isclass(value) and value.__module__ == module.__name__ and not name.startswith("_"):
                found.add(name)
    return found


def test_the_models_all_lists_every_public_class() -> None:
    assert _public_classes() - set(m.__all__) == set()
    assert all(hasattr(m, name) for name in m.__all__)
