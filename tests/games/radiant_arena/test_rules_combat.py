"""Combat: participants, blocking, Taunt, the hidden clash, clash effects, resolution
(committed defenders, combined attack, simultaneous damage, conduits), Vanguard."""

from __future__ import annotations

import json

from tabletop.games.radiant_arena.combat import attack_in_combat as combat_attack
from tabletop.games.radiant_arena.rules import CLASH_A, MAIN

from .helpers import (
    assert_illegal,
    committed,
    dmg,
    found,
    happened,
    index_of,
    legal,
    play,
    position,
    u,
    zone,
)

A, B = 0, 1
R_PARTICIPANTS = "Combat — Step One: Determine Participants"
R_BLOCK = "Combat — Blocking"
R_CLASH = "Combat — Step Two: Clash"
R_PARTIAL = "FAQ — I can only partially resolve a card's effects. What should I do?"
R_READY = "Key Concepts — Committed, Ready, and Recovering"


# --- Step One: participants, target, blocks ---------------------------------------------


def test_participants_and_target_choice() -> None:
    """Step One: "All heroes who participated in the Attack action ... become the attackers.
    1. The attacking player chooses the target of the attack; an enemy hero or conduit at
    the same location as the attackers. ... 3. The defending hero or conduit becomes the
    defender." """
    s = position({"alyn": {"zone": "left"}, "mato": {"zone": "left"},
                  "viggo": {"zone": "left"}, "bran": {"zone": "left", "committed": True}})
    play(s, "attack alyn", "with mato")
    assert legal(s) == {"target viggo", "target bran", "target conduit"}
    play(s, "target bran")
    assert s.to_act == B and legal(s) == {"block viggo", "no-block"}
    play(s, "no-block")
    view = s.view(A)["combat"]
    assert view["attackers"] == ["alyn", "mato"] and view["defender"] == "bran"
    assert s.phase == CLASH_A


def test_block_by_one_ready_hero_at_the_targets_location_not_the_target() -> None:
    """Blocking: "In order to block an attack, a hero must be ready and at the same location
    as the target of the attack ... only one hero may block the attack. Once a block has
    been announced, commit the hero who is blocking ... A hero may not block attacks against
    themselves." The original target "takes no further part in the combat"."""
    s = position({"alyn": {"zone": "left"}, "viggo": {"zone": "left"},
                  "eleanor": {"zone": "left", "committed": True}, "bran": {"zone": "left"},
                  "mato": {"zone": "center"}}, hands=[["red-harvest"], []])
    play(s, "attack alyn", "target viggo")
    assert legal(s) == {"block bran", "no-block"}
    assert_illegal(s, "block viggo", R_BLOCK)  # the target itself
    assert_illegal(s, "block eleanor", R_BLOCK)  # committed
    assert_illegal(s, "block oracle", R_BLOCK)  # another lane
    play(s, "block bran")
    assert committed(s, "bran") and s.combat is not None and s.combat.blocked
    assert s.view(B)["combat"]["defender"] == "bran"
    play(s, "clash red-harvest", "no-clash")
    assert dmg(s, "viggo") == 0
    assert dmg(s, "bran") == 6  # the blocker takes the attack
    assert dmg(s, "alyn") == 0  # a committed blocker's attack is 0


def test_block_an_attack_on_a_conduit_then_clash() -> None:
    """Blocking: "Heroes may block attacks against conduits or other heroes". The blocker
    becomes the defender, so every participant is a hero and the clash step happens
    (Step Two)."""
    s = position({"alyn": {"zone": "left"}, "eleanor": {"zone": "left"}},
                 hands=[["red-harvest"], ["defiance"]])
    play(s, "attack alyn", "target conduit")
    assert legal(s) == {"block eleanor", "no-block"}
    play(s, "block eleanor")
    assert s.phase == CLASH_A and "clash red-harvest" in legal(s)
    play(s, "clash red-harvest", "clash defiance")
    assert s.cdmg[B] == [0, 0, 0]
    assert not committed(s, "eleanor")  # Defiance: "Recover this hero."
    # Alyn 3 + 3 against armor 1 + 3: 2 damage; the recovered Eleanor deals 2 + 0 back and
    # then heals 1 from each friendly hero at her location (herself).
    assert happened(s, "damage", unit="eleanor", amount=2, after=2, health=9, combat=True)
    assert dmg(s, "eleanor") == 1


