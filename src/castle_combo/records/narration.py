"""What happened, in words: one sentence per action, for the terminal game's log and the replay page.

:func:`narrate` compares the state before an action with the state after
it and says what a player at the table would see: "greedy takes the Baker
face up at the top right and gains 2 gold; the messenger moves to the
Castle". Places are named in each seat's 3x3 grid as a picture draws it
(:func:`grid_place` from :func:`grid_corners`): the replay page, the Card
Workshop and the terminal game's log all say them so; engine coordinates
("at (1, 0)") are only the default of a bare call.
Only public facts are told (a refill is "the village row is refilled", never
which cards come next in the deck), so a narration of a seat's view is as
safe to show as the view itself.

:func:`option_text` says what each option of a pending "choose one" gives,
so a player can choose without looking the card up.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from castle_combo.engine.abilities import node_at
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
    SHIELD_ORDER,
    AcceptOrDecline,
    ArrangeDeckTop,
    ChooseGoldMove,
    ChooseNeighbourCard,
    ChooseOption,
    ChoosePlayer,
    ChooseStore,
    ChooseTimes,
    NameShield,
    OwedChoice,
)
from castle_combo.engine.state import GameState
from castle_combo.language import english
from castle_combo.language.model import Choice, Deck, Discount, Lose, MayDo, PlayersChoose, Repeat

__all__ = ["GRID_PLACES", "coordinates", "grid_corners", "grid_place", "narrate", "option_text", "seat_names"]

_PLACES = {Deck.CASTLE: "Castle", Deck.VILLAGE: "Village"}
#: The verbs narration uses, and their form after "you".
_SECOND_PERSON = {"takes": "take", "spends": "spend", "opens": "open", "passes": "pass", "chooses": "choose",
                  "discards": "discard", "uses": "use", "pays": "pay", "gains": "gain", "gets": "get",
                  "stores": "store", "loses": "lose", "locks": "lock", "sets": "set", "declines": "decline",
                  "picks": "pick", "turns": "turn", "reserves": "reserve"}
#: A verb of :data:`_SECOND_PERSON` as a whole word, whatever punctuation follows it ("chooses,").
_VERB = re.compile(r"\b(" + "|".join(_SECOND_PERSON) + r")\b")


def _agree(text: str, name: str) -> str:
    """``text`` (verbs in the third person) said of ``name``: "you take" rather than "you takes", "you choose,
    for ...", "you lock 2 keys on your cards"."""
    if name.lower() != "you":
        return text
    agreed = _VERB.sub(lambda verb: _SECOND_PERSON[verb.group(1)], text)
    return agreed.replace(" on its cards", " on your cards")  # the seat's own cards ("locks 2 keys on its cards")


def seat_names(players: int, names: Sequence[str] | None = None) -> list[str]:
    """A display name per seat: the given ones, else "seat 0", "seat 1", ..."""
    return list(names) if names is not None else [f"seat {seat}" for seat in range(players)]


