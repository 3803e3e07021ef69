"""The immutable game state: :class:`GameState`, :class:`PlayerState` and their parts.

A state is a value. :meth:`GameState.apply` returns a new one and never
changes the old; everything inside is a frozen attrs class or a tuple. Cards
are small integer ids (their index in ``state.rules.cards``) so that states
are cheap to build and compare; the accessors (:meth:`GameState.tableau`,
:meth:`GameState.row`, ...) turn them back into :class:`~castle_combo.model.Card`
objects.

The randomness of the game lives in the state too (``rng``, an integer seed
for the next reshuffle), so a state saved and loaded continues exactly as the
original would. The rules themselves (what is legal, what an action does)
are in :mod:`castle_combo.rules`; scoring is in :mod:`castle_combo.scoring`;
hidden information in :mod:`castle_combo.views`.
"""

from __future__ import annotations

import enum
import random
from typing import TYPE_CHECKING, Any

import attrs

from castle_combo.abilities import Address
from castle_combo.actions import Action
from castle_combo.compiled import Compiled, compiled
from castle_combo.counting import DECKS, Placed
from castle_combo.model import Card, Deck
from castle_combo.ruleset import Ruleset

if TYPE_CHECKING:
    from castle_combo.scoring import Result, ScoreSheet

__all__ = [
    "CARDS_PER_PLAYER",
    "Decision",
    "DecisionKind",
    "GameState",
    "Location",
    "Origin",
    "Phase",
    "PlayerState",
    "Reshuffle",
    "ScriptedReshuffle",
    "TableauCard",
    "recounted",
]

#: Every player ends with a full 3x3 tableau.
CARDS_PER_PLAYER = 9
_DECK_INDEX = {deck: i for i, deck in enumerate(DECKS)}


class Phase(enum.Enum):
    """Where the current player is in their turn.

    ``START``: a key may be spent, or a card taken. ``TAKE``: a key was
    spent, a card must be taken. ``DECIDE``: the ability of the card just
    taken waits for the player's decision (see :attr:`GameState.pending`).
    """

    START = "start"
    TAKE = "take"
    DECIDE = "decide"


class DecisionKind(enum.Enum):
    """The decisions an ability can ask for."""

    CHOOSE = "choose"
    DISCARD = "discard"


@attrs.frozen
class Decision:
    """An ability paused for its owner's decision.

    ``card`` is the card whose ability is resolving and ``index`` its place
    in the owner's tableau; ``address`` is the choice or discard effect
    waiting (see :mod:`castle_combo.abilities`); ``rest`` the effects still to
    resolve after it, in order. ``options`` is the number of options of a
    choice; ``deck`` the location (0 castle, 1 village) of a discard.
    """

    kind: DecisionKind
    card: int
    index: int
    address: Address
    rest: tuple[Address, ...]
    options: int = 0
    deck: int = 0


@attrs.frozen
class Location:
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


@attrs.frozen
class PlayerState:
    """One seat: supply of gold and keys, tableau, and aggregates kept up to date.

    ``tableau`` lists the placed cards in the order they were taken.
    ``discounts`` is the permanent discount on (castle, village) cards,
    ``shields`` the face-up shields per type (in :data:`castle_combo.counting.SHIELDS`
    order), ``banners`` the face-up (castle, village) banners and ``spots``
    the legal positions for the next card, in reading order. The aggregates
    are derived from the tableau and the abilities resolved; the engine
    updates them incrementally rather than recounting.
    """

    gold: int
    keys: int
    tableau: tuple[Placed, ...] = ()
    discounts: tuple[int, int] = (0, 0)
    shields: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    banners: tuple[int, int] = (0, 0)
    spots: tuple[tuple[int, int], ...] = ((0, 0),)

    @property
    def stored_gold(self) -> int:
        """Gold stored on this seat's purse cards (not part of the supply)."""
        return sum(cell.gold for cell in self.tableau)


def recounted(player: PlayerState, engine: Compiled) -> PlayerState:
    """``player`` with the aggregates derived from its tableau (shields, banners, spots) recomputed.

    The engine keeps them up to date incrementally; this rebuilds them from
    scratch for a state read from JSON or set up by hand.
    """
    from castle_combo.placement import spots

    shields = [0] * len(player.shields)
    banners = [0, 0]
    for cell in player.tableau:
        if not cell.face_down:
            f = engine.facts[cell.card]
            shields = [a + b for a, b in zip(shields, f.shields, strict=True)]
            banners[f.deck] += 1
    free = () if len(player.tableau) >= CARDS_PER_PLAYER else spots((c.x, c.y) for c in player.tableau)
    return PlayerState(
        player.gold, player.keys, player.tableau, player.discounts, tuple(shields), (banners[0], banners[1]), free
    )


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
    """A card in a tableau, as the public accessors show it."""

    card: Card
    at: tuple[int, int]
    face_down: bool
    gold: int


