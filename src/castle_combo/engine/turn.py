"""The engine's private scratch table for one ``apply``: :class:`Turn`.

``apply`` never changes a state. It copies the parts a turn may change into a
:class:`Turn` (plain lists), lets the rules and the abilities work on it, and
freezes a new state at the end (:meth:`Turn.freeze`). The mechanics of the
table live here, once: placing a card, paying and gaining, storing gold,
revealing cards into a row (reshuffling a discard pile into an empty deck,
exhausting a location that cannot be refilled), discarding from a row, and
the stack of abilities being resolved. A ``Turn`` is what abilities see
(:class:`castle_combo.engine.abilities.Work`) and what counts read
(:class:`castle_combo.engine.counting.Tableaux`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar

from castle_combo.engine.actions import Action
from castle_combo.engine.counting import DECKS, CardFacts, Placed
from castle_combo.engine.decisions import Frame, Pending
from castle_combo.engine.shuffling import shuffled
from castle_combo.engine.table import (
    NOTHING_WAITING,
    Phase,
    Place,
    Reshuffle,
    Seat,
    Table,
    Waiting,
    new,
    spots_after_placing,
    spots_of,
    triggers_of,
    waiting_of,
)
from castle_combo.errors import RecordError
from castle_combo.facts import ROW_SIZE

__all__ = ["ROW_SIZE", "MessengerMoved", "Turn"]


T = TypeVar("T", bound=Table)

# Where a placed card keeps each field a turn changes: a card is rebuilt as two slices and the new value (a named
# tuple's ``_replace`` costs twice as much, and the engine changes cards on every purse filled).
_FACE_DOWN, _GOLD, _KEY, _POINTS, _KEYS, _SHIELD = (Placed._fields.index(name) for name in (
    "face_down", "gold", "key", "points", "keys", "shield"))


#: What a change of the messenger's location sets off, given to each :class:`Turn` by whoever builds it (the rules'
#: :func:`castle_combo.engine.rules.run_messenger_triggers`: the rules import this module, never the other way
#: round): called with the turn, the location moved to (0 the castle, 1 the village) and the seat whose card's
#: messenger icon made the move (``None`` for any other move).
MessengerMoved = Callable[["Turn", int, "int | None"], None]


class Turn:
    """Mutable scratch for one ``apply`` (see the module docstring)."""

    __slots__ = (
        "banners", "chooser", "discounts", "engine", "facts", "frames", "gold", "keys", "locations", "messenger",
        "messenger_moved", "moving", "_next_discounts", "_next_face_up", "opened_lock", "playing", "reshuffles", "rng",
        "row_gold", "script", "shields", "state", "swapped", "tableaux", "_either_row", "_reserved", "_this_turn",
        "known", "_twice", "unpacked", "waits",
    )

    def __init__(self, state: Table, messenger_moved: MessengerMoved) -> None:
        self.state = state
        #: What a change of the messenger's location sets off (see :data:`MessengerMoved`).
        self.messenger_moved = messenger_moved
        self.engine = state.engine
        self.facts: Sequence[CardFacts] = self.engine.facts
        tableaux: list[tuple[Placed, ...]] = []
        keys: list[int] = []
        gold: list[int] = []
        discounts: list[tuple[int, ...]] = []
        shields: list[tuple[int, ...]] = []
        banners: list[tuple[int, int]] = []
        waits: list[Waiting] = []
        for p_gold, p_keys, p_tableau, p_discounts, p_shields, p_banners, _, _, p_waits in state.seats:
            tableaux.append(p_tableau)  # one pass: a Turn is built for most actions
            keys.append(p_keys)
            gold.append(p_gold)
            discounts.append(p_discounts)
            shields.append(p_shields)
            banners.append(p_banners)
            waits.append(p_waits)
        self.tableaux, self.keys, self.gold, self.discounts, self.shields, self.banners = (
            tableaux, keys, gold, discounts, shields, banners
        )
        #: Per seat, what waits on it as the state kept it (:data:`~castle_combo.engine.table.Waiting`). Read
        #: through the six lists (:attr:`next_discounts` ... :attr:`twice`), built from it the first time one of
        #: them is read: most actions read none of them, and build none.
        self.waits = waits
        #: Whether the six lists exist (then they, not :attr:`waits`, say what waits on each seat).
        self.unpacked = False
        #: The locations as plain tuples in :class:`Location`'s field order (see ``Table.places``).
        self.locations: list[Place] = list(state.places)
        self.messenger = 0 if state.messenger is DECKS[0] else 1
        #: Whether the triggers on a move of the messenger are resolving (a move they make sets off nothing).
        self.moving = False
        #: The seat whose turn it is, for the order of the triggers on the messenger's moves: the next player
        #: while the triggers at the start of their turn resolve, the seat resolving at the end of the game.
        self.playing = state.current_player
        self.rng = state.rng
        self.script = state.script
        self.reshuffles: list[Reshuffle] = []
        self.frames: list[Frame] = list(state.pending.frames) if state.pending is not None else []
        self.opened_lock = state.opened_lock
        #: Whether two cards of a tableau swapped places during this ``apply`` (then the last card taken may lie
        #: elsewhere than where it was placed).
        self.swapped = False
        #: The gold lying on cards in the rows, by card id (see ``Table.row_gold``).
        self.row_gold: dict[int, int] = dict(state.row_gold)
        #: The seat whose owed choice is resolving its option ("that player" inside it), else ``None``.
        self.chooser: int | None = None
        #: What seats know of the decks' top cards: ``(deck, seat)`` -> how many top cards (see ``Table.known``).
        #: (No comprehension run for the empty tuple of a game where no seat has looked: most actions.)
        self.known: dict[tuple[int, int], int] = {(d, s): n for d, s, n in state.known} if state.known else {}

    def _unpack(self) -> None:
        """Build the six lists of what waits on the seats (one entry per seat) from :attr:`waits`, the first time
        one of them is read: most actions read none of them, and build none. (Properties, not ``__getattr__``:
        a class with ``__getattr__`` loses the interpreter's fast reads of every attribute.)"""
        (self._next_discounts, self._this_turn, self._either_row, self._reserved, self._next_face_up,
         self._twice) = ([list(field) for field in zip(*self.waits, strict=True)])
        self.unpacked = True

    @property
    def next_discounts(self) -> list[tuple[int, int, int]]:
        """Per seat, the one-time discounts (any deck, castle, village) waiting for its next take."""
        if not self.unpacked:
            self._unpack()
        return self._next_discounts

    @property
    def next_face_up(self) -> list[tuple[int, int, int]]:
        """Per seat, the one-time discounts (any deck, castle, village) waiting for its next card bought face up."""
        if not self.unpacked:
            self._unpack()
        return self._next_face_up

    @property
    def this_turn(self) -> list[tuple[Frame, ...]]:
        """Per seat, the abilities set aside until the end of this turn, first set aside first."""
        if not self.unpacked:
            self._unpack()
        return self._this_turn

    @property
    def either_row(self) -> list[bool]:
        """Per seat, whether its next card may be taken from either row (waiting for its next take)."""
        if not self.unpacked:
            self._unpack()
        return self._either_row

    @property
    def reserved(self) -> list[tuple[int, ...]]:
        """Per seat, its reserved card (one at most), face up beside its tableau."""
        if not self.unpacked:
            self._unpack()
        return self._reserved

    @property
    def twice(self) -> list[bool]:
        """Per seat, whether the ability of its next card bought face up resolves twice (waiting for that
        purchase)."""
        if not self.unpacked:
            self._unpack()
        return self._twice

    def waits_on(self, seat: int) -> bool:
        """Whether anything may wait on ``seat`` (a one-time discount, an ability set aside, a reserved card, ...):
        False for most seats, without building the lists of what waits."""
        return self.unpacked or self.waits[seat] is not NOTHING_WAITING

    @property
    def taker(self) -> int:
        """The seat whose take is resolved ("that player" of a trigger on another player's take): a card is only
        ever taken in its taker's turn. While an owed choice's option resolves, the seat that chose it."""
        chooser = self.chooser
        return self.state.current_player if chooser is None else chooser

    def move_messenger(self, where: int) -> None:
        """Put the messenger at location ``where`` (0 the castle, 1 the village). A change of location sets off
        the triggers on the messenger's moves at once (the rules page, "Triggers on key spends and on the
        messenger"); a move they make themselves sets off nothing."""
        self._move_messenger(where, None)

    def move_messenger_by_icon(self, where: int, seat: int) -> None:
        """Put the messenger at location ``where``, moved by the messenger icon of the card ``seat`` just took face
        up (step 4 of a turn): as :meth:`move_messenger`, and the triggers on the moves of one's own card's
        messenger icon ("whenever your card's messenger icon moves the messenger:") of ``seat``'s cards watch it
        too."""
        self._move_messenger(where, seat)

    def _move_messenger(self, where: int, icon: int | None) -> None:
        if where == self.messenger:
            return
        self.messenger = where
        if self.engine.has_messenger_triggers and not self.moving:
            self.moving = True
            try:
                self.messenger_moved(self, where, icon)
            finally:
                self.moving = False

    # -- supplies --------------------------------------------------------------
    def gain(self, seat: int, resource: int, amount: int) -> None:
        """Give ``seat`` ``amount`` gold (resource 0) or keys (resource 1) from the supply."""
        if resource == 0:
            self.gold[seat] += amount
        else:
            self.keys[seat] += amount

    # -- the tableaux ------------------------------------------------------------
    def place(self, seat: int, card: int, x: int, y: int, face_down: bool, key: bool = False,
              from_reserve: int = 0) -> int:
        """Put ``card`` in ``seat``'s tableau (with a key on it if ``key``; ``from_reserve``: how a card taken from
        the seat's reserve was taken, see :attr:`Placed.from_reserve`); return its index there."""
        tableau = self.tableaux[seat]
        self.tableaux[seat] = tableau + (new(Placed, (card, x, y, face_down, 0, key, 0, 0, -1, from_reserve)),)
        if not face_down:
            f = self.facts[card]
            self.shields[seat] = self.engine.plus_shields(card, self.shields[seat])
            castle, village = self.banners[seat]
            self.banners[seat] = (castle + 1, village) if f.deck == 0 else (castle, village + 1)
        return len(tableau)

    def _replace(self, seat: int, index: int, cell: Placed) -> None:
        cells = self.tableaux[seat]
        self.tableaux[seat] = cells[:index] + (cell,) + cells[index + 1 :]

    def turn_face_up(self, seat: int, index: int) -> None:
        """Turn ``seat``'s face-down card at ``index`` face up: its shields and banner count from now on."""
        old = self.tableaux[seat][index]
        self._replace(seat, index, new(Placed, old[:_FACE_DOWN] + (False,) + old[_FACE_DOWN + 1:]))
        f = self.facts[old.card]
        self.shields[seat] = self.engine.plus_shields(old.card, self.shields[seat], old.shield)
        castle, village = self.banners[seat]
        self.banners[seat] = (castle + 1, village) if f.deck == 0 else (castle, village + 1)

    def swap(self, seat: int, first: int, second: int) -> None:
        """Swap the places of ``seat``'s cards at ``first`` and ``second``; each keeps its side, gold and key.

        The cards keep their indices (the order they were taken), so "this
        card" of an ability being resolved is still the card that moved, and
        the occupied places are the same as before.
        """
        cells = list(self.tableaux[seat])
        a, b = cells[first], cells[second]
        cells[first], cells[second] = a._replace(x=b.x, y=b.y), b._replace(x=a.x, y=a.y)
        self.tableaux[seat] = tuple(cells)
        self.swapped = True

    def resolve_bought(self, seat: int, index: int) -> None:
        """Resolve next the ability when bought of ``seat``'s card at ``index`` (not as a copy), a card turned face
        up: its chosen shield, if it has one, is not named (its address, the part alone, is left out)."""
        card = self.tableaux[seat][index].card
        bought = tuple(address for address in self.engine.abilities[card].bought if len(address) > 1)
        if bought:
            self.frames.append(Frame(card, index, bought, seat=self.owner(seat)))

    def name_shield(self, seat: int, index: int, shield: int) -> None:
        """Name shield type ``shield`` for the chosen shield of ``seat``'s face-up card at ``index``: from now on
        it counts as a shield of that type (in the seat's totals too)."""
        old = self.tableaux[seat][index]
        self._replace(seat, index, new(Placed, old[:_SHIELD] + (shield,) + old[_SHIELD + 1:]))
        totals = list(self.shields[seat])
        totals[shield] += self.facts[old.card].chosen
        self.shields[seat] = tuple(totals)

    def exhausted(self, deck: int) -> bool:
        """Whether location ``deck`` (0 castle, 1 village) is exhausted."""
        return self.locations[deck][4]

    def store(self, seat: int, index: int, gold: int) -> None:
        """Set the gold stored on ``seat``'s card at ``index``."""
        old = self.tableaux[seat][index]
        self._replace(seat, index, new(Placed, old[:_GOLD] + (gold,) + old[_GOLD + 1:]))

    def record_points(self, seat: int, index: int, points: int) -> None:
        """Add ``points`` (negative: take them) to those kept on ``seat``'s card at ``index``."""
        old = self.tableaux[seat][index]
        self._replace(seat, index, new(Placed, old[:_POINTS] + (old[_POINTS] + points,) + old[_POINTS + 1:]))

    def lock_keys(self, seat: int, index: int, keys: int) -> None:
        """Move ``keys`` of ``seat``'s spendable keys (all they have if fewer) onto their card at ``index``."""
        put = min(keys, self.keys[seat])
        if put > 0:
            self.gain(seat, 1, -put)
            old = self.tableaux[seat][index]
            self._replace(seat, index, new(Placed, old[:_KEYS] + (old[_KEYS] + put,) + old[_KEYS + 1:]))

    def take_key(self, seat: int, index: int) -> None:
        """Return the key waiting on ``seat``'s lock card at ``index`` to the supply (its lock is opened)."""
        old = self.tableaux[seat][index]
        self._replace(seat, index, new(Placed, old[:_KEY] + (False,) + old[_KEY + 1:]))

    # -- the rows ------------------------------------------------------------------
    def discard_pile(self, deck: int) -> tuple[int, ...]:
        """The cards of a location's discard pile (0 castle, 1 village), bottom first."""
        return self.locations[deck][2]

    def row(self, deck: int) -> tuple[int, ...]:
        """The cards of a row now (0 castle, 1 village)."""
        return self.locations[deck][1]

    def deck_size(self, deck: int) -> int:
        """How many cards are left in a location's deck now (0 castle, 1 village)."""
        return len(self.locations[deck][0])

    def remove_from_row(self, deck: int, card: int) -> int:
        """Take ``card`` out of a row (it goes to a tableau); return the gold that lay on it there (its taker's)."""
        deck_cards, row, discard, removed, exhausted = self.locations[deck]
        self.locations[deck] = (deck_cards, tuple(c for c in row if c != card), discard, removed, exhausted)
        return self.row_gold.pop(card, 0) if self.row_gold else 0

    def discard_from_row(self, deck: int, card: int) -> None:
        """Move ``card`` from a row to that location's discard pile (the row is refilled later; the gold on it
        goes back to the supply)."""
        deck_cards, row, discard, removed, exhausted = self.locations[deck]
        self.locations[deck] = (deck_cards, tuple(c for c in row if c != card), discard + (card,), removed, exhausted)
        if self.row_gold:
            self.row_gold.pop(card, None)

    def reserve(self, seat: int, deck: int, card: int) -> None:
        """Move ``card`` from a row to ``seat``'s reserve, face up beside its tableau (the row is refilled later; the
        gold lying on it goes back to the supply, as for a discard)."""
        deck_cards, row, discard, removed, exhausted = self.locations[deck]
        self.locations[deck] = (deck_cards, tuple(c for c in row if c != card), discard, removed, exhausted)
        if self.row_gold:
            self.row_gold.pop(card, None)
        self.reserved[seat] = (card,)

    def discard_reserves(self) -> None:
        """The end of the game: every reserved card never taken goes to its location's discard pile, with no effect
        (an exhausted location's card is removed from the game with the rest of it)."""
        for seat, kept in enumerate(self.reserved):
            for card in kept:
                deck = self.facts[card].deck
                deck_cards, row, discard, removed, exhausted = self.locations[deck]
                if exhausted:
                    self.locations[deck] = (deck_cards, row, discard, removed + (card,), exhausted)
                else:
                    self.locations[deck] = (deck_cards, row, discard + (card,), removed, exhausted)
            self.reserved[seat] = ()

    def discard_row(self, deck: int) -> tuple[int, ...]:
        """Discard a whole row and refill it at once (a key refresh, or an ability); return the discarded cards.

        The gold lying on them goes back to the supply."""
        deck_cards, row, discard, removed, exhausted = self.locations[deck]
        self.locations[deck] = (deck_cards, (), discard + row, removed, exhausted)
        if self.row_gold:
            for card in row:
                self.row_gold.pop(card, None)
        self.refill(deck)
        return row

    def discard_deck_top(self, deck: int, count: int) -> tuple[int, ...]:
        """Discard the top ``count`` cards of a location's deck face up onto its discard pile, one at a time (the
        last one discarded lies on top); return them, top first.

        A deck that runs out is replaced, as for revealing, by its discard pile shuffled, except the cards
        just discarded here, which stay face up on the pile; with no other card there, fewer are discarded.
        An exhausted location has no deck: nothing happens."""
        deck_cards, row, discard, removed, exhausted = self.locations[deck]
        if exhausted:
            return ()
        cards = list(deck_cards)
        pile = discard
        gone: list[int] = []
        while len(gone) < count:
            if not cards:
                earlier = pile[: len(pile) - len(gone)]
                if not earlier:
                    break
                cards = self.reshuffle(deck, earlier)
                pile = pile[len(pile) - len(gone):]
            gone.append(cards.pop(0))
            self.drawn(deck, 1)
            pile = pile + (gone[-1],)
        self.locations[deck] = (tuple(cards), row, pile, removed, False)
        return tuple(gone)

    # -- the decks' top cards, looked at -------------------------------------------------
    def deck_cards(self, deck: int) -> tuple[int, ...]:
        """The cards of a location's deck, top first."""
        return self.locations[deck][0]

    def drawn(self, deck: int, count: int) -> None:
        """``count`` cards were drawn from the top of a deck: every seat knows that many fewer of its top cards."""
        if self.known and count:
            for (d, seat), n in list(self.known.items()):
                if d == deck:
                    self.known[(d, seat)] = max(0, n - count)

    def look(self, seat: int, deck: int, count: int) -> int:
        """``seat`` looks at the top ``count`` cards of a location's deck (fewer if the deck holds fewer; the deck
        is not reshuffled for a look, and an exhausted location has none): it knows them from now on, and every
        other seat forgets what it knew of that deck (the cards may be put back in another order). Return how
        many cards are looked at."""
        deck_cards, _, _, _, exhausted = self.locations[deck]
        seen = 0 if exhausted else min(count, len(deck_cards))
        if seen:
            for d, other in list(self.known):
                if d == deck and other != seat:
                    self.known[(d, other)] = 0
            self.known[(deck, seat)] = max(self.known.get((deck, seat), 0), seen)
        return seen

    def settle_looked(self, seat: int, deck: int, placed: int, card: int, discard: bool) -> None:
        """Settle ``card``, one of the cards being looked at (below the ``placed`` cards already put back): put it
        back next (at index ``placed`` of the deck), or discard it face up onto the deck's discard pile."""
        deck_cards, row, pile, removed, exhausted = self.locations[deck]
        at = deck_cards.index(card, placed)
        rest = deck_cards[:at] + deck_cards[at + 1:]
        if discard:
            self.locations[deck] = (rest, row, pile + (card,), removed, exhausted)
            self.known[(deck, seat)] = max(0, self.known.get((deck, seat), 0) - 1)
        else:
            self.locations[deck] = (rest[:placed] + (card,) + rest[placed:], row, pile, removed, exhausted)

    def return_to_deck(self, deck: int, card: int) -> None:
        """Move ``card`` from a location's discard pile onto the top of its deck ("put a card from ... discard pile
        on top of its deck"): it becomes the top card (the whole deck, if the deck was empty). Every seat saw it put
        there, so every seat knows it, on top of the cards it already knew there (``Table.known``)."""
        deck_cards, rest = self._out_of_pile(deck, card)
        self.locations[deck] = ((card,) + deck_cards, *rest)
        for seat in range(len(self.tableaux)):
            self.known[(deck, seat)] = self.known.get((deck, seat), 0) + 1

    def return_under_deck(self, deck: int, card: int) -> None:
        """Move ``card`` from a location's discard pile under its deck's cards ("put a card from ... discard pile
        on the bottom of its deck"): it is drawn last (the whole deck, if the deck was empty). Every seat saw it go
        there, but ``Table.known`` keeps only how many top cards a seat knows: a seat that knew the whole deck (an
        empty deck included) knows one card more, the new bottom one; any other seat keeps what it knew of the
        top, and the bottom card is one of the deck's unseen cards for it (the views module says why that shows no
        hidden card)."""
        deck_cards, rest = self._out_of_pile(deck, card)
        self.locations[deck] = (deck_cards + (card,), *rest)
        for seat in range(len(self.tableaux)):
            if self.known.get((deck, seat), 0) >= len(deck_cards):
                self.known[(deck, seat)] = len(deck_cards) + 1

    def _out_of_pile(self, deck: int, card: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...],
                                                                           tuple[int, ...], bool]]:
        """Location ``deck``'s deck cards, and its other parts (row, discard pile, removed, exhausted) once ``card``
        (its copy nearest the pile's top) left the discard pile, for a card put back on the deck."""
        deck_cards, row, pile, removed, exhausted = self.locations[deck]
        at = len(pile) - 1 - pile[::-1].index(card)
        return deck_cards, (row, pile[:at] + pile[at + 1:], removed, exhausted)

    def known_now(self) -> tuple[tuple[int, int, int], ...]:
        """What seats know of the decks' top cards as a state keeps it (``Table.known``)."""
        if not self.known:
            return ()
        return tuple(sorted((d, s, min(n, len(self.locations[d][0]))) for (d, s), n in self.known.items()
                            if min(n, len(self.locations[d][0]))))

    def reshuffle(self, i: int, pile: tuple[int, ...]) -> list[int]:
        """Shuffle location ``i``'s discard pile into a new deck (the record's order if it gives one)."""
        generator = random.Random(self.rng)
        order = shuffled(pile, generator)
        self.rng = generator.getrandbits(64)
        for k, scripted in enumerate(self.script):
            if scripted.deck == i:
                if Counter(scripted.order) != Counter(pile):
                    where = f"$.reshuffles[{scripted.index}].order"
                    names = ", ".join(sorted(self.engine.name(c) for c in pile))
                    raise RecordError(
                        f"{where}: the {DECKS[i].value} discard pile being reshuffled holds exactly "
                        f"[{names}]; list each of those cards once, top of the new deck first"
                    )
                order = list(scripted.order)
                self.script = self.script[:k] + self.script[k + 1 :]
                break
        self.reshuffles.append(Reshuffle(i, tuple(order)))
        return order

    def refill(self, i: int) -> None:
        """Bring location ``i``'s row back to 3 cards, or exhaust the location (the rules page, "Revealing")."""
        deck_cards, row_cards, discard, removed, exhausted = self.locations[i]
        if exhausted or len(row_cards) >= ROW_SIZE:
            return
        deck = list(deck_cards)
        row = list(row_cards)
        while len(row) < ROW_SIZE:
            if not deck:
                if not discard:
                    break
                deck = self.reshuffle(i, discard)
                discard = ()
            row.append(deck.pop(0))
            if self.known:  # a seat knows top cards of a deck (a look): one check, no call, in other games
                self.drawn(i, 1)
        if len(row) < ROW_SIZE:
            self.locations[i] = ((), (), (), removed + tuple(row), True)
            if self.row_gold:  # the cards leave the game: their gold goes back to the supply
                for card in row:
                    self.row_gold.pop(card, None)
            other = 1 - i
            if not self.locations[other][4]:
                self.move_messenger(other)
        else:
            self.locations[i] = (tuple(deck), tuple(row), discard, removed, False)

    def put_row_gold(self) -> None:
        """The end of a turn for the cards in the rows: each that piles up gold there gets its gold from the supply
        ("while in a row, at the end of each turn: put 1 gold on this card"), castle row first."""
        amounts = self.engine.row_gold
        for deck in (0, 1):
            for card in self.locations[deck][1]:
                if amounts[card]:
                    self.row_gold[card] = self.row_gold.get(card, 0) + amounts[card]

    def row_gold_now(self) -> tuple[tuple[int, int], ...]:
        """The gold on cards in the rows as a state keeps it (``Table.row_gold``)."""
        return tuple(sorted((card, gold) for card, gold in self.row_gold.items() if gold)) if self.row_gold else ()

    def refill_rows(self) -> None:
        """Refill both rows, the castle first."""
        self.refill(0)
        self.refill(1)

    # -- abilities being resolved ---------------------------------------------------
    @property
    def discarded(self) -> tuple[int, ...]:
        """The cards discarded so far by the ability being resolved (the top frame)."""
        return self.frames[-1].discarded if self.frames else ()

    def note_discarded(self, cards: tuple[int, ...]) -> None:
        """Remember ``cards`` as discarded by the ability being resolved."""
        if self.frames and cards:
            top = self.frames[-1]
            self.frames[-1] = Frame(top.card, top.index, top.queue, top.copied, top.discarded + cards, top.seat)

    def set_aside(self, seat: int, frame: Frame) -> None:
        """Keep ``frame`` (effects of ``seat``'s ability) until the end of this turn."""
        self.this_turn[seat] += (frame,)

    def spend_next_discount(self, seat: int, deck: int) -> int:
        """Spend ``seat``'s one-time discounts on a card of ``deck`` now taken; return how much they come to.

        The take spends the seat's leave to take its next card from either row too."""
        if not self.waits_on(seat):
            return 0
        self.either_row[seat] = False
        waiting = self.next_discounts[seat]
        amount = waiting[0] + waiting[1 + deck]
        if amount:
            self.next_discounts[seat] = (0, waiting[1], 0) if deck == 1 else (0, 0, waiting[2])
        return amount

    def spend_face_up_discount(self, seat: int, deck: int) -> int:
        """Spend ``seat``'s one-time discounts waiting for a card bought face up on a card of ``deck`` now bought face
        up; return how much they come to (a card taken face down leaves them waiting)."""
        if not self.waits_on(seat):
            return 0
        waiting = self.next_face_up[seat]
        amount = waiting[0] + waiting[1 + deck]
        if amount:
            self.next_face_up[seat] = (0, waiting[1], 0) if deck == 1 else (0, 0, waiting[2])
        return amount

    def use_ability_of(self, seat: int, index: int, card: int | None = None) -> None:
        """Resolve next the ability of ``seat``'s card at ``index``, as a copy (no discount, no copy in it).

        With ``card`` (a face-up card of a neighbour), that card's ability
        when bought resolves instead, with ``seat``'s card at ``index`` as
        "this card".
        """
        if card is None:
            card = self.tableaux[seat][index].card
            queue = self.engine.abilities[card].copied
        else:
            queue = self.engine.abilities[card].bought
        self.frames.append(Frame(card, index, queue, copied=True, seat=self.owner(seat)))

    def owner(self, seat: int) -> int | None:
        """How a frame names its owner ``seat``: ``None`` for the current player (see :attr:`Frame.seat`)."""
        return None if seat == self.state.current_player else seat

    # -- the new state ------------------------------------------------------------------
    def seats(self) -> tuple[Seat, ...]:
        """The seats as they are now (see ``Table.seats``): the unchanged ones as they were, the others built anew."""
        players = list(self.state.seats)
        gold, keys, tableaux, discounts = self.gold, self.keys, self.tableaux, self.discounts
        waits = self.waits
        if self.unpacked:  # what waits on the seats as the six lists say now
            waits = [waiting_of(*fields) for fields in zip(self._next_discounts, self._this_turn, self._either_row,
                                                            self._reserved, self._next_face_up, self._twice,
                                                            strict=True)]
        any_triggers = self.engine.has_triggers or self.engine.has_take_triggers
        for seat, p in enumerate(players):
            p_gold, p_keys, p_tableau, p_discounts, _, _, spots, triggers, p_waits = p
            tableau = tableaux[seat]
            if p_tableau is tableau and p_gold == gold[seat] and p_keys == keys[seat]:
                if p_discounts is discounts[seat] and p_waits == waits[seat]:
                    continue
            if len(tableau) == len(p_tableau) + 1 and not self.swapped:  # a card was placed (one at most)
                spots = spots_after_placing(spots, tableau)
            elif len(tableau) != len(p_tableau):
                spots = spots_of(tableau)
            if p_tableau is not tableau and any_triggers:
                triggers = triggers_of(tableau, self.engine)
            players[seat] = (gold[seat], keys[seat], tableau, discounts[seat], self.shields[seat], self.banners[seat],
                             spots, triggers, waits[seat])
        return tuple(players)

    def freeze(self, state: T, *, current: int, taken: int, phase: Phase, pending: Pending | None,
               action: Action) -> T:
        """The new immutable state (of the same class as ``state``), with ``action`` added to the history."""
        origin = state.origin
        if self.reshuffles and origin is not None:
            origin = type(origin)(origin.seed, origin.decks, origin.reshuffles + tuple(self.reshuffles))
        return new(type(state), (
            state.rules,
            self.seats(),
            current,
            state.first_player,
            taken,
            phase,
            DECKS[self.messenger],
            (self.locations[0], self.locations[1]),
            pending,
            state.history + (action,),
            self.rng,
            origin,
            self.script,
            state.viewer,
            self.opened_lock,
            self.row_gold_now(),
            self.known_now() if self.known else (),
            state.reserved_at_end,
            self.engine,
        ))
