"""The table fits the screen, measured in Chromium (issue 31, "Fits the screen, on a desk and
on a phone"; ../shared/TABLE-DESIGN.md "Every table": "One screen", "Touch"), by the
bounding boxes of the page at 1280x800, 1920x1080 and 390x844:

- the status (whose turn, what to do now, the clock) is read in full while "Skip to my
  turn" shows: never cut short;
- hoshi-battle's largest hand (the setup's five Heroes and five Duel cards) is in view
  card by card on a desk, with no sideways scrolling; on a phone only its strip scrolls;
- on a phone nothing the player acts on, nor any of their heroes, is covered by another
  thing (the hand strip, a neighbouring row): the point at its centre is itself;
- the chat's emotes are drawn (inline SVG), so that they show on a machine with no emoji
  font; no text of the table's own needs one either.

Screenshots go under build/test-output/web/<test>/.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .conftest import (
    DESK,
    PHONE,
    PLAYERS,
    SLOW_MS,
    WIDE,
    Server,
    Shots,
    click_once,
    make_table,
    open_link,
    page_at,
    sit,
)
from .test_web_browser import browser, server, shots

__all__ = ["browser", "server", "shots"]  # the fixtures, shared with the other browser tests

STATIC = Path(__file__).resolve().parents[3] / "src" / "tabletop" / "interfaces" / "web" / "static"
# A game clock: the status bar then carries a clock chip per seat, as crowded as it gets.
CLOCK = {"mode": "game", "limit_s": 900, "increment_s": 5, "on_timeout": "ai"}


def my_turn(page: Page) -> None:
    page.wait_for_function(
        "document.body.classList.contains('my-turn') && document.body.dataset.pacing !== '1'",
        timeout=SLOW_MS)


# --- 1. the status, read in full while "Skip to my turn" shows ---------------------------

# Before the page's own scripts: whenever the status bar changes while "Skip to my turn"
# shows, measure the status and the clock chips (a MutationObserver's callback runs after
# the change; reading a box lays the page out). Each cut is noted with its text.
WATCH_STATUS = """
window.__status = { checks: 0, texts: [], cut: [] };
addEventListener("DOMContentLoaded", () => {
  const bar = document.getElementById("statusbar");
  const check = () => {
    const skip = document.getElementById("skip"), st = document.getElementById("status");
    if (!skip || skip.hidden || !st.textContent) return;
    const w = window.__status, vw = document.documentElement.clientWidth;
    w.checks += 1;
    if (!w.texts.includes(st.textContent)) w.texts.push(st.textContent);
    const s = st.getBoundingClientRect(), k = skip.getBoundingClientRect();
    const why = [];
    if (st.scrollWidth > st.clientWidth + 1)
      why.push(`wider than its box: ${st.scrollWidth} > ${st.clientWidth}`);
    if (st.scrollHeight > st.clientHeight + 1)
      why.push(`taller than its box: ${st.scrollHeight} > ${st.clientHeight}`);
    if (getComputedStyle(st).textOverflow === "ellipsis") why.push("an ellipsis");
    if (s.left < 0 || s.right > vw + 1) why.push(`off screen: ${s.left}..${s.right}`);
    if (s.right > k.left && s.left < k.right && s.bottom > k.top && s.top < k.bottom)
      why.push("under the skip button");
    for (const c of document.querySelectorAll("#slot-clock .seat-chip")) {
      const r = c.getBoundingClientRect();
      if (r.left < 0 || r.right > vw + 1 || c.scrollWidth > c.clientWidth + 1)
        why.push(`a clock chip cut: ${c.textContent}`);
    }
    if (bar.scrollWidth > bar.clientWidth + 1) {
      const parts = [...bar.children].filter(c => c.offsetParent)
        .map(c => `${c.id || c.className}=${Math.round(c.getBoundingClientRect().width)}`);
      why.push(`the bar overflows: ${bar.scrollWidth} > ${bar.clientWidth} (${parts.join(" ")})`);
    }
    if (why.length) w.cut.push({ text: st.textContent, why });
  };
  new MutationObserver(check).observe(document.body, {
    subtree: true, childList: true, characterData: true,
    attributes: true, attributeFilter: ["hidden", "data-pacing", "class"] });
});
"""


@pytest.mark.parametrize("size", [DESK, PHONE], ids=["1280x800", "390x844"])
@pytest.mark.parametrize("game", list(PLAYERS))
def test_the_status_reads_in_full_while_skip_shows(server: Server, browser: Browser,
                                                   shots: Shots, game: str,
                                                   size: tuple[int, int]) -> None:
    """Issue 31, "Fits the screen": the status (whose turn, what to do now, the clock) is on
    screen and fully readable; "Skip to my turn" shows while the others' actions play, in
    the same bar, and must not cut it. Every change of the bar while skip shows is
    measured: the status text is never wider or taller than its box, has no ellipsis,
    lies within the screen and beside (not under) the skip button; the clock chips too."""
    made = make_table(server, game, clock=CLOCK)
    # The "fast" pace: each of the others' actions shown for 0.4 s, skip showing meanwhile.
    page = page_at(browser, size, speed=400, touch=size == PHONE)
    page.context.add_init_script(WATCH_STATUS)
    open_link(page, server, made.link)
    rng = random.Random(7)
    for _ in range(80):  # a click that missed (redrawn under the pointer) is tried again
        page.wait_for_function(
            "(document.querySelector('.actionable, #bar button[data-action]') && "
            "document.body.dataset.pacing !== '1') || document.body.dataset.status === 'over'",
            timeout=SLOW_MS)
        got = page.evaluate("window.__status")
        if len(got["texts"]) >= 3 or page.evaluate("document.body.dataset.status") == "over":
            break
        click_once(page, rng)
    got = page.evaluate("window.__status")
    assert got["checks"] > 0, "skip never showed: no other seat's action was shown"
    assert got["cut"] == [], got["cut"][:3]
    shots.take(page, f"{size[0]}x{size[1]}")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_the_status_is_not_cut_by_skip_at_the_start(server: Server, browser: Browser,
                                                    shots: Shots) -> None:
    """The same at a fixed moment, as a player sees it: lightseekers at 1280x800 with a
    clock, the others' actions held on screen (30 s each) while skip shows; the status
    and the line naming the action both fit their boxes."""
    page, _ = sit(browser, server, "lightseekers", speed=30_000, clock=CLOCK)
    rng = random.Random(3)
    for _ in range(30):
        page.wait_for_function(
            "document.querySelector('.actionable, #bar button[data-action]') || "
            "document.body.dataset.pacing === '1'", timeout=SLOW_MS)
        if page.evaluate("document.body.dataset.pacing") == "1":
            break
        click_once(page, rng)
    page.wait_for_selector("[data-testid='skip']", state="visible")
    m = page.evaluate("""() => {
      const fit = id => { const e = document.getElementById(id);
        return { sw: e.scrollWidth, cw: e.clientWidth, sh: e.scrollHeight, ch: e.clientHeight,
                 text: e.textContent, box: e.getBoundingClientRect().toJSON() }; };
      return { status: fit("status"), doing: fit("doing"), skip: fit("skip"), vw: innerWidth };
    }""")
    shots.take(page, "skip-shows")
    for what in ("status", "doing"):
        got = m[what]
        assert got["sw"] <= got["cw"] + 1 and got["sh"] <= got["ch"] + 1, (what, got)
    assert m["status"]["box"]["right"] <= m["skip"]["box"]["left"], m
    assert m["skip"]["box"]["right"] <= m["vw"], m
    page.click("[data-testid='skip']")
    page.context.close()


# --- 2. hoshi-battle's largest hand in view --------------------------------------------

HAND = """() => {
  const hand = document.querySelector("[data-testid='hand']");
  const cards = [...hand.querySelectorAll(".hb-card")].map(c => {
    const r = c.getBoundingClientRect();
    const text = c.querySelector(".text");
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, w: r.width,
             font: text ? parseFloat(getComputedStyle(text).fontSize) : null };
  });
  const doc = document.documentElement;
  return { cards, vw: innerWidth, vh: innerHeight, sw: doc.scrollWidth,
           strip: { sw: hand.scrollWidth, cw: hand.clientWidth,
                    right: hand.getBoundingClientRect().right } };
}"""


def test_hoshi_battle_largest_hand_is_in_view(server: Server, browser: Browser,
                                             shots: Shots) -> None:
    """docs/rules/hoshi-battle.md "Setup (known)": five Heroes and five Duel cards are dealt
    to every player before each keeps three of each: the largest hand of the game, ten
    cards, all in P1's hand at its first decision. At 1280x800 and 1920x1080 every card
    is within the screen and the hand does not scroll sideways; at 390x844 only the hand's
    strip may scroll, never the page."""
    made = make_table(server, "hoshi-battle")
    for size in (DESK, WIDE, PHONE):
        page = open_link(page_at(browser, size, touch=size == PHONE), server, made.link)
        my_turn(page)
        m = page.evaluate(HAND)
        where = f"{size[0]}x{size[1]}"
        assert len(m["cards"]) == 10, (where, len(m["cards"]))  # dealt 5 + 5, none discarded
        assert m["sw"] <= m["vw"], f"{where}: the page scrolls sideways ({m['sw']} px)"
        assert m["strip"]["right"] <= m["vw"] + 0.5, (where, m["strip"])
        if size != PHONE:
            assert m["strip"]["sw"] <= m["strip"]["cw"], f"{where}: the hand scrolls sideways"
            for c in m["cards"]:
                assert 0 <= c["left"] and c["right"] <= m["vw"] + 0.5, (where, c)
                assert c["top"] >= 0 and c["bottom"] <= m["vh"] + 0.5, (where, c)
                assert c["font"] is None or c["font"] >= 14, (where, c)  # readable type
        shots.take(page, where)
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


# --- 3. on a phone, nothing I act on is covered ------------------------------------------

# In the page, in one go (no redraw between): each of my heroes and each lit thing of the
# board or the hand, scrolled into view, and what lies at the centre of its box.
COVERED = """() => {
  const things = [...document.querySelectorAll(
    "#board .home.mine .unit, #board .units.me .unit, #board .actionable, #hand .actionable")];
  const out = [];
  for (const el of things) {
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const at = document.elementFromPoint(x, y);
    if (!at || !(el === at || el.contains(at))) {
      const name = e => !e ? "nothing"
        : `${e.tagName.toLowerCase()}.${String(e.className).split(" ").join(".")}` +
          (e.dataset && e.dataset.ref ? `[${e.dataset.ref}]` : "");
      out.push({ ref: el.dataset.ref || el.className, at: name(at), box: [r.top, r.bottom] });
    }
  }
  const board = document.getElementById("board");
  return { checked: things.length, covered: out, board: [board.scrollWidth, board.clientWidth],
           page: [document.documentElement.scrollWidth, innerWidth] };
}"""


def test_radiant_arena_on_a_phone_covers_nothing_i_act_on(server: Server, browser: Browser,
                                                          shots: Shots) -> None:
    """TABLE-DESIGN.md "Touch" and issue 31 "every game is playable" at 390x844: at each of
    my decisions, each of my heroes (home or lane) and each lit thing, scrolled into
    view, is the thing at the centre of its own box: not under the hand strip, the status
    bar, another lane's row or another card; and the board never scrolls sideways."""
    page, _ = sit(browser, server, "radiant-arena", size=PHONE, touch=True)
    my_turn(page)
    # My side is at the bottom of the board: the first drawing shows it (my heroes to
    # deploy), not only the opponent's side, though the board is taller than the phone.
    seen = page.evaluate("""() => {
      const b = document.getElementById("board").getBoundingClientRect();
      return [...document.querySelectorAll("#board .home.mine .unit")].filter(el => {
        const r = el.getBoundingClientRect();
        return r.top >= b.top && r.bottom <= b.bottom; }).length; }""")
    assert seen >= 1, "none of my heroes is in view at the first decision"
    rng = random.Random(11)
    checked = 0
    for n in range(12):
        my_turn(page)
        if page.evaluate("document.body.dataset.status") == "over":
            break
        got = page.evaluate(COVERED)
        if got["covered"]:
            shots.take(page, f"covered-{n:02d}")
        assert got["covered"] == [], got["covered"]
        # no sideways scrolling: neither the page nor the board (the lanes fit the width)
        assert got["page"][0] <= got["page"][1] and got["board"][0] <= got["board"][1], got
        checked += got["checked"]
        if n in (0, 6):
            shots.take(page, f"decision-{n:02d}")
        click_once(page, rng)
    assert checked > 10, checked
    assert not page.errors  # type: ignore[attr-defined]


