"""The deck builder with a designer's card files (issue 26, "Designers' lab": "let the
builder take the user's card files (the same upload and checks as private tables)"):
the new cards join the pool, a deck of them is checked by the game's deck rules, saved
(to a file; to the account, which keeps the files with it), and played at a private
table created with the same files; open and rated tables refuse them as they refuse any
user card file; the builder's requests with card files are read up to the card files'
limit (docs/web.md, "Card files", "Limits")."""

from __future__ import annotations

import hashlib
import warnings
from pathlib import Path
from typing import Any

import pytest

from tabletop.games.lightseekers.data import catalog

from .conftest import view

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "cards"
LS = (EXAMPLES / "lightseekers.toml").read_text()
ARENA = (EXAMPLES / "radiant-arena.toml").read_text()
FILES = [{"name": "designs/aurelia.toml", "text": LS}]


def aurelia_deck() -> dict[str, Any]:
    """A legal deck of the example file's new hero, combo and cards (its ready deck
    "dawn" as the builder would hold it)."""
    cat = catalog(str(EXAMPLES / "lightseekers.toml"))
    d = cat.decks["dawn"]
    return {"name": "Dawn by hand", "hero": d.hero, "combos": list(d.combos),
            "cards": dict(d.cards)}


def ls_ready(ident: str) -> dict[str, Any]:
    """A packaged ready deck as the builder holds it."""
    d = catalog().decks[ident]
    return {"name": ident, "hero": d.hero, "combos": list(d.combos), "cards": dict(d.cards)}


def test_the_pool_with_a_card_file_holds_its_new_cards(client: TestClient) -> None:
    """POST /api/decks/lightseekers/pool with the file: Aurelia, Sun Lance and High Noon
    beside the packaged cards, and the file listed as a table lists it."""
    plain = client.get("/api/decks/lightseekers/pool").json()["pool"]
    assert "aurelia" not in plain["heroes"] and "sun-lance" not in plain["cards"]
    r = client.post("/api/decks/lightseekers/pool", json={"cards": FILES})
    assert r.status_code == 200, r.text
    got = r.json()
    pool = got["pool"]
    assert pool["heroes"]["aurelia"]["name"] == "Aurelia"
    assert pool["cards"]["sun-lance"]["name"] == "Sun Lance"
    assert pool["cards"]["high-noon"]["combo"]
    assert set(plain["cards"]) < set(pool["cards"])
    (listed,) = got["user_cards"]
    assert listed["file"] == "aurelia.toml" and "Aurelia" in listed["cards"]


def test_a_deck_of_new_cards_is_checked_by_the_deck_rules(client: TestClient) -> None:
    """Legal with the file; without it every new card is unknown (400); a fourth copy of
    Sun Lance breaks GETTING STARTED's "at most 3 of each" as a packaged card would."""
    deck = aurelia_deck()
    r = client.post("/api/decks/lightseekers/check", json={"deck": deck, "cards": FILES})
    assert r.status_code == 200 and r.json() == {"legal": True, "problems": []}, r.text
    r = client.post("/api/decks/lightseekers/check", json={"deck": deck})
    assert r.status_code == 400 and "no hero 'aurelia'" in r.json()["error"]
    four = {**deck, "cards": {**deck["cards"], "sun-lance": 4}}
    r = client.post("/api/decks/lightseekers/check", json={"deck": four, "cards": FILES})
    found = r.json()["problems"]
    assert any("4 copies of 'sun-lance'" in p["message"] for p in found), found


def test_a_broken_card_file_is_refused_with_every_problem(client: TestClient) -> None:
    """The same checks as a private table's: each problem names the person's file."""
    bad = LS.replace("health = 25", 'health = "many"')
    r = client.post("/api/decks/lightseekers/pool",
                    json={"cards": [{"name": "bad.toml", "text": bad}]})
    assert r.status_code == 400
    assert any(p.startswith("bad.toml:") and "health" in p for p in r.json()["problems"])
    assert "tabletop-decks-" not in r.text  # the server's folder is never named


