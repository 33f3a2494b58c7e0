"""Several servers on one PostgreSQL store, meeting through Redis (issue 29, Several
servers; docs/deploy.md, "Several workers"): real ``tabletop serve --redis`` processes on
one schema, each on its own port as behind a proxy, so that a test chooses which one a
request reaches. Any server answers any request with the newest state; a move made
through one reaches a socket on another; of two racing actions through two servers
exactly one applies; a table's AI seats have one keeper; and the faults of the issue:
one of three servers killed (``kill -9``) mid-games, Redis stopped and started, the
database's connections cut.

Skipped with one line where PostgreSQL or Redis is absent (a failure under
``TABLETOP_REQUIRE_SERVICES=1``)."""

from __future__ import annotations

import contextlib
import json
import os
import random
import secrets
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tabletop.core import Record, replay

from .conftest import TEST_LIMITS, Server, free_port, wait_until
from .services import own_redis, postgres_schema, redis_url

LEASE_S = 2.0  # the servers' lease: a dead one's tables go on about this long after
PERIM, HOSHI = "radiant-perim", "hoshi-battle"

Start = Callable[..., list[Server]]


def _start(url: str, redis: str, log: Path, extra: tuple[str, ...] = ()) -> Server:
    port = free_port()
    out = log.open("ab")
    proc = subprocess.Popen(
        [sys.executable, "-c", "from tabletop.interfaces.cli.app import main; main()",
         "serve", "--port", str(port), "--db", url, "--redis", redis, "--lease",
         str(LEASE_S), "--no-open", *TEST_LIMITS, *extra],
        stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"},
        start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 90
    while True:
        try:
            if httpx.get(base + "/healthz", timeout=2).status_code == 200:
                return Server(base, proc, log)
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > end:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, 9)
            raise AssertionError(f"the server did not start: {log.read_text()[-3000:]}")
        time.sleep(0.1)


@pytest.fixture
def store_url() -> Iterator[str]:
    """A new schema of the test database, named for this test's connections too (so that
    a test cuts its own servers' connections only)."""
    with postgres_schema() as url:
        yield f"{url}&application_name=tabletop_test_{secrets.token_hex(4)}"


@pytest.fixture
def servers(store_url: str, tmp_path: Path) -> Iterator[Start]:
    """``servers(n, redis=...)``: n servers on this test's store (the machine's Redis by
    default), each logging to its own file; all stopped at the end."""
    started: list[Server] = []

    def start(n: int, redis: str | None = None) -> list[Server]:
        chosen = redis or redis_url()
        # Started one after the other: the first one applies the migrations.
        got = [_start(store_url, chosen, tmp_path / f"server{len(started) + i}.log")
               for i in range(n)]
        started.extend(got)
        return got

    yield start
    for s in started:
        s.stop()


# --- helpers ---------------------------------------------------------------------------


def _make(server: Server, game: str, *kinds: str, **extra: Any) -> tuple[str, list[str]]:
    seats = [{"kind": "human"} if k == "human" else {"kind": "ai", "difficulty": k}
             for k in kinds]
    r = httpx.post(f"{server.url}/api/tables", timeout=30,
                   json={"game": game, "players": len(kinds), "seats": seats, **extra})
    assert r.status_code == 201, r.text
    body = r.json()
    return body["table"]["id"], [s["token"] for s in body["seats"]]


def _get(server: Server, path: str, token: str | None = None) -> dict[str, Any]:
    r = httpx.get(server.url + path, headers={"X-Seat-Token": token} if token else {},
                  timeout=30)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def _act(server: Server, tid: str, token: str, action: str, version: int) -> httpx.Response:
    return httpx.post(f"{server.url}/api/tables/{tid}/actions", timeout=30,
                      headers={"X-Seat-Token": token},
                      json={"action": action, "version": version})


@contextlib.contextmanager
def _socket(server: Server, tid: str, token: str | None) -> Iterator[ClientConnection]:
    """A WebSocket to the table on ``server``, its hello sent."""
    with connect(server.url.replace("http", "ws") + f"/api/tables/{tid}/ws",
                 open_timeout=20) as ws:
        ws.send(json.dumps({"token": token} if token else {}))
        yield ws


