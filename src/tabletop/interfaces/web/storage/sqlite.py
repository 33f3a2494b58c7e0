"""The embedded store: one SQLite file, for a server in one process (``make play``).

Write-ahead log, and every write committed with ``synchronous = FULL`` before the call
returns, so an action the server has acknowledged survives the process being killed.
Writes take SQLite's write lock at once (``BEGIN IMMEDIATE``), so two connections to one
file (two processes) serialise their transactions; a busy file is waited for, up to
:data:`BUSY_SECONDS`, and then the call fails as a store out of reach does
(:class:`~.rows.StoreUnreachable`: the server answers 503 with ``Retry-After``, nothing
written), since the same call may well succeed a moment later.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .schema import MIGRATIONS, Migration, migrate
from .sql import Cursor, Db, SqlStorage

BUSY_SECONDS = 30.0  # how long a write waits for another connection's transaction


class _Connection(Db):
    """A SQLite connection as :class:`~.sql.Db`."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        return self._db.execute(sql, params)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._db.executemany(sql, rows)


class SqliteStorage(SqlStorage):
    """The store in the SQLite file ``path`` (``":memory:"`` for a throw-away one),
    brought up to the last of ``migrations`` (``version``)."""

    _errors = (sqlite3.Error,)

    def __init__(self, path: str | Path,
                 migrations: Sequence[Migration] = MIGRATIONS) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        with self._guard(f"{path}: cannot open it as the tables' store"):
            # One connection shared by the server's threads, used under a lock: writes
            # are short and SQLite serialises them anyway.
            self._raw = sqlite3.connect(str(path), check_same_thread=False,
                                        isolation_level=None, timeout=BUSY_SECONDS)
            self._db = _Connection(self._raw)
            try:
                self._wal()
                self._raw.execute("PRAGMA synchronous=FULL")  # committed means on disk
                self._raw.execute("PRAGMA foreign_keys=ON")
                self.version = migrate(self._tx, "sqlite", migrations)
            except BaseException:
                self._raw.close()
                raise

    def _wal(self) -> None:
        """Put the file in WAL mode. Several servers opening a new file at once: the switch
        can answer "database is locked" at once, without SQLite's wait for the lock (its
        busy handler is not called there), so it is tried again within the same wait."""
        end = time.monotonic() + BUSY_SECONDS
        while True:
            try:
                self._raw.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as e:
                if not self._unreachable(e) or time.monotonic() >= end:
                    raise
                time.sleep(0.02)

    def _unreachable(self, e: Exception) -> bool:
        # "database is locked" (SQLITE_BUSY: another connection kept the write lock past
        # the wait) or "database table is locked" (SQLITE_LOCKED): nothing of the call
        # was written, and it is not the call's fault. Any other error is a refusal.
        code = getattr(e, "sqlite_errorcode", None)
        return isinstance(e, sqlite3.OperationalError) and code is not None and \
            code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)

    @contextmanager
    def _tx(self) -> Iterator[Db]:
        with self._lock:
            self._raw.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._raw.execute("ROLLBACK")
                raise
            self._raw.execute("COMMIT")

    @contextmanager
    def _read(self) -> Iterator[Db]:
        with self._lock:
            yield self._db

    def close(self) -> None:
        """Release the file."""
        with self._lock:
            self._raw.close()
