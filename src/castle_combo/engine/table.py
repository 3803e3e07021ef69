"""Everything on the table at one moment, as frozen data: :class:`Table` and its parts.

A game state is a value: the seats' supplies and tableaux, the two locations
(deck, row, discard pile), the messenger, whose turn it is and where in the
turn, the decision owed if any, and the game's own randomness. This module
holds that data and the accessors that read it, and nothing of the rules: the
rules (:mod:`castle_combo.engine.rules`), scoring, views and records are functions of
a :class:`Table`, and :class:`castle_combo.engine.state.GameState` is a ``Table`` with
those functions as its methods. So data flows one way: this module imports
no module that reads it.

Cards are small integer ids (their index in ``state.rules.cards``) so that
states are cheap to build and compare; the accessors (:meth:`Table.tableau`,
:meth:`Table.row`, ...) turn them back into :class:`~castle_combo.language.model.Card`
objects.
"""

from __future__ import annotations

import enum
from typing import Any, NamedTuple, cast

import attrs

from castle_combo.engine.actions import Action
from castle_combo.engine.compiled import Compiled
from castle_combo.engine.counting import DECKS, FROM_RESERVE_FACE_UP, SHIELDS, Placed
from castle_combo.engine.decisions import Frame, Pending, Resume
from castle_combo.engine.placement import FIRST, spots_after
from castle_combo.engine.placement import spots as placement_spots
from castle_combo.facts import CARDS_PER_PLAYER
from castle_combo.language.model import Card, Deck, Shield
from castle_combo.language.ruleset import Ruleset

__all__ = [
    "CARDS_PER_PLAYER",
    "Counted",
    "Location",
    "Origin",
    "Phase",
    "Place",
    "NOTHING_WAITING",
    "PlayerState",
    "Reshuffle",
    "ScriptedReshuffle",
    "Seat",
    "Table",
    "TableauCard",
    "Waiting",
    "new",
    "player_of",
    "recounted",
    "seat_of",
    "triggers_of",
    "waiting_of",
]

_DECK_INDEX = {deck: i for i, deck in enumerate(DECKS)}

class Phase(enum.Enum):
    """Where the current player is in their turn.

    ``START``: a lock may be opened, a key spent, or a card taken. ``TAKE``:
    a key was spent; a lock may still be opened, and a card must be taken.
    ``DECIDE``: an ability waits for the player's decision (see
    :attr:`Table.pending`). ``END``: the card was taken and the rows refilled;
    the player opens a lock or passes (only when one can be opened).
    """

    START = "start"
    TAKE = "take"
    DECIDE = "decide"
    END = "end"


class Location(NamedTuple):
    """One location (castle or village): its deck, face-up row and discard pile.

    ``deck`` is top first; ``discard`` is bottom first (the last card is on
    top). ``removed`` holds the cards taken out of the game when the location
    was exhausted. In a seat's view the deck is in a canonical order
    (ascending ids), because its real order is secret.
    """

    deck: tuple[int, ...]
    row: tuple[int, ...]
    discard: tuple[int, ...] = ()
    removed: tuple[int, ...] = ()
    exhausted: bool = False

    def replace(self, **changes: Any) -> Location:
        """A copy with the fields named in ``changes`` changed."""
        return self._replace(**changes)


