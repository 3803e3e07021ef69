"""The rules of play: which actions are legal, and what each one does.

A turn (the rules page, "A turn", and "Out of the Oubliette!") is explicit in
the state's :class:`~castle_combo.engine.table.Phase`:

1. ``START``: the current player may open a lock (then stays at ``START``),
   spend a key (move the messenger, or refresh the messenger's row), or take
   a card at once;
2. ``TAKE``: a key was spent; a lock may still be opened, and a card must be
   taken;
3. ``DECIDE``: an ability (of the card just taken, of a lock just opened, or
   one used through another card) waits for the player's decision; it goes on
   after it;
4. after the card's ability come the automatic steps: the messenger icon and
   the refill of both rows (reshuffling a discard pile into an empty deck,
   exhausting a location that cannot be refilled);
5. ``END``: if no lock was opened this turn and one can be opened now, the
   player opens one (its ability resolves, then the rows are refilled again)
   or passes;
6. the effects set aside "at the end of this turn" resolve (they may ask,
   in ``DECIDE``), the rows refilled after them. Then the next player (after
   the triggers between turns), or the end of the game after 9 cards each.

At most one lock is opened per turn. Every decision is one kind of
:data:`~castle_combo.engine.decisions.Decision`; the ability steps that ask them
(:mod:`castle_combo.engine.abilities`) also take their answers, so this module
dispatches in one place (:func:`apply`) without knowing what each one does.
"""

from __future__ import annotations

from typing import TypeVar

from castle_combo.engine import lock_rulings
from castle_combo.engine.abilities import (
    KEY_MOVE,
    Ability,
    Auto,
    ChoiceStep,
    DiscardStep,
    IfStep,
    LaterStep,
    Run,
    WatchStep,
)
from castle_combo.engine.actions import (
    Action,
    Activate,
    Choose,
    Discard,
    DiscardRow,
    KeyUse,
    Pass,
    Reserve,
    ReturnCard,
    Take,
    TakeReserved,
    Unlock,
    UseKey,
)
from castle_combo.engine.compiled import (
    EACH_TURN_TRIGGER,
    GAME_END_TRIGGER,
    OTHER_TAKE_TRIGGER,
    TAKE_TRIGGER,
    TURN_END_TRIGGER,
    Compiled,
)
from castle_combo.engine.counting import DECKS, FROM_RESERVE_FACE_DOWN, FROM_RESERVE_FACE_UP, Placed, players_of
from castle_combo.engine.decisions import (
    Address,
    Decision,
    Frame,
    OpenLockOrPass,
    Pending,
    Resume,
)
from castle_combo.engine.placement import FreeSpots, successors
from castle_combo.engine.table import (
    CARDS_PER_PLAYER,
    NOTHING_WAITING,
    Counted,
    Phase,
    Seat,
    Table,
    new,
    spots_of,
)
from castle_combo.engine.turn import Turn
from castle_combo.errors import IllegalAction, RulesetError
from castle_combo.facts import FACE_DOWN_GOLD, FACE_DOWN_KEYS, ROW_SIZE
from castle_combo.language.model import PlayerGroup

__all__ = ["FACE_DOWN_GOLD", "FACE_DOWN_KEYS", "ROW_SIZE", "apply", "legal_actions", "openable_locks",
           "run_key_triggers", "run_messenger_triggers", "run_take_triggers", "run_trigger_effects", "run_triggers",
           "take"]


T = TypeVar("T", bound=Table)

_CASTLE = DECKS[0]
_START = Phase.START
_MOVE = UseKey(KeyUse.MOVE)
_REFRESH = UseKey(KeyUse.REFRESH)
_PASS = Pass()
_MOVE_OR_REFRESH: tuple[Action, ...] = (_MOVE, _REFRESH)
_REFRESH_ONLY: tuple[Action, ...] = (_REFRESH,)


def _place_name(i: int) -> str:
    return DECKS[i].value


# ------------------------------------------------------------------- lock cards


def openable_locks(state: Table | Turn, seat: int, taken_now: int | None = None) -> tuple[int, ...]:
    """Tableau indices of ``seat``'s lock cards whose lock can be opened now, in the order taken.

    A lock can be opened if its card is face up and still holds its key, and,
    for a lock whose ability only gains, if it would gain something now (see
    :mod:`castle_combo.engine.lock_rulings`). ``taken_now`` is the index of the card
    taken this turn, left out unless a lock may be opened in the turn its
    card was bought.
    """
    cells: tuple[Placed, ...] = state.tableaux[seat] if isinstance(state, Turn) else state.seats[seat][2]
    keyed = [i for i, c in enumerate(cells) if c.key]
    if not keyed:
        return ()
    if taken_now is not None and not lock_rulings.OPEN_IN_TURN_BOUGHT:
        keyed = [i for i in keyed if i != taken_now]
    abilities = state.engine.abilities
    table = state if isinstance(state, Turn) else Counted(state)
    return tuple(i for i in keyed if abilities[cells[i].card].opens(table, seat, i))


def _locks_now(state: Table) -> tuple[int, ...]:
    """The locks the current player may open as an action now (none once one was opened this turn)."""
    if state.opened_lock or state.phase not in (Phase.START, Phase.TAKE):
        return ()
    return openable_locks(state, state.current_player)


# ---------------------------------------------------------------- legal actions


