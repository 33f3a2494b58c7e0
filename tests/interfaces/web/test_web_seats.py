"""A seat's message and who sits where (issue 31, "Start and finish a game like a player",
"Two people at one table"; issue 30, "The web: one place builds every message"): labels
in words aligned with the legal actions, the creator seated at creation, a seat taken by
someone else explained in words, presence on each seat, the same seat in two tabs."""

from __future__ import annotations

import time
from typing import Any

from .conftest import act, auth, create, view, wait_until

PERIM = "radiant-perim"


def hub(client: Any) -> Any:
    return client.app.state.hub


def test_every_seat_message_has_the_contract_fields(client: Any) -> None:
    """Contract 4: the same fields in every message (HTTP view, WebSocket state and
    update, the answer to an action), built in one place."""
    tid, (t0, t1) = create(client, PERIM, "human", "human")
    fields = {"type", "table", "seat", "version", "view", "legal", "labels", "events",
              "strike", "clock", "chat", "offers", "notices", "rematch", "muted"}
    state = view(client, tid, t0)
    assert fields <= set(state) and state["type"] == "state"
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.send_json({"token": t1})
        first = ws.receive_json()
        assert fields <= set(first) and first["type"] == "state"
        reply = act(client, tid, t0, state["legal"][0], state["version"]).json()
        assert fields - {"events", "chat", "notices"} <= set(reply)
        assert reply["type"] == "reply" and reply["applied"] == state["legal"][0]
        update = ws.receive_json()
        assert fields <= set(update) and update["type"] == "update"
        assert update["view"] == view(client, tid, t1)["view"]
    for seat in state["table"]["seats"]:
        assert {"connected", "ai_holding", "name"} <= set(seat)


def test_labels_are_aligned_with_the_legal_actions(client: Any) -> None:
    """Contract 2 through the wire: ``labels[i]`` says ``legal[i]`` in words, built by
    State.describe from the seat's view."""
    tid, (t0, _) = create(client, PERIM, "human", "human")
    msg = view(client, tid, t0)
    assert len(msg["labels"]) == len(msg["legal"]) > 0
    live = hub(client).tables[tid].state
    for text, words in zip(msg["legal"], msg["labels"], strict=True):
        got = live.describe(text, 0)
        assert words == {"label": got.label, "text": got.text} and words["label"]
    assert view(client, tid)["labels"] == []  # a spectator has no actions


def test_the_creator_is_seated_at_creation_even_at_an_open_table(client: Any) -> None:
    """Issue 31: "The creator of a table is seated at creation": a stranger cannot take
    the creator's seat of an open table; the others stay free."""
    r = client.post("/api/tables", json={"game": PERIM, "players": 3, "open": True,
                                         "name": "Ada", "seats": [{"kind": "human"}] * 3,
                                         "seat": 1})
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["you"] == 1
    seats = body["table"]["seats"]
    assert [s["joined"] for s in seats] == [False, True, False]
    assert seats[1]["name"] == "Ada"
    tid = body["table"]["id"]
    taken = client.post(f"/api/tables/{tid}/join", json={"seat": 1})
    assert taken.status_code == 409 and "taken" in taken.json()["error"]
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 0}).status_code == 200
    bad = client.post("/api/tables", json={"game": PERIM, "players": 2, "seat": 1,
                                           "seats": [{"kind": "human"}, {"kind": "ai"}]})
    assert bad.status_code == 400 and "not a person's seat" in bad.json()["error"]


def test_a_seat_taken_by_someone_else_says_so_in_words(client: Any) -> None:
    """Issue 31: "a seat taken by someone else tells the earlier link's holder what
    happened, in words" (not a bare 403), over HTTP and on the WebSocket; the table
    tells everyone a seat was taken."""
    tid, (t0, t1) = create(client, PERIM, "human", "human", open=True)
    got = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Stranger"})
    assert got.status_code == 200
    late = client.get(f"/api/tables/{tid}/view", headers=auth(t1))
    assert late.status_code == 403
    body = late.json()
    assert body["error"].startswith("Seat P2 was taken by another player")
    assert "you can still watch the table" in body["error"]
    assert body["seat_taken"]["seat"] == 1
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.send_json({"token": t1})
        msg = ws.receive_json()
        assert msg["type"] == "error" and "was taken by another player" in msg["error"]
    mine = view(client, tid, t0)
    assert [n["kind"] for n in mine["notices"]] == ["seat_taken"]
    assert mine["table"]["seats"][1]["name"] == "Stranger"
    # A token of another table altogether still gets the plain refusal.
    other, (u0, _) = create(client, PERIM, "human", "human")
    r = client.get(f"/api/tables/{tid}/view", headers=auth(u0))
    assert r.status_code == 403 and "not a seat" in r.json()["error"]


