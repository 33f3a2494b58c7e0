"""Shared set-up of the research adapter tests: every game and seat count, and a helper
that plays random legal actions."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.core import State, games

SETUPS = [(spec.id, n) for spec in games() for n in spec.player_counts]
# Games with an encoding of their own (the others get the generic fallbacks).
ENCODED = [(spec.id, n) for spec in games() if spec.encoding for n in spec.player_counts]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Nothing is written to the user's data folder."""
    folder = tmp_path / "tabletop-data"
    monkeypatch.setenv("TABLETOP_DATA", str(folder))
    return folder


def random_positions(state: State, seed: int, every: int = 1) -> Iterator[State]:
    """Play ``state`` to its end with seeded random legal actions, yielding it before every
    ``every``-th action and at the end."""
    rng = random.Random(seed)
    k = 0
    while state.to_act is not None:
        if k % every == 0:
            yield state
        state.apply(rng.choice(state.legal_actions()))
        k += 1
    yield state
