"""Skill cards of deck A (Alyn, Mato, Iskandar): one scenario test per card.

Each docstring quotes the card's text from data/skills.toml (reconstructed by tabletop, see
docs/rules/radiant-arena.md, "Skill cards") and the test checks what the text says: the
clash effect or talent, and the card's combat values in a combat (Combat — Step Three:
"Heroes gain a bonus to their attack and armor stats equal to the corresponding combat
value on any clash cards that hero played").
"""

from __future__ import annotations

from tabletop.games.radiant_arena.rules import HOME

from .cardkit import (
    CAT,
    CENTER,
    A,
    B,
    arena,
    at,
    committed,
    dmg,
    happened,
    legal,
    play,
    u,
)


def values(card: str) -> tuple[int, int]:
    """A skill card's printed combat values (attack, armor)."""
    return CAT.skills[card].attack, CAT.skills[card].armor


# --- Alyn ---------------------------------------------------------------------------------


def test_implacable() -> None:
    """Implacable (Alyn, 2 attack / 1 armor): "Clash: This hero gains Vanguard until the end
    of the combat. (While this hero is attacking, your other heroes cannot take damage.)"

    Alyn and Mato attack a levelled Eleanor, Alyn clashing Implacable; Eleanor clashes
    Retribution ("Deal 3 Piercing damage to each opposing hero"): Alyn, now Vanguard, takes
    it but Mato takes none, and Eleanor's combat damage must go to Alyn (no choice is
    asked). Vanguard ends with the combat."""
    assert values("implacable") == (2, 1)
    s = arena({"alyn": "center", "mato": "center", "eleanor": at("center", levelled=True)},
              hands=(["implacable"], ["retribution"]))
    play(s, "attack alyn", "with mato", "target eleanor", "clash implacable by alyn",
         "clash retribution")
    # Retribution: 3 piercing to Alyn; Mato cannot take damage while Vanguard Alyn attacks.
    assert happened(s, "damage_prevented", unit="mato", by="alyn")
    assert dmg(s, "mato") == 0
    # Resolution: (3 + 2) + 2 = 7 against Eleanor's 2 + 2 armor: 3. Eleanor deals 3 + 2 = 5
    # to Alyn (the only one who may take it), less Alyn's 1 + 1 armor: 3. Then Alyn heals 1
    # (her own text) and Eleanor heals 1 (hers).
    assert dmg(s, "alyn") == 3 + 3 - 1
    assert dmg(s, "eleanor") == 3 - 1
    assert s.to_act == A and s.phase == 2  # back in the action phase, no "assign" asked
    assert not s.keyword(u(s, "alyn"), "vanguard")  # until the end of the combat


def test_implacable_without_it_the_defender_chooses() -> None:
    """Implacable, the contrast: without Vanguard the defending player chooses which
    attacker takes the defender's damage (Combat, Step Three)."""
    s = arena({"alyn": "center", "mato": "center", "eleanor": "center"},
              hands=(["test-of-arms"], ["zeal"]))
    play(s, "attack alyn", "with mato", "target eleanor", "clash test-of-arms by alyn",
         "no-clash")
    assert s.to_act == B and legal(s) == ["assign alyn", "assign mato"]


