"""Replacement and prevention effects (docs/cards.md §7).

At a hook (an event that *would* happen: damage, a KO, a clash effect, a draw) the game
asks :func:`applicable` for the replacements that apply to the object concerned: those
printed on cards in play (static, listed by the game as ``(Replacement, ctx)``) and
those in the modifier store made by effects for a duration (``kind = "replace"``). They
come in a fixed order: the printed ones in the game's source order, then the stored ones
by timestamp. Each applies at most once to one event (the game keeps the ones used in the
event it is building). The forms:

- ``prevent``: the event does not happen;
- ``reduce``: its amount is reduced (not below 0);
- ``redirect``: part of its amount (all when no part) happens to another object instead;
- ``instead``: other effects happen instead (a program, with ``pick`` chosen first).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .context import complete
from .modifiers import Modifier, context
from .nodes import ANY, FRIENDLY, Replacement
from .select import holds, matches
from .vocab import Ctx, Vocabulary, World


def _applies(v: Vocabulary, w: World, r: Replacement, ctx: Ctx, obj: Any) -> bool:
    spec = v.hooks.get(r.hook)
    if spec is not None and spec.fields.get(spec.subject) == "seat":
        # A player's event ("If you would draw"): ``affects`` names a side, relative to
        # the controller — ``self`` (the default) and friendly are you, enemy the others,
        # any everyone (a seat is no object: it was compared with "this" object).
        side = FRIENDLY if r.affects.ref == "self" else r.affects.side
        if side != ANY and (obj == ctx["p"]) != (side == FRIENDLY):
            return False
        return holds(v, w, r.cond, ctx)
    if r.affects.ref == "self":
        if obj != ctx["u"]:
            return False
    elif not matches(v, w, r.affects, ctx, obj):
        return False
    return holds(v, w, r.cond, ctx)


def limit_key(r: Replacement, ctx: Ctx) -> str:
    """The key a limited replacement is counted by in the game's set of used abilities:
    per card and per object it is on (``turn``: the game clears it each turn, keeping the
    keys of ``game`` and ``once`` limits, which begin with ``game:``: see
    :func:`~tabletop.cards.triggers.next_turn`)."""
    scope = "" if r.limit == "turn" else "game:"
    return f"{scope}replace:{r.address}:{ctx.get('p')}:{ctx.get('u')}:{ctx.get('_mod', '')}"


def spend(r: Replacement, ctx: Ctx, used: set[str],
          store: Sequence[Modifier]) -> tuple[Modifier, ...]:
    """A replacement has just applied: count its limit (once a turn, once a game) and, for
    one made for the next time only (``once``) by an effect, take it out of the store.
    Returns the store (the same when nothing went)."""
    if not r.limit:
        return tuple(store)
    used.add(limit_key(r, ctx))
    ts = ctx.get("_mod")
    if r.limit == "once" and ts is not None:
        return tuple(m for m in store if not (m.kind == "replace" and m.ts == ts))
    return tuple(store)


def applicable(v: Vocabulary, w: World, hook: str, obj: Any, event: dict[str, Any],
               statics: Iterable[tuple[Replacement, Ctx]],
               store: Sequence[Modifier],
               used: set[str] | None = None) -> list[tuple[Replacement, Ctx]]:
    """Every replacement of ``hook`` that applies to ``obj`` now, in order; each with the
    context its values and effects use (``event``: the fields of the event that would
    happen, readable as ``{ event = "amount" }``), with every field (context.complete:
    the game's hooks read them all). ``used``: the game's set of used abilities; a
    limited replacement already used (:func:`limit_key`) is left out. A stored one's
    context names its modifier (``_mod``, its timestamp) for :func:`spend`."""
    out: list[tuple[Replacement, Ctx]] = []
    for r, ctx in statics:
        if r.hook == hook:
            ctx = complete(ctx, on=hook, event=event)
            if r.limit and used is not None and limit_key(r, ctx) in used:
                continue
            if _applies(v, w, r, ctx, obj):
                out.append((r, ctx))
    for m in store:
        if m.kind == "replace" and m.key == hook:
            ctx = context(m)
            ctx["on"] = hook
            ctx["event"] = event
            ctx["_mod"] = m.ts
            if m.until == "while" and not holds(v, w, m.arg, ctx):
                continue
            r = m.value
            if r.limit and used is not None and limit_key(r, ctx) in used:
                continue
            if _applies(v, w, r, ctx, obj):
                out.append((r, ctx))
    return out


__all__ = ["applicable", "limit_key", "spend"]
