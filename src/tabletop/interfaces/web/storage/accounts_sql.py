"""The store's queries for accounts, sessions, ratings and results (migration 3) and the
decks accounts keep, with their card files (migrations 4 and 9), written once for both
databases like the rest (:mod:`.sql`, whose :class:`~.sql.SqlStorage` includes these).

A deck's card files are kept once per account by the SHA-256 of their text (a designer
saves many decks of one file), and forgotten with the last deck that names them.

A game is settled once: its results are inserted in the transaction that reads and writes
its players' ratings, so a second settling of the same table (two servers, a retry) finds
the results there and changes nothing. The ratings it reads are locked until it commits
(SQLite's one writer; ``FOR UPDATE`` on PostgreSQL), so two games of one player ending at
once on two servers each build on the other's rating.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from .rows import AccountRow, DeckRow, Rater, RatingRow, ResultRow

if TYPE_CHECKING:
    from .sql import Db

_ACCOUNT = "key, name, kind, password_hash, owner, created"
_RESULT = ("table_id, seat, account, game, bracket, rated, place, won, abandoned, "
           "mu_before, sigma_before, mu_after, sigma_after, at")


def _cards_json(cards: Sequence[tuple[str, str]]) -> str:
    return json.dumps([{"name": n, "sha256": sha} for n, sha in cards])


def _cards_of(text: str | None) -> tuple[tuple[str, str], ...]:
    """A deck's card files as the column keeps them (JSON: name and SHA-256 of each)."""
    got = json.loads(text or "[]")
    return tuple((str(c["name"]), str(c["sha256"])) for c in got if isinstance(c, dict))


def _unkept(db: Db, account: str) -> None:
    """Forget the account's card files that none of its decks names any more (a deck
    replaced without them, or dropped), in the transaction that changed its decks."""
    named = {sha for r in db.execute("SELECT cards FROM decks WHERE account = ?",
                                     (account,)).fetchall() for _, sha in _cards_of(r[0])}
    for (sha,) in db.execute("SELECT sha256 FROM deck_cards WHERE account = ?",
                             (account,)).fetchall():
        if sha not in named:
            db.execute("DELETE FROM deck_cards WHERE account = ? AND sha256 = ?",
                       (account, sha))


def _account(r: Sequence[Any]) -> AccountRow:
    return AccountRow(r[0], r[1], r[2], r[3], r[4], r[5])


def _result(r: Sequence[Any]) -> ResultRow:
    return ResultRow(r[0], r[1], r[2], r[3], r[4], bool(r[5]), r[6], bool(r[7]), bool(r[8]),
                     r[9], r[10], r[11], r[12], r[13])


