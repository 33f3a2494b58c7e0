"""ISMCTS iterations per CPU-second at each game's default settings (issue 28).

For each game, two players: seeded games are played by the ``heuristic`` agent, and at
a fixed share of seat 0's decisions (those with more than one legal action) ISMCTS at
its default settings with ``--iterations`` iterations searches the position. The figure
is the iterations done divided by the process time they took (``time.process_time``:
CPU time, less moved by the other processes of a shared machine than wall time).

``--fingerprint FILE`` also writes every search's result (each root action's visits and
mean, and the move): two versions of the code whose search is the same give the same
file for the same arguments, so a speed change that must keep the decisions is checked
by comparing the files (``cmp``)::

    python bench/ismcts_speed.py --fingerprint before.json
    python bench/ismcts_speed.py --fingerprint after.json && cmp before.json after.json
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from tabletop.agents import Resampler, decide, make_agent
from tabletop.core import new_game

GAMES = ("radiant-perim", "radiant-arena", "lightseekers", "hoshi-battle")
# Issue 28's floors, iterations per CPU-second.
TARGET = {"radiant-perim": 10_000, "radiant-arena": 2_000, "lightseekers": 6_000,
          "hoshi-battle": 2_000}


def measure(game: str, iterations: int, decisions: int, seed: int) -> tuple[dict, list]:
    """(figures, fingerprints) of ``decisions`` searches in seeded games of ``game``."""
    agent = make_agent(f"ismcts:{iterations}", game, seed)
    other = make_agent("heuristic", game, seed + 1)
    pick = random.Random(seed)
    done, cpu, searched, deal = 0, 0.0, 0, 0
    prints = []
    while searched < decisions:
        state = new_game(game, players=2, seed=seed + deal)
        deal += 1
        while state.to_act is not None and searched < decisions:
            legal = state.legal_actions()
            if state.to_act == 0 and len(legal) > 1 and pick.random() < 0.3:
                view = state.view(0)
                resampler = Resampler(state, 0)
                start = time.process_time()
                result = agent.search(legal, resampler, view)  # type: ignore[attr-defined]
                cpu += time.process_time() - start
                done += result.iterations
                searched += 1
                move = agent.choice(result)  # type: ignore[attr-defined]
                prints.append([str(move)] + [[str(s.action), s.visits,
                                              None if s.value is None else round(s.value, 9)]
                                             for s in result.stats])
                state.apply(move)
            else:
                state.apply(decide(other, state))
    figures = {"game": game, "iterations": iterations, "decisions": searched,
               "cpu_s": round(cpu, 3), "iterations_per_cpu_s": round(done / cpu),
               "target": TARGET[game]}
    return figures, prints


def main() -> None:
    """Measure the games asked for; print one line a game."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--iterations", type=int, default=200, help="iterations a search")
    ap.add_argument("--decisions", type=int, default=12, help="searches a game")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--fingerprint", type=Path, help="write every search's result here")
    args = ap.parse_args()
    prints = {}
    for game in args.games.split(","):
        figures, prints[game] = measure(game, args.iterations, args.decisions, args.seed)
        print(json.dumps(figures), flush=True)
    if args.fingerprint:
        args.fingerprint.write_text(json.dumps(prints, indent=0) + "\n")


if __name__ == "__main__":
    main()
