"""The deck builder in the browser (issue 26, "A deck builder in the browser"): a legal
deck built by clicks, an illegal one refused with the rule, a game played with it."""

from __future__ import annotations

import json
import random
import re
import secrets
from pathlib import Path

from playwright.sync_api import Browser, Page

from tabletop.games.lightseekers.data import catalog as ls_catalog
from tabletop.games.radiant_arena.spec import catalog as arena_catalog
from tabletop.interfaces.web.decks import GAMES
from tabletop.interfaces.web.lab import GAMES_PER_DECK

from .conftest import DESK, SLOW_MS, Server, Shots, page_at, play_to_the_end


def builder(browser: Browser, server: Server, game: str) -> Page:
    page = page_at(browser, DESK)
    page.goto(f"{server.url}/decks/{game}")
    page.wait_for_function("Number(document.body.dataset.checked || 0) > 0", timeout=SLOW_MS)
    return page


def pick(page: Page, field: str, card: str) -> None:
    """Click a card of the pool and wait for the server's check of the deck it made."""
    asked = int(page.evaluate("Number(document.body.dataset.checked)"))
    page.click(f"[data-pick='{field}:{card}']")
    page.wait_for_function(f"Number(document.body.dataset.checked) > {asked}",
                           timeout=SLOW_MS)


def problems(page: Page) -> list[str]:
    return page.locator("[data-testid='problems'] li").all_inner_texts()


def test_a_legal_arena_deck_built_by_clicks_then_played(browser: Browser, server: Server,
                                                        shots: Shots) -> None:
    page = builder(browser, server, "radiant-arena")
    # the empty deck breaks the rules of Anatomy of a Deck, in the rulebook's words
    assert any("A legal deck in Radiant consists of exactly: 3 Hero cards" in p
               for p in problems(page))
    ready = arena_catalog().decks["a"]
    for hero in ready.heroes:
        pick(page, "heroes", hero)
    pick(page, "deity", ready.deity)
    for c in ready.conduits:
        pick(page, "conduits", c)
    for i in arena_catalog().decks["b"].items:  # not ready deck a's: a deck of one's own
        pick(page, "items", i)
    assert page.inner_text("[data-testid='verdict']").startswith("A legal deck")
    assert problems(page) == []
    # the skill deck is the heroes' sets: thirty cards shown with the heroes
    assert page.locator("[data-part='skills'] [data-deck-card]").count() == 3 * 4
    # zoom as on the table: a hovered card shows at full size with its text
    # (a scroll closes the zoom, as on the table: the card is hovered once at rest, on top)
    page.evaluate("window.scrollTo(0, 0)")
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.hover(f"[data-pick='heroes:{ready.heroes[0]}']")
    page.wait_for_selector("#zoom:not([hidden]) .zoom-text", timeout=SLOW_MS)
    shots.take(page, "legal-arena-deck")
    page.screenshot(path=str(shots.folder / "deck-builder-arena-1280x800.png"))  # docs/web
    page.mouse.move(1, 1)
    # the commands of a balance run at home, with the saved deck file
    page.click("#balance-commands-show")
    commands = page.inner_text("[data-testid='balance-commands']")
    assert "tabletop balance radiant-arena --cards built-" in commands
    with page.expect_download() as got:
        page.click("[data-testid='balance-file']")
    assert f"--cards {got.value.suggested_filename}" in commands
    with page.expect_download() as got:  # saving to a file, as a guest
        page.click("#save-file")
    name = got.value.suggested_filename
    assert re.fullmatch(r"built-[0-9a-f]{12}\.toml", name)
    saved = Path(got.value.path()).read_text()
    assert f'deity = "{ready.deity}"' in saved
    # played at a new table against the AI: my deck is at my seat
    page.select_option("#difficulty", "easy")
    page.click("#play")
    page.wait_for_url("**/table/**", timeout=SLOW_MS)
    page.wait_for_function("Number(document.body.dataset.drawn || 0) > 0", timeout=SLOW_MS)
    rng = random.Random(26)
    play_to_the_end(page, rng, 600)
    assert page.evaluate("document.body.dataset.status") == "over"
    assert page.errors == []  # type: ignore[attr-defined]


