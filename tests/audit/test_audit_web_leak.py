"""What a seat receives over the web holds nothing of another seat's hidden cards, nor
the seed: random games of every game, every response and WebSocket message of each seat
searched for the hidden card ids of the others (taken from the true state)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tabletop.core import get_spec

from .conftest import SETUPS, create

# Two disjoint constructed decks within the budget (docs/rules/hoshi-battle.md).
DECK1 = "saal-swordsman,clay-champion,charming-trader,fire-axe,rage,deowi-pouring-rain"
DECK2 = "iron-sentinel,stone-golem,twin-blades,focus,moon-amulet,smoke-bomb"


def _texts(c: Any, tid: str, token: str | None) -> list[str]:
    headers = {} if token is None else {"X-Seat-Token": token}
    out = [c.get(f"/api/tables/{tid}/view", headers=headers).text,
           c.get(f"/api/tables/{tid}").text, c.get("/api/tables").text,
           c.get(f"/api/tables/{tid}/record", headers=headers).text]
    with c.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.send_text(json.dumps({"token": token} if token else {}))
        out.append(json.dumps(ws.receive_json()))
    return out


def test_a_constructed_deck_is_no_other_seats_business(client: Any) -> None:
    # The table's public line (lobby, /api/tables/{id}, every message) carried its
    # params: hoshi-battle's deck1 and deck2 are each player's whole hand.
    tid, tokens = create(client, "hoshi-battle", 2,
                         params={"deck1": DECK1, "deck2": DECK2})
    rng = random.Random(4)
    for _ in range(12):
        table = client.get(f"/api/tables/{tid}").json()
        if table["status"] == "over":
            break
        for seat, secret in ((1, DECK1), (0, DECK2)):
            seen = json.dumps(client.get(f"/api/tables/{tid}/view", headers={
                "X-Seat-Token": tokens[seat]}).json()["view"])
            for text in _texts(client, tid, tokens[seat]) + _texts(client, tid, None):
                for card in secret.split(","):
                    if card not in seen:  # not yet revealed to this seat
                        assert card not in text, (seat, card)
        seat = table["to_act"]
        view = client.get(f"/api/tables/{tid}/view",
                          headers={"X-Seat-Token": tokens[seat]}).json()
        if not view["legal"]:
            break
        client.post(f"/api/tables/{tid}/actions", headers={"X-Seat-Token": tokens[seat]},
                    json={"action": rng.choice(view["legal"]), "version": view["version"]})
    assert get_spec("hoshi-battle").params["deck1"].private


@pytest.mark.parametrize("game,players", SETUPS)
def test_every_response_is_the_seats_own_view_and_no_secret(client: Any, game: str,
                                                            players: int) -> None:
    """All seats people; random play over HTTP. Every response a seat gets holds exactly
    the core's view and events for it, and neither the seed nor another seat's token."""
    tid, tokens = create(client, game, players)
    live = client.app.state.hub.tables[tid]
    seed = str(live.state.seed)
    rng = random.Random(players)
    for _ in range(6):
        state = live.state
        if state.is_over:
            break
        for seat in [*range(players), None]:
            headers = {} if seat is None else {"X-Seat-Token": tokens[seat]}
            texts = [client.get(f"/api/tables/{tid}{path}", headers=headers).text
                     for path in ("/view", "/events", "/record", "")]
            body = json.loads(texts[0])
            assert body["view"] == json.loads(json.dumps(state.view(seat)))
            assert body["events"] == json.loads(json.dumps(
                [e.to_json() for e in state.events_for(seat)]))
            for text in texts:
                assert seed not in text
                for other, token in enumerate(tokens):
                    assert other == seat or token not in text
        seat = state.to_act
        body = client.get(f"/api/tables/{tid}/view",
                          headers={"X-Seat-Token": tokens[seat]}).json()
        r = client.post(f"/api/tables/{tid}/actions", headers={"X-Seat-Token": tokens[seat]},
                        json={"action": rng.choice(body["legal"]),
                              "version": body["version"]})
        assert r.status_code == 200, r.text
        assert seed not in r.text
        assert r.json()["view"] == json.loads(json.dumps(live.state.view(seat)))


def test_a_table_that_no_longer_loads_tells_no_stored_action(client: Any,
                                                             tmp_path: Any) -> None:
    # A table whose stored actions no longer replay (a game's rules changed under it)
    # answered everyone, spectators too, with the replay's error: it quoted a stored
    # action (a secret one: a meld set aside) and the engine's reason about the true
    # state.
    import sqlite3

    tid, tokens = create(client, "lightseekers", 2)
    hub = client.app.state.hub
    for _ in range(3):
        body = client.get(f"/api/tables/{tid}/view", headers={
            "X-Seat-Token": tokens[hub.tables[tid].state.to_act]}).json()
        seat = body["seat"]
        r = client.post(f"/api/tables/{tid}/actions", headers={"X-Seat-Token": tokens[seat]},
                        json={"action": body["legal"][-1], "version": body["version"]})
        assert r.status_code == 200, r.text
    secret = "play secret-card-of-p2"
    with sqlite3.connect(tmp_path / "web.sqlite3") as db:
        db.execute("UPDATE actions SET action = ? WHERE table_id = ? AND n = 1",
                   (secret, tid))
    del hub.tables[tid]
    for token in (None, tokens[0]):
        r = client.get(f"/api/tables/{tid}/view",
                       headers={} if token is None else {"X-Seat-Token": token})
        assert r.status_code == 410, r.text
        assert "secret" not in r.text and "does not replay" not in r.text


def test_an_open_seat_looked_at_through_its_link_is_no_longer_free(client: Any) -> None:
    # The creator of an open table holds every seat's link: it could read seat P2's
    # hand through P2's link, and a stranger then took P2 from the lobby, hand known.
    tid, tokens = create(client, "lightseekers", 2, open=True)
    r = client.get(f"/api/tables/{tid}/view", headers={"X-Seat-Token": tokens[1]})
    assert r.status_code == 200 and r.json()["seat"] == 1
    taken = client.post(f"/api/tables/{tid}/join", json={"seat": 1})
    assert taken.status_code == 409, taken.text
    free = [s["seat"] for s in client.get(f"/api/tables/{tid}").json()["seats"]
            if not s["joined"]]
    assert free == []  # P1 is the creator's, seated at creation (issue 31)
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 0}).status_code == 409


def test_an_open_table_takes_no_constructed_deck(client: Any) -> None:
    # Its creator would choose, and so know, the hand of the stranger taking a seat.
    r = client.post("/api/tables", json={"game": "hoshi-battle", "players": 2, "open": True,
                                         "params": {"deck1": DECK1, "deck2": DECK2}})
    assert r.status_code == 400 and "deck1" in r.json()["error"], r.text
    assert client.get("/api/tables").json()["tables"] == []
