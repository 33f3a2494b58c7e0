"""The card pool of radiant-arena (issue 12): one scenario per card, quoting its text.

Every card of the pool beyond the starter decks (data/pool/: each side of the twelve
heroes, their 48 skill cards, the 8 deities, the 10 conduits, the 18 items) has a case
here: a small position, the actions of the scenario, and a check of what its text says.
Each case quotes the card's printed text, and the index test checks that the quote is the
text in the data files, so a card whose text or behaviour changes fails here. The texts
are reconstructed by tabletop (docs/rules/radiant-arena.md, "The card pool").

Positions are built with decks made for each case (a deck file written once for the
module): the heroes a case places, filled up to three with heroes it does not use, the
deity it names (its conduits in lane order: left, center, right), and its items.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from tabletop.games.radiant_arena.data import POOL_DIR
from tabletop.games.radiant_arena.rules import ArenaState
from tabletop.games.radiant_arena.spec import catalog

from .helpers import happened, scenario, with_banished

A, B = 0, 1
LEFT, CENTER, RIGHT = 0, 1, 2
BASE = catalog()
DEFAULT_DEITY = ("final-judge", "oracle")
DEFAULT_ITEMS = (("fury", "masterwork-boots", "vile-infusion"),
                 ("wurmbane", "crusaders-guard", "sun-gods-gauntlet"))
# Heroes that fill a deck up to three (at home in the position): no passive that could
# change a case (the first unplaced one is banished when a deity is in play).
FILLERS = ("iskandar", "bran", "mato", "alyn", "eleanor", "viggo", "zephyra", "aurelia")
COMBAT_STEPS = ("no-clash", "no-block")
COMBAT_PHASES = (4, 5, 6)  # block, the attacker's clash, the defender's clash (ids.py)


def at(zone: str, *, damage: int = 0, committed: bool = False, levelled: bool = False,
       item: str = "") -> dict[str, Any]:
    """A unit entry of the scenario format."""
    return {"zone": zone, "damage": damage, "committed": committed, "levelled": levelled,
            "item": item}


@dataclass
class Case:
    """One card's scenario: ``a`` and ``b`` place each seat's units (a lane or an
    :func:`at` entry), ``acts`` are played in order (the declines of a combat, no-clash
    and no-block, are played when nothing else is asked: :func:`run`), and ``check``
    tells whether the card did what ``text`` says."""

    card: str  # a card id; a hero's side is "<hero>:0" (basic) or "<hero>:1" (levelled)
    text: str
    a: dict[str, Any]
    b: dict[str, Any]
    acts: tuple[str, ...]
    check: Callable[[ArenaState], bool]
    active: int = A
    hands: tuple[list[str], list[str]] = ([], [])
    power: tuple[int, int] = (0, 0)
    ap: int = 3
    phase: str = "action"
    deity: tuple[str, str] = DEFAULT_DEITY
    items: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    conduits: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)
    tops: tuple[list[str], list[str]] | None = None

    @property
    def id(self) -> str:
        return self.card.replace(":0", "-basic").replace(":1", "-levelled")


def units_of(entries: dict[str, Any]) -> dict[str, Any]:
    return {k: (at(v) if isinstance(v, str) else v) for k, v in entries.items()}


def deck_of(case: Case, seat: int) -> dict[str, Any]:
    """A deck for one seat of a case: its placed heroes, then fillers no seat uses (A's
    first, so that no hero is in both decks), its deity and items."""
    placed = units_of(case.a if seat == A else case.b)
    used = set(case.a) | set(case.b)
    heroes = [k for k in placed if not BASE.units[k].is_deity]
    spare = [h for h in FILLERS if h not in used]
    need_a = 3 - sum(1 for k in case.a if not BASE.units[k].is_deity)
    heroes += spare[:need_a] if seat == A else spare[need_a:need_a + 3 - len(heroes)]
    deity = next((k for k in placed if BASE.units[k].is_deity), case.deity[seat])
    items = list(case.items[seat]) if case.items is not None else list(DEFAULT_ITEMS[seat])
    for entry in placed.values():
        if entry["item"] and entry["item"] not in items:
            items = [entry["item"], *[i for i in items if i != entry["item"]][:2]]
    return {"id": f"{case.id}-{'ab'[seat]}", "name": f"{case.card} ({'AB'[seat]})",
            "heroes": heroes, "items": items, "deity": deity,
            "conduits": list(BASE.units[deity].conduits)}


def position(case: Case, files: str) -> ArenaState:
    decks = [deck_of(case, A), deck_of(case, B)]
    conduits = []
    for seat, deck in enumerate(decks):
        row = [{"id": c, "damage": 0, "ruined": False} for c in deck["conduits"]]
        for (s, lane), extra in case.conduits.items():
            if s == seat:
                if "id" in extra:  # this conduit in this lane: swap it with the one there
                    there = next(x for x in range(3) if row[x]["id"] == extra["id"])
                    row[there]["id"] = row[lane]["id"]
                row[lane].update(extra)
        conduits.append(row)
    data: dict[str, Any] = {
        "game": "radiant-arena", "params": {"deck_a": decks[A]["id"], "deck_b": decks[B]["id"],
                                            "cards": files},
        "turn": 5 + case.active, "active": case.active, "phase": case.phase,
        "action_points": case.ap, "power": list(case.power),
        "hands": [list(case.hands[0]), list(case.hands[1])],
        "units": {**units_of(case.a), **units_of(case.b)}, "conduits": conduits,
    }
    if case.phase == "preparation":
        del data["action_points"]
    if case.tops is not None:
        data["deck_tops"] = [list(case.tops[0]), list(case.tops[1])]
    return scenario(with_banished(data))


def decline(s: ArenaState) -> bool:
    """Decline a block or a clash the combat offers (not an effect's question); False if
    none is offered."""
    if s.to_act is None or s.ask is not None or s.phase not in COMBAT_PHASES:
        return False
    legal = {a.to_text() for a in s.legal_actions()}
    for a in COMBAT_STEPS:
        if a in legal:
            s.apply(a)
            return True
    return False


def run(case: Case, files: str) -> ArenaState:
    """The case's position after its actions; a block or clash the case does not name
    is declined (before an action that is not legal yet, and at the end)."""
    s = position(case, files)
    for a in case.acts:
        while a not in {x.to_text() for x in s.legal_actions()} and decline(s):
            pass
        s.apply(a)
    while decline(s):
        pass
    return s


# --- reading a position ----------------------------------------------------------------


def dmg(name: str) -> Callable[[ArenaState], int]:
    return lambda s: s.dmg[s.names[name]]


def D(s: ArenaState, name: str) -> int:
    """Damage on a unit."""
    return s.dmg[s.names[name]]


def Z(s: ArenaState, name: str) -> int:
    """A unit's zone (a lane 0-2, home -1, void -2)."""
    return s.zone[s.names[name]]


def C(s: ArenaState, name: str) -> bool:
    """Whether a unit is committed."""
    return bool(s.comm[s.names[name]])


def ATK(s: ArenaState, name: str) -> int:
    return s.attack_of(s.names[name])


def ARM(s: ArenaState, name: str) -> int:
    return s.armor_of(s.names[name])


def text(card: str) -> str:
    """The printed text of a card (a hero side as ``hero:0`` / ``hero:1``)."""
    if ":" in card:
        hero, side = card.split(":")
        return BASE.units[hero].sides[int(side)].text
    for table in (BASE.skills, BASE.items, BASE.conduits):
        if card in table:
            return table[card].text
    return BASE.units[card].sides[0].text


# --- the cases ---------------------------------------------------------------------------

T = text  # each case quotes its card's text through this (the index test compares it)

CASES: list[Case] = [
    # --- heroes ---------------------------------------------------------------------------
    Case("itotia:0", "After this hero deals combat damage, if this hero is attacking, recover "
         "this hero (once a turn).",
         {"itotia": "center"}, {"viggo": "center"},
         ("attack itotia", "target viggo", "attack itotia", "target viggo"),
         # the first attack recovers her (so she attacks again), the second does not
         lambda s: D(s, "viggo") == 6 and C(s, "itotia")),
    Case("itotia:1", "After this hero deals combat damage, if this hero is attacking, recover "
         "this hero (once a turn).",
         {"itotia": at("center", levelled=True)}, {"viggo": "center"},
         ("attack itotia", "target viggo"),
         lambda s: D(s, "viggo") == 4 and not C(s, "itotia")),
    Case("maka:0", "While this hero is attacking, this hero has +1 attack. Talent (1 AP, "
         "commit this hero): This hero attacks an enemy hero in another lane.",
         {"maka": "left"}, {"viggo": "right", "bran": "right"},
         ("talent maka:snipe", "target viggo"),
         lambda s: D(s, "viggo") == 3 + 1 and C(s, "maka") and D(s, "maka") == 3 - 1
         and s.ap == 2 and ATK(s, "maka") == 3),
    Case("maka:1", "While this hero is attacking, this hero has +2 attack. Talent (1 AP, "
         "commit this hero): This hero attacks an enemy hero in another lane.",
         {"maka": at("left", levelled=True)}, {"grandfather": "center"},
         ("talent maka:snipe",),
         lambda s: D(s, "grandfather") == 4 + 2 - 1 and C(s, "maka")),
    Case("torvald:0", "When this hero attacks, if there is a defending enemy conduit, this "
         "hero gets +1 attack until the end of the combat.",
         {"torvald": "center"}, {"bran": "left"},
         ("attack torvald", "target conduit"),
         lambda s: s.cdmg[B][CENTER] == 3 + 1 and ATK(s, "torvald") == 3),
    Case("torvald:1", "When this hero attacks, if there is a defending enemy conduit, this "
         "hero gets +2 attack until the end of the combat.",
         {"torvald": at("center", levelled=True)}, {"viggo": "center"},
         ("attack torvald", "target viggo"),
         lambda s: D(s, "viggo") == 4),  # a hero defends: no bonus
    Case("nyx:0", "When this hero attacks, if there is a defending damaged enemy hero, this "
         "hero gets +2 attack until the end of the combat.",
         {"nyx": "center"}, {"viggo": at("center", damage=1)},
         ("attack nyx", "target viggo"),
         lambda s: D(s, "viggo") == 1 + 3 + 2),
    Case("nyx:1", "When this hero attacks, if there is a defending damaged enemy hero, this "
         "hero gets +2 attack until the end of the combat, then this hero's combat damage "
         "is Piercing this combat.",
         {"nyx": at("center", levelled=True)}, {"grandfather": at("center", damage=1)},
         ("attack nyx", "target grandfather"),
         lambda s: D(s, "grandfather") == 1 + 4 + 2),  # armor 1 does not count
    Case("grandfather:0", "Talent (1 AP, Cooldown): Another friendly hero at this location "
         "gets +1 attack or +1 armor.",
         {"grandfather": "center", "itotia": "center"}, {"viggo": "left"},
         ("talent grandfather:teach", "choose attack"),
         lambda s: ATK(s, "itotia") == 4 and "talent grandfather:teach" not in
         {a.to_text() for a in s.legal_actions()}),
    Case("grandfather:1", "Talent (1 AP, Cooldown): Another friendly hero at this location "
         "gets +2 attack or +2 armor. Regen 1 (after your turn begins, heal 1 damage from "
         "this hero).",
         {"grandfather": at("center", levelled=True), "itotia": "center"}, {"viggo": "left"},
         ("talent grandfather:teach", "choose armor"),
         lambda s: ARM(s, "itotia") == 2 and s.regen(s.names["grandfather"]) == 1),
    Case("octavian:0", "(Taunt: while this hero is ready, enemy heroes may not attack your "
         "heroes without Taunt at this location.)",
         {"octavian": "center", "itotia": "center"}, {"viggo": "center"},
         ("attack viggo",),
         lambda s: {a.to_text() for a in s.legal_actions()} == {"target octavian",
                                                                 "target conduit"},
         active=B),
    Case("octavian:1", "Each other friendly hero at this location has +1 armor. (Taunt: "
         "while this hero is ready, enemy heroes may not attack your heroes without Taunt at "
         "this location.)",
         {"octavian": at("center", levelled=True), "itotia": "center", "corvus": "left"},
         {"viggo": "left"}, (),
         lambda s: (ARM(s, "itotia"), ARM(s, "corvus"), ARM(s, "octavian")) == (1, 1, 3)),
    Case("gorran:0", "Regen 1 (after your turn begins, heal 1 damage from this hero). (Taunt: "
         "while this hero is ready, enemy heroes may not attack your heroes without Taunt at "
         "this location.)",
         {"gorran": at("center", damage=3)}, {"viggo": "left"}, (),
         lambda s: D(s, "gorran") == 2 and s.keyword(s.names["gorran"], "taunt"),
         phase="preparation"),
    Case("gorran:1", "Regen 2 (after your turn begins, heal 2 damage from this hero). (Taunt: "
         "while this hero is ready, enemy heroes may not attack your heroes without Taunt at "
         "this location.)",
         {"gorran": at("center", damage=3, levelled=True)}, {"viggo": "left"}, (),
         lambda s: D(s, "gorran") == 1, phase="preparation"),
    Case("ysolde:0", "When this hero blocks, this hero gets +1 attack and +1 armor until the "
         "end of the combat.",
         {"ysolde": "center", "corvus": "center"}, {"itotia": "center"},
         ("attack itotia", "target corvus", "block ysolde", "no-clash", "clash vigil"),
         # a committed blocker's attack is 0 before bonuses: 0 + 1 (this) + 0 (Vigil);
         # Itotia's 3 against 2 + 1 + 3 armor
         lambda s: D(s, "itotia") == 1 and D(s, "ysolde") == 0 and D(s, "corvus") == 0,
         active=B, hands=(["vigil"], [])),
    Case("ysolde:1", "When this hero blocks, this hero gets +2 attack and +1 armor until the "
         "end of the combat.",
         {"ysolde": at("center", levelled=True), "corvus": "center"}, {"itotia": "center"},
         ("attack itotia", "target corvus", "block ysolde"),
         lambda s: D(s, "itotia") == 2 and D(s, "ysolde") == 0, active=B),
    Case("brighid:0", "Talent (1 AP, Cooldown): Another friendly hero at this location gets "
         "+1 armor until the start of your next turn. (Evoker: after your turn begins, if "
         "you control an Evoker, gain 1 Power.)",
         {"brighid": "center", "itotia": "center"}, {"viggo": "left"},
         ("talent brighid:warmth",),
         lambda s: ARM(s, "itotia") == 1 and ARM(s, "brighid") == 0),
    Case("brighid:1", "Talent (1 AP, Cooldown): Another friendly hero at this location gets "
         "+1 attack and +1 armor until the start of your next turn. (Evoker: after your turn "
         "begins, if you control an Evoker, gain 1 Power.)",
         {"brighid": at("center", levelled=True), "itotia": "center"}, {"viggo": "left"},
         ("talent brighid:warmth",),
         lambda s: (ATK(s, "itotia"), ARM(s, "itotia")) == (4, 1)),
    Case("corvus:0", "When an enemy hero is KO'd, gain 1 Power.",
         {"corvus": "left", "itotia": "center"}, {"viggo": at("center", damage=6)},
         ("attack itotia", "target viggo", "first corvus"),
         lambda s: Z(s, "viggo") == -1 and s.power[A] == 2 + 1),
    Case("corvus:1", "When an enemy hero is KO'd, gain 1 Power, then draw a card.",
         {"corvus": at("left", levelled=True), "itotia": "center"},
         {"viggo": at("center", damage=6)},
         ("attack itotia", "target viggo", "first corvus"),
         lambda s: s.power[A] == 3 and s.hands[A] == ["heavy-blow"],
         tops=(["heavy-blow"], [])),
    Case("zephyra:0", "Talent (1 AP, Cooldown): Move another friendly hero at this location to "
         "an adjacent location. (Evoker: after your turn begins, if you control an Evoker, "
         "gain 1 Power.)",
         {"zephyra": "center", "itotia": "center"}, {"viggo": "left"},
         ("talent zephyra:gale", "lane left"),
         lambda s: Z(s, "itotia") == LEFT and Z(s, "zephyra") == CENTER and s.ap == 2),
    Case("zephyra:1", "Talent (1 AP, Cooldown): Move another friendly hero at this location to "
         "an adjacent location, then gain 1 action point. (Evoker: after your turn begins, "
         "if you control an Evoker, gain 1 Power.)",
         {"zephyra": at("center", levelled=True), "itotia": "center"}, {"viggo": "left"},
         ("talent zephyra:gale", "lane right"),
         lambda s: Z(s, "itotia") == RIGHT and s.ap == 3),
    Case("aurelia:0", "Each friendly deity has +1 attack. (Evoker: after your turn begins, if "
         "you control an Evoker, gain 1 Power.)",
         {"aurelia": "center", "final-judge": "right"}, {"viggo": "left"}, (),
         lambda s: ATK(s, "final-judge") == 6 and ARM(s, "final-judge") == 2),
    Case("aurelia:1", "Each friendly deity has +1 attack. Each friendly deity has +1 armor. "
         "(Evoker: after your turn begins, if you control an Evoker, gain 1 Power.)",
         {"aurelia": at("center", levelled=True), "final-judge": "right"}, {"viggo": "left"},
         (), lambda s: (ATK(s, "final-judge"), ARM(s, "final-judge")) == (6, 3)),
    # --- Itotia's set ----------------------------------------------------------------------
    Case("twin-strike", "Clash: This hero may clash again.",
         {"itotia": "center"}, {"grandfather": "center"},
         ("attack itotia", "target grandfather", "clash twin-strike", "no-clash",
          "clash heavy-blow"),
         lambda s: D(s, "grandfather") == 3 + 3 + 3 - 1,  # FAQ: two 3 Attack cards, 9
         hands=(["twin-strike", "heavy-blow"], [])),
    Case("heavy-blow", "(No ability.)",
         {"itotia": "center"}, {"grandfather": "center"},
         ("attack itotia", "target grandfather", "clash heavy-blow"),
         lambda s: D(s, "grandfather") == 3 + 3 - 1 and s.discards[A] == ["heavy-blow"],
         hands=(["heavy-blow"], [])),
    Case("mirage", "Clash: Move this hero to an adjacent location.",
         {"itotia": "center"}, {"viggo": "center"},
         ("attack viggo", "target itotia", "no-clash", "clash mirage", "lane left"),
         # she leaves the combat: no combat damage either way
         lambda s: Z(s, "itotia") == LEFT and D(s, "itotia") == 0 and D(s, "viggo") == 0,
         active=B, hands=(["mirage"], [])),
    Case("sandstorm", "Ultimate Clash: Deal 2 damage to each opposing hero, then this hero may "
         "clash again.",
         {"itotia": at("center", levelled=True)}, {"octavian": "center"},
         ("attack itotia", "target octavian", "clash sandstorm", "no-clash", "clash heavy-blow"),
         # 2 - 2 armor from the effect; then 4 + 2 + 3 - 2
         lambda s: D(s, "octavian") == 7 and happened(s, "extra_clash", card="heavy-blow"),
         hands=(["sandstorm", "heavy-blow"], [])),
    # --- Maka's set ------------------------------------------------------------------------
    Case("quick-draw", "Talent (1 AP): Recover this hero.",
         {"maka": at("center", committed=True)}, {"viggo": "left"},
         ("talent maka:quick-draw",),
         lambda s: not C(s, "maka") and s.discards[A] == ["quick-draw"],
         hands=(["quick-draw"], [])),
    Case("hunters-mark", "Talent (1 AP): An enemy hero at any location gets -2 armor until the "
         "end of the turn.",
         {"maka": "center"}, {"octavian": "right"},
         ("talent maka:hunters-mark",),
         lambda s: ARM(s, "octavian") == 0, hands=(["hunters-mark"], [])),
    Case("volley", "Talent (1 AP): Deal 1 damage to each enemy hero at an adjacent location.",
         {"maka": "center"}, {"viggo": "left", "bran": "right", "iskandar": "center"},
         ("talent maka:volley",),
         lambda s: (D(s, "viggo"), D(s, "bran"), D(s, "iskandar")) == (1, 1, 0),
         hands=(["volley"], [])),
    Case("perfect-shot", "Ultimate Clash: This hero's combat damage is Piercing this combat, "
         "then this hero gets +2 attack until the end of the combat.",
         {"maka": at("center", levelled=True)}, {"oracle": "center", "viggo": "left"},
         ("attack maka", "target oracle", "clash perfect-shot"),
         # 4 + 2 (attacking) + 4 + 2, Piercing: the Oracle's 2 armor does not count
         lambda s: D(s, "oracle") == 12, hands=(["perfect-shot"], [])),
    # --- Torvald's set ---------------------------------------------------------------------
    Case("siege-strike", "Talent (1 AP): Deal 2 damage to the enemy conduit at this location.",
         {"torvald": "right"}, {"viggo": "left"}, ("talent torvald:siege-strike",),
         lambda s: s.cdmg[B] == [0, 0, 2], hands=(["siege-strike"], [])),
    Case("shatter", "Clash: Deal 2 damage to the enemy conduit at this location.",
         {"torvald": "center"}, {"viggo": "center"},
         ("attack torvald", "target viggo", "clash shatter"),
         lambda s: s.cdmg[B][CENTER] == 2 and D(s, "viggo") == 3 + 2,
         hands=(["shatter"], [])),
    Case("rampage", "Talent (1 AP): Move this hero to an adjacent location, then this hero "
         "gets +1 attack until the end of the turn.",
         {"torvald": "center"}, {"viggo": "left"}, ("talent torvald:rampage", "lane right"),
         lambda s: Z(s, "torvald") == RIGHT and ATK(s, "torvald") == 4,
         hands=(["rampage"], [])),
    Case("earthshaker", "Ultimate Talent (2 AP): Deal 3 damage to each consecrated enemy "
         "conduit at any location.",
         {"torvald": at("left", levelled=True)}, {"viggo": "left"},
         ("talent torvald:earthshaker",),
         lambda s: s.cdmg[B] == [8, 3, 3] and s.ap == 1,
         hands=(["earthshaker"], []), conduits={(B, LEFT): {"damage": 8, "ruined": True}}),
    # --- Nyx's set -------------------------------------------------------------------------
    Case("shadowstep", "Talent (1 AP): Move this hero to an adjacent location, then recover "
         "this hero.",
         {"nyx": at("center", committed=True)}, {"viggo": "left"},
         ("talent nyx:shadowstep", "lane left"),
         lambda s: Z(s, "nyx") == LEFT and not C(s, "nyx"), hands=(["shadowstep"], [])),
    Case("poisoned-blade", "Clash: Deal 2 Piercing damage to a damaged enemy hero in this "
         "combat.",
         {"nyx": "center"}, {"gorran": at("center", damage=1, levelled=True)},
         ("attack nyx", "target gorran", "clash poisoned-blade"),
         # 2 Piercing, then 3 + 2 (Nyx) + 3 (the card) - 1 armor
         lambda s: D(s, "gorran") == 1 + 2 + 7, hands=(["poisoned-blade"], [])),
    Case("garrote", "Talent (1 AP): Deal 1 Piercing damage to an enemy hero at this location, "
         "then commit that hero.",
         {"nyx": "center"}, {"grandfather": "center", "viggo": "left"},
         ("talent nyx:garrote",),
         lambda s: D(s, "grandfather") == 1 and C(s, "grandfather") and not C(s, "viggo"),
         hands=(["garrote"], [])),
    Case("death-mark", "Ultimate Talent (1 AP): Deal 3 Piercing damage to a damaged enemy hero "
         "at any location.",
         {"nyx": at("left", levelled=True)}, {"grandfather": at("right", damage=1),
                                              "viggo": "right"},
         ("talent nyx:death-mark",),
         lambda s: D(s, "grandfather") == 4 and D(s, "viggo") == 0,
         hands=(["death-mark"], [])),
    # --- Grandfather's set -------------------------------------------------------------------
    Case("10000-drills", "Clash: This hero gets +2 attack or +2 armor.",
         {"grandfather": at("center", committed=True)}, {"viggo": "center"},
         ("attack viggo", "target grandfather", "no-clash", "clash 10000-drills",
          "choose armor"),
         # committed and defending: 0 + 1 attack, 1 + 1 + 2 armor (the rulebook's figure)
         lambda s: D(s, "grandfather") == 0 and D(s, "viggo") == 1,
         active=B, hands=(["10000-drills"], [])),
    Case("old-guard", "Clash: If this hero is defending, heal 2 damage from this hero.",
         {"grandfather": at("center", damage=4)}, {"viggo": "center"},
         ("attack viggo", "target grandfather", "no-clash", "clash old-guard"),
         lambda s: D(s, "grandfather") == 2 and D(s, "viggo") == 3,
         active=B, hands=(["old-guard"], [])),
    Case("patience", "Talent (1 AP): Recover this hero, then this hero gets +1 armor until the "
         "start of your next turn.",
         {"grandfather": at("center", committed=True)}, {"viggo": "left"},
         ("talent grandfather:patience",),
         lambda s: not C(s, "grandfather") and ARM(s, "grandfather") == 2,
         hands=(["patience"], [])),
    Case("last-stand", "Ultimate Clash: This hero gets +X attack until the end of the combat, "
         "where X is the damage on this hero.",
         {"grandfather": at("center", damage=4, levelled=True)}, {"octavian": "center"},
         ("attack grandfather", "target octavian", "clash last-stand"),
         lambda s: D(s, "octavian") == 3 + 2 + 4 - 2, hands=(["last-stand"], [])),
    # --- Octavian's set ----------------------------------------------------------------------
    Case("octavians-aegis", "(No ability.)",
         {"octavian": "center"}, {"viggo": "center"},
         ("attack viggo", "target octavian", "no-clash", "clash octavians-aegis"),
         lambda s: D(s, "octavian") == 0 and D(s, "viggo") == 2,
         active=B, hands=(["octavians-aegis"], [])),
    Case("shield-bash", "Clash: Deal X damage to an opposing hero, where X is this hero's "
         "armor.",
         {"octavian": "center"}, {"viggo": "center"},
         ("attack octavian", "target viggo", "clash shield-bash"),
         lambda s: D(s, "viggo") == 2 + (2 + 2), hands=(["shield-bash"], [])),
    Case("phalanx", "Talent (1 AP): Each friendly hero at this location gets +1 armor until "
         "the start of your next turn.",
         {"octavian": "center", "itotia": "center", "corvus": "left"}, {"viggo": "left"},
         ("talent octavian:phalanx",),
         lambda s: (ARM(s, "octavian"), ARM(s, "itotia"), ARM(s, "corvus")) == (3, 1, 1),
         hands=(["phalanx"], [])),
    Case("unyielding", "Ultimate Clash: Until the end of the combat, if this hero would take "
         "damage, prevent it.",
         {"octavian": at("center", levelled=True)}, {"maka": at("center", levelled=True)},
         ("attack maka", "target octavian", "clash perfect-shot", "clash unyielding"),
         lambda s: D(s, "octavian") == 0, active=B,
         hands=(["unyielding"], ["perfect-shot"])),
    # --- Gorran's set ------------------------------------------------------------------------
    Case("stone-skin", "Clash: If this hero is defending, this hero gets +2 armor until the end "
         "of the combat.",
         {"gorran": "center"}, {"itotia": "center"},
         ("attack itotia", "target gorran", "clash heavy-blow", "clash stone-skin"),
         lambda s: D(s, "gorran") == 3 + 3 - (1 + 2 + 2), active=B,
         hands=(["stone-skin"], ["heavy-blow"])),
    Case("deep-roots", "Talent (1 AP): Heal 3 damage from this hero, then this hero gets +1 "
         "armor until the start of your next turn.",
         {"gorran": at("center", damage=5)}, {"viggo": "left"}, ("talent gorran:deep-roots",),
         lambda s: D(s, "gorran") == 2 and ARM(s, "gorran") == 2, hands=(["deep-roots"], [])),
    Case("landslide", "Talent (2 AP): Deal 1 damage to each enemy hero at this location, then "
         "each enemy hero at this location gets -1 attack until the end of the turn.",
         {"gorran": "center"}, {"viggo": "center", "bran": "center", "iskandar": "left"},
         ("talent gorran:landslide",),
         lambda s: (D(s, "viggo"), D(s, "bran"), D(s, "iskandar")) == (1, 1, 0)
         and (ATK(s, "viggo"), ATK(s, "bran"), ATK(s, "iskandar")) == (2, 1, 2) and s.ap == 1,
         hands=(["landslide"], [])),
    Case("avalanche", "Ultimate Clash: Heal X damage from this hero, where X is the damage on "
         "this hero, then this hero gets +2 attack until the end of the combat.",
         {"gorran": at("center", damage=6, levelled=True)}, {"octavian": "center"},
         ("attack gorran", "target octavian", "clash avalanche"),
         # healed to 0, then 3 + 3 + 2 - 2 dealt; Octavian's 2 against 1 + 2 armor
         lambda s: D(s, "gorran") == 0 and D(s, "octavian") == 6, hands=(["avalanche"], [])),
    # --- Ysolde's set ------------------------------------------------------------------------
    Case("hold-the-line", "Talent (1 AP, Cooldown): An enemy hero at this location can't "
         "attack until the start of your next turn.",
         {"ysolde": "center"}, {"viggo": "center"}, ("talent ysolde:hold-the-line",),
         lambda s: s.rule(s.names["viggo"], "cannot_attack"),
         hands=(["hold-the-line", "hold-the-line"], [])),
    Case("rebuke", "Clash: Deal 2 damage to each attacking enemy hero in this combat.",
         {"ysolde": "center"}, {"viggo": "center", "bran": "center"},
         ("attack viggo", "with bran", "target ysolde", "no-clash", "clash rebuke",
          "assign viggo"),
         lambda s: D(s, "bran") == 2 and D(s, "viggo") == 2 + 2 + 2,
         active=B, hands=(["rebuke"], [])),
    Case("vigil", "(No ability.)",
         {"ysolde": "center"}, {"viggo": "center"},
         ("attack viggo", "target ysolde", "no-clash", "clash vigil"),
         lambda s: D(s, "ysolde") == 0 and D(s, "viggo") == 2, active=B,
         hands=(["vigil"], [])),
    Case("bastion", "Ultimate Talent (2 AP): Each enemy hero at this location can't attack "
         "until the start of your next turn, then heal 3 damage from each friendly hero at "
         "this location.",
         {"ysolde": at("center", levelled=True), "itotia": at("center", damage=4)},
         {"viggo": "center", "bran": "center", "iskandar": "left"},
         ("talent ysolde:bastion",),
         lambda s: s.rule(s.names["viggo"], "cannot_attack") and s.rule(
             s.names["bran"], "cannot_attack") and not s.rule(s.names["iskandar"],
                                                             "cannot_attack")
         and D(s, "itotia") == 1, hands=(["bastion"], [])),
    # --- Brighid's set -----------------------------------------------------------------------
    Case("lifelink", "Clash: Choose another friendly hero at any location, then until the end "
         "of the combat, if this hero would take damage, half of it, rounded up, is dealt to "
         "that hero instead.",
         {"brighid": "center", "grandfather": "left"}, {"itotia": "center"},
         ("attack itotia", "target brighid", "clash twin-strike", "clash lifelink",
          "clash heavy-blow"),
         # FAQ, How does Lifelink work?: 9 -> 5 to Grandfather (takes 4), 4 to Brighid
         lambda s: D(s, "grandfather") == 4 and D(s, "brighid") == 4, active=B,
         hands=(["lifelink"], ["twin-strike", "heavy-blow"])),
    Case("kindle", "Talent (1 AP): Heal 2 damage from a friendly hero at any location.",
         {"brighid": "center", "itotia": at("right", damage=5)}, {"viggo": "left"},
         ("talent brighid:kindle", "target itotia"),
         lambda s: D(s, "itotia") == 3, hands=(["kindle"], [])),
    Case("sacred-fire", "Clash: Deal 1 damage to each opposing hero, then heal 1 damage from "
         "each friendly hero at this location.",
         {"brighid": "center", "itotia": at("center", damage=2)}, {"viggo": "center"},
         ("attack brighid", "target viggo", "clash sacred-fire"),
         lambda s: D(s, "itotia") == 1 and D(s, "viggo") == 1 + 2 + 2,
         hands=(["sacred-fire"], [])),
    Case("phoenix-flame", "Ultimate Talent (2 AP): Revive a friendly KO'd hero at this "
         "location.",
         {"brighid": at("center", levelled=True), "itotia": at("home")}, {"viggo": "left"},
         ("talent brighid:phoenix-flame", "target itotia"),
         lambda s: Z(s, "itotia") == CENTER and D(s, "itotia") == 0 and s.ap == 1,
         hands=(["phoenix-flame"], [])),
    # --- Corvus's set ------------------------------------------------------------------------
    Case("drain-life", "Talent (1 AP): Deal 3 damage to an enemy hero at this location, then "
         "heal 2 damage from this hero.",
         {"corvus": at("center", damage=3)}, {"viggo": "center"}, ("talent corvus:drain-life",),
         lambda s: D(s, "viggo") == 3 and D(s, "corvus") == 1, hands=(["drain-life"], [])),
    Case("carrion", "Clash: If there is a damaged enemy hero in this combat, this hero gets +3 "
         "attack until the end of the combat.",
         {"corvus": "center"}, {"grandfather": at("center", damage=1)},
         ("attack corvus", "target grandfather", "clash carrion"),
         lambda s: D(s, "grandfather") == 1 + 2 + 2 + 3 - 1, hands=(["carrion"], [])),
    Case("murder-of-crows", "Talent (2 AP): Deal 1 damage to each enemy hero at any location.",
         {"corvus": "center"}, {"viggo": "left", "bran": "right", "iskandar": "center"},
         ("talent corvus:murder-of-crows",),
         # (Iskandar's 1 armor stops his 1)
         lambda s: (D(s, "viggo"), D(s, "bran"), D(s, "iskandar")) == (1, 1, 0) and s.ap == 1,
         hands=(["murder-of-crows"], [])),
    Case("raven-king", "Ultimate Talent (1 AP): Deal 4 damage to an enemy hero at this "
         "location, then heal 4 damage from this hero.",
         {"corvus": at("center", damage=5, levelled=True)}, {"viggo": "center"},
         ("talent corvus:raven-king",),
         lambda s: D(s, "viggo") == 4 and D(s, "corvus") == 1, hands=(["raven-king"], [])),
    # --- Zephyra's set -----------------------------------------------------------------------
    Case("tailwind", "Talent (1 AP, Cooldown): Draw a card, then gain 1 action point.",
         {"zephyra": "center"}, {"viggo": "left"}, ("talent zephyra:tailwind",),
         lambda s: s.ap == 3 and s.hands[A] == ["tailwind", "gust"]
         and "talent zephyra:tailwind" not in {a.to_text() for a in s.legal_actions()},
         hands=(["tailwind", "tailwind"], []), tops=(["gust"], [])),
    Case("gust", "Talent (1 AP): Move an enemy hero at this location to an adjacent location.",
         {"zephyra": "center"}, {"viggo": "center"}, ("talent zephyra:gust", "lane right"),
         lambda s: Z(s, "viggo") == RIGHT, hands=(["gust"], [])),
    Case("lightning", "Talent (1 AP): Deal 3 damage to an enemy hero at an adjacent location.",
         {"zephyra": "center"}, {"viggo": "left", "bran": "center"},
         ("talent zephyra:lightning",),
         lambda s: D(s, "viggo") == 3 and D(s, "bran") == 0, hands=(["lightning"], [])),
    Case("tempest", "Ultimate Talent (1 AP): Deal 2 damage to each enemy hero at this "
         "location, then gain 2 action points.",
         {"zephyra": at("center", levelled=True)}, {"viggo": "center", "bran": "center"},
         ("talent zephyra:tempest",),
         lambda s: (D(s, "viggo"), D(s, "bran")) == (2, 2) and s.ap == 4,
         hands=(["tempest"], [])),
    # --- Aurelia's set -----------------------------------------------------------------------
    Case("invocation", "Talent (1 AP): Draw a card. If there is a friendly deity, gain 1 "
         "Power.",
         {"aurelia": "center", "final-judge": "left"}, {"viggo": "left"},
         ("talent aurelia:invocation",),
         lambda s: s.hands[A] == ["radiance"] and s.power[A] == 1,
         hands=(["invocation"], []), tops=(["radiance"], [])),
    Case("divine-favor", "Talent (1 AP): A friendly hero at any location gains Divine until "
         "the end of the turn.",
         {"aurelia": "center", "itotia": "right"}, {"viggo": "left"},
         ("talent aurelia:divine-favor", "target itotia"),
         lambda s: s.mighty(s.names["itotia"]) and not s.mighty(s.names["aurelia"]),
         hands=(["divine-favor"], [])),
    Case("radiance", "Clash: If there is a friendly deity, this hero gets +2 attack until the "
         "end of the combat.",
         {"aurelia": "center", "final-judge": "left"}, {"viggo": "center"},
         ("attack aurelia", "target viggo", "clash radiance"),
         lambda s: D(s, "viggo") == 2 + 2 + 2, hands=(["radiance"], [])),
    Case("apotheosis", "Ultimate Talent (2 AP): Level up each other non-levelled-up friendly "
         "hero at this location.",
         {"aurelia": at("center", levelled=True), "itotia": "center", "corvus": "center"},
         {"viggo": "left"}, ("talent aurelia:apotheosis",),
         lambda s: s.lvl[s.names["itotia"]] == 1 and s.lvl[s.names["corvus"]] == 1,
         hands=(["apotheosis"], [])),
    # --- deities -----------------------------------------------------------------------------
    Case("wrathlord", "If this hero would be KO'd and there is a consecrated friendly conduit, "
         "instead choose a consecrated friendly conduit, then heal X damage from this hero, "
         "where X is the damage on this hero, then ruin that conduit.",
         {"wrathlord": at("center", damage=14)}, {"viggo": "center"},
         ("attack viggo", "target wrathlord", "lane right"),
         lambda s: Z(s, "wrathlord") == CENTER and D(s, "wrathlord") == 0
         and s.ruined[A] == [False, False, True] and s.power[B] == 1, active=B),
    Case("verdant-mother", "Manifestation: Heal 2 damage from each friendly hero at any "
         "location. Regen 1 (after your turn begins, heal 1 damage from this hero).",
         {"itotia": at("center", damage=4), "corvus": at("left", damage=1)},
         {"viggo": "left"}, ("manifest verdant-mother right banish iskandar",),
         lambda s: (D(s, "itotia"), D(s, "corvus")) == (2, 0)
         and s.regen(s.names["verdant-mother"]) == 1, deity=("verdant-mother", "oracle")),
    Case("storm-king", "Manifestation: Deal 1 damage to each enemy hero at any location. "
         "Talent (1 AP, 1 Power, Cooldown): Deal 2 damage to an enemy hero at an adjacent "
         "location.",
         {"itotia": "left"}, {"viggo": "left", "bran": "right"},
         ("manifest storm-king center banish iskandar", "talent storm-king:thunder",
          "target viggo"),
         lambda s: (D(s, "viggo"), D(s, "bran")) == (3, 1) and s.power[A] == 0,
         deity=("storm-king", "oracle"), power=(1, 0)),
    Case("world-eater", "Manifestation: Deal 4 damage to the enemy conduit at this location. "
         "When an enemy conduit is ruined, draw a card.",
         {"itotia": "left"}, {"viggo": "left"},
         ("manifest world-eater center banish iskandar",),
         lambda s: s.ruined[B][CENTER] and s.hands[A] == ["heavy-blow"] and s.power[A] == 1,
         deity=("world-eater", "oracle"), conduits={(B, CENTER): {"damage": 5}},
         tops=(["heavy-blow"], [])),
    Case("weaver", "Manifestation: Look at your opponent's hand, then your opponent discards a "
         "card. Talent (1 AP, Cooldown): Commit a non-Divine enemy hero at this location.",
         {"itotia": "left"}, {"viggo": "center", "bran": "right"},
         ("manifest weaver center banish iskandar", "discard sunder", "talent weaver:unravel"),
         lambda s: s.hands[B] == ["blood-drunk"] and happened(s, "look", seat=A, owner=B)
         and C(s, "viggo") and not C(s, "bran"),
         deity=("weaver", "oracle"), hands=([], ["sunder", "blood-drunk"])),
    Case("undying-sun", "Manifestation: Revive a friendly KO'd hero, then gain 2 Power.",
         {"itotia": at("home"), "corvus": "left"}, {"viggo": "left"},
         ("manifest undying-sun center banish iskandar", "lane right"),
         lambda s: Z(s, "itotia") == RIGHT and s.power[A] == 2,
         deity=("undying-sun", "oracle")),
    Case("pale-shepherd", "Manifestation: Deal 4 damage to an enemy hero at any location. When "
         "an enemy hero is KO'd, heal 3 damage from this hero.",
         {"itotia": "left", "pale-shepherd": at("center", damage=5)},
         {"viggo": at("center", damage=6), "bran": "right"},
         ("attack pale-shepherd", "target viggo"),
         # viggo is KO'd by the attack (it dealt its 3 - 2 back first): 5 + 1 - 3
         lambda s: Z(s, "viggo") == -1 and D(s, "pale-shepherd") == 3),
    Case("iron-colossus", "Manifestation: Each friendly hero at this location gets +2 armor "
         "until the start of your next turn. (Taunt: while this hero is ready, enemy heroes "
         "may not attack your heroes without Taunt at this location.)",
         {"itotia": "center", "corvus": "left"}, {"viggo": "left"},
         ("manifest iron-colossus center banish iskandar",),
         lambda s: (ARM(s, "itotia"), ARM(s, "corvus"), ARM(s, "iron-colossus")) == (2, 1, 4)
         and s.keyword(s.names["iron-colossus"], "taunt"),
         deity=("iron-colossus", "oracle")),
    # --- conduits (B's, ruined by A's attack; B resolves the ruin effect) ---------------------
    Case("verdant-grove", "Ruin: Heal 2 damage from each friendly hero at this location. Each "
         "friendly hero at this location has Regen 1. (While this conduit is ruined: after "
         "your turn begins, heal 1 damage from each such hero.)",
         {"itotia": "left"}, {"viggo": at("left", damage=3), "bran": at("center", damage=3)},
         ("attack itotia", "target conduit"),
         lambda s: s.ruined[B][LEFT] and (D(s, "viggo"), D(s, "bran")) == (1, 3)
         and s.regen(s.names["viggo"]) == 1 and s.regen(s.names["bran"]) == 0,
         deity=("final-judge", "verdant-mother"),
         conduits={(B, LEFT): {"id": "verdant-grove", "damage": 7}}),
    Case("burning-sky", "Ruin: Deal 2 damage to each enemy hero at this location.",
         {"itotia": "left", "corvus": "center"}, {"viggo": "center"},
         ("attack itotia", "target conduit"),
         lambda s: s.ruined[B][LEFT] and D(s, "itotia") == 2 + 2 and D(s, "corvus") == 0,
         deity=("final-judge", "storm-king"),
         conduits={(B, LEFT): {"id": "burning-sky", "damage": 7}}),
    Case("last-rites", "Ruin: Revive a friendly KO'd hero at this location.",
         {"itotia": "left"}, {"viggo": at("home"), "bran": "center"},
         ("attack itotia", "target conduit", "target viggo"),
         lambda s: s.ruined[B][LEFT] and Z(s, "viggo") == LEFT and Z(s, "alyn") == -1,
         deity=("final-judge", "undying-sun"),
         conduits={(B, LEFT): {"id": "last-rites", "damage": 7}}),
    Case("echoing-vault", "Ruin: Draw 2 cards, then discard a card.",
         {"itotia": "center"}, {"viggo": "left"},
         ("attack itotia", "target conduit", "discard blood-drunk"),
         lambda s: s.ruined[B][CENTER] and s.hands[B] == ["sunder"]
         and s.discards[B] == ["blood-drunk"],
         deity=("final-judge", "weaver"),
         conduits={(B, CENTER): {"id": "echoing-vault", "damage": 7}},
         tops=([], ["sunder", "blood-drunk"])),
    Case("fallen-star", "Ruin: Deal 2 Piercing damage to an enemy hero at any location.",
         {"itotia": "center", "grandfather": "right"}, {"viggo": "left"},
         ("attack itotia", "target conduit", "target grandfather"),
         lambda s: s.ruined[B][CENTER] and D(s, "grandfather") == 2 and D(s, "itotia") == 2,
         deity=("final-judge", "storm-king"),
         conduits={(B, CENTER): {"id": "fallen-star", "damage": 7}}),
    Case("divine-spark", "Ruin: Level up a non-levelled-up friendly hero at this location.",
         {"itotia": "center"}, {"viggo": "center", "bran": "left"},
         ("attack itotia", "target conduit", "no-block"),
         lambda s: s.ruined[B][CENTER] and s.lvl[s.names["viggo"]] == 1
         and s.lvl[s.names["bran"]] == 0,
         deity=("final-judge", "undying-sun"),
         conduits={(B, CENTER): {"id": "divine-spark", "damage": 7}}),
    Case("broken-chains", "Ruin: Recover each friendly hero at any location.",
         {"itotia": "left"}, {"viggo": at("right", committed=True),
                              "bran": at("center", committed=True)},
         ("attack itotia", "target conduit"),
         lambda s: s.ruined[B][LEFT] and not C(s, "viggo") and not C(s, "bran"),
         deity=("final-judge", "world-eater"),
         conduits={(B, LEFT): {"id": "broken-chains", "damage": 7}}),
    Case("hollow-crown", "Ruin: Your opponent discards a card.",
         {"itotia": "left"}, {"viggo": "right"},
         ("attack itotia", "target conduit", "discard heavy-blow"),
         lambda s: s.ruined[B][LEFT] and s.hands[A] == ["twin-strike"],
         deity=("final-judge", "weaver"), conduits={(B, LEFT): {"id": "hollow-crown", "damage": 7}},
         hands=(["heavy-blow", "twin-strike"], [])),
    Case("warding-stone", "Ruin: Each friendly hero at this location gets +2 armor until the "
         "start of your next turn.",
         {"itotia": "right"}, {"viggo": "right", "bran": "left"},
         ("attack itotia", "target conduit", "no-block"),
         lambda s: s.ruined[B][RIGHT] and ARM(s, "viggo") == 2 and ARM(s, "bran") == 0,
         deity=("final-judge", "verdant-mother"),
         conduits={(B, RIGHT): {"id": "warding-stone", "damage": 7}}),
    Case("shattered-hourglass", "Ruin: Commit each enemy hero at this location.",
         {"itotia": "center", "corvus": "center", "grandfather": "left"}, {"viggo": "left"},
         ("attack itotia", "target conduit"),
         lambda s: s.ruined[B][CENTER] and C(s, "corvus") and not C(s, "grandfather"),
         deity=("final-judge", "weaver"),
         conduits={(B, CENTER): {"id": "shattered-hourglass", "damage": 7}}),
    # --- items (equipped already, unless bought in the case) ---------------------------------
    Case("spark-of-divinity", "(No ability: +3 attack.)",
         {"itotia": at("center", item="spark-of-divinity")}, {"viggo": "left"}, (),
         lambda s: ATK(s, "itotia") == 6),
    Case("wardens-plate", "(No ability: +2 armor, +1 health.)",
         {"itotia": "center"}, {"viggo": "left"}, ("buy wardens-plate itotia",),
         lambda s: (ARM(s, "itotia"), s.health_of(s.names["itotia"])) == (2, 8)
         and s.power[A] == 0, phase="shop", power=(5, 0),
         items=(("wardens-plate", "fury", "masterwork-boots"), DEFAULT_ITEMS[B])),
    Case("amulet-of-renewal", "This hero has Regen 2. (After your turn begins, heal 2 damage "
         "from this hero.)",
         {"itotia": at("center", damage=3, item="amulet-of-renewal")}, {"viggo": "left"}, (),
         lambda s: D(s, "itotia") == 1 and s.health_of(s.names["itotia"]) == 8,
         phase="preparation"),
    Case("ring-of-evocation", "This hero has Evoker. (Evoker: after your turn begins, if you "
         "control an Evoker, gain 1 Power.)",
         {"corvus": at("center", item="ring-of-evocation"), "itotia": "left"},
         {"viggo": "left"}, (), lambda s: s.power[A] == 1, phase="preparation"),
    Case("siege-hammer", "When this hero attacks, if there is a defending enemy conduit, this "
         "hero gets +2 attack until the end of the combat.",
         {"itotia": at("center", item="siege-hammer")}, {"viggo": "left"},
         ("attack itotia", "target conduit"),
         lambda s: s.cdmg[B][CENTER] == 3 + 1 + 2),
    Case("halo-of-the-divine", "While this hero is Divine, this hero has +2 attack.",
         {"final-judge": at("center", item="halo-of-the-divine"),
          "itotia": at("left", item="fury")}, {"viggo": "left"}, (),
         lambda s: (ATK(s, "final-judge"), s.health_of(s.names["final-judge"])) == (7, 16),
         items=(("halo-of-the-divine", "fury", "masterwork-boots"), DEFAULT_ITEMS[B])),
    Case("cloak-of-shadows", "Talent (1 AP, Cooldown): Move this hero to an adjacent location, "
         "then recover this hero.",
         {"itotia": at("center", committed=True, item="cloak-of-shadows")}, {"viggo": "left"},
         ("talent itotia:fade", "lane right"),
         lambda s: Z(s, "itotia") == RIGHT and not C(s, "itotia") and ARM(s, "itotia") == 1),
    Case("twinfang-daggers", "When this hero clashes, deal 1 Piercing damage to an opposing "
         "hero.",
         {"itotia": at("center", item="twinfang-daggers")}, {"grandfather": "center"},
         ("attack itotia", "target grandfather", "clash heavy-blow"),
         lambda s: D(s, "grandfather") == 1 + (3 + 1 + 3 - 1), hands=(["heavy-blow"], [])),
    Case("tome-of-ages", "Talent (1 AP, Cooldown): Draw a card.",
         {"itotia": at("center", item="tome-of-ages")}, {"viggo": "left"},
         ("talent itotia:study-tome",),
         lambda s: s.hands[A] == ["mirage"] and "talent itotia:study-tome" not in
         {a.to_text() for a in s.legal_actions()}, tops=(["mirage"], [])),
    Case("executioners-axe", "When this hero attacks, if there is a defending damaged enemy "
         "hero, this hero's combat damage is Piercing this combat.",
         {"itotia": at("center", item="executioners-axe")},
         {"grandfather": at("center", damage=1)}, ("attack itotia", "target grandfather"),
         lambda s: D(s, "grandfather") == 1 + 3 + 2),
    Case("banner-of-valor", "Each other friendly hero at this location has +1 attack.",
         {"itotia": at("center", item="banner-of-valor"), "corvus": "center",
          "grandfather": "left"}, {"viggo": "left"}, (),
         lambda s: (ATK(s, "itotia"), ATK(s, "corvus"), ATK(s, "grandfather")) == (3, 3, 2)),
    Case("chalice-of-life", "Talent (1 AP, Cooldown): Heal 2 damage from a friendly hero at "
         "this location.",
         {"itotia": at("center", damage=3, item="chalice-of-life"), "corvus": "center"},
         {"viggo": "left"}, ("talent itotia:quaff", "target itotia"),
         lambda s: D(s, "itotia") == 1),
    Case("thorn-mail", "After this hero takes damage, deal 1 damage to each opposing hero.",
         {"itotia": at("center", item="thorn-mail")}, {"viggo": "center"},
         ("attack viggo", "target itotia"),
         lambda s: D(s, "itotia") == 3 - 1 and D(s, "viggo") == 3 + 1, active=B),
    Case("hunters-longbow", "Talent (1 AP, Cooldown): Deal 1 damage to an enemy hero at an "
         "adjacent location.",
         {"itotia": at("center", item="hunters-longbow")}, {"viggo": "left"},
         ("talent itotia:loose",),
         lambda s: D(s, "viggo") == 1 and ATK(s, "itotia") == 4),
    Case("mantle-of-command", "This hero has Vanguard. (Vanguard: while this hero is "
         "attacking, your other heroes cannot take damage.)",
         {"itotia": at("center", item="mantle-of-command"), "corvus": "center"},
         {"viggo": "center"}, ("attack itotia", "with corvus", "target viggo"),
         # no "assign": the defender's damage must go to the Vanguard hero
         lambda s: D(s, "itotia") == 3 - 1 and D(s, "corvus") == 0 and D(s, "viggo") == 5),
    Case("wrecking-gauntlets", "Talent (1 AP, Cooldown): Deal 2 damage to the enemy conduit at "
         "this location.",
         {"itotia": at("left", item="wrecking-gauntlets")}, {"viggo": "right"},
         ("talent itotia:wreck",), lambda s: s.cdmg[B] == [2, 0, 0]),
    Case("bloodstone", "After this hero deals combat damage, gain 1 Power.",
         {"itotia": at("center", item="bloodstone")}, {"viggo": "center"},
         ("attack itotia", "target viggo", "first bloodstone"),
         lambda s: D(s, "viggo") == 3 and s.power[A] == 1),
    Case("horn-of-rallying", "Talent (1 AP, Cooldown): Recover another friendly hero at this "
         "location.",
         {"itotia": at("center", item="horn-of-rallying"),
          "corvus": at("center", committed=True)}, {"viggo": "left"},
         ("talent itotia:rally",), lambda s: not C(s, "corvus")),
]


def deck_file(cases: list[Case]) -> str:
    """One card file with both decks of every case (so one catalog serves them all)."""
    folder = Path(tempfile.mkdtemp(prefix="tabletop-pool-cases-"))
    atexit.register(shutil.rmtree, folder, True)
    path = folder / "decks.toml"
    decks = [deck_of(c, seat) for c in cases for seat in (A, B)]
    path.write_text(tomli_w.dumps({"deck": decks}))
    return str(path)


FILES = deck_file(CASES)


def pool_cards() -> list[str]:
    """Every card of the pool files beyond the starter decks, as the cases name them."""
    import tomllib

    out: list[str] = []
    for path in sorted(POOL_DIR.glob("*.toml")):
        raw = tomllib.loads(path.read_text())
        for h in raw.get("hero", []):
            out += [f"{h['id']}:0", f"{h['id']}:1"]
        for kind in ("skill", "deity", "conduit", "item"):
            out += [c["id"] for c in raw.get(kind, [])]
    return out


def test_every_pool_card_has_a_case_quoting_its_text() -> None:
    """Issue 12, Tests: "One scenario test per card quoting its text": every card of the
    pool files (108: 24 hero sides, 48 skill cards, 8 deities, 10 conduits, 18 items) has
    exactly one case, and each case quotes the card's printed text exactly."""
    cards = pool_cards()
    assert len(cards) == 24 + 48 + 8 + 10 + 18
    named = [c.card for c in CASES]
    assert sorted(named) == sorted(cards)
    for c in CASES:
        assert c.text == text(c.card), c.card


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_pool_card(case: Case) -> None:
    """Each card's scenario: the position, the actions, and what the quoted text says."""
    s = run(case, FILES)
    assert case.check(s), (case.card, [e.text for e in s.events[-12:]])
