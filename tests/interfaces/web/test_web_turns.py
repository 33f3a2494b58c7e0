"""Turn-based tables (issue 29, Finding a game: "Turn-based tables: a clock of hours or
days per move; a list of 'your turn' tables in the lobby ...; the game waits on the
server, nothing runs meanwhile"; docs/web.md, "Turn-based tables").

No test sleeps out an hour: the server's clock is moved on (:class:`Ahead`), and the
deadline task, which reads it again at least once a second, flags as soon as it is past.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tabletop.interfaces.web import create_app
from tabletop.interfaces.web.clock import Clock, ClockOptions
from tabletop.interfaces.web.limits import Settings

from .accounts_help import Person
from .conftest import act, create, view, wait_until

PERIM = "radiant-perim"
HOUR = 3600


class Ahead:
    """The server's time, moved on by the test."""

    def __init__(self) -> None:
        self.by = 0.0

    def __call__(self) -> float:
        return time.time() + self.by


def app(db: Path, **limits: float) -> TestClient:
    return TestClient(create_app(db, ai_pool="thread", ai_workers=1,
                                 limits=Settings().but(**limits)))


def turn_based(c: Any, limit: int = HOUR, on_timeout: str = "ai") -> tuple[str, list[str]]:
    return create(c, PERIM, "human", "human",
                  clock={"mode": "move", "limit_s": limit, "on_timeout": on_timeout})


def ahead(c: Any, tid: str | None = None) -> Ahead:
    """Put the server (and table ``tid`` if in memory) on a clock the test moves."""
    hub = c.app.state.hub
    clock = Ahead()
    hub.now = clock
    if tid is not None and tid in hub.tables:
        hub.tables[tid].now = clock
    return clock


def stored_notices(c: Any, tid: str) -> list[tuple[str, int | None]]:
    """The table's notices as the store has them (reading them does not load it)."""
    return [(n.kind, n.seat) for n in c.app.state.hub.storage.notices(tid)]


def turns(c: Any, *tokens: str, person: Person | None = None) -> list[dict[str, Any]]:
    if person is not None:
        r = person.call("POST", "/api/turns", json={"tokens": list(tokens)})
    else:
        r = c.post("/api/turns", json={"tokens": list(tokens)})
    assert r.status_code == 200, r.text
    return r.json()["turns"]  # type: ignore[no-any-return]


# --- the clock mode ---------------------------------------------------------------------


def test_a_limit_out_of_range_is_refused_with_what_is_allowed(client: Any) -> None:
    """Bad input: a clear 4xx, no table made (issue 29: "Bad input (a limit out of
    range) gets a clear 4xx")."""
    for choice, status, words in [
        ({"mode": "move", "limit_s": 15 * 86400}, 422, "limit_s"),  # over any clock's
        ({"mode": "game", "limit_s": 4 * HOUR}, 400, "at most 3 hours"),
        ({"mode": "move", "limit_s": "a day"}, 422, "limit_s"),
    ]:
        r = client.post("/api/tables", json={"game": PERIM, "players": 2, "clock": choice,
                                             "seats": [{"kind": "human"}] * 2})
        assert r.status_code == status and words in r.json()["error"], (choice, r.text)
    assert client.get("/api/tables").json()["tables"] == []
    tid, _ = turn_based(client, 14 * 86400)  # two weeks a turn: the most
    assert view(client, tid)["clock"]["limit_ms"] == 14 * 86400 * 1000


def test_a_turn_based_table_has_no_grace_period(client: Any) -> None:
    """Its people come and go for days: the AI never takes a seat for being away."""
    tid, _ = create(client, PERIM, "human", "human", grace_s=30,
                    clock={"mode": "move", "limit_s": 2 * HOUR})
    assert client.app.state.hub.tables[tid].row.options["grace_s"] is None
    real_time, _ = create(client, PERIM, "human", "human", grace_s=30,
                          clock={"mode": "move", "limit_s": 60})
    assert client.app.state.hub.tables[real_time].row.options["grace_s"] == 30


