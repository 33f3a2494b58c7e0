"""The real-time strike on the server (docs/web.md, "The real-time strike";
docs/rules/hoshi-battle.md, "The strike"): the server opens a strike window, times every
press by its own clock when it arrives, decides by the race's rules and stores the result
as the striker's action. Early, late and forged presses gain nothing; no client can post a
result; the game replays by hash."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tabletop.interfaces.web import create_app
from tabletop.interfaces.web.strike import ANTICIPATION_S, Press, decide_race

from .conftest import act, auth, create, view, wait_until

# The referee's delay before go, short for tests, yet long enough that a press meant to
# come before go still does on a loaded machine (at 0.12 s one arrived after go).
DELAY = (0.6, 0.7)
WINDOW = 0.8  # roomy: a loaded machine may answer slowly


class Ahead:
    """The referee's monotonic clock, moved on by the test (:func:`later`)."""

    def __init__(self) -> None:
        self.by = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.by


def fast(client: TestClient) -> None:
    """The referee's short delay and roomy window, and a clock the test moves on."""
    referee = client.app.state.hub.referee  # type: ignore[attr-defined]
    referee.delay, referee.window = DELAY, WINDOW
    referee.clock = Ahead()


def later(client: TestClient, seconds: float) -> None:
    """``seconds`` pass on the referee's clock (a person's reaction, a press in flight):
    a press made now is timed at least that much after what came before."""
    client.app.state.hub.referee.clock.by += seconds  # type: ignore[attr-defined]


def table(client: TestClient) -> tuple[str, list[str]]:
    fast(client)
    return create(client, "hoshi-battle", "human", "human", params={"strike": "live"})


def someone(c: TestClient, tid: str, tokens: list[str]) -> tuple[str, dict[str, Any]] | None:
    """The first seat (its token and view) that sees a strike window or may act; None."""
    for tok in tokens:
        msg = view(c, tid, tok)
        if msg["strike"] is not None or msg["legal"]:
            return tok, msg
    return None


def to_strike(c: TestClient, tid: str, tokens: list[str], limit: int = 400) -> dict[str, Any]:
    """Play the first legal action of whoever is to act until a strike window opens; the
    window as every seat is told it. (Between, the referee may be deciding the last
    strike: wait until someone may act or a window is open.)"""
    for _ in range(limit):
        tok, msg = wait_until(lambda: someone(c, tid, tokens), timeout=10)
        if msg["strike"] is not None:
            return msg["strike"]  # type: ignore[no-any-return]
        r = act(c, tid, tok, msg["legal"][0], msg["version"])
        assert r.status_code == 200, r.text
    live = c.app.state.hub.tables[tid]  # type: ignore[attr-defined]
    raise AssertionError(f"no strike window opened: {live.state!r} {live.strike} "
                         f"{[e.text for e in live.state.events[-5:]]}")


def press(c: TestClient, tid: str, token: str | None, kind: str, **extra: Any) -> Any:
    return c.post(f"/api/tables/{tid}/strike", headers=auth(token),
                  json={"press": kind, **extra})


def result(c: TestClient, tid: str, tokens: list[str], before: int) -> str:
    """Wait for the referee's result and return it (the last stored action's text)."""
    hub = c.app.state.hub  # type: ignore[attr-defined]
    wait_until(lambda: len(hub.tables[tid].state.history) > before, timeout=10)
    return str(hub.tables[tid].state.history[before].to_text())


def history(c: TestClient, tid: str) -> int:
    return len(c.app.state.hub.tables[tid].state.history)  # type: ignore[attr-defined]


def go(c: TestClient, tid: str, token: str) -> None:
    wait_until(lambda: (view(c, tid, token)["strike"] or {}).get("phase") == "go",
               timeout=5, step=0.005)


def test_the_race_rules() -> None:
    """The race: early (before go, or sooner than a person reacts) is a false start; late
    (after the window) misses; pulling away first escapes, a flinch does not."""
    assert not decide_race(Press(-0.1, None)) and not decide_race(Press(ANTICIPATION_S / 2, 0))
    assert not decide_race(Press(2.0, None))
    assert decide_race(Press(0.25, None)) and decide_race(Press(0.25, -0.2))
    assert not decide_race(Press(0.3, 0.2))


