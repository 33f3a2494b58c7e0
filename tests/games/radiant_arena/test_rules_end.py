"""The End Phase: Revive Step (Mass Resurrect, Buyback), Shop Step, Draw Step."""

from __future__ import annotations

from tabletop.games.radiant_arena.rules import DISCARD, MAIN, REVIVE, SHOP

from .helpers import (
    assert_illegal,
    committed,
    dmg,
    found,
    happened,
    legal,
    play,
    position,
    u,
    zone,
)

A, B = 0, 1
R_REVIVE = "The End Phase — Revive Step"
R_SHOP = "The End Phase — Shop Step"
R_DRAW = "The End Phase — Draw Step"


def kod_at_turn_start(**fields):
    """A's turn begins with Alyn and Iskandar KO'd (at home); Mato is in play."""
    units = {"alyn": {"zone": "home", "item": "fury", "levelled": True},
             "iskandar": {"zone": "home"}, "mato": {"zone": "left", "damage": 9},
             "viggo": {"zone": "left"}}
    units.update(fields.pop("units", {}))
    return position(units, phase="preparation", turn=5, hands=[["time-lock"], []], **fields)


# --- Mass Resurrect -----------------------------------------------------------------------


def test_mass_resurrect_ruins_your_conduit_and_revives_everyone_kod_before_the_turn() -> None:
    """Revive Step: "To use Mass Resurrect, a player must ruin one of their consecrated
    conduits ... After any ruin effect has resolved, Mass Resurrect revives all your heroes
    who were not in play when the turn began." Revived heroes enter "on full health, ready,
    and in a location of your choice. Any items they had equipped remain equipped"."""
    s = kod_at_turn_start(conduits=[[{"id": "natures-bounty"}, {"id": "gift-of-the-elements"},
                                     {"id": "ancient-wisdom"}],
                                    [{"id": "smite"}, {"id": "natures-bounty"},
                                     {"id": "gift-of-the-elements"}]])
    play(s, "pass")
    assert s.phase == REVIVE
    assert {a for a in legal(s) if "mass" in a} == {
        "revive mass left", "revive mass center", "revive mass right"}
    play(s, "revive mass left")
    # Nature's Bounty resolves first: heal 3 from each friendly hero at its location.
    assert dmg(s, "mato") == 6
    assert s.ruined[A] == [True, False, False] and s.power == [0, 0]
    assert legal(s) == {"place alyn left", "place alyn center", "place alyn right"}
    play(s, "place alyn center")
    assert legal(s) == {"place iskandar left", "place iskandar center", "place iskandar right"}
    play(s, "place iskandar right")
    alyn = u(s, "alyn")
    assert zone(s, "alyn") == "center" and zone(s, "iskandar") == "right"
    assert s.item[alyn] == "fury" and s.lvl[alyn] == 1 and not s.comm[alyn] and s.dmg[alyn] == 0
    assert s.phase != REVIVE  # one revive per turn


def test_mass_resurrect_does_not_revive_a_hero_kod_this_turn() -> None:
    """Revive Step: "Heroes who were KO'd during the current turn cannot be revived using
    Mass Resurrect." Mato is KO'd in this action phase; Alyn was KO'd before it."""
    s = kod_at_turn_start()
    play(s, "attack mato", "target viggo", "no-clash", "no-clash")
    assert zone(s, "mato") == "home"
    play(s, "pass", "revive mass center", "place alyn left", "place iskandar left")
    assert zone(s, "mato") == "home"
    assert s.phase != REVIVE


def test_mass_resurrect_needs_a_hero_kod_before_the_turn_and_a_consecrated_conduit() -> None:
    """Revive Step: "you cannot use Mass Resurrect if all your conduits are already ruined";
    it revives only heroes "not in play when the turn began" (rule 21)."""
    s = position({"mato": {"zone": "left", "damage": 9}, "viggo": {"zone": "left"},
                  "alyn": {"zone": "center"}, "iskandar": {"zone": "center"}},
                 phase="preparation", turn=5)
    play(s, "attack mato", "target viggo", "no-clash", "no-clash", "pass")
    assert s.active == B and s.phase == MAIN  # nothing to revive: the end phase ran through
    s = kod_at_turn_start(units={"final-judge": {"zone": "center"},
                                 "iskandar": {"zone": "void"}}, banished=["iskandar", ""],
                          conduits=[[{"id": c, "ruined": True} for c in (
                              "natures-bounty", "gift-of-the-elements", "ancient-wisdom")],
                              [{"id": "smite"}, {"id": "natures-bounty"},
                               {"id": "gift-of-the-elements"}]])
    play(s, "pass")
    assert s.active == B and zone(s, "alyn") == "home"  # no conduit to ruin, no Buyback