# --- 4. emotes drawn, no emoji font needed ------------------------------------------------

# Characters that only an emoji font draws: the pictographs and emoticons (U+1F000 on),
# the watch and hourglass signs of U+2300-23FF, and the emoji presentation selector.
EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2300-\u23FF\uFE0F]")


def test_the_emotes_are_drawn_without_an_emoji_font(server: Server, browser: Browser,
                                                    shots: Shots) -> None:
    """Issue 31, "Chat with a few emotes": each emote button shows a drawn icon (an inline
    SVG of non-zero size) and has a name in words; a sent emote's line shows the icon and
    the name, never an emoji (the server sends keys and words; Debian's Chromium has no
    emoji font)."""
    made = make_table(server, "radiant-arena", "human", "human")
    page = open_link(page_at(browser, DESK, log_open=True), server, made.link)
    page.wait_for_selector("[data-testid='chat-emotes'] button")
    buttons = page.evaluate("""() =>
      [...document.querySelectorAll("[data-testid='chat-emotes'] button")].map(b => {
        const i = b.querySelector("svg"), r = i ? i.getBoundingClientRect() : null;
        return { key: b.dataset.key, name: b.getAttribute("aria-label"), text: b.textContent,
                 w: r ? r.width : 0, h: r ? r.height : 0,
                 shapes: i ? i.children.length : 0 }; })""")
    assert len(buttons) == 6, buttons
    for b in buttons:
        assert b["w"] >= 16 and b["h"] >= 16 and b["shapes"] >= 2, b  # a drawn icon
        assert b["name"] and b["name"].strip(), b  # a name in words
        assert not EMOJI.search(b["text"]), b
    page.click("[data-testid='chat-emotes'] button[data-key='thumbs-up']")
    page.wait_for_selector("[data-testid='chat-lines'] li.chat-line.emote svg")
    line = page.evaluate("""() => { const l = document.querySelector("li.chat-line.emote .said");
      const r = l.querySelector("svg").getBoundingClientRect();
      return { text: l.innerText, w: r.width, h: r.height }; }""")
    assert line["text"].strip() == "Thumbs up" and line["w"] > 0 and line["h"] > 0, line
    shots.take(page, "emotes")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_no_text_of_the_table_needs_an_emoji_font() -> None:
    """The page's own words and marks (status, clocks, buttons, the tables' glyphs) use
    no character that only an emoji font draws: what is not in a text font is drawn."""
    found: list[Any] = []
    for path in sorted(STATIC.rglob("*")):
        if path.suffix not in (".js", ".css", ".html"):
            continue
        for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for ch in EMOJI.findall(text):
                found.append((path.relative_to(STATIC).as_posix(), n, f"U+{ord(ch):04X}"))
    assert found == []


