"""The six heroes of the starter decks, each side its own test: stats, keywords, talents.

Each docstring quotes the side's text from data/heroes.toml (reconstructed by tabletop; see
docs/rules/radiant-arena.md, "Heroes") and the test checks its stats through the public
view and what the text says happens.
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.games.radiant_arena.rules import HOME, ArenaState

from .cardkit import (
    LEFT,
    RIGHT,
    A,
    B,
    arena,
    at,
    committed,
    dmg,
    end_turn,
    happened,
    index_of,
    legal,
    play,
    u,
)


def card(s: ArenaState, name: str) -> dict[str, Any]:
    """A unit as every seat sees it (the spectator view)."""
    return s.view(None)["units"][u(s, name)]


def stats(s: ArenaState, name: str) -> tuple[Any, ...]:
    """(subtitle, attack, armor, health, exp, keywords, regen) from the public view."""
    c = card(s, name)
    return (c["subtitle"], c["attack"], c["armor"], c["health"], c["exp"], c["keywords"],
            c["regen"])


def levelled(name: str, lane: str = "center", **kw: Any) -> dict[str, Any]:
    return at(lane, levelled=True, **kw)


# --- Alyn ---------------------------------------------------------------------------------


def test_alyn_basic() -> None:
    """Alyn, Knight of the Blood (warrior; 3 attack, 1 armor, 7 health, exp 5): "After this
    hero deals combat damage, heal 1 damage from this hero."

    Alyn with 3 damage attacks Viggo: she deals 3, takes 3 - 1 = 2 (5), then heals 1 (4).
    When armor stops all her damage (Eleanor with Defiance, 5 armor) she does not heal."""
    s = arena({"alyn": at("center", damage=3), "viggo": "center"})
    assert stats(s, "alyn") == ("Knight of the Blood", 3, 1, 7, 5, [], 0)
    play(s, "attack alyn", "target viggo", "no-clash", "no-clash")
    assert dmg(s, "viggo") == 3
    i = index_of(s, "damage", unit="alyn")
    assert s.events[i].fields == {"unit": "alyn", "amount": 2, "before": 3, "after": 5,
                                  "health": 7, "piercing": False, "stun": False,
                                  "combat": True, "source": "viggo"}
    assert s.events[i + 1].kind == "heal"  # then her text, after the combat damage
    assert s.events[i + 1].fields == {"unit": "alyn", "amount": 1, "before": 5, "after": 4,
                                      "cause": "effect", "source": "alyn"}
    assert dmg(s, "alyn") == 4

    stopped = arena({"alyn": at("center", damage=3), "eleanor": "center"},
                    hands=([], ["defiance"]))
    play(stopped, "attack alyn", "target eleanor", "no-clash", "clash defiance")
    assert dmg(stopped, "eleanor") == 0 and dmg(stopped, "alyn") == 3 + 1


def test_alyn_levelled() -> None:
    """Alyn, Lord of the Blood (4 attack, 1 armor, 8 health): "After this hero deals combat
    damage, heal 2 damage from this hero."

    Levelling up costs her exp, 5 power, and 1 AP (The Five Basic Actions). Then, with 3
    damage, she attacks Viggo: deals 4, takes 2 (5), heals 2 (3)."""
    s = arena({"alyn": at("center", damage=3), "viggo": "center"}, power=(5, 0))
    play(s, "level alyn")
    assert s.power == [0, 0] and s.ap == 2
    assert stats(s, "alyn") == ("Lord of the Blood", 4, 1, 8, None, [], 0)
    play(s, "attack alyn", "target viggo", "no-clash", "no-clash")
    assert dmg(s, "viggo") == 4 and dmg(s, "alyn") == 3 + 2 - 2


# --- Mato ---------------------------------------------------------------------------------


def test_mato_basic() -> None:
    """Mato, The Exile (tank; 2 attack, 1 armor, 10 health, exp 4, Taunt): "(Taunt: while
    this hero is ready, enemy heroes may not attack your heroes without Taunt at this
    location.)"

    With a ready Mato in the center, Viggo there may attack Mato or the conduit (Taunt does
    not protect conduits, rule 1) but not Alyn; once Mato is committed, Alyn too."""
    s = arena({"mato": "center", "alyn": "center", "viggo": "center"}, active=B)
    assert stats(s, "mato") == ("The Exile", 2, 1, 10, 4, ["taunt"], 0)
    play(s, "attack viggo")
    assert legal(s) == ["target mato", "target conduit"]

    tired = arena({"mato": at("center", committed=True), "alyn": "center", "viggo": "center"},
                  active=B)
    play(tired, "attack viggo")
    assert legal(tired) == ["target alyn", "target mato", "target conduit"]


def test_mato_levelled() -> None:
    """Mato, The Unbroken (3 attack, 1 armor, 11 health, Taunt, Regen 1): "Regen 1 (after
    your turn begins, heal 1 damage from this hero). (Taunt: while this hero is ready, enemy
    heroes may not attack your heroes without Taunt at this location.)"

    When A's turn begins Mato heals 1 (4 → 3), once. Taunt still protects Alyn."""
    s = arena({"mato": levelled("mato", damage=4), "alyn": "center", "viggo": "center"},
              active=B)
    assert stats(s, "mato") == ("The Unbroken", 3, 1, 11, None, ["taunt"], 1)
    play(s, "attack viggo")
    assert legal(s) == ["target mato", "target conduit"]
    play(s, "target conduit", "no-block")
    end_turn(s)
    assert s.active == A and dmg(s, "mato") == 3
    assert happened(s, "heal", unit="mato", amount=1, cause="regen")


