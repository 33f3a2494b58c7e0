"""Concessions in radiant-perim (COORDINATION.md contract 3; docs/rules/radiant-perim.md,
"Concessions"): the game ends where it stands. Two sides, the other wins; three players,
the two who stay are ranked as the rulebook ranks the end of the game (Winning: "The
player or team with the most points at the end of the third age wins. If there is a tie,
the tied player who most recently won a battle wins the game.")."""

from __future__ import annotations

import pytest

from tabletop.core import IllegalActionError, from_scenario, record_of, scenario_of, verify

from .helpers import war

HANDS3 = [["avis.scout", "mariner.elder"], ["avis.elder", "mariner.scout"],
          ["avis.knight", "treefolk.elder"]]


def test_two_players_the_other_wins_even_from_behind() -> None:
    """Two sides: the other side wins at once, whatever the points (Winning names the
    most points "at the end of the third age": a player who leaves forfeits the race)."""
    s = war(HANDS3[:2], scores=[2, 30], last_win=[0, 0])
    s.concede(0)
    out = s.outcome()
    assert s.is_over and out is not None
    assert out.winners == (1,) and out.reason == "P1 conceded"
    s2 = war(HANDS3[:2], scores=[2, 30])
    s2.concede(1, "abandon")
    assert s2.outcome().winners == (0,)  # type: ignore[union-attr]
    assert [e.kind for e in s2.events[-2:]] == ["concede", "game_over"]


def test_four_players_a_partner_leaving_loses_for_its_team() -> None:
    """Four-Player Game: "a partnership game of two-on-two ... Each partnership tracks
    their points together as a team": a partner leaving is its side leaving."""
    hands = [["avis.scout"], ["avis.elder"], ["avis.knight"], ["avis.mount"]]
    s = war(hands, scores=[40, 3])
    s.concede(2, "time")  # P3, red's partner (seats 0 and 2 are red)
    out = s.outcome()
    assert out is not None and out.winners == (1, 3)
    assert out.reason == "P3 ran out of time"


def test_three_players_most_points_of_the_others_win_and_the_leaver_never() -> None:
    """Three players: the two who stay are ranked by their points; the player who left
    does not win though it leads."""
    s = war(HANDS3, scores=[50, 10, 12])
    s.concede(0)
    out = s.outcome()
    assert out is not None and out.winners == (2,)
    assert out.reason == "P1 conceded; the most points of the others"
    assert out.scores == (50.0, 10.0, 12.0)  # the points as they stood


def test_three_players_a_tie_goes_to_the_most_recent_battle_won() -> None:
    """Winning: "If there is a tie, the tied player who most recently won a battle wins
    the game", between the two who stay."""
    s = war(HANDS3, scores=[5, 12, 12], last_win=[0, 3, 1], battle_no=3)
    s.concede(0)
    out = s.outcome()
    assert out is not None and out.winners == (1,)
    assert out.reason.endswith("; tie broken by the most recent battle won")
    game_over = s.events[-1]
    assert game_over.kind == "game_over" and game_over.fields["tie_break"] is True


def test_the_position_after_a_concession_is_a_scenario_and_a_record() -> None:
    """The position keeps who conceded (``conceded``), reads back the same, and the game
    refuses every action; its record replays."""
    s = war(HANDS3, scores=[5, 12, 12])
    s.apply(s.legal_actions()[0])
    s.concede(1)
    data = scenario_of(s)
    assert data["conceded"] == ["", "concede", ""]
    back = from_scenario(data)
    assert back.state_hash() == s.state_hash() and back.is_over
    with pytest.raises(IllegalActionError, match="the game is over"):
        s.apply("pass")
    rec = record_of(s)
    assert rec.actions[-1] == "concede P2"
    rec.start = s.start  # a game begun from a scenario replays from it
    assert verify(rec).state_hash() == s.state_hash()
