"""Reading card files: text -> parse -> model -> validation, with every problem reported.

The public entry points (re-exported by :mod:`castle_combo.language`):

* :func:`parse_text` parses the cards of one text;
* :func:`load_file` reads one ``.ccl`` file (UTF-8, at most 1 MB);
* :func:`load_paths` reads files and folders of ``.ccl`` files, sorted;
* :func:`check_paths` does the same but returns every problem instead of
  raising, for ``castle-combo check``.

After a syntax error the reading of its file goes on at the next line
that starts a card (``card "Name"``), so every card's problems are reported
and the good cards are read; validation collects every problem of every
file, and card names must be unique across all the files loaded together.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Iterable
from os import PathLike
from pathlib import Path
from typing import Any

import attrs

from castle_combo.errors import (
    CardSyntaxError,
    CardSyntaxProblems,
    CardValidationError,
    CastleComboError,
    RulesetError,
)
from castle_combo.language.bundled import bundled_cards_folder
from castle_combo.language.messages import CardProblems, render, render_problem
from castle_combo.language.model import Card, Named, Problem, Source
from castle_combo.language.model.card import walk

__all__ = [
    "parse_text",
    "load_file",
    "load_paths",
    "card_files",
    "check_paths",
    "read_text",
    "read_cards",
    "ReadText",
    "CARD_START",
    "CheckReport",
    "MAX_FILE_BYTES",
]

#: The largest card file accepted: the 78 base cards take about 10 kB.
MAX_FILE_BYTES = 1_000_000


def parse_text(text: str, path: str = "<string>") -> tuple[Card, ...]:
    """The cards written in ``text``; raises a :class:`CastleComboError` subclass on any problem.

    ``path`` only names the text in messages. A syntax error raises
    :class:`CardSyntaxError`; semantic problems raise :class:`CardProblems`
    (a :class:`CardValidationError`) carrying every problem of the text. The
    reading goes on past a syntax error, at the next card, so a text with
    several problems, one of them a syntax error at least, raises
    :class:`CardSyntaxProblems`: both a :class:`CardSyntaxError` and a
    :class:`CardProblems` listing every message.
    """
    read = read_cards(text, path)
    if read.messages:
        raise read.error()
    return read.cards


#: A line that starts a card: the parser reads past a syntax error from the next one.
CARD_START = re.compile(r'^[ \t]*card[ \t]+"', re.MULTILINE)


@attrs.frozen
class ReadText:
    """What reading one text found: its good cards and every message, in the order of the text.

    ``cards`` are the cards with no problem (after a syntax error, the
    cards read from the next card on); ``messages`` every problem rendered
    (file, line, column, the line, a caret and a hint); ``syntax`` how many
    of them are syntax errors.
    """

    cards: tuple[Card, ...]
    messages: tuple[str, ...]
    syntax: int = 0

    def error(self) -> CastleComboError:
        """The error to raise for these messages (see :func:`parse_text`)."""
        if self.syntax == 1 and len(self.messages) == 1:
            return CardSyntaxError(self.messages[0])
        if self.syntax:
            return CardSyntaxProblems(self.messages)
        return CardProblems(self.messages)


def read_cards(text: str, path: str = "<string>") -> ReadText:
    """Every good card of ``text`` and every problem, never raising for what the text says.

    A syntax error is reported and the reading goes on at the next line
    that starts a card (``card "Name"``), so every card's problems are
    found and the good cards are read. Only a file too large to be a card
    file is refused outright (:class:`CardValidationError`).
    """
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise CardValidationError(
            f"{path}: the file is larger than {MAX_FILE_BYTES // 1_000_000} MB, far more than any card "
            "file needs\nhint: split it into several files, or check that it is a card file")
    text = text.removeprefix("\ufeff")
    # Lark is imported only when a text is really parsed: a process whose cards
    # come from the disk cache (castle_combo.language.cache) never pays for it.
    from castle_combo.language.transformer import CardBuilder

    found: list[tuple[int, int, str]] = []  # (line, column, message) of every problem
    builder = CardBuilder(path, text)
    cards: list[Card] = []
    trees, syntax = _parse_past_errors(text, path)
    for message in syntax:
        found.append((*_place(message, path), message))
    for tree_text, tree in trees:
        built = _built(builder, tree, tree_text, path)
        if isinstance(built, CastleComboError):
            message = str(built)
            found.append((*_place(message, path), message))
            syntax.append(message)
            continue
        cards.extend(built)
    problems = list(builder.problems)
    bad: set[int] = set()  # the cards with a problem, by index (cards equal but for their place are two cards)
    for index, card in enumerate(cards):
        positions = builder.positions.get(card.source, {}) if card.source is not None else {}
        its = card.problems()
        named = _name_at(card, text) if any(problem.part == "card name" for problem in its) else None
        if named is not None:  # (only for a problem of the name: finding the name splits the text into lines)
            positions = {**positions, "card name": named}
        own = [_at_part(problem, positions) for problem in its]
        if own or any(problem.source is not None and _inside(problem.source, card, text)
                      for problem in builder.problems):
            bad.add(index)
        problems.extend(own)
    clashes = _duplicates(cards, {}, text=text)
    problems.extend(problem for _, problem in clashes)
    bad.update(index for index, card in enumerate(cards) for clashing, _ in clashes if clashing is card)
    if not cards and not problems and not syntax:
        # Lines are counted at "\n" only, as the parser and the caret renderer count them.
        line = len(text.rstrip("\n").split("\n"))
        problems.append(Problem("the file has no card", 'a card starts with: card "Name" {',
                                Source(path, line, 1)))
    for problem in problems:
        where = (problem.source.line, problem.source.column) if problem.source else (0, 0)
        found.append((*where, render_problem(problem, text, path)))
    found.sort(key=lambda item: (item[0], item[1]))
    good = tuple(card for index, card in enumerate(cards) if index not in bad)
    return ReadText(good, tuple(message for _, _, message in found), len(syntax))


def _inside(source: Source, card: Card, text: str) -> bool:
    """Whether ``source`` lies in the card block that starts at ``card.source`` (up to the next card)."""
    start = card.source
    if start is None or source.line < start.line:
        return False
    following = [match for match in CARD_START.finditer(text)
                 if text.count("\n", 0, match.start()) + 1 > start.line]
    end = text.count("\n", 0, following[0].start()) + 1 if following else None
    return end is None or source.line < end


def _place(message: str, path: str) -> tuple[int, int]:
    """The line and column a rendered message starts with (``path:line:column: ...``)."""
    match = re.match(re.escape(path) + r":(\d+):(\d+): ", message)
    return (int(match.group(1)), int(match.group(2))) if match else (0, 0)


def _built(builder: Any, tree: Any, text: str, path: str) -> tuple[Card, ...] | CastleComboError:
    """The cards of one parse tree, or the error that stopped their building."""
    from lark.exceptions import VisitError

    try:
        cards: tuple[Card, ...] = builder.transform(tree)
    except VisitError as error:  # the builder records problems, and raises only for an unreadable number
        if isinstance(error.orig_exc, CastleComboError):
            return error.orig_exc
        return CardSyntaxError(f"{path}: {error.orig_exc}")
    except RecursionError:
        return _nested_too_deep(text, path)
    return cards


#: After this many syntax errors in one file the reading stops (the rest is most likely not card text).
MAX_SYNTAX_ERRORS = 50


def _parse_past_errors(text: str, path: str) -> tuple[list[tuple[str, Any]], list[str]]:
    """The parse trees of ``text`` and the message of every syntax error.

    The whole text is parsed at once. When that fails, the error belongs to
    the card whose block it is in (or, at the first word of a card, to the
    card before, left open); the cards before it are parsed on their own,
    and the reading goes on from the next card, each part padded with the
    line breaks before it so lines and columns stay the file's. Each error
    is reported as the parse from its card on met it, so its message is the
    one the whole file gives ("card "Nun" is not closed: '}' is missing
    before the next card"). A file is read this way in one parse per error
    and two more at most, and after :data:`MAX_SYNTAX_ERRORS` errors the
    reading stops.
    """
    from lark.exceptions import UnexpectedInput

    from castle_combo.language.diagnostics import syntax_error
    from castle_combo.language.parser import ccl_parser

    parser = ccl_parser()
    starts = [match.start() for match in CARD_START.finditer(text)]
    bounds = sorted({0, *starts})
    # Where the word "card" of each card's first line lies -> that card's index in ``bounds``.
    words = {match.start() + len(match.group(0)) - len(match.group(0).lstrip(" \t")): bounds.index(match.start())
             for match in CARD_START.finditer(text)}
    trees: list[tuple[str, Any]] = []
    messages: list[str] = []
    lines = 0  # the line breaks before bounds[piece], counted as the reading moves on
    counted = 0
    piece = 0
    while piece < len(bounds):
        start = bounds[piece]
        lines += text.count("\n", counted, start)
        counted = start
        part = "\n" * lines + text[start:]
        try:
            trees.append((part, parser.parse(part)))
            break
        except UnexpectedInput as error:
            failed = error
        except RecursionError:
            messages.append(str(_nested_too_deep(part, path)))
            break
        position = getattr(failed, "pos_in_stream", None)
        token = getattr(failed, "token", None)
        if getattr(token, "type", None) == "$END" or position is None:
            broken = len(bounds) - 1
        else:
            offset = position - lines + start  # where the error is in the file
            broken = max(index for index, bound in enumerate(bounds) if bound <= offset)
            if words.get(offset) == broken and broken > piece:
                broken -= 1  # the first word of a card: the card before it is not closed
        messages.append(str(syntax_error(failed, part, path, parser)))
        if broken > piece:
            before = "\n" * lines + text[start:bounds[broken]]
            try:
                trees.append((before, parser.parse(before)))
            except (UnexpectedInput, RecursionError):
                # The cards before the error do not read alone either: read them the same way, on their own.
                more_trees, more_messages = _parse_past_errors(before, path)
                trees += more_trees
                messages += more_messages
        if len(messages) >= MAX_SYNTAX_ERRORS and broken + 1 < len(bounds):
            line = text.count("\n", 0, bounds[broken + 1]) + 1
            messages.append(render(path, line, 1, f"{MAX_SYNTAX_ERRORS} syntax errors: the rest of the file "
                                   "was not read", "mend these first, then check again", text))
            break
        piece = broken + 1
    return trees, messages


def _nested_too_deep(text: str, path: str) -> CardSyntaxError:
    """The error for choices nested hundreds deep, which no reader could follow (nor Python's stack)."""
    match = re.search(r"\{\s*(choose)\b", text)
    position = match.start(1) if match else 0
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    return CardSyntaxError(render(path, line, column, "choices are nested too deeply to read",
                                  "a choice cannot hold another choice: write its options side by side",
                                  text))


def _at_part(problem: Problem, positions: dict[str, Source]) -> Problem:
    """The problem, pointing at the property it is about when the card says which one."""
    if problem.part is None or problem.part not in positions:
        return problem
    return attrs.evolve(problem, source=positions[problem.part])


def _name_at(card: Card, text: str | None) -> Source | None:
    """Where ``card``'s name is written (its opening quote), so a problem of the name points at the name.

    The card's own source is the word ``card``; the name follows it on the
    same line. Without the text, or with a name on a line of its own, the
    card's source is the best place there is.
    """
    start = card.source
    if start is None or text is None:
        return start
    lines = text.split("\n")  # the parser counts lines at "\n" only
    if not 1 <= start.line <= len(lines):
        return start
    quote = lines[start.line - 1].find('"', start.column - 1)
    return start if quote < 0 else Source(start.path, start.line, quote + 1)


def _same_card(card: Card, other: Card) -> bool:
    """Whether ``card`` was read from the very place ``other`` was (checking the bundled cards themselves)."""
    if card.source is None or other.source is None or (card.source.line, card.source.column) != (
            other.source.line, other.source.column):
        return False
    return os.path.realpath(card.source.path) == os.path.realpath(other.source.path)


def _shown_place(source: Source | None) -> str:
    """Where a card is defined, as a message shows it: a card castle-combo ships by its place in the package.

    The bundled cards lie wherever the package was installed; ``cards/castle-nobility.ccl:6:1 in
    castle-combo`` says which card it is on every machine (``castle-combo cards NAME`` shows it).
    """
    if source is None:
        return "an unknown place"
    try:
        bundled = bundled_cards_folder()
        inside = Path(os.path.realpath(source.path)).relative_to(os.path.realpath(bundled))
    except (ValueError, CastleComboError):
        return str(source)
    return f"cards/{inside.as_posix()}:{source.line}:{source.column} in castle-combo"


def _duplicates(cards: Iterable[Card], seen: dict[str, Card], standard: frozenset[str] = frozenset(),
                text: str | None = None) -> list[tuple[Card, Problem]]:
    """Every card whose name is already in ``seen`` (which is updated), with its problem.

    The card comes with its problem so the caller can leave it out of the
    cards read without problems (a card two files name is refused by every
    command, so it is not a good card).

    ``standard`` names the cards of ``seen`` that are the standard cards being
    extended, so a clash with one of them says so; a file card read from
    the very place of the standard card of its name is that card, no clash.
    ``text`` is the text of ``cards``, so each problem points at the name.
    """
    problems: list[tuple[Card, Problem]] = []
    for card in cards:
        first = seen.get(card.name)
        if first is not None and card.name in standard and _same_card(card, first):
            continue
        if first is not None and card.name in standard:
            problems.append((card, Problem(
                f"card {card.name!r} has the name of a card of the ruleset it extends (defined at "
                f"{_shown_place(first.source)})",
                "rename it, since a ruleset cannot hold two cards of one name", _name_at(card, text))))
        elif first is not None:
            problems.append((card, Problem(
                f"two cards are named {card.name!r}: this one and the one at {first.source}",
                "rename one of them (names are unique across all loaded files)", _name_at(card, text))))
        else:
            seen[card.name] = card
    return problems


def read_text(path: Path) -> str:
    """The text of a card file: a regular file of at most 1 MB of UTF-8, else a clear error naming it.

    The size limit applies while reading (a link to ``/dev/zero`` is refused,
    not read until memory runs out), and only regular files are opened (a FIFO
    named ``a.ccl`` would otherwise wait forever for a writer).
    """
    try:
        info = path.stat()
    except FileNotFoundError:
        raise RulesetError(f"{path}: no such file or folder\nhint: check the path") from None
    except OSError as error:
        raise _unreadable(path, error) from None
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a pipe, a device or a socket)"
        raise RulesetError(f"{path}: {kind}, so it cannot be a card file\n"
                           "hint: give a .ccl file, or the folder that holds them")
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise _unreadable(path, error) from None
    if len(data) > MAX_FILE_BYTES:
        raise CardValidationError(
            f"{path}: the file is larger than the {MAX_FILE_BYTES:,} bytes a card file may have\n"
            "hint: split it into several files, or check that it is a card file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise CardValidationError(
            f"{path}:{line}:{column}: the file is not UTF-8 text (byte 0x{data[error.start]:02x})\n"
            "hint: save the file with the UTF-8 encoding") from None
    if "\x00" in text:
        raise CardValidationError(f"{path}: the file holds NUL bytes: it looks like a binary file, "
                                  "not a card file\nhint: card files are plain text ending in .ccl")
    return text


def _unreadable(path: Path, error: OSError) -> RulesetError:
    """A file or folder the system would not let us read, named, with the reason and a fix."""
    if error.errno == errno.ELOOP:
        return RulesetError(f"{path}: a loop of symbolic links\nhint: make the link point to a real file or folder")
    if isinstance(error, PermissionError):
        return RulesetError(f"{path}: permission denied\nhint: make it readable (chmod u+r), or leave it out")
    return RulesetError(f"{path}: cannot be read ({error.strerror or error})\nhint: check the path")


def load_file(path: str | PathLike[str]) -> tuple[Card, ...]:
    """The cards of one ``.ccl`` file."""
    path = Path(path)
    return parse_text(read_text(path), str(path))


def _walk(folder: Path, files: list[Path], errors: list[CastleComboError], seen: set[str]) -> None:
    """The ``.ccl`` files under ``folder`` (sorted, recursive), and an error for everything unreadable.

    Folders are followed through symbolic links, each real folder once, so a
    link loop is reported instead of followed forever; a folder that cannot
    be listed is an error, never silently skipped.
    """
    try:
        real = os.path.realpath(folder, strict=True)
    except OSError as error:
        errors.append(_unreadable(folder, error))
        return
    if real in seen:
        errors.append(RulesetError(f"{folder}: a symbolic link back into a folder already read (a loop)\n"
                                   "hint: remove the link"))
        return
    seen.add(real)
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError as error:
        errors.append(_unreadable(folder, error))
        return
    for entry in entries:
        path = Path(entry.path)
        try:
            is_folder = entry.is_dir()
        except OSError as error:
            errors.append(_unreadable(path, error))
            continue
        if is_folder:
            _walk(path, files, errors, seen)
        elif entry.name.endswith(".ccl"):
            files.append(path)


def _collect(paths: Iterable[str | PathLike[str]]) -> tuple[list[Path], list[CastleComboError]]:
    """Every card file named in ``paths`` (folders walked), and an error for every path that is a problem."""
    files: list[Path] = []
    errors: list[CastleComboError] = []
    for entry in map(Path, paths):
        try:
            is_folder = entry.is_dir()
            exists = is_folder or os.path.lexists(entry)
        except OSError as error:
            errors.append(_unreadable(entry, error))
            continue
        if is_folder:
            found: list[Path] = []
            _walk(entry, found, errors, set())
            if not found and not errors:
                errors.append(RulesetError(f"{entry}: the folder holds no .ccl file\nhint: card files end in .ccl"))
            files.extend(found)
        elif exists:
            files.append(entry)
        else:
            errors.append(RulesetError(f"{entry}: no such file or folder\nhint: check the path"))
    return files, errors


def card_files(paths: Iterable[str | PathLike[str]]) -> tuple[Path, ...]:
    """The files named in ``paths``, each folder replaced by its ``.ccl`` files (sorted, recursive).

    Raises the first problem (a missing path, a folder with no card file, one
    that cannot be read, a link loop); :func:`check_paths` reports them all.
    """
    files, errors = _collect(paths)
    if errors:
        raise errors[0]
    return tuple(files)


@attrs.frozen
class CheckReport:
    """What checking card files found: the cards, the files read and every error.

    ``cards`` are the cards with no problem: a card with a problem of its own,
    or whose name another card or a card being extended already has, is left
    out (``castle-combo check`` counts these as "read without problems").

    ``errors`` holds one error per failing file (its :class:`CardProblems`
    lists every problem of that file) or per bad path, plus one
    :class:`CardProblems` for names repeated across files.
    """

    cards: tuple[Card, ...]
    files: tuple[Path, ...]
    errors: tuple[CastleComboError, ...]
    #: What is fine on its own but worth knowing, rendered like the problems (a fan card named like a
    #: card of an official expansion the check was not asked to include), in reading order.
    warnings: tuple[str, ...] = ()

    @property
    def messages(self) -> tuple[str, ...]:
        """Every problem, one rendered message each, in reading order (see :meth:`in_order`)."""
        return self.in_order(message for error in self.errors for message in _messages(error))

    def in_order(self, messages: Iterable[str]) -> tuple[str, ...]:
        """``messages`` sorted as a reader goes through the files: by file, then line, then column.

        The problems are found in several passes (each file read, then the
        names compared across files), so without sorting a clash on line 1
        came after a syntax error on line 5, and one file's problems after the
        next file's. Files keep the order they were read in (a folder's files
        sorted by name); a message about no file read (a missing path) comes
        first, and messages at one place keep the order they were found in.
        """
        ranks = {str(file): rank for rank, file in enumerate(self.files)}
        return tuple(sorted(messages, key=lambda message: _reading_place(message, ranks)))

    @property
    def ok(self) -> bool:
        """Whether no problem was found."""
        return not self.errors


def _reading_place(message: str, ranks: dict[str, int]) -> tuple[int, int, int]:
    """(the file's rank, line, column) that ``message`` starts with (``path:line:column: ...``), 0 for what it
    leaves out, and -1 for the file of a message about no file read."""
    path = max((path for path in ranks if message.startswith(path + ":")), key=len, default=None)
    if path is None:
        return -1, 0, 0
    match = re.match(r":(\d+):(\d+): ", message[len(path):])
    return (ranks[path], int(match.group(1)), int(match.group(2))) if match else (ranks[path], 0, 0)


def _messages(error: CastleComboError) -> tuple[str, ...]:
    return error.messages if isinstance(error, CardProblems) else (str(error),)


def check_paths(paths: Iterable[str | PathLike[str]], standard: Iterable[Card] = (),
                elsewhere: Iterable[tuple[str, Iterable[Card]]] = ()) -> CheckReport:
    """Every good card and every problem of the files and folders in ``paths``; never raises for a file.

    Missing paths and folders without cards are problems too, so a checker
    reports all of them in one run; a file with a syntax error is read on
    from its next card, so every card's problems are reported and its good
    cards are read (:func:`read_cards`). ``standard`` are cards the files
    are meant to extend: a file card that reuses one of their names is a
    problem too (unless it is that very card, read from its own file).
    ``elsewhere`` names other sets of cards the files may be played with
    (``("the expansion out-of-the-oubliette", cards)``): a file card named
    like one of theirs is a warning.
    """
    files, errors = _collect(paths)
    cards: list[Card] = []
    seen: dict[str, Card] = {card.name: card for card in standard}
    standard_names = frozenset(seen)
    texts: dict[str, str] = {}
    clashes: list[str] = []
    for file in files:
        try:
            text = read_text(file)
            read = read_cards(text, str(file))
        except CastleComboError as error:
            errors.append(error)
            continue
        if read.messages:
            errors.append(read.error())
        texts[str(file)] = text = text.removeprefix("\ufeff")  # as it was read: columns count from after a BOM
        clashing = _duplicates(read.cards, seen, standard_names, text)
        for _, problem in clashing:
            clashes.append(render_problem(problem, texts.get(problem.source.path if problem.source else ""),
                                          str(file)))
        refused = {id(card) for card, _ in clashing}
        cards.extend(card for card in read.cards if id(card) not in refused)
    if clashes:
        errors.append(CardProblems(clashes))
    known = frozenset(seen) | {card.name for card in cards}
    report = CheckReport(tuple(cards), tuple(files), tuple(errors))
    return attrs.evolve(report, warnings=report.in_order(_warnings(cards, elsewhere, texts, known)))


def _warnings(cards: Iterable[Card], elsewhere: Iterable[tuple[str, Iterable[Card]]],
              texts: dict[str, str], known: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """A warning for every card named like a card of another set it may be played with, and for every name in a
    filter (``card named "Nun"``) that no card checked has, nor the cards they extend (``known``): allowed, since
    a file may name the cards of another file, but most often a typo."""
    warnings = []
    others = [(label, {card.name: card for card in group}) for label, group in elsewhere]
    for card in cards:
        for name in _unknown_names(card, known):
            has_it = next((label for label, named in others if name in named), None)
            problem = Problem(f"no card checked here is named {name!r}"
                              + (f" (a card of {has_it} is)" if has_it else ""),
                              f"add the expansion to play it with {has_it}" if has_it else
                              "check the spelling (names compare exactly, case and all), or check it with the file "
                              "that defines it", next((f.source for f in walk(card) if isinstance(f, Named)
                                                        and name in f.names and f.source), card.source))
            path = problem.source.path if problem.source else ""
            warnings.append(render_problem(problem, texts.get(path), path))
    for card in cards:
        for label, named in others:
            other = named.get(card.name)
            if other is None or _same_card(card, other):
                continue
            problem = Problem(f"card {card.name!r} has the name of a card of {label} (defined at "
                              f"{_shown_place(other.source)})",
                              f"rename it to play it with {label}: a ruleset cannot hold two cards of one name",
                              _name_at(card, texts.get(card.source.path if card.source else "")))
            path = card.source.path if card.source else ""
            warnings.append(render_problem(problem, texts.get(path), path))
    return tuple(warnings)


def _unknown_names(card: Card, known: frozenset[str]) -> list[str]:
    """The names that ``card``'s filters ask for and no card of ``known`` has, each once, in written order."""
    names = (name for node in walk(card) if isinstance(node, Named) for name in node.names)
    return [name for name in dict.fromkeys(names) if name not in known]


def load_paths(paths: Iterable[str | PathLike[str]]) -> tuple[Card, ...]:
    """The cards of ``.ccl`` files and folders, in sorted file order; raises on any problem.

    A single failing file raises its own error (:class:`CardSyntaxError`,
    :class:`CardProblems`, ...); several raise one :class:`CardProblems`
    listing every message of every file.
    """
    report = check_paths(paths)
    if len(report.errors) == 1:
        raise report.errors[0]
    if report.errors:
        raise CardProblems(report.messages)
    return report.cards
