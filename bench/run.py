"""The benchmarks of `make bench`: random playouts per game, next to the floor loop.

Prints each figure in CPU time (this process's) beside wall time, and its ratio to
../shared/bench/floor.py (a fixed pure-Python loop timed in the same run), so figures from
noisy, shared machines can be compared: ÷floor is decisions per CPU-second over the
floor's steps per CPU-second, and a clone in floor steps is its CPU µs times the floor's
steps per CPU-µs (wall µs on a busy machine count the other jobs' time too).
bench/peers.py times the same games beside RLCard and OpenSpiel in interleaved rounds.
Copy the output into docs/performance.md with the machine and the date.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import platform
import sys
import time
from datetime import UTC, date, datetime
from pathlib import Path

from tabletop import native
from tabletop.sim.bench import bench

# The floor loop: shared/ beside the project, or where $TABLETOP_FLOOR says (a worktree).
FLOOR = Path(os.environ.get("TABLETOP_FLOOR")
             or Path(__file__).resolve().parents[1].parent / "shared" / "bench" / "floor.py")
# (game, players, targets: decisions per CPU-second at least, clone CPU-µs at most)
CASES = [("radiant-perim", 3, 50_000, 20.0), ("radiant-perim", 2, None, None),
         ("radiant-perim", 4, None, None), ("radiant-arena", 2, 40_000, 10.0),
         ("lightseekers", 2, 30_000, 15.0), ("lightseekers", 6, None, None),
         ("hoshi-battle", 2, None, None), ("hoshi-battle", 5, None, None)]


def floor_steps_per_s(seconds: float) -> float | None:
    """The floor loop's steps/s, or None (said once on stderr) when it is not found."""
    if not FLOOR.exists():
        if not _MISSING:
            _MISSING.append(FLOOR)
            print(f"bench: no floor loop at {FLOOR}; set TABLETOP_FLOOR to the path of "
                  "shared/bench/floor.py (the ÷floor figures read nan)", file=sys.stderr)
        return None
    spec = importlib.util.spec_from_file_location("floor", FLOOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return float(module.floor_steps_per_s(seconds))


_MISSING: list[Path] = []


def floor_rates(seconds: float) -> tuple[float, float]:
    """The floor loop's steps per wall-second and per CPU-second, timed now (nan, nan when
    it is not found)."""
    start, cpu = time.perf_counter(), time.process_time()
    rate = floor_steps_per_s(seconds)
    if rate is None:
        return float("nan"), float("nan")
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    return rate, rate * wall / max(used, 1e-9)


def report(rows: list[dict[str, object]], as_json: bool, **extra: object) -> None:
    """Print a bench's rows after the run's circumstances (when, machine, Python, load and
    ``extra``): one JSON object with ``--json``, else a line each."""
    info = {"when": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "machine": platform.machine(), "python": platform.python_version(),
            "load": round(os.getloadavg()[0], 2), **extra}
    if as_json:
        print(json.dumps({"info": info, "results": rows}))
        return
    print(info)
    for row in rows:
        print(row)


def main() -> int:
    """Run every case; exit 1 if a target is missed."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    floor, floor_cpu = floor_rates(2.0)
    rows, missed = [], []
    for game, players, min_dps, max_clone in CASES:
        fig = bench(game, players, args.seconds)
        fig.update(game=game, players=players)
        if not math.isnan(floor):
            fig["decisions_per_floor_step"] = fig["decisions_per_s"] / floor
            fig["cpu_decisions_per_floor_step"] = fig["decisions_per_cpu_s"] / floor_cpu
            # CPU µs by the floor's CPU rate: wall µs of a busy machine read high
            fig["clone_us_x_floor_steps_per_us"] = fig["clone_cpu_us"] * floor_cpu / 1e6
        # the targets are judged in CPU time, which the other jobs of a shared machine
        # do not move
        if min_dps and fig["decisions_per_cpu_s"] < min_dps:
            missed.append(f"{game} {players}p: {fig['decisions_per_cpu_s']:.0f} decisions "
                          f"per CPU-second < {min_dps}")
        if max_clone and fig["clone_cpu_us"] > max_clone:
            missed.append(f"{game} {players}p: clone {fig['clone_cpu_us']:.1f} CPU-µs "
                          f"> {max_clone}")
        rows.append(fig)
    info = {"date": date.today().isoformat(), "machine": platform.machine(),
            "python": platform.python_version(), "floor_steps_per_s": floor,
            "floor_steps_per_cpu_s": floor_cpu, "engine": native.STATUS}
    if args.json:
        print(json.dumps({"info": info, "results": rows}))
    else:
        print(f"{info['date']}  {info['machine']}  Python {info['python']}  "
              f"floor {floor:,.0f} steps per wall-s, {floor_cpu:,.0f} per CPU-s")
        print(f"engine: {info['engine']}")
        print(f"{'game':<15}{'P':>2}{'dec/CPU-s':>11}{'dec/wall-s':>12}{'÷floor':>8}"
              f"{'games/s':>9}{'clone µs':>10}{'CPU µs':>8}{'×floor/µs':>11}")
        for r in rows:
            print(f"{r['game']:<15}{r['players']:>2}{r['decisions_per_cpu_s']:>11,.0f}"
                  f"{r['decisions_per_s']:>12,.0f}"
                  f"{r.get('cpu_decisions_per_floor_step', float('nan')):>8.3f}"
                  f"{r['games_per_s']:>9.1f}{r['clone_us']:>10.2f}{r['clone_cpu_us']:>8.2f}"
                  f"{r.get('clone_us_x_floor_steps_per_us', float('nan')):>11.3f}")
    for m in missed:
        print(f"target missed: {m}", file=sys.stderr)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
