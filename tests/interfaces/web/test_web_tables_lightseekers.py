"""lightseekers' own table in Chromium (issue 31; TABLE-DESIGN.md "Lightseekers TCG" and
"Every table"): a three-player game against the AIs at 1280x800 and 390x844 fits without
sideways scrolling with the board and the hand on screen, every legal action is a click
on something drawn or a button, and the AIs' actions are lit; the drawing: every hero in
turn order with health and VP, and an arrow from each hero to its target.
"""

from __future__ import annotations

from playwright.sync_api import Browser

from .conftest import Server, sit
from .tables_check import play_and_check
from .test_web_browser import Shots, browser, server, shots

__all__ = ["browser", "server", "shots"]  # the fixtures, shared with the other browser tests


def test_lightseekers_table_fits_reaches_and_lights(
    server: Server, browser: Browser, shots: Shots
) -> None:
    play_and_check(server, browser, shots, "lightseekers", 3, clicks=10, seed=3)


def test_lightseekers_heroes_in_turn_order_with_target_arrows(
    server: Server, browser: Browser, shots: Shots
) -> None:
    page, _ = sit(browser, server, "lightseekers", players=3)
    page.wait_for_selector(".ls-hero")
    assert page.locator(".ls-hero").count() == 3
    page.wait_for_selector("svg.target-arrow path.arrow-line")
    assert page.locator("svg.target-arrow path.arrow-line").count() == 3  # each hero to its target
    assert page.locator(".ls-hero .el").count() >= 9  # the Elements of each hero
    shots.take(page, "three-heroes")
