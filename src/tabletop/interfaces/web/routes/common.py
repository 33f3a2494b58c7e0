"""What every route shares: the hub of the app, the seat token header, the refusals."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Header, Request, WebSocket
from pydantic import Field

from ..errors import ApiError
from ..hub import Hub
from ..tables import LiveTable

TableId = Annotated[str, Field(min_length=1, max_length=64)]
Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=200,
                                     description="The seat's secret token (from its join "
                                     "link); none for a spectator.")]
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"description": "Bad input (unknown parameter, notation that does not parse)"},
    403: {"description": "A token of no seat here, or no token where one is needed"},
    404: {"description": "No such game or table"},
    409: {"description": "The table refuses: illegal, stale or finished"},
    413: {"description": "The request body is too big"},
    422: {"description": "The request does not match its schema"},
    429: {"description": "Too many requests of this kind: wait and try again"},
}


def hub_of(request: Request | WebSocket) -> Hub:
    return request.app.state.hub  # type: ignore[no-any-return]


def seat_required(hub: Hub, live: LiveTable, token: str | None) -> int:
    """The token's seat; 403 for a spectator (who may look but never act)."""
    seat = hub.seat_for(live, token)
    if seat is None:
        raise ApiError(403, "spectators do not act: send your seat's token (X-Seat-Token)")
    return seat


def person_required(hub: Hub, live: LiveTable, token: str | None) -> int:
    """The token's seat, which must be a person's (403 otherwise)."""
    seat = seat_required(hub, live, token)
    if live.row.seats[seat].kind != "human":
        raise ApiError(403, "only a person's seat does this")
    return seat
