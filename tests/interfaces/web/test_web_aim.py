"""The aim arrow in Chromium (issue 31, "What I can do is lit"; ../shared/TABLE-DESIGN.md:
"Choosing a target draws an arrow from the actor to the target before I confirm"): while
a targeted action is hovered or focused, an arrow runs from its source to its target (the
ends inside their boxes); it goes when the pointer leaves, on Esc, and once the action is
sent. A radiant-arena table of two people, both seats played through the API until seat
0 has a target to choose (rulebook "Combat", "Step One: Determine Participants": the
attacking player chooses the target; or an effect's target, or a block).
"""

from __future__ import annotations

import random
from typing import Any

import httpx
from playwright.sync_api import Browser, Page

from .conftest import PHONE, SLOW_MS, Server, Shots, make_table, open_link, page_at
from .test_web_browser import browser, server, shots

__all__ = ["browser", "server", "shots"]  # the fixtures, shared with the other browser tests

TARGETED = ("target ", "block ")


def to_a_target(server: Server, seed: int) -> tuple[str, str]:
    """A two-person radiant-arena table played at random through the API until seat 0
    may choose a target; (seat 0's link, the table's id)."""
    made = make_table(server, "radiant-arena", "human", "human")
    tokens = {s["seat"]: s["token"] for s in made.body["seats"]}
    rng = random.Random(seed)
    for _ in range(2000):
        views = {seat: httpx.get(f"{server.url}/api/tables/{made.tid}/view", timeout=30,
                                 headers={"X-Seat-Token": t}).json() for seat, t in tokens.items()}
        if any(a.startswith(TARGETED) for a in views[0]["legal"]):
            return made.link, made.tid
        seat = next(s for s, v in views.items() if v["legal"])
        # seat 1 never blocks, so that seat 0's attacks reach their targets' choice
        legal = [a for a in views[seat]["legal"] if seat == 0 or not a.startswith("target ")]
        r = httpx.post(f"{server.url}/api/tables/{made.tid}/actions", timeout=30,
                       headers={"X-Seat-Token": tokens[seat]},
                       json={"action": rng.choice(legal or views[seat]["legal"]),
                             "version": views[seat]["version"]})
        assert r.status_code == 200, r.text
    raise AssertionError("seat 0 never had a target to choose")


def arrow(page: Page) -> dict[str, Any] | None:
    """The arrow shown (its action, its ends and the boxes of what it joins), or None."""
    return page.evaluate("""() => {
      const layer = document.querySelector("svg.aim-layer");
      if (!layer || layer.hidden) return null;
      const box = ref => {
        const el = [...document.querySelectorAll(`[data-ref="${CSS.escape(ref)}"]`)]
          .find(e => e.getBoundingClientRect().width);
        const r = el.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom];
      };
      return { action: layer.dataset.action, ends: layer.dataset.ends.split(" ").map(Number),
               from: box(layer.dataset.from), to: box(layer.dataset.to) };
    }""")


def inside(x: float, y: float, box: list[float]) -> bool:
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def check_arrow(got: dict[str, Any] | None, action: str) -> None:
    assert got is not None, f"no arrow for {action}"
    assert got["action"] == action
    x1, y1, x2, y2 = got["ends"]
    assert inside(x1, y1, got["from"]), f"the arrow starts outside its source: {got}"
    assert inside(x2, y2, got["to"]), f"the arrow ends outside its target: {got}"


# In the page: a targeted action of the position shown and the lit thing that takes it
# (single: that thing's only action; else it opens a menu with the action in it).
FIND = """async (prefixes) => {
  const msg = (await import("/static/js/table.js")).shown();
  const mod = (await import("/static/tables/radiant-arena.js")).default;
  const found = [];
  for (const a of msg.legal.filter(a => prefixes.some(p => a.startsWith(p)))) {
    for (const r of mod.refs(a, msg.view)) {
      const el = document.querySelector(`[data-ref="${CSS.escape(r)}"].actionable`);
      const several = (el && el.getAttribute("aria-label") || "").includes(" actions: ");
      if (el) found.push({ action: a, ref: r, single: !several });
    }
  }
  return found.find(f => f.single) || found[0] || null;
}"""


def test_a_targeted_action_draws_its_aim_arrow(server: Server, browser: Browser,
                                               shots: Shots) -> None:
    link, _ = to_a_target(server, seed=3)
    page = open_link(page_at(browser, (1280, 800)), server, link)
    page.wait_for_function("document.querySelector('[data-ref].actionable')", timeout=SLOW_MS)
    found = page.evaluate(FIND, list(TARGETED))
    assert found, "no lit thing takes a targeted action"
    action = found["action"]
    lit = page.locator(f"[data-ref='{found['ref']}'].actionable").first
    if found["single"]:
        thing = lit
    else:  # a menu of the thing's actions: the targeted one's entry
        lit.click()
        thing = page.locator(f"#menu [data-action='{action}']")
    # Hover: the arrow from the action's source to its target.
    thing.hover()
    check_arrow(arrow(page), action)
    shots.take(page, "aimed")
    # The pointer leaves: the arrow goes.
    page.mouse.move(2, 790)
    assert arrow(page) is None
    # Focus (the keyboard's way): the arrow again; Esc cancels it (and a menu).
    thing.focus()
    check_arrow(arrow(page), action)
    page.keyboard.press("Escape")
    assert arrow(page) is None
    # Confirmed: the action is sent, and its arrow is not left behind.
    if not found["single"]:
        lit.click()
    thing.blur()  # Esc kept the focus where it was: it comes back
    thing.focus()
    check_arrow(arrow(page), action)
    version = int(page.evaluate("document.body.dataset.version"))
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}",
                           timeout=SLOW_MS)
    # (the keyboard's place is kept on the redrawn table: an arrow there is another's)
    after = arrow(page)
    assert after is None or after["action"] != action, after
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


