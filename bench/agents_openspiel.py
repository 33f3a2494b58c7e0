"""Our agents against OpenSpiel's IS-MCTS, at equal time per move (issue 27, "AI strength,
measured against the anchors").

Each game is played through the OpenSpiel registration (``tabletop_<game>``): deal ``k``
is the seed ``--seed + k``, played once from each seat (so ``--games`` is rounded up to
an even number). Our agent (``--ours``, default ``ismcts:0.1s``) decides from its seat's
view through ``tabletop.agents.decide``; OpenSpiel's Python ``ISMCTSBot``
(``open_spiel.python.algorithms.ismcts``, with its defaults: information-state keys, the
game's ``resample_from_infostate``, random rollouts) gets ``--ratio`` times our time a
move (1: equal time; 10: ten times ours). That bot counts simulations, not seconds, so
before each search it is given as many simulations as its own measured rate fits in its
time (the rate is measured on a first short search and updated after every move).
OpenSpiel's C++ IS-MCTS cannot re-deal a Python game (docs/research.md), so it is not
offered here.

``--shown`` shows our search every hidden card (issue 27's hoshi-battle target: "within
3 points of what the same search wins when it is shown every hidden card"): its samples
are copies of the true position, every hand and deck as they lie, with only the chance
of what is yet to be rolled or shuffled drawn afresh (a measuring aid: the agent still
gets its seat's view and the legal actions, and the position only through the samples).

Prints each game as it ends and the score with a 95% Wilson interval (a win 1, a draw
1/2); ``--out`` appends the summary as a JSON line. The long matches are
``make bench-agents``'s to run (hundreds of games at 1 s a move); a quick check:
``python bench/agents_openspiel.py --game radiant-perim --games 2 --ours ismcts:0.05s``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from random import Random
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import tabletop.interfaces.env.openspiel as spiel
from tabletop.agents import Resampler, decide, make_agent
from tabletop.agents.ismcts import parse_budget
from tabletop.core import Chance, State
from tabletop.sim.ratings import wilson


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python ``ISMCTSBot`` given about ``seconds`` a search: before each,
    its simulations are set to what its measured rate fits in that time."""

    def __init__(self, game: pyspiel.Game, seconds: float, seed: int) -> None:
        rng = np.random.RandomState(seed)
        super().__init__(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                         max_simulations=1, random_state=rng)
        self.seconds = seconds
        self.spent = 0.0  # seconds over the searches so far
        self.simulations = 0  # and their simulations
        self.searches = 0

    def run_search(self, state: pyspiel.State) -> Any:
        if self.simulations == 0:  # a first short search measures the rate
            self._max_simulations = 4
            t0 = time.perf_counter()
            super().run_search(state)
            self.spent += time.perf_counter() - t0
            self.simulations += 4
        rate = self.simulations / max(self.spent, 1e-9)
        # At least 2: the first simulation only expands the root, and a root with no
        # visit fails OpenSpiel's final policy (assert node.total_visits > 0), as it did
        # in radiant-arena once a loaded machine gave it under 2 a second.
        self._max_simulations = max(2, int(rate * self.seconds))
        t0 = time.perf_counter()
        policy = super().run_search(state)
        if len(state.legal_actions()) > 1:  # a forced move runs no simulation
            self.spent += time.perf_counter() - t0
            self.simulations += self._max_simulations
            self.searches += 1
        return policy


class ShownResampler(Resampler):
    """Samples that show the seat every hidden card: copies of the true position, with a
    fresh seed and chance (what dice and shuffles are yet to give stays unknown)."""

    def __init__(self, state: State, seat: int) -> None:
        frozen = state.clone()

        def sample(rng: Random) -> State:
            new = frozen.clone()
            new.seed = rng.getrandbits(63)
            if hasattr(new, "chance"):
                new.chance = Chance(rng.getrandbits(64))
            return new

        self.seat = seat
        self._sample = sample


def shown_decide(agent: Any, state: State) -> Any:
    """``decide``, with samples that show every hidden card (:class:`ShownResampler`)."""
    seat = state.to_act
    assert seat is not None
    return agent.act(state.view(seat), state.legal_actions(), ShownResampler(state, seat))


def our_seconds(name: str) -> float:
    """The time a move of our agent ``name`` (``ismcts:0.1s``); an error for others."""
    base, _, option = name.partition(":")
    seconds = parse_budget(option or None).get("seconds") if base == "ismcts" else None
    if seconds is None:
        raise SystemExit(f"--ours must be an ismcts agent with a time budget "
                         f"(like ismcts:0.1s), not {name!r}")
    return float(seconds)


def play(game: pyspiel.Game, seed: int, our_seat: int, ours: str, theirs_s: float,
         shown: bool = False) -> tuple[float, float]:
    """One game; our score (1, 1/2, 0) and the mean simulations a search of theirs."""
    state = game.new_initial_state()
    for byte in seed.to_bytes(spiel.SEED_BYTES, "big"):
        state.apply_action(byte)
    agent = make_agent(ours, state.codec.game, seed)
    bot = TimedISMCTSBot(game, theirs_s, seed)
    c = state.codec
    ask = shown_decide if shown else decide
    while not state.is_terminal():
        if state.current_player() == our_seat:
            state.apply_action(c.index_of(ask(agent, state.engine)))
        else:
            state.apply_action(int(bot.step(state)))
    ret = state.returns()[our_seat]
    sims = bot.simulations / max(1, bot.searches + 1)
    return (1.0 if ret > 0 else 0.0 if ret < 0 else 0.5), sims


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="radiant-perim")
    ap.add_argument("--games", type=int, default=40, help="games (two a deal)")
    ap.add_argument("--ours", default="ismcts:0.1s")
    ap.add_argument("--ratio", type=float, default=1.0,
                    help="OpenSpiel's time a move, in multiples of ours")
    ap.add_argument("--seed", type=int, default=30_000)
    ap.add_argument("--shown", action="store_true",
                    help="show our search every hidden card (its samples are the true "
                         "position, with fresh chance)")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    seconds = our_seconds(args.ours)
    game = pyspiel.load_game(spiel.short_name(args.game), {"players": 2})
    deals = -(-args.games // 2)
    score, sims = 0.0, []
    t0 = time.perf_counter()
    for k in range(deals):
        for seat in (0, 1):
            s, n = play(game, args.seed + k, seat, args.ours, seconds * args.ratio,
                        args.shown)
            score += s
            sims.append(n)
            print(f"deal {args.seed + k} ours at seat {seat}: {s}  "
                  f"(OpenSpiel's search: {n:.0f} simulations)", flush=True)
    games = 2 * deals
    low, high = wilson(score, games)
    row = {"game": args.game, "ours": args.ours, "shown": args.shown,
           "theirs": "open_spiel ISMCTSBot",
           "theirs_seconds": seconds * args.ratio, "games": games, "score": score,
           "win_rate": round(score / games, 3), "ci_low": round(low, 3),
           "ci_high": round(high, 3), "theirs_simulations": round(sum(sims) / len(sims)),
           "seconds": round(time.perf_counter() - t0, 1),
           "when": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
           "machine": platform.machine(), "load": round(os.getloadavg()[0], 2)}
    shown = " (shown every card)" if args.shown else ""
    print(f"{args.game}: {args.ours}{shown} scores {score:g} of {games} against OpenSpiel's "
          f"ISMCTSBot at {seconds * args.ratio:g} s a move: {score / games:.3f} "
          f"[{low:.3f}, {high:.3f}]")
    if args.out:
        with args.out.open("a") as sink:
            sink.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
