"""Balance runs from the deck builder (issue 26, "Designers' lab": a built deck "sent to a
balance run against the ready decks"): played on the server, bounded, with the result
against each ready deck and the report to download."""

from __future__ import annotations

import asyncio
import contextlib
import tomllib
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.games.lightseekers.data import catalog as ls_catalog
from tabletop.games.radiant_arena.spec import catalog as arena_catalog
from tabletop.interfaces.web import decks, lab
from tabletop.interfaces.web.errors import ApiError
from tabletop.interfaces.web.limits import Limiter

from .conftest import wait_until
from .test_web_decks import arena_deck, ls_deck


def finished(c: TestClient, run: dict[str, Any]) -> dict[str, Any]:
    def done() -> dict[str, Any] | None:
        got = c.get(f"/api/decks/runs/{run['id']}").json()
        return got if got["status"] != "running" else None
    return wait_until(done, timeout=120, step=0.1)  # type: ignore[no-any-return]


def test_a_run_plays_the_deck_against_every_ready_deck(client: TestClient) -> None:
    deck = ls_deck("dread", "Dread, tuned")
    r = client.post("/api/decks/lightseekers/runs", json={"deck": deck})
    assert r.status_code == 202, r.text
    run = finished(client, r.json())
    assert run["status"] == "done" and run["error"] == ""
    ready = sorted(ls_catalog().decks)
    assert [a["deck"] for a in run["against"]] == ready
    assert all(a["n"] == lab.GAMES_PER_DECK for a in run["against"])
    assert run["done"] == run["games"] == lab.GAMES_PER_DECK * len(ready)
    assert run["first_seat"]["n"] == run["games"] and "advantage" in run["first_seat"]
    # the report to download: tabletop balance's report, the deck file beside it
    got = client.get(run["report"])
    assert got.status_code == 200
    assert got.headers["content-disposition"].startswith("attachment")
    full = got.json()
    report, ident = full["report"], run["deck"]
    assert report["games"] == run["games"] and report["focus"] == [
        {"kind": "deck", "id": ident}]
    assert tomllib.loads(full["deck_file"]["text"])["deck"][0]["id"] == ident
    # each ready deck's line is the built deck's side of that pairing (ready decks sort
    # on both sides of "built-"): together they are its whole record
    mine = report["kinds"]["deck"]["entities"][ident]
    assert mine["n"] == run["games"] and mine["name"] == "Dread, tuned"
    assert sum(a["wins"] for a in run["against"]) == pytest.approx(mine["wins"])
    for a in run["against"]:
        lo, hi = a["interval"]
        assert lo <= a["rate"] <= hi
    # every seat played every game: half of each pairing with the built deck first
    assert [s["n"] for s in report["seats"]] == [run["games"]] * 2


def test_an_illegal_deck_starts_no_run_and_an_unknown_run_is_404(client: TestClient
                                                                 ) -> None:
    deck = ls_deck("astral")
    deck["cards"][next(iter(deck["cards"]))] += 1  # 31 cards, one of them 4 times
    r = client.post("/api/decks/lightseekers/runs", json={"deck": deck})
    assert r.status_code == 400 and "deck construction rule" in r.json()["error"]
    assert client.app.state.hub.lab.runs == {}  # type: ignore[attr-defined]
    assert client.get("/api/decks/runs/nope").status_code == 404
    assert client.get("/api/decks/runs/nope/report.json").status_code == 404
    r = client.post("/api/decks/hoshi-battle/runs", json={"deck": {}})
    assert r.status_code == 404


def test_one_run_at_a_time_then_a_few_a_minute(client: TestClient,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lab, "GAMES_PER_DECK", 4)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.limits["balance"] = Limiter(2, 1 / 3600)
    first = client.post("/api/decks/radiant-arena/runs", json={"deck": arena_deck()})
    assert first.status_code == 202
    again = client.post("/api/decks/radiant-arena/runs", json={"deck": arena_deck()})
    assert again.status_code == 409 and again.json()["run"] == first.json()["id"]
    # the event loop answers while the run plays: its progress is seen between 0 and all
    seen = set()

    def progress() -> bool:
        got = client.get(f"/api/decks/runs/{first.json()['id']}").json()
        seen.add(got["done"])
        return got["status"] != "running"
    wait_until(progress, timeout=120, step=0.05)
    assert any(0 < n < first.json()["games"] for n in seen), seen
    second = client.post("/api/decks/radiant-arena/runs", json={"deck": arena_deck()})
    assert second.status_code == 202
    finished(client, second.json())
    third = client.post("/api/decks/radiant-arena/runs", json={"deck": arena_deck()})
    assert third.status_code == 429 and int(third.headers["retry-after"]) > 60
    assert len(hub.lab.runs) == 2


def test_the_server_plays_a_few_runs_at_once_and_a_failed_game_fails_the_run(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lab, "GAMES_PER_DECK", 2)
    dg = decks.GAMES["radiant-arena"]
    deck = decks.parse(dg, arena_deck("b"))

    async def no_limit(client: str) -> float:
        return 0.0

    async def main() -> None:
        runs = lab.Lab(ThreadPoolExecutor(1), no_limit)
        playing = [await runs.start(dg, deck, f"10.0.0.{i}")
                   for i in range(lab.MOST_RUNNING)]
        with pytest.raises(ApiError) as e:
            await runs.start(dg, deck, "10.0.0.99")
        assert e.value.status == 429 and e.value.extra["retry_after"] == 60
        await asyncio.gather(*(r.task for r in playing if r.task))
        assert [r.status for r in playing] == ["done"] * lab.MOST_RUNNING
        assert all(r.done == 2 * len(arena_catalog().decks) for r in playing)

        def broken(job: Any) -> Any:
            raise RuntimeError("a bug")
        monkeypatch.setattr(lab, "play_tallied", broken)
        bad = await runs.start(dg, deck, "10.0.0.99")
        assert bad.task is not None
        await bad.task
        assert bad.status == "failed" and "after 0 games (RuntimeError)" in bad.error
        assert bad.to_json()["first_seat"] is None

    asyncio.run(main())


