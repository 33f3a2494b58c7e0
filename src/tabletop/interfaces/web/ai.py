"""AI seats, played off the server's event loop.

A decision is a :class:`DecisionJob`: the table's game, parameters, seed and actions so
far, the agent's name and seed. :func:`decide_job` (a plain top-level function, so a
process pool can run it) rebuilds the position by replaying the actions, and asks the
agent through :func:`tabletop.agents.decide`, which gives it only its seat's view. Each
worker keeps the last position of each table it has played, so a decision usually
replays only the actions since its previous one.

The pool is a process pool by default (search is CPU-bound: the event loop stays free);
a thread pool serves tests and tiny installs.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import multiprocessing.connection
import os
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from threading import Lock, Thread
from typing import Any

from tabletop.agents import decide, make_agent
from tabletop.core import Record, State, initial_state


@dataclass(frozen=True, slots=True)
class DecisionJob:
    """Everything a worker needs to decide for one AI seat."""

    table: str
    game: str
    rules_version: str
    params: dict[str, Any]  # with "players"
    seed: int
    actions: tuple[str, ...]
    agent: str
    agent_seed: int
    files: tuple[str, ...] = ()  # the table's deck files, written out (deckfiles.py)


_CACHE: OrderedDict[str, State] = OrderedDict()  # table id -> its last position here
_CACHE_SIZE = 256
_CACHE_LOCK = Lock()


def _position(job: DecisionJob) -> State:
    with _CACHE_LOCK:
        state = _CACHE.pop(job.table, None)
    n = len(job.actions)
    if state is not None:
        done = len(state.history)
        same = done <= n and all(a.to_text() == t for a, t in
                                 zip(state.history, job.actions[:done], strict=False))
        if not same:
            state = None
    if state is None:
        record = Record(job.game, job.rules_version, dict(job.params), job.seed, [], None,
                        "0" * 64)
        state = initial_state(record, [Path(f) for f in job.files])
    for text in job.actions[len(state.history):]:
        state.apply(text)
    return state


def decide_job(job: DecisionJob) -> tuple[str, int]:
    """The notation of the AI's action, and the number of actions it answers."""
    state = _position(job)
    agent = make_agent(job.agent, job.game, job.agent_seed)
    action = decide(agent, state).to_text()
    with _CACHE_LOCK:
        _CACHE[job.table] = state
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return action, len(job.actions)


def agent_seed(seed: int, n: int) -> int:
    """The seed of the agent deciding action ``n`` of a game: fixed by the game's seed, so
    a resumed server decides the same way, and telling nothing of it."""
    digest = hashlib.sha256(f"tabletop web ai:{seed}:{n}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _end_with_the_server() -> None:
    """In a pool worker: end this process as soon as the server's process is gone. A
    worker waits on its queue, which never closes when the server is killed (SIGKILL, a
    crash): without this it would stay behind, idle, for ever."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)  # nothing of the worker's is worth keeping: its caller is gone

    Thread(target=watch, name="tabletop-ai-watch", daemon=True).start()


def make_pool(kind: str, workers: int) -> Executor:
    """``kind`` is ``process`` (the default of the server) or ``thread``."""
    if kind == "thread":
        return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="tabletop-ai")
    if kind == "process":
        # spawn: a fork of a process running an event loop and threads is not safe.
        return ProcessPoolExecutor(max_workers=workers,
                                   mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_end_with_the_server)
    raise ValueError(f"unknown AI pool {kind!r} (process or thread)")
