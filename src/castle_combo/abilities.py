"""Card abilities compiled into steps the engine runs in order.

An ability is a sequence of effects (RULINGS.md: parts resolve in printed
order). Each effect gets an *address*: a tuple of indices into the ability
(``(2,)`` is the third effect, ``(2, 1, 0)`` the first effect of the second
option of that choice). The engine keeps the addresses still to run in the
game state, so a turn can stop for a player's decision (a choice, or which
card to discard) and continue after it, and the pending work serializes as
plain integers.

Automatic effects compile to functions acting on a :class:`Work`, the
engine's private scratch copy of the parts of the table an ability may change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from castle_combo import model
from castle_combo.counting import DECKS, CardFacts, Placed, compile_per

__all__ = ["Ability", "Address", "Step", "Work", "compile_ability", "fill_order"]

#: Where an effect sits in its card's ability (see the module docstring).
Address = tuple[int, ...]

_GOLD, _KEY = 0, 1
_RESOURCE = {model.Resource.GOLD: _GOLD, model.Resource.KEY: _KEY}


class Work:
    """The mutable scratch table one ``apply`` works on, frozen again when it ends.

    It exposes ``tableaux``, ``keys`` and the face-up ``shields`` and
    ``banners`` totals per seat like any :class:`castle_combo.counting.Table`,
    so counts see gains made earlier in the same ability.
    """

    __slots__ = ("banners", "discounts", "gold", "keys", "shields", "tableaux")

    def __init__(
        self,
        tableaux: list[tuple[Placed, ...]],
        keys: list[int],
        gold: list[int],
        discounts: list[tuple[int, int]],
        shields: list[tuple[int, ...]],
        banners: list[tuple[int, int]],
    ) -> None:
        self.tableaux = tableaux
        self.keys = keys
        self.gold = gold
        self.discounts = discounts
        self.shields = shields
        self.banners = banners

    def gain(self, seat: int, resource: int, amount: int) -> None:
        """Give ``seat`` ``amount`` gold (resource 0) or keys (resource 1) from the supply."""
        if resource == _GOLD:
            self.gold[seat] += amount
        else:
            self.keys[seat] += amount


#: An automatic effect: ``run(work, seat, index_of_the_card_in_its_tableau)``.
Run = Callable[[Work, int, int], None]


@attrs.frozen
class Step:
    """One compiled effect.

    ``kind`` is ``"auto"`` (``run`` does it), ``"choose"`` (``options`` holds
    each option's effect addresses) or ``"discard"`` (discard from the row of
    ``deck``, gain the printed cost as ``reward``: 0 gold, 1 keys).
    """

    kind: str
    run: Run | None = None
    options: tuple[tuple[Address, ...], ...] = ()
    deck: int = 0
    reward: int = _GOLD


@attrs.frozen
class Ability:
    """A card's whole ability: its top-level effect addresses and every step by address."""

    top: tuple[Address, ...]
    steps: dict[Address, Step] = attrs.field(eq=False)


def fill_order(tableau: Sequence[Placed], facts: Sequence[CardFacts]) -> list[int]:
    """Indices of the face-up purse cards of ``tableau`` in reading order (top row first, left to right)."""
    purses = [i for i, c in enumerate(tableau) if not c.face_down and facts[c.card].purse is not None]
    purses.sort(key=lambda i: (tableau[i].y, tableau[i].x))
    return purses


def _store(work: Work, seat: int, index: int, gold: int) -> None:
    cells = work.tableaux[seat]
    old = cells[index]
    replaced = Placed(old.card, old.x, old.y, old.face_down, gold)
    work.tableaux[seat] = cells[:index] + (replaced,) + cells[index + 1 :]


def _compile_auto(effect: model.Effect, facts: Sequence[CardFacts]) -> Run:
    if isinstance(effect, model.Gain):
        amount, resource = effect.amount, _RESOURCE[effect.resource]
        if effect.per is None:
            return lambda work, seat, index: work.gain(seat, resource, amount)
        per = compile_per(effect.per, facts)
        return lambda work, seat, index: work.gain(seat, resource, amount * per(work, seat, index))
    if isinstance(effect, model.OpponentsGain):
        amount, resource = effect.amount, _RESOURCE[effect.resource]

        def opponents_gain(work: Work, seat: int, index: int) -> None:
            for other in range(len(work.keys)):
                if other != seat:
                    work.gain(other, resource, amount)

        return opponents_gain
    if isinstance(effect, model.Discount):
        castle = effect.amount if model.Deck.CASTLE in effect.decks else 0
        village = effect.amount if model.Deck.VILLAGE in effect.decks else 0

        def discount(work: Work, seat: int, index: int) -> None:
            c, v = work.discounts[seat]
            work.discounts[seat] = (c + castle, v + village)

        return discount
    if isinstance(effect, model.StoreGold):
        amount = effect.amount

        def store_gold(work: Work, seat: int, index: int) -> None:
            for i in fill_order(work.tableaux[seat], facts):
                cell = work.tableaux[seat][i]
                capacity = facts[cell.card].purse or 0
                _store(work, seat, i, min(capacity, cell.gold + amount))

        return store_gold
    if isinstance(effect, model.FillPurses):
        count = effect.purses

        def fill_purses(work: Work, seat: int, index: int) -> None:
            order = fill_order(work.tableaux[seat], facts)
            cells = work.tableaux[seat]
            # Most free space first; Python's sort is stable, so ties keep reading order.
            order.sort(key=lambda i: -((facts[cells[i].card].purse or 0) - cells[i].gold))
            for i in order[:count]:
                _store(work, seat, i, facts[cells[i].card].purse or 0)

        return fill_purses
    raise TypeError(f"the engine cannot run the effect {effect!r}")


def _compile_effects(
    effects: Sequence[model.Effect],
    prefix: Address,
    facts: Sequence[CardFacts],
    steps: dict[Address, Step],
) -> tuple[Address, ...]:
    addresses = []
    for i, effect in enumerate(effects):
        address = prefix + (i,)
        addresses.append(address)
        if isinstance(effect, model.Choice):
            options = tuple(
                _compile_effects(option, address + (k,), facts, steps) for k, option in enumerate(effect.options)
            )
            steps[address] = Step("choose", options=options)
        elif isinstance(effect, model.DiscardFromRow):
            steps[address] = Step("discard", deck=DECKS.index(effect.deck), reward=_RESOURCE[effect.reward])
        else:
            steps[address] = Step("auto", run=_compile_auto(effect, facts))
    return tuple(addresses)


def compile_ability(card: model.Card, facts: Sequence[CardFacts]) -> Ability:
    """Compile ``card``'s ability into addressed steps."""
    steps: dict[Address, Step] = {}
    top = _compile_effects(card.ability, (), facts, steps)
    return Ability(top, steps)
