"""Phase 3: War — who begins, Moves, Battles, Mounted Knights, Assassinations, Portals,
the captured piles, coins and cubes, and Ending the War."""

from __future__ import annotations

import pytest

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

# --- who begins the war -------------------------------------------------------------


def test_war_begins_with_most_scouts_of_any_race() -> None:
    """Phase 3: War: "The player with the most scouts in hand begins the war." Scouts of
    every race count (P1: two, P2: one Mariner, P3: none)."""
    s = meld_phase([["avis.scout", "treefolk.scout"], ["mariner.scout"], ["avis.phalanx"]],
                   scores=[0, 0, 0])
    finish_melds(s)
    assert s.to_act == 0 and s.need_move
    assert events(s, "war_begins", None) == [{"seat": 0, "reason": "most_scouts"}]


def test_war_scout_tie_fewest_points_begins() -> None:
    """Phase 3: War: "In the case of a tie, the player with the fewest points begins." """
    s = meld_phase([["avis.scout"], ["mariner.scout"], ["treefolk.scout"]],
                   scores=[4, 2, 3])
    finish_melds(s)
    assert s.to_act == 1
    assert events(s, "war_begins", None) == [{"seat": 1, "reason": "fewest_points"}]


def test_war_scout_tie_counts_points_scored_for_this_ages_melds() -> None:
    """Phase 3: War: the points compared are those after the Meld phase (P1 scores a
    Mounted Knight, so P2 has fewer points)."""
    s = meld_phase([["avis.scout", "avis.knight", "avis.mount"], ["mariner.scout"]],
                   scores=[0, 0])
    finish_melds(s, {0: ["mounted-knight avis"]})
    assert s.scores == [1, 0]
    assert s.to_act == 1


@pytest.mark.parametrize(("dealer", "first"), [(0, 1), (1, 2), (2, 1)])
def test_war_full_tie_left_of_dealer_begins(dealer: int, first: int) -> None:
    """Phase 3: War: "If there is still a tie ... the tied player left of the dealer
    begins." (P2 and P3 tie; P1 has fewer scouts)"""
    s = meld_phase([["avis.scout"], ["mariner.scout", "avis.scout"],
                    ["treefolk.scout", "mariner.scout"]], dealer=dealer, scores=[0, 0, 0])
    finish_melds(s)
    assert s.to_act == first
    assert events(s, "war_begins", None) == [{"seat": first, "reason": "left_of_dealer"}]


def test_war_first_player_moves_from_the_centre() -> None:
    """Phase 3: War: the first player "moves the battle tracker into an adjacent region and
    plays a card face up" (the centre touches region 1 of each realm)."""
    s = war([["avis.scout"], ["mariner.scout"]])
    assert legal(s) == {"move clouds-1", "move mountains-1", "move forest-1", "move sea-1"}
    err = assert_illegal(s, "move clouds-5", "Moves")
    assert "does not share an edge with the centre" in str(err)
    err = assert_illegal(s, "play avis.scout", "Moves")
    assert "first move the battle tracker" in str(err)
    s.apply("move clouds-1")
    assert s.to_act == 0 and not s.need_move
    assert_illegal(s, "move clouds-2", "Moves")


def test_war_play_proceeds_to_the_left_from_the_mover() -> None:
    """Phase 3: War: the mover plays a card first, then "Play proceeds to the left with each
    player playing a card until all have done so." """
    s = war([["avis.scout", "mariner.elder"], ["avis.elder", "mariner.scout"],
             ["avis.mount", "treefolk.elder"], ["avis.phalanx", "treefolk.scout"]],
            tracker="centre", turn=2)
    s.apply("move clouds-1")
    order = []
    for _ in range(4):
        order.append(s.to_act)
        s.apply(s.legal_actions()[0])
    assert order == [2, 3, 0, 1]


# --- Moves --------------------------------------------------------------------------


def after_win(tracker: str, *, control: dict[str, int] | None = None, players: int = 2,
              **fields):
    """P1 has just won the battle of ``tracker`` and must move (cards left for all)."""
    control = dict(control or {})
    control[tracker] = 0
    hands = [["mariner.scout", "avis.scout"], ["mariner.elder"], ["treefolk.elder"],
             ["treefolk.scout"]][:players]
    return war(hands, tracker=tracker, need_move=True, control=control, **fields)