def test_taunt_restricts_attack_targets_to_taunt_heroes() -> None:
    """Keywords — Taunt: "While you control at least one ready hero with Taunt at a
    location, enemy heroes may not attack your heroes without Taunt at that location."
    Conduits are not heroes (docs/rules/radiant-arena.md, rule 1)."""
    s = position({"alyn": {"zone": "left"}, "eleanor": {"zone": "left"},
                  "viggo": {"zone": "left"}})
    play(s, "attack alyn")
    assert legal(s) == {"target eleanor", "target conduit"}
    assert_illegal(s, "target viggo", R_PARTICIPANTS)
    # A committed Taunt hero protects no one.
    s = position({"alyn": {"zone": "left"}, "eleanor": {"zone": "left", "committed": True},
                  "viggo": {"zone": "left"}})
    play(s, "attack alyn")
    assert legal(s) == {"target eleanor", "target viggo", "target conduit"}


def test_taunt_from_an_item_and_only_at_its_location() -> None:
    """Keywords — Taunt: "at that location". Crusader's Guard: "This hero has Taunt." """
    s = position({"alyn": {"zone": "left"}, "viggo": {"zone": "left", "item": "crusaders-guard"},
                  "bran": {"zone": "left"}, "eleanor": {"zone": "center"}})
    play(s, "attack alyn")
    assert legal(s) == {"target viggo", "target conduit"}


def test_taunt_applies_at_the_target_location_of_makas_snipe() -> None:
    """Keywords — Taunt, with FAQ — When Maka attacks me from another lane: Taunt is judged
    at the target's location (docs/rules/radiant-arena.md, Scripts: snipe; rule 1)."""
    s = position({"maka": {"zone": "center"}, "eleanor": {"zone": "left"},
                  "viggo": {"zone": "left"}, "bran": {"zone": "right"}},
                 deck_ids=("ex-a", "b"))
    play(s, "talent maka:snipe")
    assert legal(s) == {"target eleanor", "target bran"}  # not Viggo behind Eleanor


def test_maka_cannot_snipe_while_committed_or_without_a_target() -> None:
    """Committed, Ready, and Recovering: "Committed heroes cannot do anything that would
    require them to become committed (such as attack ...)"; rule 15: a talent whose first
    step cannot resolve is not offered (the snipe commits Maka and needs an enemy hero in
    another lane)."""
    s = position({"maka": {"zone": "center", "committed": True}, "viggo": {"zone": "left"}},
                 deck_ids=("ex-a", "b"))
    assert "talent maka:snipe" not in legal(s)
    assert_illegal(s, "talent maka:snipe", R_READY)  # committing her is its cost
    s = position({"maka": {"zone": "center"}, "viggo": {"zone": "center"}},
                 deck_ids=("ex-a", "b"))
    assert "talent maka:snipe" not in legal(s)


# --- Step Two: the clash ----------------------------------------------------------------


def test_no_clash_step_against_a_conduit() -> None:
    """Step Two: "There is no clash step in combats where the defender is a conduit." """
    s = position({"mato": {"zone": "left"}}, hands=[["battle-frenzy"], ["sunder"]])
    play(s, "attack mato", "target conduit")
    assert s.phase == MAIN and not any(a.startswith("clash") for a in legal(s))
    assert s.hands == [["battle-frenzy"], ["sunder"]]
    assert s.cdmg[B][0] == 2


def test_clash_is_hidden_until_both_have_chosen() -> None:
    """Clash Cards: "their controller plays a single card from their hand face down"; Step
    Two: "3. Reveal all clash cards simultaneously." The defender chooses without seeing
    the attacker's card."""
    s = position({"alyn": {"zone": "left"}, "viggo": {"zone": "left"}},
                 hands=[["red-harvest", "time-lock"], ["sunder"]])
    play(s, "attack alyn", "target viggo", "clash red-harvest")
    assert s.to_act == B
    seen = s.view(B)["combat"]
    assert seen["clashes"] == [{"hero": "alyn", "card": None, "face_up": False,
                                "ultimate": None, "effects": None}]
    assert seen["attack"] == 3  # only what B has seen
    assert s.view(B)["players"][A]["hand"] == 1 and "cards" not in s.view(B)["players"][A]
    # B's copy of the clash event has no card field, and nothing B sees names the card.
    assert found(s, "clash", seat=B) == [{"seat": A, "unit": "alyn", "hand": 1}]
    assert s.events_for(B)[-1].text == "Alyn clashes a card face down."
    assert "red-harvest" not in json.dumps([e.to_json() for e in s.events_for(B)])
    assert s.view(A)["combat"]["clashes"][0]["card"] == "red-harvest"
    assert found(s, "clash", seat=A) == [{"seat": A, "unit": "alyn", "card": "red-harvest",
                                          "hand": 1}]
    play(s, "clash sunder")
    assert found(s, "reveal", seat=B, unit="alyn") == [
        {"seat": A, "unit": "alyn", "card": "red-harvest", "attack": 3, "armor": 0}]
    assert found(s, "reveal", seat=A, unit="viggo") == [
        {"seat": B, "unit": "viggo", "card": "sunder", "attack": 2, "armor": 0}]


