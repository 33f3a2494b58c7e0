"""Two workers on one PostgreSQL store and one Redis, in one process (issue 29, Several
servers; docs/deploy.md, "Several workers"): what a person at one table does through one
worker while another person is connected through the other must go as on one server.
The live strike (hoshi-battle's real-time strike: docs/web.md, "The real-time strike"),
an offer partly accepted among three people (docs/web.md, "Undo and takebacks") and the
round trips the clocks' lag allowance counts (docs/web.md, "Lag").

The two apps here are the real server's (``create_app`` with ``--redis``), each with its
own event loop, store connections and Redis subscription; being in the test's process
lets a test read what each holds in memory and shorten the referee's delays. Skipped
with one line where PostgreSQL or Redis is absent (test_web_cluster.py runs the same
servers as processes)."""

from __future__ import annotations

import json
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import anyio
import pytest

from tabletop.interfaces.web import create_app
from tabletop.interfaces.web.cluster import POLL_DOWN_S, ClusterSettings
from tabletop.interfaces.web.tables import Far

from .conftest import act, auth, create, free_port, view, wait_until
from .services import postgres_schema, redis_url
from .test_hoshi_strike import DELAY, WINDOW, history, result, to_strike

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

PERIM, HOSHI = "radiant-perim", "hoshi-battle"
# With Redis out of reach a worker comes to a strike through the revisions' poll, within
# POLL_DOWN_S: go's delay there is longer than that (within the referee's own, DELAY_S).
DOWN_DELAY = (POLL_DOWN_S + 0.5, POLL_DOWN_S + 0.6)


@pytest.fixture
def workers() -> Iterator[tuple[TestClient, TestClient]]:
    """Two workers on a new schema of the test database and the machine's Redis, their
    referees' delays short (as in test_hoshi_strike.py)."""
    with postgres_schema() as url:
        settings = ClusterSettings(redis_url(), lease_s=2.0)
        with TestClient(create_app(url, ai_pool="thread", ai_workers=1,
                                   cluster=settings)) as one, \
                TestClient(create_app(url, ai_pool="thread", ai_workers=1,
                                      cluster=settings)) as two:
            for c in (one, two):
                referee = c.app.state.hub.referee  # type: ignore[attr-defined]
                referee.delay, referee.window = DELAY, WINDOW
            yield one, two


def hub(c: TestClient) -> Any:
    return c.app.state.hub  # type: ignore[attr-defined]


def receive(ws: Any, timeout: float = 10.0) -> dict[str, Any]:
    """The socket's next message, or a failure after ``timeout`` (the test client's own
    receive waits for ever)."""
    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    ws._raise_on_close(message)
    return json.loads(message["text"])  # type: ignore[no-any-return]


def until(ws: Any, check: Callable[[dict[str, Any]], Any], timeout: float = 10.0
          ) -> dict[str, Any]:
    """The first message on ``ws`` that passes ``check`` within ``timeout``."""
    end = time.monotonic() + timeout
    while True:
        msg = receive(ws, max(0.01, end - time.monotonic()))
        if check(msg):
            return msg


def keeper(workers: tuple[TestClient, TestClient], tid: str) -> TestClient | None:
    """The worker holding the table's lease (its referee decides its strikes)."""
    held = [c for c in workers if f"table:{tid}" in hub(c).cluster.held]
    assert len(held) <= 1, held
    return held[0] if held else None


def window_of(msg: dict[str, Any]) -> dict[str, Any]:
    return msg.get("strike") or {}


# --- the live strike ---------------------------------------------------------------------


