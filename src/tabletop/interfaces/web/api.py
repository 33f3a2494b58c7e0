"""The web server: a JSON API under ``/api/``, a WebSocket per seat, and the browser UI.

``create_app(db)`` builds the FastAPI application (OpenAPI at ``/openapi.json``) from its
parts in ``routes/``: the lobby (``tables``), a seat at its table (``play``), records
(``records``), the WebSocket (``live``) and the pages (``pages``). A seat proves who it is
with its secret token in the ``X-Seat-Token`` header (on the WebSocket: in the first
message), never in a URL: join links carry it after ``#``, which browsers do not send,
so it never reaches a log. Without a token a client is a spectator.

Every refusal is a 4xx with ``{"error": message}`` (an illegal action adds the engine's
``reason`` and ``rule``) and leaves the table unchanged.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from tabletop.core import ParameterError

from .ai import make_pool
from .errors import ApiError
from .hub import Hub
from .routes import live, pages, play, records, tables
from .storage import SqliteStorage

log = logging.getLogger("tabletop.web")
MAX_BODY = 64 * 1024  # bytes: the largest request body the API reads


def create_app(db: str | Path = ":memory:", ai_pool: str = "process",
               ai_workers: int = 2) -> FastAPI:
    """The application, storing tables in the SQLite file ``db``; AI seats decide in a
    ``process`` (or ``thread``) pool of ``ai_workers``."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = SqliteStorage(db)
        pool = make_pool(ai_pool, ai_workers)
        hub = Hub(storage, pool)
        app.state.hub = hub
        resumed = await hub.resume()
        if resumed:
            log.info("resumed %d unfinished tables", resumed)
        try:
            yield
        finally:
            hub.shutdown()
            pool.shutdown(wait=False, cancel_futures=True)
            storage.close()

    # Every endpoint is a coroutine: the tables live on the event loop's thread alone
    # (their locks, queues and AI tasks), and each request's work is short.
    app = FastAPI(title="tabletop", version="1", lifespan=lifespan,
                  description="Play tabletop card games: tables, seats, views, actions.")
    _refusals(app)
    for part in (tables, play, records, live):
        app.include_router(part.router)
    pages.mount(app)
    return app


def _refusals(app: FastAPI) -> None:
    """Every refusal as ``{"error": ...}`` with its 4xx, and no body read that is over
    :data:`MAX_BODY`."""

    @app.middleware("http")
    async def limit_body(request: Request, call_next: Any) -> Any:
        # Every request body of the API is small: a bigger one is refused before it is
        # read (it was read whole into memory, then refused by the schema).
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return JSONResponse({"error": f"the request body is over {MAX_BODY:,} bytes"},
                                status_code=413)
        return await call_next(request)

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

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
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)


def check_db_path(path: Path) -> Path:
    """A database path the server can use; raises ``ParameterError``."""
    if path.exists() and path.is_dir():
        raise ParameterError(f"--db {path}: is a folder, not a file")
    return path
