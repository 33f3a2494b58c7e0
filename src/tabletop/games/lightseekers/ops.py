"""The ops of Lightseekers' card language: what each step of an effect does.

Each op has the kernel's signature ``(state, step, ctx) -> True | None``: True when done,
None when it cannot resolve (no target: the rest of the effect does not happen). No op
asks a question: a Lightseekers effect never needs a choice (an attack goes to your
target; the named selectors each name one hero, or each of several). ``ctx``: ``p`` the
controller, ``u`` its hero (the same seat), ``src`` the card (``hero`` for a trait),
``x`` the active corner of a rotating buff.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.cards import TIMED, Modifier, Step, amount, choose, source, value
from tabletop.cards.select import ASKED

from .board import (
    changed,
    clockwise,
    deal_damage,
    draw,
    enemy_of,
    heal,
    remove_buff,
    shuffle,
    target_of,
    to_discard,
)
from .ids import R_ATTACK, R_BUFF, R_ITEM

if TYPE_CHECKING:
    from .rules import LsState

Result = bool | None
Ctx = dict[str, Any]


def targets(s: LsState, step: Step, ctx: Ctx) -> list[Any] | None:
    """The heroes a step reaches; None when there are none. The named selectors are read
    directly (the same heroes the kernel's ``choose`` gives: they are on every effect's
    hot path); any other selector goes through the kernel."""
    sel = step.f["target"]
    name = sel.name
    p = ctx["p"]
    if name == "target":
        t = target_of(s, p)
        return [t] if t != p else None
    if name == "self":
        return [p] if s.alive[p] else None
    if name == "enemy":
        t = enemy_of(s, p)
        return [t] if t != p else None
    # Several heroes are reached one by one clockwise from the controller (its target
    # first), so several defeats by one effect fall in that order (docs/rules, Defeat).
    if name == "others":
        return clockwise(s, p, False) or None
    if name == "everyone":
        return clockwise(s, p, True) or None
    found = choose(s.V, s, sel, ctx)
    if found is ASKED:  # the loader allows only selectors that never ask
        raise AssertionError("a Lightseekers effect asked for a target")
    if found and len(found) > 1:
        n, i = s.players, s.pos[p]
        found = sorted(found, key=lambda q: (s.pos[q] - i) % n)
    return found  # type: ignore[no-any-return]






def _damage(s: LsState, step: Step, ctx: Ctx) -> Result:
    """damage: deal ``amount`` damage, dealt by the controller's hero (its power adds; the
    recipient's armor reduces it unless ``pierce``)."""
    f = step.f
    by = ctx["p"]
    if f["target"].name == "target":  # (as targets() reads it: most attacks)
        t = target_of(s, by)
        found = [t] if t != by else None
    else:
        found = targets(s, step, ctx)
    if not found:
        return None
    n = f.get("amount", 0)  # amount() and src(), written out: the hottest op
    if type(n) is not int:
        n = value(s.V, s, n, ctx)
    if n < 0:
        n = 0
    where = ctx.get("src")
    pierce = f.get("pierce", False)
    for t in found:
        deal_damage(s, t, n, by, where if isinstance(where, str) else None, pierce)
    return True


def _heal(s: LsState, step: Step, ctx: Ctx) -> Result:
    """heal: the hero gains ``amount`` health (never above 35)."""
    found = targets(s, step, ctx)
    if not found:
        return None
    n = amount(s.V, s, step, ctx)
    for t in found:
        heal(s, t, n, source(ctx), R_ATTACK)
    return True


def _draw(s: LsState, step: Step, ctx: Ctx) -> Result:
    """draw: that player draws ``amount`` cards (as many as its deck holds)."""
    found = targets(s, step, ctx)
    if not found:
        return None
    n = amount(s.V, s, step, ctx)
    for t in found:
        for _ in range(n):
            draw(s, t, R_ATTACK)
    return True


def _discard(s: LsState, step: Step, ctx: Ctx) -> Result:
    """discard: that player discards ``amount`` cards from its hand at random (revealed)."""
    found = targets(s, step, ctx)
    if not found:
        return None
    n = amount(s.V, s, step, ctx)
    for t in found:
        hand = s.hand[t]
        for _ in range(min(n, len(hand))):
            c = hand.pop(s.chance.below(len(hand)))
            to_discard(s, t, c, "random", R_ATTACK)
    return True


def _mill(s: LsState, step: Step, ctx: Ctx) -> Result:
    """mill: the top ``amount`` cards of that player's deck go to its discard pile."""
    found = targets(s, step, ctx)
    if not found:
        return None
    n = amount(s.V, s, step, ctx)
    for t in found:
        deck = s.deck[t]
        for _ in range(min(n, len(deck))):
            to_discard(s, t, deck.pop(), "deck", R_ATTACK)
    return True


def _destroy_buff(s: LsState, step: Step, ctx: Ctx) -> Result:
    """destroy_buff: the newest buff of that hero (the rightmost) is discarded."""
    found = targets(s, step, ctx)
    if not found:
        return None
    for t in found:
        if s.buffs[t]:
            remove_buff(s, t, len(s.buffs[t]) - 1, "destroyed", R_BUFF)
    return True


def _destroy_item(s: LsState, step: Step, ctx: Ctx) -> Result:
    """destroy_item: the newest item equipped by that hero is discarded."""
    found = targets(s, step, ctx)
    if not found:
        return None
    for t in found:
        if s.items[t]:
            c = s.items[t][-1]
            s.items[t] = s.items[t][:-1]
            changed(s)
            to_discard(s, t, c, "destroyed", R_ITEM)
    return True


def _modify(s: LsState, step: Step, ctx: Ctx) -> Result:
    """modify: that hero gets + or - power or armor until the end of the turn or the start
    of the controller's next turn."""
    found = targets(s, step, ctx)
    if not found:
        return None
    spec = step.f["modifier"]
    n = value(s.V, s, spec.value, ctx)
    until = step.f.get("until") or "next_turn"
    p = ctx["p"]
    for t in found:
        s.clock += 1
        m = Modifier(s.clock, TIMED, p, source(ctx) or "", p, None, t, "stat", spec.key,
                     "add", n, until, p if until == "next_turn" else None)
        s.store = (*s.store, m)
        s.event("modifier", (t, spec.key, n, until, source(ctx)), R_ATTACK)
    return True


def _recycle(s: LsState, step: Step, ctx: Ctx) -> Result:
    """recycle: the top ``amount`` cards of the controller's discard pile go back into its
    deck, which is shuffled."""
    p = ctx["p"]
    n = min(amount(s.V, s, step, ctx), len(s.disc[p]))
    if not n:
        return None
    for _ in range(n):
        c = s.disc[p].pop()
        s.deck[p].append(c)
        s.event("return", (p, s.cat.cards[c].id), R_ATTACK)
    shuffle(s, p, "return", R_ATTACK)
    return True


OPS = {
    "damage": _damage,
    "heal": _heal,
    "draw": _draw,
    "discard": _discard,
    "mill": _mill,
    "destroy_buff": _destroy_buff,
    "destroy_item": _destroy_item,
    "modify": _modify,
    "recycle": _recycle,
}

__all__ = ["OPS", "targets", "amount"]
