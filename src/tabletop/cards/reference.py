"""The language reference of a game's vocabulary, as Markdown tables (docs/cards.md).

:func:`tables` writes one table per part of a :class:`~tabletop.cards.vocab.Vocabulary`
(object kinds, places, conditions, stats, keywords, durations, named selectors, rules,
cost keys, event kinds, replacement hooks, ops and costs), each row with its meaning and
an example in the card-file format. :func:`fill` puts them into a document between
``<!-- begin: NAME -->`` and ``<!-- end: NAME -->`` markers, so a reference stays what
the code knows (a test compares the two; the game's writer rewrites them).
:func:`examples` lists every example as the TOML value it is, for a test to compile.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .vocab import Field, Vocabulary

BLOCK = re.compile(r"(<!-- begin: ([a-z_]+) -->\n)(.*?)(<!-- end: \2 -->)", re.S)


def _cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _code(text: str) -> str:
    return f"`{text}`" if text else ""


def _table(head: tuple[str, ...], rows: Iterable[tuple[Any, ...]]) -> str:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(out) + "\n"


def _toml(value: Any) -> str:
    """A value written as TOML (inline), for the examples made here."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    return str(value)


def field_text(name: str, f: Field) -> str:
    """One field of an op: its name, type, and what it may be."""
    kind = f.type
    if kind == "word" and f.choices:
        kind = "|".join(sorted(f.choices))
    elif kind in ("int", "value") and (f.lo, f.hi) != (0, 99):
        kind = f"{kind} {f.lo}..{f.hi}"
    extra = " (required)" if f.required else (
        f" = {_toml(f.default)}" if f.default is not None else "")
    return f"`{name}`: {kind}{extra}"


def _kinds(v: Vocabulary) -> str:
    return _table(("kind", "noun", "means", "example"), (
        (_code(k), s.noun, s.doc, _code(_toml({"target": {"kind": k}})))
        for k, s in v.kinds.items()))


def _places(v: Vocabulary) -> str:
    return _table(("place", "card text", "means", "example"), (
        (_code(k), s.text, s.doc, _code(_toml({"target": {"side": "enemy", "place": k}})))
        for k, s in v.places.items()))


def _conditions(v: Vocabulary) -> str:
    def word(k: str, arg: str) -> str:
        return f"{k}:<{arg}>" if arg else k

    def sample(k: str, arg: str) -> str:
        first = {"keyword": next(iter(v.keywords), "x"), "card": "some-card"}.get(arg, "")
        return f"{k}:{first}" if arg else k

    return _table(("condition", "card text", "means", "example"), (
        (_code(word(k, s.arg)), s.text.replace("{arg}", f"<{s.arg}>").strip(), s.doc,
         _code(_toml({"target": {"where": [sample(k, s.arg)]}})))
        for k, s in v.conditions.items()))


def _stats(v: Vocabulary) -> str:
    return _table(("stat", "modifiable", "means", "example"), (
        (_code(k), "yes" if s.modifiable else "no", s.doc,
         _code(_toml({"stat": k, "add": 1} if s.modifiable else
                     {"amount": {"stat": k, "of": "self"}})))
        for k, s in v.stats.items()))


def _keywords(v: Vocabulary) -> str:
    return _table(("keyword", "printed", "valued", "means", "example"), (
        (_code(k), s.text, "yes" if s.valued else "no", s.doc,
         _code(_toml({"keyword": k, "value": 1} if s.valued else {"keyword": k})))
        for k, s in v.keywords.items()))


def _durations(v: Vocabulary) -> str:
    return _table(("duration", "card text", "example"), (
        (_code(k), text, _code(_toml({"until": k}))) for k, text in v.durations.items()))


def _selectors(v: Vocabulary) -> str:
    return _table(("named selector", "stands for", "example"), (
        (_code(k), _code(_toml(raw)), _code(_toml({"target": k})))
        for k, raw in v.selectors.items()))


def _rules(v: Vocabulary) -> str:
    return _table(("rule", "card text", "example"), (
        (_code(k), text, _code(_toml({"rule": k, "affects": "self"})))
        for k, text in v.rules.items()))


def _cost_keys(v: Vocabulary) -> str:
    return _table(("cost key", "card text", "example"), (
        (_code(k), text, _code(_toml({"cost": k, "add": -1})))
        for k, text in v.cost_keys.items()))


def _events(v: Vocabulary) -> str:
    return _table(("event", "fields", "trigger text", "means", "example"), (
        (_code(k), ", ".join(f"`{n}`: {t}" for n, t in s.fields.items()),
         s.text.replace("{", "<").replace("}", ">"), s.doc, _code(s.example))
        for k, s in v.events.items()))


def _hooks(v: Vocabulary) -> str:
    return _table(("hook", "fields", "forms", "means", "example"), (
        (_code(k), ", ".join(f"`{n}`: {t}" for n, t in s.fields.items()),
         ", ".join(sorted(s.forms)), s.doc, _code(s.example))
        for k, s in v.hooks.items()))


def _ops(v: Vocabulary) -> str:
    return _table(("op", "fields", "does", "example"), (
        (_code(k), "; ".join(field_text(n, f) for n, f in s.fields.items()) or "—", s.doc,
         _code(s.example))
        for k, s in v.ops.items() if not s.internal))


def _costs(v: Vocabulary) -> str:
    def amount(k: str) -> str:
        s = v.costs[k]
        if s.kind == "bool":
            return "true/false"
        return f"{s.lo}..{s.hi}" + (" or \"x\"" if s.x else "")

    return _table(("cost", "amount", "means", "example"), (
        (_code(k), amount(k), s.doc, _code(s.example)) for k, s in v.costs.items()))


WRITERS: Mapping[str, Callable[[Vocabulary], str]] = {
    "kinds": _kinds, "places": _places, "conditions": _conditions, "stats": _stats,
    "keywords": _keywords, "durations": _durations, "selectors": _selectors,
    "rules": _rules, "cost_keys": _cost_keys, "events": _events, "hooks": _hooks,
    "ops": _ops, "costs": _costs,
}


def tables(v: Vocabulary) -> dict[str, str]:
    """Every table of the reference of ``v``, by block name."""
    return {name: write(v) for name, write in WRITERS.items()}


def blocks(doc: str) -> dict[str, str]:
    """The generated blocks of a document, by name."""
    return {m.group(2): m.group(3) for m in BLOCK.finditer(doc)}


def fill(doc: str, made: Mapping[str, str]) -> str:
    """``doc`` with each marked block replaced by the table of the same name."""
    return BLOCK.sub(lambda m: m.group(1) + made.get(m.group(2), m.group(3)) + m.group(4),
                     doc)


def examples(v: Vocabulary) -> list[tuple[str, str, str]]:
    """Every example the vocabulary gives, as ``(part, name, example)``: an op's, an
    event's, a hook's, a cost's (the examples written with ``...`` elide a list)."""
    out: list[tuple[str, str, str]] = []
    for part, specs in (("op", v.ops), ("event", v.events), ("hook", v.hooks),
                        ("cost", v.costs)):
        for name, spec in specs.items():
            if not getattr(spec, "internal", False):
                out.append((part, name, spec.example))
    return out


__all__ = ["tables", "blocks", "fill", "examples", "field_text", "WRITERS"]
