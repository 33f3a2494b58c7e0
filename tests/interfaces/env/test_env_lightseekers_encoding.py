"""Lightseekers' designed observation (issue 27, "Designed observation encodings for
lightseekers and hoshi-battle (named fields)"): fixed shape, a function of the seat's view
only, no hidden card in it, at every player count (2-6)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tabletop.games.lightseekers.tensors import CARDS
from tabletop.interfaces.env.codec import codec


def _played(players: int, seed: int, moves: int):
    c = codec("lightseekers", players)
    state = c.new_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.to_act is None:
            break
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return c, state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_named_fields_fixed_shape_through_a_game(players: int) -> None:
    c, state = _played(players, 7, 0)
    assert not c.generic_observation
    assert [p[0] for p in c.parts][:3] == ["turn", "step", "active"]
    rng = random.Random(players)
    while state.to_act is not None:
        for seat in (None, *range(players)):
            obs = c.observe(state, seat)
            assert obs.shape == (c.size,) and np.isfinite(obs).all()
        state.apply_unchecked(rng.choice(state.legal_actions()))
    assert c.observe(state, 0).shape == (c.size,)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_function_of_the_view_only(players: int) -> None:
    # Re-dealt for seat 0 (State.resample): seat 0 cannot tell the states apart, so its
    # tensor is equal; another seat's hand differs, so that seat's tensor differs.
    c, state = _played(players, 3, 25)
    assert state.to_act is not None
    mine = c.observe(state, 0)
    differed = False
    for k in range(8):
        other = state.resample(0, random.Random(k))
        assert np.array_equal(c.observe(other, 0), mine)
        if other.view(1)["hand"] != state.view(1)["hand"]:
            differed = differed or not np.array_equal(c.observe(other, 1), c.observe(state, 1))
    assert differed


def test_no_hidden_card_is_encoded() -> None:
    # The "my_hand" field holds the seat's own hand and nothing of another's: seat 0's
    # tensor is the same whatever seat 1 holds, and a spectator's my_hand is empty.
    c, state = _played(3, 5, 20)
    at = 0
    spans = {}
    for name, size, _ in c.parts:
        spans[name] = (at, at + size)
        at += size
    lo, hi = spans["my_hand"]
    hand = state.view(0)["hand"]
    counted = c.observe(state, 0)[lo:hi]
    assert counted.sum() == len(hand)
    for card in hand:
        assert counted[CARDS.index(card)] >= 1
    assert c.observe(state, None)[lo:hi].sum() == 0


def test_the_turn_stays_below_1_however_long_the_game() -> None:
    # The turn field is t / (t + 100): it rises with every turn and stays below 1 past
    # turn 100 (a random six-seat game, seed 2, lasts 151 hero turns), where t / 100 did
    # not.
    c = codec("lightseekers", 6)
    assert c.parts[0][0] == "turn"
    state = c.new_state(2)
    rng = random.Random(2)
    last, turns = -1.0, 0
    while True:
        value = float(c.observe(state, 0)[0])
        turn = state.view(0)["turn"]
        assert 0 <= value < 1 and value == pytest.approx(turn / (turn + 100))
        assert value >= last
        last, turns = value, turn
        if state.to_act is None:
            break
        state.apply_unchecked(rng.choice(state.legal_actions()))
    assert turns > 100 and last > 0.5