def test_only_one_attacking_hero_clashes_in_a_team_attack() -> None:
    """Step Two: "1. The attacking hero may clash once. In a team attack, only one attacking
    hero may clash." The attacking player names the hero (clash ... by ...)."""
    s = position({"alyn": {"zone": "left"}, "mato": {"zone": "left", "damage": 6}},
                 hands=[["battle-frenzy", "red-harvest"], []])
    play(s, "attack alyn", "with mato", "target conduit", "assign alyn")
    assert s.cdmg[B][0] == 5  # no clash against a conduit
    s = position({"alyn": {"zone": "left"}, "mato": {"zone": "left", "damage": 6},
                  "bran": {"zone": "left"}}, hands=[["battle-frenzy", "red-harvest"], []])
    play(s, "attack alyn", "with mato", "target bran")
    assert legal(s) == {f"clash {k} by {h}" for k in ("battle-frenzy", "red-harvest")
                        for h in ("alyn", "mato")} | {"no-clash"}
    play(s, "clash battle-frenzy by mato")
    assert s.to_act == B and legal(s) == {"no-clash"}  # one clash for the attacking side
    play(s, "no-clash", "assign alyn")
    # the clashing hero's damage
    assert happened(s, "boost", unit="mato", attack_bonus=2, armor_bonus=0)
    assert happened(s, "resolution", attack=10, defence=2)


def test_attackers_clash_effects_resolve_before_the_defenders() -> None:
    """Step Two: "4. Resolve all clash effects on clash cards played by attacking heroes. 5.
    Resolve all clash effects on clash cards played by the defending hero." Test of Arms
    (1 Piercing to each opposing hero) lands before Viggo's Blood Drunk heals him 2."""
    s = position({"alyn": {"zone": "left"}, "viggo": {"zone": "left"}},
                 hands=[["test-of-arms"], ["blood-drunk"]])
    play(s, "attack alyn", "target viggo", "clash test-of-arms", "clash blood-drunk")
    assert index_of(s, "damage", unit="viggo", amount=1, piercing=True) < index_of(
        s, "heal", unit="viggo")
    assert dmg(s, "viggo") == 0 + (3 + 2)  # healed to 0 before combat damage


def test_clash_effects_are_mandatory_domination_forces_a_discard() -> None:
    """FAQ — Are clash effects mandatory?: "the only way to avoid discarding cards to Viggo's
    Domination card is by having an empty hand". Domination: "Your opponent discards a
    card." (of their choice)"""
    s = position({"viggo": {"zone": "left"}, "alyn": {"zone": "left"}}, active=B,
                 hands=[["time-lock", "arcane-evocation", "red-harvest"], ["domination"]])
    play(s, "attack viggo", "target alyn", "clash domination", "clash red-harvest")
    assert s.to_act == A
    assert legal(s) == {"discard time-lock", "discard arcane-evocation"}  # no way out
    assert_illegal(s, "pass", "Combat — Clash Cards & Clash Effects")
    play(s, "discard time-lock")
    assert s.hands[A] == ["arcane-evocation"] and "time-lock" in s.discards[A]
    # With an empty hand there is nothing to discard.
    s = position({"viggo": {"zone": "left"}, "alyn": {"zone": "left"}}, active=B,
                 hands=[["red-harvest"], ["domination"]])
    play(s, "attack viggo", "target alyn", "clash domination", "clash red-harvest")
    assert s.phase == MAIN and s.discards[A] == ["red-harvest"]


def test_additional_clash_is_face_up_and_resolves_at_once() -> None:
    """Clash Cards: "Clash cards played outside the usual sequence ... are played face up
    and any additional clash effects from those cards ... resolve immediately." Zeal grants
    a second clash; Defiance recovers the blocking Eleanor, so her attack is not 0."""
    s = position({"alyn": {"zone": "left"}, "eleanor": {"zone": "left"}},
                 hands=[[], ["zeal", "defiance", "sunder"]])
    play(s, "attack alyn", "target conduit", "block eleanor", "no-clash", "clash zeal")
    assert s.to_act == B and legal(s) == {"clash defiance", "clash sunder", "no-clash"}
    play(s, "clash defiance")
    # Face up: player A sees the card at once.
    assert found(s, "extra_clash", seat=A) == [{"seat": B, "unit": "eleanor", "card": "defiance",
                                                "attack": 0, "armor": 3, "hand": 1}]
    assert not committed(s, "eleanor")
    # Eleanor: ready again, attack 2 + 0 + 0; Alyn: armor 1.
    assert happened(s, "resolution", attack=3, defence=2)
    assert dmg(s, "eleanor") == 0  # 3 against armor 1 + 1 + 3
    assert dmg(s, "alyn") == 1
    assert sorted(s.discards[B]) == ["defiance", "zeal"]


