"""The worked examples of the rulebook, one test each (named for the example)."""

from __future__ import annotations

import pytest

from .helpers import assert_illegal, events, legal, scenario_file, texts, war


def test_mounted_knights_example_jim_and_beth_cloud_battle() -> None:
    """Phase 3: War — Mounted Knights, the example.

    "Treefolk are Radiant. Jim moves the battle tracker into the middle cloud region.
    Because he has an Avis card, he must play Avis or Treefolk (Radiant). Jim plays his
    Treefolk Mount. Beth plays her Avis Knight. Knights are higher than mounts on the
    ranking chart, so Beth wins the battle. She places the cards from the battle
    face-down in front of her, claims the region with a cube, and moves the battle
    tracker to an adjacent region."  Jim is P1, Beth P2; clouds-1 is the middle
    of the inner row of the clouds.
    """
    s = war([["avis.scout", "treefolk.mount", "mariner.phalanx"],
             ["avis.knight", "stonedweller.phalanx", "mariner.elder"]], radiant="treefolk")
    s.apply("move clouds-1")
    # He has an Avis card: Avis or Treefolk (Radiant) only, not his Mariner Phalanx.
    assert legal(s) == {"play avis.scout", "play treefolk.mount"}
    assert_illegal(s, "play mariner.phalanx", "Battles")
    s.apply("play treefolk.mount")
    assert legal(s) == {"play avis.knight"}
    s.apply("play avis.knight")
    data = s.to_data()
    assert sorted(data["seat"][1]["captured"]) == ["avis.knight", "treefolk.mount"]
    assert data["seat"][0]["captured"] == []
    assert data["control"] == {"clouds-1": 1}
    # Beth moves the battle tracker to an adjacent region.
    assert s.to_act == 1 and s.need_move
    assert legal(s) == {"move clouds-2", "move clouds-3", "move clouds-5"}
    assert [(p["seat"], p["cards"], p["rank"], p["counts"]) for p in events(s, "play")] == [
        (0, ["treefolk.mount"], 3, True), (1, ["avis.knight"], 4, True)]
    won = events(s, "battle_won")[-1]
    assert (won["seat"], won["region"], sorted(won["cards"])) == (
        1, "clouds-1", ["avis.knight", "treefolk.mount"])
    assert texts(s)[-1].startswith("P2 wins battle 1, of Clouds 1")


def test_portals_example_erin_assassinates_on_the_mountain_portal_in_the_sea() -> None:
    """Phase 3: War — Portals, the first example.

    "Both Stonedwellers and Mariners are native to the mountain portal located in the
    sea. Erin uses a Stonedweller assassin to target a Mariner knight there. After
    winning the battle, she can choose to move the battle tracker to any adjacent region
    or to the portal located in the mountains. In this case, the next battle would be
    fought on the portal region in the mountains."  Erin is P1; the mountain portal
    in the sea is sea-6, its twin in the mountains is mountains-6.
    """
    s = war([["stonedweller.assassin", "mariner.scout", "avis.elder"],
             ["mariner.knight", "mariner.elder", "treefolk.phalanx"]],
            radiant="avis", tracker="sea-6")
    s.apply("assassinate mariner.knight @p2 with stonedweller")
    assert s.battle_leader() == 0
    assert s.to_data()["battle"]["plays"][0]["rank"] == 4  # the assassin ranks as a knight
    s.apply("pass")
    assert s.to_data()["control"] == {"sea-6": 0}
    assert sorted(s.to_data()["seat"][0]["captured"]) == ["mariner.knight",
                                                          "stonedweller.assassin"]
    # Any adjacent region, or the portal located in the mountains.
    assert legal(s) == {"move sea-3", "move sea-5", "move clouds-4", "move mountains-6"}
    s.apply("move mountains-6")
    assert s.to_data()["tracker"] == "mountains-6"
    assert events(s, "move")[-1] == {"seat": 0, "region": "mountains-6",
                                     "natives": ["stonedweller", "mariner"], "coins": 0}
    assert "Mountains 6 (Stonedwellers and Mariners native" in texts(s)[-1]


@pytest.fixture
def seth_anna_ben():
    return scenario_file("seth_anna_ben")


def test_assassination_example_anna_cannot_target_seth_who_has_played(seth_anna_ben) -> None:
    """Phase 3: War — Portals, second example: "Because Seth has played, Anna cannot
    target him. Instead, she targets Ben's Stonedweller Phalanx."
    """
    s = seth_anna_ben
    assert not any("@p1" in a for a in legal(s))
    assert "assassinate stonedweller.phalanx @p3 with stonedweller" in legal(s)
    err = assert_illegal(s, "assassinate stonedweller.knight @p1 with stonedweller",
                         "Assassinations")
    assert "already played" in str(err)


