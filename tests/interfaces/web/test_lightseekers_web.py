"""lightseekers on the web (issue 14, "a web table if the web server has landed"; issue 13,
Security): random games with every seat a person are played over the wire (HTTP and
WebSocket) with 2 and 4 seats, and every message to P1 is checked — exactly the core's
view, events and legal actions, no seed or other token, no other hand (a count only), no
deck order, no card another seat draws, and no card id only another hand holds. Then a
person plays the AI to the end in real Chromium by clicking the table drawn by
static/tables/lightseekers.js. Screenshots under build/test-output/web/<test>/.
"""

from __future__ import annotations

import json
import random

import httpx
import pytest
from playwright.sync_api import Browser

from tabletop.core import Record, initial_state

from .conftest import ROOMY, Server, Shots, auth, page_at, play_to_the_end, sit
from .test_web_leak import _check_clocks, _check_exact, _check_secrets, _play, _strings, server

__all__ = ["server"]  # the leak tests' server (its tables wait for ever for HTTP-only seats)


def _hand_secrets(record: Record) -> tuple[set[str], set[str], set[str]]:
    """Card ids in other seats' hands over the game, the public strings (spectators'
    views and events), and P1's own (its views and events)."""
    state = initial_state(record)
    hidden: set[str] = set()
    public: set[str] = set()
    own: set[str] = set()
    players = len(state.view(None)["heroes"])
    for k in range(len(record.actions) + 1):
        for seat in range(1, players):
            hidden |= set(state.view(seat)["hand"])
        public |= set(_strings(state.view(None)))
        own |= set(_strings(state.view(0)))
        if k < len(record.actions):
            state.apply(record.actions[k])
    public |= set(_strings([e.to_json() for e in state.events_for(None)]))
    own |= set(_strings([e.to_json() for e in state.events_for(0)]))
    return hidden, public, own


@pytest.mark.parametrize("players", [2, 4])
def test_no_message_to_a_lightseekers_seat_holds_another_seats_secrets(
        server: Server, players: int) -> None:
    record, steps, raw, ws, tokens = _play(server, "lightseekers", players, 40 + players)
    _check_exact(record, steps, ws)
    _check_clocks(steps)
    _check_secrets(record, raw, ws, tokens)
    hidden, public, own = _hand_secrets(record)
    assert hidden  # other seats held cards: the check below is not vacuous
    secret = hidden - public - own
    everything = set(_strings([json.loads(r) for r in raw] + ws.states))
    assert not secret & everything
    for msg in steps + ws.states:
        v = msg["view"]
        assert len(v["heroes"]) == players
        for hero in v["heroes"]:
            assert isinstance(hero["hand"], int) and isinstance(hero["deck"], int)  # counts
        assert not {"deck_order", "seed", "decks"} & set(v)
        for e in msg["events"]:
            if e["kind"] == "draw" and e["fields"]["seat"] != 0:
                assert "card" not in e["fields"]  # another seat's draw: hidden


def test_the_hand_secrets_check_would_catch_a_leak() -> None:
    # P2's hand is not in P1's view: the ids the check looks for are real secrets.
    import tabletop

    state = tabletop.new_game("lightseekers", players=2, seed=3)
    hidden, public, own = _hand_secrets(tabletop.record_of(state))
    assert hidden - public - own
    assert not (hidden - public - own) & set(_strings(state.view(0)))


def test_lightseekers_against_the_ai_to_the_end_by_clicking(
        server: Server, browser: Browser, shots: Shots) -> None:
    page, made = sit(browser, server, "lightseekers", size=ROOMY)
    tid, token = made.tid, made.token
    page.wait_for_selector("[data-testid='hand']")
    view = httpx.get(server.url + f"/api/tables/{tid}/view",
                     headers=auth(token)).json()["view"]
    assert page.locator(".ls-hero").count() == 2
    # Own hand with its texts; the other hand a count (The Basics: hands are secret).
    assert page.locator("[data-testid='hand'] .ls-card").count() == len(view["hand"])
    foe = view["heroes"][1]
    assert f"hand {foe['hand']}" in page.inner_text("[data-testid='counts-1']")
    assert page.inner_text("[data-testid='health-1']") == f"♥ {foe['health']}/35"
    shots.take(page, "start")
    rng = random.Random(3)
    play_to_the_end(page, rng, 400)
    assert "Game over" in page.inner_text("#status")
    assert page.locator(".log li[data-kind='game_over']").count() == 1
    shots.take(page, "over")
    assert not page.errors  # type: ignore[attr-defined]


def test_the_lobby_suggests_lightseekers_decks(server: Server, browser: Browser,
                                               shots: Shots) -> None:
    """The lobby's decks field for lightseekers (docs/rules/lightseekers.md, "Which decks
    are played"): free text, since a list by seat is allowed, with the ready decks and
    ``random`` suggested; the table is made with the deck picked, and its heroes show it."""
    games = httpx.get(server.url + "/api/games").json()["games"]
    param = next(p for g in games if g["id"] == "lightseekers"
                 for p in g["params"] if p["name"] == "decks")
    assert param["choices"] is None
    assert param["suggestions"] == ["random", "astral", "dread", "mountain", "nature",
                                    "storm", "tech"]
    page = page_at(browser)
    page.goto(server.url + "/")
    page.select_option("#game", "lightseekers")
    options = page.eval_on_selector_all("#suggest-decks option", "os => os.map(o => o.value)")
    assert options == param["suggestions"]
    assert page.get_attribute("[name='param:decks']", "list") == "suggest-decks"
    page.fill("[name='param:decks']", "storm")  # one name: every seat plays it
    page.select_option("[name='kind:1']", "ai")
    page.select_option("[name='difficulty:1']", "easy")
    shots.take(page, "lobby")
    page.click("#create-button")  # the other seat an AI: straight to my seat
    page.wait_for_selector("[data-testid='hand']")
    tid = page.url.split("/table/")[1].split("#")[0]
    tables = httpx.get(server.url + "/api/tables").json()["tables"]
    # the table's parameters as the game holds them (no extra card files: "cards" empty)
    assert [t["params"] for t in tables if t["id"] == tid] == [{"decks": "storm", "cards": ""}]
    assert page.locator(".ls-hero").count() == 2
    assert page.inner_text(".ls-hero").count("Tempest") >= 1  # Storm's hero, every seat
    assert not page.errors  # type: ignore[attr-defined]
