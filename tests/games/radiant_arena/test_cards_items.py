"""The six items of the starter decks: one scenario test per item.

Each docstring quotes the item's text from data/items.toml (reconstructed by tabletop; see
docs/rules/radiant-arena.md, "Items") and the test checks its cost in the Shop Step, its
stat bonuses and keywords, and what its text says happens (equip effect, talent, granted
keyword).
"""

from __future__ import annotations

from typing import Any

from tabletop.games.radiant_arena.rules import ArenaState

from .cardkit import (
    CAT,
    RIGHT,
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
    zone,
)


def card(s: ArenaState, name: str) -> dict[str, Any]:
    """A unit as every seat sees it."""
    return s.view(None)["units"][u(s, name)]


def shop(units: dict[str, Any], seat: int, power: int, **kw: Any) -> ArenaState:
    """A position in ``seat``'s Shop Step with ``power`` power."""
    pw = (power, 0) if seat == A else (0, power)
    return arena(units, active=seat, phase="shop", power=pw, **kw)


def item(card_id: str) -> tuple[int, int, int, int, list[str], list[str]]:
    """(cost, attack, armor, health, keywords, grants) of an item card."""
    it = CAT.items[card_id]
    return (it.cost, it.attack, it.armor, it.health, sorted(it.keywords), sorted(it.grants))


def test_fury() -> None:
    """Fury (deck A; cost 4; +2 attack; Weapon): "Equip: Recover this hero."

    In A's Shop Step with 4 power, Fury is offered for each of A's heroes in play (not for
    a KO'd one at home); bought for a committed Alyn, A pays 4, Alyn has 3 + 2 attack and
    is recovered. With 3 power it is not offered."""
    assert item("fury") == (4, 2, 0, 0, ["weapon"], [])
    s = shop({"alyn": at("center", committed=True), "mato": "left", "iskandar": "home"},
             A, 4)
    assert [a for a in legal(s) if a.startswith("buy fury")] == ["buy fury alyn",
                                                                 "buy fury mato"]
    play(s, "buy fury alyn")
    assert happened(s, "buy", seat=A, item="fury", cost=4, unit="alyn", shop=2)
    assert happened(s, "power_pay", seat=A, amount=4, total=0, reason="buy")
    assert happened(s, "recover", unit="alyn", cause="effect")
    assert s.power[A] == 0 and "fury" not in s.shops[A] and s.item[u(s, "alyn")] == "fury"
    assert not committed(s, "alyn")
    assert card(s, "alyn")["attack"] == 5 and card(s, "alyn")["item"] == "fury"

    poor = shop({"alyn": "center"}, A, 3)
    assert not [a for a in legal(poor) if a.startswith("buy fury")]


def test_masterwork_boots() -> None:
    """Masterwork Boots (deck A; cost 3; +1 health; Armor): "Talent (1 AP, Cooldown): Move
    this hero to an adjacent location, then gain 1 action point."

    Alyn with the Boots has 8 health. In the center she chooses left or right (the adjacent
    lanes) and moves right; A pays 1 AP and gains 1 (3 again). Once a turn. From an outer
    lane the only adjacent lane is the center, so nothing is asked."""
    assert item("masterwork-boots") == (3, 0, 0, 1, ["armor"], [])
    bought = shop({"alyn": "center"}, A, 3)
    play(bought, "buy masterwork-boots alyn")
    assert bought.power[A] == 0 and card(bought, "alyn")["health"] == 8

    s = arena({"alyn": at("center", item="masterwork-boots")})
    play(s, "talent alyn:stride")
    assert legal(s) == ["lane left", "lane right"]
    play(s, "lane right")
    assert zone(s, "alyn") == RIGHT and s.ap == 3
    assert "talent alyn:stride" not in legal(s)

    outer = arena({"mato": at("left", item="masterwork-boots")})
    play(outer, "talent mato:stride")
    assert zone(outer, "mato") == 1 and outer.ap == 3 and outer.to_act == A


