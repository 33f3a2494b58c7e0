"""Setup (Age 1) and Setup Before Ages 2 and 3."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.core import ScenarioError, new_game
from tabletop.games.radiant_perim.rules import C, PerimState

from .helpers import RACES, events, kinds, war

REALM = {"avis": "clouds", "stonedweller": "mountains", "treefolk": "forest",
         "mariner": "sea"}
TEMPLES = ["clouds-5", "forest-5", "mountains-5", "sea-5"]
PORTALS = ["clouds-6", "forest-6", "mountains-6", "sea-6"]
DEAL = {2: 10, 3: 9, 4: 8}


def last_battle_of(age: int, players: int = 3, **fields) -> PerimState:
    """The last battle of ``age``: P1 moves into clouds-1 and wins with a phalanx."""
    hands = [["avis.phalanx"], ["avis.scout"], ["avis.elder"], ["avis.mount"]][:players]
    return war(hands, age=age, **fields)


def fight(s: PerimState) -> PerimState:
    s.apply("move clouds-1")
    while s.to_act is not None and s.to_data()["phase"] == "war":
        s.apply(s.legal_actions()[0])
    return s


def all_cards(s: PerimState) -> Counter[str]:
    data = s.to_data()
    cards = Counter(data["deck"]) + Counter(c for c in data["pool"] if c)
    for seat in data["seat"]:
        cards += Counter(seat["hand"]) + Counter(seat["captured"])
    return cards


# --- Setup (Age 1) -----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_age_1_deal_pool_and_deck(players: int) -> None:
    """Setup (Age 1): deal 10/9/8 cards each for 2/3/4 players; nine cards face up in a
    3x3 drafting pool; the deck is set next to it (all 48 cards, two of each)."""
    s = new_game("radiant-perim", players, seed=7)
    data = s.to_data()
    assert [len(seat["hand"]) for seat in data["seat"]] == [DEAL[players]] * players
    assert len(data["pool"]) == 9 and all(data["pool"])
    assert len(data["deck"]) == 48 - players * DEAL[players] - 9
    assert all_cards(s) == Counter({C.card_slug(t): 2 for t in range(C.n_types)})
    view = s.view(0)
    assert view["pool_slots"] == ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]
    assert view["deck"] == len(data["deck"])


def test_setup_age_1_silver_coin_on_each_temple_only() -> None:
    """Setup (Age 1): "Place one silver coin on each temple." Nothing else."""
    data = new_game("radiant-perim", 2, seed=1).to_data()
    assert data["silver"] == dict.fromkeys(TEMPLES, 1)
    assert data["copper"] == {}


def test_setup_age_1_tracker_on_centre_scores_zero_no_cubes() -> None:
    """Setup (Age 1): the battle tracker is placed on the centre of the board; each side
    has its own colour of cubes (none placed yet)."""
    s = new_game("radiant-perim", 3, seed=2)
    data = s.to_data()
    assert data["tracker"] == "centre" and data["control"] == {}
    assert data["scores"] == [0, 0, 0]
    assert s.view(None)["sides"] == ["red", "yellow", "blue"]


@pytest.mark.parametrize("seed", range(12))
def test_setup_age_1_radiant_is_the_race_of_the_top_card(seed: int) -> None:
    """Setup (Age 1): "Look at the top card of the deck. The race of this card will be
    Radiant for the first age." The card is shown to everyone."""
    s = new_game("radiant-perim", 3, seed=seed)
    shown = [e for e in s.events_for(None) if e.kind == "radiant_revealed"]
    assert len(shown) == 1
    card, radiant = shown[0].fields["card"], shown[0].fields["radiant"]
    assert card.split(".")[0] == radiant == C.races[s.radiant]
    assert shown[0].fields["realm"] == C.realms[C.realm_race.index(s.radiant)]
    assert shown[0].rule == "Setup (Age 1)"


def test_setup_age_1_radiant_varies_with_the_deck() -> None:
    """Setup (Age 1): the Radiant race comes from the shuffled deck, so any race can be."""
    seen = {new_game("radiant-perim", 2, seed=seed).radiant for seed in range(60)}
    assert seen == {0, 1, 2, 3}


