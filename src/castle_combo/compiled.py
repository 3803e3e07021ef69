"""A ruleset compiled for the engine: integer card ids, facts, abilities and scorers.

Inside a game state a card is a small integer, its index in
``Ruleset.cards``. Everything the engine asks about a card (cost, shields,
what its ability does, how it scores) is computed here once per ruleset and
cached, so playing a turn never walks the model's trees again.
"""

from __future__ import annotations

import difflib
import weakref

from castle_combo.abilities import Ability, compile_ability
from castle_combo.actions import Activate, Discard, Take, Unlock
from castle_combo.counting import DECKS, CardFacts, ScoreFn, card_facts, compile_scoring
from castle_combo.model import Card
from castle_combo.ruleset import Ruleset

__all__ = ["Compiled", "compiled"]

#: How far from (0, 0) a card can lie in a 3x3 grid whose first card is at (0, 0).
_REACH = 2


class Compiled:
    """The engine's view of one ruleset (build it with :func:`compiled`).

    ``facts``, ``abilities`` and ``scorers`` are indexed by card id;
    ``ids`` maps a card name to its id; ``deck_cards`` lists each deck's ids
    in load order (castle first). It holds no reference to the ruleset, so
    the cache below does not keep rulesets alive. Action objects are interned here so that
    ``legal_actions`` can hand out the same objects again cheaply.
    """

    __slots__ = (
        "_activates", "_discards", "_placements", "_takes", "_unlocks", "abilities", "cards", "deck_cards", "facts",
        "ids", "scorers",
    )

    def __init__(self, rules: Ruleset) -> None:
        self.cards: tuple[Card, ...] = rules.cards
        self.facts: tuple[CardFacts, ...] = tuple(card_facts(i, card) for i, card in enumerate(rules.cards))
        self.ids: dict[str, int] = {card.name: i for i, card in enumerate(rules.cards)}
        self.abilities: tuple[Ability, ...] = tuple(compile_ability(card, self.facts) for card in rules.cards)
        self.scorers: tuple[ScoreFn | None, ...] = tuple(
            compile_scoring(card.scoring, self.facts) for card in rules.cards
        )
        self.deck_cards: tuple[tuple[int, ...], ...] = tuple(
            tuple(f.id for f in self.facts if f.deck == d) for d in range(len(DECKS))
        )
        self._takes: dict[tuple[int, int, int, bool], Take] = {}
        self._placements: dict[tuple[int, bool], dict[tuple[int, int], Take]] = {}
        self._discards: dict[int, Discard] = {}
        self._unlocks: dict[int, Unlock] = {}
        self._activates: dict[int, Activate] = {}

    def take(self, card: int, x: int, y: int, face_down: bool) -> Take:
        """The (interned) action taking ``card`` to (x, y)."""
        key = (card, x, y, face_down)
        action = self._takes.get(key)
        if action is None:
            action = self._takes[key] = Take(self.facts[card].name, (x, y), face_down)
        return action

    def placements(self, card: int, face_down: bool) -> dict[tuple[int, int], Take]:
        """Every possible take of ``card`` (face up or down) by position, built once per card.

        Positions in a tableau stay within -2..2 on both axes (the grid is 3
        wide and starts at (0, 0)), so the table is complete.
        """
        key = (card, face_down)
        table = self._placements.get(key)
        if table is None:
            span = range(-_REACH, _REACH + 1)
            table = self._placements[key] = {(x, y): self.take(card, x, y, face_down) for y in span for x in span}
        return table

    def discard(self, card: int) -> Discard:
        """The (interned) action discarding ``card``."""
        action = self._discards.get(card)
        if action is None:
            action = self._discards[card] = Discard(self.facts[card].name)
        return action

    def unlock(self, card: int) -> Unlock:
        """The (interned) action opening the lock of ``card``."""
        action = self._unlocks.get(card)
        if action is None:
            action = self._unlocks[card] = Unlock(self.facts[card].name)
        return action

    def activate(self, card: int) -> Activate:
        """The (interned) action using the ability of ``card``."""
        action = self._activates.get(card)
        if action is None:
            action = self._activates[card] = Activate(self.facts[card].name)
        return action

    def name(self, card: int) -> str:
        """The name of the card with id ``card``."""
        return self.facts[card].name

    def unknown(self, name: str) -> str:
        """Why ``name`` is not a card of this ruleset, with a "did you mean" when a name is close."""
        close = difflib.get_close_matches(name, self.ids, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        return f"no card named {name!r} in this ruleset{hint}"


_CACHE: dict[int, tuple[weakref.ref[Ruleset], Compiled]] = {}


def compiled(rules: Ruleset) -> Compiled:
    """The compiled form of ``rules``, built once per ruleset object and cached while it lives."""
    entry = _CACHE.get(id(rules))
    if entry is not None and entry[0]() is rules:
        return entry[1]
    result = Compiled(rules)
    key = id(rules)

    def forget(_: weakref.ref[Ruleset]) -> None:
        _CACHE.pop(key, None)

    _CACHE[key] = (weakref.ref(rules, forget), result)
    return result
