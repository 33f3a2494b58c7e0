"""The compiled forms of card data: selectors, values, conditions, steps, programs,
triggers, static modifiers, replacements and costs.

All are immutable (frozen dataclasses, tuples, ints and strings), built once when a card
file loads and shared by every state, so a state that refers to them (an effect frame, a
delayed trigger, a modifier) copies in no time. Each keeps the data it was compiled from
(``raw``) for views, positions and card text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.pickling import pickle_frozen_by_fields

# Sides of a selector, relative to the controller of the ability.
ANY, FRIENDLY, ENEMY = 0, 1, 2
SIDES = {"any": ANY, "friendly": FRIENDLY, "enemy": ENEMY}
# How many objects a selector takes.
COUNTS = ("one", "each", "up_to", "random")


@dataclass(frozen=True, slots=True)
class Selector:
    """Which objects an effect reaches, relative to its context (docs/cards.md §3).

    ``ref`` is ``"self"`` (this object), a remembered name (``"$first"``) or ``""``;
    ``side`` one of ANY, FRIENDLY, ENEMY; ``place`` a place word of the game or ``""``;
    ``kinds`` the object kinds (the game's default kinds when empty); ``where`` the
    conditions, each ``(word, negated, argument)``; ``exclude`` ``"self"`` and remembered
    names; ``count`` one of COUNTS with ``n`` for ``up_to`` and ``random``. ``name`` is the
    named selector it was written as (``"enemy_here"``), if any.
    """

    ref: str = ""
    side: int = ANY
    place: str = ""
    kinds: tuple[str, ...] = ()
    where: tuple[tuple[str, bool, str], ...] = ()
    exclude: tuple[str, ...] = ()
    count: str = "one"
    n: int = 1
    name: str = ""
    raw: Any = field(default=None, compare=False)
    # The field of the triggering (or replaced) event whose object's place the place word
    # is relative to ("at that conduit's location"), instead of "here".
    at: str = ""

    @property
    def many(self) -> bool:
        """Whether it takes every object it allows (``each``)."""
        return self.count == "each"


SELF = Selector(ref="self", name="self", raw="self")


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a program: an op with its compiled fields, or a control step.

    Control steps: ``_if`` (``cond`` false: go to ``jump``), ``_goto`` (go to ``jump``),
    ``_may`` ("you may": asked, "no" goes to ``jump``),
    ``_choose`` (ask which of ``options``, each ``(id, start)``). ``remember`` names the
    targets this step chose (``"$first"``) for later steps.
    """

    op: str
    f: Mapping[str, Any] = field(default_factory=dict)
    remember: str = ""
    jump: int = -1
    cond: Any = None
    options: tuple[tuple[str, int], ...] = ()
    raw: Any = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Program:
    """A list of steps resolved in order (docs/cards.md §2). ``address`` names it for
    positions (``"skill:zeal:clash"``); ``raw`` is the effect list as written; ``tree``
    its structure for card text: nodes ``("step", Step)``, ``("if", condition, then,
    otherwise)`` and ``("choose", ((id, nodes), ...))``."""

    address: str
    steps: tuple[Step, ...]
    raw: tuple[Any, ...] = field(default=(), compare=False)
    tree: tuple[Any, ...] = field(default=(), compare=False)
    # What its first step needs, when that is a plain op: (its target selector or None,
    # the conditions its op implies); None: see the step itself (program.possible).
    lead: tuple[Any, tuple[str, ...]] | None = field(default=None, compare=False)

    def __len__(self) -> int:
        return len(self.steps)

    def __bool__(self) -> bool:
        return bool(self.steps)


EMPTY = Program("", ())


@dataclass(frozen=True, slots=True)
class Trigger:
    """A triggered ability: ``on`` an event kind, ``match`` on the event's fields (each
    ``(field, matcher)``: a Selector for an object field, a side for a seat field, else a
    literal), an extra condition ``cond``, the ``program`` to resolve, and ``limit``
    (``"turn"`` / ``"game"``: at most once per turn / per game per source)."""

    on: str
    match: tuple[tuple[str, Any], ...]
    cond: Any
    program: Program
    limit: str = ""
    raw: Any = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class ModSpec:
    """A continuous effect as written: ``kind`` (stat, keyword, cost, rule, count), ``key``
    (the stat, keyword, cost or rule word; a count's symbol counted), ``op`` (add, set,
    grant, lose; a count's also or instead), ``value`` (a value; a count's symbol it
    counts as), the objects it ``affects`` and, for a static ability, the condition
    ``cond`` under which it applies."""

    kind: str
    key: str
    op: str
    value: Any
    affects: Selector = SELF
    cond: Any = None
    raw: Any = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Replacement:
    """A replacement or prevention effect: at ``hook`` (an event that would happen to an
    object it ``affects``), if ``cond`` holds: ``prevent`` it, ``reduce`` its amount by
    ``value``, ``redirect`` ``value`` of it (all when None) to ``to``, or do ``program``
    ``instead``; ``pick`` is a choice made as it applies (remembered as ``$pick``);
    ``limit``: ``turn`` / ``game`` (at most once a turn / a game per card), ``once`` (it
    applies the next time only: "the next time ... would"); ``address`` names it for
    those limits."""

    hook: str
    form: str
    affects: Selector = SELF
    cond: Any = None
    value: Any = None
    to: Selector | None = None
    program: Program | None = None
    pick: Selector | None = None
    raw: Any = field(default=None, compare=False)
    limit: str = ""
    address: str = ""


@dataclass(frozen=True, slots=True)
class Costs:
    """The costs of an ability, in the order they are paid: each ``(cost, amount)`` where
    the amount is an int or ``"x"``; ``x`` names what X is paid in (``""``: no X)."""

    items: tuple[tuple[str, Any], ...] = ()
    x: str = ""

    def amount(self, name: str) -> Any:
        """The amount of one cost (0 when the ability has none)."""
        for k, v in self.items:
            if k == name:
                return v
        return 0


NO_COSTS = Costs()

__all__ = ["ANY", "FRIENDLY", "ENEMY", "SIDES", "COUNTS", "Selector", "SELF", "Step",
           "Program", "EMPTY", "Trigger", "ModSpec", "Replacement", "Costs", "NO_COSTS"]


pickle_frozen_by_fields(__name__)  # compiled frozen dataclasses pickle alike
