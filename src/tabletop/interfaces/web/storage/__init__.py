"""Storage of the web server: tables (games being played), their seats, every applied
action, the finished records, and what happened at a table besides its actions (chat,
notices such as an undo, tokens replaced when a stranger took a free seat).

Everything the server knows lives behind :class:`Storage`, a small protocol (``rows``),
with two stores that share their SQL (``sql``) and their numbered schema migrations
(``schema``): :class:`SqliteStorage`, the embedded default (one file, one process), and
:class:`PostgresStorage`, for several servers on one database. Both commit every write
before the call returns, so an action the server has acknowledged survives the process
being killed. A table is resumed by replaying its actions; the hash stored with each
action lets the server check the replay reached the same position.
"""

from __future__ import annotations

from pathlib import Path

from .postgres import PostgresStorage, is_url, redact
from .rows import (
    AccountRow,
    ActionRow,
    ChatRow,
    DeckRow,
    NoticeRow,
    QueueRow,
    Rater,
    RatingRow,
    ResultRow,
    SeatRow,
    Storage,
    StorageError,
    StoreUnreachable,
    TableRow,
    token_hash,
)
from .schema import MIGRATIONS, Migration, migrate
from .sqlite import SqliteStorage

__all__ = [
    "MIGRATIONS", "AccountRow", "DeckRow", "ActionRow", "ChatRow", "Migration", "NoticeRow",
    "PostgresStorage", "QueueRow", "RatingRow", "Rater", "ResultRow",
    "SeatRow", "SqliteStorage", "Storage", "StorageError", "StoreUnreachable", "TableRow",
    "is_url", "migrate", "open_storage", "redact", "token_hash",
]


def open_storage(db: str | Path) -> Storage:
    """The store ``db`` names: a ``postgresql://`` URL, or a SQLite file (``":memory:"``
    for a throw-away one). Raises :class:`StorageError` when it cannot be opened."""
    text = str(db)
    if isinstance(db, str) and is_url(text):
        return PostgresStorage(text)
    if isinstance(db, str) and "://" in text:
        raise StorageError(f"{redact(text)}: not a postgresql:// URL nor a SQLite file")
    return SqliteStorage(db)
