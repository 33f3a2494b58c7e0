"""Skill cards of deck B (Viggo, Eleanor, Bran): one scenario test per card.

Each docstring quotes the card's text from data/skills.toml (reconstructed by tabletop, see
docs/rules/radiant-arena.md, "Skill cards") and the test checks what the text says: the
clash effect or talent, and the card's combat values in a combat.
"""

from __future__ import annotations

from .cardkit import (
    CAT,
    A,
    B,
    arena,
    at,
    committed,
    dmg,
    end_turn,
    happened,
    legal,
    play,
    u,
)


def values(card: str) -> tuple[int, int]:
    """A skill card's printed combat values (attack, armor)."""
    return CAT.skills[card].attack, CAT.skills[card].armor


# --- Viggo --------------------------------------------------------------------------------


def test_sunder() -> None:
    """Sunder (Viggo, 2 / 0): "Clash: This hero's combat damage is Piercing this combat (it
    is not reduced by armor)."

    Viggo attacks Mato (armor 1) with Sunder: 3 + 2 = 5 Piercing, all of it dealt. The next
    combat his damage is reduced by armor again."""
    assert values("sunder") == (2, 0)
    s = arena({"viggo": "center", "mato": "center"}, active=B, hands=([], ["sunder"]))
    play(s, "attack viggo", "target mato", "clash sunder", "no-clash")
    assert dmg(s, "mato") == 5 and dmg(s, "viggo") == 2
    assert not s.keyword(u(s, "viggo"), "piercing")
    s.ap = 3
    play(s, "recover viggo", "attack viggo", "target mato", "no-clash", "no-clash")
    assert dmg(s, "mato") == 5 + (3 - 1)


def test_domination() -> None:
    """Domination (Viggo, 1 / 1): "Clash: Your opponent discards a card."

    FAQ: the only way to avoid it is an empty hand. Viggo attacks Alyn with Domination; A
    chooses which card to discard (Time Lock). Viggo has 3 + 1 attack and 0 + 1 armor.
    Against an empty hand nothing is discarded."""
    assert values("domination") == (1, 1)
    s = arena({"viggo": "center", "alyn": "center"}, active=B,
              hands=(["red-harvest", "time-lock"], ["domination"]))
    play(s, "attack viggo", "target alyn", "clash domination", "no-clash")
    assert s.to_act == A and legal(s) == ["discard red-harvest", "discard time-lock"]
    play(s, "discard time-lock")
    assert s.hands[A] == ["red-harvest"] and s.discards[A] == ["time-lock"]
    # Alyn takes 4 - 1 = 3, deals 3 - 1 = 2 and so heals 1 (her own text).
    assert dmg(s, "alyn") == 4 - 1 - 1 and dmg(s, "viggo") == 3 - 1

    empty = arena({"viggo": "center", "alyn": "center"}, active=B, hands=([], ["domination"]))
    play(empty, "attack viggo", "target alyn", "clash domination", "no-clash")
    assert empty.discards[A] == [] and empty.discards[B] == ["domination"]


def test_blood_drunk() -> None:
    """Blood Drunk (Viggo, 3 / 0): "Clash: Heal 2 damage from this hero."

    Viggo with 5 damage attacks Alyn: he heals 2 when the clash resolves (to 3), then takes
    Alyn's 3. He deals 3 + 3 = 6 (5 after Alyn's armor)."""
    assert values("blood-drunk") == (3, 0)
    s = arena({"viggo": at("center", damage=5), "alyn": "center"}, active=B,
              hands=([], ["blood-drunk"]))
    play(s, "attack viggo", "target alyn", "clash blood-drunk", "no-clash")
    assert happened(s, "heal", unit="viggo", amount=2, before=5, after=3,
                    source="blood-drunk")
    assert dmg(s, "viggo") == 5 - 2 + 3
    assert dmg(s, "alyn") == 6 - 1 - 1  # Alyn dealt damage: she heals 1