def test_moves_only_across_shared_edges_not_corners() -> None:
    """Phase 3: War — Moves: "Moves can only be made between regions that share part of an
    edge. Moves cannot be made between regions that only touch at a corner." (clouds-1
    touches clouds-4 and clouds-6 at corners only)"""
    s = after_win("clouds-1")
    assert legal(s) == {"move clouds-2", "move clouds-3", "move clouds-5"}
    for corner in ("clouds-4", "clouds-6", "mountains-1", "sea-1"):
        err = assert_illegal(s, f"move {corner}", "Moves")
        assert "does not share an edge" in str(err)


def test_moves_cross_realm_edges() -> None:
    """Phase 3: War — Moves: regions of neighbouring realms that share an edge are
    adjacent (clouds-3 borders mountains-2)."""
    s = after_win("clouds-3")
    assert legal(s) == {"move clouds-1", "move clouds-6", "move mountains-2"}


def test_moves_not_into_own_region_but_into_an_opponents() -> None:
    """Phase 3: War — Moves: "Players may not move the battle tracker into a region they
    already control, but they may move it into a region controlled by an opponent." """
    s = after_win("clouds-1", control={"clouds-2": 0, "clouds-3": 1})
    assert legal(s) == {"move clouds-3", "move clouds-5"}
    err = assert_illegal(s, "move clouds-2", "Moves")
    assert "already controls clouds-2" in str(err)


@pytest.mark.parametrize(("portal", "twin", "neighbours"), [
    ("sea-6", "mountains-6", {"sea-3", "sea-5", "clouds-4"}),
    ("mountains-6", "sea-6", {"mountains-3", "mountains-5", "forest-4"}),
    ("clouds-6", "forest-6", {"clouds-3", "clouds-5", "mountains-4"}),
    ("forest-6", "clouds-6", {"forest-3", "forest-5", "sea-4"}),
])
def test_portals_adjacent_to_their_twin(portal: str, twin: str, neighbours: set[str]) -> None:
    """Phase 3: War — Portals: "For purposes of movement, each of these regions is
    considered to be adjacent to its matching portal in the opposite realm." """
    s = after_win(portal)
    assert legal(s) == {f"move {r}" for r in neighbours | {twin}}


def test_moves_no_legal_move_passes_control_of_the_tracker_left() -> None:
    """Phase 3: War — Moves: "If a player has no legal move, control of the battle tracker
    passes to the left." P1 wins clouds-4 and controls every neighbour of it."""
    s = war([["avis.phalanx", "mariner.elder"], ["avis.scout", "mariner.scout"],
             ["avis.elder", "treefolk.elder"]], tracker="clouds-4", need_move=False,
            control={"clouds-2": 0, "clouds-5": 0, "sea-6": 0})
    for a in ("play avis.phalanx", "play avis.scout", "play avis.elder"):
        s.apply(a)
    assert last_winner(s) == (0, "clouds-4")
    assert events(s, "tracker_passes", None) == [{"seat": 0, "to": 1}]
    assert ("P1 has no legal move: control of the battle tracker passes to P2."
            in texts(s))
    assert s.to_act == 1 and s.need_move
    assert legal(s) == {"move clouds-2", "move clouds-5", "move sea-6"}


# --- Battles: legal plays -----------------------------------------------------------


def test_battles_must_play_native_card() -> None:
    """Phase 3: War — Battles: "If a player has a card native to the contested region
    (i.e. a mariner card for a sea region) then they must play that card." """
    s = war([["mariner.elder", "avis.phalanx", "stonedweller.knight"], ["avis.scout"]],
            radiant="treefolk", tracker="sea-2", need_move=False)
    assert legal(s) == {"play mariner.elder"}
    err = assert_illegal(s, "play avis.phalanx", "Battles")
    assert "Mariners" in str(err) and "Radiant (Treefolk)" in str(err)


