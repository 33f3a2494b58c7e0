"""Finding a game (issue 29, Finding a game: "a queue per game and player count that
pairs people by rating, widening the window as they wait, and fills with an AI at the
chosen difficulty after a time the player chose (or never). Open seeks in the lobby";
Several servers: "matchmaking [has] one owner at a time (a lease in the database), taken
over by another worker when the owner dies"). The pairing itself as a function, then the
API on SQLite, then two servers' stores on one PostgreSQL database. docs/web.md,
"Finding a game"."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tabletop.interfaces.web.cluster import Cluster, ClusterSettings
from tabletop.interfaces.web.hub import Hub
from tabletop.interfaces.web.matchmaking import (
    BASE_WINDOW,
    DEFAULT_RATING,
    LEASE,
    MAX_WINDOW,
    UNSEEN_S,
    WIDEN_PER_S,
    Group,
    new_entry,
    pairings,
    window,
)
from tabletop.interfaces.web.storage import QueueRow, RatingRow, open_storage

from .accounts_help import Person
from .conftest import auth, view, wait_until
from .services import postgres_schema
from .test_web_accounts import PASSWORD, app_client

GAME = "goofspiel"
T0 = 1_000_000.0  # when the entries of the pairing tests joined


def entry(name: str, rating: float = DEFAULT_RATING, joined: float = T0, players: int = 2,
          rated: bool = False, ai_after: float | None = None, game: str = GAME,
          target: str | None = None) -> QueueRow:
    return QueueRow(name, "h" + name, game, players, rated, None, name, rating, ai_after,
                    "easy", joined, target)


def names(groups: list[Group]) -> list[tuple[list[str], int]]:
    return [([e.id for e in g.entries], g.ai_seats) for g in groups]


# --- the pairing: windows, the best pair, the AI's fill ------------------------------


def test_the_window_widens_with_the_wait_up_to_its_most() -> None:
    e = entry("a")
    assert window(e, T0) == BASE_WINDOW == 50
    assert window(e, T0 + 10) == BASE_WINDOW + 10 * WIDEN_PER_S == 100
    assert window(e, T0 + 10_000) == MAX_WINDOW == 500


def test_two_entries_pair_once_their_windows_overlap() -> None:
    """300 points apart: each window must reach 150, after (150 - 50) / 5 = 20 s."""
    waiting = [entry("a", 1500), entry("b", 1800)]
    assert pairings(waiting, T0) == []
    assert pairings(waiting, T0 + 19.9) == []
    assert names(pairings(waiting, T0 + 20)) == [(["a", "b"], 0)]


def test_fresh_entries_pair_within_a_hundred_points() -> None:
    assert names(pairings([entry("a", 1500), entry("b", 1600)], T0)) == [(["a", "b"], 0)]
    assert pairings([entry("a", 1500), entry("b", 1601)], T0) == []


def test_the_longest_waiting_is_paired_first_with_the_nearest_rating() -> None:
    waiting = [entry("b", 1560, T0 + 1), entry("c", 1520, T0 + 2), entry("a", 1500)]
    assert names(pairings(waiting, T0 + 2)) == [(["a", "c"], 0)]  # b waits on alone


def test_pools_are_apart_by_game_players_and_rating_kind() -> None:
    waiting = [entry("a"), entry("b", players=3), entry("c", rated=True),
               entry("d", game="radiant-perim")]
    assert pairings(waiting, T0 + 100) == []


def test_a_table_of_three_wants_every_two_windows_to_overlap() -> None:
    # a and c are 200 apart: a fresh window pair reaches 100 only.
    waiting = [entry("a", 1400, players=3), entry("b", 1500, players=3),
               entry("c", 1600, players=3)]
    assert pairings(waiting, T0) == []
    assert names(pairings(waiting, T0 + 10)) == [(["a", "b", "c"], 0)]  # 2 x 100


def test_the_ai_fills_after_the_chosen_time_at_the_chosen_difficulty(client: Any) -> None:
    alone = [entry("a", ai_after=30)]
    assert pairings(alone, T0 + 29.9) == []
    assert names(pairings(alone, T0 + 30)) == [(["a"], 1)]
    # Three players: the AI fills the seats beside the people near it whose own time
    # passed too (a person who chose to wait longer for people is not taken sooner).
    three = [entry("a", players=3, ai_after=6), entry("b", players=3, ai_after=5,
                                                         joined=T0 + 1)]
    assert pairings(three, T0 + 5.9) == []
    assert names(pairings(three, T0 + 6)) == [(["a", "b"], 1)]
    later = [entry("a", players=3, ai_after=6), entry("b", players=3, ai_after=60)]
    assert names(pairings(later, T0 + 6)) == [(["a"], 2)]
    # Through the API: 0 s, easy: a table at once with the easy AI in the other seat.
    r = client.post("/api/queue", json={"game": GAME, "players": 2, "ai_after_s": 0,
                                        "difficulty": "easy"})
    assert r.status_code == 201, r.text
    got = r.json()["entry"]
    assert got["status"] == "matched"
    line = client.get(f"/api/tables/{got['table']}").json()
    other = line["seats"][1 - got["seat"]]
    assert other["kind"] == "ai" and other["difficulty"] == "easy"


def test_never_means_waiting_for_people_for_ever() -> None:
    assert pairings([entry("a", ai_after=None)], T0 + 1e9) == []


def test_an_accepted_seek_takes_its_accepter_whatever_the_ratings() -> None:
    waiting = [entry("seek", 1000), entry("far", 2400, T0 + 1, target="seek"),
               entry("near", 1010, T0 + 2)]
    assert names(pairings(waiting, T0 + 2)) == [(["seek", "far"], 0)]


# --- the API on SQLite ---------------------------------------------------------------


def join(c: Any, token: str | None = None, **body: Any) -> Any:
    return c.post("/api/queue", json={"game": GAME, "players": 2, "ai_after_s": None,
                                      **body}, headers=auth(token))


def entry_of(c: Any, got: dict[str, Any]) -> dict[str, Any]:
    r = c.get(f"/api/queue/{got['entry']['id']}", headers=auth(got["token"]))
    assert r.status_code == 200, r.text
    return r.json()["entry"]  # type: ignore[no-any-return]


def test_two_guests_are_paired_and_each_token_opens_its_own_seat(client: Any) -> None:
    first = join(client, name="Ann").json()
    assert first["entry"]["status"] == "waiting"
    assert first["entry"]["window"] == [1450, 1550]  # a guest's rating: 1500 ± 50
    assert [s["who"] for s in client.get("/api/seeks").json()["seeks"]] == ["Ann"]
    second = join(client, name="Ben").json()
    a, b = entry_of(client, first), entry_of(client, second)
    assert a["status"] == b["status"] == "matched"
    assert a["table"] == b["table"] and {a["seat"], b["seat"]} == {0, 1}
    for got, mine in ((first, a), (second, b)):
        assert view(client, a["table"], got["token"])["seat"] == mine["seat"]
    line = client.get(f"/api/tables/{a['table']}").json()
    assert sorted(s["name"] for s in line["seats"]) == ["Ann", "Ben"]
    assert client.get("/api/seeks").json()["seeks"] == []  # matched: no longer open


def test_bad_entries_get_a_clear_4xx_and_change_nothing(client: Any) -> None:
    r = join(client, game="no-such-game")
    assert r.status_code == 404 and "no-such-game" in r.json()["error"]
    r = join(client, players=9)
    assert r.status_code == 400 and "not 9" in r.json()["error"]
    r = join(client, rated=True)
    assert r.status_code == 403 and "sign in" in r.json()["error"]
    r = join(client, ai_after_s=601)
    assert r.status_code == 422
    first = join(client).json()
    r = join(client, token=first["token"])  # the same person again
    assert r.status_code == 409 and "in the queue already" in r.json()["error"]
    assert len(client.get("/api/seeks").json()["seeks"]) == 1
    r = client.get(f"/api/queue/{first['entry']['id']}", headers=auth("not-it"))
    assert r.status_code == 403
    assert client.get("/api/queue/nope", headers=auth(first["token"])).status_code == 404


def test_an_account_waits_once_and_a_rated_game_is_between_accounts(client: Any) -> None:
    alice, bob = Person(client, "alice", PASSWORD), Person(client, "bob", PASSWORD)
    body = {"game": GAME, "players": 2, "rated": True, "ai_after_s": None}
    a = alice.call("POST", "/api/queue", json=body)
    assert a.status_code == 201, a.text
    again = alice.call("POST", "/api/queue", json=body)  # another tab, no token
    assert again.status_code == 409 and "account" in again.json()["error"]
    eid = a.json()["entry"]["id"]
    assert again.json()["entry"] == eid
    # That tab reads the entry by the account (no token), a stranger may not.
    assert alice.call("GET", f"/api/queue/{eid}").json()["entry"]["status"] == "waiting"
    assert client.get(f"/api/queue/{eid}").status_code == 403
    r = alice.call("POST", "/api/queue", json=body, csrf=False)
    assert r.status_code == 403 and "CSRF" in r.json()["error"]
    b = bob.call("POST", "/api/queue", json=body).json()
    assert b["entry"]["status"] == "matched"
    line = client.get(f"/api/tables/{b['entry']['table']}").json()
    assert line["options"]["rated"] is True
    assert sorted(s["account"] for s in line["seats"]) == ["alice", "bob"]


def test_an_entry_waits_with_its_account_rating(client: Any) -> None:
    alice = Person(client, "alice", PASSWORD)
    store = client.app.state.hub.storage
    with store._tx() as db:  # alice's 1v1 rating in the game: 60 x 30 = 1800
        db.execute("INSERT INTO ratings (account, game, bracket, mu, sigma, games, updated)"
                   " VALUES (?,?,?,?,?,?,?)", ("alice", GAME, "1v1", 30.0, 5.0, 9, 0))
    assert store.ratings(account="alice") == [RatingRow("alice", GAME, "1v1", 30.0, 5.0, 9,
                                                        "alice", "person")]
    got = alice.call("POST", "/api/queue", json={"game": GAME, "players": 2}).json()
    assert got["entry"]["rating"] == 1800 and got["entry"]["window"] == [1750, 1850]
    guest = join(client).json()  # 1500: 300 away, not paired yet
    assert entry_of(client, guest)["status"] == "waiting"


def test_leaving_the_queue(client: Any) -> None:
    got = join(client).json()
    eid = got["entry"]["id"]
    assert client.delete(f"/api/queue/{eid}", headers=auth("not-it")).status_code == 403
    r = client.delete(f"/api/queue/{eid}", headers=auth(got["token"]))
    assert r.status_code == 200 and r.json() == {"left": eid}
    assert client.get("/api/seeks").json()["seeks"] == []
    assert client.delete(f"/api/queue/{eid}", headers=auth(got["token"])).status_code == 404
    # Once matched, leaving is refused: the table is made.
    one, two = join(client).json(), join(client).json()
    r = client.delete(f"/api/queue/{one['entry']['id']}", headers=auth(one["token"]))
    assert r.status_code == 409 and entry_of(client, two)["table"] in r.json()["error"]


def test_the_ai_fills_once_the_chosen_time_has_passed(client: Any) -> None:
    hub = client.app.state.hub
    got = join(client, ai_after_s=20, difficulty="hard").json()
    joined = hub.storage.queue_entry(got["entry"]["id"]).joined
    assert hub.matchmaker.pass_once(joined + 19) == []
    assert entry_of(client, got)["status"] == "waiting"
    [tid] = hub.matchmaker.pass_once(joined + 20)
    mine = entry_of(client, got)
    assert mine["status"] == "matched" and mine["table"] == tid
    line = client.get(f"/api/tables/{tid}").json()
    assert line["seats"][1 - mine["seat"]]["difficulty"] == "hard"


def test_an_entry_nobody_asks_after_leaves_the_queue(client: Any) -> None:
    """A page closed while waiting: its entry (and open seek) goes after UNSEEN_S; one
    whose page asks after it stays."""
    hub = client.app.state.hub
    kept, left = join(client, name="kept").json(), join(client, name="left",
                                                         game="radiant-perim").json()
    joined = hub.storage.queue_entry(left["entry"]["id"]).joined
    later = joined + UNSEEN_S - 1
    hub.now = lambda: later  # the page of "kept" asks after it a while later ...
    assert entry_of(client, kept)["status"] == "waiting"
    hub.matchmaker.pass_once(joined + UNSEEN_S + 1)  # ... "left"'s never did
    assert [s["who"] for s in client.get("/api/seeks").json()["seeks"]] == ["kept"]
    r = client.get(f"/api/queue/{left['entry']['id']}", headers=auth(left["token"]))
    assert r.status_code == 404


def test_an_open_seek_is_listed_and_accepted(client: Any) -> None:
    seek = join(client, name="Ann", rated=False).json()
    [line] = client.get("/api/seeks").json()["seeks"]
    assert line == {"id": seek["entry"]["id"], "game": GAME, "name": line["name"],
                    "players": 2, "rated": False, "rating": 1500, "who": "Ann",
                    "account": False, "bot": False, "waited_s": line["waited_s"]}
    assert "token" not in str(line) and seek["token"] not in str(line)
    r = client.post(f"/api/seeks/{line['id']}/accept", json={"name": "Ben"})
    assert r.status_code == 201, r.text
    mine = r.json()["entry"]
    assert mine["status"] == "matched" and mine["accepted"] == line["id"]
    assert entry_of(client, seek)["table"] == mine["table"]
    r = client.post(f"/api/seeks/{line['id']}/accept", json={})
    assert r.status_code == 404 and "no open seek" in r.json()["error"]


def test_a_seek_of_ones_own_cannot_be_accepted(client: Any) -> None:
    alice = Person(client, "alice", PASSWORD)
    seek = alice.call("POST", "/api/queue", json={"game": GAME, "players": 2}).json()
    r = alice.call("POST", f"/api/seeks/{seek['entry']['id']}/accept", json={})
    assert r.status_code == 409


# --- several servers on PostgreSQL ---------------------------------------------------


@pytest.fixture
def two_hubs() -> Iterator[tuple[Hub, Hub]]:
    """Two servers' hubs on one PostgreSQL store (each its own connections)."""
    with postgres_schema() as url:
        stores = [open_storage(url), open_storage(url)]
        pool = ThreadPoolExecutor(1)
        yield Hub(stores[0], pool), Hub(stores[1], pool)
        pool.shutdown()
        for s in stores:
            s.close()


