"""The Card Workshop's Python side: what the docs site's Workshop page runs in the browser.

The Workshop page (``workshop/`` on the docs site) runs castle-combo itself
under Pyodide and calls this module. Every answer is the command line's own,
computed by the command's own functions, so the page and the command cannot
drift apart:

* :func:`check` is ``castle-combo check FILE``: the same messages
  (each with its line, column, caret and hint), plus every good card in
  English and drawn as the gallery draws it;
* :func:`balance` (and :class:`BalanceRun`, the same run a few games at a
  time) is ``castle-combo balance --cards FILE ... --json``: the same JSON;
* :class:`Table` is ``castle-combo play --cards FILE``: a game against bots
  with the fan's cards shuffled into the decks, narrated, with undo, drawn
  like the replay page (:mod:`castle_combo.records.replay_page`).

The fan's text is written, for the length of one call, to a file in a fresh
private temporary folder, under the name of the file the fan opened
(``my-cards.ccl`` by default); the folder is taken out of every message. So
a message reads exactly as ``castle-combo check my-cards.ccl``
prints it in the folder of that file.

:func:`share_fragment` and :func:`read_fragment` make and read the page's
links: the card text compressed (raw DEFLATE) and base64url-encoded after
``#cards=``, which the page reads and writes with the browser's own
compression streams. The gallery's "open in the Workshop" links are made
with them (:func:`gallery_variant` gives the text).

:class:`Page` is what the page's script holds: each of its methods answers
with JSON text, ``{"ok": ...}``, or ``{"error": message}`` for a mistake a
user can make (the message is the command's), so no Python object or
traceback crosses into JavaScript.

This module imports neither ``rich`` nor ``textual``: the page ships
castle-combo with only its pure-Python card and game dependencies.
"""

from __future__ import annotations

import argparse
import base64
import binascii
import functools
import json
import os
import re
import shutil
import tempfile
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import attrs

from castle_combo import pictures
from castle_combo.bots.balance import BalanceReport
from castle_combo.bots.simulate import Bot
from castle_combo.cli import balance as balance_command
from castle_combo.cli import check as check_command
from castle_combo.cli._play_session import Session, action_words, final_words, new_session
from castle_combo.engine.actions import Take
from castle_combo.engine.record import Seat
from castle_combo.engine.state import GameState
from castle_combo.errors import CardProblems, CastleComboError, WorkshopError
from castle_combo.language import format_card, parse_text
from castle_combo.language.model import Card
from castle_combo.language.ruleset import Ruleset
from castle_combo.records.narration import grid_corners, grid_place
from castle_combo.records.replay_page import card_symbols, table_section, table_style

__all__ = [
    "DEFAULT_NAME",
    "FRAGMENT_KEY",
    "WorkshopError",
    "check",
    "balance",
    "BalanceRun",
    "balance_words",
    "Table",
    "share_fragment",
    "read_fragment",
    "gallery_variant",
    "table_style",
    "Page",
]

#: The name the fan's text goes by until a file is opened: what messages start with.
DEFAULT_NAME = "my-cards.ccl"
#: The key of the page's address fragment that carries the cards: ``workshop/#cards=...``.
FRAGMENT_KEY = "cards"
#: How the page says to run the balance games again with another seed: its Seed field.
ANOTHER_SEED = "another number in the Seed field"
#: A line that starts a card, as every card of the language starts (``card "Name" {``).
_CARD_START = re.compile(r'^[ \t]*card[ \t]+"', re.MULTILINE)


# ---------------------------------------------------------------- the fan's file


@attrs.frozen
class _CardFile:
    """The fan's text on disk for one call: ``path`` to give the command, ``local`` to clean its messages."""

    path: str
    folder: str

    def local(self, message: str) -> str:
        """The message as the command prints it in the file's own folder."""
        return message.replace(self.folder + os.sep, "")


