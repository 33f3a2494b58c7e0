"""Many games at once: seeds ``seed, seed+1, ...`` played by a process pool or by Ray.

:func:`simulate` yields one :class:`GameResult` per game, in seed order whatever the
number of workers, so the same arguments give the same results (and the same record
file) with one worker or eight. ``workers=1`` plays in this process. With
``backend="ray"`` (:mod:`.backend`) the same games give the same records, yielded as
they finish. A :class:`Summary` folds the results into wins and mean scores per seat
(in any order).
"""

from __future__ import annotations

import json
import multiprocessing
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tabletop.core import ParameterError, get_spec, record_of

from .backend import check_backend, run_on
from .match import make_agents, play_match


@dataclass(frozen=True, slots=True)
class GameResult:
    """One simulated game: its index (0-based), seed, record line and outcome."""

    index: int
    seed: int
    record: str
    outcome: dict[str, Any]


# What a worker needs to play one game: picklable plain data.
_Job = tuple[int, str, int, tuple[str, ...], int, dict[str, Any]]


def run_game(job: _Job) -> GameResult:
    """Play one game described by ``(index, game_id, players, agents, seed, params)``."""
    index, game_id, players, agents, seed, params = job
    state = play_match(game_id, players, agents, seed, params)
    record = record_of(state)
    assert record.outcome is not None  # play_match plays to the end
    return GameResult(index, seed, record.dumps(), record.outcome)


def check_setup(
    game_id: str, players: int, agent_names: Sequence[str], params: Mapping[str, Any] | None = None
) -> None:
    """Raise a ``TabletopError`` now for a bad game, seat count, parameter or agent name.

    Cheap (no game is played), so the bad input is reported before any worker starts.
    """
    spec = get_spec(game_id)
    spec.check_params(players, dict(params or {}))
    if len(agent_names) != players:
        raise ParameterError(f"{players} seats need {players} agent names, "
                             f"got {len(agent_names)}")
    make_agents(game_id, agent_names, 0)


def _chunksize(games: int, workers: int) -> int:
    # Big enough to keep pickling cheap, small enough for a smooth progress bar.
    return max(1, min(32, games // (workers * 8)))


def simulate(
    game_id: str,
    players: int,
    agent_names: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    params: Mapping[str, Any] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> Iterator[GameResult]:
    """Play ``games`` games with seeds ``seed, seed+1, ...``; yield their results.

    ``agent_names`` has one name per seat. With ``workers > 1`` the games run in a pool of
    fresh ("spawn") processes; the results do not depend on ``workers``. The setup is
    checked at once, before the first game (:func:`check_setup`). Closing the iterator
    early cancels the games not yet started. The local backend yields in seed order;
    ``backend="ray"`` (:mod:`.backend`) yields as games finish, on a local Ray or the
    cluster at ``address``; the records are the same.
    """
    if games < 1:
        raise ParameterError(f"the number of games must be at least 1, not {games}")
    if workers < 1:
        raise ParameterError(f"the number of workers must be at least 1, not {workers}")
    check_setup(game_id, players, agent_names, params)
    check_backend(backend, address)
    agents = tuple(agent_names)
    jobs = [(i, game_id, players, agents, seed + i, dict(params or {})) for i in range(games)]
    return run_on(backend, jobs, workers, address)


def run_jobs(jobs: Sequence[_Job], workers: int = 1, backend: str = "local",
             address: str | None = None) -> Iterator[GameResult]:
    """Play prepared games ``(index, game_id, players, agents, seed, params)``: locally in
    the order of ``jobs`` (a process pool when ``workers > 1``), or on Ray as they finish
    (:mod:`.backend`). Each result carries its job's index.

    The setup of each job should be checked first (:func:`check_setup`).
    """
    if workers < 1:
        raise ParameterError(f"the number of workers must be at least 1, not {workers}")
    check_backend(backend, address)
    if not jobs:
        return iter(())
    return run_on(backend, jobs, workers, address)


def _run(jobs: list[_Job], workers: int, play: Callable[[_Job], Any] | None = None
         ) -> Iterator[Any]:
    games = len(jobs)
    play = play or run_game
    if workers == 1:
        for job in jobs:
            yield play(job)
        return
    # "spawn": workers start clean, whatever threads (a progress bar) this process runs.
    pool = ProcessPoolExecutor(max_workers=workers,
                               mp_context=multiprocessing.get_context("spawn"))
    try:
        yield from pool.map(play, jobs, chunksize=_chunksize(games, workers))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


@dataclass(slots=True)
class Summary:
    """Running totals over simulated games.

    A game won by several seats (a tie the rules leave shared, or the two partners of a
    four-player team) counts one win for *each* winning seat, so the wins may add up to
    more than the number of games.
    """

    game: str
    agents: list[str]
    games: int = 0
    wins: list[int] = field(default_factory=list)
    score_sums: list[float] = field(default_factory=list)
    seconds: float = 0.0
    _started: float = field(default_factory=time.perf_counter)

    def __post_init__(self) -> None:
        n = len(self.agents)
        self.wins = self.wins or [0] * n
        self.score_sums = self.score_sums or [0.0] * n

    def add(self, result: GameResult) -> None:
        """Count one game."""
        self.games += 1
        for seat in result.outcome["winners"]:
            self.wins[seat] += 1
        for seat, score in enumerate(result.outcome["scores"]):
            self.score_sums[seat] += score
        self.seconds = time.perf_counter() - self._started

    @property
    def mean_scores(self) -> list[float]:
        """The mean score of each seat."""
        return [s / self.games if self.games else 0.0 for s in self.score_sums]

    @property
    def games_per_s(self) -> float:
        """Games finished per second of wall time since the summary began."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form (seat lists are in seat order, seat 1 first)."""
        return {
            "game": self.game,
            "players": len(self.agents),
            "agents": list(self.agents),
            "games": self.games,
            "wins": list(self.wins),
            "mean_scores": [round(s, 4) for s in self.mean_scores],
            "seconds": round(self.seconds, 4),
            "games_per_s": round(self.games_per_s, 3),
        }

    def dumps(self) -> str:
        """The summary as one line of JSON."""
        return json.dumps(self.to_json())
