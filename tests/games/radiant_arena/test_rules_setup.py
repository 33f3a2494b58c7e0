"""Setting Up Your First Game, Deployment and The Preparation Phase (first turn, Evoker,
Regen)."""

from __future__ import annotations

from tabletop.core import new_game
from tabletop.games.radiant_arena.rules import DEPLOY, HOME, MAIN, ArenaState

from .helpers import EXTRA_CARDS, assert_illegal, dmg, found, happened, legal, play, position, u

A, B = 0, 1
R_DEPLOY = "Setting Up Your First Game — Deployment"


def fresh(seed: int = 7) -> ArenaState:
    state = new_game("radiant-arena", 2, seed, cards=EXTRA_CARDS)
    assert isinstance(state, ArenaState)
    return state


def deployed(seed: int = 7) -> ArenaState:
    """A new game after the deployment of Fig. 8's shape (any lanes will do)."""
    return play(fresh(seed), "deploy alyn left", "deploy viggo left", "deploy mato center",
                "deploy eleanor center", "deploy iskandar right", "deploy bran right")


def test_setup_hands_buyback_deities_and_conduits() -> None:
    """Setting Up Your First Game: "1. Both players place their Deities face down in their
    homes ... 2. ... All conduits should be placed with their consecrated side facing up ...
    4. Each player shuffles their skill deck and draws a hand of five skill cards. 5. Each
    player should place their Buyback token in their home, face-up." """
    s = fresh()
    assert s.phase == DEPLOY
    assert [len(h) for h in s.hands] == [5, 5]
    assert [len(d) for d in s.decks] == [25, 25]  # 30-card skill decks
    assert s.buyback == [True, True]
    assert s.zone[u(s, "final-judge")] == HOME and s.zone[u(s, "oracle")] == HOME
    assert all(s.zone[x] == HOME for x in range(8))  # heroes are deployed next
    assert s.ruined == [[False] * 3, [False] * 3] and s.cdmg == [[0] * 3, [0] * 3]
    assert sorted(s.cond[A]) == ["ancient-wisdom", "gift-of-the-elements", "natures-bounty"]
    assert sorted(s.cond[B]) == ["gift-of-the-elements", "natures-bounty", "smite"]
    # Face down: B sees neither A's deity nor the ruined faces of A's conduits, nor A's hand.
    view = s.view(B)
    assert view["units"][3] == {"owner": A, "deity": True, "zone": "home", "hidden": True}
    assert all(c["name"] is None and not c["ruined"] for c in view["players"][A]["conduits"])
    assert "cards" not in view["players"][A] and view["players"][A]["hand"] == 5
    assert view["players"][B]["cards"] == sorted(s.hands[B])
    # "Your Deity and Item cards should be kept secret from your opponent."
    assert "shop_items" not in view["players"][A] and view["players"][A]["shop"] == 3


def test_deployment_alternates_from_player_a_basic_side_up() -> None:
    """Deployment: "Player A deploys first. To deploy a hero simply place it into a lane
    with its basic side face-up ... Players alternate deployment, each placing a single hero
    at a time until all six heroes have been deployed. You may deploy any number of heroes
    to a single lane"."""
    s = fresh()
    assert s.to_act == A
    assert legal(s) == {f"deploy {h} {lane}" for h in ("alyn", "mato", "iskandar")
                        for lane in ("left", "center", "right")}  # never the deity
    assert_illegal(s, "deploy viggo left", R_DEPLOY)
    play(s, "deploy alyn left")
    assert s.to_act == B
    assert_illegal(s, "deploy mato left", R_DEPLOY)
    play(s, "deploy viggo left", "deploy mato left", "deploy eleanor left")
    play(s, "deploy iskandar left", "deploy bran right")
    assert s.phase == MAIN
    for name in ("alyn", "mato", "iskandar", "viggo", "eleanor"):
        assert s.zone[u(s, name)] == 0
    assert s.zone[u(s, "bran")] == 2
    assert s.lvl == [0] * 8 and s.comm == [0] * 8  # basic side, ready
    assert s.zone[u(s, "final-judge")] == HOME and s.zone[u(s, "oracle")] == HOME


