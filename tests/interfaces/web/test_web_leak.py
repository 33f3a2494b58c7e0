"""Nothing a seat may not see leaves the server (issue 13, Security; issue 31, "Nothing
new may leak"): random games of both games are played over the wire (HTTP and WebSocket),
with a game clock and chat, and every message to seat A and to a spectator is checked.

- Exactly the core's words: each view, event list and legal list sent to A is what
  ``State.view(A)``, ``events_for(A)`` and ``legal_actions()`` give at that point (the
  conformance suite proves those hide everything A may not see).
- No secret of the server: neither the seed nor another seat's token ever appears.
- Structure: another hand, captured pile, deck order, meld set aside in secret, item,
  face-down deity, conduit face or face-down clash card is never in A's messages.
- radiant-arena: no name of B's hidden cards (hand, shop items, deity, conduit faces),
  unless it is public or A's own, appears anywhere in A's messages.
- The table's own things: the clocks tell nothing of a secret step (while A's version
  stands still, its clocks do too); chat reaches seats only; spectators get no chat, no
  offers, no rematch link; notices carry only their public fields; pongs only the ping.
- hoshi-battle: what A looked at (a look's test card) is in A's view only, never in B's
  or a spectator's (issue 26).
- The platform's other answers (issue 29): A's "your turn" list (``POST /api/turns``) at
  every step lists A's own seat exactly when it is A's turn, with its documented fields
  only; a table made by the queue is played with A's entry (``GET /api/queue/{id}``) and
  the open seeks (``GET /api/seeks``) read at every step; a private table's user card
  files (``user_cards``, issue 26) are the same in every answer, whatever the deal. Every
  one of these answers is among A's messages that the checks above read, and at each
  step an arena table's answers name none of the cards B holds hidden then.
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

import tabletop
from tabletop.core import Record, initial_state

from .conftest import Server, auth, seats

HTTP = httpx.Client(timeout=10)


class Listener:
    """A WebSocket for one seat, collecting every message in a thread; it pings now and
    then, and answers each pong's probe (as the browser does)."""

    def __init__(self, url: str, tid: str, token: str | None) -> None:
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self._stop = False
        self._last = time.monotonic()
        ws_url = url.replace("http://", "ws://") + f"/api/tables/{tid}/ws"
        self._ws = connect(ws_url).__enter__()
        self._ws.send(json.dumps({"token": token} if token else {}))
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop:
            try:
                text = self._ws.recv(timeout=0.2)
            except TimeoutError:
                continue
            except Exception:
                return
            self.raw.append(str(text))
            msg = json.loads(text)
            self.messages.append(msg)
            self._last = time.monotonic()
            if msg["type"] == "pong":
                self._ws.send(json.dumps({"probe": msg["probe"]}))
            elif len(self.messages) % 7 == 0:
                self._ws.send(json.dumps({"ping": len(self.messages)}))

    @property
    def states(self) -> list[dict[str, Any]]:
        """The seat's messages (``state`` and ``update``), without the pongs."""
        return [m for m in self.messages if m["type"] in ("state", "update")]

    def close(self) -> None:
        while time.monotonic() - self._last < 0.5:  # until the stream is quiet
            time.sleep(0.1)
        self._stop = True
        self._thread.join(5)
        self._ws.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    from .conftest import start_server

    folder = tmp_path_factory.mktemp("leak")
    s = start_server(folder / "web.sqlite3", folder / "server.log")
    yield s
    s.stop()


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


CHAT = ["good luck", "<b>bold</b> & <script>x</script>", "which card now?"]


TURN_FIELDS = {"table", "game", "name", "seat", "label", "since", "left_ms", "limit_ms",
               "turn_based"}  # an entry of the "your turn" list (docs/web.md)
Reads = Callable[[str, list[str]], list[httpx.Response]]


def _new_table(server: Server, game: str, players: int, **extra: Any
               ) -> tuple[str, list[str]]:
    """A table with every seat a person and a game clock: its id and the seats' tokens."""
    r = HTTP.post(f"{server.url}/api/tables", json={
        "game": game, "players": players, "seats": seats(*["human"] * players),
        "clock": {"mode": "game", "limit_s": 3600, "increment_s": 5},
        # The other seats act over HTTP only, so they count as away: with a grace period a
        # slow machine would see the AI take them over mid-game (test_web_grace.py's case).
        "grace_s": None, **extra})
    assert r.status_code == 201, r.text
    return r.json()["table"]["id"], [s["token"] for s in r.json()["seats"]]


