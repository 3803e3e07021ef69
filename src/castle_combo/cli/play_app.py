"""The full-screen terminal game: the table redrawn in place on 80x24, moves picked with a few keys.

A :class:`PlayApp` shows the screen of :func:`castle_combo.cli.tui.screen` and
reads keys:

* to take a card: its number in the row (``1`` to ``3``), then the letter of
  a free spot of your tableau, then ``u`` (face up, paying) or ``d`` (face
  down); ``Esc`` steps back;
* ``m`` / ``r``: spend a key to move the messenger / refresh the row;
  ``o``: open a lock (then its number if you have several);
* a decision (choose one, which card or row to discard, which adjacent card,
  open a lock or pass): its number;
* ``z`` undo, ``?`` help, ``q`` quit, and ``:`` opens a line where any typed
  command of the line mode works (``nun 0 1 down``, ``choose 2``, ...).

The game's logic is the :class:`~castle_combo.cli._play_session.Session`
shared with the line mode; this module only draws and reads keys. It is
tested with Textual's own pilot, at 80x24.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.events import Key
from textual.widgets import Input, Static

from castle_combo.cli._play_input import HELP, BadInput, Command, parse_input, prompt_lines, quick_move
from castle_combo.cli._play_session import Session, final_words
from castle_combo.cli.tui import card_text, score_table, screen, spot_labels
from castle_combo.engine.actions import Action, Take, Unlock, UseKey
from castle_combo.errors import CastleComboError

__all__ = ["PlayApp"]


class PlayApp(App[int]):
    """``castle-combo play`` on a terminal (see the module docstring)."""

    CSS = """
    #board { height: 1fr; }
    #command { height: 1; border: none; padding: 0; }
    """
    BINDINGS = [Binding("ctrl+c", "quit_game", "quit", show=False)]
    #: Keys go to the game, not to the hidden command line, until ':' opens it.
    AUTO_FOCUS = None

    def __init__(self, session: Session, save: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.save = save
        #: The take being built: the row number picked, then the spot.
        self.card: int | None = None
        self.spot: tuple[int, int] | None = None
        self.note: list[str] = []
        self.finished = False
        #: What the board shows now (kept so that tests and screenshots can render it as text).
        self.shown: object = None

    def compose(self) -> ComposeResult:
        yield Static(id="board")
        command = Input(id="command", placeholder="type a move or a command ('help'), Enter to play, Esc to close")
        command.display = False
        yield command

    def on_mount(self) -> None:
        self.advance()

    # ------------------------------------------------------------------ playing
    def advance(self) -> None:
        """Let the bots play up to your next decision (or the end), then redraw."""
        self.session.bots_play()
        if self.session.state.is_over and not self.finished:
            self.finished = True
            saved = self.session.save(self.save) if self.save else None
            self.note = final_words(self.session, saved) + ["press any key to leave"]
        self.redraw()

    def play(self, action: Action) -> None:
        """Play one of your actions, then the bots' replies."""
        self.card = self.spot = None
        self.note = []
        self.session.play(action)
        self.advance()

    # ------------------------------------------------------------------ drawing
    def prompt(self) -> list[str]:
        view = self.session.view
        legal = self.session.legal()
        if self.note:
            return self.note
        if self.card is not None:
            card = view.row(view.messenger)[self.card - 1]
            if self.spot is None:
                letters = "".join(sorted(spot_labels(view, self.session.me).values()))
                return [f"{card.name}: pick a spot ({', '.join(letters)}); Esc back", card_text(card)]
            up = Take(card.name, self.spot, False) in legal
            return [f"{card.name} at {self.spot}: u face up ({view.cost(self.session.me, card)} gold)"
                    if up else f"{card.name} at {self.spot}: too dear face up",
                    "d face down (6 gold and 2 keys); Esc back"]
        return prompt_lines(view, legal)

    def redraw(self) -> None:
        board = self.query_one("#board", Static)
        view = self.session.view
        if self.finished:
            state = self.session.state
            from rich.console import Group
            from rich.text import Text

            sheet = score_table(state, state.scores(), self.session.names)
            self.shown = Group(sheet, *(Text(line) for line in self.note))
        else:
            self.shown = screen(view, self.session.me, self.session.names, self.session.log[-2:], self.prompt())
        board.update(self.shown)

    # ------------------------------------------------------------------- keys
    def on_key(self, event: Key) -> None:
        command = self.query_one("#command", Input)
        if command.has_focus:
            if event.key == "escape":
                self.close_command()
                event.stop()
            return
        event.stop()
        if self.finished:
            self.exit(0)
            return
        key = event.character or event.key
        try:
            self.on_game_key(event.key, key)
        except (BadInput, CastleComboError) as problem:
            self.note = [str(problem), "press a key to go on"]
            self.card = self.spot = None
        self.redraw()
        if self.note and self.note[-1] == "press a key to go on":
            self.note = self.note[:-1]

    def on_game_key(self, name: str, key: str) -> None:
        """One key of the game (see the module docstring)."""
        legal = self.session.legal()
        view = self.session.view
        if key == "?":
            self.note = HELP.splitlines()[-12:] if self.note != HELP.splitlines()[-12:] else []
            return
        if key in (":", "/"):
            self.open_command()
            return
        if key == "q" or name == "ctrl+c":
            self.action_quit_game()
            return
        if key == "z":
            self.note = [] if self.session.undo() else ["nothing to undo: this is your first decision"]
            self.card = self.spot = None
            return
        if name == "escape":
            self.note = []
            if self.spot is not None:
                self.spot = None
            else:
                self.card = None
            return
        self.note = []
        if view.pending is not None:
            if key.isdigit() and 1 <= int(key) <= len(legal):
                self.play(legal[int(key) - 1])
            return
        if self.card is None:
            if key.isdigit() and 1 <= int(key) <= len(view.row(view.messenger)):
                self.card = int(key)
            elif key in ("m", "r"):
                wanted = [a for a in legal if isinstance(a, UseKey) and a.use.value[0] == key]
                if not wanted:
                    raise BadInput("no key to spend now (one a turn, before taking a card)")
                self.play(wanted[0])
            elif key == "o":
                locks = [a for a in legal if isinstance(a, Unlock)]
                if not locks:
                    raise BadInput("no lock can be opened now")
                self.play(locks[0])
            return
        if self.spot is None:
            spots = {label: spot for spot, label in spot_labels(view, self.session.me).items()}
            if key in spots:
                self.spot = spots[key]
            return
        if key in ("u", "d"):
            letter = spot_labels(view, self.session.me)[self.spot]
            action = quick_move(f"{self.card}{letter} {key}", view, legal)
            if action is not None:
                self.play(action)

    # --------------------------------------------------------------- commands
    def open_command(self) -> None:
        """Show the command line and give it the keys (after this key, so ':' is not typed into it)."""
        command = self.query_one("#command", Input)
        command.value = ""
        command.display = True
        self.call_later(command.focus)

    def close_command(self) -> None:
        command = self.query_one("#command", Input)
        command.value = ""
        command.display = False
        self.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        line = event.value
        self.close_command()
        legal = self.session.legal()
        try:
            action = quick_move(line, self.session.view, legal)
            parsed = None if action is not None else parse_input(line, legal)
        except BadInput as hint:
            self.note = [str(hint)]
            self.redraw()
            return
        if parsed is not None and parsed.command is not None:
            self.note = []
            if parsed.command is Command.QUIT:
                self.action_quit_game()
            elif parsed.command is Command.UNDO:
                self.note = [] if self.session.undo() else ["nothing to undo: this is your first decision"]
            elif parsed.command is Command.HELP:
                self.note = HELP.splitlines()[-12:]
            else:
                self.note = ["moves: " + "; ".join(f"{n} {a}" for n, a in enumerate(legal, start=1))][:1]
            self.redraw()
            return
        chosen = action if action is not None else parsed.action if parsed is not None else None
        if chosen is not None:
            self.play(chosen)

    def action_quit_game(self) -> None:
        """Leave the game (its record is saved when ``--save`` was given)."""
        if self.save and not self.finished:
            self.session.save(self.save)
        self.exit(0)
