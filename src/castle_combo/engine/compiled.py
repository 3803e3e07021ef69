"""A ruleset compiled for the engine: integer card ids, facts, abilities and scorers.

Inside a game state a card is a small integer, its index in
``Ruleset.cards``. Everything the engine asks about a card (cost, shields,
what its ability does, how it scores) is computed here once per ruleset and
cached, so playing a turn never walks the model's trees again.
"""

from __future__ import annotations

import difflib
import operator
import weakref
from typing import Any

from castle_combo.engine.abilities import (
    Ability,
    Auto,
    ChoiceStep,
    DiscardStep,
    OwnGains,
    Run,
    TableGains,
    compile_ability,
    compile_own_gains,
    compile_table_gains,
    discount_kinds,
    discount_slots,
    face_up_price,
)
from castle_combo.engine.actions import Activate, Discard, Reveal, Take, Unlock
from castle_combo.engine.counting import (
    DECKS,
    SHIELDS,
    CardFacts,
    Placed,
    ScoreFn,
    Tableaux,
    TestFn,
    as_wild_type,
    card_facts,
    compile_filter,
    compile_scoring,
    compile_test,
    players_of,
)
from castle_combo.engine.decisions import Address, Frame, Pending, Resume
from castle_combo.engine.placement import CELLS, FreeSpots, pickers
from castle_combo.files import quote
from castle_combo.language.model import (
    Card,
    Choice,
    Compared,
    LookAtDeckTop,
    MessengerAt,
    Per,
    PlayerGroup,
    Players,
    ReserveCard,
    ReturnToDeck,
    Scope,
    walk,
)
from castle_combo.language.ruleset import Ruleset

__all__ = ["EACH_TURN_TRIGGER", "GAME_END_TRIGGER", "OTHER_TAKE_TRIGGER", "TAKE_TRIGGER", "TURN_END_TRIGGER",
           "Compiled", "compiled", "trigger_bits"]

#: Bits of a seat's ``triggers``: it has a face-up card with effects whenever it takes a card, at the end of
#: its turn, at the start of its turn, at the end of the game.
TAKE_TRIGGER = 1
TURN_END_TRIGGER = 2
EACH_TURN_TRIGGER = 4
GAME_END_TRIGGER = 8
#: A bit of a seat's ``triggers``: it has a face-up card with effects whenever another player takes a card.
OTHER_TAKE_TRIGGER = 16

#: A card's surcharge, compiled: the amount, who pays (seen from the card's owner), the ids of the cards it is on,
#: and whether it holds only until its owner's next turn (while the card is the last its owner took).
Surcharge = tuple[int, PlayerGroup, frozenset[int], bool]
#: The free positions of a tableau, in reading order.
Spots = tuple[tuple[int, int], ...]