# --- the confirm step of a tap -------------------------------------------------------------

def bar(page: Page) -> str | None:
    """The action the tap's confirm bar asks about, or None when it is hidden."""
    return page.evaluate("""() => { const b = document.querySelector("[data-testid='aim-bar']");
      return b && !b.hidden ? b.dataset.action : null; }""")


def phone(browser: Browser, server: Server, link: str) -> Page:
    """The link on a phone (a touch context at 390x844), the log drawer closed (with two
    people at the table it would open over the board)."""
    page = page_at(browser, PHONE, touch=True)
    page.context.add_init_script("localStorage.setItem('tabletop.log', 'closed')")
    return open_link(page, server, link)


def server_version(server: Server, tid: str) -> int:
    return int(httpx.get(f"{server.url}/api/tables/{tid}/view", timeout=30).json()["version"])


def test_a_tap_on_a_targeted_action_asks_before_it_acts(server: Server, browser: Browser,
                                                        shots: Shots) -> None:
    """TABLE-DESIGN.md "What I can do is lit" (the arrow "before I confirm") and "Touch"
    (no hover-only thing): on a phone (a touch context, 390x844) a tap has no hover to
    show the arrow first, so the first tap of a targeted action selects it: its arrow
    from source to target and a Confirm / Cancel bar, nothing sent. Cancel leaves the
    table as it was (no arrow, no bar, the same version and legal actions, on the page and
    on the server); a second tap of the same thing acts; so does Confirm. Exactly one
    action is posted in all."""
    link, tid = to_a_target(server, seed=3)
    page = phone(browser, server, link)
    posted: list[str] = []
    page.on("request", lambda r: posted.append(r.url) if r.method == "POST"
            and r.url.endswith("/actions") else None)
    page.wait_for_function("document.querySelector('[data-ref].actionable')", timeout=SLOW_MS)
    found = page.evaluate(FIND, list(TARGETED))
    assert found, "no lit thing takes a targeted action"
    action = found["action"]
    lit = page.locator(f"[data-ref='{found['ref']}'].actionable").first
    before = page.evaluate("async () => (await import('/static/js/table.js')).shown()")
    version = server_version(server, tid)

    def first_tap() -> None:
        lit.scroll_into_view_if_needed()
        lit.tap()
        if not found["single"]:  # the thing's menu: the targeted entry
            page.locator(f"#menu [data-action='{action}']").tap()
        page.wait_for_selector("[data-testid='aim-bar']:not([hidden])")
        assert bar(page) == action
        check_arrow(arrow(page), action)

    # The first tap: the arrow and the bar, nothing sent.
    first_tap()
    shots.take(page, "tapped")
    assert page.is_visible("[data-testid='aim-confirm']")
    assert page.is_visible("[data-testid='aim-cancel']")
    # Cancel: nothing changed.
    page.locator("[data-testid='aim-cancel']").tap()
    assert bar(page) is None and arrow(page) is None
    now = page.evaluate("async () => (await import('/static/js/table.js')).shown()")
    assert (now["version"], now["legal"]) == (before["version"], before["legal"])
    assert server_version(server, tid) == version
    # A second tap of the same thing acts (a single action's thing; a menu's entry is
    # gone with its menu, so there Confirm is the second tap).
    first_tap()
    if found["single"]:
        lit.tap()
    else:
        page.locator("[data-testid='aim-confirm']").tap()
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}",
                           timeout=SLOW_MS)
    assert bar(page) is None
    after = arrow(page)
    assert after is None or after["action"] != action, after
    assert len(posted) == 1, posted
    assert server_version(server, tid) > version
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_confirm_acts_after_a_tap(server: Server, browser: Browser, shots: Shots) -> None:
    """The same step's Confirm button: a tap selects, Confirm sends that action (the one
    named in the bar), once."""
    link, tid = to_a_target(server, seed=5)
    page = phone(browser, server, link)
    posted: list[str] = []
    page.on("request", lambda r: posted.append(r.post_data or "") if r.method == "POST"
            and r.url.endswith("/actions") else None)
    page.wait_for_function("document.querySelector('[data-ref].actionable')", timeout=SLOW_MS)
    found = page.evaluate(FIND, list(TARGETED))
    assert found, "no lit thing takes a targeted action"
    action = found["action"]
    version = server_version(server, tid)
    lit = page.locator(f"[data-ref='{found['ref']}'].actionable").first
    lit.scroll_into_view_if_needed()
    lit.tap()
    if not found["single"]:
        page.locator(f"#menu [data-action='{action}']").tap()
    page.wait_for_selector("[data-testid='aim-bar']:not([hidden])")
    check_arrow(arrow(page), action)
    assert posted == []
    page.locator("[data-testid='aim-confirm']").tap()
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}",
                           timeout=SLOW_MS)
    assert bar(page) is None
    assert len(posted) == 1 and action in posted[0], posted
    shots.take(page, "confirmed")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