def test_a_strike_started_through_one_worker_is_raced_through_another(
        workers: tuple[TestClient, TestClient]) -> None:
    """Issue 29 with docs/web.md, "The real-time strike": both duelists connected to
    worker two, the move that rolls the strike made through worker one (the table's
    keeper, whose referee decides): worker two's sockets are told the same window, ready
    then go, and the striker's press made there after go lands, as on one server."""
    one, two = workers
    tid, tokens = create(one, HOSHI, "human", "human", params={"strike": "live"})
    with one.websocket_connect(f"/api/tables/{tid}/ws") as watcher, \
            two.websocket_connect(f"/api/tables/{tid}/ws") as ws0, \
            two.websocket_connect(f"/api/tables/{tid}/ws") as ws1:
        # a spectator first, through worker one: one keeps the table (takes its lease)
        for ws, token in ((watcher, None), (ws0, tokens[0]), (ws1, tokens[1])):
            ws.send_json({"token": token} if token else {})
            until(ws, lambda m: m["type"] == "state")
        assert keeper(workers, tid) is one
        window = to_strike(one, tid, tokens)
        assert hub(one).referee.windows[tid].id == window["id"]  # one referees it
        n = history(one, tid)
        ws = (ws0, ws1)[window["striker"]]
        ready = until(ws, lambda m: window_of(m).get("id") == window["id"])
        assert ready["strike"] == window and ready["legal"] == []
        until(ws, lambda m: window_of(m).get("phase") == "go")
        time.sleep(0.15)  # a person's reaction
        ws.send_json({"strike": "strike", "window": window["id"]})
        assert result(one, tid, tokens, n) == "strike hit"
        until(ws, lambda m: m["type"] != "pong" and window_of(m).get("id") != window["id"])
    assert hub(two).storage.actions(tid)[n].action == "strike hit"


def test_a_strike_is_raced_through_another_worker_while_redis_is_out_of_reach() -> None:
    """Issue 29, Faults (docs/deploy.md, "What a failure costs a strike"): Redis out of
    reach from the start (a port nobody listens on), both duelists connected to worker
    two, the keeper worker one: worker two reads the window from the store (nobody can
    tell it to look), shows it ready then go, and the striker's press made there after
    go reaches the keeper through the store and lands, as on one server."""
    with postgres_schema() as url:
        settings = ClusterSettings(f"redis://127.0.0.1:{free_port()}", lease_s=2.0)
        with TestClient(create_app(url, ai_pool="thread", ai_workers=1,
                                   cluster=settings)) as one, \
                TestClient(create_app(url, ai_pool="thread", ai_workers=1,
                                      cluster=settings)) as two:
            for c in (one, two):
                referee = hub(c).referee
                referee.delay, referee.window = DOWN_DELAY, WINDOW
            assert not hub(one).cluster.up and not hub(two).cluster.up
            tid, tokens = create(one, HOSHI, "human", "human", params={"strike": "live"})
            with one.websocket_connect(f"/api/tables/{tid}/ws") as watcher, \
                    two.websocket_connect(f"/api/tables/{tid}/ws") as ws0, \
                    two.websocket_connect(f"/api/tables/{tid}/ws") as ws1:
                for ws, token in ((watcher, None), (ws0, tokens[0]), (ws1, tokens[1])):
                    ws.send_json({"token": token} if token else {})
                    until(ws, lambda m: m["type"] == "state")
                assert keeper((one, two), tid) is one
                window = to_strike(one, tid, tokens)
                assert hub(one).referee.windows[tid].id == window["id"]  # one referees it
                n = history(one, tid)
                ws = (ws0, ws1)[window["striker"]]
                seen = until(ws, lambda m: window_of(m).get("id") == window["id"])
                if window_of(seen)["phase"] != "go":  # (a late poll on a busy machine: at go)
                    until(ws, lambda m: window_of(m).get("phase") == "go")
                time.sleep(0.15)  # a person's reaction
                ws.send_json({"strike": "strike", "window": window["id"]})
                assert result(one, tid, tokens, n) == "strike hit"
            assert not hub(one).cluster.up  # (all along without Redis)
            assert hub(two).storage.actions(tid)[n].action == "strike hit"


