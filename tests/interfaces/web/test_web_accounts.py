"""Accounts (issue 29, Players: "An account is a user name and a password (hashed with
Argon2 through argon2-cffi), with a session cookie (HttpOnly, SameSite, Secure behind TLS)
and CSRF protection on every cookie-authenticated change. Seat tokens keep working for
guests and for invitation links"; Limits and abuse: "Creating tables and accounts is
rate-limited per client address and per account ... every limit answers 429"). Every test
runs on the SQLite store and on PostgreSQL; docs/web.md, "Accounts"."""

from __future__ import annotations

import logging
import sqlite3
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.interfaces.web import create_app
from tabletop.interfaces.web.limits import Settings

from .accounts_help import GAME, SHORT, Person, play_out, rated_table
from .conftest import create, view
from .services import postgres_schema

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

PASSWORD = "correct horse battery"


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str | Path]:
    if request.param == "sqlite":
        yield tmp_path / "web.sqlite3"
    else:
        with postgres_schema() as url:
            yield url


def app_client(db: str | Path, **limits: float) -> TestClient:
    settings = Settings().but(**limits) if limits else None
    return TestClient(create_app(db, ai_pool="thread", ai_workers=1, limits=settings))


@pytest.fixture
def client(store_url: str | Path) -> Iterator[TestClient]:
    with app_client(store_url) as c:
        yield c


def cookie_lines(r: Any) -> dict[str, str]:
    """Each Set-Cookie line of a response, by cookie name."""
    return {line.split("=", 1)[0]: line for line in r.headers.get_list("set-cookie")}


def test_register_sign_out_and_in_again(client: TestClient) -> None:
    alice = Person(client, "Alice", PASSWORD)
    assert alice.call("GET", "/api/me").json()["account"] == {
        "name": "Alice", "kind": "person", "bot": False}
    r = alice.call("POST", "/api/logout")
    assert r.status_code == 200 and r.json() == {"account": None}
    assert alice.call("GET", "/api/me").json()["account"] is None
    # Names are unique whatever their case; signing in takes any case of the name.
    again = Person(client, "alice", register=False)
    r = again.call("POST", "/api/login", json={"name": "ALICE", "password": PASSWORD})
    assert r.status_code == 200, r.text
    assert again.call("GET", "/api/me").json()["account"]["name"] == "Alice"


def test_a_signed_out_session_cookie_no_longer_signs_in(client: TestClient) -> None:
    alice = Person(client, "alice", PASSWORD)
    old = dict(alice.cookies)
    assert alice.call("POST", "/api/logout").status_code == 200
    alice.cookies = old  # someone kept the cookie
    assert alice.call("GET", "/api/me").json()["account"] is None


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(client: TestClient
                                                                  ) -> None:
    Person(client, "alice", PASSWORD)
    guest = Person(client, "x", register=False)
    wrong = guest.call("POST", "/api/login", json={"name": "alice", "password": "nope nope"})
    unknown = guest.call("POST", "/api/login", json={"name": "nobody", "password": "x" * 9})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"error": "wrong user name or password"}
    assert "set-cookie" not in wrong.headers
    assert guest.call("GET", "/api/me").json()["account"] is None


def test_a_taken_name_is_refused_whatever_its_case(client: TestClient) -> None:
    Person(client, "alice", PASSWORD)
    r = Person(client, "x", register=False).call(
        "POST", "/api/register", json={"name": "ALICE", "password": PASSWORD})
    assert r.status_code == 409 and "taken" in r.json()["error"]