def legal_actions(state: Table) -> tuple[Action, ...]:
    """Every legal action of ``state`` in the documented order (see :meth:`GameState.legal_actions`)."""
    # (The hot functions here unpack ``state[:]``, not ``state``: a state is a tuple subclass, which unpacking
    # walks with an iterator, where the plain tuple a slice gives is unpacked in one step, a third cheaper.)
    (_, players, seat, _, taken, phase, messenger, locations, pending, _, _, _, _, _, opened, _, _, _,
     engine) = state[:]
    if pending is not None:
        return pending.decision.answers(state)
    if taken >= CARDS_PER_PLAYER * len(players):
        return ()
    gold, keys, tableau, discounts, _, _, spots, _, waits = players[seat]
    here = 0 if messenger is _CASTLE else 1
    either = False
    kept: tuple[int, ...] = ()
    if waits is not NOTHING_WAITING:  # what waits on the seat (nothing, for most seats most of the time)
        once, _, either, kept, up, _ = waits
        # One-time discounts are priced like discounts for the next take, and so are those waiting for the next
        # card bought face up (only face-up takes are priced).
        if once[0] or once[1] or once[2]:
            discounts = (discounts[0] + once[0] + once[1], discounts[1] + once[0] + once[2]) + discounts[2:]
        if up[0] or up[1] or up[2]:
            discounts = (discounts[0] + up[0] + up[1], discounts[1] + up[0] + up[2]) + discounts[2:]
    first: tuple[Action, ...] = ()
    if engine.has_locks and not opened and any(c.key for c in tableau):
        first = tuple(engine.unlock(tableau[i].card) for i in _locks_now(state))
    if phase is _START and keys > 0:
        first += _REFRESH_ONLY if locations[1 - here][4] else _MOVE_OR_REFRESH
    if engine.plain_prices:  # no card has a surcharge or a requirement (printed cards): one check per call
        takes: tuple[Action, ...] = engine.row_takes(spots, locations[here][1], gold, discounts)
        if either:  # "your next card may be taken from either row": the other row's takes after the messenger's
            takes += engine.row_takes(spots, locations[1 - here][1], gold, discounts)
        if kept:  # "reserve a card ...": the reserved card's takes after the rows' (face up where affordable)
            takes += _reserved_takes(engine, kept[0], spots, gold, discounts)
        return first + takes if first else takes
    # Surcharges of other players' face-up cards ("surcharge 1 on castle cards for each opponent"): a card is
    # offered face up only when its price with them is paid.
    extra = engine.extra_costs(players, seat) if engine.has_surcharges else None
    # Requirements ("requires at least 2 military shields"): a card whose requirement the taker does not meet
    # now is offered face down only.
    barred = engine.unmet(Counted(state), seat, locations[0][1] + locations[1][1] + kept) \
        if engine.has_requirements else _NONE_BARRED
    takes = engine.priced_row_takes(spots, locations[here][1], gold, discounts, extra, barred)
    if either:
        takes += engine.priced_row_takes(spots, locations[1 - here][1], gold, discounts, extra, barred)
    if kept:
        takes += _reserved_takes(engine, kept[0], spots, gold, discounts, extra, kept[0] in barred)
    return first + takes if first else takes


#: No card barred by a requirement (a ruleset with surcharges only): one shared empty set, not one built per call.
_NONE_BARRED: frozenset[int] = frozenset()


def _unmet(engine: Compiled, card: int, name: str) -> IllegalAction:
    """The refusal of a face-up take whose requirement the taker does not meet, naming the requirement."""
    requirement = engine.cards[card].requirement
    condition = requirement.condition.ccl() if requirement is not None else "its requirement"
    return IllegalAction(f"{name} requires {condition} to be bought face up (this card not counted), and you do not "
                         "meet it now; take it face down instead")


def _reserved_takes(engine: Compiled, card: int, spots: tuple[tuple[int, int], ...], gold: int,
                    discounts: tuple[int, ...], extra: dict[int, int] | None = None,
                    barred: bool = False) -> tuple[TakeReserved, ...]:
    """The takes of the reserved ``card``: face up at each spot when it is affordable (with the surcharges on it,
    ``extra``) and its requirement is met (not ``barred``), then face down at each."""
    down = tuple(TakeReserved(at, True) for at in spots)
    if not barred and engine.price(card, discounts, extra.get(card, 0) if extra else 0) <= gold:
        return tuple(TakeReserved(at, False) for at in spots) + down
    return down


# ------------------------------------------------------------------------ apply


def apply(state: T, action: Action, *, fast: bool = True) -> T:
    """The state after ``action`` (see the module docstring); ``state`` is never changed.

    ``fast=False`` always takes the general path (for tests comparing it with the fast one).
    """
    if type(action) is Take:  # most actions: the take reads the state once and checks it may be played
        return take(state, action, fast)
    return _apply(state, action, fast)


def _apply(state: T, action: Action, fast: bool) -> T:
    """:func:`apply` of any action, after the checks every action needs (a take comes back here when it fails one)."""
    kind = type(action)
    viewer, pending = state.viewer, state.pending
    if viewer is not None:
        raise IllegalAction(
            f"this is seat {viewer}'s view: the deck order is hidden, so cards cannot be revealed; "
            "call determinize(rng) for a full state to play on"
        )
    if pending is not None:
        return _answer(state, action, fast)
    if state.taken >= CARDS_PER_PLAYER * len(state.seats):  # over (no decision is pending)
        raise IllegalAction(f"{action} is not possible: the game is over")
    if kind is Take:
        return take(state, action, fast)  # type: ignore[arg-type]
    if kind is UseKey:
        return _use_key(state, action, fast)  # type: ignore[arg-type]
    if kind is Unlock:
        return _unlock(state, action)  # type: ignore[arg-type]
    if kind is TakeReserved:
        return _take_reserved(state, action)  # type: ignore[arg-type]
    if kind in (Choose, Discard, DiscardRow, Activate, Pass, Reserve, ReturnCard):
        raise IllegalAction(f"{action} is not possible: no decision is waiting (take a card, or spend a key)")
    raise IllegalAction(
        f"{action!r} is not an action (expected UseKey, Take, TakeReserved, Unlock, Choose, Discard, DiscardRow, "
        "Activate, Pass or another answer to a decision)"
    )


def _asking_card(state: Table) -> str:
    """The name of the card whose ability asks the pending decision ("" for the end-of-turn one)."""
    pending = state.pending
    assert pending is not None
    return state.engine.name(pending.frames[-1].card) if pending.frames else ""


