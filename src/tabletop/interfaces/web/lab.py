"""Balance runs started from the deck builder (issue 26, "Designers' lab": a built deck
"sent to a balance run against the ready decks").

A run plays a legal built deck against each ready deck of its game, :data:`GAMES_PER_DECK`
games each, half of them with the built deck in the first seat and half in the second
(so that the first seat's advantage is measured apart from the deck's), by the
:data:`AGENT` agent in both seats, seeds ``0, 1, ...`` (the same deck gives the same
result: a change to it is what moves the numbers). The games are the ones ``tabletop
balance`` plays (:func:`tabletop.sim.balance.play_tallied`), one at a time in the server's
AI pool, so the event loop stays free and a run takes at most one of the pool's workers
from the tables; the report is folded as each game comes back, so a run shows its
progress and its result so far.

Bounds (docs/web.md, "Limits"): one run at a time per client (its address), at most
:data:`BURST` runs at once then one every :data:`EVERY_S` seconds (the hub's limit
``balance``: counted for all the workers where they share Redis), at most
:data:`MOST_RUNNING` runs on the server at once; a finished
run is kept :data:`KEEP_S` seconds (at most :data:`MOST_KEPT`), then forgotten. Its id
is random: only whoever started it can read it (the deck may be a secret one). Several
workers: the one playing a run puts its progress (at most every :data:`SHARE_S`
seconds) and its report in Redis (shared.py), so that whichever worker a poll reaches
answers it; the runs playing are counted there too, so that "one at a time" and "at most
:data:`MOST_RUNNING`" hold for all the workers together (while Redis is out of reach,
each worker counts its own, as one server does).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from tabletop.sim.balance import Rate, Report, balance_jobs, new_report, play_tallied

from . import deckfiles
from .decks import DeckGame, legal_file
from .errors import ApiError
from .shared import Shared, SharedDown

log = logging.getLogger("tabletop.web")

GAMES_PER_DECK = 20  # against each ready deck (half in each seat): a 95% interval of ±0.2
AGENT = "heuristic"  # `tabletop balance`'s default: quick, and plays every card
BURST = 3  # runs one client may start at once ...
EVERY_S = 60.0  # ... then one this often
MOST_RUNNING = 2  # runs the server plays at once
KEEP_S = 3600.0  # a finished run's result stays this long to be read ...
MOST_KEPT = 200  # ... and at most this many of them
SHARE_S = 1.0  # with several workers, a run's progress is put in Redis this often


@dataclass(eq=False)
class Run:
    """One balance run: the built deck (its id and file), the ready decks it meets, the
    report as it is folded and how far it has come."""

    id: str
    game: str
    client: str
    deck: str  # the built deck's id (its file's name: decks.new_id)
    name: str
    text: str  # the deck file
    opponents: list[str]
    total: int
    started: float
    report: Report | None = None  # made off the event loop (it reads the deck file)
    done: int = 0
    status: str = "running"  # running, done, failed, stopped
    error: str = ""
    finished: float | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    def against(self) -> list[dict[str, Any]]:
        """The built deck's games and wins against each ready deck, with its 95% Wilson
        interval (a shared win split), in the order of the game's ready decks."""
        pairs = self.report.pairs.get("deck", {}) if self.report else {}
        names = self.report.names.get("deck", {}) if self.report else {}
        out = []
        for other in self.opponents:
            met = pairs.get((min(self.deck, other), max(self.deck, other)), Rate())
            ours = Rate(met.n, met.wins if self.deck < other else met.n - met.wins)
            out.append({"deck": other, "name": names.get(other, other), **ours.to_json()})
        return out

    def to_json(self) -> dict[str, Any]:
        """What the page shows: the status, the games played of all, the result so far
        (each ready deck; the first seat's win rate and advantage) and the report's link."""
        first = self.report.to_json()["first_seat"] if self.report and self.done else None
        return {"id": self.id, "game": self.game, "deck": self.deck, "name": self.name,
                "status": self.status, "error": self.error, "done": self.done,
                "games": self.total, "games_per_deck": GAMES_PER_DECK, "agent": AGENT,
                "against": self.against(), "first_seat": first,
                "report": f"/api/decks/runs/{self.id}/report.json"}

    def report_json(self) -> dict[str, Any]:
        """The whole report (``tabletop balance``'s report.json), with the run's summary
        and the deck file, to run again where tabletop is installed."""
        return {"run": self.to_json(), "deck_file": {"name": f"{self.deck}.toml",
                                                     "text": self.text},
                "report": self.report.to_json() if self.report else None}