class Compiled:
    """The engine's view of one ruleset (build it with :func:`compiled`).

    ``facts``, ``abilities`` and ``scorers`` are indexed by card id;
    ``ids`` maps a card name to its id; ``deck_cards`` lists each deck's ids
    in load order (castle first). It holds no reference to the ruleset, so
    the cache below does not keep rulesets alive. Action objects are interned here so that
    ``legal_actions`` can hand out the same objects again cheaply.
    """

    __slots__ = (
        "_activates", "_asked", "_costs", "_decks", "_discards", "_reveals", "_tables", "_takes",
        "_unlocks",
        "abilities", "auto_bought", "cards", "deck_cards", "discount_kinds", "discount_slots", "facts", "has_locks",
        "has_key_triggers", "has_messenger_triggers", "has_other_take_triggers", "has_reserve", "has_row_gold", "looks",
        "has_surcharges", "requirements", "has_requirements", "has_take_triggers", "has_triggers", "ids", "own_gains",
        "plain_prices", "fast_takes", "fast_keys",
        "reads_others", "returns", "row_gold", "scorers", "scoring_facts", "surcharges", "table_gains", "trigger_bits",
        "asks_at_once", "option_gains", "reads_messenger",
        "wild_as",
    )

    def __init__(self, rules: Ruleset) -> None:
        self.cards: tuple[Card, ...] = rules.cards
        self.facts: tuple[CardFacts, ...] = tuple(card_facts(i, card) for i, card in enumerate(rules.cards))
        self.ids: dict[str, int] = {card.name: i for i, card in enumerate(rules.cards)}
        #: The discounts on filtered cards (``discount 1 on faith cards``): the decks and filter of each; a
        #: seat's discounts hold the castle one, the village one, then one per kind (once one has resolved).
        self.discount_kinds = discount_kinds(rules.cards)
        slots = {kind: 2 + k for k, kind in enumerate(self.discount_kinds)}
        self.abilities: tuple[Ability, ...] = tuple(compile_ability(card, self.facts, slots) for card in rules.cards)
        #: Per card, the places in a seat's discounts of the discounts on filtered cards that apply to it.
        self.discount_slots: tuple[tuple[int, ...], ...] = discount_slots(slots, self.facts)
        # Wild shields: for each card with some and each shield type, a stand-in id counted as that type.
        stand_ins: list[CardFacts] = []
        wild_as: dict[int, tuple[int, ...]] = {}
        for f in self.facts:
            if f.wild:
                first = len(self.facts) + len(stand_ins)
                wild_as[f.id] = tuple(range(first, first + len(SHIELDS)))
                stand_ins += [as_wild_type(f, first + t, t) for t in range(len(SHIELDS))]
        #: The facts scoring reads: every card, then the wild stand-ins (see :attr:`wild_as`).
        self.scoring_facts: tuple[CardFacts, ...] = self.facts + tuple(stand_ins)
        #: For a card with wild shields, its stand-in ids by shield type (in ``SHIELDS`` order).
        self.wild_as: dict[int, tuple[int, ...]] = wild_as
        scorers: list[ScoreFn | None] = [
            compile_scoring(card.scoring, self.scoring_facts, lambda card: scorers[card]) for card in rules.cards
        ]
        scorers += [scorers[_original(f, self.facts)] for f in stand_ins]
        self.scorers: tuple[ScoreFn | None, ...] = tuple(scorers)
        #: Whether any scoring rule reads another seat (a comparison, a count of other players or of their
        #: tableaux): then a seat's score reads other tableaux too.
        self.reads_others = any(_reads_others(node) for card in rules.cards for node in walk(card.scoring))
        #: Whether any card has a trigger (start or end of turn, end of game): without one, the engine skips them.
        self.has_triggers = any(a.each_turn or a.turn_end or a.game_end for a in self.abilities)
        #: Whether any card has effects whenever its owner takes a card: without one, a take skips them.
        self.has_take_triggers = any(a.taken for a in self.abilities)
        #: Whether any card has effects whenever another player takes a card ("whenever an opponent takes"):
        #: without one, a take looks at its taker's tableau only.
        self.has_other_take_triggers = any(a.taken and a.taken_by is not None for a in self.abilities)
        #: Whether any card has effects whenever a key is spent ("whenever an opponent spends a key:"), or whenever
        #: the messenger moves: without one, a key spend and a move skip them (with one, no fast path).
        self.has_key_triggers = any(a.key_spent for a in self.abilities)
        self.has_messenger_triggers = any(a.messenger_moved for a in self.abilities)
        #: Per card, which triggers it has face up (:data:`TAKE_TRIGGER`, :data:`TURN_END_TRIGGER`, ...), or-ed
        #: into its owner's ``triggers`` while it is face up: the engine leaves its fast path only for those.
        self.trigger_bits: tuple[int, ...] = tuple(trigger_bits(a) for a in self.abilities)
        self.deck_cards: tuple[tuple[int, ...], ...] = tuple(
            tuple(f.id for f in self.facts if f.deck == d) for d in range(len(DECKS))
        )
        #: Per card, the gold put on it at the end of each turn while it lies in a row ("while in a row, at the end
        #: of each turn: put 1 gold on this card"); 0 for most cards.
        self.row_gold: tuple[int, ...] = tuple(card.row_gold for card in rules.cards)
        #: Whether any card piles up gold in a row: without one, the engine never looks at the rows' gold.
        self.has_row_gold = any(self.row_gold)
        #: Whether a card of the ruleset looks at the top cards of a deck (then seats may know some of them).
        self.looks = any(isinstance(n, LookAtDeckTop) for card in rules.cards for n in walk(card))
        #: Whether a card of the ruleset puts a card of a discard pile on top of its deck (then every seat may know
        #: top cards of a deck: they saw the card put there).
        self.returns = any(isinstance(n, ReturnToDeck) for card in rules.cards for n in walk(card))
        #: Whether any card reserves a card ("reserve a card from either row"): without one, the engine never looks
        #: at reserved cards (and its fast take, which does not discard them at the end of the game, stays on).
        self.has_reserve = any(isinstance(node, ReserveCard) for card in rules.cards for node in walk(card))
        #: Per card, its surcharges on other players' purchases while it lies face up in a tableau ("surcharge 1 on
        #: castle cards for each opponent"): the amount, who pays (seen from its owner) and the ids of the cards
        #: that cost that much more; ``()`` for most cards.
        self.surcharges: tuple[tuple[Surcharge, ...], ...] = tuple(
            _surcharges(card, self.facts) for card in rules.cards)
        #: Whether any card has a surcharge: without one, a price never looks at other tableaux.
        self.has_surcharges = any(self.surcharges)
        #: Per card, its requirement to be bought face up ("requires at least 2 military shields"), compiled: a
        #: test read on the taker's tableau and supply before the take (the card in no tableau yet); ``None``
        #: for most cards.
        self.requirements: tuple[TestFn | None, ...] = tuple(
            compile_test(card.requirement.condition, self.facts) if card.requirement is not None else None
            for card in rules.cards)
        #: Whether any card has a requirement: without one, a take never reads it.
        self.has_requirements = any(test is not None for test in self.requirements)
        #: Whether any card has a lock: without one, the engine skips every lock check.
        self.has_locks = any(f.lock for f in self.facts)
        # The hot path's guards, one per ruleset (known when it is built), so that the constructs above cost
        # nothing in a game without them (printed cards: one check per call, not one per construct).
        #: Whether a face-up price is the printed cost minus the taker's discounts alone: no card has a surcharge
        #: or a requirement (``legal_actions`` and the take then read neither).
        self.plain_prices = not (self.has_surcharges or self.has_requirements)
        #: Whether the fast take may be tried at all: no card piles up gold in a row, watches the messenger's moves
        #: or reserves a card.
        self.fast_takes = not (self.has_row_gold or self.has_messenger_triggers or self.has_reserve)
        #: Whether the fast key spend may be tried at all: no card watches key spends or the messenger's moves.
        self.fast_keys = not (self.has_key_triggers or self.has_messenger_triggers)
        #: The cards whose scoring or end-of-game effects read where the messenger stands (a score scenario must
        #: say where it stands to score them face up): found once, not by walking the rules at every score.
        self.reads_messenger: frozenset[int] = frozenset(
            i for i, card in enumerate(rules.cards)
            if any(isinstance(node, MessengerAt) for node in walk((card.scoring, card.game_end))))
        #: Per card, the effects run when it is bought, when every one of them is automatic (a gain, a
        #: discount, stored gold...): the engine's fast path runs them directly. ``None`` when one may ask.
        self.auto_bought: tuple[tuple[Run, ...] | None, ...] = tuple(_auto_runs(a) for a in self.abilities)
        #: Per card, its ability when bought as gains and discounts summed in the owner's own tableau, when it
        #: is only that (most cards): the fast path adds them without running the steps. Else ``None``.
        #: (A card with a chosen shield has neither: its owner names the shield's type when it is bought.)
        self.own_gains: tuple[OwnGains | None, ...] = tuple(
            None if c.chosen else compile_own_gains(c, self.facts) for c in rules.cards)
        #: Per card without own gains, its automatic ability when bought as one function of the seats, when it
        #: reaches other seats or the owner's purses only in ways that need no scratch table (see
        #: :func:`~castle_combo.engine.abilities.compile_table_gains`). Else ``None``.
        self.table_gains: tuple[TableGains | None, ...] = tuple(
            None if c.chosen or own is not None or auto is None else compile_table_gains(c.ability, self.facts)
            for c, own, auto in zip(rules.cards, self.own_gains, self.auto_bought, strict=True))
        #: Per card whose ability when bought is one question and nothing else (choose one option, discard a card
        #: from a row), the question's address and step: the fast take asks it without a scratch table. Else
        #: ``None``.
        self.asks_at_once: tuple[tuple[Address, ChoiceStep | DiscardStep] | None, ...] = tuple(
            _asked_at_once(c, a) for c, a in zip(rules.cards, self.abilities, strict=True))
        #: Per card whose ability when bought is one choice, each option as a
        #: :data:`~castle_combo.engine.abilities.TableGains` (``None`` for an option that needs a scratch table):
        #: a choice answered with such an option ends the turn without one. Empty for the other cards.
        self.option_gains: tuple[tuple[TableGains | None, ...], ...] = tuple(
            _option_gains(c, self.facts) if asked is not None and isinstance(asked[1], ChoiceStep) else ()
            for c, asked in zip(rules.cards, self.asks_at_once, strict=True))
        self._takes: dict[tuple[int, int, int, bool], Take] = {}
        self._asked: dict[tuple[int, int], Pending] = {}
        #: Every take of each card by grid cell, face up then face down; built on first use.
        self._tables: list[tuple[Take, ...] | None] = [None] * len(self.facts)
        self._costs = tuple(f.cost for f in self.facts)
        self._decks = tuple(f.deck for f in self.facts)
        self._discards: dict[int, Discard] = {}
        self._unlocks: dict[int, Unlock] = {}
        self._activates: dict[int, Activate] = {}
        self._reveals: dict[int, Reveal] = {}

    def asked(self, card: int, index: int) -> Pending:
        """The decision owed once ``card`` (one with :attr:`asks_at_once`), just bought to ``index`` of its owner's
        tableau, asks its question: the same value for every such take, so built once and kept."""
        pending = self._asked.get((card, index))
        if pending is None:
            asked = self.asks_at_once[card]
            assert asked is not None
            address, step = asked  # (a discard is asked only while its row holds a card: the caller checks)
            pending = self._asked[card, index] = Pending(step.question(), (Frame(card, index, ()),), address,
                                                         Resume.TAKEN)
        return pending

    def take(self, card: int, x: int, y: int, face_down: bool) -> Take:
        """The (interned) action taking ``card`` to (x, y)."""
        key = (card, x, y, face_down)
        action = self._takes.get(key)
        if action is None:
            action = self._takes[key] = Take(self.facts[card].name, (x, y), face_down)
        return action

    def row_takes(self, spots: Spots, row: tuple[int, ...], gold: int, discounts: tuple[int, ...]) -> tuple[Take, ...]:
        """Every take of the cards of ``row`` at every one of ``spots``, in the order ``legal_actions`` lists them.

        For each card, in row order: face up at each spot (only when the card
        costs at most ``gold`` after ``discounts``), then face down at each
        spot (in a ruleset with surcharges or requirements, :meth:`priced_row_takes`). Each card's takes sit in
        one tuple by grid cell (face up, then face down), built once; the
        spots tuple, as the engine keeps it
        (:class:`~castle_combo.engine.placement.FreeSpots`), carries the two
        :func:`operator.itemgetter` pickers of its positions (both sides, face
        down only). So a call picks and joins three tuples, and nothing it
        builds outlives the answer.
        """
        both, down = spots.picks if type(spots) is FreeSpots else pickers(spots)
        tables, costs, decks = self._tables, self._costs, self._decks
        if len(row) == 3 and len(discounts) == 2:  # a full row, no discounts on filtered cards: written out
            a, b, c = row
            ta, tb, tc = tables[a], tables[b], tables[c]
            if ta is None:
                ta = self._cell_table(a)
            if tb is None:
                tb = self._cell_table(b)
            if tc is None:
                tc = self._cell_table(c)
            # A card is affordable when its cost is at most the gold plus the discount on its deck.
            limit = (gold + discounts[0], gold + discounts[1])
            return ((both(ta) if costs[a] <= limit[decks[a]] else down(ta))
                    + (both(tb) if costs[b] <= limit[decks[b]] else down(tb))
                    + (both(tc) if costs[c] <= limit[decks[c]] else down(tc)))
        takes: tuple[Take, ...] = ()
        for card in row:
            table = tables[card]
            if table is None:
                table = self._cell_table(card)
            if len(discounts) > 2:
                takes += both(table) if self.price(card, discounts) <= gold else down(table)
            else:
                takes += both(table) if costs[card] - discounts[decks[card]] <= gold else down(table)
        return takes

    def priced_row_takes(self, spots: Spots, row: tuple[int, ...], gold: int, discounts: tuple[int, ...],
                         extra: dict[int, int] | None, barred: frozenset[int]) -> tuple[Take, ...]:
        """:meth:`row_takes` in a ruleset with surcharges or requirements: a card is offered face up only when it
        costs at most ``gold`` after ``extra`` (the surcharges on it, see :meth:`extra_costs`) and ``discounts``,
        and the taker meets its requirement (it is not in ``barred``, see :meth:`unmet`)."""
        if not extra and not barred:
            return self.row_takes(spots, row, gold, discounts)
        both, down = spots.picks if type(spots) is FreeSpots else pickers(spots)
        tables = self._tables
        extra = extra or {}
        takes: tuple[Take, ...] = ()
        for card in row:
            table = tables[card]
            if table is None:
                table = self._cell_table(card)
            takes += both(table) if card not in barred and self.price(
                card, discounts, extra.get(card, 0)) <= gold else down(table)
        return takes

    def price(self, card: int, discounts: tuple[int, ...], extra: int = 0) -> int:
        """What ``card`` costs face up to a seat with ``discounts``: its printed cost plus ``extra`` (the surcharges
        on it), minus the discount on its deck and those on filtered cards that it passes, never below 0."""
        return face_up_price(self._costs[card] + extra, self._decks[card], self.discount_slots[card], discounts)

    def meets(self, table: Tableaux, seat: int, card: int) -> bool:
        """Whether ``seat`` meets ``card``'s requirement to buy it face up (``requires ...``) on ``table`` now, the
        card in no tableau (True for a card without one)."""
        test = self.requirements[card]
        return test is None or test(table, seat, -1, (0, 0), None)

    def unmet(self, table: Tableaux, seat: int, cards: tuple[int, ...]) -> frozenset[int]:
        """The cards of ``cards`` whose requirement ``seat`` does not meet now: offered face down only."""
        return frozenset(card for card in cards if not self.meets(table, seat, card))

    def extra_costs(self, players: tuple[tuple[Any, ...], ...], seat: int) -> dict[int, int]:
        """What each card costs ``seat`` more face up (by card id, only those that cost more): the surcharges of
        the face-up cards of the other seats' tableaux (each seat's tableau is its third field) whose payers,
        seen from their owner, include ``seat``. Several add up. A surcharge "until your next turn" counts only
        while its card is the last its owner took: from its take until its owner's next take, which comes after
        their next turn starts (no one else takes in between), so nothing else needs keeping."""
        extra: dict[int, int] = {}
        seats = len(players)
        for owner, player in enumerate(players):
            if owner == seat:
                continue
            tableau = player[2]
            for placed in tableau:
                if placed.face_down:
                    continue
                for amount, group, targets, timed in self.surcharges[placed.card]:
                    if timed and placed is not tableau[-1]:
                        continue
                    if seat in players_of(group, owner, seats):
                        for target in targets:
                            extra[target] = extra.get(target, 0) + amount
        return extra

    def _cell_table(self, card: int) -> tuple[Take, ...]:
        """``card``'s takes by grid cell, face up then face down (see :meth:`row_takes`); built on first use."""
        table = tuple(self.take(card, x, y, side) for side in (False, True) for x, y in CELLS)
        self._tables[card] = table
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

    def reveal(self, card: int) -> Reveal:
        """The (interned) action turning ``card`` face up."""
        action = self._reveals.get(card)
        if action is None:
            action = self._reveals[card] = Reveal(self.facts[card].name)
        return action

    def plus_shields(self, card: int, shields: tuple[int, ...], named: int = -1) -> tuple[int, ...]:
        """``shields`` (face-up totals per type) with ``card``'s added (its chosen shield as type ``named``, when
        one was named)."""
        total = tuple(map(operator.add, shields, self.facts[card].shields))
        if named < 0:
            return total
        return total[:named] + (total[named] + self.facts[card].chosen,) + total[named + 1:]

    def name(self, card: int) -> str:
        """The name of the card with id ``card``."""
        return self.facts[card].name

    def unknown(self, name: str) -> str:
        """Why ``name`` is not a card of this ruleset, with a "did you mean" when a name is close."""
        longest = max(map(len, self.ids), default=0)
        # A name far longer than every card's cannot be close to one: no search (it would take minutes).
        close = difflib.get_close_matches(name, self.ids, n=1) if len(name) <= 3 * longest else []
        hint = f"; did you mean {close[0]!r}?" if close else ""
        return f"no card named {quote(name)} in this ruleset{hint}"