def test_first_turn_player_a_has_2_action_points_then_3() -> None:
    """The First Turn of the Game: "On the very first turn of the game, Player A generates
    only 2 action points ... Starting from Player B's first preparation phase, both players
    generate their full complement of 3 action points as normal." """
    s = deployed()
    assert (s.turn, s.active, s.ap) == (1, A, 2)
    assert found(s, "turn_start") == [{"turn": 1, "seat": A, "ap": 2}]
    play(s, "pass")  # nothing to revive or buy: the end phase runs to the draw
    assert (s.turn, s.active, s.ap) == (2, B, 3)
    play(s, "pass")
    assert (s.turn, s.active, s.ap) == (3, A, 3)


def test_evoker_gives_1_power_at_the_start_of_your_turn() -> None:
    """The Evoker Keyword: "During your preparation phase, if you control at least one hero
    with the Evoker keyword, you gain 1 Power." Iskandar (A) and Bran (B) are the starter
    decks' Evokers."""
    s = deployed()
    assert s.power == [1, 0]
    assert found(s, "power_gain") == [{"seat": A, "amount": 1, "total": 1, "reason": "evoker",
                                        "source": "iskandar"}]
    play(s, "pass")
    assert s.power == [1, 1]


def test_evoker_gives_1_power_however_many_evokers() -> None:
    """The Evoker Keyword: "Multiple evokers do not stack (so if you control two evokers,
    you still only gain 1 power)". Bran and the Oracle (Divine, Evoker) are both in play."""
    s = position({"bran": {"zone": "left"}, "oracle": {"zone": "center"}}, active=B,
                 phase="preparation", turn=6, power=[0, 2])
    assert s.power == [0, 3]
    assert s.ap == 3 and s.phase == MAIN


def test_evoker_kod_gives_nothing() -> None:
    """The Evoker Keyword: "if your evoker gets themself KO'd and isn't in play when your
    turn begins, you gain nothing." """
    s = position({"iskandar": {"zone": "home"}, "alyn": {"zone": "left"}},
                 phase="preparation", turn=5)
    assert s.power == [0, 0]
    assert not happened(s, "power_gain")


def test_regen_heals_at_the_start_of_your_own_turn_only() -> None:
    """Keywords — Regen X: "After your turn begins, a hero with Regen heals damage equal to
    their regen value". The levelled Mato has Regen 1 (docs/rules/radiant-arena.md)."""
    s = position({"mato": {"zone": "left", "levelled": True, "damage": 3},
                  "eleanor": {"zone": "left", "damage": 2}},
                 phase="preparation", turn=5)
    assert dmg(s, "mato") == 2
    assert dmg(s, "eleanor") == 2  # basic Eleanor has no Regen
    assert happened(s, "heal", unit="mato", amount=1, before=3, after=2, cause="regen")
    s = position({"mato": {"zone": "left", "levelled": True, "damage": 3}},
                 phase="preparation", active=B, turn=6)
    assert dmg(s, "mato") == 3  # not on the opponent's turn


def test_regen_does_not_heal_an_undamaged_hero_or_a_kod_one() -> None:
    """Keywords — Regen X: only "a hero" in play heals, and only damage it has."""
    s = position({"eleanor": {"zone": "left", "levelled": True},
                  "mato": {"zone": "right", "levelled": True, "damage": 1}},
                 phase="preparation", active=B, turn=6)
    assert dmg(s, "eleanor") == 0
    assert not happened(s, "heal")


def test_preparation_clears_turn_effects_and_cooldowns() -> None:
    """The Preparation Phase: "Any other effects that trigger or expire after a player's turn
    begins do so now" — a Cooldown talent used last turn can be used again."""
    used = position({"iskandar": {"zone": "left"}}, used=["unit:iskandar:0:study"])
    assert "talent iskandar:study" not in legal(used)
    s = position({"iskandar": {"zone": "left"}}, used=["unit:iskandar:0:study"],
                 phase="preparation", turn=5)
    assert "talent iskandar:study" in legal(s)
