"""Waiting on and stopping the server's background tasks so that a cancellation is never
lost: the server stops by cancelling its tasks, and a task that absorbed its cancellation
would run on and hold the shutdown forever.

Two ways a cancellation gets absorbed, each seen here: Python 3.11's ``asyncio.wait_for``
returns the awaited result when the task is cancelled just as that result arrives (an
event set and a cancel at once), and a Redis read that times out as the cancel comes
turns the cancel into its own timeout and returns nothing."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable

log = logging.getLogger("tabletop.web")

STOP_S = 10.0  # how long the server waits for its tasks to end before it goes on


async def wait_event(event: asyncio.Event, seconds: float) -> bool:
    """Wait until ``event`` is set (True) or ``seconds`` have passed (False); a
    cancellation always propagates (``asyncio.timeout`` counts it, ``wait_for`` in 3.11
    may drop it)."""
    try:
        async with asyncio.timeout(max(0.0, seconds)):
            await event.wait()
    except TimeoutError:
        return False
    return True


async def stop_tasks(tasks: Iterable[asyncio.Task[None]], within: float = STOP_S) -> None:
    """Cancel the tasks and wait until each has ended, cancelling again those that absorbed
    the cancellation, for at most ``within`` seconds (then say which are left)."""
    tasks = list(tasks)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    pending = {t for t in tasks if not t.done()}
    while pending:
        for task in pending:
            task.cancel()
        _, pending = await asyncio.wait(pending, timeout=min(0.2, within))
        if pending and loop.time() >= deadline:
            log.warning("%d background tasks did not stop within %g s: %s", len(pending),
                        within, ", ".join(sorted(t.get_name() for t in pending)))
            return
    for task in tasks:  # their errors were theirs to log; read so asyncio does not warn
        if task.done() and not task.cancelled():
            task.exception()


__all__ = ["wait_event", "stop_tasks", "STOP_S"]