def test_presence_shows_who_is_connected(client: Any) -> None:
    """Issue 31, "Presence": each seat shows whether its player is connected; a dropped
    player's seat says so to the others (after a moment: a reload is no departure)."""
    h = hub(client)
    h.presence.shown_after = 0.2
    tid, (t0, t1) = create(client, PERIM, "human", "human")
    h.tables[tid].shown_after = 0.2
    line = view(client, tid, t0)["table"]["seats"]
    assert [s["connected"] for s in line] == [False, False]  # nobody has connected yet
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws0:
        ws0.send_json({"token": t0})
        ws0.receive_json()
        with client.websocket_connect(f"/api/tables/{tid}/ws") as ws1:
            ws1.send_json({"token": t1})
            first = ws1.receive_json()
            assert [s["connected"] for s in first["table"]["seats"]] == [True, True]
            told = ws0.receive_json()  # P1 is told that P2 arrived
            assert told["table"]["seats"][1]["connected"] is True
        start = time.monotonic()
        while True:  # P2 left: P1 is told, once the moment has passed
            msg = ws0.receive_json()
            if not msg["table"]["seats"][1]["connected"]:
                break
        assert time.monotonic() - start >= 0.15


def test_the_same_seat_in_two_tabs_moves_to_the_newer(client: Any) -> None:
    """Issue 31: "The same seat open in two tabs: the older one says it moved to the other
    and stops acting" (``{type: "moved"}``, then closed); a spectator's tabs are not
    moved, and the seat stays connected."""
    tid, (t0, _) = create(client, PERIM, "human", "human")
    with client.websocket_connect(f"/api/tables/{tid}/ws") as old:
        old.send_json({"token": t0})
        assert old.receive_json()["type"] == "state"
        with client.websocket_connect(f"/api/tables/{tid}/ws") as watch:
            watch.send_json({})
            watch.receive_json()
            with client.websocket_connect(f"/api/tables/{tid}/ws") as new:
                new.send_json({"token": t0})
                assert new.receive_json()["type"] == "state"
                while True:
                    msg = old.receive_json()
                    if msg["type"] == "moved":
                        break
                assert "another tab" in msg["error"]
                live = hub(client).tables[tid]
                assert len([w for w in live.watchers if w.seat == 0]) == 1
                assert live.connected(0)
                # The newer one still follows the table.
                v = view(client, tid, t0)
                assert act(client, tid, t0, v["legal"][0], v["version"]).status_code == 200
                assert new.receive_json()["type"] == "update"


def test_a_ping_is_answered_and_its_probe_measures_the_round_trip(client: Any) -> None:
    """The server measures each seat's round trip itself (docs/web.md, "Lag"): a ping is
    answered with a probe; the probe's echo is timed by the server."""
    tid, (t0, _) = create(client, PERIM, "human", "human")
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.send_json({"token": t0})
        ws.receive_json()
        ws.send_json({"ping": 7})
        pong = ws.receive_json()
        assert pong["type"] == "pong" and pong["ping"] == 7 and pong["rtt_ms"] is None
        ws.send_json({"probe": pong["probe"]})
        live = hub(client).tables[tid]
        wait_until(lambda: len(live.rtt[0]) == 1, timeout=5)
        ws.send_json({"probe": pong["probe"]})  # an echo counts once
        ws.send_json({"probe": "made-up"})  # an unknown probe counts not at all
        ws.send_json({"ping": 8})
        again = ws.receive_json()
        assert again["rtt_ms"] == live.rtt[0][0] and len(live.rtt[0]) == 1
