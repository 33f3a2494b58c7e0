"""hoshi-battle's table in real Chromium (Debian's chromium, Playwright): a person plays
the AI with real-time strikes by clicking the table and pressing Space at GO; the strike
window is drawn, the press reaches the server over the WebSocket and the result enters
the log and the record. Screenshots under build/test-output/web/<test>/."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
from playwright.sync_api import Browser, Page

from .conftest import (
    CLICKABLE,
    CLIPPED,
    DESK,
    ROOMY,
    SETTLED,
    SLOW_MS,
    Server,
    Shots,
    auth,
    click_once,
    make_table,
    open_link,
    page_at,
    sit,
)


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
            f"document.querySelector('{CLICKABLE}') || "
            "(!document.getElementById('strike-go').hidden"
            " && document.getElementById('strike-go').dataset.phase !== 'result')"
            " || document.body.dataset.status === 'over'", timeout=SLOW_MS)
        if page.evaluate("document.body.dataset.status") == "over":
            return tid, None
        phase = page.get_attribute("#strike-go", "data-phase")
        if page.is_visible("#strike-go") and phase != "result":
            # the one shared strike panel (static/js/strike.js) over the whole table: the
            # hoshi table draws no strike panel of its own (issue 31)
            assert page.locator("#board [data-testid='strike'], #board .strike-panel").count() == 0
            # ...in the middle of the screen, everything around it shaded
            over = page.evaluate("""() => {
              const el = document.getElementById('strike-go');
              const a = el.getBoundingClientRect(), x = innerWidth / 2, y = innerHeight / 2;
              const spread = getComputedStyle(el).boxShadow.match(/(\\d+(\\.\\d+)?)px/g) || [];
              return a.left < x && x < a.right && a.top < y && y < a.bottom &&
                     Math.max(...spread.map(parseFloat), 0) >= Math.max(innerWidth, innerHeight);
            }""")
            assert over, "the strike panel does not take over the table"
            before = page.locator(".log li[data-kind='strike']").count()
            ours = page.get_attribute("#strike-go", "data-role") == "strike"
            if ours:
                page.wait_for_selector("#strike-go.go", timeout=15000)
                shots.take(page, "go")
                # a person's reaction: 150 ms after GO appeared on this page
                page.wait_for_function(
                    "performance.now() - Number(document.getElementById('strike-go')"
                    ".dataset.goAt) >= 150")
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
        if not click_once(page, rng):  # nothing to click now: until there is, or the line
            page.wait_for_function(f"document.querySelector('{CLICKABLE}') || "
                                   "document.querySelector(\"[data-testid='waiting']\")",
                                   timeout=SLOW_MS)
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
        if not click_once(page, rng):  # until there is something to click, or a change
            page.wait_for_function(
                f"document.querySelector('{CLICKABLE}') || "
                "document.body.dataset.status === 'over' || "
                f"!document.querySelector(\"[data-testid='waiter-{waiting}']\")",
                timeout=SLOW_MS)
    assert httpx.get(server.url + f"/api/tables/{tid}/view").status_code == 200
    assert page.locator("[data-testid='waiting'] .waiter").count() == 1 or \
        page.evaluate("document.body.dataset.status") == "over"
    shots.take(page, "rotation")
    assert not page.errors  # type: ignore[attr-defined]


KERNEL = Path(__file__).resolve().parents[2] / "games" / "hoshi_battle" / "cards" / "kernel.toml"


def test_a_look_shows_the_cards_seen_to_the_seat_that_looked_alone(
        server: Server, browser: Browser, shots: Shots) -> None:
    """Hoshi Battle's look at the web table (issue 26; docs/rules/hoshi-battle.md,
    "Looking"): P1 plays Scout's Map (a test card of the table's card file); P1's page
    draws P2's face-down cards it saw with their names (still face down: backs marked
    "seen", the card's text in the zoom); P2's page and a spectator's draw only backs."""
    decks = {"deck1": "crane-archer,night-hunter,charming-trader,scouts-map,focus,battle-cry",
             "deck2": "wind-dancer,ashigaru-spearman,saal-swordsman,rage,smoke-bomb,"
                      "swift-boots", "budget": 60}
    made = make_table(server, "hoshi-battle", "human", "human", params=decks,
                      cards=[{"name": "kernel.toml", "text": KERNEL.read_text()}])
    tokens = [s["token"] for s in sorted(made.body["seats"], key=lambda s: s["seat"])]
    url = f"{server.url}/api/tables/{made.tid}"
    known: list[dict[str, object]] = []
    for _ in range(200):  # through the API: P1 looks as soon as it may; P2 keeps its cards
        m = httpx.get(f"{url}/view").json()
        seat = m["view"]["to_act"]
        assert seat is not None, "the game ended before P1 could look"
        mine = httpx.get(f"{url}/view", headers=auth(tokens[seat])).json()
        legal = mine["legal"]
        action = ("play scouts-map" if "play scouts-map" in legal else
                  "pass" if "pass" in legal else legal[0])
        r = httpx.post(f"{url}/actions", headers=auth(tokens[seat]),
                       json={"action": action, "version": mine["version"]})
        assert r.status_code == 200, r.text
        if action == "play scouts-map":
            known = httpx.get(f"{url}/view", headers=auth(tokens[0])).json()["view"][
                "hand"]["known"]
            break
    assert known, "P1 never looked"
    names = sorted(str(k["card"]) for k in known)
    page = open_link(page_at(browser, DESK), server, made.seat_link(0))
    page.wait_for_selector("[data-testid='seen-card']")
    seen = page.locator(".duelist[data-seat='1'] [data-testid='seen-card']")
    assert sorted(seen.evaluate_all("xs => xs.map(x => x.dataset.card)")) == names
    first = seen.first
    assert "you looked at it" in (first.get_attribute("data-zoom") or "")
    assert (first.inner_text() or "").strip()  # its name is on it
    # ...whole and readable: not cut, no word broken across lines, not under 11 px
    page.evaluate("document.fonts.ready.then(() => true)")
    page.wait_for_function(SETTLED, timeout=10_000)
    assert page.evaluate(CLIPPED, ".seen-name") == []
    # The status bar with the user-cards badge and the phases keeps to 1280 px
    # (TABLE-DESIGN.md, "One screen, no page scroll at 1280x800").
    bar = page.evaluate("""() => { const b = document.getElementById('statusbar');
        return [b.scrollWidth, b.clientWidth, document.documentElement.scrollWidth]; }""")
    assert bar[0] <= bar[1] + 1 and bar[2] <= DESK[0], bar
    assert page.locator(".duelist[data-seat='0'] [data-testid='seen-card']").count() == 0
    shots.take(page, "p1-sees-what-it-looked-at")
    for link, who in ((made.seat_link(1), "p2"), (f"/table/{made.tid}", "spectator")):
        other = open_link(page_at(browser, DESK), server, link)
        other.wait_for_selector(".duelist[data-seat='1']")
        assert other.locator("[data-testid='seen-card']").count() == 0, who
        shots.take(other, f"{who}-sees-backs")
        assert not other.errors  # type: ignore[attr-defined]
    assert not page.errors  # type: ignore[attr-defined]