class PlayerState(NamedTuple):
    """One seat: supply of gold and keys, tableau, and aggregates kept up to date.

    ``keys`` are the keys the player can spend; keys waiting on lock cards are
    in the tableau (:attr:`keys_on_cards`). ``tableau`` lists the placed cards
    in the order they were taken. ``discounts`` is the permanent discount on
    (castle, village) cards, followed, in a ruleset with discounts on
    filtered cards (``discount 1 on faith cards``), by one per such discount
    once one has resolved (``Compiled.discount_kinds`` says which), ``shields`` the face-up shields per type (in
    :data:`castle_combo.engine.counting.SHIELDS` order), ``banners`` the face-up
    (castle, village) banners and ``spots`` the legal positions for the next
    card, in reading order. The aggregates are derived from the tableau and
    the abilities resolved; the engine updates them incrementally rather than
    recounting (:meth:`GameState.replace <castle_combo.GameState.replace>`
    recounts them for a position built by hand).

    ``next_discounts`` are the one-time discounts waiting for the seat's next
    take: on a card of any deck, on the next castle card, on the next village
    card ("your next card costs 3 less"); a take spends the first and the one
    of its deck. ``this_turn`` holds the effects set aside until the end of
    the current turn ("at the end of this turn: ..."), as abilities still to
    resolve; only the current player ever has some.

    ``triggers`` is an aggregate too: the trigger bits (``Compiled.trigger_bits``:
    whenever the seat takes a card, at the end or the start of its turn, at the end
    of the game) of its face-up cards, or-ed together, so that the engine leaves its
    fast path only while such a card is face up.

    ``either_row`` says whether the seat's next card may be taken from either row, whatever the messenger's
    place ("your next card may be taken from either row"): it waits for the seat's next take, which spends it.

    ``next_face_up`` are the one-time discounts waiting for the seat's next
    card bought face up ("your next card bought face up costs 3 less"), in
    the same three places (any deck, castle, village): a face-up take spends
    the first and the one of its deck, besides ``next_discounts``; a card
    taken face down leaves them waiting.

    ``reserved`` holds the seat's reserved card ("reserve a card from either row"), at most one: it lies face up
    beside the tableau, not in it (public: every player sees it), until the seat takes it in step 2 of a later
    turn (:class:`~castle_combo.engine.actions.TakeReserved`) or the game ends (it is then discarded).

    ``twice`` says whether the ability of the seat's next card bought face up resolves twice ("the ability of
    your next card bought face up resolves twice"): it waits for the seat's next face-up purchase (a card
    taken face down leaves it waiting), which spends it.
    """

    gold: int
    keys: int
    tableau: tuple[Placed, ...] = ()
    discounts: tuple[int, ...] = (0, 0)
    shields: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    banners: tuple[int, int] = (0, 0)
    spots: tuple[tuple[int, int], ...] = FIRST
    next_discounts: tuple[int, int, int] = (0, 0, 0)
    this_turn: tuple[Frame, ...] = ()
    triggers: int = 0
    either_row: bool = False
    reserved: tuple[int, ...] = ()
    next_face_up: tuple[int, int, int] = (0, 0, 0)
    twice: bool = False

    def replace(self, **changes: Any) -> PlayerState:
        """A copy with the fields named in ``changes`` changed (aggregates as given: see the class docstring)."""
        return self._replace(**changes)

    @property
    def stored_gold(self) -> int:
        """Gold stored on this seat's purse cards (not part of the supply)."""
        return sum(cell.gold for cell in self.tableau)

    @property
    def keys_on_cards(self) -> int:
        """Keys waiting on this seat's lock cards: owned (they score) but not spendable."""
        return sum(1 for cell in self.tableau if cell.key)

    @property
    def locked_keys(self) -> int:
        """Keys this seat's card effects locked on its cards (``put 2 keys on this card``): no longer its own."""
        return sum(cell.keys for cell in self.tableau)

    @property
    def keys_owned(self) -> int:
        """Every key the seat owns: spendable ones and those waiting on its lock cards."""
        return self.keys + self.keys_on_cards


#: What waits on a seat (:attr:`PlayerState.next_discounts`, ``this_turn``, ``either_row``, ``reserved``,
#: ``next_face_up`` and ``twice``, in that order), kept together in a seat as one field: most seats have none of
#: it most of the time, so the engine reads one field (:data:`NOTHING_WAITING`) instead of six on every take.
Waiting = tuple[tuple[int, int, int], tuple[Frame, ...], bool, tuple[int, ...], tuple[int, int, int], bool]
#: A seat with nothing waiting: the value the engine keeps (and compares by identity first) in most seats.
NOTHING_WAITING: Waiting = ((0, 0, 0), (), False, (), (0, 0, 0), False)
#: A seat as the engine keeps it (:attr:`Table.seats`): :class:`PlayerState`'s gold, keys, tableau, discounts,
#: shields, banners, spots and triggers, then its :data:`Waiting` (built from a record by :func:`seat_of`, shown as
#: one by :func:`player_of`).
Seat = tuple[int, int, tuple[Placed, ...], tuple[int, ...], tuple[int, ...], tuple[int, int],
             tuple[tuple[int, int], ...], int, Waiting]


