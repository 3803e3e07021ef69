"""``castle-combo play``: a game in the terminal, you against 1 to 4 bots.

On a terminal it is a full-screen app that fits 80 columns by 24 lines and
redraws in place (:mod:`castle_combo.cli.play_app`): pick a card with its
number, a spot with its letter, then ``u`` (face up) or ``d`` (face down);
decisions are numbered. The full-screen app needs Textual, the optional extra
``castle-combo[play]``; the library itself never needs it, so a plain install
stays light. With ``--plain``, when the input or output is not a terminal (a
pipe, a script, a screen reader), or when Textual is not installed (the
command says how to add it), it is a line mode: the same screen is printed
before each of your decisions and one line is read.

Either way the typed commands work (``nun 0 1 down``, ``move``, ``choose 2``,
``unlock toady``, ``undo``, ``help``, ``quit``; see
:mod:`castle_combo.cli._play_input`), plus the quick ``2b`` (card 2 at spot
b, face up) and ``2b d`` (face down). ``--save FILE`` writes the game's
record when the game ends (or when you leave it), for ``castle-combo replay``.
The seed of the deal is told at the end, never during the game, and undo
shuffles the cards still hidden again (see :mod:`castle_combo.cli._play_session`).
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import sys
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.markup import escape

from castle_combo.bots.registry import agent_names, parse_agents
from castle_combo.cli._help import BUDGETS, HelpFormatter, examples
from castle_combo.cli._play_input import HELP, BadInput, Command, compact, parse_input, prompt_lines, quick_move
from castle_combo.cli._play_session import Session, final_words, new_session
from castle_combo.cli._ruleset_options import add_ruleset_options, ruleset_from
from castle_combo.cli.tui import score_table, screen
from castle_combo.errors import PlayError
from castle_combo.facts import MAX_PLAYERS, MIN_PLAYERS
from castle_combo.files import check_target
from castle_combo.language.ruleset import Ruleset

__all__ = ["register", "run", "PlayError", "play", "FULL_SCREEN_NEEDS"]

#: What to install for the full-screen game (Textual), said wherever it is missing.
FULL_SCREEN_NEEDS = "the full-screen game needs Textual: pip install 'castle-combo[play]'"


def _full_screen_available() -> bool:
    """Whether Textual can be imported (the ``play`` extra), without importing it."""
    try:
        return importlib.util.find_spec("textual") is not None
    except (ImportError, ValueError):  # a broken or stubbed-out installation
        return False


class _LineGame:
    """The line mode: the screen before each of your decisions, one line read (see the module docstring)."""

    def __init__(self, session: Session, console: Console, stdin: TextIO, save: str | None,
                 overwrite: bool = False) -> None:
        self.session = session
        self.console = console
        self.stdin = stdin
        self.save = save
        self.overwrite = overwrite

    def run(self) -> int:
        self.console.print(f"Castle Combo: you are seat {self.session.me}; type 'help' for how to play.")
        while True:
            for said in self.session.bots_play():
                self.console.print(escape(said))
            if self.session.state.is_over:
                break
            if not self._my_decision():
                return self._end(finished=False)
        return self._end(finished=True)

    def _show(self) -> None:
        view = self.session.view
        legal = self.session.legal()
        # What happened was printed as it happened: the screen adds only the table and the prompt.
        prompt = prompt_lines(view, legal, self.session.names)
        self.console.print(screen(view, self.session.me, self.session.player_names, (), prompt))

    def _my_decision(self) -> bool:
        """Read lines until one is a move (applied) or undo; False when the player leaves."""
        self._show()
        legal = self.session.legal()
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
                action = quick_move(line, self.session.view, legal)
                parsed = None if action is not None else parse_input(line.replace(":", " "), legal,
                                                                            self.session.view)
            except BadInput as hint:
                self.console.print(f"[red]{escape(str(hint))}[/] (type 'help' for the move syntax)")
                continue
            if parsed is not None and parsed.command is Command.QUIT:
                self.console.print("You left the game.")
                return False
            if parsed is not None and parsed.command is Command.HELP:
                self.console.print(escape(HELP))
                continue
            if parsed is not None and parsed.command is Command.MOVES:
                for number, option in enumerate(legal, start=1):
                    label = f"#{number}"
                    self.console.print(f"{label:>4} {escape(str(option))}   [dim]{escape(compact(option))}[/]")
                continue
            if parsed is not None and parsed.command is Command.UNDO:
                if not self.session.undo():
                    self.console.print("[yellow]nothing to undo: this is your first decision[/]")
                    continue
                self.console.print("Undone: back to your previous decision (the hidden cards were shuffled again).")
                return True
            chosen = action if action is not None else parsed.action if parsed is not None else None
            assert chosen is not None
            self.console.print(escape(self.session.play(chosen)))
            return True

    def _end(self, finished: bool) -> int:
        """Save the record (if asked) and say how the game ended; 2 if the record could not be saved, else 0."""
        state = self.session.state
        saved, problem = self.session.saved_or_said(self.save, self.overwrite)
        if finished:
            self.console.print(score_table(state, state.scores(), self.session.player_names))
            for line in final_words(self.session, saved):
                self.console.print(escape(line))
        elif saved is not None:
            self.console.print(f"The unfinished game's record is in {escape(str(saved))}.")
        if problem is not None:
            print(f"error: {problem}", file=sys.stderr)
            return 2
        return 0


def play(
    *,
    players: int = 2,
    bots: tuple[str, ...] = ("greedy",),
    seed: int | None = None,
    seat: int = 0,
    stdin: TextIO | None = None,
    console: Console | None = None,
    rules: Ruleset | None = None,
    save: str | None = None,
    plain: bool = True,
    name: str = "you",
    overwrite: bool = False,
) -> int:
    """Set up and run a game; ``seed=None`` picks a fresh 128-bit seed from the system; ``rules`` the cards.

    ``plain=False`` runs the full-screen app (a terminal is needed);
    ``save`` writes the game's record to that file when the game ends (or
    when you leave), with ``name`` as your seat's name and each bot's name; an
    existing file is replaced only with ``overwrite``, and refused before the
    game starts otherwise.
    """
    session = new_session(players, bots, seed, seat, rules, name)
    if save is not None:
        check_target(save, PlayError, overwrite=overwrite)
        if not Path(save).parent.is_dir():
            raise PlayError(f"cannot save the record to {save}: its folder does not exist")
    if not plain:
        if not _full_screen_available():
            raise PlayError(f"{FULL_SCREEN_NEEDS}, or play in the line mode (plain=True, or --plain)")
        from castle_combo.cli.play_app import PlayApp

        return PlayApp(session, save, overwrite).run() or 0
    keyboard = stdin or sys.stdin
    if isinstance(keyboard, io.TextIOWrapper):
        keyboard.reconfigure(errors="replace")  # a stray byte that is not UTF-8 must not end the game
    return _LineGame(session, console or Console(), keyboard, save, overwrite).run()


def register(subparsers: Any) -> None:
    """Add the ``play`` subcommand."""
    parser = subparsers.add_parser(
        "play",
        formatter_class=HelpFormatter,
        epilog=examples(
            ("castle-combo play --players 3",
             "you against two greedy bots in a full-screen game (? lists the keys)"),
            ("castle-combo play --bots mcts:time=1 --expansion out-of-the-oubliette",
             "against MCTS thinking a second per move, with the expansion's lock cards"),
            ("castle-combo play --name Ana --save game.json",
             "write the game's record to the file game.json, for castle-combo replay"),
        ),
        help="play a game in the terminal against bots",
        description=f"Play Castle Combo in the terminal against 1-4 bots ({', '.join(agent_names())}). {BUDGETS}.",
    )
    parser.add_argument("--players", type=int, default=2, metavar="N", help="players including you, 2-5 (default 2)")
    parser.add_argument(
        "--bots", default="greedy", metavar="A,B,...",
        help="the bots, cycled over the other seats, each with an optional budget: mcts:400 (iterations per move) "
             "or mcts:time=0.5 (seconds per move) (default greedy)",
    )
    parser.add_argument("--seed", type=int, default=None, metavar="S", help="seed of the deal (default: random)")
    parser.add_argument("--seat", type=int, default=0, metavar="K", help="your seat; seat 0 starts (default 0)")
    parser.add_argument("--save", metavar="FILE",
                        help="write the game's record to the file FILE (JSON, for 'castle-combo replay') when the "
                             "game ends or you leave it")
    parser.add_argument("--overwrite", action="store_true", help="replace FILE if it exists (without it, an existing "
                        "file is refused before the game starts)")
    parser.add_argument("--name", default="you", metavar="NAME",
                        help="your name in the saved record (default 'you')")
    parser.add_argument("--plain", action="store_true",
                        help="line mode: print the table and read one line per decision (also used when the "
                             "input or output is not a terminal)")
    add_ruleset_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``castle-combo play``."""
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise PlayError(f"--players must be between {MIN_PLAYERS} and {MAX_PLAYERS} (you and 1-4 bots), "
                        f"got {args.players}")
    if not 0 <= args.seat < args.players:
        raise PlayError(f"--seat must be between 0 and {args.players - 1} for {args.players} players, got {args.seat}")
    bots = parse_agents(args.bots)
    if len(bots) > args.players - 1:
        raise PlayError(f"{len(bots)} bots for {args.players - 1} bot seats; give fewer bots or raise --players")
    plain = args.plain or not (sys.stdin.isatty() and sys.stdout.isatty())
    if not plain and not _full_screen_available():
        print(f"note: {FULL_SCREEN_NEEDS}; playing in the line mode now.", file=sys.stderr)
        plain = True
    return play(players=args.players, bots=bots, seed=args.seed, seat=args.seat, rules=ruleset_from(args),
                save=args.save, plain=plain, name=args.name, overwrite=args.overwrite)
