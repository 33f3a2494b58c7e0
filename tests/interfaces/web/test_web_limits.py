"""The server's limits (issue 29, "Limits and abuse"; docs/web.md, "Limits"): the size of
a request body (chunked too) and of a socket message, 405 with ``Allow``, the rate of new
tables per address, the unfinished tables a guest holds, the WebSocket connections per
address and in all. Every limit answers 413 or 429 (a socket: a close code and a reason)
with words that say what to do, and a refused request changes nothing stored."""

from __future__ import annotations

import asyncio
import json
import socket
import sqlite3
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

from tabletop.interfaces.cli.app import SERVE_LIMITS
from tabletop.interfaces.web import create_app
from tabletop.interfaces.web.limits import Settings, client_key
from tabletop.interfaces.web.serve import limits_help, parse_limits

from .conftest import Server, act, auth, create, start_server, view, wait_until

PERIM = "radiant-perim"
NEW = {"game": PERIM, "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}


def app_client(db: Path, address: str = "203.0.113.7", **limits: float) -> TestClient:
    """The app on ``db`` with these limits, seen from ``address``."""
    return TestClient(create_app(db, ai_pool="thread", ai_workers=1,
                                 limits=Settings().but(**limits)), client=(address, 40000))


def stored_tables(db: Path) -> int:
    with sqlite3.connect(db) as c:
        return int(c.execute("SELECT COUNT(*) FROM tables").fetchone()[0])


# --- sizes -------------------------------------------------------------------------------


def _chunked(db: Path, path: str) -> tuple[int, dict[str, Any], int]:
    """31 MB sent to ``path`` in 64 KiB chunks with no Content-Length: the status, the
    answer and how many chunks the app asked for."""
    app = create_app(db, ai_pool="thread", ai_workers=1)
    chunk = b"x" * 65536
    total = 31 * 1024 * 1024 // len(chunk)
    pulled = 0
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": chunk, "more_body": pulled < total}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": path,
             "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"content-type", b"application/json"),
                         (b"transfer-encoding", b"chunked")],
             "client": ("203.0.113.7", 40000), "server": ("testserver", 80)}
    asyncio.run(app(scope, receive, send))
    body = json.loads(b"".join(m.get("body", b"") for m in sent[1:]))
    return sent[0]["status"], body, pulled


def test_a_chunked_body_over_the_limit_is_refused_before_it_is_read(db: Path) -> None:
    """31 MB sent in 64 KiB chunks with no Content-Length: 413 once the limit is passed,
    and the app asks for no chunk after the one that passed it: 64 KiB for a route
    that takes no card files; 512 KiB for the deck builder's, which may carry them
    (issue 26), in its own words."""
    status, body, pulled = _chunked(db, "/api/turns")
    assert status == 413
    assert body["error"] == "the request body is over 65,536 bytes, the most this server reads"
    assert pulled == 2  # 64 KiB fit; the second chunk passed the limit: nothing more read
    status, body, pulled = _chunked(db, "/api/decks/lightseekers/check")
    assert status == 413
    assert body["error"].startswith("the deck builder's request is over 524,288 bytes")
    assert pulled == 9  # 8 chunks of 64 KiB fit; the ninth passed: nothing more read