def waiting_of(next_discounts: tuple[int, int, int], this_turn: tuple[Frame, ...], either_row: bool,
               reserved: tuple[int, ...], next_face_up: tuple[int, int, int], twice: bool) -> Waiting:
    """A seat's :data:`Waiting`, the shared :data:`NOTHING_WAITING` when nothing waits (the engine's fast
    paths test it by identity)."""
    waiting = (next_discounts, this_turn, either_row, reserved, next_face_up, twice)
    return NOTHING_WAITING if waiting == NOTHING_WAITING else waiting


def seat_of(player: PlayerState | Seat) -> Seat:
    """The seat the engine keeps for ``player`` (a seat already is one; a plain tuple in :class:`PlayerState`'s
    field order, as seats were kept before :data:`Waiting`, is read as a record)."""
    if type(player) is not PlayerState:
        if len(player) == len(PlayerState._fields):
            return seat_of(new(PlayerState, tuple(player)))
        return cast(Seat, player)
    (gold, keys, tableau, discounts, shields, banners, spots, next_discounts, this_turn, triggers, either_row,
     reserved, next_face_up, twice) = player
    return (gold, keys, tableau, discounts, shields, banners, spots, triggers,
            waiting_of(next_discounts, this_turn, either_row, reserved, next_face_up, twice))


def player_of(seat: Seat) -> PlayerState:
    """The :class:`PlayerState` a seat shows."""
    gold, keys, tableau, discounts, shields, banners, spots, triggers, waiting = seat
    next_discounts, this_turn, either_row, reserved, next_face_up, twice = waiting
    return new(PlayerState, (gold, keys, tableau, discounts, shields, banners, spots, next_discounts, this_turn,
                             triggers, either_row, reserved, next_face_up, twice))
#: A location as the engine keeps it (:attr:`Table.places`): :class:`Location`'s fields, in order.
Place = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], bool]


def recounted(player: PlayerState, engine: Compiled) -> PlayerState:
    """``player`` with the aggregates derived from its tableau (shields, banners, spots) recomputed.

    The engine keeps them up to date incrementally; this rebuilds them from
    scratch for a state read from JSON or set up by hand.
    """
    shields = [0] * len(player.shields)
    banners = [0, 0]
    for cell in player.tableau:
        if not cell.face_down:
            f = engine.facts[cell.card]
            shields = [a + b for a, b in zip(shields, f.shields, strict=True)]
            if cell.shield >= 0:  # a chosen shield, its type named
                shields[cell.shield] += f.chosen
            banners[f.deck] += 1
    free = spots_of(player.tableau)
    return PlayerState(
        player.gold, player.keys, player.tableau, player.discounts, tuple(shields), (banners[0], banners[1]), free,
        player.next_discounts, player.this_turn, triggers_of(player.tableau, engine), player.either_row,
        player.reserved, player.next_face_up, player.twice,
    )


def triggers_of(tableau: tuple[Placed, ...], engine: Compiled) -> int:
    """The trigger bits of the face-up cards of ``tableau`` (see :attr:`PlayerState.triggers`)."""
    bits = engine.trigger_bits
    found = 0
    for cell in tableau:
        if not cell.face_down:
            found |= bits[cell.card]
    return found


def spots_of(tableau: tuple[Placed, ...]) -> tuple[tuple[int, int], ...]:
    """The legal positions for the next card of ``tableau`` (none once it holds 9 cards)."""
    if len(tableau) >= CARDS_PER_PLAYER:
        return ()
    return placement_spots((c.x, c.y) for c in tableau)


def spots_after_placing(before: tuple[tuple[int, int], ...],
                        tableau: tuple[Placed, ...]) -> tuple[tuple[int, int], ...]:
    """:func:`spots_of` ``tableau`` just after its last card was placed, ``before`` being the spots before it.

    Found by one lookup from the memoised spots before (see
    :func:`castle_combo.engine.placement.spots_after`), else computed afresh.
    """
    last = tableau[-1]
    found = spots_after(before, (last.x, last.y))
    return found if found is not None else spots_of(tableau)


@attrs.frozen
class Reshuffle:
    """A discard pile shuffled into a new deck: the location and the new deck order, top first."""

    deck: int
    order: tuple[int, ...]


@attrs.frozen
class ScriptedReshuffle:
    """A reshuffle order given by a record, still to be used; ``index`` is its place in the record's list."""

    index: int
    deck: int
    order: tuple[int, ...]


