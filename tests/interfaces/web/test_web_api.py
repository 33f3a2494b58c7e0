"""The JSON API: every endpoint, and every refusal a 4xx with the table unchanged
(issue 13: Server; Security and bad input)."""

from __future__ import annotations

import threading
from typing import Any

import tabletop
from tabletop.core import Record

from .conftest import act, auth, create, view, wait_until

PERIM = "radiant-perim"
ARENA = "radiant-arena"


def test_games_lists_each_game_with_its_parameters(client: Any) -> None:
    body = client.get("/api/games").json()
    by_id = {g["id"]: g for g in body["games"]}
    assert by_id[PERIM]["player_counts"] == [2, 3, 4]
    assert by_id[PERIM]["teams"]["4"] == [[0, 2], [1, 3]]  # partners sit opposite
    assert by_id[ARENA]["labels"]["2"] == ["A", "B"]
    params = {p["name"]: p for p in by_id[ARENA]["params"]}
    # the starter decks and the card pool's ready-made decks (data/pool/decks.toml)
    assert params["deck_a"]["choices"] == ["a", "b", "blades", "colossus", "fates", "grove",
                                           "heralds", "old-guard", "siege", "wrath"]
    assert "cards" not in params  # names files on the server: never a web parameter
    assert body["difficulties"] == ["easy", "normal", "hard"]
    assert client.get("/openapi.json").json()["paths"]["/api/tables/{table_id}/actions"]


def test_create_gives_one_token_per_person_and_no_seed(client: Any) -> None:
    r = client.post("/api/tables", json={"game": PERIM, "players": 3, "seats": [
        {"kind": "human"}, {"kind": "ai", "difficulty": "easy"}, {"kind": "human"}]})
    assert r.status_code == 201
    body = r.json()
    assert [s["seat"] for s in body["seats"]] == [0, 2]
    assert all(s["link"] == f"/table/{body['table']['id']}#token={s['token']}"
               for s in body["seats"])
    assert body["table"]["seats"][1]["kind"] == "ai"
    assert "seed" not in str(body)


def test_create_refuses_bad_input_with_4xx(client: Any) -> None:
    bad = [
        ({"game": "chess"}, 404, "unknown game"),
        ({"game": PERIM, "players": 7}, 400, "played by 2, 3, 4 players"),
        ({"game": PERIM, "params": {"speed": 1}}, 400, "no parameter"),
        ({"game": ARENA, "params": {"cards": "/etc/passwd"}}, 400, "names files"),
        ({"game": ARENA, "params": {"deck_a": "zz"}}, 400, "unknown deck"),
        ({"game": PERIM, "players": 3, "seats": [{"kind": "human"}]}, 400, "one entry per"),
        ({"game": PERIM, "seats": [{"kind": "ai", "difficulty": "godlike"}]}, 422, "seats"),
        ({"game": PERIM, "surprise": True}, 422, "surprise"),
        ({}, 422, "game"),
    ]
    for body, status, words in bad:
        r = client.post("/api/tables", json=body)
        assert r.status_code == status, (body, r.text)
        assert words in r.json()["error"], (body, r.text)
    r = client.post("/api/tables", content=b"{not json", headers={"Content-Type":
                                                                   "application/json"})
    assert r.status_code == 422 and "error" in r.json()
    assert client.get("/api/tables").json()["tables"] == []  # nothing was created


def test_view_of_a_seat_and_of_a_spectator(client: Any) -> None:
    tid, (t0, t1, _) = create(client, PERIM, "human", "human", "human")
    mine = view(client, tid, t0)
    assert mine["seat"] == 0 and mine["view"]["hands"][0]["cards"]
    assert "cards" not in mine["view"]["hands"][1]  # another hand is a count
    assert mine["legal"][0] == "pick a1"
    assert view(client, tid, t1)["legal"] == []  # P2 is not to act
    public = view(client, tid)
    assert public["seat"] is None and public["legal"] == []
    assert all("cards" not in h for h in public["view"]["hands"])
    assert all("cards" not in e["fields"] for e in public["events"] if e["kind"] == "dealt")


