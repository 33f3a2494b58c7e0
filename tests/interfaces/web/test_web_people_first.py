"""Issue 29, Measured: "a person's action p99 stays under 250 ms at 100 tables". The
server is one event loop, so a person's action waited behind every AI table's commit;
while a person's action is being served, the AI seats' next moves wait (at most
``PEOPLE_FIRST_S``) before they are committed (``Hub.person``, ``Hub._ai_loop``).

The tests hold a person's action in flight by making its store write wait, and watch in
which order the writes reach the store. Nothing here is timed: the order is what counts.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tabletop.interfaces.web import hub as hub_module
from tabletop.interfaces.web.hub import Hub
from tabletop.interfaces.web.storage import open_storage

from .conftest import act, create, view

GAME = "radiant-perim"
PEOPLE = [{"kind": "human"}] * 2
AIS = [{"kind": "ai", "difficulty": "easy"}] * 2
GUARD_S = 120  # only so that a broken test ends: no assertion on how long anything took


@pytest.fixture
def hub(db: Path) -> Iterator[Hub]:
    """A hub on a temporary SQLite file, its AI seats deciding in one thread."""
    storage = open_storage(db)
    pool = ThreadPoolExecutor(1)
    yield Hub(storage, pool)
    pool.shutdown(cancel_futures=True)
    storage.close()


def _watch_store(hub: Hub, order: list[str], person_table: str | None,
                 release: threading.Event, stored: asyncio.Event) -> None:
    """Every action written to the store is noted in ``order``: the person's table's
    write waits for ``release`` (a person's action in flight); an AI table's write
    releases it (it came first: without the change, the test sees it) and sets
    ``stored``."""
    loop = asyncio.get_running_loop()
    append = hub.storage.append

    def slow_append(table_id: str, row: Any, *args: Any) -> None:
        if table_id == person_table:
            order.append("person storing")
            release.wait(GUARD_S)
            order.append("person stored")
        else:
            order.append("ai stored")
            release.set()
            loop.call_soon_threadsafe(stored.set)
        append(table_id, row, *args)

    hub.storage.append = slow_append  # type: ignore[method-assign]


def _watch_waits(monkeypatch: pytest.MonkeyPatch, order: list[str],
                 release: threading.Event | None = None) -> None:
    """The AI loop's waits for people noted in ``order`` (with whether a person's answer
    ended them); the first releases the person's held write."""
    wait = hub_module.wait_event

    async def noted(event: asyncio.Event, seconds: float) -> bool:
        order.append("ai waits")
        if release is not None:
            release.set()
        came = await wait(event, seconds)
        order.append("ai went on" if came else "ai waited its most")
        return came

    monkeypatch.setattr(hub_module, "wait_event", noted)


async def _stop(hub: Hub) -> None:
    hub.shutdown()
    tasks = [t for live in hub.tables.values() for t in [live.ai_task] if t is not None]
    await asyncio.gather(*tasks, return_exceptions=True)


def test_an_ai_move_is_not_committed_while_a_persons_action_is_in_flight(
        hub: Hub, monkeypatch: pytest.MonkeyPatch) -> None:
    # Long enough that the person's answer, not the bound, ends the AI's wait.
    monkeypatch.setattr(hub_module, "PEOPLE_FIRST_S", GUARD_S)

    async def main() -> list[str]:
        order: list[str] = []
        release, stored, storing = threading.Event(), asyncio.Event(), asyncio.Event()
        people, _, _ = hub.create(GAME, 2, {}, PEOPLE, False, {})
        _watch_store(hub, order, people.row.id, release, stored)
        _watch_waits(monkeypatch, order, release)
        seat = people.state.to_act
        assert seat is not None

        async def person() -> str:
            with hub.person():
                storing.set()
                return await hub.act(people, seat, people.legal(seat)[0],
                                     people.version(seat))

        async with asyncio.timeout(GUARD_S):
            acting = asyncio.create_task(person())
            await storing.wait()
            hub.create(GAME, 2, {}, AIS, False, {})  # its AI decides at once
            await stored.wait()
            await acting
        await _stop(hub)
        return order

    order = asyncio.run(main())
    assert order[:5] == ["person storing", "ai waits", "person stored", "ai went on",
                         "ai stored"], order


