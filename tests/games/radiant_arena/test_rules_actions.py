"""The Action Phase: the five basic actions (Attack, Recover, Move, Level Up, Manifest) and
Talent Actions (costs, Cooldown, skill cards, who deals the damage)."""

from __future__ import annotations

from tabletop.games.radiant_arena.rules import HOME, MAIN, REVIVE, VOID

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
R_BASIC = "The Turn — The Five Basic Actions"
R_ACTION = "The Turn — The Action Phase"
R_TALENT = "The Turn — Talent Actions"
R_PARTICIPANTS = "Combat — Step One: Determine Participants"
R_KEYWORDS = "Keywords — Action Keywords"


# --- the action phase -------------------------------------------------------------------


def test_actions_cost_action_points_and_pass_ends_the_action_phase() -> None:
    """The Action Phase: "All actions in the game have an action point cost ... If you do
    not have sufficient action points remaining to pay an action's cost, your hero cannot
    take that action ... The active player may always choose to pass"."""
    s = position({"alyn": {"zone": "left"}, "mato": {"zone": "left", "committed": True}},
                 action_points=1)
    play(s, "move alyn center")
    assert s.ap == 0
    assert legal(s) == {"pass"}
    assert_illegal(s, "recover mato", R_ACTION)
    play(s, "pass")
    assert s.active == B and s.phase == MAIN  # A's turn has ended
    assert happened(s, "pass", seat=A, phase="action")


def test_only_the_active_player_takes_actions_with_their_own_heroes() -> None:
    """The Action Phase: "Players may only take actions during their own action phase." """
    s = position({"alyn": {"zone": "left"}, "viggo": {"zone": "left"}})
    assert s.to_act == A
    assert_illegal(s, "move viggo center", R_ACTION)


# --- Attack -----------------------------------------------------------------------------


def test_attack_commits_the_hero_and_any_ready_heroes_at_the_location_for_1_ap() -> None:
    """The Five Basic Actions — Attack: "Commit this hero and any number of additional
    heroes you control at this location. They attack an enemy conduit or hero at this
    location"."""
    s = position({"alyn": {"zone": "center"}, "mato": {"zone": "center"},
                  "iskandar": {"zone": "left"}, "viggo": {"zone": "center"}})
    play(s, "attack alyn")
    assert committed(s, "alyn") and s.ap == 2
    assert legal(s) == {"with mato", "target viggo", "target conduit"}  # not Iskandar
    play(s, "with mato")
    assert committed(s, "mato") and s.ap == 2  # a team attack is one action
    assert legal(s) == {"target viggo", "target conduit"}


def test_attack_needs_a_ready_hero() -> None:
    """Committed, Ready, and Recovering: "Committed heroes cannot do anything that would
    require them to become committed (such as attack an enemy hero ...)"."""
    s = position({"alyn": {"zone": "center", "committed": True},
                  "mato": {"zone": "center", "committed": True},
                  "iskandar": {"zone": "center"}, "viggo": {"zone": "center"}})
    err = assert_illegal(s, "attack alyn", R_BASIC)
    assert "committed" in err.reason
    play(s, "attack iskandar")
    assert legal(s) == {"target viggo", "target conduit"}  # committed Mato cannot join
    assert_illegal(s, "with mato", R_PARTICIPANTS)


def test_attack_target_must_be_at_the_attackers_location() -> None:
    """Step One: "The attacking player chooses the target of the attack; an enemy hero or
    conduit at the same location as the attackers." A ruined conduit has no stats and
    cannot be attacked (docs/rules/radiant-arena.md, rule 3)."""
    s = position({"alyn": {"zone": "center"}, "viggo": {"zone": "left"},
                  "eleanor": {"zone": "center"}})
    play(s, "attack alyn")
    assert_illegal(s, "target viggo", R_PARTICIPANTS)
    assert legal(s) == {"target eleanor", "target conduit"}
    s = position({"alyn": {"zone": "center"}, "viggo": {"zone": "left"}},
                 conduits=[[{"id": "gift-of-the-elements"}, {"id": "natures-bounty"},
                            {"id": "ancient-wisdom"}],
                           [{"id": "gift-of-the-elements"}, {"id": "smite", "ruined": True},
                            {"id": "natures-bounty"}]])
    assert "attack alyn" not in legal(s)  # nothing to attack in the center lane
    assert_illegal(s, "attack alyn", R_ACTION)


