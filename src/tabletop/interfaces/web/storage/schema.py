"""The store's schema, as numbered migrations that run when a store opens.

``schema_version`` holds one row per migration applied (its number, what it did, when).
Opening a store applies, in order, each migration above the highest number there, each
in its own transaction with its row, so a store is always at one known version; running
them again does nothing. Two servers opening one PostgreSQL database at once take turns
(an advisory lock for the schema); SQLite's write lock does the same for a file. A store
whose version is newer than this program knows is refused rather than used.

Migration 1 is the schema of the store before migrations were numbered. Its SQL is the
subset both databases read alike (``DOUBLE PRECISION`` for times, ``BIGINT`` for seeds;
SQLite gives those names the same meaning as the ``REAL`` and ``INTEGER`` it had). On
SQLite it also upgrades the two earlier files: version 2 (``PRAGMA user_version = 2``, the
same tables) needs nothing, version 1 (no ``user_version``) gains the columns and tables it
lacked, as the store did before.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass

from .rows import StorageError
from .sql import Db


@dataclass(frozen=True, slots=True)
class Migration:
    """One step of the schema: ``apply(db, dialect)`` runs inside the transaction that
    records ``number`` (``dialect`` is ``"sqlite"`` or ``"postgres"``)."""

    number: int
    about: str
    apply: Callable[[Db, str], None]


_TABLES = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rules_version TEXT NOT NULL,
    players INTEGER NOT NULL,
    params TEXT NOT NULL,
    seed BIGINT NOT NULL,
    open INTEGER NOT NULL,
    created DOUBLE PRECISION NOT NULL,
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
    at DOUBLE PRECISION NOT NULL,
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
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS notices (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    kind TEXT NOT NULL,
    seat INTEGER,
    public TEXT NOT NULL,
    secret TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS replaced_tokens (
    token_hash TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    at DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_status ON tables(status, created);
CREATE INDEX IF NOT EXISTS seats_token ON seats(token_hash)
"""

# A SQLite file of version 1 (no user_version) had no options, clock, rematch, names,
# mutes, action authors, chat, notices or replaced tokens, and a token hash unique over
# every table (a rematch now seats each person with the token they already hold).
_SQLITE_FROM_1 = """
ALTER TABLE tables ADD COLUMN options TEXT NOT NULL DEFAULT '{}';
ALTER TABLE tables ADD COLUMN clock TEXT;
ALTER TABLE tables ADD COLUMN rematch TEXT;
ALTER TABLE tables ADD COLUMN rematch_of TEXT;
ALTER TABLE actions ADD COLUMN by TEXT NOT NULL DEFAULT 'person';
ALTER TABLE seats RENAME TO seats_1
"""


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.strip().split(";\n") if s.strip()]


def _tables(db: Db, dialect: str) -> None:
    """Migration 1: the tables, seats, actions, chat, notices and replaced tokens."""
    legacy = False
    if dialect == "sqlite":
        version = db.execute("PRAGMA user_version").fetchone()[0]
        legacy = version < 2 and db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tables'"
        ).fetchone() is not None
        if legacy:
            for statement in _statements(_SQLITE_FROM_1):
                db.execute(statement)
    for statement in _statements(_TABLES):
        db.execute(statement)
    if legacy:
        db.execute("INSERT INTO seats (table_id, seat, kind, difficulty, agent, token_hash, "
                   "joined) SELECT table_id, seat, kind, difficulty, agent, token_hash, "
                   "joined FROM seats_1")
        db.execute("DROP TABLE seats_1")
    if dialect == "sqlite":
        # An older tabletop reads user_version: 2 tells it the file needs nothing.
        db.execute("PRAGMA user_version = 2")


def _leases(db: Db, dialect: str) -> None:
    """Migration 2 (several servers on one store, issue 29): a revision on each table,
    raised by every write to it (a server holding the table in memory tells by it that
    another server changed it), and the leases (which server keeps a table's AI seats and
    clocks, until when)."""
    db.execute("ALTER TABLE tables ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")
    db.execute("CREATE TABLE IF NOT EXISTS leases (name TEXT PRIMARY KEY, owner TEXT NOT "
               "NULL, expires DOUBLE PRECISION NOT NULL)")
    db.execute("CREATE INDEX IF NOT EXISTS leases_owner ON leases(owner)")


