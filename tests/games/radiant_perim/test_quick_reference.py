"""One test per line of the rulebook's Quick Reference."""

from __future__ import annotations

import pytest

from tabletop.core import new_game
from tabletop.games.radiant_perim.rules import C

from .helpers import (
    assert_illegal,
    events,
    fight_last_battle,
    finish_melds,
    last_battle,
    last_winner,
    legal,
    meld_phase,
    war,
)

TEMPLES = {"clouds-5", "mountains-5", "forest-5", "sea-5"}
PORTALS = {"clouds-6", "mountains-6", "forest-6", "sea-6"}
OTHERS = set(C.regions) - TEMPLES - PORTALS

# --- Starting ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "deal"), [(2, 10), (3, 9), (4, 8)])
def test_quick_reference_starting_deal_and_draft_four(players: int, deal: int) -> None:
    """Quick Reference, Starting: "2 Players: Deal 10, draft 4", "3 Players: Deal 9,
    draft 4", "4 Players: Deal 8, draft 4"."""
    s = new_game("radiant-perim", players, seed=11)
    assert [sum(h) for h in s.hands] == [deal] * players
    assert s.phase == 0  # recruit
    for _ in range(4 * players):
        assert s.to_data()["phase"] == "recruit"
        s.apply(s.legal_actions()[0])
    assert s.to_data()["phase"] == "meld"
    assert [sum(h) for h in s.hands] == [deal + 4] * players


def test_quick_reference_left_of_dealer_begins_the_draft() -> None:
    """Quick Reference, Starting: "Left of dealer begins the draft"."""
    for players in (2, 3, 4):
        s = new_game("radiant-perim", players, seed=3)
        assert s.to_act == (s.dealer + 1) % players
        assert s.view(None)["to_act"] == (s.view(None)["dealer"] + 1) % players


def test_quick_reference_most_scouts_begins_the_war() -> None:
    """Quick Reference, Starting: "Most scouts begins the war" (P3 holds two)."""
    s = meld_phase([["avis.scout", "avis.elder"], ["mariner.knight", "avis.phalanx"],
                    ["treefolk.scout", "mariner.scout"]], dealer=1)
    finish_melds(s)
    assert s.to_data()["phase"] == "war"
    assert s.to_act == 2 and s.need_move
    assert events(s, "war_begins") == [{"seat": 2, "reason": "most_scouts"}]
    assert s.events[-1].text == "War: P3 begins (most scouts)."


# --- Legal Plays ---------------------------------------------------------------------


def test_quick_reference_play_native_or_radiant() -> None:
    """Quick Reference, Legal Plays: "Play a card native to the battle's location, or play
    Radiant." (clouds: Avis native, Treefolk Radiant; the Mariner card may not be played)"""
    s = war([["avis.scout", "treefolk.elder", "mariner.phalanx"], ["avis.elder"]],
            radiant="treefolk", tracker="clouds-2", need_move=False)
    assert legal(s) == {"play avis.scout", "play treefolk.elder"}
    assert_illegal(s, "play mariner.phalanx", "Battles")


def test_quick_reference_no_native_card_may_play_any_race() -> None:
    """Quick Reference, Legal Plays: "If a player doesn't have a native card, they may
    play any race." """
    s = war([["stonedweller.scout", "treefolk.elder", "mariner.phalanx"], ["avis.elder"]],
            radiant="treefolk", tracker="clouds-2", need_move=False)
    assert legal(s) == {"play stonedweller.scout", "play treefolk.elder",
                        "play mariner.phalanx"}


def test_quick_reference_radiant_required_only_in_its_native_realm() -> None:
    """Quick Reference, Legal Plays: "A player isn't required to play Radiant unless the
    battle is occuring in the Radiant's native realm." (Treefolk Radiant, no Avis held:
    free in the clouds; forced in the forest)"""
    hand = ["treefolk.elder", "mariner.phalanx", "stonedweller.scout"]
    s = war([hand, ["avis.elder"]], radiant="treefolk", tracker="clouds-2", need_move=False)
    assert legal(s) == {"play treefolk.elder", "play mariner.phalanx",
                        "play stonedweller.scout"}
    s = war([hand, ["avis.elder"]], radiant="treefolk", tracker="forest-2", need_move=False)
    assert legal(s) == {"play treefolk.elder"}
    assert_illegal(s, "play mariner.phalanx", "Battles")


