"""hoshi-battle's own table in Chromium (issue 31; TABLE-DESIGN.md "Hoshi Battle" and
"Every table"): a game against the AI at 1280x800 and 390x844 fits without sideways
scrolling with the board and the hand on screen, every legal action is a click on
something drawn or a button, and the AI's actions are lit; the drawing: the two duelists
across the dice tray, the Hoshi Stones as gems, the effects in force latest first.
"""

from __future__ import annotations

from playwright.sync_api import Browser

from .conftest import Server, sit
from .tables_check import CLICKABLE, click_once, play_and_check, wait_ready
from .test_web_browser import Shots, browser, server, shots

__all__ = ["browser", "server", "shots"]  # the fixtures, shared with the other browser tests


def test_hoshi_battle_table_fits_reaches_and_lights(
    server: Server, browser: Browser, shots: Shots
) -> None:
    play_and_check(server, browser, shots, "hoshi-battle", 2, clicks=10, seed=4)


def test_hoshi_battle_duelists_across_the_tray_with_gems(
    server: Server, browser: Browser, shots: Shots
) -> None:
    import random

    page, _ = sit(browser, server, "hoshi-battle", players=2)
    rng = random.Random(5)
    for _ in range(12):  # through the setup into the Duel
        if (
            page.query_selector(".duelist .gem")
            or page.evaluate("document.body.dataset.status") == "over"
        ):
            break
        wait_ready(page)
        if page.query_selector(CLICKABLE):
            click_once(page, rng)
    page.wait_for_selector(".duelist .gem.full")
    tops = page.eval_on_selector_all(
        ".arena > *", "xs => xs.map(x => [x.className, x.getBoundingClientRect().top])"
    )
    names = [c for c, _ in tops]
    assert (
        names[0].startswith("duelist") and names[-1].startswith("duelist") and "tray" in names[1]
    ), names
    ts = page.eval_on_selector_all(
        ".effects .ts", "xs => xs.map(x => Number(x.textContent.slice(1)))"
    )
    assert ts == sorted(ts, reverse=True), "the latest effect on top"
    shots.take(page, "duel")