@pytest.mark.parametrize(("name", "password", "words"), [
    ("al", PASSWORD, "3 to 20 letters"),
    ("9lives", PASSWORD, "starting with a letter"),
    ("bob smith", PASSWORD, "3 to 20 letters"),
    ("AI (normal)", PASSWORD, "3 to 20 letters"),  # the AI's accounts cannot be taken
    ("alice", "short", "8 to 128 characters"),
    ("alice", "p" * 129, "8 to 128 characters"),
])
def test_bad_names_and_passwords_are_refused_clearly(client: TestClient, name: str,
                                                     password: str, words: str) -> None:
    r = Person(client, "x", register=False).call(
        "POST", "/api/register", json={"name": name, "password": password})
    assert r.status_code == 400 and words in r.json()["error"]
    assert password not in r.text  # the message never quotes the password


def test_the_session_cookie_is_httponly_samesite_and_secure_over_tls(
        client: TestClient) -> None:
    r = Person(client, "x", register=False).call(
        "POST", "/api/register", json={"name": "alice", "password": PASSWORD})
    lines = cookie_lines(r)
    session = lines["tabletop_session"].lower()
    assert "httponly" in session and "samesite=lax" in session and "path=/" in session
    assert "secure" not in session  # plain http on loopback: a Secure cookie never returns
    assert "httponly" not in lines["tabletop_csrf"].lower()  # the page's script reads it
    # Behind a TLS proxy (it says so) the cookies are Secure.
    r = Person(client, "x", register=False).call(
        "POST", "/api/register", json={"name": "bob", "password": PASSWORD},
        headers={"X-Forwarded-Proto": "https"})
    for line in cookie_lines(r).values():
        assert "; secure" in line.lower()


def test_a_cookie_authenticated_change_without_its_csrf_token_is_refused(
        client: TestClient) -> None:
    alice = Person(client, "alice", PASSWORD)
    body = {"game": GAME, "players": 2, "params": SHORT}
    for method, path, payload in [("POST", "/api/tables", body), ("POST", "/api/logout", None),
                                  ("POST", "/api/bots", {"name": "robo"})]:
        r = alice.call(method, path, csrf=False, json=payload)
        assert r.status_code == 403, (path, r.text)
        assert "CSRF token" in r.json()["error"] and "X-CSRF-Token" in r.json()["error"]
        r = alice.call(method, path, csrf=False, json=payload,
                       headers={"X-CSRF-Token": "forged"})
        assert r.status_code == 403, path
    assert alice.call("GET", "/api/me").json()["account"]["name"] == "alice"  # not signed out
    assert client.app.state.hub.tables == {}  # nothing was made
    assert alice.call("POST", "/api/tables", json=body).status_code == 201


def test_guests_and_invitation_links_keep_working(client: TestClient) -> None:
    """No account, no cookie: a guest plays with a guest name and seat tokens, as
    before; a signed-in person who opens an invitation link gets the seat for their
    account."""
    tid, (p1, p2) = create(client, GAME, "human", "human", params=SHORT, name="Guest")
    line = view(client, tid, p1)["table"]
    assert line["seats"][0]["name"] == "Guest" and line["seats"][0]["account"] is None
    bob = Person(client, "bob", PASSWORD)
    r = bob.call("POST", f"/api/tables/{tid}/join", json={"seat": 1, "token": p2})
    assert r.status_code == 200, r.text
    seat = r.json()["table"]["seats"][1]
    assert (seat["account"], seat["name"], seat["bot"]) == ("bob", "bob", False)
    # Another account cannot take bob's seat, even with its link.
    carol = Person(client, "carol", PASSWORD)
    r = carol.call("POST", f"/api/tables/{tid}/join", json={"seat": 1, "token": p2})
    assert r.status_code == 403 and "bob" in r.json()["error"]
    play_out(client, tid, [p1, p2])
    games = client.get("/api/players/bob").json()["games"]
    assert games == [{"game": GAME, "name": games[0]["name"], "played": 1,
                      "won": games[0]["won"], "abandoned": 0}]