def _use_key(state: T, action: UseKey, fast: bool = True) -> T:
    (rules, players, seat, first, taken, phase, messenger, locations, _, history, rng, origin, script, viewer,
     opened, row_gold, known, at_end, engine) = state[:]
    if phase is not _START:
        raise IllegalAction("only one key may be spent per turn; take a card now")
    player = players[seat]
    if player[1] < 1:
        raise IllegalAction(f"seat {seat} has no key to spend")
    here = 0 if messenger is _CASTLE else 1
    move = action.use is KeyUse.MOVE
    if move and locations[1 - here][4]:
        raise IllegalAction(f"the {_place_name(1 - here)} is exhausted: the messenger can no longer move there")
    deck, row, discard, removed, _ = locations[here]
    if fast and (move or len(deck) >= ROW_SIZE) and not row_gold and not known and engine.fast_keys:
        # The common case, built directly: a move, or a refresh whose deck needs no reshuffle.
        changed = list(players)
        changed[seat] = player[:1] + (player[1] - 1,) + player[2:]  # a key spent
        if not move:
            fresh = (deck[ROW_SIZE:], deck[:ROW_SIZE], discard + row, removed, False)
            locations = (fresh, locations[1]) if here == 0 else (locations[0], fresh)
        return new(type(state), (
            rules, tuple(changed), seat, first, taken, Phase.TAKE,
            DECKS[1 - here] if move else messenger, locations, None, history + (action,), rng, origin, script, viewer,
            opened, row_gold, known, at_end, engine,
        ))
    turn = Turn(state, run_messenger_triggers)
    turn.keys[seat] -= 1
    if move:
        turn.move_messenger(1 - here)
    else:
        turn.discard_row(here)
    if engine.has_key_triggers:
        run_key_triggers(state, turn, seat, KEY_MOVE if move else here)
    return turn.freeze(state, current=seat, taken=state.taken, phase=Phase.TAKE, pending=None, action=action)


def take(state: T, action: Take, fast: bool = True) -> T:
    """:func:`apply` of a :class:`Take` (``GameState.apply`` calls it directly: the most common action)."""
    (rules, players, seat, first, taken, _, messenger, locations, pending, history, rng, origin, script, viewer, _,
     _, known, _, engine) = state[:]
    seats = len(players)
    if viewer is not None or pending is not None or taken >= CARDS_PER_PLAYER * seats:
        return _apply(state, action, fast)  # a view, a decision owed or the game over: said there
    here = 0 if messenger is _CASTLE else 1
    deck, row, discard, removed, _ = locations[here]
    card = engine.ids.get(action.card)
    gold, keys, tableau, discounts, shields, banners, spots, triggers, waits = players[seat]
    if card is None or card not in row:
        either = waits[2]
        if not (either and card is not None and card in locations[1 - here][1]):
            raise _not_in_row(engine, action, here, row, locations[1 - here][1] if either else ())
        # "Your next card may be taken from either row": the card leaves the other row, refilled after it.
        here = 1 - here
        deck, row, discard, removed, _ = locations[here]
    at = action.at
    after: tuple[tuple[int, int], ...] | None = None  # the free positions once the card is placed, where known
    if type(spots) is FreeSpots:  # as the engine keeps them: one lookup says whether ``at`` is free, and what follows
        after = spots.after.get(at)
        if after is None:  # not free, or not asked before: every free position's answer is worked out at once
            after = successors(spots).get(at)
            if after is None:
                raise _not_a_spot(at, spots)
    elif at not in spots:
        raise _not_a_spot(at, spots)
    f = engine.facts[card]
    face_down = action.face_down
    # One-time discounts ("your next card costs 3 less") apply after the permanent ones; the take spends them,
    # face down too; those waiting for a card bought face up ("your next card bought face up costs 3 less") only a
    # face-up take uses and spends. Surcharges of other players' face-up cards come before both: they raise the
    # printed cost.
    if waits is NOTHING_WAITING:
        once = 0
    else:
        waiting, up = waits[0], waits[4]
        once = waiting[0] + waiting[1 + f.deck] + (0 if face_down else up[0] + up[1 + f.deck])
    cost = 0
    if not face_down:
        extra = 0
        if not engine.plain_prices:  # surcharges or requirements in the ruleset (one check for printed cards)
            if engine.has_requirements and not engine.meets(Counted(state), seat, card):
                raise _unmet(engine, card, f.name)
            if engine.has_surcharges:
                extra = engine.extra_costs(players, seat).get(card, 0)
        cost = (f.cost + extra - discounts[f.deck] if len(discounts) == 2 else engine.price(card, discounts, extra)) \
            - once
        if cost < 0:
            cost = 0
        if cost > gold:
            raise IllegalAction(f"{f.name} costs {cost} after "
                                + (f"a surcharge of {extra} and " if extra else "")
                                + f"discounts, you have {gold} gold")
    other = locations[1 - here]
    # The fast take (see the module docstring of the design): the common case, built directly into the new
    # state with no stack of abilities. A card taken face down, or bought face up when every effect of its
    # ability is automatic (or its ability is one question: asked at once, see _ask_at_once and
    # _answered_at_once), while the row it leaves can be refilled from its deck without a reshuffle, the
    # other row is full, no lock can be opened at the end of the turn, no face-up card of the seat triggers on
    # the take and none of any seat fires before the next turn. It does exactly what the general path below
    # does (a test plays both ways and compares states).
    # (Never in a ruleset whose cards pile up gold in a row: the gold moves with the take and the turn's end; nor
    # in one whose cards watch the messenger's moves or reserve cards; nor while a seat knows top cards of a deck.)
    if (fast and engine.fast_takes and not known
            and not f.lock and deck and len(row) == ROW_SIZE
            and (other[4] or len(other[1]) >= ROW_SIZE)
            and not (engine.has_locks and any(c.key for c in tableau)) and waits is NOTHING_WAITING
            and not triggers & TAKE_TRIGGER
            and not (engine.has_other_take_triggers and _others_watch(players, seat))):
        placed = new(Placed, (card, at[0], at[1], face_down, 0, False, 0, 0, -1, 0))
        runs = () if face_down else engine.auto_bought[card]
        if runs is None:  # the ability asks: if it is one question and nothing else, asked at once
            asked = engine.asks_at_once[card]
            if asked is not None:
                ready = _ask_at_once(state, action, card, placed, gold - cost, here, asked, after)
                if ready is not None:
                    return ready
        else:
            tableau += (placed,)
            if after is None:
                after = spots_of(tableau)
            moved: Seat
            if face_down:
                moved = (gold + FACE_DOWN_GOLD, keys + FACE_DOWN_KEYS, tableau, discounts, shields, banners, after,
                         triggers, waits)
            else:
                s0, s1, s2, s3, s4, s5 = shields  # engine.plus_shields, written out: one per shield type
                p0, p1, p2, p3, p4, p5 = f.shields
                shields = (s0 + p0, s1 + p1, s2 + p2, s3 + p3, s4 + p4, s5 + p5)
                castle, village = banners
                banners = (castle + 1, village) if f.deck == 0 else (castle, village + 1)
                if f.messenger and not locations[1 - f.deck][4]:
                    messenger = DECKS[1 - f.deck]
                gains = engine.own_gains[card]
                if gains is not None:
                    more_gold, more_keys, castle, village = gains(tableau, shields, banners, len(tableau) - 1)
                    if castle or village:
                        discounts = (discounts[0] + castle, discounts[1] + village) + discounts[2:]
                    moved = (gold - cost + more_gold, keys + more_keys, tableau, discounts, shields, banners, after,
                             triggers | engine.trigger_bits[card], waits)
                else:
                    assert runs is not None
                    spread = engine.table_gains[card]
                    if spread is not None:  # other seats, purses, counts beyond the tableau: straight on the seats
                        moved = (gold - cost, keys, tableau, discounts, shields, banners, after,
                                 triggers | engine.trigger_bits[card], waits)
                        players = spread(players[:seat] + (moved,) + players[seat + 1:], seat, len(tableau) - 1)
                    else:
                        players = _run_bought(state, seat, runs, gold - cost, tableau, shields, banners, here, card)
                    moved = players[seat]
            if seats == 2:
                players = (moved, players[1]) if seat == 0 else (players[0], moved)
            else:  # (a list copy with one item set is half the cost of joining two slices around it)
                changed = list(players)
                changed[seat] = moved
                players = tuple(changed)
            if not (engine.has_triggers and _fires_between(players, seat, taken + 1)):
                r0, r1, r2 = row  # a full row (checked above): ROW_SIZE is 3
                top = deck[0]
                refilled = (deck[1:], (r1, r2, top) if r0 == card else (r0, r2, top) if r1 == card else (r0, r1, top),
                            discard, removed, False)
                return new(type(state), (
                    rules, players, (seat + 1) % seats, first, taken + 1, _START, messenger,
                    (refilled, other) if here == 0 else (other, refilled), None, history + (action,), rng, origin,
                    script, viewer, False, (), (), (), engine,
                ))
    turn = Turn(state, run_messenger_triggers)
    turn.spend_next_discount(seat, f.deck)
    if not face_down:
        turn.spend_face_up_discount(seat, f.deck)
    if face_down:
        turn.gold[seat] += FACE_DOWN_GOLD
        turn.keys[seat] += FACE_DOWN_KEYS
    else:
        turn.gold[seat] -= cost
    # The gold lying on the card in its row goes to its taker, face up or face down, once the card is paid for.
    turn.gold[seat] += turn.remove_from_row(here, card)
    index = turn.place(seat, card, at[0], at[1], face_down, key=not face_down and f.lock)
    _push_bought(turn, seat, card, index, face_down)
    if engine.has_take_triggers:
        run_take_triggers(state, turn, seat, index)
    return _resolve(state, turn, taken + 1, Resume.TAKEN, action)


