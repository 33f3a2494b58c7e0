"""hoshi-battle's table in real Chromium (Debian's chromium, Playwright): a person plays
the AI with real-time strikes by clicking the table and pressing Space at GO; the strike
window is drawn, the press reaches the server over the WebSocket and the result enters
the log and the record. Screenshots under build/test-output/web/<test>/."""

from __future__ import annotations

import random

import httpx
from playwright.sync_api import Browser

from .conftest import Server
from .test_web_browser import CLICKABLE, Shots, browser, click_once, new_page, server, shots

__all__ = ["browser", "server", "shots"]  # the fixtures, shared with the other browser tests


def test_hoshi_battle_real_time_strike_in_the_browser(server: Server, browser: Browser,
                                                     shots: Shots) -> None:
    r = httpx.post(server.url + "/api/tables", json={
        "game": "hoshi-battle", "params": {"strike": "live"},
        "seats": [{"kind": "human"}, {"kind": "ai", "difficulty": "easy"}]})
    assert r.status_code == 201, r.text
    body = r.json()
    tid, link = body["table"]["id"], body["seats"][0]["link"]
    page = new_page(browser)
    page.goto(server.url + link)
    page.wait_for_selector("[data-testid='hand']")
    shots.take(page, "start")
    rng = random.Random(2)
    struck = False
    for _ in range(300):
        page.wait_for_function(
            f"document.querySelector('{CLICKABLE}') || document.querySelector(\"[data-testid="
            "'strike']\") || document.body.dataset.status === 'over'", timeout=60000)
        if page.evaluate("document.body.dataset.status") == "over":
            break
        panel = page.query_selector("[data-testid='strike']")
        if panel is not None:
            button = page.query_selector("[data-testid='strike-button']")
            before = page.locator(".log li[data-kind='strike']").count()
            if button is not None and "STRIKE" in button.inner_text():
                page.wait_for_selector("[data-testid='strike'][data-phase='go']", timeout=10000)
                shots.take(page, "go")
                page.wait_for_timeout(150)  # a person's reaction
                page.keyboard.press("Space")
                struck = True
            page.wait_for_function(
                f"document.querySelectorAll(\".log li[data-kind='strike']\").length > {before}",
                timeout=15000)
            if struck:
                shots.take(page, "struck")
                break
            continue
        click_once(page, rng)
    assert struck, "no strike of ours came"
    assert not page.errors  # type: ignore[attr-defined]
    rows = httpx.get(server.url + f"/api/tables/{tid}/view").json()
    assert rows["table"]["id"] == tid
    text = page.locator(".log li[data-kind='strike']").last.inner_text()
    assert "strikes at" in text
