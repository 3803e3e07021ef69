"""Reading card files: text -> parse -> model -> validation, with every problem reported.

The public entry points (re-exported by :mod:`castle_combo.language`):

* :func:`parse_text` parses the cards of one text;
* :func:`load_file` reads one ``.ccl`` file (UTF-8, at most 1 MB);
* :func:`load_paths` reads files and folders of ``.ccl`` files, sorted;
* :func:`check_paths` does the same but returns every problem instead of
  raising, for ``castle-combo check``.

A syntax error stops the parse of its file (the rest of the file cannot be
trusted), but validation collects every problem of every file, and card
names must be unique across all the files loaded together.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Iterable
from os import PathLike
from pathlib import Path

import attrs

from castle_combo.errors import CardSyntaxError, CardValidationError, CastleComboError, RulesetError
from castle_combo.language.messages import CardProblems, render, render_problem
from castle_combo.language.model import Card, Problem, Source

__all__ = [
    "parse_text",
    "load_file",
    "load_paths",
    "card_files",
    "check_paths",
    "read_text",
    "CheckReport",
    "MAX_FILE_BYTES",
]

#: The largest card file accepted: the 78 base cards take about 10 kB.
MAX_FILE_BYTES = 1_000_000


def parse_text(text: str, path: str = "<string>") -> tuple[Card, ...]:
    """The cards written in ``text``; raises a :class:`CastleComboError` subclass on any problem.

    ``path`` only names the text in messages. A syntax error raises
    :class:`CardSyntaxError`; semantic problems raise :class:`CardProblems`
    (a :class:`CardValidationError`) carrying every problem of the text.
    """
    cards, problems = _parse_and_validate(text, path)
    if problems:
        raise CardProblems(render_problem(problem, text, path) for problem in problems)
    return cards


def _parse_and_validate(text: str, path: str) -> tuple[tuple[Card, ...], list[Problem]]:
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise CardValidationError(
            f"{path}: the file is larger than {MAX_FILE_BYTES // 1_000_000} MB, far more than any card "
            "file needs\nhint: split it into several files, or check that it is a card file")
    text = text.removeprefix("\ufeff")
    # Lark is imported only when a text is really parsed: a process whose cards
    # come from the disk cache (castle_combo.language.cache) never pays for it.
    from lark.exceptions import UnexpectedInput, VisitError

    from castle_combo.language.diagnostics import syntax_error
    from castle_combo.language.parser import ccl_parser
    from castle_combo.language.transformer import CardBuilder

    parser = ccl_parser()
    try:
        tree = parser.parse(text)
    except UnexpectedInput as error:
        raise syntax_error(error, text, path, parser) from None
    builder = CardBuilder(path, text)
    try:
        cards: tuple[Card, ...] = builder.transform(tree)
    except VisitError as error:  # the builder records problems, and raises only for an unreadable number
        if isinstance(error.orig_exc, CastleComboError):
            raise error.orig_exc from None
        raise CardSyntaxError(f"{path}: {error.orig_exc}") from None
    except RecursionError:
        raise _nested_too_deep(text, path) from None
    problems = list(builder.problems)
    for card in cards:
        positions = builder.positions.get(card.source) if card.source is not None else None
        problems.extend(_at_part(problem, positions or {}) for problem in card.problems())
    problems.extend(_duplicates(cards, {}))
    if not cards and not problems:
        # Lines are counted at "\n" only, as the parser and the caret renderer count them.
        line = len(text.rstrip("\n").split("\n"))
        problems.append(Problem("the file has no card", 'a card starts with: card "Name" {',
                                Source(path, line, 1)))
    problems.sort(key=lambda p: (p.source.line, p.source.column) if p.source else (0, 0))
    return cards, problems


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


def _duplicates(cards: Iterable[Card], seen: dict[str, Card], standard: frozenset[str] = frozenset()) -> list[Problem]:
    """A problem for every card whose name is already in ``seen`` (which is updated).

    ``standard`` names the cards of ``seen`` that are the standard cards being
    extended, so a clash with one of them says so.
    """
    problems = []
    for card in cards:
        first = seen.get(card.name)
        if first is not None and card.name in standard:
            problems.append(Problem(
                f"card {card.name!r} has the name of a standard card (defined at {first.source})",
                "rename it, since a ruleset cannot hold two cards of one name", card.source))
        elif first is not None:
            problems.append(Problem(
                f"two cards are named {card.name!r}: this one and the one at {first.source}",
                "rename one of them (names are unique across all loaded files)", card.source))
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

    ``errors`` holds one error per failing file (its :class:`CardProblems`
    lists every problem of that file) or per bad path, plus one
    :class:`CardProblems` for names repeated across files.
    """

    cards: tuple[Card, ...]
    files: tuple[Path, ...]
    errors: tuple[CastleComboError, ...]

    @property
    def messages(self) -> tuple[str, ...]:
        """Every problem, one rendered message each."""
        return tuple(message for error in self.errors for message in _messages(error))

    @property
    def ok(self) -> bool:
        """Whether no problem was found."""
        return not self.errors


def _messages(error: CastleComboError) -> tuple[str, ...]:
    return error.messages if isinstance(error, CardProblems) else (str(error),)


def check_paths(paths: Iterable[str | PathLike[str]], standard: Iterable[Card] = ()) -> CheckReport:
    """Every card and every problem of the files and folders in ``paths``; never raises for a file.

    Missing paths and folders without cards are problems too, so a checker
    reports all of them in one run. ``standard`` are cards the files are meant
    to extend: a file card that reuses one of their names is a problem too.
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
            found = parse_text(text, str(file))
        except CastleComboError as error:
            errors.append(error)
            continue
        texts[str(file)] = text
        for problem in _duplicates(found, seen, standard_names):
            clashes.append(render_problem(problem, texts.get(problem.source.path if problem.source else ""),
                                          str(file)))
        cards.extend(found)
    if clashes:
        errors.append(CardProblems(clashes))
    return CheckReport(tuple(cards), tuple(files), tuple(errors))


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
