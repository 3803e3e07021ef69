"""Simulations: many games between bots, seats rotating, optionally in parallel.

A *lineup* is one bot spec per seat at the table (``("mcts", "greedy")``);
a lineup position is called a *slot*. Seats rotate between games so that no
bot keeps the advantage of playing first: in game ``i`` the bot of slot ``j``
sits at seat ``(j + i) % players``, and seat 0 always starts.

Every game is seeded from ``(seed, game index)`` alone (the deal, and each
bot's random generator), never from a generator shared between games. So a
game's outcome does not depend on which process plays it or in what order,
and ``jobs=4`` gives exactly the results of ``jobs=1``. Bots are rebuilt in
the worker from their spec strings, which pickle trivially.

Bots only ever receive ``state.view(seat)``: the simulator never shows a
bot the order of the decks. (A bot whose class says ``needs_view = False``,
like the random bot, only ever reads ``legal_actions()``, which a view
shares with the full state, so it is spared the cost of building a view.)

Games run on a *backend* (:mod:`castle_combo.bots.backends`): this process, a pool
of worker processes, or a Ray cluster. Results come back in game order and
are folded into running totals as they arrive, so memory stays bounded for
millions of games (``keep_outcomes=False``); Ctrl-C stops the workers at once
and raises :class:`SimulationInterrupted` carrying the result of the games
finished so far.

A bot is given either as a spec string of the registry (``"mcts:200"``) or
as any :class:`~castle_combo.bots.Agent` object, so a bot of your own is
measured exactly like the built-in ones. An object is shared by every game
(and copied into each worker process, so with ``jobs > 1`` it must pickle:
define its class at module level); all its randomness must come from the
``rng`` it is given, or games stop being reproducible.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import math
import operator
import pickle
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import chain, compress, filterfalse, repeat
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

import attrs

from castle_combo.bots.backends import Backend, PacedBatches, Processes, RayCluster, batches, cpu_count
from castle_combo.bots.base import Agent
from castle_combo.bots.random_agent import RandomAgent
from castle_combo.bots.registry import AGENTS, make_agent, parse_spec, timed_specs
from castle_combo.bots.stats import Z95, Interval, wilson_interval
from castle_combo.engine.counting import Placed
from castle_combo.engine.game import new_game
from castle_combo.engine.record import bot_seats
from castle_combo.engine.table import PlayerState
from castle_combo.errors import IllegalAction, SimulationError, SimulationInterrupted
from castle_combo.facts import MAX_PLAYERS, MIN_PLAYERS
from castle_combo.files import claim_folder, write_file

if TYPE_CHECKING:
    from castle_combo.language.ruleset import Ruleset

__all__ = [
    "Bot",
    "bot_name",
    "SimulationError",
    "SimulationInterrupted",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "derive_seed",
    "lineup",
    "seat_of_slot",
    "GameOutcome",
    "SlotSummary",
    "CardTally",
    "SimulationResult",
    "play_game",
    "simulate",
]

def derive_seed(seed: int, index: int, purpose: str) -> int:
    """A 63-bit seed for one purpose of one game, stable on every machine and Python.

    SHA-256 of the text ``"seed/index/purpose"``; unlike ``hash()`` it is not
    salted per process, so workers and the parent agree.
    """
    digest = hashlib.sha256(f"{seed}/{index}/{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


#: A bot of a simulation: a registry spec (``"greedy"``, ``"mcts:200"``) or an agent object.
Bot = Union[str, Agent]


def bot_name(bot: Bot) -> str:
    """How reports name ``bot``: the spec itself, or the agent's ``name``."""
    return bot if isinstance(bot, str) else str(bot.name)


def _check_bot(bot: object) -> None:
    if isinstance(bot, str):
        make_agent(bot)
    elif not isinstance(bot, Agent):
        raise SimulationError(
            f"{bot!r} is not a bot: give a bot name such as 'greedy' or an object with a 'name' "
            "and a 'choose(view, rng)' method"
        )


def lineup(specs: Sequence[Bot], players: int) -> tuple[Bot, ...]:
    """The bot of each slot: ``specs`` cycled to ``players`` entries.

    Raises :class:`SimulationError` when there are more bots than seats or a
    bot is neither a name nor an agent, and
    :class:`~castle_combo.bots.registry.UnknownAgentError` when a spec names no bot.
    """
    if not specs:
        raise SimulationError("no bots given; name at least one, e.g. bots=['greedy', 'random']")
    if len(specs) > players:
        raise SimulationError(f"{len(specs)} bots for {players} players; give at most {players} bots or raise players")
    for spec in specs:
        _check_bot(spec)
    return tuple(specs[slot % len(specs)] for slot in range(players))


