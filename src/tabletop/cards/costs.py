"""Costs declared on an ability (docs/cards.md §8).

An ability's :class:`~tabletop.cards.nodes.Costs` list what it costs, in order: action
points, power, X, discarding, committing or damaging this hero, ruining a conduit... —
whatever the game's vocabulary declares as :class:`~tabletop.cards.vocab.CostSpec`. They
are checked when the ability is announced (:func:`can_pay`, :func:`x_values`), so an
ability whose costs cannot be paid is never a legal action. Costs paid on the spot are
paid by the game; the others (those that need a choice) are steps of the ability's
program (:func:`with_costs`) that resolve first.
"""

from __future__ import annotations

from .nodes import Costs, Program, Step
from .vocab import Ctx, Result, Vocabulary, World

MAX_X = 20  # the largest X offered


def can_pay(v: Vocabulary, w: World, costs: Costs, ctx: Ctx, x: int = 0) -> bool:
    """Whether every cost can be paid now (with X = ``x``)."""
    for name, amount in costs.items:
        if not v.costs[name].can(w, ctx, x if amount == "x" else amount):
            return False
    return True


def x_values(v: Vocabulary, w: World, costs: Costs, ctx: Ctx) -> list[int]:
    """The values of X that can be paid now, from 1 (empty when X cannot be paid, or the
    ability has no X)."""
    if not costs.x:
        return []
    return [x for x in range(1, MAX_X + 1) if can_pay(v, w, costs, ctx, x)]


def with_costs(program: Program, costs: Costs, paid_on_announce: frozenset[str]) -> Program:
    """The program with a ``_pay`` step first for each cost the game does not pay on the
    spot (the steps resolve before the effects, in the order the costs are listed)."""
    steps = [Step("_pay", {"cost": name, "amount": amount}) for name, amount in costs.items
             if name not in paid_on_announce]
    if not steps:
        return program
    shift = len(steps)
    moved = tuple(Step(s.op, s.f, s.remember, s.jump + shift if s.jump >= 0 else -1, s.cond,
                       tuple((o, start + shift) for o, start in s.options), s.raw)
                  for s in program.steps)
    return Program(program.address, (*steps, *moved), program.raw, program.tree)


def pay_step(v: Vocabulary, w: World, step: Step, ctx: Ctx) -> Result:
    """Resolve one ``_pay`` step: pay that cost (X from ``ctx["x"]``); its result is the
    cost's ``pay``'s, as an op's."""
    amount = step.f["amount"]
    return v.costs[step.f["cost"]].pay(w, ctx, int(ctx.get("x", 0)) if amount == "x"
                                       else amount)


__all__ = ["MAX_X", "can_pay", "x_values", "with_costs", "pay_step"]