@pytest.mark.parametrize("held", ["stonedweller.scout", "mariner.scout"])
def test_battles_portal_has_two_native_races(held: str) -> None:
    """Phase 3: War — Portals: "Each portal region is two terrain types and has two native
    races": either race is native there, so holding either forces it."""
    s = war([[held, "avis.phalanx"], ["avis.scout"]], radiant="treefolk",
            tracker="sea-6", need_move=False)
    assert legal(s) == {f"play {held}"}
    s = war([["stonedweller.scout", "mariner.elder", "avis.phalanx"], ["avis.scout"]],
            radiant="treefolk", tracker="mountains-6", need_move=False)
    assert legal(s) == {"play stonedweller.scout", "play mariner.elder"}


def test_battles_radiant_card_may_be_played_anywhere() -> None:
    """Phase 3: War — Battles: "A Radiant card can be played in any region, regardless of
    which other races a player has in his or her hand." """
    s = war([["mariner.elder", "stonedweller.phalanx", "avis.knight"], ["avis.scout"]],
            radiant="stonedweller", tracker="sea-3", need_move=False)
    assert legal(s) == {"play mariner.elder", "play stonedweller.phalanx"}


def test_battles_radiant_not_required_outside_its_native_land() -> None:
    """Phase 3: War — Battles: "A player is not required to play a Radiant card unless the
    battle is occurring in the Radiant's native land." """
    hand = ["stonedweller.phalanx", "avis.knight", "treefolk.elder"]
    s = war([hand, ["avis.scout"]], radiant="stonedweller", tracker="sea-3", need_move=False)
    assert legal(s) == {f"play {c}" for c in hand}
    s = war([hand, ["avis.scout"]], radiant="stonedweller", tracker="mountains-3",
            need_move=False)
    assert legal(s) == {"play stonedweller.phalanx"}


def test_battles_play_only_cards_in_hand() -> None:
    """Phase 3: War — Battles: a player plays a card from his or her hand."""
    s = war([["avis.scout"], ["avis.elder"]], tracker="clouds-2", need_move=False)
    err = assert_illegal(s, "play avis.knight", "Battles")
    assert "you hold no Avis Knight" in str(err)


# --- Battles: the winning card ------------------------------------------------------


def battle(plays: list[str], hands: list[list[str]], *, radiant: str = "treefolk",
           tracker: str = "clouds-2") -> int:
    """Play one battle (each hand keeps a spare card so the war goes on); the winner."""
    spares = ["mariner.elder", "stonedweller.elder", "mariner.scout", "stonedweller.scout"]
    s = war([h + [spares[i]] for i, h in enumerate(hands)], radiant=radiant,
            tracker=tracker, need_move=False)
    for p in plays:
        s.apply(p)
    seat, region = last_winner(s)
    assert region == tracker
    assert s.to_data()["control"] == {tracker: seat}
    return seat


def test_winning_highest_rank_wins() -> None:
    """Phase 3: War — Battles, Ranking: phalanx > knight > mount > scout > elder >
    assassin; "the highest card played wins the battle"."""
    ranks = ["assassin", "elder", "scout", "mount", "knight", "phalanx"]
    for low, high in zip(ranks, ranks[1:], strict=False):
        assert battle([f"play avis.{low}", f"play avis.{high}"],
                      [[f"avis.{low}"], [f"avis.{high}"]]) == 1
        assert battle([f"play avis.{high}", f"play avis.{low}"],
                      [[f"avis.{high}"], [f"avis.{low}"]]) == 0


def test_winning_tie_goes_to_the_first_played() -> None:
    """Phase 3: War — Battles: "In the case of a tie, the player who played first wins the
    battle." (native and Radiant knights of equal rank)"""
    assert battle(["play treefolk.knight", "play avis.knight"],
                  [["treefolk.knight"], ["avis.knight"]]) == 0
    assert battle(["play avis.scout", "play avis.knight", "play treefolk.knight"],
                  [["avis.scout"], ["avis.knight"], ["treefolk.knight"]]) == 1


def test_winning_off_race_card_loses_regardless_of_rank() -> None:
    """Phase 3: War — Battles: "If a card is not native to the contested region and is not
    Radiant then it usually loses the battle regardless of its rank." (a native assassin
    beats an off-race phalanx)"""
    assert battle(["play mariner.phalanx", "play avis.assassin"],
                  [["mariner.phalanx"], ["avis.assassin"]]) == 1


