"""Clocks (issue 31, "Two people at one table": "Optional clocks chosen at table creation
(none; per move; a game clock with an increment), enforced by the server ... survive a
server restart, do not run while the other seats' actions are being shown, and
compensate network lag within a bounded allowance per move ... A "+15 s" button gives an
opponent time"; docs/web.md, "Clocks").

The arithmetic is checked on :class:`Clock` with times given (no sleeping); the server's
enforcement with a real table and a one-second clock."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tabletop.interfaces.web import create_app
from tabletop.interfaces.web.clock import (
    GIFT_MS,
    LAG_CAP_MS,
    LAG_GAIN_MS,
    LAG_START_MS,
    RESTART_MS,
    SHOW_CAP_MS,
    SHOW_MS,
    Clock,
    ClockOptions,
)

from .conftest import act, auth, create, view, wait_until

PERIM = "radiant-perim"
NO_RTT = (0, 0, 0)


@dataclass
class Pos:
    """A position as the clock reads it: who is to act."""

    to_act: int | None

    @property
    def is_over(self) -> bool:
        return self.to_act is None


@dataclass
class Ev:
    """An event as the clock reads it: public (``None``) or for some seats."""

    seats: frozenset[int] | None = None


PUBLIC, SECRET_OF_1 = [Ev()], [Ev(frozenset({1}))]


def clock(mode: str = "move", limit: int = 30_000, inc: int = 0) -> Clock:
    return Clock.new(ClockOptions(mode, limit, inc), [0, 1], 3)  # seat 2 is an AI


def test_a_turn_clock_starts_with_the_turn_and_starts_afresh_each_turn() -> None:
    c = clock().sync(Pos(0), {0, 1}, now=100.0, rtt=NO_RTT)
    assert c.running == 0 and c.started == 100.0 and c.remaining[2] is None
    assert c.left_ms(0, 110.0) == 20_000
    c = c.after_action(Pos(1), 0, PUBLIC, {0, 1}, now=112.0, rtt=NO_RTT, paused=False)
    assert c.running == 1 and c.remaining[0] == 18_000
    c = c.after_action(Pos(0), 1, PUBLIC, {0, 1}, now=113.0, rtt=NO_RTT, paused=False)
    assert c.remaining[0] == 30_000  # a new turn: the whole limit again


def test_a_game_clock_adds_its_increment_after_each_turn_the_person_played() -> None:
    c = clock("game", 60_000, 2_000).sync(Pos(0), {0, 1}, now=0.0, rtt=NO_RTT)
    c = c.after_action(Pos(1), 0, PUBLIC, {0, 1}, now=10.0, rtt=NO_RTT, paused=False)
    assert c.remaining[0] == 52_000  # 60 - 10 + 2
    # P2's clock starts once P1's action is shown (a second), and when the AI takes
    # the seat away mid-turn (its person is gone) earns no increment.
    assert c.running == 1 and c.started == 11.0
    c = c.sync(Pos(1), {0}, now=15.0, rtt=NO_RTT)
    assert c.running is None and c.remaining[1] == 56_000


def test_the_clock_waits_while_the_other_seats_actions_are_shown() -> None:
    """Each action of another seat with a public event is given SHOW_MS in a queue, as
    the client shows them; the turn's clock starts when the queue ends, at most
    SHOW_CAP_MS after the turn began."""
    c = clock().sync(Pos(2), {0, 1}, now=0.0, rtt=NO_RTT)  # the AI's turn: nobody runs
    for t in (0.0, 0.1, 0.2):  # three quick AI actions
        c = c.after_action(Pos(2), 2, PUBLIC, {0, 1}, now=t, rtt=NO_RTT, paused=False)
    c = c.after_action(Pos(0), 2, PUBLIC, {0, 1}, now=0.3, rtt=NO_RTT, paused=False)
    assert c.running == 0 and c.started == 4 * SHOW_MS / 1000
    msg = c.message(1.0)
    assert msg["starts_in_ms"] == 3000 and msg["deadline_in_ms"] == 33_000
    assert msg["remaining_ms"][0] == 30_000  # not ticking yet
    # An AI that thinks between its actions: the showing overlaps the thinking.
    c = clock().sync(Pos(2), {0, 1}, now=0.0, rtt=NO_RTT)
    c = c.after_action(Pos(2), 2, PUBLIC, {0, 1}, now=0.0, rtt=NO_RTT, paused=False)
    c = c.after_action(Pos(0), 2, PUBLIC, {0, 1}, now=5.0, rtt=NO_RTT, paused=False)
    assert c.started == 5.0 + SHOW_MS / 1000
    # Twenty actions in a row: the clock starts no later than the cap.
    c = clock().sync(Pos(2), {0, 1}, now=0.0, rtt=NO_RTT)
    for _ in range(20):
        c = c.after_action(Pos(2), 2, PUBLIC, {0, 1}, now=0.0, rtt=NO_RTT, paused=False)
    c = c.after_action(Pos(0), 2, PUBLIC, {0, 1}, now=0.0, rtt=NO_RTT, paused=False)
    assert c.started == SHOW_CAP_MS / 1000


def test_a_secret_step_changes_nothing_another_seat_could_see() -> None:
    """A step whose events only its seat sees (a meld set aside) neither paces the
    others nor counts as a round trip: the clock after it is the clock before it."""
    c = clock().sync(Pos(1), {0, 1}, now=0.0, rtt=(200, 200, 0))
    after = c.after_action(Pos(1), 1, SECRET_OF_1, {0, 1}, now=3.0, rtt=(200, 200, 0),
                           paused=False)
    assert after == c


def test_lag_is_given_back_from_a_bounded_bank() -> None:
    """A turn of k round trips is charged its time less min(k × rtt, bank); the bank
    starts at LAG_START_MS, gains LAG_GAIN_MS a turn, holds at most LAG_CAP_MS."""
    rtt = (300, 0, 0)
    c = clock().sync(Pos(0), {0, 1}, now=0.0, rtt=rtt)
    for t in (1.0, 2.0, 3.0):  # three more decisions in the same turn
        c = c.after_action(Pos(0), 0, PUBLIC, {0, 1}, now=t, rtt=rtt, paused=False)
    assert c.trips == 3  # the turn-ending decision makes four
    c = c.after_action(Pos(1), 0, PUBLIC, {0, 1}, now=10.0, rtt=rtt, paused=False)
    assert c.remaining[0] == 30_000 - (10_000 - 4 * 300)
    assert c.bank[0] == LAG_START_MS - 1200 + LAG_GAIN_MS
    # A spike far beyond the bank: only the bank is given back, and it empties.
    spike = (4000, 0, 0)
    c = clock("game", 60_000).sync(Pos(0), {0, 1}, now=0.0, rtt=spike)
    c = c.after_action(Pos(1), 0, PUBLIC, {0, 1}, now=10.0, rtt=spike, paused=False)
    assert c.remaining[0] == 60_000 - (10_000 - LAG_START_MS)
    assert c.bank[0] == LAG_GAIN_MS
    # A steady small lag fills the bank to its cap and no further.
    c = clock().sync(Pos(0), {0, 1}, now=0.0, rtt=NO_RTT)
    for turn in range(10):
        c = c.after_action(Pos(1), 0, PUBLIC, {0, 1}, now=turn + 0.5, rtt=NO_RTT,
                           paused=False)
        c = c.after_action(Pos(0), 1, PUBLIC, {0, 1}, now=turn + 1.0, rtt=NO_RTT,
                           paused=False)
    assert c.bank[0] == LAG_CAP_MS


def test_a_clock_flags_once_its_time_and_the_banks_most_have_run_out() -> None:
    c = clock(limit=5_000).sync(Pos(0), {0, 1}, now=0.0, rtt=(400, 0, 0))
    assert c.flag_at((400, 0, 0)) == 5.0 + 400 / 1000  # the pending decision's trip
    assert c.flag_at(NO_RTT) == 5.0
    out = c.timed_out()
    assert out.running is None and out.remaining[0] == 0


def test_plus_fifteen_seconds() -> None:
    game = clock("game", 60_000).sync(Pos(0), {0, 1}, now=0.0, rtt=NO_RTT)
    assert game.gift(1, 0.0).remaining[1] == 60_000 + GIFT_MS  # not its turn: fine
    move = clock().sync(Pos(0), {0, 1}, now=0.0, rtt=NO_RTT)
    assert move.gift(0, 0.0).remaining[0] == 30_000 + GIFT_MS
    for bad in (1, 2):  # not the seat whose turn it is; an AI seat
        try:
            move.gift(bad, 0.0)
        except ValueError:
            continue
        raise AssertionError(f"gave time to seat {bad}")


def test_a_restart_gives_the_seat_to_act_its_turn_back() -> None:
    c = clock().sync(Pos(0), {0, 1}, now=0.0, rtt=NO_RTT)
    again = c.resumed(50.0)
    assert again.remaining == c.remaining and again.started == 50.0 + RESTART_MS / 1000


# --- on the server ------------------------------------------------------------------


def clocked(c: Any, mode: str, limit: int, on_timeout: str = "ai", inc: int = 0,
            kinds: tuple[str, ...] = ("human", "human")) -> tuple[str, list[str]]:
    return create(c, PERIM, *kinds, clock={"mode": mode, "limit_s": limit,
                                           "increment_s": inc, "on_timeout": on_timeout})


def test_clock_choices_are_checked(client: Any) -> None:
    for choice, status, words in [
        ({"mode": "move", "limit_s": 30, "increment_s": 5}, 400, "no increment"),
        ({"mode": "game", "limit_s": 0}, 422, "limit_s"),
        ({"mode": "sundial", "limit_s": 30}, 422, "mode"),
        ({"mode": "game", "limit_s": 30, "on_timeout": "shrug"}, 422, "on_timeout"),
    ]:
        r = client.post("/api/tables", json={"game": PERIM, "players": 2, "clock": choice,
                                             "seats": [{"kind": "human"}] * 2})
        assert r.status_code == status and words in r.json()["error"], (choice, r.text)
    assert client.get("/api/tables").json()["tables"] == []
    tid, (t0, _) = clocked(client, "game", 300, "lose", inc=5)
    msg = view(client, tid, t0)
    assert msg["clock"]["mode"] == "game" and msg["clock"]["increment_ms"] == 5000
    assert msg["clock"]["running"] == 0 and msg["clock"]["remaining_ms"][1] == 300_000
    assert 295_000 < msg["clock"]["remaining_ms"][0] <= 300_000
    assert msg["table"]["options"]["clock"]["on_timeout"] == "lose"
    public = view(client, tid)["clock"]  # spectators see the clocks too
    assert (public["running"], public["limit_ms"]) == (0, 300_000)


def test_when_a_turn_clock_runs_out_the_ai_plays_that_turn(client: Any) -> None:
    """on_timeout = ai: the AI plays the seat's turn, the seat is shown as held, a
    notice says so, and the next turn is the person's again with a fresh clock."""
    tid, (t0, t1) = clocked(client, "move", 1, "ai")
    live = client.app.state.hub.tables[tid]
    start = time.monotonic()
    wait_until(lambda: any(n["kind"] == "timeout" for n in view(client, tid, t1)["notices"]),
               timeout=10)
    assert time.monotonic() - start >= 0.9
    notice = next(n for n in view(client, tid, t1)["notices"] if n["kind"] == "timeout")
    assert notice["seat"] == 0 and notice["then"] == "ai"
    wait_until(lambda: live.state.to_act == 1, timeout=20)
    assert live.by[0] == "ai" and live.actors[0] == 0
    msg = view(client, tid, t1)
    assert msg["clock"]["running"] == 1 and msg["legal"]
    assert msg["clock"]["remaining_ms"][0] == 0  # the clock that ran out stays at zero
    assert not msg["table"]["seats"][0]["ai_holding"]