def test_a_token_acts_only_at_its_own_table(client: Any) -> None:
    tid, (t0, _) = create(client, PERIM, "human", "human")
    other, (u0, _) = create(client, PERIM, "human", "human")
    for token in (u0, "not-a-token"):
        r = client.get(f"/api/tables/{tid}/view", headers=auth(token))
        assert r.status_code == 403 and "not a seat" in r.json()["error"]
        assert act(client, tid, token, "pick a1", 0).status_code == 403
    assert client.get("/api/tables/nosuchtable/view").status_code == 404


def test_an_action_is_applied_and_answered_with_the_new_position(client: Any) -> None:
    tid, (t0, t1) = create(client, PERIM, "human", "human")
    v = view(client, tid, t0)
    r = act(client, tid, t0, "PICK  b2", v["version"])  # notation is read loosely
    assert r.status_code == 200, r.text
    assert r.json()["applied"] == "pick b2"
    assert r.json()["version"] > v["version"] and r.json()["legal"] == []
    assert view(client, tid, t1)["legal"]  # now P2 drafts


def test_refused_actions_leave_the_table_unchanged(client: Any) -> None:
    tid, (t0, t1) = create(client, PERIM, "human", "human")
    before = view(client, tid, t0)
    cases = [
        (t0, "move clouds-1", before["version"], 409, "illegal"),   # not in this phase
        (t0, "fly away", before["version"], 400, "cannot read"),
        (t0, "pick a1", before["version"] + 5, 409, "stale"),
        (t1, "pick a1", view(client, tid, t1)["version"], 409, "turn"),  # P2 not to act
    ]
    for token, text, version, status, words in cases:
        r = act(client, tid, token, text, version)
        assert r.status_code == status, (text, r.text)
        assert words in r.json()["error"], (text, r.text)
    r = act(client, tid, t0, "move clouds-1", before["version"])
    assert r.json()["rule"] and r.json()["reason"]  # the engine's reason and rule
    r = client.post(f"/api/tables/{tid}/actions", json={"action": "pick a1", "version": 0})
    assert r.status_code == 403 and "spectators do not act" in r.json()["error"]
    r = client.post(f"/api/tables/{tid}/actions", headers=auth(t0), json={"action": "pick a1"})
    assert r.status_code == 422  # the version is required
    after = view(client, tid, t0)
    assert after["view"] == before["view"] and after["version"] == before["version"]


def test_the_same_request_sent_twice_applies_once(client: Any) -> None:
    tid, (t0, _, _) = create(client, PERIM, "human", "human", "human")
    v = view(client, tid, t0)["version"]
    assert act(client, tid, t0, "pick a1", v).status_code == 200
    again = act(client, tid, t0, "pick a1", v)
    assert again.status_code == 409 and "stale" in again.json()["error"]


