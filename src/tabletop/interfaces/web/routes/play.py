"""A seat's routes at a table: what it may know, its actions, concession, undo and the
offers, the clock's "+15 s", the chat, the real-time strike."""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from .. import offers, talk
from ..errors import ApiError
from ..limits import client_key
from ..messages import build
from ..tables import LiveTable
from .common import ERRORS, TableId, Token, hub_of, person_required, seat_required

router = APIRouter()


class Empty(BaseModel):
    """No fields."""

    model_config = ConfigDict(extra="forbid")


class PostAction(BaseModel):
    """An action in the game's notation, answering the position the seat saw."""

    model_config = ConfigDict(extra="forbid")
    action: str = Field(max_length=200, examples=["pick b2"])
    version: int = Field(ge=0, le=10**9, description="The seat's version when it chose")


class StrikePress(BaseModel):
    """A press in a real-time strike: ``strike`` (the striker) or ``pull`` (the defender).
    Its time is the server's, taken when it arrives, less the seat's round trip as the
    server measured it; ``client_ms`` is ignored (a client's clock proves nothing)."""

    model_config = ConfigDict(extra="forbid")
    press: Literal["strike", "pull"]
    window: int | None = Field(default=None, ge=0, le=10**9, description="The window's id "
                               "(as told in ``strike``); a press for a closed one is refused")
    client_ms: float | None = Field(default=None, description="Ignored by the server.")


class MakeOffer(BaseModel):
    """Ask the others for a takeback or a rematch."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["takeback", "rematch"]


class AnswerOffer(BaseModel):
    """Accept or decline another's offer, or withdraw your own (``cancel``)."""

    model_config = ConfigDict(extra="forbid")
    answer: Literal["accept", "decline", "cancel"]


class GiveTime(BaseModel):
    """Give another person's clock fifteen seconds."""

    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=63)


class ChatLine(BaseModel):
    """A chat line: ``text`` (plain text), an ``emote`` or a ``phrase`` (by ``key``; see
    ``chat`` in ``GET /api/games``)."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["text", "emote", "phrase"] = "text"
    text: str | None = Field(default=None, max_length=1000)
    key: str | None = Field(default=None, max_length=32)


class Mute(BaseModel):
    """Mute (or unmute) a seat's chat lines, or the whole chat (``seat`` null)."""

    model_config = ConfigDict(extra="forbid")
    seat: int | None = Field(default=None, ge=0, le=63)
    muted: bool = True


@router.get("/api/tables/{table_id}/view", tags=["seats"], responses=ERRORS)
async def view(request: Request, table_id: TableId, x_seat_token: Token = None
               ) -> dict[str, Any]:
    """Everything the seat may know now (no token: the spectators' view): the seat's
    message of type ``state`` (docs/web.md, "The seat's message")."""
    hub = hub_of(request)
    live = hub.get(table_id)
    msg = build(live, hub.seat_for(live, x_seat_token), "state", token=x_seat_token)
    assert msg is not None
    return msg


@router.get("/api/tables/{table_id}/events", tags=["seats"], responses=ERRORS)
async def events(request: Request, table_id: TableId,
                 since: Annotated[int, Query(ge=0, le=10**9)] = 0,
                 x_seat_token: Token = None) -> dict[str, Any]:
    """The seat's events from its ``since``-th on (each: kind, fields, text, rule)."""
    hub = hub_of(request)
    live = hub.get(table_id)
    seat = hub.seat_for(live, x_seat_token)
    out = live.events(seat, since)
    return {"seat": seat, "since": since, "events": out, "next": since + len(out)}


@router.get("/api/tables/{table_id}/legal", tags=["seats"], responses=ERRORS)
async def legal(request: Request, table_id: TableId, x_seat_token: Token = None
                ) -> dict[str, Any]:
    """The seat's legal actions (empty unless it is to act) and its version."""
    hub = hub_of(request)
    live = hub.get(table_id)
    seat = seat_required(hub, live, x_seat_token)
    return {"seat": seat, "version": live.version(seat), "legal": live.legal(seat)}


def _reply(request: Request, table_id: str, seat: int, token: str | None,
           **extra: Any) -> dict[str, Any]:
    """The answer to a seat's request: what it asked done, and its message's state."""
    live = hub_of(request).get(table_id)
    msg = build(live, seat, "reply", token=token)
    assert msg is not None
    return {**extra, **msg}


async def _rematch_budget(request: Request, live: LiveTable) -> None:
    """A rematch makes a table: it takes one of the address's new tables (429 past the
    rate), so that conceding and asking for a rematch in a loop is no way around it."""
    if not live.state.is_over or live.row.rematch is not None:
        return  # refused by the offer itself, in its own words
    hub = hub_of(request)
    wait = await hub.limit("create", client_key(request.client.host if request.client
                                                else None))
    if wait:
        raise ApiError(429, f"too many new tables from your address (a rematch is one): "
                       f"wait {math.ceil(wait)} s", retry_after=round(wait, 1))


@router.post("/api/tables/{table_id}/actions", tags=["seats"], responses=ERRORS)
async def act(request: Request, table_id: TableId, body: PostAction,
              x_seat_token: Token = None) -> dict[str, Any]:
    """Apply an action for the token's seat. Acknowledged only once stored."""
    hub = hub_of(request)
    live = hub.get(table_id)
    seat = seat_required(hub, live, x_seat_token)
    # A token is a person's seat's (the AI's seats have none). Nothing above waits: from
    # here, it counts from the request's arrival.
    with hub.person():
        done = await hub.act(live, seat, body.action, body.version)
        return _reply(request, table_id, seat, x_seat_token, applied=done)


