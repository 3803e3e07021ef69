"""Setting up a game: :func:`new_game`.

The rules page, "Components and setup": shuffle each deck, reveal its top 3 cards
as the location's row, put the messenger at the village, give every player
15 gold and 2 keys. The seed drives every shuffle, so the same seed gives the
same game on every machine.
"""

from __future__ import annotations

import _random
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from castle_combo.engine.compiled import Compiled, compiled
from castle_combo.engine.counting import DECKS
from castle_combo.engine.shuffling import shuffled
from castle_combo.engine.state import (
    CARDS_PER_PLAYER,
    GameState,
    Origin,
    Phase,
    PlayerState,
    ScriptedReshuffle,
)
from castle_combo.engine.table import new, seat_of
from castle_combo.errors import CastleComboError, RecordError, RulesetError
from castle_combo.facts import MAX_PLAYERS, MIN_PLAYERS, ROW_SIZE, STARTING_GOLD, STARTING_KEYS
from castle_combo.files import quote
from castle_combo.language.model import Deck
from castle_combo.language.ruleset import Ruleset

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "SEED_BITS", "STARTING_GOLD", "STARTING_KEYS", "default_rules",
           "fresh_seed", "new_game"]

_ROW = ROW_SIZE


def default_rules() -> Ruleset:
    """The standard ruleset (the 78 bundled cards)."""
    return Ruleset.standard()


def _deck_key(key: object) -> int | None:
    if isinstance(key, Deck):
        return DECKS.index(key)
    if key in ("castle", "village"):
        return 0 if key == "castle" else 1
    return None


def _deck_order(engine: Compiled, i: int, names: object, path: str) -> tuple[int, ...]:
    """Card ids of a whole deck given by names (top first); RecordError naming the bad entry."""
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
        raise RecordError(f"{path}: expected a list of card names, top of the deck first")
    expected = engine.deck_cards[i]
    seen: dict[int, int] = {}
    order = []
    for k, name in enumerate(names):
        card = getattr(name, "name", name)
        if not isinstance(card, str):
            raise RecordError(f"{path}[{k}]: expected a card name, got {quote(card)}")
        cid = engine.ids.get(card)
        if cid is None:
            raise RecordError(f"{path}[{k}]: {engine.unknown(card)}")
        if engine.facts[cid].deck != i:
            actual = DECKS[engine.facts[cid].deck].value
            raise RecordError(f"{path}[{k}]: {card} is a {actual} card, not a {DECKS[i].value} card")
        if cid in seen:
            raise RecordError(f"{path}[{k}]: {card} is listed twice (first at [{seen[cid]}])")
        seen[cid] = k
        order.append(cid)
    missing = [engine.name(c) for c in expected if c not in seen]
    if missing:
        raise RecordError(f"{path}: the whole deck must be listed; missing {', '.join(missing)}")
    return tuple(order)


def _script(engine: Compiled, reshuffles: object, path: str) -> tuple[ScriptedReshuffle, ...]:
    if reshuffles is None:
        return ()
    if isinstance(reshuffles, (str, bytes, Mapping)) or not isinstance(reshuffles, Sequence):
        raise RecordError(f"{path}: expected a list of {{\"deck\": ..., \"order\": [...]}} objects")
    script = []
    for k, entry in enumerate(reshuffles):
        where = f"{path}[{k}]"
        if not isinstance(entry, Mapping):
            raise RecordError(f"{where}: expected {{\"deck\": \"castle\" or \"village\", \"order\": [card names]}}")
        deck = _deck_key(entry.get("deck"))
        if deck is None:
            raise RecordError(f"{where}.deck: expected \"castle\" or \"village\", got {quote(entry.get('deck'))}")
        order = entry.get("order")
        if isinstance(order, (str, bytes)) or not isinstance(order, Sequence):
            raise RecordError(f"{where}.order: expected a list of card names, top of the new deck first")
        ids = []
        for j, name in enumerate(order):
            cid = engine.ids.get(name) if isinstance(name, str) else None
            if cid is None:
                problem = engine.unknown(name) if isinstance(name, str) else f"expected a card name, got {quote(name)}"
                raise RecordError(f"{where}.order[{j}]: {problem}")
            if engine.facts[cid].deck != deck:
                raise RecordError(f"{where}.order[{j}]: {name} is not a {DECKS[deck].value} card")
            ids.append(cid)
        script.append(ScriptedReshuffle(k, deck, tuple(ids)))
    return tuple(script)


#: The bits of a seed drawn when none is given: too many to find by trying seeds against the cards seen.
SEED_BITS = 128


