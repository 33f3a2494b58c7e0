"""Evaluating selectors, values and conditions against a game's state (docs/cards.md §3-4).

Every function takes the vocabulary ``v``, the world ``w`` (the game's state) and the
context ``ctx`` of the effect: ``p`` its controller, ``u`` "this" object (or -1),
``lane`` where "here" is, ``x`` the X paid, ``event`` the fields of the event that
triggered it, and ``$name`` the targets remembered by earlier steps.
"""

from __future__ import annotations

from typing import Any

from .nodes import ENEMY, FRIENDLY, Selector, Step
from .vocab import Ctx, Vocabulary, World

ASKED: Any = type("Asked", (), {"__repr__": lambda self: "ASKED", "__slots__": ()})()
"""What :func:`choose` returns when it asked the controller to choose."""
DONE: Any = type("Done", (), {"__repr__": lambda self: "DONE", "__slots__": ()})()
"""The answer to an "up to" question that chooses no more (its own object, never None:
None is what an op returns when its step cannot resolve, :data:`~.vocab.FIZZLED`)."""


def _keep(v: Vocabulary, w: World, sel: Selector, ctx: Ctx, obj: Any) -> bool:
    """Whether ``obj`` passes the selector's side, place, conditions and exclusions."""
    return bool(_filter(v, w, sel, ctx, (obj,)))


def _filter(v: Vocabulary, w: World, sel: Selector, ctx: Ctx, pool: Any,
            implied: tuple[str, ...] = (), first: bool = False) -> list[Any]:
    """The objects of ``pool`` that pass the selector's side, place, conditions and
    exclusions, and the ``implied`` conditions (one loop: this is on the hot path of legal
    actions); ``first``: stop at the first one."""
    side, place, where, exclude = sel.side, sel.place, sel.where, sel.exclude
    if implied:
        where = (*where, *((c, False, "") for c in implied))
    if not (side or place or where or exclude):
        return list(pool)[:1] if first else list(pool)
    p = ctx["p"]
    owner = v.owner
    friendly = side == FRIENDLY
    test = v.places[place].test if place else None
    here = (v.here(w, ctx) if not sel.at else _event_place(v, w, sel.at, ctx)) if place \
        else None
    if sel.at and here is None:
        return []  # that object is nowhere now
    # The conditions' functions looked up once (plain loops: this runs for every object).
    tests = [(v.conditions[n].test, neg, arg) for n, neg, arg in where] if where else None
    out = []
    for obj in pool:
        if side:
            o = owner(w, obj)
            if o is None or (o == p) != friendly:
                continue
        if test is not None and not test(w, obj, here):
            continue
        if tests and _fails(tests, w, obj, ctx):
            continue
        if exclude and _excluded(obj, exclude, ctx):
            continue
        out.append(obj)
        if first:
            break
    return out


def event_object(ctx: Ctx, name: str) -> Any:
    """The object in field ``name`` of the context's event (None: none there)."""
    found = (ctx.get("event") or {}).get(name)
    return None if found is None or isinstance(found, bool) else found


def _event_place(v: Vocabulary, w: World, name: str, ctx: Ctx) -> Any:
    obj = event_object(ctx, name)
    return None if obj is None else v.place(w, obj)


def _fails(tests: list[tuple[Any, bool, str]], w: World, obj: Any, ctx: Ctx) -> bool:
    """Whether ``obj`` fails one of the conditions (``(test, negated, argument)``)."""
    for fn, neg, arg in tests:
        if fn(w, obj, ctx, arg) == neg:
            return True
    return False


def _excluded(obj: Any, exclude: tuple[str, ...], ctx: Ctx) -> bool:
    for x in exclude:
        if obj == ctx["u"] if x == "self" else obj in ctx.get(x, ()):
            return True
    return False


