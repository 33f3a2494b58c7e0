"""Four-Player Game: two teams of two, partners sitting across (P1+P3 and P2+P4: seats 0+2
and 1+3, sides 0 and 1)."""

from __future__ import annotations

from tabletop.core import new_game

from .helpers import (
    assert_illegal,
    events,
    finish_melds,
    last_winner,
    legal,
    meld_phase,
    texts,
    war,
)


def test_four_player_partners_sit_across_and_share_a_colour() -> None:
    """Four-Player Game: "Players sit across from their partner and between their
    opponents. Each partnership tracks their points together as a team and uses a single
    color of control marker." """
    s = new_game("radiant-perim", 4, seed=1)
    view = s.view(None)
    assert view["sides"] == ["red", "yellow"]
    assert [h["side"] for h in view["hands"]] == [0, 1, 0, 1]
    assert s.scores == [0, 0]


def test_four_player_melds_not_combined_but_scored_for_the_team() -> None:
    """Four-Player Game: "Players do not combine cards with their partners when melding."
    Each partner's own melds add to the team's score."""
    s = meld_phase([["avis.elder", "treefolk.elder", "avis.knight", "avis.mount"],
                    ["mariner.scout"],
                    ["stonedweller.elder", "mariner.elder", "treefolk.knight",
                     "treefolk.mount"],
                    ["avis.scout"]], dealer=3)
    assert "meld council" not in legal(s)
    finish_melds(s, {0: ["mounted-knight avis"], 2: ["mounted-knight treefolk"]})
    assert s.scores == [2, 0]
    assert [(r["seat"], r["points"]) for r in events(s, "melds_revealed", None)] == [
        (0, 1), (1, 0), (2, 1), (3, 0)]


def test_four_player_teammates_tied_on_scouts_left_of_dealer_begins() -> None:
    """Phase 3: War: "If there is still a tie, including when two players are on a team,
    the tied player left of the dealer begins." """
    hands = [["avis.scout", "mariner.scout"], ["avis.elder"],
             ["treefolk.scout", "stonedweller.scout"], ["mariner.elder"]]
    s = finish_melds(meld_phase(hands, dealer=1))
    assert s.to_act == 2  # P3, left of the dealer (P2)
    assert events(s, "war_begins", None) == [{"seat": 2, "reason": "left_of_dealer"}]
    s = finish_melds(meld_phase(hands, dealer=3))
    assert s.to_act == 0  # P1


def test_four_player_battles_include_all_players_and_team_cube() -> None:
    """Four-Player Game: "Battles proceed as normal with all players participating in
    battles." A win by P3 places the team's (red) cube."""
    s = war([["avis.scout", "mariner.elder"], ["avis.elder", "mariner.scout"],
             ["avis.knight", "treefolk.elder"], ["avis.mount", "treefolk.scout"]],
            tracker="clouds-2", need_move=False, control={"clouds-2": 1}, battle_no=1,
            last_win=[0, 1])
    for a in ("play avis.scout", "play avis.elder", "play avis.knight", "play avis.mount"):
        s.apply(a)
    assert last_winner(s) == (2, "clouds-2")
    assert s.to_data()["control"] == {"clouds-2": 0}
    assert events(s, "battle_won")[-1]["side"] == 0
    assert "places a cube of red (P1, P3)" in texts(s)[-1]
    assert len(s.to_data()["seat"][2]["captured"]) == 4
    assert s.to_act == 2 and s.need_move


def test_four_player_no_move_into_a_partners_region() -> None:
    """Phase 3: War — Moves with teams: a region controlled by one's partner is one's own
    team's region (a single colour of cubes)."""
    s = war([["avis.scout"], ["avis.elder"], ["avis.knight"], ["avis.mount"]],
            tracker="clouds-1", need_move=True, turn=2,
            control={"clouds-1": 0, "clouds-2": 0, "clouds-3": 1})
    assert legal(s) == {"move clouds-3", "move clouds-5"}
    assert_illegal(s, "move clouds-2", "Moves")


def test_four_player_no_assassinating_a_partner() -> None:
    """Phase 3: War — Assassinations: assassins target opponents only."""
    s = war([["avis.assassin", "mariner.elder"], ["avis.knight"], ["avis.phalanx"],
             ["avis.mount"]], tracker="clouds-2", need_move=False)
    assert {a.split()[2] for a in legal(s) if a.startswith("assassinate")} == {"@p2", "@p4"}
    err = assert_illegal(s, "assassinate avis.phalanx @p3 with avis", "Assassinations")
    assert "P3 is not an opponent" in str(err)


def test_four_player_last_team_with_cards_wins_automatically() -> None:
    """Phase 3: War — Ending the War: "If only one player (or team) has cards" the victor
    of the previous battle still moves and that team wins the last battle automatically;
    both partners put their remaining cards in their own captured piles."""
    s = war([["avis.scout"], ["avis.phalanx"], ["avis.elder", "mariner.elder"],
             ["treefolk.elder"]], age=3, tracker="clouds-2", need_move=False,
            control={"sea-1": 1, "sea-2": 1})
    s.apply("play avis.scout")
    s.apply("play avis.phalanx")  # P2 wins, out of cards
    s.apply("play avis.elder")
    s.apply("play treefolk.elder")
    assert last_winner(s) == (1, "clouds-2")
    assert s.to_act == 1 and s.need_move
    s.apply("move clouds-1")
    assert last_winner(s) == (2, "clouds-1")
    assert events(s, "walkover", None) == [{"seat": 2, "side": 0}]
    assert s.is_over
    data = s.to_data()
    assert data["control"] == {"sea-1": 1, "sea-2": 1, "clouds-1": 0, "clouds-2": 1}
    assert data["seat"][2]["captured"] == ["mariner.elder"]
    # Majorities: sea 6 to yellow; clouds tied 3/3. Card coins: P2's pile holds two
    # elders (2 yellow), P3's pile the Mariner Elder (1 red).
    assert s.scores == [3 + 1, 6 + 3 + 2]
    out = s.outcome()
    assert out is not None
    assert out.winners == (1, 3) and out.scores == (4.0, 11.0, 4.0, 11.0)


def test_four_player_majorities_count_both_partners_cubes() -> None:
    """End of an Age with teams: the cubes of both partners are one colour."""
    s = war([["avis.scout"], [], [], []], control={"forest-1": 0, "forest-2": 0,
                                                   "forest-3": 1, "clouds-1": 1})
    assert s.majorities() == [6, 3]