# --- Step Three: resolution -------------------------------------------------------------


def test_committed_defender_attack_is_0_before_clash_values() -> None:
    """Step Three: "1. If the defender is a hero and they are committed, set their attack
    stat to 0. 2. Heroes gain a bonus ... equal to the corresponding combat value on any
    clash cards ... This bonus can raise a committed defender's attack stat above 0
    again." """
    s = position({"alyn": {"zone": "left"}, "viggo": {"zone": "left", "committed": True}})
    play(s, "attack alyn", "target viggo", "no-clash", "no-clash")
    assert dmg(s, "alyn") == 0
    s = position({"alyn": {"zone": "left"}, "viggo": {"zone": "left", "committed": True}},
                 hands=[[], ["blood-drunk"]])
    play(s, "attack alyn", "target viggo", "no-clash", "clash blood-drunk")
    assert dmg(s, "alyn") == 3 - 1 - 1  # 0 + 3; armor 1; Alyn heals 1 after dealing damage


def test_a_merely_targeted_ready_defender_keeps_its_attack() -> None:
    """Blocking vs Defending: the target is defending but not blocking; only a committed
    defender's attack is set to 0 (Step Three), and being targeted does not commit."""
    s = position({"alyn": {"zone": "left"}, "viggo": {"zone": "left"}})
    play(s, "attack alyn", "target viggo", "no-clash", "no-clash")
    assert not committed(s, "viggo")
    assert dmg(s, "alyn") == 3 - 1 - 1


def test_team_attack_combines_attack_one_action() -> None:
    """Step Three: "3. Add the modified total attack of all attacking heroes together. 4.
    Attacking heroes ... deal damage equal to their combined attack value". Now Let's Play:
    "Ruin an undamaged conduit with a single team attack" (Fury: +2 attack)."""
    s = position({"alyn": {"zone": "left", "item": "fury"}, "mato": {"zone": "left"},
                  "iskandar": {"zone": "left"}})
    play(s, "attack alyn", "with mato", "with iskandar", "target conduit", "assign iskandar")
    assert s.ap == 2
    assert happened(s, "resolution", attack=9, defence=2)  # (3 + 2) + 2 + 2
    assert s.ruined[B][0]


def test_the_defending_player_chooses_which_attacker_takes_the_damage() -> None:
    """Step Three: "The defending hero deals damage equal to their modified attack value to
    a single attacking hero of their choice." """
    s = position({"alyn": {"zone": "left"}, "mato": {"zone": "left"},
                  "viggo": {"zone": "left"}})
    play(s, "attack alyn", "with mato", "target viggo", "no-clash", "no-clash")
    assert s.to_act == B and legal(s) == {"assign alyn", "assign mato"}
    play(s, "assign mato")
    assert dmg(s, "mato") == 3 - 1 and dmg(s, "alyn") == 0
    assert dmg(s, "viggo") == 5


def test_a_conduit_deals_its_attack_back_chosen_by_its_owner() -> None:
    """Step Three: "Attacking heroes, or conduits, deal damage ... The defending hero deals
    damage equal to their modified attack value to a single attacking hero of their
    choice." A consecrated conduit has attack 2 (docs/rules/radiant-arena.md, rule 8)."""
    s = position({"iskandar": {"zone": "left"}})
    play(s, "attack iskandar", "target conduit")
    assert s.cdmg[B][0] == 2 and dmg(s, "iskandar") == 2 - 1
    s = position({"iskandar": {"zone": "left"}, "mato": {"zone": "left"}})
    play(s, "attack iskandar", "with mato", "target conduit")
    assert s.to_act == B and legal(s) == {"assign iskandar", "assign mato"}
    play(s, "assign mato")
    assert dmg(s, "mato") == 1 and dmg(s, "iskandar") == 0 and s.cdmg[B][0] == 4