def test_an_illegal_lightseekers_deck_is_refused_with_the_rule(browser: Browser,
                                                               server: Server,
                                                               shots: Shots) -> None:
    page = builder(browser, server, "lightseekers")
    ready = ls_catalog().decks["astral"]
    page.select_option("#start", "astral")
    page.wait_for_function("document.querySelector('[data-testid=verdict]').textContent"
                           ".startsWith('A legal deck')", timeout=SLOW_MS)
    card = ready.cards[0][0]
    pick(page, "cards", card)  # a fourth copy (GETTING STARTED: at most 3 of each)
    found = problems(page)
    assert any(f"4 copies of '{card}'" in p and "at most 3 of each action card" in p
               for p in found), found
    assert any("31 action cards" in p for p in found), found
    shots.take(page, "illegal-lightseekers-deck")
    page.screenshot(path=str(shots.folder / "deck-builder-lightseekers-1280x800.png"))
    page.click("#play")  # the server refuses the table, saying which rule
    page.wait_for_selector("#error:not([hidden])", timeout=SLOW_MS)
    assert "4 copies" in page.inner_text("#error") and "/decks/" in page.url
    # the copy taken out again: legal, and it plays against the AI to the end
    page.click(f"[data-drop='cards:{card}']")
    page.wait_for_function("document.querySelector('[data-testid=verdict]').textContent"
                           ".startsWith('A legal deck')", timeout=SLOW_MS)
    page.click("#play")
    page.wait_for_url("**/table/**", timeout=SLOW_MS)
    page.wait_for_function("Number(document.body.dataset.drawn || 0) > 0", timeout=SLOW_MS)
    play_to_the_end(page, random.Random(5), 400)
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_deck_built_by_clicks_is_sent_to_a_balance_run(browser: Browser, server: Server,
                                                        shots: Shots) -> None:
    """Issue 26, "Designers' lab": the deck "sent to a balance run against the ready
    decks", played on the server, its result shown, its report downloaded."""
    page = builder(browser, server, "lightseekers")
    ready = ls_catalog().decks["dread"]
    pick(page, "hero", ready.hero)
    for c in ready.combos:
        pick(page, "combos", c)
    for card, n in ready.cards:
        for _ in range(n):
            pick(page, "cards", card)
    page.fill("#name", "Dread by hand")
    page.press("#name", "Tab")
    page.wait_for_function("document.querySelector('[data-testid=verdict]').textContent"
                           ".startsWith('A legal deck')", timeout=SLOW_MS)
    page.click("#balance")
    page.wait_for_selector("[data-testid='run'][data-status='running'], "
                           "[data-testid='run'][data-status='done']", timeout=SLOW_MS)
    assert "Dread by hand" in page.inner_text("[data-testid='run']")
    page.wait_for_selector("[data-testid='run'][data-status='done']", timeout=120_000)
    rows = page.locator("[data-testid='run-result'] tbody tr")
    assert rows.count() == len(ls_catalog().decks)
    for i in range(rows.count()):  # against each ready deck: games, rate, 95% interval
        cells = rows.nth(i).locator("td").all_inner_texts()
        assert cells[1] == str(GAMES_PER_DECK) and re.fullmatch(r"\d+%", cells[2]), cells
        assert re.fullmatch(r"\d+%–\d+%", cells[3]), cells
    assert "The first seat won" in page.inner_text("[data-testid='first-seat']")
    shots.take(page, "balance-run")
    with page.expect_download() as got:
        page.click("[data-testid='run-report']")
    report = json.loads(Path(got.value.path()).read_text())
    assert report["report"]["games"] == GAMES_PER_DECK * len(ls_catalog().decks)
    assert report["run"]["name"] == "Dread by hand"
    assert page.errors == []  # type: ignore[attr-defined]