def test_two_servers_pair_an_entry_once_and_the_lease_passes_on(
        two_hubs: tuple[Hub, Hub]) -> None:
    one, two = two_hubs
    now = one.now()
    for who in ("ann", "ben"):
        row, _ = new_entry(GAME, 2, False, None, who, DEFAULT_RATING, None, "easy", now)
        assert one.storage.enqueue(row)
    # Both servers read the same queue, then both try to seat it, at once.
    barrier = threading.Barrier(2)
    for hub in (one, two):
        reads = hub.storage.waiting

        def waiting(reads: Any = reads) -> list[QueueRow]:
            got = reads()
            barrier.wait(10)
            return got  # type: ignore[no-any-return]

        hub.storage.waiting = waiting  # type: ignore[method-assign]
    with ThreadPoolExecutor(2) as threads:
        made = list(threads.map(lambda h: h.matchmaker.pass_once(now), (one, two)))
    assert sorted(len(m) for m in made) == [0, 1]  # one table, on one server
    [tid] = made[0] + made[1]
    assert [t.id for t in one.storage.tables()] == [tid]
    matched = [e for e in (one.storage.queue_entry(t) for t in _ids(one)) if e]
    assert {(e.status, e.table_id) for e in matched} == {("matched", tid)}
    # The pass's lease: one owner at a time; another takes it once the owner stops
    # renewing it (it died).
    settings = ClusterSettings("redis://127.0.0.1:6379", lease_s=1.0)
    first, second = Cluster(one, settings), Cluster(two, settings)
    one.cluster, two.cluster = first, second
    assert first.keeps_named(LEASE) and one.matchmaker.leads()
    assert not second.keeps_named(LEASE) and two.matchmaker.tick() == []
    assert first.keeps_named(LEASE)  # renewed by its owner
    wait_until(lambda: second.keeps_named(LEASE), timeout=10, step=0.1)
    assert LEASE in second.held and not first.keeps_named(LEASE)


def _ids(hub: Hub) -> list[str]:
    with hub.storage._tx() as db:  # type: ignore[attr-defined]
        return [r[0] for r in db.execute("SELECT id FROM queue").fetchall()]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    with app_client(tmp_path / "web.sqlite3") as c:
        yield c
