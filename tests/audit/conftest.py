"""Shared helpers of the audit: an in-process web server, random games of every game."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.core import State

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note about httpx, not ours to act on
    from fastapi.testclient import TestClient

from tabletop.interfaces.web import create_app

# Every game of the platform, with 2 players and 4 where the game allows.
SETUPS = [("radiant-perim", 2), ("radiant-perim", 4), ("radiant-arena", 2),
          ("hoshi-battle", 2), ("lightseekers", 2), ("lightseekers", 4)]
GAMES = sorted({g for g, _ in SETUPS})


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Nothing goes to the user's data folder."""
    folder = tmp_path / "tabletop-data"
    monkeypatch.setenv("TABLETOP_DATA", str(folder))
    return folder


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The app on a temporary SQLite file; a server exception fails the test."""
    with TestClient(create_app(tmp_path / "web.sqlite3", ai_pool="thread",
                               ai_workers=1)) as c:
        yield c


def create(c: Any, game: str, players: int, **extra: Any) -> tuple[str, list[str]]:
    """A table of people only; returns its id and every seat's token."""
    r = c.post("/api/tables", json={"game": game, "players": players,
                                    "seats": [{"kind": "human"}] * players, **extra})
    assert r.status_code == 201, r.text
    body = r.json()
    return body["table"]["id"], [s["token"] for s in body["seats"]]


def random_states(game: str, players: int, seed: int, every: int = 5,
                  limit: int = 400) -> Iterator[State]:
    """Positions of a random game (every ``every``-th), the last one finished or not."""
    state = tabletop.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    for n in range(limit):
        if state.to_act is None:
            break
        if n % every == 0:
            yield state
        state.apply(rng.choice(state.legal_actions()))
    yield state
