"""hoshi-battle's table in real Chromium (Debian's chromium, Playwright): a person plays
the AI with real-time strikes by clicking the table and pressing Space at GO; the strike
window is drawn, the press reaches the server over the WebSocket and the result enters
the log and the record. Screenshots under build/test-output/web/<test>/."""

from __future__ import annotations

import random

import httpx
from playwright.sync_api import Browser, Page

from .conftest import CLICKABLE, ROOMY, SLOW_MS, Server, Shots, click_once, sit


def play_until_our_strike(server: Server, browser: Browser, shots: Shots,
                          rng: random.Random) -> tuple[str, Page | None]:
    """A new table against the AI, played by clicking until P1 strikes (pressing Space at
    GO): the table's id and the page, or no page if the game ended first."""
    page, made = sit(browser, server, "hoshi-battle", size=ROOMY, params={"strike": "live"})
    tid = made.tid
    page.wait_for_selector("[data-testid='hand']")
    shots.take(page, "start")
    for _ in range(300):
        page.wait_for_function(
            f"document.querySelector('{CLICKABLE}') || document.querySelector(\"[data-testid="
            "'strike']\") || document.body.dataset.status === 'over'", timeout=SLOW_MS)
        if page.evaluate("document.body.dataset.status") == "over":
            return tid, None
        panel = page.query_selector("[data-testid='strike']")
        if panel is not None:
            button = page.query_selector("[data-testid='strike-button']")
            before = page.locator(".log li[data-kind='strike']").count()
            ours = button is not None and "STRIKE" in button.inner_text()
            if ours:
                page.wait_for_selector("[data-testid='strike'][data-phase='go']", timeout=15000)
                shots.take(page, "go")
                page.wait_for_timeout(150)  # a person's reaction
                page.keyboard.press("Space")
            page.wait_for_function(
                f"document.querySelectorAll(\".log li[data-kind='strike']\").length > {before}",
                timeout=15000)
            if ours:
                shots.take(page, "struck")
                return tid, page
            continue
        click_once(page, rng)
    return tid, None


def test_hoshi_battle_real_time_strike_in_the_browser(server: Server, browser: Browser,
                                                     shots: Shots) -> None:
    # A table's deal is secret and random, and in some games P1 never strikes (the AI wins
    # every round it starts): a few tables, until one of P1's strikes comes.
    for attempt in range(4):
        tid, page = play_until_our_strike(server, browser, shots, random.Random(2 + attempt))
        if page is not None:
            break
    assert page is not None, "no strike of ours came in four games"
    assert not page.errors  # type: ignore[attr-defined]
    rows = httpx.get(server.url + f"/api/tables/{tid}/view").json()
    assert rows["table"]["id"] == tid
    text = page.locator(".log li[data-kind='strike']").last.inner_text()
    assert "strikes at" in text


def test_hoshi_battle_three_seats_show_the_duel_and_the_line(server: Server, browser: Browser,
                                                             shots: Shots) -> None:
    """The multiplayer variant at the web table (docs/rules/hoshi-battle.md,
    "Multiplayer"): the two duelists are drawn as duelists, the third seat waits in line;
    after the first Duel the table shows the new pairing."""
    page, made = sit(browser, server, "hoshi-battle", players=3, size=ROOMY)
    tid = made.tid
    page.wait_for_selector("[data-testid='hand']")
    rng = random.Random(3)
    for _ in range(30):  # the keeping: then the order of the Duels is drawn by lot
        if page.query_selector("[data-testid='waiting']") is not None:
            break
        if not click_once(page, rng):
            page.wait_for_timeout(100)
    page.wait_for_selector("[data-testid='waiting']")
    assert page.locator(".duelist").count() == 2
    first = page.locator("[data-testid='waiting'] .waiter").first
    waiting = first.get_attribute("data-seat")
    assert "1 in line" in first.inner_text()
    shots.take(page, "three-seats")
    for _ in range(300):
        if page.evaluate("document.body.dataset.status") == "over" or \
                page.query_selector(f"[data-testid='waiter-{waiting}']") is None:
            break  # the waiting player has left the line to fight (or the game ended)
        if not click_once(page, rng):
            page.wait_for_timeout(100)
    assert httpx.get(server.url + f"/api/tables/{tid}/view").status_code == 200
    assert page.locator("[data-testid='waiting'] .waiter").count() == 1 or \
        page.evaluate("document.body.dataset.status") == "over"
    shots.take(page, "rotation")
    assert not page.errors  # type: ignore[attr-defined]
