"""The web server: a JSON API under ``/api/``, a WebSocket per seat, and the browser UI.

``create_app(db)`` builds the FastAPI application (OpenAPI at ``/openapi.json``). A seat
proves who it is with its secret token in the ``X-Seat-Token`` header (on the WebSocket:
in the first message), never in a URL: join links carry it after ``#``, which browsers
do not send, so it never reaches a log. Without a token a client is a spectator.

Every refusal is a 4xx with ``{"error": message}`` (an illegal action adds the engine's
``reason`` and ``rule``) and leaves the table unchanged.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from tabletop.agents import DIFFICULTIES
from tabletop.core import ParameterError, games

from .ai import make_pool
from .errors import ApiError
from .lobby import game_info
from .storage import SqliteStorage
from .tables import MAX_WATCHERS, Hub, LiveTable, Watcher

log = logging.getLogger("tabletop.web")
STATIC = Path(__file__).parent / "static"
TableId = Annotated[str, Field(min_length=1, max_length=64)]
Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=200,
                                     description="The seat's secret token (from its join "
                                     "link); none for a spectator.")]
MAX_BODY = 64 * 1024  # bytes: the largest request body the API reads
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"description": "Bad input (unknown parameter, notation that does not parse)"},
    403: {"description": "A token of no seat here, or no token where one is needed"},
    404: {"description": "No such game or table"},
    409: {"description": "The table refuses: illegal, stale or finished"},
    413: {"description": "The request body is too big"},
    422: {"description": "The request does not match its schema"},
}


class SeatChoice(BaseModel):
    """Who plays a seat: a person, or the AI at a difficulty."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "ai"] = "human"
    difficulty: Literal["easy", "normal", "hard"] | None = None


class NewTable(BaseModel):
    """A table to create."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64, examples=["radiant-perim"])
    players: int | None = Field(default=None, ge=1, le=16)
    params: dict[Annotated[str, Field(max_length=64)],
                 Annotated[str, Field(max_length=200)] | bool | int] = Field(
        default_factory=dict, max_length=16)
    seats: list[SeatChoice] = Field(default_factory=list, max_length=16,
                                    description="One entry per seat (default: you, then AIs)")
    open: bool = Field(default=False, description="Listed in the lobby: anyone may take a "
                       "person's seat nobody has joined")


class JoinSeat(BaseModel):
    """Take a seat: with its token, or a free seat of an open table without one."""

    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=63)
    token: str | None = Field(default=None, max_length=200)


class PostAction(BaseModel):
    """An action in the game's notation, answering the position the seat saw."""

    model_config = ConfigDict(extra="forbid")
    action: str = Field(max_length=200, examples=["pick b2"])
    version: int = Field(ge=0, le=10**9, description="The seat's version when it chose")


class StrikePress(BaseModel):
    """A press in a real-time strike: ``strike`` (the striker) or ``pull`` (the defender).
    Its time is the server's, taken when it arrives; ``client_ms`` is ignored (a client's
    clock proves nothing)."""

    model_config = ConfigDict(extra="forbid")
    press: Literal["strike", "pull"]
    window: int | None = Field(default=None, ge=0, le=10**9, description="The window's id "
                               "(as told in ``strike``); a press for a closed one is refused")
    client_ms: float | None = Field(default=None, description="Ignored by the server.")