def test_who_is_connected_is_known_through_the_store_while_redis_is_out_of_reach() -> None:
    """Issue 29, Faults, with issue 31's grace period (docs/deploy.md, "Who is connected
    is shared too"): Redis out of reach from the start, two people at one table, each
    connected to another worker: both workers show both connected (each worker's word
    read from the store), with the round trip one measured known to the other; once one
    leaves, both show it gone and, past the grace period, the AI holds its seat."""
    with postgres_schema() as url:
        settings = ClusterSettings(f"redis://127.0.0.1:{free_port()}", lease_s=2.0)
        with TestClient(create_app(url, ai_pool="thread", ai_workers=1,
                                   cluster=settings)) as one, \
                TestClient(create_app(url, ai_pool="thread", ai_workers=1,
                                      cluster=settings)) as two:
            assert not hub(one).cluster.up and not hub(two).cluster.up
            tid, (p0, p1) = create(one, "radiant-arena", "human", "human", grace_s=5)

            def seats(c: TestClient) -> list[dict[str, Any]]:
                return c.get(f"/api/tables/{tid}/view").json()["table"]["seats"]  # type: ignore

            with one.websocket_connect(f"/api/tables/{tid}/ws") as ws0:
                ws0.send_json({"token": p0})
                until(ws0, lambda m: m["type"] == "state")
                with two.websocket_connect(f"/api/tables/{tid}/ws") as ws1:
                    ws1.send_json({"token": p1})
                    until(ws1, lambda m: m["type"] == "state")
                    ws1.send_json({"ping": 1})  # a round trip, measured by two
                    ws1.send_json({"probe": until(ws1, lambda m: m["type"] == "pong")["probe"]})
                    wait_until(lambda: all(x["connected"] for c in (one, two)
                                           for x in seats(c)), timeout=30)
                    wait_until(lambda: 1 in hub(one).tables[tid].elsewhere.get(
                        hub(two).cluster.name, Far(frozenset(), {}, 0)).rtt, timeout=30)
                # P2 left (its only connection was to two): gone on both, then held
                wait_until(lambda: not any(seats(c)[1]["connected"] for c in (one, two)),
                           timeout=30)
                wait_until(lambda: seats(one)[1]["ai_holding"]
                           and seats(two)[1]["ai_holding"], timeout=30)
                assert seats(one)[0]["connected"] and not seats(one)[0]["ai_holding"]


def test_a_defender_connected_to_another_worker_pulls_away_first(
        workers: tuple[TestClient, TestClient]) -> None:
    """Issue 29 with docs/web.md, "The real-time strike": the defender pulls away through
    worker two soon after its go, the striker strikes later through worker one (the
    keeper): the pull counts and the strike misses, as on one server; and nothing but
    "look again" went through Redis meanwhile (no window, no press, no time)."""
    import redis

    one, two = workers
    heard: list[dict[str, Any]] = []
    listener = redis.Redis.from_url(redis_url()).pubsub(ignore_subscribe_messages=True)
    listener.subscribe(hub(one).cluster.channel)
    stop = threading.Event()

    def listen() -> None:
        while not stop.is_set():
            msg = listener.get_message(timeout=0.1)
            if msg is not None:
                heard.append(json.loads(msg["data"]))

    follower = threading.Thread(target=listen)
    follower.start()
    try:
        tid, tokens = create(one, HOSHI, "human", "human", params={"strike": "live"})
        window = to_strike(one, tid, tokens)
        assert keeper(workers, tid) is one  # the move's worker took the lease
        n = history(one, tid)
        s, d = tokens[window["striker"]], tokens[window["defender"]]
        wait_until(lambda: window_of(view(two, tid, d)).get("phase") == "go", timeout=10,
                   step=0.005)
        for token, kind in ((d, "strike"), (s, "pull"), (None, "pull")):  # not theirs
            wrong = two.post(f"/api/tables/{tid}/strike", headers=auth(token),
                             json={"press": kind})
            assert wrong.status_code == 403, wrong.text
        time.sleep(0.12)
        r = two.post(f"/api/tables/{tid}/strike", headers=auth(d),
                     json={"press": "pull", "window": window["id"]})
        assert r.status_code == 200 and r.json()["counted"], r.text
        time.sleep(0.25)  # more than a Swift striker's edge
        one.post(f"/api/tables/{tid}/strike", headers=auth(s), json={"press": "strike"})
        assert result(one, tid, tokens, n) == "strike miss"
        # that window closed on both workers (the next strike may have opened already):
        # a late press in it is refused through either
        for c in (one, two):
            wait_until(lambda c=c: window_of(view(c, tid, s)).get("id") != window["id"],
                       timeout=10)
            late = c.post(f"/api/tables/{tid}/strike", headers=auth(s),
                          json={"press": "strike", "window": window["id"]})
            assert late.status_code == 409 and "no strike window" in late.json()["error"]
    finally:
        stop.set()
        follower.join(5)
        listener.close()
    assert heard and all(set(m) <= {"w", "t", "k", "s", "r"} for m in heard
                         if m["k"] != "beat"), heard
    assert all(set(m) == {"w", "k", "h"} and all(set(w) <= {"s", "r"} for w in
                                                 m["h"].values())
               for m in heard if m["k"] == "beat"), heard  # who is connected, nothing else
    assert {m["k"] for m in heard} <= {"wrote", "here", "who", "free", "strike", "beat"}, heard


