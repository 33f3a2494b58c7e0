"""The grace period (issue 31, "Two people at one table": "A disconnected person's seat
waits for a grace period chosen at table creation; then the AI holds the seat (shown as
such to everyone) and hands it back when the person returns"; docs/web.md, "Presence and
the grace period"). The grace is shortened on the live table (the API takes 5 s and up)."""

from __future__ import annotations

import time
from typing import Any

from .conftest import act, create, view, wait_until

ARENA = "radiant-arena"


def table(client: Any, grace: float | None = 0.4) -> tuple[str, list[str], Any]:
    hub = client.app.state.hub
    hub.presence.shown_after = 0.1
    tid, tokens = create(client, ARENA, "human", "human", grace_s=5)
    live = hub.tables[tid]
    live.shown_after = 0.1
    live.row.options["grace_s"] = grace
    return tid, tokens, live


def notices(c: Any, tid: str) -> list[tuple[str, int | None]]:
    return [(n["kind"], n["seat"]) for n in view(c, tid)["notices"]]


def test_the_ai_holds_a_gone_seat_and_hands_it_back(client: Any) -> None:
    tid, (p1, p2), live = table(client)
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws1:
        ws1.send_json({"token": p1})
        ws1.receive_json()
        with client.websocket_connect(f"/api/tables/{tid}/ws") as ws2:
            ws2.send_json({"token": p2})
            ws2.receive_json()
        # P2 is gone; once its grace is over the AI holds its seat, shown to everyone.
        wait_until(lambda: view(client, tid)["table"]["seats"][1]["ai_holding"], timeout=10)
        assert ("ai_holds", 1) in notices(client, tid)
        m = view(client, tid, p1)
        assert act(client, tid, p1, m["legal"][0], m["version"]).status_code == 200
        wait_until(lambda: len(live.state.history) == 2, timeout=20)  # the AI played P2
        assert live.by[1] == "ai" and live.actors[1] == 1
        # P2 comes back: the seat is its own again at once.
        with client.websocket_connect(f"/api/tables/{tid}/ws") as ws2:
            ws2.send_json({"token": p2})
            ws2.receive_json()
            wait_until(lambda: not view(client, tid)["table"]["seats"][1]["ai_holding"])
            assert notices(client, tid)[-1] == ("ai_releases", 1)
            assert view(client, tid)["notices"][-1]["reason"] == "back"
            m = view(client, tid, p1)
            assert act(client, tid, p1, m["legal"][0], m["version"]).status_code == 200
            time.sleep(0.5)  # the AI does not play P2's turn: P2 does
            assert len(live.state.history) == 3 and view(client, tid, p2)["legal"]


def test_nobody_is_played_for_when_nobody_waits(client: Any) -> None:
    """Both people gone: the AI never plays a table out alone; a seat never joined
    (its link not yet opened) is not "gone" at all."""
    tid, (p1, p2), live = table(client)
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws1:
        ws1.send_json({"token": p1})
        ws1.receive_json()
    # P2 never came; P1 left too.
    time.sleep(1.0)
    assert not live.held and notices(client, tid) == []
    assert [s["connected"] for s in view(client, tid)["table"]["seats"]] == [False, False]


def test_a_table_without_grace_waits_for_ever(client: Any) -> None:
    tid, (p1, p2), live = table(client, grace=None)
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws1:
        ws1.send_json({"token": p1})
        ws1.receive_json()
        with client.websocket_connect(f"/api/tables/{tid}/ws") as ws2:
            ws2.send_json({"token": p2})
            ws2.receive_json()
        time.sleep(1.0)
        assert not live.held
        assert view(client, tid)["table"]["seats"][1]["connected"] is False
        assert view(client, tid)["table"]["seats"][1]["grace_left_ms"] is None  # no countdown


def test_the_others_are_told_the_exact_grace_left(client: Any) -> None:
    """Issue 31 ("a dropped player's seat says so to the others"): each seat of the table
    line carries ``grace_left_ms``, the time its gone person has left before the AI holds
    the seat, counted down by the server; ``None`` while connected and for AI seats; and
    a live connection is told when a seat goes (its update carries the countdown)."""
    tid, (p1, p2), live = table(client, grace=30)
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws1:
        ws1.send_json({"token": p1})
        ws1.receive_json()
        with client.websocket_connect(f"/api/tables/{tid}/ws") as ws2:
            ws2.send_json({"token": p2})
            ws2.receive_json()
            assert [s["grace_left_ms"] for s in view(client, tid)["table"]["seats"]] == [None, None]
        gone = time.time()
        first = view(client, tid, p1)["table"]["seats"][1]["grace_left_ms"]
        assert first is not None and 29_000 <= first <= 30_000
        time.sleep(0.3)
        later = view(client, tid, p1)["table"]["seats"][1]["grace_left_ms"]
        assert later is not None and later <= first - 250  # it runs down
        assert abs(later - (30_000 - (time.time() - gone) * 1000)) < 400
        # the connection was told of the departure, with the countdown
        seen = None
        for _ in range(10):
            msg = ws1.receive_json()
            if msg.get("table") and msg["table"]["seats"][1]["grace_left_ms"] is not None:
                seen = msg["table"]["seats"][1]["grace_left_ms"]
                break
        assert seen is not None and 0 < seen <= 30_000
