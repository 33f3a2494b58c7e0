"""Shared helpers of the web tests: an in-process client, a real server in a subprocess,
and small API helpers."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note about httpx, not ours to act on
    from fastapi.testclient import TestClient

from tabletop.interfaces.web import create_app


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Nothing goes to the user's data folder."""
    folder = tmp_path / "tabletop-data"
    monkeypatch.setenv("TABLETOP_DATA", str(folder))
    return folder


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "web.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    """The app on a temporary SQLite file, AI seats in a thread pool."""
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as c:
        yield c


def seats(*kinds: str) -> list[dict[str, Any]]:
    """``seats("human", "easy")``: a person, then an AI at that difficulty."""
    return [{"kind": "human"} if k == "human" else {"kind": "ai", "difficulty": k}
            for k in kinds]


def create(c: Any, game: str, *kinds: str, **extra: Any) -> tuple[str, list[str]]:
    """A new table; returns its id and the tokens of its people's seats, by seat."""
    r = c.post("/api/tables", json={"game": game, "players": len(kinds),
                                    "seats": seats(*kinds), **extra})
    assert r.status_code == 201, r.text
    body = r.json()
    return body["table"]["id"], [s["token"] for s in body["seats"]]


def auth(token: str | None) -> dict[str, str]:
    return {} if token is None else {"X-Seat-Token": token}


def view(c: Any, tid: str, token: str | None = None) -> dict[str, Any]:
    r = c.get(f"/api/tables/{tid}/view", headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def act(c: Any, tid: str, token: str, action: str, version: int) -> Any:
    return c.post(f"/api/tables/{tid}/actions", headers=auth(token),
                  json={"action": action, "version": version})


def wait_until(check: Callable[[], Any], timeout: float = 30.0, step: float = 0.02) -> Any:
    """Poll ``check`` until it returns something true (AI seats play in the background)."""
    end = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError("timed out waiting")
        time.sleep(step)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def group_processes(pgid: int) -> list[int]:
    """The live processes of a process group (zombies do not count), from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # gone meanwhile
        fields = stat.rsplit(")", 1)[1].split()  # after "(command)": state, ppid, pgrp
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


@dataclass
class Server:
    """``tabletop serve`` running in a subprocess, the leader of its own process group
    (with its AI pool's workers), so that what it started can be found and ended."""

    url: str
    proc: subprocess.Popen[bytes]
    log: Path

    def processes(self) -> list[int]:
        """The server's process and the ones it started that are still alive."""
        return group_processes(self.proc.pid)

    def kill(self) -> None:
        """SIGKILL of the server's process: no shutdown of any kind (its AI workers must
        notice and end by themselves)."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL after 10 s), then anything of its
        group still alive: a test leaves no process behind."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        end = time.monotonic() + 5
        while self.processes() and time.monotonic() < end:
            time.sleep(0.05)  # workers end on their own once the server is gone
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)


def start_server(db: Path, log: Path, port: int | None = None) -> Server:
    """Start ``tabletop serve --db DB`` on ``port`` (default: a free one) and wait until it
    answers."""
    port = free_port() if port is None else port
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    out = log.open("ab")
    proc = subprocess.Popen(
        [sys.executable, "-c", "from tabletop.interfaces.cli.app import main; main()",
         "serve", "--port", str(port), "--db", str(db), "--no-open"],
        stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 60
    while True:
        try:
            if httpx.get(url + "/api/games", timeout=2).status_code == 200:
                return Server(url, proc, log)
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > end:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            raise AssertionError(f"the server did not start: {log.read_text()[-2000:]}")
        time.sleep(0.1)


@pytest.fixture
def server_factory(tmp_path: Path) -> Iterator[Callable[[Path], Server]]:
    started: list[Server] = []

    def start(db: Path) -> Server:
        s = start_server(db, tmp_path / "server.log")
        started.append(s)
        return s

    yield start
    for s in started:
        s.stop()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A browser test gets up to two more tries. Each drives a real Chromium against a
    server process with an AI pool, and on a loaded machine (two xdist workers, each
    with its browser) a wait can run out once; what one checks is still checked, and a
    test that fails three times fails."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.flaky(reruns=2, reruns_delay=2))
