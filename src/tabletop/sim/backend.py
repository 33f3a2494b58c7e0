"""Where games are played: the backends of simulations and tournaments.

- ``local`` (the default): this process (``workers=1``) or a pool of local processes;
  results come in the order of the jobs.
- ``ray``: chunks of jobs sent to Ray tasks, on a local Ray started for the run or on a
  cluster joined by ``address`` (:mod:`.ray_backend`); results come as they finish.

Every backend plays the same jobs with the same code (:func:`~.simulate.run_game`), so a
game's record does not depend on where it was played; callers that count or write
results (simulate, tournament, a balance report) must not depend on their order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tabletop.core import ParameterError, TabletopError

BACKENDS = ("local", "ray")


class BackendError(TabletopError):
    """A backend that cannot run: Ray missing, a cluster address that cannot be reached,
    games that failed on every retry."""


def check_backend(backend: str, address: str | None) -> None:
    """Raise ``ParameterError`` for an unknown backend or an address without Ray."""
    if backend not in BACKENDS:
        raise ParameterError(f"unknown backend {backend!r} (backends: {', '.join(BACKENDS)})")
    if address is not None and backend != "ray":
        raise ParameterError("--address names a Ray cluster; use it with --backend ray")


def run_on(backend: str, jobs: Sequence[tuple], workers: int,  # type: ignore[type-arg]
           address: str | None = None,
           play: Callable[[Any], Any] | None = None) -> Iterator:  # type: ignore[type-arg]
    """Play ``jobs`` on ``backend`` with ``workers`` (local processes, or Ray task slots
    on a local Ray; a cluster uses its own CPUs). ``play`` plays one job where the game
    runs (default :func:`~.simulate.run_game`, a record per game; a balance report's
    tallies them there instead): a function a worker can import, whose result carries
    the job's ``index``."""
    check_backend(backend, address)
    if backend == "ray":
        from .ray_backend import _ray, check_address, run_ray

        _ray()  # Ray installed? Said now, before any progress bar
        if address is not None:
            check_address(address)  # reachable? (Ray itself would retry for a minute)
        return run_ray(list(jobs), workers, address, play=play)
    from .simulate import _run

    return _run(list(jobs), min(workers, len(jobs)), play)
