"""Issue 29, Faults and Operations: the server stops (a worker is restarted or scaled
down) by cancelling its background tasks; a cancellation absorbed by a library must not
hold the shutdown forever (CI once hung ten minutes in a cluster app's shutdown: a Redis
read that timed out as the cancel came turned the cancel into "no message")."""

from __future__ import annotations

import asyncio

from tabletop.interfaces.web.tasks import stop_tasks, wait_event


def test_a_cancel_absorbed_once_is_repeated_until_the_task_ends() -> None:
    async def stubborn(absorbed: list[int]) -> None:
        while True:
            try:
                await asyncio.sleep(3600)
            except asyncio.CancelledError:  # what the Redis read does, once
                if absorbed:
                    raise
                absorbed.append(1)

    async def main() -> tuple[bool, int]:
        absorbed: list[int] = []
        task = asyncio.create_task(stubborn(absorbed))
        await asyncio.sleep(0)
        await stop_tasks([task], within=5)
        return task.done(), len(absorbed)

    assert asyncio.run(main()) == (True, 1)


def test_a_task_that_never_stops_holds_the_shutdown_no_longer_than_asked(caplog) -> None:
    async def deaf() -> None:
        while True:
            try:
                await asyncio.sleep(3600)
            except asyncio.CancelledError:
                pass

    async def main() -> bool:
        task = asyncio.create_task(deaf(), name="deaf")
        await asyncio.sleep(0)
        await stop_tasks([task], within=0.5)
        left = not task.done()
        task.get_coro().close()  # (the test's own clean-up: it would never end)
        return left

    assert asyncio.run(main()) is True
    assert "did not stop within 0.5 s: deaf" in caplog.text


def test_an_event_set_as_the_waiter_is_cancelled_still_cancels_it() -> None:
    """The race ``asyncio.wait_for`` loses in Python 3.11: the event is set and the waiting
    task cancelled before it runs again; the task must end cancelled, not go on."""
    async def waiter(event: asyncio.Event, went_on: list[bool]) -> None:
        await wait_event(event, 60)
        went_on.append(True)

    async def main() -> tuple[bool, list[bool]]:
        event, went_on = asyncio.Event(), []
        task = asyncio.create_task(waiter(event, went_on))
        await asyncio.sleep(0)  # it waits
        event.set()
        task.cancel()
        await asyncio.wait([task])
        return task.cancelled(), went_on

    assert asyncio.run(main()) == (True, [])


def test_wait_event_says_whether_the_event_came() -> None:
    async def main() -> tuple[bool, bool, bool]:
        event = asyncio.Event()
        late = await wait_event(event, 0.01)
        asyncio.get_running_loop().call_later(0.01, event.set)
        came = await wait_event(event, 5)
        past = await wait_event(asyncio.Event(), -1)  # a deadline already past
        return late, came, past

    assert asyncio.run(main()) == (False, True, False)