def _prepare(dg: DeckGame, run: Run) -> tuple[Report, list[tuple[Any, ...]]]:
    """The run's empty report and its games (in a thread: a new deck file's catalogue
    takes a moment to read), the ready decks taking turns so that the result so far
    covers them all."""
    [path] = deckfiles.paths({f"{run.deck}.toml": run.text})
    half = GAMES_PER_DECK // 2
    groups, params = [], {}
    for other in run.opponents:
        for seat in (0, 1):
            params = dg.params(run.deck, seat, 2, {**dg.against(other), "cards": str(path)})
            groups.append(balance_jobs(dg.game, half if seat == 0 else GAMES_PER_DECK - half,
                                       [AGENT], 2, 0, params))
    report = new_report(dg.game, 2, params, [run.deck])  # (the same cards in every game)
    jobs = [g[i] for i in range(max(map(len, groups))) for g in groups if i < len(g)]
    return report, jobs


class Lab:
    """The server's balance runs (see the module doc), played in ``pool``; ``limit``
    answers how long a client is to wait before another run (0: go on, a token taken);
    ``shared``: the workers' Redis, if they share one."""

    def __init__(self, pool: Executor, limit: Callable[[str], Awaitable[float]],
                 shared: Callable[[], Shared | None] = lambda: None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.pool = pool
        self.limit = limit
        self.shared = shared
        self.clock = clock
        self.runs: dict[str, Run] = {}

    def running(self) -> list[Run]:
        """The runs still playing."""
        return [r for r in self.runs.values() if r.status == "running"]

    def _admit(self, client: str) -> None:
        mine = [r for r in self.running() if r.client == client]
        if mine:
            raise _playing(mine[0].id, f" ({mine[0].done} of {mine[0].total} games)")
        if len(self.running()) >= MOST_RUNNING:
            raise _full()

    async def _admit_shared(self, run_id: str, client: str) -> None:
        """Count the new run among every worker's (Redis), or refuse it as
        :meth:`_admit` does: the client's run played by another worker, or
        :data:`MOST_RUNNING` in all. Nothing more to check while Redis is out of reach
        (this worker's own count was checked)."""
        shared = self.shared()
        if shared is None:
            return
        try:
            other = await shared.run_start(run_id, client, MOST_RUNNING)
        except SharedDown:
            return
        if other is None:
            return
        if not other:
            raise _full()
        progress = ""
        with contextlib.suppress(SharedDown, ValueError, TypeError, KeyError):
            text = await shared.get(f"lab:status:{other}")
            if text is not None:
                got = json.loads(text)
                progress = f" ({int(got['done'])} of {int(got['games'])} games)"
        raise _playing(other, progress)

    async def _runs_now(self) -> None:
        """Tell the other workers which runs this one plays now."""
        shared = self.shared()
        if shared is not None:
            await shared.runs_now([(r.id, r.client) for r in self.running()])

    async def start(self, dg: DeckGame, deck: BaseModel, client: str) -> Run:
        """Start a run of the legal ``deck`` for ``client``; 400 with every rule an
        illegal deck breaks, 409 if the client has a run playing, 429 if the server plays
        :data:`MOST_RUNNING` already or past the client's rate."""
        self._forget()
        ident, text = legal_file(dg, deck)
        self._admit(client)
        wait = await self.limit(client)
        if wait:
            raise ApiError(429, f"too many balance runs: wait {wait:.0f} s (at most {BURST} "
                           f"at once, then one every {EVERY_S:.0f} s)",
                           retry_after=round(wait, 1))
        self._admit(client)  # (again: another request may have started one meanwhile)
        run_id = secrets.token_urlsafe(12)
        await self._admit_shared(run_id, client)  # ... or through another worker
        try:
            self._admit(client)  # (and here, while Redis answered)
        except ApiError:
            await self._runs_now()  # the run counted in Redis is not played after all
            raise
        opponents = dg.ready()
        run = Run(run_id, dg.game, client, ident,
                  str(getattr(deck, "name", "")) or ident, text, opponents,
                  GAMES_PER_DECK * len(opponents), self.clock())
        self.runs[run.id] = run
        await self._share(run)  # the others answer a poll of it from its very start
        run.task = asyncio.get_running_loop().create_task(self._play(dg, run))
        return run

    async def status(self, run_id: str) -> dict[str, Any]:
        """The run of that id as the page shows it (:meth:`Run.to_json`); 404 if there
        is none (or it was forgotten)."""
        return await self._find(run_id, "status", Run.to_json)

    async def report(self, run_id: str) -> dict[str, Any]:
        """The whole report of a finished run (:meth:`Run.report_json`); 404 if there is
        none, or it is still playing elsewhere."""
        return await self._find(run_id, "report", Run.report_json)

    async def _find(self, run_id: str, part: str, of: Callable[[Run], dict[str, Any]]
                    ) -> dict[str, Any]:
        self._forget()
        run = self.runs.get(run_id)
        if run is not None:
            return of(run)
        shared = self.shared()
        if shared is not None and len(run_id) <= 40:  # played by another worker?
            with contextlib.suppress(SharedDown):
                text = await shared.get(f"lab:{part}:{run_id}")
                if text is not None:
                    return json.loads(text)  # type: ignore[no-any-return]
        raise ApiError(404, f"no balance run {run_id[:40]!r} (a finished run is kept "
                       f"{KEEP_S / 60:.0f} minutes)")

    async def _share(self, run: Run, final: bool = False) -> None:
        """Put the run's progress (and, once it is over, its report) where the other
        workers read it; nothing without them, or while Redis is out of reach."""
        shared = self.shared()
        if shared is None:
            return
        with contextlib.suppress(SharedDown):
            await shared.put(f"lab:status:{run.id}", json.dumps(run.to_json()), KEEP_S)
            if final:
                await shared.put(f"lab:report:{run.id}", json.dumps(run.report_json()),
                                 KEEP_S)

    async def _play(self, dg: DeckGame, run: Run) -> None:
        loop = asyncio.get_running_loop()
        shared_at = 0.0
        try:
            report, jobs = await asyncio.to_thread(_prepare, dg, run)
            run.report = report
            for job in jobs:
                game = await loop.run_in_executor(self.pool, play_tallied, job)
                report.add(game)
                run.done += 1
                if self.clock() - shared_at >= SHARE_S:
                    shared_at = self.clock()
                    await self._share(run)
            run.status = "done"
        except asyncio.CancelledError:
            run.status = "stopped"
            run.error = "the server stopped"
            raise
        except Exception as e:  # a bug in a game or an agent: this run fails, say so
            log.exception("balance run %s of %s failed", run.id, run.game)
            run.status = "failed"
            run.error = f"the run failed after {run.done} games ({type(e).__name__})"
        finally:
            run.finished = self.clock()
        await self._runs_now()
        await self._share(run, final=True)

    def _forget(self) -> None:
        now = self.clock()
        over = sorted((r for r in self.runs.values() if r.finished is not None),
                      key=lambda r: r.finished or 0.0)
        for i, r in enumerate(over):
            if now - (r.finished or now) > KEEP_S or len(over) - i > MOST_KEPT:
                del self.runs[r.id]

    def cancel(self) -> None:
        """Stop every run (the server stops)."""
        for r in self.running():
            if r.task is not None:
                r.task.cancel()


def _playing(run_id: str, progress: str) -> ApiError:
    """The refusal of a second run of a client whose run ``run_id`` is playing."""
    return ApiError(409, f"your balance run {run_id} is still playing{progress}: one at a "
                    "time", run=run_id)


def _full() -> ApiError:
    """The refusal of a run while the server plays :data:`MOST_RUNNING` (a 429, as the
    server's other caps)."""
    return ApiError(429, f"the server plays {MOST_RUNNING} balance runs already: try "
                    "again in a minute", retry_after=60)


__all__ = ["Lab", "Run", "GAMES_PER_DECK", "AGENT", "BURST", "EVERY_S", "MOST_RUNNING",
           "KEEP_S", "MOST_KEPT", "SHARE_S"]
