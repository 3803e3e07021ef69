"""The engine builds score sheets by writing their slots directly: the sheets must be the class's own.

Scoring makes one :class:`ScoreSheet` per seat at every score (bots score thousands of positions a move), so the
engine builds them without the frozen class's ``__init__``. These tests hold the builder to that ``__init__``: every
field, in order, including those left out of equality, and the builder refusing to exist if a field is added.
"""

from __future__ import annotations

import random

import attrs

import castle_combo as cc
from castle_combo.engine import scoring
from castle_combo.engine.scoring import ScoreSheet


def _fields(sheet: ScoreSheet) -> tuple[object, ...]:
    return tuple(getattr(sheet, f.name) for f in attrs.fields(ScoreSheet))


def test_a_built_sheet_has_every_field_of_the_class_own() -> None:
    rng = random.Random(3)
    for _ in range(50):
        grid = tuple(tuple(rng.randrange(-5, 20) for _ in range(3)) for _ in range(3))
        names = tuple(tuple(rng.choice([None, "Alchemist", "face down"]) for _ in range(3)) for _ in range(3))
        stored = tuple(tuple(rng.randrange(0, 4) for _ in range(3)) for _ in range(3))
        values = (rng.randrange(100), rng.randrange(9), rng.randrange(30), grid, names, stored,
                  rng.choice([None, "faith"]), rng.choice([None, 0, 3]))
        built = scoring._new_sheet(*values)
        made = ScoreSheet(*values)
        assert type(built) is ScoreSheet
        assert _fields(built) == _fields(made) == values
        assert built == made and hash(built) == hash(made) and repr(built) == repr(made)


def test_a_built_sheet_stays_frozen() -> None:
    sheet = scoring._new_sheet(1, 0, 0, ((0, 0, 0),) * 3, ((None,) * 3,) * 3, ((0, 0, 0),) * 3, None, 0)
    try:
        sheet.total = 5  # type: ignore[misc]
    except attrs.exceptions.FrozenInstanceError:
        pass
    else:
        raise AssertionError("a built sheet could be changed")


def test_the_builder_knows_every_field_of_the_class() -> None:
    """The builder unpacks exactly the class's fields: a field added to ScoreSheet must be added to it too."""
    assert [f.name for f in attrs.fields(ScoreSheet)] == [
        "total", "keys", "gold_left", "cards", "names", "stored", "wild", "seat"]


def test_final_sheets_read_like_the_game_they_score() -> None:
    state = cc.new_game(players=3, seed=11)
    rng = random.Random(11)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    for seat, sheet in enumerate(state.scores()):
        assert sheet.seat == seat and sheet.wild is None
        assert sheet.total == sum(map(sum, sheet.cards)) + sheet.keys
        assert sheet == state.provisional_score(seat)
        assert sum(1 for row in sheet.names for name in row if name is not None) == 9