def _seat_required(hub: Hub, live: LiveTable, token: str | None) -> int:
    seat = hub.seat_for(live, token)
    if seat is None:
        raise ApiError(403, "spectators do not act: send your seat's token (X-Seat-Token)")
    return seat


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
            hub.referee.cancel()
            for live in hub.tables.values():
                if live.ai_task is not None:
                    live.ai_task.cancel()
            pool.shutdown(wait=False, cancel_futures=True)
            storage.close()

    # Every endpoint is a coroutine: the tables live on the event loop's thread alone
    # (their locks, queues and AI tasks), and each request's work is short.
    app = FastAPI(title="tabletop", version="1", lifespan=lifespan,
                  description="Play tabletop card games: tables, seats, views, actions.")

    def hub_of(request: Request | WebSocket) -> Hub:
        return request.app.state.hub  # type: ignore[no-any-return]

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

    # --- games ------------------------------------------------------------------------

    @app.get("/api/games", tags=["games"])
    async def list_games() -> dict[str, Any]:
        """Every game the server plays: player counts, parameters, seat labels, teams, and
        the AI difficulties."""
        return {"games": [game_info(spec) for spec in games()],
                "difficulties": list(DIFFICULTIES)}

    # --- tables -----------------------------------------------------------------------

    @app.get("/api/tables", tags=["tables"], responses=ERRORS)
    async def list_tables(request: Request,
                    status: Literal["open", "running", "over"] | None = None,
                    ) -> dict[str, Any]:
        """The latest tables: ``open`` (a person's seat is free to take), ``running``,
        ``over``. Public lines only."""
        hub = hub_of(request)
        stored = "over" if status == "over" else ("running" if status else None)
        out = []
        for row in hub.storage.tables(stored, limit=100):
            if status == "open" and not (row.open and any(
                    s.kind == "human" and not s.joined for s in row.seats)):
                continue
            try:
                out.append(hub.get(row.id).summary())
            except ApiError:
                continue  # a table that no longer loads (another rules version)
        return {"tables": out}

    @app.post("/api/tables", tags=["tables"], status_code=201, responses=ERRORS)
    async def create_table(request: Request, body: NewTable) -> dict[str, Any]:
        """Create a table. Returns its public line and, for each person's seat, its secret
        token and join link (the only time they are given)."""
        hub = hub_of(request)
        live, tokens = hub.create(body.game, body.players, dict(body.params),
                                  [s.model_dump() for s in body.seats], body.open)
        return {"table": live.summary(), "seats": [
            {"seat": s, "label": live.summary()["labels"][s], "token": t,
             "link": f"/table/{live.row.id}#token={t}"} for s, t in sorted(tokens.items())]}

    @app.get("/api/tables/{table_id}", tags=["tables"], responses=ERRORS)
    async def get_table(request: Request, table_id: TableId) -> dict[str, Any]:
        """A table's public line."""
        return hub_of(request).get(table_id).summary()

    @app.post("/api/tables/{table_id}/join", tags=["seats"], responses=ERRORS)
    async def join(request: Request, table_id: TableId, body: JoinSeat) -> dict[str, Any]:
        """Take a seat (see JoinSeat). A fresh token comes back only when an open seat
        was taken without one."""
        hub = hub_of(request)
        live = hub.get(table_id)
        fresh = hub.join(live, body.seat, body.token)
        out: dict[str, Any] = {"table": live.summary(), "seat": body.seat}
        if fresh is not None:
            out["token"] = fresh
            out["link"] = f"/table/{live.row.id}#token={fresh}"
            live.notify()
        return out

    @app.get("/api/tables/{table_id}/view", tags=["seats"], responses=ERRORS)
    async def view(request: Request, table_id: TableId, x_seat_token: Token = None
             ) -> dict[str, Any]:
        """Everything the seat may know now (no token: the spectators' view): its view,
        its events, its legal actions and its version."""
        hub = hub_of(request)
        live = hub.get(table_id)
        return live.seat_message(hub.seat_for(live, x_seat_token))

    @app.get("/api/tables/{table_id}/events", tags=["seats"], responses=ERRORS)
    async def events(request: Request, table_id: TableId,
               since: Annotated[int, Query(ge=0, le=10**9)] = 0,
               x_seat_token: Token = None) -> dict[str, Any]:
        """The seat's events from its ``since``-th on (each: kind, fields, text, rule)."""
        hub = hub_of(request)
        live = hub.get(table_id)
        seat = hub.seat_for(live, x_seat_token)
        out = live.events(seat, since)
        return {"seat": seat, "since": since, "events": out, "next": since + len(out)}

    @app.get("/api/tables/{table_id}/legal", tags=["seats"], responses=ERRORS)
    async def legal(request: Request, table_id: TableId, x_seat_token: Token = None
              ) -> dict[str, Any]:
        """The seat's legal actions (empty unless it is to act) and its version."""
        hub = hub_of(request)
        live = hub.get(table_id)
        seat = _seat_required(hub, live, x_seat_token)
        return {"seat": seat, "version": live.version(seat), "legal": live.legal(seat)}

    @app.post("/api/tables/{table_id}/actions", tags=["seats"], responses=ERRORS)
    async def act(request: Request, table_id: TableId, body: PostAction,
                  x_seat_token: Token = None) -> dict[str, Any]:
        """Apply an action for the token's seat. Acknowledged only once stored."""
        hub = hub_of(request)
        live = hub.get(table_id)
        seat = _seat_required(hub, live, x_seat_token)
        done = await hub.act(live, seat, body.action, body.version)
        return {"applied": done, "version": live.version(seat), "legal": live.legal(seat),
                "view": live.state.view(seat), "table": live.summary()}

    @app.post("/api/tables/{table_id}/strike", tags=["seats"], responses=ERRORS)
    async def strike(request: Request, table_id: TableId, body: StrikePress,
                     x_seat_token: Token = None) -> dict[str, Any]:
        """A press in the table's open strike window (docs/web.md, "The real-time
        strike"), timed by the server when it arrives."""
        hub = hub_of(request)
        live = hub.get(table_id)
        seat = _seat_required(hub, live, x_seat_token)
        return hub.referee.press(live, seat, body.press, body.window)

    @app.get("/api/tables/{table_id}/record", tags=["seats"], responses=ERRORS)
    async def record(request: Request, table_id: TableId, x_seat_token: Token = None
               ) -> dict[str, Any]:
        """A finished game's record (it replays to its hash). Mid-game: only the seat's
        own history, its events (no seed, no actions: they would tell secrets)."""
        hub = hub_of(request)
        live = hub.get(table_id)
        return hub.record(live, hub.seat_for(live, x_seat_token))

    @app.get("/api/tables/{table_id}/replay", tags=["seats"], responses=ERRORS)
    async def replay_step(request: Request, table_id: TableId,
                    step: Annotated[int, Query(ge=0, le=10**6)] = 0,
                    seat: Annotated[int | None, Query(ge=0, le=63)] = None,
                    ) -> dict[str, Any]:
        """A finished game after ``step`` actions, seen by ``seat`` (none: spectators)."""
        hub = hub_of(request)
        return hub.replay_step(hub.get(table_id), step, seat)

    @app.websocket("/api/tables/{table_id}/ws")
    async def live_updates(websocket: WebSocket, table_id: str) -> None:
        """Live updates for one seat. Send ``{"token": ...}`` first (``{}``: spectate);
        the server answers with the whole table (``type: state``), then an ``update``
        whenever something the seat may see changes."""
        await websocket.accept()
        hub = hub_of(websocket)
        try:
            live = hub.get(table_id[:64])
            try:
                hello = json.loads(await asyncio.wait_for(_receive_text(websocket), 30))
            except (ValueError, TypeError):
                raise ApiError(400, "the first message must be JSON: {\"token\": ...}") \
                    from None
            token = hello.get("token") if isinstance(hello, dict) else None
            if token is not None and not isinstance(token, str):
                raise ApiError(400, "token must be a string")
            seat = hub.seat_for(live, token)
            if len(live.watchers) >= MAX_WATCHERS:
                raise ApiError(409, "too many connections to this table")
        except ApiError as e:
            await websocket.send_json({"type": "error", **e.body()})
            await websocket.close(code=4000 + e.status)
            return
        except (WebSocketDisconnect, TimeoutError):
            return
        watcher = Watcher(seat)
        live.watchers.add(watcher)
        sender = asyncio.create_task(_send_updates(websocket, live, watcher))
        try:
            while True:  # a seat may press in a strike window; this notices it leaving
                text = await _receive_text(websocket)
                if seat is not None and '"strike"' in text[:64]:
                    _ws_press(hub, live, seat, text)
        except WebSocketDisconnect:
            pass
        finally:
            live.watchers.discard(watcher)
            sender.cancel()

    # --- the browser UI ---------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> RedirectResponse:
        return RedirectResponse("/static/favicon.svg")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


