"""The rules kernel for card effects (docs/cards.md), between the core and the games.

A game declares its words in a :class:`Vocabulary` (its object kinds, places, conditions,
stats, keywords, event kinds, replacement hooks, ops and costs); a :class:`Compiler`
turns card data into immutable nodes (selectors, values, conditions, programs, triggers,
modifiers, replacements, costs), reporting every problem at once; and small functions
evaluate them against the game's state: :mod:`.select` (selectors, values, conditions),
:mod:`.program` (effect frames, one step at a time), :mod:`.modifiers` (the store of
continuous effects and their layers), :mod:`.triggers` (matching events, delayed
triggers, the queue), :mod:`.replace` (replacement and prevention), :mod:`.costs` and
:mod:`.text` (the card text generated from the data).

It imports only :mod:`tabletop.core`; everything it leaves in a State is plain data.
"""

from .compile import Compiler
from .costs import can_pay, with_costs, x_values
from .modifiers import CLASH, ITEMS, PRINTED, SET_ZERO, STATIC, TIMED, Modifier
from .nodes import (
    ANY,
    EMPTY,
    ENEMY,
    FRIENDLY,
    NO_COSTS,
    SELF,
    Costs,
    ModSpec,
    Program,
    Replacement,
    Selector,
    Step,
    Trigger,
)
from .program import Frame, Status, possible, run
from .select import ASKED, DONE, amount, candidates, choose, holds, matches, source, value
from .triggers import Delayed, Pending, Source, collect, collect_delayed, order
from .vocab import (
    FIZZLED,
    RESOLVED,
    WAITING,
    ConditionSpec,
    CostSpec,
    EventSpec,
    Field,
    HookSpec,
    KeywordSpec,
    KindSpec,
    OpSpec,
    OpTable,
    PlaceSpec,
    Result,
    StatSpec,
    Vocabulary,
)

__all__ = [
    "ANY", "ASKED", "CLASH", "DONE", "EMPTY", "ENEMY", "FIZZLED", "FRIENDLY", "ITEMS",
    "NO_COSTS", "PRINTED", "RESOLVED", "SELF", "SET_ZERO", "STATIC", "TIMED", "WAITING",
    "Compiler", "ConditionSpec",
    "CostSpec", "Costs", "Delayed", "EventSpec", "Field", "Frame", "HookSpec",
    "KeywordSpec", "KindSpec", "ModSpec", "Modifier", "OpSpec", "OpTable", "Pending", "PlaceSpec",
    "Program", "Replacement", "Result", "Selector", "Source", "StatSpec", "Status", "Step",
    "Trigger", "Vocabulary", "amount", "can_pay", "candidates", "choose", "collect",
    "collect_delayed", "matches", "order", "possible", "run", "holds", "source", "value",
    "with_costs", "x_values",
]