def _gains(before: GameState, after: GameState, seat: int, acting: bool = True) -> list[str]:
    """What ``seat`` gained or spent, in words: "gains 2 gold and 1 key", "pays 3 gold".

    The seat whose turn it is pays and spends; any other seat only loses
    what an effect of that player takes from them ("loses 1 key").
    """
    old, new = before.players[seat], after.players[seat]
    parts = []
    gold = new.gold - old.gold
    locked = new.locked_keys - old.locked_keys  # keys put on cards leave the supply, but are not spent
    keys = new.keys - old.keys + locked
    gained = ([f"{gold} gold"] if gold > 0 else []) + ([english.quantity(keys, "key")] if keys > 0 else [])
    lost = ([f"{-gold} gold"] if gold < 0 else []) + ([english.quantity(-keys, "key")] if keys < 0 else [])
    if not acting and lost:
        parts.append("loses " + english.join_and(lost))
    if acting and gold < 0:
        parts.append(f"pays {-gold} gold")
    if acting and keys < 0:
        parts.append(f"spends {english.quantity(-keys, 'key')}")
    if gained:
        parts.append("gains " + english.join_and(gained))
    for deck, more in zip(Deck, (new.discounts[i] - old.discounts[i] for i in range(2)), strict=True):
        if more:
            parts.append(f"gets a discount of {more} on {deck.value} cards")
    waiting = [new.next_discounts[i] - old.next_discounts[i] for i in range(3)]
    for which, more in zip(("card", "castle card", "village card"), waiting, strict=True):
        if more > 0:
            parts.append(f"gets a one-time discount of {more} on the next {which}")
    face_up = [new.next_face_up[i] - old.next_face_up[i] for i in range(3)]
    for which, more in zip(("card", "castle card", "village card"), face_up, strict=True):
        if more > 0:
            parts.append(f"gets a one-time discount of {more} on the next {which} bought face up")
    used = -sum(more for more in waiting + face_up if more < 0)
    if used:
        parts.append(f"uses up a one-time discount of {used}")
    if new.either_row and not old.either_row:
        parts.append("may take the next card from either row")
    if new.twice and not old.twice:
        parts.append("will resolve the ability of the next card bought face up twice")
    elif old.twice and not new.twice:  # used up by a card bought face up, which may have no ability when bought
        placed = new.tableau[-1] if len(new.tableau) > len(old.tableau) else None
        if placed is None or after.rules.cards[placed.card].ability:
            parts.append("resolves this card's ability twice")
        else:
            parts.append("uses up the ability twice (this card has none when bought)")
    if len(new.this_turn) > len(old.this_turn):
        parts.append("sets effects aside until the end of the turn")
    for slot in range(2, len(new.discounts)):
        more = new.discounts[slot] - (old.discounts[slot] if slot < len(old.discounts) else 0)
        if more:
            decks, on = after.engine.discount_kinds[slot - 2]
            parts.append(f"gets a discount of {more} on {Discount(more, decks, on).cards()}")
    stored = new.stored_gold - old.stored_gold
    if stored > 0:
        parts.append(f"stores {stored} gold on purse cards")
    elif stored < 0:  # gold moved off their purse cards by another player's card
        parts.append(f"has {-stored} gold moved off purse cards")
    if locked:
        parts.append(f"locks {english.quantity(locked, 'key')} on its cards")
    return parts


def _reserves_discarded(before: GameState, after: GameState, who: Sequence[str]) -> list[str]:
    """The reserved cards discarded at the end of the game, never taken ("Bob's reserved Nun is discarded")."""
    if not after.is_over or not before.engine.has_reserve:
        return []
    out = []
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        gone = [c for c in old.reserved if c not in new.reserved and all(cell.card != c for cell in new.tableau)]
        out += [f"{who[seat]}'s reserved {before.engine.name(c)} is discarded at the end of the game" for c in gone]
    return out


def _others(before: GameState, after: GameState, seat: int, names: Sequence[str]) -> list[str]:
    """What the other seats gained ("each opponent gains ...")."""
    out = []
    for other in range(len(before.players)):
        if other != seat:
            parts = _gains(before, after, other, acting=False)
            if parts:
                out.append(_agree(f"{names[other]} " + english.join_and(parts), names[other]))
    return out


