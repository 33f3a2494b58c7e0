"""The real-time strike, refereed by the server (docs/web.md, "The real-time strike").

A game whose view shows a ``live_strike`` (hoshi-battle with ``strike = "live"``: a
duelist rolled the symbol) waits for a referee to apply ``strike hit`` or ``strike miss``
as the striker's action. On this server the referee is :class:`Referee`:

1. it opens a **strike window** for that position: every seat's messages carry
   ``strike: {phase: "ready", striker, defender, window_ms}``;
2. after a random delay drawn from the operating system's generator (not the game's
   seed, and never sent ahead), it flips the window to ``phase: "go"`` and pushes that;
3. the striker presses "strike" and the defender may press "pull" (``POST
   /api/tables/{id}/strike`` or ``{"strike": "strike" | "pull"}`` on the table's
   WebSocket); each seat's first press counts, **timed by the server's monotonic clock
   when it arrives, less the seat's network round trip** as the server measured it
   (the smallest of its last pings, at most :data:`CREDIT_S`): the moment the press was
   made, as near as the server can tell without believing a client's clock (whatever
   time a client writes in its message is ignored);
4. the race's rules (:func:`decide_race`) decide, and the result is applied as the
   striker's action, stored like any action, so the record replays by hash.

An AI duelist's press is drawn from a human-like reaction time after go, by its difficulty
(:func:`tabletop.agents.reaction.reaction_time`). Nobody else may apply a strike's result:
``POST /actions`` refuses ``strike hit`` and ``strike miss``. The same rules time the
terminal's keypress race (``render_hoshi``).

With several servers (cluster.py) the referee is the table's keeper's, and the window
travels through the store (its :class:`Relay`): the keeper stores what every seat is told
of it (ready, then go) and the others, told to look again, show it to their connections
as theirs (:meth:`Referee.told`), taking the moment they showed go as that seat's go. A
press that reaches another server is timed there, as here, after the go it showed, and
stored; the keeper, told to look, counts it (:meth:`Referee.heard`) and waits
:data:`RELAY_S` longer for a seat connected elsewhere. Nothing of the delay goes
anywhere before go.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from tabletop.agents.reaction import reaction_time

from .errors import ApiError
from .tasks import wait_event

if TYPE_CHECKING:
    from tabletop.core import State

    from .tables import LiveTable

WINDOW_S = 1.5  # the striker must strike within this after go
ANTICIPATION_S = 0.1  # sooner after go than a person can react: a false start
EDGE_S = 0.06  # Swift (striker) and Elusive (defender)
DELAY_S = (0.8, 2.2)  # go comes after a random delay in this range
CREDIT_S = 0.3  # the most of a press's network round trip the referee gives back
RELAY_S = 0.5  # several servers: what a press made through another may take to arrive
PRESSES = {"strike": "striker", "pull": "defender"}


@dataclass(frozen=True, slots=True)
class Press:
    """When each side pressed, in seconds after go (negative: before go), or None."""

    striker: float | None
    defender: float | None


def decide_race(press: Press, swift: bool = False, elusive: bool = False,
                window: float = WINDOW_S) -> bool:
    """Whether the strike lands. The striker must strike within the window, not sooner
    than a person can react (a false start misses); the defender escapes by pulling away
    before the strike arrives, Swift and Elusive each worth an edge; a defender's flinch
    (before go, or too soon after it) does not count as pulling away."""
    s, d = press.striker, press.defender
    if s is None or s < ANTICIPATION_S or s > window:
        return False
    if d is None or d < ANTICIPATION_S:
        return True
    edge = (EDGE_S if swift else 0.0) - (EDGE_S if elusive else 0.0)
    return s - edge <= d


def agent_reaction(rng: random.Random, difficulty: str = "normal") -> float:
    """An AI's reaction time in seconds (human-like, by difficulty: docs/agents.md)."""
    return reaction_time(rng, difficulty)


def live_strike(state: State) -> dict[str, Any] | None:
    """The live strike a position waits for (from the spectators' view), or None."""
    found = state.view(None).get("live_strike") if not state.is_over else None
    return found if isinstance(found, dict) else None


