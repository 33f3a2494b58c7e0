"""Drafted radiant-arena games (issue 12, Performance), next to the floor loop.

- random drafted games through the core contract (`legal_actions()`, a random choice, the
  checked `apply()`), draft included, on one core: decisions/s (target: 30,000) and the
  clone time, as bench/run.py measures the starter decks (printed beside them);
- heuristic drafted games (the heuristic drafting and playing both seats): games/s;
- ISMCTS on drafted games: iterations/s over searched decisions of seat A (the draft's
  among them) against the heuristic.

Each figure is also given as a ratio to ../shared/bench/floor.py timed in the same run.
Copy the output into docs/performance.md with the machine and the date.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from datetime import date

from run import floor_steps_per_s  # bench/run.py

from tabletop.agents import Resampler, decide, make_agent
from tabletop.core import new_game
from tabletop.sim.bench import bench

GAME = "radiant-arena"
TARGET = 30_000  # decisions/s of random drafted games (issue 12)


def heuristic_games_per_s(games: int, seed: int = 0) -> dict[str, float]:
    """Heuristic against heuristic, drafting too: games/s and decisions/s."""
    start = time.perf_counter()
    decisions = 0
    for g in range(games):
        state = new_game(GAME, seed=seed + g, draft=True)
        agents = [make_agent("heuristic", GAME, 2 * (seed + g) + i) for i in range(2)]
        while state.to_act is not None:
            state.apply(decide(agents[state.to_act], state))
            decisions += 1
    seconds = time.perf_counter() - start
    return {"games_per_s": games / seconds, "decisions_per_s": decisions / seconds,
            "games": games}


def ismcts_iterations_per_s(iterations: int, decisions: int, seed: int = 7
                            ) -> dict[str, float]:
    """ISMCTS iterations/s over ``decisions`` searched decisions of drafted games."""
    agent = make_agent(f"ismcts:{iterations}", GAME, seed)
    other = make_agent("heuristic", GAME, seed + 1)
    rng = random.Random(seed)
    done, seconds, searched, deal = 0, 0.0, 0, 0
    while searched < decisions:
        state = new_game(GAME, seed=seed + deal, draft=True)
        deal += 1
        while state.to_act is not None and searched < decisions:
            legal = state.legal_actions()
            if state.to_act == 0 and len(legal) > 1 and rng.random() < 0.5:
                result = agent.search(legal, Resampler(state, 0))  # type: ignore[attr-defined]
                done += result.iterations
                seconds += result.seconds
                searched += 1
                state.apply(result.stats[0].action)
            else:
                state.apply(decide(other, state))
    return {"iterations_per_s": done / seconds, "seconds_per_decision": seconds / searched,
            "decisions": searched}


def main() -> int:
    """Run the three measurements; exit 1 if the random playouts miss their target."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--games", type=int, default=6, help="heuristic drafted games")
    ap.add_argument("--iterations", type=int, default=60, help="ISMCTS iterations a decision")
    ap.add_argument("--decisions", type=int, default=30, help="ISMCTS searched decisions")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    floor = floor_steps_per_s(2.0)
    starter = bench(GAME, 2, args.seconds)
    drafted = bench(GAME, 2, args.seconds, params={"draft": True})
    heuristic = heuristic_games_per_s(args.games)
    ismcts = ismcts_iterations_per_s(args.iterations, args.decisions)
    info = {"date": date.today().isoformat(), "machine": platform.machine(),
            "python": platform.python_version(), "floor_steps_per_s": floor,
            "engine": starter["engine"]}
    rows = {"starter": starter, "drafted": drafted, "heuristic": heuristic, "ismcts": ismcts}
    if args.json:
        print(json.dumps({"info": info, **rows}))
    else:
        f = floor or float("nan")
        print(f"{info['date']}  {info['machine']}  Python {info['python']}  "
              f"floor {f:,.0f} steps/s")
        print(f"engine: {info['engine']}")
        for name in ("starter", "drafted"):
            r = rows[name]
            print(f"random {name:<8} games: {r['decisions_per_s']:>9,.0f} decisions/s "
                  f"(÷floor {r['decisions_per_s'] / f:.3f}), {r['games_per_s']:.1f} games/s, "
                  f"clone {r['clone_us']:.2f} µs")
        print(f"heuristic drafted games: {heuristic['games_per_s']:.2f} games/s "
              f"({heuristic['decisions_per_s']:,.0f} decisions/s, ÷floor "
              f"{heuristic['decisions_per_s'] / f:.4f}; {heuristic['games']:.0f} games)")
        print(f"ISMCTS on drafted games: {ismcts['iterations_per_s']:,.0f} iterations/s "
              f"(÷floor {ismcts['iterations_per_s'] / f:.5f}; {args.iterations} iterations, "
              f"{ismcts['decisions']:.0f} decisions)")
    if drafted["decisions_per_s"] < TARGET:
        print(f"target missed: random drafted games {drafted['decisions_per_s']:,.0f} "
              f"decisions/s < {TARGET:,}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
