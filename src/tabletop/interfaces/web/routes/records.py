"""A table's records: the finished game's record, its history, a replay step by step."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from .common import ERRORS, TableId, Token, hub_of

router = APIRouter()


@router.get("/api/tables/{table_id}/record", tags=["records"], responses=ERRORS)
async def record(request: Request, table_id: TableId, x_seat_token: Token = None
                 ) -> dict[str, Any]:
    """A finished game's record (it replays to its hash). Mid-game: only the seat's
    own history, its events (no seed, no actions: they would tell secrets)."""
    hub = hub_of(request)
    live = hub.get(table_id)
    return hub.record(live, hub.seat_for(live, x_seat_token))


@router.get("/api/tables/{table_id}/history", tags=["records"], responses=ERRORS)
async def history(request: Request, table_id: TableId) -> dict[str, Any]:
    """The table's history besides its game's events: its notices (undo, takeback, time
    given, timeouts, the AI holding a seat...). Once the game is over, also who chose
    each action (``person``, ``ai``, ``referee``, ``server``) and what each undo took
    back."""
    hub = hub_of(request)
    return hub.history(hub.get(table_id))


@router.get("/api/tables/{table_id}/replay", tags=["records"], responses=ERRORS)
async def replay_step(request: Request, table_id: TableId,
                      step: Annotated[int, Query(ge=0, le=10**6)] = 0,
                      seat: Annotated[int | None, Query(ge=0, le=63)] = None,
                      ) -> dict[str, Any]:
    """A finished game after ``step`` actions, seen by ``seat`` (none: spectators)."""
    hub = hub_of(request)
    return hub.replay_step(hub.get(table_id), step, seat)