@dataclass
class StrikeWindow:
    """One strike being raced: its id (every window its own, even a window opened again
    at the same position: a client never takes a new window for one it has pressed in,
    nor does a late press of an old window count in a new one), its position (actions so
    far), the two sides, Swift and Elusive, the server times it opened and went (``go``),
    each seat's first press (server time, its round trip already taken off), the most
    credited to each side (0 for an AI, which presses on the server) and whether it is
    decided (its result being stored: if the store fails, a new window opens)."""

    id: int
    position: int
    striker: int
    defender: int
    swift: bool
    elusive: bool
    opened: float
    delay: float
    window: float = WINDOW_S
    go: float | None = None
    presses: dict[int, float] = field(default_factory=dict)
    credit: dict[int, float] = field(default_factory=dict)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    decided: bool = False

    def message(self) -> dict[str, Any]:
        """What every seat is told (nothing about the delay or the presses' times)."""
        return {"id": self.id, "phase": "ready" if self.go is None else "go",
                "striker": self.striker, "defender": self.defender,
                "window_ms": int(self.window * 1000)}

    def relative(self, seat: int) -> float | None:
        """``seat``'s first press in seconds after go (None: no press)."""
        t = self.presses.get(seat)
        if t is None:
            return None
        go = self.go if self.go is not None else self.opened + self.delay
        return t - go

    def result(self) -> bool:
        """The race's result from the presses so far."""
        return decide_race(Press(self.relative(self.striker), self.relative(self.defender)),
                           self.swift, self.elusive, self.window)


@dataclass
class FarWindow:
    """Several servers: a window another server referees, as this one shows it: its id,
    position, the two sides, when this server showed its go (its own clock; None: not
    yet) and the seats whose press this server sent on."""

    id: int
    position: int
    striker: int
    defender: int
    go: float | None = None
    pressed: set[int] = field(default_factory=set)


class Relay(Protocol):
    """Several servers: how a window and the presses made elsewhere travel (cluster.py,
    through the store; the others are told to look again)."""

    async def strike_shown(self, live: LiveTable, w: StrikeWindow) -> None:
        """The keeper's window opened, or went."""

    async def strike_closed(self, live: LiveTable, w: StrikeWindow) -> None:
        """The keeper's window is decided (or ended otherwise)."""

    async def strike_pressed(self, live: LiveTable, window: int, seat: int,
                             after_go: float) -> None:
        """A press made through this server in another's window."""


Apply = Callable[["LiveTable", int, str], Awaitable[None]]


