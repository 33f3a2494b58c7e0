"""Phase 2: Meld."""

from __future__ import annotations

import json

from .helpers import assert_illegal, events, finish_melds, kinds, legal, meld_phase, texts

COUNCIL = ["avis.elder", "treefolk.elder", "stonedweller.elder", "mariner.elder"]
GUILD = ["avis.assassin", "treefolk.assassin", "stonedweller.assassin", "mariner.assassin"]
RACE_ORDER = ("avis", "treefolk", "stonedweller", "mariner")


def in_order(slug: str) -> int:
    """Cards in events are listed lowest type first: by race, then by rank."""
    return RACE_ORDER.index(slug.split(".")[0])


AVIS_ARMY = ["avis.elder", "avis.scout", "avis.mount", "avis.knight", "avis.phalanx"]


def three_players():
    return meld_phase([COUNCIL + ["avis.knight", "avis.mount"],
                       GUILD + ["mariner.scout"],
                       ["treefolk.knight", "treefolk.mount", "mariner.phalanx"]])


def test_meld_choices_are_hidden_until_all_have_chosen() -> None:
    """Phase 2: Meld: "Players simultaneously place their melds face up": a meld set aside
    is seen by nobody else (views and events) until every player has chosen."""
    s = three_players()
    s.apply("meld council")
    s.apply("meld mounted-knight avis")
    s.apply("meld done")
    s.apply("meld guild")
    for seat in (None, 1, 2):
        view = s.view(seat)
        blob = json.dumps(view)
        assert view["melds"] == [[], [], []]
        assert view["hands"][0]["known"] == []
        for word in ("council", "Council", "mounted-knight", "Mounted", "Elder"):
            assert word not in blob
        seen = " ".join(texts(s, seat))
        assert "Council" not in seen and "Elder" not in seen
        # A meld set aside is an event for its seat only; "done" is public.
        assert [m["seat"] for m in events(s, "meld_set_aside", seat)] == (
            [1] if seat == 1 else [])
        assert events(s, "melds_done", seat) == [{"seat": 0}]
    assert "guild" not in json.dumps(s.view(0)) and "Guild" not in " ".join(texts(s, 0))
    assert s.view(0)["my_melds"] == ["council", "mounted-knight avis"]
    assert s.view(1)["my_melds"] == ["guild"]
    assert events(s, "meld_set_aside", 0) == [
        {"seat": 0, "meld": "council", "race": None, "cards": sorted(COUNCIL, key=in_order)},
        {"seat": 0, "meld": "mounted-knight", "race": "avis",
         "cards": ["avis.mount", "avis.knight"]}]
    assert s.scores == [0, 0, 0]
    assert "P1 has chosen melds." in texts(s, 1)


def test_meld_revealed_together_and_scored() -> None:
    """Phase 2: Meld: melds are placed face up together and scored by the chart (age 1:
    Council 4, Assassin's Guild 2, Mounted Knight 1)."""
    s = three_players()
    finish_melds(s, {0: ["council", "mounted-knight avis"], 1: ["guild"],
                     2: ["mounted-knight treefolk"]})
    assert s.scores == [4 + 1, 2, 1]
    for seat in (None, 0, 1, 2):
        assert s.view(seat)["melds"] == [["council", "mounted-knight avis"], ["guild"],
                                         ["mounted-knight treefolk"]]
        revealed = events(s, "melds_revealed", seat)
        assert [(r["seat"], r["points"]) for r in revealed] == [(0, 5), (1, 2), (2, 1)]
        assert revealed[1]["melds"] == [{"meld": "guild", "race": None, "cards": GUILD}]
        assert revealed[0]["melds"][0]["cards"] == sorted(COUNCIL, key=in_order)
        assert revealed[2]["melds"] == [{"meld": "mounted-knight", "race": "treefolk",
                                         "cards": ["treefolk.mount", "treefolk.knight"]}]
    # All revealed together: no reveal before the last seat is done.
    assert kinds(s).index("melds_revealed") > max(
        i for i, k in enumerate(kinds(s)) if k == "melds_done")
    reveal = next(t for t in texts(s, None) if " reveals " in t)
    assert reveal.startswith("P1 reveals Council of Elders")
    assert reveal.endswith("scores 5 points.")
    assert s.to_data()["phase"] == "war"


