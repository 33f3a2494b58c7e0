"""The web server's stores, SQLite and PostgreSQL, behind one ``Storage`` protocol (issue
29, Several servers): every test runs on both. Writes are committed when the call returns
(another connection sees them at once); of two appends of one action racing on two
connections exactly one applies; the schema is numbered migrations that run at start,
once, and a SQLite file from before them opens upgraded."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.interfaces.web.storage import (
    MIGRATIONS,
    ActionRow,
    ChatRow,
    Migration,
    NoticeRow,
    PostgresStorage,
    SeatRow,
    SqliteStorage,
    Storage,
    StorageError,
    TableRow,
    open_storage,
    token_hash,
)

from .services import postgres_schema

Opener = Callable[..., Any]  # (migrations=...) -> a store of this test's database


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str | Path]:
    """Where this test's store lives: a new SQLite file, or a new PostgreSQL schema."""
    if request.param == "sqlite":
        yield tmp_path / "store.sqlite3"
    else:
        with postgres_schema() as url:
            yield url


@pytest.fixture
def opened(db: str | Path) -> Iterator[Opener]:
    """``opened(migrations=...)``: a store of ``db`` (another connection each time),
    closed at the test's end."""
    stores: list[Any] = []

    def open_(**kw: Any) -> Any:
        s = (SqliteStorage(db, **kw) if isinstance(db, Path) else PostgresStorage(db, **kw))
        stores.append(s)
        return s

    yield open_
    for s in stores:
        s.close()


@pytest.fixture
def store(opened: Opener) -> Storage:
    return opened()  # type: ignore[no-any-return]


def _table(tid: str = "t1", players: int = 2) -> TableRow:
    return TableRow(id=tid, game="radiant-perim", rules_version="7", players=players,
                    params={"variant": "x"}, seed=2**63 - 1, open=True, created=1000.5,
                    options={"grace": 60},
                    seats=[SeatRow(0, "human", token_hash=token_hash("a")),
                           SeatRow(1, "ai", difficulty="easy", agent="heuristic")])


def _act(n: int, action: str = "pass") -> ActionRow:
    return ActionRow(n, n % 2, action, f"hash{n}", "person" if n % 2 == 0 else "ai")


def test_every_write_reads_back_the_same_on_both_stores(store: Storage) -> None:
    table = _table()
    store.create(table)
    got = store.table("t1")
    assert got == table  # every column, the seed of 63 bits, the seats in order
    assert store.table("nope") is None
    for n in range(3):
        store.append("t1", _act(n), clock={"left": [n, 2.5]})
    store.join("t1", 0, token_hash("b"), "Ada")
    store.rename("t1", 1, "Bot")
    store.set_muted("t1", 0, True, (1,))
    store.set_rematch("t1", "t2")
    store.add_chat("t1", ChatRow(0, 0, "emote", "wave", "wave", 1001.25))
    store.add_notice("t1", NoticeRow(0, "time", 1, {"seconds": 15}, {}, 1002.0))
    got = store.table("t1")
    assert got is not None
    assert (got.actions, got.clock, got.rematch) == (3, {"left": [2, 2.5]}, "t2")
    s0, s1 = got.seats
    assert (s0.token_hash, s0.name, s0.joined, s0.mute_all, s0.muted) == \
        (token_hash("b"), "Ada", True, True, (1,))
    assert (s1.name, s1.joined, s1.agent) == ("Bot", False, "heuristic")
    assert store.replaced(token_hash("a"))[:2] == ("t1", 0)  # type: ignore[index]
    assert store.replaced(token_hash("b")) is None
    assert store.actions("t1") == [_act(0), _act(1), _act(2)]
    assert store.chat("t1") == [ChatRow(0, 0, "emote", "wave", "wave", 1001.25)]
    assert store.notices("t1") == [NoticeRow(0, "time", 1, {"seconds": 15}, {}, 1002.0)]
    store.set_clock("t1", None)
    assert store.table("t1").clock is None  # type: ignore[union-attr]


