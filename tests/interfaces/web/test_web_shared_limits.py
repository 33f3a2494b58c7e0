"""The limits of several workers on one store are counted together in Redis (issue 29:
"Creating tables and accounts is rate-limited per client address and per account ...
WebSocket connections are capped per client and in total"; shared.py): two apps sharing
a PostgreSQL schema and Redis, as two workers of ``tabletop serve --workers 2``, give a
client each limit once, not once per worker; with Redis out of reach each worker counts
for itself (nobody is locked out), says so once in its log, and shares again once Redis
is back.

Skipped with one line where PostgreSQL or Redis is absent (a failure under
``TABLETOP_REQUIRE_SERVICES=1``)."""

from __future__ import annotations

import contextlib
import logging
import threading
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

from tabletop.interfaces.web import create_app
from tabletop.interfaces.web.cluster import ClusterSettings
from tabletop.interfaces.web.limits import Settings
from tabletop.interfaces.web.shared import RETRY_S

from .conftest import auth, create, free_port
from .services import own_redis, postgres_schema, redis_url

PERIM = "radiant-perim"
NEW = {"game": PERIM, "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
HERE = "203.0.113.7"  # the client's address, the same through both workers


@contextlib.contextmanager
def workers(redis: str, *addresses: str, **limits: float) -> Iterator[list[TestClient]]:
    """Two apps (workers) on one new schema and ``redis``, with these limits; a client of
    each, seen from ``addresses`` (default: both from :data:`HERE`)."""
    seen = addresses or (HERE, HERE)
    with postgres_schema() as url, contextlib.ExitStack() as stack:
        clients = [stack.enter_context(TestClient(
            create_app(url, ai_pool="thread", ai_workers=1,
                       cluster=ClusterSettings(redis, lease_s=30.0),
                       limits=Settings().but(**limits)),
            client=(address, 40000))) for address in seen]
        yield clients


def _refused(ws: Any) -> tuple[int, str]:
    """The close code and reason of a connection refused at once (an error message, then
    the close; a connection let in answers its first message with the state instead)."""
    ws.send_json({})
    msg = ws.receive_json()
    assert msg["type"] == "error", msg
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    return closed.value.code, closed.value.reason


def test_new_tables_and_accounts_are_counted_once_through_two_workers() -> None:
    with workers(redis_url(), create_burst=3, create_per_min=1, guest_tables=100,
                 register_burst=2) as (a, b):
        codes = [c.post("/api/tables", json=NEW).status_code for c in (a, b, a, b, a)]
        assert codes == [201, 201, 201, 429, 429]  # one worker alone gave 3 each
        r = b.post("/api/tables", json=NEW)
        assert r.json()["error"].startswith("too many new tables from your address: wait ")
        assert 50 <= int(r.headers["retry-after"]) <= 60  # Redis' bucket refills as ours
        names = ["ada", "bea", "cyd"]
        codes = [c.post("/api/register", json={"name": n, "password": "a long secret"}
                        ).status_code for c, n in zip((a, b, a), names, strict=True)]
        assert codes == [201, 201, 429]
        assert a.app.state.hub.storage.account("cyd") is None  # the refused one: none


def test_the_unfinished_tables_of_a_guest_are_counted_through_every_worker() -> None:
    with workers(redis_url(), guest_tables=2) as (a, b):
        first = a.post("/api/tables", json=NEW).json()
        assert b.post("/api/tables", json=NEW).status_code == 201
        r = a.post("/api/tables", json=NEW)
        assert r.status_code == 429 and r.json()["unfinished"] == 2
        assert r.json()["error"].startswith("your address holds 2 unfinished tables")
        tid, token = first["table"]["id"], first["seats"][0]["token"]
        assert b.post(f"/api/tables/{tid}/concede", headers=auth(token)).status_code == 200
        assert a.post("/api/tables", json=NEW).status_code == 201  # a finished one is freed
        assert b.post("/api/tables", json=NEW).status_code == 429


def test_a_new_table_asks_the_store_once_of_all_the_guests_tables_off_the_loop() -> None:
    """Issue 29, Measured (1,000 tables from one address took 348 s to set up on
    PostgreSQL): the guest cap asks the store whether the unfinished tables an address
    made are over in one query for all of them, off the event loop, however many there
    are (each is asked of the store: another worker may have ended it a moment ago);
    counted through a wrapper of the store's calls."""
    with workers(redis_url(), guest_tables=100, create_burst=100) as (a, b):
        made = [c.post("/api/tables", json=NEW).json()["table"]["id"] for c in (a, b) * 4]
        storage = a.app.state.hub.storage  # type: ignore[attr-defined]
        asked: list[tuple[list[str], int]] = []
        tables: list[str] = []
        statuses, table = storage.statuses, storage.table

        def counted(ids: list[str]) -> dict[str, str]:
            asked.append((list(ids), threading.get_ident()))
            return statuses(ids)  # type: ignore[no-any-return]

        def one(table_id: str) -> Any:
            tables.append(table_id)
            return table(table_id)

        storage.statuses, storage.table = counted, one
        assert a.post("/api/tables", json=NEW).status_code == 201
        loop = a.portal.call(threading.get_ident)
        assert [sorted(ids) for ids, _ in asked] == [sorted(made)]
        assert all(thread != loop for _, thread in asked)
        assert not set(tables) & set(made)  # none of them read one by one


def test_websocket_connections_are_capped_per_address_through_every_worker() -> None:
    with workers(redis_url(), sockets_per_address=2) as (a, b):
        tid, tokens = create(a, PERIM, "human", "human")
        url = f"/api/tables/{tid}/ws"
        with a.websocket_connect(url) as one, b.websocket_connect(url) as two:
            for ws in (one, two):
                ws.send_json({})
                assert ws.receive_json()["type"] == "state"
            for c in (a, b):
                with c.websocket_connect(url) as third:
                    code, reason = _refused(third)
                assert code == 4429
                assert reason == ("your address holds 2 live connections, the most one "
                                  "address may: close another table's tab")
        with b.websocket_connect(url) as again:  # both closed: room again
            again.send_json({"token": tokens[0]})
            assert again.receive_json()["type"] == "state"


def test_websocket_connections_are_capped_in_total_over_every_worker() -> None:
    with workers(redis_url(), "203.0.113.7", "198.51.100.9", sockets_total=2) as (a, b):
        tid, _ = create(a, PERIM, "human", "human")
        url = f"/api/tables/{tid}/ws"
        with a.websocket_connect(url) as one, b.websocket_connect(url) as two:
            for ws in (one, two):
                ws.send_json({})
                ws.receive_json()
            with b.websocket_connect(url) as late:
                code, reason = _refused(late)
    assert code == 4429
    assert reason.startswith("the server holds 2 live connections, the most it takes")


def test_redis_out_of_reach_leaves_each_worker_its_own_limits(
        tmp_path: Any, caplog: pytest.LogCaptureFixture) -> None:
    """Redis stopped: nobody is locked out, each worker counts alone (the number a single
    server allows, through each), the log says so once per worker; Redis back: shared."""
    with own_redis(free_port(), str(tmp_path)) as redis, \
            workers(redis.url, create_burst=2, create_per_min=1, guest_tables=100) as (a, b):
        assert [c.post("/api/tables", json=NEW).status_code
                for c in (a, b, a)] == [201, 201, 429]
        redis.stop()
        caplog.set_level(logging.INFO, logger="tabletop.web")
        codes = [c.post("/api/tables", json=NEW).status_code for c in (a, a, a, b, b, b)]
        assert codes == [201, 201, 429, 201, 201, 429]
        lost = [r for r in caplog.records if "for the shared limits" in r.getMessage()]
        assert len(lost) == 2  # once by each worker, however many requests
        redis.start()
        time.sleep(RETRY_S + 0.1)
        codes = [c.post("/api/tables", json=NEW).status_code for c in (a, b, a)]
        assert codes == [201, 201, 429]  # a new Redis: a full bucket, shared again
        back = [r for r in caplog.records if "shared through Redis again" in r.getMessage()]
        assert len(back) == 2


def _gauge(c: TestClient, name: str) -> float:
    for line in c.get("/metrics").text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    raise AssertionError(f"no {name} in the metrics")


def test_the_metrics_of_two_workers_sum_to_the_whole() -> None:
    """Issue 29, Operations (docs/deploy.md: each worker scraped, its metrics summed): a
    table held by both workers is two copies in memory but one table; the count of
    tables is said by one worker; requests are each one worker's."""
    with workers(redis_url()) as (a, b):
        made = [create(a, PERIM, "human", "human")[0] for _ in range(2)]
        for tid in made:
            assert b.get(f"/api/tables/{tid}").status_code == 200  # b holds it too
        ended, tokens = create(a, PERIM, "human", "human")
        assert a.post(f"/api/tables/{ended}/concede", headers=auth(tokens[0])
                      ).status_code == 200
        end = time.monotonic() + 10  # the pairing pass's lease: taken within a second
        while not any("matchmaking" in c.app.state.hub.cluster.held for c in (a, b)):
            assert time.monotonic() < end, "no worker took the matchmaking lease"
            time.sleep(0.1)
        running = [_gauge(c, "tabletop_running_tables") for c in (a, b)]
        assert sorted(running) == [0.0, 2.0]  # the store's 2 unfinished ones, said once
        assert [_gauge(c, "tabletop_live_tables") for c in (a, b)] == [3.0, 2.0]  # copies
        made_here = 'tabletop_http_requests_total{method="POST",route="/api/tables",' \
            'status="201"} 3.0'
        assert made_here in a.get("/metrics").text
        assert 'route="/api/tables",status="201"' not in b.get("/metrics").text