def test_an_action_in_time_stops_the_clock_and_plus_fifteen(client: Any) -> None:
    tid, (t0, t1) = clocked(client, "game", 100, "lose", inc=3)
    m = view(client, tid, t0)
    assert act(client, tid, t0, m["legal"][0], m["version"]).status_code == 200
    m = view(client, tid, t1)
    assert m["clock"]["running"] == 1
    assert 100_000 < m["clock"]["remaining_ms"][0] <= 103_000
    before = m["clock"]["remaining_ms"][0]
    r = client.post(f"/api/tables/{tid}/clock/give", headers=auth(t1), json={"seat": 0})
    assert r.status_code == 200, r.text
    assert r.json()["clock"]["remaining_ms"][0] == before + GIFT_MS
    given = [n for n in view(client, tid, t0)["notices"] if n["kind"] == "time_given"]
    assert given and given[0]["seat"] == 1 and given[0]["to"] == 0
    for token, body, status in [(t1, {"seat": 1}, 409), (None, {"seat": 0}, 403),
                                (t1, {"seat": 9}, 400)]:
        r = client.post(f"/api/tables/{tid}/clock/give", headers=auth(token), json=body)
        assert r.status_code == status, r.text
    plain, (p0, _) = create(client, PERIM, "human", "human")
    r = client.post(f"/api/tables/{plain}/clock/give", headers=auth(p0), json={"seat": 1})
    assert r.status_code == 409 and "no clock" in r.json()["error"]