def test_meld_cards_return_to_hand_and_stay_known() -> None:
    """Phase 2: Meld: "After scoring points, players return the sets to their hands. These
    cards will be used again during the war." Everyone has seen them: they stay known in
    the views while they remain in hand, and stop being known once played."""
    s = three_players()
    hand_before = s.to_data()["seat"][0]["hand"]
    finish_melds(s, {0: ["mounted-knight avis"]})
    assert s.to_data()["seat"][0]["hand"] == hand_before
    for seat in (None, 1, 2):
        assert s.view(seat)["hands"][0]["known"] == ["avis.mount", "avis.knight"]
    # P2 holds the only scout and begins the war; P1 plays third.
    for action in ("move clouds-1", "play avis.assassin", "play mariner.phalanx",
                   "play avis.knight"):
        s.apply(action)
    assert s.view(1)["hands"][0]["known"] == ["avis.mount"]


def test_meld_each_card_in_one_meld_only() -> None:
    """Phase 2: Meld: "Each card can only be used in a single meld." The Avis Elder used in
    the Council cannot also head an Avis Army; a second Avis Elder can."""
    s = meld_phase([COUNCIL + AVIS_ARMY[1:], ["mariner.scout"]])
    assert "meld army avis" in legal(s)
    s.apply("meld council")
    assert "meld army avis" not in legal(s)
    err = assert_illegal(s, "meld army avis", "Phase 2: Meld")
    assert "single meld" in str(err)
    s = meld_phase([COUNCIL + AVIS_ARMY, ["mariner.scout"]])
    s.apply("meld council")
    s.apply("meld army avis")
    assert_illegal(s, "meld mounted-knight avis", "Phase 2: Meld")
    finish_melds(s)
    assert s.scores == [4 + 3, 0]


def test_meld_same_meld_twice_with_both_copies() -> None:
    """Phase 2: Meld: two copies of each card allow the same meld twice (each card in one
    meld): two Avis Mounted Knights score twice."""
    s = meld_phase([["avis.knight", "avis.knight", "avis.mount", "avis.mount"],
                    ["mariner.scout"]], age=2)
    s.apply("meld mounted-knight avis")
    s.apply("meld mounted-knight avis")
    assert_illegal(s, "meld mounted-knight avis", "Phase 2: Meld")
    finish_melds(s)
    assert s.scores == [4, 0]


def test_meld_army_and_mounted_knight_single_race() -> None:
    """Phase 2: Meld: "The Army and Mounted Knight melds must be from a single race." """
    mixed = ["avis.elder", "treefolk.scout", "avis.mount", "treefolk.knight", "avis.phalanx"]
    s = meld_phase([mixed, ["mariner.scout"]])
    assert legal(s) == {"meld done"}
    assert_illegal(s, "meld mounted-knight avis", "Phase 2: Meld")
    assert_illegal(s, "meld mounted-knight treefolk", "Phase 2: Meld")
    assert_illegal(s, "meld army avis", "Phase 2: Meld")
    assert_illegal(s, "meld army treefolk", "Phase 2: Meld")


def test_meld_council_and_guild_need_all_four_races() -> None:
    """Phase 2: Meld, the chart: the Council is the four coloured shields (the elders of the
    four races), the Guild the four coloured swords (the four assassins)."""
    s = meld_phase([["avis.elder", "avis.elder", "treefolk.elder", "mariner.elder",
                     "avis.assassin", "treefolk.assassin", "mariner.assassin",
                     "mariner.assassin"], ["mariner.scout"]])
    assert legal(s) == {"meld done"}
    assert_illegal(s, "meld council", "Phase 2: Meld")
    assert_illegal(s, "meld guild", "Phase 2: Meld")


def test_meld_is_optional() -> None:
    """Phase 2: Meld: "Players are not required to meld their cards; they are allowed to
    keep them in hand without scoring points." """
    s = meld_phase([COUNCIL, ["mariner.scout"]], scores=[1, 2])
    assert "meld council" in legal(s)
    finish_melds(s)
    assert s.scores == [1, 2]
    assert events(s, "melds_revealed")[0] == {"seat": 0, "melds": [], "points": 0}
    assert s.view(1)["hands"][0]["known"] == []


def test_meld_order_begins_left_of_dealer() -> None:
    """Phase 2: Meld: each player chooses in turn from the left of the dealer (the choice
    is secret, so the order does not matter to the result)."""
    s = meld_phase([["avis.scout"], ["avis.elder"], ["avis.mount"]], dealer=0)
    order = []
    for _ in range(3):
        order.append(s.to_act)
        s.apply("meld done")
    assert order == [1, 2, 0]
