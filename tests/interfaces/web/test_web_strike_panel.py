"""The strike panel never drops a GO (issue 31, "Hoshi's strike, fair and readable": "GO
is unmistakable"; docs/web.md, "The real-time strike"). The server wakes a connection
once for several changes (its wake-ups merge), and a stalled page takes its messages in
one burst: the message that closed a window may never be seen on its own, the next
window arriving straight after the last one's GO. The page's panel (js/strike.js) must
still take it for a new window: show its GO and send its press, never "already pressed".
Fed here the messages such a page gets, in Chromium.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

from .conftest import Server, page_at
from .test_web_browser import browser, server

__all__ = ["browser", "server"]  # the fixtures, shared with the other browser tests

# In the page: a strike panel of its own, fed `steps` (each: a window, or null for "the
# window closed"; "press" presses); what it showed and sent after each step.
FEED = """async (steps) => {
  const { Strike } = await import("/static/js/strike.js");
  const slot = document.createElement("div");
  document.body.append(slot);
  const sent = [];
  const panel = new Strike(slot, (kind, id) => { sent.push([kind, id]); return true; }, () => {});
  const table = { labels: ["P1", "P2"], players: 2,
                  seats: [{ seat: 0, name: "P1", kind: "human" },
                          { seat: 1, name: "P2", kind: "ai" }] };
  const seen = [];
  for (const step of steps) {
    if (step === "press") panel.press();
    else panel.update({ type: "update", seat: 0, table, events: [], strike: step
                        && { striker: 0, defender: 1, window_ms: 1500, ...step } }, false);
    const el = document.getElementById("strike-go");
    seen.push({ phase: el.dataset.phase, go: el.classList.contains("go"),
                pressed: el.classList.contains("pressed"), line: el.innerText, sent: sent.length });
  }
  slot.remove();
  return { seen, sent };
}"""


def feed(browser: Browser, server: Server, steps: list[Any]) -> dict[str, Any]:
    page = page_at(browser)
    page.goto(server.url + "/")
    got: dict[str, Any] = page.evaluate(FEED, steps)
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
    return got


def test_a_window_after_a_merged_close_shows_its_go(server: Server, browser: Browser) -> None:
    """Window 11's GO, pressed; then (its close merged away) window 12, ready then GO:
    the panel shows 12's GO to press, not "Pressed!", and sends 12's press."""
    got = feed(browser, server, [{"id": 11, "phase": "ready"}, {"id": 11, "phase": "go"},
                                 "press", {"id": 12, "phase": "ready"},
                                 {"id": 12, "phase": "go"}, "press"])
    after_go = got["seen"][4]
    assert after_go["go"] and not after_go["pressed"], after_go
    assert "STRIKE now" in after_go["line"], after_go
    assert got["sent"] == [["strike", 11], ["strike", 12]]


def test_a_window_opened_again_with_the_same_id_is_new(server: Server, browser: Browser
                                                       ) -> None:
    """A window that goes back from GO to ready (the same id: a window opened again at
    its position by a server whose ids were positions) is a new window: its GO is shown
    to press and its press sent, though the last one with that id was pressed."""
    got = feed(browser, server, [{"id": 7, "phase": "ready"}, {"id": 7, "phase": "go"},
                                 "press", {"id": 7, "phase": "ready"},
                                 {"id": 7, "phase": "go"}, "press"])
    again = got["seen"][3]
    assert again["phase"] == "ready" and "false start" not in again["line"], again
    after_go = got["seen"][4]
    assert after_go["go"] and not after_go["pressed"], after_go
    assert got["sent"] == [["strike", 7], ["strike", 7]]


def test_a_burst_after_a_stall_still_shows_the_last_go(server: Server, browser: Browser
                                                       ) -> None:
    """A stalled page's burst: window 3 ready, GO, closed; window 4 ready, GO, all at once:
    the panel ends on window 4's GO, ready for the press."""
    got = feed(browser, server, [{"id": 3, "phase": "ready"}, {"id": 3, "phase": "go"},
                                 None, {"id": 4, "phase": "ready"}, {"id": 4, "phase": "go"},
                                 "press"])
    last_go = got["seen"][4]
    assert last_go["go"] and not last_go["pressed"] and "STRIKE now" in last_go["line"]
    assert got["sent"] == [["strike", 4]]
