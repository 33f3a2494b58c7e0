"""The effect primitives of radiant-arena and the selectors they target.

Each op takes the state, its fields and the frame's context (``p`` the controller, ``u``
the hero using the ability or -1, ``lane`` where it happens) and returns ``True`` when
done, ``False`` when it asked a question (``state.ask``; the answer comes back in
``ctx["answer"]``), or ``None`` when it cannot resolve (FAQ: partial resolution stops the
effect at that step).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .actions import LANES
from .flow import (
    adjacent,
    deal_damage,
    discard_one,
    draw_cards,
    in_combat,
    level_up,
    manifest,
    source_card,
)
from .rules import CONDUIT, HOME, R_CLASH_CARDS, R_MANIFEST, R_TALENT, other, owner

if TYPE_CHECKING:
    from .rules import ArenaState

Result = bool | None
ALL = frozenset({"all_enemies_here", "all_friendlies_here", "all_opposing"})


def here(s: ArenaState, ctx: dict[str, Any]) -> int:
    """Where the effect happens: the user's lane, or the frame's lane."""
    u = ctx["u"]
    return s.zone[u] if u >= 0 and s.in_play(u) else ctx["lane"]


def candidates(s: ArenaState, selector: str, ctx: dict[str, Any]) -> list[int]:
    """Every unit (or conduit id) a selector allows, in a stable order."""
    p, u = ctx["p"], ctx["u"]
    lane = here(s, ctx)
    if selector == "self":
        return [u] if u >= 0 and s.in_play(u) else []
    if selector == "enemy_conduit_here":
        o = other(p)
        return [] if lane < 0 or s.ruined[o][lane] else [CONDUIT + o * 3 + lane]
    if selector in ("opposing", "all_opposing"):
        parts = [*s.c_att, s.c_def] if in_combat(s) else []
        return [v for v in parts if 0 <= v < CONDUIT and owner(v) != p and s.in_play(v)]
    friendly = selector in ("friendly_here", "other_friendly_here", "friendly_any",
                            "all_friendlies_here")
    seat = p if friendly else other(p)
    anywhere = selector in ("friendly_any", "enemy_any")
    out = [v for v in s.units_of(seat) if s.in_play(v) and (anywhere or s.zone[v] == lane)]
    if selector == "other_friendly_here":
        out = [v for v in out if v != u]
    return out


def _targets(s: ArenaState, fields: dict[str, Any], ctx: dict[str, Any],
             committed: int | None = None) -> list[int] | None:
    """The chosen targets; None when nothing fits; [] after asking the controller.

    ``committed`` keeps only committed (1) or ready (0) heroes: there must be a ready hero
    to commit and a committed hero to recover (rule 15)."""
    selector = fields.get("target", "self")
    options = candidates(s, selector, ctx)
    if committed is not None:
        options = [v for v in options if s.comm[v] == committed]
    if not options:
        return None
    if selector in ALL or len(options) == 1:
        return options
    if "answer" in ctx:
        return [ctx["answer"]]
    s.ask = ("target", ctx["p"], tuple(options))
    return []


Op = Callable[["ArenaState", dict[str, Any], dict[str, Any]], Result]
PerTarget = Callable[["ArenaState", dict[str, Any], dict[str, Any], int], None]


def _each(fn: PerTarget, committed: int | None = None) -> Op:
    """The op that does ``fn`` to each target of its selector, asking when there is a
    choice and stopping the effect when there is no target (FAQ: partial resolution)."""
    def op(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any]) -> Result:
        targets = _targets(s, f, ctx, committed)
        if not targets:
            return None if targets is None else False
        for t in targets:
            fn(s, f, ctx, t)
        return True

    op.__doc__ = fn.__doc__
    return op


def _damage(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any], t: int) -> None:
    """damage: deal ``amount`` (Piercing, Stun as flagged), dealt by the hero using it."""
    deal_damage(s, t, f.get("amount", 0), f.get("piercing", False), f.get("stun", False),
                False, source_card(ctx))


def _heal(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any], t: int) -> None:
    """heal: remove up to ``amount`` damage."""
    before = s.dmg[t]
    healed = min(f.get("amount", 0), before)
    s.dmg[t] = before - healed
    s._event("heal", (s.unit_card[t], healed, before, before - healed, "effect",
                      source_card(ctx)), R_TALENT)


def _boost(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any], t: int) -> None:
    """boost: + attack and armor until the end of the combat (of the turn outside one)."""
    _add_mod(s, t, f.get("attack", 0), f.get("armor", 0), ctx)


def _scale(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any], t: int) -> None:
    """scale: + ``amount`` to ``stat`` for every ``per`` damage on the hero using it (Mato)."""
    u = ctx["u"]
    bonus = (s.dmg[u] if u >= 0 else 0) // max(1, f.get("per", 1)) * f.get("amount", 1)
    if f.get("stat") == "attack":
        _add_mod(s, t, bonus, 0, ctx)
    else:
        _add_mod(s, t, 0, bonus, ctx)


def _recover(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any], t: int) -> None:
    """recover: a committed hero becomes ready."""
    s.comm[t] = 0
    s._event("recover", (s.unit_card[t], "effect", None), R_TALENT)


def _commit(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any], t: int) -> None:
    """commit: a ready hero becomes committed."""
    s.comm[t] = 1
    s._event("commit", (s.unit_card[t], "effect"), R_TALENT)


def _grant(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any], t: int) -> None:
    """grant: a keyword until the end of the combat (of the turn outside one)."""
    combat = in_combat(s)
    s.grants.append((t, f["keyword"], combat))
    s._event("keyword", (s.unit_card[t], f["keyword"], "combat" if combat else "turn",
                         source_card(ctx)), R_TALENT)


def _level_up(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any], t: int) -> None:
    """level_up: flip a basic hero for free, then recover it if committed (FAQ)."""
    if not s.lvl[t] and not s.is_deity(t):
        level_up(s, t, free=True)


def _op_draw(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any]) -> Result:
    draw_cards(s, ctx["p"], f.get("amount", 1))
    return True


def _op_discard(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any]) -> Result:
    seat = other(ctx["p"]) if f.get("who", "self") == "opponent" else ctx["p"]
    if "answer" in ctx:
        discard_one(s, seat, ctx.pop("answer"))
        ctx["n"] = ctx.get("n", 0) + 1
    if ctx.get("n", 0) >= f.get("amount", 1):
        return True
    if not s.hands[seat]:
        return None if not ctx.get("n") else True
    s.ask = ("discard", seat, ())
    return False


def _op_power(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any]) -> Result:
    p, amount = ctx["p"], f.get("amount", 0)
    s.power[p] += amount
    s._event("power_gain", (p, amount, s.power[p], "effect", source_card(ctx)), R_TALENT)
    return True


def _add_mod(s: ArenaState, t: int, attack: int, armor: int, ctx: dict[str, Any]) -> None:
    combat = in_combat(s)
    s.mods.append((t, attack, armor, combat))
    s._event("boost", (s.unit_card[t], attack, armor, "combat" if combat else "turn",
                       source_card(ctx)), R_TALENT)


def _op_boost_choice(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any]) -> Result:
    if "chosen" not in ctx:
        targets = _targets(s, {"target": f.get("target", "self")}, ctx)
        if not targets:
            return None if targets is None else False
        ctx["chosen"] = targets
        ctx.pop("answer", None)
    if "answer" not in ctx:
        s.ask = ("choose", ctx["p"], ("attack", "armor"))
        return False
    choice = ctx.pop("answer")
    amount = f.get("amount", 0)
    for t in ctx.pop("chosen"):
        _add_mod(s, t, amount if choice == "attack" else 0, amount if choice == "armor" else 0,
                 ctx)
    return True


def _op_move(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any]) -> Result:
    if "moving" not in ctx:
        targets = _targets(s, f, ctx)
        if not targets:
            return None if targets is None else False
        ctx["moving"] = targets[0]
        ctx.pop("answer", None)
    t = ctx["moving"]
    if "answer" not in ctx:
        lanes = adjacent(s.zone[t])
        if len(lanes) > 1:  # from an outer lane the center is the only choice: not asked
            s.ask = ("lane", ctx["p"], lanes)
            return False
        ctx["answer"] = lanes[0]
    start = s.zone[t]
    s.zone[t] = ctx.pop("answer")
    del ctx["moving"]
    s._event("move", (s.unit_card[t], LANES[start], LANES[s.zone[t]], "effect", None),
             R_TALENT)
    return True


def _op_extra_clash(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any]) -> Result:
    """This hero clashes again, face up; that card's clash effects resolve at once."""
    from .flow import clash_frame

    u, p = ctx["u"], ctx["p"]
    if not in_combat(s) or u < 0 or not s.hands[p]:
        return None
    if "answer" not in ctx:
        s.ask = ("extra_clash", p, (u,))
        return False
    skill = ctx.pop("answer")
    if not skill:
        return True
    hand = s.hands[p]
    hand.remove(skill)
    s.c_clash.append((u, skill, True))
    card = s.cat.skills[skill]
    s._event("extra_clash", (p, s.unit_card[u], skill, card.attack, card.armor, len(hand)),
             R_CLASH_CARDS, None, True)
    s.stack[-1][1] += 1  # this op is done; the new card's effects run first
    frame = clash_frame(s, u, skill)
    if frame is not None:
        s.stack.append(frame)
    return False