def test_mass_resurrect_of_the_third_conduit_manifests_the_deity_first() -> None:
    """Manifestation: the third conduit ruined forces the deity to manifest; Revive Step:
    "After any ruin effect has resolved, Mass Resurrect revives" (rule 21: the deity may
    banish a KO'd hero, who is then not revived)."""
    s = kod_at_turn_start(conduits=[[{"id": "natures-bounty"},
                                     {"id": "gift-of-the-elements", "ruined": True},
                                     {"id": "ancient-wisdom", "ruined": True}],
                                    [{"id": "smite"}, {"id": "natures-bounty"},
                                     {"id": "gift-of-the-elements"}]])
    play(s, "pass", "revive mass left")
    assert s.to_act == A and all(a.startswith("manifest") for a in legal(s))
    play(s, "manifest final-judge right banish iskandar")
    assert legal(s) == {"place alyn left", "place alyn center", "place alyn right"}
    play(s, "place alyn left")
    assert zone(s, "iskandar") == "void" and zone(s, "final-judge") == "right"


# --- Buyback ------------------------------------------------------------------------------


def test_buyback_pays_5_flips_the_token_revives_one_hero_even_kod_this_turn() -> None:
    """Revive Step: "To use Buyback, a player must turn their buyback token face down and pay
    5 power. Buyback revives a single hero only but, unlike Mass Resurrect, can be used to
    revive a hero who was KO'd during this turn." """
    s = kod_at_turn_start(power=[6, 0])
    play(s, "attack mato", "target viggo", "no-clash", "no-clash", "pass")
    assert "revive buyback mato left" in legal(s)
    play(s, "revive buyback mato left")
    assert zone(s, "mato") == "left" and dmg(s, "mato") == 0 and not committed(s, "mato")
    assert s.buyback == [False, True]
    assert s.power == [6 - 5, 2]  # B gained 2 for the KO of Mato
    assert zone(s, "alyn") == "home" and zone(s, "iskandar") == "home"  # a single hero
    assert s.phase != REVIVE  # never both in one turn: no Mass Resurrect after it
    assert happened(s, "power_pay", seat=A, amount=5, total=1, reason="buyback")
    assert happened(s, "revive", seat=A, unit="mato", lane="left", how="buyback")


def test_buyback_needs_5_power_and_a_face_up_token() -> None:
    """Revive Step: "A player cannot use Buyback if their buyback token is already face
    down." and must "pay 5 power" (rule 20)."""
    s = kod_at_turn_start(power=[4, 0])
    play(s, "pass")
    assert not any("buyback" in a for a in legal(s))
    assert_illegal(s, "revive buyback alyn left", R_REVIVE)
    s = kod_at_turn_start(power=[9, 0], buyback=[False, True])
    play(s, "pass")
    assert not any("buyback" in a for a in legal(s))
    assert_illegal(s, "revive buyback alyn left", R_REVIVE)


def test_after_mass_resurrect_no_buyback_the_same_turn() -> None:
    """Revive Step: "You can only use one of these options in any given turn." """
    s = kod_at_turn_start(power=[9, 0])
    play(s, "attack mato", "target viggo", "no-clash", "no-clash", "pass")
    assert "revive buyback mato left" in legal(s) and "revive mass right" in legal(s)
    play(s, "revive mass right", "place alyn left", "place iskandar left")
    assert s.phase == SHOP and s.buyback == [True, True]
    assert_illegal(s, "revive buyback mato left", R_SHOP)


# --- Shop ---------------------------------------------------------------------------------


def test_shop_reveal_pay_equip_and_equip_effect() -> None:
    """Shop Step: "1. Reveal the item from your shop 2. Pay the item's power cost 3. A hero
    you control at any location equips the item ... 5. Resolve any Equip effects". Fury:
    +2 attack, "Equip: Recover this hero." """
    s = position({"alyn": {"zone": "left", "committed": True}, "mato": {"zone": "right"},
                  "iskandar": {"zone": "right"}}, power=[5, 0], hands=[["time-lock"], []])
    play(s, "pass")
    assert s.phase == SHOP
    assert "buy fury alyn" in legal(s) and "buy vile-infusion mato" in legal(s)
    assert "buy masterwork-boots alyn" in legal(s)
    assert s.view(B)["players"][A]["shop"] == 3
    play(s, "buy fury alyn")
    alyn = u(s, "alyn")
    assert s.item[alyn] == "fury" and s.attack_of(alyn) == 5 and not s.comm[alyn]
    assert s.power == [1, 0] and "fury" not in s.shops[A]
    assert found(s, "buy", seat=B) == [{"seat": A, "item": "fury", "cost": 4, "unit": "alyn",
                                         "shop": 2}]


