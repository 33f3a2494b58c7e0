"""What every game's own table must do in the browser (issue 31, "Fits the screen, on a
desk and on a phone" and "What happened is visible"; ../shared/TABLE-DESIGN.md "Every
table"), checked against a game played with the AI in Debian's Chromium:

- at 1280x800 and at 390x844 (touch) no horizontal overflow, the board and my hand on
  screen, my hand scrolling sideways inside itself;
- every legal action reachable: a drawn thing whose data-ref the module's ``refs`` names
  is lit (``.actionable``), or the action bar has its button;
- the module's ``eventRefs`` name things that are drawn for the other seat's actions, its
  ``floaters`` rise from drawn things, and the common client lights them (``.lit``).

The test files ``test_web_tables_<game>.py`` call :func:`play_and_check` for one game.
Screenshots go under build/test-output/web/<test>/.
"""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from .conftest import SLOW_MS, Server, Shots, make_table, open_link, page_at

CLICKABLE = ".actionable, .action-bar button[data-action]"
VIEWPORTS = ((1280, 800, False), (390, 844, True))

# In the page: the legal actions of the position it shows (its own message, table.js's
# shown(): the server may be ahead while the page still paces the AI's actions) that no
# lit thing and no button takes; null while that position is still being drawn.
UNREACHABLE = """async ([game]) => {
  const mod = (await import(`/static/tables/${game}.js`)).default;
  const msg = (await import("/static/js/table.js")).shown();
  if (msg.version !== Number(document.body.dataset.version)) return null;  // drawing
  const all = sel => [...document.querySelectorAll(sel)];
  const lit = new Set(all("[data-ref].actionable").map(e => e.dataset.ref));
  const bar = new Set(all("#bar [data-action]").map(e => e.dataset.action));
  return msg.legal.filter(a => !bar.has(a) && !mod.refs(a, msg.view).some(ref => lit.has(ref)));
}"""

# In the page: for the other seats' events so far (the page's own, as for UNREACHABLE),
# what eventRefs and floaters name that is drawn, and what they name that is not (refs
# that name nothing drawn are allowed for things not on screen now, such as a card that
# left play; a floater must rise from something drawn or the status bar, so it is
# counted).
HOOKS = """async ([game, me]) => {
  const mod = (await import(`/static/tables/${game}.js`)).default;
  const msg = (await import("/static/js/table.js")).shown();
  const drawn = new Set([...document.querySelectorAll("[data-ref]")].map(e => e.dataset.ref));
  let named = 0, found = 0, floats = 0, floatsFound = 0;
  const kinds = new Set();
  for (const e of msg.events) {
    const f = e.fields || {};
    const seat = f.seat ?? f.striker ?? null;
    if (seat === me) continue;
    const refs = mod.eventRefs(e, msg.view) || [];
    named += refs.length;
    if (refs.some(x => drawn.has(String(x)))) { found += 1; kinds.add(e.kind); }
    for (const fl of (mod.floaters(e, msg.view) || [])) {
      floats += 1;
      const known = ["damage", "heal", "gain"].includes(fl.kind);
      if (drawn.has(String(fl.ref)) && typeof fl.text === "string" && known) floatsFound += 1;
    }
  }
  return { named, found, floats, floatsFound, kinds: [...kinds] };
}"""


def create(server: Server, game: str, players: int, **params: Any) -> tuple[str, str, str]:
    """A table of ``game``: a person in seat 0, easy AIs in the others; (id, link, token)."""
    made = make_table(server, game, players=players, **({"params": params} if params else {}))
    return made.tid, made.link, made.token


def layout(page: Page) -> dict[str, Any]:
    """What the page shows where: overflow, the board's and the hand's boxes."""
    return page.evaluate("""() => {
      const box = el => {
        if (!el) return null;
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                 w: r.width, h: r.height };
      };
      const hand = document.querySelector("[data-testid='hand']");
      const scrolls = el => ["auto", "scroll"].includes(getComputedStyle(el).overflowX);
      const row = hand && [...hand.querySelectorAll("*")].find(scrolls) || hand;
      return { sw: document.documentElement.scrollWidth, vw: innerWidth, vh: innerHeight,
        board: box(document.getElementById("board")), hand: box(hand),
        handCards: hand ? hand.querySelectorAll("[data-ref], [data-card]").length : 0,
        handScroll: row ? getComputedStyle(row).overflowX : null };
    }""")