def fresh_seed() -> int:
    """A seed of :data:`SEED_BITS` bits from the operating system's randomness (never Python's own generator).

    A deal is a function of its seed, so a seed that could be guessed (a
    31-bit one can be found by trying every seed against the six cards of
    the opening rows) would reveal every deck.
    """
    return secrets.randbits(SEED_BITS)


def new_game(
    players: int = 2,
    seed: int | None = None,
    rules: Ruleset | None = None,
    decks: Mapping[Any, Sequence[Any]] | None = None,
    first_player: int = 0,
    reshuffles: Sequence[Mapping[str, Any]] | None = None,
) -> GameState:
    """A new game of ``players`` (2 to 5) with ``rules`` (default: the 78 standard cards).

    ``seed`` makes the game reproducible (without it a fresh 128-bit seed is
    drawn from the operating system, :func:`fresh_seed`, and kept in the
    state, so the game's record still replays). ``decks`` fixes
    the deck orders instead: ``{"castle": [...], "village": [...]}``, each
    the whole deck, top first (cards or names). ``reshuffles`` lists the
    orders to use, in turn per deck, when a discard pile is shuffled into a
    new deck (``[{"deck": "castle", "order": [...]}]``), as in a game
    record. ``first_player`` picks the seat that starts.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise CastleComboError(f"players must be a number from {MIN_PLAYERS} to {MAX_PLAYERS}, got {quote(players)}")
    if isinstance(first_player, bool) or not isinstance(first_player, int) or not 0 <= first_player < players:
        raise CastleComboError(f"first_player must be a seat from 0 to {players - 1}, got {quote(first_player)}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise CastleComboError(f"seed must be an integer, got {quote(seed)}")
    rules = default_rules() if rules is None else rules
    engine = compiled(rules)
    _check_size(engine, players)
    if seed is None:
        seed = 0 if decks is not None else fresh_seed()
    # The C generator that random.Random extends, seeded alike (an integer seed is read the same way; the shuffle
    # and the draw below only call getrandbits): without the Python layer's __init__ and seed, a fifth cheaper.
    generator = _random.Random(seed)
    orders = [tuple(shuffled(engine.deck_cards[i], generator)) for i in range(len(DECKS))]
    if decks is not None:
        orders = _given_decks(engine, decks)
    script = _script(engine, reshuffles, "$.reshuffles")
    # Built as the engine keeps a state (plain tuples, no conversion): a new game starts every random playout.
    castle, village = orders
    locations = ((castle[_ROW:], castle[:_ROW], (), (), False), (village[_ROW:], village[:_ROW], (), (), False))
    return new(GameState, (
        rules, (_FRESH_SEAT,) * players, first_player, first_player, 0, Phase.START, Deck.VILLAGE, locations, None, (),
        generator.getrandbits(64), Origin(seed, (castle, village)), script, None, False, (), (), (), engine,
    ))


#: A seat at the start of a game, as the engine keeps one (see ``Table.seats``).
_FRESH_SEAT = seat_of(PlayerState(STARTING_GOLD, STARTING_KEYS))


def _given_decks(engine: Compiled, decks: Mapping[Any, Sequence[Any]]) -> list[tuple[int, ...]]:
    if not isinstance(decks, Mapping):
        raise RecordError("$.decks: expected {\"castle\": [...], \"village\": [...]}")
    orders: list[tuple[int, ...] | None] = [None, None]
    for key, names in decks.items():
        i = _deck_key(key)
        if i is None:
            raise RecordError(f"$.decks: unknown deck {quote(key)}; expected \"castle\" and \"village\"")
        orders[i] = _deck_order(engine, i, names, f"$.decks.{DECKS[i].value}")
    for i, order in enumerate(orders):
        if order is None:
            raise RecordError(f"$.decks: the {DECKS[i].value} deck is missing; list both decks, top first")
    return [o for o in orders if o is not None]


def _check_size(engine: Compiled, players: int) -> None:
    """Refuse rulesets too small for a full game (a row must start full; 9 cards each must exist)."""
    sizes = [len(cards) for cards in engine.deck_cards]
    for i, size in enumerate(sizes):
        if size < _ROW:
            raise RulesetError(
                f"the {DECKS[i].value} deck has {size} card(s); each deck needs at least {_ROW} for its row"
            )
    need = CARDS_PER_PLAYER * players + 2 * _ROW
    if sum(sizes) < need:
        raise RulesetError(
            f"this ruleset has {sum(sizes)} cards; a {players}-player game needs at least {need} "
            f"({CARDS_PER_PLAYER} per player and two full rows)"
        )