# --- offers ------------------------------------------------------------------------------


def _takeback_offered(one: TestClient, three: int = 3) -> tuple[str, list[str], int,
                                                               dict[str, Any]]:
    """A table of ``three`` people through worker one; the first to act moves and asks to
    take it back: its id, tokens, the mover's seat and the position before the move."""
    tid, tokens = create(one, HOSHI, *["human"] * three)  # its first decision reveals nothing
    seat, start = next((s, m) for s, t in enumerate(tokens)
                       if (m := view(one, tid, t))["legal"])
    assert act(one, tid, tokens[seat], start["legal"][0], start["version"]).status_code == 200
    r = one.post(f"/api/tables/{tid}/undo", headers=auth(tokens[seat]))
    assert r.status_code == 200 and r.json()["offer"]["accepted"] == [], r.text
    return tid, tokens, seat, start


def _answer(c: TestClient, tid: str, token: str, offer: int, reply: str = "accept") -> Any:
    return c.post(f"/api/tables/{tid}/offers/{offer}", headers=auth(token),
                  json={"answer": reply})


def test_an_offer_partly_accepted_through_one_worker_is_carried_out_through_another(
        workers: tuple[TestClient, TestClient]) -> None:
    """Issue 29 with docs/web.md, "Undo and takebacks": among three people a takeback
    needs both others. One accepts through worker one: worker two shows that acceptance;
    the last accepts through worker two, and the takeback is carried out there, as on one
    server."""
    one, two = workers
    tid, tokens, seat, start = _takeback_offered(one)
    first, last = [t for s, t in enumerate(tokens) if s != seat]
    offer = view(one, tid, first)["offers"][0]
    got = _answer(one, tid, first, offer["id"])
    assert got.status_code == 200, got.text
    accepted = got.json()["offer"]["accepted"]
    assert accepted == [tokens.index(first)]
    wait_until(lambda: view(two, tid, last)["offers"][0]["accepted"] == accepted, timeout=10)
    done = _answer(two, tid, last, offer["id"])
    assert done.status_code == 200 and done.json()["undone"], done.text
    for c in (one, two):
        back = view(c, tid, tokens[seat])
        assert back["view"] == start["view"] and back["offers"] == []
        assert [n["kind"] for n in back["notices"]].count("takeback") == 1


