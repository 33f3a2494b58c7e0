"""The cost of an OpenSpiel information-state string (issue 27: OpenSpiel's ISMCTSBot asks
for one at every node of its search).

For each game, mid-game states of seeded random games (every 5th decision from the 5th
on, 5 games), in CPU time per call, the fastest of ``--repeats``:

- **after a move**: the string of the seat to act right after ``apply_action`` (what the
  bot asks as it walks down its tree: the seat's record is extended by the new events);
- **asked again**: the same string once more on the same state;
- **re-dealt**: the string of a seat other than the re-dealt one, just after
  ``resample_from_infostate`` (the bot's root sample).

Copy the output into docs/performance.md (Research environments) with the machine and
the date.
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel
from run import report  # bench/run.py: the run's circumstances and its rows

import tabletop.interfaces.env.openspiel as spiel
from tabletop import native

SETUPS = (("radiant-perim", 3), ("radiant-arena", 2), ("lightseekers", 2),
          ("hoshi-battle", 2), ("goofspiel", 2))


def positions(g: pyspiel.Game, games: int) -> list[tuple[pyspiel.State, int]]:
    """(state before a move, the move): every 5th decision from the 5th on."""
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        state = g.new_initial_state()
        for byte in seed.to_bytes(spiel.SEED_BYTES, "big"):
            state.apply_action(byte)
        k = 0
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            if k >= 5 and k % 5 == 0:
                out.append((state.clone(), action))
            state.apply_action(action)
            k += 1
    return out


def measure(game: str, players: int, games: int, repeats: int) -> dict[str, object]:
    """µs of CPU per call: after a move, asked again, re-dealt."""
    g = pyspiel.load_game(spiel.short_name(game), {"players": players})
    at = positions(g, games)
    clock = time.process_time
    best = {"after_move_us": float("inf"), "again_us": float("inf"),
            "redealt_us": float("inf")}
    for _ in range(repeats):
        after = again = redealt = 0.0
        n = n_redealt = 0
        for state, action in at:
            for p in range(players):  # the record up to the move, as in a search
                state.information_state_string(p)
            s = state.clone()
            s.apply_action(action)
            if s.is_terminal():
                continue
            p = s.current_player()
            t0 = clock()
            s.information_state_string(p)
            t1 = clock()
            s.information_state_string(p)
            t2 = clock()
            after += t1 - t0
            again += t2 - t1
            n += 1
            other = s.resampled((p + 1) % players, random.Random(n))
            t3 = clock()
            other.information_state_string(p)
            redealt += clock() - t3
            n_redealt += 1
        best["after_move_us"] = min(best["after_move_us"], after / n * 1e6)
        best["again_us"] = min(best["again_us"], again / n * 1e6)
        best["redealt_us"] = min(best["redealt_us"], redealt / n_redealt * 1e6)
    return {"game": game, "players": players, "states": len(at),
            **{k: round(v, 1) for k, v in best.items()}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = [measure(g, n, args.games, args.repeats) for g, n in SETUPS]
    report(rows, args.json, engine=native.STATUS, pyspiel=pyspiel.__version__)


if __name__ == "__main__":
    main()
