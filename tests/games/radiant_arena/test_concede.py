"""Concessions in radiant-arena (COORDINATION.md contract 3; docs/rules/radiant-arena.md,
"Concessions"): the player who leaves loses at once and the other wins. Key Concepts —
Winning & Losing: "That player immediately loses the game, and their opponent is the
winner."."""

from __future__ import annotations

import pytest

from tabletop.core import (
    IllegalActionError,
    from_scenario,
    new_game,
    record_of,
    scenario_of,
    verify,
)


def test_either_player_concedes_whoever_is_to_act_and_the_other_wins() -> None:
    """The seat not to act concedes: the game is over at once, the opponent the winner;
    ``game_end`` says why (its cause is the concession's reason) and comes last."""
    s = new_game("radiant-arena", seed=3)
    loser = 1 - (s.to_act or 0)
    s.concede(loser, "time")
    out = s.outcome()
    assert s.is_over and out is not None and out.winners == (1 - loser,)
    assert out.reason == f"Player {'AB'[loser]} ran out of time"
    assert out.scores == tuple(float(p != loser) for p in (0, 1))
    end = s.events[-1]
    assert [e.kind for e in s.events[-2:]] == ["concede", "game_end"]
    assert end.fields["winner"] == 1 - loser and end.fields["cause"] == "time"
    assert end.text == f"Player {'AB'[1 - loser]} wins: Player {'AB'[loser]} ran out of time."
    with pytest.raises(IllegalActionError, match="the game is over"):
        s.apply("pass")


def test_in_the_middle_of_a_turn_and_in_the_draft() -> None:
    """Anywhere: after some turns, or while the decks are drafted (the board is not set
    up yet: ``board`` is null). The position reads back the same."""
    s = new_game("radiant-arena", seed=5)
    for _ in range(30):
        s.apply(s.legal_actions()[-1])
    s.concede(0)
    assert s.outcome().winners == (1,)  # type: ignore[union-attr]
    back = from_scenario(scenario_of(s))
    assert back.state_hash() == s.state_hash() and back.is_over
    d = new_game("radiant-arena", seed=5, draft=True)
    d.apply(d.legal_actions()[0])
    d.concede(1, "abandon")
    assert d.outcome().winners == (0,)  # type: ignore[union-attr]
    assert d.events[-1].fields["board"] is None
    assert scenario_of(d)["conceded"] == ["", "abandon"]
    assert from_scenario(scenario_of(d)).state_hash() == d.state_hash()
    assert verify(record_of(d)).state_hash() == d.state_hash()