def test_overkill() -> None:
    """Overkill (Viggo, 3 / 0, Ultimate): "Ultimate Clash: Reveal the top card of your skill
    deck and put it into your discard pile, then this hero gets +X attack until the end of
    the combat, where X is that card's attack. (X is the card's attack combat value; clash
    effects are mandatory.)"

    A levelled Viggo attacks Mato with Overkill; the top card of B's deck is Savage Might
    (3 attack): it goes to B's discard pile and Viggo has 4 + 3 + 3 = 10 attack. A top card
    with 0 attack (Defiance) adds nothing. A basic Viggo reveals nothing."""
    assert values("overkill") == (3, 0)
    s = arena({"viggo": at("center", levelled=True), "mato": "center"}, active=B,
              hands=([], ["overkill"]), draw_piles=([], ["zeal", "savage-might"]))
    play(s, "attack viggo", "target mato", "clash overkill", "no-clash")
    assert happened(s, "reveal_top", seat=B, card="savage-might", deck=29)
    assert happened(s, "discard", seat=B, card="savage-might", why="effect")
    assert happened(s, "boost", unit="viggo", attack_bonus=3, until="combat")
    assert s.decks[B][-1] == "zeal" and len(s.decks[B]) == 28  # 30 less Overkill and the card
    assert sorted(s.discards[B]) == ["overkill", "savage-might"]
    assert dmg(s, "mato") == 10 - 1
    assert s.attack_of(u(s, "viggo")) == 4  # this combat only

    zero = arena({"viggo": at("center", levelled=True), "mato": "center"}, active=B,
                 hands=([], ["overkill"]), draw_piles=([], ["defiance"]))
    play(zero, "attack viggo", "target mato", "clash overkill", "no-clash")
    assert len(zero.decks[B]) == 28 and "defiance" in zero.discards[B]
    assert dmg(zero, "mato") == 4 + 3 - 1

    basic = arena({"viggo": "center", "mato": "center"}, active=B,
                  hands=([], ["overkill"]), draw_piles=([], ["savage-might"]))
    play(basic, "attack viggo", "target mato", "clash overkill", "no-clash")
    assert basic.decks[B][-1] == "savage-might" and len(basic.decks[B]) == 29
    assert dmg(basic, "mato") == 3 + 3 - 1


# --- Eleanor ------------------------------------------------------------------------------


def test_blinding_light() -> None:
    """Blinding Light (Eleanor, 1 / 1): "Clash: Commit an opposing hero. (A committed
    defender's attack is set to 0 before clash bonuses.)"

    Eleanor attacks a ready Alyn with it: Alyn is committed, so at resolution her attack is
    0 and Eleanor takes nothing; Eleanor deals 2 + 1 = 3 (2 after armor). Alyn stays
    committed after the combat."""
    assert values("blinding-light") == (1, 1)
    s = arena({"eleanor": "center", "alyn": "center"}, active=B,
              hands=([], ["blinding-light"]))
    play(s, "attack eleanor", "target alyn", "clash blinding-light", "no-clash")
    assert dmg(s, "eleanor") == 0 and dmg(s, "alyn") == 2
    assert committed(s, "alyn")


def test_blinding_light_after_a_defending_clash() -> None:
    """Blinding Light: the defender's own clash values still count ("This bonus can raise a
    committed defender's attack stat above 0 again"): Alyn clashing Test of Arms has
    0 + 2 attack against Eleanor's 2 + 1 armor."""
    s = arena({"eleanor": "center", "alyn": "center"}, active=B,
              hands=(["test-of-arms"], ["blinding-light"]))
    play(s, "attack eleanor", "target alyn", "clash blinding-light", "clash test-of-arms")
    # Test of Arms: 1 Piercing to Eleanor; Alyn's 0 + 2 against Eleanor's 2 + 1 armor: 0.
    # Eleanor's 2 + 1 against Alyn's 1 + 1 armor: 1, so Eleanor heals 1 (her own text).
    assert happened(s, "damage", unit="eleanor", amount=1, after=1, health=9, piercing=True,
                    source="test-of-arms")
    assert dmg(s, "eleanor") == 0 and dmg(s, "alyn") == 1


