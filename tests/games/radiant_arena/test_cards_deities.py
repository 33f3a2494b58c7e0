"""The two deities and the four conduits of the starter decks: one scenario test per card.

Each docstring quotes the card's text from data/deities.toml or data/conduits.toml
(reconstructed by tabletop; see docs/rules/radiant-arena.md, "Deities" and "Conduits").
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.games.radiant_arena.rules import VOID, ArenaState

from .cardkit import (
    CAT,
    CENTER,
    LEFT,
    RIGHT,
    A,
    B,
    arena,
    at,
    conduits,
    dmg,
    end_turn,
    found,
    happened,
    legal,
    play,
    u,
    zone,
)


def card(s: ArenaState, name: str) -> dict[str, Any]:
    """A unit as every seat sees it."""
    return s.view(None)["units"][u(s, name)]


def deity_stats(s: ArenaState, name: str) -> tuple[Any, ...]:
    c = card(s, name)
    return (c["attack"], c["armor"], c["health"], c["keywords"], c["deity"])


# --- deities ------------------------------------------------------------------------------


def test_final_judge() -> None:
    """The Final Judge (deck A; 5 attack, 2 armor, 14 health, Divine): "Manifestation: Deal
    2 Piercing damage to each enemy hero at this location. Talent (1 AP, 2 Power, Cooldown):
    Deal 3 Piercing damage to an enemy hero at this location."

    A manifests him in the center (1 AP), banishing Iskandar to the void: Viggo and Eleanor
    there take 2 Piercing each, Bran in the left lane none; the Judge is ready and
    undamaged. His talent (``sentence``) costs 1 AP and 2 power: Eleanor takes 3 Piercing.
    Once a turn. Divine: he may use an Ultimate talent (Chronostorm)."""
    s = arena({"alyn": "left", "iskandar": "right", "viggo": "center", "eleanor": "center",
               "bran": "left"}, power=(6, 0), hands=(["chronostorm"], []))
    assert "manifest final-judge center banish iskandar" in legal(s)
    play(s, "manifest final-judge center banish iskandar")
    assert zone(s, "final-judge") == CENTER and zone(s, "iskandar") == VOID
    assert deity_stats(s, "final-judge") == (5, 2, 14, ["divine"], True)
    assert (dmg(s, "viggo"), dmg(s, "eleanor"), dmg(s, "bran")) == (2, 2, 0)
    assert dmg(s, "final-judge") == 0 and not card(s, "final-judge")["committed"]
    assert s.ap == 2
    assert "talent final-judge:chronostorm" in legal(s)
    play(s, "talent final-judge:sentence")
    assert legal(s) == ["target viggo", "target eleanor"]
    play(s, "target eleanor")
    assert dmg(s, "eleanor") == 5 and s.power == [4, 0] and s.ap == 1
    assert "talent final-judge:sentence" not in legal(s)


def test_oracle() -> None:
    """The Oracle (deck B; 4 attack, 2 armor, 13 health, Divine, Evoker): "Manifestation:
    Draw 2 cards. (Evoker: after your turn begins, if you control an Evoker, gain 1
    Power.)"

    B manifests her in the left lane, banishing Bran, B's other Evoker: B draws the top two
    cards of its deck. When B's next turn begins she, an Evoker, gives 1 power; with Bran
    back in play as well, still only 1 (Evokers do not stack)."""
    s = arena({"viggo": "center", "bran": "right", "alyn": "left"}, active=B)
    top2 = s.decks[B][-2:]
    play(s, "manifest oracle left banish bran")
    assert deity_stats(s, "oracle") == (4, 2, 13, ["divine", "evoker"], True)
    assert sorted(s.hands[B]) == sorted(top2) and len(s.decks[B]) == 30 - 2
    assert zone(s, "oracle") == LEFT and zone(s, "bran") == VOID
    assert [t for t, _ in s.talents_of(u(s, "oracle")) if t not in CAT.skills] == []
    end_turn(s)
    end_turn(s)
    assert s.active == B and s.power[B] == 1

    both = arena({"bran": "right", "oracle": "left", "alyn": "left"})
    end_turn(both)
    assert both.power[B] == 1
    assert len(found(both, "power_gain", seat=B, reason="evoker")) == 1


# --- conduits -----------------------------------------------------------------------------


def ruined_by_attack(owner: int, lane: str, units: dict[str, Any], attacker: str,
                     *then: str) -> ArenaState:
    """``owner``'s conduit in ``lane`` has 6 damage; ``attacker`` (3 attack) ruins it."""
    x = ("left", "center", "right").index(lane)
    damaged = tuple({"damage": 6} if i == x else {} for i in range(3))
    s = arena(units, active=1 - owner,
              conduits=conduits(*((damaged, None) if owner == A else (None, damaged))))
    play(s, f"attack {attacker}", "target conduit", *then)
    assert s.ruined[owner][x]
    return s