@attrs.frozen
class Origin:
    """How a game began and what chance did since: exactly what its record needs.

    ``decks`` are the initial full deck orders (castle, village), top first;
    ``reshuffles`` every reshuffle so far, in order. A seat's view has no
    origin, since all of this reveals the order of the decks.
    """

    seed: int
    decks: tuple[tuple[int, ...], tuple[int, ...]]
    reshuffles: tuple[Reshuffle, ...] = ()


@attrs.frozen
class TableauCard:
    """A card in a tableau, as the public accessors show it.

    ``key`` is true while a key waits on a face-up lock card (its lock not yet opened); ``keys`` are the keys its
    effects locked on it (``put 2 keys on this card``), no longer its owner's. ``shield`` is the type named for
    its chosen shield when it was bought (``None``: no chosen shield, or none named). ``from_reserve`` says how
    a card its owner took from their reserve was taken, ``"face up"`` or ``"face down"`` (``None``: not from
    the reserve), read by ``score 3 if you took your reserved card face up``.
    """

    card: Card
    at: tuple[int, int]
    face_down: bool
    gold: int
    key: bool = False
    keys: int = 0
    shield: Shield | None = None
    from_reserve: str | None = None


class Counted:
    """A frozen state as compiled counts read it (see :class:`castle_combo.engine.counting.Tableaux`): the rules
    read a state through it, and so does :meth:`Table.meets`."""

    __slots__ = ("_locations", "banners", "discarded", "gold", "keys", "messenger", "reserved", "shields", "tableaux")

    def __init__(self, state: Table) -> None:
        seats = state.seats
        self.tableaux = [p[2] for p in seats]
        self.keys = [p[1] for p in seats]
        self.gold = [p[0] for p in seats]
        self.shields = [p[4] for p in seats]
        self.banners = [p[5] for p in seats]
        self.discarded: tuple[int, ...] = ()
        self.reserved = [p[8][3] for p in seats]  # PlayerState.reserved, in the seat's Waiting
        self.messenger = 0 if state.messenger is Deck.CASTLE else 1
        self._locations = state.places

    def discard_pile(self, deck: int) -> tuple[int, ...]:
        """The cards of a location's discard pile, bottom first."""
        return self._locations[deck][2]

    def row(self, deck: int) -> tuple[int, ...]:
        """The cards of a location's row."""
        return self._locations[deck][1]

    def deck_size(self, deck: int) -> int:
        """How many cards are left in a location's deck."""
        return len(self._locations[deck][0])