def candidates(v: Vocabulary, w: World, sel: Selector, ctx: Ctx,
               implied: tuple[str, ...] = (), first: bool = False) -> list[Any]:
    """Every object a selector allows now, in the game's stable order (ignoring how many
    it takes); with ``implied`` conditions too; ``first``: only the first one (to tell
    whether there is any)."""
    if v.fast is not None and not sel.at:
        quick = v.fast(w, sel, ctx, implied, first)
        if quick is not None:
            return quick
    ref = sel.ref
    if ref == "self":
        u = ctx["u"]
        if u is None or u == -1 or v.place(w, u) is None:
            return []
        if implied and not all(v.conditions[c].test(w, u, ctx, "") for c in implied):
            return []
        return [u]
    if ref:
        if ref.startswith("event:"):  # "the hero that KO'd it": the event's object
            obj = event_object(ctx, ref[6:])
            pool: Any = [obj] if obj is not None and v.place(w, obj) is not None else []
        else:
            pool = ctx.get(ref, ())
        if sel.kinds:  # "{ ref = "$top", kind = "card" }": those that are of it now
            pool = [o for o in pool if _of_kinds(v, w, sel.kinds, o)]
    elif len(sel.kinds) == 1:
        pool = v.kinds[sel.kinds[0]].objects(w)
    elif not sel.kinds and len(v.default_kinds) == 1:
        pool = v.kinds[v.default_kinds[0]].objects(w)
    else:
        pool = [o for k in (sel.kinds or v.default_kinds) for o in v.kinds[k].objects(w)]
    return _filter(v, w, sel, ctx, pool, implied, first)


def _of_kinds(v: Vocabulary, w: World, kinds: tuple[str, ...], obj: Any) -> bool:
    """Whether ``obj`` is of one of ``kinds`` now (a remembered hero KO'd since is no
    longer a ``hero`` in play but a ``fallen`` one)."""
    return any(v.kinds[k].has(w, obj) for k in kinds)


def matches(v: Vocabulary, w: World, sel: Selector, ctx: Ctx, obj: Any) -> bool:
    """Whether one object is among those a selector allows (without listing them)."""
    ref = sel.ref
    if ref == "self":
        return bool(obj == ctx["u"])
    if ref:
        pool = (event_object(ctx, ref[6:]),) if ref.startswith("event:") else \
            ctx.get(ref, ())
        if obj not in pool or (sel.kinds and not _of_kinds(v, w, sel.kinds, obj)):
            return False
    elif not any(v.kinds[k].has(w, obj) for k in (sel.kinds or v.default_kinds)):
        return False
    return _keep(v, w, sel, ctx, obj)


def choose(v: Vocabulary, w: World, sel: Selector, ctx: Ctx,
           implied: tuple[str, ...] = ()) -> Any:
    """The targets of a step (a list), None or :data:`ASKED`: every allowed object
    (``each``, a remembered set), ``n`` at random, or the controller's choice (one, or up
    to ``n``): then it asks with
    ``v.ask(w, "target", seat, options)`` and returns :data:`ASKED` until answered (the
    answer in ``ctx["answer"]``; an "up to" question also offers :data:`DONE`).
    ``implied``: conditions the op needs of its targets (a hero to commit is ready).
    Returns None when nothing is allowed (the step cannot resolve); the targets chosen
    are kept in ``ctx["_last"]`` for ``as``."""
    options = candidates(v, w, sel, ctx, implied)
    count = sel.count
    if count == "up_to":
        picked: tuple[Any, ...] = ctx.get("_picked", ())
        if "answer" in ctx:
            answer = ctx.pop("answer")
            if answer is DONE:
                ctx["_last"] = picked
                return list(picked)
            picked += (answer,)
            ctx["_picked"] = picked
        rest = [o for o in options if o not in picked]
        if len(picked) >= sel.n or not rest:
            ctx["_last"] = picked
            return list(picked)
        v.ask(w, "target", ctx["p"], (*rest, DONE))
        return ASKED
    if not options:
        return None
    if count == "each" or sel.ref:
        out = options
    elif count == "random":
        pool = list(options)
        out = [pool.pop(v.random(w, len(pool))) for _ in range(min(sel.n, len(pool)))]
    elif len(options) == 1:
        out = options
    elif "answer" in ctx and ctx["answer"] in options:
        out = [ctx.pop("answer")]
    else:
        v.ask(w, "target", ctx["p"], tuple(options))
        return ASKED
    ctx["_last"] = tuple(out)
    return out


