"""Resolving effects: frames on a stack, one step at a time (docs/cards.md §2).

An effect being resolved is a :class:`Frame`: its program (shared, immutable), the next
step ``pc`` and its context (a small dict of plain values). A game keeps its frames in a
list on its State (the stack: the last one resolves first); :func:`run` resolves one step
of a frame and says what happened, so the game's driver loop can stop when a seat must
decide. No Python generator is ever suspended: a state clones in microseconds in the
middle of any effect.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from .costs import pay_step
from .nodes import Program, Step
from .select import candidates, holds
from .vocab import FIZZLED, Ctx, Vocabulary, World

# Context keys cleared once a step is done (a step's own progress, an answer).
TRANSIENT_PREFIX = "_"


class Status(IntEnum):
    """What :func:`run` did: NEXT (a step done, or a jump), WAIT (a seat was asked, or
    the op pushed frames of its own), STOP (the step cannot resolve: FAQ, partial
    resolution), FINISHED (no step left)."""

    NEXT = 0
    WAIT = 1
    STOP = 2
    FINISHED = 3


class Frame:
    """An effect being resolved: ``program``, the next step ``pc``, the context ``ctx``."""

    def __init__(self, program: Program, pc: int, ctx: Ctx) -> None:
        self.program = program
        self.pc = pc
        self.ctx = ctx

    def copy(self) -> Frame:
        """An independent copy (the program is shared; context values are immutable)."""
        return Frame(self.program, self.pc, dict(self.ctx))

    @property
    def done(self) -> bool:
        """Whether every step has resolved."""
        return self.pc >= len(self.program.steps)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by its constructor (compiled: mypyc's __new__ would want its arguments).
        return (Frame, (self.program, self.pc, self.ctx))

    def __repr__(self) -> str:
        return f"Frame({self.program.address!r}, {self.pc}, {self.ctx!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Frame) and (self.program, self.pc, self.ctx) == (
            other.program, other.pc, other.ctx)

    __hash__ = None  # type: ignore[assignment]


def run(v: Vocabulary, w: World, frame: Frame) -> Status:
    """Resolve the next step of ``frame``: a control step, or the game's op."""
    steps = frame.program.steps
    pc = frame.pc
    if pc >= len(steps):
        return Status.FINISHED
    step = steps[pc]
    op = step.op
    ctx = frame.ctx
    if op == "_if":
        frame.pc = pc + 1 if holds(v, w, step.cond, ctx) else step.jump
        return Status.NEXT
    if op == "_goto":
        frame.pc = step.jump
        return Status.NEXT
    if op == "_choose":
        return _choose(v, w, frame, step)
    if op == "_may":
        return _may(v, w, frame, step)
    result = pay_step(v, w, step, ctx) if op == "_pay" else v.ops[op].run(w, step, ctx)
    if result is FIZZLED:
        return Status.STOP
    if result:  # RESOLVED (the only true result: vocab.Result)
        if step.remember:
            ctx[step.remember] = ctx.get("_last", ())
        _clear(ctx)
        if frame.pc == pc:  # an op may have moved on by itself (pushing frames)
            frame.pc = pc + 1
        return Status.NEXT
    return Status.WAIT  # WAITING


def _clear(ctx: Ctx) -> None:
    for k in [k for k in ctx if k[0] == TRANSIENT_PREFIX or k == "answer"]:
        del ctx[k]


def _choose(v: Vocabulary, w: World, frame: Frame, step: Step) -> Status:
    """Choose one: the options whose first step can resolve; asked unless only one."""
    ctx = frame.ctx
    options = [(oid, start) for oid, start in step.options
               if possible(v, w, frame.program, ctx, start)]
    if not options:
        return Status.STOP
    answer = ctx.pop("answer", None)
    chosen = next((start for oid, start in options if oid == answer), None)
    if chosen is None and len(options) == 1:
        chosen = options[0][1]
    if chosen is None:
        v.ask(w, "choose", ctx["p"], tuple(oid for oid, _ in options))
        return Status.WAIT
    frame.pc = chosen
    return Status.NEXT


MAY = ("yes", "no")  # the answers to "you may ..."


def _may(v: Vocabulary, w: World, frame: Frame, step: Step) -> Status:
    """"You may": the controller is asked whether the next step happens (the answers
    :data:`MAY`), only when it can resolve; "no" (or a step that cannot) skips it and the
    effect goes on."""
    ctx = frame.ctx
    if not possible(v, w, frame.program, ctx, frame.pc + 1):
        ctx.pop("answer", None)
        frame.pc = step.jump
        return Status.NEXT
    answer = ctx.pop("answer", None)
    if answer not in MAY:
        v.ask(w, "choose", ctx["p"], MAY)
        return Status.WAIT
    frame.pc = frame.pc + 1 if answer == "yes" else step.jump
    return Status.NEXT


def possible(v: Vocabulary, w: World, program: Program, ctx: Ctx, pc: int = 0,
             depth: int = 0) -> bool:
    """Whether the step at ``pc`` can resolve now: its targets exist (with the conditions
    its op implies) or its op says it can. ``_if`` is followed, ``choose`` needs one
    option that can. Used to tell whether an ability may be announced (its first step
    has a legal target) and which options to offer."""
    if pc == 0 and program.lead is not None:
        sel, implied = program.lead
        return sel is None or sel.count == "up_to" or bool(
            candidates(v, w, sel, ctx, implied, True))
    steps = program.steps
    while pc < len(steps) and depth < 32:
        step = steps[pc]
        op = step.op
        if op == "_if":
            pc = pc + 1 if holds(v, w, step.cond, ctx) else step.jump
        elif op == "_goto":
            pc = step.jump
        elif op == "_choose":
            return any(possible(v, w, program, ctx, s, depth + 1) for _, s in step.options)
        elif op == "_may":  # optional: the effect may begin with what follows it too
            if possible(v, w, program, ctx, pc + 1, depth + 1):
                return True
            pc = step.jump
        elif op == "_pay":
            pc += 1  # checked when the ability was announced
        else:
            spec = v.ops[op]
            if spec.possible is not None:
                return spec.possible(w, step, ctx)
            sel = step.f.get(spec.target) if spec.target else None
            if sel is None or sel.count == "up_to":
                return True
            return bool(candidates(v, w, sel, ctx, spec.implied, True))
        depth += 1
    return True


def frame_state(frame: Frame) -> dict[str, Any]:
    """The progress of a frame as plain data (its address, step and context): for a
    game's positions, which write it out and read it back."""
    return {"program": frame.program.address, "pc": frame.pc, "ctx": dict(frame.ctx)}


__all__ = ["MAY", "Status", "Frame", "run", "possible", "frame_state"]