def seat_of_slot(slot: int, game_index: int, players: int) -> int:
    """The seat the bot of ``slot`` takes in game ``game_index`` (seats rotate each game)."""
    return (slot + game_index) % players


@attrs.frozen
class GameOutcome:
    """How one game of a simulation ended, indexed by lineup slot (not by seat).

    ``winners`` lists the winning slots (more than one for a shared win).
    ``cards`` names each slot's face-up cards. ``think_seconds`` is the
    bots' total thinking time per slot; it is measured, not simulated, so it
    is left out of equality (two runs of the same game are equal).
    """

    index: int
    seats: tuple[int, ...]
    scores: tuple[int, ...]
    gold_left: tuple[int, ...]
    keys: tuple[int, ...]
    winners: tuple[int, ...]
    cards: tuple[tuple[str, ...], ...]
    moves: tuple[int, ...]
    record: str | None = attrs.field(default=None, eq=False, repr=False)
    think_seconds: tuple[float, ...] = attrs.field(default=(), eq=False, repr=False)


def _builders(specs: Sequence[Bot]) -> tuple[Callable[[], Agent], ...]:
    """How to get each slot's bot for a game: read each spec once, build a fresh bot per game.

    A built-in bot with no time budget is built by its registry factory
    directly, which is what :func:`~castle_combo.bots.registry.make_agent`
    does after reading the spec; any other spec (a time budget, an installed
    bot) goes through ``make_agent`` every game, as before. An agent object
    is shared by every game, and so is the built-in random bot: it keeps
    nothing between moves (a frozen object whose choice reads only the
    legal actions and the generator it is handed), so one serves every game.
    """
    built: list[Callable[[], Agent]] = []
    for spec in specs:
        if not isinstance(spec, str):
            built.append(functools.partial(_same, spec))
            continue
        parsed = parse_spec(spec)  # raises what make_agent raises for a bad spec
        if parsed.name in AGENTS and parsed.seconds is None:
            factory = AGENTS[parsed.name]
            if parsed.name == "random":
                built.append(functools.partial(_same, factory(parsed.iterations)))
            else:
                built.append(functools.partial(factory, parsed.iterations))
        else:
            built.append(functools.partial(make_agent, spec))
    return tuple(built)


def _same(agent: Agent) -> Agent:
    return agent


def _all_random(specs: Sequence[Bot]) -> bool:
    """Whether every slot's bot is the built-in random bot itself: the spec ``random`` or a ``RandomAgent``.

    The game loop then makes each choice inline, exactly as
    :meth:`RandomAgent.choose <castle_combo.bots.random_agent.RandomAgent.choose>`
    does (a uniform pick among the state's legal actions with the seat's
    generator), without a call to a bot per move. A subclass, or a bot of
    your own, is always called.
    """
    for spec in specs:
        if isinstance(spec, str):
            parsed = parse_spec(spec)
            if parsed.name != "random" or parsed.seconds is not None:
                return False
        elif type(spec) is not RandomAgent:
            return False
    return True


class _Rotation:
    """Where each slot sits in the games of one rotation of the seats (game index modulo the players)."""

    __slots__ = ("seats", "slot_at", "slot_of", "by_slot")

    def __init__(self, players: int, rotation: int) -> None:
        #: The seat of each slot (:func:`seat_of_slot`), and the slot of each seat.
        self.seats = tuple([seat_of_slot(slot, rotation, players) for slot in range(players)])
        at = [0] * players
        for slot, seat in enumerate(self.seats):
            at[seat] = slot
        self.slot_at = tuple(at)
        self.slot_of = self.slot_at.__getitem__
        #: Picks, from anything indexed by seat, the items of the slots in slot order (a tuple: players >= 2).
        self.by_slot = operator.itemgetter(*self.seats)


class _Plan:
    """What every game of a batch shares, read once: the bot of each slot, and each rotation's seats."""

    __slots__ = ("specs", "builders", "all_random", "rotations")

    def __init__(self, specs: Sequence[Bot]) -> None:
        self.specs = specs
        self.builders = _builders(specs)
        self.all_random = _all_random(specs)
        self.rotations = tuple(_Rotation(len(specs), rotation) for rotation in range(len(specs)))


