"""The rulebook's worked examples (its figures and FAQ), one test each, played through the
engine from a position. Numbers the rulebook gives are checked exactly."""

from __future__ import annotations

from tabletop.games.radiant_arena.combat import armor_in_combat as combat_armor
from tabletop.games.radiant_arena.combat import attack_in_combat as combat_attack
from tabletop.games.radiant_arena.combat import clash_values

from .helpers import (
    assert_illegal,
    committed,
    dmg,
    happened,
    index_of,
    legal,
    play,
    position,
    scenario_file,
    u,
    zone,
)

B = 1


def test_bran_spark_of_divinity_and_natures_wrath_has_7_attack_1_armor() -> None:
    """Combat — Step One (figure): "Bran's total attack is 7 (2, +3 for the Spark of
    Divinity, and then +2 for clashing with Nature's Wrath). His total armor is 1 (0
    normally, +1 for Clashing with Nature's Wrath)." """
    s = position({"bran": {"zone": "center", "item": "spark-of-divinity"},
                  "mato": {"zone": "center"}},
                 active=B, hands=[[], ["natures-wrath"]], deck_ids=("a", "b-spark"))
    assert s.attack_of(u(s, "bran")) == 5 and s.armor_of(u(s, "bran")) == 0
    play(s, "attack bran", "target mato", "clash natures-wrath")
    bran = u(s, "bran")
    assert combat_attack(s, bran) == 7
    assert combat_armor(s, bran) == 1
    assert s.view(B)["combat"]["attack"] == 7  # Bran's player sees his own clash card
    play(s, "no-clash")
    assert happened(s, "resolution", attack=7, defence=2)
    assert dmg(s, "mato") == 7 - 1  # Mato's armor 1
    assert dmg(s, "bran") == 2 - 1  # Bran's armor 1 against Mato's attack 2


def test_bran_committed_defending_with_10000_drills_has_1_attack_3_armor() -> None:
    """Combat — Step One (figure): "Bran is being attacked. Because he is committed and
    defending, his attack value is 0. He clashes with 10,000 Drills, which adds +1 to his
    attack and armor. The clash effect gives him +2 to either stat; he chooses defense. His
    total stats are: 1 attack, 3 armor." """
    s = position({"iskandar": {"zone": "center"}, "bran": {"zone": "center", "committed": True}},
                 hands=[["red-harvest"], ["10000-drills"]], deck_ids=("a", "b-drills"))
    play(s, "attack iskandar", "target bran", "clash red-harvest", "clash 10000-drills")
    assert s.to_act == B and legal(s) == {"choose attack", "choose armor"}
    bran = u(s, "bran")
    assert clash_values(s, bran) == (1, 1)
    assert (combat_attack(s, bran), combat_armor(s, bran)) == (1, 1)
    play(s, "choose armor")
    assert happened(s, "resolution", attack=5, defence=1)
    assert dmg(s, "bran") == 5 - 3  # Iskandar 2 + Red Harvest 3 against armor 3
    assert dmg(s, "iskandar") == 0  # Bran's 1 attack against Iskandar's 1 armor


def test_lifelink_splits_itotias_9_damage_between_brighid_and_grandfather() -> None:
    """FAQ — How does Lifelink work?: "Itotia is attacking Brighid. She has clashed two 3
    Attack cards and will deal 9 damage. Brighid has clashed Lifelink and shunts half of the
    damage (rounded up – so 5 points of damage) off to Grandfather. Grandfather's armor
    reduces his share of the damage by 1 and he takes 4 points of damage. Brighid has no
    armor and takes 4 points of damage." (Loaded from scenarios/lifelink.toml.)"""
    s = scenario_file("lifelink")
    play(s, "attack itotia", "target brighid", "clash twin-strike", "clash lifelink")
    # Twin Strike grants Itotia a second clash: played face up, resolved at once.
    assert s.to_act == 0 and legal(s) == {"clash heavy-blow", "no-clash"}
    play(s, "clash heavy-blow")
    assert happened(s, "resolution", attack=9, defence=3)
    assert dmg(s, "grandfather") == 4
    assert dmg(s, "brighid") == 4
    assert dmg(s, "itotia") == 3  # Brighid 2 + Lifelink 1


def test_mato_with_6_damage_clashes_battle_frenzy_for_5_attack() -> None:
    """FAQ — How do Mato's skill cards work?: "if a hero who has taken 6 damage clashes a
    battle frenzy, that card will get +2 Attack when its clash effect resolves for a total
    of 5 Attack!" Mato's own attack is 2: 2 + 5 = 7."""
    s = position({"mato": {"zone": "center", "damage": 6}, "viggo": {"zone": "center"}},
                 hands=[["battle-frenzy"], []])
    play(s, "attack mato", "target viggo", "clash battle-frenzy")
    assert legal(s) == {"no-clash"}  # an empty hand cannot clash
    play(s, "no-clash")
    assert happened(s, "boost", unit="mato", attack_bonus=2, armor_bonus=0)
    assert happened(s, "resolution", attack=7, defence=3)
    assert zone(s, "viggo") == "home"  # 7 damage: Viggo (no armor, 7 health) is KO'd
    assert dmg(s, "mato") == 6 + 2


