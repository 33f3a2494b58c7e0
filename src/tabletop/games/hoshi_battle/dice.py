"""Hoshi Battle's special dice (reconstructed: docs/rules/hoshi-battle.md, "The dice").

Each face shows one symbol: ``strike`` (✦, "the symbol" on cards: a hit), ``moon`` (☾),
``sun`` (☀) or ``blank``. The d10 is the d8 with two more blank faces, so the d8 is the
stronger die, as the cards suggest (Fire Axe and Rage, both boons, give the d8).

What a face *counts as* is a set of symbols: the face itself, changed by the roller's
"count also as" and "count instead as" effects in timestamp order (:func:`counted`).
"""

from __future__ import annotations

from collections.abc import Iterable

STRIKE, MOON, SUN, BLANK = "strike", "moon", "sun", "blank"
SYMBOLS = (STRIKE, MOON, SUN, BLANK)
GLYPHS = {STRIKE: "✦", MOON: "☾", SUN: "☀", BLANK: "·"}
SIDES = (8, 10)

FACES: dict[int, tuple[str, ...]] = {
    8: (STRIKE, STRIKE, STRIKE, MOON, MOON, SUN, SUN, BLANK),
    10: (STRIKE, STRIKE, STRIKE, MOON, MOON, SUN, SUN, BLANK, BLANK, BLANK),
}

# Count rules, as rule words of the vocabulary: also_<from>_<to>, instead_<from>_<to>.
COUNT_MODES = ("also", "instead")


def count_rule(mode: str, source: str, target: str) -> str:
    """The rule word of one count effect (``also_moon_strike``)."""
    return f"{mode}_{source}_{target}"


def parse_count_rule(word: str) -> tuple[str, str, str] | None:
    """``(mode, from, to)`` of a count rule word, or None for another rule."""
    parts = word.split("_")
    if len(parts) == 3 and parts[0] in COUNT_MODES and parts[1] in SYMBOLS and \
            parts[2] in SYMBOLS and parts[1] != parts[2]:
        return parts[0], parts[1], parts[2]
    return None


COUNT_RULES = tuple(count_rule(m, a, b) for m in COUNT_MODES for a in SYMBOLS for b in SYMBOLS
                    if a != b)


def counted(face: str, rules: Iterable[tuple[str, str, str]]) -> tuple[str, ...]:
    """The symbols ``face`` counts as under ``rules`` (``(mode, from, to)`` in timestamp
    order: the last one applied has priority). ``also``: ``to`` is added when ``from`` is
    there; ``instead``: ``from`` is taken away and ``to`` put in its place."""
    shown = [face]
    for mode, source, target in rules:
        if source in shown:
            if mode == "instead":
                shown.remove(source)
            if target not in shown:
                shown.append(target)
    return tuple(s for s in SYMBOLS if s in shown)


def chance_of_symbol(sides: int) -> float:
    """The chance one die of ``sides`` faces shows the symbol (no effects)."""
    faces = FACES[sides]
    return faces.count(STRIKE) / len(faces)


__all__ = ["STRIKE", "MOON", "SUN", "BLANK", "SYMBOLS", "GLYPHS", "SIDES", "FACES",
           "COUNT_MODES", "COUNT_RULES", "count_rule", "parse_count_rule", "counted",
           "chance_of_symbol"]