def test_assassination_example_ben_loses_his_phalanx_anna_ranks_as_a_phalanx(
        seth_anna_ben) -> None:
    """Phase 3: War — Portals, second example: "Ben does have a Stonedweller Phalanx, so
    he must play it and Anna's assassin is now winning, equal in rank to a phalanx. Ben
    can now choose to pass, or if he has a Radiant or Stonedweller Mounted Knight then he
    can play it and win the battle."
    """
    s = seth_anna_ben
    s.apply("assassinate stonedweller.phalanx @p3 with stonedweller")
    data = s.to_data()
    assert "stonedweller.phalanx" not in data["seat"][2]["hand"]
    assert data["battle"]["cards"] == ["stonedweller.knight", "stonedweller.assassin",
                                       "stonedweller.phalanx"]
    assert data["battle"]["plays"][1]["rank"] == 5  # equal in rank to a phalanx
    assert s.battle_leader() == 1  # Anna's assassin is now winning
    assert s.to_act == 2
    assert {"pass", "play stonedweller.knight+stonedweller.mount",
            "play mariner.knight+mariner.mount"} <= legal(s)
    assert "play avis.elder" not in legal(s)  # he still holds native cards


def test_assassination_example_ben_passes_and_anna_wins(seth_anna_ben) -> None:
    """Phase 3: War — Portals, second example: Ben chooses to pass; Anna wins."""
    s = seth_anna_ben
    s.apply("assassinate stonedweller.phalanx @p3 with stonedweller")
    s.apply("pass")
    data = s.to_data()
    assert data["control"] == {"mountains-2": 1}
    assert sorted(data["seat"][1]["captured"]) == [
        "stonedweller.assassin", "stonedweller.knight", "stonedweller.phalanx"]


@pytest.mark.parametrize("mounted", ["stonedweller", "mariner"])
def test_assassination_example_ben_plays_a_mounted_knight_and_wins(
        seth_anna_ben, mounted: str) -> None:
    """Phase 3: War — Portals, second example: "if he has a Radiant or Stonedweller
    Mounted Knight then he can play it and win the battle: an expensive choice!"
    """
    s = seth_anna_ben
    s.apply("assassinate stonedweller.phalanx @p3 with stonedweller")
    s.apply(f"play {mounted}.knight+{mounted}.mount")
    data = s.to_data()
    assert data["control"] == {"mountains-2": 2}
    assert sorted(data["seat"][2]["captured"]) == sorted([
        "stonedweller.knight", "stonedweller.assassin", "stonedweller.phalanx",
        f"{mounted}.knight", f"{mounted}.mount"])
    assert s.to_act == 2 and s.need_move


def test_end_of_an_age_majority_example() -> None:
    """End of an Age, the example: red 6 for the sea; red, yellow and blue 2 each in the
    forest; blue 3 for the lone cube in the clouds; yellow and blue 3 each in the
    mountains. The portal sea-6 counts for the sea, the realm it lies in.
    """
    s = scenario_file("majority_example")
    for action in ("move sea-6", "play mariner.phalanx", "play avis.scout", "play avis.elder"):
        s.apply(action)
    # The war is over: the age has been scored and the second age has begun.
    assert s.age == 2
    assert s.scores == [6 + 2, 2 + 3, 2 + 3 + 3]
    realms = {e["realm"]: (e["cubes"], e["points"]) for e in events(s, "realm_scored", None)}
    assert realms == {"sea": ([2, 1, 0], [6, 0, 0]), "forest": ([1, 1, 1], [2, 2, 2]),
                      "clouds": ([0, 0, 1], [0, 0, 3]), "mountains": ([0, 2, 2], [0, 3, 3])}
    ended = events(s, "age_ends", None)
    assert ended[0]["scores"] == [8, 5, 8] and ended[0]["control"]["sea-6"] == 0
    assert "Age 1, Sea: cubes red 2, yellow 1, blue 0; majority points red 6, yellow 0, " \
           "blue 0." in texts(s)


def test_end_of_an_age_majority_example_board_as_counted() -> None:
    """End of an Age, the example, counted on the final board (majorities per realm)."""
    s = scenario_file("majority_example")
    board = dict(s.to_data()["control"], **{"sea-6": 0})
    s = war([["avis.scout"], [], []], control=board)
    assert s.majorities() == [8, 5, 8]
