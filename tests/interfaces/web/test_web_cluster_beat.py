"""A worker's beat costs the same however many tables it holds (issue 29, Measured: at
1,000 tables two workers did worse than one, each beat of each worker being a message
and a round trip to Redis per table, read by every worker, its sender too, and a
rewrite of a row per table in the store; cluster.py, "Who is connected travels too").

Two workers on one PostgreSQL store and one Redis, in this process (as in
test_web_cluster_live.py), their own beats stopped (the poll's intervals made an hour)
so that the test beats when it chooses: its Redis round trips are counted through a
wrapper of the worker's client, its store writes through one of the store's call, and
what each worker reads of the channel through one of its reader. Skipped with one line
where PostgreSQL or Redis is absent."""

from __future__ import annotations

import contextlib
import json
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop.interfaces.web import cluster as cluster_module
from tabletop.interfaces.web import create_app
from tabletop.interfaces.web.cluster import ClusterSettings
from tabletop.interfaces.web.limits import Settings
from tabletop.interfaces.web.tables import Far

from .conftest import create, view, wait_until
from .services import postgres_schema, redis_url
from .test_web_cluster_live import until

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

PERIM = "radiant-perim"
TABLES = 12  # tables held by both workers: a person at two, a spectator at each other


class Trips:
    """A worker's Redis client, counting its round trips and the messages it published
    (whether one by one or in a pipeline)."""

    def __init__(self, redis: Any) -> None:
        self.redis = redis
        self.trips = 0
        self.published: list[dict[str, Any]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.redis, name)

    async def publish(self, channel: str, message: str) -> Any:
        self.trips += 1
        self.published.append(json.loads(message))
        return await self.redis.publish(channel, message)

    def pipeline(self, transaction: bool = True) -> Pipe:
        return Pipe(self, self.redis.pipeline(transaction=transaction))


class Pipe:
    """A pipeline of :class:`Trips`: one round trip when executed."""

    def __init__(self, trips: Trips, pipe: Any) -> None:
        self.counted, self.pipe = trips, pipe
        self.sent: list[str] = []

    async def __aenter__(self) -> Pipe:
        await self.pipe.__aenter__()
        return self

    async def __aexit__(self, *exc: Any) -> Any:
        return await self.pipe.__aexit__(*exc)

    def publish(self, channel: str, message: str) -> Pipe:
        self.sent.append(message)
        self.pipe.publish(channel, message)
        return self

    async def execute(self) -> Any:
        self.counted.trips += 1
        self.counted.published += [json.loads(m) for m in self.sent]
        return await self.pipe.execute()


def hub(c: TestClient) -> Any:
    return c.app.state.hub  # type: ignore[attr-defined]


@pytest.fixture
def workers(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[TestClient, TestClient]]:
    """Two workers whose beats come only when the test calls them."""
    monkeypatch.setattr(cluster_module, "POLL_S", 3600.0)
    monkeypatch.setattr(cluster_module, "POLL_DOWN_S", 3600.0)
    with postgres_schema() as url:
        settings = ClusterSettings(redis_url(), lease_s=30.0)
        limits = Settings().but(guest_tables=100, create_burst=100)
        with TestClient(create_app(url, ai_pool="thread", ai_workers=1, cluster=settings,
                                   limits=limits)) as one, \
                TestClient(create_app(url, ai_pool="thread", ai_workers=1,
                                      cluster=settings, limits=limits)) as two:
            wait_until(lambda: hub(one).cluster.up and hub(two).cluster.up, timeout=30)
            yield one, two


def reading(c: TestClient) -> list[dict[str, Any]]:
    """Every message the worker reads from the channel from now on (its reader
    wrapped)."""
    cluster = hub(c).cluster
    read: list[dict[str, Any]] = []
    heard = cluster._heard

    def counted(data: bytes | str, age: float = 0.0) -> None:
        read.append(json.loads(data))
        heard(data, age)

    cluster._heard = counted
    return read