def play_game(
    specs: Sequence[Bot],
    seed: int,
    index: int,
    *,
    rules: Ruleset | None = None,
    keep_record: bool = False,
) -> GameOutcome:
    """Play game ``index`` of a simulation between the bots of ``specs`` (one per slot).

    The deal and every bot's generator are seeded from ``(seed, index)``;
    each bot sees only its seat's view.
    """
    return _outcome(_play(_Plan(specs), seed, index, rules, keep_record), _card_names(rules))


#: A game's outcome as a plain tuple of :class:`GameOutcome`'s fields in order, each seat's face-up cards given
#: by card id (an index into the ruleset's cards), not by name: what a worker sends back (a tuple of numbers
#: pickles in a fraction of the time an object does) and what the totals are folded from. :func:`_outcome` makes
#: it the outcome, naming the cards.
_Row = tuple[Any, ...]

#: A placed card's card id and whether it lies face down, read in C.
_CARD = operator.itemgetter(Placed._fields.index("card"))
_FACE_DOWN = operator.itemgetter(Placed._fields.index("face_down"))
#: A seat's tableau, as the engine keeps a seat (:data:`~castle_combo.engine.table.Seat`).
_TABLEAU = operator.itemgetter(PlayerState._fields.index("tableau"))
#: What an outcome reads of a score sheet.
_SHEET = operator.attrgetter("total", "gold_left", "keys")


def _card_names(rules: Ruleset | None) -> tuple[str, ...]:
    """The name of each card id of ``rules`` (the standard ruleset when ``None``), as outcomes name cards."""
    from castle_combo.language.ruleset import Ruleset
    return tuple([card.name for card in (Ruleset.standard() if rules is None else rules).cards])


def _outcome(row: _Row, names: Sequence[str]) -> GameOutcome:
    """The outcome a row stands for, each card id named."""
    index, seats, scores, gold_left, keys, winners, ids, moves, record, think = row
    cards = tuple([tuple([names[card] for card in taken]) for taken in ids])
    return GameOutcome(index, seats, scores, gold_left, keys, winners, cards, moves, record, think)


def _play(plan: _Plan, seed: int, index: int, rules: Ruleset | None, keep_record: bool) -> _Row:
    """:func:`play_game`'s outcome as a row, with the specs already read (once per batch, not once per game)."""
    players = len(plan.specs)
    rotation = plan.rotations[index % players]
    deal = derive_seed(seed, index, "deal")
    state = new_game(players=players, seed=deal) if rules is None else new_game(players=players, seed=deal,
                                                                                   rules=rules)
    # Each seat's generator (seeded by its slot, so a bot keeps its generator whichever seat it takes).
    rng_at = [random.Random(derive_seed(seed, index, f"slot{slot}")) for slot in rotation.slot_at]
    # Each seat's thinking time, one entry a move: its length is the seat's moves, its sum the seat's time.
    spent: list[list[float]] = [[] for _ in range(players)]
    clock = time.perf_counter
    if plan.all_random:
        # RandomAgent.choose inline: a uniform pick among the legal actions, each legal (so apply cannot refuse).
        while not state.is_over:
            seat = state.to_act
            started = clock()
            actions = state.legal_actions()
            action = actions[rng_at[seat].randrange(len(actions))]
            spent[seat].append(clock() - started)
            state = state.apply(action)
    else:
        agents = [build() for build in plan.builders]  # by slot, built in slot order
        # What the loop needs, by seat: the bot's choice, and whether it is shown a view. Only bots that declare
        # they read nothing hidden (``needs_view = False``) get the state itself.
        choose = [agents[slot].choose for slot in rotation.slot_at]
        views = [getattr(agents[slot], "needs_view", True) for slot in rotation.slot_at]
        while not state.is_over:
            seat = state.to_act
            started = clock()
            action = choose[seat](state.view(seat) if views[seat] else state, rng_at[seat])
            spent[seat].append(clock() - started)
            try:
                state = state.apply(action)
            except IllegalAction as error:
                raise _illegal(plan.specs[rotation.slot_at[seat]], seat, index, seed, error) from None
    result = state.result()  # scores the game once: the sheets and the winners
    by_slot = rotation.by_slot
    scores, gold_left, keys = zip(*map(_SHEET, by_slot(result.scores)), strict=True)
    spent = by_slot(spent)
    return (
        index,
        rotation.seats,
        scores,
        gold_left,
        keys,
        tuple(sorted(map(rotation.slot_of, result.winners))),
        # the face-up cards of each seat, in the order taken, by card id
        tuple([tuple(map(_CARD, filterfalse(_FACE_DOWN, cells))) for cells in map(_TABLEAU, by_slot(state.seats))]),
        tuple(map(len, spent)),
        json.dumps(state.record(bot_seats([bot_name(plan.specs[slot]) for slot in rotation.slot_at])), indent=1)
        if keep_record else None,
        tuple(map(sum, spent)),
    )


