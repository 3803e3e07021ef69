"""A game as a record: the players, the initial deck orders, the reshuffles and the actions.

:func:`record` writes the game-record format (``"format": "castle-combo/record@1"``,
the docs' API page) of any state; :func:`castle_combo.records.serialize.replay` reads
it back. A seat's view, or a state sampled from one, gives the *public*
record: the actions without the deck orders, which are the game's only
secret. Such a record cannot be replayed.

A game state does not know who sat where: the optional ``seats`` of a record
(one :class:`Seat` per seat, its name and its bot, ``None`` for a person) are
given by whoever ran the game (``castle-combo play`` and ``simulate`` do), so
a replay can name the players instead of numbering the seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from castle_combo.engine.counting import DECKS
from castle_combo.engine.table import Table
from castle_combo.errors import RecordError

__all__ = ["RECORD_FORMAT", "Seat", "bot_seats", "numbered", "record"]

RECORD_FORMAT = "castle-combo/record@1"


@attrs.frozen
class Seat:
    """Who played a seat: a name to show, and the bot that played it (``None`` for a person).

    ``bot`` is the name a bot is made from (``"greedy"``, ``"mcts:8"``), so
    the same lineup can be played again.
    """

    name: str
    bot: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The seat's entry of a record's ``seats``: ``{"name": ..., "bot": ...}``."""
        return {"name": self.name, "bot": self.bot}


def numbered(names: Sequence[str]) -> list[str]:
    """The seats' names, a name that several seats share followed by its seat: greedy 1, greedy 2."""
    repeated = {name for name in names if names.count(name) > 1}
    return [f"{name} {seat}" if name in repeated else name for seat, name in enumerate(names)]


def bot_seats(bots: Sequence[str]) -> tuple[Seat, ...]:
    """A :class:`Seat` per seat of a game between ``bots`` (one bot name a seat), named by :func:`numbered`."""
    return tuple(Seat(name, bot) for name, bot in zip(numbered(bots), bots, strict=True))


def record(state: Table, seats: Sequence[Seat] | None = None) -> dict[str, Any]:
    """The game record of ``state``; a view gives the public record (see the module docstring).

    ``seats`` names who played, one :class:`Seat` per seat; a record without
    it is as valid (and older records have none).
    """
    name = state.engine.name
    out: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "rules": state.rules.version,
        "players": len(state.players),
        "first_player": state.first_player,
    }
    if seats is not None:
        if len(seats) != len(state.players) or not all(isinstance(seat, Seat) for seat in seats):
            raise RecordError(f"seats: expected one Seat(name, bot) per seat ({len(state.players)}), "
                              f"got {len(seats)} item(s)")
        out["seats"] = [seat.to_json() for seat in seats]
    origin = state.origin
    if origin is not None:
        out["seed"] = origin.seed
        out["decks"] = {
            "castle": [name(c) for c in origin.decks[0]],
            "village": [name(c) for c in origin.decks[1]],
        }
        out["reshuffles"] = [
            {"deck": DECKS[r.deck].value, "order": [name(c) for c in r.order]} for r in origin.reshuffles
        ]
    else:
        out["view"] = state.viewer
    out["actions"] = [a.to_json() for a in state.history]
    return out