class Table(NamedTuple):
    """A whole game at one moment, as data (see the module docstring).

    ``current_player`` is the seat whose turn it is (:attr:`to_act` the seat
    that must answer now); ``taken`` the number of cards taken so far;
    ``phase`` where in the turn; ``messenger`` the location the messenger is
    at; ``pending`` the decision owed (by the current player, or by another
    player for a choice they owe), if any, with the abilities waiting on it; ``opened_lock`` whether a lock was
    opened this turn (one per turn); ``history`` every action applied since
    the start. ``rng`` seeds the next reshuffle; ``origin`` is how the game
    began; ``script`` holds reshuffle orders given by a record, still to be
    used. ``viewer`` is the seat whose view this is (``None`` for the full
    state). ``row_gold`` is the gold lying on cards in the rows. ``engine``
    is the compiled ruleset the engine plays with (one per ruleset, shared
    by all its states); it is not part of the state's value.

    ``seats`` and ``places`` hold the seats and the locations as plain tuples
    (a :data:`Seat`: :class:`PlayerState`'s fields with what waits on the seat
    grouped in one; a place in the field order of :class:`Location`), which
    the interpreter reads and builds faster than named tuples;
    :attr:`players` and :attr:`locations` show them as those records.

    A named tuple: the engine builds one state per action, and a tuple is
    built by one call where a class of slots needs one write per field (the
    design page, "A flat core"). :class:`castle_combo.engine.state.GameState`
    adds the rules as methods, equality without ``engine`` and a position
    builder, :meth:`~castle_combo.engine.state.GameState.replace`.
    """

    rules: Ruleset
    #: The seats as the engine keeps them: plain tuples (:data:`Seat`, built from a record by :func:`seat_of`);
    #: :attr:`players` shows them as ``PlayerState`` records.
    seats: tuple[Seat, ...]
    current_player: int
    first_player: int
    taken: int
    phase: Phase
    messenger: Deck
    #: The locations as the engine keeps them: plain tuples in :class:`Location`'s field order (or
    #: ``Location`` records); :attr:`locations` shows them as ``Location`` records.
    places: tuple[Place, Place]
    pending: Pending | None
    history: tuple[Action, ...]
    rng: int
    origin: Origin | None
    script: tuple[ScriptedReshuffle, ...] = ()
    viewer: int | None = None
    opened_lock: bool = False
    #: The gold lying on cards in the rows (cards that pile it up there: ``Card.row_gold``), as sorted
    #: ``(card id, gold)`` pairs, only for cards with some (public: every player sees the rows).
    row_gold: tuple[tuple[int, int], ...] = ()
    #: What seats know of the decks' order, from looking at their top cards ("look at the top 3 cards of the castle
    #: deck ..."): sorted ``(deck index, seat, n)`` triples, each saying that the seat knows the top ``n`` cards of
    #: that deck, in order (``n`` at least 1; none at all in a game without such cards). A view keeps only its
    #: viewer's.
    known: tuple[tuple[int, int, int], ...] = ()
    #: Each seat's reserve as it stood when the last turn ended, before the reserved cards never taken were
    #: discarded ("reserve a card from either row"): what a scoring rule reads ("score 4 if you have no reserved
    #: card"); ``()`` until then, and in a game where no seat held a reserved card at the end (public).
    reserved_at_end: tuple[tuple[int, ...], ...] = ()
    #: The compiled ruleset the engine plays with (always set: :class:`GameState` fills it in from ``rules``).
    engine: Compiled = cast(Compiled, None)

    # ------------------------------------------------------------------- parts
    @property
    def players(self) -> tuple[PlayerState, ...]:
        """The seats, each a :class:`PlayerState`."""
        return tuple(player_of(p) for p in self.seats)

    @property
    def locations(self) -> tuple[Location, Location]:
        """The castle and the village, each a :class:`Location`."""
        castle, village = self.places
        return (castle if type(castle) is Location else new(Location, castle),
                village if type(village) is Location else new(Location, village))

    # ------------------------------------------------------------------- phase
    @property
    def is_over(self) -> bool:
        """True once every player has 9 cards and nothing is owed (no decision, no lock to open or pass)."""
        return self.taken >= CARDS_PER_PLAYER * len(self.seats) and self.pending is None

    @property
    def to_act(self) -> int:
        """The seat that must act now: ``current_player``, but while a choice owed by another player is pending
        ("each opponent chooses one: ..."), the seat that owes it. Every loop asking an agent for a move asks
        this seat (a bot, the terminal game, the RL adapters); once the game is over, ``current_player``."""
        pending = self.pending
        return self.current_player if pending is None else pending.decision.decider(self)

    @property
    def card_taken(self) -> bool:
        """Whether the current player has taken this turn's card already (a decision after it is owed)."""
        pending = self.pending
        return pending is not None and pending.resume in (Resume.TAKEN, Resume.END, Resume.TURN_END)

    @property
    def turn(self) -> int:
        """The number of the turn being played, from 1 (the last turn's number once the game is over, and while
        an end-of-game effect asks its owner)."""
        ended = self.taken >= CARDS_PER_PLAYER * len(self.seats)  # over, or its end-of-game effects ask
        return self.taken if (ended or self.card_taken) else self.taken + 1

    # --------------------------------------------------------------- accessors
    def location(self, deck: Deck) -> Location:
        """The raw location state of ``deck`` (card ids)."""
        place = self.places[_DECK_INDEX[deck]]
        return place if type(place) is Location else new(Location, place)

    def _cards(self, ids: tuple[int, ...]) -> tuple[Card, ...]:
        cards = self.rules.cards
        return tuple(cards[i] for i in ids)

    def row(self, deck: Deck) -> tuple[Card, ...]:
        """The face-up cards of ``deck``'s row, in order."""
        return self._cards(self.location(deck).row)

    def gold_in_row(self, card: Card | str) -> int:
        """The gold lying on ``card`` in a row (0 when it has none or lies elsewhere); its taker gains it."""
        name = card if isinstance(card, str) else card.name
        card_id = self.engine.ids.get(name)
        return next((gold for c, gold in self.row_gold if c == card_id), 0)

    def discard_pile(self, deck: Deck) -> tuple[Card, ...]:
        """``deck``'s discard pile, bottom first (public information)."""
        return self._cards(self.location(deck).discard)

    def removed_cards(self, deck: Deck) -> tuple[Card, ...]:
        """Cards of ``deck`` removed from the game when the location was exhausted."""
        return self._cards(self.location(deck).removed)

    def deck_size(self, deck: Deck) -> int:
        """How many cards are left in ``deck`` (the count is public, the order is not)."""
        return len(self.location(deck).deck)

    def is_exhausted(self, deck: Deck) -> bool:
        """Whether ``deck``'s location is exhausted (its cards removed from the game)."""
        return self.location(deck).exhausted

    @property
    def exhausted_locations(self) -> tuple[Deck, ...]:
        """The exhausted locations."""
        return tuple(DECKS[i] for i, place in enumerate(self.places) if place[4])

    def tableau(self, seat: int) -> tuple[TableauCard, ...]:
        """``seat``'s cards in the order taken, with positions, sides, stored gold and keys waiting (and the type
        named for a chosen shield)."""
        cards = self.rules.cards
        return tuple(
            TableauCard(cards[c.card], (c.x, c.y), c.face_down, c.gold, c.key, c.keys,
                        SHIELDS[c.shield] if c.shield >= 0 else None,
                        None if not c.from_reserve else "face up" if c.from_reserve == FROM_RESERVE_FACE_UP
                        else "face down") for c in self.seats[seat][2]
        )

    def discount(self, seat: int, deck: Deck) -> int:
        """``seat``'s total permanent discount on cards of ``deck``."""
        return self.seats[seat][3][_DECK_INDEX[deck]]

    def next_discount(self, seat: int, deck: Deck) -> int:
        """``seat``'s one-time discounts waiting for its next take, if that take is a card of ``deck``."""
        waiting = self.seats[seat][8][0]
        return waiting[0] + waiting[1 + _DECK_INDEX[deck]]

    def reserved_card(self, seat: int) -> Card | None:
        """``seat``'s reserved card (face up beside its tableau, seen by every player), or ``None``."""
        kept = self.seats[seat][8][3]
        return self.rules[self.engine.name(kept[0])] if kept else None

    def reserved_card_at_end(self, seat: int) -> Card | None:
        """``seat``'s reserved card when the last turn ended (never taken, discarded then), which its scoring rules
        read ("score 4 if you have no reserved card"); ``None`` when it held none, or before the last turn ended."""
        at_end = self.reserved_at_end
        kept = at_end[seat] if at_end else ()
        return self.rules[self.engine.name(kept[0])] if kept else None

    def surcharge(self, seat: int, card: Card | str) -> int:
        """What ``card`` costs ``seat`` more face up: the surcharges of the other players' face-up cards that
        ``seat`` pays ("surcharge 1 on castle cards for each opponent"), added up; 0 in most games."""
        if not self.engine.has_surcharges:
            return 0
        name = card if isinstance(card, str) else card.name
        return self.engine.extra_costs(self.seats, seat).get(self.engine.ids[name], 0)

    def meets(self, seat: int, card: Card | str) -> bool:
        """Whether ``seat`` meets ``card``'s requirement to buy it face up now ("requires at least 2 military
        shields", read on its tableau and supply without the card); True for a card without one."""
        if not self.engine.has_requirements:
            return True
        name = card if isinstance(card, str) else card.name
        return self.engine.meets(Counted(self), seat, self.engine.ids[name])

    def cost(self, seat: int, card: Card | str) -> int:
        """What ``card`` costs ``seat`` face up: printed cost plus the surcharges on it (:meth:`surcharge`) minus
        discounts (those on filtered cards it passes too, and one-time ones), never below 0."""
        card = self.rules[card] if isinstance(card, str) else card
        price = self.engine.price(self.engine.ids[card.name], self.seats[seat][3], self.surcharge(seat, card))
        up = self.seats[seat][8][4]
        return max(0, price - self.next_discount(seat, card.deck) - up[0] - up[1 + _DECK_INDEX[card.deck]])

    @property
    def pending_card(self) -> Card | None:
        """The card whose ability waits for a decision, if any (``None`` at the end-of-turn decision)."""
        pending = self.pending
        if pending is None or not pending.frames:
            return None
        return self.rules.cards[pending.frames[-1].card]


#: Builds a record of a named-tuple class from a tuple of its fields, in one call (no keyword handling).
new = tuple.__new__