def _ask_at_once(state: T, action: Take, card: int, placed: Placed, gold: int, here: int,
                 asked: tuple[Address, ChoiceStep | DiscardStep],
                 after: tuple[tuple[int, int], ...] | None) -> T | None:
    """The fast take of a card whose ability when bought is one question and nothing else (``asked``: its address
    and step): the card placed and paid for (``gold`` left, the seat's free positions then ``after`` where known),
    the question owed at once, as the general path leaves them (the row not refilled before the answer); ``None``
    when the question is not asked (no card in the row to discard), for the general path to go on."""
    (rules_, players, seat, first, taken, _, messenger, locations, _, history, rng, origin, script, viewer, opened,
     row_gold, known, at_end, engine) = state[:]
    if engine.has_take_triggers or engine.has_other_take_triggers:
        # The general path puts a frame on the stack for every card watching takes, face down too (it looks
        # whether its card is face up when its turn comes, after the question an option may turn it face up):
        # the pending state holds those frames, so it is built there.
        return None
    step = asked[1]
    deck, row, discard, removed, exhausted = locations[here]
    place = (deck, tuple(c for c in row if c != card), discard, removed, exhausted)
    places = (place, locations[1]) if here == 0 else (locations[0], place)
    if type(step) is DiscardStep and not places[step.deck][1]:
        return None
    _, keys, tableau, discounts, shields, banners, spots, triggers, waits = players[seat]
    tableau += (placed,)
    castle, village = banners
    moved = (gold, keys, tableau, discounts, engine.plus_shields(card, shields),
             (castle + 1, village) if engine.facts[card].deck == 0 else (castle, village + 1),
             after if after is not None else spots_of(tableau), triggers | engine.trigger_bits[card], waits)
    return new(type(state), (
        rules_, players[:seat] + (moved,) + players[seat + 1:], seat, first, taken + 1, Phase.DECIDE, messenger,
        places, engine.asked(card, len(tableau) - 1), history + (action,), rng, origin, script, viewer, opened,
        row_gold, known, at_end, engine,
    ))


