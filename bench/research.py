"""Research benchmarks: environment steps/s and simulation scaling (local pool vs Ray).

- **env**: random masked play through the PettingZoo AEC environment (``last()``, a
  random legal index from the mask, ``step``), steps/s per game, with the observation
  of the agent to act encoded at every step.
- **scaling**: ``tabletop.sim.simulate`` of random radiant-perim games (3 players) on the
  local pool and on a local Ray, with 1 and 2 workers, in games/s; Ray's start-up is
  timed apart (it is paid once per run, not per game).

Each figure is also divided by ../shared/bench/floor.py's steps/s timed in the same run.
Copy the output into docs/performance.md with the machine and the date.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from run import floor_steps_per_s, report

from tabletop.interfaces.env import pettingzoo_env
from tabletop.sim import simulate


def env_steps_per_s(game: str, players: int, seconds: float) -> float:
    """Steps/s of masked random play through the PettingZoo AEC env."""
    env = pettingzoo_env(game, players=players)
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
            del agent
        env.reset()
    return steps / (time.perf_counter() - t0)


def games_per_s(backend: str, workers: int, games: int) -> float:
    """Games/s of ``simulate`` (random agents, radiant-perim, 3 players)."""
    t0 = time.perf_counter()
    n = sum(1 for _ in simulate("radiant-perim", 3, ["random"] * 3, games, seed=1,
                                workers=workers, backend=backend))
    assert n == games
    return games / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    floor = floor_steps_per_s(2.0) or float("nan")
    rows: list[dict[str, object]] = []
    for game, players in (("radiant-perim", 3), ("radiant-perim", 4), ("radiant-arena", 2)):
        sps = env_steps_per_s(game, players, args.seconds)
        rows.append({"bench": "env", "game": game, "players": players,
                     "steps_per_s": round(sps, 1), "per_floor": round(sps / floor, 5)})
    import ray

    from tabletop.sim.ray_backend import connect
    for workers in (1, 2):
        gps = games_per_s("local", workers, args.games)
        rows.append({"bench": "scaling", "backend": "local", "workers": workers,
                     "games_per_s": round(gps, 1), "per_floor": round(gps / floor, 6)})
        t0 = time.perf_counter()
        connect(workers, None)
        start = time.perf_counter() - t0
        gps = games_per_s("ray", workers, args.games)
        ray.shutdown()
        rows.append({"bench": "scaling", "backend": "ray", "workers": workers,
                     "games_per_s": round(gps, 1), "per_floor": round(gps / floor, 6),
                     "ray_start_s": round(start, 1)})
    report(rows, args.json, floor_steps_per_s=round(floor))


if __name__ == "__main__":
    main()
