"""The browser UI: the lobby, the table page, each game's rules page and the static files
(no build step)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException
from fastapi.responses import FileResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from tabletop.core import GameSpec, TabletopError, get_spec
from tabletop.testing.locate import docs_path

STATIC = Path(__file__).resolve().parents[1] / "static"
router = APIRouter(include_in_schema=False)
MAX_DOC = 400_000  # characters of a game's decisions page served on its rules page


@router.get("/")
def lobby() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/table/{table_id}")
def table_page(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "table.html")


@router.get("/decks")
def decks_page() -> FileResponse:
    """The deck builder (static/decks.html)."""
    return FileResponse(STATIC / "decks.html")


@router.get("/decks/{game}")
def decks_game_page(game: str) -> FileResponse:
    """The deck builder, open at ``game``."""
    _spec(game)
    return FileResponse(STATIC / "decks.html")


@router.get("/rules/{game}")
def rules_page(game: str) -> FileResponse:
    """A game's rules page (the summary for players, then our decisions on the rules)."""
    _spec(game)
    return FileResponse(STATIC / "rules.html")


@router.get("/rules/{game}/text")
def rules_text(game: str) -> dict[str, Any]:
    """The texts of a game's rules page, as Markdown the page shows as text (never as
    HTML): ``summary`` (``static/rules/<game>.md``, the rulebook in short) and
    ``decisions`` (the game's docs file, ``docs/rules/<game>.md``: every decision taken
    where the rulebook is silent), either null when the game has none."""
    spec = _spec(game)
    summary = STATIC / "rules" / f"{spec.id}.md"
    doc = docs_path(spec)
    return {"game": spec.id, "name": spec.name, "rulebook": spec.rulebook,
            "summary": summary.read_text(encoding="utf-8") if summary.is_file() else None,
            "decisions": doc.read_text(encoding="utf-8")[:MAX_DOC] if doc else None}


def _spec(game: str) -> GameSpec:
    try:
        return get_spec(game)
    except TabletopError:
        raise HTTPException(404, "unknown game") from None


@router.get("/favicon.ico")
def favicon() -> RedirectResponse:
    return RedirectResponse("/static/favicon.svg")


def mount(app: FastAPI) -> None:
    """Serve the pages and ``/static``."""
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