_ACCOUNTS = """
ALTER TABLE seats ADD COLUMN account TEXT;
CREATE TABLE IF NOT EXISTS accounts (
    key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    password_hash TEXT,
    token_hash TEXT,
    owner TEXT,
    created DOUBLE PRECISION NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS accounts_token ON accounts(token_hash);
CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY,
    account TEXT NOT NULL REFERENCES accounts(key),
    csrf TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    expires DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS ratings (
    account TEXT NOT NULL REFERENCES accounts(key),
    game TEXT NOT NULL,
    bracket TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    updated DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (account, game, bracket)
);
CREATE TABLE IF NOT EXISTS results (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    account TEXT NOT NULL REFERENCES accounts(key),
    game TEXT NOT NULL,
    bracket TEXT NOT NULL,
    rated INTEGER NOT NULL,
    place INTEGER NOT NULL,
    won INTEGER NOT NULL,
    abandoned INTEGER NOT NULL,
    mu_before DOUBLE PRECISION,
    sigma_before DOUBLE PRECISION,
    mu_after DOUBLE PRECISION,
    sigma_after DOUBLE PRECISION,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX IF NOT EXISTS results_account ON results(account, at);
CREATE INDEX IF NOT EXISTS ratings_board ON ratings(game, bracket);
CREATE INDEX IF NOT EXISTS seats_account ON seats(account)
"""


def _accounts(db: Db, dialect: str) -> None:
    """Migration 3: accounts (people, bots, the AI's difficulties), their sessions, the
    account of a seat, ratings, and each finished game's result for each account."""
    for statement in _statements(_ACCOUNTS):
        db.execute(statement)


def _decks(db: Db, dialect: str) -> None:
    """Migration 4 (the deck builder, issue 26): the decks an account saved, one per game
    and name (``deck``: its JSON, as the deck builder holds it)."""
    db.execute("CREATE TABLE IF NOT EXISTS decks (account TEXT NOT NULL REFERENCES "
               "accounts(key), game TEXT NOT NULL, name TEXT NOT NULL, deck TEXT NOT NULL, "
               "updated DOUBLE PRECISION NOT NULL, PRIMARY KEY (account, game, name))")


_QUEUE = """
CREATE TABLE IF NOT EXISTS queue (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    account TEXT REFERENCES accounts(key),
    name TEXT,
    rating DOUBLE PRECISION NOT NULL,
    ai_after DOUBLE PRECISION,
    difficulty TEXT NOT NULL,
    target TEXT,
    joined DOUBLE PRECISION NOT NULL,
    status TEXT NOT NULL,
    table_id TEXT,
    seat INTEGER
);
CREATE INDEX IF NOT EXISTS queue_waiting ON queue(status, joined);
CREATE UNIQUE INDEX IF NOT EXISTS queue_token ON queue(token_hash);
CREATE UNIQUE INDEX IF NOT EXISTS queue_one_each ON queue(account) WHERE status = 'waiting'
"""


def _queue(db: Db, dialect: str) -> None:
    """Migration 5 (issue 29, Finding a game): the matchmaking queue, one row per entry
    (waiting, then matched with its table and seat); an account waits once at a time."""
    for statement in _statements(_QUEUE):
        db.execute(statement)


def _queue_seen(db: Db, dialect: str) -> None:
    """Migration 6 (issue 29, Finding a game): when each entry's entrant last asked after
    it; an entry nobody asks after (a page closed) leaves the queue."""
    db.execute("ALTER TABLE queue ADD COLUMN seen DOUBLE PRECISION")
    db.execute("UPDATE queue SET seen = joined")


def _strikes(db: Db, dialect: str) -> None:
    """Migration 7 (several servers, issue 29): a live strike's open window as every seat
    is told it (one a table), and the presses made through the servers that do not
    referee it (one a seat and window), so that a person connected to any server races
    in it. Nothing in them is secret: no delay, no time but each press's own."""
    db.execute("CREATE TABLE IF NOT EXISTS strikes (table_id TEXT PRIMARY KEY, window_id "
               "INTEGER NOT NULL, position INTEGER NOT NULL, message TEXT NOT NULL)")
    db.execute("CREATE TABLE IF NOT EXISTS strike_presses (table_id TEXT NOT NULL, window_id "
               "INTEGER NOT NULL, seat INTEGER NOT NULL, after_go DOUBLE PRECISION NOT NULL, "
               "PRIMARY KEY (table_id, window_id, seat))")