def _answered_at_once(state: T, action: Action) -> T | None:
    """The answer to the question of :func:`_ask_at_once`, when the turn then ends as a fast take's does: a choice
    whose option is done straight on the seats (:attr:`Compiled.option_gains`), or a card discarded from a row for
    its cost; then the rows refilled from their decks with no reshuffle, nothing waiting, no lock to open, no
    trigger between the turns. The new state built at once; ``None`` otherwise, for the general path."""
    (rules_, players, seat, first, taken, _, messenger, locations, pending, history, rng, origin, script, viewer, _,
     row_gold, known, at_end, engine) = state[:]
    assert pending is not None
    frames = pending.frames
    if len(frames) != 1 or pending.resume is not Resume.TAKEN or row_gold or known or not engine.fast_takes:
        return None
    frame = frames[0]
    asked = engine.asks_at_once[frame.card]
    tableau = players[seat][2]
    if (asked is None or frame.queue or frame.copied or frame.seat is not None or asked[0] != pending.step
            or players[seat][8] is not NOTHING_WAITING or tableau[-1].card != frame.card
            or (engine.has_locks and any(c.key for c in tableau))):
        return None
    places = list(locations)
    step = asked[1]
    if type(action) is Choose:
        gains = engine.option_gains[frame.card][action.option - 1]
        if gains is None:
            return None
        players = gains(players, seat, frame.index)
    elif type(action) is Discard and isinstance(step, DiscardStep):
        deck, row, discard, removed, exhausted = places[step.deck]
        card = engine.ids[action.card]
        places[step.deck] = (deck, tuple(c for c in row if c != card), discard + (card,), removed, exhausted)
        p = players[seat]
        reward = engine.facts[card].cost
        moved = (p[0] + reward, p[1]) + p[2:] if step.reward == 0 else (p[0], p[1] + reward) + p[2:]
        players = players[:seat] + (moved,) + players[seat + 1:]
    else:
        return None
    for i, (deck, row, discard, removed, exhausted) in enumerate(places):  # the rows refilled, castle first
        missing = ROW_SIZE - len(row)
        if missing and not exhausted:
            if len(deck) < missing:  # a reshuffle or an exhausted location: the general path
                return None
            places[i] = (deck[missing:], row + deck[:missing], discard, removed, False)
    if engine.has_triggers and _fires_between(players, seat, taken):
        return None
    f = engine.facts[frame.card]
    if f.messenger and not locations[1 - f.deck][4]:
        messenger = DECKS[1 - f.deck]
    return new(type(state), (
        rules_, players, (seat + 1) % len(players), first, taken, _START, messenger, (places[0], places[1]), None,
        history + (action,), rng, origin, script, viewer, False, (), (), at_end, engine,
    ))


def _push_bought(turn: Turn, seat: int, card: int, index: int, face_down: bool) -> None:
    """Put the ability when bought of ``card``, just placed at ``index`` of ``seat``'s tableau, on the stack
    (nothing for a card taken face down).

    The rules page, "The next ability twice": a face-up purchase while the seat's ability twice waits spends
    it (a card with no ability when bought too), and the ability resolves twice: all of it, then all of it
    again. The second time lies below the first, as a copy of the card's own ability: its discounts and chosen
    shield are not doubled, nor a copy in it; every question in it is asked again, on the table as it then is.
    """
    if face_down:
        return
    bought = turn.engine.abilities[card].bought
    if turn.waits_on(seat) and turn.twice[seat]:
        turn.twice[seat] = False
        if bought:
            turn.frames.append(Frame(card, index, bought, copied=True))
    if bought:
        turn.frames.append(Frame(card, index, bought))


def _take_reserved(state: T, action: TakeReserved) -> T:
    """Take the reserved card in step 2 instead of a card of a row: an ordinary take otherwise (its cost after the
    discounts of its deck and any one-time discount, or face down; its ability; its messenger icon; the turn's
    card). The rows keep their cards (the reserve left its row when it was reserved)."""
    seat, engine = state.current_player, state.engine
    if state.phase not in (Phase.START, Phase.TAKE):
        raise IllegalAction(f"{action} is not possible now: a card was already taken this turn")
    kept = state.seats[seat][8][3]  # the seat's reserved card, in what waits on it
    if not kept:
        raise IllegalAction(f"{action} is not possible: seat {seat} has no reserved card (a card is reserved by an "
                            "ability such as 'reserve a card from either row')")
    card = kept[0]
    at = action.at
    spots = state.seats[seat][6]
    if at not in spots:
        raise _not_a_spot(at, spots)
    f = engine.facts[card]
    turn = Turn(state, run_messenger_triggers)
    once = turn.spend_next_discount(seat, f.deck)
    cost = 0
    if not action.face_down:
        once += turn.spend_face_up_discount(seat, f.deck)
        if engine.has_requirements and not engine.meets(Counted(state), seat, card):
            raise _unmet(engine, card, f"{f.name} (your reserved card)")
        extra = engine.extra_costs(state.seats, seat).get(card, 0) if engine.has_surcharges else 0
        cost = max(engine.price(card, turn.discounts[seat], extra) - once, 0)
        if cost > turn.gold[seat]:
            raise IllegalAction(f"{f.name} (your reserved card) costs {cost} after discounts, you have "
                                f"{turn.gold[seat]} gold")
        turn.gold[seat] -= cost
    else:
        turn.gold[seat] += FACE_DOWN_GOLD
        turn.keys[seat] += FACE_DOWN_KEYS
    turn.reserved[seat] = ()
    index = turn.place(seat, card, at[0], at[1], action.face_down, key=not action.face_down and f.lock,
                       from_reserve=FROM_RESERVE_FACE_DOWN if action.face_down else FROM_RESERVE_FACE_UP)
    _push_bought(turn, seat, card, index, action.face_down)
    if engine.has_take_triggers:
        run_take_triggers(state, turn, seat, index)
    return _resolve(state, turn, state.taken + 1, Resume.TAKEN, action)


def _not_in_row(engine: Compiled, action: Take, here: int, row: tuple[int, ...],
                other: tuple[int, ...] = ()) -> IllegalAction:
    names = ", ".join(engine.name(c) for c in row + other)
    where = (f"the {_place_name(here)} row, where the messenger is, nor in the {_place_name(1 - here)} row"
             if other else f"the {_place_name(here)} row, where the messenger is")
    return IllegalAction(f"{action.card} is not in {where}; you may take {names}")


def _not_a_spot(at: tuple[int, int], spots: tuple[tuple[int, int], ...]) -> IllegalAction:
    legal = " ".join(f"[{x}, {y}]" for x, y in spots)
    return IllegalAction(f"[{at[0]}, {at[1]}] is not a legal position for your next card; legal: {legal}")


def _others_watch(players: tuple[Seat, ...], seat: int) -> bool:
    """Whether a seat other than ``seat`` has a face-up card with effects whenever another player takes a card
    (read from the seats' trigger bits)."""
    return any(p[7] & OTHER_TAKE_TRIGGER for other, p in enumerate(players) if other != seat)