# --- Recover ----------------------------------------------------------------------------


def test_recover_only_a_committed_hero() -> None:
    """The Five Basic Actions — Recover; Committed, Ready, and Recovering: "A hero who is
    already ready cannot recover." """
    s = position({"alyn": {"zone": "left", "committed": True}, "mato": {"zone": "left"}})
    err = assert_illegal(s, "recover mato", R_BASIC)
    assert "ready" in err.reason
    play(s, "recover alyn")
    assert not committed(s, "alyn") and s.ap == 2
    assert found(s, "recover") == [{"unit": "alyn", "cause": "action", "ap": 2}]


# --- Move -------------------------------------------------------------------------------


def test_move_to_an_adjacent_lane_the_outer_lanes_are_not_adjacent() -> None:
    """The Five Basic Actions — Move: "Move this hero to an adjacent location." Lanes: "The
    central lane is adjacent to the two outer lanes, but the outer lanes are not adjacent to
    one-another." """
    s = position({"iskandar": {"zone": "left"}, "mato": {"zone": "center"}})
    assert {a for a in legal(s) if a.startswith("move")} == {
        "move iskandar center", "move mato left", "move mato right"}
    err = assert_illegal(s, "move iskandar right", R_BASIC)
    assert "not adjacent" in err.reason
    play(s, "move iskandar center", "move iskandar right")
    assert zone(s, "iskandar") == "right" and s.ap == 1


def test_a_committed_hero_may_move_and_stays_committed() -> None:
    """Committed, Ready, and Recovering: committed heroes "can otherwise act normally";
    moving does not commit (docs/rules/radiant-arena.md, rule 2)."""
    s = position({"alyn": {"zone": "left", "committed": True}})
    play(s, "move alyn center")
    assert zone(s, "alyn") == "center" and committed(s, "alyn")


# --- Level Up ---------------------------------------------------------------------------


def test_level_up_pays_exp_flips_and_recovers() -> None:
    """The Five Basic Actions — Level Up: "Pay this hero's Experience Cost. Level Up this
    hero (after a hero Levels Up, if they were committed, recover them)." Mato's EXP is 4."""
    s = position({"mato": {"zone": "left", "committed": True, "damage": 5}}, power=[5, 0])
    play(s, "level mato")
    mato = u(s, "mato")
    assert s.lvl[mato] == 1 and not s.comm[mato]
    assert s.power == [1, 0] and s.ap == 2
    assert dmg(s, "mato") == 5  # damage stays on the card
    assert s.health_of(mato) == 11 and s.attack_of(mato) == 3  # The Unbroken
    assert s.side(mato).exp is None  # levelled heroes have no EXP cost
    assert s.view(B)["units"][mato]["subtitle"] == "The Unbroken"
    assert_illegal(s, "level mato", R_BASIC)  # already levelled


def test_level_up_needs_the_exp_cost_in_power() -> None:
    """The Five Basic Actions — Level Up: the EXP cost "must be paid to level the hero up"."""
    s = position({"mato": {"zone": "left"}}, power=[3, 0])
    err = assert_illegal(s, "level mato", R_BASIC)
    assert "power" in err.reason


def test_a_deity_cannot_level_up() -> None:
    """Deities: "Deities have three stats: Attack, Armor, Health" — no EXP cost."""
    s = position({"final-judge": {"zone": "left"}}, power=[9, 0])
    assert "level final-judge" not in legal(s)
    assert_illegal(s, "level final-judge", R_BASIC)


