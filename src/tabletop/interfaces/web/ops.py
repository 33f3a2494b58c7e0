"""What a server's operator (and its load balancer) asks of it (issue 29, Operations and
Faults): ``/healthz`` (the process is up), ``/readyz`` (its store answers), ``/metrics``
(Prometheus, :mod:`.metrics`), and the answer while the store is out of reach: 503 with
``Retry-After`` and a clear message, never a 500 nor a half-applied action.

None of these routes is rate-limited (the limits of :mod:`.limits` are taken by the
routes that create or change things only), so a probe every second never meets a 429.
"""

from __future__ import annotations

import asyncio
import logging

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse, Response

from . import logs, metrics
from .storage import StorageError, StoreUnreachable

log = logging.getLogger("tabletop.web")
RETRY_S = 5  # what a 503 asks a client to wait: about as long as PostgreSQL takes to restart
UNREACHABLE = "the game store is unreachable; try again in a moment"

router = APIRouter(include_in_schema=False)


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """200 while the process answers at all (a liveness probe: restart it if not)."""
    return {"status": "ok"}


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    """200 when the store answers a trivial query, else 503 with the reason (a readiness
    probe: send it no players meanwhile)."""
    hub = getattr(request.app.state, "hub", None)
    if hub is None:
        return JSONResponse({"status": "starting", "error": "the server is starting"},
                            status_code=503, headers={"Retry-After": str(RETRY_S)})
    try:
        await asyncio.to_thread(hub.storage.ping)
    except StorageError as e:
        log.warning("not ready: %s", e)
        return JSONResponse({"status": "unready", "error": UNREACHABLE},
                            status_code=503, headers={"Retry-After": str(RETRY_S)})
    return JSONResponse({"status": "ready"})


@router.get("/metrics")
async def prometheus(request: Request) -> Response:
    """The server's metrics in Prometheus' text format (:mod:`.metrics`)."""
    # Off the event loop: the count of tables asks the store.
    body, kind = await asyncio.to_thread(metrics.exposition, request.app)
    return Response(body, media_type=kind)


def install(app: FastAPI) -> None:
    """The routes above, the 503 of a store out of reach, the metrics middleware and the
    requests' log records (:mod:`.logs`)."""

    @app.exception_handler(StoreUnreachable)
    async def unreachable(request: Request, exc: StoreUnreachable) -> JSONResponse:
        # The reason (host, driver's words) goes to the server's log only.
        log.error("%s", exc)
        return JSONResponse({"error": UNREACHABLE}, status_code=503,
                            headers={"Retry-After": str(RETRY_S)})

    app.include_router(router)
    metrics.install(app)
    logs.install(app)
