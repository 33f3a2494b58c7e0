"""The accounts' routes: register, sign in and out, who am I, bot accounts, a seat given
back to its account; the players' profiles and the leaderboards (their data and their
pages)."""

from __future__ import annotations

import math
import secrets
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from tabletop.core import TabletopError, get_spec

from .. import accounts
from ..accounts import Who
from ..errors import ApiError
from ..hub import BOT_PREFIX
from ..limits import client_key
from ..messages import table_line
from ..ratings import BRACKETS, board_line, profile
from ..storage import AccountRow, token_hash
from .common import ERRORS, TableId, hub_of
from .pages import STATIC

router = APIRouter()
Secret = Annotated[str, Field(max_length=1024, description="The password (8 to 128 "
                              "characters); never shown, logged or sent back")]
UserName = Annotated[str, Field(max_length=64, description="3 to 20 letters, digits, '_' "
                                "or '-', starting with a letter")]


class Credentials(BaseModel):
    """A user name and its password."""

    model_config = ConfigDict(extra="forbid")
    name: UserName
    password: Secret


class NewBot(BaseModel):
    """A bot account to make (yours: you are its owner)."""

    model_config = ConfigDict(extra="forbid")
    name: UserName


async def _limit(request: Request, which: str, what: str) -> None:
    hub = hub_of(request)
    key = client_key(request.client.host if request.client else None)
    wait = await hub.limit(which, key)
    if wait:
        raise ApiError(429, f"too many {what} from your address: wait {math.ceil(wait)} s",
                       retry_after=round(wait, 1))


def signed_in(request: Request, change: bool = True) -> Who:
    """The account the request acts as; 401 for a guest."""
    found = accounts.who(request, hub_of(request).storage, change=change)
    if found is None:
        raise ApiError(401, "sign in first (POST /api/login), or send a bot's token")
    return found


@router.post("/api/register", tags=["accounts"], status_code=201, responses=ERRORS)
async def register(request: Request, response: Response, body: Credentials
                   ) -> dict[str, Any]:
    """Make a person's account and sign in (the session cookie is set)."""
    await _limit(request, "register", "new accounts")
    name = accounts.check_name(body.name)
    accounts.check_password(body.password)
    storage = hub_of(request).storage
    row = AccountRow(accounts.name_key(name), name, "person",
                     await accounts.hash_password(body.password))
    if not storage.add_account(row):
        raise ApiError(409, f"the user name {name!r} is taken")
    accounts.start_session(request, response, storage, row)
    return {"account": accounts.public(row)}


@router.post("/api/login", tags=["accounts"], responses=ERRORS)
async def login(request: Request, response: Response, body: Credentials) -> dict[str, Any]:
    """Sign in (the session cookie is set)."""
    await _limit(request, "login", "sign-ins")
    hub = hub_of(request)
    # Wrong passwords are counted per user name too, whatever the address (a guess
    # spread over many addresses), whether or not the name is an account's (so the
    # answer tells nothing of which names are); a right one counts nothing.
    key = accounts.name_key(body.name[:40])
    wait = await hub.limit("wrong", key, take=False)
    if wait:
        raise ApiError(429, "too many wrong passwords for this user name: wait "
                       f"{math.ceil(wait)} s", retry_after=round(wait, 1))
    row = hub.storage.account(key) if len(body.name) <= 20 else None
    stored = row.password_hash if row is not None and row.kind == "person" else None
    if not await accounts.password_matches(stored, body.password) or row is None:
        await hub.limit("wrong", key)
        raise ApiError(401, "wrong user name or password")
    storage = hub.storage
    accounts.start_session(request, response, storage, row)
    return {"account": accounts.public(row)}


@router.post("/api/logout", tags=["accounts"], responses=ERRORS)
async def logout(request: Request, response: Response) -> dict[str, Any]:
    """Sign out (the session ends; its cookies are cleared)."""
    accounts.who(request, hub_of(request).storage, change=True)  # the CSRF check
    accounts.end_session(request, response, hub_of(request).storage)
    return {"account": None}


@router.get("/api/me", tags=["accounts"], responses=ERRORS)
async def me(request: Request) -> dict[str, Any]:
    """The account you are signed in as (``null``: a guest)."""
    found = accounts.who(request, hub_of(request).storage)
    return {"account": None if found is None else accounts.public(found.account)}


@router.post("/api/bots", tags=["accounts"], status_code=201, responses=ERRORS)
async def make_bot(request: Request, body: NewBot) -> dict[str, Any]:
    """Make a bot account, owned by you (a person). Its token (given only now) is its
    key: send it as ``Authorization: Bearer <token>`` to create and join tables, and as
    the seat token (``X-Seat-Token``, the WebSocket's first message) to play the seats
    its account holds."""
    owner = signed_in(request)
    if owner.account.kind != "person":
        raise ApiError(403, "only a person's account makes bots")
    await _limit(request, "register", "new accounts")
    name = accounts.check_name(body.name)
    token = BOT_PREFIX + secrets.token_urlsafe(32)
    row = AccountRow(accounts.name_key(name), name, "bot", owner=owner.account.name)
    if not hub_of(request).storage.add_account(row, token_hash(token)):
        raise ApiError(409, f"the user name {name!r} is taken")
    return {"account": accounts.public(row), "token": token}


@router.post("/api/tables/{table_id}/reclaim", tags=["seats"], responses=ERRORS)
async def reclaim(request: Request, table_id: TableId) -> dict[str, Any]:
    """Your seat at a table, with a fresh token (the old link stops): an account finds
    its seat again from any browser."""
    found = signed_in(request)
    hub = hub_of(request)
    live = hub.get(table_id)
    seat, token = hub.reclaim(live, found.account)
    return {"table": table_line(live), "seat": seat, "token": token,
            "link": f"/table/{live.row.id}#token={token}"}


@router.get("/api/players/{name}", tags=["accounts"], responses=ERRORS)
async def player(request: Request, name: Annotated[str, Field(max_length=64)]
                 ) -> dict[str, Any]:
    """A player's profile: games played per game, ratings, recent games (with their
    replays), games abandoned."""
    storage = hub_of(request).storage
    row = storage.account(accounts.name_key(name))
    if row is None:
        raise ApiError(404, f"no player {name[:40]!r}")
    return profile(storage, row)


@router.get("/api/leaderboard/{game}", tags=["accounts"], responses=ERRORS)
async def leaderboard(request: Request, game: Annotated[str, Field(max_length=64)],
                      bracket: Literal["1v1", "ffa", "teams"] | None = None
                      ) -> dict[str, Any]:
    """A game's rated players, best first (by ``mu - 3 sigma``), per bracket."""
    try:
        spec = get_spec(game)
    except TabletopError:
        raise ApiError(404, f"no game {game[:40]!r}") from None
    storage = hub_of(request).storage
    boards = {}
    for b in ([bracket] if bracket else list(BRACKETS)):
        rows = storage.ratings(game=spec.id, bracket=b, limit=100)
        if rows or bracket:
            boards[b] = [board_line(r, i + 1) for i, r in enumerate(rows)]
    return {"game": spec.id, "name": spec.name, "boards": boards}


@router.get("/players/{name}", include_in_schema=False)
def player_page(name: str) -> FileResponse:
    return FileResponse(STATIC / "player.html")


@router.get("/leaderboard/{game}", include_in_schema=False)
def leaderboard_page(game: str) -> FileResponse:
    return FileResponse(STATIC / "leaderboard.html")
