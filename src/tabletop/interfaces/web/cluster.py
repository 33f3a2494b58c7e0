"""Several servers on one store (issue 29, Several servers; docs/deploy.md, "Several
workers"): ``tabletop serve --db postgresql://... --redis redis://... --workers N``.

Any server (a *worker*) answers any request. The store is the truth; each worker keeps
the tables it serves in memory, as one server does, and keeps them fresh three ways:

- every write to a table raises its revision in the store (in the write's transaction).
  A worker counts its own writes (:meth:`Cluster.wrote`); a request naming a table whose
  stored revision is not the one in memory reloads it first (:meth:`Hub.catch_up`), so a
  worker never answers from, nor acts on, a position another worker has moved past;
- after each write it tells the others on a Redis channel (pub/sub, one channel per
  store: its database and schema); a worker that holds the table reloads it and wakes
  its WebSocket connections, so a move made through one worker reaches a player
  connected to another at once;
- Redis is only a messenger: nothing is lost while it is down. Every few seconds (every
  second while Redis is out of reach) a worker compares the revisions of the tables it
  holds with the store's, and it does so at once when Redis is back.

Who is connected travels too: each worker says which seats of a table have a connection
open to it, with the round trips it measured for them (when either changes, and when
asked by a worker that just loaded the table), and every few seconds it says it again for
all its tables in one message, its *beat* (a table left out: nobody is connected to it
there), so that a person connected through another worker counts as here, the table's
keeper alone decides the grace period's AI holds, and the clocks' lag allowance is the
same whichever worker an action reaches. The same word is kept in the store
(``presence``: a table's word written when it changes; ``presence_beats``: the worker's
beat, which keeps them all fresh), where the others read it while Redis is out of reach.
A beat so costs a worker one message and one short write however many tables it holds,
and the others one message each to read (a worker's own messages come back to it on the
channel: it knows them by their first bytes and does not read them).

A live strike (hoshi-battle's real-time strike: strike.py) is refereed by the table's
keeper; its window, as every seat is told it, and the presses made through the other
workers go through the store (``strikes``, ``strike_presses``), each worker told on the
channel to look again, so that a person connected to any worker races in it. While Redis
is out of reach nobody is told: each worker then reads from the store, every
:data:`STRIKE_POLL_S`, the window of each table it has a connection to that waits for a
live strike, and the keeper the presses made elsewhere in its open windows.

A table's AI seats and clocks have one keeper at a time: the worker holding the table's
lease in the store (``leases``: owner, expiry), renewed every third of its length. A
worker that needs a keeper for a table (an AI seat to act, a clock running) takes its
lease if it is free or expired; a worker that lets the table leave memory gives the lease
up and says so, and one that holds the table takes it; a worker that dies (``kill -9``)
stops renewing, and once its leases expire the others take them over, loading the
table from the store, as a restarted server does. The matchmaking's pairing pass has a
lease of its own (``matchmaking``, :meth:`Cluster.keeps_named`), taken the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .clock import RTT_CAP_MS
from .errors import ApiError
from .shared import Shared
from .storage import StorageError
from .strike import StrikeWindow, live_strike
from .tables import RTT_SAMPLES, Far, LiveTable
from .tasks import stop_tasks, wait_event

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("tabletop.web")

LEASE_S = 10.0  # a lease's length: a dead worker's tables go on after about this long
POLL_S = 5.0  # the held tables are checked against the store this often anyway ...
POLL_DOWN_S = 1.0  # ... and this often while Redis is out of reach
REDIS_RETRY_S = 1.0  # how soon a lost Redis connection is tried again
STRIKE_POLL_S = 0.1  # ... and the live strikes, while Redis is out of reach
HERE_S = 3 * POLL_S  # another server's word on who is connected to it lasts this long
PREFIX = "table:"  # a table's lease: PREFIX + its id


@dataclass(frozen=True)
class ClusterSettings:
    """How a worker meets the others: the Redis URL, and a lease's length."""

    redis: str
    lease_s: float = LEASE_S

    def __post_init__(self) -> None:
        if not self.redis.startswith(("redis://", "rediss://", "unix://")):
            raise ValueError(f"--redis {self.redis!r}: not a redis:// (rediss://, unix://) URL")
        if not 1.0 <= self.lease_s <= 600.0:
            raise ValueError(f"--lease must be 1..600 seconds, not {self.lease_s:g}")