def _until(ws: ClientConnection, check: Callable[[dict[str, Any]], bool],
           timeout: float = 20.0) -> dict[str, Any]:
    """The first message on ``ws`` that passes ``check`` (within ``timeout``)."""
    end = time.monotonic() + timeout
    while True:
        left = end - time.monotonic()
        if left <= 0:
            raise AssertionError("no such message arrived")
        msg: dict[str, Any] = json.loads(ws.recv(timeout=left))
        if check(msg):
            return msg


def _stored(store_url: str, tid: str) -> list[tuple[int, str, str]]:
    import psycopg

    with psycopg.connect(store_url, autocommit=True) as db:
        rows = db.execute("SELECT n, action, hash FROM actions WHERE table_id = %s "
                          "ORDER BY n", (tid,)).fetchall()
    return [(int(n), str(a), str(h)) for n, a, h in rows]


def _status(store_url: str, tid: str) -> str:
    import psycopg

    with psycopg.connect(store_url, autocommit=True) as db:
        return str(db.execute("SELECT status FROM tables WHERE id = %s", (tid,)).fetchone()[0])


def _replays(store_url: str, tid: str) -> int:
    """Replay the table's stored actions: every stored hash must be the replay's (the
    store holds one line of play, whichever servers wrote it). Returns how many."""
    import psycopg

    with psycopg.connect(store_url, autocommit=True) as db:
        game, rules, players, params, seed = db.execute(
            "SELECT game, rules_version, players, params, seed FROM tables WHERE id = %s",
            (tid,)).fetchone()
    rows = _stored(store_url, tid)
    assert [n for n, _, _ in rows] == list(range(len(rows)))
    record = Record(game, rules, {"players": players, **json.loads(params)}, seed, [], None,
                    "0" * 64)
    for n, action, digest in rows:
        record.actions.append(action)
        assert replay(record).state_hash() == digest, f"table {tid}: action {n}"
    return len(rows)


def _mover(server: Server, tid: str, tokens: list[str]) -> tuple[str, str, int] | None:
    """(token, action, version) of a person to act at the table now, or None."""
    for token in tokens:
        got = _get(server, f"/api/tables/{tid}/legal", token)
        if got["legal"]:
            return token, got["legal"][0], got["version"]
    return None


# --- any server, the newest state ------------------------------------------------------


def test_a_move_through_one_server_is_seen_at_once_through_another(servers: Start) -> None:
    """Issue 29: any worker answers any request; a move made through worker 1 reaches a
    player connected to worker 2 (pushed, not polled)."""
    a, b = servers(2)
    tid, tokens = _make(a, PERIM, "human", "human", "human")
    with _socket(b, tid, tokens[1]) as ws:
        _until(ws, lambda m: m["type"] == "state")
        for _ in range(4):
            token, action, version = _mover(a, tid, tokens)  # type: ignore[misc]
            r = _act(a, tid, token, action, version)
            assert r.status_code == 200, r.text
            # at once through the other server (it reads the store's revision) ...
            assert _get(b, f"/api/tables/{tid}/legal", token)["version"] == \
                r.json()["version"]
            # ... and pushed to the socket on the other server
            expect = _get(a, f"/api/tables/{tid}/view", tokens[1])["version"]
            _until(ws, lambda m, v=expect: m["type"] == "update" and m["version"] == v)
    assert _replays(_store_of(a), tid) >= 4


def _store_of(server: Server) -> str:
    """The store URL the server was started with (its command line)."""
    args = server.proc.args
    assert isinstance(args, list)
    return str(args[args.index("--db") + 1])