def test_red_harvest() -> None:
    """Red Harvest (Alyn, 3 / 0): "Talent (1 AP): Deal 1 Piercing damage to each enemy hero
    at this location, then heal 1 damage from this hero."

    Used by Alyn in the center: Viggo and Eleanor there take 1 each (armor does not reduce
    Piercing), Bran in the left lane none; Alyn heals 1. It costs 1 AP, goes to the discard
    pile and, not having Cooldown, a second copy can be used in the same turn. With no
    enemy hero at Alyn's location the talent cannot be announced (partial resolution,
    rule 15). Clashed, its combat values are 3 attack, 0 armor and nothing else happens."""
    assert values("red-harvest") == (3, 0)
    s = arena({"alyn": at("center", damage=3), "viggo": "center", "eleanor": "center",
               "bran": "left"}, hands=(["red-harvest", "red-harvest"], []))
    play(s, "talent alyn:red-harvest")
    assert (dmg(s, "viggo"), dmg(s, "eleanor"), dmg(s, "bran")) == (1, 1, 0)
    assert dmg(s, "alyn") == 2
    assert s.ap == 2 and s.hands[A] == ["red-harvest"] and s.discards[A] == ["red-harvest"]
    assert "talent alyn:red-harvest" in legal(s)  # no Cooldown
    play(s, "talent alyn:red-harvest")
    assert (dmg(s, "viggo"), dmg(s, "eleanor"), dmg(s, "alyn")) == (2, 2, 1)

    alone = arena({"alyn": "left", "viggo": "center"}, hands=(["red-harvest"], []))
    assert "talent alyn:red-harvest" not in legal(alone)

    clash = arena({"alyn": "center", "viggo": "center", "eleanor": "left"},
                  hands=(["red-harvest"], []))
    play(clash, "attack alyn", "target viggo", "clash red-harvest", "no-clash")
    assert dmg(clash, "viggo") == 3 + 3  # Viggo has 0 armor
    assert dmg(clash, "eleanor") == 0 and clash.discards[A] == ["red-harvest"]


def test_test_of_arms() -> None:
    """Test of Arms (Alyn, 2 / 1): "Clash: Deal 1 Piercing damage to each opposing hero."

    Viggo and Eleanor attack Alyn, who clashes Test of Arms: each of them takes 1 Piercing
    (Eleanor's armor does not count), Bran, at the location but not in the combat, none.
    Then Alyn has 3 + 2 attack and 1 + 1 armor."""
    assert values("test-of-arms") == (2, 1)
    s = arena({"alyn": "center", "viggo": "center", "eleanor": "center", "bran": "center"},
              active=B, hands=(["test-of-arms"], []))
    play(s, "attack viggo", "with eleanor", "target alyn", "no-clash", "clash test-of-arms")
    assert (dmg(s, "viggo"), dmg(s, "eleanor"), dmg(s, "bran")) == (1, 1, 0)
    # Alyn's 3 + 2 = 5 goes to the attacker the defending player (A) names; all combat
    # damage is dealt at once after that.
    assert s.to_act == A and legal(s) == ["assign viggo", "assign eleanor"]
    play(s, "assign eleanor")
    # Combined 3 + 2 = 5 against Alyn's 1 + 1 armor: 3. Eleanor takes 5 - 1 = 4 (5 in
    # all); then B's trigger (Eleanor heals each friendly hero there 1) and A's (Alyn
    # heals 1).
    assert (dmg(s, "viggo"), dmg(s, "eleanor"), dmg(s, "bran")) == (0, 4, 0)
    assert dmg(s, "alyn") == 2


def test_massacre() -> None:
    """Massacre (Alyn, 3 / 0, Ultimate): "Ultimate Clash: Deal 2 Piercing damage to each
    enemy hero at this location."

    A levelled Alyn attacks a committed Eleanor in the center and clashes Massacre: every
    enemy hero in the center takes 2 Piercing, in the combat (Eleanor) or not (Viggo);
    Bran in the left lane none. A basic Alyn gets only the combat values (Keywords:
    Ultimate)."""
    assert values("massacre") == (3, 0)
    s = arena({"alyn": at("center", levelled=True), "eleanor": at("center", committed=True),
               "viggo": "center", "bran": "left"}, hands=(["massacre"], []))
    play(s, "attack alyn", "target eleanor", "no-block", "clash massacre", "no-clash")
    assert dmg(s, "viggo") == 2 and dmg(s, "bran") == 0
    # Eleanor: 2 Piercing, then (4 + 3) - 1 armor = 6. Committed, she deals 0 back.
    assert dmg(s, "eleanor") == 2 + 6 and dmg(s, "alyn") == 0

    basic = arena({"alyn": "center", "eleanor": at("center", committed=True),
                   "viggo": "center"}, hands=(["massacre"], []))
    play(basic, "attack alyn", "target eleanor", "no-block", "clash massacre", "no-clash")
    assert happened(basic, "ultimate_fizzles", unit="alyn", card="massacre")
    assert dmg(basic, "viggo") == 0
    assert dmg(basic, "eleanor") == 3 + 3 - 1