class Referee:
    """The server's referee of live strikes (one per server). ``clock`` and ``rng`` are
    the server's own (tests give theirs); ``apply(live, seat, text)`` stores a result."""

    def __init__(self, apply: Apply, is_ai: Callable[[LiveTable, int], bool],
                 difficulty: Callable[[LiveTable, int], str] = lambda live, seat: "normal",
                 clock: Callable[[], float] = time.monotonic,
                 rng: random.Random | None = None,
                 delay: tuple[float, float] = DELAY_S, window: float = WINDOW_S) -> None:
        self.apply = apply
        self.is_ai = is_ai
        self.difficulty = difficulty
        self.credit_s = CREDIT_S
        self.clock = clock
        self.rng = rng or secrets.SystemRandom()
        self.delay = delay
        self.window = window
        self.windows: dict[str, StrikeWindow] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        # Several servers (cluster.py sets the relay): the windows others referee, and
        # the presses being sent on to them.
        self.relay: Relay | None = None
        self.far: dict[str, FarWindow] = {}
        self._sending: set[asyncio.Task[None]] = set()

    def pending(self, live: LiveTable) -> bool:
        """Whether the table waits for a strike's result (no player may act)."""
        return live_strike(live.state) is not None

    def open_if_due(self, live: LiveTable) -> None:
        """Open a strike window if the table waits for one and none is open."""
        strike = live_strike(live.state)
        tid = live.row.id
        n = len(live.state.history)
        w = self.windows.get(tid)
        if strike is None or (w is not None and w.position == n and not w.decided):
            return
        players = live.state.view(None)["players"]
        striker, defender = int(strike["striker"]), int(strike["defender"])
        # An id of its own, unguessable and unlike the last one's (not the position: a
        # window opened again at one must read as new to every client).
        wid = secrets.randbits(29)
        while w is not None and wid == w.id:
            wid = secrets.randbits(29)
        w = StrikeWindow(wid, n, striker, defender, bool(players[striker].get("swift")),
                         bool(players[defender].get("elusive")), self.clock(),
                         self.rng.uniform(*self.delay), self.window)
        self.windows[tid] = w
        self.far.pop(tid, None)  # (this server referees it now)
        live.strike = w.message()
        live.notify()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.tasks[tid] = loop.create_task(self._run(live, w))

    def press(self, live: LiveTable, seat: int, kind: str,
              window: int | None = None) -> dict[str, Any]:
        """A press arriving now from ``seat``: ``strike`` (the striker) or ``pull`` (the
        defender), for the window ``window`` (its id; None: the open one). Its time is
        the server's, less the seat's measured round trip (at most ``credit_s``); the
        first press of a seat counts."""
        now = self.clock()
        mine = self.windows.get(live.row.id)
        w = mine or self.far.get(live.row.id)
        if kind not in PRESSES:
            raise ApiError(400, "press must be strike or pull")
        if w is None or w.position != len(live.state.history) or (
                mine is not None and mine.decided) or (window is not None and window != w.id):
            raise ApiError(409, "no strike window is open at this table"
                           + ("" if window is None else f" with id {window}"))
        role = w.striker if kind == "strike" else w.defender
        if seat != role:
            raise ApiError(403, f"only the {PRESSES[kind]} may press {kind}")
        made = now - self.credit(live, seat)
        if mine is not None:
            first = seat not in mine.presses
            if first:
                mine.presses[seat] = made
                mine.wake.set()
        else:
            assert isinstance(w, FarWindow)
            first = seat not in w.pressed
            if first:  # timed after the go this server showed (before it: by its credit)
                w.pressed.add(seat)
                self._send(live, w.id, seat, made - (now if w.go is None else w.go))
        return {"press": kind, "counted": first, "phase": "ready" if w.go is None else "go"}

    def _send(self, live: LiveTable, window: int, seat: int, after_go: float) -> None:
        """Send a press on to the window's referee (several servers)."""
        if self.relay is None:
            return
        task = asyncio.get_running_loop().create_task(
            self.relay.strike_pressed(live, window, seat, after_go))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    def told(self, live: LiveTable, shown: tuple[int, dict[str, Any]] | None) -> None:
        """Several servers: the table's window as its referee stored it (``None``: none
        open), to be shown here; its go, the first time, is this server's go for it."""
        tid = live.row.id
        if tid in self.windows:
            return  # this server referees it
        n = len(live.state.history)
        if shown is None or shown[0] != n or live_strike(live.state) is None:
            self.forget(live, stale_only=False)
            return
        message = shown[1]
        f = self.far.get(tid)
        if f is None or f.id != message.get("id"):
            f = FarWindow(int(message["id"]), n, int(message["striker"]),
                          int(message["defender"]))
            self.far[tid] = f
        if message.get("phase") == "go" and f.go is None:
            f.go = self.clock()
        if live.strike != message:
            live.strike = dict(message)
            live.notify()

    def heard(self, live: LiveTable, w: StrikeWindow, presses: dict[int, float]) -> None:
        """Several servers: presses made through others in this server's window ``w``
        (seat -> seconds after the go each was shown); a seat's first press counts."""
        if self.windows.get(live.row.id) is not w or w.decided:
            return
        go = w.go if w.go is not None else w.opened + w.delay
        for seat, after in presses.items():
            if seat in (w.striker, w.defender) and seat not in w.presses:
                w.presses[seat] = go + after
                w.wake.set()

    def forget(self, live: LiveTable, stale_only: bool = True) -> None:
        """Stop showing another server's window for the table: once the table moved on
        from it (``stale_only``), or now."""
        tid = live.row.id
        f = self.far.get(tid)
        if f is None or (stale_only and f.position == len(live.state.history)):
            return
        del self.far[tid]
        if tid not in self.windows and live.strike is not None:
            live.strike = None
            live.notify()

    def knows(self, live: LiveTable) -> bool:
        """Whether a window is open here for the table's position (its own, or shown
        from another server)."""
        w = self.windows.get(live.row.id) or self.far.get(live.row.id)
        return w is not None and w.position == len(live.state.history)

    def _relayed_s(self, live: LiveTable, seat: int) -> float:
        """How much longer a press of ``seat`` may take to arrive: with several servers,
        a person's without a connection here may press through another."""
        if self.relay is None or self.is_ai(live, seat) or seat in live.here():
            return 0.0
        return RELAY_S

    def credit(self, live: LiveTable, seat: int) -> float:
        """What is taken off a press of ``seat`` for the network: its smallest recent
        round trip (a client can delay its answers to pings, so seem slower, but never
        answer before it was asked), at most ``credit_s``."""
        if self.is_ai(live, seat):
            return 0.0
        return min(self.credit_s, live.min_rtt(seat) / 1000)

    async def _run(self, live: LiveTable, w: StrikeWindow) -> None:
        """Go after the delay, wait for the striker (or the window's end), decide, apply."""
        try:
            if self.relay is not None:
                await self.relay.strike_shown(live, w)
            await self._sleep_until(w, w.opened + w.delay, wake=False)
            w.go = self.clock()
            for seat in (w.striker, w.defender):
                w.credit[seat] = self.credit(live, seat) + self._relayed_s(live, seat)
                if self.is_ai(live, seat) and seat not in w.presses:
                    w.presses[seat] = w.go + agent_reaction(self.rng,
                                                            self.difficulty(live, seat))
            live.strike = w.message()
            live.notify()
            if self.relay is not None:
                await self.relay.strike_shown(live, w)
            while True:
                s = w.relative(w.striker)
                if s is not None and (s < ANTICIPATION_S or s > w.window):
                    break  # a false start (or a press after the window): decided
                # A press arrives up to its credit after it was made: wait for the
                # striker's last chance, or for a pull made before the strike landed.
                end = (w.go + w.window + w.credit[w.striker] if s is None
                       else w.go + s + EDGE_S + w.credit[w.defender])
                if self.clock() >= end:
                    break
                await self._sleep_until(w, end, wake=True)
            text = "strike hit" if w.result() else "strike miss"
            if self.windows.get(live.row.id) is w and w.position == len(live.state.history):
                # Decided: a result the store refuses leaves the table at the strike,
                # and the apply's wake-up (open_if_due) opens a new window for it.
                w.decided = True
                await self.apply(live, w.striker, text)
            if self.relay is not None:
                await self.relay.strike_closed(live, w)
        finally:
            if self.windows.get(live.row.id) is w:
                del self.windows[live.row.id]
                live.strike = None
            if self.tasks.get(live.row.id) is asyncio.current_task():
                del self.tasks[live.row.id]  # (not the next window's, opened meanwhile)

    async def _sleep_until(self, w: StrikeWindow, when: float, wake: bool) -> None:
        """Sleep until the server time ``when`` (or, with ``wake``, a press)."""
        left = when - self.clock()
        if left <= 0:
            return
        w.wake.clear()
        if not wake:
            await asyncio.sleep(left)
            return
        await wait_event(w.wake, left)

    def cancel(self) -> None:
        """Stop every window (the server shuts down)."""
        for task in [*self.tasks.values(), *self._sending]:
            task.cancel()


__all__ = ["Referee", "StrikeWindow", "FarWindow", "Relay", "Press", "decide_race",
           "agent_reaction", "live_strike", "WINDOW_S", "ANTICIPATION_S", "EDGE_S", "DELAY_S",
           "CREDIT_S", "RELAY_S"]
