"""The grace period (issue 31, "Two people at one table": "A disconnected person's seat
waits for a grace period chosen at table creation; then the AI holds the seat (shown as
such to everyone) and hands it back when the person returns"; docs/web.md, "Presence and
the grace period"). The grace is shortened on the live table (the API takes 5 s and up).

No test sleeps: "nothing happens" is checked once every wake-up the table had scheduled
has run and none is left (:func:`settled`: nothing more will happen by itself), and the
countdown runs on a server clock the test moves on (:class:`Ahead`)."""

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


class Ahead:
    """The server's time (the hub's and the table's), moved on by the test."""

    def __init__(self) -> None:
        self.by = 0.0

    def __call__(self) -> float:
        return time.time() + self.by


def settled(client: Any, live: Any, seat: int) -> None:
    """Once ``seat``'s connection is gone: its departure handled, every presence wake-up
    it scheduled (the moment it shows as gone, the grace period's end) has run, and no
    other is pending. A call through the server's loop returns only after what the loop
    was doing (a review under way) is done."""
    hub = client.app.state.hub
    wait_until(lambda: live.gone_since[seat] is not None)
    client.portal.call(lambda: None)  # the departure's review and schedule are done
    wait_until(lambda: live.row.id not in hub.presence.tasks)
    client.portal.call(lambda: None)  # and the last wake-up's review


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
            # the AI does not play P2's turn, P2 does: no AI loop runs for the table
            # (the one that played for P2 has ended) and none will start for P2
            wait_until(lambda: live.ai_task is None or live.ai_task.done())
            client.portal.call(lambda: None)
            assert not live.ai_plays(1) and live.thinking is None
            assert len(live.state.history) == 3 and view(client, tid, p2)["legal"]


def test_nobody_is_played_for_when_nobody_waits(client: Any) -> None:
    """Both people gone: the AI never plays a table out alone; a seat never joined
    (its link not yet opened) is not "gone" at all."""
    tid, (p1, p2), live = table(client)
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws1:
        ws1.send_json({"token": p1})
        ws1.receive_json()
    # P2 never came; P1 left too. Every wake-up of P1's departure has run (its grace
    # period is over) and nothing is left to happen.
    settled(client, live, 0)
    assert client.app.state.hub.now() - live.gone_since[0] >= 0.4
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
        settled(client, live, 1)  # nothing more is due: the table waits for ever
        assert not live.held
        assert view(client, tid)["table"]["seats"][1]["connected"] is False
        assert view(client, tid)["table"]["seats"][1]["grace_left_ms"] is None  # no countdown


def test_the_others_are_told_the_exact_grace_left(client: Any) -> None:
    """Issue 31 ("a dropped player's seat says so to the others"): each seat of the table
    line carries ``grace_left_ms``, the time its gone person has left before the AI holds
    the seat, counted down by the server; ``None`` while connected and for AI seats; and
    a live connection is told when a seat goes (its update carries the countdown)."""
    tid, (p1, p2), live = table(client, grace=30)
    clock = Ahead()
    client.app.state.hub.now = live.now = clock
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws1:
        ws1.send_json({"token": p1})
        ws1.receive_json()
        with client.websocket_connect(f"/api/tables/{tid}/ws") as ws2:
            ws2.send_json({"token": p2})
            ws2.receive_json()
            assert [s["grace_left_ms"] for s in view(client, tid)["table"]["seats"]] == [None, None]
        wait_until(lambda: live.gone_since[1] is not None)
        gone = live.gone_since[1]
        first = view(client, tid, p1)["table"]["seats"][1]["grace_left_ms"]
        assert first is not None and 29_000 <= first <= 30_000
        clock.by += 0.3  # 0.3 s later on the server's clock
        later = view(client, tid, p1)["table"]["seats"][1]["grace_left_ms"]
        assert later is not None and later <= first - 300  # it runs down
        assert abs(later - (30_000 - (clock() - gone) * 1000)) < 400
        # the connection was told of the departure, with the countdown
        seen = None
        for _ in range(10):
            msg = ws1.receive_json()
            if msg.get("table") and msg["table"]["seats"][1]["grace_left_ms"] is not None:
                seen = msg["table"]["seats"][1]["grace_left_ms"]
                break
        assert seen is not None and 0 < seen <= 30_000