def test_winning_all_off_race_highest_of_any_race() -> None:
    """Phase 3: War — Battles: "The only exception is if all players play cards that are
    neither from the contested region, nor Radiant. In that case, the highest ranking card
    of any race wins." Ties still go to the first played."""
    assert battle(["play mariner.scout", "play stonedweller.knight", "play mariner.mount"],
                  [["mariner.scout"], ["stonedweller.knight"], ["mariner.mount"]]) == 1
    assert battle(["play mariner.knight", "play stonedweller.knight"],
                  [["mariner.knight"], ["stonedweller.knight"]]) == 0


def test_battle_leader_is_public_in_views() -> None:
    """Phase 3: War — Battles: cards are played face up; every view shows who is winning."""
    s = war([["avis.scout", "mariner.elder"], ["avis.knight", "mariner.scout"],
             ["mariner.phalanx"]], tracker="clouds-2", need_move=False)
    s.apply("play avis.scout")
    s.apply("play avis.knight")
    for seat in (None, 0, 1, 2):
        assert s.view(seat)["battle"]["winning"] == 1
        assert [p["cards"] for p in s.view(seat)["battle"]["plays"]] == [
            ["avis.scout"], ["avis.knight"]]


# --- Mounted Knights ----------------------------------------------------------------


def test_mounted_knight_is_the_most_powerful_unit() -> None:
    """Phase 3: War — Mounted Knights: "a knight and a mount from the same race, that are
    played together ... the mounted knight is the most powerful unit." """
    assert battle(["play avis.phalanx", "play avis.knight+avis.mount"],
                  [["avis.phalanx"], ["avis.knight", "avis.mount"]]) == 1
    # A Radiant mounted knight too.
    assert battle(["play avis.phalanx", "play treefolk.knight+treefolk.mount"],
                  [["avis.phalanx"], ["treefolk.knight", "treefolk.mount"]]) == 1


def test_mounted_knight_ties_go_to_the_first() -> None:
    """Phase 3: War — Mounted Knights and Battles: two mounted knights tie; the first
    played wins."""
    assert battle(["play treefolk.knight+treefolk.mount", "play avis.knight+avis.mount"],
                  [["treefolk.knight", "treefolk.mount"], ["avis.knight", "avis.mount"]]) == 0


def test_mounted_knight_off_race_still_loses() -> None:
    """Phase 3: War — Battles: an off-race mounted knight is neither native nor Radiant,
    so it loses to a native scout."""
    assert battle(["play mariner.knight+mariner.mount", "play avis.scout"],
                  [["mariner.knight", "mariner.mount"], ["avis.scout"]]) == 1


def test_mounted_knight_both_cards_go_to_the_victor() -> None:
    """Phase 3: War — Mounted Knights: a pair of cards; both are captured."""
    s = war([["avis.knight", "avis.mount", "mariner.elder"], ["avis.scout", "mariner.scout"]],
            tracker="clouds-2", need_move=False)
    s.apply("play avis.knight+avis.mount")
    s.apply("play avis.scout")
    assert sorted(s.to_data()["seat"][0]["captured"]) == ["avis.knight", "avis.mount",
                                                          "avis.scout"]
    assert s.to_data()["seat"][0]["hand"] == ["mariner.elder"]


def test_mounted_knight_must_be_one_race_knight_and_mount() -> None:
    """Phase 3: War — Mounted Knights: "a knight and a mount from the same race"."""
    s = war([["avis.knight", "avis.mount", "treefolk.mount", "avis.phalanx"], ["avis.scout"]],
            tracker="clouds-2", need_move=False)
    assert "play avis.knight+avis.mount" in legal(s)
    for bad in ("play avis.knight+treefolk.mount", "play avis.knight+avis.phalanx",
                "play avis.mount+avis.knight"):
        err = assert_illegal(s, bad, "Mounted Knights")
        assert "same race" in str(err)