def _illegal(bot: Bot, seat: int, index: int, seed: int, error: IllegalAction) -> SimulationError:
    return SimulationError(
        f"bot {bot_name(bot)!r} (seat {seat}) chose an illegal action in game {index} "
        f"(seed {seed}): {error}; a bot must return one of view.legal_actions()"
    )


@attrs.frozen
class SlotSummary:
    """One lineup slot's results over a simulation."""

    slot: int
    bot: str
    games: int
    wins: int
    win_rate: Interval
    score: Interval
    score_std: float
    mean_gold_left: float
    mean_keys: float
    seconds_per_move: float

    def to_json(self) -> dict[str, Any]:
        """The slot's entry of the ``--json`` output (the documented keys first)."""
        return {
            "bot": self.bot,
            "wins": self.wins,
            "mean_score": round(self.score.estimate, 3),
            "win_rate": round(self.win_rate.estimate, 4),
            "win_rate_ci95": [round(self.win_rate.low, 4), round(self.win_rate.high, 4)],
            "score_std": round(self.score_std, 3),
            "mean_gold_left": round(self.mean_gold_left, 3),
        }


@attrs.frozen
class CardTally:
    """How often a card ended face up in a winner's tableau, and how its takers fared."""

    card: str
    by_winners: int
    taken: int
    share_of_winners: float

    @property
    def win_rate_when_taken(self) -> float:
        """Of the tableaux holding this card face up, the fraction that won."""
        return self.by_winners / self.taken if self.taken else 0.0


@attrs.frozen
class SlotTotals:
    """One lineup slot's running sums over the games of a simulation (what its summary is made of)."""

    wins: int = 0
    score: float = 0.0
    score_squared: float = 0.0
    gold_left: float = 0.0
    keys: float = 0.0
    moves: int = 0
    #: Measured, not simulated: left out of equality, so two runs of the same games are equal.
    think_seconds: float = attrs.field(default=0.0, eq=False)


@attrs.frozen
class CardTotals:
    """How often one card ended face up in a tableau, and in a winner's (a shared win counts)."""

    card: str
    taken: int
    won: int


@attrs.frozen
class SimulationTotals:
    """Everything a report needs, folded game by game: its size does not grow with the games played."""

    games: int = 0
    shared_wins: int = 0
    slots: tuple[SlotTotals, ...] = ()
    cards: tuple[CardTotals, ...] = ()


