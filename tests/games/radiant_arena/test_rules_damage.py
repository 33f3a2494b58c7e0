"""Key Concepts: Damage and KOs, Special Damage Types, conduits ruined, Power, Winning &
Losing."""

from __future__ import annotations

from tabletop.games.radiant_arena.rules import MAIN, OVER

from .helpers import assert_illegal, dmg, happened, legal, play, position, skills_of, u, zone

A, B = 0, 1
R_MANIFEST = "Key Concepts — Manifestation"

CONDUITS_A = [{"id": "gift-of-the-elements"}, {"id": "natures-bounty"}, {"id": "ancient-wisdom"}]


def conduits_b(left: str = "smite", damage: int = 0, ruined_others: bool = False) -> list:
    """B's conduits: ``left`` in the left lane with ``damage``; the others maybe ruined."""
    others = [c for c in ("gift-of-the-elements", "natures-bounty", "smite") if c != left]
    return [{"id": left, "damage": damage},
            *({"id": c, "ruined": ruined_others} for c in others)]


# --- damage -----------------------------------------------------------------------------


def test_armor_reduces_damage() -> None:
    """Damage and KOs: "Damage is reduced by armor. Whenever a card would take damage, reduce
    the total damage dealt by that card's armor value." Arcane Evocation deals 3; Eleanor has
    armor 1, Viggo 0."""
    s = position({"iskandar": {"zone": "left"}, "eleanor": {"zone": "left"},
                  "viggo": {"zone": "center"}},
                 hands=[["arcane-evocation", "arcane-evocation"], []])
    play(s, "talent iskandar:arcane-evocation", "target eleanor")
    assert dmg(s, "eleanor") == 3 - 1
    assert happened(s, "damage", unit="eleanor", amount=2, before=0, after=2)
    play(s, "talent iskandar:arcane-evocation", "target viggo")
    assert dmg(s, "viggo") == 3
    assert happened(s, "damage", unit="viggo", amount=3, before=0, after=3, health=7,
                    piercing=False, source="arcane-evocation")


def test_piercing_damage_ignores_armor() -> None:
    """Special Damage Types: "Piercing damage is not reduced by armor". Sunder: "This hero's
    combat damage is Piercing this combat." """
    s = position({"viggo": {"zone": "left"}, "mato": {"zone": "left"}}, active=B,
                 hands=[[], ["sunder"]])
    play(s, "attack viggo", "target mato", "clash sunder", "no-clash")
    assert dmg(s, "mato") == 3 + 2  # armor 1 ignored
    assert happened(s, "damage", unit="mato", amount=5, after=5, health=10, piercing=True,
                    combat=True, source="viggo")


def test_stun_damage_cannot_ko_leaves_1_health() -> None:
    """Special Damage Types: "Stun damage cannot cause a KO. If stun damage would cause
    sufficient damage to KO a hero, that hero remains in play with 1 health remaining
    instead". (Stun Bolt is a test card: 5 Stun damage.)"""
    s = position({"maka": {"zone": "left"}, "viggo": {"zone": "left", "damage": 5}},
                 deck_ids=("ex-a", "b"), hands=[["stun-bolt", "stun-bolt"], []])
    play(s, "talent maka:stun-bolt")
    assert zone(s, "viggo") == "left" and dmg(s, "viggo") == 6  # health 7: 1 left
    assert s.power == [0, 0]
    play(s, "talent maka:stun-bolt")
    assert zone(s, "viggo") == "left" and dmg(s, "viggo") == 6
    # Stun damage that does not reach a KO is ordinary damage, reduced by armor.
    s = position({"maka": {"zone": "left"}, "eleanor": {"zone": "left"}},
                 deck_ids=("ex-a", "b"), hands=[["stun-bolt"], []])
    play(s, "talent maka:stun-bolt")
    assert dmg(s, "eleanor") == 5 - 1