def test_a_strike_in_time_lands_and_enters_the_record(client: TestClient) -> None:
    """After go the striker presses: the strike lands; the result is the striker's stored
    action; the window is told to both seats, with nothing of the delay."""
    tid, tokens = table(client)
    window = to_strike(client, tid, tokens)
    assert window["phase"] == "ready" and set(window) == {"id", "phase", "striker",
                                                          "defender", "window_ms"}
    striker, defender = window["striker"], window["defender"]
    assert view(client, tid, tokens[striker])["legal"] == []  # not a seat's choice
    assert view(client, tid, tokens[defender])["strike"] == window
    n = history(client, tid)
    go(client, tid, tokens[striker])
    later(client, 0.15)  # a person's reaction
    r = press(client, tid, tokens[striker], "strike")
    assert r.status_code == 200 and r.json()["counted"] is True
    assert result(client, tid, tokens, n) == "strike hit"
    rows = client.app.state.hub.storage.actions(tid)  # type: ignore[attr-defined]
    assert rows[n].seat == striker and rows[n].action == "strike hit"


def test_an_early_press_is_a_false_start(client: TestClient) -> None:
    """A strike before go (a client spamming its key) misses; a second press does not
    count."""
    tid, tokens = table(client)
    window = to_strike(client, tid, tokens)
    n = history(client, tid)
    tok = tokens[window["striker"]]
    assert press(client, tid, tok, "strike").json()["phase"] == "ready"
    again = press(client, tid, tok, "strike")  # before go still: not counted again
    assert again.status_code == 409 or again.json()["counted"] is False
    assert result(client, tid, tokens, n) == "strike miss"


def test_a_late_press_misses_and_is_refused(client: TestClient) -> None:
    """No strike within the window: a miss; a press after it is refused (409)."""
    tid, tokens = table(client)
    window = to_strike(client, tid, tokens)
    n = history(client, tid)
    assert result(client, tid, tokens, n) == "strike miss"
    r = press(client, tid, tokens[window["striker"]], "strike", window=window["id"])
    assert r.status_code == 409 and "no strike window" in r.json()["error"]  # closed


def test_forged_timestamps_are_ignored(client: TestClient) -> None:
    """A press claiming an earlier time (``client_ms``) is timed on arrival all the same:
    pressing before go with a claim of a perfect reaction is still a false start; a press
    claiming a false start is still a strike in time."""
    tid, tokens = table(client)
    window = to_strike(client, tid, tokens)
    n = history(client, tid)
    r = press(client, tid, tokens[window["striker"]], "strike", client_ms=250.0)
    assert r.status_code == 200
    assert result(client, tid, tokens, n) == "strike miss"
    window = to_strike(client, tid, tokens)
    n = history(client, tid)
    go(client, tid, tokens[window["striker"]])
    later(client, 0.15)
    assert press(client, tid, tokens[window["striker"]], "strike",
                 client_ms=-5000.0).status_code == 200
    assert result(client, tid, tokens, n) == "strike hit"


def test_the_defender_pulls_away_first(client: TestClient) -> None:
    """The defender pulling away after go and before the strike makes it miss."""
    tid, tokens = table(client)
    window = to_strike(client, tid, tokens)
    n = history(client, tid)
    go(client, tid, tokens[window["defender"]])
    later(client, 0.12)
    assert press(client, tid, tokens[window["defender"]], "pull").status_code == 200
    later(client, 0.2)  # more than a Swift striker's edge
    press(client, tid, tokens[window["striker"]], "strike")
    assert result(client, tid, tokens, n) == "strike miss"


def test_nobody_but_the_referee_decides(client: TestClient) -> None:
    """During a strike window: posting the result is refused (409), a press from the
    wrong side or a spectator is refused (403), and a bad press is a 422."""
    tid, tokens = table(client)
    window = to_strike(client, tid, tokens)
    s, d = window["striker"], window["defender"]
    msg = view(client, tid, tokens[s])
    r = act(client, tid, tokens[s], "strike hit", msg["version"])
    assert r.status_code == 409 and "server" in r.json()["error"]
    assert press(client, tid, tokens[d], "strike").status_code == 403
    assert press(client, tid, tokens[s], "pull").status_code == 403
    assert press(client, tid, None, "strike").status_code == 403
    assert press(client, tid, tokens[s], "slap").status_code == 422


