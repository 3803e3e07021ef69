"""Small synthetic cards and tables for the engine's tests.

The engine must play any card the model can express, so most rules tests use
tiny cards built here in Python (``card("Nun", cost=3, ...)``) rather than
the bundled ones: a test then shows exactly which property of a card matters.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import castle_combo as cc
from castle_combo.language import model as m
from castle_combo.language.model import Deck, Resource, Scope, Shield

__all__ = ["FACTS", "Cells", "balanced", "card", "card_points", "filler", "game", "gold", "gold_of", "keys", "keys_of", "names",
           "one", "per", "play", "ruleset", "seat_with", "standard_with", "table_of", "take", "take_favouring",
           "to_the_end", "with_seat"]

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
    unlocked: Sequence[m.Effect] = (),
) -> m.Card:
    """A card with defaults that do nothing: cost 0, one nobility shield, no ability, no scoring.

    Effects given as ``unlocked`` make it a lock card whose lock opens them.
    """
    return m.Card(name, deck, cost, tuple(shields), messenger, purse, tuple(ability), tuple(scoring),
                  lock=bool(unlocked), unlocked=tuple(unlocked))


#: The printed facts of a card written in the card language by :func:`one` unless a test says others.
FACTS = "deck castle   cost 0   shields nobility"


def one(name: str, body: str, facts: str = FACTS) -> m.Card:
    """A card written in the card language, as a fan writes it: ``facts`` and the lines of ``body``."""
    from castle_combo.language import parse_text

    (written,) = parse_text(f'card "{name}" {{\n    {facts}\n    {body}\n}}\n', "fan.ccl")
    return written


def filler(deck: Deck, count: int, prefix: str | None = None) -> list[m.Card]:
    """``count`` plain cards of ``deck`` (cost 0, one peasantry shield, nothing else)."""
    prefix = prefix or ("c" if deck is C else "v")
    return [card(f"{prefix}{i}", deck, 0, (Shield.PEASANTRY,)) for i in range(count)]


def ruleset(*cards: m.Card, castle: int = 30, village: int = 30) -> cc.Ruleset:
    """``cards`` plus enough plain filler cards in each deck for a 5-player game."""
    have_c = sum(1 for c in cards if c.deck is C)
    have_v = sum(1 for c in cards if c.deck is V)
    return cc.Ruleset.from_cards([*cards, *filler(C, max(0, castle - have_c)), *filler(V, max(0, village - have_v))],
                                 check=False)


def game(
    rules: cc.Ruleset, castle: Sequence[str] = (), village: Sequence[str] = (), players: int = 2, **kw: object
) -> cc.GameState:
    """A game whose decks start with ``castle`` / ``village`` (top first), then fillers, then other cards."""

    def order(deck: Deck, top: Sequence[str]) -> list[str]:
        # Cards not asked for on top go below the plain fillers, out of the way.
        rest = [c.name for c in rules.deck(deck) if c.name not in top]
        rest.sort(key=lambda name: not _is_filler(name))
        return [*top, *rest]

    return cc.new_game(players=players, rules=rules, decks={"castle": order(C, castle), "village": order(V, village)}, **kw)  # type: ignore[arg-type]


def _is_filler(name: str) -> bool:
    return name[:1] in ("c", "v") and name[1:].isdigit()


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


def with_seat(state: cc.GameState, seat: int, **changes: object) -> cc.GameState:
    """``state`` with ``seat``'s gold or keys set (a test shortcut to a situation)."""

    players = list(state.players)
    players[seat] = players[seat].replace(**changes)
    return state.replace(players=tuple(players))


def play(state: cc.GameState, *actions: object) -> cc.GameState:
    """Apply ``actions`` in order; a string is a card name taken face up at the first legal spot."""
    for action in actions:
        if isinstance(action, str):
            spot = state.players[state.current_player].spots[0]
            action = cc.Take(action, spot)
        state = state.apply(action)  # type: ignore[arg-type]
    return state


def names(cards: Sequence[m.Card]) -> list[str]:
    """The names of ``cards``."""
    return [c.name for c in cards]


