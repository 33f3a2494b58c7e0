"""Who is at a table (docs/web.md, "Presence and the grace period").

A person is *connected* while one of its seat's WebSocket connections is open; a dropped
one shows as disconnected to everyone after :data:`SHOWN_AFTER_S` (a reload is not a
departure). The same seat opened in a second tab moves the seat there: the older
connection is told ``{type: "moved"}`` and closed.

A person gone longer than the table's grace period (``grace_s``, chosen at creation;
``None``: wait for ever) while someone else at the table is waiting (another person is
connected) has its seat held by the AI (``on_leave = "ai"``, shown as ``ai_holding`` to
everyone), which plays its turns until the person is connected again and hands the seat
back at once; or, with ``on_leave = "concede"``, the seat concedes (``abandon``). Nobody
waiting, nobody is played for: the AI never plays a table out alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from .errors import ApiError

if TYPE_CHECKING:
    from .hub import Hub
    from .tables import LiveTable, Watcher

log = logging.getLogger("tabletop.web")

SHOWN_AFTER_S = 2.0  # a dropped connection shows as disconnected after this
GRACE_S = 60  # the default grace period
GRACE_RANGE_S = (5, 3600)
ON_LEAVE = ("ai", "concede")


class Presence:
    """Connections, presence and the grace period of every table of a hub."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.shown_after = SHOWN_AFTER_S
        self.tasks: dict[str, asyncio.Task[None]] = {}

    # --- connections --------------------------------------------------------------------

    def arrive(self, live: LiveTable, watcher: Watcher) -> None:
        """A connection for ``watcher.seat`` opened: an older one of the same seat moves."""
        seat = watcher.seat
        if seat is not None:
            for old in [w for w in live.watchers if w.seat == seat]:
                old.moved = True
                live.watchers.discard(old)
                old.wake()
            live.ever_connected[seat] = True
            live.gone_since[seat] = None
        live.watchers.add(watcher)
        self._told(live)
        self.review(live)
        live.notify()

    def leave(self, live: LiveTable, watcher: Watcher) -> None:
        """A connection closed (a moved one changes nothing: its seat is open elsewhere)."""
        if watcher not in live.watchers:
            return
        live.watchers.discard(watcher)
        seat = watcher.seat
        if (seat is not None and not any(w.seat == seat for w in live.watchers)
                and seat not in live.connected_elsewhere()):
            live.gone_since[seat] = self.hub.now()
        self._told(live)
        self.review(live)
        self.schedule(live)
        live.notify()

    def _told(self, live: LiveTable) -> None:
        """Several servers: tell the others which seats are connected here."""
        if self.hub.cluster is not None:
            self.hub.cluster.announce(live)

    def elsewhere(self, live: LiveTable) -> None:
        """Several servers: another server said which seats are connected to it (or its
        word expired): a seat connected anywhere is here; one connected nowhere any more
        is gone from now."""
        there = live.connected_elsewhere()
        mine = live.here()
        now = self.hub.now()
        changed = False
        for s in live.people():
            if s in there or s in mine:
                if live.gone_since[s] is not None or not live.ever_connected[s]:
                    live.gone_since[s] = None
                    live.ever_connected[s] = True
                    changed = True
            elif live.gone_since[s] is None and live.ever_connected[s]:
                live.gone_since[s] = now
                changed = True
        if changed:
            self.review(live)
            self.schedule(live)
            live.notify()

    # --- the grace period ---------------------------------------------------------------

    def review(self, live: LiveTable) -> None:
        """Hold the seats of people gone past the grace period while someone waits, and
        hand back those whose person is here again (or whom nobody waits for). With
        several servers only the table's keeper decides (the others hear of it)."""
        if not self.hub.keeps(live):
            return
        now = self.hub.now()
        grace = live.row.options.get("grace_s", GRACE_S)
        on_leave = live.row.options.get("on_leave", "ai")
        people = live.people()
        before = set(live.held)
        for s in people:
            gone = live.gone_since[s]
            away = (gone is not None and grace is not None and now - gone >= grace
                    and not live.state.is_over)
            waiting = any(self.connected(live, o) for o in people if o != s)
            if away and waiting and s not in live.held:
                if on_leave == "concede":
                    self._abandon(live, s)
                    continue
                live.held.add(s)
                self.hub.add_notice(live, "ai_holds", s)
            elif s in live.held and not (away and waiting):
                live.held.discard(s)
                self.hub.add_notice(live, "ai_releases", s,
                                    reason="back" if not away else "alone")
        if live.held != before:
            self.hub.clocks.sync(live)
            self.hub.changed(live)

    def connected(self, live: LiveTable, seat: int) -> bool:
        """Whether ``seat``'s player counts as here (a drop shows after a moment)."""
        return live.connected(seat)

    def _abandon(self, live: LiveTable, seat: int) -> None:
        live.abandoned.add(seat)  # its result counts it as abandoned (ratings.py)
        async def concede() -> None:
            with contextlib.suppress(ApiError):
                await self.hub.concede(live, seat, "abandon", by="server")
        try:
            asyncio.get_running_loop().create_task(concede())
        except RuntimeError:
            pass

    def schedule(self, live: LiveTable) -> None:
        """Wake the table when a dropped seat's moment or grace period ends."""
        now = self.hub.now()
        grace = live.row.options.get("grace_s", GRACE_S)
        times = []
        for s in live.people():
            gone = live.gone_since[s]
            if gone is None or live.state.is_over:
                continue
            times.append(gone + self.shown_after)
            if grace is not None:
                times.append(gone + grace)
        times = [t for t in times if t > now]
        task = self.tasks.pop(live.row.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        if not times:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.tasks[live.row.id] = loop.create_task(self._wake(live, min(times) - now))

    async def _wake(self, live: LiveTable, delay: float) -> None:
        await asyncio.sleep(max(0.0, delay) + 0.01)
        self.tasks.pop(live.row.id, None)
        self.review(live)
        live.notify()
        self.schedule(live)

    def cancel(self) -> None:
        for task in self.tasks.values():
            task.cancel()
