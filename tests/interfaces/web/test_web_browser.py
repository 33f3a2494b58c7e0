"""The tables in real Chromium (issue 13, Lobby and tables; Tests): Debian's chromium
driven by Playwright for Python. A person plays radiant-perim against two AIs and
radiant-arena against one to the end by clicking on the table; two browser contexts play
each other; a reload (and the same link on another device) restores the table; a finished
game is replayed step by step; an illegal request shows the engine's reason and rule.

Each test saves screenshots under build/test-output/web/<test>/.
"""

from __future__ import annotations

import random

import httpx
from playwright.sync_api import Browser, Page

from .conftest import (
    CLICKABLE,
    SLOW_MS,
    Server,
    Shots,
    browser,
    click_once,
    page_at,
    play_to_the_end,
    server,
    shots,
    wait_until,
)

# The fixtures (conftest's), as the per-game table tests import them from here.
__all__ = ["CLICKABLE", "Shots", "browser", "click_once", "server", "shots"]


def lobby_form(browser: Browser, server: Server, game: str, players: int | None = None,
               ais: tuple[int, ...] = (1,)) -> Page:
    """The lobby's form filled in for ``game`` (and ``players``): easy AIs in the seats
    ``ais``; the rest (its parameters, the Create button) is the test's."""
    page = page_at(browser)
    page.goto(server.url + "/")
    page.select_option("#game", game)
    if players is not None:
        page.select_option("#players", str(players))
    for seat in ais:
        page.select_option(f"[name='kind:{seat}']", "ai")
        page.select_option(f"[name='difficulty:{seat}']", "easy")
    return page


def test_radiant_perim_against_two_ais_to_the_end_by_clicking(
        server: Server, browser: Browser, shots: Shots) -> None:
    page = lobby_form(browser, server, "radiant-perim", 3, ais=(1, 2))
    shots.take(page, "lobby")
    page.click("#create-button")  # every other seat an AI: straight to my seat
    page.wait_for_selector(".perim-map")
    page.wait_for_selector("[data-slot='a1'].actionable")
    assert page.inner_text("#whoami") == "you are P1"
    assert page.locator("g.region").count() == 24  # the map of Perim
    shots.take(page, "start")
    # An illegal request typed in the notation: the engine's reason and rule.
    if page.is_hidden("#drawer"):
        page.click("#log-toggle")  # the log drawer holds the notation box
    page.click("#notation-box summary")
    page.fill("#notation-text", "move clouds-1")
    page.click("#notation button")
    page.wait_for_selector("#error:not([hidden])")
    assert "Rule:" in page.inner_text("#error")
    shots.take(page, "illegal")
    rng = random.Random(1)
    clicks = play_to_the_end(page, rng, 400)
    assert clicks > 20
    page.wait_for_selector("[data-testid='age-summary']")  # the scoring of the last age
    assert "Game over" in page.inner_text("#status")
    assert page.locator(".log li[data-kind='game_over']").count() == 1
    shots.take(page, "over")
    assert page.is_visible("[data-testid='end-panel']")
    page.click("[data-testid='end-panel'] [data-testid='replay']")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.click("#r-next")
    page.wait_for_function("document.getElementById('r-step').textContent.startsWith('1 /')")
    assert "P1" in page.inner_text("#r-step")  # P1 took the first action
    shots.take(page, "replay")
    assert not page.errors  # type: ignore[attr-defined]


def test_radiant_arena_against_one_ai_to_the_end_by_clicking(
        server: Server, browser: Browser, shots: Shots) -> None:
    page = lobby_form(browser, server, "radiant-arena")
    page.click("#create-button")
    page.wait_for_selector(".lanes")
    page.wait_for_selector(".unit.actionable")  # deploy: click a hero at home
    assert page.locator(".hand-row .skill").count() == 5
    assert page.locator(".hidden-deity").count() == 1  # B's deity, face down
    shots.take(page, "start")
    rng = random.Random(2)
    play_to_the_end(page, rng, 600)
    shots.take(page, "over")
    assert "Game over" in page.inner_text("#status")
    assert not page.errors  # type: ignore[attr-defined]