def _check_turns(answer: dict[str, Any], tid: str, to_act: int | None) -> None:
    """A's "your turn" list: A's own seat at this table exactly when A is to act."""
    mine = [t for t in answer["turns"] if t["table"] == tid]
    assert all(set(t) == TURN_FIELDS for t in answer["turns"])
    assert [t["seat"] for t in mine] == ([0] if to_act == 0 else [])


Choose = Callable[[int, list[str], random.Random], str]


def _play(server: Server, game: str, players: int, seed: int,
          table: tuple[str, list[str]] | None = None, reads: Reads | None = None,
          choose: Choose | None = None
          ) -> tuple[Record, list[dict[str, Any]], list[str], Listener, list[str]]:
    """A random game at ``table`` (default: a new one of :func:`_new_table`) with some
    chat; returns the record, A's HTTP messages (one view message per step, in order,
    each with the time it was asked: ``_at``), their raw texts (with A's "your turn" list
    at every step, and what ``reads(tid, tokens)`` answers A), A's WebSocket listener
    and the tokens. A spectator's listener is checked here. ``choose(seat, legal, rng)``:
    the action of the seat to act (default: one at random)."""
    tid, tokens = table or _new_table(server, game, players)
    ws = Listener(server.url, tid, tokens[0])
    watcher = Listener(server.url, tid, None)
    rng = random.Random(seed)
    steps: list[dict[str, Any]] = []
    raw: list[str] = []
    while True:
        if rng.random() < 0.05:
            speaker = rng.randrange(players)
            HTTP.post(f"{server.url}/api/tables/{tid}/chat", headers=auth(tokens[speaker]),
                      json={"text": rng.choice(CHAT)})
        at = time.monotonic()
        got = HTTP.get(f"{server.url}/api/tables/{tid}/view", headers=auth(tokens[0]))
        raw.append(got.text)
        steps.append({**got.json(), "_at": (at + time.monotonic()) / 2})
        turns = HTTP.post(f"{server.url}/api/turns", json={"tokens": [tokens[0]]})
        _check_turns(turns.json(), tid, steps[-1]["view"]["to_act"])
        answers = [turns, *(reads(tid, tokens) if reads else ())]
        raw.extend(r.text for r in answers)
        steps[-1]["_answers"] = [r.json() for r in answers]  # (for _check_answers_by_step)
        if steps[-1]["table"]["status"] == "over":
            break  # (the finished record holds the seed, rightly: the game is over)
        for extra in ("legal", "record"):  # A asks everything it may ask mid-game
            if extra == "legal" or rng.random() < 0.05:
                raw.append(HTTP.get(f"{server.url}/api/tables/{tid}/{extra}",
                                    headers=auth(tokens[0])).text)
        seat = steps[-1]["view"]["to_act"]
        m = HTTP.get(f"{server.url}/api/tables/{tid}/view", headers=auth(tokens[seat])).json()
        if seat != 0 and rng.random() < 0.1:  # A tries to act out of turn
            bad = HTTP.post(f"{server.url}/api/tables/{tid}/actions", headers=auth(tokens[0]),
                            json={"action": rng.choice(m["legal"]),
                                  "version": steps[-1]["version"]})
            assert bad.status_code == 409
            raw.append(bad.text)
        action = choose(seat, m["legal"], rng) if choose else rng.choice(m["legal"])
        done = HTTP.post(f"{server.url}/api/tables/{tid}/actions", headers=auth(tokens[seat]),
                         json={"action": action, "version": m["version"]})
        assert done.status_code == 200, done.text
        if seat == 0:
            raw.append(done.text)
    ws.close()
    watcher.close()
    _check_spectator(watcher, tokens)
    record = Record.from_json(HTTP.get(f"{server.url}/api/tables/{tid}/record").json()["record"])
    return record, steps, raw, ws, tokens


