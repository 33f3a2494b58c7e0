"""The deck builder's API (issue 26, "A deck builder in the browser"): a deck checked as it
is built by its game's own checker (every rule broken, with the rulebook's words), its
deck file, reading one back, playing it at a table and the balance runs."""

from __future__ import annotations

import json
import re
import shlex
import tomllib
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tabletop.core import record_of
from tabletop.games.lightseekers.data import catalog as ls_catalog
from tabletop.games.radiant_arena.spec import catalog as arena_catalog
from tabletop.interfaces.cli.app import app

from .conftest import auth, view, wait_until


def arena_deck(ident: str = "a", name: str = "My deck") -> dict[str, Any]:
    d = arena_catalog().decks[ident]
    return {"name": name, "heroes": list(d.heroes), "items": list(d.items),
            "deity": d.deity, "conduits": list(d.conduits)}


def ls_deck(ident: str = "astral", name: str = "Mine") -> dict[str, Any]:
    d = ls_catalog().decks[ident]
    return {"name": name, "hero": d.hero, "combos": list(d.combos), "cards": dict(d.cards)}


def check(c: TestClient, game: str, deck: dict[str, Any]) -> dict[str, Any]:
    r = c.post(f"/api/decks/{game}/check", json={"deck": deck})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_the_pools_are_the_tables_faces(client: TestClient) -> None:
    arena = client.get("/api/decks/radiant-arena/pool").json()["pool"]
    assert {"heroes", "deities", "skills", "items", "conduits", "decks"} <= set(arena)
    assert set(arena["decks"]) == set(arena_catalog().decks)
    ls = client.get("/api/decks/lightseekers/pool").json()["pool"]
    assert set(ls["cards"]) == {c.id for c in ls_catalog().cards}
    assert client.get("/api/decks/hoshi-battle/pool").status_code == 404


def test_a_ready_deck_is_legal_and_an_empty_one_breaks_every_rule(client: TestClient
                                                                   ) -> None:
    assert check(client, "radiant-arena", arena_deck()) == {"legal": True, "problems": []}
    got = check(client, "radiant-arena", {})
    assert not got["legal"]
    fields = {p["field"] for p in got["problems"]}
    assert fields == {"heroes", "items", "deity"}  # no deity: its conduits are not asked
    heroes = next(p for p in got["problems"] if p["field"] == "heroes")
    # Now Let's Play! — Anatomy of a Deck, in the rulebook's words
    assert heroes["words"].startswith("A legal deck in Radiant consists of exactly: 3 Hero")
    assert check(client, "lightseekers", ls_deck())["legal"]


def test_every_rule_broken_is_named_with_the_rule(client: TestClient) -> None:
    deck = arena_deck()
    deck["items"] = [deck["items"][0]] * 3  # "no more than one copy of a single item"
    deck["conduits"] = deck["conduits"][:2]
    deck["heroes"][0] = deck["heroes"][1]  # "three different heroes"
    got = check(client, "radiant-arena", deck)["problems"]
    messages = {(p["field"], p["message"]) for p in got}
    assert any(f == "heroes" and "three different heroes" in m for f, m in messages)
    assert any(f == "items" and "one copy" in m for f, m in messages)
    assert any(f == "conduits" and p["section"].endswith("Conduit Icon")
               for p in got for f in [p["field"]])
    # Lightseekers (GETTING STARTED): at most 3 of each action card, no duplicate combo
    ls = ls_deck()
    first = next(iter(ls["cards"]))
    ls["cards"][first] = 4
    ls["combos"][1] = ls["combos"][0]
    got = check(client, "lightseekers", ls)["problems"]
    assert {p["field"] for p in got} == {"cards", "combos"}
    assert any(f"4 copies of {first!r}" in p["message"] for p in got)
    assert all("at most 3 of each action card" in p["words"] for p in got)
    assert any("30 action cards" not in p["message"] and "31 action cards" in p["message"]
               for p in got)


def test_an_unknown_card_is_a_400_saying_where(client: TestClient) -> None:
    deck = arena_deck()
    deck["heroes"][1] = "no-such-hero"
    deck["items"][2] = "no-such-item"
    for path in ("check", "file", "balance"):
        r = client.post(f"/api/decks/radiant-arena/{path}", json={"deck": deck})
        assert r.status_code == 400, (path, r.text)
        assert r.json()["error"].startswith("deck: heroes[1]: no hero 'no-such-hero'; "
                                            "items[2]: no item 'no-such-item'")
    ls = ls_deck()
    ls["cards"]["no-such-card"] = 1
    r = client.post("/api/tables", json={"game": "lightseekers", "deck": ls})
    assert r.status_code == 400 and "cards: no card 'no-such-card'" in r.json()["error"]
    text = '[[deck]]\nid = "x"\nname = "X"\nhero = "nobody"\ncombos = []\ncards = {}\n'
    r = client.post("/api/decks/lightseekers/read", json={"text": text, "name": "x.toml"})
    assert r.status_code == 400
    assert r.json()["error"].startswith("x.toml: [[deck]]: hero: no hero 'nobody'")


