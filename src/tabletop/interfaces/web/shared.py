"""The limits of several workers, counted together in Redis (issue 29, Limits with
several servers; docs/deploy.md, "Several workers"): without it each worker counted for
itself, and a client met N times each limit through N workers.

What is shared, each keyed under the store's channel (two stores may share one Redis):

- the rate limits (:class:`~.limits.Limiter`'s token buckets): one hash per bucket
  (tokens, when), taken and refilled by one Lua script, atomically, on Redis' clock (the
  workers' clocks need not agree);
- the unfinished tables an address made lately (:class:`~.limits.Holdings`): a sorted
  set per address, of table ids by when they were made;
- a balance run's progress and report (lab.py), under its random id, so that whichever
  worker a poll reaches answers it; and the runs playing now, each worker's under its
  name (its runs' ids and clients), so that the runs' caps (one per client, a few in
  all) hold for all the workers together: one script checks them and counts a new run;
  a worker writes its list again with every beat, and one that stops saying it is alive
  no longer counts (as its connections);
- the WebSocket connections of each address and in all (:class:`~.limits.Sockets`): a
  hash per address and one for all, holding each worker's count, checked and raised by
  one script. A worker says it is alive every few seconds and writes its counts again
  then (so a count that drifted while Redis was away heals); a worker that stops saying
  so (it died) no longer counts after :data:`ALIVE_S`.

Redis out of reach locks nobody out: every call raises :class:`SharedDown` at once, the
hub counts with this worker's own limits meanwhile (as one server does), and the log
says so once, and once again when Redis is back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Hashable
from typing import Any

from .limits import Limiter, Sockets

log = logging.getLogger("tabletop.web")

BEAT_S = 5.0  # a worker says it is alive (and writes its connection counts) this often
ALIVE_S = 3 * BEAT_S  # ... and counts for this long after the last time it said so
RETRY_S = 1.0  # after a failure Redis is not asked again for this long
TIMEOUT_S = 0.5  # a request to Redis waits at most this long (a limit must not stall)

# KEYS[1]: the bucket. ARGV: capacity, tokens a second, 1 to take a token (0: only look).
# Answers the seconds to wait, as a string (a Lua number would come back an integer).
BUCKET = """
local capacity, per_s = tonumber(ARGV[1]), tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local got = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(got[1]) or capacity
local at = tonumber(got[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - at) * per_s)
if tokens < 1 then
  return string.format('%.3f', (1 - tokens) / per_s)
end
if ARGV[3] == '1' then
  tokens = tokens - 1
  redis.call('HSET', KEYS[1], 'tokens', string.format('%.6f', tokens),
             'at', string.format('%.6f', now))
  redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - tokens) / per_s * 1000) + 1000)
end
return '0'
"""

# KEYS: the workers alive (a sorted set by when each last said so), the address's
# counts, all the counts. ARGV: this worker, ALIVE_S in ms, the cap per address, the
# cap in all. Answers 0 (counted), 1 (the server is full), 2 (the address is).
SOCKET = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local alive_ms = tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - alive_ms)
local function count(key)
  local n, fields = 0, redis.call('HGETALL', key)
  for i = 1, #fields, 2 do
    if redis.call('ZSCORE', KEYS[1], fields[i]) then
      n = n + tonumber(fields[i + 1])
    else
      redis.call('HDEL', key, fields[i])
    end
  end
  return n
end
if count(KEYS[3]) >= tonumber(ARGV[4]) then return 1 end
if count(KEYS[2]) >= tonumber(ARGV[3]) then return 2 end
redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
redis.call('HINCRBY', KEYS[3], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[2], alive_ms)
redis.call('PEXPIRE', KEYS[3], alive_ms)
return 0
"""

# KEYS: the workers alive, the runs playing (worker -> JSON list of [run id, client]).
# ARGV: this worker, ALIVE_S in ms, the client, the new run's id, the most runs at once.
# Answers {0, ''} (counted), {1, the client's run playing} or {2, ''} (the server is full).
RUN = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local alive_ms = tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - alive_ms)
local n, mine, fields = 0, {}, redis.call('HGETALL', KEYS[2])
for i = 1, #fields, 2 do
  if redis.call('ZSCORE', KEYS[1], fields[i]) then
    local runs = cjson.decode(fields[i + 1])
    for _, run in ipairs(runs) do
      if run[2] == ARGV[3] then return {1, run[1]} end
      n = n + 1
    end
    if fields[i] == ARGV[1] then mine = runs end
  else
    redis.call('HDEL', KEYS[2], fields[i])
  end
