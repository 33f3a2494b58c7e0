"""Rate limits: a token bucket per key (a seat, a connection, an address), so that a client
cannot flood a table with chat, gifts, offers or socket messages, nor the server with new
tables."""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass


@dataclass
class Bucket:
    """``capacity`` tokens, refilled at ``per_s`` a second; each use takes one."""

    capacity: float
    per_s: float
    tokens: float
    at: float

    def take(self, now: float) -> float:
        """0 if a token was taken, else the seconds until one will be there."""
        self.tokens = min(self.capacity, self.tokens + (now - self.at) * self.per_s)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.per_s


class Limiter:
    """Buckets by key, forgotten once full again (the map stays small)."""

    def __init__(self, capacity: float, per_s: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.capacity = capacity
        self.per_s = per_s
        self.clock = clock
        self.buckets: dict[Hashable, Bucket] = {}

    def wait(self, key: Hashable) -> float:
        """0 if ``key`` may go on now (a token is taken), else the seconds to wait."""
        now = self.clock()
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) > 10_000:
                self._forget(now)
            bucket = self.buckets[key] = Bucket(self.capacity, self.per_s, self.capacity, now)
        return bucket.take(now)

    def _forget(self, now: float) -> None:
        full = [k for k, b in self.buckets.items()
                if b.tokens + (now - b.at) * b.per_s >= b.capacity]
        for k in full:
            del self.buckets[k]