def test_setup_age_1_each_player_sees_only_their_own_deal() -> None:
    """Setup (Age 1): hands are dealt face down (only the pool is face up)."""
    s = new_game("radiant-perim", 3, seed=4)
    for seat in range(3):
        view = s.view(seat)
        assert [h.get("cards") is not None for h in view["hands"]] == [
            p == seat for p in range(3)]
        assert all(h["known"] == [] for h in view["hands"])
        dealt = events(s, "dealt", seat)
        assert [d["seat"] for d in dealt] == [0, 1, 2]
        assert [d["count"] for d in dealt] == [9, 9, 9]
        # The cards dealt are a private field: only the seat dealt sees them.
        assert [d.get("cards") for d in dealt] == [
            view["hands"][seat]["cards"] if p == seat else None for p in range(3)]
    assert all("cards" not in d for d in events(s, "dealt", None))


# --- Setup Before Ages 2 and 3 -----------------------------------------------------


@pytest.mark.parametrize(("first", "second", "third"), [
    ("avis", "stonedweller", "treefolk"),
    ("stonedweller", "treefolk", "mariner"),
    ("treefolk", "mariner", "avis"),
    ("mariner", "avis", "stonedweller"),
])
def test_next_age_radiant_marker_moves_clockwise(first: str, second: str,
                                                 third: str) -> None:
    """Setup Before Ages 2 and 3: "Move the Radiant marker clockwise on the board to the
    next realm" (clockwise: clouds, mountains, forest, sea; their races Avis,
    Stonedwellers, Treefolk, Mariners)."""
    s = fight(last_battle_of(1, radiant=first))
    assert s.age == 2 and s.to_data()["radiant"] == second
    assert events(s, "radiant_moved", None) == [{"radiant": second, "realm": REALM[second]}]
    s = fight(last_battle_of(2, radiant=second))
    assert s.age == 3 and s.to_data()["radiant"] == third
    assert events(s, "radiant_moved", None) == [{"radiant": third, "realm": REALM[third]}]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_next_age_dealer_rotates_left_and_left_of_dealer_drafts(players: int) -> None:
    """Setup Before Ages 2 and 3: "The role of dealer rotates to the left"; Phase 1:
    Recruit begins left of the dealer."""
    for dealer in range(players):
        s = fight(last_battle_of(1, players, dealer=dealer))
        new_dealer = (dealer + 1) % players
        assert s.to_data()["dealer"] == new_dealer
        assert s.to_act == (new_dealer + 1) % players  # the seat left of the dealer
        assert s.to_data()["phase"] == "recruit"
        assert events(s, "age_begins")[-1] == {"age": 2, "dealer": new_dealer}
        assert events(s, "recruit_begins")[-1] == {"seat": s.to_act}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_next_age_reshuffle_all_cards_and_deal_again(players: int) -> None:
    """Setup Before Ages 2 and 3: "Shuffle all the cards together (including captured
    cards) and deal cards again according to the chart", lay out a nine card pool."""
    s = last_battle_of(1, players, seat=[{"captured": ["mariner.phalanx", "avis.elder"]}]
                       + [{}] * (players - 1))
    fight(s)
    data = s.to_data()
    assert s.age == 2
    assert [len(seat["hand"]) for seat in data["seat"]] == [DEAL[players]] * players
    assert all(seat["captured"] == [] for seat in data["seat"])
    assert all(data["pool"])
    assert all_cards(s) == Counter({C.card_slug(t): 2 for t in range(C.n_types)})
    assert data["picks_left"] == 4 * players


def test_next_age_removes_cubes_and_returns_tracker_to_centre() -> None:
    """Setup Before Ages 2 and 3: "Remove all cubes from the board. Return the battle
    tracker to the center of the board." """
    s = fight(last_battle_of(1, control={"sea-1": 1, "forest-3": 2}))
    data = s.to_data()
    assert s.age == 2
    assert data["control"] == {} and data["tracker"] == "centre"
    # The end of age 1 showed the board as it stood before the cubes came off.
    board = events(s, "age_ends", None)[-1]["control"]
    assert {r: side for r, side in board.items() if side is not None} == {
        "sea-1": 1, "forest-3": 2, "clouds-1": 0}
    assert kinds(s).index("age_ends") < kinds(s).index("age_begins", 1)


