"""The server's structured logs (``tabletop serve --log-json``, issue 29, Operations): every
log record as one JSON object on one line, and one record per request (an HTTP request,
or a WebSocket connection when it ends) from :class:`AccessLog`.

A request's record holds its method, the route's *template* (``/api/tables/{table_id}``,
never the path the client sent: a path may carry a table id or, mistyped, a token), the
status, the time it took and the client's address; never a header, a query string or a
body, where seat tokens, session cookies and passwords travel. Every message is also
passed through :func:`scrub` before it is written, so that a secret someone wrote into a
log call by mistake (``token=...``, a database URL's password) is masked all the same.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
from datetime import UTC, datetime
from typing import IO, Any

from fastapi import FastAPI
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .metrics import METHODS, route_of

ACCESS = logging.getLogger("tabletop.web.access")
MASK = "***"
# A name that says a secret follows (``token=...``, ``"password": "..."``,
# ``Cookie: session=...``, ``X-Seat-Token: ...``), then its separator, then the value.
_NAMED = re.compile(
    r"(?i)((?:x-seat-)?token|password|passwd|secret|session|cookie|authorization|csrf)"
    r"(\"?\s*[:=]\s*\"?)((?:bearer\s+)?[^\s\"'&;,#)]+)")
_URL_PASSWORD = re.compile(r"(://[^:/@\s]*):[^@/\s]*@")


def scrub(text: str) -> str:
    """``text`` with every value that follows a secret's name (token, password, session,
    cookie, authorization, csrf) and every URL's password replaced by ``***``."""
    text = _NAMED.sub(lambda m: m.group(1) + m.group(2) + MASK, text)
    return _URL_PASSWORD.sub(r"\1:" + MASK + "@", text)


class JsonLines(logging.Formatter):
    """A record as one line of JSON: ``time`` (UTC, ISO 8601 to the millisecond),
    ``level``, ``logger``, ``pid`` (the process: one of several workers), ``message``,
    the keys of the record's ``fields`` (``extra={"fields": {...}}``: a request's,
    :class:`AccessLog`) and, for a record with an exception, ``exception`` (its
    traceback, scrubbed too)."""

    def format(self, record: logging.LogRecord) -> str:
        at = datetime.fromtimestamp(record.created, UTC)
        entry: dict[str, Any] = {
            "time": at.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname.lower(), "logger": record.name,
            "pid": record.process,  # which worker wrote it, with --workers N
            "message": scrub(record.getMessage())}
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            entry.update(fields)
        if record.exc_info:
            entry["exception"] = scrub(self.formatException(record.exc_info))
        return json.dumps(entry, ensure_ascii=False, default=str)


def use_json(stream: IO[str] | None = None, level: int = logging.INFO) -> logging.Handler:
    """Send every log record of the process (the root logger's, uvicorn's included) to
    ``stream`` (default: standard error) as :class:`JsonLines`, requests' records too;
    returns the handler (a test removes it again)."""
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(JsonLines())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    ACCESS.setLevel(logging.INFO)
    return handler


class AccessLog:
    """ASGI middleware: one ``tabletop.web.access`` record per HTTP request and per
    WebSocket connection (written when it ends: its status is 101 once accepted, its
    ``close_code`` beside it, whichever side closed). Costs nothing while that logger is
    off (the default, but with ``--log-json``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket") or not ACCESS.isEnabledFor(logging.INFO):
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status: int | None = None
        closed: int | None = None

        async def sending(message: Message) -> None:
            nonlocal status, closed
            what = message["type"]
            if what == "http.response.start":
                status = int(message["status"])
            elif what == "websocket.accept":
                status = 101
            elif what == "websocket.close":
                closed = int(message.get("code", 1000))
                if status is None:
                    status = 403  # closed before it was accepted: refused
            await send(message)

        async def receiving() -> Message:
            nonlocal closed
            message = await receive()
            if message["type"] == "websocket.disconnect" and closed is None:
                closed = int(message.get("code", 1000))  # the client closed it
            return message

        try:
            await self.app(scope, receiving if kind == "websocket" else receive, sending)
        finally:
            self._write(scope, kind, status, closed, time.perf_counter() - start)

    @staticmethod
    def _write(scope: Scope, kind: str, status: int | None, closed: int | None,
               seconds: float) -> None:
        method = "WEBSOCKET" if kind == "websocket" else str(scope.get("method", "?"))
        if kind == "http" and method not in METHODS:
            method = "other"  # a client may send any word as its method
        client = scope.get("client")
        fields: dict[str, Any] = {
            "method": method, "route": route_of(scope),
            "status": status if status is not None else 500,
            "duration_ms": round(seconds * 1000, 2),
            "client": str(client[0]) if client else None}
        if closed is not None:
            fields["close_code"] = closed
        level = logging.WARNING if fields["status"] >= 500 else logging.INFO
        ACCESS.log(level, "%s %s %s", method, fields["route"], fields["status"],
                   extra={"fields": fields})


def install(app: FastAPI) -> None:
    """The access records of ``app``'s requests (written when ``tabletop.web.access``
    logs at INFO: :func:`use_json` turns it on)."""
    app.add_middleware(AccessLog)
