"""Floating numbers in Chromium (issue 31, "What happened is visible": "damage, healing,
power and score changes show as numbers on the things they hit"; TABLE-DESIGN.md "numbers
float up from what they hit"): several landing on one thing, in one action or in quick
succession, each stay readable: their boxes never overlap, while they rise.

The numbers are floated through the client's own ``float`` (js/highlight.js, what the
table calls with an action's floaters) on a drawn thing of a real table.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page

from .conftest import Server, Shots, sit
from .test_web_browser import browser, server, shots

__all__ = ["browser", "server", "shots"]  # the fixtures, shared with the other browser tests

# In the page: float `items` (their ref: the first drawn thing) through highlight.js.
FLOAT = """async (items) => {
  const hl = await import("/static/js/highlight.js");
  const board = document.getElementById("stage");
  const ref = board.querySelector("[data-ref]").dataset.ref;
  hl.float(document.getElementById("floaters"), board,
           items.map(([text, kind]) => ({ ref, text, kind })), document.getElementById("status"));
  return ref;
}"""

# The boxes of the floaters shown, and how far into its rise each is (ms).
BOXES = """() => [...document.querySelectorAll("#floaters .floater")].map(el => {
  const r = el.getBoundingClientRect();
  const a = el.getAnimations()[0];
  return { text: el.textContent, box: [r.left, r.top, r.right, r.bottom],
           at: a ? Number(a.currentTime) : null };
})"""


def overlapping(shown: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The pairs of floaters whose boxes overlap."""
    out = []
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            (al, at, ar, ab), (bl, bt, br, bb) = a["box"], b["box"]
            if al < br and bl < ar and at < bb and bt < ab:
                out.append((a["text"], b["text"]))
    return out


def rise_to(page: Page, text: str, ms: int) -> None:
    """Wait until the floater showing ``text`` is ``ms`` into its rise."""
    page.wait_for_function(
        """([text, ms]) => [...document.querySelectorAll("#floaters .floater")].some(el =>
             el.textContent === text && el.getAnimations()[0] &&
             el.getAnimations()[0].currentTime >= ms)""", arg=[text, ms])


def test_two_numbers_on_one_thing_do_not_overlap(server: Server, browser: Browser,
                                                 shots: Shots) -> None:
    """Two numbers floated at once on the same thing (an action's damage and healing):
    their boxes do not overlap when they appear, nor halfway up."""
    page, _ = sit(browser, server, "radiant-arena")
    page.evaluate(FLOAT, [["−3", "damage"], ["+2", "heal"], ["+1", "gain"]])
    shown = page.evaluate(BOXES)
    assert [s["text"] for s in shown] == ["−3", "+2", "+1"], shown
    assert overlapping(shown) == [], shown
    # the three start on their thing, close together (one column, stacked)
    lefts = {round(s["box"][0] + s["box"][2]) for s in shown}
    assert max(lefts) - min(lefts) <= 30, shown
    rise_to(page, "−3", 600)
    shown = page.evaluate(BOXES)
    shots.take(page, "halfway")
    assert len(shown) == 3 and overlapping(shown) == [], shown
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_numbers_in_quick_succession_do_not_overlap(server: Server, browser: Browser,
                                                    shots: Shots) -> None:
    """One number, then (while it is still low on its rise) another on the same thing,
    then a third: none overlaps another, at the moment each appears or later on."""
    page, _ = sit(browser, server, "radiant-arena")
    page.evaluate(FLOAT, [["−4", "damage"]])
    rise_to(page, "−4", 150)
    page.evaluate(FLOAT, [["−5", "damage"]])
    assert overlapping(page.evaluate(BOXES)) == []
    rise_to(page, "−5", 150)
    page.evaluate(FLOAT, [["+6", "gain"]])
    shown = page.evaluate(BOXES)
    assert len(shown) == 3 and overlapping(shown) == [], shown
    shots.take(page, "three")
    rise_to(page, "+6", 500)
    shown = page.evaluate(BOXES)
    assert overlapping(shown) == [], shown
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