def test_zeal() -> None:
    """Zeal (Eleanor, 0 / 1): "Clash: This hero may clash again (the additional clash card
    is played face up and its clash effects resolve at once)."

    Eleanor attacks Alyn with Zeal; B may then clash again or decline. She clashes Blinding
    Light face up, which commits Alyn at once. Eleanor has 2 + 0 + 1 attack; both cards go
    to B's discard pile."""
    assert values("zeal") == (0, 1)
    s = arena({"eleanor": "center", "alyn": "center"}, active=B,
              hands=([], ["zeal", "blinding-light", "defiance"]))
    play(s, "attack eleanor", "target alyn", "clash zeal", "no-clash")
    assert s.to_act == B
    assert legal(s) == ["clash blinding-light", "clash defiance", "no-clash"]
    play(s, "clash blinding-light")
    assert happened(s, "extra_clash", seat=B, unit="eleanor", card="blinding-light",
                    attack=1, armor=1, hand=1)
    assert committed(s, "alyn")
    assert dmg(s, "alyn") == 3 - 1 and dmg(s, "eleanor") == 0
    assert sorted(s.discards[B]) == ["blinding-light", "zeal"] and s.hands[B] == ["defiance"]

    decline = arena({"eleanor": "center", "alyn": "center"}, active=B,
                    hands=([], ["zeal", "defiance"]))
    play(decline, "attack eleanor", "target alyn", "clash zeal", "no-clash", "no-clash")
    # Alyn takes 2 - 1, strikes back 3 - (1 + 1) = 1 and so heals 1 (her own text)
    assert decline.hands[B] == ["defiance"] and dmg(decline, "alyn") == 2 - 1 - 1


def test_defiance() -> None:
    """Defiance (Eleanor, 0 / 3): "Clash: Recover this hero."

    Eleanor blocks Alyn's attack on a conduit (blocking commits her) and clashes Defiance:
    she is recovered before resolution, so she keeps her 2 attack, and her armor is
    2 + 3 = 5 against Alyn's 3. After the combat she is ready."""
    assert values("defiance") == (0, 3)
    s = arena({"alyn": "center", "eleanor": "center"}, hands=([], ["defiance"]))
    play(s, "attack alyn", "target conduit", "block eleanor", "no-clash", "clash defiance")
    assert dmg(s, "eleanor") == 0 and dmg(s, "alyn") == 2 - 1
    assert not committed(s, "eleanor")


def test_retribution() -> None:
    """Retribution (Eleanor, 2 / 2, Ultimate): "Ultimate Clash: Deal 3 Piercing damage to
    each opposing hero."

    Alyn and Mato attack a levelled Eleanor who clashes it: each attacker takes 3 Piercing.
    A basic Eleanor gets only the 2 / 2."""
    assert values("retribution") == (2, 2)
    s = arena({"alyn": "center", "mato": "center", "eleanor": at("center", levelled=True)},
              hands=([], ["retribution"]))
    play(s, "attack alyn", "with mato", "target eleanor", "no-clash", "clash retribution")
    assert dmg(s, "alyn") == 3 and dmg(s, "mato") == 3
    play(s, "assign mato")
    # 3 + 2 = 5 against 2 + 2 armor: 1 (then her heal: 0); her 3 + 2 = 5 against Mato's 1.
    assert dmg(s, "eleanor") == 0 and dmg(s, "mato") == 3 + 4 and dmg(s, "alyn") == 3 - 1

    basic = arena({"alyn": "center", "eleanor": "center"}, hands=([], ["retribution"]))
    play(basic, "attack alyn", "target eleanor", "no-clash", "clash retribution")
    assert dmg(basic, "alyn") == (2 + 2) - 1 and dmg(basic, "eleanor") == 0


# --- Bran ---------------------------------------------------------------------------------


def test_invigorate() -> None:
    """Invigorate (Bran, 1 / 1): "Talent (1 AP): Recover each friendly hero at this
    location."

    Bran and Viggo, committed in the center, are recovered; Eleanor, committed in the left
    lane, is not. With no committed friendly hero at his location the talent cannot be
    announced (rule 15: no committed hero to recover). Clashed: 1 / 1."""
    assert values("invigorate") == (1, 1)
    s = arena({"bran": at("center", committed=True), "viggo": at("center", committed=True),
               "eleanor": at("left", committed=True)}, active=B, hands=([], ["invigorate"]))
    play(s, "talent bran:invigorate")
    assert not committed(s, "bran") and not committed(s, "viggo") and committed(s, "eleanor")
    assert s.ap == 2 and s.discards[B] == ["invigorate"]

    rested = arena({"bran": "center", "viggo": "center"}, active=B, hands=([], ["invigorate"]))
    assert "talent bran:invigorate" not in legal(rested)
    clash = arena({"bran": "center", "alyn": "center"}, active=B, hands=([], ["invigorate"]))
    play(clash, "attack bran", "target alyn", "clash invigorate", "no-clash")
    assert dmg(clash, "bran") == 3 - 1  # Bran's armor 0 + 1
    assert dmg(clash, "alyn") == (2 + 1) - 1 - 1  # and Alyn, having dealt damage, heals 1


