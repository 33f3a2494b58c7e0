"""User card files uploaded in the lobby (issue 26, "Cards as user files, for every game":
``serve`` per table, uploaded in the lobby for private tables): a broken file refused with
its problems shown, a good one played, its card on the table and in the card zoom."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser

from .conftest import SLOW_MS, Server
from .test_web_browser import lobby_form

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "cards" / "lightseekers.toml"


def test_cards_uploaded_in_the_lobby_reach_the_table_and_its_zoom(
        browser: Browser, server: Server, tmp_path: Path) -> None:
    page = lobby_form(browser, server, "lightseekers")
    assert page.is_visible("#cards-box")  # a game that takes card files
    page.fill("[name='param:decks']", "dawn,astral")
    broken = tmp_path / "broken.toml"
    broken.write_text(EXAMPLE.read_text().replace("health = 25", 'health = "lots"'))
    page.set_input_files("#card-files", str(broken))
    page.click("#create-button")
    page.wait_for_selector("#error:not([hidden])", timeout=SLOW_MS)
    assert "broken.toml:" in page.inner_text("#error")
    assert "hero aurelia: health" in page.inner_text("#error")
    # an open table takes none: the input is closed while "open" is ticked
    page.check("#open")
    assert page.is_disabled("#card-files")
    page.uncheck("#open")
    page.set_input_files("#card-files", str(EXAMPLE))
    page.click("#create-button")  # the other seat is the AI's: straight to my seat
    page.wait_for_url("**/table/**", timeout=SLOW_MS)
    page.wait_for_selector("[data-testid='user-cards-badge']:not([hidden])", timeout=SLOW_MS)
    page.click("[data-testid='user-cards-badge']")
    listed = page.inner_text("[data-testid='user-cards']")
    assert "lightseekers.toml" in listed and "Aurelia" in listed and "Sun Lance" in listed
    page.keyboard.press("Escape")
    hero = page.locator(".hero-card[data-zoom^='Aurelia']").first
    hero.wait_for(timeout=SLOW_MS)
    assert "Dawnbringer" in (hero.get_attribute("data-zoom") or "")
    hero.hover()
    page.wait_for_selector("#zoom:not([hidden]) .zoom-text", timeout=SLOW_MS)
    assert "Dawnbringer" in page.inner_text("#zoom .zoom-text")
    assert page.errors == []  # type: ignore[attr-defined]


def test_an_uploaded_arena_deck_is_offered_and_played(browser: Browser, server: Server
                                                      ) -> None:
    """The example file's deck (Novas: its new hero Nova) joins the lobby's deck lists."""
    page = lobby_form(browser, server, "radiant-arena")
    page.set_input_files("#card-files", str(EXAMPLE.with_name("radiant-arena.toml")))
    page.wait_for_selector("[name='param:deck_a'] option[value='novas']", state="attached",
                           timeout=SLOW_MS)
    page.select_option("[name='param:deck_a']", "novas")
    page.click("#create-button")
    page.wait_for_url("**/table/**", timeout=SLOW_MS)
    nova = page.locator(".unit[data-zoom^='Nova']").first
    nova.wait_for(timeout=SLOW_MS)
    assert page.is_visible("[data-testid='user-cards-badge']")
    assert page.errors == []  # type: ignore[attr-defined]
