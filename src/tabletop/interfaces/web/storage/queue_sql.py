"""The store's queries for the matchmaking queue (migrations 5 and 6), written once for both
databases like the rest (:mod:`.sql`, whose :class:`~.sql.SqlStorage` includes these).

An entry is matched once: the pairing marks its entries ``matched`` only where they are
still ``waiting``, in the transaction that stores their table. Under SQLite's one writer,
or PostgreSQL's row locks taken by that ``UPDATE``, a second pairing of the same entry
(another server's, or an entry that left meanwhile) finds it no longer waiting, and its
whole transaction, table included, is rolled back.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from .rows import QueueRow, TableRow

if TYPE_CHECKING:
    from .sql import Db

_QUEUE = ("id, token_hash, game, players, rated, account, name, rating, ai_after, "
          "difficulty, joined, target, status, table_id, seat, seen")


def _entry(r: Sequence[Any]) -> QueueRow:
    return QueueRow(r[0], r[1], r[2], r[3], bool(r[4]), r[5], r[6], r[7], r[8], r[9], r[10],
                    r[11], r[12], r[13], r[14], r[15])


class _Taken(Exception):
    """An entry to match was no longer waiting: the transaction is rolled back."""


class QueueSql:
    """The matchmaking queue over SQL."""

    if TYPE_CHECKING:
        def _tx(self) -> AbstractContextManager[Db]: ...

        def _read(self) -> AbstractContextManager[Db]: ...

        def _guard(self, what: str) -> AbstractContextManager[None]: ...

        def _write(self, what: str, table_id: str, touch: bool = True
                   ) -> AbstractContextManager[Db]: ...

        def _insert_table(self, db: Db, table: TableRow) -> None: ...

    def enqueue(self, row: QueueRow) -> bool:
        with self._guard("cannot store the queue's entry"), self._tx() as db:
            if row.account is not None and db.execute(
                    "SELECT 1 FROM queue WHERE account = ? AND status = 'waiting'",
                    (row.account,)).fetchone() is not None:
                return False
            db.execute(f"INSERT INTO queue ({_QUEUE}) VALUES "
                       "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                       (row.id, row.token_hash, row.game, row.players, int(row.rated),
                        row.account, row.name, row.rating, row.ai_after, row.difficulty,
                        row.joined, row.target, row.status, row.table_id, row.seat,
                        row.joined if row.seen is None else row.seen))
            return True

    def queue_entry(self, entry_id: str) -> QueueRow | None:
        with self._guard("cannot read the queue"), self._read() as db:
            r = db.execute(f"SELECT {_QUEUE} FROM queue WHERE id = ?", (entry_id,)).fetchone()
        return None if r is None else _entry(r)

    def queue_entry_by_token(self, token_hash: str) -> QueueRow | None:
        with self._guard("cannot read the queue"), self._read() as db:
            r = db.execute(f"SELECT {_QUEUE} FROM queue WHERE token_hash = ?",
                           (token_hash,)).fetchone()
        return None if r is None else _entry(r)

    def waiting(self) -> list[QueueRow]:
        with self._guard("cannot read the queue"), self._read() as db:
            rows = db.execute(f"SELECT {_QUEUE} FROM queue WHERE status = 'waiting' "
                              "ORDER BY joined, id").fetchall()
        return [_entry(r) for r in rows]

    def leave_queue(self, entry_id: str) -> bool:
        with self._guard("cannot take the entry out of the queue"), self._tx() as db:
            cur = db.execute("DELETE FROM queue WHERE id = ? AND status = 'waiting'",
                             (entry_id,))
            if cur.rowcount != 1:
                return False
            db.execute("UPDATE queue SET target = NULL WHERE target = ?", (entry_id,))
            return True

    def match_queue(self, table: TableRow, seats: dict[str, int]) -> bool:
        try:
            with self._write(f"table {table.id}: cannot store the queue's table", table.id,
                             touch=False) as db:
                for entry_id, seat in sorted(seats.items()):
                    cur = db.execute("UPDATE queue SET status = 'matched', table_id = ?, "
                                     "seat = ? WHERE id = ? AND status = 'waiting'",
                                     (table.id, seat, entry_id))
                    if cur.rowcount != 1:
                        raise _Taken(entry_id)
                self._insert_table(db, table)
        except _Taken:
            return False
        return True

    def forget_queue(self, before: float) -> int:
        with self._guard("cannot clear the queue"), self._tx() as db:
            cur = db.execute("DELETE FROM queue WHERE status = 'matched' AND joined < ?",
                             (before,))
            return max(0, cur.rowcount)

    def seen_entry(self, entry_id: str, at: float) -> None:
        with self._guard("cannot store when the entry was asked after"), self._tx() as db:
            db.execute("UPDATE queue SET seen = ? WHERE id = ? AND status = 'waiting'",
                       (at, entry_id))

    def drop_unseen(self, before: float) -> list[str]:
        with self._guard("cannot clear the queue"), self._tx() as db:
            ids = [r[0] for r in db.execute(
                "SELECT id FROM queue WHERE status = 'waiting' AND seen < ? ORDER BY id",
                (before,)).fetchall()]
            for entry_id in ids:
                db.execute("DELETE FROM queue WHERE id = ? AND status = 'waiting'",
                           (entry_id,))
                db.execute("UPDATE queue SET target = NULL WHERE target = ?", (entry_id,))
            return ids