def test_a_body_that_says_it_is_too_big_is_refused_unread(client: Any) -> None:
    # (POST /api/tables and the deck builder's requests have a limit of their own, for
    # their card files: cards_bytes)
    r = client.post("/api/turns", content=b"{" + b" " * 70000 + b"}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 413 and "over 65,536 bytes" in r.json()["error"]
    r = client.post("/api/tables", content=b"{" + b" " * 600_000 + b"}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 413 and "over 524,288 bytes" in r.json()["error"]
    r = client.post("/api/me/decks", content=b"{" + b" " * 600_000 + b"}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 413 and "the deck builder's request" in r.json()["error"]
    small = client.post("/api/tables", json=NEW)
    assert small.status_code == 201


def test_a_socket_message_over_the_limit_closes_with_policy_violation(client: Any) -> None:
    tid, tokens = create(client, PERIM, "human", "human")
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.send_json({"token": tokens[0]})
        assert ws.receive_json()["type"] == "state"
        ws.send_text(json.dumps({"ping": "x" * 70000}))
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
    assert closed.value.code == 1008
    assert closed.value.reason == "a message is over 65,536 bytes"
    # a message under the limit is served as before
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.send_json({"token": tokens[0]})
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"ping": "y" * 60000})
        assert ws.receive_json()["type"] == "pong"


def test_a_405_names_the_allowed_methods(client: Any) -> None:
    r = client.delete("/api/tables")
    assert r.status_code == 405
    assert r.headers["allow"] == "GET, POST"
    assert r.json() == {"error": "Method Not Allowed"}
    put = client.put("/api/games")
    assert put.status_code == 405 and put.headers["allow"] == "GET"


@pytest.fixture(scope="module")
def real_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``tabletop serve`` itself (uvicorn): its own limit on socket messages."""
    folder = tmp_path_factory.mktemp("limits")
    s = start_server(folder / "web.sqlite3", folder / "server.log")
    yield s
    s.stop()


def test_uvicorn_answers_a_31_mb_chunked_body_413_and_goes_on(real_server: Server) -> None:
    """Over a real socket: the 413 comes while the client is still sending, and the
    server answers the next request at once."""
    host, port = real_server.url.removeprefix("http://").split(":")
    chunk = b"x" * 65536
    with socket.create_connection((host, int(port)), timeout=20) as s:
        s.sendall(b"POST /api/turns HTTP/1.1\r\nHost: x\r\n"
                  b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        sent = 0
        s.settimeout(0.5)
        answer = b""
        try:
            while sent < 31 * 1024 * 1024:
                s.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                sent += len(chunk)
                s.setblocking(False)
                try:
                    answer += s.recv(65536)
                except BlockingIOError:
                    pass
                s.settimeout(0.5)
                if b"\r\n\r\n" in answer:
                    break
        except OSError:
            pass  # the server closed the connection on us: the answer is waiting
        s.settimeout(10)
        while not _whole(answer):
            got = s.recv(65536)
            if not got:
                break
            answer += got
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert sent < 31 * 1024 * 1024  # it did not wait for the whole body
    assert b"over 65,536 bytes" in answer
    assert httpx.post(real_server.url + "/api/tables", json=NEW).status_code == 201


def _whole(answer: bytes) -> bool:
    """Whether ``answer`` holds an HTTP response's head and all of its body."""
    head, sep, body = answer.partition(b"\r\n\r\n")
    if not sep:
        return False
    for line in head.split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return len(body) >= int(value)
    return True


def test_uvicorn_closes_a_socket_sending_a_frame_over_the_limit(real_server: Server) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    r = httpx.post(real_server.url + "/api/tables", json=NEW)
    tid = r.json()["table"]["id"]
    url = real_server.url.replace("http://", "ws://") + f"/api/tables/{tid}/ws"
    with connect(url, max_size=None) as ws:
        ws.send(json.dumps({}))
        assert json.loads(ws.recv(10))["type"] == "state"
        ws.send(json.dumps({"ping": "x" * 1_000_000}))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(10)
    received = closed.value.rcvd
    assert received is not None and received.code == 1009  # "message too big" (RFC 6455)
    assert "65536" in received.reason


# --- new tables --------------------------------------------------------------------------


def test_new_tables_are_rate_limited_per_address_with_retry_after(db: Path) -> None:
    with app_client(db, create_burst=3, create_per_min=1, guest_tables=100) as c:
        codes = [c.post("/api/tables", json=NEW).status_code for _ in range(4)]
        assert codes == [201, 201, 201, 429]
        r = c.post("/api/tables", json=NEW)
        assert r.status_code == 429
        words = r.json()["error"]
        assert words.startswith("too many new tables from your address: wait ")
        assert "an address may make 3 at once, then 1 a minute" in words
        assert 50 <= int(r.headers["retry-after"]) <= 60
        assert stored_tables(db) == 3
    # another address has its own bucket
    with app_client(db, "198.51.100.9", create_burst=3, create_per_min=1) as other:
        assert other.post("/api/tables", json=NEW).status_code == 201


def test_a_rematch_is_a_new_table_and_takes_from_the_same_rate(db: Path) -> None:
    """Conceding and asking for a rematch in a loop makes tables too: it meets the rate."""
    with app_client(db, create_burst=2, create_per_min=1) as c:
        tid, tokens = create(c, "goofspiel", "human", "easy")
        token = tokens[0]
        assert c.post(f"/api/tables/{tid}/concede", headers=auth(token)).status_code == 200
        r = c.post(f"/api/tables/{tid}/rematch", headers=auth(token))
        assert r.status_code == 200
        again = r.json()["rematch"]["table"]
        assert c.post(f"/api/tables/{again}/concede", headers=auth(token)).status_code == 200
        r = c.post(f"/api/tables/{again}/rematch", headers=auth(token))
        assert r.status_code == 429
        assert r.json()["error"].startswith("too many new tables from your address (a "
                                            "rematch is one): wait ")
        assert int(r.headers["retry-after"]) >= 1
        assert stored_tables(db) == 2


def test_a_guest_holds_a_bounded_number_of_unfinished_tables(db: Path) -> None:
    """Three at most: the fourth is refused with how many and how to free one; conceding
    one (a finished table) frees its place."""
    with app_client(db, guest_tables=3) as c:
        made = []
        for _ in range(3):
            r = c.post("/api/tables", json=NEW)
            assert r.status_code == 201
            made.append((r.json()["table"]["id"], r.json()["seats"][0]["token"]))
        r = c.post("/api/tables", json=NEW)
        assert r.status_code == 429
        body = r.json()
        assert body["error"].startswith("your address holds 3 unfinished tables made in the "
                                        "last 60 min, the most a guest may hold: finish or "
                                        "concede one of them")
        assert "POST /api/tables/{id}/concede" in body["error"]
        assert body["unfinished"] == 3 and body["most"] == 3
        assert 3500 <= int(r.headers["retry-after"]) <= 3600
        assert stored_tables(db) == 3
        tid, token = made[0]
        assert c.post(f"/api/tables/{tid}/concede", headers=auth(token)).status_code == 200
        assert c.post("/api/tables", json=NEW).status_code == 201
        assert c.post("/api/tables", json=NEW).status_code == 429


def test_a_guest_table_stops_counting_after_the_window(db: Path) -> None:
    with app_client(db, guest_tables=1, guest_window_s=0.3) as c:
        assert c.post("/api/tables", json=NEW).status_code == 201
        assert c.post("/api/tables", json=NEW).status_code == 429
        hub = c.app.state.hub  # type: ignore[attr-defined]
        hub.holdings.clock = lambda: 10**9  # the window has passed
        assert c.post("/api/tables", json=NEW).status_code == 201


def test_addresses_count_by_ipv4_and_by_ipv6_network() -> None:
    assert client_key("203.0.113.7") == "203.0.113.7"
    assert client_key("::ffff:203.0.113.7") == "203.0.113.7"
    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::9")
    assert client_key("2001:db8:1:2::1") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key(None) == "?"


# --- sockets -----------------------------------------------------------------------------


def _refused(ws: Any) -> tuple[dict[str, Any], int, str]:
    msg = ws.receive_json()
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    return msg, closed.value.code, closed.value.reason


def test_websocket_connections_are_capped_per_address(db: Path) -> None:
    with app_client(db, sockets_per_address=2) as c:
        tid, tokens = create(c, PERIM, "human", "human")
        url = f"/api/tables/{tid}/ws"
        with c.websocket_connect(url) as a, c.websocket_connect(url) as b:
            for ws in (a, b):
                ws.send_json({})
                assert ws.receive_json()["type"] == "state"
            with c.websocket_connect(url) as third:
                msg, code, reason = _refused(third)
            assert code == 4429
            assert msg["type"] == "error" and msg["error"] == reason
            assert reason == ("your address holds 2 live connections, the most one address "
                              "may: close another table's tab")
        # both closed: there is room again
        with c.websocket_connect(url) as again:
            again.send_json({"token": tokens[0]})
            assert again.receive_json()["type"] == "state"


def test_websocket_connections_are_capped_in_total(db: Path) -> None:
    with app_client(db, sockets_total=2, sockets_per_address=5) as c:
        tid, _ = create(c, PERIM, "human", "human")
        url = f"/api/tables/{tid}/ws"
        with c.websocket_connect(url) as a, c.websocket_connect(url) as b:
            for ws in (a, b):
                ws.send_json({})
                ws.receive_json()
            with c.websocket_connect(url) as late:
                msg, code, reason = _refused(late)
    assert code == 4429 and msg["error"] == reason
    assert reason.startswith("the server holds 2 live connections, the most it takes")


def test_a_table_takes_a_bounded_number_of_connections(db: Path,
                                                       monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    from tabletop.interfaces.web.routes import live

    monkeypatch.setattr(live, "MAX_WATCHERS", 1)
    with app_client(db) as c:
        tid, _ = create(c, PERIM, "human", "human")
        url = f"/api/tables/{tid}/ws"
        with c.websocket_connect(url) as first:
            first.send_json({})
            first.receive_json()
            with c.websocket_connect(url) as second:
                second.send_json({})
                msg, code, reason = _refused(second)
    assert code == 4429 and reason == msg["error"]
    assert msg["error"] == ("this table has 1 live connections, the most one table takes: "
                            "try again in a minute")


# --- settings ----------------------------------------------------------------------------


def test_limits_are_set_by_name_and_refused_in_words() -> None:
    assert parse_limits(["idle_s=30", "guest_tables=4"]) == Settings(idle_s=30,
                                                                     guest_tables=4)
    with pytest.raises(Exception, match="no limit 'speed'"):
        parse_limits(["speed=3"])
    with pytest.raises(Exception, match="must be positive"):
        parse_limits(["idle_s=0"])
    with pytest.raises(Exception, match="guest_tables is a whole number, not 2.5"):
        parse_limits(["guest_tables=2.5"])
    with pytest.raises(Exception, match="NAME=VALUE"):
        parse_limits(["idle_s"])
    assert SERVE_LIMITS == limits_help()  # `tabletop serve --help` lists them as they are


# --- memory: idle tables leave it and come back -----------------------------------------


def _gone(hub: Any, tid: str, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while tid in hub.tables:
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True


def test_an_idle_table_leaves_memory_and_comes_back_with_every_action(db: Path) -> None:
    with app_client(db, idle_s=0.2) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        tid, tokens = create(c, "goofspiel", "human", "human")
        seen = view(c, tid, tokens[0])
        legal = seen["legal"]
        assert act(c, tid, tokens[0], legal[0], seen["version"]).status_code == 200
        before = view(c, tid, tokens[0])
        assert _gone(hub, tid)
        # named again: loaded from the store, the acknowledged action in it
        again = view(c, tid, tokens[0])
        assert tid in hub.tables
        assert again["version"] == before["version"] and again["view"] == before["view"]
        other = view(c, tid, tokens[1])
        assert act(c, tid, tokens[1], other["legal"][0], other["version"]).status_code == 200
        assert _gone(hub, tid)
        with sqlite3.connect(db) as s:
            assert s.execute("SELECT COUNT(*) FROM actions WHERE table_id = ?",
                             (tid,)).fetchone()[0] == 2


def test_a_connected_table_stays_and_a_socket_brings_one_back(db: Path) -> None:
    with app_client(db, idle_s=0.2) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        tid, tokens = create(c, "goofspiel", "human", "human")
        with c.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            ws.send_json({"token": tokens[0]})
            assert ws.receive_json()["type"] == "state"
            time.sleep(0.6)
            assert tid in hub.tables  # someone is here
        assert _gone(hub, tid)
        with c.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            ws.send_json({"token": tokens[1]})
            msg = ws.receive_json()
            assert msg["type"] == "state" and msg["seat"] == 1
            assert tid in hub.tables


def test_an_evicted_table_with_the_ai_to_act_goes_on_when_named(db: Path) -> None:
    """A person's action, then the AI's turn: once the table has left memory and comes
    back, the AI plays on (the restart path starts the table's AI)."""
    with app_client(db, idle_s=0.2) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        tid, tokens = create(c, "goofspiel", "human", "easy")
        seen = view(c, tid, tokens[0])
        assert act(c, tid, tokens[0], seen["legal"][0], seen["version"]).status_code == 200
        wait_until(lambda: view(c, tid, tokens[0])["legal"])  # the AI has answered
        n = len(hub.tables[tid].state.history)
        assert _gone(hub, tid)
        back = view(c, tid, tokens[0])
        assert back["legal"] and len(hub.tables[tid].state.history) == n


def test_memory_holds_at_most_max_live_tables(db: Path) -> None:
    """Past ``max_live``, the idle table least lately named leaves at once; when every
    live table is in use, a new one is refused with 429."""
    with app_client(db, max_live=2) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        a, _ = create(c, "goofspiel", "human", "human")
        b, _ = create(c, "goofspiel", "human", "human")
        time.sleep(0.3)  # a table named a moment ago never leaves early
        view(c, a)  # b is now the least lately named
        d, _ = create(c, "goofspiel", "human", "human")
        assert set(hub.tables) == {a, d}
        with c.websocket_connect(f"/api/tables/{a}/ws") as wa, \
                c.websocket_connect(f"/api/tables/{d}/ws") as wd:
            for ws in (wa, wd):
                ws.send_json({})
                ws.receive_json()
            r = c.post("/api/tables", json=NEW)
            assert r.status_code == 429
            assert r.json()["error"] == ("the server holds 2 live tables, the most it "
                                         "takes: try again in a minute")
            assert r.headers["retry-after"] == "60"
        assert stored_tables(db) == 3
        time.sleep(0.3)
        assert view(c, b)["table"]["id"] == b  # b comes back (a or d leaves for it)
        assert len(hub.tables) == 2


def test_ten_thousand_abandoned_tables_leave_memory_bounded(db: Path) -> None:
    """10,000 tables made and left (every tenth after one action; every fiftieth through
    the HTTP API, the rest through the same ``Hub.create`` the route calls, so that the
    test stays short under tracemalloc): memory never holds more than ``max_live`` live
    tables, all leave once idle, and the traced memory grows by a small fraction of what
    keeping them would take (about 6 KB each). What is measured: counts and bytes, never
    time."""
    import tracemalloc

    settings = dict(idle_s=0.3, max_live=500, create_burst=10**6, guest_tables=10**6,
                    guest_window_s=1.0)
    with app_client(db, **settings) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        seats = [{"kind": "human"}, {"kind": "human"}]
        options = {"clock": None, "grace_s": 60, "on_leave": "ai"}
        acted: list[tuple[str, str]] = []

        async def batch(k: int) -> None:
            for i in range(k):
                live, tokens, _ = hub.create("goofspiel", 2, {}, seats, False, options)
                if i % 10 == 0:
                    text = live.state.legal_actions()[0].to_text()
                    await hub.act(live, 0, text, live.version(0))
                    acted.append((live.row.id, tokens[0]))

        def made_over_http() -> None:
            r = c.post("/api/tables", json={"game": "goofspiel", "players": 2,
                                            "seats": seats})
            assert r.status_code == 201, r.text

        peak = 0
        tracemalloc.start()
        try:
            for step in range(200):  # 200 × (49 + 1) tables
                if step == 20:
                    base = tracemalloc.get_traced_memory()[0]
                c.portal.call(batch, 49)
                made_over_http()
                peak = max(peak, len(hub.tables))
                time.sleep(0.001)  # the loop's sweeper runs between batches
            assert stored_tables(db) == 10_000
            assert wait_until(lambda: not hub.tables, timeout=30)
            growth = tracemalloc.get_traced_memory()[0] - base
        finally:
            tracemalloc.stop()
        assert peak <= 500
        # 9,000 tables kept would take about 54 MB; gone, what grows is caches and noise.
        assert growth < 8_000_000, growth
        # the first abandoned table comes back with its action
        tid, token = acted[0]
        assert view(c, tid, token)["version"] >= 1
        with sqlite3.connect(db) as s:
            assert s.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == len(acted)