def test_a_deck_of_the_wrong_shape_is_a_4xx_saying_where(client: TestClient) -> None:
    r = client.post("/api/decks/radiant-arena/check", json={"deck": {"heroes": "x"}})
    assert r.status_code == 422 and "deck.heroes" in r.json()["error"]
    r = client.post("/api/decks/lightseekers/check",
                    json={"deck": {"cards": {"jab": -1}, "colour": 1}})
    assert r.status_code == 422
    assert "deck.cards.jab" in r.json()["error"] and "deck.colour" in r.json()["error"]


def test_the_deck_file_loads_in_its_game_and_reads_back(client: TestClient,
                                                         tmp_path: Any) -> None:
    for game, deck in (("radiant-arena", arena_deck()), ("lightseekers", ls_deck())):
        r = client.post(f"/api/decks/{game}/file", json={"deck": deck})
        assert r.status_code == 200, r.text
        ident = r.headers["X-Deck-Id"]
        assert f'filename="{ident}.toml"' in r.headers["Content-Disposition"]
        raw = tomllib.loads(r.text)
        assert raw["deck"][0]["id"] == ident
        path = tmp_path / f"{ident}.toml"
        path.write_text(r.text)
        cat = (arena_catalog if game == "radiant-arena" else ls_catalog)(str(path))
        assert ident in cat.decks  # the game's own loader takes it (and checks it)
        back = client.post(f"/api/decks/{game}/read", json={"text": r.text}).json()
        assert back["legal"] and back["deck"] == deck
        # each file its own random id: nothing of the deck can be learnt from it
        again = client.post(f"/api/decks/{game}/file", json={"deck": deck})
        assert again.headers["X-Deck-Id"] != ident
        assert again.text.replace(again.headers["X-Deck-Id"], ident) == r.text


def test_an_illegal_deck_gets_no_file(client: TestClient) -> None:
    deck = arena_deck()
    deck["deity"] = arena_deck("b")["deity"]  # conduits of another deity
    r = client.post("/api/decks/radiant-arena/file", json={"deck": deck})
    assert r.status_code == 400
    body = r.json()
    assert "conduits" in body["error"] and body["problems"][0]["field"] == "conduits"


def test_a_malformed_deck_file_says_what_and_where(client: TestClient) -> None:
    r = client.post("/api/decks/radiant-arena/read",
                    json={"text": "[[deck]]\nheroes = [\nname = 1\n", "name": "mine.toml"})
    assert r.status_code == 400 and "mine.toml: not valid TOML" in r.json()["error"]
    assert "line" in r.json()["error"]
    r = client.post("/api/decks/radiant-arena/read",
                    json={"text": "[[deck]]\nid='x'\nheroes = 3\n", "name": "mine.toml"})
    assert r.status_code == 422 and "mine.toml: [[deck]].heroes" in r.json()["error"]
    r = client.post("/api/decks/lightseekers/read",
                    json={"text": "[[deck]]\nid='x'\nherro='solara'\n"})
    assert r.status_code == 400 and "no field 'herro'" in r.json()["error"]
    r = client.post("/api/decks/lightseekers/read", json={"text": "[[card]]\nid='x'\n"})
    assert r.status_code == 400 and "one [[deck]]" in r.json()["error"]


def _play(client: TestClient, game: str, deck: dict[str, Any], **extra: Any
          ) -> tuple[str, str]:
    r = client.post("/api/tables", json={
        "game": game, "players": 2, "deck": deck,
        "seats": [{"kind": "human"}, {"kind": "ai", "difficulty": "easy"}], **extra})
    assert r.status_code == 201, r.text
    return r.json()["table"]["id"], r.json()["seats"][0]["token"]


def test_a_built_deck_plays_at_a_table_and_survives_a_reload(client: TestClient) -> None:
    deck = arena_deck("b", "Built B")
    deck["items"] = arena_deck("a")["items"]  # not a ready deck any more
    tid, token = _play(client, "radiant-arena", deck, params={"deck_b": "a"})
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.get(tid)
    ident = live.row.params["deck_a"]
    assert re.fullmatch(r"built-[0-9a-f]{12}", ident)
    assert live.row.params["cards"] == f"{ident}.toml"
    assert live.state.deck_list[0].items == tuple(deck["items"])
    assert "files" not in client.get(f"/api/tables/{tid}").json()["options"]
    # the table's record names the file, never the server's folder
    assert record_of(live.state).params["cards"] == f"{ident}.toml"
    v = view(client, tid, token)
    assert v["legal"], v
    # the AI's and the replay's positions: the table as reloaded from the store
    fresh = hub._load(live.row)
    assert fresh.state.state_hash() == live.state.state_hash()


