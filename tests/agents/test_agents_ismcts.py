"""ISMCTS: the search's statistics, rewards by team, and the heuristic's evaluation."""

from __future__ import annotations

import random

from tabletop.agents import IsmctsAgent, Resampler, heuristic_for, make_agent, win_shares
from tabletop.agents.ismcts import parse_budget
from tabletop.core import Outcome, new_game

from .conftest import GAME, positions


def test_search_visits_add_up_and_the_best_is_played() -> None:
    state = positions(2, seed=9, every=30)[3]
    seat = state.to_act
    assert seat is not None
    agent = make_agent("ismcts:200", GAME, 5)
    assert isinstance(agent, IsmctsAgent)
    legal = state.legal_actions()
    result = agent.search(legal, Resampler(state, seat))
    assert result.iterations == 200
    assert sum(s.visits for s in result.stats) == 200
    assert {s.action for s in result.stats} == set(legal)
    assert result.stats == sorted(result.stats, key=lambda s: (-s.visits, -(s.value or 0)))
    assert all(s.value is None or 0.0 <= s.value <= 1.0 for s in result.stats)


def test_a_time_budget_stops_in_time() -> None:
    state = new_game(GAME, players=3, seed=2)
    agent = make_agent("ismcts:0.05s", GAME, 1)
    assert isinstance(agent, IsmctsAgent)
    result = agent.search(state.legal_actions(), Resampler(state, 0))
    assert result.iterations >= 1 and result.seconds < 0.5


def test_rewards_are_shared_by_teams_and_ties() -> None:
    four = new_game(GAME, players=4, seed=1)
    assert win_shares(Outcome((5, 3, 5, 3), (0, 2), "r"), four) == [1.0, 0.0, 1.0, 0.0]
    assert win_shares(Outcome((5, 5, 5, 5), (0, 1, 2, 3), "r"), four) == [0.5] * 4
    three = new_game(GAME, players=3, seed=1)
    assert win_shares(Outcome((7, 7, 1), (0, 1), "r"), three) == [0.5, 0.5, 0.0]


def test_the_evaluation_is_a_chance_per_seat() -> None:
    h = heuristic_for(GAME)
    assert h is not None
    for players in (2, 3, 4):
        for state in positions(players, seed=players, every=25):
            values = h.evaluate([state.view(s) for s in range(players)])
            assert len(values) == players
            assert all(0.0 <= v <= 1.0 for v in values)
            sides = {state.team(s): values[s] for s in range(players)}
            assert abs(sum(sides.values()) - 1.0) < 1e-9  # one side wins
            if players == 4:
                assert values[0] == values[2] and values[1] == values[3]


def test_parse_budget() -> None:
    assert parse_budget(None) == {}
    assert parse_budget("1s") == {"seconds": 1.0}
    assert parse_budget("0.1s") == {"seconds": 0.1}
    assert parse_budget("500") == {"iterations": 500}
    assert parse_budget("20:depth=end:c=0.5") == {"iterations": 20, "depth": None, "c": 0.5}


def test_without_a_heuristic_rollouts_run_to_the_end() -> None:
    agent = IsmctsAgent(GAME, 1, iterations=3, heuristic=None, depth=0)
    assert agent.depth is None and agent.rollout == "random"
    state = new_game(GAME, players=2, seed=3)
    action = agent.act(state.view(0), state.legal_actions(), Resampler(state, 0))
    assert action in state.legal_actions()
    assert random.Random(0)  # seeded generators only