def beat(c: TestClient, read_by: list[dict[str, Any]]) -> None:
    """The worker ``c`` beats, and the other (reading into ``read_by``) has read it."""
    name = hub(c).cluster.name
    before = sum(m["k"] == "beat" and m["w"] == name for m in read_by)
    c.portal.call(hub(c).cluster.beat, time.monotonic())
    wait_until(lambda: sum(m["k"] == "beat" and m["w"] == name for m in read_by) > before,
               timeout=30)


def test_a_beat_is_one_message_and_writes_only_what_changed(
        workers: tuple[TestClient, TestClient]) -> None:
    """Issue 29 (Several servers, Measured): with a dozen tables held by both workers, a
    person connected through worker one at two of them and a spectator at each other
    one, a beat of worker one is one message in one round trip to Redis, naming the two
    tables with someone connected (a table left out: nobody is connected there, and a
    word the other still had of it goes); worker two knows the two people connected
    through one after it; neither worker reads its own messages back; the store gets
    the beat alone when nothing changed, and each table's word once when it changes."""
    one, two = workers
    tables = [create(one, PERIM, "human", "human") for _ in range(TABLES)]
    for tid, _ in tables:
        view(two, tid)  # both workers hold every table
    people = [tid for tid, _ in tables[:2]]
    read = {c: reading(c) for c in (one, two)}
    name = hub(one).cluster.name
    trips = Trips(hub(one).cluster._redis)
    hub(one).cluster._redis = trips
    writes: list[tuple[dict[str, Any], bool]] = []
    storage = hub(one).storage
    say = storage.say_here

    def said(worker: str, words: Any, keep_s: float, whole: bool = False) -> bool:
        if worker == name:
            writes.append((dict(words), whole))
        return say(worker, words, keep_s, whole)  # type: ignore[no-any-return]

    storage.say_here = said
    with contextlib.ExitStack() as stack:
        for i, (tid, tokens) in enumerate(tables):
            ws = stack.enter_context(one.websocket_connect(f"/api/tables/{tid}/ws"))
            ws.send_json({"token": tokens[0]} if i < len(people) else {})
            until(ws, lambda m: m["type"] == "state")
        wait_until(lambda: all(hub(two).tables[t].connected_elsewhere() == {0}
                               for t in people), timeout=30)
        beat(one, read[two])  # the first: every word goes to the store
        assert {t for t, w in writes[-1][0].items() if w} == {tid for tid, _ in tables}
        # a word worker two has of worker one that one no longer says (its message lost)
        stale = hub(two).tables[tables[5][0]]
        stale.elsewhere[name] = Far(frozenset({1}), {}, time.monotonic())
        trips.trips, trips.published, writes[:] = 0, [], []

        beat(one, read[two])
        assert trips.trips == 1 and [m["k"] for m in trips.published] == ["beat"]
        assert trips.published[0]["h"] == {t: {"s": [0], "r": {}} for t in people}
        assert writes == [({}, False)]  # nothing changed: the beat alone
        assert name not in stale.elsewhere
        for t in people:
            assert hub(two).tables[t].elsewhere[name].seats == {0}
        beat(two, read[one])  # (sent after two read one's: one had its own back before)
        for c in (one, two):
            assert read[c] and all(m["w"] != hub(c).cluster.name for m in read[c])
    # every connection closed: the people are gone from both workers, and the beat
    # after it writes the two words that changed, nothing else
    wait_until(lambda: not any(hub(two).tables[t].connected_elsewhere() for t in people),
               timeout=30)
    trips.trips, trips.published, writes[:] = 0, [], []
    beat(one, read[two])
    assert trips.trips == 1 and trips.published[0]["h"] == {}
    assert len(writes) == 1 and set(writes[0][0]) == set(people)
    assert all(json.loads(w)["s"] == [] for w in writes[0][0].values())
