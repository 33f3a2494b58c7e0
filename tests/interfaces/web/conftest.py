"""Shared helpers of the web tests: an in-process client, a real server in a subprocess,
and small API helpers."""

from __future__ import annotations

import contextlib
import os
import random
import shutil
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
from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

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


# A test module's server takes every table and connection of its tests from one address:
# the per-address limits are raised for it (test_web_limits.py tests them).
TEST_LIMITS = ["--limit", "create_burst=10000", "--limit", "guest_tables=10000",
               "--limit", "sockets_per_address=1000"]


def start_server(db: Path, log: Path, port: int | None = None) -> Server:
    """Start ``tabletop serve --db DB`` on ``port`` (default: a free one) and wait until it
    answers."""
    port = free_port() if port is None else port
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    out = log.open("ab")
    proc = subprocess.Popen(
        [sys.executable, "-c", "from tabletop.interfaces.cli.app import main; main()",
         "serve", "--port", str(port), "--db", str(db), "--no-open", *TEST_LIMITS],
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


# --- the browser tests: Debian's Chromium through Playwright ---------------------------

CHROMIUM = "/usr/bin/chromium"
# As the machine notes say: headless, no sandbox (root), and nothing that reaches out to
# the network (the machine's network is closed).
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
OUTPUT = Path(__file__).resolve().parents[3] / "build" / "test-output" / "web"
CLICKABLE = ".actionable, .action-bar button.act"
# Window sizes: a desk, a wide screen, a phone (TABLE-DESIGN.md), and the roomy window
# of the tests that only play.
DESK, WIDE, PHONE, ROOMY = (1280, 800), (1920, 1080), (390, 844), (1400, 1000)

# Every card name and buff name drawn on a card (a thing with data-zoom; the zoom's own
# copy left out): a hero's, a skill's, an item's (in the shop or equipped), a conduit's,
# a Perim card's rank and race, a buff's, a hoshi-battle face-down card the seat looked at.
NAMES = ("[data-zoom] :is(.name, .buff-name, .c-name, .item-name, .p-name, .p-race, "
         ".seen-name)")

# The page at rest: its fonts loaded, no floater left, no animation or transition still
# running (an endless one, a marching arrow, never ends and does not count).
SETTLED = """() => !document.querySelector('.floater') && document.getAnimations().every(
    a => a.playState !== 'running' || a.effect.getComputedTiming().endTime === Infinity)"""

# What is wrong with the drawn names: a font under 11 px; a name wider or taller than its
# box (cut off, or an ellipsis; a line-clamp's hidden lines count in scrollHeight); a word
# broken across lines (a range over the word gives a box for each line it lies on; the
# same box twice, as Chromium gives for an ellipsis, is one line).
CLIPPED = r"""(sel) => {
    const bad = [];
    for (const el of document.querySelectorAll(sel)) {
        if (el.closest('#zoom') || !el.getClientRects().length) continue;
        const why = [];
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < 11) why.push(`font ${size}px`);
        const [sw, cw, sh, ch] = [el.scrollWidth, el.clientWidth, el.scrollHeight, el.clientHeight];
        if (sw > cw + 1) why.push(`wider than its box (${sw} > ${cw})`);
        if (sh > ch + 1) why.push(`taller than its box (${sh} > ${ch})`);
        const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walk.nextNode(); node; node = walk.nextNode()) {
            for (const m of node.data.matchAll(/\S+/g)) {
                const range = document.createRange();
                range.setStart(node, m.index);
                range.setEnd(node, m.index + m[0].length);
                const lines = new Set([...range.getClientRects()]
                    .filter(r => r.width > 0 && r.height > 0)
                    .map(r => [r.left, r.top, r.width, r.height].map(Math.round).join()));
                if (lines.size > 1) why.push(`"${m[0]}" broken across ${lines.size} lines`);
            }
        }
        if (why.length) bad.push(`'${el.textContent.trim()}' (${el.className}): ${why.join(', ')}`);
    }
    return bad;
}"""
PLAYERS = {"radiant-arena": 2, "radiant-perim": 3, "lightseekers": 2, "hoshi-battle": 2}
# Seconds a page may wait for what a loaded machine (two test workers on two cores, each
# with its browser and a server with an AI pool) takes long to show: a page drawn, the
# AI's turn played.
SLOW_MS = 60_000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real server (with its process pool of AI workers) for the module's tests."""
    folder = tmp_path_factory.mktemp("browser")
    s = start_server(folder / "web.sqlite3", folder / "server.log")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield b
        b.close()


class Shots:
    """Numbered screenshots of one test, under build/test-output/web/<test>/."""

    def __init__(self, name: str) -> None:
        self.folder = OUTPUT / name
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir(parents=True)
        self.n = 0

    def take(self, page: Page, what: str) -> Path:
        self.n += 1
        path = self.folder / f"{self.n:02d}-{what}.png"
        page.screenshot(path=str(path), full_page=True)
        return path


@pytest.fixture
def shots(request: pytest.FixtureRequest) -> Shots:
    return Shots(request.node.name.replace("[", "-").replace("]", ""))


def page_at(browser: Browser, size: tuple[int, int] = ROOMY, speed: int | None = 0,
            touch: bool = False, log_open: bool = False) -> Page:
    """A page of its own context (another person) at a window size; the other seats'
    actions shown at ``speed`` ms each (0: at once, so that games played by clicking
    stay quick; None: the table's default pacing); ``log_open``: the log drawer open (the
    seats, undo and the chat sit at its top). ``page.errors`` collects the page's
    errors."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  has_touch=touch, is_mobile=touch)
    context.set_default_timeout(30_000)
    if speed is not None:
        context.add_init_script(f"localStorage.setItem('tabletop.speed', '{speed}')")
    if log_open:
        context.add_init_script("localStorage.setItem('tabletop.log', 'open')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


@dataclass
class Made:
    """A table made through the API: its id, and the first person's link and token."""

    tid: str
    link: str
    token: str
    body: dict[str, Any]  # the creation's answer (every seat's link and token)

    def seat_link(self, seat: int) -> str:
        return next(str(s["link"]) for s in self.body["seats"] if s["seat"] == seat)


def make_table(server: Server, game: str, *kinds: str, players: int | None = None,
               **extra: Any) -> Made:
    """A new table of ``game`` with these seats ("human" or an AI difficulty; by default a
    person in seat 0 and easy AIs in the others, ``players`` in all or the game's usual
    count); ``extra``: the rest of the request (params, clock, grace_s, open)."""
    kinds = kinds or ("human",) + ("easy",) * ((players or PLAYERS.get(game, 2)) - 1)
    r = httpx.post(server.url + "/api/tables", json={
        "game": game, "players": len(kinds), "seats": seats(*kinds), **extra}, timeout=30)
    assert r.status_code == 201, r.text
    body = r.json()
    first = body["seats"][0] if body["seats"] else {"link": "", "token": ""}
    return Made(body["table"]["id"], first["link"], first["token"], body)


def open_link(page: Page, server: Server, link: str) -> Page:
    """Open a table's link and wait until the table is drawn."""
    page.goto(server.url + link)
    page.wait_for_function("Number(document.body.dataset.drawn || 0) > 0", timeout=SLOW_MS)
    return page


def sit(browser: Browser, server: Server, game: str, *kinds: str,
        players: int | None = None, size: tuple[int, int] = DESK, speed: int | None = 0,
        touch: bool = False, log_open: bool = False, **extra: Any) -> tuple[Page, Made]:
    """The opener of a browser test: a new table (``kinds`` and ``extra`` as
    :func:`make_table` takes them), a page of its own at the first person's seat, and
    the table drawn there."""
    made = make_table(server, game, *kinds, players=players, **extra)
    page = page_at(browser, size, speed, touch, log_open)
    return open_link(page, server, made.link), made


def click_once(page: Page, rng: random.Random) -> bool:
    """Click one legal thing on the table (a menu's entry if it opens a menu) and wait
    until the server has answered: the table's version moved on (my action applied) or an
    error shows (which fails the test). ``False`` if nothing is clickable now, or the
    table was redrawn under the pointer (look again)."""
    things = page.query_selector_all(CLICKABLE)
    if not things:
        return False
    version = int(page.evaluate("Number(document.body.dataset.version || 0)"))
    try:
        rng.choice(things).click(timeout=3000)
        if page.is_visible("#menu"):
            items = page.query_selector_all("#menu button[data-action]")
            if not items:
                return False
            rng.choice(items).click(timeout=3000)
        # a tapped targeted action asks first (js/aim.js): confirm it
        if page.is_visible("[data-testid='aim-bar']"):
            page.click("[data-testid='aim-confirm']", timeout=3000)
    except PlaywrightError:
        return False  # redrawn under the pointer: nothing was sent
    page.wait_for_function(
        f"Number(document.body.dataset.version) > {version} || "
        "!document.getElementById('error').hidden", timeout=SLOW_MS)
    assert page.is_hidden("#error"), page.inner_text("#error")
    return True


def play_once(page: Page, rng: random.Random) -> None:
    """One action of mine applied by clicking (a click that missed is tried again)."""
    for _ in range(20):
        page.wait_for_selector(CLICKABLE, timeout=SLOW_MS)
        if click_once(page, rng):
            return
    raise AssertionError("twenty clicks and no action applied")


def play_to_the_end(page: Page, rng: random.Random, limit: int) -> int:
    """Click legal things until the game is over; returns the clicks."""
    clicks = 0
    while clicks < limit:
        page.wait_for_function(
            f"document.querySelector('{CLICKABLE}') || document.body.dataset.status === 'over'",
            timeout=SLOW_MS)
        if page.evaluate("document.body.dataset.status") == "over":
            return clicks
        if click_once(page, rng):
            clicks += 1
    raise AssertionError(f"not over after {limit} clicks")
