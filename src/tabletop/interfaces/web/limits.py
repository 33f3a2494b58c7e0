"""The server's limits (docs/web.md, "Limits"): a token bucket per key (a seat, a
connection, an address), so that a client cannot flood a table with chat, gifts, offers
or socket messages, nor the server with new tables; the unfinished tables each address
holds; the WebSocket connections of each address and in all; and :class:`Settings`, the
numbers of the limits a server is started with.

A limit counts a client by its address (:func:`client_key`): an IPv4 address, or the /64
network of an IPv6 one (a single machine is routinely given a whole /64).
"""

from __future__ import annotations

import dataclasses
import ipaddress
import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    """The numbers of the server's limits (each documented in docs/web.md, "Limits").

    The anchors: lichess lets an anonymous address join at most 250 lobby games a day and
    hold at most 5 joined-but-unplayed games in an hour, and gives a playing socket 100
    messages per 20 s (docs: shared anchors, platform.md, section 5, rows 14 and 15). Ours
    are looser where a kitchen table shares one address (a household behind one router).
    """

    body_bytes: int = 64 * 1024  # the largest request body, and the largest socket message
    cards_bytes: int = 512 * 1024  # the largest body of a new table or of a deck
    # builder's request with the designer's card files (their user card files)
    create_burst: int = 20  # new tables one address may make at once ...
    create_per_min: float = 2.0  # ... then this many a minute (2,880 a day at most)
    guest_tables: int = 10  # unfinished tables one address may hold ...
    guest_window_s: float = 3600.0  # ... among those it made in this window (lichess: 1 h)
    register_burst: int = 5  # new accounts (people's and bots') one address may make ...
    register_per_hour: float = 10.0  # ... then this many an hour
    login_burst: int = 10  # sign-ins one address may try at once ...
    login_per_min: float = 5.0  # ... then this many a minute (a password guessed slowly)
    wrong_burst: int = 10  # wrong passwords for one user name, from any addresses ...
    wrong_per_min: float = 1.0  # ... then this many a minute (1,440 guesses a day at most)
    idle_s: float = 600.0  # an unfinished table nobody looked at this long leaves memory
    max_live: int = 5000  # at most this many live tables; past it idle ones leave sooner
    sockets_per_address: int = 32  # WebSocket connections of one address ...
    sockets_total: int = 2000  # ... and of the whole server
    deadlines_every_s: float = 30.0  # the store's turn-based deadlines are checked this often

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if not value > 0:
                raise ValueError(f"the limit {f.name} must be positive, not {value}")

    def but(self, **changes: float) -> Settings:
        """These settings with ``changes`` (by name; ``ValueError`` for an unknown one)."""
        names = {f.name: f.type for f in dataclasses.fields(self)}
        for name in changes:
            if name not in names:
                raise ValueError(f"no limit {name!r} (the limits: {', '.join(names)})")
        typed: dict[str, float] = {}
        for k, v in changes.items():
            if names[k] in ("int", int):
                if v != int(v):
                    raise ValueError(f"the limit {k} is a whole number, not {v:g}")
                typed[k] = int(v)
            else:
                typed[k] = float(v)
        return dataclasses.replace(self, **typed)  # type: ignore[arg-type]


def client_key(host: str | None) -> str:
    """The key an address counts under: the address itself (IPv4, or IPv4 mapped in
    IPv6), the /64 network of an IPv6 address, or the host's name as given."""
    if not host:
        return "?"
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


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

    def due(self, key: Hashable) -> float:
        """0 if ``key`` has a token now (none is taken), else the seconds until it will:
        for a limit on failures, checked before trying and taken only on a failure."""
        bucket = self.buckets.get(key)
        if bucket is None:
            return 0.0
        now = self.clock()
        tokens = min(bucket.capacity, bucket.tokens + (now - bucket.at) * bucket.per_s)
        return 0.0 if tokens >= 1 else (1 - tokens) / bucket.per_s

    def _forget(self, now: float) -> None:
        full = [k for k, b in self.buckets.items()
                if b.tokens + (now - b.at) * b.per_s >= b.capacity]
        for k in full:
            del self.buckets[k]


class Holdings:
    """The tables each address made within ``window_s`` (a table's id and when), so that
    a guest holds a bounded number of unfinished ones; the caller finds out which of
    them are over (:meth:`within`, then :meth:`forget` those), and tables older than the
    window are forgotten."""

    def __init__(self, window_s: float, clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.window_s = window_s
        self.clock = clock
        self.made: dict[str, dict[str, float]] = {}  # address -> table id -> when made

    def add(self, key: str, table_id: str) -> None:
        """``key`` made ``table_id`` now."""
        self.made.setdefault(key, {})[table_id] = self.clock()

    def within(self, key: str) -> dict[str, float]:
        """The tables ``key`` made within the window (table id -> when made, oldest
        first; the older ones are forgotten)."""
        now = self.clock()
        mine = self.made.get(key, {})
        for t, at in list(mine.items()):
            if now - at >= self.window_s:
                del mine[t]
        if not mine:
            self.made.pop(key, None)
        if len(self.made) > 10_000:
            self._forget(now)
        return dict(sorted(mine.items(), key=lambda item: item[1]))

    def forget(self, key: str, table_ids: Iterable[str]) -> None:
        """These tables of ``key`` no longer count (they are over)."""
        mine = self.made.get(key)
        if mine is None:
            return
        for t in table_ids:
            mine.pop(t, None)
        if not mine:
            del self.made[key]

    def _forget(self, now: float) -> None:
        for key in list(self.made):
            kept = {t: at for t, at in self.made[key].items() if now - at < self.window_s}
            if kept:
                self.made[key] = kept
            else:
                del self.made[key]


class Sockets:
    """The open WebSocket connections of each address and in all, each at most a cap."""

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address = per_address
        self.total = total
        self.open: dict[str, int] = {}
        self.count = 0

    def refusal(self, key: str) -> str | None:
        """Why ``key`` may not open one more connection now (``None``: it may)."""
        if self.count >= self.total:
            return self.full()
        if self.open.get(key, 0) >= self.per_address:
            return self.crowded()
        return None

    def full(self) -> str:
        """The refusal of a connection past the cap in all."""
        return (f"the server holds {self.total:,} live connections, the most it takes: "
                "try again in a minute")

    def crowded(self) -> str:
        """The refusal of a connection past the cap of one address."""
        return (f"your address holds {self.per_address} live connections, the most "
                "one address may: close another table's tab")

    def arrive(self, key: str) -> None:
        """``key`` opened a connection."""
        self.open[key] = self.open.get(key, 0) + 1
        self.count += 1

    def leave(self, key: str) -> None:
        """A connection of ``key`` closed."""
        left = self.open.get(key, 0) - 1
        if left > 0:
            self.open[key] = left
        else:
            self.open.pop(key, None)
        self.count -= 1
