"""The OpenSpiel path's cost per decision against the core API's (issue 27: at most 1.2x).

For each game, the same seeded random games are played on two paths, in CPU time:

- **core**: ``State.legal_actions()``, the chosen one of them, ``State.apply()``
  (checked), until ``to_act`` is ``None``, then ``outcome()``;
- **pyspiel**: the game loaded through ``tabletop.interfaces.env.openspiel``, dealt with
  the game's seed, then ``is_terminal()``, ``current_player()``, ``legal_actions()``, the
  chosen one of them, ``apply_action()``, then ``returns()``: what OpenSpiel's Python
  algorithms call in a playout.

Both play exactly the same games: each seed's game is chosen at random once, untimed,
and each path is given, decision by decision, the position of the chosen action in its
own list (the core's order, and pyspiel's sorted indices), so both do the same work to
choose and reach the same positions (choosing at random on each path would play
different games as soon as the two lists' orders differ).

``--clone`` adds one ``clone()`` per decision on both paths (search clones at every
node). The figure to read is the ratio pyspiel/core per decision (CPU time; wall time
beside it); each game is played
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
Picks = dict[int, tuple[list[int], list[int]]]  # seed -> (core positions, pyspiel positions)


def chosen(game: str, players: int, seeds: range) -> Picks:
    """Each seed's random game (a uniform choice among the legal actions at every
    decision, drawn from ``random.Random(seed)``), as the position of each chosen action
    in the core's list and in pyspiel's sorted list."""
    c = codec(game, players)
    picks: Picks = {}
    for seed in seeds:
        rng = random.Random(seed)
        state = c.new_state(seed)
        core: list[int] = []
        sorted_: list[int] = []
        while state.to_act is not None:
            legal = state.legal_actions()
            k = rng.randrange(len(legal))
            indices = [c.index_of(a) for a in legal]
            core.append(k)
            sorted_.append(sorted(indices).index(indices[k]))
            state.apply(legal[k])
        picks[seed] = (core, sorted_)
    return picks


def core_playout(game: str, players: int, clone: bool, picks: Picks) -> Playout:
    """A chosen game through the core API."""
    c = codec(game, players)

    def play(seed: int) -> int:
        pick = iter(picks[seed][0]).__next__
        state = c.new_state(seed)
        decisions = 0
        while state.to_act is not None:
            if clone:
                state.clone()
            legal = state.legal_actions()
            state.apply(legal[pick()])
            decisions += 1
        state.outcome()
        return decisions
    return play


def spiel_playout(game: str, players: int, clone: bool, picks: Picks) -> Playout:
    """The same game through the pyspiel state API (the same deal as the core's)."""
    g = pyspiel.load_game(spiel.short_name(game), {"players": players})

    def play(seed: int) -> int:
        pick = iter(picks[seed][1]).__next__
        state = g.new_initial_state()
        for byte in seed.to_bytes(spiel.SEED_BYTES, "big"):
            state.apply_action(byte)
        decisions = 0
        while not state.is_terminal():
            state.current_player()
            if clone:
                state.clone()
            legal = state.legal_actions()
            state.apply_action(legal[pick()])
            decisions += 1
        state.returns()
        return decisions
    return play


def measure(game: str, players: int, games: int, repeats: int, clone: bool,
            ) -> dict[str, object]:
    """CPU and wall time per decision of each path and their ratios: each repeat plays
    the games seeded 1..games, each on both paths one after the other (so both see the
    same load on a shared machine); the fastest repeat of each path and clock is kept."""
    picks = chosen(game, players, range(games + 1))
    paths = (core_playout(game, players, clone, picks),
             spiel_playout(game, players, clone, picks))
    for play in paths:
        play(0)  # loading, caches, the action index
    clocks = (time.process_time, time.perf_counter)
    best = [[float("inf")] * len(clocks) for _ in paths]  # [path][clock] s/decision
    for _ in range(repeats):
        spent = [[0.0] * len(clocks) for _ in paths]
        decisions = [0] * len(paths)
        for seed in range(1, games + 1):
            for p, play in enumerate(paths):
                starts = [clock() for clock in clocks]
                decisions[p] += play(seed)
                for k, clock in enumerate(clocks):
                    spent[p][k] += clock() - starts[k]
        assert decisions[0] == decisions[1]  # the same games
        for p in range(len(paths)):
            for k in range(len(clocks)):
                best[p][k] = min(best[p][k], spent[p][k] / decisions[p])
    (core_cpu, core_wall), (spiel_cpu, spiel_wall) = best
    return {"game": game, "players": players, "clone": clone,
            "core_us": round(core_cpu * 1e6, 2), "pyspiel_us": round(spiel_cpu * 1e6, 2),
            "ratio": round(spiel_cpu / core_cpu, 3),
            "core_wall_us": round(core_wall * 1e6, 2),
            "pyspiel_wall_us": round(spiel_wall * 1e6, 2),
            "wall_ratio": round(spiel_wall / core_wall, 3)}


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
