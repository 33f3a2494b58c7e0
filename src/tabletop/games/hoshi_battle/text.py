"""Card text generated from the card data (docs/cards.md §9): what a player reads is what
runs. The data loader compares each card's printed text with the text generated here
(reminder text in parentheses aside, :func:`tabletop.cards.text.same_text`) and refuses
a card whose words and behaviour disagree.

The clauses follow the known cards' wording: "battle with the d8", "All players battle
with the d10", "If you are not at full health, ...", "If you are hit, roll a die: if you
roll the symbol, the hit is cancelled".
"""

from __future__ import annotations

from typing import Any

from tabletop.cards import ModSpec, Program, Trigger

from .ids import TIMING_TEXT
from .ops import (
    NUMBERS,
    TextError,
    cond_clause,
    count_words,
    keyword_words,
    op_clause,
    verb,
    who,
    whose,
)

# How a trigger's condition on "you" joins its opening ("If you are hit ...").
TRIGGER_COND = {("first_strike", False): " for the first time this Duel",
                ("last_stone", False): " while you have one Hoshi Stone left"}


def cap(text: str) -> str:
    """The text with its first letter in upper case."""
    return text[:1].upper() + text[1:]


def _node_text(node: Any) -> str:
    if node[0] == "step":
        return op_clause(node[1])
    if node[0] == "if" and not node[3]:
        then = ", then ".join(_node_text(n) for n in node[2])
        return f"if {cond_clause(node[1])}, {then}"
    raise TextError("no words for choose or else in this game")


def program_sentences(program: Program) -> list[str]:
    """A program's sentences (without full stops): a roll and the condition on it read
    as one ("roll a die: if you roll the symbol, the hit is cancelled")."""
    out: list[str] = []
    tree = list(program.tree)
    i = 0
    while i < len(tree):
        node = tree[i]
        text = _node_text(node)
        if node[0] == "step" and node[1].op == "roll" and i + 1 < len(tree) and \
                tree[i + 1][0] == "if":
            text += ": " + _node_text(tree[i + 1])
            i += 1
        out.append(text)
        i += 1
    return out


def static_sentence(spec: ModSpec) -> str:
    """A Hero's continuous ability as a sentence ("If you are not at full health, battle
    with the d10")."""
    target = who(spec.affects)
    if spec.kind == "stat" and spec.key == "die":
        text = verb(target, "battle with", "battles with") + f" the d{spec.value}"
    elif spec.kind == "stat" and spec.key == "dice" and spec.op == "add":
        text = verb(target, "battle with", "battles with") + " an additional die"
    elif spec.kind == "stat" and spec.key == "health" and spec.op == "set" and \
            isinstance(spec.value, int):
        text = f"{whose(target)} full health is {NUMBERS[spec.value]} Hoshi Stones"
    elif spec.kind == "keyword":
        text = keyword_words(target, spec.key)
    elif spec.kind == "rule" and spec.key == "fixed_die":
        text = "Duel cards or Hero abilities which modify the die type have no effect on " \
               "your dice"
    elif spec.kind == "count":
        text = count_words(whose(target), spec.op, spec.key, spec.value)
    else:
        raise TextError(f"no words for the ability {spec.raw!r}")
    if spec.cond is not None:
        return f"If {cond_clause(spec.cond)}, {text}"
    return cap(text)


def trigger_sentence(trig: Trigger) -> str:
    """A triggered ability as a sentence ("When you hit your opponent, ...")."""
    match = dict(trig.match)
    if trig.on == "struck" and "defender" in match:
        opening = "If you are hit"
    elif trig.on == "hit" and "striker" in match:
        opening = "When you hit your opponent"
    elif trig.on == "hit" and "defender" in match:
        opening = "When you are hit"
    elif trig.on == "draw":
        opening = "If there is a draw"
    elif trig.on == "round_start":
        opening = "At the beginning of each round"
    else:
        raise TextError(f"no words for a trigger on {trig.on!r} with {sorted(match)}")
    if trig.cond is not None:
        cond = trig.cond
        key = (cond[1][0][0], cond[1][0][1]) if cond[0] == "self" and len(cond[1]) == 1 \
            else None
        if opening.startswith("If you are hit") and key in TRIGGER_COND:
            opening += TRIGGER_COND[key]
        else:
            opening += " and " + cond_clause(cond)
    body = program_sentences(trig.program)
    if not body:
        raise TextError("a trigger needs effects")
    return f"{opening}, {body[0]}" + "".join(f". {cap(b)}" for b in body[1:])


def hero_text(statics: tuple[ModSpec, ...], triggers: tuple[Trigger, ...]) -> str:
    """A Hero's ability as generated from its data."""
    parts = [static_sentence(s) for s in statics] + [trigger_sentence(t) for t in triggers]
    return ". ".join(parts) + "." if parts else "No ability."


def card_text(kind: str, timing: str, effects: Program, triggers: tuple[Trigger, ...]) -> str:
    """A Duel card's text as generated from its data: when it may be played, "Stays in
    play." for an Artifact, then its effects and its triggered abilities."""
    parts = [TIMING_TEXT[timing]]
    if kind == "artifact":
        parts.append("Stays in play")
    parts += [cap(s) for s in program_sentences(effects)]
    parts += [trigger_sentence(t) for t in triggers]
    return ". ".join(parts) + "."


__all__ = ["TextError", "op_clause", "cond_clause", "program_sentences", "static_sentence",
           "trigger_sentence", "hero_text", "card_text", "who", "cap"]