def test_vile_infusion() -> None:
    """Vile Infusion (deck A; cost 5; +1 attack, +1 health): "Talent (1 AP, Cooldown): Deal
    2 Piercing damage to an enemy hero at this location."

    Alyn with it has 4 attack and 8 health. She chooses Eleanor (not Bran in another lane):
    2 Piercing through her armor. Once a turn, even if Alyn levels up in between (an
    item's Cooldown is the item's, rule 18)."""
    assert item("vile-infusion") == (5, 1, 0, 1, [], [])
    bought = shop({"alyn": "center"}, A, 5)
    play(bought, "buy vile-infusion alyn")
    assert bought.power[A] == 0
    assert (card(bought, "alyn")["attack"], card(bought, "alyn")["health"]) == (4, 8)

    s = arena({"alyn": at("center", item="vile-infusion"), "viggo": "center",
               "eleanor": "center", "bran": "left"}, power=(5, 0))
    play(s, "talent alyn:venom")
    assert legal(s) == ["target viggo", "target eleanor"]
    play(s, "target eleanor")
    assert dmg(s, "eleanor") == 2 and dmg(s, "viggo") == 0 and s.ap == 2
    play(s, "level alyn")
    assert "talent alyn:venom" not in legal(s)


def test_wurmbane() -> None:
    """Wurmbane (deck B; cost 6; +2 attack, +2 health; Weapon): "(No ability: +2 attack,
    +2 health.)"

    Bought for Viggo, who has Sun God's Gauntlet: the Gauntlet is destroyed (to B's discard
    pile) and Viggo has 3 + 2 attack and 7 + 2 health; Wurmbane gives no talent."""
    assert item("wurmbane") == (6, 2, 0, 2, ["weapon"], [])
    s = shop({"viggo": at("center", item="sun-gods-gauntlet")}, B, 6,
             shops=[[], ["wurmbane", "crusaders-guard"]])
    play(s, "buy wurmbane viggo")
    assert happened(s, "item_destroyed", seat=B, item="sun-gods-gauntlet", unit="viggo")
    assert s.discards[B] == ["sun-gods-gauntlet"] and s.power[B] == 0
    assert (card(s, "viggo")["attack"], card(s, "viggo")["health"]) == (5, 9)
    # (B's turn has ended: its draw step drew a skill card, which is not Wurmbane's.)
    assert [t for t, _ in s.talents_of(u(s, "viggo")) if t not in CAT.skills] == ["wrath"]


def test_crusaders_guard() -> None:
    """Crusader's Guard (deck B; cost 4; +1 armor, +1 health; Armor): "This hero has Taunt.
    (While this hero is ready, enemy heroes may not attack your heroes without Taunt at
    this location.)"

    Bran with it has 1 armor, 8 health and Taunt: Alyn in his lane may attack only Bran or
    the conduit, not Viggo."""
    assert item("crusaders-guard") == (4, 0, 1, 1, ["armor"], ["taunt"])
    bought = shop({"bran": "center"}, B, 4)
    play(bought, "buy crusaders-guard bran")
    c = card(bought, "bran")
    assert (c["armor"], c["health"], c["keywords"]) == (1, 8, ["evoker", "taunt"])

    s = arena({"bran": at("center", item="crusaders-guard"), "viggo": "center",
               "alyn": "center"})
    play(s, "attack alyn")
    assert legal(s) == ["target bran", "target conduit"]


def test_sun_gods_gauntlet() -> None:
    """Sun God's Gauntlet (deck B; cost 3; +1 attack; Weapon): "Equip: Heal 2 damage from
    this hero."

    Fig. 1.1: it adds +1 to its hero's attack. Bought for Viggo with 3 damage: B pays 3,
    Viggo heals 2 (1 left) and has 4 attack."""
    assert item("sun-gods-gauntlet") == (3, 1, 0, 0, ["weapon"], [])
    s = shop({"viggo": at("center", damage=3)}, B, 3)
    play(s, "buy sun-gods-gauntlet viggo")
    assert s.power[B] == 0 and dmg(s, "viggo") == 1 and card(s, "viggo")["attack"] == 4