def seat_with(
    state: cc.GameState, seat: int, cards: Sequence[tuple[str, int, int] | tuple[str, int, int, bool]], **changes: object
) -> cc.GameState:
    """``state`` with ``seat``'s tableau set to ``cards`` ``(name, x, y[, face_down])``, taken out of the decks.

    A face-up lock card gets its key, as if just bought.

    A shortcut to a mid-game situation; the cards must still be in a deck
    (not in a row), so every card stays in exactly one place.
    """

    from castle_combo.engine.counting import Placed
    from castle_combo.engine.state import recounted

    engine = state.engine
    cells = []
    for entry in cards:
        name, x, y, *rest = entry
        face_down = bool(rest and rest[0])
        cid = engine.ids[name]
        cells.append(Placed(cid, x, y, face_down, 0, not face_down and engine.facts[cid].lock))
    gone = {c.card for c in cells}
    locations = []
    for loc in state.locations:
        assert not gone & set(loc.row), "seat_with cards must not be in a row"
        locations.append(loc.replace(deck=tuple(c for c in loc.deck if c not in gone)))
    players = list(state.players)
    players[seat] = recounted(players[seat].replace(tableau=tuple(cells), **changes), engine)
    return state.replace(players=tuple(players), locations=tuple(locations))


Cells = Mapping[int, Sequence[tuple[str, int, int] | tuple[str, int, int, bool]]]


def table_of(cards: Sequence[m.Card], *names: str, players: int = 2, current: int = 0,
             messenger: cc.Deck = cc.Deck.CASTLE, tableaux: Cells | None = None) -> cc.GameState:
    """A game of ``players`` with ``cards`` (and fillers) where ``current`` is to play, the messenger at
    ``messenger``, ``names`` on top of the castle deck and each seat of ``tableaux`` holding its cells."""
    state = game(ruleset(*cards), castle=list(names), players=players)
    for seat, cells in (tableaux or {}).items():
        state = seat_with(state, seat, list(cells))
    return state.replace(messenger=messenger, current_player=current)


def gold_of(state: cc.GameState) -> list[int]:
    """Each seat's gold."""
    return [p.gold for p in state.players]


def keys_of(state: cc.GameState) -> list[int]:
    """Each seat's spendable keys."""
    return [p.keys for p in state.players]


def standard_with(cards: Mapping[str, tuple[str, str]]) -> cc.Ruleset:
    """The standard cards and one fan card per entry of ``cards`` (name -> (ability when bought, facts))."""
    return cc.Ruleset.from_cards([*cc.Ruleset.standard().cards,
                                  *(one(name, f"when bought: {text}", facts) for name, (text, facts) in cards.items())])


def take_favouring(state: cc.GameState, legal: Sequence[cc.Action], rng: random.Random,
                   names: Sequence[str] | Mapping[str, object]) -> cc.Action:
    """A random action, face-up takes of purse cards and of the cards ``names`` first (four times in five), so that
    the constructs those cards bring have purses to work on."""
    up = [a for a in legal if isinstance(a, cc.Take) and not a.face_down]
    wanted = [a for a in up if a.card in names or state.rules[a.card].purse is not None]
    if wanted and rng.random() < 0.8:
        return rng.choice(wanted)
    return rng.choice(up if up and rng.random() < 0.9 else list(legal))


def balanced(state: cc.GameState) -> cc.GameState:
    """``state`` (set up by :func:`seat_with`) with the cards taken and whose turn it is matching its tableaux.

    The seats' tableaux must hold the counts a real game could reach from the
    first player (seat by seat); then the state can be saved and loaded. It
    has no origin, like a puzzle's position: no deal and history lead to it,
    and a save with an origin is checked by playing its history again.
    """

    taken = sum(len(p.tableau) for p in state.players)
    return state.replace(taken=taken, current_player=(state.first_player + taken) % len(state.players),
                        origin=None)


def to_the_end(state: cc.GameState) -> cc.GameState:
    """``state`` after every seat takes face-down cards until the game is over or a question is owed."""
    while state.pending is None and not state.is_over:
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, cc.Take) and a.face_down))
    return state


def card_points(state: cc.GameState, seat: int, name: str) -> int:
    """The points of the card ``name`` on seat ``seat``'s score sheet of the finished ``state``."""
    sheet = state.scores()[seat]
    for row_names, row_points in zip(sheet.names, sheet.cards, strict=True):
        for card_name, points in zip(row_names, row_points, strict=True):
            if card_name == name:
                return points
    raise AssertionError(f"{name} is not on the sheet")