def test_clocks_survive_a_restart(db: Path) -> None:
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as c:
        tid, (t0, t1) = clocked(c, "game", 200, "lose", inc=0)
        m = view(c, tid, t0)
        act(c, tid, t0, m["legal"][0], m["version"])
        c.post(f"/api/tables/{tid}/clock/give", headers=auth(t0), json={"seat": 1})
        before = view(c, tid, t1)["clock"]
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as c:
        after = view(c, tid, t1)["clock"]
        assert after["running"] == 1
        assert after["remaining_ms"][0] == before["remaining_ms"][0]
        assert after["remaining_ms"][1] == 200_000 + GIFT_MS  # its turn, given back whole
        assert after["starts_in_ms"] > RESTART_MS - 2000  # time to reconnect first


def test_a_table_loaded_after_a_timeout_knows_the_ai_still_plays_that_turn() -> None:
    """on_timeout = ai across a restart (or another server loading the table): the
    timeout's notice says how many actions came before it, so a table loaded while that
    turn goes on (nobody else acted since) has the AI play it, not a new turn for the
    person; one loaded after the turn passed does not."""
    from tabletop.core import new_game
    from tabletop.interfaces.web.storage import ActionRow, NoticeRow, SeatRow, TableRow
    from tabletop.interfaces.web.tables import LiveTable

    state = new_game(PERIM, players=2, seed=3)
    row = TableRow("t", PERIM, "1", 2, {}, 3, seats=[SeatRow(0, "human"), SeatRow(1, "human")])
    seat = state.to_act
    assert seat is not None

    def timeout(at: int) -> NoticeRow:
        return NoticeRow(0, "timeout", seat, {"then": "ai"}, {"at": at}, 0.0)

    assert LiveTable(row, state, notices=[timeout(0)]).ai_turn == seat  # the turn goes on
    lost = NoticeRow(0, "timeout", seat, {"then": "lose"}, {"at": 0}, 0.0)
    assert LiveTable(row, state, notices=[lost]).ai_turn is None
    older = NoticeRow(0, "timeout", seat, {"then": "ai"}, {}, 0.0)  # written before "at"
    assert LiveTable(row, state, notices=[older]).ai_turn is None
    # Another seat acted after the timeout (the stored actions' seats): that turn ended,
    # though the seat is to act again.
    other = 1 - seat
    rows = [ActionRow(0, seat, "a", ""), ActionRow(1, other, "b", "")]
    assert LiveTable(row, state, rows, notices=[timeout(1)]).ai_turn is None
    assert LiveTable(row, state, rows, notices=[timeout(2)]).ai_turn == seat
