"""User card files at a table on the web (issue 26, "Cards as user files, for every game":
``serve`` takes them per table, uploaded for private tables, checked on the server with
size limits; docs/web.md, "Card files")."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

from tabletop.interfaces.web.usercards import CardFile, server_cards

from .conftest import view, wait_until

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from tabletop.interfaces.web import create_app

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "cards"
LS = (EXAMPLES / "lightseekers.toml").read_text()
HOSHI = (EXAMPLES / "hoshi-battle.toml").read_text()


def _new(c: TestClient, **body: Any) -> Any:
    return c.post("/api/tables", json={"game": "lightseekers", **body})


def _aurelia(c: TestClient) -> Any:
    """A private Lightseekers table where the first seat plays the example file's deck."""
    return _new(c, params={"decks": "dawn,astral"},
                cards=[{"name": "C:\\designs\\aurelia.toml", "text": LS}])


def test_a_private_table_plays_an_uploaded_file_and_says_so(client: TestClient) -> None:
    r = _aurelia(client)
    assert r.status_code == 201, r.text
    made = r.json()
    tid, token = made["table"]["id"], made["seats"][0]["token"]
    listed = made["table"]["options"]["user_cards"]
    assert [(f["file"], f["from"]) for f in listed] == [("aurelia.toml", "table")]
    assert {"Aurelia", "Sun Lance", "High Noon"} <= set(listed[0]["cards"])
    # content-addressed: the table names the file by the SHA-256 of its bytes
    import hashlib
    digest = hashlib.sha256(LS.encode()).hexdigest()
    assert listed[0]["sha256"] == digest
    assert made["table"]["params"]["cards"] == f"{digest}.toml"
    # the seat sees the user hero like a packaged one (its trait is what the zoom shows)
    v = view(client, tid, token)["view"]
    mine = next(h for h in v["heroes"] if h["seat"] == 0)
    assert mine["name"] == "Aurelia" and mine["trait"].startswith("Dawnbringer")
    # the file's text is kept with the table, never shown in its public line
    assert "files" not in client.get(f"/api/tables/{tid}").json()["options"]


def test_a_broken_file_is_refused_with_every_problem_and_nothing_made(client: TestClient
                                                                      ) -> None:
    bad = LS.replace("health = 25", 'health = "many"')
    worse = HOSHI  # a Hoshi Battle file is not a Lightseekers one
    r = _new(client, cards=[{"name": "bad.toml", "text": bad},
                            {"name": "hoshi.toml", "text": worse}])
    assert r.status_code == 400, r.text
    problems = r.json()["problems"]
    assert any(p.startswith("bad.toml:") and "hero aurelia: health" in p for p in problems)
    assert any(p.startswith("hoshi.toml") for p in problems), problems
    assert "tabletop-decks-" not in r.text  # the server's folder is never named
    assert client.get("/api/tables?status=running").json()["tables"] == []
    assert not client.app.state.hub.tables  # type: ignore[attr-defined]


def test_too_large_an_upload_is_413_saying_so(client: TestClient) -> None:
    r = _new(client, cards=[{"name": "big.toml", "text": "#" * 600_000}])
    assert r.status_code == 413
    assert "card files" in r.json()["error"] and "524,288" in r.json()["error"]
    # other requests keep the server's usual, smaller limit
    r = client.post("/api/decks/lightseekers/check", json={"deck": {"x": "#" * 70_000}})
    assert r.status_code == 413


def test_open_rated_and_cardless_games_refuse_user_cards(client: TestClient) -> None:
    r = _new(client, open=True, cards=[{"name": "a.toml", "text": LS}])
    assert r.status_code == 400 and "open table takes no user card files" in r.text
    r = _new(client, rated=True, cards=[{"name": "a.toml", "text": LS}])
    assert r.status_code in (400, 403)  # a guest may not rate at all; an account:
    assert r.status_code == 403 or "rated table takes no user card files" in r.text
    r = client.post("/api/tables", json={"game": "radiant-perim",
                                         "cards": [{"name": "a.toml", "text": LS}]})
    assert r.status_code == 400 and "does not take card files" in r.text
    r = _new(client, cards=[{"name": "a.toml", "text": LS}, {"name": "b.toml", "text": LS}])
    assert r.status_code == 400 and "b.toml: the same file twice" in r.text


