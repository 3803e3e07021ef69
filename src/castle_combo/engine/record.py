"""A game as a record: the players, the initial deck orders, the reshuffles and the actions.

:func:`record` writes the game-record format (``"format": "castle-combo/record@1"``,
the docs' API page) of any state; :func:`castle_combo.records.serialize.replay` reads
it back. A seat's view, or a state sampled from one, gives the *public*
record: the actions without the deck orders, which are the game's only
secret. Such a record cannot be replayed.
"""

from __future__ import annotations

from typing import Any

from castle_combo.engine.counting import DECKS
from castle_combo.engine.table import Table

__all__ = ["RECORD_FORMAT", "record"]

RECORD_FORMAT = "castle-combo/record@1"


def record(state: Table) -> dict[str, Any]:
    """The game record of ``state``; a view gives the public record (see the module docstring)."""
    name = state.engine.name
    out: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "rules": state.rules.version,
        "players": len(state.players),
        "first_player": state.first_player,
    }
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
