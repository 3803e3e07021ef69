"""The immutable game state: :class:`GameState`, a table with the rules of play as its methods.

A state is a value. :meth:`GameState.apply` returns a new one and never
changes the old; everything inside is a frozen attrs class or a tuple. The
data and its accessors are a :class:`~castle_combo.engine.table.Table`; this module
binds to it the functions that read it: the rules (:mod:`castle_combo.engine.rules`),
scoring (:mod:`castle_combo.engine.scoring`), hidden information
(:mod:`castle_combo.engine.views`) and records (:mod:`castle_combo.engine.record`). Those
modules know tables, not this class, so every import points one way.

The randomness of the game lives in the state too (``rng``, an integer seed
for the next reshuffle), so a state saved and loaded continues exactly as the
original would.

The parts of a state are defined in :mod:`castle_combo.engine.table` and
:mod:`castle_combo.engine.decisions` and re-exported here, their long-standing home.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

import attrs

from castle_combo import pictures
from castle_combo.engine import record as records
from castle_combo.engine import rules, scoring, views
from castle_combo.engine.actions import Action, Take
from castle_combo.engine.compiled import Compiled, compiled
from castle_combo.engine.decisions import Frame, Pending, Resume
from castle_combo.engine.table import (
    CARDS_PER_PLAYER,
    Location,
    Origin,
    Phase,
    PlayerState,
    Reshuffle,
    ScriptedReshuffle,
    Seat,
    Table,
    TableauCard,
    new,
    player_of,
    recounted,
    seat_of,
    waiting_of,
)
from castle_combo.language.model import Deck
from castle_combo.language.ruleset import Ruleset

__all__ = [
    "CARDS_PER_PLAYER",
    "Frame",
    "GameState",
    "Location",
    "Origin",
    "Pending",
    "Phase",
    "PlayerState",
    "Reshuffle",
    "Resume",
    "ScriptedReshuffle",
    "TableauCard",
    "recounted",
]


class GameState(Table):
    """A whole game at one moment (see :class:`~castle_combo.engine.table.Table` for its fields).

    Build one with :func:`castle_combo.new_game`, :func:`castle_combo.replay`
    or :func:`castle_combo.loads`; change one by hand (a puzzle, a test) with
    :meth:`replace`.

    ``repr(state)`` is one line, ``str(state)`` a compact text table and, in
    Jupyter, a state shows itself as a picture (:meth:`_repr_svg_`); all
    three show only public facts, never a deck's order.

    Two states are equal when every field but ``engine`` is equal (the
    compiled ruleset is a function of ``rules``). A state is a named tuple of
    its fields; its legal actions, once asked for, are kept beside it.
    """

    _legal: tuple[Action, ...] | None = None

    def __new__(
        cls,
        rules: Ruleset,
        players: tuple[PlayerState | Seat, ...],
        current_player: int,
        first_player: int,
        taken: int,
        phase: Phase,
        messenger: Deck,
        locations: tuple[Location, Location],
        pending: Pending | None,
        history: tuple[Action, ...],
        rng: int,
        origin: Origin | None,
        script: tuple[ScriptedReshuffle, ...] = (),
        viewer: int | None = None,
        opened_lock: bool = False,
        row_gold: tuple[tuple[int, int], ...] = (),
        known: tuple[tuple[int, int, int], ...] = (),
        reserved_at_end: tuple[tuple[int, ...], ...] = (),
        engine: Compiled | None = None,
    ) -> GameState:
        """A state from its fields (``engine`` is compiled from ``rules`` when not given)."""
        if any(type(p) is PlayerState or len(p) == _RECORD_FIELDS for p in players):  # records (or plain tuples
            players = tuple(seat_of(p) for p in players)  # in their field order), kept by the engine as seats
        return new(cls, (rules, players, current_player, first_player, taken, phase,
                         messenger, locations, pending, history, rng, origin, script, viewer, opened_lock, row_gold,
                         known, reserved_at_end, compiled(rules) if engine is None else engine))

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self[:_VALUE] == other[:_VALUE]

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self[:_VALUE])

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle the value only: the compiled engine is rebuilt from the ruleset when loaded.

        So states and views travel to worker processes; a view stays a view
        (it never held the hidden deck order to begin with).
        """
        return (_unpickle, (type(self), tuple(self[:_VALUE])))

    def __copy__(self) -> GameState:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> GameState:
        return self

    def replace(self, **changes: Any) -> GameState:
        """This state with the fields named in ``changes`` changed: the one way to build a position by hand.

        The seats' aggregates (face-up shields and banners, free spots) are
        recounted from their tableaux, and the engine compiled again if
        ``rules`` changed, so a position built this way is one the engine
        can play from. A seat's gold, keys and discounts are kept as given:
        a discount comes from an ability that resolved when its card was
        bought (a card turned face up without its ability gives none), so a
        position with discount cards sets ``discounts`` in its
        :class:`PlayerState` itself. The state itself is never changed.
        Whether the position could arise in a game is not checked here:
        saves are (see :func:`castle_combo.loads`).
        """
        unknown = sorted(set(changes) - set(_PUBLIC))
        if unknown:
            inner = _INNER.get(unknown[0])
            hint = (f" ({unknown[0]!r} is how the state keeps them inside; replace {inner!r}, each a "
                    f"{'PlayerState' if inner == 'players' else 'Location'})") if inner else ""
            raise TypeError(f"a GameState has no field {unknown[0]!r} to replace{hint}; its fields: "
                            f"{', '.join(_PUBLIC)}")
        if "rules" in changes and "engine" not in changes:
            changes["engine"] = compiled(changes["rules"])
        engine = changes.get("engine", self.engine)
        if "players" in changes or "engine" in changes:
            players = changes.get("players", self.players)
            changes["players"] = tuple(seat_of(recounted(PlayerState(*player) if len(player) == _RECORD_FIELDS
                                                         else player_of(player), engine)) for player in players)
        values = [changes.get(name, value) for name, value in zip(_PUBLIC, self, strict=True)]
        return new(type(self), values)

    @property
    def players(self) -> tuple[PlayerState, ...]:
        """The seats, each a :class:`PlayerState` (built when first read, then kept with the state)."""
        kept = self.__dict__
        players: tuple[PlayerState, ...] | None = kept.get("_players")
        if players is None:
            players = kept["_players"] = Table.players.fget(self)  # type: ignore[attr-defined]
        return players

    @property
    def locations(self) -> tuple[Location, Location]:
        """The castle and the village, each a :class:`Location` (built when first read, then kept with the state)."""
        kept = self.__dict__
        locations: tuple[Location, Location] | None = kept.get("_locations")
        if locations is None:
            locations = kept["_locations"] = Table.locations.fget(self)  # type: ignore[attr-defined]
        return locations

    def __repr__(self) -> str:
        seats = len(self.players)
        where = self.messenger.value
        if self.is_over:
            return f"<GameState {seats} players, game over after {self.taken} cards>"
        turn = self.turn  # the turn being played: its card may be taken already, the last while the game ends
        owed = ", a decision pending" if self.pending is not None else ""
        if self.to_act != self.current_player:
            owed = f", seat {self.to_act} owes a decision"
        return (f"<GameState {seats} players, turn {turn} of {CARDS_PER_PLAYER * seats}, seat "
                f"{self.current_player} to play, messenger at the {where}{owed}>")

    def __str__(self) -> str:
        lines = []
        for deck in (Deck.CASTLE, Deck.VILLAGE):
            mark = " (messenger)" if self.messenger is deck else ""
            cards = " | ".join(f"{c.name} {c.cost}g" + (f" +{self.gold_in_row(c)}g on it" if self.row_gold and
                                                         self.gold_in_row(c) else "")
                               for c in self.row(deck)) or "empty"
            lines.append(f"{deck.value.capitalize()} row{mark}: {cards}   "
                         f"[deck {self.deck_size(deck)}, discard {len(self.location(deck).discard)}]")
        picture = self.picture()
        for seat, player in enumerate(self.players):
            turn = " - to play" if seat == self.to_act and not self.is_over else ""
            waiting = f" (+{player.keys_on_cards} on locks)" if player.keys_on_cards else ""
            waiting += f" ({player.locked_keys} locked on cards, not theirs)" if player.locked_keys else ""
            kept = self.reserved_card(seat)
            waiting += f" (reserved beside the tableau: {kept.name})" if kept is not None else ""
            lines.append(f"seat {seat}: {picture.seats[seat].gold} gold, {player.keys} keys{waiting}{turn}")
            grid = {(cell.col, cell.row): cell for cell in picture.seats[seat].cells}
            if not grid:
                lines.append("  (no card yet)")
                continue
            for r in range(3):
                words = []
                for c in range(3):
                    cell = grid.get((c, r))
                    if cell is None:
                        words.append(".")
                    else:
                        card = cell.card.name if cell.card is not None else "?"
                        name = f"[{card}]" if cell.face_down else card
                        extra = f" +{cell.gold}g" if cell.gold else ""
                        extra += f" +{cell.locked}k" if cell.locked else ""  # keys locked on it
                        extra += f" ({cell.shield})" if cell.shield else ""  # the type named for its chosen shield
                        words.append(name + extra + (" (key)" if cell.key else ""))
                lines.append("  " + " | ".join(f"{w:<16}" for w in words).rstrip())
        pending = self.pending
        if pending is not None:  # a decision owed: who owes it and what (the rows are refilled after it)
            card = self.rules.cards[pending.frames[-1].card].name if pending.frames else ""
            lines.append(f"owed: seat {self.to_act} must {pending.decision.owed(self, card)}"
                         + (" (the rows are refilled at the end of the turn)" if self.card_taken else ""))
        return "\n".join(lines)

    def picture(
        self,
        names: Sequence[str] | None = None,
        corners: Sequence[tuple[int, int]] | None = None,
        since: GameState | None = None,
    ) -> pictures.TablePicture:
        """The public table as picture data (see :mod:`castle_combo.pictures`); ``names`` names the seats.

        Each tableau is drawn in its 3x3 grid from ``corners[seat]``, the
        position of the grid's top left card (by default the leftmost and
        topmost of the cards so far: a replay passes the final grid's, so
        cards never move between steps). ``since``, the state before the
        last move, marks the cards that move changed. Once the game is over
        the picture shows the table after the end-of-game purse filling: the
        gold on each purse card and the gold left, as the score sheets count
        them.
        """
        sheets = self.scores() if self.is_over else None
        fresh: list[str] = []
        if since is not None:
            for deck in (Deck.CASTLE, Deck.VILLAGE):
                fresh += [card.name for card in self.row(deck) if card not in since.row(deck)]
        seats = []
        for seat, player in enumerate(self.players):
            placed = self.tableau(seat)
            first = (min((t.at[0] for t in placed), default=0), min((t.at[1] for t in placed), default=0))
            left, top = corners[seat] if corners is not None else first
            before = {t.card.name: t for t in since.tableau(seat)} if since is not None else None
            cells = []
            for t in placed:
                col, row = t.at[0] - left, t.at[1] - top
                # The score sheet's grid starts at this state's own top left card.
                gold = (sheets[seat].stored[t.at[1] - first[1]][t.at[0] - first[0]]
                        if sheets is not None and not t.face_down else t.gold)
                old = before.get(t.card.name) if before is not None else None
                changed = before is not None and (old is None or (old.at, old.face_down, old.gold, old.key, old.keys)
                                                  != (t.at, t.face_down, gold, t.key, t.keys))
                cells.append(pictures.Cell(t.card, col, row, t.face_down, gold, t.key, changed, t.keys,
                                           t.shield.value if t.shield is not None else None))
            name = names[seat] if names is not None else f"Seat {seat}"
            seats.append(pictures.SeatPicture(name, player.gold if sheets is None else sheets[seat].gold_left,
                                              player.keys, tuple(cells), player.keys_on_cards,
                                              seat == self.to_act and not self.is_over,
                                              getattr(self.reserved_card(seat), "name", "")))
        return pictures.TablePicture(
            self.row(Deck.CASTLE), self.row(Deck.VILLAGE), self.messenger.value,
            (self.deck_size(Deck.CASTLE), self.deck_size(Deck.VILLAGE)),
            (len(self.location(Deck.CASTLE).discard), len(self.location(Deck.VILLAGE).discard)),
            tuple(seats),
            fresh=tuple(fresh),
            castle_gold=tuple(self.gold_in_row(c) for c in self.row(Deck.CASTLE)) if self.row_gold else (),
            village_gold=tuple(self.gold_in_row(c) for c in self.row(Deck.VILLAGE)) if self.row_gold else (),
        )

    def _repr_svg_(self) -> str:
        """The table as an SVG picture (Jupyter calls this to display a state)."""
        return pictures.table(self.picture())

    # ------------------------------------------------------------------- rules
    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action, in a fixed order (empty once the game is over).

        When a decision is owed, its answers in order: options 1, 2, ...; the
        cards of the row in row order; the castle row then the village row;
        adjacent cards or lock cards in the order they were taken, then
        ``Pass``. Otherwise: opening each lock that can be opened (in the
        order the cards were taken), then the key actions (move, refresh),
        then takes in row order, face up before face down, each at every
        legal position in reading order.
        """
        legal = self._legal
        if legal is None:
            legal = self.__dict__["_legal"] = rules.legal_actions(self)
        return legal

    def apply(self, action: Action) -> GameState:
        """The state after ``action``; raises :class:`~castle_combo.errors.IllegalAction` saying why.

        The state itself is never changed.
        """
        if type(action) is Take:  # most actions: straight to the take (as ``rules.apply`` does, one call fewer)
            return rules.take(self, action)
        return rules.apply(self, action)

    # ----------------------------------------------------------------- scoring
    def scores(self) -> tuple[scoring.ScoreSheet, ...]:
        """Final score sheets per seat; raises :class:`~castle_combo.errors.GameNotOver` before the end."""
        return scoring.final_scores(self)

    def provisional_scores(self) -> tuple[scoring.ScoreSheet, ...]:
        """Score sheets as if the game ended now (purse placement included); for display and bots."""
        return scoring.score_state(self)

    def provisional_score(self, seat: int) -> scoring.ScoreSheet:
        """``seat``'s score sheet as if the game ended now; equal to ``provisional_scores()[seat]``, cheaper."""
        return scoring.score_seat(self, seat)

    def result(self) -> scoring.Result:
        """Winners (tie broken by most gold left; a remaining tie is shared) and score sheets."""
        return scoring.result(self)

    # ----------------------------------------------------- hidden information
    def view(self, seat: int) -> GameState:
        """The state as ``seat`` may know it: every deck's order hidden, everything public kept."""
        return views.view(self, seat)

    def determinize(self, rng: random.Random) -> GameState:
        """A full state consistent with this one (usually a view), hidden deck orders drawn from ``rng``."""
        return views.determinize(self, rng)

    # ----------------------------------------------------------------- records
    def record(self, seats: Sequence[records.Seat] | None = None) -> dict[str, Any]:
        """The game so far in the game-record format (a seat's view gives a public record without decks).

        ``seats`` (one :class:`~castle_combo.engine.record.Seat` per seat) names
        who played, for a replay to show.
        """
        return records.record(self, seats)


#: How many fields a seat given as a record has (:class:`PlayerState`'s), against a :data:`Seat`'s.
_RECORD_FIELDS = len(PlayerState._fields)
#: The fields as :meth:`GameState.replace` names them: the seats as ``players``, the places as ``locations``.
_INNER = {"seats": "players", "places": "locations"}
_PUBLIC = tuple(_INNER.get(name, name) for name in Table._fields)
#: How many leading fields make a state's value (all but ``engine``).
_VALUE = len(Table._fields) - 1


def _unpickle(cls: type[GameState], values: tuple[object, ...]) -> GameState:
    """A state of class ``cls`` from its pickled value (see :meth:`GameState.__reduce__`)."""
    rules = values[0]
    assert isinstance(rules, Ruleset)
    # What waits on each seat as the shared NOTHING_WAITING again where nothing does (the fast paths test it by
    # identity; a pickle keeps only an equal copy).
    seats = tuple(seat[:8] + (waiting_of(*seat[8]),) for seat in cast("tuple[Seat, ...]", values[1]))
    return new(cls, (values[0], seats, *values[2:], compiled(rules)))