def _presence(db: Db, dialect: str) -> None:
    """Migration 8 (several servers, issue 29): what each server last said of who is
    connected to a table through it (``said``: its word on the channel, the seats and
    their round trips), and when by its clock, so that the others still know while Redis
    is out of reach. Nothing in it is secret."""
    db.execute("CREATE TABLE IF NOT EXISTS presence (table_id TEXT NOT NULL, worker TEXT NOT "
               "NULL, said TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, "
               "PRIMARY KEY (table_id, worker))")


def _deck_cards(db: Db, dialect: str) -> None:
    """Migration 9 (the deck builder, issue 26): a saved deck keeps the designer's card
    files it was built with (``cards``: JSON, each file's name and SHA-256; decks saved
    before have none), their texts kept once per account by SHA-256 (``deck_cards``), as
    a private table keeps its user card files."""
    db.execute("ALTER TABLE decks ADD COLUMN cards TEXT NOT NULL DEFAULT '[]'")
    db.execute("CREATE TABLE IF NOT EXISTS deck_cards (account TEXT NOT NULL REFERENCES "
               "accounts(key), sha256 TEXT NOT NULL, text TEXT NOT NULL, "
               "PRIMARY KEY (account, sha256))")


def _presence_beats(db: Db, dialect: str) -> None:
    """Migration 10 (several servers, issue 29, Measured): when each server last said that
    its words in ``presence`` still stand. A word is written when it changes, and is as
    fresh as its server's last beat: a beat writes one row, not one for every table the
    server holds (a thousand every five seconds, each worker's)."""
    db.execute("CREATE TABLE IF NOT EXISTS presence_beats (worker TEXT PRIMARY KEY, "
               "at DOUBLE PRECISION NOT NULL)")


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "tables, seats, actions, chat, notices, replaced tokens", _tables),
    Migration(2, "tables' revisions; leases of the servers sharing a store", _leases),
    Migration(3, "accounts, sessions, seat accounts, ratings, results", _accounts),
    Migration(4, "the decks accounts saved in the deck builder", _decks),
    Migration(5, "the matchmaking queue", _queue),
    Migration(6, "when the queue's entrants last asked after their entries", _queue_seen),
    Migration(7, "live strike windows and presses shared by several servers", _strikes),
    Migration(8, "who is connected to each table through each server", _presence),
    Migration(9, "the card files of the decks accounts saved", _deck_cards),
    Migration(10, "when each server last confirmed its word on who is connected",
              _presence_beats),
)

_VERSIONS = """
CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER PRIMARY KEY,
    about TEXT NOT NULL,
    applied DOUBLE PRECISION NOT NULL
)
"""


def _current(db: Db, dialect: str) -> int:
    """Lock the schema against another server's migrations (until the transaction
    ends), make sure ``schema_version`` exists, and read the version."""
    if dialect == "postgres":
        db.execute("SELECT pg_advisory_xact_lock(hashtext('tabletop schema ' || "
                   "coalesce(current_schema(), '')))")
    db.execute(_VERSIONS.strip())
    row = db.execute("SELECT max(version) FROM schema_version").fetchone()
    return 0 if row is None or row[0] is None else int(row[0])


def migrate(begin: Callable[[], AbstractContextManager[Db]], dialect: str,
            migrations: Sequence[Migration] = MIGRATIONS) -> int:
    """Apply every migration the store lacks, each in a transaction of ``begin()``;
    returns the version reached. Raises :class:`StorageError` for a store newer than
    ``migrations`` know."""
    newest = max((m.number for m in migrations), default=0)
    while True:
        with begin() as db:
            version = _current(db, dialect)
            if version > newest:
                raise StorageError(f"the database's schema is version {version}, newer than "
                                   f"this tabletop knows ({newest}): upgrade tabletop")
            todo = [m for m in migrations if m.number > version]
            if not todo:
                return version
            step = min(todo, key=lambda m: m.number)
            step.apply(db, dialect)
            db.execute("INSERT INTO schema_version (version, about, applied) VALUES (?,?,?)",
                       (step.number, step.about, time.time()))
