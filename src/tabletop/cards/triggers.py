"""Triggered abilities: matching events, delayed triggers, and the queue (docs/cards.md §6).

When something happens the game calls :func:`collect` with the event (its kind and
fields) and the sources whose abilities may trigger (the cards in play that listen to
that kind: the game lists them, so nothing is scanned when no card listens). Each match
becomes a :class:`Pending` trigger, plain data the game keeps in a list on its State;
delayed triggers, made by effects, are :class:`Delayed` tuples kept there too.

Pending triggers resolve when the current effect has finished, in the order of the
game's rule for simultaneous effects: :func:`order` groups them (radiant-arena, Golden
Rule 2: the active player's first, each player ordering their own).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from .context import complete, make
from .nodes import ANY, FRIENDLY, Program, Selector, Trigger
from .select import holds, matches
from .vocab import Ctx, Vocabulary, World


class Source(NamedTuple):
    """A card whose triggered abilities listen: its ``controller``, the object that is
    "this" for its effects (``self``: a hero; an item's hero; -1 for a ruined conduit),
    ``place`` ("here"), its ``card`` id, the ``word`` its controller names it by when
    ordering simultaneous effects, ``key`` (for once-per-turn limits) and its
    ``triggers``."""

    controller: int
    self: Any
    place: Any
    card: str
    word: str
    key: str
    triggers: tuple[Trigger, ...]


class Pending(NamedTuple):
    """A trigger waiting to resolve: its controller, the word naming its source, the
    program, and the context its effects resolve in (as ``(key, value)`` pairs)."""

    controller: int
    word: str
    program: Program
    ctx: tuple[tuple[str, Any], ...]

    def context(self) -> Ctx:
        """A fresh context dict for its frame."""
        return dict(self.ctx)


class Delayed(NamedTuple):
    """A delayed trigger made by an effect ("at the start of your next turn"): when
    ``on`` happens and ``match`` fits, resolve ``program`` in ``ctx``; ``once``: then it
    is gone. ``ts`` its timestamp, ``word`` its source's name, ``card`` its card."""

    ts: int
    on: str
    match: tuple[tuple[str, Any], ...]
    cond: Any
    program: Program
    controller: int
    word: str
    card: str
    once: bool
    ctx: tuple[tuple[str, Any], ...]


def fits(v: Vocabulary, w: World, on: str, match: tuple[tuple[str, Any], ...],
         event: dict[str, Any], ctx: Ctx) -> bool:
    """Whether an event's fields fit a trigger's match."""
    fields = v.events[on].fields
    for name, matcher in match:
        if name not in event:
            return False
        got = event[name]
        kind = fields[name]
        if kind == "object":
            if not isinstance(matcher, Selector) or not matches(v, w, matcher, ctx, got):
                return False
        elif kind == "seat":
            if matcher != ANY and (got == ctx["p"]) != (matcher == FRIENDLY):
                return False
        elif kind in ("bool", "int"):
            if got != matcher:
                return False
        elif got not in matcher:
            return False
    return True


def collect(v: Vocabulary, w: World, kind: str, event: dict[str, Any],
            sources: Iterable[Source], used: set[str] | None = None) -> list[Pending]:
    """The triggers of ``sources`` that ``event`` (of ``kind``) sets off, in source order.
    A trigger limited to once a turn (or a game) is skipped if its key is in ``used`` (and
    added)."""
    out: list[Pending] = []
    for src in sources:
        for i, trig in enumerate(src.triggers):
            if trig.on != kind:
                continue
            ctx: Ctx = make(src.controller, src.self, src.place, src.card, on=kind,
                            event=event)
            if not fits(v, w, kind, trig.match, event, ctx) or not holds(v, w, trig.cond, ctx):
                continue
            if trig.limit:
                key = f"{'game:' if trig.limit == 'game' else ''}trigger:{src.key}:{i}"
                if used is not None:
                    if key in used:
                        continue
                    used.add(key)
            out.append(Pending(src.controller, src.word, trig.program, tuple(ctx.items())))
    return out


def next_turn(used: set[str]) -> None:
    """A new turn: the once-a-turn abilities may be used again; those limited to once a
    game (keys beginning ``game:``: triggers and replacements) stay used."""
    for key in [k for k in used if not k.startswith("game:")]:
        used.discard(key)


def collect_delayed(v: Vocabulary, w: World, kind: str, event: dict[str, Any],
                    delayed: Sequence[Delayed]) -> tuple[list[Pending], tuple[Delayed, ...]]:
    """The delayed triggers ``event`` sets off, and the delayed triggers left (those
    that fired once are gone)."""
    fired: list[Pending] = []
    left: list[Delayed] = []
    for d in delayed:
        if d.on == kind:
            ctx = complete(dict(d.ctx), on=kind, event=event)
            if fits(v, w, kind, d.match, event, ctx) and holds(v, w, d.cond, ctx):
                fired.append(Pending(d.controller, d.word, d.program, tuple(ctx.items())))
                if d.once:
                    continue
        left.append(d)
    return fired, tuple(left)


def order(pending: Sequence[Pending], active: int, seats: int) -> list[list[Pending]]:
    """Simultaneous triggers grouped by controller, in the order the groups resolve: the
    active player's first, then the others in turn order (Radiant's Golden Rule 2;
    within a group its controller chooses the order)."""
    groups: list[list[Pending]] = []
    for k in range(seats):
        seat = (active + k) % seats
        group = [p for p in pending if p.controller == seat]
        if group:
            groups.append(group)
    return groups


__all__ = ["Source", "Pending", "Delayed", "fits", "collect", "collect_delayed", "next_turn",
           "order"]