# --- Mato ---------------------------------------------------------------------------------


def test_feel_no_pain() -> None:
    """Feel No Pain (Mato, 0 / 1): "Clash: This card gets +1 armor for every 2 damage on this
    hero."

    FAQ: "Mato's Battle Frenzy and Feel No Pain cards scale according to how much damage is
    on the hero who is using them." Mato with 5 damage defends with it: +2 armor (5 // 2),
    so his armor is 1 + 1 + 2 = 4 against Viggo's 3 + 3 (Blood Drunk). The bonus lasts for
    the combat only."""
    assert values("feel-no-pain") == (0, 1)
    s = arena({"mato": at("center", damage=5), "viggo": "center"}, active=B,
              hands=(["feel-no-pain"], ["blood-drunk"]))
    play(s, "attack viggo", "target mato", "clash blood-drunk", "clash feel-no-pain")
    assert dmg(s, "mato") == 5 + (6 - 4)
    assert dmg(s, "viggo") == 2  # Mato's 2 + 0
    assert s.armor_of(u(s, "mato")) == 1


def test_feel_no_pain_below_two_damage() -> None:
    """Feel No Pain with 1 damage on Mato: no bonus, only the card's 1 armor."""
    s = arena({"mato": at("center", damage=1), "viggo": "center"}, active=B,
              hands=(["feel-no-pain"], ["blood-drunk"]))
    play(s, "attack viggo", "target mato", "clash blood-drunk", "clash feel-no-pain")
    assert dmg(s, "mato") == 1 + (6 - 2)


def test_battle_frenzy() -> None:
    """Battle Frenzy (Mato, 3 / 0): "Clash: This card gets +1 attack for every 3 damage on
    this hero."

    FAQ: "if a hero who has taken 6 damage clashes a battle frenzy, that card will get +2
    Attack when its clash effect resolves for a total of 5 Attack!" Mato, with 6 damage,
    blocks Viggo's attack on a conduit (blocking commits him, so his own attack is set to
    0) and clashes it: the card's 5 attack is his attack. Attacking Eleanor with 8 damage he
    has 2 + 3 + 2 = 7."""
    assert values("battle-frenzy") == (3, 0)
    s = arena({"mato": at("center", damage=6), "viggo": "center"}, active=B,
              hands=(["battle-frenzy"], []))
    play(s, "attack viggo", "target conduit", "block mato", "no-clash", "clash battle-frenzy")
    assert dmg(s, "viggo") == 5
    assert dmg(s, "mato") == 6 + (3 - 1)
    assert s.cdmg[A][CENTER] == 0  # the blocker became the defender

    attack = arena({"mato": at("center", damage=8), "eleanor": "center"},
                   hands=(["battle-frenzy"], []))
    play(attack, "attack mato", "target eleanor", "clash battle-frenzy", "no-clash")
    # 7 against her 1 armor; having dealt 1 back, she heals 1 (her text)
    assert dmg(attack, "eleanor") == 2 + 3 + 2 - 1 - 1
    assert attack.attack_of(u(attack, "mato")) == 2  # the bonus ends with the combat


def test_brute_strength() -> None:
    """Brute Strength (Mato, 4 / 0): "Talent (2 AP): Deal 3 damage to the enemy conduit at
    this location."

    Mato in the center: B's center conduit takes 3 for 2 AP. With 5 damage already it
    reaches its health 8 and is ruined, in the action phase, so A gains 1 power (Key
    Concepts — Power). With that conduit ruined, the talent cannot be announced. Clashed,
    it is 4 attack."""
    assert values("brute-strength") == (4, 0)
    s = arena({"mato": "center"}, hands=(["brute-strength", "brute-strength"], []))
    play(s, "talent mato:brute-strength")
    assert s.cdmg[B] == [0, 3, 0] and s.ap == 1 and s.discards[A] == ["brute-strength"]

    ruin = arena({"mato": "center"}, hands=(["brute-strength"], []),
                 conduits=[[{"id": "gift-of-the-elements"}, {"id": "natures-bounty"},
                            {"id": "ancient-wisdom"}],
                           [{"id": "gift-of-the-elements"},
                            {"id": "natures-bounty", "damage": 5}, {"id": "smite"}]])
    play(ruin, "talent mato:brute-strength")
    assert ruin.ruined[B] == [False, True, False] and ruin.power == [1, 0]
    ruin.hands[A].append("brute-strength")
    ruin._legal = None
    assert "talent mato:brute-strength" not in legal(ruin)

    clash = arena({"mato": "center", "viggo": "center"}, hands=(["brute-strength"], []))
    play(clash, "attack mato", "target viggo", "clash brute-strength", "no-clash")
    assert dmg(clash, "viggo") == 2 + 4 and clash.cdmg[B] == [0, 0, 0]