def _check_exact(record: Record, steps: list[dict[str, Any]], ws: Listener,
                 files: Sequence[Path] = ()) -> Any:
    """Each step's message to A is exactly the core's (``files``: the table's card
    files); every WebSocket view is one of them and the WebSocket's events add up to A's
    events."""
    state = initial_state(record, files)
    views = []
    assert len(steps) == len(record.actions) + 1
    for k, msg in enumerate(steps):
        assert msg["seat"] == 0
        assert msg["view"] == state.view(0), f"step {k}"
        assert msg["events"] == [e.to_json() for e in state.events_for(0)], f"step {k}"
        legal = [a.to_text() for a in state.legal_actions()] if state.to_act == 0 else []
        assert msg["legal"] == legal
        views.append(json.dumps(msg["view"], sort_keys=True))
        if k < len(record.actions):
            state.apply(record.actions[k])
    seen = set(views)
    events: list[dict[str, Any]] = []
    for msg in ws.messages:
        if msg["type"] == "pong":
            assert set(msg) == {"type", "ping", "probe", "rtt_ms"}
            continue
        assert msg["type"] in ("state", "update") and msg["seat"] == 0
        assert json.dumps(msg["view"], sort_keys=True) in seen
        events = msg["events"] if msg["type"] == "state" else events + msg["events"]
        _check_table_things(msg)
    assert events == steps[-1]["events"]
    for msg in steps:
        _check_table_things(msg)
    return state


def _check_table_things(msg: dict[str, Any]) -> None:
    """A seat's chat, notices, offers and rematch: only what is the seat's to know."""
    for line in msg["chat"]:
        assert set(line) <= {"n", "seat", "label", "text", "kind", "key", "at"}
        assert 0 <= line["seat"] < msg["table"]["players"] and line["text"] in CHAT
    for n in msg["notices"]:
        assert "taken_back" not in n and "bump" not in n
    assert msg["rematch"] is None and msg["muted"] == {"all": False, "seats": []}


def _check_clocks(steps: list[dict[str, Any]]) -> int:
    """While A's version stands still (another seat's secret steps), A's clocks do too:
    the same seat running, the same times left, the same deadline (as of when asked).
    Returns how many such steps there were."""
    still = 0
    for before, after in zip(steps, steps[1:], strict=False):
        if after["version"] != before["version"] or after["table"]["status"] == "over":
            continue
        a, b = before["clock"], after["clock"]
        still += 1
        assert a["running"] == b["running"]
        for s, (x, y) in enumerate(zip(a["remaining_ms"], b["remaining_ms"], strict=True)):
            if s != a["running"]:
                assert x == y, (s, a, b)
        if a["running"] is not None:
            due = (before["_at"] + a["deadline_in_ms"] / 1000,
                   after["_at"] + b["deadline_in_ms"] / 1000)
            assert abs(due[0] - due[1]) < 0.5, (a, b)  # an increment would be 5 s
    return still


def _check_spectator(watcher: Listener, tokens: list[str]) -> None:
    """A spectator reads no chat, sees no offers and no rematch link, and nothing of
    anyone's token."""
    assert watcher.messages
    for msg in watcher.messages:
        if msg["type"] == "pong":
            assert msg["rtt_ms"] is None  # a spectator's round trip is nobody's business
            continue
        assert msg["seat"] is None and msg["chat"] == [] and msg["offers"] == []
        assert msg["rematch"] is None and msg["muted"] is None and msg["legal"] == []
    everything = "\n".join(watcher.raw)
    assert not any(t in everything for t in tokens)


def _check_secrets(record: Record, raw: list[str], ws: Listener, tokens: list[str]) -> None:
    everything = "\n".join(raw + ws.raw)
    assert str(record.seed) not in everything
    for token in tokens[1:]:
        assert token not in everything