def test_combat_damage_is_simultaneous() -> None:
    """Step Three: "All damage is dealt simultaneously." Both heroes are KO'd; each player
    gains 2 power (Power)."""
    s = position({"alyn": {"zone": "left", "damage": 6}, "viggo": {"zone": "left", "damage": 6}})
    play(s, "attack alyn", "target viggo", "no-clash", "no-clash")
    assert zone(s, "alyn") == "home" and zone(s, "viggo") == "home"
    assert s.power == [2, 2]


def test_one_point_dealt_means_every_attacker_dealt_damage() -> None:
    """Step Three: "During a team attack, as long as at least one point of damage is dealt
    to the defender, all attacking heroes are considered to have dealt damage." Alyn: "After
    this hero deals combat damage, heal 1 damage from this hero" — he heals although the
    defender's armor absorbs more than his own attack."""
    s = position({"alyn": {"zone": "left", "damage": 2}, "mato": {"zone": "left"},
                  "octavian": {"zone": "left"}}, deck_ids=("a", "ex-b"),
                 hands=[["battle-frenzy"], []])
    play(s, "attack alyn", "with mato", "target octavian", "clash battle-frenzy by mato",
         "no-clash", "assign mato")
    assert dmg(s, "octavian") == 3 + 2 + 3 - 2
    assert dmg(s, "alyn") == 1


def test_vanguard_attacker_takes_the_defenders_damage_others_take_none() -> None:
    """Keywords — Vanguard: "While a hero with Vanguard is attacking, other heroes controlled
    by the same player cannot take damage." The levelled Viggo has Vanguard: the defender's
    damage can only go to him (rule 10), and Test of Arms cannot hurt Eleanor (rule 11)."""
    s = position({"viggo": {"zone": "left", "levelled": True}, "eleanor": {"zone": "left"},
                  "alyn": {"zone": "left"}}, active=B, hands=[["test-of-arms"], []])
    play(s, "attack viggo", "with eleanor", "target alyn", "no-clash", "clash test-of-arms")
    assert s.phase == MAIN  # no "assign": only Viggo can take damage
    assert dmg(s, "eleanor") == 0
    assert happened(s, "damage_prevented", unit="eleanor", by="viggo")
    assert dmg(s, "viggo") == 1 + (3 + 2 - 1) - 1  # Test of Arms, Alyn's blow; Eleanor heals 1


def test_a_clash_that_commits_the_ready_defender_sets_its_attack_to_0() -> None:
    """Step Three, 1: readiness of the defender is checked at resolution (rule 9). Blinding
    Light: "Commit an opposing hero." """
    s = position({"eleanor": {"zone": "left"}, "alyn": {"zone": "left"}}, active=B,
                 hands=[[], ["blinding-light"]])
    play(s, "attack eleanor", "target alyn", "clash blinding-light", "no-clash")
    assert committed(s, "alyn")
    assert dmg(s, "eleanor") == 0
    assert combat_attack(s, u(s, "alyn")) == 3  # after the combat: no longer the defender


def test_team_attack_with_mixed_piercing_damage() -> None:
    """Special Damage Types with Step Three: the combined attack is one amount; armor reduces
    only the share that is not Piercing (docs/rules/radiant-arena.md, rule 13). Viggo's
    Sunder makes his 5 Piercing; Eleanor's 2 meets Mato's armor 1."""
    s = position({"viggo": {"zone": "left"}, "eleanor": {"zone": "left"},
                  "mato": {"zone": "left"}}, active=B, hands=[[], ["sunder"]])
    play(s, "attack viggo", "with eleanor", "target mato", "clash sunder by viggo", "no-clash",
         "assign viggo")
    assert dmg(s, "mato") == 5 + (2 - 1)


def test_an_attacker_kod_by_a_clash_effect_leaves_the_combat() -> None:
    """Step Three, 3: "Add the modified total attack of all attacking heroes together" —
    a hero KO'd by a clash effect before resolution is no longer an attacker (rule 16).
    Retribution (the levelled Eleanor's Ultimate Clash): "Deal 3 Piercing damage to each
    opposing hero." """
    s = position({"alyn": {"zone": "left", "levelled": True},
                  "iskandar": {"zone": "left", "damage": 6},
                  "eleanor": {"zone": "left", "levelled": True}},
                 hands=[[], ["retribution"]])
    play(s, "attack alyn", "with iskandar", "target eleanor", "no-clash", "clash retribution")
    assert zone(s, "iskandar") == "home" and s.power == [0, 2]
    assert happened(s, "resolution", attack=4, defence=5)
    assert dmg(s, "eleanor") == 0  # the levelled Alyn's 4 against armor 2 + 2
    assert dmg(s, "alyn") == 3 + (5 - 1)  # Retribution, then Eleanor's 5 against armor 1