def test_unbreakable() -> None:
    """Unbreakable (Mato, 2 / 2, Ultimate): "Ultimate Clash: Each opposing hero's combat
    damage is Stun this combat (it cannot KO a hero), then heal 2 damage from this hero."

    A levelled Mato (health 11) with 9 damage defends against Viggo's Sunder (6 Piercing):
    he heals 2 (to 7), and the 6 is Stun damage, so he stays in play with 1 health (10
    damage) instead of being KO'd. His 3 + 2 goes to Viggo. A basic Mato with 8 damage
    gets only the card's 2 / 2 and is KO'd by the same attack."""
    assert values("unbreakable") == (2, 2)
    s = arena({"mato": at("center", damage=9, levelled=True), "viggo": "center"}, active=B,
              hands=(["unbreakable"], ["sunder"]))
    play(s, "attack viggo", "target mato", "clash sunder", "clash unbreakable")
    assert dmg(s, "mato") == 10 and s.zone[u(s, "mato")] == CENTER
    assert happened(s, "damage", unit="mato", stun=True, after=10, health=11)
    assert dmg(s, "viggo") == 3 + 2
    assert s.power == [0, 0]  # no KO
    assert not s.keyword(u(s, "viggo"), "stun")  # this combat only

    basic = arena({"mato": at("center", damage=8), "viggo": "center"}, active=B,
                  hands=(["unbreakable"], ["sunder"]))
    play(basic, "attack viggo", "target mato", "clash sunder", "clash unbreakable")
    assert basic.zone[u(basic, "mato")] == HOME and basic.power == [0, 2]


# --- Iskandar -----------------------------------------------------------------------------


def test_mystic_trance() -> None:
    """Mystic Trance (Iskandar, 1 / 2): "Talent (1 AP, Cooldown): Gain 2 Power."

    Iskandar uses it: A gains 2 power, for 1 AP, and draws nothing. Cooldown on a skill
    card: no second copy may be used for its talent this turn, by any hero (Keywords —
    Cooldown), though it may still be clashed; next turn it may. Clashed, it is 1 attack
    and 2 armor."""
    assert values("mystic-trance") == (1, 2)
    s = arena({"iskandar": "left", "alyn": "center", "viggo": "center"},
              hands=(["mystic-trance", "mystic-trance"], []))
    deck = len(s.decks[A])
    play(s, "talent iskandar:mystic-trance")
    assert s.hands[A] == ["mystic-trance"] and s.power == [2, 0] and len(s.decks[A]) == deck
    assert s.ap == 2 and s.discards[A] == ["mystic-trance"]
    assert not [a for a in legal(s) if a.endswith(":mystic-trance")]
    play(s, "attack alyn", "target viggo", "clash mystic-trance", "no-clash")  # still clashes
    assert dmg(s, "viggo") == 3 + 1

    defend = arena({"iskandar": "center", "viggo": "center"}, active=B,
                   hands=(["mystic-trance"], []))
    play(defend, "attack viggo", "target iskandar", "no-clash", "clash mystic-trance")
    # Viggo's 3 against 1 + 2 armor; Iskandar strikes back with 2 + 1
    assert dmg(defend, "iskandar") == 0 and dmg(defend, "viggo") == 2 + 1


