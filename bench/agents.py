"""The agents benchmark of `make bench-agents`: strength and speed of the agents.

Measures, for radiant-perim and radiant-arena, what issue 4 asks of the agents (the
figures go into docs/agents.md with the machine and the date):

- ISMCTS iterations per second on one core (a few searched decisions, one process);
- pairings (every deal played from every seat, see tabletop.sim.tournament) with their
  win rates and 95% Wilson intervals, each against its target.

ISMCTS plays with a fixed iteration budget per game (``--iterations``, default 300 in
radiant-perim, ``--arena-iterations``, default 60 in radiant-arena: each about 0.1 s a
decision on the reference machine at the measured rate), so the results do not depend on
how busy the machine is; ``5x`` is five times that budget (about 0.5 s).
Results are appended to ``--out`` (JSON lines) as each pairing ends, so a long run can
be followed and resumed case by case (``--cases``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from datetime import date
from pathlib import Path

from run import floor_steps_per_s  # bench/run.py: the floor loop, timed in this run

from tabletop.agents import Resampler, decide, make_agent
from tabletop.core import new_game
from tabletop.sim.simulate import run_jobs
from tabletop.sim.tournament import PairingResult, pairing_jobs, score_of, team_of

PERIM, ARENA = "radiant-perim", "radiant-arena"
# Speed targets in iterations per second on one core (issue 4).
SPEED_TARGET = {PERIM: 1000, ARENA: 300}


def cases(budget: dict[str, int]) -> list[tuple[str, str, int, str, str, float | None]]:
    """(case id, game, players, agent a, agent b, target win rate of a)."""
    ism, ism5 = f"ismcts:{budget[PERIM]}", f"ismcts:{5 * budget[PERIM]}"
    arena = f"ismcts:{budget[ARENA]}"
    return [
        ("heuristic-random-2p", PERIM, 2, "heuristic", "random", 0.80),
        ("heuristic-greedy-2p", PERIM, 2, "heuristic", "greedy", None),
        ("ismcts-random-2p", PERIM, 2, ism, "random", 0.90),
        ("ismcts-heuristic-2p", PERIM, 2, ism, "heuristic", 0.65),
        ("ismcts-random-3p", PERIM, 3, ism, "random", 0.75),
        ("ismcts-heuristic-3p", PERIM, 3, ism, "heuristic", 0.50),
        ("ismcts5x-ismcts-2p", PERIM, 2, ism5, ism, 0.50),
        ("arena-heuristic-random", ARENA, 2, "heuristic", "random", 0.80),
        ("arena-ismcts-random", ARENA, 2, arena, "random", 0.90),
        ("arena-ismcts-heuristic", ARENA, 2, arena, "heuristic", 0.65),
        ("arena-ismcts5x-ismcts", ARENA, 2, f"ismcts:{5 * budget[ARENA]}", arena, 0.50),
    ]


def iterations_per_second(game: str, n: int, decisions: int = 40,
                          seed: int = 7) -> dict[str, float]:
    """ISMCTS iterations per second over ``decisions`` searched decisions (2 players)."""
    agent = make_agent(f"ismcts:{n}", game, seed)
    other = make_agent("heuristic", game, seed + 1)
    rng = random.Random(seed)
    iterations, seconds, searched = 0, 0.0, 0
    deal = 0
    while searched < decisions:
        state = new_game(game, players=2, seed=seed + deal)
        deal += 1
        while state.to_act is not None and searched < decisions:
            legal = state.legal_actions()
            if state.to_act == 0 and len(legal) > 1 and rng.random() < 0.5:
                result = agent.search(legal, Resampler(state, 0))  # type: ignore[attr-defined]
                iterations += result.iterations
                seconds += result.seconds
                searched += 1
                state.apply(result.stats[0].action)
            else:
                state.apply(decide(other, state))
    return {"iterations_per_s": iterations / seconds, "seconds_per_decision": seconds / searched,
            "decisions": searched}


def play_case(game: str, players: int, a: str, b: str, games: int, seed: int,
              workers: int) -> PairingResult:
    """Play one pairing and count it."""
    teams = team_of(game, players)
    plan = pairing_jobs(game, players, a, b, games, seed, teams)
    totals = PairingResult(a, b)
    for (seats, _), result in zip(plan, run_jobs([job for _, job in plan], workers),
                                  strict=True):
        totals.add(score_of(result.outcome, seats))
    return totals


def main() -> int:
    """Run the cases; print a table; exit 1 when a target is missed."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--iterations", type=int, default=300,
                    help="ISMCTS iterations a decision in radiant-perim")
    ap.add_argument("--arena-iterations", type=int, default=60,
                    help="ISMCTS iterations a decision in radiant-arena")
    ap.add_argument("--games", type=int, default=200, help="games a radiant-perim pairing")
    ap.add_argument("--arena-games", type=int, default=100, help="games a radiant-arena pairing")
    ap.add_argument("--scaling-games", type=int, default=60,
                    help="games of a 5x-budget pairing (each takes five times as long)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=20_000)
    ap.add_argument("--cases", default="all",
                    help="comma-separated case ids (speed-<game> for the speeds), or all")
    ap.add_argument("--out", type=Path, default=Path("bench-agents.jsonl"))
    args = ap.parse_args()
    budget = {PERIM: args.iterations, ARENA: args.arena_iterations}
    info = {"date": date.today().isoformat(), "machine": platform.machine(),
            "processor": platform.processor(), "python": platform.python_version(),
            "cpus": os.cpu_count(), "workers": args.workers}
    wanted = None if args.cases == "all" else set(args.cases.split(","))
    missed = []
    with args.out.open("a") as sink:
        for game, target in SPEED_TARGET.items():
            case = f"speed-{game}"
            if wanted is not None and case not in wanted:
                continue
            floor = floor_steps_per_s(2.0)
            speed = iterations_per_second(game, budget[game])
            row = {"case": case, "game": game, **info, "iterations": budget[game], **speed,
                   "floor_steps_per_s": floor, "target": target,
                   "met": speed["iterations_per_s"] >= target}
            ratio = speed["iterations_per_s"] / floor if floor else float("nan")
            print(f"ISMCTS in {game}: {speed['iterations_per_s']:,.0f} iterations/s "
                  f"(÷floor {ratio:.5f}), {speed['seconds_per_decision']:.3f} s a decision "
                  f"({budget[game]} iterations)", flush=True)
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            if not row["met"]:
                missed.append(case)
        for case, game, players, a, b, target in cases(budget):
            if wanted is not None and case not in wanted:
                continue
            games = (args.scaling_games if "5x" in case
                     else args.arena_games if game == ARENA else args.games)
            games = -(-games // players) * players  # every deal from every seat
            start = time.perf_counter()
            totals = play_case(game, players, a, b, games, args.seed, args.workers)
            row = {"case": case, "game": game, "players": players, **totals.to_json(),
                   "target": target, "seconds": round(time.perf_counter() - start, 1), **info}
            row["met"] = target is None or row["win_rate_a"] >= target
            if not row["met"]:
                missed.append(case)
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            print(f"{case:24} {a:>14} vs {b:<10} {players}p {row['games']:4} games  "
                  f"win rate {row['win_rate_a']:.3f} [{row['ci_low']:.3f}, {row['ci_high']:.3f}]"
                  f"  target {target}  {'ok' if row['met'] else 'MISSED'}  "
                  f"({row['seconds']:.0f} s)", flush=True)
    if missed:
        print("missed: " + ", ".join(missed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