def _file_name(name: str) -> str:
    if not isinstance(name, str) or not name.endswith(".ccl") or name != os.path.basename(name) \
            or name.startswith(".") or "\x00" in name:
        raise WorkshopError(f"{name!r} cannot name the card file: give a plain file name ending in .ccl, "
                            f"such as {DEFAULT_NAME!r}")
    return name


@contextmanager
def _card_file(text: str, name: str) -> Iterator[_CardFile]:
    """``text`` written as UTF-8 to ``name`` in a fresh private folder, removed afterwards.

    Text that is not valid Unicode (a lone surrogate from the browser) is
    written as is, so the command's own check says the file is not UTF-8.
    """
    if not isinstance(text, str):
        raise WorkshopError(f"the card text must be a string, got {type(text).__name__}")
    name = _file_name(name)
    folder = tempfile.mkdtemp(prefix="castle-combo-workshop-")
    try:
        path = os.path.join(folder, name)
        with open(path, "wb") as stream:
            stream.write(text.encode("utf-8", "surrogatepass"))
        yield _CardFile(path, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _local_error(error: CastleComboError, file: _CardFile) -> CastleComboError:
    """The same error with the temporary folder taken out of its message(s)."""
    if isinstance(error, CardProblems):
        return CardProblems(file.local(message) for message in error.messages)
    return type(error)(file.local(str(error)))


@functools.cache
def _parser() -> argparse.ArgumentParser:
    """The command line's own ``check`` and ``balance`` options (built once: it is never changed)."""
    parser = argparse.ArgumentParser(prog="castle-combo", exit_on_error=False)
    subparsers = parser.add_subparsers(dest="command")
    check_command.register(subparsers)
    balance_command.register(subparsers)
    return parser


# ---------------------------------------------------------------- check


def _located(message: str, name: str) -> dict[str, Any]:
    """``{line, column, message}`` of one message; a message about the whole file is placed at 1:1."""
    found = re.match(re.escape(name) + r":(\d+):(\d+): ", message)
    line, column = (int(found.group(1)), int(found.group(2))) if found else (1, 1)
    return {"line": line, "column": column, "message": message}


def _drawn(card: Card) -> dict[str, str]:
    return {"name": card.name, "english": card.describe(), "svg": pictures.card(card)}


def _good_cards(text: str, standard: frozenset[str]) -> list[Card]:
    """The cards of a file that has problems which are good on their own, for the pictures only.

    The file is cut before every line that starts a card (``card "Name"``),
    and each piece goes through the language's own parser and validation; a
    piece with any problem, or a name that is already taken, is left out.
    The messages never come from here: they are the whole file's, as the
    command gives them.
    """
    starts = [match.start() for match in _CARD_START.finditer(text)]
    good: list[Card] = []
    seen = set(standard)
    for start, end in zip(starts, [*starts[1:], len(text)][:len(starts)], strict=True):
        try:
            cards = parse_text(text[start:end])
        except CastleComboError:
            continue
        for card in cards:
            if card.name not in seen:
                seen.add(card.name)
                good.append(card)
    return good


def check(text: str, name: str = DEFAULT_NAME) -> dict[str, Any]:
    """``castle-combo check NAME`` on ``text``: ``{ok, errors: [{line, column, message}], cards}``.

    ``errors`` holds the command's messages, in its order, each with the line
    and column it points at; ``cards`` holds ``{name, english, svg}`` for
    every good card (when the file has problems, the cards that are good on
    their own). Bad card text never raises: it is what ``errors`` is for.
    """
    with _card_file(text, name) as file:
        args = _parser().parse_args(["check", file.path])
        report = check_command.report_for(args)
        messages = [file.local(message) for message in report.messages]
    if report.ok:
        cards = list(report.cards)
    else:
        cards = _good_cards(text, frozenset(Ruleset.standard().names))
    return {"ok": report.ok, "errors": [_located(message, name) for message in messages],
            "cards": [_drawn(card) for card in cards]}


# ---------------------------------------------------------------- balance

#: The options of :func:`balance`, as the page names them, and the command line's flag for each.
_BALANCE_OPTIONS = {"players": "--players", "games": "--games", "seed": "--seed", "bots": "--bots"}


def _balance_argv(options: Mapping[str, Any] | None) -> list[str]:
    """The command line that ``options`` stand for (the command checks the values)."""
    options = dict(options or {})
    unknown = sorted(set(options) - set(_BALANCE_OPTIONS))
    if unknown:
        raise WorkshopError(f"unknown balance option(s) {', '.join(map(repr, unknown))}; the options are "
                            f"{', '.join(_BALANCE_OPTIONS)}")
    argv = []
    for key, flag in _BALANCE_OPTIONS.items():
        value = options.get(key)
        if value is None:
            continue
        expected = str if key == "bots" else int
        if isinstance(value, bool) or not isinstance(value, expected):
            if expected is int and isinstance(value, float) and value.is_integer():
                value = int(value)  # JavaScript has only one kind of number
            else:
                kind = "a comma-separated list of bots, such as 'greedy,greedy'" if key == "bots" else \
                    "a whole number"
                raise WorkshopError(f"the balance option {key!r} must be {kind}, got {value!r}")
        argv.append(f"{flag}={value}")
    return argv


@attrs.define
class _Capture:
    """A backend that plays nothing: it keeps the task and context a simulation hands it (the run ends empty)."""

    task: Any = None
    context: Any = None

    def run(self, task: Any, context: Any, work: Iterable[tuple[int, int]]) -> Iterator[list[Any]]:
        self.task, self.context = task, context
        return iter(())


@attrs.frozen
class _Replay:
    """A backend that hands back games already played, then stops the run as Ctrl-C would if it was cut short."""

    batches: tuple[list[Any], ...]
    cut_short: bool

    def run(self, task: Any, context: Any, work: Iterable[tuple[int, int]]) -> Iterator[list[Any]]:
        yield from self.batches
        if self.cut_short:
            raise KeyboardInterrupt


class BalanceRun:
    """``castle-combo balance --cards NAME ... --json`` played a few games at a time.

    A page plays :meth:`step` by :meth:`step` (showing progress, and free to
    stop between steps) and asks for :meth:`report` at the end, or after
    stopping early: then the report covers the games finished and says it was
    interrupted, as the command's report after Ctrl-C does.

    The games are the command's: the run is set up by the command's own
    steps (:func:`castle_combo.cli.balance.prepare`), each game is played by
    the simulation's own task with its own context, and the report is folded
    by the simulation itself (:func:`castle_combo.bots.simulate.simulate`,
    given the games already played through its backend interface). So the
    JSON equals the command's for the same seed, however the steps were cut.
    """

    def __init__(self, text: str, options: Mapping[str, Any] | None = None, name: str = DEFAULT_NAME) -> None:
        argv = _balance_argv(options)
        with _card_file(text, name) as file:
            try:
                args = _parser().parse_args(["balance", "--cards", file.path, *argv, "--jobs", "1", "--json"])
                specs, settings = balance_command.prepare(args)
            except CastleComboError as error:
                raise _local_error(error, file) from None
            except argparse.ArgumentError as error:
                raise WorkshopError(str(error)) from None
        self._specs: list[Bot] = specs
        self._settings = settings
        self.games: int = settings["games"]
        self.fan: tuple[str, ...] = tuple(card.name for card in settings["rules"].cards
                                          if card.name not in Ruleset.standard())
        capture = _Capture()
        balance_command.quiet_report(specs, {**settings, "backend": capture})
        self._task, self._context = capture.task, capture.context
        self._batches: list[list[Any]] = []
        self.done = 0

    @property
    def finished(self) -> bool:
        """Whether every game has been played."""
        return self.done >= self.games

    def step(self, games: int = 1) -> int:
        """Play the next ``games`` games (fewer at the end); return how many are finished in all."""
        stop = min(self.games, self.done + max(1, int(games)))
        if stop > self.done:
            self._batches.append(self._task(self._context, self.done, stop))
            self.done = stop
        return self.done

    def report(self) -> BalanceReport:
        """The command's report of the games played so far (interrupted if that is not all of them)."""
        replay = _Replay(tuple(self._batches), cut_short=not self.finished)
        return balance_command.quiet_report(self._specs, {**self._settings, "backend": replay})


def balance(text: str, options: Mapping[str, Any] | None = None, name: str = DEFAULT_NAME) -> dict[str, Any]:
    """``castle-combo balance --cards NAME --json`` with ``options`` (players, games, seed, bots): its JSON.

    Bad card text or options raise a :class:`CastleComboError` with the
    command's message.
    """
    run = BalanceRun(text, options, name)
    while not run.finished:
        run.step(run.games)
    return run.report().to_json()


def balance_words(report: BalanceReport, fan: Sequence[str]) -> dict[str, Any]:
    """The page's verdict on the fan's cards: their lines of the command's table, its words, a chart.

    The page shows the fan's cards only, so its words speak of them only:
    ``rows`` are the fan cards' lines (``card``, ``taken``, ``rate``,
    ``versus``, ``flag``) as the command's table prints them; ``summary`` the
    lines the command prints under the table, said of the fan's cards and of
    the page's Seed field (:func:`castle_combo.cli.balance.summary_lines`);
    ``flagged`` the fan's cards that were flagged; ``chart`` the command's
    chart (``--svg``) drawn for the fan cards alone.
    """
    mine = tuple(line for line in report.cards if line.card in fan)
    rows = []
    for line in mine:
        rate, versus = balance_command.rate_words(line)
        rows.append({"card": line.card, "taken": line.taken, "rate": rate, "versus": versus, "flag": line.flag})
    return {"rows": rows, "summary": balance_command.summary_lines(report, fan, ANOTHER_SEED),
            "flagged": [line.card for line in mine if line.flag],
            "chart": attrs.evolve(report, cards=mine).chart_svg(), "games": report.games,
            "interrupted": report.interrupted}


# ---------------------------------------------------------------- play


class Table:
    """A game for the page: you at seat 0 against bots, the fan's cards shuffled into the decks.

    The game is the terminal game's (:func:`castle_combo.cli._play_session.new_session`):
    the bots move at once after each of your decisions, every move is
    narrated, and undo goes back to your previous decision. :meth:`view`
    says everything the page draws.
    """

    def __init__(self, text: str, players: int = 2, bots: str = "greedy", seed: int | None = None,
                 name: str = DEFAULT_NAME) -> None:
        with _card_file(text, name) as file:
            try:
                rules = Ruleset.standard().extend([file.path])
            except CastleComboError as error:
                raise _local_error(error, file) from None
        if not isinstance(bots, str) or not bots.strip():
            raise WorkshopError(f"bots must name at least one bot, such as 'greedy', got {bots!r}")
        self.rules = rules
        self.session: Session = new_session(players, [bot.strip() for bot in bots.split(",")], seed, 0, rules)
        self.session.bots_play()
        self._ids = {card.name: index for index, card in enumerate(rules.cards)}
        self.fan = tuple(card.name for card in rules.cards if card.name not in Ruleset.standard())
        self._sent: tuple[set[int], set[int]] = (set(), set())

    def _new_symbols(self, state: GameState) -> str:
        """The card symbols the table needs that no earlier view sent (the page keeps them all)."""
        shown = {card for location in state.locations for card in location.row} - self._sent[0]
        kept = {cell.card for player in state.players for cell in player.tableau} - self._sent[1]
        self._sent[0].update(shown)
        self._sent[1].update(kept)
        return card_symbols(self.rules.cards, shown, kept) if shown or kept else ""

    def view(self) -> dict[str, Any]:
        """What the page shows now.

        ``html`` is the table (your free spaces as slots with ``data-at``;
        what changed since your previous decision ringed; at the end, the
        totals and every score sheet); ``symbols`` the card pictures it uses
        that no earlier view sent (a hidden ``<svg>`` to keep); ``takes`` are
        your legal takes (``index``, ``card``, ``at``, ``face_down``, and
        ``place``, where the card would lie in your grid: "at the top left")
        and ``choices`` every other legal decision (``index``, ``label``),
        both indexing :meth:`act`; ``log`` is the narration so far, places
        named as the replay page names them, in the grids as drawn now
        (:attr:`Session.log <castle_combo.cli._play_session.Session.log>`);
        ``me`` is your seat; at the end ``over`` is true and ``verdict`` says
        who won.
        """
        session = self.session
        state = session.view
        before = session.history[-1].state.view(session.me) if session.history else None
        legal = session.legal()
        words = action_words(state, legal)
        takes = [{"index": i, "card": action.card, "at": list(action.at), "face_down": action.face_down,
                  "place": _place_after(state, session.me, action.at)}
                 for i, action in enumerate(legal) if isinstance(action, Take)]
        choices = [{"index": i, "label": words[i]} for i, action in enumerate(legal) if not isinstance(action, Take)]
        spots = sorted({tuple(action.at) for action in legal if isinstance(action, Take)})
        said = session.log[-1] if session.log else "The cards are dealt: your turn."
        seats = session.seats or tuple(Seat(name) for name in session.names)
        html = table_section(state, seats, self._ids, said=said, shown=True, before=before,
                             spots=[(x, y) for x, y in spots], spot_seat=session.me)
        view: dict[str, Any] = {"html": html, "symbols": self._new_symbols(state), "takes": takes,
                                "choices": choices, "log": list(session.log), "over": state.is_over,
                                "can_undo": bool(session.history), "names": session.names, "fan": list(self.fan),
                                "me": session.me}
        if state.is_over:
            view["verdict"] = final_words(session, None)[0]
        return view

    def act(self, index: int) -> dict[str, Any]:
        """Make your legal decision number ``index`` (of :meth:`view`), let the bots answer, return the view."""
        legal = self.session.legal()
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(legal):
            raise WorkshopError(f"no legal decision number {index!r}: there are {len(legal)} now")
        self.session.play(legal[index])
        self.session.bots_play()
        return self.view()

    def undo(self) -> dict[str, Any]:
        """Go back to your previous decision (the cards still hidden are shuffled again); return the view."""
        self.session.undo()
        return self.view()


def _place_after(state: GameState, seat: int, at: tuple[int, int]) -> str:
    """Where a card placed at ``at`` would lie in ``seat``'s grid, in the log's words ("at the top left")."""
    corners = grid_corners(state)
    left, top = corners[seat] if state.tableau(seat) else at
    corners[seat] = (min(left, at[0]), min(top, at[1]))
    return grid_place(corners)(seat, at)


# ---------------------------------------------------------------- links


def share_fragment(text: str) -> str:
    """The address fragment that carries ``text``: ``cards=`` then its raw DEFLATE, base64url, unpadded."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode("utf-8", "surrogatepass")) + packer.flush()
    return f"{FRAGMENT_KEY}=" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def read_fragment(fragment: str) -> str:
    """The card text a fragment of :func:`share_fragment` carries (a leading ``#`` is allowed)."""
    key, _, data = fragment.removeprefix("#").partition("=")
    if key != FRAGMENT_KEY or not data:
        raise WorkshopError(f"the link carries no cards: its address should end in #{FRAGMENT_KEY}=...")
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        unpacker = zlib.decompressobj(-15)
        text = unpacker.decompress(packed, 2_000_000)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise ValueError("truncated or too long")
        return text.decode("utf-8")
    except (binascii.Error, ValueError, zlib.error) as error:
        raise WorkshopError(f"the link's cards cannot be read ({error}): the link was cut or changed; "
                            "ask for it again") from None


def gallery_variant(card: Card) -> str:
    """A base card as a fan card to start from: its source under a name of its own, no other names.

    A fan card cannot reuse a base card's name (the Workshop checks the cards
    as additions to the standard ones), so the gallery's "open in the
    Workshop" link opens the card as "My <name>".
    """
    variant = attrs.evolve(card, name=f"My {card.name}", names=())
    return (f"# The {card.name} from the gallery, under a name of its own: a fan card cannot\n"
            "# reuse a base card's name. Change it, and see it drawn and played.\n\n" + format_card(variant))


# ---------------------------------------------------------------- the page's calls


def _answer(call: Callable[[], Any]) -> str:
    """``call()`` as the page reads it: ``{"ok": result}``, or ``{"error": message}`` for a user's mistake."""
    try:
        return json.dumps({"ok": call()}, ensure_ascii=False)
    except CastleComboError as error:
        return json.dumps({"error": str(error), "kind": type(error).__name__}, ensure_ascii=False)


class Page:
    """The calls of the Workshop page's script (and of its balance worker), each answered as JSON text.

    It holds the page's game (a :class:`Table`) and its balance run (a
    :class:`BalanceRun`) between calls; options come as JSON text too.
    """

    def __init__(self) -> None:
        self.table: Table | None = None
        self.run: BalanceRun | None = None

    def check(self, text: str, name: str = DEFAULT_NAME) -> str:
        """:func:`check`."""
        return _answer(lambda: check(text, name))

    def new_game(self, text: str, name: str, players: int, bots: str, scope: str = "#cc-table") -> str:
        """A new :class:`Table`: ``{"style", "view"}``.

        ``style`` is the replay page's style scoped to ``scope``, the element
        that holds the table.
        """
        def start() -> dict[str, Any]:
            self.table = Table(text, int(players), bots, None, name)
            return {"style": table_style(scope), "view": self.table.view()}
        return _answer(start)

    def act(self, index: int) -> str:
        """:meth:`Table.act` on the page's game."""
        return _answer(lambda: self._table().act(int(index)))

    def undo(self) -> str:
        """:meth:`Table.undo` on the page's game."""
        return _answer(lambda: self._table().undo())

    def _table(self) -> Table:
        if self.table is None:
            raise WorkshopError("no game is being played: start one first")
        return self.table

    def balance_start(self, text: str, name: str, options: str) -> str:
        """A new :class:`BalanceRun` with ``options`` (JSON text): ``{"games", "fan"}``."""
        def start() -> dict[str, Any]:
            try:
                parsed = json.loads(options)
            except ValueError:
                raise WorkshopError(f"the balance options are not JSON: {options!r}") from None
            if not isinstance(parsed, dict):
                raise WorkshopError(f"the balance options must be an object, such as {{'games': 40}}, got {options}")
            self.run = BalanceRun(text, parsed, name)
            return {"games": self.run.games, "fan": list(self.run.fan)}
        return _answer(start)

    def balance_step(self, games: int) -> str:
        """Play the next ``games`` games of the run: ``{"done", "games"}``."""
        def step() -> dict[str, int]:
            run = self._run()
            return {"done": run.step(int(games)), "games": run.games}
        return _answer(step)

    def balance_report(self) -> str:
        """The run's report: ``json``, the command's ``--json`` document, and ``words`` (:func:`balance_words`)."""
        def report() -> dict[str, Any]:
            run = self._run()
            result = run.report()
            return {"json": result.to_json(), "words": balance_words(result, run.fan)}
        return _answer(report)

    def _run(self) -> BalanceRun:
        if self.run is None:
            raise WorkshopError("no balance run has been started")
        return self.run