def value(v: Vocabulary, w: World, val: Any, ctx: Ctx) -> int:
    """A value's number now (docs/cards.md §4)."""
    if type(val) is int:
        return val
    op = val[0]
    if op == "x":
        return int(ctx.get("x", 0))
    if op == "count":
        return len(candidates(v, w, val[1], ctx))
    if op == "stat":
        get = v.stats[val[1]].get
        return sum(get(w, o) for o in candidates(v, w, val[2], ctx))
    if op == "cards":  # the size of a player's zone (its hand: "for each card in it")
        count = v.zones[val[1]][0] if val[1] in v.zones else None
        if count is None:
            return 0
        p = int(ctx["p"])
        return count(w, p if val[2] == "self" else _opponent(v, w, p))
    if op == "event":
        found = (ctx.get("event") or {}).get(val[1], 0)
        return int(found) if isinstance(found, (int, bool)) else 0
    if op == "div":
        a, b = value(v, w, val[1], ctx), value(v, w, val[2], ctx)
        if b == 0:
            return 0
        return -((-a) // b) if val[3] else a // b
    if op == "sub":
        return value(v, w, val[1][0], ctx) - value(v, w, val[1][1], ctx)
    parts = [value(v, w, x, ctx) for x in val[1]]
    if op == "add":
        return sum(parts)
    if op == "mul":
        return parts[0] * parts[1]
    if op == "min":
        return min(parts)
    if op == "max":
        return max(parts)
    raise ValueError(f"unknown value op {op!r}")


def _opponent(v: Vocabulary, w: World, p: int) -> int:
    """The seat a card's "opponent" names: the next seat (two-player games: the other)."""
    seats = getattr(w, "players", 2)
    return (p + 1) % (seats if isinstance(seats, int) and seats > 0 else 2)


_CMP = {"<": int.__lt__, "<=": int.__le__, "==": int.__eq__, "!=": int.__ne__,
        ">=": int.__ge__, ">": int.__gt__}


def holds(v: Vocabulary, w: World, cond: Any, ctx: Ctx) -> bool:
    """Whether a condition holds now (None: always)."""
    if cond is None:
        return True
    op = cond[0]
    if op == "exists":
        return bool(candidates(v, w, cond[1], ctx))
    if op == "none":
        return not candidates(v, w, cond[1], ctx)
    if op == "self":
        u = ctx["u"]
        return all(v.conditions[n].test(w, u, ctx, arg) != neg for n, neg, arg in cond[1])
    if op == "cmp":
        return bool(_CMP[cond[2]](value(v, w, cond[1], ctx), value(v, w, cond[3], ctx)))
    if op == "all":
        return all(holds(v, w, c, ctx) for c in cond[1])
    if op == "any":
        return any(holds(v, w, c, ctx) for c in cond[1])
    if op == "not":
        return not holds(v, w, cond[1], ctx)
    raise ValueError(f"unknown condition {op!r}")


__all__ = ["ASKED", "DONE", "candidates", "matches", "choose", "value", "holds", "ENEMY",
           "FRIENDLY"]


# --- what every game's ops read from a step -------------------------------------------------


def amount(v: Vocabulary, w: World, step: Step, ctx: Ctx, key: str = "amount") -> int:
    """A step's value (its field ``key``, 0 when absent) now, never below 0."""
    return max(0, value(v, w, step.f.get(key, 0), ctx))


def source(ctx: Ctx) -> str | None:
    """The card behind an effect (the frame's ``src``), for events; ``None`` if none."""
    src = ctx.get("src")
    return src if isinstance(src, str) else None
