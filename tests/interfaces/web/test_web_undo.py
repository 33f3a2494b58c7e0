"""Undo and takebacks (issue 31, "Two people at one table": "Undo: against the AI, take back
my own actions up to the last thing that revealed hidden information; between people, a
takeback that the others must accept. Recorded in the table's history as what it is";
docs/web.md, "Undo and takebacks")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tabletop.interfaces.web import create_app

from .conftest import act, auth, create, view, wait_until

ARENA = "radiant-arena"  # its deployment reveals nothing: a decision there can be undone


def undo(c: Any, tid: str, token: str | None) -> Any:
    return c.post(f"/api/tables/{tid}/undo", headers=auth(token), json={})


def live(c: Any, tid: str) -> Any:
    return c.app.state.hub.tables[tid]


def my_turn(c: Any, tid: str, token: str) -> dict[str, Any]:
    return wait_until(lambda: (m := view(c, tid, token))["legal"] and m, timeout=30)


def test_against_the_ai_an_undo_takes_back_my_decision_and_the_ais_reply(
        client: Any) -> None:
    tid, (me,) = create(client, ARENA, "human", "easy")
    first = my_turn(client, tid, me)
    assert act(client, tid, me, first["legal"][0], first["version"]).status_code == 200
    m = my_turn(client, tid, me)  # the AI has answered
    assert len(live(client, tid).state.history) == 2
    r = undo(client, tid, me)
    assert r.status_code == 200, r.text
    assert r.json()["undone"] is True
    after = view(client, tid, me)
    assert after["view"] == first["view"] and after["legal"] == first["legal"]
    assert after["version"] > m["version"]  # versions never go back
    stale = act(client, tid, me, m["legal"][0], m["version"])
    assert stale.status_code == 409 and "stale" in stale.json()["error"]
    assert [(n["kind"], n["seat"]) for n in after["notices"]] == [("undo", 0)]
    assert set(after["notices"][0]) == {"n", "kind", "seat", "at"}  # nothing of what
    hub = client.app.state.hub
    assert hub.storage.actions(tid) == []  # the canonical record: no undone action
    taken = hub.storage.notices(tid)[0].secret["taken_back"]
    assert [(t["seat"], t["by"]) for t in taken] == [(0, "person"), (1, "ai")]
    history = client.get(f"/api/tables/{tid}/history").json()
    assert history["finished"] is False and "taken_back" not in str(history)


def test_undo_goes_back_one_of_my_decisions_at_a_time(client: Any) -> None:
    tid, (me,) = create(client, ARENA, "human", "easy")
    views = []
    for _ in range(2):
        m = my_turn(client, tid, me)
        views.append(m["view"])
        assert act(client, tid, me, m["legal"][0], m["version"]).status_code == 200
    my_turn(client, tid, me)
    assert undo(client, tid, me).status_code == 200
    assert view(client, tid, me)["view"] == views[1]
    assert undo(client, tid, me).status_code == 200
    assert view(client, tid, me)["view"] == views[0]
    r = undo(client, tid, me)
    assert r.status_code == 409 and "no decision to take back" in r.json()["error"]


def test_an_undo_stops_at_what_revealed_hidden_information(client: Any) -> None:
    """radiant-perim: a pick refills the pool from the deck (a card nobody had seen)."""
    tid, (me,) = create(client, "radiant-perim", "human", "easy")
    m = view(client, tid, me)
    assert act(client, tid, me, m["legal"][0], m["version"]).status_code == 200
    r = undo(client, tid, me)
    assert r.status_code == 409
    assert "something hidden was revealed since your last decision" in r.json()["error"]
    assert len(live(client, tid).state.history) >= 1  # nothing was taken back
    assert undo(client, tid, None).status_code == 403  # spectators do nothing


def test_between_people_a_takeback_is_an_offer_the_others_answer(client: Any) -> None:
    tid, (p1, p2) = create(client, ARENA, "human", "human")
    start = view(client, tid, p1)
    assert act(client, tid, p1, start["legal"][0], start["version"]).status_code == 200
    r = undo(client, tid, p1)
    assert r.status_code == 200 and r.json()["offer"]["kind"] == "takeback"
    offer = r.json()["offer"]
    assert view(client, tid, p2)["offers"] == [offer]
    assert view(client, tid)["offers"] == []  # spectators see no offers
    answer = f"/api/tables/{tid}/offers/{offer['id']}"
    assert client.post(answer, headers=auth(p1), json={"answer": "accept"}).status_code == 409
    assert client.post(answer, headers=auth(p2), json={"answer": "decline"}).status_code == 200
    assert view(client, tid, p1)["offers"] == []
    assert [n["kind"] for n in view(client, tid, p1)["notices"]] == ["offer", "declined"]
    offer = undo(client, tid, p1).json()["offer"]
    ok = client.post(f"/api/tables/{tid}/offers/{offer['id']}", headers=auth(p2),
                     json={"answer": "accept"})
    assert ok.status_code == 200 and ok.json()["undone"] is True
    back = view(client, tid, p1)
    assert back["view"] == start["view"] and back["notices"][-1]["kind"] == "takeback"
    # An offer lapses as soon as the table moves on.
    assert act(client, tid, p1, back["legal"][0], back["version"]).status_code == 200
    m = view(client, tid, p2)
    undo(client, tid, p1)
    assert view(client, tid, p2)["offers"]
    assert act(client, tid, p2, m["legal"][0], m["version"]).status_code == 200
    assert view(client, tid, p1)["offers"] == []


def test_an_undo_survives_a_restart(db: Path) -> None:
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as c:
        tid, (me,) = create(c, ARENA, "human", "easy")
        m = my_turn(c, tid, me)
        act(c, tid, me, m["legal"][0], m["version"])
        my_turn(c, tid, me)
        assert undo(c, tid, me).status_code == 200
        before = view(c, tid, me)
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as c:
        after = view(c, tid, me)
        for part in ("view", "version", "legal", "events", "notices"):
            assert after[part] == before[part], part


def test_among_three_people_who_has_accepted_survives_a_restart(db: Path) -> None:
    """docs/web.md, "Undo and takebacks": a takeback among three people needs both others;
    the first acceptance is a notice (``accepted``, public like the offer's), so a server
    restarted between the two acceptances still counts it and the second carries the
    takeback out."""
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as c:
        tid, (p1, p2, p3) = create(c, "hoshi-battle", "human", "human", "human")
        start = view(c, tid, p1)  # a discard: it reveals nothing
        assert act(c, tid, p1, start["legal"][0], start["version"]).status_code == 200
        offer = undo(c, tid, p1).json()["offer"]
        r = c.post(f"/api/tables/{tid}/offers/{offer['id']}", headers=auth(p2),
                   json={"answer": "accept"})
        assert r.status_code == 200 and r.json()["offer"]["accepted"] == [1]
        last = view(c, tid, p3)["notices"][-1]
        assert {k: last[k] for k in ("kind", "seat", "offer", "by")} == {
            "kind": "accepted", "seat": 1, "offer": "takeback", "by": 0}
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as c:
        assert view(c, tid, p3)["offers"] == [{**offer, "accepted": [1]}]
        r = c.post(f"/api/tables/{tid}/offers/{offer['id']}", headers=auth(p3),
                   json={"answer": "accept"})
        assert r.status_code == 200 and r.json()["undone"] is True
        assert view(c, tid, p1)["view"] == start["view"]
