"""Property-based fuzzing of every endpoint from the OpenAPI schema (issue 13, Security
and bad input): Schemathesis generates requests from ``/openapi.json`` and sends them to
the app in-process. No request gets a 5xx, and a refused request (4xx) changes nothing
stored: no table, action, seat or token, chat line, notice, clock or mute.

Most requests are pointed at real tables with real or wrong tokens, so that they reach
the rules and not just the 404 of an unknown table.
"""

from __future__ import annotations

import itertools
import sqlite3
import tempfile
import warnings
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from tabletop.interfaces.web import create_app

_FOLDER = Path(tempfile.mkdtemp(prefix="tabletop-fuzz-"))
DB = _FOLDER / "web.sqlite3"


def _tables() -> list[tuple[str, list[str]]]:
    """Two tables of people (no AI: nothing moves unless a request moves it)."""
    out = []
    with TestClient(create_app(DB, ai_pool="thread", ai_workers=1)) as c:
        for game in ("radiant-perim", "radiant-arena"):
            r = c.post("/api/tables", json={"game": game, "players": 2,
                                            "seats": [{"kind": "human"}] * 2})
            body = r.json()
            out.append((body["table"]["id"], [s["token"] for s in body["seats"]]))
    return out


TABLES = _tables()
schema = schemathesis.openapi.from_asgi(
    "/openapi.json", create_app(DB, ai_pool="thread", ai_workers=1))
_turn = itertools.count()


def _stored() -> Any:
    with sqlite3.connect(DB) as db:
        return (db.execute("SELECT id, actions, status, record FROM tables ORDER BY id"
                           ).fetchall(),
                db.execute("SELECT table_id, seat, token_hash, joined FROM seats ORDER BY "
                           "table_id, seat").fetchall(),
                db.execute("SELECT table_id, n, action, hash FROM actions ORDER BY "
                           "table_id, n").fetchall(),
                db.execute("SELECT table_id, n, text FROM chat ORDER BY table_id, n"
                           ).fetchall(),
                db.execute("SELECT table_id, n, kind FROM notices ORDER BY table_id, n"
                           ).fetchall(),
                db.execute("SELECT seat, name, muted FROM seats ORDER BY table_id, seat"
                           ).fetchall(),
                db.execute("SELECT id, clock, rematch FROM tables ORDER BY id").fetchall())


@schema.parametrize()
@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_no_request_gets_a_5xx_and_a_refused_one_changes_nothing(case: Any) -> None:
    turn = next(_turn)
    tid, tokens = TABLES[turn % 2]
    if "table_id" in (case.path_parameters or {}) and turn % 4:
        case.path_parameters["table_id"] = tid
        if turn % 3 == 1:
            case.headers = {**(case.headers or {}), "X-Seat-Token": tokens[turn % 2]}
    before = _stored()
    response = case.call()
    assert response.status_code < 500, (case.method, case.formatted_path, response.text)
    if response.status_code >= 400:
        assert _stored() == before, (case.method, case.formatted_path, response.text)
        assert "error" in response.json()