def test_of_two_racing_actions_through_two_servers_exactly_one_applies(
        servers: Start) -> None:
    """Issue 29: one table's actions are serialised across workers: of two racing
    actions, exactly one applies, whichever worker each reaches; the other is refused
    (409) and nothing of it is stored."""
    a, b = servers(2)
    tid, tokens = _make(a, PERIM, "human", "human", "human")
    _get(b, f"/api/tables/{tid}/view")  # both servers hold the table in memory
    for _ in range(6):
        token, _, version = _mover(a, tid, tokens)  # type: ignore[misc]
        legal = _get(b, f"/api/tables/{tid}/legal", token)["legal"]
        picks = (legal[0], legal[-1])  # maybe two different actions, one seat
        start = threading.Barrier(2)
        got: dict[str, httpx.Response] = {}

        def race(server: Server, action: str, start: threading.Barrier = start,
                 got: dict[str, httpx.Response] = got, token: str = token,
                 version: int = version) -> None:
            start.wait(10)
            got[server.url] = _act(server, tid, token, action, version)

        threads = [threading.Thread(target=race, args=(s, p))
                   for s, p in zip((a, b), picks, strict=True)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        codes = sorted(r.status_code for r in got.values())
        assert codes == [200, 409], [r.text for r in got.values()]
        winner = next(r for r in got.values() if r.status_code == 200).json()["applied"]
        stored = _stored(_store_of(a), tid)
        assert stored[-1][1] == winner  # the one acknowledged is the one stored
        for s in (a, b):  # both servers show the same table after the race
            assert _get(s, f"/api/tables/{tid}/legal", token)["version"] != version
    assert _replays(_store_of(a), tid) == 6


def test_an_ai_seat_is_played_by_one_server_only(servers: Start) -> None:
    """Issue 29: AI seats have one owner at a time (a lease in the database): two servers
    holding one AI table never both play its AI seats (no append is refused for it)."""
    a, b = servers(2)
    tid, _ = _make(a, PERIM, "easy", "easy", "easy")
    for _ in range(20):  # both hold it and watch it
        _get(random.choice((a, b)), f"/api/tables/{tid}/view")
    wait_until(lambda: _get(b, f"/api/tables/{tid}/view")["table"]["status"] == "over",
               timeout=120)
    assert _replays(_store_of(a), tid) > 0
    for s in (a, b):
        assert "is not the next one" not in s.log.read_text()  # no second player


def test_who_is_connected_is_known_on_every_server(servers: Start) -> None:
    """Issue 29 with issue 31's grace period: two people at one table, each connected to
    another server: both servers show both connected, and past the grace period the AI
    holds neither seat; once one leaves, the AI holds its seat after the grace period,
    and hands it back when the person comes back through the other server."""
    a, b = servers(2)
    grace = 5  # the least the API takes
    tid, (p0, p1) = _make(a, "radiant-arena", "human", "human", grace_s=grace)

    def seats(s: Server) -> list[dict[str, Any]]:
        return _get(s, f"/api/tables/{tid}/view")["table"]["seats"]  # type: ignore[no-any-return]

    def kinds(s: Server) -> list[str]:
        return [n["kind"] for n in _get(s, f"/api/tables/{tid}/view")["notices"]]

    with _socket(a, tid, p0) as ws0:
        _until(ws0, lambda m: m["type"] == "state")
        with _socket(b, tid, p1) as ws1:
            _until(ws1, lambda m: m["type"] == "state")
            wait_until(lambda: all(x["connected"] for s in (a, b) for x in seats(s)))
            time.sleep(grace + 2)  # past the grace period, both still connected
            for s in (a, b):
                assert not any(x["ai_holding"] for x in seats(s)), seats(s)
                assert "ai_holds" not in kinds(s)
        # P2 left (its only connection was to b): the AI holds its seat after the grace
        wait_until(lambda: seats(a)[1]["ai_holding"] and seats(b)[1]["ai_holding"],
                   timeout=30)
        with _socket(a, tid, p1) as back:  # back, through the other server
            _until(back, lambda m: m["type"] == "state")
            wait_until(lambda: not seats(b)[1]["ai_holding"] and seats(b)[1]["connected"],
                       timeout=30)
    assert kinds(b).count("ai_holds") == 1 and kinds(b).count("ai_releases") == 1


def _post(server: Server, path: str, token: str, body: dict[str, Any] | None = None
          ) -> dict[str, Any]:
    r = httpx.post(server.url + path, headers={"X-Seat-Token": token}, json=body,
                   timeout=30)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_offers_made_through_one_server_are_answered_through_another(
        servers: Start) -> None:
    """Issue 29 with the takeback and the rematch (docs/web.md, "Undo and takebacks",
    "Rematch"): an offer made through one server is seen, declined or accepted through
    another, by the same id."""
    a, b = servers(2)
    tid, (p1, p2) = _make(a, "radiant-arena", "human", "human")
    base = f"/api/tables/{tid}"
    start = _get(a, base + "/view", p1)
    assert _act(a, tid, p1, start["legal"][0], start["version"]).status_code == 200
    offer = _post(a, base + "/undo", p1)["offer"]
    wait_until(lambda: _get(b, base + "/view", p2)["offers"] == [offer])
    _post(b, base + f"/offers/{offer['id']}", p2, {"answer": "decline"})
    assert _get(a, base + "/view", p1)["offers"] == []
    offer = _post(a, base + "/undo", p1)["offer"]
    assert _get(b, base + "/view", p2)["offers"] == [offer]
    assert _post(b, base + f"/offers/{offer['id']}", p2, {"answer": "accept"})["undone"]
    back = _get(a, base + "/view", p1)
    assert back["view"] == start["view"] and back["offers"] == []
    _post(a, base + "/concede", p1)
    offer = _post(a, base + "/rematch", p1)["offer"]
    assert offer["kind"] == "rematch"
    assert _get(b, base + "/view", p2)["offers"] == [offer]
    _post(b, base + f"/offers/{offer['id']}", p2, {"answer": "accept"})
    made = _get(a, base + "/view", p1)["rematch"]
    assert made and made["table"] == _get(b, base + "/view", p2)["rematch"]["table"]


# --- faults ----------------------------------------------------------------------------


def _leases(store_url: str) -> dict[str, str]:
    """Each table's lease: table id -> the owner's process id (the owners are named
    host:pid:random)."""
    import psycopg

    with psycopg.connect(store_url, autocommit=True) as db:
        rows = db.execute("SELECT name, owner FROM leases WHERE name LIKE 'table:%'"
                          ).fetchall()
    return {str(n)[len("table:"):]: str(o).split(":")[1] for n, o in rows}


def _answered(server: Server, tid: str, token: str, timeout: float = 60.0) -> bool:
    """Wait until the person is to act again at the table (its AI seats answered), or the
    game is over; returns whether it goes on."""
    end = time.monotonic() + timeout
    while True:
        msg = _get(server, f"/api/tables/{tid}/view", token)
        if msg["table"]["status"] == "over":
            return False
        if msg["legal"]:
            return True
        if time.monotonic() > end:
            seen = {k: msg["table"].get(k) for k in ("to_act", "thinking", "broken")}
            raise AssertionError(f"table {tid}: its AI seats did not answer ({seen}); the "
                                 f"server's log ends: {server.log.read_text()[-2000:]}")
        time.sleep(0.05)


def test_one_of_three_servers_killed_mid_games_every_table_goes_on(
        servers: Start, store_url: str) -> None:
    """Issue 29, Faults: kill -9 one of three workers in the middle of games: every table
    goes on through the others (its AI seats taken over once the dead one's lease
    expires), no acknowledged action is lost, and the stored actions replay to their
    hashes."""
    group = servers(3)
    tables = [_make(group[i % 3], PERIM, "human", "easy", "easy") for i in range(4)]
    acked: dict[str, list[str]] = {tid: [] for tid, _ in tables}
    rng = random.Random(29)

    def play(among: list[Server], moves: int) -> None:
        for _ in range(moves):
            for tid, (token,) in tables:
                s = rng.choice(among)
                if not _answered(s, tid, token):
                    continue
                legal = _get(s, f"/api/tables/{tid}/legal", token)
                r = _act(s, tid, token, rng.choice(legal["legal"]), legal["version"])
                assert r.status_code == 200, r.text
                acked[tid].append(r.json()["applied"])

    play(group, 2)
    owners = _leases(store_url)
    by_pid = {str(s.proc.pid): s for s in group}
    doomed = max(group, key=lambda s: sum(o == str(s.proc.pid) for o in owners.values()))
    kept = [tid for tid, o in owners.items() if o == str(doomed.proc.pid)]
    assert kept and set(owners.values()) <= set(by_pid), owners  # it keeps some tables
    doomed.kill()  # no shutdown: its leases are left to expire
    living = [s for s in group if s is not doomed]
    play(living, 3)  # the AI seats it kept answer again, through the others
    for tid, (token,) in tables:
        _answered(living[0], tid, token)
    after = _leases(store_url)
    for tid in kept:
        if tid in after:
            assert after[tid] != str(doomed.proc.pid)
    for tid, _ in tables:
        assert _replays(store_url, tid) > 0
        import psycopg

        with psycopg.connect(store_url, autocommit=True) as db:
            people = [str(a) for (a,) in db.execute(
                "SELECT action FROM actions WHERE table_id = %s AND by = 'person' ORDER BY n",
                (tid,)).fetchall()]
        assert people == acked[tid]  # every acknowledged action, and no other


def test_redis_stopped_and_started_nothing_is_lost(servers: Start, tmp_path: Path) -> None:
    """Issue 29, Faults: Redis stopped and started: the servers go on meanwhile (a
    socket on one server still gets the moves made through another, from the store),
    and listen again once it is back; nothing is lost."""
    with own_redis(free_port(), str(tmp_path)) as own:
        a, b = servers(2, redis=own.url)
        tid, tokens = _make(a, PERIM, "human", "human", "human")

        def move_and_see(ws: ClientConnection) -> None:
            token, action, version = _mover(a, tid, tokens)  # type: ignore[misc]
            r = _act(a, tid, token, action, version)
            assert r.status_code == 200, r.text
            expect = _get(a, f"/api/tables/{tid}/view", tokens[1])["version"]
            _until(ws, lambda m: m["type"] == "update" and m["version"] == expect)

        with _socket(b, tid, tokens[1]) as ws:
            _until(ws, lambda m: m["type"] == "state")
            move_and_see(ws)
            own.stop()
            for _ in range(2):
                move_and_see(ws)  # from the store while Redis is away
            wait_until(lambda: all("lost Redis" in s.log.read_text() for s in (a, b)),
                       timeout=30)
            own.start()
            wait_until(lambda: all(s.log.read_text().count("listening to the other")
                                   >= 2 for s in (a, b)), timeout=30)
            move_and_see(ws)
    assert _replays(_store_of(a), tid) == 4


def test_database_connections_cut_requests_recover(servers: Start, store_url: str) -> None:
    """Issue 29, Faults: the database's connections cut (as when PostgreSQL restarts):
    requests answer 503 meanwhile or go on, never a 500; the servers recover by
    themselves and no acknowledged action is lost."""
    import psycopg

    a, b = servers(2)
    tid, tokens = _make(a, PERIM, "human", "human", "human")
    name = store_url.rsplit("application_name=", 1)[1]
    acked = []
    for i in range(6):
        if i in (2, 4):
            with psycopg.connect(store_url.replace(name, "cutter"), autocommit=True) as db:
                db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                           "application_name = %s", (name,))
        s = (a, b)[i % 2]
        token, action, version = _mover(s, tid, tokens)  # type: ignore[misc]
        end = time.monotonic() + 30
        while True:
            r = _act(s, tid, token, action, version)
            assert r.status_code in (200, 503), r.text
            if r.status_code == 200 or time.monotonic() > end:
                break
            time.sleep(0.2)
        assert r.status_code == 200, r.text
        acked.append(r.json()["applied"])
    assert [act for _, act, _ in _stored(store_url, tid)] == acked
    assert _replays(store_url, tid) == 6


