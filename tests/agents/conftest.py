"""Shared helpers for the agent tests: positions reached by random play."""

from __future__ import annotations

import random

from tabletop.core import State, new_game

GAME = "radiant-perim"


def positions(players: int, seed: int, every: int = 1, game: str = GAME) -> list[State]:
    """Clones of every ``every``-th position of one random game (to_act not None)."""
    state = new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    out = []
    i = 0
    while state.to_act is not None:
        if i % every == 0:
            out.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        i += 1
    return out
