"""Operations of the web server (issue 29, Several servers: Operations and Faults):
``/healthz``, ``/readyz``, ``/metrics``, and 503 with ``Retry-After`` while the store is
out of reach (PostgreSQL restarting, a SQLite file locked past the wait), with nothing
half-applied and recovery by itself; a WebSocket meanwhile closed with 1013 ("try again
later") and the same words."""

from __future__ import annotations

import sqlite3
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.interfaces.web import create_app
from tabletop.interfaces.web.storage import sqlite as sqlite_store

from .conftest import act, create, view
from .services import postgres_schema

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

PERIM = "radiant-perim"
UNREACHABLE = "the game store is unreachable; try again in a moment"


@pytest.fixture
def pg_client() -> Iterator[TestClient]:
    """The app on a new PostgreSQL schema."""
    with postgres_schema() as url, \
            TestClient(create_app(url, ai_pool="thread", ai_workers=1)) as c:
        yield c


def _cut_off(store: Any) -> str:
    """Make the store's database unreachable, as while PostgreSQL restarts: its pooled
    connections are ended by the server and new ones go to a port nobody listens on (the
    machine's shared PostgreSQL itself is left running). Returns what to put back."""
    import psycopg

    pids = [c.info.backend_pid for c in store._idle]
    with psycopg.connect(store._conninfo, autocommit=True) as admin:
        for pid in pids:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    saved: str = store._conninfo
    store._conninfo = saved.replace("port=5432", "port=1") if "port=5432" in saved \
        else saved + " port=1"
    return saved


def test_requests_answer_503_while_the_store_is_unreachable_then_recover(
        pg_client: TestClient) -> None:
    c = pg_client
    tid, (t0, t1) = create(c, PERIM, "human", "human")
    before = view(c, tid, t0)
    hub = c.app.state.hub  # type: ignore[attr-defined]
    hub.evict(hub.tables[tid])  # so that reading the table needs the store too
    saved = _cut_off(hub.storage)

    r = c.get(f"/api/tables/{tid}/view", headers={"X-Seat-Token": t0})
    assert r.status_code == 503 and r.json() == {"error": UNREACHABLE}, r.text
    assert r.headers["Retry-After"] == "5"
    r = c.get("/readyz")
    assert r.status_code == 503 and r.json()["error"] == UNREACHABLE
    assert c.get("/healthz").status_code == 200  # the process is up all the same
    r = c.post("/api/tables", json={"game": PERIM, "players": 2,
                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 503 and r.headers["Retry-After"] == "5", r.text

    hub.storage._conninfo = saved  # the database is back
    assert c.get("/readyz").json() == {"status": "ready"}
    assert view(c, tid, t0)["version"] == before["version"]
    # An action while the store is out of reach: 503, and the table is unchanged by it.
    saved = _cut_off(hub.storage)
    r = act(c, tid, t0, "pick a1", before["version"])
    assert r.status_code == 503 and r.json() == {"error": UNREACHABLE}, r.text
    hub.storage._conninfo = saved
    assert view(c, tid, t0)["version"] == before["version"]
    assert hub.storage.actions(tid) == []
    r = act(c, tid, t0, "pick a1", before["version"])  # the same request, tried again
    assert r.status_code == 200, r.text
    assert len(hub.storage.actions(tid)) == 1
    assert len(c.get("/api/tables").json()["tables"]) == 1  # the refused create made none


def test_a_sqlite_file_locked_past_the_wait_answers_503_then_recovers(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Another process holding the file's write lock (a backup, a second server on one
    # file): SQLite's "database is locked" is the same 503 as a database restarting, not
    # a 500 nor a 409, and nothing of the refused requests is written.
    monkeypatch.setattr(sqlite_store, "BUSY_SECONDS", 0.2)  # the wait, not 30 s
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as c:
        tid, (t0, _) = create(c, PERIM, "human", "human")
        before = view(c, tid, t0)
        other = sqlite3.connect(db, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # holds the write lock
        try:
            r = act(c, tid, t0, "pick a1", before["version"])
            assert r.status_code == 503 and r.json() == {"error": UNREACHABLE}, r.text
            assert r.headers["Retry-After"] == "5"
            r = c.post("/api/tables", json={"game": PERIM, "players": 2,
                                            "seats": [{"kind": "human"}, {"kind": "human"}]})
            assert r.status_code == 503 and r.json() == {"error": UNREACHABLE}, r.text
            assert view(c, tid, t0)["version"] == before["version"]  # reads go on (WAL)
        finally:
            other.execute("ROLLBACK")
            other.close()
        hub = c.app.state.hub  # type: ignore[attr-defined]
        assert hub.storage.actions(tid) == []
        r = act(c, tid, t0, "pick a1", before["version"])  # the same request, again
        assert r.status_code == 200, r.text
        assert len(hub.storage.actions(tid)) == 1
        assert len(c.get("/api/tables").json()["tables"]) == 1


def test_a_websocket_is_closed_1013_while_the_store_is_unreachable(
        pg_client: TestClient) -> None:
    c = pg_client
    tid, (t0, _) = create(c, PERIM, "human", "human")
    hub = c.app.state.hub  # type: ignore[attr-defined]
    hub.evict(hub.tables[tid])  # so that opening the table needs the store
    saved = _cut_off(hub.storage)
    with c.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.send_json({"token": t0})
        assert ws.receive_json() == {"type": "error", "error": UNREACHABLE}
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 1013 and closed.value.reason == UNREACHABLE
    assert hub.sockets.count == 0  # the refused connection holds no place
    hub.storage._conninfo = saved  # the database is back: the same hello is served
    with c.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.send_json({"token": t0})
        msg = ws.receive_json()
        assert msg["type"] == "state" and msg["table"]["id"] == tid


def test_health_and_readiness_are_never_rate_limited(client: TestClient) -> None:
    for _ in range(60):  # more than any bucket of limits.py holds at once
        assert client.get("/healthz").json() == {"status": "ok"}
        assert client.get("/readyz").status_code == 200


def test_metrics_count_requests_by_route_template(client: TestClient) -> None:
    tid, (t0, _) = create(client, PERIM, "human", "human")
    for _ in range(3):
        view(client, tid, t0)
    assert client.get("/no/such/page/abc123").status_code == 404
    r = client.get("/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    text = r.text
    assert ('tabletop_http_requests_total{method="GET",route="/api/tables/{table_id}/view",'
            'status="200"} 3.0') in text
    assert 'tabletop_http_requests_total{method="POST",route="/api/tables",status="201"} ' \
        '1.0' in text
    assert 'route="unmatched",status="404"} 1.0' in text
    assert tid not in text and "abc123" not in text  # never a raw path
    assert ('tabletop_http_request_seconds_count{method="GET",'
            'route="/api/tables/{table_id}/view"} 3.0') in text
    assert "tabletop_live_tables 1.0" in text
    assert "tabletop_running_tables 1.0" in text  # one server: it says the store's count
    assert "tabletop_websocket_connections 0.0" in text
    assert "# TYPE tabletop_ai_think_seconds histogram" in text
