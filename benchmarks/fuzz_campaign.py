"""Fuzz and soak campaign of what an attacker or a careless user reaches: ``python benchmarks/fuzz_campaign.py``.

Each surface gets its own hostile inputs, and every case ends in one of three
acceptable ways (an answer, or a clear refusal: a ``CastleComboError`` in
Python, or a one-line message and exit status 2 on the command line) or in a
failure, counted:

* **crash**: a traceback, an exception outside ``CastleComboError`` and the
  frameworks' documented errors, a process killed by a signal;
* **hang**: a case that outlived its timeout;
* **leak**: file descriptors left open, temporary files left behind, processes
  left running, memory that keeps growing over the run;
* **wrong**: a broken promise that is neither (an existing file replaced without
  ``--overwrite``, a non-integer taken as an action, a loaded save that does not
  save back as it was read, Ray run without its token authentication).

The surfaces (``--only`` picks some):

* ``saves``: real saves of random games taken mid-decision (and their views),
  mutated (values, types, sizes, deleted and extra fields, swapped cards) and
  given to ``castle_combo.loads``; what loads is played on to the end;
* ``records``: real game records and score scenarios, mutated the same way, given
  to ``castle_combo.replay`` and ``score_scenario``;
* ``files``: records, scenarios and card files that are not files (FIFOs,
  ``/dev/zero``, folders, huge sparse files, sockets, symlinks to each, loops)
  or hostile text, through ``castle-combo replay``, ``score`` and ``check``
  (and their ``--cards``), each with a timeout;
* ``writers``: every command that writes (``simulate --save``, ``play --save``,
  ``replay --html``, ``render``, ``balance --svg``) into existing files, folders
  that cannot be written, names too long, odd names, symlinks, FIFOs, devices,
  a file size limit (a disk that fills), with and without ``--overwrite``;
* ``cache``: the private parse cache, a writer and a reader of every command,
  with each of its files replaced by a FIFO, a symlink to ``/dev/zero`` or
  rubbish, and its folder a file or not writable;
* ``rl``: the action arguments of the PettingZoo, Gymnasium and OpenSpiel
  adapters: values and types of every kind (skipped for a framework that is not
  installed, and said so);
* ``ray``: ``simulate --backend ray`` with ``RAY_AUTH_MODE``, ``RAY_ADDRESS`` and
  ``--address`` values (where Ray is installed; ``--ray-cases``).

Python surfaces run in a child process with a memory limit, a timer per case,
and the file descriptors and resident memory measured as the run goes on. Every
case is seeded from ``--seed`` and its number, so a failure reruns alone with
``--only SURFACE --case N``. The summary counts cases, refusals, crashes, hangs
and leaks per surface; the exit status is 1 on any failure.

    python benchmarks/fuzz_campaign.py                 # the long campaign (about 25 minutes)
    python benchmarks/fuzz_campaign.py --quick         # a minute, as the test suite runs it
    python benchmarks/fuzz_campaign.py --scale 0.2 --only saves,rl
"""

from __future__ import annotations

import argparse
import copy
import gc
import json
import math
import multiprocessing
import os
import random
import resource
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
import traceback
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import castle_combo as cc  # noqa: E402
from castle_combo.errors import EncodingError  # noqa: E402
from castle_combo.files import MAX_FILE_BYTES  # noqa: E402

SURFACES = ("saves", "records", "files", "writers", "cache", "rl", "ray")
#: Cases per surface in the long campaign (``--scale`` multiplies them); files and writers also run every fixed case.
LONG = {"saves": 12000, "records": 5000, "files": 250, "writers": 150, "cache": 1, "rl": 40000, "ray": 14}
QUICK = {"saves": 150, "records": 80, "files": 4, "writers": 0, "cache": 1, "rl": 600, "ray": 0}
#: With --quick, how many of the fixed command-line cases (special files, writers' targets) run, drawn at random.
QUICK_FIXED = {"files": 12, "writers": 8}
#: The most memory a Python surface's process may map: a case that tries to take more fails with MemoryError.
MEMORY_LIMIT = 6 << 30
#: Resident memory that may be added between the middle and the end of a surface's run before it counts as a leak.
GROWTH_LIMIT = 48 << 20
#: Marks every process a command-line case starts, so that any left running afterwards can be found.
MARKER = "CASTLE_COMBO_FUZZ_CASE"
TEMP_PREFIX = ".castle-combo-"
#: An honest fan card, for the commands that read or draw card files (render writes it as fuzz-keeper.svg).
FAN_CARD = """card "Fuzz Keeper" {
    deck castle   cost 3   shields nobility
    score 2 per key
}
"""


class Hang(BaseException):
    """A case outlived its timer (a BaseException, so that no ``except Exception`` of the library swallows it)."""


@dataclass
class Tally:
    """What one surface's cases came to."""

    surface: str
    cases: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    failures: dict[str, list[str]] = field(default_factory=lambda: {"crash": [], "hang": [], "leak": [], "wrong": []})
    #: The failures of each kind grouped by where they come from (an exception's type and place), with one example.
    groups: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    def fail(self, kind: str, what: str, signature: str | None = None) -> None:
        self.failures[kind].append(what)
        self.groups.setdefault(kind, {}).setdefault(signature or what, []).append(what)

    def count(self, kind: str) -> int:
        return len(self.failures[kind])


def case_rng(seed: int, surface: str, index: int) -> random.Random:
    return random.Random(f"{seed}:{surface}:{index}")


# ----------------------------------------------------------------------------------------------- mutations

#: Values of every JSON type (and a few that are JSON only for Python: NaN, infinities, a 4,400-digit number).
ODD_VALUES: list[Any] = [None, True, False, 0, -1, 1.5, float("nan"), float("inf"), "", "x", [], {}, [0], [[]],
                         {"a": 1}, 2**63, -(2**63), 10**12, 10**4400, 1_000_001, "\u202e\x00\ufeff", "face-down"]


#: The most a mutation makes a list or a string grow by, in characters of JSON: twice what a file may hold.
GROWTH_BYTES = 2 * MAX_FILE_BYTES


def text_size(value: Any) -> int:
    """About how many characters of JSON ``value`` takes (a guess for what JSON cannot write)."""
    try:
        return len(json.dumps(value))
    except (ValueError, TypeError, RecursionError):
        return 1000


def odd(rng: random.Random) -> Any:
    """One of :data:`ODD_VALUES`, a copy of its own (a list put in two places must not grow in both)."""
    return copy.deepcopy(rng.choice(ODD_VALUES))


def leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) of a JSON document, containers included, the root excepted."""
    found = [(path, node)] if path else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += leaves(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += leaves(value, path + (index,))
    return found


def at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def new_value(value: Any, rng: random.Random, names: list[str]) -> Any:
    """Another value for ``value``: near it, far from it, or the same kind of thing gone wrong."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, -value, 0, -1, value * 7, 2**31, 2**63, 2**64, 10**12, -(10**7),
                           1_000_001, 10**4400, float(value) if abs(value) < 2**1000 else 1e308,
                           str(value) if abs(value) < 10**4000 else "9" * 5000])
    if isinstance(value, float):
        return rng.choice([float("nan"), float("inf"), -0.0, 1e308, int(value) if math.isfinite(value) else 0])
    if isinstance(value, str):
        return rng.choice([*rng.sample(names, min(6, len(names))), "", value.upper(), value + " ", " " + value,
                           value * 3, "x" * 200_000, "face-down", "castle", "village", "\x00", "N\u0303un"])
    return odd(rng)