def test_the_table_replays_with_its_cards_after_a_restart(db: Path, tmp_path: Path) -> None:
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as c:
        made = _aurelia(c).json()
        tid, token = made["table"]["id"], made["seats"][0]["token"]
        v = wait_until(lambda: (got := view(c, tid, token))["legal"] and got)
        c.post(f"/api/tables/{tid}/actions", headers={"X-Seat-Token": token},
               json={"action": v["legal"][0], "version": v["version"]})
        before = c.app.state.hub.get(tid).state.state_hash()  # type: ignore[attr-defined]
    # another server process: a fresh folder of card files, only the store to go by
    import tabletop.interfaces.web.deckfiles as deckfiles
    deckfiles._DIR = None
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as c:
        live = c.app.state.hub.get(tid)  # type: ignore[attr-defined]
        assert live.state.state_hash() == before
        mine = next(h for h in view(c, tid, token)["view"]["heroes"] if h["seat"] == 0)
        assert mine["name"] == "Aurelia"


def test_the_servers_own_card_files_reach_every_table_of_their_game(db: Path) -> None:
    path = EXAMPLES / "lightseekers.toml"
    by_game = server_cards([path])
    assert list(by_game) == ["lightseekers"]
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1, cards=by_game)) as c:
        made = _new(c, open=True, params={"decks": "dawn,astral"}).json()
        assert [f["from"] for f in made["table"]["options"]["user_cards"]] == ["server"]
        mine = next(h for h in view(c, made["table"]["id"], made["seats"][0]["token"])
                    ["view"]["heroes"] if h["seat"] == 0)
        assert mine["name"] == "Aurelia"
        # a table of another game has none of them
        other = c.post("/api/tables", json={"game": "radiant-perim"}).json()
        assert other["table"]["options"]["user_cards"] == []
        # an upload of the same file again is refused as a duplicate
        r = _new(c, cards=[{"name": "again.toml", "text": path.read_text()}])
        assert r.status_code == 400 and "the same file twice" in r.text
    assert CardFile("x", LS).stored.startswith(made["table"]["options"]["user_cards"][0]
                                               ["sha256"])


def test_a_rematch_plays_the_same_user_cards(client: TestClient) -> None:
    made = _aurelia(client).json()
    tid, token = made["table"]["id"], made["seats"][0]["token"]
    assert client.post(f"/api/tables/{tid}/concede", headers={"X-Seat-Token": token},
                       json={}).status_code == 200
    r = client.post(f"/api/tables/{tid}/rematch", headers={"X-Seat-Token": token}, json={})
    assert r.status_code == 200, r.text
    new = r.json()["rematch"]["table"]
    there = view(client, new, token)
    assert there["table"]["options"]["user_cards"] == made["table"]["options"]["user_cards"]
    # seats swapped: this person is P2 now, and the example deck went with P1's seat
    assert "Aurelia" in [h["name"] for h in there["view"]["heroes"]]


def test_a_refused_file_leaves_nothing_on_the_servers_disk(client: TestClient) -> None:
    from tabletop.interfaces.web import deckfiles

    bad = CardFile("bad.toml", LS.replace("health = 25", "health = -1"))
    r = _new(client, cards=[{"name": bad.name, "text": bad.text}])
    assert r.status_code == 400
    assert not (deckfiles.folder() / bad.stored).exists()
    assert _aurelia(client).status_code == 201  # a table's file stays
    assert (deckfiles.folder() / CardFile("x", LS).stored).is_file()


def test_serve_refuses_a_card_file_no_game_takes_before_it_starts(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from tabletop.interfaces.cli.app import app

    broken = tmp_path / "broken.toml"
    broken.write_text(LS.replace("health = 25", 'health = "lots"'))
    result = CliRunner().invoke(app, ["serve", "--no-open", "--port", "1",
                                      "--cards", str(broken)])
    assert result.exit_code == 1, result.output
    assert "no game takes this card file" in result.stderr
    assert "as a lightseekers card file" in result.stderr and "health" in result.stderr
    assert "radiant-arena" not in result.stderr  # its tables are no arena file's
    assert "Traceback" not in result.output
    result = CliRunner().invoke(app, ["serve", "--no-open", "--port", "1",
                                      "--cards", str(tmp_path / "none.toml")])
    assert result.exit_code == 1 and "no such file" in result.stderr, result.output


def test_every_game_with_card_files_takes_its_worked_example(client: TestClient) -> None:
    """radiant-arena's deck of new cards is played; Hoshi Battle's join the dealt pool."""
    arena = (EXAMPLES / "radiant-arena.toml").read_text()
    r = client.post("/api/tables", json={"game": "radiant-arena",
                                         "params": {"deck_a": "novas"},
                                         "cards": [{"name": "arena.toml", "text": arena}]})
    assert r.status_code == 201, r.text
    v = view(client, r.json()["table"]["id"], r.json()["seats"][0]["token"])
    assert "Nova" in str(v["view"])
    r = client.post("/api/tables", json={"game": "hoshi-battle",
                                         "cards": [{"name": "hoshi.toml", "text": HOSHI}]})
    assert r.status_code == 201, r.text
    assert r.json()["table"]["options"]["user_cards"][0]["cards"] == ["Mud Champion",
                                                                      "Iron Axe"]