@attrs.frozen
class GameState:
    """A whole game at one moment (see the module docstring).

    Build one with :func:`castle_combo.new_game`, :func:`castle_combo.replay`
    or :func:`castle_combo.loads`. ``current_player`` is the seat to act;
    ``taken`` the number of cards taken so far; ``messenger`` the location
    the messenger is at; ``pending`` the decision the current player owes,
    if any; ``history`` every action applied since the start. ``script``
    holds reshuffle orders given by a record, still to be used. ``viewer``
    is the seat whose view this is (``None`` for the full state).
    """

    rules: Ruleset = attrs.field(repr=False)
    players: tuple[PlayerState, ...]
    current_player: int
    first_player: int
    taken: int
    phase: Phase
    messenger: Deck
    locations: tuple[Location, Location]
    pending: Decision | None
    history: tuple[Action, ...] = attrs.field(repr=False)
    rng: int = attrs.field(repr=False)
    origin: Origin | None = attrs.field(repr=False)
    script: tuple[ScriptedReshuffle, ...] = attrs.field(default=(), repr=False)
    viewer: int | None = None
    _engine: Compiled | None = attrs.field(default=None, eq=False, repr=False, alias="engine")
    _legal: tuple[Action, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    # ------------------------------------------------------------------ engine
    @property
    def engine(self) -> Compiled:
        """The compiled ruleset the engine plays with (built on first use)."""
        engine = self._engine
        if engine is None:
            engine = compiled(self.rules)
            object.__setattr__(self, "_engine", engine)
        return engine

    # ------------------------------------------------------------------- rules
    @property
    def is_over(self) -> bool:
        """True once every player has 9 cards and no decision is pending."""
        return self.taken >= CARDS_PER_PLAYER * len(self.players) and self.pending is None

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action, in a fixed order (empty once the game is over).

        Key actions first (move, refresh), then takes in row order, face up
        before face down, each at every legal position in reading order; or,
        when a decision is pending, its options in order.
        """
        legal = self._legal
        if legal is None:
            legal = _rules.legal_actions(self)
            object.__setattr__(self, "_legal", legal)
        return legal

    def apply(self, action: Action) -> GameState:
        """The state after ``action``; raises :class:`~castle_combo.errors.IllegalAction` saying why.

        The state itself is never changed.
        """
        return _rules.apply(self, action)

    # ----------------------------------------------------------------- scoring
    def scores(self) -> tuple[ScoreSheet, ...]:
        """Final score sheets per seat; raises :class:`~castle_combo.errors.GameNotOver` before the end."""
        from castle_combo import scoring

        return scoring.final_scores(self)

    def provisional_scores(self) -> tuple[ScoreSheet, ...]:
        """Score sheets as if the game ended now (purse placement included); for display and bots."""
        from castle_combo import scoring

        return scoring.score_state(self)

    def provisional_score(self, seat: int) -> ScoreSheet:
        """``seat``'s score sheet as if the game ended now; equal to ``provisional_scores()[seat]``, cheaper."""
        from castle_combo import scoring

        return scoring.score_seat(self, seat)

    def result(self) -> Result:
        """Winners (tie broken by most gold left; a remaining tie is shared) and score sheets."""
        from castle_combo import scoring

        return scoring.result(self)

    # ----------------------------------------------------- hidden information
    def view(self, seat: int) -> GameState:
        """The state as ``seat`` may know it: every deck's order hidden, everything public kept."""
        from castle_combo import views

        return views.view(self, seat)

    def determinize(self, rng: random.Random) -> GameState:
        """A full state consistent with this one (usually a view), hidden deck orders drawn from ``rng``."""
        from castle_combo import views

        return views.determinize(self, rng)

    # ----------------------------------------------------------------- records
    def record(self) -> dict[str, Any]:
        """The game so far in the game-record format (a seat's view gives a public record without decks)."""
        from castle_combo import serialize

        return serialize.record(self)

    # --------------------------------------------------------------- accessors
    @property
    def turn(self) -> int:
        """The number of the turn being played, from 1 (the last turn's number once the game is over)."""
        return self.taken if (self.phase is Phase.DECIDE or self.is_over) else self.taken + 1

    def location(self, deck: Deck) -> Location:
        """The raw location state of ``deck`` (card ids)."""
        return self.locations[_DECK_INDEX[deck]]

    def _cards(self, ids: tuple[int, ...]) -> tuple[Card, ...]:
        cards = self.rules.cards
        return tuple(cards[i] for i in ids)

    def row(self, deck: Deck) -> tuple[Card, ...]:
        """The face-up cards of ``deck``'s row, in order."""
        return self._cards(self.location(deck).row)

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
        return tuple(DECKS[i] for i, loc in enumerate(self.locations) if loc.exhausted)

    def tableau(self, seat: int) -> tuple[TableauCard, ...]:
        """``seat``'s cards in the order taken, with positions, sides and stored gold."""
        cards = self.rules.cards
        return tuple(
            TableauCard(cards[c.card], (c.x, c.y), c.face_down, c.gold) for c in self.players[seat].tableau
        )

    def discount(self, seat: int, deck: Deck) -> int:
        """``seat``'s total permanent discount on cards of ``deck``."""
        return self.players[seat].discounts[_DECK_INDEX[deck]]

    def cost(self, seat: int, card: Card | str) -> int:
        """What ``card`` costs ``seat`` face up: printed cost minus discounts, never below 0."""
        card = self.rules[card] if isinstance(card, str) else card
        return max(0, card.cost - self.discount(seat, card.deck))

    @property
    def pending_card(self) -> Card | None:
        """The card whose ability waits for a decision, if any."""
        return None if self.pending is None else self.rules.cards[self.pending.card]


# Imported last: rules.py imports GameState from this module, and GameState.apply calls into rules.
from castle_combo import rules as _rules  # noqa: E402