def test_time_lock() -> None:
    """Time Lock (Iskandar, 2 / 1): "Clash: Commit each opposing hero. (A committed
    defender's attack is set to 0 before clash bonuses.)"

    Alyn attacks Viggo in the center and clashes Time Lock: Viggo, the opposing hero, is
    committed, so his attack is 0 and Alyn takes nothing; Bran, in the lane but not in the
    combat, stays ready. Alyn deals 3 + 2. It has no talent: it cannot be used from the
    hand. Clashed by a defender against two attackers, it commits neither more nor less
    than the heroes in the combat (attackers are committed by attacking)."""
    assert values("time-lock") == (2, 1)
    s = arena({"alyn": "center", "viggo": "center", "bran": "center"},
              hands=(["time-lock"], []))
    assert not [a for a in legal(s) if a.endswith(":time-lock")]
    play(s, "attack alyn", "target viggo", "no-block", "clash time-lock", "no-clash")
    assert happened(s, "commit", unit="viggo")
    assert not committed(s, "bran")
    assert dmg(s, "viggo") == 3 + 2 and dmg(s, "alyn") == 0

    team = arena({"iskandar": "center", "viggo": "center", "bran": "center"}, active=B,
                 hands=(["time-lock"], []))
    play(team, "attack viggo", "with bran", "target iskandar", "no-clash", "clash time-lock")
    assert committed(team, "viggo") and committed(team, "bran")


def test_arcane_evocation() -> None:
    """Arcane Evocation (Iskandar, 2 / 1): "Talent (1 AP): Deal 3 damage to an enemy hero at
    any location."

    Iskandar in the left lane deals 3 to Viggo in the center; the damage is not Piercing,
    so against Eleanor's 1 armor it deals 2. No Cooldown: both in one turn. Clashed: 2 / 1."""
    assert values("arcane-evocation") == (2, 1)
    s = arena({"iskandar": "left", "viggo": "center", "eleanor": "right"},
              hands=(["arcane-evocation", "arcane-evocation"], []))
    play(s, "talent iskandar:arcane-evocation", "target viggo")
    assert dmg(s, "viggo") == 3 and s.ap == 2
    play(s, "talent iskandar:arcane-evocation", "target eleanor")
    assert dmg(s, "eleanor") == 3 - 1 and s.ap == 1
    assert s.discards[A] == ["arcane-evocation", "arcane-evocation"]

    clash = arena({"iskandar": "center", "viggo": "center"}, hands=(["arcane-evocation"], []))
    play(clash, "attack iskandar", "target viggo", "clash arcane-evocation", "no-clash")
    assert dmg(clash, "viggo") == 2 + 2


def test_chronostorm() -> None:
    """Chronostorm (Iskandar, 3 / 2, Ultimate): "Ultimate Talent (1 AP, 2 Power): Commit each
    enemy hero at this location, then gain 2 action points."

    A levelled Iskandar in the center: Viggo and Eleanor there are committed, Bran in the
    left lane is not; A pays 1 AP and 2 power and gains 2 AP (3 - 1 + 2 = 4). A basic
    Iskandar cannot use an Ultimate talent; nor can anyone without 2 power. Clashed by a
    basic hero it is still 3 / 2."""
    assert values("chronostorm") == (3, 2)
    s = arena({"iskandar": at("center", levelled=True), "viggo": "center",
               "eleanor": "center", "bran": "left"}, hands=(["chronostorm"], []), power=(3, 0))
    play(s, "talent iskandar:chronostorm")
    assert committed(s, "viggo") and committed(s, "eleanor") and not committed(s, "bran")
    assert s.ap == 4 and s.power == [1, 0]

    basic = arena({"iskandar": "center", "viggo": "center"}, hands=(["chronostorm"], []),
                  power=(3, 0))
    assert "talent iskandar:chronostorm" not in legal(basic)
    poor = arena({"iskandar": at("center", levelled=True), "viggo": "center"},
                 hands=(["chronostorm"], []), power=(1, 0))
    assert "talent iskandar:chronostorm" not in legal(poor)
    play(basic, "attack iskandar", "target viggo", "clash chronostorm", "no-clash")
    assert dmg(basic, "viggo") == 2 + 3 and dmg(basic, "iskandar") == 0  # 3 against 1 + 2