def test_take_back_and_finish(store: Storage) -> None:
    store.create(_table())
    assert (store.count_tables("running"), store.count_tables("over")) == (1, 0)
    for n in range(4):
        store.append("t1", _act(n))
    store.rewind("t1", 2, NoticeRow(0, "undo", 0, {"to": 2}, {"taken_back": ["a", "b"]}, 5.0))
    assert [a.n for a in store.actions("t1")] == [0, 1]
    assert store.notices("t1")[0].secret == {"taken_back": ["a", "b"]}
    with pytest.raises(StorageError, match="nothing to take back to 2"):
        store.rewind("t1", 2, NoticeRow(1, "undo", 0, {}, {}, 6.0))
    assert len(store.notices("t1")) == 1  # the refused take-back stored no notice
    store.append("t1", _act(2), record={"winner": 0})
    got = store.table("t1")
    assert got is not None and (got.status, got.record, got.actions) == ("over", {"winner": 0}, 3)
    assert [t.id for t in store.tables("over")] == ["t1"]
    assert store.tables("running") == []
    assert (store.count_tables("running"), store.count_tables("over")) == (0, 1)
    store.create(_table("t2"))  # the guest cap asks every status at once (issue 29)
    assert store.statuses(["t1", "t2", "nope"]) == {"t1": "over", "t2": "running"}
    with pytest.raises(StorageError, match="action 3 is not the next one"):
        store.append("t1", _act(3))  # the game is over


def test_a_refused_write_changes_nothing(store: Storage) -> None:
    """Bad input: a clear error naming the table and what, and the store unchanged."""
    store.create(_table())
    store.append("t1", _act(0))
    for bad in (0, 2):  # again, or one skipped
        with pytest.raises(StorageError, match=f"table t1: action {bad} is not the next one"):
            store.append("t1", _act(bad, "other"), record={"over": True})
    got = store.table("t1")
    assert got is not None and (got.actions, got.status) == (1, "running")
    assert store.actions("t1") == [_act(0)]
    store.add_chat("t1", ChatRow(0, 0, "text", None, "hi", 1.0))
    with pytest.raises(StorageError, match="table t1: cannot store chat line 0"):
        store.add_chat("t1", ChatRow(0, 1, "text", None, "again", 2.0))
    assert [c.text for c in store.chat("t1")] == ["hi"]
    with pytest.raises(StorageError, match="table t1: cannot store it"):
        store.create(_table())  # the same id again
    with pytest.raises(StorageError, match="table ghost: action 0 is not the next one"):
        store.append("ghost", _act(0))


def test_the_lobby_lists_the_newest_tables_with_their_seats(store: Storage) -> None:
    for i in range(7):
        t = _table(f"t{i}", players=2)
        t.created = 100.0 + i
        store.create(t)
    listed = store.tables(limit=3)
    assert [t.id for t in listed] == ["t6", "t5", "t4"]
    assert all([s.seat for s in t.seats] == [0, 1] for t in listed)
    assert len(store.tables("running", limit=10**9)) == 7


def test_a_write_is_committed_when_the_call_returns(opened: Opener) -> None:
    """Another connection (another server's) sees each write as soon as it returns."""
    a, b = opened(), opened()
    a.create(_table())
    assert b.table("t1") is not None
    a.append("t1", _act(0))
    assert b.actions("t1") == [_act(0)]
    a.add_chat("t1", ChatRow(0, 0, "text", None, "hi", 1.0))
    assert len(b.chat("t1")) == 1
    b.append("t1", _act(1))  # b goes on from where a left the table
    assert a.table("t1").actions == 2


