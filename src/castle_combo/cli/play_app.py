"""The full-screen terminal game: the table redrawn in place on 80x24, moves picked with a few keys.

A :class:`PlayApp` shows, top to bottom, the table of
:func:`castle_combo.cli.tui.board` (at most 19 lines), the log of what
happened (the lines left over, scrollable with PgUp and PgDn) and what you
may do now (at most five lines, always at the bottom). It reads keys:

* to take a card: its number in the row (``1`` to ``3``), then the letter of
  a free spot of your tableau, then ``u`` (face up, paying) or ``d`` (face
  down); ``Esc`` steps back;
* ``m`` / ``r``: spend a key to move the messenger / refresh the row;
  ``o``: open a lock (then its number if you have several);
* a decision (choose one, which card or row to discard, which adjacent card,
  open a lock or pass): its number;
* ``z`` undo, ``?`` the keys (a screen of its own), ``l`` the whole log (a
  screen of its own, scrolled with the arrows, PgUp/PgDn, Home and End),
  ``q`` leave (it asks first), and ``:`` opens a line where any typed command
  of the line mode works (``nun 0 1 down``, ``choose 2``, ...).

The last screen shows every seat's final grid and score, the winner, the
seed of the deal and where the record went, and waits for a key. Every
screen fits 80 columns by 24 lines with up to five players.

The game's logic is the :class:`~castle_combo.cli._play_session.Session`
shared with the line mode; this module only draws and reads keys. It is
tested with Textual's own pilot and, as a person sees it, in tmux at 80x24.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.events import Key
from textual.widgets import Input, Static

from castle_combo.cli._play_input import HELP, BadInput, Command, parse_input, prompt_lines, quick_move
from castle_combo.cli._play_session import Session, asking_card, decision_words, final_words
from castle_combo.cli.tui import board, card_play_text, score_table, spot_labels
from castle_combo.engine.actions import Action, Take, Unlock, UseKey
from castle_combo.errors import CastleComboError

__all__ = ["KEYS", "PlayApp"]

#: The keys of the full-screen game, as its help screen lists them (with the rules in short after them).
KEYS = """\
1 2 3      pick a card of the messenger's row, then
a b c ...  a free spot of your tableau (its letter on your grid), then
u / d      face up (you pay its cost) or face down (free: 6 gold, 2 keys)
Esc        step back
m / r      spend a key: move the messenger / refresh the messenger's row
o          open a lock (expansion)
1 2 3 ...  answer a decision: the number of your answer
z          undo your last decision (the hidden cards are shuffled again)
l          the whole log (arrows, PgUp/PgDn, Home/End scroll it; Esc back)
PgUp/PgDn  scroll the log under the table
:          type a command: nun 0 1 down, choose 2, moves, help
q          leave the game (it asks first; --save writes the record)"""

#: The modes of the screen: the table, the help screen, the whole log, leaving?, the end.
TABLE, HELP_SCREEN, LOG, LEAVING, END = "table", "help", "log", "leaving", "end"
#: The keys that scroll the log, and how.
_SCROLL = {"pageup": "scroll_page_up", "pagedown": "scroll_page_down", "up": "scroll_up", "down": "scroll_down",
           "home": "scroll_home", "end": "scroll_end"}


class PlayApp(App[int]):
    """``castle-combo play`` on a terminal (see the module docstring)."""

    CSS = """
    #board { height: auto; }
    #log { height: 1fr; min-height: 0; scrollbar-size-vertical: 1; }
    #prompt { dock: bottom; height: auto; max-height: 5; }
    #command { dock: bottom; height: 1; border: none; padding: 0; }
    """
    BINDINGS = [Binding("ctrl+c", "leave", "leave", show=False, priority=True),
                Binding("ctrl+q", "leave", "leave", show=False, priority=True)]
    #: Keys go to the game, not to the hidden command line, until ':' opens it.
    AUTO_FOCUS = None

    def __init__(self, session: Session, save: str | None = None, overwrite: bool = False) -> None:
        super().__init__()
        self.session = session
        self.save = save
        self.overwrite = overwrite
        #: The exit status: 2 once the record could not be saved.
        self.status = 0
        #: The take being built: the row number picked, then the spot.
        self.card: int | None = None
        self.spot: tuple[int, int] | None = None
        self.note: list[str] = []
        self.mode = TABLE
        self.finished = False
        #: What the board and the prompt show now (kept so that tests can render them as text).
        self.shown: RenderableType = Text()
        self.prompt_shown: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static(id="board")
        with VerticalScroll(id="log"):
            yield Static(id="log-text")
        yield Static(id="prompt")
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
            self.mode = END
            saved, problem = self.session.saved_or_said(self.save, self.overwrite)
            self.status = 0 if problem is None else 2
            self.note = final_words(self.session, saved) + ([problem] if problem else [])
        self.redraw()

    def play(self, action: Action) -> None:
        """Play one of your actions, then the bots' replies."""
        self.card = self.spot = None
        self.note = []
        self.session.play(action)
        self.advance()

    # ------------------------------------------------------------------ drawing
    def prompt(self) -> list[str]:
        """What you may do now, in at most five lines."""
        if self.mode == END:
            return ["press any key to leave"]
        if self.mode == HELP_SCREEN:
            return ["press any key to go back to the table"]
        if self.mode == LOG:
            return ["the whole log: arrows, PgUp/PgDn, Home and End scroll it; Esc or l: the table"]
        if self.mode == LEAVING:
            saving = [f"(the record so far is saved to {self.save})"] if self.save else []
            return ["Leave the game? y: leave   n or Esc: keep playing", *saving]
        if self.note:
            return self.note
        view = self.session.view
        legal = self.session.legal()
        if self.card is not None:
            card = view.row(view.messenger)[self.card - 1]
            if self.spot is None:
                letters = "".join(sorted(spot_labels(view, self.session.me).values()))
                cost = view.cost(self.session.me, card)
                return [f"{card.name}: pick a spot ({', '.join(letters)}); Esc back",
                        _cut(f"Face up for {cost} gold: {card_play_text(card)}", 3 * 80 - 1)]
            up = Take(card.name, self.spot, False) in legal
            return [f"{card.name} at {self.spot}: u face up ({view.cost(self.session.me, card)} gold)"
                    if up else f"{card.name} at {self.spot}: too dear face up",
                    "d face down (6 gold and 2 keys); Esc back"]
        if view.pending is not None:
            return self.decision(legal)
        lines = prompt_lines(view, legal, self.session.names)
        return lines[:-1] + [lines[-1] + "; l log; q leave"]

    def decision(self, legal: tuple[Action, ...]) -> list[str]:
        """A decision: a line saying so, then its numbered answers (two a line when there are more than three)."""
        answers = decision_words(self.session.view, legal)
        card = asking_card(self.session.view, self.session.names)
        head = "Decide: type the number of your answer"
        if not card:
            head += " (z undo, ? keys, l log)"
        else:  # one line: the card and its owner first, the keys if they fit
            asked = f" for {card}"
            head = head + asked + " (z undo, ? keys)" if len(head + asked) <= 79 - 17 else _cut(head + asked, 79)
        if len(answers) <= 2:  # two lines each at most
            return [head, *(_cut(answer, 2 * 80 - 1) for answer in answers)]
        if len(answers) == 3:
            return [head, *(_cut(answer, 79) for answer in answers)]
        pairs = [answers[i:i + 2] for i in range(0, len(answers), 2)]
        lines = ["  ".join(f"{a[:38]:<38}" for a in pair).rstrip() for pair in pairs]
        return [head, *lines] if len(lines) <= 3 else [head, *lines[:2], "more answers: press : and type moves"]

    def redraw(self) -> None:
        view = self.session.view
        board_widget = self.query_one("#board", Static)
        log = self.query_one("#log", VerticalScroll)
        if self.mode == END:
            state = self.session.state
            self.shown = Group(score_table(state, state.scores(), self.session.player_names),
                               *(Text(line, overflow="fold") for line in self.note))
        elif self.mode == HELP_SCREEN:
            self.shown = Group(Text("Castle Combo: the keys", style="bold"), Text(KEYS, no_wrap=True), Text(""),
                               Text("\n".join(HELP.splitlines()[:7]), style="dim"))
        else:
            self.shown = board(view, self.session.me, self.session.player_names)
        board_widget.update(self.shown)
        board_widget.display = self.mode != LOG
        log.display = self.mode in (TABLE, LOG, LEAVING)
        whole = self.mode == LOG
        lines = self.session.log or ["the game begins"]
        self.query_one("#log-text", Static).update(Group(*(
            Text(line, style="dim" if not whole else "", no_wrap=not whole, overflow="fold" if whole else "ellipsis")
            for line in lines)))
        if not whole:
            log.scroll_end(animate=False)
        self.prompt_shown = self.prompt()
        self.query_one("#prompt", Static).update(Text("\n".join(self.prompt_shown), overflow="fold"))

    # ------------------------------------------------------------------- keys
    def on_key(self, event: Key) -> None:
        command = self.query_one("#command", Input)
        if command.has_focus:
            if event.key == "escape":
                self.close_command()
                event.stop()
            return
        event.stop()
        key = event.character or event.key
        if self.mode == END:
            self.exit(self.status)
            return
        if event.key in _SCROLL and self.mode in (TABLE, LOG) and (self.mode == LOG or "page" in event.key):
            getattr(self.query_one("#log", VerticalScroll), _SCROLL[event.key])(animate=False)
            return
        if self.mode != TABLE:
            self.on_other_screen(event.key, key)
            self.redraw()
            return
        try:
            self.on_game_key(event.key, key)
        except (BadInput, CastleComboError) as problem:
            self.note = [str(problem), "press a key to go on"]
            self.card = self.spot = None
        self.redraw()
        if self.note and self.note[-1] == "press a key to go on":
            self.note = self.note[:-1]

    def on_other_screen(self, name: str, key: str) -> None:
        """A key on the help screen, the whole log, or the question whether to leave."""
        if self.mode == LEAVING:
            if key in ("y", "Y") or name in ("ctrl+c", "ctrl+q"):
                self.leave()
            elif key in ("n", "N") or name == "escape":
                self.mode = TABLE
            return
        if self.mode == LOG and name not in ("escape", "l") and key != "l":
            return
        self.mode = TABLE

    def on_game_key(self, name: str, key: str) -> None:
        """One key of the game (see the module docstring)."""
        legal = self.session.legal()
        view = self.session.view
        if key == "?":
            self.mode = HELP_SCREEN
            return
        if key == "l":
            self.mode = LOG
            return
        if key in (":", "/"):
            self.open_command()
            return
        if key == "q":
            self.action_leave()
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
            parsed = None if action is not None else parse_input(line, legal, self.session.view)
        except BadInput as hint:
            self.note = [str(hint)]
            self.redraw()
            return
        if parsed is not None and parsed.command is not None:
            self.note = []
            if parsed.command is Command.QUIT:
                self.action_leave()
            elif parsed.command is Command.UNDO:
                self.note = [] if self.session.undo() else ["nothing to undo: this is your first decision"]
            elif parsed.command is Command.HELP:
                self.mode = HELP_SCREEN
            else:
                self.note = ["moves: " + "; ".join(f"#{n} {a}" for n, a in enumerate(legal, start=1))][:1]
            self.redraw()
            return
        chosen = action if action is not None else parsed.action if parsed is not None else None
        if chosen is not None:
            self.play(chosen)

    def action_leave(self) -> None:
        """Ask whether to leave (q, Ctrl+C, Ctrl+Q); the same key again, or y, leaves."""
        if self.mode == LEAVING:
            self.leave()
            return
        if self.mode == END:
            self.exit(self.status)
            return
        self.mode = LEAVING
        self.redraw()

    def leave(self) -> None:
        """Leave the game (its record is saved when ``--save`` was given)."""
        if self.save and not self.finished:
            _, problem = self.session.saved_or_said(self.save, self.overwrite)
            if problem is not None:
                self.exit(2, message=f"error: {problem}")
                return
        self.exit(self.status)


def _cut(text: str, length: int) -> str:
    """``text`` cut to ``length`` characters with an ellipsis (the prompt has room for a few lines only)."""
    return text if len(text) <= length else text[: length - 1].rstrip() + "\u2026"
