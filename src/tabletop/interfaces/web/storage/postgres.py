"""The store in a PostgreSQL database, shared by several servers (``tabletop serve --db
postgresql://...``).

Each server keeps a few connections (one per thread that is using the store at once, up
to :data:`POOL_SIZE`); a connection the database dropped (it restarted) is replaced by a
new one on its next use, and that call goes on (reads and writes alike are transactions,
so a dead connection shows at their ``BEGIN``, before anything was sent). Every write is
one transaction, committed with ``synchronous_commit = on`` (on the server's disk) before
the call returns. The tables live in the connection's schema: the first of its
``search_path`` (set it in the URL with ``?options=-csearch_path%3Dname`` to keep several
stores in one database).

Needs psycopg (``pip install 'tabletop[postgres]'``).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from typing import TYPE_CHECKING, Any

from .rows import StorageError
from .schema import MIGRATIONS, Migration, migrate
from .sql import Cursor, Db, SqlStorage, first_line

if TYPE_CHECKING:
    import psycopg

POOL_SIZE = 4  # connections per server: its event loop and the threads it writes from
CONNECT_SECONDS = 5  # how long a connection may take, unless the URL says otherwise
SCHEMES = ("postgresql://", "postgres://")


def is_url(db: str) -> bool:
    """Whether ``--db`` names a PostgreSQL database rather than a SQLite file."""
    return db.startswith(SCHEMES)


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


class _Connection(Db):
    """A psycopg connection as :class:`~.sql.Db` (``?`` placeholders become ``%s``; the
    shared SQL has no ``%`` of its own)."""

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self._conn = conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        return self._conn.execute(sql.replace("?", "%s"), params)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self._conn.cursor() as cur:
            cur.executemany(sql.replace("?", "%s"), rows)


class PostgresStorage(SqlStorage):
    """The store in the PostgreSQL database at ``url``, brought up to the last of
    ``migrations`` (``version``); raises :class:`StorageError` (in one line, without the
    password) when the URL is bad or the database out of reach."""

    _for_update = " FOR UPDATE"  # a settled game's ratings stay locked until it commits

    def __init__(self, url: str, pool_size: int = POOL_SIZE,
                 migrations: Sequence[Migration] = MIGRATIONS) -> None:
        try:
            import psycopg
            from psycopg.conninfo import conninfo_to_dict, make_conninfo
        except ImportError:
            raise StorageError(f"{redact(url)}: the PostgreSQL store needs psycopg "
                               "(pip install 'tabletop[postgres]')") from None
        self._psycopg = psycopg
        self._errors = (psycopg.Error,)
        self.url = redact(url)
        try:
            params = conninfo_to_dict(url)
        except psycopg.Error as e:
            raise StorageError(f"{self.url}: not a PostgreSQL URL ({first_line(e)})") \
                from None
        params.setdefault("connect_timeout", CONNECT_SECONDS)
        params.setdefault("application_name", "tabletop")  # in pg_stat_activity
        self._conninfo = make_conninfo("", **params)
        self._idle: list[psycopg.Connection[Any]] = []
        self._slots = threading.BoundedSemaphore(pool_size)
        self._lock = threading.Lock()
        self._closed = False
        with self._guard(f"{self.url}: cannot open the tables' store"):
            self.version = migrate(self._tx, "postgres", migrations)

    def _unreachable(self, e: Exception) -> bool:
        # No connection could be made or kept (no SQLSTATE: refused, timed out, dropped),
        # or the server says it is shutting down or not yet up (classes 08 and 57P).
        state = getattr(e, "sqlstate", None)
        return isinstance(e, self._psycopg.OperationalError) and (
            state is None or state.startswith(("08", "57P")))

    def _connect(self) -> psycopg.Connection[Any]:
        conn = self._psycopg.connect(self._conninfo, autocommit=True)
        # Committed means on the database server's disk, whatever its default.
        conn.execute("SET synchronous_commit TO on")
        return conn

    @contextmanager
    def _begun(self, begin: str) -> Iterator[Db]:
        """A connection of the pool inside a transaction (``begin``), committed when the
        block ends, rolled back if it raises."""
        if self._closed:
            raise StorageError(f"{self.url}: the store is closed")
        with self._slots:
            with self._lock:
                idle = self._idle.pop() if self._idle else None
            conn = self._start(idle, begin)
            try:
                try:
                    yield _Connection(conn)
                except BaseException:
                    if not (conn.closed or conn.broken):
                        with suppress(self._psycopg.Error):
                            conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
            finally:
                self._give_back(conn)

    def _start(self, idle: psycopg.Connection[Any] | None,
               begin: str) -> psycopg.Connection[Any]:
        """``idle`` (or a new connection) with ``begin`` sent. A pooled connection that
        the database dropped while it was idle (a restart) fails at its ``BEGIN``, before
        anything of the call was sent: a new connection takes its place."""
        if idle is not None:
            try:
                idle.execute(begin)
                return idle
            except self._psycopg.OperationalError:
                idle.close()
        conn = self._connect()
        try:
            conn.execute(begin)
        except BaseException:
            conn.close()
            raise
        return conn

    def _give_back(self, conn: psycopg.Connection[Any]) -> None:
        idle = self._psycopg.pq.TransactionStatus.IDLE
        with self._lock:
            if conn.closed or conn.broken or self._closed or conn.info.transaction_status \
                    != idle:
                conn.close()
            else:
                self._idle.append(conn)

    def _tx(self) -> AbstractContextManager[Db]:
        return self._begun("BEGIN")

    def _read(self) -> AbstractContextManager[Db]:
        return self._begun("BEGIN READ ONLY")

    def identity(self) -> str:
        """Which store this is, as every server using it sees it alike (whatever host name
        its URL gives): the database's name and the schema's."""
        with self._guard(f"{self.url}: cannot read which database this is"), \
                self._read() as db:
            row = db.execute("SELECT current_database(), current_schema()").fetchone()
        return f"{row[0]}.{row[1]}"

    def close(self) -> None:
        """Close every connection (one in use closes when its call ends)."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()