def test_two_actions_racing_for_one_seat_exactly_one_applies(client: Any) -> None:
    # radiant-perim's meld phase: a seat takes several steps in a row, so both racing
    # requests are legal on their own.
    tid, tokens = create(client, PERIM, "human", "human")
    for _ in range(200):  # play the recruit phase out
        msgs = [view(client, tid, t) for t in tokens]
        if msgs[0]["view"]["phase"] != "recruit":
            break
        seat = msgs[0]["view"]["to_act"]
        m = msgs[seat]
        assert act(client, tid, tokens[seat], m["legal"][0], m["version"]).status_code == 200
    seat = view(client, tid)["view"]["to_act"]
    m = view(client, tid, tokens[seat])
    assert m["view"]["phase"] == "meld"
    results: list[int] = []

    def post(text: str) -> None:
        results.append(act(client, tid, tokens[seat], text, m["version"]).status_code)

    threads = [threading.Thread(target=post, args=(t,)) for t in (m["legal"][0], "meld done")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [200, 409]


def test_legal_and_events_endpoints(client: Any) -> None:
    tid, (t0, t1) = create(client, PERIM, "human", "human")
    legal = client.get(f"/api/tables/{tid}/legal", headers=auth(t0)).json()
    assert legal["legal"][:2] == ["pick a1", "pick a2"]
    assert client.get(f"/api/tables/{tid}/legal").status_code == 403
    everything = client.get(f"/api/tables/{tid}/events", headers=auth(t0)).json()
    assert everything["events"][0]["kind"] == "age_begins"
    assert all({"kind", "fields", "text", "rule"} <= set(e) for e in everything["events"])
    later = client.get(f"/api/tables/{tid}/events?since=2", headers=auth(t0)).json()
    assert later["events"] == everything["events"][2:]
    assert later["next"] == everything["next"]
    assert client.get(f"/api/tables/{tid}/events?since=-1").status_code == 422


def _finish(client: Any, tid: str, tokens: list[str], limit: int = 3000) -> None:
    """Play every seat's first legal action until the game ends."""
    for _ in range(limit):
        public = view(client, tid)
        if public["table"]["status"] == "over":
            return
        seat = public["view"]["to_act"]
        m = view(client, tid, tokens[seat])
        assert act(client, tid, tokens[seat], m["legal"][-1], m["version"]).status_code == 200
    raise AssertionError("the game did not end")


def test_record_is_the_seats_history_mid_game_and_the_full_record_at_the_end(
        client: Any) -> None:
    tid, tokens = create(client, PERIM, "human", "human")
    mid = client.get(f"/api/tables/{tid}/record", headers=auth(tokens[1])).json()
    assert mid["finished"] is False and "record" not in mid
    assert mid["events"] == view(client, tid, tokens[1])["events"]
    assert "seed" not in str(mid) and "actions" not in mid
    r = client.get(f"/api/tables/{tid}/replay?step=1")
    assert r.status_code == 409  # no replay before the end
    _finish(client, tid, tokens)
    assert act(client, tid, tokens[0], "pass", 10**6).status_code == 409  # over
    done = client.get(f"/api/tables/{tid}/record").json()
    record = Record.from_json(done["record"])
    state = tabletop.verify(record)  # replays to its hash
    assert state.outcome() is not None
    step = client.get(f"/api/tables/{tid}/replay?step=3&seat=1").json()
    again = tabletop.replay(record, upto=3)
    assert step["view"] == again.view(1) and step["action"] == record.actions[2]
    assert step["steps"] == len(record.actions)
    assert client.get(f"/api/tables/{tid}/replay?step=99999").status_code == 400
    assert client.get(f"/api/tables/{tid}/replay?seat=9").status_code == 400


def test_join_with_a_link_and_taking_a_free_seat_of_an_open_table(client: Any) -> None:
    tid, (t0, t1) = create(client, PERIM, "human", "human")
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 0, "token": t0})
    assert r.status_code == 200 and r.json()["table"]["seats"][0]["joined"]
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 1, "token": t0}
                       ).status_code == 403
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 1}).status_code == 403
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 5}).status_code == 400
    # An open table: anyone may take a person's seat nobody joined; the old link stops.
    oid, (o0, o1) = create(client, PERIM, "human", "human", open=True)
    listed = client.get("/api/tables?status=open").json()["tables"]
    assert [t["id"] for t in listed] == [oid]
    got = client.post(f"/api/tables/{oid}/join", json={"seat": 1}).json()
    assert got["token"] != o1 and got["link"].endswith(got["token"])
    assert view(client, oid, got["token"])["seat"] == 1
    assert client.get(f"/api/tables/{oid}/view", headers=auth(o1)).status_code == 403
    taken = client.post(f"/api/tables/{oid}/join", json={"seat": 1})
    assert taken.status_code == 409 and "taken" in taken.json()["error"]
    aid, _ = create(client, PERIM, "human", "easy", open=True)
    assert client.post(f"/api/tables/{aid}/join", json={"seat": 1}).status_code == 409


