"""The browser UI: the lobby, the table page and the static files (no build step)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).resolve().parents[1] / "static"
router = APIRouter(include_in_schema=False)


@router.get("/")
def lobby() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/table/{table_id}")
def table_page(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "table.html")


@router.get("/favicon.ico")
def favicon() -> RedirectResponse:
    return RedirectResponse("/static/favicon.svg")


def mount(app: FastAPI) -> None:
    """Serve the pages and ``/static``."""
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