def run_take_triggers(state: Table, turn: Turn, seat: int, taken: int) -> None:
    """The triggers on the card ``seat`` just took (at ``taken`` in their tableau), with its ability (if any) on
    the stack of ``turn``.
    Those written ``, after its ability`` go below it: they resolve once it is done (questions answered), in
    the order taken, before the messenger icon and the refill.

    The rules page, "Triggers": right after the card taken is placed (paid for, or its face-down gold and keys
    gained). ``seat``'s own cards watching their takes (or any player's), in the order taken, go on the stack
    above the card's ability: they resolve before it and may ask ``seat`` a question. Above them, in a ruleset
    with triggers on other players' takes ("whenever an opponent takes ...:"), each other seat in turn order
    from the taker's left, its cards watching the taker in the order taken: they resolve first, each frame
    naming its owner (:attr:`Frame.seat`), and may ask that owner a question in the taker's turn
    (``state.to_act`` is then the owner).
    Each trigger's first step (:class:`~castle_combo.engine.abilities.WatchStep`) looks, when its turn comes,
    whether its card is face up and the card taken of the kind it watches (so a card turned face up by an
    earlier one's effect triggers too when it comes later); never the card taken itself.
    """
    engine = state.engine
    abilities = engine.abilities
    cells = turn.tableaux[seat]
    after = []
    for index in reversed(range(taken)):  # the first one taken on top: it resolves first
        ability = abilities[cells[index].card]
        if ability.taken and (ability.taken_by is None or ability.taken_by is PlayerGroup.PLAYERS):
            frame = Frame(cells[index].card, index, ability.taken)
            if ability.taken_after:
                after.append(frame)
            else:
                turn.frames.append(frame)
    # ", after its ability": below the card's ability (a take begins on an empty stack), the first taken on top.
    turn.frames[0:0] = after
    if engine.has_other_take_triggers:
        seats = len(turn.tableaux)
        others = []
        for k in range(1, seats):
            owner = (seat + k) % seats
            for index in range(len(turn.tableaux[owner])):
                ability = abilities[turn.tableaux[owner][index].card]
                if ability.taken and ability.taken_by is not None and seat in players_of(ability.taken_by, owner,
                                                                                          seats):
                    others.append(Frame(turn.tableaux[owner][index].card, index, ability.taken, seat=owner))
        turn.frames.extend(reversed(others))  # above the taker's own: the first one resolves first


def run_key_triggers(state: Table, turn: Turn, seat: int, use: int) -> None:
    """The triggers on the key ``seat`` just spent in step 1, once its move or refresh is done; ``use`` is what it
    did (0 or 1 the refresh of that location's row, :data:`~castle_combo.engine.abilities.KEY_MOVE` the move), which
    a trigger narrowed to one kind of spend (``whenever an opponent spends a key to refresh a row:``) reads.

    The rules page, "Triggers on key spends and on the messenger": like the triggers on a take, the other
    seats' cards watching ``seat``'s spends resolve first, seat by seat from the spender's left, each seat's
    cards in the order taken; then the spender's own cards ("whenever you spend a key:", "whenever any player
    spends a key:"), in the order taken. Face-up cards only, each looked at when its turn comes; "that
    player" is the spender (the current player). They never ask.
    """
    abilities = state.engine.abilities
    seats = len(turn.tableaux)
    for k in (*range(1, seats), 0):
        owner = (seat + k) % seats
        index = 0
        while index < len(turn.tableaux[owner]):
            cell = turn.tableaux[owner][index]
            ability = abilities[cell.card]
            by = ability.spent_by
            if ability.key_spent and not cell.face_down and (
                    owner == seat if by is None else seat in players_of(by, owner, seats)) and (
                    ability.spent_for is None or use in ability.spent_for):
                _run_nested(turn, owner, Frame(cell.card, index, ability.key_spent, seat=owner), abilities)
            index += 1


def run_messenger_triggers(turn: Turn, where: int, icon: int | None = None) -> None:
    """The triggers on the messenger's move to location ``where`` (0 the castle, 1 the village), right when it
    moves (every :class:`Turn` the rules build is given this, and :meth:`Turn.move_messenger` calls it). ``icon``
    is the seat whose card's messenger icon made the move (step 4 of its turn), else ``None``.

    The rules page, "Triggers on key spends and on the messenger": the cards of the seats after the current
    player first, from their left, then the current player's; each seat's face-up cards in the order taken,
    those watching every move or a move to ``where`` (a card watching only its owner's messenger icons' moves: when
    ``icon`` is its owner). They resolve on a stack of their own, inside the step
    that moved the messenger (a key, an effect, a messenger icon, a refill that exhausted a location), and
    never ask.
    """
    abilities = turn.engine.abilities
    seats = len(turn.tableaux)
    seat = turn.playing
    for k in (*range(1, seats), 0):
        owner = (seat + k) % seats
        index = 0
        while index < len(turn.tableaux[owner]):
            cell = turn.tableaux[owner][index]
            ability = abilities[cell.card]
            if (ability.messenger_moved and not cell.face_down and ability.moved_to in (None, where)
                    and (not ability.moved_by_icon or icon == owner)):
                _run_nested(turn, owner, Frame(cell.card, index, ability.messenger_moved, seat=owner), abilities)
            index += 1


def _run_nested(turn: Turn, owner: int, frame: Frame, abilities: tuple[Ability, ...]) -> None:
    """Resolve ``frame`` (a trigger of ``owner``'s that never asks) on a stack of its own, inside whatever step set
    it off; the stack being resolved is left as it was."""
    saved = turn.frames
    turn.frames = [frame]
    try:
        asked = _run_stack(turn, owner, abilities)
    finally:
        turn.frames = saved
    if asked is not None:
        raise RulesetError(f"a trigger of {turn.engine.name(frame.card)} asked its owner a question where no "
                           "trigger may (on a key spend or a move of the messenger): the card language refuses such "
                           "a card, so this ruleset was built with check=False")


def run_trigger_effects(turn: Turn, seat: int, index: int, addresses: tuple[Address, ...]) -> None:
    """Resolve the effects ``addresses`` of ``seat``'s card at ``index`` on ``turn`` now, as a trigger that never
    asks (the bots' foresight resolves a take trigger's effects without its watch this way)."""
    turn.frames.append(Frame(turn.tableaux[seat][index].card, index, addresses))
    _run_trigger(turn, seat, turn.engine.abilities)