def test_two_acceptances_at_once_through_two_workers_carry_the_offer_out_once(
        workers: tuple[TestClient, TestClient]) -> None:
    """Issue 29: the two others accept at the same moment, each through its own worker:
    both acceptances count (neither is refused), the takeback is carried out once, and
    both workers show the table back where it was."""
    one, two = workers
    tid, tokens, seat, start = _takeback_offered(one)
    view(two, tid)  # both workers hold the table
    offer = view(one, tid, tokens[seat])["offers"][0]["id"]
    others = [t for s, t in enumerate(tokens) if s != seat]
    begin = threading.Barrier(2)
    got: dict[int, Any] = {}

    def accept(i: int) -> None:
        begin.wait(10)
        got[i] = _answer((one, two)[i], tid, others[i], offer)

    threads = [threading.Thread(target=accept, args=(i,)) for i in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(r.status_code for r in got.values()) == [200, 200], \
        [r.text for r in got.values()]
    assert sum(bool(r.json().get("undone")) for r in got.values()) == 1
    for c in (one, two):
        back = wait_until(lambda c=c: (v := view(c, tid, tokens[seat]))["offers"] == [] and v,
                          timeout=10)
        assert back["view"] == start["view"]
    kinds = [n.kind for n in hub(one).storage.notices(tid)]
    assert kinds.count("takeback") == 1


# --- round trips -------------------------------------------------------------------------


def test_a_round_trip_measured_by_one_worker_counts_on_another(
        workers: tuple[TestClient, TestClient]) -> None:
    """Issue 29 with docs/web.md, "Lag": a seat's connection (and its pings) is on worker
    two; its action reaches worker one: the lag given back for its turn is its round trip
    as worker two measured it, as on one server (its lag bank, 3 s at the start and 1 s
    more each turn, loses what was given back)."""
    from tabletop.interfaces.web.clock import LAG_GAIN_MS, LAG_START_MS

    one, two = workers
    r = one.post("/api/tables", json={"game": PERIM, "players": 2,
                                      "seats": [{"kind": "human"}] * 2,
                                      "clock": {"mode": "move", "limit_s": 60}})
    assert r.status_code == 201, r.text
    tid, tokens = r.json()["table"]["id"], [s["token"] for s in r.json()["seats"]]
    seat = next(s for s, t in enumerate(tokens) if view(one, tid, t)["legal"])
    with two.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.send_json({"token": tokens[seat]})
        until(ws, lambda m: m["type"] == "state")
        for i in range(3):  # a client slow to echo: about 100 ms each way round
            ws.send_json({"ping": i})
            pong = until(ws, lambda m: m["type"] == "pong")
            time.sleep(0.1)
            ws.send_json({"probe": pong["probe"]})
        there = hub(two).tables[tid]
        wait_until(lambda: len(there.rtt[seat]) == 3, timeout=10)
        rtt = there.rtts()[seat]
        assert rtt >= 100
        here = hub(one).tables[tid]
        wait_until(lambda: here.rtts()[seat] == rtt, timeout=10)
        msg = view(one, tid, tokens[seat])
        assert act(one, tid, tokens[seat], msg["legal"][0], msg["version"]).status_code == 200
    bank = hub(one).storage.table(tid).clock["bank"][seat]
    assert bank <= LAG_START_MS + LAG_GAIN_MS - rtt  # at least one round trip given back


def test_another_workers_word_on_round_trips_is_checked(
        workers: tuple[TestClient, TestClient]) -> None:
    """Issue 29: what a worker hears on the channel is taken only as far as it makes
    sense: seats of the table, round trips of those seats, whole milliseconds within the
    cap; the rest is left out."""
    from tabletop.interfaces.web.clock import RTT_CAP_MS

    one, _ = workers
    tid, _ = create(one, PERIM, "human", "human")
    said = {"w": "elsewhere:1:abc", "t": tid, "k": "here", "s": [0, 7, "x"],
            "r": {"0": [90, "fast", -5, 10**6], "1": [50], "x": [1]}}
    one.portal.call(hub(one).cluster._heard, json.dumps(said))  # type: ignore[union-attr]
    live = hub(one).tables[tid]
    far = live.elsewhere["elsewhere:1:abc"]
    assert far.seats == {0} and far.rtt == {0: (90, 0, RTT_CAP_MS)}
    assert live.rtts() == [90, 0]