def test_a_turn_based_deadline_is_not_moved_by_a_restart() -> None:
    """Clock.resumed: a real-time clock gives the seat time to reconnect; a turn of
    hours keeps its deadline in wall time."""
    people = [0, 1]
    for limit, moved in [(60_000, True), (HOUR * 1000, False)]:
        c = Clock.new(ClockOptions("move", limit), people, 2)
        c = c.sync(type("P", (), {"to_act": 0, "is_over": False})(), {0, 1}, now=100.0,
                   rtt=(0, 0))
        assert (c.resumed(500.0).started != c.started) is moved, limit


def test_the_turn_times_out_after_its_limit_and_starts_afresh_each_move(client: Any
                                                                       ) -> None:
    tid, (t0, t1) = turn_based(client)
    clock = ahead(client, tid)
    live = client.app.state.hub.tables[tid]
    m = view(client, tid, t0)
    assert m["clock"]["running"] == 0
    assert HOUR * 1000 - 5000 < m["clock"]["deadline_in_ms"] <= HOUR * 1000
    clock.by = HOUR / 2  # half the turn: seat 0 moves in time
    assert act(client, tid, t0, m["legal"][0], m["version"]).status_code == 200
    m = view(client, tid, t1)
    assert m["clock"]["running"] == 1 and m["clock"]["deadline_in_ms"] > HOUR * 1000 - 5000
    clock.by += HOUR / 2
    assert act(client, tid, t1, m["legal"][0], m["version"]).status_code == 200
    m = view(client, tid, t0)  # seat 0's next turn: the whole hour again, not half
    assert m["clock"]["running"] == 0 and m["clock"]["deadline_in_ms"] > HOUR * 1000 - 5000
    assert ("timeout", 0) not in stored_notices(client, tid)
    clock.by += HOUR - 60  # a minute before: nothing yet
    client.portal.call(lambda: None)
    assert ("timeout", 0) not in stored_notices(client, tid)
    clock.by += 61
    wait_until(lambda: ("timeout", 0) in stored_notices(client, tid), timeout=10)
    wait_until(lambda: live.state.to_act == 1, timeout=20)  # the AI played that turn
    assert live.by[-1] == "ai"


def test_a_due_deadline_fires_with_the_table_out_of_memory(db: Path) -> None:
    """Nobody opens the table: the periodic check of stored deadlines brings it back and
    the seat loses on time (on_timeout = lose)."""
    with app(db, deadlines_every_s=0.05) as c:
        tid, (t0, _) = turn_based(c, HOUR, "lose")
        hub = c.app.state.hub
        clock = ahead(c, tid)
        c.portal.call(hub.evict, hub.tables[tid])
        assert tid not in hub.tables
        clock.by = HOUR / 2
        c.portal.call(hub.clocks.check_stored)  # not due: it stays in the store
        assert tid not in hub.tables
        clock.by = HOUR + 1
        wait_until(lambda: ("timeout", 0) in stored_notices(c, tid), timeout=10)
        row = wait_until(lambda: (r := hub.storage.table(tid)) and r.status == "over" and r)
        assert "ran out of time" in row.record["outcome"]["reason"]
        assert turns(c, t0) == []