# --- --workers N behind one port -------------------------------------------------------


def test_workers_behind_one_port_answer_alike(store_url: str, tmp_path: Path) -> None:
    """Issue 29: ``tabletop serve --workers 2``: two worker processes behind one port,
    either answering any request (each names itself in X-Tabletop-Worker); a socket on
    one gets the moves made through the other; a worker killed is replaced and the
    table goes on."""
    server = _start(store_url, redis_url(), tmp_path / "workers.log", ("--workers", "2"))
    try:
        tid, tokens = _make(server, PERIM, "human", "human", "human")
        seen: dict[str, int] = {}

        def both() -> bool:
            # a new connection each time: the kernel hands it to either worker
            r = httpx.get(f"{server.url}/api/tables/{tid}/view", timeout=30)
            assert r.status_code == 200
            seen[r.headers["X-Tabletop-Worker"]] = r.json()["version"]
            return len(seen) == 2

        wait_until(both, timeout=60, step=0)
        with contextlib.ExitStack() as sockets:
            ws = sockets.enter_context(_socket(server, tid, tokens[1]))
            _until(ws, lambda m: m["type"] == "state")
            for i in range(8):  # through whichever worker each request reaches
                if i == 4:  # one worker killed: the other answers, a new one starts
                    before = set(seen)
                    os.kill(_children(server.proc.pid)[0], 9)
                token, action, version = _mover(server, tid, tokens)  # type: ignore[misc]
                r = _act(server, tid, token, action, version)
                assert r.status_code == 200, r.text
                expect = _get(server, f"/api/tables/{tid}/view", tokens[1])["version"]
                try:
                    _until(ws, lambda m, v=expect: m["type"] == "update"
                           and m["version"] == v)
                except ConnectionClosed:
                    assert i == 4  # the socket was on the killed worker: the page
                    # reconnects, to the other one, and is sent the whole table
                    ws = sockets.enter_context(_socket(server, tid, tokens[1]))
                    _until(ws, lambda m, v=expect: m["type"] == "state"
                           and m["version"] == v)

        def replaced() -> bool:  # the new worker answers: a name not seen before the kill
            both()
            return bool(set(seen) - before)

        wait_until(replaced, timeout=60, step=0)
        wait_until(lambda: len(_children(server.proc.pid)) == 2, timeout=30)
    finally:
        server.stop()
    assert _replays(store_url, tid) == 8