# --- Iskandar -----------------------------------------------------------------------------


def test_iskandar_basic() -> None:
    """Iskandar, Royal Scholar (support; 2 attack, 1 armor, 9 health, exp 4, Evoker):
    "Talent (1 AP, Cooldown): Draw a card. (Evoker: after your turn begins, if you control
    an Evoker, gain 1 Power.)"

    The talent (``study``) costs 1 AP and draws the top card, once a turn. When A's turn
    begins with Iskandar in play, A gains 1 power; with him KO'd (at home), none."""
    s = arena({"iskandar": "left"})
    assert stats(s, "iskandar") == ("Royal Scholar", 2, 1, 9, 4, ["evoker"], 0)
    top = s.decks[A][-1]
    play(s, "talent iskandar:study")
    assert s.hands[A] == [top] and s.ap == 2
    s.ap = 3
    s._legal = None
    assert "talent iskandar:study" not in legal(s)  # Cooldown

    evoker = arena({"iskandar": "left", "viggo": "center"}, active=B, power=(2, 0))
    end_turn(evoker)
    assert evoker.active == A and evoker.power[A] == 3
    assert happened(evoker, "power_gain", seat=A, amount=1, reason="evoker")
    nobody = arena({"iskandar": "home", "alyn": "left", "viggo": "center"}, active=B,
                   power=(2, 0))
    end_turn(nobody)
    assert nobody.power[A] == 2


def test_iskandar_levelled() -> None:
    """Iskandar, Keeper of Hours (3 attack, 1 armor, 10 health, Evoker): "Talent (1 AP,
    Cooldown): Draw a card. (Evoker: after your turn begins, if you control an Evoker, gain
    1 Power.)"

    The levelled talent is a separate ability from the basic one (Glossary: Level Up), so
    Iskandar may study (1 AP), level up (1 AP) and study again (1 AP) in one turn of 3 AP;
    then no more."""
    s = arena({"iskandar": "left"}, ap=3, power=(4, 0))
    play(s, "talent iskandar:study", "level iskandar")
    assert stats(s, "iskandar") == ("Keeper of Hours", 3, 1, 10, None, ["evoker"], 0)
    assert "talent iskandar:study" in legal(s)
    play(s, "talent iskandar:study")
    assert len(s.hands[A]) == 2 and s.ap == 0 and s.power == [0, 0]
    s.ap = 2
    s._legal = None
    assert "talent iskandar:study" not in legal(s)


# --- Viggo --------------------------------------------------------------------------------


def test_viggo_basic() -> None:
    """Viggo, Disciple of Wrath (warrior; 3 attack, 0 armor, 7 health, exp 5): "Talent
    (1 AP, Cooldown): Deal 1 Piercing damage to this hero, then this hero gets +2 attack
    until the end of the turn."

    Talent ``wrath``: 1 damage to Viggo, attack 5 until B's turn ends, once a turn. With 6
    damage the wound KOs him: A gains the 2 power of a KO, and the +2 has no one to go to."""
    s = arena({"viggo": "center"}, active=B)
    assert stats(s, "viggo") == ("Disciple of Wrath", 3, 0, 7, 5, [], 0)
    play(s, "talent viggo:wrath")
    assert dmg(s, "viggo") == 1 and s.attack_of(u(s, "viggo")) == 5 and s.ap == 2
    assert "talent viggo:wrath" not in legal(s)
    end_turn(s)
    assert s.attack_of(u(s, "viggo")) == 3

    wounded = arena({"viggo": at("center", damage=6)}, active=B)
    play(wounded, "talent viggo:wrath")
    assert wounded.zone[u(wounded, "viggo")] == HOME and wounded.power == [2, 0]
    assert not wounded.store