def test_an_ai_duelist_reacts_and_the_game_replays(db: Path) -> None:
    """Against the AI (its reaction drawn on the server) strikes keep coming and being
    decided; a restarted server replays the stored actions to the same hash."""
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as c:
        fast(c)
        tid, (tok,) = create(c, "hoshi-battle", "human", "easy", params={"strike": "live"})
        decided = 0
        for _ in range(600):
            msg = view(c, tid, tok)
            if msg["table"]["status"] == "over" or decided >= 3:
                break
            if msg["strike"] is not None:
                n = history(c, tid)
                result(c, tid, [tok], n)  # nobody presses for this seat: the AI races
                decided += 1
            elif msg["legal"]:
                act(c, tid, tok, msg["legal"][0], msg["version"])
            else:  # the AI's turn: until it is mine, a strike's or the end
                wait_until(lambda: (m := view(c, tid, tok))["legal"] or m["strike"]
                           or m["table"]["status"] == "over", timeout=30)
        assert decided >= 1
        n = history(c, tid)
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as c:
        msg = view(c, tid, tok)  # 410 if the replay reached another position
        assert len(c.app.state.hub.tables[tid].state.history) >= n  # type: ignore[attr-defined]
        assert msg["table"]["id"] == tid


def test_with_three_players_the_strike_is_only_between_the_duelists(client: TestClient
                                                                    ) -> None:
    """The multiplayer variant (docs/rules/hoshi-battle.md, "Multiplayer"): a strike window
    opens between the two duelists; the waiting player sees it but its presses are
    refused (403), whichever kind; the striker's press still decides."""
    fast(client)
    tid, tokens = create(client, "hoshi-battle", "human", "human", "human",
                         params={"strike": "live"})
    window = to_strike(client, tid, tokens)
    s, d = window["striker"], window["defender"]
    waiting = ({0, 1, 2} - {s, d}).pop()
    assert view(client, tid, tokens[waiting])["strike"] == window
    assert press(client, tid, tokens[waiting], "strike").status_code == 403
    assert press(client, tid, tokens[waiting], "pull").status_code == 403
    n = history(client, tid)
    go(client, tid, tokens[s])
    later(client, 0.15)
    assert press(client, tid, tokens[s], "strike").status_code == 200
    assert result(client, tid, tokens, n) == "strike hit"


# --- lag: a press is timed by when it was made (issue 31, "Hoshi's strike, fair") -----


def measured(c: TestClient, tid: str, seat: int, *rtts: int) -> None:
    """Round trips as the server measures them (ping, probe, echo: test_web_seats.py)."""
    live = c.app.state.hub.tables[tid]  # type: ignore[attr-defined]
    live.rtt[seat].clear()
    live.rtt[seat].extend(rtts)


def test_a_slow_connection_does_not_lose_the_strike(client: TestClient) -> None:
    """A press arriving after the window, from a seat whose round trip the server
    measured at 250 ms, was made within it: it lands."""
    tid, tokens = table(client)
    window = to_strike(client, tid, tokens)
    measured(client, tid, window["striker"], 400, 250, 300)  # the smallest counts
    n = history(client, tid)
    go(client, tid, tokens[window["striker"]])
    later(client, WINDOW + 0.08)  # arrives 0.88 s after go: made about 0.63 s after it
    assert press(client, tid, tokens[window["striker"]], "strike").json()["counted"]
    assert result(client, tid, tokens, n) == "strike hit"


