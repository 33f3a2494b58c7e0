"""Our engine beside its peers: random playouts in RLCard and OpenSpiel, timed in one run.

    pip install -e '.[bench]'          # the peers, pinned (pyproject.toml, extra "bench")
    python bench/peers.py [--seconds 3] [--rounds 3] [--json]

Every case is the same loop: enumerate the legal actions, pick one at random, apply it,
until the game ends, then deal the next game. Ours goes through the core contract
(``legal_actions()``, the checked ``apply()``: ``tabletop.sim.bench``, as in `make bench`);
RLCard through its game objects (``get_legal_actions``/``step``, which also builds the
state dict every step, as RLCard's games do); OpenSpiel through ``pyspiel`` (C++ games
behind Python bindings; chance nodes are sampled by their probabilities and not counted
as decisions). The floor loop (../shared/bench/floor.py) is timed in the same process.

The cases run in ``--rounds`` interleaved rounds (ours, the peers, the floor, then again),
and each figure is the median over the rounds, so a burst of load on a shared machine
hits every case alike. Printed: decisions/s, ÷floor, and the ratio to radiant-perim (3
players) of the same run. A peer that is not installed is reported and left out.
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

from run import floor_steps_per_s  # bench/run.py: the floor loop, timed in this run

from tabletop.sim.bench import bench

Case = Callable[[float, int], tuple[int, int, float]]  # (seconds, seed) -> decisions, games, s


def ours(game: str, players: int) -> Case:
    """Our engine through tabletop.sim.bench (its playout part: decisions and games)."""
    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        # bench() spends 70% of its time in playouts and 30% cloning: give it the time so
        # that the playouts last `seconds`.
        report = bench(game, players, seconds / 0.7, seed=seed)
        return (report["decisions"], report["games"],
                report["decisions"] / report["decisions_per_s"])
    return run


def rlcard_case(name: str) -> Case | None:
    """An RLCard game's random playouts (``uno`` or ``gin-rummy``), or None without RLCard."""
    try:
        import numpy as np
        if name == "uno":
            from rlcard.games.uno.game import UnoGame as Game
        else:
            from rlcard.games.gin_rummy.game import GinRummyGame as Game
    except ImportError:
        return None

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        rng = random.Random(seed)
        game = Game()
        game.np_random = np.random.RandomState(seed)
        decisions = games = 0
        start = time.perf_counter()
        while games == 0 or time.perf_counter() - start < seconds:
            game.init_game()
            # Gin Rummy's legal actions come from its judge (its env does the same).
            legal_of = (game.get_legal_actions if name == "uno"
                        else game.judge.get_legal_actions)  # type: ignore[attr-defined]
            while not game.is_over():
                legal = legal_of()
                game.step(legal[rng.randrange(len(legal))])
                decisions += 1
            games += 1
        return decisions, games, time.perf_counter() - start
    return run


def openspiel_case(name: str) -> Case | None:
    """An OpenSpiel game's random playouts (``pyspiel.load_game(name)``), or None."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        rng = random.Random(seed)
        decisions = games = 0
        start = time.perf_counter()
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
        return decisions, games, time.perf_counter() - start
    return run


def main() -> int:
    """Run every case in interleaved rounds; print the medians and the ratios."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds a case a round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    cases: dict[str, Case | None] = {
        "tabletop radiant-perim 3p": ours("radiant-perim", 3),
        "tabletop radiant-arena 2p": ours("radiant-arena", 2),
        "RLCard 1.2.0 uno 2p": rlcard_case("uno"),
        "RLCard 1.2.0 gin-rummy": rlcard_case("gin-rummy"),
        "OpenSpiel 2.0.2 gin_rummy": openspiel_case("gin_rummy"),
    }
    missing = [name for name, case in cases.items() if case is None]
    rates: dict[str, list[float]] = {name: [] for name, case in cases.items() if case}
    games: dict[str, int] = dict.fromkeys(rates, 0)
    floors = []
    for r in range(args.rounds):
        floors.append(floor_steps_per_s(min(2.0, args.seconds)))
        for name in rates:
            case = cases[name]
            assert case is not None
            decisions, played, seconds = case(args.seconds, 1000 * r)
            rates[name].append(decisions / seconds)
            games[name] += played
    floor = statistics.median(floors)
    ref = statistics.median(rates["tabletop radiant-perim 3p"])
    rows = []
    for name, values in rates.items():
        rate = statistics.median(values)
        rows.append({"case": name, "decisions_per_s": round(rate), "games": games[name],
                     "per_floor_step": rate / floor, "vs_radiant_perim_3p": rate / ref})
    info = {"date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "machine": platform.machine(), "python": platform.python_version(),
            "floor_steps_per_s": round(floor), "floor_runs": [round(f) for f in floors],
            "rounds": args.rounds, "seconds": args.seconds, "not_installed": missing}
    if args.json:
        print(json.dumps({"info": info, "results": rows}))
        return 0
    print(f"{info['date']}  {info['machine']}  Python {info['python']}  floor "
          f"{floor:,.0f} steps/s (median of {args.rounds}), {args.seconds} s a case a round")
    print(f"{'case':<28}{'decisions/s':>13}{'÷floor':>9}{'vs perim 3p':>13}{'games':>8}")
    for row in rows:
        print(f"{row['case']:<28}{row['decisions_per_s']:>13,}{row['per_floor_step']:>9.3f}"
              f"{row['vs_radiant_perim_3p']:>13.2f}{row['games']:>8}")
    for name in missing:
        print(f"not installed: {name} (pip install -e '.[bench]')")
    return 0


if __name__ == "__main__":
    sys.exit(main())