def test_viggo_levelled() -> None:
    """Viggo, Wrath Unbound (4 attack, 1 armor, 8 health, Vanguard): "Talent (1 AP,
    Cooldown): Deal 1 Piercing damage to this hero, then this hero gets +3 attack until the
    end of the turn. (Vanguard: while this hero is attacking, your other heroes cannot take
    damage.)"

    Wrath: 1 Piercing (his armor does not count), attack 7. Vanguard: Viggo and Eleanor
    attack Alyn, who clashes Test of Arms; Eleanor takes none of its damage, and Alyn's
    combat damage can go only to Viggo. Defending, Viggo protects no one."""
    s = arena({"viggo": levelled("viggo")}, active=B)
    assert stats(s, "viggo") == ("Wrath Unbound", 4, 1, 8, None, ["vanguard"], 0)
    play(s, "talent viggo:wrath")
    assert dmg(s, "viggo") == 1 and s.attack_of(u(s, "viggo")) == 7

    team = arena({"viggo": levelled("viggo"), "eleanor": "center", "alyn": "center"},
                 active=B, hands=(["test-of-arms"], []))
    play(team, "attack viggo", "with eleanor", "target alyn", "no-clash", "clash test-of-arms")
    assert happened(team, "damage_prevented", unit="eleanor", by="viggo")
    assert team.to_act == B and team.phase == 2  # no "assign": only Viggo may be hit
    # Viggo: 1 (Test of Arms) + (3 + 2) - 1 = 5, then Eleanor's heal: 4. Eleanor: 0.
    assert dmg(team, "viggo") == 4 and dmg(team, "eleanor") == 0
    assert dmg(team, "alyn") == (4 + 2) - (1 + 1) - 1

    defending = arena({"alyn": levelled("alyn"), "viggo": levelled("viggo"),
                       "eleanor": at("center", committed=True)}, hands=(["massacre"], []))
    play(defending, "attack alyn", "target viggo", "clash massacre", "no-clash")
    assert dmg(defending, "eleanor") == 2


# --- Eleanor ------------------------------------------------------------------------------


def test_eleanor_basic() -> None:
    """Eleanor, Light Bearer (tank; 2 attack, 1 armor, 9 health, exp 4, Taunt): "After this
    hero deals combat damage, heal 1 damage from each friendly hero at this location.
    (Taunt: while this hero is ready, enemy heroes may not attack your heroes without Taunt
    at this location.)"

    Eleanor (3 damage) attacks Alyn and deals 1: then she and Bran, in her lane, heal 1;
    Viggo in the left lane does not. While she is ready, Mato may attack only her (or the
    conduit) in her lane, not Bran."""
    s = arena({"eleanor": at("center", damage=3), "bran": at("center", damage=2),
               "viggo": at("left", damage=2), "alyn": "center"}, active=B)
    assert stats(s, "eleanor") == ("Light Bearer", 2, 1, 9, 4, ["taunt"], 0)
    play(s, "attack eleanor", "target alyn", "no-clash", "no-clash")
    # Eleanor: 3 + (3 - 1) = 5, heals 1; Bran 2 → 1; Viggo stays 2; Alyn 1 - 1 (her heal).
    assert (dmg(s, "eleanor"), dmg(s, "bran"), dmg(s, "viggo")) == (4, 1, 2)
    assert dmg(s, "alyn") == 0

    taunt = arena({"eleanor": "center", "bran": "center", "mato": "center"})
    play(taunt, "attack mato")
    assert legal(taunt) == ["target eleanor", "target conduit"]


