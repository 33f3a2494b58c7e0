"""The balance report of every game (issue 26, "One balance command for every game"): one
hook each game fills in (GameSpec.balance), one fold and one report for all; the interval
math on known counts; bad input named before any game is played."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest

from tabletop.core import ParameterError, get_spec
from tabletop.core.balance import BalanceSpec, GameTally, SeatTally
from tabletop.sim.balance import (
    TalliedGame,
    balance_games,
    balance_jobs,
    balance_spec,
    lengths,
    new_report,
    play_tallied,
)
from tabletop.sim.ratings import newcombe, wilson

GAMES = ("radiant-arena", "radiant-perim", "lightseekers", "hoshi-battle")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_what_it_tallies(game: str) -> None:
    """Each game's spec carries a BalanceSpec; a played game's tally has a seat per
    player, every id it names is one its kind knows, and what a seat played it held
    (issue 26: "through one hook that each game fills in")."""
    spec = balance_spec(game)
    assert isinstance(spec, BalanceSpec) and spec is get_spec(game).balance and spec.kinds
    params = {**spec.params}
    names = {k.key: k.names(params) for k in spec.kinds}
    assert all(names.values()), names.keys()
    job = balance_jobs(game, 1, ["random"], seed=3)[0]
    g = play_tallied(job)
    assert len(g.tally.seats) == get_spec(game).default_players == job[2]
    assert 0 <= g.tally.first < job[2] and g.decisions > 0 and g.winners
    for seat in g.tally.seats:
        assert set(seat.held) <= set(names) and set(seat.played) <= set(names)
        for kind, ids in seat.held.items():
            assert set(ids) <= set(names[kind]), (kind, set(ids) - set(names[kind]))
            assert len(set(ids)) == len(ids)
        for kind, ids in seat.played.items():
            assert spec.kind(kind).played and set(ids) <= set(seat.held[kind])
    assert any(seat.held for seat in g.tally.seats)


def test_a_game_without_a_report_is_refused_by_name() -> None:
    with pytest.raises(ParameterError, match="goofspiel declares no balance report"):
        balance_spec("goofspiel")


def test_wilson_and_newcombe_on_known_counts() -> None:
    """Wilson's interval and Newcombe's hybrid score interval of a difference (Newcombe
    1998, "Interval estimation for the difference between independent proportions",
    table II, method 10: 56/70 - 48/80, 9/10 - 3/10, 5/56 - 0/29)."""
    assert [round(x, 4) for x in wilson(81, 263)] == [0.2553, 0.3662]  # Newcombe's table I
    for (a, n, b, m), want in (((56, 70, 48, 80), (0.0524, 0.3339)),
                               ((9, 10, 3, 10), (0.1705, 0.8090)),
                               ((5, 56, 0, 29), (-0.0381, 0.1926))):
        assert tuple(round(x, 4) for x in newcombe(a, n, b, m)) == want
    assert newcombe(1, 0, 1, 3) == (-1.0, 1.0)


def _game(index: int, winners: tuple[int, ...], hero: tuple[str, str], played: bool,
          first: int = 0) -> TalliedGame:
    seats = tuple(SeatTally({"hero": (hero[s],), "card": ("wind-dancer",)},
                            {"hero": (hero[s],) if played else (), "card": ()})
                  for s in (0, 1))
    return TalliedGame(index, index, ("a", "b") if index % 2 else ("b", "a"), winners,
                       "why", 10 + index, GameTally(seats, first, 3 + index % 2))


def test_the_fold_on_known_counts() -> None:
    """Ten games folded: per-entity wins and Wilson intervals, a shared win split, the
    played / held-only split and its delta, the first seat's advantage, the agents, the
    lengths; the order of the games does not matter."""
    report = new_report("hoshi-battle")
    ids = list(report.names["hero"])
    x, y = ids[0], ids[1]
    games = [_game(i, (0,), (x, y), played=i < 6) for i in range(7)]
    games += [_game(7, (1,), (x, y), played=False), _game(8, (0, 1), (x, y), True, first=1)]
    games += [_game(9, (1,), (y, x), played=True)]
    for g in games:
        report.add(g)
    # x: won games 0-6 at seat 0 (7), lost game 7, half of game 8, won game 9 at seat 1.
    e = report.entities["hero"][x]
    assert (e.held.n, e.held.wins) == (10, 8.5)
    assert e.held.interval == wilson(8.5, 10)
    # Played in games 0-5, 8 and 9 (6 + 0.5 + 1 won); held only in games 6 and 7 (1 won).
    assert (e.played.n, e.played.wins, e.idle.n, e.idle.wins) == (8, 7.5, 2, 1.0)
    d = e.delta()
    assert d is not None and math.isclose(d[0], 7.5 / 8 - 1 / 2)
    assert d[1] == newcombe(7.5, 8, 1.0, 2)
    # The first seat: seat 0, but seat 1 in game 8 (half a win): 7 + 0.5 of 10.
    assert (report.first.n, report.first.wins) == (10, 7.5)
    data = report.to_json()
    fs = data["first_seat"]
    assert fs["fair"] == 0.5 and fs["advantage"] == 0.25
    assert fs["advantage_interval"] == [round(v - 0.5, 4) for v in wilson(7.5, 10)]
    assert data["agents"]["a"]["n"] == 10 and data["agents"]["b"]["n"] == 10
    assert data["lengths"]["turns"]["histogram"] == {"3": 5, "4": 5}
    assert data["lengths"]["decisions"]["max"] == 19
    row = data["kinds"]["hero"]["entities"][x]
    assert row["flag"] == "strong" and row["delta"] == round(7.5 / 8 - 1 / 2, 4)
    assert row["interval"] == [round(v, 4) for v in wilson(8.5, 10)]
    assert data["kinds"]["hero"]["entities"][ids[2]]["n"] == 0  # never dealt: still a row
    again = new_report("hoshi-battle")
    for g in reversed(games):
        again.add(g)
    assert json.dumps(again.to_json()) == json.dumps(data)


def test_lengths_quantiles() -> None:
    q = lengths(Counter({10: 1, 20: 8, 30: 1}))
    assert (q["mean"], q["p10"], q["median"], q["p90"], q["max"]) == (20.0, 20, 20, 30, 30)


def test_agents_turn_round_the_seats() -> None:
    """Game i seats the agents turned round by i, so each sits first as often as second;
    the report's own parameters come first (radiant-arena drafts) and yield to given
    ones."""
    jobs = balance_jobs("radiant-arena", 4, ["random", "heuristic"], seed=5)
    assert [j[3] for j in jobs] == [("random", "heuristic"), ("heuristic", "random")] * 2
    assert [j[4] for j in jobs] == [5, 6, 7, 8] and jobs[0][5] == {"draft": True}
    assert balance_jobs("radiant-arena", 1, ["random"], params={"draft": False})[0][5] == {
        "draft": False}
    three = balance_jobs("radiant-perim", 3, ["greedy", "random"])
    assert [j[3] for j in three] == [("greedy", "random", "greedy"),
                                     ("random", "greedy", "greedy"),
                                     ("greedy", "greedy", "random")]


@pytest.mark.parametrize(("call", "says"), [
    (lambda: balance_jobs("hoshi-battle", 0, ["random"]),
     "the number of games must be at least 1, not 0"),
    (lambda: balance_games("hoshi-battle", 2, ["random"], workers=0),
     "the number of workers must be at least 1, not 0"),
    (lambda: balance_jobs("hoshi-battle", 2, ["nobody"]), "nobody"),
    (lambda: balance_jobs("lightseekers", 2, ["random"], params={"decks": "nope"}),
     "unknown deck 'nope'"),
    (lambda: new_report("radiant-arena", focus=["Eleanr"]),
     "--focus 'Eleanr': radiant-arena has no heroes or deities or items or skill cards or "
     "ready decks of that id or name; did you mean 'Eleanor'"),
    (lambda: new_report("lightseekers", focus=[""]), "--focus ''"),
    (lambda: balance_games("hoshi-battle", 2, ["random"], backend="cloud"),
     "unknown backend 'cloud'"),
])
def test_bad_input_is_named_before_any_game(call, says: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ParameterError) as e:
        call()
    assert says in str(e.value)


def test_focus_takes_an_id_or_a_printed_name() -> None:
    report = new_report("radiant-arena", focus=["eleanor", "ELEANOR", "a"])
    assert report.focus == (("hero", "eleanor"), ("hero", "eleanor"), ("deck", "a"))


def test_workers_do_not_change_the_report() -> None:
    """Two worker processes give the same report as one (results in any order)."""
    reports = []
    for workers in (1, 2):
        r = new_report("hoshi-battle")
        for g in balance_games("hoshi-battle", 4, ["random"], seed=11, workers=workers):
            r.add(g)
        reports.append(r.to_json())
    assert reports[0] == reports[1] and reports[0]["games"] == 4


def test_matchups_of_ready_decks() -> None:
    """A kind of which each seat has one (lightseekers' ready decks) gets every pair that
    met, the first id's share against the second whichever seat it sat in; a mirror is
    no matchup."""
    report = new_report("lightseekers")

    def game(i: int, decks: tuple[str, str], winner: int) -> TalliedGame:
        seats = tuple(SeatTally({"deck": (d,)}) for d in decks)
        return TalliedGame(i, i, ("random", "random"), (winner,), "why", 5,
                           GameTally(seats, 0, 1))

    for g in (game(0, ("astral", "tech"), 0), game(1, ("tech", "astral"), 0),
              game(2, ("tech", "astral"), 1), game(3, ("storm", "storm"), 0)):
        report.add(g)
    assert report.to_json()["matchups"] == {"deck": [
        {"a": "astral", "b": "tech", "n": 3, "wins": 2.0, "rate": 0.6667,
         "interval": [round(x, 4) for x in wilson(2, 3)]}]}
