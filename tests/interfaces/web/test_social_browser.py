"""Two people at one table, in real Chromium (issue 31, "Two people at one table" and
"Hoshi's strike, fair and readable"; docs/web.md, "The browser side"): presence of a
dropped player, the chat shown as text (never HTML) and muted, clocks counting down and
timing out, "+15 s", undo against the AI, a takeback accepted between two browsers, the
same seat in two tabs, a link whose seat a stranger took, and the strike's GO panel.

Everything the page shows comes from the seat's own message (static/js/social.js). Each
test saves screenshots under build/test-output/web/<test>/.
"""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
from playwright.sync_api import Browser, Page

from .conftest import (
    CLICKABLE,
    PHONE,
    ROOMY,
    SLOW_MS,
    Server,
    Shots,
    click_once,
    make_table,
    page_at,
    play_once,
    shots,
)
from .test_web_table import axe_script

__all__ = ["shots"]

ARENA = "radiant-arena"  # its deployment reveals nothing: a decision there can be undone


def open_seat(browser: Browser, server: Server, link: str, touch: bool = False) -> Page:
    """A browser of its own (a context: another person) at a seat's link, the log drawer
    open (the seats, undo and the chat sit at its top), once the seats panel is drawn."""
    page = page_at(browser, PHONE if touch else ROOMY, touch=touch, log_open=True)
    page.goto(server.url + link)
    page.wait_for_selector("[data-testid='presence'] li", timeout=SLOW_MS)
    return page


def text(page: Page, testid: str) -> str:
    return page.locator(f"[data-testid='{testid}']").inner_text()


def seconds(clock: str) -> float:
    """A clock as drawn (1:05, 0:07.3) in seconds."""
    m = re.match(r"(\d+):(\d+(?:\.\d)?)", clock.strip())
    assert m, clock
    return int(m.group(1)) * 60 + float(m.group(2))


def chat_lines(page: Page) -> list[str]:
    """The chat's lines as the page shows them (not the notices among them)."""
    lines = page.locator("[data-testid='chat-lines'] li.chat-line:not(.notice) .said")
    return lines.all_inner_texts()


def wait_chat(page: Page, n: int) -> None:
    """Until the page shows at least ``n`` chat lines."""
    page.wait_for_function(
        f"document.querySelectorAll(\"[data-testid='chat-lines'] .said\").length >= {n}")


def wait_presence(page: Page, seat: int, state: str, timeout: float = 30000) -> None:
    """Until seat's row shows ``state`` (on, off, held, ai, free)."""
    page.wait_for_function(
        f"document.querySelector(\"[data-testid='seat-{seat}']\").dataset.presence === '{state}'",
        timeout=timeout)


