"""Keywords (Divine, Ultimate, Vanguard from a clash), The Golden Rules and the FAQ on
partial resolution and opposing heroes. (Evoker and Regen: test_rules_setup.py; Taunt:
test_rules_combat.py; Piercing and Stun: test_rules_damage.py; Cooldown:
test_rules_actions.py.)"""

from __future__ import annotations

from tabletop.games.radiant_arena.rules import MAIN

from .helpers import assert_illegal, dmg, found, happened, index_of, legal, play, position, zone

A, B = 0, 1
R_ULTIMATE = "Keywords — Action Keywords"
R_PARTIAL = "FAQ — I can only partially resolve a card's effects. What should I do?"


# --- Ultimate and Divine ------------------------------------------------------------------


def test_mortal_basic_hero_gets_ultimate_clash_values_but_not_its_effect() -> None:
    """Keywords — Ultimate: "When a mortal hero who is not levelled-up clashes a card with an
    Ultimate Clash effect, they still receive any bonuses from that card's combat values,
    but the clash effect does not resolve." Massacre: 3 / 0, "Deal 2 Piercing damage to each
    enemy hero at this location." """
    s = position({"alyn": {"zone": "left"}, "viggo": {"zone": "left"}, "bran": {"zone": "left"}},
                 hands=[["massacre"], []])
    play(s, "attack alyn", "target viggo", "no-block", "clash massacre", "no-clash")
    assert happened(s, "ultimate_fizzles", unit="alyn", card="massacre")
    assert dmg(s, "bran") == 0
    assert dmg(s, "viggo") == 3 + 3


def test_levelled_or_divine_heroes_resolve_ultimate_clash_effects() -> None:
    """Keywords — Ultimate: "Ultimate effects will only resolve if the hero attempting to use
    them is levelled-up or has the Divine keyword." Divine: "Divine heroes can trigger
    Ultimate clash and talent effects"."""
    for hero, extra in (("alyn", {"levelled": True}), ("final-judge", {})):
        s = position({hero: {"zone": "left", **extra}, "viggo": {"zone": "left"},
                      "bran": {"zone": "left"}}, hands=[["massacre"], []])
        play(s, f"attack {hero}", "target viggo", "no-block", "clash massacre", "no-clash")
        assert dmg(s, "bran") == 2, hero  # Piercing, before the combat damage


def test_mortal_basic_hero_cannot_use_ultimate_talents() -> None:
    """Keywords — Ultimate: "Mortal heroes who are not levelled-up cannot use Ultimate Talent
    actions." Serenity: Ultimate Talent (2 AP): heal 4 from each friendly hero here, then
    recover them."""
    s = position({"bran": {"zone": "left"}, "eleanor": {"zone": "left", "damage": 5,
                                                        "committed": True}},
                 active=B, hands=[[], ["serenity"]])
    assert "talent bran:serenity" not in legal(s)
    err = assert_illegal(s, "talent bran:serenity", R_ULTIMATE)
    assert "Ultimate" in err.reason
    for hero, extra in (("bran", {"levelled": True}), ("oracle", {})):
        s = position({hero: {"zone": "left", **extra},
                      "eleanor": {"zone": "left", "damage": 5, "committed": True}},
                     active=B, hands=[[], ["serenity"]])
        play(s, f"talent {hero}:serenity")
        assert dmg(s, "eleanor") == 1 and not s.comm[s.names["eleanor"]], hero
        assert s.ap == 1


def test_deities_are_heroes_divine_and_not_levelled() -> None:
    """Deities: "Deities are considered to be heroes in all regards, except where explicitly
    stated otherwise." They attack, are attacked and take damage like heroes."""
    s = position({"alyn": {"zone": "left"}, "oracle": {"zone": "left"}})
    play(s, "attack alyn", "target oracle", "no-clash", "no-clash")
    assert dmg(s, "oracle") == 3 - 2 and dmg(s, "alyn") == 4 - 1 - 1  # Alyn heals 1
    assert "divine" in s.view(A)["units"][s.names["oracle"]]["keywords"]


# --- Vanguard -----------------------------------------------------------------------------


def test_vanguard_granted_by_implacable_takes_the_defenders_damage() -> None:
    """Keywords — Vanguard: "While a hero with Vanguard is attacking, other heroes controlled
    by the same player cannot take damage." Implacable: "This hero gains Vanguard until the
    end of the combat." """
    s = position({"alyn": {"zone": "left"}, "mato": {"zone": "left"}, "viggo": {"zone": "left"}},
                 hands=[["implacable"], []])
    play(s, "attack alyn", "with mato", "target viggo", "clash implacable by alyn", "no-clash")
    assert s.phase == MAIN  # no assign: only Alyn may be hit
    assert dmg(s, "mato") == 0 and dmg(s, "alyn") == 3 - 1 - 1 - 1  # armor 1+1, heals 1
    assert "vanguard" not in s.view(A)["units"][s.names["alyn"]]["keywords"]  # combat over


# --- The Golden Rules ---------------------------------------------------------------------


