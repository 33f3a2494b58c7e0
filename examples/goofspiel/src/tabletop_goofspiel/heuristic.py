"""A heuristic for Goofspiel, reading only views and notation (never the game's state).

Rules of thumb: bid the card whose rank among your cards matches the prize's rank among
the prizes still to come (a high prize is worth a high card, a low one a low card). The
evaluation: each seat's share of the points already scored and still in play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.core import Action


class GoofHeuristic:
    """Rules of thumb and an evaluation for Goofspiel (``tabletop.heuristics`` plugin)."""

    def choose(self, view: dict[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        """The bid closest to the prize's rank among the cards left."""
        prize = view["prize"] or 1
        cards = sorted(int(a.to_text().split()[1]) for a in legal)
        remaining_prizes = view["deck"] + 1
        rank = min(len(cards) - 1, round((prize - 1) / max(1, remaining_prizes + prize - 1)
                                         * len(cards)))
        want = cards[rank]
        return next(a for a in legal if a.to_text() == f"bid {want}")

    def evaluate(self, views: Sequence[dict[str, Any]]) -> list[float]:
        """Each seat's chance to win: its share of the points, smoothed."""
        scores = views[0]["scores"]
        total = sum(scores) + 1.0
        return [(s + 0.5) / (total + 0.5 * len(scores)) for s in scores]
