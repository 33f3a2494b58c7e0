"""Compiling card data into the kernel's immutable nodes, with every error reported.

A :class:`Compiler` reads the values of a parsed card file (TOML: real types) against a
game's :class:`~tabletop.cards.vocab.Vocabulary`. It is strict: an integer is not ``"3"``,
``3.0`` or ``true``; a boolean is not ``1``; every word must be one the game knows; every
field must belong to its op; required fields must be there. It does not stop at the first
problem: each is recorded with where it is (``file: card: field``) and
:meth:`Compiler.raise_problems` reports them all at once as one ``CardDataError``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core.datafile import raise_problems

from .nodes import (
    COUNTS,
    SELF,
    SIDES,
    Costs,
    ModSpec,
    Program,
    Replacement,
    Selector,
    Step,
    Trigger,
)

if TYPE_CHECKING:
    from .vocab import Field, Vocabulary

SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
MAX_VALUE = 99
MAX_DEPTH = 8  # values, conditions and nested effects inside each other
MAX_STEPS = 64  # steps in one compiled program
COMPARE = frozenset({"<", "<=", "==", "!=", ">=", ">"})
STEP_KEYS = frozenset({"op", "if", "else", "as", "may"})
SELECTOR_KEYS = frozenset({"side", "place", "kind", "where", "exclude", "count", "up_to",
                           "random", "ref", "event", "at"})
MOD_KEYS = frozenset({"stat", "keyword", "lose", "rule", "cost", "count", "also", "instead",
                      "add", "set", "value", "affects", "if"})
ARITH = ("add", "sub", "mul", "div", "min", "max")
# A replacement's limits: once a turn, once a game (per card), or the next time only.
LIMITS = frozenset({"turn", "game", "once"})


def short(value: Any) -> str:
    """A value from a card file, quoted briefly in an error message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def is_int(value: Any) -> bool:
    """An integer that is not a boolean (TOML: ``true`` is not 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


class Compiler:
    """Turns card data into nodes for one vocabulary, collecting every problem."""

    def __init__(self, vocab: Vocabulary) -> None:
        self.vocab = vocab
        self.problems: list[str] = []
        self.refs: list[tuple[str, str]] = []  # (where, card id) for the game to resolve
        # A game's last touch to every replacement compiled (its own bookkeeping steps).
        self.finish_replacement: Callable[[Replacement], Replacement] = lambda r: r

    # --- problems -------------------------------------------------------------------

    def problem(self, where: str, message: str) -> None:
        """Record one problem (``where``: file, card and field)."""
        self.problems.append(f"{where}: {message}")

    def raise_problems(self) -> None:
        """Raise one ``CardDataError`` listing every problem recorded (if any)."""
        raise_problems(self.problems)

    # --- scalars ----------------------------------------------------------------------

    def integer(self, raw: Any, where: str, lo: int = 0, hi: int = MAX_VALUE) -> int:
        """An integer from ``lo`` to ``hi``."""
        if not is_int(raw) or not lo <= raw <= hi:
            self.problem(where, f"must be an integer from {lo} to {hi}, not {short(raw)}")
            return lo
        return int(raw)

    def boolean(self, raw: Any, where: str) -> bool:
        """``true`` or ``false``."""
        if not isinstance(raw, bool):
            self.problem(where, f"must be true or false, not {short(raw)}")
            return False
        return raw

    def word(self, raw: Any, where: str, choices: Mapping[str, Any] | frozenset[str],
             what: str = "word") -> str:
        """One of ``choices``."""
        if not isinstance(raw, str) or raw not in choices:
            options = ", ".join(sorted(choices)) if len(choices) <= 24 else \
                f"{len(choices)} words"
            self.problem(where, f"unknown {what} {short(raw)} (one of {options})")
            return ""
        return raw

    def words(self, raw: Any, where: str) -> list[Any]:
        """A list (one string is read as a list of one)."""
        if isinstance(raw, str):
            return [raw]
        if not isinstance(raw, list):
            self.problem(where, f"must be a list, not {short(raw)}")
            return []
        return raw

    def table(self, raw: Any, where: str, keys: frozenset[str] | None = None) -> dict[str, Any]:
        """A table whose keys are all in ``keys`` (when given)."""
        if not isinstance(raw, dict):
            self.problem(where, f"must be a table, not {short(raw)}")
            return {}
        if keys is not None:
            for k in raw:
                if k not in keys:
                    self.problem(where, f"unknown key {short(k)} (keys: "
                                 f"{', '.join(sorted(keys))})")
        return raw

    def card(self, raw: Any, where: str) -> str:
        """A card id (a slug); whether it exists is for the game to check (``refs``)."""
        if not isinstance(raw, str) or not SLUG.match(raw) or len(raw) > 40:
            self.problem(where, f"must be a card id (a lowercase slug), not {short(raw)}")
            return ""
        self.refs.append((where, raw))
        return raw

    def memory(self, raw: Any, where: str) -> str:
        """A remembered name written ``$name`` (or ``name`` after ``as``)."""
        if isinstance(raw, str) and raw.startswith("$"):
            raw = raw[1:]
        if not isinstance(raw, str) or not NAME.match(raw) or len(raw) > 24:
            self.problem(where, f"a remembered name is letters, digits and _ (not "
                         f"{short(raw)})")
            return "$_"
        return "$" + raw

    # --- selectors ----------------------------------------------------------------------

    def selector(self, raw: Any, where: str, named: bool = True) -> Selector:
        """A selector: a named one, ``self``, ``$name`` (targets remembered), or a table
        of side, place, kind, where, exclude and count (docs/cards.md §3)."""
        v = self.vocab
        if isinstance(raw, str):
            if raw == "self":
                return SELF
            if raw.startswith("$"):
                name = self.memory(raw, where)
                return Selector(ref=name, count="each", name=name, raw=raw)
            if named and raw in v.named:
                return v.named[raw]
            options = ["self", "$name", *sorted(v.named)] if named else ["self", "$name"]
            self.problem(where, f"unknown target {short(raw)} (a table, or one of "
                         f"{', '.join(options)})")
            return SELF
        t = self.table(raw, where, SELECTOR_KEYS)
        if not t and not isinstance(raw, dict):
            return SELF
        ref = ""
        if "ref" in t:
            ref = self.memory(t["ref"], f"{where}.ref")
        if "event" in t:  # the object of a field of the triggering event
            if ref:
                self.problem(where, "give one of ref and event")
            ref = "event:" + self._event_field(t["event"], f"{where}.event")
        at = self._event_field(t["at"], f"{where}.at") if "at" in t else ""
        side = SIDES[self.word(t.get("side", "any"), f"{where}.side", SIDES) or "any"]
        place = ""
        if "place" in t:
            place = self.word(t["place"], f"{where}.place", v.places, "place")
        kinds = tuple(self.word(k, f"{where}.kind", v.kinds, "kind")
                      for k in self.words(t.get("kind", []), f"{where}.kind"))
        where_ = tuple(self._condition_word(c, f"{where}.where")
                       for c in self.words(t.get("where", []), f"{where}.where"))
        exclude = []
        for x in self.words(t.get("exclude", []), f"{where}.exclude"):
            if x == "self":
                exclude.append("self")
            else:
                exclude.append(self.memory(x, f"{where}.exclude"))
        count, n = "one", 1
        given = [k for k in ("count", "up_to", "random") if k in t]
        if len(given) > 1:
            self.problem(where, "give one of count, up_to and random")
        if "count" in t:
            count = self.word(t["count"], f"{where}.count", frozenset(("one", "each")),
                              "count") or "one"
        elif "up_to" in t:
            count, n = "up_to", self.integer(t["up_to"], f"{where}.up_to", 1, 9)
        elif "random" in t:
            count, n = "random", self.integer(t["random"], f"{where}.random", 1, 9)
        assert count in COUNTS
        if at and not place:
            if "here" in v.places:
                place = "here"  # "at that conduit's location": the same place as it
            else:
                self.problem(f"{where}.at", "at needs a place word")
        return Selector(ref, side, place, tuple(k for k in kinds if k), where_,
                        tuple(exclude), count, n, "", raw, at)

    def _event_field(self, raw: Any, where: str) -> str:
        """The name of an event's field (which event is known only where it is used: a
        field it lacks reads as nothing)."""
        if not isinstance(raw, str) or not NAME.match(raw) or len(raw) > 24:
            self.problem(where, f"an event's field is a name, not {short(raw)}")
            return ""
        return raw

    def _condition_word(self, raw: Any, where: str) -> tuple[str, bool, str]:
        """``damaged``, ``not:damaged``, ``keyword:taunt``, ``not:keyword:taunt``."""
        if not isinstance(raw, str):
            self.problem(where, f"a condition is a word, not {short(raw)}")
            return ("", False, "")
        negated = raw.startswith("not:")
        body = raw[4:] if negated else raw
        name, _, arg = body.partition(":")
        spec = self.vocab.conditions.get(name)
        if spec is None:
            self.problem(where, f"unknown condition {short(raw)} (one of "
                         f"{', '.join(sorted(self.vocab.conditions))}; not:<condition>)")
            return ("", False, "")
        if bool(spec.arg) != bool(arg):
            self.problem(where, f"{name} takes {'a' if spec.arg else 'no'} argument"
                         + (f" ({name}:<{spec.arg}>)" if spec.arg else ""))
        if spec.arg == "card" and arg:
            self.card(arg, where)
        if spec.arg == "keyword" and arg and arg not in self.vocab.keywords:
            self.problem(where, f"unknown keyword {short(arg)}")
        return (name, negated, arg)

    # --- values and conditions ---------------------------------------------------------

    def value(self, raw: Any, where: str, lo: int = 0, hi: int = MAX_VALUE,
              depth: int = 0) -> Any:
        """A value: an integer in range, ``"x"``, or a table (docs/cards.md §4)."""
        if depth > MAX_DEPTH:
            self.problem(where, f"nested more than {MAX_DEPTH} deep")
            return 0
        if is_int(raw):
            return self.integer(raw, where, lo, hi)
        if raw == "x":
            return ("x",)
        if not isinstance(raw, dict) or len(raw) not in (1, 2):
            self.problem(where, f"must be an integer from {lo} to {hi}, \"x\" or a value "
                         f"table, not {short(raw)}")
            return 0
        keys = set(raw)
        if keys == {"count"}:
            return ("count", self.selector(raw["count"], f"{where}.count"))
        if keys == {"stat", "of"}:
            stat = self.word(raw["stat"], f"{where}.stat", self.vocab.stats, "stat")
            return ("stat", stat, self.selector(raw["of"], f"{where}.of"))
        if "cards" in keys and keys <= {"cards", "who"}:  # "the cards in your hand"
            zone = self.word(raw["cards"], f"{where}.cards", self.vocab.zones, "zone")
            who = self.word(raw.get("who", "self"), f"{where}.who",
                            frozenset(("self", "opponent")), "player")
            return ("cards", zone, who)
        if keys == {"event"}:
            name = raw["event"]
            if not isinstance(name, str) or not NAME.match(name):
                self.problem(where, f"event names a field of the event, not {short(name)}")
            return ("event", name)
        op = next((k for k in ARITH if k in keys), "")
        extra = keys - {op, "round"}
        if not op or extra or ("round" in keys and op != "div"):
            self.problem(where, f"unknown value table with keys {sorted(keys)} (count; "
                         "stat and of; event; cards and who; add, sub, mul, min, max; div "
                         "and round)")
            return 0
        args = raw[op]
        if not isinstance(args, list) or len(args) < 2 or (op in ("sub", "div", "mul")
                                                            and len(args) != 2):
            size = "two" if op in ("sub", "div", "mul") else "two or more"
            self.problem(where, f"{op} takes a list of {size} values")
            return 0
        parts = tuple(self.value(a, f"{where}.{op}[{i}]", -MAX_VALUE, MAX_VALUE, depth + 1)
                      for i, a in enumerate(args))
        if op == "div":
            up = self.word(raw.get("round", "down"), f"{where}.round",
                           frozenset(("up", "down")), "rounding") == "up"
            if parts[1] == 0:
                self.problem(f"{where}.div[1]", "cannot divide by 0")
            return ("div", parts[0], parts[1], up)
        return (op, parts)

    def condition(self, raw: Any, where: str, depth: int = 0) -> Any:
        """A condition (docs/cards.md §4)."""
        if depth > MAX_DEPTH:
            self.problem(where, f"nested more than {MAX_DEPTH} deep")
            return ("all", ())
        if not isinstance(raw, dict) or len(raw) != 1:
            self.problem(where, "a condition is a table with one key (exists, none, "
                         f"compare, self, all, any, not), not {short(raw)}")
            return ("all", ())
        (key, arg), = raw.items()
        if key in ("exists", "none"):
            return (key, self.selector(arg, f"{where}.{key}"))
        if key == "self":
            return ("self", tuple(self._condition_word(c, f"{where}.self")
                                  for c in self.words(arg, f"{where}.self")))
        if key == "compare":
            if not isinstance(arg, list) or len(arg) != 3 or arg[1] not in COMPARE:
                self.problem(where, "compare is [value, \"<op>\", value] with <op> one of "
                             f"{' '.join(sorted(COMPARE))}")
                return ("all", ())
            return ("cmp", self.value(arg[0], f"{where}.compare[0]", -99, 99, depth + 1),
                    arg[1], self.value(arg[2], f"{where}.compare[2]", -99, 99, depth + 1))
        if key in ("all", "any"):
            items = arg if isinstance(arg, list) else []
            if not isinstance(arg, list) or not arg:
                self.problem(where, f"{key} takes a list of conditions")
            return (key, tuple(self.condition(c, f"{where}.{key}[{i}]", depth + 1)
                               for i, c in enumerate(items)))
        if key == "not":
            return ("not", self.condition(arg, f"{where}.not", depth + 1))
        self.problem(where, f"unknown condition {short(key)} (exists, none, compare, self, "
                     "all, any, not)")
        return ("all", ())

    # --- effects ------------------------------------------------------------------------

    def program(self, raw: Any, where: str, address: str) -> Program:
        """An effect list, compiled into a flat program (docs/cards.md §2)."""
        if not isinstance(raw, list):
            self.problem(where, f"must be a list of effects, not {short(raw)}")
            return Program(address, ())
        out: list[Step] = []
        tree = self._steps(raw, where, address, out, 0)
        if len(out) > MAX_STEPS:
            self.problem(where, f"{len(out)} steps; at most {MAX_STEPS}")
        return Program(address, tuple(out), tuple(raw), tree, self._lead(out))

    def _lead(self, steps: list[Step]) -> tuple[Any, tuple[str, ...]] | None:
        """What the first step needs to resolve, when it is a plain op whose op has no
        check of its own (so legal actions test it without reading the step)."""
        if not steps or steps[0].op.startswith("_"):
            return None
        spec = self.vocab.ops[steps[0].op]
        if spec.possible is not None:
            return None
        sel = steps[0].f.get(spec.target) if spec.target else None
        return (sel if isinstance(sel, Selector) else None, spec.implied)

    def _steps(self, raw: list[Any], where: str, address: str, out: list[Step],
               depth: int) -> tuple[Any, ...]:
        if depth > MAX_DEPTH:
            self.problem(where, f"effects nested more than {MAX_DEPTH} deep")
            return ()
        tree: list[Any] = []
        for i, item in enumerate(raw):
            node = self._step(item, f"{where}[{i}]", address, out, depth)
            if node is not None:
                tree.append(node)
        return tuple(tree)

    def _step(self, raw: Any, where: str, address: str, out: list[Step],
              depth: int) -> Any:
        t = self.table(raw, where)
        if not t:
            if isinstance(raw, dict):
                self.problem(where, "an effect needs an op")
            return None
        op = t.get("op")
        if not isinstance(op, str) or (op not in self.vocab.ops and op not in ("choose", "if")) \
                or (op in self.vocab.ops and self.vocab.ops[op].internal):
            ops = sorted([*(o for o, s in self.vocab.ops.items() if not s.internal),
                          "choose", "if"])
            self.problem(where, f"unknown op {short(op)} (ops: {', '.join(ops)})")
            return None
        cond = self.condition(t["if"], f"{where}.if", depth) if "if" in t else None
        orelse = t.get("else")
        if orelse is not None and cond is None:
            self.problem(f"{where}.else", "else needs an if")
            orelse = None
        if orelse is not None and not isinstance(orelse, list):
            self.problem(f"{where}.else", "must be a list of effects")
            orelse = None
        may = False
        if "may" in t:
            may = self.boolean(t["may"], f"{where}.may")
            if may and op in ("choose", "if"):
                self.problem(f"{where}.may", "may belongs to a step of an op (a choice is "
                             "already one)")
                may = False
        start = len(out)
        if cond is not None:
            out.append(Step("_if"))  # filled in below, once the jump is known
        ask = len(out)
        if may:
            out.append(Step("_may"))  # "you may": its jump skips the step (set below)
        body = self._body(t, str(op), where, address, out, depth)
        if may:
            out[ask] = Step("_may", jump=len(out), raw=True)
            body = ("may", (body,))
        if cond is None:
            return body
        otherwise: tuple[Any, ...] = ()
        if orelse:
            goto = len(out)
            out.append(Step("_goto"))
            alt = len(out)
            otherwise = self._steps(orelse, f"{where}.else", address, out, depth + 1)
            out[goto] = Step("_goto", jump=len(out))
            out[start] = Step("_if", cond=cond, jump=alt, raw=t.get("if"))
        else:
            out[start] = Step("_if", cond=cond, jump=len(out), raw=t.get("if"))
        then = body[2] if body[0] == "if" and body[1] is None else (body,)
        return ("if", cond, then, otherwise)

    def _body(self, t: dict[str, Any], op: str, where: str, address: str, out: list[Step],
              depth: int) -> Any:
        if op == "if":
            for k in t:
                if k not in ("op", "if", "then", "else"):
                    self.problem(where, f"op 'if' has no field {short(k)}")
            if "if" not in t:
                self.problem(where, "op 'if' needs an if (a condition)")
            then = t.get("then", [])
            if not isinstance(then, list):
                self.problem(f"{where}.then", "must be a list of effects")
                then = []
            return ("if", None, self._steps(then, f"{where}.then", address, out, depth + 1), ())
        if op == "choose":
            return self._choose(t, where, address, out, depth)
        spec = self.vocab.ops[op]
        fields: dict[str, Any] = {}
        # An op may declare a field named ``as`` ("count also as"); elsewhere ``as``
        # remembers the step's targets.
        own_as = "as" in spec.fields
        for k, v in t.items():
            if k in STEP_KEYS and not (k == "as" and own_as):
                continue
            f = spec.fields.get(k)
            if f is None:
                self.problem(where, f"op {op!r} has no field {short(k)} (fields: "
                             f"{', '.join(sorted(spec.fields)) or 'none'})")
                continue
            fields[k] = self.field(f, v, f"{where}.{k}", f"{address}/{len(out)}.{k}", t)
        for k, f in spec.fields.items():
            if k not in fields:
                if f.required:
                    self.problem(where, f"op {op!r} needs {k}")
                    continue
                if f.default is not None:
                    fields[k] = self.field(f, f.default, f"{where}.{k}",
                                           f"{address}/{len(out)}.{k}", t)
        remember = self.memory(t["as"], f"{where}.as") if "as" in t and not own_as else ""
        step = Step(op, fields, remember, raw=t)
        out.append(step)
        return ("step", step)

    def _choose(self, t: dict[str, Any], where: str, address: str, out: list[Step],
                depth: int) -> Any:
        for k in t:
            if k not in ("op", "options", "if", "else"):
                self.problem(where, f"op 'choose' has no field {short(k)}")
        options = t.get("options")
        if not isinstance(options, list) or len(options) < 2:
            self.problem(f"{where}.options", "choose needs a list of two or more options")
            return ("choose", ())
        at = len(out)
        tree: list[tuple[str, Any]] = []
        out.append(Step("_choose"))
        ends: list[int] = []
        starts: list[tuple[str, int]] = []
        for i, opt in enumerate(options):
            w = f"{where}.options[{i}]"
            o = self.table(opt, w, frozenset({"id", "effects"}))
            oid = o.get("id")
            if not isinstance(oid, str) or not SLUG.match(oid) or len(oid) > 24:
                self.problem(f"{w}.id", f"an option's id is a slug, not {short(oid)}")
                oid = f"option-{i + 1}"
            if any(oid == s for s, _ in starts):
                self.problem(f"{w}.id", f"two options named {oid!r}")
            starts.append((oid, len(out)))
            effects = o.get("effects", [])
            if not isinstance(effects, list) or not effects:
                self.problem(f"{w}.effects", "an option needs a list of effects")
                effects = []
            tree.append((oid, self._steps(effects, f"{w}.effects", address, out, depth + 1)))
            ends.append(len(out))
            out.append(Step("_goto"))
        end = len(out)
        for e in ends:
            out[e] = Step("_goto", jump=end)
        out[at] = Step("_choose", options=tuple(starts), raw=t)
        return ("choose", tuple(tree))

    def field(self, f: Field, raw: Any, where: str, address: str,
              step: Mapping[str, Any]) -> Any:
        """One field of an op, by its type (vocab.FIELD_TYPES)."""
        kind = f.type
        v = self.vocab
        if kind == "selector":
            return self.selector(raw, where)
        if kind == "value":
            return self.value(raw, where, f.lo, f.hi)
        if kind == "int":
            return self.integer(raw, where, f.lo, f.hi)
        if kind == "bool":
            return self.boolean(raw, where)
        if kind == "word":
            return self.word(raw, where, f.choices)
        if kind == "keyword":
            grantable = frozenset(k for k, s in v.keywords.items() if s.grantable)
            return self.word(raw, where, grantable, "keyword")
        if kind == "stat":
            stats = frozenset(k for k, s in v.stats.items() if s.modifiable)
            return self.word(raw, where, f.choices or stats, "stat")
        if kind in ("program", "steps"):
            return self.program(raw, where, address)
        if kind == "duration":
            return self.word(raw, where, v.durations, "duration")
        if kind == "condition":
            return self.condition(raw, where)
        if kind == "event":
            return self.word(raw, where, v.events, "event kind")
        if kind == "hook":
            return self.word(raw, where, v.hooks, "hook")
        if kind == "match":
            on = step.get("on")
            return self.match(raw, where, on if isinstance(on, str) else "")
        if kind == "modifier":
            return self.modifier(raw, where)
        if kind == "replacement":
            return self.replacement(raw, where, address)
        if kind == "card":
            return self.card(raw, where)
        if kind == "text":
            if not isinstance(raw, str) or len(raw) > 200:
                self.problem(where, f"must be a short text, not {short(raw)}")
                return ""
            return raw
        self.problem(where, f"field of unknown type {kind!r}")  # a vocabulary's mistake
        return None

    # --- abilities ------------------------------------------------------------------------

    def match(self, raw: Any, where: str, on: str) -> tuple[tuple[str, Any], ...]:
        """A trigger's match on the fields of its event: an object field takes a selector,
        a seat field a side (``friendly``, ``enemy``), others a literal or a list."""
        spec = self.vocab.events.get(on)
        t = self.table(raw, where)
        if spec is None:
            return ()
        out: list[tuple[str, Any]] = []
        for k, value in t.items():
            kind = spec.fields.get(k)
            w = f"{where}.{k}"
            if kind is None:
                self.problem(w, f"event {on!r} has no field {short(k)} (fields: "
                             f"{', '.join(spec.fields)})")
                continue
            if kind == "object":
                out.append((k, self.selector(value, w)))
            elif kind == "seat":
                out.append((k, SIDES[self.word(value, w, frozenset(("friendly", "enemy")),
                                                "side") or "any"]))
            elif kind == "bool":
                out.append((k, self.boolean(value, w)))
            elif kind == "int":
                out.append((k, self.integer(value, w, 0, 999)))
            else:
                items = self.words(value, w)
                if not all(isinstance(i, str) and SLUG.match(i) for i in items):
                    self.problem(w, f"must be a word or a list of words, not {short(value)}")
                out.append((k, frozenset(i for i in items if isinstance(i, str))))
        return tuple(out)

    def trigger(self, raw: Any, where: str, address: str) -> Trigger:
        """A triggered ability: ``on``, ``match``, ``if``, ``effects``, ``limit``."""
        t = self.table(raw, where, frozenset({"on", "match", "if", "effects", "limit"}))
        on = self.word(t.get("on"), f"{where}.on", self.vocab.events, "event kind")
        spec = self.vocab.events.get(on)
        match = self.match(t.get("match", {}), f"{where}.match", on)
        if spec is not None and spec.subject and "match" not in t:
            # "After this hero ...": by default the event's subject is the source itself.
            match = ((spec.subject, SELF),)
        cond = self.condition(t["if"], f"{where}.if") if "if" in t else None
        if "effects" not in t:
            self.problem(where, "a trigger needs effects")
        program = self.program(t.get("effects", []), f"{where}.effects", address)
        limit = ""
        if "limit" in t:
            limit = self.word(t["limit"], f"{where}.limit", frozenset(("turn", "game")),
                              "limit")
        return Trigger(on, match, cond, program, limit, raw)

    def modifier(self, raw: Any, where: str) -> ModSpec:
        """A continuous effect: what it changes (stat, keyword, lose, rule, cost, count),
        how (add, set, value; also or instead), which objects (affects) and while what
        holds (if)."""
        v = self.vocab
        t = self.table(raw, where, MOD_KEYS)
        what = [k for k in ("stat", "keyword", "lose", "rule", "cost", "count") if k in t]
        if len(what) != 1:
            self.problem(where, "a modifier changes one of stat, keyword, lose, rule, cost, "
                         "count")
            return ModSpec("rule", "", "grant", 0)
        kind = what[0]
        affects = self.selector(t["affects"], f"{where}.affects") if "affects" in t else SELF
        cond = self.condition(t["if"], f"{where}.if") if "if" in t else None
        if kind == "count":
            return self._count(t, where, affects, cond, raw)
        for k in ("also", "instead"):
            if k in t:
                self.problem(f"{where}.{k}", "also and instead belong to a count modifier")
        w = f"{where}.{kind}"
        if kind == "stat":
            stats = frozenset(k for k, s in v.stats.items() if s.modifiable)
            key = self.word(t["stat"], w, stats, "stat")
            ops = [k for k in ("add", "set") if k in t]
            if len(ops) != 1 or "value" in t:
                self.problem(where, "a stat modifier has add or set")
                return ModSpec("stat", key, "add", 0, affects, cond, raw)
            op = ops[0]
            value = self.value(t[op], f"{where}.{op}", -MAX_VALUE if op == "add" else 0,
                               MAX_VALUE)
            return ModSpec("stat", key, op, value, affects, cond, raw)
        if kind in ("keyword", "lose"):
            grantable = frozenset(k for k, s in v.keywords.items() if s.grantable)
            key = self.word(t[kind], w, grantable, "keyword")
            if "add" in t or "set" in t:
                self.problem(where, "a keyword modifier has no add or set (value: a "
                             "keyword's number)")
            valued = key in v.keywords and v.keywords[key].valued
            if "value" in t and not valued:
                self.problem(f"{where}.value", f"{key} has no value")
            value = self.value(t.get("value", 1), f"{where}.value", 1) if kind == \
                "keyword" else 0
            return ModSpec("keyword", key, "grant" if kind == "keyword" else "lose", value,
                           affects, cond, raw)
        if kind == "rule":
            key = self.word(t["rule"], w, v.rules, "rule")
            for k in ("add", "set", "value"):
                if k in t:
                    self.problem(f"{where}.{k}", "a rule has no amount")
            return ModSpec("rule", key, "grant", 1, affects, cond, raw)
        key = self.word(t["cost"], w, v.cost_keys, "cost")
        if "add" not in t or "set" in t or "value" in t:
            self.problem(where, "a cost modifier has add (a negative number lowers it)")
            return ModSpec("cost", key, "add", 0, affects, cond, raw)
        return ModSpec("cost", key, "add", self.value(t["add"], f"{where}.add", -MAX_VALUE),
                       affects, cond, raw)

    def _count(self, t: dict[str, Any], where: str, affects: Selector, cond: Any,
               raw: Any) -> ModSpec:
        """"Count also as" / "count instead as": ``count`` a result (a symbol of the
        vocabulary), ``also`` or ``instead`` the symbol it counts as."""
        symbols = self.vocab.symbols
        key = self.word(t["count"], f"{where}.count", symbols, "symbol")
        modes = [k for k in ("also", "instead") if k in t]
        if len(modes) != 1 or any(k in t for k in ("add", "set", "value")):
            self.problem(where, "a count modifier has also or instead (the symbol it counts "
                         "as), and no amount")
            return ModSpec("count", key, "also", key, affects, cond, raw)
        mode = modes[0]
        to = self.word(t[mode], f"{where}.{mode}", symbols, "symbol")
        if to and to == key:
            self.problem(f"{where}.{mode}", f"{key} already counts as itself")
        return ModSpec("count", key, mode, to, affects, cond, raw)

    def replacement(self, raw: Any, where: str, address: str) -> Replacement:
        """A replacement effect: ``hook``, ``affects``, ``if``, one form (``prevent``,
        ``reduce``, ``redirect`` with ``to`` and ``part``, ``instead``) and ``pick``."""
        t = self.table(raw, where, frozenset({"hook", "affects", "if", "prevent", "reduce",
                                               "redirect", "instead", "pick", "limit"}))
        limit = self.word(t["limit"], f"{where}.limit", LIMITS, "limit") if "limit" in t \
            else ""
        hook = self.word(t.get("hook"), f"{where}.hook", self.vocab.hooks, "hook")
        spec = self.vocab.hooks.get(hook)
        affects = self.selector(t["affects"], f"{where}.affects") if "affects" in t else SELF
        cond = self.condition(t["if"], f"{where}.if") if "if" in t else None
        forms = [k for k in ("prevent", "reduce", "redirect", "instead") if k in t]
        if len(forms) != 1:
            self.problem(where, "a replacement has one of prevent, reduce, redirect, instead")
            return Replacement(hook, "prevent", affects, cond, raw=raw, limit=limit,
                               address=address)
        form = forms[0]
        if spec is not None and form not in spec.forms:
            self.problem(f"{where}.{form}", f"{hook} allows {', '.join(sorted(spec.forms))}")
        pick = self.selector(t["pick"], f"{where}.pick") if "pick" in t else None
        if pick is not None and form != "instead":
            self.problem(f"{where}.pick", "only an instead replacement picks")
        if form == "prevent":
            if t["prevent"] is not True:
                self.problem(f"{where}.prevent", "must be true")
            return Replacement(hook, form, affects, cond, raw=raw, limit=limit,
                               address=address)
        if form == "reduce":
            return Replacement(hook, form, affects, cond,
                               self.value(t["reduce"], f"{where}.reduce", 1), raw=raw,
                               limit=limit, address=address)
        if form == "redirect":
            r = self.table(t["redirect"], f"{where}.redirect", frozenset({"to", "part"}))
            if "to" not in r:
                self.problem(f"{where}.redirect", "needs to (a selector)")
            to = self.selector(r.get("to", "self"), f"{where}.redirect.to")
            part = self.value(r["part"], f"{where}.redirect.part") if "part" in r else None
            return Replacement(hook, form, affects, cond, part, to, raw=raw, limit=limit,
                               address=address)
        program = self.program(t["instead"], f"{where}.instead", address)
        return self.finish_replacement(Replacement(hook, form, affects, cond, program=program,
                                                   pick=pick, raw=raw, limit=limit,
                                                   address=address))

    def costs(self, raw: Mapping[str, Any], where: str) -> Costs:
        """An ability's costs, in the order the game's vocabulary lists them."""
        items: list[tuple[str, Any]] = []
        x = ""
        for name, spec in self.vocab.costs.items():
            if name not in raw:
                continue
            value = raw[name]
            w = f"{where}.{name}"
            if value == "x" and spec.x:
                if x:
                    self.problem(w, "only one cost may be X")
                x = name
                items.append((name, "x"))
            elif spec.kind == "bool":
                if self.boolean(value, w):
                    items.append((name, 1))
            else:
                amount = self.integer(value, w, spec.lo, spec.hi)
                if amount:
                    items.append((name, amount))
        return Costs(tuple(items), x)


__all__ = ["Compiler", "SLUG", "NAME", "short", "is_int", "MAX_VALUE"]
