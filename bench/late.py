"""The cost of a decision by how far into the game it comes (issue 28: "no super-linear
cost: a decision late in a game costs at most 1.5 times an early one").

    python bench/late.py hoshi-battle --players 5 [--games 200]

Seeded random playouts through the core contract (``legal_actions()``, a random choice,
the checked ``apply()``, as `make bench` plays them). Each decision is timed in this
thread's CPU time and counted with the events it recorded; the decisions of each game are
put in ten groups by their place in it (the first tenth of its decisions, the second...).
Printed per tenth: CPU µs per decision, events per decision and CPU µs per event, then
the last tenth's cost per decision and per event over the first's. A decision that sets
off more of the game (a hoshi-battle Hero chosen, then rounds thrown with nobody to ask)
records more events; the cost per event tells whether each costs more as the game goes on.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from tabletop import native
from tabletop.core import new_game

TENTHS = 10


def tenths(game: str, players: int, games: int) -> list[tuple[int, int, int]]:
    """Per tenth of the games: (CPU nanoseconds, decisions, events)."""
    out = [[0, 0, 0] for _ in range(TENTHS)]
    clock = time.thread_time_ns
    new_game(game, players=players, seed=0)  # loading the cards is not a decision
    for seed in range(games):
        state = new_game(game, players=players, seed=seed)
        rng = random.Random(seed)
        costs = []
        while state.to_act is not None:
            before = len(state.events)
            start = clock()
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            costs.append((clock() - start, len(state.events) - before))
        for i, (ns, events) in enumerate(costs):
            row = out[i * TENTHS // len(costs)]
            row[0] += ns
            row[1] += 1
            row[2] += events
    return [(ns, n, e) for ns, n, e in out]


def main() -> int:
    """Print the cost of a decision by tenth of the game."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    rows = tenths(args.game, args.players, args.games)
    print(f"{args.game} {args.players}p, {args.games} seeded games; engine: {native.STATUS}")
    print("tenth  µs/decision  events/decision  µs/event")
    for i, (ns, n, e) in enumerate(rows):
        print(f"{i + 1:>5}  {ns / n / 1000:>11.2f}  {e / n:>15.2f}  {ns / max(e, 1) / 1000:>8.2f}")
    (ns0, n0, e0), (ns9, n9, e9) = rows[0], rows[-1]
    print(f"last tenth / first: {(ns9 / n9) / (ns0 / n0):.2f}x a decision, "
          f"{(ns9 / max(e9, 1)) / (ns0 / max(e0, 1)):.2f}x an event")
    return 0


if __name__ == "__main__":
    sys.exit(main())
