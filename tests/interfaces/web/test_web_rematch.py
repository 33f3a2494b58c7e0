"""Rematch (issue 31, "Start and finish a game like a player": "Rematch (same seats, seats
swapped)"; the brief: "with people, each person learns their new link through their own
message only"; docs/web.md, "Rematch"). The template game with three cards a suit is over
in six actions."""

from __future__ import annotations

import json
from typing import Any

from .conftest import act, auth, create, view, wait_until

GAME = "goofspiel"


def finish(c: Any, tid: str, tokens: dict[int, str]) -> None:
    """Play the people's seats until the game is over, the AI's turns waited for (by time,
    not by a count of readings: a loaded machine's AI takes longer than 100 of them)."""
    def over() -> bool:
        public = view(c, tid)
        if public["table"]["status"] == "over":
            return True
        seat = public["view"]["to_act"]
        if seat in tokens:
            m = view(c, tid, tokens[seat])
            if m["legal"]:
                act(c, tid, tokens[seat], m["legal"][0], m["version"])
        return False

    wait_until(over, timeout=60)


def rematch(c: Any, tid: str, token: str | None) -> Any:
    return c.post(f"/api/tables/{tid}/rematch", headers=auth(token), json={})


def test_against_the_ai_a_rematch_swaps_the_seats_at_once(client: Any) -> None:
    r = client.post("/api/tables", json={"game": GAME, "params": {"cards": 3},
                                         "seats": [{"kind": "human"},
                                                   {"kind": "ai", "difficulty": "easy"}],
                                         "clock": {"mode": "move", "limit_s": 60}})
    tid, me = r.json()["table"]["id"], r.json()["seats"][0]["token"]
    assert rematch(client, tid, me).status_code == 409  # not over yet
    wait_until(lambda: finish(client, tid, {0: me}) is None, timeout=30)
    r = rematch(client, tid, me)
    assert r.status_code == 200, r.text
    new = r.json()["rematch"]["table"]
    link = view(client, tid, me)["rematch"]
    assert link == {"table": new, "link": f"/table/{new}#token={me}"}
    assert view(client, tid)["rematch"] is None  # a spectator gets no link
    there = view(client, new, me)
    assert there["seat"] == 1  # seats swapped: the AI is P1 now
    line = there["table"]
    assert [s["kind"] for s in line["seats"]] == ["ai", "human"]
    assert line["params"]["cards"] == 3 and line["options"]["clock"]["limit_ms"] == 60_000
    again = rematch(client, tid, me)
    assert again.status_code == 409 and new in again.json()["error"]
    notices = [n["kind"] for n in view(client, tid, me)["notices"]]
    assert notices == ["rematch"]


def test_between_people_each_learns_their_new_link_in_their_own_message(
        client: Any) -> None:
    tid, (p1, p2) = create(client, GAME, "human", "human", params={"cards": 3})
    finish(client, tid, {0: p1, 1: p2})
    offer = rematch(client, tid, p1).json()["offer"]
    assert offer["kind"] == "rematch" and offer["by"] == 0
    assert view(client, tid, p2)["offers"] == [offer]
    done = rematch(client, tid, p2)  # asking for it too accepts the open offer
    assert done.status_code == 200, done.text
    new = done.json()["rematch"]["table"]
    mine, theirs = view(client, tid, p1), view(client, tid, p2)
    assert mine["rematch"]["link"].endswith(p1) and theirs["rematch"]["link"].endswith(p2)
    assert p2 not in json.dumps(mine) and p1 not in json.dumps(theirs)
    assert view(client, new, p1)["seat"] == 1 and view(client, new, p2)["seat"] == 0
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.send_json({"token": p2})
        msg = ws.receive_json()
        assert msg["rematch"]["table"] == new and p1 not in json.dumps(msg)
