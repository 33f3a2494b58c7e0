"""hoshi-battle's own table in Chromium (issue 31; TABLE-DESIGN.md "Hoshi Battle" and
"Every table"): a game against the AI at 1280x800 and 390x844 fits without sideways
scrolling with the board and the hand on screen, every legal action is a click on
something drawn or a button, and the AI's actions are lit; the drawing: the two duelists
across the dice tray, the Hoshi Stones as gems, the effects in force latest first.
"""

from __future__ import annotations

from playwright.sync_api import Browser

from .conftest import SLOW_MS, Server, sit
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
    # Issue 31, "Words, not notation": before any Duel the tray says so, not "Duel 0".
    assert page.text_content(".tray-info b") == "Before the first Duel"
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


# Before the page's own scripts: note every motion class the table puts on a thing, with
# the longest running animation's duration at that moment.
WATCH_MOTION = """
window.__motion = [];
new MutationObserver(list => {
  for (const m of list) {
    const el = m.target;
    for (const cls of ["rolling", "moved", "arrived"]) {
      if (el.classList && el.classList.contains(cls) && !(m.oldValue || "").includes(cls)) {
        const mine = el.getAnimations().filter(a => a.constructor === Animation);  // not CSS's
        const ms = Math.max(0, ...mine.map(a => a.effect.getTiming().duration));
        const die = el.hasAttribute("data-die"), card = el.dataset.card || null;
        window.__motion.push({ cls, ms, die, card });
      }
    }
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"],
                   attributeOldValue: true });
"""


def test_hoshi_battle_dice_roll_and_cards_slide(server: Server, browser: Browser,
                                                shots: Shots) -> None:
    """Issue 31 ("dice roll before they land", "cards slide from where they were to where
    they go"; TABLE-DESIGN.md "What others did is shown"): at the default pacing a throw's
    dice spin and a card played moves or arrives, each in at most 400 ms, by the shared
    motion of highlight.js (from the events' kinds and fields)."""
    import random

    page, _ = sit(browser, server, "hoshi-battle", speed=800)
    page.context.add_init_script(WATCH_MOTION)
    page.reload()
    page.wait_for_function("Number(document.body.dataset.drawn || 0) > 0", timeout=SLOW_MS)
    rng = random.Random(6)
    got: list[dict[str, object]] = []
    for _ in range(60):
        got = page.evaluate("window.__motion")
        if any(m["cls"] == "rolling" for m in got) and any(m["cls"] != "rolling" for m in got):
            break
        if page.evaluate("document.body.dataset.status") == "over":
            break
        wait_ready(page)
        if page.query_selector(CLICKABLE):
            click_once(page, rng)
        if any(m["cls"] == "rolling" for m in page.evaluate("window.__motion")):
            shots.take(page, "dice-rolling")
    got = page.evaluate("window.__motion")
    rolls = [m for m in got if m["cls"] == "rolling"]
    cards = [m for m in got if m["cls"] in ("moved", "arrived")]
    assert rolls and any(m["die"] for m in rolls), got
    assert cards and all(m["card"] for m in cards), got
    # (an element redrawn before the observer looked has no animation left: 0)
    assert all(0 <= float(str(m["ms"])) <= 400 for m in got), got
    assert any(float(str(m["ms"])) > 0 for m in rolls)
    assert any(float(str(m["ms"])) > 0 for m in cards)
    assert not page.errors  # type: ignore[attr-defined]


def test_no_motion_with_reduced_motion(server: Server, browser: Browser) -> None:
    """prefers-reduced-motion (TABLE-DESIGN.md "Motion that helps, never hides"): the
    same play moves nothing; the highlights stay."""
    import random

    page, _ = sit(browser, server, "hoshi-battle", speed=800)
    page.emulate_media(reduced_motion="reduce")
    page.context.add_init_script(WATCH_MOTION)
    page.reload()
    page.wait_for_function("Number(document.body.dataset.drawn || 0) > 0", timeout=SLOW_MS)
    rng = random.Random(6)
    lit = False
    for _ in range(25):
        if page.evaluate("document.body.dataset.status") == "over":
            break
        wait_ready(page)
        lit = lit or bool(page.query_selector(".lit, .lit-mine"))
        if page.query_selector(CLICKABLE):
            click_once(page, rng)
    assert page.evaluate("window.__motion") == []
    assert lit
