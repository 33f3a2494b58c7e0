"""What the AI's difficulties are worth as ratings (issue 29, Players: "The AI
difficulties get ratings too ... so 'normal' and 'hard' mean a number"; the figures go
into docs/agents.md).

Plays the difficulties against each other, two seats, every pairing from both seats,
deals by seed, and rates each game as the server rates a rated game between the AI's
accounts (``tabletop.interfaces.web.ratings``: OpenSkill's Plackett-Luce, 1v1), in the
order played. Prints each difficulty's rating (60 x mu, as the server shows it), mu,
sigma and games, per game. ``hard`` is ISMCTS with a second a decision: on a busy
machine it searches less in that second (``--hard ismcts:300`` fixes its iterations).

    PYTHONPATH=src python bench/ai_ratings.py --games lightseekers hoshi-battle --deals 4
"""

from __future__ import annotations

import argparse
import itertools
import json
import time

from tabletop.agents import difficulty_agent
from tabletop.agents.base import decide, make_agent
from tabletop.core import new_game
from tabletop.interfaces.web.ratings import RATING_SCALE, places, rater

LEVELS = ("easy", "normal", "hard")


def play(game: str, names: tuple[str, str], seed: int) -> list[int]:
    """One game of two agents (by name) on deal ``seed``; each seat's place."""
    state = new_game(game, players=2, seed=seed)
    agents = [make_agent(n, game, seed * 2 + i) for i, n in enumerate(names)]
    for _ in range(20_000):
        if state.is_over:
            return places(state, set())
        seat = state.to_act
        assert seat is not None
        state.apply(decide(agents[seat], state), seat=seat)
    raise RuntimeError(f"{game}: seed {seed} did not end")


def measure(game: str, deals: int, levels: tuple[str, ...], hard: str | None
            ) -> dict[str, dict[str, float]]:
    agent = {lv: (hard if lv == "hard" and hard else difficulty_agent(lv, game))
             for lv in levels}
    ratings: dict[str, tuple[float, float] | None] = {lv: None for lv in levels}
    games = dict.fromkeys(levels, 0)
    for a, b in itertools.combinations(levels, 2):
        for seed in range(deals):
            for pair in ((a, b), (b, a)):
                got = play(game, (agent[pair[0]], agent[pair[1]]), seed)
                rate = rater(list(pair), [[0], [1]], got, dict.fromkeys(pair, "ai"))
                ratings.update(rate({k: ratings[k] for k in pair}))
                for k in pair:
                    games[k] += 1
    out = {}
    for lv in levels:
        r = ratings[lv]
        assert r is not None
        out[lv] = {"rating": round(RATING_SCALE * r[0]), "mu": round(r[0], 2),
                   "sigma": round(r[1], 2), "games": games[lv], "agent": agent[lv]}
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", nargs="+", default=["lightseekers", "hoshi-battle"])
    p.add_argument("--deals", type=int, default=4, help="deals per pairing (each played "
                   "from both seats)")
    p.add_argument("--levels", nargs="+", default=list(LEVELS))
    p.add_argument("--hard", default=None, help="the agent playing hard (default: the "
                   "server's, ISMCTS with a second a decision)")
    args = p.parse_args()
    for game in args.games:
        began = time.perf_counter()
        result = measure(game, args.deals, tuple(args.levels), args.hard)
        print(json.dumps({"game": game, "deals": args.deals, "ratings": result,
                          "seconds": round(time.perf_counter() - began)}), flush=True)


if __name__ == "__main__":
    main()