def test_the_deck_file_and_the_saved_json_read_back_with_the_files(client: TestClient
                                                                   ) -> None:
    """Saved to a file: the deck file names the new cards; read back with the card file
    it is the same deck, legal (without it: refused, naming the unknown cards)."""
    deck = aurelia_deck()
    r = client.post("/api/decks/lightseekers/file", json={"deck": deck, "cards": FILES})
    assert r.status_code == 200, r.text
    text = r.text
    assert 'hero = "aurelia"' in text and "Aurelia" in text
    back = client.post("/api/decks/lightseekers/read",
                       json={"text": text, "name": "mine.toml", "cards": FILES})
    assert back.status_code == 200, back.text
    assert back.json()["legal"] and back.json()["deck"]["hero"] == "aurelia"
    r = client.post("/api/decks/lightseekers/read", json={"text": text, "name": "mine.toml"})
    assert r.status_code == 400 and "aurelia" in r.json()["error"]
    r = client.post("/api/decks/lightseekers/balance", json={"deck": deck, "cards": FILES})
    assert r.status_code == 200
    assert all(c.startswith("tabletop balance lightseekers --cards aurelia.toml --cards "
                            "built-") for c in r.json()["commands"])
    r = client.post("/api/decks/lightseekers/runs", json={"deck": deck, "cards": FILES})
    assert r.status_code == 400 and "game's own cards" in r.json()["error"]


def test_a_private_table_plays_the_deck_of_new_cards(client: TestClient) -> None:
    """POST /api/tables with the deck and the same card files: the built deck is at my
    seat (Aurelia, a card of the file), the file is listed with the table."""
    body = {"game": "lightseekers", "players": 2, "deck": aurelia_deck(), "cards": FILES,
            "params": {"decks": "astral"},
            "seats": [{"kind": "human"}, {"kind": "ai", "difficulty": "easy"}]}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    made = r.json()
    assert [f["file"] for f in made["table"]["options"]["user_cards"]] == ["aurelia.toml"]
    v = view(client, made["table"]["id"], made["seats"][0]["token"])["view"]
    mine = next(h for h in v["heroes"] if h["seat"] == 0)
    assert mine["name"] == "Aurelia"
    # without the files the deck names cards the table does not have: refused
    r = client.post("/api/tables", json={**body, "cards": []})
    assert r.status_code == 400 and "aurelia" in r.json()["error"]


def test_open_and_rated_tables_refuse_the_files_as_before(client: TestClient) -> None:
    body = {"game": "lightseekers", "players": 2, "deck": aurelia_deck(), "cards": FILES}
    r = client.post("/api/tables", json={**body, "open": True})
    assert r.status_code == 400 and "open table takes no user card files" in r.json()["error"]
    r = client.post("/api/tables", json={**body, "rated": True})
    assert r.status_code == 400 and "rated table takes no user card files" in r.json()["error"]


def test_an_arena_deck_with_a_new_hero(client: TestClient) -> None:
    """radiant-arena too: the example file's Nova (a hero) and Star Lantern (an item)
    join the pool, and its ready deck's parts make a legal deck with the file."""
    files = [{"name": "arena.toml", "text": ARENA}]
    got = client.post("/api/decks/radiant-arena/pool", json={"cards": files}).json()
    assert "nova" in got["pool"]["heroes"] and "star-lantern" in got["pool"]["items"]
    d = got["pool"]["decks"]["novas"]
    deck = {k: d[k] for k in ("heroes", "items", "deity", "conduits")}
    r = client.post("/api/decks/radiant-arena/check", json={"deck": deck, "cards": files})
    assert r.status_code == 200 and r.json()["legal"], r.text
    r = client.post("/api/decks/radiant-arena/check", json={"deck": deck})
    assert r.status_code == 400 and "nova" in r.json()["error"]