def mutate(doc: Any, rng: random.Random, names: list[str], focus: tuple[Any, ...] | None = None) -> str:
    """Change one thing in ``doc`` in place, under ``focus`` more often than not; return what was done."""
    everything = leaves(doc)
    if not everything:
        return "nothing to change"
    pool = [leaf for leaf in everything if focus is not None and leaf[0][: len(focus)] == focus]
    if not pool or rng.random() < 0.4:
        pool = everything
    how = rng.choice(["value", "value", "type", "size", "delete", "extra", "swap", "cards"])
    path, value = rng.choice(pool)
    parent, key = at(doc, path[:-1]), path[-1]
    if how == "value":
        parent[key] = new_value(value, rng, names)
    elif how == "type":
        parent[key] = copy.deepcopy(rng.choice([v for v in ODD_VALUES if type(v) is not type(value)]))
    elif how == "size":
        if isinstance(value, list):
            what = rng.choice(["drop", "double", "append", "clear", "grow", "reverse"])
            if what == "drop" and value:
                del value[rng.randrange(len(value))]
            elif what == "double" and value:
                index = rng.randrange(len(value))
                value.insert(index, copy.deepcopy(value[index]))
            elif what == "append":
                value.append(copy.deepcopy(rng.choice(value)) if value else odd(rng))
            elif what == "clear":
                value.clear()
            elif what == "grow":  # by copies of its first entry, to a few MB at most (edits add up; memory is capped)
                first = copy.deepcopy(value[0]) if value else 0
                times = min(rng.choice([100, 10_000]), GROWTH_BYTES // max(1, text_size(first)))
                value.extend(copy.deepcopy(first) for _ in range(times))  # copies: a later edit changes only one
            else:
                value.reverse()
            return f"{what} list at {list(path)}"
        if isinstance(value, dict):
            value.clear()
        elif isinstance(value, str):
            times = min(rng.choice([2, 1000, 100_000]), max(2, GROWTH_BYTES // max(1, len(value))))
            parent[key] = (value * times)[:GROWTH_BYTES]  # longer than any file may be
        else:
            parent[key] = [copy.deepcopy(value) for _ in range(rng.choice([2, 1000]))]
    elif how == "delete":
        holders = [(p, v) for p, v in pool if isinstance(v, dict) and v] or [(p, v) for p, v in everything
                                                                            if isinstance(v, dict) and v]
        if holders:
            where, node = rng.choice(holders)
            gone = rng.choice(sorted(node))
            del node[gone]
            return f"delete {list(where) + [gone]}"
        parent[key] = None
    elif how == "extra":
        holders = [(p, v) for p, v in everything if isinstance(v, dict)] + [((), doc)] * isinstance(doc, dict)
        where, node = rng.choice(holders)
        name = rng.choice(["extra", "kind", "options", "cards", "__class__", "", "gold", "x" * 500])
        node.setdefault(name, odd(rng))
        return f"extra field {name[:20]!r} at {list(where)}"
    elif how == "swap":
        other_path, other = rng.choice(everything)
        if other_path[: len(path)] == path or path[: len(other_path)] == other_path:
            parent[key] = new_value(value, rng, names)
        else:
            at(doc, other_path[:-1])[other_path[-1]], parent[key] = copy.deepcopy(value), copy.deepcopy(other)
            return f"swap {list(path)} and {list(other_path)}"
    else:  # cards: two places that hold card names exchange their cards, or one card becomes another
        known = set(names)
        held = [(p, v) for p, v in everything if isinstance(v, str) and v in known]
        if len(held) >= 2 and rng.random() < 0.7:
            (p1, v1), (p2, v2) = rng.sample(held, 2)
            at(doc, p1[:-1])[p1[-1]], at(doc, p2[:-1])[p2[-1]] = v2, v1
            return f"swap cards {v1!r} at {list(p1)} and {v2!r} at {list(p2)}"
        if held:
            p1, v1 = rng.choice(held)
            at(doc, p1[:-1])[p1[-1]] = rng.choice(names)
            return f"replace card {v1!r} at {list(p1)}"
        parent[key] = rng.choice(names)
    return f"{how} at {list(path)}"


def as_input(doc: Any, rng: random.Random) -> tuple[Any, str]:
    """The document as the readers take it: the object itself, JSON text, or bytes."""
    form = rng.choice(["object", "object", "text", "bytes"])
    if form == "object":
        return doc, form
    try:
        text = json.dumps(doc)
    except ValueError:  # a number too long for str(): the object itself
        return doc, "object"
    return (text if form == "text" else text.encode("utf-8")), form


# ----------------------------------------------------------------------------------------- the Python cases

@dataclass
class Watch:
    """A timer per case and the process's file descriptors and memory over a surface's run."""

    timeout: float
    samples: list[tuple[int, int, int]] = field(default_factory=list)  # (case, fds, resident bytes)

    @staticmethod
    def fds() -> int:
        return len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else 0

    @staticmethod
    def resident() -> int:
        try:
            pages = int(Path("/proc/self/statm").read_text().split()[1])
            return pages * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError, IndexError):
            return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024

    def sample(self, case: int) -> None:
        gc.collect()
        self.samples.append((case, self.fds(), self.resident()))

    def run(self, work: Callable[[], Any]) -> Any:
        def ring(_signum: int, _frame: Any) -> None:
            raise Hang

        old = signal.signal(signal.SIGALRM, ring)
        signal.setitimer(signal.ITIMER_REAL, self.timeout)
        try:
            return work()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)

    def judge(self, tally: Tally) -> None:
        """Leaks over the run: more descriptors at the end than after the warm-up, or memory still growing."""
        if len(self.samples) < 3:
            return
        warm, middle, end = self.samples[1], self.samples[len(self.samples) // 2], self.samples[-1]
        mib = 1 << 20
        tally.notes.append(f"resident memory {warm[2] / mib:.0f} MiB after warm-up, {middle[2] / mib:.0f} MiB "
                           "half-way, "
                           f"{end[2] / mib:.0f} MiB at the end; file descriptors {warm[1]}, {middle[1]}, {end[1]}")
        if end[1] > warm[1]:
            tally.fail("leak", f"file descriptors: {warm[1]} after the warm-up, {end[1]} at the end")
        if end[2] - middle[2] > GROWTH_LIMIT:
            tally.fail("leak", f"memory grew by {(end[2] - middle[2]) / mib:.0f} MiB in the second half of the run "
                               f"(cases {middle[0]} to {end[0]})")


def crash_site(error: BaseException) -> str:
    """Where an exception came from: its type and the innermost line of castle-combo it passed (else the last)."""
    frames = traceback.extract_tb(error.__traceback__) if error.__traceback__ else []
    ours = [f for f in frames if "castle_combo" in f.filename] or frames[-1:]
    where = f" at {'/'.join(Path(ours[-1].filename).parts[-2:])}:{ours[-1].lineno}" if ours else ""
    return f"{type(error).__name__}{where}"


def crash_text(error: BaseException) -> str:
    return f"{type(error).__name__}: {str(error)[:160]} ({crash_site(error)})"


def random_games(rules: cc.Ruleset, games: int, seed: int) -> Iterator[list[cc.GameState]]:
    """Every state of random games, locks opened often so that every kind of decision comes up."""
    for game in range(games):
        rng = random.Random(seed * 7919 + game)
        state = cc.new_game(players=2 + game % 4, seed=rng.randrange(2**32), rules=rules)
        found = [state]
        while not state.is_over:
            legal = state.legal_actions()
            opens = [a for a in legal if isinstance(a, cc.Unlock)]
            state = state.apply(opens[0] if opens and rng.random() < 0.6 else rng.choice(legal))
            found.append(state)
        yield found


def play_on(state: cc.GameState, rng: random.Random, moves: int = 400) -> None:
    """Play a loaded state to the end (or ``moves`` moves) with random legal actions."""
    if state.viewer is not None:
        state = state.determinize(rng)
    for _ in range(moves):
        if state.is_over:
            state.scores()
            return
        state = state.apply(rng.choice(state.legal_actions()))


def surface_saves(tally: Tally, args: argparse.Namespace, count: int) -> None:
    base = cc.Ruleset.standard()
    rulesets = {"base": base, "oubliette": base.with_expansion("out-of-the-oubliette")}
    sources: list[tuple[str, dict[str, Any]]] = []
    for label, rules in rulesets.items():
        for states in random_games(rules, 6 if args.quick else 24, args.seed):
            pending = [s for s in states if s.pending is not None]
            others = random.Random(len(states)).sample(states, min(3, len(states)))
            for state in pending + others:
                sources.append((label, json.loads(cc.dumps(state))))
                seat = len(sources) % len(state.players)
                sources.append((label, json.loads(cc.dumps(state.view(seat)))))
    kinds = Counter(doc["pending"]["decision"]["kind"] for _, doc in sources if doc.get("pending"))
    tally.notes.append(f"{len(sources)} real saves mutated, {sum(kinds.values())} of them mid-decision "
                       f"({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}), half of them seats' views")
    names = {label: list(rules.names) for label, rules in rulesets.items()}
    watch = Watch(args.case_timeout)
    for index in cases(args, count):
        rng = case_rng(args.seed, "saves", index)
        label, source = rng.choice(sources)
        doc = copy.deepcopy(source)
        try:
            edits = [mutate(doc, rng, names[label], ("pending",) if doc.get("pending") else None)
                     for _ in range(rng.choice([1, 1, 1, 2, 3]))]
            given, form = as_input(doc, rng)
        except (MemoryError, RecursionError) as error:  # the campaign's own doing: said, and the run goes on
            tally.fail("crash", f"case {index}: the campaign's mutation itself failed: {crash_text(error)}",
                       "the campaign's own mutation")
            continue
        what = f"case {index}: a {label} save{' view' if source.get('viewer') is not None else ''}, " \
               f"{'; '.join(edits)} (as {form})"

        def load_and_play(given: Any = given, doc: Any = doc, what: str = what, rng: random.Random = rng,
                          label: str = label) -> str:
            try:
                state = cc.loads(given, rules=rulesets[label])
            except cc.CastleComboError:
                return "refused"
            if not saves_back(state, doc):
                tally.fail("wrong", f"{what}: loaded, but does not save back as it was read")
            try:
                play_on(state, rng)
            except cc.CastleComboError:
                return "accepted, then refused a move"
            return "accepted, played on"

        one_case(tally, watch, index, what, load_and_play)
    watch.judge(tally)


def saves_back(state: cc.GameState, doc: dict[str, Any]) -> bool:
    """Whether a loaded state saves back as the document it was read from.

    The rules a save names may be left out, or given as a bare version (older saves): ``loads`` fills them in, by
    design, so they are compared only when the document has them in full.
    """
    again = json.loads(cc.dumps(state))
    read = json.loads(json.dumps(doc))
    if not isinstance(read.get("rules"), dict):
        again.pop("rules", None)
        read.pop("rules", None)
    return bool(again == read)


def finished_scenario(state: cc.GameState, seat: int, rules: cc.Ruleset) -> dict[str, Any]:
    """A score scenario of one seat's finished tableau, as ``castle-combo score`` reads it."""
    player = state.players[seat]
    left = min(c.x for c in player.tableau)
    top = min(c.y for c in player.tableau)
    grid = [["face-down"] * 3 for _ in range(3)]
    purse: dict[str, int] = {}
    for cell in player.tableau:
        name = rules.names[cell.card]
        grid[cell.y - top][cell.x - left] = "face-down" if cell.face_down else name
        if cell.gold and not cell.face_down:
            purse[name] = cell.gold
    return {"grid": grid, "keys": player.keys, "gold": player.gold, "purse_gold": purse}


def surface_records(tally: Tally, args: argparse.Namespace, count: int) -> None:
    from castle_combo.engine.scoring import score_scenario

    base = cc.Ruleset.standard()
    rulesets = {"base": base, "oubliette": base.with_expansion("out-of-the-oubliette")}
    records: list[tuple[str, dict[str, Any]]] = []
    scenarios: list[tuple[str, dict[str, Any]]] = []
    for label, rules in rulesets.items():
        for states in random_games(rules, 4 if args.quick else 16, args.seed + 1):
            end = states[-1]
            records.append((label, json.loads(json.dumps(end.record()))))
            for seat in range(len(end.players)):
                scenario = finished_scenario(end, seat, rules)
                try:
                    score_scenario(scenario, rules)
                except cc.CastleComboError:
                    continue
                scenarios.append((label, scenario))
    tally.notes.append(f"{len(records)} real records and {len(scenarios)} score scenarios mutated")
    names = {label: list(rules.names) for label, rules in rulesets.items()}
    watch = Watch(args.case_timeout)
    for index in cases(args, count):
        rng = case_rng(args.seed, "records", index)
        is_record = rng.random() < 0.6
        label, source = rng.choice(records if is_record else scenarios)
        doc = copy.deepcopy(source)
        try:
            edits = [mutate(doc, rng, names[label], ("moves",) if is_record else ("grid",))
                     for _ in range(rng.choice([1, 1, 2]))]
            given, form = as_input(doc, rng)
        except (MemoryError, RecursionError) as error:  # the campaign's own doing: said, and the run goes on
            tally.fail("crash", f"case {index}: the campaign's mutation itself failed: {crash_text(error)}",
                       "the campaign's own mutation")
            continue
        what = f"case {index}: a {label} {'record' if is_record else 'scenario'}, {'; '.join(edits)} (as {form})"

        def read(given: Any = given, is_record: bool = is_record, rng: random.Random = rng, label: str = label) -> str:
            try:
                if is_record:
                    play_on(cc.replay(given, rules=rulesets[label]), rng)
                else:
                    sheet = score_scenario(json.loads(given) if isinstance(given, str | bytes) else given,
                                           rulesets[label])
                    str(sheet.total)
            except cc.CastleComboError:
                return "refused"
            return "accepted"

        one_case(tally, watch, index, what, read)
    watch.judge(tally)


def cases(args: argparse.Namespace, count: int) -> range:
    return range(args.case, args.case + 1) if args.case is not None else range(count)


def one_case(tally: Tally, watch: Watch, index: int, what: str, work: Callable[[], str],
             allowed: tuple[type[BaseException], ...] = ()) -> None:
    """Run one Python case under the timer; count what it came to."""
    tally.cases += 1
    if index in (0, 10) or index % 250 == 0:
        watch.sample(index)
    try:
        tally.outcomes[watch.run(work)] += 1
    except Hang:
        tally.fail("hang", f"{what}: still running after {watch.timeout:g} s")
    except MemoryError:
        tally.fail("crash", f"{what}: MemoryError")
    except allowed as error:
        tally.outcomes[f"refused by the framework ({type(error).__name__})"] += 1
    except Exception as error:  # noqa: BLE001 - any other exception is what the campaign looks for
        tally.fail("crash", f"{what}: {crash_text(error)}", crash_site(error))


# ------------------------------------------------------------------------------------------- the RL adapters

class Index:
    """An object that says it is an integer (``__index__``), as some array libraries' scalars do."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"Index({self.value})"


class Broken:
    """An object whose every conversion raises."""

    def __index__(self) -> int:
        raise RuntimeError("no index")

    def __int__(self) -> int:
        raise RuntimeError("no int")

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def hostile_action(rng: random.Random, legal: list[int], size: int) -> tuple[Any, bool]:
    """An action argument, and whether it is an integer of the space (an ``int`` or a NumPy integer)."""
    import numpy as np

    some = rng.choice(legal) if legal else 0
    choice = rng.randrange(30)
    integers: list[Any] = [some, rng.randrange(size), size - 1, 0]
    if choice < 4:
        return integers[choice], True
    if choice < 8:
        dtype = rng.choice([np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint32, np.uint64, np.intp])
        value = some if np.iinfo(dtype).max >= some else rng.randrange(np.iinfo(dtype).max)
        return (dtype(value) if choice < 6 else np.array(value, dtype=dtype)), True
    others: list[Any] = [
        -1, size, 2**31, 2**63, 2**64, -(2**63), 10**100, np.int8(-5), np.uint64(2**64 - 1),  # integers outside
        str(some), f" {some}", b"1", True, False, np.bool_(True), float(some), some + 0.5, float("nan"),
        float("inf"), -0.0, np.float32(some), np.float64("nan"), complex(some, 0), Fraction(some, 1),
        Decimal(some), None, [some], (some,), {some}, {"action": some}, np.array([some]), np.array(float(some)),
        np.array(some, dtype=object), np.array([[some]]), Index(some), Broken(), object(), "", "\x00", sum, ...,
    ]
    value = rng.choice(others)
    integer = isinstance(value, int | np.integer) and not isinstance(value, bool | np.bool_) and 0 <= int(value) < size
    return value, integer


def snapshot_pettingzoo(env: Any) -> Any:
    raw = env.unwrapped
    return (cc.dumps(raw.state), dict(raw.rewards), dict(raw._cumulative_rewards), dict(raw.terminations),
            raw.agent_selection)


def surface_rl(tally: Tally, args: argparse.Namespace, count: int) -> None:
    try:
        import numpy  # noqa: F401
    except ImportError:
        tally.notes.append("skipped: numpy is not installed (pip install 'castle-combo[rl]')")
        return
    makers: dict[str, Callable[[random.Random], Any]] = {}
    allowed: dict[str, tuple[type[BaseException], ...]] = {}
    try:
        from castle_combo.adapters import pettingzoo as pz

        makers["pettingzoo"] = lambda rng: pz.env(players=rng.choice([2, 3, 4]))
        allowed["pettingzoo"] = ()
    except ImportError as error:
        tally.notes.append(f"PettingZoo skipped: {error}")
    try:
        import gymnasium

        from castle_combo.adapters import gymnasium as gym_adapter

        makers["gymnasium"] = lambda rng: gymnasium.make(gym_adapter.ENV_ID, opponents=("random",) * rng.choice([1, 2]))
        allowed["gymnasium"] = ()
    except ImportError as error:
        tally.notes.append(f"Gymnasium skipped: {error}")
    try:
        import pyspiel

        import castle_combo.adapters.openspiel  # noqa: F401 - registers the game

        makers["openspiel"] = lambda rng: pyspiel.load_game("python_castle_combo", {"players": rng.choice([2, 3])})
        # pyspiel's own binding refuses what is no 64-bit integer (TypeError) and -1 (SpielError), before the adapter.
        allowed["openspiel"] = (TypeError, pyspiel.SpielError)
    except ImportError as error:
        tally.notes.append(f"OpenSpiel skipped: {error}")
    if not makers:
        return
    watch = Watch(args.case_timeout)
    frameworks = sorted(makers)
    per = Counter[str]()
    envs: dict[str, Any] = {}
    for index in cases(args, count):
        rng = case_rng(args.seed, "rl", index)
        name = frameworks[index % len(frameworks)]
        per[name] += 1
        if index % 200 < len(frameworks) or name not in envs:
            envs[name] = makers[name](rng)  # a new environment now and then, the old one let go
        what = f"case {index}: {name}"

        def act(name: str = name, rng: random.Random = rng, what: str = what) -> str:
            return rl_case(name, envs[name], rng, what, tally)

        one_case(tally, watch, index, what, act, allowed[name])
    tally.notes.append("cases per framework: " + ", ".join(f"{k} {v}" for k, v in sorted(per.items())))
    watch.judge(tally)


def rl_case(name: str, env: Any, rng: random.Random, what: str, tally: Tally) -> str:
    """A few legal moves, then one hostile action: refused with nothing changed, or played as the integer it is."""
    if name == "pettingzoo":
        env.reset(seed=rng.randrange(2**32))
        for _ in range(rng.randrange(12)):
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(rng.choice([int(i) for i in mask.nonzero()[0]]))
        mask = env.observe(env.agent_selection)["action_mask"]
        legal = [int(i) for i in mask.nonzero()[0]]
        action, integer = hostile_action(rng, legal, len(mask))
        before = snapshot_pettingzoo(env)
        try:
            env.step(action)
        except EncodingError:
            if integer:
                tally.fail("wrong", f"{what}: refused the integer action {action!r}")
            if snapshot_pettingzoo(env) != before:
                tally.fail("wrong", f"{what}: a refused action {safe_repr(action)} changed the environment")
            env.step(legal[0])  # still usable
            return "refused"
        if not integer:
            tally.fail("wrong", f"{what}: took {safe_repr(action)} ({type(action).__name__}) as an action")
        return "played"
    if name == "gymnasium":
        env.reset(seed=rng.randrange(2**32))
        game = env.unwrapped
        for _ in range(rng.randrange(6)):
            mask = game._info()["action_mask"]
            if game.game.is_over:
                break
            env.step(rng.choice([int(i) for i in mask.nonzero()[0]]))
        mask = game._info()["action_mask"]
        legal = [int(i) for i in mask.nonzero()[0]]
        action, integer = hostile_action(rng, legal, game.space.size)
        before = cc.dumps(game.game)
        try:
            env.step(action)
        except EncodingError:
            if integer:
                tally.fail("wrong", f"{what}: refused the integer action {action!r}")
            if cc.dumps(game.game) != before:
                tally.fail("wrong", f"{what}: a refused action {safe_repr(action)} changed the game")
            return "refused"
        if not integer:
            tally.fail("wrong", f"{what}: took {safe_repr(action)} ({type(action).__name__}) as an action")
        return "played"
    state = env.new_initial_state()
    for _ in range(rng.randrange(12)):
        state.apply_action(rng.choice(state.legal_actions()))
    legal = state.legal_actions()
    action, integer = hostile_action(rng, legal, env.num_distinct_actions())
    before = (state.history(), state.information_state_string(0))
    try:
        state.apply_action(action)
    except cc.CastleComboError:
        if integer and int(action) in legal:
            tally.fail("wrong", f"{what}: refused the legal action {action!r}")
        if (state.history(), state.information_state_string(0)) != before:
            tally.fail("wrong", f"{what}: a refused action {safe_repr(action)} changed the state")
        state.apply_action(legal[0])
        return "refused"
    if not integer:
        tally.fail("wrong", f"{what}: took {safe_repr(action)} ({type(action).__name__}) as an action")
    return "played"


def safe_repr(value: Any) -> str:
    try:
        return repr(value)[:60]
    except Exception:  # noqa: BLE001 - Broken() refuses its repr
        return f"<{type(value).__name__}>"


# ------------------------------------------------------------------------------------- the command line

@dataclass
class Run:
    code: int | None
    out: str
    err: str
    seconds: float
    left: list[int]

    @property
    def traceback(self) -> bool:
        return "Traceback (most recent call last)" in self.err


class Cli:
    """Runs ``castle-combo`` in a fresh process per case, with a timeout, and finds what each case left behind."""

    def __init__(self, work: Path, timeout: float) -> None:
        self.work = work
        self.timeout = timeout
        self.tmp = work / "tmp"
        self.tmp.mkdir()
        self.cache = work / "cache"
        self.cache.mkdir()
        self.setpriv = shutil.which("setpriv") if os.geteuid() == 0 else None

    def env(self, **changes: str | None) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
        # The commands run the castle-combo of this checkout, whatever else is installed.
        path = os.pathsep.join([str(ROOT / "src"), *filter(None, [os.environ.get("PYTHONPATH")])])
        env.update(TMPDIR=str(self.tmp), XDG_CACHE_HOME=str(self.cache), PYTHONDONTWRITEBYTECODE="1",
                   COLUMNS="100", NO_COLOR="1", PYTHONPATH=path)
        for key, value in changes.items():
            if value is None:
                env.pop(key, None)
            else:
                env[key] = value
        return env

    def run(self, argv: list[str | bytes], *, cwd: Path | None = None, stdin: str = "",
            env: dict[str, str] | None = None,
            file_limit: int | None = None, no_override: bool = False, timeout: float | None = None) -> Run:
        """``castle-combo ARGV``: its exit status (None after the timeout), output, and processes it left running."""
        marker = uuid.uuid4().hex
        command: list[str | bytes] = [sys.executable, "-m", "castle_combo.cli", *argv]
        if no_override and self.setpriv:  # root that obeys file permissions, as any other user does
            drop = "-dac_override,-dac_read_search"
            command = [self.setpriv, f"--bounding-set={drop}", f"--inh-caps={drop}", "--", *command]
        limit = None if file_limit is None else (lambda: resource.setrlimit(resource.RLIMIT_FSIZE,
                                                                            (file_limit, file_limit)))
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd or self.work, env=(env or self.env()) | {MARKER: marker},
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   start_new_session=True, preexec_fn=limit)
        try:
            out, err = process.communicate(stdin.encode(), timeout=timeout or self.timeout)
            code: int | None = process.returncode
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            out, err = process.communicate()
            code = None
        seconds = time.perf_counter() - started
        left = self.left_running(marker)
        for pid in left:  # started by this case: end them, by their own number
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        return Run(code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), seconds, left)

    @staticmethod
    def left_running(marker: str, wait: float = 3.0) -> list[int]:
        """Processes still carrying this case's marker (a worker or a Ray process it started), after a grace time."""
        needle = f"{MARKER}={marker}".encode()
        deadline = time.monotonic() + wait
        while True:
            found = []
            for entry in Path("/proc").iterdir():
                if entry.name.isdigit():
                    try:
                        if needle in (entry / "environ").read_bytes():
                            found.append(int(entry.name))
                    except OSError:
                        continue
            if not found or time.monotonic() > deadline:
                return found
            time.sleep(0.2)

    def temporary_left(self) -> list[str]:
        """Files the commands left in their temporary folder (emptied after each look)."""
        left = sorted(p.name for p in self.tmp.iterdir())
        for path in self.tmp.iterdir():
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
        return left

    def judge(self, tally: Tally, what: str, run: Run, codes: tuple[int, ...] = (0, 1, 2)) -> bool:
        """Count the run: a hang, a crash, processes or temporary files left; True if it ended acceptably."""
        tally.cases += 1
        ok = True
        if run.code is None:
            tally.fail("hang", f"{what}: still running after {self.timeout:g} s")
            ok = False
        elif run.traceback or run.code not in codes:
            last = [line for line in run.err.strip().splitlines() if line.strip()][-1:] or ["(nothing on stderr)"]
            tally.fail("crash", f"{what}: exit status {run.code}: {last[0][:200]}")
            ok = False
        if run.left:
            tally.fail("leak", f"{what}: {len(run.left)} process(es) left running")
        left = self.temporary_left()
        if left:
            tally.fail("leak", f"{what}: temporary files left: {', '.join(left[:3])}")
        if ok:
            tally.outcomes["answered" if run.code == 0 else "refused (exit 2)" if run.code == 2 else
                           f"exit {run.code}"] += 1
        return ok


def make_record(cli: Cli, folder: Path) -> Path:
    done = cli.run(["simulate", "--games", "1", "--bots", "random", "--jobs", "1", "--seed", "5", "--save",
                    str(folder)])
    if done.code != 0:
        raise SystemExit(f"cannot make a record to start from: {done.err}")
    return folder / "game-00001.json"


def special_inputs(work: Path, record: Path, scenario: Path) -> dict[str, str]:
    """Paths that are not honest files, made in ``work``: each name says what it is."""
    made: dict[str, str] = {}
    where = work / "inputs"
    where.mkdir()

    def fifo(name: str) -> str:
        path = where / name
        os.mkfifo(path)
        return str(path)

    def link(name: str, target: str | Path) -> str:
        path = where / name
        path.symlink_to(target)
        return str(path)

    made["a FIFO (.json)"] = fifo("fifo.json")
    made["a FIFO (.ccl)"] = fifo("fifo.ccl")
    for device in ("/dev/zero", "/dev/null", "/dev/urandom", "/dev/full", "/dev/stdin"):
        if os.path.exists(device):
            made[device] = device
    folder = where / "folder"
    folder.mkdir()
    made["an empty folder"] = str(folder)
    for name, target in (("with-fifo", None), ("with-zero", "/dev/zero"), ("with-loop", "loop"),
                         ("with-dangling", "/nowhere/at/all.ccl")):
        inner = where / name
        inner.mkdir()
        if target is None:
            os.mkfifo(inner / "cards.ccl")
        elif target == "loop":
            (inner / "a.ccl").symlink_to(inner / "b.ccl")
            (inner / "b.ccl").symlink_to(inner / "a.ccl")
        else:
            (inner / "cards.ccl").symlink_to(target)
        made[f"a folder {name}"] = str(inner)
    for suffix in (".json", ".ccl"):
        sparse = where / f"sparse{suffix}"
        with open(sparse, "wb") as handle:
            handle.truncate(8 << 30)
        made[f"an 8 GiB sparse file ({suffix})"] = str(sparse)
    over = where / "over-limit.json"
    over.write_bytes(b" " * MAX_FILE_BYTES + b"{}")
    made["a file one byte past 1 MiB"] = str(over)
    padded = where / "at-limit.json"
    text = record.read_bytes()
    padded.write_bytes(text + b" " * (MAX_FILE_BYTES - len(text)))
    made["an honest record padded to exactly 1 MiB"] = str(padded)
    made["a symlink to a FIFO"] = link("to-fifo.json", made["a FIFO (.json)"])
    made["a symlink to /dev/zero"] = link("to-zero.json", "/dev/zero")
    made["a symlink to a folder"] = link("to-folder.json", folder)
    made["a dangling symlink"] = link("dangling.json", where / "nothing-here.json")
    made["a symlink to itself"] = link("self.json", where / "self.json")
    made["a chain of symlinks to /dev/zero"] = link("chain.json", where / "to-zero.json")
    made["a symlink to an honest record"] = link("honest.json", record)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(where / "socket.json"))  # closed at once: the socket file stays, and nothing answers it
    server.close()
    made["a socket"] = str(where / "socket.json")
    unreadable = where / "unreadable.json"
    unreadable.write_bytes(record.read_bytes())
    unreadable.chmod(0)
    made["a file nobody may read"] = str(unreadable)
    made["a missing file"] = str(where / "missing.json")
    made["/proc/self/status"] = "/proc/self/status"
    made["/proc/self/mem"] = "/proc/self/mem"
    contents = {
        "deep.json": b"[" * 200_000,
        "deep-object.json": b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
        "bignum.json": b'{"grid": [], "keys": ' + b"9" * 5000 + b"}",
        "bignum-exp.json": b'{"keys": 1e999999, "gold": -1e999999}',
        "nan.json": b'{"keys": NaN, "gold": Infinity, "grid": []}',
        "bad-utf8.json": b'{"grid": "\xff\xfe\xc0"}',
        "bom.json": b"\xef\xbb\xbf" + text,
        "utf16.json": text.decode("utf-8").encode("utf-16"),
        "empty.json": b"",
        "null.json": b"null",
        "string.json": b'"castle-combo/record@1"',
        "nul.json": b"\x00" * 1000,
        "many-keys.json": b"{" + b",".join(b'"k%d": 1' % i for i in range(60_000)) + b"}",
        "long-string.json": b'{"format": "' + b"x" * 900_000 + b'"}',
        "cards.ccl": b"card \xff\xfe\n" + b"score 999999999999 per key\n" * 10,
    }
    for name, data in contents.items():
        (where / name).write_bytes(data)
        made[f"hostile text: {name}"] = str(where / name)
    made["an honest scenario"] = str(scenario)
    return made


def surface_files(tally: Tally, args: argparse.Namespace, count: int, cli: Cli) -> None:
    record = make_record(cli, cli.work / "honest")
    rules = cc.Ruleset.standard()
    state = cc.replay(json.loads(record.read_text()), rules=rules)
    scenario = cli.work / "honest" / "scenario.json"
    scenario.write_text(json.dumps(finished_scenario(state, 0, rules)))
    honest_cards = cli.work / "honest" / "cards.ccl"
    honest_cards.write_text(FAN_CARD)
    inputs = special_inputs(cli.work, record, scenario)
    commands: list[tuple[str, Callable[[str], list[str]]]] = [
        ("replay", lambda p: ["replay", p]),
        ("replay --json", lambda p: ["replay", "--json", p]),
        ("score", lambda p: ["score", p]),
        ("check", lambda p: ["check", p]),
        ("replay --cards", lambda p: ["replay", str(record), "--cards", p]),
        ("score --cards", lambda p: ["score", str(scenario), "--cards", p]),
        ("check --cards", lambda p: ["check", "--cards", p, str(honest_cards)]),
    ]
    fixed = [(label, path, name, argv) for label, path in inputs.items() for name, argv in commands]
    rng = random.Random(args.seed)
    if args.quick:
        fixed = rng.sample(fixed, min(len(fixed), QUICK_FIXED["files"]))
    elif args.case is not None:
        fixed = []
    for label, path, name, argv in fixed:
        unreadable = label == "a file nobody may read"
        run = cli.run(argv(path), no_override=unreadable)
        if cli.judge(tally, f"castle-combo {name} <{label}>", run) and unreadable and run.code == 0 \
                and cli.setpriv and name.startswith(("replay", "score")) and "--cards" not in name:
            tally.fail("wrong", f"castle-combo {name} <{label}>: read a file its user may not read")
    # Then honest records and scenarios, mutated, as files.
    names = list(rules.names)
    honest = {"record": json.loads(record.read_text()), "scenario": json.loads(scenario.read_text())}
    for index in cases(args, count):
        crng = case_rng(args.seed, "files", index)
        kind = crng.choice(["record", "scenario"])
        doc = copy.deepcopy(honest[kind])
        edits = [mutate(doc, crng, names) for _ in range(crng.choice([1, 2, 3]))]
        path = cli.work / "inputs" / f"mutated-{index}.json"
        try:
            path.write_text(json.dumps(doc))
        except ValueError:  # a number too long to write as text: Python refuses to, so no file can hold it
            continue
        command = ["replay", str(path)] if kind == "record" else ["score", str(path)]
        if crng.random() < 0.3:
            command.insert(1, "--json")
        cli.judge(tally, f"case {index}: castle-combo {' '.join(command[:-1])} <a {kind}, {'; '.join(edits)}>",
                  cli.run(command))
        path.unlink()


# ------------------------------------------------------------------------------------------------ writers

#: Each command that writes: its arguments for a target, whether the target is a folder, and how to see it whole.
WRITERS: dict[str, tuple[Callable[[str, Path], list[str]], bool, Callable[[Path], bool]]] = {
    "simulate --save": (lambda t, _: ["simulate", "--games", "2", "--bots", "random", "--jobs", "1", "--save", t],
                        True, lambda p: all(json.loads(f.read_text()) for f in p.glob("game-*.json"))),
    "play --save": (lambda t, _: ["play", "--plain", "--seed", "1", "--save", t], False,
                    lambda p: bool(json.loads(p.read_text()))),
    "replay --html": (lambda t, rec: ["replay", str(rec), "--html", t], False,
                      lambda p: p.read_text().rstrip().endswith("</html>")),
    "render": (lambda t, cards: ["render", str(cards), "--out", t], True,
               lambda p: all(f.read_text().rstrip().endswith("</svg>") for f in p.glob("*.svg"))),
    "balance --svg": (lambda t, _: ["balance", "--games", "2", "--bots", "random,random", "--jobs", "1", "--svg", t],
                      False, lambda p: p.read_text().rstrip().endswith("</svg>")),
}


@dataclass
class Target:
    """Where a writer is pointed: made fresh in a folder of its own for each case."""

    label: str
    make: Callable[[Path, bool], str | bytes]  # (case folder, whether the command writes a folder) -> the argument
    #: What must happen: "refused" (exit 2), "written" (exit 0), or "either" (both fine, checked for leftovers).
    expect: str = "either"
    overwrite: bool = False
    no_override: bool = False
    file_limit: int | None = None


def targets() -> list[Target]:
    def new(name: str) -> Callable[[Path, bool], str | bytes]:
        return lambda folder, _: str(folder / name)

    def existing(folder: Path, is_folder: bool) -> str:
        if is_folder:
            (folder / "out").mkdir()
            for name in ("game-00001.json", "fuzz-keeper.svg"):
                (folder / "out" / name).write_text("OLD")
            return str(folder / "out")
        (folder / "out.x").write_text("OLD")
        return str(folder / "out.x")

    def read_only(folder: Path, _: bool) -> str:
        (folder / "ro").mkdir()
        (folder / "ro").chmod(0o555)
        return str(folder / "ro" / "out.x")

    def fifo(folder: Path, _: bool) -> str:
        os.mkfifo(folder / "out.x")
        return str(folder / "out.x")

    def device(folder: Path, _: bool) -> str:
        try:
            os.mknod(folder / "out.x", 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a second /dev/null, our own
        except OSError:
            os.mkfifo(folder / "out.x")
        return str(folder / "out.x")

    def link(to: str) -> Callable[[Path, bool], str]:
        def make(folder: Path, is_folder: bool) -> str:
            if to == "file":
                (folder / "real").write_text("OLD")
            elif to == "folder":
                (folder / "real").mkdir()
            (folder / "out.x").symlink_to(folder / ("out.x" if to == "self" else "real"))
            return str(folder / "out.x")
        return make

    def a_file_as_folder(folder: Path, _: bool) -> str:
        (folder / "plain").write_text("OLD")
        return str(folder / "plain" / "out.x")

    long_name = "n" * 251
    made = [
        Target("a new name", new("out.x"), "written"),
        Target("an existing file, no --overwrite", existing, "refused"),
        Target("an existing file, --overwrite", existing, "written", overwrite=True),
        Target("a folder that cannot be written", read_only, "refused", no_override=True),
        Target("a folder that does not exist", new("missing/deeper/out.x")),
        Target("a name of 255 bytes", new(long_name + ".xyz"), "either"),
        Target("a name of 256 bytes", new(long_name + ".xyzw"), "refused"),
        Target("a name of 64 four-byte characters", new("\U0001F3F0" * 64), "refused"),
        Target("a path of 5,000 bytes", new("/".join(["d" * 200] * 25)), "refused"),
        Target("a name with spaces and a newline", new("my game\n(1) .x"), "written"),
        Target("a name with shell characters", new("$(x) *?[a]; `y` 'z'.x"), "written"),
        Target("a name in another script", new("\u0627\u0644\u0644\u0639\u0628\u0629 \u202e.x"), "written"),
        Target("a name that starts with a dash", new("-o.x"), "either"),
        Target("a name that is not UTF-8", lambda folder, _: os.fsencode(str(folder)) + b"/\xff\xfe.x", "either"),
        Target("a name ending in a slash", lambda folder, _: str(folder / "out.x") + "/", "either"),
        Target("the name '.'", lambda folder, _: str(folder / "."), "either"),
        Target("an empty name", lambda folder, _: "", "either"),
        Target("a FIFO", fifo, "refused"),
        Target("a FIFO, --overwrite", fifo, "refused", overwrite=True),
        Target("a device, --overwrite", device, "refused", overwrite=True),
        Target("a symlink to a file", link("file"), "refused"),
        Target("a symlink to a file, --overwrite", link("file"), "either", overwrite=True),
        Target("a dangling symlink", link("nowhere"), "refused"),
        Target("a symlink to itself", link("self"), "refused"),
        Target("a symlink to a folder", link("folder"), "either"),
        Target("a file where a folder should be", a_file_as_folder, "refused"),
        Target("a disk that fills (a 2 KB file size limit)", new("out.x"), "either", file_limit=2048),
        Target("a disk that fills, over an existing file", existing, "either", overwrite=True, file_limit=2048),
    ]
    return made


def snapshot(folder: Path) -> dict[str, Any]:
    """Every name under ``folder`` with its kind and, for a regular file, its bytes (symlinks not followed)."""
    seen: dict[str, Any] = {}
    for path in sorted(folder.rglob("*")) if folder.exists() else []:
        info = path.lstat()
        kind = stat.S_IFMT(info.st_mode)
        seen[str(path.relative_to(folder))] = (kind, path.read_bytes() if stat.S_ISREG(kind) else
                                               os.readlink(path) if stat.S_ISLNK(kind) else None)
    return seen


def surface_writers(tally: Tally, args: argparse.Namespace, count: int, cli: Cli) -> None:
    record = make_record(cli, cli.work / "writer-record")
    cards = cli.work / "writer-cards.ccl"
    cards.write_text(FAN_CARD)
    plan = [(writer, target) for writer in WRITERS for target in targets()]
    rng = random.Random(args.seed)
    if args.quick:
        plan = rng.sample(plan, min(len(plan), QUICK_FIXED["writers"]))
    elif args.case is not None:
        plan = []
    else:
        plan += [rng.choice(plan) for _ in range(count)]  # again, to see that a second run meets what the first left
    for number, (writer, target) in enumerate(plan):
        writer_case(tally, cli, number, writer, target, record, cards)
    concurrent_saves(tally, cli)
    if not cli.setpriv:
        tally.notes.append("folders that cannot be written were not tried: this is not root with setpriv")


def writer_case(tally: Tally, cli: Cli, number: int, writer: str, target: Target, record: Path, cards: Path) -> None:
    argv_of, folder_kind, whole = WRITERS[writer]
    folder = cli.work / "w" / f"{number}"
    folder.mkdir(parents=True)
    try:
        where = target.make(folder, folder_kind)
    except OSError as error:
        tally.notes.append(f"{writer} <{target.label}>: not tried here ({error.strerror})")
        shutil.rmtree(folder, ignore_errors=True)
        return
    source = record if writer == "replay --html" else cards
    argv: list[str | bytes] = [*argv_of("@", source)]
    argv[argv.index("@")] = where
    if target.overwrite:
        argv.append("--overwrite")
    before = snapshot(folder)
    run = cli.run(argv, cwd=folder, stdin="quit\n", file_limit=target.file_limit,
                  no_override=target.no_override)
    what = f"castle-combo {writer} <{target.label}>{' --overwrite' if target.overwrite else ''}"
    if target.no_override and not cli.setpriv:
        target = Target(target.label, target.make, "either")
    if cli.judge(tally, what, run):
        after = snapshot(folder)
        stray = [name for name in after if Path(name).name.startswith(TEMP_PREFIX) and name not in before]
        if stray:
            tally.fail("leak", f"{what}: temporary files left: {', '.join(stray[:3])}")
        if target.expect == "refused" and run.code == 0:
            tally.fail("wrong", f"{what}: wrote, where it should have refused")
        elif target.expect == "written" and run.code != 0:
            tally.fail("wrong", f"{what}: refused: {run.err.strip()[:200]}")
        if run.code != 0 and writer == "simulate --save" and target.file_limit:
            # By design the games go on when a record cannot be saved, the records saved before stay (each whole),
            # and --overwrite has deleted the earlier run's records first; so only wholeness is checked.
            written = folder / os.fsdecode(where) if where else None
            try:
                if written is not None and written.is_dir() and not whole(written):
                    tally.fail("wrong", f"{what}: a record left is not whole")
            except (OSError, ValueError) as error:
                tally.fail("wrong", f"{what}: a record left cannot be read back: {error}")
        elif run.code != 0:
            changed = [name for name in before if after.get(name) != before[name]]
            changed += [name for name in after if name not in before]
            if changed:
                tally.fail("wrong", f"{what}: refused, yet changed {', '.join(changed[:3])}")
        else:
            written = Path(os.fsdecode(where)) if where else None
            kinds = {name: value[0] for name, value in before.items()}
            for name, (kind, _) in snapshot(folder).items():
                special = kinds.get(name) not in (None, stat.S_IFREG, stat.S_IFDIR, stat.S_IFLNK)
                if special and kinds[name] != kind:
                    tally.fail("wrong", f"{what}: replaced {name}, which was no regular file")
            try:
                if written is not None and written.exists() and not whole(written):
                    tally.fail("wrong", f"{what}: the file written is not whole")
            except (OSError, ValueError) as error:
                tally.fail("wrong", f"{what}: the file written cannot be read back: {error}")
    for path in folder.rglob("*"):
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o755)
    folder.chmod(0o755)
    shutil.rmtree(folder, ignore_errors=True)


def concurrent_saves(tally: Tally, cli: Cli) -> None:
    """Two ``simulate --save`` runs into one folder at once: one writes it, the other is refused, nothing is mixed."""
    folder = cli.work / "together"
    argv = ["simulate", "--games", "40", "--bots", "random", "--jobs", "1", "--save", str(folder)]
    processes = [subprocess.Popen([sys.executable, "-m", "castle_combo.cli", *argv, "--seed", str(seed)],
                                  env=cli.env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE) for seed in (1, 2)]
    results = []
    for process in processes:
        try:
            _, err = process.communicate(timeout=cli.timeout)
            results.append((process.returncode, err.decode("utf-8", "replace")))
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            results.append((None, ""))
    tally.cases += 1
    what = "two castle-combo simulate --save runs into one folder at once"
    codes = [code for code, _ in results]
    if None in codes:
        tally.fail("hang", f"{what}: still running after {cli.timeout:g} s")
    elif any("Traceback" in err or code not in (0, 2) for code, err in results):
        tally.fail("crash", f"{what}: exit statuses {codes}")
    elif sorted(codes) != [0, 2]:  # (the second meets either the first's claim or its records: refused both ways)
        tally.fail("wrong", f"{what}: exit statuses {codes}, where one run writes and the other is refused")
    else:
        tally.outcomes["one wrote, the other was refused"] += 1
        alone = cli.work / "alone"
        cli.run([*argv[:-1], str(alone), "--seed", str(1 + codes.index(0))])
        ours = {f.name: f.read_bytes() for f in folder.glob("*")}
        if ours != {f.name: f.read_bytes() for f in alone.glob("*")}:
            tally.fail("wrong", f"{what}: the folder is not what the run that wrote it writes alone")
        shutil.rmtree(alone, ignore_errors=True)
    shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------------------------------------------- cache

def surface_cache(tally: Tally, args: argparse.Namespace, count: int, cli: Cli) -> None:
    """Every command reads and writes the parse cache: it must pass over whatever stands in a cache file's place."""
    home = cli.work / "cache-home"
    cards = cli.work / "cache-cards.ccl"
    cards.write_text(FAN_CARD)
    record = make_record(cli, cli.work / "cache-record")
    commands = [["check", str(cards)], ["replay", "--json", str(record)], ["cards", "Nun"]]

    def filled() -> list[Path]:
        shutil.rmtree(home, ignore_errors=True)
        cli.run(["check", str(cards)], env=cli.env(XDG_CACHE_HOME=str(home)))
        cli.run(["replay", "--json", str(record)], env=cli.env(XDG_CACHE_HOME=str(home)))
        return sorted(p for p in home.rglob("*") if p.is_file())

    def fifo(path: Path) -> None:
        path.unlink()
        os.mkfifo(path)

    def zero(path: Path) -> None:
        path.unlink()
        path.symlink_to("/dev/zero")

    def rubbish(path: Path) -> None:
        path.write_bytes(os.urandom(4096))

    def huge(path: Path) -> None:
        with open(path, "r+b") as handle:
            handle.truncate(8 << 30)

    spoils = [("a FIFO", fifo), ("a symlink to /dev/zero", zero), ("rubbish", rubbish), ("an 8 GiB sparse file", huge)]
    if args.quick:
        spoils, commands = spoils[:1], commands[:1]
    for label, spoil in spoils:
        files = filled()
        if not files:
            tally.notes.append("the parse cache wrote nothing here: its cases were not tried")
            return
        for path in files:
            spoil(path)
        for argv in commands:
            run = cli.run(argv, env=cli.env(XDG_CACHE_HOME=str(home)))
            cli.judge(tally, f"castle-combo {' '.join(argv[:2])} <each cache file {label}>", run, codes=(0,))
    shutil.rmtree(home, ignore_errors=True)
    if args.quick:
        return
    home.write_text("a file where the cache folder goes")
    for argv in commands:
        cli.judge(tally, f"castle-combo {' '.join(argv[:2])} <the cache folder a file>",
                  cli.run(argv, env=cli.env(XDG_CACHE_HOME=str(home))), codes=(0,))
    home.unlink()
    home.mkdir()
    home.chmod(0o555)
    for argv in commands:
        cli.judge(tally, f"castle-combo {' '.join(argv[:2])} <the cache folder not writable>",
                  cli.run(argv, env=cli.env(XDG_CACHE_HOME=str(home)), no_override=True), codes=(0,))
    home.chmod(0o755)


# ---------------------------------------------------------------------------------------------------- Ray

def surface_ray(tally: Tally, args: argparse.Namespace, count: int, cli: Cli) -> None:
    try:
        import ray  # noqa: F401
    except ImportError:
        tally.notes.append("skipped: Ray is not installed (pip install 'castle-combo[ray]')")
        return
    modes = [None, "token", " TOKEN ", "disabled", "Disabled", "", "none", "k8s", "t\u00f6ken"]
    addresses = [None, "auto", "127.0.0.1:1", "local", "nonsense", "ray://127.0.0.1:1", "localhost:99999", ""]
    options = [[], [], ["--address", "127.0.0.1:1"], ["--address", "auto"], ["--address", "nonsense"]]
    plan = [(None, None, []), ("disabled", None, []), ("token", None, []), (None, "127.0.0.1:1", []),
            ("token", "auto", [])]
    rng = random.Random(args.seed)
    plan += [(rng.choice(modes), rng.choice(addresses), rng.choice(options)) for _ in range(max(0, count - len(plan)))]
    if args.case is not None:
        plan = [plan[args.case]]
    for mode, address, extra in plan[:count] if args.case is None else plan:
        # Ray keeps its session folders (its logs) in /tmp/ray as usual; castle-combo's own temporary files are looked
        # for in the case's temporary folder, as for every command.
        env = cli.env(RAY_AUTH_MODE=mode, RAY_ADDRESS=address, RAY_TMPDIR=tempfile.gettempdir())
        argv = ["simulate", "--backend", "ray", "--games", "2", "--bots", "random", "--json", *extra]
        what = f"simulate --backend ray {' '.join(extra)} with RAY_AUTH_MODE={mode!r} RAY_ADDRESS={address!r}"
        run = cli.run(argv, env=env, timeout=max(cli.timeout, 240))
        said = run.err.strip().splitlines()[:1] if run.code else ["ran"]
        tally.notes.append(f"{what}: exit {run.code} in {run.seconds:.0f} s: {(said or [''])[0][:150]}")
        if not cli.judge(tally, what, run, codes=(0, 2)):
            continue
        if run.code == 0:
            try:
                json.loads(run.out)
            except ValueError:
                tally.fail("wrong", f"{what}: --json printed more than JSON: {run.out[:120]!r}")
            if mode is not None and mode.strip().lower() != "token":
                tally.fail("wrong", f"{what}: ran Ray although token authentication was turned off")


# ------------------------------------------------------------------------------------------------- running

def in_child(surface: str, args: argparse.Namespace, count: int) -> Tally:
    """Run a Python surface in a process of its own, with a memory limit: its tally, or its death as a crash."""
    reader, writer = multiprocessing.get_context("fork").Pipe(duplex=False)

    def work() -> None:
        try:
            soft, hard = resource.getrlimit(resource.RLIMIT_AS)
            limit = MEMORY_LIMIT if hard == resource.RLIM_INFINITY else min(MEMORY_LIMIT, hard)
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
        except (ValueError, OSError):
            pass
        tally = Tally(surface)
        started = time.perf_counter()
        try:
            {"saves": surface_saves, "records": surface_records, "rl": surface_rl}[surface](tally, args, count)
        except Exception as error:  # noqa: BLE001 - the set-up itself failed: a crash of the campaign's own making
            tally.fail("crash", f"setting up {surface}: {crash_text(error)}")
        tally.seconds = time.perf_counter() - started
        writer.send(tally)
        writer.close()

    process = multiprocessing.get_context("fork").Process(target=work)
    process.start()
    writer.close()
    try:
        tally: Tally = reader.recv()
    except EOFError:
        tally = Tally(surface)
        tally.fail("crash", f"the {surface} process died (exit status {process.exitcode})")
    process.join()
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few cases of each surface (about a minute)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the long campaign's case counts")
    parser.add_argument("--only", default=",".join(SURFACES), help=f"surfaces, comma-separated: {', '.join(SURFACES)}")
    parser.add_argument("--seed", type=int, default=1, help="the campaign's seed (default 1)")
    parser.add_argument("--case", type=int, help="run only case N of the surface(s) named (to see a failure again)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds a command may take (default 60)")
    parser.add_argument("--case-timeout", type=float, default=30.0, help="seconds a Python case may take (default 30)")
    parser.add_argument("--ray-cases", type=int, help="Ray runs (default 14, none with --quick)")
    parser.add_argument("--keep", action="store_true", help="keep the campaign's work folder")
    args = parser.parse_args(argv)
    chosen = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = sorted(set(chosen) - set(SURFACES))
    if unknown:
        parser.error(f"unknown surface {unknown[0]!r}; choose from {', '.join(SURFACES)}")
    plan = QUICK if args.quick else {k: max(1, round(v * args.scale)) for k, v in LONG.items()}
    if args.ray_cases is not None:
        plan = plan | {"ray": args.ray_cases}
    work = Path(tempfile.mkdtemp(prefix="ccfz-"))
    tmp_before = set(os.listdir(tempfile.gettempdir()))
    cli = Cli(work, args.timeout)
    started = time.perf_counter()
    tallies: list[Tally] = []
    print(f"fuzz campaign: seed {args.seed}, {'quick' if args.quick else f'scale {args.scale:g}'}, "
          f"surfaces {', '.join(chosen)}", flush=True)
    try:
        for surface in chosen:
            count = plan[surface]
            if surface in ("saves", "records", "rl"):
                tally = in_child(surface, args, count)
            else:
                tally = Tally(surface)
                begun = time.perf_counter()
                run_cli = {"files": surface_files, "writers": surface_writers, "cache": surface_cache,
                           "ray": surface_ray}
                run_cli[surface](tally, args, count, cli)
                tally.seconds = time.perf_counter() - begun
            tallies.append(tally)
            report_one(tally)
    finally:
        for path in work.rglob("*"):
            if path.is_dir() and not path.is_symlink():
                path.chmod(0o755)
        if args.keep:
            print(f"work folder kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    stray = sorted(n for n in set(os.listdir(tempfile.gettempdir())) - tmp_before if n.startswith(TEMP_PREFIX))
    return summary(tallies, time.perf_counter() - started, stray)


def report_one(tally: Tally) -> None:
    failures = sum(tally.count(kind) for kind in tally.failures)
    outcomes = ", ".join(f"{n} {k}" for k, n in tally.outcomes.most_common())
    print(f"\n{tally.surface}: {tally.cases} cases in {tally.seconds:.0f} s, {failures} failures"
          + (f" ({outcomes})" if outcomes else ""), flush=True)
    for note in tally.notes:
        print(f"  note: {note}")
    for kind, groups in tally.groups.items():
        for shown, (signature, found) in enumerate(sorted(groups.items(), key=lambda item: -len(item[1]))):
            if shown == 12:
                print(f"  {kind}: ... and {len(groups) - 12} more kinds")
                break
            times = f" [{len(found)} cases like it, from {signature}]" if len(found) > 1 else ""
            print(f"  {kind}: {found[0][:600]}{times}")


def cpu_seconds() -> float:
    """CPU time of this process and of every child it waited for, user and system."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def summary(tallies: list[Tally], seconds: float, stray: list[str]) -> int:
    print(f"\n{'surface':<9} {'cases':>7} {'refused':>8} {'crashes':>8} {'hangs':>6} {'leaks':>6} {'wrong':>6} "
          f"{'seconds':>8}")
    for t in tallies:
        refused = sum(n for k, n in t.outcomes.items() if k.startswith("refused"))
        print(f"{t.surface:<9} {t.cases:>7} {refused:>8} {t.count('crash'):>8} {t.count('hang'):>6} "
              f"{t.count('leak'):>6} {t.count('wrong'):>6} {t.seconds:>8.0f}")
    total = {kind: sum(t.count(kind) for t in tallies) for kind in ("crash", "hang", "leak", "wrong")}
    if stray:
        total["leak"] += len(stray)
        print(f"temporary files left in {tempfile.gettempdir()}: {', '.join(stray[:5])}")
    cases_run = sum(t.cases for t in tallies)
    print(f"total: {cases_run} cases, {total['crash']} crashes, {total['hang']} hangs, {total['leak']} leaks, "
          f"{total['wrong']} broken promises in {seconds:.0f} s "
          f"({cpu_seconds():.0f} s of CPU)")
    if any(total.values()):
        return 1
    print("no crash, hang or leak")
    return 0


if __name__ == "__main__":
    sys.exit(main())
