"""Our engine beside its peers: random playouts in RLCard and OpenSpiel, timed in one run.

    pip install -e '.[bench]'          # the peers, pinned (pyproject.toml, extra "bench")
    python bench/peers.py [--seconds 2] [--rounds 3] [--json]

Every case is the same loop: enumerate the legal actions, pick one at random, apply it,
until the game ends, then deal the next game. Ours goes through the core contract
(``legal_actions()``, the checked ``apply()``: ``tabletop.sim.bench``, as in `make bench`),
for each of the four games at every player count of docs/performance.md's table;
RLCard through its game objects (``get_legal_actions``/``step``, which also builds the
state dict every step, as RLCard's games do: UNO, Gin Rummy, Leduc Hold'em); OpenSpiel
through ``pyspiel`` (C++ games behind Python bindings: gin_rummy, hearts, leduc_poker;
chance nodes are sampled by their probabilities and not counted as decisions). The floor
loop (../shared/bench/floor.py) is timed in the same process.

Each case is timed in CPU time (this process's, ``time.process_time``) and in wall time.
On a shared machine the wall clock also counts the time other processes held the core
(it moved 3.3 times between rounds here once, while CPU time held within 1.06), so the
figures compared are CPU time's. The cases run in ``--rounds`` interleaved rounds (ours,
the peers, the floor, then again), and each figure is the median over the rounds.
Printed per case: decisions per CPU-second, per wall-second, ÷floor (both in CPU time),
and the ratios to RLCard UNO, OpenSpiel gin_rummy and OpenSpiel hearts of the same run.
A peer that is not installed is reported and left out.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from run import floor_rates  # bench/run.py: the floor loop, timed in this run

from tabletop import native
from tabletop.sim.bench import bench

# (seconds, seed) -> decisions, games, wall seconds, CPU seconds
Case = Callable[[float, int], tuple[int, int, float, float]]
# Our cases: (label, game, players, params), every player count the table names.
OURS: list[tuple[str, str, int, dict[str, Any]]] = [
    ("radiant-arena 2p starter decks", "radiant-arena", 2, {}),
    ("radiant-arena 2p drafted", "radiant-arena", 2, {"draft": True}),
    ("radiant-perim 2p", "radiant-perim", 2, {}),
    ("radiant-perim 3p", "radiant-perim", 3, {}),
    ("radiant-perim 4p", "radiant-perim", 4, {}),
    ("lightseekers 2p", "lightseekers", 2, {}),
    ("lightseekers 6p", "lightseekers", 6, {}),
    ("hoshi-battle 2p", "hoshi-battle", 2, {}),
    ("hoshi-battle 5p", "hoshi-battle", 5, {}),
]
# The peers every row is divided by (when installed).
REFS = ("RLCard uno", "OpenSpiel gin_rummy", "OpenSpiel hearts")


def ours(game: str, players: int, params: dict[str, Any]) -> Case:
    """Our engine through tabletop.sim.bench (its playout part: decisions and games)."""
    def run(seconds: float, seed: int) -> tuple[int, int, float, float]:
        # bench() spends 70% of its time in playouts and 30% cloning: give it the time so
        # that the playouts last `seconds`.
        report = bench(game, players, seconds / 0.7, seed=seed, params=params)
        return (report["decisions"], report["games"],
                report["decisions"] / report["decisions_per_s"],
                report["decisions"] / report["decisions_per_cpu_s"])
    return run


def rlcard_case(name: str) -> Case | None:
    """An RLCard game's random playouts (``uno``, ``gin-rummy`` or ``leduc``), or None
    without RLCard."""
    try:
        import numpy as np
        if name == "uno":
            from rlcard.games.uno.game import UnoGame as Game
        elif name == "leduc":
            from rlcard.games.leducholdem.game import LeducholdemGame as Game
        else:
            from rlcard.games.gin_rummy.game import GinRummyGame as Game
    except ImportError:
        return None

    def run(seconds: float, seed: int) -> tuple[int, int, float, float]:
        rng = random.Random(seed)
        game = Game()
        game.np_random = np.random.RandomState(seed)
        decisions = games = 0
        start, cpu = time.perf_counter(), time.process_time()
        while games == 0 or time.perf_counter() - start < seconds:
            game.init_game()
            # Gin Rummy's legal actions come from its judge (its env does the same).
            legal_of = (game.judge.get_legal_actions if name == "gin-rummy"  # type: ignore[attr-defined]
                        else game.get_legal_actions)
            while not game.is_over():
                legal = legal_of()
                game.step(legal[rng.randrange(len(legal))])
                decisions += 1
            games += 1
        return decisions, games, time.perf_counter() - start, time.process_time() - cpu
    return run


def openspiel_case(name: str) -> Case | None:
    """An OpenSpiel game's random playouts (``pyspiel.load_game(name)``), or None."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)

    def run(seconds: float, seed: int) -> tuple[int, int, float, float]:
        rng = random.Random(seed)
        decisions = games = 0
        start, cpu = time.perf_counter(), time.process_time()
        while games == 0 or time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    actions = [a for a, _ in outcomes]
                    weights = [p for _, p in outcomes]
                    state.apply_action(rng.choices(actions, weights)[0])
                    continue
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
            games += 1
        return decisions, games, time.perf_counter() - start, time.process_time() - cpu
    return run