def _run_trigger(turn: Turn, seat: int, abilities: tuple[Ability, ...]) -> None:
    """Resolve the trigger just put on the stack, for its owner ``seat``: a trigger between turns never asks
    anything (only one on a take may)."""
    asked = _run_stack(turn, seat, abilities)
    if asked is not None:
        card = turn.engine.name(turn.frames[-1].card) if turn.frames else "a card"
        raise RulesetError(f"a trigger of {card} asked its owner a question where no trigger may (between turns): "
                           "the card language refuses such a card, so this ruleset was built with check=False")


def _fires_between(players: tuple[Seat, ...], seat: int, taken: int) -> bool:
    """Whether a trigger fires once ``seat``'s turn ends, ``taken`` cards being taken then (the seats as then).

    ``seat`` has a face-up card that acts at the end of its turn; or the game
    ends and a seat has one that acts then; or the next seat has one that acts
    at the start of its turn. Read from the seats' trigger bits, not their tableaux.
    """
    seats = len(players)
    if players[seat][7] & TURN_END_TRIGGER:
        return True
    if taken >= CARDS_PER_PLAYER * seats:
        return any(p[7] & GAME_END_TRIGGER for p in players)
    return bool(players[(seat + 1) % seats][7] & EACH_TURN_TRIGGER)


def _run_bought(state: Table, seat: int, runs: tuple[Run, ...], gold: int, tableau: tuple[Placed, ...],
                shields: tuple[int, ...], banners: tuple[int, int], here: int, card: int) -> tuple[Seat, ...]:
    """The seats after ``seat`` bought the last card of ``tableau`` (``card``, out of row ``here``) and its
    automatic effects ``runs`` ran, on a table where that card has left its row (a count of the row sees it gone)."""
    turn = Turn(state, run_messenger_triggers)
    turn.remove_from_row(here, card)
    turn.gold[seat] = gold
    turn.tableaux[seat] = tableau
    turn.shields[seat] = shields
    turn.banners[seat] = banners
    index = len(tableau) - 1
    for run in runs:
        run(turn, seat, index)
    return turn.seats()


def _unlock(state: T, action: Unlock) -> T:
    """Open a lock at the start of the turn or after a key (the end-of-turn one is a decision)."""
    seat = state.current_player
    if state.opened_lock:
        raise IllegalAction("only one lock may be opened per turn")
    index = _lock_index(state, action, _locks_now(state))
    resume = Resume.START if state.phase is Phase.START else Resume.TAKE
    return _open(state, Turn(state, run_messenger_triggers), seat, index, state.taken, resume, action)


def _lock_index(state: Table, action: Unlock, openable: tuple[int, ...]) -> int:
    cells = state.seats[state.current_player][2]
    for i in openable:
        if state.engine.name(cells[i].card) == action.card:
            return i
    names = ", ".join(state.engine.name(cells[i].card) for i in openable) or "none now"
    raise IllegalAction(f"{action.card} is not one of your lock cards that can be opened now (you may open: {names})")


def _open(state: T, turn: Turn, seat: int, index: int, taken: int, resume: Resume, action: Action) -> T:
    """Return the lock card's key to the supply and resolve the ability behind its lock."""
    card = turn.tableaux[seat][index].card
    turn.take_key(seat, index)
    turn.opened_lock = True
    unlocked = state.engine.abilities[card].unlocked
    if unlocked:
        turn.frames.append(Frame(card, index, unlocked))
    return _resolve(state, turn, taken, resume, action)


def _answer(state: T, action: Action, fast: bool = True) -> T:
    """Apply the answer to the pending decision (it must be one of its legal answers)."""
    pending = state.pending
    assert pending is not None
    decision = pending.decision
    if type(action) not in decision.answered_by:
        raise IllegalAction(f"{action} is not possible now: first {decision.owed(state, _asking_card(state))}")
    legal = getattr(state, "_legal", None) or legal_actions(state)
    if action not in legal:
        raise IllegalAction(decision.refusal(state, _asking_card(state), action))
    if fast:
        done = _answered_at_once(state, action)
        if done is not None:
            return done
    turn = Turn(state, run_messenger_triggers)
    seat = state.current_player
    if isinstance(decision, OpenLockOrPass):
        if isinstance(action, Pass):
            return _resolve(state, turn, state.taken, Resume.END, action)
        assert isinstance(action, Unlock)
        return _open(state, turn, seat, _lock_index(state, action, decision.locks), state.taken,
                     Resume.END, action)
    top = turn.frames[-1]
    step = state.engine.abilities[top.card].steps[pending.step]
    assert not isinstance(step, (Auto, IfStep, LaterStep, WatchStep)), "an automatic step never asks"
    step.answer(turn, seat if top.seat is None else top.seat, action)
    return _resolve(state, turn, state.taken, pending.resume, action)


def _resolve(state: T, turn: Turn, taken: int, resume: Resume, action: Action) -> T:
    """Run the abilities on the stack until one asks a question or all are done; then go on with the turn."""
    seat = state.current_player
    if resume is Resume.GAME_END:
        return _resume_end_of_game(state, turn, seat, action)
    asked = _run_stack(turn, seat, state.engine.abilities)
    if asked is not None:
        pending = Pending(asked[1], tuple(turn.frames), asked[0], resume)
        return turn.freeze(state, current=seat, taken=taken, phase=Phase.DECIDE, pending=pending, action=action)
    if resume is Resume.START or resume is Resume.TAKE:
        phase = Phase.START if resume is Resume.START else Phase.TAKE
        return turn.freeze(state, current=seat, taken=taken, phase=phase, pending=None, action=action)
    if resume is Resume.TAKEN:
        last = turn.tableaux[seat][-1]
        f = state.engine.facts[last.card]
        if not last.face_down and f.messenger:
            other = 1 - f.deck
            if not turn.locations[other][4]:
                turn.move_messenger_by_icon(other, seat)
        turn.refill_rows()
        if not turn.opened_lock and turn.engine.has_locks:
            locks = openable_locks(turn, seat, taken_now=len(turn.tableaux[seat]) - 1)
            if locks:
                pending = Pending(OpenLockOrPass(locks), (), (), Resume.END)
                return turn.freeze(state, current=seat, taken=taken, phase=Phase.END, pending=pending, action=action)
    else:
        turn.refill_rows()
    # The turn's last step: the effects set aside until its end, first set aside first (the rows are refilled
    # after them; effects they set aside in turn resolve next).
    waiting = turn.this_turn[seat] if turn.waits_on(seat) else ()
    while waiting:
        turn.this_turn[seat] = ()
        turn.frames.extend(reversed(waiting))
        asked = _run_stack(turn, seat, state.engine.abilities)
        if asked is not None:
            pending = Pending(asked[1], tuple(turn.frames), asked[0], Resume.TURN_END)
            return turn.freeze(state, current=seat, taken=taken, phase=Phase.DECIDE, pending=pending, action=action)
        turn.refill_rows()
        waiting = turn.this_turn[seat]
    if state.engine.has_row_gold:
        turn.put_row_gold()
    turn.opened_lock = False
    nxt = (seat + 1) % len(state.seats)
    over = taken >= CARDS_PER_PLAYER * len(state.seats)
    if state.engine.has_triggers:
        _between_turns(state, turn, nxt, taken)
    if over and state.engine.has_reserve:  # after the last turn's own triggers, before the end of the game's
        held = tuple(turn.reserved)
        turn.discard_reserves()
        if any(held):  # the reserves as they stood, kept for the scoring rules that read them
            state = state._replace(reserved_at_end=held)
    if over and state.engine.has_triggers:
        return _end_of_game(state, turn, 0, 0, action)
    return turn.freeze(state, current=nxt, taken=taken, phase=Phase.START, pending=None, action=action)


