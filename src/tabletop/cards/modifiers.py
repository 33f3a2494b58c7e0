"""The modifier store: every continuous effect in play, as plain tuples (docs/cards.md §5).

A :class:`Modifier` changes a stat, a keyword, a cost or a rule of the objects it affects
(one object, or a selector evaluated live relative to its source), for a duration, from
a timestamp. A game keeps its store as a tuple of modifiers on its State (clones share
it; a change makes a new tuple). Static abilities printed on cards in play are not
stored: the game derives them from the cards (the queries take them as ``(ModSpec, ctx)``
pairs), so they can never outlive their source.

Order of application, the same for every query (the layers):

1. PRINTED — the card's own numbers and keywords (the game's base value);
2. ITEMS — what equipment adds (the game adds it to the base value);
3. STATIC — static abilities of cards in play, in the order the game lists them;
4. TIMED — effects created by abilities for a duration, by timestamp;
5. SET_ZERO — a rule of the game setting a value (radiant-arena: a committed defender's
   attack is 0), applied by the game between the two folds;
6. CLASH — effects made by this combat's clash effects (and clash values), by timestamp.

Within a layer effects apply in order: ``add`` adds, ``set`` replaces the value so far,
so where two effects set the same thing the latest applies; a keyword's ``grant`` gives
it (a valued keyword keeps the highest value: Regen does not stack), ``lose`` removes it;
a count (``kind`` count: "count also as" adds a symbol, "count instead as" replaces one)
changes what a random result counts as (:func:`counted`).

Statics by recency (:func:`stamp_statics`): a game whose rules order static abilities
and timed effects by when each began (Hoshi Battle: "The last card or effect played
always has priority") stores its conditional static abilities as TIMED modifiers
(``until`` ``"static"``), stamped when their condition starts to hold and removed when it
stops, so one timestamp order covers both.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from .context import make
from .nodes import ModSpec, Selector
from .select import holds, matches, value
from .vocab import Ctx, Vocabulary, World

PRINTED, ITEMS, STATIC, TIMED, SET_ZERO, CLASH = 1, 2, 3, 4, 5, 6


class Modifier(NamedTuple):
    """One continuous effect in the store.

    ``ts`` timestamp (a counter of the game); ``layer`` TIMED or CLASH; ``source`` the
    object whose ability made it (-1: none), ``card`` its card id (for events and
    views), ``controller`` the seat that controls it, ``place`` where "here" was;
    ``affects`` one object, or a :class:`~tabletop.cards.nodes.Selector` evaluated live;
    ``kind`` stat / keyword / cost / rule / replace; ``key`` the stat, keyword, cost,
    rule or hook; ``op`` add / set / grant / lose (replace: the form); ``value`` an int
    (a replacement: the :class:`~tabletop.cards.nodes.Replacement`); ``until`` the
    duration (combat, turn, next_turn, source, while, permanent) and ``arg`` its argument
    (next_turn: the seat; while: the condition); ``mem`` remembered targets the effect
    refers to (Lifelink's ally), as ``((name, objects), ...)``."""

    ts: int
    layer: int
    source: Any
    card: str
    controller: int
    place: Any
    affects: Any
    kind: str
    key: str
    op: str
    value: Any
    until: str
    arg: Any = None
    mem: tuple[tuple[str, tuple[Any, ...]], ...] = ()


def context(m: Modifier) -> Ctx:
    """The context a modifier's selector, condition and (a replacement) effects are
    evaluated in: every field (context.make), the source's card as ``src``."""
    ctx: Ctx = make(m.controller, m.source, m.place, m.card)
    for name, objs in m.mem:
        ctx[name] = objs
    return ctx


def applies(v: Vocabulary, w: World, m: Modifier, obj: Any) -> bool:
    """Whether a stored modifier affects ``obj`` now."""
    target = m.affects
    if isinstance(target, Selector):
        ctx = context(m)
        if not matches(v, w, target, ctx, obj):
            return False
    elif target != obj:
        return False
    if m.until == "while":
        return holds(v, w, m.arg, context(m))
    return True


def _static_applies(v: Vocabulary, w: World, spec: ModSpec, ctx: Ctx, obj: Any) -> bool:
    if spec.affects.ref == "self":
        if obj != ctx["u"]:
            return False
    elif not matches(v, w, spec.affects, ctx, obj):
        return False
    return spec.cond is None or holds(v, w, spec.cond, ctx)


def stat(v: Vocabulary, w: World, store: Sequence[Modifier], obj: Any, key: str, base: int,
         statics: Iterable[tuple[ModSpec, Ctx]] = (), lo: int = STATIC,
         hi: int = CLASH) -> int:
    """A stat of ``obj``: ``base`` (printed and items), then static abilities and stored
    modifiers of layers ``lo`` to ``hi``, in order."""
    out = base
    if lo <= STATIC <= hi:
        for spec, ctx in statics:
            if spec.kind == "stat" and spec.key == key and _static_applies(v, w, spec, ctx,
                                                                              obj):
                amount = value(v, w, spec.value, ctx)
                out = out + amount if spec.op == "add" else amount
    for layer in (TIMED, CLASH):
        if not lo <= layer <= hi:
            continue
        for m in store:
            if m.layer == layer and m.kind == "stat" and m.key == key and applies(v, w, m,
                                                                                  obj):
                out = out + m.value if m.op == "add" else m.value
    return out


def keyword(v: Vocabulary, w: World, store: Sequence[Modifier], obj: Any, key: str, base: int,
            statics: Iterable[tuple[ModSpec, Ctx]] = ()) -> int:
    """A keyword's value on ``obj`` (0: it does not have it; 1 for a keyword without a
    number): ``base`` from the card, then static abilities, then stored grants and
    losses in timestamp order. A grant keeps the highest value (Regen does not stack)."""
    out = base
    for spec, ctx in statics:
        if spec.kind == "keyword" and spec.key == key and _static_applies(v, w, spec, ctx,
                                                                             obj):
            out = max(out, value(v, w, spec.value, ctx)) if spec.op == "grant" else 0
    for m in store:
        if m.kind == "keyword" and m.key == key and applies(v, w, m, obj):
            out = max(out, m.value) if m.op == "grant" else 0
    return out


def keywords(v: Vocabulary, w: World, store: Sequence[Modifier], obj: Any,
             base: frozenset[str], statics: Iterable[tuple[ModSpec, Ctx]] = ()
             ) -> frozenset[str]:
    """Every keyword ``obj`` has now: ``base`` with static and stored grants and losses
    applied in order."""
    out = set(base)
    for spec, ctx in statics:
        if spec.kind == "keyword" and _static_applies(v, w, spec, ctx, obj):
            (out.add if spec.op == "grant" else out.discard)(spec.key)
    for m in store:
        if m.kind == "keyword" and applies(v, w, m, obj):
            (out.add if m.op == "grant" else out.discard)(m.key)
    return frozenset(out)


def rule(v: Vocabulary, w: World, store: Sequence[Modifier], obj: Any, key: str,
         statics: Iterable[tuple[ModSpec, Ctx]] = ()) -> bool:
    """Whether a rule word (a permission or prohibition) applies to ``obj`` now."""
    for spec, ctx in statics:
        if spec.kind == "rule" and spec.key == key and _static_applies(v, w, spec, ctx, obj):
            return True
    return any(m.kind == "rule" and m.key == key and applies(v, w, m, obj) for m in store)


def cost(v: Vocabulary, w: World, store: Sequence[Modifier], obj: Any, key: str, base: int,
         statics: Iterable[tuple[ModSpec, Ctx]] = ()) -> int:
    """A cost of ``obj`` (its talents' action points, its EXP cost...): ``base`` plus
    every cost modifier, never below 0."""
    out = base
    for spec, ctx in statics:
        if spec.kind == "cost" and spec.key == key and _static_applies(v, w, spec, ctx, obj):
            out += value(v, w, spec.value, ctx)
    for m in store:
        if m.kind == "cost" and m.key == key and applies(v, w, m, obj):
            out += m.value
    return max(0, out)


def counted(v: Vocabulary, w: World, store: Sequence[Modifier], obj: Any, result: str,
            statics: Iterable[tuple[ModSpec, Ctx]] = ()) -> tuple[str, ...]:
    """What ``result`` (a symbol a die shows) counts as for ``obj``, in the vocabulary's
    symbol order: the result itself, then every count modifier on ``obj`` (static
    abilities, then stored ones by timestamp; the last applied has priority). ``also``
    X as Y adds Y when X is counted; ``instead`` X as Y takes X away and puts Y."""
    shown = [result]
    changes = [(spec.key, spec.op, spec.value) for spec, ctx in statics
               if spec.kind == "count" and _static_applies(v, w, spec, ctx, obj)]
    changes += [(m.key, m.op, m.value) for m in store
                if m.kind == "count" and applies(v, w, m, obj)]
    if not changes:  # the usual case: a face counts as itself
        return (result,)
    for source, mode, target in changes:
        if source in shown:
            if mode == "instead":
                shown.remove(source)
            if target not in shown:
                shown.append(target)
    rank = _symbol_rank(v)
    last = len(rank)
    return tuple(sorted(shown, key=lambda x: rank.get(x, last)))


# Each vocabulary's symbols by their place in its reading order (counted sorts by it once
# per die face): kept with the vocabulary they were read from.
_RANKS: dict[int, tuple[Vocabulary, dict[str, int]]] = {}


def _symbol_rank(v: Vocabulary) -> dict[str, int]:
    """``v.symbols`` by their index in its order (the first, should one repeat)."""
    kept = _RANKS.get(id(v))
    if kept is None or kept[0] is not v:
        rank: dict[str, int] = {}
        for i, symbol in enumerate(v.symbols):
            rank.setdefault(symbol, i)
        kept = _RANKS[id(v)] = (v, rank)
    return kept[1]


def stamp_statics(store: Sequence[Modifier], clock: int, source: Any, card: str,
                  controller: int, index: int, specs: Sequence[ModSpec], active: bool,
                  targets: Sequence[Any], values: Sequence[Any] = ()
                  ) -> tuple[tuple[Modifier, ...], int, bool]:
    """Turn one static ability (``index`` of ``card``, its ``specs`` modifiers) on or off
    as stored TIMED modifiers (``until`` ``"static"``, ``arg`` the index): when
    ``active`` and not stored yet, its modifiers on ``targets`` are added with the next
    timestamp (``values``: each spec's amount, computed by the game; default the spec's
    own value); when not ``active``, they are taken away. Returns the new store, the
    clock and whether anything changed. For games where a static ability and a timed
    effect take turns by recency (docs/cards.md §5, "Statics by recency")."""
    mine = [m for m in store if m.until == "static" and m.card == card and m.arg == index
            and m.controller == controller]
    if active == bool(mine):
        return tuple(store), clock, False
    if not active:
        return tuple(m for m in store if m not in mine), clock, True
    clock += 1
    added = []
    for i, spec in enumerate(specs):
        amount = values[i] if i < len(values) else spec.value
        op = spec.op
        for t in targets:
            added.append(Modifier(clock, TIMED, source, card, controller, 0, t, spec.kind,
                                  spec.key, op, amount, "static", index))
    return (*store, *added), clock, True


def expire(store: Sequence[Modifier], until: str, arg: Any = None) -> tuple[Modifier, ...]:
    """The store without the modifiers of one duration (``arg``: only those whose
    argument is it: ``next_turn`` of one seat). A tuple: clones share the store."""
    return tuple(m for m in store if m.until != until or (arg is not None and m.arg != arg))


def forget(store: Sequence[Modifier], obj: Any) -> tuple[Modifier, ...]:
    """The store once ``obj`` leaves play: effects on it end, and effects lasting while it
    is in play end. A tuple: clones share the store."""
    return tuple(m for m in store if m.affects != obj and not (m.until == "source" and
                                                               m.source == obj))


__all__ = ["PRINTED", "ITEMS", "STATIC", "TIMED", "SET_ZERO", "CLASH", "Modifier",
           "context", "applies", "stat", "keyword", "keywords", "rule", "cost", "counted",
           "stamp_statics", "expire", "forget"]
