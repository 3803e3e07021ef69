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
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import socket
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, TypeVar

import attrs

from castle_combo.errors import BackendError, CastleComboError

__all__ = ["Backend", "BackendError", "Processes", "RayCluster", "batches", "cpu_count"]

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


def _ray_task(task: Task[R], context: Any, start: int, stop: int) -> list[R]:
    return task(context, start, stop)


@attrs.frozen
class RayCluster:
    """Ray tasks, on an existing cluster (``address``) or a local Ray of ``cpus`` CPUs started for the run."""

    address: str | None = None
    cpus: int | None = None
    #: Batches in flight per CPU of the cluster.
    window: int = 4

    def _connect(self) -> tuple[Any, bool]:
        """The ``ray`` module, connected; and whether this run started Ray (and so must stop it)."""
        try:
            import ray  # type: ignore[import-not-found,unused-ignore]
        except ImportError:
            raise BackendError("the Ray backend needs Ray, which is not installed\n"
                               "hint: pip install 'castle-combo[ray]'") from None
        if ray.is_initialized():
            return ray, False
        if self.address is not None:
            _check_reachable(self.address)
        os.environ.setdefault("RAY_AUTH_MODE", "disabled")  # a local Ray for one run needs no token
        try:
            if self.address is None:
                ray.init(num_cpus=self.cpus or cpu_count(), include_dashboard=False, log_to_driver=False,
                         configure_logging=False)
            else:
                ray.init(address=self.address, log_to_driver=False, configure_logging=False)
        except Exception as error:  # Ray raises many kinds (ConnectionError, RuntimeError, ...): all mean this
            where = f"the Ray cluster at {self.address}" if self.address else "a local Ray"
            raise BackendError(f"cannot start or reach {where}: {error}\n"
                               "hint: check the address (ray start --head prints it) or leave --address out "
                               "for a local Ray") from None
        return ray, True

    def run(self, task: Task[R], context: Any, work: Iterable[tuple[int, int]]) -> Iterator[list[R]]:
        """Play the batches as Ray tasks; results in batch order."""
        ray, started = self._connect()
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
        finally:
            if started:
                ray.shutdown()


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
