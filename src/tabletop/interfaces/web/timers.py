"""The clocks' deadlines (clock.py holds the arithmetic): one task per table sleeps until
the running clock flags, then the table does what its creator chose: the AI plays that
seat's turn (``on_timeout = "ai"``), or the seat loses on time (``State.concede(seat,
"time")``). Also "+15 s": a person gives another time.

A turn-based table (hours or days a turn: clock.py) waits in the store with nothing
running for it once it leaves memory; every ``deadlines_every_s`` the server reads the
stored clocks and brings back into memory each table whose deadline is due, where its
deadline task fires at once (:meth:`ClockKeeper.check_stored`). With several servers,
only the one that holds (or takes) the table's lease does so."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from tabletop.core import TabletopError

from . import engine
from .clock import GIFT_MS, stored_deadline
from .errors import ApiError
from .storage import StorageError
from .strike import live_strike

if TYPE_CHECKING:
    from .hub import Hub
    from .tables import LiveTable

log = logging.getLogger("tabletop.web")


class ClockKeeper:
    """The deadline of every table's running clock."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.checker: asyncio.Task[None] | None = None  # the stored deadlines' check

    def start(self) -> None:
        """Start the periodic check of the store's turn-based deadlines."""
        async def checker(every: float) -> None:
            while True:
                await asyncio.sleep(every)
                try:
                    due = self.check_stored()
                except StorageError as e:
                    log.warning("cannot check the stored deadlines: %s", e)
                    continue
                if due:
                    log.info("%d turn-based tables were due: back in memory", due)

        if self.checker is None:
            self.checker = asyncio.get_running_loop().create_task(
                checker(self.hub.settings.deadlines_every_s))

    def check_stored(self) -> int:
        """Bring into memory every table out of it whose stored turn-based deadline is
        due (its deadline task then acts on it); returns how many. With several servers,
        a table another server holds the lease of is that server's to act on."""
        hub = self.hub
        now = hub.now()
        count = 0
        for table_id, clock, options in hub.storage.running_clocks():
            deadline = stored_deadline(clock, options)
            if deadline is None or deadline > now or table_id in hub.tables:
                continue
            cluster = hub.cluster
            if cluster is not None and not cluster.keeps_named(cluster.lease(table_id)):
                continue  # another server keeps it
            try:
                hub.get(table_id)  # loaded: its clock's task flags at once
            except ApiError as e:
                log.error("table %s: its deadline is due but it cannot load: %s", table_id,
                          e.message)
                if cluster is not None:
                    cluster.release(table_id)
                continue
            count += 1
        return count

    def sync(self, live: LiveTable) -> None:
        """Make the clock run for whoever decides now (after the AI took or gave back a
        seat, an undo, a restart), storing it if it changed."""
        if live.clock is None or not self.hub.keeps(live):
            return  # (several servers: the table's keeper syncs and stores its clock)
        clock = live.clock.sync(live.state, live.people_playing(live.state), self.hub.now(),
                                live.rtts(), live_strike(live.state) is not None)
        if clock != live.clock:
            self.hub.storage.set_clock(live.row.id, clock.to_json())
            live.clock = clock

    def schedule(self, live: LiveTable) -> None:
        """(Re)set the table's deadline task for its running clock."""
        task = self.tasks.pop(live.row.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        clock = live.clock
        if clock is None or clock.running is None or live.state.is_over:
            return
        if not self.hub.keeps(live):
            return  # another server keeps this table's clock
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.tasks[live.row.id] = loop.create_task(self._watch(live))

    async def _watch(self, live: LiveTable) -> None:
        while True:
            clock = live.clock
            flag = None if clock is None else clock.flag_at(live.rtts())
            if flag is None:
                return
            left = flag - self.hub.now()
            if left > 0:
                # Not in one sleep: the seat's measured round trip (hence its grace) may
                # change meanwhile.
                await asyncio.sleep(min(left, 1.0) + 0.005)
                continue
            if await self._flag(live):
                self.tasks.pop(live.row.id, None)
                self.hub.changed(live)
                return

    async def _flag(self, live: LiveTable) -> bool:
        """The running clock has run out: do what the table's creator chose. ``False``
        if the table moved on meanwhile."""
        async with live.lock:
            clock = live.clock
            if clock is None or clock.running is None:
                return True
            flag = clock.flag_at(live.rtts())
            if flag is None or self.hub.now() < flag:
                return False
            seat = clock.running
            lose = (clock.options.on_timeout == "lose"
                    and engine.can_concede(live.state, seat))
            out = clock.timed_out()
            if lose:
                new = live.state.clone()
                try:
                    engine.concede(new, seat, "time")
                    live.clock = out
                    await live.commit(new, seat, self.hub.storage, "server")
                except (TabletopError, StorageError) as e:
                    log.error("table %s: seat %s lost on time, but: %s", live.row.id, seat, e)
                    lose = False
                    live.clock = clock
            if not lose:
                # The AI plays this turn for the seat (also where the rules could not
                # concede it); the clock stays at zero.
                live.clock = out
                live.ai_turn = seat
                self.hub.storage.set_clock(live.row.id, out.to_json())
            # (at: the actions before it, so that a server loading the table later knows
            # whether the AI's turn is still going on: tables.py)
            self.hub.add_notice(live, "timeout", seat, {"at": len(live.state.history)},
                                then="lose" if lose else "ai")
        return True

    def give(self, live: LiveTable, seat: int, to: int) -> None:
        """``seat`` gives ``to`` fifteen seconds ("+15 s")."""
        clock = live.clock
        if clock is None:
            raise ApiError(409, "this table has no clock")
        if live.state.is_over:
            raise ApiError(409, "the game is over")
        if not 0 <= to < live.row.players:
            raise ApiError(400, f"no seat {to} at this table (0..{live.row.players - 1})")
        if to == seat:
            raise ApiError(409, "time is given to another player, not to yourself")
        if clock.options.turn_based:
            raise ApiError(409, "a turn-based table's clock (hours or days a turn) takes "
                           "no gifts of seconds")
        if live.row.seats[to].kind != "human":
            raise ApiError(409, "an AI seat has no clock")
        now = self.hub.now()
        if not clock.can_gift(to, now):
            raise ApiError(409, "that clock holds as much time as a clock may")
        try:
            new = clock.gift(to, now)
        except ValueError as e:
            raise ApiError(409, str(e)) from None
        self.hub.storage.set_clock(live.row.id, new.to_json())
        live.clock = new
        self.hub.add_notice(live, "time_given", seat, to=to, ms=GIFT_MS)
        self.hub.changed(live)

    def cancel(self) -> None:
        for task in self.tasks.values():
            task.cancel()
        if self.checker is not None:
            self.checker.cancel()