@pytest.mark.parametrize("players", [3, 4])
def test_no_message_to_a_perim_seat_holds_another_seats_secrets(
        server: Server, players: int) -> None:
    # The deal is the server's (a table takes no seed), and once in a few deals a random
    # game gives A no step where only the others' secrets moved, which the clocks' check
    # needs: every game is checked, and one of up to four must have such a step.
    still = 0
    for attempt in range(4):
        record, steps, raw, ws, tokens = _play(server, "radiant-perim", players,
                                               players + 10 * attempt)
        _check_exact(record, steps, ws)
        still = _check_clocks(steps)  # the others' secret melds: the clocks stood still
        _check_secrets(record, raw, ws, tokens)
        _check_perim_hands(steps + ws.states)
        if still:
            break
    assert still > 0, "four games and no step where only the others' secrets moved"


def _check_perim_hands(messages: list[dict[str, Any]]) -> None:
    """No message to A shows another seat's hand, captured pile, deck or secret meld."""
    for msg in messages:
        v = msg["view"]
        assert all("cards" not in h for h in v["hands"][1:])       # other hands
        assert all("cards" not in c for c in v["captured"][1:])    # other captured piles
        assert "deck_order" not in v and isinstance(v["deck"], int)
        for e in msg["events"]:
            if e["fields"].get("seat", 0) != 0:
                assert e["kind"] != "meld_set_aside"              # a secret meld
                if e["kind"] in ("dealt", "leftovers"):
                    assert "cards" not in e["fields"]


def _arena_secrets(record: Record, files: Sequence[Path] = ()
                   ) -> tuple[set[str], set[str], set[str]]:
    """B's hidden names over the game, the public names, and A's own."""
    state = initial_state(record, files)
    hidden: set[str] = set()
    public: set[str] = set()
    own: set[str] = set()
    for k in range(len(record.actions) + 1):
        b = state.view(1)["players"][1]
        hidden |= set(b["cards"]) | set(b["shop_items"])
        hidden |= {c["name"] for c in b["conduits"] if not c["ruined"]}
        hidden |= {u["id"] for u in state.view(1)["units"]
                   if u["owner"] == 1 and u.get("deity") and u["zone"] == "home"}
        public |= set(_strings(state.view(None)))
        own |= set(_strings(state.view(0)["players"][0]))
        if k < len(record.actions):
            state.apply(record.actions[k])
    public |= set(_strings([e.to_json() for e in state.events_for(None)]))
    return hidden, public, own


@pytest.mark.parametrize("seed", [1, 2])
def test_no_message_to_an_arena_seat_holds_the_other_seats_secrets(
        server: Server, seed: int) -> None:
    record, steps, raw, ws, tokens = _play(server, "radiant-arena", 2, seed)
    _check_exact(record, steps, ws)
    _check_clocks(steps)
    _check_secrets(record, raw, ws, tokens)
    _check_arena_names(record, [json.loads(r) for r in raw] + ws.states)
    _check_answers_by_step(record, steps)
    for msg in steps + ws.states:
        b = msg["view"]["players"][1]
        assert not {"cards", "shop_items", "card_texts"} & set(b)
        assert all(c["name"] is None for c in b["conduits"] if not c["ruined"])
        owners = {u["id"]: u["owner"] for u in msg["view"]["units"] if "id" in u}
        combat = msg["view"]["combat"]
        for clash in (combat or {}).get("clashes", []):
            if not clash["face_up"] and owners[clash["hero"]] == 1:
                assert clash["card"] is None  # B's card, face down


def test_the_secret_names_check_would_catch_a_leak() -> None:
    # The arena check above is not vacuous: B's hidden names exist and are not public.
    state = tabletop.new_game("radiant-arena", seed=5)
    record = tabletop.record_of(state)
    hidden, public, own = _arena_secrets(record)
    assert hidden - public - own


def test_the_answers_check_would_catch_a_leak() -> None:
    # The check of each step's answers: one of B's dealt cards in an answer is caught.
    state = tabletop.new_game("radiant-arena", seed=5)
    record = tabletop.record_of(state)
    hand = state.view(1)["players"][1]["cards"]
    _check_answers_by_step(record, [{"_answers": [{"turns": []}]}])
    with pytest.raises(AssertionError, match="step 0"):
        _check_answers_by_step(record, [{"_answers": [{"turns": [], "x": hand[0]}]}])


def _check_arena_names(record: Record, messages: list[Any], files: Sequence[Path] = ()
                       ) -> None:
    """No name of B's hidden cards (over the whole game) in A's ``messages``, unless
    public or A's own at some point."""
    hidden, public, own = _arena_secrets(record, files)
    assert not (hidden - public - own) & set(_strings(messages))


