"""Restarts lose nothing (issue 13, Server — Storage): a server on a temporary SQLite
file is killed with SIGKILL in the middle of a game; a new server resumes the table
exactly where it was (its AI seat too), and the game, finished, has the hash of a replay
of its record."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import httpx

import tabletop
from tabletop.core import Record

from .conftest import Server, auth, seats, wait_until

HTTP = httpx.Client(timeout=10)  # one client: a new one per request costs 0.1 s


def _view(url: str, tid: str, token: str | None = None) -> dict:
    r = HTTP.get(f"{url}/api/tables/{tid}/view", headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def _play(url: str, tid: str, tokens: dict[int, str], rng: random.Random,
          moves: int) -> list[str]:
    """Make up to ``moves`` moves of the people's seats (random legal ones), waiting for
    the AI; returns what was applied."""
    done: list[str] = []
    while len(done) < moves:
        public = _view(url, tid)
        if public["table"]["status"] == "over":
            break
        seat = public["view"]["to_act"]
        if seat not in tokens:  # the AI's turn: wait for it
            wait_until(lambda s=seat: _view(url, tid)["view"]["to_act"] != s
                       or _view(url, tid)["table"]["status"] == "over")
            continue
        m = _view(url, tid, tokens[seat])
        r = HTTP.post(f"{url}/api/tables/{tid}/actions", headers=auth(tokens[seat]),
                      json={"action": rng.choice(m["legal"]), "version": m["version"]})
        assert r.status_code == 200, r.text
        done.append(r.json()["applied"])
    return done


def test_a_killed_server_resumes_every_table_where_it_was(
        tmp_path: Path, server_factory: Callable[[Path], Server]) -> None:
    db = tmp_path / "tables.sqlite3"
    first = server_factory(db)
    r = HTTP.post(f"{first.url}/api/tables", json={
        "game": "radiant-perim", "players": 3, "seats": seats("human", "easy", "human")})
    assert r.status_code == 201
    tid = r.json()["table"]["id"]
    tokens = {s["seat"]: s["token"] for s in r.json()["seats"]}
    rng = random.Random(13)
    _play(first.url, tid, tokens, rng, 25)
    # Snapshot once the AI has moved too (a person is to act: nothing changes meanwhile).
    wait_until(lambda: _view(first.url, tid)["view"]["to_act"] in tokens)
    before = {s: _view(first.url, tid, t) for s, t in tokens.items()}
    first.kill()

    second = server_factory(db)
    after = {s: _view(second.url, tid, t) for s, t in tokens.items()}
    for s in tokens:  # the same position, the same events, the same version
        assert after[s]["view"] == before[s]["view"]
        assert after[s]["events"] == before[s]["events"]
        assert after[s]["version"] == before[s]["version"]
    _play(second.url, tid, tokens, rng, 10_000)
    body = HTTP.get(f"{second.url}/api/tables/{tid}/record").json()
    assert body["finished"]
    record = Record.from_json(body["record"])
    state = tabletop.verify(record)  # the stored hash is the replay's
    assert state.state_hash() == record.final_hash
    assert len(record.actions) > 25


def test_a_killed_server_leaves_no_ai_worker_behind(
        tmp_path: Path, server_factory: Callable[[Path], Server]) -> None:
    """Issue 31 test health (the session-24 note: "Killed test servers leave AI-pool
    worker processes behind"): the AI pool's workers end by themselves once the server's
    process is gone, even killed with SIGKILL (a crash), and a stopped server leaves
    nothing either."""
    for how in ("kill", "stop"):
        server = server_factory(tmp_path / f"{how}.sqlite3")
        r = HTTP.post(f"{server.url}/api/tables", json={
            "game": "radiant-perim", "players": 3, "seats": seats("human", "easy", "easy")})
        assert r.status_code == 201, r.text
        tid = r.json()["table"]["id"]
        tokens = {s["seat"]: s["token"] for s in r.json()["seats"] if s.get("token")}
        _play(server.url, tid, tokens, random.Random(3), 4)  # the AIs have played
        assert len(server.processes()) > 1, "no AI worker was started"
        if how == "kill":
            server.kill()
        else:
            server.proc.terminate()
            server.proc.wait(30)
        wait_until(lambda s=server: not s.processes(), timeout=15)
