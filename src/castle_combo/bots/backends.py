"""Where the games of a simulation are played: this process, worker processes, or a Ray cluster.

A simulation is a list of numbered games, each seeded from ``(seed, index)``
alone, so it does not matter which process plays a game or in what order.
A *backend* runs a task over *batches* of game indices and hands the results
back **in batch order**, with a bounded number of batches in flight, so:

* the results of ``jobs=4`` or of a Ray cluster equal those of ``jobs=1``;
* a run of millions of games holds a few dozen batches in memory, never the
  whole queue;
* Ctrl-C stops the workers at once (the caller keeps what finished).

The backends know nothing of games: the task is any module-level function
``task(context, start, stop) -> list`` and the context any picklable object,
sent once per worker (or put once in Ray's object store), not once per game.

* :class:`Processes` plays in this process (``jobs=1``) or in a pool of
  worker processes;
* :class:`RayCluster` plays as Ray tasks, on a local Ray started for the run
  (and stopped after it) or on an existing cluster (``address``). Ray is an
  optional extra: ``pip install 'castle-combo[ray]'``.

Batches for local workers are sized by the pace of the games
(:class:`PacedBatches`): quick games go in large batches, so the parent
process spends little per game on sending tasks and receiving results, and
slow ones a game or a few at a time; Ray gets the fixed :func:`batches`.

Ray runs code sent to its ports, so it is only ever used with its token
authentication on (Ray 2.52 or later, ``RAY_AUTH_MODE=token``): a local Ray
gets a fresh random token and no dashboard. Ray offers no setting that keeps
a local Ray on the loopback address (it turns ``127.0.0.1`` into the
machine's address and its core servers listen on every interface), so the
token is what guards its ports; the docs' security page lists them.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import re
import secrets
import signal
import socket
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, TypeVar

import attrs

from castle_combo.errors import BackendError, CastleComboError

__all__ = ["RAY_MIN_VERSION", "Backend", "BackendError", "PacedBatches", "Processes", "RayCluster", "batches",
           "cpu_count", "token_auth_on"]

R = TypeVar("R")
#: A unit of work: ``task(context, start, stop)`` plays games ``start`` to ``stop - 1``.
Task = Callable[[Any, int, int], list[R]]


def cpu_count() -> int:
    """The CPUs this process may use (its affinity mask where the system has one)."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else (os.cpu_count() or 1)