def test_a_turn_based_deadline_survives_a_restart(db: Path) -> None:
    with app(db) as c:
        tid, (t0, _) = turn_based(c, 2 * HOUR)
        before = c.app.state.hub.storage.table(tid).clock
        left = view(c, tid, t0)["clock"]["deadline_in_ms"]
    with app(db, deadlines_every_s=0.05) as c:
        hub = c.app.state.hub
        assert hub.storage.table(tid).clock["started"] == before["started"]
        after = view(c, tid, t0)["clock"]
        assert after["running"] == 0 and after["deadline_in_ms"] <= left  # no time given
        clock = ahead(c, tid)
        clock.by = 2 * HOUR + 1
        wait_until(lambda: ("timeout", 0) in stored_notices(c, tid), timeout=10)
    # A restart that does not bring the table back (memory holds one table, and a newer
    # one is resumed first): the periodic check finds its deadline in the store.
    with app(db) as c:
        tid2, _ = turn_based(c, HOUR, "lose")
        newer, _ = create(c, PERIM, "human", "human")
    with app(db, deadlines_every_s=0.05, max_live=1) as c:
        hub = c.app.state.hub
        assert tid2 not in hub.tables and newer in hub.tables
        clock = ahead(c)
        clock.by = HOUR + 1
        wait_until(lambda: ("timeout", 0) in stored_notices(c, tid2), timeout=10)
        assert hub.storage.table(tid2).status == "over"


# --- the "your turn" list -------------------------------------------------------------


def test_your_turns_lists_only_my_seats_whose_turn_it_is(client: Any) -> None:
    tid, (a, b) = turn_based(client)
    other, (c0, _) = create(client, PERIM, "human", "human")  # no clock: listed too
    mine = turns(client, a)
    assert [(t["table"], t["seat"], t["turn_based"]) for t in mine] == [(tid, 0, True)]
    assert HOUR * 1000 - 5000 < mine[0]["left_ms"] <= HOUR * 1000
    assert turns(client, b) == []  # not B's turn; and B never sees A's seat
    assert turns(client, "not-a-token") == [] and turns(client) == []
    both = turns(client, a, c0)
    assert [(t["table"], t["seat"], t["left_ms"]) for t in both] == [
        (tid, 0, both[0]["left_ms"]), (other, 0, None)]
    m = view(client, tid, a)
    act(client, tid, a, m["legal"][0], m["version"])
    assert turns(client, a) == [] and [t["seat"] for t in turns(client, b)] == [1]
    assert "token" not in str(turns(client, b))  # nothing secret comes back


def test_your_turns_reads_a_table_out_of_memory_without_loading_it(db: Path) -> None:
    with app(db) as c:
        tid, (a, _) = turn_based(c)
        hub = c.app.state.hub
        c.portal.call(hub.evict, hub.tables[tid])
        listed = turns(c, a)
        assert [t["table"] for t in listed] == [tid] and listed[0]["left_ms"] > 0
        assert tid not in hub.tables  # it waits in the store


def play_turn(c: Any, tid: str, token: str) -> int:
    """The seat of ``token`` plays its whole turn (its first legal action until another
    seat is to act: a turn may be several decisions); how many actions it took."""
    for n in range(50):
        m = view(c, tid, token)
        if m["table"]["to_act"] != m["seat"]:
            assert n > 0, m  # it was this seat's turn
            return n
        assert act(c, tid, token, m["legal"][0], m["version"]).status_code == 200
    raise AssertionError("the turn did not end")


def test_a_turn_that_ends_and_comes_back_is_told_by_its_later_start(db: Path) -> None:
    """Issue 29, "a browser notification when one becomes yours": my move then theirs,
    both between two readings of the list, leave it looking the same; ``since``, the
    step my turn began at, tells the new turn (in memory and out of it alike)."""
    with app(db) as c:
        tid, (a, b) = turn_based(c)
        [first] = turns(c, a)
        assert first["since"] == 0
        played = play_turn(c, tid, a) + play_turn(c, tid, b)
        [again] = turns(c, a)
        assert again["since"] == played  # begun right after their last action
        hub = c.app.state.hub
        c.portal.call(hub.evict, hub.tables[tid])
        [stored] = turns(c, a)
        assert tid not in hub.tables  # read from the store
        assert {**stored, "left_ms": 0} == {**again, "left_ms": 0}  # (its time runs)
        m = view(c, tid, a)
        assert act(c, tid, a, m["legal"][0], m["version"]).status_code == 200
        now = turns(c, a)
        assert now == [] or now[0]["since"] == played  # (a turn of several decisions)