#: Scopes that read another seat's tableau or supply.
_OTHER_SCOPES = frozenset({Scope.NEIGHBOUR, Scope.NEIGHBOURS, Scope.THEIRS, Scope.EVERY_TABLEAU, Scope.OPPONENTS,
                           Scope.LEFT_NEIGHBOUR, Scope.RIGHT_NEIGHBOUR})


def _reads_others(node: object) -> bool:
    """Whether a node of a scoring rule reads a seat other than the owner's."""
    return isinstance(node, (Compared, Players)) or (isinstance(node, Per) and node.scope in _OTHER_SCOPES)


def trigger_bits(ability: Ability) -> int:
    """The trigger bits (:data:`TAKE_TRIGGER`, ...) of a card with ``ability``, face up."""
    return ((TAKE_TRIGGER if ability.taken else 0) | (TURN_END_TRIGGER if ability.turn_end else 0)
            | (OTHER_TAKE_TRIGGER if ability.taken and ability.taken_by is not None else 0)
            | (EACH_TURN_TRIGGER if ability.each_turn else 0) | (GAME_END_TRIGGER if ability.game_end else 0))


def _asked_at_once(card: Card, ability: Ability) -> tuple[Address, ChoiceStep | DiscardStep] | None:
    """The one question ``card``'s ability when bought is, when it is nothing else (see
    :attr:`Compiled.asks_at_once`)."""
    if card.chosen or card.lock or len(ability.bought) != 1 or len(card.ability) != 1:
        return None
    step = ability.steps[ability.bought[0]]
    if type(step) is ChoiceStep and isinstance(card.ability[0], Choice):
        return ability.bought[0], step
    if type(step) is DiscardStep:
        return ability.bought[0], step
    return None


