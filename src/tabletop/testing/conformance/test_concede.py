"""Concessions (COORDINATION.md contract 3, issue 31's concede endpoint): ``State.concede``
for any seat still in the game, whoever is to act, recorded as ``concede <label>``, never
among the legal actions; each game decides what it does, and every game must keep the
contract's promises around it: an event, the outcome's reason, records, scenarios.

Parametrized like the rest of the suite; nothing here knows a game's rules beyond its
sides (``teams``): with two sides a concession ends the game and the other side wins.
"""

from __future__ import annotations

import random

import pytest

from tabletop.core import (
    CONCESSIONS,
    Concession,
    IllegalActionError,
    NotationError,
    State,
    export,
    from_scenario,
    record_of,
    scenario_of,
    verify,
)

from .common import CASES, MAX_DECISIONS, playthrough, seats_of

_WORDS = {"concede": "conceded", "time": "ran out of time", "abandon": "abandoned the game"}


def _points(game: str, players: int) -> list[State]:
    """Positions of a seeded random game to concede from: its start, a third and two
    thirds in, and its last decision."""
    pt = playthrough(game, players, 0x5EED_0001_2345_6789)
    last = len(pt.states) - 2
    return [pt.states[i].clone() for i in sorted({0, last // 3, 2 * last // 3, last})]


def _check_concession(state: State, seat: int, reason: str) -> State:
    """Concede ``seat`` on a copy of ``state`` and check what every game must do; returns
    the position after it."""
    before = state.clone()
    label = state.label(seat)
    n_events = len(state.events)
    assert state.can_concede(seat)
    state.concede(seat, reason)
    # Recorded as an action of the history with its notation, never legal.
    last = state.history[-1]
    assert isinstance(last, Concession) and last.seat == seat and last.reason == reason
    assert last.to_text() == f"concede {label}" + ("" if reason == "concede" else f" {reason}")
    assert not any(isinstance(a, Concession) for a in state.legal_actions())
    # An event says so, to everyone.
    kinds = [(e.kind, e.fields, e.seats) for e in state.events[n_events:]]
    assert ("concede", {"seat": seat, "reason": reason}, None) in kinds, kinds
    # Once over, every action is refused as in any finished game, nothing changing.
    if state.is_over and before.to_act is not None:
        for action in before.legal_actions()[:3]:
            same = state.state_hash()
            with pytest.raises(IllegalActionError, match="over"):
                state.apply(action.to_text())
            assert state.state_hash() == same
    # The seat is out: it decides nothing more and cannot concede again.
    assert not state.can_concede(seat) and state.to_act != seat
    same = state.state_hash()
    with pytest.raises(IllegalActionError, match="cannot concede"):
        state.concede(seat)
    assert state.state_hash() == same
    # The same concession through notation, as a record replays it.
    typed = before.clone()
    typed.apply(last.to_text())
    assert typed.state_hash() == state.state_hash()
    assert [e.kind for e in typed.events] == [e.kind for e in state.events]
    return state


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_concession_is_never_legal_and_any_seat_may_concede(game: str,
                                                             players: int) -> None:
    """Contract 3: "for any seat still in the game, whoever is to act"; "not in
    legal_actions()"; a seat concedes only for itself; a bad seat or reason changes
    nothing."""
    for state in _points(game, players):
        assert not any(a.to_text().startswith("concede") for a in state.legal_actions())
        same = state.state_hash()
        assert state.to_act is None or state.can_concede(state.to_act)
        for seat in range(players):
            assert state.is_legal(f"concede {seat + 1}") == state.can_concede(seat)
        with pytest.raises(IllegalActionError):
            state.concede(players)
        with pytest.raises(IllegalActionError):
            state.concede(0, "bored")
        other = (state.to_act + 1) % players if state.to_act is not None else 0
        with pytest.raises(IllegalActionError, match="only for itself"):
            state.apply(f"concede {state.label(other)}", seat=(other + 1) % players)
        for text in ("concede", "concede nobody", f"concede {state.label(0)} later"):
            with pytest.raises(NotationError):
                state.apply(text)
        assert state.state_hash() == same and not state.conceded


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_concession_ends_or_goes_on_by_the_games_rules(game: str, players: int) -> None:
    """Contract 3: "two sides: the others win; more: the seat leaves as if defeated". With
    two sides the game is over at once, the other side winning; with more it may go on,
    the seat never deciding again; either way the seat does not win and the outcome's
    reason names it."""
    rng = random.Random(f"{game}-{players}")
    for k, start in enumerate(_points(game, players)):
        seat = rng.choice([s for s in range(players) if start.can_concede(s)])
        reason = CONCESSIONS[k % len(CONCESSIONS)]
        state = _check_concession(start.clone(), seat, reason)
        team = state.team(seat)
        if state.teams == 2:
            assert state.is_over
            out = state.outcome()
            assert out is not None
            assert set(out.winners) == {s for s in range(players) if state.team(s) != team}
        for _ in range(MAX_DECISIONS):
            if state.is_over:
                break
            assert state.to_act != seat
            state.apply(rng.choice(state.legal_actions()))
        out = state.outcome()
        assert out is not None and state.is_over
        assert all(state.team(w) != team for w in out.winners), out
        assert f"{state.label(seat)} {_WORDS[reason]}" in out.reason, out.reason


@pytest.mark.parametrize(("game", "players"), CASES)
def test_records_and_scenarios_hold_a_concession(game: str, players: int) -> None:
    """A record holding a concession replays to its hash (``verify``); the position after
    it round-trips through a scenario and exports; several seats may concede in turn
    until the game is over; a sample for another seat keeps who conceded."""
    rng = random.Random(f"{game}-{players}-record")
    state = _points(game, players)[1]
    while not state.is_over:
        seat = rng.choice([s for s in range(players) if state.can_concede(s)])
        state = _check_concession(state, seat, rng.choice(CONCESSIONS))
        record = record_of(state)
        assert record.actions[-1].startswith("concede ")
        assert verify(record).state_hash() == record.final_hash
        assert scenario_of(state)["conceded"] == state.conceded_data()
        back = from_scenario(scenario_of(state))
        assert back.state_hash() == state.state_hash() and back.conceded == state.conceded
        for s in seats_of(state):
            assert back.view(s) == state.view(s)
        assert from_scenario(scenario_of(state)).to_data() == state.to_data()
        assert export(record, len(record.actions) + 1)
        if not state.is_over:
            other = next(s for s in range(players) if s not in state.conceded)
            sample = state.resample(other, random.Random(1))
            assert sample.conceded == state.conceded
            assert sample.to_act == state.to_act
