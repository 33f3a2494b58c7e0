"""The clocks of a table (docs/web.md, "Clocks"): optional, chosen when the table is made,
kept by the server.

- ``mode = "move"``: each turn of a person has ``limit`` (a *turn* is the run of decisions
  a seat takes before another seat is to act: counting single decisions would count a
  seat's secret steps, such as a meld set aside, which the others may not learn);
- ``mode = "game"``: each person has ``limit`` for the whole game and gains ``increment``
  after each of its turns (a Fischer clock).

A clock per turn of :data:`TURN_BASED_S` or more (hours or days, up to
:data:`MOVE_LIMITS_S`) makes a *turn-based* table, a correspondence game: its people come
and go, so it has no grace period, and its deadline is a moment in wall time that a
restart or the table's leaving memory does not move (:meth:`Clock.resumed`); the server
finds the stored deadlines that are due and acts on them (timers.py).

A person's clock runs only while that person decides: not for AI seats, not while the AI
holds the seat, not during a real-time strike (its referee decides), and not while the
person's browser is still showing the other seats' actions. The client paces each action
of another seat near one second; the server does not trust a client to say when it has
finished, but gives each action that the seat was shown (one with a public event) a
budget of :data:`SHOW_MS` in a queue, as a client at the default pace shows them, and
starts the turn's clock when that queue ends (at most :data:`SHOW_CAP_MS` after the turn
began).

Network lag is given back from a bank, as lichess does: a turn of *k* round trips (one per
decision with a public event) is charged its time less ``min(k × rtt, bank)``, where
``rtt`` is the seat's round trip as the server measured it (pings); the bank starts at
:data:`LAG_START_MS`, gains :data:`LAG_GAIN_MS` each turn and holds at most
:data:`LAG_CAP_MS`. A clock flags once its time and the most the bank could still give
back have run out.

A :class:`Clock` is a value: each change returns a new one, which the table stores with
the action (or the gift) before making it its own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.core import Event, State

    from .storage import TableRow

MODES = ("move", "game")
ON_TIMEOUT = ("ai", "lose")
SHOW_MS = 1000  # what the clock allows for showing one action of another seat
SHOW_CAP_MS = 6000  # a turn's clock starts at most this long after the turn began
LAG_START_MS = 3000  # the lag bank at the start
LAG_GAIN_MS = 1000  # what the bank gains each turn
LAG_CAP_MS = 5000  # the most the bank holds
RTT_CAP_MS = 2000  # a round trip counts for at most this much
GIFT_MS = 15_000  # "+15 s"
MAX_MS = 3 * 3600 * 1000  # no clock holds more (a gift stops there)
RESTART_MS = 10_000  # a restarted server gives the seat to act this long to reconnect
LIMITS_S = (1, 3 * 3600)  # a clock's limit, in seconds
MOVE_LIMITS_S = (1, 14 * 86400)  # a clock per turn's: up to two weeks a turn
TURN_BASED_S = 3600  # a clock per turn of an hour or more: a turn-based table
INCREMENT_S = (0, 600)


@dataclass(frozen=True, slots=True)
class ClockOptions:
    """A table's clock as its creator chose it."""

    mode: str
    limit_ms: int
    increment_ms: int = 0
    on_timeout: str = "lose"

    @property
    def turn_based(self) -> bool:
        """Whether this is a turn-based (correspondence) clock: hours or days a turn."""
        return self.mode == "move" and self.limit_ms >= TURN_BASED_S * 1000

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "limit_ms": self.limit_ms,
                "increment_ms": self.increment_ms, "on_timeout": self.on_timeout}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ClockOptions:
        return cls(str(data["mode"]), int(data["limit_ms"]), int(data.get("increment_ms", 0)),
                   str(data.get("on_timeout", "lose")))