def test_savage_might() -> None:
    """Savage Might (Bran, 3 / 0): "Talent (1 AP): A friendly hero at this location gets +2
    attack until the end of the turn."

    Bran chooses Viggo (the friendly heroes at his location are Bran and Viggo, not Eleanor
    in the left lane): Viggo has 5 attack, through a combat, until B's turn ends. Clashed,
    it is 3 attack and 0 armor and gives no bonus."""
    assert values("savage-might") == (3, 0)
    s = arena({"bran": "center", "viggo": "center", "eleanor": "left", "alyn": "center"},
              active=B, hands=([], ["savage-might"]))
    play(s, "talent bran:savage-might")
    assert legal(s) == ["target viggo", "target bran"]
    play(s, "target viggo")
    assert s.attack_of(u(s, "viggo")) == 5 and s.ap == 2
    play(s, "attack viggo", "target alyn", "no-clash", "no-clash")
    assert dmg(s, "alyn") == 5 - 1 - 1  # Alyn dealt 3 back: she heals 1
    assert s.attack_of(u(s, "viggo")) == 5  # survives the combat
    end_turn(s)
    assert s.active == A and s.attack_of(u(s, "viggo")) == 3

    clash = arena({"bran": "center", "alyn": "center"}, active=B,
                  hands=([], ["savage-might"]))
    play(clash, "attack bran", "target alyn", "clash savage-might", "no-clash")
    assert dmg(clash, "alyn") == (2 + 3) - 1 - 1  # Alyn dealt 3 back (Bran has 0 armor)
    assert dmg(clash, "bran") == 3 and not clash.store


def test_natures_wrath() -> None:
    """Nature's Wrath (Bran, 2 / 1): "Talent (1 AP): Deal 2 damage to an enemy hero at this
    location."

    Bran deals 2 to Alyn at his location (1 after her armor); Iskandar in another lane
    cannot be chosen, so no target is asked. Clashed: +2 attack, +1 armor (the rulebook's
    figure: Bran's attack 2 + 2 and armor 0 + 1)."""
    assert values("natures-wrath") == (2, 1)
    s = arena({"bran": "center", "alyn": "center", "iskandar": "left"}, active=B,
              hands=([], ["natures-wrath", "natures-wrath"]))
    play(s, "talent bran:natures-wrath")
    assert dmg(s, "alyn") == 1 and dmg(s, "iskandar") == 0 and s.ap == 2
    play(s, "attack bran", "target alyn", "clash natures-wrath", "no-clash")
    assert dmg(s, "alyn") == 1 + (4 - 1) - 1  # Alyn dealt damage back: she heals 1
    assert dmg(s, "bran") == 3 - 1


def test_serenity() -> None:
    """Serenity (Bran, 0 / 3, Ultimate): "Ultimate Talent (2 AP): Heal 4 damage from each
    friendly hero at this location, then recover each friendly hero at this location."

    A levelled Bran with 5 damage, committed, and Viggo with 3, committed, in the center:
    Bran heals to 1, Viggo to 0, both ready; Eleanor in the left lane is untouched. It costs
    2 AP. A basic Bran cannot use it; clashed by him it is 0 / 3."""
    assert values("serenity") == (0, 3)
    s = arena({"bran": at("center", damage=5, committed=True, levelled=True),
               "viggo": at("center", damage=3, committed=True),
               "eleanor": at("left", damage=4, committed=True)}, active=B,
              hands=([], ["serenity"]))
    play(s, "talent bran:serenity")
    assert (dmg(s, "bran"), dmg(s, "viggo"), dmg(s, "eleanor")) == (1, 0, 4)
    assert not committed(s, "bran") and not committed(s, "viggo") and committed(s, "eleanor")
    assert s.ap == 1

    basic = arena({"bran": at("center", damage=2), "alyn": "center"}, active=B,
                  hands=([], ["serenity"]))
    assert "talent bran:serenity" not in legal(basic)
    play(basic, "attack bran", "target alyn", "clash serenity", "no-clash")
    assert dmg(basic, "bran") == 2 + 0 and dmg(basic, "alyn") == 1  # 3 armor stops Alyn
