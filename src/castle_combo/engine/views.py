"""Hidden information: what one seat may know, and full states consistent with it.

Castle Combo hides only one thing: the order of the two decks. Rows, discard
piles, tableaux (a face-down card was taken from a face-up row, so everyone
saw it), supplies, stored gold and the history of actions are public.

A view keeps each deck's *contents* (also public: the cards not seen
anywhere else) in a canonical order, and drops everything from which an
order could be derived: the generator state, the seed, the initial deck
orders, past reshuffle orders and a record's scripted reshuffles. Two games
with different deck orders and the same public history therefore have equal
views, which the tests check through every surface (fields, ``dumps``,
``record``).

A seat may know some top cards of a deck, having looked at them ("look at
the top 3 cards of the castle deck ..."): its view keeps those on top, in
their order, above the rest in canonical order, and keeps that knowledge
(``Table.known``) of its own alone; a determinized deal keeps them there.
A card put back from a discard pile on top of its deck ("put a card from
either discard pile on top of its deck") was seen by every seat: each seat
knows it (``Table.known`` holds it for every seat), so every view shows it
on top and every determinized deal keeps it there.

A card put at the bottom of its deck ("put a card from either discard pile
on the bottom of its deck") was seen too, but what a seat knows of a deck
is how many of its top cards it knows: a seat that knew the whole deck
(an empty deck included) knows the new bottom card too, as one more card
of the deck it knows; for any other seat it is one of the deck's unseen
cards. So a view shows it in the canonical order of those, and a
determinized deal may put it higher than the bottom: no hidden card is
shown, the deal only forgets a public fact (that the card comes last). A
deal again (:func:`redeal`) keeps it at the bottom, since the record must
still replay to the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

import attrs

from castle_combo.engine.actions import Arrange
from castle_combo.engine.table import Location, Table
from castle_combo.errors import CastleComboError
from castle_combo.files import quote

__all__ = ["determinize", "redeal", "view"]

T = TypeVar("T", bound=Table)


def view(state: T, seat: int) -> T:
    """``state`` as ``seat`` may know it (see the module docstring)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.players):
        raise CastleComboError(f"seat must be from 0 to {len(state.players) - 1}, got {quote(seat)}")
    mine = tuple((d, s, n) for d, s, n in state.known if s == seat)
    hidden = tuple(loc._replace(deck=_on_top(loc.deck, mine, i, sorted)) for i, loc in enumerate(state.locations))
    return state._replace(
        places=(hidden[0], hidden[1]),
        known=mine,
        rng=0,
        origin=None,
        script=(),
        viewer=seat,
    )


def _on_top(deck: tuple[int, ...], known: tuple[tuple[int, int, int], ...], i: int,
            order: Callable[[tuple[int, ...]], list[int]]) -> tuple[int, ...]:
    """``deck`` (location ``i``'s) with its top cards that ``known`` names kept in place, the rest put in ``order``."""
    top = max((n for d, _, n in known if d == i), default=0)
    return deck[:top] + tuple(order(deck[top:]))


def determinize(state: T, rng: random.Random) -> T:
    """A full, playable state that agrees with everything public in ``state``.

    Each deck's cards are put in a random order drawn from ``rng`` (a
    :class:`random.Random`), and the new state's own generator is seeded from
    ``rng`` too, so the same ``rng`` state gives the same result. The new
    state has no origin (its past deck orders are unknown), so its
    :meth:`~GameState.record` is the public record.
    """
    locations: list[Location] = []
    for i, loc in enumerate(state.locations):
        def shuffle(cards: tuple[int, ...]) -> list[int]:
            deck = sorted(cards)
            rng.shuffle(deck)
            return deck

        locations.append(loc._replace(deck=_on_top(loc.deck, state.known, i, shuffle)))
    return state._replace(
        places=(locations[0], locations[1]),
        rng=rng.getrandbits(64),
        origin=None,
        script=(),
        viewer=None,
    )


def redeal(state: T, rng: random.Random) -> T:
    """``state`` with the cards still hidden in each deck shuffled again, its origin kept consistent.

    What any seat may see is unchanged (the same view for every seat); only
    the order of the unseen cards is drawn anew from ``rng``. The game's
    origin is rewritten to match: the cards already drawn from each deck's
    latest order keep their places and the rest follow in the new order, so
    the state's :meth:`~GameState.record` still replays to it exactly.

    The terminal game uses it for *undo*: going back to a decision after a
    refill revealed a card must not let the player know that the same card
    comes next. Once a seat has looked at a deck's top ("look at the top 3
    cards of the castle deck ..."), the state is returned unchanged. So it is
    while a card put back from a discard pile ("put a card from either
    discard pile on top of its deck") lies in a deck: every seat knows it
    until it is drawn (``Table.known``), and once it is drawn the deck is
    again the rest of the order it was dealt in. A card put at the bottom of
    a deck ("... on the bottom of its deck") stays there, under the cards
    dealt again: the rest of the dealt order lies above it.
    """
    if state.viewer is not None:
        raise CastleComboError("a view holds no deck order to deal again; redeal a full state")
    if state.known or any(isinstance(a, Arrange) for a in state.history):
        # A seat looked at a deck's top and may have put cards back in its own order: the decks are not dealt
        # again (the record could no longer replay the answers, and what the seat knows would change).
        return state
    origin = state.origin
    locations: list[Location] = []
    decks = list(origin.decks) if origin is not None else []
    reshuffles = list(origin.reshuffles) if origin is not None else []
    for i, loc in enumerate(state.locations):
        if origin is None or not loc.deck:
            hidden = list(loc.deck)
            rng.shuffle(hidden)
            locations.append(loc._replace(deck=tuple(hidden)))
            continue
        latest = next((k for k in range(len(reshuffles) - 1, -1, -1) if reshuffles[k].deck == i), None)
        order = reshuffles[latest].order if latest is not None else decks[i]
        dealt = _dealt(loc.deck, order)  # the cards put at the bottom since ("on the bottom of its deck") stay
        hidden = list(loc.deck[:dealt])
        rng.shuffle(hidden)
        locations.append(loc._replace(deck=tuple(hidden) + loc.deck[dealt:]))
        drawn = order[: len(order) - dealt]
        if latest is not None:
            reshuffles[latest] = attrs.evolve(reshuffles[latest], order=drawn + tuple(hidden))
        else:
            decks[i] = drawn + tuple(hidden)
    new_origin = None if origin is None else attrs.evolve(
        origin, decks=(decks[0], decks[1]), reshuffles=tuple(reshuffles))
    return state._replace(places=(locations[0], locations[1]), origin=new_origin)


def _dealt(deck: tuple[int, ...], order: tuple[int, ...]) -> int:
    """How many of ``deck``'s top cards are the rest of ``order``, the order it was dealt (or reshuffled) in: the
    cards under them were put at the bottom since ("put a card from ... discard pile on the bottom of its deck")."""
    return next(dealt for dealt in range(len(deck), -1, -1) if deck[:dealt] == order[len(order) - dealt:])
