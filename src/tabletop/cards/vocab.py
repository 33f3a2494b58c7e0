"""A game's vocabulary: the words its card data may use, and how the kernel reads its state.

A game builds one :class:`Vocabulary` (radiant-arena: ``games/radiant_arena/vocab.py``)
from small specs: object kinds, places, conditions, stats, keywords, rule words, cost
keys, event kinds (for triggers), replacement hooks, ops and costs. The kernel never
looks at a game's state itself: every question it asks goes through a function of the
vocabulary, taking the game's state (the "world") as first argument.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from tabletop.core.pickling import pickle_frozen_by_fields

from .nodes import Selector, Step

World = Any  # the game's state: the kernel only hands it back to the game's functions
Ctx = dict[str, Any]  # an effect's context (docs/cards.md §1)

# What an op (or a cost's ``pay``) returns for its step, read by ``program.run``: three
# named results (plain values, the cheapest to return and to test on the hot path). An op
# returns one of these names, never a literal, so that "fizzled" reads apart from "nothing
# to return" (issue 30); nothing else (no count: an op keeps what it counted in ``ctx``,
# as ``_last`` or a remembered name). tests/games/test_op_results.py checks the games.
Result = bool | None
RESOLVED: Final = True  # the step is done: the effect goes on with the next one
WAITING: Final = False  # not yet: a seat was asked, or the op pushed frames of its own
FIZZLED: Final = None  # the step cannot resolve (no target): the rest does not happen


@dataclass(frozen=True, slots=True)
class KindSpec:
    """A kind of object (``hero``): ``objects(world)`` lists them in a stable order
    (those a selector may reach), ``has(world, obj)`` tells whether an object is one of
    them, ``noun`` and ``plural`` name them in card text."""

    name: str
    objects: Callable[[World], Iterable[Any]]
    has: Callable[[World, Any], bool]
    noun: str
    plural: str
    doc: str = ""


@dataclass(frozen=True, slots=True)
class PlaceSpec:
    """A place word of a selector (``here``): ``test(world, obj, here)`` where ``here`` is
    the vocabulary's ``here(world, ctx)`` (computed once per evaluation); ``text`` follows
    the noun in card text (``"at this location"``)."""

    name: str
    test: Callable[[World, Any, Any], bool]
    text: str
    doc: str = ""


@dataclass(frozen=True, slots=True)
class ConditionSpec:
    """A condition of a selector's ``where`` (``damaged``): ``test(world, obj, ctx, arg)``
    (``arg``: the word after a colon, ``keyword:taunt``); ``text`` is an adjective before
    the noun (``"damaged"``) or, starting with ``" "``, a phrase after it."""

    name: str
    test: Callable[[World, Any, Ctx, str], bool]
    text: str
    doc: str = ""
    arg: str = ""  # what the argument names ("keyword", "card"); "" for none


@dataclass(frozen=True, slots=True)
class StatSpec:
    """A number an object has (``attack``, ``damage``): ``get(world, obj)``; ``modifiable``
    stats may be changed by modifiers."""

    name: str
    get: Callable[[World, Any], int]
    text: str
    modifiable: bool = False
    doc: str = ""


@dataclass(frozen=True, slots=True)
class KeywordSpec:
    """A keyword (``taunt``; ``regen`` has a value); ``grantable`` ones may be granted and
    lost by effects."""

    name: str
    text: str
    valued: bool = False
    grantable: bool = True
    doc: str = ""


@dataclass(frozen=True, slots=True)
class EventSpec:
    """A kind of game event cards may trigger on: its fields (name -> type: ``object``,
    ``seat``, ``int``, ``word``, ``card``, ``bool``), ``subject`` (the field a trigger's
    ``match`` tests by default) and ``text`` (the trigger's opening, with ``{subject}``:
    ``"After {subject} deals combat damage"``)."""

    name: str
    fields: Mapping[str, str]
    text: str
    subject: str = ""
    doc: str = ""
    example: str = ""
    # How a matched field the opening does not name reads, after it: ``{"source": "by
    # {source}"}`` ("When an enemy hero is KO'd by this hero"). A matched field without
    # one reads ", where its <field> is <value>" (never left out: the text says what the
    # data does).
    more: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class HookSpec:
    """A point where replacement effects apply (``would_take_damage``): the fields of the
    event that would happen, the forms allowed, the subject field its ``affects`` tests,
    and the opening of its text (``"If {subject} would take damage"``)."""

    name: str
    fields: Mapping[str, str]
    forms: frozenset[str]
    subject: str
    text: str
    doc: str = ""
    example: str = ""


@dataclass(frozen=True, slots=True)
class Field:
    """One field of an op: its type (see :data:`FIELD_TYPES`), whether it is required,
    its default, and for ``int`` its range, for ``word`` its choices."""

    type: str
    required: bool = False
    default: Any = None
    lo: int = 0
    hi: int = 99
    choices: frozenset[str] = frozenset()
    doc: str = ""


FIELD_TYPES = frozenset({
    "selector", "value", "int", "bool", "word", "keyword", "stat", "steps", "program",
    "duration", "condition", "event", "match", "hook", "modifier", "replacement", "card",
    "text", "options"})


@dataclass(frozen=True, slots=True)
class OpSpec:
    """An op of the game: its fields, the function that runs it
    (``run(world, step, ctx) -> Result``), its card text (``text(step, say)``: see
    cards.text), docs and an example. ``target`` names the field holding its targets
    (a selector) and ``implied`` the conditions its targets must meet (a hero to commit
    is ready), so the kernel can tell whether the step can resolve."""

    name: str
    fields: Mapping[str, Field]
    run: Callable[[World, Step, Ctx], Result]
    text: Callable[[Step, Any], str]
    doc: str
    example: str
    target: str = "target"
    implied: tuple[str, ...] = ()
    possible: Callable[[World, Step, Ctx], bool] | None = None
    internal: bool = False  # a rules op: not for card files
    # A step whose result the next condition reads (a roll): its clause and a following
    # ``if`` read as one sentence, "roll a die: if you roll the symbol, ..." (cards.text).
    colon: bool = False


class OpTable:
    """A game's ops, each declared once where its function is written (issue 30: "a new
    effect type takes one edit"): ``OPS.add(name, run, fields, text, doc, example)`` right
    after the function; the vocabulary takes ``OPS.specs``, the kernel finds the function
    there."""

    def __init__(self) -> None:
        self.specs: dict[str, OpSpec] = {}

    def add(self, name: str, run: Callable[[World, Step, Ctx], Result],
            fields: Mapping[str, Field], text: Callable[[Step, Any], str], doc: str,
            example: str, *, target: str = "target", implied: tuple[str, ...] = (),
            possible: Callable[[World, Step, Ctx], bool] | None = None,
            internal: bool = False, colon: bool = False) -> None:
        """Declare the op ``name`` (see :class:`OpSpec`); a name declared twice is a
        mistake of the game's code."""
        if name in self.specs:
            raise ValueError(f"op {name!r} is declared twice")
        self.specs[name] = OpSpec(name, fields, run, text, doc, example, target, implied,
                                  possible, internal, colon)


