"""Finding a game (matchmaking.py; docs/web.md, "Finding a game"): join the queue, see
your entry, leave it; the open seeks (the waiting entries) and accepting one.

An entry's secret comes back once, when it joins; it is the ``X-Seat-Token`` of every
call about the entry, and becomes its seat's token when it is matched (the page opens
``/table/{id}#token=<secret>``).
"""

from __future__ import annotations

import math
import secrets
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from tabletop.core import TabletopError, get_spec

from .. import accounts, talk
from ..errors import ApiError
from ..hub import Hub
from ..limits import client_key
from ..matchmaking import AI_AFTER_S, SEEN_EVERY_S, new_entry, rating_of, window
from ..storage import AccountRow, QueueRow, token_hash
from .common import ERRORS, Token, hub_of

router = APIRouter()
EntryId = Annotated[str, Field(min_length=1, max_length=64)]


class Seek(BaseModel):
    """What to wait for: a game, its player count, rated or not; when the AI fills the
    seats nobody took (``ai_after_s``; ``null``: never) and at what difficulty."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64, examples=["radiant-perim"])
    players: int | None = Field(default=None, ge=1, le=16,
                                description="default: the game's usual count")
    rated: bool = Field(default=False, description="rated: between accounts only (sign "
                        "in); the ratings change once at the game's end")
    ai_after_s: int | None = Field(default=60, ge=AI_AFTER_S[0], le=AI_AFTER_S[1],
                                   description="seconds after which the AI fills the "
                                   "seats left (null: never)")
    difficulty: Literal["easy", "normal", "hard"] = "normal"
    name: str | None = Field(default=None, max_length=200, description="a guest name")


class Accept(BaseModel):
    """Accept an open seek: you wait with it until its table is full (at once for two)."""

    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(default=None, max_length=200, description="a guest name")


def _game_name(game: str) -> str:
    try:
        return get_spec(game).name
    except TabletopError:
        return game


def public_line(hub: Hub, e: QueueRow, now: float) -> dict[str, Any]:
    """What anyone may know of a waiting entry (the lobby's open seek): game, players,
    rated, rating, who, how long it has waited. Never its secret."""
    account = hub.storage.account(e.account) if e.account else None
    return {"id": e.id, "game": e.game, "name": _game_name(e.game), "players": e.players,
            "rated": e.rated, "rating": round(e.rating),
            "who": e.name or "a guest", "account": e.account is not None,
            "bot": account is not None and account.kind in ("bot", "ai"),
            "waited_s": round(max(0.0, now - e.joined), 1)}


def entry_line(hub: Hub, e: QueueRow, now: float) -> dict[str, Any]:
    """The entrant's own view of its entry: waiting (its window, the time waited, when
    the AI fills) or matched (its table and seat)."""
    line = public_line(hub, e, now)
    reach = window(e, now)
    line.update(status=e.status, window=[round(e.rating - reach), round(e.rating + reach)],
                ai_after_s=e.ai_after, difficulty=e.difficulty, accepted=e.target)
    if e.status == "matched":
        line.update(table=e.table_id, seat=e.seat, link=f"/table/{e.table_id}")
    return line


def _own(hub: Hub, request: Request, entry_id: str, token: str | None,
         change: bool = False) -> QueueRow:
    """The entry ``entry_id``, if ``token`` is its secret or the request is signed in as
    its account (another tab of the same person: it opens a matched table with
    ``POST /api/tables/{id}/reclaim``): 404 unknown, 403 otherwise."""
    e = hub.storage.queue_entry(entry_id) if len(entry_id) <= 64 else None
    if e is None:
        raise ApiError(404, f"no entry {entry_id[:40]!r} in the queue (it left, or its "
                       "table was made over an hour ago)")
    if token and secrets.compare_digest(e.token_hash, token_hash(token)):
        return e
    found = accounts.who(request, hub.storage, change=change)
    if e.account is not None and found is not None and found.account.key == e.account:
        return e
    raise ApiError(403, "this is not your entry: send its token (X-Seat-Token), given "
                   "when it joined, or sign in as its account")


async def _checked(hub: Hub, request: Request, game: str, players: int | None, rated: bool,
             token: str | None) -> tuple[int, AccountRow | None]:
    """The player count and the entrant's account, or the 4xx that says what is wrong:
    an unknown game (404), a count the game is not played at (400), a rated entry of a
    guest (403), a second entry of one person (409), too many joins (429)."""
    try:
        spec = get_spec(game)
    except TabletopError as e:
        raise ApiError(404, str(e)) from None
    n = spec.default_players if players is None else players
    if n not in spec.player_counts:
        counts = ", ".join(str(c) for c in spec.player_counts)
        raise ApiError(400, f"{spec.name} is played by {counts} players, not {n}")
    if n < 2:
        raise ApiError(400, "the queue pairs people: two players or more")
    found = accounts.who(request, hub.storage, change=True)
    account = None if found is None else found.account
    if rated and account is None:
        raise ApiError(403, "a rated game is for accounts: sign in (or register) to wait "
                       "for one, or wait for an unrated one")
    if token:
        mine = hub.storage.queue_entry_by_token(token_hash(token))
        if mine is not None and mine.status == "waiting":
            raise ApiError(409, f"you are in the queue already (entry {mine.id}, for "
                           f"{_game_name(mine.game)}): leave it first")
    wait = await hub.limit("join", client_key(request.client.host if request.client
                                              else None))
    if wait:
        raise ApiError(429, f"too many joins: wait {math.ceil(wait)} s",
                       retry_after=round(wait, 1))
    return n, account


def _enqueue(hub: Hub, row: QueueRow, secret: str) -> dict[str, Any]:
    if not hub.storage.enqueue(row):
        mine = next((w for w in hub.storage.waiting() if w.account == row.account), None)
        raise ApiError(409, "your account is in the queue already"
                       + (f" (entry {mine.id})" if mine is not None else "")
                       + ": leave that entry first (DELETE /api/queue/{id})",
                       entry=None if mine is None else mine.id)
    hub.matchmaker.tick()  # paired at once if someone fits now
    got = hub.storage.queue_entry(row.id) or row
    return {"entry": entry_line(hub, got, hub.now()), "token": secret}


@router.post("/api/queue", tags=["queue"], status_code=201, responses=ERRORS)
async def join_queue(request: Request, body: Seek, token: Token = None) -> dict[str, Any]:
    """Wait for a table: paired by rating with people who wait for the same game, player
    count and rating kind; the AI fills the seats left after ``ai_after_s``. Returns your
    entry and its secret ``token`` (once): send it as ``X-Seat-Token`` to read or leave
    the entry, and open the table with it (``/table/{id}#token=...``) once matched. A
    token of an entry still waiting, sent here, is refused (409): one entry a person."""
    hub = hub_of(request)
    n, account = await _checked(hub, request, body.game, body.players, body.rated, token)
    name = None if body.name is None else talk.plain(body.name, talk.NAME_CHARS, "the name")
    row, secret = new_entry(body.game, n, body.rated, account, name,
                            rating_of(hub, account, body.game, n),
                            None if body.ai_after_s is None else float(body.ai_after_s),
                            body.difficulty, hub.now())
    return _enqueue(hub, row, secret)


@router.get("/api/queue/{entry_id}", tags=["queue"], responses=ERRORS)
async def see_entry(request: Request, entry_id: EntryId, token: Token = None
                    ) -> dict[str, Any]:
    """Your entry: ``waiting`` (with its rating ``window`` and ``waited_s``) or
    ``matched`` (its ``table``, ``seat`` and ``link``: add ``#token=`` and your token).
    Ask at least every 30 s: a waiting entry nobody asks after leaves the queue."""
    hub = hub_of(request)
    e, now = _own(hub, request, entry_id, token), hub.now()
    if e.status == "waiting" and now - (e.seen or e.joined) >= SEEN_EVERY_S:
        hub.storage.seen_entry(e.id, now)  # still there: it stays in the queue
    return {"entry": entry_line(hub, e, now)}


@router.delete("/api/queue/{entry_id}", tags=["queue"], responses=ERRORS)
async def leave_queue(request: Request, entry_id: EntryId, token: Token = None
                      ) -> dict[str, Any]:
    """Leave the queue (409 once the entry is matched: its table is made)."""
    hub = hub_of(request)
    e = _own(hub, request, entry_id, token, change=True)
    accounts.who(request, hub.storage, change=True)  # a signed-in page sends its CSRF
    if not hub.storage.leave_queue(e.id):
        got = hub.storage.queue_entry(e.id)
        where = f": table {got.table_id}" if got is not None and got.table_id else ""
        raise ApiError(409, f"entry {e.id} is matched already{where}")
    return {"left": e.id}


@router.get("/api/seeks", tags=["queue"], responses=ERRORS)
async def list_seeks(request: Request, game: str | None = None) -> dict[str, Any]:
    """The open seeks: every entry waiting in the queue (``game``: of one game only),
    the longest waiting first; anyone may accept one."""
    hub = hub_of(request)
    now = hub.now()
    return {"seeks": [public_line(hub, e, now) for e in hub.storage.waiting()
                      if game is None or e.game == game][:100]}


@router.post("/api/seeks/{entry_id}/accept", tags=["queue"], status_code=201,
             responses=ERRORS)
async def accept_seek(request: Request, entry_id: EntryId, body: Accept,
                      token: Token = None) -> dict[str, Any]:
    """Accept an open seek: you join the queue for its game, players and rating kind,
    and its table takes you whatever your ratings (a two-player seek's at once). The
    answer is as joining the queue's."""
    hub = hub_of(request)
    seek = hub.storage.queue_entry(entry_id) if len(entry_id) <= 64 else None
    if seek is None or seek.status != "waiting":
        raise ApiError(404, f"no open seek {entry_id[:40]!r} (it was taken, or it left)")
    n, account = await _checked(hub, request, seek.game, seek.players, seek.rated, token)
    if account is not None and seek.account == account.key:
        raise ApiError(409, "this seek is yours")
    name = None if body.name is None else talk.plain(body.name, talk.NAME_CHARS, "the name")
    row, secret = new_entry(seek.game, n, seek.rated, account, name,
                            rating_of(hub, account, seek.game, n), None, seek.difficulty,
                            hub.now(), target=seek.id)
    return _enqueue(hub, row, secret)