# --- Winning Card --------------------------------------------------------------------


def test_quick_reference_high_native_or_radiant_card_wins() -> None:
    """Quick Reference, Winning Card: "The high card that is either native or Radiant wins
    the battle." (the off-race Mariner Phalanx loses to the Radiant Treefolk Knight)"""
    s = war([["avis.scout"], ["treefolk.knight"], ["mariner.phalanx"]],
            radiant="treefolk", tracker="clouds-2", need_move=False)
    for a in ("play avis.scout", "play treefolk.knight", "play mariner.phalanx"):
        s.apply(a)
    assert last_winner(s) == (1, "clouds-2")


def test_quick_reference_no_native_or_radiant_high_card_of_any_race_wins() -> None:
    """Quick Reference, Winning Card: "If no card is native or Radiant, high card of any
    race wins." """
    s = war([["stonedweller.scout"], ["mariner.phalanx"], ["stonedweller.knight"]],
            radiant="treefolk", tracker="clouds-2", need_move=False)
    for a in ("play stonedweller.scout", "play mariner.phalanx", "play stonedweller.knight"):
        s.apply(a)
    assert last_winner(s) == (1, "clouds-2")


def test_quick_reference_ties_go_to_the_first_tied_card_played() -> None:
    """Quick Reference, Winning Card: "Ties go to the first tied card played." """
    s = war([["avis.scout"], ["avis.knight"], ["avis.knight"]],
            radiant="treefolk", tracker="clouds-2", need_move=False)
    for a in ("play avis.scout", "play avis.knight", "play avis.knight"):
        s.apply(a)
    assert last_winner(s) == (1, "clouds-2")


# --- Assassination -------------------------------------------------------------------


def test_quick_reference_assassin_must_be_native_or_radiant() -> None:
    """Quick Reference, Assassination: "Assassin must be native or Radiant." (in the
    clouds with Treefolk Radiant: Avis and Treefolk assassins may, a Mariner may not)"""
    s = war([["avis.assassin", "treefolk.assassin", "mariner.assassin"], ["avis.knight"]],
            radiant="treefolk", tracker="clouds-2", need_move=False)
    assert "assassinate avis.knight @p2 with avis" in legal(s)
    assert "assassinate avis.knight @p2 with treefolk" in legal(s)
    assert not any(a.endswith("with mariner") for a in legal(s))
    err = assert_illegal(s, "assassinate avis.knight @p2 with mariner", "Assassinations")
    assert "native" in str(err) and "Radiant" in str(err)


def test_quick_reference_target_must_be_native() -> None:
    """Quick Reference, Assassination: "Target must be native." (naming the Radiant
    Treefolk Knight in the clouds is not allowed)"""
    s = war([["avis.assassin"], ["treefolk.knight", "avis.elder"]],
            radiant="treefolk", tracker="clouds-2", need_move=False)
    targets = {a.split()[1] for a in legal(s) if a.startswith("assassinate")}
    assert targets == {f"avis.{rank}" for rank in C.ranks}
    err = assert_illegal(s, "assassinate treefolk.knight @p2 with avis", "Assassinations")
    assert "target must be a card native" in str(err)


def test_quick_reference_successful_assassin_ranks_as_its_target() -> None:
    """Quick Reference, Assassination: "If successful, assassin's rank equals target's
    rank." (it ranks as a knight: it beats a mount, and wins the tie with a knight)"""
    s = war([["avis.assassin"], ["avis.knight", "avis.mount"], ["avis.knight"]],
            radiant="treefolk", tracker="clouds-2", need_move=False)
    s.apply("assassinate avis.knight @p2 with avis")
    assert s.to_data()["battle"]["plays"][0]["rank"] == C.ranks.index("knight")
    s.apply("play avis.mount")
    s.apply("play avis.knight")
    assert last_winner(s) == (0, "clouds-2")


# --- Ages ----------------------------------------------------------------------------