def _table(before: GameState, after: GameState, action: Action) -> list[str]:
    """What changed on the table: the messenger, rows discarded whole, exhausted locations."""
    out = []
    if after.messenger is not before.messenger and not (isinstance(action, UseKey) and action.use is KeyUse.MOVE):
        out.append(f"the messenger moves to the {_PLACES[after.messenger]}")
    said = isinstance(action, DiscardRow) or (isinstance(action, UseKey) and action.use is KeyUse.REFRESH)
    for i, deck in enumerate(Deck):
        # Cards that went from the top of the deck to the discard pile ("discard the top card of the castle
        # deck", or the last card looked at that "discard one of them" discards unasked): public once discarded,
        # so they are named (not the card an answer to a look discards: its line names it).
        was, now = before.locations[i], after.locations[i]
        topped = [c for c in now.discard if c in was.deck and c not in was.discard
                  and not (isinstance(action, Arrange) and action.discard and after.engine.name(c) == action.card)]
        if after.is_exhausted(deck) and not before.is_exhausted(deck):
            out.append(f"the {_PLACES[deck]} is exhausted: its cards leave the game")
        elif not said and len(after.discard_pile(deck)) - len(topped) > len(before.discard_pile(deck)) + 1:
            out.append(f"the {deck.value} row is discarded and refilled")
        if topped:
            cards = "the top card" if len(topped) == 1 else f"the top {len(topped)} cards"
            out.append(f"{cards} of the {deck.value} deck {'is' if len(topped) == 1 else 'are'} discarded: "
                       + ", ".join(after.engine.name(c) for c in topped))
        # Cards put back from the discard pile on top of the deck ("put a card from ... discard pile on top of its
        # deck"): every player sees them go there. (A card revealed by this very action's refill lies in a row.)
        for c in _returned(before, after, i):
            if isinstance(action, ReturnCard) and after.engine.name(c) == action.card:
                continue  # the action's own line says it
            out.append(f"{after.engine.name(c)} goes back {_side(after, i, c)} the {deck.value} deck")
    return out


def _side(after: GameState, d: int, card: int) -> str:
    """Where a card put back from location ``d``'s discard pile lies in its deck: "on top of", or "at the bottom
    of" ("put a card from ... discard pile on the bottom of its deck")."""
    deck = after.locations[d].deck
    return "at the bottom of" if card in deck and deck[0] != card else "on top of"


def _returned(before: GameState, after: GameState, d: int) -> list[int]:
    """The cards of location ``d``'s discard pile that went back into its deck (or on, into its row), not by a
    reshuffle: a reshuffle takes the whole pile, and a full state counts its reshuffles."""
    was, now = before.locations[d], after.locations[d]
    gone = [c for c in was.discard if c not in now.discard and (c in now.deck or c in now.row)]
    if not gone:
        return []
    if before.origin is not None and after.origin is not None:
        now_shuffled = sum(r.deck == d for r in after.origin.reshuffles)
        shuffled = now_shuffled > sum(r.deck == d for r in before.origin.reshuffles)
    else:
        shuffled = len(gone) == len(was.discard) > 1
    return [] if shuffled else gone


def _swapped(before: GameState, after: GameState, seat: int, where: Callable[[int, tuple[int, int]], str]) -> str:
    """The cards of ``seat`` that swapped places from ``before`` to ``after`` and where they lie now, or ""."""
    moved = [(b.card, a) for b, a in zip(before.players[seat].tableau, after.players[seat].tableau, strict=False)
             if (b.x, b.y) != (a.x, a.y)]
    if len(moved) != 2:
        return ""
    name = before.engine.name
    (first, at_first), (second, at_second) = moved
    return (f"{name(first)} and {name(second)} swap places ({name(first)} now {where(seat, (at_first.x, at_first.y))}, "
            f"{name(second)} {where(seat, (at_second.x, at_second.y))})")


def pending_bottom(state: GameState) -> bool:
    """Whether the question waiting puts the card chosen under its deck ("put a card from either discard pile on
    the bottom of its deck"): the question is the put-back's either way, so the asking step says where."""
    from castle_combo.engine.abilities import ReturnStep

    pending = state.pending
    if pending is None or not pending.frames:
        return False
    step = state.engine.abilities[pending.frames[-1].card].steps.get(pending.step)
    return isinstance(step, ReturnStep) and step.bottom


def _asking_card(state: GameState) -> str:
    pending = state.pending
    return state.engine.name(pending.frames[-1].card) if pending is not None and pending.frames else "the card"


def _times(times: int) -> str:
    return {1: "once", 2: "twice"}.get(times, f"{times} times")


