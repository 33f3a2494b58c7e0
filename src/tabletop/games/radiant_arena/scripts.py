"""Scripted cards: behaviour too unusual for the effect primitives, registered by name.

Each script has the signature of an op (see :mod:`.effects`) and a docstring quoting the
card text it implements.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .actions import LANES

if TYPE_CHECKING:
    from .rules import ArenaState

Result = bool | None


def lifelink(s: ArenaState, ctx: dict[str, Any]) -> Result:
    """Lifelink (clash): "Half of the damage (rounded up) dealt to this hero this combat is
    dealt to another friendly hero instead." Each hero's own armor applies to its share
    (FAQ: How does Lifelink work?)."""
    from .rules import owner

    u, p = ctx["u"], ctx["p"]
    others = [v for v in s.units_of(p) if v != u and s.in_play(v)]
    if not others or u != s.c_def:
        return None
    if len(others) > 1 and "answer" not in ctx:
        s.ask = ("target", p, tuple(others))
        return False
    to = ctx.pop("answer", others[0])
    s.c_shunt = (u, to)
    s._event("lifelink", (s.unit_card[u], s.unit_card[to]), "FAQ — How does Lifelink work?")
    assert owner(to) == p
    return True


def wrathlord(s: ArenaState, ctx: dict[str, Any]) -> Result:
    """The Wrathlord: "If this hero would be KO'd, instead ruin one of your consecrated
    conduits and remove all damage from him." No KO, so no 2 power; the ruined conduit gives
    1 power during an action phase (FAQ: Do I gain any power when I KO the Wrathlord?)."""
    from .flow import ruin

    u, p = ctx["u"], ctx["p"]
    lanes = tuple(x for x in range(3) if not s.ruined[p][x])
    if not lanes:
        return None
    if len(lanes) > 1 and "answer" not in ctx:
        s.ask = ("lane", p, lanes)
        return False
    lane = ctx.pop("answer", lanes[0])
    rule = "FAQ — Do I gain any power when I KO the Wrathlord?"
    name, before = s.unit_card[u], s.dmg[u]
    s._event("ko_prevented", (name, LANES[lane]), rule)
    s.dmg[u] = 0
    s._event("heal", (name, before, before, 0, "wrathlord", name), rule)
    ruin(s, p, lane)
    return True


def snipe_targets(s: ArenaState, u: int) -> list[int]:
    """Whom a ready Maka may snipe: enemy heroes in other lanes, Taunt judged at the
    target's location (Keywords — Taunt; rule 1). None while she is committed."""
    from .rules import other, owner

    if u < 0 or not s.in_play(u) or s.comm[u]:
        return []
    targets = [v for v in s.units_of(other(owner(u))) if s.in_play(v) and s.zone[v] != s.zone[u]]
    taunt = {s.zone[v] for v in targets if not s.comm[v] and s.keyword(v, "taunt")}
    return [v for v in targets if s.zone[v] not in taunt or s.keyword(v, "taunt")]


def snipe(s: ArenaState, ctx: dict[str, Any]) -> Result:
    """Maka (talent): "Attack an enemy hero in another lane." Only heroes in the defender's
    lane may block (FAQ: When Maka attacks me from another lane, who gets to block?)."""
    from .rules import BLOCK

    u, p = ctx["u"], ctx["p"]
    targets = snipe_targets(s, u)
    if not targets:
        return None
    if len(targets) > 1 and "answer" not in ctx:
        s.ask = ("target", p, tuple(targets))
        return False
    target = ctx.pop("answer", targets[0])
    s.comm[u] = 1
    s.c_att, s.c_clash, s.c_blocked, s.c_shunt, s.c_target = [u], [], False, None, -1
    s.c_def, s.c_lane = target, s.zone[target]
    rule = "FAQ — When Maka attacks me from another lane, who gets to block?"
    s._event("snipe", (p, s.unit_card[u], s.unit_card[target], LANES[s.c_lane]), rule)
    s.phase = BLOCK
    return True


def overkill(s: ArenaState, ctx: dict[str, Any]) -> Result:
    """Overkill (Ultimate clash): "Reveal the top card of your skill deck and put it into
    your discard pile. This hero gets + attack equal to that card's attack." (FAQ: clash
    effects are mandatory.)"""
    u, p = ctx["u"], ctx["p"]
    if not s.decks[p]:
        return None
    rule = "FAQ — Are clash effects mandatory?"
    card = s.decks[p].pop()
    s._event("reveal_top", (p, card, len(s.decks[p])), rule, None, True)
    s.discards[p].append(card)
    s._event("discard", (p, card, "overkill", len(s.hands[p])), rule)
    bonus = s.cat.skills[card].attack
    s.mods.append((u, bonus, 0, True))
    s._event("boost", (s.unit_card[u], bonus, 0, "combat", "overkill"), rule)
    return True


SCRIPTS: dict[str, Callable[[ArenaState, dict[str, Any]], Result]] = {
    "lifelink": lifelink,
    "wrathlord": wrathlord,
    "snipe": snipe,
    "overkill": overkill,
}
# A talent whose first step is a script can be announced only if this says it can resolve
# (rule 15): script name -> (state, the hero using it) -> bool.
POSSIBLE: dict[str, Callable[[ArenaState, int], bool]] = {
    "snipe": lambda s, u: bool(snipe_targets(s, u)),
}
