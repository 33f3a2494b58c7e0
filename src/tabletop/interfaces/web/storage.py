"""Storage of the web server: tables (games being played), their seats, every applied
action, the finished records, and what happened at a table besides its actions (chat,
notices such as an undo, tokens replaced when a stranger took a free seat).

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
    """One seat of a table: a person (``kind="human"``) or an AI playing ``agent``.
    ``name`` is a person's guest name; ``mute_all`` and ``muted`` are the chat this seat
    chose not to read (the whole chat, or some seats)."""

    seat: int
    kind: str
    difficulty: str | None = None
    agent: str | None = None
    token_hash: str | None = None
    joined: bool = False
    name: str | None = None
    mute_all: bool = False
    muted: tuple[int, ...] = ()


@dataclass(slots=True)
class TableRow:
    """One table: the game, its parameters, its secret seed and where it stands.
    ``options`` are the table's own settings (clock, grace period, the creator's seat);
    ``clock`` the clocks' stored state; ``rematch`` the table that followed this one."""

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
    options: dict[str, Any] = field(default_factory=dict)
    clock: dict[str, Any] | None = None
    rematch: str | None = None
    rematch_of: str | None = None


@dataclass(slots=True, frozen=True)
class ActionRow:
    """One applied action: its number (from 0), the seat, its notation, the hash of the
    position after it, and who chose it: ``person`` (the seat's player), ``ai`` (the AI,
    for an AI seat or holding a person's), ``referee`` (a real-time strike's result) or
    ``server`` (a concession the table's rules made: time, abandon)."""

    n: int
    seat: int
    action: str
    hash: str
    by: str = "person"


@dataclass(slots=True, frozen=True)
class ChatRow:
    """One line of a table's chat: plain text, never markup."""

    n: int
    seat: int
    kind: str  # text | emote | phrase
    key: str | None  # an emote's or phrase's name
    text: str
    at: float


@dataclass(slots=True, frozen=True)
class NoticeRow:
    """Something that happened at a table besides an action (an undo, time given, the AI
    holding a seat...). ``public`` is what every seat may be told; ``secret`` what only
    the finished game's log shows (the notation of actions taken back)."""

    n: int
    kind: str
    seat: int | None
    public: dict[str, Any]
    secret: dict[str, Any]
    at: float


class StorageError(RuntimeError):
    """The store refused a write (a lost race, a broken file): the action is not applied."""


class Storage(Protocol):
    """What the server needs of a store. Every write is durable when the call returns."""

    def create(self, table: TableRow) -> None:
        """Store a new table and its seats."""

    def append(self, table_id: str, row: ActionRow, record: dict[str, Any] | None = None,
               clock: dict[str, Any] | None = None) -> None:
        """Store action ``row.n`` (it must be the next one) and the clocks after it; with
        ``record`` the game is over and its record is stored in the same transaction."""

    def rewind(self, table_id: str, to: int, notice: NoticeRow,
               clock: dict[str, Any] | None = None) -> None:
        """Take back every action from number ``to`` on, in one transaction with the
        notice that says so (which holds what was taken back)."""

    def join(self, table_id: str, seat: int, token_hash: str | None = None,
             name: str | None = None) -> None:
        """Mark a seat as joined (``token_hash``: a fresh token replacing the old one,
        which is remembered as replaced; ``name``: the person's guest name)."""

    def rename(self, table_id: str, seat: int, name: str | None) -> None:
        """Set a seat's guest name."""

    def set_muted(self, table_id: str, seat: int, mute_all: bool,
                  muted: tuple[int, ...]) -> None:
        """Store what a seat chose not to read of the chat."""

    def set_clock(self, table_id: str, clock: dict[str, Any] | None) -> None:
        """Store the clocks' state."""

    def set_rematch(self, table_id: str, rematch: str) -> None:
        """Store the table that follows ``table_id``."""

    def add_chat(self, table_id: str, row: ChatRow) -> None:
        """Store a chat line (``row.n`` must be the next one)."""

    def chat(self, table_id: str) -> list[ChatRow]:
        """A table's chat, in order."""

    def add_notice(self, table_id: str, row: NoticeRow) -> None:
        """Store a notice (``row.n`` must be the next one)."""

    def notices(self, table_id: str) -> list[NoticeRow]:
        """A table's notices, in order."""

    def replaced(self, token_hash: str) -> tuple[str, int, float] | None:
        """Where a token that was replaced belonged: (table, seat, when), or ``None``."""

    def table(self, table_id: str) -> TableRow | None:
        """A table with its seats, or ``None``."""

    def actions(self, table_id: str) -> list[ActionRow]:
        """Every action of a table, in order."""

    def tables(self, status: str | None = None, limit: int = 100) -> list[TableRow]:
        """The latest tables (newest first), optionally only those with ``status``."""

    def close(self) -> None:
        """Release the store."""