def test_a_long_status_gets_the_room_of_the_bars_other_things(
        server: Server, browser: Browser, shots: Shots) -> None:
    """TABLE-DESIGN.md, "One screen, no page scroll at 1280x800": the status is read in
    full, in at most two lines on a desk. The longest status Lightseekers gives on a turn
    (a combo playable too) ran to three lines at 1280 beside the phases and "you are";
    those step aside for it, and come back for a short status."""
    page, _ = sit(browser, server, "lightseekers")
    my_turn(page)
    long = ("Your turn — Action phase — 2 actions left. Play a card, play a combo, use an "
            "Ability or end your action phase.")
    measure = """(text) => { const st = document.getElementById('status');
        st.textContent = text;  // the bar's observer measures it again
        return new Promise(done => requestAnimationFrame(() => done({
            lines: st.getBoundingClientRect().height / parseFloat(getComputedStyle(st).lineHeight),
            whoami: document.getElementById('whoami').offsetParent !== null,
            wide: document.getElementById('statusbar').scrollWidth -
                  document.getElementById('statusbar').clientWidth })));
    }"""
    got = page.evaluate(measure, long)
    assert got["lines"] < 2.5 and got["wide"] <= 1 and not got["whoami"], got
    shots.take(page, "long-status")
    got = page.evaluate(measure, "Your turn — Action phase.")
    assert got["whoami"] and got["lines"] < 1.5, got
    assert not page.errors  # type: ignore[attr-defined]
