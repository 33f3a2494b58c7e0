"""Ray with one worker against the plain process (issue 27: not slower by more than its
start-up).

For each game, ``tabletop.sim.simulate`` of random games with one worker, wall time:

- **local**: the plain process (``backend="local"``, ``workers=1``: games played here);
- **ray**: a local Ray of one CPU (``backend="ray"``, ``workers=1``), started first and
  timed apart (**start**: ``ray.init``, paid once per run); **ray first** is the first
  run on it, which also pays the worker's own start (a fresh process importing the
  engine and loading the game, as the plain process did before its first game), and
  **ray** the fastest later run.

Every run plays the same games; runs alternate (local, ray, local, ...) and the fastest of
each is kept (the machine is shared). Copy the output into docs/performance.md
(Scaling) with the machine and the date.
"""

from __future__ import annotations

import argparse
import time

import ray
from run import report  # bench/run.py: the run's circumstances and its rows

from tabletop.sim import simulate
from tabletop.sim.ray_backend import connect

SETUPS = (("radiant-perim", 3, 300), ("goofspiel", 2, 3000))


def run(game: str, players: int, games: int, backend: str) -> float:
    """Wall seconds of ``simulate`` with one worker on ``backend``."""
    t0 = time.perf_counter()
    n = sum(1 for _ in simulate(game, players, ["random"] * players, games, seed=1,
                                workers=1, backend=backend))
    assert n == games
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--scale", type=float, default=1.0, help="games: this times the default")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    setups = [(g, n, max(1, int(k * args.scale))) for g, n, k in SETUPS]
    for g, n, _ in setups:  # load every game here first, as a long-lived process has
        run(g, n, 1, "local")
    t0 = time.perf_counter()
    connect(1, None)
    start = time.perf_counter() - t0
    rows: list[dict[str, object]] = []
    try:
        for game, players, games in setups:
            local, on_ray = [], []
            first = run(game, players, games, "ray")
            for _ in range(args.repeats):
                local.append(run(game, players, games, "local"))
                on_ray.append(run(game, players, games, "ray"))
            rows.append({"game": game, "players": players, "games": games,
                         "local_s": round(min(local), 2), "ray_first_s": round(first, 2),
                         "ray_s": round(min(on_ray), 2),
                         "ray_per_local": round(min(on_ray) / min(local), 3),
                         "start_s": round(start, 1)})
    finally:
        ray.shutdown()
    report(rows, args.json, ray=ray.__version__)


if __name__ == "__main__":
    main()
