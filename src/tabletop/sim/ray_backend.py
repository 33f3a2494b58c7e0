"""The Ray backend: games played by Ray tasks, on one machine or a cluster.

Jobs are cut into chunks; each chunk is a Ray *generator task* that yields its finished
games as it goes (a slow game as soon as it ends, fast ones a fraction of a second's
worth at a time), so the driver streams finished records while the chunk goes on.
Results come in the order they finish. A worker that dies (a crashed process,
a lost node) loses only the games of its chunk that had not come back yet: they are sent
again in a new task, and a game already received is never counted twice, so the output
has every game exactly once. An error raised by a game itself (a bug, bad input) is not
retried: it is raised here.

Without ``address`` a local Ray is started for the run (``workers`` CPUs) and stopped at
the end; with one, the run joins that cluster (``ray start --head`` on one machine,
``ray start --address=HEAD:6379`` on the others; see docs/scaling.md) and leaves it
running. A Ray already initialised in this process (a notebook, a test) is used as is.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

from .backend import BackendError
from .simulate import _Job, run_game

MAX_TRIES = 3  # times a game is sent out before the run gives up on it
CONNECT_TIMEOUT = 5.0  # seconds to reach a cluster address before saying it cannot
BATCH_S = 0.2  # a task sends its finished games back at most this often
CHUNK_MAX = 256  # games per task at most


def play_chunk(jobs: list[_Job], play: Callable[[_Job], Any] | None = None
               ) -> Iterator[list[Any]]:
    """A Ray generator task: play each job; yield the finished results in batches, one
    whenever :data:`BATCH_S` has passed since the last (and one at the end). A slow game
    comes back as soon as it ends; fast ones travel together, since each yield is an
    object Ray stores and the driver fetches (about a millisecond: more than a fast
    game). ``play`` plays one job (default :func:`~.simulate.run_game`)."""
    play = play or run_game
    batch: list[Any] = []
    last = time.monotonic()
    for job in jobs:
        batch.append(play(job))
        now = time.monotonic()
        if now - last >= BATCH_S:
            yield batch
            batch, last = [], now
    if batch:
        yield batch


def chunksize(games: int, slots: int) -> int:
    """Games per task: a few tasks per slot keep every slot busy; a task costs Ray a few
    milliseconds, so no more of them than that needs (at most :data:`CHUNK_MAX` games
    each). A large chunk loses little if its worker dies: only its games not sent back
    yet are played again."""
    return max(1, min(CHUNK_MAX, games // (slots * 4)))


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BackendError("the ray backend needs Ray: pip install 'tabletop[research]'") \
            from None
    return ray


def check_address(address: str) -> None:
    """Raise ``BackendError`` now if nothing answers at a cluster address (``HOST:PORT``
    or ``ray://HOST:PORT``; ``auto`` is left to Ray), instead of Ray's long retries."""
    if address == "auto":
        return
    parts = urlsplit(address if "://" in address else f"tcp://{address}")
    try:
        host, port = parts.hostname, parts.port
    except ValueError:
        host = port = None
    if not host or not port:
        raise BackendError(f"cannot read the Ray address {address!r} (expected HOST:PORT, "
                           "e.g. 10.0.0.5:6379, or ray://HOST:10001)")
    try:
        with socket.create_connection((host, port), timeout=CONNECT_TIMEOUT):
            pass
    except OSError as e:
        raise BackendError(f"cannot reach the Ray cluster at {address}: "
                           f"{e.strerror or e}") from None


def messages_to_stderr() -> None:
    """Send the messages Ray's driver prints about its workers ("A worker died or was
    killed ...") to stderr: Ray prints them to stdout, where they would break the output
    of ``simulate --json``. Ray offers no setting for it, so its printer is wrapped (and
    left alone if a later Ray has no such function)."""
    try:
        from ray._private import worker
    except ImportError:  # a Ray without that module: nothing to wrap
        return
    printer = getattr(worker, "print_to_stdstream", None)
    if printer is None or getattr(printer, "to_stderr", False):
        return

    def to_stderr(data: dict[str, Any], ignore_prefix: bool) -> None:
        printer({**data, "is_err": True}, ignore_prefix)

    to_stderr.to_stderr = True  # type: ignore[attr-defined]
    worker.print_to_stdstream = to_stderr


def connect(workers: int, address: str | None) -> bool:
    """Initialise Ray for a run; True when this call started it (so the run stops it)."""
    ray = _ray()
    messages_to_stderr()
    if ray.is_initialized():
        return False
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    quiet = {"include_dashboard": False, "log_to_driver": False,
             "logging_level": logging.ERROR, "configure_logging": True}
    if address is not None:
        check_address(address)
        try:
            ray.init(address=address, **quiet)
        except Exception as e:  # Ray raises ConnectionError, RuntimeError, ...
            raise BackendError(f"cannot join the Ray cluster at {address}: {e}") from None
    else:
        # "local": a new instance for this run, even if a `ray start` cluster runs here.
        ray.init(address="local", num_cpus=workers, object_store_memory=96 * 1024 * 1024,
                 **quiet)
    return True


def run_ray(jobs: list[_Job], workers: int, address: str | None = None,
            chunk: int | None = None, play: Callable[[_Job], Any] | None = None
            ) -> Iterator[Any]:
    """Play ``jobs`` on Ray; yield each result once, as games finish (see the module).
    ``play`` plays one job in a task (default :func:`~.simulate.run_game`)."""
    ray = _ray()
    from ray.exceptions import RayTaskError

    if not jobs:
        return
    started = connect(workers, address)
    running: dict[Any, list[_Job]] = {}  # generator task -> its chunk's jobs
    try:
        slots = max(1, int(ray.available_resources().get("CPU", workers)))
        if address is None and not started:
            slots = max(1, min(slots, workers))
        size = chunk or chunksize(len(jobs), slots)
        task = ray.remote(play_chunk).options(num_cpus=1, max_retries=0,
                                              num_returns="streaming")
        todo = [jobs[i:i + size] for i in range(0, len(jobs), size)]
        todo.reverse()  # pop() from the end: the first chunks go first
        tries = {job[0]: 0 for job in jobs}
        received: set[int] = set()

        def submit(chunk_jobs: list[_Job]) -> None:
            for job in chunk_jobs:
                tries[job[0]] += 1
                if tries[job[0]] > MAX_TRIES:
                    raise BackendError(f"game {job[0] + 1} (seed {job[4]}) was lost on "
                                       f"{MAX_TRIES} workers in a row; giving up")
            running[task.remote(chunk_jobs, play)] = chunk_jobs

        while todo and len(running) < 2 * slots:
            submit(todo.pop())
        while running:
            ready, _ = ray.wait(list(running), num_returns=1)
            for gen in ready:
                chunk_jobs = running[gen]
                try:
                    batch: list[Any] = ray.get(next(gen))
                except StopIteration:
                    del running[gen]
                    if todo:
                        submit(todo.pop())
                    continue
                except RayTaskError as e:  # the game itself failed: not the worker's fault
                    cause = e.as_instanceof_cause()  # type: ignore[no-untyped-call]  # (ray's)
                    raise (cause if isinstance(cause, Exception) else e) from None
                except ray.exceptions.RayError:
                    # The worker (or its node) died: send again what has not come back.
                    del running[gen]
                    left = [j for j in chunk_jobs if j[0] not in received]
                    if left:
                        submit(left)
                    continue
                for result in batch:
                    if result.index not in received:
                        received.add(result.index)
                        yield result
    finally:
        for gen in running:  # stopped early (an error, Ctrl-C): drop the work in flight
            try:
                ray.cancel(gen, force=True)
            except Exception:  # already finished or gone
                pass
        if started:
            ray.shutdown()
