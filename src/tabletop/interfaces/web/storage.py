"""Storage of the web server: tables (games being played), their seats, every applied
action and the finished records.

Everything the server knows lives behind :class:`Storage`, a small protocol, so that a
PostgreSQL store can be added later for several servers. :class:`SqliteStorage` is the
embedded default: one file, write-ahead log, and every write committed (``synchronous =
FULL``) before the call returns, so an action the server has acknowledged survives the
process being killed. A table is resumed by replaying its actions; the hash stored with
each action lets the server check the replay reached the same position.

Seat tokens are never stored: only their SHA-256, so the database file alone does not let
anyone act for a seat.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol


def token_hash(token: str) -> str:
    """What is stored of a seat token (its SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass(slots=True)
class SeatRow:
    """One seat of a table: a person (``kind="human"``) or an AI playing ``agent``."""

    seat: int
    kind: str
    difficulty: str | None = None
    agent: str | None = None
    token_hash: str | None = None
    joined: bool = False


@dataclass(slots=True)
class TableRow:
    """One table: the game, its parameters, its secret seed and where it stands."""

    id: str
    game: str
    rules_version: str
    players: int
    params: dict[str, Any]
    seed: int
    open: bool = False
    created: float = field(default_factory=time.time)
    status: str = "running"  # running | over
    actions: int = 0
    record: dict[str, Any] | None = None
    seats: list[SeatRow] = field(default_factory=list)


@dataclass(slots=True, frozen=True)
class ActionRow:
    """One applied action: its number (from 0), the seat, its notation and the hash of
    the position after it."""

    n: int
    seat: int
    action: str
    hash: str


class StorageError(RuntimeError):
    """The store refused a write (a lost race, a broken file): the action is not applied."""


class Storage(Protocol):
    """What the server needs of a store. Every write is durable when the call returns."""

    def create(self, table: TableRow) -> None:
        """Store a new table and its seats."""

    def append(self, table_id: str, row: ActionRow,
               record: dict[str, Any] | None = None) -> None:
        """Store action ``row.n`` (it must be the next one); with ``record`` the game is
        over and its record is stored in the same transaction."""

    def join(self, table_id: str, seat: int, token_hash: str | None = None) -> None:
        """Mark a seat as joined (``token_hash``: a fresh token replacing the old one)."""

    def table(self, table_id: str) -> TableRow | None:
        """A table with its seats, or ``None``."""

    def actions(self, table_id: str) -> list[ActionRow]:
        """Every action of a table, in order."""

    def tables(self, status: str | None = None, limit: int = 100) -> list[TableRow]:
        """The latest tables (newest first), optionally only those with ``status``."""

    def seat_of(self, token_hash: str) -> tuple[str, int] | None:
        """The (table, seat) a token belongs to, or ``None``."""

    def close(self) -> None:
        """Release the store."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rules_version TEXT NOT NULL,
    players INTEGER NOT NULL,
    params TEXT NOT NULL,
    seed INTEGER NOT NULL,
    open INTEGER NOT NULL,
    created REAL NOT NULL,
    status TEXT NOT NULL,
    actions INTEGER NOT NULL DEFAULT 0,
    record TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    difficulty TEXT,
    agent TEXT,
    token_hash TEXT UNIQUE,
    joined INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    hash TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE INDEX IF NOT EXISTS tables_status ON tables(status, created);
"""


class SqliteStorage:
    """The embedded store: one SQLite file (``":memory:"`` for a throw-away one)."""

    def __init__(self, path: str | Path) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # One connection shared by the server's threads, used under a lock: writes are
        # short and SQLite serialises them anyway.
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")  # committed means on disk
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def create(self, table: TableRow) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT INTO tables (id, game, rules_version, players, params, seed, open, "
                "created, status, actions, record) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (table.id, table.game, table.rules_version, table.players,
                 json.dumps(table.params), table.seed, int(table.open), table.created,
                 table.status, table.actions,
                 None if table.record is None else json.dumps(table.record)))
            db.executemany(
                "INSERT INTO seats (table_id, seat, kind, difficulty, agent, token_hash, "
                "joined) VALUES (?,?,?,?,?,?,?)",
                [(table.id, s.seat, s.kind, s.difficulty, s.agent, s.token_hash,
                  int(s.joined)) for s in table.seats])

    def append(self, table_id: str, row: ActionRow,
               record: dict[str, Any] | None = None) -> None:
        try:
            with self._tx() as db:
                cur = db.execute(
                    "UPDATE tables SET actions = actions + 1 WHERE id = ? AND actions = ? "
                    "AND status = 'running'", (table_id, row.n))
                if cur.rowcount != 1:
                    raise StorageError(f"table {table_id}: action {row.n} is not the next one")
                db.execute("INSERT INTO actions (table_id, n, seat, action, hash, at) "
                           "VALUES (?,?,?,?,?,?)",
                           (table_id, row.n, row.seat, row.action, row.hash, time.time()))
                if record is not None:
                    db.execute("UPDATE tables SET status = 'over', record = ? WHERE id = ?",
                               (json.dumps(record), table_id))
        except sqlite3.Error as e:
            raise StorageError(f"table {table_id}: cannot store action {row.n} ({e})") from e

    def join(self, table_id: str, seat: int, token_hash: str | None = None) -> None:
        with self._tx() as db:
            if token_hash is None:
                db.execute("UPDATE seats SET joined = 1 WHERE table_id = ? AND seat = ?",
                           (table_id, seat))
            else:
                db.execute("UPDATE seats SET joined = 1, token_hash = ? WHERE table_id = ? "
                           "AND seat = ?", (token_hash, table_id, seat))

    def _seats(self, table_id: str) -> list[SeatRow]:
        rows = self._db.execute(
            "SELECT seat, kind, difficulty, agent, token_hash, joined FROM seats WHERE "
            "table_id = ? ORDER BY seat", (table_id,)).fetchall()
        return [SeatRow(r[0], r[1], r[2], r[3], r[4], bool(r[5])) for r in rows]

    @staticmethod
    def _row(r: Sequence[Any]) -> TableRow:
        return TableRow(id=r[0], game=r[1], rules_version=r[2], players=r[3],
                        params=json.loads(r[4]), seed=r[5], open=bool(r[6]), created=r[7],
                        status=r[8], actions=r[9],
                        record=None if r[10] is None else json.loads(r[10]))

    _COLUMNS = ("id, game, rules_version, players, params, seed, open, created, status, "
                "actions, record")

    def table(self, table_id: str) -> TableRow | None:
        with self._lock:
            r = self._db.execute(f"SELECT {self._COLUMNS} FROM tables WHERE id = ?",
                                 (table_id,)).fetchone()
            if r is None:
                return None
            row = self._row(r)
            row.seats = self._seats(table_id)
            return row

    def actions(self, table_id: str) -> list[ActionRow]:
        with self._lock:
            rows = self._db.execute("SELECT n, seat, action, hash FROM actions WHERE "
                                    "table_id = ? ORDER BY n", (table_id,)).fetchall()
        return [ActionRow(*r) for r in rows]

    def tables(self, status: str | None = None, limit: int = 100) -> list[TableRow]:
        with self._lock:
            if status is None:
                rows = self._db.execute(f"SELECT {self._COLUMNS} FROM tables ORDER BY "
                                        "created DESC LIMIT ?", (limit,)).fetchall()
            else:
                rows = self._db.execute(f"SELECT {self._COLUMNS} FROM tables WHERE status = ? "
                                        "ORDER BY created DESC LIMIT ?",
                                        (status, limit)).fetchall()
            out = [self._row(r) for r in rows]
            for t in out:
                t.seats = self._seats(t.id)
        return out

    def seat_of(self, token_hash: str) -> tuple[str, int] | None:
        with self._lock:
            r = self._db.execute("SELECT table_id, seat FROM seats WHERE token_hash = ?",
                                 (token_hash,)).fetchone()
        return None if r is None else (r[0], r[1])

    def close(self) -> None:
        with self._lock:
            self._db.close()