def test_piercing_stun_damage_is_both() -> None:
    """Special Damage Types: "These damage types are additive, so it is possible for an
    effect to deal both piercing and stun damage at the same time." (Piercing Stun Bolt is a
    test card: 5 Piercing Stun damage.)"""
    s = position({"maka": {"zone": "left"}, "eleanor": {"zone": "left"}},
                 deck_ids=("ex-a", "b"), hands=[["piercing-stun-bolt", "piercing-stun-bolt"], []])
    play(s, "talent maka:piercing-stun-bolt")
    assert dmg(s, "eleanor") == 5  # armor 2 ignored
    play(s, "talent maka:piercing-stun-bolt")
    assert zone(s, "eleanor") == "left" and dmg(s, "eleanor") == 8  # health 9: 1 left


# --- KO -----------------------------------------------------------------------------------


def test_ko_home_tokens_removed_item_and_level_kept_2_power() -> None:
    """Damage and KOs: "they are instantly KO'd. Place the hero into your home and remove all
    damage tokens from that hero. Any items equipped to the KO'd hero remain equipped ... If
    the hero has been levelled up, they remain levelled up." Power: "After an enemy hero
    becomes KO'd (for any reason), you gain 2 power"."""
    s = position({"iskandar": {"zone": "left"},
                  "viggo": {"zone": "center", "levelled": True, "damage": 9,
                            "item": "wurmbane", "committed": True}},
                 hands=[["arcane-evocation"], []], power=[1, 0])
    assert s.health_of(u(s, "viggo")) == 10
    play(s, "talent iskandar:arcane-evocation")
    viggo = u(s, "viggo")
    assert zone(s, "viggo") == "home"
    assert s.dmg[viggo] == 0 and s.item[viggo] == "wurmbane" and s.lvl[viggo] == 1
    assert s.power == [3, 0]
    assert happened(s, "ko", unit="viggo", lane="center", source="arcane-evocation")
    assert happened(s, "power_gain", seat=A, amount=2, total=3, reason="ko", source="viggo")


def test_a_kod_hero_leaves_lanes_and_cannot_be_targeted() -> None:
    """Home: "Heroes who have been KO'd ... are kept here." A KO'd hero is out of play: no
    longer a target at its lane."""
    s = position({"alyn": {"zone": "left"}, "viggo": {"zone": "home"}})
    play(s, "attack alyn")
    assert legal(s) == {"target conduit"}


# --- conduits -----------------------------------------------------------------------------


def test_conduit_ruin_flips_owner_resolves_effect_opponent_gains_1_power() -> None:
    """Damage and KOs: "When a conduit has accumulated damage tokens equal to or greater than
    its health, it is ruined. Flip it ... and then resolve any ruin effects printed on it."
    Conduits: "Ruin Effects ... are resolved by the player who owns the conduit". Smite:
    "Deal 3 damage to an enemy hero at this location" (B chooses among A's heroes). Power:
    1 for an enemy conduit ruined during the action phase. Brute Strength: 3 damage to the
    enemy conduit at this location."""
    s = position({"mato": {"zone": "left"}, "iskandar": {"zone": "left"},
                  "viggo": {"zone": "left"}},
                 conduits=[CONDUITS_A, conduits_b("smite", damage=5)],
                 hands=[["brute-strength"], []])
    play(s, "talent mato:brute-strength")
    assert s.ruined[B] == [True, False, False] and s.cdmg[B][0] == 8
    assert s.power == [1, 0]
    assert s.to_act == B and legal(s) == {"target mato", "target iskandar"}
    play(s, "target iskandar")
    assert dmg(s, "iskandar") == 3 - 1 and dmg(s, "viggo") == 0  # Iskandar's armor 1
    assert s.to_act == A and s.phase == MAIN and s.ap == 1
    view = s.view(A)["players"][B]["conduits"][0]
    assert view["ruined"] and view["name"] == "Smite"  # the ruined face is public


def test_ruin_effect_gift_of_the_elements_gives_its_owner_2_power() -> None:
    """Conduits: ruin effects "are resolved by the player who owns the conduit". Gift of the
    Elements: "Ruin: Gain 2 Power." (the owner), besides the attacker's 1 power."""
    s = position({"mato": {"zone": "left"}}, hands=[["brute-strength"], []],
                 conduits=[CONDUITS_A, conduits_b("gift-of-the-elements", damage=5)])
    play(s, "talent mato:brute-strength")
    assert s.power == [1, 2]


