"""The OpenSpiel path's cost per decision against the core API's (issue 27: at most 1.2x).

For each game, the same seeded random games are played twice, in CPU time:

- **core**: ``State.legal_actions()``, a random choice, ``State.apply()`` (checked), until
  ``to_act`` is ``None``, then ``outcome()``;
- **pyspiel**: the game loaded through ``tabletop.interfaces.env.openspiel``, dealt with
  the game's seed, then ``is_terminal()``, ``current_player()``, ``legal_actions()``, a
  random choice, ``apply_action()``, then ``returns()``: what OpenSpiel's Python
  algorithms call in a playout.

``--clone`` adds one ``clone()`` per decision on both paths (search clones at every
node). The figure to read is the ratio pyspiel/core per decision; each game is played
on both paths in turn, ``--repeats`` times, and each path's fastest repeat kept (the
machine is shared).
Copy the output into docs/performance.md (Research environments) with the machine and
the date.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import pyspiel
from run import report  # bench/run.py: the run's circumstances and its rows

import tabletop.interfaces.env.openspiel as spiel
from tabletop import native
from tabletop.interfaces.env import codec

SETUPS = (("radiant-perim", 3), ("radiant-arena", 2), ("lightseekers", 2),
          ("hoshi-battle", 2), ("goofspiel", 2))

Playout = Callable[[int], int]  # seed -> decisions played


def core_playout(game: str, players: int, clone: bool) -> Playout:
    """A random game through the core API."""
    c = codec(game, players)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = c.new_state(seed)
        decisions = 0
        while state.to_act is not None:
            if clone:
                state.clone()
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        state.outcome()
        return decisions
    return play


def spiel_playout(game: str, players: int, clone: bool) -> Playout:
    """A random game through the pyspiel state API (the same deal as the core's)."""
    g = pyspiel.load_game(spiel.short_name(game), {"players": players})

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = g.new_initial_state()
        for byte in seed.to_bytes(spiel.SEED_BYTES, "big"):
            state.apply_action(byte)
        decisions = 0
        while not state.is_terminal():
            state.current_player()
            if clone:
                state.clone()
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
        state.returns()
        return decisions
    return play


def measure(game: str, players: int, games: int, repeats: int, clone: bool,
            ) -> dict[str, object]:
    """CPU time per decision of each path and their ratio: each repeat plays games
    seeded 1..games, each game on both paths one after the other (so both see the same
    load on a shared machine); the fastest repeat of each path is kept."""
    core, path = core_playout(game, players, clone), spiel_playout(game, players, clone)
    core(0), path(0)  # loading, caches, the action index
    best_core = best_spiel = float("inf")
    clock = time.process_time
    for _ in range(repeats):
        t_core = t_spiel = 0.0
        n_core = n_spiel = 0
        for seed in range(1, games + 1):
            t0 = clock()
            n_core += core(seed)
            t1 = clock()
            n_spiel += path(seed)
            t_spiel += clock() - t1
            t_core += t1 - t0
        best_core = min(best_core, t_core / n_core)
        best_spiel = min(best_spiel, t_spiel / n_spiel)
    return {"game": game, "players": players, "clone": clone,
            "core_us": round(best_core * 1e6, 2), "pyspiel_us": round(best_spiel * 1e6, 2),
            "ratio": round(best_spiel / best_core, 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20, help="games per timed run")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--clone", action="store_true", help="also one clone per decision")
    ap.add_argument("--game", action="append", help="only these games (GAME or GAME:N)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    setups = SETUPS
    if args.game:
        setups = tuple((g.split(":")[0], int(g.split(":")[1]) if ":" in g
                        else dict(SETUPS).get(g, 2)) for g in args.game)
    rows = [measure(g, n, args.games, args.repeats, clone)
            for g, n in setups for clone in ((False, True) if args.clone else (False,))]
    report(rows, args.json, engine=native.STATUS, pyspiel=pyspiel.__version__)


if __name__ == "__main__":
    main()