def test_the_ai_goes_on_after_people_first_s_if_a_persons_action_never_ends(
        hub: Hub, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hub_module, "PEOPLE_FIRST_S", 0.01)

    async def main() -> tuple[list[str], int]:
        order: list[str] = []
        moves = asyncio.Event()
        _watch_waits(monkeypatch, order)
        with hub.person():  # a person's action that is never answered
            _watch_store(hub, order, None, threading.Event(), moves)
            ai, _, _ = hub.create(GAME, 2, {}, AIS, False, {})
            async with asyncio.timeout(GUARD_S):
                while len(ai.state.history) < 3:
                    moves.clear()
                    await moves.wait()
            await _stop(hub)
        return order, len(ai.state.history)

    order, played = asyncio.run(main())
    # Every AI move waited for the person, up to the bound, then was committed.
    assert order[:9] == ["ai waits", "ai waited its most", "ai stored"] * 3, order
    assert played >= 3


def test_with_nobodys_action_in_flight_the_ai_does_not_wait(
        hub: Hub, monkeypatch: pytest.MonkeyPatch) -> None:
    async def main() -> list[str]:
        order: list[str] = []
        moves = asyncio.Event()
        _watch_waits(monkeypatch, order)
        with hub.person(), hub.person():  # two at once, both answered: nobody left
            pass
        with contextlib.suppress(ValueError), hub.person():
            raise ValueError("a refused action (its error answers it) ends it too")
        assert hub.people == 0
        _watch_store(hub, order, None, threading.Event(), moves)
        ai, _, _ = hub.create(GAME, 2, {}, AIS, False, {})
        async with asyncio.timeout(GUARD_S):
            while len(ai.state.history) < 3:
                moves.clear()
                await moves.wait()
        await _stop(hub)
        return order

    order = asyncio.run(main())
    assert "ai waits" not in order and order[:3] == ["ai stored"] * 3, order


def test_a_posted_action_counts_as_a_persons_until_it_is_answered(client: Any) -> None:
    """The HTTP route enters ``Hub.person`` around the action, a refused one too."""
    hub: Hub = client.app.state.hub
    seen: list[int] = []
    real = hub.act

    async def act_counted(*args: Any) -> str:
        seen.append(hub.people)
        return await real(*args)

    hub.act = act_counted  # type: ignore[method-assign]
    tid, tokens = create(client, GAME, "human", "human")
    mine = view(client, tid, tokens[0])
    seat = mine["view"]["to_act"]
    token = tokens[seat]
    mine = view(client, tid, token)
    stale = act(client, tid, token, mine["legal"][0], mine["version"] + 1)
    assert stale.status_code == 409, stale.text
    assert act(client, tid, token, mine["legal"][0], mine["version"]).status_code == 200
    assert seen == [1, 1] and hub.people == 0


def test_at_most_ai_writes_ai_moves_are_on_their_way_to_the_store(hub: Hub) -> None:
    """The AI writes queued before a person's action came are not held back by the wait:
    only ``AI_WRITES`` of them may be in flight at once, so that a person's write waits
    behind a few (on SQLite it had waited behind every AI table's)."""
    tables = hub_module.AI_WRITES + 2

    async def main() -> tuple[int, list[int]]:
        release, lock = threading.Event(), threading.Lock()
        now, most = [0], [0]
        append = hub.storage.append

        def held_append(table_id: str, row: Any, *args: Any) -> None:
            with lock:
                now[0] += 1
                most[0] = max(most[0], now[0])
            release.wait(GUARD_S)
            append(table_id, row, *args)
            with lock:
                now[0] -= 1

        decided: list[str] = []
        hub.storage.append = held_append  # type: ignore[method-assign]
        hub.thought = lambda game, seconds: decided.append(game)
        ais = [hub.create(GAME, 2, {}, AIS, False, {})[0] for _ in range(tables)]
        async with asyncio.timeout(GUARD_S):
            # Every table has decided; those past the bound wait for a place.
            while not (len(decided) >= tables and now[0] == hub_module.AI_WRITES
                       and hub._ai_writes.locked()):
                await asyncio.sleep(0.01)
            release.set()
            while any(len(ai.state.history) < 2 for ai in ais):
                await asyncio.sleep(0.01)
        await _stop(hub)
        return most[0], [len(ai.state.history) for ai in ais]

    most, played = asyncio.run(main())
    assert most == hub_module.AI_WRITES, most
    assert all(n >= 2 for n in played), played