def _op_action_points(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any]) -> Result:
    amount = f.get("amount", 0)
    s.ap += amount
    s._event("ap_gain", (s.active, amount, s.ap, source_card(ctx)), R_TALENT)
    return True


def _op_script(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any]) -> Result:
    from .scripts import SCRIPTS

    return SCRIPTS[f["name"]](s, ctx)


def _op_manifest(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any]) -> Result:
    """The third conduit is ruined: the deity must manifest (its owner chooses how).

    Asked until answered: once the deity is in play the step is done (so a position saved
    while the question is open asks it again when loaded)."""
    p = ctx["p"]
    deity = p * 4 + 3
    if s.zone[deity] != HOME:
        return True
    s._event("manifest_due", (p,), R_MANIFEST)
    s.ask = ("manifest", p, ())
    return False


def _op_mass_revive(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any]) -> Result:
    """Mass Resurrect: revive every hero not in play when the turn began (one at a time)."""
    p = ctx["p"]
    waiting = [u for u in s.units_of(p) if u % 4 != 3 and s.zone[u] == HOME
               and s.home_at_start >> u & 1]
    if not waiting:
        return True
    s.ask = ("place", p, (waiting[0],))
    return False


def _op_order(s: ArenaState, f: dict[str, Any], ctx: dict[str, Any]) -> Result:
    """Golden Rule 2: the active player orders their own simultaneous effects.

    ``ctx["units"]`` holds the heroes whose "after this hero deals combat damage" effects
    are still to resolve; the one chosen (or the last) resolves on top of this frame."""
    from .flow import combat_damage_trigger

    units = tuple(ctx["units"])  # a tuple: clones share the frame's context values
    if "answer" in ctx:
        chosen = ctx.pop("answer")
    elif len(units) > 1:
        s.ask = ("first", ctx["p"], units)
        return False
    elif units:
        chosen = units[0]
    else:
        return True
    ctx["units"] = tuple(u for u in units if u != chosen)
    combat_damage_trigger(s, chosen)
    return False


OPS: dict[str, Op] = {
    "damage": _each(_damage),
    "heal": _each(_heal),
    "draw": _op_draw,
    "discard": _op_discard,
    "power": _op_power,
    "boost": _each(_boost),
    "boost_choice": _op_boost_choice,
    "scale": _each(_scale),
    "recover": _each(_recover, committed=1),  # there must be a committed hero to recover
    "commit": _each(_commit, committed=0),  # and a ready hero to commit (rule 15)
    "move": _op_move,
    "extra_clash": _op_extra_clash,
    "action_points": _op_action_points,
    "grant": _each(_grant),
    "level_up": _each(_level_up),
    "script": _op_script,
    "_manifest": _op_manifest,
    "_mass_revive": _op_mass_revive,
    "_order": _op_order,
}


def run_op(s: ArenaState, op: str, fields: dict[str, Any], ctx: dict[str, Any]) -> Result:
    """Run one op of the frame on top of the stack."""
    return OPS[op](s, fields, ctx)


__all__ = ["run_op", "candidates", "here", "manifest"]
