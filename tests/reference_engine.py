"""A deliberately simple, independent re-statement of the rules, for tests only.

The engine (``castle_combo.engine.rules`` and friends) is built for speed: integer
ids, incremental totals, compiled closures, interned actions. This module is
built for being obviously right: plain mutable Python objects, one function
per sentence of RULINGS.md, every count recomputed from the tableau each time
it is needed. It shares no code with the engine; it reads only the card model
(``castle_combo.language.model``) and the cards of a :class:`~castle_combo.Ruleset`.

It cannot shuffle the way the engine does (the engine's generator is its own
business), so reshuffle orders are handed to it: :meth:`RefGame.push_reshuffle`
queues the order the engine used, and the reference checks that the order is
exactly its own discard pile before using it.

Actions are plain tuples, comparable with the engine's JSON forms through
:func:`action_key`:
``("key", "move")``, ``("key", "refresh")``, ``("take", name, x, y, face_down)``,
``("choose", option)``, ``("discard", name)``, and for lock cards (the
expansion) ``("unlock", name)``, ``("pass",)``, ``("discard_row", deck)``,
``("activate", name)``, and for fan cards ``("reveal", name)``, ``("swap", name)`` and ``("return", name)``.

A card put back on top of its deck, restated from the rules page ("A card put
back on top of its deck"): with a choice, the owner picks any card of the
discard piles named (asked even with one card; with none, nothing happens);
the top card of a pile goes back unasked; the card leaves its pile and becomes
the top card of its own location's deck, to be revealed by the next refill.

A swap, restated from the rules page ("Swapping cards"): two cards of the
owner's tableau exchange their places, each keeping its side, gold and key;
the owner picks the first card among those that can swap with another, then
the card it swaps with ("swap this card with an adjacent card": only the
second, this card being the first); a question with one possible answer is
not asked, and with no two cards to swap nothing happens (an optional swap
is then not offered either).

A move of stored gold, restated from the rules page ("Moving stored gold"): the pairs of a face-up purse card
holding gold (of the player or players it may come from, in turn order from the owner's left, each in the order
taken) and one of the owner's face-up purse cards with room, never a card onto itself; the gold moved is the
smallest of the card's number, the gold on the one and the room on the other; with one pair it moves unasked,
with two or more the owner answers ``("choose", k)``, the k-th pair; "each opponent's" is one such move per
opponent, one after another.

The expansion, restated from its rulings (the rules page, "Out of the
Oubliette!"). The legal actions at each moment:

* a question is pending (an ability waits): its answers only, i.e. each
  option; each card of the row; each row that holds cards (asked only when
  both do); each adjacent candidate (asked even when there is one);
* the end of a turn in which no lock was opened, when one can be opened:
  opening each lock that can be opened, or passing;
* the start of a turn: opening each lock that can be opened (if none was
  opened this turn yet), spending a key (move, if the other location is not
  exhausted; refresh), taking a card;
* after spending a key: opening a lock (if none yet), taking a card.

A lock "can be opened" when it is the player's, face up, still holds its
key, and, if its ability only gains, would gain at least 1 now.

Fan mechanics, restated from the rules page ("Fan mechanics"): a
conditional effect happens only if its condition holds when it is reached;
taking from each opponent takes what they have, up to the amount; "on
adjacent cards" is the four orthogonal neighbours of the card; a discard
pile count counts that pile's cards; between two turns the next player's
face-up cards' "at the start of your turn" effects resolve in the order the
cards were taken, and after the last turn every seat's "at the end of the
game" effects, seat by seat from the first player; "more/fewer ... than each
neighbour" compares whole tableaux with the players to the left and right;
"score as an adjacent card" takes the best adjacent face-up card's rules
(not another copier) as if printed on this card; each seat names one type
for all its wild shields, the best for its total while the other seats'
wild shields count as no type, and then every seat is scored with every
seat's named type.

Gold on cards in a row, restated from the rules page ("Gold on cards in a
row"): at the end of every turn, after the effects set aside until then,
each card in a row that says "while in a row, at the end of each turn: put N
gold on this card" gets N more gold there; whoever takes it gains that gold
after paying for it, face up or face down; a card discarded from its row
(a key's refresh, an ability) or removed from the game loses its gold to
the supply.

The end-of-game purse filling, restated from the rules page ("The end of
the game"): each seat stores as much of its leftover gold as fits, placed
for its best total. First every seat fills its purse cards the plain way:
the cards scoring the most points per gold on them first, reading order
among equals. Then each seat tries every way to place the same amount (the
other seats' purses filled the plain way, its own wild shields named at
their best for each) and keeps the best total; among equal totals, the one
with the most gold on the first purse cards in reading order.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import naive_language as judge

from castle_combo.language import model as m
from castle_combo.language.model import Deck, Resource, Shield

ALL_SHIELDS = list(Shield)
OTHER = {Deck.CASTLE: Deck.VILLAGE, Deck.VILLAGE: Deck.CASTLE}


def action_key(action: dict[str, Any]) -> tuple[Any, ...]:
    """The reference's tuple for an action in the DESIGN.md JSON form."""
    kind = action["type"]
    if kind == "key":
        return ("key", action["use"])
    if kind == "take":
        return ("take", action["card"], action["at"][0], action["at"][1], bool(action.get("face_down", False)))
    if kind == "choose":
        return ("choose", action["option"])
    if kind == "pass":
        return ("pass",)
    if kind == "discard_row":
        return ("discard_row", action["deck"])
    if kind == "arrange":
        return ("arrange", action["card"], action["discard"])
    return (kind, action["card"])


class RefIllegal(Exception):
    """The reference refuses an action."""


class Cell:
    """One card in a tableau."""

    def __init__(self, card: m.Card, x: int, y: int, face_down: bool) -> None:
        self.card = card
        self.x = x
        self.y = y
        self.face_down = face_down
        self.gold = 0
        #: A key waiting on a face-up lock card until its lock is opened.
        self.key = False
        #: Points its effects kept on it ("gain 3 points"), added to its score.
        self.points = 0
        #: Keys its effects locked on it ("put 2 keys on this card"): no longer its owner's.
        self.keys = 0
        #: The type its wild shields count as, once its owner names one at the end of the game.
        self.wild_as: Shield | None = None
        #: How it was taken from its owner's reserve ("face up" / "face down"): never here, as this engine has no
        #: reserve (read by the naive judge's "you took your reserved card").
        self.from_reserve: str | None = None

    @property
    def up(self) -> bool:
        return not self.face_down


class Seat:
    """One player: supply, keys, tableau, permanent discounts, one-time discounts, effects waiting for the turn's end."""

    def __init__(self) -> None:
        self.gold = 15
        self.keys = 2
        self.cells: list[Cell] = []
        self.discount = {Deck.CASTLE: 0, Deck.VILLAGE: 0}
        #: "your next card costs N less": for the next card taken, of any deck.
        self.next_card = 0
        #: "your next castle card costs N less": for the next card of that deck taken.
        self.next_of = {Deck.CASTLE: 0, Deck.VILLAGE: 0}
        #: "your next card bought face up costs N less" (of any deck, or of one): for the next card bought face up
        #: only; a card taken face down leaves them waiting.
        self.next_up_card = 0
        self.next_up_of = {Deck.CASTLE: 0, Deck.VILLAGE: 0}
        #: "your next card may be taken from either row": the next take may come from the other row too.
        self.either_row = False
        #: "your next card bought face up resolves its ability twice": waiting for the next face-up take.
        self.twice = False
        #: "at the end of this turn: ...": the abilities set aside, first set aside first.
        self.this_turn: list[Frame] = []
        #: A reserved card ("reserve a card ..."): the reference does not play reserves (the differential draws
        #: none), so a seat never holds one, and a condition on it ("if you have a reserved card") reads that.
        self.reserved: str | None = None


