"""Bot accounts (issue 29, Players: "Bot accounts: a researcher's agent plays rated games
against people through the same HTTP/WebSocket API with its token, shown everywhere as a
bot; an example client in examples/"). docs/web.md, "Bots"."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .accounts_help import GAME, SHORT, Person, concede
from .conftest import Server, start_server
from .test_web_accounts import PASSWORD, app_client, store_url  # noqa: F401 (a fixture)
from .test_web_ratings import rating

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "bot_client.py"


@pytest.fixture
def client(store_url: str | Path) -> Iterator[Any]:  # noqa: F811
    with app_client(store_url) as c:
        yield c


def make_bot(owner: Person, name: str = "robo") -> str:
    r = owner.call("POST", "/api/bots", json={"name": name})
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["account"] == {"name": name, "kind": "bot", "bot": True,
                               "owner": owner.name}
    return str(body["token"])


def test_a_bot_signs_in_with_its_token_and_is_shown_as_a_bot(client: Any) -> None:
    alice = Person(client, "alice", PASSWORD)
    token = make_bot(alice)
    bearer = {"Authorization": f"Bearer {token}"}
    assert client.get("/api/me", headers=bearer).json()["account"]["kind"] == "bot"
    for path in ("/api/me", "/api/players/robo", "/api/players/alice"):
        assert token not in client.get(path, headers=bearer).text  # given once, only
    # A bot token is not cookie authentication: no CSRF token needed to make a table.
    r = client.post("/api/tables", headers=bearer, json={
        "game": GAME, "players": 2, "params": SHORT, "rated": True,
        "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 201, r.text
    tid = r.json()["table"]["id"]
    bot_seat = r.json()["table"]["seats"][0]
    assert (bot_seat["account"], bot_seat["bot"]) == ("robo", True)
    people_token = r.json()["seats"][1]["token"]
    assert alice.call("POST", f"/api/tables/{tid}/join",
                      json={"seat": 1, "token": people_token}).status_code == 200
    # The bot's own token acts for its seat (a view, then a concession).
    assert client.get(f"/api/tables/{tid}/view",
                      headers={"X-Seat-Token": token}).json()["seat"] == 0
    other = client.post("/api/tables", json={"game": GAME, "players": 2, "params": SHORT})
    r2 = client.get(f"/api/tables/{other.json()['table']['id']}/view",
                    headers={"X-Seat-Token": token})
    assert r2.status_code == 403 and "holds no seat" in r2.json()["error"]
    line = concede(client, tid, token)  # the bot gives up
    assert [s["bot"] for s in line["seats"]] == [True, False]
    # The person's rating moved by half (a bot was in the game), the bot's fully.
    a, b = rating(client, "alice"), rating(client, "robo")
    assert abs(a["mu"] - 25) < abs(b["mu"] - 25)
    p = client.get("/api/players/robo").json()
    assert p["account"]["bot"] is True and p["recent"][0]["table"] == tid
    board = client.get(f"/api/leaderboard/{GAME}").json()["boards"]["1v1"]
    assert {(line["name"], line["bot"]) for line in board} == {("alice", False),
                                                                ("robo", True)}


def test_bot_tokens_are_checked_and_only_people_make_bots(client: Any) -> None:
    r = client.get("/api/me", headers={"Authorization": "Bearer bot_nonsense"})
    assert r.status_code == 401 and "no account's" in r.json()["error"]
    r = client.get("/api/me", headers={"Authorization": "Basic abc"})
    assert r.status_code == 401 and "Bearer" in r.json()["error"]
    guest = Person(client, "x", register=False)
    assert guest.call("POST", "/api/bots", json={"name": "robo"}).status_code == 401
    token = make_bot(Person(client, "alice", PASSWORD))
    r = client.post("/api/bots", headers={"Authorization": f"Bearer {token}"},
                    json={"name": "robo2"})
    assert r.status_code == 403 and "person's account" in r.json()["error"]
    stored = client.app.state.hub.storage.account("robo")
    assert stored is not None and stored.password_hash is None


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[Server]:
    s = start_server(tmp_path / "web.sqlite3", tmp_path / "server.log")
    yield s
    s.stop()


def test_the_example_bot_plays_a_rated_game_over_http_and_websocket(live_server: Server
                                                                    ) -> None:
    """examples/bot_client.py on a real server: it makes a rated table against the AI,
    plays its seat to the end through the API and its account is rated."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        r = http.post("/api/register", json={"name": "owner", "password": PASSWORD})
        assert r.status_code == 201
        r = http.post("/api/bots", json={"name": "robo"},
                      headers={"X-CSRF-Token": http.cookies["tabletop_csrf"]})
        assert r.status_code == 201, r.text
        token = r.json()["token"]
    spec = importlib.util.spec_from_file_location("bot_client", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bot_client"] = module
    spec.loader.exec_module(module)
    bot = module.Bot(live_server.url, token, None)
    tid, _ = bot.create(GAME, "easy", True, False)
    line = asyncio.run(asyncio.wait_for(bot.play(tid), 120))  # with its own token
    assert line["status"] == "over" and line["seats"][0]["account"] == "robo"
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        p = http.get("/api/players/robo").json()
        assert p["recent"][0]["table"] == tid and p["recent"][0]["rated"] is True
        assert [r["bracket"] for r in p["ratings"]] == ["1v1"]
        ai = http.get("/api/players/AI (easy)").json()
        assert ai["recent"][0]["table"] == tid