def test_an_unfinished_deck_saved_as_json_opens_again(browser: Browser, server: Server,
                                                      tmp_path: Path) -> None:
    """Issue 26, "Designers' lab": a guest saves a deck still being built to a file and
    opens it again later (in another game's builder: it opens in its own)."""
    page = builder(browser, server, "radiant-arena")
    ready = arena_catalog().decks["grove"]
    for hero in ready.heroes[:2]:
        pick(page, "heroes", hero)
    pick(page, "deity", ready.deity)
    page.fill("#name", "Grove, half")
    page.press("#name", "Tab")
    page.wait_for_function("document.getElementById('verdict').classList.contains"
                           "('illegal') && !document.getElementById('verdict').classList"
                           ".contains('checking')", timeout=SLOW_MS)
    before = problems(page)
    with page.expect_download() as got:
        page.click("#save-json")
    assert got.value.suggested_filename == "Grove-half.radiant-arena.json"
    saved = tmp_path / got.value.suggested_filename
    got.value.save_as(saved)
    assert json.loads(saved.read_text())["deck"]["heroes"] == list(ready.heroes[:2])
    page.close()
    page = builder(browser, server, "lightseekers")
    page.set_input_files("#open", str(saved))
    page.wait_for_function("location.pathname === '/decks/radiant-arena' && "
                           "document.getElementById('name').value === 'Grove, half'",
                           timeout=SLOW_MS)
    page.wait_for_function("!document.getElementById('verdict').classList.contains"
                           "('checking') && document.getElementById('verdict').classList"
                           ".contains('illegal')", timeout=SLOW_MS)
    assert problems(page) == before
    for hero in ready.heroes[:2]:
        assert page.get_attribute(f"[data-pick='heroes:{hero}']", "aria-pressed") == "true"
    assert page.get_attribute(f"[data-pick='heroes:{ready.heroes[2]}']",
                              "aria-pressed") == "false"
    assert page.is_hidden("#error")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_signed_in_designer_saves_a_deck_to_the_account(browser: Browser, server: Server
                                                          ) -> None:
    from .test_accounts_browser import register

    page = page_at(browser, DESK)
    name = f"designer{secrets.token_hex(3)}"
    register(page, server, name)
    page.goto(f"{server.url}/decks/lightseekers")
    page.wait_for_function("Number(document.body.dataset.checked || 0) > 0", timeout=SLOW_MS)
    page.wait_for_selector("#account-save:not([hidden])")
    page.select_option("#start", "dread")
    page.fill("#name", "Dread, tuned")
    # (leaving the field checks the deck again: the buttons stay where they are meanwhile)
    page.click("#save-account")  # the page sends the session's CSRF token
    page.wait_for_selector("#saved:has-text('Dread, tuned'), #error:not([hidden])",
                           timeout=SLOW_MS)
    assert page.is_hidden("#error"), page.inner_text("#error")
    # a fresh page of the same session finds it in the account's list and opens it
    page.goto(f"{server.url}/decks/radiant-arena")
    page.wait_for_function("Number(document.body.dataset.checked || 0) > 0", timeout=SLOW_MS)
    page.wait_for_selector("#mine option[value='lightseekers/Dread, tuned']", state="attached")
    page.select_option("#mine", "lightseekers/Dread, tuned")
    page.wait_for_function("location.pathname === '/decks/lightseekers' && "
                           "document.getElementById('name').value === 'Dread, tuned'",
                           timeout=SLOW_MS)
    page.wait_for_function("document.querySelector('[data-testid=verdict]').textContent"
                           ".startsWith('A legal deck')", timeout=SLOW_MS)
    hero = ls_catalog().decks["dread"].hero
    assert page.get_attribute(f"[data-pick='hero:{hero}']", "aria-pressed") == "true"
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_lobby_links_the_deck_builder_of_the_games_it_builds(browser: Browser,
                                                                  server: Server) -> None:
    """The lobby's "Build a deck" links are the deck builder's games (GET /api/decks),
    not a list of the page's own: a builder of another game gets its link."""
    def links(page: Page) -> list[str]:
        page.wait_for_selector("#tiles .tile", timeout=SLOW_MS)
        return sorted(page.eval_on_selector_all(
            "#tiles .tile", "ts => ts.filter(t => [...t.querySelectorAll('a')].some("
            "a => a.textContent === 'Build a deck' && a.getAttribute('href') === "
            "'/decks/' + t.dataset.game)).map(t => t.dataset.game)"))

    page = page_at(browser, DESK)
    page.goto(server.url)
    assert links(page) == sorted(GAMES)
    page.route("**/api/decks", lambda route: route.fulfill(
        json={"games": ["hoshi-battle", "lightseekers"]}))
    page.reload()
    assert links(page) == ["hoshi-battle", "lightseekers"]
    page.route("**/api/decks", lambda route: route.fulfill(status=500, json={}))
    page.reload()  # the builder out of reach: no links, the lobby as ever
    assert links(page) == [] and page.locator("[data-quick]").count() >= 4
    assert page.is_hidden("#error")
    assert page.errors == []  # type: ignore[attr-defined]
