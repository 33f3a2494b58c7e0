"""The store's queries, written once for both databases: :class:`SqlStorage` implements
:class:`~.rows.Storage` over a connection that a backend (:mod:`.sqlite`, :mod:`.postgres`)
hands it, one transaction at a time.

The SQL is the subset SQLite and PostgreSQL share: ``?`` placeholders (the PostgreSQL
backend turns them into its own), ``INSERT ... ON CONFLICT``, JSON kept as text. A write
that depends on where a table stands checks it in the statement that changes it (``UPDATE
tables ... WHERE actions = ?``): under SQLite's one writer, or PostgreSQL's row lock taken
by that ``UPDATE``, a second write racing the first sees the table already moved on, and
fails.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any, Protocol

from .accounts_sql import AccountsSql
from .queue_sql import QueueSql
from .rows import ActionRow, ChatRow, NoticeRow, SeatRow, StorageError, StoreUnreachable, TableRow


class Cursor(Protocol):
    """What a statement gives back."""

    @property
    def rowcount(self) -> int:
        """How many rows the statement changed."""

    def fetchone(self) -> Any:
        """The next row, or ``None``."""

    def fetchall(self) -> list[Any]:
        """Every row left."""


class Db(Protocol):
    """A connection inside one transaction (or one read), with ``?`` placeholders."""

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        """Run one statement."""

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each of ``rows``."""


def first_line(e: BaseException) -> str:
    """A driver's error in one line (PostgreSQL's messages add DETAIL and HINT lines)."""
    lines = str(e).strip().splitlines()
    return lines[0] if lines else type(e).__name__


def _json(value: dict[str, Any] | None) -> str | None:
    return None if value is None else json.dumps(value)


def _muted(text: str) -> tuple[bool, tuple[int, ...]]:
    data = json.loads(text or "{}")
    return bool(data.get("all")), tuple(int(s) for s in data.get("seats", ()))


_COLUMNS = ("id, game, rules_version, players, params, seed, open, created, status, "
            "actions, record, options, clock, rematch, rematch_of, revision")
_SEAT_COLUMNS = ("table_id, seat, kind, difficulty, agent, token_hash, joined, name, muted, "
                 "account")
_CHUNK = 500  # table ids per ``IN (...)`` when reading many tables' seats


def _table(r: Sequence[Any]) -> TableRow:
    return TableRow(id=r[0], game=r[1], rules_version=r[2], players=r[3],
                    params=json.loads(r[4]), seed=r[5], open=bool(r[6]), created=r[7],
                    status=r[8], actions=r[9],
                    record=None if r[10] is None else json.loads(r[10]),
                    options=json.loads(r[11] or "{}"),
                    clock=None if r[12] is None else json.loads(r[12]),
                    rematch=r[13], rematch_of=r[14], revision=r[15])


def _seat(r: Sequence[Any]) -> SeatRow:
    mute_all, muted = _muted(r[8])
    return SeatRow(r[1], r[2], r[3], r[4], r[5], bool(r[6]), r[7], mute_all, muted, r[9])


