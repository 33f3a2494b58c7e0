"""Agents see a seat's view, the legal actions and a resampler: never the true State.

Two proofs. A spy agent inspects everything it is handed and fails if a State object is
among it (or reachable from the resampler's attributes). And every agent, with the
same seed, makes the same decision in a position and in a re-deal of everything its
seat cannot see: what it cannot see cannot change what it does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from tabletop.agents import Resampler, decide, make_agent
from tabletop.core import Action, ParameterError, State, get_spec
from tabletop.sim import play_match

from .conftest import GAME, positions


def _states_in(obj: Any, depth: int = 0) -> list[Any]:
    """Every State found by walking dicts, lists, tuples and sets."""
    if isinstance(obj, State):
        return [obj]
    if depth > 12:
        return []
    if isinstance(obj, dict):
        return [s for k, v in obj.items() for x in (k, v) for s in _states_in(x, depth + 1)]
    if isinstance(obj, list | tuple | set | frozenset):
        return [s for x in obj for s in _states_in(x, depth + 1)]
    return []


class Spy:
    """Checks what it is handed, then plays the first legal action."""

    name = "spy"

    def __init__(self, truth: list[State]) -> None:
        self.truth = truth
        self.calls = 0

    def act(self, view: dict[str, Any], legal: Sequence[Action],
            resampler: Resampler | None = None) -> Action:
        self.calls += 1
        assert not _states_in(view), "a State reached the agent in its view"
        assert not _states_in(list(legal)), "a State reached the agent among the actions"
        assert resampler is not None
        public = [getattr(resampler, n) for n in ("seat",)]
        assert not _states_in(public)
        assert not hasattr(resampler, "__dict__"), "the resampler must hold no open attribute"
        # Even privately, the resampler holds a frozen copy, never the live true state.
        cells = [c.cell_contents for c in resampler._sample.__closure__ or ()]
        assert not any(c is self.truth[0] for c in cells)
        sample = resampler.sample(random.Random(self.calls))
        assert isinstance(sample, State) and sample is not self.truth[0]
        return legal[0]


def test_a_spy_agent_never_receives_the_state() -> None:
    state = positions(3, seed=4)[0]
    spy = Spy([state])
    while state.to_act is not None:
        spy.truth[0] = state
        state.apply(decide(spy, state))
    assert spy.calls > 100


def test_the_spy_would_catch_a_leak() -> None:
    """The check itself works: handing the State over is caught."""
    state = positions(2, seed=1)[0]
    with pytest.raises(AssertionError, match="State reached"):
        Spy([state]).act({"oops": state}, state.legal_actions(), Resampler(state, 0))


def test_a_resample_is_not_the_truth_and_changes_hidden_cards() -> None:
    state = positions(2, seed=2, every=40)[2]
    seat = state.to_act
    assert seat is not None
    resampler = Resampler(state, seat)
    other = 1 - seat
    hands = {tuple(resampler.sample(random.Random(k)).view(other)["hands"][other]["cards"])
             for k in range(20)}
    assert len(hands) > 1  # the other hand is re-dealt
    for k in range(5):
        s = resampler.sample(random.Random(k))
        assert s.view(seat) == state.view(seat)  # the seat's knowledge is kept
    with pytest.raises(ParameterError):
        finished = play_match(GAME, 2, ["random", "random"], seed=1)
        Resampler(finished, 0)


@pytest.mark.parametrize(("name", "game"), [
    (name, game) for game in (GAME, "lightseekers", "radiant-arena", "hoshi-battle")
    for name in ("random", "greedy", "heuristic", "ismcts:25")
    if name != "greedy" or game == GAME])  # greedy plays radiant-perim only
def test_same_decision_under_a_redeal_of_what_the_seat_cannot_see(name: str, game: str) -> None:
    """The true position and a re-deal of the hidden cards are the same to the agent
    (for a searching agent: the samples it draws do not depend on where the hidden cards
    truly are, test_resample_depends_only_on_what_the_seat_knows in the conformance
    suite)."""
    checked = 0
    counts = [n for n in (2, 3, 4) if n in get_spec(game).player_counts]
    for players, seed in zip(counts, (3, 5, 8), strict=False):
        for state in positions(players, seed, every=17 if game == GAME else 7, game=game):
            seat = state.to_act
            assert seat is not None
            if len(state.legal_actions()) < 2:
                continue
            redeal = state.resample(seat, random.Random(seed * 1000 + checked))
            assert redeal.view(seat) == state.view(seat)
            first = decide(make_agent(name, game, 99), state)
            second = decide(make_agent(name, game, 99), redeal)
            assert first == second, (name, game, players, state.view(seat).get("phase"))
            checked += 1
    assert checked > 10
