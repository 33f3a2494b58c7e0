"""radiant-perim's own table in Chromium (issue 31; TABLE-DESIGN.md "Radiant (Tin Shoe
Games)" and "Every table"): a game against two AIs at 1280x800 and 390x844 fits without
sideways scrolling with the board and the hand on screen, every legal action is a click
on something drawn or a button, and the AIs' actions are lit; the drawing: the map of
Perim as the board with the 3x3 drafting pool beside it, the other seats with their
hands as backs, partners (four players) in the same colour and opposite each other.
"""

from __future__ import annotations

from playwright.sync_api import Browser

from .conftest import Server, sit
from .tables_check import play_and_check
from .test_web_browser import Shots, browser, server, shots

__all__ = ["browser", "server", "shots"]  # the fixtures, shared with the other browser tests


def test_radiant_perim_table_fits_reaches_and_lights(
    server: Server, browser: Browser, shots: Shots
) -> None:
    play_and_check(server, browser, shots, "radiant-perim", 3, clicks=14, seed=2)


def test_radiant_perim_partners_share_a_colour_and_sit_opposite(
    server: Server, browser: Browser, shots: Shots
) -> None:
    page, _ = sit(browser, server, "radiant-perim", players=4)
    page.wait_for_selector(".perim-map g.region")
    assert page.locator("g.region").count() == 24
    assert page.locator(".pool .slot").count() == 9
    cols = page.eval_on_selector(
        ".pool", "p => getComputedStyle(p).gridTemplateColumns.split(' ').length"
    )
    assert cols == 3
    # the partner (P3) across the top, in the middle; the opponents left and right
    seats = page.eval_on_selector_all(".opponents .seat-panel", "ps => ps.map(p => p.dataset.seat)")
    assert seats == ["1", "2", "3"]
    colour = lambda sel: page.eval_on_selector(sel, "e => getComputedStyle(e).borderTopColor")  # noqa: E731
    assert colour(".seat-panel[data-seat='2']") == colour(".my-panel")
    assert (
        colour(".seat-panel[data-seat='1']")
        == colour(".seat-panel[data-seat='3']")
        != colour(".my-panel")
    )
    assert page.locator(".seat-panel[data-seat='1'] .card-back").count() > 0  # hands as backs
    shots.take(page, "four-players")
