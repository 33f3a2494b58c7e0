"""Accounts in the browser (issue 29, Tests: "Playwright: create an account, play a rated
game against another account in two browser contexts ..., see both ratings change, find
each other's games on the profiles"). Debian's Chromium; on one server, and with the two
people connected to two workers of one store (PostgreSQL and Redis: Several servers)."""

from __future__ import annotations

import random
import secrets

import pytest
from playwright.sync_api import Browser, Page

from .conftest import (
    CLICKABLE,
    SLOW_MS,
    Server,
    Shots,
    click_once,
    open_link,
    page_at,
)
from .test_web_cluster import servers, store_url

__all__ = ["servers", "store_url"]  # the fixtures of several workers on one store

PASSWORD = "correct horse battery"


@pytest.fixture(params=["one server", "two workers"])
def pair(request: pytest.FixtureRequest, server: Server) -> tuple[Server, Server]:
    """The servers alice and bob use: the same one, or two workers of one store."""
    if request.param == "one server":
        return server, server
    a, b = request.getfixturevalue("servers")(2)
    return a, b


def register(page: Page, server: Server, name: str) -> None:
    """Register ``name`` from the lobby's account bar (developer mode: the template game)."""
    page.goto(server.url + "/?dev=1")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=SLOW_MS)
    page.click("#register")
    page.fill("#sign-name", name)
    page.fill("#sign-password", PASSWORD)
    page.click("#sign-submit")
    page.wait_for_selector(f"[data-testid=me]:has-text('{name}')")
    assert page.is_hidden("#sign")


def test_two_accounts_play_a_rated_game_and_see_their_ratings(
        pair: tuple[Server, Server], browser: Browser, shots: Shots) -> None:
    alice, bob = page_at(browser), page_at(browser)  # two contexts: two people
    at = {id(alice): pair[0], id(bob): pair[1]}  # the server each person's browser uses
    server = pair[0]
    # Names of this run (the module's server is shared, and a retried test registers
    # again).
    tag = secrets.token_hex(3)
    names = {"alice": f"alice{tag}", "bob": f"bob{tag}"}
    register(alice, server, names["alice"])
    register(bob, pair[1], names["bob"])
    # Alice makes a rated table of the short template game for two people.
    alice.select_option("#game", "goofspiel")
    alice.select_option("#players", "2")
    alice.fill("[name='param:cards']", "3")
    alice.select_option("[name='kind:1']", "human")
    alice.check("#rated")
    alice.click("#create-button")
    alice.wait_for_selector("#links a[data-seat='1']")
    shots.take(alice, "links")
    bob_link = alice.get_attribute("#links a[data-seat='1']", "href") or ""
    mine = alice.get_attribute("[data-testid=take-my-seat]", "href") or ""
    tid = mine.split("/table/")[1].split("#")[0]
    open_link(alice, server, mine)
    open_link(bob, pair[1], bob_link)  # opening the link takes the seat for bob's account
    alice.wait_for_function(
        f"document.body.innerText.includes('{names['bob']}')", timeout=SLOW_MS)
    rng = random.Random(7)
    for p in (alice, bob):  # a round each, by clicking (again if the table was redrawn
        # under the pointer: the other's move reached this page meanwhile)
        for _ in range(10):
            p.wait_for_selector(CLICKABLE, timeout=SLOW_MS)
            if click_once(p, rng):
                break
        else:
            raise AssertionError("no click reached the table in 10 tries")
    bob.click("#menu-button")  # then bob gives up: alice wins
    bob.click("[data-testid='concede']")
    bob.click("[data-testid='confirm-yes']")
    for p in (alice, bob):
        p.wait_for_function("document.body.dataset.status === 'over'", timeout=SLOW_MS)
    shots.take(alice, "over")
    # Each sees both ratings moved (alice's up, bob's down), and finds the game on the
    # other's profile with its replay.
    shown = {}
    for p, other in ((alice, "bob"), (bob, "alice")):
        for name in ("alice", "bob"):
            p.goto(f"{at[id(p)].url}/players/{names[name]}")
            p.wait_for_function("document.body.dataset.ready === '1'", timeout=SLOW_MS)
            row = p.locator("#ratings tr[data-game='goofspiel']")
            assert row.count() == 1
            shown[name] = row.inner_text()
            game = p.locator(f"#recent tr[data-table='{tid}']")
            assert game.count() == 1 and "(rated)" in game.inner_text()
            assert game.locator("a").get_attribute("href") == f"/table/{tid}?replay=1"
        shots.take(p, f"profile-{other}")
    assert "provisional" in shown["alice"] and "provisional" in shown["bob"]
    up, down = (int(shown[n].split("\t")[2].split()[0]) for n in ("alice", "bob"))
    assert up > 1500 > down and up + down in range(2999, 3002)  # one gains what one loses
    assert not alice.errors and not bob.errors  # type: ignore[attr-defined]