# --- Manifest ---------------------------------------------------------------------------


def test_manifest_banishes_even_a_kod_hero_deity_enters_ready_undamaged_ability() -> None:
    """Manifestation: "you must banish one of your three heroes ... The hero you banish does
    not need to be in play (they may be KO'd). Your Deity enters play at any location,
    ready, and undamaged ... Immediately after your Deity enters play, resolve any
    Manifestation ability printed on them." The Final Judge: "Deal 2 Piercing damage to
    each enemy hero at this location." FAQ: no conduit is destroyed to manifest."""
    s = position({"alyn": {"zone": "home", "item": "fury"}, "mato": {"zone": "left"},
                  "final-judge": {"zone": "home"},
                  "viggo": {"zone": "center"}, "eleanor": {"zone": "center"},
                  "bran": {"zone": "left"}})
    play(s, "manifest final-judge center banish alyn")
    judge = u(s, "final-judge")
    assert zone(s, "alyn") == "void" and s.item[u(s, "alyn")] == ""
    assert s.zone[judge] == 1 and not s.comm[judge] and s.dmg[judge] == 0
    assert dmg(s, "viggo") == 2 and dmg(s, "eleanor") == 2  # Piercing: armor 2 ignored
    assert dmg(s, "bran") == 0  # another lane
    assert s.ap == 2
    assert s.ruined == [[False] * 3, [False] * 3]
    assert not any(a.startswith("manifest") for a in legal(s))  # the deity is in play
    assert_illegal(s, "manifest final-judge left banish mato", R_ACTION)


def test_manifest_only_by_a_deity_not_in_play() -> None:
    """The Five Basic Actions — Manifest: "Only deities may take this action, and only if
    they are not currently in play"."""
    s = position({"alyn": {"zone": "left"}})
    assert {a for a in legal(s) if a.startswith("manifest")} == {
        f"manifest final-judge {lane} banish {h}" for lane in ("left", "center", "right")
        for h in ("alyn", "mato", "iskandar")}
    s = position({"alyn": {"zone": "left"}, "iskandar": {"zone": "void"},
                  "final-judge": {"zone": "right"}}, banished=["iskandar", ""])
    assert not any(a.startswith("manifest") for a in legal(s))


def test_manifest_the_oracle_draws_2_and_a_banished_hero_never_returns() -> None:
    """Manifestation: banished heroes "will never return" (Void: "completely removed from the
    game"). The Oracle: "Manifestation: Draw 2 cards." """
    s = position({"viggo": {"zone": "home"}, "eleanor": {"zone": "left"}}, active=B,
                 hands=[[], ["zeal"]])
    play(s, "manifest oracle left banish viggo")
    assert len(s.hands[B]) == 3
    assert s.zone[u(s, "viggo")] == VOID
    play(s, "pass")
    assert s.phase != REVIVE and "revive" not in " ".join(legal(s))


# --- Talents ----------------------------------------------------------------------------


def test_talent_costs_its_action_points() -> None:
    """Talent Actions: "The action point of a talent ability will be listed in its text
    box". Brute Strength: "Talent (2 AP): Deal 3 damage to the enemy conduit at this
    location." """
    s = position({"mato": {"zone": "left"}}, action_points=1,
                 hands=[["brute-strength"], []])
    assert "talent mato:brute-strength" not in legal(s)
    err = assert_illegal(s, "talent mato:brute-strength", R_ACTION)
    assert "2 action points" in err.reason
    s = position({"mato": {"zone": "left"}}, action_points=3, hands=[["brute-strength"], []])
    play(s, "talent mato:brute-strength")
    assert s.ap == 1 and s.cdmg[B][0] == 3


