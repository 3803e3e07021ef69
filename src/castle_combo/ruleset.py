"""A ruleset: a validated, immutable set of cards, looked up by name.

A game is always played with one ruleset: the 78 base cards
(:meth:`Ruleset.standard`), optionally extended with fan cards. The ruleset
carries a version string so that a game record can say which cards it was
played with.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator

import attrs

from castle_combo.errors import RulesetError
from castle_combo.model import Card, Deck

__all__ = ["Ruleset"]


@attrs.frozen
class Ruleset:
    """The cards a game is played with.

    ``cards`` keeps the order in which the cards were loaded (base cards
    first, then each expansion), which is also the canonical order of
    :meth:`deck`. Build one with :meth:`from_cards` (checks names are unique)
    or :meth:`standard`.
    """

    cards: tuple[Card, ...]
    version: str
    _by_name: dict[str, Card] = attrs.field(init=False, repr=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {card.name: card for card in self.cards})

    @classmethod
    def from_cards(cls, cards: Iterable[Card], version: str = "custom") -> Ruleset:
        """A ruleset of ``cards``; raises :class:`RulesetError` on a duplicate name."""
        seen: dict[str, Card] = {}
        for card in cards:
            if card.name in seen:
                first, again = seen[card.name].source, card.source
                where = f" (at {first} and {again})" if first and again else ""
                raise RulesetError(f"two cards are named {card.name!r}{where}; rename one of them")
            seen[card.name] = card
        return cls(tuple(seen.values()), version)

    def __getitem__(self, name: str) -> Card:
        try:
            return self._by_name[name]
        except KeyError:
            raise RulesetError(self._unknown(name)) from None

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def names(self) -> tuple[str, ...]:
        """Every card name, in load order."""
        return tuple(card.name for card in self.cards)

    def deck(self, deck: Deck) -> tuple[Card, ...]:
        """The cards of one deck (castle or village), in load order."""
        return tuple(card for card in self.cards if card.deck is deck)

    def _unknown(self, name: str) -> str:
        close = difflib.get_close_matches(name, self._by_name, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        return f"no card named {name!r} in this ruleset (version {self.version}){hint}"
