"""The table's chat (issue 31, "Two people at one table": "Chat with a few emotes and preset
phrases per table: length-limited, rate-limited, stored with the table, shown as text
(never as HTML), mutable per player"; docs/web.md, "Chat")."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tabletop.interfaces.web import create_app
from tabletop.interfaces.web.storage import ChatRow, open_storage
from tabletop.interfaces.web.talk import EMOTES, MAX_CHARS

from .conftest import auth, create, view

PERIM = "radiant-perim"


def say(c: Any, tid: str, token: str | None, **body: Any) -> Any:
    return c.post(f"/api/tables/{tid}/chat", headers=auth(token), json=body)


def test_lines_emotes_and_phrases_reach_the_seats_as_plain_text(client: Any) -> None:
    tid, (t0, t1) = create(client, PERIM, "human", "human")
    markup = '<img src=x onerror="alert(1)"> <b>gl</b> & "hi"'
    assert say(client, tid, t0, text=markup).status_code == 200
    assert say(client, tid, t1, kind="phrase", key="good-luck").status_code == 200
    assert say(client, tid, t0, kind="emote", key="thumbs-up").status_code == 200
    lines = view(client, tid, t1)["chat"]
    assert [(c["seat"], c["kind"]) for c in lines] == [(0, "text"), (1, "phrase"),
                                                        (0, "emote")]
    assert lines[0]["text"] == markup  # as written: the client shows it as text
    assert lines[1]["text"] == "Good luck!" and lines[1]["key"] == "good-luck"
    # an emote goes as its key and its name in words (the client draws it from the key)
    assert lines[2]["text"] == "Thumbs up" and lines[2]["key"] == "thumbs-up"
    assert lines[0]["label"] == "P1"
    presets = client.get("/api/games").json()["chat"]
    assert {"good-luck", "good-game"} <= {p["key"] for p in presets["phrases"]}
    assert presets["max_chars"] == MAX_CHARS


def test_bad_lines_are_refused_and_change_nothing(client: Any) -> None:
    tid, (t0,) = create(client, PERIM, "human", "easy")
    for body, status, words in [
        ({"text": "x" * (MAX_CHARS + 1)}, 400, "at most"),
        ({"text": "   "}, 400, "empty"),
        ({"text": "bell\x07"}, 400, "control character"),
        ({"text": "rtl\u202e"}, 400, "control character"),
        ({"kind": "emote", "key": "middle-finger"}, 400, "no emote"),
        ({"kind": "phrase"}, 400, "no phrase"),
        ({"kind": "text"}, 400, "needs its text"),
        ({"kind": "shout", "text": "x"}, 422, "kind"),
    ]:
        r = say(client, tid, t0, **body)
        assert r.status_code == status and words in r.json()["error"], (body, r.text)
    r = say(client, tid, None, text="a spectator")
    assert r.status_code == 403  # seats only write
    assert view(client, tid, t0)["chat"] == []
    assert say(client, tid, t0, text="one\n  line").json()["text"] == "one line"


def test_a_flood_is_refused(client: Any) -> None:
    """Five lines in a burst, then one every two seconds: the sixth at once is a 429."""
    tid, (t0, t1) = create(client, PERIM, "human", "human")
    codes = [say(client, tid, t0, text=f"line {i}").status_code for i in range(6)]
    assert codes == [200] * 5 + [429]
    assert say(client, tid, t1, text="my own budget").status_code == 200
    assert len(view(client, tid, t1)["chat"]) == 6


def test_spectators_read_no_chat_and_a_mute_is_each_seats_own(client: Any) -> None:
    """docs/web.md: spectators see none of the players' chat; a seat may mute another
    seat or the whole chat, which changes only its own messages."""
    tid, (t0, t1, t2) = create(client, PERIM, "human", "human", "human")
    for token, text in ((t0, "from P1"), (t1, "from P2"), (t2, "from P3")):
        assert say(client, tid, token, text=text).status_code == 200
    assert view(client, tid)["chat"] == []
    r = client.post(f"/api/tables/{tid}/mute", headers=auth(t0), json={"seat": 1})
    assert r.status_code == 200 and r.json()["muted"] == {"all": False, "seats": [1]}
    assert [c["text"] for c in view(client, tid, t0)["chat"]] == ["from P1", "from P3"]
    assert len(view(client, tid, t2)["chat"]) == 3  # P3 mutes nobody
    client.post(f"/api/tables/{tid}/mute", headers=auth(t0), json={"seat": None})
    assert [c["text"] for c in view(client, tid, t0)["chat"]] == ["from P1"]
    client.post(f"/api/tables/{tid}/mute", headers=auth(t0), json={"seat": None,
                                                                   "muted": False})
    client.post(f"/api/tables/{tid}/mute", headers=auth(t0), json={"seat": 1,
                                                                   "muted": False})
    assert len(view(client, tid, t0)["chat"]) == 3
    assert client.post(f"/api/tables/{tid}/mute", headers=auth(t0),
                       json={"seat": 0}).status_code == 400
    assert client.post(f"/api/tables/{tid}/mute", json={"seat": 1}).status_code == 403


def test_the_websocket_brings_new_lines_and_a_muted_seat_gets_none(client: Any) -> None:
    tid, (t0, t1) = create(client, PERIM, "human", "human")
    client.post(f"/api/tables/{tid}/mute", headers=auth(t1), json={"seat": 0})
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws0, \
            client.websocket_connect(f"/api/tables/{tid}/ws") as ws1:
        ws0.send_json({"token": t0})
        ws1.send_json({"token": t1})
        ws0.receive_json()
        ws1.receive_json()
        say(client, tid, t0, text="hello")
        say(client, tid, t1, kind="phrase", key="hello")
        while True:  # P1 reads both lines, one update at a time
            msg = ws0.receive_json()
            if msg["type"] == "update" and any(c["seat"] == 1 for c in msg["chat"]):
                break
        while True:  # P2 reads only its own (it muted P1)
            msg = ws1.receive_json()
            if msg["type"] == "update" and msg["chat"]:
                assert [c["seat"] for c in msg["chat"]] == [1]
                break


def test_the_chat_is_stored_with_the_table(db: Path) -> None:
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as c:
        tid, (t0, t1) = create(c, PERIM, "human", "human")
        say(c, tid, t0, text="before the restart")
        c.post(f"/api/tables/{tid}/mute", headers=auth(t1), json={"seat": None})
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as c:
        assert [x["text"] for x in view(c, tid, t0)["chat"]] == ["before the restart"]
        assert view(c, tid, t1)["muted"] == {"all": True, "seats": []}
        assert view(c, tid, t1)["chat"] == []


# Characters that only an emoji font draws (as test_web_fit.py's EMOJI).
EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2300-\u23FF\u2600-\u27BF\uFE0F]")


def test_emotes_go_on_the_wire_as_keys_and_words(db: Path) -> None:
    """Issue 31 ("Chat with a few emotes"; the client draws each emote as an SVG from its
    key, js/emotes.js): the server sends no emoji, neither in the presets of
    ``GET /api/games`` nor in an emote's line, nor for a line stored when the emotes were
    emoji (it reads as the emote's name)."""
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as client:
        presets = client.get("/api/games").json()["chat"]
        assert {e["key"] for e in presets["emotes"]} == set(EMOTES)
        for e in presets["emotes"]:
            assert e["text"] == EMOTES[e["key"]] and not EMOJI.search(e["text"]), e
        tid, tokens = create(client, PERIM, "human", "human")
        for n, key in enumerate(EMOTES):  # three each: within a seat's burst of five
            assert say(client, tid, tokens[n % 2], kind="emote", key=key).status_code == 200
        lines = view(client, tid, tokens[1])["chat"]
        assert [(c["key"], c["text"]) for c in lines] == list(EMOTES.items())
        assert not EMOJI.search(json.dumps(lines, ensure_ascii=False))
    # A line stored as an emoji (as the emotes were once sent): read back as its name.
    open_storage(db).add_chat(tid, ChatRow(len(EMOTES), 0, "emote", "wave", "\U0001F44B",
                                           1001.25))
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as client:
        last = view(client, tid, tokens[1])["chat"][-1]
        assert (last["key"], last["text"]) == ("wave", "Wave")
