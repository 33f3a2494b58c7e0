"""Shared by the conformance suite: the games it runs on, seeded random playthroughs
through the core contract, and small helpers over JSON-like data."""

from __future__ import annotations

import functools
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tabletop.core import Action, GameSpec, State, games, get_spec, new_game


def selected_games() -> list[GameSpec]:
    """Every registered game, or those chosen with ``--tabletop-game`` / ``tabletop check``
    (an unknown or broken one fails at once, naming it)."""
    chosen = [g for g in os.environ.get("TABLETOP_CHECK_GAMES", "").split(",") if g]
    return [get_spec(g) for g in chosen] if chosen else games()


GAMES = selected_games()
# A random game must end well within this many decisions (DESIGN.md: games end; the
# property suite runs thousands of them). Generous so a longer game does not trip it.
MAX_DECISIONS = 20_000
# Large seeds, so a seed leaking into a view cannot hide among small numbers.
SEEDS = (0x5EED_0001_2345_6789, 0x5EED_0002_7654_3210)
RECORD_KEYS = {"game", "rules_version", "params", "seed", "actions", "outcome", "final_hash"}

GAME_IDS = [spec.id for spec in GAMES]
CASES = [
    pytest.param(spec.id, n, id=f"{spec.id}-{n}p")
    for spec in GAMES
    for n in spec.player_counts
]
CASES_SEEDS = [
    pytest.param(spec.id, n, seed, id=f"{spec.id}-{n}p-{k}")
    for spec in GAMES
    for n in spec.player_counts
    for k, seed in enumerate(SEEDS)
]


# --- playing through the contract ------------------------------------------------------


@dataclass(frozen=True)
class Playthrough:
    """A seeded random game: ``states[i]`` is the position before ``actions[i]``."""

    game: str
    players: int
    seed: int
    states: tuple[State, ...]
    actions: tuple[Action, ...]

    @property
    def final(self) -> State:
        return self.states[-1]

    def points(self, every: int) -> list[int]:
        """Indexes of sampled positions: every ``every``-th, plus the first and last."""
        idx = set(range(0, len(self.states), every)) | {0, len(self.states) - 1}
        return sorted(idx)


@functools.cache
def playthrough(game: str, players: int, seed: int) -> Playthrough:
    """Play a seeded random game, keeping a clone of every position. Tests must not mutate
    the kept states (they clone first)."""
    state = new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    states: list[State] = []
    actions: list[Action] = []
    while state.to_act is not None:
        assert len(actions) < MAX_DECISIONS, "random game did not end"
        states.append(state.clone())
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state.apply(action)
    states.append(state)
    return Playthrough(game, players, seed, tuple(states), tuple(actions))


def seats_of(state: State) -> list[int | None]:
    """Every seat, then the spectator."""
    return [*range(state.players), None]


def snapshot(state: State) -> dict[str, Any]:
    """Everything observable about a state through the contract."""
    seats = seats_of(state)
    outcome = state.outcome()
    return {
        "hash": state.state_hash(),
        "data": state.to_data(),
        "to_act": state.to_act,
        "legal": [a.to_text() for a in state.legal_actions()],
        "views": [state.view(s) for s in seats],
        "events": list(state.events),
        "events_for": [state.events_for(s) for s in seats],
        "outcome": None if outcome is None else outcome.to_json(),
        "history": [a.to_text() for a in state.history],
    }


def play_to_end(state: State, rng: random.Random) -> int:
    """Play random legal actions (checked apply) until the game ends; the decision count."""
    n = 0
    while state.to_act is not None:
        assert n < MAX_DECISIONS, "game did not end"
        legal = state.legal_actions()
        assert legal, "a seat is to act but has no legal action"
        state.apply(rng.choice(legal))
        n += 1
    return n


def walk(value: Any) -> Iterator[Any]:
    """Yield every value nested in a JSON-like value (dicts yield their keys too)."""
    yield value
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from walk(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from walk(v)


def dict_keys(value: Any) -> Iterator[Any]:
    """Every dict key nested anywhere in ``value``."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from dict_keys(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from dict_keys(v)


def contains_run(haystack: list[Any], needle: list[Any]) -> bool:
    """Whether ``needle`` occurs as a contiguous run in ``haystack``."""
    n = len(needle)
    return any(haystack[i:i + n] == needle for i in range(len(haystack) - n + 1))


def illegal_candidates(pt: Playthrough, i: int, limit: int, rng: random.Random) -> list[str]:
    """Action texts that were legal at some other point of the game but are not legal at
    position ``i`` (well-formed, wrong here)."""
    state = pt.states[i]
    here = {a.to_text() for a in state.legal_actions()}
    elsewhere = sorted({a.to_text() for a in pt.actions} - here)
    return rng.sample(elsewhere, min(limit, len(elsewhere)))
