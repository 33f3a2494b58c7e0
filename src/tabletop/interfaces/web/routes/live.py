"""The table's WebSocket: a seat's live messages, its pings, its presses in a strike.

Send ``{"token": ...}`` first (``{}``: spectate). The server answers with the seat's
whole message (``type: state``), then an ``update`` whenever something the seat may see
changes. A client may send ``{"ping": any}`` (answered by ``{type: "pong", ping, probe,
rtt_ms}``; echo ``{"probe": probe}`` at once: that is how the server measures the seat's
round trip, for the clocks' lag allowance and the strike's credit) and, in a strike
window, ``{"strike": "strike" | "pull", "window": id}``. A connection may send 100
messages in a burst, then five a second; more are dropped. Opening the same seat
elsewhere moves it: this connection gets ``{type: "moved"}`` and is closed (code 4001).
An address holds a bounded number of connections, and so does the server: one over
either cap gets ``{type: "error"}`` and is closed at once (code 4429, the words as the
reason); a message over the size limit closes the connection (code 1008, bodies.py).
While the store is out of reach (a table that must be read from it, a seat that must be
written), the connection gets ``{type: "error"}`` and is closed with code 1013 ("try
again later", RFC 6455) and the same words as the reason; the client may reconnect in a
moment (the 503 of an HTTP request, ops.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ..clock import RTT_CAP_MS
from ..errors import ApiError
from ..hub import Hub
from ..limits import Bucket, client_key
from ..messages import build, error, moved, pong
from ..ops import UNREACHABLE
from ..storage import StoreUnreachable
from ..tables import MAX_WATCHERS, LiveTable, Watcher
from .common import hub_of

router = APIRouter()
BURST, PER_S = 100, 5.0  # what one connection may send
MOVED = 4001  # the close code of a connection whose seat opened elsewhere
TOO_MANY = 4429  # the close code of a connection over a cap (its address's, or the server's)
TRY_AGAIN = 1013  # RFC 6455 "try again later": the store is out of reach for now
log = logging.getLogger("tabletop.web")


@router.websocket("/api/tables/{table_id}/ws")
async def live_updates(websocket: WebSocket, table_id: str) -> None:
    """Live messages for one seat (see the module's docstring)."""
    await websocket.accept()
    hub = hub_of(websocket)
    key = client_key(websocket.client.host if websocket.client else None)
    refusal = await hub.socket_open(key)
    if refusal is not None:
        # Said twice: as the error message, and as the close frame's reason.
        await websocket.send_json(error({"error": refusal}))
        await websocket.close(code=TOO_MANY, reason=_reason(refusal))
        return
    try:
        await _serve(websocket, hub, table_id)
    finally:
        await hub.socket_close(key)


async def _serve(websocket: WebSocket, hub: Hub, table_id: str) -> None:
    try:
        live = hub.get(table_id[:64])
        try:
            async with asyncio.timeout(30):  # (wait_for in 3.11 may drop a cancel)
                hello = json.loads(await _receive_text(websocket))
        except (ValueError, TypeError):
            raise ApiError(400, "the first message must be JSON: {\"token\": ...}") from None
        token = hello.get("token") if isinstance(hello, dict) else None
        if token is not None and not isinstance(token, str):
            raise ApiError(400, "token must be a string")
        # Named again after the wait: the table may have left memory meanwhile (then it
        # comes back, and this connection must watch the table the server serves).
        live = hub.get(table_id[:64])
        seat = hub.seat_for(live, token)
        if len(live.watchers) >= MAX_WATCHERS:
            raise ApiError(429, f"this table has {MAX_WATCHERS} live connections, the most "
                           "one table takes: try again in a minute")
    except ApiError as e:
        await websocket.send_json(error(e.body()))
        await websocket.close(code=4000 + e.status, reason=_reason(e.message))
        return
    except StoreUnreachable as e:
        await _try_again(websocket, e)
        return
    except (WebSocketDisconnect, TimeoutError):
        return
    watcher = Watcher(seat, token if seat is not None else None)
    try:
        hub.presence.arrive(live, watcher)  # may store a notice (the AI hands a seat back)
    except StoreUnreachable as e:
        live.watchers.discard(watcher)
        await _try_again(websocket, e)
        return
    sender = asyncio.create_task(_send(websocket, live, watcher))
    budget = Bucket(BURST, PER_S, BURST, time.monotonic())
    try:
        while True:
            text = await _receive_text(websocket)
            if watcher.moved or budget.take(time.monotonic()):
                continue  # a moved connection no longer acts; over budget: dropped
            _handle(hub, live, watcher, text)
    except WebSocketDisconnect:
        pass
    finally:
        try:
            hub.presence.leave(live, watcher)
        except StoreUnreachable as e:  # its notice is lost; the connection is gone anyway
            log.error("%s", e)
        live.touched = time.monotonic()  # its idle time starts when the last one leaves
        sender.cancel()


async def _try_again(websocket: WebSocket, e: StoreUnreachable) -> None:
    """Close a connection the store cannot serve now: 1013, "try again later"."""
    log.error("%s", e)  # the reason (host, driver's words) goes to the server's log only
    await websocket.send_json(error({"error": UNREACHABLE}))
    await websocket.close(code=TRY_AGAIN, reason=_reason(UNREACHABLE))


def _reason(words: str) -> str:
    """``words`` as a close frame's reason (at most 123 bytes of UTF-8)."""
    return words.encode()[:123].decode(errors="ignore")


async def _receive_text(websocket: WebSocket) -> str:
    """The next text frame; a binary frame reads as ``""`` (not JSON: refused as the first
    message, ignored later). Raises ``WebSocketDisconnect`` when the client leaves."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    return text if isinstance(text, str) else ""


def _handle(hub: Hub, live: LiveTable, watcher: Watcher, text: str) -> None:
    """One message from the client: a ping, a probe's echo or a strike's press; anything
    else is ignored (a press that does not count too: the seat sees the window's
    result anyway)."""
    try:
        msg: Any = json.loads(text)
    except ValueError:
        return
    if not isinstance(msg, dict):
        return
    seat = watcher.seat
    if "ping" in msg:
        ping = msg["ping"] if isinstance(msg["ping"], (int, float, str)) else None
        probe = secrets.token_hex(8)
        rtts = live.rtts()
        watcher.outbox.append(pong(ping, probe, None if seat is None or not live.rtt[seat]
                                   else rtts[seat]))
        watcher.probes[probe] = 0.0  # timed when it is sent
        while len(watcher.probes) > 4:
            watcher.probes.pop(next(iter(watcher.probes)))
        watcher.wake()
    elif isinstance(msg.get("probe"), str):
        sent = watcher.probes.pop(msg["probe"], None)
        if sent and seat is not None:
            rtt = int((time.monotonic() - sent) * 1000)
            live.rtt[seat].append(min(RTT_CAP_MS, rtt))
            if hub.cluster is not None:  # the others count it too (the clocks' lag)
                hub.cluster.announce(live)
    elif seat is not None and isinstance(msg.get("strike"), str):
        window = msg.get("window")
        with contextlib.suppress(ApiError):
            hub.referee.press(live, seat, msg["strike"],
                              window if isinstance(window, int) else None)


async def _send(websocket: WebSocket, live: LiveTable, watcher: Watcher) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
        await websocket.send_json(build(live, watcher.seat, "state", watcher.cursor,
                                        watcher.token))
        while True:
            await watcher.queue.get()
            if watcher.moved:
                await websocket.send_json(moved())
                await websocket.close(code=MOVED)
                return
            while watcher.outbox:
                out = watcher.outbox.pop(0)
                if out.get("probe") in watcher.probes:
                    watcher.probes[out["probe"]] = time.monotonic()
                await websocket.send_json(out)
            msg = build(live, watcher.seat, "update", watcher.cursor, watcher.token)
            if msg is not None:
                await websocket.send_json(msg)
