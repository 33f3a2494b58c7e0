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

Labels stay few: ``route`` is the route's template (``/api/tables/{table_id}``), never the
path a client sent (which holds table ids), and ``unmatched`` for any path no route has.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from fastapi import FastAPI
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .matchmaking import LEASE
from .storage import StorageError

METHODS = frozenset(("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"))
SECONDS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
THINK_SECONDS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)


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
        self.registry.register(_Live(app))

    def thought(self, game: str, seconds: float) -> None:
        """An AI seat of ``game`` decided in ``seconds`` (the hub calls it)."""
        self.thinking.labels(game).observe(seconds)


class _Live(Collector):
    """What the hub holds now, read when scraped."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app

    def collect(self) -> Iterator[GaugeMetricFamily]:
        hub = getattr(self.app.state, "hub", None)
        yield GaugeMetricFamily("tabletop_live_tables",
                                "Tables held in this server's memory",
                                value=len(hub.tables) if hub is not None else 0)
        yield GaugeMetricFamily("tabletop_websocket_connections",
                                "Open WebSocket connections",
                                value=hub.sockets.count if hub is not None else 0)
        if hub is None:
            return
        says = hub.cluster is None or LEASE in hub.cluster.held
        try:
            running = hub.storage.count_tables("running") if says else 0
        except StorageError:
            return  # the store is out of reach: no count rather than a wrong one
        yield GaugeMetricFamily("tabletop_running_tables",
                                "Unfinished tables in the store (said by one server of "
                                "several; 0 by the others)", value=running)


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
    """The metrics of ``app`` (``app.state.metrics``) and the middleware that counts."""
    app.state.metrics = Metrics(app)
    app.add_middleware(Measured, metrics=app.state.metrics)


def exposition(app: FastAPI) -> tuple[bytes, str]:
    """The metrics of ``app`` in Prometheus' text format, and its content type."""
    return generate_latest(app.state.metrics.registry), CONTENT_TYPE_LATEST
