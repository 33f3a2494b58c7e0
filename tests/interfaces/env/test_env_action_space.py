"""The action space covers every action a game or a re-deal can offer (issue 27, "The
action space of every game covers every action any reachable or re-dealt state can
offer"): random games of every game at every seat count, and re-deals (``resample``) for
every seat along them played on at random, never meet a legal action without an index,
and the observation of every seat encodes there."""

from __future__ import annotations

import random

import pytest

from tabletop.core import State, new_game
from tabletop.interfaces.env import codec
from tabletop.interfaces.env.codec import Codec

from .conftest import SETUPS, random_positions


def _check(c: Codec, state: State) -> None:
    for action in state.legal_actions():
        assert c.actions[c.index_of(action)] == action.to_text()
    c.observe(state, state.to_act)


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_random_games_and_redeals_meet_no_action_without_an_index(game: str, players: int,
                                                                  ) -> None:
    c = codec(game, players)
    for seed in range(2):
        rng = random.Random(seed)
        for k, state in enumerate(random_positions(new_game(game, players=players,
                                                            seed=seed), seed, every=3)):
            _check(c, state)
            if state.to_act is None or k % 2:
                continue
            # A re-deal for a seat (each in turn), played on at random.
            other = state.resample(k // 2 % players, rng)
            for _ in range(25):
                _check(c, other)
                if other.to_act is None:
                    break
                other.apply_unchecked(rng.choice(other.legal_actions()))


def test_radiant_arena_covers_the_pool() -> None:
    """radiant-arena: the space names every deity and item of the card pool (a re-deal
    gives the other seat's face-down deity and shop items from it: docs/research.md)."""
    from tabletop.games.radiant_arena.spec import catalog

    c = codec("radiant-arena")
    cat = catalog()
    for d, u in cat.units.items():
        if u.is_deity:
            assert f"manifest {d} left banish eleanor" in c.index or not any(
                "banish eleanor" in t for t in c.actions)
            assert f"attack {d}" in c.index
    for item in cat.items:
        assert any(t.startswith(f"buy {item} ") for t in c.actions)