def test_golden_rule_active_players_effects_resolve_first() -> None:
    """The Golden Rules: "2. If two effects would happen at the same time, the active
    player's effect resolves first." Alyn and Eleanor both "deal combat damage"; their heals
    resolve afterwards, the active player's first (docs/rules/radiant-arena.md, rule 14)."""
    s = position({"alyn": {"zone": "left", "damage": 2}, "eleanor": {"zone": "left",
                                                                    "damage": 2}})
    play(s, "attack alyn", "target eleanor", "no-clash", "no-clash")
    assert index_of(s, "heal", unit="alyn") < index_of(s, "heal", unit="eleanor")
    s = position({"alyn": {"zone": "left", "damage": 2}, "eleanor": {"zone": "left",
                                                                    "damage": 2}}, active=B)
    play(s, "attack eleanor", "target alyn", "no-clash", "no-clash")
    assert index_of(s, "heal", unit="eleanor") < index_of(s, "heal", unit="alyn")


def test_golden_rule_card_text_beats_the_rulebook() -> None:
    """The Golden Rules: "1. If a card's text contradicts the rulebook ... the card's text
    takes priority." Maka attacks a hero in another lane though an attack's target must be
    "at the same location as the attackers"."""
    s = position({"maka": {"zone": "left"}, "viggo": {"zone": "right"}}, deck_ids=("ex-a", "b"))
    play(s, "talent maka:snipe", "no-clash", "no-clash")
    assert dmg(s, "viggo") == 3 and zone(s, "maka") == "left"


# --- FAQ ----------------------------------------------------------------------------------


def test_drain_life_needs_an_enemy_hero_at_the_location() -> None:
    """FAQ — partial resolution: "if you wanted to use the Corvus skill card Drain Life to
    heal 2 damage, you could not do so unless there was an enemy hero at that location to
    target with the damage effect." Rule 15: a talent whose first step has no legal target
    is not offered. Drain Life: deal 2 damage to an enemy hero here, then heal 2."""
    s = position({"corvus": {"zone": "left", "damage": 3}, "viggo": {"zone": "center"}},
                 deck_ids=("ex-a", "b"), hands=[["drain-life"], []])
    assert "talent corvus:drain-life" not in legal(s)
    err = assert_illegal(s, "talent corvus:drain-life", R_PARTIAL)
    assert "no legal target" in err.reason
    play(s, "move corvus center", "talent corvus:drain-life")
    assert dmg(s, "viggo") == 2 and dmg(s, "corvus") == 1


def test_partial_resolution_stops_at_the_step_that_fails() -> None:
    """FAQ — partial resolution: "You must attempt to resolve each step in the order they are
    printed. If any step of the card's effect fails to resolve, terminate the effect at that
    step." Viggo's talent: 1 Piercing damage to himself, then +2 attack — the damage KOs him
    (A gains 2 power, rule 23) and the boost has no hero left to resolve on."""
    s = position({"viggo": {"zone": "left", "damage": 6}, "alyn": {"zone": "center"}}, active=B)
    play(s, "talent viggo:wrath")
    assert zone(s, "viggo") == "home" and s.power == [2, 0]
    # The card and the step that failed: Wrath's second step (the boost).
    assert found(s, "effect_stops") == [{"source": "viggo", "step": 2, "op": "boost"}]
    assert not s.store


def test_opposing_heroes_are_only_the_enemies_in_this_combat() -> None:
    """FAQ — I'm confused by the concept of "Opposing Heroes": "Heroes who are not
    participating in the current combat are not opposing anyone." Test of Arms: 1 Piercing
    damage to each opposing hero — not to Bran beside the defender."""
    s = position({"alyn": {"zone": "left"}, "viggo": {"zone": "left"}, "bran": {"zone": "left"}},
                 hands=[["test-of-arms"], []])
    play(s, "attack alyn", "target viggo", "no-block", "clash test-of-arms", "no-clash")
    assert dmg(s, "bran") == 0
    assert dmg(s, "viggo") == 1 + 3 + 2


def test_overkill_flipping_octavians_aegis_adds_nothing_mandatory() -> None:
    """FAQ — Are clash effects mandatory?: "if your Overkill flips Octavian's Aegis from the
    top of your deck, you're straight outta luck my friend." Overkill (Ultimate clash, the
    levelled Viggo): the top card's attack (Aegis: 0) is added; the card is discarded."""
    s = position({"viggo": {"zone": "left", "levelled": True}, "mato": {"zone": "left"}},
                 active=B, hands=[[], ["overkill"]], deck_tops=[[], ["octavians-aegis"]],
                 deck_ids=("a", "b-aegis"))
    play(s, "attack viggo", "target mato", "clash overkill", "no-clash")
    assert happened(s, "reveal_top", seat=B, card="octavians-aegis",
                    deck=len(s.decks[B]) + 1)  # revealed on top, then discarded
    assert happened(s, "boost", unit="viggo", attack_bonus=0, source="overkill")
    assert s.discards[B] == ["octavians-aegis", "overkill"]
    assert dmg(s, "mato") == 4 + 3 - 1
