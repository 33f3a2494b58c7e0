"""tabletop.sim: matches, parallel simulation, summaries and the benchmark."""

from __future__ import annotations

import json

import pytest

from tabletop.core import ParameterError, Record, UnknownGameError, record_of, verify
from tabletop.sim import (
    GameResult,
    Summary,
    agent_seed,
    bench,
    play_match,
    seat_agents,
    simulate,
)

GAME = "radiant-perim"


def test_a_match_is_a_function_of_its_seed() -> None:
    a = play_match(GAME, 3, ["greedy", "random", "greedy"], seed=5)
    b = play_match(GAME, 3, ["greedy", "random", "greedy"], seed=5)
    c = play_match(GAME, 3, ["greedy", "random", "greedy"], seed=6)
    assert a.is_over and a.outcome() is not None
    assert a.state_hash() == b.state_hash() != c.state_hash()
    verify(record_of(a))


def test_agent_seeds_differ_by_seat_and_game() -> None:
    seeds = {agent_seed(seed, seat) for seed in range(20) for seat in range(4)}
    assert len(seeds) == 80
    assert all(0 <= s < 2**63 for s in seeds)
    assert agent_seed(7, 1) == agent_seed(7, 1)


def test_names_must_match_the_seats() -> None:
    with pytest.raises(ParameterError, match="3 seats need 3 agent names"):
        play_match(GAME, 3, ["random", "random"], seed=1)
    assert seat_agents(["greedy", "random"], 3) == ["greedy", "random", "greedy"]
    assert seat_agents(["random"], 2) == ["random", "random"]
    with pytest.raises(ParameterError):
        seat_agents([" "], 2)


def test_simulate_yields_in_seed_order_and_checks_setup_at_once() -> None:
    results = list(simulate(GAME, 2, ["random", "greedy"], games=4, seed=30))
    assert [r.index for r in results] == [0, 1, 2, 3]
    assert [r.seed for r in results] == [30, 31, 32, 33]
    for r in results:
        record = Record.from_json(json.loads(r.record))
        assert record.seed == r.seed and record.outcome == r.outcome
        verify(record)
    # Bad input fails when simulate is called, before any game is played.
    with pytest.raises(ParameterError, match="unknown agent"):
        simulate(GAME, 2, ["random", "nobody"], games=4)
    with pytest.raises(UnknownGameError):
        simulate("nope", 2, ["random", "random"], games=4)
    with pytest.raises(ParameterError):
        simulate(GAME, 5, ["random"] * 5, games=4)
    with pytest.raises(ParameterError, match="at least 1"):
        simulate(GAME, 2, ["random", "random"], games=0)


def test_four_players_win_as_teams() -> None:
    """Four-Player Game: partners sit across and score together, so they win together."""
    for result in simulate(GAME, 4, ["random"] * 4, games=3, seed=1):
        winners = result.outcome["winners"]
        assert winners in ([0, 2], [1, 3], [0, 1, 2, 3])
        scores = result.outcome["scores"]
        assert scores[0] == scores[2] and scores[1] == scores[3]


def test_summary_counts_a_shared_win_for_each_seat() -> None:
    summary = Summary(GAME, ["a", "b", "c"])
    summary.add(GameResult(0, 1, "{}", {"scores": [10, 4, 10], "winners": [0, 2], "reason": ""}))
    summary.add(GameResult(1, 2, "{}", {"scores": [2, 8, 5], "winners": [1], "reason": ""}))
    assert summary.games == 2
    assert summary.wins == [1, 1, 1]
    assert summary.mean_scores == [6.0, 6.0, 7.5]
    report = summary.to_json()
    assert report["agents"] == ["a", "b", "c"] and report["games"] == 2
    assert report["games_per_s"] > 0


def test_bench_reports_positive_rates() -> None:
    report = bench(GAME, 3, seconds=0.1)
    assert report["games"] >= 1 and report["decisions"] > 0 and report["clones"] > 0
    for key in ("decisions_per_s", "games_per_s", "clone_us"):
        assert report[key] > 0, key
    with pytest.raises(ParameterError):
        bench(GAME, 3, seconds=0)
