"""The web server on PostgreSQL (issue 29, Several servers): the API tests of
test_web_api.py again with their store in a new PostgreSQL schema, a server killed
mid-game and resumed by another from the database, and ``tabletop serve --db`` saying in
one line what is wrong with a URL or a database out of reach."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

import tabletop
from tabletop.core import Record
from tabletop.interfaces.cli.app import app

from . import test_web_api
from .conftest import Server, seats, wait_until
from .services import postgres_schema
from .test_web_restart import _play, _view

# a table's user card files are kept in the store with it (test_web_usercards.py)
from .test_web_usercards import (  # noqa: F401
    test_the_table_replays_with_its_cards_after_a_restart as test_user_cards_replay_from_pg,
)

HTTP = httpx.Client(timeout=10)

# Every API test of test_web_api.py, collected here too with the ``db`` below: the same
# requests and answers with the tables in PostgreSQL. (Not the one that edits the SQLite
# file by hand to fake an old rules version.)
for _name in dir(test_web_api):
    if _name.startswith("test_") and "rules_version" not in _name:
        globals()[_name] = getattr(test_web_api, _name)


@pytest.fixture
def db() -> Iterator[str]:
    """The store of this module's servers: a new PostgreSQL schema (conftest's ``client``
    builds its app on it)."""
    with postgres_schema() as url:
        yield url


def test_a_killed_server_resumes_its_tables_from_postgresql(
        db: str, server_factory: Callable[[Any], Server]) -> None:
    """As test_web_restart.py on SQLite: SIGKILL mid-game, a new server on the same
    database resumes the table where it was, and the finished record replays to its
    hash."""
    first = server_factory(db)
    r = HTTP.post(f"{first.url}/api/tables", json={
        "game": "radiant-perim", "players": 3, "seats": seats("human", "easy", "human")})
    assert r.status_code == 201, r.text
    tid = r.json()["table"]["id"]
    tokens = {s["seat"]: s["token"] for s in r.json()["seats"]}
    rng = random.Random(29)
    _play(first.url, tid, tokens, rng, 20)
    wait_until(lambda: _view(first.url, tid)["view"]["to_act"] in tokens)
    before = {s: _view(first.url, tid, t) for s, t in tokens.items()}
    first.kill()

    second = server_factory(db)
    for s, t in tokens.items():
        after = _view(second.url, tid, t)
        assert (after["view"], after["events"], after["version"]) == \
            (before[s]["view"], before[s]["events"], before[s]["version"])
    _play(second.url, tid, tokens, rng, 10_000)
    body = HTTP.get(f"{second.url}/api/tables/{tid}/record").json()
    assert body["finished"]
    record = Record.from_json(body["record"])
    assert tabletop.verify(record).state_hash() == record.final_hash
    second.stop()  # before the schema is dropped


@pytest.mark.parametrize(("url", "words"), [
    ("postgresql://postgres:hunter2@127.0.0.1:1/test",
     ["--db postgresql://postgres:***@127.0.0.1:1/test: cannot open the tables' store",
      "Connection refused"]),
    ("postgresql://127.0.0.1/test?sslmode=sometimes",
     ["--db postgresql://127.0.0.1/test?sslmode=sometimes: cannot open the tables' store",
      "sslmode"]),
    ("postgresql://h/x?nonsense=1", ["not a PostgreSQL URL", "nonsense"]),
    ("mysql://root@127.0.0.1/test", ["--db mysql://root@127.0.0.1/test: not a postgresql://"
                                     " URL nor a SQLite file"]),
])
def test_serve_says_in_one_line_what_is_wrong_with_the_database(
        url: str, words: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a SQLite path made of the URL would land here
    result = CliRunner().invoke(app, ["serve", "--db", url, "--no-open", "--port", "1"])
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output and "hunter2" not in result.output
    for w in words:
        assert w in lines[0], lines[0]
    assert not list(tmp_path.iterdir())  # no file or folder was made of the URL
