"""Structured logs (issue 29, Several servers > Operations: "structured logs"): with
``--log-json`` every record is one JSON object on one line, with one record per request
(method, route template, status, duration_ms, client); and no seat token, session cookie
or password reaches a log line, wherever the client put it (path, query, header, cookie,
body, the WebSocket's first message) -- "Hidden information never leaks (... logs ...)"."""

from __future__ import annotations

import io
import json
import logging
import os
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tabletop.interfaces.web import create_app
from tabletop.interfaces.web.logs import ACCESS, scrub, use_json

from .conftest import Server, act, create, free_port, view

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

PERIM = "radiant-perim"
COOKIE = "session-cookie-value-7f3a9c"
PASSWORD = "hunter2-password-value"


@pytest.fixture
def json_log() -> Iterator[io.StringIO]:
    """The process's log as JSON lines into a buffer (``use_json``, as ``--log-json``
    does), put back as it was afterwards."""
    root = logging.getLogger()
    client = logging.getLogger("httpx")  # the test's client, not the server, logs there
    saved = (list(root.handlers), root.level, ACCESS.level, client.level)
    out = io.StringIO()
    use_json(out)
    client.setLevel(logging.WARNING)
    try:
        yield out
    finally:
        for h in list(root.handlers):
            root.removeHandler(h)
        for h in saved[0]:
            root.addHandler(h)
        root.setLevel(saved[1])
        ACCESS.setLevel(saved[2])
        client.setLevel(saved[3])


def _records(text: str) -> list[dict[str, Any]]:
    """Every line of ``text`` as JSON (a line that is not JSON fails the test)."""
    lines = [line for line in text.splitlines() if line.strip()]
    return [json.loads(line) for line in lines]


def _requests(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in records if r["logger"] == "tabletop.web.access"]


def test_each_request_is_one_json_line_with_its_route_template(
        json_log: io.StringIO, db: Path) -> None:
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as c:
        tid, (t0, _) = create(c, PERIM, "human", "human")
        view(c, tid, t0)
        assert c.get("/no/such/page").status_code == 404
        with c.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            ws.send_text("{}")
            assert ws.receive_json()["type"] == "state"
    records = _records(json_log.getvalue())
    got = [(r["method"], r["route"], r["status"]) for r in _requests(records)]
    assert ("POST", "/api/tables", 201) in got
    assert ("GET", "/api/tables/{table_id}/view", 200) in got
    assert ("GET", "unmatched", 404) in got
    assert ("WEBSOCKET", "/api/tables/{table_id}/ws", 101) in got
    socket = next(r for r in _requests(records) if r["method"] == "WEBSOCKET")
    assert socket["close_code"] == 1000  # the client closed it
    for r in _requests(records):
        assert set(r) >= {"time", "level", "method", "route", "status", "duration_ms",
                          "client"}
        assert r["time"].endswith("Z") and r["level"] == "info"
        assert r["pid"] == os.getpid()  # which of several workers wrote it
        assert isinstance(r["duration_ms"], float) and r["duration_ms"] >= 0
        assert r["client"] == "testclient"  # the address the ASGI server saw
        assert tid not in json.dumps(r)  # a template, never the path sent


def test_no_token_cookie_or_password_reaches_the_log(json_log: io.StringIO,
                                                     db: Path) -> None:
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as c:
        tid, (t0, t1) = create(c, PERIM, "human", "human")
        secret = {"X-Seat-Token": t0, "Cookie": f"session={COOKIE}",
                  "Authorization": f"Bearer {PASSWORD}"}
        # In a header, the query string and the path (where no route takes it).
        assert c.get(f"/api/tables/{tid}/view?token={t0}&password={PASSWORD}",
                     headers=secret).status_code == 200
        assert c.get(f"/api/tables/{t0}/view").status_code == 404
        assert c.get(f"/table/{tid}/{t1}?session={COOKIE}").status_code == 404
        assert c.get(f"/api/tables/{tid}/view", headers={"X-Seat-Token": "x" + t1}) \
            .status_code == 403
        r = act(c, tid, t0, "no such action", view(c, tid, t0)["version"])
        assert r.status_code in (400, 409, 422)
        assert c.post("/api/tables", json={"password": PASSWORD, "token": t1}) \
            .status_code == 422
        with c.websocket_connect(f"/api/tables/{tid}/ws?token={t1}") as ws:
            ws.send_text(json.dumps({"token": t1}))
            assert ws.receive_json()["type"] == "state"
        # A secret written into the server's own log call by mistake is masked too.
        logging.getLogger("tabletop.web").warning(
            "join link /table/%s#token=%s; store postgresql://tabletop:%s@db/x; %s",
            tid, t1, PASSWORD, f"Cookie: session={COOKIE}")
    text = json_log.getvalue()
    records = _records(text)
    assert len(_requests(records)) >= 8
    assert any("#token=***" in r["message"] for r in records)
    for value in (t0, t1, COOKIE, PASSWORD):
        assert value not in text


@pytest.mark.parametrize(("line", "masked"), [
    ("X-Seat-Token: abc123", "X-Seat-Token: ***"),
    ('{"token": "abc123", "n": 1}', '{"token": "***", "n": 1}'),
    ("/table/t1#token=abc123", "/table/t1#token=***"),
    ("Authorization: Bearer abc123", "Authorization: ***"),
    ("postgresql://me:abc123@host/db", "postgresql://me:***@host/db"),
    ("table abc123: action 4 stored", "table abc123: action 4 stored"),
])
def test_scrub_masks_what_follows_a_secret_s_name(line: str, masked: str) -> None:
    assert scrub(line) == masked


def test_serve_log_json_writes_nothing_but_json(tmp_path: Path) -> None:
    """``tabletop serve --log-json`` in a process of its own: its start, uvicorn's own
    records and each request, all JSON; the token of a request nowhere in the output."""
    port = free_port()
    log = tmp_path / "server.log"
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [sys.executable, "-c", "from tabletop.interfaces.cli.app import main; main()",
             "serve", "--port", str(port), "--db", str(tmp_path / "web.sqlite3"),
             "--no-open", "--log-json"],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "TABLETOP_DATA": str(tmp_path)})
    server = Server(f"http://127.0.0.1:{port}", proc, log)
    try:
        end = time.monotonic() + 60
        while True:
            try:
                if httpx.get(server.url + "/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert proc.poll() is None and time.monotonic() < end, log.read_text()
            time.sleep(0.1)
        tid, (t0, _) = create(httpx.Client(base_url=server.url), PERIM, "human", "human")
        r = httpx.get(f"{server.url}/api/tables/{tid}/view?token={t0}",
                      headers={"X-Seat-Token": t0})
        assert r.status_code == 200
    finally:
        server.stop()
    text = log.read_text()
    records = _records(text)  # every line is JSON
    assert any(r["message"].startswith("tabletop is serving at http://127.0.0.1:")
               and r.get("url") == f"http://127.0.0.1:{port}/" for r in records)
    got = [(r["method"], r["route"], r["status"], r["client"]) for r in _requests(records)]
    assert ("GET", "/api/tables/{table_id}/view", 200, "127.0.0.1") in got
    assert ("POST", "/api/tables", 201, "127.0.0.1") in got
    assert t0 not in text