@dataclass(frozen=True, slots=True)
class CostSpec:
    """A cost an ability may declare (``power``): ``can(world, ctx, amount)``,
    ``pay(world, ctx, amount) -> Result`` (False: it asked a question), its text and
    the range of its amount (``kind``: ``int`` or ``bool``)."""

    name: str
    can: Callable[[World, Ctx, int], bool]
    pay: Callable[[World, Ctx, int], Result]
    text: Callable[[int | str], str]
    kind: str = "int"
    lo: int = 0
    hi: int = 99
    x: bool = False  # may be "x"
    doc: str = ""
    example: str = ""


DURATIONS = {
    "combat": "until the end of the combat",
    "turn": "until the end of the turn",
    "next_turn": "until the start of your next turn",
    "source": "while its source is in play",
    "permanent": "for the rest of the game",
}


@dataclass
class Vocabulary:
    """Everything a game's card data may say, and how to read the game's state.

    Accessors (each takes the world first): ``owner(world, obj)`` the seat controlling
    an object (None: no one), ``place(world, obj)`` where it is (None: not on the board),
    ``ask(world, kind, seat, options)`` to ask a seat a question (the answer comes back
    in ``ctx["answer"]``), ``random(world, n)`` a number below n from the game's seeded
    chance, ``default_duration(world, ctx)`` the duration of a timed effect that names
    none (radiant-arena: the combat during a combat, else the turn), ``here(world, ctx)``
    where "this location" is (the places' tests compare with it), and optionally
    ``fast(world, selector, ctx, implied, first)``, the game's quicker answer for the
    selectors it knows well (:func:`tabletop.cards.select.candidates` asks it first).
    """

    game: str
    kinds: dict[str, KindSpec]
    default_kinds: tuple[str, ...]
    places: dict[str, PlaceSpec]
    conditions: dict[str, ConditionSpec]
    stats: dict[str, StatSpec]
    keywords: dict[str, KeywordSpec]
    events: dict[str, EventSpec]
    hooks: dict[str, HookSpec]
    ops: dict[str, OpSpec]
    costs: dict[str, CostSpec]
    owner: Callable[[World, Any], int | None]
    place: Callable[[World, Any], int | None]
    ask: Callable[[World, str, int, tuple[Any, ...]], None]
    random: Callable[[World, int], int]
    rules: dict[str, str] = field(default_factory=dict)
    cost_keys: dict[str, str] = field(default_factory=dict)
    durations: dict[str, str] = field(default_factory=lambda: dict(DURATIONS))
    selectors: dict[str, Any] = field(default_factory=dict)  # name -> raw table
    default_duration: Callable[[World, Ctx], str] = lambda w, ctx: "turn"
    here: Callable[[World, Ctx], Any] = lambda w, ctx: ctx.get("lane")
    # Optional: the symbols a random result (a die's face) may show, in their reading
    # order, with their words ("strike": "the symbol"); count modifiers ("count also as",
    # "count instead as") name them (docs/cards.md §5).
    symbols: dict[str, str] = field(default_factory=dict)
    # Optional: the game's own evaluation of the selectors it can answer faster than the
    # general one (its commonest: units by side, place and conditions), returning the
    # same list, or None to leave a selector to the kernel. A test of the game must show
    # both agree (radiant-arena: tests/games/radiant_arena/test_card_language.py).
    fast: Callable[[World, Selector, Ctx, tuple[str, ...], bool], list[Any] | None] | \
        None = None
    # Optional: a player's zones whose size a value may read (``{ cards = "hand" }``,
    # "the number of cards in your hand"): zone -> (count(world, seat), its words with
    # {their}: "{their} hand").
    zones: dict[str, tuple[Callable[[World, int], int], str]] = field(default_factory=dict)
    named: dict[str, Selector] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        from .compile import Compiler

        compiler = Compiler(self)
        for name, raw in self.selectors.items():
            sel = compiler.selector(raw, f"vocabulary selector {name}", named=False)
            self.named[name] = Selector(sel.ref, sel.side, sel.place, sel.kinds, sel.where,
                                        sel.exclude, sel.count, sel.n, name, name)
        compiler.raise_problems()


__all__ = ["World", "Ctx", "Result", "RESOLVED", "WAITING", "FIZZLED", "KindSpec", "PlaceSpec",
           "ConditionSpec", "StatSpec", "KeywordSpec", "EventSpec", "HookSpec", "Field",
           "FIELD_TYPES", "OpSpec", "CostSpec", "DURATIONS", "Vocabulary"]


pickle_frozen_by_fields(__name__)  # compiled frozen dataclasses pickle alike