def test_a_rated_table_is_for_accounts(client: TestClient) -> None:
    guest = Person(client, "x", register=False)
    body = {"game": GAME, "players": 2, "params": SHORT, "rated": True,
            "seats": [{"kind": "human"}, {"kind": "human"}]}
    r = guest.call("POST", "/api/tables", json=body)
    assert r.status_code == 403 and "sign in" in r.json()["error"]
    alice = Person(client, "alice", PASSWORD)
    r = alice.call("POST", "/api/tables", json={**body, "grace_s": None})
    assert r.status_code == 400 and "grace period" in r.json()["error"]
    tid, tokens = rated_table(alice)
    r = guest.call("POST", f"/api/tables/{tid}/join", json={"seat": 1, "token": tokens[1]})
    assert r.status_code == 403 and "rated" in r.json()["error"]
    r = alice.call("POST", f"/api/tables/{tid}/join", json={"seat": 1, "token": tokens[1]})
    assert r.status_code == 409 and "already holds seat 0" in r.json()["error"]
    line = client.get(f"/api/tables/{tid}").json()
    assert line["options"]["rated"] is True and line["options"]["on_leave"] == "ai"


def test_an_account_takes_its_seat_back_from_another_browser(client: TestClient) -> None:
    alice = Person(client, "alice", PASSWORD)
    tid, (old, _) = rated_table(alice, Person(client, "bob", PASSWORD))
    elsewhere = Person(client, "alice", register=False)
    assert elsewhere.call("POST", "/api/login",
                          json={"name": "alice", "password": PASSWORD}).status_code == 200
    r = elsewhere.call("POST", f"/api/tables/{tid}/reclaim")
    assert r.status_code == 200 and r.json()["seat"] == 0
    fresh = r.json()["token"]
    assert view(client, tid, fresh)["seat"] == 0
    assert client.get(f"/api/tables/{tid}/view",
                      headers={"X-Seat-Token": old}).status_code == 403
    carol = Person(client, "carol", PASSWORD)
    assert carol.call("POST", f"/api/tables/{tid}/reclaim").status_code == 404


def test_new_accounts_and_sign_ins_are_rate_limited_per_address(store_url: str | Path
                                                                ) -> None:
    with app_client(store_url, register_burst=2, login_burst=3) as c:
        guest = Person(c, "x", register=False)
        for name in ("alice", "bob"):
            assert guest.call("POST", "/api/register",
                              json={"name": name, "password": PASSWORD}).status_code == 201
        r = guest.call("POST", "/api/register", json={"name": "carol", "password": PASSWORD})
        assert r.status_code == 429 and "too many new accounts" in r.json()["error"]
        assert int(r.headers["Retry-After"]) >= 1
        assert c.app.state.hub.storage.account("carol") is None
        for _ in range(3):
            guest.call("POST", "/api/login", json={"name": "alice", "password": "wrong one"})
        r = guest.call("POST", "/api/login", json={"name": "alice", "password": PASSWORD})
        assert r.status_code == 429 and "too many sign-ins" in r.json()["error"]


def test_wrong_passwords_are_limited_per_user_name_from_any_address(
        store_url: str | Path) -> None:
    """Limits and abuse: a password guessed from many addresses is limited by the user
    name as well (docs/web.md, "Limits": wrong_burst, wrong_per_min). Past the burst even
    the right password waits; right ones count nothing; another name is not affected; a
    name that is no account's is limited alike (the answer tells nothing of which names
    are)."""
    with app_client(store_url, wrong_burst=3) as c:
        hub = c.app.state.hub
        guest = Person(c, "x", register=False)
        for name in ("alice", "bob"):
            assert guest.call("POST", "/api/register",
                              json={"name": name, "password": PASSWORD}).status_code == 201
        for _ in range(5):  # right passwords: never limited by the name
            assert guest.call("POST", "/api/login",
                              json={"name": "bob", "password": PASSWORD}).status_code == 200
            hub.limits["login"].buckets.clear()
        for name in ("alice", "nobody"):
            for _ in range(3):
                r = guest.call("POST", "/api/login", json={"name": name, "password": "wrong"})
                assert r.status_code == 401, r.text
                hub.limits["login"].buckets.clear()  # as if from another address each time
            r = guest.call("POST", "/api/login", json={"name": name.upper(),
                                                        "password": PASSWORD})
            assert r.status_code == 429, r.text
            assert "too many wrong passwords for this user name" in r.json()["error"]
            assert int(r.headers["Retry-After"]) >= 1
        assert guest.call("POST", "/api/login",
                          json={"name": "bob", "password": PASSWORD}).status_code == 200


