"""The rules kernel's forms at work in Lightseekers (issue 26, "The kernel carries the
forms above": "in Lightseekers a target that is my attacker"): each test plays a test card
(cards/kernel.toml) written as data."""

from __future__ import annotations

from pathlib import Path

from tabletop.games.lightseekers.data import catalog

from .helpers import fields, position

KERNEL = str(Path(__file__).parent / "cards" / "kernel.toml")


def text(card: str) -> str:
    """A card's text generated from its data."""
    return next(c.text for c in catalog(KERNEL).cards if c.id == card)


def test_my_attacker_is_the_hero_that_dealt_the_damage_not_my_enemy() -> None:
    """Issue 26: "in Lightseekers a target that is my attacker" (the named target
    attacker, { event = "by" }; docs/rules/lightseekers.md, "Your attacker"). Three
    players: seat 0's target is seat 1, seat 2's enemy is seat 1 (GETTING STARTED: "The
    player on your left is your target and the player on your right is your enemy").
    Seat 0's Solar Flare deals 2 to each other hero; seat 2's Thorn Mirror ("After your
    hero takes damage, deal 1 damage to your attacker") hits seat 0, who dealt it, not
    its enemy seat 1."""
    assert text("thorn-mirror") == "After your hero takes damage, deal 1 damage to your " \
        "attacker."
    s = position(3, heroes=["solara", "tempest", "ember"], params={"cards": KERNEL},
                 hand=[["solar-flare"], [], []], buffs=[[], [], ["thorn-mirror"]])
    mark = len(s.events)
    s.apply("play solar-flare")
    assert s.health == [23, 22, 22]
    dealt = [(f["seat"], f["by"]) for f in fields(s, mark, "damage")]
    assert dealt[-1] == (0, 2)


def test_my_attacker_of_an_attack() -> None:
    """Issue 26: "my attacker" when attacked (the attacked event's by). Seat 1's Spite
    Ward: "When your hero is attacked, deal 2 damage that ignores armor to your attacker."
    Seat 0's attack on its target, seat 1, costs seat 0 2 health."""
    assert text("spite-ward") == "When your hero is attacked, deal 2 damage that ignores " \
        "armor to your attacker."
    s = position(3, heroes=["solara", "tempest", "ember"], params={"cards": KERNEL},
                 hand=[["solar-flare"], [], []], buffs=[[], ["spite-ward"], []])
    s.apply("play solar-flare")
    assert s.health == [22, 22, 22]
