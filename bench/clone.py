"""What ``State.clone()`` costs, in floor steps: CPU time, or instructions (callgrind).

The positions are those ``tabletop.sim.bench`` clones (``make bench``'s "clone in floor
steps"): every 7th decision of seeded random playouts, the first 400, so the same positions
for the same code. Two measures of one clone:

- CPU time (default): clone passes over the positions and the floor loop
  (../shared/bench/floor.py), interleaved in ``--rounds`` rounds; a clone's CPU µs times the
  floor's steps per CPU-µs, median of the rounds.
- ``--instructions``: valgrind's callgrind counts a run that only sets the positions up and
  one that also clones each ``--passes`` times; their difference per clone, divided by the
  floor loop's instructions per step (counted the same way), is a clone in floor steps that
  does not move with the machine's load. Compare versions with ``--src``::

    python bench/clone.py --instructions
    python bench/clone.py --instructions --src /tmp/old/src

``--apply``: each clone also applies the position's first legal action, the clone's cost
to a search that plays it (a clone shares what it does not change, history and events
among it, until it changes them: see ``State._copy_base``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from run import FLOOR, floor_steps_per_s  # bench/run.py: the floor loop

CASES = ("radiant-perim:2", "radiant-perim:4", "radiant-arena:2", "lightseekers:2",
         "lightseekers:6", "hoshi-battle:2", "hoshi-battle:5")

# The positions, as tabletop.sim.bench samples them (every 7th decision, at most 400).
SAMPLES = """
import random
from tabletop.core import new_game

def samples(game, players, seed=0, every=7, most=400):
    rng = random.Random(seed)
    out, decisions, finished = [], 0, 0
    while len(out) < most:
        state = new_game(game, players=players, seed=seed + finished)
        while state.to_act is not None and len(out) < most:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
            if decisions % every == 0:
                out.append(state.clone())
        finished += 1
    return out
"""
CHILD = SAMPLES + """
import sys
kind, game, players, passes = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
if kind in ("clone", "apply"):
    positions = samples(game, players)
    if kind == "apply":
        firsts = [(s, s.legal_actions()[0]) for s in positions if s.to_act is not None]
        for _ in range(passes):
            for s, a in firsts:
                s.clone().apply(a)
        print(len(firsts) * passes)
    else:
        for _ in range(passes):
            for s in positions:
                s.clone()
        print(len(positions) * passes)
else:
    import importlib.util, time
    spec = importlib.util.spec_from_file_location("floor", sys.argv[5])
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if passes:
        start = time.perf_counter()
        rate = module.floor_steps_per_s(passes / 1000)
        print(round(rate * (time.perf_counter() - start) / 1000) * 1000)
    else:
        print(0)
"""


def callgrind(src: Path, *args: str) -> tuple[int, int]:
    """(instructions, the child's count) of one child run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "child.py"
        script.write_text(CHILD)
        env = {**os.environ, "PYTHONPATH": str(src)}
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out",
             sys.executable, str(script), *args],
            capture_output=True, text=True, env=env, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no count:\n{run.stderr[-2000:]}")
    return int(found.group(1)), int(run.stdout.strip() or 0)


def instructions(src: Path, cases: list[tuple[str, int]], passes: int,
                 kind: str = "clone") -> list[dict]:
    """Each case's instructions per clone, and in floor steps."""
    # The floor: a run of about 0.3 s of its loop (time-based, so its steps are counted
    # from its own rate) less a run that only loads it.
    base, _ = callgrind(src, "floor", "-", "0", "0", str(FLOOR))
    total, steps = callgrind(src, "floor", "-", "0", "300", str(FLOOR))
    per_step = (total - base) / steps
    rows = []
    for game, players in cases:
        setup, _ = callgrind(src, "clone", game, str(players), "0")
        total, clones = callgrind(src, kind, game, str(players), str(passes))
        per_clone = (total - setup) / clones
        rows.append({"game": game, "players": players, "instructions": round(per_clone),
                     "floor_steps": per_clone / per_step,
                     "floor_instructions_per_step": round(per_step, 1)})
    return rows


def cpu(cases: list[tuple[str, int]], rounds: int, seconds: float,
        apply: bool = False) -> list[dict]:
    """Each case's clone in CPU µs and in floor steps (per CPU-µs), median of rounds."""
    scope: dict[str, object] = {}
    exec(SAMPLES, scope)
    positions = {case: scope["samples"](*case) for case in cases}  # type: ignore[operator]
    firsts = {case: [(s, s.legal_actions()[0]) for s in states if s.to_act is not None]
              for case, states in positions.items()}
    floors: list[float] = []
    times: dict[tuple[str, int], list[float]] = {case: [] for case in cases}
    for _ in range(rounds):
        start = time.process_time()
        wall = time.perf_counter()
        rate = floor_steps_per_s(min(seconds, 2.0))
        assert rate is not None, f"no floor loop at {FLOOR} (set TABLETOP_FLOOR)"
        used = time.process_time() - start
        floors.append(rate * (time.perf_counter() - wall) / max(used, 1e-9))
        for case in cases:
            states, clones = positions[case], 0
            start = time.process_time()
            while time.process_time() - start < seconds:
                if apply:
                    for s, a in firsts[case]:
                        s.clone().apply(a)
                    clones += len(firsts[case])
                    continue
                for s in states:
                    s.clone()
                clones += len(states)
            times[case].append((time.process_time() - start) / clones * 1e6)
    floor = statistics.median(floors)
    return [{"game": g, "players": n, "clone_cpu_us": statistics.median(times[(g, n)]),
             "floor_steps": statistics.median(times[(g, n)]) * floor / 1e6,
             "spread": max(times[(g, n)]) / min(times[(g, n)]),
             "floor_steps_per_cpu_s": floor} for g, n in cases]


def main() -> int:
    """Print each case's clone cost."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cases", nargs="*", default=list(CASES), help="game:players")
    ap.add_argument("--instructions", action="store_true", help="count with callgrind")
    ap.add_argument("--src", type=Path, default=Path(__file__).resolve().parents[1] / "src")
    ap.add_argument("--passes", type=int, default=5, help="clone passes (--instructions)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds a case a round")
    ap.add_argument("--apply", action="store_true",
                    help="each clone also applies the first legal action")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    cases = [(c.partition(":")[0], int(c.partition(":")[2] or 2)) for c in args.cases]
    if args.instructions:
        rows = instructions(args.src, cases, args.passes, "apply" if args.apply else "clone")
    else:
        from tabletop import native
        print(f"engine: {native.STATUS}; load average {os.getloadavg()[0]:.2f}")
        rows = cpu(cases, args.rounds, args.seconds, args.apply)
    if args.json:
        print(json.dumps(rows))
        return 0
    for r in rows:
        what = (f"{r['instructions']:>9,} instructions" if args.instructions
                else f"{r['clone_cpu_us']:>7.2f} CPU µs (±{r['spread']:.2f})")
        print(f"{r['game']:<15}{r['players']:>2}p  {what}  {r['floor_steps']:>6.2f} floor steps")
    if not args.instructions:
        print(f"floor {rows[0]['floor_steps_per_cpu_s']:,.0f} steps per CPU-second; "
              f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