def main() -> int:
    """Run every case in interleaved rounds; print the medians and the ratios."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds a case a round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    cases: dict[str, Case | None] = {
        f"tabletop {label}": ours(game, n, params) for label, game, n, params in OURS}
    cases.update({
        "RLCard uno": rlcard_case("uno"),
        "RLCard gin-rummy": rlcard_case("gin-rummy"),
        "RLCard leduc": rlcard_case("leduc"),
        "OpenSpiel gin_rummy": openspiel_case("gin_rummy"),
        "OpenSpiel hearts": openspiel_case("hearts"),
        "OpenSpiel leduc_poker": openspiel_case("leduc_poker"),
    })
    missing = [name for name, case in cases.items() if case is None]
    cpu_rates: dict[str, list[float]] = {name: [] for name, case in cases.items() if case}
    wall_rates: dict[str, list[float]] = {name: [] for name in cpu_rates}
    games: dict[str, int] = dict.fromkeys(cpu_rates, 0)
    floors: list[tuple[float, float]] = []
    for r in range(args.rounds):
        floors.append(floor_rates(min(2.0, args.seconds)))
        for name in cpu_rates:
            case = cases[name]
            assert case is not None
            decisions, played, wall, cpu = case(args.seconds, 1000 * r)
            cpu_rates[name].append(decisions / max(cpu, 1e-9))
            wall_rates[name].append(decisions / wall)
            games[name] += played
    floor_wall = statistics.median(f[0] for f in floors)
    floor = statistics.median(f[1] for f in floors)
    refs = {ref: statistics.median(cpu_rates[ref]) for ref in REFS if ref in cpu_rates}
    rows = []
    for name, values in cpu_rates.items():
        rate = statistics.median(values)
        walls = wall_rates[name]
        rows.append({"case": name, "decisions_per_cpu_s": round(rate),
                     "decisions_per_s": round(statistics.median(walls)),
                     "wall_spread": max(walls) / min(walls),
                     "cpu_spread": max(values) / min(values), "games": games[name],
                     "per_floor_step": rate / floor,
                     **{f"x {ref}": rate / v for ref, v in refs.items()}})
    info = {"date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "machine": platform.machine(), "python": platform.python_version(),
            "engine": native.STATUS, "floor_steps_per_cpu_s": floor,
            "floor_steps_per_s": floor_wall, "floor_runs": [f[1] for f in floors],
            "rounds": args.rounds,
            "seconds": args.seconds, "not_installed": missing}
    if args.json:
        print(json.dumps({"info": info, "results": rows}))
        return 0
    print(f"{info['date']}  {info['machine']}  Python {info['python']}  floor "
          f"{floor:,.0f} steps per CPU-second (median of {args.rounds} rounds; "
          f"{floor_wall:,.0f} per wall-second), {args.seconds} s a case a round")
    print(f"engine: {info['engine']}")
    short = {"RLCard uno": "×UNO", "OpenSpiel gin_rummy": "×gin(C++)",
             "OpenSpiel hearts": "×hearts(C++)"}
    print(f"{'case':<40}{'dec/CPU-s':>11}{'dec/wall-s':>12}{'÷floor':>8}"
          + "".join(f"{short[ref]:>13}" for ref in refs) + f"{'wall±':>7}{'CPU±':>6}")
    for row in rows:
        print(f"{row['case']:<40}{row['decisions_per_cpu_s']:>11,}"
              f"{row['decisions_per_s']:>12,}{row['per_floor_step']:>8.3f}"
              + "".join(f"{row[f'x {ref}']:>13.2f}" for ref in refs)
              + f"{row['wall_spread']:>7.2f}{row['cpu_spread']:>6.2f}")
    for name in missing:
        print(f"not installed: {name} (pip install -e '.[bench]')")
    return 0


if __name__ == "__main__":
    sys.exit(main())
