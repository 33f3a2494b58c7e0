"""radiant-arena's own table in Chromium (issue 31; TABLE-DESIGN.md "Radiant: Offline
Battle Arena" and "Every table"): a game against the AI at 1280x800 and 390x844 fits
without sideways scrolling with the board and the hand on screen, every legal action is a
click on something drawn or a button, and the AI's actions are lit on the table; the
drawing itself: three lanes side by side, each with the opponent's conduit at the top
edge and mine at the bottom, heroes as cards (stats as icons with numbers), the
opponent's face-down deity as a back, power and action points by my home; the draft as
its own screen with picks and bans marked.
"""

from __future__ import annotations

from playwright.sync_api import Browser

from .conftest import Server, sit
from .tables_check import CLICKABLE, play_and_check
from .test_web_browser import Shots, browser, server, shots

__all__ = ["browser", "server", "shots"]  # the fixtures, shared with the other browser tests


def test_radiant_arena_table_fits_reaches_and_lights(
    server: Server, browser: Browser, shots: Shots
) -> None:
    hooks = play_and_check(server, browser, shots, "radiant-arena", 2, clicks=14, seed=1)
    assert hooks["found"] > 0


def test_radiant_arena_table_draws_lanes_conduits_and_cards(
    server: Server, browser: Browser, shots: Shots
) -> None:
    page, _ = sit(browser, server, "radiant-arena", players=2)
    page.wait_for_selector(".lanes .lane")
    assert page.locator(".lane").count() == 3
    for lane in ("left", "center", "right"):
        boxes = page.eval_on_selector(
            f".lane[data-lane='{lane}']",
            """lane => {
          const y = sel => lane.querySelector(sel).getBoundingClientRect().top;
          return [y('.conduit.foe'), y('.lane-name'), y('.conduit.mine')]; }""",
        )
        assert boxes[0] < boxes[1] < boxes[2], "the opponent's conduit above, mine below"
    xs = page.eval_on_selector_all(".lane", "ls => ls.map(l => l.getBoundingClientRect().left)")
    assert xs == sorted(xs) and len(set(xs)) == 3, "the lanes side by side"
    assert page.locator(".hidden-deity").count() == 1  # B's deity, face down
    hero = page.locator(".home.mine .unit.hero").first
    assert (
        hero.locator(".stat-attack .ic").count() == 1
        and hero.locator(".stat-health .num").count() == 1
    )
    assert hero.get_attribute("data-zoom")  # the full text for the zoom
    assert page.locator(".home.mine [data-testid='counter-power']").count() == 1
    assert page.locator(".home.mine [data-testid='counter-ap']").count() <= 1
    assert page.locator("[data-testid='hand'] .skill").count() == 5
    assert page.locator(".recon-mark").count() > 5  # the reconstructed mark on the cards
    page.wait_for_selector(CLICKABLE)
    shots.take(page, "table")


def test_radiant_arena_draft_screen_marks_picks(
    server: Server, browser: Browser, shots: Shots
) -> None:
    page, _ = sit(browser, server, "radiant-arena", players=2, params={"draft": True})
    page.wait_for_selector("[data-testid='draft']")
    assert page.locator(".draft-hero").count() == 18
    page.locator(".draft-hero.actionable").first.click()  # A's first pick
    page.wait_for_selector(".draft-hero.picked")  # marked with who picked it
    assert "Picked by" in page.inner_text(".draft-hero.picked >> nth=0")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    shots.take(page, "draft")