def test_talent_power_cost_is_paid() -> None:
    """Power: "the cost of especially powerful abilities". The Final Judge's talent: 1 AP,
    2 Power: "Deal 3 Piercing damage to an enemy hero at this location." """
    s = position({"final-judge": {"zone": "left"}, "eleanor": {"zone": "left"}}, power=[1, 0])
    assert "talent final-judge:sentence" not in legal(s)
    err = assert_illegal(s, "talent final-judge:sentence", R_TALENT)
    assert "power" in err.reason
    s = position({"final-judge": {"zone": "left"}, "eleanor": {"zone": "left"}}, power=[2, 0])
    play(s, "talent final-judge:sentence")
    assert s.power == [0, 0] and s.ap == 2 and dmg(s, "eleanor") == 3


def test_printed_talent_with_cooldown_once_per_turn() -> None:
    """Talent Actions: "Talents printed on heroes or deities can be re-used as often as their
    costs can be paid ... Sometimes, these talents will have the Cooldown keyword, meaning
    they can only be used once per turn." """
    s = position({"iskandar": {"zone": "left", "levelled": True}})
    play(s, "talent iskandar:study")
    assert s.ap == 2
    assert "talent iskandar:study" not in legal(s)
    err = assert_illegal(s, "talent iskandar:study", R_KEYWORDS)
    assert "Cooldown" in err.reason


def test_skill_card_cooldown_is_per_card_name_and_the_copy_can_still_clash() -> None:
    """Keywords — Cooldown: "If a cooldown talent appears on a skill card, no more than one
    copy of that card can be played for its talent ability in a given turn (it may still be
    clashed as normal)." Mystic Trance: Talent (1 AP, Cooldown): gain 2 power."""
    s = position({"iskandar": {"zone": "center"}, "alyn": {"zone": "center"},
                  "viggo": {"zone": "center"}},
                 hands=[["mystic-trance", "mystic-trance"], []])
    play(s, "talent iskandar:mystic-trance")
    assert s.power == [2, 0] and s.hands[A].count("mystic-trance") >= 1
    assert s.discards[A] == ["mystic-trance"]
    # Not again this turn, by any hero.
    assert "talent iskandar:mystic-trance" not in legal(s)
    assert "talent alyn:mystic-trance" not in legal(s)
    play(s, "attack alyn", "target viggo")
    assert "clash mystic-trance" in legal(s)


def test_skill_card_talent_goes_to_the_discard_pile_after_resolving() -> None:
    """Talent Actions: "If the talent is printed on a skill card, reveal it and place it on
    the table in front of you. After its effect has finished resolving, put it in the
    discard pile." Arcane Evocation: "Deal 3 damage to an enemy hero at any location." """
    s = position({"iskandar": {"zone": "left"}, "viggo": {"zone": "center"},
                  "bran": {"zone": "right"}}, hands=[["arcane-evocation", "time-lock"], []])
    play(s, "talent iskandar:arcane-evocation")
    assert legal(s) == {"target viggo", "target bran"}
    assert s.hands[A] == ["time-lock"] and s.discards[A] == []  # on the table
    assert found(s, "talent", seat=B) == [{"seat": A, "unit": "iskandar",
                                            "ability": "arcane-evocation",
                                            "card": "arcane-evocation", "hand": 1, "cost": 1,
                                            "ap": 2}]
    play(s, "target bran")
    assert dmg(s, "bran") == 3
    assert s.discards[A] == ["arcane-evocation"]


def test_skill_card_talents_may_be_used_by_any_hero_this_location_is_the_users() -> None:
    """Skill Cards — Hero: "During play, heroes may use any skill card, not just those from
    their own set." Talent Actions: "When a talent refers to "this hero", it is always
    referring to the hero who is using the talent." Nature's Wrath (Bran's set): "Deal 2
    damage to an enemy hero at this location." used by Viggo in another lane."""
    s = position({"viggo": {"zone": "left"}, "bran": {"zone": "right"},
                  "iskandar": {"zone": "left"}, "alyn": {"zone": "right"}},
                 active=B, hands=[[], ["natures-wrath"]])
    play(s, "talent viggo:natures-wrath")  # only Iskandar is at Viggo's location
    assert dmg(s, "iskandar") == 2 - 1 and dmg(s, "alyn") == 0  # Iskandar's 1 armor


