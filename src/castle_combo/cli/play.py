"""``castle-combo play``: a game in the terminal, you against 1 to 4 bots.

The loop shows the table as your seat sees it, lists your legal moves,
reads one line, and applies it; bots move in between and their moves are
printed. States are immutable values, so ``undo`` is a stack of earlier
states: it returns to your previous decision point (bots' generators are
restored too, so they answer the same move the same way). Bad input
re-prompts with a hint; end of input (Ctrl-D) leaves the game cleanly.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
from typing import Any, TextIO

import attrs
from rich.console import Console
from rich.markup import escape

from castle_combo.agents.base import Agent
from castle_combo.agents.registry import agent_names, make_agent, parse_agents
from castle_combo.cli._play_input import BadInput, Command, compact, parse_input
from castle_combo.cli._ruleset_options import add_ruleset_options, ruleset_from
from castle_combo.errors import CastleComboError
from castle_combo.facts import MAX_PLAYERS, MIN_PLAYERS
from castle_combo.ruleset import Ruleset
from castle_combo.simulate import derive_seed
from castle_combo.state import GameState
from castle_combo.tui import board, moves_table, score_table

__all__ = ["register", "run", "PlayError", "Session", "play"]

HELP = """\
Each turn: optionally spend a key (move the messenger to the other location, or
refresh the messenger's row), then take one card of the messenger's row.
Face up you pay its cost (after your discounts) and its ability happens;
face down it is free and gives 6 gold and 2 keys. Cards go next to your
cards; the tableau must fit a 3x3 grid. After 9 cards each, cards score.

Type a move's number, or a compact move:
  nun 0 1          take the Nun face up at x=0, y=1 (a name prefix is enough)
  nun 0 1 down     take it face down
  move / refresh   spend a key to move the messenger / refresh the row
  choose 2         option 2 of a "choose one" ability
  discard jester   the card to discard from a row
  unlock toady     open the lock of one of your lock cards (the expansion)
  pass             end the turn without opening a lock
  row castle       the whole row an ability discards
  activate baker   the adjacent card whose ability a copier uses
Commands: undo (back to your previous decision), help, quit."""


class PlayError(CastleComboError):
    """The game cannot be set up as asked (seat or player count out of range)."""


@attrs.frozen
class _Checkpoint:
    """What undo restores: the state at one of your decisions and every bot's generator."""

    state: GameState
    rng_states: tuple[Any, ...]


@attrs.define
class Session:
    """One interactive game: the state, the bots, the undo stack and the I/O streams."""

    state: GameState
    me: int
    bots: dict[int, Agent]
    rngs: dict[int, random.Random]
    console: Console
    stdin: TextIO
    history: list[_Checkpoint] = attrs.field(factory=list)

    @property
    def names(self) -> list[str]:
        """A display name per seat: "you" or the bot's name."""
        return ["you" if seat == self.me else self.bots[seat].name for seat in range(len(self.state.players))]

    def run(self) -> int:
        """Play to the end (or until quit or end of input); 0 in every case."""
        self.console.print(f"Castle Combo: you are seat {self.me}; type 'help' for how to play.")
        while not self.state.is_over:
            if self.state.current_player != self.me:
                self._bot_turn()
                continue
            if not self._my_decision():
                return 0
        self._finish()
        return 0

    def _bot_turn(self) -> None:
        seat = self.state.current_player
        bot = self.bots[seat]
        action = bot.choose(self.state.view(seat), self.rngs[seat])
        self.console.print(f"[bold]seat {seat} ({escape(bot.name)})[/]: {escape(str(action))}")
        self.state = self.state.apply(action)

    def _checkpoint(self) -> _Checkpoint:
        seats = sorted(self.rngs)
        return _Checkpoint(self.state, tuple(self.rngs[s].getstate() for s in seats))

    def _restore(self, checkpoint: _Checkpoint) -> None:
        self.state = checkpoint.state
        for seat, rng_state in zip(sorted(self.rngs), checkpoint.rng_states, strict=True):
            self.rngs[seat].setstate(rng_state)

    def _show(self) -> None:
        view = self.state.view(self.me)
        self.console.print(board(view, self.me, self.names))
        if view.pending_card is not None:
            self.console.print(f"[bold]{escape(view.pending_card.name)}[/] asks for a decision.")
        legal = view.legal_actions()
        self.console.print(moves_table(legal, [compact(a) for a in legal]))

    def _my_decision(self) -> bool:
        """Read lines until one is a move (applied) or undo; False when the player leaves."""
        self._show()
        legal = self.state.legal_actions()
        while True:
            self.console.print("your move> ", end="")
            line = self.stdin.readline()
            if "\ufffd" in line:  # bytes that were not UTF-8 (the stream replaces them)
                self.console.print("[red]that line is not UTF-8 text[/]; type a move's number or 'help'")
                continue
            if not line:
                self.console.print("\nend of input: leaving the game.")
                return False
            try:
                parsed = parse_input(line, legal)
            except BadInput as hint:
                self.console.print(f"[red]{escape(str(hint))}[/] (type 'help' for the move syntax)")
                continue
            if parsed.command is Command.QUIT:
                self.console.print("You left the game.")
                return False
            if parsed.command is Command.HELP:
                self.console.print(escape(HELP))
                continue
            if parsed.command is Command.UNDO:
                if not self.history:
                    self.console.print("[yellow]nothing to undo: this is your first decision[/]")
                    continue
                self._restore(self.history.pop())
                self.console.print("Undone: back to your previous decision.")
                return True
            assert parsed.action is not None
            self.history.append(self._checkpoint())
            self.state = self.state.apply(parsed.action)
            self.console.print(f"[bold]you[/]: {escape(str(parsed.action))}")
            return True

    def _finish(self) -> None:
        self.console.print(board(self.state.view(self.me), self.me, self.names))
        self.console.print(score_table(self.state, self.state.scores(), self.names))
        winners = self.state.result().winners
        if self.me in winners:
            self.console.print("[bold green]You win![/]" if len(winners) == 1 else "[bold green]Shared win![/]")
        else:
            self.console.print("[bold]" + escape(", ".join(self.names[w] for w in winners)) + " won.[/]")


def play(
    *,
    players: int = 2,
    bots: tuple[str, ...] = ("greedy",),
    seed: int | None = None,
    seat: int = 0,
    stdin: TextIO | None = None,
    console: Console | None = None,
    rules: Ruleset | None = None,
) -> int:
    """Set up and run an interactive game; ``seed=None`` picks a fresh random seed; ``rules`` the cards."""
    from castle_combo import new_game

    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PlayError(f"--players must be between {MIN_PLAYERS} and {MAX_PLAYERS} (you and 1-4 bots), got {players}")
    if not 0 <= seat < players:
        raise PlayError(f"--seat must be between 0 and {players - 1} for {players} players, got {seat}")
    if not bots:
        raise PlayError("no bots to play against; name at least one, e.g. --bots greedy")
    if len(bots) > players - 1:
        raise PlayError(f"{len(bots)} bots for {players - 1} bot seats; give fewer bots or raise --players")
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    others = [s for s in range(players) if s != seat]
    agents = {s: make_agent(bots[i % len(bots)]) for i, s in enumerate(others)}
    rngs = {s: random.Random(derive_seed(seed, 0, f"seat{s}")) for s in others}
    out = console or Console()
    keyboard = stdin or sys.stdin
    if isinstance(keyboard, io.TextIOWrapper):
        keyboard.reconfigure(errors="replace")  # a stray byte that is not UTF-8 must not end the game
    out.print(f"seed {seed}")
    session = Session(new_game(players=players, seed=seed, rules=rules), seat, agents, rngs, out, keyboard)
    return session.run()


def register(subparsers: Any) -> None:
    """Add the ``play`` subcommand."""
    parser = subparsers.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description=f"Play Castle Combo in the terminal against 1-4 bots ({', '.join(agent_names())}).",
    )
    parser.add_argument("--players", type=int, default=2, metavar="N", help="players including you, 2-5 (default 2)")
    parser.add_argument(
        "--bots", default="greedy", metavar="A,B,...", help="the bots, cycled over the other seats (default greedy)"
    )
    parser.add_argument("--seed", type=int, default=None, metavar="S", help="seed of the deal (default: random)")
    parser.add_argument("--seat", type=int, default=0, metavar="K", help="your seat; seat 0 starts (default 0)")
    add_ruleset_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``castle-combo play``."""
    return play(players=args.players, bots=parse_agents(args.bots), seed=args.seed, seat=args.seat,
                rules=ruleset_from(args))