def _option_gains(card: Card, facts: tuple[CardFacts, ...]) -> tuple[TableGains | None, ...]:
    """Each option of ``card``'s one choice as :data:`~castle_combo.engine.abilities.TableGains` (see
    :attr:`Compiled.option_gains`)."""
    choice = card.ability[0]
    assert isinstance(choice, Choice)
    return tuple(compile_table_gains(option, facts) for option in choice.options)


def _auto_runs(ability: Ability) -> tuple[Run, ...] | None:
    """What ``ability`` does when bought, if every step of it is automatic; ``None`` if one may ask."""
    runs = []
    for address in ability.bought:
        step = ability.steps[address]
        if not isinstance(step, Auto) or step.table:
            return None
        runs.append(step.do)
    return tuple(runs)


def _original(stand_in: CardFacts, facts: tuple[CardFacts, ...]) -> int:
    """The id of the card a wild stand-in stands for (the card of the same name)."""
    return next(f.id for f in facts if f.name == stand_in.name)


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


def _surcharges(card: Card, facts: tuple[CardFacts, ...]) -> tuple[Surcharge, ...]:
    """``card``'s surcharges: the amount, who pays and the ids of the cards of its decks that pass its filter."""
    found = []
    for surcharge in card.surcharges:
        passes = compile_filter(surcharge.on, facts) if surcharge.on is not None else None
        wanted = {DECKS.index(deck) for deck in surcharge.decks}
        targets = frozenset(f.id for f in facts if f.deck in wanted and (
            passes is None or passes(Placed(f.id, 0, 0, False, 0, False), None, (0, 0))))
        found.append((surcharge.amount, surcharge.payers, targets, surcharge.until_next_turn))
    return tuple(found)



