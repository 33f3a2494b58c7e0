"""Card text generated from the data (docs/cards.md §9): what a player reads is what runs.

:class:`Say` puts the parts of compiled card data into English: selectors as noun phrases
("each enemy hero at this location", "another friendly hero", "this hero"), values as
numbers or phrases ("X, where X is the damage on this hero"), conditions, durations.
Each op of a game's vocabulary writes its own clause with it (``OpSpec.text``);
:func:`program_text` joins a program's clauses into sentences ("Deal 1 Piercing damage to
this hero, then this hero gets +2 attack until the end of the turn."), with its ``if``
and ``choose`` in sentences of their own. :func:`same_text` compares a card's printed
text with the generated one, leaving out reminder text in parentheses.
"""

from __future__ import annotations

import re
from typing import Any

from .nodes import ENEMY, FRIENDLY, ModSpec, Program, Replacement, Selector, Step, Trigger
from .vocab import Vocabulary

_NUMBERS = ("no", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_CMP_WORDS = {">=": "at least", "<=": "at most", "==": "exactly", "!=": "not",
              ">": "more than", "<": "less than"}


def article(word: str) -> str:
    """"a" or "an" before a word."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def cap(text: str) -> str:
    """The text with its first letter in upper case."""
    return text[:1].upper() + text[1:]


def plural(n: int, noun: str, nouns: str) -> str:
    """``"a card"``, ``"2 cards"``."""
    if n == 1:
        return f"{article(noun)} {noun}"
    return f"{n} {nouns}"


class Say:
    """Writes the parts of card data in English for one vocabulary.

    ``this`` is how the card refers to itself ("this hero"); ``phrases`` overrides the
    phrase of a named selector. Values that are not plain numbers are written as X (then
    Y) and explained at the end of the sentence (:meth:`where`).
    """

    def __init__(self, vocab: Vocabulary, this: str = "this hero",
                 phrases: dict[str, str] | None = None, default_until: str = "turn") -> None:
        self.vocab = vocab
        self.this = this
        self.phrases = phrases or {}
        # The duration of a timed effect that names none, where this text is printed
        # (radiant-arena: the combat on a clash effect, the turn on a talent).
        self.default_until = default_until
        self.pending: list[tuple[str, str]] = []  # (letter, explanation) for this sentence
        # What a remembered name (``$hit``) took: the selector of the step that took it,
        # so that "that conduit" names its kind (set as the program is written).
        self.refs: dict[str, Selector] = {}

    # --- selectors -----------------------------------------------------------------------

    def noun(self, sel: Selector, many: bool) -> str:
        """The noun of a selector's kinds ("hero", "heroes", "hero or conduit"); a
        remembered name's are those of the step that took it."""
        taken = self.refs.get(sel.ref) if sel.ref and not sel.kinds else None
        kinds = sel.kinds or (taken.kinds if taken is not None else ()) or \
            self.vocab.default_kinds[:1]
        specs = [self.vocab.kinds[k] for k in kinds]
        return " or ".join(s.plural if many else s.noun for s in specs)

    def sel(self, sel: Selector, many: bool | None = None) -> str:
        """A selector as a noun phrase: "an enemy hero at this location", "each friendly
        hero at this location", "up to 2 enemy heroes", "this hero", "that hero"."""
        if sel.name and sel.name in self.phrases:
            return self.phrases[sel.name]
        if sel.ref == "self":
            return self.this
        if sel.ref.startswith("event:"):  # "the hero that KO'd it"
            return event_phrase(sel.ref[6:], self.noun(sel, False))
        if sel.ref:
            return "those " + self.noun(sel, True) if many else "that " + self.noun(sel, False)
        count = sel.count
        several = count in ("up_to", "random") and sel.n > 1
        other, noun, tail = self._parts(sel, several)
        what = f"{other}{noun}"
        if count == "each":
            return f"each {what}{tail}"
        if count == "up_to":
            return f"up to {sel.n} {what}{tail}"
        if count == "random":
            return (f"a random {what}" if sel.n == 1 else f"{sel.n} random {what}") + tail
        if other:
            return f"another {noun}{tail}"
        return f"{article(noun)} {noun}{tail}"

    def plural(self, sel: Selector) -> str:
        """A selector as a plural phrase without determiner ("damaged friendly heroes at
        this location"), for counts and totals."""
        if sel.ref == "self":
            return self.this
        if sel.ref:
            return "those " + self.noun(sel, True)
        other, noun, tail = self._parts(sel, True)
        return f"{other}{noun}{tail}"

    def _parts(self, sel: Selector, several: bool) -> tuple[str, str, str]:
        pre: list[str] = []
        post: list[str] = []
        for name, negated, arg in sel.where:
            spec = self.vocab.conditions[name]
            text = spec.text.replace("{arg}", self._arg(spec.arg, arg))
            if text.startswith(" "):
                post.append(text if not negated else " that is not" + text)
            else:
                pre.append(("non-" + text) if negated else text)
        if sel.side == FRIENDLY:
            pre.append("friendly")
        elif sel.side == ENEMY:
            pre.append("enemy")
        noun = " ".join([*pre, self.noun(sel, several)])
        place = " " + self.vocab.places[sel.place].text if sel.place else ""
        if sel.at:  # "at that conduit's location" (the place word's own: "here" is it)
            place = f" at the location of {event_phrase(sel.at, '')}".rstrip()
        others = [x for x in sel.exclude if x != "self"]
        tail = "".join(post) + place + "".join(f" other than {self._ref(x)}" for x in others)
        return ("other " if "self" in sel.exclude else ""), noun, tail

    def _ref(self, name: str) -> str:
        return "the " + ("chosen" if name == "$_" else name[1:].replace("_", " "))

    def _arg(self, kind: str, arg: str) -> str:
        if kind == "keyword" and arg in self.vocab.keywords:
            return self.vocab.keywords[arg].text
        return arg

    def subject(self, sel: Selector) -> str:
        """A selector as the subject of a sentence (capitalised by the caller)."""
        return self.sel(sel)

    def possessive(self, sel: Selector) -> str:
        """"this hero's", "each opposing hero's"."""
        return self.sel(sel) + "'s"

    def verb(self, sel: Selector, singular: str, plural_: str) -> str:
        """The verb form agreeing with a selector ("gets" / "get")."""
        return plural_ if sel.count in ("up_to", "random") and sel.n > 1 else singular

    # --- values ------------------------------------------------------------------------

    def number(self, val: Any) -> str:
        """A value: its number, "X" for X paid, or a letter explained after the sentence."""
        if type(val) is int:
            return str(val)
        if val[0] == "x":
            return "X"
        used = {letter for letter, _ in self.pending}
        letter = next((c for c in "XYZ" if c not in used), "N")
        self.pending.append((letter, self.describe(val)))
        return letter

    def count(self, val: Any, noun: str, nouns: str) -> str:
        """"a card", "2 cards", "X cards"."""
        if type(val) is int:
            return plural(val, noun, nouns)
        return f"{self.number(val)} {nouns}"

    def describe(self, val: Any) -> str:
        """A value in words ("the damage on this hero", "half of X, rounded up")."""
        if type(val) is int:
            return str(val)
        op = val[0]
        if op == "x":
            return "X"
        if op == "count":
            return "the number of " + self.plural(val[1])
        if op == "stat":
            spec = self.vocab.stats[val[1]]
            of = val[2]
            target = self.sel(of)
            if of.count == "each" and not of.ref:
                target = "all " + self.plural(of)
            return spec.text.replace("{of}", target)
        if op == "cards":
            words = self.vocab.zones[val[1]][1] if val[1] in self.vocab.zones else val[1]
            their = "your" if val[2] == "self" else "your opponent's"
            return "the number of cards in " + words.replace("{their}", their)
        if op == "event":
            return "it" if val[1] == "amount" else f"that {val[1].replace('_', ' ')}"
        if op == "div":
            a = self.describe(val[1])
            rounding = "rounded up" if val[3] else "rounded down"
            if val[2] == 2:
                return f"half of {a}, {rounding}"
            return f"{a} divided by {self.describe(val[2])}, {rounding}"
        parts = [self.describe(p) for p in val[1]]
        if op == "add":
            return " plus ".join(parts)
        if op == "sub":
            return " minus ".join(parts)
        if op == "mul":
            return " times ".join(parts)
        if op == "min":
            return "the lowest of " + ", ".join(parts[:-1]) + " and " + parts[-1]
        return "the highest of " + ", ".join(parts[:-1]) + " and " + parts[-1]

    def where(self) -> str:
        """The explanations of the letters used in this sentence, then forget them."""
        out = "".join(f", where {letter} is {text}" for letter, text in self.pending)
        self.pending = []
        return out

    # --- conditions and durations -----------------------------------------------------

    def condition(self, cond: Any) -> str:
        """A condition as a clause ("this hero is blocking", "there is a damaged friendly
        hero at this location")."""
        if cond is None:
            return "always"
        op = cond[0]
        if op in ("exists", "none") and cond[1].ref and cond[1].ref != "self" and \
                cond[1].where:
            # "if that conduit is ruined": a remembered object and what it must be
            words = []
            for name, negated, arg in cond[1].where:
                spec = self.vocab.conditions[name]
                text = spec.text.replace("{arg}", self._arg(spec.arg, arg)).strip()
                words.append(("not " if negated else "") + text)
            verb = "is" if op == "exists" else "is not"
            return f"{self.sel(cond[1], False)} {verb} " + " and ".join(words)
        if op == "exists":
            return "there is " + self.sel(cond[1])
        if op == "none":
            phrase = self.sel(cond[1])
            return "there is no " + phrase.split(" ", 1)[1] if phrase.startswith(("a ", "an ")) \
                else "there is no " + phrase
        if op == "self":
            words = []
            for name, negated, arg in cond[1]:
                spec = self.vocab.conditions[name]
                text = spec.text.replace("{arg}", self._arg(spec.arg, arg)).strip()
                words.append(("not " if negated else "") + text)
            return f"{self.this} is " + " and ".join(words)
        if op == "cmp":
            return f"{self.describe(cond[1])} is {_CMP_WORDS[cond[2]]} {self.describe(cond[3])}"
        if op == "all":
            return " and ".join(self.condition(c) for c in cond[1])
        if op == "any":
            return " or ".join(self.condition(c) for c in cond[1])
        return "it is not so that " + self.condition(cond[1])

    def duration(self, until: str | None) -> str:
        """A duration in words ("until the end of the turn"); None: the default here."""
        until = until or self.default_until
        return self.vocab.durations.get(until, until)

    def keyword(self, key: str) -> str:
        """A keyword as printed ("Taunt")."""
        spec = self.vocab.keywords.get(key)
        return spec.text if spec else key


# How a field of the triggering event names its object in card text (others: "the
# event's <field>").
EVENT_WORDS = {"source": "the {noun} that caused it", "unit": "that {noun}",
               "target": "its target", "conduit": "that conduit", "attacker": "the attacker"}


def event_phrase(name: str, noun: str) -> str:
    """The object of an event's field as a noun phrase ("the hero that caused it")."""
    text = EVENT_WORDS.get(name, "the event's " + name.replace("_", " "))
    return text.replace("{noun}", noun or "one").replace("  ", " ")


def nodes_text(say: Say, tree: tuple[Any, ...]) -> list[str]:
    """The sentences of a program's tree (each without its final full stop)."""
    sentences: list[str] = []
    clauses: list[str] = []

    def close() -> None:
        if clauses:
            sentences.append(cap(", then ".join(clauses)))
            clauses.clear()

    lead = ""  # a colon op's clause, waiting for the condition that reads its result
    for node in tree:
        kind = node[0]
        if lead and kind != "if":
            clauses.append(lead)
            lead = ""
        if kind == "step":
            step = node[1]
            if step.remember and isinstance(step.f.get("target"), Selector):
                say.refs[step.remember] = step.f["target"]
            op = say.vocab.ops[step.op]
            clause = op.text(step, say)
            if clause and op.colon:
                close()
                lead = clause + say.where()
            elif clause:
                clauses.append(clause + say.where())
        elif kind == "may":  # "you may draw a card"
            sub = "; ".join(nodes_text(say, node[1]))
            if sub:
                clauses.append("you may " + sub[:1].lower() + sub[1:])
        elif kind == "if":
            close()
            then = "; ".join(nodes_text(say, node[2])).rstrip(".")
            text = f"If {say.condition(node[1])}, {then[:1].lower() + then[1:]}"
            if node[3]:
                other = "; ".join(nodes_text(say, node[3]))
                text += f"; otherwise, {other[:1].lower() + other[1:]}"
            if lead:  # "Roll a die: if you roll the symbol, the hit is cancelled"
                text = f"{cap(lead)}: {text[:1].lower() + text[1:]}"
                lead = ""
            sentences.append(text)
        else:
            close()
            options = []
            for _oid, sub in node[1]:
                text = "; ".join(nodes_text(say, sub))
                options.append(f"{text[:1].lower() + text[1:]}")
            sentences.append("Choose one: " + "; or ".join(options))
    if lead:
        clauses.append(lead)
    close()
    return sentences


def program_text(say: Say, program: Program) -> str:
    """A program as sentences, each ending with a full stop."""
    return " ".join(s + "." for s in nodes_text(say, program.tree))


def _named(template: str) -> set[str]:
    """The fields a text template names (``{unit}``; ``{seat_who}`` names ``seat``)."""
    return {m.split("_")[0] for m in re.findall(r"\{(\w+)\}", template)} | set(
        re.findall(r"\{(\w+)\}", template))


def _object_word(say: Say, name: str, side: str = "") -> str:
    """An event's object field left unmatched: "a hero", "a conduit" (the kind the field
    is named for, else the vocabulary's first kind), "an enemy conduit" with a side."""
    kind = name if name in say.vocab.kinds else say.vocab.default_kinds[0]
    noun = " ".join(x for x in (side, say.vocab.kinds[kind].noun) if x)
    return f"{article(noun)} {noun}"


def trigger_text(say: Say, trig: Trigger) -> str:
    """"After this hero deals combat damage, heal 1 damage from this hero."; every field
    of its ``match`` is said (a seat the opening does not name makes its object friendly
    or enemy; another field reads as the event spec's ``more`` says)."""
    spec = say.vocab.events[trig.on]
    named = _named(spec.text)
    matched = dict(trig.match)
    words: dict[str, str] = {}
    side = ""
    seat = next((n for n, k in spec.fields.items() if k == "seat"), "")
    if seat in matched and seat not in named and any(
            k == "object" and n in named and n not in matched for n, k in spec.fields.items()):
        side = {FRIENDLY: "friendly", ENEMY: "enemy"}.get(matched[seat], "")
    for name, kind in spec.fields.items():
        if kind == "object":
            words[name] = _object_word(say, name, "" if name in matched else side)
        else:
            words[name] = "each player's" if kind == "seat" else name
    # "{seat_who}": the seat as a subject ("you", "your opponent", "a player")
    words[f"{seat}_who"] = "a player"
    more: list[str] = []
    for name, matcher in trig.match:
        kind = spec.fields[name]
        if kind == "object":
            words[name] = say.sel(matcher)
        elif kind == "seat":
            words[name] = {FRIENDLY: "your", ENEMY: "your opponent's"}.get(matcher,
                                                                          "each player's")
            words[f"{name}_who"] = {FRIENDLY: "you", ENEMY: "your opponent"}.get(
                matcher, "a player")
        elif isinstance(matcher, frozenset):
            words[name] = " or ".join(sorted(matcher))
        else:
            words[name] = str(matcher).lower() if isinstance(matcher, bool) else str(matcher)
        if name in named or (kind == "seat" and side):
            continue
        phrase = spec.more.get(name)
        if phrase is not None:
            more.append(" " + phrase.format_map(words))
        elif kind == "seat":
            more.append({FRIENDLY: " (yours)", ENEMY: " (your opponent's)"}.get(matcher, ""))
        else:
            more.append(f", where its {name.replace('_', ' ')} is {words[name]}")
    opening = spec.text.format_map(words) + "".join(more)
    if trig.cond is not None:
        opening += f", if {say.condition(trig.cond)}"
    body = nodes_text(say, trig.program.tree)
    first = body[0] if body else ""
    rest = "".join(" " + s + "." for s in body[1:])
    limit = f" (once a {trig.limit})" if trig.limit else ""
    return f"{opening}, {first[:1].lower() + first[1:]}{limit}.{rest}"


def modify_step_text(step: Step, say: Say) -> str:
    """A ``modify`` step (a continuous effect given to its ``target`` for a while) as a
    clause ("the target gets +2 attack until the end of the turn"): the modifier's text
    with the step's target as what it affects, and the step's duration."""
    spec = step.f["modifier"]
    spec = type(spec)(spec.kind, spec.key, spec.op, spec.value, step.f["target"], spec.cond,
                      spec.raw)
    body = modifier_text(say, spec, static=False).rstrip(".")
    return f"{body[:1].lower() + body[1:]} {say.duration(step.f.get('until'))}"


def modifier_text(say: Say, spec: ModSpec, static: bool = True) -> str:
    """A continuous effect as a sentence ("This hero has Taunt.")."""
    who = say.sel(spec.affects)
    has = say.verb(spec.affects, "has", "have") if static else say.verb(
        spec.affects, "gets", "get")
    if spec.kind == "stat":
        stat = say.vocab.stats[spec.key].text.replace("{of}'s ", "").replace("{of}", "")
        if spec.op == "add":
            n = say.number(spec.value)
            sign = "-" if type(spec.value) is int and spec.value < 0 else "+"
            body = f"{who} {has} {sign}{n.lstrip('-')} {stat.strip()}"
        else:
            body = f"{say.possessive(spec.affects)} {stat.strip()} is {say.number(spec.value)}"
    elif spec.kind == "keyword":
        kw = say.keyword(spec.key)
        if spec.op == "lose":
            body = f"{who} {say.verb(spec.affects, 'loses', 'lose')} {kw}"
        elif not say.vocab.keywords[spec.key].valued:
            body = f"{who} {has} {kw}"
        else:
            body = f"{who} {has} {kw} {say.number(spec.value)}"
    elif spec.kind == "rule":
        body = f"{who} {say.vocab.rules[spec.key]}"
    elif spec.kind == "count":  # "count also as" / "count instead as"
        words = say.vocab.symbols
        body = f"{say.possessive(spec.affects)} results of {words.get(spec.key, spec.key)} " \
               f"count {spec.op} as {words.get(spec.value, spec.value)}"
    else:
        n = say.number(spec.value)
        change = "less" if type(spec.value) is int and spec.value < 0 else "more"
        body = f"{say.possessive(spec.affects)} {say.vocab.cost_keys[spec.key]} {n.lstrip('-')} " \
               f"{change}"
    body += say.where()
    if spec.cond is not None:
        return f"While {say.condition(spec.cond)}, {body}."
    return cap(body) + "."


def replacement_text(say: Say, r: Replacement) -> str:
    """A replacement as a sentence ("If this hero would be KO'd, instead ...")."""
    text = _replacement_sentence(say, r)
    if r.limit in ("turn", "game"):  # "(once a turn)" before the sentence's full stop
        return f"{text[:-1]} (once a {r.limit})."
    return text


def _replacement_sentence(say: Say, r: Replacement) -> str:
    hook = say.vocab.hooks[r.hook]
    opening = hook.text.replace("{subject}", say.sel(r.affects))
    if r.limit == "once" and opening.startswith("If "):  # used once: "the next time"
        opening = "The next time " + opening[3:]
    if r.cond is not None:
        opening += f" and {say.condition(r.cond)}"
    if r.form == "prevent":
        return f"{opening}, prevent it."
    if r.form == "reduce":
        return f"{opening}, reduce it by {say.number(r.value)}{say.where()}."
    if r.form == "redirect":
        part = "it" if r.value is None else say.describe(r.value)
        assert r.to is not None
        return f"{opening}, {part}{',' if ',' in part else ''} is dealt to {say.sel(r.to)} " \
               "instead."
    assert r.program is not None
    body = nodes_text(say, r.program.tree)
    pick = f"choose {say.sel(r.pick)}, then " if r.pick is not None else ""
    first = body[0] if body else ""
    return f"{opening}, instead {pick}{first[:1].lower() + first[1:]}." + "".join(
        " " + s + "." for s in body[1:])


_REMINDER = re.compile(r"\s*\([^()]*\)")


def plain(text: str) -> str:
    """Text without reminder text (in parentheses), spaces normalised."""
    previous = None
    while previous != text:
        previous, text = text, _REMINDER.sub("", text)
    return " ".join(text.split()).replace(" .", ".").strip()


def same_text(printed: str, generated: str) -> bool:
    """Whether a printed text says what the generated one says: the same words once the
    reminder text is left out (case, spaces and a final full stop aside)."""
    a, b = plain(printed).rstrip(".").lower(), plain(generated).rstrip(".").lower()
    return a == b


__all__ = ["Say", "article", "cap", "plural", "nodes_text", "program_text", "trigger_text",
           "modifier_text", "modify_step_text", "replacement_text", "plain", "same_text"]
