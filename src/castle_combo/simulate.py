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
bot the order of the decks.

A bot is given either as a spec string of the registry (``"mcts:200"``) or
as any :class:`~castle_combo.agents.Agent` object, so a bot of your own is
measured exactly like the built-in ones. An object is shared by every game
(and copied into each worker process, so with ``jobs > 1`` it must pickle:
define its class at module level); all its randomness must come from the
``rng`` it is given, or games stop being reproducible.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

import attrs

from castle_combo.agents.base import Agent
from castle_combo.agents.registry import make_agent
from castle_combo.errors import CastleComboError, IllegalAction
from castle_combo.stats import Interval, mean_interval, mean_std, wilson_interval

if TYPE_CHECKING:
    from castle_combo.ruleset import Ruleset
    from castle_combo.state import GameState

__all__ = [
    "Bot",
    "bot_name",
    "SimulationError",
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

MIN_PLAYERS = 2
MAX_PLAYERS = 5


class SimulationError(CastleComboError):
    """A simulation was asked for something impossible (a bad player or game count)."""


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
    :class:`~castle_combo.agents.registry.UnknownAgentError` when a spec names no bot.
    """
    if not specs:
        raise SimulationError("no bots given; name at least one, e.g. --bots greedy,random")
    if len(specs) > players:
        raise SimulationError(
            f"{len(specs)} bots for {players} players; give at most {players} bot names or raise --players"
        )
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


def _face_up_names(state: GameState, seat: int) -> tuple[str, ...]:
    """The names of the face-up cards in a seat's tableau, in reading order."""
    return tuple(placed.card.name for placed in state.tableau(seat) if not placed.face_down)


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
    from castle_combo import new_game

    players = len(specs)
    agents = [make_agent(spec) if isinstance(spec, str) else spec for spec in specs]
    rngs = [random.Random(derive_seed(seed, index, f"slot{slot}")) for slot in range(players)]
    seats = tuple(seat_of_slot(slot, index, players) for slot in range(players))
    slot_at = {seat: slot for slot, seat in enumerate(seats)}
    kwargs: dict[str, Any] = {"players": players, "seed": derive_seed(seed, index, "deal")}
    if rules is not None:
        kwargs["rules"] = rules
    state = new_game(**kwargs)
    moves = [0] * players
    think = [0.0] * players
    while not state.is_over:
        seat = state.current_player
        slot = slot_at[seat]
        started = time.perf_counter()
        action = agents[slot].choose(state.view(seat), rngs[slot])
        think[slot] += time.perf_counter() - started
        moves[slot] += 1
        try:
            state = state.apply(action)
        except IllegalAction as error:
            raise SimulationError(
                f"bot {bot_name(specs[slot])!r} (seat {seat}) chose an illegal action in game {index} "
                f"(seed {seed}): {error}; a bot must return one of view.legal_actions()"
            ) from None
    sheets = state.scores()
    winning_seats = state.result().winners
    return GameOutcome(
        index=index,
        seats=seats,
        scores=tuple(sheets[seat].total for seat in seats),
        gold_left=tuple(sheets[seat].gold_left for seat in seats),
        keys=tuple(sheets[seat].keys for seat in seats),
        winners=tuple(sorted(slot_at[seat] for seat in winning_seats)),
        cards=tuple(_face_up_names(state, seat) for seat in seats),
        moves=tuple(moves),
        record=json.dumps(state.record(), indent=1) if keep_record else None,
        think_seconds=tuple(think),
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
        """The slot's entry of the ``--json`` output (DESIGN.md keys first)."""
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
class SimulationResult:
    """Every game of a simulation, in game order, with the summaries a report needs."""

    players: int
    bots: tuple[str, ...]
    seed: int
    outcomes: tuple[GameOutcome, ...]

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.outcomes)

    def summaries(self) -> tuple[SlotSummary, ...]:
        """One summary per lineup slot, in lineup order. A shared win counts for each winner."""
        result = []
        for slot, bot in enumerate(self.bots):
            wins = sum(1 for o in self.outcomes if slot in o.winners)
            scores = [float(o.scores[slot]) for o in self.outcomes]
            _, std = mean_std(scores)
            moves = sum(o.moves[slot] for o in self.outcomes)
            think = sum(o.think_seconds[slot] for o in self.outcomes if o.think_seconds)
            n = max(1, self.games)
            result.append(
                SlotSummary(
                    slot=slot,
                    bot=bot,
                    games=self.games,
                    wins=wins,
                    win_rate=wilson_interval(wins, self.games),
                    score=mean_interval(scores),
                    score_std=std,
                    mean_gold_left=sum(o.gold_left[slot] for o in self.outcomes) / n,
                    mean_keys=sum(o.keys[slot] for o in self.outcomes) / n,
                    seconds_per_move=think / moves if moves else 0.0,
                )
            )
        return tuple(result)

    def winner_cards(self, top: int = 10) -> tuple[CardTally, ...]:
        """The cards most often face up in a winner's tableau, most frequent first.

        Ties are broken by the better win rate when taken, then by name, so
        the table is the same on every run.
        """
        by_winners: Counter[str] = Counter()
        taken: Counter[str] = Counter()
        winner_tableaux = 0
        for outcome in self.outcomes:
            for slot, names in enumerate(outcome.cards):
                taken.update(names)
                if slot in outcome.winners:
                    winner_tableaux += 1
                    by_winners.update(names)
        tallies = [
            CardTally(card, count, taken[card], count / winner_tableaux if winner_tableaux else 0.0)
            for card, count in by_winners.items()
        ]
        tallies.sort(key=lambda t: (-t.by_winners, -t.win_rate_when_taken, t.card))
        return tuple(tallies[:top])

    def to_json(self) -> dict[str, Any]:
        """The ``castle-combo simulate --json`` document (DESIGN.md), plus a few extra keys."""
        return {
            "games": self.games,
            "seats": [summary.to_json() for summary in self.summaries()],
            "players": self.players,
            "seed": self.seed,
            "shared_wins": sum(1 for o in self.outcomes if len(o.winners) > 1),
        }


def _play_indexed(
    specs: tuple[Bot, ...], seed: int, index: int, rules: Ruleset | None, keep_record: bool
) -> GameOutcome:
    """Worker entry point (a module-level function, so it pickles)."""
    return play_game(specs, seed, index, rules=rules, keep_record=keep_record)


def _outcomes(
    specs: tuple[Bot, ...],
    games: int,
    seed: int,
    jobs: int,
    rules: Ruleset | None,
    keep_record: bool,
) -> Iterator[GameOutcome]:
    """Play every game, yielding outcomes as they finish (any order when ``jobs > 1``)."""
    if jobs <= 1 or games <= 1:
        for index in range(games):
            yield play_game(specs, seed, index, rules=rules, keep_record=keep_record)
        return
    with ProcessPoolExecutor(max_workers=min(jobs, games)) as pool:
        futures = [
            pool.submit(_play_indexed, specs, seed, index, rules, keep_record) for index in range(games)
        ]
        for future in as_completed(futures):
            yield future.result()


def simulate(
    bots: Sequence[Bot],
    *,
    players: int = 2,
    games: int = 20,
    seed: int = 0,
    jobs: int = 1,
    rules: Ruleset | None = None,
    save: Path | str | None = None,
    progress: Callable[[GameOutcome], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games between ``bots`` (cycled to ``players`` seats), seats rotating.

    A bot is a registry spec or an agent object (see the module docstring).

    ``jobs`` > 1 plays games in that many worker processes; the result is
    identical to ``jobs=1``. ``save`` writes each game's record to
    ``DIR/game-00001.json`` (replayable with ``castle-combo replay``).
    ``progress`` is called once per finished game.
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SimulationError(f"--players must be between {MIN_PLAYERS} and {MAX_PLAYERS}, got {players}")
    if games < 1:
        raise SimulationError(f"--games must be at least 1, got {games}")
    if jobs < 1:
        raise SimulationError(f"--jobs must be at least 1, got {jobs}")
    specs = lineup(bots, players)
    if jobs > 1 and games > 1:
        _check_picklable(specs)
    folder = Path(save) if save is not None else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    width = max(5, len(str(games)))
    collected: dict[int, GameOutcome] = {}
    for outcome in _outcomes(specs, games, seed, jobs, rules, folder is not None):
        if folder is not None and outcome.record is not None:
            (folder / f"game-{outcome.index + 1:0{width}d}.json").write_text(outcome.record + "\n", encoding="utf-8")
        collected[outcome.index] = outcome
        if progress is not None:
            progress(outcome)
    names = tuple(bot_name(spec) for spec in specs)
    return SimulationResult(players, names, seed, tuple(collected[i] for i in range(games)))


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