def test_mounted_knight_follows_the_native_rule() -> None:
    """Phase 3: War — Battles: a mounted knight is a play like any other: holding a native
    card, only a native or Radiant mounted knight may be played."""
    s = war([["mariner.knight", "mariner.mount", "avis.scout"], ["avis.elder"]],
            tracker="clouds-2", need_move=False)
    assert legal(s) == {"play avis.scout"}
    assert_illegal(s, "play mariner.knight+mariner.mount", "Battles")
    s = war([["mariner.knight", "mariner.mount", "stonedweller.scout"], ["avis.elder"]],
            tracker="clouds-2", need_move=False)
    assert "play mariner.knight+mariner.mount" in legal(s)


# --- Assassinations -----------------------------------------------------------------


def test_assassination_success_target_defeated_and_placed_on_the_assassin() -> None:
    """Phase 3: War — Assassinations: "If the targeted player has the targeted card then
    it is defeated and is immediately placed on top of the assassin. The rank of the
    assassin is now equal to the rank of the defeated card." Everyone sees it."""
    s = war([["avis.assassin", "mariner.elder"], ["avis.knight", "avis.scout"]],
            tracker="clouds-2", need_move=False)
    s.apply("assassinate avis.knight @p2 with avis")
    data = s.to_data()
    assert data["seat"][1]["hand"] == ["avis.scout"]
    assert data["battle"]["cards"] == ["avis.assassin", "avis.knight"]
    assert data["battle"]["plays"] == [{"seat": 0, "cards": ["avis.assassin"], "rank": 4,
                                        "counts": True}]
    for seat in (None, 0, 1):
        assert events(s, "assassination", seat) == [
            {"seat": 0, "assassin": "avis.assassin", "target": 1, "card": "avis.knight",
             "rank": 4}]
    assert "P1's Avis Assassin assassinates P2's Avis Knight" in texts(s, None)[-1]
    assert s.to_act == 1
    s.apply("play avis.scout")
    assert last_winner(s) == (0, "clouds-2")
    assert sorted(s.to_data()["seat"][0]["captured"]) == ["avis.assassin", "avis.knight",
                                                          "avis.scout"]


def test_assassination_defeated_player_may_pass_or_play() -> None:
    """Phase 3: War — Assassinations: "On his or her turn, the defeated player may choose
    to pass or make any legal play." """
    s = war([["avis.assassin", "mariner.elder"], ["avis.knight", "avis.phalanx", "avis.mount"]],
            tracker="clouds-2", need_move=False)
    s.apply("assassinate avis.knight @p2 with avis")
    assert legal(s) == {"pass", "play avis.phalanx", "play avis.mount"}
    s.apply("play avis.phalanx")
    assert last_winner(s) == (1, "clouds-2")


def test_assassination_defeated_player_passes() -> None:
    """Phase 3: War — Assassinations: a pass plays no card; the assassin wins."""
    s = war([["avis.assassin", "mariner.elder"], ["avis.knight", "avis.phalanx"]],
            tracker="clouds-2", need_move=False)
    s.apply("assassinate avis.knight @p2 with avis")
    s.apply("pass")
    assert last_winner(s) == (0, "clouds-2")
    assert s.to_data()["seat"][1]["hand"] == ["avis.phalanx"]
    assert events(s, "pass") == [{"seat": 1}]


def test_assassination_pass_only_after_being_assassinated() -> None:
    """Phase 3: War — Assassinations: only the defeated player may pass; a player whose
    card was not found, or who was not targeted, must play."""
    s = war([["avis.assassin", "mariner.elder"], ["avis.knight", "avis.phalanx"],
             ["avis.scout"]], tracker="clouds-2", need_move=False)
    err = assert_illegal(s, "pass", "Assassinations")
    assert "only a player whose card was assassinated" in str(err)
    s.apply("assassinate avis.mount @p2 with avis")  # a miss
    assert "pass" not in legal(s)
    assert_illegal(s, "pass", "Assassinations")
    s.apply("play avis.knight")
    assert_illegal(s, "pass", "Assassinations")