def test_shop_equipping_destroys_the_previous_item() -> None:
    """Shop Step: "4. If that hero already had an item equipped, destroy that item (heroes
    may not have more than one item equipped at any given time)". Discard Pile: "items that
    have been destroyed are placed here." """
    s = position({"mato": {"zone": "left", "item": "vile-infusion"}}, power=[7, 0],
                 buyback=[False, True],
                 shops=[["fury", "masterwork-boots"], ["wurmbane"]], hands=[["time-lock"], []])
    play(s, "pass", "buy fury mato")
    assert s.item[u(s, "mato")] == "fury"
    assert s.discards[A] == ["vile-infusion"]
    assert happened(s, "item_destroyed", seat=A, item="vile-infusion", unit="mato")


def test_shop_several_items_while_power_lasts_then_pass() -> None:
    """Glossary — Shop Step: "You may buy as many items from your shop as you want in a single
    turn, as long as you can afford to pay the costs." Only in-play heroes equip."""
    s = position({"alyn": {"zone": "left"}, "mato": {"zone": "left"},
                  "iskandar": {"zone": "home"}}, buyback=[False, True],
                 power=[7, 0], hands=[["time-lock"], []])
    play(s, "pass")
    assert not any(a.endswith("iskandar") for a in legal(s) if a.startswith("buy"))
    play(s, "buy fury alyn", "buy masterwork-boots mato")
    assert s.power == [0, 0] and s.phase != SHOP
    s = position({"alyn": {"zone": "left"}}, power=[9, 0], hands=[["time-lock"], []],
                 buyback=[False, True])
    play(s, "pass", "pass")
    assert s.phase != SHOP and s.power == [9, 0] and s.item[u(s, "alyn")] == ""


def test_sun_gods_gauntlet_equip_heals_and_adds_attack() -> None:
    """Items, Fig. 1.1: "Her Attack stat is now 4, because the item adds +1 to her Attack."
    Sun God's Gauntlet: "Equip: Heal 2 damage from this hero." """
    s = position({"viggo": {"zone": "left", "damage": 3}}, active=B, power=[0, 3],
                 hands=[[], ["zeal"]])
    play(s, "pass", "buy sun-gods-gauntlet viggo")
    viggo = u(s, "viggo")
    assert s.attack_of(viggo) == 4 and s.dmg[viggo] == 1


# --- Draw ---------------------------------------------------------------------------------


def test_draw_step_draws_one_card_and_passes_the_turn() -> None:
    """Draw Step: "1. The active player draws a single card from the top of their skill deck
    ... 3. Any remaining action points are lost without effect ... 5. The active player's
    turn ends, and their opponent's turn begins"."""
    s = position({"alyn": {"zone": "left"}}, hands=[["time-lock"], []],
                 deck_tops=[["time-lock", "red-harvest"], []])
    assert s.ap == 3
    play(s, "pass")
    assert s.hands[A] == ["time-lock", "red-harvest"]  # the top card
    assert s.active == B and s.ap == 3  # A's 3 unused points are gone, not carried over
    # B learns that A drew, and the sizes, not the card; A's own copy names it.
    assert found(s, "draw", seat=B)[-1] == {"seat": A, "hand": 2, "deck": 28}
    assert found(s, "draw", seat=A)[-1] == {"seat": A, "card": "red-harvest", "hand": 2,
                                            "deck": 28}


def test_draw_step_discards_down_to_7() -> None:
    """Draw Step: "2. If the active player now has eight or more cards in their hand, they
    must discard cards of their choice until they have only seven cards remaining"."""
    hand = ["time-lock"] * 3 + ["red-harvest"] * 3 + ["massacre"]
    s = position({"alyn": {"zone": "left"}}, hands=[hand, []],
                 deck_tops=[["arcane-evocation"], []])
    play(s, "pass")
    assert s.phase == DISCARD and s.to_act == A
    assert legal(s) == {"discard time-lock", "discard red-harvest", "discard massacre",
                        "discard arcane-evocation"}
    assert_illegal(s, "pass", R_DRAW)
    play(s, "discard massacre")
    assert len(s.hands[A]) == 7 and s.discards[A] == ["massacre"]
    assert s.active == B


def test_hand_of_7_after_drawing_is_kept() -> None:
    """Draw Step: only eight or more cards force a discard."""
    hand = ["time-lock"] * 3 + ["red-harvest"] * 3
    s = position({"alyn": {"zone": "left"}}, hands=[hand, []],
                 deck_tops=[["arcane-evocation"], []])
    play(s, "pass")
    assert len(s.hands[A]) == 7 and s.active == B


def test_turn_bonuses_expire_at_the_end_of_the_turn() -> None:
    """Draw Step: "4. Any effects that trigger or expire at the end of a player's turn do so
    now". Savage Might: +2 attack until the end of the turn."""
    s = position({"bran": {"zone": "left"}}, active=B, hands=[[], ["savage-might"]])
    play(s, "talent bran:savage-might")
    assert s.attack_of(u(s, "bran")) == 4
    play(s, "pass")
    assert s.attack_of(u(s, "bran")) == 2 and s.active == A