end
if n >= tonumber(ARGV[5]) then return {2, ''} end
mine[#mine + 1] = {ARGV[4], ARGV[3]}
redis.call('HSET', KEYS[2], ARGV[1], cjson.encode(mine))
redis.call('PEXPIRE', KEYS[2], alive_ms)
return {0, ''}
"""


class SharedDown(Exception):
    """Redis is out of reach: count with this worker's own limits for now."""


class Shared:
    """This worker's side of the limits counted in Redis (see the module's docstring);
    ``prefix``: the store's channel, ``worker``: this worker's name."""

    def __init__(self, url: str, prefix: str, worker: str) -> None:
        import redis.asyncio

        self.redis: Any = redis.asyncio.Redis.from_url(
            url, socket_connect_timeout=TIMEOUT_S, socket_timeout=TIMEOUT_S)
        self.prefix = f"{prefix}:limits"
        self.worker = worker
        self._bucket = self.redis.register_script(BUCKET)
        self._socket = self.redis.register_script(SOCKET)
        self._run = self.redis.register_script(RUN)
        self._runs: list[tuple[str, str]] = []  # this worker's runs playing (id, client)
        self.up = True  # whether the last request reached Redis
        self._retry_at = 0.0  # while down: when Redis is asked again
        self._reported: set[str] = set()  # the addresses whose counts this worker wrote
        self._task: asyncio.Task[None] | None = None

    def start(self, sockets: Sockets) -> None:
        """Say this worker is alive, with its connection counts, every few seconds."""
        self._task = asyncio.get_running_loop().create_task(self._beat(sockets))

    async def stop(self) -> None:
        """Stop, taking this worker's connections out of the counts at once."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        with contextlib.suppress(Exception):
            await self.redis.zrem(self._key("workers"), self.worker)
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    def _key(self, *parts: object) -> str:
        return ":".join((self.prefix, *(str(p) for p in parts)))

    async def _ask(self, call: Any) -> Any:
        """``await call()`` against Redis; :class:`SharedDown` if it fails (said once an
        outage), or at once while a failure is recent."""
        if not self.up and time.monotonic() < self._retry_at:
            raise SharedDown
        try:
            got = await call()
        except Exception as e:  # noqa: BLE001 - any failure of Redis: count locally
            if self.up:
                log.warning("worker %s: cannot reach Redis for the shared limits (%s); "
                            "each worker counts its own until it is back", self.worker, e)
            self.up = False
            self._retry_at = time.monotonic() + RETRY_S
            raise SharedDown from None
        if not self.up:
            log.info("worker %s: the limits are shared through Redis again", self.worker)
            self.up = True
        return got

    # --- what a worker shows the others (the deck builder's balance runs: lab.py) ------

    async def put(self, name: str, text: str, keep_s: float) -> None:
        """Keep ``text`` under ``name`` for ``keep_s`` seconds, for every worker to read;
        :class:`SharedDown` if Redis is out of reach."""
        await self._ask(lambda: self.redis.set(self._key("put", name), text,
                                               px=int(keep_s * 1000)))

    async def get(self, name: str) -> str | None:
        """What :meth:`put` keeps under ``name`` (None: nothing, or no longer);
        :class:`SharedDown` if Redis is out of reach."""
        got = await self._ask(lambda: self.redis.get(self._key("put", name)))
        return None if got is None else _text(got)

    async def run_start(self, run_id: str, client: str, most: int) -> str | None:
        """Count a new balance run of ``client`` among every worker's, unless the client
        has one playing already (answers its id) or ``most`` are playing (answers ``""``);
        ``None``: counted. :class:`SharedDown` if Redis is out of reach."""
        code, other = await self._ask(lambda: self._run(
            keys=[self._key("workers"), self._key("runs")],
            args=[self.worker, int(ALIVE_S * 1000), client, run_id, most]))
        if int(code) == 0:
            self._runs.append((run_id, client))
            return None
        return _text(other)

    async def runs_now(self, runs: list[tuple[str, str]]) -> None:
        """This worker's balance runs playing now (id, client), for the others' counts
        (written again with every beat, so an outage heals)."""
        self._runs = list(runs)
        with contextlib.suppress(SharedDown):
            await self._ask(self._write_runs)

    async def _write_runs(self) -> None:
        async with self.redis.pipeline(transaction=True) as p:
            p.hset(self._key("runs"), self.worker, json.dumps(self._runs))
            p.pexpire(self._key("runs"), int(ALIVE_S * 1000))
            await p.execute()

    # --- rate limits --------------------------------------------------------------------

    async def wait(self, which: str, key: Hashable, limiter: Limiter, take: bool) -> float:
        """As :meth:`Limiter.wait` (``take``) or :meth:`Limiter.due`, counted in Redis."""
        name = self._key("rate", which, _flat(key))
        got = await self._ask(lambda: self._bucket(
            keys=[name], args=[limiter.capacity, limiter.per_s, int(take)]))
        return float(got)

    # --- the tables an address holds ----------------------------------------------------

    async def hold(self, key: str, table_id: str, window_s: float) -> None:
        """``key`` made ``table_id`` now."""
        name = self._key("held", key)

        async def call() -> None:
            now = await self._now()
            async with self.redis.pipeline(transaction=True) as p:
                p.zadd(name, {table_id: now})
                p.zremrangebyscore(name, "-inf", now - window_s)
                p.expire(name, int(window_s) + 1)
                await p.execute()

        await self._ask(call)

    async def held(self, key: str, window_s: float) -> list[tuple[str, float]]:
        """The tables ``key`` made within the window, each with its age in seconds,
        oldest first."""
        name = self._key("held", key)

        async def call() -> list[tuple[str, float]]:
            now = await self._now()
            await self.redis.zremrangebyscore(name, "-inf", now - window_s)
            got = await self.redis.zrange(name, 0, -1, withscores=True)
            return [(_text(t), now - float(at)) for t, at in got]

        return await self._ask(call)  # type: ignore[no-any-return]

    async def forget(self, key: str, table_ids: list[str]) -> None:
        """These tables of ``key`` no longer count (they are over)."""
        if table_ids:
            await self._ask(lambda: self.redis.zrem(self._key("held", key), *table_ids))

    async def _now(self) -> float:
        seconds, micros = await self.redis.time()
        return float(seconds) + float(micros) / 1e6

    # --- WebSocket connections ------------------------------------------------------------

    async def socket_open(self, key: str, sockets: Sockets) -> str | None:
        """Why ``key`` may not open one more connection (``None``: it may, and it is
        counted), by every worker's counts."""
        got = await self._ask(lambda: self._socket(
            keys=[self._key("workers"), self._key("sockets", key), self._key("sockets")],
            args=[self.worker, int(ALIVE_S * 1000), sockets.per_address, sockets.total]))
        return {0: None, 1: sockets.full(), 2: sockets.crowded()}[int(got)]

    async def socket_close(self, key: str) -> None:
        """One connection of ``key`` to this worker closed (a count off meanwhile, as
        after an outage, is made right by the next beat)."""
        async def call() -> None:
            async with self.redis.pipeline(transaction=True) as p:
                p.hincrby(self._key("sockets", key), self.worker, -1)
                p.hincrby(self._key("sockets"), self.worker, -1)
                await p.execute()

        with contextlib.suppress(SharedDown):
            await self._ask(call)

    async def _beat(self, sockets: Sockets) -> None:
        while True:
            with contextlib.suppress(SharedDown):
                await self._ask(lambda: self._write_counts(sockets))
                await self._ask(self._write_runs)
            await asyncio.sleep(BEAT_S)

    async def _write_counts(self, sockets: Sockets) -> None:
        """Say this worker is alive, and write its counts as they are (those of the
        addresses it no longer serves are taken out)."""
        alive_ms = int(ALIVE_S * 1000)
        now = await self._now()
        counts = dict(sockets.open)
        async with self.redis.pipeline(transaction=False) as p:
            p.zadd(self._key("workers"), {self.worker: now * 1000})
            for key, n in counts.items():
                p.hset(self._key("sockets", key), self.worker, n)
                p.pexpire(self._key("sockets", key), alive_ms)
            for key in self._reported - counts.keys():
                p.hdel(self._key("sockets", key), self.worker)
            p.hset(self._key("sockets"), self.worker, sockets.count)
            p.pexpire(self._key("sockets"), alive_ms)
            await p.execute()
        self._reported = set(counts)


def _flat(key: Hashable) -> str:
    """A limiter's key as text (a seat's is its table and number)."""
    return ":".join(map(str, key)) if isinstance(key, tuple) else str(key)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