def test_of_two_racing_appends_exactly_one_applies(opened: Opener) -> None:
    """Two servers (two connections, two threads) append the same action number at the
    same moment, 40 times over: each time exactly one applies and the other is refused."""
    a, b = opened(), opened()
    a.create(_table())
    rounds = 40
    start = threading.Barrier(2)
    won: dict[str, list[int]] = {"a": [], "b": []}
    errors: list[BaseException] = []

    def racer(name: str, store: Any) -> None:
        try:
            for n in range(rounds):
                start.wait(timeout=60)
                try:
                    store.append("t1", ActionRow(n, 0, f"{name}{n}", f"h{n}"))
                    won[name].append(n)
                except StorageError:
                    pass
                start.wait(timeout=60)  # both have tried before the next round
        except BaseException as e:  # noqa: BLE001 -- reported by the test's thread
            errors.append(e)
            start.abort()

    threads = [threading.Thread(target=racer, args=p) for p in (("a", a), ("b", b))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors
    assert sorted(won["a"] + won["b"]) == list(range(rounds))  # one winner each round
    stored = a.actions("t1")
    assert [r.n for r in stored] == list(range(rounds))
    winner = {n: name for name, ns in won.items() for n in ns}
    assert all(r.action == f"{winner[r.n]}{r.n}" for r in stored)
    assert a.table("t1").actions == rounds


def test_an_append_waits_for_the_one_in_progress_then_is_refused(
        opened: Opener, db: str | Path) -> None:
    """The check is in the transaction: while one server's append of action 0 is open
    (the table's row changed, the action not yet inserted), the other's append of action 0
    waits for it, and once the first commits it is refused."""
    a, b = opened(), opened()
    a.create(_table())
    inside, release = threading.Event(), threading.Event()
    tx = a._tx

    def held() -> Any:  # a's transaction, paused before its insert
        class Paused:
            def __init__(self) -> None:
                self.cm = tx()

            def __enter__(self) -> Any:
                inner = self.cm.__enter__()

                class Db:
                    def execute(self, sql: str, params: Any = ()) -> Any:
                        if sql.startswith("INSERT INTO actions"):
                            inside.set()
                            assert release.wait(60)
                        return inner.execute(sql, params)

                    def executemany(self, sql: str, rows: Any) -> None:
                        inner.executemany(sql, rows)
                return Db()

            def __exit__(self, *exc: Any) -> Any:
                return self.cm.__exit__(*exc)
        return Paused()

    a._tx = held
    outcome: dict[str, Any] = {}

    def first() -> None:
        a.append("t1", ActionRow(0, 0, "first", "h0"))
        outcome["a"] = "applied"

    def second() -> None:
        try:
            b.append("t1", ActionRow(0, 0, "second", "h0"))
            outcome["b"] = "applied"
        except StorageError as e:
            outcome["b"] = str(e)

    ta = threading.Thread(target=first)
    ta.start()
    assert inside.wait(60)
    tb = threading.Thread(target=second)
    tb.start()
    _until_waiting(db, tb)
    assert "b" not in outcome  # b waits for a's transaction
    release.set()
    ta.join(60)
    tb.join(60)
    assert outcome == {"a": "applied", "b": "table t1: action 0 is not the next one"}
    assert [r.action for r in b.actions("t1")] == ["first"]


def _until_waiting(db: str | Path, thread: threading.Thread) -> None:
    """Until ``thread`` is blocked on the database's lock (PostgreSQL shows it in
    pg_stat_activity; SQLite's waiting has no such view, so a moment must do)."""
    if isinstance(db, Path):
        time.sleep(0.5)
        assert thread.is_alive()
        return
    import psycopg

    with psycopg.connect(db, autocommit=True) as watch:
        end = time.monotonic() + 60
        while not watch.execute("SELECT count(*) FROM pg_stat_activity WHERE "
                                "wait_event_type = 'Lock'").fetchone()[0]:  # type: ignore[index]
            assert time.monotonic() < end, "the second append never waited"
            time.sleep(0.02)


def _drop_connections(url: str, pids: list[int]) -> None:
    """End these backends as a restart of PostgreSQL would, and wait until they are gone."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as admin:
        for pid in pids:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        end = time.monotonic() + 30
        while admin.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s)",
                            (pids,)).fetchone()[0]:  # type: ignore[index]
            assert time.monotonic() < end
            time.sleep(0.02)


def test_connections_the_database_dropped_are_replaced() -> None:
    """PostgreSQL ends the store's idle connections (as a restart does): the next write
    and the next read go on, on new connections, and nothing acknowledged is lost."""
    with postgres_schema() as url:
        store = PostgresStorage(url)
        try:
            store.create(_table())
            store.append("t1", _act(0))
            first = [c.info.backend_pid for c in store._idle]
            _drop_connections(url, first)
            store.append("t1", _act(1))  # a write first: it goes on
            assert store.actions("t1") == [_act(0), _act(1)]
            second = [c.info.backend_pid for c in store._idle]
            assert first and second and not set(first) & set(second)
            _drop_connections(url, second)
            assert store.table("t1").actions == 2  # type: ignore[union-attr]  # a read too
        finally:
            store.close()


# --- migrations ------------------------------------------------------------------------


def _versions(store: Any) -> list[tuple[int, str]]:
    with store._read() as db:
        return [tuple(r) for r in db.execute(
            "SELECT version, about FROM schema_version ORDER BY version").fetchall()]


def _column_added(db: Any, dialect: str) -> None:
    db.execute("ALTER TABLE tables ADD COLUMN note TEXT")


LAST = MIGRATIONS[-1].number  # the version of this tabletop's schema
ALL = [(m.number, m.about) for m in MIGRATIONS]
NOTE = Migration(LAST + 1, "a note on tables (a test's migration)", _column_added)


def test_migrations_run_once_at_start(opened: Opener) -> None:
    first = opened()
    assert first.version == LAST
    assert _versions(first) == ALL
    first.create(_table())
    again = opened()  # opening again applies nothing (and keeps the tables)
    assert again.version == LAST and _versions(again) == ALL
    assert again.table("t1") is not None
    upgraded = opened(migrations=(*MIGRATIONS, NOTE))  # a newer tabletop: one more step
    assert upgraded.version == LAST + 1
    assert [v for v, _ in _versions(upgraded)] == [*range(1, LAST + 1), LAST + 1]
    with upgraded._read() as db:
        assert db.execute("SELECT note FROM tables WHERE id = 't1'").fetchone()[0] is None
    assert opened(migrations=(*MIGRATIONS, NOTE)).version == LAST + 1  # idempotent
    with pytest.raises(StorageError, match=rf"schema is version {LAST + 1}, newer than this "
                                           rf"tabletop knows \({LAST}\): upgrade tabletop"):
        opened()  # an older tabletop refuses the newer store rather than misuse it


def test_a_failed_migration_leaves_the_store_at_its_version(opened: Opener) -> None:
    opened().create(_table())

    def broken(db: Any, dialect: str) -> None:
        db.execute("ALTER TABLE tables ADD COLUMN half TEXT")
        db.execute("ALTER TABLE no_such_table ADD COLUMN x TEXT")

    with pytest.raises(StorageError, match="cannot open"):
        opened(migrations=(*MIGRATIONS, Migration(LAST + 1, "broken", broken)))
    store = opened()
    assert store.version == LAST and _versions(store) == ALL
    with store._read() as db, pytest.raises(store._errors):
        db.execute("SELECT half FROM tables")  # the half-done step was rolled back
    assert opened(migrations=(*MIGRATIONS, NOTE)).version == LAST + 1  # a good one applies


def test_servers_starting_together_migrate_once(db: str | Path) -> None:
    """Several servers opening one new store at the same moment: one applies each
    migration, the others find it done."""
    stores: list[Any] = []
    errors: list[BaseException] = []
    start = threading.Barrier(3)

    def open_() -> None:
        try:
            start.wait(30)
            stores.append(open_storage(db))
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=open_) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    try:
        assert not errors, errors
        assert [s.version for s in stores] == [LAST] * 3
        assert _versions(stores[0]) == ALL
    finally:
        for s in stores:
            s.close()


# --- SQLite files from before numbered migrations --------------------------------------

# The schema of a store of schema 2 (PRAGMA user_version = 2), as tabletop wrote it before
# numbered migrations (issue 29).
_BEFORE = """
CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, rules_version TEXT NOT NULL,
    players INTEGER NOT NULL, params TEXT NOT NULL, seed INTEGER NOT NULL,
    open INTEGER NOT NULL, created REAL NOT NULL, status TEXT NOT NULL,
    actions INTEGER NOT NULL DEFAULT 0, record TEXT, options TEXT NOT NULL DEFAULT '{}',
    clock TEXT, rematch TEXT, rematch_of TEXT);
CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,
    kind TEXT NOT NULL, difficulty TEXT, agent TEXT, token_hash TEXT,
    joined INTEGER NOT NULL DEFAULT 0, name TEXT, muted TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (table_id, seat));
CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), n INTEGER NOT NULL,
    seat INTEGER NOT NULL, action TEXT NOT NULL, hash TEXT NOT NULL, at REAL NOT NULL,
    by TEXT NOT NULL DEFAULT 'person', PRIMARY KEY (table_id, n));
CREATE TABLE chat (table_id TEXT NOT NULL REFERENCES tables(id), n INTEGER NOT NULL,
    seat INTEGER NOT NULL, kind TEXT NOT NULL, key TEXT, text TEXT NOT NULL,
    at REAL NOT NULL, PRIMARY KEY (table_id, n));
CREATE TABLE notices (table_id TEXT NOT NULL REFERENCES tables(id), n INTEGER NOT NULL,
    kind TEXT NOT NULL, seat INTEGER, public TEXT NOT NULL, secret TEXT NOT NULL,
    at REAL NOT NULL, PRIMARY KEY (table_id, n));
CREATE TABLE replaced_tokens (token_hash TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, at REAL NOT NULL);
CREATE INDEX tables_status ON tables(status, created);
CREATE INDEX seats_token ON seats(token_hash);
INSERT INTO tables VALUES ('old', 'radiant-perim', '7', 2, '{}', 42, 1, 10.0, 'running', 1,
    NULL, '{"grace": 30}', NULL, NULL, NULL);
