"""Tournaments: seats rotated, partners, who won, and the standings."""

from __future__ import annotations

import json

import pytest

from tabletop.core import ParameterError, Record, record_of, verify
from tabletop.sim import Standings, play_match, score_of, tournament
from tabletop.sim.tournament import PairingResult, seats_of_a

GAME = "radiant-perim"


def test_seats_rotate_and_partners_join_a() -> None:
    assert [seats_of_a([0, 1], k) for k in range(4)] == [(0,), (1,), (0,), (1,)]
    assert [seats_of_a([0, 1, 2], k) for k in range(3)] == [(0,), (1,), (2,)]
    assert [seats_of_a([0, 1, 0, 1], k) for k in range(4)] == [(0, 2), (1, 3), (0, 2), (1, 3)]


def test_who_won() -> None:
    assert score_of({"winners": [1]}, (1,)) == 1.0
    assert score_of({"winners": [0]}, (1,)) == 0.0
    assert score_of({"winners": [0, 1]}, (1,)) == 0.5  # shared with a copy of b
    assert score_of({"winners": [1, 3]}, (1, 3)) == 1.0  # a team win
    assert score_of({"winners": [0, 2]}, (1,)) == 0.0  # two copies of b tie
    p = PairingResult("a", "b")
    for s in (1.0, 1.0, 0.5, 0.0):
        p.add(s)
    assert (p.games, p.wins_a, p.draws, p.wins_b) == (4, 2, 1, 1)
    assert p.win_rate_a == 0.625
    out = p.to_json()
    assert out["ci_low"] < 0.625 < out["ci_high"]


def test_a_small_round_robin() -> None:
    games = list(tournament(GAME, ["random", "greedy", "heuristic"], games=4, players=2,
                            seed=3))
    assert len(games) == 12
    assert [(g.a, g.b) for g in games[::4]] == [("random", "greedy"), ("random", "heuristic"),
                                                 ("greedy", "heuristic")]
    first = games[:4]
    assert [g.seats_a for g in first] == [(0,), (1,), (0,), (1,)]
    assert [g.result.seed for g in first] == [3, 3, 4, 4]  # each deal from both seats
    record = Record.from_json(json.loads(first[1].result.record))
    verify(record)
    standings = Standings(["random", "greedy", "heuristic"])
    for g in games:
        standings.add(g)
    report = standings.to_json()
    assert [p["games"] for p in report["pairings"]] == [4, 4, 4]
    assert set(report["ratings"]) == {"random", "greedy", "heuristic"}
    assert report["ratings"]["heuristic"] > report["ratings"]["random"]


def test_four_players_play_team_against_team() -> None:
    """Four-Player Game ("a partnership game of two-on-two. Players sit across from their
    partner"): in a pairing, ``a``'s partner is ``a`` too. Each game is the match of
    ``a`` in seats k % 4 and its partner's, ``b`` in the two others, on the deal
    ``seed + k // 4``, and ``a``'s score is its team's result."""
    games = list(tournament(GAME, ["random", "greedy"], games=4, players=4, seed=1))
    assert [g.seats_a for g in games] == [(0, 2), (1, 3), (0, 2), (1, 3)]
    for g in games:
        record = Record.from_json(json.loads(g.result.record))
        verify(record)
        names = ["random" if s in g.seats_a else "greedy" for s in range(4)]
        expected = record_of(play_match(GAME, 4, names, seed=g.result.seed))
        assert record.seed == g.result.seed == 1
        assert record.actions == expected.actions  # the same agents in the same seats
        winners = set(g.result.outcome["winners"])
        assert winners in ({0, 2}, {1, 3}, {0, 1, 2, 3})  # teams win together
        assert g.score_a == (1.0 if winners == set(g.seats_a) else
                             0.5 if len(winners) == 4 else 0.0)


def test_bad_tournaments_fail_before_playing() -> None:
    with pytest.raises(ParameterError, match="at least two agents"):
        tournament(GAME, ["random"], games=2)
    with pytest.raises(ParameterError, match="named twice"):
        tournament(GAME, ["random", "random"], games=2)
    with pytest.raises(ParameterError, match="unknown agent"):
        tournament(GAME, ["random", "nobody"], games=2)
    with pytest.raises(ParameterError):
        tournament(GAME, ["random", "greedy"], games=2, players=7)