def serious_in_panels(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical findings in the social panels' slots (issue 31,
    "Keyboard and accessibility"; the rest of the page is test_web_table.py's)."""
    page.evaluate(axe_script())
    found = page.evaluate("axe.run({include: [['#slot-side'], ['#slot-clock'], "
                          "['#slot-overlay']]}, {resultTypes: ['violations']})")
    return [{"id": v["id"], "nodes": [n["target"] for n in v["nodes"][:5]]}
            for v in found["violations"] if v["impact"] in ("serious", "critical")]


def my_turn(page: Page) -> None:
    page.wait_for_function(f"document.querySelector('{CLICKABLE}')", timeout=SLOW_MS)


def test_a_dropped_player_is_shown_to_the_others_and_the_ai_holds_the_seat(
        server: Server, browser: Browser, shots: Shots) -> None:
    """Presence (issue 31): a dropped player's seat says so to the others, in words, with
    the grace period's countdown; then "AI holding this seat"; then back."""
    made = make_table(server, ARENA, "human", "human", grace_s=5)
    a = open_seat(browser, server, made.seat_link(0))
    b = open_seat(browser, server, made.seat_link(1))
    wait_presence(a, 1, "on")
    assert text(a, "presence-1") == "connected"
    shots.take(a, "both-here")
    b.context.close()
    wait_presence(a, 1, "off", timeout=15000)
    # the exact grace left, as the server counts it (the seat's grace_left_ms), to the second
    shown = re.search(r"disconnected: the AI holds their seat in (\d+) s", text(a, "presence-1"))
    assert shown, text(a, "presence-1")
    left = httpx.get(f"{server.url}/api/tables/{made.tid}/view").json()["table"]["seats"][1]
    assert left["grace_left_ms"] is not None and 0 < left["grace_left_ms"] <= 5000, left
    assert abs(int(shown.group(1)) - left["grace_left_ms"] / 1000) <= 1.2, (shown.group(0), left)
    assert text(a, "away") == "B has lost their connection."
    shots.take(a, "dropped")
    wait_presence(a, 1, "held", timeout=20000)
    assert text(a, "presence-1") == "AI holding this seat"
    assert "the AI is holding their seat until they return" in text(a, "away")
    assert "B is away past the grace period" in text(a, "chat-lines")
    shots.take(a, "ai-holds")
    b = open_seat(browser, server, made.seat_link(1))
    wait_presence(a, 1, "on", timeout=SLOW_MS)
    assert "B is back: the AI hands the seat back." in text(a, "chat-lines")
    assert a.is_hidden("[data-testid='away']")
    shots.take(a, "back")
    assert not a.errors and not b.errors  # type: ignore[attr-defined]
    b.context.close()
    a.context.close()


def test_the_chat_is_text_never_html_and_a_player_can_be_muted(
        server: Server, browser: Browser, shots: Shots) -> None:
    made = make_table(server, ARENA, "human", "human")
    a = open_seat(browser, server, made.seat_link(0))
    b = open_seat(browser, server, made.seat_link(1))
    hostile = "<script>window.pwned=1</script><img src=x onerror=\"window.pwned=2\"> <b>hi</b>"
    a.fill("[data-testid='chat-input']", hostile)
    a.press("[data-testid='chat-input']", "Enter")
    wait_chat(b, 1)
    assert chat_lines(b) == [hostile]  # as written, as text
    assert b.locator("[data-testid='chat-lines'] img, [data-testid='chat-lines'] script, "
                     "[data-testid='chat-lines'] b").count() == 0
    assert b.evaluate("window.pwned") is None and a.evaluate("window.pwned") is None
    b.click("[data-testid='chat-phrases'] button[data-key='good-luck']")
    b.click("[data-testid='chat-emotes'] button[data-key='wave']")
    wait_chat(a, 3)
    assert chat_lines(a)[1:] == ["Good luck!", "Wave"]  # the emote drawn, named in words
    shots.take(b, "escaped")
    # B mutes A: A's next line never reaches B's page; A still reads its own.
    b.click("[data-testid='mute-0']")
    b.wait_for_selector("[data-testid='mute-0'][aria-pressed='true']")
    assert chat_lines(b) == ["Good luck!", "Wave"]  # A's lines are left out of B's chat now
    a.fill("[data-testid='chat-input']", "can you read this?")
    a.press("[data-testid='chat-input']", "Enter")
    wait_chat(a, 4)
    # B's next line reaches B after A's (the server sends a table's lines in order): had
    # A's muted line been sent to B, it would be there by then.
    b.fill("[data-testid='chat-input']", "still here")
    b.press("[data-testid='chat-input']", "Enter")
    b.wait_for_function("[...document.querySelectorAll(\"[data-testid='chat-lines'] .said\")]"
                        ".some(e => e.textContent === 'still here')")
    assert "can you read this?" not in chat_lines(b)
    shots.take(b, "muted")
    assert serious_in_panels(b) == []  # the seats, the chat, the chips, with lines in it
    # Too fast: the server's limit (5 lines, then one every 2 s), shown in words. The
    # lines go as fast as the page takes them: on a loaded machine that may be slower
    # than one a second, so the bucket empties only over a good few lines.
    for n in range(40):
        if not a.is_hidden("[data-testid='chat-error']"):
            break
        a.fill("[data-testid='chat-input']", f"line {n}")
        a.press("[data-testid='chat-input']", "Enter")
    a.wait_for_selector("[data-testid='chat-error']:not([hidden])")
    assert "Slow down: you are writing too fast" in text(a, "chat-error")
    shots.take(a, "too-fast")
    # A spectator neither reads nor writes.
    watcher = page_at(browser, log_open=True)
    watcher.goto(server.url + f"/table/{made.tid}")
    watcher.wait_for_selector("[data-testid='chat']")
    assert watcher.locator("[data-testid='chat-input']").count() == 0
    assert chat_lines(watcher) == []
    assert "spectators neither read nor write" in text(watcher, "chat")
    for page in (a, b, watcher):
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def test_clocks_count_down_and_plus_fifteen_seconds(
        server: Server, browser: Browser, shots: Shots) -> None:
    """A game clock of a minute, two people: the page ticks the running clock down from
    the server's numbers (the other stands still), the status bar shows it, and "+15 s"
    gives the opponent time."""
    made = make_table(server, ARENA, "human", "human",
                 clock={"mode": "game", "limit_s": 60, "increment_s": 2, "on_timeout": "lose"})
    a = open_seat(browser, server, made.seat_link(0))
    b = open_seat(browser, server, made.seat_link(1))
    a.wait_for_selector("[data-testid='clock-0'].running")
    first, other = seconds(text(a, "clock-0")), text(a, "clock-1")
    # the running clock ticks down (until the page shows a second less)
    a.wait_for_function("""(first) => {
      const m = document.querySelector("[data-testid='clock-0']").textContent.trim()
        .match(/^(\\d+):(\\d+(?:\\.\\d)?)/);
      return m && Number(m[1]) * 60 + Number(m[2]) <= first - 1; }""", arg=first)
    second = seconds(text(a, "clock-0"))
    assert 0 < second < first <= 60 and text(a, "clock-1") == other == "1:00"
    chip = text(a, "chip-0")  # the status bar: presence and clock at a glance
    assert chip.split()[0] == "You" and seconds(chip.split()[1]) <= second
    assert "Clock: 1 min each, +2 s a turn; at zero the seat loses." in a.inner_text(".seats-panel")
    assert a.locator("[data-testid='give-0']").count() == 0  # not to oneself
    before = seconds(text(a, "clock-0"))
    b.click("[data-testid='give-0']")
    a.wait_for_selector("[data-notice='time_given']")
    after = seconds(text(a, "clock-0"))
    assert before + 12 < after <= before + 15
    assert "B gave you 15 more seconds." in text(a, "chat-lines")
    assert "You gave A 15 more seconds." in text(b, "chat-lines")
    shots.take(a, "given")
    for page in (a, b):
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def test_a_clock_that_runs_out_loses(server: Server, browser: Browser, shots: Shots) -> None:
    """A game clock of 3 s that loses at zero, against the AI (the server's clock test
    uses a short clock too): the server's flag ends the game on time, and the page says
    so and shows the clock at zero."""
    made = make_table(server, ARENA, "human", "easy",
                 clock={"mode": "game", "limit_s": 3, "on_timeout": "lose"})
    a = open_seat(browser, server, made.seat_link(0))
    assert a.locator("[data-testid='clock-1']").inner_text() == ""  # an AI has no clock
    a.wait_for_function("document.body.dataset.status === 'over'", timeout=SLOW_MS)
    a.wait_for_selector("[data-notice='timeout']")
    assert "You ran out of time and lose on time." in text(a, "chat-lines")
    assert text(a, "clock-0").startswith("0:00")
    assert text(a, "chip-0").split() == ["You", "0:00.0"]
    shots.take(a, "out-of-time")
    assert not a.errors  # type: ignore[attr-defined]
    a.context.close()


def test_undo_against_the_ai(server: Server, browser: Browser, shots: Shots) -> None:
    made = make_table(server, ARENA, "human", "easy")
    a = open_seat(browser, server, made.seat_link(0))
    my_turn(a)
    start = a.locator(".log li").all_inner_texts()
    assert text(a, "undo") == "Undo"
    a.click("#menu-button")  # the settings menu has it too, for a closed drawer
    assert a.locator("[data-testid='undo-menu']").inner_text() == "Undo my last move"
    a.click("#menu-button")
    play_once(a, random.Random(1))
    a.wait_for_function(f"document.querySelectorAll('.log li').length > {len(start)}")
    my_turn(a)
    shots.take(a, "played")
    a.click("[data-testid='undo']")
    a.wait_for_selector("[data-notice='undo']")
    assert "You took back your last move (against the AI)." in text(a, "chat-lines")
    a.wait_for_function(f"document.querySelectorAll('.log li').length === {len(start)}")
    assert a.locator(".log li").all_inner_texts() == start
    shots.take(a, "undone")
    a.click("[data-testid='undo']")  # nothing left to take back: the server says so
    a.wait_for_selector("[data-testid='social-error']:not([hidden])")
    assert "you have made no decision to take back" in text(a, "social-error")
    assert not a.errors  # type: ignore[attr-defined]
    a.context.close()


def test_a_takeback_accepted_between_two_browsers(server: Server, browser: Browser,
                                                  shots: Shots) -> None:
    made = make_table(server, ARENA, "human", "human")
    a = open_seat(browser, server, made.seat_link(0))
    b = open_seat(browser, server, made.seat_link(1))
    my_turn(a)
    start = a.locator(".log li").count()
    play_once(a, random.Random(2))
    assert text(a, "undo") == "Ask for a takeback"
    a.click("[data-testid='undo']")
    b.wait_for_selector("[data-testid='offer-takeback']")
    assert text(b, "offer-takeback").startswith("A asks to take back their last move.")
    assert "waiting for the others" in text(a, "offer-takeback")
    shots.take(b, "asked")
    assert serious_in_panels(b) == []  # the offer over the board
    b.click("[data-testid='offer-accept']")
    a.wait_for_selector("[data-notice='takeback']")
    assert "You took back your last move: the others accepted." in text(a, "chat-lines")
    a.wait_for_function(f"document.querySelectorAll('.log li').length === {start}")
    my_turn(a)
    assert a.locator("[data-testid='offer-takeback']").count() == 0
    shots.take(a, "taken-back")
    for page in (a, b):
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def test_the_same_seat_in_two_tabs(server: Server, browser: Browser, shots: Shots) -> None:
    made = make_table(server, ARENA, "human", "easy")
    link = server.url + made.seat_link(0)
    old = page_at(browser, log_open=True)
    old.goto(link)
    my_turn(old)
    new = old.context.new_page()
    new.goto(link)
    old.wait_for_selector("[data-testid='moved']")
    assert "This seat is now open in another tab" in text(old, "moved")
    assert old.locator(".action-bar").is_hidden()
    assert old.is_hidden("[data-testid='undo']")
    shots.take(old, "moved")
    my_turn(new)
    assert new.locator("[data-testid='moved']").count() == 0
    old.click("[data-testid='moved-here']")  # take it back here: the other tab moves
    new.wait_for_selector("[data-testid='moved']")
    old.context.close()


def test_a_link_whose_seat_was_taken_says_so(server: Server, browser: Browser,
                                             shots: Shots) -> None:
    made = make_table(server, ARENA, "human", "human", open=True)
    a = open_seat(browser, server, made.seat_link(0))
    tid = made.tid
    r = httpx.post(server.url + f"/api/tables/{tid}/join", json={"seat": 1})
    assert r.status_code == 200 and r.json()["token"], r.text
    a.wait_for_selector("[data-notice='seat_taken']")
    assert "B's seat was taken by a player from the lobby." in text(a, "chat-lines")
    late = page_at(browser, log_open=True)
    late.goto(server.url + made.seat_link(1))
    late.wait_for_selector("[data-testid='seat-taken']")
    words = text(late, "seat-taken")
    assert "Seat B was taken" in words and "This link no longer opens the seat" in words
    shots.take(late, "taken")
    late.click("[data-testid='watch']")
    late.wait_for_selector("[data-testid='chat']")
    assert "spectators neither read nor write" in text(late, "chat")
    for page in (a, late):
        page.context.close()


# In the page: record the strike panel the first time it shows "ready" and the first
# time it shows GO (its head, its colour, its middle), from a MutationObserver, so that a
# phase is read as the page drew it, never missed by a poll that looks too late.
STRIKE_SEEN = """() => {
  const panel = document.getElementById("strike-go");
  window.strikeSeen = {};
  const look = () => {
    const phase = panel.hidden ? "" : panel.classList.contains("go") ? "go" : panel.dataset.phase;
    if (!["ready", "go"].includes(phase) || window.strikeSeen[phase]) return;
    const box = panel.getBoundingClientRect();
    window.strikeSeen[phase] = { head: panel.querySelector(".strike-head").textContent,
      colour: getComputedStyle(panel).backgroundColor,
      x: box.left + box.width / 2, y: box.top + box.height / 2 };
  };
  new MutationObserver(look).observe(panel, { attributes: true, childList: true, subtree: true });
  look();
}"""


def test_the_strike_go_panel(server: Server, browser: Browser, shots: Shots) -> None:
    """Hoshi's real-time strike (issue 31): a dark "Ready…" panel, then at GO the whole
    panel in full colour; on a phone a touch on it presses, once (Space is
    test_hoshi_browser.py's); then how the strike went, in words."""
    made = make_table(server, "hoshi-battle", "human", "easy", params={"strike": "live"})
    page = open_seat(browser, server, made.seat_link(0), touch=True)
    page.click("#log-toggle")  # on a phone the drawer covers the table: closed
    rng = random.Random(5)
    page.evaluate(STRIKE_SEEN)
    for _ in range(300):
        page.wait_for_function(
            f"document.querySelector('{CLICKABLE}') || document.body.dataset.status === 'over'"
            " || !document.getElementById('strike-go').hidden", timeout=SLOW_MS)
        if page.is_visible("#strike-go"):
            break
        assert page.evaluate("document.body.dataset.status") != "over", "no strike came"
        click_once(page, rng)
    ready = page.wait_for_function("window.strikeSeen.ready", timeout=15000).json_value()
    assert re.match(r"(Ready|Steady)…", ready["head"]), ready
    shots.take(page, "ready")
    # GO as the page drew it, recorded in the page at the moment it was drawn (a poll
    # from here may look only after the AI's quick hand has closed the window); the
    # touch at once, where the panel was (no wait for it to take touches: if the window
    # has closed meanwhile the panel says so below).
    seen = page.wait_for_function("window.strikeSeen.go", timeout=15000).json_value()
    page.touchscreen.tap(seen["x"], seen["y"])
    shots.take(page, "go")
    head, colour = seen["head"], seen["colour"]
    assert head == "GO!"
    assert colour in ("rgb(255, 212, 0)", "rgb(255, 233, 138)")  # full colour (pressed: lighter)
    page.wait_for_selector("[data-testid='strike-result']", timeout=15000)
    result = text(page, "strike-result")
    assert re.search(r"strike (landed|missed)", result), result
    # The touch pressed (or the AI's hand was quicker still and the window had closed):
    # the panel says which, once the server has decided (its class may lag on a loaded
    # machine, so the words are read, not the class at the moment of the tap).
    said = page.inner_text("#strike-go")
    assert "You pressed" in said or "You did not press" in said, said
    shots.take(page, "result")
    # Then the panel goes (or, after a miss, the next throw's window opens at once and
    # its panel told the result above its "Ready…").
    page.wait_for_function("document.getElementById('strike-go').hidden || "
                           "document.getElementById('strike-go').dataset.phase === 'ready'",
                           timeout=15000)
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
