"""ISMCTS at the root: the heuristic's ranking narrows and orders the root actions."""

from __future__ import annotations

import random

import pytest

from tabletop.agents import IsmctsAgent, Resampler, heuristic_for, make_agent
from tabletop.agents.ismcts import parse_budget
from tabletop.core import ParameterError

from .conftest import GAME, positions


def wide_position(players: int = 3):  # type: ignore[no-untyped-def]
    """A position of a random game with many legal actions (a war play)."""
    best = max(positions(players, seed=4, every=3), key=lambda s: len(s.legal_actions()))
    assert len(best.legal_actions()) > 10
    return best


def test_the_heuristic_scores_agree_with_its_choice() -> None:
    h = heuristic_for(GAME)
    assert h is not None
    for state in positions(3, seed=6, every=7):
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        scores = h.scores(state.view(seat), legal)  # type: ignore[attr-defined]
        assert len(scores) == len(legal)
        chosen = h.choose(state.view(seat), legal, random.Random(1))
        assert scores[legal.index(chosen)] == max(scores)


def test_the_root_searches_the_heuristics_best_few() -> None:
    state = wide_position()
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    agent = make_agent("ismcts:120:width=4", GAME, 3)
    assert isinstance(agent, IsmctsAgent) and agent.width == 4
    h = heuristic_for(GAME)
    scores = h.scores(state.view(seat), legal)  # type: ignore[union-attr]
    top = sorted(scores, reverse=True)[:4]
    result = agent.search(legal, Resampler(state, seat), state.view(seat))
    assert result.iterations == 120 and sum(s.visits for s in result.stats) == 120
    assert {s.action for s in result.stats} == set(legal)  # every action is reported
    searched = [s.action for s in result.stats if s.visits]
    assert len(searched) == 4
    assert sorted((scores[legal.index(a)] for a in searched), reverse=True) == top
    # Without the view the search draws it from a determinization: the same decision.
    again = make_agent("ismcts:120:width=4", GAME, 3)
    assert again.search(legal, Resampler(state, seat)).stats == result.stats  # type: ignore[attr-defined]
    # width=all searches every action.
    wide = make_agent("ismcts:400:width=all", GAME, 3)
    found = wide.search(legal, Resampler(state, seat))  # type: ignore[attr-defined]
    assert all(s.visits for s in found.stats)


def test_without_a_heuristic_every_root_action_is_searched() -> None:
    state = wide_position(2)
    seat = state.to_act
    assert seat is not None
    agent = IsmctsAgent(GAME, 1, iterations=len(state.legal_actions()), heuristic=None,
                        width=2)
    result = agent.search(state.legal_actions(), Resampler(state, seat))
    assert all(s.visits == 1 for s in result.stats)


def test_root_options_parse() -> None:
    assert parse_budget("300:width=6:c=0.5") == {"iterations": 300, "width": 6, "c": 0.5}
    assert make_agent("ismcts:300", GAME, 1).width == 6  # type: ignore[attr-defined]
    assert parse_budget("width=all") == {"width": 0}
    with pytest.raises(ParameterError, match="width"):
        make_agent("ismcts:10:width=-1", GAME, 1)
