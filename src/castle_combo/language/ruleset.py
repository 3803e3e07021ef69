"""A ruleset: a validated, immutable set of cards, looked up by name.

A game is always played with one ruleset: the 78 base cards
(:meth:`Ruleset.standard`), optionally with an official expansion bundled with
castle-combo (:meth:`Ruleset.with_expansion`, e.g. ``"out-of-the-oubliette"``)
or fan cards (:meth:`Ruleset.extend`, or installed expansion packages found
through the ``castle_combo.expansions`` entry-point group). The ruleset
carries a version string so that a game record can say which cards it was
played with: ``base-1`` for the base game, ``base-1+oubliette-1`` with the
official expansion, ``base-1+byways.1f3a9c0e`` once extended with fan cards
(their folder's name and a digest of the cards' data).

Where the cards live: an installed wheel ships them inside the package
(``castle_combo/cards``); an editable or in-tree install reads the
repository's top-level ``cards/`` folder. The base cards are the ``.ccl``
files at the top of that folder; each official expansion is a sub-folder of
``cards/expansions/``.
"""

from __future__ import annotations

import difflib
import functools
import hashlib
from collections.abc import Iterable, Iterator
from os import PathLike
from pathlib import Path
from types import ModuleType

import attrs

from castle_combo.errors import CardProblems, CastleComboError, RulesetError
from castle_combo.files import quote
from castle_combo.language import load_paths
from castle_combo.language.bundled import bundled_cards_folder
from castle_combo.language.cache import load_paths_cached
from castle_combo.language.formatter import format_card
from castle_combo.language.model import Card, Deck

__all__ = [
    "Ruleset",
    "STANDARD_VERSION",
    "BUNDLED_EXPANSIONS",
    "available_expansions",
    "EXPANSIONS_GROUP",
    "bundled_cards_folder",
    "installed_expansions",
    "cards_digest",
]

#: The version of the bundled card data. Bump it whenever a base card changes
#: (tests/test_ruleset_load.py fails until you do), so that records played with the
#: old cards are told apart from new ones.
STANDARD_VERSION = "base-1"

#: The entry-point group through which installed packages offer fan cards.
EXPANSIONS_GROUP = "castle_combo.expansions"

#: The official expansions shipped with castle-combo (folders of ``cards/expansions/``) and the
#: version of each one's card data. Bump a version whenever one of its cards changes
#: (tests/test_cards_oubliette.py fails until you do).
BUNDLED_EXPANSIONS: dict[str, str] = {"out-of-the-oubliette": "oubliette-1"}