def test_tables_are_listed_by_status(client: Any) -> None:
    tid, tokens = create(client, PERIM, "human", "human")
    running = client.get("/api/tables?status=running").json()["tables"]
    assert [t["id"] for t in running] == [tid] and "seed" not in str(running)
    _finish(client, tid, tokens)
    over = client.get("/api/tables?status=over").json()["tables"]
    assert [t["id"] for t in over] == [tid] and over[0]["outcome"]["winners"]
    assert client.get("/api/tables?status=lost").status_code == 422
    assert client.get(f"/api/tables/{tid}").json()["status"] == "over"


def test_ai_seats_play_on_the_server(client: Any) -> None:
    tid, (t0,) = create(client, ARENA, "human", "easy")
    for _ in range(400):
        m = view(client, tid, t0)
        if m["table"]["status"] == "over":
            break
        if m["legal"]:
            assert act(client, tid, t0, m["legal"][0], m["version"]).status_code == 200
        else:
            wait_until(lambda: view(client, tid, t0)["legal"]
                       or view(client, tid)["table"]["status"] == "over")
    record = Record.from_json(client.get(f"/api/tables/{tid}/record").json()["record"])
    tabletop.verify(record)


def test_websocket_sends_the_table_then_what_the_seat_may_see(client: Any) -> None:
    tid, (t0, t1) = create(client, PERIM, "human", "human")
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws1:
        ws1.send_json({"token": t1})
        first = ws1.receive_json()
        assert first["type"] == "state" and first["seat"] == 1
        assert first["view"] == view(client, tid, t1)["view"]
        v = view(client, tid, t0)["version"]
        assert act(client, tid, t0, "pick c3", v).status_code == 200
        update = ws1.receive_json()
        assert update["type"] == "update" and update["legal"]  # P2's turn now
        assert [e["kind"] for e in update["events"]][:1] == ["pick"]
        assert update["version"] == view(client, tid, t1)["version"]
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.send_json({"token": "wrong"})
        assert ws.receive_json()["type"] == "error"
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.send_text("{oops")
        assert "JSON" in ws.receive_json()["error"]
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.send_json({})
        assert ws.receive_json()["seat"] is None  # a spectator


def test_pages_and_static_files_hold_no_secret(client: Any) -> None:
    tid, (t0,) = create(client, PERIM, "human", "easy")
    for path in ("/", f"/table/{tid}", "/static/js/table.js",
                 "/static/tables/radiant-perim.js", "/static/tables/radiant-arena.js"):
        r = client.get(path)
        assert r.status_code == 200, path
        assert t0 not in r.text
    assert client.get("/static/nothing.js").status_code == 404


def test_a_table_of_another_rules_version_is_refused_naming_the_versions(
        db: Any, caplog: Any) -> None:
    """Issue 30: "Old records are refused with the version they need": a stored table
    whose game now plays another rules version is not resumed and answers 410 naming the
    version it was played under and the one this server plays (not "does not replay")."""
    import logging
    import sqlite3
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    from tabletop.interfaces.web import create_app

    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as first:
        tid, tokens = create(first, "lightseekers", "human", "human")
        seat = view(first, tid)["view"]["to_act"]
        m = view(first, tid, tokens[seat])
        assert act(first, tid, tokens[seat], m["legal"][0], m["version"]).status_code == 200
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE tables SET rules_version = '0' WHERE id = ?", (tid,))
    plays = tabletop.get_spec("lightseekers").rules_version
    with caplog.at_level(logging.ERROR, logger="tabletop.web"), \
            TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as second:
        resumed = [r.getMessage() for r in caplog.records if tid in r.getMessage()]
        assert resumed and "cannot be resumed" in resumed[0]
        assert f"rules version '0' and replays only under that version; this tabletop " \
            f"plays version '{plays}'" in resumed[0]
        for token in (None, tokens[0]):
            r = second.get(f"/api/tables/{tid}/view", headers=auth(token))
            assert r.status_code == 410, r.text
            assert "rules version '0'" in r.text and f"plays version '{plays}'" in r.text
            assert "does not replay" not in r.text