def test_ruined_conduit_gives_no_power_outside_the_action_phase() -> None:
    """Power: "After an enemy conduit is ruined during the action phase (either player's
    action phase), you gain 1 power". Mass Resurrect ruins your own conduit in the revive
    step: the opponent gains nothing."""
    s = position({"alyn": {"zone": "home"}, "mato": {"zone": "left"}},
                 phase="preparation", turn=5, hands=[["time-lock"], []])
    play(s, "pass", "revive mass center", "place alyn left")
    assert s.ruined[A][1]
    assert s.power == [0, 0]


def test_third_conduit_ruined_forces_the_deity_to_manifest() -> None:
    """Manifestation: "When your third and final conduit is ruined, your Deity must manifest
    immediately" — even during the opponent's turn; its owner chooses the lane and the hero
    to banish. The Oracle: "Manifestation: Draw 2 cards." """
    s = position({"mato": {"zone": "left"}, "viggo": {"zone": "center"},
                  "eleanor": {"zone": "home"}},
                 conduits=[CONDUITS_A, conduits_b("natures-bounty", damage=5,
                                                  ruined_others=True)],
                 hands=[["brute-strength"], ["zeal"]])
    play(s, "talent mato:brute-strength")
    assert s.to_act == B and s.active == A
    assert ("manifest oracle right banish eleanor" in legal(s))
    assert_illegal(s, "pass", R_MANIFEST)
    play(s, "manifest oracle left banish eleanor")
    assert zone(s, "oracle") == "left" and zone(s, "eleanor") == "void"
    assert len(s.hands[B]) == 3
    assert s.to_act == A and s.ap == 1  # A's turn goes on
    assert s.power == [1, 0]


# --- winning and losing -------------------------------------------------------------------


def test_a_kod_deity_loses_the_game_at_once() -> None:
    """Winning & Losing: "A player's Deity is KO'd. That player immediately loses the game,
    and their opponent is the winner." """
    s = position({"alyn": {"zone": "left"}, "oracle": {"zone": "left", "damage": 12}})
    play(s, "attack alyn", "target oracle", "no-clash", "no-clash")
    assert s.phase == OVER and s.to_act is None
    outcome = s.outcome()
    assert outcome is not None and outcome.winners == (A,) and outcome.scores == (1.0, 0.0)
    assert "The Oracle, the deity of Player B, was KO'd" in outcome.reason
    assert s.legal_actions() == ()
    assert_illegal(s, "pass", "Key Concepts — Winning & Losing")


def test_both_deities_kod_at_once_the_active_player_wins() -> None:
    """Winning & Losing: "If both Deities are KO'd at the same time, the active player wins
    the game." Combat damage is simultaneous; either player may be the active one."""
    for active in (A, B):
        attacker, defender = ("final-judge", "oracle") if active == A else ("oracle",
                                                                             "final-judge")
        s = position({"final-judge": {"zone": "left", "damage": 13},
                      "oracle": {"zone": "left", "damage": 12}}, active=active)
        play(s, f"attack {attacker}", f"target {defender}", "no-clash", "no-clash")
        outcome = s.outcome()
        assert outcome is not None and outcome.winners == (active,)


def test_drawing_from_an_empty_deck_loses() -> None:
    """Winning & Losing: "A player goes to draw a card from their skill deck but cannot
    because the deck is empty. That player immediately loses the game"."""
    # A's deck is empty: every other card of A's is in the discard pile.
    s = position({"alyn": {"zone": "left"}}, hands=[["time-lock"], []],
                 discards=[skills_of("a", "time-lock"), []])
    play(s, "pass")
    outcome = s.outcome()
    assert outcome is not None and outcome.winners == (B,)
    assert "Player A had to draw from an empty skill deck" in outcome.reason


def test_drawing_from_an_empty_deck_by_an_effect_loses_too() -> None:
    """Winning & Losing: any draw from an empty deck (docs/rules/radiant-arena.md, rule 22):
    Iskandar's talent "Draw a card"."""
    s = position({"iskandar": {"zone": "left"}}, discards=[skills_of("a"), []])
    play(s, "talent iskandar:study")
    outcome = s.outcome()
    assert outcome is not None and outcome.winners == (B,)
