"""The deck builder with a designer's card files, and Lightseekers tables of more than two
(issue 26, "Designers' lab": "let the builder take the user's card files (the same upload
and checks as private tables)"; "let the builder start a Lightseekers table with a chosen
player count (the other seats AI with the ready decks)", with the words of that count; a
deck saved to the account keeps its card files)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser

from tabletop.games.lightseekers.data import catalog

from .conftest import SLOW_MS, Server, Shots
from .test_decks_browser import builder, pick, problems

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "cards" / "lightseekers.toml"


def _table(page: Any) -> dict[str, Any]:
    """The public line of the table the page is at."""
    tid = page.url.split("/table/")[1].split("#")[0]
    line: dict[str, Any] = page.evaluate(
        f"fetch('/api/tables/{tid}').then(r => r.json())")
    return line


def _play_easy(page: Any) -> None:
    """Play the built deck against easy AIs: the page goes to its table, drawn."""
    page.select_option("#difficulty", "easy")
    page.click("#play")
    page.wait_for_url("**/table/**", timeout=SLOW_MS)
    page.wait_for_function("Number(document.body.dataset.drawn || 0) > 0", timeout=SLOW_MS)


def _play_words(page: Any) -> tuple[str, str, str]:
    """The play row's words: its button, the AI's deck's label, the difficulty's."""
    return (page.inner_text("#play"), page.inner_text("#opponent-words"),
            page.inner_text("#difficulty-words"))


def test_a_card_file_in_the_builder_then_its_deck_at_a_private_table(
        browser: Browser, server: Server, tmp_path: Path, shots: Shots) -> None:
    """Upload the example file (Aurelia, Sun Lance, High Noon...): a broken copy first is
    refused with its problem; the good one puts the new cards in the pool; a deck built
    of them by clicks is legal; played, the table is a private one with the file and
    Aurelia is my hero."""
    page = builder(browser, server, "lightseekers")
    assert page.locator("[data-pick='hero:aurelia']").count() == 0
    broken = tmp_path / "broken.toml"
    broken.write_text(EXAMPLE.read_text().replace("health = 25", 'health = "lots"'))
    page.set_input_files("#card-files", str(broken))
    page.wait_for_selector("#error:not([hidden])", timeout=SLOW_MS)
    assert "broken.toml:" in page.inner_text("#error")
    assert page.locator("[data-pick='hero:aurelia']").count() == 0
    page.set_input_files("#card-files", str(EXAMPLE))
    page.wait_for_selector("[data-pick='hero:aurelia']", timeout=SLOW_MS)
    assert page.is_hidden("#error")
    note = page.inner_text("[data-testid='cards-note']")
    assert "lightseekers.toml" in note and "Sun Lance" in note
    page.wait_for_function("!document.getElementById('verdict').classList.contains"
                           "('checking')", timeout=SLOW_MS)
    dawn = catalog(str(EXAMPLE)).decks["dawn"]
    pick(page, "hero", "aurelia")
    for c in dawn.combos:
        pick(page, "combos", c)
    for card, n in dawn.cards:
        for _ in range(n):
            pick(page, "cards", card)
    page.wait_for_function("document.querySelector('[data-testid=verdict]').textContent"
                           ".startsWith('A legal deck')", timeout=SLOW_MS)
    assert problems(page) == []
    # a fourth Sun Lance breaks the copy limit, as a packaged card would
    pick(page, "cards", "sun-lance")
    assert any("4 copies of 'sun-lance'" in p for p in problems(page))
    page.click("[data-drop='cards:sun-lance']")
    page.wait_for_function("document.querySelector('[data-testid=verdict]').textContent"
                           ".startsWith('A legal deck')", timeout=SLOW_MS)
    shots.take(page, "builder-with-card-file")
    _play_easy(page)
    shots.take(page, "table-with-card-file")
    line = _table(page)
    assert [f["file"] for f in line["options"]["user_cards"]] == ["lightseekers.toml"]
    assert not line.get("open")
    hero = page.locator(".hero-card[data-zoom^='Aurelia']").first
    hero.wait_for(timeout=SLOW_MS)
    assert "Dawnbringer" in (hero.get_attribute("data-zoom") or "")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_lightseekers_table_of_four_from_the_builder(browser: Browser, server: Server,
                                                       shots: Shots) -> None:
    """Players: 4: my deck and three AIs with the ready decks (the chosen one first, then
    the others in turn); radiant-arena offers no choice (two players)."""
    page = builder(browser, server, "radiant-arena")
    assert page.is_hidden("#players-row")
    assert page.inner_text("#play") == "Play it against the AI"
    page.close()
    page = builder(browser, server, "lightseekers")
    assert page.is_visible("#players-row")
    assert page.locator("#players option").all_inner_texts()[0].startswith("2")
    assert _play_words(page) == ("Play it against the AI", "Against", "AI")
    page.select_option("#start", "astral")
    page.wait_for_function("document.querySelector('[data-testid=verdict]').textContent"
                           ".startsWith('A legal deck')", timeout=SLOW_MS)
    page.select_option("#players", "4")
    # the words are those of a table of four (issue 26: they were a two-player table's)
    assert _play_words(page) == ("Play it against 3 AIs", "First AI's deck", "AIs")
    assert "other AIs" in (page.get_attribute("#opponent", "aria-label") or "")
    assert page.get_attribute("#difficulty", "aria-label") == "the 3 AIs' difficulty"
    page.select_option("#players", "2")
    assert _play_words(page) == ("Play it against the AI", "Against", "AI")
    page.select_option("#players", "4")
    page.select_option("#opponent", "dread")
    shots.take(page, "four-players")
    _play_easy(page)
    line = _table(page)
    assert line["players"] == 4, line
    decks = line["params"]["decks"].split(",")
    ready = sorted(catalog().decks)
    assert decks[0].startswith("built-") and decks[1] == "dread"
    assert len(set(decks[1:])) == 3 and set(decks[1:]) <= set(ready)
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_deck_of_card_files_saved_to_the_account_opens_and_plays_again(
        browser: Browser, server: Server, shots: Shots) -> None:
    """Issue 26 (saved decks keep the designer's card files): signed in, add the example
    file, start from its ready deck (Aurelia's Dawn) and save it to the account; a fresh
    page (no card files) opens it from the list: the file is back in the pool and listed,
    the deck is legal with Aurelia chosen, and Play makes a private table with the file."""
    import secrets

    from .conftest import DESK, page_at
    from .test_accounts_browser import register

    page = page_at(browser, DESK)
    register(page, server, f"maker{secrets.token_hex(3)}")
    page.goto(f"{server.url}/decks/lightseekers")
    page.wait_for_function("Number(document.body.dataset.checked || 0) > 0", timeout=SLOW_MS)
    page.wait_for_selector("#account-save:not([hidden])")
    page.set_input_files("#card-files", str(EXAMPLE))
    page.wait_for_selector("[data-pick='hero:aurelia']", timeout=SLOW_MS)
    page.wait_for_selector("#start option[value='dawn']", state="attached")
    page.select_option("#start", "dawn")
    page.fill("#name", "Dawn, kept")
    page.wait_for_function("document.querySelector('[data-testid=verdict]').textContent"
                           ".startsWith('A legal deck')", timeout=SLOW_MS)
    page.click("#save-account")
    page.wait_for_selector("#saved:has-text('Dawn, kept'), #error:not([hidden])",
                           timeout=SLOW_MS)
    assert page.is_hidden("#error"), page.inner_text("#error")
    page.goto(f"{server.url}/decks/radiant-arena")  # a fresh page: no card files
    page.wait_for_function("Number(document.body.dataset.checked || 0) > 0", timeout=SLOW_MS)
    option = "#mine option[value='lightseekers/Dawn, kept']"
    page.wait_for_selector(option, state="attached")
    assert "with your card files" in page.inner_text(option)
    page.select_option("#mine", "lightseekers/Dawn, kept")
    page.wait_for_function("location.pathname === '/decks/lightseekers' && "
                           "document.getElementById('name').value === 'Dawn, kept'",
                           timeout=SLOW_MS)
    page.wait_for_selector("[data-pick='hero:aurelia'][aria-pressed='true']", timeout=SLOW_MS)
    page.wait_for_function("document.querySelector('[data-testid=verdict]').textContent"
                           ".startsWith('A legal deck')", timeout=SLOW_MS)
    assert "lightseekers.toml" in page.inner_text("[data-testid='cards-note']")
    shots.take(page, "saved-deck-with-its-card-file")
    _play_easy(page)
    line = _table(page)
    assert [f["file"] for f in line["options"]["user_cards"]] == ["lightseekers.toml"]
    page.locator(".hero-card[data-zoom^='Aurelia']").first.wait_for(timeout=SLOW_MS)
    assert page.errors == []  # type: ignore[attr-defined]