def test_a_run_is_followed_through_any_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """Several workers (docs/deploy.md: "any worker answers any request"): a run started
    through one is followed, and its report downloaded, through the other (its progress
    and report in Redis); the rate of runs is counted once for both. Skipped where
    PostgreSQL or Redis is absent."""
    from tabletop.interfaces.web import create_app
    from tabletop.interfaces.web.cluster import ClusterSettings

    from .services import postgres_schema, redis_url

    monkeypatch.setattr(lab, "GAMES_PER_DECK", 2)
    redis = redis_url()
    with postgres_schema() as url, contextlib.ExitStack() as stack:
        a, b = (stack.enter_context(TestClient(
            create_app(url, ai_pool="thread", ai_workers=1,
                       cluster=ClusterSettings(redis, lease_s=30.0)),
            client=("203.0.113.9", 40000))) for _ in range(2))
        for c in (a, b):
            c.app.state.hub.limits["balance"] = Limiter(1, 1 / 3600)  # type: ignore
        started = a.post("/api/decks/lightseekers/runs", json={"deck": ls_deck("tech")})
        assert started.status_code == 202, started.text
        run = finished(b, started.json())  # every poll through the other worker
        assert run["status"] == "done" and run["done"] == run["games"]
        assert run["against"] == a.get(f"/api/decks/runs/{run['id']}").json()["against"]
        report = b.get(run["report"])
        assert report.status_code == 200 and report.json()["report"]["games"] == run["games"]
        again = b.post("/api/decks/lightseekers/runs", json={"deck": ls_deck("tech")})
        assert again.status_code == 429  # the address's one run, counted by both
        assert b.get("/api/decks/runs/no-such-run").status_code == 404


def test_the_caps_on_runs_hold_for_all_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 (several servers) on issue 26's caps (docs/web.md, "Limits"): with Redis,
    one run at a time per client and at most MOST_RUNNING runs hold for two workers
    together (a client's second run through the other worker is a 409 naming the first;
    a third run anywhere a 429, though each worker plays one); a finished run frees its
    place for both; with Redis out of reach each worker counts its own. Skipped where
    Redis is absent."""
    import secrets
    import threading

    from tabletop.interfaces.web.limits import Sockets
    from tabletop.interfaces.web.shared import Shared

    from .conftest import free_port
    from .services import redis_url

    monkeypatch.setattr(lab, "GAMES_PER_DECK", 2)
    url = redis_url()
    gate = threading.Event()  # the games wait for it: the runs play until the test says
    play = lab.play_tallied

    def held(job: Any) -> Any:
        assert gate.wait(60)
        return play(job)
    monkeypatch.setattr(lab, "play_tallied", held)
    dg = decks.GAMES["radiant-arena"]
    deck = decks.parse(dg, arena_deck("b"))
    prefix = f"tabletop:lab-test-{secrets.token_hex(4)}"

    async def no_limit(client: str) -> float:
        return 0.0

    async def refused(runs: lab.Lab, client: str) -> ApiError:
        with pytest.raises(ApiError) as e:
            await runs.start(dg, deck, client)
        return e.value

    async def main() -> None:
        shared = [Shared(url, prefix, name) for name in ("worker-a", "worker-b")]
        for s in shared:
            s.start(Sockets(10, 10))
        a, b = (lab.Lab(ThreadPoolExecutor(1), no_limit, lambda s=s: s) for s in shared)
        try:
            first = await a.start(dg, deck, "10.0.0.1")
            again = await refused(b, "10.0.0.1")  # the same client, the other worker
            assert again.status == 409 and again.extra["run"] == first.id
            assert f"{first.id} is still playing (0 of {first.total} games)" in str(again)
            second = await b.start(dg, deck, "10.0.0.2")
            for runs in (a, b):  # each worker plays one run, the cluster two: full
                full = await refused(runs, "10.0.0.3")
                assert full.status == 429 and full.extra["retry_after"] == 60
            gate.set()
            await asyncio.gather(*(r.task for r in (first, second) if r.task))
            assert [first.status, second.status] == ["done", "done"]
            third = await b.start(dg, deck, "10.0.0.1")  # both places free again
            assert third.task is not None
            await third.task
        finally:
            for s in shared:
                await s.stop()
            cleaner = Shared(url, prefix, "cleaner")
            keys = await cleaner.redis.keys(f"{prefix}:*")
            if keys:
                await cleaner.redis.delete(*keys)
            await cleaner.stop()

        # Redis out of reach: each worker admits by its own count, nobody is locked out.
        gate.clear()
        down = [Shared(f"redis://127.0.0.1:{free_port()}", prefix, f"down-{i}")
                for i in range(2)]
        alone = [lab.Lab(ThreadPoolExecutor(1), no_limit, lambda s=s: s) for s in down]
        playing = [await runs.start(dg, deck, "10.0.0.1") for runs in alone]
        assert (await refused(alone[0], "10.0.0.1")).status == 409  # its own run
        gate.set()
        await asyncio.gather(*(r.task for r in playing if r.task))
        for s in down:
            await s.stop()

    asyncio.run(main())