def test_an_account_making_tables_is_limited_on_its_own(store_url: str | Path) -> None:
    """Per account as well as per address: a bot (or a person) behind many addresses
    still makes tables at the same pace."""
    with app_client(store_url, create_burst=2) as c:
        alice = Person(c, "alice", PASSWORD)
        body = {"game": GAME, "players": 2, "params": SHORT}
        hub = c.app.state.hub
        for _ in range(2):
            assert alice.call("POST", "/api/tables", json=body).status_code == 201
            hub.limits["create"].buckets.clear()  # as if from another address each time
        r = alice.call("POST", "/api/tables", json=body)
        assert r.status_code == 429 and "from your account" in r.json()["error"]


def test_no_password_or_session_leaks(store_url: str | Path, tmp_path: Path,
                                      caplog: pytest.LogCaptureFixture) -> None:
    """Never in a response, a log line or the store: the store keeps an Argon2 hash of
    the password and a SHA-256 of the session's cookie."""
    caplog.set_level(logging.DEBUG)
    secret = "hunter2-very-secret"
    with app_client(store_url) as c:
        alice = Person(c, "alice", secret)
        session = alice.cookies["tabletop_session"]
        texts = [alice.call("GET", "/api/me").text, c.get("/api/players/alice").text,
                 c.get(f"/api/leaderboard/{GAME}").text,
                 Person(c, "x", register=False).call(
                     "POST", "/api/login", json={"name": "alice", "password": secret + "!"}
                 ).text,
                 Person(c, "y", register=False).call(
                     "POST", "/api/register", json={"name": "alice", "password": secret}
                 ).text]
        tid, tokens = create(c, GAME, "human", "human", params=SHORT)
        texts.append(str(view(c, tid, tokens[0])))
        storage = c.app.state.hub.storage
        row = storage.account("alice")
        assert row is not None and row.password_hash.startswith("$argon2id$")
    for text in texts + [caplog.text]:
        assert secret not in text and session not in text
    if isinstance(store_url, Path):
        dump = "\n".join(sqlite3.connect(store_url).iterdump())
        assert secret not in dump and session not in dump


def test_a_session_ends_when_it_runs_out(client: TestClient,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A session lasts SESSION_S (30 days): past it the cookie is a guest's, and the
    next sign-in clears the stale session from the store."""
    import time as clock

    from tabletop.interfaces.web import accounts

    alice = Person(client, "alice", PASSWORD)
    storage = client.app.state.hub.storage
    start = clock.time()
    monkeypatch.setattr(accounts.time, "time", lambda: start + accounts.SESSION_S + 1)
    assert alice.call("GET", "/api/me").json()["account"] is None
    r = alice.call("POST", "/api/tables", json={"game": GAME, "players": 2,
                                                "params": SHORT})
    assert r.status_code == 201 and r.json()["table"]["seats"][0]["account"] is None
    with storage._read() as db:
        assert db.execute("SELECT count(*) FROM sessions").fetchone()[0] == 1
    monkeypatch.undo()
    from tabletop.interfaces.web.storage import accounts_sql

    monkeypatch.setattr(accounts_sql.time, "time", lambda: start + accounts.SESSION_S + 1)
    again = Person(client, "alice", register=False)
    assert again.call("POST", "/api/login",
                      json={"name": "alice", "password": PASSWORD}).status_code == 200
    with storage._read() as db:
        assert db.execute("SELECT count(*) FROM sessions").fetchone()[0] == 1  # the new one