def batches(games: int, workers: int) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` ranges covering ``range(games)``: about eight batches per worker, at most 64 games each.

    Small batches keep the workers evenly busy to the end and the progress
    bar moving; batches of several games keep the cost of shipping results
    small next to the cost of playing.
    """
    size = max(1, min(64, games // max(1, workers * 8)))
    for start in range(0, games, size):
        yield start, min(games, start + size)


class PacedBatches:
    """``(start, stop)`` ranges covering ``range(games)`` in order, sized by the pace of the games played so far.

    The first batches are those of :func:`batches`. Once the consumer has
    reported finished games (:meth:`done`), a batch holds about ``seconds``
    of one worker's play at the pace measured so far (wall clock, from the
    first batch handed out). Every batch costs the parent process a round
    trip (a task sent, a result received and unpickled), so quick games (two
    random bots play thousands a second) go in a few dozen large batches
    rather than hundreds of small ones, and slow ones (MCTS) in batches of a
    game or a few, which keeps the progress bar moving. A batch never holds
    more than a quarter of one worker's share of the games left, so the
    workers finish together, nor more than ``largest`` games, so memory stays
    bounded. The ranges are read lazily: :meth:`done` changes the size of the
    batches not yet handed out.
    """

    def __init__(self, games: int, workers: int, seconds: float = 0.2, largest: int = 1024) -> None:
        self.games = games
        self.workers = max(1, workers)
        self.seconds = seconds
        self.largest = largest
        self.finished = 0
        self._started: float | None = None
        self._first = max(1, min(64, games // (self.workers * 8)))

    def done(self, games: int) -> None:
        """Report ``games`` more games finished (the consumer calls this as each batch's results arrive)."""
        self.finished += games

    def size(self, start: int) -> int:
        """How many games the batch starting at game ``start`` holds."""
        if not self.finished or self._started is None:
            return self._first
        elapsed = time.perf_counter() - self._started
        if elapsed <= 0:
            return self._first
        per_worker = self.finished / elapsed / self.workers  # games a second, one worker
        fair = (self.games - start) // (self.workers * 4)
        return max(1, min(int(per_worker * self.seconds), fair, self.largest))

    def __iter__(self) -> Iterator[tuple[int, int]]:
        self._started = time.perf_counter()
        start = 0
        while start < self.games:
            stop = min(self.games, start + self.size(start))
            yield start, stop
            start = stop


class Backend(Protocol):
    """Runs a task over batches and yields each batch's results in batch order."""

    def run(self, task: Task[R], context: Any, work: Iterable[tuple[int, int]]) -> Iterator[list[R]]:
        """The results of ``task(context, start, stop)`` for each batch of ``work``, in order."""
        ...


# --------------------------------------------------------------- local processes

#: The context of the simulation a worker process plays, set once when the worker starts.
_WORKER_CONTEXT: list[Any] = []


def _start_worker(context: Any) -> None:
    """Worker set-up: keep the context; leave Ctrl-C to the parent, which stops the workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER_CONTEXT[:] = [context]


def _run_in_worker(task: Task[R], start: int, stop: int) -> list[R]:
    return task(_WORKER_CONTEXT[0], start, stop)


@attrs.frozen
class Processes:
    """This process (``jobs=1``) or a pool of ``jobs`` worker processes (capped at the CPU count)."""

    jobs: int = 1
    #: Batches in flight per worker: enough to keep every worker busy, few enough to bound memory.
    window: int = 4

    def run(self, task: Task[R], context: Any, work: Iterable[tuple[int, int]]) -> Iterator[list[R]]:
        """Play the batches here or in worker processes; results in batch order."""
        if self.jobs <= 1:
            for start, stop in work:
                yield task(context, start, stop)
            return
        pool = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn").Pool(
            self.jobs, initializer=_start_worker, initargs=(context,))
        finished = False
        try:
            pending: deque[Any] = deque()
            queue = iter(work)
            limit = self.jobs * self.window
            for start, stop in queue:
                pending.append(pool.apply_async(_run_in_worker, (task, start, stop)))
                if len(pending) >= limit:
                    yield pending.popleft().get()
            while pending:
                yield pending.popleft().get()
            finished = True
        finally:
            if finished:
                pool.close()
                pool.join()
            else:
                pool.terminate()  # Ctrl-C, an error, or a caller that stopped early: stop every worker now
                pool.join()


# --------------------------------------------------------------------- Ray

#: The first Ray with token authentication (``RAY_AUTH_MODE=token``); an older Ray is refused.
RAY_MIN_VERSION = (2, 52)
_AUTH_MODE = "RAY_AUTH_MODE"
_AUTH_TOKEN = "RAY_AUTH_TOKEN"
_ADDRESS = "RAY_ADDRESS"
_NO_TELEMETRY = "RAY_USAGE_STATS_ENABLED"


def _ray_task(task: Task[R], context: Any, start: int, stop: int) -> list[R]:
    return task(context, start, stop)


def _import_ray() -> Any:
    """The ``ray`` module, if it is installed and has token authentication."""
    try:
        import ray  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise BackendError("the Ray backend needs Ray, which is not installed\n"
                           "hint: pip install 'castle-combo[ray]'") from None
    version = tuple(int(part) for part in re.findall(r"\d+", str(ray.__version__))[:2])
    if version < RAY_MIN_VERSION:
        wanted = ".".join(map(str, RAY_MIN_VERSION))
        raise BackendError(f"Ray {ray.__version__} has no token authentication, without which anyone who reaches "
                           f"its ports can run code on this machine; castle-combo needs Ray {wanted} or later\n"
                           "hint: pip install --upgrade 'castle-combo[ray]'")
    return ray


@contextlib.contextmanager
def _environment(changes: dict[str, str]) -> Iterator[None]:
    """``os.environ`` with ``changes`` for the duration (Ray's processes inherit it), then as it was.

    Ray reads its authentication settings once per process and caches them,
    so they are reloaded after each change (:func:`_reload_auth_settings`).
    """
    before = {name: os.environ.get(name) for name in changes}
    os.environ.update(changes)
    _reload_auth_settings()
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        _reload_auth_settings()


def _reload_auth_settings() -> None:
    """Make this process's Ray read ``RAY_AUTH_MODE`` and the token again (what ``ray.init`` itself does)."""
    try:
        from ray._raylet import AuthenticationTokenLoader, Config  # type: ignore[attr-defined,import-not-found,unused-ignore]
    except ImportError:  # a Ray without these: the check after starting refuses it if the token is off
        return
    Config.initialize("")
    AuthenticationTokenLoader.instance().reset_cache()


def token_auth_on() -> bool:
    """Whether the Ray of this process runs with token authentication (False without Ray)."""
    try:
        from ray._private.authentication.authentication_utils import (  # type: ignore[import-not-found,unused-ignore]
            is_token_auth_enabled,
        )
    except ImportError:
        return False
    return bool(is_token_auth_enabled())


@attrs.frozen
class RayCluster:
    """Ray tasks, on an existing cluster (``address``) or a local Ray of ``cpus`` CPUs started for the run.

    Ray runs with its token authentication on, always: without it, anyone who
    can reach one of its ports can run code as the user (the docs' security
    page). A local Ray gets a fresh random token that only this process and
    the Ray processes it starts know (in their environment, never in a file),
    and no dashboard; a cluster must run with ``RAY_AUTH_MODE=token``, and
    this machine needs its token (``RAY_AUTH_TOKEN``, ``RAY_AUTH_TOKEN_PATH``
    or ``~/.ray/auth_token``).
    """

    address: str | None = None
    cpus: int | None = None
    #: Batches in flight per CPU of the cluster.
    window: int = 4

    @contextlib.contextmanager
    def connected(self) -> Iterator[Any]:
        """The ``ray`` module, connected with token authentication on; a Ray started here is stopped after.

        A Ray this process already runs is used as it is, if its token
        authentication is on. ``RAY_AUTH_MODE`` set to anything but ``token``
        is refused rather than obeyed, and so is ``RAY_ADDRESS`` without an
        ``address`` (Ray would join that cluster where a local Ray was meant).
        """
        ray = _import_ray()
        mode = os.environ.get(_AUTH_MODE)
        if mode is not None and mode.strip().lower() != "token":
            raise BackendError(f"{_AUTH_MODE}={mode} is set, but castle-combo runs Ray only with token "
                               "authentication (without it anyone who reaches Ray's ports can run code here)\n"
                               f"hint: unset {_AUTH_MODE} or set {_AUTH_MODE}=token")
        if ray.is_initialized():
            if not token_auth_on():
                raise BackendError("this process already runs a Ray without token authentication; castle-combo "
                                   f"will not use it\nhint: start it with {_AUTH_MODE}=token set, or let "
                                   "castle-combo start its own")
            yield ray
            return
        elsewhere = os.environ.get(_ADDRESS, "").strip()
        if self.address is None and elsewhere:
            # ray.init() would join that cluster instead of starting one, with the local Ray's fresh token.
            raise BackendError(f"{_ADDRESS}={elsewhere} is set, but no cluster address was given: castle-combo then "
                               f"starts a local Ray of its own\nhint: give --address {elsewhere} to use that cluster, "
                               f"or unset {_ADDRESS} for a local Ray")
        if self.address is not None:
            _check_reachable(self.address)
        changes = {_AUTH_MODE: "token", _NO_TELEMETRY: os.environ.get(_NO_TELEMETRY, "0")}
        if self.address is None:
            changes[_AUTH_TOKEN] = secrets.token_hex(32)  # a local Ray's own token, known to no one else
        with _environment(changes):
            self._start(ray)
            try:
                if not token_auth_on():
                    raise BackendError("Ray started without token authentication; castle-combo will not use it\n"
                                       "hint: pip install --upgrade 'castle-combo[ray]'")
                yield ray
            finally:
                ray.shutdown()

    def _start(self, ray: Any) -> None:
        """Start the local Ray (no dashboard) or join the cluster; any failure is one clear BackendError."""
        where = f"the Ray cluster at {self.address}" if self.address else "a local Ray"
        try:
            if self.address is None:
                ray.init(num_cpus=self.cpus or cpu_count(), include_dashboard=False, log_to_driver=False,
                         configure_logging=False)
            else:
                ray.init(address=self.address, log_to_driver=False, configure_logging=False)
        except ray.exceptions.AuthenticationError:
            raise BackendError(f"{where} refused this machine's Ray token (or there is none here)\n"
                               "hint: run 'ray get-auth-token' on the cluster's head node and give its token here "
                               "as RAY_AUTH_TOKEN or in ~/.ray/auth_token") from None
        except Exception as error:  # Ray raises many kinds (ConnectionError, RuntimeError, ...): all mean this
            first = str(error).strip().splitlines()[0][:300] if str(error).strip() else type(error).__name__
            hint = ("check the address (ray start --head prints it) and this machine's token for the cluster "
                    "(RAY_AUTH_TOKEN or ~/.ray/auth_token, from 'ray get-auth-token' on its head node), or leave "
                    "--address out for a local Ray") if self.address else \
                "Ray's own logs are in /tmp/ray/session_latest/logs"
            raise BackendError(f"cannot start or reach {where}: {first}\nhint: {hint}") from None

    def run(self, task: Task[R], context: Any, work: Iterable[tuple[int, int]]) -> Iterator[list[R]]:
        """Play the batches as Ray tasks; results in batch order."""
        with self.connected() as ray:
            pending: deque[Any] = deque()
            try:
                remote = ray.remote(_ray_task)
                shared = ray.put(context)
                cpus = int(ray.cluster_resources().get("CPU", 1))
                limit = max(1, cpus * self.window)
                for start, stop in work:
                    pending.append(remote.remote(task, shared, start, stop))
                    if len(pending) >= limit:
                        yield _result(ray, pending.popleft())
                while pending:
                    yield _result(ray, pending.popleft())
            except BaseException:
                for ref in pending:  # Ctrl-C, an error or a caller that stopped early: no task left running
                    ray.cancel(ref, force=True)
                raise


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Refuse at once an address nothing answers at (Ray itself would retry for minutes before failing)."""
    if address == "auto":
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise BackendError(f"{address!r} is not a Ray address; write HOST:PORT, as 'ray start --head' prints it")
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as error:
        raise BackendError(f"cannot reach the Ray cluster at {address}: {error.strerror or error}\n"
                           "hint: start it with 'ray start --head', or leave --address out for a local Ray") from None


def _result(ray: Any, ref: Any) -> Any:
    """A task's result; a task that raised one of castle-combo's errors raises it here, as it was."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as error:
        if isinstance(error.cause, CastleComboError):
            raise error.cause from None
        raise BackendError(f"a Ray task failed: {error.cause!r}") from None