class Place:
    """One location: deck (top first), row, discard pile (bottom first), removed cards."""

    def __init__(self, deck: list[m.Card]) -> None:
        self.deck = list(deck[3:])
        self.row = list(deck[:3])
        self.discard: list[m.Card] = []
        self.removed: list[m.Card] = []
        self.exhausted = False
        #: The gold lying on cards of the row, by card name.
        self.gold: dict[str, int] = {}

    def lose_gold(self, cards: list[m.Card]) -> None:
        """Cards that leave the row for a discard pile or out of the game: their gold goes back to the supply."""
        for card in cards:
            self.gold.pop(card.name, None)


def gold_put_in_row(card: m.Card) -> int:
    """The gold a card gets at the end of each turn while it lies in a row (its "while in a row" effects)."""
    return sum(effect.amount for effect in card.abilities.get(m.Moment.IN_ROW, ())
               if isinstance(effect, m.StoreGold))


# ----------------------------------------------------------------- counting


def all_effects(card: m.Card, *, triggers: bool = True) -> list[m.Effect]:
    """Every effect printed on the card (its triggers' too unless ``triggers`` is false), choices and conditions opened."""
    todo = list(card.ability) + list(card.unlocked)
    if triggers:
        todo += list(card.each_turn) + list(card.turn_end) + list(card.game_end)
    found = []
    while todo:
        effect = todo.pop()
        found.append(effect)
        if isinstance(effect, m.Choice):
            for option in effect.options:
                todo.extend(option)
        if isinstance(effect, m.Conditional):
            todo.append(effect.effect)
        if isinstance(effect, (m.MayDo, m.Repeat)):
            todo.extend(effect.effects)
    return found


def has_discount_ability(card: m.Card) -> bool:
    """A card "with a discount ability": any discount printed on it, in a choice or behind a lock too."""
    return any(isinstance(effect, m.Discount) for effect in all_effects(card))


def worth_copying(card: m.Card) -> bool:
    """A card whose ability "use the ability of an adjacent card" may use: more than a discount or a copy."""
    return any(not isinstance(e, (m.Discount, m.UseAdjacentAbility, m.UseNeighbourAbility, m.Choice, m.Conditional,
                                  m.MayDo, m.Repeat))
               for e in all_effects(card, triggers=False))


def move_gold(pair: tuple[int, Cell, Cell, int]) -> None:
    """Stored gold from one purse card onto another: it never passes through a supply."""
    _, first, to, gold = pair
    first.gold -= gold
    to.gold += gold


def neighbour_seats(seat: int, n: int) -> set[int]:
    """The players to the left and to the right (the one opponent in a game of two)."""
    return {(seat - 1) % n, (seat + 1) % n} - {seat}


class Table:
    """The seats of a finished game as the judge reads them (no row, no pile: scoring never counts them)."""

    def __init__(self, seats: list[Seat], messenger: Deck | None = None) -> None:
        self.seats = seats
        self.places = {Deck.CASTLE: Place([]), Deck.VILLAGE: Place([])}
        self.messenger = messenger  # where the messenger stands at the end of the game


# ---------------------------------------------------------------------- game


class Frame:
    """One ability being resolved: the card it is printed on, the effects left, and what it discarded."""

    def __init__(self, me: Cell, effects: list[m.Effect], copied: bool) -> None:
        self.me = me
        self.effects = effects
        #: Used through another card ("use the ability of an adjacent card"): no discount, no copy.
        self.copied = copied
        self.discarded: list[m.Card] = []


class Watch:
    """The start of a take trigger: it goes on only if its card is face up and the card taken of its kind."""

    def __init__(self, taken: Cell) -> None:
        self.taken = taken


class OwedBy:
    """One player's turn to answer a choice they owe ("each opponent chooses one"), judged when it comes."""

    def __init__(self, effect: m.PlayersChoose, other: int) -> None:
        self.effect = effect
        self.other = other


class MoveFrom:
    """A move of stored gold from the purse cards of ``sources`` (one player each for "each opponent's"), judged
    when its turn comes."""

    def __init__(self, effect: m.MoveGold, sources: list[int]) -> None:
        self.effect = effect
        self.sources = sources


class Storing:
    """The owner's gold stored on their purse cards ("store up to 4 of your gold on your purse cards"), ``done`` of
    it so far: one question per gold, judged when its turn comes."""

    def __init__(self, effect: m.StoreOwnGold, done: int) -> None:
        self.effect = effect
        self.done = done


class Passes:
    """The passes of a repetition ("repeat up to 3 times ...") still to come, ``done`` of them done: judged when its
    turn comes (its condition first, then the question whether to go on, after the first pass)."""

    def __init__(self, effect: m.Repeat, done: int) -> None:
        self.effect = effect
        self.done = done