@dataclass(frozen=True, slots=True)
class Clock:
    """The clocks' state: each person's time left (as of the start of the running seat's
    turn: ``None`` for an AI seat), each person's lag bank, the seat whose clock runs and
    the server time (seconds) it started or starts ticking (later than the turn's
    beginning while the other seats' actions are being shown), the running turn's round
    trips so far (its decisions with a public event), and when each seat's showing of
    the others' actions ends."""

    options: ClockOptions
    remaining: tuple[int | None, ...]
    bank: tuple[int, ...]
    running: int | None = None
    started: float = 0.0
    trips: int = 0
    show_until: tuple[float, ...] = field(default=())

    # --- building ---------------------------------------------------------------------

    @classmethod
    def new(cls, options: ClockOptions, people: Iterable[int], players: int) -> Clock:
        """A fresh clock: every person at ``limit``, no clock running yet."""
        mine = set(people)
        return cls(options, tuple(options.limit_ms if s in mine else None
                                  for s in range(players)),
                   (LAG_START_MS,) * players, show_until=(0.0,) * players)

    @classmethod
    def of(cls, row: TableRow, state: State) -> Clock | None:
        """The table's clock as stored (``None``: the table has none). A clock that was
        running when the server stopped gives the seat to act the time it had at the
        start of its turn, from :data:`RESTART_MS` after now (a restart costs no one
        time)."""
        chosen = row.options.get("clock")
        if not chosen:
            return None
        options = ClockOptions.from_json(chosen)
        people = [s.seat for s in row.seats if s.kind == "human"]
        if row.clock is None:
            return cls.new(options, people, row.players)
        data = row.clock
        return cls(options, tuple(data["remaining"]), tuple(data["bank"]), data["running"],
                   float(data["started"]), int(data.get("trips", 0)),
                   (0.0,) * row.players)

    def resumed(self, now: float) -> Clock:
        """This clock after a restart of the server at ``now`` (a turn-based clock's
        deadline stays where it was: hours away, it is the player's, not the server's)."""
        if self.running is None or self.options.turn_based:
            return self
        return dataclasses.replace(self, started=now + RESTART_MS / 1000)

    def to_json(self) -> dict[str, Any]:
        """What is stored (the time left as of the running turn's start)."""
        return {"remaining": list(self.remaining), "bank": list(self.bank),
                "running": self.running, "started": self.started, "trips": self.trips}

    # --- reading ----------------------------------------------------------------------

    def left_ms(self, seat: int, now: float) -> int | None:
        """``seat``'s time left at ``now`` (``None``: an AI seat)."""
        left = self.remaining[seat]
        if left is None or seat != self.running:
            return left
        return max(0, left - max(0, int((now - self.started) * 1000)))

    def flag_at(self, rtt: Sequence[int]) -> float | None:
        """The server time the running clock flags: its time left, and then the most the
        lag bank could still give back, have run out."""
        s = self.running
        if s is None:
            return None
        left = self.remaining[s] or 0
        grace = min(self.bank[s], (self.trips + 1) * rtt[s])  # with the pending decision
        return self.started + (left + grace) / 1000

    def message(self, now: float) -> dict[str, Any]:
        """The clocks as every seat is told them, as of ``now``: nothing in it depends on
        anything but public events and times."""
        s = self.running
        out: dict[str, Any] = {
            **self.options.to_json(),
            "remaining_ms": [self.left_ms(x, now) for x in range(len(self.remaining))],
            "running": s, "deadline_in_ms": None, "starts_in_ms": 0}
        if s is not None:
            out["deadline_in_ms"] = max(0, int((self.started - now) * 1000)
                                        + (self.remaining[s] or 0))
            out["starts_in_ms"] = max(0, int((self.started - now) * 1000))
        return out

    def key(self) -> tuple[Any, ...]:
        """What changes a message (not the passing of time)."""
        return (self.remaining, self.running, self.started)

    # --- changes ----------------------------------------------------------------------

    def after_action(self, new: State, seat: int, events: Sequence[Event],
                     playing: set[int], now: float, rtt: Sequence[int],
                     paused: bool) -> Clock:
        """The clocks after ``seat``'s action (its ``events``) led to ``new``; ``playing``:
        the seats whose player decides for itself now; ``paused``: no one's clock runs
        (a real-time strike is open)."""
        public = any(e.seats is None for e in events)
        show = list(self.show_until)
        if public:
            for s in range(len(show)):
                if s != seat:
                    show[s] = max(show[s], now) + SHOW_MS / 1000
        trips = self.trips + (1 if public and seat == self.running else 0)
        moved = dataclasses.replace(self, show_until=tuple(show), trips=trips)
        return moved.sync(new, playing, now, rtt, paused)

    def sync(self, state: State, playing: set[int], now: float, rtt: Sequence[int],
             paused: bool = False) -> Clock:
        """The clock running for the seat that decides now, if that is a person deciding
        for itself (a turn that ended is charged; a turn that began starts its clock)."""
        to_act = state.to_act
        want = to_act if (to_act is not None and to_act in playing and not paused
                          and self.remaining[to_act] is not None) else None
        if want == self.running:
            return self
        clock = self._stop(now, rtt, done=self.running in playing)
        if want is None:
            return clock
        remaining = list(clock.remaining)
        if self.options.mode == "move":
            remaining[want] = self.options.limit_ms
        start = min(max(now, clock.show_until[want]), now + SHOW_CAP_MS / 1000)
        return dataclasses.replace(clock, remaining=tuple(remaining), running=want,
                                   started=start, trips=0)

    def _stop(self, now: float, rtt: Sequence[int], done: bool) -> Clock:
        """The running turn ended at ``now``: its time, less the lag given back, is
        charged; ``done``: the seat's player finished it (the increment is earned)."""
        s = self.running
        if s is None:
            return self
        remaining, bank = list(self.remaining), list(self.bank)
        elapsed = max(0, int((now - self.started) * 1000))
        back = min(bank[s], max(1, self.trips) * rtt[s])
        left = max(0, (remaining[s] or 0) - max(0, elapsed - back))
        if done and self.options.mode == "game":
            left = min(MAX_MS, left + self.options.increment_ms)
        remaining[s] = left
        bank[s] = min(LAG_CAP_MS, bank[s] - back + LAG_GAIN_MS)
        return dataclasses.replace(self, remaining=tuple(remaining), bank=tuple(bank),
                                   running=None, trips=0)

    def timed_out(self) -> Clock:
        """The running seat's time ran out: its clock stops at zero."""
        s = self.running
        if s is None:
            return self
        remaining = list(self.remaining)
        remaining[s] = 0
        return dataclasses.replace(self, remaining=tuple(remaining), running=None, trips=0)

    def gift(self, seat: int, now: float) -> Clock:
        """``seat`` is given :data:`GIFT_MS` (with a per-turn clock, only the seat whose
        turn it is: the others' time starts afresh at their turn)."""
        remaining = list(self.remaining)
        left = remaining[seat]
        if left is None:
            raise ValueError("an AI seat has no clock")
        if self.options.mode == "move" and seat != self.running:
            raise ValueError("with a clock per turn, time can be given only to the seat "
                             "whose turn it is")
        remaining[seat] = min(MAX_MS, left + GIFT_MS)
        return dataclasses.replace(self, remaining=tuple(remaining))

    def can_gift(self, seat: int, now: float) -> bool:
        """Whether "+15 s" would still add anything to ``seat``'s clock."""
        left = self.left_ms(seat, now)
        return left is not None and left + GIFT_MS <= MAX_MS


