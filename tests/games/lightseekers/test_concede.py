"""Concessions in Lightseekers (COORDINATION.md contract 3; docs/rules/lightseekers.md,
"Concessions"): the player who leaves is removed from the game as if defeated. ENDING THE
GAME: "If a player is reduced to 0 health, they have been defeated and are removed from
the game. Regardless of how they reached 0 health, the player on their right (their
enemy) receives the following: 1 Victory Point. 5 health. Move any 5 discarded cards back
into their deck."; "If only one player remains, that player gains an additional Victory
Point, and whoever has the most Victory Points is declared the winner."."""

from __future__ import annotations

from tabletop.core import from_scenario, record_of, scenario_of, verify

from .helpers import fields, position


def test_the_player_who_leaves_is_removed_and_its_enemy_rewarded() -> None:
    """Three players in order P1, P2, P3 (each one's enemy the one before): P2 concedes,
    not on its turn. Its hero is removed at 0 health; its enemy P1 gains 1 VP and 5
    health; P1's target is now P3 ("the next person on your left is your new target")."""
    s = position(3)
    mark = len(s.events)
    s.concede(1)
    assert [e.kind for e in s.events[mark:]][:3] == ["concede", "defeat", "reward"]
    assert fields(s, mark, "defeat") == [{"seat": 1, "enemy": 0}]
    assert s.alive == [True, False, True] and s.health[1] == 0
    assert s.vp == [1, 0, 0] and s.health[0] == 24 + 5
    assert s.to_act == 0 and not s.is_over
    view = s.view(0)
    assert view["conceded"] == ["", "concede", ""]
    from tabletop.games.lightseekers.board import target_of

    assert target_of(s, 0) == 2


def test_the_player_to_act_leaves_and_the_turn_passes_on() -> None:
    """The active player concedes in its action phase: the next player in the circle
    takes its turn."""
    s = position(3)
    s.concede(0, "time")
    assert s.to_act == 1 and not s.alive[0]
    assert fields(s, 0, "turn")[-1]["seat"] == 1


def test_the_last_one_standing_gains_its_point_and_the_leaver_cannot_win() -> None:
    """Two players: the other player remains, gains the defeat's point and the last one
    standing's, and wins. A player who leaves with the most Victory Points does not win:
    most Victory Points among the others does."""
    s = position(2)
    s.concede(0, "abandon")
    out = s.outcome()
    assert s.is_over and out is not None and out.winners == (1,)
    assert s.vp == [0, 2]
    assert out.reason == "P1 abandoned the game; most Victory Points of the others"
    # P1 defeated three heroes (3 VP) and leaves: P2 ends with 2 and wins.
    s = position(5, alive=[True, True, False, False, False], health=[24, 24, 0, 0, 0],
                 vp=[3, 0, 0, 0, 0], out=[2, 3, 4])
    s.concede(0)
    out = s.outcome()
    assert out is not None and s.vp == [3, 2, 0, 0, 0] and out.winners == (1,)


def test_a_combo_being_paid_for_goes_back_to_the_hand() -> None:
    """The active player leaves while paying for a combo: the combo and the cards paid
    go back to its hand (no card is lost), and the position reads back the same."""
    s = position(3, heroes=["ember", "tempest", "solara"], hand=[["fireball"], [], []],
                 paying={"combo": "eruption", "paid": []})
    assert s.paying is not None
    s.concede(0)
    assert s.paying is None and sorted(s.cat.cards[c].id for c in s.hand[0]) == [
        "eruption", "fireball"]
    back = from_scenario(scenario_of(s))
    assert back.state_hash() == s.state_hash()


def test_a_record_with_a_concession_replays() -> None:
    """The concession is in the record (``concede P3``) and replays to the same hash."""
    s = position(3)
    s.concede(2)
    s.apply(s.legal_actions()[0])
    rec = record_of(s)
    assert "concede P3" in rec.actions
    assert verify(rec).state_hash() == s.state_hash()
