"""The accounts' part of the stores (issue 29, Players; Several servers: "the store has a
PostgreSQL backend beside SQLite behind the one Storage protocol"): every test on both.
Names are unique whatever their case; a game is settled once even when two servers settle
it at the same moment; ratings build on each other in order."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.interfaces.web.storage import (
    AccountRow,
    PostgresStorage,
    ResultRow,
    SeatRow,
    SqliteStorage,
    TableRow,
    token_hash,
)

from .services import postgres_schema


@pytest.fixture(params=["sqlite", "postgres"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str | Path]:
    if request.param == "sqlite":
        yield tmp_path / "store.sqlite3"
    else:
        with postgres_schema() as url:
            yield url


def opener(where: str | Path) -> Any:
    return SqliteStorage(where) if isinstance(where, Path) else PostgresStorage(where)


def _table(tid: str) -> TableRow:
    return TableRow(id=tid, game="goofspiel", rules_version="1", players=2, params={},
                    seed=1, seats=[SeatRow(0, "human"), SeatRow(1, "human")])


def _results(tid: str) -> list[ResultRow]:
    return [ResultRow(tid, 0, "p", "goofspiel", "1v1", True, 1, True, False),
            ResultRow(tid, 1, "q", "goofspiel", "1v1", True, 2, False, False)]


def _plus(before: dict[str, tuple[float, float] | None]) -> dict[str, tuple[float, float]]:
    """A stand-in rater: the winner p gains one, q loses one (sigma kept)."""
    out = {}
    for k, v in before.items():
        mu, sigma = v or (25.0, 8.0)
        out[k] = (mu + (1 if k == "p" else -1), sigma)
    return out


def test_accounts_sessions_and_seats(where: str | Path) -> None:
    store = opener(where)
    try:
        assert store.add_account(AccountRow("ada", "Ada", "person", "$argon2id$x"))
        assert not store.add_account(AccountRow("ada", "ADA", "person", "$argon2id$y"))
        assert store.account("ada").name == "Ada"  # type: ignore[union-attr]
        assert store.add_account(AccountRow("robo", "robo", "bot", owner="Ada"),
                                 token_hash("bot_t"))
        assert store.account_by_token(token_hash("bot_t")).key == "robo"  # type: ignore
        assert store.account_by_token(token_hash("bot_u")) is None
        store.add_session(token_hash("s"), "ada", "csrf", expires=2e9)
        got = store.session(token_hash("s"), now=1e9)
        assert got is not None and got[0].key == "ada" and got[1] == "csrf"
        assert store.session(token_hash("s"), now=3e9) is None  # ran out
        store.drop_session(token_hash("s"))
        assert store.session(token_hash("s"), now=1e9) is None
        store.create(_table("t1"))
        store.bind_seat("t1", 1, "ada", "Ada")
        seat = store.table("t1").seats[1]  # type: ignore[union-attr]
        assert (seat.account, seat.name, seat.joined) == ("ada", "Ada", True)
    finally:
        store.close()


def test_a_game_is_settled_once_even_by_two_servers_at_once(where: str | Path) -> None:
    stores = [opener(where) for _ in range(3)]
    try:
        for k in ("p", "q"):
            stores[0].add_account(AccountRow(k, k, "person"))
        stores[0].create(_table("t1"))
        start = threading.Barrier(3)
        answers: list[bool] = []

        def settle(store: Any) -> None:
            start.wait(30)
            answers.append(store.settle("t1", _results("t1"), _plus))

        threads = [threading.Thread(target=settle, args=(s,)) for s in stores]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert sorted(answers) == [False, False, True]
        (p,) = stores[0].ratings(account="p")
        assert (p.mu, p.games) == (26.0, 1)
        # A second game builds on the first; the leaderboard orders by mu - 3 sigma.
        stores[1].create(_table("t2"))
        assert stores[1].settle("t2", _results("t2"), _plus)
        board = stores[2].ratings(game="goofspiel", bracket="1v1")
        assert [(r.account, r.mu, r.games) for r in board] == [("p", 27.0, 2),
                                                               ("q", 23.0, 2)]
        assert [r.table_id for r in stores[2].results("p")] == ["t2", "t1"]
        assert stores[2].played("p") == [("goofspiel", 2, 2, 0)]
    finally:
        for s in stores:
            s.close()


def test_two_games_of_new_players_settled_at_once_both_count(where: str | Path) -> None:
    """Two servers settle two games of the same two players, neither rated before, at the
    same moment: the second builds on the first's ratings (both games count), rather than
    both on none and the last one written winning."""
    stores = [opener(where) for _ in range(2)]
    try:
        for k in ("p", "q"):
            stores[0].add_account(AccountRow(k, k, "person"))
        for tid in ("t1", "t2"):
            stores[0].create(_table(tid))
        start = threading.Barrier(2)
        answers: list[bool] = []

        def slow(before: dict[str, tuple[float, float] | None]
                 ) -> dict[str, tuple[float, float]]:
            start.wait(30)  # both have read the ratings (or waited for them) by now ...
            return _plus(before)

        def settle(store: Any, tid: str) -> None:
            answers.append(store.settle(tid, _results(tid), _plus if tid == "t2" else slow))

        threads = [threading.Thread(target=settle, args=(stores[0], "t1")),
                   threading.Thread(target=lambda: (start.wait(30),
                                                    settle(stores[1], "t2")))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert answers == [True, True]
        (p,) = stores[0].ratings(account="p")
        (q,) = stores[0].ratings(account="q")
        assert (p.mu, p.games, q.mu, q.games) == (27.0, 2, 23.0, 2)
    finally:
        for s in stores:
            s.close()


def test_an_accounts_decks_one_per_game_and_name_at_most_so_many(where: str | Path) -> None:
    """The deck builder's saved decks (issue 26, "saves it to the account"): migration 4
    on both stores; saving a name again replaces it; a new one past the limit is refused
    and nothing changes."""
    from tabletop.interfaces.web.storage import DeckRow

    s = opener(where)
    try:
        assert s.add_account(AccountRow("p", "P", "person", "x"))
        assert s.add_account(AccountRow("q", "Q", "person", "x"))
        assert s.save_deck(DeckRow("p", "lightseekers", "Mine", '{"hero": "a"}', 1.0), 2)
        assert s.save_deck(DeckRow("p", "lightseekers", "Mine", '{"hero": "b"}', 2.0), 2)
        assert s.save_deck(DeckRow("p", "radiant-arena", "Mine", "{}", 3.0), 2)
        assert not s.save_deck(DeckRow("p", "radiant-arena", "Third", "{}", 4.0), 2)
        assert s.save_deck(DeckRow("p", "radiant-arena", "Mine", '{"x": 1}', 5.0), 2)
        got = s.decks("p")
        assert [(d.game, d.name, d.deck) for d in got] == [
            ("lightseekers", "Mine", '{"hero": "b"}'), ("radiant-arena", "Mine", '{"x": 1}')]
        assert s.decks("q") == []
        assert s.drop_deck("p", "lightseekers", "Mine")
        assert not s.drop_deck("p", "lightseekers", "Mine")
        assert [d.game for d in s.decks("p")] == ["radiant-arena"]
    finally:
        s.close()


def test_a_decks_card_files_kept_once_per_account(where: str | Path) -> None:
    """The deck builder's saved decks keep their card files (issue 26): migration 9 on
    both stores; a file named by two decks is kept once for the account (another
    account keeps its own); past the account's limit nothing is stored; a file goes with
    the last deck that names it."""
    from tabletop.interfaces.web.storage import DeckRow

    s = opener(where)
    try:
        assert s.add_account(AccountRow("p", "P", "person", "x"))
        assert s.add_account(AccountRow("q", "Q", "person", "x"))
        a = DeckRow("p", "lightseekers", "A", "{}", 1.0, (("x.toml", "aa"),))
        b = DeckRow("p", "lightseekers", "B", "{}", 2.0, (("x.toml", "aa"), ("y.toml", "bb")))
        assert s.save_deck(a, 9, {"aa": "text a"})
        assert s.save_deck(b, 9, {"aa": "text a", "bb": "text b"})
        assert s.save_deck(DeckRow("q", "lightseekers", "Q", "{}", 3.0, (("x.toml", "aa"),)),
                           9, {"aa": "text a"})
        assert [d.cards for d in s.decks("p")] == [a.cards, b.cards]
        assert s.deck_files("p") == {"aa": "text a", "bb": "text b"}
        c = DeckRow("p", "lightseekers", "C", "{}", 4.0, (("z.toml", "cc"),))
        assert not s.save_deck(c, 9, {"cc": "x" * 100}, most_chars=50)
        assert [d.name for d in s.decks("p")] == ["A", "B"] and "cc" not in s.deck_files("p")
        assert s.save_deck(DeckRow("p", "lightseekers", "A", "{}", 5.0), 9)  # no files now
        assert s.deck_files("p") == {"aa": "text a", "bb": "text b"}  # B still names them
        assert s.drop_deck("p", "lightseekers", "B")
        assert s.deck_files("p") == {} and s.deck_files("q") == {"aa": "text a"}
    finally:
        s.close()


def test_decks_saved_before_migration_9_have_no_card_files(where: str | Path) -> None:
    """A store at migration 8 with a saved deck opens upgraded (both stores): the deck is
    listed with no card files, and a deck with files is kept beside it."""
    from tabletop.interfaces.web.storage import MIGRATIONS, DeckRow

    eight = MIGRATIONS[:8]
    old = (SqliteStorage(where, migrations=eight) if isinstance(where, Path)
           else PostgresStorage(where, migrations=eight))
    try:
        assert old.version == 8
        assert old.add_account(AccountRow("p", "P", "person", "x"))
        with old._tx() as db:
            db.execute("INSERT INTO decks (account, game, name, deck, updated) VALUES "
                       "(?,?,?,?,?)", ("p", "lightseekers", "Old", '{"hero": "a"}', 1.0))
    finally:
        old.close()
    s = opener(where)
    try:
        assert s.version == MIGRATIONS[-1].number >= 9
        assert s.decks("p") == [DeckRow("p", "lightseekers", "Old", '{"hero": "a"}', 1.0)]
        assert s.save_deck(DeckRow("p", "lightseekers", "New", "{}", 2.0,
                                   (("x.toml", "aa"),)), 9, {"aa": "text"})
        assert [(d.name, d.cards) for d in s.decks("p")] == [
            ("New", (("x.toml", "aa"),)), ("Old", ())]
    finally:
        s.close()
