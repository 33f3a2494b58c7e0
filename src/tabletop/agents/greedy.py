"""Greedy agents: simple rules of thumb per game, reading only the view and the notation.

radiant-perim: draft the strongest card (Radiant first), make every meld, move to the
richest region, win a battle as cheaply as possible or else throw the weakest card,
and assassinate a card known to be in an opponent's hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

from tabletop.core import Action, ParameterError

from .base import Resampler

PERIM_RANKS = ("assassin", "elder", "scout", "mount", "knight", "phalanx")
MOUNTED = len(PERIM_RANKS)


class PerimGreedy:
    """A one-step greedy player of radiant-perim."""

    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: dict[str, Any], legal: Sequence[Action],
            resampler: Resampler | None = None) -> Action:
        """The action the rules of thumb prefer (ties broken by the seeded generator)."""
        texts = [a.to_text() for a in legal]
        scored = [(self._score(view, t), self.rng.random(), i) for i, t in enumerate(texts)]
        return legal[max(scored)[2]]

    def _score(self, view: dict[str, Any], text: str) -> float:
        verb, *args = text.split()
        if verb == "pick":
            card = view["pool"][view["pool_slots"].index(args[0])]
            race, rank = card.split(".")
            return PERIM_RANKS.index(rank) + (3 if race == view["radiant"] else 0)
        if verb == "meld":
            return -1.0 if args == ["done"] else 1.0
        if verb == "move":
            region = next(r for r in view["regions"] if r["id"] == args[0])
            return cast(float, 3 * region["silver"] + region["copper"])
        region = next(r for r in view["regions"] if r["id"] == view["tracker"])
        counts = set(region["natives"]) | {view["radiant"]}
        best = max((p["rank"] for p in view["battle"]["plays"] if p["counts"]), default=-1)
        if verb == "pass":
            return 0.5
        if verb == "assassinate":
            target, seat = args[0], int(args[1][2:]) - 1  # "@p2" names seat 1
            hand = view["hands"][seat]
            if target in hand["known"]:
                rank = PERIM_RANKS.index(target.split(".")[1])
                return 20.0 + rank if rank > best else 0.1
            return -5.0
        cards = args[0].split("+")
        race, rank_name = cards[0].split(".")
        rank = MOUNTED if len(cards) == 2 else PERIM_RANKS.index(rank_name)
        wins = race in counts and rank > best
        cost = rank + (2 if race == view["radiant"] else 0)
        # Win as cheaply as possible; when losing, throw the cheapest card.
        return 10.0 - cost if wins else -cost


def greedy_agent(game_id: str, seed: int) -> PerimGreedy:
    """The ``greedy`` agent (radiant-perim only), registered through the
    ``tabletop.agents`` entry point."""
    if game_id != "radiant-perim":
        raise ParameterError(f"the greedy agent does not play {game_id}")
    return PerimGreedy(seed)
