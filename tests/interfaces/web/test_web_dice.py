"""The dice spin of highlight.js knows no game (issue 31, "dice roll before they land";
TABLE-DESIGN.md "What others did is shown"): any table marks its dice with ``data-die``
and a roll is what the module's ``rolls`` hook says (or an event kind naming a throw, a
roll or dice). Only hoshi-battle has dice among the four games (the other rulebooks roll
none), so the mechanism is checked here on a page of a game without dice, with a made-up
module and made-up events; hoshi's own dice in test_web_tables_hoshi_battle.py. With
reduced motion or at speed "instant" (0 ms) nothing spins.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page

from .conftest import Server, sit
from .test_web_browser import browser, server

__all__ = ["browser", "server"]  # the fixtures, shared with the other browser tests

# In the page: a made-up table with a cup of two dice and a card, a module whose "toss"
# rolls, and the motion of a toss and a move over `ms`.
SPIN = """async (ms) => {
  const hl = await import("/static/js/highlight.js");
  const root = document.createElement("div");
  root.innerHTML = '<div data-ref="cup"><span data-die="3">3</span><span data-die="">?</span></div>'
    + '<div data-ref="card"><span class="die">not a die of ours</span></div>';
  document.body.append(root);
  const module = { rolls: e => e.kind === "toss", eventRefs: e => [e.fields.where] };
  const events = [{ kind: "toss", fields: { where: "cup" } },
                  { kind: "move", fields: { where: "card" } }];
  const done = hl.motion([root], new Map(), events, e => hl.refsOf(module, e, null, root), ms,
    e => hl.rollsOf(module, e, null));
  const spinning = [...root.querySelectorAll(".rolling")].map(e => e.textContent);
  root.remove();
  return { rolled: done.rolled, spinning,
    kinds: ["throw", "dice_roll", "roll", "move", "damage"].map(k => hl.rollsOf({}, { kind: k })) };
}"""


def spin(page: Page, ms: int) -> dict[str, Any]:
    return page.evaluate(SPIN, ms)  # type: ignore[no-any-return]


def test_any_games_dice_spin(server: Server, browser: Browser) -> None:
    page, _ = sit(browser, server, "radiant-perim")
    got = spin(page, 300)
    assert got["rolled"] == 2 and sorted(got["spinning"]) == ["3", "?"], got
    assert got["kinds"] == [True, True, True, False, False]  # the default, by kind
    assert spin(page, 0)["rolled"] == 0  # speed "instant"
    page.emulate_media(reduced_motion="reduce")
    assert spin(page, 300)["rolled"] == 0  # reduced motion: the highlight only
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