def test_next_age_coins_silver_on_temples_copper_on_other_non_portals() -> None:
    """Setup Before Ages 2 and 3: "Place a silver coin on each temple and a copper coin on
    each other region that isn't a portal." """
    s = fight(last_battle_of(2))
    data = s.to_data()
    assert s.age == 3
    assert data["silver"] == dict.fromkeys(TEMPLES, 1)
    others = [r for r in C.regions if r not in TEMPLES and r not in PORTALS]
    assert len(others) == 16
    assert data["copper"] == dict.fromkeys(others, 1)
    for portal in PORTALS:
        assert portal not in data["silver"] and portal not in data["copper"]
    placed = events(s, "coins_placed", None)[-1]
    assert sorted(placed["silver"]) == sorted(TEMPLES)
    assert sorted(placed["copper"]) == sorted(others)


def test_next_age_coins_stack_with_unclaimed_coins() -> None:
    """Setup Before Ages 2 and 3: "If there were unclaimed coins left on the board from a
    previous age then it is possible for a region to contain two or three coins." (A temple
    left unclaimed in ages 1 and 2 holds three silver coins in age 3.)"""
    s = last_battle_of(2, silver={"sea-5": 1, "clouds-5": 2},
                       copper={"mountains-2": 1, "forest-4": 1})
    fight(s)
    data = s.to_data()
    assert data["silver"] == {"clouds-5": 3, "mountains-5": 1, "forest-5": 1, "sea-5": 2}
    assert data["copper"]["mountains-2"] == 2
    assert data["copper"]["forest-4"] == 2
    assert data["copper"]["clouds-1"] == 1  # taken in the last battle; a new one
    assert sum(data["copper"].values()) == 16 + 1 + 1


def test_the_box_holds_thirty_copper_coins() -> None:
    """Components: "30 copper coins"; Setup Before Ages 2 and 3: "Adding multiple coins:
    ... first add coins to spaces that already contain two coins. Next, add coins to spaces
    already containing one coin. Finally, fill the remaining spaces." Decision (issue 30,
    docs/rules/radiant-perim.md, Coin supply): with 15 copper coins left unclaimed in age
    2, age 3 tops up those 15 regions and the box is empty: clouds-1, won in the last
    battle, gets no coin. A position with more than 30 on the board is refused."""
    others = [r for r in C.regions if r not in TEMPLES and r not in PORTALS]
    left = {r: 1 for r in others if r != "clouds-1"}
    assert len(left) == 15
    s = fight(last_battle_of(2, copper=left))
    data = s.to_data()
    assert s.age == 3
    assert data["copper"] == dict.fromkeys(left, 2) and "clouds-1" not in data["copper"]
    assert sum(data["copper"].values()) == 30
    placed = events(s, "coins_placed", None)[-1]
    assert sorted(placed["copper"]) == sorted(left)
    assert sorted(placed["silver"]) == sorted(TEMPLES)  # silver is not short
    # 14 left: 30 are enough, every region gets its coin.
    fewer = dict(list(left.items())[:14])
    data = fight(last_battle_of(2, copper=fewer)).to_data()
    assert sum(data["copper"].values()) == 30 and len(data["copper"]) == 16
    with pytest.raises(ScenarioError, match="the box holds 30"):
        war([["avis.phalanx"], ["avis.scout"]], age=3, copper=dict.fromkeys(others, 2))


def test_next_age_scores_carry_over() -> None:
    """Ages and Phases: the game is played over three ages; scores are kept."""
    s = fight(last_battle_of(1, scores=[7, 3, 2]))
    assert s.age == 2 and s.scores == [7 + 3, 3, 2]  # P1 won the lone clouds cube
    assert events(s, "age_ends", None)[-1]["scores"] == [10, 3, 2]


def test_racial_homelands() -> None:
    """Setup (Age 1): Avis native to Clouds, Treefolk to Forest, Stonedwellers to
    Mountains, Mariners to Sea; Portals: each portal has two native races."""
    home = {"clouds": "avis", "forest": "treefolk", "mountains": "stonedweller",
            "sea": "mariner"}
    for r, region in enumerate(C.regions):
        realm = region.split("-")[0]
        natives = {RACES[x] for x in C.region_natives[r]}
        if region in PORTALS:
            assert len(natives) == 2 and home[realm] in natives
        else:
            assert natives == {home[realm]}
    assert {C.regions[r] for r in C.temples} == set(TEMPLES)
    assert {C.regions[r] for r in C.portals} == set(PORTALS)
