"""The random agent: a uniformly random legal action, seeded."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.core import Action

from .base import Resampler, register_agent


class RandomAgent:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: dict[str, Any], legal: Sequence[Action],
            resampler: Resampler | None = None) -> Action:
        """A random legal action."""
        return legal[self.rng.randrange(len(legal))]


register_agent("random", lambda game_id, seed: RandomAgent(seed))