def test_your_turns_lists_an_accounts_seats_and_no_one_elses(client: Any) -> None:
    ann, bob = Person(client, "ann"), Person(client, "bob")
    r = ann.call("POST", "/api/tables", json={
        "game": PERIM, "players": 2, "seats": [{"kind": "human"}] * 2,
        "clock": {"mode": "move", "limit_s": 86400}})
    assert r.status_code == 201, r.text
    tid = r.json()["table"]["id"]
    assert [t["table"] for t in turns(client, person=ann)] == [tid]  # no token needed
    assert turns(client, person=bob) == [] and turns(client) == []


def test_your_turns_refuses_too_many_tokens(client: Any) -> None:
    r = client.post("/api/turns", json={"tokens": ["x"] * 51})
    assert r.status_code == 422 and "tokens" in r.text


# --- several servers --------------------------------------------------------------------


def test_with_several_servers_only_the_lease_holder_acts_on_a_due_deadline() -> None:
    """Issue 29: "with several servers only the lease holder acts" (cluster.py): a due
    turn-based table whose lease another server holds is left to it; once that lease
    has expired (its server died), this one takes the table and the deadline fires."""
    import psycopg

    from tabletop.interfaces.web.cluster import ClusterSettings

    from .services import postgres_schema, redis_url

    with postgres_schema() as url:
        app_ = create_app(url, ai_pool="thread", ai_workers=1,
                          cluster=ClusterSettings(redis_url(), lease_s=600.0),
                          limits=Settings().but(deadlines_every_s=600))
        with TestClient(app_) as c:
            tid, _ = turn_based(c, HOUR, "lose")
            hub = c.app.state.hub
            c.portal.call(hub.evict, hub.tables[tid])  # (gives its lease up)
            with psycopg.connect(url, autocommit=True) as db:
                db.execute("INSERT INTO leases (name, owner, expires) VALUES (%s, %s, %s)",
                           (f"table:{tid}", "another-worker", time.time() + 600))
            clock = ahead(c)
            clock.by = HOUR + 1
            assert c.portal.call(hub.clocks.check_stored) == 0  # the other's to act on
            assert tid not in hub.tables and ("timeout", 0) not in stored_notices(c, tid)
            with psycopg.connect(url, autocommit=True) as db:
                db.execute("UPDATE leases SET expires = 0 WHERE name = %s",
                           (f"table:{tid}",))
            assert c.portal.call(hub.clocks.check_stored) == 1
            wait_until(lambda: ("timeout", 0) in stored_notices(c, tid), timeout=10)
            assert hub.storage.table(tid).status == "over"


def test_a_turn_based_clock_takes_no_gift_of_fifteen_seconds(client: Any) -> None:
    tid, (_, t1) = turn_based(client)
    r = client.post(f"/api/tables/{tid}/clock/give", headers={"X-Seat-Token": t1},
                    json={"seat": 0})
    assert r.status_code == 409 and "turn-based" in r.json()["error"]
    assert not [n for n in view(client, tid)["notices"] if n["kind"] == "time_given"]


def test_a_rated_turn_based_table_needs_no_grace_period(client: Any) -> None:
    """A rated table needs a grace period (a player gone past it loses), but a
    turn-based one's people are away by design: its clock decides instead."""
    ann = Person(client, "ann")
    body = {"game": PERIM, "players": 2, "seats": [{"kind": "human"}] * 2, "rated": True,
            "grace_s": None}
    r = ann.call("POST", "/api/tables", json=body)
    assert r.status_code == 400 and "grace" in r.json()["error"]
    r = ann.call("POST", "/api/tables", json={
        **body, "clock": {"mode": "move", "limit_s": 86400, "on_timeout": "lose"}})
    assert r.status_code == 201, r.text
    assert r.json()["table"]["options"]["rated"]
