"""Small synthetic cards and tables for the engine's tests.

The engine must play any card the model can express, so most rules tests use
tiny cards built here in Python (``card("Nun", cost=3, ...)``) rather than
the bundled ones: a test then shows exactly which property of a card matters.
"""

from __future__ import annotations

from collections.abc import Sequence

import castle_combo as cc
from castle_combo import model as m
from castle_combo.model import Deck, Resource, Scope, Shield

__all__ = ["card", "filler", "ruleset", "game", "gold", "keys", "per", "take"]

C, V = Deck.CASTLE, Deck.VILLAGE


def card(
    name: str,
    deck: Deck = C,
    cost: int = 0,
    shields: Sequence[Shield] = (Shield.NOBILITY,),
    *,
    messenger: bool = False,
    purse: int | None = None,
    ability: Sequence[m.Effect] = (),
    scoring: Sequence[m.Scoring] = (),
) -> m.Card:
    """A card with defaults that do nothing: cost 0, one nobility shield, no ability, no scoring."""
    return m.Card(name, deck, cost, tuple(shields), messenger, purse, tuple(ability), tuple(scoring))


def filler(deck: Deck, count: int, prefix: str | None = None) -> list[m.Card]:
    """``count`` plain cards of ``deck`` (cost 0, one peasantry shield, nothing else)."""
    prefix = prefix or ("c" if deck is C else "v")
    return [card(f"{prefix}{i}", deck, 0, (Shield.PEASANTRY,)) for i in range(count)]


def ruleset(*cards: m.Card, castle: int = 30, village: int = 30) -> cc.Ruleset:
    """``cards`` plus enough plain filler cards in each deck for a 5-player game."""
    have_c = sum(1 for c in cards if c.deck is C)
    have_v = sum(1 for c in cards if c.deck is V)
    return cc.Ruleset.from_cards([*cards, *filler(C, max(0, castle - have_c)), *filler(V, max(0, village - have_v))])


def game(
    rules: cc.Ruleset, castle: Sequence[str] = (), village: Sequence[str] = (), players: int = 2, **kw: object
) -> cc.GameState:
    """A game whose decks start with ``castle`` / ``village`` (top first), then the rest in load order."""

    def order(deck: Deck, top: Sequence[str]) -> list[str]:
        rest = [c.name for c in rules.deck(deck) if c.name not in top]
        return [*top, *rest]

    return cc.new_game(players=players, rules=rules, decks={"castle": order(C, castle), "village": order(V, village)}, **kw)  # type: ignore[arg-type]


def gold(amount: int, count: m.Count | None = None, scope: Scope = Scope.TABLEAU) -> m.Gain:
    """Gain ``amount`` gold, per ``count`` in ``scope`` if given."""
    return m.Gain(amount, Resource.GOLD, None if count is None else m.Per(count, scope))


def keys(amount: int, count: m.Count | None = None, scope: Scope = Scope.TABLEAU) -> m.Gain:
    """Gain ``amount`` keys, per ``count`` in ``scope`` if given."""
    return m.Gain(amount, Resource.KEY, None if count is None else m.Per(count, scope))


def per(points: int, count: m.Count, scope: Scope = Scope.TABLEAU) -> m.ScorePer:
    """Score ``points`` per ``count`` in ``scope``."""
    return m.ScorePer(points, m.Per(count, scope))


def take(name: str, x: int = 0, y: int = 0, face_down: bool = False) -> cc.Take:
    """The take action, briefly."""
    return cc.Take(name, (x, y), face_down)