def test_assassination_failure_assassin_stays_lowest() -> None:
    """Phase 3: War — Assassinations: "If the targeted player does not have the targeted
    card then the assassin remains the lowest card of its race for that battle." The
    target keeps its cards, and everyone learns it lacks the named card."""
    s = war([["avis.assassin", "mariner.elder"], ["avis.elder", "avis.scout"]],
            tracker="clouds-2", need_move=False)
    s.apply("assassinate avis.phalanx @p2 with avis")
    data = s.to_data()
    assert data["battle"]["plays"][0]["rank"] == 0
    assert sorted(data["seat"][1]["hand"]) == ["avis.elder", "avis.scout"]
    assert data["battle"]["cards"] == ["avis.assassin"]
    for seat in (None, 0, 1):
        assert s.view(seat)["hands"][1]["lacks"] == ["avis.phalanx"]
    assert events(s, "assassination_failed", None) == [
        {"seat": 0, "assassin": "avis.assassin", "target": 1, "card": "avis.phalanx"}]
    s.apply("play avis.elder")
    assert last_winner(s) == (1, "clouds-2")


def test_assassination_failed_assassin_still_beats_off_race() -> None:
    """Phase 3: War — Assassinations and Battles: a failed assassin is the lowest card of
    its race but still native (or Radiant): it beats an off-race card."""
    assert battle(["assassinate avis.phalanx @p2 with avis", "play mariner.phalanx"],
                  [["avis.assassin"], ["mariner.phalanx"]]) == 0


def test_assassination_only_with_native_or_radiant_assassin() -> None:
    """Phase 3: War — Assassinations: "Assassins can only be used to assassinate if they
    are native to the contested region or they are Radiant." An off-race assassin can
    still be played as an ordinary card (the lowest)."""
    s = war([["stonedweller.assassin", "mariner.scout"], ["avis.knight"]],
            radiant="treefolk", tracker="clouds-2", need_move=False)
    assert legal(s) == {"play stonedweller.assassin", "play mariner.scout"}
    assert_illegal(s, "assassinate avis.knight @p2 with stonedweller", "Assassinations")
    s = war([["stonedweller.assassin", "mariner.scout"], ["avis.knight"]],
            radiant="stonedweller", tracker="clouds-2", need_move=False)
    assert "assassinate avis.knight @p2 with stonedweller" in legal(s)


def test_assassination_radiant_assassin_targets_native_cards() -> None:
    """Phase 3: War — Assassinations: a Radiant assassin may assassinate, naming a card
    native to the region (a Stonedweller assassin, Radiant, in the sea)."""
    assert battle(["assassinate mariner.phalanx @p2 with stonedweller", "play mariner.knight"],
                  [["stonedweller.assassin"], ["mariner.phalanx", "mariner.knight"]],
                  radiant="stonedweller", tracker="sea-2") == 0


def test_assassination_target_must_be_native_not_radiant() -> None:
    """Phase 3: War — Assassinations: "Assassins can only target individual cards that are
    native to the contested region." The Radiant race is not native to the sea."""
    s = war([["mariner.assassin"], ["stonedweller.phalanx", "mariner.scout"]],
            radiant="stonedweller", tracker="sea-2", need_move=False)
    err = assert_illegal(s, "assassinate stonedweller.phalanx @p2 with mariner",
                         "Assassinations")
    assert "target must be a card native to sea-2" in str(err)
    # On the portal sea-6 Stonedwellers are native, so they may be named.
    s = war([["mariner.assassin"], ["stonedweller.phalanx", "mariner.scout"]],
            radiant="avis", tracker="sea-6", need_move=False)
    assert "assassinate stonedweller.phalanx @p2 with mariner" in legal(s)


def test_assassination_only_opponents_who_have_not_played() -> None:
    """Phase 3: War — Assassinations: "Assassins can only target opponents who have not
    yet played a card in the current battle." Nor oneself; a seat out of cards holds
    nothing to target."""
    s = war([["avis.knight", "mariner.elder"], ["avis.assassin", "mariner.scout"],
             ["avis.phalanx"], []], tracker="clouds-2", need_move=False)
    s.apply("play avis.knight")
    targets = {a.split()[2] for a in legal(s) if a.startswith("assassinate")}
    assert targets == {"@p3"}
    assert_illegal(s, "assassinate avis.knight @p1 with avis", "Assassinations")
    err = assert_illegal(s, "assassinate avis.phalanx @p4 with avis", "Assassinations")
    assert "P4 is not an opponent" in str(err)  # four players: P4 is P2's partner


