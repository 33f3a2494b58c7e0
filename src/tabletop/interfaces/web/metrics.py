"""The server's Prometheus metrics (``/metrics``, issue 29, Operations), one registry per
application (so that several apps in one process, as in the tests, never meet):

- ``tabletop_http_requests_total{method, route, status}`` and
  ``tabletop_http_request_seconds{method, route}`` (a histogram), counted by an ASGI
  middleware around everything else (a 413 or a 503 counts too);
- ``tabletop_live_tables`` and ``tabletop_websocket_connections``, read from the hub when
  scraped;
- ``tabletop_running_tables``: the store's unfinished tables, said by one server only;
- ``tabletop_ai_think_seconds{game}``: how long each AI decision took in the pool.

With several servers on one store (cluster.py) each is scraped on its own, and every
metric sums over them to the whole's (docs/deploy.md, "Health checks, metrics and logs"):
a request, a connection, an AI decision is one server's. A table, though, is held in the
memory of every server that served it lately, so ``tabletop_live_tables`` sums to the
copies held (memory), not to the tables; the count of tables is the store's, said by the
server that runs the queue's pairing pass (the holder of its lease: one at a time) and
0 by the others, so that it too sums to the whole.

``tabletop serve --workers N`` runs N processes behind one port, and a scrape of that
port reaches one of them: there the workers write their metrics in one folder
(prometheus-client's multiprocess mode, ``PROMETHEUS_MULTIPROC_DIR``, made afresh for each
run by serve.py), and whichever worker is scraped answers for all of them
(``MultiProcessCollector``). A counter or histogram of a worker that died still counts
(what it answered was answered); its gauges leave the sum (``mark_process_dead``, at its
shutdown, or by the next scrape if it was killed). The gauges are then written, not read
when scraped: each worker sets its own every :data:`REFRESH_S` (and the scraped one just
before it answers), summed over the live workers (``livesum``), so that each means what
it means summed over separate servers.

Labels stay few: ``route`` is the route's template (``/api/tables/{table_id}``), never the
path a client sent (which holds table ids), and ``unmatched`` for any path no route has.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import math
import os
import time
from collections.abc import AsyncIterator, Iterable, Iterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
    values,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .matchmaking import LEASE
from .storage import StorageError

METHODS = frozenset(("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"))
SECONDS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
THINK_SECONDS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
FOLDER = "PROMETHEUS_MULTIPROC_DIR"  # where the workers of one run write their metrics
REFRESH_S = 2.0  # a worker's gauges are written this often (with --workers N)
LIVE = "tabletop_live_tables"
SOCKETS = "tabletop_websocket_connections"
RUNNING = "tabletop_running_tables"
LIVE_HELP = "Tables held in this server's memory"
SOCKETS_HELP = "Open WebSocket connections"
RUNNING_HELP = "Unfinished tables in the store (said by one server of several; 0 by the others)"

_shared: list[str] = []  # the folder of this worker's run, once :func:`share` said it


def share(folder: str) -> None:
    """This process is one worker of ``serve --workers N``: its metrics go to ``folder``
    (the run's ``PROMETHEUS_MULTIPROC_DIR``) and a scrape answers for every worker's there.
    Raises ``RuntimeError`` if prometheus-client was not started in multiprocess mode (the
    variable must be set before it is first imported: serve.py sets it before the
    workers start)."""
    if not getattr(values.ValueClass, "_multiprocess", False) \
            or os.environ.get(FOLDER) != folder:
        raise RuntimeError(f"the metrics of several workers need {FOLDER}={folder} set "
                           "before prometheus_client is imported")
    _shared[:] = [folder]


def prepare(folder: Path) -> None:
    """Make ``folder`` ready for a new run's workers: made if missing, emptied of the
    metrics files a previous run left (they would count as this run's)."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.db"):
        old.unlink()


class Metrics:
    """The metrics of one application (``app.state.metrics``)."""

    def __init__(self, app: FastAPI) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter("tabletop_http_requests", "HTTP requests answered",
                                ("method", "route", "status"), registry=self.registry)
        self.latency = Histogram("tabletop_http_request_seconds",
                                 "Time to answer an HTTP request", ("method", "route"),
                                 buckets=SECONDS, registry=self.registry)
        self.thinking = Histogram("tabletop_ai_think_seconds",
                                  "Time an AI seat took to decide one action", ("game",),
                                  buckets=THINK_SECONDS, registry=self.registry)
        self.shared = _shared[0] if _shared else None
        if self.shared is None:
            self.registry.register(_Live(app))
            return
        # Gauges each worker writes, summed over the live ones (what each sums to:
        # docs/deploy.md, "Health checks, metrics and logs").
        self.live = Gauge(LIVE, LIVE_HELP, multiprocess_mode="livesum",
                          registry=self.registry)
        self.sockets = Gauge(SOCKETS, SOCKETS_HELP, multiprocess_mode="livesum",
                             registry=self.registry)
        self.running = Gauge(RUNNING, RUNNING_HELP, multiprocess_mode="livesum",
                             registry=self.registry)
        self.app = app

    def refresh(self, count: bool = True) -> None:
        """Write this worker's gauges (``--workers N``): what its hub holds now and, from
        the worker that says it (the matchmaking lease's holder), the store's count of
        unfinished tables (``count``: ask the store; else the last count stays). Not a
        number while the store is out of reach: the scrape then leaves the metric out
        rather than sum a wrong one."""
        hub = getattr(self.app.state, "hub", None)
        self.live.set(len(hub.tables) if hub is not None else 0)
        self.sockets.set(hub.sockets.count if hub is not None else 0)
        if hub is None:
            self.running.set(math.nan)
            return
        if not (hub.cluster is None or LEASE in hub.cluster.held):
            self.running.set(0)
        elif count:
            try:
                self.running.set(hub.storage.count_tables("running"))
            except StorageError:
                self.running.set(math.nan)

    async def refreshing(self) -> None:
        """Write this worker's gauges every :data:`REFRESH_S`, until cancelled."""
        while True:
            await asyncio.to_thread(self.refresh)
            await asyncio.sleep(REFRESH_S)

    def thought(self, game: str, seconds: float) -> None:
        """An AI seat of ``game`` decided in ``seconds`` (the hub calls it)."""
        self.thinking.labels(game).observe(seconds)


class _Live(Collector):
    """What the hub holds now, read when scraped."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app

    def collect(self) -> Iterator[GaugeMetricFamily]:
        hub = getattr(self.app.state, "hub", None)
        yield GaugeMetricFamily(LIVE, LIVE_HELP,
                                value=len(hub.tables) if hub is not None else 0)
        yield GaugeMetricFamily(SOCKETS, SOCKETS_HELP,
                                value=hub.sockets.count if hub is not None else 0)
        if hub is None:
            return
        says = hub.cluster is None or LEASE in hub.cluster.held
        try:
            running = hub.storage.count_tables("running") if says else 0
        except StorageError:
            return  # the store is out of reach: no count rather than a wrong one
        yield GaugeMetricFamily(RUNNING, RUNNING_HELP, value=running)


def route_of(scope: Scope) -> str:
    """The template of the route that answered ``scope`` (the router records it in the
    scope), or ``unmatched`` if none did (a 404, a 405)."""
    path = getattr(scope.get("route"), "path", None)
    return str(path) if path else "unmatched"


class Measured:
    """ASGI middleware: each HTTP request's count and latency, by route template."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 500  # unless a response starts

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            route = route_of(scope)
            method = str(scope.get("method", "?"))
            if method not in METHODS:  # a client may send any word as its method
                method = "other"
            self.metrics.requests.labels(method, route, str(status)).inc()
            self.metrics.latency.labels(method, route).observe(time.perf_counter() - start)


def install(app: FastAPI) -> None:
    """The metrics of ``app`` (``app.state.metrics``) and the middleware that counts; as
    one worker of several (:func:`share`), the task writing its gauges while it runs, and
    its gauges out of the sum once it stops."""
    app.state.metrics = Metrics(app)
    app.add_middleware(Measured, metrics=app.state.metrics)
    if app.state.metrics.shared is not None:
        inner = app.router.lifespan_context

        @contextlib.asynccontextmanager
        async def lifespan(app: FastAPI) -> AsyncIterator[Any]:
            async with inner(app) as state:
                task = asyncio.get_running_loop().create_task(
                    app.state.metrics.refreshing())
                try:
                    yield state
                finally:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await task
                    multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]

        app.router.lifespan_context = lifespan


def exposition(app: FastAPI) -> tuple[bytes, str]:
    """The metrics of ``app`` in Prometheus' text format, and its content type; as one
    worker of several, every live worker's of its run together."""
    metrics: Metrics = app.state.metrics
    if metrics.shared is None:
        return generate_latest(metrics.registry), CONTENT_TYPE_LATEST
    metrics.refresh(count=False)  # this worker's own, exact now
    _bury(metrics.shared)
    registry = CollectorRegistry()
    registry.register(_Gathered(metrics.shared))
    return generate_latest(registry), CONTENT_TYPE_LATEST


class _Gathered(Collector):
    """Every worker's metrics in the run's folder, summed; the count of running tables
    left out while a worker that says it cannot read it (not a number)."""

    def __init__(self, folder: str) -> None:
        self.folder = folder

    def collect(self) -> Iterable[Any]:
        files = glob.glob(os.path.join(self.folder, "*.db"))
        merged = multiprocess.MultiProcessCollector.merge(  # type: ignore[no-untyped-call]
            files, accumulate=True)
        for family in merged:
            if family.name == RUNNING and any(math.isnan(x.value) for x in family.samples):
                continue
            yield family


def _bury(folder: str) -> None:
    """Take the gauges of the run's workers that died without a shutdown (``kill -9``: the
    supervisor starts another in its place) out of the sum."""
    for path in glob.glob(os.path.join(folder, "gauge_live*_*.db")):
        pid = Path(path).stem.rsplit("_", 1)[-1]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            multiprocess.mark_process_dead(int(pid), folder)  # type: ignore[no-untyped-call]


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    except OSError:  # no /proc here: ask the kernel
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True
    return stat.rsplit(")", 1)[1].split()[0] != "Z"
