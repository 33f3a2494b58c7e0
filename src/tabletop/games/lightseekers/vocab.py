"""Lightseekers' vocabulary for the rules kernel (docs/cards.md): the words its card data
may use and how the kernel reads the state through them.

Objects are heroes, one per seat (the seat's int); a hero is its own side ("friendly" is
your hero, "enemy" every other). Places are relative to the controller: ``target`` (the
player on your left still in the game) and ``enemy`` (on your right). The named
selectors each name one hero or each of several, so no effect ever asks for a target:
``target``, ``enemy``, ``self``, ``others`` (each other hero), ``everyone``.
"""

from __future__ import annotations

from typing import Any

from tabletop.cards import (
    RESOLVED,
    ConditionSpec,
    CostSpec,
    EventSpec,
    HookSpec,
    KindSpec,
    PlaceSpec,
    Result,
    StatSpec,
    Vocabulary,
)
from tabletop.cards.text import Say

from .board import enemy_of, stat, target_of
from .ids import R_HERO
from .ops import OPS

S = Any  # the state, as the kernel hands it back
WOUNDED = 10  # a hero at this health or less is wounded


def _hero(s: S, o: Any) -> bool:
    return type(o) is int and 0 <= o < s.players and s.alive[o]


KINDS = {
    "hero": KindSpec("hero", lambda s: [p for p in range(s.players) if s.alive[p]], _hero,
                     "hero", "heroes", "a hero still in the game (one per seat)"),
}

PLACES = {
    "target": PlaceSpec("target", lambda s, o, h: o == target_of(s, h), "that is your target",
                        "your target: the player on your left still in the game"),
    "enemy": PlaceSpec("enemy", lambda s, o, h: o == enemy_of(s, h), "that is your enemy",
                       "your enemy: the player on your right still in the game"),
}

CONDITIONS = {c.name: c for c in (
    ConditionSpec("wounded", lambda s, o, c, a: _hero(s, o) and s.health[o] <= WOUNDED,
                  "wounded", f"a hero with {WOUNDED} health or less"),
    ConditionSpec("buffed", lambda s, o, c, a: _hero(s, o) and bool(s.buffs[o]),
                  " with a buff in play", "a hero with a buff in play"),
    ConditionSpec("equipped", lambda s, o, c, a: _hero(s, o) and bool(s.items[o]),
                  " with an item equipped", "a hero with an item equipped"),
)}

STATS = {
    "health": StatSpec("health", lambda s, o: s.health[o] if _hero(s, o) else 0,
                       "{of}'s health", False, "a hero's health"),
    "power": StatSpec("power", lambda s, o: stat(s, o, "power") if _hero(s, o) else 0,
                      "{of}'s power", True, "added to the damage this hero deals to others"),
    "armor": StatSpec("armor", lambda s, o: stat(s, o, "armor") if _hero(s, o) else 0,
                      "{of}'s armor", True, "taken off the damage this hero receives"),
    "hand": StatSpec("hand", lambda s, o: len(s.hand[o]) if _hero(s, o) else 0,
                     "the number of cards in {of}'s hand", False, "cards in hand"),
    "buffs": StatSpec("buffs", lambda s, o: len(s.buffs[o]) if _hero(s, o) else 0,
                      "the number of {of}'s buffs in play", False, "buffs in play"),
    "vp": StatSpec("vp", lambda s, o: s.vp[o] if _hero(s, o) else 0,
                   "{of}'s Victory Points", False, "Victory Points"),
}


def _events() -> dict[str, EventSpec]:
    obj, seat, num = "object", "seat", "int"
    return {e.name: e for e in (
        EventSpec("turn_start", {"seat": seat}, "At the start of {seat} turn",
                  doc="Phase 1: Start of Turn (heroes, then items, then buffs)",
                  example='{ on = "turn_start", match = { seat = "friendly" } }'),
        EventSpec("turn_end", {"seat": seat}, "At the end of {seat} turn",
                  doc="Phase 5: End of Turn, before the empty deck check",
                  example='{ on = "turn_end", match = { seat = "friendly" } }'),
        EventSpec("attack", {"hero": obj, "target": obj}, "When {hero} attacks", "hero",
                  doc="a hero plays an Attack card or Attack combo (before it resolves)",
                  example='{ on = "attack" }'),
        EventSpec("attacked", {"hero": obj, "by": obj}, "When {hero} is attacked", "hero",
                  doc="a hero is the recipient of an Attack card or combo",
                  example='{ on = "attacked" }'),
        EventSpec("damaged", {"hero": obj, "amount": num, "by": obj},
                  "After {hero} takes damage", "hero",
                  doc="a hero has taken damage (at least 1); by: the hero that dealt it "
                  "(none when no hero did)",
                  example='{ on = "damaged" }'),
    )}


HOOKS = {
    "would_take_damage": HookSpec(
        "would_take_damage", {"hero": "object", "amount": "int", "by": "object"},
        frozenset({"prevent", "reduce"}), "hero", "If {subject} would take damage",
        doc="damage is about to be dealt to a hero (after power and armor); by: the hero "
        "dealing it (none when no hero does)",
        example='{ hook = "would_take_damage", reduce = "x" }'),
}

def _pay_health(s: S, ctx: dict[str, Any], n: int) -> Result:
    p = ctx["p"]
    s.health[p] -= n
    s.event("lose_health", (p, n, ctx.get("src"), s.health[p]), R_HERO)
    return RESOLVED


COSTS = {
    "health": CostSpec("health", lambda s, ctx, n: s.health[ctx["p"]] > n, _pay_health,
                       lambda n: f"lose {n} health", lo=1, hi=20,
                       doc="your hero loses health (it must keep at least 1)",
                       example="health = 2"),
}

NAMED = {
    "target": {"side": "enemy", "place": "target"},
    "enemy": {"side": "enemy", "place": "enemy"},
    "others": {"side": "enemy", "count": "each"},
    "everyone": {"count": "each"},
    # "Your attacker": the hero that attacked you (attacked) or dealt you the damage
    # (damaged, would_take_damage), taken from the triggering event (docs/rules/
    # lightseekers.md, "Your attacker").
    "attacker": {"event": "by"},
}
PHRASES = {
    "target": "your target",
    "enemy": "your enemy",
    "others": "each other hero",
    "everyone": "each hero",
    "attacker": "your attacker",
}


def _no_ask(s: S, kind: str, seat: int, options: tuple[Any, ...]) -> None:
    raise AssertionError("a Lightseekers effect asked a question")


VOCAB = Vocabulary(
    game="lightseekers",
    kinds=KINDS,
    default_kinds=("hero",),
    places=PLACES,
    conditions=CONDITIONS,
    stats=STATS,
    keywords={},
    events=_events(),
    hooks=HOOKS,
    ops=OPS.specs,
    costs=COSTS,
    owner=lambda s, o: o if type(o) is int else None,
    place=lambda s, o: 0 if _hero(s, o) else None,
    ask=_no_ask,
    random=lambda s, n: s.chance.below(n),
    durations={"turn": "until the end of the turn",
               "next_turn": "until the start of your next turn"},
    selectors=NAMED,
    default_duration=lambda s, ctx: "next_turn",
    here=lambda s, ctx: ctx["p"],
)


def say() -> Say:
    """A writer of Lightseekers card text (docs/cards.md §9)."""
    return Say(VOCAB, "your hero", PHRASES, "next_turn")


__all__ = ["VOCAB", "NAMED", "PHRASES", "say", "WOUNDED"]