def test_assassination_seat_without_cards_cannot_be_targeted() -> None:
    """Phase 3: War — Ending the War: a player out of cards does not take part in the
    remaining battles, so there is nothing to assassinate."""
    s = war([["avis.assassin", "mariner.elder"], ["avis.phalanx"], []],
            tracker="clouds-2", need_move=False)
    assert {a.split()[2] for a in legal(s) if a.startswith("assassinate")} == {"@p2"}
    err = assert_illegal(s, "assassinate avis.phalanx @p3 with avis", "Assassinations")
    assert "P3 has no cards" in str(err)


def test_assassination_of_a_last_card_skips_the_target() -> None:
    """Phase 3: War — Assassinations and Ending the War: a player whose last card is
    assassinated has no turn left in the battle."""
    s = war([["avis.assassin", "mariner.elder"], ["avis.knight"], ["avis.scout", "mariner.scout"]],
            tracker="clouds-2", need_move=False)
    s.apply("assassinate avis.knight @p2 with avis")
    assert s.to_act == 2
    s.apply("play avis.scout")
    assert last_winner(s) == (0, "clouds-2")


# --- captured piles, coins, cubes ---------------------------------------------------


def test_victor_captures_cards_coins_and_places_a_cube() -> None:
    """Phase 3: War: "The player that wins the battle places all the cards from the battle
    face down in front of him or her forming a 'captured' pile. If one or more coins were
    on the contested region, the battle's victor takes them. The victor controls the
    region by placing a cube on it and removes any cube there previously." Coins are
    scored at the End of an Age."""
    s = war([["avis.phalanx", "mariner.elder"], ["avis.scout", "mariner.scout"],
             ["avis.elder", "treefolk.elder"]], tracker="clouds-5", need_move=False,
            age=3, silver={"clouds-5": 2}, copper={"clouds-4": 1},
            seat=[{"captured": ["treefolk.phalanx"]}, {}, {}], scores=[1, 1, 1])
    for a in ("play avis.phalanx", "play avis.scout", "play avis.elder"):
        s.apply(a)
    data = s.to_data()
    assert sorted(data["seat"][0]["captured"]) == [
        "avis.elder", "avis.phalanx", "avis.scout", "treefolk.phalanx"]
    assert data["control"] == {"clouds-5": 0}
    assert "clouds-5" not in data["silver"]
    assert data["coins_taken"] == [2 * 3, 0, 0]
    assert s.scores == [1, 1, 1]
    assert events(s, "battle_won")[-1] == {
        "seat": 0, "side": 0, "region": "clouds-5",
        "cards": ["avis.phalanx", "avis.scout", "avis.elder"], "coins": 6, "previous": None,
        "number": 1}
    assert "takes 6 coin points and places a cube of red" in texts(s)[-1]
    # The victor moves the tracker and plays a new card to begin another battle.
    assert s.to_act == 0 and s.need_move
    s.apply("move clouds-4")
    assert s.to_act == 0 and not s.need_move
    assert events(s, "move")[-1] == {"seat": 0, "region": "clouds-4", "natives": ["avis"],
                                     "coins": 1}


def test_victor_removes_the_cube_there_previously() -> None:
    """Phase 3: War: the victor "removes any cube there previously" (a region won earlier
    in the age, by blue; its coins went with that first battle)."""
    s = war([["avis.phalanx", "mariner.elder"], ["avis.scout", "mariner.scout"],
             ["avis.elder", "treefolk.elder"]], tracker="clouds-5", need_move=False,
            control={"clouds-5": 2}, battle_no=1, last_win=[0, 0, 1])
    for a in ("play avis.phalanx", "play avis.scout", "play avis.elder"):
        s.apply(a)
    assert s.to_data()["control"] == {"clouds-5": 0}
    won = events(s, "battle_won", None)[-1]
    assert (won["side"], won["previous"], won["number"]) == (0, 2, 2)


def test_captured_pile_counts_are_public() -> None:
    """Phase 3: War: the captured pile is face down; its size is public (the cards were
    played face up, so they are seen)."""
    s = war([["avis.phalanx", "mariner.elder"], ["avis.scout", "mariner.scout"]],
            tracker="clouds-5", need_move=False)
    s.apply("play avis.phalanx")
    s.apply("play avis.scout")
    view = s.view(1)
    assert view["captured"][0]["count"] == 2
    assert sorted(view["captured"][0]["seen"]) == ["avis.phalanx", "avis.scout"]


