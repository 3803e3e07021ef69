"""The names of the card model's counts and effects from before its parts were cut apart, as shorthands.

Before version 0.2 each kind of count of cards was a class of its own
(``Banners``, ``PurseCards``, ``CardsByCost``, ...); now a count of cards is
one noun with a filter (:class:`~castle_combo.language.model.counts.Cards`
with :class:`~castle_combo.language.model.filters.DeckIs`, ...). Each name
below builds exactly the node its card-language words parse to, so
``ShieldsOf(Shield.FAITH) == parse("faith shield")`` and cards built in
Python with the old names keep working and keep comparing equal.
"""

from __future__ import annotations

from castle_combo.language.model.base import Comparison, Deck, Resource, Shield
from castle_combo.language.model.conditions import Compared, PlayerGroup
from castle_combo.language.model.counts import Cards, Per, Shields, ShieldTypes, StoredGold
from castle_combo.language.model.effects import EachPlayer, Gain, Take
from castle_combo.language.model.filters import CostIs, DeckIs, FaceDown, HasPart, Part, ShieldCountIs

__all__ = [
    "Banners",
    "CardsByCost",
    "CardsInTableau",
    "CardsWithShieldCount",
    "ComparedToNeighbours",
    "DiscountCards",
    "DistinctShieldTypes",
    "FaceDownCards",
    "GoldOnPurses",
    "LockCards",
    "MissingShieldTypes",
    "OpponentsGain",
    "PurseCards",
    "ShieldsOf",
    "TakeFromOpponents",
]


def ShieldsOf(shield: Shield) -> Shields:  # noqa: N802 (a shorthand reads as the class it once was)
    """Shields of one type: ``faith shield``."""
    return Shields((shield,))


def DistinctShieldTypes() -> ShieldTypes:  # noqa: N802
    """Shield types (of the six) present at least once: ``shield type``."""
    return ShieldTypes()


def MissingShieldTypes() -> ShieldTypes:  # noqa: N802
    """Shield types (of the six) with no shield at all: ``missing shield type``."""
    return ShieldTypes(missing=True)


def Banners(deck: Deck) -> Cards:  # noqa: N802
    """Face-up cards of one deck: ``castle banner``."""
    return Cards(DeckIs(deck))


def CardsWithShieldCount(shields: int) -> Cards:  # noqa: N802
    """Face-up cards printed with exactly ``shields`` shields: ``card with 2 shields``."""
    return Cards(ShieldCountIs(Comparison.EQ, shields))


def CardsByCost(comparison: Comparison, cost: int) -> Cards:  # noqa: N802
    """Face-up cards whose printed cost compares with ``cost``: ``card costing 5 or more``."""
    return Cards(CostIs(comparison, cost))


def DiscountCards() -> Cards:  # noqa: N802
    """Face-up cards with a discount ability: ``discount card``."""
    return Cards(HasPart(Part.DISCOUNT))


def PurseCards() -> Cards:  # noqa: N802
    """Face-up cards with a purse: ``purse card``."""
    return Cards(HasPart(Part.PURSE))


def LockCards() -> Cards:  # noqa: N802
    """Face-up lock cards: ``lock card``."""
    return Cards(HasPart(Part.LOCK))


def CardsInTableau() -> Cards:  # noqa: N802
    """Every card, face-down ones and this one included: ``card``."""
    return Cards()


def FaceDownCards() -> Cards:  # noqa: N802
    """Face-down cards: ``face-down card``."""
    return Cards(FaceDown())


def GoldOnPurses() -> StoredGold:  # noqa: N802
    """Gold stored on all the player's purse cards: ``gold on purses``."""
    return StoredGold()


def OpponentsGain(amount: int, resource: Resource) -> EachPlayer:  # noqa: N802
    """Every other player gains exactly ``amount`` gold or keys: ``each opponent gains 2 gold``."""
    return EachPlayer(PlayerGroup.OPPONENTS, Gain(amount, resource))


def TakeFromOpponents(amount: int, resource: Resource) -> EachPlayer:  # noqa: N802
    """Take ``amount`` gold or keys from each other player, never more than they have."""
    return EachPlayer(PlayerGroup.OPPONENTS, Take(amount, resource))


def ComparedToNeighbours(per: Per, more: bool = True) -> Compared:  # noqa: N802
    """More (or fewer) of a count than each neighbour: ``more military shields than each neighbour``."""
    return Compared(per, Comparison.GT if more else Comparison.LT, PlayerGroup.NEIGHBOURS)