def check_layout(page: Page, what: str) -> None:
    got = layout(page)
    assert got["sw"] <= got["vw"], f"{what}: the page scrolls sideways ({got['sw']} > {got['vw']})"
    board = got["board"]
    assert board and board["h"] > 100 and board["top"] < got["vh"], (
        f"{what}: the board is off screen: {got}"
    )
    if got["handCards"]:
        hand = got["hand"]
        assert hand["top"] < got["vh"] and hand["bottom"] > 0, (
            f"{what}: my hand is off screen: {got}"
        )
        assert hand["right"] <= got["vw"] + 1, f"{what}: my hand is wider than the screen: {got}"
        assert got["handScroll"] in ("auto", "scroll"), (
            f"{what}: the hand does not scroll inside itself"
        )


def reachable_check(page: Page, game: str) -> list[str]:
    """The legal actions no click reaches in the position the page shows, once it has
    drawn it (the page's own message, never the server's: issue 31, the flaky waits)."""
    handle = page.wait_for_function(f"""async () => {{
      const missing = await ({UNREACHABLE})([{game!r}]);
      return missing === null ? null : {{ missing }};
    }}""", timeout=SLOW_MS)
    return list(handle.json_value()["missing"])


def wait_ready(page: Page) -> None:
    """My turn with things lit (or the end), and no other seat's action being shown."""
    page.wait_for_function(
        f"(document.querySelector('{CLICKABLE}') && document.body.dataset.pacing !== '1') || "
        "document.body.dataset.status === 'over'",
        timeout=SLOW_MS,
    )


def click_once(page: Page, rng: random.Random) -> None:
    things = page.query_selector_all(CLICKABLE)
    if not things:
        return
    drawn = int(page.evaluate("document.body.dataset.drawn || 0"))
    try:
        rng.choice(things).click(timeout=3000)
        if page.is_visible("#menu"):
            rng.choice(page.query_selector_all("#menu button[data-action]")).click(timeout=3000)
    except PlaywrightError:
        return  # redrawn under the pointer: look again
    page.wait_for_function(
        f"Number(document.body.dataset.drawn) > {drawn} || "
        "!document.getElementById('error').hidden",
        timeout=15000,
    )


def play_and_check(
    server: Server,
    browser: Browser,
    shots: Shots,
    game: str,
    players: int,
    clicks: int,
    seed: int,
    **params: Any,
) -> dict[str, Any]:
    """Play ``clicks`` decisions at each viewport, checking the layout and that every legal
    action is reachable at each; then the event hooks against what is drawn."""
    _, link, _ = create(server, game, players, **params)
    rng = random.Random(seed)
    hooks: dict[str, Any] = {}
    lit_seen = False
    ended = False
    for width, height, touch in VIEWPORTS:
        if ended:  # a short game (hoshi's dice) ended at the last viewport: a new table
            _, link, _ = create(server, game, players, **params)
        # The table's own pacing (the AI's actions lit, one at a time, as a player sees them).
        page = open_link(page_at(browser, (width, height), speed=None, touch=touch), server, link)
        page.wait_for_selector("#board [data-ref], #board .card-back", timeout=SLOW_MS)
        checked = 0
        for n in range(clicks):
            wait_ready(page)
            if page.evaluate("document.body.dataset.status") == "over":
                break
            lit_seen = lit_seen or bool(page.query_selector(".lit"))
            check_layout(page, f"{width}x{height}, decision {n}")
            missing = reachable_check(page, game)
            assert missing == [], f"{width}x{height}: legal actions no click reaches: {missing}"
            checked += 1
            if n in (0, clicks // 2):
                shots.take(page, f"{width}x{height}-{n:02d}")
            click_once(page, rng)
        assert checked >= 1, "no decision was checked"
        wait_ready(page)
        lit_seen = lit_seen or bool(page.query_selector(".lit"))
        check_layout(page, f"{width}x{height}, the last")
        ended = page.evaluate("document.body.dataset.status") == "over"
        shots.take(page, f"{width}x{height}-last")
        hooks = page.evaluate(HOOKS, [game, 0])
        assert not page.errors, page.errors  # type: ignore[attr-defined]
        page.context.close()
    # the other seats acted: the module names drawn things for their events...
    assert hooks["found"] > 0, f"eventRefs named nothing drawn for the AI's actions: {hooks}"
    # ...its floaters rise from drawn things...
    assert hooks["floats"] == 0 or hooks["floatsFound"] > 0, (
        f"no floater rises from a drawn thing: {hooks}"
    )
    # ...and the common client lit them as it showed them
    assert lit_seen, "no AI action was lit on the table"
    return hooks