def _scrape(server: Server) -> dict[str, float]:
    """One scrape of ``/metrics`` through the one port: each sample (name and labels as
    written) and its value."""
    r = httpx.get(f"{server.url}/metrics", timeout=30)
    assert r.status_code == 200, r.text
    out = {}
    for line in r.text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            out[name] = float(value)
    return out


VIEWS = 'tabletop_http_requests_total{method="GET",route="/api/tables/{table_id}/view",' \
    'status="200"}'
VIEW_TIMES = 'tabletop_http_request_seconds_count{method="GET",' \
    'route="/api/tables/{table_id}/view"}'


def test_workers_behind_one_port_are_scraped_as_one(store_url: str, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29, Operations (docs/deploy.md, "Health checks, metrics and logs"): with
    ``--workers 2`` one scrape of the one port counts every worker's requests (their
    metrics gathered: prometheus-client's multiprocess mode, in a folder emptied at the
    start); the gauges sum over the live workers (a table held by both is two copies);
    a worker killed leaves its requests counted and its gauges out of the sum."""
    folder = tmp_path / "metrics"
    folder.mkdir()
    (folder / "counter_1.db").write_bytes(b"left by an earlier run")  # not this run's
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(folder))
    server = _start(store_url, redis_url(), tmp_path / "metrics.log", ("--workers", "2"))
    try:
        assert not (folder / "counter_1.db").exists()
        tid, tokens = _make(server, PERIM, "human", "human", "human")
        by: dict[str, int] = {}

        def view() -> bool:  # a new connection each time: the kernel picks the worker
            r = httpx.get(f"{server.url}/api/tables/{tid}/view", timeout=30)
            assert r.status_code == 200
            name = r.headers["X-Tabletop-Worker"]
            by[name] = by.get(name, 0) + 1
            return len(by) == 2

        wait_until(view, timeout=60, step=0)
        for _ in range(5):
            view()
        # Both workers' views in one answer (each counted just after it was answered).
        def counted() -> bool:
            got = _scrape(server)
            return got[VIEWS] == got[VIEW_TIMES] == sum(by.values())

        wait_until(counted, timeout=30)
        assert min(by.values()) >= 1 and len(by) == 2
        # Both workers hold the table (each served a view of it): two copies in memory,
        # summed once each worker wrote its gauge.
        wait_until(lambda: _scrape(server)["tabletop_live_tables"] == 2, timeout=30)
        with _socket(server, tid, tokens[0]) as ws:
            _until(ws, lambda m: m["type"] == "state")
            wait_until(lambda: _scrape(server)["tabletop_websocket_connections"] == 1,
                       timeout=30)
        wait_until(lambda: _scrape(server)["tabletop_websocket_connections"] == 0,
                   timeout=30)
        killed = _children(server.proc.pid)[0]
        assert (folder / f"gauge_livesum_{killed}.db").exists()  # a worker's metrics
        os.kill(killed, 9)
        # The dead worker's copy leaves the sum; its views stay counted.
        wait_until(lambda: _scrape(server)["tabletop_live_tables"] == 1, timeout=60)
        assert _scrape(server)[VIEWS] == sum(by.values())
    finally:
        server.stop()


def _children(pid: int) -> list[int]:
    """The live processes whose parent is ``pid`` and that are uvicorn's workers, from
    /proc (not multiprocessing's resource tracker, a child too)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                command = (entry / "cmdline").read_bytes()
                if int(fields[1]) == pid and fields[0] != "Z" \
                        and b"resource_tracker" not in command:
                    found.append(int(entry.name))
    return sorted(found)


def test_several_workers_need_postgresql_and_redis(tmp_path: Path) -> None:
    """Issue 29: --workers above one refuses a SQLite file, and wants --redis, each in
    one line."""
    from tabletop.core import ParameterError
    from tabletop.interfaces.web.serve import check_cluster

    with pytest.raises(ParameterError, match=r"^--workers 2 needs a PostgreSQL store "
                                             r"\(--db postgresql://...\), not a SQLite"):
        check_cluster(tmp_path / "web.sqlite3", 2, "redis://127.0.0.1:6379")
    with pytest.raises(ParameterError, match=r"^--redis needs a PostgreSQL store"):
        check_cluster(None, 1, "redis://127.0.0.1:6379")
    with pytest.raises(ParameterError, match=r"^--workers 3 needs --redis redis://"):
        check_cluster("postgresql://x@127.0.0.1/db", 3, None)
    with pytest.raises(ParameterError, match=r"^--workers must be 1..64, not 0"):
        check_cluster("postgresql://x@127.0.0.1/db", 0, None)
    with pytest.raises(ParameterError, match=r"redis://:\*\*\*@127.0.0.1:1: cannot reach "
                                             r"Redis"):
        check_cluster("postgresql://x@127.0.0.1/db", 2, "redis://:hunter2@127.0.0.1:1")
    with pytest.raises(ParameterError, match=r"not a redis://"):
        check_cluster("postgresql://x@127.0.0.1/db", 2, "http://127.0.0.1:6379")
    assert check_cluster("postgresql://x@127.0.0.1/db", 1, None) is None


def test_a_lease_expired_unrenewed_the_table_goes_on(store_url: str) -> None:
    """Issue 29, Faults: a server's lease expired before it renewed it (the database was
    out of reach longer than a lease, or the server stalled): the server stops the
    table's AI there, then takes the table again (nobody else did), and the AI table goes
    on to its end by itself, no request needed."""
    import warnings

    import psycopg

    from tabletop.interfaces.web import create_app
    from tabletop.interfaces.web.cluster import ClusterSettings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    app = create_app(store_url, ai_pool="thread", ai_workers=1,
                     cluster=ClusterSettings(redis_url(), lease_s=1.0))
    with TestClient(app) as c:
        r = c.post("/api/tables", json={"game": PERIM, "players": 3, "seats": [
            {"kind": "ai", "difficulty": "easy"}] * 3})
        assert r.status_code == 201, r.text
        tid = r.json()["table"]["id"]
        wait_until(lambda: len(_stored(store_url, tid)) >= 5)
        with psycopg.connect(store_url, autocommit=True) as db:
            db.execute("UPDATE leases SET expires = 0 WHERE name = %s", (f"table:{tid}",))
        wait_until(lambda: _status(store_url, tid) == "over", timeout=120)  # no request
    assert _replays(store_url, tid) > 5


def test_a_lease_renewed_but_not_kept_is_given_up_and_the_table_goes_on(
        store_url: str) -> None:
    """Issue 29, Faults: the store says a server holds a table's lease, the server does
    not know it (a take whose answer was lost, a release that failed) and its AI loop is
    gone (a wake-up missed): the server's renewals must not hold the table forever. It
    gives the lease up at its next renewal and says so, takes the table again, and the AI
    table goes on to its end, no request needed."""
    import warnings

    from tabletop.interfaces.web import create_app
    from tabletop.interfaces.web.cluster import ClusterSettings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    app = create_app(store_url, ai_pool="thread", ai_workers=1,
                     cluster=ClusterSettings(redis_url(), lease_s=1.0))
    with TestClient(app) as c:
        r = c.post("/api/tables", json={"game": PERIM, "players": 3, "seats": [
            {"kind": "ai", "difficulty": "easy"}] * 3})
        assert r.status_code == 201, r.text
        tid = r.json()["table"]["id"]
        wait_until(lambda: len(_stored(store_url, tid)) >= 5)
        hub = app.state.hub

        async def forget() -> None:  # between two of the AI's decisions
            live = hub.tables[tid]
            async with live.lock:
                hub.cluster.held.discard(f"table:{tid}")
                live.ai_task.cancel()

        c.portal.call(forget)  # type: ignore[union-attr]
        assert _leases(store_url).get(tid) == str(os.getpid())  # still renewed here
        wait_until(lambda: _status(store_url, tid) == "over", timeout=120)
    assert _replays(store_url, tid) > 5


def _matchmaker(store_url: str) -> str | None:
    """The process id of the server holding the matchmaking's lease, if any."""
    import psycopg

    with psycopg.connect(store_url, autocommit=True) as db:
        row = db.execute("SELECT owner FROM leases WHERE name = 'matchmaking'").fetchone()
    return None if row is None else str(row[0]).split(":")[1]


def _queue(server: Server, name: str) -> dict[str, Any]:
    r = httpx.post(f"{server.url}/api/queue", timeout=30, json={
        "game": "goofspiel", "players": 2, "ai_after_s": None, "name": name})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def _entry(server: Server, got: dict[str, Any]) -> dict[str, Any]:
    return _get(server, f"/api/queue/{got['entry']['id']}", got["token"])["entry"]


def test_matchmaking_has_one_owner_and_another_takes_it_when_it_dies(
        servers: Start, store_url: str) -> None:
    """Issue 29, Several servers: "matchmaking [has] one owner at a time (a lease in the
    database), taken over by another worker when the owner dies". Two entries joined
    through two servers are paired (one queue in the store); then the pass's owner is
    killed (kill -9) and two more, both through the survivor, are paired once its lease
    has expired, by the survivor."""
    group = servers(2)
    owner = wait_until(lambda: _matchmaker(store_url), timeout=30)
    assert owner in {str(s.proc.pid) for s in group}
    ann, ben = _queue(group[0], "Ann"), _queue(group[1], "Ben")
    a = wait_until(lambda: (e := _entry(group[1], ann))["status"] == "matched" and e)
    b = _entry(group[0], ben)
    assert b["status"] == "matched" and a["table"] == b["table"]
    assert _get(group[1], f"/api/tables/{a['table']}/view", ann["token"])["seat"] == a["seat"]
    doomed = next(s for s in group if str(s.proc.pid) == owner)
    survivor = next(s for s in group if s is not doomed)
    doomed.kill()
    cat, dan = _queue(survivor, "Cat"), _queue(survivor, "Dan")
    c = wait_until(lambda: (e := _entry(survivor, cat))["status"] == "matched" and e,
                   timeout=10 * LEASE_S + 30)
    assert _entry(survivor, dan)["table"] == c["table"] != a["table"]
    assert _matchmaker(store_url) == str(survivor.proc.pid)