def test_a_rematch_plays_the_built_deck_again(client: TestClient) -> None:
    deck = arena_deck("b", "Built B")
    tid, token = _play(client, "radiant-arena", deck)
    r = client.post(f"/api/tables/{tid}/concede", headers=auth(token))
    assert r.status_code == 200, r.text
    r = client.post(f"/api/tables/{tid}/rematch", headers=auth(token))
    assert r.status_code == 200, r.text
    hub = client.app.state.hub  # type: ignore[attr-defined]
    old, new = hub.get(tid), hub.get(hub.get(tid).row.rematch)
    assert new.row.params["cards"] == old.row.params["cards"]  # by name, as before
    assert new.row.options["files"] == old.row.options["files"]
    built = old.row.params["deck_a"]
    assert new.state.deck_list[0].id == built  # the decks stay by seat, as ready decks do


def test_a_built_lightseekers_deck_plays_against_the_ai(client: TestClient) -> None:
    tid, token = _play(client, "lightseekers", ls_deck("dread", "Mine"),
                       params={"decks": "astral"})
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.get(tid)
    ident = live.row.params["cards"].removesuffix(".toml")
    assert live.row.params["decks"] == f"{ident},astral"
    assert live.state.cat.decks[ident].cards == tuple(ls_deck("dread")["cards"].items())

    def moved() -> bool:
        v = view(client, tid, token)
        if v["legal"]:
            client.post(f"/api/tables/{tid}/actions", headers=auth(token),
                        json={"action": v["legal"][0], "version": v["version"]})
        return len(hub.get(tid).state.history) >= 6
    wait_until(moved)  # the AI (a worker replaying with the deck file) answered too
    assert 1 in hub.get(tid).actors


def test_an_illegal_built_deck_gets_no_table(client: TestClient) -> None:
    deck = ls_deck()
    deck["combos"] = deck["combos"][:4]
    r = client.post("/api/tables", json={"game": "lightseekers", "deck": deck})
    assert r.status_code == 400
    assert "4 combos; a deck contains 5" in r.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []
    r = client.post("/api/tables", json={"game": "radiant-arena", "deck": arena_deck(),
                                         "params": {"draft": True}})
    assert r.status_code == 400 and "draft" in r.json()["error"]
    r = client.post("/api/tables", json={"game": "radiant-arena", "deck": arena_deck(),
                                         "params": {"cards": "/etc/passwd"}})
    assert r.status_code == 400 and "names files on the server" in r.json()["error"]


def test_balance_commands_name_the_saved_file_and_each_ready_deck(client: TestClient
                                                                  ) -> None:
    got = client.post("/api/decks/radiant-arena/balance", json={"deck": arena_deck()}).json()
    ident = got["id"]
    assert got["file"] == f"{ident}.toml" and f'id = "{ident}"' in got["text"]
    assert len(got["commands"]) == len(arena_catalog().decks)
    assert all(f"--cards {ident}.toml" in c and f"--param deck_a={ident}" in c
               and "--param draft=false" in c for c in got["commands"])


def test_the_balance_command_shown_runs_with_the_saved_file(client: TestClient,
                                                            tmp_path: Path,
                                                            monkeypatch: Any) -> None:
    deck = ls_deck("dread", "Mine")
    got = client.post("/api/decks/lightseekers/balance", json={"deck": deck}).json()
    (tmp_path / got["file"]).write_text(got["text"])  # saved as the page offers it
    command = got["commands"][0]
    args = shlex.split(command.replace("--games 100", "--games 2"))
    assert args[:2] == ["tabletop", "balance"]
    monkeypatch.chdir(tmp_path)  # where the page says to save the deck file
    result = CliRunner().invoke(app, [*args[1:], "--quiet"])
    assert result.exit_code == 0, result.output
    report = json.loads(next(tmp_path.glob("balance-*/report.json")).read_text())
    assert report["games"] == 2 and "deck Mine: 2 games" in result.output