def worker_name() -> str:
    """This worker's name in the leases and on the channel: its host, its process and a
    random part (a restarted process is another worker)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


def _round_trips(told: Any, seats: frozenset[int]) -> dict[int, tuple[int, ...]]:
    """The round trips another worker said it measured (seat -> samples in ms), for the
    seats it said are connected to it; anything else in its word is left out."""
    if not isinstance(told, dict):
        return {}
    out: dict[int, tuple[int, ...]] = {}
    for key, samples in told.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() else -1
        if seat in seats and isinstance(samples, list):
            kept = tuple(min(RTT_CAP_MS, max(0, x)) for x in samples[-RTT_SAMPLES:]
                         if isinstance(x, int))
            if kept:
                out[seat] = kept
    return out


class Cluster:
    """A worker's part in several servers on one store (see the module's docstring)."""

    def __init__(self, hub: Hub, settings: ClusterSettings) -> None:
        self.hub = hub
        self.settings = settings
        self.name = worker_name()
        self.held: set[str] = set()  # the leases this worker holds
        self.up = False  # whether the Redis subscription is live
        self._told = True  # whether the last message reached Redis
        self.channel = "tabletop"
        self._out: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._said: dict[str, str] = {}  # who is connected here, as last said
        self._stored: dict[str, str] = {}  # ... and as last written in the store
        self._behind: set[str] = set()  # tables to check against the store
        self._strikes: set[str] = set()  # tables whose strike to read again from the store
        self._looking: dict[str, asyncio.Task[None]] = {}  # ... and the reads under way
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = 0
        self._redis: Any = None
        # How each of this worker's messages begins (_message puts its name first): its
        # own, heard back on the channel, are known by it without being read.
        self._mine = ('{"w": ' + json.dumps(self.name) + ",").encode()

    # --- starting and stopping --------------------------------------------------------

    async def start(self) -> None:
        """Name the channel after the store, meet Redis, start the background work; the
        store's writes are counted from now on."""
        import redis.asyncio

        identity = getattr(self.hub.storage, "identity", None)
        if identity is not None:
            self.channel = f"tabletop:{await asyncio.to_thread(identity)}"
        self._loop = asyncio.get_running_loop()
        self._thread = threading.get_ident()
        self._redis = redis.asyncio.Redis.from_url(
            self.settings.redis, socket_connect_timeout=2, socket_timeout=5,
            health_check_interval=5)
        self.hub.storage.written = self.wrote  # type: ignore[attr-defined]
        self.hub.shared = Shared(self.settings.redis, self.channel, self.name)
        self.hub.shared.start(self.hub.sockets)
        self.hub.referee.relay = self
        loop = self._loop
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._publish()),
                       loop.create_task(self._refresh()), loop.create_task(self._keep()),
                       loop.create_task(self._strikes_unheard())]
        log.info("worker %s: tables on channel %s, leases of %g s", self.name, self.channel,
                 self.settings.lease_s)

    async def stop(self) -> None:
        """Stop, giving up every lease (the others take the tables over at once)."""
        await stop_tasks([*self._tasks, *self._looking.values()])
        self.hub.referee.relay = None
        self.hub.storage.written = lambda table_id: None  # type: ignore[attr-defined]
        if self.hub.shared is not None:
            await self.hub.shared.stop()
            self.hub.shared = None
        freed = sorted(n for n in self.held if n.startswith(PREFIX))
        self.held.clear()
        with contextlib.suppress(StorageError):
            await asyncio.to_thread(self.hub.storage.release_leases, self.name)
        with contextlib.suppress(StorageError):  # nobody is connected here any more
            await asyncio.to_thread(self.hub.storage.say_here, self.name, {}, HERE_S, True)
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._send([self._message(name[len(PREFIX):], "free")
                                  for name in freed])
            with contextlib.suppress(Exception):
                await self._redis.aclose()

    # --- what this worker wrote --------------------------------------------------------

    def wrote(self, table_id: str) -> None:
        """The store committed a write of this worker to ``table_id`` (from any thread):
        count it in the table's revision, and tell the others."""
        if threading.get_ident() == self._thread:
            self._wrote(table_id)
        elif self._loop is not None:
            # Queued before the writing thread's result: the count is made before the
            # coroutine that awaited the write goes on.
            self._loop.call_soon_threadsafe(self._wrote, table_id)

    def _wrote(self, table_id: str) -> None:
        live = self.hub.tables.get(table_id)
        if live is not None:
            live.revision += 1
        self._out.put_nowait((table_id, "wrote"))

    def _message(self, table_id: str, kind: str) -> str:
        if kind == "beat":  # who is connected here, at every table that has someone
            words = {t: self._here(live) for t, live in self.hub.tables.items()
                     if live.watchers and live.here()}
            return json.dumps({"w": self.name, "k": kind, "h": words})
        out: dict[str, Any] = {"w": self.name, "t": table_id, "k": kind}
        if kind == "here":
            out.update(self._here(self.hub.tables.get(table_id)))
        return json.dumps(out)

    @staticmethod
    def _here(live: LiveTable | None) -> dict[str, Any]:
        """Who is connected to the table here (``s``: seats) and their recent round trips
        in ms (``r``: seat -> samples, for the seats measured so far)."""
        seats = sorted(live.here()) if live is not None else []
        rtt = {str(s): list(live.rtt[s]) for s in seats if live is not None and live.rtt[s]}
        return {"s": seats, "r": rtt}

    def announce(self, live: LiveTable) -> None:
        """Tell the others which seats of the table are connected here and their round
        trips (when that changes, and every few seconds for the tables with a
        connection)."""
        said = json.dumps(self._here(live))
        if self._said.get(live.row.id) != said:
            self._said[live.row.id] = said
            self._out.put_nowait((live.row.id, "here"))

    def loaded(self, live: LiveTable) -> None:
        """A table just came into memory: ask the others who is connected to it."""
        self._out.put_nowait((live.row.id, "who"))

    async def _publish(self) -> None:
        while True:
            batch = {await self._out.get()}
            while not self._out.empty():
                batch.add(self._out.get_nowait())
            try:
                await self._send([self._message(table_id, kind)
                                  for table_id, kind in sorted(batch)])
                self._told = True
            except Exception as e:  # noqa: BLE001 - Redis down: the others poll
                if self._told:  # once an outage (the listener says when it is back)
                    log.warning("worker %s: cannot tell the others through Redis (%s); "
                                "they read the store meanwhile", self.name, e)
                self._told = False

    async def _send(self, messages: list[str]) -> None:
        """Publish ``messages`` in order, in one round trip to Redis (those queued while
        the last ones went: a move's word and a beat need not wait for each other)."""
        if not messages:
            return
        async with self._redis.pipeline(transaction=False) as pipe:
            for message in messages:
                pipe.publish(self.channel, message)
            await pipe.execute()

    # --- what the others wrote ---------------------------------------------------------

    async def _listen(self) -> None:
        """Follow the channel; after every (re)connection check every held table, since
        messages sent meanwhile are gone."""
        while True:
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                if not self.up:
                    log.info("worker %s: listening to the other workers on %s", self.name,
                             self.channel)
                self.up = True
                self.behind(self.hub.tables)
                self._look_at_strikes()  # a window's go said meanwhile was not heard
                while True:
                    msg = await pubsub.get_message(timeout=1.0)
                    if (msg is not None and msg.get("type") == "message"
                            and not self._own(msg["data"])):
                        self._heard(msg["data"])
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001 - any failure of Redis: try again
                if self.up:
                    log.warning("worker %s: lost Redis (%s); reading the store every %g s "
                                "until it is back", self.name, e, POLL_DOWN_S)
                self.up = False
                await asyncio.sleep(REDIS_RETRY_S)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def _own(self, data: bytes | str) -> bool:
        """Whether a message heard on the channel is this worker's own (by how it
        begins: it is not read)."""
        if isinstance(data, bytes):
            return data.startswith(self._mine)
        return data.startswith(self._mine.decode())

    def _heard(self, data: bytes | str, age: float = 0.0) -> None:
        """A message of another worker (``age``: seconds since it was said, read from
        the store)."""
        try:
            msg = json.loads(data)
            who, kind = str(msg["w"]), str(msg["k"])
            table_id = "" if kind == "beat" else str(msg["t"])
        except (ValueError, KeyError, TypeError):
            return
        if who == self.name:
            return
        if kind == "beat":
            words = msg.get("h")
            self._beat(who, words if isinstance(words, dict) else {}, age)
            return
        if table_id not in self.hub.tables:
            return
        live = self.hub.tables[table_id]
        if kind == "free":  # its keeper let it go: this worker may keep it
            self.hub.changed(live, notify=False)
        elif kind == "here":
            self._here_heard(live, who, msg, age)
        elif kind == "who":
            if live.watchers:
                self._out.put_nowait((table_id, "here"))
        elif kind == "strike":
            self.look_at_strike(table_id)
        else:
            self.behind([table_id])

    def _beat(self, who: str, words: dict[str, Any], age: float) -> None:
        """Another worker's beat: its word on every table with someone connected to it;
        at a table it leaves out, nobody is (any more)."""
        for table_id, live in list(self.hub.tables.items()):
            word = words.get(table_id)
            if word is None and who not in live.elsewhere:
                continue  # (nobody there before, nor now: nothing to do)
            self._here_heard(live, who, word if isinstance(word, dict) else {}, age)

    def _here_heard(self, live: LiveTable, who: str, word: dict[str, Any], age: float
                    ) -> None:
        """Another worker's word on who is connected to the table through it."""
        told = word.get("s", ())
        seats = frozenset(s for s in (told if isinstance(told, list) else ())
                          if isinstance(s, int) and 0 <= s < live.row.players)
        if seats:
            live.elsewhere[who] = Far(seats, _round_trips(word.get("r"), seats),
                                      time.monotonic() - age)
        else:
            live.elsewhere.pop(who, None)
        self.hub.presence.elsewhere(live)

    def behind(self, table_ids: Iterable[str]) -> None:
        """Check these tables against the store soon."""
        self._behind.update(table_ids)
        self._wake.set()

    async def _refresh(self) -> None:
        """Bring the tables that may be behind up to date; every few seconds all the
        held tables with a connection or a lease."""
        last = time.monotonic()
        while True:
            every = POLL_S if self.up else POLL_DOWN_S
            await wait_event(self._wake, last + every - time.monotonic())
            self._wake.clear()
            if time.monotonic() - last >= every:
                last = time.monotonic()
                self._behind.update(t for t, live in self.hub.tables.items()
                                    if live.watchers or self.lease(t) in self.held)
                await self.beat(last)
            ids, self._behind = sorted(self._behind), set()
            if not ids:
                continue
            try:
                stored = await asyncio.to_thread(self.hub.storage.revisions, ids)
            except StorageError as e:
                log.warning("worker %s: cannot read the tables' revisions (%s)", self.name, e)
                self._behind.update(ids)
                await asyncio.sleep(POLL_DOWN_S)
                continue
            for table_id in ids:
                live = self.hub.tables.get(table_id)
                if live is not None and stored.get(table_id, live.revision) != live.revision:
                    await self.hub.catch_up_locked(live)

    async def beat(self, now: float) -> None:
        """Say again who is connected here, at every table in one message; forget what
        a silent server said; keep this worker's word in the store."""
        self._heartbeat(now)
        await self._presence_in_store()

    def _heartbeat(self, now: float) -> None:
        """Say again who is connected here; forget what a silent server said."""
        for table_id in [t for t in self._said if t not in self.hub.tables]:
            del self._said[table_id]
        self._out.put_nowait(("", "beat"))
        for live in self.hub.tables.values():
            old = [w for w, far in live.elsewhere.items() if now - far.at > HERE_S]
            for w in old:
                del live.elsewhere[w]
            if old:
                self.hub.presence.elsewhere(live)

    async def _presence_in_store(self) -> None:
        """Keep this worker's word on who is connected here in the store too (each table
        it holds a word on, an empty one included: the words that changed since last
        written, and its beat), and while Redis is out of reach read the others' there,
        as if said on the channel (its age kept: a worker that died is believed no longer
        than on the channel)."""
        said = {t: self._message(t, "here") for t, live in self.hub.tables.items()
                if live.watchers or t in self._said}
        changed: dict[str, str | None] = {t: w for t, w in said.items()
                                          if self._stored.get(t) != w}
        changed.update((t, None) for t in self._stored if t not in said)
        heard: list[tuple[str, float]] = []
        try:
            say = self.hub.storage.say_here
            if not await asyncio.to_thread(say, self.name, changed, HERE_S):
                # its beat had lapsed (the store was away): its words were let go
                await asyncio.to_thread(say, self.name, said, HERE_S, True)
            self._stored = said
            if not self.up:
                heard = await asyncio.to_thread(self.hub.storage.heard_here, self.name,
                                                sorted(self.hub.tables), HERE_S)
        except StorageError as e:
            log.warning("worker %s: cannot share who is connected through the store (%s)",
                        self.name, e)
            return
        for text, age in heard:
            self._heard(text, age)

    # --- the live strike: the keeper's window and the presses made elsewhere ------------

    async def strike_shown(self, live: LiveTable, w: StrikeWindow) -> None:
        """Store the keeper's window as every seat is told it; tell the others."""
        await self._strike_write(live.row.id, self.hub.storage.show_strike, live.row.id,
                                 w.id, w.position, w.message())

    async def strike_closed(self, live: LiveTable, w: StrikeWindow) -> None:
        """The keeper's window ended: it leaves the store; tell the others."""
        await self._strike_write(live.row.id, self.hub.storage.close_strike, live.row.id,
                                 w.id)

    async def strike_pressed(self, live: LiveTable, window: int, seat: int,
                             after_go: float) -> None:
        """Store a press made here in another worker's window; tell its referee."""
        await self._strike_write(live.row.id, self.hub.storage.press_strike, live.row.id,
                                 window, seat, after_go)

    async def _strike_write(self, table_id: str, write: Any, *args: Any) -> None:
        try:
            await asyncio.to_thread(write, *args)
        except StorageError as e:  # the strike goes on here; a press is lost (it says so)
            log.warning("worker %s: table %s: %s", self.name, table_id, e)
            return
        self._out.put_nowait((table_id, "strike"))

    def look_at_strike(self, table_id: str) -> None:
        """Read the table's strike from the store soon (once more if asked again while
        reading): the window its keeper shows, or, refereeing it here, the presses made
        through the others."""
        self._strikes.add(table_id)
        task = self._looking.get(table_id)
        if task is None or task.done():
            self._looking[table_id] = asyncio.get_running_loop().create_task(
                self._look(table_id))

    def _look_at_strikes(self) -> None:
        """Read from the store the strikes nobody may have told this worker of: the
        window of each table it has a connection to that waits for a live strike (not
        refereed here: the table came to the strike through the revisions' poll), and
        the presses made elsewhere in the windows it referees for a person not connected
        here."""
        referee = self.hub.referee
        for table_id, live in list(self.hub.tables.items()):
            w = referee.windows.get(table_id)
            if w is not None:
                here = live.here()
                if any(not referee.is_ai(live, seat) and seat not in here
                       for seat in (w.striker, w.defender)):
                    self.look_at_strike(table_id)
            elif live.watchers and live_strike(live.state) is not None:
                self.look_at_strike(table_id)

    async def _strikes_unheard(self) -> None:
        """While Redis is out of reach no worker is told to look at a strike: look every
        :data:`STRIKE_POLL_S` instead, so that a seat connected to another worker than
        the keeper still sees the window and its go, and its press still counts."""
        while True:
            await asyncio.sleep(STRIKE_POLL_S)
            if not self.up:
                self._look_at_strikes()

    async def _look(self, table_id: str) -> None:
        referee = self.hub.referee
        try:
            while table_id in self._strikes:
                self._strikes.discard(table_id)
                live = self.hub.tables.get(table_id)
                if live is None:
                    return
                w = referee.windows.get(table_id)
                if w is not None:
                    referee.heard(live, w, await asyncio.to_thread(
                        self.hub.storage.strike_presses, table_id, w.id))
                    continue
                shown = await asyncio.to_thread(self.hub.storage.strike, table_id)
                if shown is not None and shown[0] != len(live.state.history):
                    await self.hub.catch_up_locked(live)  # the window is of a newer position
                referee.told(live, shown)
        except StorageError as e:
            log.warning("worker %s: cannot read the strike of table %s (%s)", self.name,
                        table_id, e)
        finally:
            if self._looking.get(table_id) is asyncio.current_task():
                del self._looking[table_id]

    # --- leases --------------------------------------------------------------------------

    @staticmethod
    def lease(table_id: str) -> str:
        """The name of a table's lease."""
        return PREFIX + table_id

    def keeps(self, live: LiveTable) -> bool:
        """Whether this worker keeps the table's AI seats and clocks: it holds the
        table's lease, or takes it now (free or expired)."""
        name = self.lease(live.row.id)
        if live.state.is_over:
            self.release(live.row.id)
            return False
        if name in self.held:
            return True
        try:
            got = self.hub.storage.take_lease(name, self.name, self.settings.lease_s)
        except StorageError as e:
            log.warning("worker %s: cannot take the lease of table %s (%s)", self.name,
                        live.row.id, e)
            return False
        if got:
            self.held.add(name)
        return got

    def keeps_named(self, name: str) -> bool:
        """Whether this worker holds the lease ``name`` of a service of its own (the
        matchmaking's), taking it now if it is free or expired, renewing it if it is
        this worker's; a worker that dies stops renewing it, and once it expires the
        first other worker to ask takes it."""
        try:
            got = self.hub.storage.take_lease(name, self.name, self.settings.lease_s)
        except StorageError as e:
            log.warning("worker %s: cannot take the lease %s (%s)", self.name, name, e)
            got = False
        if got:
            self.held.add(name)
        else:
            self.held.discard(name)
        return got

    def release(self, table_id: str) -> None:
        """Give up the table's lease (it leaves memory, or is over) and say so."""
        name = self.lease(table_id)
        if name not in self.held:
            return
        self.held.discard(name)
        try:
            self.hub.storage.release_leases(self.name, [name])
        except StorageError as e:  # it expires by itself
            log.warning("worker %s: cannot give up lease %s (%s)", self.name, name, e)
            return
        self._out.put_nowait((table_id, "free"))

    async def _keep(self) -> None:
        """Renew this worker's leases; take over the expired ones of a dead worker."""
        while True:
            await asyncio.sleep(self.settings.lease_s / 3)
            before = set(self.held)  # (those taken while renewing are not in its answer)
            try:
                held = await asyncio.to_thread(self.hub.storage.renew_leases, self.name,
                                               self.settings.lease_s)
                expired = await asyncio.to_thread(self.hub.storage.expired_leases)
            except StorageError as e:
                log.warning("worker %s: cannot renew its leases (%s)", self.name, e)
                continue
            for name in before - held:  # expired meanwhile: another may keep it now
                self.held.discard(name)
                if name.startswith(PREFIX):
                    self._drop(name[len(PREFIX):])
            # The store's word against this worker's, level by level rather than by the
            # events that should have kept them alike (a take whose answer was lost, a
            # release that failed, a wake-up missed): a lease renewed here that nobody
            # here keeps would hold its table forever, so it is given up; a held table
            # whose AI is to act gets its loop.
            stray = sorted(held - self.held)
            if stray:
                await self._give_up(stray)
            for name in sorted(n for n in self.held if n.startswith(PREFIX)):
                live = self.hub.tables.get(name[len(PREFIX):])
                if live is not None:
                    self.hub.start_ai(live)
            for name in expired:
                if name.startswith(PREFIX):
                    self._take_over(name[len(PREFIX):])

    async def _give_up(self, names: list[str]) -> None:
        """Release leases the store holds for this worker but this worker does not keep,
        and say so (the others take a table they hold, this one its own again)."""
        try:
            await asyncio.to_thread(self.hub.storage.release_leases, self.name, names)
        except StorageError as e:  # tried again at the next renewal
            log.warning("worker %s: cannot give up leases %s (%s)", self.name, names, e)
            return
        for name in names:
            if not name.startswith(PREFIX):
                continue  # a service's lease (matchmaking): its loop asks again
            table_id = name[len(PREFIX):]
            log.warning("worker %s: gave up lease %s, renewed but not kept", self.name, name)
            self._out.put_nowait((table_id, "free"))
            live = self.hub.tables.get(table_id)
            if live is not None:
                self.hub.changed(live, notify=False)

    def _drop(self, table_id: str) -> None:
        """The table's lease expired before this worker renewed it (the store was away,
        or the worker stalled): its AI stops here before its next decision (it is not
        cancelled: a write under way must reach memory too) and so does its clock; then
        this worker takes the table again if nobody else did meanwhile (else the table
        would wait for a request to go on)."""
        log.warning("worker %s: lost the lease of table %s", self.name, table_id)
        live = self.hub.tables.get(table_id)
        if live is None:
            return
        task = self.hub.clocks.tasks.get(table_id)
        if task is not None and not live.lock.locked():
            del self.hub.clocks.tasks[table_id]
            task.cancel()
        self.hub.changed(live, notify=False)

    def _take_over(self, table_id: str) -> None:
        """Keep a table whose keeper is gone (its lease expired): load it if needed, give
        the seat to act the restart's time to come back, as a restarted server does."""
        name = self.lease(table_id)
        try:
            if not self.hub.storage.take_lease(name, self.name, self.settings.lease_s):
                return  # another worker was quicker
            self.held.add(name)
            live = self.hub.get(table_id)
        except ApiError:  # gone, or no longer loadable: nothing to keep
            self.release(table_id)
            return
        except StorageError as e:
            log.warning("worker %s: cannot take table %s over (%s)", self.name, table_id, e)
            return
        log.info("worker %s: took table %s over", self.name, table_id)
        if live.state.is_over:
            self.release(table_id)
            return
        if live.clock is not None and live.clock.running is not None:
            live.clock = live.clock.resumed(self.hub.now())
            with contextlib.suppress(StorageError):
                self.hub.storage.set_clock(table_id, live.clock.to_json())
        self.hub.changed(live)