INSERT INTO seats VALUES ('old', 0, 'human', NULL, NULL, 'tok0', 1, 'Ada',
    '{"all": false, "seats": [1]}');
INSERT INTO seats VALUES ('old', 1, 'ai', 'easy', NULL, NULL, 0, NULL, '{}');
INSERT INTO actions VALUES ('old', 0, 0, 'pass', 'h0', 11.0, 'person');
INSERT INTO chat VALUES ('old', 0, 0, 'text', NULL, 'hello', 12.0);
PRAGMA user_version = 2;
"""

# A store of schema 1 (no user_version): no options, clocks, rematches, names, mutes,
# action authors, chat, notices or replaced tokens; a token hash unique over all tables.
_FIRST = """
CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, rules_version TEXT NOT NULL,
    players INTEGER NOT NULL, params TEXT NOT NULL, seed INTEGER NOT NULL,
    open INTEGER NOT NULL, created REAL NOT NULL, status TEXT NOT NULL,
    actions INTEGER NOT NULL DEFAULT 0, record TEXT);
CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,
    kind TEXT NOT NULL, difficulty TEXT, agent TEXT, token_hash TEXT UNIQUE,
    joined INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (table_id, seat));
CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), n INTEGER NOT NULL,
    seat INTEGER NOT NULL, action TEXT NOT NULL, hash TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (table_id, n));
INSERT INTO tables VALUES ('old', 'radiant-perim', '7', 2, '{}', 42, 1, 10.0, 'running', 1,
    NULL);