def test_a_deck_saved_to_the_account_keeps_its_card_files(client: TestClient) -> None:
    """Issue 26 (the builder's saved decks and card files): a deck of the file's cards
    saved to the account keeps the file (by its SHA-256; its text once for the account
    however many decks name it); the list gives it back, checked with it (legal), and a
    table made from the list's answer plays it. The file is forgotten with the last deck
    that names it; a deck saved without files lists none."""
    from .accounts_help import Person

    ann = Person(client, "ann")
    deck = aurelia_deck()
    r = ann.call("POST", "/api/me/decks", json={"game": "lightseekers", "deck": deck,
                                                "cards": FILES})
    assert r.status_code == 201 and r.json()["legal"], r.text
    sha = hashlib.sha256(LS.encode()).hexdigest()
    assert r.json()["cards"] == [{"name": "aurelia.toml", "sha256": sha}]
    again = {**deck, "name": "Dawn again"}
    r = ann.call("POST", "/api/me/decks", json={"game": "lightseekers", "deck": again,
                                                "cards": FILES})
    assert r.status_code == 201
    r = ann.call("POST", "/api/me/decks", json={"game": "lightseekers",
                                                "deck": {**ls_ready("astral"), "name": "Plain"}})
    assert r.status_code == 201
    got = ann.call("GET", "/api/me/decks").json()
    by_name = {d["name"]: d for d in got["decks"]}
    assert by_name["Dawn by hand"]["legal"] and by_name["Dawn again"]["legal"]
    assert by_name["Dawn by hand"]["cards"] == [{"name": "aurelia.toml", "sha256": sha}]
    assert by_name["Plain"]["cards"] == [] and by_name["Plain"]["legal"]
    assert got["files"] == {sha: LS}
    storage = client.app.state.hub.storage  # type: ignore[attr-defined]
    assert list(storage.deck_files("ann")) == [sha]  # once for the two decks
    # opened again from the list: its deck and its files make the table
    kept = by_name["Dawn by hand"]
    cards = [{"name": c["name"], "text": got["files"][c["sha256"]]} for c in kept["cards"]]
    r = client.post("/api/tables", json={
        "game": "lightseekers", "players": 2, "deck": kept["deck"], "cards": cards,
        "params": {"decks": "astral"},
        "seats": [{"kind": "human"}, {"kind": "ai", "difficulty": "easy"}]})
    assert r.status_code == 201, r.text
    made = r.json()
    v = view(client, made["table"]["id"], made["seats"][0]["token"])["view"]
    assert next(h for h in v["heroes"] if h["seat"] == 0)["name"] == "Aurelia"
    # the file goes with the last deck that names it
    assert ann.call("DELETE", "/api/me/decks/lightseekers/Dawn by hand").status_code == 200
    assert list(storage.deck_files("ann")) == [sha]
    r = ann.call("POST", "/api/me/decks", json={"game": "lightseekers",
                                                "deck": {**ls_ready("astral"),
                                                         "name": "Dawn again"}})
    assert r.status_code == 201  # replaced without the files
    assert storage.deck_files("ann") == {}
    assert all(d["cards"] == [] for d in ann.call("GET", "/api/me/decks").json()["decks"])


def test_an_account_keeps_so_many_characters_of_card_files(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the account's limit on kept card files, a save is a 409 saying so, and
    nothing is stored; the same file again costs nothing."""
    from tabletop.interfaces.web.routes import decks as routes

    from .accounts_help import Person

    monkeypatch.setattr(routes, "MOST_CARD_CHARS", len(LS) + 10)
    ann = Person(client, "ann")
    deck = aurelia_deck()
    body = {"game": "lightseekers", "deck": deck, "cards": FILES}
    assert ann.call("POST", "/api/me/decks", json=body).status_code == 201
    r = ann.call("POST", "/api/me/decks", json={**body, "deck": {**deck, "name": "Two"}})
    assert r.status_code == 201  # the same file: kept once
    bigger = [{"name": "more.toml", "text": LS + "\n# a comment that makes it another file\n"}]
    r = ann.call("POST", "/api/me/decks", json={**body, "deck": {**deck, "name": "Three"},
                                                "cards": bigger})
    assert r.status_code == 409 and "characters of card files" in r.json()["error"]
    names = [d["name"] for d in ann.call("GET", "/api/me/decks").json()["decks"]]
    assert names == ["Dawn by hand", "Two"]


def test_the_builders_requests_with_card_files_take_the_card_files_limit(
        client: TestClient) -> None:
    """Issue 26 (the builder's body limit): a builder's request carrying card files is
    read up to ``cards_bytes`` as a new table's (a 100 KB file passes), and past it is a
    413 in the builder's words; one carrying none keeps ``body_bytes``, as every other
    route does (docs/web.md, "Limits")."""
    padded = LS + "\n" + "# padding\n" * 10_000  # about 100 KB: over body_bytes
    files = [{"name": "big.toml", "text": padded}]
    deck = aurelia_deck()
    for route, body in (("pool", {"cards": files}), ("check", {"deck": deck, "cards": files}),
                        ("file", {"deck": deck, "cards": files})):
        r = client.post(f"/api/decks/lightseekers/{route}", json=body)
        assert r.status_code == 200, (route, r.text)
    from .accounts_help import Person

    ann = Person(client, "ann")
    r = ann.call("POST", "/api/me/decks", json={"game": "lightseekers", "deck": deck,
                                                "cards": files})
    assert r.status_code == 201, r.text
    huge = [{"name": "huge.toml", "text": LS + "#" * 600_000}]
    r = client.post("/api/decks/lightseekers/check", json={"deck": deck, "cards": huge})
    assert r.status_code == 413
    assert r.json()["error"].startswith("the deck builder's request is over 524,288 bytes")
    # no card files: the usual limit, whatever the route
    r = client.post("/api/decks/lightseekers/check", json={"deck": {**deck, "x": "#" * 70_000}})
    assert r.status_code == 413 and "over 65,536 bytes" in r.json()["error"]
    r = client.post("/api/turns", json={"tokens": ["#" * 70_000]})
    assert r.status_code == 413 and "over 65,536 bytes" in r.json()["error"]