class _Folder:
    """Folds outcomes into totals as they arrive (mutable, used inside :func:`simulate` only)."""

    def __init__(self, players: int, names: Sequence[str]) -> None:
        self.games = 0
        self.shared = 0
        self.slots = [[0, 0.0, 0.0, 0.0, 0.0, 0, 0.0] for _ in range(players)]
        self.names = names
        self.taken: Counter[int] = Counter()  # by card id, named when the totals are read
        self.won: Counter[int] = Counter()
        # Card ids not yet counted: a game appends its tableaux here (a list grows fast), counted a few thousand at a
        # time into the counters above, and before any total is read.
        self._taken: list[int] = []
        self._won: list[int] = []

    def add(self, row: _Row) -> None:
        """Fold one game, given as a row (:data:`_Row`)."""
        _, _, scores, gold_left, keys, winners, cards, moves, _, think = row
        self.games += 1
        self.shared += len(winners) > 1
        taken, won = self._taken, self._won
        for slot, sums in enumerate(self.slots):
            score = float(scores[slot])
            winner = slot in winners
            sums[0] += winner
            sums[1] += score
            sums[2] += score * score
            sums[3] += gold_left[slot]
            sums[4] += keys[slot]
            sums[5] += moves[slot]
            sums[6] += think[slot] if think else 0.0
            taken += cards[slot]
            if winner:
                won += cards[slot]
        if len(taken) > 50_000:
            self._count()

    def add_rows(self, rows: Sequence[_Row]) -> None:
        """Fold many games at once: the sums of :meth:`add`, each read column by column in C."""
        if not rows:
            return
        _, _, scores, gold_left, keys, winners, cards, moves, _, think = zip(*rows, strict=True)
        self.games += len(rows)
        self.shared += len(rows) - list(map(len, winners)).count(1)
        taken, won = self._taken, self._won
        for slot, sums in enumerate(self.slots):
            pick = operator.itemgetter(slot)
            score = list(map(pick, scores))
            wins = list(map(operator.contains, winners, repeat(slot)))
            held = list(map(pick, cards))
            # Whole numbers, summed exactly: the same float sums as one game at a time (each below 2 ** 53).
            sums[0] += sum(wins)
            sums[1] += sum(score)
            sums[2] += sum(map(operator.mul, score, score))
            sums[3] += sum(map(pick, gold_left))
            sums[4] += sum(map(pick, keys))
            sums[5] += sum(map(pick, moves))
            sums[6] += sum(map(pick, think))
            taken.extend(chain.from_iterable(held))
            won.extend(chain.from_iterable(compress(held, wins)))
        if len(taken) > 50_000:
            self._count()

    def _count(self) -> None:
        """Count the card ids waiting into the counters."""
        self.taken.update(self._taken)
        self.won.update(self._won)
        self._taken.clear()
        self._won.clear()

    def totals(self) -> SimulationTotals:
        self._count()
        slots = tuple(SlotTotals(int(w), sc, sq, g, k, int(m), t) for w, sc, sq, g, k, m, t in self.slots)
        taken: Counter[str] = Counter()
        won: Counter[str] = Counter()
        names = self.names
        for card, count in self.taken.items():  # by name (two ids of one name, were there any, count as one card)
            taken[names[card]] += count
        for card, count in self.won.items():
            won[names[card]] += count
        cards = tuple(CardTotals(card, taken[card], won[card]) for card in sorted(taken))
        return SimulationTotals(self.games, self.shared, slots, cards)


def _mean_interval(n: int, total: float, squares: float) -> tuple[Interval, float]:
    """The mean with its normal 95% interval, and the sample standard deviation, from running sums."""
    if n == 0:
        return Interval(0.0, 0.0, 0.0), 0.0
    mean = total / n
    if n == 1:
        return Interval(mean, mean, mean), 0.0
    std = math.sqrt(max(0.0, (squares - n * mean * mean) / (n - 1)))
    spread = Z95 * std / math.sqrt(n)
    return Interval(mean, mean - spread, mean + spread), std


@attrs.frozen
class SimulationResult:
    """The result of a simulation: its totals, and every game in order when they were kept.

    ``outcomes`` holds every game (``keep_outcomes=True``, the default) or is
    empty (a long run that only needs the report). ``interrupted`` says the
    run was stopped early (the totals cover the games finished, in order);
    ``save_error`` says why saving records stopped, if it did; ``jobs`` is the
    number of worker processes really used. ``timed_bots`` names the bots
    that thought for a time per move (``mcts:time=0.5``): their moves depend
    on the machine's speed and load, so such a result is not
    :attr:`reproducible` from its seed.
    """

    players: int
    bots: tuple[str, ...]
    seed: int
    totals: SimulationTotals
    outcomes: tuple[GameOutcome, ...] = ()
    interrupted: bool = False
    save_error: str | None = None
    jobs: int = attrs.field(default=1, eq=False)
    timed_bots: tuple[str, ...] = ()

    @property
    def reproducible(self) -> bool:
        """Whether the same seed gives this result again: no bot thought for a time per move."""
        return not self.timed_bots

    @property
    def games(self) -> int:
        """How many games were played."""
        return self.totals.games

    def summaries(self) -> tuple[SlotSummary, ...]:
        """One summary per lineup slot, in lineup order. A shared win counts for each winner."""
        result = []
        n = self.games
        for slot, (bot, sums) in enumerate(zip(self.bots, self.totals.slots, strict=True)):
            score, std = _mean_interval(n, sums.score, sums.score_squared)
            result.append(
                SlotSummary(
                    slot=slot,
                    bot=bot,
                    games=n,
                    wins=sums.wins,
                    win_rate=wilson_interval(sums.wins, n),
                    score=score,
                    score_std=std,
                    mean_gold_left=sums.gold_left / max(1, n),
                    mean_keys=sums.keys / max(1, n),
                    seconds_per_move=sums.think_seconds / sums.moves if sums.moves else 0.0,
                )
            )
        return tuple(result)

    def winner_cards(self, top: int = 10) -> tuple[CardTally, ...]:
        """The cards most often face up in a winner's tableau, most frequent first.

        Ties are broken by the better win rate when taken, then by name, so
        the table is the same on every run.
        """
        winner_tableaux = sum(sums.wins for sums in self.totals.slots)
        tallies = [
            CardTally(c.card, c.won, c.taken, c.won / winner_tableaux if winner_tableaux else 0.0)
            for c in self.totals.cards if c.won
        ]
        tallies.sort(key=lambda t: (-t.by_winners, -t.win_rate_when_taken, t.card))
        return tuple(tallies[:top])

    def to_json(self) -> dict[str, Any]:
        """The ``castle-combo simulate --json`` document (the CLI reference), plus a few extra keys."""
        out = {
            "games": self.games,
            "seats": [summary.to_json() for summary in self.summaries()],
            "players": self.players,
            "seed": self.seed,
            "shared_wins": self.totals.shared_wins,
            "reproducible": self.reproducible,
            "timed_bots": list(self.timed_bots),
        }
        if self.interrupted:
            out["interrupted"] = True
        return out