def test_the_credit_is_bounded_and_an_impossible_press_is_a_false_start(
        client: TestClient) -> None:
    """However slow a seat seems (a client may delay its answers to pings), at most
    CREDIT_S is given back; and a press the credit would put before a person could see
    go is a false start."""
    from tabletop.interfaces.web.strike import CREDIT_S

    tid, tokens = table(client)
    window = to_strike(client, tid, tokens)
    measured(client, tid, window["striker"], 2000)
    n = history(client, tid)
    go(client, tid, tokens[window["striker"]])
    later(client, WINDOW + CREDIT_S + 0.1)
    press(client, tid, tokens[window["striker"]], "strike")
    assert result(client, tid, tokens, n) == "strike miss"
    window = to_strike(client, tid, tokens)
    measured(client, tid, window["striker"], 250)
    n = history(client, tid)
    go(client, tid, tokens[window["striker"]])
    later(client, 0.2)  # arrived 0.2 s after go with a 0.25 s round trip: pressed before it
    press(client, tid, tokens[window["striker"]], "strike")
    assert result(client, tid, tokens, n) == "strike miss"


def test_the_ais_reaction_depends_on_its_difficulty() -> None:
    """docs/agents.md, "Reaction times": an ex-Gaussian per difficulty. A person of
    ordinary reflexes (a browser's simple reaction test: about 270 ± 50 ms) wins some
    strikes and loses some at normal difficulty, most against easy, few against hard."""
    import random

    from tabletop.agents.reaction import REACTION, reaction_time

    rng = random.Random(31)
    person = [max(0.12, rng.gauss(0.27, 0.05)) for _ in range(4000)]
    share = {}
    for level in REACTION:
        ai = [reaction_time(rng, level) for _ in person]
        assert min(ai) >= ANTICIPATION_S  # never a false start
        wins = sum(decide_race(Press(p, a)) for p, a in zip(person, ai, strict=True))
        share[level] = wins / len(person)
    assert 0.35 < share["normal"] < 0.65, share
    assert share["easy"] > 0.6 and share["hard"] < 0.4, share
    assert REACTION["easy"].mean > REACTION["normal"].mean > REACTION["hard"].mean


def test_an_ai_duelist_presses_at_its_own_difficulty(db: Path) -> None:
    with TestClient(create_app(db, ai_pool="thread", ai_workers=1)) as c:
        tid, _ = create(c, "hoshi-battle", "human", "hard", params={"strike": "live"})
        hub = c.app.state.hub  # type: ignore[attr-defined]
        live = hub.tables[tid]
        assert hub.referee.difficulty(live, 1) == "hard"
        assert hub.referee.difficulty(live, 0) == "normal"  # a person the AI would hold


# --- a result the store refuses (issue 31: GO is never dropped) -------------------------


def test_a_result_the_store_refuses_opens_a_new_window(client: TestClient) -> None:
    """The strike's result cannot be stored (the store refuses it once): the table stays
    at the strike and a new window opens for it, with an id of its own (not the last
    one's: a page whose "closed" message was merged into the next must not take the new
    window for the one it pressed in, and miss its GO); a late press of the old window is
    refused (409), not counted in the new one; the new window's GO and press decide, and
    the result is stored once."""
    from tabletop.interfaces.web.storage import StorageError

    tid, tokens = table(client)
    window = to_strike(client, tid, tokens)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    real, refused = hub.storage.append, []

    def append(table_id: str, row: Any, *rest: Any) -> None:
        if row.by == "referee" and not refused:
            refused.append(row.action)
            raise StorageError("the disk is full")
        real(table_id, row, *rest)

    hub.storage.append = append
    n = history(client, tid)
    striker = tokens[window["striker"]]
    go(client, tid, striker)
    later(client, 0.15)
    assert press(client, tid, striker, "strike", window=window["id"]).json()["counted"]
    again = wait_until(lambda: (s := view(client, tid, striker)["strike"]) is not None
                       and s["id"] != window["id"] and s, timeout=10)
    assert refused == ["strike hit"] and history(client, tid) == n  # nothing stored
    assert again["phase"] == "ready" and again["striker"] == window["striker"]
    late = press(client, tid, striker, "strike", window=window["id"])
    assert late.status_code == 409 and "no strike window" in late.json()["error"]
    go(client, tid, striker)
    later(client, 0.15)
    assert press(client, tid, striker, "strike", window=again["id"]).json()["counted"]
    assert result(client, tid, tokens, n) == "strike hit"
    rows = hub.storage.actions(tid)
    assert [r.action for r in rows[n:]][:1] == ["strike hit"] and len(refused) == 1
