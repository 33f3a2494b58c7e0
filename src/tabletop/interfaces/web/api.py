"""The web server: a JSON API under ``/api/``, a WebSocket per seat, and the browser UI.

``create_app(db)`` builds the FastAPI application (OpenAPI at ``/openapi.json``) from its
parts in ``routes/``: the lobby (``tables``), finding a game (``queue``), a seat at its
table (``play``), records (``records``), the WebSocket (``live``) and the pages
(``pages``). A seat proves who it is
with its secret token in the ``X-Seat-Token`` header (on the WebSocket: in the first
message), never in a URL: join links carry it after ``#``, which browsers do not send,
so it never reaches a log. Without a token a client is a spectator.

Every refusal is a 4xx with ``{"error": message}`` (an illegal action adds the engine's
``reason`` and ``rule``) and leaves the table unchanged.
"""

from __future__ import annotations

import contextlib
import logging
import math
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from tabletop.core import ParameterError

from . import ops
from .ai import make_pool
from .bodies import SizeLimit
from .cluster import Cluster, ClusterSettings
from .errors import ApiError
from .hub import Hub
from .limits import Settings
from .routes import accounts, decks, live, pages, play, queue, records, tables
from .storage import PostgresStorage, open_storage
from .usercards import CardFile

log = logging.getLogger("tabletop.web")
METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
MAX_BODY = Settings().body_bytes  # bytes: the largest request body the API reads


def create_app(db: str | Path = ":memory:", ai_pool: str = "process",
               ai_workers: int = 2, limits: Settings | None = None,
               cluster: ClusterSettings | None = None,
               cards: Mapping[str, list[CardFile]] | None = None) -> FastAPI:
    """The application, storing tables in ``db`` (a SQLite file, or a ``postgresql://``
    URL: see :func:`.storage.open_storage`); AI seats decide in a ``process`` (or
    ``thread``) pool of ``ai_workers``; ``limits``: the numbers of its limits (default
    :class:`~.limits.Settings`); ``cluster``: this server is one of several on one
    PostgreSQL store, meeting the others through Redis (cluster.py); ``cards``: the user
    card files every table of a game gets (``serve --cards``, by game: usercards.py)."""
    settings = limits or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = open_storage(db)
        pool = make_pool(ai_pool, ai_workers)
        hub = Hub(storage, pool, limits=settings)
        hub.cards = dict(cards or {})
        hub.thought = app.state.metrics.thought
        if cluster is not None:
            if not isinstance(storage, PostgresStorage):
                storage.close()
                raise ValueError("several servers share a PostgreSQL store, not a SQLite "
                                 "file: give --db postgresql://...")
            hub.cluster = Cluster(hub, cluster)
            await hub.cluster.start()
            app.state.worker = hub.cluster.name
        app.state.hub = hub
        resumed = await hub.resume()
        if resumed:
            log.info("resumed %d unfinished tables", resumed)
        try:
            yield
        finally:
            if hub.cluster is not None:
                await hub.cluster.stop()
            hub.shutdown()
            pool.shutdown(wait=False, cancel_futures=True)
            storage.close()

    # Every endpoint is a coroutine: the tables live on the event loop's thread alone
    # (their locks, queues and AI tasks), and each request's work is short.
    app = FastAPI(title="tabletop", version="1", lifespan=lifespan,
                  description="Play tabletop card games: tables, seats, views, actions.")
    _refusals(app, settings)
    if cluster is not None:
        _worker_header(app)
    ops.install(app)  # /healthz, /readyz, /metrics; 503 while the store is out of reach
    for part in (tables, queue, play, records, live, accounts, decks):
        app.include_router(part.router)
    pages.mount(app)
    return app


def _worker_header(app: FastAPI) -> None:
    """Each answer names the worker that gave it (``X-Tabletop-Worker``: a random name
    of the process, as in its log), so that an operator behind a proxy can tell."""

    @app.middleware("http")
    async def worker(request: Request,
                     call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        response = await call_next(request)
        name = getattr(request.app.state, "worker", None)
        if name is not None:
            response.headers["X-Tabletop-Worker"] = name.rsplit(":", 1)[-1]
        return response


def _refusals(app: FastAPI, settings: Settings) -> None:
    """Every refusal as ``{"error": ...}`` with its 4xx (a 429 says ``Retry-After``, a
    405 ``Allow``), and no request body or socket message read past the size limit
    (bodies.py)."""
    # Every request body of the API is small: a bigger one is refused before it is read
    # past the limit (a chunked 31 MB body was once read whole, then parsed).
    # A new table may carry user card files (usercards.py), and so may the deck
    # builder's requests (routes/decks.py): those routes read more, bounded by the same
    # limit (a builder's request without card files is held to body_bytes by its route).
    cards = (settings.cards_bytes, f"the new table's request is over "
             f"{settings.cards_bytes:,} bytes, the most this server reads for one (its card "
             "files included): upload fewer or smaller card files")
    builder = (settings.cards_bytes, f"the deck builder's request is over "
               f"{settings.cards_bytes:,} bytes, the most this server reads for one (its "
               "card files included): add fewer or smaller card files")
    app.add_middleware(SizeLimit, limit=settings.body_bytes,
                       wider={("POST", "/api/tables"): cards,
                              **{route: builder for route in decks.CARD_ROUTES}})

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        headers = None
        wait = exc.extra.get("retry_after")
        if isinstance(wait, (int, float)):
            headers = {"Retry-After": str(max(1, math.ceil(wait)))}
        return JSONResponse(exc.body(), status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for e in exc.errors():
            where = ".".join(str(x) for x in e.get("loc", ()))
            problems.append(f"{where}: {e.get('msg', 'invalid')}")
        return JSONResponse({"error": "bad request: " + "; ".join(problems)[:500]},
                            status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        headers = exc.headers
        if exc.status_code == 405:
            # Starlette's ``Allow`` names the methods of the first route of the path only
            # (GET of /api/tables, not its POST): every route of the path is named.
            headers = {**(headers or {}), "Allow": ", ".join(_allowed(request))}
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code,
                            headers=headers)


def _allowed(request: Request) -> list[str]:
    """The methods some route of the request's path answers (each is tried: an included
    router matches as a whole)."""
    routes = request.app.router.routes
    return [m for m in METHODS
            if any(r.matches({**request.scope, "method": m})[0] is Match.FULL
                   for r in routes)]


def check_db_path(path: Path) -> Path:
    """A database path the server can use; raises ``ParameterError``."""
    if path.exists() and path.is_dir():
        raise ParameterError(f"--db {path}: is a folder, not a file")
    return path