@pytest.mark.parametrize("owner", [A, B], ids=["deck-a", "deck-b"])
def test_gift_of_the_elements(owner: int) -> None:
    """Gift of the Elements (both decks): "Ruin: Gain 2 Power."

    Its owner gains 2 power when it is ruined; the opponent, who ruined it in the action
    phase, gains 1 (Key Concepts — Power)."""
    if owner == A:
        s = ruined_by_attack(A, "left", {"viggo": "left"}, "viggo")
    else:
        s = ruined_by_attack(B, "left", {"alyn": "left"}, "alyn")
    assert s.power[owner] == 2 and s.power[1 - owner] == 1
    assert happened(s, "ruin", seat=owner, lane="left", conduit="gift-of-the-elements")
    assert happened(s, "power_gain", seat=owner, amount=2, reason="effect",
                    source="gift-of-the-elements")


@pytest.mark.parametrize("owner", [A, B], ids=["deck-a", "deck-b"])
def test_natures_bounty(owner: int) -> None:
    """Nature's Bounty (both decks): "Ruin: Heal 3 damage from each friendly hero at this
    location."

    Ruined in the center: its owner's heroes there heal 3 (4 → 1, 2 → 0); its owner's hero
    in the left lane does not heal, nor does the attacker who ruined it (2 from the
    conduit's attack)."""
    if owner == A:
        s = ruined_by_attack(A, "center", {"alyn": at("center", damage=4),
                                           "mato": at("center", damage=2),
                                           "iskandar": at("left", damage=3),
                                           "viggo": "center"}, "viggo", "no-block")
        assert (dmg(s, "alyn"), dmg(s, "mato"), dmg(s, "iskandar")) == (1, 0, 3)
        assert dmg(s, "viggo") == 2
    else:
        s = ruined_by_attack(B, "center", {"eleanor": at("center", damage=4),
                                           "bran": at("center", damage=2),
                                           "viggo": at("left", damage=3),
                                           "alyn": "center"}, "alyn", "no-block")
        assert (dmg(s, "eleanor"), dmg(s, "bran"), dmg(s, "viggo")) == (1, 0, 3)
        assert dmg(s, "alyn") == 2 - 1 - 1  # she dealt combat damage: she heals 1


def test_ancient_wisdom() -> None:
    """Ancient Wisdom (deck A): "Ruin: Draw a card."

    Rulebook: "when a player's 'Ancient Wisdom' conduit is ruined, that player draws a
    card" — A draws the top card of its deck, on B's turn."""
    s = arena({"viggo": "right"}, active=B,
              conduits=conduits(({}, {}, {"damage": 6}), None))
    top = s.decks[A][-1]
    play(s, "attack viggo", "target conduit")
    assert s.ruined[A][RIGHT] and s.hands[A] == [top] and s.power == [0, 1]


def test_smite() -> None:
    """Smite (deck B): "Ruin: Deal 3 damage to an enemy hero at this location."

    Alyn ruins B's Smite in the right lane; B chooses the enemy hero there: Mato, who takes
    3 - 1 armor = 2. (Alyn takes the conduit's attack, 2 - 1, and heals it: she dealt
    combat damage.)"""
    s = arena({"alyn": "right", "mato": "right"},
              conduits=conduits(None, ({}, {}, {"damage": 6})))
    play(s, "attack alyn", "target conduit")
    assert s.ruined[B][RIGHT] and s.to_act == B
    assert legal(s) == ["target alyn", "target mato"]
    play(s, "target mato")
    assert dmg(s, "mato") == 3 - 1 and dmg(s, "alyn") == 0 and s.power == [1, 0]
    assert CAT.conduits["smite"].name == "Smite"
