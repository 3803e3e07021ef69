"""A fixed action encoding and observation tensor for one ruleset and player count.

**Actions.** Every action the game can ever ask for is one integer of
``range(space.size)``, in blocks (``N`` cards of the ruleset, ids in ruleset
order; a tableau position ``(x, y)`` relative to the first card lies in
``-2..2`` on both axes, 25 cells in reading order)::

    take          N * 25 * 2   card * 50 + cell * 2 + face_down
    key           2            move, refresh
    choose        K            option 1..K (K: the most options of any choice in the ruleset, or the players'
                               count less 1 when a card acts on "an opponent of your choice", whose
                               answer k is the k-th player who may be chosen, or the most pairs of purse
                               cards a move of stored gold can offer, whose answer k is the k-th pair)
    discard       N            the card discarded from a row
    unlock        N            the lock card opened
    pass          1            open no lock at the end of the turn
    discard_row   2            castle, village
    activate      N            the adjacent card whose ability is used
    reveal        N            the face-down card an ability turns face up (fan cards)
    times         T            how many times a repeated optional effect is done, 0..T-1 (fan cards; T is
                               the largest cap of the ruleset's cards plus 1, 100 for "any number of
                               times", and 0 when no card repeats anything)
    swap          S            a card of the player's tableau a swap moves (fan cards; S is N when a card of
                               the ruleset swaps cards, else 0)
    arrange       L            a card looked at on top of a deck, put back next (the first N) or discarded (the
                               next N) (fan cards; L is 2 * N when a card of the ruleset looks at the top of a
                               deck, else 0)
    reserve       R            the card of a row a "reserve a card from ..." ability reserves (fan cards; R is
                               N when a card of the ruleset reserves, else 0)
    take_reserved P            take the reserved card at a cell, cell * 2 + face_down (P is 25 * 2 when a card
                               of the ruleset reserves, else 0: the action does not name the card, one being
                               held at most)
    return        B            the card of a discard pile a "put a card from ... discard pile on top of its deck"
                               ability puts back (fan cards; B is N when a card of the ruleset asks it, else 0)

The layout depends only on the ruleset's cards, so a trained policy keeps its
meaning for that ruleset; :meth:`ActionSpace.mask` marks the legal ones.

**Observations.** :meth:`ActionSpace.observe` reads only what ``state.view(seat)``
shows: a deck is read as the set of its cards, never its order, so nothing
hidden can leak in, and two states that differ only in their decks' order give
the same tensor (a test checks it). Seats are rotated so the observer
comes first. The float32 vector is, in order:

* for each card: where it is, one-hot over ``6 + 2 * players`` places (castle
  row, village row, castle discard pile, village discard pile, removed from the
  game, unseen in a deck; then for each seat from the observer on: face up,
  face down in that seat's tableau; when a card of the ruleset reserves, then
  for each seat from the observer on: reserved by that seat, face up beside its
  tableau and seen by all), then its tableau cell as ``(x + 2) / 4``
  and ``(y + 2) / 4`` (0 outside tableaux), gold stored on it (or, in a row,
  piling up on it for its taker) / 10, 1 if a key waits on it, and the keys
  its effects locked on it / 10 (``put 2 keys on this card``); when a card of
  the ruleset keeps points on a card (``gain 3 points``, ``lose 8 points``),
  then also the points gained on it / 20 and the points lost on it / 20 (two
  values, so that none is negative; the base game's layout is unchanged);
  when a card of the ruleset has a surcharge (``surcharge 1 on castle cards
  for each opponent``), then also what the card costs the observer more
  face up now / 5 (the surcharges of other seats' face-up cards it pays; the
  base game's layout is unchanged);
* for each seat from the observer on: gold / 50, spendable keys / 20, castle
  and village discounts / 5, cards taken / 9, its shield totals / 9 (six
  types), and 1 for the seat to act (``to_act``: the current player, or the
  seat owing another player's choice); when a card of the ruleset can leave
  something waiting (a one-time discount, effects waiting for the end of the
  turn), then also its one-time discounts on any card, on the next castle
  card and on the next village card / 5, and its abilities waiting for the
  end of the turn / 5 (the base game's layout is unchanged); when a card of the
  ruleset lets the next card be taken from either row, then also 1 if that
  seat's next card may be (a take from the other row is the same action as
  one from the messenger's row: it names its card, so the action space does
  not grow); when a card of the ruleset resolves the ability of the next card
  bought face up twice, then also 1 while that seat's waits (no new action:
  the purchase that spends it is an ordinary take);
* what a seat knows of a deck's order (the top cards it looked at) is not
  in the vector: a deck is read as the set of its cards, as for everyone;
  while the looker is asked about the cards it looks at, they are the cards
  the legal-action mask allows;
* the table: messenger at the castle, at the village; cards taken / all;
  castle and village deck sizes / cards; the phase one-hot (start, take,
  decide, end); the pending decision one-hot (one place per kind of
  decision, in the engine's order: choose, discard, row, adjacent card, lock
  or pass, an optional cost, a face-down card to turn up, a number of times, a
  neighbour's card, a card to swap, a player of your choice, a choice owed by
  another player, and, when a card of the ruleset has a chosen shield, the
  type to name for it, only in a ruleset with a card that looks at the top
  of a deck, the cards looked at to put back or discard, only in a
  ruleset with a card that reserves, a card to reserve, only in a
  ruleset with a card that moves stored gold, the pair of purse cards, and,
  only in a ruleset with a card that asks it, a card of a discard pile to
  put back on its deck) and its number of answers / 10. A card put back on
  a deck is known to every seat but lies in the deck: it is "unseen in a
  deck" here, as the cards a seat looked at are.
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING, Any

from castle_combo.engine.actions import (
    Action,
    Activate,
    Arrange,
    Choose,
    Discard,
    DiscardRow,
    KeyUse,
    Pass,
    Reserve,
    ReturnCard,
    Reveal,
    SwapCard,
    Take,
    TakeReserved,
    Times,
    Unlock,
    UseKey,
)
from castle_combo.engine.decisions import (
    DECISIONS,
    SHIELD_ORDER,
    ArrangeDeckTop,
    ChooseGoldMove,
    ChooseReserve,
    ChooseReturn,
    ChooseStore,
    NameShield,
)
from castle_combo.engine.placement import REACH
from castle_combo.engine.state import GameState, Phase
from castle_combo.errors import EncodingError
from castle_combo.facts import CARDS_PER_PLAYER
from castle_combo.files import quote
from castle_combo.language.model import (
    Choice,
    Deck,
    EachPlayer,
    EndOfThisTurn,
    LookAtDeckTop,
    MayDo,
    MoveGold,
    NextDiscount,
    NextFromEitherRow,
    NextResolvesTwice,
    PlayerGroup,
    PlayersChoose,
    ReserveCard,
    ReturnToDeck,
    StoreOwnGold,
    Swap,
    keeps_points,
    walk,
)
from castle_combo.language.ruleset import Ruleset

if TYPE_CHECKING:
    import numpy as np

__all__ = ["OBSERVATION_HIGH", "ActionSpace", "EncodingError"]

#: An upper bound of every observation value (gold / 50 and the like stay far below it).
OBSERVATION_HIGH = 100.0

_SPAN = 2 * REACH + 1
CELLS = _SPAN * _SPAN
_DECKS = (Deck.CASTLE, Deck.VILLAGE)
_PHASES = (Phase.START, Phase.TAKE, Phase.DECIDE, Phase.END)


def most_gold_moves(rules: Ruleset, players: int, move: MoveGold) -> int:
    """The most pairs of cards a move of stored gold can offer in this ruleset and player count.

    Every card exists once, so the purse cards holding gold and those with room share the ruleset's ``P``
    purse cards; a tableau holds at most 9 cards. Between the owner's own cards: ``m * (m - 1)`` with ``m``
    the owner's purse cards; from others: the owner's ``u`` times the ``P - u`` left for the players it may
    come from (9 each at most), at its largest.
    """
    purses = sum(1 for card in rules.cards if card.purse is not None)
    mine = min(CARDS_PER_PLAYER, purses)
    if move.group is None:
        return mine * (mine - 1)
    if move.each or move.group in (PlayerGroup.LEFT, PlayerGroup.RIGHT):
        sources = 1
    else:
        sources = min(2, players - 1) if move.group is PlayerGroup.NEIGHBOURS else players - 1
    # (each player's cards, the owner's own among them, which ``check`` refuses but a ruleset built without it has)
    own = mine * (mine - 1) if move.group is PlayerGroup.PLAYERS else 0
    return own + max(u * min(purses - u, CARDS_PER_PLAYER * sources) for u in range(mine + 1))


def most_stores(rules: Ruleset) -> int:
    """The most answers a gold stored on one's own purse cards can offer: each purse card of a tableau (9 at most,
    and every card exists once) and the stop."""
    return min(CARDS_PER_PLAYER, sum(1 for card in rules.cards if card.purse is not None)) + 1


class ActionSpace:
    """The action encoding and the observation tensor of one ruleset and player count (see the module)."""

    def __init__(self, rules: Ruleset | None = None, players: int = 2) -> None:
        self.rules = Ruleset.standard() if rules is None else rules
        self.players = players
        self.names = self.rules.names
        self.ids = {name: i for i, name in enumerate(self.names)}
        n = len(self.names)
        options = [len(node.options) for card in self.rules.cards for node in walk(card.effects)
                   if isinstance(node, (Choice, PlayersChoose))]
        chosen = any(isinstance(node, EachPlayer) and node.chosen for card in self.rules.cards
                     for node in walk(card.effects))
        #: Whether a card of the ruleset has a chosen shield (its owner names the type, ``Choose(1..6)``): then the
        #: decision one-hot has a place for that question, else the layout is unchanged.
        self.named = any(card.chosen for card in self.rules.cards)
        #: Whether a card of the ruleset reserves a card (then the space has a block of reserve answers and one of
        #: takes of the reserved card, and each card one more place per seat: reserved by it).
        self.reserves = any(isinstance(node, ReserveCard) for card in self.rules.cards for node in walk(card))
        #: Whether a card of the ruleset looks at the top of a deck (then the space has a block of answers to it).
        self.looks = any(isinstance(node, LookAtDeckTop) for card in self.rules.cards for node in walk(card.effects))
        #: The kinds of decision this ruleset can ask, one place each in the observation's decision one-hot: every
        #: kind but those only some fan cards ask (a chosen shield, a look at a deck's top, a reserve), which have
        #: their place only where a card of the ruleset asks them, so the base game's layout never changes.
        moves = [node for card in self.rules.cards for node in walk(card.effects) if isinstance(node, MoveGold)]
        #: Whether a card of the ruleset moves stored gold (its pair of cards is answered ``Choose(k)``).
        self.moves_gold = bool(moves)
        #: Whether a card of the ruleset stores its owner's gold on their purse cards (each gold answered
        #: ``Choose(k)``: a purse card with room, or one past them to stop).
        self.stores = any(isinstance(node, StoreOwnGold) for card in self.rules.cards for node in walk(card.effects))
        #: Whether a card of the ruleset asks for a card of a discard pile to put back on its deck (then the space
        #: has a block of answers to it).
        self.returns = any(isinstance(node, ReturnToDeck) and not node.top for card in self.rules.cards
                           for node in walk(card))
        self.kinds = tuple(kind for kind in DECISIONS if {NameShield: self.named, ArrangeDeckTop: self.looks,
                                                          ChooseReserve: self.reserves,
                                                          ChooseGoldMove: self.moves_gold,
                                                          ChooseStore: self.stores,
                                                          ChooseReturn: self.returns}.get(kind, True))
        self.choices = max([2, *options, *([players - 1] if chosen else []), *([len(SHIELD_ORDER)] if self.named
                                                                              else []),
                            *(most_gold_moves(self.rules, players, node) for node in moves),
                            *([most_stores(self.rules)] if self.stores else [])])
        most = [node.most for card in self.rules.cards for node in walk(card.effects)
                if isinstance(node, MayDo) and node.repeat]
        #: How many answers a "how many times" decision may have in this ruleset (0 when no card asks one).
        self.times = max(most) + 1 if most else 0
        self.take_start = 0
        self.key_start = n * CELLS * 2
        self.choose_start = self.key_start + 2
        self.discard_start = self.choose_start + self.choices
        self.unlock_start = self.discard_start + n
        self.pass_index = self.unlock_start + n
        self.row_start = self.pass_index + 1
        self.activate_start = self.row_start + 2
        self.reveal_start = self.activate_start + n
        self.times_start = self.reveal_start + n
        #: Whether a card of the ruleset swaps cards of a tableau (then the space has a block of swap answers).
        self.swaps = any(isinstance(node, Swap) for card in self.rules.cards for node in walk(card.effects))
        self.swap_start = self.times_start + self.times
        self.arrange_start = self.swap_start + (n if self.swaps else 0)
        self.reserve_start = self.arrange_start + (2 * n if self.looks else 0)
        self.take_reserved_start = self.reserve_start + (n if self.reserves else 0)
        self.return_start = self.take_reserved_start + (CELLS * 2 if self.reserves else 0)
        #: How many integers the space has.
        self.size = self.return_start + (n if self.returns else 0)
        self._places = 6 + (3 if self.reserves else 2) * players
        #: Whether a card of the ruleset keeps points on a card: then each card has two more values.
        self.kept_points = any(keeps_points(node) for card in self.rules.cards for node in walk(card.effects))
        #: Whether a card of the ruleset has a surcharge on other players' purchases: then each card has one more
        #: value, what it costs the observer more face up now.
        self.surcharged = any(card.surcharges for card in self.rules.cards)
        self._surcharge_at = self._places + 5 + (2 if self.kept_points else 0)
        self._per_card = self._surcharge_at + (1 if self.surcharged else 0)
        #: Whether a card of the ruleset can leave something waiting in a seat's state (a one-time discount, effects
        #: waiting for the end of the turn): then each seat has four more values, else the layout is unchanged.
        self.waiting = any(isinstance(node, (NextDiscount, EndOfThisTurn)) for card in self.rules.cards
                           for node in walk(card.effects))
        #: Whether a card of the ruleset lets a seat take its next card from either row: then each seat has one
        #: more value.
        self.either = any(isinstance(node, NextFromEitherRow) for card in self.rules.cards
                          for node in walk(card.effects))
        self._either_at = 5 + 6 + 1 + (4 if self.waiting else 0)
        #: Whether a card of the ruleset resolves the ability of a seat's next card bought face up twice: then each
        #: seat has one more value.
        self.twice = any(isinstance(node, NextResolvesTwice) for card in self.rules.cards
                         for node in walk(card.effects))
        self._twice_at = self._either_at + (1 if self.either else 0)
        self._per_seat = self._twice_at + (1 if self.twice else 0)
        self._codes: dict[Action, int] = {}
        #: The length of the observation vector.
        self.observation_size = n * self._per_card + players * self._per_seat + 2 + 1 + 2 + 4 + len(self.kinds) + 1

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionSpace:
        """The space itself: it never changes (the codes it remembers are the same for every copy)."""
        return self

    # ------------------------------------------------------------------ actions
    def encode(self, action: Action) -> int:
        """The integer of ``action``; :class:`EncodingError` if this space has none for it.

        Codes are remembered per action: the engine hands out the same
        action objects again, so most calls are one dictionary lookup.
        """
        code = self._codes.get(action)
        if code is None:
            code = self._codes[action] = self._encode(action)
        return code

    def _encode(self, action: Action) -> int:
        try:
            if isinstance(action, (Take, TakeReserved)):
                x, y = action.at
                if not (-REACH <= x <= REACH and -REACH <= y <= REACH):
                    raise EncodingError(f"{action}: a tableau position lies within -2..2")
                cell = (y + REACH) * _SPAN + (x + REACH)
                if isinstance(action, TakeReserved):
                    if not self.reserves:
                        raise EncodingError(f"{action}: no card of this ruleset reserves a card")
                    return self.take_reserved_start + cell * 2 + int(action.face_down)
                return self.take_start + self.ids[action.card] * CELLS * 2 + cell * 2 + int(action.face_down)
            if isinstance(action, UseKey):
                return self.key_start + (0 if action.use is KeyUse.MOVE else 1)
            if isinstance(action, Choose):
                if not 1 <= action.option <= self.choices:
                    raise EncodingError(f"{action}: this ruleset's choices have at most {self.choices} options")
                return self.choose_start + action.option - 1
            if isinstance(action, Discard):
                return self.discard_start + self.ids[action.card]
            if isinstance(action, Unlock):
                return self.unlock_start + self.ids[action.card]
            if isinstance(action, Pass):
                return self.pass_index
            if isinstance(action, DiscardRow):
                return self.row_start + _DECKS.index(action.deck)
            if isinstance(action, Activate):
                return self.activate_start + self.ids[action.card]
            if isinstance(action, Reveal):
                return self.reveal_start + self.ids[action.card]
            if isinstance(action, Times):
                if not action.times < self.times:
                    raise EncodingError(f"{action}: this ruleset's repeated effects are done at most "
                                        f"{self.times - 1} times")
                return self.times_start + action.times
            if isinstance(action, SwapCard):
                if not self.swaps:
                    raise EncodingError(f"{action}: no card of this ruleset swaps cards")
                return self.swap_start + self.ids[action.card]
            if isinstance(action, Arrange):
                if not self.looks:
                    raise EncodingError(f"{action}: no card of this ruleset looks at the top of a deck")
                return self.arrange_start + len(self.names) * action.discard + self.ids[action.card]
            if isinstance(action, Reserve):
                if not self.reserves:
                    raise EncodingError(f"{action}: no card of this ruleset reserves a card")
                return self.reserve_start + self.ids[action.card]
            if isinstance(action, ReturnCard):
                if not self.returns:
                    raise EncodingError(f"{action}: no card of this ruleset puts a card of a discard pile back on "
                                        "its deck")
                return self.return_start + self.ids[action.card]
        except KeyError as error:
            raise EncodingError(f"{action}: {error.args[0]!r} is no card of this ruleset") from None
        raise EncodingError(f"{action!r} is not an action of the game")

    def index_of(self, action: object) -> int:
        """``action`` as an integer of this space, or :class:`EncodingError` saying what an action is.

        An action is an ``int`` or a NumPy integer (a 0-d integer array too,
        as a policy may return) from 0 to ``size - 1``. Anything else is
        refused rather than converted: ``"2074"``, ``True``, ``3.7`` and
        ``nan`` are mistakes, and ``int()`` would quietly turn the first three
        into actions.
        """
        value: int | None = None
        if isinstance(action, numbers.Integral) and not isinstance(action, bool):
            value = int(action)
        elif getattr(action, "shape", None) == () and getattr(getattr(action, "dtype", None), "kind", "") in "iu":
            value = int(action)  # type: ignore[call-overload]
        if value is None:
            raise EncodingError(f"an action is an integer from 0 to {self.size - 1} (an int or a NumPy integer), "
                                f"got {quote(action)} ({type(action).__name__})")
        if not 0 <= value < self.size:
            raise EncodingError(f"action {value} is outside 0..{self.size - 1}")
        return value

    def decode(self, index: int) -> Action:
        """The action numbered ``index``; :class:`EncodingError` for anything but an integer of ``range(size)``."""
        index = self.index_of(index)
        if index < self.key_start:
            card, rest = divmod(index - self.take_start, CELLS * 2)
            cell, face_down = divmod(rest, 2)
            y, x = divmod(cell, _SPAN)
            return Take(self.names[card], (x - REACH, y - REACH), bool(face_down))
        if index < self.choose_start:
            return UseKey(KeyUse.MOVE if index == self.key_start else KeyUse.REFRESH)
        if index < self.discard_start:
            return Choose(index - self.choose_start + 1)
        if index < self.unlock_start:
            return Discard(self.names[index - self.discard_start])
        if index < self.pass_index:
            return Unlock(self.names[index - self.unlock_start])
        if index == self.pass_index:
            return Pass()
        if index < self.activate_start:
            return DiscardRow(_DECKS[index - self.row_start])
        if index < self.reveal_start:
            return Activate(self.names[index - self.activate_start])
        if index < self.times_start:
            return Reveal(self.names[index - self.reveal_start])
        if index < self.swap_start:
            return Times(index - self.times_start)
        if index < self.arrange_start:
            return SwapCard(self.names[index - self.swap_start])
        if index < self.reserve_start:
            discard, card = divmod(index - self.arrange_start, len(self.names))
            return Arrange(self.names[card], bool(discard))
        if index < self.take_reserved_start:
            return Reserve(self.names[index - self.reserve_start])
        if index >= self.return_start:
            return ReturnCard(self.names[index - self.return_start])
        cell, face_down = divmod(index - self.take_reserved_start, 2)
        y, x = divmod(cell, _SPAN)
        return TakeReserved((x - REACH, y - REACH), bool(face_down))

    def legal(self, state: GameState) -> list[int]:
        """The integers of ``state``'s legal actions, in the game's order."""
        codes = self._codes
        encode = self.encode
        return [codes.get(action) or encode(action) for action in state.legal_actions()]

    def mask(self, state: GameState) -> np.ndarray[Any, Any]:
        """A 0/1 int8 vector of length ``size``: 1 where the action is legal now."""
        import numpy as np

        mask = np.zeros(self.size, dtype=np.int8)
        mask[self.legal(state)] = 1
        return mask

    # ------------------------------------------------------------------ observations
    def observe(self, state: GameState, seat: int) -> np.ndarray[Any, Any]:
        """The observation vector of ``seat`` (see the module docstring), from what its view shows."""
        if isinstance(seat, bool) or not 0 <= seat < len(state.players):
            raise EncodingError(f"seat must be from 0 to {len(state.players) - 1}, got {seat!r}")
        import numpy as np

        view = state  # only public facts are read below: each deck as a set of cards, never in order
        players = len(view.players)
        if players != self.players:
            raise EncodingError(f"this space is for {self.players} players, the game has {players}")
        out = np.zeros(self.observation_size, dtype=np.float32)
        per = self._per_card

        def mark(cards: tuple[int, ...], offset: int) -> None:
            if cards:
                out[np.asarray(cards, dtype=np.intp) * per + offset] = 1

        for place in range(len(_DECKS)):
            location = view.locations[place]
            mark(location.row, place)
            mark(location.discard, 2 + place)
            mark(location.removed, 4)
            mark(location.deck, 5)  # a deck as the set of its cards: its order is never read
        for card, gold in view.row_gold:  # gold piling up on cards in the rows (public)
            out[card * per + self._places + 2] = gold / 10
        if self.surcharged:  # what each card costs the observer more, from the other seats' face-up cards (public)
            for card, extra in view.engine.extra_costs(view.seats, seat).items():
                out[card * per + self._surcharge_at] = extra / 5
        base = len(self.names) * per
        for k in range(players):
            other = (seat + k) % players
            player = view.players[other]
            if self.reserves:
                mark(player.reserved, 6 + 2 * players + k)
            for cell in player.tableau:
                at = cell.card * per
                out[at + 6 + 2 * k + int(cell.face_down)] = 1
                out[at + self._places] = (cell.x + REACH) / 4
                out[at + self._places + 1] = (cell.y + REACH) / 4
                out[at + self._places + 2] = cell.gold / 10
                out[at + self._places + 3] = 1.0 if cell.key else 0.0
                out[at + self._places + 4] = cell.keys / 10
                if self.kept_points and cell.points:
                    out[at + self._places + (5 if cell.points > 0 else 6)] = abs(cell.points) / 20
            at = base + k * self._per_seat
            out[at:at + 5] = (player.gold / 50, player.keys / 20, player.discounts[0] / 5, player.discounts[1] / 5,
                              len(player.tableau) / 9)
            out[at + 5:at + 11] = [t / 9 for t in player.shields]
            out[at + 11] = 1.0 if other == view.to_act and not view.is_over else 0.0
            if self.waiting:
                once, up = player.next_discounts, player.next_face_up  # both kinds of one-time discount, added up
                out[at + 12:at + 16] = ((once[0] + up[0]) / 5, (once[1] + up[1]) / 5, (once[2] + up[2]) / 5,
                                        len(player.this_turn) / 5)
            if self.either and player.either_row:
                out[at + self._either_at] = 1.0
            if self.twice and player.twice:
                out[at + self._twice_at] = 1.0
        at = base + players * self._per_seat
        out[at + (0 if view.messenger is Deck.CASTLE else 1)] = 1
        out[at + 2] = view.taken / (9 * players)
        out[at + 3] = view.deck_size(Deck.CASTLE) / len(self.names)
        out[at + 4] = view.deck_size(Deck.VILLAGE) / len(self.names)
        if not view.is_over:
            out[at + 5 + _PHASES.index(view.phase)] = 1
        if view.pending is not None:
            kind = type(view.pending.decision)
            out[at + 9 + self.kinds.index(kind)] = 1
            out[at + 9 + len(self.kinds)] = len(state.legal_actions()) / 10
        return out

    def describe(self, index: int) -> str:
        """The action numbered ``index`` in its JSON form, for logs."""
        return str(self.decode(index).to_json())

