"""The one table of what goes with what: every combination of parts the card language refuses, and why.

Each rule names the part it is about and where it is refused (the two
columns of the docs' table), says why in the words ``castle-combo check``
prints, and gives the fix. Validation reads the table: each part's
``problems()`` asks :meth:`Refusals.of` for the rules about its class, which
decide with their ``refuses`` predicate. A few rules can only be seen across
parts or while the text is read (a count taken in two places, an effect of a
trigger that asks a question, a count of the discarded cards before any
discard); the code that sees them takes the rule's words from the table by
its ``key`` (:meth:`Refusals.problem`). The docs' "what goes with what" table
is generated from this table, so the page cannot say something the
validator does not do.

Each part's module adds the rules about its classes right after them (this
module imports none of them, so every part can read the table): after
``import castle_combo.language.model`` the table holds them all, in the order
the parts are defined and, within a part, the order they are checked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, overload

import attrs

from castle_combo.language.model.base import Problem, Source, Where

__all__ = ["REFUSALS", "Refusal", "Refusals"]


@attrs.frozen
class Refusal:
    """One combination that means nothing: ``part`` refused ``place``, because ``message``; ``hint`` fixes it.

    ``on`` is the classes of the parts it is about and ``refuses(part,
    where)`` whether it applies; a rule without ``refuses`` is checked by the
    code that can see it, which finds it by ``key``. Of the rules of one
    ``family``, only the first that applies is reported (a count in a place
    has one reason to be refused, not several). ``counting`` marks a rule
    about a number counted, which a collection of cards compared by a trait
    is not. The message may name things of the part (``{name}`` fields),
    filled by ``fill(part, where)`` or by the code that reports it; ``example``
    fills them for the docs.
    """

    part: str
    place: str
    message: str
    hint: str
    on: tuple[type, ...] = ()
    refuses: Callable[[Any, Where], bool] | None = attrs.field(default=None, eq=False, repr=False)
    key: str = ""
    family: str = ""
    counting: bool = False
    at: Callable[[Any], Source | None] | None = attrs.field(default=None, eq=False, repr=False)
    fill: Callable[[Any, Where], Mapping[str, str]] | None = attrs.field(default=None, eq=False, repr=False)
    example: Mapping[str, str] = attrs.field(factory=dict, eq=False, repr=False)
    #: The card's property at fault, for a rule about a card's own facts (see :attr:`Problem.part`).
    card_property: str | None = None

    def problem(self, source: Source | None, **words: str) -> Problem:
        """This rule's problem at ``source``, its message's ``{fields}`` filled with ``words``."""
        return Problem(self.message.format(**words), self.hint.format(**words), source, self.card_property)

    @property
    def shown(self) -> str:
        """The message as the docs show it (its fields filled with the rule's example)."""
        return self.message.format(**self.example)


class Refusals(Sequence[Refusal]):
    """The table: every :class:`Refusal`, in the order the parts add them."""

    def __init__(self) -> None:
        self._rules: list[Refusal] = []
        self._by_class: dict[type, list[Refusal]] = {}
        self._by_key: dict[str, Refusal] = {}

    def add(self, part: str, place: str, message: str, hint: str, *, on: type | tuple[type, ...] = (),
            refuses: Callable[[Any, Where], bool] | None = None, key: str = "", family: str = "",
            counting: bool = False, at: Callable[[Any], Source | None] | None = None,
            fill: Callable[[Any, Where], Mapping[str, str]] | None = None,
            example: Mapping[str, str] | None = None, card_property: str | None = None) -> Refusal:
        """Add a rule (see :class:`Refusal`) and return it."""
        classes = on if isinstance(on, tuple) else (on,)
        rule = Refusal(part, place, message, hint, classes, refuses, key, family, counting, at, fill,
                       dict(example or {}), card_property)
        if refuses is None and not key:
            raise ValueError(f"the rule {message!r} needs a predicate or a key to be found by")
        if key in self._by_key:
            raise ValueError(f"two rules have the key {key!r}")
        self._rules.append(rule)
        if key:
            self._by_key[key] = rule
        if refuses is not None:
            for cls in classes:
                self._by_class.setdefault(cls, []).append(rule)
        return rule

    def of(self, part: object, where: Where, *, counting: bool = True) -> tuple[Problem, ...]:
        """The problems of the rules about ``part`` that apply where it is (the first of each family)."""
        found: list[Problem] = []
        families: set[str] = set()
        for rule in self._by_class.get(type(part), ()):
            if (rule.family and rule.family in families) or (rule.counting and not counting):
                continue
            assert rule.refuses is not None
            if rule.refuses(part, where):
                words = rule.fill(part, where) if rule.fill is not None else {}
                source = rule.at(part) if rule.at is not None else getattr(part, "source", None)
                found.append(rule.problem(source, **words))
                if rule.family:
                    families.add(rule.family)
        return tuple(found)

    def rule(self, key: str) -> Refusal:
        """The rule of ``key`` (one the code that sees it checks)."""
        return self._by_key[key]

    def problem(self, key: str, source: Source | None, **words: str) -> Problem:
        """The problem of the rule of ``key`` at ``source``."""
        return self._by_key[key].problem(source, **words)

    def __iter__(self) -> Iterator[Refusal]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    @overload
    def __getitem__(self, index: int) -> Refusal: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Refusal]: ...

    def __getitem__(self, index: int | slice) -> Refusal | Sequence[Refusal]:
        return self._rules[index]


#: Every combination the card language refuses (each part's module adds its rules).
REFUSALS = Refusals()