def test_eleanor_levelled() -> None:
    """Eleanor, Dawnbringer (3 attack, 2 armor, 10 health, Taunt, Regen 1): "After this hero
    deals combat damage, heal 1 damage from each friendly hero at this location. Regen 1
    (after your turn begins, heal 1 damage from this hero). (Taunt: while this hero is
    ready, enemy heroes may not attack your heroes without Taunt at this location.)"

    When B's turn begins she heals 1 (Regen: 3 → 2). She attacks Alyn: 3 - 1 = 2 dealt,
    Alyn's 3 - 2 = 1 taken (3), then she and Bran heal 1."""
    s = arena({"eleanor": levelled("eleanor", damage=3), "bran": at("center", damage=1),
               "alyn": "center"})
    assert stats(s, "eleanor") == ("Dawnbringer", 3, 2, 10, None, ["taunt"], 1)
    end_turn(s)
    assert s.active == B and dmg(s, "eleanor") == 2
    assert happened(s, "heal", unit="eleanor", amount=1, after=2, cause="regen")
    play(s, "attack eleanor", "target alyn", "no-clash", "no-clash")
    assert dmg(s, "eleanor") == 2 + 1 - 1 and dmg(s, "bran") == 0
    assert dmg(s, "alyn") == 2 - 1


# --- Bran ---------------------------------------------------------------------------------


def test_bran_basic() -> None:
    """Bran, Voice of the Wilds (support; 2 attack, 0 armor, 7 health, exp 3, Evoker):
    "Talent (1 AP, Cooldown): Heal 1 damage from a friendly hero at this location. (Evoker:
    after your turn begins, if you control an Evoker, gain 1 Power.)"

    Talent ``heal``: B chooses Viggo or Bran (in Bran's lane), not Eleanor in the left lane;
    Viggo heals 1; once a turn. When B's turn begins with Bran in play, B gains 1 power."""
    s = arena({"bran": at("center", damage=1), "viggo": at("center", damage=2),
               "eleanor": at("left", damage=2)}, active=B)
    assert stats(s, "bran") == ("Voice of the Wilds", 2, 0, 7, 3, ["evoker"], 0)
    play(s, "talent bran:heal")
    assert legal(s) == ["target viggo", "target bran"]
    play(s, "target viggo")
    assert (dmg(s, "viggo"), dmg(s, "bran"), dmg(s, "eleanor")) == (1, 1, 2) and s.ap == 2
    assert "talent bran:heal" not in legal(s)

    evoker = arena({"bran": "right", "alyn": "left"})
    end_turn(evoker)
    assert evoker.active == B and evoker.power == [0, 1]


def test_bran_levelled() -> None:
    """Bran, Heart of the Wilds (3 attack, 1 armor, 8 health, Evoker): "Talent (1 AP,
    Cooldown): Heal 2 damage from a friendly hero at this location. (Evoker: after your turn
    begins, if you control an Evoker, gain 1 Power.)"

    FAQ: heal a hero with Bran's ability, level him up and heal another hero with the more
    powerful version in the same turn; and a damaged, committed Bran who levels up recovers
    and heals 2 from himself. Alone in his lane, no target is asked."""
    s = arena({"bran": at("center", damage=3, committed=True),
               "viggo": at("center", damage=2)}, active=B, power=(0, 3))
    play(s, "talent bran:heal", "target viggo")
    assert dmg(s, "viggo") == 1
    play(s, "level bran")
    assert stats(s, "bran") == ("Heart of the Wilds", 3, 1, 8, None, ["evoker"], 0)
    assert not committed(s, "bran") and s.power == [0, 0]
    play(s, "talent bran:heal", "target bran")
    assert dmg(s, "bran") == 1 and s.ap == 0

    alone = arena({"bran": levelled("bran", lane="left", damage=2)}, active=B)
    play(alone, "talent bran:heal")
    assert dmg(alone, "bran") == 0 and alone.to_act == B


@pytest.mark.parametrize("name", ["alyn", "mato", "iskandar", "viggo", "eleanor", "bran"])
def test_levelling_keeps_damage_and_needs_the_exp(name: str) -> None:
    """Level Up (The Five Basic Actions; FAQ): pay the basic side's exp in power; damage
    stays on the card. Without enough power the action is not offered."""
    lane = {"alyn": "left", "mato": "left", "iskandar": "left"}.get(name, "right")
    s = arena({name: at(lane, damage=2)}, active=A if lane == "left" else B)
    exp = card(s, name)["exp"]
    s.power[s.active] = exp - 1
    s._legal = None
    assert f"level {name}" not in legal(s)
    s.power[s.active] = exp
    s._legal = None
    play(s, f"level {name}")
    assert card(s, name)["levelled"] and dmg(s, name) == 2 and s.power[s.active] == 0
    assert s.zone[u(s, name)] == (LEFT if lane == "left" else RIGHT)