@attrs.frozen
class _Context:
    """What every worker needs for every game of a simulation, sent to it once."""

    specs: tuple[Bot, ...]
    seed: int
    rules: Ruleset | None
    keep_record: bool


def _play_batch(context: _Context, start: int, stop: int) -> list[_Row]:
    """Worker entry point (a module-level function, so it pickles): games ``start`` to ``stop - 1``, as rows."""
    plan, seed, rules, keep_record = _Plan(context.specs), context.seed, context.rules, context.keep_record
    return [_play(plan, seed, index, rules, keep_record) for index in range(start, stop)]


def _backend(backend: str | Backend, jobs: int, address: str | None) -> Backend:
    if not isinstance(backend, str):
        return backend
    if backend == "processes":
        return Processes(jobs)
    if backend == "ray":
        return RayCluster(address, cpus=jobs if address is None else None)
    raise SimulationError(f"backend must be 'processes' or 'ray', got {backend!r}")


@contextlib.contextmanager
def _records_folder(save: Path | str | None, overwrite: bool) -> Iterator[Path | None]:
    """The folder records go to, held for the run (:func:`~castle_combo.files.claim_folder`).

    A folder that holds records of an earlier run is refused unless
    ``overwrite``, which deletes them first; a folder another run is writing
    into right now is refused either way, so two runs never mix or replace
    each other's records.
    """
    if save is None:
        yield None
        return
    with claim_folder(save, SimulationError) as folder:
        try:
            earlier = sorted(folder.glob("game-*.json"))
        except OSError as error:
            raise SimulationError(f"cannot list the folder {folder}: {error.strerror or error}") from None
        if earlier and not overwrite:
            raise SimulationError(f"{folder} already holds {len(earlier)} game records of an earlier run; choose "
                                  "another folder, or overwrite them (--overwrite, or overwrite=True in Python)")
        for old in earlier:
            try:
                old.unlink()
            except OSError as error:
                raise SimulationError(f"cannot delete the earlier record {old}: {error.strerror or error}") from None
        yield folder


def _save_record(folder: Path, name: str, record: str) -> None:
    """Write one record whole or not at all, never over a file (:func:`~castle_combo.files.write_file`)."""
    write_file(folder / name, record + "\n", SimulationError)