async def _receive_text(websocket: WebSocket) -> str:
    """The next text frame; a binary frame reads as ``""`` (not JSON: refused as the first
    message, ignored later). Raises ``WebSocketDisconnect`` when the client leaves."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    return text if isinstance(text, str) else ""


def _ws_press(hub: Hub, live: LiveTable, seat: int, text: str) -> None:
    """``{"strike": "strike" | "pull"}`` on a seat's WebSocket: a press, timed now; a
    press that does not count is ignored (the seat sees the window's result anyway)."""
    try:
        msg = json.loads(text)
    except ValueError:
        return
    if isinstance(msg, dict) and isinstance(msg.get("strike"), str):
        window = msg.get("window")
        with contextlib.suppress(ApiError):
            hub.referee.press(live, seat, msg["strike"],
                              window if isinstance(window, int) else None)


async def _send_updates(websocket: WebSocket, live: LiveTable, watcher: Watcher) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
        await websocket.send_json(live.first_message(watcher))
        while True:
            await watcher.queue.get()
            msg = live.update_for(watcher)
            if msg is not None:
                await websocket.send_json(msg)


def check_db_path(path: Path) -> Path:
    """A database path the server can use; raises ``ParameterError``."""
    if path.exists() and path.is_dir():
        raise ParameterError(f"--db {path}: is a folder, not a file")
    return path