def check_options(data: dict[str, Any] | None) -> ClockOptions | None:
    """A clock from a request's choice (``None`` or mode ``none``: no clock); raises
    ``ValueError`` saying what is wrong."""
    if not data or data.get("mode", "none") == "none":
        return None
    mode = data.get("mode")
    if mode not in MODES:
        raise ValueError(f"clock mode must be none, move or game, not {mode!r}")
    limit = data.get("limit_s")
    low, high = MOVE_LIMITS_S if mode == "move" else LIMITS_S
    if not isinstance(limit, int) or not low <= limit <= high:
        what = "a turn" if mode == "move" else "a game clock"
        raise ValueError(f"clock limit_s must be {low}..{high} seconds for {what} "
                         f"(at most {high // 3600} hours), not {limit!r}")
    increment = data.get("increment_s", 0)
    if not isinstance(increment, int) or not INCREMENT_S[0] <= increment <= INCREMENT_S[1]:
        raise ValueError(f"clock increment_s must be {INCREMENT_S[0]}..{INCREMENT_S[1]} "
                         "seconds")
    if mode == "move" and increment:
        raise ValueError("a clock per turn has no increment (a game clock does)")
    on_timeout = data.get("on_timeout") or ("ai" if mode == "move" else "lose")
    if on_timeout not in ON_TIMEOUT:
        raise ValueError("clock on_timeout must be ai (the AI plays that turn) or lose")
    return ClockOptions(mode, limit * 1000, increment * 1000, on_timeout)


def stored_deadline(clock: dict[str, Any] | None, options: dict[str, Any]) -> float | None:
    """When a stored turn-based clock runs out (server time, seconds; before the lag
    bank's grace, which a turn of hours does not need to be found by): ``None`` if the
    table has no turn-based clock or none runs. What the periodic check of stored
    deadlines reads (timers.py) without loading the table."""
    chosen = options.get("clock")
    if not chosen or clock is None or clock.get("running") is None:
        return None
    if not ClockOptions.from_json(chosen).turn_based:
        return None
    left = clock["remaining"][clock["running"]] or 0
    return float(clock["started"]) + left / 1000
