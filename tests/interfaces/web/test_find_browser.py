"""Finding a game in the browser (issue 29, Finding a game: '"Find a game": a queue ...
that pairs people by rating ... Open seeks in the lobby'): two people in two browser
contexts find each other through the lobby's "Find a game" panel, and through an open
seek one of them accepts. Debian's Chromium; one server."""

from __future__ import annotations

import secrets

from playwright.sync_api import Browser, Page

from .conftest import PHONE, SLOW_MS, Server, Shots, page_at
from .test_accounts_browser import register

GAME = "goofspiel"


def at_table(page: Page) -> str:
    """Wait until the page is at its table, drawn; the table's id."""
    page.wait_for_url("**/table/*", timeout=SLOW_MS)
    page.wait_for_function("Number(document.body.dataset.drawn || 0) > 0", timeout=SLOW_MS)
    return page.url.split("/table/")[1].split("#")[0].split("?")[0]


def find(page: Page, rated: bool) -> None:
    """Fill the panel (the template game, two players, the AI never) and press Find."""
    page.select_option("#find-game", GAME)
    page.select_option("#find-players", "2")
    if rated:
        page.check("#find-rated")
    page.check("#find-never")
    page.click("#find-button")


def test_two_accounts_find_each_other_in_a_rated_queue(server: Server, browser: Browser,
                                                        shots: Shots) -> None:
    alice, bob = page_at(browser), page_at(browser)
    tag = secrets.token_hex(3)
    register(alice, server, f"alice{tag}")
    register(bob, server, f"bob{tag}")
    find(alice, rated=True)
    alice.wait_for_selector("[data-testid=find-wait]")
    # Alice's wait and her window (a new account: 1500 ± 50, widening as she waits).
    assert alice.inner_text("[data-testid=find-window]") != ""
    low, high = (int(x) for x in alice.inner_text("[data-testid=find-window]").split("–"))
    assert low <= 1450 and high >= 1550 and low + high == 3000
    shots.take(alice, "waiting")
    find(bob, rated=True)
    tables = {at_table(p) for p in (alice, bob)}
    assert len(tables) == 1  # the same table
    for p, name in ((alice, f"bob{tag}"), (bob, f"alice{tag}")):
        p.wait_for_function(f"document.body.innerText.includes('{name}')", timeout=SLOW_MS)
    shots.take(bob, "table")
    assert not alice.errors and not bob.errors  # type: ignore[attr-defined]


def test_a_guest_accepts_an_open_seek_from_the_lobby(server: Server, browser: Browser,
                                                      shots: Shots) -> None:
    ann, ben = page_at(browser), page_at(browser, PHONE, touch=True)  # ben on a phone
    for p in (ann, ben):
        p.goto(server.url + "/?dev=1")
        p.wait_for_function("document.body.dataset.ready === '1'", timeout=SLOW_MS)
    find(ann, rated=False)
    ann.wait_for_selector("[data-testid=find-wait]")
    ben.reload()  # the list as a newcomer sees it
    ben.wait_for_function("document.body.dataset.ready === '1'", timeout=SLOW_MS)
    row = ben.locator("#seeks tr[data-seek]")
    row.first.wait_for(timeout=SLOW_MS)
    assert row.count() == 1 and "Goofspiel" in row.inner_text() and "1500" in row.inner_text()
    shots.take(ben, "seeks")
    # On the phone the list fits the width: Accept is on the screen, nothing scrolls
    # sideways (TABLE-DESIGN.md, "Touch").
    fit = ben.evaluate("""() => {
      const wrap = document.querySelector("#seeks").closest(".table-wrap");
      const b = document.querySelector("#seeks [data-accept]").getBoundingClientRect();
      return { wrap: [wrap.scrollWidth, wrap.clientWidth], right: b.right, vw: innerWidth,
               page: document.documentElement.scrollWidth }; }""")
    assert fit["wrap"][0] <= fit["wrap"][1] and fit["right"] <= fit["vw"], fit
    assert fit["page"] <= fit["vw"] == PHONE[0], fit
    row.locator("[data-accept]").click()
    assert at_table(ann) == at_table(ben)
    assert not ann.errors and not ben.errors  # type: ignore[attr-defined]
