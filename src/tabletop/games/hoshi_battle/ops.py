"""The ops of Hoshi Battle's card language (docs/rules/hoshi-battle.md, "Cards"): what
each step of an effect does to the state. Each takes the state, the compiled step and
the effect's context (``p`` its controller, ``src`` its card, ``dur`` the duration of an
effect that names none) and returns True when done, None when it cannot resolve."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.cards import ASKED, Step, choose

from .board import add_modifier, full_health, refresh, roll_die
from .ids import R_HEALTH, R_HIT, R_STONE

if TYPE_CHECKING:
    from .rules import HoshiState

Ctx = dict[str, Any]


def targets(s: HoshiState, step: Step, ctx: Ctx) -> list[int] | None:
    """The players a step reaches (``self``, ``opponent``, ``all``), None if none."""
    found = choose(s.V, s, step.f["target"], ctx)
    if found is None or found is ASKED:  # no op of this game asks: one opponent at most
        return None
    return [int(t) for t in found]


def _until(step: Step, ctx: Ctx) -> str:
    return str(step.f.get("until") or ctx.get("dur") or "duel")


def battle_with(s: HoshiState, step: Step, ctx: Ctx) -> bool | None:
    """battle_with: the targets battle with the d8 or the d10 (a die type, set)."""
    found = targets(s, step, ctx)
    if found is None:
        return None
    sides = 8 if step.f["die"] == "d8" else 10
    for t in found:
        add_modifier(s, t, ctx, "stat", "die", "set", sides, _until(step, ctx))
    return True


def extra_die(s: HoshiState, step: Step, ctx: Ctx) -> bool | None:
    """extra_die: the targets battle with ``amount`` additional dice."""
    found = targets(s, step, ctx)
    if found is None:
        return None
    for t in found:
        add_modifier(s, t, ctx, "stat", "dice", "add", int(step.f["amount"]),
                     _until(step, ctx))
    return True


def count(s: HoshiState, step: Step, ctx: Ctx) -> bool | None:
    """count: the targets' ``symbol`` results count also (or instead) as ``as`` (the
    kernel's count modifier: key the symbol, op the mode, value what it counts as)."""
    found = targets(s, step, ctx)
    if found is None:
        return None
    for t in found:
        add_modifier(s, t, ctx, "count", step.f["symbol"], step.f["mode"], step.f["as"],
                     _until(step, ctx))
    return True


def health(s: HoshiState, step: Step, ctx: Ctx) -> bool | None:
    """health: the targets' full health is ``amount`` Hoshi Stones more."""
    found = targets(s, step, ctx)
    if found is None:
        return None
    for t in found:
        add_modifier(s, t, ctx, "stat", "health", "add", int(step.f["amount"]),
                     _until(step, ctx))
    return True


def grant(s: HoshiState, step: Step, ctx: Ctx) -> bool | None:
    """grant: the targets are Swift or Elusive."""
    found = targets(s, step, ctx)
    if found is None:
        return None
    for t in found:
        add_modifier(s, t, ctx, "keyword", step.f["keyword"], "grant", 1, _until(step, ctx))
    return True


def regain(s: HoshiState, step: Step, ctx: Ctx) -> bool | None:
    """regain: the targets regain ``amount`` Hoshi Stones, never above full health."""
    found = targets(s, step, ctx)
    if found is None:
        return None
    for t in found:
        room = max(0, full_health(s, t) - s.stones[t])
        gain = min(room, int(step.f["amount"]))
        if gain:
            s.stones[t] += gain
            s.event("stone", (t, gain, s.stones[t], ctx.get("src", "")), R_HEALTH)
    refresh(s)
    return True


def lose_stone(s: HoshiState, step: Step, ctx: Ctx) -> bool | None:
    """lose_stone: the targets discard ``amount`` Hoshi Stones (a stone discarded)."""
    found = targets(s, step, ctx)
    if found is None:
        return None
    for t in found:
        loss = min(s.stones[t], int(step.f["amount"]))
        if loss:
            s.stones[t] -= loss
            s.stone_lost = True
            s.event("stone", (t, -loss, s.stones[t], ctx.get("src", "")), R_STONE)
    refresh(s)
    return True


def roll(s: HoshiState, step: Step, ctx: Ctx) -> bool:
    """roll: the controller rolls one die of its current type; what it counts as is
    remembered for the next steps' conditions (``rolled_symbol``, ``rolled_moon``)."""
    seat = ctx["p"]
    face, symbols = roll_die(s, seat)
    ctx["roll"] = symbols
    s.event("roll", (seat, ctx.get("src", ""), face, list(symbols)), R_HIT)
    return True


def cancel(s: HoshiState, step: Step, ctx: Ctx) -> bool | None:
    """cancel: the hit about to be resolved is cancelled (the round ends all the same)."""
    if not s.pending_hit:
        return None
    s.pending_hit = False
    s.event("cancel", (ctx["p"], ctx.get("src", "")), R_HIT)
    return True


OPS = {f.__name__: f for f in (battle_with, extra_die, count, health, grant, regain,
                                lose_stone, roll, cancel)}
