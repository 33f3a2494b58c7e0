"""Live tables: the true state of every game the server runs, and each seat's version.

A :class:`LiveTable` holds one game's :class:`~tabletop.core.State` and what goes with it
at a table (its connections, chat, notices, offers, clocks, who is present). Nothing of it
leaves the server except through :mod:`.messages`, which builds every message a seat
receives from the core's ``view(seat)`` and the seat's copies of the events.

Each seat has a *version*: the events it has seen plus the actions it has taken (plus a
step after every undo, so that a version is never reused). A seat answers a position by
quoting its version; another seat's secret step (a meld set aside) changes nothing a seat
sees, so it changes neither its version nor what is pushed to it (the number of actions
taken is itself secret: it counts the melds).
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from tabletop.core import State, record_of

from .clock import RTT_CAP_MS, Clock
from .storage import AccountRow, ActionRow, ChatRow, NoticeRow, Storage, TableRow
from .strike import live_strike

MAX_WATCHERS = 64  # live connections to one table
RTT_SAMPLES = 5  # a seat's round trip is the median of its last few measured


@dataclass
class Cursor:
    """What one connection has been sent so far (so that an update holds only news)."""

    epoch: int = -1  # the table's epoch at the last full message (an undo starts another)
    events: int = 0  # the table's raw events already considered
    chat: int = 0  # chat lines already considered
    notices: int = 0  # notices already considered
    last: Any = None  # everything else of the last message, to tell whether it changed


@dataclass(eq=False)
class Watcher:
    """A live connection to a table for one seat (``None``: a spectator). The table puts
    a wake-up in ``queue``; the connection then sends what changed for its seat. ``token``
    is the seat's token as the connection gave it (a rematch's link is built from it);
    ``moved``: the same seat opened elsewhere since, so this one stops."""

    seat: int | None
    token: str | None = None
    queue: asyncio.Queue[bool] = field(default_factory=lambda: asyncio.Queue(maxsize=1))
    cursor: Cursor = field(default_factory=Cursor)
    moved: bool = False
    outbox: list[dict[str, Any]] = field(default_factory=list)  # pongs, sent first
    probes: dict[str, float] = field(default_factory=dict)  # probe -> when it was sent

    def wake(self) -> None:
        if self.queue.empty():
            self.queue.put_nowait(True)


class Far(NamedTuple):
    """What another server last said of a table (several servers: cluster.py): the seats
    with a connection open to it, the round trips it measured for them (seat -> its
    last samples, ms) and when it said so (monotonic)."""

    seats: frozenset[int]
    rtt: dict[int, tuple[int, ...]]
    at: float


@dataclass
class Offer:
    """An open offer at a table: a takeback or a rematch, made by ``by``, accepted so far
    by ``accepted``. ``at``: the number of actions when it was made (a takeback offer
    lapses when the table moves on)."""

    id: int
    kind: str
    by: int
    at: int
    accepted: set[int] = field(default_factory=set)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "by": self.by,
                "accepted": sorted(self.accepted)}


def offers_after(offers: Sequence[Offer], notices: Iterable[NoticeRow], state: State,
                 row: TableRow) -> list[Offer]:
    """The offers open after ``notices`` (in order) where ``offers`` were open, at the
    table at ``state``, with who has accepted each so far: a takeback offer lapses once
    the table moves on (its ``at`` is the number of actions when it was made), a rematch
    offer once the rematch is made."""
    by_kind = {o.kind: o for o in offers}
    for n in notices:
        kind = n.public.get("offer")
        if n.kind == "offer" and kind in ("takeback", "rematch") and n.seat is not None:
            if by_kind.get(kind) is None or by_kind[kind].id != n.n:
                by_kind[kind] = Offer(n.n, kind, n.seat, int(n.secret.get("at", -1)))
        elif n.kind == "accepted" and kind in by_kind and n.seat is not None:
            by_kind[kind].accepted.add(n.seat)
        elif n.kind in ("withdrawn", "declined") and kind in by_kind:
            del by_kind[kind]
        elif n.kind in ("takeback", "undo"):
            by_kind.pop("takeback", None)
        elif n.kind == "rematch":
            by_kind.pop("rematch", None)
    done = len(state.history)
    return [o for o in by_kind.values()
            if (o.kind == "takeback" and o.at == done and not state.is_over)
            or (o.kind == "rematch" and state.is_over and row.rematch is None)]


class LiveTable:
    """One game being played (or finished) on this server."""

    def __init__(self, row: TableRow, state: State, actions: Sequence[ActionRow] = (),
                 chat: Sequence[ChatRow] = (), notices: Sequence[NoticeRow] = ()) -> None:
        """``actions``: the stored actions of ``state`` (a resumed table)."""
        self.row = row
        self.state = state
        # The store's revision of the table that memory holds (several servers: a request
        # finding the store ahead reloads the table first; cluster.py).
        self.revision = row.revision
        self.lock = asyncio.Lock()
        self.thinking: int | None = None
        self.watchers: set[Watcher] = set()
        self.ai_task: asyncio.Task[None] | None = None
        self.broken = ""  # why an AI cannot go on (a bug), shown to every seat
        self.strike: dict[str, Any] | None = None  # an open strike window (strike.py)
        self.epoch = 0  # a new one after every undo: connections are sent everything again
        self.actors = [a.seat for a in actions]  # the seat of each action
        self.by = [a.by for a in actions]  # who chose each action (ActionRow.by)
        self.chat = list(chat)
        self.notices = list(notices)
        # The open offers, as the notices tell them (an offer is made, answered and
        # carried out with a notice: every server, and a restarted one, knows them).
        self.offers: list[Offer] = offers_after([], self.notices, state, row)
        self.clock = Clock.of(row, state)
        n = state.players
        # Each seat's connection state (presence.py): since when it has had none (None:
        # connected, or never seen); the seats the AI holds for their absent player.
        self.gone_since: list[float | None] = [None] * n
        self.held: set[int] = set()
        self.abandoned: set[int] = set()  # seats conceded when their grace period ran out
        self.accounts: dict[int, AccountRow] = {}  # the seats held by accounts
        # Told once when the game ends (the hub settles its results and ratings).
        self.on_over: Callable[[LiveTable], None] | None = None
        self.ever_connected = [False] * n
        # Several servers: the seats connected through each other server and their round
        # trips, as it last said, and when (cluster.py).
        self.elsewhere: dict[str, Far] = {}
        self.ai_turn: int | None = None  # a seat whose clock ran out: the AI plays its turn
        # ... still, for a table just loaded (a restart, another server) whose last
        # timeout gave the AI a turn that nobody else has acted in since
        for notice in reversed(self.notices):
            if notice.kind == "timeout":
                at = notice.secret.get("at")
                if (notice.public.get("then") == "ai" and isinstance(at, int)
                        and state.to_act == notice.seat
                        and all(a == notice.seat for a in self.actors[at:])):
                    self.ai_turn = notice.seat
                break
        self.rtt: list[deque[int]] = [deque(maxlen=RTT_SAMPLES) for _ in range(n)]
        self.now: Callable[[], float] = time.time  # the server's time (the hub's)
        # When a request or a connection last named the table (monotonic): an unfinished
        # table nobody names for a while leaves memory (Hub.sweep).
        self.touched = time.monotonic()
        self.shown_after = 2.0  # a dropped connection shows after this (presence.py)
        self._seen = [0] * (n + 1)  # events visible to each seat; [n]: spectators
        self._own = [0] * n
        self._bump = [0] * (n + 1)  # steps added by undos (the last undo notice has them)
        self._count(state.events)
        for s in self.actors:
            self._own[s] += 1
        for notice in self.notices:
            if "bump" in notice.secret:
                self._bump = list(notice.secret["bump"])

    def _count(self, events: Iterable[Any]) -> None:
        n = self.state.players
        for e in events:
            if e.seats is None:
                for s in range(n + 1):
                    self._seen[s] += 1
            else:
                for s in e.seats:
                    if 0 <= s < n:
                        self._seen[s] += 1

    # --- what a seat may know -------------------------------------------------------

    def version(self, seat: int | None) -> int:
        """What ``seat`` has seen so far, as one number (events seen + its own actions)."""
        if seat is None:
            n = self.state.players
            return self._seen[n] + self._bump[n]
        return self._seen[seat] + self._own[seat] + self._bump[seat]

    def legal(self, seat: int | None) -> list[str]:
        """The legal actions of ``seat`` (none unless it is to act, and none while the AI
        holds its seat or a live strike waits for the referee)."""
        if (seat is None or self.state.to_act != seat or self.ai_plays(seat)
                or live_strike(self.state) is not None):
            return []
        return [a.to_text() for a in self.state.legal_actions()]

    def events(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The seat's copies of the events, from its ``since``-th on."""
        return [e.to_json() for e in self.state.events_for(seat)[since:]]

    def people(self) -> list[int]:
        """The seats played by people."""
        return [s.seat for s in self.row.seats if s.kind == "human"]

    def here(self) -> set[int]:
        """The seats with a connection open to this server."""
        return {w.seat for w in self.watchers if w.seat is not None}

    def connected_elsewhere(self) -> set[int]:
        """The seats with a connection open to another server (several servers)."""
        return set().union(*(far.seats for far in self.elsewhere.values()))

    def connected(self, seat: int) -> bool:
        """Whether ``seat``'s player is here: an AI always is; a person while one of its
        connections is open, and for ``shown_after`` seconds after the last one closed
        (a reload is not a departure)."""
        if self.row.seats[seat].kind != "human":
            return True
        gone = self.gone_since[seat]
        if gone is not None:
            return self.now() - gone < self.shown_after
        return self.ever_connected[seat]

    def samples(self, seat: int) -> Sequence[int]:
        """``seat``'s last round trips in ms as measured by the server its connection is
        on: this one, else (several servers) the other that said so last."""
        if self.rtt[seat]:
            return self.rtt[seat]
        told = [far for far in self.elsewhere.values() if seat in far.rtt]
        return max(told, key=lambda far: far.at).rtt[seat] if told else ()

    def rtts(self) -> list[int]:
        """Each seat's round trip in ms as the server measured it (pings): the median of
        its last few, at most ``RTT_CAP_MS``; 0 before any was measured."""
        return [min(RTT_CAP_MS, int(statistics.median(r))) if (r := self.samples(s)) else 0
                for s in range(len(self.rtt))]

    def min_rtt(self, seat: int) -> int:
        """``seat``'s smallest recent round trip in ms (0 before any): what the strike
        credits (a client can only seem slower than it is, never faster)."""
        r = self.samples(seat)
        return min(r) if r else 0

    def notify(self) -> None:
        """Wake every live connection (each decides what its seat may see of it)."""
        for w in self.watchers:
            w.wake()

    # --- changes --------------------------------------------------------------------

    async def commit(self, new: State, seat: int, storage: Storage, by: str = "person"
                     ) -> None:
        """Store the action just applied to ``new`` (a copy of the state), with the clocks
        after it, then make it the table's state. Raises ``StorageError`` (the table is
        then unchanged). The write (and its fsync) runs in a thread so that other tables
        go on meanwhile; the caller holds the table's lock."""
        n = len(self.state.history)
        text = new.history[-1].to_text()
        record = record_of(new).to_json() if new.is_over else None
        old = len(self.state.events)
        ai_turn = self.ai_turn if new.to_act == self.ai_turn else None  # a turn ends
        clock = None
        if self.clock is not None:
            clock = self.clock.after_action(new, seat, new.events[old:],
                                            self.people_playing(new, ai_turn), self.now(),
                                            self.rtts(), live_strike(new) is not None)
        row = ActionRow(n, seat, text, new.state_hash(), by)
        await asyncio.to_thread(storage.append, self.row.id, row, record,
                                None if clock is None else clock.to_json())
        self.state = new
        self.ai_turn = ai_turn
        if clock is not None:
            self.clock = clock
        self.actors.append(seat)
        self.by.append(by)
        self._own[seat] += 1
        self._count(new.events[old:])
        self.offers = [o for o in self.offers if o.kind != "takeback"]  # the table moved on
        if new.is_over:
            self.row.status = "over"
            self.row.record = record
            if self.on_over is not None:
                await asyncio.to_thread(self.on_over, self)
        if self.thinking is not None and new.to_act != self.thinking:
            self.thinking = None

    def became(self, fresh: LiveTable) -> None:
        """Become ``fresh``, this table as just reloaded from the store after another
        server changed it, keeping what is this server's own: its connections, lock and
        tasks, who is connected here and their round trips, the offers still open. The
        notices new to it tell which seats the AI now holds or plays a turn for, and
        which offers were made, accepted so far, withdrawn or declined; a position that
        does not go on from this one (an undo) starts a new epoch, so that every
        connection is sent everything again."""
        done = [a.to_text() for a in self.state.history]
        now = [a.to_text() for a in fresh.state.history]
        goes_on = now[:len(done)] == done
        new_notices = fresh.notices[len(self.notices):] if goes_on else []
        for name in ("row", "state", "revision", "actors", "by", "chat", "notices", "clock",
                     "accounts", "_seen", "_own", "_bump"):
            setattr(self, name, getattr(fresh, name))
        if not goes_on:
            self.epoch += 1
            self.held.clear()
            self.ai_turn = None
        for notice in new_notices:
            if notice.seat is None:
                continue
            if notice.kind == "ai_holds":
                self.held.add(notice.seat)
            elif notice.kind == "ai_releases":
                self.held.discard(notice.seat)
            elif notice.kind == "timeout" and notice.public.get("then") == "ai":
                self.ai_turn = notice.seat
        if self.ai_turn is not None and self.state.to_act != self.ai_turn:
            self.ai_turn = None  # that turn ended
        self.offers = offers_after(self.offers if goes_on else [], new_notices, self.state,
                                   self.row)
        if now != done and self.thinking is not None and self.state.to_act != self.thinking:
            self.thinking = None

    def people_playing(self, state: State, ai_turn: int | None = -1) -> set[int]:
        """The seats whose player decides for itself in ``state`` (a person the AI does
        not play for): the ones whose clock runs when they are to act. ``ai_turn``: the
        seat whose turn the AI plays (default: the table's)."""
        if state.is_over:
            return set()
        turn = self.ai_turn if ai_turn == -1 else ai_turn
        return {s for s in self.people() if s not in self.held and s != turn}

    def ai_plays(self, seat: int) -> bool:
        """Whether the AI decides for ``seat`` now: an AI seat, a person's seat the AI
        holds (its player is gone), or a turn whose clock ran out."""
        return self.row.seats[seat].kind == "ai" or seat in self.held or seat == self.ai_turn

    def bump_after(self, state: State, to: int) -> list[int]:
        """Each seat's version bump once ``state`` (the position after ``to`` actions)
        replaces the table's: every seat's version goes on growing (a version quoted
        before an undo is stale), by one step."""
        n = state.players
        seen = [0] * (n + 1)
        for e in state.events:
            for s in (range(n + 1) if e.seats is None else (x for x in e.seats if 0 <= x < n)):
                seen[s] += 1
        own = [0] * (n + 1)
        for s in self.actors[:to]:
            own[s] += 1
        return [self.version(s if s < n else None) + 1 - seen[s] - own[s]
                for s in range(n + 1)]

    def rewound(self, state: State, to: int, bump: list[int]) -> None:
        """Make ``state`` (the position after ``to`` actions) the table's, after an undo
        the caller has stored with ``bump`` (:meth:`bump_after`)."""
        self.state = state
        del self.actors[to:]
        del self.by[to:]
        n = state.players
        self._seen = [0] * (n + 1)
        self._own = [0] * n
        self._count(state.events)
        for s in self.actors:
            self._own[s] += 1
        self._bump = list(bump)
        self.epoch += 1
        self.offers = [o for o in self.offers if o.kind != "takeback"]
        self.thinking = None
        self.ai_turn = None