def test_radiant_arena_draft_by_clicking(server: Server, browser: Browser,
                                        shots: Shots) -> None:
    """Issue 12: "the draft is ordinary decision points of the game" — in the browser too:
    the lobby's draft box (a bool parameter sent as a bool), the pool to pick and ban from,
    the opponent's deity and items secret, then the lanes."""
    page = lobby_form(browser, server, "radiant-arena")
    page.check("[name='param:draft']")
    page.click("#create-button")
    page.wait_for_selector("[data-testid='draft']")
    assert page.locator(".draft-hero").count() == 18  # the 18 drafting cards
    shots.take(page, "draft")
    rng = random.Random(4)
    clicks = 0
    while not page.query_selector(".lanes"):
        assert clicks < 40, "the draft did not end"
        page.wait_for_function(
            f"document.querySelector('{CLICKABLE}') || document.querySelector('.lanes')",
            timeout=60000)
        if page.query_selector(".lanes"):
            break
        if page.query_selector(".draft-item") and page.query_selector("[data-seat='1']"):
            assert "(secret)" in page.inner_text("[data-seat='1']")
        if click_once(page, rng):
            clicks += 1
    assert clicks >= 8  # A's three picks and ban, deity and three items (a click may miss)
    page.wait_for_selector(".hand-row .skill")
    assert page.locator(".hidden-deity").count() == 1  # B's deity, face down
    assert not page.errors  # type: ignore[attr-defined]


def acting(server: Server, link: str) -> bool:
    """Whether the seat of ``link`` (``/table/<id>#token=<token>``) may act now."""
    tid, token = link.split("/table/")[1].split("#token=")
    got = httpx.get(f"{server.url}/api/tables/{tid}/view", timeout=30,
                    headers={"X-Seat-Token": token})
    return bool(got.json()["legal"])


def test_two_browsers_play_each_other(server: Server, browser: Browser,
                                      shots: Shots) -> None:
    host = page_at(browser)
    host.goto(server.url + "/")
    host.select_option("#game", "radiant-perim")
    host.select_option("#players", "2")
    host.select_option("[name='kind:1']", "human")
    host.click("#create-button")
    links = [host.get_attribute(f"[data-seat='{s}']", "href") for s in (0, 1)]
    pages = [page_at(browser), page_at(browser)]
    for page, link in zip(pages, links, strict=True):
        page.goto(server.url + str(link))
        page.wait_for_selector(".perim-map")
    assert pages[1].inner_text("#whoami") == "you are P2"
    rng = random.Random(3)
    moves = 0
    while moves < 30:
        page = next((p for p in pages if p.query_selector(CLICKABLE)), None)
        if page is None:  # which seat may act is the server's to say: until its page is lit
            wait_until(lambda: any(acting(server, str(link)) for link in links), timeout=60)
            seat = next(i for i, link in enumerate(links) if acting(server, str(link)))
            pages[seat].wait_for_selector(CLICKABLE, timeout=SLOW_MS)
            continue
        if click_once(page, rng):
            moves += 1
    for page in pages:  # both tables agree on whose turn it is and on the scores
        page.wait_for_function("!document.querySelector('#status').textContent.includes('…')")
    for i, page in enumerate(pages):
        shots.take(page, f"seat-{i + 1}")
    tops = [p.inner_text(".perim-top") for p in pages]
    assert tops[0] == tops[1]
    logs = [p.locator(".log li").count() for p in pages]
    assert min(logs) > 30
    assert not any(p.errors for p in pages)  # type: ignore[attr-defined]


def test_a_reload_and_another_device_restore_the_table(
        server: Server, browser: Browser, shots: Shots) -> None:
    page = page_at(browser)
    page.goto(server.url + "/")
    page.click("[data-quick='radiant-perim']")  # play against the AI in one click
    page.wait_for_selector(".perim-map")
    page.wait_for_selector(CLICKABLE)
    rng = random.Random(4)
    for _ in range(8):
        page.wait_for_selector(CLICKABLE)
        click_once(page, rng)
    page.wait_for_selector(CLICKABLE)
    before = {"hand": page.inner_text(".hand.mine"), "top": page.inner_text(".perim-top"),
              "log": page.locator(".log li").count(), "pool": page.inner_text(".pool")}
    shots.take(page, "before-reload")
    page.reload()
    page.wait_for_selector(CLICKABLE)
    after = {"hand": page.inner_text(".hand.mine"), "top": page.inner_text(".perim-top"),
             "log": page.locator(".log li").count(), "pool": page.inner_text(".pool")}
    assert after == before
    shots.take(page, "after-reload")
    other = page_at(browser)  # the same link on another device
    other.goto(page.url)
    other.wait_for_selector(CLICKABLE)
    assert other.inner_text(".hand.mine") == before["hand"]
    assert other.inner_text("#whoami") == "you are P1"
    click_once(other, rng)
    shots.take(other, "other-device")
    assert not page.errors and not other.errors  # type: ignore[attr-defined]