def option_text(state: GameState) -> list[str]:
    """Each answer of the "choose one" (or "you may") owed now, as the English of its effects (of a choice owed by
    another player, the options offered to them, in the order of the answers)."""
    pending = state.pending
    if pending is not None and isinstance(pending.decision, ChoosePlayer):
        return [f"seat {seat}" for seat in pending.decision.candidates]
    if pending is not None and isinstance(pending.decision, ChooseGoldMove):
        return [pending.decision.said(state, k) for k in range(1, len(pending.decision.candidates) + 1)]
    if pending is not None and isinstance(pending.decision, ChooseStore):
        return [pending.decision.said(state, k) for k in range(1, len(pending.decision.candidates) + 2)]
    if pending is not None and isinstance(pending.decision, NameShield):
        return [shield.value for shield in SHIELD_ORDER]
    if pending is not None and isinstance(pending.decision, OwedChoice) and pending.frames:
        # The options the answering player can pay for, in the order of the answers ("that player": them).
        owed = node_at(state.rules.cards[pending.frames[-1].card], pending.step)
        assert isinstance(owed, PlayersChoose)
        return [", then ".join(english.clause(e.describe()) for e in owed.options[k - 1])
                for k in pending.decision.options]
    if pending is None or not isinstance(pending.decision, (ChooseOption, AcceptOrDecline, ChooseTimes)) \
            or not pending.frames:
        return []
    card = state.rules.cards[pending.frames[-1].card]
    node = node_at(card, pending.step)
    if isinstance(pending.decision, ChooseTimes) and isinstance(node, MayDo):
        doing = ", then ".join(english.clause(e.describe()) for e in node.effects)
        paid = english.join_and(c.resource.describe(c.amount) for c in node.cost if isinstance(c, Lose))
        each = f"pay {paid} to {doing}" if paid else doing
        return ["do nothing"] + [f"{each}, {_times(n)}" for n in range(1, pending.decision.most + 1)]
    if isinstance(node, MayDo):
        doing = ", then ".join(english.clause(e.describe()) for e in node.effects)
        paid = english.join_and(c.resource.describe(c.amount) for c in node.cost if isinstance(c, Lose))
        return [f"pay {paid} to {doing}" if paid else doing, "do nothing"]
    if isinstance(node, Repeat):  # go on with another pass, or stop
        return ["go on: " + ", then ".join(english.clause(e.describe()) for e in node.effects), "stop"]
    assert isinstance(node, Choice)
    return [", then ".join(english.clause(e.describe()) for e in option) for option in node.options]


#: Where a card lies in a 3x3 grid, by (column, row), as someone looking at the picture says it.
GRID_PLACES = {
    (0, 0): "at the top left", (1, 0): "at the top middle", (2, 0): "at the top right",
    (0, 1): "at the middle left", (1, 1): "in the centre", (2, 1): "at the middle right",
    (0, 2): "at the bottom left", (1, 2): "at the bottom middle", (2, 2): "at the bottom right",
}


def coordinates(seat: int, at: tuple[int, int]) -> str:
    """A position in the seat's own coordinates, as the terminal game draws them: "at (-1, 0)"."""
    return f"at ({at[0]}, {at[1]})"


def grid_corners(state: GameState) -> list[tuple[int, int]]:
    """Where each seat's 3x3 grid starts in ``state``: the leftmost column and the top row of its cards.

    A picture of ``state`` draws each tableau from there
    (:meth:`~castle_combo.GameState.picture`'s default). The replay page
    passes the game's final state, whose grids are complete, so its cards
    never move; a game in progress passes its state now.
    """
    corners = []
    for seat in range(len(state.players)):
        placed = state.tableau(seat)
        corners.append((min((t.at[0] for t in placed), default=0), min((t.at[1] for t in placed), default=0)))
    return corners


def grid_place(corners: Sequence[tuple[int, int]]) -> Callable[[int, tuple[int, int]], str]:
    """Positions named in each seat's picture: ``corners[seat]`` is where its grid's top left card lies.

    "at the top left", "in the centre" (:data:`GRID_PLACES`), as a picture
    that draws each tableau in its 3x3 grid from ``corners`` shows them:
    the replay page's (the final grids, :func:`grid_corners` of the last
    state), the Card Workshop's and the terminal game's log (the grids as
    they are now). These are the words every page and screen uses.
    """
    def place(seat: int, at: tuple[int, int]) -> str:
        left, top = corners[seat]
        return GRID_PLACES.get((at[0] - left, at[1] - top), coordinates(seat, at))
    return place