class RefGame:
    """A whole game, mutated in place by :meth:`apply`."""

    def __init__(self, cards: tuple[m.Card, ...], players: int, castle: list[str], village: list[str],
                 first_player: int = 0) -> None:
        by_name = {c.name: c for c in cards}
        self.n = players
        self.seats = [Seat() for _ in range(players)]
        self.places = {Deck.CASTLE: Place([by_name[x] for x in castle]),
                       Deck.VILLAGE: Place([by_name[x] for x in village])}
        self.messenger = Deck.VILLAGE
        self.current = first_player
        #: The seat whose take is resolving ("that player" of a trigger on another player's take).
        self.taker = first_player
        #: The player whose turn it is (the seat resolving at the end of the game): the triggers on the
        #: messenger's moves start from their left.
        self.turn_of = first_player
        self.moving = False
        self.taken = 0
        self.key_spent = False
        self.lock_opened = False
        self.card_taken = False
        # The abilities being resolved, the last one on top, and the question the top one asks:
        # ("choose", Choice), ("discard", DiscardFromRow), ("row", None) or ("adjacent", [cells]).
        self.frames: list[Frame] = []
        self.question: tuple[str, Any] | None = None
        # Where the turn goes when the abilities are done: "start", "after key", "taken" or "end".
        self.then = ""
        # The end-of-turn decision to open a lock or pass: the locks that can be opened.
        self.end_locks: list[Cell] | None = None
        self.reshuffle_orders: dict[Deck, list[list[m.Card]]] = {Deck.CASTLE: [], Deck.VILLAGE: []}
        self.by_name = by_name
        self.reshuffles_done = 0
        self.first_player = first_player

    # -- chance ----------------------------------------------------------------
    def push_reshuffle(self, deck: Deck, order: list[str]) -> None:
        """Queue the order the next reshuffle of ``deck`` must produce."""
        self.reshuffle_orders[deck].append([self.by_name[x] for x in order])

    # -- queries ---------------------------------------------------------------
    @property
    def waiting(self) -> bool:
        """Whether the current player owes an answer (to an ability, or open-or-pass at the end)."""
        return self.question is not None or self.end_locks is not None

    @property
    def is_over(self) -> bool:
        return self.taken == 9 * self.n and not self.waiting

    def spots(self, seat: Seat) -> list[tuple[int, int]]:
        """Empty positions next to a card whose bounding box stays within 3x3; (0, 0) first."""
        if not seat.cells:
            return [(0, 0)]
        taken = {(c.x, c.y) for c in seat.cells}
        found = []
        for x in range(-3, 4):
            for y in range(-3, 4):
                if (x, y) in taken:
                    continue
                if not any((x + dx, y + dy) in taken for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                    continue
                xs = [p[0] for p in taken] + [x]
                ys = [p[1] for p in taken] + [y]
                if max(xs) - min(xs) > 2 or max(ys) - min(ys) > 2:
                    continue
                found.append((x, y))
        return found

    def price(self, seat: Seat, card: m.Card) -> int:
        """The printed cost plus the surcharges on it, less the permanent discount, less the one-time ones for this
        card (those waiting for a card bought face up too: a price is for a face-up purchase), never below 0."""
        return max(0, card.cost + self.surcharge(seat, card) - seat.discount[card.deck] - seat.next_card
                   - seat.next_of[card.deck] - seat.next_up_card - seat.next_up_of[card.deck])

    def meets(self, seat: Seat, card: m.Card) -> bool:
        """Whether ``seat`` meets ``card``'s requirement to buy it face up now (read with the naive judge on the
        seat's tableau and supply, the card in no tableau); True for a card without one."""
        return card.requirement is None or judge.holds(card.requirement.condition,
                                                       judge.Context(self, self.seats.index(seat)))

    def surcharge(self, seat: Seat, card: m.Card) -> int:
        """What ``card`` costs ``seat`` more: every surcharge of a face-up card of another seat whose payers, seen
        from that seat, include ``seat``, on the card's deck and passing the surcharge's filter."""
        payer = self.seats.index(seat)
        bought = Cell(card, 0, 0, False)
        total = 0
        for owner, other in enumerate(self.seats):
            for cell in other.cells:
                if owner == payer or not cell.up:
                    continue
                ctx = judge.Context(self, owner, cell)
                for surcharge in cell.card.surcharges:
                    if surcharge.until_next_turn and cell is not other.cells[-1]:
                        continue  # "until your next turn": only while it is the last card its owner took
                    if (payer in judge.seats_of(surcharge.payers, owner, self.n) and card.deck in surcharge.decks
                            and judge.passes(surcharge.on, bought, ctx)):
                        total += surcharge.amount
        return total

    def would_gain(self, cell: Cell, effects: tuple[m.Effect, ...]) -> int:
        """What a lock whose ability only gains would gain if opened now."""
        total = 0
        for effect in effects:
            assert isinstance(effect, m.Gain)
            total += judge.amount(effect, self.context(cell, []))
        return total

    def openable(self) -> list[Cell]:
        """The current player's lock cards whose lock can be opened now, in the order they were taken."""
        found = []
        for cell in self.seats[self.current].cells:
            if not (cell.up and cell.key):
                continue
            effects = cell.card.unlocked
            if effects and all(isinstance(e, m.Gain) for e in effects) and self.would_gain(cell, effects) < 1:
                continue
            found.append(cell)
        return found

    def legal(self) -> set[tuple[Any, ...]]:
        if self.question is not None:
            kind, detail = self.question
            if kind == "choose":
                return {("choose", k) for k in range(1, len(detail.options) + 1)}
            if kind == "discard":
                return {("discard", c.name) for c in self.places[detail.deck].row}
            if kind == "row":
                return {("discard_row", d.value) for d in (Deck.CASTLE, Deck.VILLAGE) if self.places[d].row}
            if kind == "may":
                return {("choose", 1), ("choose", 2)}
            if kind == "player":
                return {("choose", k) for k in range(1, len(detail[1]) + 1)}
            if kind == "store":  # a purse card with room, or one past them to stop
                return {("choose", k) for k in range(1, len(detail[0]) + 2)}
            if kind == "gold":
                return {("choose", k) for k in range(1, len(detail) + 1)}
            if kind == "owed":
                return {("choose", k) for k in detail[2]}
            if kind == "reveal":
                return {("reveal", cell.card.name) for cell in detail[0]}
            if kind == "swap":
                return {("swap", cell.card.name) for cell in detail[3]}
            if kind == "return":
                return {("return", c.name) for d in detail[0] for c in self.places[d].discard}
            if kind == "look":
                effect, placed, left, gone = detail
                looked = self.places[effect.deck].deck[placed:placed + left]
                room = effect.discard and (effect.most is None or gone < effect.most)
                return {("arrange", c.name, discard) for c in looked for discard in {False, room}}
            return {("activate", cell.card.name) for cell in detail}
        if self.end_locks is not None:
            return {("unlock", cell.card.name) for cell in self.end_locks} | {("pass",)}
        if self.is_over:
            return set()
        seat = self.seats[self.current]
        out: set[tuple[Any, ...]] = set()
        if not self.lock_opened:
            out |= {("unlock", cell.card.name) for cell in self.openable()}
        if not self.key_spent and seat.keys >= 1:
            if not self.places[OTHER[self.messenger]].exhausted:
                out.add(("key", "move"))
            out.add(("key", "refresh"))
        rows = [self.messenger, OTHER[self.messenger]] if seat.either_row else [self.messenger]
        for card in [card for deck in rows for card in self.places[deck].row]:
            for x, y in self.spots(seat):
                out.add(("take", card.name, x, y, True))
                if self.price(seat, card) <= seat.gold and self.meets(seat, card):
                    out.add(("take", card.name, x, y, False))
        return out

    # -- actions -----------------------------------------------------------------
    def apply(self, action: tuple[Any, ...]) -> None:
        if action not in self.legal():
            raise RefIllegal(action)
        kind = action[0]
        seat = self.seats[self.current]
        if kind == "key":
            seat.keys -= 1
            self.key_spent = True
            refreshed = None if action[1] == "move" else self.messenger
            if action[1] == "move":
                self.move(OTHER[self.messenger])
            else:
                place = self.places[self.messenger]
                place.lose_gold(place.row)
                place.discard.extend(place.row)
                place.row = []
                self.refill(self.messenger)
            self.key_triggers(refreshed)
            return
        if kind == "take":
            _, name, x, y, face_down = action
            card = self.by_name[name]
            here = self.messenger if card in self.places[self.messenger].row else OTHER[self.messenger]
            self.places[here].row.remove(card)
            seat.either_row = False  # the take spends it, whichever row the card came from
            if face_down:
                seat.gold += 6
                seat.keys += 2
            else:
                seat.gold -= self.price(seat, card)
            seat.gold += self.places[here].gold.pop(card.name, 0)
            # The take spends the one-time discounts it may use, face down too, whatever they saved.
            seat.next_card = 0
            seat.next_of[card.deck] = 0
            if not face_down:  # those waiting for a card bought face up: only a face-up take spends them
                seat.next_up_card = 0
                seat.next_up_of[card.deck] = 0
            cell = Cell(card, x, y, face_down)
            # A lock card bought face up gets a key from the supply; its lock's ability waits.
            cell.key = cell.up and card.lock
            seat.cells.append(cell)
            self.taken += 1
            self.card_taken = True
            self.then = "taken"
            if cell.up and seat.twice:
                # Spent by this face-up take (no ability: used up all the same). The second time lies below the
                # first, resolved as a copy of the card's own ability: no discount, no copy in it.
                seat.twice = False
                if card.ability:
                    self.frames.append(Frame(cell, list(card.ability), True))
            if cell.up and card.ability:
                self.frames.append(Frame(cell, list(card.ability), False))
            self.take_triggers(cell)
            self.resolve()
            return
        if kind == "unlock":
            cell = next(c for c in seat.cells if c.card.name == action[1])
            cell.key = False  # back to the supply
            self.lock_opened = True
            if self.end_locks is not None:
                self.end_locks = None
                self.then = "end"
            else:
                self.then = "after key" if self.key_spent else "start"
            if cell.card.unlocked:
                self.frames.append(Frame(cell, list(cell.card.unlocked), False))
            self.resolve()
            return
        if kind == "pass":
            self.end_locks = None
            self.finish_turn()
            return
        assert self.question is not None
        question, detail = self.question
        self.question = None
        frame = self.frames[-1]
        if kind == "choose" and question == "may":
            if action[1] == 1:
                gold, keys, effects = detail
                seat.gold -= gold
                seat.keys -= keys
                frame.effects = list(effects) + frame.effects
        elif kind == "choose" and question == "owed":
            self.pick(detail[0], detail[1], action[1], frame)
        elif kind == "choose" and question == "store":
            rooms, storing = detail
            if action[1] <= len(rooms):
                seat.gold -= 1
                rooms[action[1] - 1].gold += 1
                if storing.done + 1 < storing.effect.amount:
                    frame.effects.insert(0, Storing(storing.effect, storing.done + 1))
        elif kind == "choose" and question == "gold":
            move_gold(detail[action[1] - 1])
        elif kind == "choose" and question == "player":
            inner, candidates = detail
            self.on_player(inner, candidates[action[1] - 1], frame.me, frame.discarded)
        elif kind == "choose":
            frame.effects = list(detail.options[action[1] - 1]) + frame.effects
        elif kind == "discard":
            place = self.places[detail.deck]
            card = self.by_name[action[1]]
            place.row.remove(card)
            place.lose_gold([card])
            place.discard.append(card)
            frame.discarded.append(card)
            self.gain(self.current, detail.reward, card.cost)
        elif kind == "discard_row":
            self.discard_row(Deck(action[1]), frame)
        elif kind == "reveal":
            chosen, ability = next(cell for cell in detail[0] if cell.card.name == action[1]), detail[1]
            self.turn_up([chosen], ability, detail[2])
        elif kind == "arrange":
            if self.settle(detail, self.by_name[action[1]], action[2], frame):
                return  # the next card looked at is asked next
        elif kind == "return":
            card = self.by_name[action[1]]
            piles, effect = detail
            self.put_back(next(d for d in piles if card in self.places[d].discard), card, effect, frame.me)
        elif kind == "swap":
            effect, me, first, candidates = detail
            chosen = next(cell for cell in candidates if cell.card.name == action[1])
            if first is not None:
                exchange(first, chosen)
            elif self.swap(effect, me, chosen, self.context(me, frame.discarded)):
                return  # the card it swaps with is asked next
        else:  # activate
            chosen = next(cell for cell in detail if cell.card.name == action[1])
            self.frames.append(Frame(chosen, list(chosen.card.ability) + list(chosen.card.unlocked), True))
        self.resolve()

    def on_player(self, inner: m.PlayerEffect, other: int, me: Cell, discarded: list[m.Card]) -> None:
        """One effect between the current player and ``other``, its amount judged now; never below 0."""
        amount = max(0, judge.amount(inner, self.context(me, discarded, other)))
        have = self.seats[other].gold if inner.resource is Resource.GOLD else self.seats[other].keys
        mine = self.seats[self.current].gold if inner.resource is Resource.GOLD else self.seats[self.current].keys
        if isinstance(inner, m.Gain):
            self.gain(other, inner.resource, amount)
        elif isinstance(inner, m.Lose):
            self.gain(other, inner.resource, -min(amount, have))
        elif isinstance(inner, m.Take):
            self.gain(other, inner.resource, -min(amount, have))
            self.gain(self.current, inner.resource, min(amount, have))
        else:
            self.gain(self.current, inner.resource, -min(amount, mine))
            self.gain(other, inner.resource, min(amount, mine))

    @property
    def acting(self) -> int:
        """The seat that must answer now: the current player, or the one owing a choice."""
        if self.question is not None and self.question[0] == "owed":
            return int(self.question[1][1])
        return self.current

    def affords(self, option: tuple[m.Effect, ...], other: int, me: Cell, discarded: list[m.Card]) -> bool:
        """Whether ``other`` can pay in full what the option takes from them or makes them lose."""
        owed = {Resource.GOLD: 0, Resource.KEY: 0}
        for effect in option:
            if (isinstance(effect, m.EachPlayer) and effect.group is m.ThatPlayer.TAKER
                    and isinstance(effect.effect, (m.Take, m.Lose))):
                owed[effect.effect.resource] += max(0, judge.amount(effect.effect, self.context(me, discarded, other)))
        return owed[Resource.GOLD] <= self.seats[other].gold and owed[Resource.KEY] <= self.seats[other].keys

    def pick(self, owed: m.PlayersChoose, other: int, option: int, frame: Frame) -> None:
        """``other``'s option of a choice they owe resolves now, "that player" being them (it never asks)."""
        saved, taker = self.frames, self.taker
        inner = Frame(frame.me, list(owed.options[option - 1]), frame.copied)
        inner.discarded = frame.discarded
        self.frames, self.taker = [inner], other
        assert not self.asks(), "an option of an owed choice never asks"
        self.frames, self.taker = saved, taker

    def gain(self, who: int, resource: Resource, amount: int) -> None:
        if resource is Resource.GOLD:
            self.seats[who].gold += amount
        else:
            self.seats[who].keys += amount

    def context(self, me: Cell, discarded: list[m.Card], them: int | None = None) -> judge.Context:
        """What the judge needs to count for the current player's card ``me``."""
        return judge.Context(self, self.current, me, them=them, discarded=discarded)

    def count(self, per: m.Per, me: Cell, discarded: list[m.Card]) -> int:
        return judge.count(per, self.context(me, discarded))

    def discard_row(self, deck: Deck, frame: Frame) -> None:
        """Every card of the row to its discard pile, then that row alone refilled at once."""
        place = self.places[deck]
        frame.discarded.extend(place.row)
        place.lose_gold(place.row)
        place.discard.extend(place.row)
        place.row = []
        self.refill(deck)

    def ask_look(self, effect: m.LookAtDeckTop, frame: Frame, placed: int, left: int, gone: int = 0) -> bool:
        """Ask about the next card looked at (True), unless none is left or the last can only be put back; a look
        that must discard exactly N discards the last cards itself when only as many as it still needs are left."""
        if effect.exactly and effect.most is not None and left and effect.most - gone >= left:
            place = self.places[effect.deck]
            for card in place.deck[placed:placed + left]:
                place.discard.append(card)
                frame.discarded.append(card)
            del place.deck[placed:placed + left]
            return False
        room = effect.discard and (effect.most is None or gone < effect.most)
        if left >= 2 or (left == 1 and room):
            self.question = ("look", (effect, placed, left, gone))
            return True
        return False

    def settle(self, detail: tuple[m.LookAtDeckTop, int, int, int], card: m.Card, discard: bool,
               frame: Frame) -> bool:
        """Put a card looked at back next (under those put back) or discard it; True if the next is asked."""
        effect, placed, left, gone = detail
        place = self.places[effect.deck]
        at = place.deck.index(card, placed)
        place.deck.pop(at)
        if discard:
            place.discard.append(card)
            frame.discarded.append(card)
            return self.ask_look(effect, frame, placed, left - 1, gone + 1)
        place.deck.insert(placed, card)
        return self.ask_look(effect, frame, placed + 1, left - 1, gone)

    def put_back(self, deck: Deck, card: m.Card, effect: m.ReturnToDeck, me: Cell) -> None:
        """A card of a location's discard pile goes back on top of its deck (its last copy there, the top one), or
        under its cards ("on the bottom of its deck"); "for its cost in gold" (keys): the current player gains its
        printed cost, "in points": ``me``, the card whose ability it is, keeps that many points."""
        place = self.places[deck]
        at = len(place.discard) - 1 - place.discard[::-1].index(card)
        place.discard.pop(at)
        if effect.bottom:
            place.deck.append(card)
        else:
            place.deck.insert(0, card)
        if effect.reward is m.CostIn.POINTS:
            me.points += card.cost
        elif effect.reward is not None:
            self.gain(self.current, Resource.GOLD if effect.reward is m.CostIn.GOLD else Resource.KEY, card.cost)

    def discard_deck_top(self, deck: Deck, count: int, frame: Frame) -> None:
        """The deck's top cards to its discard pile one at a time; a deck that runs out takes the pile shuffled, but
        for the cards discarded here, which stay on it; an exhausted location has no deck."""
        place = self.places[deck]
        if place.exhausted:
            return
        mine: list[m.Card] = []
        for _ in range(count):
            if not place.deck:
                older = place.discard[: len(place.discard) - len(mine)]
                if not older:
                    break
                assert self.reshuffle_orders[deck], f"no reshuffle order queued for the {deck.value}"
                order = self.reshuffle_orders[deck].pop(0)
                assert Counter(c.name for c in order) == Counter(c.name for c in older), (
                    "the engine's reshuffle order is not the discard pile without the cards just discarded")
                place.deck = list(order)
                place.discard = list(mine)
                self.reshuffles_done += 1
            card = place.deck.pop(0)
            mine.append(card)
            place.discard.append(card)
        frame.discarded.extend(mine)

    def resolve(self) -> None:
        """Resolve the abilities on the stack in order; stop at a question; when all are done, go on."""
        if not self.asks():
            self.carry_on()

    def holds(self, condition: m.Condition, me: Cell, discarded: list[m.Card]) -> bool:
        """A conditional effect's condition, checked now in the current player's tableau."""
        return judge.holds(condition, self.context(me, discarded))

    def turn_price(self, seat: Seat, card: m.Card) -> int:
        """What turning ``card`` face up ", paying its cost" costs: its printed cost less the seat's discount on its
        deck, never below 0 (no surcharge, no one-time discount: those are about takes)."""
        return max(0, card.cost - seat.discount[card.deck])

    def payable(self, cells: list[Cell], spent: int = 0) -> list[Cell]:
        """The cards of ``cells`` the current player can pay to turn face up (after spending ``spent`` gold)."""
        seat = self.seats[self.current]
        return [c for c in cells if self.turn_price(seat, c.card) <= seat.gold - spent]

    def turn_up(self, cells: list[Cell], ability: bool, paying: bool = False) -> None:
        """Turn face-down cards face up (``paying`` each one's price first); with ``ability`` each one's ability when
        bought resolves, first one first."""
        for cell in cells:
            if paying:
                seat = self.seats[self.current]
                seat.gold -= self.turn_price(seat, cell.card)
            cell.face_down = False
        if ability:
            for cell in reversed(cells):
                if cell.card.ability:
                    self.frames.append(Frame(cell, list(cell.card.ability), False))

    def partners(self, effect: m.Swap, me: Cell, first: Cell, ctx: judge.Context) -> list[Cell]:
        """The cards ``first`` may swap places with, in the order taken (``me``: this card)."""
        cells = self.seats[self.current].cells
        if effect.this:
            return [c for c in cells if first is me and abs(c.x - me.x) + abs(c.y - me.y) == 1
                    and judge.passes(effect.on, c, ctx)]
        if not judge.passes(effect.on, first, ctx):
            return []
        return [c for c in cells if c is not first and judge.passes(effect.on, c, ctx)]

    def firsts(self, effect: m.Swap, me: Cell, ctx: judge.Context) -> list[Cell]:
        """The cards that may be picked first for a swap: those with a card to swap with."""
        return [c for c in self.seats[self.current].cells if self.partners(effect, me, c, ctx)]

    def swap(self, effect: m.Swap, me: Cell, first: Cell | None, ctx: judge.Context) -> bool:
        """Swap two cards, or ask which (True); ``first``: the card picked first, if known."""
        if first is None and not effect.this:
            firsts = self.firsts(effect, me, ctx)
            if len(firsts) == 2:
                exchange(*firsts)
            elif firsts:
                self.question = ("swap", (effect, me, None, firsts))
                return True
            return False
        first = me if first is None else first
        partners = self.partners(effect, me, first, ctx)
        if len(partners) == 1:
            exchange(first, partners[0])
        elif partners:
            self.question = ("swap", (effect, me, first, partners))
            return True
        return False

    def asks(self) -> bool:
        """Resolve the stack until a question is asked (True) or nothing is left (False)."""
        seat = self.seats[self.current]
        while self.frames:
            frame = self.frames[-1]
            if not frame.effects:
                self.frames.pop()
                continue
            effect = frame.effects.pop(0)
            me = frame.me
            ctx = self.context(me, frame.discarded)
            if isinstance(effect, Watch):
                if not (me.up and judge.passes(me.card.on_take, effect.taken, ctx)):
                    frame.effects.clear()
                continue
            if isinstance(effect, OwedBy):
                owed, other = effect.effect, effect.other
                if owed.condition is not None and not judge.holds(owed.condition,
                                                                  self.context(me, frame.discarded, other)):
                    continue
                offered = [k for k, option in enumerate(owed.options, start=1)
                           if self.affords(option, other, me, frame.discarded)]
                if len(offered) == 1:
                    self.pick(owed, other, offered[0], frame)
                elif offered:
                    self.question = ("owed", (owed, other, offered))
                    return True
                continue
            if isinstance(effect, m.Repeat):
                frame.effects.insert(0, Passes(effect, 0))
                continue
            if isinstance(effect, Passes):
                repeat = effect.effect
                if repeat.until is not None and self.holds(repeat.until, me, frame.discarded):
                    continue  # it ends
                next_pass = list(repeat.effects) + ([Passes(repeat, effect.done + 1)]
                                                    if effect.done + 1 < repeat.times else [])
                if repeat.may_stop and effect.done:
                    self.question = ("may", (0, 0, next_pass))  # go on (yes) or stop (no)
                    return True
                frame.effects[0:0] = next_pass
                continue
            if isinstance(effect, m.StoreOwnGold):
                frame.effects.insert(0, Storing(effect, 0))
                continue
            if isinstance(effect, Storing):
                # Asked while the owner has gold and a face-up purse card has room, even with one card (they may stop).
                rooms = [c for c in seat.cells if c.up and c.card.purse is not None and c.gold < c.card.purse]
                if rooms and seat.gold > 0:
                    self.question = ("store", (rooms, effect))
                    return True
                continue
            if isinstance(effect, m.MoveGold):
                # Each player of the group in turn for "each ...'s", else one question over them all (or the owner).
                sources = [self.current] if effect.group is None else self.players(effect.group)
                frame.effects[0:0] = [MoveFrom(effect, [other]) for other in sources] if effect.each else [
                    MoveFrom(effect, sources)]
                continue
            if isinstance(effect, MoveFrom):
                pairs = judge.gold_moves_offered(effect.effect, ctx, effect.sources)
                if len(pairs) == 1:
                    move_gold(pairs[0])
                elif pairs:
                    self.question = ("gold", pairs)
                    return True
                continue
            if isinstance(effect, m.PlayersChoose):
                # Each player of the group answers in turn from the owner's left, each judged when it comes.
                frame.effects[0:0] = [OwedBy(effect, other) for other in self.players(effect.group)]
                continue
            if isinstance(effect, m.Gain):
                self.gain(self.current, effect.resource, judge.amount(effect, ctx))
            elif isinstance(effect, m.GainPoints):
                me.points += -judge.amount(effect, ctx) if effect.loses else judge.amount(effect, ctx)
            elif isinstance(effect, m.Lose):
                have = seat.gold if effect.resource is Resource.GOLD else seat.keys
                self.gain(self.current, effect.resource, -min(have, judge.amount(effect, ctx)))
            elif isinstance(effect, m.EachPlayer) and effect.chosen:
                # One player of the owner's choice among those meeting the condition: asked only with two or more.
                candidates = [other for other in judge.seats_of(effect.group, self.current, self.n)
                              if effect.condition is None
                              or judge.holds(effect.condition, self.context(me, frame.discarded, other))]
                if len(candidates) == 1:
                    self.on_player(effect.effect, candidates[0], me, frame.discarded)
                elif candidates:
                    self.question = ("player", (effect.effect, candidates))
                    return True
            elif isinstance(effect, m.EachPlayer):
                inner = effect.effect
                # "all at once": every player's condition and amount judged before any of the effects resolves.
                judged = {other: (effect.condition is None or judge.holds(effect.condition, theirs),
                                  judge.amount(inner, theirs))
                          for other in self.players(effect.group) if effect.at_once
                          for theirs in [self.context(me, frame.discarded, other)]}
                for other in self.players(effect.group):
                    theirs = self.context(me, frame.discarded, other)
                    if effect.at_once:
                        applies, amount = judged[other]
                        if not applies:
                            continue
                    else:
                        if effect.condition is not None and not judge.holds(effect.condition, theirs):
                            continue
                        amount = judge.amount(inner, theirs)
                    them = self.seats[other]
                    their_supply = them.gold if inner.resource is Resource.GOLD else them.keys
                    my_supply = seat.gold if inner.resource is Resource.GOLD else seat.keys
                    if isinstance(inner, m.Gain):
                        self.gain(other, inner.resource, amount)
                    elif isinstance(inner, m.Lose):
                        self.gain(other, inner.resource, -min(amount, their_supply))
                    elif isinstance(inner, m.Take):
                        taken = min(amount, their_supply)
                        self.gain(other, inner.resource, -taken)
                        self.gain(self.current, inner.resource, taken)
                    else:
                        given = min(amount, my_supply)
                        self.gain(self.current, inner.resource, -given)
                        self.gain(other, inner.resource, given)
            elif isinstance(effect, m.Conditional):
                if self.holds(effect.condition, me, frame.discarded):
                    frame.effects.insert(0, effect.effect)
            elif isinstance(effect, m.Discount):
                if not frame.copied:
                    for deck in effect.decks:
                        seat.discount[deck] += effect.amount
            elif isinstance(effect, m.StoreGold):
                for c in seat.cells:
                    if c.up and c.card.purse is not None and judge.passes(effect.on, c, ctx):
                        c.gold = min(c.card.purse, c.gold + effect.amount)
            elif isinstance(effect, m.StoreKeys):
                locked = min(effect.amount, seat.keys)  # every key they have if fewer
                seat.keys -= locked
                me.keys += locked
            elif isinstance(effect, m.FillPurses):
                purses = [c for c in seat.cells if c.up and c.card.purse is not None]
                purses.sort(key=lambda c: (-(c.card.purse - c.gold), c.y, c.x))  # type: ignore[operator]
                for c in purses[: effect.purses]:
                    c.gold = c.card.purse  # type: ignore[assignment]
            elif isinstance(effect, m.NextDiscount) and effect.face_up:
                if effect.deck is None:
                    seat.next_up_card += effect.amount
                else:
                    seat.next_up_of[effect.deck] += effect.amount
            elif isinstance(effect, m.NextDiscount):
                if effect.deck is None:
                    seat.next_card += effect.amount
                else:
                    seat.next_of[effect.deck] += effect.amount
            elif isinstance(effect, m.NextFromEitherRow):
                seat.either_row = True
            elif isinstance(effect, m.NextResolvesTwice):
                seat.twice = True
            elif isinstance(effect, m.EndOfThisTurn):
                seat.this_turn.append(Frame(me, list(effect.effects), frame.copied))
            elif isinstance(effect, m.MoveMessenger):
                target = OTHER[self.messenger] if effect.to is None else effect.to
                if not self.places[target].exhausted:
                    self.move(target)
            elif isinstance(effect, m.MayDo):
                gold = sum(c.amount for c in effect.cost if isinstance(c, m.Lose) and c.resource is Resource.GOLD)
                keys = sum(c.amount for c in effect.cost if isinstance(c, m.Lose) and c.resource is Resource.KEY)
                swaps = [e for e in effect.effects if isinstance(e, m.Swap)]
                idle = len(swaps) == len(effect.effects) and not any(self.firsts(e, me, ctx) for e in swaps)
                paid = [e for e in effect.effects if isinstance(e, m.TurnFaceUp) and e.paying]
                if paid and len(effect.effects) == 1:  # nothing the owner can pay to turn face up: not asked
                    idle = not self.payable([c for c in seat.cells if c.face_down and judge.passes(paid[0].on, c, ctx)],
                                           gold)
                moves = [e for e in effect.effects if isinstance(e, m.MoveMessenger)]
                if moves and len(moves) == len(effect.effects):  # no move can happen: not asked
                    targets = [OTHER[self.messenger] if e.to is None else e.to for e in moves]
                    idle = all(t == self.messenger or self.places[t].exhausted for t in targets)
                guarded = effect.guard is None or self.holds(effect.guard, me, frame.discarded)
                if guarded and seat.gold >= gold and seat.keys >= keys and not idle:
                    self.question = ("may", (gold, keys, effect.effects))
                    return True
            elif isinstance(effect, m.TurnFaceUp):
                candidates = [c for c in seat.cells if c.face_down and judge.passes(effect.on, c, ctx)]
                if effect.paying:
                    candidates = self.payable(candidates)
                if effect.every or len(candidates) <= 1:
                    self.turn_up(candidates, effect.ability, effect.paying)
                else:
                    self.question = ("reveal", (candidates, effect.ability, effect.paying))
                    return True
            elif isinstance(effect, m.Swap):
                if self.swap(effect, me, None, ctx):
                    return True
            elif isinstance(effect, m.Choice):
                self.question = ("choose", effect)
                return True
            elif isinstance(effect, m.DiscardFromRow):
                if self.places[effect.deck].row:
                    self.question = ("discard", effect)
                    return True
            elif isinstance(effect, m.DiscardDeckTop):
                self.discard_deck_top(effect.deck, effect.count, frame)
            elif isinstance(effect, m.ReturnToDeck) and effect.top:
                assert effect.deck is not None
                if self.places[effect.deck].discard:
                    self.put_back(effect.deck, self.places[effect.deck].discard[-1], effect, me)
            elif isinstance(effect, m.ReturnToDeck):
                piles = [Deck.CASTLE, Deck.VILLAGE] if effect.deck is None else [effect.deck]
                if any(self.places[d].discard for d in piles):
                    self.question = ("return", (piles, effect))
                    return True
            elif isinstance(effect, m.LookAtDeckTop):
                # No reshuffle for a look: the cards there are, none at an exhausted location (no deck).
                seen = min(effect.count, len(self.places[effect.deck].deck))
                if self.ask_look(effect, frame, 0, seen):
                    return True
            elif isinstance(effect, m.DiscardWholeRow) and effect.which is not m.RowChoice.CHOICE:
                deck = {m.RowChoice.CASTLE: Deck.CASTLE, m.RowChoice.VILLAGE: Deck.VILLAGE,
                        m.RowChoice.MESSENGER: self.messenger, m.RowChoice.OTHER: OTHER[self.messenger]}[effect.which]
                if self.places[deck].row:
                    self.discard_row(deck, frame)
            elif isinstance(effect, m.DiscardWholeRow):
                rows = [d for d in (Deck.CASTLE, Deck.VILLAGE) if self.places[d].row]
                if len(rows) == 2:
                    self.question = ("row", None)
                    return True
                if rows:
                    self.discard_row(rows[0], frame)
            elif isinstance(effect, m.UseAdjacentAbility):
                if frame.copied:
                    continue
                candidates = [c for c in seat.cells
                              if abs(c.x - me.x) + abs(c.y - me.y) == 1 and c.up and worth_copying(c.card)]
                if candidates:
                    self.question = ("adjacent", candidates)
                    return True
            else:
                raise TypeError(f"reference cannot run {effect!r}")
        return False

    def carry_on(self) -> None:
        """The abilities are done: the turn goes on where it was."""
        if self.then in ("start", "after key"):
            return
        if self.then == "taken":
            cell = self.seats[self.current].cells[-1]
            if cell.up and cell.card.messenger:
                target = OTHER[cell.card.deck]
                if not self.places[target].exhausted:
                    self.move(target, icon=self.current)
        self.refill(Deck.CASTLE)
        self.refill(Deck.VILLAGE)
        if self.then == "taken" and not self.lock_opened:
            locks = self.openable()
            if locks:
                self.end_locks = locks
                return
        self.finish_turn()

    def finish_turn(self) -> None:
        """The turn's last step: the effects set aside until its end resolve (the rows refilled after them)."""
        seat = self.seats[self.current]
        while seat.this_turn:
            self.frames.extend(reversed(seat.this_turn))
            seat.this_turn = []
            self.then = "turn end"
            if self.asks():
                return
            self.refill(Deck.CASTLE)
            self.refill(Deck.VILLAGE)
        self.next_player()

    def next_player(self) -> None:
        for deck in (Deck.CASTLE, Deck.VILLAGE):
            place = self.places[deck]
            for card in place.row:
                if gold_put_in_row(card):
                    place.gold[card.name] = place.gold.get(card.name, 0) + gold_put_in_row(card)
        self.trigger("turn_end")
        self.current = (self.current + 1) % self.n
        self.turn_of = self.current
        self.key_spent = False
        self.lock_opened = False
        self.card_taken = False
        self.then = ""
        if self.taken == 9 * self.n:
            after = self.current
            for k in range(self.n):
                self.current = self.turn_of = (self.first_player + k) % self.n
                self.trigger("game_end")
            self.current = after
        else:
            self.trigger("each_turn")

    def trigger(self, part: str) -> None:
        """The current player's face-up cards' effects of one trigger, in the order the cards were taken."""
        for cell in list(self.seats[self.current].cells):
            effects = getattr(cell.card, part)
            if cell.up and effects:
                self.frames.append(Frame(cell, list(effects), False))
                assert not self.asks(), "a trigger never asks"

    def take_triggers(self, taken: Cell) -> None:
        """The triggers on the card just taken, right after it is placed: first each other seat from the taker's
        left, its cards watching the taker (other players, neighbours, one side, any player) in the order taken,
        resolved at once as their owner's ("that player" is the taker; they never ask); then the taker's own cards
        watching their takes (or any player's), in the order taken, before the card's ability (they may ask).
        Each resolves only if its card is face up and the card taken of its kind when its turn comes, never for
        the card taken itself."""
        taker = self.current
        self.taker = taker
        waiting, self.frames = self.frames, []  # the card's ability waits: the other seats' triggers come first
        for k in range(1, self.n):
            owner = (taker + k) % self.n
            for cell in list(self.seats[owner].cells):
                card = cell.card
                if card.taken and card.taken_by is not None and taker in judge.seats_of(card.taken_by, owner, self.n):
                    self.current = owner
                    self.frames.append(Frame(cell, [Watch(taken), *card.taken], False))
                    assert not self.asks(), "a trigger on another player's take never asks"
                    self.current = taker
        self.frames = waiting
        after = []
        for cell in reversed(self.seats[taker].cells[:-1]):
            if cell.card.taken and cell.card.taken_by in (None, m.PlayerGroup.PLAYERS):
                frame = Frame(cell, [Watch(taken), *cell.card.taken], False)
                (after if cell.card.after_ability else self.frames).append(frame)
        # ", after its ability": under the card's ability, the first taken resolving first.
        self.frames[0:0] = after

    def move(self, target: Deck, icon: int | None = None) -> None:
        """The messenger goes to ``target``; if that is a change of place, the cards watching its moves (to
        anywhere, or to ``target``) resolve at once, as their owners': each seat after the current player from its
        left, then the current player, each seat's face-up cards in the order taken; a move they make sets off
        nothing (they never ask). ``icon`` is the seat whose card's messenger icon made the move (step 4): only
        then do that seat's cards watching their own icons' moves resolve too."""
        if target is self.messenger:
            return
        self.messenger = target
        if self.moving:
            return
        self.moving = True
        try:
            self.at_once(lambda card, owner: bool(card.messenger_moved) and card.moved_to in (None, target)
                         and (not card.moved_by_icon or owner == icon), lambda card: card.messenger_moved)
        finally:
            self.moving = False

    def key_triggers(self, refreshed: Deck | None) -> None:
        """The cards watching the key the current player just spent, after its move or refresh (``refreshed``, the
        row it refreshed, ``None`` for a move): each other seat from the spender's left (cards watching that
        player), then the spender's own (watching their own spends or any player's), each seat's face-up cards in
        the order taken, those watching what the key did ("to refresh a row", "... the castle row", "to move the
        messenger"); "that player" is the spender."""
        spender = self.current

        def did(card: m.Card) -> bool:
            if card.spent_for is None:
                return True
            if refreshed is None:
                return card.spent_for is m.KeyPurpose.MOVE
            return card.spent_for is m.KeyPurpose.REFRESH and card.refreshed in (None, refreshed)

        self.at_once(lambda card, owner: bool(card.key_spent) and (
            owner == spender if card.spent_by is None else spender in judge.seats_of(card.spent_by, owner, self.n))
            and did(card), lambda card: card.key_spent, owners=True)

    def at_once(self, watches: Any, effects: Any, owners: bool = False) -> None:
        """Resolve at once, on a stack of their own, the effects of the face-up cards that ``watches`` (of the card
        and its owner), seats from the left of the current player (with ``owners``) or of the player whose turn it
        is, that player last."""
        current, waiting, taker = self.current, self.frames, self.taker
        self.taker = current
        playing = current if owners else self.turn_of
        for k in (*range(1, self.n), 0):
            owner = (playing + k) % self.n
            for cell in list(self.seats[owner].cells):
                if cell.up and watches(cell.card, owner):
                    self.current = owner
                    self.frames = [Frame(cell, list(effects(cell.card)), False)]
                    assert not self.asks(), "a trigger on a key spend or a move of the messenger never asks"
        self.current, self.frames, self.taker = current, waiting, taker

    def players(self, group: m.PlayerGroup | m.ThatPlayer) -> list[int]:
        """The seats an effect on each player is about, seen from the current player: "that player" is the taker."""
        if isinstance(group, m.ThatPlayer):
            return [self.taker]
        return judge.seats_of(group, self.current, self.n)

    def refill(self, deck: Deck) -> None:
        place = self.places[deck]
        if place.exhausted:
            return
        while len(place.row) < 3:
            if not place.deck:
                if not place.discard:
                    break
                assert self.reshuffle_orders[deck], f"no reshuffle order queued for the {deck.value}"
                order = self.reshuffle_orders[deck].pop(0)
                assert Counter(c.name for c in order) == Counter(c.name for c in place.discard), (
                    "the engine's reshuffle order is not the discard pile")
                place.deck = list(order)
                place.discard = []
                self.reshuffles_done += 1
            place.row.append(place.deck.pop(0))
        if len(place.row) < 3:
            place.lose_gold(place.row)
            place.removed.extend(place.row + place.deck + place.discard)
            place.row, place.deck, place.discard = [], [], []
            place.exhausted = True
            if not self.places[OTHER[deck]].exhausted:
                self.move(OTHER[deck])

    # -- scoring -------------------------------------------------------------------
    def final(self) -> tuple[list[dict[str, Any]], list[int]]:
        """Per seat ``{"total", "keys", "gold_left", "cards"}`` and the winning seats."""
        sheets = score_all(self.seats, self.messenger)
        totals: list[int] = [s["total"] for s in sheets]
        left: list[int] = [s["gold_left"] for s in sheets]
        top = [i for i, total in enumerate(totals) if total == max(totals)]
        most = max(left[i] for i in top)
        return sheets, [i for i in top if left[i] == most]


def exchange(first: Cell, second: Cell) -> None:
    """Two cards of one tableau swap places; everything else about them stays (side, gold, key)."""
    first.x, first.y, second.x, second.y = second.x, second.y, first.x, first.y


def score_all(seats: list[Seat], messenger: Deck | None = None) -> list[dict[str, Any]]:
    """Every seat's sheet: purses filled, wild shields named, then each face-up card's rules."""
    saved = {id(c): (c.gold, c.wild_as) for seat in seats for c in seat.cells}
    supplies = [seat.gold for seat in seats]
    before = {id(c): c.gold for seat in seats for c in seat.cells}
    left = [place_purses(seat) for seat in seats]
    for seat, gold in zip(seats, left, strict=False):
        seat.gold = gold  # at the end, "gold you have" is the gold left once the purses are filled
    chosen = [best_placement(seats, i, before, messenger) for i in range(len(seats))]
    for golds in chosen:
        for c, gold in golds.items():
            c.gold = gold
    named: dict[int, Shield] = {}
    for i in range(len(seats)):
        best_named = named_total(seats, i, left[i], messenger)
        if best_named is not None:
            named[i] = best_named[1]
    for i, shield in named.items():
        for c in seats[i].cells:
            if c.up and c.card.wild:
                c.wild_as = shield
    sheets = [score_seat(seats, i, left[i], messenger) for i in range(len(seats))]
    for seat, gold in zip(seats, supplies, strict=False):
        seat.gold = gold
        for c in seat.cells:
            c.gold, c.wild_as = saved[id(c)]
    return sheets


def named_total(seats: list[Seat], i: int, gold_left: int,
                messenger: Deck | None = None) -> tuple[int, Shield] | None:
    """The best total of seat ``i`` over the types its wild shields may be named, and that type (None: no wild)."""
    wild = [c for c in seats[i].cells if c.up and c.card.wild]
    if not wild:
        return None
    best = None
    for shield in ALL_SHIELDS:
        for c in wild:
            c.wild_as = shield
        total = score_seat(seats, i, gold_left, messenger)["total"]
        if best is None or total > best[0]:
            best = (total, shield)
        for c in wild:
            c.wild_as = None
    assert best is not None
    return best


def worth_per_gold(card: m.Card) -> int:
    """The points one gold stored on ``card`` gives through its rules "score N per gold on this card"."""
    return sum(rule.points for rule in card.scoring
               if isinstance(rule, m.ScorePer) and isinstance(rule.per.count, m.GoldOnThisCard)
               and rule.per.every == 1 and rule.up_to is None and rule.at_least is None and rule.condition is None
               and rule.times is None)


def purses_of(seat: Seat) -> list[Cell]:
    """The seat's face-up purse cards in reading order."""
    return sorted((c for c in seat.cells if c.up and c.card.purse is not None), key=lambda c: (c.y, c.x))


def place_purses(seat: Seat) -> int:
    """The plain filling: as much leftover gold as fits, the cards worth most per gold first; the gold left."""
    gold = seat.gold
    for c in sorted(purses_of(seat), key=lambda c: -worth_per_gold(c.card)):
        put = min(gold, c.card.purse - c.gold)  # type: ignore[operator]
        c.gold += put
        gold -= put
    return gold


def placements(rooms: list[int], amount: int) -> list[tuple[int, ...]]:
    """Every way to put ``amount`` gold in cards with those rooms, the most on the first cards first."""
    if not rooms:
        return [()] if amount == 0 else []
    return [(put, *rest) for put in range(min(rooms[0], amount), -1, -1)
            for rest in placements(rooms[1:], amount - put)]


def best_placement(seats: list[Seat], i: int, before: dict[int, int],
                   messenger: Deck | None = None) -> dict[Cell, int]:
    """Seat ``i``'s gold on each of its purse cards for its best total (the others' purses as filled now)."""
    purses = purses_of(seats[i])
    now = {c: c.gold for c in purses}
    amount = sum(c.gold - before[id(c)] for c in purses)
    best: tuple[int, dict[Cell, int]] | None = None
    for puts in placements([c.card.purse - before[id(c)] for c in purses], amount):  # type: ignore[operator]
        for c, put in zip(purses, puts, strict=True):
            c.gold = before[id(c)] + put
        named = named_total(seats, i, seats[i].gold)
        total = named[0] if named is not None else score_seat(seats, i, seats[i].gold, messenger)["total"]
        if best is None or total > best[0]:
            best = (total, {c: c.gold for c in purses})
    for c, gold in now.items():
        c.gold = gold
    return best[1] if best is not None else now


def score_seat(seats: list[Seat], who: int, gold_left: int, messenger: Deck | None = None) -> dict[str, Any]:
    """One finished tableau's sheet (purses already filled): each face-up card's rules, plus keys."""
    seat = seats[who]
    min_x = min((c.x for c in seat.cells), default=0)
    min_y = min((c.y for c in seat.cells), default=0)
    grid = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
    for c in seat.cells:
        if c.up:
            grid[c.y - min_y][c.x - min_x] = sum(
                score_rule(seats, who, c, rule, min_x, min_y, messenger) for rule in c.card.scoring) + c.points
    keys = seat.keys + sum(1 for c in seat.cells if c.key)  # keys waiting on lock cards are owned too
    total = sum(map(sum, grid)) + keys
    return {"total": total, "keys": keys, "gold_left": gold_left, "cards": grid}


def score_grid(cards: dict[str, m.Card], grid: list[list[str]], keys: int, gold: int,
               purse_gold: dict[str, int]) -> dict[str, Any]:
    """A finished grid of names (``"face-down"`` allowed), top row first, scored by :func:`score_seat`."""
    seat = Seat()
    seat.keys, seat.gold = keys, gold
    for y, row in enumerate(grid):
        for x, name in enumerate(row):
            face_down = name == "face-down"
            cell = Cell(cards[name] if not face_down else next(iter(cards.values())), x, y, face_down)
            cell.gold = purse_gold.get(name, 0) if not face_down else 0
            seat.cells.append(cell)
    return score_all([seat, Seat()])[0]


def score_rule(seats: list[Seat], who: int, me: Cell, rule: m.Scoring, min_x: int, min_y: int,
               messenger: Deck | None = None) -> int:
    """The points one scoring rule gives ``me`` in its owner's final grid."""
    seat = seats[who]
    if isinstance(rule, m.ScoreAsAdjacent):
        copied = [c for c in seat.cells if abs(c.x - me.x) + abs(c.y - me.y) == 1
                  and c.up and not any(isinstance(r, m.ScoreAsAdjacent) for r in c.card.scoring)]
        return max((sum(score_rule(seats, who, me, r, min_x, min_y, messenger) for r in c.card.scoring)
                    for c in copied),
                   default=0)
    # The judge's reading: "per" with its bounds, "if" its condition; a rule counting "in a neighbour's tableau"
    # reads the one neighbour that gives it more points.
    return judge.score(rule, judge.Context(Table(seats, messenger), who, me, origin=(min_x, min_y)))