def test_wrathlord_negates_his_ko_no_ko_power_but_1_for_the_conduit() -> None:
    """FAQ — Do I gain any power when I KO the Wrathlord?: "The Wrathlord's ability negates
    KOs when used, so you do not gain the 2 power for KOing a hero when you reduce the big
    guy to 0 health. However, because his conduit is ruined during the action phase, you do
    gain 1 power for the destruction of your opponent's conduit." (Loaded from
    scenarios/wrathlord.toml.)"""
    s = scenario_file("wrathlord")
    play(s, "attack alyn", "target wrathlord", "clash red-harvest", "no-clash")
    # 6 attack - 1 armor = 5 damage: 18 of 15. His controller picks the conduit to ruin.
    assert s.to_act == B and legal(s) == {"lane left", "lane center", "lane right"}
    play(s, "lane right")
    assert zone(s, "wrathlord") == "center" and dmg(s, "wrathlord") == 0
    assert s.ruined[B] == [False, False, True]
    assert s.power == [1, 0]  # 1 for the conduit, none for a KO
    assert not happened(s, "ko", unit="wrathlord")
    assert not s.is_over


def test_wrathlord_without_conduits_is_kod_and_the_game_is_won_without_power() -> None:
    """FAQ — Do I gain any power when I KO the Wrathlord?: "If he has no conduits left when
    you KO him you don't gain any power because you just won the game." """
    ruined = [{"id": c, "ruined": True} for c in ("natures-bounty", "ancient-wisdom", "smite")]
    s = position({"alyn": {"zone": "center"},
                  "wrathlord": {"zone": "center", "damage": 13}},
                 deck_ids=("a", "ex-b"), conduits=[
                     [{"id": c} for c in ("gift-of-the-elements", "natures-bounty",
                                          "ancient-wisdom")], ruined])
    play(s, "attack alyn", "target wrathlord", "no-clash", "no-clash")
    assert s.is_over
    outcome = s.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert happened(s, "ko", unit="wrathlord", lane="center", source="alyn")
    assert s.power == [0, 0]


def test_maka_sniping_from_another_lane_only_the_defenders_lane_may_block() -> None:
    """FAQ — When Maka attacks me from another lane, who gets to block?: "Only heroes who
    are in the same lane as the defending hero can block Maka's attacks when she's sniping
    you from another lane. A hero who is in Maka's lane cannot block her attacks when she is
    shooting someone elsewhere." """
    s = position({"maka": {"zone": "center"}, "eleanor": {"zone": "center"},
                  "viggo": {"zone": "left"}, "bran": {"zone": "left"}},
                 deck_ids=("ex-a", "b"))
    play(s, "talent maka:snipe")
    assert legal(s) == {"target viggo", "target bran"}  # heroes in other lanes only
    play(s, "target viggo")
    assert committed(s, "maka")
    assert s.to_act == B and legal(s) == {"block bran", "no-block"}  # not Eleanor
    assert_illegal(s, "block eleanor", "Combat — Blocking")
    play(s, "block bran", "no-clash", "no-clash")
    assert happened(s, "resolution", attack=3, defence=0)
    assert dmg(s, "bran") == 3 and dmg(s, "viggo") == 0 and dmg(s, "maka") == 0


def test_bran_levels_up_flips_then_recovers_and_heals_2_both_versions_in_one_turn() -> None:
    """FAQ — Does a hero flip over or recover first when levelling up?: "Flip first, then
    recover ... If a damaged Bran is committed when he levels up ... he gets the more
    powerful version, and heals 2 damage." FAQ — Can I use both versions of a hero's
    ability on the turn I level them up?: "heal a hero using Bran's ability, level him up
    and heal another hero using the more powerful version of his ability in the same
    turn." """
    s = position({"bran": {"zone": "center", "damage": 4, "committed": True},
                  "eleanor": {"zone": "center", "damage": 3}},
                 active=B, power=[0, 3])
    play(s, "talent bran:heal", "target eleanor")
    assert dmg(s, "eleanor") == 2  # the basic heal: 1
    assert "talent bran:heal" not in legal(s)  # Cooldown
    play(s, "level bran")
    assert s.lvl[u(s, "bran")] == 1 and not committed(s, "bran") and s.power[B] == 0
    assert index_of(s, "level_up", unit="bran") < index_of(s, "recover", unit="bran",
                                                             cause="level_up")
    assert "talent bran:heal" in legal(s)  # the levelled version is a separate ability
    play(s, "talent bran:heal", "target bran")
    assert dmg(s, "bran") == 2  # the levelled heal: 2
    assert "talent bran:heal" not in legal(s)
    assert s.ap == 0


def test_bran_levelling_up_in_the_middle_of_a_combat_recovers_at_once() -> None:
    """Glossary — Level Up (state change): "If a hero is committed when they level up, they
    recover immediately (even if it is your opponent's turn or in the middle of combat)."
    FAQ: flip first, then recover. (Sudden Insight is a test card: "Clash: Level up this
    hero.")"""
    s = position({"bran": {"zone": "center", "damage": 3}, "alyn": {"zone": "center"}},
                 active=B, hands=[[], ["sudden-insight"]], deck_ids=("a", "b-probe"))
    play(s, "attack bran", "target alyn", "clash sudden-insight", "no-clash")
    bran = u(s, "bran")
    assert s.lvl[bran] == 1 and not s.comm[bran]
    assert index_of(s, "level_up", unit="bran") < index_of(s, "recover", unit="bran",
                                                             cause="level_up")
    # The levelled Bran fights: attack 3 + 1, armor 1.
    assert happened(s, "resolution", attack=4, defence=3)
    assert dmg(s, "bran") == 3 + 2
    assert dmg(s, "alyn") == 3 - 1  # Alyn heals 1 after dealing combat damage
    assert "attack bran" in legal(s)  # ready again after the combat
    play(s, "talent bran:heal")  # only Bran is at his location: no target to ask
    assert dmg(s, "bran") == 3
