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


def _turned_buff_view() -> dict[str, object]:
    """P1's view of a real game (random play) with a buff turned at least once."""
    import random

    import tabletop

    for seed in range(40):
        state = tabletop.new_game("lightseekers", players=2, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_over:
                break
            v = state.view(0)
            if any(b.get("turns") and b["turns"] % 4 for p in v["heroes"] for b in p["buffs"]):
                return v  # type: ignore[no-any-return]
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no game turned a buff")


# In the page: draw the table module on a view, then for every buff name, its computed
# transform matrix (the product of its ancestors' rotations inside the buff) and its box.
BUFF_TEXT = """async ([game, view]) => {
  const mod = (await import(`/static/tables/${game}.js`)).default;
  const root = document.getElementById("board");
  await mod.render(root, { view, seat: 0, legal: [], labels: [], events: [], table: null,
                           label: s => `P${s + 1}`, hand: null, strike: null });
  const angle = el => {
    let a = 0;
    for (let x = el; x && !x.classList.contains("buff-slot"); x = x.parentElement) {
      const t = getComputedStyle(x).transform;
      if (t && t !== "none") {
        const m = new DOMMatrix(t);
        a += Math.atan2(m.b, m.a) * 180 / Math.PI;
      }
    }
    return Math.round(((a % 360) + 360) % 360);
  };
  return [...root.querySelectorAll(".buff-slot")].map(s => ({
    turns: Number((s.querySelector(".buff-corners") || { dataset: { turns: 0 } }).dataset.turns),
    name: angle(s.querySelector(".buff-name")),
    nums: [...s.querySelectorAll(".corner-num")].map(angle),
    corners: s.querySelector(".buff-corners") ? angle(s.querySelector(".buff-corners")) : 0,
    box: (r => [r.width, r.height])(s.querySelector(".buff-name").getBoundingClientRect()),
  }));
}"""


def test_lightseekers_buff_text_reads_level_when_the_buff_is_turned(
    server: Server, browser: Browser, shots: Shots
) -> None:
    """Issue 31 (TABLE-DESIGN.md "Lightseekers TCG": "rotating a buff turns the card"):
    a turned buff's corners turn (the active one on top), but its name and the corners'
    numbers stay level (rotation 0 as computed), so the text reads across."""
    view = _turned_buff_view()
    page, _ = sit(browser, server, "lightseekers", players=2)
    page.wait_for_selector(".ls-hero")
    got = page.evaluate(BUFF_TEXT, ["lightseekers", view])
    turned = [b for b in got if b["turns"]]
    assert turned, got
    for b in got:
        assert b["corners"] == (360 - 90 * b["turns"]) % 360, b  # the corners turn
        assert b["name"] == 0, b  # the name reads level
        assert all(n == 0 for n in b["nums"]), b  # every corner's number upright
        assert b["box"][0] >= b["box"][1] * 0.9, b  # a line of text, not a column
    page.locator(".buff-slot").first.scroll_into_view_if_needed()
    shots.take(page, "turned-buffs")