SCHEMA_VERSION = 2
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
    record TEXT,
    options TEXT NOT NULL DEFAULT '{}',
    clock TEXT,
    rematch TEXT,
    rematch_of TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    difficulty TEXT,
    agent TEXT,
    token_hash TEXT,
    joined INTEGER NOT NULL DEFAULT 0,
    name TEXT,
    muted TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    hash TEXT NOT NULL,
    at REAL NOT NULL,
    by TEXT NOT NULL DEFAULT 'person',
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS chat (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    key TEXT,
    text TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS notices (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    kind TEXT NOT NULL,
    seat INTEGER,
    public TEXT NOT NULL,
    secret TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS replaced_tokens (
    token_hash TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_status ON tables(status, created);
CREATE INDEX IF NOT EXISTS seats_token ON seats(token_hash);
"""

# Version 1 (no user_version) had no options, clock, rematch, names, mutes, action
# authors, chat, notices or replaced tokens, and a token hash unique over every table (a
# rematch now seats each person with the token they already hold).
_FROM_1 = """
ALTER TABLE tables ADD COLUMN options TEXT NOT NULL DEFAULT '{}';
ALTER TABLE tables ADD COLUMN clock TEXT;
ALTER TABLE tables ADD COLUMN rematch TEXT;
ALTER TABLE tables ADD COLUMN rematch_of TEXT;
ALTER TABLE actions ADD COLUMN by TEXT NOT NULL DEFAULT 'person';
ALTER TABLE seats RENAME TO seats_1;
"""


def _migrate(db: sqlite3.Connection) -> None:
    """Bring a store of an older version up to :data:`SCHEMA_VERSION`."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version >= SCHEMA_VERSION:
        return
    old = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND "
                     "name = 'tables'").fetchone() is not None
    db.execute("BEGIN IMMEDIATE")
    try:
        if old:
            for statement in _FROM_1.strip().split(";\n"):
                db.execute(statement)
        for statement in _SCHEMA.strip().rstrip(";").split(";\n"):
            db.execute(statement)
        if old:
            db.execute("INSERT INTO seats (table_id, seat, kind, difficulty, agent, "
                       "token_hash, joined) SELECT table_id, seat, kind, difficulty, agent, "
                       "token_hash, joined FROM seats_1")
            db.execute("DROP TABLE seats_1")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _muted(text: str) -> tuple[bool, tuple[int, ...]]:
    data = json.loads(text or "{}")
    return bool(data.get("all")), tuple(int(s) for s in data.get("seats", ()))


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
        _migrate(self._db)

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
                "created, status, actions, record, options, clock, rematch, rematch_of) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (table.id, table.game, table.rules_version, table.players,
                 json.dumps(table.params), table.seed, int(table.open), table.created,
                 table.status, table.actions,
                 None if table.record is None else json.dumps(table.record),
                 json.dumps(table.options),
                 None if table.clock is None else json.dumps(table.clock),
                 table.rematch, table.rematch_of))
            db.executemany(
                "INSERT INTO seats (table_id, seat, kind, difficulty, agent, token_hash, "
                "joined, name, muted) VALUES (?,?,?,?,?,?,?,?,?)",
                [(table.id, s.seat, s.kind, s.difficulty, s.agent, s.token_hash,
                  int(s.joined), s.name,
                  json.dumps({"all": s.mute_all, "seats": list(s.muted)}))
                 for s in table.seats])

    def append(self, table_id: str, row: ActionRow, record: dict[str, Any] | None = None,
               clock: dict[str, Any] | None = None) -> None:
        try:
            with self._tx() as db:
                cur = db.execute(
                    "UPDATE tables SET actions = actions + 1, clock = ? WHERE id = ? AND "
                    "actions = ? AND status = 'running'",
                    (None if clock is None else json.dumps(clock), table_id, row.n))
                if cur.rowcount != 1:
                    raise StorageError(f"table {table_id}: action {row.n} is not the next one")
                db.execute("INSERT INTO actions (table_id, n, seat, action, hash, at, by) "
                           "VALUES (?,?,?,?,?,?,?)",
                           (table_id, row.n, row.seat, row.action, row.hash, time.time(),
                            row.by))
                if record is not None:
                    db.execute("UPDATE tables SET status = 'over', record = ? WHERE id = ?",
                               (json.dumps(record), table_id))
        except sqlite3.Error as e:
            raise StorageError(f"table {table_id}: cannot store action {row.n} ({e})") from e

    def rewind(self, table_id: str, to: int, notice: NoticeRow,
               clock: dict[str, Any] | None = None) -> None:
        try:
            with self._tx() as db:
                cur = db.execute("UPDATE tables SET actions = ?, clock = ? WHERE id = ? AND "
                                 "actions > ? AND status = 'running'",
                                 (to, None if clock is None else json.dumps(clock),
                                  table_id, to))
                if cur.rowcount != 1:
                    raise StorageError(f"table {table_id}: nothing to take back to {to}")
                db.execute("DELETE FROM actions WHERE table_id = ? AND n >= ?",
                           (table_id, to))
                self._insert_notice(db, table_id, notice)
        except sqlite3.Error as e:
            raise StorageError(f"table {table_id}: cannot take back to {to} ({e})") from e

    def join(self, table_id: str, seat: int, token_hash: str | None = None,
             name: str | None = None) -> None:
        with self._tx() as db:
            if token_hash is not None:
                old = db.execute("SELECT token_hash FROM seats WHERE table_id = ? AND "
                                 "seat = ?", (table_id, seat)).fetchone()
                if old is not None and old[0] is not None:
                    db.execute("INSERT OR REPLACE INTO replaced_tokens (token_hash, "
                               "table_id, seat, at) VALUES (?,?,?,?)",
                               (old[0], table_id, seat, time.time()))
                db.execute("UPDATE seats SET token_hash = ? WHERE table_id = ? AND seat = ?",
                           (token_hash, table_id, seat))
            if name is not None:
                db.execute("UPDATE seats SET name = ? WHERE table_id = ? AND seat = ?",
                           (name, table_id, seat))
            db.execute("UPDATE seats SET joined = 1 WHERE table_id = ? AND seat = ?",
                       (table_id, seat))

    def rename(self, table_id: str, seat: int, name: str | None) -> None:
        with self._tx() as db:
            db.execute("UPDATE seats SET name = ? WHERE table_id = ? AND seat = ?",
                       (name, table_id, seat))

    def set_muted(self, table_id: str, seat: int, mute_all: bool,
                  muted: tuple[int, ...]) -> None:
        with self._tx() as db:
            db.execute("UPDATE seats SET muted = ? WHERE table_id = ? AND seat = ?",
                       (json.dumps({"all": mute_all, "seats": list(muted)}), table_id, seat))

    def set_clock(self, table_id: str, clock: dict[str, Any] | None) -> None:
        with self._tx() as db:
            db.execute("UPDATE tables SET clock = ? WHERE id = ?",
                       (None if clock is None else json.dumps(clock), table_id))

    def set_rematch(self, table_id: str, rematch: str) -> None:
        with self._tx() as db:
            db.execute("UPDATE tables SET rematch = ? WHERE id = ?", (rematch, table_id))

    def add_chat(self, table_id: str, row: ChatRow) -> None:
        try:
            with self._tx() as db:
                db.execute("INSERT INTO chat (table_id, n, seat, kind, key, text, at) VALUES "
                           "(?,?,?,?,?,?,?)", (table_id, row.n, row.seat, row.kind, row.key,
                                               row.text, row.at))
        except sqlite3.Error as e:
            raise StorageError(f"table {table_id}: cannot store chat line {row.n} ({e})") \
                from e

    def chat(self, table_id: str) -> list[ChatRow]:
        with self._lock:
            rows = self._db.execute("SELECT n, seat, kind, key, text, at FROM chat WHERE "
                                    "table_id = ? ORDER BY n", (table_id,)).fetchall()
        return [ChatRow(*r) for r in rows]

    @staticmethod
    def _insert_notice(db: sqlite3.Connection, table_id: str, row: NoticeRow) -> None:
        db.execute("INSERT INTO notices (table_id, n, kind, seat, public, secret, at) VALUES "
                   "(?,?,?,?,?,?,?)", (table_id, row.n, row.kind, row.seat,
                                       json.dumps(row.public), json.dumps(row.secret),
                                       row.at))

    def add_notice(self, table_id: str, row: NoticeRow) -> None:
        try:
            with self._tx() as db:
                self._insert_notice(db, table_id, row)
        except sqlite3.Error as e:
            raise StorageError(f"table {table_id}: cannot store notice {row.n} ({e})") from e

    def notices(self, table_id: str) -> list[NoticeRow]:
        with self._lock:
            rows = self._db.execute("SELECT n, kind, seat, public, secret, at FROM notices "
                                    "WHERE table_id = ? ORDER BY n", (table_id,)).fetchall()
        return [NoticeRow(r[0], r[1], r[2], json.loads(r[3]), json.loads(r[4]), r[5])
                for r in rows]

    def replaced(self, token_hash: str) -> tuple[str, int, float] | None:
        with self._lock:
            r = self._db.execute("SELECT table_id, seat, at FROM replaced_tokens WHERE "
                                 "token_hash = ?", (token_hash,)).fetchone()
        return None if r is None else (r[0], r[1], r[2])

    def _seats(self, table_id: str) -> list[SeatRow]:
        rows = self._db.execute(
            "SELECT seat, kind, difficulty, agent, token_hash, joined, name, muted FROM seats "
            "WHERE table_id = ? ORDER BY seat", (table_id,)).fetchall()
        out = []
        for r in rows:
            mute_all, muted = _muted(r[7])
            out.append(SeatRow(r[0], r[1], r[2], r[3], r[4], bool(r[5]), r[6], mute_all,
                               muted))
        return out

    @staticmethod
    def _row(r: Sequence[Any]) -> TableRow:
        return TableRow(id=r[0], game=r[1], rules_version=r[2], players=r[3],
                        params=json.loads(r[4]), seed=r[5], open=bool(r[6]), created=r[7],
                        status=r[8], actions=r[9],
                        record=None if r[10] is None else json.loads(r[10]),
                        options=json.loads(r[11] or "{}"),
                        clock=None if r[12] is None else json.loads(r[12]),
                        rematch=r[13], rematch_of=r[14])

    _COLUMNS = ("id, game, rules_version, players, params, seed, open, created, status, "
                "actions, record, options, clock, rematch, rematch_of")

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
            rows = self._db.execute("SELECT n, seat, action, hash, by FROM actions WHERE "
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

    def close(self) -> None:
        with self._lock:
            self._db.close()