class AccountsSql:
    """Accounts, sessions, seats' accounts, ratings and results over SQL."""

    _for_update = ""  # how a read locks the rows it reads until the transaction ends

    if TYPE_CHECKING:
        def _tx(self) -> AbstractContextManager[Db]: ...

        def _read(self) -> AbstractContextManager[Db]: ...

        def _guard(self, what: str) -> AbstractContextManager[None]: ...

        def _write(self, what: str, table_id: str, touch: bool = True
                   ) -> AbstractContextManager[Db]: ...

    def add_account(self, row: AccountRow, token_hash: str | None = None) -> bool:
        with self._guard(f"cannot store the account {row.name!r}"), self._tx() as db:
            cur = db.execute(
                "INSERT INTO accounts (key, name, kind, password_hash, token_hash, owner, "
                "created) VALUES (?,?,?,?,?,?,?) ON CONFLICT (key) DO NOTHING",
                (row.key, row.name, row.kind, row.password_hash, token_hash, row.owner,
                 row.created))
            return cur.rowcount == 1

    def account(self, key: str) -> AccountRow | None:
        with self._guard("cannot read the accounts"), self._read() as db:
            r = db.execute(f"SELECT {_ACCOUNT} FROM accounts WHERE key = ?",
                           (key,)).fetchone()
        return None if r is None else _account(r)

    def account_by_token(self, token_hash: str) -> AccountRow | None:
        with self._guard("cannot read the accounts"), self._read() as db:
            r = db.execute(f"SELECT {_ACCOUNT} FROM accounts WHERE token_hash = ?",
                           (token_hash,)).fetchone()
        return None if r is None else _account(r)

    def add_session(self, token_hash: str, account: str, csrf: str, expires: float) -> None:
        with self._guard("cannot store the session"), self._tx() as db:
            # Sessions that ran out go when a new one starts (nothing else reads them).
            db.execute("DELETE FROM sessions WHERE expires <= ?", (time.time(),))
            db.execute("INSERT INTO sessions (token_hash, account, csrf, created, expires) "
                       "VALUES (?,?,?,?,?)", (token_hash, account, csrf, time.time(),
                                              expires))

    def session(self, token_hash: str, now: float) -> tuple[AccountRow, str] | None:
        with self._guard("cannot read the sessions"), self._read() as db:
            r = db.execute(
                "SELECT a.key, a.name, a.kind, a.password_hash, a.owner, a.created, s.csrf "
                "FROM sessions s JOIN accounts a ON a.key = s.account "
                "WHERE s.token_hash = ? AND s.expires > ?", (token_hash, now)).fetchone()
        return None if r is None else (_account(r), r[6])

    def drop_session(self, token_hash: str) -> None:
        with self._guard("cannot forget the session"), self._tx() as db:
            db.execute("DELETE FROM sessions WHERE token_hash = ?", (token_hash,))

    def save_deck(self, row: DeckRow, most: int, files: Mapping[str, str] | None = None,
                  most_chars: int = 0) -> bool:
        with self._guard(f"cannot store the deck {row.name!r}"), self._tx() as db:
            found = db.execute("SELECT count(*), sum(CASE WHEN game = ? AND name = ? THEN 1 "
                               "ELSE 0 END) FROM decks WHERE account = ?",
                               (row.game, row.name, row.account)).fetchone()
            if not found[1] and found[0] >= most:
                return False
            kept = {r[0] for r in db.execute(
                "SELECT sha256 FROM deck_cards WHERE account = ?", (row.account,)).fetchall()}
            new = {sha: text for sha, text in (files or {}).items() if sha not in kept}
            if new and most_chars:
                had = db.execute("SELECT coalesce(sum(length(text)), 0) FROM deck_cards "
                                 "WHERE account = ?", (row.account,)).fetchone()[0]
                if int(had) + sum(len(t) for t in new.values()) > most_chars:
                    return False
            for sha, text in new.items():
                db.execute("INSERT INTO deck_cards (account, sha256, text) VALUES (?,?,?) "
                           "ON CONFLICT (account, sha256) DO NOTHING",
                           (row.account, sha, text))
            db.execute("INSERT INTO decks (account, game, name, deck, updated, cards) VALUES "
                       "(?,?,?,?,?,?) ON CONFLICT (account, game, name) DO UPDATE SET "
                       "deck = excluded.deck, updated = excluded.updated, "
                       "cards = excluded.cards",
                       (row.account, row.game, row.name, row.deck, row.updated,
                        _cards_json(row.cards)))
            _unkept(db, row.account)
            return True

    def decks(self, account: str) -> list[DeckRow]:
        with self._guard("cannot read the decks"), self._read() as db:
            rows = db.execute("SELECT account, game, name, deck, updated, cards FROM decks "
                              "WHERE account = ? ORDER BY game, name", (account,)).fetchall()
        return [DeckRow(r[0], r[1], r[2], r[3], r[4], _cards_of(r[5])) for r in rows]

    def deck_files(self, account: str) -> dict[str, str]:
        with self._guard("cannot read the decks' card files"), self._read() as db:
            rows = db.execute("SELECT sha256, text FROM deck_cards WHERE account = ?",
                              (account,)).fetchall()
        return {r[0]: r[1] for r in rows}

    def drop_deck(self, account: str, game: str, name: str) -> bool:
        with self._guard(f"cannot forget the deck {name!r}"), self._tx() as db:
            cur = db.execute("DELETE FROM decks WHERE account = ? AND game = ? AND name = ?",
                             (account, game, name))
            _unkept(db, account)
            return cur.rowcount == 1

    def bind_seat(self, table_id: str, seat: int, account: str, name: str) -> None:
        with self._write(f"table {table_id}: cannot give seat {seat} to an account",
                         table_id) as db:
            db.execute("UPDATE seats SET account = ?, name = ?, joined = 1 WHERE "
                       "table_id = ? AND seat = ?", (account, name, table_id, seat))

    def settle(self, table_id: str, results: list[ResultRow], rate: Rater | None) -> bool:
        with self._guard(f"table {table_id}: cannot store its results"), self._tx() as db:
            # The table's row is locked first: a second settling of it (another server)
            # waits here until the first commits, then finds its results.
            db.execute(f"SELECT id FROM tables WHERE id = ?{self._for_update}", (table_id,))
            if db.execute("SELECT 1 FROM results WHERE table_id = ? LIMIT 1",
                          (table_id,)).fetchone() is not None:
                return False
            after: dict[str, tuple[float, float]] = {}
            before: dict[str, tuple[float, float] | None] = {}
            if rate is not None and results:
                game, bracket = results[0].game, results[0].bracket
                # Each account's row is locked too (always there, unlike a first rating's
                # row), in one order: two games of one player settled at once, by two
                # servers, each build on the other's rating rather than both on none.
                for key in sorted({r.account for r in results}):
                    db.execute(f"SELECT key FROM accounts WHERE key = ?{self._for_update}",
                               (key,))
                for r in results:
                    got = db.execute(
                        "SELECT mu, sigma FROM ratings WHERE account = ? AND game = ? AND "
                        f"bracket = ?{self._for_update}", (r.account, game, bracket)
                    ).fetchone()
                    before[r.account] = None if got is None else (got[0], got[1])
                after = rate(before)
                for key, (mu, sigma) in after.items():
                    db.execute(
                        "INSERT INTO ratings (account, game, bracket, mu, sigma, games, "
                        "updated) VALUES (?,?,?,?,?,1,?) ON CONFLICT (account, game, bracket) "
                        "DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
                        "games = ratings.games + 1, updated = excluded.updated",
                        (key, game, bracket, mu, sigma, results[0].at))
            rows = []
            for r in results:
                old = before.get(r.account)
                new = after.get(r.account)
                rows.append((r.table_id, r.seat, r.account, r.game, r.bracket,
                             int(r.rated and new is not None), r.place, int(r.won),
                             int(r.abandoned), None if old is None else old[0],
                             None if old is None else old[1],
                             None if new is None else new[0],
                             None if new is None else new[1], r.at))
            db.executemany(f"INSERT INTO results ({_RESULT}) VALUES "
                           "(?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
            return True

    def unsettled(self, limit: int = 50) -> list[str]:
        with self._guard("cannot read the unsettled games"), self._read() as db:
            rows = db.execute(
                "SELECT t.id FROM tables t WHERE t.status = 'over' AND EXISTS (SELECT 1 FROM "
                "seats s WHERE s.table_id = t.id AND s.account IS NOT NULL) AND NOT EXISTS "
                "(SELECT 1 FROM results r WHERE r.table_id = t.id) ORDER BY t.created "
                "LIMIT ?", (limit,)).fetchall()
        return [str(r[0]) for r in rows]

    def ratings(self, account: str | None = None, game: str | None = None,
                bracket: str | None = None, limit: int = 100) -> list[RatingRow]:
        where, params = [], []
        for column, value in (("r.account", account), ("r.game", game),
                              ("r.bracket", bracket)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        clause = f"WHERE {' AND '.join(where)} " if where else ""
        with self._guard("cannot read the ratings"), self._read() as db:
            rows = db.execute(
                "SELECT r.account, r.game, r.bracket, r.mu, r.sigma, r.games, a.name, "
                f"a.kind FROM ratings r JOIN accounts a ON a.key = r.account {clause}"
                "ORDER BY r.mu - 3 * r.sigma DESC, r.games DESC, r.account LIMIT ?",
                (*params, limit)).fetchall()
        return [RatingRow(*r) for r in rows]

    def results(self, account: str, limit: int = 20) -> list[ResultRow]:
        with self._guard("cannot read the results"), self._read() as db:
            rows = db.execute(f"SELECT {_RESULT} FROM results WHERE account = ? "
                              "ORDER BY at DESC, table_id LIMIT ?", (account, limit)
                              ).fetchall()
        return [_result(r) for r in rows]

    def played(self, account: str) -> list[tuple[str, int, int, int]]:
        with self._guard("cannot read the results"), self._read() as db:
            rows = db.execute("SELECT game, count(*), sum(won), sum(abandoned) FROM results "
                              "WHERE account = ? GROUP BY game ORDER BY game",
                              (account,)).fetchall()
        return [(r[0], int(r[1]), int(r[2]), int(r[3])) for r in rows]