def test_an_account_keeps_its_decks(client: TestClient) -> None:
    from .accounts_help import Person

    assert client.get("/api/me/decks").status_code == 401  # a guest saves to a file
    ann, bob = Person(client, "ann"), Person(client, "bob")
    deck = ls_deck("astral", "Ann's astral")
    r = ann.call("POST", "/api/me/decks", csrf=False,
                 json={"game": "lightseekers", "deck": deck})
    assert r.status_code == 403  # a session's change needs its CSRF token
    r = ann.call("POST", "/api/me/decks", json={"game": "lightseekers", "deck": deck})
    assert r.status_code == 201 and r.json()["legal"], r.text
    unfinished = {"name": "Half", "heroes": arena_deck()["heroes"][:2]}
    r = ann.call("POST", "/api/me/decks", json={"game": "radiant-arena", "deck": unfinished})
    assert r.status_code == 201 and not r.json()["legal"]  # kept while it is being built
    got = ann.call("GET", "/api/me/decks").json()["decks"]
    assert [(d["game"], d["name"], d["legal"]) for d in got] == [
        ("lightseekers", "Ann's astral", True), ("radiant-arena", "Half", False)]
    assert got[0]["deck"] == deck
    assert bob.call("GET", "/api/me/decks").json()["decks"] == []
    r = ann.call("POST", "/api/me/decks", json={"game": "lightseekers",
                                                "deck": {**deck, "name": " "}})
    assert r.status_code == 400 and "the deck's name is empty" in r.json()["error"]
    r = ann.call("DELETE", "/api/me/decks/radiant-arena/Half")
    assert r.status_code == 200
    assert ann.call("DELETE", "/api/me/decks/radiant-arena/Half").status_code == 404
    assert len(ann.call("GET", "/api/me/decks").json()["decks"]) == 1
    # a deck kept from a pool that has since lost a card is still listed, saying so
    from tabletop.interfaces.web.storage import DeckRow

    storage = client.app.state.hub.storage  # type: ignore[attr-defined]
    storage.save_deck(DeckRow("ann", "radiant-arena", "Old", '{"heroes": ["gone"]}', 1.0), 9)
    old = next(d for d in ann.call("GET", "/api/me/decks").json()["decks"]
               if d["name"] == "Old")
    assert not old["legal"] and "no hero 'gone'" in old["problems"][0]["message"]


def test_a_deck_saved_as_json_reads_back_finished_or_not(client: TestClient) -> None:
    """Issue 26, "Designers' lab": a deck saved "to a file" where there is no account,
    even one still being built, and opened in the builder again."""
    unfinished = {**arena_deck("b", "Half done"), "conduits": [], "items": []}
    for game, deck in (("radiant-arena", unfinished), ("lightseekers", ls_deck("tech"))):
        r = client.post(f"/api/decks/{game}/file?format=json", json={"deck": deck})
        assert r.status_code == 200, r.text
        assert r.headers["content-disposition"].endswith(f'.{game}.json"')
        assert json.loads(r.text)["game"] == game
        back = client.post(f"/api/decks/{game}/read",
                           json={"text": r.text, "name": "mine.json"}).json()
        assert back["deck"] == deck
        assert back["legal"] == (game == "lightseekers")  # the unfinished one is kept
        assert back["problems"] == check(client, game, deck)["problems"]
    r = client.post("/api/decks/radiant-arena/file?format=json", json={"deck": unfinished})
    name = re.search(r'filename="([^"]+)"', r.headers["content-disposition"])
    assert name and name.group(1) == "Half-done.radiant-arena.json"


def test_a_bad_json_deck_file_says_what_and_where(client: TestClient) -> None:
    def read(game: str, text: str) -> Any:
        return client.post(f"/api/decks/{game}/read", json={"text": text, "name": "m.json"})

    r = read("radiant-arena", '{"game": "radiant-arena", "deck": {')
    assert r.status_code == 400 and "m.json: not valid JSON" in r.json()["error"]
    assert "line 1" in r.json()["error"]
    good = json.dumps({"game": "lightseekers", "deck": ls_deck()})
    r = read("radiant-arena", good)
    assert r.status_code == 400 and "open it in /decks/lightseekers" in r.json()["error"]
    r = read("lightseekers", json.dumps({"game": "lightseekers", "deck": ls_deck(),
                                         "extra": 1}))
    assert r.status_code == 400 and "as the deck builder saves it" in r.json()["error"]
    r = read("lightseekers", json.dumps({"game": "lightseekers",
                                         "deck": {**ls_deck(), "hero": "nobody"}}))
    assert r.status_code == 400 and "m.json: deck: hero: no hero 'nobody'" in r.json()["error"]
    r = read("lightseekers", json.dumps({"game": "lightseekers", "deck": {"heros": 1}}))
    assert r.status_code == 422 and "m.json: deck.heros" in r.json()["error"]
    r = client.post("/api/decks/lightseekers/file?format=yaml", json={"deck": ls_deck()})
    assert r.status_code == 422