INSERT INTO seats VALUES ('old', 0, 'human', NULL, NULL, 'tok0', 1);
INSERT INTO seats VALUES ('old', 1, 'ai', 'easy', NULL, NULL, 0);
INSERT INTO actions VALUES ('old', 0, 0, 'pass', 'h0', 11.0);
"""


@pytest.mark.parametrize("before", ["schema 2", "schema 1"])
def test_a_sqlite_file_from_before_migrations_opens_upgraded(
        tmp_path: Path, before: str) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as old:
        old.executescript(_BEFORE if before == "schema 2" else _FIRST)
    old.close()
    store = SqliteStorage(path)
    try:
        assert store.version == LAST and _versions(store) == ALL
        got = store.table("old")
        assert got is not None
        assert (got.seed, got.actions, got.open) == (42, 1, True)
        assert [(s.seat, s.kind, s.token_hash, s.joined) for s in got.seats] == \
            [(0, "human", "tok0", True), (1, "ai", None, False)]
        assert store.actions("old") == [ActionRow(0, 0, "pass", "h0", "person")]
        if before == "schema 2":  # what the file had is kept
            assert (got.options, got.seats[0].name, got.seats[0].muted) == \
                ({"grace": 30}, "Ada", (1,))
            assert [c.text for c in store.chat("old")] == ["hello"]
        # and the table goes on: an action, a chat line, a rematch with the same token
        store.append("old", ActionRow(1, 1, "pass", "h1", "ai"))
        store.add_chat("old", ChatRow(len(store.chat("old")), 0, "text", None, "gg", 13.0))
        rematch = _table("new")
        rematch.seats[0].token_hash = "tok0"  # one person, one token, two tables
        store.create(rematch)
        assert store.table("new").seats[0].token_hash == "tok0"  # type: ignore[union-attr]
    finally:
        store.close()
    again = SqliteStorage(path)  # and it opens again as it is
    try:
        assert again.version == LAST and len(again.actions("old")) == 2
    finally:
        again.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == 2  # an older tabletop
    raw.close()


def test_a_file_that_is_not_a_store_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database " * 100)
    with pytest.raises(StorageError, match=r"notes.txt: cannot open it as the tables' "
                                           r"store \(file is not a database\)"):
        SqliteStorage(path)


def test_open_storage_chooses_by_what_db_names(tmp_path: Path) -> None:
    s = open_storage(tmp_path / "a.sqlite3")
    assert isinstance(s, SqliteStorage)
    s.close()
    with pytest.raises(StorageError, match=r"^mysql://u:\*\*\*@h/x: not a postgresql:// URL"):
        open_storage("mysql://u:pw@h/x")
    with pytest.raises(StorageError, match=r"not a PostgreSQL URL \(invalid URI query"):
        open_storage("postgresql://h/x?nonsense=1")


def test_my_seats_and_the_running_clocks_on_both_stores(store: Storage) -> None:
    """What the "your turn" list and the check of stored deadlines read (issue 29,
    Turn-based tables): a person's seats by token or account, of unfinished tables
    only; the clocks of unfinished tables."""
    for i in range(3):
        t = _table(f"t{i}")
        t.created = 100.0 + i
        t.seats[0] = SeatRow(0, "human", token_hash=token_hash(f"tok{i}"),
                             account="ann" if i == 2 else None)
        store.create(t)
    store.set_clock("t1", {"running": 0, "remaining": [5, None], "started": 1.0})
    store.append("t0", _act(0), record={"over": True})
    assert store.seats_of([token_hash("tok0"), token_hash("tok1")], None) == [("t1", 0)]
    assert store.seats_of([token_hash("tok1")], "ann") == [("t2", 0), ("t1", 0)]
    assert store.seats_of([], "bob") == [] and store.seats_of([], None) == []
    assert store.seats_of([token_hash("tok1")], "ann", limit=1) == [("t2", 0)]
    assert [(tid, clock["running"]) for tid, clock, _ in store.running_clocks()] == [
        ("t1", 0)]


def test_who_is_connected_through_each_server_is_kept(opened: Opener) -> None:
    """Migrations 8 and 10 (issue 29, several servers; docs/deploy.md, "Who is connected
    is shared too"): a server's word on the tables with a connection to it, read by the
    others (never its own back) with its age, its last beat's; a word stands until it
    changes (a call names only the changes: ``None`` takes one back), ``whole`` replaces
    all of it; a word whose server's beat is older than asked is not heard, and a server
    whose beat is older than kept loses every word with the next write, its own included
    (it is told to say everything again); on both stores."""
    a, b = opened(), opened()
    assert not a.say_here("wa", {"t1": '{"s": [0]}'}, 15.0)  # no beat yet: say it all
    assert b.heard_here("wb", ["t1"], 15.0) == []  # (nothing of it written)
    assert a.say_here("wa", {"t1": '{"s": [0]}', "t2": '{"s": []}'}, 15.0, whole=True)
    assert b.say_here("wb", {"t1": '{"s": [1]}'}, 15.0, whole=True)
    heard = b.heard_here("wb", ["t1", "t2", "t3"], 15.0)
    assert sorted(w for w, _ in heard) == sorted(['{"s": []}', '{"s": [0]}'])
    assert all(0.0 <= age < 15.0 for _, age in heard)
    assert [w for w, _ in a.heard_here("wa", ["t1"], 15.0)] == ['{"s": [1]}']
    assert a.say_here("wa", {"t1": None, "t2": '{"s": [1]}'}, 15.0)  # only the changes
    assert [w for w, _ in b.heard_here("wb", ["t1", "t2"], 15.0)] == ['{"s": [1]}']
    assert a.say_here("wa", {}, 15.0)  # a beat alone: its word stands
    assert [w for w, _ in b.heard_here("wb", ["t2"], 15.0)] == ['{"s": [1]}']
    time.sleep(0.05)  # (the beats' age, not a timing: any age above the 0.01 s asked)
    assert b.heard_here("wb", ["t2"], 0.01) == []
    assert not b.say_here("wb", {}, 0.01)  # every beat older than that: every word goes
    assert a.heard_here("wa", ["t1"], 15.0) == [] and b.heard_here("wb", ["t2"], 15.0) == []
    assert not a.say_here("wa", {"t3": '{"s": [0]}'}, 15.0)  # a's went too: all again
    assert a.say_here("wa", {"t3": '{"s": [0]}'}, 15.0, whole=True)
    assert [w for w, _ in b.heard_here("wb", ["t1", "t2", "t3"], 15.0)] == ['{"s": [0]}']
    assert a.say_here("wa", {}, 15.0, whole=True)  # nobody connected through a any more
    assert b.heard_here("wb", ["t3"], 15.0) == []