def simulate(
    bots: Sequence[Bot],
    players: int = 2,
    games: int = 100,
    seed: int = 0,
    jobs: int = 1,
    rules: Ruleset | None = None,
    save: Path | str | None = None,
    progress: Callable[[GameOutcome], None] | None = None,
    *,
    backend: str | Backend = "processes",
    address: str | None = None,
    keep_outcomes: bool = True,
    overwrite: bool = False,
) -> SimulationResult:
    """Play ``games`` games between ``bots`` (cycled to ``players`` seats), seats rotating.

    A bot is a registry spec or an agent object (see the module docstring).

    ``backend="processes"`` plays in this process (``jobs=1``) or in ``jobs``
    worker processes (capped at the CPUs this process may use; the result
    says how many ran); ``backend="ray"`` plays as Ray tasks, on the cluster
    at ``address`` or on a local Ray of ``jobs`` CPUs started for the run. The
    result is identical whatever the backend and the number of jobs.

    ``save`` writes each game's record to ``DIR/game-00001.json`` (replayable
    with ``castle-combo replay``), each file written whole or not at all; a
    folder holding records of an earlier run is refused unless ``overwrite``.
    If saving fails (a full disk), the games go on and ``save_error`` says
    which file failed. ``progress`` is called once per finished game, in
    game order. ``keep_outcomes=False`` keeps only the totals, so a run of
    millions of games uses little memory. A bot with a time budget
    (``"mcts:time=0.5"``) gives up that identity: its moves depend on the
    machine's speed and load, and the result's ``timed_bots`` names it
    (``reproducible`` is then false). Ctrl-C raises
    :class:`SimulationInterrupted`, whose ``partial`` is the result so far.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SimulationError(f"players must be a number from {MIN_PLAYERS} to {MAX_PLAYERS}, got {players!r}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimulationError(f"games must be a whole number of at least 1, got {games!r}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise SimulationError(f"jobs must be a whole number of at least 1, got {jobs!r}")
    specs = lineup(bots, players)
    if backend == "processes":
        jobs = min(jobs, cpu_count(), games)
    runner = _backend(backend, jobs, address)
    if (jobs > 1 or not isinstance(runner, Processes)) and games > 1:
        _check_picklable(specs)
    with _records_folder(save, overwrite) as folder:
        return _run(runner, specs, players, games, seed, rules, folder, progress, keep_outcomes, jobs)


def _run(runner: Backend, specs: tuple[Bot, ...], players: int, games: int, seed: int, rules: Ruleset | None,
         folder: Path | None, progress: Callable[[GameOutcome], None] | None, keep_outcomes: bool,
         jobs: int) -> SimulationResult:
    """Play the games on ``runner``, saving each record into ``folder`` (held by the caller), and sum them up."""
    width = max(5, len(str(games)))
    names_of_cards = _card_names(rules)
    folder_of_records = _Folder(players, names_of_cards)
    kept: list[GameOutcome] = []
    save_error: str | None = None
    context = _Context(specs, seed, rules, folder is not None)
    names = tuple(bot_name(spec) for spec in specs)
    add, add_rows = folder_of_records.add, folder_of_records.add_rows

    def result(interrupted: bool) -> SimulationResult:
        return SimulationResult(players, names, seed, folder_of_records.totals(), tuple(kept), interrupted,
                                save_error, jobs, timed_specs(specs))

    try:
        # Local workers get batches sized by the pace of the games; Ray (whose cluster may have many more CPUs
        # than ``jobs`` says) and any other backend get the fixed batches.
        paced = PacedBatches(games, jobs) if isinstance(runner, Processes) else None
        for batch in runner.run(_play_batch, context, paced if paced is not None else batches(games, jobs)):
            if paced is not None:
                paced.done(len(batch))
            if folder is None and not keep_outcomes and progress is None:  # only the totals are read
                add_rows(batch)
                continue
            for row in batch:
                record = row[8]
                if folder is not None and record is not None and save_error is None:
                    try:
                        _save_record(folder, f"game-{row[0] + 1:0{width}d}.json", record)
                    except SimulationError as error:
                        save_error = str(error)
                add(row)
                if keep_outcomes or progress is not None:  # the outcome object only when someone reads it
                    outcome = _outcome(row, names_of_cards)
                    if keep_outcomes:
                        kept.append(attrs.evolve(outcome, record=None) if record else outcome)
                    if progress is not None:
                        progress(outcome)
    except KeyboardInterrupt:
        raise SimulationInterrupted(result(True)) from None
    return result(False)


def _check_picklable(specs: Sequence[Bot]) -> None:
    """Worker processes receive bots by pickling: refuse, clearly, a bot that cannot travel."""
    for spec in specs:
        if isinstance(spec, str):
            continue
        try:
            pickle.dumps(spec)
        except Exception as error:  # pickling can fail in many ways, all meaning the same here
            raise SimulationError(
                f"bot {bot_name(spec)!r} cannot be sent to worker processes ({error}); "
                "define its class at module level, or use jobs=1"
            ) from None