def _check_answers_by_step(record: Record, steps: list[dict[str, Any]],
                           files: Sequence[Path] = ()) -> None:
    """At each step, the platform's answers to A then (``_answers``: the "your turn"
    list and the test's reads) name none of B's cards hidden from A at that step that
    were never public nor A's own until then: a stricter check than the whole game's
    (by its end nearly every card has been seen)."""
    state = initial_state(record, files)
    public: set[str] = set()
    own: set[str] = set()
    reach = 0
    for k, msg in enumerate(steps):
        b = state.view(1)["players"][1]
        hidden = set(b["cards"]) | set(b["shop_items"])
        hidden |= {c["name"] for c in b["conduits"] if not c["ruined"]}
        hidden |= {u["id"] for u in state.view(1)["units"]
                   if u["owner"] == 1 and u.get("deity") and u["zone"] == "home"}
        public |= set(_strings(state.view(None)))
        public |= set(_strings([e.to_json() for e in state.events_for(None)]))
        own |= set(_strings(state.view(0)["players"][0]))
        secret = hidden - public - own
        reach += len(secret)
        assert not secret & set(_strings(msg["_answers"])), f"step {k}"
        if k < len(record.actions):
            state.apply(record.actions[k])
    assert reach, "B hid nothing from A at any step: the check would be vacuous"


def test_a_queue_made_arena_table_leaks_nothing_through_the_queue(server: Server) -> None:
    """Two guests paired by the queue play its table; A's entry and the open seeks (a
    third guest waits meanwhile) are read at every step."""
    joined = []
    for _ in range(2):
        r = HTTP.post(f"{server.url}/api/queue", json={
            "game": "radiant-arena", "players": 2, "rated": False, "ai_after_s": None})
        assert r.status_code == 201, r.text
        joined.append((r.json()["entry"]["id"], r.json()["token"]))
    by_seat = {}
    for e, t in joined:
        line = HTTP.get(f"{server.url}/api/queue/{e}", headers=auth(t)).json()["entry"]
        assert line["status"] == "matched", line
        by_seat[line["seat"]] = (e, t, line["table"])
    mine = by_seat[0]
    tid, tokens = mine[2], [by_seat[0][1], by_seat[1][1]]
    waiting = HTTP.post(f"{server.url}/api/queue", json={
        "game": "radiant-perim", "players": 3, "rated": False, "ai_after_s": None})
    assert waiting.status_code == 201
    # The queue's table has a grace period: B's socket keeps B present (not the AI's).
    others = [Listener(server.url, tid, t) for t in tokens[1:]]

    def reads(tid: str, tokens: list[str]) -> list[httpx.Response]:
        entry = HTTP.get(f"{server.url}/api/queue/{mine[0]}", headers=auth(mine[1]))
        assert entry.json()["entry"]["table"] == tid
        return [entry, HTTP.get(f"{server.url}/api/seeks")]

    try:
        record, steps, raw, ws, tokens = _play(server, "radiant-arena", 2, 3,
                                               (tid, tokens), reads)
    finally:
        for listener in others:
            listener.close()
    assert any("seeks" in r and waiting.json()["entry"]["id"] in r for r in raw)
    _check_exact(record, steps, ws)
    _check_secrets(record, raw, ws, tokens)
    _check_arena_names(record, [json.loads(r) for r in raw] + ws.states)
    _check_answers_by_step(record, steps)


