"""The size limit of what a client sends, counted as it arrives (docs/web.md, "Limits").

An ASGI middleware: a request body over the limit is answered 413 without being read past
it, whether it says its length (``Content-Length``, refused before a byte is read) or not
(a chunked body: its bytes are counted as the server hands them on, and the request is
refused at the first chunk over the limit; the server reads nothing more of it). A
WebSocket message over the limit closes the connection with 1008 (policy violation) and a
reason. (Behind uvicorn, ``tabletop serve`` also sets uvicorn's own limit on a socket's
message to the same size, so a bigger frame is refused by the protocol, with 1009,
"message too big", before its payload is read.)

A few routes may read more (``wider``: the requests that carry user card files, a new
table's and the deck builder's). Such a route is named by its method and path, whose
``{...}`` parts stand for any one segment (``/api/decks/{game}/check``); the bytes its
body had are left in the request's scope (:data:`BODY_BYTES`), so that the route can hold
a request that carries no card files to the usual limit (:func:`read_bytes`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

TOO_BIG = 1008  # the close code of a socket that sent a message over the limit
BODY_BYTES = "tabletop.body_bytes"  # the scope's key: the bytes of a wider route's body


def _route(template: str) -> re.Pattern[str]:
    """A path template (``/api/decks/{game}/pool``) as a pattern of whole paths."""
    parts = re.split(r"\{[^/{}]+\}", template)
    return re.compile("[^/]+".join(re.escape(p) for p in parts) + r"\Z")


def read_bytes(scope: Mapping[str, Any]) -> int:
    """How many bytes the body of a wider route's request had (0: not counted)."""
    got = scope.get(BODY_BYTES, 0)
    return got if isinstance(got, int) else 0


def too_big(limit: int) -> str:
    """The words of the refusal of a body over ``limit`` bytes."""
    return f"the request body is over {limit:,} bytes, the most this server reads"


class SizeLimit:
    """Refuse request bodies and WebSocket messages over ``limit`` bytes; ``wider``: the
    routes (method, path template) that may send more, each with its own limit and the
    words of its refusal (user card files: a new table's, the deck builder's;
    usercards.py)."""

    def __init__(self, app: ASGIApp, limit: int,
                 wider: Mapping[tuple[str, str], tuple[int, str]] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.wider = [(method, _route(path), got) for (method, path), got in
                      (wider or {}).items()]

    def _limit(self, scope: Scope) -> tuple[int, str, bool]:
        """The limit of a request, the words of its refusal, and whether it is wider."""
        method, path = scope.get("method", ""), scope.get("path", "")
        for m, route, (limit, words) in self.wider:
            if m == method and route.match(path):
                return limit, words, True
        return self.limit, too_big(self.limit), False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        limit, words, wider = self._limit(scope)
        if wider:
            scope[BODY_BYTES] = 0
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > limit):
                await _refuse(send, words)
                return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if wider:
                    scope[BODY_BYTES] = seen
                if seen > limit:
                    # Raised inside the route's reading of its body: the app's handler
                    # of HTTP errors answers it (413 with {"error": ...}).
                    raise HTTPException(413, words)
            return message

        await self.app(scope, counted, send)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        limit = self.limit
        closed = False

        async def counted() -> Message:
            nonlocal closed
            message = await receive()
            if message["type"] == "websocket.receive" and not closed:
                text = message.get("text")
                data = message.get("bytes")
                size = (len(text.encode()) if isinstance(text, str)
                        else len(data) if isinstance(data, bytes) else 0)
                if size > limit:
                    closed = True
                    await send({"type": "websocket.close", "code": TOO_BIG,
                                "reason": f"a message is over {limit:,} bytes"})
                    return {"type": "websocket.disconnect", "code": TOO_BIG}
            return message

        async def guarded(message: Message) -> None:
            if not closed:
                await send(message)

        await self.app(scope, counted, guarded)


async def _refuse(send: Send, words: str) -> None:
    body: Any = json.dumps({"error": words}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
