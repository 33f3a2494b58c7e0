"""Every game refuses a position whose seat to act could not play on (issue 30: one shape
for the games; ``tabletop.core.reachable.check_playable``, as radiant-arena and
radiant-perim do): the seat to act has a legal action, and a failure of the rules engine
on a position is a clear refusal, not a crash."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core import ScenarioError, State, from_scenario, new_game

GAMES = ["goofspiel", "lightseekers", "hoshi-battle"]


def position(game: str) -> dict[str, Any]:
    """A game's opening as scenario data (a seat is to act)."""
    s = new_game(game, seed=7)
    assert s.to_act is not None
    return {"game": game, **s.to_data()}


@pytest.mark.parametrize("game", GAMES)
def test_a_position_is_read_when_the_seat_to_act_can_play(game: str) -> None:
    s = from_scenario(position(game))
    assert s.to_act is not None and s.legal_actions()


@pytest.mark.parametrize("game", GAMES)
def test_a_position_with_no_legal_action_is_refused(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    data = position(game)
    cls: type[State] = type(new_game(game, seed=7))
    monkeypatch.setattr(cls, "legal_actions", lambda self: [])
    with pytest.raises(ScenarioError, match="is to act but has no legal action"):
        from_scenario(data)


@pytest.mark.parametrize("game", GAMES)
def test_a_failure_of_the_rules_engine_is_a_refusal(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    data = position(game)
    cls: type[State] = type(new_game(game, seed=7))

    def broken(self: State) -> list[Any]:
        raise KeyError("a gap in the checks")

    monkeypatch.setattr(cls, "legal_actions", broken)
    with pytest.raises(ScenarioError, match="cannot be played on"):
        from_scenario(data)
