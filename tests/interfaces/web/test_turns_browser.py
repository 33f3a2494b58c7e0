"""Turn-based tables in the browser (issue 29, Finding a game: "a list of 'your turn'
tables in the lobby and a browser notification (Notification API, when the player allows
it) when one becomes yours"; docs/web.md, "Turn-based tables").

``new Notification`` is observed by wrapping ``window.Notification`` in an init script;
the lobby's poll is made quick (``TABLETOP_TURNS_POLL_MS``) so that waits are short."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

from .conftest import SLOW_MS, Server, Shots, make_table, open_link

PERIM = "radiant-perim"
# Every `new Notification` is kept in window.__notes; requestPermission calls are counted.
# An undecided player (window.__state = "default": headless Chromium, with no one to ask,
# says "denied" at once) answers requestPermission with window.__answer.
WRAP = """
window.TABLETOP_TURNS_POLL_MS = 150;
window.__notes = []; window.__asked = 0;
const Real = window.Notification;
function Wrapped(title, options) {
  window.__notes.push({ title, body: (options || {}).body });
  try { return new Real(title, options); } catch (e) { return { close() {} }; }
}
Object.defineProperty(Wrapped, "permission", { get: () => window.__state || Real.permission });
Wrapped.requestPermission = () => {
  window.__asked += 1;
  if (!window.__state) return Real.requestPermission();
  window.__state = window.__answer;
  return Promise.resolve(window.__state);
};
window.Notification = Wrapped;
"""


def person(browser: Browser, grant: bool) -> Page:
    """A browser of its own; ``grant``: notifications allowed, else not chosen yet."""
    context = browser.new_context(permissions=["notifications"] if grant else [])
    context.set_default_timeout(30_000)
    context.add_init_script("localStorage.setItem('tabletop.speed', '0')")
    if not grant:
        context.add_init_script("window.__state = 'default';")
    context.add_init_script(WRAP)
    return context.new_page()


def move(server: Server, tid: str, token: str) -> None:
    """The seat of ``token`` plays its turn (its first legal action, through the API,
    until another seat is to act: a turn may be several decisions)."""
    headers = {"X-Seat-Token": token}
    for n in range(50):
        m = httpx.get(f"{server.url}/api/tables/{tid}/view", headers=headers,
                      timeout=30).json()
        if m["table"]["to_act"] != m["seat"]:
            assert n > 0, m  # it was this seat's turn
            return
        assert m["legal"], m
        r = httpx.post(f"{server.url}/api/tables/{tid}/actions", headers=headers,
                       timeout=30, json={"action": m["legal"][0], "version": m["version"]})
        assert r.status_code == 200, r.text
    raise AssertionError("the turn did not end")


def notes(page: Page) -> list[dict[str, Any]]:
    return page.evaluate("window.__notes")  # type: ignore[no-any-return]


def test_the_lobby_lists_my_turn_based_table_with_its_time_left(
        browser: Browser, server: Server, shots: Shots) -> None:
    """Made in the lobby's form (turn-based, a day a turn): the table is in "Your turn"
    with its time left, and leaves the list once I have moved."""
    page = person(browser, grant=False)
    page.goto(server.url + "/")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=SLOW_MS)
    page.wait_for_function("Number(document.body.dataset.turnsPolled || 0) > 0")
    expect(page.locator("#your-turn")).to_be_hidden()  # a first visit: no seat yet
    page.select_option("#game", PERIM)
    page.select_option("#players", "2")
    page.select_option("[name='kind:1']", "human")
    page.select_option("#clock", "turns")
    expect(page.locator("#limit_s")).to_be_hidden()
    page.select_option("#turn_limit", "86400")
    page.click("#create-button")
    page.locator("[data-testid=take-my-seat]").wait_for()
    tid = page.locator("#links a[data-seat='0']").get_attribute("href").split("/")[-1][:12]
    table = httpx.get(f"{server.url}/api/tables/{tid}", timeout=30).json()
    assert table["options"]["clock"]["limit_ms"] == 86_400_000
    item = page.locator(f"#turns li[data-table='{tid}']")
    expect(item).to_contain_text("23 h 59 min left")
    expect(item).to_contain_text("P1")
    shots.take(page, "your-turn")
    token = page.locator("#links a[data-seat='0']").get_attribute("href").split("token=")[1]
    move(server, tid, token)
    expect(item).to_have_count(0)
    expect(page.locator("#turns")).to_contain_text("None of your tables")


def test_a_notification_when_a_table_becomes_my_turn(browser: Browser,
                                                      server: Server) -> None:
    """Allowed: a table that becomes my turn while the lobby, or another table, is open
    brings one notification; the table I am looking at brings none."""
    made = make_table(server, PERIM, "human", "human",
                      clock={"mode": "move", "limit_s": 3600})
    mine, theirs = made.token, made.body["seats"][1]["token"]
    page = person(browser, grant=True)
    open_link(page, server, made.link)  # this browser now holds seat 0's token
    page.goto(server.url + "/")
    page.locator(f"#turns li[data-table='{made.tid}']").wait_for()
    expect(page.locator("#notify-turns")).to_be_hidden()  # allowed already: no button
    move(server, made.tid, mine)
    page.locator(f"#turns li[data-table='{made.tid}']").wait_for(state="detached")
    move(server, made.tid, theirs)  # my turn again
    page.wait_for_function("window.__notes.length > 0")
    [note] = notes(page)
    name = httpx.get(f"{server.url}/api/tables/{made.tid}", timeout=30).json()["name"]
    assert note["title"] == f"Your turn: {name}" and made.tid in note["body"]
    # (an hour, and the second the clock waits while my page shows their action)
    assert re.search(r"P1: (59 min|1 h 0 min) left$", note["body"]), note
    # On another table's page: still told of this one, even when my move and theirs
    # both come between two readings (the list looks the same; the turn is a new one).
    other = make_table(server, PERIM, "human", "easy")
    open_link(page, server, other.link)
    page.wait_for_function("Number(document.body.dataset.turnsPolled || 0) > 0")
    assert notes(page) == []  # (a new page: made.tid was my turn when it opened)
    polled = int(page.evaluate("Number(document.body.dataset.turnsPolled || 0)"))
    page.evaluate("window.TABLETOP_TURNS_POLL_MS = 3600000")  # the next readings: 1 h apart
    # the reading already set (150 ms) still comes; a second later none is left to come
    page.wait_for_function(f"Number(document.body.dataset.turnsPolled || 0) > {polled}")
    page.wait_for_timeout(1000)
    polled = int(page.evaluate("Number(document.body.dataset.turnsPolled || 0)"))
    move(server, made.tid, mine)
    move(server, made.tid, theirs)
    assert page.evaluate("Number(document.body.dataset.turnsPolled || 0)") == polled
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # read now
    page.wait_for_function("window.__notes.length > 0")
    assert made.tid in notes(page)[0]["body"]
    assert page.evaluate("Number(document.body.dataset.turnsPolled || 0)") == polled + 1
    assert page.evaluate("window.__asked") == 0  # never asked: it was allowed already


def test_permission_is_asked_only_on_a_click_and_denied_means_nothing(
        browser: Browser, server: Server) -> None:
    made = make_table(server, PERIM, "human", "human",
                      clock={"mode": "move", "limit_s": 3600})
    mine, theirs = made.token, made.body["seats"][1]["token"]
    page = person(browser, grant=False)
    open_link(page, server, made.link)
    page.goto(server.url + "/")
    page.locator(f"#turns li[data-table='{made.tid}']").wait_for()
    assert page.evaluate("window.__asked") == 0  # never on load
    page.evaluate("window.__answer = 'denied'")  # the player will say no
    page.click("#notify-turns")
    expect(page.locator("#notify-state")).to_contain_text("blocked")
    assert page.evaluate("window.__asked") == 1
    expect(page.locator("#notify-turns")).to_be_hidden()
    move(server, made.tid, mine)
    page.locator(f"#turns li[data-table='{made.tid}']").wait_for(state="detached")
    move(server, made.tid, theirs)
    # My turn: listed (a poll notifies before it lists) and no notification.
    page.locator(f"#turns li[data-table='{made.tid}']").wait_for()
    assert notes(page) == []