@router.post("/api/tables/{table_id}/concede", tags=["seats"], responses=ERRORS)
async def concede(request: Request, table_id: TableId, body: Empty | None = None,
                  x_seat_token: Token = None) -> dict[str, Any]:
    """Concede (at any time, whoever is to act): by the game's rules, the others win, or
    in a game of more sides the seat leaves as if defeated. Recorded like any action."""
    hub = hub_of(request)
    live = hub.get(table_id)
    seat = person_required(hub, live, x_seat_token)
    with hub.person():
        done = await hub.concede(live, seat)
        return _reply(request, table_id, seat, x_seat_token, applied=done)


@router.post("/api/tables/{table_id}/undo", tags=["seats"], responses=ERRORS)
async def undo(request: Request, table_id: TableId, body: Empty | None = None,
               x_seat_token: Token = None) -> dict[str, Any]:
    """Take back your last decision (and what followed it), unless something hidden was
    revealed since: at once against the AI; with other people, a takeback offer they
    must accept (``offer`` in the answer)."""
    hub = hub_of(request)
    live = hub.get(table_id)
    seat = person_required(hub, live, x_seat_token)
    got = await offers.propose(hub, live, seat, "takeback")
    return _reply(request, table_id, seat, x_seat_token, **got)


@router.post("/api/tables/{table_id}/rematch", tags=["seats"], responses=ERRORS)
async def rematch(request: Request, table_id: TableId, body: Empty | None = None,
                  x_seat_token: Token = None) -> dict[str, Any]:
    """Once the game is over: a new table of the same game and settings, seats moved one
    place on; at once against the AI, with other people once all accept."""
    hub = hub_of(request)
    live = hub.get(table_id)
    seat = person_required(hub, live, x_seat_token)
    await _rematch_budget(request, live)
    got = await offers.propose(hub, live, seat, "rematch")
    return _reply(request, table_id, seat, x_seat_token, **got)


@router.post("/api/tables/{table_id}/offers", tags=["seats"], responses=ERRORS)
async def make_offer(request: Request, table_id: TableId, body: MakeOffer,
                     x_seat_token: Token = None) -> dict[str, Any]:
    """Offer a takeback or a rematch (the same as ``/undo`` and ``/rematch``)."""
    hub = hub_of(request)
    live = hub.get(table_id)
    seat = person_required(hub, live, x_seat_token)
    if body.kind == "rematch":
        await _rematch_budget(request, live)
    got = await offers.propose(hub, live, seat, body.kind)
    return _reply(request, table_id, seat, x_seat_token, **got)


@router.post("/api/tables/{table_id}/offers/{offer_id}", tags=["seats"], responses=ERRORS)
async def answer_offer(request: Request, table_id: TableId,
                       offer_id: Annotated[int, Path(ge=0, le=10**9)], body: AnswerOffer,
                       x_seat_token: Token = None) -> dict[str, Any]:
    """Accept or decline an open offer, or withdraw your own."""
    hub = hub_of(request)
    live = hub.get(table_id)
    seat = person_required(hub, live, x_seat_token)
    if body.answer == "accept" and any(o.id == offer_id and o.kind == "rematch"
                                       for o in live.offers):
        await _rematch_budget(request, live)
    got = await offers.answer(hub, live, seat, offer_id, body.answer)
    return _reply(request, table_id, seat, x_seat_token, **got)


@router.post("/api/tables/{table_id}/clock/give", tags=["seats"], responses=ERRORS)
async def give_time(request: Request, table_id: TableId, body: GiveTime,
                    x_seat_token: Token = None) -> dict[str, Any]:
    """"+15 s": give another person's clock fifteen seconds."""
    hub = hub_of(request)
    live = hub.get(table_id)
    seat = person_required(hub, live, x_seat_token)
    wait = await hub.limit("gift", (live.row.id, seat))
    if wait:
        raise ApiError(429, f"too fast: wait {wait:.0f} s", retry_after=round(wait, 1))
    hub.clocks.give(live, seat, body.seat)
    return _reply(request, table_id, seat, x_seat_token)


@router.post("/api/tables/{table_id}/chat", tags=["chat"], responses=ERRORS)
async def chat(request: Request, table_id: TableId, body: ChatLine,
               x_seat_token: Token = None) -> dict[str, Any]:
    """Write in the table's chat (seats only; plain text, at most 200 characters; five
    lines in a burst, then one every two seconds)."""
    hub = hub_of(request)
    live = hub.get(table_id)
    seat = person_required(hub, live, x_seat_token)
    row = await talk.say(hub, live, seat, body.kind, body.text, body.key)
    return {"n": row.n, "text": row.text}


@router.post("/api/tables/{table_id}/mute", tags=["chat"], responses=ERRORS)
async def mute(request: Request, table_id: TableId, body: Mute,
               x_seat_token: Token = None) -> dict[str, Any]:
    """Stop (or start again) reading a seat's chat lines, or the whole chat."""
    hub = hub_of(request)
    live = hub.get(table_id)
    seat = person_required(hub, live, x_seat_token)
    talk.mute(hub, live, seat, body.seat, body.muted)
    return _reply(request, table_id, seat, x_seat_token)


@router.post("/api/tables/{table_id}/strike", tags=["seats"], responses=ERRORS)
async def strike(request: Request, table_id: TableId, body: StrikePress,
                 x_seat_token: Token = None) -> dict[str, Any]:
    """A press in the table's open strike window (docs/web.md, "The real-time
    strike"), timed by the server when it arrives, less the seat's round trip."""
    hub = hub_of(request)
    live = hub.get(table_id)
    seat = seat_required(hub, live, x_seat_token)
    return hub.referee.press(live, seat, body.press, body.window)