def test_quick_reference_first_age_setup_silver_on_each_temple() -> None:
    """Quick Reference, 1st Age: "Setup: Silver coin (3 pts) on each temple." """
    s = new_game("radiant-perim", 3, seed=5)
    assert s.to_data()["silver"] == dict.fromkeys(sorted(TEMPLES), 1)
    assert s.to_data()["copper"] == {}


@pytest.mark.parametrize("age", [2, 3])
def test_quick_reference_later_age_setup_silver_and_copper(age: int) -> None:
    """Quick Reference, 2nd and 3rd Age: "Setup: New silver coin on each temple; copper
    coin (1 pt) on other non-portal regions." (the board was bare when age ``age - 1``
    ended)"""
    s = fight_last_battle(last_battle(age=age - 1))
    assert s.age == age
    assert s.to_data()["silver"] == dict.fromkeys(sorted(TEMPLES), 1)
    assert s.to_data()["copper"] == dict.fromkeys(sorted(OTHERS), 1)


MELD_CARDS = {
    "council": ["avis.elder", "treefolk.elder", "stonedweller.elder", "mariner.elder"],
    "army avis": ["avis.elder", "avis.scout", "avis.mount", "avis.knight", "avis.phalanx"],
    "guild": ["avis.assassin", "treefolk.assassin", "stonedweller.assassin",
              "mariner.assassin"],
    "mounted-knight avis": ["avis.knight", "avis.mount"],
}
MELD_POINTS = {"council": (4, 8, 12), "army avis": (3, 6, 9), "guild": (2, 4, 6),
               "mounted-knight avis": (1, 2, 3)}


@pytest.mark.parametrize("age", [1, 2, 3])
@pytest.mark.parametrize("meld", list(MELD_CARDS))
def test_quick_reference_age_meld_scores(age: int, meld: str) -> None:
    """Quick Reference, 1st/2nd/3rd Age, Scoring: "Age N meld scores" (Phase 2: Meld,
    the Melds chart: Council 4/8/12, Army 3/6/9, Guild 2/4/6, Mounted Knight 1/2/3)."""
    s = meld_phase([MELD_CARDS[meld], ["mariner.scout"]], age=age, scores=[5, 5])
    finish_melds(s, {0: [meld]})
    assert s.scores == [5 + MELD_POINTS[meld][age - 1], 5]


@pytest.mark.parametrize("age", [1, 2, 3])
def test_quick_reference_age_scoring_majorities_coins_and_card_coins(age: int) -> None:
    """Quick Reference, 1st/2nd/3rd Age, Scoring: "6 pts per majority or 3 pts for single
    cube; score coins; do not count coins on cards" (ages 1 and 2) / "score coins on
    captured cards" (age 3).

    P1 wins clouds-1 (a second cube in the clouds: 6) and, from age 2, its copper coin; P2
    has the lone cube of the sea (3) and took 4 coin points earlier. The captured piles
    hold cards with a printed coin (elders and assassins): P1 two, P2 three; the Avis
    Phalanx and Scout of the last battle print none.
    """
    coin = 1 if age > 1 else 0
    s = last_battle(
        age=age, control={"clouds-2": 0, "sea-2": 1}, copper={"clouds-1": coin},
        coins_taken=[0, 4], scores=[10, 10], battle_no=2, last_win=[1, 2],
        seat=[{"captured": ["avis.elder", "mariner.assassin", "avis.knight"]},
              {"captured": ["treefolk.elder", "treefolk.assassin", "stonedweller.elder"]}])
    fight_last_battle(s)
    card_coins = (2, 3) if age == 3 else (0, 0)
    expected = [10 + 6 + coin + card_coins[0], 10 + 3 + 4 + card_coins[1]]
    realms = {e["realm"]: e["points"] for e in events(s, "realm_scored", None)}
    assert realms == {"clouds": [6, 0], "sea": [0, 3], "mountains": [0, 0], "forest": [0, 0]}
    assert events(s, "coins_scored", None) == [{"age": age, "coins": [coin, 4]}]
    assert events(s, "card_coins_scored", None) == ([{"printed": [2, 3]}] if age == 3 else [])
    assert events(s, "age_ends", None)[0]["scores"] == expected
    if age == 3:
        assert s.is_over
        assert s.scores == expected
    else:
        assert s.age == age + 1
        assert s.scores == expected