def test_a_table_of_user_cards_leaks_nothing_through_its_card_files(
        server: Server, tmp_path: Path) -> None:
    """B plays the worked example's deck of new cards (Novas); the table's ``user_cards``
    is the same in every answer to A (it lists the file's cards: its rules, public to
    its seats), whatever B holds, and nothing else in A's messages names B's hidden
    cards."""
    text = (Path(__file__).resolve().parents[3] / "examples" / "cards" /
            "radiant-arena.toml").read_text()
    # The record names the file as the table keeps it (by its SHA-256: usercards.py).
    kept = tmp_path / f"{hashlib.sha256(text.encode()).hexdigest()}.toml"
    kept.write_text(text)
    table = _new_table(server, "radiant-arena", 2, params={"deck_b": "novas"},
                       cards=[{"name": "arena.toml", "text": text}])
    listed = HTTP.get(f"{server.url}/api/tables/{table[0]}").json()["options"]["user_cards"]
    assert listed and listed[0]["cards"]

    lines: list[dict[str, Any]] = []

    def reads(tid: str, tokens: list[str]) -> list[httpx.Response]:
        got = HTTP.get(f"{server.url}/api/tables/{tid}")
        lines.append(got.json())
        return [got]

    record, steps, raw, ws, tokens = _play(server, "radiant-arena", 2, 4, table, reads)
    _check_exact(record, steps, ws, [kept])
    _check_secrets(record, raw, ws, tokens)
    messages = [json.loads(r) for r in raw] + ws.states
    cards = [m["table"]["options"]["user_cards"] for m in steps + ws.states if "table" in m]
    cards += [line["options"]["user_cards"] for line in lines]
    assert len(cards) > 2 * len(steps) and all(c == listed for c in cards)
    assert "Nova" in set(_strings(listed))
    # Every other part of A's messages names none of B's hidden cards.
    for m in messages + [a for msg in steps for a in msg["_answers"]]:
        for line in (m, m.get("table")):
            if isinstance(line, dict) and "options" in line:
                line["options"] = {**line["options"], "user_cards": None}
    _check_arena_names(record, messages, [kept])
    _check_answers_by_step(record, steps, [kept])


def test_what_a_hoshi_seat_looked_at_reaches_that_seat_alone(
        server: Server, tmp_path: Path) -> None:
    """Hoshi Battle's look (issue 26; docs/rules/hoshi-battle.md, "Looking"): A plays
    Scout's Map (a test card of a private table's card file) as soon as it may, and its
    view names B's face-down cards it saw (``hand.known``); at every step A's messages are
    exactly the core's, and so are B's and a spectator's views, which hold nothing of it
    (the core's views: tests/games/hoshi_battle/test_look_memory.py)."""
    text = (Path(__file__).resolve().parents[2] / "games" / "hoshi_battle" / "cards" /
            "kernel.toml").read_text()
    kept = tmp_path / f"{hashlib.sha256(text.encode()).hexdigest()}.toml"
    kept.write_text(text)
    decks = {"deck1": "crane-archer,night-hunter,charming-trader,scouts-map,focus,battle-cry",
             "deck2": "wind-dancer,ashigaru-spearman,saal-swordsman,rage,smoke-bomb,"
                      "swift-boots", "budget": 60}
    table = _new_table(server, "hoshi-battle", 2, params=decks,
                       cards=[{"name": "kernel.toml", "text": text}])
    others: list[tuple[dict[str, Any], dict[str, Any]]] = []

    def reads(tid: str, tokens: list[str]) -> list[httpx.Response]:
        b = HTTP.get(f"{server.url}/api/tables/{tid}/view", headers=auth(tokens[1]))
        watcher = HTTP.get(f"{server.url}/api/tables/{tid}/view")
        others.append((b.json(), watcher.json()))
        return []  # (not A's messages)

    def choose(seat: int, legal: list[str], rng: random.Random) -> str:
        return "play scouts-map" if seat == 0 and "play scouts-map" in legal else \
            rng.choice(legal)

    record, steps, raw, ws, tokens = _play(server, "hoshi-battle", 2, 5, table, reads,
                                           choose)
    _check_exact(record, steps, ws, [kept])
    _check_secrets(record, raw, ws, tokens)
    looked = [m["view"]["hand"]["known"] for m in steps if m["view"]["hand"].get("known")]
    assert looked, "A never looked: the check would be vacuous"
    assert all(k["owner"] == 1 for known in looked for k in known)
    state = initial_state(record, [kept])
    assert len(others) == len(steps)
    for k, (b, watcher) in enumerate(others):
        assert b["view"] == state.view(1), f"step {k}"
        assert watcher["view"] == state.view(None), f"step {k}"
        assert "known" not in b["view"]["hand"] and "hand" not in watcher["view"]
        if k < len(record.actions):
            state.apply(record.actions[k])