@attrs.frozen
class Ruleset:
    """The cards a game is played with.

    ``cards`` keeps the order in which the cards were loaded (base cards
    first, then each expansion), which is also the canonical order of
    :meth:`deck`. Build one with :meth:`from_cards` (checks names are unique)
    or :meth:`standard`.
    """

    cards: tuple[Card, ...]
    version: str
    _by_name: dict[str, Card] = attrs.field(init=False, repr=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {card.name: card for card in self.cards})

    @classmethod
    def from_cards(cls, cards: Iterable[Card], version: str = "custom", *, check: bool = True) -> Ruleset:
        """A ruleset of ``cards``, checked as the card language checks a file.

        Raises :class:`RulesetError` on a duplicate name, and
        :class:`~castle_combo.errors.CardProblems` (a
        :class:`~castle_combo.errors.CardValidationError`) listing every
        problem of every card built in Python that makes no sense. Cards read
        from card files (they carry their source position) were checked when
        they were read. ``check=False`` skips the check, for experiments with
        what the language refuses (the engine still plays such cards as the
        model says, but no rule page promises what they mean).
        """
        cards = tuple(cards)
        seen: dict[str, Card] = {}
        problems = [f"card {card.name!r}: {problem}" for card in cards if check and card.source is None
                    for problem in card.problems()]
        if problems:
            raise CardProblems(problems)
        for card in cards:
            if card.name in seen:
                first, again = seen[card.name].source, card.source
                where = f" (at {first} and {again})" if first and again else ""
                raise RulesetError(f"two cards are named {card.name!r}{where}; rename one of them")
            seen[card.name] = card
        return cls(tuple(seen.values()), version)

    def __repr__(self) -> str:
        return f"<Ruleset {self.version}: {len(self.cards)} cards>"

    def __getitem__(self, name: str) -> Card:
        if not isinstance(name, str):
            raise RulesetError(f"cards are looked up by name, a string, not {name!r:.80} ({type(name).__name__}); "
                               "rules.cards[i] is the i-th card in load order")
        try:
            return self._by_name[name]
        except KeyError:
            raise RulesetError(self._unknown(name)) from None

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def names(self) -> tuple[str, ...]:
        """Every card name, in load order."""
        return tuple(card.name for card in self.cards)

    def deck(self, deck: Deck | str) -> tuple[Card, ...]:
        """The cards of one deck (castle or village: a :class:`Deck` or its name), in load order.

        A name that is no deck raises ``ValueError`` rather than giving an empty deck.
        """
        try:
            wanted = Deck(deck)
        except ValueError:
            raise ValueError(f"no deck is called {quote(deck)}: write 'castle' or 'village'") from None
        return tuple(card for card in self.cards if card.deck is wanted)

    @classmethod
    def standard(cls, *, expansions: bool = False) -> Ruleset:
        """The 78 base cards bundled with castle-combo, loaded and validated once per process.

        With ``expansions=True``, every installed expansion package (see
        :meth:`with_installed_expansions`) is added too.
        """
        base = _standard_ruleset()
        return base._with_expansions(installed_expansions()) if expansions else base

    @classmethod
    def with_installed_expansions(cls) -> Ruleset:
        """The base cards plus every expansion installed under the ``castle_combo.expansions`` group.

        Expansions are added in the order of their entry-point names, so the
        result (and its version) does not depend on installation order.
        """
        return cls.standard(expansions=True)

    def with_expansion(self, name: str) -> Ruleset:
        """A new ruleset with the cards of the expansion ``name`` added.

        ``name`` is an official expansion bundled with castle-combo
        (``"out-of-the-oubliette"``: 12 lock cards, 6 per deck) or the
        entry-point name of an installed expansion package. The version string
        gains the expansion's own version (``base-1+oubliette-1``). An unknown
        name raises a :class:`RulesetError` listing the available ones.
        """
        if name in BUNDLED_EXPANSIONS:
            cards = load_paths_cached(_bundled_expansion_files(name))
            return Ruleset.from_cards(self.cards + cards, f"{self.version}+{BUNDLED_EXPANSIONS[name]}")
        installed = dict(installed_expansions())
        if name in installed:
            return self._with_expansions([(name, installed[name])])
        close = difflib.get_close_matches(name, available_expansions(), n=1)
        hint = f"did you mean {close[0]!r}?" if close else "check the name"
        raise RulesetError(f"no expansion named {name!r}; available: {', '.join(available_expansions())}\n"
                           f"hint: {hint}")

    @classmethod
    def for_version(cls, version: str) -> Ruleset | None:
        """The ruleset a version string names, when castle-combo can rebuild it alone; else ``None``.

        ``base-1`` and the bundled expansions' versions (``base-1+oubliette-1``)
        can be rebuilt; fan cards (``base-1+byways.1f3a9c0e``) cannot, since
        only their files hold them. Lets a saved game or a record be loaded
        without saying again which expansion it was played with.
        """
        base, *parts = version.split("+")
        if base != STANDARD_VERSION:
            return None
        by_version = {v: name for name, v in BUNDLED_EXPANSIONS.items()}
        rules = cls.standard()
        for part in parts:
            if part not in by_version:
                return None
            rules = rules.with_expansion(by_version[part])
        return rules

    def extend(self, paths: Iterable[str | PathLike[str]] | str | PathLike[str]) -> Ruleset:
        """A new ruleset with the fan cards of ``paths`` (``.ccl`` files or folders) added.

        Each fan card joins the deck named by its own ``deck`` field. A name
        already in this ruleset, or repeated among the new files, raises a
        :class:`~castle_combo.errors.CastleComboError` naming both places.
        """
        paths = [paths] if isinstance(paths, (str, PathLike)) else list(paths)
        label = "+".join(_label(Path(path)) for path in paths)
        return self._add(label, load_paths(paths))

    def _with_expansions(self, expansions: Iterable[tuple[str, tuple[Path, ...]]]) -> Ruleset:
        ruleset = self
        for name, paths in expansions:
            try:
                ruleset = ruleset._add(name, load_paths(paths))
            except CastleComboError as error:
                raise RulesetError(f"the installed expansion {name!r} is broken:\n{error}") from None
        return ruleset

    def _add(self, label: str, cards: tuple[Card, ...]) -> Ruleset:
        return Ruleset.from_cards(self.cards + cards, f"{self.version}+{label}.{cards_digest(cards)[:8]}")

    def _unknown(self, name: str) -> str:
        close = difflib.get_close_matches(name, self._by_name, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        return f"no card named {name!r} in this ruleset (version {self.version}){hint}"


def cards_digest(cards: Iterable[Card]) -> str:
    """A sha256 of the cards' canonical card-language text (:func:`~castle_combo.language.format_card`), in order.

    It changes exactly when a card's facts, ability or scoring change, not
    when a file is reformatted or moved, nor when the model's classes are
    re-cut (the canonical text of a card is its meaning), so it can tell card
    data apart.
    """
    return hashlib.sha256("\n".join(format_card(card) for card in cards).encode("utf-8")).hexdigest()


def _label(path: Path) -> str:
    """A short name for an expansion path in the version string: the file or folder name.

    A folder called ``cards`` is named after its parent (``byways/cards`` -> ``byways``).
    """
    if path.stem in ("cards", ""):
        return path.resolve().parent.name or "cards"
    return path.stem


@functools.cache
def _standard_ruleset() -> Ruleset:
    """The base ruleset, built once per process and served from the disk cache when unchanged.

    Only the files at the top of the folder: the expansions' sub-folders are added on request.
    """
    return Ruleset.from_cards(load_paths_cached(sorted(bundled_cards_folder().glob("*.ccl"))), STANDARD_VERSION)


def _bundled_expansion_files(name: str) -> list[Path]:
    folder = bundled_cards_folder() / "expansions" / name
    files = sorted(folder.glob("*.ccl"))
    if not files:
        raise RulesetError(f"the bundled expansion {name!r} is missing (looked in {folder})\n"
                           "hint: reinstall castle-combo")
    return files


def available_expansions() -> tuple[str, ...]:
    """The names :meth:`Ruleset.with_expansion` accepts: the bundled expansions, then the installed packages'."""
    installed = tuple(name for name, _ in installed_expansions() if name not in BUNDLED_EXPANSIONS)
    return tuple(BUNDLED_EXPANSIONS) + installed


def _expansion_paths(name: str, target: object) -> tuple[Path, ...]:
    """The card paths an entry point offers: a module's folder, or what a callable returns."""
    if isinstance(target, ModuleType):
        locations = list(getattr(target, "__path__", [])) or (
            [str(Path(target.__file__).parent)] if target.__file__ else [])
        if not locations:
            raise RulesetError(f"the expansion {name!r} points at a module with no folder")
        return (Path(locations[0]),)
    if callable(target):
        result = target()
        if isinstance(result, (str, PathLike)):
            return (Path(result),)
        return tuple(Path(path) for path in result)
    raise RulesetError(f"the expansion {name!r} points at {target!r}, which is neither a module "
                       "nor a callable returning a path\nhint: point the entry point at the package "
                       "that holds the .ccl files")


def installed_expansions() -> tuple[tuple[str, tuple[Path, ...]], ...]:
    """``(name, paths)`` of every installed expansion, sorted by entry-point name.

    An expansion package declares, in its ``pyproject.toml``::

        [project.entry-points."castle_combo.expansions"]
        byways = "castle_combo_byways"          # a package whose folder holds .ccl files
        # or: byways = "castle_combo_byways:cards_folder"   (a callable returning a path)
    """
    import importlib.metadata  # only here: importing it costs ~20 ms at every start

    found = []
    for entry in sorted(importlib.metadata.entry_points(group=EXPANSIONS_GROUP), key=lambda e: e.name):
        try:
            target = entry.load()
        except Exception as error:  # any import error of third-party code: report, never crash
            raise RulesetError(f"the installed expansion {entry.name!r} ({entry.value}) cannot be "
                               f"imported: {error}\nhint: reinstall or uninstall that package") from None
        found.append((entry.name, _expansion_paths(entry.name, target)))
    return tuple(found)
