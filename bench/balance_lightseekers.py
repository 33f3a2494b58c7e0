"""The balance of Lightseekers' six ready decks (docs/balance/lightseekers.md).

Every pairing of two decks plays ``--games`` two-player games between two copies of one
agent (``--agent``, the heuristic by default): deck a in seat P1 for the even deals and in
P2 for the odd ones (who plays first is drawn from the seed either way), so a pairing's
win rate is deck a's, with its 95% Wilson interval. Games run through
``tabletop.sim.simulate`` (the same as ``tabletop simulate lightseekers --agents A,A
--param decks=X,Y``), on ``--workers`` processes.

    python bench/balance_lightseekers.py --games 100 --workers 2 [--json]
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from datetime import UTC, date, datetime
from itertools import combinations

from run import floor_steps_per_s  # bench/run.py: the floor loop, timed in this run

from tabletop.sim.ratings import wilson
from tabletop.sim.simulate import simulate

GAME = "lightseekers"
DECKS = ("astral", "dread", "mountain", "nature", "storm", "tech")


def pairing(a: str, b: str, games: int, agent: str, seed: int, workers: int) -> dict[str, object]:
    """Deck ``a`` against deck ``b``: ``games`` games, a in each seat half the time."""
    wins = 0.0
    half = games // 2
    for seat, decks, n, first in ((0, f"{a},{b}", games - half, seed),
                                  (1, f"{b},{a}", half, seed + 100_000)):
        for r in simulate(GAME, 2, [agent, agent], n, seed=first, workers=workers,
                          params={"decks": decks}):
            winners = r.outcome["winners"]
            if seat in winners:
                wins += 1.0 / len(winners)
    low, high = wilson(wins, games)
    return {"a": a, "b": b, "games": games, "wins_a": wins, "win_rate_a": wins / games,
            "ci_low": round(low, 4), "ci_high": round(high, 4)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100, help="games per pairing")
    ap.add_argument("--agent", default="heuristic")
    ap.add_argument("--seed", type=int, default=30_000)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    floor = floor_steps_per_s(2.0)
    started = time.perf_counter()
    rows = [pairing(a, b, args.games, args.agent, args.seed + 1000 * i, args.workers)
            for i, (a, b) in enumerate(combinations(DECKS, 2))]
    info = {"date": date.today().isoformat(),
            "utc": datetime.now(UTC).strftime("%H:%M"),
            "machine": platform.machine(), "python": platform.python_version(),
            "floor_steps_per_s": floor, "seconds": round(time.perf_counter() - started, 1),
            "agent": args.agent, "games": args.games, "seed": args.seed}
    if args.json:
        print(json.dumps({"info": info, "pairings": rows}))
        return 0
    print(f"{info['date']} {info['utc']} UTC  {info['machine']}  Python {info['python']}  "
          f"floor {floor:,.0f} steps/s  {info['seconds']} s  agent {args.agent}")
    print("| deck a | deck b | games | a wins | a win rate | 95% CI |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['a']} | {r['b']} | {r['games']} | {r['wins_a']:g} | "
              f"{r['win_rate_a']:.3f} | {r['ci_low']:.3f}–{r['ci_high']:.3f} |")
    totals = {d: [0.0, 0] for d in DECKS}
    for r in rows:
        totals[str(r["a"])][0] += float(r["wins_a"])  # type: ignore[arg-type]
        totals[str(r["b"])][0] += int(r["games"]) - float(r["wins_a"])  # type: ignore[arg-type]
        totals[str(r["a"])][1] += int(r["games"])  # type: ignore[call-overload]
        totals[str(r["b"])][1] += int(r["games"])  # type: ignore[call-overload]
    print("\n| deck | games | wins | win rate | 95% CI |\n|---|---|---|---|---|")
    for d, (w, n) in totals.items():
        low, high = wilson(w, n)
        print(f"| {d} | {n} | {w:g} | {w / n:.3f} | {low:.3f}–{high:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
