"""The context of an effect, built in one place with every field (docs/cards.md §1).

Every effect, trigger, continuous effect and replacement reads the same fields: ``p`` its
controller, ``u`` "this" object (-1: none), ``lane`` where "here" is, ``src`` the card
behind it ("": none); ``x`` the X paid when there is one (read as ``ctx.get("x", 0)``:
a context without X has no such key, as positions write it); a trigger's and a replacement's also
``on`` (the event kind or hook) and ``event`` (its fields). A context made anywhere else
with a field left out made a hook crash when it read it (issue 26: a timed ``instead``
replacement made by the ``replace`` op raised ``KeyError: 'src'``), so every context the
kernel hands to a game's hook goes through :func:`make` or :func:`complete`.
"""

from __future__ import annotations

from typing import Any

from .vocab import Ctx

# The fields every context has, with the value each has when nothing sets it.
DEFAULTS: tuple[tuple[str, Any], ...] = (("p", 0), ("u", -1), ("lane", None), ("src", ""))


def make(p: int, u: Any = -1, lane: Any = None, src: Any = "", **more: Any) -> Ctx:
    """A context with every field (``more``: ``x``, ``on``, ``event``, remembered
    ``$names``), in this order (a trigger's context is kept as its items)."""
    ctx: Ctx = {"p": p, "u": u, "lane": lane, "src": src}
    ctx.update(more)
    return ctx


def complete(ctx: Ctx, **more: Any) -> Ctx:
    """A copy of ``ctx`` with every field it lacks at its default, and ``more`` set."""
    out: Ctx = dict(DEFAULTS)
    out.update(ctx)
    out.update(more)
    return out


__all__ = ["DEFAULTS", "make", "complete"]