# --- Ending the War -----------------------------------------------------------------


def test_player_out_of_cards_is_skipped() -> None:
    """Phase 3: War — Ending the War: "If one player runs out of cards first then they will
    not participate in the remaining battle(s)." """
    s = war([["avis.scout", "mariner.elder"], [], ["avis.knight", "mariner.scout"]],
            tracker="clouds-2", need_move=False)
    s.apply("play avis.scout")
    assert s.to_act == 2
    s.apply("play avis.knight")
    assert last_winner(s) == (2, "clouds-2")


def test_last_player_with_cards_wins_the_last_battle_automatically() -> None:
    """Phase 3: War — Ending the War: "If only one player (or team) has cards then the
    battle tracker is still moved by the victor of the previous battle. The player with
    cards automatically wins the last battle, capturing any points present. Only one
    region can be captured in this manner ... If there are still cards remaining in hand,
    the player places them in his or her captured pile." (age 3, so the piles remain)"""
    s = war([["avis.phalanx"], ["avis.scout", "mariner.elder", "avis.elder"]],
            age=3, tracker="clouds-1", need_move=False, silver={"clouds-5": 1},
            copper={"clouds-2": 1})
    s.apply("play avis.phalanx")
    s.apply("play avis.scout")
    # P1, out of cards, won and still moves the battle tracker.
    assert s.to_act == 0 and s.need_move
    s.apply("move clouds-5")
    assert last_winner(s) == (1, "clouds-5")
    assert events(s, "walkover", None) == [{"seat": 1, "side": 1}]
    assert "Only yellow has cards left: P2 wins the last battle" in " ".join(texts(s))
    assert s.is_over
    data = s.to_data()
    assert data["control"] == {"clouds-1": 0, "clouds-5": 1}  # one region only
    assert data["copper"] == {"clouds-2": 1}
    assert sorted(data["seat"][1]["captured"]) == ["avis.elder", "mariner.elder"]
    assert data["seat"][1]["hand"] == []
    assert events(s, "leftovers", 1) == [{"seat": 1, "count": 2,
                                          "cards": ["avis.elder", "mariner.elder"]}]
    assert events(s, "leftovers", 0) == [{"seat": 1, "count": 2}]  # face down
    assert "P2 puts 2 cards left in hand into its captured pile." in texts(s, 0)
    # clouds: one cube each, 3 each; coins: 3 for P2; card coins (age 3): 2 elders.
    assert s.scores == [3, 3 + 3 + 2]


def test_last_player_with_cards_winner_of_previous_battle_keeps_cards() -> None:
    """Phase 3: War — Ending the War: the victor, the only one left with cards, moves the
    tracker and wins one more region; its remaining cards go to its captured pile."""
    s = war([["avis.phalanx", "mariner.elder", "treefolk.elder"], ["avis.scout"]],
            age=3, tracker="clouds-1", need_move=False)
    s.apply("play avis.phalanx")
    s.apply("play avis.scout")
    assert s.to_act == 0 and s.need_move
    s.apply("move clouds-2")
    assert s.is_over
    data = s.to_data()
    assert data["control"] == {"clouds-1": 0, "clouds-2": 0}
    assert sorted(data["seat"][0]["captured"]) == [
        "avis.phalanx", "avis.scout", "mariner.elder", "treefolk.elder"]


def test_war_ends_when_every_hand_is_exhausted() -> None:
    """Phase 3: War — Ending the War: "The age ends after each player has exhausted their
    hand." """
    s = war([["avis.phalanx", "avis.scout"], ["avis.elder", "avis.mount"]],
            tracker="clouds-1", need_move=False)
    s.apply("play avis.phalanx")
    s.apply("play avis.elder")
    assert s.age == 1 and s.need_move
    s.apply("move clouds-2")
    s.apply("play avis.scout")
    s.apply("play avis.mount")
    assert s.age == 2 and s.to_data()["phase"] == "recruit"