def _run_stack(turn: Turn, seat: int, abilities: tuple[Ability, ...]) -> tuple[Address, Decision] | None:
    """Run the abilities on the stack until one asks a question (its step address and the decision) or all are done."""
    frames = turn.frames
    while frames:
        top = frames[-1]
        queue = top.queue
        steps = abilities[top.card].steps
        owner = seat if top.seat is None else top.seat  # a trigger on another player's take: its owner's
        # Automatic steps never touch the stack: run them without rebuilding the frame.
        i, end = 0, len(queue)
        while i < end and type(step := steps[queue[i]]) is Auto:
            step.run(turn, owner, top)
            i += 1
        if i == end:
            frames.pop()
            continue
        address = queue[i]
        top = frames[-1]  # as the automatic steps left it: a discard among them noted its cards on it
        frames[-1] = Frame(top.card, top.index, queue[i + 1 :], top.copied, top.discarded, top.seat)
        decision = steps[address].run(turn, owner, frames[-1])
        if decision is not None:
            return address, decision
    return None


def _between_turns(state: Table, turn: Turn, nxt: int, taken: int) -> None:
    """The triggers between two turns (the rules page, "Fan mechanics").

    First the "at the end of your turn" effects of the player whose turn
    ended; then, when the game has just ended, every seat's "at the end of
    the game" effects, seat by seat from the first player; otherwise the next
    player's "at the start of your turn" effects. Each seat's cards resolve
    in the order they were taken, face-up cards only. Trigger effects never
    ask anything (validation refuses any that would).
    """
    seats = len(state.seats)
    run_triggers(state, turn, state.current_player, "turn_end")
    if taken < CARDS_PER_PLAYER * seats:
        turn.playing = nxt
        run_triggers(state, turn, nxt, "each_turn")


def _end_of_game(state: T, turn: Turn, k: int, start: int, action: Action) -> T:
    """Every seat's "at the end of the game" effects from the ``k``-th seat after the first player (its cards
    from tableau index ``start``), then the game is over; or the state where one of them asks its owner.

    The seats resolve one after another from the first player, each seat's
    face-up cards in the order taken. A card's effects may ask its owner (the
    rules page, "Fan mechanics"): the question is owed by that seat, which is
    the current player until it is answered (the game is not over before);
    the rest of the end of the game resolves after the answer.
    """
    seats = len(state.seats)
    abilities = state.engine.abilities
    taken = state.taken if state.taken >= CARDS_PER_PLAYER * seats else CARDS_PER_PLAYER * seats
    while k < seats:
        seat = (state.first_player + k) % seats
        turn.playing = seat
        index = start
        while index < len(turn.tableaux[seat]):
            cell = turn.tableaux[seat][index]
            addresses = () if cell.face_down else abilities[cell.card].game_end
            if addresses:
                turn.frames.append(Frame(cell.card, index, addresses))
                asked = _run_stack(turn, seat, abilities)
                if asked is not None:
                    pending = Pending(asked[1], tuple(turn.frames), asked[0], Resume.GAME_END)
                    return turn.freeze(state, current=seat, taken=taken, phase=Phase.DECIDE, pending=pending,
                                       action=action)
            index += 1
        k, start = k + 1, 0
    return turn.freeze(state, current=state.first_player, taken=taken, phase=Phase.START, pending=None,
                       action=action)


def _resume_end_of_game(state: T, turn: Turn, seat: int, action: Action) -> T:
    """Go on with the end of the game after ``seat`` answered a question of its card's end-of-game effects."""
    index = turn.frames[0].index
    asked = _run_stack(turn, seat, state.engine.abilities)
    if asked is not None:
        pending = Pending(asked[1], tuple(turn.frames), asked[0], Resume.GAME_END)
        return turn.freeze(state, current=seat, taken=state.taken, phase=Phase.DECIDE, pending=pending,
                           action=action)
    seats = len(state.seats)
    return _end_of_game(state, turn, (seat - state.first_player) % seats, index + 1, action)


def run_triggers(state: Table, turn: Turn, seat: int, part: str) -> None:
    """Resolve ``seat``'s trigger effects ``part`` on ``turn``, its face-up cards in the order taken.

    ``part`` names the moment: ``"each_turn"`` (at the start of your turn),
    ``"turn_end"`` (at the end of your turn) or ``"game_end"``. Each card is
    looked at when its turn comes, so a card an earlier effect of the same
    moment turned face up resolves too.
    """
    abilities = state.engine.abilities
    for index in range(len(turn.tableaux[seat])):
        cell = turn.tableaux[seat][index]
        if cell.face_down:
            continue
        addresses = getattr(abilities[cell.card], part)
        if addresses:
            turn.frames.append(Frame(cell.card, index, addresses))
            _run_trigger(turn, seat, abilities)