def test_talent_damage_is_dealt_by_the_user_and_its_ko_gives_power() -> None:
    """Talent Actions: "Damage dealt by a talent ability is considered to have been dealt by
    the hero who used the talent." Power: "After an enemy hero becomes KO'd (for any
    reason), you gain 2 power". A committed hero may use a talent (rule 17)."""
    s = position({"viggo": {"zone": "left", "committed": True},
                  "iskandar": {"zone": "left", "damage": 8}},
                 active=B, hands=[[], ["natures-wrath"]])
    play(s, "talent viggo:natures-wrath")
    assert zone(s, "iskandar") == "home"
    assert s.power == [0, 2]


def test_item_talent_only_by_its_holder() -> None:
    """Talent Actions: "Talents printed on Items can only be used while the item is attached
    to a hero in play and can only be used by that hero." Vile Infusion: "Talent (1 AP,
    Cooldown): Deal 2 Piercing damage to an enemy hero at this location." """
    s = position({"mato": {"zone": "left", "item": "vile-infusion"}, "alyn": {"zone": "left"},
                  "eleanor": {"zone": "left"}})
    assert "talent mato:venom" in legal(s) and "talent alyn:venom" not in legal(s)
    play(s, "talent mato:venom")
    assert dmg(s, "eleanor") == 2  # Piercing through armor 2
    assert "talent mato:venom" not in legal(s)  # Cooldown


def test_kod_heroes_cannot_take_actions() -> None:
    """Glossary — KO: "A KO'd hero cannot take actions"."""
    s = position({"iskandar": {"zone": "home"}, "alyn": {"zone": "left"}})
    assert not any("iskandar" in a for a in legal(s) if not a.startswith("manifest"))
    err = assert_illegal(s, "talent iskandar:study", R_BASIC)
    assert "not in play" in err.reason
    assert s.zone[u(s, "iskandar")] == HOME


def test_the_main_phase_shortcuts_agree_with_the_rules() -> None:
    """The Action Phase's legal list takes shortcuts for speed (a hero's attack without
    listing its targets, the EXP cost read directly, talents ruled out by action points
    or power before their costs are judged, first steps remembered per position). In
    drafted games (the whole pool: cost modifiers, static abilities, Cooldowns), every
    unit's attack, level up and talents are listed exactly when the general rules allow
    them (The Turn — The Five Basic Actions; Talent Actions)."""
    import random

    from tabletop.core import new_game
    from tabletop.games.radiant_arena.legal import (
        _attack_targets,
        can_announce,
        level_cost,
    )

    judged = listed = 0
    for seed in range(6):
        s = new_game("radiant-arena", seed=seed, draft=True)
        rng = random.Random(seed)
        while s.to_act is not None:
            if s.phase == MAIN and s.ask is None:
                texts = {a.to_text() for a in s.legal_actions()}
                p = s.active
                for unit in range(p * 4, p * 4 + 4):
                    if s.zone[unit] < 0:
                        continue
                    name = s.uname(unit)
                    cost = level_cost(s, unit)
                    can = {
                        f"attack {name}": s.ap >= 1 and not s.comm[unit]
                        and bool(_attack_targets(s, unit)),
                        f"level {name}": s.ap >= 1 and cost is not None
                        and s.power[p] >= cost,
                    }
                    for ability, talent in s.talents_of(unit):
                        can[f"talent {name}:{ability}"] = \
                            can_announce(s, unit, ability, talent) == ""
                    for text, allowed in can.items():
                        assert (text in texts) == allowed, (seed, text)
                        judged += 1
                        listed += allowed
            s.apply(rng.choice(s.legal_actions()))
    assert judged > 2_000 and listed > 300