class SqlStorage(AccountsSql, QueueSql):
    """:class:`~.rows.Storage` over SQL. A backend provides :meth:`_tx` (a write
    transaction, committed durably when it ends), :meth:`_read` and ``_errors``, the
    driver's exceptions (each becomes a :class:`StorageError` saying what failed)."""

    _errors: tuple[type[Exception], ...] = ()
    # Told the table's id after each committed write to a table (the server then counts
    # its revision and tells the other servers: cluster.py); may be called from any
    # thread that writes.
    written: Callable[[str], None] = staticmethod(lambda table_id: None)

    def _tx(self) -> AbstractContextManager[Db]:
        raise NotImplementedError

    def _read(self) -> AbstractContextManager[Db]:
        raise NotImplementedError

    @contextmanager
    def _guard(self, what: str) -> Iterator[None]:
        try:
            yield
        except self._errors as e:
            kind = StoreUnreachable if self._unreachable(e) else StorageError
            raise kind(f"{what} ({first_line(e)})") from e

    @contextmanager
    def _write(self, what: str, table_id: str, touch: bool = True) -> Iterator[Db]:
        """One write transaction to table ``table_id``, which raises its revision (in
        the same transaction; ``touch=False``: a new table, at the revision it is made
        with) and, once committed, is told to :attr:`written`."""
        with self._guard(what):
            with self._tx() as db:
                yield db
                if touch:
                    db.execute("UPDATE tables SET revision = revision + 1 WHERE id = ?",
                               (table_id,))
        self.written(table_id)

    def _unreachable(self, e: Exception) -> bool:
        """Whether the driver's error ``e`` says the database is out of reach (rather
        than that it refused the call)."""
        return False

    def ping(self) -> None:
        """One trivial query; raises :class:`StorageError` if the store does not answer."""
        with self._guard("the store does not answer"), self._read() as db:
            db.execute("SELECT 1").fetchone()

    def create(self, table: TableRow) -> None:
        with self._write(f"table {table.id}: cannot store it", table.id, touch=False) as db:
            self._insert_table(db, table)

    @staticmethod
    def _insert_table(db: Db, table: TableRow) -> None:
        """Insert a new table and its seats (inside the caller's transaction)."""
        db.execute(
            f"INSERT INTO tables ({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (table.id, table.game, table.rules_version, table.players,
             json.dumps(table.params), table.seed, int(table.open), table.created,
             table.status, table.actions, _json(table.record), json.dumps(table.options),
             _json(table.clock), table.rematch, table.rematch_of, table.revision))
        db.executemany(
            f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?)",
            [(table.id, s.seat, s.kind, s.difficulty, s.agent, s.token_hash,
              int(s.joined), s.name,
              json.dumps({"all": s.mute_all, "seats": list(s.muted)}), s.account)
             for s in table.seats])

    def append(self, table_id: str, row: ActionRow, record: dict[str, Any] | None = None,
               clock: dict[str, Any] | None = None) -> None:
        with self._write(f"table {table_id}: cannot store action {row.n}", table_id) as db:
            # The version check and the insert are one transaction: of two appends of
            # action n (two servers, two threads), the second finds actions != n.
            cur = db.execute(
                "UPDATE tables SET actions = actions + 1, clock = ? WHERE id = ? AND "
                "actions = ? AND status = 'running'", (_json(clock), table_id, row.n))
            if cur.rowcount != 1:
                raise StorageError(f"table {table_id}: action {row.n} is not the next one")
            db.execute("INSERT INTO actions (table_id, n, seat, action, hash, at, by) "
                       "VALUES (?,?,?,?,?,?,?)",
                       (table_id, row.n, row.seat, row.action, row.hash, time.time(),
                        row.by))
            if record is not None:
                db.execute("UPDATE tables SET status = 'over', record = ? WHERE id = ?",
                           (json.dumps(record), table_id))

    def rewind(self, table_id: str, to: int, notice: NoticeRow,
               clock: dict[str, Any] | None = None) -> None:
        with self._write(f"table {table_id}: cannot take back to {to}", table_id) as db:
            cur = db.execute("UPDATE tables SET actions = ?, clock = ? WHERE id = ? AND "
                             "actions > ? AND status = 'running'",
                             (to, _json(clock), table_id, to))
            if cur.rowcount != 1:
                raise StorageError(f"table {table_id}: nothing to take back to {to}")
            db.execute("DELETE FROM actions WHERE table_id = ? AND n >= ?", (table_id, to))
            self._insert_notice(db, table_id, notice)

    def join(self, table_id: str, seat: int, token_hash: str | None = None,
             name: str | None = None) -> None:
        with self._write(f"table {table_id}: cannot seat {seat}", table_id) as db:
            if token_hash is not None:
                old = db.execute("SELECT token_hash FROM seats WHERE table_id = ? AND "
                                 "seat = ?", (table_id, seat)).fetchone()
                if old is not None and old[0] is not None:
                    db.execute("INSERT INTO replaced_tokens (token_hash, table_id, seat, at) "
                               "VALUES (?,?,?,?) ON CONFLICT (token_hash) DO UPDATE SET "
                               "table_id = excluded.table_id, seat = excluded.seat, "
                               "at = excluded.at", (old[0], table_id, seat, time.time()))
                db.execute("UPDATE seats SET token_hash = ? WHERE table_id = ? AND seat = ?",
                           (token_hash, table_id, seat))
            if name is not None:
                db.execute("UPDATE seats SET name = ? WHERE table_id = ? AND seat = ?",
                           (name, table_id, seat))
            db.execute("UPDATE seats SET joined = 1 WHERE table_id = ? AND seat = ?",
                       (table_id, seat))

    def rename(self, table_id: str, seat: int, name: str | None) -> None:
        with self._write(f"table {table_id}: cannot rename seat {seat}", table_id) as db:
            db.execute("UPDATE seats SET name = ? WHERE table_id = ? AND seat = ?",
                       (name, table_id, seat))

    def set_muted(self, table_id: str, seat: int, mute_all: bool,
                  muted: tuple[int, ...]) -> None:
        with self._write(f"table {table_id}: cannot store seat {seat}'s mutes", table_id) as db:
            db.execute("UPDATE seats SET muted = ? WHERE table_id = ? AND seat = ?",
                       (json.dumps({"all": mute_all, "seats": list(muted)}), table_id, seat))

    def set_clock(self, table_id: str, clock: dict[str, Any] | None) -> None:
        with self._write(f"table {table_id}: cannot store its clocks", table_id) as db:
            db.execute("UPDATE tables SET clock = ? WHERE id = ?", (_json(clock), table_id))

    def set_rematch(self, table_id: str, rematch: str) -> None:
        with self._write(f"table {table_id}: cannot store its rematch", table_id) as db:
            db.execute("UPDATE tables SET rematch = ? WHERE id = ?", (rematch, table_id))

    def add_chat(self, table_id: str, row: ChatRow) -> None:
        with self._write(f"table {table_id}: cannot store chat line {row.n}", table_id) as db:
            db.execute("INSERT INTO chat (table_id, n, seat, kind, key, text, at) VALUES "
                       "(?,?,?,?,?,?,?)", (table_id, row.n, row.seat, row.kind, row.key,
                                           row.text, row.at))

    def chat(self, table_id: str) -> list[ChatRow]:
        with self._guard(f"table {table_id}: cannot read its chat"), self._read() as db:
            rows = db.execute("SELECT n, seat, kind, key, text, at FROM chat WHERE "
                              "table_id = ? ORDER BY n", (table_id,)).fetchall()
        return [ChatRow(*r) for r in rows]

    @staticmethod
    def _insert_notice(db: Db, table_id: str, row: NoticeRow) -> None:
        db.execute("INSERT INTO notices (table_id, n, kind, seat, public, secret, at) VALUES "
                   "(?,?,?,?,?,?,?)", (table_id, row.n, row.kind, row.seat,
                                       json.dumps(row.public), json.dumps(row.secret),
                                       row.at))

    def add_notice(self, table_id: str, row: NoticeRow) -> None:
        with self._write(f"table {table_id}: cannot store notice {row.n}", table_id) as db:
            self._insert_notice(db, table_id, row)

    def notices(self, table_id: str) -> list[NoticeRow]:
        with self._guard(f"table {table_id}: cannot read its notices"), self._read() as db:
            rows = db.execute("SELECT n, kind, seat, public, secret, at FROM notices "
                              "WHERE table_id = ? ORDER BY n", (table_id,)).fetchall()
        return [NoticeRow(r[0], r[1], r[2], json.loads(r[3]), json.loads(r[4]), r[5])
                for r in rows]

    def replaced(self, token_hash: str) -> tuple[str, int, float] | None:
        with self._guard("cannot read the replaced tokens"), self._read() as db:
            r = db.execute("SELECT table_id, seat, at FROM replaced_tokens WHERE "
                           "token_hash = ?", (token_hash,)).fetchone()
        return None if r is None else (r[0], r[1], r[2])

    @staticmethod
    def _with_seats(db: Db, tables: list[TableRow]) -> list[TableRow]:
        by_id = {t.id: t for t in tables}
        ids = list(by_id)
        for i in range(0, len(ids), _CHUNK):
            chunk = ids[i:i + _CHUNK]
            marks = ",".join("?" * len(chunk))
            for r in db.execute(f"SELECT {_SEAT_COLUMNS} FROM seats WHERE table_id IN "
                                f"({marks}) ORDER BY table_id, seat", chunk).fetchall():
                by_id[r[0]].seats.append(_seat(r))
        return tables

    def table(self, table_id: str) -> TableRow | None:
        with self._guard(f"table {table_id}: cannot read it"), self._read() as db:
            r = db.execute(f"SELECT {_COLUMNS} FROM tables WHERE id = ?",
                           (table_id,)).fetchone()
            return None if r is None else self._with_seats(db, [_table(r)])[0]

    def actions(self, table_id: str) -> list[ActionRow]:
        with self._guard(f"table {table_id}: cannot read its actions"), self._read() as db:
            rows = db.execute("SELECT n, seat, action, hash, by FROM actions WHERE "
                              "table_id = ? ORDER BY n", (table_id,)).fetchall()
        return [ActionRow(*r) for r in rows]

    def running_clocks(self) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
        with self._guard("cannot read the tables' clocks"), self._read() as db:
            rows = db.execute("SELECT id, clock, options FROM tables WHERE status = "
                              "'running' AND clock IS NOT NULL").fetchall()
        return [(r[0], json.loads(r[1]), json.loads(r[2] or "{}")) for r in rows]

    def seats_of(self, token_hashes: Sequence[str], account: str | None,
                 limit: int = 50) -> list[tuple[str, int]]:
        hashes = list(token_hashes)[:_CHUNK]
        where = []
        params: list[Any] = []
        if hashes:
            where.append(f"s.token_hash IN ({','.join('?' * len(hashes))})")
            params += hashes
        if account is not None:
            where.append("s.account = ?")
            params.append(account)
        if not where:
            return []
        with self._guard("cannot read the seats"), self._read() as db:
            rows = db.execute(
                "SELECT s.table_id, s.seat FROM seats s JOIN tables t ON t.id = s.table_id "
                f"WHERE t.status = 'running' AND s.kind = 'human' AND ({' OR '.join(where)}) "
                "ORDER BY t.created DESC, s.seat LIMIT ?", [*params, limit]).fetchall()
        return [(r[0], int(r[1])) for r in rows]

    def revisions(self, table_ids: Sequence[str]) -> dict[str, int]:
        return {t: int(v) for t, v in self._column(table_ids, "revision", "revisions").items()}

    def statuses(self, table_ids: Sequence[str]) -> dict[str, str]:
        return {t: str(v) for t, v in self._column(table_ids, "status", "statuses").items()}

    def _column(self, table_ids: Sequence[str], column: str, what: str) -> dict[str, Any]:
        """One column of the tables ``table_ids`` (those the store has), read in chunks
        of :data:`_CHUNK` ids; ``what`` names it in the error."""
        ids = list(table_ids)
        out: dict[str, Any] = {}
        with self._guard(f"cannot read the tables' {what}"), self._read() as db:
            for i in range(0, len(ids), _CHUNK):
                chunk = ids[i:i + _CHUNK]
                marks = ",".join("?" * len(chunk))
                for r in db.execute(f"SELECT id, {column} FROM tables WHERE id IN ({marks})",
                                    chunk).fetchall():
                    out[r[0]] = r[1]
        return out

    # --- leases (several servers: which one keeps a table's AI seats and clocks) -------
    # Times are the servers' own clocks (seconds since the epoch): servers sharing a store
    # keep their clocks agreeing (NTP) to well within a lease's length.

    def take_lease(self, name: str, owner: str, seconds: float) -> bool:
        now = time.time()
        with self._guard(f"lease {name}: cannot take it"), self._tx() as db:
            cur = db.execute(
                "INSERT INTO leases (name, owner, expires) VALUES (?,?,?) ON CONFLICT (name) "
                "DO UPDATE SET owner = excluded.owner, expires = excluded.expires WHERE "
                "leases.owner = excluded.owner OR leases.expires < ?",
                (name, owner, now + seconds, now))
            return cur.rowcount == 1

    def renew_leases(self, owner: str, seconds: float) -> set[str]:
        now = time.time()
        with self._guard(f"cannot renew the leases of {owner}"), self._tx() as db:
            db.execute("DELETE FROM leases WHERE owner = ? AND expires < ?", (owner, now))
            db.execute("UPDATE leases SET expires = ? WHERE owner = ?",
                       (now + seconds, owner))
            rows = db.execute("SELECT name FROM leases WHERE owner = ?", (owner,)).fetchall()
        return {r[0] for r in rows}

    def release_leases(self, owner: str, names: Sequence[str] | None = None) -> None:
        with self._guard(f"cannot release the leases of {owner}"), self._tx() as db:
            if names is None:
                db.execute("DELETE FROM leases WHERE owner = ?", (owner,))
            else:
                db.executemany("DELETE FROM leases WHERE name = ? AND owner = ?",
                               [(n, owner) for n in names])

    def expired_leases(self) -> list[str]:
        with self._guard("cannot read the leases"), self._read() as db:
            rows = db.execute("SELECT name FROM leases WHERE expires < ? ORDER BY name",
                              (time.time(),)).fetchall()
        return [r[0] for r in rows]

    def count_tables(self, status: str) -> int:
        with self._guard("cannot count the tables"), self._read() as db:
            row = db.execute("SELECT COUNT(*) FROM tables WHERE status = ?",
                             (status,)).fetchone()
        return int(row[0])

    # --- a live strike's window (several servers: what the keeper's referee shows, and
    # the presses made through the others; not a write to the table: no revision) ------

    def show_strike(self, table_id: str, window: int, position: int,
                    message: dict[str, Any]) -> None:
        with self._guard(f"table {table_id}: cannot store its strike window"), \
                self._tx() as db:
            db.execute("INSERT INTO strikes (table_id, window_id, position, message) VALUES "
                       "(?,?,?,?) ON CONFLICT (table_id) DO UPDATE SET window_id = "
                       "excluded.window_id, position = excluded.position, message = "
                       "excluded.message", (table_id, window, position, json.dumps(message)))
            db.execute("DELETE FROM strike_presses WHERE table_id = ? AND window_id <> ?",
                       (table_id, window))

    def close_strike(self, table_id: str, window: int) -> None:
        with self._guard(f"table {table_id}: cannot close its strike window"), \
                self._tx() as db:
            db.execute("DELETE FROM strikes WHERE table_id = ? AND window_id = ?",
                       (table_id, window))
            db.execute("DELETE FROM strike_presses WHERE table_id = ? AND window_id = ?",
                       (table_id, window))

    def strike(self, table_id: str) -> tuple[int, dict[str, Any]] | None:
        with self._guard(f"table {table_id}: cannot read its strike window"), \
                self._read() as db:
            r = db.execute("SELECT position, message FROM strikes WHERE table_id = ?",
                           (table_id,)).fetchone()
        return None if r is None else (int(r[0]), json.loads(r[1]))

    def press_strike(self, table_id: str, window: int, seat: int, after_go: float) -> bool:
        with self._guard(f"table {table_id}: cannot store a press"), self._tx() as db:
            cur = db.execute("INSERT INTO strike_presses (table_id, window_id, seat, after_go) "
                             "VALUES (?,?,?,?) ON CONFLICT (table_id, window_id, seat) DO "
                             "NOTHING", (table_id, window, seat, after_go))
            return cur.rowcount == 1

    def strike_presses(self, table_id: str, window: int) -> dict[int, float]:
        with self._guard(f"table {table_id}: cannot read its presses"), self._read() as db:
            rows = db.execute("SELECT seat, after_go FROM strike_presses WHERE table_id = ? "
                              "AND window_id = ?", (table_id, window)).fetchall()
        return {int(r[0]): float(r[1]) for r in rows}

    # --- who is connected through each server (several servers) -------------------------
    # Its times are the servers' clocks, as the leases' are.

    def say_here(self, worker: str, said: Mapping[str, str | None], keep_s: float,
                 whole: bool = False) -> bool:
        now = time.time()
        gone = [t for t, w in said.items() if w is None]
        words = [(t, worker, w, now) for t, w in said.items() if w is not None]
        with self._guard(f"cannot store who is connected through {worker}"), \
                self._tx() as db:
            beat = db.execute("SELECT at FROM presence_beats WHERE worker = ?",
                              (worker,)).fetchone()
            kept = beat is not None and float(beat[0]) >= now - keep_s
            # A server gone: its beat is old, and its words go with it (this one's too,
            # when its beat is that old: it then says everything again).
            db.execute("DELETE FROM presence WHERE worker NOT IN (SELECT worker FROM "
                       "presence_beats WHERE at >= ?)", (now - keep_s,))
            db.execute("DELETE FROM presence_beats WHERE at < ?", (now - keep_s,))
            if not kept and not whole:
                return False
            if whole:
                db.execute("DELETE FROM presence WHERE worker = ?", (worker,))
            db.execute("INSERT INTO presence_beats (worker, at) VALUES (?,?) ON CONFLICT "
                       "(worker) DO UPDATE SET at = excluded.at", (worker, now))
            for i in range(0, len(gone), _CHUNK):
                chunk = gone[i:i + _CHUNK]
                db.execute(f"DELETE FROM presence WHERE worker = ? AND table_id IN "
                           f"({','.join('?' * len(chunk))})", [worker, *chunk])
            if words:
                db.executemany("INSERT INTO presence (table_id, worker, said, at) VALUES "
                               "(?,?,?,?) ON CONFLICT (table_id, worker) DO UPDATE SET "
                               "said = excluded.said, at = excluded.at", words)
        return True

    def heard_here(self, worker: str, table_ids: Sequence[str], within_s: float
                   ) -> list[tuple[str, float]]:
        ids = list(table_ids)
        now = time.time()
        out: list[tuple[str, float]] = []
        with self._guard("cannot read who is connected through the others"), \
                self._read() as db:
            for i in range(0, len(ids), _CHUNK):
                chunk = ids[i:i + _CHUNK]
                marks = ",".join("?" * len(chunk))
                for r in db.execute(f"SELECT p.said, b.at FROM presence p JOIN "
                                    f"presence_beats b ON b.worker = p.worker WHERE "
                                    f"p.table_id IN ({marks}) AND p.worker <> ? AND "
                                    f"b.at >= ?", [*chunk, worker, now - within_s]
                                    ).fetchall():
                    out.append((str(r[0]), max(0.0, now - float(r[1]))))
        return out

    def tables(self, status: str | None = None, limit: int = 100) -> list[TableRow]:
        with self._guard("cannot list the tables"), self._read() as db:
            if status is None:
                rows = db.execute(f"SELECT {_COLUMNS} FROM tables ORDER BY created DESC "
                                  "LIMIT ?", (limit,)).fetchall()
            else:
                rows = db.execute(f"SELECT {_COLUMNS} FROM tables WHERE status = ? ORDER BY "
                                  "created DESC LIMIT ?", (status, limit)).fetchall()
            return self._with_seats(db, [_table(r) for r in rows])