def _looks(before: GameState, after: GameState, who: Sequence[str]) -> list[str]:
    """A seat that looked at the top cards of a deck ("look at the top 3 cards of the castle deck ..."): how many,
    never which (they are its secret)."""
    was = {(d, s): n for d, s, n in before.known}
    # A card put back from a discard pile is known to every seat: that is no look.
    back = [len(_returned(before, after, d)) for d in range(2)]
    out = []
    for d, s, n in after.known:
        if n > was.get((d, s), 0) + back[d]:
            cards = "the top card" if n == 1 else f"the top {n} cards"
            out.append(f"{who[s]} looks at {cards} of the {('castle', 'village')[d]} deck")
    return out


def narrate(before: GameState, action: Action, after: GameState, names: Sequence[str] | None = None,
            where: Callable[[int, tuple[int, int]], str] = coordinates) -> str:
    """One sentence saying what ``action`` did, from ``before`` to ``after`` (see the module docstring).

    ``where(seat, at)`` says where a taken card goes: by default in the
    seat's own coordinates, or as a picture shows it (:func:`grid_place`).
    """
    who = seat_names(len(before.players), names)
    seat = before.to_act
    name = who[seat]
    if isinstance(action, Take):
        how = "face down" if action.face_down else "face up"
        head = f"{name} takes {action.card} {how} {where(seat, action.at)}"
        if before.pending is None and all(card.name != action.card for card in before.row(before.messenger)):
            head += f" from the {'village' if before.messenger is Deck.CASTLE else 'castle'} row"
        extra = before.surcharge(seat, action.card) if before.engine.has_surcharges and not action.face_down else 0
        if extra:
            head += f" (with a surcharge of {extra} gold on it)"
        lying = before.gold_in_row(action.card) if before.row_gold else 0
        if lying:
            head += f" with the {lying} gold lying on it in the row"
        if after.players[seat].keys_on_cards > before.players[seat].keys_on_cards:
            head += " (a key now waits on its lock)"
    elif isinstance(action, TakeReserved):
        how = "face down" if action.face_down else "face up"
        kept = before.players[seat].reserved
        card = before.engine.name(kept[0]) if kept else "a reserved card"
        head = f"{name} takes the reserved {card} {how} {where(seat, action.at)}"
    elif isinstance(action, ReturnCard):
        pile = next((d for d in Deck if any(c.name == action.card for c in before.discard_pile(d))), None)
        if pile is None:
            head = f"{name} puts {action.card} back on its deck"
        else:
            d = list(Deck).index(pile)
            back = next((c for c in _returned(before, after, d) if after.engine.name(c) == action.card), None)
            side = "on top of" if back is None else _side(after, d, back)
            head = f"{name} puts {action.card} from the {pile.value} discard pile back {side} the {pile.value} deck"
    elif isinstance(action, Reserve):
        row = next((deck.value for deck in Deck if any(c.name == action.card for c in before.row(deck))), "a")
        head = f"{name} reserves {action.card} from the {row} row (face up beside the tableau, for a later turn)"
    elif isinstance(action, UseKey):
        head = f"{name} spends a key to " + (
            "move the messenger" if action.use is KeyUse.MOVE else f"refresh the {before.messenger.value} row")
    elif isinstance(action, Unlock):
        head = f"{name} opens the lock of {action.card}"
    elif isinstance(action, Pass):
        head = f"{name} passes (opens no lock)"
    elif isinstance(action, Choose) and before.pending is not None \
            and isinstance(before.pending.decision, ChoosePlayer):
        candidates = before.pending.decision.candidates
        chosen = who[candidates[action.option - 1]] if 0 < action.option <= len(candidates) else "nobody"
        head = f"{name} chooses {chosen}"
    elif isinstance(action, Choose) and before.pending is not None \
            and isinstance(before.pending.decision, ChooseGoldMove):
        moves = before.pending.decision.candidates
        if 0 < action.option <= len(moves):
            them, first, to, gold = moves[action.option - 1]
            owner = before.pending.decision.decider(before)
            card_name = before.engine.name
            whose = "" if them == owner else f"{who[them]}'s "
            head = (f"{name} moves {gold} gold from {whose}{card_name(before.players[them].tableau[first].card)} to "
                    f"{card_name(before.players[owner].tableau[to].card)} (for {_asking_card(before)})")
        else:
            head = f"{name} moves no gold"
    elif isinstance(action, Choose) and before.pending is not None \
            and isinstance(before.pending.decision, ChooseStore):
        cards = before.pending.decision.candidates
        if 0 < action.option <= len(cards):
            stored = before.players[before.pending.decision.decider(before)].tableau[cards[action.option - 1]]
            head = (f"{name} stores 1 of their gold on {before.engine.name(stored.card)} "
                    f"(for {_asking_card(before)})")
        else:
            head = f"{name} stops storing gold (for {_asking_card(before)})"
    elif isinstance(action, Choose) and before.pending is not None \
            and isinstance(before.pending.decision, NameShield):
        named = SHIELD_ORDER[action.option - 1].value if 0 < action.option <= len(SHIELD_ORDER) else "no type"
        head = f"{name} names {named} for the {_asking_card(before)}"
    elif isinstance(action, Choose) and before.pending is not None \
            and isinstance(before.pending.decision, OwedChoice):
        offered = before.pending.decision.options
        options = option_text(before)
        chosen = options[offered.index(action.option)] if action.option in offered else f"option {action.option}"
        head = f"{name} chooses, for {_asking_card(before)}: {chosen}"
    elif isinstance(action, Choose):
        options = option_text(before)
        chosen = options[action.option - 1] if 0 < action.option <= len(options) else f"option {action.option}"
        head = f"{name} chooses to {chosen}"
    elif isinstance(action, Discard):
        head = f"{name} discards {action.card} from the row"
    elif isinstance(action, DiscardRow):
        head = f"{name} discards the whole {action.deck.value} row"
    elif isinstance(action, Activate):
        head = f"{name} uses the ability of {action.card}"
        pending = before.pending
        if pending is not None and isinstance(pending.decision, ChooseNeighbourCard):
            lender = next((who[s] for s, i in pending.decision.candidates
                           if before.engine.name(before.players[s].tableau[i].card) == action.card), None)
            if lender is not None:
                head += f" in {lender}'s tableau"
    elif isinstance(action, Reveal):
        head = f"{name} turns {action.card} face up"
    elif isinstance(action, SwapCard):
        head = f"{name} picks {action.card} for a swap"
    elif isinstance(action, Arrange):
        pending = before.pending
        deck = (Deck.CASTLE, Deck.VILLAGE)[pending.decision.deck] if pending is not None and isinstance(
            pending.decision, ArrangeDeckTop) else before.messenger
        # The cards put back are the looker's secret: only a discarded one is named.
        head = (f"{name} discards {action.card} from the top of the {deck.value} deck" if action.discard
                else f"{name} puts a card back on top of the {deck.value} deck")
    elif isinstance(action, Times):
        asking = before.engine.name(before.pending.frames[-1].card) if before.pending and before.pending.frames \
            else "the card"
        head = f"{name} declines {asking}'s optional effect" if not action.times else \
            f"{name} uses {asking}'s optional effect {_times(action.times)}"
    else:  # pragma: no cover - every action type is listed above
        head = f"{name}: {action}"
    gains = _gains(before, after, seat)
    if isinstance(action, UseKey):
        gains = [g for g in gains if not g.startswith("spends")]
    sentence = _agree(head + (", " + english.join_and(gains) if gains else ""), name)
    swapped = _swapped(before, after, seat, where)
    rest = ([swapped] if swapped else []) + _others(before, after, seat, who) + _looks(before, after, who) + _table(
        before, after, action)
    rest += _reserves_discarded(before, after, who)
    return sentence + ("; " + "; ".join(rest) if rest else "")
